# SPDX-License-Identifier: Apache-2.0
"""The op table's rules for tensors moved, reversed, broadcast, scattered and picked from.

Strategy: each rule takes a shape-like input (axes, shifts, shapes, indices) as a tensor when the graph computes it
and as a constant when it gives one, the same ONNX ops either way (Slice, Expand, ScatterND and their kind take
them as inputs): only what ONNX wants as an attribute (an axis of Roll, OneHot's axis) must be known. TensorFlow's
int32 indices are cast to the int64 ONNX's indexing ops take, and element types onnxruntime has no kernel for are
computed in a wider one (``kernels.widened``).
"""

from __future__ import annotations

from .._errors import ConversionError
from .._tensor import Tensor
from .kernels import KERNELS, computed_in, widened
from .nodeparts import (
    INT64_MAX,
    INT64_MIN,
    INTEGER_TYPES,
    STEPS_LIMIT,
    as_int64,
    attr,
    axis_in,
    broadcast,
    check_made,
    dynamic_axes,
    fully_known,
    need_dims,
    need_integers,
    need_ints,
    need_rank,
    onnx_type,
    text_attr,
    unsqueeze,
)
from .shapes import from_dims
from .values import flat, scalar_tensor, tensor_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final, List, Optional

    from .._typing import Decoded
    from .converter import Converter
    from .values import Shape, Value

    Outputs = List[Optional[Value]]


