# SPDX-License-Identifier: Apache-2.0
"""TFRecord files and tf.train.Example, against what TensorFlow read from the fixtures it wrote.

tests/data/records was written by tools/generate_record_fixtures.py with TensorFlow 2.21; EXPECTED.json holds
what tf.data.TFRecordDataset gave for every file (the records, then its DataLossError, if any) and what
tf.train.Example.FromString and SequenceExample.FromString gave for every record (floats as their float32 bits).
"""

from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import Any, Dict, List

import pytest
from hypothesis import given, strategies as st

import tfcollections
from tfcollections import DecodeError
from tfcollections._records import examples as examples_module

from .helpers import DATA, REPO, field, varint

# Every test twice: the CRCs of a mapped file computed together, and one record at a time.
pytestmark = pytest.mark.usefixtures("both_crc_loops")

RECORDS = DATA / "records"
EXPECTED: Dict[str, Any] = json.loads((RECORDS / "EXPECTED.json").read_text(encoding="utf-8"))
WHOLE = ["examples.tfrecord", "examples.gz.tfrecord", "examples.zlib.tfrecord", "sequence.tfrecord", "raw.tfrecord"]


@pytest.mark.parametrize("name", WHOLE)
def test_every_record_is_what_tensorflow_reads(name: str) -> None:
    expected = EXPECTED[name]
    found = tfcollections.records(RECORDS / name)  # the compression found from the content
    assert [record.hex() for record in found] == expected["records"]
    assert (found.count, found.truncated, found.compression) == (len(expected["records"]), None,
                                                                 expected["compression"])  # fmt: skip
    given = tfcollections.records(RECORDS / name, compression=expected["compression"].lower(), verify=False)
    assert [record.hex() for record in given] == expected["records"]


def _as_tensorflow_says(values: List[Any], kind: Any) -> List[Any]:
    if kind == "float_list":
        return [struct.pack("<f", value).hex() for value in values]
    if kind == "bytes_list":
        return [value.hex() for value in values]
    return values


def _features(found: Dict[str, List[Any]], expected: Dict[str, Any]) -> None:
    assert sorted(found) == sorted(expected)
    for name, feature in expected.items():
        assert _as_tensorflow_says(found[name], feature["kind"]) == feature["values"], name
        assert all(type(value) is {"float_list": float, "bytes_list": bytes, "int64_list": int, None: int}[
            feature["kind"]] for value in found[name])  # fmt: skip


@pytest.mark.parametrize("name", ["examples.tfrecord", "examples.gz.tfrecord", "examples.zlib.tfrecord"])
def test_examples_are_what_tensorflows_example_parser_gives(name: str) -> None:
    expected = EXPECTED["examples.tfrecord"]["examples"]
    found = list(tfcollections.examples(RECORDS / name))
    assert len(found) == len(expected) == 40
    for example, want in zip(found, expected):
        _features(example, want)
    assert found[0]["extremes"] == [-(2**63), 2**63 - 1, 0, -1] and found[0]["empty"] == []
    nan, inf, minus_inf, minus_zero, tiny, tenth, big = found[0]["special"]
    assert nan != nan and (inf, minus_inf) == (float("inf"), float("-inf"))
    assert str(minus_zero) == "-0.0" and tiny == 2**-149 and tenth == struct.unpack("<f", struct.pack("<f", 0.1))[0]
    assert big == struct.unpack("<f", struct.pack("<f", 3.4e38))[0]
    assert found[5]["text"] == ["record 5 é".encode(), b""]


def test_sequence_examples_are_what_tensorflow_gives() -> None:
    expected = EXPECTED["sequence.tfrecord"]["sequence_examples"]
    found = list(tfcollections.examples(RECORDS / "sequence.tfrecord"))
    assert len(found) == 10
    for example, want in zip(found, expected):
        _features(example["context"], want["context"])
        assert sorted(example["feature_lists"]) == sorted(want["feature_lists"])
        for name, features in want["feature_lists"].items():
            assert [_as_tensorflow_says(values, feature["kind"]) for values, feature in
                    zip(example["feature_lists"][name], features)] == [f["values"] for f in features]  # fmt: skip
            assert len(example["feature_lists"][name]) == len(features)


def test_an_example_and_a_sequence_example_are_told_apart() -> None:
    blob = next(iter(tfcollections.records(RECORDS / "sequence.tfrecord")))
    assert set(tfcollections.decode_example(blob)) == {"context", "feature_lists"}
    plain = next(iter(tfcollections.records(RECORDS / "examples.tfrecord")))
    assert "id" in tfcollections.decode_example(plain)
    # A SequenceExample of context only is an Example on the wire: read as one unless asked otherwise.
    context_only = b"\x0a" + blob[1 : 2 + blob[1]]  # its field 1 alone
    assert tfcollections.decode_example(context_only) == tfcollections.decode_example(blob)["context"]
    assert tfcollections.decode_example(context_only, sequence=True)["feature_lists"] == {}


