# SPDX-License-Identifier: Apache-2.0
"""TensorBoard's event files: every event equal to what TensorBoard reads from files the real writers wrote.

The fixtures (tests/data/events, tests/data/events-damaged, tools/generate_event_fixtures.py) were written by
TensorFlow 2.21 (tf.summary, a TF 1 FileWriter, Keras' TensorBoard callback, the hparams plugin's api), PyTorch's
SummaryWriter and tensorboardX; tests/data/events.json holds TensorBoard's reading of each (EventFileLoader and
data_compat, EventAccumulator with size guidance 0) and tbparse's frames.
"""

from __future__ import annotations

import io
import json
import math
import os
import struct
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest
from hypothesis import given, strategies as st

import tfcollections
from tfcollections._ckpt.crc32c import crc32c, mask
from tfcollections._cli.events import sparkline
from tfcollections._cli.main import Environment, main
from tfcollections._records import events as events_module

from .helpers import DATA, _revive, canonical, field, varint

# Every test twice: the CRCs of a mapped file computed together, and one record at a time.
pytestmark = pytest.mark.usefixtures("both_crc_loops")

LOGDIR = DATA / "events"
DAMAGED = DATA / "events-damaged"
EXPECTED = json.loads((DATA / "events.json").read_text(encoding="utf-8"))


def _float32(value: float) -> float:
    return struct.unpack("<f", struct.pack("<f", value))[0]


def ours(logdir: Path) -> Dict[Tuple[str, str], List[Dict[str, Any]]]:
    """Our events of a log directory by (run, file), in the generator's form."""
    by_file: Dict[Tuple[str, str], List[Dict[str, Any]]] = {}
    for event in tfcollections.events(logdir):
        item = {key: event[key] for key in ("wall_time", "step", "kind", "tag", "plugin", "value")}
        if "histo" in event:
            item["histo"] = event["histo"]
            # TensorBoard's data_compat makes a TF 1 histogram's buckets float32; ours are the float64 written.
            item["value"] = [[_float32(part) for part in bucket] for bucket in event["value"]]
        by_file.setdefault((event["run"], event["file"]), []).append(canonical(item))
    return by_file


@pytest.mark.parametrize("logdir", [LOGDIR, DAMAGED], ids=["events", "damaged"])
def test_every_event_is_what_tensorboard_reads(logdir: Path) -> None:
    found = ours(logdir)
    files = [record for record in EXPECTED["files"] if record["logdir"] == logdir.name]
    assert {(record["run"], record["file"]) for record in files if record["events"]} == set(found)
    compared = 0
    for record in files:
        expected = record["events"]
        mine = found.get((record["run"], record["file"]), [])
        if record["error"] is None:
            assert mine == expected, record["file"]
        else:  # TensorBoard's loader raised inside the file: ours agrees up to there, and goes on
            assert mine[: len(expected)] == expected, record["file"]
        compared += len(expected)
    assert compared > (140 if logdir == LOGDIR else 50)


def test_every_kind_and_writer_is_covered() -> None:
    kinds = {(event["run"].split("/")[0], event["kind"]) for event in tfcollections.events(LOGDIR)}
    for writer in ("tf2", "tf1", "torch"):
        assert {(writer, kind) for kind in ("scalar", "histogram", "image", "audio", "text")} <= kinds
    assert {("tf2", "tensor"), ("tf1", "graph_def"), ("tf1", "meta_graph_def"), ("tf1", "session_log"),
            ("tf1", "run_metadata"), ("hparams", "hparams"), ("torch", "hparams"), ("keras", "histogram"),
            ("tbx", "scalar"), ("tbx", "histogram")} <= kinds  # fmt: skip


def test_runs_are_tensorboards() -> None:
    found = tfcollections.events(LOGDIR)
    assert list(found.runs) == sorted({record["run"] for record in EXPECTED["files"] if record["logdir"] == "events"})
    assert all(os.path.basename(path).startswith("events.out.tfevents.") for paths in found.runs.values()
               for path in paths)  # fmt: skip
    assert list(tfcollections.events(LOGDIR, run="^hparams/").runs) == ["hparams/run-0", "hparams/run-1"]
    one = next(iter(tfcollections.events(LOGDIR, run="^tf2$").runs.values()))[0]
    assert list(tfcollections.events(one).runs) == ["."]  # a file alone is the run "."


