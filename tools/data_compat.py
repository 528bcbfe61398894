# SPDX-License-Identifier: Apache-2.0
"""Write ``tfcollections/_data/releases.py``: each release's op attrs, GraphDef versions and DataTypes, as data.

Called by ``tools/data_op_registry.py`` with every release it read (``Release`` rows). The table is kept small
the way the op table is: an op's attrs are written once for each run of releases that agree on them (a row of
first and last release index, then the attrs), and each set of allowed values once (``SETS``), referred to by
index. An attr is ``name``, then ``=`` when it has a default (``?`` when that is not known), then ``:N`` when its
values are limited to ``SETS[N]``.
"""

from __future__ import annotations

import datetime
import os
import sys
import textwrap
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence, Tuple

from tools.data_rows import table_text

if TYPE_CHECKING:
    from tools.data_op_registry import Release
    from tools.data_wheel_opdefs import AttrSpec

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_OUT = os.path.join(_ROOT, "tfcollections", "_data", "releases.py")


def _token(spec: AttrSpec, sets: Dict[Tuple[str, ...], int]) -> str:
    name, has_default, allowed = spec
    token = name + ("=" if has_default else "?" if has_default is None else "")
    if allowed is not None:
        token += f":{sets.setdefault(allowed, len(sets))}"
    return token


def write_compat(releases: Sequence[Release], registry_only: Sequence[str]) -> None:
    """Write the module from *releases* (oldest first, as ``registry.RELEASES`` lists them); *registry_only* are the
    ops no wheel's wrappers call, known only from the registries read whole (their first release is not known)."""
    sets: Dict[Tuple[str, ...], int] = {}
    ops = sorted({op for release in releases for op in release.specs})
    attr_rows: List[List[str]] = []
    for op in ops:
        runs: List[Tuple[int, int, str]] = []
        for index, release in enumerate(releases):
            spec = release.specs.get(op)
            line: Optional[str] = None
            if spec is not None and op in release.ops:
                line = " ".join(sorted(_token(attr, sets) for attr in spec)) or "-"
            if line is not None and runs and runs[-1][2] == line and runs[-1][1] == index - 1:
                runs[-1] = (runs[-1][0], index, line)
            elif line is not None:
                runs.append((index, index, line))
        if runs:  # the op's name on a row, then a row for each run: first and last index, then the attrs
            attr_rows += [[op], *([str(first), str(last), *line.split(" ")] for first, last, line in runs)]
    first_release: Dict[str, Tuple[int, int]] = {}
    for index, release in enumerate(releases):
        for dtype, number in release.dtypes.items():
            first_release.setdefault(dtype, (number, index))
    dtype_rows = [[dtype, str(number), str(index)] for dtype, (number, index) in
                  sorted(first_release.items(), key=lambda item: item[1][0])]  # fmt: skip
    # Each op's runs of releases where only tf.contrib's wrappers call it: first and last index, then the ops.
    contrib_runs: Dict[Tuple[int, int], List[str]] = {}
    for op in sorted({op for release in releases for op in release.contrib}):
        start = None
        for index, release in enumerate([*releases, None]):
            inside = release is not None and op in release.contrib
            if inside and start is None:
                start = index
            elif not inside and start is not None:
                contrib_runs.setdefault((start, index - 1), []).append(op)
                start = None
    contrib_rows = [[str(first), str(last), *ops] for (first, last), ops in sorted(contrib_runs.items())]
    release_tuples = [(release.version, *(release.graph_def or (-1, -1, -1)), release.attrs_how,
                       release.ignores_unknown_attrs) for release in releases]  # fmt: skip
    ordered_sets = [allowed for allowed, _ in sorted(sets.items(), key=lambda item: item[1])]
    text = render_compat(release_tuples, dtype_rows, ordered_sets, attr_rows, contrib_rows, list(registry_only),
                         datetime.date.today().isoformat())  # fmt: skip
    os.makedirs(os.path.dirname(_OUT), exist_ok=True)
    with open(_OUT, "w", encoding="utf-8") as out:
        out.write(text)
    print(f"wrote {_OUT}: attrs of {len(ops)} ops, {len(sets)} sets of values, {len(releases)} releases",
          file=sys.stderr)  # fmt: skip


def render_compat(
    releases: Sequence[Tuple[Any, ...]],
    dtype_rows: Sequence[Sequence[str]],
    sets: Sequence[Tuple[str, ...]],
    attr_rows: Sequence[Sequence[str]],
    contrib_rows: Sequence[Sequence[str]],
    registry_only: Sequence[str],
    day: str,
) -> str:
    """The module ``tfcollections/_data/releases.py``: *releases* as ``RELEASES`` holds them, the rows of each table,
    the sets of allowed values in their order, written on *day*."""
    release_rows = "\n".join(
        f'    ("{version}", {graph_def}, {min_consumer}, {min_producer}, "{how}", {ignores}),'
        for version, graph_def, min_consumer, min_producer, how, ignores in releases
    )
    set_rows = []
    for allowed in sets:
        # Double quotes where the item has none (as the formatter writes strings), else single.
        items = ", ".join(f'"{item}"' if '"' not in item else repr(item) for item in allowed)
        set_rows.append(textwrap.fill(f"({items},),", 116, initial_indent="    ", subsequent_indent="     ",
                                      break_long_words=False, break_on_hyphens=False))  # fmt: skip
    return f'''# SPDX-License-Identifier: Apache-2.0
# Generated by python -m tools.data_op_registry on {day}: do not edit.
"""What each TensorFlow release's ops take, as data: what the compatibility check holds a model's nodes against.

``RELEASES`` lines up with ``registry.RELEASES``: each release's GraphDef versions (``TF_GRAPH_DEF_VERSION``,
``_MIN_CONSUMER``, ``_MIN_PRODUCER`` of its ``version.h``; -1 where its wheel has none), how its ops' attrs were
read (``oplist``: the exact ``OpList`` its wrappers embed; ``wrappers``: its generated eager fallbacks and
docstrings; ``registry``: its own op registry, imported), and whether its ``ValidateNodeDef`` logs and ignores an
attr the OpDef lacks (2.5 on: its native library holds that message) rather than refusing the node. The tables
are rows of words (the rows of ``rows``). ``DTYPES``: each DataType, its number, and the first release that
declares it. ``ATTRS``: an op's name on a row, then a row for each run of releases (first and last index) that
agree on its attrs: ``name``, ``=`` when it has a default (``?``: not known, an attr inferred from the inputs,
which TensorFlow always writes), ``:N`` when its values are limited to ``SETS[N]`` (DataTypes, or strings in
double quotes); ``-`` for none. A release with no row for an op it registers has no known attrs for it.
``CONTRIB``: runs of releases (first and last index) in which only tf.contrib's wrappers call the ops after them,
which a program registers once it touches ``tf.contrib`` (its libraries are loaded lazily, in every 1.x).
``REGISTRY_ONLY``: the ops no wheel's wrappers call (internal ops, grappler's), known only from the registries read
whole: before the first of those, whether a release registers one is not known.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final, Tuple

RELEASES: Final[Tuple[Tuple[str, int, int, int, str, bool], ...]] = (
{release_rows}
)

DTYPES: Final = """\\
{table_text(dtype_rows)}"""

# fmt: off
SETS: Final[Tuple[Tuple[str, ...], ...]] = (
{chr(10).join(set_rows)}
)
# fmt: on

ATTRS: Final = """\\
{table_text(attr_rows)}"""

CONTRIB: Final = """\\
{table_text(contrib_rows)}"""

REGISTRY_ONLY: Final = """\\
{table_text([registry_only])}"""
'''
