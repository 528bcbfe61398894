# SPDX-License-Identifier: Apache-2.0
"""A/B: the working tree's ``decode`` and ``loads`` (with or without the graph) against a revision's, in one process.

    python -m benchmarks.ab                  # against HEAD
    python -m benchmarks.ab --base main~3 --repeats 25

No TensorFlow or protobuf: the workloads are what the repository ships (the TensorFlow-written items
of tests/data/tf_items.json, the random messages of tests/data/tf_random_items.json, and the whole
example files). The package uses relative imports only, so the revision's ``tfcollections/`` is
extracted with ``git archive`` into a temporary folder and imported under another name beside the
working tree's: both run in the same interpreter, taking turns in every repeat, so a slow moment of
the machine slows both alike. Prints the median and the minimum time per call of each and their
ratios (B / A, where A is the base revision and B the working tree; below 1.00 the working tree is
faster). The minimum is the least disturbed estimate on a shared machine; run it with the base equal
to the working tree first to see the noise of the day.

    python -m benchmarks.ab --instructions   # needs valgrind; about a minute

counts instructions instead (valgrind's callgrind): each workload runs in a process of its own under
callgrind, 10 and 10 + N times, for each side, and the difference divided by N is its cost per pass
(the first passes are left out: Python specializes code as it runs it). The count does not move with
the machine's load, so it can tell 0.1% apart where the clock cannot.
"""

from __future__ import annotations

import argparse
import compileall
import gc
import importlib
import importlib.util
import io
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Callable, Dict, Final, List, Tuple

from benchmarks.timing import calibrate

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
    return _import_package("tfcollections_base", where)


def _import_package(name: str, folder: Path) -> ModuleType:
    """Import the package *name* that lies in *folder*, without putting the folder on ``sys.path``."""
    if name in sys.modules:
        return sys.modules[name]
    init = folder / name / "__init__.py"
    spec = importlib.util.spec_from_file_location(name, init, submodule_search_locations=[str(init.parent)])
    assert spec is not None and spec.loader is not None, init
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # before it runs: its relative imports find their package here
    spec.loader.exec_module(module)
    return module


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
        "loads graph=True: example .meta": ("loads_graph", files[:1]),
        "loads graph=True: example .meta.txt": ("loads_graph", files[1:]),
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
        graph = function == "loads_graph"  # the graph scan too, from the same bytes

        def run() -> None:
            for blob in data:  # type: ignore[attr-defined]
                loads(blob, graph=graph)

    return run


def compare(
    a: Callable[[], None], b: Callable[[], None], repeats: int, min_time: float
) -> Tuple[List[float], List[float]]:
    """Seconds per call of *a* and *b* in each repeat, taking turns (and swapping who goes first)."""
    loops = calibrate(a, min_time)
    samples: Dict[str, List[float]] = {"a": [], "b": []}
    for repeat in range(repeats):
        order = [("a", a), ("b", b)] if repeat % 2 == 0 else [("b", b), ("a", a)]
        for key, run in order:
            start = time.perf_counter()
            for _ in range(loops):
                run()
            samples[key].append((time.perf_counter() - start) / loops)
    return samples["a"], samples["b"]


def _instructions(folder: Path, side: str, label: str, passes: int) -> int:
    """Instructions callgrind counts for a process that runs the workload *label* *passes* times."""
    command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={folder / 'callgrind.out'}"]
    command += [sys.executable, "-m", "benchmarks.ab", "--run", side, label, str(passes), "--folder", str(folder)]
    # A fixed hash seed: dict and set layouts (and so the instructions spent probing them) are the same each run.
    environment = {**os.environ, "PYTHONHASHSEED": "0"}
    result = subprocess.run(command, capture_output=True, text=True, check=True, env=environment, cwd=REPO)
    for line in result.stderr.splitlines():
        if "Collected :" in line:
            return int(line.split()[-1])
    raise RuntimeError(f"no instruction count from callgrind: {result.stderr[-500:]}")


_WARM_UP: Final = 10  # passes before the counted ones: Python 3.11+ specializes code as it runs


def count_instructions(base: str, folder: Path, passes: int) -> None:
    print(f"A = {base}, B = working tree; instructions per pass (callgrind, {passes} passes after {_WARM_UP})")
    # Both sides' bytecode compiled first: a module imported during the passes (the graph scan, the text
    # parser) would otherwise be compiled in the first, shorter run and read from its cache in the second,
    # and its compilation would come off the count.
    for package in (folder / "tfcollections_base", REPO / "tfcollections"):
        compileall.compile_dir(str(package), quiet=1)
    for label in workloads():
        costs = []
        for side in ("base", "head"):
            warm = _instructions(folder, side, label, _WARM_UP)
            costs.append((_instructions(folder, side, label, _WARM_UP + passes) - warm) / passes)
        print(f"{label:34} A {costs[0]:14,.0f}  B {costs[1]:14,.0f}  B/A {costs[1] / costs[0]:.4f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", default="HEAD", help="the git revision to compare with (default: HEAD)")
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--min-time", type=float, default=0.1, help="seconds per timed repeat")
    parser.add_argument("--instructions", action="store_true", help="count instructions with callgrind instead")
    parser.add_argument("--passes", type=int, default=10, help="passes per workload with --instructions")
    parser.add_argument("--run", nargs=3, metavar=("SIDE", "WORKLOAD", "PASSES"), help=argparse.SUPPRESS)
    parser.add_argument("--folder", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.run:  # one side's workload, in a process of its own under callgrind
        side, label, passes = args.run
        if side == "base":
            module = _import_package("tfcollections_base", Path(args.folder))
        else:  # the working tree: python -m runs from the repository, whose folder is first on the path
            module = importlib.import_module("tfcollections")
        function, arguments = workloads()[label]
        run = _runner(module, function, arguments)
        # No collection of the cyclic garbage collector during the passes: when one falls depends on how many
        # objects each side's process holds, and a collection in one side's counted passes and not the
        # other's moved a count by a third (the graph workload) where the code had not changed.
        gc.collect()
        gc.disable()
        for _ in range(int(passes)):
            run()
        return 0
    head = importlib.import_module("tfcollections")
    with tempfile.TemporaryDirectory() as folder:
        base = import_revision(args.base, Path(folder))
        if args.instructions:
            count_instructions(args.base, Path(folder), args.passes)
            return 0
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
