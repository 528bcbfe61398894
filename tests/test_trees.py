# SPDX-License-Identifier: Apache-2.0
"""Every result is a tree: no dict or list is reachable twice in what a reader returns, so that a caller who edits
one part of a result edits nothing else. Walked over the results of every reader on every fixture it reads."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Tuple

import pytest

import tfcollections

from .helpers import DATA

EXAMPLE = DATA.parent.parent / "examples" / "model.meta"


def shared_parts(value: Any) -> List[Tuple[str, str]]:
    """The (first path, second path) of every dict or list reachable twice in *value*, walked without recursion."""
    seen: Dict[int, str] = {}
    found = []
    stack: List[Tuple[Any, str]] = [(value, "$")]
    while stack:
        item, path = stack.pop()
        if not isinstance(item, (dict, list)):
            continue
        if id(item) in seen:
            found.append((seen[id(item)], path))
            continue
        seen[id(item)] = path
        pairs = item.items() if isinstance(item, dict) else enumerate(item)
        stack += [(child, f"{path}[{key!r}]") for key, child in pairs]
    return found


def test_the_walk_finds_a_shared_part() -> None:
    inner = {"a": 1}
    (found,) = shared_parts({"x": inner, "y": [inner]})
    assert sorted(found) == ["$['x']", "$['y'][0]"]
    assert shared_parts({"x": {"a": 1}, "y": [{"a": 1}]}) == []


def _models() -> Iterator[Path]:
    for suffix in ("*.meta", "*.pb", "*.pbtxt"):
        for path in sorted(DATA.rglob(suffix)):
            if "ops" not in path.parts:  # one-op graphs: the zoo's models cover their readers
                yield path


def _checkpoints() -> Iterator[Path]:
    for index in sorted((DATA / "checkpoints").rglob("*.index")):
        yield index.with_suffix("")


READERS: Dict[str, Tuple[Callable[[], Iterator[Path]], Callable[[Path], Any]]] = {
    "load": (_models, lambda path: tfcollections.load(path, graph=True)),
    "scan": (_models, lambda path: tfcollections.scan(path)),
    "load_checkpoint": (_checkpoints, lambda path: tfcollections.load_checkpoint(path)),
    "events": (lambda: iter([DATA / "events"]), lambda path: list(tfcollections.events(path))),
    "examples": (
        lambda: iter(sorted((DATA / "records").glob("examples*.tfrecord"))),
        lambda path: list(tfcollections.examples(path)),
    ),
    "example_columns": (
        lambda: iter(sorted((DATA / "records").glob("examples*.tfrecord"))),
        lambda path: dict(tfcollections.example_columns(path)),
    ),
    "check_checkpoint": (
        lambda: iter(
            [DATA / "checkpoints" / "restore" / "grown.meta", DATA / "checkpoints" / "restore" / "model.ckpt.meta"]
        ),
        lambda path: tfcollections.check_checkpoint(path, DATA / "checkpoints" / "restore" / "model.ckpt"),
    ),
    "compatible": (
        lambda: iter(sorted(p for p in (DATA / "compat").iterdir() if p.is_dir())),
        lambda path: tfcollections.compatible(path),
    ),
    "subgraph": (lambda: iter([EXAMPLE]), lambda path: tfcollections.subgraph(path, "dense")),
    "diff": (
        lambda: iter([DATA / "checkpoints" / "diff" / "v2"]),
        lambda path: tfcollections.diff(path / "a", path / "b"),
    ),
}


@pytest.mark.parametrize("reader", sorted(READERS))
def test_no_part_of_a_result_is_reachable_twice(reader: str) -> None:
    paths, read = READERS[reader]
    checked = 0
    for path in paths():
        try:
            result = read(path)
        except (tfcollections.DecodeError, ValueError, OSError):
            continue  # the damaged fixtures: refused, nothing returned
        shared = shared_parts(result)
        assert not shared, f"{reader}({path}): {shared[:3]}"
        checked += 1
    assert checked