def test_the_event_accumulator_sees_the_same_values_and_counts() -> None:
    by_tag: Dict[Tuple[str, str], List[Dict[str, Any]]] = {}
    for event in tfcollections.events(LOGDIR):
        if event["tag"] is not None:
            by_tag.setdefault((event["run"], event["tag"]), []).append(event)
    checked = 0
    for run, kinds in EXPECTED["event_accumulator"].items():
        for tag, rows in kinds["scalars"].items():  # TF 1 simple values
            assert canonical([[e["wall_time"], e["step"], e["value"]] for e in by_tag[run, tag]]) == rows
            checked += len(rows)
        for tag, rows in kinds["histograms"].items():  # TF 1 HistogramProto, as written
            assert canonical([[e["wall_time"], e["step"], e["histo"]] for e in by_tag[run, tag]]) == rows
            checked += len(rows)
        for tag, rows in kinds["images"].items():
            mine = [[e["wall_time"], e["step"], e["value"]["width"], e["value"]["height"], e["value"]["images"][0]]
                    for e in by_tag[run, tag]]  # fmt: skip
            assert canonical(mine) == rows
            checked += len(rows)
        for tag, rows in kinds["audio"].items():
            mine = [[e["wall_time"], e["step"], e["value"]["sample_rate"], e["value"]["clips"][0]["audio"]]
                    for e in by_tag[run, tag]]  # fmt: skip
            assert canonical(mine) == rows
            checked += len(rows)
        for tag, rows in kinds["tensors"].items():  # every TF 2 value: none sampled away
            assert len(by_tag[run, tag]) == len(rows), (run, tag)
            assert [[e["wall_time"], e["step"]] for e in by_tag[run, tag]] == [row[:2] for row in rows]
            for event, row in zip(by_tag[run, tag], rows):
                if event["kind"] in ("scalar", "histogram"):
                    assert canonical(event["value"]) == row[2]
            checked += len(rows)
    assert checked > 100


def test_tbparse_frames_are_ours() -> None:
    frame = EXPECTED["tbparse"]["scalars"]
    theirs = sorted(zip(frame["dir_name"], frame["tag"], frame["step"], frame["wall_time"], _revive(frame["value"])))
    columns = tfcollections.event_columns(LOGDIR)
    # tbparse reads TF 1 simple values and PyTorch's scalars (EventAccumulator's Scalars), not TF 2 tensors.
    mine = sorted((("" if run == "." else run), tag, step, wall_time, value)
                  for run, tag, step, wall_time, value in zip(*columns.values())
                  if (run, tag) in {(r or ".", t) for r, t in zip(frame["dir_name"], frame["tag"])})  # fmt: skip
    assert mine == theirs and len(mine) == 21
    histograms = EXPECTED["tbparse"]["histograms"]
    raw = [(e["run"], e["tag"], e["step"], e["histo"]["bucket"], e["histo"]["bucket_limit"])
           for e in tfcollections.events(LOGDIR) if "histo" in e]  # fmt: skip
    assert "." not in {run for run, *_ in raw}  # tbparse's dir_name is the run but for "." (then "")
    assert sorted(raw) == sorted(zip(histograms["dir_name"], histograms["tag"], histograms["step"],
                                     histograms["counts"], histograms["limits"]))  # fmt: skip


@pytest.mark.parametrize("kind", ["scalar", "histogram", "text"])
def test_columns_are_the_events_of_their_kind(kind: str) -> None:
    # The column form takes the usual scalars straight from the one-step reading: the same rows as the events.
    columns = tfcollections.event_columns(LOGDIR, kind=kind)
    rows = [(e["run"], e["tag"], e["step"], e["wall_time"], e["value"]) for e in tfcollections.events(LOGDIR)
            if e["kind"] == kind]  # fmt: skip
    assert canonical(list(zip(*columns.values()))) == canonical(rows)
    assert len(rows) >= {"scalar": 80, "histogram": 10, "text": 5}[kind]


