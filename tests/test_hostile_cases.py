# SPDX-License-Identifier: Apache-2.0
"""Issue 51's findings, each held by a test that failed before its fix: data lost, crashes, hangs and memory, raw
exceptions, silent omissions. The committed reproducers (tests/data/hostile, tools/generate_hostile_fixtures.py)
are also replayed with tools/fuzz.py's own harness, in child processes under its limits, with a slice of its cases
(tests/test_fuzz_slice.py)."""

from __future__ import annotations

import os
import struct
import threading
import time
import tracemalloc
import zlib
from pathlib import Path
from typing import Any, List

import pytest

import tfcollections
from tfcollections import ConversionError, DecodeError
from tfcollections._cli.main import main
from tfcollections._compat import table
from tfcollections._graph.endpoints import FILL_LIMIT, tensor_values
from tfcollections._records import events as events_module

from .helpers import DATA, tfrecord_frame

HOSTILE = DATA / "hostile"


# ---------------------------------------------------------------- conversion and freezing


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("duplicate_names.pb", "node name 'y' is given to more than one node"),
        ("matmul_shapes.pb", r"node 'y' \(MatMul\): its inputs of shapes \[2, 3\] and \[4, 5\] cannot be multiplied"),
        ("concat_ranks.pb", r"node 'y' \(ConcatV2\): its inputs have ranks 4 and 3, which cannot meet"),
        ("splat_const.pb", r"constant 'c': 1,000,000,000,000 elements of DT_FLOAT \(4,000,000,000,000 bytes\)"),
        ("calls_doubling.pb", "inlining the graph's function calls would make more than"),
    ],
)
def test_a_graph_tensorflow_refuses_is_refused_not_written(tmp_path: Path, name: str, message: str) -> None:
    model = tfcollections.load(HOSTILE / name)
    out = tmp_path / "model.onnx"
    with pytest.raises(DecodeError, match=message):
        tfcollections.to_onnx(model, outputs=["y"], path=out)
    assert list(tmp_path.iterdir()) == []


def test_a_splat_stays_a_splat_in_a_frozen_graph() -> None:
    frozen = tfcollections.freeze(tfcollections.load(HOSTILE / "splat_const.pb"), outputs=["y"])
    assert len(frozen) < 200  # the constant's one value, not 4 TB


def test_a_filled_out_constant_is_made_without_a_list_and_bounded() -> None:
    values = {"float_val": [1.5, 2.5]}
    assert tensor_values("c", "DT_FLOAT", (4,), None, values).tobytes() == struct.pack("<4f", 1.5, 2.5, 2.5, 2.5)
    assert tensor_values("c", "DT_FLOAT", (2,), None, {"float_val": []}).tobytes() == bytes(8)
    assert tensor_values("c", "DT_HALF", (3,), None, {"half_val": [0x3C00]}).tobytes() == b"\x00\x3c" * 3
    assert tensor_values("c", "DT_INT8", (3,), None, {"int_val": [255, 1]}).tobytes() == b"\xff\x01\x01"
    pairs = tensor_values("c", "DT_COMPLEX64", (2,), None, {"scomplex_val": [1.0, 2.0]}).tobytes()
    assert pairs == struct.pack("<4f", 1.0, 2.0, 1.0, 2.0)
    assert tensor_values("c", "DT_STRING", (3,), None, {"string_val": [b"a"]}).tolist() == [b"a", b"a", b"a"]
    largest = FILL_LIMIT // 4
    tracemalloc.start()
    try:
        assert len(tensor_values("c", "DT_FLOAT", (largest,), None, {"float_val": [1.0]}).tobytes()) == FILL_LIMIT
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 2.5 * FILL_LIMIT  # the bytes, once or twice: no list of 16 million floats
    for count in (largest + 1, 10**12, 2**70):
        with pytest.raises(DecodeError, match="filled out from the 1 value"):
            tensor_values("c", "DT_FLOAT", (count,), None, {"float_val": [1.0]})


def test_calls_nested_thousands_deep_are_inlined_without_recursion() -> None:
    converted = tfcollections.to_onnx(tfcollections.load(HOSTILE / "calls_chain.pb"), outputs=["y"])
    assert tfcollections.decode_message("onnx.ModelProto", converted)["graph"]["output"][0]["name"] == "y:0"
    frozen = tfcollections.freeze(tfcollections.load(HOSTILE / "calls_chain.pb"), outputs=["y"])
    ops = tfcollections.loads(frozen, graph=True)["meta_graphs"][0]["graph"]["ops"]
    assert ops["Relu"] == 1 and ops["IdentityN"] == 1501


