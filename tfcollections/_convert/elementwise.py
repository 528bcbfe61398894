# SPDX-License-Identifier: Apache-2.0
"""The op table's rules for values, matrices and elementwise ops.

Strategy: factories make the rows of one kind (``unary("Relu")``, ``binary("Add", fold)``), so the table reads as
data. An elementwise op keeps the layout its input has: an NCHW value (a convolution's) stays NCHW, and a constant
operand is laid out to match at conversion, so a chain of convolutions, adds and activations needs no Transpose.
Integer arithmetic on the small tensors that shapes are made of carries their known elements (``fold``).
"""

from __future__ import annotations

import math

from .._errors import ConversionError
from .._tensor import Tensor
from .complexops import complex_arithmetic, complex_cast
from .kernels import widened
from .nodeparts import (
    INTEGER_TYPES,
    attr,
    broadcast,
    main_nchw,
    need_rank,
    onnx_type,
    operand_nchw,
    same_shapes,
    settle,
    text_attr,
    unsqueeze,
)
from .values import PARTS, SMALL_INTS, flat, scalar_tensor, tensor_of, transpose

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, Final, List, Optional

    from .._typing import Decoded
    from .converter import Converter, RuleFunction
    from .values import Shape, Value

    Outputs = List[Optional[Value]]


