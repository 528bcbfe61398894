# SPDX-License-Identifier: Apache-2.0
"""The protobuf wire format, without any schema.

Strategy: the message loop in ``decoder.py`` handles the common case inline
(one-byte tags and one-byte varints) and calls here only for the rest: longer
varints, unknown fields, groups. Every function takes ``(buf, pos, end)`` and
returns the new position; each checks its reads against ``end`` itself, so a
caller never sees an ``IndexError`` from here.

The rules are those of upb, the C parser behind protobuf's Python package
(``upb/wire/decode.c``), which is what users of TensorFlow files get:

- a varint has at most 10 bytes; bits past the 64th are dropped;
- a tag has at most 5 bytes and fits in 32 bits; its field number is not 0 and
  its wire type is not 6 or 7;
- a length is a varint of at most 5 bytes, as a tag is, is below 2**31 - 1 and
  fits in what is left of its message;
- a group ends with the end-group tag of its own field number, and an end-group
  tag anywhere else is an error;
- messages and groups nest at most ``MAX_DEPTH`` deep below the top message.
"""

from __future__ import annotations

from .._errors import DecodeError, Truncated

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final, Iterator, List, Tuple

    from .._typing import BytesLike


WIRETYPE_VARINT: Final = 0
WIRETYPE_FIXED64: Final = 1
WIRETYPE_LENGTH_DELIMITED: Final = 2
WIRETYPE_START_GROUP: Final = 3
WIRETYPE_END_GROUP: Final = 4
WIRETYPE_FIXED32: Final = 5

WIRETYPE_NAMES: Final = ("varint", "fixed64", "length-delimited", "start-group", "end-group", "fixed32")

# protobuf's default recursion limit (kUpb_WireFormat_DefaultDepthLimit): the
# top message may contain this many levels of nested messages or groups.
MAX_DEPTH: Final = 100
# upb refuses lengths of INT32_MAX and above, whatever the input's size.
MAX_LENGTH: Final = 0x7FFF_FFFE
_UINT64_MASK: Final = 0xFFFF_FFFF_FFFF_FFFF


def tag_of(number: int, wire_type: int) -> int:
    return (number << 3) | wire_type


