# SPDX-License-Identifier: Apache-2.0
"""The corners of the checkpoint readers: what TensorFlow never writes, but a damaged or hand-made file holds.

Each case is built by hand (tests/tables.py) or derived from a TF-written fixture; what TensorFlow does write is
tested in tests/test_checkpoints.py.
"""

from __future__ import annotations

import json
import math
import shutil
import struct
from pathlib import Path
from typing import Any, Dict, List

import pytest
from hypothesis import given, strategies as st

import tfcollections
from tfcollections._ckpt.crc32c import crc32c, mask
from tfcollections._ckpt.table import snappy_decompress
from tfcollections._proto import text as _text

from .helpers import DATA
from .tables import block, table, trailer, varint

CHECKPOINTS = DATA / "checkpoints"
RESTORE = CHECKPOINTS / "restore"


# --------------------------------------------------------------------------- the scalar types of TensorProto


def test_tensor_proto_numbers_round_trip_through_encode_and_decode() -> None:
    values = {"dtype": "DT_DOUBLE", "double_val": [0.1, -0.0, math.inf], "uint32_val": [0, 2**32 - 1],
              "uint64_val": [2**64 - 1], "dcomplex_val": [1.5, -2.5]}  # fmt: skip
    blob = tfcollections.encode_message("TensorProto", values)
    decoded = tfcollections.decode_message("TensorProto", blob)
    assert {key: decoded[key] for key in values} == values
    entry = tfcollections.decode_message(
        "BundleEntryProto", tfcollections.encode_message("BundleEntryProto", {"crc32c": 0})
    )
    assert entry["crc32c"] == 0  # a zero fixed32 is not written, and reads as its default


@pytest.mark.parametrize(
    ("values", "error", "message"),
    [
        ({"double_val": [10**400]}, ValueError, "too large for a double field"),
        ({"double_val": ["x"]}, TypeError, "expected float, got str"),
        ({"uint32_val": [-1]}, ValueError, "out of range for a uint32 field"),
        ({"uint64_val": [2**64]}, ValueError, "out of range for a uint64 field"),
    ],
)
def test_tensor_proto_numbers_out_of_range_are_refused(values: Dict[str, Any], error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        tfcollections.encode_message("TensorProto", values)


def test_bundle_entry_crc_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError, match="out of range for a fixed32 field"):
        tfcollections.encode_message("BundleEntryProto", {"crc32c": 2**32})


def test_damaged_doubles_are_decode_errors() -> None:
    with pytest.raises(tfcollections.DecodeError, match="packed double field: length 7 is not a multiple of 8"):
        tfcollections.decode_message("TensorProto", b"\x32\x07" + b"\x00" * 7)
    with pytest.raises(tfcollections.DecodeError, match="truncated fixed64 field: needs 8 bytes, 3 left"):
        tfcollections.decode_message("TensorProto", b"\x31\x00\x00\x00")


def test_the_text_reader_reads_doubles_and_unsigned_numbers() -> None:
    text = b"{ double_val: 1e300 double_val: -inf uint32_val: 4294967295 uint64_val: 18446744073709551615 }"
    tensor = _text.parse_text_value(text, 0, "tensorflow.TensorProto", 0)
    assert tensor["double_val"] == [1e300, -math.inf]  # a double is not rounded to float32
    assert (tensor["uint32_val"], tensor["uint64_val"]) == ([2**32 - 1], [2**64 - 1])
    for bad, message in [(b"{ uint32_val: -1 }", "out of range for a uint32 field"),
                         (b"{ uint64_val: 18446744073709551616 }", "out of range for a uint64 field"),
                         (b"{ double_val: x1 }", "expected a number")]:  # fmt: skip
        with pytest.raises(tfcollections.DecodeError, match=message):
            _text.parse_text_value(bad, 0, "tensorflow.TensorProto", 0)


# --------------------------------------------------------------------------- snappy and the table's frame


