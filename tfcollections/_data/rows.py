# SPDX-License-Identifier: Apache-2.0
"""The one grammar of the generated tables: rows of words.

A table is a string of rows, one per line, its words separated by single spaces; a line that starts with a space
goes on with the row before it (a long row, wrapped). What a row's words mean is the table's: each module of
``_data`` says it. ``tools/data_rows.py`` writes the grammar, and a test holds the writer to this reader on every
table. A wrapped row is joined by turning each line break before a space into that space, so a table is read at
the speed of ``str.splitlines``.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import List


def lines(table: str) -> List[str]:
    """The rows of *table* as text, each on one line (a wrapped row's lines joined)."""
    return table.replace("\n ", " ").splitlines()


def rows(table: str) -> List[List[str]]:
    """The rows of *table*, each a list of its words."""
    return [line.split(" ") for line in lines(table)]