def test_columns_and_pandas() -> None:
    columns = tfcollections.event_columns(LOGDIR, run="^tf2$", tag="^loss$")
    assert list(columns) == ["run", "tag", "step", "wall_time", "value"]
    assert columns["step"] == list(range(20)) and columns["run"] == ["tf2"] * 20
    assert math.isnan(columns["value"][5]) and columns["value"][6] == math.inf and columns["value"][0] == 1.0
    histograms = tfcollections.event_columns(LOGDIR, kind="histogram", tag="weights")
    assert len(histograms["value"]) == 3 and all(len(bucket) == 3 for bucket in histograms["value"][0])
    with pytest.raises(ValueError, match="kind is one of scalar, histogram"):
        tfcollections.event_columns(LOGDIR, kind="scalars")
    pandas = pytest.importorskip("pandas")
    frame = columns.to_pandas()
    assert list(frame.columns) == ["step", "tag", "value", "wall_time", "dir_name"]
    assert frame["dir_name"].tolist() == ["tf2"] * 20 and isinstance(frame, pandas.DataFrame)


def test_damaged_files_are_named_not_dropped() -> None:
    found = tfcollections.events(DAMAGED)
    events = list(found)
    by_file: Dict[str, int] = {}
    for event in events:
        by_file[event["file"]] = by_file.get(event["file"], 0) + 1
    assert by_file == {"events.out.tfevents.1.cut": 50, "events.out.tfevents.2.flipped": 2,
                       "events.out.tfevents.3.notevent": 2}  # fmt: skip
    skipped = {os.path.basename(item["path"]): (item["record"], item["why"]) for item in found.skipped}
    assert skipped["events.out.tfevents.2.flipped"][0] == 2
    assert "corrupted record at 150" in skipped["events.out.tfevents.2.flipped"][1]
    assert skipped["events.out.tfevents.3.notevent"][0] == 1
    assert "record 1 of" in skipped["events.out.tfevents.3.notevent"][1]
    assert "is not a tensorflow.Event" in skipped["events.out.tfevents.3.notevent"][1]
    assert skipped["events.out.tfevents.4.empty"] == (None, "an empty file")
    assert skipped["events.out.tfevents.5.junk"][0] is None
    assert skipped["events.out.tfevents.5.junk"][1].startswith("not an event file: corrupted record at 0")
    assert [(os.path.basename(item["path"]), item["at"]) for item in found.truncated] == [
        ("events.out.tfevents.1.cut", 6823)
    ]
    assert found.count == len(events) == 54


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("events.out.tfevents.1.cut", "truncated record at 6823"),
        ("events.out.tfevents.2.flipped", "corrupted record at 150"),
        ("events.out.tfevents.3.notevent", "record 1 of .* is not a tensorflow.Event"),
        ("events.out.tfevents.4.empty", "an empty event file"),
        ("events.out.tfevents.5.junk", "corrupted record at 0"),
    ],
)
def test_strict_raises_where_it_would_skip(name: str, message: str) -> None:
    with pytest.raises(tfcollections.DecodeError, match=message):
        list(tfcollections.events(DAMAGED / name, strict=True))


def test_a_path_without_events_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(tfcollections.DecodeError, match="no event files"):
        tfcollections.events(tmp_path)
    with pytest.raises(tfcollections.DecodeError, match="no such file or directory"):
        tfcollections.events(tmp_path / "missing")
    (tmp_path / "notes.txt").write_text("not an event file")
    with pytest.raises(tfcollections.DecodeError, match="no event files"):
        tfcollections.events(tmp_path)


def test_an_unreadable_file_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run = tmp_path / "run"
    run.mkdir()
    source = next(iter(tfcollections.events(LOGDIR, run="^tf2$").runs["tf2"]))
    (run / "events.out.tfevents.1.a").write_bytes(Path(source).read_bytes())
    (run / "events.out.tfevents.2.b").write_bytes(Path(source).read_bytes())
    real_open = open

    def refusing(file: Any, *args: Any, **kwargs: Any) -> Any:
        if str(file).endswith(".b"):
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr("builtins.open", refusing)
    found = tfcollections.events(tmp_path)
    assert len(list(found)) == 51
    assert found.skipped == [{"path": str(run / "events.out.tfevents.2.b"), "record": None,
                              "why": "cannot read: Permission denied"}]  # fmt: skip
    with pytest.raises(PermissionError):
        list(tfcollections.events(tmp_path, strict=True))


