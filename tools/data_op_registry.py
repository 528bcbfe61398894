# SPDX-License-Identifier: Apache-2.0
"""Write ``tfcollections/_data/registry.py``: the ops TensorFlow's releases register, from the package index.

What the scan calls an unknown op (a custom op, which only a shared library the model's author ships can run) is an
op none of these releases knows. For every release of ``tensorflow`` (0.12 to 1.x) and ``tensorflow-cpu`` (2.x)
the index holds, the wheel is downloaded (for the newest Python it was built for, Linux x86-64), the names of the
ops its generated wrappers call are read out of it (every ``gen_*.py`` module: ``_apply_op_helper("Conv2D", ...)``,
``apply_op("Conv2D", ...)`` in the oldest releases, contrib's modules included), and the wheel deleted. Nothing is
installed or imported. The wrappers miss the ops TensorFlow registers without a Python wrapper (internal ``_``
ops, test ops, TPU host ops); ``--registry PYTHON`` adds the exact registry of a TensorFlow a Python can import
(``TF_GetAllOpList``), which for 2.21 holds 389 such ops. The module written says which releases it covered, and
how each was read.

    python -m tools.data_op_registry --registry .venv-bench/bin/python         # every release (network)
    python -m tools.data_op_registry --only 2.21.0 1.15.5 --keep /tmp/wheels   # a few, wheels kept

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
import zipfile
from typing import Dict, FrozenSet, List, NamedTuple, Optional, Sequence, Set, Tuple

from tools.data_compat import write_compat
from tools.data_rows import table_text
from tools.data_wheel_opdefs import (
    AttrSpec,
    datatypes,
    graph_def_versions,
    native_facts,
    op_list_specs,
    release_specs,
    wheel_members,
)

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_OUT = os.path.join(_ROOT, "tfcollections", "_data", "registry.py")

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
import base64, json, tensorflow as tf
from tensorflow.core.framework import types_pb2
try:
    from tensorflow.python.client import pywrap_tf_session as c
except ImportError:  # before 2.2
    from tensorflow.python import pywrap_tensorflow as c
buf = c.TF_GetAllOpList()
data = buf if isinstance(buf, bytes) else c.TF_GetBuffer(buf)
print(json.dumps({"version": tf.__version__, "oplist": base64.b64encode(data).decode(),
                  "graph_def": [tf.version.GRAPH_DEF_VERSION, tf.version.GRAPH_DEF_VERSION_MIN_CONSUMER,
                                tf.version.GRAPH_DEF_VERSION_MIN_PRODUCER],
                  "dtypes": dict(types_pb2.DataType.items())}))
"""


class Release(NamedTuple):
    """What one release registers: its ops, their attrs, its GraphDef versions and DataTypes, and how it was read."""

    version: str
    how: str  # "wrappers" or "registry" (the op names); attrs: see attrs_how
    ops: Set[str]
    specs: Dict[str, Tuple[AttrSpec, ...]]
    attrs_how: str  # "oplist", "wrappers" or "registry"
    graph_def: Optional[Tuple[int, int, int]]
    dtypes: Dict[str, int]
    ignores_unknown_attrs: bool  # ValidateNodeDef logs and drops an attr the OpDef lacks (2.5 on), not refuses it
    # The ops only tf.contrib's wrappers call (1.x): registered once a program touches tf.contrib.
    contrib: FrozenSet[str] = frozenset()


def registry_of(python: str) -> Release:
    """The exact op registry (op names and OpDefs), GraphDef versions and DataTypes of the TensorFlow *python*
    imports."""
    import base64

    from tfcollections import decode_message

    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3")
    result = subprocess.run([python, "-c", _REGISTRY_SCRIPT], capture_output=True, text=True, check=True, env=env)
    data = json.loads(result.stdout.strip().splitlines()[-1])
    op_list = decode_message("tensorflow.OpList", base64.b64decode(data["oplist"]))
    specs = op_list_specs(op_list)
    versions = data["graph_def"]
    return Release(data["version"], "registry", set(specs), specs, "registry", (versions[0], versions[1], versions[2]),
                   {name: int(number) for name, number in data["dtypes"].items()}, False)  # fmt: skip


