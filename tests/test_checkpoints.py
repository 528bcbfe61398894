# SPDX-License-Identifier: Apache-2.0
"""Checkpoints: load_checkpoint and read_tensor against what TensorFlow wrote and reads back.

The fixtures of tests/data/checkpoints were written by TensorFlow 2.21 (tools/generate_checkpoint_fixtures.py),
each with TensorFlow's own reading of it (list_variables, the dtype map, get_tensor's values). The cases
TensorFlow never writes (damage, snappy blocks, hostile tables) are built by tests/tables.py.
"""

from __future__ import annotations

import json
import shutil
import struct
from pathlib import Path
from typing import Any, Dict, List

import pytest

import tfcollections
from tfcollections import DecodeError
from tfcollections._ckpt import crc32c as _crc32c
from tfcollections._ckpt.crc32c import crc32c, mask

from .helpers import DATA, _revive, complex_as_pairs, same
from .tables import block, table

CHECKPOINTS = DATA / "checkpoints"
# Each a checkpoint with TensorFlow's reading of it; restore.expected.json holds TensorFlow's restore verdicts.
EXPECTED = sorted(path for path in CHECKPOINTS.glob("*.expected.json")
                  if path.name not in ("restore.expected.json", "diff.expected.json"))  # fmt: skip


def _expected(path: Path) -> Dict[str, Any]:
    document = json.loads(path.read_text(encoding="utf-8"))
    document["tensors"] = {name: {**t, "values": _revive(t["values"])} for name, t in document["tensors"].items()}
    return document


def test_there_are_fixtures_of_every_kind() -> None:
    assert {path.name.split(".")[0] for path in EXPECTED} == {
        "bert_like",
        "v1",
        "v1_sharded",
        "v2",
        "v2_sharded",
        "tf2",
        "saved_model",
        "objects",
        "keras2",
        "keras3",
        "save_weights",
        "keras3_nested",
        "keras2_nested",
        "module_dict",
        "resources",
    }


@pytest.mark.parametrize("expected_path", EXPECTED, ids=lambda path: path.name.split(".")[0])
def test_load_checkpoint_and_read_tensor_equal_tensorflows_reading(expected_path: Path) -> None:
    expected = _expected(expected_path)
    listing = tfcollections.load_checkpoint(CHECKPOINTS / expected["prefix"])
    assert listing["format"] == ("V1" if expected_path.name.startswith("v1") else "V2")
    assert sorted(listing["tensors"]) == sorted(expected["tensors"])  # slices are not tensors of their own
    for name, want in expected["tensors"].items():
        got = listing["tensors"][name]
        assert (got["dtype"], got["shape"]) == (want["dtype"], want["shape"]), name
        if want["values"] is None:  # a DT_VARIANT (an iterator's state): TensorFlow's reader gives no value either
            with pytest.raises(DecodeError, match="is a DT_VARIANT tensor: only numbers, booleans and strings"):
                tfcollections.read_tensor(listing, name)
            continue
        tensor = tfcollections.read_tensor(listing, name)
        assert (tensor.dtype, list(tensor.shape)) == (want["dtype"], want["shape"])
        assert same(complex_as_pairs(tensor.tolist()), want["values"]), name


@pytest.mark.parametrize("expected_path", EXPECTED, ids=lambda path: path.name.split(".")[0])
@pytest.mark.parametrize("lanes", [False, True], ids=["as-is", "lanes"])
def test_read_tensors_reads_every_tensor_as_tensorflow_does(
    monkeypatch: pytest.MonkeyPatch, expected_path: Path, lanes: bool
) -> None:
    # Every tensor in one call, each file read once and the CRCs computed together. The fixtures are small:
    # with lanes, crc32c_many lays every one of them out in lanes, as it does for a real checkpoint.
    if lanes:
        monkeypatch.setattr(_crc32c, "_MANY_LANES_FROM", 0)
        monkeypatch.setattr(_crc32c, "_MANY_FROM", 0)
    expected = _expected(expected_path)
    listing = tfcollections.load_checkpoint(CHECKPOINTS / expected["prefix"])
    unreadable = [name for name, want in expected["tensors"].items() if want["values"] is None]
    if unreadable:
        with pytest.raises(DecodeError, match="is a DT_VARIANT tensor"):
            tfcollections.read_tensors(listing)
    names = [name for name in listing["tensors"] if name not in unreadable]
    tensors = tfcollections.read_tensors(listing, names)
    assert list(tensors) == names  # the checkpoint's order
    for name, want in expected["tensors"].items():
        if name in unreadable:
            continue
        tensor = tensors[name]
        assert (tensor.dtype, list(tensor.shape)) == (want["dtype"], want["shape"])
        assert same(complex_as_pairs(tensor.tolist()), want["values"]), name


