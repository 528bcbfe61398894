# SPDX-License-Identifier: Apache-2.0
"""The op table's rules for the math ops ONNX has no single op for, or has with other types or inputs.

Strategy: each rule is a few ONNX ops named after TensorFlow's definition of the op (``Atan2`` by its quadrants,
``IsFinite`` as neither NaN nor infinite, ``All`` as no false element counted), in the input's layout. Where
onnxruntime's CPU provider has no kernel for the input's type, the work is done in a type it has and cast back,
the way ``computed_in`` says per op; reductions take their axes as a tensor when the graph computes them.
"""

from __future__ import annotations

import math

from .._errors import ConversionError
from .._tensor import Tensor
from .kernels import widened
from .nodeparts import (
    INTEGER_TYPES,
    STEPS_LIMIT,
    as_int64,
    attr,
    axis_in,
    broadcast,
    check_made,
    dynamic_axes,
    need_rank,
    onnx_type,
    reduced_shape,
    unsqueeze,
)
from .values import INPUTS_HINT, tensor_of, value_info

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final, List, Optional

    from .._typing import Decoded
    from .converter import Converter, RuleFunction
    from .values import Shape, Value

    Outputs = List[Optional[Value]]

_FLOAT_TYPES: Final = frozenset({"DT_FLOAT", "DT_DOUBLE", "DT_HALF", "DT_BFLOAT16"})
_SIGNED_TYPES: Final = frozenset({"DT_INT8", "DT_INT16", "DT_INT32", "DT_INT64"})
_UNSIGNED_TYPES: Final = frozenset({"DT_UINT8", "DT_UINT16", "DT_UINT32", "DT_UINT64"})


def _floats(value: Value, op: str) -> None:
    if value.dtype not in _FLOAT_TYPES:
        raise ConversionError(f"its input {value.tf_name!r} is {value.dtype}: TensorFlow's {op} takes floats")


def _computed(cx: Converter, name: str, dtype: str) -> str:
    """*name* as onnxruntime computes it: bfloat16 (which it has no arithmetic for) as float, exactly."""
    return cx.emit("Cast", [name], to=1)[0] if dtype == "DT_BFLOAT16" else name


def _back(cx: Converter, name: str, dtype: str) -> str:
    return cx.emit("Cast", [name], to=onnx_type(dtype))[0] if dtype == "DT_BFLOAT16" else name


