# SPDX-License-Identifier: Apache-2.0
"""A graph's ends: its inputs (placeholders), its outputs (nodes nothing consumes) and its constants.

Strategy: the node walk (``nodes``) keeps the placeholders, constants and calls it passes and, for a graph,
every node's name and op and what the nodes' inputs name; here those become the graph's ``"inputs"``,
``"outputs"``, ``"constants"`` and ``"calls"``. A placeholder or call node is decoded whole by the schema
decoder (it is small). A Const's attr entries are decoded one by one (``constant_tensor``: the usual
``value`` entry read in place, the others once per distinct bytes), and its tensor walked field by field for
its dtype, shape and size, its content passed by its length and never copied, so a frozen graph of a
gigabyte of weights is listed in the time of its nodes; a constant whose attrs' bytes were seen before is
not read again. A text-format graph, read whole, gives the same from its decoded nodes. The values of a
constant are made only when asked for (``tensor_values``, by TensorFlow's rules for a ``TensorProto``).
"""

from __future__ import annotations

import struct

from .._errors import DecodeError, truncated_length
from .._proto.compiled import COMPILED, ENUM_NAMES, field_tag
from .._proto.decoder import parse_message
from .._proto.wire import WIRETYPE_LENGTH_DELIMITED, iter_fields, read_size, read_tag, read_varint, skip_field
from .._tensor import NUMERIC, Tensor, element_count
from .attrs import decode_attr_entry, shape_list
from .nodes import PLACEHOLDER_OPS, is_variable_op

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Dict, Final, Iterable, List, Optional, Set, Tuple

    from .._typing import Buffer, Decoded, FrozenBuffer
    from .nodes import Census

_NODE_DEF: Final = COMPILED["tensorflow.NodeDef"]
_NODE_ATTR: Final = field_tag("tensorflow.NodeDef", "attr")
_ENTRY_KEY: Final = field_tag("tensorflow.NodeDef.AttrEntry", "key")
_ENTRY_VALUE: Final = field_tag("tensorflow.NodeDef.AttrEntry", "value")
_TENSOR_SHAPE: Final = COMPILED["tensorflow.TensorShapeProto"]
_DTYPE_NAMES: Final = ENUM_NAMES["tensorflow.DataType"]

# TensorProto's fields (tensorflow/core/framework/tensor.proto), by number, from the schema.
_TENSOR_DTYPE: Final = field_tag("tensorflow.TensorProto", "dtype") >> 3
_TENSOR_SHAPE_FIELD: Final = field_tag("tensorflow.TensorProto", "tensor_shape") >> 3
_TENSOR_CONTENT: Final = field_tag("tensorflow.TensorProto", "tensor_content") >> 3
_STRING_VAL: Final = field_tag("tensorflow.TensorProto", "string_val") >> 3

# The ops whose unconsumed nodes are not outputs: TensorFlow's summarize_graph leaves out Const, Assign, NoOp and
# Placeholder (tools/graph_transforms/summarize_graph_main.cc); an assertion, an input, a variable and an
# initializer's assignment are not what a model computes either. The saver's nodes are left out by name
# (``outputs``). The files documentation lists them.
NOT_OUTPUTS: Final = frozenset({"Const", "Assign", "NoOp", "Assert", "AssignVariableOp"}) | PLACEHOLDER_OPS


def placeholder(node: Decoded) -> Decoded:
    """A graph input: a placeholder node's name, op, dtype and shape (from its ``shape`` attr, else, or for no
    dims, the first of ``_output_shapes``; None for an unknown rank)."""
    attrs = node["attr"]
    dtype = attrs["dtype"]["type"] if "dtype" in attrs else None
    listed = attrs["_output_shapes"]["list"] if "_output_shapes" in attrs else None  # inferred on writing
    recorded = shape_list(listed["shape"][0]) if listed is not None and listed["shape"] else None
    declared = attrs["shape"]["shape"] if "shape" in attrs else None
    shape = shape_list(declared) if declared is not None else recorded
    if shape == [] and recorded:  # an old graph's "any shape" (graph._legacy_placeholders), as it was inferred
        shape = recorded
    return {"name": node["name"], "op": node["op"], "dtype": dtype, "shape": shape}


