# SPDX-License-Identifier: Apache-2.0
"""Properties, with hypothesis: round trips, and no byte string makes decode raise.

Bounded in CI (conftest.py); ``HYPOTHESIS_PROFILE=long`` runs ~20,000 examples each.
"""

from __future__ import annotations

import struct
from typing import Any, Dict

import pytest
from hypothesis import given, strategies as st

import tfcollections
from tfcollections._proto.compiled import ENUM_NAMES
from tfcollections._proto.schema import MESSAGES, Message

from .helpers import load_items, same

BY_NAME: Dict[str, Message] = {message.name: message for message in MESSAGES}
COLLECTION_NAMES = sorted(tfcollections.COLLECTIONS)
REAL_BLOBS = [bytes.fromhex(item["hex"]) for item in load_items("tf_items")]

_float32 = st.floats(width=32, allow_nan=False)


def _enum_values(enum_name: str) -> st.SearchStrategy[Any]:
    names = ENUM_NAMES[enum_name]
    unnamed = st.integers(-(2**31), 2**31 - 1).filter(lambda number: number not in names)
    return st.one_of(st.sampled_from(sorted(names.values())), unnamed)


def _scalar(field_type: str, ref: str) -> st.SearchStrategy[Any]:
    return (
        {
            "string": st.text(max_size=12),
            "bool": st.booleans(),
            "int32": st.integers(-(2**31), 2**31 - 1),
            "int64": st.integers(-(2**63), 2**63 - 1),
            "float": _float32,
            "double": st.floats(allow_nan=False),
            "uint32": st.integers(0, 2**32 - 1),
            "uint64": st.integers(0, 2**64 - 1),
            "fixed32": st.integers(0, 2**32 - 1),
        }[field_type]
        if field_type != "enum"
        else _enum_values(ref)
    )


def messages(type_name: str, depth: int = 0) -> st.SearchStrategy[Dict[str, Any]]:
    """Decoded-form values of a message type: every field present, as decode gives them."""
    message = BY_NAME[type_name]
    fields: Dict[str, st.SearchStrategy[Any]] = {}
    oneofs: Dict[str, list] = {}
    for field in message.fields:
        if field.type == "map":
            fields[field.name] = st.dictionaries(st.text(max_size=8), st.text(max_size=8), max_size=3)
        elif field.type == "message":
            sub = st.deferred(lambda ref=field.ref: messages(ref, depth + 1)) if depth < 3 else st.nothing()
            if field.repeated:
                fields[field.name] = st.lists(sub, max_size=2) if depth < 3 else st.just([])
            elif field.oneof:
                oneofs.setdefault(field.oneof, []).append((field.name, sub))
            else:
                fields[field.name] = st.none() | sub
        elif field.repeated:
            fields[field.name] = st.lists(_scalar(field.type, field.ref), max_size=4)
        else:
            fields[field.name] = _scalar(field.type, field.ref)

    @st.composite
    def build(draw: Any) -> Dict[str, Any]:
        value = draw(st.fixed_dictionaries(fields))
        for members in oneofs.values():
            chosen = draw(st.sampled_from([None] + [name for name, _ in members]))
            for name, sub in members:
                value[name] = draw(sub) if name == chosen else None
        return {field.name: value[field.name] for field in message.fields}  # declaration order

    return build()


@pytest.mark.slow
@pytest.mark.parametrize("collection", ["variables", "savers", "queue_runners", "cond_context", "while_context"])
@given(data=st.data())
def test_decode_of_encode_is_identity(collection: str, data: Any) -> None:
    value = data.draw(messages(tfcollections.COLLECTIONS[collection]))
    blob = tfcollections.encode(collection, value)
    assert same(tfcollections.decode(collection, blob), value)
    assert tfcollections.encode(collection, tfcollections.decode(collection, blob)) == blob


@given(st.sampled_from(COLLECTION_NAMES), st.binary(max_size=200))
def test_random_bytes_never_raise(collection: str, blob: bytes) -> None:
    result = tfcollections.decode(collection, blob)
    assert result is blob or isinstance(result, dict)
    try:
        strict = tfcollections.decode_strict(collection, blob)
    except tfcollections.DecodeError:
        assert result is blob
    else:
        assert same(strict, result)


@given(st.sampled_from(REAL_BLOBS), st.data())
def test_every_prefix_of_a_real_item_decodes_or_falls_back(blob: bytes, data: Any) -> None:
    cut = data.draw(st.integers(0, len(blob)))
    for collection in ("variables", "while_context", "savers"):
        result = tfcollections.decode(collection, blob[:cut])
        assert isinstance(result, dict) or result == blob[:cut]


@given(
    st.sampled_from(REAL_BLOBS),
    st.lists(
        st.tuples(st.integers(0, 10_000), st.integers(0, 255), st.sampled_from(["set", "insert", "delete"])),
        min_size=1,
        max_size=4,
    ),
)
def test_mutated_real_items_never_raise(blob: bytes, edits: Any) -> None:
    mutated = bytearray(blob)
    for position, byte, kind in edits:
        index = position % (len(mutated) + 1)
        if kind == "insert":
            mutated.insert(index, byte)
        elif index < len(mutated):
            if kind == "set":
                mutated[index] = byte
            else:
                del mutated[index]
    for collection in COLLECTION_NAMES:
        result = tfcollections.decode(collection, bytes(mutated))
        assert isinstance(result, (dict, bytes))
        if isinstance(result, bytes):
            assert result == bytes(mutated)


@given(st.floats(allow_nan=False, width=32))
def test_float32_values_survive_exactly(value: float) -> None:
    blob = b"\x35" + struct.pack("<f", value)
    decoded = tfcollections.decode("savers", blob)
    assert same(decoded["keep_checkpoint_every_n_hours"], value)
