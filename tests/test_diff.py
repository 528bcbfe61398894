# SPDX-License-Identifier: Apache-2.0
"""``diff``: two checkpoints, two models, a model and a checkpoint.

tests/data/checkpoints/diff holds two pairs of checkpoints TensorFlow wrote (tools/generate_checkpoint_fixtures.py
diff): V2 and V1, ``b`` with one variable added, one reshaped and one float changed; ``diff.expected.json`` says
so, with numpy's largest differences of TensorFlow's own values.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest

import tfcollections
from tfcollections import DecodeError

from .helpers import DATA

CHECKPOINTS = DATA / "checkpoints"
EXPECTED: Dict[str, Any] = json.loads((CHECKPOINTS / "diff.expected.json").read_text())


@pytest.mark.parametrize("version", ["v2", "v1"])
def test_pairs_tensorflow_wrote(version: str) -> None:
    a, b = (CHECKPOINTS / prefix for prefix in EXPECTED["pairs"][version])
    found = tfcollections.diff(str(a), str(b))
    assert found["kind"] == "checkpoints" and found["equal"] is False
    tensors = found["tensors"]
    assert (tensors["only_in_a"], tensors["only_in_b"]) == (EXPECTED["only_in_a"], EXPECTED["only_in_b"])
    assert {change["name"]: change["what"] for change in tensors["changed"]} == EXPECTED["changed"]
    assert tensors["same"] == len(EXPECTED["same"])
    # A V2 checkpoint stores each tensor's CRC32C: told apart without reading a value; a V1 one is read.
    assert tensors["compared_by"] == ("crc32c" if version == "v2" else "bytes")
    assert all(change["max_abs_diff"] is None for change in tensors["changed"])
    with_values = tfcollections.diff(str(a), str(b), values=True)["tensors"]
    kernel = next(change for change in with_values["changed"] if change["name"] == "dense/kernel")
    assert kernel["max_abs_diff"] == EXPECTED["max_abs_diff"]["dense/kernel"]
    assert kernel["max_rel_diff"] == EXPECTED["max_rel_diff"]["dense/kernel"]
    assert with_values["compared_by"] == "bytes"
    reshaped = next(change for change in with_values["changed"] if change["name"] == "emb")
    assert (reshaped["a"]["shape"], reshaped["b"]["shape"]) == ([5, 2], [2, 5])
    assert tfcollections.diff(str(a), str(a))["equal"] is True


def test_the_same_values_however_stored() -> None:
    # The same variables saved to one shard and to two: equal by their CRCs, and by their bytes.
    assert tfcollections.diff(CHECKPOINTS / "v2", CHECKPOINTS / "v2_sharded")["equal"] is True
    assert tfcollections.diff(CHECKPOINTS / "v2", CHECKPOINTS / "v2_sharded", values=True)["equal"] is True
    # V1 against V2: V1 cannot hold bfloat16 or the wide unsigned types; the rest are the same values.
    mixed = tfcollections.diff(CHECKPOINTS / "v1", CHECKPOINTS / "v2")["tensors"]
    assert mixed["only_in_b"] == ["floats/bf16", "ints/uint32", "ints/uint64"] and mixed["changed"] == []


def test_models_and_frozen_graphs() -> None:
    frozen = DATA / "files" / "frozen_graph.pb"
    same = tfcollections.diff(frozen, DATA / "files" / "frozen_graph.pbtxt")  # the same graph, binary and text
    assert same["kind"] == "models" and same["equal"] is True and same["tensors"]["same"] == 23
    other = tfcollections.diff(frozen, DATA / "files" / "frozen_regression.pb")
    assert other["equal"] is False and other["ops"] and other["tensors"]["only_in_a"]
    example = DATA.parent.parent / "examples" / "model.meta"
    itself = tfcollections.diff(tfcollections.load(example), example)
    assert itself["equal"] is True and itself["tensors"]["same"] > 0 and itself["collections"]["changed"] == []


def test_a_model_and_a_checkpoint() -> None:
    restore = CHECKPOINTS / "restore"
    same = tfcollections.diff(restore / "same.meta", restore)
    assert same["kind"] == "model and checkpoint" and same["equal"] is True
    reshaped = tfcollections.diff(restore, restore / "reshaped.meta")  # the checkpoint first: the sides swap
    changed = reshaped["tensors"]["changed"]
    assert reshaped["equal"] is False and changed and all(change["what"] == "shape" for change in changed)
    assert changed[0]["a"]["shape"] != changed[0]["b"]["shape"]


def test_trouble_is_an_error_and_exit_status_3(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="no checkpoint"):
        tfcollections.diff(tmp_path / "nothing", CHECKPOINTS / "v2")
    (tmp_path / "junk").write_bytes(b"junk" * 10)
    with pytest.raises(DecodeError):
        tfcollections.diff(tmp_path / "junk", CHECKPOINTS / "v2")
    copy = tmp_path / "v2"
    shutil.copytree(CHECKPOINTS / "v2", copy)
    shard = next(copy.glob("*.data-*"))
    data = bytearray(shard.read_bytes())
    data[-1] ^= 0xFF
    shard.write_bytes(bytes(data))
    with pytest.raises(DecodeError, match="is damaged"):
        tfcollections.diff(copy, CHECKPOINTS / "v2", values=True)
    from .test_cli import _run

    result = _run(["diff", str(tmp_path / "nothing"), "tests/data/checkpoints/v2"])
    assert result.returncode == 3 and result.stderr.decode().count("\n") == 1


def test_the_command_line() -> None:
    from .test_cli import _run

    a, b = (f"tests/data/checkpoints/{prefix}" for prefix in EXPECTED["pairs"]["v2"])
    result = _run(["diff", a, b])
    assert result.returncode == 1
    assert result.stdout.decode().splitlines()[2:] == [
        "only in b (1): extra",
        "changed (2):",
        "  dense/kernel: values differ (float32, (4, 3))",
        "  emb: shape (5, 2) -> (2, 5)",
        "the same: 3 tensors (compared by crc32c)",
    ]
    values = _run(["diff", a, b, "--values"]).stdout.decode()
    assert "  dense/kernel: values differ (float32, (4, 3)): max |a - b| 0.5, max relative 0.995886\n" in values
    assert _run(["diff", a, a]).returncode == 0
    as_json = json.loads(_run(["diff", a, b, "--json"]).stdout)
    assert as_json["tensors"]["only_in_b"] == ["extra"] and as_json["equal"] is False
    assert _run(["diff", a]).returncode == 2


def _write_v2(folder: Path, tensors: Dict[str, Any], slices: Dict[str, Any] = {}) -> Path:  # noqa: B006
    """A V2 checkpoint written here: *tensors* ``{name: (dtype, shape, data)}``; *slices* ``{name: (dtype, shape,
    [(extents, data), ...])}`` for partitioned ones (keys as TensorFlow's OrderedCode writes them)."""
    import struct as packing

    from tfcollections._ckpt.crc32c import crc32c, mask

    from .tables import table

    def entry(fields: Dict[str, Any]) -> bytes:
        return tfcollections.encode_message("BundleEntryProto", fields)

    def shape_of(shape: Any) -> Dict[str, Any]:
        return {"dim": [{"size": n, "name": ""} for n in shape], "unknown_rank": False}

    folder.mkdir(parents=True, exist_ok=True)
    data = bytearray()
    entries = []
    for name, (dtype, shape, raw) in tensors.items():
        entries.append((name.encode(), entry({"dtype": dtype, "shape": shape_of(shape), "offset": len(data),
                                              "size": len(raw), "crc32c": mask(crc32c(raw))})))  # fmt: skip
        data += raw
    for name, (dtype, shape, parts) in slices.items():
        full = entry(
            {
                "dtype": dtype,
                "shape": shape_of(shape),
                "slices": [{"extent": [{"start": s, "length": n} for s, n in extents]} for extents, _ in parts],
            }
        )
        entries.append((name.encode(), full))
        for extents, raw in parts:
            # OrderedCode: 0x00, the name as a string (0x00 0x01 ends it), the rank, each start and length.
            # OrderedCode: the rank as an unsigned number (its length, then its bytes), each start and length as a
            # signed one (under 64: one byte, 0x80 | n).
            key = b"\x00" + name.encode() + b"\x00\x01" + bytes([1, len(extents)])
            for start, length in extents:
                key += bytes([0x80 | start, 0x80 | length])
            entries.append((key, entry({"offset": len(data), "size": len(raw), "crc32c": mask(crc32c(raw))})))
            data += raw
    del packing
    header = tfcollections.encode_message("BundleHeaderProto", {"num_shards": 1, "version": {"producer": 1}})
    prefix = folder / "ckpt"
    Path(f"{prefix}.index").write_bytes(table(sorted([(b"", header), *entries])))
    Path(f"{prefix}.data-00000-of-00001").write_bytes(bytes(data))
    return prefix


def _floats(*values: float) -> bytes:
    import struct

    return struct.pack(f"<{len(values)}f", *values)


def test_values_of_every_kind_and_nans(tmp_path: Path) -> None:
    import struct

    nan = float("nan")
    a = _write_v2(tmp_path / "a", {
        "f": ("DT_FLOAT", [3], _floats(1.0, nan, 3.0)), "same_nan": ("DT_FLOAT", [1], _floats(nan)),
        "bf": ("DT_BFLOAT16", [2], struct.pack("<2H", 0x3FC0, 0x4000)),
        "c": ("DT_COMPLEX64", [1], _floats(1.0, 2.0)), "i": ("DT_INT32", [2], struct.pack("<2i", 1, -5)),
        "d": ("DT_DOUBLE", [1], struct.pack("<d", 0.0)),
    })  # fmt: skip
    b = _write_v2(tmp_path / "b", {
        "f": ("DT_FLOAT", [3], _floats(1.0, 2.0, 3.0)), "same_nan": ("DT_FLOAT", [1], _floats(nan)),
        "bf": ("DT_BFLOAT16", [2], struct.pack("<2H", 0x3FC0, 0x4040)),
        "c": ("DT_COMPLEX64", [1], _floats(1.0, 2.5)), "i": ("DT_INT32", [2], struct.pack("<2i", 1, 5)),
        "d": ("DT_DOUBLE", [1], struct.pack("<d", 0.0)),
    })  # fmt: skip
    found = {change["name"]: change for change in tfcollections.diff(a, b, values=True)["tensors"]["changed"]}
    assert set(found) == {"f", "bf", "c", "i"}
    assert str(found["f"]["max_abs_diff"]) == "nan"  # NaN on one side only
    assert (found["bf"]["max_abs_diff"], found["bf"]["max_rel_diff"]) == (1.0, 1.0 / 3.0)  # 2.0 against 3.0
    assert found["c"]["max_abs_diff"] == 0.5 and found["i"]["max_abs_diff"] == 10
    as_text = _run_diff([str(a), str(b), "--values", "--json"])
    assert '"max_abs_diff": NaN' in as_text  # JSON as Python writes it: the value is not finite


def _run_diff(args: Any) -> str:
    from .test_cli import _run

    return str(_run(["diff", *args]).stdout.decode())


def test_partitioned_variables_and_listings(tmp_path: Path) -> None:
    rows = [([(0, 1), (0, 2)], _floats(1, 2)), ([(1, 1), (0, 2)], _floats(3, 4))]
    a = _write_v2(tmp_path / "a", {}, {"p": ("DT_FLOAT", [2, 2], rows)})
    b = _write_v2(tmp_path / "b", {}, {"p": ("DT_FLOAT", [2, 2], [rows[0], ([(1, 1), (0, 2)], _floats(3, 5))])})
    assert tfcollections.load_checkpoint(a)["tensors"]["p"]["slices"]  # read as partitioned
    by_index = tfcollections.diff(a, b)["tensors"]
    assert [(change["name"], change["what"]) for change in by_index["changed"]] == [("p", "values")]
    assert by_index["same"] == 0
    by_listing = tfcollections.diff(tfcollections.load_checkpoint(a), tfcollections.load_checkpoint(b))["tensors"]
    assert [change["name"] for change in by_listing["changed"]] == ["p"] and by_listing["compared_by"] == "crc32c"
    # Partitioned otherwise (by columns on one side): the slices do not match up, so the values are read.
    cols = [([(0, 2), (0, 1)], _floats(1, 3)), ([(0, 2), (1, 1)], _floats(2, 4))]
    c = _write_v2(tmp_path / "c", {}, {"p": ("DT_FLOAT", [2, 2], cols)})
    assert tfcollections.diff(a, c)["equal"] is True
    assert tfcollections.diff(a, c)["tensors"]["compared_by"] == "crc32c and bytes"
    # The same tensor whole on one side: its values are read.
    whole = _write_v2(tmp_path / "w", {"p": ("DT_FLOAT", [2, 2], _floats(1, 2, 3, 4))})
    assert tfcollections.diff(a, whole)["equal"] is True
    retyped = _write_v2(tmp_path / "r", {"p": ("DT_INT32", [2, 2], bytes(16))})
    assert tfcollections.diff(whole, retyped)["tensors"]["changed"][0]["what"] == "dtype"


def test_models_compared_by_their_variables_and_constants(tmp_path: Path) -> None:
    restore = CHECKPOINTS / "restore"
    reshaped = tfcollections.diff(restore / "same.meta", restore / "reshaped.meta")
    assert reshaped["kind"] == "models" and reshaped["equal"] is False
    assert any(change["what"] == "shape" for change in reshaped["tensors"]["changed"])
    # A constant's value changed in a frozen graph (text: one number edited).
    text = (DATA / "files" / "frozen_graph.pbtxt").read_text()
    edited = tmp_path / "edited.pbtxt"
    assert "float_val: 2.5" in text
    edited.write_text(text.replace("float_val: 2.5", "float_val: 2.75", 1))
    changed = tfcollections.diff(DATA / "files" / "frozen_graph.pbtxt", edited, values=True)["tensors"]["changed"]
    assert len(changed) == 1 and changed[0]["what"] == "values" and changed[0]["max_abs_diff"] == 0.25
    # A model loaded without its graph is loaded again with it; one read from bytes cannot be.
    assert tfcollections.diff(tfcollections.load(restore / "same.meta"), restore / "same.meta")["equal"] is True
    with pytest.raises(ValueError, match="read from bytes"):
        tfcollections.diff(tfcollections.loads((restore / "same.meta").read_bytes()), restore / "same.meta")


def test_a_model_with_a_checkpoint_beside_it_is_the_model_it_names(tmp_path: Path) -> None:
    # diff MODEL.meta CKPT checks CKPT against the model, whatever checkpoint lies beside the .meta (find_checkpoint
    # would take the path for that one): here the model's own checkpoint beside it, and another one given.
    import shutil

    from .test_cli import _run

    shutil.copytree(DATA / "onnx" / "tf1_cnn", tmp_path / "cnn")
    meta, other = tmp_path / "cnn" / "model.ckpt.meta", CHECKPOINTS / "restore" / "model.ckpt"
    result = tfcollections.diff(meta, other)
    assert (result["kind"], result["a"]) == ("model and checkpoint", str(meta))
    assert not result["equal"] and "conv1/kernel" in result["tensors"]["only_in_a"]
    assert tfcollections.diff(meta, tmp_path / "cnn" / "model.ckpt")["equal"]  # its own checkpoint restores
    shown = _run(["diff", str(meta), str(other)])
    assert shown.returncode == 1 and shown.stdout.decode().startswith(f"a: {meta}\nb: {other}\n")


@pytest.mark.parametrize("version", ["v2", "v1"])
def test_values_read_in_batches_tell_their_progress(version: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import tfcollections._ckpt.diff as module

    a, b = (str(CHECKPOINTS / prefix) for prefix in EXPECTED["pairs"][version])
    whole = tfcollections.diff(a, b, values=True)
    monkeypatch.setattr(module, "_BATCH", 1)  # a batch of one tensor each: V2 read tensor by tensor
    seen: List[Tuple[int, int]] = []
    batched = tfcollections.diff(a, b, values=True, progress=lambda done, total: seen.append((done, total)))
    assert batched == whole
    assert seen and seen[-1][0] == seen[-1][1] > 0 and all(x[0] < y[0] for x, y in zip(seen, seen[1:]))
    read = whole["tensors"]["same"] + sum(change["what"] == "values" for change in whole["tensors"]["changed"])
    assert len(seen) == (read if version == "v2" else 1)  # a V1 file is walked once, all its tensors read then


def test_the_command_line_shows_the_values_progress_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    from tfcollections._cli.progress import Progress

    from .test_cli import _run

    monkeypatch.setattr(Progress, "DELAY", 0.0)
    monkeypatch.setattr(Progress, "INTERVAL", 0.0)
    a, b = (str(CHECKPOINTS / prefix) for prefix in EXPECTED["pairs"]["v2"])
    shown = _run(["diff", a, b, "--values"], terminal=True)
    assert shown.returncode == 1 and b"\rtfcollections diff: [" in shown.stderr and b" read" in shown.stderr
    assert shown.stderr.endswith(b"\r\x1b[K")
    for quiet in (["-q"], ["--json"]):
        assert _run(["diff", a, b, "--values", *quiet], terminal=True).stderr == b""
    assert _run(["diff", a, b, "--values"]).stderr == b""  # a pipe: none


def test_two_listings_compare_as_their_paths_do() -> None:
    # What load_checkpoint returned is compared entry by entry (no raw index walk): the same answer as by path.
    a, b = (str(CHECKPOINTS / prefix) for prefix in EXPECTED["pairs"]["v2"])
    by_path = tfcollections.diff(a, b)
    assert tfcollections.diff(tfcollections.load_checkpoint(a), tfcollections.load_checkpoint(b)) == by_path


def test_the_command_line_says_what_two_models_differ_in() -> None:
    from .test_cli import _run

    done = _run(["diff", "examples/model.meta", "tests/data/files/graph_scan.meta"])
    out = done.stdout.decode()
    assert done.returncode == 1 and "op Switch: 19 -> 0" in out and "op StatelessWhile: 0 -> 2" in out
    assert "collections only in b: 0/iterators" in out and "collections changed: 0/train_op" in out