def test_unknown_plugins_keep_their_tensor_and_name() -> None:
    (custom,) = [e for e in tfcollections.events(LOGDIR, run="^tf2$", tag="^custom$")]
    assert (custom["kind"], custom["plugin"], custom["step"]) == ("tensor", "my_plugin", 3)
    assert custom["value"].dtype == "DT_INT64" and custom["value"].tolist() == [[1, 2, 3], [4, 5, 6]]


def test_graph_events_read_with_load() -> None:
    # Read whole: an iterator left open holds its file until the collector closes it (a ResourceWarning then).
    read = list(tfcollections.events(LOGDIR, run="^tf1$"))
    graph = next(e for e in read if e["kind"] == "graph_def")
    model = tfcollections.loads(graph["value"])
    assert model["format"] == "frozen_graph" or "meta_graphs" in model
    meta = next(e for e in read if e["kind"] == "meta_graph_def")
    loaded = tfcollections.loads(meta["value"], graph=True)
    assert "w" in {v["name"] for v in loaded["meta_graphs"][0]["graph"]["variables"]}


def test_hparams_are_plain_values() -> None:
    start = [e["value"] for e in tfcollections.events(LOGDIR, run="^hparams/run-1$") if e["kind"] == "hparams"]
    assert start[0]["session_start_info"]["hparams"] == {"learning_rate": 0.1, "layers": 2.0, "optimizer": "sgd"}
    (experiment,) = [e["value"] for e in tfcollections.events(LOGDIR, run="^hparams$") if e["kind"] == "hparams"]
    infos = {info["name"]: info for info in experiment["experiment"]["hparam_infos"]}
    assert infos["optimizer"]["domain_discrete"] == ["adam", "sgd"]
    assert infos["learning_rate"]["domain_interval"] == {"min_value": 0.001, "max_value": 0.1}


def test_the_event_schema_rows_decode_a_message_protobuf_wrote() -> None:
    records = list(tfcollections.records(next(iter(tfcollections.events(LOGDIR, run="^tf2$").runs["tf2"]))))
    record = records[0]
    event = tfcollections.decode_message("Event", record)
    assert event["file_version"] == "brain.Event:2" and event["summary"] is None


def test_sparkline() -> None:
    assert sparkline([]) == ""
    assert sparkline([1.0, 2.0, 3.0]) == "▁▅█"
    assert sparkline([5.0] * 3) == "▁▁▁"
    assert sparkline([0.0, math.nan, 1.0]) == "▁!█"
    assert len(sparkline([float(i) for i in range(1000)])) == 24


# --------------------------------------------------------------------------- the command line


def _run(*argv: str, isatty: bool = False) -> Tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), Environment(stdout=out, stderr=err, stderr_isatty=isatty))
    return status, out.getvalue(), err.getvalue()


def test_cli_text() -> None:
    status, out, err = _run("events", str(LOGDIR), "--run", "^tf2$")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == f"{LOGDIR}: 1 run, 51 events (1 event file)"
    assert lines[1] == "run tf2 (1 file, 51 events)"
    assert "    loss      20      0-19   0.05  inf   0.05  █▄▃▂▂!!▂▁▁▁▁▁▁▁▁▁▁▁▁" in lines
    assert "  tensors: custom [my_plugin] (1, steps 3)" in lines


def test_cli_csv_is_tbparses_long_form() -> None:
    status, out, _ = _run("events", str(LOGDIR), "--csv", "--tag", "^train/loss$")
    rows = out.splitlines()
    assert status == 0 and rows[0] == "step,tag,value,wall_time,dir_name"
    assert rows[1].startswith("0,train/loss,2.0,") and rows[1].endswith(",torch") and len(rows) == 11


def test_cli_jsonl_and_json() -> None:
    status, out, _ = _run("events", str(LOGDIR), "--jsonl", "--run", "^tf2$", "--tag", "^(custom|pictures)$")
    lines = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and [line["tag"] for line in lines] == ["pictures", "custom"]
    assert lines[1]["value"] == {"dtype": "DT_INT64", "shape": [2, 3], "values": [[1, 2, 3], [4, 5, 6]]}
    assert set(lines[0]["value"]["images"][0]) == {"$base64"}
    status, out, _ = _run("events", str(LOGDIR), "--json", "--run", "^tf2$")
    document = json.loads(out)
    loss = document["runs"]["tf2"]["tags"]["scalar"]["loss"]
    assert (loss["count"], loss["nan"], loss["max"], loss["last"]) == (20, 1, {"$float": "inf"}, 0.05000000074505806)
    assert document["events"] == 51 and document["skipped"] == []