def call(node: Decoded) -> Decoded:
    """A call of a library function (``StatefulPartitionedCall``, ``PartitionedCall``): the node and the function its
    ``f`` attr names (None when it names none)."""
    attr = node["attr"].get("f")
    func = attr["func"] if attr is not None else None
    return {"node": node["name"], "op": node["op"], "function": func["name"] if func is not None else None}


def constant_tensor(buf: FrozenBuffer, start: int, end: int, census: Census) -> Optional[Decoded]:
    """The tensor of the Const node in ``buf[start:end]`` (its ``value`` attr's, a span in *buf*), or None.

    Every attr entry is decoded (so checked) as protobuf decodes the node's map: the last of duplicate keys wins,
    and an entry with unknown fields is left out of the map. A small entry that is not ``value`` (a dtype, output
    shapes: constants repeat them) is decoded once per distinct bytes; the ``value`` entry is decoded in place,
    its tensor a skipped field, passed by its length, never copied.
    """
    depth = census.depth + 1  # the node's own depth; its attr entries are one below
    checked = census.checked_entries
    tensor: Optional[Decoded] = None
    pos = start
    while pos < end:
        if buf[pos] == _NODE_ATTR and pos + 1 < end and buf[pos + 1] < 0x80:  # the usual entry: read inline
            length = buf[pos + 1]
            pos += 2
        else:
            tag, pos = read_tag(buf, pos, end)
            if tag != _NODE_ATTR:
                pos = skip_field(buf, pos, end, tag, depth)  # name, op, inputs, device: walked already
                continue
            length, pos = read_size(buf, pos, end)
        entry_end = pos + length
        if entry_end > end:
            raise truncated_length(length, end - pos, pos, "attr")
        if length > _VALUE_ENTRY_HEAD_SIZE and buf[pos : pos + _VALUE_ENTRY_HEAD_SIZE] == _VALUE_ENTRY_HEAD:
            # The usual value entry: key "value", then an AttrValue that holds only its tensor. protobuf reads these
            # bytes as exactly that, so the tensor's span is all there is to take; any other form is decoded below.
            size, at = read_size(buf, pos + _VALUE_ENTRY_HEAD_SIZE, entry_end)
            if at + size == entry_end and at < entry_end and buf[at] == _ATTR_VALUE_TENSOR:
                size, at = read_size(buf, at + 1, entry_end)
                if at + size == entry_end:
                    _check_replaced(buf, tensor, census)
                    tensor = {"type": "tensorflow.TensorProto", "offset": at, "size": size}
                    pos = entry_end
                    continue
        small = length <= _CHECKED_ENTRY_SIZE
        if small and buf[pos:entry_end] in checked:
            pos = entry_end
            continue
        entry, saw_unknown = decode_attr_entry(buf, pos, entry_end, depth + 1)
        if entry["key"] == _VALUE_KEY:
            if not saw_unknown:  # an entry with unknown fields is not in the map
                value = entry["value"]
                _check_replaced(buf, tensor, census)
                tensor = value["tensor"] if value is not None else None
        elif small:
            checked.add(buf[pos:entry_end])
        pos = entry_end
    return tensor


def _check_replaced(buf: FrozenBuffer, tensor: Optional[Decoded], census: Census) -> None:
    """Walk the tensor of a ``value`` entry that a later one replaces (a map's last entry wins), as protobuf parses
    every entry: a damaged tensor there is damage all the same."""
    if tensor is not None:
        start = tensor["offset"]
        tensor_layout(buf, start, start + tensor["size"], census.depth + 4, census.shapes)


_VALUE_KEY: Final = "value"

_VALUE_ENTRY_HEAD: Final = bytes([_ENTRY_KEY, len(_VALUE_KEY)]) + _VALUE_KEY.encode() + bytes([_ENTRY_VALUE])

_VALUE_ENTRY_HEAD_SIZE: Final = len(_VALUE_ENTRY_HEAD)

_ATTR_VALUE_TENSOR: Final = field_tag("tensorflow.AttrValue", "tensor")

# Attr entries of a constant up to this size are remembered once checked (see constant_tensor).
_CHECKED_ENTRY_SIZE: Final = 512


def read_node(buf: Buffer, start: int, end: int, depth: int) -> Decoded:
    """The NodeDef in ``buf[start:end]``, decoded (a Const's tensor passed over as a span)."""
    node = _NODE_DEF.new()
    parse_message(buf, start, end, _NODE_DEF, node, depth)
    return node


