# SPDX-License-Identifier: Apache-2.0
"""Generated blocks of the docs: each sits between ``<!-- generated: NAME -->`` and ``<!-- end: NAME -->`` lines, the
prose around it written by hand; a tool rewrites them from the code, or with ``--check`` says they have drifted."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Callable, Dict


def render(text: str, tables: Dict[str, Callable[[], str]], doc: str) -> str:
    for name, make in tables.items():
        pattern = re.compile(rf"(<!-- generated: {name} -->\n).*?(<!-- end: {name} -->)", re.DOTALL)
        if not pattern.search(text):
            raise SystemExit(f"{doc} has no generated block {name!r}")
        made = make()
        text = pattern.sub(lambda match: match.group(1) + made + "\n" + match.group(2), text)  # noqa: B023
    return text


def main(description: str, doc: Path, tables: Dict[str, Callable[[], str]], module: str) -> int:
    """Rewrite *doc*'s generated blocks, or with ``--check`` exit 1 when they differ from what *tables* make."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    shown = f"docs/{doc.name}"
    text = doc.read_text(encoding="utf-8")
    made = render(text, tables, shown)
    if args.check:
        if made != text:
            print(f"{shown} has drifted from the code: run python -m {module}", file=sys.stderr)
            return 1
        return 0
    doc.write_text(made, encoding="utf-8")
    return 0