def reverse(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """ReverseV2: a Slice from the last element back past the first (step -1) along each axis."""
    x, axes_value = inputs[0], inputs[1]
    need_integers(axes_value, "axes")
    known = axes_value.ints()
    if known is not None:
        rank = need_rank(x)
        axes = [axis_in(axis, rank) for axis in known]
        if len(set(axes)) != len(axes):
            raise ConversionError(f"its axes {known} name an axis twice, which TensorFlow refuses")
        if not axes:
            return [cx.result(0, x.dtype, x.shape, onnx=cx.emit("Identity", [cx.tf(x)])[0])]
        count = len(axes)
        starts, ends, axes_name = cx.ints([-1] * count), cx.ints([INT64_MIN] * count), cx.ints(axes)
        steps = starts
    else:
        axes_name = dynamic_axes(cx, axes_value)
        nothing = cx.emit("Mul", [axes_name, cx.scalar(0, "DT_INT64")])[0]  # as many zeros as axes
        starts = cx.emit("Sub", [nothing, cx.scalar(1, "DT_INT64")])[0]
        ends = cx.emit("Add", [nothing, cx.scalar(INT64_MIN, "DT_INT64")])[0]
        steps = starts
    out = cx.emit("Slice", [cx.tf(x), starts, ends, axes_name, steps])[0]
    result = cx.result(0, x.dtype, x.shape, onnx=out)
    if x.partial is not None and x.rank == 1 and known is not None and len(known) == 1:
        result.partial = list(reversed(x.partial))
    return [result]


def reverse_sequence(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """ReverseSequence: ONNX's, whose batch and time axes are 0 and 1; other axes are moved there and back."""
    x, lengths = inputs[0], inputs[1]
    need_integers(lengths, "seq_lengths")
    rank = need_rank(x)
    if rank < 2:
        raise ConversionError(f"its input has rank {rank}: TensorFlow reverses sequences of rank 2 or more")
    time, batch = axis_in(attr(node, "seq_dim", 0), rank), axis_in(attr(node, "batch_dim", 0), rank)
    if time == batch:
        raise ConversionError(f"its seq_dim and batch_dim are both {time}")
    data = cx.tf(x)
    perm: Optional[List[int]] = None
    if {time, batch} != {0, 1}:
        perm = [batch, time, *(axis for axis in range(rank) if axis not in (batch, time))]
        data = cx.emit("Transpose", [data], perm=perm)[0]
        batch_axis, time_axis = 0, 1
    else:
        batch_axis, time_axis = batch, time
    out = cx.emit("ReverseSequence", [data, as_int64(cx, lengths)], batch_axis=batch_axis, time_axis=time_axis)[0]
    if perm is not None:
        out = cx.emit("Transpose", [out], perm=[perm.index(axis) for axis in range(rank)])[0]
    return [cx.result(0, x.dtype, x.shape, onnx=out)]


def roll(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """Roll: along each axis, the last ``shift mod size`` elements put first (two Slices and a Concat); a shift the
    graph computes is taken as a tensor, the axes must be known (an attribute of each Concat)."""
    x, shift, axis_value = inputs[0], inputs[1], inputs[2]
    need_integers(shift, "shift")
    rank = need_rank(x)
    axes = [axis_in(axis, rank) for axis in need_ints(axis_value, "axis")]
    shifts = shift.ints()
    count = len(axes)
    if (shifts is not None and len(shifts) != count) or shift.rank not in (None, axis_value.rank):
        raise ConversionError(f"its shift {shift.tf_name!r} and axis {axes} are not one shift for each axis")
    data = cx.tf(x)
    for index, axis in enumerate(axes):
        size = None if x.shape is None else x.shape[axis]
        if shifts is not None and size is not None:
            if size == 0:
                continue
            cut = cx.ints([size - shifts[index] % size])
        else:
            amount = cx.ints([shifts[index]]) if shifts is not None else _one_shift(cx, shift, index)
            if size is not None:
                length = cx.ints([size])
            else:
                length = cx.emit("Gather", [cx.emit("Shape", [data])[0], cx.ints([axis])], axis=0)[0]
            modulo = cx.emit("Mod", [amount, length], fmod=0)[0]  # the divisor's sign: 0 to size - 1
            cut = cx.emit("Sub", [length, modulo])[0]
        axis_name = cx.ints([axis])
        tail = cx.emit("Slice", [data, cut, cx.ints([INT64_MAX]), axis_name])[0]
        head = cx.emit("Slice", [data, cx.ints([0]), cut, axis_name])[0]
        data = cx.emit("Concat", [tail, head], axis=axis)[0]
    if data == cx.tf(x):
        data = cx.emit("Identity", [data])[0]
    return [cx.result(0, x.dtype, x.shape, onnx=data)]


def _one_shift(cx: Converter, shift: Value, index: int) -> str:
    """Element *index* of a computed shift (a scalar or a vector), as a 1-D int64 of one element."""
    vector = cx.emit("Reshape", [as_int64(cx, shift), cx.ints([-1])])[0]
    return cx.emit("Gather", [vector, cx.ints([index])], axis=0)[0]


def broadcast_to(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    x, target = inputs[0], inputs[1]
    need_dims(target, "shape")
    wanted = from_dims(target)
    shape = broadcast(x.shape, wanted) if wanted is not None else None
    if shape is not None and wanted is not None and len(shape) != len(wanted):
        raise ConversionError(f"its input of shape {x.shape} has more axes than the shape {wanted} it is broadcast to")
    dims = cx.ints([dim if dim is not None else -1 for dim in (wanted or [])]) if fully_known(wanted) else None
    out = cx.emit("Expand", [cx.tf(x), dims or as_int64(cx, target)])[0]
    return [cx.result(0, x.dtype, shape, onnx=out)]


def matrix_band_part(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """MatrixBandPart: each matrix's elements kept where ``row - column`` is at most num_lower and ``column - row``
    at most num_upper (a negative bound keeping the whole triangle), the rest 0: a mask of two Ranges."""
    x, lower, upper = inputs[0], inputs[1], inputs[2]
    for bound in (lower, upper):
        if bound.dtype not in INTEGER_TYPES or bound.rank not in (None, 0):
            raise ConversionError(f"its bound {bound.tf_name!r} is {bound.dtype} of rank {bound.rank}: TensorFlow "
                                  "takes an integer scalar")  # fmt: skip
    if need_rank(x) < 2:
        raise ConversionError(f"its input has rank {x.rank}: TensorFlow takes matrices (rank 2 or more)")
    shape = cx.emit("Shape", [cx.tf(x)])[0]
    rows = cx.emit("Gather", [shape, cx.ints([-2])], axis=0)[0]
    columns = cx.emit("Gather", [shape, cx.ints([-1])], axis=0)[0]
    zero, one = cx.scalar(0, "DT_INT64"), cx.scalar(1, "DT_INT64")
    row = cx.emit("Range", [zero, cx.emit("Squeeze", [rows])[0], one])[0]
    column = cx.emit("Range", [zero, cx.emit("Squeeze", [columns])[0], one])[0]
    below = cx.emit("Sub", [unsqueeze(cx, row, [1]), unsqueeze(cx, column, [0])])[0]  # row - column
    keep: Optional[str] = None
    for bound, distance in ((lower, below), (upper, cx.emit("Neg", [below])[0])):
        limit = as_int64(cx, bound)
        within = cx.emit("Or", [cx.emit("Less", [limit, zero])[0],
                                cx.emit("LessOrEqual", [distance, limit])[0]])[0]  # fmt: skip
        keep = within if keep is None else cx.emit("And", [keep, within])[0]
    if keep is None or x.dtype == "DT_STRING":
        raise ConversionError("a band of strings (the rest empty strings) is not converted")
    wider = computed_in("Where", x.dtype) or x.dtype  # bools as uint8
    (data,), back = widened(cx, "Where", x.dtype, [cx.tf(x)])
    out = cx.emit("Where", [keep, data, cx.scalar(0, wider)])[0]
    return [cx.result(0, x.dtype, x.shape, onnx=back(out))]


def gather_nd(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    params, indices = inputs[0], inputs[1]
    need_integers(indices)
    shape: Shape = None
    if params.shape is not None and indices.shape is not None and indices.shape and indices.shape[-1] is not None:
        depth = indices.shape[-1]
        if depth > len(params.shape):
            raise ConversionError(f"its indices pick {depth} axes of an input of rank {len(params.shape)}")
        shape = [*indices.shape[:-1], *params.shape[depth:]]
    out = cx.emit("GatherND", [cx.tf(params), as_int64(cx, indices)])[0]
    return [cx.result(0, params.dtype, shape, onnx=out)]


def _clamped_starts(cx: Converter, x: Value, starts: Value, sizes: str, rank: int) -> str:
    """XLA's start indices of a dynamic slice or update (int64): each moved into [0, dim - size], so the slice fits,
    as XLA clamps them (the ops' docs leave out-of-range starts to the implementation; XLA's clamps)."""
    need_integers(starts, "start indices")
    if starts.rank not in (None, 1) or (starts.shape is not None and starts.shape[0] not in (None, rank)):
        raise ConversionError(f"its start indices {starts.tf_name!r} are of shape {starts.shape}: XLA takes one per "
                              f"axis of its input's {rank}")  # fmt: skip
    room = cx.emit("Sub", [cx.emit("Shape", [cx.tf(x)])[0], sizes])[0]
    return cx.emit("Max", [cx.emit("Min", [as_int64(cx, starts), room])[0], cx.ints([0] * rank)])[0]


def xla_dynamic_slice(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """XlaDynamicSlice: a Slice of the sizes given, from the start indices clamped so that it fits."""
    x, starts, sizes = inputs[0], inputs[1], inputs[2]
    rank = need_rank(x)
    need_dims(sizes, "slice sizes")
    known = sizes.ints()
    dims = x.shape or [None] * rank
    outside = [size for size, dim in zip(known or [], dims) if size < 0 or (dim is not None and size > dim)]
    if known is not None and (len(known) != rank or outside):
        raise ConversionError(f"its slice sizes {known} do not fit its input of shape {x.shape}")
    size_name = as_int64(cx, sizes)
    begin = _clamped_starts(cx, x, starts, size_name, rank)
    end = cx.emit("Add", [begin, size_name])[0]
    out = cx.emit("Slice", [cx.tf(x), begin, end, cx.ints(list(range(rank)))])[0]
    return [cx.result(0, x.dtype, list(known) if known is not None else [None] * rank, onnx=out)]


def xla_dynamic_update_slice(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """XlaDynamicUpdateSlice: the input with the update written from the start indices (clamped so that it fits),
    as a ScatterND whose indices are the update's own coordinates moved by the starts."""
    x, update, starts = inputs[0], inputs[1], inputs[2]
    rank = need_rank(x)
    if update.dtype != x.dtype:
        raise ConversionError(f"its input is {x.dtype} and its update {update.dtype}: XLA takes one type")
    if update.rank is not None and update.rank != rank:
        raise ConversionError(f"its update is of rank {update.rank} and its input of rank {rank}: XLA takes one rank")
    pairs = zip(x.shape or [], update.shape or [])
    if any(dim is not None and size is not None and size > dim for dim, size in pairs):
        raise ConversionError(f"its update of shape {update.shape} does not fit its input of shape {x.shape}")
    part = cx.emit("Shape", [cx.tf(update)])[0]
    begin = _clamped_starts(cx, x, starts, part, rank)
    if rank == 0:
        return [cx.result(0, x.dtype, [], onnx=cx.tf(update))]
    coordinates = []
    for axis in range(rank):
        # The update's coordinate along the axis, moved by the axis's start and laid out over the update's shape.
        at = cx.scalar(axis, "DT_INT64")
        size, start = (cx.emit("Gather", [name, at])[0] for name in (part, begin))
        steps = cx.emit("Range", [cx.scalar(0, "DT_INT64"), size, cx.scalar(1, "DT_INT64")])[0]
        moved = cx.emit("Add", [steps, start])[0]
        laid = cx.emit("Reshape", [moved, cx.ints([-1 if other == axis else 1 for other in range(rank)])])[0]
        coordinates.append(unsqueeze(cx, cx.emit("Expand", [laid, part])[0], [rank]))
    grid = cx.emit("Concat", coordinates, axis=rank)[0]
    (data, values), back = widened(cx, "ScatterND", x.dtype, [cx.tf(x), cx.tf(update)])
    out = cx.emit("ScatterND", [data, grid, values])[0]
    return [cx.result(0, x.dtype, x.shape, onnx=back(out))]


def where_indices(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """Where of one input: the coordinates of its true (non-zero) elements, one row each, in row-major order."""
    x = inputs[0]
    rank = need_rank(x)
    data = cx.tf(x)
    if x.dtype == "DT_STRING":
        raise ConversionError("a Where of strings is not what TensorFlow takes")
    (data,), _ = widened(cx, "NonZero", x.dtype, [data])
    coordinates = cx.emit("NonZero", [data])[0]  # [rank, count]
    out = cx.emit("Transpose", [coordinates], perm=[1, 0])[0]
    return [cx.result(0, "DT_INT64", [None, rank], onnx=out)]


def one_hot(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """OneHot: ONNX's, its indices int64 and a negative index made one past the depth (TensorFlow gives it a row of
    off values, where ONNX would count it from the end)."""
    indices, depth, on, off = inputs[0], inputs[1], inputs[2], inputs[3]
    if indices.dtype not in INTEGER_TYPES | {"DT_UINT8", "DT_INT8"}:
        raise ConversionError(f"its indices {indices.tf_name!r} are {indices.dtype}: TensorFlow takes integers")
    if depth.dtype != "DT_INT32" or depth.rank not in (None, 0) or on.dtype != off.dtype:
        raise ConversionError("its depth is not an int32 scalar, or its on and off values differ in type")
    rank = need_rank(indices)
    axis = attr(node, "axis", -1)
    if not isinstance(axis, int) or not -1 <= axis <= rank:
        raise ConversionError(f"its axis {axis!r} is outside the {rank + 1} places a new axis can take")
    deep = as_int64(cx, depth)
    index = cx.emit("Cast", [cx.tf(indices)], to=7)[0]
    index = cx.emit("Where", [cx.emit("Less", [index, cx.scalar(0, "DT_INT64")])[0], deep, index])[0]
    scalar = rank == 0  # ONNX's OneHot takes indices of rank 1 or more: a scalar's is a vector of one, then squeezed
    if scalar:
        index, axis = unsqueeze(cx, index, [0]), -1
    if on.dtype in KERNELS["OneHot"]:
        values = cx.emit("Concat", [unsqueeze(cx, cx.tf(off), [0]), unsqueeze(cx, cx.tf(on), [0])], axis=0)[0]
        out = cx.emit("OneHot", [index, deep, values], axis=axis)[0]
    else:  # a type onnxruntime's OneHot lacks (double, int32, bool): its mask picks the values, exactly
        mask = cx.emit("OneHot", [index, deep, cx.ints([0, 1])], axis=axis)[0]
        mask = cx.emit("Cast", [mask], to=9)[0]
        (chosen, other), back = widened(cx, "Where", on.dtype, [cx.tf(on), cx.tf(off)])
        out = back(cx.emit("Where", [mask, chosen, other])[0])
    if scalar:
        out = cx.emit("Squeeze", [out, cx.ints([0])])[0]
    where = rank if axis == -1 else axis
    count = depth.ints()
    shape = None if indices.shape is None else [*indices.shape[:where], count[0] if count else None,
                                                 *indices.shape[where:]]  # fmt: skip
    return [cx.result(0, on.dtype, shape, onnx=out)]


def unique(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """Unique and UniqueWithCounts: ONNX's Unique unsorted (first appearance first, as TensorFlow orders them),
    its inverse indices and counts cast to out_idx."""
    x = inputs[0]
    if need_rank(x) != 1:
        raise ConversionError(f"its input has rank {x.rank}: TensorFlow's {node['op']} takes a vector")
    index_type = attr(node, "out_idx", "DT_INT32")
    if index_type not in INTEGER_TYPES:
        raise ConversionError(f"its out_idx {index_type!r} is not int32 or int64")
    (data,), back = widened(cx, "Unique", x.dtype, [cx.tf(x)])
    values, _, inverse, counts = cx.emit("Unique", [data], 4, sorted=0)
    results: Outputs = [cx.result(0, x.dtype, [None], onnx=back(values))]
    for port, name in ((1, inverse), (2, counts))[: 2 if node["op"] == "UniqueWithCounts" else 1]:
        if index_type != "DT_INT64":
            name = cx.emit("Cast", [name], to=onnx_type(index_type))[0]
        results.append(cx.result(port, index_type, x.shape if port == 1 else [None], onnx=name))
    return results


def invert_permutation(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """InvertPermutation: ``out[x[i]] = i``, a ScatterElements of a Range into the permutation's place."""
    x = inputs[0]
    if x.dtype not in INTEGER_TYPES or x.rank not in (None, 1):
        raise ConversionError(f"its input is {x.dtype} of rank {x.rank}: TensorFlow takes a vector of int32 or int64")
    known = x.ints()
    if known is not None:
        if sorted(known) != list(range(len(known))):
            raise ConversionError(f"its input {known} is not a permutation")
        inverse = [0] * len(known)
        for position, item in enumerate(known):
            inverse[item] = position
        return [cx.constant_result(0, tensor_of(x.dtype, (len(inverse),), inverse))]
    data = cx.tf(x)
    count = cx.emit("Squeeze", [cx.emit("Shape", [data])[0]])[0]
    positions = cx.emit("Range", [cx.scalar(0, "DT_INT64"), count, cx.scalar(1, "DT_INT64")])[0]
    if x.dtype != "DT_INT64":
        positions = cx.emit("Cast", [positions], to=onnx_type(x.dtype))[0]
    out = cx.emit("ScatterElements", [data, as_int64(cx, x), positions], axis=0)[0]
    return [cx.result(0, x.dtype, x.shape, onnx=out)]


def ensure_shape(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """EnsureShape and CheckNumerics: the value passes through (what they check is TensorFlow's at run time)."""
    return list(inputs[:1])


def sparse_to_dense(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """SparseToDense: the default value filled out to the shape, the values scattered at the indices (a scalar value
    to every index); a repeated index keeps its last value."""
    indices, target, values, default = inputs[0], inputs[1], inputs[2], inputs[3]
    need_integers(indices)
    if target.rank != 0:
        need_dims(target, "output_shape")
    if default.rank not in (None, 0) or values.dtype != default.dtype:
        raise ConversionError(f"its default value is {default.dtype} of rank {default.rank} for values of "
                              f"{values.dtype}: TensorFlow takes a scalar of the values' type")  # fmt: skip
    dims = as_int64(cx, target)
    if target.rank != 1:  # a scalar output_shape: a vector of its one dim
        dims = cx.emit("Reshape", [dims, cx.ints([-1])])[0]
    places = as_int64(cx, indices)
    if indices.rank in (0, 1):  # indices of a vector's elements
        places = cx.emit("Reshape", [places, cx.ints([-1, 1])])[0]
    if values.rank == 1:  # a value per index, as TensorFlow requires of a vector (the kernel checks its length)
        updates = cx.tf(values)
    else:  # a scalar given to every index (of an unknown rank: flattened first)
        count = cx.emit("Gather", [cx.emit("Shape", [places])[0], cx.ints([0])], axis=0)[0]
        flat = cx.tf(values) if values.rank == 0 else cx.emit("Reshape", [cx.tf(values), cx.ints([-1])])[0]
        updates = cx.emit("Expand", [flat, count])[0]
    start = cx.emit("Expand", [cx.tf(default), dims])[0]
    (start, updates), back = widened(cx, "ScatterND", values.dtype, [start, updates])
    out = back(cx.emit("ScatterND", [start, places, updates])[0])
    return [cx.result(0, values.dtype, from_dims(target) if target.rank == 1 else [], onnx=out)]


def dynamic_stitch(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """DynamicStitch and ParallelDynamicStitch: ``merged[indices[m][i]] = data[m][i]``, every piece's indices and
    rows joined and scattered into one tensor of the greatest index plus one rows (a later piece's row wins)."""
    half = len(inputs) // 2
    indices, data = inputs[:half], inputs[half:]
    if half == 0 or len(inputs) != 2 * half:
        raise ConversionError("its indices and data are not as many")
    for value in indices:
        need_integers(value)
    dtype = data[0].dtype
    rank = need_rank(indices[0])
    row = None if data[0].shape is None else data[0].shape[rank:]
    flat_indices = [cx.emit("Reshape", [as_int64(cx, value), cx.ints([-1])])[0] for value in indices]
    row_shape = cx.emit("Slice", [cx.emit("Shape", [cx.tf(data[0])])[0], cx.ints([rank]), cx.ints([INT64_MAX])])[0]
    rows = [cx.emit("Reshape", [cx.tf(value), cx.emit("Concat", [cx.ints([-1]), row_shape], axis=0)[0]])[0]
            for value in data]  # fmt: skip
    places = cx.emit("Concat", flat_indices, axis=0)[0] if half > 1 else flat_indices[0]
    updates = cx.emit("Concat", rows, axis=0)[0] if half > 1 else rows[0]
    count = cx.emit("Add", [cx.emit("ReduceMax", [places], keepdims=1)[0], cx.ints([1])])[0]
    target = cx.emit("Concat", [count, row_shape], axis=0)[0]
    start = cx.emit("ConstantOfShape", [target], value=Tensor(dtype, (1,), scalar_tensor(0, dtype).tobytes()))[0]
    (start, updates), back = widened(cx, "ScatterND", dtype, [start, updates])
    out = back(cx.emit("ScatterND", [start, unsqueeze(cx, places, [1]), updates])[0])
    return [cx.result(0, dtype, None if row is None else [None, *row], onnx=out)]


def dynamic_partition(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """DynamicPartition: output p holds the rows of data whose partition is p, in order (a Compress each)."""
    data, partitions = inputs[0], inputs[1]
    if partitions.dtype != "DT_INT32":
        raise ConversionError(f"its partitions {partitions.tf_name!r} are {partitions.dtype}: TensorFlow takes int32")
    count = attr(node, "num_partitions", 0)
    if not isinstance(count, int) or count < 1:
        raise ConversionError(f"its num_partitions {count!r} is not a count of 1 or more")
    check_made(count, "one output per partition", STEPS_LIMIT)
    rank = need_rank(partitions, "partitions")
    row_shape = cx.emit("Slice", [cx.emit("Shape", [cx.tf(data)])[0], cx.ints([rank]), cx.ints([INT64_MAX])])[0]
    rows = cx.emit("Reshape", [cx.tf(data), cx.emit("Concat", [cx.ints([-1]), row_shape], axis=0)[0]])[0]
    which = cx.emit("Reshape", [cx.tf(partitions), cx.ints([-1])])[0]
    row = None if data.shape is None else data.shape[rank:]
    results: Outputs = []
    for part in range(count):
        chosen = cx.emit("Equal", [which, cx.scalar(part, "DT_INT32")])[0]
        out = cx.emit("Compress", [rows, chosen], axis=0)[0]
        results.append(cx.result(part, data.dtype, None if row is None else [None, *row], onnx=out))
    return results


def _strides(cx: Converter, shape: str) -> str:
    """Row-major strides of an int64 *shape* of any length: each the product of the dims after it (a [dims, dims]
    grid of those dims, 1 elsewhere, multiplied along a row)."""
    count = cx.emit("Size", [shape])[0]
    axes = cx.emit("Range", [cx.scalar(0, "DT_INT64"), count, cx.scalar(1, "DT_INT64")])[0]
    after = cx.emit("Greater", [unsqueeze(cx, axes, [0]), unsqueeze(cx, axes, [1])])[0]
    grid = cx.emit("Where", [after, unsqueeze(cx, shape, [0]), cx.scalar(1, "DT_INT64")])[0]
    return cx.emit("ReduceProd", [grid], axes=[1], keepdims=0)[0] if cx.opset < 18 else cx.emit(
        "ReduceProd", [grid, cx.ints([1])], keepdims=0)[0]  # fmt: skip


def sparse_reshape(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """SparseReshape: each index made a place in the flattened tensor (the old shape's strides), then coordinates of
    the new shape (its -1 worked out from the elements the old one holds)."""
    indices, old, new = inputs[0], inputs[1], inputs[2]
    for value in inputs[:3]:
        if value.dtype != "DT_INT64":
            raise ConversionError(f"its input {value.tf_name!r} is {value.dtype}: TensorFlow takes int64")
    # TensorFlow's shape function: indices a matrix, each shape a vector, an index a place in the old shape.
    if indices.rank not in (None, 2) or old.rank not in (None, 1) or new.rank not in (None, 1):
        raise ConversionError(f"its indices are of rank {indices.rank} and its shapes of ranks {old.rank} and "
                              f"{new.rank}: TensorFlow takes a matrix and two vectors")  # fmt: skip
    columns = None if indices.shape is None else indices.shape[1]
    dims = None if old.shape is None else old.shape[0]
    if columns is not None and dims is not None and columns != dims:
        raise ConversionError(f"its indices have {columns} column(s) for a shape of {dims} dim(s)")
    old_shape, new_shape = cx.tf(old), cx.tf(new)
    total = cx.emit("ReduceProd", [old_shape], keepdims=1)[0]
    unknown = cx.emit("Equal", [new_shape, cx.scalar(-1, "DT_INT64")])[0]
    known = cx.emit("ReduceProd", [cx.emit("Where", [unknown, cx.scalar(1, "DT_INT64"), new_shape])[0]],
                    keepdims=1)[0]  # fmt: skip
    shape = cx.emit("Where", [unknown, cx.emit("Div", [total, known])[0], new_shape])[0]
    flat = cx.emit("Mul", [cx.tf(indices), unsqueeze(cx, _strides(cx, old_shape), [0])])[0]
    place = cx.emit("ReduceSum", [flat, cx.ints([1])], keepdims=1)[0]  # [N, 1]
    moved = cx.emit("Mod", [cx.emit("Div", [place, unsqueeze(cx, _strides(cx, shape), [0])])[0],
                            unsqueeze(cx, shape, [0])], fmod=0)[0]  # fmt: skip
    count = None if new.shape is None else new.shape[0]
    return [cx.result(0, "DT_INT64", [None, count], onnx=moved), cx.result(1, "DT_INT64", [count], onnx=shape)]


# DenseToDenseSetOperation's set_operation -> (the elements taken from: "a", "b" or "both"; kept if in the other).
_SET_OPERATIONS: Final = {
    "a-b": ("a", False),
    "b-a": ("b", False),
    "intersection": ("a", True),
    "union": ("both", None),
}


def set_operation(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """DenseToDenseSetOperation of the rows of two matrices of integers: each row's first appearances of the
    elements the operation keeps (union: of both rows; intersection: of the first, found in the second; a-b and
    b-a: found not), sorted (TopK, smallest first), as a sparse tensor (indices, values, dense shape)."""
    a, b = inputs[0], inputs[1]
    operation = text_attr(node, "set_operation", "")
    if operation not in _SET_OPERATIONS:
        raise ConversionError(f"its set_operation {operation!r} is not a-b, b-a, intersection or union")
    if a.dtype not in INTEGER_TYPES or b.dtype != a.dtype or a.rank != 2 or b.rank != 2:
        raise ConversionError(f"its sets are {a.dtype} of rank {a.rank} and {b.dtype} of rank {b.rank}: sets of "
                              "int32 or int64 in the rows of matrices are converted")  # fmt: skip
    source, wanted = _SET_OPERATIONS[operation]
    first, second = (cx.tf(a), cx.tf(b)) if source != "b" else (cx.tf(b), cx.tf(a))
    elements = cx.emit("Concat", [first, second], axis=1)[0] if source == "both" else first  # [rows, n]

    def grid(left: str, right: str) -> str:  # [rows, n, m]: left[r, i] == right[r, j]
        return cx.emit("Equal", [unsqueeze(cx, left, [2]), unsqueeze(cx, right, [1])])[0]

    def anywhere(mask: str) -> str:
        counted = cx.emit("Cast", [mask], to=6)[0]
        total = cx.emit("ReduceMax", [counted], axes=[2], keepdims=0)[0] if cx.opset < 18 else cx.emit(
            "ReduceMax", [counted, cx.ints([2])], keepdims=0)[0]  # fmt: skip
        return cx.emit("Cast", [total], to=9)[0]

    length = cx.emit("Gather", [cx.emit("Shape", [elements])[0], cx.ints([1])], axis=0)[0]
    places = cx.emit("Range", [cx.scalar(0, "DT_INT64"), cx.emit("Squeeze", [length])[0], cx.scalar(1, "DT_INT64")])[0]
    earlier = cx.emit("Less", [unsqueeze(cx, places, [0]), unsqueeze(cx, places, [1])])[0]  # [i, j]: j < i
    repeated = anywhere(cx.emit("And", [grid(elements, elements), unsqueeze(cx, earlier, [0])])[0])
    keep = cx.emit("Not", [repeated])[0]
    if wanted is not None:
        found = anywhere(grid(elements, second))
        keep = cx.emit("And", [keep, found if wanted else cx.emit("Not", [found])[0]])[0]
    largest = cx.scalar(2**31 - 1 if a.dtype == "DT_INT32" else 2**63 - 1, a.dtype)
    ranked = cx.emit("Where", [keep, elements, largest])[0]
    ordered, _ = cx.emit("TopK", [ranked, length], 2, axis=1, largest=0, sorted=1)
    counts = cx.emit("ReduceSum", [cx.emit("Cast", [keep], to=7)[0], cx.ints([1])], keepdims=0)[0]
    taken = cx.emit("Less", [unsqueeze(cx, places, [0]), unsqueeze(cx, counts, [1])])[0]  # [rows, n]
    indices = cx.emit("Transpose", [cx.emit("NonZero", [taken])[0]], perm=[1, 0])[0]
    values = cx.emit("GatherND", [ordered, indices])[0]
    longest = cx.emit("ReduceMax", [cx.emit("Concat", [counts, cx.ints([0])], axis=0)[0]], keepdims=1)[0]
    rows = cx.emit("Gather", [cx.emit("Shape", [elements])[0], cx.ints([0])], axis=0)[0]
    shape = cx.emit("Concat", [rows, longest], axis=0)[0]
    return [cx.result(0, "DT_INT64", [None, 2], onnx=indices), cx.result(1, a.dtype, [None], onnx=values),
            cx.result(2, "DT_INT64", [2], onnx=shape)]  # fmt: skip


def list_diff(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """ListDiff (tf.setdiff1d): the elements of x found nowhere in y, in x's order (a repeated one each time), and
    their places in x: an Equal of every pair, counted along y, the elements counted none kept (Compress)."""
    x, y = inputs[0], inputs[1]
    out_type = attr(node, "out_idx", "DT_INT32")
    if x.dtype != y.dtype or x.dtype in ("DT_VARIANT", "DT_RESOURCE") or out_type not in INTEGER_TYPES:
        raise ConversionError(f"its inputs are {x.dtype} and {y.dtype}, its out_idx {out_type}: TensorFlow's ListDiff "
                              "takes two vectors of one type and gives int32 or int64 places")  # fmt: skip
    if x.rank not in (None, 1) or y.rank not in (None, 1):
        raise ConversionError(f"its inputs have ranks {x.rank} and {y.rank}: TensorFlow's ListDiff takes vectors")
    if x.dtype == "DT_STRING" and cx.opset < 19:
        raise ConversionError("its inputs are strings, which ONNX's Equal takes from opset 19: convert at opset 19 "
                              "or later")  # fmt: skip
    if x.const is not None and y.const is not None and x.dtype in (*INTEGER_TYPES, "DT_STRING"):
        # Of constants (Tensordot's free axes of a known rank: a Transpose's perm), computed now: exact equality.
        found = set(flat(y.const.tolist()))
        kept = [(place, item) for place, item in enumerate(flat(x.const.tolist())) if item not in found]
        return [cx.constant_result(0, tensor_of(x.dtype, (len(kept),), [item for _, item in kept])),
                cx.constant_result(1, tensor_of(out_type, (len(kept),), [place for place, _ in kept]))]  # fmt: skip
    op = cx.op
    # Compared as onnxruntime's Equal takes them (bfloat16 as float: every value exactly).
    left, right = (op("Cast", cx.tf(v), to=1) if x.dtype == "DT_BFLOAT16" else cx.tf(v) for v in (x, y))
    pairs = op("Cast", op("Equal", unsqueeze(cx, left, [1]), unsqueeze(cx, right, [0])), to=onnx_type("DT_INT32"))
    keep = op("Not", op("Cast", op("ReduceSum", pairs, cx.ints([1]), keepdims=0), to=onnx_type("DT_BOOL")))
    places = op("Range", cx.scalar(0, out_type), op("Cast", op("Size", cx.tf(x)), to=onnx_type(out_type)),
                cx.scalar(1, out_type))  # fmt: skip
    return [cx.result(0, x.dtype, [None], onnx=op("Compress", cx.tf(x), keep, axis=0)),
            cx.result(1, out_type, [None], onnx=op("Compress", places, keep, axis=0))]  # fmt: skip


def fill_empty_rows(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """SparseFillEmptyRows: each row's block of entries in row order (an empty row a block of one, its first place
    given the default value), an entry's place in its block by the entries of its row before it (a stable sort by
    row, in memory of the entries); the empty rows' mark and each entry's new place (reverse_index_map), as
    TensorFlow's kernel places them."""
    indices, values, dense_shape, default = inputs[0], inputs[1], inputs[2], inputs[3]
    if indices.dtype != "DT_INT64" or dense_shape.dtype != "DT_INT64" or values.dtype != default.dtype:
        raise ConversionError(f"its indices and shape are {indices.dtype} and {dense_shape.dtype}, its values "
                              f"and default {values.dtype} and {default.dtype}: TensorFlow takes int64 and one "
                              "type")  # fmt: skip

    op = cx.op

    places = cx.tf(indices)
    rows = op("Gather", places, cx.scalar(0, "DT_INT64"), axis=1)  # [entries]
    count = op("Gather", cx.tf(dense_shape), cx.ints([0]), axis=0)  # [1]
    # The entries sorted by row, stably (TopK's ties keep their order): each run of a row, its first place and
    # length; an entry's place in its row is its place in the sorted order less its run's first place.
    size = op("Shape", rows)
    order = cx.emit("TopK", [rows, size], 2, largest=0, sorted=1)[1]
    ordered = op("Gather", rows, order, axis=0)
    changed = op("Not", op("Equal", op("Slice", ordered, cx.ints([1]), cx.ints([2**63 - 1])),
                           op("Slice", ordered, cx.ints([0]), cx.ints([-1]))))  # fmt: skip
    first = op("Slice", op("Concat", cx.initializer(tensor_of("DT_BOOL", (1,), [True]), cx.fresh("first")), changed,
                           axis=0), cx.ints([0]), size)  # fmt: skip
    runs = op("Reshape", op("NonZero", first), cx.ints([-1]))  # each run's first place
    run = op("Sub", op("CumSum", op("Cast", first, to=7), cx.scalar(0, "DT_INT64")), cx.scalar(1, "DT_INT64"))
    places_in_run = op("Sub", op("Range", cx.scalar(0, "DT_INT64"), op("Squeeze", size), cx.scalar(1, "DT_INT64")),
                       op("Gather", runs, run, axis=0))  # fmt: skip
    zeros = op("ConstantOfShape", size, value=tensor_of("DT_INT64", (1,), [0]))
    within = op("ScatterElements", zeros, order, places_in_run, axis=0)  # back in the entries' order
    lengths = op("Sub", op("Concat", op("Slice", runs, cx.ints([1]), cx.ints([2**63 - 1])), size, axis=0), runs)
    counts = op("ScatterElements", op("ConstantOfShape", count, value=tensor_of("DT_INT64", (1,), [0])),
                op("Gather", ordered, runs, axis=0), lengths, axis=0)  # fmt: skip
    empty = op("Equal", counts, cx.scalar(0, "DT_INT64"))
    blocks = op("Max", counts, cx.scalar(1, "DT_INT64"))
    ends = op("CumSum", blocks, cx.scalar(0, "DT_INT64"))
    starts = op("Sub", ends, blocks)
    total = op("ReduceSum", blocks, keepdims=1)
    moved = op("Add", op("Gather", starts, rows, axis=0), within)  # each entry's new place
    emptied = op("Squeeze", op("NonZero", empty), cx.ints([0]))  # the empty rows
    at = unsqueeze(cx, op("Gather", starts, emptied, axis=0), [1])
    width = op("Gather", op("Shape", places), cx.ints([1]), axis=0)
    blank = op("ConstantOfShape", op("Concat", op("Shape", emptied), op("Sub", width, cx.ints([1])), axis=0),
               value=tensor_of("DT_INT64", (1,), [0]))  # fmt: skip
    filler = op("Concat", unsqueeze(cx, emptied, [1]), blank, axis=1)
    grid = op("ConstantOfShape", op("Concat", total, width, axis=0), value=tensor_of("DT_INT64", (1,), [0]))
    out_indices = op("ScatterND", op("ScatterND", grid, unsqueeze(cx, moved, [1]), places), at, filler)
    start = op("Expand", cx.tf(default), total)
    (start, updates), back = widened(cx, "ScatterND", values.dtype, [start, cx.tf(values)])
    out_values = back(op("ScatterND", start, unsqueeze(cx, moved, [1]), updates))
    width_known = None if indices.shape is None else indices.shape[1]
    return [cx.result(0, "DT_INT64", [None, width_known], onnx=out_indices),
            cx.result(1, values.dtype, [None], onnx=out_values), cx.result(2, "DT_BOOL", [None], onnx=empty),
            cx.result(3, "DT_INT64", [None], onnx=moved)]  # fmt: skip
