# SPDX-License-Identifier: Apache-2.0
"""What the ONNX conversion works with: ``Value`` (a TensorFlow tensor as converted), its error, ONNX's messages as
dicts, and tensors made at conversion (constants, weights transposed to ONNX's layout).

Strategy: the bottom of the conversion, importing only the bottom of the package, so that the converter and the op
table above it share one idea of a value. Weights are transposed here, in pure Python, once per conversion: every
element gathered by its permuted index through a memoryview cast to the element's width, then packed again.
"""

from __future__ import annotations

import struct
from array import array

from .._errors import ConversionError
from .._tensor import NUMERIC, Tensor, element_count
from .._typing import cast

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final, Iterable, List, Optional, Sequence, Tuple, Union

    from .._typing import Decoded

    Shape = Optional[List[Optional[int]]]

# ONNX's TensorProto.DataType numbers (onnx.proto), by TensorFlow dtype.
ONNX_TYPES: Final = {
    "DT_FLOAT": 1, "DT_UINT8": 2, "DT_INT8": 3, "DT_UINT16": 4, "DT_INT16": 5, "DT_INT32": 6, "DT_INT64": 7,
    "DT_STRING": 8, "DT_BOOL": 9, "DT_HALF": 10, "DT_DOUBLE": 11, "DT_UINT32": 12, "DT_UINT64": 13,
    "DT_COMPLEX64": 14, "DT_COMPLEX128": 15, "DT_BFLOAT16": 16,
}  # fmt: skip
# Integer tensors up to this many elements carry their elements (``Value.partial``); constants up to it are made once.
SMALL_INTS: Final = 64
# array's type codes of unsigned units, by width (``I`` is 4 bytes and ``Q`` 8 wherever CPython runs).
_UNIT_CODES: Final = {1: "B", 2: "H", 4: "I", 8: "Q"}
#: Complex dtypes and the float type of their parts.
PARTS: Final = {"DT_COMPLEX64": "DT_FLOAT", "DT_COMPLEX128": "DT_DOUBLE"}

#: The TensorFlow ops that read a complex value (held as pairs of parts, complexops.py); any other is refused one.
TAKES_COMPLEX: Final = frozenset({
    "ComplexAbs", "Real", "Imag", "FFT", "IFFT", "FFT2D", "IFFT2D", "Cast", "Identity", "IdentityN", "StopGradient",
    "Snapshot", "PreventGradient", "Add", "AddV2", "Sub", "Neg", "Mul",
})  # fmt: skip
# Permutations between TensorFlow's and ONNX's image layouts.
TO_NCHW: Final = (0, 3, 1, 2)
TO_NHWC: Final = (0, 2, 3, 1)


#: What a refusal for want of a rank says to do, in the command line's words and the library's.
INPUTS_HINT: Final = (" (pass the inputs' shapes: --inputs NAME:SHAPE of tfcollections export, or "
                      "to_onnx(inputs={name: shape}))")  # fmt: skip


