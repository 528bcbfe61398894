# SPDX-License-Identifier: Apache-2.0
"""Encoding plain Python data back into a message, canonically.

Strategy: walk the schema (not the data) in field-number order and write each
field the way protobuf's serializer does: defaults of proto3 scalars omitted,
an embedded message written whenever it is present (even empty), repeated
numeric fields packed, both key and value of every map entry written. So
``encode(decode(b)) == b`` for whatever protobuf wrote.

The data is checked as it is written: an unknown key, a value of the wrong
type, an integer out of range, an enum name the enum does not have, a float
too large for float32, two members of one oneof: each is a ``TypeError`` or
``ValueError`` naming the path of the offending value, never wrong bytes.
Floats are rounded to float32, as protobuf does.
"""

from __future__ import annotations

import struct

from .compiled import COMPILED, ENUM_NUMBERS, CompiledMessage
from .schema import (
    BOOL,
    BYTES,
    DOUBLE,
    ENUM,
    FIXED32,
    FLOAT,
    INT32,
    INT64,
    MAP,
    MESSAGE,
    SKIPPED,
    STRING,
    UINT32,
    UINT64,
    Field,
)
from .wire import (
    MAX_DEPTH,
    WIRETYPE_FIXED32,
    WIRETYPE_FIXED64,
    WIRETYPE_LENGTH_DELIMITED,
    WIRETYPE_VARINT,
    encode_varint,
    tag_of,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final, List

_pack_float = struct.Struct("<f").pack
_pack_double = struct.Struct("<d").pack
_pack_uint32 = struct.Struct("<I").pack
_ZEROS: Final = frozenset({b"\x00\x00\x00\x00", b"\x00" * 8})  # +0.0 and 0 in fixed widths (not -0.0)
_INT_RANGES: Final = {
    INT32: (-(2**31), 2**31 - 1), INT64: (-(2**63), 2**63 - 1), ENUM: (-(2**31), 2**31 - 1),
    UINT32: (0, 2**32 - 1), UINT64: (0, 2**64 - 1), FIXED32: (0, 2**32 - 1),
}  # fmt: skip
# The numeric types that are not varints, by their wire type.
_FIXED_WIRE_TYPES: Final = {FLOAT: WIRETYPE_FIXED32, FIXED32: WIRETYPE_FIXED32, DOUBLE: WIRETYPE_FIXED64}


def _describe(value: Any) -> str:
    return type(value).__name__


def _scalar_payload(field_type: str, ref: str, value: Any, path: str) -> bytes:
    """The bytes of one scalar value, without tag: a varint, 4 or 8 fixed bytes, or UTF-8/raw bytes."""
    if field_type == STRING:
        if not isinstance(value, str):
            raise TypeError(f"{path}: expected str, got {_describe(value)}")
        try:
            return value.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise ValueError(f"{path}: string is not encodable as UTF-8 ({exc.reason})") from None
    if field_type == BOOL:
        if not isinstance(value, bool):
            raise TypeError(f"{path}: expected bool, got {_describe(value)}")
        return b"\x01" if value else b"\x00"
    if field_type == FLOAT:
        if isinstance(value, bool) or not isinstance(value, (float, int)):
            raise TypeError(f"{path}: expected float, got {_describe(value)}")
        try:
            return _pack_float(float(value))  # float() first: struct refuses a huge int with struct.error
        except OverflowError:
            raise ValueError(f"{path}: {value!r} is too large for a float32 field") from None
    if field_type == DOUBLE:
        if isinstance(value, bool) or not isinstance(value, (float, int)):
            raise TypeError(f"{path}: expected float, got {_describe(value)}")
        try:
            return _pack_double(float(value))
        except OverflowError:  # an int beyond the largest double
            raise ValueError(f"{path}: {value!r} is too large for a double field") from None
    if field_type == BYTES:
        if not isinstance(value, (bytes, bytearray, memoryview)):
            raise TypeError(f"{path}: expected bytes, got {_describe(value)}")
        return bytes(value)
    # INT32, INT64, UINT32, UINT64, ENUM: varints, negative numbers as their 64-bit two's complement; FIXED32.
    if field_type == ENUM and isinstance(value, str):
        numbers = ENUM_NUMBERS[ref]
        if value not in numbers:
            raise ValueError(f"{path}: {value!r} is not a value of enum {ref} ({', '.join(numbers)})")
        value = numbers[value]
    elif isinstance(value, bool) or not isinstance(value, int):
        expected = "an enum name (str) or int" if field_type == ENUM else "int"
        raise TypeError(f"{path}: expected {expected}, got {_describe(value)}")
    low, high = _INT_RANGES[field_type]
    if not low <= value <= high:
        raise ValueError(f"{path}: {value} is out of range for a {field_type} field ({low} to {high})")
    if field_type == FIXED32:
        return _pack_uint32(value)
    return encode_varint(value & 0xFFFF_FFFF_FFFF_FFFF)


def _is_default(field_type: str, payload: bytes) -> bool:
    # proto3 omits a scalar whose bytes are all zero: "", 0, False, +0.0 (but not -0.0).
    if field_type in _FIXED_WIRE_TYPES:
        return payload in _ZEROS
    if field_type in (STRING, BYTES):
        return not payload
    return payload == b"\x00"


def _length_delimited(number: int, payload: bytes) -> bytes:
    return encode_varint(tag_of(number, WIRETYPE_LENGTH_DELIMITED)) + encode_varint(len(payload)) + payload


def _scalar_tag(number: int, field_type: str) -> bytes:
    """The tag of a numeric scalar (strings and bytes go through _length_delimited)."""
    wire_type = _FIXED_WIRE_TYPES.get(field_type, WIRETYPE_VARINT)
    return encode_varint(tag_of(number, wire_type))


def encode_compiled(message: CompiledMessage, data: Any, path: str, depth: int = 0) -> bytes:
    """Encode ``data`` (a dict in the decoded form) as ``message``."""
    if not isinstance(data, dict):
        raise TypeError(f"{path}: expected a dict for {message.name}, got {_describe(data)}")
    if depth > MAX_DEPTH:
        raise ValueError(f"{path}: nesting deeper than {MAX_DEPTH} messages")
    fields = message.fields
    for key in data:
        if key not in fields:
            raise ValueError(f"{path}: unknown field {key!r} for {message.name} (fields: {', '.join(fields)})")
    for oneof, members in message.oneofs.items():
        present = [member for member in members if data.get(member) is not None]
        if len(present) > 1:
            raise ValueError(f"{path}: fields {' and '.join(present)} of oneof {oneof!r} are both set")

    out = bytearray()
    for field in message.encode_order:
        if field.name not in data:
            continue
        value = data[field.name]
        field_path = f"{path}.{field.name}"
        if field.type == SKIPPED or (field.type == MAP and field.value == SKIPPED):
            if value:
                raise ValueError(f"{field_path}: a {field.ref} is not read by tfcollections and cannot be encoded")
        elif field.type == MAP:
            _encode_map(out, field, value, field_path, depth)
        elif field.type == MESSAGE:
            sub = fields[field.name].message
            assert sub is not None  # a MESSAGE field's compiled value type
            if field.repeated:
                for index, item in enumerate(_as_list(value, field_path)):
                    payload = encode_compiled(sub, item, f"{field_path}[{index}]", depth + 1)
                    out += _length_delimited(field.number, payload)
            elif value is not None:
                out += _length_delimited(field.number, encode_compiled(sub, value, field_path, depth + 1))
        elif field.repeated:
            items = _as_list(value, field_path)
            payloads = [
                _scalar_payload(field.type, field.ref, item, f"{field_path}[{i}]") for i, item in enumerate(items)
            ]
            if field.type in (STRING, BYTES):
                for payload in payloads:
                    out += _length_delimited(field.number, payload)
            elif payloads:  # numeric: packed
                out += _length_delimited(field.number, b"".join(payloads))
        elif field.oneof:  # a oneof scalar has presence: written when set, even to its default
            if value is not None:
                payload = _scalar_payload(field.type, field.ref, value, field_path)
                if field.type in (STRING, BYTES):
                    out += _length_delimited(field.number, payload)
                else:
                    out += _scalar_tag(field.number, field.type) + payload
        else:
            payload = _scalar_payload(field.type, field.ref, value, field_path)
            if not _is_default(field.type, payload):
                if field.type in (STRING, BYTES):
                    out += _length_delimited(field.number, payload)
                else:
                    out += _scalar_tag(field.number, field.type) + payload
    return bytes(out)


def _as_list(value: Any, path: str) -> List[Any]:
    if not isinstance(value, (list, tuple)):
        raise TypeError(f"{path}: expected a list, got {_describe(value)}")
    return list(value)


def _encode_map(out: bytearray, field: Field, value: Any, path: str, depth: int) -> None:
    if not isinstance(value, dict):
        raise TypeError(f"{path}: expected a dict, got {_describe(value)}")
    for key, item in value.items():
        entry_path = f"{path}[{key!r}]"
        key_payload = _scalar_payload(STRING, "", key, f"{entry_path} (key)")
        if field.value == MESSAGE:
            item_payload = encode_compiled(COMPILED[field.ref], item, entry_path, depth + 2)
            value_bytes = _length_delimited(2, item_payload)
        else:
            payload = _scalar_payload(field.value, field.ref, item, entry_path)
            if field.value in (STRING, BYTES):
                value_bytes = _length_delimited(2, payload)
            else:
                value_bytes = _scalar_tag(2, field.value) + payload
        # protobuf writes both key and value of a map entry, defaults included.
        out += _length_delimited(field.number, _length_delimited(1, key_payload) + value_bytes)