def is_nan(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    x = inputs[0]
    _floats(x, node["op"])
    data = _computed(cx, cx.tf(x), x.dtype)
    if node["op"] == "IsNan":
        out = cx.emit("IsNaN", [data])[0]
    elif node["op"] == "IsInf":
        out = cx.emit("IsInf", [data])[0]
    else:  # IsFinite: neither
        either = cx.emit("Or", [cx.emit("IsNaN", [data])[0], cx.emit("IsInf", [data])[0]])[0]
        out = cx.emit("Not", [either])[0]
    return [cx.result(0, "DT_BOOL", x.shape, onnx=out)]


def atan2(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """atan(y / x), moved by pi into the left half-plane by the sign of y, and +-pi/2 (0 at the origin) where x
    is 0: the quadrants of TensorFlow's (C's) atan2."""
    y, x = inputs[0], inputs[1]
    _floats(y, "Atan2")
    if x.dtype != y.dtype:
        raise ConversionError(f"its inputs are {y.dtype} and {x.dtype}; TensorFlow's Atan2 takes one type")
    shape = broadcast(y.shape, x.shape)
    dtype = "DT_FLOAT" if y.dtype == "DT_BFLOAT16" else y.dtype
    top, bottom = _computed(cx, cx.tf(y), y.dtype), _computed(cx, cx.tf(x), x.dtype)
    zero = cx.scalar(0, dtype)
    angle = cx.emit("Atan", [cx.emit("Div", [top, bottom])[0]])[0]
    half_turn = cx.emit("Where", [cx.emit("Less", [top, zero])[0], cx.scalar(-math.pi, dtype),
                                  cx.scalar(math.pi, dtype)])[0]  # fmt: skip
    left = cx.emit("Less", [bottom, zero])[0]
    angle = cx.emit("Where", [left, cx.emit("Add", [angle, half_turn])[0], angle])[0]
    upright = cx.emit("Mul", [cx.emit("Sign", [top])[0], cx.scalar(math.pi / 2, dtype)])[0]
    angle = cx.emit("Where", [cx.emit("Equal", [bottom, zero])[0], upright, angle])[0]
    return [cx.result(0, y.dtype, shape, onnx=_back(cx, angle, y.dtype))]


def reduce_axes(cx: Converter, x: Value, axes: Value) -> Optional[List[int]]:
    """The axes of a reduction counted from 0 when the graph gives them, else None (they are computed)."""
    if axes.dtype not in INTEGER_TYPES:
        raise ConversionError(f"its axes {axes.tf_name!r} are {axes.dtype}: TensorFlow takes int32 or int64")
    known = axes.ints()
    if known is None:
        return None
    rank = need_rank(x)
    return sorted({axis_in(axis, rank) for axis in known})


def all_any(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """``All`` as no false element counted, ``Any`` as some true one: ReduceSum takes its axes as a tensor at
    every opset the conversion writes, where ReduceMin and ReduceMax take them from 18 and take no bools."""
    x, axes_value = inputs[0], inputs[1]
    if x.dtype != "DT_BOOL":
        raise ConversionError(f"its input {x.tf_name!r} is {x.dtype}: TensorFlow's {node['op']} takes bools")
    axes = reduce_axes(cx, x, axes_value)
    keep = bool(attr(node, "keep_dims", False))
    shape = reduced_shape(x, axes, keep, axes_value)
    data = cx.tf(x)
    if axes == []:
        return [cx.result(0, x.dtype, shape, onnx=cx.emit("Identity", [data])[0])]
    counted = cx.emit("Not", [data])[0] if node["op"] == "All" else data
    counted = cx.emit("Cast", [counted], to=6)[0]
    if axes is None:
        axes_name = dynamic_axes(cx, axes_value)
        total = cx.emit("ReduceSum", [counted, axes_name], keepdims=int(keep), noop_with_empty_axes=1)[0]
    else:
        total = cx.emit("ReduceSum", [counted, cx.ints(axes)], keepdims=int(keep))[0]
    test = "Equal" if node["op"] == "All" else "Greater"
    return [cx.result(0, "DT_BOOL", shape, onnx=cx.emit(test, [total, cx.scalar(0, "DT_INT32")])[0])]


def cumulative_sum(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    x, axis = inputs[0], inputs[1]
    if x.dtype in ("DT_BOOL", "DT_STRING"):
        raise ConversionError(f"its input {x.tf_name!r} is {x.dtype}: TensorFlow's Cumsum takes numbers")
    if axis.dtype not in INTEGER_TYPES or axis.rank not in (None, 0):
        raise ConversionError(f"its axis {axis.tf_name!r} is {axis.dtype} of rank {axis.rank}: TensorFlow takes an "
                              "integer scalar")  # fmt: skip
    known = axis.ints()
    if known is not None and x.rank is not None:
        axis_in(known[0], x.rank)
    data = _computed(cx, cx.tf(x), x.dtype)
    out = cx.emit("CumSum", [data, cx.tf(axis)], exclusive=int(bool(attr(node, "exclusive", False))),
                  reverse=int(bool(attr(node, "reverse", False))))[0]  # fmt: skip
    return [cx.result(0, x.dtype, x.shape, onnx=_back(cx, out, x.dtype))]


def clip_by_value(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """TensorFlow's ClipByValue: each element raised to the low bound, then lowered to the high one (bounds that
    broadcast as tensors: Max then Min, where ONNX's Clip takes scalars)."""
    x, low, high = inputs[0], inputs[1], inputs[2]
    if x.dtype in ("DT_BOOL", "DT_STRING") or low.dtype != x.dtype or high.dtype != x.dtype:
        raise ConversionError(f"its inputs are {x.dtype}, {low.dtype} and {high.dtype}: TensorFlow takes numbers "
                              "of one type")  # fmt: skip
    shape = broadcast(broadcast(x.shape, low.shape), high.shape)
    data = _computed(cx, cx.tf(x), x.dtype)
    raised = cx.emit("Max", [data, _computed(cx, cx.tf(low), x.dtype)])[0]
    out = cx.emit("Min", [raised, _computed(cx, cx.tf(high), x.dtype)])[0]
    return [cx.result(0, x.dtype, shape, onnx=_back(cx, out, x.dtype))]


def bitwise(onnx_op: str) -> RuleFunction:
    """BitwiseAnd, BitwiseOr, BitwiseXor (two operands) and Invert (one), on integers: opset 18's bitwise ops."""

    def convert(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
        for value in inputs:
            if value.dtype not in _SIGNED_TYPES | _UNSIGNED_TYPES:
                raise ConversionError(f"its input {value.tf_name!r} is {value.dtype}: TensorFlow's {node['op']} "
                                      "takes integers")  # fmt: skip
        if len({value.dtype for value in inputs}) > 1:
            raise ConversionError(f"its inputs are {[v.dtype for v in inputs]}: TensorFlow takes one type")
        shape = inputs[0].shape if len(inputs) == 1 else broadcast(inputs[0].shape, inputs[1].shape)
        out = cx.emit(onnx_op, [cx.tf(value) for value in inputs])[0]
        return [cx.result(0, inputs[0].dtype, shape, onnx=out)]

    return convert


def bit_shift(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """LeftShift and RightShift. ONNX's BitShift takes unsigned integers: a signed value is shifted as the unsigned
    integer of its bits (a left shift is the same bits); a negative value is shifted right arithmetically, as
    TensorFlow shifts it, through its complement ``-1 - x``, which is not negative: ``-1 - ((-1 - x) >> y)``. A
    shift by the width or more, or by a negative count, is TensorFlow's undefined case."""
    x, y = inputs[0], inputs[1]
    if x.dtype not in _SIGNED_TYPES | _UNSIGNED_TYPES or y.dtype != x.dtype:
        raise ConversionError(f"its inputs are {x.dtype} and {y.dtype}: TensorFlow shifts integers of one type")
    shape = broadcast(x.shape, y.shape)
    direction = "LEFT" if node["op"] == "LeftShift" else "RIGHT"
    if x.dtype in _UNSIGNED_TYPES:
        out = cx.emit("BitShift", [cx.tf(x), cx.tf(y)], direction=direction)[0]
        return [cx.result(0, x.dtype, shape, onnx=out)]
    unsigned, signed = onnx_type("DT_U" + x.dtype[3:]), onnx_type(x.dtype)
    count = cx.emit("Cast", [cx.tf(y)], to=unsigned)[0]

    def shifted(value: str) -> str:
        bits = cx.emit("Cast", [value], to=unsigned)[0]
        return cx.emit("Cast", [cx.emit("BitShift", [bits, count], direction=direction)[0]], to=signed)[0]

    if direction == "LEFT":
        return [cx.result(0, x.dtype, shape, onnx=shifted(cx.tf(x)))]
    minus_one = cx.scalar(-1, x.dtype)
    complement = cx.emit("Sub", [minus_one, cx.tf(x)])[0]
    negative = cx.emit("Sub", [minus_one, shifted(complement)])[0]
    below = cx.emit("Less", [cx.tf(x), cx.scalar(0, x.dtype)])[0]
    return [cx.result(0, x.dtype, shape, onnx=cx.emit("Where", [below, negative, shifted(cx.tf(x))])[0])]


def log1p(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    x = inputs[0]
    _floats(x, node["op"])
    data = _computed(cx, cx.tf(x), x.dtype)
    dtype = "DT_FLOAT" if x.dtype == "DT_BFLOAT16" else x.dtype
    if node["op"] == "Log1p":
        out = cx.emit("Log", [cx.emit("Add", [data, cx.scalar(1, dtype)])[0]])[0]
    else:  # Expm1
        out = cx.emit("Sub", [cx.emit("Exp", [data])[0], cx.scalar(1, dtype)])[0]
    return [cx.result(0, x.dtype, x.shape, onnx=_back(cx, out, x.dtype))]


def determinant(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    x = inputs[0]
    _floats(x, "MatrixDeterminant")
    rank = need_rank(x)
    if rank < 2 or (x.shape is not None and None not in x.shape[-2:] and x.shape[-1] != x.shape[-2]):
        raise ConversionError(f"its input has shape {x.shape}: TensorFlow takes square matrices")
    data = _computed(cx, cx.tf(x), x.dtype)
    shape = None if x.shape is None else x.shape[:-2]
    return [cx.result(0, x.dtype, shape, onnx=_back(cx, cx.emit("Det", [data])[0], x.dtype))]


def bucketize(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """Each element's bucket: how many of the (sorted) boundaries it is at or above, as TensorFlow counts them."""
    x = inputs[0]
    boundaries = attr(node, "boundaries", []) or []
    if x.dtype not in _FLOAT_TYPES | INTEGER_TYPES or not all(isinstance(b, (int, float)) for b in boundaries):
        raise ConversionError(f"its input is {x.dtype} with boundaries {boundaries!r}: TensorFlow takes numbers")
    if boundaries != sorted(boundaries):
        raise ConversionError(f"its boundaries {boundaries} are not sorted, as TensorFlow requires")
    if not boundaries:
        zeros = cx.emit("Mul", [cx.emit("Cast", [cx.tf(x)], to=6)[0], cx.scalar(0, "DT_INT32")])[0]
        return [cx.result(0, "DT_INT32", x.shape, onnx=zeros)]
    data = cx.emit("Cast", [cx.tf(x)], to=1 if x.dtype != "DT_DOUBLE" else 11)[0]
    edges = cx.initializer(_float_vector(boundaries, x.dtype), cx.fresh("boundaries"))
    at_or_above = cx.emit("GreaterOrEqual", [unsqueeze(cx, data, [-1]), edges])[0]
    counted = cx.emit("ReduceSum", [cx.emit("Cast", [at_or_above], to=6)[0], cx.ints([-1])], keepdims=0)[0]
    return [cx.result(0, "DT_INT32", x.shape, onnx=counted)]


def _float_vector(values: List[float], dtype: str) -> Tensor:
    return tensor_of("DT_DOUBLE" if dtype == "DT_DOUBLE" else "DT_FLOAT", (len(values),), [float(v) for v in values])


def cumulative_product(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """Cumprod: ONNX has no running product; along an axis of known size n it is n slices each multiplied into the
    product so far, then joined (the first 1 for exclusive, from the end for reverse)."""
    x, axis_value = inputs[0], inputs[1]
    if x.dtype in ("DT_BOOL", "DT_STRING"):
        raise ConversionError(f"its input {x.tf_name!r} is {x.dtype}: TensorFlow's Cumprod takes numbers")
    rank = need_rank(x)
    found = axis_value.ints()
    if found is None or len(found) != 1:
        raise ConversionError(f"its axis ({axis_value.tf_name!r}) must be a constant the graph gives: it is computed")
    axis = axis_in(found[0], rank)
    size = (x.shape or [None])[axis] if x.shape else None
    if size is None:
        raise ConversionError(f"its axis {axis} has an unknown size, which a running product needs{INPUTS_HINT}")
    check_made(size, "one running-product step per element of the axis", STEPS_LIMIT)
    exclusive, reverse = bool(attr(node, "exclusive", False)), bool(attr(node, "reverse", False))
    data = _computed(cx, cx.tf(x), x.dtype)
    if size == 0:
        return [cx.result(0, x.dtype, x.shape, onnx=cx.emit("Identity", [cx.tf(x)])[0])]
    parts = cx.emit("Split", [data, cx.ints([1] * size)], size, axis=axis) if size > 1 else [data]
    order = list(reversed(parts)) if reverse else list(parts)
    products: List[str] = []
    running: Optional[str] = None
    for part in order:
        if exclusive:
            products.append(running if running is not None else _ones_like(cx, part, x.dtype))
        running = part if running is None else cx.emit("Mul", [running, part])[0]
        if not exclusive:
            products.append(running)
    if reverse:
        products.reverse()
    out = cx.emit("Concat", products, axis=axis)[0] if len(products) > 1 else cx.emit("Identity", products)[0]
    return [cx.result(0, x.dtype, x.shape, onnx=_back(cx, out, x.dtype))]


def _ones_like(cx: Converter, name: str, dtype: str) -> str:
    one = tensor_of("DT_FLOAT" if dtype == "DT_BFLOAT16" else dtype, (1,), [1])
    return cx.emit("ConstantOfShape", [cx.emit("Shape", [name])[0]], value=one)[0]


def bincount(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """DenseBincount and Bincount: each value's count (or its weights' sum) in ``size`` bins, by a ScatterND add
    (below opset 16, a sum over a mask of bins by values); a value at or past the size is left out, as TensorFlow
    leaves it; binary_output counts each value once."""
    x, size, weights = inputs[0], inputs[1], inputs[2]
    if x.dtype not in INTEGER_TYPES or size.dtype != x.dtype or size.rank not in (None, 0):
        raise ConversionError(f"its input is {x.dtype} and its size {size.dtype} of rank {size.rank}: TensorFlow "
                              "takes int32 or int64 values and a scalar size of their type")  # fmt: skip
    rank = need_rank(x)
    if rank not in (1, 2) or (node["op"] == "Bincount" and rank != 1):
        raise ConversionError(f"its input has rank {rank}: TensorFlow counts a vector or the rows of a matrix")
    counted_weights = weights.shape != [0]
    if weights.shape is None or (counted_weights and x.shape is not None and weights.shape != x.shape):
        raise ConversionError(f"its weights have shape {weights.shape}: TensorFlow takes none ([0]) or the input's")
    dtype = attr(node, "T", weights.dtype)
    binary = bool(attr(node, "binary_output", False))
    values = as_int64(cx, x)
    bins = cx.emit("Reshape", [as_int64(cx, size), cx.ints([1])])[0]
    if cx.opset < 16:  # no ScatterND add: a mask of bins by values, its weights summed over the values
        every = cx.emit("Range", [cx.scalar(0, "DT_INT64"), as_int64(cx, size), cx.scalar(1, "DT_INT64")])[0]
        every = unsqueeze(cx, every, [1])
        mask = cx.emit("Equal", [every, unsqueeze(cx, values, [rank - 1])])[0]  # [bins, values] or [rows, bins, values]
        updates = cx.scalar(1, dtype) if binary or not counted_weights else unsqueeze(cx, cx.tf(weights), [rank - 1])
        (updates, zero), back = widened(cx, "ReduceSum", dtype, [updates, cx.scalar(0, dtype)])
        out = back(cx.emit("ReduceSum", [cx.emit("Where", [mask, updates, zero])[0], cx.ints([-1])], keepdims=0)[0])
    else:
        out = _scattered_counts(cx, values, bins, weights, rank, dtype, binary or not counted_weights)
    if binary:
        out = cx.emit("Cast", [cx.emit("Greater", [out, cx.scalar(0, dtype)])[0]], to=onnx_type(dtype))[0]
    known = size.ints()
    length = known[0] if known else None
    shape: Shape = [(x.shape or [None])[0], length] if rank == 2 else [length]
    return [cx.result(0, dtype, shape, onnx=out)]


def _scattered_counts(cx: Converter, values: str, bins: str, weights: Value, rank: int, dtype: str, ones: bool) -> str:
    """Each bin's count (of *ones*) or weights' sum by a ScatterND add, a value past the last bin in one more, cut
    off after."""
    past = cx.emit("Min", [values, bins])[0]  # a value past the last bin goes to the extra one
    places = unsqueeze(cx, past, [-1])
    if rank == 2:  # each row's bins: [row, value] pairs
        rows = cx.emit("Gather", [cx.emit("Shape", [values])[0], cx.ints([0])], axis=0)[0]
        columns = cx.emit("Gather", [cx.emit("Shape", [values])[0], cx.ints([1])], axis=0)[0]
        row = cx.emit("Range", [cx.scalar(0, "DT_INT64"), cx.emit("Squeeze", [rows])[0], cx.scalar(1, "DT_INT64")])[0]
        row = cx.emit("Expand", [unsqueeze(cx, row, [1, 2]), cx.emit("Concat", [rows, columns, cx.ints([1])],
                                                                        axis=0)[0]])[0]  # fmt: skip
        places = cx.emit("Concat", [row, places], axis=2)[0]
        target = cx.emit("Concat", [rows, cx.emit("Add", [bins, cx.ints([1])])[0]], axis=0)[0]
    else:
        target = cx.emit("Add", [bins, cx.ints([1])])[0]
    if ones:
        updates = cx.emit("ConstantOfShape", [cx.emit("Shape", [values])[0]],
                          value=tensor_of(dtype, (1,), [1]))[0]  # fmt: skip
    else:
        updates = cx.tf(weights)
    start = cx.emit("ConstantOfShape", [target], value=tensor_of(dtype, (1,), [0]))[0]
    (start, updates), back = widened(cx, "ScatterND add", dtype, [start, updates])
    out = back(cx.emit("ScatterND", [start, places, updates], reduction="add")[0])
    return cx.emit("Slice", [out, cx.ints([0]), bins, cx.ints([-1])])[0]  # the extra bin cut off


def matrix_inverse(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """MatrixInverse of square matrices of known size n: Gauss-Jordan elimination with partial pivoting, one step for
    each column (the row of the largest magnitude at or below the diagonal swapped up, scaled to 1, taken from the
    others), on the matrix beside the identity. A singular matrix gives inf or NaN where TensorFlow raises."""
    x = inputs[0]
    _floats(x, "MatrixInverse")
    rank = need_rank(x)
    size = (x.shape or [None])[-1] if rank >= 2 else None
    if rank < 2 or size is None or (x.shape or [None, None])[-2] != size:
        raise ConversionError(f"its input has shape {x.shape}: square matrices of known size are converted")
    check_made(size, "one elimination step per column", STEPS_LIMIT)
    dtype = "DT_FLOAT" if x.dtype in ("DT_HALF", "DT_BFLOAT16") else x.dtype

    op = cx.op

    data = _computed(cx, cx.tf(x), x.dtype) if x.dtype == "DT_BFLOAT16" else cx.tf(x)
    if x.dtype == "DT_HALF":
        data = op("Cast", data, to=1)
    if attr(node, "adjoint", False):  # the inverse of the (real) transpose
        data = op("Transpose", data, perm=[*range(rank - 2), rank - 1, rank - 2])
    identity = cx.initializer(tensor_of(dtype, (size, size), [float(i == j) for i in range(size) for j in range(size)]),
                              cx.fresh("identity"))  # fmt: skip
    ones = op("Shape", data)
    matrix = op("Concat", data, op("Expand", identity, ones), axis=-1)  # [..., n, 2n]
    rows = cx.ints(list(range(size)))
    wide = op("Concat", op("Slice", ones, cx.ints([0]), cx.ints([-1])), cx.ints([2 * size]), axis=0)
    for step in range(size):
        column = op("Gather", matrix, cx.scalar(step, "DT_INT64"), axis=-1)  # [..., n]
        eligible = op("GreaterOrEqual", rows, cx.scalar(step, "DT_INT64"))
        candidates = cx.emit("Where", [eligible, op("Abs", column), cx.scalar(-1, dtype)])[0]
        pivot = op("ArgMax", candidates, axis=-1, keepdims=1)  # [..., 1]
        here = cx.scalar(step, "DT_INT64")
        order = cx.emit("Where", [op("Equal", rows, here), pivot,
                                  cx.emit("Where", [op("Equal", rows, pivot), here, rows])[0]])[0]  # fmt: skip
        gather = op("Expand", unsqueeze(cx, order, [-1]), wide)
        matrix = op("GatherElements", matrix, gather, axis=-2)  # the pivot's row swapped up
        pivot_row = op("Gather", matrix, cx.scalar(step, "DT_INT64"), axis=-2)  # [..., 2n]
        pivot_row = op("Div", pivot_row, op("Gather", pivot_row, cx.ints([step]), axis=-1))
        factors = unsqueeze(cx, op("Gather", matrix, cx.scalar(step, "DT_INT64"), axis=-1), [-1])  # [..., n, 1]
        matrix = op("Sub", matrix, op("Mul", factors, unsqueeze(cx, pivot_row, [-2])))
        is_step = unsqueeze(cx, op("Equal", rows, here), [-1])
        matrix = cx.emit("Where", [is_step, unsqueeze(cx, pivot_row, [-2]), matrix])[0]
    out = op("Slice", matrix, cx.ints([size]), cx.ints([2 * size]), cx.ints([-1]))
    if x.dtype != dtype:
        out = op("Cast", out, to=onnx_type(x.dtype))
    return [cx.result(0, x.dtype, x.shape, onnx=out)]


def search_sorted(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """UpperBound and LowerBound as TensorFlow's CPU kernel computes them: ``std::upper_bound`` (``lower_bound``)
    of each value in its row, the standard library's bisection taken step by step, so that a row that is not sorted,
    or holds NaN, gives TensorFlow's answer too. A Loop halves every value's range at once (``first`` and ``len``:
    the middle element gathered, compared, the range's upper or lower half kept) until no range is left, after as
    many steps as the row's length has bits."""
    rows, values = inputs
    op_name = node["op"]
    out_type = attr(node, "out_type", "DT_INT32")
    if out_type not in INTEGER_TYPES:
        raise ConversionError(f"its out_type {out_type!r} is not int32 or int64")
    if rows.dtype != values.dtype or rows.dtype not in _FLOAT_TYPES | _SIGNED_TYPES | _UNSIGNED_TYPES:
        raise ConversionError(f"its inputs are {rows.dtype} and {values.dtype}: TensorFlow's {op_name} takes numbers "
                              "of one type")  # fmt: skip
    for value, what in ((rows, "sorted_inputs"), (values, "values")):
        if value.rank not in (None, 2):
            raise ConversionError(f"its {what} {value.tf_name!r} has rank {value.rank}: TensorFlow's {op_name} "
                                  "takes matrices (a batch of rows)")  # fmt: skip
    op = cx.op
    # Compared in a type onnxruntime's Less takes (bfloat16 as float); the result is a position, cast back nowhere.
    (seq, probe), _ = widened(cx, "Less", rows.dtype, [cx.tf(rows), cx.tf(values)])
    length = op("Gather", op("Shape", seq), cx.scalar(1, "DT_INT64"), axis=0)
    shape = op("Shape", probe)
    first = op("ConstantOfShape", shape, value=tensor_of("DT_INT64", (1,), [0]))
    span = op("Expand", length, shape)
    zero, one = cx.scalar(0, "DT_INT64"), cx.scalar(1, "DT_INT64")
    run = op("And", op("Greater", length, zero), op("Greater", op("Size", probe), zero))
    # The body: every value's range [first, first + len) halved once; a range already empty stays as it is.
    body = cx.child()
    body.node = node
    step, going, at, left = (cx.fresh(name) for name in ("step", "going", "first", "len"))
    half = body.op("Div", left, cx.scalar(2, "DT_INT64"))
    middle = body.op("Add", at, half)
    picked = body.op("GatherElements", seq, body.op("Min", middle, body.op("Sub", length, one)), axis=1)
    if op_name == "UpperBound":  # upper_bound goes right unless value < *middle
        right = body.op("Not", body.op("Less", probe, picked))
    else:  # lower_bound goes right when *middle < value
        right = body.op("Less", picked, probe)
    right = body.op("And", right, body.op("Greater", left, zero))
    at_next = body.op("Where", right, body.op("Add", middle, one), at)
    left_next = body.op("Where", right, body.op("Sub", body.op("Sub", left, half), one), half)
    going_next = body.op("Greater", body.op("ReduceMax", left_next, keepdims=0), zero)
    ranges = [value_info(name, "DT_INT64", [None, None], symbolic=False) for name in (at, left)]
    graph = {"name": f"{node['name']}/bisect", "node": body.nodes,
             "input": [value_info(step, "DT_INT64", [], symbolic=False),
                       value_info(going, "DT_BOOL", [], symbolic=False), *ranges],
             "output": [value_info(going_next, "DT_BOOL", [], symbolic=False),
                        *(value_info(name, "DT_INT64", [None, None], symbolic=False)
                          for name in (at_next, left_next))]}  # fmt: skip
    found = cx.emit("Loop", ["", run, first, span], 2, body=graph)[0]
    if out_type == "DT_INT32":
        found = op("Cast", found, to=onnx_type(out_type))
    positions: Shape = values.shape if values.shape is not None else [None, None]
    return [cx.result(0, out_type, positions, onnx=found)]
