# SPDX-License-Identifier: Apache-2.0
"""Weights out: ``export`` to safetensors and ``.npz``, read back by the real ``safetensors`` and ``numpy``.

The checkpoints of tests/data/checkpoints were written by TensorFlow (every dtype it writes, bfloat16,
partitioned variables split by rows and by columns, sharded, V1, TF 2 object-based); each ``*.expected.json``
holds TensorFlow's own reading of every tensor. An export read back must equal it, value for value. The
read-back tests need the ``export`` test group (numpy, safetensors, ml_dtypes for bfloat16), which CI installs;
the others need nothing.
"""

from __future__ import annotations

import io
import json
import os
import re
import struct
import zipfile
from pathlib import Path
from typing import Any, Dict, List

import pytest

import tfcollections
from tfcollections import DecodeError
from tfcollections._ckpt.writers import npy_header

from .helpers import DATA, _revive, complex_as_pairs, same

CHECKPOINTS = DATA / "checkpoints"
CASES = ["v2", "v2_sharded", "v1", "v1_sharded", "tf2", "objects", "keras2", "keras3", "save_weights", "saved_model",
         "bert_like"]  # fmt: skip


def _expected(name: str) -> Dict[str, Any]:
    document = json.loads((CHECKPOINTS / f"{name}.expected.json").read_text(encoding="utf-8"))
    return {key: {**t, "values": _revive(t["values"])} for key, t in document["tensors"].items()}


def _safetensors_header(path: Path) -> Dict[str, Any]:
    data = path.read_bytes()
    (length,) = struct.unpack("<Q", data[:8])
    header: Dict[str, Any] = json.loads(data[8 : 8 + length])
    return header


def _as_values(array: Any, dtype: str) -> Any:
    import numpy

    if dtype == "DT_BFLOAT16":
        import ml_dtypes

        array = array.view(ml_dtypes.bfloat16) if array.dtype == numpy.uint16 else array
        array = array.astype(numpy.float32)
    return complex_as_pairs(array.tolist())


@pytest.mark.parametrize("case", CASES)
def test_safetensors_read_back_equals_tensorflows_reading(case: str, tmp_path: Path) -> None:
    pytest.importorskip("ml_dtypes")  # registers bfloat16 with numpy, which safetensors.numpy needs for BF16
    from safetensors.numpy import load_file

    expected = _expected(case)
    out = tmp_path / "model.safetensors"
    report = tfcollections.export(CHECKPOINTS / case, out)
    loaded = load_file(str(out))
    assert sorted(loaded) == sorted(entry["name"] for entry in report["tensors"])
    for entry in report["tensors"]:
        want = expected[entry["key"]]
        array = loaded[entry["name"]]
        assert list(array.shape) == want["shape"] == entry["shape"], entry["key"]
        assert same(_as_values(array, want["dtype"]), want["values"]), entry["key"]
    # What is left out is what safetensors cannot hold, and strings.
    for left in report["left_out"]:
        assert expected[left["key"]]["dtype"] in ("DT_STRING", "DT_COMPLEX128"), left
    assert {entry["key"] for entry in report["tensors"]} | {left["key"] for left in report["left_out"]} == set(expected)
    header = _safetensors_header(out)
    prefix = tfcollections.load_checkpoint(CHECKPOINTS / case)["prefix"]
    assert header["__metadata__"]["format"] == "tf" and header["__metadata__"]["source"] == report["source"] == prefix


@pytest.mark.parametrize("case", CASES)
def test_npz_read_back_equals_tensorflows_reading(case: str, tmp_path: Path) -> None:
    numpy = pytest.importorskip("numpy")
    pytest.importorskip("ml_dtypes")
    expected = _expected(case)
    out = tmp_path / "model.npz"
    report = tfcollections.export(CHECKPOINTS / case, out, bfloat16_as_uint16=True)
    with numpy.load(out) as archive:  # no pickle: allow_pickle stays False
        assert sorted(archive.files) == sorted(entry["name"] for entry in report["tensors"])
        for entry in report["tensors"]:
            want = expected[entry["key"]]
            array = archive[entry["name"]]
            assert list(array.shape) == want["shape"], entry["key"]
            assert same(_as_values(array, want["dtype"]), want["values"]), entry["key"]
    assert all(expected[left["key"]]["dtype"] == "DT_STRING" for left in report["left_out"])


def test_bfloat16_into_npz_is_refused_naming_the_tensors(tmp_path: Path) -> None:
    out = tmp_path / "v2.npz"
    with pytest.raises(ValueError, match=r"NumPy has no bfloat16, and 1 tensor\(s\) are bfloat16: floats/bf16"):
        tfcollections.export(CHECKPOINTS / "v2", out)
    assert not out.exists() and os.listdir(tmp_path) == []