def test_read_tensors_takes_names_in_their_order() -> None:
    prefix = CHECKPOINTS / "v2"
    tensors = tfcollections.read_tensors(prefix, ["text/names", "floats/f32", "text/names"])
    assert list(tensors) == ["text/names", "floats/f32"]  # as given, each once
    assert tensors["floats/f32"].tobytes() == tfcollections.read_tensor(prefix, "floats/f32").tobytes()
    assert tfcollections.read_tensors(prefix, iter(())) == {}
    with pytest.raises(KeyError, match="'nope' is not in checkpoint"):
        tfcollections.read_tensors(prefix, ["floats/f32", "nope"])
    with pytest.raises(TypeError, match="names is a list of tensor names, not one name"):
        tfcollections.read_tensors(prefix, "floats/f32")
    with pytest.raises(TypeError, match="the tensor's name is a str"):
        tfcollections.read_tensor(prefix, ["floats/f32"])  # type: ignore[arg-type]


def test_a_v2_listing_says_where_each_tensor_lies() -> None:
    listing = tfcollections.load_checkpoint(CHECKPOINTS / "v2" / "model.ckpt-7")
    assert listing["header"]["num_shards"] == 1 and listing["header"]["endianness"] == "LITTLE"
    kernel = listing["tensors"]["floats/f32"]
    assert (kernel["shard"], kernel["size"]) == (0, 48) and isinstance(kernel["crc32c"], int)
    data = (CHECKPOINTS / "v2" / "model.ckpt-7.data-00000-of-00001").read_bytes()
    assert mask(crc32c(data[kernel["offset"] : kernel["offset"] + 48])) == kernel["crc32c"]
    part = listing["tensors"]["part"]
    assert part["shape"] == [10, 3] and part["offset"] is None
    assert [(s["start"], s["length"]) for s in part["slices"]] == [([0, 0], [4, 3]), ([4, 0], [3, 3]),
                                                                   ([7, 0], [3, 3])]  # fmt: skip
    columns = listing["tensors"]["part_cols"]["slices"]
    assert [(s["start"], s["length"]) for s in columns] == [([0, 0], [2, 3]), ([0, 3], [2, 3])]
    assert all(s["shard"] == 0 and s["size"] > 0 and isinstance(s["crc32c"], int) for s in columns)


def test_sharded_saves_read_from_both_shards() -> None:
    listing = tfcollections.load_checkpoint(CHECKPOINTS / "v2_sharded" / "model.ckpt-7")
    assert listing["header"]["num_shards"] == 2
    assert {t["shard"] for t in listing["tensors"].values() if t["shard"] is not None} == {0, 1}


def test_every_path_a_checkpoint_is_held_by() -> None:
    prefix = CHECKPOINTS / "v2" / "model.ckpt-7"
    for path in (prefix, f"{prefix}.index", f"{prefix}.data-00000-of-00001", CHECKPOINTS / "v2"):
        listing = tfcollections.load_checkpoint(path)
        assert listing["prefix"] == str(prefix)
    assert tfcollections.load_checkpoint(CHECKPOINTS / "v2")["located"].startswith("the latest checkpoint")
    saved_model = tfcollections.load_checkpoint(CHECKPOINTS / "saved_model")
    assert saved_model["prefix"] == str(CHECKPOINTS / "saved_model" / "variables" / "variables")
    assert saved_model["located"] == "the variables of the directory's SavedModel"
    v1 = tfcollections.load_checkpoint(CHECKPOINTS / "v1")
    assert (v1["format"], v1["prefix"]) == ("V1", str(CHECKPOINTS / "v1" / "model.ckpt-7"))


