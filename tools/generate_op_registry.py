# SPDX-License-Identifier: Apache-2.0
"""Write ``tfcollections/_scan/registry.py``: the ops TensorFlow's releases register, from the package index.

What the scan calls an unknown op (a custom op, which only a shared library the model's author ships can run) is an
op none of these releases knows. For every release of ``tensorflow`` (0.12 to 1.x) and ``tensorflow-cpu`` (2.x)
the index holds, the wheel is downloaded (for the newest Python it was built for, Linux x86-64), the names of the
ops its generated wrappers call are read out of it (every ``gen_*.py`` module: ``_apply_op_helper("Conv2D", ...)``,
``apply_op("Conv2D", ...)`` in the oldest releases, contrib's modules included), and the wheel deleted. Nothing is
installed or imported. The wrappers miss the ops TensorFlow registers without a Python wrapper (internal ``_``
ops, test ops, TPU host ops); ``--registry PYTHON`` adds the exact registry of a TensorFlow a Python can import
(``TF_GetAllOpList``), which for 2.21 holds 389 such ops. The module written says which releases it covered, and
how each was read.

    python -m tools.generate_op_registry --registry .venv-bench/bin/python         # every release (network)
    python -m tools.generate_op_registry --only 2.21.0 1.15.5 --keep /tmp/wheels   # a few, wheels kept

About 40 minutes and 60 GB downloaded (one wheel at a time, each deleted once read) for every release.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import subprocess
import sys
import tempfile
import textwrap
import zipfile
from typing import Dict, List, Optional, Sequence, Set, Tuple

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_OUT = os.path.join(_ROOT, "tfcollections", "_scan", "registry.py")

# The Pythons wheels were built for, newest first, and the Linux platform tags they used.
_PYTHONS = ("3.13", "3.12", "3.11", "3.10", "3.9", "3.8", "3.7", "3.6", "3.5", "2.7")
_PLATFORMS = ("manylinux_2_27_x86_64", "manylinux_2_17_x86_64", "manylinux2014_x86_64", "manylinux2010_x86_64",
              "manylinux1_x86_64")  # fmt: skip

# The calls a generated wrapper makes with its op's name.
_OP_CALL = re.compile(rb'(?:_apply_op_helper|apply_op|_execute\.execute)\(\s*b?"([A-Za-z_][A-Za-z0-9_>]*)"')

_GEN_MODULE = re.compile(r"(?:^|/)gen_[A-Za-z0-9_]+\.py$")


def _versions(package: str) -> List[str]:
    """Every release of *package* the index holds for some Python and Linux, oldest first."""
    found: Set[str] = set()
    for python in _PYTHONS:
        command = [sys.executable, "-m", "pip", "index", "versions", package, "--python-version", python,
                   "--only-binary=:all:"] + [arg for tag in _PLATFORMS for arg in ("--platform", tag)]  # fmt: skip
        result = subprocess.run(command, capture_output=True, text=True, check=False)
        for line in result.stdout.splitlines():
            if line.startswith("Available versions:"):
                found.update(part.strip() for part in line.split(":", 1)[1].split(","))
    return sorted(found, key=_version_key)


def _version_key(version: str) -> Tuple[int, ...]:
    return (*(int(part) for part in re.findall(r"\d+", version)[:3]), len(version))


def _download(package: str, version: str, into: str) -> Optional[str]:
    """Download the wheel of *package* *version* into *into* (the newest Python first); its path, or None."""
    for python in _PYTHONS:
        command = [sys.executable, "-m", "pip", "download", f"{package}=={version}", "--no-deps", "--only-binary=:all:",
                   "--python-version", python, "-d", into, "-q"] + [
                   arg for tag in _PLATFORMS for arg in ("--platform", tag)]  # fmt: skip
        if subprocess.run(command, capture_output=True, check=False).returncode == 0:
            wheels = [name for name in os.listdir(into) if name.endswith(".whl") and f"-{version}-" in name]
            if wheels:
                return os.path.join(into, wheels[0])
    return None


def wheel_ops(path: str) -> Set[str]:
    """The op names the generated wrappers of a wheel call."""
    ops: Set[str] = set()
    with zipfile.ZipFile(path) as wheel:
        for name in wheel.namelist():
            if _GEN_MODULE.search(name):
                ops.update(match.decode() for match in _OP_CALL.findall(wheel.read(name)))
    return ops


_REGISTRY_SCRIPT = """
import json, tensorflow as tf
from tensorflow.core.framework import op_def_pb2
from tensorflow.python.client import pywrap_tf_session as c
buf = c.TF_GetAllOpList()
data = buf if isinstance(buf, bytes) else c.TF_GetBuffer(buf)
print(json.dumps({"version": tf.__version__, "ops": sorted(op.name for op in op_def_pb2.OpList.FromString(data).op)}))
"""


def registry_of(python: str) -> Tuple[str, Set[str]]:
    """The version and exact op registry of the TensorFlow *python* imports."""
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3")
    result = subprocess.run([python, "-c", _REGISTRY_SCRIPT], capture_output=True, text=True, check=True, env=env)
    data = json.loads(result.stdout.strip().splitlines()[-1])
    return data["version"], set(data["ops"])


def _write(releases: List[Tuple[str, str]], by_release: Dict[str, Set[str]]) -> None:
    order = [version for version, _ in releases]
    first: Dict[str, int] = {}
    last: Dict[str, int] = {}
    for index, version in enumerate(order):
        for op in by_release[version]:
            first.setdefault(op, index)
            last[op] = index
    # One line per run of ops with the same first and last release, wrapped: a few hundred lines, not 2,000.
    by_range: Dict[Tuple[int, int], List[str]] = {}
    for op in sorted(first):
        by_range.setdefault((first[op], last[op]), []).append(op)
    lines = []
    for (low, high), ops in sorted(by_range.items()):
        for chunk in textwrap.wrap(" ".join(ops), 110, break_on_hyphens=False):
            lines.append(f"{low} {high} {chunk}")
    # Double quotes, as the formatter writes them: the module is left as it is written.
    release_rows = "\n".join(f'    ("{version}", "{how}"),' for version, how in releases)
    text = f'''# SPDX-License-Identifier: Apache-2.0
# Generated by tools/generate_op_registry.py on {datetime.date.today().isoformat()}: do not edit.
"""The ops TensorFlow's releases register, as data: what the scan checks a model's ops against.

