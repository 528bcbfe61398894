# SPDX-License-Identifier: Apache-2.0
"""Frozen graphs (a bare GraphDef) read as a format: their inputs, outputs and constants, and the constants' values.

The fixtures were written by TensorFlow (tools/generate_file_fixtures.py graphdefs); frozen_graph.constants.json
holds TensorFlow's own values of every Const (tf.make_ndarray), which read_tensors must give bit for bit.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any, Dict

import pytest

import tfcollections
from tfcollections import DecodeError

from .helpers import field

FILES = Path(__file__).parent / "data" / "files"
FROZEN = FILES / "frozen_graph.pb"
FROZEN_TEXT = FILES / "frozen_graph.pbtxt"
VALUES: Dict[str, Any] = json.loads((FILES / "frozen_graph.constants.json").read_text())["constants"]


def _node(name: str, op: str, *inputs: str, attrs: bytes = b"") -> bytes:
    body = field(1, name.encode()) + field(2, op.encode()) + b"".join(field(3, i.encode()) for i in inputs)
    return field(1, body + attrs)


def _attr(key: str, value: bytes) -> bytes:
    return field(5, field(1, key.encode()) + field(2, value))


@pytest.mark.parametrize("path", [FROZEN, FROZEN_TEXT], ids=["binary", "text"])
def test_a_frozen_graph_reads_with_its_inputs_outputs_and_constants(path: Path) -> None:
    model = tfcollections.load(path, graph=True)
    assert model["format"] == "GraphDef" and len(model["meta_graphs"]) == 1
    meta_graph = model["meta_graphs"][0]
    assert meta_graph["collection_def"] == {} and meta_graph["saver_def"] is None
    graph = meta_graph["graph"]
    assert graph["inputs"] == [
        {"name": "x", "op": "Placeholder", "dtype": "DT_FLOAT", "shape": [-1, 4]},
        {"name": "scale", "op": "PlaceholderWithDefault", "dtype": "DT_FLOAT", "shape": []},
    ]
    # The frozen model's two outputs; the Consts kept as outputs of the freeze are constants, not outputs.
    assert graph["outputs"] == [{"name": "probabilities", "op": "Softmax"}, {"name": "classes", "op": "ArgMax"}]
    by_name = {entry["name"]: entry for entry in graph["constants"]}
    assert by_name["dense/kernel"] == {"name": "dense/kernel", "dtype": "DT_FLOAT", "shape": [4, 3], "size": 48}
    assert by_name["c/splat_float"]["size"] == 16  # 4 floats, though the file stores one value
    assert by_name["c/strings"] == {"name": "c/strings", "dtype": "DT_STRING", "shape": [3], "size": 4}
    assert set(VALUES) == set(by_name)
    assert graph["variables"] == []


@pytest.mark.parametrize("path", [FROZEN, FROZEN_TEXT], ids=["binary", "text"])
def test_constants_read_as_tensorflow_reads_them(path: Path) -> None:
    tensors = tfcollections.read_tensors(path)  # a path that is no checkpoint: the graph's constants
    assert list(tensors) == list(VALUES)  # the graph's order
    for name, expected in VALUES.items():
        tensor = tensors[name]
        assert (tensor.dtype, list(tensor.shape)) == (expected["dtype"], expected["shape"]), name
        if expected["dtype"] == "DT_STRING":
            assert [base64.b64encode(value).decode() for value in tensor.tolist()] == expected["values"], name
        else:
            assert tensor.tobytes().hex() == expected["values"], name


def test_constants_from_a_loaded_model_and_by_name() -> None:
    model = tfcollections.load(FROZEN)
    assert tfcollections.read_tensor(model, "c/int8").tolist() == [1, -2, 3]
    assert tfcollections.read_tensor(model, "c/splat_int32").tolist() == [[7, 7, 7], [7, 7, 7]]
    assert tfcollections.read_tensor(model, "c/bfloat16").tolist() == [1.5, -2.0]
    both = tfcollections.read_tensors(model, ["c/bool", "c/int8"])
    assert list(both) == ["c/bool", "c/int8"] and both["c/bool"].tolist() == [True, False, True]
    with pytest.raises(KeyError, match="'probabilities' is not a constant"):
        tfcollections.read_tensor(model, "probabilities")
    with pytest.raises(TypeError, match=r"what tfcollections\.load returned"):
        tfcollections.read_tensors(dict(model), ["c/int8"])  # a copy keeps no source


def test_a_constants_content_must_fit_its_shape() -> None:
    shape = field(2, field(2, b"\x08\x03"))  # tensor_shape { dim { size: 3 } }
    tensor = b"\x08\x01" + shape + field(4, b"\x00" * 8)  # DT_FLOAT, 3 elements, 8 bytes of content
    graph = _node("bad", "Const", attrs=_attr("value", field(8, tensor)))
    with pytest.raises(DecodeError, match=r"constant .bad.: tensor_content has 8 bytes, where 3 elements"):
        tfcollections.read_tensors(tfcollections.loads(graph + _node("x", "NoOp")))
    listed = tfcollections.loads(graph + _node("x", "NoOp"), graph=True)["meta_graphs"][0]["graph"]["constants"]
    assert listed == [{"name": "bad", "dtype": "DT_FLOAT", "shape": [3], "size": 12}]  # listed as it says


def test_a_damaged_tensor_in_a_graph_says_where() -> None:
    bad_tensor = field(5, b"\x00\x00\x80")  # packed floats: 3 bytes
    graph = _node("a", "NoOp") + _node("c", "Const", attrs=_attr("value", field(8, bad_tensor)))
    with pytest.raises(DecodeError) as caught:
        tfcollections.loads(graph, graph=True)
    assert caught.value.path[:3] == ("GraphDef", "node", 1)
    assert "not a whole number of 4-byte values" in str(caught.value)


def test_outputs_leave_out_what_is_not_one() -> None:
    graph = (
        _node("in", "Placeholder")
        + _node("w", "Const")
        + _node("v", "VariableV2")
        + _node("mul", "Mul", "in", "w:0")
        + _node("init", "NoOp", "^mul")  # a control input consumes too
        + _node("out", "Identity", "mul")
        + _node("second", "Identity", "mul:1")
        + _node("check", "Assert", "out")
    )
    ends = tfcollections.loads(graph, graph=True)["meta_graphs"][0]["graph"]
    assert ends["outputs"] == [{"name": "second", "op": "Identity"}]  # out feeds Assert; init is a NoOp
    assert [entry["name"] for entry in ends["inputs"]] == ["in"]


def test_an_input_that_names_no_node_is_no_error() -> None:
    graph = _node("a", "Identity", "missing:0") + _node("b", "Identity", "a")
    ends = tfcollections.loads(graph, graph=True)["meta_graphs"][0]["graph"]
    assert ends["outputs"] == [{"name": "b", "op": "Identity"}]


def test_a_saver_is_neither_input_nor_output() -> None:
    meta = tfcollections.load(Path(__file__).parent.parent / "examples" / "model.meta", graph=True)
    graph = meta["meta_graphs"][0]["graph"]
    assert [entry["name"] for entry in graph["inputs"]] == ["x"]  # not save/filename, kernel_saver/filename
    assert not any(entry["name"].startswith(("save/", "kernel_saver/")) for entry in graph["outputs"])


def test_a_text_graphdef_with_a_field_it_does_not_have() -> None:
    # Past the fields that tell what the file is (20), a field no GraphDef has is still found.
    nodes = b"".join(b'node { name: "n%d" op: "NoOp" }\n' % i for i in range(21))
    with pytest.raises(DecodeError, match=r"expected a GraphDef field .*, found field .nodes.") as caught:
        tfcollections.loads(nodes + b'nodes { name: "b" }\n')
    assert str(caught.value).startswith("bad text-format GraphDef")
    with pytest.raises(DecodeError, match=r"a text file, but neither .* its fields are .node., .nodes."):
        tfcollections.loads(b'node { name: "a" op: "NoOp" }\nnodes { name: "b" }\n')
    with pytest.raises(DecodeError, match="unbalanced braces"):
        tfcollections.loads(b'node { name: "a" op: "NoOp" }\nnode { name: "b"\n')
