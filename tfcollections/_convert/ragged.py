# SPDX-License-Identifier: Apache-2.0
"""The op table's rules for ragged tensors: RaggedRange, RaggedGather, RaggedTensorToSparse, RaggedTensorToTensor,
and the variants tf.map_fn makes of them.

Strategy: a ragged tensor is its flat values and its row splits, two ordinary tensors, so each op is ordinary ONNX
ops of those: each row's length, the splits as the lengths' running sum, and each flat element's row as a running
sum of steps scattered where rows start (memory of the elements and of the rows, never of both at once); a dense
tensor's coordinates are the places of a grid of the rows by the longest row that lie within their row, in memory
of the dense tensor made, in fewer nodes. A vector of encoded rows (``RaggedTensorToVariant`` of a batch, which
tf.map_fn reads row by row and writes back) is an ONNX sequence of each row's values, held as a TensorList is: a
row read from it is a plain tensor, a row encoded is that tensor, and the rows decoded again are the sequence's
tensors joined with their lengths' running sum as splits.
"""

from __future__ import annotations

from .._errors import ConversionError
from .._graph.graphdef import split_tensor_name
from .kernels import widened
from .nodeparts import INTEGER_TYPES, as_int64, attr, need_rank, onnx_type, unsqueeze
from .values import ONNX_TYPES, flat, tensor_of, value_info

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Dict, List, Optional, Tuple

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

    op = cx.op

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
    rows = _rows_of(cx, splits)  # each place's row
    within = op("Cast", op("Sub", places, op("Gather", splits, rows, axis=0)), to=onnx_type(work))
    values = op("Add", op("Gather", first, rows, axis=0), op("Mul", within, op("Gather", step, rows, axis=0)))
    if work != dtype:
        values = op("Cast", values, to=onnx_type(dtype))
    if splits_type != "DT_INT64":
        splits = op("Cast", splits, to=onnx_type(splits_type))
    return [cx.result(0, splits_type, [None], onnx=splits), cx.result(1, dtype, [None], onnx=values)]


def _rows_of(cx: Converter, splits: str) -> str:
    """The row of each place ``0 .. splits[-1] - 1`` for int64 row *splits*, in memory of the places and rows: at
    the first place of each row that holds one, the step from the previous such row's number (distinct places,
    as no two such rows start at one place), and their running sum. ``[0, 0, 2, 2, 3]``: rows 1 and 3 hold
    places, steps 1 and 2 at places 0 and 2, rows ``[1, 1, 3]``."""
    op = cx.op
    starts = op("Slice", splits, cx.ints([0]), cx.ints([-1]))
    ends = op("Slice", splits, cx.ints([1]), cx.ints([2**63 - 1]))
    held = op("Reshape", op("NonZero", op("Greater", ends, starts)), cx.ints([-1]))  # increasing row numbers
    before = op("Concat", cx.ints([0]), op("Slice", held, cx.ints([0]), cx.ints([-1])), axis=0)
    marks = op("ConstantOfShape", op("Slice", splits, cx.ints([-1]), cx.ints([2**63 - 1])),
               value=tensor_of("DT_INT64", (1,), [0]))  # fmt: skip
    stepped = op("ScatterElements", marks, op("Gather", starts, held, axis=0), op("Sub", held, before), axis=0)
    return op("CumSum", stepped, cx.scalar(0, "DT_INT64"))


def _located(cx: Converter, places: str, splits: str) -> List[str]:
    """Each place's row and its place in the row, for row *splits*."""
    rows = cx.emit("Gather", [_rows_of(cx, splits), places], axis=0)[0]
    columns = cx.emit("Sub", [places, cx.emit("Gather", [splits, rows], axis=0)[0]])[0]
    return [rows, columns]


def _lengths(cx: Converter, splits: str) -> str:
    """Each row's length, from row *splits*."""
    return cx.emit("Sub", [cx.emit("Slice", [splits, cx.ints([1]), cx.ints([2**63 - 1])])[0],
                           cx.emit("Slice", [splits, cx.ints([0]), cx.ints([-1])])[0]])[0]  # fmt: skip


def _longest(cx: Converter, lengths: str) -> str:
    """The longest of rows of *lengths* (0 for none), as a 1-element int64 tensor."""
    return cx.emit("ReduceMax", [cx.emit("Concat", [lengths, cx.ints([0])], axis=0)[0]], keepdims=1)[0]


def _flat_places(cx: Converter, values: str) -> str:
    count = cx.emit("Gather", [cx.emit("Shape", [values])[0], cx.scalar(0, "DT_INT64")], axis=0)[0]
    return cx.emit("Range", [cx.scalar(0, "DT_INT64"), count, cx.scalar(1, "DT_INT64")])[0]


