# SPDX-License-Identifier: Apache-2.0
"""Hostile inputs, files under faults, threads: each outcome is checked (their cost is measured in benchmarks/).

No timed assertions: an input that made the decoder quadratic or recursive would
show here as a run measured in minutes or as a RecursionError, and in the
benchmark's figures.
"""

from __future__ import annotations

import contextlib
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, List

import pytest

import tfcollections

from . import hostile_inputs as hostile
from .helpers import DATA, REPO, field, same, varint

FILES = DATA / "files"


def _strict_error(name: str, blob: bytes) -> tfcollections.DecodeError:
    assert tfcollections.decode(name, blob) == blob  # the forgiving API falls back, never raises
    with pytest.raises(tfcollections.DecodeError) as info:
        tfcollections.decode_strict(name, blob)
    return info.value


def _text_error(text: bytes) -> tfcollections.DecodeError:
    with pytest.raises(tfcollections.DecodeError) as info:
        tfcollections.loads(text)
    return info.value


@pytest.mark.slow
def test_a_million_levels_of_nested_messages() -> None:
    error = _strict_error("while_context", hostile.nested_while_contexts(1_000_000))
    assert "nesting deeper than 100" in error.msg and error.pos == 505  # 101 headers of 5 bytes: one level past


def test_a_million_levels_of_groups() -> None:
    assert "nesting deeper than 100" in _strict_error("savers", hostile.open_groups(1_000_000)).msg


def test_the_largest_declared_length_and_a_longer_one() -> None:
    for after in (0, 1_000_000):
        error = _strict_error("variables", hostile.declared_length(after))
        assert f"needs {hostile.LARGEST_LENGTH} bytes" in error.msg and error.pos == 6  # where the bytes would start
    # 2^63 takes a varint of 10 bytes: malformed as a length before its value matters.
    error = _strict_error("variables", b"\x0a" + varint(2**63) + b"a" * 1000)
    assert "malformed length: a varint of 10 bytes, where protobuf reads at most 5" in error.msg and error.pos == 1


def test_a_million_one_byte_fields() -> None:
    assert tfcollections.decode("variables", hostile.one_byte_fields(1_000_000))["trainable"] is True


def test_varints_of_10_and_11_bytes() -> None:
    assert tfcollections.decode("variables", hostile.ten_byte_varints(1))["is_resource"] is True
    assert tfcollections.decode("variables", hostile.ten_byte_varints(100_000))["is_resource"] is True
    error = _strict_error("variables", hostile.eleven_byte_varint(100_000))
    assert "varint longer than 10 bytes" in error.msg and error.pos == 200_001


@pytest.mark.slow
def test_a_map_with_a_million_entries() -> None:
    external = tfcollections.decode("cond_context", hostile.map_entries(1_000_000))["values_def"]["external_values"]
    assert len(external) == 1_000_000 and external["k999999"] == "v"


def test_a_long_string_that_ends_in_invalid_utf8() -> None:
    error = _strict_error("variables", hostile.invalid_utf8_at_the_end(1_000_000))
    assert "invalid UTF-8" in error.msg and error.path == ("VariableDef", "variable_name")


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


@pytest.mark.slow
def test_text_with_a_million_open_braces() -> None:
    assert "unbalanced braces" in _text_error(hostile.text_open_braces(1_000_000)).msg
    assert "unbalanced braces" in _text_error(hostile.text_unbalanced_fields(100_000)).msg


def test_text_with_a_string_that_never_ends() -> None:
    for build in (hostile.text_endless_string, hostile.text_endless_string_in_a_skipped_field):
        error = _text_error(build(10_000_000))
        assert "never-ending string: no closing quote before the end of its line" in error.msg


