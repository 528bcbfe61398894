# SPDX-License-Identifier: Apache-2.0
"""A bounded slice of tools/fuzz.py in CI: the committed reproducers of issue 51, then cases of every target, each
in the harness's child processes under its address-space and time limits. The long run and its figures are in
docs/robustness.md. Needs the onnx group (onnx checks and onnxruntime loads each model written)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

# Cases a run: the reproducers (19) and this many of the targets' (a few seconds on 2 cores).
SLICE = 600


def test_the_reproducers_and_a_slice_of_every_target_hold() -> None:
    pytest.importorskip("onnx")
    pytest.importorskip("onnxruntime")
    if not (REPO / "tools" / "fuzz.py").is_file():
        pytest.skip("tools/ is not beside the tests")
    done = subprocess.run(
        [sys.executable, "-m", "tools.fuzz", "--cases", str(SLICE), "--seed", "1", "--jobs", "2", "--limit", "120",
         "--out", str(REPO / ".fuzz-failures")],
        cwd=REPO, capture_output=True, text=True, timeout=900, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert f"{SLICE + 19} passed, 0 failed" in done.stdout