def test_snappy_copies_of_every_width_and_overlapping_ones() -> None:
    literal = b"\x0c" + b"abcd"  # a literal of 4 bytes: tag (4 - 1) << 2
    # "abcd", then copy 4 from 4 back (1-byte offset), copy 8 from 4 back (2-byte offset, overlapping),
    # copy 2 from 16 back (4-byte offset), then a long literal whose length takes one more byte (tag 60 << 2).
    data = (varint(4 + 4 + 8 + 2 + 70) + literal + bytes([0b01 | (0 << 2), 4]) + bytes([0b10 | (7 << 2)])
            + struct.pack("<H", 4) + bytes([0b11 | (1 << 2)]) + struct.pack("<I", 16) + bytes([60 << 2, 69])
            + b"z" * 70)  # fmt: skip
    assert snappy_decompress(data, "x") == b"abcd" + b"abcd" + b"abcdabcd" + b"ab" + b"z" * 70


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"\xff\xff\xff\xff\xff\xff", "its length does not read"),
        (varint(5) + b"\x10ab", "a literal runs past its end"),
        (varint(8) + b"\x0cabcd" + bytes([0b01, 9]), "a copy reaches before its start"),
        (varint(9) + b"\x0cabcd", "decompresses to 4 bytes, not 9"),
    ],
)
def test_snappy_that_does_not_add_up_is_refused(data: bytes, message: str) -> None:
    with pytest.raises(tfcollections.DecodeError, match=message):
        snappy_decompress(data, "a block")


def _index(tmp_path: Path, data: bytes) -> Path:
    (tmp_path / "t.index").write_bytes(data)
    return tmp_path / "t"


def test_a_table_whose_frame_is_damaged(tmp_path: Path) -> None:
    good = table([(b"", b"")])
    magic_at = len(good) - 8
    footer = len(good) - 48
    cases = [
        (good[:footer] + b"\xff" * 40 + good[magic_at:], "the footer's metaindex handle does not read"),
        (good[:footer] + b"\x00\x02" + b"\xff" * 38 + good[magic_at:], "the footer's index handle does not read"),
        (good[:footer] + b"\x00\x02\x00\x03" + b"\x00" * 36 + good[magic_at:], "index block at byte 0 of 3 bytes"),
    ]
    for data, message in cases:
        with pytest.raises(tfcollections.DecodeError, match=message):
            tfcollections.load_checkpoint(_index(tmp_path, data))


def test_a_block_of_an_unknown_compression(tmp_path: Path) -> None:
    contents = block([(b"", b"")])
    data = table([], data_blocks=[contents])
    at = data.index(contents) + len(contents)
    forged = data[:at] + trailer(contents, 7) + data[at + 5 :]
    with pytest.raises(tfcollections.DecodeError, match="has compression type 7, neither none"):
        tfcollections.load_checkpoint(_index(tmp_path, forged))


def test_an_index_block_whose_handle_does_not_read(tmp_path: Path) -> None:
    data = table([(b"", b"")])
    # Rebuild with an index entry whose value is no handle.
    contents = block([(b"", b"")])
    out = contents + trailer(contents)
    meta = block([])
    meta_at = len(out)
    out += meta + trailer(meta)
    index = block([(b"k", b"\xff")], restart_interval=1)
    index_at = len(out)
    out += index + trailer(index)
    footer = varint(meta_at) + varint(len(meta)) + varint(index_at) + varint(len(index))
    out += footer + b"\x00" * (40 - len(footer)) + data[-8:]
    with pytest.raises(tfcollections.DecodeError, match="a block handle of the index block does not read"):
        tfcollections.load_checkpoint(_index(tmp_path, out))


# --------------------------------------------------------------------------- V2 listings that do not add up


def _header(**fields: Any) -> bytes:
    return tfcollections.encode_message("BundleHeaderProto", {"num_shards": 1, **fields})


def _entry(**fields: Any) -> bytes:
    return tfcollections.encode_message("BundleEntryProto", fields)


@pytest.mark.parametrize(
    ("entries", "message"),
    [
        ([(b"w", _entry(dtype="DT_FLOAT"))], "no header"),
        ([(b"", _header()), (b"\x00nope", _entry())], "a slice key that does not read"),
        ([(b"", _header()), (b"\x00ghost\x00\x01\x01\x01\x80\x81", _entry())], "a slice of 'ghost', which the"),
        (
            [(b"", _header()), (b"p", _entry(slices=[{"extent": []}]))],
            "'p' is partitioned in 1 slices, the checkpoint has 0",
        ),
        ([(b"", _header()), (b"w", b"\x0a\x05")], "the entry of 'w'"),
    ],
    ids=["no-header", "bad-slice-key", "slice-of-nothing", "slices-missing", "damaged-entry"],
)
def test_v2_listings_that_do_not_add_up(tmp_path: Path, entries: List[Any], message: str) -> None:
    with pytest.raises(tfcollections.DecodeError, match=message):
        tfcollections.load_checkpoint(_index(tmp_path, table(entries)))


