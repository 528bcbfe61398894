# SPDX-License-Identifier: Apache-2.0
"""The oldest TensorFlow (and TF Serving) release each model of the corpora loads in, as a table for docs/compat.md.

    python -m tools.compat_corpus [--shared ../shared] [--write]

Every model file of ``corpus/real`` and ``corpus/wild`` (what ``load`` reads: ``.meta``, ``saved_model.pb`` and
``.pbtxt``, frozen graphs; look-alikes are skipped, as ``load`` refuses them) is checked against every release.
Each row: the release that wrote it (its ``meta_info_def.tensorflow_version``, where it says), the oldest release
that loads it and the runs that do, the oldest TF Serving release, and the first error of the release just before
the oldest. A model whose oldest release is newer than the one that wrote it is flagged (``!``): the check would
then be saying something false, unless the model was edited after it was written. ``--write`` puts the table in
docs/compat.md between its markers.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import List, Optional, Tuple

import tfcollections
from tfcollections._compat import table
from tfcollections._compat.check import check_needs, needs_of, report_of

_ROOT = Path(__file__).resolve().parent.parent
_DOC = _ROOT / "docs" / "compat.md"
_START, _END = "<!-- corpus:start -->", "<!-- corpus:end -->"


def _written_by(path: Path) -> Optional[str]:
    try:
        model = tfcollections.load(str(path))
    except (tfcollections.DecodeError, OSError):
        return None
    for meta_graph in model["meta_graphs"]:
        info = meta_graph.get("meta_info_def") or {}
        if info.get("tensorflow_version"):
            return str(info["tensorflow_version"])
    return None


def _key(version: str) -> Tuple[int, ...]:
    digits = []
    for part in version.split(".")[:3]:
        number = "".join(char for char in part if char.isdigit())
        digits.append(int(number) if number else 0)
    return tuple(digits)


def row(path: Path, name: str) -> Optional[List[str]]:
    try:
        needs = needs_of(str(path))
    except (tfcollections.DecodeError, OSError, ValueError):
        return None
    everything = list(range(len(table.VERSIONS)))
    usual = report_of(needs, check_needs(needs, everything), False)
    serving = report_of(needs, check_needs(needs, everything, serving=True), True)
    written = _written_by(path)
    oldest = usual["oldest"]
    flag = "!" if oldest is not None and written is not None and _key(oldest)[:2] > _key(written)[:2] else ""
    runs = ", ".join(first if first == last else f"{first}-{last}" for first, last in usual["loads_in"]) or "none"
    why = ""
    if oldest is not None and table.VERSIONS.index(oldest) > 0:
        before = usual["releases"][table.VERSIONS.index(oldest) - 1]
        errors = [finding for finding in before["findings"] if finding["severity"] == "error"]
        if errors:
            first_error = errors[0]
            what = first_error["op"] or ""
            if first_error["attr"]:
                what += f".{first_error['attr']}"
            why = f"{before['release']}: {first_error['rule']} {what}".strip()
    elif oldest is None:
        newest = usual["releases"][-1]
        errors = [finding for finding in newest["findings"] if finding["severity"] == "error"]
        if errors:
            why = f"{newest['release']}: {errors[0]['rule']} {errors[0]['op'] or ''}".strip()
    return [name, needs.format, written or "?", f"{oldest or 'none'}{flag}", runs, serving["oldest"] or "none", why]


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=_ROOT.parent / "shared")
    parser.add_argument("--write", action="store_true", help="write the table into docs/compat.md")
    args = parser.parse_args(argv)
    rows: List[List[str]] = []
    for corpus in ("real", "wild"):
        folder = args.shared / "corpus" / corpus
        for path in sorted(folder.iterdir()):
            if path.suffix in (".json", ".md") or path.is_dir():
                continue
            found = row(path, f"{corpus}/{path.name[:60]}")
            if found is not None:
                rows.append(found)
    header = ["model", "format", "written by", "oldest TF", "loads in", "oldest Serving", "why not the release before"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in found) + " |" for found in rows]
    flagged = sum(found[3].endswith("!") for found in rows)
    summary = (f"{len(rows)} models; {sum(found[3] != 'none' for found in rows)} load in some release; "
               f"{flagged} whose oldest release is newer than the one that wrote them.")  # fmt: skip
    text = "\n".join(lines) + "\n\n" + summary + "\n"
    if args.write:
        doc = _DOC.read_text(encoding="utf-8")
        start, end = doc.index(_START) + len(_START), doc.index(_END)
        _DOC.write_text(doc[:start] + "\n" + text + doc[end:], encoding="utf-8")
        print(f"wrote {len(rows)} rows into {os.path.relpath(_DOC)}; {summary}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
