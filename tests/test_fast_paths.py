# SPDX-License-Identifier: Apache-2.0
"""The decoder's fast paths give exactly what its general path gives, on any bytes.

map<string, string> entries are read in runs when they have the usual two-field
form (``_proto.decoder.parse_message``); the general path parses each entry as a
message. With the run switched off the outcome (value, or error message, offset
and path) must be the same, for well-formed and malformed input alike. The
repeated-string runs and packed varints are checked against protobuf by the
fixtures (test_tensorflow_fixtures.py) and tools/differential_fuzz.py.
"""

from __future__ import annotations

from typing import Any, List, Tuple

import pytest
from hypothesis import given, strategies as st

import tfcollections
from tfcollections._proto import compiled as _compiled
from tfcollections._proto.compiled import COMPILED
from tfcollections._proto.wire import WIRETYPE_FIXED32, WIRETYPE_FIXED64, WIRETYPE_LENGTH_DELIMITED, WIRETYPE_VARINT

from .helpers import field, varint

ENTRY = COMPILED["tensorflow.ValuesDef.ExternalValuesEntry"]


def _outcome(blob: bytes) -> Tuple[str, Any]:
    try:
        return "ok", tfcollections.decode_message("ValuesDef", blob)
    except tfcollections.DecodeError as error:
        return "error", (error.msg, error.pos, error.path)


def _both_ways(blob: bytes, monkeypatch: pytest.MonkeyPatch) -> Tuple[Tuple[str, Any], Tuple[str, Any]]:
    fast = _outcome(blob)
    with monkeypatch.context() as patch:
        patch.setattr(ENTRY, "string_map", False)
        general = _outcome(blob)
    return fast, general


_text = st.one_of(st.text(max_size=8), st.text(min_size=120, max_size=140))
_raw = st.binary(max_size=6)


@st.composite
def _entry(draw: st.DrawFn) -> bytes:
    key, value = draw(_text).encode(), draw(_text).encode()
    shape = draw(st.sampled_from(["usual", "reversed", "no key", "no value", "unknown field", "bad utf8", "raw"]))
    if shape == "usual":
        body = field(1, key) + field(2, value)
    elif shape == "reversed":
        body = field(2, value) + field(1, key)
    elif shape == "no key":
        body = field(2, value)
    elif shape == "no value":
        body = field(1, key)
    elif shape == "unknown field":
        body = field(1, key) + field(2, value) + b"\x18\x01"
    elif shape == "bad utf8":
        body = field(1, key + b"\xff") + field(2, value)
    else:
        body = draw(_raw)
    return field(2, body)  # ValuesDef.external_values


@given(st.lists(st.one_of(_entry(), _text.map(lambda t: field(1, t.encode()))), max_size=8), st.data())
def test_string_map_runs_equal_the_general_path(parts: List[bytes], data: st.DataObject) -> None:
    blob = b"".join(parts)
    cut = data.draw(st.integers(0, len(blob)))  # and every truncation of it
    for candidate in (blob, blob[:cut]):
        with pytest.MonkeyPatch.context() as monkeypatch:
            fast, general = _both_ways(candidate, monkeypatch)
        assert fast == general, candidate.hex()


def test_a_length_byte_that_looks_right_but_is_a_multi_byte_varint(monkeypatch: pytest.MonkeyPatch) -> None:
    # Value length 0x85 followed by the value: 0x85 is not a one-byte length, whatever is left.
    body = b"\x0a\x01k\x12\x85" + b"v" * 0x85
    blob = b"\x12" + varint(len(body)) + body
    fast, general = _both_ways(blob, monkeypatch)
    assert fast == general and fast[0] == "error"


def test_an_empty_entry_after_a_run_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    blob = field(2, field(1, b"a") + field(2, b"b")) + b"\x12\x00" + field(2, field(1, b"c") + field(2, b"d"))
    fast, general = _both_ways(blob, monkeypatch)
    assert fast == general == ("ok", {"values": [], "external_values": {"a": "b", "": "", "c": "d"}})


@pytest.mark.parametrize("message", sorted(COMPILED), ids=str)
def test_the_one_byte_tag_list_and_the_op_numbers_agree_with_the_table(message: str) -> None:
    # The loop looks one-byte tags up in by_byte, and picks the wire type's branch from the op's number.
    compiled = COMPILED[message]
    assert len(compiled.by_byte) == 0x80
    assert compiled.by_byte == [compiled.table.get(tag) for tag in range(0x80)]
    op_ranges = {
        WIRETYPE_LENGTH_DELIMITED: range(_compiled.FIRST_VARINT_OP),
        WIRETYPE_VARINT: range(_compiled.FIRST_VARINT_OP, _compiled.FIRST_FIXED32_OP),
        WIRETYPE_FIXED32: range(_compiled.FIRST_FIXED32_OP, _compiled.FIRST_FIXED64_OP),
        WIRETYPE_FIXED64: range(_compiled.FIRST_FIXED64_OP, _compiled.OP_ONEOF_DOUBLE + 1),
    }
    for tag, (op, _, _) in compiled.table.items():
        assert op in op_ranges[tag & 7], (tag, op)