def constant_binary(buf: FrozenBuffer, name: str, start: int, end: int, census: Census) -> Decoded:
    """The Const node in ``buf[start:end]`` of a binary graph as ``"constants"`` lists it: name, dtype, shape, size
    in bytes. Its attrs, when small, are read once per distinct bytes (``census.layouts``): the same bytes read
    the same, whatever the node's name and inputs, and graphs repeat their small constants (zeros, shapes, axes).

    A node that is not large is read in a copy of its own, from 0, as the node walk reads nodes (positions up to
    256 are ints CPython keeps ready); one that does not read there is read again in place, so that its error
    says where in the file it is."""
    if end - start <= _COPIED_CONSTANT_SIZE:
        try:
            return _constant_of(buf[start:end], name, 0, end - start, census)
        except DecodeError:
            pass
    return _constant_of(buf, name, start, end, census)


# Const nodes up to this size are read in a copy (see constant_binary): all but those holding a large tensor.
_COPIED_CONSTANT_SIZE: Final = 4096


def _constant_of(buf: FrozenBuffer, name: str, start: int, end: int, census: Census) -> Decoded:
    pos = _first_attr(buf, start, end)
    small = end - pos <= _REMEMBERED_ATTRS_SIZE
    if small:
        key = buf[pos:end]
        known = census.layouts.get(key)
        if known is None:
            known = _fast_layout(key, census.checked_entries, census.shapes)
            if known is not None:
                census.layouts[key] = known
        if known is not None:
            dtype, shape, size = known
            return _constant(name, dtype, None if shape is None else list(shape), size)
    span = constant_tensor(buf, pos, end, census)
    if span is None:
        layout: Tuple[Any, Optional[List[int]], Optional[int]] = (None, None, None)
    else:
        tensor_start = span["offset"]
        try:
            dtype, shape, _, size = tensor_layout(
                buf, tensor_start, tensor_start + span["size"], census.depth + 4, census.shapes
            )
        except DecodeError as exc:
            exc._add_segment("tensor")
            exc._add_segment("value")
            exc._add_segment("attr")
            raise
        layout = (dtype, shape, size)
    if small:
        census.layouts[key] = (layout[0], None if layout[1] is None else list(layout[1]), layout[2])
    return _constant(name, *layout)


