# SPDX-License-Identifier: Apache-2.0
"""The package's layers: every import of every module goes down, none goes up or sideways, and none closes a cycle.

Every import counts: at the top of a module, inside a function (deferred), and under ``TYPE_CHECKING``. The
imports are read from the source, not from ``sys.modules``, so an import that runs only on one path is
held to the rule too. docs/development.md draws the same layers as a map.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Dict, Iterable, List, Set, Tuple

import pytest

import tfcollections

PACKAGE = Path(tfcollections.__file__).resolve().parent
NAME = "tfcollections"

# The units of the package from the bottom up: a module may import the modules of its own unit and those of
# the units below it; never a unit above it, nor another unit of its own layer.
LAYERS: Tuple[Tuple[str, ...], ...] = (
    ("_data",),  # generated data (what TensorFlow's releases register) and the one reader of its tables
    ("_typing", "_errors"),  # annotation helpers and aliases; DecodeError
    ("_tensor",),  # a tensor's values: a leaf, so that types.py is one
    ("types",),  # generated TypedDicts: imports _tensor only
    ("_proto",),  # protobuf without TensorFlow's file rules
    ("_items",),  # decode and encode one collection item
    ("_disk",),  # files on disk: what a file is, its source, where a path's model or checkpoint is
    ("_graph",),  # the graph: nodes, inputs and outputs, constants, op signatures, the object graph
    ("_model",),  # model files: load, collections, views of a model by its path
    ("_ckpt",),  # checkpoints: tables, CRC-32C, listing and values, restore checks
    ("_convert",),  # conversion: freezing with a checkpoint's values, ONNX
    ("_records",),  # TFRecord files and tf.train.Example: frames, CRCs, features
    ("_scan",),  # the security scan: what in a model can touch the host, the op registry as data
    ("_compat",),  # will a model load in a release: its nodes against each release's ops, attrs and versions
    ("__init__",),  # the public names
    ("_cli",),  # the command line, a user of the public names
    ("__main__",),
)
RANK = {unit: rank for rank, units in enumerate(LAYERS) for unit in units}


def modules(package: Path = PACKAGE) -> Dict[str, Path]:
    """Every module of the package by its dotted name (a package's ``__init__`` by the package's name)."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def imports_of(name: str, path: Path, known: Iterable[str]) -> List[Tuple[int, str]]:
    """(line, module) of every module of the package that *name* imports, however and wherever it does.

    ``from . import x`` imports the module ``x`` when there is one, else the package's name ``x`` (its
    ``__init__``); an absolute import of the package is returned as it is written, for the rule to refuse.
    """
    known = set(known)
    is_package = path.name == "__init__.py"
    here = name.split(".") if is_package else name.split(".")[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names if alias.name.split(".")[0] == NAME]
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                if (node.module or "").split(".")[0] == NAME:
                    found.append((node.lineno, f"absolute import of {node.module}"))
                continue
            base = here[: len(here) - (node.level - 1)]
            target = ".".join(base + ([node.module] if node.module else []))
            for alias in node.names:
                submodule = f"{target}.{alias.name}"
                found.append((node.lineno, submodule if submodule in known else target))
    return found


def unit_of(module: str) -> str:
    parts = module.split(".")
    return "__init__" if len(parts) == 1 else parts[1]


def violations(graph: Dict[str, List[Tuple[int, str]]]) -> List[str]:
    """What breaks the layers in an import graph ({module: [(line, imported module)]}): imports that go up
    or sideways, absolute imports of the package, modules outside every layer, and cycles."""
    problems = []
    for module, imported in sorted(graph.items()):
        unit = unit_of(module)
        if unit not in RANK:
            problems.append(f"{module}: in no layer (add its unit to LAYERS)")
            continue
        for line, target in imported:
            if target.startswith("absolute import"):
                problems.append(f"{module}:{line}: {target} (the package imports itself relatively, to be vendored)")
                continue
            other = unit_of(target)
            if other == unit:
                continue
            if other not in RANK:
                problems.append(f"{module}:{line}: imports {target}, in no layer")
            elif RANK[other] > RANK[unit]:
                problems.append(f"{module}:{line}: imports {target}, a layer above it ({unit} < {other})")
            elif RANK[other] == RANK[unit]:
                problems.append(f"{module}:{line}: imports {target}, sideways ({unit} and {other} share a layer)")
    problems += [f"cycle: {' -> '.join(cycle)}" for cycle in cycles(graph)]
    return problems