def test_cli_damaged_and_bad_input() -> None:
    status, out, err = _run("events", str(DAMAGED))
    assert status == 3 and out.startswith(f"{DAMAGED}: 1 run, 54 events (5 event files)")
    assert len(err.splitlines()) == 4 and all(line.startswith("tfcollections events: ") for line in err.splitlines())
    assert "ends inside a record, which starts at byte 6,823" in out
    status, _, err = _run("events", str(DAMAGED / "missing"))
    assert status == 3 and err.startswith("tfcollections events: ") and "no such file" in err
    status, _, err = _run("events", str(LOGDIR), "--tag", "(")
    assert status == 2 and "is not a regular expression" in err and len(err.splitlines()) == 1
    status, _, err = _run("events", str(LOGDIR), "--json", "--csv")
    assert status == 2 and "usage error" in err


def test_an_event_file_shown_as_a_model_points_here() -> None:
    path = next(iter(tfcollections.events(LOGDIR, run="^torch$").runs["torch"]))
    status, _, err = _run(path)
    assert status != 0 and "a TensorBoard event file" in err and "tfcollections events FILE" in err


# --------------------------------------------------------------------------- the one-step scalar


def _frame(data: bytes) -> bytes:
    length = struct.pack("<Q", len(data))
    return length + struct.pack("<I", mask(crc32c(length))) + data + struct.pack("<I", mask(crc32c(data)))


_METADATA = field(1, field(1, b"scalars"))
# Summary.Value bodies before and after the value's four bytes: TF 1's simple value, TF 2's tensor with content and
# shape, PyTorch's tensor with float_val and no shape, a tensor with no metadata, a double tensor of four bytes
# (damaged: a tensor), a double tensor (a scalar, not of one step).
_LAYOUTS = [
    (lambda tag: field(1, tag) + b"\x15", b""),
    (lambda tag: field(1, tag) + b"\x42\x0a\x08\x01\x12\x00\x22\x04", field(9, _METADATA)),
    (lambda tag: field(1, tag) + b"\x42\x08\x08\x01\x2a\x04", field(9, _METADATA + field(2, b"\x08\x01"))),
    (lambda tag: field(1, tag) + b"\x42\x0a\x08\x01\x12\x00\x22\x04", b""),
    (lambda tag: field(1, tag) + b"\x42\x0a\x08\x02\x12\x00\x22\x04", field(9, _METADATA)),
    # a double: its four low bytes, then the four drawn (the high half), then the metadata
    (lambda tag: field(1, tag) + b"\x42\x0e\x08\x02\x12\x00\x22\x08\x00\x00\x00\x00", field(9, _METADATA)),
]


def _scalar_event(layout: int, tag: bytes, wall_time: float, step: int, value: bytes) -> bytes:
    before, after = _LAYOUTS[layout]
    steps = b"\x10" + varint(step) if step else b""
    return b"\x09" + struct.pack("<d", wall_time) + steps + field(5, field(1, before(tag) + value + after))


_events_strategy = st.lists(
    st.tuples(
        st.integers(0, len(_LAYOUTS) - 1),
        st.sampled_from([b"loss", b"acc", b"a" * 130, b"\xff"]),
        st.floats(allow_nan=False),
        st.integers(-(2**63), 2**63 - 1) | st.integers(0, 300),
        st.binary(min_size=4, max_size=4) | st.sampled_from([b"\x00\x00\xc0\x7f", b"\x00\x00\x80\x7f"]),
        st.none() | st.tuples(st.integers(0, 200), st.integers(0, 255)),  # one byte changed: where, to what
    ),
    min_size=1,
    max_size=12,
)


@pytest.mark.slow
@given(_events_strategy)
def test_the_one_step_scalar_is_what_the_general_reader_gives(tmp_path_factory: Any, specs: List[Any]) -> None:
    records = []
    for layout, tag, wall_time, step, value, change in specs:
        record = bytearray(_scalar_event(layout, tag, wall_time, step, value))
        if change is not None and change[0] < len(record):
            record[change[0]] = change[1]
        records.append(bytes(record))
    path = tmp_path_factory.mktemp("events") / "events.out.tfevents.1"
    path.write_bytes(b"".join(_frame(record) for record in records * 2))  # each layout read again: in one step

    def read() -> Tuple[List[Any], List[Any]]:
        found = tfcollections.events(path)
        return [canonical(event) for event in found], found.skipped

    one_step = read()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(events_module, "_fast_scalar", lambda record: None)
        general = read()
    assert one_step == general


