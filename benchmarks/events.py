# SPDX-License-Identifier: Apache-2.0
"""Event files and TFRecords against TensorBoard, tbparse, tf.data and protobuf, in one run (issue 37, point 6).

    bash benchmarks/run.sh --events          # makes .venv-bench if needed, then runs this (about 10 minutes)
    .venv-bench/bin/python -m benchmarks.events [--quick] [--json out.json]

Sections (docs/performance.md keeps the last table):

1. A log of 1,000,000 scalar events over 20 tags, written by TF 2's ``tf.summary.scalar`` (50,000 steps), every
   scalar read as (run, tag, step, wall time, value): ``event_columns(logdir)`` (every CRC checked, with each
   CRC-32C backend) against TensorBoard's ``EventAccumulator`` with size guidance 0 (``Reload`` and each tag's
   tensors made floats) and against tbparse's ``SummaryReader(logdir).scalars``; each held to give the same
   values. The same for a log PyTorch's ``SummaryWriter`` wrote (``simple_value`` events).
2. A TFRecord file of about 1 GB of ``tf.train.Example`` records (about 1 KB each): every record's bytes with both
   CRCs checked, ``records(path)`` with each CRC-32C backend, against ``tf.data.TFRecordDataset`` iterated in
   Python (``as_numpy_iterator``: each record as ``bytes``, what a Python user gets) and against the same dataset
   counted inside TensorFlow (``reduce``: no record reaches Python; the floor of any reader that hands records
   to Python).
3. ``decode_example`` of 20,000 of those records against protobuf's upb ``Example.FromString`` plus the Python
   loop that makes the same dicts; held to give the same dicts. ``--only examples`` times them in turn with the
   floor of any exact pure-Python reader beside them (``example_floor``: the same dicts, nothing checked).
4. Memory: the peak RSS of a fresh process that reads every event of the TF 2 log (keeping none), and of one that
   reads a file ten times its size, against one that only imports the package: what reading costs beyond the
   import, whatever the file's size.

The targets of issue 37 are checked at the end (PASS / MISS); the exit code is 0 either way.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Tuple

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
REPO = Path(__file__).resolve().parent.parent

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

import tfcollections  # noqa: E402
from tfcollections._ckpt import crc32c as _crc32c  # noqa: E402

gc.freeze()  # TensorFlow's objects out of the collector, as a process using tfcollections has none of them

BACKENDS = ("python", "crc32c", "google_crc32c")


def _timed(run: Callable[[], Any], repeats: int) -> Tuple[float, Any]:
    samples, result = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        result = run()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples), result


def _with_backend(name: str, run: Callable[[], Any]) -> Callable[[], Any]:
    """*run* with the CRC-32C backend *name*, chosen as a user would (TFCOLLECTIONS_CRC32C), afresh."""

    def wrapped() -> Any:
        os.environ["TFCOLLECTIONS_CRC32C"] = name
        _crc32c._FOUND.clear()
        try:
            assert _crc32c.backend() == name, (_crc32c.backend(), name)
            return run()
        finally:
            os.environ.pop("TFCOLLECTIONS_CRC32C", None)
            _crc32c._FOUND.clear()

    return wrapped


# --------------------------------------------------------------------------- 1. scalars


def write_tf2_log(logdir: Path, steps: int, tags: int) -> None:
    writer = tf.summary.create_file_writer(str(logdir / "train"), max_queue=10_000, flush_millis=60_000)

    @tf.function
    def write(count: tf.Tensor) -> None:
        with writer.as_default():
            for step in tf.range(count, dtype=tf.int64):
                value = tf.cast(step, tf.float32)
                for tag in range(tags):
                    tf.summary.scalar(f"metric_{tag:02d}", value * (tag + 1) / 7.0, step=step)

    write(tf.constant(steps, tf.int64))
    writer.close()


def write_torch_log(logdir: Path, steps: int, tags: int) -> None:
    from torch.utils.tensorboard import SummaryWriter

    writer = SummaryWriter(str(logdir / "torch"), max_queue=10_000, flush_secs=600)
    for step in range(steps):
        for tag in range(tags):
            writer.add_scalar(f"metric_{tag:02d}", step * (tag + 1) / 7.0, step)
    writer.close()


def ours_scalars(logdir: Path) -> List[Tuple[str, str, int, float, float]]:
    columns = tfcollections.event_columns(logdir)
    return list(zip(columns["run"], columns["tag"], columns["step"], columns["wall_time"], columns["value"]))


def accumulator_scalars(logdir: Path) -> List[Tuple[str, str, int, float, float]]:
    """Every scalar through EventAccumulator (size guidance 0: none sampled away), TF 1 and TF 2 alike."""
    from tensorboard.backend.event_processing import event_accumulator
    from tensorboard.util import tensor_util

    rows = []
    for run in sorted(os.listdir(logdir)):
        accumulator = event_accumulator.EventAccumulator(
            str(logdir / run), size_guidance={event_accumulator.SCALARS: 0, event_accumulator.TENSORS: 0}
        )
        accumulator.Reload()
        tags = accumulator.Tags()
        for tag in tags["scalars"]:
            rows += [(run, tag, e.step, e.wall_time, e.value) for e in accumulator.Scalars(tag)]
        for tag in tags["tensors"]:
            rows += [(run, tag, e.step, e.wall_time, tensor_util.make_ndarray(e.tensor_proto).item())
                     for e in accumulator.Tensors(tag)]  # fmt: skip
    return rows


def tbparse_scalars(logdir: Path) -> List[Tuple[str, str, int, float, float]]:
    from tbparse import SummaryReader

    # tbparse keeps TF 1 simple values as scalars and TF 2's scalar tensors as tensors: both are asked for.
    reader = SummaryReader(str(logdir), extra_columns={"dir_name", "wall_time"}, event_types={"scalars", "tensors"})
    rows = []
    for frame in (reader.scalars, reader.tensors):
        if len(frame):
            rows += zip(frame["dir_name"], frame["tag"], frame["step"], frame["wall_time"], frame["value"])
    return rows


def _same_rows(a: List[Tuple[Any, ...]], b: List[Tuple[Any, ...]]) -> bool:
    key = lambda row: (row[0], row[1], int(row[2]), float(row[3]))  # noqa: E731
    return sorted((key(row), float(row[4])) for row in a) == sorted((key(row), float(row[4])) for row in b)


def bench_scalars(workdir: Path, quick: bool) -> Dict[str, Any]:
    steps, tags = (2_500, 20) if quick else (50_000, 20)
    results: Dict[str, Any] = {}
    for writer, make in (("tf2", write_tf2_log), ("torch", write_torch_log)):
        logdir = workdir / f"log_{writer}"
        started = time.perf_counter()
        make(logdir, steps if writer == "tf2" else steps // 5, tags)
        files = [path for path in logdir.rglob("*tfevents*")]
        size = sum(path.stat().st_size for path in files)
        count = (steps if writer == "tf2" else steps // 5) * tags
        print(f"{writer} log: {count:,} scalar events, {size / 1e6:.1f} MB, written in "
              f"{time.perf_counter() - started:.1f} s", flush=True)  # fmt: skip
        row: Dict[str, Any] = {"events": count, "bytes": size}
        reference = None
        for backend in BACKENDS:
            seconds, found = _timed(_with_backend(backend, lambda: ours_scalars(logdir)), 3)  # noqa: B023
            assert len(found) == count, (len(found), count)
            reference = reference or found
            row[f"ours_{backend}"] = seconds
            print(f"  ours ({backend} CRC): {seconds:.2f} s", flush=True)
        normalized = [(run if run != "." else "", *rest) for run, *rest in reference]  # type: ignore[union-attr]
        seconds, found = _timed(lambda: accumulator_scalars(logdir), 1 if not quick else 2)  # noqa: B023
        assert _same_rows(found, normalized), "EventAccumulator's scalars differ from ours"
        row["event_accumulator"] = seconds
        print(f"  EventAccumulator (size guidance 0): {seconds:.2f} s", flush=True)
        seconds, found = _timed(lambda: tbparse_scalars(logdir), 1 if not quick else 2)  # noqa: B023
        assert _same_rows(found, normalized), "tbparse's scalars differ from ours"
        row["tbparse"] = seconds
        print(f"  tbparse: {seconds:.2f} s", flush=True)
        results[writer] = row
    return results


# --------------------------------------------------------------------------- 2, 3. TFRecords of Examples


def write_examples(path: Path, megabytes: int) -> Tuple[int, int]:
    rng = np.random.default_rng(11)
    distinct = []
    for index in range(512):
        feature = {
            "id": tf.train.Feature(int64_list=tf.train.Int64List(value=[index])),
            "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[int(rng.integers(0, 1000))])),
            "embedding": tf.train.Feature(float_list=tf.train.FloatList(value=rng.standard_normal(128).tolist())),
            "tokens": tf.train.Feature(int64_list=tf.train.Int64List(value=rng.integers(0, 30_000, 64).tolist())),
            "text": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"an example of some text " * 4])),
        }
        distinct.append(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
    target = megabytes * 1_000_000
    written = count = 0
    with tf.io.TFRecordWriter(str(path)) as writer:
        while written < target:
            record = distinct[count % len(distinct)]
            writer.write(record)
            written += len(record) + 16
            count += 1
    return count, path.stat().st_size


def bench_records(workdir: Path, quick: bool) -> Dict[str, Any]:
    path = workdir / "examples.tfrecord"
    count, size = write_examples(path, 50 if quick else 1000)
    print(f"TFRecord: {count:,} Examples, {size / 1e6:.0f} MB", flush=True)
    row: Dict[str, Any] = {"records": count, "bytes": size}

    def ours() -> int:
        total = 0
        for record in tfcollections.records(path):
            total += len(record)
        return total

    payload = size - 16 * count
    for backend in BACKENDS:
        seconds, total = _timed(_with_backend(backend, ours), 3 if backend != "python" else 1)
        assert total == payload
        row[f"ours_{backend}"] = seconds
        print(f"  records() ({backend} CRC): {seconds:.2f} s", flush=True)

    def tf_data_python() -> int:
        total = 0
        for record in tf.data.TFRecordDataset(str(path)).as_numpy_iterator():
            total += len(record)
        return total

    seconds, total = _timed(tf_data_python, 1)
    assert total == payload
    row["tf_data_python"] = seconds
    print(f"  tf.data, iterated in Python: {seconds:.2f} s", flush=True)
    dataset = tf.data.TFRecordDataset(str(path))
    counted = dataset.reduce(
        tf.constant(0, tf.int64), lambda total, record: total + tf.cast(tf.strings.length(record), tf.int64)
    )
    assert int(counted) == payload
    seconds, _ = _timed(lambda: dataset.reduce(tf.constant(0, tf.int64), lambda t, r: t + 1), 3)
    row["tf_data_reduce"] = seconds
    print(f"  tf.data, counted inside TensorFlow: {seconds:.2f} s", flush=True)

    # 3. Example decoding, from records in memory.
    blobs = []
    for record in tfcollections.records(path):
        blobs.append(record)
        if len(blobs) == 20_000:
            break

    upb, mine = _example_decoders(blobs)
    row["examples"] = len(blobs)
    row["decode_ours"], _ = _timed(mine, 5)
    row["decode_upb"], _ = _timed(upb, 5)
    row["decode_floor"], _ = _timed(lambda: [example_floor(blob) for blob in blobs], 5)
    print(f"  {len(blobs):,} Examples decoded: ours {row['decode_ours']:.3f} s, upb + loop {row['decode_upb']:.3f} s, "
          f"the floor {row['decode_floor']:.3f} s")  # fmt: skip
    path.unlink()
    return row


def _example_decoders(blobs: List[bytes]) -> Tuple[Callable[[], Any], Callable[[], Any]]:
    """upb's ``Example.FromString`` with the loop that makes the same dicts, and ``decode_example``: each decodes every
    blob; checked to agree before either is timed."""
    from tensorflow.core.example import example_pb2

    def upb() -> List[Dict[str, Any]]:
        out = []
        for blob in blobs:
            example = example_pb2.Example.FromString(blob)
            decoded = {}
            for name, feature in example.features.feature.items():
                kind = feature.WhichOneof("kind")
                decoded[name] = list(getattr(feature, kind).value) if kind else []
            out.append(decoded)
        return out

    def mine() -> List[Dict[str, Any]]:
        decode = tfcollections.decode_example
        return [decode(blob) for blob in blobs]

    assert upb() == mine(), "decode_example differs from protobuf's"
    return upb, mine


def _size(blob: bytes, pos: int) -> Tuple[int, int]:
    size = blob[pos]
    if size < 0x80:
        return size, pos + 1
    second = blob[pos + 1]
    if second < 0x80:
        return (size & 0x7F) | (second << 7), pos + 2
    return (size & 0x7F) | ((second & 0x7F) << 7) | (blob[pos + 2] << 14), pos + 3


_FLOAT_RUNS: Dict[int, Callable[[bytes, int], Tuple[float, ...]]] = {}  # the floor's structs, by a run's length


def example_floor(blob: bytes) -> Dict[str, Any]:
    """The floor of any exact pure-Python Example reader: the same dicts as ``decode_example`` for an Example as
    TensorFlow writes it, made with the same idioms (one-byte lengths read inline, an iterator over an int64 run's
    bytes, a float run unpacked by a struct kept by the run's length) and no check at all: every tag and length
    trusted, every kind taken from its tag's byte."""
    out: Dict[str, Any] = {}
    _, pos = _size(blob, 1)
    end = len(blob)
    while pos < end:
        length = blob[pos + 1]  # the entry
        if length < 0x80:
            pos += 2
        else:
            length, pos = _size(blob, pos + 1)
        entry_end = pos + length
        length = blob[pos + 1]  # the key
        key = blob[pos + 2 : pos + 2 + length].decode()
        pos += 2 + length
        pos = pos + 2 if blob[pos + 1] < 0x80 else _size(blob, pos + 1)[1]  # the value
        kind = blob[pos]
        pos = pos + 2 if blob[pos + 1] < 0x80 else _size(blob, pos + 1)[1]  # the kind
        values: List[Any] = []
        if kind == 0x0A:  # bytes_list
            while pos < entry_end:
                length = blob[pos + 1]
                if length < 0x80:
                    pos += 2
                else:
                    length, pos = _size(blob, pos + 1)
                values.append(blob[pos : pos + length])
                pos += length
        elif kind == 0x12:  # float_list
            length = blob[pos + 1]
            if length < 0x80:
                pos += 2
            else:
                length, pos = _size(blob, pos + 1)
            unpack = _FLOAT_RUNS.get(length)
            if unpack is None:
                unpack = _FLOAT_RUNS[length] = struct.Struct(f"<{length >> 2}f").unpack_from
            values = list(unpack(blob, pos))
        else:  # int64_list
            pos = pos + 2 if blob[pos + 1] < 0x80 else _size(blob, pos + 1)[1]
            append = values.append
            following = iter(blob[pos:entry_end])
            take = following.__next__
            for byte in following:
                if byte < 0x80:
                    append(byte)
                    continue
                second = take()
                if second < 0x80:
                    append((byte & 0x7F) | (second << 7))
                    continue
                third = take()
                if third < 0x80:
                    append((byte & 0x7F) | ((second & 0x7F) << 7) | (third << 14))
                    continue
                number, shift = (byte & 0x7F) | ((second & 0x7F) << 7) | ((third & 0x7F) << 14), 21
                for byte in following:
                    if byte < 0x80:
                        append(number | (byte << shift))
                        break
                    number |= (byte & 0x7F) << shift
                    shift += 7
        out[key] = values
        pos = entry_end
    return out


def bench_examples(rounds: int) -> Dict[str, Any]:
    """Example decoding alone, from records in memory (no file): 20,000 of write_examples' Examples, ``decode_example``
    and upb's ``Example.FromString`` plus the loop taking turns in every round (a slow moment of the machine slows
    both alike); the medians."""

    rng = np.random.default_rng(11)
    distinct = []
    for index in range(512):
        feature = {
            "id": tf.train.Feature(int64_list=tf.train.Int64List(value=[index])),
            "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[int(rng.integers(0, 1000))])),
            "embedding": tf.train.Feature(float_list=tf.train.FloatList(value=rng.standard_normal(128).tolist())),
            "tokens": tf.train.Feature(int64_list=tf.train.Int64List(value=rng.integers(0, 30_000, 64).tolist())),
            "text": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"an example of some text " * 4])),
        }
        distinct.append(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
    blobs = [bytes(distinct[index % len(distinct)]) for index in range(20_000)]

    upb, mine = _example_decoders(blobs)

    def floor() -> List[Dict[str, Any]]:
        return [example_floor(blob) for blob in blobs]

    assert floor() == mine(), "the floor reads otherwise than decode_example"
    contenders = [("ours", mine), ("upb", upb), ("floor", floor)]
    samples: Dict[str, List[float]] = {name: [] for name, _ in contenders}
    for index in range(rounds):
        for name, run in contenders[index % 3 :] + contenders[: index % 3]:  # each goes first in turn
            start = time.perf_counter()
            run()
            samples[name].append(time.perf_counter() - start)
    ours, theirs, least = (statistics.median(samples[name]) for name in ("ours", "upb", "floor"))
    print(f"{len(blobs):,} Examples decoded, {rounds} rounds in turn: ours {ours:.3f} s, upb + loop {theirs:.3f} s "
          f"({ours / theirs:.2f}x), the floor {least:.3f} s (ours {ours / least:.2f}x the floor; the floor "
          f"{least / theirs:.2f}x upb + loop)", flush=True)  # fmt: skip
    return {"examples": len(blobs), "decode_ours": ours, "decode_upb": theirs, "decode_floor": least}


# --------------------------------------------------------------------------- 4. memory

_READ_ALL = """
import sys, tfcollections
count = 0
for event in tfcollections.events(sys.argv[1]):
    count += 1
print(count, int(open('/proc/self/status').read().split('VmHWM:')[1].split()[0]))
"""
_IMPORT_ONLY = """
import tfcollections, tfcollections._records.events
print(0, int(open('/proc/self/status').read().split('VmHWM:')[1].split()[0]))
"""


def bench_memory(workdir: Path) -> Dict[str, Any]:
    """Peak RSS of reading every event of the TF 2 log, and of a file ten times its size (the log's frames ten
    times over, a TFRecord as valid as the first), against the import alone."""
    (source,) = (workdir / "log_tf2").rglob("*tfevents*")
    big = workdir / "log_big" / "events.out.tfevents.10x"
    big.parent.mkdir()
    with open(big, "wb") as out_file:
        data = source.read_bytes()
        for _ in range(10):
            out_file.write(data)
    out: Dict[str, Any] = {}
    for name, script, path in (("import_only", _IMPORT_ONLY, source), ("read_all", _READ_ALL, source),
                               ("read_all_10x", _READ_ALL, big)):  # fmt: skip
        result = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, text=True,
                                check=True, env={**os.environ, "PYTHONPATH": str(REPO)})  # fmt: skip
        count, peak = result.stdout.split()
        out[name] = {"events": int(count), "peak_kb": int(peak), "bytes": path.stat().st_size}
        if name != "import_only":
            extra = int(peak) - out["import_only"]["peak_kb"]
            print(f"memory: reading {int(count):,} events of {path.stat().st_size / 1e6:.0f} MB peaks {extra:,} KB "
                  "above the import", flush=True)  # fmt: skip
    big.unlink()
    return out


