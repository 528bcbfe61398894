# SPDX-License-Identifier: Apache-2.0
"""Instructions a pass of the graph scan costs over a corpus, counted with valgrind's callgrind.

    python -m benchmarks.instructions [--corpus DIR] [--lean | --floor]   # needs valgrind; about two minutes
    python -m benchmarks.instructions --summary FILE...                  # each file's summary, a fresh process each

Runs ``loads(data, graph=True)`` of every ``.meta`` and ``.pb`` of the corpus (``--lean``: the reading the
command line's summary does, ``load_model(path, True, ends=False)``; ``--floor``: the contract's floor,
``benchmarks/contract.py contract_floor``, of the same bytes) in a process of its own under callgrind, 1
and 3 passes, and prints the difference divided by 2: the instructions of one pass, which do not move with the
machine's load (docs/performance.md, "The everyday path", quotes them). Each process freezes what it holds
before the passes out of garbage collection (``gc.freeze``), as benchmarks/graph.py does. ``--summary`` counts
``main([FILE])`` of the command line in a fresh process, the import included, beside a bare interpreter's start:
what the summary of one file costs, first calls and all. Set ``PYTHONHASHSEED=0`` for counts that repeat exactly.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import List

REPO = Path(__file__).resolve().parent.parent

_PASSES = """
import sys
from pathlib import Path
import tfcollections
from tfcollections._model.files import load_model
paths = [p for p in sorted(Path(sys.argv[1]).iterdir()) if p.suffix in (".meta", ".pb") and p.is_file()]
datas = [p.read_bytes() for p in paths]
if sys.argv[3] == "floor":
    from benchmarks.contract import contract_floor
    files = [(data, tfcollections.loads(data)["format"] == "SavedModel") for data in datas]
import gc
gc.collect()
gc.freeze()
for _ in range(int(sys.argv[2])):
    if sys.argv[3] == "lean":
        for path in paths:
            load_model(path, True, ends=False)
    elif sys.argv[3] == "floor":
        for data, saved_model in files:
            contract_floor(data, saved_model)
    else:
        for data in datas:
            tfcollections.loads(data, graph=True)
"""


_SUMMARY = """
import sys
from tfcollections._cli.main import main
main(sys.argv[1:])
"""


def count(corpus: Path, passes: int, mode: str) -> int:
    return instructions(["-c", _PASSES, str(corpus), str(passes), mode])


def instructions(arguments: List[str]) -> int:
    """What ``python ARGUMENTS`` executes, counted by callgrind (its output thrown away)."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, *arguments]
        subprocess.run(command, cwd=REPO, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for line in Path(out).read_text().splitlines():
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    raise RuntimeError("callgrind wrote no total")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=REPO.parent / "shared" / "corpus" / "real")
    reading = parser.add_mutually_exclusive_group()
    reading.add_argument("--lean", action="store_true", help="the summary's reading, without inputs and constants")
    reading.add_argument("--floor", action="store_true", help="the contract's floor (benchmarks/contract.py)")
    parser.add_argument("--summary", nargs="+", type=Path, metavar="FILE", help="each file's summary, a process each")
    args = parser.parse_args()
    if args.summary:
        print(f"{instructions(['-c', 'pass']) / 1e6:,.1f} M instructions: a bare interpreter")
        for path in args.summary:
            print(f"{instructions(['-c', _SUMMARY, str(path.resolve())]) / 1e6:,.1f} M instructions: {path.name}")
        return 0
    mode = "lean" if args.lean else "floor" if args.floor else "full"
    one, three = count(args.corpus, 1, mode), count(args.corpus, 3, mode)
    print(f"{(three - one) / 2 / 1e6:,.0f} M instructions a pass ({mode}, {args.corpus})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
