# SPDX-License-Identifier: Apache-2.0
"""A variable node's attrs, and the variable's dict they fill in.

Strategy: the node walk (``nodes``) keeps a variable's node by its span; here its attrs are read: every entry
decoded by the schema-driven decoder (so checked as protobuf checks it, the last of duplicate keys winning), and
what an entry's bytes give remembered for the graph (``VariableAttrs``), since variables repeat their dtype,
container, shapes and output shapes; an entry of one string (a ``_class`` colocation, a ``shared_name``) is read
straight from its bytes. A variable's dict is made here (``new_variable``, ``REPORTED``), so the text-format graph
of ``graph`` reports the same fields.
"""

from __future__ import annotations

from .._errors import DecodeError
from .._proto.compiled import COMPILED, field_tag
from .._proto.decoder import parse_message
from .._proto.wire import read_size, read_tag, skip_field

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, Final, List, Optional, Tuple, Union

    from .._typing import Decoded, FrozenBuffer

_COLOCATION_PREFIX: Final = b"loc:@"

_UNSEEN: Final = object()

_STRING_ATTRS: Final = frozenset({"container", "shared_name", "_class"})  # read directly when one string

_NODE_ATTR: Final = field_tag("tensorflow.NodeDef", "attr")
_ENTRY_KEY: Final = field_tag("tensorflow.NodeDef.AttrEntry", "key")
_ENTRY_VALUE: Final = field_tag("tensorflow.NodeDef.AttrEntry", "value")
_ATTR_ENTRY: Final = COMPILED["tensorflow.NodeDef.AttrEntry"]
_ATTR_VALUE: Final = COMPILED["tensorflow.AttrValue"]
_ATTR_VALUE_S: Final = field_tag("tensorflow.AttrValue", "s")
_ATTR_VALUE_LIST: Final = field_tag("tensorflow.AttrValue", "list")
_LIST_VALUE_S: Final = field_tag("tensorflow.AttrValue.ListValue", "s")

# A variable node up to this size is read in a copy, as the node walk reads nodes (nodes._COPIED_NODE_SIZE).
_COPIED_SIZE: Final = 4096


def invalid_utf8(exc: UnicodeDecodeError, start: int, field: str) -> DecodeError:
    return DecodeError(f"invalid UTF-8 in string field: {exc.reason}", start + exc.start, field)


class VariableAttrs:
    """What the attr entries of a graph's variables gave, remembered for the next variable."""

    __slots__ = ("entries", "values")

    def __init__(self) -> None:
        # An attr entry's bytes (key and value) -> what it gives a variable, as _attr_entry returns it, and how
        # to copy it for the next variable (list, or None for a value that is not a list).
        self.entries: Dict[bytes, Tuple[str, Any, Optional[Callable[[Any], Any]]]] = {}
        # (reported attr key or "", AttrValue bytes) -> what it gives: variables repeat their dtype,
        # container, shapes and output shapes. An attr that is not reported is only checked: None.
        self.values: Dict[Tuple[str, bytes], Any] = {}