def _fast_layout(
    attrs: bytes, checked: Set[bytes], shapes: Dict[bytes, Optional[List[int]]]
) -> Optional[Tuple[Any, Optional[List[int]], Optional[int]]]:
    """A small Const's (dtype, shape, size) from its attr fields (*attrs*) as TensorFlow writes them, read in one
    pass; None for any other form, which ``constant_tensor`` and ``tensor_layout`` read. The usual form: entries of
    one- or two-byte lengths; each either the ``value`` entry (an AttrValue holding only its tensor, a TensorProto
    of one-byte tags: its dtype, one shape, and values or content, each field of a one- or two-byte length), an
    entry already decoded and found good (*checked*), or a ``_class`` entry (its list of ``s`` values: bytes, so
    nothing in it to check but its lengths). What it accepts protobuf reads as this; it checks packed values as
    ``tensor_layout`` does, and leaves a second ``value`` entry (whose tensor it would replace) to the general
    reader. One-byte lengths are read inline (nearly all of them), longer ones by ``_short_length``."""
    tensor = None
    pos, end = 0, len(attrs)
    while pos < end:
        if attrs[pos] != _NODE_ATTR or pos + 1 >= end:
            return None
        length = attrs[pos + 1]
        if length < 0x80:
            pos += 2
        else:
            length, pos = _short_length(attrs, pos + 1)
            if length < 0:
                return None
        entry_end = pos + length
        if entry_end > end:
            return None
        if attrs[pos : pos + _VALUE_ENTRY_HEAD_SIZE] == _VALUE_ENTRY_HEAD:
            # The AttrValue and its tensor end where the entry ends: two lengths, each of one byte when short.
            at = pos + _VALUE_ENTRY_HEAD_SIZE
            if at + 2 >= entry_end or tensor is not None:
                return None  # a second value entry: the general reading checks the tensor it replaces
            value_length = attrs[at]
            if value_length < 0x80 and attrs[at + 1] == _ATTR_VALUE_TENSOR and attrs[at + 2] < 0x80:
                if at + 1 + value_length != entry_end:
                    return None
                tensor_length, at = attrs[at + 2], at + 3
            else:
                value_length, at = _short_length(attrs, at)
                if value_length <= 0 or at + value_length != entry_end or attrs[at] != _ATTR_VALUE_TENSOR:
                    return None
                tensor_length, at = _short_length(attrs, at + 1)
            if tensor_length < 0 or at + tensor_length != entry_end:
                return None
            tensor = (at, entry_end)
        elif attrs[pos:entry_end] not in checked:
            if attrs[pos : pos + _CLASS_ENTRY_HEAD_SIZE] != _CLASS_ENTRY_HEAD or not _strings_list(
                attrs, pos + _CLASS_ENTRY_HEAD_SIZE, entry_end
            ):
                return None
            checked.add(attrs[pos:entry_end])
        pos = entry_end
    if tensor is None:
        return None
    dtype_number, shape_at, strings = 0, -1, 0
    shape_end = 0
    pos, end = tensor
    while pos < end:
        tag = attrs[pos]
        if tag == _TENSOR_DTYPE_TAG:
            dtype_number = attrs[pos + 1] if pos + 1 < end else 0x80
            if dtype_number >= 0x80:
                return None
            pos += 2
            continue
        if tag & 7 != WIRETYPE_LENGTH_DELIMITED or tag >= 0x80 or tag < 8 or pos + 1 >= end:
            return None
        length = attrs[pos + 1]
        if length < 0x80:
            at = pos + 2
        else:
            length, at = _short_length(attrs, pos + 1)
            if length < 0:
                return None
        pos = at + length
        if pos > end:
            return None
        number = tag >> 3
        if number == _TENSOR_SHAPE_FIELD:
            if shape_at >= 0:
                return None  # two shapes merge: the general reading
            shape_at, shape_end = at, pos
        elif number in _PACKED:
            try:
                _check_packed(attrs, number, at, pos)
            except DecodeError:
                return None  # the general reading says where, in the file's offsets
        elif number == _STRING_VAL:
            strings += length
        elif number != _TENSOR_CONTENT:
            return None
    shape: Optional[List[int]] = []
    if shape_at >= 0:
        key = attrs[shape_at:shape_end]
        if key in shapes:
            shape = shapes[key]
        else:
            shape = _usual_shape(key)
            if shape is None:
                return None  # not TensorFlow's usual shape: the decoder reads it
            shapes[key] = shape
    dtype: Any = _DTYPE_NAMES.get(dtype_number, dtype_number)
    if dtype == "DT_STRING":
        return dtype, None if shape is None else list(shape), strings
    if shape is None:
        return dtype, None, None
    numeric = NUMERIC.get(dtype)
    size: Optional[int] = numeric[1] if numeric is not None else None
    for dim in shape:
        if dim < 0:
            size = None
            break
        if size is not None:
            size *= dim
    return dtype, list(shape), size


def _short_length(buf: bytes, pos: int) -> Tuple[int, int]:
    """A length of one or two bytes at *pos* and where its value starts; (-1, pos) for a longer one, or none."""
    if pos >= len(buf):
        return -1, pos
    first = buf[pos]
    if first < 0x80:
        return first, pos + 1
    if pos + 1 < len(buf) and buf[pos + 1] < 0x80:
        return (first & 0x7F) | (buf[pos + 1] << 7), pos + 2
    return -1, pos


def _strings_list(buf: bytes, pos: int, end: int) -> bool:
    """Whether ``buf[pos:end]`` is an AttrValue holding only a ListValue of ``s`` values (bytes), every length of
    one or two bytes and every field whole: what ``_class`` holds (``loc:@<node>``)."""
    length, pos = _short_length(buf, pos)
    if length < 0 or pos + length != end or pos >= end or buf[pos] != _ATTR_VALUE_LIST:
        return False
    length, pos = _short_length(buf, pos + 1)
    if length < 0 or pos + length != end:
        return False
    while pos < end:
        if buf[pos] != _LIST_S:
            return False
        length, pos = _short_length(buf, pos + 1)
        pos += length
        if length < 0 or pos > end:
            return False
    return True


