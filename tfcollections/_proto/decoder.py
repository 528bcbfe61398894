# SPDX-License-Identifier: Apache-2.0
"""Schema-driven decoding of one message into plain Python data.

Strategy: the loop is driven by the dispatch tables of ``compiled.py``: each
tag read is looked up (a list subscript for one-byte tags, a dict otherwise)
and gives an ``(op, field name, argument)`` triple; a tag absent from the table
is an unknown field and is skipped, exactly as protobuf does. Ops are numbered
by wire type, so one comparison picks the branch.

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

from .._errors import (
    DecodeError,
    Truncated,
    truncated_length as _truncated,  # the general path and two runs
)
from .compiled import (
    FIRST_FIXED32_OP,
    FIRST_FIXED64_OP,
    FIRST_VARINT_OP,
    OP_BOOL,
    OP_BYTES,
    OP_DOUBLE,
    OP_ENUM,
    OP_FIXED32,
    OP_FLOAT,
    OP_INT32,
    OP_INT64,
    OP_MAP,
    OP_MESSAGE,
    OP_ONEOF_BYTES,
    OP_ONEOF_MESSAGE,
    OP_ONEOF_SKIPPED,
    OP_ONEOF_STRING,
    OP_PACKED_DOUBLE,
    OP_PACKED_FLOAT,
    OP_PACKED_VARINT,
    OP_REPEATED_BYTES,
    OP_REPEATED_DOUBLE,
    OP_REPEATED_FLOAT,
    OP_REPEATED_MESSAGE,
    OP_REPEATED_SKIPPED,
    OP_REPEATED_STRING,
    OP_REPEATED_VARINT,
    OP_STRING,
    to_int32,
    to_int64,
)
from .wire import (
    MAX_DEPTH,
    WIRETYPE_FIXED32,
    WIRETYPE_FIXED64,
    WIRETYPE_NAMES,
    read_size,
    read_tag,
    read_varint,
    skip_field,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .._typing import Buffer, Decoded
    from .compiled import CompiledMessage


_unpack_float = struct.Struct("<f").unpack_from
_unpack_double = struct.Struct("<d").unpack_from
_unpack_uint32 = struct.Struct("<I").unpack_from
# The fixed-width wire types: how many bytes a value takes.
_FIXED_SIZES = {WIRETYPE_FIXED32: 4, WIRETYPE_FIXED64: 8}


# parse_message is one long function on purpose. Its three run loops (repeated strings, map<string, string>
# entries, packed varints) were moved into helpers called once per run and measured in one process
# (benchmarks/ab.py --instructions): 1.0% to 1.6% more instructions per decoded item, as most runs in real
# items are short and a Python call costs about as much as reading one short item. Kept inline.
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
            if op < FIRST_VARINT_OP:  # length-delimited
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
                    append = out[name].append
                    append(bytes(buf[pos:new_pos]))
                    # A collection's items are one run of one tag, each mostly of 128 to 16383 bytes (a VariableDef):
                    # read here while each has a one-byte tag and a one- or two-byte length.
                    if tag < 0x80:
                        while new_pos + 2 < end and buf[new_pos] == tag:
                            length = buf[new_pos + 1]
                            if length < 0x80:
                                pos = new_pos + 2
                            elif buf[new_pos + 2] < 0x80:
                                length = (length & 0x7F) | (buf[new_pos + 2] << 7)
                                pos = new_pos + 3
                            else:
                                break
                            new_pos = pos + length
                            if new_pos > end:
                                raise _truncated(length, end - pos, pos, name)
                            append(bytes(buf[pos:new_pos]))
                elif op == OP_ONEOF_STRING:
                    out[name] = buf[pos:new_pos].decode()
                    for sibling in arg:
                        out[sibling] = None
                elif op == OP_ONEOF_BYTES:
                    out[name] = bytes(buf[pos:new_pos])
                    for sibling in arg:
                        out[sibling] = None
                elif op == OP_REPEATED_SKIPPED:
                    out[name].append({"type": arg, "offset": pos, "size": length})
                elif op == OP_ONEOF_SKIPPED:
                    out[name] = {"type": arg[0], "offset": pos, "size": length}
                    for sibling in arg[1]:
                        out[sibling] = None
                elif op == OP_PACKED_DOUBLE:
                    if length & 7:
                        raise DecodeError(f"packed double field: length {length} is not a multiple of 8", pos, name)
                    out[name].extend(struct.unpack_from(f"<{length >> 3}d", buf, pos))
                else:  # OP_SKIPPED: where it lies, not what it holds (a later occurrence wins)
                    out[name] = {"type": arg, "offset": pos, "size": length}
                pos = new_pos

            elif op < FIRST_FIXED32_OP:  # varint
                value = buf[pos]
                if value < 0x80:
                    pos += 1
                else:
                    value, pos = read_varint(buf, pos, end)
                if op == OP_BOOL:
                    out[name] = value != 0
                elif op == OP_INT32:
                    out[name] = to_int32(value)
                elif op == OP_ENUM:
                    value = to_int32(value)
                    out[name] = arg.get(value, value)
                elif op == OP_INT64:
                    out[name] = to_int64(value)
                elif op == OP_REPEATED_VARINT:
                    out[name].append(arg(value))
                else:  # OP_ONEOF_VARINT: a oneof member has presence, so 0 is kept, and the others cleared
                    convert, siblings = arg
                    out[name] = convert(value)
                    for sibling in siblings:
                        out[sibling] = None

            elif op < FIRST_FIXED64_OP:  # fixed32
                if op == OP_FLOAT:
                    out[name] = _unpack_float(buf, pos)[0]
                elif op == OP_REPEATED_FLOAT:
                    out[name].append(_unpack_float(buf, pos)[0])
                elif op == OP_FIXED32:
                    out[name] = _unpack_uint32(buf, pos)[0]
                else:  # OP_ONEOF_FLOAT
                    out[name] = _unpack_float(buf, pos)[0]
                    for sibling in arg:
                        out[sibling] = None
                pos += 4

            else:  # fixed64
                if op == OP_DOUBLE:
                    out[name] = _unpack_double(buf, pos)[0]
                elif op == OP_REPEATED_DOUBLE:
                    out[name].append(_unpack_double(buf, pos)[0])
                else:  # OP_ONEOF_DOUBLE
                    out[name] = _unpack_double(buf, pos)[0]
                    for sibling in arg:
                        out[sibling] = None
                pos += 8

    except UnicodeDecodeError as exc:
        raise DecodeError(f"invalid UTF-8 in string field: {exc.reason}", pos + exc.start, name) from None
    except (IndexError, struct.error):
        # Only a read at the very end of the whole input gets here (see the module docstring);
        # pos is still where the field's value starts.
        if tag & 7 in _FIXED_SIZES:
            needed, left = _FIXED_SIZES[tag & 7], len(buf) - pos
            found = f"needs {needed} bytes, {left} left"
        else:
            needed, left, found = None, 0, "the input ends before its value"
        text = f"truncated {WIRETYPE_NAMES[tag & 7]} field: {found}"
        raise Truncated(text, pos, name, number=tag >> 3, needed=needed, left=left) from None
    if pos != end:
        raise Truncated(
            f"truncated message: field {name!r} ends at byte {pos}, past the end of its message at byte {end}",
            end,
            name,
        )
    return saw_unknown
