# SPDX-License-Identifier: Apache-2.0
"""The documentation that is generated from the code has not drifted from it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import List

import pytest

import tfcollections

from .helpers import REPO


def test_schema_listing_matches_the_schema_tables() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tools.gen_schema_docs", "--check"], capture_output=True, text=True, cwd=REPO
    )
    assert result.returncode == 0, result.stderr


def test_the_scan_tables_match_the_rules_and_the_flagged_ops() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tools.gen_scan_docs", "--check"], capture_output=True, text=True, cwd=REPO
    )
    assert result.returncode == 0, result.stderr


def test_the_compat_tables_match_the_rules_the_data_and_the_recorded_verdicts() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tools.gen_compat_docs", "--check"], capture_output=True, text=True, cwd=REPO
    )
    assert result.returncode == 0, result.stderr


def test_the_onnx_op_table_matches_the_conversions_rows() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tools.gen_onnx_docs", "--check"], capture_output=True, text=True, cwd=REPO
    )
    assert result.returncode == 0, result.stderr


def test_the_readme_opens_with_the_two_set_up_commands() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    blocks = readme.split("```")
    setup, tests = blocks[1], blocks[3]
    assert "pip install ." in setup and "examples/model.meta" in setup
    assert "pytest" in tests
    # .ci/run calls the README's test command, as written there.
    test_command = next(line for line in tests.splitlines() if "pytest" in line).strip()
    assert test_command in ci


def test_the_docs_index_links_every_doc() -> None:
    index = (REPO / "docs" / "index.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"\]\(([a-z_]+\.md)\)", index))
    assert linked == {path.name for path in (REPO / "docs").glob("*.md")} - {"index.md"}
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "](docs/index.md)" in readme


def _readme_table() -> List[List[str]]:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    table = readme.split("## What it does", 1)[1].split("\n\n", 2)[2].split("\n\n", 1)[0]
    return [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in table.splitlines()[2:]]


@pytest.mark.slow
def test_the_readmes_table_shows_real_input_and_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Each command of the front page's table is run as written (an output file written elsewhere), and what the
    # table shows after the arrow is in what it prints; each Python expression gives what the table says.
    import tfcollections

    rows = _readme_table()
    assert [row[0] for row in rows][:7] == ["what a model holds", "a checkpoint: list, read, check", "part of a graph",
                                            "what can touch the host", "weights out", "run it without TensorFlow",
                                            "what changed"]  # fmt: skip
    monkeypatch.chdir(REPO)
    script = Path(sys.executable).with_name("tfcollections")
    for _, command_cell, python_cell in rows:
        found = re.findall(r"`([^`]*)`", command_cell)
        if found:
            command, shown = found[0], found[1].split("...")[0].rstrip(", [")
            words = [str(tmp_path / word) if word.endswith((".safetensors", ".npz", ".onnx", ".pb")) else word
                     for word in command.split()[1:]]  # fmt: skip
            run = [str(script)] if script.exists() else [sys.executable, "-m", "tfcollections"]
            result = subprocess.run([*run, *words], capture_output=True, text=True, timeout=120)
            assert shown in result.stdout.replace(str(tmp_path) + "/", ""), (command, result.stdout, result.stderr)
            assert result.returncode == (1 if "exit 1" in command_cell else 0), command
        code = re.findall(r"`([^`]*)`", python_cell)
        if len(code) == 2 and "→" in python_cell:
            expression, expected = code
            assert repr(eval(expression, {"tfcollections": tfcollections})) == expected, expression


def test_the_map_of_the_tests_names_every_test_file_once() -> None:
    text = (REPO / "docs" / "development.md").read_text(encoding="utf-8")
    section = text.split("## The tests, by wing", 1)[1].split("\n## ", 1)[0]
    named = re.findall(r"`(test_\w+\.py)`", section)
    present = sorted(path.name for path in (REPO / "tests").glob("test_*.py"))
    assert sorted(named) == present, set(named) ^ set(present)


def test_the_fast_paths_table_names_every_fast_path_and_tests_that_exist() -> None:
    text = (REPO / "docs" / "development.md").read_text(encoding="utf-8")
    section = text.split("## Fast paths", 1)[1].split("\n## ", 1)[0]
    for path, name in re.findall(r"`tests/(test_\w+\.py)::(test_\w+)`", section):
        assert f"def {name}(" in (REPO / "tests" / path).read_text(encoding="utf-8"), (path, name)
    named = set(re.findall(r"`_?\w+/(\w+)\.(_?fast_\w+)`", section))
    found = {
        (path.stem, match)
        for path in Path(tfcollections.__file__).parent.rglob("*.py")  # the package tested, wherever installed
        for match in re.findall(r"^def (_?fast_\w+)\(", path.read_text(encoding="utf-8"), re.M)
        if path.parent.name != "_proto"
    }
    assert found == named, found ^ named
