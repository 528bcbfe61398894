# SPDX-License-Identifier: Apache-2.0
"""The cells the command line's tables are made of, and the tree of scopes that variables and tensors share.

Strategy: renderers return lines; a table is rows of strings aligned here, and a dtype, shape or count is
written the same way wherever it appears. ``scope_rows`` writes every tree of slash-separated names (a
graph's variables, a checkpoint's tensors, a collection's variables): a row for each scope a name opens,
with the subtotal of its names' parameters where counts are shown, then the name's own rows.
"""

from __future__ import annotations

from itertools import zip_longest

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, List, Optional, Tuple

_DTYPES = {"DT_FLOAT": "float32", "DT_DOUBLE": "float64", "DT_HALF": "float16", "DT_BFLOAT16": "bfloat16"}


def table(rows: List[List[str]], indent: str) -> List[str]:
    """The rows with each column as wide as its widest cell, two spaces apart (a row may have fewer cells)."""
    if not rows:
        return []
    # Columns and cells through zip and map: a table of 1,270 rows in a third of the time of a loop over cells.
    widths = [max(map(len, column)) for column in zip_longest(*rows, fillvalue="")]
    ljust = str.ljust
    return [indent + "  ".join(map(ljust, row, widths)).rstrip() for row in rows]


def dtype_text(dtype: Any) -> str:
    text = _DTYPE_TEXTS.get(dtype) if isinstance(dtype, str) else None
    if text is not None:  # each row of a table has one: most are one of a few
        return text
    if dtype is None:
        return "?"
    if not isinstance(dtype, str):
        return str(dtype)
    if dtype.endswith("_REF"):  # a reference (a TF 1 variable's output): as TensorFlow writes it, float32_ref
        text = dtype_text(dtype[: -len("_REF")]) + "_ref"
    else:
        text = _DTYPES.get(dtype, dtype.replace("DT_", "").lower())
    if len(_DTYPE_TEXTS) < 256:
        _DTYPE_TEXTS[dtype] = text
    return text


_DTYPE_TEXTS: Dict[str, str] = {}


def shape_text(shape: Optional[List[int]]) -> str:
    if shape is None:
        return "unknown"
    key = tuple(shape)
    text = _SHAPE_TEXTS.get(key)
    if text is None:  # variables share a few shapes: each text is made once (up to _KEPT_TEXTS of them)
        sizes = ", ".join("?" if size < 0 else str(size) for size in shape)
        text = "(" + sizes + ("," if len(shape) == 1 else "") + ")"
        if len(_SHAPE_TEXTS) < _KEPT_TEXTS:
            _SHAPE_TEXTS[key] = text
    return text


def count_text(count: int) -> str:
    """A count with thousands separated: ``21,802,784``."""
    text = _COUNT_TEXTS.get(count)
    if text is None:  # formatting with separators is slow, and counts repeat with shapes
        text = f"{count:,}"
        if len(_COUNT_TEXTS) < _KEPT_TEXTS:
            _COUNT_TEXTS[count] = text
    return text


_SHAPE_TEXTS: Dict[Tuple[int, ...], str] = {}
_COUNT_TEXTS: Dict[int, str] = {}
_KEPT_TEXTS = 1024


def parameters(variable: Dict[str, Any]) -> Optional[int]:
    """Elements of what has a ``"shape"`` (a graph's variable, a checkpoint's tensor); None if not known."""
    shape = variable["shape"]
    if shape is None:
        return None
    count = 1
    for size in shape:
        if size < 0:
            return None
        count *= size
    return count


def scope_rows(
    names: List[str],
    leaf: Callable[[str, str, int], List[List[str]]],
    columns: int,
    count_of: Optional[Callable[[str], Optional[int]]] = None,
    count_column: int = 0,
) -> List[List[str]]:
    """The rows of a tree of the sorted slash-separated *names*: a row for each scope a name opens, then
    ``leaf(name, label, depth)``'s rows for the name (its label indented to its depth).

    With *count_of*, a scope's row holds in *count_column* the sum of ``count_of`` over the names below it
    (an unknown count adds nothing); the other cells of a scope's row are empty, *columns* in all.
    """
    # Sorted, the names below a scope come together: a scope's row is written when a name opens it, and its count
    # when the last name below it has been read, its sum then added to the scope that holds it.
    rows: List[List[str]] = []
    previous: List[str] = []  # the scopes of the name before, outermost first
    previous_text: Optional[str] = None  # and as written ("a/b")
    indent = ""  # two spaces for each of them
    empty = [""] * (columns - 1)
    opened: List[List[str]] = []  # the row of every scope open, the outermost first
    sums: List[int] = []  # and what the names below it have counted so far
    for name in names:
        scope_text, slash, last = name.rpartition("/")
        if scope_text != previous_text:  # not in the same scope as the name before (most names are)
            scopes = scope_text.split("/") if slash else []
            common = 0
            shared = min(len(scopes), len(previous))
            while common < shared and scopes[common] == previous[common]:
                common += 1
            while len(opened) > common:  # the scopes this name is not in are closed
                _close(opened, sums, count_column if count_of is not None else -1)
            for depth in range(common, len(scopes)):
                row = ["  " * depth + scopes[depth] + "/", *empty]
                rows.append(row)
                opened.append(row)
                sums.append(0)
            previous, previous_text, indent = scopes, scope_text, "  " * len(scopes)
        if count_of is not None and sums:
            sums[-1] += count_of(name) or 0
        rows += leaf(name, indent + last, len(previous))
    while opened:
        _close(opened, sums, count_column if count_of is not None else -1)
    return rows


def _close(opened: List[List[str]], sums: List[int], count_column: int) -> None:
    """Close the innermost open scope: its count written in its row (unless *count_column* is -1), and added to
    the scope that holds it."""
    row = opened.pop()
    total = sums.pop()
    if count_column >= 0:
        row[count_column] = count_text(total)
    if sums:
        sums[-1] += total


def byte_size(count: int) -> str:
    """A size for people: ``1.8 MB``, ``512 B``."""
    for unit, size in (("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)):
        if count >= size:
            return f"{count / size:.1f} {unit}"
    return f"{count} B"


def natural_key(text: str) -> List[Any]:
    """A tag's sort key in which its runs of digits count as numbers: metric_2 before metric_10, as a person reads
    them (and as TensorBoard lists them)."""
    import re  # noqa: PLC0415 (only a listing of tags needs it)

    return [(0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", text) if part]
