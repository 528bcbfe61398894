# SPDX-License-Identifier: Apache-2.0
"""Schema-driven decoding of one message into plain Python data.

Strategy: at import, each message schema of ``_schema.py`` is compiled into a
``CompiledMessage``: a dict from the *integer tag* (field number and wire type)
to an ``(op, field name, argument)`` triple, plus a template dict of defaults.
A tag that protobuf would not accept for the field (a varint where a string is
declared, say) is simply absent from the table, so it takes the unknown-field
path exactly as protobuf does. Repeated scalars get two tags: packed and not.
The same table is also laid out as a list indexed by the one-byte tags (fields
1 to 15, nearly every tag TensorFlow writes), and ops are numbered by wire type.

``parse_message(buf, pos, end, message, out, depth)`` merges the message in
``buf[pos:end]`` into the dict ``out``. Parsing *into* an existing dict is how
protobuf's merge rules fall out for free: a singular message seen twice is
parsed into the same dict (scalars: last wins; lists: appended; sub-messages:
merged). The loop reads one-byte tags and lengths inline, and reads each
length once for all length-delimited ops. Nested messages are passed as
``(pos, end)`` ints; only leaf strings are sliced.

Bounds are checked once per length-delimited field and once at the end of
each message (``pos != end``), never per byte. The only way to read past the
whole buffer is a one-byte read at its very end; that ``IndexError`` (or a
``struct.error`` from a fixed-width read) is turned into a ``DecodeError`` for
the field being read, at the level of the message that contains it.
"""

from __future__ import annotations

import struct