def test_the_one_step_scalar_is_taken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    records = [_scalar_event(layout, b"loss", 1.5, step, struct.pack("<f", step)) for layout in (0, 1, 2)
               for step in range(3)]  # fmt: skip
    path = tmp_path / "events.out.tfevents.1"
    path.write_bytes(b"".join(_frame(record) for record in records))
    parsed: List[bytes] = []
    general = events_module.parse_message
    monkeypatch.setattr(events_module, "parse_message", lambda buf, *rest: parsed.append(buf) or general(buf, *rest))
    found = [(event["kind"], event["plugin"], event["step"], event["value"]) for event in tfcollections.events(path)]
    assert found == [("scalar", "scalars", step, float(step)) for _ in range(3) for step in range(3)]
    assert parsed == [records[0], records[3], records[6]]  # each layout's first record only


# --------------------------------------------------------------------------- damage anywhere

_FILES = sorted(path for path in LOGDIR.rglob("*tfevents*"))


@given(st.sampled_from(_FILES), st.floats(0, 1), st.integers(0, 255), st.booleans())
def test_a_changed_byte_anywhere_is_read_or_named(tmp_path_factory: Any, source: Path, where: float, byte: int,
                                                 cut: bool) -> None:  # fmt: skip
    data = bytearray(source.read_bytes())
    at = min(int(where * len(data)), len(data) - 1)
    if cut:
        del data[at:]
    else:
        data[at] = byte
    path = tmp_path_factory.mktemp("damaged") / "events.out.tfevents.1"
    path.write_bytes(bytes(data))
    found = tfcollections.events(path)  # never raises: what cannot be read is named
    events = list(found)
    assert found.count == len(events)
    assert all(isinstance(item["why"], str) and item["why"] for item in found.skipped)
    for event in events:
        assert event["kind"] in events_module.KINDS
    try:
        assert len(list(tfcollections.events(path, strict=True))) == len(events)  # strict: the same, or an error
    except tfcollections.DecodeError as exc:
        assert str(exc)
        assert found.skipped or found.truncated


def test_cli_progress_on_a_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A long read on a terminal shows how far it has got on stderr, rewritten in place, and clears it at the end.
    source = next(iter(tfcollections.events(LOGDIR, run="^tf2$").runs["tf2"]))
    (tmp_path / "events.out.tfevents.1").write_bytes(Path(source).read_bytes() * 30)  # 1,530 events
    clock = iter(range(0, 10_000, 2))  # two seconds a look: every look draws
    monkeypatch.setattr("tfcollections._cli.progress.time.monotonic", lambda: float(next(clock)))
    status, out, err = _run("events", str(tmp_path), isatty=True)
    assert status == 0 and out.startswith(f"{tmp_path}: 1 run, 1,530 events")
    line = err.split("\x1b[K")[0]  # cut to the terminal's width (79 where it has none, as here)
    assert line.startswith("\rtfcollections events: 1,024 events read: ") and len(line) <= 80
    assert f"\rtfcollections events: 1,024 events read: {tmp_path} (run .)".startswith(line)
    assert err.endswith("\r\x1b[K")
    status, _, err = _run("events", str(tmp_path), isatty=False)
    assert status == 0 and err == ""


# --------------------------------------------------------------------------- forms the writers rarely write


def _tensor_proto(dtype: int, dims: List[int], strings: List[bytes] = (), content: bytes = b"") -> bytes:  # type: ignore[assignment]
    shape = field(2, b"".join(field(2, b"\x08" + varint(dim)) for dim in dims))
    values = b"".join(field(8, value) for value in strings)
    return b"\x08" + varint(dtype) + shape + (field(4, content) if content else b"") + values


def _plugin(name: bytes, content: bytes = b"") -> bytes:
    return field(9, field(1, field(1, name) + (field(2, content) if content else b"")))