def test_entries_the_inline_reader_passes_to_the_decoder(tmp_path: Path) -> None:
    # A dim with a name, an unknown rank, fields out of the usual order: read by the general decoder, alike.
    shape = {"dim": [{"size": 2, "name": "batch"}], "unknown_rank": False}
    entries = [
        (b"", _header()),
        (b"named", _entry(dtype="DT_FLOAT", shape=shape, size=8)),
        (b"unknown", _entry(dtype="DT_FLOAT", shape={"dim": [], "unknown_rank": True})),
        (b"reordered", _entry(size=4) + b"\x08\x01"),
        (b"wide", _entry(dtype="DT_FLOAT", shape={"dim": [{"size": 300, "name": ""}]}, size=1200, offset=2**40)),
    ]
    tensors = tfcollections.load_checkpoint(_index(tmp_path, table(entries)))["tensors"]
    assert (tensors["named"]["shape"], tensors["unknown"]["shape"]) == ([2], None)
    assert (tensors["reordered"]["dtype"], tensors["reordered"]["size"]) == ("DT_FLOAT", 4)
    assert (tensors["wide"]["shape"], tensors["wide"]["offset"]) == ([300], 2**40)
    with pytest.raises(tfcollections.DecodeError, match="'unknown' has no full shape in the checkpoint"):
        tfcollections.read_tensor(tmp_path / "t", "unknown")


def test_a_big_endian_checkpoint_is_refused(tmp_path: Path) -> None:
    prefix = _index(tmp_path, table([(b"", _header(endianness="BIG")), (b"w", _entry(dtype="DT_FLOAT", size=0))]))
    Path(f"{prefix}.data-00000-of-00001").write_bytes(b"")
    with pytest.raises(tfcollections.DecodeError, match="big-endian"):
        tfcollections.read_tensor(prefix, "w")


def test_a_numeric_tensor_whose_size_does_not_fit_its_shape(tmp_path: Path) -> None:
    data = b"\x00" * 12
    entry = _entry(dtype="DT_FLOAT", shape={"dim": [{"size": 2, "name": ""}]}, size=12, crc32c=mask(crc32c(data)))
    prefix = _index(tmp_path, table([(b"", _header()), (b"w", entry)]))
    Path(f"{prefix}.data-00000-of-00001").write_bytes(data)
    with pytest.raises(tfcollections.DecodeError, match="12 bytes for 2 elements of DT_FLOAT"):
        tfcollections.read_tensor(prefix, "w")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"\xff" * 11, "a string length does not read"),
        (b"\x01\x02", "the strings' lengths run to the end of its bytes"),
        (b"\x01\x00\x00\x00\x00ab", "its strings need 1 bytes, 2 are there"),
    ],
)
def test_string_tensors_that_do_not_add_up(tmp_path: Path, data: bytes, message: str) -> None:
    entry = _entry(dtype="DT_STRING", shape={"dim": [{"size": 1, "name": ""}]}, size=len(data))
    prefix = _index(tmp_path, table([(b"", _header()), (b"s", entry)]))
    Path(f"{prefix}.data-00000-of-00001").write_bytes(data)
    with pytest.raises(tfcollections.DecodeError, match=message):
        tfcollections.read_tensor(prefix, "s", verify=False)


def test_the_paths_a_checkpoint_is_found_by_in_a_directory(tmp_path: Path) -> None:
    shutil.copytree(CHECKPOINTS / "v2", tmp_path / "one")
    (tmp_path / "one" / "checkpoint").unlink()
    assert tfcollections.load_checkpoint(tmp_path / "one")["located"] == "the only checkpoint in the directory"
    shutil.copy(tmp_path / "one" / "model.ckpt-7.index", tmp_path / "one" / "other.index")
    with pytest.raises(tfcollections.DecodeError, match="holds 2 checkpoints and no checkpoint file"):
        tfcollections.load_checkpoint(tmp_path / "one")
    variables = CHECKPOINTS / "serving_half_plus_two_tf2" / "variables"
    assert tfcollections.load_checkpoint(variables)["located"] == "the SavedModel's variables"
    shutil.copy(RESTORE / "same.meta", tmp_path / "one" / "model.ckpt-7.meta")
    by_meta = tfcollections.load_checkpoint(tmp_path / "one" / "model.ckpt-7.meta")
    assert by_meta["located"] == "the checkpoint beside the meta graph"
    junk = tmp_path / "junk.ckpt"
    junk.write_bytes(b"\x01\x02" * 100)
    with pytest.raises(tfcollections.DecodeError, match="its last 8 bytes are not TensorFlow's table magic"):
        tfcollections.load_checkpoint(junk)
    empty = tmp_path / "empty.ckpt"
    empty.write_bytes(b"")
    with pytest.raises(tfcollections.DecodeError, match="an empty file"):
        tfcollections.load_checkpoint(empty)


