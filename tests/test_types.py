# SPDX-License-Identifier: Apache-2.0
"""The static types of tfcollections/types.py against what the library gives at run time.

mypy checks what a type checker infers (tests/typing/check_types.py, in .ci/run); these tests check that the
types describe the values: every TypedDict has exactly the keys, in order, that the decoder and ``load`` give,
and the generated code is what the schema tables say. And that none of it costs anything at run time.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any, Dict, Set

import pytest

import tfcollections
from tfcollections import types
from tfcollections._proto.compiled import COMPILED
from tfcollections._proto.schema import COLLECTIONS, ENUMS
from tools.data_types import type_name

from .helpers import DATA, REPO

PACKAGE = Path(tfcollections.__file__).resolve().parent


def test_the_types_and_overloads_are_what_the_schema_tables_say() -> None:
    result = subprocess.run([sys.executable, "-m", "tools.data_types", "--check"], capture_output=True, text=True,
                            cwd=REPO)  # fmt: skip
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("full_name", [name for name in COMPILED if not name.endswith("Entry")])
def test_every_message_has_a_typed_dict_with_the_keys_the_decoder_gives(full_name: str) -> None:
    typed_dict = getattr(types, type_name(full_name))
    assert list(typed_dict.__annotations__) == list(COMPILED[full_name].new())
    # By short and full name, decode_message gives that message (the overloads are typed with these names); a
    # short name two messages share is the first's (TensorFlow's SavedObject, not Keras').
    name_literal = getattr(types, f"{type_name(full_name)}Name")
    short = full_name.rsplit(".", 1)[-1]
    first = next(name for name in COMPILED if name.rsplit(".", 1)[-1] == short)
    assert set(name_literal.__args__) == ({short, full_name} if first == full_name else {full_name})
    assert list(tfcollections.decode_message(short, b"")) == list(COMPILED[first].new())


def test_every_enum_lists_its_names() -> None:
    for enum in ENUMS:
        alias = getattr(types, type_name(enum.name))
        literal = alias.__args__[0]
        assert list(literal.__args__) == [name for name, _ in enum.values] and alias.__args__[1] is int


def test_the_collection_names_of_each_message_type() -> None:
    for message in set(COLLECTIONS.values()):
        literal = getattr(types, f"{type_name(message)}Collection")
        assert set(literal.__args__) == {name for name, kind in COLLECTIONS.items() if kind == message}


def _keys(typed_dict: Any) -> Set[str]:
    return set(typed_dict.__annotations__)


def test_what_load_gives_has_the_keys_of_its_types() -> None:
    model = tfcollections.load(DATA / "files" / "graph_scan.meta", graph=True)
    assert list(model) == list(types.Model.__annotations__)
    meta_graph: Dict[str, Any] = dict(model["meta_graphs"][0])
    assert set(meta_graph) == _keys(types.MetaGraph)
    assert set(meta_graph) - {"graph"} == _keys(types.MetaGraphFields)
    assert set(meta_graph["meta_info_def"]) == _keys(types.MetaInfo)
    graph = meta_graph["graph"]
    assert set(graph) == _keys(types.Graph)
    partitioned = [v for v in graph["variables"] if v["partition"] is not None]
    assert partitioned and all(set(v) == _keys(types.GraphVariable) for v in graph["variables"])
    assert set(partitioned[0]["partition"]) == _keys(types.Partition)
    kinds = {c["kind"] for mg in model["meta_graphs"] for c in mg["collection_def"].values()}
    assert kinds <= {"node_list", "bytes_list", "int64_list", "float_list", "any_list", None}
    unions = {member.__annotations__["kind"] for member in types.Collection.__args__}
    assert len(unions) == 6
    without_graph = tfcollections.load(DATA / "files" / "graph_scan.meta")["meta_graphs"][0]
    assert set(without_graph) == _keys(types.MetaGraphFields)  # "graph" is the one optional key


def test_an_any_value_as_load_gives_it() -> None:
    model = tfcollections.load(DATA / "files" / "saved_model_two_graphs.pb")
    values = [item for mg in model["meta_graphs"] for c in mg["collection_def"].values() if c["kind"] == "any_list"
              for item in c["value"]]  # fmt: skip
    assert values and all(set(value) == _keys(types.AnyValue) for value in values)


def test_the_types_cost_nothing_at_run_time(tmp_path: Any) -> None:
    # python -S: no site, so nothing has imported typing before the package does (3.11's site does).
    code = textwrap.dedent(
        f"""
        import sys
        sys.path.insert(0, {str(PACKAGE.parent)!r})
        assert "typing" not in sys.modules
        import tfcollections
        model = tfcollections.load({str(REPO / "examples" / "model.meta")!r}, graph=True)
        tfcollections.decode("variables", b"\\x0a\\x01w")
        tfcollections.decode_message("SaverDef", b"")
        print(sorted(m for m in ("typing", "tfcollections.types") if m in sys.modules))
        """
    )
    result = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "[]\n"


def test_what_the_checkpoint_functions_give_has_the_keys_of_their_types() -> None:
    checkpoints = DATA / "checkpoints"
    for prefix in ("v2/model.ckpt-7", "v1/model.ckpt-7"):
        listing = tfcollections.load_checkpoint(checkpoints / prefix)
        assert list(listing) == list(types.Checkpoint.__annotations__)
        for tensor in listing["tensors"].values():
            assert list(tensor) == list(types.CheckpointTensor.__annotations__)
            for part in tensor["slices"]:
                assert list(part) == list(types.CheckpointSlice.__annotations__)
    restore = checkpoints / "restore"
    for meta in ("grown.meta", "reshaped.meta"):
        check = tfcollections.check_checkpoint(restore / meta, restore / "model.ckpt")
        assert list(check) == list(types.RestoreCheck.__annotations__)
        assert all(list(item) == list(types.MissingKey.__annotations__) for item in check["missing"])
        for item in check["mismatched"]:
            assert list(item) == list(types.MismatchedKey.__annotations__)
            assert list(item["graph"]) == list(types.KeyInfo.__annotations__) == list(item["checkpoint"])
    assert types.Tensor is type(tfcollections.read_tensor(checkpoints / "v2", "scalar"))
