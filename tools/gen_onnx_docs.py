# SPDX-License-Identifier: Apache-2.0
"""Write docs/onnx.md's op table and kernel table from the conversion's tables (tfcollections/_convert/optable.py,
kernels.py).

    python -m tools.gen_onnx_docs            # rewrite the table in place
    python -m tools.gen_onnx_docs --check    # exit 1 when docs/onnx.md has drifted (the tests run this)

The tables sit between ``<!-- generated: ops -->`` and ``<!-- end: ops -->`` (and ``kernels``); the prose around them
is written by hand.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tfcollections._convert.kernels import KERNELS, computed_in
from tfcollections._convert.onnx import OPSETS
from tfcollections._convert.optable import table_rows

from . import gen_blocks

DOC = Path(__file__).resolve().parent.parent / "docs" / "onnx.md"


def ops_table() -> str:
    rows = table_rows()
    lines = [f"{len(rows)} TensorFlow ops, by domain. *since*: the first opset the row converts at (the conversion "
             f"writes opsets {OPSETS.start} to {OPSETS.stop - 1}).", ""]  # fmt: skip
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


# The TensorFlow types a rule may give an ONNX op, to say what each is computed in where onnxruntime lacks it.
_TYPES = ("DT_BOOL", "DT_INT8", "DT_UINT8", "DT_INT16", "DT_UINT16", "DT_INT32", "DT_UINT32", "DT_HALF", "DT_BFLOAT16",
          "DT_FLOAT")  # fmt: skip


def kernels_table() -> str:
    lines = ["| ONNX op | onnxruntime's CPU kernels | computed in, for the others |", "|---|---|---|"]
    for op in sorted(KERNELS):
        runs = ", ".join(sorted(dtype[3:].lower() for dtype in KERNELS[op]))
        # An op of floats alone (its kernels: no integer type) is given floats alone by the rules.
        given = (
            _TYPES
            if any(not dtype.startswith(("DT_FLOAT", "DT_DOUBLE", "DT_HALF")) for dtype in KERNELS[op])
            else ("DT_HALF", "DT_BFLOAT16")
        )
        wider = [f"{dtype[3:].lower()} as {found[3:].lower()}" for dtype in given if dtype not in KERNELS[op]
                 for found in [computed_in(op, dtype)] if found is not None]  # fmt: skip
        lines.append(f"| `{op}` | {runs} | {', '.join(wider) or '-'} |")
    return "\n".join(lines)


def main() -> int:
    return gen_blocks.main(__doc__.split("\n\n")[0], DOC, {"ops": ops_table, "kernels": kernels_table},
                           "tools.gen_onnx_docs")  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