def test_the_tf2_checkpoint_keys_are_listed_as_written() -> None:
    names = tfcollections.load_checkpoint(CHECKPOINTS / "tf2")["tensors"]
    assert "_CHECKPOINTABLE_OBJECT_GRAPH" in names
    assert "step/.ATTRIBUTES/VARIABLE_VALUE" in names
    graph = tfcollections.read_tensor(CHECKPOINTS / "tf2", "_CHECKPOINTABLE_OBJECT_GRAPH")
    assert graph.shape == () and isinstance(graph.tolist(), bytes)


def test_a_tensor_gives_its_bytes_and_the_array_interface() -> None:
    tensor = tfcollections.read_tensor(CHECKPOINTS / "v2", "floats/f32")
    assert tensor.tobytes() == struct.pack("<12f", *[i / 8 for i in range(12)])
    interface = tensor.__array_interface__
    assert (interface["shape"], interface["typestr"], interface["version"]) == ((3, 4), "<f4", 3)
    assert bytes(interface["data"]) == tensor.tobytes()  # a view of the mapped shard: numpy copies nothing
    assert isinstance(interface["data"], memoryview)
    assert repr(tensor) == "Tensor(dtype='DT_FLOAT', shape=(3, 4))"
    empty = tfcollections.read_tensor(CHECKPOINTS / "v2", "empty_inner")
    assert (empty.tolist(), empty.tobytes(), empty.size) == ([[], []], b"", 0)
    names = tfcollections.read_tensor(CHECKPOINTS / "v2", "text/names")
    assert names.tobytes() == b"ab\xff\x00cde"
    with pytest.raises(AttributeError, match="DT_STRING"):
        names.__array_interface__  # noqa: B018
    assert tfcollections.read_tensor(CHECKPOINTS / "v2", "floats/bf16").__array_interface__["typestr"] == "<V2"


def test_a_name_the_checkpoint_does_not_have() -> None:
    with pytest.raises(KeyError, match="'nope' is not in checkpoint"):
        tfcollections.read_tensor(CHECKPOINTS / "v2", "nope")


# --------------------------------------------------------------------------- damage and errors


def _copy(tmp_path: Path, name: str = "v2") -> Path:
    shutil.copytree(CHECKPOINTS / name, tmp_path / name)
    return tmp_path / name / "model.ckpt-7"


def test_a_damaged_tensor_is_named(tmp_path: Path) -> None:
    prefix = _copy(tmp_path)
    listing = tfcollections.load_checkpoint(prefix)
    offset = listing["tensors"]["floats/f64"]["offset"]
    shard = Path(f"{prefix}.data-00000-of-00001")
    data = bytearray(shard.read_bytes())
    data[offset + 3] ^= 0x10
    shard.write_bytes(bytes(data))
    with pytest.raises(tfcollections.DecodeError, match=r"'floats/f64' is damaged: the CRC32C of its 24 bytes") as info:
        tfcollections.read_tensor(prefix, "floats/f64")
    assert info.value.pos == offset
    assert tfcollections.read_tensor(prefix, "floats/f64", verify=False).size == 3  # read anyway, when asked
    assert tfcollections.read_tensor(prefix, "floats/f32").size == 12  # the others are fine
    with pytest.raises(tfcollections.DecodeError, match=r"'floats/f64' is damaged") as info:
        tfcollections.read_tensors(prefix)  # among all of them, the damaged one is named, where it lies
    assert info.value.pos == offset
    assert tfcollections.read_tensors(prefix, verify=False)["floats/f64"].size == 3


def test_damaged_strings_are_named(tmp_path: Path) -> None:
    prefix = _copy(tmp_path)
    listing = tfcollections.load_checkpoint(prefix)
    entry = listing["tensors"]["text/grid"]
    shard = Path(f"{prefix}.data-00000-of-00001")
    data = bytearray(shard.read_bytes())
    data[entry["offset"] + entry["size"] - 1] ^= 1  # the last string's last byte
    shard.write_bytes(bytes(data))
    with pytest.raises(tfcollections.DecodeError, match="'text/grid' is damaged: the CRC32C of its strings"):
        tfcollections.read_tensor(prefix, "text/grid")
    data[entry["offset"]] ^= 0x02  # a length: now the lengths' own checksum fails first
    shard.write_bytes(bytes(data))
    with pytest.raises(tfcollections.DecodeError, match="'text/grid'"):
        tfcollections.read_tensor(prefix, "text/grid")