def _grid_points(cx: Converter, levels: List[str]) -> Tuple[str, List[str]]:
    """Each flat value's coordinates in the dense tensor (``[values, depth]``) and each level's longest row (a
    1-element tensor), from the row splits of each ragged level (outermost first), in memory of the dense tensor:
    at each level, the places of a grid of its rows by its longest row that lie within their row, which NonZero
    gives row by row, as the level's elements lie; an element's row is an element of the level above, whose
    coordinates it takes."""
    op = cx.op
    points = ""  # [coordinates so far, the elements of the level]
    longest: List[str] = []
    for splits in levels:
        lengths = _lengths(cx, splits)
        longest.append(_longest(cx, lengths))
        width = op(
            "Range", cx.scalar(0, "DT_INT64"), op("Squeeze", longest[-1], cx.ints([0])), cx.scalar(1, "DT_INT64")
        )
        found = op("NonZero", op("Less", width, unsqueeze(cx, lengths, [1])))  # [row, place in it] of each element
        if points:
            above = op("Gather", points, op("Gather", found, cx.scalar(0, "DT_INT64"), axis=0), axis=1)
            found = op("Concat", above, op("Slice", found, cx.ints([1]), cx.ints([2])), axis=0)
        points = found
    return op("Transpose", points, perm=[1, 0]), longest


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
    shape = cx.emit("Concat", [rows, *(_longest(cx, _lengths(cx, level)) for level in splits)], axis=0)[0]
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
            if cx.opset < 16:  # no ScatterND add: a mask of rows by ids, summed
                every = cx.emit("Range", [cx.scalar(0, "DT_INT64"), cx.emit("Squeeze", [count])[0],
                                          cx.scalar(1, "DT_INT64")])[0]  # fmt: skip
                matched = cx.emit("Equal", [unsqueeze(cx, every, [1]), unsqueeze(cx, ids, [0])])[0]
                counted = cx.emit("ReduceSum", [cx.emit("Cast", [matched], to=7)[0], cx.ints([1])], keepdims=0)[0]
            else:
                start = cx.emit("ConstantOfShape", [count], value=tensor_of("DT_INT64", (1,), [0]))[0]
                ones = cx.emit("ConstantOfShape", [cx.emit("Shape", [ids])[0]],
                               value=tensor_of("DT_INT64", (1,), [1]))[0]  # fmt: skip
                counted = cx.emit("ScatterND", [start, unsqueeze(cx, ids, [1]), ones], reduction="add")[0]
            levels.append(cx.emit("Concat", [cx.ints([0]), cx.emit("CumSum", [counted, cx.scalar(0, "DT_INT64")])[0]],
                                  axis=0)[0])  # fmt: skip
            count = cx.emit("Shape", [ids])[0]
    elif all(kind == "ROW_SPLITS" for kind in kinds):
        levels = [as_int64(cx, value) for value in partitions]
    else:
        raise ConversionError(f"its row_partition_types {kinds} are not ROW_SPLITS, or FIRST_DIM_SIZE then "
                              "VALUE_ROWIDS")  # fmt: skip
    points, longest = _grid_points(cx, levels)  # [values, depth]
    dense = [cx.emit("Sub", [cx.emit("Shape", [levels[0]])[0], cx.ints([1])])[0], *longest]
    inner = cx.emit("Slice", [cx.emit("Shape", [data])[0], cx.ints([1]), cx.ints([2**63 - 1])])[0]
    dims = cx.emit("Concat", [*dense, inner], axis=0)[0]
    depth = len(levels) + 1
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


# ---------------------------------------------------------------- encoded rows (tf.map_fn of a ragged tensor)

# What carries a list of encoded rows from where it is made to where it is read or written (a TF 1 frame's nodes,
# a TF 2 loop, an identity).
_CARRIERS = frozenset({"Enter", "Merge", "Switch", "Identity", "Exit", "NextIteration", "While", "StatelessWhile",
                       "TensorListSetItem", "TensorListPushBack", "TensorListStack"})  # fmt: skip
_LOOKED_AT = 512  # the nodes the search for a list's row type walks at most


def ragged_element(cx: Converter, node: Decoded) -> str:
    """The values' dtype of the encoded rows a TensorList of ``DT_VARIANT`` elements (*node*, which makes it) holds:
    the ``Tvalues`` of the ragged op that encodes its rows or decodes them, found along its readers."""
    producers = {item["name"]: item for item in cx.frozen.nodes}
    readers: Dict[str, List[Decoded]] = {}
    for item in cx.frozen.nodes:
        for reference in item["input"]:
            if not reference.startswith("^"):
                readers.setdefault(split_tensor_name(reference)[0], []).append(item)
    seen, pending = {node["name"]}, [node]
    while pending and len(seen) < _LOOKED_AT:
        for reader in readers.get(pending.pop()["name"], []):
            found = reader
            if reader["op"] in ("TensorListSetItem", "TensorListPushBack"):
                data = [reference for reference in reader["input"] if not reference.startswith("^")]
                found = producers.get(split_tensor_name(data[-1])[0], reader)
            if found["op"] in ("RaggedTensorToVariant", "RaggedTensorFromVariant"):
                dtype = attr(found, "Tvalues")
                if dtype in ONNX_TYPES and dtype != "DT_VARIANT":
                    return str(dtype)
            if reader["op"] in _CARRIERS and reader["name"] not in seen:
                seen.add(reader["name"])
                pending.append(reader)
    raise ConversionError("its element_dtype is DT_VARIANT, and no ragged op encodes or decodes what it holds: ONNX "
                          "has no type for such elements")  # fmt: skip


