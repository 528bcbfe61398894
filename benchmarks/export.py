# SPDX-License-Identifier: Apache-2.0
"""Exports and diffs: time against copying the data file, memory of a large export, a diff of two large indexes.

    .venv-bench/bin/python -m benchmarks.export            # the C CRC-32C modules installed (benchmarks/run.sh)
    .venv-bench/bin/python -m benchmarks.export --quick    # 256 MB and 1 GB instead of 1 GB and 10 GB

Sections (docs/performance.md keeps the last table):

1. a V2 checkpoint of one 1 GB float32 tensor (written here: its index with the data's CRC32C): ``export`` to
   safetensors (every CRC checked) against ``shutil.copyfile`` of its data file, taking turns, medians of 3,
   each run after ``os.sync()`` with no earlier output left (so that neither is timed flushing the other's
   writes); the target is at most 2x the copy;
2. peak memory: ``export`` of a 10 GB checkpoint (a sparse data file of zeros: no disk is used to hold it) in
   a fresh process, its peak RSS (``VmHWM``) against the same process's before the export; the target is under
   100 MB more;
3. ``diff`` of two 20,000-tensor checkpoints (one value changed, one tensor added), without ``--values``: the
   indexes alone; the target is under 100 ms.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Tuple

import tfcollections
from tests.tables import table
from tfcollections._ckpt.crc32c import backend, crc32c, mask

_CHUNK = 64 << 20


def _entry(dtype: str, shape: List[int], offset: int, size: int, crc: int) -> bytes:
    return tfcollections.encode_message("BundleEntryProto", {
        "dtype": dtype, "shape": {"dim": [{"size": n, "name": ""} for n in shape], "unknown_rank": False},
        "offset": offset, "size": size, "crc32c": mask(crc),
    })  # fmt: skip


def _index(prefix: Path, entries: List[Tuple[bytes, bytes]]) -> None:
    header = tfcollections.encode_message("BundleHeaderProto", {"num_shards": 1, "version": {"producer": 1}})
    Path(f"{prefix}.index").write_bytes(table([(b"", header), *entries]))


def big_checkpoint(folder: Path, size: int, sparse: bool) -> Path:
    """A V2 checkpoint of one float32 tensor of *size* bytes: zeros in a sparse file, or a pattern written out."""
    prefix = folder / f"big_{size >> 20}mb"
    data = Path(f"{prefix}.data-00000-of-00001")
    crc = 0
    with open(data, "wb") as file:
        if sparse:
            file.truncate(size)
            zeros = bytes(_CHUNK)
            for start in range(0, size, _CHUNK):
                crc = crc32c(zeros[: min(_CHUNK, size - start)], crc)
        else:
            pattern = bytes(range(256)) * (_CHUNK // 256)
            for start in range(0, size, _CHUNK):
                piece = pattern[: min(_CHUNK, size - start)]
                file.write(piece)
                crc = crc32c(piece, crc)
    _index(prefix, [(b"weights", _entry("DT_FLOAT", [size // 4], 0, size, crc))])
    return prefix


def bench_copy(folder: Path, size: int, repeats: int) -> Dict[str, Any]:
    prefix = big_checkpoint(folder, size, sparse=False)
    data = Path(f"{prefix}.data-00000-of-00001")
    out = folder / "out.safetensors"
    copy = folder / "copy.bin"
    runs: Dict[str, Callable[[], object]] = {
        "copyfile": lambda: shutil.copyfile(data, copy),
        "export": lambda: tfcollections.export(prefix, out, force=True),
    }
    samples: Dict[str, List[float]] = {name: [] for name in runs}
    for _ in range(repeats):
        for name, run in runs.items():
            # Each starts with nothing waiting to be written back: the kernel throttles a writer while the dirty
            # pages of an earlier one (a gigabyte) are flushed, which would time the flush, not the writer.
            for path in (out, copy):
                path.unlink(missing_ok=True)
            os.sync()
            start = time.perf_counter()
            run()
            samples[name].append(time.perf_counter() - start)
    result = {name: statistics.median(values) for name, values in samples.items()}
    for path in (data, out, copy):
        path.unlink(missing_ok=True)
    return {"bytes": size, **result, "ratio": result["export"] / result["copyfile"], "crc32c": backend()}


_FRESH = """
import sys, tfcollections
def peak():
    return int(open('/proc/self/status').read().split('VmHWM:')[1].split()[0]) * 1024