def test_a_truncated_or_missing_data_shard(tmp_path: Path) -> None:
    prefix = _copy(tmp_path)
    shard = Path(f"{prefix}.data-00000-of-00001")
    shard.write_bytes(shard.read_bytes()[:100])
    with pytest.raises(
        tfcollections.DecodeError, match=r"lie past the end of model.ckpt-7.data-00000-of-00001 \(100 bytes"
    ):
        tfcollections.read_tensor(prefix, "text/grid")
    shard.unlink()
    with pytest.raises(tfcollections.DecodeError, match=r"lies in data shard .*data-00000-of-00001, which is missing"):
        tfcollections.read_tensor(prefix, "floats/f32")
    assert len(tfcollections.load_checkpoint(prefix)["tensors"]) == 24  # listing needs only the index


def test_a_damaged_or_truncated_index(tmp_path: Path) -> None:
    prefix = _copy(tmp_path)
    index = Path(f"{prefix}.index")
    good = index.read_bytes()
    index.write_bytes(good[:10] + bytes([good[10] ^ 1]) + good[11:])
    with pytest.raises(tfcollections.DecodeError, match="data block 0 is damaged: its CRC32C is"):
        tfcollections.load_checkpoint(prefix)
    index.write_bytes(good[: len(good) - 60] + good[-48:])
    with pytest.raises(tfcollections.DecodeError, match="lies outside the file"):
        tfcollections.load_checkpoint(prefix)
    index.write_bytes(good[:-1])
    with pytest.raises(tfcollections.DecodeError, match="is not a checkpoint: its last 8 bytes are not TensorFlow's"):
        tfcollections.load_checkpoint(prefix)
    index.write_bytes(b"")
    with pytest.raises(tfcollections.DecodeError, match=r"model\.ckpt-7\.index is not a checkpoint: an empty file"):
        tfcollections.load_checkpoint(prefix)


def test_what_is_not_a_checkpoint_says_what_it_is(tmp_path: Path) -> None:
    meta = tmp_path / "model.meta"
    shutil.copy(DATA.parent.parent / "examples" / "model.meta", meta)
    with pytest.raises(tfcollections.DecodeError, match=r"is not a checkpoint: a meta graph \(\.meta\)"):
        tfcollections.load_checkpoint(meta)
    wrong = tmp_path / "wrong"
    wrong.mkdir()
    (wrong / "graph.index").write_bytes(meta.read_bytes())  # a meta graph under a checkpoint's name
    with pytest.raises(tfcollections.DecodeError, match=r"graph\.index is not a checkpoint: a meta graph \(\.meta\)"):
        tfcollections.load_checkpoint(wrong / "graph")
    shutil.copy(DATA / "files" / "serving_half_plus_two_cpu.pb", wrong / "model.index")
    with pytest.raises(tfcollections.DecodeError, match=r"a SavedModel \(saved_model\.pb\); its checkpoint is"):
        tfcollections.load_checkpoint(wrong / "model")
    pointer = tmp_path / "lfs.ckpt"
    pointer.write_bytes(b"version https://git-lfs.github.com/spec/v1\noid sha256:00\nsize 9\n")
    with pytest.raises(tfcollections.DecodeError, match="a Git LFS pointer"):
        tfcollections.load_checkpoint(pointer)
    with pytest.raises(FileNotFoundError):
        tfcollections.load_checkpoint(tmp_path / "nothing")
    with pytest.raises(tfcollections.DecodeError, match="holds no checkpoint"):
        tfcollections.load_checkpoint(tmp_path)
    (tmp_path / "checkpoint").write_text('model_checkpoint_path: "gone-5"\n')
    with pytest.raises(tfcollections.DecodeError, match=r"names gone-5 as the latest checkpoint, but no file of it is"):
        tfcollections.load_checkpoint(tmp_path)


def _v2_index(tmp_path: Path, entries: List[Any], **options: Any) -> Path:
    header = tfcollections.encode_message("BundleHeaderProto", {"num_shards": 1, "version": {"producer": 1}})
    path = tmp_path / "hand.index"
    path.write_bytes(table([(b"", header), *entries], **options))
    return tmp_path / "hand"


