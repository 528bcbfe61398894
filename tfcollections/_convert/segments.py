# SPDX-License-Identifier: Apache-2.0
"""The op table's rules for segment reductions: Segment*, UnsortedSegment* and SparseSegment* (sum, mean, square
root of the count, product, maximum, minimum).

Strategy: every segment reduction is one scatter of the data's rows by their segment ids into a tensor of the
reduction's identity, ``[segments, *row shape]``: ONNX's ScatterND with its reduction (add and mul from opset 16, max
and min from 18), which combines a segment's rows in their order, as TensorFlow does. Below those opsets the
reduction is taken over a mask of the rows each segment holds instead (Equal of the ids and a Range, then Where and
ReduceSum, ReduceProd, ReduceMax or ReduceMin over the rows), in memory of segments by rows. A mean divides by each
segment's count (a scatter of ones, or the mask's sum), the square-root form by its root. The number of segments is
the op's input, or the greatest id plus one. An unsorted op's row of a negative id is dropped, as TensorFlow drops
it. An empty segment is what TensorFlow gives: 0, or 1 for a product, or the type's lowest (highest) value for an
unsorted maximum (minimum).
"""

from __future__ import annotations

from .._errors import ConversionError
from .._tensor import Tensor
from .kernels import widened
from .nodeparts import INTEGER_TYPES, as_int64, onnx_type, unsqueeze
from .values import scalar_tensor

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final, List, Optional, Tuple, Union

    from .._typing import Decoded
    from .converter import Converter
    from .values import Shape, Value

    Outputs = List[Optional[Value]]

# The extreme values of each type: an unsorted maximum's (minimum's) empty segment, numeric_limits lowest (max).
EXTREMES: Final = {
    "DT_FLOAT": (-3.4028234663852886e38, 3.4028234663852886e38),
    "DT_DOUBLE": (-1.7976931348623157e308, 1.7976931348623157e308),
    "DT_HALF": (-65504.0, 65504.0),
    "DT_BFLOAT16": (-3.3895313892515355e38, 3.3895313892515355e38),
    "DT_INT8": (-(2**7), 2**7 - 1),
    "DT_UINT8": (0, 2**8 - 1),
    "DT_INT16": (-(2**15), 2**15 - 1),
    "DT_UINT16": (0, 2**16 - 1),
    "DT_INT32": (-(2**31), 2**31 - 1),
    "DT_UINT32": (0, 2**32 - 1),
    "DT_INT64": (-(2**63), 2**63 - 1),
    "DT_UINT64": (0, 2**64 - 1),
}
_FLOATS: Final = frozenset({"DT_FLOAT", "DT_DOUBLE", "DT_HALF", "DT_BFLOAT16"})


def _kind(op: str) -> str:
    """The reduction an op names: Sum, Mean, SqrtN, Prod, Max or Min."""
    name = (
        op[len("Unsorted") :] if op.startswith("Unsorted") else op[len("Sparse") :] if op.startswith("Sparse") else op
    )
    return name[len("Segment") :].replace("WithNumSegments", "")


def _filled(cx: Converter, shape: str, number: Union[int, float], dtype: str) -> str:
    value = scalar_tensor(number, dtype)
    return cx.emit("ConstantOfShape", [shape], value=Tensor(dtype, (1,), value.tobytes()))[0]


