# SPDX-License-Identifier: Apache-2.0
"""The op table's rules for ragged tensors: RaggedRange.

Strategy: a ragged tensor is its flat values and its row splits, two ordinary tensors, so each op is ordinary ONNX
ops of those: each row's length, the splits as the lengths' running sum, and each flat element's row found by
counting the splits at or below its place (a comparison grid of the elements and the rows).
"""

from __future__ import annotations

from .nodeparts import INTEGER_TYPES, attr, onnx_type, unsqueeze
from .values import ConversionError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, List, Optional

    from .._typing import Decoded
    from .converter import Converter
    from .values import Value

    Outputs = List[Optional[Value]]

_NUMBERS = frozenset({"DT_FLOAT", "DT_DOUBLE", "DT_INT32", "DT_INT64"})


def ragged_range(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """RaggedRange: a row ``range(start, limit, delta)`` for each (broadcast) triple, as TensorFlow sizes it (empty
    where delta points away from the limit; integers by ceiling division), its splits and its values
    ``start + i * delta``."""
    starts, limits, deltas = inputs[0], inputs[1], inputs[2]
    dtype = starts.dtype
    if dtype not in _NUMBERS or limits.dtype != dtype or deltas.dtype != dtype:
        raise ConversionError(f"its starts, limits and deltas are {starts.dtype}, {limits.dtype} and "
                              f"{deltas.dtype}: TensorFlow takes int32, int64, float or double alike")  # fmt: skip
    for value in inputs[:3]:
        if value.rank not in (None, 0, 1):
            raise ConversionError(f"its input {value.tf_name!r} has rank {value.rank}: TensorFlow takes scalars or "
                                  "vectors")  # fmt: skip
    splits_type = attr(node, "Tsplits", "DT_INT64")
    if splits_type not in INTEGER_TYPES:
        raise ConversionError(f"its Tsplits {splits_type!r} is not int32 or int64")

    def op(onnx_op: str, *names: str, **attrs: Any) -> str:
        return cx.emit(onnx_op, list(names), 1, **attrs)[0]

    integer = dtype in INTEGER_TYPES
    work = "DT_INT64" if integer else dtype
    first, last, step = (op("Cast", cx.tf(value), to=onnx_type(work)) for value in (starts, limits, deltas))
    common = op("Shape", op("Add", op("Add", first, last), step))
    first, last, step = (op("Reshape", op("Expand", name, common), cx.ints([-1])) for name in (first, last, step))
    zero = cx.scalar(0, work)
    away = op("Or", op("And", op("Greater", step, zero), op("Less", last, first)),
              op("And", op("Less", step, zero), op("Greater", last, first)))  # fmt: skip
    if integer:  # (|limit - start| + |delta| - 1) / |delta|
        stride = op("Abs", step)
        sizes = op("Div", op("Sub", op("Add", op("Abs", op("Sub", last, first)), stride), cx.scalar(1, work)), stride)
    else:
        sizes = op("Cast", op("Ceil", op("Abs", op("Div", op("Sub", last, first), step))), to=7)
    sizes = cx.emit("Where", [away, cx.scalar(0, "DT_INT64"), sizes])[0]
    ends = op("CumSum", sizes, cx.scalar(0, "DT_INT64"))
    splits = op("Concat", cx.ints([0]), ends, axis=0)
    total = op("ReduceSum", sizes, keepdims=0)
    places = op("Range", cx.scalar(0, "DT_INT64"), total, cx.scalar(1, "DT_INT64"))
    # Each place's row: how many rows end at or before it.
    rows = op("ReduceSum", op("Cast", op("GreaterOrEqual", unsqueeze(cx, places, [1]), unsqueeze(cx, ends, [0])),
                             to=7), cx.ints([1]), keepdims=0)  # fmt: skip
    within = op("Cast", op("Sub", places, op("Gather", splits, rows, axis=0)), to=onnx_type(work))
    values = op("Add", op("Gather", first, rows, axis=0), op("Mul", within, op("Gather", step, rows, axis=0)))
    if work != dtype:
        values = op("Cast", values, to=onnx_type(dtype))
    if splits_type != "DT_INT64":
        splits = op("Cast", splits, to=onnx_type(splits_type))
    return [cx.result(0, splits_type, [None], onnx=splits), cx.result(1, dtype, [None], onnx=values)]
