# SPDX-License-Identifier: Apache-2.0
"""The package as tool authors meet it: vendorable, stdlib-only, no import-time effects."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import tfcollections

from .helpers import REPO

PACKAGE = Path(tfcollections.__file__).resolve().parent
MODULES = sorted(PACKAGE.glob("*.py"))

# The standard-library modules the package may import (sys.stdlib_module_names needs 3.10).
STDLIB_ALLOWED = {
    "__future__",
    "argparse",
    "math",
    "base64",
    "contextlib",
    "importlib",
    "itertools",
    "json",
    "mmap",
    "os",
    "re",
    "stat",
    "struct",
    "sys",
    "time",
    "types",
    "typing",
    "warnings",
}


def _imports(path: Path):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield 0, alias.name
        elif isinstance(node, ast.ImportFrom):
            yield node.level, node.module or ""


@pytest.mark.parametrize("module", MODULES, ids=[m.name for m in MODULES])
def test_only_relative_imports_of_itself_and_only_the_standard_library(module: Path) -> None:
    for level, name in _imports(module):
        if level:
            continue  # relative: fine under any package name
        assert name.split(".")[0] in STDLIB_ALLOWED, f"{module.name} imports {name}"
        assert not name.startswith("tfcollections")


def test_public_surface() -> None:
    assert set(tfcollections.__all__) == {
        "COLLECTIONS",
        "Session",
        "check_checkpoint",
        "compatible",
        "ConversionError",
        "DecodeError",
        "decode",
        "decode_example",
        "decode_message",
        "decode_strict",
        "diff",
        "encode",
        "encode_message",
        "event_columns",
        "events",
        "example_columns",
        "examples",
        "export",
        "find_models",
        "freeze",
        "get_collection",
        "load",
        "load_checkpoint",
        "loads",
        "message_type",
        "read_tensor",
        "read_tensors",
        "records",
        "scan",
        "subgraph",
        "to_onnx",
    }
    for name in tfcollections.__all__:
        assert getattr(tfcollections, name).__doc__ or name == "COLLECTIONS"
    # dir() and help() list the names imported on first use too, and docs/index.md says what each is.
    assert set(dir(tfcollections)) == set(tfcollections.__all__) | {"__version__"}
    index = (REPO / "docs" / "index.md").read_text(encoding="utf-8").split("## Every public name", 1)[1]
    rows = [row.split(" | ")[0] for row in index.splitlines() if row.startswith("| `")]
    assert {name for cell in rows for name in re.findall(r"`(\w+)`", cell)} == set(tfcollections.__all__)
    assert (PACKAGE / "py.typed").is_file()
    assert issubclass(tfcollections.DecodeError, ValueError)


def _run(code: str, cwd: Path) -> subprocess.CompletedProcess:
    # -I: ignore PYTHON* variables and the user site; -S: no site-packages, so an installed
    # tfcollections cannot stand in for the vendored copy.
    return subprocess.run([sys.executable, "-I", "-S", "-c", code], cwd=cwd, capture_output=True, text=True, timeout=60)


def test_works_vendored_under_another_name(tmp_path: Path) -> None:
    vendor = tmp_path / "theirtool" / "_vendor"
    vendor.mkdir(parents=True)
    (tmp_path / "theirtool" / "__init__.py").write_text("")
    (vendor / "__init__.py").write_text("")
    shutil.copytree(PACKAGE, vendor / "tfc", ignore=shutil.ignore_patterns("__pycache__"))
    code = textwrap.dedent(
        """
        import sys
        sys.path.insert(0, ".")
        sys.modules["tfcollections"] = None  # any absolute self-import now fails
        from theirtool._vendor import tfc
        assert tfc.decode("variables", b"\\x0a\\x03v:0")["variable_name"] == "v:0"
        assert tfc.encode("savers", {"max_to_keep": 5}) == b"\\x20\\x05"
        try:
            tfc.decode_strict("variables", b"\\x0a\\x05")
        except tfc.DecodeError as error:
            assert error.path == ("VariableDef", "variable_name")
        print(tfc.__name__, sorted(m for m, v in sys.modules.items() if "tfc" in m and v is not None))
        """
    )
    result = _run(code, tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("theirtool._vendor.tfc ['theirtool._vendor.tfc', 'theirtool._vendor.tfc._")
    assert "'theirtool._vendor.tfc._items'" in result.stdout


def test_importing_has_no_side_effects(tmp_path: Path) -> None:
    code = textwrap.dedent(
        """
        import sys, logging, warnings
        sys.path.insert(0, {root!r})
        before_modules = set(sys.modules)
        before_path = list(sys.path)
        before_filters = list(warnings.filters)
        import tfcollections
        added = set(sys.modules) - before_modules
        assert sys.path == before_path
        assert warnings.filters == before_filters
        assert not logging.getLogger().handlers
        stdlib = getattr(sys, "stdlib_module_names", None)
        if stdlib is not None:  # Python 3.10+
            print(sorted(m for m in added if m.split(".")[0] not in stdlib and not m.startswith("tfcollections")))
        else:
            print([])
        """
    ).format(root=str(PACKAGE.parent))
    result = _run(code, tmp_path)
    assert result.returncode == 0, result.stderr
    assert (result.stdout, result.stderr) == ("[]\n", "")


def test_the_text_reader_and_re_are_imported_only_for_text(tmp_path: Path) -> None:
    # Binary files, and importing the package, never pay for the text reader or for re (and enum).
    code = textwrap.dedent(
        """
        import sys
        sys.path.insert(0, {root!r})
        assert "re" not in sys.modules
        import tfcollections
        watched = ("re", "tfcollections._proto.text", "tfcollections._proto.textscan")
        print(sorted(m for m in watched if m in sys.modules))
        tfcollections.loads(open({example!r}, "rb").read())
        print(sorted(m for m in watched if m in sys.modules))
        tfcollections.loads(b"saver_def {{ version: V2 }}")
        print(sorted(m for m in watched if m in sys.modules))
        """
    ).format(root=str(PACKAGE.parent), example=str(REPO / "examples" / "model.meta"))
    result = _run(code, tmp_path)
    assert result.returncode == 0, result.stderr
    text_layer = "['re', 'tfcollections._proto.text', 'tfcollections._proto.textscan']"
    assert result.stdout.splitlines() == ["[]", "[]", text_layer]


def test_messages_are_compiled_when_first_asked_for_and_published_whole(tmp_path: Path) -> None:
    # Importing the package compiles the messages a model needs, not an event file's; eight threads that read the
    # first events at once all get the same answer, each message they see with its tables filled in.
    code = textwrap.dedent(
        """
        import sys, threading
        sys.path.insert(0, {root!r})
        import tfcollections
        from tfcollections._proto import compiled
        print(sorted(name for name in ("tensorflow.MetaGraphDef", "tensorflow.Event", "tensorflow.Example")
                     if name in dict.keys(compiled.COMPILED)))
        blob = bytes.fromhex("09000000000000f03f10032a0d0a0b0a046c6f737315000080bf")  # step 3, loss -1.0
        barrier = threading.Barrier(8)
        results = []

        def read():
            barrier.wait()
            event = tfcollections.decode_message("Event", blob)
            results.append((event["step"], event["summary"]["value"][0]["simple_value"]))

        threads = [threading.Thread(target=read) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        print(sorted(set(results)), len(results))
        print(all(message.by_byte and message.new for message in dict.values(compiled.COMPILED)))
        print(len(list(compiled.COMPILED)) == len(compiled.MESSAGE_NAMES) == len(compiled.COMPILED))
        """
    ).format(root=str(PACKAGE.parent))
    result = _run(code, tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["['tensorflow.MetaGraphDef']", "[(3, -1.0)] 8", "True", "True"]


def test_one_source_for_the_version() -> None:
    from importlib import metadata

    import tfcollections

    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in pyproject and "\nversion =" not in pyproject
    changelog = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## {tfcollections.__version__}" in changelog
    try:
        installed = metadata.version("tfcollections")
    except metadata.PackageNotFoundError:
        pytest.skip("the package is not installed here (the README's commands install it)")
    assert installed == tfcollections.__version__


def test_the_release_check_names_what_is_wrong_with_a_wheel(tmp_path: Path) -> None:
    # .ci/run builds the real wheel and sdist and runs tools/check_dist.py on them; this is what it must catch.
    import zipfile

    from tools import check_dist

    version = check_dist.source_version(PACKAGE)
    assert version == tfcollections.__version__
    info = f"tfcollections-{version}.dist-info"
    wheel = tmp_path / f"tfcollections-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        metadata = "Name: tfcollections\nVersion: 0.0.9\nRequires-Python: >=3.8\nRequires-Dist: protobuf\n"
        metadata += "Requires-Dist: pytest ; extra == 'test'\n\nnot the readme"
        archive.writestr(f"{info}/METADATA", metadata)
        archive.writestr(f"{info}/entry_points.txt", "[console_scripts]\ntfcollections = tfcollections.cli:main\n")
        archive.writestr("tfcollections/__init__.py", "")
        archive.writestr("tests/test_x.py", "")
        archive.writestr(f"{info}/RECORD", f"tfcollections/__init__.py,sha256=wrong,0\n{info}/RECORD,,\n")
    problems = "\n".join(check_dist.check_wheel(wheel, version, PACKAGE))
    for expected in [
        f"wheel METADATA Version: '0.0.9', expected '{version}'",
        "wheel METADATA has a runtime dependency: protobuf",
        "wheel METADATA's description is not the README",
        "wheel lacks tfcollections/py.typed",
        "wheel lacks tfcollections/_items.py",
        "wheel holds tests/test_x.py, which is not part of the package",
        "wheel entry points: console script tfcollections is 'tfcollections.cli:main'",
        "wheel RECORD hash of tfcollections/__init__.py does not match its content",
        "wheel RECORD does not list tests/test_x.py",
    ]:
        assert expected in problems
    assert "runtime dependency: pytest" not in problems  # an extra's requirement is no runtime dependency


def test_the_package_names_no_documentation_file() -> None:
    # The package is installed and vendored without the repository's docs/: a path into them leads nowhere.
    for path in sorted(PACKAGE.rglob("*.py")):
        assert "docs/" not in path.read_text(encoding="utf-8"), path


def test_the_speed_up_extras_install_what_the_checkpoint_reader_looks_for() -> None:
    # pip install "tfcollections[fast]" or "[crc32c]": each extra brings a module _ckpt.crc32c knows and checks.
    import re

    from tfcollections._ckpt.crc32c import _ACCELERATORS

    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    extras = dict(re.findall(r'^(fast|crc32c) = \["([a-z0-9-]+) ', pyproject, re.MULTILINE))
    assert extras == {"fast": "google-crc32c", "crc32c": "crc32c"}
    assert {name.replace("-", "_") for name in extras.values()} == set(_ACCELERATORS)