# --------------------------------------------------------------------------- V1 tables that do not add up


def _v1(tmp_path: Path, data_value: bytes, tensor: Dict[str, Any]) -> Path:
    meta = tfcollections.encode_message("SavedTensorSlices", {"meta": {"tensor": [tensor]}})
    path = tmp_path / "v1.ckpt"
    path.write_bytes(table([(b"", meta), (b"\x00w", data_value)]))
    return path


def test_v1_slices_that_do_not_add_up(tmp_path: Path) -> None:
    shape = {"dim": [{"size": 2, "name": ""}]}
    listed = {"name": "w", "shape": shape, "type": "DT_FLOAT"}
    orphan = tfcollections.encode_message("SavedTensorSlices", {"data": {"name": "other"}})
    with pytest.raises(tfcollections.DecodeError, match="an entry that is no slice of a listed tensor"):
        tfcollections.load_checkpoint(_v1(tmp_path, orphan, listed))
    short = tfcollections.encode_message("SavedTensorSlices", {"data": {"name": "w", "slice": {"extent": [{}]},
                                                                        "data": {"float_val": [1.0]}}})  # fmt: skip
    with pytest.raises(tfcollections.DecodeError, match="4 bytes of values for 2 elements of DT_FLOAT"):
        tfcollections.read_tensor(_v1(tmp_path, short, listed), "w")
    strings = tfcollections.encode_message("SavedTensorSlices", {"data": {"name": "w", "slice": {"extent": [{}]},
                                                                          "data": {"string_val": [b"a"]}}})  # fmt: skip
    with pytest.raises(tfcollections.DecodeError, match="1 strings for 2 elements"):
        tfcollections.read_tensor(_v1(tmp_path, strings, {**listed, "type": "DT_STRING"}), "w")
    content = tfcollections.encode_message("SavedTensorSlices", {"data": {"name": "w", "slice": {"extent": [{}]},
                                           "data": {"tensor_content": struct.pack("<2f", 1, 2)}}})  # fmt: skip
    assert tfcollections.read_tensor(_v1(tmp_path, content, listed), "w").tolist() == [1.0, 2.0]
    path = tmp_path / "headless.ckpt"
    path.write_bytes(table([]))  # no entries at all
    with pytest.raises(tfcollections.DecodeError, match="no header"):
        tfcollections.load_checkpoint(path)


def test_a_slice_set_that_does_not_cover_its_tensor(tmp_path: Path) -> None:
    shape = {"dim": [{"size": 4, "name": ""}]}
    listed = {"name": "w", "shape": shape, "type": "DT_FLOAT"}
    half = tfcollections.encode_message("SavedTensorSlices", {"data": {"name": "w", "slice": {
        "extent": [{"start": 0, "length": 2}]}, "data": {"float_val": [1.0, 2.0]}}})  # fmt: skip
    with pytest.raises(tfcollections.DecodeError, match="its 1 slices hold 2 elements, its shape 4"):
        tfcollections.read_tensor(_v1(tmp_path, half, listed), "w")


# --------------------------------------------------------------------------- check_checkpoint, more sources


def test_check_checkpoint_of_a_tf2_saved_model_reads_its_traced_save_function() -> None:
    saved_model = CHECKPOINTS / "serving_half_plus_two_tf2"
    result = tfcollections.check_checkpoint(saved_model, saved_model)
    assert result["source"] == "saver" and result["restores"]
    assert sorted(result["ok"]) == ["_CHECKPOINTABLE_OBJECT_GRAPH", "a/.ATTRIBUTES/VARIABLE_VALUE",
                                    "b/.ATTRIBUTES/VARIABLE_VALUE", "c/.ATTRIBUTES/VARIABLE_VALUE"]  # fmt: skip


def test_check_checkpoint_of_a_text_meta_graph_and_of_a_dtype_change() -> None:
    prefix = RESTORE / "model.ckpt"
    verdicts = json.loads((CHECKPOINTS / "restore.expected.json").read_text())["tensorflow_restore"]
    text = tfcollections.check_checkpoint(RESTORE / "same.meta.txt", prefix)
    assert verdicts["same.meta.txt"] == "restores" and text["source"] == "saver" and text["restores"]
    retyped = tfcollections.check_checkpoint(RESTORE / "retyped.meta", prefix)
    assert verdicts["retyped.meta"].startswith("InvalidArgumentError")
    assert retyped["mismatched"][0]["why"] == "dtype DT_DOUBLE in the graph, DT_FLOAT in the checkpoint"


