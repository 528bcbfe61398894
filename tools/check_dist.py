# SPDX-License-Identifier: Apache-2.0
"""Check a built wheel and sdist before anyone installs them: metadata, contents, entry point (run by .ci/run).

    python -m tools.check_dist dist/

What a release must hold, checked from the archives themselves (nothing is imported from them):

- the wheel's METADATA: name, the version of ``tfcollections/__init__.py`` (the one source), ``Requires-Python:
  >=3.8``, no runtime dependency (``Requires-Dist`` only under extras: the speed-ups and ``test``/``dev``), the
  README as its Markdown description, the license, the ``Typing :: Typed`` classifier;
- the wheel's files: every module of the source tree and ``py.typed``, nothing else of the repository (no tests,
  no tools), the ``tfcollections`` console script pointing at ``tfcollections._cli.main:main``, a RECORD that lists
  every file with a hash that matches;
- the sdist: the package, the tests with their data, the docs, examples, tools, benchmarks, ``.ci/run``, the
  README, CHANGELOG and LICENSE: all that running the suite from it needs.

Exit status 0 when all hold; otherwise each problem on a line of its own and 1.
"""

from __future__ import annotations

import argparse
import base64
import configparser
import csv
import email.parser
import hashlib
import io
import re
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import List

REPO = Path(__file__).resolve().parent.parent


def source_version(package: Path = REPO / "tfcollections") -> str:
    text = (package / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__ = "([^"]+)"$', text, re.MULTILINE)
    assert match, "no __version__ in tfcollections/__init__.py"
    return match.group(1)


def check_wheel(path: Path, version: str, package: Path = REPO / "tfcollections") -> List[str]:
    """The problems of the wheel at *path*, against the version and the modules of the source *package*."""
    problems: List[str] = []
    with zipfile.ZipFile(path) as wheel:
        names = set(wheel.namelist())
        info = f"tfcollections-{version}.dist-info"
        metadata = email.parser.Parser().parsestr(wheel.read(f"{info}/METADATA").decode("utf-8"))
        expected = {"Name": "tfcollections", "Version": version, "Requires-Python": ">=3.8"}
        for key, value in expected.items():
            if metadata.get(key) != value:
                problems.append(f"wheel METADATA {key}: {metadata.get(key)!r}, expected {value!r}")
        for requirement in metadata.get_all("Requires-Dist") or []:
            if "extra ==" not in requirement:
                problems.append(f"wheel METADATA has a runtime dependency: {requirement}")
        if metadata.get("Description-Content-Type") != "text/markdown":
            problems.append(f"wheel METADATA Description-Content-Type: {metadata.get('Description-Content-Type')!r}")
        readme = (REPO / "README.md").read_text(encoding="utf-8")
        if metadata.get_payload().strip() != readme.strip():
            problems.append("wheel METADATA's description is not the README")
        if metadata.get("License-Expression") != "Apache-2.0" or f"{info}/licenses/LICENSE" not in names:
            problems.append(f"wheel METADATA License-Expression: {metadata.get('License-Expression')!r}, or no LICENSE")
        if "Typing :: Typed" not in (metadata.get_all("Classifier") or []):
            problems.append("wheel METADATA lacks the 'Typing :: Typed' classifier")
        modules = {str(p.relative_to(package.parent).as_posix()) for p in package.rglob("*.py")}
        wanted = modules | {"tfcollections/py.typed"}
        for missing in sorted(wanted - names):
            problems.append(f"wheel lacks {missing}")
        extra = {n for n in names if not n.startswith(info)} - wanted
        for name in sorted(extra):
            problems.append(f"wheel holds {name}, which is not part of the package")
        entry_points = configparser.ConfigParser()
        entry_points.read_string(wheel.read(f"{info}/entry_points.txt").decode("utf-8"))
        script = entry_points.get("console_scripts", "tfcollections", fallback=None)
        if script is None or script.replace(" ", "") != "tfcollections._cli.main:main":
            problems.append(f"wheel entry points: console script tfcollections is {script!r}")
        record = wheel.read(f"{info}/RECORD").decode("utf-8")
        listed = set()
        for name, digest, _size in csv.reader(io.StringIO(record)):
            listed.add(name)
            if not digest:
                continue  # RECORD itself
            algorithm, _, value = digest.partition("=")
            actual = base64.urlsafe_b64encode(hashlib.new(algorithm, wheel.read(name)).digest()).rstrip(b"=")
            if actual.decode("ascii") != value:
                problems.append(f"wheel RECORD hash of {name} does not match its content")
        for name in sorted(names - listed):
            problems.append(f"wheel RECORD does not list {name}")
    return problems


def check_sdist(path: Path, version: str) -> List[str]:
    problems: List[str] = []
    root = f"tfcollections-{version}"
    with tarfile.open(path) as sdist:
        names = {name[len(root) + 1 :] for name in sdist.getnames() if name.startswith(root + "/")}
    wanted = ["pyproject.toml", "README.md", "CHANGELOG.md", "LICENSE", ".ci/run", "tfcollections/py.typed",
              "tests/conftest.py", "tests/data/files/ATTRIBUTION.md", "docs/files.md", "examples/model.meta",
              "examples/parallel_scan.py", "tools/generate_fixtures.py", "benchmarks/run.sh"]  # fmt: skip
    wanted += [p.relative_to(REPO).as_posix() for p in (REPO / "tfcollections").rglob("*.py")]
    wanted += [str(p.relative_to(REPO)) for p in (REPO / "tests").rglob("*") if p.is_file() and _tracked(p)]
    for name in sorted(set(wanted) - names):
        problems.append(f"sdist lacks {name}")
    for name in sorted(names):
        if "__pycache__" in name or name.endswith(".pyc") or name.startswith((".venv", "dist/")):
            problems.append(f"sdist holds {name}, which is generated")
    return problems


def _tracked(path: Path) -> bool:
    return "__pycache__" not in path.parts and path.suffix != ".pyc"


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("dist", type=Path, help="the directory `python -m build` wrote to")
    args = parser.parse_args(argv)
    version = source_version()
    wheels = sorted(args.dist.glob(f"tfcollections-{version}-py3-none-any.whl"))
    sdists = sorted(args.dist.glob(f"tfcollections-{version}.tar.gz"))
    problems: List[str] = []
    if len(wheels) != 1 or len(sdists) != 1:
        problems.append(f"expected one wheel and one sdist of version {version} in {args.dist}: {wheels} {sdists}")
    else:
        problems += check_wheel(wheels[0], version)
        problems += check_sdist(sdists[0], version)
    for problem in problems:
        print(problem)
    if not problems:
        print(f"{wheels[0].name} and {sdists[0].name}: metadata and contents as they should be")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