def test_names_scopes_slots_and_renames(tmp_path: Path) -> None:
    out = tmp_path / "k.safetensors"
    keys = tfcollections.export(CHECKPOINTS / "keras2", out)
    assert any(".OPTIMIZER_SLOT/" in entry["name"] for entry in keys["tensors"])
    weights = tfcollections.export(CHECKPOINTS / "keras2", out, force=True, no_slots=True, names="full_name")
    names = [entry["name"] for entry in weights["tensors"]]
    assert "hidden/kernel" in names and not any("/m" in name or name.startswith("Adam") for name in names)
    why = {left["key"]: left["why"] for left in weights["left_out"]}
    assert why["optimizer/iter/.ATTRIBUTES/VARIABLE_VALUE"] == "an optimizer slot or training counter (no_slots)"
    tf2 = tfcollections.export(CHECKPOINTS / "tf2", tmp_path / "t.safetensors", no_slots=True)
    assert {
        "key": "save_counter/.ATTRIBUTES/VARIABLE_VALUE",
        "why": why["optimizer/iter/.ATTRIBUTES/VARIABLE_VALUE"],
    } in (tf2["left_out"])
    objects = tfcollections.export(CHECKPOINTS / "keras2", out, force=True, no_slots=True, names="object",
                                   scope="layer_with_weights-0",
                                   rename=[(r"^layer_with_weights-(\d+)/", r"layers.\1.")])  # fmt: skip
    assert sorted(entry["name"] for entry in objects["tensors"]) == ["layers.0.bias", "layers.0.kernel"]
    # A TF 1 checkpoint: slots and counters by their names; a pattern as the scope.
    v2 = tfcollections.export(CHECKPOINTS / "v2", tmp_path / "v2.safetensors", no_slots=True, scope=re.compile("ints/"))
    assert [entry["name"] for entry in v2["tensors"]] == [
        "ints/int16", "ints/int32", "ints/int64", "ints/int8", "ints/uint16", "ints/uint32", "ints/uint64", "ints/uint8"
    ]  # fmt: skip
    with pytest.raises(ValueError, match=r"would both be exported as 'x'"):
        tfcollections.export(CHECKPOINTS / "v2", tmp_path / "x.safetensors", rename=[("^.*$", "x")])


def test_safetensors_layout_header_and_alignment(tmp_path: Path) -> None:
    out = tmp_path / "v2.safetensors"
    tfcollections.export(CHECKPOINTS / "v2", out)
    data = out.read_bytes()
    (length,) = struct.unpack("<Q", data[:8])
    assert length % 8 == 0 and data[8:9] == b"{"
    header = json.loads(data[8 : 8 + length])
    sizes = {"F64": 8, "I64": 8, "U64": 8, "C64": 8, "F32": 4, "I32": 4, "U32": 4, "F16": 2, "BF16": 2, "I16": 2,
             "U16": 2, "I8": 1, "U8": 1, "BOOL": 1}  # fmt: skip
    spans = sorted((info["data_offsets"], info["dtype"]) for name, info in header.items() if name != "__metadata__")
    position = 0
    for (begin, end), dtype in spans:
        assert begin == position and begin % sizes[dtype] == 0  # contiguous, each aligned to its element size
        position = end
    assert 8 + length + position == len(data)


def test_npy_headers_are_numpys() -> None:
    header = npy_header("DT_FLOAT", (3, 4))
    assert header.startswith(b"\x93NUMPY\x01\x00") and len(header) % 64 == 0
    assert header[10:].decode("latin-1").rstrip() == "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }"
    assert b"'shape': (2,)" in npy_header("DT_INT8", (2,)) and b"'shape': ()" in npy_header("DT_BOOL", ())


def test_a_damaged_shard_stops_the_export_and_leaves_nothing(tmp_path: Path) -> None:
    import shutil

    copy = tmp_path / "ckpt"
    shutil.copytree(CHECKPOINTS / "v2", copy)
    shard = next(copy.glob("*.data-*"))
    listing = tfcollections.load_checkpoint(copy)
    where = listing["tensors"]["floats/f32"]
    data = bytearray(shard.read_bytes())
    offset = where["offset"]
    assert offset is not None
    data[offset + 5] ^= 0x40
    shard.write_bytes(bytes(data))
    out = tmp_path / "out" / "model.safetensors"
    out.parent.mkdir()
    with pytest.raises(DecodeError, match=r"'floats/f32' is damaged: the CRC32C of its 48 bytes"):
        tfcollections.export(copy, out)
    assert os.listdir(out.parent) == []  # no file under the name asked for, and no temporary one left
    # Unverified, it is written (what the bytes are, as read_tensor(verify=False) gives them).
    assert tfcollections.export(copy, out, verify=False)["tensors"]
    # A partitioned variable's slice damaged: named too.
    part = listing["tensors"]["part_cols"]["slices"][1]
    data[part["offset"]] ^= 0x01
    shard.write_bytes(bytes(data))
    with pytest.raises(DecodeError, match=r"'part_cols' is damaged"):
        tfcollections.export(copy, out, force=True, scope="part_cols")