def test_a_node_naming_an_input_the_graph_lacks_is_named() -> None:
    from .test_convert import _graph, _placeholder

    model = tfcollections.loads(_graph(_placeholder("x", 2), ("y", "Relu", ["nowhere"], {"T": "DT_FLOAT"}, None)))
    with pytest.raises(DecodeError, match="node 'y' names input 'nowhere', which the graph does not have"):
        tfcollections.to_onnx(model, outputs=["y"])


def _identity_chain(count: int) -> bytes:
    from .test_convert import _graph, _placeholder

    nodes: List[Any] = [_placeholder("x", 2)]
    nodes += [(f"n{i}", "Identity", [f"n{i - 1}" if i else "x"], {"T": "DT_FLOAT"}, None) for i in range(count)]
    return _graph(*nodes)


@pytest.mark.slow
def test_freezing_is_linear_in_nodes() -> None:
    # The set of kept names was made once per node: 16,000 nodes took 74 s. Measured against 1,000 nodes in the
    # same run, so that the machine's speed cancels; linear would be 20x, quadratic 400x.
    small, large = _identity_chain(1_000), _identity_chain(20_000)
    times = []
    for data, output in ((small, "n999"), (large, "n19999")):
        started = time.perf_counter()
        tfcollections.freeze(tfcollections.loads(data), outputs=[output])
        times.append(time.perf_counter() - started)
    assert times[1] < 60 * max(times[0], 0.01), times


# ---------------------------------------------------------------- records, events, pipes


def test_a_compressed_record_claiming_more_than_the_stream_holds_is_not_buffered() -> None:
    tracemalloc.start()
    try:
        found = tfcollections.records(HOSTILE / "gzip_bomb.tfrecord")
        assert list(found) == []
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert found.truncated == 0
    assert peak < 16 << 20  # 64 MB of zeros follow the claim: decompressed ahead, never kept
    with pytest.raises(DecodeError, match=r"truncated record at 0: .* 67,108,864 are left"):
        list(tfcollections.records(HOSTILE / "gzip_bomb.tfrecord", strict=True))


@pytest.mark.slow
def test_a_long_record_of_a_compressed_stream_is_still_read(tmp_path: Path) -> None:
    record = bytes(range(256)) * (300_000)  # 76.8 MB: past the look-ahead's threshold
    path = tmp_path / "long.tfrecord.gz"
    path.write_bytes(_gzip(tfrecord_frame(record)))
    assert list(tfcollections.records(path)) == [record]


def _gzip(data: bytes) -> bytes:
    packer = zlib.compressobj(1, zlib.DEFLATED, 31)
    return packer.compress(data) + packer.flush()


def _fifo_writer(path: Path, data: bytes) -> threading.Thread:
    def write() -> None:
        try:
            with open(path, "wb") as pipe:
                pipe.write(data)
        except BrokenPipeError:  # a reader that stops early
            pass

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize("name", ["examples.tfrecord", "examples.gz.tfrecord"])
def test_a_named_pipe_is_read_once(tmp_path: Path, name: str) -> None:
    fixture = DATA / "records" / name
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    writer = _fifo_writer(pipe, fixture.read_bytes())
    assert list(tfcollections.records(pipe)) == list(tfcollections.records(fixture))
    writer.join(5)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_in_a_log_directory_is_named_not_opened(tmp_path: Path) -> None:
    run = tmp_path / "logs" / "run"
    run.mkdir(parents=True)
    fixture = next((DATA / "events" / "tf2").iterdir())
    (run / fixture.name).write_bytes(fixture.read_bytes())
    os.mkfifo(run / "events.out.tfevents.0.pipe")  # opening it would wait for a writer forever
    found = tfcollections.events(tmp_path / "logs")
    assert len(list(found)) == len(list(tfcollections.events(fixture)))
    why = "not a regular file (a pipe, socket or device is read only when it is named)"
    assert found.skipped == [{"path": str(run / "events.out.tfevents.0.pipe"), "record": None, "why": why}]
    with pytest.raises(DecodeError, match="not a regular file"):
        tfcollections.events(tmp_path / "logs", strict=True)