class Value:
    """A TensorFlow tensor as the conversion holds it: ``dtype``, ``shape`` (None: rank unknown; a dim None:
    unknown), ``const`` (its values, when constant), ``partial`` (a small integer tensor's elements, None where
    unknown), and the ONNX values that hold it in TensorFlow's layout (``onnx``) and in NCHW (``nchw``)."""

    __slots__ = ("appended", "axes_of", "const", "count", "dtype", "element", "length", "nchw", "onnx", "partial",
                 "reserved", "rows", "shape", "source", "table", "tf_name", "tiled", "whole")  # fmt: skip

    def __init__(self, tf_name: str, dtype: str, shape: Shape) -> None:
        self.tf_name = tf_name
        self.dtype = dtype
        self.shape = shape
        self.const: Optional[Tensor] = None
        self.partial: Optional[List[Optional[int]]] = None
        self.onnx: Optional[str] = None
        self.nchw: Optional[str] = None
        #: A TensorList's (dtype ``DT_VARIANT``, an ONNX sequence) elements' dtype; its ``shape`` is theirs.
        self.element: Optional[str] = None
        #: A TensorList's length when the conversion knows it (0: a list reserved empty), else None.
        self.length: Optional[int] = None
        #: The tensor a TensorList was made from (TensorListFromTensor), else None: an RNN's inputs, for its fusion.
        self.source: Optional[Value] = None
        #: A TensorList's length as TensorFlow holds it when reserved with a constant count and only written in
        #: place since (its ONNX sequence holds what was written), else None.
        self.reserved: Optional[int] = None
        #: A TensorList's (or TF 1 TensorArray's) count of items as it was reserved (the int scalar it was reserved
        #: with), where TensorFlow's list may hold items past those its sequence holds: the sequence holds the items
        #: from 0 to the last written, and TensorFlow's length is the larger of the two, its items past them zeros.
        #: None: the sequence holds the whole list.
        self.count: Optional[Value] = None
        #: A Tile's input (its ONNX name) and counts when the Tile only repeats axes of size 1 (a broadcast, which a
        #: reader that broadcasts may do itself), else None.
        self.tiled: Optional[Tuple[str, List[int]]] = None
        #: A TensorList of one item written whole (a Keras RNN's last step): that item, else None.
        self.whole: Optional[Value] = None
        #: A TensorList a step appended an item to (its index the list's length): that item, else None.
        self.appended: Optional[Value] = None
        #: Whether it is a vector of encoded ragged rows (RaggedTensorToVariant of a batch: what tf.map_fn makes of a
        #: ragged tensor), held as a TensorList is: an ONNX sequence of each row's values, their dtype ``element``.
        self.rows = False
        #: A lookup table's handle (``DT_RESOURCE``): the table's keys and values (lookups.hash_table), else None.
        self.table: Optional[Tuple[Tensor, Tensor]] = None
        #: The rank of a value of an open rank (``("rank", name)``, a Rank of it) or its every axis (``("every",
        #: name)``, a Range from 0 to that rank by 1: what TensorFlow reduces over when the rank is open), else None.
        self.axes_of: Optional[Tuple[str, str]] = None

    def copy(self) -> Value:
        """The same value, for another scope (a branch's or a loop body's): what it makes there (a Transpose) stays
        there, where this one's ONNX names are seen from it."""
        other = Value(self.tf_name, self.dtype, None if self.shape is None else list(self.shape))
        other.const, other.partial, other.onnx, other.nchw, other.element, other.length, other.source = (
            self.const, self.partial, self.onnx, self.nchw, self.element, self.length, self.source)  # fmt: skip
        other.reserved, other.tiled, other.rows, other.table = self.reserved, self.tiled, self.rows, self.table
        other.axes_of, other.count = self.axes_of, self.count
        return other

    @property
    def rank(self) -> Optional[int]:
        return None if self.shape is None else len(self.shape)

    def ints(self) -> Optional[List[int]]:
        """Its elements as ints, when every one is known."""
        if self.partial is not None and all(item is not None for item in self.partial):
            return cast("List[int]", list(self.partial))
        return None


def same_value(a: Value, b: Value) -> bool:
    """Whether two values are known to be one tensor: the same value, the same ONNX value, or equal constants."""
    known = a.ints()
    return a is b or (a.onnx is not None and a.onnx == b.onnx) or (known is not None and known == b.ints())


# -------------------------------------------------------------------- ONNX messages as dicts


def attribute(name: str, value: Any) -> Decoded:
    """An AttributeProto: its type from the Python value (int, float, str, a list of ints or floats, a Tensor, a
    GraphProto as a dict: a Loop's body, an If's branch)."""
    if isinstance(value, dict):
        return {"name": name, "type": "GRAPH", "g": value}
    if isinstance(value, (bool, int)):
        return {"name": name, "type": "INT", "i": int(value)}
    if isinstance(value, float):
        return {"name": name, "type": "FLOAT", "f": value}
    if isinstance(value, str):
        return {"name": name, "type": "STRING", "s": value.encode("utf-8")}
    if isinstance(value, bytes):
        return {"name": name, "type": "STRING", "s": value}
    if isinstance(value, Tensor):
        return {"name": name, "type": "TENSOR", "t": onnx_tensor(value, "")}
    items = list(value)
    if all(isinstance(item, int) for item in items):
        return {"name": name, "type": "INTS", "ints": items}
    if all(isinstance(item, bytes) for item in items):
        return {"name": name, "type": "STRINGS", "strings": items}
    return {"name": name, "type": "FLOATS", "floats": [float(item) for item in items]}