def segment(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    op = node["op"]
    kind = _kind(op)
    sparse, unsorted = op.startswith("Sparse"), op.startswith("Unsorted")
    data = inputs[0]
    if sparse:
        indices, ids = inputs[1], inputs[2]
        count_value = inputs[3] if op.endswith("WithNumSegments") else None
        for value, what in ((indices, "indices"), (ids, "segment_ids")):
            if value.dtype not in INTEGER_TYPES or value.rank not in (None, 1):
                raise ConversionError(f"its {what} {value.tf_name!r} are {value.dtype} of rank {value.rank}: "
                                      "TensorFlow takes a vector of int32 or int64")  # fmt: skip
        rows = cx.emit("Gather", [cx.tf(data), as_int64(cx, indices)], axis=0)[0]
        id_rank = 1
    else:
        ids = inputs[1]
        count_value = inputs[2] if unsorted else None
        if ids.dtype not in INTEGER_TYPES or ids.rank is None or (not unsorted and ids.rank != 1):
            raise ConversionError(f"its segment_ids {ids.tf_name!r} are {ids.dtype} of rank {ids.rank}: TensorFlow "
                                  "takes int32 or int64 ids, a vector for a sorted segment op")  # fmt: skip
        rows, id_rank = cx.tf(data), ids.rank
    if data.dtype in ("DT_BOOL", "DT_STRING") or (kind in ("Mean", "SqrtN") and data.dtype not in _FLOATS):
        raise ConversionError(f"its data {data.tf_name!r} is {data.dtype}, which TensorFlow's {op} does not take")
    if data.rank is not None and data.rank < id_rank:
        raise ConversionError(f"its data has rank {data.rank}, less than its segment ids' {id_rank}")
    dtype = data.dtype
    ids64 = as_int64(cx, ids)
    id_axes = id_rank  # the axes of data the ids index, which the output replaces by the segments
    if unsorted:  # TensorFlow drops a row whose id is negative
        ids64, rows = _kept_rows(cx, ids64, rows, id_rank)
        id_rank = 1
    places = unsqueeze(cx, ids64, [-1])
    if count_value is not None:
        if count_value.dtype not in INTEGER_TYPES or count_value.rank not in (None, 0, 1):
            raise ConversionError(f"its num_segments {count_value.tf_name!r} is {count_value.dtype} of rank "
                                  f"{count_value.rank}: TensorFlow takes an integer scalar")  # fmt: skip
        segments = cx.emit("Reshape", [as_int64(cx, count_value), cx.ints([1])])[0]
    else:  # the greatest id, plus one
        top = cx.emit("ReduceMax", [ids64], keepdims=0)[0]
        segments = cx.emit("Reshape", [cx.emit("Add", [top, cx.scalar(1, "DT_INT64")])[0], cx.ints([1])])[0]
    row_shape = cx.emit("Slice", [cx.emit("Shape", [rows])[0], cx.ints([id_rank]), cx.ints([2**63 - 1])])[0]
    target = cx.emit("Concat", [segments, row_shape], axis=0)[0]
    low, high = EXTREMES.get(dtype, (0, 0))
    mask = _mask(cx, ids64, segments, rows) if cx.opset < (18 if kind in ("Max", "Min") else 16) else ""
    if kind in ("Max", "Min"):
        identity: Union[int, float] = low if kind == "Max" else high
        if mask:
            out = masked_reduction(cx, f"Reduce{kind}", rows, mask, identity, dtype)
        else:
            start = _filled(cx, target, identity, dtype)
            (start, values), back = widened(cx, "ScatterND max", dtype, [start, rows])
            out = back(cx.emit("ScatterND", [start, places, values], reduction=kind.lower())[0])
        if not unsorted:  # a sorted op's empty segment is 0
            counted = _counts(cx, ids64, places, segments, rows, mask)
            out = cx.emit("Where", [cx.emit("Greater", [counted, cx.scalar(0, "DT_INT64")])[0], out,
                                    cx.scalar(0, dtype)])[0]  # fmt: skip
    else:
        reduction = "mul" if kind == "Prod" else "add"
        if mask:
            out = masked_reduction(
                cx, "ReduceProd" if kind == "Prod" else "ReduceSum", rows, mask, int(kind == "Prod"), dtype
            )
        else:
            start = _filled(cx, target, 1 if kind == "Prod" else 0, dtype)
            (start, values), back = widened(cx, f"ScatterND {reduction}", dtype, [start, rows])
            out = back(cx.emit("ScatterND", [start, places, values], reduction=reduction)[0])
        if kind in ("Mean", "SqrtN"):
            counted = cx.emit("Cast", [_counts(cx, ids64, places, segments, rows, mask)], to=onnx_type(dtype))[0]
            divisor = cx.emit("Max", [counted, cx.scalar(1, dtype)])[0]
            if kind == "SqrtN":
                divisor = cx.emit("Sqrt", [divisor])[0]
            out = cx.emit("Div", [out, divisor])[0]
    shape: Shape = None
    if data.shape is not None:
        known = count_value.ints() if count_value is not None else None
        shape = [known[0] if known else None, *data.shape[id_axes:]]
    return [cx.result(0, dtype, shape, onnx=out)]


def _kept_rows(cx: Converter, ids: str, rows: str, id_rank: int) -> Tuple[str, str]:
    """An unsorted op's ids and rows, its ids made one axis, less the rows whose id is negative (which TensorFlow
    drops, and which a scatter would take from the last segment back)."""
    if id_rank != 1:
        row_shape = cx.emit("Slice", [cx.emit("Shape", [rows])[0], cx.ints([id_rank]), cx.ints([2**63 - 1])])[0]
        rows = cx.emit("Reshape", [rows, cx.emit("Concat", [cx.ints([-1]), row_shape], axis=0)[0]])[0]
        ids = cx.emit("Reshape", [ids, cx.ints([-1])])[0]
    kept = cx.emit("GreaterOrEqual", [ids, cx.scalar(0, "DT_INT64")])[0]
    return cx.emit("Compress", [ids, kept], axis=0)[0], cx.emit("Compress", [rows, kept], axis=0)[0]


def _mask(cx: Converter, ids: str, segments: str, rows: str) -> str:
    """Below the opset of a scatter's reduction: whether each row (of ids of one axis) is in each segment,
    ``[segments, rows, 1, ...]``, to broadcast over the rows' shape (memory of segments by rows)."""
    every = cx.emit("Range", [cx.scalar(0, "DT_INT64"), cx.emit("Squeeze", [segments])[0], cx.scalar(1, "DT_INT64")])[0]
    mask = cx.emit("Equal", [unsqueeze(cx, every, [1]), unsqueeze(cx, ids, [0])])[0]  # [segments, rows]
    row_rank = cx.emit("Sub", [cx.emit("Size", [cx.emit("Shape", [rows])[0]])[0], cx.scalar(1, "DT_INT64")])[0]
    ones = _filled(cx, cx.emit("Reshape", [row_rank, cx.ints([1])])[0], 1, "DT_INT64")
    return cx.emit("Reshape", [mask, cx.emit("Concat", [cx.emit("Shape", [mask])[0], ones], axis=0)[0]])[0]


def masked_reduction(cx: Converter, onnx_op: str, rows: str, mask: str, identity: Union[int, float], dtype: str) -> str:
    """A reduction over a *mask* of which rows reach each output (``[outputs, rows, 1, ...]``): the rows spread over
    the outputs, the identity where a row does not reach one, reduced over the rows (in a type onnxruntime reduces,
    cast back). A segment's rows here; a scatter's updates of a place too."""
    filler = cx.initializer(scalar_tensor(identity, dtype), cx.fresh("identity"))
    (spread, filler), back = widened(cx, onnx_op, dtype, [unsqueeze(cx, rows, [0]), filler])
    picked = cx.emit("Where", [mask, spread, filler])[0]
    if onnx_op == "ReduceSum" or cx.opset >= 18:
        return back(cx.emit(onnx_op, [picked, cx.ints([1])], keepdims=0)[0])
    return back(cx.emit(onnx_op, [picked], axes=[1], keepdims=0)[0])  # below opset 18: axes an attribute


def _counts(cx: Converter, ids: str, places: str, segments: str, rows: str, mask: str) -> str:
    """Each segment's count of rows (of ids of one axis), shaped to broadcast over the row shape: [segments, 1, ...];
    over the *mask* where one is made."""
    if mask:
        return cx.emit("ReduceSum", [cx.emit("Cast", [mask], to=7)[0], cx.ints([1])], keepdims=0)[0]
    ones = _filled(cx, cx.emit("Shape", [ids])[0], 1, "DT_INT64")
    counted = cx.emit("ScatterND", [_filled(cx, segments, 0, "DT_INT64"), places, ones], reduction="add")[0]
    # [segments] -> [segments, 1, ...]: one 1 for each axis of a row
    row_rank = cx.emit("Sub", [cx.emit("Size", [cx.emit("Shape", [rows])[0]])[0], cx.scalar(1, "DT_INT64")])[0]
    ones_tail = _filled(cx, cx.emit("Reshape", [row_rank, cx.ints([1])])[0], 1, "DT_INT64")
    return cx.emit("Reshape", [counted, cx.emit("Concat", [cx.ints([-1]), ones_tail], axis=0)[0]])[0]