def _event(summary_value: bytes = b"", step: int = 1, other: bytes = b"") -> bytes:
    body = field(5, field(1, summary_value)) if summary_value else other
    return b"\x09" + struct.pack("<d", 2.5) + b"\x10" + varint(step) + body


def test_every_odd_form_is_an_event_of_its_kind(tmp_path: Path) -> None:
    value = lambda tag, rest: field(1, tag) + rest  # noqa: E731
    entry = lambda name, json_value: field(1, field(1, name) + field(2, json_value))  # noqa: E731
    number = b"\x11" + struct.pack("<d", 2.0)
    hparams = field(3, entry(b"b", b"\x20\x01") + entry(b"n", b"\x08\x00") + entry(b"s", field(5, entry(b"k", number)))
                    + entry(b"l", field(6, field(1, b"\x1a\x01x"))))  # fmt: skip
    records = [
        _event(other=b""),  # no kind at all
        _event(other=field(6, b"\x08\x14" + field(2, b"a log line"))),  # a log message, INFO
        _event(value(b"old", field(3, b"\x01\x02"))),  # an obsolete histogram
        _event(value(b"nothing", _plugin(b"scalars"))),  # a value of no kind, with a plugin
        _event(value(b"vector", field(8, _tensor_proto(1, [2], content=b"\x00" * 8)) + _plugin(b"scalars"))),
        _event(value(b"pairs", field(8, _tensor_proto(2, [1, 2], content=b"\x00" * 16)) + _plugin(b"histograms"))),
        _event(value(b"notimage", field(8, _tensor_proto(1, [3], content=b"\x00" * 12)) + _plugin(b"images"))),
        _event(value(b"badsize", field(8, _tensor_proto(7, [3], [b"w", b"2", b"\x89PNG"])) + _plugin(b"images"))),
        _event(value(b"clip3", field(8, _tensor_proto(7, [1, 3], [b"a", b"b", b"c"])) + _plugin(b"audio"))),
        _event(value(b"numbers", field(8, _tensor_proto(1, [1], content=b"\x00" * 4)) + _plugin(b"text"))),
        _event(value(b"binary", field(8, _tensor_proto(7, [], [b"\xff\xfe"])) + _plugin(b"text"))),
        _event(value(b"_hparams_/session_start_info", _plugin(b"hparams", hparams))),
        _event(value(b"_hparams_/none", _plugin(b"hparams", b"\x08\x00"))),
        _event(value(b"_hparams_/bad", _plugin(b"hparams", b"\x1a\x05"))),  # content that is no HParamsPluginData
        _event(value(b"variant", field(8, b"\x08\x15" + field(2, b"")))),  # a DT_VARIANT tensor: its proto kept
        _event(value(b"neg", b"\x15" + struct.pack("<f", 1.5)), step=-3),  # a negative step: ten bytes
        b"\x09" + struct.pack("<d", 2.5),  # a wall time only: shorter than any usual scalar
    ]
    path = tmp_path / "events.out.tfevents.1"
    path.write_bytes(b"".join(_frame(record) for record in records))
    found = tfcollections.events(path)
    got = []
    while True:
        try:
            event = next(found)  # the iterator's own __next__
        except StopIteration:
            break
        got.append((event["tag"], event["kind"], event["plugin"], event["value"]))
    assert got[0] == (None, "empty", None, None) and got[-1] == (None, "empty", None, None)
    assert got[1] == (None, "log_message", None, {"level": "INFO", "message": "a log line"})
    kinds = {tag: (kind, plugin) for tag, kind, plugin, _ in got}
    assert kinds["old"] == ("obsolete_histogram", None) and kinds["nothing"] == ("empty", "scalars")
    for tag, plugin in [("vector", "scalars"), ("pairs", "histograms"), ("notimage", "images"), ("badsize", "images"),
                        ("clip3", "audio"), ("numbers", "text"), ("variant", None)]:  # fmt: skip
        assert kinds[tag] == ("tensor", plugin), tag
    values = {tag: found_value for tag, _, _, found_value in got}
    assert values["binary"] == b"\xff\xfe"  # not UTF-8: kept as bytes
    assert values["_hparams_/session_start_info"]["session_start_info"]["hparams"] == {
        "b": True, "n": None, "s": {"k": 2.0}, "l": ["x"]}  # fmt: skip
    assert values["_hparams_/none"] == {}
    assert values["variant"]["dtype"] == "DT_VARIANT"
    assert values["neg"] == 1.5 and [e for e in got if e[0] == "neg"]
    assert [(item["record"], "_hparams_/bad" in item["why"]) for item in found.skipped] == [(13, True)]
    negative = [e for e in tfcollections.events(path, tag="^neg$")]
    assert negative[0]["step"] == -3