def onnx_tensor(tensor: Tensor, name: str) -> Decoded:
    if tensor.dtype not in ONNX_TYPES:
        raise ConversionError(f"constant {name!r}: ONNX has no type for {tensor.dtype}")
    proto: Decoded = {"dims": list(tensor.shape), "data_type": ONNX_TYPES[tensor.dtype], "name": name}
    if tensor.dtype == "DT_STRING":
        proto["string_data"] = flat(tensor.tolist())
    else:
        proto["raw_data"] = tensor.tobytes()
    return proto


def shape_text(shape: Shape) -> str:
    """A shape as errors write it: ``[?, 4]``; ``<unknown>`` (TensorFlow's word) for one of no known rank."""
    if shape is None:
        return "<unknown>"
    return "[" + ", ".join("?" if dim is None else str(dim) for dim in shape) + "]"


def value_info(
    name: str, dtype: str, shape: Shape, *, symbolic: bool, element: Optional[str] = None, batch: bool = True
) -> Decoded:
    """A ValueInfoProto: an unknown dim of a graph input becomes symbolic, named after the tensor and the axis
    (``x_dim1``; ``batch`` for the first of a placeholder, *batch*), of an output it is left unnamed. A
    TensorList (``DT_VARIANT`` with an *element* dtype) is a sequence of tensors."""
    if dtype == "DT_VARIANT" and element is not None:
        inner = value_info(name, element, None, symbolic=False)["type"]
        return {"name": name, "type": {"sequence_type": {"elem_type": inner}}}
    if not isinstance(dtype, str) or dtype not in ONNX_TYPES:  # an attr of another kind in a damaged graph
        raise ConversionError(f"ONNX has no type for {dtype} (tensor {name!r})")
    tensor_type: Decoded = {"elem_type": ONNX_TYPES[dtype]}
    if shape is not None:
        dims: List[Decoded] = []
        for index, dim in enumerate(shape):
            if dim is not None:
                dims.append({"dim_value": dim})
            elif symbolic:
                dims.append({"dim_param": "batch" if index == 0 and batch else dim_symbol(name, index)})
            else:
                dims.append({})
        tensor_type["shape"] = {"dim": dims}
    return {"name": name, "type": {"tensor_type": tensor_type}}


def dim_symbol(name: str, axis: int) -> str:
    """The symbol of an input's unknown dim: the tensor's name and the axis (``x_dim1``; ``parse_3_dim0`` for
    ``parse:3``), one per tensor, as nothing says two inputs' unknown dims are equal."""
    node, _, port = name.partition(":")
    stem = node if port in ("", "0") else f"{node}_{port}"
    return f"{stem}_dim{axis}"


# -------------------------------------------------------------------- tensors made at conversion


def flat(nested: Any) -> List[Any]:
    if not isinstance(nested, list):
        return [nested]
    out: List[Any] = []
    for item in nested:
        out.extend(flat(item))
    return out


def tensor_of(dtype: str, shape: Sequence[int], values: Iterable[Any]) -> Tensor:
    flat = list(values)
    if dtype == "DT_STRING":
        return Tensor(dtype, tuple(shape), None, flat)
    fmt = NUMERIC[dtype][0]
    if dtype == "DT_BFLOAT16":
        return Tensor(dtype, tuple(shape), b"".join(struct.pack("<f", v)[2:] for v in flat))
    return Tensor(dtype, tuple(shape), struct.pack(f"<{len(flat)}{fmt}", *flat))


def ints_tensor(values: Sequence[int], dtype: str = "DT_INT64") -> Tensor:
    return tensor_of(dtype, (len(values),), values)