def read_varint(buf: BytesLike, pos: int, end: int) -> Tuple[int, int]:
    """Read an unsigned varint at ``pos``; return ``(value, new_pos)``."""
    result = 0
    shift = 0
    start = pos
    while pos < end:
        byte = buf[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if byte < 0x80:
            return result & _UINT64_MASK, pos
        shift += 7
        if shift == 70:
            raise DecodeError("varint longer than 10 bytes", start)
    raise Truncated(f"truncated varint: its message ends at byte {end}", start)


def read_tag(buf: BytesLike, pos: int, end: int) -> Tuple[int, int]:
    """Read a field tag at ``pos``; return ``(tag, new_pos)``."""
    start = pos
    tag, pos = read_varint(buf, pos, end)
    if pos - start > 5 or tag > 0xFFFF_FFFF:
        raise DecodeError(f"malformed field tag: {pos - start} bytes, value {tag} does not fit in 32 bits", start)
    return tag, pos


def read_size(buf: BytesLike, pos: int, end: int) -> Tuple[int, int]:
    """Read the varint length of a length-delimited field at ``pos``; return ``(length, new_pos)``.

    upb reads a length as it reads a tag: at most 5 bytes (``upb_WireReader_ReadSize``), where a
    value may take 10. The caller checks that the length fits.
    """
    start = pos
    length, pos = read_varint(buf, pos, end)
    if pos - start > 5:
        raise DecodeError(f"malformed length: a varint of {pos - start} bytes, where protobuf reads at most 5", start)
    return length, pos


def read_length(buf: BytesLike, pos: int, end: int) -> Tuple[int, int]:
    """Read the length of a length-delimited field; check it fits before ``end``."""
    start = pos
    byte = buf[pos] if pos < end else 0x80
    if byte < 0x80:
        length, pos = byte, pos + 1
    else:
        length, pos = read_size(buf, pos, end)
    if length > MAX_LENGTH or pos + length > end:
        left = max(end - pos, 0)
        raise Truncated(
            f"truncated length-delimited field: needs {length} bytes, {left} left", start, needed=length, left=left
        )
    return length, pos


def skip_field(buf: BytesLike, pos: int, end: int, tag: int, depth: int) -> int:
    """Skip the value of an unknown field of a message, whose tag has just been read."""
    if tag >> 3 == 0:
        raise DecodeError("invalid field number 0", pos - 1)
    return skip_value(buf, pos, end, tag, depth)


def skip_value(buf: BytesLike, pos: int, end: int, tag: int, depth: int) -> int:
    """Skip the value of any field whose tag has just been read.

    Inside groups upb skips values without checking field numbers, so field 0
    is accepted there (``upb_WireReader_SkipGroup``); ``skip_field`` refuses it
    at the level of a message.
    """
    wire_type = tag & 7
    number = tag >> 3
    if wire_type == WIRETYPE_VARINT:
        _, pos = read_varint(buf, pos, end)
    elif wire_type == WIRETYPE_LENGTH_DELIMITED:
        length, pos = read_length(buf, pos, end)
        pos += length
    elif wire_type == WIRETYPE_FIXED32:
        pos += 4
        if pos > end:
            message = f"truncated fixed32 field {number}: its message ends at byte {end}"
            raise Truncated(message, pos - 4, needed=4, left=end - pos + 4)
    elif wire_type == WIRETYPE_FIXED64:
        pos += 8
        if pos > end:
            message = f"truncated fixed64 field {number}: its message ends at byte {end}"
            raise Truncated(message, pos - 8, needed=8, left=end - pos + 8)
    elif wire_type == WIRETYPE_START_GROUP:
        pos = skip_group(buf, pos, end, number, depth + 1)
    elif wire_type == WIRETYPE_END_GROUP:
        raise DecodeError(f"end-group tag of field {number} outside a group of that field", pos - 1)
    else:
        raise DecodeError(f"invalid wire type {wire_type} (field {number})", pos - 1)
    return pos


def skip_group(buf: BytesLike, pos: int, end: int, number: int, depth: int) -> int:
    """Skip the body of a group of field ``number`` and its end-group tag."""
    if depth > MAX_DEPTH:
        raise DecodeError(f"nesting deeper than {MAX_DEPTH} messages or groups", pos)
    start = pos
    while pos < end:
        tag_pos = pos
        tag, pos = read_tag(buf, pos, end)
        if tag & 7 == WIRETYPE_END_GROUP:
            if tag >> 3 != number:
                raise DecodeError(f"group of field {number} closed by the end-group tag of field {tag >> 3}", tag_pos)
            return pos
        pos = skip_value(buf, pos, end, tag, depth)
    raise DecodeError(f"unterminated group of field {number}: no end-group tag before byte {end}", start)


def iter_fields(buf: BytesLike, pos: int, end: int, limit: int = 1 << 30) -> Iterator[Tuple[int, int, int, int]]:
    """(number, wire type, value start, value end) of the fields in buf[pos:end], values skipped.

    A generator, so that a file of a million top-level fields is walked in constant memory. Unlike the
    message parser this accepts lengths past 2 GB: a whole file's ``graph_def`` can be that large.
    At most *limit* fields are walked.
    """
    while pos < end and limit > 0:
        limit -= 1
        tag, pos = read_tag(buf, pos, end)
        if tag & 7 == WIRETYPE_LENGTH_DELIMITED:
            if tag < 8:  # field number 0: upb refuses it at the level of a message, whatever its wire type
                raise DecodeError("invalid field number 0", pos - 1)
            length_at = pos
            length, pos = read_size(buf, pos, end)
            if pos + length > end:
                message = f"truncated length-delimited field {tag >> 3}: needs {length} bytes, {end - pos} left"
                raise Truncated(message, length_at, number=tag >> 3, needed=length, left=end - pos)
            yield tag >> 3, WIRETYPE_LENGTH_DELIMITED, pos, pos + length
            pos += length
        else:
            start = pos
            pos = skip_field(buf, pos, end, tag, 0)
            yield tag >> 3, tag & 7, start, pos


def spans_of(buf: BytesLike, pos: int, end: int, number: int) -> List[Tuple[int, int]]:
    """The value spans of the length-delimited fields *number* among the fields of ``buf[pos:end]``, in order."""
    return [
        (start, stop)
        for found, wire_type, start, stop in iter_fields(buf, pos, end)
        if found == number and wire_type == WIRETYPE_LENGTH_DELIMITED
    ]


def encode_varint(value: int) -> bytes:
    """Encode a non-negative integer below 2**64 as a varint."""
    if value < 0x80:
        return bytes((value,))
    out = bytearray()
    while value >= 0x80:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)
