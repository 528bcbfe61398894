# SPDX-License-Identifier: Apache-2.0
"""The op table's rules for ragged tensors: RaggedRange, RaggedTensorToSparse and RaggedTensorToTensor.

Strategy: a ragged tensor is its flat values and its row splits, two ordinary tensors, so each op is ordinary ONNX
ops of those: each row's length, the splits as the lengths' running sum, and each flat element's row found by
counting the splits at or below its place (a comparison grid of the elements and the rows).
"""

from __future__ import annotations

from .kernels import widened
from .nodeparts import INTEGER_TYPES, as_int64, attr, need_rank, onnx_type, unsqueeze
from .values import ConversionError, flat, tensor_of

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
    if deltas.const is not None and 0 in flat(deltas.const.tolist()):
        raise ConversionError("its deltas hold a 0, which TensorFlow refuses (a range needs a step)")

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


def _located(cx: Converter, places: str, splits: str) -> List[str]:
    """Each place's row (how many rows end at or before it) and its place in the row, for row *splits*."""
    ends = cx.emit("Slice", [splits, cx.ints([1]), cx.ints([2**63 - 1])])[0]
    rows = cx.emit("ReduceSum", [cx.emit("Cast", [cx.emit("GreaterOrEqual", [unsqueeze(cx, places, [1]),
                                                                              unsqueeze(cx, ends, [0])])[0]],
                                         to=7)[0], cx.ints([1])], keepdims=0)[0]  # fmt: skip
    columns = cx.emit("Sub", [places, cx.emit("Gather", [splits, rows], axis=0)[0]])[0]
    return [rows, columns]


def _longest(cx: Converter, splits: str) -> str:
    """The longest row of *splits* (0 for none), as a 1-element int64 tensor."""
    lengths = cx.emit("Sub", [cx.emit("Slice", [splits, cx.ints([1]), cx.ints([2**63 - 1])])[0],
                              cx.emit("Slice", [splits, cx.ints([0]), cx.ints([-1])])[0]])[0]  # fmt: skip
    return cx.emit("ReduceMax", [cx.emit("Concat", [lengths, cx.ints([0])], axis=0)[0]], keepdims=1)[0]


def _flat_places(cx: Converter, values: str) -> str:
    count = cx.emit("Gather", [cx.emit("Shape", [values])[0], cx.scalar(0, "DT_INT64")], axis=0)[0]
    return cx.emit("Range", [cx.scalar(0, "DT_INT64"), count, cx.scalar(1, "DT_INT64")])[0]


def _coordinates(cx: Converter, places: str, levels: List[str]) -> List[str]:
    """Each flat value's coordinates in the dense tensor, outermost first, from the row splits of each ragged
    level (outermost first): the innermost level gives a value's row and place in it, its row is the next level's
    element, and so on out."""
    found: List[str] = []
    for splits in reversed(levels):
        rows, columns = _located(cx, places, splits)
        found.insert(0, columns)
        places = rows
    found.insert(0, places)
    return found


