# SPDX-License-Identifier: Apache-2.0
"""Write the generated tables of docs/scan.md (the scan's rules; the flagged ops by what they do) from the code.

    python -m tools.gen_scan_docs            # rewrite the tables in place
    python -m tools.gen_scan_docs --check    # exit 1 when docs/scan.md has drifted (the tests run this)

The tables sit between ``<!-- generated: NAME -->`` and ``<!-- end: NAME -->`` lines; the prose around them is
written by hand.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Dict, List

from tfcollections._data import registry
from tfcollections._graph.ops import FLAGGED_OPS
from tfcollections._scan import known
from tfcollections._scan.scan import _RULE_OF_KIND, RULES, RULES_BY_ID

from . import gen_blocks

DOC = Path(__file__).resolve().parent.parent / "docs" / "scan.md"


def rules_table() -> str:
    lines = ["| rule | severity | what | why it matters |", "|---|---|---|---|"]
    lines += [f"| `{rule.id}` | {rule.severity} | {rule.title} | {rule.why} |" for rule in RULES]
    return "\n".join(lines)


def ops_table() -> str:
    by_kind: Dict[str, List[str]] = {}
    for op, does in FLAGGED_OPS.items():
        by_kind.setdefault(does, []).append(op)
    lines = ["| what it does | rule (severity) | ops |", "|---|---|---|"]
    for does, ops in by_kind.items():
        rule = _RULE_OF_KIND.get(does, "checkpoint-op")
        listed = ", ".join(f"`{op}`" for op in sorted(ops))
        lines.append(f"| {does} | `{rule}` ({RULES_BY_ID[rule].severity}) | {listed} |")
    return "\n".join(lines)


def releases_line() -> str:
    exact = [version for version, how in registry.RELEASES if how == "registry"]
    releases = known.RELEASES
    return (f"{len(releases)} releases, {releases[0]} to {releases[-1]}; the exact registry of "
            f"{', '.join(exact)}; {len(known.all_ops())} ops.")  # fmt: skip


TABLES = {"rules": rules_table, "ops": ops_table, "releases": releases_line}


def main() -> int:
    return gen_blocks.main(__doc__.split("\n\n")[0], DOC, TABLES, "tools.gen_scan_docs")


if __name__ == "__main__":
    sys.exit(main())