def test_the_command_line_on_a_meta_graph_whose_checkpoint_is_damaged(tmp_path: Path) -> None:
    from .test_cli import _run

    shutil.copytree(RESTORE, tmp_path / "restore")
    shutil.copy(tmp_path / "restore" / "same.meta", tmp_path / "restore" / "model.ckpt.meta")
    (tmp_path / "restore" / "model.ckpt.index").write_bytes(b"\x00" * 60)
    result = _run([str(tmp_path / "restore" / "model.ckpt.meta"), "--require-restore"])
    assert result.returncode == 1
    assert (
        "model.ckpt: cannot be read: model.ckpt.index is not a checkpoint: its last 8 bytes" in result.stdout.decode()
    )
    asked = _run(
        [str(tmp_path / "restore" / "model.ckpt.meta"), "--checkpoint", str(tmp_path / "restore" / "model.ckpt")]
    )
    assert asked.returncode == 3 and b"model.ckpt.index is not a checkpoint" in asked.stderr
    no_checkpoint = _run([str(RESTORE / "same.meta"), "--tensor", "dense/bias"])
    assert no_checkpoint.returncode == 3 and b"--tensor: no checkpoint beside it" in no_checkpoint.stderr


@pytest.mark.parametrize(
    "key",
    [
        b"\x00p\x00\x01\x01\x01\x80\x81\x00",  # trailing bytes
        b"\x00p\x00\x01\x09" + b"\x01" * 9,  # a rank of 9 bytes
        b"\x00p\x00\x01\x01\x01\xff\xff",  # a number past 2**55
        b"\x00p\x00\x01\x01\x01\xc0",  # cut off inside a 2-byte number
    ],
    ids=["trailing", "long-rank", "huge-number", "cut-off"],
)
def test_slice_keys_that_do_not_read(tmp_path: Path, key: bytes) -> None:
    entries = [(b"", _header()), (key, _entry()), (b"p", _entry(slices=[{"extent": [{}]}]))]
    with pytest.raises(tfcollections.DecodeError, match="a slice key that does not read"):
        tfcollections.load_checkpoint(_index(tmp_path, table(sorted(entries))))


def test_a_slice_key_with_an_escaped_nul_and_a_key_that_is_not_utf8(tmp_path: Path) -> None:
    name = b"a\x00b"
    escaped = b"\x00" + name.replace(b"\x00", b"\x00\xff") + b"\x00\x01\x01\x01\x80\x82"
    full = _entry(dtype="DT_FLOAT", shape={"dim": [{"size": 2, "name": ""}]}, slices=[{"extent": [{}]}])
    odd = _entry(dtype="DT_FLOAT", size=0)
    entries = sorted([(b"", _header()), (escaped, _entry(dtype="DT_FLOAT", size=8)), (name, full), (b"\xff\xfe", odd)])
    tensors = tfcollections.load_checkpoint(_index(tmp_path, table(entries)))["tensors"]
    assert tensors["a\x00b"]["slices"][0]["start"] == [0] and "\\xff\\xfe" in tensors


def test_inline_entry_reader_falls_back_for_every_odd_layout(tmp_path: Path) -> None:
    many_dims = {"dim": [{"size": 1, "name": ""}] * 70}  # a shape longer than 127 bytes
    entries = [
        (b"", _header()),
        (b"a", _entry(dtype="DT_FLOAT", shape=many_dims)),
        (b"b", b"\x12\x02\x12\x00" + b"\x12\x04\x12\x02\x12\x00"),  # a dim of no size; another shape merging in
        (b"c", b"\x12\x04\x12\x02\x12\x00"),  # a dim holding a name only
        (b"d", b"\x35\x01\x02"),  # a CRC cut off: the decoder says so
    ]
    with pytest.raises(tfcollections.DecodeError, match="the entry of 'd'"):
        tfcollections.load_checkpoint(_index(tmp_path, table(entries)))
    tensors = tfcollections.load_checkpoint(_index(tmp_path, table(entries[:4])))["tensors"]
    assert len(tensors["a"]["shape"]) == 70 and tensors["b"]["shape"] == [0, 0] and tensors["c"]["shape"] == [0]