def variable_fields(
    buf: FrozenBuffer, start: int, end: int, depth: int, attrs: VariableAttrs, variable: Decoded
) -> None:
    """Set the fields of *variable* that the reported attrs of its node in ``buf[start:end]`` (at *depth*) give
    (see ``REPORTED``).

    Every attr of a variable node is decoded, so checked as protobuf checks it (the last of duplicate
    keys winning); the reported ones give the variable's fields. What an attr entry's bytes give is kept
    (in *attrs*, the graph's): variables repeat their dtype, container, shapes and output shapes, so most
    entries cost a slice and a lookup. A shared name and a colocation, one string each and different for
    every variable, are read directly and not kept.
    """
    known_entries = attrs.entries
    # Walked in a copy, as _walk_nodes walks a node: positions up to 256 are ints CPython keeps ready.
    node: FrozenBuffer = buf
    base = 0  # where the copy starts in buf: errors say where in buf
    if end - start <= _COPIED_SIZE:
        node, base, start, end = buf[start:end], start, 0, end - start
    pos = start
    try:
        while pos < end:
            # The walk has checked the node's fields already: this only finds the attr entries.
            tag = node[pos]
            length = node[pos + 1]
            if tag == _NODE_ATTR and length < 0x80:
                pos += 2
            elif tag < 0x80 and tag & 7 == 2 and length < 0x80:  # name, op, an input: passed over
                pos += 2 + length
                continue
            else:
                tag, pos = read_tag(node, pos, end)
                if tag != _NODE_ATTR:
                    pos = skip_field(node, pos, end, tag, depth)
                    continue
                length, pos = read_size(node, pos, end)
            entry_end = pos + length
            entry_bytes = node[pos:entry_end]
            remembered = known_entries.get(entry_bytes)
            if remembered is not None:
                field, made, copy = remembered
                if field:
                    # A list is copied: each variable gets its own (callers may change what they are given).
                    variable[field] = made if copy is None else copy(made)
                pos = entry_end
                continue
            known = _attr_entry(node, pos, entry_end, depth, attrs.values)
            if known[0] not in _UNSHARED_FIELDS or not known[1]:  # an empty shared name is shared
                # The first variable's own value (the scan ends before callers can change it); copies after.
                known_entries[entry_bytes] = (*known, list if isinstance(known[1], list) else None)
            field, made = known
            if field:
                variable[field] = made
            pos = entry_end
    except DecodeError as exc:
        if exc.pos is not None:
            exc.pos += base
        raise


# The fields whose attrs differ from variable to variable (when not empty): not worth remembering.
_UNSHARED_FIELDS: Final = frozenset({"shared_name", "colocated_with"})


def decode_attr_entry(buf: FrozenBuffer, pos: int, end: int, depth: int) -> Tuple[Decoded, bool]:
    """The attr map entry in ``buf[pos:end]`` decoded, and whether it had unknown fields (then not in the map)."""
    entry = _ATTR_ENTRY.new()
    try:
        saw_unknown = parse_message(buf, pos, end, _ATTR_ENTRY, entry, depth)
    except DecodeError as exc:
        exc._add_segment("attr")
        raise
    return entry, saw_unknown


def _attr_entry(
    buf: FrozenBuffer, pos: int, entry_end: int, depth: int, values: Dict[Tuple[str, bytes], Any]
) -> Tuple[str, Any]:
    """What the attr entry in ``buf[pos:entry_end]`` gives a variable: (its field, the value), or ("", None) for an
    attr that is not reported (decoded all the same, so checked)."""
    # The usual entry: key (field 1) then value (field 2), each with a one-byte length, nothing else.
    length = entry_end - pos
    key_end = pos + 2 + buf[pos + 1] if length > 3 and buf[pos] == _ENTRY_KEY and buf[pos + 1] < 0x80 else entry_end
    usual = (
        key_end + 2 <= entry_end and buf[key_end] == _ENTRY_VALUE and buf[key_end + 1] == entry_end - key_end - 2 < 0x80
    )
    if not usual:  # any other entry: the decoder knows every rule of map entries
        entry, saw_unknown = decode_attr_entry(buf, pos, entry_end, depth + 1)
        # protobuf keeps an entry with unknown fields out of the map; an absent value is an empty one.
        reported = REPORTED.get(entry["key"])
        if saw_unknown or reported is None:
            return "", None
        return reported[0], reported[1](entry["value"] if entry["value"] is not None else _ATTR_VALUE.new())
    try:
        key = buf[pos + 2 : key_end].decode()
    except UnicodeDecodeError as exc:
        error = invalid_utf8(exc, pos + 2, "key")
        error._add_segment("attr")
        raise error from None
    raw = bytes(buf[key_end + 2 : entry_end])
    reported = REPORTED.get(key)
    size = len(raw)
    if key in _STRING_ATTRS and size > 1 and raw[0] == _ATTR_VALUE_S and raw[1] == size - 2 < 0x80:
        made: Any = _as_text(raw[2:])  # s: "" or a shared name
        if key == "_class":
            made = [_as_text(raw[7:])] if raw.startswith(_COLOCATION_PREFIX, 2) else []
    elif (
        key == "_class"
        and size > 3
        and raw[0] == _ATTR_VALUE_LIST
        and raw[1] == size - 2 < 0x80
        and raw[2] == _LIST_VALUE_S
        and raw[3] == size - 4
    ):
        made = [_as_text(raw[9:])] if raw.startswith(_COLOCATION_PREFIX, 4) else []  # one loc:@<node>
    else:
        # Unreported attrs (output shapes, ...) are remembered by their value alone, whatever their key.
        cache_key = (key if reported is not None else "", raw)
        made = values.get(cache_key, _UNSEEN)
        if made is _UNSEEN:
            value = _ATTR_VALUE.new()
            try:
                parse_message(raw, 0, size, _ATTR_VALUE, value, depth + 2)
            except DecodeError as exc:
                if exc.pos is not None:
                    exc.pos += key_end + 2
                exc._add_segment(key)
                exc._add_segment("attr")
                raise
            made = None if reported is None else reported[1](value)
            values[cache_key] = made
        if isinstance(made, list):  # a remembered list: each variable gets its own
            made = list(made)
    return ("", None) if reported is None else (reported[0], made)