def test_text_numbers_of_a_million_digits() -> None:
    # int() of over 4,300 decimal digits raises ValueError, and float() of a huge int OverflowError: neither
    # may escape. An integer field's is out of range; a float field's is inf, as C++'s strtod reads it.
    error = _text_error(hostile.text_long_integer(1_000_000))
    assert "integer '9999" in error.msg and "(1,000,000 characters) out of range for an int32 field" in error.msg
    saver = tfcollections.loads(hostile.text_long_float(1_000_000))["meta_graphs"][0]["saver_def"]
    assert saver["keep_checkpoint_every_n_hours"] == float("inf")
    # An unknown field's value: skipped, the rest read as usual.
    skipped = tfcollections.loads(b"saver_def { future: " + b"9" * 1_000_000 + b" version: V2 }")
    assert skipped["meta_graphs"][0]["saver_def"]["version"] == "V2"
    # Any long token is cut to its start and its length in a message, never quoted whole.
    error = _text_error(b"saver_def { sharded: " + b"y" * 100_000 + b" }")
    assert error.summary.startswith("bad text-format MetaGraphDef: expected true or false, found 'yyyy")
    assert error.msg.endswith("'... (100,000 characters)") and len(error.msg) < 300
    assert (error.lineno, error.colno) == (1, 22)
    assert "(100,000 characters) at line 1, column 22 (at byte 21" in str(error)


def test_a_meta_graph_whose_collection_def_repeats_a_key() -> None:
    first = field(4, field(1, b"c") + field(2, field(1, field(1, b"first"))))
    second = field(4, field(1, b"c") + field(2, field(1, field(1, b"second"))))
    collections = tfcollections.loads(first + second)["meta_graphs"][0]["collection_def"]
    assert collections == {"c": {"kind": "node_list", "value": ["second"]}}  # as protobuf's map: the last wins
    many = tfcollections.loads(hostile.repeated_collection_key(100_000))["meta_graphs"][0]["collection_def"]
    assert many == {"c": {"kind": "node_list", "value": ["node"]}}


def test_every_hostile_input_ends_in_a_result_or_a_decode_error() -> None:
    # The same inputs the benchmark measures (benchmarks/hostile.py), at a small size.
    for case in hostile.HOSTILE_INPUTS:
        with contextlib.suppress(tfcollections.DecodeError):  # anything else fails the test
            case.feed(case.build(1000))


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


@pytest.mark.slow
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
        assert same(tfcollections.load(fifo), {**tfcollections.loads(data), "path": str(fifo)})
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
    from tfcollections._disk import source as _source

    class Endless:
        """`yes | tfcollections -`: text that never ends and never breaks a rule early."""

        def read(self, size: int = -1) -> bytes:
            return b"y\n" * (max(size, 2) // 2)

    monkeypatch.setattr(_source, "_STREAM_LIMIT", 1 << 22)
    with pytest.raises(tfcollections.DecodeError, match="longer than 4 MiB and is still going"):
        tfcollections.load(Endless())  # type: ignore[arg-type]


@pytest.mark.slow
def test_hostile_checkpoint_indexes_end_in_a_decode_error_where_they_break() -> None:
    for build, message in [
        (hostile.index_claiming_restarts, "claims 4,294,967,295 restart points"),
        (hostile.index_restarts_outside, "restart point 0 points to byte 1,048,576"),
        (hostile.index_shared_prefix_too_long, "shares 255 bytes with the previous key, which has 11"),
    ]:
        with pytest.raises(tfcollections.DecodeError, match=message):
            hostile._load_index(build(100_000))
    assert len(hostile._load_index(hostile.index_many_entries(20_000))["tensors"]) == 20_000


@pytest.mark.slow
def test_hostile_graphs_read_in_full_or_end_in_a_decode_error_at_their_fault() -> None:
    assert hostile._load_graph(hostile.graph_one_field_nodes(500_000)) == {"a": 500_000}
    assert hostile._load_graph(hostile.graph_one_node_of_many_fields(500_000)) == {"NoOp": 1}  # walked in place
    assert hostile._load_graph(hostile.graph_one_node_of_many_fields(100)) == {"NoOp": 1}  # walked in a copy
    assert hostile._load_graph(hostile.graph_second_ops(200_000)) == {"b": 200_000}  # the last op is the one run
    data = hostile.graph_nodes_then_one_cut_short(500_000)
    with pytest.raises(tfcollections.DecodeError, match="needs 9 bytes, 0 left") as caught:
        hostile._load_graph(data)
    assert caught.value.path == ("MetaGraphDef", "graph_def", "node", 500_000)
    assert caught.value.pos == len(data)  # where the input's 9 bytes would start: the node's end, the file's