def test_a_string_tensor_whose_lengths_checksum_is_wrong(tmp_path: Path) -> None:
    data = b"\x02" + struct.pack("<I", 12345) + b"ab"
    entry = _entry(dtype="DT_STRING", shape={"dim": [{"size": 1, "name": ""}]}, size=len(data))
    prefix = _index(tmp_path, table([(b"", _header()), (b"s", entry)]))
    Path(f"{prefix}.data-00000-of-00001").write_bytes(data)
    with pytest.raises(tfcollections.DecodeError, match="the CRC32C of its string lengths does not match"):
        tfcollections.read_tensor(prefix, "s")


def test_v1_strings_in_slices_and_a_damaged_slice(tmp_path: Path) -> None:
    listed = {"name": "w", "shape": {"dim": [{"size": 3, "name": ""}]}, "type": "DT_STRING"}
    meta = tfcollections.encode_message("SavedTensorSlices", {"meta": {"tensor": [listed]}})
    first = tfcollections.encode_message("SavedTensorSlices", {"data": {"name": "w", "slice": {
        "extent": [{"start": 0, "length": 1}]}, "data": {"string_val": [b"x"]}}})  # fmt: skip
    rest = tfcollections.encode_message("SavedTensorSlices", {"data": {"name": "w", "slice": {
        "extent": [{"start": 1, "length": 2}]}, "data": {"string_val": [b"y", b"zz"]}}})  # fmt: skip
    path = tmp_path / "v1.ckpt"
    path.write_bytes(table([(b"", meta), (b"\x00a", first), (b"\x00b", rest)]))
    assert tfcollections.read_tensor(path, "w").tolist() == [b"x", b"y", b"zz"]
    data = bytearray(path.read_bytes())
    data[data.index(b"zz")] ^= 1  # a value's byte: the block's CRC32C no longer matches
    path.write_bytes(bytes(data))
    with pytest.raises(tfcollections.DecodeError, match=r"v1\.ckpt: data block 0 is damaged"):
        tfcollections.read_tensor(path, "w")


def test_check_checkpoint_with_a_savers_scope_against_another_checkpoint() -> None:
    # The example's saver (scope "save") against a checkpoint of something else: all but global_step missing.
    example = DATA.parent.parent / "examples" / "model.meta"
    result = tfcollections.check_checkpoint(example, CHECKPOINTS / "v2")
    assert result["source"] == "saver" and not result["restores"] and result["ok"] == ["global_step"]
    assert {"name": "dense/kernel", "dtype": "DT_FLOAT", "shape": [4, 3]} in result["missing"]
    assert "floats/f32" in result["unexpected"]


def test_a_v1_table_of_snappy_blocks_and_a_meta_graph_beside_it(tmp_path: Path) -> None:
    listed = {"name": "w", "shape": {"dim": [{"size": 2, "name": ""}]}, "type": "DT_INT32"}
    meta = tfcollections.encode_message("SavedTensorSlices", {"meta": {"tensor": [listed]}})
    value = tfcollections.encode_message("SavedTensorSlices", {"data": {"name": "w", "slice": {"extent": [{}]},
                                                                        "data": {"int_val": [7, -1]}}})  # fmt: skip
    path = tmp_path / "model.ckpt"
    path.write_bytes(table([(b"", meta), (b"\x00w", value)], snappy=True))
    assert tfcollections.read_tensor(path, "w").tolist() == [7, -1]  # values read from the decompressed block
    shutil.copy(RESTORE / "same.meta", tmp_path / "model.ckpt.meta")
    beside = tfcollections.load_checkpoint(tmp_path / "model.ckpt.meta")
    assert (beside["format"], beside["located"]) == ("V1", "the checkpoint beside the meta graph")


def test_a_meta_graph_without_a_checkpoint_never_loads_the_checkpoint_readers() -> None:
    import subprocess
    import sys

    code = (
        "import contextlib, io, sys\n"
        "from tfcollections._cli.main import Environment, main\n"
        "assert main(['examples/model.meta'], Environment(stdout=io.StringIO())) == 0\n"
        "print(sorted(m for m in sys.modules if m.startswith('tfcollections._ckpt')))\n"
    )  # the command line's checkpoint renderers load no reader: only the wing of the readers counts
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=DATA.parent.parent)
    assert (result.returncode, result.stdout) == (0, "[]\n"), result.stderr


