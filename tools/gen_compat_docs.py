# SPDX-License-Identifier: Apache-2.0
"""Write the generated blocks of docs/compat.md (the check's rules; the releases the data covers and how each was
read; the recorded verdicts of real releases beside the check's) from the code and the fixtures.

    python -m tools.gen_compat_docs            # rewrite the blocks in place
    python -m tools.gen_compat_docs --check    # exit 1 when docs/compat.md has drifted (the tests run this)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tfcollections._compat import table
from tfcollections._compat.check import RULES, compatible
from tfcollections._data import releases

from . import gen_blocks

_ROOT = Path(__file__).resolve().parent.parent
DOC = _ROOT / "docs" / "compat.md"
_FIXTURES = _ROOT / "tests" / "data" / "compat"


def rules_table() -> str:
    lines = ["| rule | severity | what |", "|---|---|---|"]
    lines += [f"| `{rule}` | {severity} | {title} |" for rule, (severity, title) in RULES.items()]
    return "\n".join(lines)


def releases_line() -> str:
    rows = releases.RELEASES
    by_how = {how: [row[0] for row in rows if row[4] == how] for how in ("oplist", "wrappers", "registry")}
    ignoring = [row[0] for row in rows if row[5]]
    return (f"{len(rows)} releases, {rows[0][0]} to {rows[-1][0]}: the attrs of {len(by_how['oplist'])} read from "
            f"the exact OpList their wrappers embed ({by_how['oplist'][0]} to {by_how['oplist'][-1]}), "
            f"{len(by_how['wrappers'])} from their eager fallbacks and docstrings, {len(by_how['registry'])} from "
            f"their own registry, imported ({', '.join(by_how['registry'])}); {len(releases.SETS)} distinct sets of "
            f"allowed values; {len(table.dtypes())} DataTypes; unknown attrs logged and ignored from "
            f"{ignoring[0] if ignoring else 'no release'} on.")  # fmt: skip


def verdicts_table() -> str:
    cases = json.loads((_FIXTURES / "cases.json").read_text(encoding="utf-8"))["cases"]
    recorded = json.loads((_FIXTURES / "verdicts.json").read_text(encoding="utf-8"))
    versions = sorted(recorded, key=lambda version: tuple(int(part) for part in version.split(".")))
    lines = ["| case | what | " + " | ".join(versions) + " |", "|---|---|" + "---|" * len(versions)]
    for name, case in cases.items():
        cells = []
        for version in versions:
            done = recorded[version][name]
            usual, cpp = done["usual"]["loads"], done["cpp"]["loads"]
            [verdict] = compatible(_FIXTURES / case["path"], version)["releases"]
            ours_cpp = compatible(_FIXTURES / case["path"], version, serving=True)["releases"][0]["loads"]
            said = ("loads" if usual else "refused") + (" (C++: loads)" if cpp and not usual else
                                                        " (C++: refused)" if usual and not cpp else "")  # fmt: skip
            if "after_contrib" in done and done["after_contrib"]["loads"] != usual:
                said += ", loads once tf.contrib is touched"
            contrib = any(finding["rule"] == "contrib-op" for finding in verdict["findings"])
            # A contrib op: the check says it loads, with a warning that tf.contrib must be touched first.
            agree = (usual, cpp) == (verdict["loads"], ours_cpp) or (contrib and done["after_contrib"]["loads"])
            cells.append(said + ("" if agree else " **check differs**") + (" (check: a warning)" if contrib else ""))
        lines.append(f"| `{name}` | {case['what']} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


TABLES = {"rules": rules_table, "releases": releases_line, "verdicts": verdicts_table}


def main() -> int:
    return gen_blocks.main(__doc__.split("\n\n")[0], DOC, TABLES, "tools.gen_compat_docs")


if __name__ == "__main__":
    sys.exit(main())