def test_existing_outputs_missing_shards_and_unwritable_places(tmp_path: Path) -> None:
    out = tmp_path / "m.safetensors"
    out.write_bytes(b"keep me")
    with pytest.raises(FileExistsError, match="exists"):
        tfcollections.export(CHECKPOINTS / "v2", out)
    assert out.read_bytes() == b"keep me"
    assert tfcollections.export(CHECKPOINTS / "v2", out, force=True)["format"] == "safetensors"
    with pytest.raises(OSError, match="cannot write a file there"):
        tfcollections.export(CHECKPOINTS / "v2", tmp_path / "no" / "such" / "m.safetensors")
    with pytest.raises(ValueError, match="cannot tell the format"):
        tfcollections.export(CHECKPOINTS / "v2", tmp_path / "m.bin")
    with pytest.raises(ValueError, match="names must be one of key, object, full_name"):
        tfcollections.export(CHECKPOINTS / "v2", out, force=True, names="nope")
    import shutil

    copy = tmp_path / "ckpt"
    shutil.copytree(CHECKPOINTS / "v2_sharded", copy)
    next(copy.glob("*.data-00001-*")).unlink()
    with pytest.raises(DecodeError, match="which is missing"):
        tfcollections.export(copy, tmp_path / "s.safetensors")


def test_a_frozen_graphs_constants(tmp_path: Path) -> None:
    numpy = pytest.importorskip("numpy")
    frozen = DATA / "files" / "frozen_graph.pb"
    values = json.loads((DATA / "files" / "frozen_graph.constants.json").read_text())["constants"]
    report = tfcollections.export(frozen, tmp_path / "f.npz", bfloat16_as_uint16=True)
    with numpy.load(tmp_path / "f.npz") as archive:
        for entry in report["tensors"]:
            assert archive[entry["name"]].tobytes().hex() == values[entry["key"]]["values"], entry["key"]
    assert {left["key"] for left in report["left_out"]} == {"c/strings", "c/splat_string"}


def test_the_command_line(tmp_path: Path) -> None:
    from .test_cli import _run

    out = tmp_path / "v2.safetensors"
    result = _run(["export", "tests/data/checkpoints/v2", str(out), "--no-slots"])
    assert result.returncode == 0, result.stderr
    text = result.stdout.decode()
    assert text.startswith(f"{out}: safetensors, 19 tensors, ") and "  global_step: an optimizer slot" in text
    again = _run(["export", "tests/data/checkpoints/v2", str(out)])
    assert again.returncode == 1 and again.stderr.decode().count("\n") == 1 and "exists" in again.stderr.decode()
    as_json = json.loads(_run(["export", "tests/data/checkpoints/v2", str(out), "--force", "--json"]).stdout)
    assert as_json["format"] == "safetensors" and len(as_json["tensors"]) == 20
    usage = _run(["export", "tests/data/checkpoints/v2", str(out), "--scope", "("])
    assert usage.returncode == 2 and "not a valid regular expression" in usage.stderr.decode()
    renamed = _run(["export", "tests/data/checkpoints/v2", str(tmp_path / "r.npz"), "--rename", "^ints/", "i.",
                    "--scope-boundary", "ints", "--json"])  # fmt: skip
    assert sorted(entry["name"] for entry in json.loads(renamed.stdout)["tensors"])[:2] == ["i.int16", "i.int32"]