_TENSOR_DTYPE_TAG: Final = field_tag("tensorflow.TensorProto", "dtype")

_CLASS_ENTRY_HEAD: Final = bytes([_ENTRY_KEY, len("_class")]) + b"_class" + bytes([_ENTRY_VALUE])

_CLASS_ENTRY_HEAD_SIZE: Final = len(_CLASS_ENTRY_HEAD)

_ATTR_VALUE_LIST: Final = field_tag("tensorflow.AttrValue", "list")

_LIST_S: Final = field_tag("tensorflow.AttrValue.ListValue", "s")


# A Const's attrs up to this size are remembered by their bytes (see constant_binary).
_REMEMBERED_ATTRS_SIZE: Final = 1024


def _first_attr(buf: FrozenBuffer, pos: int, end: int) -> int:
    """Where the first attr field of the node in ``buf[pos:end]`` starts (its fields before it, the walk has read:
    name, op, inputs, device), or *end*."""
    attr = _NODE_ATTR
    while pos < end:
        tag = buf[pos]
        if tag == attr:
            return pos
        if tag < 0x80 and tag & 7 == WIRETYPE_LENGTH_DELIMITED and pos + 1 < end and buf[pos + 1] < 0x80:
            pos += 2 + buf[pos + 1]
            continue
        tag, pos = read_tag(buf, pos, end)
        if tag == attr:
            return _tag_start(buf, pos)
        pos = skip_field(buf, pos, end, tag, 0)
    return end


def _tag_start(buf: FrozenBuffer, after: int) -> int:
    """Where a tag that ends at *after* starts (a tag's bytes but the last have the high bit set)."""
    start = after - 1
    while start > 0 and buf[start - 1] >= 0x80:
        start -= 1
    return start


def constant_text(node: Decoded, tensor: Optional[Decoded]) -> Decoded:
    """A Const node of a text graph, its tensor decoded (*tensor*; None when it has none)."""
    if tensor is None:
        return _constant(node["name"], None, None, None)
    shape = shape_list(tensor["tensor_shape"]) if tensor["tensor_shape"] is not None else []
    dtype = tensor["dtype"]
    if dtype == "DT_STRING":
        size: Optional[int] = sum(len(value) for value in tensor["string_val"])
    else:
        size = _numeric_size(dtype, shape)
    return _constant(node["name"], dtype, shape, size)


def _constant(name: str, dtype: Optional[str], shape: Optional[List[int]], size: Optional[int]) -> Decoded:
    return {"name": name, "dtype": dtype, "shape": shape, "size": size}


def _numeric_size(dtype: Any, shape: Optional[List[int]]) -> Optional[int]:
    if shape is None or dtype not in NUMERIC or any(dim < 0 for dim in shape):
        return None
    return element_count(tuple(shape)) * NUMERIC[dtype][1]


def tensor_layout(
    buf: Buffer, start: int, end: int, depth: int, shapes: Optional[Dict[bytes, Optional[List[int]]]] = None
) -> Tuple[Any, Optional[List[int]], Optional[Tuple[int, int]], Optional[int]]:
    """Walk the TensorProto in ``buf[start:end]``: its dtype, shape, where its ``tensor_content`` lies (or None),
    and its size in bytes (elements times the dtype's size; for strings, the bytes of the strings it stores).
    *shapes* remembers the shapes read, by their bytes."""
    dtype_number = 0
    shape_spans: List[Tuple[int, int]] = []
    content: Optional[Tuple[int, int]] = None
    strings = 0
    pos = start
    while pos < end:
        # A tag and a length or value of one byte each, inline (a constant's fields nearly always are); any other
        # field through the wire reader, as iter_fields reads it.
        tag = buf[pos]
        second = buf[pos + 1] if pos + 1 < end else 0x80
        if tag < 0x80 and second < 0x80 and tag & 7 in (0, WIRETYPE_LENGTH_DELIMITED) and tag >= 8:
            number, wire_type = tag >> 3, tag & 7
            if wire_type == 0:
                value_start, pos = pos + 1, pos + 2
                value_end = pos
            else:
                value_start = pos + 2
                value_end = pos = value_start + second
                if pos > end:
                    raise truncated_length(second, end - value_start, value_start)
        else:
            number, wire_type, value_start, value_end = next(iter_fields(buf, pos, end, 1))
            pos = value_end
        if number == 0:
            raise DecodeError("invalid field number 0", value_start - 1)
        if wire_type == WIRETYPE_LENGTH_DELIMITED:
            if number in _PACKED:
                _check_packed(buf, number, value_start, value_end)
            elif number == _TENSOR_SHAPE_FIELD:
                shape_spans.append((value_start, value_end))
            elif number == _TENSOR_CONTENT:
                content = (value_start, value_end)  # the last one wins
            elif number == _STRING_VAL:
                strings += value_end - value_start
            elif number in _HANDLES:
                # Resource handles and variants (no frozen graph has them): their fields walked, not read.
                for inner, _, inner_start, _ in iter_fields(buf, value_start, value_end):
                    if inner == 0:
                        raise DecodeError("invalid field number 0", inner_start - 1)
        elif number == _TENSOR_DTYPE and wire_type == 0:
            dtype_number = (
                buf[value_start] if value_end - value_start == 1 else read_varint(buf, value_start, value_end)[0]
            )
    dtype: Any = _DTYPE_NAMES.get(dtype_number, dtype_number)
    shape = _shape_of(buf, shape_spans, depth + 1, shapes)
    size = strings if dtype == "DT_STRING" else _numeric_size(dtype, shape)
    return dtype, shape, content, size