def ragged_gather(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """RaggedGather of a vector of indices: level by level, the rows picked (their starts and limits in the level's
    splits), the picked rows' lengths as the new splits, and each picked element's place in the level below, which
    the next level picks from, and the flat values last."""
    levels = attr(node, "PARAMS_RAGGED_RANK", len(inputs) - 2)
    if not isinstance(levels, int) or levels < 1 or len(inputs) != levels + 2:
        raise ConversionError(f"its PARAMS_RAGGED_RANK {levels!r} does not match its {len(inputs)} inputs")
    *nested, values, indices = inputs
    if indices.rank != 1 or indices.dtype not in INTEGER_TYPES:
        raise ConversionError(f"its indices {indices.tf_name!r} are {indices.dtype} of rank {indices.rank}: a vector "
                              "of int32 or int64 indices is converted")  # fmt: skip
    splits_type = nested[0].dtype
    if splits_type not in INTEGER_TYPES or any(value.dtype != splits_type for value in nested):
        raise ConversionError(f"its row splits are {sorted({value.dtype for value in nested})}: TensorFlow takes "
                              "int32 or int64 alike")  # fmt: skip
    rows = as_int64(cx, indices)
    found: Outputs = []
    for port, level in enumerate(nested):
        splits = as_int64(cx, level)
        starts = cx.emit("Gather", [splits, rows], axis=0)[0]
        limits = cx.emit("Gather", [splits, cx.emit("Add", [rows, cx.scalar(1, "DT_INT64")])[0]], axis=0)[0]
        sizes = cx.emit("Sub", [limits, starts])[0]
        made = cx.emit("Concat", [cx.ints([0]), cx.emit("CumSum", [sizes, cx.scalar(0, "DT_INT64")])[0]], axis=0)[0]
        total = cx.emit("ReduceSum", [sizes], keepdims=0)[0]
        places = cx.emit("Range", [cx.scalar(0, "DT_INT64"), total, cx.scalar(1, "DT_INT64")])[0]
        picked, columns = _located(cx, places, made)
        rows = cx.emit("Add", [cx.emit("Gather", [starts, picked], axis=0)[0], columns])[0]  # the level below's
        if splits_type != "DT_INT64":
            made = cx.emit("Cast", [made], to=onnx_type(splits_type))[0]
        found.append(cx.result(port, splits_type, [None], onnx=made))
    dense = cx.emit("Gather", [cx.tf(values), rows], axis=0)[0]
    shape = None if values.shape is None else [None, *values.shape[1:]]
    return [*found, cx.result(levels, values.dtype, shape, onnx=dense)]


def ragged_to_sparse(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """RaggedTensorToSparse: each flat value's coordinates (row, then its place at each ragged level), the values,
    and the dense shape (the rows, each level's longest row)."""
    *splits_values, values = inputs
    if values.rank != 1:
        raise ConversionError(f"its flat values have rank {values.rank}: flat values of rank 1 are converted")
    splits = [as_int64(cx, value) for value in splits_values]
    coordinates = _coordinates(cx, _flat_places(cx, cx.tf(values)), splits)
    indices = cx.emit("Concat", [unsqueeze(cx, part, [1]) for part in coordinates], axis=1)[0]
    rows = cx.emit("Sub", [cx.emit("Shape", [splits[0]])[0], cx.ints([1])])[0]
    shape = cx.emit("Concat", [rows, *(_longest(cx, level) for level in splits)], axis=0)[0]
    depth = len(splits) + 1
    return [cx.result(0, "DT_INT64", [None, depth], onnx=indices),
            cx.result(1, values.dtype, [None], onnx=cx.emit("Identity", [cx.tf(values)])[0]),
            cx.result(2, "DT_INT64", [depth], onnx=shape)]  # fmt: skip


def ragged_to_tensor(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """RaggedTensorToTensor: the default value filled out to the dense shape (the rows, each ragged level's longest
    row, the values' own dims; a dim the shape input gives instead, the values past it left out), the values
    scattered at their coordinates. Row partitions as ROW_SPLITS, or FIRST_DIM_SIZE then VALUE_ROWIDS."""
    shape_value, values, default = inputs[0], inputs[1], inputs[2]
    partitions = inputs[3:]
    kinds = [item.decode() if isinstance(item, bytes) else str(item) for item in attr(node, "row_partition_types", [])]
    if len(kinds) != len(partitions) or not partitions:
        raise ConversionError(f"its row_partition_types {kinds} are not one for each of its {len(partitions)} "
                              "partitions")  # fmt: skip
    rank = need_rank(values)
    data = cx.tf(values)
    if kinds[0] == "FIRST_DIM_SIZE" and all(kind == "VALUE_ROWIDS" for kind in kinds[1:]):
        levels: List[str] = []
        count = cx.emit("Reshape", [as_int64(cx, partitions[0]), cx.ints([1])])[0]
        for rowids in partitions[1:]:  # each level's splits: its rows' counts, run together
            ids = as_int64(cx, rowids)
            start = cx.emit("ConstantOfShape", [count], value=tensor_of("DT_INT64", (1,), [0]))[0]
            ones = cx.emit("ConstantOfShape", [cx.emit("Shape", [ids])[0]], value=tensor_of("DT_INT64", (1,), [1]))[0]
            counted = cx.emit("ScatterND", [start, unsqueeze(cx, ids, [1]), ones], reduction="add")[0]
            levels.append(cx.emit("Concat", [cx.ints([0]), cx.emit("CumSum", [counted, cx.scalar(0, "DT_INT64")])[0]],
                                  axis=0)[0])  # fmt: skip
            count = cx.emit("Shape", [ids])[0]
    elif all(kind == "ROW_SPLITS" for kind in kinds):
        levels = [as_int64(cx, value) for value in partitions]
    else:
        raise ConversionError(f"its row_partition_types {kinds} are not ROW_SPLITS, or FIRST_DIM_SIZE then "
                              "VALUE_ROWIDS")  # fmt: skip
    coordinates = _coordinates(cx, _flat_places(cx, data), levels)
    dense = [cx.emit("Sub", [cx.emit("Shape", [levels[0]])[0], cx.ints([1])])[0],
             *(_longest(cx, level) for level in levels)]  # fmt: skip
    inner = cx.emit("Slice", [cx.emit("Shape", [data])[0], cx.ints([1]), cx.ints([2**63 - 1])])[0]
    dims = cx.emit("Concat", [*dense, inner], axis=0)[0]
    depth = len(levels) + 1
    points = cx.emit("Concat", [unsqueeze(cx, part, [1]) for part in coordinates], axis=1)[0]  # [values, depth]
    if shape_value.rank == 1 and shape_value.shape not in ([0], None):  # the sizes asked for, -1 where free
        asked = as_int64(cx, shape_value)
        dims = cx.emit("Where", [cx.emit("Less", [asked, cx.ints([0])])[0], dims, asked])[0]
        limits = cx.emit("Slice", [dims, cx.ints([0]), cx.ints([depth])])[0]
        inside = cx.emit("ReduceMin", [cx.emit("Cast", [cx.emit("Less", [points, limits])[0]], to=6)[0]],
                         axes=[1], keepdims=0)[0] if cx.opset < 18 else cx.emit(
            "ReduceMin", [cx.emit("Cast", [cx.emit("Less", [points, limits])[0]], to=6)[0], cx.ints([1])],
            keepdims=0)[0]  # fmt: skip
        chosen = cx.emit("Cast", [inside], to=9)[0]
        points = cx.emit("Compress", [points, chosen], axis=0)[0]
        data = cx.emit("Compress", [data, chosen], axis=0)[0]
        if rank > 1:  # the values' own dims cut to the sizes asked for
            starts = cx.ints([0] * (rank - 1))
            data = cx.emit("Slice", [data, starts, cx.emit("Slice", [dims, cx.ints([depth]),
                                                                     cx.ints([2**63 - 1])])[0],
                                     cx.ints(list(range(1, rank)))])[0]  # fmt: skip
    start = cx.emit("Expand", [cx.tf(default), dims])[0]
    (start, data), back = widened(cx, "ScatterND", values.dtype, [start, data])
    out = back(cx.emit("ScatterND", [start, points, data])[0])
    return [cx.result(0, values.dtype, [None] * (depth + rank - 1), onnx=out)]
