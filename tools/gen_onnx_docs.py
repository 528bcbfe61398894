# SPDX-License-Identifier: Apache-2.0
"""Write docs/onnx.md's op table from the conversion's table (tfcollections/_convert/optable.py).

    python -m tools.gen_onnx_docs            # rewrite the table in place
    python -m tools.gen_onnx_docs --check    # exit 1 when docs/onnx.md has drifted (the tests run this)

The table sits between ``<!-- generated: ops -->`` and ``<!-- end: ops -->``; the prose around it is written by hand.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from tfcollections._convert.optable import table_rows

DOC = Path(__file__).resolve().parent.parent / "docs" / "onnx.md"


def ops_table() -> str:
    rows = table_rows()
    lines = [f"{len(rows)} TensorFlow ops.", "", "| TensorFlow op | ONNX | how |", "|---|---|---|"]
    lines += [f"| `{op}` | {onnx} | {note} |" for op, onnx, note in rows]
    return "\n".join(lines)


def render(text: str) -> str:
    pattern = re.compile(r"(<!-- generated: ops -->\n).*?(<!-- end: ops -->)", re.DOTALL)
    if not pattern.search(text):
        raise SystemExit("docs/onnx.md has no generated block 'ops'")
    made = ops_table()
    return pattern.sub(lambda match: match.group(1) + made + "\n" + match.group(2), text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    text = DOC.read_text(encoding="utf-8")
    made = render(text)
    if args.check:
        if made != text:
            print("docs/onnx.md has drifted from the op table: run python -m tools.gen_onnx_docs", file=sys.stderr)
            return 1
        return 0
    DOC.write_text(made, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
