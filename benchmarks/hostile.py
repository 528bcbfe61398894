# SPDX-License-Identifier: Apache-2.0
"""What each hostile input costs: time, peak memory, and how both grow with the input.

    python -m benchmarks.hostile            # any Python with this checkout; no TensorFlow needed
    python -m benchmarks.hostile --json hostile.json

The inputs are those of tests/test_hostile.py (built by tests/hostile_inputs.py).
Each is fed at a count N and at 10 N. For each size it reports the best of three
timings, and the peak of memory allocated during the call (``tracemalloc``, one
more run, since tracing slows the call). The figures:

- ``time 10N / N``: linear work gives about 10; an input that is refused after a
  bounded prefix (nesting past 100) gives about 1;
- ``peak / input``: bytes allocated at the peak, per byte of input, at 10 N. The
  decoder never copies the input; what it allocates is what it returns (a Python
  ``str`` or dict entry costs tens of bytes for every few bytes of input) and the
  message of the error.

docs/robustness.md keeps the last table. The exit code is 0: this measures.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import platform
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any, Callable, Dict, List, Tuple

REPO = Path(__file__).resolve().parent.parent

import tfcollections  # noqa: E402
from tests import hostile_inputs  # noqa: E402


def _outcome(feed: Callable[[bytes], Any], data: bytes) -> str:
    try:
        feed(data)
    except tfcollections.DecodeError as error:
        return "DecodeError: " + error.msg[:60]
    return "decoded"


def _best_time(feed: Callable[[bytes], Any], data: bytes, repeats: int = 3) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        with contextlib.suppress(tfcollections.DecodeError):
            feed(data)
        best = min(best, time.perf_counter() - start)
    return best


def _peak(feed: Callable[[bytes], Any], data: bytes) -> int:
    tracemalloc.start()
    with contextlib.suppress(tfcollections.DecodeError):
        feed(data)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def measure(count: int, only: str = "") -> List[Dict[str, Any]]:
    rows = []
    for case in hostile_inputs.HOSTILE_INPUTS:
        if only not in case.name:
            continue
        sizes: List[Tuple[int, bytes]] = [(count, case.build(count)), (10 * count, case.build(10 * count))]
        times = [_best_time(case.feed, data) for _, data in sizes]
        big = sizes[1][1]
        peak = _peak(case.feed, big)
        rows.append({
            "input": case.name,
            "count": sizes[1][0],
            "unit": case.unit,
            "bytes": len(big),
            "outcome": _outcome(case.feed, big),
            "seconds": times[1],
            "growth": times[1] / times[0] if times[0] > 0 else float("nan"),
            "peak_bytes": peak,
            "peak_per_input_byte": peak / len(big),
        })  # fmt: skip
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=100_000, help="N (the inputs are measured at N and 10 N)")
    parser.add_argument("--only", default="", metavar="TEXT", help="only the inputs whose name contains TEXT")
    parser.add_argument("--json", type=Path, help="also write the rows here")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}; N = {args.count:,}")
    rows = measure(args.count, args.only)
    print("| input (at 10 N) | size | outcome | time | time 10N / N | peak | peak / input |")
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        print(
            f"| {row['input']} ({row['count']:,} {row['unit']}) | {row['bytes'] / 1e6:.1f} MB | {row['outcome']} "
            f"| {row['seconds'] * 1e3:.1f} ms | {row['growth']:.1f} | {row['peak_bytes'] / 1e6:.1f} MB "
            f"| {row['peak_per_input_byte']:.2f} |"
        )
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
