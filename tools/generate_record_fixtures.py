# SPDX-License-Identifier: Apache-2.0
"""Write TFRecord files with real TensorFlow, and what TensorFlow reads from them (run by hand, in $TFVENV).

    $TFVENV/bin/python -m tools.generate_record_fixtures

Writes tests/data/records/ and tests/data/records/EXPECTED.json:

- ``examples.tfrecord``, ``examples.gz.tfrecord`` (GZIP) and ``examples.zlib.tfrecord`` (ZLIB): the same 40
  ``tf.train.Example`` records (seeded): int64 (with negatives and 2**63 - 1), float (NaN, infinities, -0.0, a
  subnormal, values float32 rounds), bytes (empty, binary, UTF-8), a feature of no kind, features present in some
  records only, lists of lengths 0 to 50;
- ``sequence.tfrecord``: 10 ``tf.train.SequenceExample`` records (context and feature lists of every kind);
- ``raw.tfrecord``: records of raw bytes (empty, 1 byte, 70 KB);
- ``truncated_*.tfrecord``: ``examples.tfrecord`` cut inside its last record's length, its length's CRC, its data
  and its data's CRC; ``flipped_*.tfrecord``: one byte changed in a record's length, in its length's CRC, in its
  data, in its data's CRC.

For each file, EXPECTED.json holds what ``tf.data.TFRecordDataset`` gives (every record's bytes, hex, and then
TensorFlow's error if it raises one: ``DataLossError`` with its message), and for the Example files what
``tf.train.Example.FromString`` (or ``SequenceExample``) gives, feature by feature, floats as their float32 bits
(hex) so that NaN and -0.0 compare exactly.
"""

from __future__ import annotations

import argparse
import json
import os
import struct
import sys
from pathlib import Path
from typing import Any, Dict, List

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np
import tensorflow as tf

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "records"


def _example(rng: np.random.Generator, index: int) -> tf.train.Example:
    features: Dict[str, tf.train.Feature] = {
        "id": tf.train.Feature(int64_list=tf.train.Int64List(value=[index])),
        "ints": tf.train.Feature(int64_list=tf.train.Int64List(
            value=[int(v) for v in rng.integers(-(2**40), 2**40, size=int(rng.integers(0, 50)))])),
        "extremes": tf.train.Feature(int64_list=tf.train.Int64List(value=[-(2**63), 2**63 - 1, 0, -1])),
        "floats": tf.train.Feature(float_list=tf.train.FloatList(
            value=[float(v) for v in rng.standard_normal(int(rng.integers(0, 20)))])),
        "special": tf.train.Feature(float_list=tf.train.FloatList(
            value=[float("nan"), float("inf"), float("-inf"), -0.0, 1e-45, 0.1, 3.4e38])),
        "text": tf.train.Feature(bytes_list=tf.train.BytesList(value=[f"record {index} é".encode(), b""])),
        "blob": tf.train.Feature(bytes_list=tf.train.BytesList(value=[bytes(rng.integers(0, 256, size=index))])),
        "empty": tf.train.Feature(),
    }  # fmt: skip
    if index % 3 == 0:
        features["sometimes"] = tf.train.Feature(float_list=tf.train.FloatList(value=[index / 3]))
    return tf.train.Example(features=tf.train.Features(feature=features))


def _sequence_example(rng: np.random.Generator, index: int) -> tf.train.SequenceExample:
    steps = int(rng.integers(0, 6))
    tokens = tf.train.FeatureList(
        feature=[
            tf.train.Feature(
                int64_list=tf.train.Int64List(
                    value=[int(v) for v in rng.integers(0, 1000, size=int(rng.integers(1, 4)))]
                )
            )
            for _ in range(steps)
        ]
    )
    scores = tf.train.FeatureList(
        feature=[
            tf.train.Feature(float_list=tf.train.FloatList(value=[float(rng.standard_normal())])) for _ in range(steps)
        ]
    )
    words = tf.train.FeatureList(feature=[tf.train.Feature(bytes_list=tf.train.BytesList(
        value=[f"w{i}".encode()])) for i in range(steps)])  # fmt: skip
    context = tf.train.Features(feature={
        "length": tf.train.Feature(int64_list=tf.train.Int64List(value=[steps])),
        "label": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"pos" if index % 2 else b"neg"])),
    })  # fmt: skip
    lists = tf.train.FeatureLists(feature_list={"tokens": tokens, "scores": scores, "words": words})
    return tf.train.SequenceExample(context=context, feature_lists=lists)