def scalar_tensor(number: Union[int, float], dtype: str) -> Tensor:
    return tensor_of(dtype, (), [number])


def transpose(tensor: Tensor, perm: Sequence[int]) -> Tensor:
    """*tensor* with its axes permuted, in C order.

    The elements are moved as machine units of their width (so the byte order does not matter). A weight's usual
    permutations (HWIO -> OIHW, a depthwise filter, NHWC -> NCHW) are one or two batched 2-D transposes once the
    axes of size 1 are left out, each column taken by an extended slice at C speed; any other is a gather of every
    element by its permuted index."""
    shape = tensor.shape
    new_shape = tuple(shape[axis] for axis in perm)
    if tensor.dtype == "DT_STRING":
        items = flat(tensor.tolist())
        return Tensor("DT_STRING", new_shape, None, [items[i] for i in _permuted_indices(shape, perm)])
    data = tensor.tobytes()
    kept = [axis for axis in perm if shape[axis] != 1]  # the order of the axes that move anything
    if kept == sorted(kept):
        return Tensor(tensor.dtype, new_shape, data)
    itemsize = NUMERIC[tensor.dtype][1]
    code = _UNIT_CODES.get(itemsize)
    if code is None:  # complex128: 16 bytes an element
        pieces = [data[index * itemsize : (index + 1) * itemsize] for index in _permuted_indices(shape, perm)]
        return Tensor(tensor.dtype, new_shape, b"".join(pieces))
    units = array(code, data)
    sizes = [shape[axis] for axis in sorted(kept)]  # the tensor without its axes of size 1
    order = [sorted(kept).index(axis) for axis in kept]
    stages = _as_rotations(order)
    if stages is None:
        moved = array(code, [units[index] for index in _permuted_indices(tuple(sizes), order)])
        return Tensor(tensor.dtype, new_shape, moved.tobytes())
    for batch_axes, split in stages:
        batches = element_count(tuple(sizes[:batch_axes]))
        rows = element_count(tuple(sizes[batch_axes:split]))
        columns = element_count(tuple(sizes[split:]))
        units = _rotated(units, batches, rows, columns)
        sizes = sizes[:batch_axes] + sizes[split:] + sizes[batch_axes:split]
    return Tensor(tensor.dtype, new_shape, units.tobytes())


def _rotation(rank: int, batch_axes: int, split: int) -> List[int]:
    """The permutation that keeps the first *batch_axes* axes and moves axes ``[split:]`` before ``[batch_axes:split]``:
    a batched 2-D transpose."""
    return [*range(batch_axes), *range(split, rank), *range(batch_axes, split)]


def _as_rotations(order: List[int]) -> Optional[List[Tuple[int, int]]]:
    """*order* as one or two rotations (``(batch_axes, split)`` each, applied in turn), or None."""
    rank = len(order)
    choices = [(b, s) for b in range(rank) for s in range(b + 1, rank)]
    for first in choices:
        if _rotation(rank, *first) == order:
            return [first]
    for first in choices:
        after = _rotation(rank, *first)
        for second in choices:
            then = _rotation(rank, *second)
            if [after[axis] for axis in then] == order:
                return [first, second]
    return None


def _rotated(units: array, batches: int, rows: int, columns: int) -> array:  # type: ignore[type-arg]
    """Each of *batches* row-major ``rows x columns`` blocks transposed: column by column, an extended slice each."""
    out = array(units.typecode)
    block = rows * columns
    for start in range(0, batches * block, block):
        part = units[start : start + block]
        for column in range(columns):
            out.extend(part[column::columns])
    return out


def _permuted_indices(shape: Tuple[int, ...], perm: Sequence[int]) -> List[int]:
    """The flat (C-order) index in a tensor of *shape* of each element of its transpose by *perm*, in order."""
    strides = [element_count(shape[axis + 1 :]) for axis in range(len(shape))]
    indices = [0]
    for axis in perm:
        stride = strides[axis]
        indices = [base + step * stride for base in indices for step in range(shape[axis])]
    return indices
