# SPDX-License-Identifier: Apache-2.0
"""The op table's rules for shapes, gathering and reductions.

Strategy: what ONNX takes as an attribute (a Transpose's perm, a Concat's axis) must be a constant the graph gives
(or elements it computes that are known, ``Value.partial``); what ONNX takes as a tensor (a reduction's axes from
opset 18, a SplitV's sizes, an ExpandDims's axis, a Reshape's shape) may be computed. Each rule infers its output's
shape and, for the small integer tensors shapes are made of (``Shape``, ``Pack``, ``ConcatV2``, ``Gather``), carries
their known elements, so that a shape computed from a dynamic batch still gives ``Reshape`` a constant with one -1.
A reduction of an NCHW value over height and width (global pooling) is made on the NCHW value, without a Transpose.
"""

from __future__ import annotations

import math

from .._errors import ConversionError
from .._tensor import Tensor, element_count
from .nodeparts import (
    INTEGER_TYPES,
    STEPS_LIMIT,
    as_int64,
    attr,
    axis_in,
    cast_ints,
    check_made,
    dynamic_axes,
    fully_known,
    main_nchw,
    need_dims,
    need_ints,
    need_rank,
    onnx_type,
    reduced_shape,
    same_shapes,
    settle,
    unsqueeze,
)
from .values import INPUTS_HINT, TO_NCHW, TO_NHWC, ints_tensor, scalar_tensor, tensor_of, transpose

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, Final, List, Optional, Union

    from .._typing import Decoded
    from .converter import Converter, RuleFunction
    from .values import Shape, Value

    Outputs = List[Optional[Value]]
    Part = Union[int, str]  # a start, end or step: known, or the name of a 1-element int64 tensor


# Reductions a 1-D integer value of known elements (a shape's dims) is computed by at conversion.
_INT_FOLDS: Final[Dict[str, Callable[[List[int]], int]]] = {
    "ReduceProd": math.prod, "ReduceSum": sum, "ReduceMax": max, "ReduceMin": min,
}  # fmt: skip