# --------------------------------------------------------------------------- targets


def verdicts(results: Dict[str, Any]) -> List[str]:
    lines = []
    for writer, row in results["scalars"].items():
        for backend in BACKENDS:
            ours = row[f"ours_{backend}"]
            for peer in ("event_accumulator", "tbparse"):
                ratio = row[peer] / ours
                verdict = "PASS" if ratio >= 3 else "MISS"
                lines.append(f"{verdict}: {writer} scalars, ours ({backend}) {ratio:.1f}x faster than {peer} (>= 3x)")
    records = results["records"]
    for backend in ("crc32c", "google_crc32c"):
        ratio = records[f"ours_{backend}"] / records["tf_data_python"]
        verdict = "PASS" if ratio <= 1.5 else "MISS"
        lines.append(f"{verdict}: records with CRCs ({backend}) at {ratio:.2f}x tf.data iterated in Python (<= 1.5x)")
        floor = records[f"ours_{backend}"] / records["tf_data_reduce"]
        lines.append(f"note: the same at {floor:.2f}x tf.data counting inside TensorFlow (no record reaches Python)")
    ratio = records["decode_ours"] / records["decode_upb"]
    floor = records["decode_floor"] / records["decode_upb"]
    verdict = "PASS" if ratio <= 1.0 else "AT THE FLOOR" if ratio <= 1.1 * floor else "MISS"
    lines.append(f"{verdict}: decode_example at {ratio:.2f}x upb's Example.FromString + the loop (<= 1x; the floor of "
                 f"an exact reader {floor:.2f}x, ours within 1.1x of it: {ratio / floor:.2f}x)")  # fmt: skip
    memory = results["memory"]
    one = memory["read_all"]["peak_kb"] - memory["import_only"]["peak_kb"]
    ten = memory["read_all_10x"]["peak_kb"] - memory["import_only"]["peak_kb"]
    verdict = "PASS" if ten <= max(2 * one, 8192) else "MISS"
    lines.append(f"{verdict}: memory does not grow with the file: {one:,} KB above the import for 1x, {ten:,} KB for "
                 "10x")  # fmt: skip
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="small files, a smoke run")
    parser.add_argument("--json", metavar="FILE", help="write the figures as JSON")
    parser.add_argument("--only", choices=("scalars", "records", "examples"), help="one section")
    args = parser.parse_args()
    results: Dict[str, Any] = {"tensorflow": tf.__version__}
    if args.only == "examples":  # Example decoding alone, the two readers in turn
        results["examples"] = bench_examples(3 if args.quick else 9)
    else:
        with tempfile.TemporaryDirectory() as workdir:
            if args.only != "records":
                results["scalars"] = bench_scalars(Path(workdir), args.quick)
                results["memory"] = bench_memory(Path(workdir))
            if args.only != "scalars":
                results["records"] = bench_records(Path(workdir), args.quick)
    if args.only is None:
        print("\n".join(verdicts(results)))
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
