# SPDX-License-Identifier: Apache-2.0
"""What the op table's rules share: a node's attrs, its inputs' constants and ranks, shapes broadcast, layouts.

Strategy: small functions the rules of ``elementwise``, ``images`` and ``shapes`` call, each saying in its error
what the conversion needs that the graph does not give (a constant it computes, a rank it does not record), so
that every refusal names its node (the converter adds it) and what to pass.
"""

from __future__ import annotations

from .._errors import ConversionError
from .._graph.attrs import node_attr
from .._tensor import Tensor
from .values import INPUTS_HINT, ONNX_TYPES, TO_NCHW, tensor_of, transpose

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final, List, Optional, Sequence

    from .._typing import Decoded
    from .converter import Converter
    from .values import Shape, Value

    Outputs = List[Optional[Value]]


INT64_MAX: Final = 2**63 - 1


INT64_MIN: Final = -(2**63)


INTEGER_TYPES: Final = frozenset({"DT_INT32", "DT_INT64"})

#: The value of an attr of a node, as the attr holds it (the graph reader's, named as the rules use it).
attr = node_attr


def text_attr(node: Decoded, key: str, default: str) -> str:
    value = attr(node, key, None)
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else default


def need_ints(value: Value, what: str) -> List[int]:
    found = value.ints()
    if found is None:
        raise ConversionError(f"its {what} ({value.tf_name!r}) must be a constant the graph gives: it is computed")
    return found


def need_rank(value: Value, what: str = "input") -> int:
    if value.rank is None:
        raise ConversionError(f"its {what} {value.tf_name!r} has an unknown rank, which the conversion needs"
                              f"{INPUTS_HINT}")  # fmt: skip
    return value.rank


def axis_in(axis: int, rank: int) -> int:
    """*axis* of a value of *rank* counted from 0; one outside its axes refused, as TensorFlow refuses it."""
    if not -rank <= axis < rank:
        raise ConversionError(f"its axis {axis} is outside its input's {rank} axes")
    return axis + rank if axis < 0 else axis


def broadcast(a: Shape, b: Shape) -> Shape:
    if a is None or b is None:
        return None
    rank = max(len(a), len(b))
    one: List[Optional[int]] = [1]
    left = one * (rank - len(a)) + list(a)
    right = one * (rank - len(b)) + list(b)
    out: List[Optional[int]] = []
    for x, y in zip(left, right):
        if x == 1:
            out.append(y)
        elif y == 1 or x == y:
            out.append(x)
        elif x is None or y is None:
            out.append(x if y is None else y)
        else:
            raise ConversionError(f"shapes {a} and {b} do not broadcast")
    return out


def same_shapes(shapes: Sequence[Shape], what: str, but: Optional[int] = None) -> None:
    """Refuse *shapes* (of *what*) that cannot be one shape, leaving out axis *but*: a rank or a known dim that
    differs, which TensorFlow refuses when it builds the graph and ONNX's checker refuses in the model."""
    known = [shape for shape in shapes if shape is not None]
    for shape in known[1:]:
        if len(shape) != len(known[0]):
            raise ConversionError(f"its {what} have ranks {len(known[0])} and {len(shape)}, which cannot meet")
        for axis, (x, y) in enumerate(zip(known[0], shape)):
            if axis != but and x is not None and y is not None and x != y:
                raise ConversionError(f"its {what} have shapes {known[0]} and {shape}, which cannot meet")


def need_integers(value: Value, what: str = "indices") -> None:
    """Refuse *value* (indices, axes, shifts) unless its elements are int32 or int64, as TensorFlow takes them."""
    if value.dtype not in INTEGER_TYPES:
        raise ConversionError(f"its {what} {value.tf_name!r} are {value.dtype}: TensorFlow takes int32 or int64")


def need_dims(value: Value, what: str) -> None:
    """Refuse *value* as a shape-like input (*what*: dims, a shape, multiples) unless it is what TensorFlow takes:
    a 1-D tensor of int32 or int64 (its rank unknown is let through: the graph says no more)."""
    if value.dtype not in INTEGER_TYPES or value.rank not in (None, 1):
        raise ConversionError(f"its {what} {value.tf_name!r} are {value.dtype} of rank {value.rank}: TensorFlow "
                              "takes a 1-D tensor of int32 or int64")  # fmt: skip


def fully_known(shape: Shape) -> bool:
    return shape is not None and all(dim is not None for dim in shape)


