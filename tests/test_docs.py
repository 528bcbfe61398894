# SPDX-License-Identifier: Apache-2.0
"""The documentation that is generated from the code has not drifted from it."""

from __future__ import annotations

import subprocess
import sys

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