def test_cli_shows_each_session_s_hparams() -> None:
    status, out, _ = _run("events", str(LOGDIR), "--run", "^hparams")
    assert status == 0
    assert "  hparams experiment: 3 hyperparameters (learning_rate, optimizer, layers), 1 metric (accuracy)" in out
    assert "  hparams: layers=2, optimizer=sgd, learning_rate=0.1 (group trial-1)" in out.splitlines()  # as written
    status, out, _ = _run("events", str(LOGDIR), "--run", "^torch/hp$")
    assert "  hparams session ended: STATUS_SUCCESS" in out.splitlines()


def test_a_tag_s_plugin_is_its_first_metadata_s_as_tensorboard_keeps_it(tmp_path: Path) -> None:
    value = lambda tag, rest: field(1, tag) + rest  # noqa: E731
    scalar = field(8, _tensor_proto(1, [], content=struct.pack("<f", 0.5)))
    records = [
        _event(value(b"bare", scalar + field(9, field(2, b"shown as")))),  # metadata naming no plugin: ""
        _event(value(b"bare", scalar + _plugin(b"scalars"))),  # a later plugin does not replace it
        _event(value(b"old", b"\x15" + struct.pack("<f", 1.5))),  # a TF 1 scalar: its tag's plugin is scalars
        _event(value(b"old", scalar)),  # so a 0-d tensor of that tag without metadata is a scalar
    ]
    path = tmp_path / "events.out.tfevents.1"
    path.write_bytes(b"".join(_frame(record) for record in records))
    found = [(e["tag"], e["kind"], e["plugin"], e["value"]) for e in tfcollections.events(path)]
    assert found == [("bare", "tensor", "", found[0][3]), ("bare", "tensor", "", found[1][3]),
                     ("old", "scalar", "scalars", 1.5), ("old", "scalar", "scalars", 0.5)]  # fmt: skip


def test_the_command_s_output_in_the_docs_is_what_it_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(DATA.parent.parent)  # the paths as the docs give them
    text = (DATA.parent.parent / "docs" / "events.md").read_text(encoding="utf-8")
    command = "tfcollections events tests/data/events --run '^(tf2|torch/hp)$'"
    shown = text.split(f"$ {command}\n", 1)[1].split("```", 1)[0]
    status, out, _ = _run("events", "tests/data/events", "--run", "^(tf2|torch/hp)$")
    assert status == 0 and out == shown


def test_tags_are_listed_with_their_numbers_as_numbers() -> None:
    # metric_2 before metric_10, as a person (and TensorBoard's tag list) reads them.
    from tfcollections._cli.cells import natural_key

    tags = ["metric_10", "metric_2", "loss", "metric_1", "b10", "b2", "layer_3/w_12", "layer_3/w_4"]
    assert sorted(tags, key=natural_key) == ["b2", "b10", "layer_3/w_4", "layer_3/w_12", "loss", "metric_1",
                                             "metric_2", "metric_10"]  # fmt: skip


def test_cli_a_file_that_does_not_read_is_said_once_after_the_progress_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from tfcollections._cli.progress import Progress

    monkeypatch.setattr(Progress, "DELAY", 0.0)
    monkeypatch.setattr(Progress, "INTERVAL", 0.0)
    damaged = Path(__file__).parent / "data" / "events-damaged" / "events.out.tfevents.5.junk"
    status, out, err = _run("events", str(LOGDIR), str(damaged), isatty=True)
    assert status == 3 and out.startswith(f"{LOGDIR}: ")  # the log still shown
    # Said once the log is read, the path once: "record 0 of PATH" is "record 0" on a line that names PATH.
    assert err.endswith(f"tfcollections events: {damaged}: skipped not an event file: corrupted record at 0: record 0: "
                        "the CRC of its length does not match (at byte 0)\n")  # fmt: skip
    assert err.count(str(damaged)) == 1 and err.count("\n") == 1
