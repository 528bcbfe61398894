# SPDX-License-Identifier: Apache-2.0
"""The cells the command line's tables are made of, and the tree of scopes that variables and tensors share.

Strategy: renderers return lines; a table is rows of strings aligned here, and a dtype, shape or count is
written the same way wherever it appears. ``scope_rows`` writes every tree of slash-separated names (a
graph's variables, a checkpoint's tensors, a collection's variables): a row for each scope a name opens,
with the subtotal of its names' parameters where counts are shown, then the name's own rows.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, List, Optional

_DTYPES = {"DT_FLOAT": "float32", "DT_DOUBLE": "float64", "DT_HALF": "float16", "DT_BFLOAT16": "bfloat16"}


def table(rows: List[List[str]], indent: str) -> List[str]:
    if not rows:
        return []
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [indent + "  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip() for row in rows]


def dtype_text(dtype: Any) -> str:
    if dtype is None:
        return "?"
    if not isinstance(dtype, str):
        return str(dtype)
    if dtype.endswith("_REF"):  # a reference (a TF 1 variable's output): as TensorFlow writes it, float32_ref
        return dtype_text(dtype[: -len("_REF")]) + "_ref"
    return _DTYPES.get(dtype, dtype.replace("DT_", "").lower())


def shape_text(shape: Optional[List[int]]) -> str:
    if shape is None:
        return "unknown"
    return "(" + ", ".join("?" if size < 0 else str(size) for size in shape) + ("," if len(shape) == 1 else "") + ")"


def opened_scopes(previous: List[str], scopes: List[str]) -> range:
    """The depths of the scopes a name of a sorted tree opens that the name before it did not: a row each."""
    common = 0
    while common < min(len(scopes), len(previous)) and scopes[common] == previous[common]:
        common += 1
    return range(common, len(scopes))


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
    # A scope is the prefix of a name up to one of its slashes ("a/b" of "a/b/c"): its subtotal, by that prefix.
    subtotals: Dict[str, int] = {}
    if count_of is not None:
        for name in names:
            count = count_of(name) or 0
            slash = name.find("/")
            while slash >= 0:
                prefix = name[:slash]
                subtotals[prefix] = subtotals.get(prefix, 0) + count
                slash = name.find("/", slash + 1)
    rows: List[List[str]] = []
    previous: List[str] = []
    empty = [""] * (columns - 1)
    for name in names:
        parts = name.split("/")
        scopes = parts[:-1]
        if scopes:
            for depth in opened_scopes(previous, scopes):
                row = ["  " * depth + scopes[depth] + "/", *empty]
                if count_of is not None:
                    row[count_column] = f"{subtotals['/'.join(scopes[: depth + 1])]:,}"
                rows.append(row)
        previous = scopes
        rows += leaf(name, "  " * len(scopes) + parts[-1], len(scopes))
    return rows


def byte_size(count: int) -> str:
    """A size for people: ``1.8 MB``, ``512 B``."""
    for unit, size in (("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)):
        if count >= size:
            return f"{count / size:.1f} {unit}"
    return f"{count} B"