before = peak()
tfcollections.export(sys.argv[1], sys.argv[2], force=True)
print(before, peak())
"""


def bench_memory(folder: Path, size: int) -> Dict[str, Any]:
    prefix = big_checkpoint(folder, size, sparse=True)
    out = folder / "big.safetensors"
    start = time.perf_counter()
    result = subprocess.run([sys.executable, "-c", _FRESH, str(prefix), str(out)], capture_output=True, text=True,
                            check=True)  # fmt: skip
    elapsed = time.perf_counter() - start
    before, after = (int(value) for value in result.stdout.split())
    written = out.stat().st_size
    out.unlink()
    Path(f"{prefix}.data-00000-of-00001").unlink()
    return {"bytes": size, "written": written, "seconds": elapsed, "peak_before": before, "peak_after": after,
            "more": after - before}  # fmt: skip


def bench_diff(folder: Path, count: int, repeats: int, every: bool = False) -> Dict[str, Any]:
    """Two checkpoints of *count* tensors, ``b`` with one tensor more and one value changed (*every*: every value
    changed, as after a fine-tuning run)."""
    prefixes = []
    for side in ("a", "b"):
        prefix = folder / f"many_{side}{'_every' if every else ''}"
        data = bytearray()
        entries = []
        for index in range(count + (side == "b")):
            changed = side == "b" and (every or index == count // 2)
            value = (index if not changed else -1 - index).to_bytes(4, "little", signed=True)
            entries.append((f"layer_{index:06d}/kernel".encode(), _entry("DT_INT32", [1], len(data), 4, crc32c(value))))
            data += value
        _index(prefix, entries)
        Path(f"{prefix}.data-00000-of-00001").write_bytes(bytes(data))
        prefixes.append(prefix)
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        found = tfcollections.diff(prefixes[0], prefixes[1])
        samples.append(time.perf_counter() - start)
    tensors = found["tensors"]
    assert len(tensors["changed"]) == (count if every else 1) and len(tensors["only_in_b"]) == 1
    assert tensors["compared_by"] == "crc32c"
    return {"tensors": count, "seconds": statistics.median(samples), "best": min(samples)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=os.environ.get("BENCH_TMP")) as work:
        folder = Path(work)
        copy = bench_copy(folder, (256 if args.quick else 1024) << 20, 3)
        memory = bench_memory(folder, (1 if args.quick else 10) << 30)
        diffed = bench_diff(folder, 20_000, 5)
        every = bench_diff(folder, 20_000, 5, every=True)
    verdict = {True: "PASS", False: "MISS"}
    print(f"1. export of {copy['bytes'] >> 20:,} MB to safetensors: {copy['export']:.2f} s; "
          f"copyfile {copy['copyfile']:.2f} s: {copy['ratio']:.2f}x (CRC-32C: {copy['crc32c']}; "
          f"target at most 2x: {verdict[copy['ratio'] <= 2]})")  # fmt: skip
    print(f"2. export of {memory['bytes'] >> 30} GB in a fresh process: {memory['seconds']:.1f} s, peak RSS "
          f"{memory['peak_before'] >> 20} MB before, {memory['peak_after'] >> 20} MB after: "
          f"{memory['more'] >> 20} MB more (target under 100 MB: {verdict[memory['more'] < 100 << 20]}); "
          f"{memory['written']:,} bytes written")  # fmt: skip
    print(f"3. diff of two {diffed['tensors']:,}-tensor checkpoints, one value changed: "
          f"{diffed['seconds'] * 1e3:.0f} ms (best {diffed['best'] * 1e3:.0f} ms; target under 100 ms: "
          f"{verdict[diffed['seconds'] < 0.1]}); every value changed: {every['seconds'] * 1e3:.0f} ms "
          f"(best {every['best'] * 1e3:.0f} ms)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