def test_the_column_form_lines_records_up_by_feature() -> None:
    columns = tfcollections.example_columns(RECORDS / "examples.tfrecord")
    first = next(iter(tfcollections.examples(RECORDS / "examples.tfrecord")))
    assert list(columns) == list(first)  # the order names first appear in (record 0 has every feature)
    assert all(len(column) == 40 for column in columns.values())
    assert columns["id"] == [[index] for index in range(40)]
    assert columns["sometimes"][:4] == [[0.0], None, None, [1.0]]  # in every third record only


@pytest.mark.parametrize("part", ["length", "length_crc", "data", "data_crc"])
def test_a_file_cut_inside_its_last_record(part: str) -> None:
    # TensorFlow reads every whole record, then raises DataLossError for a record cut in its data or its CRC, and
    # ends cleanly for one cut in its length: strict=True does the same; by default the iteration ends, saying where.
    name = f"truncated_{part}.tfrecord"
    expected = EXPECTED[name]
    found = tfcollections.records(RECORDS / name)
    assert [record.hex() for record in found] == expected["records"]
    assert found.truncated == expected["last_record_at"] and found.count == 39
    strict = tfcollections.records(RECORDS / name, strict=True)
    if expected["error"] is None:
        assert len(list(strict)) == 39
    else:
        with pytest.raises(DecodeError) as caught:
            list(strict)
        assert str(caught.value).startswith(expected["error"]) and caught.value.pos == expected["last_record_at"]


@pytest.mark.parametrize("part", ["length", "length_crc", "data", "data_crc"])
def test_a_record_whose_crc_does_not_hold(part: str) -> None:
    name = f"flipped_{part}.tfrecord"
    expected = EXPECTED[name]
    read: List[str] = []
    with pytest.raises(DecodeError) as caught:
        for record in tfcollections.records(RECORDS / name):
            read.append(record.hex())
    assert read == expected["records"]
    tensorflow_says = expected["error"].split(" [Op:")[0]  # "corrupted record at 356"
    assert str(caught.value).startswith(tensorflow_says + ":"), (str(caught.value), tensorflow_says)
    assert "record 1 of" in str(caught.value)
    if part in ("data", "data_crc"):  # unchecked, the record is read as it is
        assert len(list(tfcollections.records(RECORDS / name, verify=False))) == 40


@pytest.mark.parametrize("suffix", ["", ".gz"])
def test_an_unchecked_length_past_the_end_is_a_cut_record(tmp_path: Path, suffix: str) -> None:
    # Unchecked, a damaged length may say petabytes: the record is cut short, and nothing that long is read.
    import gzip

    data = (RECORDS / "raw.tfrecord").read_bytes()
    first = 12 + struct.unpack_from("<Q", data)[0] + 4  # the second record's frame starts here
    damaged = data[:first] + struct.pack("<Q", 1 << 62) + data[first + 8 :]
    path = tmp_path / f"damaged.tfrecord{suffix}"
    path.write_bytes(gzip.compress(damaged) if suffix else damaged)
    found = tfcollections.records(path, verify=False)
    assert [record.hex() for record in found] == EXPECTED["raw.tfrecord"]["records"][:1]
    assert found.truncated == first
    with pytest.raises(DecodeError, match="corrupted record at"):  # checked, its length's CRC does not hold
        list(tfcollections.records(path))


def test_a_compressed_file_read_in_part_is_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    # Left unfinished, the iterator closes its file when it is closed, as the garbage collector closes it.
    from tfcollections._records import tfrecord

    files: List[Any] = []

    class Kept(tfrecord._Inflater):
        def __init__(self, file: Any, compression: str) -> None:
            super().__init__(file, compression)
            files.append(file)

    monkeypatch.setattr(tfrecord, "_Inflater", Kept)
    found = tfcollections.records(RECORDS / "examples.gz.tfrecord")
    assert next(iter(found)).hex() == EXPECTED["examples.gz.tfrecord"]["records"][0]
    (file,) = files
    assert not file.closed and found.count == 1
    found._frames.close()
    assert file.closed


