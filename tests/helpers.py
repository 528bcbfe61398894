# SPDX-License-Identifier: Apache-2.0
"""Shared test helpers: fixture loading, exact comparison, and building protobuf bytes by hand."""

from __future__ import annotations

import base64
import hashlib
import json
import math
import struct
from pathlib import Path
from typing import Any, Dict, List, Optional

DATA = Path(__file__).resolve().parent / "data"
REPO = Path(__file__).resolve().parent.parent


def _revive(value: Any) -> Any:
    # The generator writes non-finite floats and bytes as tagged objects (JSON has neither), as the
    # command line's --json does: {"$float": "inf"}, {"$base64": "..."}.
    if isinstance(value, dict):
        if set(value) == {"$float"}:
            return float(value["$float"])
        if set(value) == {"$base64"}:
            return base64.b64decode(value["$base64"])
        return {key: _revive(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_revive(item) for item in value]
    return value


def load_items(name: str) -> List[Dict[str, Any]]:
    """The items of a fixture written by tools/generate_fixtures.py."""
    document = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    return [_revive(item) for item in document["items"]]


def complex_as_pairs(value: Any) -> Any:
    """A tensor's tolist() in the checkpoint fixtures' terms (JSON has no complex numbers): each as [real, imag]."""
    if isinstance(value, list):
        return [complex_as_pairs(item) for item in value]
    if isinstance(value, complex):
        return [value.real, value.imag]
    return value


def same(a: Any, b: Any) -> bool:
    """Equality that is exact about types (True is not 1), -0.0 and NaN.

    Dict keys are compared as sets: protobuf's maps have no order (upb gives
    them in hash order, decode in wire order). Key order of decoded messages
    is checked on its own (test_contract.py). A dict equals a dict of a
    subclass: what ``load`` returns is one (it keeps the file it was read from).
    """
    if type(a) is not type(b) and not (isinstance(a, dict) and isinstance(b, dict)):
        return False
    if isinstance(a, float):
        if math.isnan(a):
            return math.isnan(b)
        return a == b and math.copysign(1.0, a) == math.copysign(1.0, b)
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[key], b[key]) for key in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return bool(a == b)


def varint(value: int) -> bytes:
    """Encode an integer as a varint, a negative one as protobuf writes an int64 (ten bytes): the tests' and
    the tools' one writer, written here, not taken from the code under test."""
    value &= (1 << 64) - 1
    out = bytearray()
    while value >= 0x80:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def field(number: int, payload: bytes) -> bytes:
    """A length-delimited field: its tag, the payload's length and the payload."""
    return varint((number << 3) | 2) + varint(len(payload)) + payload


def canonical(value: Any) -> Any:
    """A value in the event fixtures' JSON form (tools/generate_event_fixtures.py writes it, tests/test_events.py
    compares with it): bytes as base64, or past 512 bytes their size and SHA-256; non-finite floats tagged; a numpy
    scalar as its Python value; a tensor (the library's ``Tensor``) as its dtype name, shape and values."""
    if isinstance(value, (bytes, bytearray)):
        if len(value) > 512:
            return {"$sha256": hashlib.sha256(value).hexdigest(), "size": len(value)}
        return {"$base64": base64.b64encode(bytes(value)).decode("ascii")}
    if isinstance(value, float) and not math.isfinite(value):
        return {"$float": repr(value)}
    if isinstance(value, dict):
        return {key: canonical(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [canonical(item) for item in value]
    if type(value).__module__ == "numpy" and getattr(value, "ndim", None) == 0:
        return canonical(value.item())
    if hasattr(value, "tolist") and isinstance(getattr(value, "dtype", None), str):
        return {"dtype": value.dtype, "shape": list(value.shape), "values": canonical(value.tolist())}
    return value


def _crc32c_table() -> List[int]:
    table = []
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 if crc & 1 else 0)
        table.append(crc)
    return table


_CRC32C_TABLE = _crc32c_table()


def masked_crc32c(data: bytes) -> int:
    """TFRecord's masked CRC-32C (Castagnoli) of *data*, a byte at a time: written here, slow and plain, so that
    the frames the tests make do not come from the code under test."""
    crc = 0xFFFFFFFF
    for byte in data:
        crc = _CRC32C_TABLE[(crc ^ byte) & 0xFF] ^ (crc >> 8)
    crc ^= 0xFFFFFFFF
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def tfrecord_frame(record: bytes, length: Optional[int] = None) -> bytes:
    """One TFRecord frame of *record*: its length (or *length*, a claim), the length's CRC, the data, its CRC."""
    header = struct.pack("<Q", len(record) if length is None else length)
    return header + struct.pack("<I", masked_crc32c(header)) + record + struct.pack("<I", masked_crc32c(record))
