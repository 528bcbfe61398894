# SPDX-License-Identifier: Apache-2.0
"""Constants computed at conversion, as the runtime would compute them: the evaluator of the optimization pass.

Strategy: a constant is its dtype, shape and elements as a flat Python list (``Const``, read from an initializer's
``raw_data``); each ONNX op with a row in ``FOLDS`` computes its result from its inputs' constants by the operator
spec's semantics, broadcasting as numpy does. Floats are computed as Python's doubles and rounded to float32 after
each op (``rounded``): for ``+ - * /`` and ``sqrt`` that is the correctly rounded float32 result, the one
onnxruntime's kernels give; integers wrap to their width. An op not in the table, a dtype it does not take, or a
result past ``FOLD_LIMIT`` elements is left to the runtime (``None``).
"""

from __future__ import annotations

import math
import sys
from array import array

from .values import ONNX_TYPES, onnx_tensor, tensor_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, Final, List, Optional, Sequence, Tuple

    from .._typing import Decoded

    Fold = Callable[[List["Const"], Decoded], Optional["Const"]]

#: Constants of more elements than this are not computed at conversion (the runtime computes them once, as fast).
FOLD_LIMIT: Final = 1 << 20

_TF_TYPES: Final = {number: name for name, number in ONNX_TYPES.items()}
FLOATS: Final = frozenset({"DT_FLOAT", "DT_DOUBLE"})
_WIDTHS: Final = {"DT_INT32": 32, "DT_INT64": 64}
# array's type codes of the dtypes (4 and 8 bytes wherever CPython runs: ``i`` and ``q`` are C's int and long long).
_ARRAY_CODES: Final = {"DT_FLOAT": "f", "DT_DOUBLE": "d", "DT_INT32": "i", "DT_INT64": "q"}


class Const:
    """A constant's dtype, shape and elements (flat, row-major)."""

    __slots__ = ("dtype", "shape", "values")

    def __init__(self, dtype: str, shape: Sequence[int], values: List[Any]) -> None:
        self.dtype, self.shape, self.values = dtype, tuple(shape), values

    @classmethod
    def of(cls, proto: Decoded) -> Optional[Const]:
        dtype = _TF_TYPES.get(proto.get("data_type", 0))
        raw = proto.get("raw_data")
        if dtype not in _ARRAY_CODES or raw is None:
            return None
        values = array(_ARRAY_CODES[dtype], raw)  # read as an array, not element by element: weights are large
        if sys.byteorder == "big":  # raw_data is little-endian
            values.byteswap()
        return cls(dtype, tuple(proto.get("dims", [])), values.tolist())

    def proto(self, name: str) -> Decoded:
        return onnx_tensor(tensor_of(self.dtype, self.shape, self.values), name)


def rounded(dtype: str, values: List[Any]) -> List[Any]:
    """*values* as *dtype* holds them: a float32 rounded to nearest, an integer wrapped to its width."""
    if dtype == "DT_FLOAT":
        return array("f", values).tolist()
    width = _WIDTHS.get(dtype)
    if width is not None:
        half = 1 << (width - 1)
        return [(value + half) % (1 << width) - half for value in values]
    return values


def _broadcast(shapes: Sequence[Tuple[int, ...]]) -> Optional[Tuple[int, ...]]:
    rank = max(len(shape) for shape in shapes)
    out = []
    for axis in range(rank):
        dims = {shape[axis - rank + len(shape)] for shape in shapes if axis - rank + len(shape) >= 0} - {1}
        if len(dims) > 1:
            return None
        out.append(dims.pop() if dims else 1)
    return tuple(out)


def _spread(const: Const, shape: Tuple[int, ...]) -> List[Any]:
    """*const*'s elements broadcast to *shape* (numpy's rule), flat."""
    if const.shape == shape:
        return const.values
    rank = len(shape)
    dims = (1,) * (rank - len(const.shape)) + const.shape
    strides = [0] * rank
    stride = 1
    for axis in range(rank - 1, -1, -1):
        strides[axis] = stride if dims[axis] != 1 else 0
        stride *= dims[axis]
    indices = [0]
    for axis in range(rank):
        indices = [base + step * strides[axis] for base in indices for step in range(shape[axis])]
    return [const.values[index] for index in indices]


def count(shape: Sequence[int]) -> int:
    return math.prod(shape)