# The *_val fields of TensorProto a writer may pack, by number: the size of one value, or 0 for varints. protobuf
# refuses packed bytes that are not whole values, and so does the walk (what the values are is read only by
# ``tensor_values``).
_PACKED: Final[Dict[int, int]] = {
    field_tag("tensorflow.TensorProto", name) >> 3: size
    for name, size in (("float_val", 4), ("scomplex_val", 4), ("double_val", 8), ("dcomplex_val", 8),
                       ("half_val", 0), ("int_val", 0), ("int64_val", 0), ("bool_val", 0), ("uint32_val", 0),
                       ("uint64_val", 0))
}  # fmt: skip


# TensorProto's fields of resource handles and variants, by number.
_HANDLES: Final = frozenset(
    field_tag("tensorflow.TensorProto", name) >> 3 for name in ("resource_handle_val", "variant_val")
)


def _check_packed(buf: Buffer, number: int, start: int, end: int) -> None:
    """Raise ``DecodeError`` unless ``buf[start:end]`` is whole packed values of field *number*."""
    size = _PACKED[number]
    if size:
        if (end - start) % size:
            raise DecodeError(f"packed field {number}: {end - start} bytes is not a whole number of {size}-byte values",
                              start)  # fmt: skip
        return
    if buf[start:end].isascii():  # every byte below 0x80: each a whole one-byte varint
        return
    pos = start
    while pos < end:
        _, pos = read_varint(buf, pos, end)


def _shape_of(
    buf: Buffer, spans: List[Tuple[int, int]], depth: int, shapes: Optional[Dict[bytes, Optional[List[int]]]]
) -> Optional[List[int]]:
    """The sizes of a tensor's shape, from its ``tensor_shape`` fields (none: a scalar; several merge, as protobuf
    merges a message field given twice); one field is read once per distinct bytes when *shapes* is given."""
    if not spans:
        return []
    if len(spans) == 1 and shapes is not None:
        start, end = spans[0]
        key = bytes(buf[start:end])
        if key in shapes:
            known = shapes[key]
            return None if known is None else list(known)
        usual = _usual_shape(key)
        if usual is not None:
            shapes[key] = usual
            return list(usual)
    message = _TENSOR_SHAPE.new()
    for start, end in spans:
        parse_message(buf, start, end, _TENSOR_SHAPE, message, depth)  # into the same dict: merged
    shape = shape_list(message)
    if len(spans) == 1 and shapes is not None:
        shapes[key] = None if shape is None else list(shape)
    return shape