def compare_specs(
    wrapped: Dict[str, Tuple[AttrSpec, ...]], exact: Dict[str, Tuple[AttrSpec, ...]]
) -> Tuple[int, List[str]]:
    """How many ops read from wrappers agree with the exact registry on all the wrappers claim (attr names, defaults
    where known, allowed values where given), and which do not."""
    agree, disagree = 0, []
    for op, spec in sorted(wrapped.items()):
        registered = exact.get(op)
        if registered is None:
            continue
        claimed, truth = {attr[0]: attr for attr in spec}, {attr[0]: attr for attr in registered}
        if set(claimed) != set(truth) or any(
            (attr[1] is not None and attr[1] != truth[name][1])
            or (attr[2] is not None and set(attr[2]) != set(truth[name][2] or ()))
            for name, attr in claimed.items()
        ):
            disagree.append(op)
        else:
            agree += 1
    return agree, disagree


def release_of(version: str, path: str) -> Release:
    """A release read from its wheel (or the members of it a cache kept)."""
    members = wheel_members(path) if path.endswith(".whl") else _cached_members(path)
    ops: Set[str] = set()
    contrib: Set[str] = set()
    for name, data in members.items():
        if _GEN_MODULE.search(name):
            called = {match.decode() for match in _OP_CALL.findall(data)}
            (contrib if "/contrib/" in name else ops).update(called)
    specs, attrs_how = release_specs(members)
    return Release(version, "wrappers", ops | contrib, specs, attrs_how, graph_def_versions(members),
                   datatypes(members), native_facts(members).get("ignores_unknown_attrs", False),
                   frozenset(contrib - ops))  # fmt: skip


def _cached_members(path: str) -> Dict[str, bytes]:
    with zipfile.ZipFile(path) as cached:
        return {name: cached.read(name) for name in cached.namelist()}


def _cache(members: Dict[str, bytes], path: str) -> None:
    """Keep the members of a wheel this tool reads (a few MB, where the wheel is hundreds)."""
    with zipfile.ZipFile(path + ".part", "w", zipfile.ZIP_DEFLATED) as cached:
        for name in sorted(members):
            cached.writestr(name, members[name])
    os.replace(path + ".part", path)


def _write(releases: List[Tuple[str, str]], by_release: Dict[str, Set[str]]) -> None:
    text = render_registry(releases, by_release, datetime.date.today().isoformat())
    with open(_OUT, "w", encoding="utf-8") as out:
        out.write(text)
    print(f"wrote {_OUT}: {len(set().union(*by_release.values()))} ops, {len(releases)} releases", file=sys.stderr)