def test_a_checkpoint_state_written_on_another_machine_leads_to_the_files_beside_it(tmp_path: Path) -> None:
    shutil.copytree(CHECKPOINTS / "v2", tmp_path / "v2")
    (tmp_path / "v2" / "checkpoint").write_text('model_checkpoint_path: "/home/trainer/run/model.ckpt-7"\n')
    listing = tfcollections.load_checkpoint(tmp_path / "v2")
    assert listing["prefix"] == str(tmp_path / "v2" / "model.ckpt-7")
    assert "(written as /home/trainer/run/model.ckpt-7, found beside the checkpoint file)" in str(listing["located"])


_INT32 = st.integers(-(2**31), 2**31 - 1)
_INT64 = st.integers(-(2**63), 2**63 - 1)


@given(
    dtype=st.sampled_from([0, 1, 2, 9, 19, 23, 127, 128, 300, 2**20, 2**31 - 1, -1]),
    dims=st.lists(st.one_of(st.integers(-1, 300), _INT64), max_size=4),
    shard=_INT32,
    offset=st.one_of(st.integers(0, 1 << 22), _INT64),
    size=st.one_of(st.integers(0, 1 << 22), _INT64),
    crc=st.integers(0, 2**32 - 1),
)
def test_the_inline_entry_reader_reads_what_the_decoder_reads(
    dtype: int, dims: List[int], shard: int, offset: int, size: int, crc: int
) -> None:
    from tfcollections._ckpt.listing import ENTRY_MESSAGE, fast_entry, parse_entry, tensor_info

    fields = {"dtype": dtype, "shape": {"dim": [{"size": d, "name": ""} for d in dims]}, "shard_id": shard,
              "offset": offset, "size": size, "crc32c": crc}  # fmt: skip
    data = tfcollections.encode_message("BundleEntryProto", fields)
    inline = fast_entry(data, 0, len(data))
    general = tensor_info(parse_entry(ENTRY_MESSAGE, data, 0, len(data), "test", b"w"))
    general.pop("declared_slices")
    assert inline == general  # numbers of every width, inline or not, read as the decoder reads them


def test_a_saved_model_directory_whose_model_file_is_no_model_is_that_error(tmp_path: Path) -> None:
    # Real repositories keep a label map as saved_model.pbtxt beside variables/. load(dir) says what the file is;
    # the command line says the same, exit 1, and points to the variables, rather than listing them as the model.
    (tmp_path / "saved_model.pbtxt").write_text('item {\n  name: "/m/01g317"\n  id: 1\n  display_name: "person"\n}\n')
    shutil.copytree(CHECKPOINTS / "saved_model" / "variables", tmp_path / "variables")
    with pytest.raises(tfcollections.DecodeError) as caught:
        tfcollections.load(tmp_path)
    from .test_cli import _run

    result = _run([str(tmp_path)])
    assert result.returncode == 3 and result.stdout == b""
    assert result.stderr.decode() == (
        f"tfcollections: {tmp_path}: {caught.value}; its variables are a checkpoint: tfcollections "
        f"{tmp_path / 'variables'} lists them\n"
    )
    listed = _run([str(tmp_path / "variables")])
    assert listed.returncode == 0 and b"checkpoint V2" in listed.stdout
    # A directory of a checkpoint alone (no SavedModel file) is still shown as that checkpoint.
    assert _run([str(tmp_path / "variables")]).stderr == b""