def _entry(dtype: str, shape: List[int], offset: int, data: bytes) -> bytes:
    return tfcollections.encode_message("BundleEntryProto", {
        "dtype": dtype, "shape": {"dim": [{"size": n, "name": ""} for n in shape], "unknown_rank": False},
        "offset": offset, "size": len(data), "crc32c": mask(crc32c(data)),
    })  # fmt: skip


def test_a_snappy_compressed_table_is_read(tmp_path: Path) -> None:
    values = struct.pack("<4f", 1, 2, 3, 4)
    prefix = _v2_index(tmp_path, [(b"w", _entry("DT_FLOAT", [2, 2], 0, values))], snappy=True)
    Path(f"{prefix}.data-00000-of-00001").write_bytes(values)
    assert tfcollections.read_tensor(prefix, "w").tolist() == [[1.0, 2.0], [3.0, 4.0]]


def test_many_blocks_and_restart_points(tmp_path: Path) -> None:
    entries = [(f"layer_{i:05d}/kernel".encode(), _entry("DT_FLOAT", [1], 4 * i, struct.pack("<f", i)))
               for i in range(3000)]  # fmt: skip
    prefix = _v2_index(tmp_path, entries, block_size=8192)
    Path(f"{prefix}.data-00000-of-00001").write_bytes(struct.pack("<3000f", *range(3000)))
    listing = tfcollections.load_checkpoint(prefix)
    assert len(listing["tensors"]) == 3000
    assert tfcollections.read_tensor(listing, "layer_02999/kernel").tolist() == [2999.0]


@pytest.mark.parametrize(
    ("contents", "message"),
    [
        (b"\x00\x00\x00\x00" + struct.pack("<I", 1 << 30), "claims 1,073,741,824 restart points"),
        (block([(b"a", b"1")])[:-8] + struct.pack("<II", 500, 1), "restart point 0 points to byte 500"),
        (b"\x05\x01\x01b1" + struct.pack("<II", 0, 1), "shares 5 bytes with the previous key, which has 0"),
        (b"\x00\x01\x7fa" + struct.pack("<II", 0, 1), "runs past its block"),
        (b"\x00\xff\xff\xff\xff\xff\x01" + struct.pack("<II", 0, 1), "has a length that does not read"),
    ],
    ids=["restarts-2-to-the-30", "restart-outside", "shared-too-long", "value-past-block", "endless-varint"],
)
def test_hostile_blocks_are_refused_with_where(tmp_path: Path, contents: bytes, message: str) -> None:
    path = tmp_path / "hostile.index"
    path.write_bytes(table([], data_blocks=[contents]))
    with pytest.raises(tfcollections.DecodeError, match=message):
        tfcollections.load_checkpoint(tmp_path / "hostile")


def test_a_tensor_size_beyond_its_file(tmp_path: Path) -> None:
    entry = tfcollections.encode_message("BundleEntryProto", {"dtype": "DT_FLOAT", "offset": 2**40, "size": 4})
    prefix = _v2_index(tmp_path, [(b"far", entry)])
    Path(f"{prefix}.data-00000-of-00001").write_bytes(b"\x00" * 8)
    with pytest.raises(tfcollections.DecodeError, match=r"lie past the end of hand\.data-00000-of-00001"):
        tfcollections.read_tensor(prefix, "far")


def test_a_dtype_it_does_not_read(tmp_path: Path) -> None:
    entry = tfcollections.encode_message("BundleEntryProto", {"dtype": "DT_VARIANT", "size": 0})
    prefix = _v2_index(tmp_path, [(b"v", entry)])
    Path(f"{prefix}.data-00000-of-00001").write_bytes(b"")
    with pytest.raises(
        tfcollections.DecodeError, match="'v' is a DT_VARIANT tensor: only numbers, booleans and strings"
    ):
        tfcollections.read_tensor(prefix, "v")
    with pytest.raises(tfcollections.DecodeError, match="'v' is a DT_VARIANT tensor"):
        tfcollections.read_tensors(prefix)  # every tensor: this one too, said rather than left out


# --------------------------------------------------------------------------- would it restore?

RESTORE = CHECKPOINTS / "restore"