def render_registry(releases: List[Tuple[str, str]], by_release: Dict[str, Set[str]], day: str) -> str:
    """The module ``tfcollections/_data/registry.py`` of *releases* (version, how it was read; oldest first) and
    the ops each registers, written on *day*."""
    first: Dict[str, int] = {}
    last: Dict[str, int] = {}
    for index, (version, _) in enumerate(releases):
        for op in by_release[version]:
            first.setdefault(op, index)
            last[op] = index
    # One row per run of ops with the same first and last release: a few hundred rows, not 2,000.
    by_range: Dict[Tuple[int, int], List[str]] = {}
    for op in sorted(first):
        by_range.setdefault((first[op], last[op]), []).append(op)
    table = table_text([str(low), str(high), *ops] for (low, high), ops in sorted(by_range.items()))
    # Double quotes, as the formatter writes them: the module is left as it is written.
    release_rows = "\n".join(f'    ("{version}", "{how}"),' for version, how in releases)
    return f'''# SPDX-License-Identifier: Apache-2.0
# Generated by python -m tools.data_op_registry on {day}: do not edit.
"""The ops TensorFlow's releases register, as data: what the scan checks a model's ops against.

Each row of ``OPS`` (the rows of ``rows``) is the first and the last release of ``RELEASES`` (by index, oldest
first) that register the ops named after them. ``RELEASES`` says how each release was read: ``wrappers`` (the op
names its wheel's generated Python wrappers call; internal and test ops that have none are missed) or
``registry`` (TensorFlow's own op registry, ``TF_GetAllOpList``, of that release imported).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final, Tuple

RELEASES: Final[Tuple[Tuple[str, str], ...]] = (
{release_rows}
)

OPS: Final = """\\
{table}"""
'''


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--registry", action="append", default=[], metavar="PYTHON",
                        help="also take the exact op registry of the TensorFlow this Python imports")  # fmt: skip
    parser.add_argument("--only", nargs="+", metavar="VERSION", help="only these releases")
    parser.add_argument("--keep", metavar="DIR", help="keep the wheels here (and read them from here when present)")
    parser.add_argument("--rewrite", action="store_true", help="write the data the module holds again (no network)")
    parser.add_argument(
        "--cache",
        metavar="DIR",
        help="keep the members of each wheel read here (a few MB each), and read a release from here when present",
    )
    parser.add_argument("--offline", action="store_true", help="with --cache: read every release the cache holds, "
                        "and nothing from the network")  # fmt: skip
    args = parser.parse_args(argv)
    if args.rewrite:
        from tfcollections._data import registry
        from tfcollections._scan import known

        held: Dict[str, Set[str]] = {version: set() for version, _ in registry.RELEASES}
        for op in known.all_ops():
            low, high = known.release_indexes(op)
            for version, _ in registry.RELEASES[low : high + 1]:
                held[version].add(op)
        _write(list(registry.RELEASES), held)
        return 0

    wanted: List[Tuple[str, str]] = []
    if args.cache and args.offline:
        wanted = [("", name[: -len(".zip")]) for name in os.listdir(args.cache) if name.endswith(".zip")]
    else:
        for package, keep in (("tensorflow", lambda v: _version_key(v) < (2, 1)), ("tensorflow-cpu", lambda v: True)):
            wanted += [(package, version) for version in _versions(package) if keep(version)]
    if args.only:
        wanted = [(package, version) for package, version in wanted if version in args.only]
    found: Dict[str, Release] = {}
    for package, version in wanted:
        cached = os.path.join(args.cache, f"{version}.zip") if args.cache else None
        if cached is not None and os.path.exists(cached):
            release = release_of(version, cached)
        else:
            with tempfile.TemporaryDirectory() as scratch:
                folder = args.keep or scratch
                os.makedirs(folder, exist_ok=True)
                kept = [name for name in os.listdir(folder) if name.endswith(".whl") and f"-{version}-" in name]
                path = os.path.join(folder, kept[0]) if kept else _download(package, version, folder)
                if path is None:
                    print(f"{package} {version}: no wheel for Linux x86-64", file=sys.stderr)
                    continue
                if cached is not None:
                    _cache(wheel_members(path), cached)
                release = release_of(version, path)
                if not args.keep:
                    os.remove(path)
        found[version] = release
        print(f"{package or 'cache'} {version}: {len(release.ops)} ops, attrs of {len(release.specs)} "
              f"({release.attrs_how}), GraphDef {release.graph_def}, {len(release.dtypes)} DataTypes",
              file=sys.stderr, flush=True)  # fmt: skip
    exacts = [registry_of(python) for python in args.registry]
    wrapped_ops = {op for release in found.values() for op in release.ops}  # every op some wheel's wrappers call
    newest = max((release.version for release in [*found.values(), *exacts]), key=_version_key, default="")
    for python, exact in zip(args.registry, exacts):
        print(f"registry of {python}: TensorFlow {exact.version}, {len(exact.ops)} ops", file=sys.stderr)
        wrapped = found.get(exact.version)
        if wrapped is not None:
            agree, disagree = compare_specs(wrapped.specs, exact.specs)
            print(f"  its wrappers against its registry: {agree} ops agree, {len(disagree)} do not"
                  + (f" ({', '.join(disagree[:10])})" if disagree else ""), file=sys.stderr)  # fmt: skip
        if wrapped is None or exact.version == newest:
            # The newest release takes its exact registry's attrs (no later release's rows follow it); the native
            # libraries' facts still come from its wheel, which the registry does not say.
            found[exact.version] = exact._replace(
                ops=exact.ops | (wrapped.ops if wrapped is not None else set()),
                ignores_unknown_attrs=bool(wrapped and wrapped.ignores_unknown_attrs),
                contrib=wrapped.contrib if wrapped is not None else frozenset(),
            )
        else:
            # An older release keeps the attrs its wheel gave, read as its neighbours' were (a row's range then means
            # the releases agree, not that they were read another way); the comparison above is their check. Its
            # op names are the registry's, which holds the ops no wrapper calls.
            found[exact.version] = wrapped._replace(ops=wrapped.ops | exact.ops, how="registry")
    releases = sorted(found.values(), key=lambda release: _version_key(release.version))
    _write(
        [(release.version, release.how) for release in releases], {release.version: release.ops for release in releases}
    )
    write_compat(releases, sorted({op for exact in exacts for op in exact.ops} - wrapped_ops))
    return 0


if __name__ == "__main__":
    sys.exit(main())