def cycles(graph: Dict[str, List[Tuple[int, str]]]) -> List[List[str]]:
    """One cycle through each strongly connected part of the graph that has one (Tarjan's algorithm)."""
    edges = {
        module: sorted({target for _, target in imported if target in graph}) for module, imported in graph.items()
    }
    index: Dict[str, int] = {}
    low: Dict[str, int] = {}
    stack: List[str] = []
    on_stack: Set[str] = set()
    found: List[List[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in edges[module]:
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            part = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                part.append(member)
                if member == module:
                    break
            if len(part) > 1 or module in edges[module]:
                found.append(_a_cycle(sorted(part), edges))

    for module in sorted(edges):
        if module not in index:
            visit(module)
    return found


def _a_cycle(part: List[str], edges: Dict[str, List[str]]) -> List[str]:
    """A path from the first module of a strongly connected part back to itself, within the part."""
    start, members = part[0], set(part)
    paths = {start: [start]}
    pending = [start]
    while pending:
        module = pending.pop(0)
        for target in edges[module]:
            if target == start:
                return paths[module] + [start]
            if target in members and target not in paths:
                paths[target] = paths[module] + [target]
                pending.append(target)
    return part  # not reached: a strongly connected part has a cycle through each of its members


def package_graph() -> Dict[str, List[Tuple[int, str]]]:
    found = modules()
    return {name: imports_of(name, path, found) for name, path in found.items()}


@pytest.mark.slow
def test_every_import_goes_down_and_none_closes_a_cycle() -> None:
    assert violations(package_graph()) == []


def test_the_rule_sees_what_breaks_it() -> None:
    # The checker on graphs that break it, so that the test above cannot pass by seeing nothing.
    broken = {
        "tfcollections._proto.wire": [(3, "tfcollections._model.files")],  # up
        "tfcollections._model.files": [(4, "tfcollections._ckpt.table")],  # up
        "tfcollections._typing": [(5, "tfcollections._errors")],  # sideways
        "tfcollections._ckpt.table": [(6, "absolute import of tfcollections._errors")],
        "tfcollections._graph.graph": [(7, "tfcollections._graph.nodes")],
        "tfcollections._graph.nodes": [(8, "tfcollections._graph.graph")],  # a cycle inside a wing
        "tfcollections._errors": [],
        "tfcollections._extra": [],
    }
    found = violations(broken)
    assert found == [
        "tfcollections._ckpt.table:6: absolute import of tfcollections._errors (the package imports itself "
        "relatively, to be vendored)",
        "tfcollections._extra: in no layer (add its unit to LAYERS)",
        "tfcollections._model.files:4: imports tfcollections._ckpt.table, a layer above it (_model < _ckpt)",
        "tfcollections._proto.wire:3: imports tfcollections._model.files, a layer above it (_proto < _model)",
        "tfcollections._typing:5: imports tfcollections._errors, sideways (_typing and _errors share a layer)",
        "cycle: tfcollections._graph.graph -> tfcollections._graph.nodes -> tfcollections._graph.graph",
    ]


def test_imports_are_read_wherever_they_are(tmp_path: Path) -> None:
    wing = tmp_path / "tfcollections" / "_model"
    wing.mkdir(parents=True)
    (tmp_path / "tfcollections" / "__init__.py").write_text("")
    (wing / "__init__.py").write_text("")
    (wing / "files.py").write_text(
        "TYPE_CHECKING = False\n"
        "if TYPE_CHECKING:\n"
        "    from .. import types\n"
        "def load():\n"
        "    from .graph import add_graphs  # noqa: PLC0415 (deferred)\n"
        "    from .._ckpt import restore  # noqa: PLC0415 (deferred)\n"
        "    import tfcollections._items\n"
    )
    (wing / "graph.py").write_text("from . import files\n")
    found = modules(tmp_path / "tfcollections")
    assert imports_of("tfcollections._model.files", wing / "files.py", found) == [
        (3, "tfcollections"),  # no types.py in this tree: the package's name
        (5, "tfcollections._model.graph"),
        (6, "tfcollections._ckpt"),
        (7, "tfcollections._items"),
    ]
    assert imports_of("tfcollections._model.graph", wing / "graph.py", found) == [(1, "tfcollections._model.files")]


def test_deferred_imports_say_why() -> None:
    # ruff (PLC0415) refuses an import inside a function without a noqa; each noqa says what it buys.
    for name, path in modules().items():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if "noqa: PLC0415" in line:
                assert re.search(r"# noqa: PLC0415 \(.{8,}\)$", line), f"{name}:{number}: a deferred import without why"


def test_the_top_stays_small_and_modules_do_one_job() -> None:
    top = sorted(path.name for path in PACKAGE.glob("*.py"))
    assert len(top) <= 8, top
    generated_or_tables = {"types.py", "schema.py"}  # and _data's modules: what TensorFlow's releases register
    for name, path in modules().items():
        lines = len(path.read_text(encoding="utf-8").splitlines())
        data = path.parent.name == "_data" and path.name not in ("__init__.py", "rows.py")
        assert path.name in generated_or_tables or data or lines <= 700, f"{name}: {lines} lines"


def _private_imports(source: str, path: str) -> List[str]:
    """Each underscore name *source* takes from another module of the package (``from .m import _x``, or
    ``m._x`` of a module it imported): what another module needs is that module's public name."""
    tree = ast.parse(source, path)
    found, imported = [], set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level > 0:
            for alias in node.names:
                imported.add(alias.asname or alias.name)
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"{path}:{node.lineno}: {alias.name} from {'.' * node.level}{node.module or ''}")
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)):
            continue
        if node.value.id in imported and node.attr.startswith("_") and not node.attr.startswith("__"):
            found.append(f"{path}:{node.lineno}: {node.value.id}.{node.attr}")
    return found


def test_no_module_takes_another_ones_underscore_names() -> None:
    found = [item for name, path in modules().items() for item in _private_imports(path.read_text(), name)]
    assert found == []
    assert _private_imports("from .a import _b\nfrom . import c\nc._d\n", "m") == [
        "m:1: _b from .a", "m:3: c._d"]  # fmt: skip