def _as_text(value: bytes) -> Union[str, bytes]:
    """An attr's bytes as the string TensorFlow means, or the bytes themselves when they are not UTF-8."""
    try:
        return value.decode()
    except UnicodeDecodeError:
        return value


def node_attr(node: Decoded, key: str, default: Any = None) -> Any:
    """The value of attr *key* of *node*: an int, float, bool, bytes, dtype, list or shape, as the attr holds it."""
    value = node["attr"].get(key)
    if value is None:
        return default
    for field in ("i", "f", "b", "s", "type", "shape", "placeholder"):
        if value.get(field) is not None:
            return value[field]
    listed = value.get("list")
    if listed is not None:
        for field in ("i", "f", "s", "type", "b", "shape"):
            if listed.get(field):
                return list(listed[field])
        return []
    return default


def shape_list(shape: Optional[Decoded]) -> Optional[List[int]]:
    """A TensorShapeProto as a list of sizes (-1: unknown); None for an unknown rank (or no shape at all)."""
    if shape is None or shape["unknown_rank"]:
        return None
    return [dim["size"] for dim in shape["dim"]]


def _colocated_with(value: Decoded) -> List[Union[str, bytes]]:
    """The node names of the ``loc:@<node>`` entries of ``_class``: the node this one is placed with."""
    entries = value["list"]["s"] if value["list"] is not None else ([value["s"]] if value["s"] is not None else [])
    return [_as_text(entry[len(_COLOCATION_PREFIX) :]) for entry in entries if entry.startswith(_COLOCATION_PREFIX)]


def _text_of(value: Decoded) -> Union[str, bytes]:
    return "" if value["s"] is None else _as_text(value["s"])


# The attrs a variable reports: attr key -> (the variable's key, what it makes of the AttrValue).
REPORTED: Final[Dict[str, Tuple[str, Callable[[Decoded], Any]]]] = {
    "dtype": ("dtype", lambda value: value["type"]),
    "shape": ("shape", lambda value: shape_list(value["shape"])),
    "container": ("container", _text_of),
    "shared_name": ("shared_name", _text_of),
    "_class": ("colocated_with", _colocated_with),
}


def new_variable(name: str, op: Optional[str], device: str) -> Decoded:
    """A variable's dict, its attrs' fields at their defaults (what an absent attr means) until they are read."""
    return {
        "name": name,
        "op": op,
        "dtype": None,
        "shape": None,
        "device": device,
        "container": "",
        "shared_name": "",
        "colocated_with": [],
        "collections": [],
        "trainable": None,
        "partition": None,
        "object_path": None,
        "layer": None,
    }