def test_check_checkpoint_against_tensorflows_own_restore() -> None:
    verdicts = json.loads((CHECKPOINTS / "restore.expected.json").read_text())["tensorflow_restore"]
    prefix = RESTORE / "model.ckpt"
    same = tfcollections.check_checkpoint(RESTORE / "same.meta", prefix)
    assert verdicts["same.meta"] == "restores"
    assert (same["source"], same["restores"], sorted(same["ok"])) == (
        "saver",
        True,
        ["dense/bias", "dense/kernel", "emb"],
    )
    assert same["missing"] == same["mismatched"] == same["unexpected"] == []
    grown = tfcollections.check_checkpoint(RESTORE / "grown.meta", prefix)
    assert verdicts["grown.meta"].startswith("NotFoundError")  # TensorFlow fails: a key is missing
    assert grown["source"] == "graph" and not grown["restores"]  # no saver in that graph: its variables
    assert grown["missing"] == [{"name": "dense/extra", "dtype": "DT_FLOAT", "shape": [2]}]
    assert grown["unexpected"] == ["dense/bias"]
    # A variable partitioned otherwise than when saved reads its slice out of the whole: TensorFlow restores it.
    assert verdicts["repartitioned.meta"] == "restores"
    assert tfcollections.check_checkpoint(RESTORE / "repartitioned.meta", prefix)["restores"]
    # A resource variable of another shape: TensorFlow "restores" it by replacing the variable's shape with the
    # checkpoint's (a reference variable fails); the graph would then compute with a kernel it was not built for.
    assert verdicts["reshaped.meta"] == "restores"
    reshaped = tfcollections.check_checkpoint(RESTORE / "reshaped.meta", prefix)
    why = "shape [5, 3] in the graph, [4, 3] in the checkpoint"
    assert reshaped["mismatched"] == [{"name": "dense/kernel", "graph": {"dtype": "DT_FLOAT", "shape": [5, 3]},
                                       "checkpoint": {"dtype": "DT_FLOAT", "shape": [4, 3]}, "why": why}]  # fmt: skip


def test_check_checkpoint_takes_what_load_and_load_checkpoint_returned(monkeypatch: pytest.MonkeyPatch) -> None:
    listing = tfcollections.load_checkpoint(RESTORE / "model.ckpt")
    without_graph = tfcollections.load(RESTORE / "same.meta")
    with_graph = tfcollections.load(RESTORE / "same.meta", graph=True)
    from_bytes = tfcollections.loads((RESTORE / "same.meta").read_bytes())
    from_bytes_with_graph = tfcollections.loads((RESTORE / "same.meta").read_bytes(), graph=True)
    from tfcollections._ckpt import restore

    def no_second_load(*args: object, **kwargs: object) -> None:
        raise AssertionError("the meta graph was loaded again")

    # A result is checked from the source it keeps: its graph is read for the check when it has none, and
    # the file is never loaded again; a result of loads() needs no file at all.
    monkeypatch.setattr(restore, "load", no_second_load)
    for model in (without_graph, with_graph, from_bytes, from_bytes_with_graph):
        assert tfcollections.check_checkpoint(model, listing)["restores"]
    with pytest.raises(TypeError, match="Expected the meta graph as a path"):
        tfcollections.check_checkpoint(42, listing)
    # One meta graph of a result, as a user picks one of a SavedModel's: checked from the same source.
    for model in (without_graph, with_graph, from_bytes):
        assert tfcollections.check_checkpoint(model["meta_graphs"][0], listing)["restores"]
    two = tfcollections.load(DATA / "files" / "saved_model_two_graphs.pb")  # serve, and train/gpu
    for meta_graph in two["meta_graphs"]:
        checked = tfcollections.check_checkpoint(meta_graph, CHECKPOINTS / "v2")
        assert (checked["source"], checked["restores"]) == ("saver", False)  # read from its own graph_def
    with pytest.raises(TypeError, match="one meta graph of what load"):
        tfcollections.check_checkpoint(dict(from_bytes["meta_graphs"][0]), listing)
    # A copy keeps no source: a copy of a loads() result cannot be checked, and says so.
    with pytest.raises(TypeError, match="a copy of it keeps neither the bytes nor the file"):
        tfcollections.check_checkpoint(dict(from_bytes), listing)


