# SPDX-License-Identifier: Apache-2.0
"""Write the generated tables of docs/scan.md (the scan's rules; the flagged ops by what they do) from the code.

    python -m tools.gen_scan_docs            # rewrite the tables in place
    python -m tools.gen_scan_docs --check    # exit 1 when docs/scan.md has drifted (the tests run this)

The tables sit between ``<!-- generated: NAME -->`` and ``<!-- end: NAME -->`` lines; the prose around them is
written by hand.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Dict, List

from tfcollections._graph.ops import FLAGGED_OPS
from tfcollections._scan import known, registry
from tfcollections._scan.scan import _RULE_OF_KIND, RULES, RULES_BY_ID

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


def render(text: str) -> str:
    for name, make in TABLES.items():
        pattern = re.compile(rf"(<!-- generated: {name} -->\n).*?(<!-- end: {name} -->)", re.DOTALL)
        if not pattern.search(text):
            raise SystemExit(f"docs/scan.md has no generated block {name!r}")
        made = make()
        text = pattern.sub(lambda match: match.group(1) + made + "\n" + match.group(2), text)  # noqa: B023
    return text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    text = DOC.read_text(encoding="utf-8")
    made = render(text)
    if args.check:
        if made != text:
            print("docs/scan.md has drifted from the code: run python -m tools.gen_scan_docs", file=sys.stderr)
            return 1
        return 0
    DOC.write_text(made, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
