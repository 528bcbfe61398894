# SPDX-License-Identifier: Apache-2.0
"""TF 2 checkpoints' object graphs: each key's object, variable and slot, against TensorFlow's own view.

The fixture ``objects`` (tools/generate_checkpoint_fixtures.py) is a ``tf.train.Checkpoint`` of a ``tf.Module``
tree with a Keras 2 optimizer's slots; beside it, what TensorFlow knew of every key when it saved: the owning
object's path (its breadth-first walk), the variable's name, and for a slot its variable, optimizer and slot
name. The object graphs that TensorFlow never writes (references past the nodes, cycles) are built here.
"""

from __future__ import annotations

import hashlib
import json
import struct
from pathlib import Path
from typing import Any, Dict, List

import pytest
from hypothesis import example, given, strategies as st

import tfcollections
from tfcollections._ckpt.crc32c import crc32c, mask

from .helpers import DATA, field, varint
from .tables import table

CHECKPOINTS = DATA / "checkpoints"


def _expected(name: str) -> Dict[str, Any]:
    return json.loads((CHECKPOINTS / f"{name}.expected.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", ["objects", "save_weights"])
def test_every_key_has_the_object_tensorflow_saved_it_from(name: str) -> None:
    # objects: nested modules, a list, a dict whose keys hold "." and "/", a module reached by two paths (the
    # shorter names it: model/shared, not model/encoder/layers/0), slot variables under their variable.
    # save_weights: a Keras 2 model's weights alone (its optimizer's slots among them).
    expected = _expected(name)["objects"]
    graph = tfcollections.load_checkpoint(CHECKPOINTS / name)["object_graph"]
    assert graph is not None and graph["error"] is None
    assert (graph["unowned"], graph["absent"]) == ([], [])
    for key, want in expected.items():
        got = graph["keys"][key]
        assert {"object": got["object"], "full_name": got["full_name"], "slot": got["slot"]} == want, key
        assert got["attribute"] == "VARIABLE_VALUE"
    slots = [info["slot"] for info in graph["keys"].values() if info["slot"] is not None]
    if name == "objects":
        assert sorted(graph["keys"]) == sorted(expected)
        assert graph["keys"]["model/table/x.Sy/.ATTRIBUTES/VARIABLE_VALUE"]["object"] == "model/table/x/y"
        assert len(slots) == 6 and {slot["name"] for slot in slots} == {"m", "v"}
    else:  # TensorFlow's walk of a Keras model does not reach the slots: its record has the others
        assert set(graph["keys"]) - set(expected) == {info for info in graph["keys"] if "/.OPTIMIZER_SLOT/" in info}
        assert [(slot["variable"], slot["name"]) for slot in slots] == [
            ("layer_with_weights-0/bias", "momentum"), ("layer_with_weights-0/kernel", "momentum"),
        ]  # fmt: skip


def test_a_tf1_checkpoint_has_no_object_graph() -> None:
    assert tfcollections.load_checkpoint(CHECKPOINTS / "v2")["object_graph"] is None
    assert tfcollections.load_checkpoint(CHECKPOINTS / "v1")["object_graph"] is None


def test_the_object_graph_of_a_keras_saved_model() -> None:
    # Keras names each layer twice (layer_with_weights-K and layer-N); the walk reaches layer_with_weights-K first.
    # TensorFlow 2.21 fills full_name in a SavedModel's checkpoint too (2.3 left it empty: see the corpus tool).
    graph = tfcollections.load_checkpoint(CHECKPOINTS / "keras2")["object_graph"]
    assert graph is not None and graph["error"] is None and graph["unowned"] == []
    info = graph["keys"]["layer_with_weights-0/kernel/.ATTRIBUTES/VARIABLE_VALUE"]
    assert (info["object"], info["full_name"], info["slot"]) == ("layer_with_weights-0/kernel", "hidden/kernel", None)
    slot = graph["keys"]["layer_with_weights-1/bias/.OPTIMIZER_SLOT/optimizer/v/.ATTRIBUTES/VARIABLE_VALUE"]["slot"]
    assert slot == {"variable": "layer_with_weights-1/bias", "optimizer": "optimizer", "name": "v"}


def test_a_tensor_is_read_by_its_object_path_or_full_name() -> None:
    prefix = CHECKPOINTS / "objects"
    listing = tfcollections.load_checkpoint(prefix)
    key = "model/table/x.Sy/.ATTRIBUTES/VARIABLE_VALUE"
    by_key = tfcollections.read_tensor(listing, key).tobytes()
    assert tfcollections.read_tensor(listing, "model/table/x/y").tobytes() == by_key  # its object's path
    assert tfcollections.read_tensor(prefix, "slashed").tobytes() == by_key  # its full_name
    slot = "model/shared/w/.OPTIMIZER_SLOT/optimizer/m"
    assert (
        tfcollections.read_tensor(listing, slot).tobytes()
        == tfcollections.read_tensor(listing, f"{slot}/.ATTRIBUTES/VARIABLE_VALUE").tobytes()
    )
    tensors = tfcollections.read_tensors(listing, ["model/table/x/y", "slashed", key])
    assert list(tensors) == ["model/table/x/y", "slashed", key]  # as asked, each read once
    # Without the object graph in hand (a copy of the listing without it), it is read for the name.
    copy = {name: value for name, value in listing.items() if name != "object_graph"}
    assert tfcollections.read_tensor(copy, "slashed").tobytes() == by_key


def test_a_name_several_keys_answer_to_is_refused_naming_them() -> None:
    # Two unnamed tf.Variables are both "Variable" in tf.train.Checkpoint's full names.
    with pytest.raises(KeyError, match=r"'Variable' names 2 tensors of the checkpoint by its full_name"):
        tfcollections.read_tensor(CHECKPOINTS / "tf2", "Variable")
    with pytest.raises(KeyError, match="'model/nope' is not in checkpoint"):
        tfcollections.read_tensor(CHECKPOINTS / "tf2", "model/nope")


# --------------------------------------------------------------------------- object graphs TensorFlow never writes


def _string_scalar(data: bytes) -> bytes:
    """A scalar DT_STRING tensor as a V2 data shard holds it: its length, the lengths' masked CRC, the bytes."""
    lengths = varint(len(data))
    length_crc = crc32c(struct.pack("<I", len(data)))
    return lengths + struct.pack("<I", mask(length_crc)) + data


def _checkpoint(tmp_path: Path, graph: Any, keys: List[str], *, graph_as_float: bool = False) -> Path:
    """A V2 checkpoint of float scalars under *keys* and the object graph *graph* (a dict, or its bytes as they
    are; with *graph_as_float*, a float scalar in its place)."""
    encoded = graph if isinstance(graph, bytes) else tfcollections.encode_message("TrackableObjectGraph", graph)
    shard = bytearray()
    entries = []
    for key in sorted([*keys, "_CHECKPOINTABLE_OBJECT_GRAPH"]):
        if key == "_CHECKPOINTABLE_OBJECT_GRAPH" and not graph_as_float:
            data = _string_scalar(encoded)
            # The entry's CRC goes on from the lengths' over their checksum and the bytes (WriteStringTensor).
            at = len(data) - len(encoded)
            crc = crc32c(data[at:], crc32c(data[at - 4 : at], crc32c(struct.pack("<I", len(encoded)))))
            entry = {"dtype": "DT_STRING", "shape": {}, "offset": len(shard), "size": len(data), "crc32c": mask(crc)}
        else:
            data = struct.pack("<f", len(shard))
            entry = {"dtype": "DT_FLOAT", "shape": {}, "offset": len(shard), "size": 4, "crc32c": mask(crc32c(data))}
        entries.append((key.encode(), tfcollections.encode_message("BundleEntryProto", entry)))
        shard += data
    header = tfcollections.encode_message("BundleHeaderProto", {"num_shards": 1, "version": {"producer": 1}})
    (tmp_path / "hand.index").write_bytes(table([(b"", header), *entries]))
    (tmp_path / "hand.data-00000-of-00001").write_bytes(bytes(shard))
    return tmp_path / "hand"


def _node(children: Any = (), keys: Any = (), slots: Any = ()) -> Dict[str, Any]:
    return {
        "children": [{"node_id": node, "local_name": name} for name, node in children],
        "attributes": [{"name": "VARIABLE_VALUE", "full_name": "", "checkpoint_key": key} for key in keys],
        "slot_variables": [
            {"original_variable_node_id": v, "slot_name": n, "slot_variable_node_id": s} for v, n, s in slots
        ],
    }


def test_cycles_and_a_child_of_itself_are_walked_once(tmp_path: Path) -> None:
    # Objects that hold each other (a layer and its model) are what TensorFlow writes for shared objects.
    graph = {
        "nodes": [
            _node([("a", 1), ("me", 0)]),
            _node([("back", 0), ("w", 2)]),
            _node(keys=["a/w/.ATTRIBUTES/VARIABLE_VALUE"]),
        ]
    }
    listing = tfcollections.load_checkpoint(_checkpoint(tmp_path, graph, ["a/w/.ATTRIBUTES/VARIABLE_VALUE"]))
    found = listing["object_graph"]
    assert found is not None and found["error"] is None
    assert found["keys"]["a/w/.ATTRIBUTES/VARIABLE_VALUE"]["object"] == "a/w"


def test_keys_without_an_object_and_objects_without_their_key(tmp_path: Path) -> None:
    graph = {
        "nodes": [_node([("w", 1)]), _node(keys=["w/.ATTRIBUTES/VARIABLE_VALUE", "gone/.ATTRIBUTES/VARIABLE_VALUE"])]
    }
    prefix = _checkpoint(tmp_path, graph, ["w/.ATTRIBUTES/VARIABLE_VALUE", "legacy/name"])
    found = tfcollections.load_checkpoint(prefix)["object_graph"]
    assert found is not None
    assert found["unowned"] == ["legacy/name"]  # in the checkpoint, saved by no object
    assert found["absent"] == ["gone/.ATTRIBUTES/VARIABLE_VALUE"]  # saved by an object, not in the checkpoint


@pytest.mark.parametrize(
    "graph, where",
    [
        ({"nodes": [_node([("a", 7)])]}, "nodes[0].children[0].node_id refers to node 7, but it has 1 nodes"),
        ({"nodes": [_node([("a", -1)])]}, "nodes[0].children[0].node_id refers to node -1"),
        ({"nodes": [_node(slots=[(0, "m", 5)])]}, "nodes[0].slot_variables[0].slot_variable_node_id refers to node 5"),
    ],
)
def test_references_past_the_nodes_are_said_and_the_keys_listed(
    tmp_path: Path, graph: Dict[str, Any], where: str
) -> None:
    listing = tfcollections.load_checkpoint(_checkpoint(tmp_path, graph, ["w"]))
    assert sorted(listing["tensors"]) == ["_CHECKPOINTABLE_OBJECT_GRAPH", "w"]  # the listing never depends on it
    found = listing["object_graph"]
    assert found is not None and found["keys"] == {}
    assert where in str(found["error"])
    assert tfcollections.read_tensor(listing, "w").shape == ()


def test_an_object_graph_that_does_not_read_is_said(tmp_path: Path) -> None:
    prefix = _checkpoint(tmp_path, {"nodes": [_node([("w", 0)])]}, ["w"])
    entry = tfcollections.load_checkpoint(prefix)["tensors"]["_CHECKPOINTABLE_OBJECT_GRAPH"]
    shard = tmp_path / "hand.data-00000-of-00001"
    data = bytearray(shard.read_bytes())
    data[entry["offset"] + entry["size"] - 1] ^= 0xFF  # the object graph's last byte: its CRC no longer matches
    shard.write_bytes(bytes(data))
    listing = tfcollections.load_checkpoint(prefix)
    found = listing["object_graph"]
    assert found is not None and found["keys"] == {} and "damaged" in str(found["error"])
    assert "w" in listing["tensors"]


# --------------------------------------------------------------------------- a SavedModel and its checkpoint


_SLOTS = {"keras2": 8, "keras2_nested": 16}  # slot variables reached through a TF 1-style optimizer's slots


@pytest.mark.parametrize("name", ["keras2", "keras3", "keras3_nested", "keras2_nested", "module_dict"])
def test_a_saved_models_variables_join_the_keys_tensorflow_restores_them_from(name: str) -> None:
    # The generator loaded the fixture with tf.saved_model.load and kept each variable's value (sha256) by its
    # path. Joined by the walk of the two object graphs, each path's key must hold those bytes. keras3 is Keras 3's
    # export, whose object graph holds each weight twice (variables/N and _all_variables/N), of one name each;
    # keras3_nested the same with a nested model, a BatchNormalization and a metric; keras2_nested reaches a
    # nested model's variables first as variables/N; module_dict's dict keys hold "/" and "." (escaped in keys).
    loaded = _expected(name)["loaded_variables"]
    result = tfcollections.check_checkpoint(CHECKPOINTS / name, CHECKPOINTS / name)
    assert result["restores"] and result["mismatched"] == []
    keys = result["variables"]
    assert set(loaded) <= set(keys) and None not in keys.values()
    tensors = tfcollections.read_tensors(CHECKPOINTS / name, [keys[path] for path in loaded])
    for path, digest in loaded.items():
        assert hashlib.sha256(tensors[str(keys[path])].tobytes()).hexdigest() == digest, path
    # The slot variables, which the loader does not reach by a path, through their optimizer.
    slots = {path: key for path, key in keys.items() if "/.OPTIMIZER_SLOT/" in path}
    assert len(slots) == _SLOTS.get(name, 0)
    assert all(key == f"{path}/.ATTRIBUTES/VARIABLE_VALUE" for path, key in slots.items())
    # Each variable of the object graph is one variable of the graph scan, with its path.
    variables = tfcollections.load(CHECKPOINTS / name, graph=True)["meta_graphs"][0]["graph"]["variables"]
    assert sorted(str(v["object_path"]) for v in variables if v["object_path"] is not None) == sorted(keys)


_VIEWED = ["keras3_nested", "keras2_nested", "module_dict", "resources"]


@pytest.mark.parametrize("name", _VIEWED)
def test_every_key_has_the_owner_tensorflows_checkpoint_view_gives(name: str) -> None:
    # The generator kept tf.train.CheckpointView's word for every attribute: its object's path and its name.
    expected = _expected(name)
    found = tfcollections.load_checkpoint(CHECKPOINTS / expected["prefix"])["object_graph"]
    assert found is not None and found["error"] is None
    # Each tensor's owner: the attribute's key itself, or (a table, an iterator) the names TensorFlow's own
    # saveables gave the tensors they wrote for it (resources' "owners").
    owners = expected.get("owners") or expected["view"]
    got = {key: {"object": k["object"], "attribute": k["attribute"]} for key, k in found["keys"].items()}
    # The view reaches objects by child edges only: slot variables (through their optimizer) are left out there.
    assert {key: owner for key, owner in got.items() if found["keys"][key]["slot"] is None} == owners
    assert all("/.OPTIMIZER_SLOT/" in str(owner["object"]) for key, owner in got.items() if key not in owners)
    assert found["unowned"] == [] and found["absent"] == []


def test_a_tables_and_an_iterators_tensors_belong_to_their_objects() -> None:
    # TensorFlow saves a MutableHashTable's attribute "table" as table-keys and table-values, a tf.data iterator's
    # "ITERATOR" as ITERATOR_STATE: each tensor is its attribute's object's, and neither attribute is absent.
    keys = tfcollections.load_checkpoint(CHECKPOINTS / "resources")["object_graph"]["keys"]
    assert keys["vocab/.ATTRIBUTES/table-keys"]["object"] == "vocab"
    assert keys["vocab/.ATTRIBUTES/table-values"]["attribute"] == "table"
    assert keys["data/train/.ATTRIBUTES/ITERATOR_STATE"]["object"] == "data/train"
    # A suffix with a "/" would be another object's key, and the longest attribute key wins.
    from tfcollections._ckpt.objects import object_tree

    nodes = [([(1, "t")], [], []), ([], [("a", "", "t/.ATTRIBUTES/a"), ("a-b", "", "t/.ATTRIBUTES/a-b")], [])]
    tensors = {name: {} for name in ("t/.ATTRIBUTES/a-b-keys", "t/.ATTRIBUTES/a/x", "t/.ATTRIBUTES/a-c")}
    tree = object_tree(nodes, tensors)  # type: ignore[arg-type]
    assert tree["keys"]["t/.ATTRIBUTES/a-b-keys"]["attribute"] == "a-b"
    assert tree["keys"]["t/.ATTRIBUTES/a-c"]["attribute"] == "a"
    assert tree["unowned"] == ["t/.ATTRIBUTES/a/x"] and tree["absent"] == []


def test_every_variable_a_keras_layer_owns_has_that_layer() -> None:
    # The generator kept, by each variable's path in tf.saved_model.load's objects, the layer whose weights hold
    # it (a nested model's layers: block_dense, block_out, reached first as variables/N from the root) and the
    # metric whose variables do (keras_api/metrics/N).
    expected = _expected("keras2_nested")["layers"]
    graph = tfcollections.load(CHECKPOINTS / "keras2_nested", graph=True)["meta_graphs"][0]["graph"]
    got = {v["object_path"]: {"name": v["layer_name"], "class_name": v["layer_class"]}
           for v in graph["variables"] if v["layer"] is not None}  # fmt: skip
    assert got == expected
    paths = {layer["path"]: layer for layer in graph["keras"]["layers"]}
    for variable in graph["variables"]:
        if variable["layer"] is not None:
            layer = paths[variable["layer"]]
            assert (layer["name"], layer["class_name"]) == (variable["layer_name"], variable["layer_class"])
        else:
            assert variable["layer_name"] is None and variable["layer_class"] is None


def test_a_variables_key_and_layer_in_one_record() -> None:
    # The question, answered without joining three records: dense/kernel's key and its layer.
    result = tfcollections.check_checkpoint(CHECKPOINTS / "keras2", CHECKPOINTS / "keras2")
    records = {record["name"]: record for record in result["saved_variables"]}
    assert records["hidden/kernel"] == {
        "name": "hidden/kernel", "object_path": "layer_with_weights-0/kernel",
        "key": "layer_with_weights-0/kernel/.ATTRIBUTES/VARIABLE_VALUE",
        "layer": "layer_with_weights-0", "layer_name": "hidden", "layer_class": "Dense",
    }  # fmt: skip
    assert {r["object_path"]: r["key"] for r in result["saved_variables"]} == result["variables"]
    nested = tfcollections.check_checkpoint(CHECKPOINTS / "keras2_nested", CHECKPOINTS / "keras2_nested")
    block = {r["name"]: r for r in nested["saved_variables"]}["block_dense/kernel"]
    assert (block["key"], block["layer_name"]) == ("variables/4/.ATTRIBUTES/VARIABLE_VALUE", "block_dense")
    tf1 = tfcollections.check_checkpoint(CHECKPOINTS / "restore" / "same.meta", CHECKPOINTS / "restore" / "model.ckpt")
    assert tf1["saved_variables"] == [] and tf1["variables"] == {}  # TF 1: the keys are the variables' names


def _objects(*nodes: Dict[str, Any]) -> List[Dict[str, Any]]:
    return [{"children": [], "slot_variables": [], "attributes": [], **node} for node in nodes]


def _children(*pairs: Any) -> List[Dict[str, Any]]:
    return [{"local_name": name, "node_id": node} for name, node in pairs]


def test_the_walk_matches_children_by_name_from_the_roots() -> None:
    from tfcollections._ckpt.objects import joined_keys

    saved = _objects(
        {"children": _children(("w", 1), ("gone", 2), ("opt", 3), ("again", 1), ("bad", 99))},
        {},  # w
        {},  # gone: the checkpoint has no child of that name
        {"slot_variables": [{"original_variable_node_id": 1, "slot_name": "m", "slot_variable_node_id": 4}]},
        {},  # w's slot m
    )
    # The checkpoint's nodes as read_object_graph gives them: (children, attributes, slot variables).
    checkpoint: List[Any] = [
        ([(2, "opt"), (1, "w")], [], []),  # another order, other ids: names match them
        ([], [("VARIABLE_VALUE", "", "w/.ATTRIBUTES/VARIABLE_VALUE")], []),
        ([], [], [(1, "m", 3)]),
        ([], [("VARIABLE_VALUE", "", "w/.OPTIMIZER_SLOT/opt/m/.ATTRIBUTES/VARIABLE_VALUE")], []),
    ]
    assert joined_keys(saved, checkpoint) == {
        1: "w/.ATTRIBUTES/VARIABLE_VALUE",
        4: "w/.OPTIMIZER_SLOT/opt/m/.ATTRIBUTES/VARIABLE_VALUE",
    }
    assert joined_keys([], checkpoint) == {} and joined_keys(saved, []) == {}


def test_the_command_line_says_each_tf2_variable_is_in_its_checkpoint() -> None:
    # Before the join, every variable of a TF 2 SavedModel was "not saved": its name is not its key.
    from .test_cli import _run

    result = _run([str(CHECKPOINTS / "keras2")])
    out = result.stdout.decode()
    assert result.returncode == 0, result.stderr
    rows = [line for line in out.splitlines() if "float32" in line or "int64" in line]
    assert len(rows) == 19 and all("in checkpoint" in row for row in rows)
    assert "not saved" not in out


def test_a_tf2_variable_is_shown_by_the_key_of_its_object_path() -> None:
    from tfcollections._cli.checkpoints import status_by_name

    result = {"ok": ["b/k"], "missing": [{"name": "d/k"}], "mismatched": [], "unreadable": [], "unexpected": ["c/k"],
              "variables": {"a": None, "b": "b/k", "c": "c/k", "d": "d/k"}}  # fmt: skip
    status = status_by_name(result)
    assert status is not None

    def variable(name: str, path: Any) -> Dict[str, Any]:
        return {"name": name, "object_path": path, "partition": None}

    assert [status(variable("Variable", path)) for path in "abcd"] == [
        "not saved", "in checkpoint", "in checkpoint", "NOT IN CHECKPOINT",
    ]  # fmt: skip
    assert status(variable("b/k", None)) == "in checkpoint"  # by its name, where that is a key the saver writes
    assert status(variable("x", None)) == "key unknown"  # a node of a TF 2 model outside its object graph
    assert status(variable("x", "not-an-object")) == "key unknown"  # TF 2, not joined: no claim either way
    tf1 = status_by_name({**result, "variables": {}})
    assert tf1 is not None and tf1(variable("x", None)) == "not saved"  # TF 1: the saver's keys are graph names


@pytest.mark.parametrize("name", ["objects", "keras2", "keras3", "save_weights", "tf2", "saved_model"])
def test_the_fast_reader_of_object_graphs_equals_the_decoder(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    from tfcollections._ckpt import objects

    listing = tfcollections.load_checkpoint(CHECKPOINTS / name)
    fast = objects.read_object_graph(listing)
    monkeypatch.setattr(objects, "_fast_nodes", lambda data: None)  # as for a graph it does not know
    assert objects.read_object_graph(listing) == fast


def test_a_graph_the_fast_reader_does_not_know_is_decoded(tmp_path: Path) -> None:
    # An extra field TensorFlow does not write (here, 9 in a node) sends the graph to the decoder, which skips it;
    # the two fields of TrackableObject the reader passes over (registered_saver, has_checkpoint_values) do not.
    from tfcollections._ckpt import objects

    graph = {"nodes": [_node([("w", 1)]), _node(keys=["w/.ATTRIBUTES/VARIABLE_VALUE"])]}
    graph["nodes"][1]["has_checkpoint_values"] = {"value": True}
    graph["nodes"][1]["registered_saver"] = {"name": "s", "object_name": "o"}
    prefix = _checkpoint(tmp_path, graph, ["w/.ATTRIBUTES/VARIABLE_VALUE"])
    listing = tfcollections.load_checkpoint(prefix)
    data = tfcollections.read_tensor(listing, "_CHECKPOINTABLE_OBJECT_GRAPH").tolist()
    assert objects._fast_nodes(data) is not None
    assert objects._fast_nodes(data + b"\x0a\x02\x48\x01") is None  # a node with field 9
    assert objects._fast_nodes(data[:-1]) is None  # cut short: the decoder says where
    found = listing["object_graph"]
    assert found is not None and found["keys"]["w/.ATTRIBUTES/VARIABLE_VALUE"]["object"] == "w"


# The fixture's graph as TensorFlow wrote it: cut anywhere, it is what a damaged file gives the fast reader.
_FIXTURE_GRAPH = tfcollections.read_tensor(CHECKPOINTS / "objects", "_CHECKPOINTABLE_OBJECT_GRAPH").tolist()


@given(st.binary(max_size=200) | st.builds(lambda cut: _FIXTURE_GRAPH[:cut], st.integers(0, 4000)))
@example(_FIXTURE_GRAPH)  # read whole, so that the comparison below is made on every run, not only by chance
def test_the_fast_reader_gives_what_the_decoder_gives_or_passes(data: bytes) -> None:
    from tfcollections._ckpt import objects
    from tfcollections._proto.decoder import parse_message

    fast = objects._fast_nodes(data)
    if fast is None:
        return
    graph = objects._GRAPH.new()
    parse_message(data, 0, len(data), objects._GRAPH, graph, 0)  # what it read, the decoder must read alike
    decoded = [
        (
            [(c["node_id"], c["local_name"]) for c in node["children"]],
            [(a["name"], a["full_name"], a["checkpoint_key"]) for a in node["attributes"]],
            [
                (r["original_variable_node_id"], r["slot_name"], r["slot_variable_node_id"])
                for r in node["slot_variables"]
            ],
        )
        for node in graph["nodes"]
    ]
    assert decoded == fast


_FIXTURES_WITH_GRAPHS = ["objects", "keras2", "keras3", "save_weights", "tf2", "saved_model",
                         "serving_half_plus_two_tf2", "tfx_keras_tf23"]  # fmt: skip


@pytest.mark.parametrize("name", _FIXTURES_WITH_GRAPHS)
def test_the_one_pass_tree_reads_what_tensorflow_writes_as_the_walk_does(name: str) -> None:
    # Every object graph TensorFlow wrote here (edges id first or name first, a child 0 left out, attributes with
    # and without full names, slots) is read in the one pass, and it says what the walk of the nodes says.
    from tfcollections._ckpt import objects
    from tfcollections._ckpt.listing import list_checkpoint

    listing = list_checkpoint(CHECKPOINTS / name)
    data = objects._graph_bytes(listing)
    fast = objects._fast_tree(data, listing["tensors"])
    assert fast is not None
    assert fast == objects.object_tree(objects._nodes_of(data), listing["tensors"])
    assert tfcollections.load_checkpoint(CHECKPOINTS / name)["object_graph"] == fast


def _graphs() -> Any:
    """Object graphs as dicts: ids anywhere (past the last node, negative, in any order), names of any text,
    empty full names and names (which proto3 leaves out), slots, attributes saving the same key twice, and
    has_checkpoint_values true, false or left out (a variable's node as TensorFlow writes it among them)."""
    text = st.sampled_from(["", "a", "w", "x.y/z", "é", "n" * 130])
    ids = st.integers(-2, 6) | st.integers(120, 300) | st.integers(16_380, 16_390)
    node = st.fixed_dictionaries({
        "children": st.lists(st.fixed_dictionaries({"node_id": ids, "local_name": text}), max_size=4),
        "attributes": st.lists(st.fixed_dictionaries({
            "name": st.sampled_from(["VARIABLE_VALUE", "", "x"]), "full_name": text,
            "checkpoint_key": st.sampled_from(["k0", "k1", "k2", ""]),
        }), max_size=2),
        "slot_variables": st.lists(st.fixed_dictionaries({
            "original_variable_node_id": ids, "slot_name": text, "slot_variable_node_id": ids,
        }), max_size=1),
    }, optional={"has_checkpoint_values": st.sampled_from([{"value": True}, {}])})  # fmt: skip
    return st.lists(node, max_size=6).map(lambda nodes: {"nodes": nodes})


def _changed(data: bytes, at: int, how: int) -> bytes:
    """*data* with one byte changed, as damage or a writer other than TensorFlow would: one more or less, its
    top bit set (a longer varint), or made one of the graph's tags."""
    if not data:
        return data
    at %= len(data)
    byte = data[at]
    byte = [byte + 1, byte - 1, byte | 0x80, 0x0A, 0x12, 0x1A, 0x2A, 0x00][how] & 0xFF
    return data[:at] + bytes([byte]) + data[at + 1 :]


_ENCODED_GRAPHS = _graphs().map(lambda graph: tfcollections.encode_message("TrackableObjectGraph", graph))


@given(
    _ENCODED_GRAPHS
    | st.builds(_changed, _ENCODED_GRAPHS, st.integers(0, 1 << 16), st.integers(0, 7))
    | st.builds(_changed, st.just(_FIXTURE_GRAPH), st.integers(0, 1 << 16), st.integers(0, 7))
    | st.binary(max_size=120)
    | st.builds(lambda cut: _FIXTURE_GRAPH[:cut], st.integers(0, 4000))
)
@example(_FIXTURE_GRAPH)
def test_the_one_pass_tree_says_what_the_walk_says_or_leaves_it_to_the_walk(data: bytes) -> None:
    _check_one_pass(data)


def _check_one_pass(data: bytes) -> None:
    from tfcollections._ckpt import objects
    from tfcollections._errors import DecodeError

    tensors: Dict[str, Any] = {key: {} for key in ("k0", "k1", "_CHECKPOINTABLE_OBJECT_GRAPH", "other")}
    fast = objects._fast_tree(data, tensors)
    try:
        walked = objects.object_tree(_decoded_nodes(data), tensors)
    except DecodeError:
        assert fast is None  # what the walk refuses, the one pass never answers
        return
    if fast is not None:
        assert fast == walked


def _variable_node(attribute: bytes, tail: bytes = b"\x2a\x02\x08\x01", *, size: int = -1, tag: int = 0x12) -> bytes:
    """A node of the graph holding one attribute (*attribute*, its fields' bytes) under *tag*, its length *size*
    (the right one when -1, one byte or a varint), then *tail*."""
    length = bytes([len(attribute)]) if size < 0 else varint(size)
    body = bytes([tag]) + length + attribute + tail
    return b"\x0a" + varint(len(body)) + body


def test_a_variable_node_is_read_in_one_step_and_other_forms_as_protobuf_reads_them() -> None:
    # The one pass reads a variable's node (one attribute, VARIABLE_VALUE, a full name or none, a key, then
    # has_checkpoint_values) in one step. Each change here makes a node TensorFlow does not write, which protobuf
    # reads otherwise or refuses: the one pass must then say what the walk says, or leave it to the walk.
    from tfcollections._ckpt import objects

    name = field(1, b"VARIABLE_VALUE")
    key = field(3, b"k0")
    root = _node_of(field(1, b"\x08\x01" + field(2, b"v")))  # node 0: its child 1, "v"
    usual = root + _variable_node(name + field(2, b"v0") + key)
    found = objects._fast_tree(usual, {"k0": {}})
    assert found is not None and found["keys"]["k0"] == {"object": "v", "attribute": "VARIABLE_VALUE",
                                                         "full_name": "v0", "node": 1, "slot": None}  # fmt: skip
    long_key = field(3, b"k" * 112)  # the attribute 130 bytes: its length a varint of two bytes
    variants = [
        _variable_node(name + key, b""),  # no has_checkpoint_values (TensorFlow before 2.5)
        _variable_node(name + key, b"\x2a\x00"),  # has_checkpoint_values false
        _variable_node(name + field(2, b"") + key),  # an empty full name written out
        _variable_node(name + field(2, b"a") + field(2, b"k0")),  # a second full name where the key is
        _variable_node(name + key, size=len(name + key) + 1),  # the attribute's length one more
        _variable_node(name + key, size=len(name + key) - 1),  # one less
        _variable_node(name + long_key),  # a two-byte length, read as such
        # 0x82 where the name field starts: protobuf reads 0x82 0x0A as 1,282 (past the node); 0x82 alone, 130,
        # would end the attribute where its key ends
        _node_of(b"\x12\x82" + name + long_key + b"\x2a\x02\x08\x01"),
        _variable_node(name + key, tag=0x0A),  # the same bytes as an edge
        _variable_node(name + key, tag=0x1A),  # as a slot variable
        _variable_node(name + key + b"\x20\x01"),  # optional_restore after the key
        _variable_node(name + key) + _variable_node(name + key),  # the same key twice: the first owner keeps it
    ]
    for variant in variants:
        _check_one_pass(root + variant)
    # An edge whose name runs past its node (both say 5 bytes; the node has 1), and an edge of 1,046 bytes whose
    # length's second byte is the id's tag: its first byte alone would make an edge of 150 bytes, with the id and
    # name protobuf does not read there (a field number 0), and slots after it.
    short = b"\x0a\x09\x08\x01\x12\x05v"
    slots = field(3, field(2, b"s" * 125)) * 6 + field(3, field(2, b"s" * 119))
    long = b"\x0a\x96\x08" + b"\x01\x12\x92" + b"n" * 146 + slots
    assert len(long) == 3 + 1046
    for edges in (short, long):
        _check_one_pass(_node_of(edges) + _variable_node(name + key))


def _node_of(fields: bytes) -> bytes:
    return field(1, fields)


def test_the_one_pass_tree_reads_long_keys_and_ids_past_two_bytes() -> None:
    # A big model's forms: keys and full names of 128 bytes and more (lengths of two bytes), ids from 16,384
    # (varints of three bytes), edges name first. Read in the one pass, as the walk reads them.
    from tfcollections._ckpt import objects

    count = 16_400
    long_key = "layer/" * 30 + ".ATTRIBUTES/VARIABLE_VALUE"
    children = [{"node_id": index, "local_name": f"c{index}"} for index in range(1, count)]
    nodes = [{"children": children}] + [{} for _ in range(1, count)]
    nodes[-1] = {"attributes": [{"name": "VARIABLE_VALUE", "full_name": "f" * 150, "checkpoint_key": long_key}]}
    data = tfcollections.encode_message("TrackableObjectGraph", {"nodes": nodes})
    tensors: Dict[str, Any] = {long_key: {}}
    fast = objects._fast_tree(data, tensors)
    assert fast is not None and fast == objects.object_tree(_decoded_nodes(data), tensors)
    assert fast["keys"][long_key] == {"object": f"c{count - 1}", "attribute": "VARIABLE_VALUE",
                                      "full_name": "f" * 150, "node": count - 1, "slot": None}  # fmt: skip
    # An edge written name first, its id a varint of three bytes (1, not in its shortest form: protobuf reads it).
    edge = b"\x12\x01w\x08\x81\x80\x00"
    root = b"\x0a" + bytes([len(edge) + 2]) + b"\x0a" + bytes([len(edge)]) + edge
    data = root + tfcollections.encode_message("TrackableObjectGraph", {"nodes": [_node(keys=["k0"])]})
    fast = objects._fast_tree(data, {"k0": {}})
    assert fast is not None and fast == objects.object_tree(_decoded_nodes(data), {"k0": {}})
    assert fast["keys"]["k0"]["object"] == "w"


def test_the_one_pass_tree_leaves_graphs_in_another_order_to_the_walk() -> None:
    # TensorFlow numbers each object reached for the first time with the next number. Here the root reaches node 2
    # before node 1: another numbering, which the one pass leaves to the walk, and the walk gives each object its
    # first path all the same.
    from tfcollections._ckpt import objects

    graph = {"nodes": [_node([("a", 1), ("b", 2)]), _node([("late", 3)]), _node([("x", 3)]),
                       _node(keys=["k0"])]}  # fmt: skip
    data = tfcollections.encode_message("TrackableObjectGraph", graph)
    in_order = objects._fast_tree(data, {"k0": {}})
    assert in_order is not None and in_order["keys"]["k0"]["object"] == "a/late"
    graph["nodes"][0]["children"] = [{"node_id": 2, "local_name": "b"}, {"node_id": 1, "local_name": "a"}]
    data = tfcollections.encode_message("TrackableObjectGraph", graph)
    assert objects._fast_tree(data, {"k0": {}}) is None
    tree = objects.object_tree(_decoded_nodes(data), {"k0": {}})
    assert tree["keys"]["k0"]["object"] == "b/x"  # b is walked first: its child names node 3


def test_the_command_line_shows_a_tf2_checkpoint_by_its_objects() -> None:
    from .test_cli import _run

    result = _run([str(CHECKPOINTS / "objects")])
    out = result.stdout.decode()
    assert result.returncode == 0, result.stderr
    assert "object graph: 26 objects, 18 keys shown by their objects' paths" in out
    lines = out.splitlines()
    at = next(index for index, line in enumerate(lines) if line.strip().startswith("w ") and "(3, 2)" in line)
    assert lines[at - 1].split()[0] == "shared/"  # the shared module's weight, by its first path
    assert [line.split()[:3] for line in lines[at + 1 : at + 3]] == [
        ["+", "optimizer/m", "float32"],
        ["+", "optimizer/v", "float32"],
    ]
    assert ".ATTRIBUTES" not in out and "VARIABLE_VALUE" not in out  # keys are the paths' business, not the reader's
    # A TF 1 checkpoint is shown by its keys, as before.
    assert "object graph" not in _run([str(CHECKPOINTS / "v2")]).stdout.decode()


def test_a_keras_model_saved_by_tensorflow_2_3() -> None:
    # The real model (tensorflow/tfx's test data) whose 27 variables were all "not saved" while its checkpoint
    # restored: each is now joined to its key (TF 2.3 leaves full_name empty), and the command line says so.
    from .test_cli import _run

    folder = CHECKPOINTS / "tfx_keras_tf23"
    graph = tfcollections.load_checkpoint(folder)["object_graph"]
    assert graph is not None and graph["error"] is None and graph["unowned"] == [] and graph["absent"] == []
    assert all(info["full_name"] is None for info in graph["keys"].values())
    result = tfcollections.check_checkpoint(folder, folder)
    assert result["restores"] and len(result["variables"]) == 27
    assert all(key == f"{path}/.ATTRIBUTES/VARIABLE_VALUE" for path, key in result["variables"].items())
    assert result["variables"]["layer_with_weights-0/kernel/.OPTIMIZER_SLOT/optimizer/m"] is not None
    out = _run([str(folder)]).stdout.decode()
    assert "not saved" not in out and out.count("in checkpoint") == 27


def _decoded_nodes(data: bytes) -> List[Any]:
    from tfcollections._ckpt import objects
    from tfcollections._proto.decoder import parse_message

    graph = objects._GRAPH.new()
    parse_message(data, 0, len(data), objects._GRAPH, graph, 0)
    return [
        (
            [(c["node_id"], c["local_name"]) for c in node["children"]],
            [(a["name"], a["full_name"], a["checkpoint_key"]) for a in node["attributes"]],
            [
                (r["original_variable_node_id"], r["slot_name"], r["slot_variable_node_id"])
                for r in node["slot_variables"]
            ],
        )
        for node in graph["nodes"]
    ]


def test_the_fast_reader_reads_the_forms_tensorflow_writes_beyond_one_byte() -> None:
    # Ids past 127 and a negative one (varints of several bytes), names and keys of 128 bytes and more, an
    # attribute without its full name (proto3 leaves an empty string out), slot variables: read by the fast
    # reader's general steps, and alike by the decoder.
    from tfcollections._ckpt import objects

    long = "n" * 200
    nodes = [_node([(f"c{index}", index + 1) for index in range(150)] + [("neg", -1)])]
    nodes += [_node(keys=[f"{long}/{index}/.ATTRIBUTES/VARIABLE_VALUE"]) for index in range(150)]
    nodes[0]["attributes"] = [{"name": long, "full_name": "", "checkpoint_key": "k"}]
    nodes[1]["slot_variables"] = [{"original_variable_node_id": 2, "slot_name": long, "slot_variable_node_id": 140}]
    data = tfcollections.encode_message("TrackableObjectGraph", {"nodes": nodes})
    fast = objects._fast_nodes(data)
    assert fast is not None and fast == _decoded_nodes(data)
    assert fast[0][0][-1] == (-1, "neg") and fast[1][2] == [(2, long, 140)]
    # An edge of a long name, an attribute's fields in another order than TensorFlow's, an edge's name first.
    long_edge = tfcollections.encode_message("TrackableObjectGraph", {"nodes": [_node([("e" * 130, 0)])]})
    assert objects._fast_nodes(long_edge) == _decoded_nodes(long_edge) == [([(0, "e" * 130)], [], [])]
    attribute = b"\x1a\x01k\x12\x01f\x0a\x0eVARIABLE_VALUE"  # checkpoint_key, full_name, then name
    edge = b"\x12\x01w\x08\x01"  # local_name, then node_id
    shuffled = b"\x0a" + bytes([len(edge) + 2]) + b"\x0a" + bytes([len(edge)]) + edge
    shuffled += b"\x0a" + bytes([len(attribute) + 2]) + b"\x12" + bytes([len(attribute)]) + attribute
    assert objects._fast_nodes(shuffled) == _decoded_nodes(shuffled) == [
        ([(1, "w")], [], []), ([], [("VARIABLE_VALUE", "f", "k")], []),
    ]  # fmt: skip
    # Fields TensorFlow does not write in these messages: the decoder's business (it skips them).
    for unknown in (
        b"\x0a\x04\x0a\x02\x20\x01",  # ObjectReference field 4
        b"\x0a\x05\x12\x03\x22\x01x",  # SerializedTensor field 4
        b"\x0a\x04\x1a\x02\x20\x01",  # SlotVariableReference field 4
        b"\x0a\x04\x3a\x02\x08\x01",  # TrackableObject field 7
    ):
        assert objects._fast_nodes(unknown) is None
        assert _decoded_nodes(unknown) is not None


def test_an_object_path_names_the_value_of_an_object_that_saves_more() -> None:
    from tfcollections._ckpt.objects import resolve

    graph: Dict[str, Any] = {"keys": {
        "t/.ATTRIBUTES/VARIABLE_VALUE": {"object": "t", "attribute": "VARIABLE_VALUE", "full_name": None},
        "t/.ATTRIBUTES/table-keys": {"object": "t", "attribute": "table-keys", "full_name": None},
        "u/.ATTRIBUTES/a": {"object": "u", "attribute": "a", "full_name": None},
        "u/.ATTRIBUTES/b": {"object": "u", "attribute": "b", "full_name": None},
    }}  # fmt: skip
    assert resolve("t", graph) == "t/.ATTRIBUTES/VARIABLE_VALUE"
    with pytest.raises(KeyError, match="'u' names 2 tensors of the checkpoint by its object"):
        resolve("u", graph)
    assert resolve("nothing", graph) is None and resolve("t", None) is None


def test_an_object_graph_that_is_no_scalar_string_or_does_not_decode(tmp_path: Path) -> None:
    listing = tfcollections.load_checkpoint(_checkpoint(tmp_path, {"nodes": []}, ["w"], graph_as_float=True))
    found = listing["object_graph"]
    assert found is not None and "is a DT_FLOAT tensor of shape [], not a scalar string" in str(found["error"])
    (tmp_path / "cut").mkdir()
    listing = tfcollections.load_checkpoint(_checkpoint(tmp_path / "cut", b"\x0a\x05\x0a", ["w"]))
    found = listing["object_graph"]
    assert found is not None and found["keys"] == {}
    assert str(found["error"]).startswith("the object graph (_CHECKPOINTABLE_OBJECT_GRAPH)")
    assert "w" in listing["tensors"]


def test_the_command_line_says_what_the_object_graph_says_of_keys(tmp_path: Path) -> None:
    from .test_cli import _run

    graph = {
        "nodes": [_node([("w", 1)]), _node(keys=["w/.ATTRIBUTES/VARIABLE_VALUE", "gone/.ATTRIBUTES/VARIABLE_VALUE"])]
    }
    out = _run([str(_checkpoint(tmp_path, graph, ["w/.ATTRIBUTES/VARIABLE_VALUE", "legacy/name"]))]).stdout.decode()
    assert "object graph: 2 objects, 1 keys shown by their objects' paths; 1 saved by no object; 1 saved by an" in out
    assert "gone/.ATTRIBUTES/VARIABLE_VALUE" in out and "legacy/" in out
    (tmp_path / "bad").mkdir()
    out = _run([str(_checkpoint(tmp_path / "bad", {"nodes": [_node([("a", 9)])]}, ["w"]))]).stdout.decode()
    assert "object graph: does not read (" in out and "refers to node 9" in out


def test_a_saved_variable_whose_checkpoint_tensor_differs_is_a_mismatch(tmp_path: Path) -> None:
    # A SavedModel whose object graph says w is a float vector of 3, joined to a checkpoint whose w is a scalar.
    from .helpers import field

    saved_variable = b"\x08\x01" + field(2, field(2, b"\x08\x03")) + field(6, b"w")
    object_graph = field(1, field(1, b"\x08\x01" + field(2, b"w"))) + field(1, field(7, saved_variable))
    model = tfcollections.loads(b"\x08\x01" + field(2, field(7, object_graph)))
    graph = {"nodes": [_node([("w", 1)]), _node(keys=["w/.ATTRIBUTES/VARIABLE_VALUE"])]}
    result = tfcollections.check_checkpoint(model, _checkpoint(tmp_path, graph, ["w/.ATTRIBUTES/VARIABLE_VALUE"]))
    assert result["variables"] == {"w": "w/.ATTRIBUTES/VARIABLE_VALUE"}
    assert not result["restores"]
    [mismatch] = [item for item in result["mismatched"] if item["name"] == "w/.ATTRIBUTES/VARIABLE_VALUE"]
    assert mismatch["why"] == "shape [3] in the graph, [] in the checkpoint"


def test_a_saved_model_and_checkpoint_whose_object_graphs_cannot_be_joined(tmp_path: Path) -> None:
    from .helpers import field

    graph = {"nodes": [_node([("w", 1)]), _node(keys=["w/.ATTRIBUTES/VARIABLE_VALUE"])]}
    prefix = _checkpoint(tmp_path, graph, ["w/.ATTRIBUTES/VARIABLE_VALUE"])
    # An object graph without variables: nothing to join.
    no_variables = tfcollections.loads(b"\x08\x01" + field(2, field(7, field(1, field(1, b"\x08\x01")))))
    assert tfcollections.check_checkpoint(no_variables, prefix)["variables"] == {}
    # A checkpoint whose object graph does not read: no join, and the listing says why.
    saved_variable = b"\x08\x01" + field(6, b"w")
    objects = field(1, field(1, b"\x08\x01" + field(2, b"w"))) + field(1, field(7, saved_variable))
    model = tfcollections.loads(b"\x08\x01" + field(2, field(7, objects)))
    (tmp_path / "bad").mkdir()
    damaged = _checkpoint(tmp_path / "bad", b"\x0a\x05\x0a", ["w/.ATTRIBUTES/VARIABLE_VALUE"])
    assert tfcollections.check_checkpoint(model, damaged)["variables"] == {}
    # A SavedModel whose object graph is damaged: the check says where.
    broken = tfcollections.loads(b"\x08\x01" + field(2, field(7, b"\x0a\x05\x0a")), graph=False)
    with pytest.raises(tfcollections.DecodeError) as info:
        tfcollections.check_checkpoint(broken, prefix)
    assert "object_graph_def" in info.value.path


def test_every_key_is_in_the_tree_whatever_names_it_shares() -> None:
    from tfcollections._cli.checkpoints import _by_object

    info = {"attribute": "VARIABLE_VALUE", "slot": None, "full_name": None, "node": 1}
    listing = {
        "tensors": {"a/.ATTRIBUTES/VARIABLE_VALUE": {}, "a": {}, "b/.ATTRIBUTES/VARIABLE_VALUE": {}},
        "object_graph": {"keys": {
            "a/.ATTRIBUTES/VARIABLE_VALUE": {**info, "object": "a"},
            "b/.ATTRIBUTES/VARIABLE_VALUE": {**info, "object": "a"},  # another key for the same path
        }},
    }  # fmt: skip
    shown, slots = _by_object(listing)
    assert sorted(shown.values()) == sorted(listing["tensors"]) and slots == {}
    assert shown == {
        "a": "a/.ATTRIBUTES/VARIABLE_VALUE",
        "a (key)": "a",
        "b/.ATTRIBUTES/VARIABLE_VALUE": "b/.ATTRIBUTES/VARIABLE_VALUE",
    }