def test_bad_input_says_what_it_is(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="compression is one of '', 'GZIP', 'ZLIB'"):
        tfcollections.records(RECORDS / "raw.tfrecord", compression="snappy")
    with pytest.raises(DecodeError, match=r"corrupted record at 0: record 0 of .*model\.meta: the CRC of its length"):
        list(tfcollections.records(REPO / "examples" / "model.meta"))
    empty = tmp_path / "empty.tfrecord"
    empty.write_bytes(b"")
    assert list(tfcollections.records(empty)) == []
    with pytest.raises(FileNotFoundError):
        tfcollections.records(tmp_path / "missing.tfrecord")
    # raw.tfrecord's second record is one zero byte: field number 0, which no Example has.
    with pytest.raises(DecodeError, match=r"record 1 of .*raw.tfrecord is not a tf.train.Example: .*field number 0"):
        list(tfcollections.examples(RECORDS / "raw.tfrecord"))
    broken = tmp_path / "broken.gz.tfrecord"
    compressed = (RECORDS / "examples.gz.tfrecord").read_bytes()
    broken.write_bytes(compressed[:40] + b"\xff" * 16 + compressed[56:])  # a deflate block of no valid type
    with pytest.raises(DecodeError, match="the GZIP stream does not decompress"):
        list(tfcollections.records(broken))


def _cli(args: List[str]) -> Any:
    import io
    import subprocess

    from tfcollections._cli.main import Environment, main

    out, err = io.StringIO(), io.StringIO()
    code = main(args, Environment(io.BytesIO(), out, err, cwd=str(REPO)))
    return subprocess.CompletedProcess(args, code, out.getvalue(), err.getvalue())


def test_the_records_command_tallies_features() -> None:
    result = _cli(["records", "tests/data/records/examples.zlib.tfrecord", "tests/data/records/raw.tfrecord"])
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "tests/data/records/examples.zlib.tfrecord: TFRecord, ZLIB, 40 records, 22,339 bytes"
    assert lines[1] == "  tf.train.Example features (9):"
    assert "    sometimes  float_list  14       1" in lines and "    ints       int64_list  40       1-48" in lines
    assert "tests/data/records/raw.tfrecord: TFRecord, 3 records, 70,001 bytes" in lines
    assert "  records of bytes (not tf.train.Example)" in lines
    sequence = _cli(["records", "tests/data/records/sequence.tfrecord", "--json", "--limit", "1"])
    document = json.loads(sequence.stdout)
    assert document["examples"] == "SequenceExample" and document["records"] == 10 and len(document["first"]) == 1
    assert document["features"]["tokens (list)"]["kind"] == "int64_list"
    first = json.loads(_cli(["records", "tests/data/records/examples.tfrecord", "--json"]).stdout)["first"][0]
    assert first["special"][0] == {"$float": "nan"} and first["text"][1] == {"$base64": ""}


def test_the_records_command_says_what_is_wrong_in_one_line() -> None:
    cut = _cli(["records", "tests/data/records/truncated_data.tfrecord"])
    assert cut.returncode == 0 and "  the file ends inside its last record, which starts at byte 22,276" in cut.stdout
    flipped = _cli(["records", "tests/data/records/flipped_data.tfrecord", "tests/data/records/raw.tfrecord"])
    assert flipped.returncode == 3 and flipped.stderr.count("\n") == 1
    assert flipped.stderr.startswith("tfcollections records: tests/data/records/flipped_data.tfrecord: corrupted "
                                     "record at 356: record 1 of")  # fmt: skip
    assert "raw.tfrecord: TFRecord, 3 records" in flipped.stdout  # the next file is still read
    missing = _cli(["records", "nope.tfrecord"])
    assert (missing.returncode, missing.stderr) == (3, "tfcollections records: nope.tfrecord: cannot read: No such "
                                                       "file or directory\n")  # fmt: skip
    assert _cli(["records"]).returncode == 2 and _cli(["records", "x", "--compression", "lz4"]).returncode == 2


def test_a_tfrecord_given_as_a_model_says_what_it_is() -> None:
    with pytest.raises(DecodeError, match=r"a TFRecord file .*`tfcollections records FILE` reads it"):
        tfcollections.load(RECORDS / "examples.tfrecord")
    result = _cli(["tests/data/records/sequence.tfrecord"])
    assert result.returncode == 3 and "a TFRecord file" in result.stderr


# --------------------------------------------------------------------------- the one-pass Example


def _bits(value: Any) -> Any:
    """Floats by their bits (NaN equals NaN), lists and dicts through."""
    if isinstance(value, float):
        return struct.pack("<d", value)
    if isinstance(value, list):
        return [_bits(item) for item in value]
    if isinstance(value, dict):
        return {key: _bits(item) for key, item in value.items()}
    return value


def _one_pass_agrees(blob: bytes) -> bool:
    """Whether the one pass gives the decoder's answer, or leaves the record to it (None)."""
    fast = examples_module._fast_example(blob)
    if fast is None:
        return False
    message = examples_module._EXAMPLE
    decoded = message.new()
    examples_module.parse_message(blob, 0, len(blob), message, decoded, 0)  # raises where the record is damaged
    assert list(fast) == list(examples_module._features(decoded["features"]))
    assert _bits(fast) == _bits(examples_module._features(decoded["features"]))
    return True


