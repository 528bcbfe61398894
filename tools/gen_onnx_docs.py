# SPDX-License-Identifier: Apache-2.0
"""Write docs/onnx.md's op table from the conversion's table (tfcollections/_convert/optable.py).

    python -m tools.gen_onnx_docs            # rewrite the table in place
    python -m tools.gen_onnx_docs --check    # exit 1 when docs/onnx.md has drifted (the tests run this)

The table sits between ``<!-- generated: ops -->`` and ``<!-- end: ops -->``; the prose around it is written by hand.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tfcollections._convert.optable import table_rows

from . import _generated

DOC = Path(__file__).resolve().parent.parent / "docs" / "onnx.md"


def ops_table() -> str:
    rows = table_rows()
    lines = [f"{len(rows)} TensorFlow ops, by domain. *since*: the first opset the row converts at (the conversion "
             "writes opsets 13 to 21).", ""]  # fmt: skip
    domain = None
    for row_domain, op, onnx, note, since in rows:
        if row_domain != domain:
            if domain is not None:
                lines.append("")
            domain = row_domain
            count = sum(1 for row in rows if row[0] == domain)
            lines += [f"**{domain}** ({count})", "", "| TensorFlow op | ONNX | since | how |", "|---|---|---|---|"]
        lines.append(f"| `{op}` | {onnx} | {since} | {note} |")
    return "\n".join(lines)


def main() -> int:
    return _generated.main(__doc__.split("\n\n")[0], DOC, {"ops": ops_table}, "tools.gen_onnx_docs")


if __name__ == "__main__":
    sys.exit(main())