def passed_on(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """The value goes through unchanged (Identity, StopGradient, ...): the same Value, its layouts and constants."""
    return list(inputs[:1]) if node["op"] != "IdentityN" else list(inputs)


# ONNX ops of the table that take floating-point tensors alone (their ``T`` in the ONNX operator specs); TensorFlow's
# ops they convert take floats alone too (their ``T``: half, bfloat16, float, double).
_FLOATS_ONLY: Final = frozenset({
    "Tan", "Asin", "Acos", "Atan", "Sinh", "Cosh", "Asinh", "Acosh", "Atanh",
    "Softmax", "LogSoftmax", "Exp", "Log", "Sqrt", "Reciprocal", "Sin", "Cos", "Tanh", "Sigmoid", "Erf", "Elu",
    "Selu", "Softplus", "Softsign", "Floor", "Ceil", "Round", "LeakyRelu",
})  # fmt: skip
_FLOATS: Final = frozenset({"DT_FLOAT", "DT_DOUBLE", "DT_HALF", "DT_BFLOAT16", "DT_INVALID"})


def _numbers(x: Value, onnx_op: str) -> None:
    """Refuse an operand an op of numbers does not take: bool or string, or no float where it takes floats alone."""
    if x.dtype in ("DT_BOOL", "DT_STRING") or (onnx_op in _FLOATS_ONLY and x.dtype not in _FLOATS):
        raise ConversionError(f"its input {x.tf_name!r} is {x.dtype}, which {onnx_op} does not take")


def unary(onnx_op: str, **attrs: Any) -> RuleFunction:
    def convert(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
        (x,) = inputs[:1]
        if onnx_op == "Neg" and x.dtype in PARTS:
            return complex_arithmetic(cx, node, inputs[:1]) or []
        if onnx_op == "Not":
            if x.dtype != "DT_BOOL":
                raise ConversionError(f"its input {x.tf_name!r} is {x.dtype}, not DT_BOOL")
        else:
            _numbers(x, onnx_op)
        given = {key: (value(node) if callable(value) else value) for key, value in attrs.items()}
        nchw = main_nchw(x)
        (data,), back = widened(cx, onnx_op, x.dtype, [cx.nchw(x) if nchw else cx.tf(x)])
        out = back(cx.emit(onnx_op, [data], **given)[0])
        return [cx.result(0, x.dtype, x.shape, nchw=out)] if nchw else [cx.result(0, x.dtype, x.shape, onnx=out)]

    return convert


def composite(build: Callable[[Converter, str, str], str]) -> RuleFunction:
    """An elementwise op made of several ONNX ops (*build* takes the input's ONNX name and its dtype)."""

    def convert(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
        x = inputs[0]
        if main_nchw(x):
            return [cx.result(0, x.dtype, x.shape, nchw=build(cx, cx.nchw(x), x.dtype))]
        return [cx.result(0, x.dtype, x.shape, onnx=build(cx, cx.tf(x), x.dtype))]

    return convert


def binary(onnx_op: str, fold: Optional[Callable[[int, int], int]] = None, dtype: Optional[str] = None,
           build: Optional[Callable[[Converter, str, str, str], str]] = None) -> RuleFunction:  # fmt: skip
    """An elementwise op of two operands, broadcast as numpy and TensorFlow broadcast them."""

    def convert(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
        a, b = inputs[0], inputs[1]
        if node["op"] in ("Add", "AddV2", "Sub", "Mul"):
            handled = complex_arithmetic(cx, node, inputs[:2])
            if handled is not None:
                return handled
        if a.dtype != b.dtype and "DT_INVALID" not in (a.dtype, b.dtype):
            raise ConversionError(f"its inputs are {a.dtype} and {b.dtype}; TensorFlow's op takes two of one type")
        if a.dtype == "DT_STRING":
            compared = onnx_op == "Equal" or build is not_equal
            if not compared:
                raise ConversionError(f"its inputs are strings, which ONNX's {onnx_op} does not take")
            if cx.opset < 19:  # Equal-19 is the first to take strings
                raise ConversionError("its inputs are strings, which ONNX's Equal takes from opset 19: convert at "
                                      "opset 19 or later")  # fmt: skip
        # And and Or take bools alone; Equal and NotEqual (built of Equal) bools too; the rest numbers alone.
        logical = onnx_op in ("And", "Or")
        compares = onnx_op == "Equal" or build is not_equal
        if a.dtype != "DT_INVALID" and (a.dtype == "DT_BOOL") != logical and not compares:
            wanted = "bools" if logical else "numbers"
            raise ConversionError(f"its inputs are {a.dtype}: TensorFlow's {node['op']} takes {wanted}")
        shape = broadcast(a.shape, b.shape)
        out_type = dtype or a.dtype

        def make(left: str, right: str) -> str:
            if build is not None:
                return build(cx, left, right, a.dtype)
            (left, right), back = widened(cx, onnx_op, a.dtype, [left, right])  # a bfloat16 Add in float
            out = cx.emit(onnx_op, [left, right])[0]
            return out if out_type == "DT_BOOL" else back(out)

        result: Optional[Value] = None
        if (main_nchw(a) or main_nchw(b)) and shape is not None and len(shape) == 4:
            left, right = operand_nchw(cx, a), operand_nchw(cx, b)
            if left is not None and right is not None:
                result = cx.result(0, out_type, shape, nchw=make(left, right))
        if result is None:
            result = cx.result(0, out_type, shape, onnx=make(cx.tf(a), cx.tf(b)))
        if fold is not None and a.partial is not None and b.partial is not None and a.dtype in INTEGER_TYPES:
            items = _fold_elementwise(a.partial, b.partial, fold)
            if out_type != "DT_BOOL":  # a comparison's bools are a constant once known, never partial integers
                result.partial = items
            dims = None if shape is None else [len(items or ())] if len(shape) == 1 else shape
            known = items is not None and None not in items and dims is not None and None not in dims
            if known and math.prod(int(dim or 0) for dim in dims or ()) == len(items or ()):
                elements = [bool(item) for item in items or []] if out_type == "DT_BOOL" else items or []
                folded = tensor_of(out_type, [int(dim or 0) for dim in dims or ()], elements)
                result.const, result.onnx, result.nchw = folded, None, None  # read as an initializer
                result.shape = list(dims or ())
        return [result]

    return convert


def _fold_elementwise(a: List[Optional[int]], b: List[Optional[int]], fold: Callable[[int, int], int]
                      ) -> Optional[List[Optional[int]]]:  # fmt: skip
    if len(a) != len(b) and 1 not in (len(a), len(b)):
        return None
    size = max(len(a), len(b))
    a = a * size if len(a) == 1 else a
    b = b * size if len(b) == 1 else b
    out: List[Optional[int]] = []
    for x, y in zip(a, b):
        try:
            out.append(None if x is None or y is None else fold(x, y))
        except ZeroDivisionError:
            return None
    return out


def constant(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    tensor = cx.frozen.graph.value_of(node)
    if tensor.dtype in PARTS:  # a complex constant: its parts' bytes are the pairs, as the rules hold them
        pairs = Tensor(PARTS[tensor.dtype], (*tensor.shape, 2), tensor.tobytes())
        return [cx.result(0, tensor.dtype, list(tensor.shape), onnx=cx.initializer(pairs, f"{node['name']}:0"))]
    return [cx.constant_result(0, tensor)]


def placeholder(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    name = f"{node['name']}:0"
    if node["op"] == "PlaceholderWithDefault" and name not in cx.frozen.inputs:
        return list(inputs[:1])  # not fed: its default
    dtype = attr(node, "dtype")
    if not isinstance(dtype, str):
        raise ConversionError("its dtype is not one TensorFlow names")
    shape: Shape = None
    declared = attr(node, "shape")
    recorded = attr(node, "_output_shapes")
    public = cx.frozen.names.get(name, name)  # a TF 2 signature's key, a cut's tensor, or the tensor's name
    if name in cx.input_shapes or public in cx.input_shapes:
        shape = cx.input_shapes[name if name in cx.input_shapes else public]
    elif isinstance(recorded, list) and recorded and not recorded[0].get("unknown_rank"):
        # The shape TensorFlow inferred when it wrote the graph: an old Placeholder's shape attr may say less.
        shape = [None if dim["size"] < 0 else dim["size"] for dim in recorded[0]["dim"]]
    elif isinstance(declared, dict) and not declared.get("unknown_rank"):
        if declared["dim"] or _producer(cx) >= _SCALAR_PLACEHOLDERS:
            shape = [None if dim["size"] < 0 else dim["size"] for dim in declared["dim"]]
    elif node["op"] == "PlaceholderWithDefault" and inputs:
        shape = inputs[0].shape
    cx.add_graph_input(public, dtype, shape, batch=name not in cx.frozen.cut)
    return [cx.result(0, dtype, shape, onnx=public)]


# The GraphDef producer version from which a Placeholder's shape of no dims is a scalar; up to 21 it was "any
# shape" (TensorFlow's importer keeps the old meaning: its constant_op_test loads such a graph, producer 21).
_SCALAR_PLACEHOLDERS: Final = 22


def _producer(cx: Converter) -> int:
    versions = cx.frozen.graph.versions
    return int(versions.get("producer") or 0) if versions else 0


def matmul(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    a, b = inputs[0], inputs[1]
    batched = node["op"].startswith("BatchMatMul")
    flip_a = attr(node, "adj_x" if batched else "transpose_a", False)
    flip_b = attr(node, "adj_y" if batched else "transpose_b", False)
    # MatMul's kernel takes matrices alone: an operand of an open rank is one (any other rank TensorFlow refuses).
    rank = None if batched else 2
    left = _last_two_swapped(cx, a, rank) if flip_a else cx.tf(a)
    right = _last_two_swapped(cx, b, rank) if flip_b else cx.tf(b)
    if a.dtype != b.dtype and node["op"] != "BatchMatMulV3":  # V3 alone takes two types (Ta, Tb)
        raise ConversionError(f"its inputs are {a.dtype} and {b.dtype}; TensorFlow's {node['op']} takes one type")
    for operand in (a, b):  # TensorFlow's MatMul is of matrices, BatchMatMul's of stacks of them
        if operand.rank is not None and (operand.rank < 2 or (not batched and operand.rank != 2)):
            raise ConversionError(f"its input {operand.tf_name!r} has rank {operand.rank}: it multiplies matrices")
    shape: Shape = None
    if a.shape is not None and b.shape is not None and len(a.shape) >= 2 and len(b.shape) >= 2:
        rows = a.shape[-1] if flip_a else a.shape[-2]
        cols = b.shape[-2] if flip_b else b.shape[-1]
        inner = (a.shape[-2] if flip_a else a.shape[-1], b.shape[-1] if flip_b else b.shape[-2])
        if None not in inner and inner[0] != inner[1]:
            raise ConversionError(f"its inputs of shapes {a.shape} and {b.shape} cannot be multiplied")
        outer = broadcast(a.shape[:-2], b.shape[:-2])
        shape = None if outer is None else [*outer, rows, cols]
    elif not batched:  # an operand of an open rank: a matrix all the same, its dims those the other tells
        rows = a.shape[-1 if flip_a else -2] if a.shape is not None else None
        cols = b.shape[-2 if flip_b else -1] if b.shape is not None else None
        shape = [rows, cols]
    # Narrow integers computed in int32, each product and sum wrapped back to the type as TensorFlow's wraps it.
    (left, right), back = widened(cx, "MatMul", a.dtype, [left, right])
    out = back(cx.emit("MatMul", [left, right])[0])
    dtype = attr(node, "Tout", a.dtype) if node["op"] == "BatchMatMulV3" else a.dtype
    if dtype != a.dtype:
        out = cx.emit("Cast", [out], to=onnx_type(dtype))[0]
    return [cx.result(0, dtype, shape, onnx=out)]


def _last_two_swapped(cx: Converter, value: Value, rank: Optional[int] = None) -> str:
    rank = need_rank(value) if rank is None else rank
    perm = [*range(rank - 2), rank - 1, rank - 2]
    if value.const is not None:
        return cx.initializer(transpose(value.const, perm), f"{value.tf_name}/transposed")
    return cx.emit("Transpose", [cx.tf(value)], perm=perm)[0]


def bias_add(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    x, bias = inputs[0], inputs[1]
    layout = text_attr(node, "data_format", "NHWC")
    if bias.rank not in (None, 1) or x.rank in (0, 1):
        raise ConversionError(f"its value has rank {x.rank} and its bias rank {bias.rank}: TensorFlow adds a 1-D bias "
                              "to a value of rank 2 or more")  # fmt: skip
    if x.shape is not None and bias.shape is not None and len(x.shape) >= 2:
        channels = x.shape[1] if layout == "NCHW" else x.shape[-1]
        if channels is not None and bias.shape[0] is not None and channels != bias.shape[0]:
            raise ConversionError(f"its bias of {bias.shape[0]} does not match its value's {channels} channels")
    if layout == "NCHW":
        rank = need_rank(x)
        shaped = _reshaped(cx, bias, [-1] + [1] * (rank - 2))
        return [cx.result(0, x.dtype, x.shape, onnx=cx.emit("Add", [cx.tf(x), shaped])[0])]
    if main_nchw(x):
        shaped = _reshaped(cx, bias, [-1, 1, 1])
        return [cx.result(0, x.dtype, x.shape, nchw=cx.emit("Add", [cx.nchw(x), shaped])[0])]
    return [cx.result(0, x.dtype, x.shape, onnx=cx.emit("Add", [cx.tf(x), cx.tf(bias)])[0])]


def _reshaped(cx: Converter, value: Value, shape: List[int]) -> str:
    if value.const is not None:
        size = value.const.size
        dims = [size if dim == -1 else dim for dim in shape]
        return cx.initializer(Tensor(value.const.dtype, tuple(dims), value.const.tobytes()), f"{value.tf_name}/r")
    return cx.emit("Reshape", [cx.tf(value), cx.ints(shape)])[0]


def softmax(onnx_op: str) -> RuleFunction:
    def convert(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
        x = inputs[0]
        _numbers(x, onnx_op)
        return [cx.result(0, x.dtype, x.shape, onnx=cx.emit(onnx_op, [cx.tf(x)], axis=-1)[0])]

    return convert


def add_n(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    shape = inputs[0].shape
    for value in inputs[1:]:
        shape = broadcast(shape, value.shape)
    dtypes = {value.dtype for value in inputs}
    if len(dtypes) > 1:
        raise ConversionError(f"its inputs are of {len(dtypes)} dtypes; TensorFlow's AddN takes one")
    if inputs[0].dtype not in ("DT_FLOAT", "DT_DOUBLE", "DT_HALF", "DT_BFLOAT16"):
        # ONNX's Sum takes floats only: integers are added in turn.
        total = cx.tf(inputs[0])
        for value in inputs[1:]:
            total = cx.emit("Add", [total, cx.tf(value)])[0]
        return [
            cx.result(0, inputs[0].dtype, shape, onnx=total if len(inputs) > 1 else cx.emit("Identity", [total])[0])
        ]
    if all(main_nchw(value) for value in inputs):
        return [cx.result(0, inputs[0].dtype, shape, nchw=cx.emit("Sum", [cx.nchw(v) for v in inputs])[0])]
    return [cx.result(0, inputs[0].dtype, shape, onnx=cx.emit("Sum", [cx.tf(v) for v in inputs])[0])]


def dropped(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    return []


def select(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    condition, then, other = inputs[0], inputs[1], inputs[2]
    if condition.dtype != "DT_BOOL":
        raise ConversionError(f"its condition {condition.tf_name!r} is {condition.dtype}, not DT_BOOL")
    shape = broadcast(then.shape, other.shape)
    cond = cx.tf(condition)
    if node["op"] == "SelectV2" and condition.tiled is not None and shape is not None:
        # A condition tiled over axes the values already have (a Keras RNN's mask over the units): Where
        # broadcasts the Tile's input to the same elements, without the copy.
        counts = condition.tiled[1]
        dims = [None] * (len(counts) - len(shape)) + list(shape)
        if len(dims) == len(counts) and all(count == 1 or dim == count for dim, count in zip(dims, counts)):
            cond = condition.tiled[0]
    if node["op"] == "Select" and condition.rank == 1 and then.rank is not None and then.rank > 1:
        cond = unsqueeze(cx, cond, list(range(1, then.rank)))  # Select picks rows by a vector
    elif node["op"] == "SelectV2":
        shape = broadcast(condition.shape, shape)
    (left, right), back = widened(cx, "Where", then.dtype, [cx.tf(then), cx.tf(other)])  # bools as uint8
    return [cx.result(0, then.dtype, shape, onnx=back(cx.emit("Where", [cond, left, right])[0]))]


def einsum(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    equation = text_attr(node, "equation", "")
    if "->" not in equation:  # TensorFlow's Einsum names its output's axes (an attr of another kind says nothing)
        raise ConversionError(f"its equation {equation!r} does not name the output's axes ('ij,jk->ik')")
    for value in inputs:
        _numbers(value, "Einsum")
    if len({value.dtype for value in inputs}) > 1:
        raise ConversionError(f"its inputs are {sorted({value.dtype for value in inputs})}; TensorFlow's takes one")
    shape = _einsum_shape(equation, inputs)
    out = _einsum_as_matmul(cx, equation, inputs) if len(inputs) == 2 else None
    if out is None:
        out = cx.emit("Einsum", [cx.tf(value) for value in inputs], equation=equation)[0]
    return [cx.result(0, inputs[0].dtype, shape, onnx=out)]


def _einsum_as_matmul(cx: Converter, equation: str, inputs: List[Value]) -> Optional[str]:
    """A two-operand Einsum as onnxruntime runs it fastest, a MatMul (its Einsum kernel is several times slower,
    and every attention layer and EinsumDense has one): the first operand transposed to [batch, free, summed], the
    second to [batch, summed, free], a group of several axes merged by a Reshape, the product's free axes split
    back and moved to the equation's order. Without batch axes, the first operand's free axes stay axes of their
    own (MatMul broadcasts over them: EinsumDense's ``abc,cde->abde`` is one MatMul of [a, b, c] by [c, d*e]).
    None (the Einsum kept) for an ellipsis, a letter twice in one operand or summed in one operand alone, or a
    merged group whose size is not known where a Reshape cannot infer it."""
    terms, result = equation.replace(" ", "").split("->", 1)
    left, right = terms.split(",")
    a, b = inputs
    if "." in equation or len(set(left)) != len(left) or len(set(right)) != len(right):
        return None
    if a.shape is None or b.shape is None or any(letter not in result for letter in set(left) ^ set(right)):
        return None
    sizes = {**dict(zip(right, b.shape)), **{k: v for k, v in zip(left, a.shape) if v is not None}}
    batch = [letter for letter in result if letter in left and letter in right]
    summed = [letter for letter in left if letter not in result]
    free_a = [letter for letter in result if letter in left and letter not in right]
    free_b = [letter for letter in result if letter in right and letter not in left]
    spread = not batch and bool(free_a)  # the first operand's free axes left as MatMul's broadcast axes

    def size(group: List[str]) -> Optional[int]:
        """A group's merged size: its product where known, -1 (inferred) for one axis of unknown size."""
        known = [sizes.get(letter) for letter in group]
        if None not in known:
            return math.prod(int(dim or 0) for dim in known)
        return -1 if len(group) == 1 else None

    kept = [0] * (len(batch) + (len(free_a) if spread else 0))  # a Reshape's 0: the axis as it is
    first_dims = kept + ([] if spread else [size(free_a)]) + [size(summed)]
    second_dims = [0] * len(batch) + [size(summed), size(free_b)]
    out_dims = [0] * len(kept) + ([] if spread else [sizes.get(letter) for letter in free_a])
    out_dims += [sizes.get(letter) for letter in free_b]
    if len(free_a) == 1 and not spread and out_dims[len(kept)] is None:
        out_dims[len(kept)] = -1
    if len(free_b) == 1 and out_dims[-1] is None:
        out_dims[-1] = -1
    needed = [len(summed) != 1 or (not spread and len(free_a) != 1), len(summed) != 1 or len(free_b) != 1,
              len(free_b) != 1 or (not spread and len(free_a) != 1)]  # fmt: skip
    copied = (len(kept), len(batch), len(kept))  # the leading 0s of each Reshape
    for need, dims, leading in zip(needed, (first_dims, second_dims, out_dims), copied):
        if need and (None in dims or dims.count(-1) > 1 or 0 in dims[leading:]):
            return None  # a size not known, two -1, or a true 0 (which a Reshape reads as "the input's")

    def arranged(value: Value, term: str, order: List[str], merge: bool, dims: List[Optional[int]]) -> str:
        name = cx.tf(value)
        perm = [term.index(letter) for letter in order]
        if perm != list(range(len(perm))):
            name = cx.emit("Transpose", [name], perm=perm)[0]
        if merge:
            name = cx.emit("Reshape", [name, cx.ints([int(dim or 0) for dim in dims])])[0]
        return name

    first = arranged(a, left, [*batch, *free_a, *summed], needed[0], first_dims)
    second = arranged(b, right, [*batch, *summed, *free_b], needed[1], second_dims)
    (first, second), back = widened(cx, "MatMul", a.dtype, [first, second])
    out = back(cx.emit("MatMul", [first, second])[0])
    if needed[2]:
        out = cx.emit("Reshape", [out, cx.ints([int(dim or 0) for dim in out_dims])])[0]
    made = [*batch, *free_a, *free_b]
    if made != list(result):
        out = cx.emit("Transpose", [out], perm=[made.index(letter) for letter in result])[0]
    return out


def _einsum_shape(equation: str, inputs: List[Value]) -> Shape:
    """The output's shape, an equation TensorFlow would refuse for these inputs refused (its terms against the
    inputs' count and ranks, a letter's sizes that differ, an output letter no input has)."""
    if "->" not in equation:
        return None
    terms, result = equation.replace(" ", "").split("->", 1)
    named = terms.split(",")
    if len(named) != len(inputs):
        raise ConversionError(f"its equation {equation!r} has {len(named)} operand(s) for {len(inputs)} input(s)")
    sizes: Dict[str, Optional[int]] = {}
    known = True
    spans: List[Shape] = []  # each operand's axes the ellipsis stands for
    for term, value in zip(named, inputs):
        if value.shape is None:
            known = False
            continue
        if "..." in term:
            count = len(value.shape) - (len(term) - 3)
            if count < 0:
                raise ConversionError(f"its equation {equation!r} names {len(term) - 3} axes and an ellipsis for an "
                                      f"input of rank {len(value.shape)}")  # fmt: skip
            start = term.index("...")
            spans.append(list(value.shape[start : start + count]))
            value_shape = list(value.shape[:start]) + list(value.shape[start + count :])
            term = term.replace("...", "")
        else:
            value_shape = list(value.shape)
        if len(value_shape) != len(term):
            raise ConversionError(f"its equation {equation!r} names {len(term)} axes for an input of rank "
                                  f"{len(value.shape)}")  # fmt: skip
        for letter, dim in zip(term, value_shape):
            if sizes.get(letter) is not None and dim is not None and sizes[letter] != dim:
                raise ConversionError(f"its equation {equation!r} gives axis {letter!r} the sizes {sizes[letter]} "
                                      f"and {dim}")  # fmt: skip
            if sizes.get(letter) is None:
                sizes[letter] = dim
    letters = result.replace("...", "")
    if known and any(letter not in sizes for letter in letters):
        raise ConversionError(f"its equation {equation!r} has an output axis no input has")
    if not known:
        return None
    if "..." not in result:
        return [sizes.get(letter) for letter in result]
    extra: Shape = []
    for span in spans:  # the ellipses' axes broadcast together, as TensorFlow's
        extra = broadcast(extra, span)
    if extra is None:
        return None
    start = result.index("...")
    return [*(sizes.get(letter) for letter in result[:start]), *extra,
            *(sizes.get(letter) for letter in result[start + 3 :])]  # fmt: skip


def dtype_cast(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    x = inputs[0]
    dtype = attr(node, "DstT")
    if not isinstance(dtype, str):
        raise ConversionError("its DstT is not a dtype TensorFlow names")
    handled = complex_cast(cx, node, inputs)
    if handled is not None:
        return handled
    if x.const is not None and x.dtype == "DT_BOOL" and dtype in INTEGER_TYPES and x.const.size <= SMALL_INTS:
        # A comparison of constants (Tensordot's axes of a known rank), cast to the integers it counts with.
        return [cx.constant_result(0, tensor_of(dtype, x.const.shape, [int(item) for item in flat(x.const.tolist())]))]
    result = cx.result(0, dtype, x.shape, onnx=cx.emit("Cast", [cx.tf(x)], to=onnx_type(dtype))[0])
    if x.partial is not None and dtype in INTEGER_TYPES:
        bits = 32 if dtype == "DT_INT32" else 64  # wrapped to the width, as the cast wraps them
        result.partial = [None if item is None else (item + (1 << (bits - 1))) % (1 << bits) - (1 << (bits - 1))
                          for item in x.partial]  # fmt: skip
        settle(result)
    return [result]


def filled_like(number: int) -> RuleFunction:
    def convert(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
        x = inputs[0]
        fill = scalar_tensor(number, x.dtype)
        fill = Tensor(fill.dtype, (1,), fill.tobytes())
        if main_nchw(x):
            out = cx.emit("ConstantOfShape", [cx.emit("Shape", [cx.nchw(x)])[0]], value=fill)[0]
            return [cx.result(0, x.dtype, x.shape, nchw=out)]
        out = cx.emit("ConstantOfShape", [cx.emit("Shape", [cx.tf(x)])[0]], value=fill)[0]
        return [cx.result(0, x.dtype, x.shape, onnx=out)]

    return convert


def relu6(cx: Converter, x: str, dtype: str) -> str:
    return cx.emit("Clip", [x, cx.scalar(0, dtype), cx.scalar(6, dtype)])[0]


def square(cx: Converter, x: str, dtype: str) -> str:
    return cx.emit("Mul", [x, x])[0]


def rsqrt(cx: Converter, x: str, dtype: str) -> str:
    return cx.emit("Reciprocal", [cx.emit("Sqrt", [x])[0]])[0]


def erfc(cx: Converter, x: str, dtype: str) -> str:
    # ONNX has no erfc: 1 - erf(x) (what tf2onnx 1.17 leaves out, so its model of a Keras GELU fails the checker).
    return cx.emit("Sub", [cx.scalar(1, dtype), cx.emit("Erf", [x])[0]])[0]


def squared_difference(cx: Converter, a: str, b: str, dtype: str) -> str:
    difference = cx.emit("Sub", [a, b])[0]
    return cx.emit("Mul", [difference, difference])[0]


def floor_div(cx: Converter, a: str, b: str, dtype: str) -> str:
    if dtype in INTEGER_TYPES or dtype.startswith(("DT_UINT", "DT_INT")):
        remainder = cx.emit("Mod", [a, b], fmod=0)[0]  # the divisor's sign, as Python's: floor division is exact
        return cx.emit("Div", [cx.emit("Sub", [a, remainder])[0], b])[0]
    return cx.emit("Floor", [cx.emit("Div", [a, b])[0]])[0]


def floor_mod(cx: Converter, a: str, b: str, dtype: str) -> str:
    if dtype in INTEGER_TYPES or dtype.startswith(("DT_UINT", "DT_INT")):
        return cx.emit("Mod", [a, b], fmod=0)[0]
    quotient = cx.emit("Floor", [cx.emit("Div", [a, b])[0]])[0]
    return cx.emit("Sub", [a, cx.emit("Mul", [quotient, b])[0]])[0]


def truncated_quotient(a: int, b: int) -> int:
    quotient = abs(a) // abs(b)
    return quotient if (a >= 0) == (b > 0) else -quotient


def truncate_div(cx: Converter, a: str, b: str, dtype: str) -> str:
    quotient = cx.emit("Div", [a, b])[0]
    if dtype.startswith(("DT_INT", "DT_UINT")):
        return quotient  # ONNX's integer Div rounds toward zero, as TruncateDiv does
    magnitude = cx.emit("Floor", [cx.emit("Abs", [quotient])[0]])[0]
    return cx.emit("Mul", [cx.emit("Sign", [quotient])[0], magnitude])[0]


def div_no_nan(cx: Converter, a: str, b: str, dtype: str) -> str:
    zero = cx.scalar(0, dtype)
    return cx.emit("Where", [cx.emit("Equal", [b, zero])[0], zero, cx.emit("Div", [a, b])[0]])[0]


def l2_loss(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    x = inputs[0]
    total = cx.emit("ReduceSumSquare", [cx.tf(x)], keepdims=0)[0]  # every axis
    return [cx.result(0, x.dtype, [], onnx=cx.emit("Mul", [total, cx.scalar(0.5, x.dtype)])[0])]


def cross_entropy(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """``(Sparse)SoftmaxCrossEntropyWithLogits``: the loss per row, -sum(labels * log_softmax(logits)), and the
    gradient, softmax(logits) - labels (labels one-hot from their indices for the sparse op)."""
    logits, labels = inputs[0], inputs[1]
    if need_rank(logits, "logits") != 2:
        raise ConversionError("only 2-D logits (a batch of rows) are converted")
    _numbers(logits, "Softmax")
    sparse = node["op"] == "SparseSoftmaxCrossEntropyWithLogits"
    if (labels.dtype not in INTEGER_TYPES) if sparse else (labels.dtype != logits.dtype):
        raise ConversionError(f"its labels are {labels.dtype} for logits of {logits.dtype}: TensorFlow takes "
                              f"{'int32 or int64 indices' if sparse else 'the logits type'}")  # fmt: skip
    # Dense labels are the logits' shape; sparse ones a row's index each.
    same_shapes([logits.shape[:1] if sparse and logits.shape else logits.shape, labels.shape], "logits and labels")
    features = cx.tf(logits)
    log_probabilities = cx.emit("LogSoftmax", [features], axis=-1)[0]
    probabilities = cx.emit("Softmax", [features], axis=-1)[0]
    if node["op"] == "SparseSoftmaxCrossEntropyWithLogits":
        indices = cx.emit("Cast", [cx.tf(labels)], to=7)[0]
        depth = cx.emit("Gather", [cx.emit("Shape", [features])[0], cx.ints([1])], axis=0)[0]
        off_on = cx.initializer(tensor_of(logits.dtype, (2,), [0, 1]), cx.fresh("off_on"))
        dense = cx.emit("OneHot", [indices, depth, off_on], axis=-1)[0]
    else:
        dense = cx.tf(labels)
    picked = cx.emit("Mul", [dense, log_probabilities])[0]
    summed = cx.emit("ReduceSum", [picked, cx.ints([1])], keepdims=0)[0]
    rows = None if logits.shape is None else logits.shape[:1]
    loss = cx.result(0, logits.dtype, rows, onnx=cx.emit("Neg", [summed])[0])
    gradient = cx.result(1, logits.dtype, logits.shape, onnx=cx.emit("Sub", [probabilities, dense])[0])
    return [loss, gradient]


def not_equal(cx: Converter, a: str, b: str, dtype: str) -> str:
    return cx.emit("Not", [cx.emit("Equal", [a, b])[0]])[0]