def _usual_shape(
    shape: bytes,
    _dim: int = field_tag("tensorflow.TensorShapeProto", "dim"),
    _size: int = field_tag("tensorflow.TensorShapeProto.Dim", "size"),
) -> Optional[List[int]]:
    """The sizes of a TensorShapeProto written as TensorFlow writes one (each field a ``dim`` of one-byte length
    holding its ``size`` alone, 0 to 2**63 - 1; an empty ``dim``, size 0), read inline; None for any other form,
    which the decoder reads (negative sizes, ``unknown_rank``, names, other fields or lengths)."""
    sizes = []
    pos = 0
    end = len(shape)
    while pos < end:
        if shape[pos] != _dim or pos + 1 >= end:
            return None
        length = shape[pos + 1]
        dim_end = pos + 2 + length
        if length == 0:
            sizes.append(0)
            pos = dim_end
            continue
        if length > 10 or dim_end > end or shape[pos + 2] != _size:
            return None
        value = shift = 0
        at = pos + 3
        while at < dim_end:
            byte = shape[at]
            value |= (byte & 0x7F) << shift
            shift += 7
            at += 1
            if byte < 0x80:
                break
        else:
            return None  # no last byte of the varint within the dim
        if at != dim_end or shift > 63:  # more in the dim, or 10 bytes: a negative size
            return None
        sizes.append(value)
        pos = dim_end
    return sizes


def outputs(names: List[bytes], ops: List[bytes], consumed: Set[bytes], saver_nodes: Iterable[str]) -> List[Decoded]:
    """The graph's outputs: nodes whose outputs nothing consumes (no input names them, as data or as a control
    dependency), but for the ops of ``NOT_OUTPUTS``, variables, and the saver's nodes (*saver_nodes*: the
    nodes its SaverDef names, and the scope they are in)."""
    # What each input names: "^init" -> "init", "dense/BiasAdd:1" -> "dense/BiasAdd" (node names have no ":").
    used = {(entry[1:] if entry[:1] == b"^" else entry).partition(b":")[0] for entry in consumed}
    scopes = tuple(name.rsplit("/", 1)[0].encode() + b"/" for name in saver_nodes if "/" in name)
    named = {name.encode() for name in saver_nodes}
    not_outputs = {op for op in set(ops) if op.decode() in NOT_OUTPUTS or is_variable_op(op.decode())}
    return [
        {"name": name.decode(), "op": op.decode()}
        for name, op in zip(names, ops)
        if name not in used and op not in not_outputs and name not in named and not (scopes and name.startswith(scopes))
    ]


def saver_nodes(meta_graph: Decoded) -> List[str]:
    """The nodes the meta graph's savers name (its SaverDef, and those of its ``savers`` collection): each one's
    filename tensor, save tensor and restore op."""
    savers = [meta_graph["saver_def"]] if meta_graph["saver_def"] is not None else []
    collection = meta_graph["collection_def"].get("savers")
    if collection is not None:
        savers += [item for item in collection["value"] if isinstance(item, dict)]
    names = []
    for saver in savers:
        for key in ("filename_tensor_name", "save_tensor_name", "restore_op_name"):
            if saver[key]:
                names.append(saver[key].partition(":")[0])
    return names


def in_savers(name: str, nodes: List[str]) -> bool:
    """Whether node *name* is a saver's: one it names, or in the scope of one (``save/``)."""
    return any(name == node or ("/" in node and name.startswith(node.rsplit("/", 1)[0] + "/")) for node in nodes)


# --------------------------------------------------------------------------- values

# The repeated field that holds each dtype's values when a tensor has no tensor_content (tensor.proto).
_VALUE_FIELDS: Final[Dict[str, str]] = {
    "DT_FLOAT": "float_val", "DT_DOUBLE": "double_val", "DT_HALF": "half_val", "DT_BFLOAT16": "half_val",
    "DT_INT8": "int_val", "DT_UINT8": "int_val", "DT_INT16": "int_val", "DT_UINT16": "int_val", "DT_INT32": "int_val",
    "DT_UINT32": "uint32_val", "DT_INT64": "int64_val", "DT_UINT64": "uint64_val", "DT_BOOL": "bool_val",
    "DT_COMPLEX64": "scomplex_val", "DT_COMPLEX128": "dcomplex_val", "DT_STRING": "string_val",
}  # fmt: skip