def shape_in_nchw(shape: Shape) -> Shape:
    return None if shape is None else [shape[axis] for axis in TO_NCHW]


def main_nchw(value: Value) -> bool:
    """Whether a rule that does not care should take *value* in NCHW: it is held so (a convolution made it)."""
    return value.nchw is not None and value.rank == 4


def operand_nchw(cx: Converter, value: Value) -> Optional[str]:
    """*value* as an operand of an elementwise op whose other operand is NCHW: a 4-D value in NCHW; a scalar as it
    is; a constant of lower rank broadcast as TensorFlow broadcasts it, laid out NCHW; else None (not possible)."""
    if value.rank == 4:
        return cx.nchw(value)
    if value.rank == 0:
        return cx.tf(value)
    if value.const is not None and value.rank is not None and value.rank < 4:
        padded = Tensor(value.const.dtype, (1,) * (4 - value.rank) + value.const.shape, value.const.tobytes(),
                        None)  # fmt: skip
        return cx.initializer(transpose(padded, TO_NCHW), f"{value.tf_name}/nchw")
    if value.rank is not None and value.rank < 4 and value.dtype not in ("DT_STRING", "DT_VARIANT"):
        # A computed value of lower rank (Keras 3's batch-norm scale, a vector over the channels): its leading
        # ones added as TensorFlow broadcasts it, then laid out NCHW; constant inputs fold it at optimization.
        wide = unsqueeze(cx, cx.tf(value), list(range(4 - value.rank)))
        return cx.emit("Transpose", [wide], perm=list(TO_NCHW))[0]
    return None


def cast_ints(shape: Sequence[Optional[int]]) -> List[int]:
    return [int(dim) if dim is not None else -1 for dim in shape]


def onnx_type(dtype: str) -> int:
    if not isinstance(dtype, str) or dtype not in ONNX_TYPES:  # an attr of another kind in a damaged graph
        raise ConversionError(f"ONNX has no type for {dtype}")
    return ONNX_TYPES[dtype]


def unsqueeze(cx: Converter, name: str, axes: List[int]) -> str:
    return cx.emit("Unsqueeze", [name, cx.ints(axes)])[0]


def as_int64(cx: Converter, value: Value) -> str:
    name = cx.tf(value)
    return name if value.dtype == "DT_INT64" else cx.emit("Cast", [name], to=7)[0]


def settle(value: Value) -> None:
    """A small integer value whose every element is known becomes a constant: its readers read an initializer,
    and the nodes that computed it (a Shape, a Gather of it) are left to no one (tf.tensordot's sizes, a
    reshape's target built from a shape whose dims are known)."""
    found = value.ints()
    if found is not None and value.shape is not None:
        value.const = tensor_of(value.dtype, (len(found),) if value.shape else (), found)
        value.shape = [len(found)] if value.shape else []
        value.onnx = value.nchw = None


def dynamic_axes(cx: Converter, axes: Value) -> str:
    """Computed axes as the 1-D int64 tensor ONNX's reductions take (a scalar axis made a vector)."""
    name = as_int64(cx, axes)
    return cx.emit("Reshape", [name, cx.ints([-1])])[0] if axes.rank != 1 else name


def reduced_shape(x: Value, axes: Optional[List[int]], keep: bool, axes_value: Optional[Value] = None) -> Shape:
    """The shape a reduction over *axes* leaves; of computed axes (None), the rank alone: kept, or less the
    count of axes when *axes_value*'s length is known."""
    if x.shape is None:
        return None
    if axes is None:
        if keep:
            return [None] * len(x.shape)
        count = None if axes_value is None or axes_value.shape is None else (axes_value.shape or [1])[0]
        return None if count is None or count > len(x.shape) else [None] * (len(x.shape) - count)
    return [1 if axis in axes else dim for axis, dim in enumerate(x.shape) if keep or axis not in axes]


#: The most elements a rule makes at conversion (a map of places, a matrix of weights), and the most ONNX nodes it
#: makes one by one (a running product's steps, a partition's outputs): a graph asking for more is refused, not
#: left to run the converter out of memory.
MADE_LIMIT: Final = 1 << 24
STEPS_LIMIT: Final = 1 << 12


def check_made(count: int, what: str, limit: int = MADE_LIMIT) -> None:
    """Refuse *count* elements (or nodes) of *what* made at conversion past *limit*."""
    if count > limit:
        raise ConversionError(f"it would make {what} of {count:,} at conversion, more than the {limit:,} the "
                              "conversion makes")  # fmt: skip
