# SPDX-License-Identifier: Apache-2.0
"""The compatibility check's speed: each corpus model read once, then checked against every release.

    python -m benchmarks.compat [--shared ../shared] [--repeats 5]

For every model file of ``corpus/real`` and ``corpus/wild``: the time to read what it asks of a release
(``needs_of``: its nodes decoded and folded into shapes) and the time to check it against all releases
(``check_needs``; the median of *repeats*, each on data already parsed, as a program checking many models would
have it), with its nodes and shapes. The goal (issue 38): every model against every release in under 100 ms
after it is read. The first check of a process also parses the release table (once, printed apart).
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path
from typing import List, Optional, Tuple

from tfcollections._compat import table
from tfcollections._compat.check import check_needs, needs_of
from tfcollections._errors import DecodeError

from .timing import median_seconds

GOAL_SECONDS = 0.100


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=Path(__file__).resolve().parent.parent.parent / "shared")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    everything = list(range(len(table.VERSIONS)))
    rows: List[Tuple[str, int, int, float, float]] = []
    first_table: Optional[float] = None
    for corpus in ("real", "wild"):
        for path in sorted((args.shared / "corpus" / corpus).iterdir()):
            if path.is_dir() or path.suffix in (".json", ".md"):
                continue
            start = time.perf_counter()
            try:
                needs = needs_of(str(path))
            except (DecodeError, OSError, ValueError):
                continue
            read = time.perf_counter() - start
            if first_table is None:  # the table's parse, paid once a process
                start = time.perf_counter()
                check_needs(needs, everything)
                first_table = time.perf_counter() - start
            check = median_seconds(lambda: check_needs(needs, everything), args.repeats)  # noqa: B023
            nodes = sum(entry[4] for entry in needs.shapes.values())
            rows.append((f"{corpus}/{path.name[:58]}", nodes, len(needs.shapes), read, check))
    rows.sort(key=lambda row: -row[4])
    print(f"{'model':<66} {'nodes':>7} {'shapes':>6} {'read ms':>8} {'check ms':>9}")
    for name, nodes, shapes, read, check in rows[:12]:
        print(f"{name:<66} {nodes:>7} {shapes:>6} {read * 1000:>8.1f} {check * 1000:>9.1f}")
    checks = [row[4] for row in rows]
    slowest = max(checks)
    print(f"\n{len(rows)} models, each against {len(everything)} releases: check median "
          f"{statistics.median(checks) * 1000:.1f} ms, slowest {slowest * 1000:.1f} ms "
          f"(goal {GOAL_SECONDS * 1000:.0f} ms: {'PASS' if slowest < GOAL_SECONDS else 'MISS'}); the release "
          f"table's first parse {1000 * (first_table or 0):.1f} ms, once a process")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