def tensor_values(
    name: str, dtype: Any, shape: Tuple[int, ...], content: Optional[Any], values: Optional[Decoded]
) -> Tensor:
    """The values of a constant's ``TensorProto`` as TensorFlow makes them (``Tensor::FromProto``).

    *content* is its ``tensor_content`` (None or empty when it has none: a view of the file, never copied),
    *values* the rest of the tensor decoded (its ``*_val`` fields; only read without content). Content holds
    the bytes of every element; without it the ``*_val`` field of the dtype holds them, and fewer values than
    elements are filled out with the last one (none at all: zeros). Raises ``DecodeError`` for what TensorFlow
    refuses too (content of the wrong size, a dtype whose values are not plain data, an unknown dimension).
    """
    if any(dim < 0 for dim in shape):
        raise DecodeError(f"constant {name!r}: its shape {list(shape)} has an unknown dimension")
    if dtype not in _VALUE_FIELDS:
        raise DecodeError(f"constant {name!r}: its dtype {dtype} has no values to read as plain data")
    count = element_count(shape)
    if dtype == "DT_STRING":
        given = list(values["string_val"]) if values is not None else []
        _check_fill(name, dtype, count, len(given), 8)
        return Tensor(dtype, shape, None, _filled(given, count, b""))
    itemsize = NUMERIC[dtype][1]
    if content is not None and len(content) > 0:
        if len(content) != count * itemsize:
            raise DecodeError(
                f"constant {name!r}: tensor_content has {len(content)} bytes, where {count} elements of {dtype} "
                f"take {count * itemsize}"
            )
        return Tensor(dtype, shape, content)
    found = list(values[_VALUE_FIELDS[dtype]]) if values is not None else []
    code = NUMERIC[dtype][0]
    if dtype in ("DT_COMPLEX64", "DT_COMPLEX128"):
        pairs = [found[i : i + 2] for i in range(0, min(len(found) - 1, 2 * count), 2)]
        _check_fill(name, dtype, count, len(pairs), itemsize)
        flat = [part for pair in pairs for part in pair]
        return Tensor(dtype, shape, _repeat_last(struct.pack(f"<{len(flat)}{code}", *flat), itemsize, count))
    found = found[:count]
    _check_fill(name, dtype, count, len(found), itemsize)
    if dtype in ("DT_HALF", "DT_BFLOAT16"):
        return Tensor(
            dtype, shape, _repeat_last(struct.pack(f"<{len(found)}H", *(v & 0xFFFF for v in found)), 2, count)
        )
    if dtype in ("DT_INT8", "DT_UINT8", "DT_INT16", "DT_UINT16"):
        bits = itemsize * 8  # an int32 field holds them: TensorFlow keeps the low bits
        mask, signed = (1 << bits) - 1, dtype.startswith("DT_INT")
        found = [_wrap(value & mask, bits) if signed else value & mask for value in found]
    return Tensor(dtype, shape, _repeat_last(struct.pack(f"<{len(found)}{code}", *found), itemsize, count))


# A constant's values filled out past those its proto gives (TensorFlow repeats the last one) are made up to this
# many bytes; past it the constant is refused with its size rather than allocated: a 60-byte proto may claim 10^12
# elements of one value.
FILL_LIMIT: Final = 1 << 26


def _check_fill(name: str, dtype: str, count: int, given: int, itemsize: int) -> None:
    if count > given and count * itemsize > FILL_LIMIT:
        raise DecodeError(f"constant {name!r}: {count:,} elements of {dtype} ({count * itemsize:,} bytes) filled out "
                          f"from the {given:,} value(s) its proto gives: more than the {FILL_LIMIT:,} bytes the "
                          "library makes of a repeated value")  # fmt: skip


def _repeat_last(packed: bytes, itemsize: int, count: int) -> bytes:
    """*packed* (the elements a proto gives, at most *count*) filled out to *count* elements with its last one, or
    zeros when it gives none, as bytes: no list of *count* items is made."""
    have = len(packed) // itemsize
    if have >= count:
        return packed
    last = packed[-itemsize:] if packed else bytes(itemsize)
    return packed + last * (count - have)


def _wrap(value: int, bits: int) -> int:
    return value - (1 << bits) if value >= 1 << (bits - 1) else value


def _filled(values: List[Any], count: int, zero: Any) -> List[Any]:
    """*values* made *count* long as TensorFlow does: cut, or filled with the last value (or *zero* when empty)."""
    if len(values) >= count:
        return values[:count]
    return values + [values[-1] if values else zero] * (count - len(values))