@pytest.mark.slow
def test_the_one_pass_reads_what_tensorflow_wrote_as_the_decoder_does() -> None:
    blobs = [bytes.fromhex(record) for record in EXPECTED["examples.tfrecord"]["records"]]
    assert all(_one_pass_agrees(blob) for blob in blobs)  # every record TensorFlow wrote: in one pass
    taken = 0
    for blob in blobs[:12]:
        for at in range(0, len(blob), 3):
            for byte in {0x00, 0x7F, 0x80, 0xFF, blob[at] ^ 0x01}:
                changed = blob[:at] + bytes([byte]) + blob[at + 1 :]
                try:
                    taken += _one_pass_agrees(changed)
                except DecodeError:  # the decoder refuses it: the one pass must have left it
                    assert examples_module._fast_example(changed) is None
    assert taken > 1000  # changed values and names are still read in one pass


def _int64_run(run: bytes) -> bytes:
    """An Example of one int64 feature whose packed run is *run*, as written (any bytes)."""
    return field(1, field(1, field(1, b"ids") + field(2, field(3, field(1, run)))))


@pytest.mark.parametrize("width", range(1, 10))
def test_a_run_that_ends_inside_a_varint_is_left_to_the_decoder(width: int) -> None:
    # A varint of ten bytes cut after each of its first nine: after its first, second or third byte the one
    # pass's iterator stops, after more its loop of a long varint runs out; the decoder says where the run ends.
    cut = varint(-1)[:width]  # ten bytes, each but the last with its continuation bit
    blob = _int64_run(varint(300) + cut)
    assert examples_module._fast_example(blob) is None
    with pytest.raises(DecodeError, match="truncated"):
        tfcollections.decode_example(blob)


@pytest.mark.parametrize(
    "run, values",
    [
        (bytes([0x80] * 9 + [0x7F]), [-(2**63)]),  # a tenth byte past 64 bits: its bits above the 64th dropped
        (bytes([0xFF] * 9 + [0x01]), [-1]),
        (bytes([0x81, 0x80, 0x80, 0x00]), [1]),  # a value written longer than it needs
        (bytes([0x96, 0x01, 0x7F, 0x80, 0x80, 0x80, 0x01]), [150, 127, 1 << 21]),
    ],
)
def test_long_varints_read_in_one_pass_as_the_decoder_reads_them(run: bytes, values: List[int]) -> None:
    blob = _int64_run(run)
    assert _one_pass_agrees(blob)
    assert tfcollections.decode_example(blob) == {"ids": values}


def test_an_eleventh_byte_is_left_to_the_decoder() -> None:
    blob = _int64_run(bytes([0x80] * 10 + [0x01]))
    assert examples_module._fast_example(blob) is None
    with pytest.raises(DecodeError):
        tfcollections.decode_example(blob)


@given(
    st.dictionaries(
        st.text(max_size=140),
        st.one_of(
            st.lists(st.binary(max_size=200), max_size=5),
            st.lists(st.floats(width=32), max_size=40),
            st.lists(st.integers(-(2**63), 2**63 - 1), max_size=40),
        ),
        max_size=6,
    )
)
def test_the_one_pass_reads_generated_examples_as_the_decoder_does(features: Dict[str, List[Any]]) -> None:
    body = b""
    for name, values in features.items():
        if values and isinstance(values[0], bytes):
            kind = field(1, b"".join(field(1, value) for value in values))
        elif values and isinstance(values[0], float):
            kind = field(2, field(1, struct.pack(f"<{len(values)}f", *values)))
        else:
            kind = field(3, field(1, b"".join(varint(value) for value in values)) if values else b"")
        body += field(1, field(1, name.encode()) + field(2, kind))
    blob = field(1, body) if features else b""
    assert _one_pass_agrees(blob)


def test_a_long_file_shows_its_progress_on_a_terminal_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Records read so far, on a line rewritten in place on stderr (once each 1,024 records), cleared at the end.
    import io

    from tfcollections._cli.main import Environment, main
    from tfcollections._cli.progress import Progress

    from .helpers import tfrecord_frame

    monkeypatch.setattr(Progress, "DELAY", 0.0)
    monkeypatch.setattr(Progress, "INTERVAL", 0.0)
    (tmp_path / "many.tfrecord").write_bytes(b"".join(tfrecord_frame(b"x" * 3) for _ in range(3000)))

    def run(*flags: str, terminal: bool = True) -> str:
        err = io.StringIO()
        env = Environment(io.BytesIO(), io.StringIO(), err, cwd=str(tmp_path), stderr_isatty=terminal)
        assert main(["records", "many.tfrecord", *flags], env) == 0
        return err.getvalue()

    shown = run()
    assert shown.startswith("\rtfcollections records: 1,024 records read: ") and "2,048 records read" in shown
    assert shown.endswith("\r\x1b[K")
    assert run("-q") == run("--json") == run(terminal=False) == ""
