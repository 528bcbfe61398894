# SPDX-License-Identifier: Apache-2.0
"""Hostile inputs, files under faults, threads: each outcome is checked (their cost is measured in benchmarks/).

No timed assertions: an input that made the decoder quadratic or recursive would
show here as a run measured in minutes or as a RecursionError, and in the
benchmark's figures.
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, List

import pytest
from helpers import DATA, REPO, same

import tfcollections
from tfcollections._wire import encode_varint

FILES = DATA / "files"


def _strict_error(name: str, blob: bytes) -> tfcollections.DecodeError:
    assert tfcollections.decode(name, blob) == blob  # the forgiving API falls back, never raises
    with pytest.raises(tfcollections.DecodeError) as info:
        tfcollections.decode_strict(name, blob)
    return info.value


def _nested_while_contexts(levels: int) -> bytes:
    """WhileContextDef.nested_contexts[0].while_ctxt... *levels* deep, with consistent lengths, in O(levels)."""
    headers = []
    inner = 0
    for level in range(levels):
        # From the outside in: WhileContextDef.nested_contexts (12), then ControlFlowContextDef.while_ctxt (2).
        tag = b"\x62" if (levels - 1 - level) % 2 == 0 else b"\x12"
        header = tag + encode_varint(inner)
        headers.append(header)
        inner += len(header)
    return b"".join(reversed(headers))


def test_a_million_levels_of_nested_messages() -> None:
    blob = _nested_while_contexts(1_000_000)
    assert "nesting deeper than 100" in _strict_error("while_context", blob).msg


def test_a_million_levels_of_groups() -> None:
    blob = b"\x0b" * 1_000_000  # start-group of unknown field 1, never ended
    assert "nesting deeper than 100" in _strict_error("savers", blob).msg


def test_a_declared_length_of_2_to_the_63() -> None:
    assert "truncated" in _strict_error("variables", b"\x0a" + encode_varint(2**63)).msg


def test_a_million_one_byte_fields() -> None:
    blob = b"\x38\x01" * 1_000_000  # VariableDef.trainable, again and again: the last wins
    assert tfcollections.decode("variables", blob)["trainable"] is True


def test_varints_of_10_and_11_bytes() -> None:
    ten = b"\x28" + b"\xff" * 9 + b"\x01"  # VariableDef.is_resource (5), the longest varint there is
    assert tfcollections.decode("variables", ten)["is_resource"] is True
    eleven = b"\x28" + b"\xff" * 10 + b"\x01"
    assert "varint longer than 10 bytes" in _strict_error("variables", eleven).msg


def test_a_map_with_a_million_entries() -> None:
    # CondContextDef.values_def (5) holding a million external_values entries: keys "k0".."k999999".
    entries = b"".join(
        b"\x12" + bytes([len(body)]) + body
        for body in (b"\x0a" + bytes([len(k)]) + k + b"\x12\x01v" for k in (f"k{i}".encode() for i in range(1_000_000)))
    )
    blob = b"\x2a" + encode_varint(len(entries)) + entries
    external = tfcollections.decode("cond_context", blob)["values_def"]["external_values"]
    assert len(external) == 1_000_000 and external["k999999"] == "v"


@pytest.mark.parametrize(
    "bad",
    [
        b"\x80",  # a lone continuation byte
        b"\xc0\x80",  # an overlong encoding of U+0000
        b"\xe0\x80\x80",  # overlong, three bytes
        b"\xed\xa0\x80",  # a UTF-16 surrogate
        b"\xf4\x90\x80\x80",  # past U+10FFFF
        b"\xe2\x82",  # cut short
        b"\xfe",
        b"\xff",
        b"ok\xc3",  # cut short at the end
    ],
)
def test_strings_of_every_invalid_utf8_shape(bad: bytes) -> None:
    blob = b"\x0a" + bytes([len(bad)]) + bad
    error = _strict_error("variables", blob)
    assert "invalid UTF-8" in error.msg and error.path == ("VariableDef", "variable_name")


def test_text_with_a_million_open_braces() -> None:
    for text in (b"graph_def " + b"{" * 1_000_000, b"meta_info_def " + b"{ any_info " * 100_000):
        with pytest.raises(tfcollections.DecodeError):
            tfcollections.loads(text)


def test_a_meta_graph_whose_collection_def_repeats_a_key() -> None:
    def field(number: int, payload: bytes) -> bytes:
        return bytes([(number << 3) | 2]) + encode_varint(len(payload)) + payload

    first = field(4, field(1, b"c") + field(2, field(1, field(1, b"first"))))
    second = field(4, field(1, b"c") + field(2, field(1, field(1, b"second"))))
    collections = tfcollections.loads(first + second)["meta_graphs"][0]["collection_def"]
    assert collections == {"c": {"kind": "node_list", "value": ["second"]}}  # as protobuf's map: the last wins


# --------------------------------------------------------------------------- files under faults


@pytest.mark.parametrize("name", ["serving_matrix_half_plus_two.pb", "serving_half_plus_two_export.meta"])
def test_a_real_file_truncated_at_every_byte(name: str) -> None:
    data = (FILES / name).read_bytes()
    whole = tfcollections.loads(data)
    for size in range(len(data)):
        try:
            model = tfcollections.loads(data[:size])
        except tfcollections.DecodeError:
            continue
        # Some prefixes are whole messages (cut between top-level fields): then they read as less.
        assert model["format"] == whole["format"]


def test_a_text_file_truncated_at_many_places() -> None:
    data = (FILES / "saved_model_two_graphs.pbtxt").read_bytes()
    outcomes = set()
    for size in range(0, len(data), 997):
        try:
            outcomes.add(tfcollections.loads(data[:size])["format"])
        except tfcollections.DecodeError as error:
            outcomes.add(type(error).__name__)
    assert outcomes <= {"SavedModel", "DecodeError"} and "DecodeError" in outcomes


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_an_endless_stream_ends_in_an_error() -> None:
    with pytest.raises(tfcollections.DecodeError, match="the first byte 0x00 cannot start either"):
        tfcollections.load("/dev/zero")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_named_pipe(tmp_path: Path) -> None:
    fifo = tmp_path / "model.fifo"
    os.mkfifo(fifo)
    data = (REPO / "examples" / "model.meta").read_bytes()

    def write() -> None:
        with open(fifo, "wb") as pipe:
            pipe.write(data)

    writer = threading.Thread(target=write)
    writer.start()
    try:
        assert same(tfcollections.load(fifo), tfcollections.loads(data))
    finally:
        writer.join(timeout=30)


def test_a_path_that_vanishes_and_a_non_utf8_name(tmp_path: Path) -> None:
    link = tmp_path / "dangling.meta"
    link.symlink_to(tmp_path / "gone.meta")
    with pytest.raises(FileNotFoundError):
        tfcollections.load(link)
    odd = os.fsencode(str(tmp_path)) + b"/model-\xff.meta"
    with open(odd, "wb") as file:
        file.write((REPO / "examples" / "model.meta").read_bytes())
    assert tfcollections.load(odd)["format"] == "MetaGraphDef"


def test_many_threads_at_once() -> None:
    paths = sorted(p for p in FILES.iterdir() if p.suffix in (".meta", ".pb", ".pbtxt"))
    expected = [tfcollections.load(path) for path in paths]
    items = [
        (name, item)
        for model in expected
        for meta_graph in model["meta_graphs"]
        for name, collection in meta_graph["collection_def"].items()
        if collection["kind"] == "bytes_list"
        for item in collection["value"]
    ]
    blobs = [(name, tfcollections.encode(name, item)) for name, item in items]

    def work(round_number: int) -> List[Any]:
        loaded = [tfcollections.load(path) for path in paths]
        decoded = [tfcollections.decode(name, blob) for name, blob in blobs]
        return [loaded, decoded]

    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(work, range(16)))
    for loaded, decoded in results:
        assert all(same(a, b) for a, b in zip(loaded, expected))
        assert all(same(a, item) for a, (_, item) in zip(decoded, items))


def test_an_endless_stream_that_looks_valid_stops_at_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    from tfcollections import _files

    class Endless:
        """`yes | tfcollections -`: text that never ends and never breaks a rule early."""

        def read(self, size: int = -1) -> bytes:
            return b"y\n" * (max(size, 2) // 2)

    monkeypatch.setattr(_files, "_STREAM_LIMIT", 1 << 22)
    with pytest.raises(tfcollections.DecodeError, match="longer than 4 MiB and is still going"):
        tfcollections.load(Endless())  # type: ignore[arg-type]