def ragged_to_variant(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """RaggedTensorToVariant of the two forms tf.map_fn writes: a batch of one ragged dimension, each row encoded
    (the sequence of its rows' values), and a dense tensor encoded whole (the tensor itself)."""
    splits, values = inputs[:-1], inputs[-1]
    batched = attr(node, "batched_input", False)
    if not batched and not splits:
        return [cx.result(0, values.dtype, values.shape, onnx=cx.tf(values))]
    if not batched or len(splits) != 1:
        raise ConversionError(f"it encodes a ragged tensor of {len(splits)} ragged dimension(s)"
                              f"{'' if batched else ' whole'}: the conversion encodes a batch of one ragged "
                              "dimension (tf.map_fn's rows) or a dense tensor")  # fmt: skip
    row_splits = splits[0]
    if row_splits.dtype not in INTEGER_TYPES or row_splits.rank not in (None, 1) or values.rank == 0:
        raise ConversionError(f"its splits are {row_splits.dtype} of rank {row_splits.rank} and its values of rank "
                              f"{values.rank}: TensorFlow takes a vector of int32 or int64 and values of rank 1 or "
                              "more")  # fmt: skip
    op = cx.op
    bounds = as_int64(cx, row_splits)
    ends = op("Slice", bounds, cx.ints([1]), cx.ints([1 << 62]))
    lengths = op("Sub", ends, op("Slice", bounds, cx.ints([0]), cx.ints([-1])))
    made = op("SplitToSequence", cx.tf(values), lengths, axis=0, keepdims=1)
    rows = cx.result(0, "DT_VARIANT", None if values.shape is None else [None, *values.shape[1:]], onnx=made)
    rows.element, rows.rows = values.dtype, True
    return [rows]


def ragged_from_variant(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """RaggedTensorFromVariant of the two forms tf.map_fn reads: a row encoded whole (the tensor it is), and a
    vector of encoded rows decoded as one ragged dimension (the rows' values joined, their lengths' running sum the
    splits)."""
    encoded = inputs[0]
    dtype, splits_type = attr(node, "Tvalues"), attr(node, "Tsplits", "DT_INT64")
    inner, outer = attr(node, "input_ragged_rank", -1), attr(node, "output_ragged_rank", 0)
    if splits_type not in INTEGER_TYPES:
        raise ConversionError(f"its Tsplits {splits_type!r} is not int32 or int64")
    if outer == 0 and inner in (-1, 0) and not encoded.rows and encoded.element is None and encoded.dtype == dtype:
        return [cx.result(0, dtype, encoded.shape, onnx=cx.tf(encoded))]
    if not (outer == 1 and inner in (-1, 0) and encoded.rows and encoded.element == dtype):
        raise ConversionError(f"it decodes {'rows' if encoded.rows else encoded.dtype} of ragged rank {inner} into "
                              f"ragged rank {outer}: the conversion decodes what tf.map_fn writes (rows of "
                              f"{dtype} as one ragged dimension, or a row whole)")  # fmt: skip
    op = cx.op
    rows = cx.tf(encoded)
    # Each row's length, gathered by a Loop over the sequence (its body reads the sequence from the outer scope).
    body = cx.child()
    body.node = node
    step, keep, lengths = (cx.fresh(name) for name in ("step", "keep", "lengths"))
    row = body.op("SequenceAt", rows, step)
    length = body.op("Slice", body.op("Shape", row), cx.ints([0]), cx.ints([1]))
    grown = body.op("Concat", lengths, length, axis=0)
    kept = body.op("Identity", keep)
    scalar = [value_info(step, "DT_INT64", [], symbolic=False), value_info(keep, "DT_BOOL", [], symbolic=False)]
    graph = {"name": f"{node['name']}/lengths", "node": body.nodes,
             "input": [*scalar, value_info(lengths, "DT_INT64", [None], symbolic=False)],
             "output": [value_info(kept, "DT_BOOL", [], symbolic=False),
                        value_info(grown, "DT_INT64", [None], symbolic=False)]}  # fmt: skip
    empty = cx.initializer(tensor_of("DT_INT64", (0,), []), cx.fresh("no_rows"))
    counted = op("Loop", op("SequenceLength", rows), "", empty, body=graph)
    running = op("CumSum", op("Concat", cx.ints([0]), counted, axis=0), cx.scalar(0, "DT_INT64"))
    splits = running if splits_type == "DT_INT64" else op("Cast", running, to=onnx_type(splits_type))
    joined = op("ConcatFromSequence", rows, axis=0, new_axis=0)
    shape = None if encoded.shape is None else [None, *encoded.shape[1:]]
    return [cx.result(0, splits_type, [None], onnx=splits), cx.result(1, dtype, shape, onnx=joined)]