def _feature(feature: Any) -> Any:
    kind = feature.WhichOneof("kind")
    if kind is None:
        return {"kind": None, "values": []}
    values = list(getattr(feature, kind).value)
    if kind == "float_list":
        values = [struct.pack("<f", value).hex() for value in values]  # float32 bits: NaN and -0.0 exactly
    elif kind == "bytes_list":
        values = [value.hex() for value in values]
    return {"kind": kind, "values": values}


def _parsed(blob: bytes, sequence: bool) -> Any:
    if not sequence:
        example = tf.train.Example.FromString(blob)
        return {name: _feature(feature) for name, feature in example.features.feature.items()}
    example = tf.train.SequenceExample.FromString(blob)
    return {
        "context": {name: _feature(feature) for name, feature in example.context.feature.items()},
        "feature_lists": {name: [_feature(feature) for feature in feature_list.feature]
                          for name, feature_list in example.feature_lists.feature_list.items()},
    }  # fmt: skip


def _read(path: Path, compression: str = "") -> Dict[str, Any]:
    """What tf.data.TFRecordDataset gives: the records, and the error it raises if it does."""
    found: List[str] = []
    error = None
    try:
        for record in tf.data.TFRecordDataset(str(path), compression_type=compression):
            found.append(record.numpy().hex())
    except tf.errors.DataLossError as exc:
        error = exc.message.split("' failed with")[0].split("}} ")[-1]
    return {"records": found, "error": error, "compression": compression}


def _write(path: Path, blobs: List[bytes], compression: str = "") -> None:
    options = tf.io.TFRecordOptions(compression_type=compression)
    with tf.io.TFRecordWriter(str(path), options) as writer:
        for blob in blobs:
            writer.write(blob)


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(37)
    examples = [_example(rng, index).SerializeToString() for index in range(40)]
    sequences = [_sequence_example(rng, index).SerializeToString() for index in range(10)]
    expected: Dict[str, Any] = {}
    for name, compression in (("examples.tfrecord", ""), ("examples.gz.tfrecord", "GZIP"),
                              ("examples.zlib.tfrecord", "ZLIB")):  # fmt: skip
        _write(OUT / name, examples, compression)
        expected[name] = _read(OUT / name, compression)
    expected["examples.tfrecord"]["examples"] = [_parsed(blob, False) for blob in examples]  # the three files' records
    _write(OUT / "sequence.tfrecord", sequences)
    expected["sequence.tfrecord"] = _read(OUT / "sequence.tfrecord")
    expected["sequence.tfrecord"]["sequence_examples"] = [_parsed(blob, True) for blob in sequences]
    _write(OUT / "raw.tfrecord", [b"", b"\x00", bytes(rng.integers(0, 256, size=70_000, dtype=np.uint8))])
    expected["raw.tfrecord"] = _read(OUT / "raw.tfrecord")
    data = (OUT / "examples.tfrecord").read_bytes()
    last = len(data) - (12 + len(examples[-1]) + 4)  # where the last record starts
    for part, cut in (("length", last + 5), ("length_crc", last + 10), ("data", last + 12 + 7),
                      ("data_crc", len(data) - 2)):  # fmt: skip
        path = OUT / f"truncated_{part}.tfrecord"
        path.write_bytes(data[:cut])
        expected[path.name] = {**_read(path), "cut_at": cut, "last_record_at": last}
    second = 12 + len(examples[0]) + 4  # where the second record starts
    for part, at in (("length", second + 1), ("length_crc", second + 9), ("data", second + 12 + 3),
                     ("data_crc", second + 12 + len(examples[1]) + 1)):  # fmt: skip
        changed = bytearray(data)
        changed[at] ^= 0x04
        path = OUT / f"flipped_{part}.tfrecord"
        path.write_bytes(bytes(changed))
        expected[path.name] = {**_read(path), "changed_at": at, "record_at": second}
    expected["_"] = {"tensorflow": tf.__version__, "generator": "tools/generate_record_fixtures.py"}
    (OUT / "EXPECTED.json").write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")
    print(f"{len(expected) - 1} files in {OUT}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args()
    sys.exit(main())
