# SPDX-License-Identifier: Apache-2.0
"""Whole files against protobuf's parse of them (tools/generate_file_fixtures.py).

Each ``tests/data/files/*.expected.json`` holds what ``load`` must return for one
file, computed from protobuf's own parse (``ParseFromString`` for binary,
``text_format.Parse`` for text): TensorFlow-written SavedModels (two meta graphs,
assets, signatures; binary, text, text with expanded Anys), an old-style model
whose variable collections are ``node_list``, the example model in binary and
text, and small Apache-2.0 corpus files (see ATTRIBUTION.md there).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List

import pytest

import tfcollections

from .helpers import DATA, REPO, _revive, same

FILES = DATA / "files"
EXPECTED = sorted(FILES.glob("*.expected.json"))


def _documents() -> List[Dict[str, Any]]:
    return [json.loads(path.read_text(encoding="utf-8")) for path in EXPECTED]


def _without_offsets(value: Any, binary: bool) -> Any:
    """Never-parsed fields: keep the type, and the size for binary files (text offsets are not protobuf's)."""
    if isinstance(value, dict):
        if set(value) == {"type", "offset", "size"}:
            return {"type": value["type"], "size": value["size"]} if binary else {"type": value["type"]}
        return {key: _without_offsets(item, binary) for key, item in value.items()}
    if isinstance(value, list):
        return [_without_offsets(item, binary) for item in value]
    return value


def _first_difference(a: Any, b: Any, path: str = "") -> str:
    if isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys():
        for key in a:
            if not same(a[key], b[key]):
                return _first_difference(a[key], b[key], f"{path}.{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for index, (x, y) in enumerate(zip(a, b)):
            if not same(x, y):
                return _first_difference(x, y, f"{path}[{index}]")
    return f"{path}: {a!r:.300} != {b!r:.300}"


def test_there_are_fixtures_of_every_kind() -> None:
    documents = _documents()
    kinds = {(d["expected"]["format"], d["expected"]["encoding"]) for d in documents}
    assert kinds == {("GraphDef", "binary"), ("GraphDef", "text"), ("MetaGraphDef", "binary"),
                     ("MetaGraphDef", "text"), ("SavedModel", "binary"), ("SavedModel", "text")}  # fmt: skip
    assert len(documents) >= 14


@pytest.mark.parametrize("expected_path", EXPECTED, ids=lambda path: path.name[: -len(".expected.json")])
def test_load_equals_protobufs_parse(expected_path: Path) -> None:
    document = json.loads(expected_path.read_text(encoding="utf-8"))
    expected = _revive(document["expected"])
    loaded = tfcollections.load(REPO / document["file"])
    assert (loaded.pop("path"), loaded.pop("located")) == (str(REPO / document["file"]), None)
    got = _without_offsets(loaded, expected["encoding"] == "binary")
    assert same(got, expected), _first_difference(got, expected)


def test_text_and_binary_of_one_saved_model_read_the_same() -> None:
    binary = tfcollections.load(FILES / "saved_model_two_graphs.pb")
    for name in ("saved_model_two_graphs.pbtxt", "saved_model_two_graphs.expanded.pbtxt"):
        text = tfcollections.load(FILES / name)
        assert text["encoding"] == "text" and binary["encoding"] == "binary"
        for ours, theirs in zip(text["meta_graphs"], binary["meta_graphs"]):
            for key in ("saver_def", "signature_def", "asset_file_def"):
                assert same(ours[key], theirs[key])
            assert same(ours["collection_def"]["variables"], theirs["collection_def"]["variables"])


def test_the_saved_model_has_two_tagged_meta_graphs_with_signatures_and_assets() -> None:
    model = tfcollections.load(FILES / "saved_model_two_graphs.pb")
    serve, train = model["meta_graphs"]
    assert serve["meta_info_def"]["tags"] == ["serve"] and train["meta_info_def"]["tags"] == ["train", "gpu"]
    assert sorted(serve["signature_def"]) == ["regress", "serving_default"]
    ids = train["signature_def"]["train"]["inputs"]["ids"]
    assert ids["coo_sparse"]["values_tensor_name"].startswith("ids/values") and ids["dtype"] == "DT_INT64"
    assets = serve["collection_def"]["saved_model_assets"]
    assert assets["kind"] == "any_list"
    assert assets["value"][0]["value"]["filename"] == "vocab.txt"
    assert isinstance(assets["value"][1]["value"], bytes)  # google.protobuf.StringValue: not a type it knows
    assert serve["asset_file_def"][0]["tensor_info"]["name"] == "vocab_path:0"


def test_an_expanded_any_of_an_unknown_type_is_reported_where_it_lies() -> None:
    path = FILES / "saved_model_two_graphs.expanded.pbtxt"
    serve = tfcollections.load(path)["meta_graphs"][0]
    unknown = serve["collection_def"]["saved_model_assets"]["value"][1]
    assert unknown["type_url"] == "type.googleapis.com/google.protobuf.StringValue"
    where = unknown["value"]
    text = path.read_bytes()[where["offset"] : where["offset"] + where["size"]]
    assert where["type"] == "google.protobuf.StringValue"
    assert text.startswith(b"{") and text.endswith(b"}") and b'"not a TensorFlow type"' in text


def test_old_files_hold_variable_collections_as_node_lists() -> None:
    meta_graph = tfcollections.load(FILES / "old_style_node_list.meta")["meta_graphs"][0]
    collections = meta_graph["collection_def"]
    for name in ("local_variables", "model_variables", "metric_variables", "global_step"):
        assert collections[name]["kind"] == "node_list"
    assert collections["global_step"]["value"] == ["global_step:0"]
    assert collections["variables"]["kind"] == "bytes_list"
    # get_collection matches scopes against the names themselves in a node_list.
    assert tfcollections.get_collection(meta_graph, "local_variables", "mean_loss") == [
        "mean_loss/total:0",
        "mean_loss/count:0",
    ]


GRAPHS = sorted(FILES.glob("*.graph.json"))


def test_there_are_graph_fixtures_of_every_kind() -> None:
    documents = [json.loads(path.read_text(encoding="utf-8")) for path in GRAPHS]
    ops = {op for document in documents for graph in document["graphs"] for op in graph["ops"]}
    variable_ops = {v["op"] for d in documents for graph in d["graphs"] for v in graph["variables"]}
    assert {"Variable", "VariableV2", "VarHandleOp"} <= variable_ops
    assert {"PyFunc", "StatelessWhile", "StatelessIf"} <= ops  # PyFunc: only inside a tf.data function
    variables = [v for d in documents for graph in d["graphs"] for v in graph["variables"]]
    assert any(v["partition"] for v in variables) and any(v["device"] for v in variables)
    assert any(v["collections"] == [] and v["op"] for v in variables)  # a variable node in no collection
    assert any(v["colocated_with"] and v["colocated_with"] != [v["name"]] for v in variables)  # slots
    assert len(documents) >= 16


@pytest.mark.parametrize("graph_path", GRAPHS, ids=lambda path: path.name[: -len(".graph.json")])
def test_the_graph_scan_equals_protobufs_parse(graph_path: Path) -> None:
    """Every variable (name, op, dtype, shape, device, ...) and every op count, as protobuf reads the graph."""
    document = json.loads(graph_path.read_text(encoding="utf-8"))
    loaded = tfcollections.load(REPO / document["file"], graph=True)
    got = [meta_graph["graph"] for meta_graph in loaded["meta_graphs"]]
    expected = _revive(document["graphs"])
    assert same(got, expected), _first_difference(got, expected)