def test_a_result_is_checked_against_the_file_it_was_read_from(tmp_path: Path) -> None:
    # A result of load(path) holds no file open (a program may keep thousands); the check maps the file
    # again, and refuses it when it is no longer the file that was read.
    meta = tmp_path / "model.meta"
    shutil.copy(RESTORE / "same.meta", meta)
    model = tfcollections.load(meta)
    listing = tfcollections.load_checkpoint(RESTORE / "model.ckpt")
    assert tfcollections.check_checkpoint(model, listing)["restores"]
    meta.write_bytes(meta.read_bytes() + b"\x00")
    with pytest.raises(tfcollections.DecodeError, match="has changed since it was read: load it again"):
        tfcollections.check_checkpoint(model, listing)
    # A result carried to another process keeps its path and the file's identity, not the map.
    import pickle

    shutil.copy(RESTORE / "same.meta", meta)
    moved = pickle.loads(pickle.dumps(tfcollections.load(meta)))
    assert tfcollections.check_checkpoint(moved, listing)["restores"]
    assert pickle.loads(pickle.dumps(tfcollections.loads(meta.read_bytes())))["format"] == "MetaGraphDef"


def test_the_command_line_lists_a_checkpoint_and_checks_a_meta_graph(tmp_path: Path) -> None:
    from .test_cli import _run

    listed = _run(["tests/data/checkpoints/v2/model.ckpt-7.index"])
    assert listed.returncode == 0, listed.stderr
    out = listed.stdout.decode()
    assert "checkpoint V2, 1 data shard, 24 tensors, 95 parameters, 685 bytes" in out
    assert "  part         float32     (10, 3)  30          120    3 slices" in out
    as_json = json.loads(_run(["--json", "tests/data/checkpoints/v2", "--tensor", "scalar"]).stdout)
    assert as_json["format"] == "V2" and as_json["values"]["scalar"] == {
        "dtype": "DT_FLOAT",
        "shape": [],
        "values": 3.25,
    }
    assert as_json["summary"] == {"tensors": 24, "parameters": 95, "bytes": 685}
    values = _run(["tests/data/checkpoints/v2", "--tensor", "complex/c64"]).stdout.decode()
    assert values == "complex/c64 (complex64, (2,))\n  [(1+2j), (-0-0.5j)]\n"  # the values alone, no listing
    # A TF 2 checkpoint's tensor by the name its listing shows (its object path), summarized: --json has them all.
    summary = _run(["tests/data/checkpoints/keras2/variables", "--tensor", "layer_with_weights-0/kernel"])
    assert summary.stdout.decode().startswith("layer_with_weights-0/kernel (float32, (3, 4)): min -0.597987, max ")
    assert summary.stdout.decode().endswith(", ... (12 values)]\n")
    # A meta graph with a checkpoint: each variable says whether it is there; --require-restore fails CI with 1.
    shutil.copytree(RESTORE, tmp_path / "restore")
    meta = str(tmp_path / "restore" / "grown.meta")
    checked = _run([meta, "--checkpoint", str(tmp_path / "restore" / "model.ckpt"), "--require-restore"])
    assert checked.returncode == 1
    text = checked.stdout.decode()
    assert "extra   float32  (2,)    2           trainable resource NOT IN CHECKPOINT" in text
    assert "would not restore: 1 missing, 0 mismatched of the 3 variables; 1 more in the checkpoint" in text
    # The same prefix beside: found without --checkpoint.
    shutil.copy(tmp_path / "restore" / "same.meta", tmp_path / "restore" / "model.ckpt.meta")
    beside = _run([str(tmp_path / "restore" / "model.ckpt.meta"), "--require-restore", "--json"])
    assert beside.returncode == 0
    assert json.loads(beside.stdout)["checkpoint"]["check"]["restores"] is True
    assert _run([meta, "--require-restore"]).returncode == 1  # no checkpoint at all: not restorable either
    missing = _run([str(tmp_path / "restore" / "model.ckpt.meta"), "--tensor", "nope"])
    assert missing.returncode == 3 and b"--tensor: 'nope' is not in checkpoint" in missing.stderr