def test_a_directory_the_walk_cannot_read_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run = tmp_path / "logs" / "run"
    run.mkdir(parents=True)
    fixture = next((DATA / "events" / "tf2").iterdir())
    (run / fixture.name).write_bytes(fixture.read_bytes())
    walk = os.walk
    said: List[str] = []

    def unreadable_walk(top: str, *args: Any, **kwargs: Any) -> Any:  # root reads everything: refused here, once
        if not said:  # (Python 3.8's walk calls itself, through this name, for each subdirectory)
            said.append(top)
            kwargs["onerror"](PermissionError(13, "Permission denied", str(tmp_path / "logs" / "private")))
        return walk(top, *args, **kwargs)

    monkeypatch.setattr(events_module.os, "walk", unreadable_walk)
    found = tfcollections.events(tmp_path / "logs")
    list(found)
    assert found.skipped == [{"path": str(tmp_path / "logs" / "private"), "record": None,
                              "why": "cannot read: Permission denied"}]  # fmt: skip


def test_a_histogram_claiming_a_trillion_values_is_kept_as_its_proto() -> None:
    found = list(tfcollections.events(HOSTILE / "logs"))
    assert found[1]["kind"] == "tensor" and isinstance(found[1]["value"], dict)
    assert found[1]["value"]["tensor_shape"]["dim"][0]["size"] == 10**12


# ---------------------------------------------------------------- the command line and compat