@pytest.mark.parametrize("message", sorted(COMPILED), ids=str)
def test_a_new_message_is_its_defaults_with_fresh_lists_and_maps(message: str) -> None:
    # A message with lists or maps gets its own new() (a dict display compiled from the schema) when first called.
    compiled = COMPILED[message]
    first, second = compiled.new(), compiled.new()
    assert first == second == {**compiled.defaults, **{name: factory() for name, factory in compiled.containers}}
    assert list(first) == list(compiled.defaults)  # the keys in declaration order
    for name, _ in compiled.containers:
        assert first[name] is not second[name]
    if compiled.containers:  # the display, or the loop for a default that is not a literal
        assert compiled.new.__qualname__ in (f"{compiled.short_name}.new", "CompiledMessage._new_with_containers")


_items = st.lists(
    st.one_of(st.binary(max_size=10), st.binary(min_size=120, max_size=300)).map(bytes),
    max_size=8,
)


@given(_items, st.data())
def test_a_run_of_bytes_items_reads_as_each_item_alone(items: List[bytes], data: st.DataObject) -> None:
    # A bytes_list's items are read in a run while each has a one-byte tag and a one- or two-byte length; an
    # unknown field between two items ends the run, and a cut anywhere but between items is an error.
    fields = [field(1, item) for item in items]
    if fields and data.draw(st.booleans()):  # an unknown field (a varint) between two items
        fields.insert(data.draw(st.integers(0, len(fields))), b"\x10\x07")
    body = b"".join(fields)
    boundaries = {0}
    for part in fields:
        boundaries.add(max(boundaries) + len(part))
    cut = data.draw(st.integers(0, len(body)))
    blob = field(2, body[:cut])  # CollectionDef.bytes_list
    if cut in boundaries:
        expected = [item for item, end in zip(items, _ends(fields)) if end <= cut]
        assert tfcollections.decode_message("CollectionDef", blob)["bytes_list"]["value"] == expected
    else:  # the error of the field cut short read by the general path, the items before it unknown fields alike
        start = max(boundary for boundary in boundaries if boundary < cut)
        alone = field(2, _unknown_fields(start) + body[start:cut])
        in_run, by_itself = _collection_error(blob), _collection_error(alone)
        assert (in_run.msg, in_run.pos, in_run.path) == (by_itself.msg, by_itself.pos, by_itself.path)


def _unknown_fields(size: int) -> bytes:
    """Unknown fields (numbers 2 and 15) of *size* bytes in all (not 1): where the items before a cut were."""
    out = b""
    while size:
        if size <= 2 + 0x7F:
            return out + (b"\x10\x00" if size == 2 else field(15, b"x" * (size - 2)))
        out += b"\x10\x00"  # two bytes at a time until one field can fill the rest
        size -= 2
    return out


def _collection_error(blob: bytes) -> tfcollections.DecodeError:
    try:
        tfcollections.decode_message("CollectionDef", blob)
    except tfcollections.DecodeError as error:
        return error
    raise AssertionError(f"{blob.hex()} decoded")


def _ends(fields: List[bytes]) -> List[int]:
    """Where each item's field ends in the body (the unknown field passed over)."""
    ends, at = [], 0
    for part in fields:
        at += len(part)
        if part != b"\x10\x07":
            ends.append(at)
    return ends


def test_an_item_of_a_three_byte_length_ends_the_run() -> None:
    items = [b"a" * 200, b"b" * 20000, b"c"]
    blob = field(2, b"".join(field(1, item) for item in items))
    assert tfcollections.decode_message("CollectionDef", blob)["bytes_list"]["value"] == items


def test_a_run_never_reads_a_length_past_its_message() -> None:
    # The second item's two-byte length is cut after its first byte, and another field follows the bytes_list: the
    # run must leave that length to the general path (which says the varint is cut), not read the next field's byte.
    body = field(1, b"a") + field(1, b"b" * 200)[:2]
    blob = field(2, body) + field(3, b"")  # CollectionDef: bytes_list, then an empty int64_list
    alone = field(2, _unknown_fields(len(field(1, b"a"))) + field(1, b"b" * 200)[:2]) + field(3, b"")
    in_run, by_itself = _collection_error(blob), _collection_error(alone)
    assert (in_run.msg, in_run.pos, in_run.path) == (by_itself.msg, by_itself.pos, by_itself.path)