Each line of ``OPS`` is the first and the last release of ``RELEASES`` (by index, oldest first) that register
the ops named after them. ``RELEASES`` says how each release was read: ``wrappers`` (the op names its wheel's
generated Python wrappers call; internal and test ops that have none are missed) or ``registry``
(TensorFlow's own op registry, ``TF_GetAllOpList``, of that release imported).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final, Tuple

RELEASES: Final[Tuple[Tuple[str, str], ...]] = (
{release_rows}
)

OPS: Final = """\\
{chr(10).join(lines)}
"""
'''
    with open(_OUT, "w", encoding="utf-8") as out:
        out.write(text)
    print(f"wrote {_OUT}: {len(first)} ops, {len(order)} releases", file=sys.stderr)


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--registry", action="append", default=[], metavar="PYTHON",
                        help="also take the exact op registry of the TensorFlow this Python imports")  # fmt: skip
    parser.add_argument("--only", nargs="+", metavar="VERSION", help="only these releases")
    parser.add_argument("--keep", metavar="DIR", help="keep the wheels here (and read them from here when present)")
    parser.add_argument("--rewrite", action="store_true", help="write the data the module holds again (no network)")
    args = parser.parse_args(argv)
    if args.rewrite:
        from tfcollections._scan import known, registry

        held: Dict[str, Set[str]] = {version: set() for version, _ in registry.RELEASES}
        for op in known.all_ops():
            low, high = known.release_indexes(op)
            for version, _ in registry.RELEASES[low : high + 1]:
                held[version].add(op)
        _write(list(registry.RELEASES), held)
        return 0

    wanted: List[Tuple[str, str]] = []
    for package, keep in (("tensorflow", lambda v: _version_key(v) < (2, 1)), ("tensorflow-cpu", lambda v: True)):
        wanted += [(package, version) for version in _versions(package) if keep(version)]
    if args.only:
        wanted = [(package, version) for package, version in wanted if version in args.only]
    by_release: Dict[str, Set[str]] = {}
    how: Dict[str, str] = {}
    for package, version in wanted:
        with tempfile.TemporaryDirectory() as scratch:
            folder = args.keep or scratch
            os.makedirs(folder, exist_ok=True)
            kept = [name for name in os.listdir(folder) if name.endswith(".whl") and f"-{version}-" in name]
            path = os.path.join(folder, kept[0]) if kept else _download(package, version, folder)
            if path is None:
                print(f"{package} {version}: no wheel for Linux x86-64", file=sys.stderr)
                continue
            ops = wheel_ops(path)
            if not args.keep:
                os.remove(path)
        by_release[version] = ops
        how[version] = "wrappers"
        print(f"{package} {version}: {len(ops)} ops ({os.path.basename(path)})", file=sys.stderr, flush=True)
    for python in args.registry:
        version, ops = registry_of(python)
        by_release[version] = by_release.get(version, set()) | ops
        how[version] = "registry"
        print(f"registry of {python}: TensorFlow {version}, {len(ops)} ops", file=sys.stderr)
    releases = sorted(((version, how[version]) for version in by_release), key=lambda row: _version_key(row[0]))
    _write(releases, by_release)
    return 0


if __name__ == "__main__":
    sys.exit(main())
