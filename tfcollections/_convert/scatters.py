# SPDX-License-Identifier: Apache-2.0
"""The op table's rules for scatters: ScatterNd and TensorScatterUpdate, Add, Sub, Max and Min.

Strategy: ONNX's ScatterND, whose reduction combines a duplicate index's updates in their order, as TensorFlow's
kernels do (add from opset 16, max and min from 18); ScatterNd scatters into zeros of its shape, TensorScatterSub adds
the updates negated. Below the opset of its reduction a scatter is taken over a mask instead: each index made a
place of the tensor's leading axes (the index's dot product with their strides), the places by the updates compared
(Equal), the updates spread over the places (Where, the reduction's identity where one does not reach), reduced over
the updates and combined with the tensor's element. The places and strides are constants where the tensor's shape is
known, else computed from its shape; the mask holds places by updates.
"""

from __future__ import annotations

from .._errors import ConversionError
from .._tensor import Tensor
from .kernels import widened
from .nodeparts import as_int64, check_made, need_dims, need_integers, unsqueeze
from .segments import EXTREMES, masked_reduction
from .shapes import from_dims
from .values import scalar_tensor

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Dict, Final, List, Optional

    from .._typing import Decoded
    from .converter import Converter
    from .values import Shape, Value

    Outputs = List[Optional[Value]]

# TensorFlow's scatter ops -> ONNX's ScatterND reduction (opset 16 for add, 18 for max and min).
_REDUCTIONS: Final[Dict[str, str]] = {
    "ScatterNd": "add", "TensorScatterUpdate": "none", "TensorScatterAdd": "add", "TensorScatterSub": "add",
    "TensorScatterMax": "max", "TensorScatterMin": "min",
}  # fmt: skip
# Each reduction's ONNX op over the mask, and how the tensor's element takes the result (ScatterNd's zeros: none).
_MASKED: Final[Dict[str, str]] = {"add": "ReduceSum", "max": "ReduceMax", "min": "ReduceMin"}
_COMBINED: Final[Dict[str, str]] = {"ScatterNd": "", "TensorScatterAdd": "Add", "TensorScatterSub": "Sub",
                                    "TensorScatterMax": "Max", "TensorScatterMin": "Min"}  # fmt: skip


def scatter_nd(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """ScatterNd (updates summed into zeros of a shape) and TensorScatterUpdate/Add/Sub/Max/Min (into a tensor):
    ONNX's ScatterND, a duplicate index's updates combined by its reduction as TensorFlow combines them."""
    op = node["op"]
    reduction = _REDUCTIONS[op]
    if op == "ScatterNd":
        indices, updates, target = inputs[0], inputs[1], inputs[2]
        need_dims(target, "shape")
        dtype = updates.dtype
        shape = from_dims(target)
        if dtype in ("DT_STRING", "DT_BOOL"):
            raise ConversionError(f"a ScatterNd of {dtype} (updates summed) is not what TensorFlow takes")
        zero = scalar_tensor(0, dtype)
        data = cx.emit("ConstantOfShape", [as_int64(cx, target)], value=Tensor(dtype, (1,), zero.tobytes()))[0]
    else:
        tensor, indices, updates = inputs[0], inputs[1], inputs[2]
        if tensor.dtype != updates.dtype:
            raise ConversionError(f"its tensor is {tensor.dtype} and its updates {updates.dtype}: TensorFlow takes one "
                                  "type")  # fmt: skip
        dtype, shape, data = tensor.dtype, tensor.shape, cx.tf(tensor)
    need_integers(indices)
    if reduction != "none" and cx.opset < (16 if reduction == "add" else 18):
        return [_masked(cx, op, reduction, data, indices, updates, dtype, shape)]
    values = cx.tf(updates)
    if op == "TensorScatterSub":
        values = cx.emit("Neg", [values])[0]
    kernel = "ScatterND" if reduction == "none" else f"ScatterND {'add' if reduction == 'add' else 'max'}"
    (data, values), back = widened(cx, kernel, dtype, [data, values])
    out = cx.emit("ScatterND", [data, as_int64(cx, indices), values],
                  reduction=None if reduction == "none" else reduction)[0]  # fmt: skip
    return [cx.result(0, dtype, shape, onnx=back(out))]


def _masked(cx: Converter, op: str, reduction: str, data: str, indices: Value, updates: Value, dtype: str,
            shape: Shape) -> Value:  # fmt: skip
    """A scatter below the opset of its ScatterND reduction (the module's paragraph): needs the tensor's rank and the
    indices' depth (their last dim)."""
    depth = indices.shape[-1] if indices.shape else None
    since = 16 if reduction == "add" else 18
    if shape is None or depth is None or not 0 < depth <= len(shape):
        raise ConversionError(f"a {op} below opset {since} needs its tensor's rank and its indices' depth known "
                              f"(convert at opset {since} or later)")  # fmt: skip
    rank = len(shape)
    if None not in shape:  # constants: the places, the strides, the rows' size and the shape
        dims = [int(dim or 0) for dim in shape]
        places = 1
        for dim in dims[:depth]:
            places *= dim
        check_made(places, "the places of a scatter")
        strides = [1] * depth
        for axis in range(depth - 2, -1, -1):
            strides[axis] = strides[axis + 1] * dims[axis + 1]
        size = 1
        for dim in dims[depth:]:
            size *= dim
        every, stride, row_shape, out_shape = (cx.ints(list(range(places))), cx.ints(strides), cx.ints([-1, size]),
                                               cx.ints(dims))  # fmt: skip
    else:  # computed from the tensor's shape
        out_shape = cx.emit("Shape", [data])[0]

        def product(low: int, high: int) -> str:  # of the dims low .. high - 1, as a 1-element tensor
            if high <= low:
                return cx.ints([1])
            return cx.emit("ReduceProd", [cx.emit("Slice", [out_shape, cx.ints([low]), cx.ints([high])])[0]],
                           keepdims=1)[0]  # fmt: skip

        count = cx.emit("Squeeze", [product(0, depth)])[0]
        every = cx.emit("Range", [cx.scalar(0, "DT_INT64"), count, cx.scalar(1, "DT_INT64")])[0]
        stride = cx.emit("Concat", [product(axis + 1, depth) for axis in range(depth)], axis=0)[0]
        row_shape = cx.emit("Concat", [cx.ints([-1]), product(depth, rank)], axis=0)[0]
    flat = cx.emit("ReduceSum", [cx.emit("Mul", [as_int64(cx, indices), stride])[0], cx.ints([-1])], keepdims=0)[0]
    flat = cx.emit("Reshape", [flat, cx.ints([-1])])[0]  # [updates]
    rows = cx.emit("Reshape", [cx.tf(updates), row_shape])[0]  # [updates, rest]
    mask = cx.emit("Equal", [unsqueeze(cx, every, [1]), unsqueeze(cx, flat, [0])])[0]  # [places, updates]
    low, high = EXTREMES.get(dtype, (0, 0))
    first = {"add": 0, "max": low, "min": high}[reduction]
    reached = masked_reduction(cx, _MASKED[reduction], rows, unsqueeze(cx, mask, [2]), first, dtype)  # [places, rest]
    reached = cx.emit("Reshape", [reached, out_shape])[0]
    combine = _COMBINED[op]
    if not combine:  # into zeros: the sums themselves
        return cx.result(0, dtype, shape, onnx=reached)
    (left, right), back = widened(cx, combine, dtype, [data, reached])
    return cx.result(0, dtype, shape, onnx=back(cx.emit(combine, [left, right])[0]))