def test_a_data_shard_absent_or_cut_short_does_not_restore(tmp_path: Path) -> None:
    # Ten real checkpoint pairs of the corpus lack their .data-00000-of-00001: Saver.restore fails ("No such file
    # or directory"), so the check must not say "restores", and the listing says which shard is amiss.
    restore = CHECKPOINTS / "restore"
    shutil.copy(restore / "model.ckpt.index", tmp_path / "model.ckpt.index")
    shutil.copy(restore / "same.meta", tmp_path / "model.ckpt.meta")
    listing = tfcollections.load_checkpoint(tmp_path / "model.ckpt")
    shard = str(tmp_path / "model.ckpt.data-00000-of-00001")
    assert listing["shards"] == [{"file": shard, "size": None, "needed": 108}]
    check = tfcollections.check_checkpoint(tmp_path / "model.ckpt.meta", listing)
    assert (check["restores"], check["ok"], check["missing"], check["mismatched"]) == (False, [], [], [])
    assert check["unreadable"] == [
        {"name": name, "why": "its data shard model.ckpt.data-00000-of-00001 is not there"}
        for name in ("dense/bias", "dense/kernel", "emb")
    ]
    from .test_cli import _run

    result = _run([str(tmp_path / "model.ckpt.meta"), "--require-restore"])
    out = result.stdout.decode()
    assert result.returncode == 1
    assert "would not restore: 0 missing, 0 mismatched, 3 without their data of the 3 keys the saver writes" in out
    assert "NO DATA IN CHECKPOINT" in out
    listed = _run([str(tmp_path / "model.ckpt.index")]).stdout.decode()
    assert "1 data shard (model.ckpt.data-00000-of-00001 is not there: their tensors cannot be read)" in listed
    # Cut short: the keys whose bytes lie past its end cannot be read, the others can.
    Path(shard).write_bytes((restore / "model.ckpt.data-00000-of-00001").read_bytes()[:100])
    listing = tfcollections.load_checkpoint(tmp_path / "model.ckpt")
    assert listing["shards"] == [{"file": shard, "size": 100, "needed": 108}]
    check = tfcollections.check_checkpoint(tmp_path / "model.ckpt.meta", listing)
    assert check["restores"] is False and check["ok"] == ["dense/bias", "dense/kernel"]
    assert check["unreadable"] == [
        {"name": "emb", "why": "its 24 bytes at byte 84 lie past the end of data shard "
                               "model.ckpt.data-00000-of-00001 (100 bytes)"}
    ]  # fmt: skip
    # Whole again: it restores, and TensorFlow's own verdict on the fixture agrees.
    shutil.copy(restore / "model.ckpt.data-00000-of-00001", shard)
    assert tfcollections.check_checkpoint(tmp_path / "model.ckpt.meta", tmp_path / "model.ckpt")["restores"]


def test_every_tensor_of_a_v1_checkpoint_costs_about_one_pass(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # A V1 checkpoint's values lie in its table: read_tensor read and decoded every block for every tensor
    # (a real 3.3 MB file of 10 tensors took 0.8 s to read whole). The blocks of each tensor are found once per
    # file, and each read reads its own. Here each of 8 tensors has a block of its own.
    from tfcollections._ckpt import table as table_module, values

    names = [f"t{number}" for number in range(8)]
    listed = [{"name": name, "shape": {"dim": [{"size": 2, "name": ""}]}, "type": "DT_INT32"} for name in names]
    entries = [(b"", tfcollections.encode_message("SavedTensorSlices", {"meta": {"tensor": listed}}))]
    for number, name in enumerate(names):
        data = {"name": name, "slice": {"extent": [{}]}, "data": {"int_val": [number, -number]}}
        entries.append((b"\x00" + name.encode(), tfcollections.encode_message("SavedTensorSlices", {"data": data})))
    path = tmp_path / "model.ckpt"
    path.write_bytes(table(entries, block_size=1))
    listing = tfcollections.load_checkpoint(path)
    blocks: List[int] = []
    original = table_module.Table._block

    def counted(self: Any, offset: int, size: int, what: str) -> Any:
        if what.startswith("data block"):
            blocks.append(offset)
        return original(self, offset, size, what)

    monkeypatch.setattr(table_module.Table, "_block", counted)
    values._V1_BLOCKS.clear()
    assert [tfcollections.read_tensor(listing, name).tolist() for name in names] == [[n, -n] for n in range(8)]
    assert len(set(blocks)) == 9  # the header's block and one a tensor
    assert len(blocks) == 9 + 8  # one walk to find the tensors' blocks, then each tensor's own: not 8 x 9
    # Another file, or this one changed, is looked at afresh: the file's identity is part of what is kept.
    path.write_bytes(table(entries[:5], block_size=1))
    assert tfcollections.read_tensor(path, "t3").tolist() == [3, -3]
    assert len(values._V1_BLOCKS) == 2


def test_the_entry_fast_path_keys_on_one_byte_tags_of_the_schema() -> None:
    # fast_entry compares one byte of the input with each tag: a tag of two bytes would be read wrong, not
    # passed to the decoder. The tags come from the schema; this holds them to one byte and to their fields.
    from tfcollections._ckpt import listing as checkpoint

    tags = [
        (checkpoint._ENTRY_DTYPE, (1, 0)), (checkpoint._ENTRY_SHAPE, (2, 2)), (checkpoint._ENTRY_SHARD, (3, 0)),
        (checkpoint._ENTRY_OFFSET, (4, 0)), (checkpoint._ENTRY_SIZE, (5, 0)), (checkpoint._ENTRY_CRC, (6, 5)),
        (checkpoint._SHAPE_DIM, (2, 2)), (checkpoint._DIM_SIZE, (1, 0)),
    ]  # fmt: skip
    assert all(tag < 0x80 and (tag >> 3, tag & 7) == where for tag, where in tags)
