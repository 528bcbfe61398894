# SPDX-License-Identifier: Apache-2.0
"""Which TensorFlow releases register an op: ``registry``'s data, read once, when a scan first asks.

Strategy: the data is one table of rows (``_data.registry.OPS``: a first and a last release, then the ops they
bound), parsed into a dict on the first question (about 2,100 ops, a millisecond), so that importing the
package costs nothing for it and a vendored copy needs no data file beside it.
"""

from __future__ import annotations

from .._data import registry
from .._data.rows import rows

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Dict, Final, List, Optional, Tuple

_KNOWN: List[Dict[str, Tuple[int, int]]] = []  # filled once: [op -> (first, last release index)]

RELEASES: Final = tuple(version for version, _ in registry.RELEASES)


def _table() -> Dict[str, Tuple[int, int]]:
    if not _KNOWN:
        table: Dict[str, Tuple[int, int]] = {}
        for first, last, *ops in rows(registry.OPS):
            span = (int(first), int(last))
            for op in ops:
                table[op] = span
        _KNOWN.append(table)
    return _KNOWN[0]


def all_ops() -> List[str]:
    """Every op some release registers, by name."""
    return sorted(_table())


def release_indexes(op: str) -> Tuple[int, int]:
    """The indexes in ``RELEASES`` of the first and the last release that registers *op* (a known one)."""
    return _table()[op]


def releases_of(op: str) -> Optional[Tuple[str, str]]:
    """The first and the last release that registers *op*, or None when none does."""
    found = _table().get(op)
    return None if found is None else (RELEASES[found[0]], RELEASES[found[1]])


def is_known(op: str) -> bool:
    return op in _table()


def newest() -> str:
    """The newest release the data covers."""
    return RELEASES[-1]


def oldest() -> str:
    return RELEASES[0]
