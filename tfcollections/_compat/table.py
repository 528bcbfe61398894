# SPDX-License-Identifier: Apache-2.0
"""The releases as the check asks about them: which ops each registers, with which attrs, DataTypes and versions.

Strategy: the data is two generated modules of ``_data`` (``registry``: op names by release range; ``releases``:
attrs by release range, DataTypes, GraphDef versions), read on the first question, never at import. ``ATTRS`` is
split into rows per op once (a few milliseconds for about 2,000 ops); an op's rows are parsed when
the check first asks about that op, each distinct row once (``Attrs``), so checking a model against every release
costs what its distinct ops cost, not the table.
"""

from __future__ import annotations

from .._data import releases as _data
from .._data.rows import lines as _table_lines, rows as _table_rows
from .._scan import known

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Dict, List, Optional, Set, Tuple

    #: An op's attrs in a release: name -> (has a default: True, False, or None when not known; the values
    #: allowed, in the OpDef's order, or None when any value of its type is).
    Attrs = Dict[str, Tuple[Optional[bool], Optional[Tuple[str, ...]]]]

#: Every release, oldest first: the same list as the op table's.
VERSIONS: Tuple[str, ...] = known.RELEASES

_ROWS: Dict[str, List[Tuple[int, int, str]]] = {}  # op -> its rows, filled on first use
_PARSED: Dict[str, Attrs] = {}  # a row's attrs text -> its attrs
_DTYPES: Dict[str, Tuple[int, int]] = {}  # DataType name -> (number, index of the first release declaring it)


def _rows() -> Dict[str, List[Tuple[int, int, str]]]:
    if not _ROWS:
        rows: Dict[str, List[Tuple[int, int, str]]] = {}
        current: List[Tuple[int, int, str]] = []
        for line in _table_lines(_data.ATTRS):
            if line[:1].isdigit():  # a run: its first and last release, then its attrs
                first, last, attrs = line.split(" ", 2)
                current.append((int(first), int(last), attrs))
            else:  # an op's name: its runs of releases follow
                current = rows.setdefault(line, [])
        _ROWS.update(rows)
    return _ROWS


def _parse(text: str) -> Attrs:
    attrs: Attrs = {}
    if text == "-":
        return attrs
    for token in text.split(" "):
        name, _, allowed = token.partition(":")
        has_default: Optional[bool] = False
        if name.endswith("="):
            name, has_default = name[:-1], True
        elif name.endswith("?"):
            name, has_default = name[:-1], None
        attrs[name] = (has_default, _data.SETS[int(allowed)] if allowed else None)
    return attrs


def registers(op: str, release: int) -> bool:
    """Whether release *release* (an index of ``VERSIONS``) registers *op*."""
    if not known.is_known(op):
        return False
    first, last = known.release_indexes(op)
    return first <= release <= last


def only_in_registries(op: str) -> bool:
    """Whether *op* is one no wheel's wrappers call (an internal op), known only from the registries read whole, so
    that whether a release before the first of those registers it is not known."""
    if not _REGISTRY_ONLY:
        _REGISTRY_ONLY.update(word for row in _table_rows(_data.REGISTRY_ONLY) for word in row)
    return op in _REGISTRY_ONLY


_REGISTRY_ONLY: Set[str] = set()


def from_contrib(op: str, release: int) -> bool:
    """Whether release *release* registers *op* only through ``tf.contrib`` (1.x), whose libraries a program loads
    when it first touches ``tf.contrib``."""
    if not _CONTRIB:
        for first, last, *ops in _table_rows(_data.CONTRIB):
            for op_name in ops:
                _CONTRIB.setdefault(op_name, []).append((int(first), int(last)))
    return any(first <= release <= last for first, last in _CONTRIB.get(op, ()))


_CONTRIB: Dict[str, List[Tuple[int, int]]] = {}


def op_releases(op: str) -> Optional[Tuple[str, str]]:
    """The first and the last release that registers *op*, or None."""
    return known.releases_of(op)


def attrs_row(op: str, release: int) -> Optional[str]:
    """The text of *op*'s attrs in release *release* (equal texts: equal attrs), or None when they are not known."""
    for first, last, text in _rows().get(op, ()):
        if first <= release <= last:
            return text
    return None


def attrs_of(op: str, release: int) -> Optional[Attrs]:
    """The attrs of *op* in release *release*, or None when they are not known (the op has no wrapper there)."""
    text = attrs_row(op, release)
    if text is None:
        return None
    found = _PARSED.get(text)
    if found is None:
        found = _PARSED[text] = _parse(text)
    return found


def first_with_attr(op: str, attr: str) -> Optional[str]:
    """The first release whose *op* has attr *attr*, or None."""
    for first, _, text in _rows().get(op, ()):
        if attr in (_PARSED.get(text) or _parse(text)):
            return VERSIONS[first]
    return None


def dtypes() -> Dict[str, Tuple[int, int]]:
    """Every DataType some release declares: name -> (its number, the index of the first release declaring it)."""
    if not _DTYPES:
        for name, number, first in _table_rows(_data.DTYPES):
            _DTYPES[name] = (int(number), int(first))
    return _DTYPES


def graph_def_versions(release: int) -> Optional[Tuple[int, int, int]]:
    """``(TF_GRAPH_DEF_VERSION, _MIN_CONSUMER, _MIN_PRODUCER)`` of release *release*, None when not known."""
    _, version, min_consumer, min_producer, _, _ = _data.RELEASES[release]
    return None if version < 0 else (version, min_consumer, min_producer)


def ignores_unknown_attrs(release: int) -> bool:
    """Whether release *release*'s ``ValidateNodeDef`` logs and ignores an attr the OpDef lacks (2.5 on), rather
    than refusing the node."""
    return _data.RELEASES[release][5]


def attrs_read_from(release: int) -> str:
    """How release *release*'s attrs were read: ``oplist``, ``wrappers`` or ``registry``."""
    return _data.RELEASES[release][4]


def resolve(name: str) -> List[int]:
    """The indexes of the releases *name* means: ``2.4.1`` that release, ``2.4`` its newest patch, ``2`` or
    ``all`` every release of the series or all; ValueError naming the known ones otherwise."""
    text = name[1:] if name[:1] in ("v", "V") else name  # v2.4, as tags name releases; no more than one v
    text = text.lower()
    if text == "all" and name[:1] not in ("v", "V"):
        return list(range(len(VERSIONS)))
    if text in VERSIONS:
        return [VERSIONS.index(text)]
    series = [index for index, version in enumerate(VERSIONS) if version.startswith(text + ".")]
    if series and text.count(".") == 1:
        return [series[-1]]  # a minor series: its newest patch, the one its users run
    if series:
        return series
    raise ValueError(f"unknown TensorFlow release {name!r}: known are {describe_known()}")


def describe_known() -> str:
    """The known releases, by minor series: ``0.12 (0.12.0-0.12.1), 1.0 (1.0.0-1.0.1), ...``."""
    by_minor: Dict[str, List[str]] = {}
    for version in VERSIONS:
        by_minor.setdefault(".".join(version.split(".")[:2]), []).append(version)
    return ", ".join(
        f"{minor} ({found[0]}-{found[-1]})" if len(found) > 1 else found[0] for minor, found in by_minor.items()
    )