def test_a_progress_bar_on_a_terminal_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tfcollections._cli.progress import Progress

    from .test_cli import _run

    monkeypatch.setattr(Progress, "DELAY", 0.0)  # shown at once, every time (a real export shows it after 1 s)
    monkeypatch.setattr(Progress, "INTERVAL", 0.0)
    quiet = _run(["export", "tests/data/checkpoints/v2", str(tmp_path / "a.safetensors")])
    assert quiet.stderr == b""
    shown = _run(["export", "tests/data/checkpoints/v2", str(tmp_path / "b.safetensors")], terminal=True)
    assert b"\rtfcollections export: [#####" in shown.stderr and b"100.0% 420 B of 420 B" in shown.stderr
    assert shown.stderr.endswith(b"\r\x1b[K")  # cleared at the end
    asked = _run(["export", "tests/data/checkpoints/v2", str(tmp_path / "c.safetensors"), "-q"], terminal=True)
    assert asked.stderr == b""
    seen: List[Any] = []
    tfcollections.export(
        CHECKPOINTS / "v2", tmp_path / "d.safetensors", progress=lambda done, total: seen.append((done, total))
    )
    report = tfcollections.load_checkpoint(CHECKPOINTS / "v2")
    assert seen and seen[-1][0] == seen[-1][1] > 0 and all(a[0] <= b[0] for a, b in zip(seen, seen[1:]))
    assert seen[-1][1] < sum(t["size"] or 0 for t in report["tensors"].values())  # strings and complex128 left out


def test_zip_entries_are_stored_as_numpy_savez_writes_them(tmp_path: Path) -> None:
    out = tmp_path / "m.npz"
    tfcollections.export(CHECKPOINTS / "tf2", out)
    with zipfile.ZipFile(out) as archive:
        infos = archive.infolist()
        assert infos and all(
            info.compress_type == zipfile.ZIP_STORED and info.filename.endswith(".npy") for info in infos
        )
        first = archive.read(infos[0])
        assert first.startswith(b"\x93NUMPY") and io.BytesIO(first).read(6) == b"\x93NUMPY"