def _binary(function: Callable[[Any, Any], Any], floats_only: bool = False) -> Fold:
    def fold(inputs: List[Const], node: Decoded) -> Optional[Const]:
        a, b = inputs
        if a.dtype != b.dtype or (floats_only and a.dtype not in FLOATS):
            return None
        shape = _broadcast([a.shape, b.shape])
        if shape is None or count(shape) > FOLD_LIMIT:
            return None
        values = [function(x, y) for x, y in zip(_spread(a, shape), _spread(b, shape))]
        return Const(a.dtype, shape, rounded(a.dtype, values))

    return fold


def _unary(function: Callable[[float], float]) -> Fold:
    def fold(inputs: List[Const], node: Decoded) -> Optional[Const]:
        (x,) = inputs
        if x.dtype not in FLOATS:
            return None
        return Const(x.dtype, x.shape, rounded(x.dtype, [function(value) for value in x.values]))

    return fold


def _divide(x: float, y: float) -> float:
    if y != 0.0:
        return x / y
    if x == 0.0 or math.isnan(x):
        return math.nan
    return math.copysign(math.inf, x) * math.copysign(1.0, y)


def _sqrt(x: float) -> float:
    if x < 0.0 or math.isnan(x):
        return math.nan
    return math.sqrt(x)


def int_values(const: Const) -> Optional[List[int]]:
    return [int(value) for value in const.values] if const.dtype in _WIDTHS else None


def attribute_of(node: Decoded, name: str) -> Any:
    for item in node["attribute"]:
        if item["name"] == name:
            return item.get("ints", item.get("i"))
    return None


def _reshape(inputs: List[Const], node: Decoded) -> Optional[Const]:
    x, target = inputs
    dims = int_values(target)
    if dims is None or attribute_of(node, "allowzero"):
        return None
    shape = [x.shape[axis] if dim == 0 and axis < len(x.shape) else dim for axis, dim in enumerate(dims)]
    if shape.count(-1) == 1:
        known = count([dim for dim in shape if dim != -1])
        if known == 0 or count(x.shape) % known:
            return None
        shape[shape.index(-1)] = count(x.shape) // known
    if any(dim < 0 for dim in shape) or count(shape) != count(x.shape):
        return None
    return Const(x.dtype, shape, x.values)


def _squeeze(inputs: List[Const], node: Decoded) -> Optional[Const]:
    x = inputs[0]
    axes = int_values(inputs[1]) if len(inputs) > 1 else [axis for axis, dim in enumerate(x.shape) if dim == 1]
    if axes is None:
        return None
    axes = [axis % len(x.shape) for axis in axes] if x.shape else axes
    if any(axis >= len(x.shape) or x.shape[axis] != 1 for axis in axes):
        return None
    return Const(x.dtype, [dim for axis, dim in enumerate(x.shape) if axis not in axes], x.values)


def _unsqueeze(inputs: List[Const], node: Decoded) -> Optional[Const]:
    x, given = inputs
    axes = int_values(given)
    if axes is None:
        return None
    rank = len(x.shape) + len(axes)
    places = sorted(axis % rank for axis in axes)
    if len(set(places)) != len(places):
        return None
    shape, rest = [], iter(x.shape)
    for axis in range(rank):
        shape.append(1 if axis in places else next(rest))
    return Const(x.dtype, shape, x.values)


def transpose_const(inputs: List[Const], node: Decoded) -> Optional[Const]:
    (x,) = inputs
    rank = len(x.shape)
    perm = attribute_of(node, "perm") or list(range(rank - 1, -1, -1))
    if sorted(perm) != list(range(rank)):
        return None
    shape = tuple(x.shape[axis] for axis in perm)
    strides = [count(x.shape[axis + 1 :]) for axis in range(rank)]
    indices = [0]
    for axis in perm:
        indices = [base + step * strides[axis] for base in indices for step in range(x.shape[axis])]
    return Const(x.dtype, shape, [x.values[index] for index in indices])


def _identity(inputs: List[Const], node: Decoded) -> Optional[Const]:
    return inputs[0]


#: ONNX op -> how its constant result is computed (the ONNX operator specs' semantics; integers wrap as the
#: runtime's do; a float division by zero is an infinity or NaN, as IEEE's). An op not here is left to the runtime.
FOLDS: Final[Dict[str, Fold]] = {
    "Identity": _identity,
    "Add": _binary(lambda x, y: x + y),
    "Sub": _binary(lambda x, y: x - y),
    "Mul": _binary(lambda x, y: x * y),
    "Div": _binary(_divide, floats_only=True),
    "Neg": _unary(lambda x: -x),
    "Sqrt": _unary(_sqrt),
    "Reciprocal": _unary(lambda x: _divide(1.0, x)),
    "Reshape": _reshape,
    "Squeeze": _squeeze,
    "Unsqueeze": _unsqueeze,
    "Transpose": transpose_const,
}