def test_a_sharded_v1_checkpoint_is_read_through_its_pattern() -> None:
    # Saver(sharded=True, write_version=V1) writes a table per device and a state file naming the pattern
    # model.ckpt-7-?????-of-00002, which TensorFlow's readers take: from the directory, and from the pattern.
    folder = CHECKPOINTS / "v1_sharded"
    pattern = str(folder / "model.ckpt-7-?????-of-00002")
    from_directory = tfcollections.load_checkpoint(folder)
    assert (from_directory["format"], from_directory["prefix"]) == ("V1", pattern)
    assert from_directory["located"] == (
        "the latest checkpoint, model.ckpt-7-?????-of-00002, named by the directory's checkpoint file"
    )
    from_pattern = tfcollections.load_checkpoint(pattern)
    assert from_pattern["tensors"] == from_directory["tensors"]
    files = [shard["file"] for shard in from_pattern["shards"]]
    assert files == [str(folder / "model.ckpt-7-00000-of-00002"), str(folder / "model.ckpt-7-00001-of-00002")]
    # Each slice says which table holds it; both tables' tensors are read (the fixture test compares values).
    assert {part["shard"] for tensor in from_pattern["tensors"].values() for part in tensor["slices"]} == {0, 1}
    assert tfcollections.read_tensor(from_directory, "floats/f32").shape == (3, 4)
    with pytest.raises(FileNotFoundError, match="no file matches the pattern"):
        tfcollections.load_checkpoint(folder / "model.ckpt-8-?????-of-00002")


def test_what_a_result_keeps_and_what_a_copy_does_not(tmp_path: Path) -> None:
    from tfcollections._disk.source import source_of

    listing = tfcollections.load_checkpoint(RESTORE / "model.ckpt")
    # A copy that kept its path is read again from it; the meta graph checked is the first with a saver.
    copied = dict(tfcollections.load(RESTORE / "same.meta"))
    assert tfcollections.check_checkpoint(copied, listing)["restores"]
    # Read from a file object: the map is not held after load, and the object cannot be reopened by a path.
    with open(RESTORE / "same.meta", "rb") as file:
        from_file = tfcollections.load(file)
    source = source_of(from_file)
    assert source is not None and repr(source) == (
        "Source(path=None, format='MetaGraphDef', encoding='binary', bytes not held)"
    )
    with pytest.raises(tfcollections.DecodeError, match=r"no longer held .* load it again from its path or its bytes"):
        tfcollections.check_checkpoint(from_file, listing)
    # A graph_def damaged past its top level is found by the check, and said where.
    data = (RESTORE / "same.meta").read_bytes()
    model = tfcollections.loads(data)
    graph_def = model["meta_graphs"][0]["graph_def"]
    damaged = bytearray(data)
    damaged[graph_def["offset"] : graph_def["offset"] + 2] = b"\x0a\x7f"  # a node longer than the graph
    broken = tfcollections.loads(bytes(damaged))
    with pytest.raises(tfcollections.DecodeError) as caught:
        tfcollections.check_checkpoint(broken, listing)
    assert caught.value.context == ("damaged MetaGraphDef",) and caught.value.path[:2] == ("MetaGraphDef", "graph_def")
    # A graph the scan reads (it checks no node's inputs) but whose whole parse fails: an input not UTF-8.
    node = b"\x0a\x01a\x12\x05Const\x1a\x01\xff"
    graph = b"\x0a" + bytes([len(node)]) + node
    odd = tfcollections.loads(b"\x12" + bytes([len(graph)]) + graph)
    with pytest.raises(tfcollections.DecodeError, match="invalid UTF-8") as caught:
        tfcollections.check_checkpoint(odd, listing)
    assert caught.value.path == ("MetaGraphDef", "graph_def", "node", 0, "input")
    empty = tfcollections.loads(b"\x08\x01")  # a SavedModel of no meta graph
    with pytest.raises(tfcollections.DecodeError, match="no meta graph: there is no saver to check"):
        tfcollections.check_checkpoint(empty, listing)


def test_a_short_data_shard_is_named_in_the_listing(tmp_path: Path) -> None:
    from .test_cli import _run

    shutil.copy(RESTORE / "model.ckpt.index", tmp_path / "model.ckpt.index")
    (tmp_path / "model.ckpt.data-00000-of-00001").write_bytes(bytes(50))
    out = _run([str(tmp_path / "model.ckpt")]).stdout.decode()
    assert "1 data shard (model.ckpt.data-00000-of-00001 is 50 bytes, its entries need 108: their tensors" in out