@pytest.mark.parametrize("release", ["", ",", "vv2.4", "2.4\n", "ALL ", " 2.4", "2.4,", "v"])
def test_a_release_name_that_is_none_is_a_usage_error(release: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compat", str(DATA / "compat" / "tf2_dense"), "--tf", release]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_release_names_as_people_write_them() -> None:
    assert table.resolve("v2.4") == table.resolve("2.4") == table.resolve("V2.4")
    assert table.resolve("ALL") == table.resolve("all")
    for name in ("vv2.4", "2.4\n", " all", "vall"):
        with pytest.raises(ValueError, match="unknown TensorFlow release"):
            table.resolve(name)


def test_running_out_of_memory_is_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from tfcollections._cli import records as records_command

    def exhausted(*args: Any) -> Any:
        raise MemoryError

    monkeypatch.setattr(records_command, "summarize", exhausted)
    assert main(["records", str(DATA / "records" / "examples.tfrecord")]) == 3
    err = capsys.readouterr().err
    assert err == "tfcollections: not enough memory: what the input holds does not fit in this process's memory\n"


# ---------------------------------------------------------------- Session


def _session_graph(*nodes: Any) -> Any:
    from .test_convert import _graph

    return tfcollections.loads(_graph(*nodes))


def test_the_runtimes_errors_are_the_librarys_naming_the_node() -> None:
    pytest.importorskip("onnxruntime")
    from .test_convert import _placeholder

    add = ("y", "AddV2", ["a", "b"], {"T": "DT_FLOAT"}, None)
    session = tfcollections.Session(_session_graph(_placeholder("a", -1, 3), _placeholder("b", -1, 3), add))
    numpy = pytest.importorskip("numpy")
    with pytest.raises(DecodeError, match=r"^onnxruntime could not run the model: node 'y': "):
        session.run("y:0", {"a:0": numpy.zeros((2, 3), "float32"), "b:0": numpy.zeros((3, 3), "float32")})


def test_a_zero_size_input_is_not_run_through_an_einsum() -> None:
    pytest.importorskip("onnxruntime")
    numpy = pytest.importorskip("numpy")
    from .test_convert import _placeholder

    # A batched product converts to a MatMul, which computes an empty batch as TensorFlow does; an equation that
    # stays an Einsum (an ellipsis) is not run on one (onnxruntime's Einsum can end the process on it).
    for equation in (b"bij,bkj->bik", b"...ij,...kj->...ik"):
        session = tfcollections.Session(_session_graph(
            _placeholder("a", -1, 3, 4), _placeholder("b", -1, 5, 4),
            ("y", "Einsum", ["a", "b"], {"equation": equation, "N": 2, "T": "DT_FLOAT"}, None)))  # fmt: skip
        ones = session.run("y:0", {"a:0": numpy.ones((2, 3, 4), "float32"), "b:0": numpy.ones((2, 5, 4), "float32")})
        assert ones.shape == (2, 3, 5) and float(ones[0, 0, 0]) == 4.0
        empty = {"a:0": numpy.ones((0, 3, 4), "float32"), "b:0": numpy.ones((0, 5, 4), "float32")}
        if b"..." not in equation:
            assert session.run("y:0", empty).shape == (0, 3, 5)
            continue
        with pytest.raises(DecodeError, match=r"node 'y' \(Einsum\): a zero-size input is not run"):
            session.run("y:0", empty)


def test_an_einsum_equation_that_disagrees_with_its_inputs_is_refused() -> None:
    from .test_convert import _placeholder

    cases = ((b"ij->ji", "1 operand"), (b"ijk,jk->ik", "3 axes for an input of rank 2"),
             (b"ij,jk", "does not name the output"), (b"ij,jk->iz", "output axis no input has"))  # fmt: skip
    for equation, message in cases:
        attrs = {"equation": equation, "N": 2, "T": "DT_FLOAT"}
        model = _session_graph(
            _placeholder("a", 2, 3), _placeholder("b", 3, 4), ("y", "Einsum", ["a", "b"], attrs, None)
        )
        with pytest.raises(ConversionError, match=message):
            tfcollections.to_onnx(model, outputs=["y"])


# ---------------------------------------------------------------- the look-ahead of a compressed stream, small


@pytest.fixture
def small_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    """A record past 1,000 bytes is checked against its stream first (64 MB otherwise): small files test it."""
    from tfcollections._records import tfrecord

    monkeypatch.setattr(tfrecord, "_PIECE", 1000)


def test_a_long_record_is_looked_ahead_and_read(tmp_path: Path, small_pieces: None) -> None:
    record = bytes(range(256)) * 40
    path = tmp_path / "long.gz.tfrecord"
    path.write_bytes(_gzip(tfrecord_frame(record) + tfrecord_frame(b"next")))
    assert list(tfcollections.records(path)) == [record, b"next"]
    claim = tfrecord_frame(record, length=len(record) * 10)[:12]  # a length ten times what follows it
    path.write_bytes(_gzip(claim + record))
    found = tfcollections.records(path)
    assert list(found) == [] and found.truncated == 0


def test_a_stream_that_does_not_inflate_is_said_by_the_look_ahead(tmp_path: Path, small_pieces: None) -> None:
    packed = _gzip(tfrecord_frame(bytes(range(256)) * 40))
    damaged = packed[:40] + bytes(range(200, 256)) * 4 + packed[264:]
    path = tmp_path / "damaged.gz.tfrecord"
    path.write_bytes(damaged)
    with pytest.raises(DecodeError, match="the GZIP stream does not decompress"):
        list(tfcollections.records(path))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_cannot_be_looked_ahead_and_is_read_as_it_comes(tmp_path: Path, small_pieces: None) -> None:
    record = bytes(range(256)) * 40
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    writer = _fifo_writer(pipe, _gzip(tfrecord_frame(record)))
    assert list(tfcollections.records(pipe)) == [record]
    writer.join(5)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_read_in_part_is_closed_with_its_iterator(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    writer = _fifo_writer(pipe, tfrecord_frame(b"first") + tfrecord_frame(b"second"))
    found = tfcollections.records(pipe)
    stream = found._stream
    assert stream is not None and next(found) == b"first"
    found._frames.close()  # as the garbage collector closes it
    assert stream.file.closed
    writer.join(5)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_whose_iteration_never_starts_is_closed(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    writer = _fifo_writer(pipe, b"\x00" * 12)
    found = tfcollections.records(pipe)
    del found
    writer.join(5)


# ---------------------------------------------------------------- conversions the runtime lacks a kernel for


def test_a_narrow_integer_matmul_and_an_integer_addn_run_as_tensorflow_computes_them() -> None:
    pytest.importorskip("onnxruntime")
    numpy = pytest.importorskip("numpy")
    from .test_convert import _graph

    def placeholder(name: str, dtype: str, *dims: int) -> Any:
        return (name, "Placeholder", [], {"dtype": dtype, "shape": {"dim": [{"size": d} for d in dims]}}, None)

    session = tfcollections.Session(tfcollections.loads(_graph(
        placeholder("a", "DT_INT8", 2, 3), placeholder("b", "DT_INT8", 3, 2), placeholder("i", "DT_INT32", 2),
        ("m", "MatMul", ["a", "b"], {"T": "DT_INT8"}, None),
        ("s", "AddN", ["i", "i", "i"], {"T": "DT_INT32", "N": 3}, None),
        ("one", "AddN", ["i"], {"T": "DT_INT32", "N": 1}, None))))  # fmt: skip
    a = numpy.array([[100, 100, 1], [-128, 2, 3]], "int8")
    b = numpy.array([[2, 1], [2, 1], [1, 1]], "int8")
    i = numpy.array([7, -2], "int32")
    product, total, alone = session.run(["m:0", "s:0", "one:0"], {"a:0": a, "b:0": b, "i:0": i})
    assert product.dtype == numpy.int8 and product.tolist() == [[-111, -55], [7, -123]]  # wrapped, as TensorFlow
    assert total.tolist() == [21, -6] and alone.tolist() == [7, -2]