def test_the_readmes_migration_recipe(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The README's lines, run as they are on a checkpoint named as BERT's (with AdamWeightDecay's slots), torch's
    # loader stood in for by numpy's (the same file format; torch is no test dependency).
    pytest.importorskip("safetensors")
    import sys
    import types

    import safetensors.numpy

    readme = (DATA.parent.parent / "README.md").read_text()
    block = readme.split("```python\nimport tfcollections, safetensors.torch\n", 1)[1].split("```", 1)[0]
    code = "import tfcollections, safetensors.torch\n" + block
    code = code.replace('"bert_model.ckpt"', repr(str(CHECKPOINTS / "bert_like" / "bert_model.ckpt")))
    code = code.replace('"bert.safetensors"', repr(str(tmp_path / "bert.safetensors")))
    stand_in = types.ModuleType("safetensors.torch")
    stand_in.load_file = safetensors.numpy.load_file  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "safetensors.torch", stand_in)
    monkeypatch.setattr(safetensors, "torch", stand_in, raising=False)
    scope: Dict[str, Any] = {}
    exec(compile(code, "README.md", "exec"), scope)
    expected = _expected("bert_like")
    assert sorted(scope["state_dict"]) == [
        "bert.embeddings.word_embeddings", "bert.pooler.dense.kernel", "encoder.layer.0.attention.self.query.bias",
        "encoder.layer.0.attention.self.query.kernel", "encoder.layer.1.output.dense.kernel",
    ]  # fmt: skip
    kernel = scope["state_dict"]["encoder.layer.0.attention.self.query.kernel"]
    assert kernel.tolist() == expected["bert/encoder/layer_0/attention/self/query/kernel"]["values"]


def test_sources_and_options_as_given(tmp_path: Path) -> None:
    listing = tfcollections.load_checkpoint(CHECKPOINTS / "restore")
    by_listing = tfcollections.export(listing, tmp_path / "a.bin", format="safetensors")
    assert by_listing["format"] == "safetensors" and (tmp_path / "a.bin").exists()
    model = tfcollections.load(DATA / "files" / "frozen_graph.pb")
    assert tfcollections.export(model, tmp_path / "m.safetensors")["tensors"]
    with pytest.raises(ValueError, match="format must be 'safetensors' or 'npz', not 'hdf5'"):
        tfcollections.export(listing, tmp_path / "b.bin", format="hdf5")
    with pytest.raises(TypeError, match="source must be a path"):
        tfcollections.export({"nothing": 1}, tmp_path / "c.safetensors")  # type: ignore[arg-type]
    (tmp_path / "junk").write_bytes(b"junk" * 8)
    with pytest.raises(DecodeError):
        tfcollections.export(tmp_path / "junk", tmp_path / "d.safetensors")
    assert os.listdir(tmp_path) == ["a.bin", "m.safetensors", "junk"] or sorted(os.listdir(tmp_path)) == sorted(
        ["a.bin", "m.safetensors", "junk"]
    )


def test_partitioned_variables_into_npz_and_damaged_layouts(tmp_path: Path) -> None:
    numpy = pytest.importorskip("numpy")
    from .test_diff import _floats, _write_v2

    cols = [([(0, 2), (0, 1)], _floats(1, 3)), ([(0, 2), (1, 1)], _floats(2, 4))]
    prefix = _write_v2(tmp_path / "c", {"s": ("DT_STRING", [], b"\x00" * 5)}, {"p": ("DT_FLOAT", [2, 2], cols)})
    report = tfcollections.export(prefix, tmp_path / "p.npz")
    with numpy.load(tmp_path / "p.npz") as archive:
        assert archive["p"].tolist() == [[1.0, 2.0], [3.0, 4.0]]
    assert report["left_out"] == [{"key": "s", "why": "a string tensor: not weights"}]
    # Slices that leave a gap, or whose sizes are not their extents': named.
    gap = _write_v2(tmp_path / "g", {}, {"p": ("DT_FLOAT", [2, 2], [cols[0], ([(0, 2), (1, 1)], _floats(2))])})
    with pytest.raises(DecodeError, match="'p': a slice of 4 bytes for \\[2, 1\\]"):
        tfcollections.export(gap, tmp_path / "g.safetensors")
    assert not (tmp_path / "g.safetensors").exists()
    short = _write_v2(tmp_path / "s", {"w": ("DT_FLOAT", [2], _floats(1, 2))})
    Path(f"{short}.data-00000-of-00001").write_bytes(_floats(1))
    with pytest.raises(DecodeError, match="lie past the end of its data shard"):
        tfcollections.export(short, tmp_path / "s.safetensors")
    wrong = _write_v2(tmp_path / "w", {"w": ("DT_FLOAT", [3], _floats(1, 2))})
    with pytest.raises(DecodeError, match="'w': 8 bytes in the checkpoint for 12 of DT_FLOAT \\[3\\]"):
        tfcollections.export(wrong, tmp_path / "w.safetensors")


def test_the_command_lines_other_answers(tmp_path: Path) -> None:
    from .test_cli import _run

    assert _run(["export", "--help"]).returncode == 0
    usage = _run(["export", "only-one-argument"])
    assert usage.returncode == 2 and usage.stderr.decode().startswith("tfcollections export: usage error:")
    bad = _run(["export", "tests/data/checkpoints/v2", str(tmp_path / "x.safetensors"), "--rename", "(", "x"])
    assert bad.returncode == 2
    big = _run(["export", "tests/data/checkpoints/v2", str(tmp_path / "v.npz"), "--bfloat16-as-uint16"], terminal=True)
    assert big.returncode == 0 and big.stderr == b""  # done within the second before a progress line shows
    failed = _run(["export", "tests/data/checkpoints/v2", str(tmp_path / "v.npz")], terminal=True)
    assert failed.returncode == 1 and "exists" in failed.stderr.decode()
    assert _run(["diff", "--help"]).returncode == 0


def test_a_models_weights_are_its_checkpoints_not_its_graphs_constants(tmp_path: Path) -> None:
    # A meta graph's variables are restored from a checkpoint: its graph's constants (zeros, gradients' shapes, a
    # saver's names) are no weights. With a checkpoint beside it, that checkpoint is exported; without, nothing is.
    import shutil

    from .test_cli import _run

    shutil.copy(DATA.parent.parent / "examples" / "model.meta", tmp_path / "model.meta")
    with pytest.raises(DecodeError, match=r"model.meta is a MetaGraphDef whose weights are its variables, restored "
                                          r"from a checkpoint, and no checkpoint is beside it"):  # fmt: skip
        tfcollections.export(tmp_path / "model.meta", tmp_path / "w.safetensors")
    with pytest.raises(DecodeError, match="no checkpoint is beside it"):  # what load returned: the same
        tfcollections.export(tfcollections.load(tmp_path / "model.meta"), tmp_path / "w.safetensors")
    result = _run(["export", str(tmp_path / "model.meta"), str(tmp_path / "w.safetensors")])
    assert result.returncode == 3 and result.stdout == b"" and result.stderr.decode().count("\n") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model.meta"]
    model = DATA / "onnx" / "tf1_cnn" / "model.ckpt.meta"
    report = tfcollections.export(model, tmp_path / "cnn.safetensors")
    assert report["source"].endswith("tf1_cnn/model.ckpt")  # the checkpoint beside the model
    listed = tfcollections.load_checkpoint(DATA / "onnx" / "tf1_cnn" / "model.ckpt")["tensors"]
    assert sorted(entry["key"] for entry in report["tensors"]) == sorted(listed)
