# SPDX-License-Identifier: Apache-2.0
"""The hand-built hex cases of wire_cases.py, each protobuf's own verdict."""

from __future__ import annotations

from typing import Any

import pytest

import tfcollections

from .helpers import same
from .wire_cases import CASES, DEFAULTS, REJECT


@pytest.mark.parametrize(
    ("collection", "hex_blob", "expected"), [case[1:] for case in CASES], ids=[c[0] for c in CASES]
)
def test_wire_case(collection: str, hex_blob: str, expected: Any) -> None:
    blob = bytes.fromhex(hex_blob)
    decoded = tfcollections.decode(collection, blob)
    if expected == REJECT:
        assert decoded is blob
    else:
        assert same(decoded, {**DEFAULTS[collection], **expected})
        # And the value encodes canonically to bytes that decode to it again.
        assert same(tfcollections.decode(collection, tfcollections.encode(collection, decoded)), decoded)


def test_rejected_registered_cases_raise_in_the_strict_api() -> None:
    rejected = [case for case in CASES if case[3] == REJECT and case[1] in tfcollections.COLLECTIONS]
    assert len(rejected) > 30
    for _, collection, hex_blob, _ in rejected:
        with pytest.raises(tfcollections.DecodeError):
            tfcollections.decode_strict(collection, bytes.fromhex(hex_blob))