from ._errors import DecodeError
from ._schema import (
    BOOL,
    BYTES,
    ENUM,
    ENUMS,
    FLOAT,
    INT32,
    INT64,
    MAP,
    MESSAGE,
    MESSAGES,
    SKIPPED,
    STRING,
    Field,
    Message,
)
from ._wire import (
    MAX_DEPTH,
    WIRETYPE_FIXED32,
    WIRETYPE_LENGTH_DELIMITED,
    WIRETYPE_NAMES,
    WIRETYPE_VARINT,
    read_size,
    read_tag,
    read_varint,
    skip_field,
    tag_of,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    import mmap
    from typing import Any, Callable, Dict, Final, List, Optional, Tuple, Union

    Buffer = Union[bytes, bytearray, mmap.mmap]  # mmap: whole files are parsed in place
    Decoded = Dict[str, Any]
    Op = Tuple[int, str, Any]

# Ops are numbered by wire type (length-delimited, then varint, then fixed32), so the loop
# picks the wire type's branch by comparing the op, without computing ``tag & 7``.
# Ops of length-delimited tags, in the order the loop tests them: most frequent first.
OP_STRING: Final = 0
OP_REPEATED_STRING: Final = 1
OP_MAP: Final = 2
OP_MESSAGE: Final = 3
OP_REPEATED_MESSAGE: Final = 4
OP_ONEOF_MESSAGE: Final = 5
OP_PACKED_VARINT: Final = 6
OP_PACKED_FLOAT: Final = 7
OP_BYTES: Final = 8
OP_REPEATED_BYTES: Final = 9
OP_ONEOF_STRING: Final = 10
OP_SKIPPED: Final = 11
# Ops of varint tags.
OP_BOOL: Final = 12
OP_INT32: Final = 13
OP_INT64: Final = 14
OP_ENUM: Final = 15
OP_REPEATED_VARINT: Final = 16
# Ops of fixed32 tags.
OP_FLOAT: Final = 17
OP_REPEATED_FLOAT: Final = 18

_unpack_float = struct.Struct("<f").unpack_from


def _truncated(length: int, left: int, pos: int, name: str) -> DecodeError:
    # One message for the three places a length runs past its message (the general path and two runs).
    return DecodeError(f"truncated length-delimited field: needs {length} bytes, {left} left", pos, name)


def _to_int32(value: int) -> int:
    # int32 and enum fields keep the low 32 bits of the varint, signed (upb's "munge").
    value &= 0xFFFF_FFFF
    return value - 0x1_0000_0000 if value & 0x8000_0000 else value


def _to_int64(value: int) -> int:
    return value - 0x1_0000_0000_0000_0000 if value & 0x8000_0000_0000_0000 else value


def _to_bool(value: int) -> bool:
    return value != 0


def _enum_converter(names: Dict[int, str]) -> Callable[[int], Union[str, int]]:
    def to_enum(value: int) -> Union[str, int]:
        value = _to_int32(value)
        return names.get(value, value)

    return to_enum


class CompiledMessage:
    """A message schema turned into what the decode loop needs."""

    __slots__ = (
        "by_byte",
        "containers",
        "defaults",
        "fields_by_name",
        "name",
        "new",
        "schema",
        "short_name",
        "string_map",
        "table",
    )

    def __init__(self, schema: Message) -> None:
        self.name = schema.name
        self.short_name = schema.name.rsplit(".", 1)[-1]
        self.schema = schema
        self.table: Dict[int, Op] = {}
        #: ``table`` as a list indexed by the one-byte tags (fields 1 to 15), None where absent (set by _compile).
        self.by_byte: List[Optional[Op]] = []
        self.defaults: Decoded = {}
        # Repeated and map fields: each decoded message needs its own list or dict.
        self.containers: Tuple[Tuple[str, Callable[[], Any]], ...] = ()
        self.fields_by_name: Dict[str, Field] = {field.name: field for field in schema.fields}
        # A map<string, string> entry: the decode loop reads the usual two-field form inline.
        self.string_map = False
        #: A fresh dict of defaults, the form each decoded message starts from (set by _compile).
        self.new: Callable[[], Decoded] = self.defaults.copy

    def _new_with_containers(self) -> Decoded:
        out = self.defaults.copy()
        for name, factory in self.containers:
            out[name] = factory()
        return out


_LITERAL_TYPES: Final = (str, bytes, bool, int, float, type(None))


def _dict_display_function(message: CompiledMessage) -> Callable[[], Decoded]:
    """``new`` for a message with lists or maps: one dict display, ``{"a": "", "b": [], ...}``.

    Measured: 170 ns against 390 ns for a copy plus a loop that fills in the
    containers (SaveSliceInfoDef, Python 3.11), and messages with containers are
    most of what nested contexts are made of. The source is built from the
    schema's field names and literal defaults only; anything else keeps the loop.
    """
    factories = dict(message.containers)
    entries = []
    for name, default in message.defaults.items():
        if name in factories:
            entries.append(f"{name!r}: {'[]' if factories[name] is list else '{}'}")
        elif isinstance(default, _LITERAL_TYPES) and name.isidentifier():
            entries.append(f"{name!r}: {default!r}")
        else:
            return message._new_with_containers
    namespace: Dict[str, Any] = {}
    exec(f"def new():\n    return {{{', '.join(entries)}}}\n", namespace)
    new: Callable[[], Decoded] = namespace["new"]
    new.__qualname__ = f"{message.short_name}.new"
    return new


ENUM_NAMES: Final[Dict[str, Dict[int, str]]] = {}
ENUM_NUMBERS: Final[Dict[str, Dict[str, int]]] = {}
for _enum in ENUMS:
    ENUM_NAMES[_enum.name] = {number: name for name, number in _enum.values}
    ENUM_NUMBERS[_enum.name] = dict(_enum.values)

_SCALAR_DEFAULTS: Final[Dict[str, Any]] = {STRING: "", BYTES: b"", BOOL: False, INT32: 0, INT64: 0, FLOAT: 0.0}
_VARINT_CONVERTERS: Final[Dict[str, Callable[[int], Any]]] = {BOOL: _to_bool, INT32: _to_int32, INT64: _to_int64}
_SINGULAR_VARINT_OPS: Final = {BOOL: OP_BOOL, INT32: OP_INT32, INT64: OP_INT64}


def _default_of(field: Field) -> Any:
    if field.oneof or field.type in (MESSAGE, SKIPPED):
        return None  # these have presence: None until seen
    if field.type == ENUM:
        return ENUM_NAMES[field.ref][0]  # proto3: every enum's first value is 0
    return _SCALAR_DEFAULTS[field.type]


def _map_entry_schema(owner: Message, field: Field) -> Message:
    # protoc's synthetic entry message: {1: key, 2: value}; keys here are always strings.
    entry_name = f"{owner.name}.{''.join(p.capitalize() for p in field.name.split('_'))}Entry"
    value_field = Field(2, "value", field.value, field.ref)
    return Message(entry_name, owner.proto, (Field(1, "key", STRING), value_field))


def _compile(schemas: Tuple[Message, ...]) -> Dict[str, CompiledMessage]:
    compiled: Dict[str, CompiledMessage] = {}
    pending = list(schemas)
    for schema in pending:
        for field in schema.fields:
            if field.type == MAP:
                pending.append(_map_entry_schema(schema, field))
        compiled[schema.name] = CompiledMessage(schema)

    for message in compiled.values():
        containers: List[Tuple[str, Callable[[], Any]]] = []
        for field in message.schema.fields:
            number, name = field.number, field.name
            table = message.table
            if field.type == MAP:
                entry = compiled[_map_entry_schema(message.schema, field).name]
                value_message = compiled[field.ref] if field.value == MESSAGE else None
                table[tag_of(number, WIRETYPE_LENGTH_DELIMITED)] = (OP_MAP, name, (entry, value_message))
                message.defaults[name] = None  # a placeholder keeps the key in declaration order
                containers.append((name, dict))
                continue
            if field.repeated:
                message.defaults[name] = None
                containers.append((name, list))
            else:
                message.defaults[name] = _default_of(field)
            len_tag = tag_of(number, WIRETYPE_LENGTH_DELIMITED)
            siblings = tuple(
                f.name for f in message.schema.fields if field.oneof and f.oneof == field.oneof and f is not field
            )
            if field.type == SKIPPED:
                table[len_tag] = (OP_SKIPPED, name, field.ref)
            elif field.type == MESSAGE:
                sub = compiled[field.ref]
                if field.repeated:
                    table[len_tag] = (OP_REPEATED_MESSAGE, name, sub)
                elif field.oneof:
                    table[len_tag] = (OP_ONEOF_MESSAGE, name, (sub, siblings))
                else:
                    table[len_tag] = (OP_MESSAGE, name, sub)
            elif field.type == STRING and field.oneof:
                table[len_tag] = (OP_ONEOF_STRING, name, siblings)
            elif field.type in (STRING, BYTES):
                if field.type == STRING:
                    table[len_tag] = (OP_REPEATED_STRING if field.repeated else OP_STRING, name, None)
                else:
                    table[len_tag] = (OP_REPEATED_BYTES if field.repeated else OP_BYTES, name, None)
            elif field.type == FLOAT:
                fixed_tag = tag_of(number, WIRETYPE_FIXED32)
                if field.repeated:
                    table[fixed_tag] = (OP_REPEATED_FLOAT, name, None)
                    table[len_tag] = (OP_PACKED_FLOAT, name, None)
                else:
                    table[fixed_tag] = (OP_FLOAT, name, None)
            else:  # BOOL, INT32, INT64, ENUM: varints
                varint_tag = tag_of(number, WIRETYPE_VARINT)
                if field.repeated:
                    convert = (
                        _enum_converter(ENUM_NAMES[field.ref]) if field.type == ENUM else _VARINT_CONVERTERS[field.type]
                    )
                    table[varint_tag] = (OP_REPEATED_VARINT, name, convert)
                    table[len_tag] = (OP_PACKED_VARINT, name, (convert, field.type in (INT32, INT64)))
                elif field.type == ENUM:
                    table[varint_tag] = (OP_ENUM, name, ENUM_NAMES[field.ref])
                else:
                    table[varint_tag] = (_SINGULAR_VARINT_OPS[field.type], name, None)
        message.containers = tuple(containers)
        message.by_byte = [message.table.get(tag) for tag in range(0x80)]
        # Most messages have no list or map: then a new one is one C-level dict copy, no Python frame.
        message.new = _dict_display_function(message) if containers else message.defaults.copy
        fields = message.schema.fields
        message.string_map = message.name.endswith("Entry") and [f.type for f in fields] == [STRING, STRING]
    return compiled


COMPILED: Final[Dict[str, CompiledMessage]] = _compile(MESSAGES)


def parse_message(buf: Buffer, pos: int, end: int, message: CompiledMessage, out: Decoded, depth: int) -> bool:
    """Merge the message in ``buf[pos:end]`` into ``out``.

    Returns whether unknown fields were seen (protobuf keeps a map entry with
    unknown fields out of the map). Raises ``DecodeError``.
    """
    if depth > MAX_DEPTH:
        raise DecodeError(f"nesting deeper than {MAX_DEPTH} messages or groups", pos)
    table = message.table
    by_byte = message.by_byte
    saw_unknown = False
    tag = 0
    name = ""
    try:
        while pos < end:
            # IMPORTANT: tags of fields 1-15 are one byte; test that first.
            tag = buf[pos]
            if tag < 0x80:
                pos += 1
                field = by_byte[tag]  # a list subscript is specialized by the interpreter; dict.get is a call
            else:
                tag, pos = read_tag(buf, pos, end)
                field = table.get(tag)
            if field is None:
                pos = skip_field(buf, pos, end, tag, depth)
                saw_unknown = True
                continue
            op, name, arg = field
            if op < OP_BOOL:  # length-delimited
                length = buf[pos]
                if length < 0x80:
                    pos += 1
                elif pos + 1 < end and buf[pos + 1] < 0x80:  # 128 to 16383 bytes: contexts, values_def
                    length = (length & 0x7F) | (buf[pos + 1] << 7)
                    pos += 2
                else:
                    length, pos = read_size(buf, pos, end)
                new_pos = pos + length
                if new_pos > end:
                    raise _truncated(length, end - pos, pos, name)
                if op == OP_STRING:
                    out[name] = buf[pos:new_pos].decode()
                elif op == OP_REPEATED_STRING:
                    append = out[name].append
                    append(buf[pos:new_pos].decode())
                    # A repeated field is one run of one tag (values, enqueue ops): read the run
                    # here while each item is a one-byte tag and a one-byte length (two byte reads
                    # per item: each read of ``buf`` is a Python-level call).
                    if tag < 0x80:
                        while new_pos + 1 < end and buf[new_pos] == tag:
                            length = buf[new_pos + 1]
                            if length >= 0x80:
                                break
                            pos = new_pos + 2
                            new_pos = pos + length
                            if new_pos > end:
                                raise _truncated(length, end - pos, pos, name)
                            append(buf[pos:new_pos].decode())
                elif op == OP_MAP:
                    entry_message, value_message = arg
                    if entry_message.string_map and tag < 0x80 and length < 0x80:
                        # external_values and friends: runs of entries "0a <key> 12 <value>", with a
                        # one-byte tag and length, nothing else, read here. In an entry shorter than
                        # 0x80 bytes both lengths are one byte, so four byte reads check an entry.
                        # Anything else (another order, a default left out, unknown fields, long or
                        # bad strings) leaves the run for the general path below, which knows every rule.
                        target = out[name]
                        at_next_field = False
                        while length > 3 and buf[pos] == 0x0A:
                            key_end = pos + 2 + buf[pos + 1]
                            if (
                                key_end + 2 > new_pos
                                or buf[key_end] != 0x12
                                or buf[key_end + 1] != new_pos - key_end - 2
                            ):
                                break
                            try:
                                target[buf[pos + 2 : key_end].decode()] = buf[key_end + 2 : new_pos].decode()
                            except UnicodeDecodeError:
                                break
                            pos = new_pos
                            if pos + 1 >= end or buf[pos] != tag:
                                at_next_field = True
                                break
                            length = buf[pos + 1]
                            if length >= 0x80:
                                at_next_field = True
                                break
                            pos += 2
                            new_pos = pos + length
                            if new_pos > end:
                                raise _truncated(length, end - pos, pos, name)
                        if at_next_field:
                            continue
                    entry = entry_message.new()
                    try:
                        saw_unknown_in_entry = parse_message(buf, pos, new_pos, entry_message, entry, depth + 1)
                    except DecodeError as exc:
                        exc._add_segment(name)
                        raise
                    # upb keeps an entry with unknown fields out of the map (it goes to
                    # the message's unknown fields); a later duplicate key wins.
                    if not saw_unknown_in_entry:
                        value = entry["value"]
                        if value is None and value_message is not None:
                            value = value_message.new()  # an absent message value is an empty message
                        out[name][entry["key"]] = value
                elif op == OP_MESSAGE:
                    sub = out[name]
                    if sub is None:
                        sub = out[name] = arg.new()
                    try:
                        parse_message(buf, pos, new_pos, arg, sub, depth + 1)
                    except DecodeError as exc:
                        exc._add_segment(name)
                        raise
                elif op == OP_REPEATED_MESSAGE:
                    items = out[name]
                    sub = arg.new()
                    try:
                        parse_message(buf, pos, new_pos, arg, sub, depth + 1)
                    except DecodeError as exc:
                        exc._add_segment(len(items))
                        exc._add_segment(name)
                        raise
                    items.append(sub)
                elif op == OP_ONEOF_MESSAGE:
                    # Another member of the oneof was set: protobuf starts this one afresh;
                    # the same member again: protobuf merges into it.
                    sub_message, siblings = arg
                    sub = out[name]
                    if sub is None:
                        for sibling in siblings:
                            out[sibling] = None
                        sub = out[name] = sub_message.new()
                    try:
                        parse_message(buf, pos, new_pos, sub_message, sub, depth + 1)
                    except DecodeError as exc:
                        exc._add_segment(name)
                        raise
                elif op == OP_PACKED_VARINT:
                    # Shapes and offsets: values below 2**14 are one or two bytes, and the same
                    # number as int32 or int64, so only bools, enums and longer varints convert.
                    convert, small_is_identity = arg
                    append = out[name].append
                    while pos < new_pos:
                        value = buf[pos]
                        if value < 0x80:
                            pos += 1
                        elif pos + 1 < new_pos and buf[pos + 1] < 0x80:
                            value = (value & 0x7F) | (buf[pos + 1] << 7)
                            pos += 2
                        else:
                            value, pos = read_varint(buf, pos, new_pos)
                            append(convert(value))
                            continue
                        append(value if small_is_identity else convert(value))
                elif op == OP_PACKED_FLOAT:
                    if length & 3:
                        raise DecodeError(f"packed float field: length {length} is not a multiple of 4", pos, name)
                    out[name].extend(struct.unpack_from(f"<{length >> 2}f", buf, pos))
                elif op == OP_BYTES:
                    out[name] = bytes(buf[pos:new_pos])
                elif op == OP_REPEATED_BYTES:
                    out[name].append(bytes(buf[pos:new_pos]))
                elif op == OP_ONEOF_STRING:
                    out[name] = buf[pos:new_pos].decode()
                    for sibling in arg:
                        out[sibling] = None
                else:  # OP_SKIPPED: where it lies, not what it holds (a later occurrence wins)
                    out[name] = {"type": arg, "offset": pos, "size": length}
                pos = new_pos

            elif op < OP_FLOAT:  # varint
                value = buf[pos]
                if value < 0x80:
                    pos += 1
                else:
                    value, pos = read_varint(buf, pos, end)
                if op == OP_BOOL:
                    out[name] = value != 0
                elif op == OP_INT32:
                    out[name] = _to_int32(value)
                elif op == OP_ENUM:
                    value = _to_int32(value)
                    out[name] = arg.get(value, value)
                elif op == OP_INT64:
                    out[name] = _to_int64(value)
                else:  # OP_REPEATED_VARINT
                    out[name].append(arg(value))

            else:  # fixed32
                if op == OP_FLOAT:
                    out[name] = _unpack_float(buf, pos)[0]
                else:  # OP_REPEATED_FLOAT
                    out[name].append(_unpack_float(buf, pos)[0])
                pos += 4

    except UnicodeDecodeError as exc:
        raise DecodeError(f"invalid UTF-8 in string field: {exc.reason}", pos + exc.start, name) from None
    except (IndexError, struct.error):
        # Only a read at the very end of the whole input gets here (see the module docstring);
        # pos is still where the field's value starts.
        if tag & 7 == WIRETYPE_FIXED32:
            found = f"needs 4 bytes, {len(buf) - pos} left"
        else:
            found = "the input ends before its value"
        raise DecodeError(f"truncated {WIRETYPE_NAMES[tag & 7]} field: {found}", pos, name) from None
    if pos != end:
        raise DecodeError(
            f"truncated message: field {name!r} ends at byte {pos}, past the end of its message at byte {end}",
            end,
            name,
        )
    return saw_unknown
