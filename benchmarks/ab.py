# SPDX-License-Identifier: Apache-2.0
"""A/B: the working tree's ``decode`` and ``loads`` against a git revision's, in one process.

    python benchmarks/ab.py                  # against HEAD
    python benchmarks/ab.py --base main~3 --repeats 25

No TensorFlow or protobuf: the workloads are what the repository ships (the TensorFlow-written items
of tests/data/tf_items.json, the random messages of tests/data/tf_random_items.json, and the whole
example files). The package uses relative imports only, so the revision's ``tfcollections/`` is
extracted with ``git archive`` into a temporary folder and imported under another name beside the
working tree's: both run in the same interpreter, taking turns in every repeat, so a slow moment of
the machine slows both alike. Prints the median and the minimum time per call of each and their
ratios (B / A, where A is the base revision and B the working tree; below 1.00 the working tree is
faster). The minimum is the least disturbed estimate on a shared machine; run it with the base equal
to the working tree first to see the noise of the day.
"""

from __future__ import annotations

import argparse
import importlib
import io
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Callable, Dict, List, Tuple

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "data"


def import_revision(revision: str, where: Path) -> ModuleType:
    """The package as it is at *revision*, imported as ``tfcollections_base``."""
    archive = subprocess.run(
        ["git", "archive", "--format=tar", revision, "tfcollections"], cwd=REPO, capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(where)
    (where / "tfcollections").rename(where / "tfcollections_base")
    sys.path.insert(0, str(where))
    return importlib.import_module("tfcollections_base")


def workloads() -> Dict[str, Tuple[str, object]]:
    """Name -> (function name, argument lists): items by collection, and whole files."""

    def items(name: str) -> List[Tuple[str, bytes]]:
        document = json.loads((DATA / name).read_text(encoding="utf-8"))
        return [(item["collection"], bytes.fromhex(item["hex"])) for item in document["items"]]

    real = items("tf_items.json")
    random_items = items("tf_random_items.json")
    contexts = [item for item in random_items if item[0] in ("while_context", "cond_context")]
    variables = [item for item in real if item[0] in ("variables", "trainable_variables", "local_variables")]
    files = [(REPO / "examples" / "model.meta").read_bytes(), (REPO / "examples" / "model.meta.txt").read_bytes()]
    return {
        "decode: TensorFlow's items (43)": ("decode", real),
        "decode: their variables": ("decode", variables),
        "decode: random contexts": ("decode", contexts),
        "decode: random items (300)": ("decode", random_items),
        "loads: example .meta": ("loads", files[:1]),
        "loads: example .meta.txt": ("loads", files[1:]),
    }


def _runner(module: ModuleType, function: str, arguments: object) -> Callable[[], None]:
    if function == "decode":
        decode = module.decode
        items = arguments

        def run() -> None:
            for name, blob in items:  # type: ignore[attr-defined]
                decode(name, blob)

    else:
        loads = module.loads
        data = arguments

        def run() -> None:
            for blob in data:  # type: ignore[attr-defined]
                loads(blob)

    return run


def _loops(run: Callable[[], None], min_time: float) -> int:
    loops = 1
    while True:
        start = time.perf_counter()
        for _ in range(loops):
            run()
        elapsed = time.perf_counter() - start
        if elapsed >= min_time:
            return loops
        loops = max(loops * 2, int(loops * min_time / max(elapsed, 1e-9) * 1.1))


def compare(
    a: Callable[[], None], b: Callable[[], None], repeats: int, min_time: float
) -> Tuple[List[float], List[float]]:
    """Seconds per call of *a* and *b* in each repeat, taking turns (and swapping who goes first)."""
    loops = _loops(a, min_time)
    samples: Dict[str, List[float]] = {"a": [], "b": []}
    for repeat in range(repeats):
        order = [("a", a), ("b", b)] if repeat % 2 == 0 else [("b", b), ("a", a)]
        for key, run in order:
            start = time.perf_counter()
            for _ in range(loops):
                run()
            samples[key].append((time.perf_counter() - start) / loops)
    return samples["a"], samples["b"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", default="HEAD", help="the git revision to compare with (default: HEAD)")
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--min-time", type=float, default=0.1, help="seconds per timed repeat")
    args = parser.parse_args()
    sys.path.insert(0, str(REPO))
    head = importlib.import_module("tfcollections")
    with tempfile.TemporaryDirectory() as folder:
        base = import_revision(args.base, Path(folder))
        print(f"A = {args.base}, B = working tree; {args.repeats} repeats; Python {sys.version.split()[0]}")
        print(f"{'per call':34} {'A median':>10} {'B median':>10} {'B/A':>6}   {'A min':>10} {'B min':>10} {'B/A':>6}")
        for label, (function, arguments) in workloads().items():
            a, b = compare(
                _runner(base, function, arguments), _runner(head, function, arguments), args.repeats, args.min_time
            )
            count = len(arguments)  # type: ignore[arg-type]
            a_median, b_median = statistics.median(a) / count, statistics.median(b) / count
            a_min, b_min = min(a) / count, min(b) / count
            print(
                f"{label:34} {a_median * 1e6:8.2f}us {b_median * 1e6:8.2f}us {b_median / a_median:6.3f}"
                f"   {a_min * 1e6:8.2f}us {b_min * 1e6:8.2f}us {b_min / a_min:6.3f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
