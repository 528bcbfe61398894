# SPDX-License-Identifier: Apache-2.0
"""The generated data of ``tfcollections/_data``: one row grammar, one reader, one writer.

Each module is what its generator writes from the data it holds (its tables read back by the reader and written
again by the generator's own render function, the date kept): so the reader, the writer and the committed files
agree, and a generator run on the same releases changes nothing. The generators themselves need TensorFlow's wheels;
their render functions do not.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Dict, List, Set

import pytest

from tfcollections._data import opdefs, registry, releases
from tfcollections._data.rows import lines, rows
from tools.data_compat import render_compat
from tools.data_op_outputs import render as render_opdefs
from tools.data_op_registry import render_registry
from tools.data_rows import table_text

DATA = Path(opdefs.__file__).resolve().parent  # the package tested, wherever it is installed


def _day(name: str) -> str:
    found = re.search(r"on (\d{4}-\d{2}-\d{2})", (DATA / name).read_text(encoding="utf-8"))
    assert found, name
    return found.group(1)


def test_the_grammar_read_and_written() -> None:
    table = table_text([["0", "3", *(f"Op{index}" for index in range(40))], ["A"], ["-"]], width=30)
    assert all(len(line) <= 30 for line in table.splitlines()) and "\n Op" in table
    assert rows(table) == [["0", "3", *(f"Op{index}" for index in range(40))], ["A"], ["-"]]
    assert lines("a b\n c\nd\n") == ["a b c", "d"]


@pytest.mark.parametrize("table", [registry.OPS, releases.ATTRS, releases.DTYPES, releases.CONTRIB,
                                   releases.REGISTRY_ONLY, opdefs.TABLE])  # fmt: skip
def test_every_table_is_what_the_writer_writes_of_its_rows(table: str) -> None:
    assert table_text(rows(table)) == table


def test_the_registry_is_what_its_generator_writes() -> None:
    versions = [version for version, _ in registry.RELEASES]
    by_release: Dict[str, Set[str]] = {version: set() for version in versions}
    for first, last, *ops in rows(registry.OPS):
        for index in range(int(first), int(last) + 1):
            by_release[versions[index]].update(ops)
    made = render_registry(list(registry.RELEASES), by_release, _day("registry.py"))
    assert made == (DATA / "registry.py").read_text(encoding="utf-8")


def test_the_releases_are_what_their_generator_writes() -> None:
    registry_only: List[str] = [word for row in rows(releases.REGISTRY_ONLY) for word in row]
    made = render_compat(releases.RELEASES, rows(releases.DTYPES), releases.SETS, rows(releases.ATTRS),
                         rows(releases.CONTRIB), registry_only, _day("releases.py"))  # fmt: skip
    assert made == (DATA / "releases.py").read_text(encoding="utf-8")


def test_the_op_outputs_are_what_their_generator_writes() -> None:
    specs = {op: "" if spec == opdefs.NO_OUTPUTS else spec for spec, *ops in rows(opdefs.TABLE) for op in ops}
    assert render_opdefs(list(opdefs.VERSIONS), specs) == (DATA / "opdefs.py").read_text(encoding="utf-8")


def test_the_first_question_gets_its_own_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each table is read on the first question: that first answer is the op's, not the last op read's.
    from tfcollections._compat import table
    from tfcollections._graph import optypes
    from tfcollections._scan import known

    monkeypatch.setattr(optypes, "_OUTPUT_SPECS", None)
    assert optypes.output_spec("Placeholder") == "output:dtype"
    monkeypatch.setattr(known, "_KNOWN", [])
    assert known.releases_of("Conv2D") == ("0.12.0", "2.21.0")
    monkeypatch.setattr(table, "_CONTRIB", {})
    assert table.from_contrib("Bucketize", 0) and not table.from_contrib("Conv2D", 0)
    monkeypatch.setattr(table, "_DTYPES", {})
    assert table.dtypes()["DT_FLOAT"] == (1, 0)
