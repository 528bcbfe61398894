# SPDX-License-Identifier: Apache-2.0
"""The scripts of tools/ and benchmarks/ do not rot: each whose dependencies are installed here imports, and each
that runs answers ``--help`` without running (tools/README.md lists them, by kind).

A script's dependencies are the modules it imports at its top, and those of the tools it imports, transitively;
a script that needs what is not installed (TensorFlow, protobuf, onnx, ...) is left to the venv that has it.
"""

from __future__ import annotations

import ast
import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Set

import pytest

from .helpers import REPO

OURS = ("tfcollections", "tools", "tests", "benchmarks")
SCRIPTS = sorted(path for folder in ("tools", "benchmarks") for path in (REPO / folder).glob("*.py")
                 if path.name != "__init__.py")  # fmt: skip


def _top_imports(path: Path) -> Set[str]:
    """The modules *path* imports at its top (not inside a function, not for type checking)."""
    found: Set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module in ("tools", "benchmarks"):
            found.update(f"{node.module}.{alias.name}" for alias in node.names)  # from tools import _oracle
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return found


def _missing(path: Path, seen: Dict[Path, List[str]]) -> List[str]:
    """The modules *path* needs, at its top or through the tools it imports, that are not installed."""
    if path in seen:
        return seen[path]
    seen[path] = []
    missing: List[str] = []
    for name in sorted(_top_imports(path)):
        top = name.split(".")[0]
        if top in OURS:
            if top in ("tools", "benchmarks") and name.count(".") == 1:
                missing += _missing(REPO / top / (name.split(".")[1] + ".py"), seen)
            continue
        if importlib.util.find_spec(top) is None:  # the standard library's are always found
            missing.append(top)
    seen[path] = sorted(set(missing))
    return seen[path]


def _runs(path: Path) -> bool:
    return 'if __name__ == "__main__":' in path.read_text(encoding="utf-8")


@pytest.mark.slow
@pytest.mark.parametrize("path", SCRIPTS, ids=[f"{path.parent.name}/{path.name}" for path in SCRIPTS])
def test_each_script_imports_and_answers_help(path: Path) -> None:
    missing = _missing(path, {})
    if missing:
        pytest.skip(f"needs {', '.join(missing)}")
    module = f"{path.parent.name}.{path.stem}"
    argv = [sys.executable, "-m", module, "--help"] if _runs(path) else [sys.executable, "-c", f"import {module}"]
    done = subprocess.run(argv, cwd=REPO, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    if _runs(path):
        assert done.stdout.strip(), "--help printed nothing"


def test_the_readme_puts_every_script_in_one_kind() -> None:
    readme = (REPO / "tools" / "README.md").read_text(encoding="utf-8")
    kinds = {title: re.findall(r"^\| `((?:tools|benchmarks)/[\w.]+)`", body, re.M)
             for title, body in re.findall(r"^## (.+?)\n(.*?)(?=^## |\Z)", readme, re.M | re.S)}  # fmt: skip
    assert set(kinds) == {"Fixture generators", "Data generators", "Doc generators", "Evidence", "Benchmarks"}
    listed = [name for names in kinds.values() for name in names]
    assert sorted(listed) == sorted(set(listed))  # each in one kind only
    shown = {f"{path.parent.name}/{path.name}" for path in SCRIPTS}
    assert shown - set(listed) <= {"benchmarks/bench.py"}  # listed beside run.sh, which starts it
    # A script's name says its kind: generate_ (fixtures), data_ (the package's data), gen_ (docs).
    prefixes = {"Fixture generators": "tools/generate_", "Data generators": "tools/data_",
                "Doc generators": "tools/gen_", "Benchmarks": "benchmarks/"}  # fmt: skip
    for title, names in kinds.items():
        for name in names:
            kind = next((kind for kind, prefix in prefixes.items() if name.startswith(prefix)), "Evidence")
            assert kind == title, (name, title)