def reduce(onnx_op: str) -> RuleFunction:
    def convert(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
        x, axes_value = inputs[0], inputs[1]
        if x.dtype in ("DT_BOOL", "DT_STRING"):  # All and Any reduce bools; Sum, Max and their kind numbers
            raise ConversionError(f"its input {x.tf_name!r} is {x.dtype}: TensorFlow's {node['op']} takes numbers")
        keep = bool(attr(node, "keep_dims", False))
        if axes_value.axes_of == ("every", x.tf_name) and onnx_op != "ReduceSum" and cx.opset < 18:
            # Every axis of a value of an open rank (tf.reduce_mean(x)): a reduction of no axes given reduces all.
            out = cx.emit(onnx_op, [cx.tf(x)], keepdims=int(keep))[0]
            return [cx.result(0, x.dtype, None if keep else [], onnx=out)]
        if axes_value.ints() is None:  # computed axes: an input of ReduceSum, and of the others from opset 18
            return [_reduce_computed(cx, onnx_op, x, axes_value, keep)]
        rank = need_rank(x)
        axes = sorted({axis_in(axis, rank) for axis in need_ints(axes_value, "axes")})
        shape: Shape = None
        if x.shape is not None:  # a reduced axis kept as 1, or left out
            shape = [1 if axis in axes else dim for axis, dim in enumerate(x.shape) if keep or axis not in axes]
        if not axes:
            return [cx.result(0, x.dtype, x.shape, onnx=cx.emit("Identity", [cx.tf(x)])[0])]
        items = x.partial if x.rank == 1 and x.dtype in ("DT_INT32", "DT_INT64") else None
        if items and onnx_op in _INT_FOLDS and all(item is not None for item in items):
            # The product (sum, extreme) of a shape's known dims (tf.tensordot's sizes): a constant, wrapped to
            # the dtype's width as TensorFlow's integers wrap.
            width = 32 if x.dtype == "DT_INT32" else 64
            total = (_INT_FOLDS[onnx_op]([int(item or 0) for item in items]) + (1 << (width - 1))) % (1 << width)
            folded = tensor_of(x.dtype, [1] if keep else [], [total - (1 << (width - 1))])
            return [cx.constant_result(0, folded)]
        if items is not None and rank == 1 and axes == [0]:
            # One element, unknown: a reshape's target that packs it beside known dims takes it as -1.
            made = cx.result(0, x.dtype, shape, onnx=_reduce_node(cx, onnx_op, cx.tf(x), axes, keep))
            made.partial = [None]
            return [made]
        if main_nchw(x):
            nchw_axes = sorted(TO_NCHW.index(axis) for axis in axes)
            if keep:  # the result is NCHW too
                return [cx.result(0, x.dtype, shape, nchw=_reduce_node(cx, onnx_op, cx.nchw(x), nchw_axes, True))]
            left = [TO_NCHW.index(axis) for axis in range(4) if axis not in axes]
            if left == sorted(left):  # what is left has the same order in both layouts (a global pool: N, C)
                return [cx.result(0, x.dtype, shape, onnx=_reduce_node(cx, onnx_op, cx.nchw(x), nchw_axes, False))]
        return [cx.result(0, x.dtype, shape, onnx=_reduce_node(cx, onnx_op, cx.tf(x), axes, keep))]

    return convert


def _reduce_computed(cx: Converter, onnx_op: str, x: Value, axes: Value, keep: bool) -> Value:
    if axes.dtype not in INTEGER_TYPES:
        raise ConversionError(f"its axes {axes.tf_name!r} are {axes.dtype}: TensorFlow takes int32 or int64")
    if onnx_op != "ReduceSum" and cx.opset < 18:
        raise ConversionError(f"its axes ({axes.tf_name!r}) are computed, which {onnx_op} takes as an input from "
                              f"opset 18: convert at opset 18 or later")  # fmt: skip
    out = cx.emit(onnx_op, [cx.tf(x), dynamic_axes(cx, axes)], keepdims=int(keep), noop_with_empty_axes=1)[0]
    return cx.result(0, x.dtype, reduced_shape(x, None, keep, axes), onnx=out)


def _reduce_node(cx: Converter, onnx_op: str, data: str, axes: List[int], keep: bool) -> str:
    # Axes became an input of ReduceSum at opset 13 and of the other reductions at 18.
    if onnx_op == "ReduceSum" or cx.opset >= 18:
        return cx.emit(onnx_op, [data, cx.ints(axes)], keepdims=int(keep))[0]
    return cx.emit(onnx_op, [data], axes=axes, keepdims=int(keep))[0]


def arg_reduce(onnx_op: str) -> RuleFunction:
    def convert(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
        x, dimension = inputs[0], inputs[1]
        rank = need_rank(x)
        (axis,) = need_ints(dimension, "dimension")
        axis = axis_in(axis, rank)
        out = cx.emit(onnx_op, [cx.tf(x)], axis=axis, keepdims=0)[0]
        dtype = attr(node, "output_type", "DT_INT64")
        if dtype != "DT_INT64":
            out = cx.emit("Cast", [out], to=onnx_type(dtype))[0]
        shape = None if x.shape is None else [dim for index, dim in enumerate(x.shape) if index != axis]
        return [cx.result(0, dtype, shape, onnx=out)]

    return convert


def reshape(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    x, target = inputs[0], inputs[1]
    need_dims(target, "shape")
    wanted = target.partial
    shape: Shape = None
    if wanted is not None and target.rank == 1:
        unknown = sum(item is None or item < 0 for item in wanted)
        if unknown <= 1 and 0 not in wanted:
            dims = [-1 if item is None or item < 0 else item for item in wanted]
            shape = [None if dim == -1 else dim for dim in dims]
            if fully_known(x.shape):
                total = element_count(tuple(cast_ints(x.shape or [])))
                rest = element_count(tuple(dim for dim in dims if dim != -1))
                if total % rest if unknown and rest else total != rest:
                    raise ConversionError(f"its input of shape {x.shape} ({total} elements) cannot be reshaped to "
                                          f"{[None if dim == -1 else dim for dim in dims]}")  # fmt: skip
                shape = [total // rest if dim == -1 and rest else dim for dim in dims]
            if x.const is not None and x.dtype != "DT_STRING" and fully_known(shape):
                moved = Tensor(x.const.dtype, tuple(cast_ints(shape or [])), x.const.tobytes())
                return [cx.constant_result(0, moved)]
            result = cx.result(0, x.dtype, shape, onnx=cx.emit("Reshape", [cx.tf(x), cx.ints(dims)])[0])
            if x.partial is not None and len(shape) <= 1:
                result.partial = x.partial
            return [result]
        shape = [None if item is None or item < 0 else item for item in wanted]
    dims_name = cx.emit("Cast", [cx.tf(target)], to=7)[0] if target.dtype != "DT_INT64" else cx.tf(target)
    if shape is None:
        shape = from_dims(target)
    return [cx.result(0, x.dtype, shape, onnx=cx.emit("Reshape", [cx.tf(x), dims_name])[0])]


def from_dims(dims: Value) -> Shape:
    """The shape a 1-D tensor of dims gives: its known elements, or as many unknown dims as its length."""
    if dims.partial is not None:
        return [None if dim is None or dim < 0 else dim for dim in dims.partial]
    if dims.shape is not None and len(dims.shape) == 1 and dims.shape[0] is not None:
        return [None] * dims.shape[0]
    return None


def squeeze(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    x = inputs[0]
    if x.rank is None:  # ONNX's Squeeze counts negative axes from the end, and without axes drops every 1
        given = attr(node, "squeeze_dims", []) or []
        out = cx.emit("Squeeze", [cx.tf(x), cx.ints(given)] if given else [cx.tf(x)])[0]
        return [cx.result(0, x.dtype, None, onnx=out)]
    rank = x.rank
    axes = sorted(axis_in(axis, rank) for axis in (attr(node, "squeeze_dims", []) or []))
    if not axes:
        if x.shape is None or not fully_known(x.shape):  # which dims are 1 is known at run time: so is the rank
            return [cx.result(0, x.dtype, None, onnx=cx.emit("Squeeze", [cx.tf(x)])[0])]
        axes = [axis for axis, dim in enumerate(x.shape) if dim == 1]
    if x.shape is not None and any(x.shape[axis] not in (1, None) for axis in axes):
        raise ConversionError(f"it squeezes axes {axes} of an input of shape {x.shape}: each must be 1")
    shape = None if x.shape is None else [dim for axis, dim in enumerate(x.shape) if axis not in axes]
    result = cx.result(0, x.dtype, shape, onnx=cx.emit("Squeeze", [cx.tf(x), cx.ints(axes)])[0])
    if x.partial is not None and shape == []:
        result.partial = x.partial
    return [result]


def expand_dims(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    x, dim = inputs[0], inputs[1]
    rank = need_rank(x)
    if dim.ints() is None:  # a computed axis: Unsqueeze takes it as a tensor (the rank is known, not where the 1 is)
        if dim.dtype not in INTEGER_TYPES:
            raise ConversionError(f"its axis {dim.tf_name!r} is {dim.dtype}: TensorFlow takes int32 or int64")
        out = cx.emit("Unsqueeze", [cx.tf(x), dynamic_axes(cx, dim)])[0]
        return [cx.result(0, x.dtype, None if x.shape is None else [None] * (rank + 1), onnx=out)]
    (axis,) = need_ints(dim, "axis")
    axis = _new_axis(axis, rank)
    shape = None if x.shape is None else [*x.shape[:axis], 1, *x.shape[axis:]]
    result = cx.result(0, x.dtype, shape, onnx=unsqueeze(cx, cx.tf(x), [axis]))
    if x.partial is not None and rank == 0:
        result.partial = x.partial
    return [result]


def _new_axis(axis: Any, rank: int) -> int:
    """Where a new axis goes in a value of *rank* (Pack, ExpandDims: -rank - 1 to rank), counted from 0."""
    if not isinstance(axis, int) or not -rank - 1 <= axis <= rank:
        raise ConversionError(f"its axis {axis!r} is outside the {rank + 1} places a new axis can take")
    return axis + rank + 1 if axis < 0 else axis


def permute(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    x, perm_value = inputs[0], inputs[1]
    rank = need_rank(x)
    perm = [axis + rank if axis < 0 else axis for axis in need_ints(perm_value, "perm")]  # checked whole below
    if sorted(perm) != list(range(rank)):
        raise ConversionError(f"its perm {perm} is no permutation of its input's {rank} axes")
    shape = None if x.shape is None else [x.shape[axis] for axis in perm]
    if perm == list(range(rank)):  # moves nothing (tf.tensordot's of axes already in order): the value passes on
        return [x]
    if x.const is not None:
        return [cx.constant_result(0, transpose(x.const, perm))]
    if main_nchw(x) and tuple(perm) == TO_NCHW:
        return [cx.result(0, x.dtype, shape, onnx=cx.nchw(x))]  # the NCHW form it already has
    return [cx.result(0, x.dtype, shape, onnx=cx.emit("Transpose", [cx.tf(x)], perm=perm)[0])]


def concat(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    *parts, axis_value = inputs
    if node["op"] == "Concat":  # the old op: the axis first
        axis_value, parts = inputs[0], list(inputs[1:])
    rank = next((part.rank for part in parts if part.rank is not None), None)
    if rank is None:
        raise ConversionError(f"its inputs have an unknown rank{INPUTS_HINT}")
    (axis,) = need_ints(axis_value, "axis")
    axis = axis_in(axis, rank)
    same_shapes([part.shape if part.shape is not None else [None] * part.rank if part.rank is not None else None
                 for part in parts], "inputs", but=axis)  # fmt: skip
    shape: Shape = None
    if all(part.shape is not None for part in parts):
        shape = list(parts[0].shape or [])
        sizes = [(part.shape or [])[axis] for part in parts]
        shape[axis] = None if any(size is None for size in sizes) else sum(size for size in sizes if size is not None)
    dtype = parts[0].dtype
    if rank == 4 and any(main_nchw(part) for part in parts) and all(part.rank == 4 for part in parts):
        out = cx.emit("Concat", [cx.nchw(part) for part in parts], axis=TO_NCHW.index(axis))[0]
        return [cx.result(0, dtype, shape, nchw=out)]
    result = cx.result(0, dtype, shape, onnx=cx.emit("Concat", [cx.tf(part) for part in parts], axis=axis)[0])
    if rank == 1 and all(part.partial is not None for part in parts):
        result.partial = [item for part in parts for item in (part.partial or [])]
        settle(result)
    return [result]


def pack(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    rank = next((part.rank for part in inputs if part.rank is not None), None)
    if rank is None:
        raise ConversionError(f"its inputs have an unknown rank{INPUTS_HINT}")
    same_shapes([part.shape if part.shape is not None else [None] * part.rank if part.rank is not None else None
                 for part in inputs], "inputs")  # fmt: skip
    axis = _new_axis(attr(node, "axis", 0), rank)
    shape: Shape = None
    if inputs[0].shape is not None:
        shape = [*inputs[0].shape[:axis], len(inputs), *inputs[0].shape[axis:]]
    parts = [unsqueeze(cx, cx.tf(part), [axis]) for part in inputs]
    result = cx.result(0, inputs[0].dtype, shape, onnx=cx.emit("Concat", parts, axis=axis)[0])
    if rank == 0 and all(part.partial is not None for part in inputs):
        result.partial = [item for part in inputs for item in (part.partial or [])]
        settle(result)
    return [result]


def unpack(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    x = inputs[0]
    rank = need_rank(x)
    axis = axis_in(attr(node, "axis", 0), rank)
    count = attr(node, "num", 0)
    size = x.shape[axis] if x.shape is not None else None
    if not isinstance(count, int) or count < 0 or (size is not None and size != count):
        raise ConversionError(f"its num {count!r} is not the size {size} of its input's axis {axis}")
    parts = _split_node(cx, cx.tf(x), axis, [1] * count)
    shape = None if x.shape is None else [dim for index, dim in enumerate(x.shape) if index != axis]
    results: Outputs = []
    for index, part in enumerate(parts):
        value = cx.result(index, x.dtype, shape, onnx=cx.emit("Squeeze", [part, cx.ints([axis])])[0])
        if x.partial is not None and rank == 1 and len(x.partial) == len(parts):
            value.partial = [x.partial[index]]
            settle(value)
        results.append(value)
    return results


def _split_node(cx: Converter, data: str, axis: int, sizes: List[int]) -> List[str]:
    return cx.emit("Split", [data, cx.ints(sizes)], len(sizes), axis=axis)


def split(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    if node["op"] == "Split":
        axis_value, x = inputs[0], inputs[1]
        count = attr(node, "num_split", 1)
        sizes: Optional[List[int]] = None
    else:
        x, sizes_value, axis_value = inputs[0], inputs[1], inputs[2]
        if sizes_value.ints() is None:
            return _split_computed(cx, node, x, sizes_value, axis_value)
        sizes = need_ints(sizes_value, "size_splits")
        count = len(sizes)
    rank = need_rank(x)
    (axis,) = need_ints(axis_value, "axis")
    axis = axis_in(axis, rank)
    dim = (x.shape or [None] * rank)[axis]
    if sizes is None and (not isinstance(count, int) or count < 1 or (dim is not None and dim % count)):
        raise ConversionError(f"its {count!r} parts do not split its axis of {dim} evenly, as TensorFlow requires")
    if sizes is not None and (sizes.count(-1) > 1 or any(size < -1 for size in sizes)):
        raise ConversionError(f"its size_splits {sizes} have more than one -1, or a negative size")
    if (
        sizes is not None
        and dim is not None
        and (sum(sizes) + sizes.count(-1) > dim if -1 in sizes else sum(sizes) != dim)
    ):
        raise ConversionError(f"its size_splits {sizes} do not add up to its axis of {dim}")
    if sizes is None and dim is None:
        # Equal parts of an axis of unknown size: ONNX's Split of no sizes splits evenly by its outputs' count
        # (named by num_outputs from opset 18).
        parts = cx.emit("Split", [cx.tf(x)], count, axis=axis, num_outputs=count if cx.opset >= 18 else None)
        shape = None if x.shape is None else [None if i == axis else d for i, d in enumerate(x.shape)]
        return [cx.result(index, x.dtype, shape, onnx=part) for index, part in enumerate(parts)]
    if sizes is None or -1 in sizes:
        if dim is None:
            raise ConversionError("the split dimension's size must be known")
        if sizes is None:
            sizes = [dim // count] * count
        else:
            sizes = [dim - (sum(sizes) + 1) if size == -1 else size for size in sizes]
    parts = _split_node(cx, cx.tf(x), axis, sizes)
    results: Outputs = []
    for index, (part, size) in enumerate(zip(parts, sizes)):
        shape = None if x.shape is None else [size if i == axis else d for i, d in enumerate(x.shape)]
        results.append(cx.result(index, x.dtype, shape, onnx=part))
    return results


def _split_computed(cx: Converter, node: Decoded, x: Value, sizes: Value, axis_value: Value) -> Outputs:
    """SplitV of computed sizes: ONNX's Split takes them as a tensor (num_split outputs; a size of -1, the rest of
    the axis, is worked out in the model from the others)."""
    need_dims(sizes, "size_splits")
    rank = need_rank(x)
    (axis,) = need_ints(axis_value, "axis")
    axis = axis_in(axis, rank)
    count = attr(node, "num_split", 0)
    if not isinstance(count, int) or count < 1 or (sizes.shape and sizes.shape[0] not in (None, count)):
        raise ConversionError(f"its num_split {count!r} is not the number of its size_splits")
    check_made(count, "one output per part", STEPS_LIMIT)
    given = as_int64(cx, sizes)
    # A -1 is the axis less the others: total - (sum of the sizes + 1), put where the -1 is.
    total = cx.emit("Gather", [cx.emit("Shape", [cx.tf(x)])[0], cx.ints([axis])], axis=0)[0]
    rest = cx.emit("Sub", [total, cx.emit("Add", [cx.emit("ReduceSum", [given], keepdims=1)[0], cx.ints([1])])[0]])[0]
    unknown = cx.emit("Equal", [given, cx.ints([-1])])[0]
    counts = cx.emit("Where", [unknown, rest, given])[0]
    parts = cx.emit("Split", [cx.tf(x), counts], count, axis=axis)
    shape: Shape = None if x.shape is None else [None if index == axis else dim for index, dim in enumerate(x.shape)]
    return [cx.result(index, x.dtype, shape, onnx=part) for index, part in enumerate(parts)]


def tile(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    x, multiples = inputs[0], inputs[1]
    need_dims(multiples, "multiples")
    counts = multiples.ints()
    if counts is not None and (any(count < 0 for count in counts) or (x.rank is not None and len(counts) != x.rank)):
        raise ConversionError(f"its multiples {counts} are not one count of 0 or more for each of its input's axes")
    shape: Shape = None if x.shape is None else [None] * len(x.shape)  # the rank is the input's
    if counts is not None and x.shape is not None:
        shape = [None if d is None else d * m for d, m in zip(x.shape, counts)]
    reps = cx.ints(counts) if counts is not None else as_int64(cx, multiples)
    result = cx.result(0, x.dtype, shape, onnx=cx.emit("Tile", [cx.tf(x), reps])[0])
    if counts is not None and x.shape is not None and all(m == 1 or d == 1 for d, m in zip(x.shape, counts)):
        result.tiled = (cx.tf(x), counts)  # a broadcast (a Keras RNN's mask tiled over the units)
    return [result]


def gather(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    params, indices = inputs[0], inputs[1]
    if indices.dtype not in INTEGER_TYPES:
        raise ConversionError(f"its indices {indices.tf_name!r} are {indices.dtype}: TensorFlow takes int32 or int64")
    axis = 0
    if node["op"] == "GatherV2":
        (axis,) = need_ints(inputs[2], "axis")
    rank = need_rank(params)
    axis = axis_in(axis, rank)
    batch_dims = attr(node, "batch_dims", 0) if node["op"] == "GatherV2" else 0
    if batch_dims:
        return [_gather_batched(cx, params, indices, axis, batch_dims)]
    shape: Shape = None
    if params.shape is not None and indices.shape is not None:
        shape = [*params.shape[:axis], *indices.shape, *params.shape[axis + 1 :]]
    result = cx.result(0, params.dtype, shape, onnx=cx.emit("Gather", [cx.tf(params), cx.tf(indices)], axis=axis)[0])
    picks = indices.ints()
    if (
        params.partial is not None
        and rank == 1
        and picks is not None
        and indices.rank is not None
        and indices.rank <= 1
    ):
        result.partial = [params.partial[index] for index in picks]
        settle(result)
    return [result]


def _gather_batched(cx: Converter, params: Value, indices: Value, axis: int, batch_dims: Any) -> Value:
    """GatherV2 with batch_dims b: ONNX's GatherND of the indices as one-element coordinates (its batch_dims b),
    the gathered axis moved to b first and the indices' axes moved back after the axes before it."""
    rank, index_rank = need_rank(params), need_rank(indices, "indices")
    if isinstance(batch_dims, int) and batch_dims < 0:  # counted from the indices' last axis
        batch_dims += index_rank
    if not isinstance(batch_dims, int) or not 0 <= batch_dims <= min(axis, index_rank):
        raise ConversionError(f"its batch_dims {batch_dims!r} is not between 0 and its axis {axis} and its indices' "
                              f"rank {index_rank}, as TensorFlow requires")  # fmt: skip
    b = batch_dims
    data = cx.tf(params)
    moved = [*range(b), axis, *range(b, axis), *range(axis + 1, rank)]
    if axis != b:
        data = cx.emit("Transpose", [data], perm=moved)[0]
    coordinates = unsqueeze(cx, as_int64(cx, indices), [-1])
    out = cx.emit("GatherND", [data, coordinates], batch_dims=b)[0]
    count = index_rank - b  # the indices' own axes, after the batch
    if axis != b:  # [batch, indices, params b..axis-1, rest] -> [batch, params b..axis-1, indices, rest]
        between = axis - b
        perm = [*range(b), *range(b + count, b + count + between), *range(b, b + count),
                *range(b + count + between, b + count + (rank - b - 1))]  # fmt: skip
        out = cx.emit("Transpose", [out], perm=perm)[0]
    shape: Shape = None
    if params.shape is not None and indices.shape is not None:
        shape = [*params.shape[:axis], *indices.shape[b:], *params.shape[axis + 1 :]]
    return cx.result(0, params.dtype, shape, onnx=out)


def shape_of(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    x = inputs[0]
    dtype = attr(node, "out_type", "DT_INT32")
    if dtype not in INTEGER_TYPES:  # Shape and Size give int32 or int64 alone
        raise ConversionError(f"its out_type {dtype!r} is not int32 or int64")
    if x.rows:  # a vector of encoded ragged rows: its length, the sequence's
        out = cx.op("Unsqueeze", cx.op("SequenceLength", cx.tf(x)), cx.ints([0]))
        return [cx.result(0, dtype, [1], onnx=out if dtype == "DT_INT64" else cx.op("Cast", out, to=onnx_type(dtype)))]
    if x.element is not None:  # a TensorList's handle is a scalar (its shape is its elements')
        return [cx.constant_result(0, ints_tensor([], dtype))]
    if fully_known(x.shape):
        return [cx.constant_result(0, ints_tensor(cast_ints(x.shape or []), dtype))]
    if main_nchw(x):  # the shape of the NCHW form, put back in TensorFlow's order
        out = cx.emit("Gather", [cx.emit("Shape", [cx.nchw(x)])[0], cx.ints(list(TO_NHWC))], axis=0)[0]
    else:
        out = cx.emit("Shape", [cx.tf(x)])[0]
    if dtype != "DT_INT64":
        out = cx.emit("Cast", [out], to=onnx_type(dtype))[0]
    result = cx.result(0, dtype, [x.rank], onnx=out)  # of an unknown rank: a vector of unknown length
    if x.shape is not None:
        result.partial = list(x.shape)
    return [result]


def size_of(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    x = inputs[0]
    dtype = attr(node, "out_type", "DT_INT32")
    if dtype not in INTEGER_TYPES:  # Shape and Size give int32 or int64 alone
        raise ConversionError(f"its out_type {dtype!r} is not int32 or int64")
    if fully_known(x.shape):
        return [cx.constant_result(0, scalar_tensor(element_count(tuple(cast_ints(x.shape or []))), dtype))]
    out = cx.emit("Size", [cx.tf(x)])[0]
    if dtype != "DT_INT64":
        out = cx.emit("Cast", [out], to=onnx_type(dtype))[0]
    result = cx.result(0, dtype, [], onnx=out)
    result.partial = [None]
    return [result]


def rank_of(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    x = inputs[0]
    if x.rank is not None:
        return [cx.constant_result(0, scalar_tensor(x.rank, "DT_INT32"))]
    rank = cx.emit("Size", [cx.emit("Shape", [cx.tf(x)])[0]])[0]  # known only when it runs
    result = cx.result(0, "DT_INT32", [], onnx=cx.emit("Cast", [rank], to=6)[0])
    result.partial = [None]
    result.axes_of = ("rank", x.tf_name)
    return [result]


def fill(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    dims, value = inputs[0], inputs[1]
    need_dims(dims, "dims")
    if value.rank not in (None, 0):
        raise ConversionError(f"its value {value.tf_name!r} has rank {value.rank}: TensorFlow fills with a scalar")
    shape = from_dims(dims)
    out = cx.emit("Expand", [cx.tf(value), as_int64(cx, dims)])[0]
    return [cx.result(0, value.dtype, shape, onnx=out)]


def range_of(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    start, limit, delta = inputs[0], inputs[1], inputs[2]
    dtype = attr(node, "Tidx", start.dtype)
    if any(value.dtype != dtype for value in inputs[:3]):
        raise ConversionError(f"its start, limit and delta are {[v.dtype for v in inputs[:3]]}, its Tidx {dtype}: "
                              "TensorFlow takes all four alike")  # fmt: skip
    bounds = [start.ints(), limit.ints(), delta.ints()]
    if all(item is not None and len(item) == 1 for item in bounds) and dtype in INTEGER_TYPES:
        first, last, step = (item[0] for item in bounds if item is not None)
        values = list(range(first, last, step))
        return [cx.constant_result(0, tensor_of(dtype, (len(values),), values))]
    out = cx.emit("Range", [cx.tf(start), cx.tf(limit), cx.tf(delta)])[0]
    result = cx.result(0, dtype, [None], onnx=out)
    if bounds[0] == [0] and bounds[2] == [1] and limit.axes_of is not None and limit.axes_of[0] == "rank":
        result.axes_of = ("every", limit.axes_of[1])  # every axis of a value of an open rank
    return [result]


def top_k(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    x, k = inputs[0], inputs[1]
    count = k.ints()
    if k.dtype not in INTEGER_TYPES or (k.rank is not None and k.rank != 0) or (count is not None and len(count) != 1):
        raise ConversionError(f"its k {k.tf_name!r} is not an integer scalar")
    if x.rank == 0 or (count and x.shape and x.shape[-1] is not None and not 0 <= count[0] <= x.shape[-1]):
        raise ConversionError(f"its k {count} is more than its input of shape {x.shape} has in its last axis")
    values, indices = cx.emit("TopK", [cx.tf(x), cx.ints(count) if count else unsqueeze(cx, as_int64(cx, k), [0])],
                              2, axis=-1, largest=1, sorted=1)  # fmt: skip
    dtype = attr(node, "index_type", "DT_INT32")
    if dtype != "DT_INT64":
        indices = cx.emit("Cast", [indices], to=onnx_type(dtype))[0]
    shape = None if x.shape is None else [*x.shape[:-1], count[0] if count else None]
    return [cx.result(0, x.dtype, shape, onnx=values), cx.result(1, dtype, shape, onnx=indices)]
