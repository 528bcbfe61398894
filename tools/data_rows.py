# SPDX-License-Identifier: Apache-2.0
"""The writer of the generated tables' one grammar (``tfcollections/_data/rows.py`` reads it): each row a line of
words separated by single spaces, a row longer than the width wrapped onto lines that start with a space.

Used by the generators (``tools/data_op_registry.py``, ``tools/data_compat.py``, ``tools/data_op_outputs.py``);
``tests/test_compat.py`` holds it to the reader on every table of ``tfcollections/_data``.
"""

from __future__ import annotations

from typing import Iterable, List, Sequence

#: The longest line a table writes (the module's lines stay within the formatter's 120).
WIDTH = 116


def table_text(rows: Iterable[Sequence[str]], width: int = WIDTH) -> str:
    """*rows* as a table: each a line, a long one wrapped at word boundaries onto lines that start with a space."""
    lines: List[str] = []
    for row in rows:
        line = ""
        for word in row:
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width:
                line += " " + word
            else:
                lines.append(line)
                line = " " + word
        lines.append(line)
    return "\n".join(lines) + "\n"
