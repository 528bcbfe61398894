# SPDX-License-Identifier: Apache-2.0
"""Freezing and the ONNX conversion, without onnx or onnxruntime (tests/test_onnx_run.py runs the models).

The fixtures are TensorFlow's (tools/generate_onnx_fixtures.py, tests/data/onnx/manifest.json); TensorFlow ran the
library's frozen graphs of them (tools/check_freeze.py), and its verdicts are recorded with the SHA-256 of the bytes
it ran: a freeze here that gives other bytes is one TensorFlow has not checked, and fails.
"""

from __future__ import annotations

import hashlib
import json
import re
import struct
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st

import tfcollections
from tfcollections import ConversionError, DecodeError
from tfcollections._convert.freeze import _part_of
from tfcollections._convert.onnx import parse_input
from tfcollections._convert.values import scalar_tensor, tensor_of, transpose
from tfcollections._disk.source import source_of
from tfcollections._graph.graphdef import Graph
from tfcollections._tensor import Tensor

DATA = Path(__file__).parent / "data" / "onnx"
MANIFEST: Dict[str, Any] = json.loads((DATA / "manifest.json").read_text())
CHECKED: Dict[str, Any] = json.loads((DATA / "freeze_check.json").read_text())["models"]
RESTORE = Path(__file__).parent / "data" / "checkpoints" / "restore"


def model_path(name: str) -> Path:
    return DATA / name / MANIFEST["models"][name]["model"]


def vocabularies(name: str) -> Dict[str, Path]:
    """The vocabulary files a fixture's tables read and its model does not hold (a frozen graph's), by name."""
    return {key: DATA / name / value for key, value in MANIFEST["models"][name].get("vocabularies", {}).items()}


def graph_of(frozen: bytes) -> Dict[str, Any]:
    return tfcollections.loads(frozen, graph=True)["meta_graphs"][0]["graph"]  # type: ignore[return-value]


def graph_def(nodes: List[Dict[str, Any]]) -> bytes:
    """A GraphDef of *nodes* (``{"name", "op", "input", "attr"}``), written by the library's encoder."""
    full = [{"name": n["name"], "op": n["op"], "input": n.get("input", []), "attr": n.get("attr", {})} for n in nodes]
    return tfcollections.encode_message("GraphDef", {"node": full, "versions": {"producer": 1700}})


FLOAT = {"dtype": {"type": "DT_FLOAT"}}


# ---------------------------------------------------------------- freezing


@pytest.mark.parametrize("name", sorted(CHECKED))
def test_the_frozen_graphs_are_the_bytes_tensorflow_ran_and_agreed_with(name: str) -> None:
    verdict = CHECKED[name]
    frozen = tfcollections.freeze(model_path(name), outputs=MANIFEST["models"][name]["outputs"],
                                  vocabularies=vocabularies(name))  # fmt: skip
    assert hashlib.sha256(frozen).hexdigest() == verdict["sha256"]
    assert verdict["agrees"] and verdict["max_relative_difference"] <= 1e-6


# TF 1 loops: dynamic_rnn leaves nodes nothing reads (a zero state's parts, a loop variable's Exit), which are
# outputs by default as any node nothing reads; the while loop has two placeholders.
_LOOPS = {"tf1_while", "tf1_while_cond", "tf1_dynamic_rnn", "tf1_dynamic_rnn_v2"}


@pytest.mark.parametrize("name", sorted(CHECKED))
def test_a_frozen_graph_holds_no_variable_saver_initializer_optimizer_or_summary(name: str) -> None:
    graph = graph_of(tfcollections.freeze(model_path(name), vocabularies=vocabularies(name)))
    ops = set(graph["ops"])
    assert graph["variables"] == []
    assert not ops & {"VariableV2", "VarHandleOp", "ReadVariableOp", "ResourceGather", "Assign", "SaveV2",
                      "RestoreV2", "ApplyGradientDescent", "MergeSummary", "ScalarSummary", "NoOp"}  # fmt: skip
    # By default the outputs are the model's own (the training op, the summary and the saver are no outputs); the
    # lookup tables' fills are nodes nothing reads too, each an InitializeTableV2 of two constants.
    fills = [item["name"] for item in graph["outputs"] if item["op"] == "InitializeTableV2"]
    names = [item["name"] for item in graph["outputs"] if item["name"] not in fills]
    wanted = [name.split(":")[0] for name in MANIFEST["models"][name]["outputs"]]
    assert len(fills) == graph["ops"].get("HashTableV2", 0)  # one per table
    if name in _LOOPS:
        assert set(wanted) <= set(names) and {item["op"] for item in graph["inputs"]} == {"Placeholder"}
        return
    assert names == wanted
    assert {item["op"] for item in graph["inputs"]} == {"Placeholder"}


def test_resource_reads_are_rewritten_as_tensorflow_rewrites_them() -> None:
    frozen = tfcollections.freeze(model_path("tf1_text"))
    graph = graph_of(frozen)
    assert "GatherV2" in graph["ops"] and "ResourceGather" not in graph["ops"]
    nodes = tfcollections.decode_message("GraphDef", frozen)["node"]
    gather = next(node for node in nodes if node["op"] == "GatherV2")
    assert gather["input"][2] == f"{gather['name']}/axis"
    assert gather["attr"]["Tparams"]["type"] == "DT_FLOAT"
    embedding = next(node for node in nodes if node["name"] == "embedding")
    assert embedding["op"] == "Const" and embedding["attr"]["dtype"]["type"] == "DT_FLOAT"


def test_a_partitioned_variable_is_its_part_of_the_checkpoint() -> None:
    model = tfcollections.load(model_path("tf1_mlp_partitioned"))
    checkpoint = tfcollections.load_checkpoint(DATA / "tf1_mlp_partitioned" / "model.ckpt")
    whole = tfcollections.read_tensor(checkpoint, "out/kernel").tolist()  # [30, 4], in two parts along axis 1
    frozen = tfcollections.loads(tfcollections.freeze(model, checkpoint))
    constants = tfcollections.read_tensors(frozen)
    parts = sorted(name for name in constants if name.startswith("out/kernel/part_"))
    assert parts == ["out/kernel/part_0", "out/kernel/part_1"]
    assert constants["out/kernel/part_0"].tolist() == [row[:2] for row in whole]
    assert constants["out/kernel/part_1"].tolist() == [row[2:] for row in whole]


def test_every_colocation_names_a_node_that_is_kept() -> None:
    for name in CHECKED:
        frozen = tfcollections.freeze(model_path(name), vocabularies=vocabularies(name))
        nodes = tfcollections.decode_message("GraphDef", frozen)["node"]
        names = {node["name"] for node in nodes}
        for node in nodes:
            colocation = node["attr"].get("_class")
            for entry in colocation["list"]["s"] if colocation else []:
                assert entry.decode()[len("loc:@") :] in names


def test_inputs_cut_the_graph_into_placeholders() -> None:
    frozen = tfcollections.freeze(model_path("tf1_cnn"), outputs=["probabilities"], inputs=["pool1/MaxPool:0"])
    graph = graph_of(frozen)
    assert graph["inputs"] == [{"name": "pool1/MaxPool", "op": "Placeholder", "dtype": "DT_FLOAT",
                                "shape": [-1, 8, 8, 8]}]  # fmt: skip
    assert "Conv2D" in graph["ops"] and graph["ops"]["Conv2D"] == 1  # conv1 is gone, conv2 is kept
    assert not any(item["name"] == "x" for item in graph["inputs"])


def test_a_checkpoint_without_the_variable_is_named() -> None:
    with pytest.raises(DecodeError, match=r"variable 'conv1/kernel': the checkpoint .* has no 'conv1/kernel'"):
        tfcollections.freeze(model_path("tf1_cnn"), DATA / "tf1_text" / "model.ckpt")


def test_a_checkpoint_whose_shape_disagrees_is_named() -> None:
    with pytest.raises(DecodeError, match=r"variable 'dense/kernel' has shape \[5, 3\], but the checkpoint's "
                                          r"'dense/kernel' has \[4, 3\]"):  # fmt: skip
        tfcollections.freeze(RESTORE / "reshaped.meta", RESTORE / "model.ckpt",
                             outputs=["dense/kernel/Read/ReadVariableOp"])  # fmt: skip


def test_variables_without_a_checkpoint_are_named() -> None:
    model = tfcollections.loads(model_path("tf1_cnn").read_bytes())
    with pytest.raises(DecodeError, match=r"need 10 variable\(s\) \('conv1/kernel', .*\) and no checkpoint was given"):
        tfcollections.freeze(model)


def test_a_missing_input_an_unknown_output_and_no_outputs_are_refused() -> None:
    # (Two nodes or more: one node alone could be read as a MetaGraphDef, and the library reads it as one.)
    missing = tfcollections.loads(
        graph_def([{"name": "c", "op": "Const"}, {"name": "y", "op": "Identity", "input": ["x"]}])
    )
    with pytest.raises(DecodeError, match=r"node 'y' names input 'x', which the graph does not have"):
        tfcollections.freeze(missing, outputs=["y"])
    with pytest.raises(ValueError, match=r"no node 'nothing' in the graph for output 'nothing:0'"):
        tfcollections.freeze(model_path("tf1_cnn"), outputs=["nothing"])
    only_constants = tfcollections.loads(graph_def([{"name": "c", "op": "Const"}, {"name": "d", "op": "Const"}]))
    with pytest.raises(ValueError, match="no outputs to freeze to"):
        tfcollections.freeze(only_constants)


def test_a_part_is_cut_out_along_any_axis() -> None:
    values = list(range(2 * 3 * 4))
    whole = Tensor("DT_INT32", (2, 3, 4), b"".join(v.to_bytes(4, "little") for v in values))
    nested = whole.tolist()
    part = _part_of(whole, [(1, 1), (0, 3), (0, 4)], "v")  # along the first axis: one piece
    assert part.tolist() == nested[1:2]
    part = _part_of(whole, [(0, 2), (1, 2), (1, 2)], "v")
    assert part.tolist() == [[row[1:3] for row in plane[1:3]] for plane in nested]
    strings = Tensor("DT_STRING", (2, 2), None, [b"a", b"b", b"c", b"d"])
    assert _part_of(strings, [(0, 2), (1, 1)], "s").tolist() == [[b"b"], [b"d"]]
    with pytest.raises(DecodeError, match="lies outside the checkpoint's shape"):
        _part_of(whole, [(1, 2), (0, 3), (0, 4)], "v")


# ---------------------------------------------------------------- the conversion, read back as ONNX messages


def onnx_model(data: bytes) -> Dict[str, Any]:
    return dict(tfcollections.decode_message("onnx.ModelProto", data))


@pytest.mark.parametrize("name", sorted(MANIFEST["models"]))
def test_the_model_keeps_tensorflows_names_and_no_transpose_undoes_another(name: str) -> None:
    about = MANIFEST["models"][name]
    cut = about["inputs"] if about.get("cut") else None  # a graph parsing tf.Example: cut at what it parses
    model = onnx_model(
        tfcollections.to_onnx(model_path(name), inputs=cut, outputs=about["outputs"], vocabularies=vocabularies(name))
    )
    graph = model["graph"]
    assert [item["name"] for item in graph["input"]] == about["inputs"]
    assert [item["name"] for item in graph["output"]] == about["outputs"]
    # ONNX's own operator set, and ai.onnx.ml where a lookup table is a LabelEncoder (and only there).
    uses_ml = any(node.get("domain") == "ai.onnx.ml" for node in graph["node"])
    assert uses_ml == (name in ("tf1_vocabulary", "tf1_frozen_tables"))
    assert model["opset_import"] == [{"domain": "", "version": 17}] + [{"domain": "ai.onnx.ml", "version": 2}] * uses_ml
    made_by = {output: node for node in graph["node"] for output in node["output"]}
    for node in graph["node"]:
        if node["op_type"] == "Transpose":
            producer = made_by.get(node["input"][0])
            assert producer is None or producer["op_type"] != "Transpose", node["name"]
    # Weights are initializers in raw_data.
    assert graph["initializer"] and all(item["raw_data"] or not item["dims"] for item in graph["initializer"])


def test_an_unknown_dim_of_an_input_is_symbolic_unless_given() -> None:
    path = model_path("mobilenet_v2")
    dims = onnx_model(tfcollections.to_onnx(path))["graph"]["input"][0]["type"]["tensor_type"]["shape"]["dim"]
    assert dims[0]["dim_param"] == "batch" and [d["dim_value"] for d in dims[1:]] == [64, 64, 3]
    given = tfcollections.to_onnx(path, inputs=["input:0:1,64,64,3"])
    dims = onnx_model(given)["graph"]["input"][0]["type"]["tensor_type"]["shape"]["dim"]
    assert [d["dim_value"] for d in dims] == [1, 64, 64, 3]
    assert tfcollections.to_onnx(path, inputs={"input:0": [1, 64, 64, 3]}) == given


def test_inputs_are_parsed_with_their_shapes() -> None:
    assert parse_input("x:0:1,224,224,3") == ("x:0", [1, 224, 224, 3])
    assert parse_input("x:[-1,3]") == ("x:0", [None, 3])
    assert parse_input("x:0:[?, 5]") == ("x:0", [None, 5])
    assert parse_input("scope/x:1") == ("scope/x:1", None)
    assert parse_input("x") == ("x:0", None)
    assert parse_input("x:[]") == ("x:0", [])
    # A shape of one dim after a port (not a node 'X:0' of port 5); a port alone stays a port.
    assert parse_input("X:0:5") == ("X:0", [5])
    assert parse_input("x:0:-1") == parse_input("x:0:?") == ("x:0", [None])
    assert parse_input("x:5") == ("x:5", None)
    with pytest.raises(ValueError, match="is no shape"):
        parse_input("x:1,a")


def test_ops_the_table_lacks_are_all_named_before_anything_is_made(tmp_path: Path) -> None:
    nodes = [
        {"name": "x", "op": "Placeholder", "attr": FLOAT},
        {"name": "a", "op": "FancyOp", "input": ["x"]},
        {"name": "b", "op": "FancyOp", "input": ["a"]},
        {"name": "c", "op": "Switch", "input": ["b", "x"]},
    ]
    model = tfcollections.loads(graph_def(nodes))
    target = tmp_path / "model.onnx"
    with pytest.raises(ConversionError) as caught:
        tfcollections.to_onnx(model, outputs=["c"], path=target)
    assert str(caught.value) == ("the conversion does not cover 2 op type(s) of the graph: FancyOp (2 nodes, first "
                                 "'a'); Switch (1 node, first 'c': control flow)")  # fmt: skip
    assert caught.value.unsupported == [
        {"op": "FancyOp", "count": 2, "node": "a", "why": "not in the table"},
        {"op": "Switch", "count": 1, "node": "c", "why": "control flow"},
    ]
    assert isinstance(caught.value, DecodeError)
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_a_cycle_is_refused() -> None:
    nodes = [
        {"name": "x", "op": "Placeholder", "attr": FLOAT},
        {"name": "a", "op": "Add", "input": ["x", "b"]},
        {"name": "b", "op": "Relu", "input": ["a"]},
    ]
    with pytest.raises(ConversionError, match=r"a cycle through node 'a' \(Add\)"):
        tfcollections.to_onnx(tfcollections.loads(graph_def(nodes)), outputs=["b"])


def test_a_rank_the_rule_needs_names_the_node_and_the_inputs_to_pass() -> None:
    # A reshape to a shape the graph computes, of a length it does not say: the rank is not known after it.
    nodes = [
        _placeholder("x", 2, 3),
        ("shape", "Placeholder", [], {"dtype": "DT_INT32", "shape": _shape(-1)}, None),
        ("r", "Reshape", ["x", "shape"], {}, None),
        _const("p", _ints(1, 0)),
        ("s", "Transpose", ["r", "p"], {}, None),
    ]
    with pytest.raises(ConversionError, match=r"node 's' \(Transpose\): .*unknown rank.*--inputs NAME:SHAPE"):
        tfcollections.to_onnx(tfcollections.loads(_graph(*nodes)), outputs=["s"])


def test_the_model_is_written_under_a_temporary_name_and_renamed(tmp_path: Path) -> None:
    target = tmp_path / "cnn.onnx"
    data = tfcollections.to_onnx(model_path("tf1_cnn"), path=target)
    assert target.read_bytes() == data and [p.name for p in tmp_path.iterdir()] == ["cnn.onnx"]


def test_an_opset_outside_the_range_is_refused() -> None:
    for opset in (11, 22):
        with pytest.raises(ValueError, match=f"opset {opset} is not one the conversion writes \\(12 to 21\\)"):
            tfcollections.to_onnx(model_path("tf1_cnn"), opset=opset)


def test_weights_are_transposed_to_onnxs_layout() -> None:
    values = list(range(2 * 3 * 4 * 5))
    tensor = Tensor("DT_INT16", (2, 3, 4, 5), b"".join(v.to_bytes(2, "little") for v in values))
    moved = transpose(tensor, (3, 2, 0, 1))
    nested = tensor.tolist()
    assert moved.shape == (5, 4, 2, 3)
    assert moved.tolist() == [[[[nested[h][w][i][o] for w in range(3)] for h in range(2)] for i in range(4)]
                              for o in range(5)]  # fmt: skip


# ---------------------------------------------------------------- the command line


def cli(args: List[str]) -> Any:
    from .test_cli import _run

    return _run(args)


def test_export_writes_onnx_and_says_what_it_wrote(tmp_path: Path) -> None:
    out = tmp_path / "cnn.onnx"
    result = cli(["export", "tests/data/onnx/tf1_cnn/model.ckpt.meta", str(out)])
    assert result.returncode == 0, result.stderr
    lines = result.stdout.decode().splitlines()
    assert lines[0].startswith(f"{out}: ONNX, opset 17, 14 nodes (Conv 2, Transpose 2, ")
    assert lines[1:] == ["  inputs: x:0 float32[batch,16,16,3]",
                         "  outputs: probabilities:0 float32[?,10], classes:0 int64[?]",
                         "  outputs chosen by: the graph's ends, as no signature or collection names them; "
                         "--outputs NAME chooses others"]  # fmt: skip
    assert out.read_bytes() == tfcollections.to_onnx(model_path("tf1_cnn"))
    again = cli(["export", "tests/data/onnx/tf1_cnn/model.ckpt.meta", str(out)])
    assert again.returncode == 1 and b"exists (give force=True, --force, to replace it)" in again.stderr


@pytest.mark.parametrize("name", sorted(MANIFEST["refused"]))
def test_a_list_whose_count_of_items_a_loop_or_branch_changes_is_refused(name: str, tmp_path: Path) -> None:
    # TensorFlow-made graphs (tools/generate_onnx_fixtures.py): a loop whose body makes its list anew, of a count of
    # its own, and a cond whose branches give lists of two counts. TensorFlow's stack of either reads the count, which
    # the ONNX sequence leaving the Loop or the If does not carry.
    about = MANIFEST["refused"][name]
    source = DATA / "refused" / f"{name}.pb"
    with pytest.raises(ConversionError, match=re.escape(about["why"])):
        tfcollections.to_onnx(source, outputs=about["outputs"])
    out = tmp_path / "model.onnx"
    result = cli(["export", str(source), str(out), "--outputs", *about["outputs"]])
    assert result.returncode == 1 and result.stderr.decode().count("\n") == 1
    assert about["why"] in result.stderr.decode() and not out.exists() and list(tmp_path.iterdir()) == []


def test_export_says_which_inputs_and_outputs_it_declares_without_a_shape(tmp_path: Path) -> None:
    # A reshape to a shape fed at run time (the squeeze's rank is open) and a placeholder of no shape: each declared
    # by its type alone.
    graph = tmp_path / "graph.pb"
    graph.write_bytes(_graph(
        _placeholder("x", 2, 3), ("shape", "Placeholder", [], {"dtype": "DT_INT32", "shape": _shape(-1)}, None),
        ("r", "Reshape", ["x", "shape"], {}, None), ("s", "Squeeze", ["r"], {}, None), ("t", "Relu", ["x"], {}, None),
        ("z", "Placeholder", [], {"dtype": "DT_FLOAT", "shape": {"unknown_rank": True}}, None),
        ("u", "Neg", ["z"], {}, None),
    ))  # fmt: skip
    out = tmp_path / "graph.onnx"
    asked = ["--outputs", "s", "--outputs", "t", "--outputs", "u"]
    result = cli(["export", str(graph), str(out), *asked])
    assert result.returncode == 0, result.stderr
    lines = result.stdout.decode().splitlines()
    assert lines[1:] == ["  inputs: x:0 float32[2,3], shape:0 int32[batch], z:0 float32",
                         "  outputs: s:0 float32, t:0 float32[2,3], u:0 float32",
                         "  open rank: z:0, s:0, u:0 (the graph leaves it open: declared by its type alone, which "
                         "onnxruntime runs and onnx's checker refuses)"]  # fmt: skip
    report = json.loads(cli(["export", str(graph), str(out), *asked, "--force", "--json"]).stdout)
    assert report["open_rank"] == ["z:0", "s:0", "u:0"] and report["outputs"][0]["shape"] is None


def test_export_freezes_with_the_options_of_the_conversion(tmp_path: Path) -> None:
    out = tmp_path / "frozen.pb"
    args = ["export", "tests/data/onnx/tf1_cnn/model.ckpt.meta", str(out), "--outputs", "probabilities", "--json",
            "--checkpoint", "tests/data/onnx/tf1_cnn/model.ckpt"]  # fmt: skip
    result = cli(args)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["format"] == "graphdef" and report["outputs"] == [{"name": "probabilities:0", "op": "Softmax"}]
    assert report["inputs"] == [{"name": "x:0", "dtype": "float32", "shape": [-1, 16, 16, 3]}]
    assert out.read_bytes() == tfcollections.freeze(model_path("tf1_cnn"), outputs=["probabilities"])
    shaped = cli(["export", "tests/data/onnx/mobilenet_v2/frozen.pb", str(tmp_path / "m.onnx"), "--inputs",
                  "input:0:1,64,64,3", "--opset", "18", "--json"])  # fmt: skip
    report = json.loads(shaped.stdout)
    assert report["opset"] == 18 and report["inputs"] == [{"name": "input:0", "dtype": "float32",
                                                          "shape": [1, 64, 64, 3]}]  # fmt: skip


def test_export_names_each_op_the_conversion_lacks_and_writes_nothing(tmp_path: Path) -> None:
    nodes = [
        {"name": "x", "op": "Placeholder", "attr": FLOAT},
        {"name": "a", "op": "FancyOp", "input": ["x"]},
        {"name": "b", "op": "FancyOp", "input": ["a"]},
        {"name": "c", "op": "Switch", "input": ["b", "x"]},
    ]
    source = tmp_path / "graph.pb"
    source.write_bytes(graph_def(nodes))
    out = tmp_path / "graph.onnx"
    result = cli(["export", str(source), str(out), "--outputs", "c"])
    assert result.returncode == 1 and result.stdout == b""
    assert result.stderr.decode().splitlines() == [
        f"tfcollections export: {source}: FancyOp: 2 nodes, first 'a': not in the table",
        f"tfcollections export: {source}: Switch: 1 node, first 'c': control flow",
        f"tfcollections export: {out}: not written: the conversion does not cover 2 op type(s)",
    ]
    as_json = cli(["export", str(source), str(out), "--outputs", "c", "--json"])
    assert as_json.returncode == 1
    assert [entry["op"] for entry in json.loads(as_json.stdout)["unsupported"]] == ["FancyOp", "Switch"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["graph.pb"]
    bad = cli(["export", "tests/data/onnx/tf1_cnn/model.ckpt.meta", str(out), "--checkpoint",
               "tests/data/onnx/tf1_text/model.ckpt"])  # fmt: skip
    assert bad.returncode == 3 and bad.stderr.decode().count("\n") == 1
    assert "not written: variable 'conv1/kernel': the checkpoint" in bad.stderr.decode()


def test_every_row_of_the_table_is_in_a_graph_tensorflow_made_for_the_tests() -> None:
    # Each row is proven on a graph TensorFlow wrote (tools/generate_onnx_fixtures.py and generate_tf2_fixtures.py),
    # which the onnx test group converts and runs against TensorFlow's outputs: a row no fixture holds is untested.
    from tfcollections._convert.frames import COND_OP, FRAME_OP
    from tfcollections._convert.optable import RULES

    seen = set()
    for folder in (DATA, DATA.parent / "onnx_tf2"):
        for path in sorted(folder.rglob("*")):
            if path.suffix in (".pb", ".meta") and path.name != "fingerprint.pb" and "damaged" not in path.parts:
                for meta_graph in tfcollections.load(path, graph=True)["meta_graphs"]:
                    seen.update(meta_graph["graph"]["ops"])
    # The two rows of the converter's own ops stand for TF 1's frames: a while frame enters, a cond switches.
    stand_ins = {FRAME_OP: "Enter", COND_OP: "Switch"}
    assert sorted(op for op in RULES if stand_ins.get(op, op) not in seen) == []


# ---------------------------------------------------------------- damaged graphs


@pytest.mark.slow
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])  # the profile's count (tests/conftest.py)
@given(data=st.data())
def test_a_damaged_graph_is_converted_or_refused_with_the_library_error(data: st.DataObject) -> None:
    # A zoo graph with one node changed (an input dropped, another op, an attr of another kind), written again by
    # the library: converted, or refused with a DecodeError or ValueError naming what is wrong; nothing else.
    name = data.draw(st.sampled_from(sorted(MANIFEST["ops"])))
    about = MANIFEST["ops"][name]
    model = tfcollections.load(DATA / "ops" / f"{name}.pb")
    source = source_of(model)
    assert source is not None
    with source.opened() as buf:
        graph = Graph(source, buf, 0, model["meta_graphs"][0])
        nodes = list(graph.nodes)
        position = data.draw(st.integers(0, len(nodes) - 1))
        node = nodes[position] = dict(nodes[position])
        change = data.draw(st.sampled_from(["drop input", "other op", "attr list", "attr int"]))
        if change == "drop input" and node["input"]:
            node["input"] = node["input"][:-1]
        elif change == "other op":
            node["op"] = data.draw(st.sampled_from(["Add", "Conv2D", "StridedSlice", "Reshape", "Pack", "Squeeze",
                                                    "MatMul", "Pad", "ConcatV2", "Mean", "Transpose", "Split",
                                                    "FusedBatchNormV3", "ResizeBilinear", "TopKV2"]))  # fmt: skip
        elif node["attr"]:
            key = data.draw(st.sampled_from(sorted(node["attr"])))
            value = {field: None for field in node["attr"][key]}
            if change == "attr list":
                value["list"] = {"i": data.draw(st.lists(st.integers(-3, 3), max_size=3)), "s": [], "f": [],
                                 "b": [], "type": [], "shape": [], "tensor": [], "func": []}  # fmt: skip
            else:
                value["i"] = data.draw(st.integers(-2, 5))
            node["attr"] = {**node["attr"], key: value}
        damaged = graph.encode(nodes)
    try:
        converted = tfcollections.to_onnx(tfcollections.loads(damaged), outputs=about["outputs"])
    except ConversionError as exc:  # the node, TF 1 loop or cond the conversion stopped at, or the ops it lacks
        event("refused by the conversion")
        named = ("node ", "the conversion does not cover", "output ", "while loop ", "TF 1 cond on ")
        assert str(exc).startswith(named), str(exc)
    except (DecodeError, ValueError) as exc:  # the freezing's refusals (an input the graph lacks, ...)
        event("refused by the freezing")
        assert str(exc)
    else:
        event("converted")
        assert tfcollections.decode_message("onnx.ModelProto", converted)["graph"]["output"]


def test_the_commands_shown_in_docs_onnx_print_what_they_show(tmp_path: Path) -> None:
    text = (Path(__file__).parent.parent / "docs" / "onnx.md").read_text(encoding="utf-8")
    block = text.split("```sh\n$ tfcollections export tests/data/onnx/tf1_cnn", 1)[1].split("```", 1)[0]
    shown = "$ tfcollections export tests/data/onnx/tf1_cnn" + block
    for command in shown.split("$ ")[1:]:
        line, _, expected = command.partition("\n")
        words = line.split()[1:]
        out = words[2]
        result = cli([*words[:2], str(tmp_path / out), *words[3:]])
        assert result.returncode == 0, result.stderr
        assert result.stdout.decode().replace(str(tmp_path) + "/", "") == expected


def test_a_bfloat16_variable_stays_bfloat16_with_the_checkpoints_bits() -> None:
    frozen = tfcollections.loads(tfcollections.freeze(model_path("tf1_bfloat16")))
    constants = tfcollections.read_tensors(frozen, ["w", "scale"])
    stored = tfcollections.read_tensors(DATA / "tf1_bfloat16" / "model.ckpt", ["w", "scale"])
    assert [constants[name].dtype for name in ("w", "scale")] == ["DT_BFLOAT16", "DT_HALF"]
    assert all(constants[name].tobytes() == stored[name].tobytes() for name in ("w", "scale"))


def test_every_permutation_moves_every_element_where_the_strides_say() -> None:
    # The fast transposes (one or two batched 2-D transposes) against the element-by-element gather, for every
    # permutation of ranks 1 to 5 on shapes with and without axes of size 1.
    import itertools
    import random
    import struct

    from tfcollections._convert.values import _permuted_indices

    chooser = random.Random(35)
    for rank in range(1, 6):
        for _ in range(12):
            shape = tuple(chooser.choice([1, 2, 3, 4]) for _ in range(rank))
            count = 1
            for dim in shape:
                count *= dim
            tensor = Tensor("DT_INT32", shape, struct.pack(f"<{count}i", *range(count)))
            for perm in itertools.permutations(range(rank)):
                moved = transpose(tensor, perm)
                assert moved.shape == tuple(shape[axis] for axis in perm)
                assert list(struct.unpack(f"<{count}i", moved.tobytes())) == _permuted_indices(shape, perm), perm


# ---------------------------------------------------------------- what the rules refuse, graph by graph


def _attr(value: Any) -> Dict[str, Any]:
    """An AttrValue dict of a Python value: a dtype name, an int, a float, a bool, bytes, or a list of ints, floats,
    bytes, dtype names or shapes."""
    if isinstance(value, str) and value.startswith("DT_"):
        return {"type": value}
    if isinstance(value, bool):
        return {"b": value}
    if isinstance(value, int):
        return {"i": value}
    if isinstance(value, float):
        return {"f": value}
    if isinstance(value, bytes):
        return {"s": value}
    if isinstance(value, dict):  # a shape
        return {"shape": value}
    if value and isinstance(value[0], bytes):
        return {"list": {"s": list(value)}}
    if value and isinstance(value[0], str):  # dtypes
        return {"list": {"type": list(value)}}
    if value and isinstance(value[0], dict):  # shapes
        return {"list": {"shape": list(value)}}
    if value and isinstance(value[0], float):
        return {"list": {"f": list(value)}}
    return {"list": {"i": list(value)}}


def _graph(*nodes: Any) -> bytes:
    """A GraphDef of ``(name, op, inputs, attrs, tensor)`` nodes, a Const's tensor written as the library writes one."""
    from tfcollections._graph.graphdef import _delimited, tensor_proto

    body = b""
    for name, op, inputs, attrs, tensor in nodes:
        plain = tfcollections.encode_message(
            "NodeDef", {"name": name, "op": op, "input": list(inputs), "attr": {k: _attr(v) for k, v in attrs.items()}}
        )
        if tensor is not None:
            plain += _delimited(5, _delimited(1, b"value") + _delimited(2, _delimited(8, tensor_proto(tensor))))
        body += _delimited(1, plain)
    return body + _delimited(4, tfcollections.encode_message("VersionDef", {"producer": 1700}))


def _shape(*dims: int) -> Dict[str, Any]:
    return {"dim": [{"size": dim} for dim in dims]}


def _ints64(*values: int) -> Tensor:
    from tfcollections._convert.values import ints_tensor

    return ints_tensor(list(values), "DT_INT64")


def _tensor32(shape: Tuple[int, ...], values: List[int]) -> Tensor:
    from tfcollections._convert.values import tensor_of

    return tensor_of("DT_INT32", shape, values)


def _tensor64(shape: Tuple[int, ...], values: List[int]) -> Tensor:
    from tfcollections._convert.values import tensor_of

    return tensor_of("DT_INT64", shape, values)


def _ints(*values: int) -> Tensor:
    from tfcollections._convert.values import ints_tensor

    return ints_tensor(list(values), "DT_INT32")


def _placeholder(name: str, *dims: int) -> Any:
    return (name, "Placeholder", [], {"dtype": "DT_FLOAT", "shape": _shape(*dims)}, None)


def _pairs(*values: int) -> Tensor:
    from tfcollections._convert.values import tensor_of

    return tensor_of("DT_INT32", (len(values) // 2, 2), list(values))


def _typed(name: str, dtype: str, *dims: int) -> Any:
    return (name, "Placeholder", [], {"dtype": dtype, "shape": _shape(*dims)}, None)


def _strings(*words: str) -> Tensor:
    from tfcollections._convert.values import tensor_of

    return tensor_of("DT_STRING", (len(words),), [word.encode() for word in words])


def _const(name: str, tensor: Tensor) -> Any:
    return (name, "Const", [], {"dtype": tensor.dtype}, tensor)


def _scalar_text(text: str) -> Tensor:
    from tfcollections._convert.values import tensor_of

    return tensor_of("DT_STRING", (), [text.encode()])


def _filled(keys: str, values: str) -> Any:
    """'i', a LookupTableImportV2 that fills the table 'x' of *keys* and *values*."""
    return ("i", "LookupTableImportV2", ["x", keys, values], {"Tin": "DT_STRING", "Tout": "DT_INT64"}, None)


# A string -> int64 table 'x' and its lookup 'y' of the input 'q' (default 'd', -1), its initializer left to a case.
_LOOKUP = [
    ("x", "HashTableV2", [], {"key_dtype": "DT_STRING", "value_dtype": "DT_INT64"}, None),
    _typed("q", "DT_STRING", 2),
    _const("d", _tensor64((), [-1])),
    ("y", "LookupTableFindV2", ["x", "q", "d"], {"Tin": "DT_STRING", "Tout": "DT_INT64"}, None),
]


def _floats(*shape: int) -> Tensor:
    from tfcollections._convert.values import tensor_of

    count = 1
    for dim in shape:
        count *= dim
    return tensor_of("DT_FLOAT", shape, [0.5] * count)


REFUSED = {
    "a mirror pad of another mode": (
        [_placeholder("x", 2, 3), _const("p", _pairs(1, 1, 1, 1)),
         ("y", "MirrorPad", ["x", "p"], {"mode": b"WRAP"}, None)], "is not REFLECT or SYMMETRIC"),
    "batch dims past the axis": (
        [_placeholder("x", 2, 3), _const("i", _ints(0, 1)), _const("a", _ints(0)),
         ("y", "GatherV2", ["x", "i", "a"], {"batch_dims": 1}, None)], "is not between 0 and its axis 0"),
    "a 3-D convolution": (
        [_placeholder("x", 1, 4, 3), _const("w", _floats(1, 3, 3)), ("y", "Conv2D", ["x", "w"], {}, None)],
        "only 2-D convolutions"),
    "a filter of unknown shape": (
        [_placeholder("x", 1, 4, 4, 3), _placeholder("w", -1, -1, 3, 2),
         ("y", "DepthwiseConv2dNative", ["x", "w"], {}, None)], "filter's shape must be known"),
    "a padding TensorFlow does not have": (
        [_placeholder("x", 1, 4, 4, 3), _const("w", _floats(1, 1, 3, 2)),
         ("y", "Conv2D", ["x", "w"], {"padding": b"WEIRD"}, None)], "is not SAME, VALID or EXPLICIT"),
    "a 3-D pool": (
        [_placeholder("x", 1, 4, 3), ("y", "AvgPool", ["x"], {"ksize": [1, 2, 2, 1]}, None)], "only 2-D pooling"),
    "a 2-D batch norm": (
        [_placeholder("x", 4, 2), *(_const(n, _floats(2)) for n in "somv"),
         ("y", "FusedBatchNormV3", ["x", "s", "o", "m", "v"], {"is_training": False}, None)],
        "TensorFlow's fused batch norms take 4-D or 5-D values"),
    "a split of the rest of an unknown dim": (
        [_placeholder("x", -1, 4), _const("a", _ints(0)), _const("s", _ints(1, -1)),
         ("y", "SplitV", ["x", "s", "a"], {"num_split": 2}, None)], "split dimension's size must be known"),
    "a stride of 0": (
        [_placeholder("x", 4, 4), *(_const(n, _ints(*v)) for n, v in (("b", (0,)), ("e", (2,)), ("s", (0,)))),
         ("y", "StridedSlice", ["x", "b", "e", "s"], {}, None)], "a stride of 0"),
    "a perm that permutes nothing": (
        [_placeholder("x", 2, 3), ("p", "Shape", ["x"], {}, None), ("y", "Transpose", ["x", "p"], {}, None)],
        "its perm [2, 3] is no permutation of its input's 2 axes"),
    "sizes of a transposed convolution it cannot give": (
        [_placeholder("x", 1, 4, 4, 2), _const("s", _ints(1, 30, 30, 3)), _const("w", _floats(3, 3, 3, 2)),
         ("y", "Conv2DBackpropInput", ["s", "w", "x"], {"strides": [1, 2, 2, 1], "padding": b"SAME"}, None)],
        "its output size is not one a transposed convolution of its input gives"),
    "a transposed convolution with explicit padding": (
        [_placeholder("x", 1, 4, 4, 2), _const("s", _ints(1, 8, 8, 3)), _const("w", _floats(3, 3, 3, 2)),
         ("y", "Conv2DBackpropInput", ["s", "w", "x"], {"strides": [1, 2, 2, 1], "padding": b"EXPLICIT"}, None)],
        "of a transposed convolution is not converted"),
    "a layout of an input of unknown rank": (
        [("x", "Placeholder", [], {"dtype": "DT_FLOAT", "shape": {"unknown_rank": True}}, None),
         ("y", "SpaceToDepth", ["x"], {"block_size": 2}, None)], "'x:0' needs rank 4 to be laid out NCHW, and has an "
                                                                 "unknown rank (pass the inputs' shapes: --inputs"),
    # What TensorFlow refuses when it builds the graph (issue 51: each was written as a model onnx refuses).
    "multiples of floats": (
        [_placeholder("x", 2, 3), ("y", "Tile", ["x", "x"], {}, None)], "takes a 1-D tensor of int32 or int64"),
    "a fill of no scalar": (
        [_placeholder("x", 2, 3), _const("d", _ints(2, 3)), ("y", "Fill", ["d", "x"], {}, None)],
        "TensorFlow fills with a scalar"),
    "a pack axis past its places": (
        [_placeholder("x", 2, 3), ("y", "Pack", ["x", "x"], {"axis": 5}, None)],
        "outside the 3 places a new axis can take"),
    "a bias of the value's place": (
        [_placeholder("x", 1, 4, 4, 3), _const("b", _floats(3)), ("y", "BiasAdd", ["b", "x"], {}, None)],
        "TensorFlow adds a 1-D bias to a value of rank 2 or more"),
    "a select on floats": (
        [_placeholder("x", 2, 3), ("y", "SelectV2", ["x", "x", "x"], {}, None)], "is DT_FLOAT, not DT_BOOL"),
    "a softmax of integers": (
        [_const("i", _ints(1, 2)), ("y", "Softmax", ["i"], {}, None)], "which Softmax does not take"),
    "an unpack of another count": (
        [_placeholder("x", 2, 3), ("y", "Unpack", ["x"], {"num": 5}, None)], "is not the size 2 of its input's axis"),
    "a pool without its window": (
        [_placeholder("x", 1, 4, 4, 3), ("y", "AvgPool", ["x"], {"strides": [1, 1, 1, 1]}, None)], "no ksize"),
    "a range of two types": (
        [_const("a", _ints(0)), _const("b", _ints(5)), _const("c", _ints(1)),
         ("y", "Range", ["a", "b", "c"], {"Tidx": "DT_INT64"}, None)], "TensorFlow takes all four alike"),
    "a not of floats": ([_placeholder("x", 2), ("y", "LogicalNot", ["x"], {}, None)], "is DT_FLOAT, not DT_BOOL"),
    "operands of two dtypes": (
        [_placeholder("x", 2), _const("i", _ints(1, 2)), ("y", "AddV2", ["x", "i"], {}, None)],
        "its inputs are DT_FLOAT and DT_INT32"),
    "arithmetic of bools": (
        [_placeholder("x", 2), _const("z", _floats(2)), ("b", "Less", ["x", "z"], {}, None),
         ("y", "AddV2", ["b", "b"], {}, None)], "takes numbers"),
    "logic of numbers": ([_placeholder("x", 2), ("y", "LogicalOr", ["x", "x"], {}, None)], "takes bools"),
    "a matmul of vectors": (
        [_placeholder("x", 2), ("y", "MatMul", ["x", "x"], {}, None)], "has rank 1: it multiplies matrices"),
    "a matmul of two dtypes": (
        [_placeholder("x", 2, 2), _const("i", _ints(1, 2, 3, 4)), ("y", "MatMul", ["x", "i"], {}, None)],
        "takes one type"),
    "a bias of other channels": (
        [_placeholder("x", 1, 4, 4, 3), _const("b", _floats(5)), ("y", "BiasAdd", ["x", "b"], {}, None)],
        "does not match its value's 3 channels"),
    "an addn of two dtypes": (
        [_placeholder("x", 2), _const("i", _ints(1, 2)), ("y", "AddN", ["x", "i"], {"N": 2}, None)],
        "TensorFlow's AddN takes one"),
    "an einsum of two dtypes": (
        [_placeholder("x", 2, 2), _const("i", _ints(1, 2, 3, 4)),
         ("y", "Einsum", ["x", "i"], {"equation": b"ij,jk->ik", "N": 2}, None)], "TensorFlow's takes one"),
    "an einsum whose axes disagree": (
        [_placeholder("x", 2, 3), _placeholder("w", 4, 5),
         ("y", "Einsum", ["x", "w"], {"equation": b"ij,jk->ik", "N": 2}, None)], "gives axis 'j' the sizes 3 and 4"),
    "logits of one dim": (
        [_placeholder("x", 4), _placeholder("l", 4), ("y", "SoftmaxCrossEntropyWithLogits", ["x", "l"], {}, None)],
        "only 2-D logits"),
    "sparse labels of floats": (
        [_placeholder("x", 2, 4), _placeholder("l", 2),
         ("y", "SparseSoftmaxCrossEntropyWithLogits", ["x", "l"], {}, None)], "int32 or int64 indices"),
    "a reshape of another count": (
        [_placeholder("x", 2, 3), _const("s", _ints(4, 5)), ("y", "Reshape", ["x", "s"], {}, None)],
        "cannot be reshaped to [4, 5]"),
    "a squeeze of a dim that is not 1": (
        [_placeholder("x", 2, 3), ("y", "Squeeze", ["x"], {"squeeze_dims": [0]}, None)], "each must be 1"),
    "a split that does not divide": (
        [_placeholder("x", 5, 3), _const("a", _ints(0)), ("y", "Split", ["a", "x"], {"num_split": 2}, None)],
        "do not split its axis of 5 evenly"),
    "split sizes with two -1": (
        [_placeholder("x", 5, 3), _const("s", _ints(-1, -1)), _const("a", _ints(0)),
         ("y", "SplitV", ["x", "s", "a"], {"num_split": 2}, None)], "more than one -1"),
    "split sizes that do not add up": (
        [_placeholder("x", 5, 3), _const("s", _ints(1, 2)), _const("a", _ints(0)),
         ("y", "SplitV", ["x", "s", "a"], {"num_split": 2}, None)], "do not add up to its axis of 5"),
    "a slice of fewer axes": (
        [_placeholder("x", 2, 3), _const("b", _ints(0)), _const("s", _ints(1)),
         ("y", "Slice", ["x", "b", "s"], {}, None)], "not one entry for each"),
    "a slice from a negative place": (
        [_placeholder("x", 2, 3), _const("b", _ints(-1, 0)), _const("s", _ints(1, 1)),
         ("y", "Slice", ["x", "b", "s"], {}, None)], "is negative"),
    "a slice past the input": (
        [_placeholder("x", 2, 3), _const("b", _ints(1, 0)), _const("s", _ints(2, 1)),
         ("y", "Slice", ["x", "b", "s"], {}, None)], "reach past its input's shape"),
    "negative multiples": (
        [_placeholder("x", 2, 3), _const("m", _ints(1, -1)), ("y", "Tile", ["x", "m"], {}, None)],
        "not one count of 0 or more"),
    "indices of floats": (
        [_placeholder("x", 2, 3), _const("a", _ints(0)), ("y", "GatherV2", ["x", "x", "a"], {}, None)],
        "TensorFlow takes int32 or int64"),
    "a k past its axis": (
        [_placeholder("x", 2, 3), _const("k", scalar_tensor(5, "DT_INT32")), ("y", "TopKV2", ["x", "k"], {}, None)],
        "more than its input of shape"),
    "a k of a vector": (
        [_placeholder("x", 2, 3), _const("k", _ints(1, 2)), ("y", "TopKV2", ["x", "k"], {}, None)],
        "is not an integer scalar"),
    "strides of zero": (
        [_placeholder("x", 1, 4, 4, 3),
         ("y", "MaxPool", ["x"], {"ksize": [1, 2, 2, 1], "strides": [1, 0, 1, 1]}, None)], "are not 4 positive ints"),
    "a pool padded past its window": (
        [_placeholder("x", 1, 4, 4, 3), ("y", "MaxPool", ["x"], {"ksize": [1, 2, 2, 1], "strides": [1, 1, 1, 1],
         "padding": b"EXPLICIT", "explicit_paddings": [0, 0, 2, 2, 0, 0, 0, 0]}, None)], "is not less than its window"),
    "a resize to three sizes": (
        [_placeholder("x", 1, 4, 4, 3), _const("s", _ints(8, 8, 8)), ("y", "ResizeBilinear", ["x", "s"], {}, None)],
        "TensorFlow takes two"),
    "a block of one": (
        [_placeholder("x", 1, 4, 4, 3), ("y", "SpaceToDepth", ["x"], {"block_size": 1}, None)], "of 2 or more"),
    "a block that does not divide": (
        [_placeholder("x", 1, 5, 4, 3), ("y", "SpaceToDepth", ["x"], {"block_size": 2}, None)],
        "are not multiples of its block 2"),
    "channels a block does not divide": (
        [_placeholder("x", 1, 4, 4, 3), ("y", "DepthToSpace", ["x"], {"block_size": 2}, None)],
        "are not a multiple of its block 2 squared"),
    "a type attr that disagrees": (
        [_placeholder("x", 2, 3), ("y", "Relu", ["x"], {"T": "DT_DOUBLE"}, None)], "its attrs make output 0 DT_DOUBLE"),
    # The rows of tf2onnx's suite: what TensorFlow refuses, or what ONNX cannot express.
    "paddings of floats": (
        [_placeholder("x", 2, 3), ("y", "Pad", ["x", "x"], {}, None)], "TensorFlow takes an integer matrix"),
    "symmetric paddings past the input": (
        [_placeholder("x", 2, 3), _const("p", _pairs(3, 3, 0, 0)),
         ("y", "MirrorPad", ["x", "p"], {"mode": b"SYMMETRIC"}, None)], "are more than axis 0's 2 elements hold"),
    "a strided slice of computed begins of unknown length": (
        [_placeholder("x", 4, 4), _typed("b", "DT_INT32", -1), _const("e", _ints(2)), _const("s", _ints(1)),
         ("y", "StridedSlice", ["x", "b", "e", "s"], {}, None)], "has an unknown length"),
    "begin, end and strides of other lengths": (
        [_placeholder("x", 4, 4), _const("b", _ints(0, 0)), _const("e", _ints(2)), _const("s", _ints(1)),
         ("y", "StridedSlice", ["x", "b", "e", "s"], {}, None)], "have 2, 1 and 1 elements"),
    "an atan2 of integers": (
        [_const("i", _ints(1, 2)), ("y", "Atan2", ["i", "i"], {}, None)], "TensorFlow's Atan2 takes floats"),
    "an atan2 of two types": (
        [_placeholder("x", 2), _typed("d", "DT_DOUBLE", 2), ("y", "Atan2", ["x", "d"], {}, None)], "takes one type"),
    "an isnan of integers": ([_const("i", _ints(1, 2)), ("y", "IsNan", ["i"], {}, None)], "takes floats"),
    "an all of numbers": (
        [_placeholder("x", 2, 3), _const("a", _ints(0)), ("y", "All", ["x", "a"], {}, None)], "takes bools"),
    "axes of floats": (
        [_typed("b", "DT_BOOL", 2, 3), _placeholder("a", 1), ("y", "Any", ["b", "a"], {}, None)],
        "TensorFlow takes int32 or int64"),
    "a cumsum along a vector": (
        [_placeholder("x", 2, 3), _const("a", _ints(0, 1)), ("y", "Cumsum", ["x", "a"], {}, None)],
        "TensorFlow takes an integer scalar"),
    "a cumsum of bools": (
        [_typed("b", "DT_BOOL", 2), _const("a", scalar_tensor(0, "DT_INT32")), ("y", "Cumsum", ["b", "a"], {}, None)],
        "takes numbers"),
    "a clip of two types": (
        [_placeholder("x", 2), _const("i", _ints(1)), ("y", "ClipByValue", ["x", "i", "i"], {}, None)],
        "TensorFlow takes numbers of one type"),
    "a shift of floats": (
        [_placeholder("x", 2), ("y", "LeftShift", ["x", "x"], {}, None)], "TensorFlow shifts integers of one type"),
    "a determinant of a row": (
        [_placeholder("x", 2, 3), ("y", "MatrixDeterminant", ["x"], {}, None)], "takes square matrices"),
    "boundaries out of order": (
        [_placeholder("x", 3), ("y", "Bucketize", ["x"], {"boundaries": [2.0, 1.0]}, None)], "are not sorted"),
    "a reverse of an axis twice": (
        [_placeholder("x", 2, 3), _const("a", _ints(0, -2)), ("y", "ReverseV2", ["x", "a"], {}, None)],
        "name an axis twice"),
    "a reverse along floats": (
        [_placeholder("x", 2, 3), _placeholder("a", 1), ("y", "ReverseV2", ["x", "a"], {}, None)],
        "are DT_FLOAT: TensorFlow takes int32 or int64"),
    "sequences of one axis": (
        [_placeholder("x", 3), _const("n", _ints(1, 2, 3)), ("y", "ReverseSequence", ["x", "n"], {}, None)],
        "reverses sequences of rank 2 or more"),
    "a sequence and batch on one axis": (
        [_placeholder("x", 3, 2), _const("n", _ints(1, 2, 3)),
         ("y", "ReverseSequence", ["x", "n"], {"seq_dim": 1, "batch_dim": 1}, None)], "are both 1"),
    "a roll of computed axes": (
        [_placeholder("x", 3, 2), _const("n", _ints(1)), _typed("a", "DT_INT32", 1),
         ("y", "Roll", ["x", "n", "a"], {}, None)], "must be a constant the graph gives"),
    "a roll of more shifts than axes": (
        [_placeholder("x", 3, 2), _const("n", _ints(1, 2)), _const("a", _ints(0)),
         ("y", "Roll", ["x", "n", "a"], {}, None)], "not one shift for each axis"),
    "a broadcast to fewer axes": (
        [_placeholder("x", 2, 3), _const("s", _ints(3)), ("y", "BroadcastTo", ["x", "s"], {}, None)],
        "has more axes than the shape [3]"),
    "band bounds of a vector": (
        [_placeholder("x", 2, 3), _const("b", _ints(1, 2)), ("y", "MatrixBandPart", ["x", "b", "b"], {}, None)],
        "takes an integer scalar"),
    "a band of a vector": (
        [_placeholder("x", 3), _const("b", _ints(1)), _const("c", scalar_tensor(1, "DT_INT32")),
         ("y", "MatrixBandPart", ["x", "c", "c"], {}, None)], "takes matrices"),
    "coordinates past the rank": (
        [_placeholder("x", 2, 3), _const("i", _ints(0, 1, 2)), ("r", "Reshape", ["i", "s"], {}, None),
         _const("s", _ints(1, 3)), ("y", "GatherNd", ["x", "r"], {}, None)], "pick 3 axes of an input of rank 2"),
    "updates of another type": (
        [_placeholder("x", 4), _const("i", _ints(1)), _const("s", _ints(1, 1)), ("r", "Reshape", ["i", "s"], {}, None),
         _const("u", _ints(5)), ("y", "TensorScatterUpdate", ["x", "r", "u"], {}, None)], "takes one type"),
    "a Unicode lower case": (
        [_typed("s", "DT_STRING", 2), ("y", "StringLower", ["s"], {"encoding": b"utf-8"}, None)],
        "asks for Unicode's case mapping"),
    "an upper case of numbers": (
        [_placeholder("x", 2), ("y", "StringUpper", ["x"], {}, None)], "TensorFlow changes the case of strings"),
    "a ragged range of step 0": (
        [_const("a", _ints(0, 1)), _const("b", _ints(4, 5)), _const("d", _ints(1, 0)),
         ("y", "RaggedRange", ["a", "b", "d"], {"T": "DT_INT32", "Tsplits": "DT_INT64"}, None)],
        "its deltas hold a 0"),
    "a ragged gather by a matrix of indices": (
        [_typed("s", "DT_INT64", 4), _placeholder("v", 3), _typed("i", "DT_INT32", 2, 2),
         ("y", "RaggedGather", ["s", "v", "i"], {"PARAMS_RAGGED_RANK": 1, "OUTPUT_RAGGED_RANK": 2}, None)],
        "a vector of int32 or int64 indices is converted"),
    "ragged splits of two types": (
        [_typed("s", "DT_INT64", 4), _typed("t", "DT_INT32", 4), _placeholder("v", 3), _typed("i", "DT_INT32", 2),
         ("y", "RaggedGather", ["s", "t", "v", "i"], {"PARAMS_RAGGED_RANK": 2, "OUTPUT_RAGGED_RANK": 2}, None)],
        "TensorFlow takes int32 or int64 alike"),
    "an XLA update of another rank": (
        [_placeholder("x", 4, 3), _placeholder("u", 2), _const("i", _ints(0, 0)),
         ("y", "XlaDynamicUpdateSlice", ["x", "u", "i"], {}, None)], "XLA takes one rank"),
    "an XLA update larger than its input": (
        [_placeholder("x", 4, 3), _placeholder("u", 2, 5), _const("i", _ints(0, 0)),
         ("y", "XlaDynamicUpdateSlice", ["x", "u", "i"], {}, None)], "does not fit its input of shape"),
    "XLA starts of another length": (
        [_placeholder("x", 4, 3), _placeholder("u", 2, 2), _const("i", _ints(0, 0, 0)),
         ("y", "XlaDynamicUpdateSlice", ["x", "u", "i"], {}, None)], "XLA takes one per axis"),
    "XLA slice sizes past the input": (
        [_placeholder("x", 4, 3), _const("i", _ints(0, 0)), _const("n", _ints(2, 4)),
         ("y", "XlaDynamicSlice", ["x", "i", "n"], {}, None)], "do not fit its input"),
    "a scatter of bools": (
        [_const("i", _ints(1)), _const("s", _ints(1, 1)), ("r", "Reshape", ["i", "s"], {}, None),
         _typed("u", "DT_BOOL", 1), _const("d", _ints(4)), ("y", "ScatterNd", ["r", "u", "d"], {}, None)],
        "is not what TensorFlow takes"),
    "a where of strings": (
        [_const("w", _strings("a", "")), ("y", "Where", ["w"], {}, None)], "a Where of strings"),
    "one-hot of floats": (
        [_placeholder("x", 3), _const("d", scalar_tensor(3, "DT_INT32")), _const("o", _floats()),
         ("y", "OneHot", ["x", "d", "o", "o"], {}, None)], "TensorFlow takes integers"),
    "one-hot on an axis past its places": (
        [_const("i", _ints(0, 1)), _const("d", scalar_tensor(3, "DT_INT32")), _const("o", _floats()),
         ("y", "OneHot", ["i", "d", "o", "o"], {"axis": 3}, None)], "outside the 2 places"),
    "unique of a matrix": (
        [_placeholder("x", 2, 2), ("y", "Unique", ["x"], {}, None)], "takes a vector"),
    "an inverse of no permutation": (
        [_const("p", _ints(0, 0, 2)), ("y", "InvertPermutation", ["p"], {}, None)], "is not a permutation"),
    "a space-to-batch of a computed block": (
        [_placeholder("x", 1, 4, 4, 1), _typed("b", "DT_INT32", 2), _const("p", _ints(0, 0, 0, 0)),
         ("y", "SpaceToBatchND", ["x", "b", "p"], {}, None)], "must be a constant the graph gives"),
    "a space-to-batch a block does not divide": (
        [_placeholder("x", 1, 5, 4, 1), _const("b", _ints(2, 2)), _const("p", _ints(0, 0, 0, 0)),
         ("y", "SpaceToBatchND", ["x", "b", "p"], {}, None)], "are not multiples of its block [2, 2]"),
    "crops past the dims": (
        [_placeholder("x", 4, 2, 2, 1), _const("b", _ints(2, 2)), _const("c", _ints(3, 3, 0, 0)),
         ("y", "BatchToSpaceND", ["x", "b", "c"], {}, None)], "are more than its spatial dims [4, 4] hold"),
    "a batch a block does not divide": (
        [_placeholder("x", 3, 2, 2, 1), _const("b", _ints(2, 2)), _const("c", _ints(0, 0, 0, 0)),
         ("y", "BatchToSpaceND", ["x", "b", "c"], {}, None)], "is not a multiple of its block's 4"),
    "an lrn of a matrix": ([_placeholder("x", 2, 3), ("y", "LRN", ["x"], {}, None)], "takes 4-D floats"),
    "a contrast of a row": (
        [_placeholder("x", 3), _const("f", _floats()), ("y", "AdjustContrastv2", ["x", "f"], {}, None)],
        "rank 3 or more"),
    "random integers": (
        [_const("s", _ints(2)), ("y", "RandomUniform", ["s"], {"dtype": "DT_INT32"}, None)], "not a float type"),
    "random integers of an empty range": (
        [_const("s", _ints(2)), _const("a", scalar_tensor(5, "DT_INT32")), _const("b", scalar_tensor(3, "DT_INT32")),
         ("y", "RandomUniformInt", ["s", "a", "b"], {"Tout": "DT_INT32"}, None)], "is not below its maxval"),
    "samples of a computed count": (
        [_placeholder("x", 2, 3), _typed("n", "DT_INT32"), ("y", "Multinomial", ["x", "n"], {}, None)],
        "must be a count the graph gives"),
    "a complex value where no complex op reads it": (
        [_placeholder("x", 2), ("c", "Complex", ["x", "x"], {}, None), ("y", "Cos", ["c"], {}, None)],
        "its input 'c:0' is DT_COMPLEX64, which onnxruntime has no tensors of"),
    "a transform of a real value": (
        [_placeholder("x", 2), ("y", "FFT", ["x"], {}, None)], "TensorFlow's FFT takes complex values"),
    "fft lengths of another count": (
        [_placeholder("x", 2, 4), _const("n", _ints(4, 4)), ("y", "RFFT", ["x", "n"], {}, None)],
        "is not 1 lengths"),
    "parts of two types": (
        [_placeholder("x", 2), _typed("d", "DT_DOUBLE", 2), ("y", "Complex", ["x", "d"], {}, None)],
        "TensorFlow takes float or double alike"),
    "a partition of too many outputs": (
        [_placeholder("x", 4), _const("p", _ints(0, 1, 0, 1)),
         ("y", "DynamicPartition", ["x", "p"], {"num_partitions": 100000}, None)], "one output per partition"),
    "a running product of too many steps": (
        [_placeholder("x", 5000), _const("a", scalar_tensor(0, "DT_INT32")), ("y", "Cumprod", ["x", "a"], {}, None)],
        "more than the 4,096 the conversion makes"),
    "area weights past the limit": (
        [_placeholder("x", 1, 5000, 5000, 1), _const("s", _ints(5000, 5000)),
         ("y", "ResizeArea", ["x", "s"], {}, None)], "area weights of 25,000,000"),
    "an axis outside the input": (
        [_placeholder("x", 2, 3), _const("a", _ints(2)), ("y", "ArgMax", ["x", "a"], {}, None)],
        "its axis 2 is outside its input's 2 axes"),
    # The rows of tf2onnx's suite, more of what TensorFlow refuses or ONNX cannot express.
    "an rfft of integers": (
        [_typed("x", "DT_INT32", 4), _const("n", _ints(4)), ("y", "RFFT", ["x", "n"], {}, None)],
        "takes float or double"),
    "a 2-D transform of a vector": (
        [_placeholder("x", 4), _const("n", _ints(4, 4)), ("y", "RFFT2D", ["x", "n"], {}, None)],
        "transforms its last 2 axes"),
    "a 2-D complex transform of a vector": (
        [_placeholder("x", 4), ("c", "Complex", ["x", "x"], {}, None), ("y", "FFT2D", ["c"], {}, None)],
        "transforms its last 2 axes"),
    "strings cast to complex": (
        [_const("w", _strings("a")), ("y", "Cast", ["w"], {"DstT": "DT_COMPLEX64"}, None)], "strings to complex"),
    "a sum of complex and real": (
        [_placeholder("x", 2), ("c", "Complex", ["x", "x"], {}, None), ("y", "AddV2", ["c", "x"], {}, None)],
        "takes one type"),
    "boxes of one axis": (
        [_placeholder("b", 4), _placeholder("s", 4), _const("n", scalar_tensor(2, "DT_INT32")),
         _const("t", scalar_tensor(0.5, "DT_FLOAT")), ("y", "NonMaxSuppressionV2", ["b", "s", "n", "t"], {}, None)],
        "TensorFlow takes [boxes, 4] and [boxes]"),
    "a soft nms": (
        [_placeholder("b", 4, 4), _placeholder("s", 4), _const("n", scalar_tensor(2, "DT_INT32")),
         *(_const(k, scalar_tensor(0.5, "DT_FLOAT")) for k in "tfg"),
         ("y", "NonMaxSuppressionV5", ["b", "s", "n", "t", "f", "g"], {}, None)], "a soft NMS has no ONNX form"),
    "combined boxes of three axes": (
        [_placeholder("b", 2, 4, 4), _placeholder("s", 2, 4, 3), _const("n", scalar_tensor(2, "DT_INT32")),
         *(_const(k, scalar_tensor(0.5, "DT_FLOAT")) for k in "mtf"),
         ("y", "CombinedNonMaxSuppression", ["b", "s", "n", "n", "t", "f"], {}, None)], "[batch, boxes, q, 4]"),
    "combined boxes of each class": (
        [_placeholder("b", 2, 4, 3, 4), _placeholder("s", 2, 4, 3), _const("n", scalar_tensor(2, "DT_INT32")),
         *(_const(k, scalar_tensor(0.5, "DT_FLOAT")) for k in "tf"),
         ("y", "CombinedNonMaxSuppression", ["b", "s", "n", "n", "t", "f"], {}, None)], "shared by every class"),
    "a crop of a 3-D image": (
        [_placeholder("x", 4, 4, 3), _placeholder("b", 1, 4), _const("i", _ints(0)), _const("c", _ints(2, 2)),
         ("y", "CropAndResize", ["x", "b", "i", "c"], {}, None)], "TensorFlow takes [batch, height, width, depth]"),
    "a crop of boxes of 3 corners": (
        [_placeholder("x", 1, 4, 4, 3), _placeholder("b", 1, 3), _const("i", _ints(0)), _const("c", _ints(2, 2)),
         ("y", "CropAndResize", ["x", "b", "i", "c"], {}, None)], "its boxes [1, 3], box_ind [1] and crop_size [2]"),
    "a crop of one size for three dims": (
        [_placeholder("x", 1, 4, 4, 3), _placeholder("b", 1, 4), _const("i", _ints(0)), _const("c", _ints(2, 2, 2)),
         ("y", "CropAndResize", ["x", "b", "i", "c"], {}, None)], "crop_size [3] are not [boxes, 4]"),
    "a crop of more box indices than boxes": (
        [_placeholder("x", 1, 4, 4, 3), _placeholder("b", 1, 4), _const("i", _ints(0, 0)), _const("c", _ints(2, 2)),
         ("y", "CropAndResize", ["x", "b", "i", "c"], {}, None)], "box_ind [2]"),
    "a crop by another method": (
        [_placeholder("x", 1, 4, 4, 3), _placeholder("b", 1, 4), _const("i", _ints(0)), _const("c", _ints(2, 2)),
         ("y", "CropAndResize", ["x", "b", "i", "c"], {"method": b"bicubic"}, None)], "is not bilinear or nearest"),
    "a ctc decoder of a matrix": (
        [_placeholder("x", 3, 4), _const("n", _ints(3, 3, 3)), ("y", "CTCGreedyDecoder", ["x", "n"], {}, None)],
        "takes [time, batch, classes]"),
    "a ctc decoder of integers": (
        [_typed("x", "DT_INT32", 3, 2, 4), _const("n", _ints(3, 3)), ("y", "CTCGreedyDecoder", ["x", "n"], {}, None)],
        "TensorFlow takes float or double"),
    "diagonals upside down": (
        [_placeholder("x", 3, 3), _const("k", _ints(2, 1)), _const("p", _floats()),
         ("y", "MatrixDiagPartV2", ["x", "k", "p"], {}, None)], "lower diagonal above its upper one"),
    "diagonals a matrix does not have": (
        [_placeholder("x", 3, 3), _const("k", _ints(5, 5)), _const("p", _floats()),
         ("y", "MatrixDiagPartV2", ["x", "k", "p"], {}, None)], "a 3x3 matrix does not have"),
    "a k of floats": (
        [_placeholder("x", 3, 3), _placeholder("k", 1), _const("p", _floats()),
         ("y", "MatrixDiagPartV2", ["x", "k", "p"], {}, None)], "TensorFlow takes int32"),
    "a k of three": (
        [_placeholder("x", 3, 3), _const("k", _ints(0, 1, 2)), _const("p", _floats()),
         ("y", "MatrixDiagPartV2", ["x", "k", "p"], {}, None)], "is not one or two diagonals"),
    "an align TensorFlow lacks": (
        [_placeholder("x", 3, 3), _const("k", _ints(0)), _const("p", _floats()),
         ("y", "MatrixDiagPartV3", ["x", "k", "p"], {"align": b"MIDDLE"}, None)], "is not one TensorFlow has"),
    "a band of a vector's diagonals": (
        [_placeholder("x", 3), _const("k", _ints(0, 1)), _const("r", scalar_tensor(-1, "DT_INT32")),
         _const("p", _floats()), ("y", "MatrixDiagV2", ["x", "k", "r", "r", "p"], {}, None)],
        "the length of its diagonals must be known"),
    "diagonals of another count": (
        [_placeholder("x", 2, 3), _const("k", _ints(0, 2)), _const("r", scalar_tensor(-1, "DT_INT32")),
         _const("p", _floats()), ("y", "MatrixDiagV2", ["x", "k", "r", "r", "p"], {}, None)],
        "not the 3 diagonals of its k"),
    "too few rows for the diagonals": (
        [_placeholder("x", 3), _const("k", _ints(0)), _const("r", scalar_tensor(1, "DT_INT32")),
         _const("c", scalar_tensor(-1, "DT_INT32")), _const("p", _floats()),
         ("y", "MatrixDiagV2", ["x", "k", "r", "c", "p"], {}, None)], "do not hold diagonals"),
    "a set diagonal of another type": (
        [_placeholder("x", 3, 3), _typed("d", "DT_DOUBLE", 3), ("y", "MatrixSetDiag", ["x", "d"], {}, None)],
        "TensorFlow takes one type"),
    "computed diagonals of floats": (
        [_placeholder("x", -1, -1), _placeholder("k", 1), _const("p", _floats()),
         ("y", "MatrixDiagPartV2", ["x", "k", "p"], {}, None)], "TensorFlow takes int32"),
    "a diagonal part of a vector": (
        [_placeholder("x", -1), ("y", "MatrixDiagPart", ["x"], {}, None)], "TensorFlow takes matrices"),
    "a set diagonal of a vector": (
        [_placeholder("x", -1), _placeholder("d", -1), ("y", "MatrixSetDiag", ["x", "d"], {}, None)],
        "TensorFlow takes matrices"),
    "a sum of strings": (
        [_const("w", _strings("a")), ("y", "AddV2", ["w", "w"], {}, None)], "which ONNX's Add does not take"),
    "a cast to no dtype": ([_placeholder("x", 2), ("y", "Cast", ["x"], {"DstT": 3}, None)], "is not a dtype"),
    "a computed filter padded explicitly": (
        [_placeholder("x", 1, 4, 4, 3), _placeholder("w", -1, -1, 3, 2),
         ("y", "Conv2D", ["x", "w"], {"padding": b"EXPLICIT"}, None)], "needs the filter's shape known"),
    "a transposed convolution of a computed filter": (
        [_placeholder("x", 1, 4, 4, 2), _const("s", _ints(1, 8, 8, 3)), _placeholder("w", -1, 3, 3, 2),
         ("y", "Conv2DBackpropInput", ["s", "w", "x"], {}, None)], "filter's shape and its input's rank"),
    "input sizes of three": (
        [_placeholder("x", 1, 4, 4, 2), _const("s", _ints(1, 8, 8)), _const("w", _floats(3, 3, 3, 2)),
         ("y", "Conv2DBackpropInput", ["s", "w", "x"], {}, None)], "have 3 elements, not 4"),
    "a resize of a 3-D image": (
        [_placeholder("x", 4, 4, 3), _const("s", _ints(8, 8)), ("y", "ResizeBilinear", ["x", "s"], {}, None)],
        "only 4-D images are resized"),
    "an lrn of a negative radius": (
        [_placeholder("x", 1, 4, 4, 3), ("y", "LRN", ["x"], {"depth_radius": -1}, None)], "is not a count"),
    "computed paddings of floats": (
        [_placeholder("x", 1, 4, 4, 1), _const("b", _ints(2, 2)), _placeholder("p", 2, 2),
         ("y", "SpaceToBatchND", ["x", "b", "p"], {}, None)], "are not an integer matrix"),
    "a block of nothing": (
        [_placeholder("x", 1, 4, 4, 1), _const("b", _ints(0)), _typed("p", "DT_INT32", 1, 2),
         ("y", "SpaceToBatchND", ["x", "b", "p"], {}, None)], "is not a positive size"),
    "paddings of one edge": (
        [_placeholder("x", 1, 4, 4, 1), _const("b", _ints(2, 2)), _const("p", _ints(0, 0)),
         ("y", "SpaceToBatchND", ["x", "b", "p"], {}, None)], "two edges for each"),
    "negative paddings": (
        [_placeholder("x", 1, 4, 4, 1), _const("b", _ints(2, 2)), _const("p", _pairs(-2, 0, 0, 0)),
         ("y", "SpaceToBatchND", ["x", "b", "p"], {}, None)], "are negative"),
    "an argmax pool of a matrix": (
        [_placeholder("x", 4, 4), ("y", "MaxPoolWithArgmax", ["x"], {"ksize": [1, 2, 2, 1], "strides": [1, 2, 2, 1]},
                                   None)], "is not 4-D"),
    "a shift of two types": (
        [_typed("a", "DT_INT32", 2), _typed("b", "DT_INT64", 2), ("y", "RightShift", ["a", "b"], {}, None)],
        "TensorFlow shifts integers of one type"),
    "buckets of strings": (
        [_const("w", _strings("a")), ("y", "Bucketize", ["w"], {"boundaries": [1.0]}, None)], "takes numbers"),
    "a running product of bools": (
        [_typed("b", "DT_BOOL", 3), _const("a", scalar_tensor(0, "DT_INT32")), ("y", "Cumprod", ["b", "a"], {}, None)],
        "takes numbers"),
    "a running product along a computed axis": (
        [_placeholder("x", 3), _typed("a", "DT_INT32"), ("y", "Cumprod", ["x", "a"], {}, None)],
        "must be a constant the graph gives"),
    "a running product along an unknown axis": (
        [_placeholder("x", -1), _const("a", scalar_tensor(0, "DT_INT32")), ("y", "Cumprod", ["x", "a"], {}, None)],
        "has an unknown size"),
    "a bincount of floats": (
        [_placeholder("x", 3), _const("n", scalar_tensor(4, "DT_INT32")), _placeholder("w", 0),
         ("y", "DenseBincount", ["x", "n", "w"], {}, None)], "TensorFlow takes int32 or int64 values"),
    "a bincount of a cube": (
        [_typed("x", "DT_INT32", 2, 2, 2), _const("n", scalar_tensor(4, "DT_INT32")), _placeholder("w", 0),
         ("y", "DenseBincount", ["x", "n", "w"], {}, None)], "counts a vector or the rows of a matrix"),
    "bincount weights of another shape": (
        [_typed("x", "DT_INT32", 3), _const("n", scalar_tensor(4, "DT_INT32")), _placeholder("w", 2),
         ("y", "DenseBincount", ["x", "n", "w"], {}, None)], "TensorFlow takes none ([0]) or the input's"),
    "a sum of bools": (
        [_typed("b", "DT_BOOL", 2, 3), _const("a", _ints(0)), ("y", "Sum", ["b", "a"], {}, None)],
        "TensorFlow's Sum takes numbers"),
    "a diagonal of another shape than the band": (
        [_placeholder("x", 2, 3, 3), _placeholder("d", 3, 3), _const("k", _ints(0)),
         ("y", "MatrixSetDiagV3", ["x", "d", "k"], {}, None)], "where its input's band of k [0, 0] is [2, 3]"),
    "an lrn of a beta of 0": (
        [_placeholder("x", 1, 4, 4, 3), ("y", "LRN", ["x"], {"beta": 0.0}, None)], "not both above 0"),
    "a hue of a row": (
        [_placeholder("x", 3), _const("d", _floats()), ("y", "AdjustHue", ["x", "d"], {}, None)],
        "float32 images of rank 3 or more"),
    "combined scores of bfloat16": (
        [_placeholder("b", 2, 4, 1, 4), _typed("s", "DT_BFLOAT16", 2, 4, 3), _const("n", scalar_tensor(2, "DT_INT32")),
         *(_const(k, scalar_tensor(0.5, "DT_FLOAT")) for k in "tf"),
         ("y", "CombinedNonMaxSuppression", ["b", "s", "n", "n", "t", "f"], {}, None)], "TensorFlow takes float32"),
    "computed slice bounds of other lengths": (
        [_placeholder("x", 4, 4), _typed("b", "DT_INT32", 2), _const("s", _ints(1, 1, 1)),
         ("y", "Slice", ["x", "b", "s"], {}, None)], "not one entry for each of its input's 2 axes"),
    "an inverse of rows": (
        [_placeholder("x", 2, 3), ("y", "MatrixInverse", ["x"], {}, None)], "square matrices of known size"),
    "a quantize of integers": (
        [_const("i", _ints(1, 2)), _const("a", _floats()), ("y", "QuantizeAndDequantizeV2", ["i", "a", "a"], {}, None)],
        "TensorFlow quantizes floats"),
    "a computed count of bits": (
        [_placeholder("x", 3), _const("a", _floats()), _typed("n", "DT_INT32"),
         ("y", "QuantizeAndDequantizeV3", ["x", "a", "a", "n"], {}, None)], "must be a constant the graph gives"),
    "bits past the count": (
        [_placeholder("x", 3), _const("a", _floats()),
         ("y", "QuantizeAndDequantizeV2", ["x", "a", "a"], {"num_bits": 99}, None)], "is not a count of bits"),
    "a given range computed": (
        [_placeholder("x", 3), _placeholder("a"), ("y", "QuantizeAndDequantizeV2", ["x", "a", "a"],
                                                  {"range_given": True}, None)], "range_given"),
    "a given range per channel": (
        [_placeholder("x", 3, 2), _const("a", _floats(2)),
         ("y", "QuantizeAndDequantizeV4", ["x", "a", "a"], {"range_given": True, "axis": 1}, None)],
        "a given range per channel"),
    "a given range of vectors": (
        [_placeholder("x", 3, 2), _const("a", _floats(2)),
         ("y", "QuantizeAndDequantizeV2", ["x", "a", "a"], {"range_given": True}, None)], "TensorFlow takes scalars"),
    "a fake quantization of integers": (
        [_const("i", _ints(1, 2)), ("y", "FakeQuantWithMinMaxArgs", ["i"], {}, None)], "fake-quantizes float32"),
    "a fake quantization of 40 bits": (
        [_placeholder("x", 3), ("y", "FakeQuantWithMinMaxArgs", ["x"], {"num_bits": 40}, None)], "is not 2 to 16"),
    "computed fake quantization bounds": (
        [_placeholder("x", 3), _placeholder("a"), ("y", "FakeQuantWithMinMaxVars", ["x", "a", "a"], {}, None)],
        "must be constants the graph gives"),
    "per channel bounds of another count": (
        [_placeholder("x", 2, 3), _const("a", _floats(2)),
         ("y", "FakeQuantWithMinMaxVarsPerChannel", ["x", "a", "a"], {}, None)], "values for its input of shape"),
    "fake quantization bounds upside down": (
        [_placeholder("x", 3), ("y", "FakeQuantWithMinMaxArgs", ["x"], {"min": 2.0, "max": 1.0}, None)],
        "is not below its max"),
    "a ragged range of strings": (
        [_const("w", _strings("a")), ("y", "RaggedRange", ["w", "w", "w"], {}, None)], "TensorFlow takes int32"),
    "a ragged range of matrices": (
        [_placeholder("x", 2, 2), ("y", "RaggedRange", ["x", "x", "x"], {}, None)], "takes scalars or vectors"),
    "ragged splits of floats": (
        [_placeholder("x", 2), ("y", "RaggedRange", ["x", "x", "x"], {"Tsplits": "DT_FLOAT"}, None)],
        "is not int32 or int64"),
    "ragged rows of two ragged dimensions encoded": (
        [_const("s", _ints(0, 1, 2)), _const("t", _ints(0, 1, 3)), _placeholder("v", 3),
         ("y", "RaggedTensorToVariant", ["s", "t", "v"], {"batched_input": True, "RAGGED_RANK": 2}, None)],
        "a ragged tensor of 2 ragged dimension(s)"),
    "a ragged tensor encoded whole": (
        [_const("s", _ints(0, 1, 3)), _placeholder("v", 3),
         ("y", "RaggedTensorToVariant", ["s", "v"], {"batched_input": False, "RAGGED_RANK": 1}, None)],
        "of 1 ragged dimension(s) whole"),
    "ragged rows of float splits": (
        [_const("s", _floats()), _placeholder("v", 3),
         ("y", "RaggedTensorToVariant", ["s", "v"], {"batched_input": True, "RAGGED_RANK": 1}, None)],
        "TensorFlow takes a vector of int32 or int64"),
    "ragged rows decoded into two ragged dimensions": (
        [_const("s", _ints(0, 1, 3)), _placeholder("v", 3),
         ("r", "RaggedTensorToVariant", ["s", "v"], {"batched_input": True, "RAGGED_RANK": 1}, None),
         ("y", "RaggedTensorFromVariant", ["r"], {"Tvalues": "DT_FLOAT", "input_ragged_rank": 1,
          "output_ragged_rank": 2}, None)], "decodes rows of ragged rank 1 into ragged rank 2"),
    "ragged rows decoded as another type": (
        [_const("s", _ints(0, 1, 3)), _placeholder("v", 3),
         ("r", "RaggedTensorToVariant", ["s", "v"], {"batched_input": True, "RAGGED_RANK": 1}, None),
         ("y", "RaggedTensorFromVariant", ["r"], {"Tvalues": "DT_INT32", "output_ragged_rank": 1}, None)],
        "the conversion decodes what tf.map_fn writes"),
    "ragged rows decoded with float splits": (
        [_placeholder("v", 3), ("y", "RaggedTensorFromVariant", ["v"], {"Tvalues": "DT_FLOAT", "Tsplits": "DT_FLOAT"},
         None)], "its Tsplits 'DT_FLOAT' is not int32 or int64"),
    "a list of variants no ragged op fills": (
        [_const("e", _ints()), _const("n", scalar_tensor(2, "DT_INT32")),
         ("y", "TensorListReserve", ["e", "n"], {"element_dtype": "DT_VARIANT", "shape_type": "DT_INT32"}, None)],
        "no ragged op encodes or decodes what it holds"),
    "ragged values of a matrix to sparse": (
        [_const("s", _ints(0, 1, 2)), _placeholder("v", 2, 2), ("y", "RaggedTensorToSparse", ["s", "v"], {}, None)],
        "flat values of rank 1"),
    "ragged partitions of no type": (
        [_const("d", _ints(-1)), _placeholder("v", 3), _const("f", _floats()), _const("s", _ints(0, 1, 3)),
         ("y", "RaggedTensorToTensor", ["d", "v", "f", "s"], {}, None)], "not one for each"),
    "ragged partitions of another kind": (
        [_const("d", _ints(-1)), _placeholder("v", 3), _const("f", _floats()), _const("s", _ints(0, 1, 3)),
         ("y", "RaggedTensorToTensor", ["d", "v", "f", "s"], {"row_partition_types": [b"VALUE_ROWIDS"]}, None)],
        "are not ROW_SPLITS"),
    "random integers of floats": (
        [_const("s", _ints(2)), _const("a", _floats()), ("y", "RandomUniformInt", ["s", "a", "a"], {}, None)],
        "TensorFlow takes int32 or int64 alike"),
    "random integers between vectors": (
        [_const("s", _ints(2)), _const("a", _ints(1, 2)), ("y", "RandomUniformInt", ["s", "a", "a"], {}, None)],
        "TensorFlow takes scalars"),
    "samples of integers": (
        [_const("x", _ints(1, 2)), _const("n", scalar_tensor(2, "DT_INT32")),
         ("y", "Multinomial", ["x", "n"], {}, None)], "a matrix of floats"),
    "samples of floats": (
        [_placeholder("x", 2, 3), _const("n", scalar_tensor(2, "DT_INT32")),
         ("y", "Multinomial", ["x", "n"], {"output_dtype": "DT_FLOAT"}, None)], "is not int32 or int64"),
    "a random crop of a float image size": (
        [_placeholder("z", 3), _placeholder("b", 1, 2, 4), _const("c", scalar_tensor(0.5, "DT_FLOAT")),
         ("y", "SampleDistortedBoundingBoxV2", ["z", "b", "c"], {"area_range": [0.1, 1.0],
          "aspect_ratio_range": [0.5, 2.0]}, None)], "[height, width, channels] of an integer type"),
    "a random crop of boxes of three coordinates": (
        [_typed("z", "DT_INT32", 3), _placeholder("b", 1, 2, 3), _const("c", scalar_tensor(0.5, "DT_FLOAT")),
         ("y", "SampleDistortedBoundingBoxV2", ["z", "b", "c"], {"area_range": [0.1, 1.0],
          "aspect_ratio_range": [0.5, 2.0]}, None)], "float boxes [batch, boxes, 4]"),
    "a random crop of an integer cover": (
        [_typed("z", "DT_INT32", 3), _placeholder("b", 1, 2, 4), _const("c", _ints(1)),
         ("y", "SampleDistortedBoundingBoxV2", ["z", "b", "c"], {"area_range": [0.1, 1.0],
          "aspect_ratio_range": [0.5, 2.0]}, None)], "TensorFlow takes a float scalar"),
    "a random crop of no attempts": (
        [_typed("z", "DT_INT32", 3), _placeholder("b", 1, 2, 4),
         ("y", "SampleDistortedBoundingBox", ["z", "b"], {"area_range": [0.1, 1.0], "max_attempts": 0,
          "aspect_ratio_range": [0.5, 2.0]}, None)], "its max_attempts is 0"),
    "a random crop larger than the image": (
        [_typed("z", "DT_INT32", 3), _placeholder("b", 1, 2, 4),
         ("y", "SampleDistortedBoundingBox", ["z", "b"], {"area_range": [0.1, 1.5],
          "aspect_ratio_range": [0.5, 2.0]}, None)], "above 0 and at most 1"),
    "a random crop of one aspect ratio": (
        [_typed("z", "DT_INT32", 3), _placeholder("b", 1, 2, 4),
         ("y", "SampleDistortedBoundingBox", ["z", "b"], {"area_range": [0.1, 1.0],
          "aspect_ratio_range": [0.5]}, None)], "takes two floats"),
    "a random crop of a cover of text": (
        [_typed("z", "DT_INT32", 3), _placeholder("b", 1, 2, 4),
         ("y", "SampleDistortedBoundingBox", ["z", "b"], {"area_range": [0.1, 1.0], "min_object_covered": b"all",
          "aspect_ratio_range": [0.5, 2.0]}, None)], "its min_object_covered is b'all'"),
    "segment indices of floats": (
        [_placeholder("x", 3, 2), _placeholder("i", 3), _const("s", _ints(0, 0, 1)),
         ("y", "SparseSegmentSum", ["x", "i", "s"], {}, None)], "a vector of int32 or int64"),
    "sorted segment ids of a matrix": (
        [_placeholder("x", 2, 2), _const("s", _pairs(0, 0, 1, 1)), ("y", "SegmentSum", ["x", "s"], {}, None)],
        "a vector for a sorted segment op"),
    "a segment mean of integers": (
        [_typed("x", "DT_INT32", 3), _const("s", _ints(0, 0, 1)), ("y", "SegmentMean", ["x", "s"], {}, None)],
        "which TensorFlow's SegmentMean does not take"),
    "segment ids past the data's rank": (
        [_placeholder("x", 3), _const("s", _pairs(0, 0, 1, 1, 2, 2)), _const("n", scalar_tensor(3, "DT_INT32")),
         ("y", "UnsortedSegmentSum", ["x", "s", "n"], {}, None)], "less than its segment ids' 2"),
    "a count of segments of floats": (
        [_placeholder("x", 3), _const("s", _ints(0, 0, 1)), _const("n", _floats()),
         ("y", "UnsortedSegmentSum", ["x", "s", "n"], {}, None)], "TensorFlow takes an integer scalar"),
    "text of floats": ([_placeholder("x", 2), ("y", "AsString", ["x"], {}, None)], "with %f"),
    "text padded": (
        [_const("i", _ints(1, 2)), ("y", "AsString", ["i"], {"width": 5}, None)], "which no ONNX op does"),
    "numbers read from numbers": (
        [_placeholder("x", 2), ("y", "StringToNumber", ["x"], {}, None)], "TensorFlow reads strings"),
    "numbers read as bools": (
        [_const("w", _strings("1")), ("y", "StringToNumber", ["w"], {"out_type": "DT_BOOL"}, None)],
        "is not float, double, int32 or int64"),
    "a band of strings": (
        [_const("w", _strings("a", "b", "c", "d")), _const("s", _ints(2, 2)), ("m", "Reshape", ["w", "s"], {}, None),
         _const("b", scalar_tensor(1, "DT_INT32")), ("y", "MatrixBandPart", ["m", "b", "b"], {}, None)],
        "a band of strings"),
    "a scatter max of unknown rank below 18": (
        [_placeholder("x", 6), _typed("d", "DT_INT32", -1), ("t", "Reshape", ["x", "d"], {}, None),
         _const("i", _ints(1)), _const("s", _ints(1, 1)), ("r", "Reshape", ["i", "s"], {}, None),
         _placeholder("u", 1, 3), ("y", "TensorScatterMax", ["t", "r", "u"], {}, None)], "needs its tensor's rank"),
    "one-hot of a depth of floats": (
        [_const("i", _ints(0, 1)), _const("d", _floats()), _const("o", _floats()),
         ("y", "OneHot", ["i", "d", "o", "o"], {}, None)], "is not an int32 scalar"),
    "unique indices of floats": (
        [_placeholder("x", 3), ("y", "Unique", ["x"], {"out_idx": "DT_FLOAT"}, None)], "is not int32 or int64"),
    "an inverse of floats": (
        [_placeholder("x", 3), ("y", "InvertPermutation", ["x"], {}, None)], "a vector of int32 or int64"),
    "a default of a vector": (
        [_const("i", _ints(0, 2)), _const("s", _ints(4)), _const("v", _floats(2)), _const("d", _floats(2)),
         ("y", "SparseToDense", ["i", "s", "v", "d"], {}, None)], "TensorFlow takes a scalar of the values' type"),
    "stitch indices and data of other counts": (
        [_const("i", _ints(0)), _placeholder("x", 1), _placeholder("z", 1),
         ("y", "DynamicStitch", ["i", "x", "z"], {}, None)], "are not as many"),
    "partitions of int64": (
        [_placeholder("x", 3), _const("p", _ints64(0, 1, 0)),
         ("y", "DynamicPartition", ["x", "p"], {"num_partitions": 2}, None)], "TensorFlow takes int32"),
    "a partition into nothing": (
        [_placeholder("x", 3), _const("p", _ints(0, 1, 0)),
         ("y", "DynamicPartition", ["x", "p"], {"num_partitions": 0}, None)], "is not a count of 1 or more"),
    "a sparse reshape of int32": (
        [_const("i", _pairs(0, 1)), _const("s", _ints(2, 2)), ("y", "SparseReshape", ["i", "s", "s"], {}, None)],
        "TensorFlow takes int64"),
    "a sparse reshape of a matrix as its shape": (
        [_const("i", _tensor64((1, 2), [0, 1])), _const("s", _ints64(2, 2)),
         _const("m", _tensor64((2, 2), [2, 2, 2, 2])), ("y", "SparseReshape", ["i", "s", "m"], {}, None)],
        "TensorFlow takes a matrix and two vectors"),
    "a sparse reshape of indices of another rank": (
        [_const("i", _tensor64((1, 3), [0, 1, 0])), _const("s", _ints64(2, 2)),
         ("y", "SparseReshape", ["i", "s", "s"], {}, None)], "3 column(s) for a shape of 2 dim(s)"),
    "a set operation TensorFlow lacks": (
        [_const("a", _pairs(1, 2)), ("y", "DenseToDenseSetOperation", ["a", "a"], {"set_operation": b"xor"}, None)],
        "is not a-b, b-a"),
    "sets of floats": (
        [_placeholder("a", 2, 2), ("y", "DenseToDenseSetOperation", ["a", "a"], {"set_operation": b"union"}, None)],
        "sets of int32 or int64"),
    "empty rows of int32 indices": (
        [_const("i", _pairs(0, 1)), _placeholder("v", 1), _const("s", _ints(2, 2)), _const("d", _floats()),
         ("y", "SparseFillEmptyRows", ["i", "v", "s", "d"], {}, None)], "TensorFlow takes int64 and one"),
    "a 3-D convolution of a matrix": (
        [_placeholder("x", 2, 3), _const("w", _floats(1, 1, 1, 3, 2)), ("y", "Conv3D", ["x", "w"], {}, None)],
        "are not 5-D"),
    "a 3-D convolution of a computed filter": (
        [_placeholder("x", 1, 2, 2, 2, 3), _placeholder("w", -1, 1, 1, 3, 2), ("y", "Conv3D", ["x", "w"], {}, None)],
        "its filter's shape must be known"),
    "a 3-D pool of a matrix": (
        [_placeholder("x", 2, 3), ("y", "MaxPool3D", ["x"], {"ksize": [1] * 5, "strides": [1] * 5}, None)],
        "is not 5-D"),
    "a 3-D pool without its window": (
        [_placeholder("x", 1, 2, 2, 2, 3), ("y", "AvgPool3D", ["x"], {"strides": [1] * 5}, None)], "no ksize"),
    "a 3-D transposed convolution of a computed filter": (
        [_const("s", _ints(1, 4, 4, 4, 3)), _placeholder("w", -1, 2, 2, 3, 2), _placeholder("x", 1, 2, 2, 2, 2),
         ("y", "Conv3DBackpropInputV2", ["s", "w", "x"], {}, None)], "its filter's shape must be known"),
    "a 3-D transposed convolution padded explicitly": (
        [_const("s", _ints(1, 4, 4, 4, 3)), _const("w", _floats(2, 2, 2, 3, 2)), _placeholder("x", 1, 2, 2, 2, 2),
         ("y", "Conv3DBackpropInputV2", ["s", "w", "x"], {"padding": b"EXPLICIT"}, None)], "is not converted"),
    "3-D strides of four": (
        [_placeholder("x", 1, 2, 2, 2, 3), ("y", "MaxPool3D", ["x"], {"ksize": [1] * 5, "strides": [1] * 4}, None)],
        "are not 5 positive ints"),
    "reduction axes computed as floats": (
        [_placeholder("x", 2, 3), _placeholder("a", 1), ("y", "Sum", ["x", "a"], {"T": "DT_FLOAT"}, None)],
        "its axes 'a:0' are DT_FLOAT: TensorFlow takes int32 or int64"),
    "an axis to expand computed as a float": (
        [_placeholder("x", 2, 3), _placeholder("a"), ("y", "ExpandDims", ["x", "a"], {"T": "DT_FLOAT"}, None)],
        "its axis 'a:0' is DT_FLOAT: TensorFlow takes int32 or int64"),
    "a split into more parts than its computed sizes": (
        [_placeholder("x", 6), ("s", "Placeholder", [], {"dtype": "DT_INT32", "shape": _shape(2)}, None),
         _const("a", _ints(0)),
         ("y", "SplitV", ["x", "s", "a"], {"num_split": 3}, None)],
        "its num_split 3 is not the number of its size_splits"),
    "a 3-D padding TensorFlow lacks": (
        [_placeholder("x", 1, 2, 2, 2, 3),
         ("y", "MaxPool3D", ["x"], {"ksize": [1] * 5, "strides": [1] * 5, "padding": b"EXPLICIT"}, None)],
        "is not SAME or VALID"),
    "a bicubic resize of an unknown height": (
        [_placeholder("x", 1, -1, 4, 3), _const("s", _ints(2, 2)), ("y", "ResizeBicubic", ["x", "s"], {}, None)],
        "has an unknown height or width, which the weights are made for"),
    "a bicubic resize to a computed size": (
        [_placeholder("x", 1, 4, 4, 3), ("s", "Placeholder", [], {"dtype": "DT_INT32", "shape": _shape(2)}, None),
         ("y", "ResizeBicubic", ["x", "s"], {}, None)],
        "its size 's:0' must be two positive ints the graph gives"),
    "strings compared below opset 19": (
        [_typed("x", "DT_STRING", 2), _typed("b", "DT_STRING", 2), ("y", "NotEqual", ["x", "b"], {}, None)],
        "its inputs are strings, which ONNX's Equal takes from opset 19: convert at opset 19 or later"),
    "strings added": (
        [_typed("x", "DT_STRING", 2), _typed("b", "DT_STRING", 2), ("y", "Add", ["x", "b"], {}, None)],
        "its inputs are strings, which ONNX's Add does not take"),
    # Lookup tables: 'x' the table, 'y' its lookup (lookups.py).
    "a table no initializer of the graph fills": (
        [*_LOOKUP], "its contents are not known: no initializer in the graph fills it"),
    "a key given twice with two values": (
        [*_LOOKUP, _const("k", _strings("a", "a")), _const("v", _ints64(1, 2)), _filled("k", "v")],
        "key b'a' is given twice, with values 1 and 2, which TensorFlow refuses"),
    "keys the graph computes from an input": (
        [*_LOOKUP, _const("v", _ints64(1, 2)), _filled("q", "v")],
        "its keys come from 'q' (Placeholder), which the conversion does not compute"),
    "keys of another type than the table's": (
        [*_LOOKUP, _const("k", _ints64(1, 2)), _const("v", _ints64(1, 2)), _filled("k", "v")],
        "it puts DT_INT64 keys and DT_INT64 values in a table of DT_STRING keys"),
    "two initializers of one table": (
        [*_LOOKUP, _const("k", _strings("a")), _const("v", _ints64(1)), _filled("k", "v"),
         ("j", "LookupTableImportV2", ["x", "k", "v"], {"Tin": "DT_STRING", "Tout": "DT_INT64"}, None)],
        "2 initializers fill it ('i', 'j')"),
    "a vocabulary file the model does not hold": (
        [*_LOOKUP, _const("f", _scalar_text("/data/vocab.txt")),
         ("i", "InitializeTableFromTextFileV2", ["x", "f"], {"key_index": -2, "value_index": -1}, None)],
        "it reads '/data/vocab.txt' when the session starts, a file the model does not hold as an asset"),
    "a vocabulary file named through an Identity, outside the model": (
        [*_LOOKUP, _const("f", _scalar_text("/data/vocab.txt")), ("fi", "Identity", ["f"], {"T": "DT_STRING"}, None),
         ("i", "InitializeTableFromTextFileV2", ["x", "fi"], {"key_index": -2, "value_index": -1}, None)],
        "it reads '/data/vocab.txt' when the session starts"),
    "a vocabulary initializer of one input": (
        [*_LOOKUP, ("i", "InitializeTableFromTextFileV2", ["x"], {"key_index": -2, "value_index": -1}, None)],
        "it has 1 inputs where InitializeTableFromTextFileV2 takes 2"),
    "an initializer of a table the graph lacks": (
        [*_LOOKUP, _const("k", _strings("a")), _const("v", _ints64(1)),
         ("i", "LookupTableImportV2", ["gone", "k", "v"], {}, None)],
        "no initializer in the graph fills it"),
    "a table of float keys": (
        [("x", "HashTableV2", [], {"key_dtype": "DT_FLOAT", "value_dtype": "DT_INT64"}, None), _placeholder("q", 2),
         _const("d", _tensor64((), [-1])), _const("k", tensor_of("DT_FLOAT", (2,), [0.5, 1.5])),
         _const("v", _ints64(1, 2)),
         ("i", "LookupTableImportV2", ["x", "k", "v"], {}, None),
         ("y", "LookupTableFindV2", ["x", "q", "d"], {"Tin": "DT_FLOAT", "Tout": "DT_INT64"}, None)],
        "its table's keys are DT_FLOAT: TensorFlow's tables take strings and integers"),
    "a lookup of a table no HashTableV2 makes": (
        [_const("x", _floats(2)), *_LOOKUP[1:]], "its table 'x:0' is not made by a HashTableV2 of the graph"),
    "a default that is not a scalar": (
        [*_LOOKUP[:2], _const("d", _ints64(-1, -1)), _LOOKUP[3], _const("k", _strings("a")),
         _const("v", _ints64(1)), _filled("k", "v")],
        "its default 'd:0' is not a scalar"),
    "a search of a vector": (
        [_placeholder("s", 4), _placeholder("v", 1, 2), ("y", "UpperBound", ["s", "v"], {}, None)],
        "its sorted_inputs 's:0' has rank 1: TensorFlow's UpperBound takes matrices"),
    "a search of rows and values of two types": (
        [_placeholder("s", 1, 4), _typed("v", "DT_INT32", 1, 2), ("y", "LowerBound", ["s", "v"], {}, None)],
        "its inputs are DT_FLOAT and DT_INT32: TensorFlow's LowerBound takes numbers of one type"),
    "a search giving floats": (
        [_placeholder("s", 1, 4), _placeholder("v", 1, 2),
         ("y", "UpperBound", ["s", "v"], {"out_type": "DT_FLOAT"}, None)],
        "its out_type 'DT_FLOAT' is not int32 or int64"),
    "an LSTM cell of integers": (
        [*(_typed(n, "DT_INT32", 2, 4) for n in ("x", "c", "h")), _typed("w", "DT_INT32", 8, 16),
         *(_typed(n, "DT_INT32", 4) for n in ("i", "f", "o")), _typed("b", "DT_INT32", 16),
         ("y", "LSTMBlockCell", ["x", "c", "h", "w", "i", "f", "o", "b"], {}, None)],
        "its inputs are DT_INT32: TensorFlow's LSTMBlockCell takes one float type"),
    "an LSTM cell of weights that are not four gates": (
        [_placeholder("x", 2, 4), _placeholder("c", 2, 4), _placeholder("h", 2, 4), _placeholder("w", 8, 15),
         *(_placeholder(n, 4) for n in ("i", "f", "o")), _placeholder("b", 15),
         ("y", "LSTMBlockCell", ["x", "c", "h", "w", "i", "f", "o", "b"], {}, None)],
        "its w 'w:0' has 15 columns, which are not 4 blocks of the cell's width"),
    "a sequence LSTM of a matrix": (
        [_typed("n", "DT_INT64"), _placeholder("x", 2, 4), _placeholder("c", 2, 4), _placeholder("h", 2, 4),
         _placeholder("w", 8, 16), *(_placeholder(n, 4) for n in ("i", "f", "o")), _placeholder("b", 16),
         ("y", "BlockLSTM", ["n", "x", "c", "h", "w", "i", "f", "o", "b"], {}, None)],
        "its x 'x:0' has rank 2: TensorFlow takes [time, batch, input]"),
    "a difference of matrices": (
        [_placeholder("a", 2, 2), _placeholder("b", 3), ("y", "ListDiff", ["a", "b"], {}, None)],
        "its inputs have ranks 2 and 1: TensorFlow's ListDiff takes vectors"),
    "a difference of two types": (
        [_placeholder("a", 2), _typed("b", "DT_INT32", 3), ("y", "ListDiff", ["a", "b"], {}, None)],
        "its inputs are DT_FLOAT and DT_INT32, its out_idx DT_INT32: TensorFlow's ListDiff takes two vectors"),
    "a GRU cell of a vector of weights": (
        [_placeholder("x", 2, 4), _placeholder("h", 2, 4), _placeholder("r", 8, 8), _placeholder("w", 32),
         _placeholder("a", 8), _placeholder("b", 4),
         ("y", "GRUBlockCell", ["x", "h", "r", "w", "a", "b"], {}, None)],
        "its w_c 'w:0' has rank 1: TensorFlow takes a matrix"),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_what_a_rule_cannot_convert_is_refused_naming_the_node(case: str) -> None:
    nodes, expected = REFUSED[case]
    model = tfcollections.loads(_graph(*nodes))
    with pytest.raises(ConversionError, match=r"^node '[xy]' \(\w+\): ") as caught:
        tfcollections.to_onnx(model, outputs=["y"])
    assert expected in str(caught.value)


def test_a_row_of_a_later_opset_is_refused_below_it_and_checks_its_inputs_at_it() -> None:
    model = tfcollections.loads(_graph(_placeholder("x", 2), ("y", "BitwiseAnd", ["x", "x"], {}, None)))
    with pytest.raises(ConversionError, match=r"BitwiseAnd \(1 node, first 'y': its row makes ONNX ops of opset 18: "
                                              r"convert at opset 18 or later\)"):  # fmt: skip
        tfcollections.to_onnx(model, outputs=["y"])
    with pytest.raises(ConversionError, match="takes integers"):
        tfcollections.to_onnx(model, outputs=["y"], opset=18)
    with pytest.raises(ConversionError, match="which ReduceMax takes as an input from opset 18"):
        nodes = [_placeholder("x", 2, 3), _typed("a", "DT_INT32", 1), ("y", "Max", ["x", "a"], {}, None)]
        tfcollections.to_onnx(tfcollections.loads(_graph(*nodes)), outputs=["y"])


def test_a_complex_output_is_refused_naming_it() -> None:
    model = tfcollections.loads(_graph(_placeholder("x", 2), ("y", "Complex", ["x", "x"], {}, None)))
    with pytest.raises(ConversionError, match="output 'y:0' is DT_COMPLEX64, which onnxruntime has no tensors of"):
        tfcollections.to_onnx(model, outputs=["y"])


def test_a_text_meta_graph_freezes_to_the_bytes_of_its_binary_twin() -> None:
    outputs = ["dense/kernel/Read/ReadVariableOp", "emb/part_1/Read/ReadVariableOp"]
    binary = tfcollections.freeze(RESTORE / "same.meta", RESTORE / "model.ckpt", outputs=outputs)
    text = tfcollections.freeze(RESTORE / "same.meta.txt", RESTORE / "model.ckpt", outputs=outputs)
    assert binary == text
    constants = tfcollections.read_tensors(tfcollections.loads(binary))
    assert sorted(constants) == ["dense/kernel", "emb/part_1"]  # resource reads made Identity, parts cut out
    whole = tfcollections.read_tensor(RESTORE / "model.ckpt", "emb").tolist()
    assert constants["emb/part_1"].tolist() == whole[3:6]  # rows 3 to 5 of emb [6, 2]


def test_a_string_constant_is_written_and_read_back() -> None:
    from tfcollections._convert.values import tensor_of

    words = tensor_of("DT_STRING", (2,), [b"yes", b"no"])
    nodes = [_const("words", words), ("y", "Identity", ["words"], {"T": "DT_STRING"}, None)]
    frozen = tfcollections.freeze(tfcollections.loads(_graph(*nodes)), outputs=["y"])
    assert tfcollections.read_tensor(tfcollections.loads(frozen), "words").tolist() == [b"yes", b"no"]


def test_a_files_bytes_are_taken_as_its_path_is() -> None:
    # A serialized GraphDef (what graph_def.SerializeToString() gives, as tf2onnx takes a graph_def), and a .meta's
    # bytes: the same frozen graph and the same model as from the file.
    frozen = tfcollections.freeze(model_path("tf1_cnn"))
    for content in (frozen, bytearray(frozen), memoryview(frozen)):
        assert tfcollections.freeze(content) == frozen
        assert tfcollections.to_onnx(content) == tfcollections.to_onnx(frozen)
    meta = model_path("tf1_cnn").read_bytes()
    with pytest.raises(DecodeError, match="no checkpoint"):  # bytes have no file beside them: name the checkpoint
        tfcollections.freeze(meta)
    assert tfcollections.freeze(meta, model_path("tf1_cnn").with_suffix("")) == frozen


def test_what_freezing_refuses_of_its_arguments() -> None:
    cnn = model_path("tf1_cnn")
    with pytest.raises(TypeError, match="outputs are node or tensor names"):
        tfcollections.freeze(cnn, outputs=[1])  # type: ignore[list-item]
    with pytest.raises(ValueError, match=r"'\^x' is a control input, not a tensor"):
        tfcollections.freeze(cnn, outputs="^x")
    with pytest.raises(ValueError, match=r"no node 'nothing' in the graph for input 'nothing:0'"):
        tfcollections.freeze(cnn, inputs=["nothing"])
    with pytest.raises(ValueError, match=r"input 'x:1': a placeholder has one output"):
        tfcollections.freeze(cnn, inputs=["x:1"])
    with pytest.raises(TypeError, match=r"freeze\(\) needs a path or what tfcollections.load returned"):
        tfcollections.freeze(dict(tfcollections.load(cnn)))
    with pytest.raises(DecodeError, match=r"variable 'dense/bias' is DT_DOUBLE, but the checkpoint's 'dense/bias' "
                                          r"is DT_FLOAT"):  # fmt: skip
        tfcollections.freeze(RESTORE / "retyped.meta", RESTORE / "model.ckpt",
                             outputs=["dense/bias/Read/ReadVariableOp"])  # fmt: skip
    with pytest.raises(DecodeError, match=r"node 'dense/kernel/Assign' \(AssignVariableOp\) uses a variable as a "
                                          r"resource"):  # fmt: skip
        tfcollections.freeze(RESTORE / "same.meta", RESTORE / "model.ckpt", outputs=["dense/kernel/Assign"])


ATROUS_BROKEN = {
    # The pattern TensorFlow makes, changed one way each: left as it is, each op converted by its own row.
    "consumed twice": ["extra"],
    "a SAME convolution": ["same"],
    "a strided convolution": ["strides"],
    "no BatchToSpaceND after": ["relu"],
    "crops beyond the padding": ["crops"],
}


@pytest.mark.parametrize("case", sorted(ATROUS_BROKEN))
def test_an_atrous_pattern_changed_is_not_rewritten(case: str) -> None:
    change = ATROUS_BROKEN[case][0]
    conv_attrs: Dict[str, Any] = {"padding": b"SAME" if change == "same" else b"VALID",
                                  "strides": [1, 2, 2, 1] if change == "strides" else [1, 1, 1, 1]}  # fmt: skip
    nodes = [
        _placeholder("x", 1, 8, 8, 1),
        _const("block", _ints(2, 2)),
        _const("pads", _ints(2, 2, 2, 2)),
        _const("crops", _ints(0, 3, 0, 3) if change == "crops" else _ints(0, 0, 0, 0)),
        _const("w", _floats(3, 3, 1, 1)),
        ("s2b", "SpaceToBatchND", ["x", "block", "pads"], {}, None),
        ("conv", "Conv2D", ["s2b", "w"], conv_attrs, None),
        ("b2s", "Relu" if change == "relu" else "BatchToSpaceND", ["conv"] if change == "relu" else
         ["conv", "block", "crops"], {}, None),
    ]  # fmt: skip
    if change == "extra":
        nodes.append(("extra", "Relu", ["s2b"], {}, None))
    model = tfcollections.loads(_graph(*nodes))
    data = tfcollections.to_onnx(model, outputs=["b2s", "extra"] if change == "extra" else ["b2s"])
    graph = tfcollections.decode_message("onnx.ModelProto", data)["graph"]
    convs = [node for node in graph["node"] if node["op_type"] == "Conv"]
    dilations = [item["ints"] for node in convs for item in node["attribute"] if item["name"] == "dilations"]
    assert len(convs) == 1 and dilations == [[1, 1]]  # not made a dilated convolution
    assert any(node["op_type"] == "Transpose" and node["name"].startswith("s2b/") for node in graph["node"])


def test_a_colocation_with_a_node_cut_away_is_dropped_and_the_rest_kept() -> None:
    nodes = [
        _placeholder("x", 2, 2),
        _const("gone", _floats(2, 2)),
        ("y", "Relu", ["x"], {"T": "DT_FLOAT", "_class": [b"loc:@gone", b"loc:@x"]}, None),
        ("z", "Relu", ["x"], {"T": "DT_FLOAT", "_class": [b"loc:@gone"]}, None),
    ]
    frozen = tfcollections.freeze(tfcollections.loads(_graph(*nodes)), outputs=["y", "z"])
    kept = {node["name"]: node for node in tfcollections.decode_message("GraphDef", frozen)["node"]}
    assert sorted(kept) == ["x", "y", "z"]
    assert kept["y"]["attr"]["_class"]["list"]["s"] == [b"loc:@x"] and "_class" not in kept["z"]["attr"]


def _onnx_ops(data: bytes) -> List[str]:
    return [node["op_type"] for node in tfcollections.decode_message("onnx.ModelProto", data)["graph"]["node"]]


def test_layouts_are_matched_to_their_operands() -> None:
    # Convolutions' NCHW outputs summed, biased by a computed bias, and a constant matrix transposed at conversion.
    nodes = [
        _placeholder("x", 1, 4, 4, 2),
        _placeholder("b", 3),
        _const("w", _floats(1, 1, 2, 3)),
        ("c1", "Conv2D", ["x", "w"], {"padding": b"VALID"}, None),
        ("c2", "Conv2D", ["x", "w"], {"padding": b"VALID"}, None),
        ("sum", "AddN", ["c1", "c2"], {}, None),
        ("biased", "BiasAdd", ["sum", "b"], {}, None),
        ("flat", "Reshape", ["biased", "shape"], {}, None),
        _const("shape", _ints(-1, 48)),
        _const("m", _floats(5, 48)),
        ("y", "MatMul", ["flat", "m"], {"transpose_b": True}, None),
    ]
    ops = _onnx_ops(tfcollections.to_onnx(tfcollections.loads(_graph(*nodes)), outputs=["y"]))
    # One Transpose in (x to NCHW), one out before the flattening; the sum and the bias stay NCHW; the matrix's
    # transpose is made at conversion (no third Transpose), the computed bias reshaped to [C, 1, 1].
    assert ops.count("Transpose") == 2 and ops.count("Sum") == 1 and "Reshape" in ops


def test_tensors_of_every_kind_are_made_and_moved() -> None:
    from tfcollections._convert.values import attribute, onnx_tensor, tensor_of, value_info

    assert tensor_of("DT_BFLOAT16", (2,), [1.0, -2.0]).tolist() == [1.0, -2.0]
    words = tensor_of("DT_STRING", (2, 2), [b"a", b"b", b"c", b"d"])
    assert transpose(words, (1, 0)).tolist() == [[b"a", b"c"], [b"b", b"d"]]
    pairs = Tensor("DT_COMPLEX128", (2, 1), struct.pack("<4d", 1, 2, 3, 4))
    assert transpose(pairs, (1, 0)).tolist() == [[1 + 2j, 3 + 4j]]
    assert attribute("scales", [1.0, 2.5]) == {"name": "scales", "type": "FLOATS", "floats": [1.0, 2.5]}
    assert onnx_tensor(words, "w")["string_data"] == [b"a", b"b", b"c", b"d"]
    with pytest.raises(ConversionError, match="ONNX has no type for DT_VARIANT"):
        onnx_tensor(Tensor("DT_VARIANT", (), b""), "v")
    with pytest.raises(ConversionError, match=r"ONNX has no type for DT_RESOURCE \(tensor 'h:0'\)"):
        value_info("h:0", "DT_RESOURCE", [], symbolic=True)


OPERAND_OUTPUTS = ["shifted:0", "wide:0", "quotient:0", "truncated:0"]


def operands_graph() -> bytes:
    """Operands of every kind (tests/test_onnx_run.py runs the same graph against numpy's answers)."""
    from tfcollections._convert.values import scalar_tensor, tensor_of

    return _graph(
        _placeholder("x", 1, 4, 4, 2),
        ("v", "Placeholder", [], {"dtype": "DT_FLOAT", "shape": _shape(-1, 3)}, None),
        _const("w", _floats(1, 1, 2, 3)),
        _const("half", scalar_tensor(0.5, "DT_FLOAT")),
        _const("bias", tensor_of("DT_FLOAT", (3,), [1.0, 2.0, 3.0])),
        _const("column", _floats(2, 1)),
        ("c", "Conv2D", ["x", "w"], {"padding": b"VALID"}, None),
        ("scaled", "Mul", ["c", "half"], {}, None),  # a scalar operand of an NCHW value
        ("shifted", "Add", ["scaled", "bias"], {}, None),  # a vector laid out [C, 1, 1] at conversion
        ("wide", "Add", ["v", "column"], {}, None),  # [?, 3] + [2, 1]: [2, 3]
        _const("seven", _ints(7)),
        _const("minus_two", _ints(-2)),
        ("quotient", "TruncateDiv", ["seven", "minus_two"], {}, None),  # ONNX's integer Div: -3, as TensorFlow
        ("truncated", "TruncateDiv", ["v", "half"], {}, None),
    )


def test_operands_broadcast_fold_and_keep_their_layout() -> None:
    data = tfcollections.to_onnx(tfcollections.loads(operands_graph()), outputs=OPERAND_OUTPUTS)
    model = tfcollections.decode_message("onnx.ModelProto", data)
    graph = model["graph"]
    shapes = {item["name"]: [dim["dim_value"] for dim in item["type"]["tensor_type"]["shape"]["dim"]]
              for item in graph["output"]}  # fmt: skip
    assert shapes == {"shifted:0": [1, 4, 4, 3], "wide:0": [2, 3], "quotient:0": [1], "truncated:0": [None, 3]}
    ops = _onnx_ops(data)
    assert ops.count("Transpose") == 2 and {"Sign", "Floor", "Abs"} <= set(ops)
    # The scalar scale and the vector laid out [1, 3, 1, 1] are the convolution's own: its weights times 0.5, its
    # bias the vector (the optimization pass, _convert/optimize.py).
    assert ops[:2] == ["Transpose", "Conv"] and ops[-1] == "Transpose"
    conv = next(node for node in graph["node"] if node["op_type"] == "Conv")
    initializers = {item["name"]: item for item in graph["initializer"]}
    weights, bias = (struct.unpack(f"<{len(item['raw_data']) // 4}f", item["raw_data"])
                     for item in (initializers[name] for name in conv["input"][1:]))  # fmt: skip
    assert weights == (0.25,) * 6 and bias == (1.0, 2.0, 3.0)


def test_a_resource_gather_without_batch_dims_becomes_a_gather_of_axis_0() -> None:
    # An embedding lookup of a resource variable written by an older TensorFlow: no batch_dims attr.
    from types import SimpleNamespace

    from tfcollections._convert.freeze import FrozenGraph, _make_constants
    from tfcollections._graph.graphdef import new_node, type_attr

    lookup_attrs = {"dtype": type_attr("DT_FLOAT"), "Tindices": type_attr("DT_INT32")}
    nodes = [
        new_node("table", "VarHandleOp", [], {"dtype": type_attr("DT_FLOAT")}),
        new_node("ids", "Placeholder", [], {"dtype": type_attr("DT_INT32")}),
        new_node("look", "ResourceGather", ["table", "ids"], lookup_attrs),
    ]
    frozen = FrozenGraph(SimpleNamespace(replaced={}), nodes, [], [])  # type: ignore[arg-type]
    _make_constants(frozen, [nodes[0]], {"table": _floats(4, 2)})
    gather = next(node for node in frozen.nodes if node["name"] == "look")
    assert gather["op"] == "GatherV2" and gather["attr"]["batch_dims"]["i"] == 0
    assert gather["input"] == ["table", "ids", "look/axis"]


HALF_AND_BFLOAT16 = {
    # Rules that compute a half or bfloat16 value in float32 (onnxruntime has no kernel of the narrow type).
    "LRN": [_typed("x", "DT_BFLOAT16", 1, 2, 2, 3), ("y", "LRN", ["x"], {"T": "DT_BFLOAT16"}, None)],
    "MatrixInverse": [_typed("x", "DT_HALF", 2, 2), ("y", "MatrixInverse", ["x"], {}, None)],
    "bfloat16 MatrixInverse": [_typed("x", "DT_BFLOAT16", 2, 2), ("y", "MatrixInverse", ["x"], {}, None)],
    "Log1p": [_typed("x", "DT_BFLOAT16", 3), ("y", "Log1p", ["x"], {}, None)],
    "Atan2": [_typed("x", "DT_BFLOAT16", 3), ("y", "Atan2", ["x", "x"], {}, None)],
    "ClipByValue": [_typed("x", "DT_BFLOAT16", 3), ("y", "ClipByValue", ["x", "x", "x"], {}, None)],
    "QuantizeAndDequantizeV2": [
        _typed("x", "DT_HALF", 3),
        _const("a", _floats()),
        ("y", "QuantizeAndDequantizeV2", ["x", "a", "a"], {}, None),
    ],
    "RandomStandardNormal": [_const("s", _ints(2)), ("y", "RandomStandardNormal", ["s"], {"dtype": "DT_HALF"}, None)],
}


@pytest.mark.parametrize("case", sorted(HALF_AND_BFLOAT16))
def test_a_narrow_float_is_computed_in_float32_and_cast_back(case: str) -> None:
    data = tfcollections.to_onnx(tfcollections.loads(_graph(*HALF_AND_BFLOAT16[case])), outputs=["y"])
    graph = tfcollections.decode_message("onnx.ModelProto", data)["graph"]
    casts = [item["i"] for node in graph["node"] if node["op_type"] == "Cast" for item in node["attribute"]]
    assert casts and graph["output"][0]["type"]["tensor_type"]["elem_type"] in (10, 16)  # float16, bfloat16
    onnx = pytest.importorskip("onnx")
    onnx.checker.check_model(onnx.load_from_string(data), full_check=True)


@pytest.mark.parametrize("opset", [13, 18])
def test_equal_parts_of_an_unknown_dim_split_as_tensorflow_splits(opset: int) -> None:
    # A Split of an axis of unknown size (a loop body's, NMS V4's): ONNX's Split of no sizes, evenly by its outputs.
    np = pytest.importorskip("numpy")
    ort = pytest.importorskip("onnxruntime")
    nodes = [_placeholder("x", -1, 4), _const("a", _ints(0)), ("y", "Split", ["a", "x"], {"num_split": 2}, None)]
    data = tfcollections.to_onnx(tfcollections.loads(_graph(*nodes)), outputs=["y:0", "y:1"], opset=opset)
    x = np.arange(24, dtype=np.float32).reshape(6, 4)
    got = ort.InferenceSession(data, providers=["CPUExecutionProvider"]).run(None, {"x:0": x})
    assert [part.tolist() for part in got] == [part.tolist() for part in np.split(x, 2)]


@pytest.mark.parametrize("values", [(2, 3), (2, 1)])
def test_a_where_of_a_tiled_condition_broadcasts_it_where_that_is_the_same(values: Tuple[int, int]) -> None:
    # A Keras RNN's mask [batch, 1] tiled over the units, then tf.where: Where broadcasts the mask itself. Where the
    # values are narrower than the tile ([2, 1]), the Tile is what makes the answer [2, 3], and it stays.
    np = pytest.importorskip("numpy")
    ort = pytest.importorskip("onnxruntime")
    nodes = [_typed("m", "DT_BOOL", 2, 1), _placeholder("x", *values), _placeholder("z", *values),
             _const("k", _ints(1, 3)), ("t", "Tile", ["m", "k"], {"T": "DT_BOOL"}, None),
             ("y", "SelectV2", ["t", "x", "z"], {"T": "DT_FLOAT"}, None)]  # fmt: skip
    data = tfcollections.to_onnx(tfcollections.loads(_graph(*nodes)), outputs=["y"])
    assert ("Tile" in _onnx_ops(data)) == (values == (2, 1))
    mask = np.array([[True], [False]])
    x, z = np.full(values, 1.0, np.float32), np.full(values, 2.0, np.float32)
    (got,) = ort.InferenceSession(data, providers=["CPUExecutionProvider"]).run(None, {"m:0": mask, "x:0": x, "z:0": z})
    assert got.tolist() == np.where(np.tile(mask, (1, 3)), x, z).tolist()


def _values(shape: Tuple[int, ...], values: List[float]) -> Tensor:
    from tfcollections._convert.values import tensor_of

    return tensor_of("DT_FLOAT", shape, values)


def test_sizes_from_known_dims_are_constants_and_one_unknown_is_minus_one() -> None:
    # tf.tensordot's reshape of x [?, 4, 3] to [?*4, 3]: the product of the known axes (3) is a constant, the free
    # dims' product (unknown batch) a -1 of the Reshape's constant target; its Transpose of perm [0, 1, 2] moves
    # nothing and is no node. No Shape, Gather or ReduceProd is left.
    np = pytest.importorskip("numpy")
    ort = pytest.importorskip("onnxruntime")
    nodes = [
        _placeholder("x", -1, 4, 3), ("s", "Shape", ["x"], {"out_type": "DT_INT32"}, None),
        _const("free", _ints(0, 1)), _const("axes", _ints(2)), _const("zero", _ints(0)), _const("perm", _ints(0, 1, 2)),
        ("g1", "GatherV2", ["s", "free", "zero"], {}, None), ("g2", "GatherV2", ["s", "axes", "zero"], {}, None),
        ("p1", "Prod", ["g1", "zero"], {"T": "DT_INT32"}, None),
        ("p2", "Prod", ["g2", "zero"], {"T": "DT_INT32"}, None),
        ("shape", "Pack", ["p1", "p2"], {"N": 2, "T": "DT_INT32"}, None), ("t", "Transpose", ["x", "perm"], {}, None),
        ("y", "Reshape", ["t", "shape"], {}, None),
    ]  # fmt: skip
    data = tfcollections.to_onnx(tfcollections.loads(_graph(*nodes)), outputs=["y"])
    assert _onnx_ops(data) == ["Reshape"]
    x = np.arange(24, dtype=np.float32).reshape(2, 4, 3)
    (got,) = ort.InferenceSession(data, providers=["CPUExecutionProvider"]).run(None, {"x:0": x})
    assert got.tolist() == x.reshape(8, 3).tolist()


def test_a_computed_vector_scales_a_convolution_in_its_layout() -> None:
    # Keras 3's batch norm: conv * (gamma * rsqrt(...)), the factor computed from constants. It is laid out NCHW
    # beside the convolution (no Transpose of the activations), folded into the filter, with the answer of the same
    # factor given as a constant.
    np = pytest.importorskip("numpy")
    ort = pytest.importorskip("onnxruntime")
    rng = np.random.default_rng(9)
    weights = rng.standard_normal((3, 3, 2, 4)).astype(np.float32)
    half, twice = [0.5, 1.0, -1.0, 2.0], [2.0, 2.0, 2.0, 2.0]
    common = [_placeholder("x", 1, 6, 6, 2), _const("w", _values((3, 3, 2, 4), weights.ravel().tolist())),
              ("c", "Conv2D", ["x", "w"], {"strides": [1, 1, 1, 1], "padding": b"SAME"}, None)]  # fmt: skip
    computed = [*common, _const("a", _values((4,), half)), _const("b", _values((4,), twice)),
                ("f", "Mul", ["a", "b"], {}, None), ("y", "Mul", ["c", "f"], {}, None)]  # fmt: skip
    given = [*common, _const("f", _values((4,), [1.0, 2.0, -2.0, 4.0])), ("y", "Mul", ["c", "f"], {}, None)]
    x = rng.standard_normal((1, 6, 6, 2)).astype(np.float32)
    answers = []
    for nodes in (computed, given):
        data = tfcollections.to_onnx(tfcollections.loads(_graph(*nodes)), outputs=["y"])
        assert _onnx_ops(data) == ["Transpose", "Conv", "Transpose"]
        answers.append(ort.InferenceSession(data, providers=["CPUExecutionProvider"]).run(None, {"x:0": x})[0])
    assert np.array_equal(answers[0], answers[1])


@pytest.mark.parametrize("opset", [13, 18])
def test_a_random_crop_of_an_empty_area_range_is_the_whole_image(opset: int) -> None:
    # area_range (0.9, 0.1): every attempt of TensorFlow's kernel fails, so every crop is the whole image; at opset
    # 13 the boxes' ReduceMax takes its axes as an attribute, at 18 as an input.
    np = pytest.importorskip("numpy")
    ort = pytest.importorskip("onnxruntime")
    attrs = {"area_range": [0.9, 0.1], "aspect_ratio_range": [0.5, 2.0], "min_object_covered": 0.0}
    for area_range in ([0.9, 0.1], [0.05, 1.0]):
        attrs["area_range"] = area_range
        nodes = [_typed("z", "DT_INT64", 3), _placeholder("b", 1, -1, 4),
                 ("y", "SampleDistortedBoundingBox", ["z", "b"], attrs, None)]  # fmt: skip
        data = tfcollections.to_onnx(tfcollections.loads(_graph(*nodes)), outputs=["y:0", "y:1", "y:2"], opset=opset)
        session = ort.InferenceSession(data, providers=["CPUExecutionProvider"])
        feeds = {"z:0": np.array([40, 60, 3], np.int64), "b:0": np.array([[[0, 0, 1, 1]]], np.float32)}
        begin, size, box = session.run(None, feeds)
        if area_range[0] > area_range[1]:
            assert (begin.tolist(), size.tolist(), box.tolist()) == ([0, 0, 0], [40, 60, -1], [[[0, 0, 1, 1]]])
        else:  # any crop covers 0 of the image: the first attempt made is kept
            assert 0 < size[0] * size[1] <= 40 * 60 and begin[0] + size[0] <= 40 and begin[1] + size[1] <= 60


def _meta_graph(collections: Dict[str, Any], signatures: Dict[str, Any]) -> bytes:
    """A MetaGraphDef of x -> Relu (y) -> Neg (z): z is the graph's end, y what the collections or signatures name."""
    from tfcollections._graph.graphdef import _delimited

    graph = _graph(_placeholder("x", -1, 3), ("y", "Relu", ["x"], {"T": "DT_FLOAT"}, None),
                   ("z", "Neg", ["y"], {"T": "DT_FLOAT"}, None))  # fmt: skip
    rest = tfcollections.encode_message(
        "tensorflow.MetaGraphDef", {"collection_def": collections, "signature_def": signatures}
    )
    return _delimited(2, graph) + rest  # the graph_def field (2), which the encoder does not write


def test_the_outputs_are_what_the_model_says_they_are_before_the_graphs_ends() -> None:
    # A collection a TF 1 program filled with its outputs (tf.add_to_collection("y_pred", y)) names them where no
    # signature does; the model's description says how they were chosen. Without one, the graph's ends.
    y_pred = {"y_pred": {"node_list": {"value": ["y:0"]}}}
    ends = "the graph's ends, as no signature or collection names them"
    for collections, chosen, output in ((y_pred, "collection 'y_pred'", "y:0"), ({}, ends, "z:0")):
        model = tfcollections.decode_message("onnx.ModelProto", tfcollections.to_onnx(
            tfcollections.loads(_meta_graph(collections, {}))))  # fmt: skip
        assert model["doc_string"] == f"outputs: {chosen}"
        assert [item["name"] for item in model["graph"]["output"]] == [output]
    # Given outputs are as given; a collection naming no tensor of the graph is passed over.
    given = tfcollections.decode_message("onnx.ModelProto", tfcollections.to_onnx(
        tfcollections.loads(_meta_graph(y_pred, {})), outputs=["z"]))  # fmt: skip
    assert given["doc_string"] == "outputs: as given"
    stale = {"predictions": {"node_list": {"value": ["gone:0"]}}}
    assert tfcollections.decode_message("onnx.ModelProto", tfcollections.to_onnx(
        tfcollections.loads(_meta_graph(stale, {}))))["doc_string"].endswith("the graph's ends, as no signature or "
                                                                             "collection names them")  # fmt: skip


def test_several_signatures_and_none_serving_default_are_the_users_to_choose() -> None:
    def signature(tensor: str) -> Dict[str, Any]:
        return {"outputs": {"out": {"name": tensor}}, "method_name": "tensorflow/serving/predict"}

    data = _meta_graph({}, {"b": signature("z:0"), "train": signature("y:0")})
    with pytest.raises(ValueError, match=r"the model has 2 signatures and none is serving_default \(it has: b, "
                                         r"train\): choose one \(--signature KEY"):  # fmt: skip
        tfcollections.to_onnx(tfcollections.loads(data))
    chosen = tfcollections.decode_message("onnx.ModelProto", tfcollections.to_onnx(tfcollections.loads(data),
                                                                                   signature="train"))  # fmt: skip
    assert chosen["doc_string"] == "outputs: signature 'train'"
    one = tfcollections.decode_message("onnx.ModelProto", tfcollections.to_onnx(
        tfcollections.loads(_meta_graph({}, {"only": signature("y:0")}))))  # fmt: skip
    assert one["doc_string"] == "outputs: signature 'only'"


def test_a_conversion_error_is_public_and_pickles_as_itself() -> None:
    import pickle

    error = ConversionError("the conversion does not cover 1 op type(s)", [{"op": "X", "count": 2, "node": "a"}])
    error._add_segment("graph")  # what a reader around it adds travels with it too
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is tfcollections.ConversionError and isinstance(again, tfcollections.DecodeError)
    assert again.unsupported == [{"op": "X", "count": 2, "node": "a"}] and str(again) == str(error)


def test_a_text_graph_freezes_as_its_binary_does_or_says_why_it_cannot() -> None:
    # A text graph's constants are encoded back as TensorFlow wrote them: the same frozen bytes as its binary twin.
    files = DATA.parent / "files"
    assert tfcollections.freeze(files / "frozen_graph.pbtxt") == tfcollections.freeze(files / "frozen_graph.pb")
    # A function library the schema does not hold whole (arg_attr, a tensor inside a function) cannot be written
    # back from text; the binary file's library is copied as it is.
    assert tfcollections.freeze(files / "graph_scan.meta", outputs=["MapDataset"])
    with pytest.raises(tfcollections.DecodeError, match=r"function library cannot be written back.*binary file"):
        tfcollections.freeze(files / "graph_scan.meta.txt", outputs=["MapDataset"])


# ---------------------------------------------------------------- lookup tables read from a SavedModel's assets


def _vocabulary_copy(tmp_path: Path, **assets: bytes) -> Path:
    """The tf1_vocabulary SavedModel copied, its assets (by name, ``.txt`` left out) replaced by *assets*."""
    import shutil

    saved = tmp_path / "saved"
    shutil.copytree(model_path("tf1_vocabulary"), saved)
    for name, data in assets.items():
        (saved / "assets" / f"{name}.txt").write_bytes(data)
    return saved


@pytest.mark.parametrize(
    ("output", "assets", "expected"),
    [
        ("index:0", {"vocab": b"apple\n\nbanana\n"}, "line 1 of 'vocab.txt' is empty, which TensorFlow refuses"),
        ("index:0", {"vocab": b"a\r\n\r\nb"}, "line 1 of 'vocab.txt' is empty"),
        ("first_three:0", {"vocab": b"apple\npear\n"}, "its vocab_size is 3, and 'vocab.txt' has 2 lines"),
        ("pairs:0", {"pairs": b"apple 3\npear seven\n"}, "field b'seven' of line 1 of 'pairs.txt' is not an int64"),
        ("pairs:0", {"pairs": b"apple 3\npear 9223372036854775808\n"}, "is not an int64"),
        ("pairs:0", {"pairs": b"apple 3\npear\n"}, "line 1 of 'pairs.txt' has 1 fields, and 2 are read"),
        ("index:0", {"vocab": b"a\nb\na\n"}, "key b'a' is given twice, with values 0 and 2"),
    ],
)
def test_a_vocabulary_tensorflow_would_refuse_is_refused(
    tmp_path: Path, output: str, assets: Dict[str, bytes], expected: str
) -> None:
    saved = _vocabulary_copy(tmp_path, **assets)
    with pytest.raises(ConversionError, match=r"\(HashTableV2\): its contents are not known: its initializer") as e:
        tfcollections.to_onnx(saved, outputs=[output])
    assert expected in str(e.value)


def test_a_vocabulary_read_as_tensorflow_reads_it(tmp_path: Path) -> None:
    # A last line without its newline, a CR before a newline, a last segment of one CR (no line), spaces around a
    # signed number: what the fixture's TensorFlow run shows, on other files.
    onnxruntime = pytest.importorskip("onnxruntime")
    np = pytest.importorskip("numpy")
    saved = _vocabulary_copy(tmp_path, vocab=b"x\r\ny\nz\n\r", pairs=b"x\t+5 7\ny -0\n")
    data = tfcollections.to_onnx(saved, outputs=["index:0", "size:0", "pairs:0"])
    session = onnxruntime.InferenceSession(data, providers=["CPUExecutionProvider"])
    words = np.array(["x", "y", "z", "\r", "x\t+5"], dtype=object)
    index, size, pairs = session.run(None, {"words:0": words})
    assert index.tolist() == [0, 1, 2, -1, -1] and size == 3
    assert pairs.tolist() == [-1, 0, -1, -1, 7]  # the delimiter is a space: "x\t+5" is a key, "-0" is 0


def test_a_missing_asset_is_refused_and_export_says_so_in_one_line(tmp_path: Path) -> None:
    saved = _vocabulary_copy(tmp_path)
    (saved / "assets" / "pairs.txt").unlink()
    with pytest.raises(ConversionError, match=r"its vocabulary, asset 'pairs\.txt', does not read: No such file"):
        tfcollections.to_onnx(saved, outputs=["pairs:0"])
    assert tfcollections.to_onnx(saved, outputs=["index:0"])  # a table of another file still converts
    out = tmp_path / "model.onnx"
    result = cli(["export", str(saved), str(out), "--outputs", "pairs:0"])
    assert result.returncode == 1 and result.stdout == b"" and not out.exists()
    assert result.stderr.decode().count("\n") == 1 and "asset 'pairs.txt', does not read" in result.stderr.decode()


def test_a_frozen_graph_keeps_each_tables_contents_under_its_initializers_name() -> None:
    # freeze writes what each table holds as an InitializeTableV2 of two constants (TensorFlow ran these: see
    # freeze_check.json), and the frozen graph converts as the SavedModel does.
    frozen = tfcollections.freeze(model_path("tf1_vocabulary"), outputs=["names:0", "pairs:0"])
    nodes = {node["name"]: node for node in tfcollections.decode_message("GraphDef", frozen)["node"]}
    fills = [node for node in nodes.values() if node["op"] == "InitializeTableV2"]
    assert sorted(node["name"] for node in fills) == ["index_to_string/table_init/InitializeTableFromTextFileV2",
                                                      "text_file_init/InitializeTableFromTextFileV2"]  # fmt: skip
    assert not any(node["op"] == "InitializeTableFromTextFileV2" for node in nodes.values())
    model = tfcollections.loads(frozen)
    graph = Graph(source_of(model), frozen, 0, model["meta_graphs"][0])
    by_name = {node["name"]: node for node in graph.nodes}
    names = next(node for node in fills if node["name"].startswith("index_to_string"))
    assert graph.value_of(by_name[names["input"][1]]).tolist() == [0, 1, 2, 3, 4]
    assert graph.value_of(by_name[names["input"][2]]).tolist() == [b"apple", b"pear", b"banana", b"cherry", b"last"]
    assert tfcollections.to_onnx(frozen, outputs=["names:0", "pairs:0"]) == tfcollections.to_onnx(
        model_path("tf1_vocabulary"), outputs=["names:0", "pairs:0"]
    )


def test_a_scalar_string_constant_is_written_as_its_one_string() -> None:
    from tfcollections._convert.values import tensor_of
    from tfcollections._graph.graphdef import tensor_proto

    decoded = tfcollections.decode_message("TensorProto", tensor_proto(tensor_of("DT_STRING", (), [b"vocab.txt"])))
    assert decoded["string_val"] == [b"vocab.txt"] and decoded["tensor_shape"]["dim"] == []


def test_strings_compare_from_opset_19() -> None:
    onnxruntime = pytest.importorskip("onnxruntime")
    np = pytest.importorskip("numpy")
    for op, expected in (("Equal", [True, False]), ("NotEqual", [False, True])):
        graph = _graph(_typed("a", "DT_STRING", 2), _typed("b", "DT_STRING", 2), ("y", op, ["a", "b"], {}, None))
        data = tfcollections.to_onnx(tfcollections.loads(graph), outputs=["y"], opset=19)
        session = onnxruntime.InferenceSession(data, providers=["CPUExecutionProvider"])
        words = {"a:0": np.array(["x", "y"], dtype=object), "b:0": np.array(["x", "z"], dtype=object)}
        assert session.run(None, words)[0].tolist() == expected


@pytest.mark.parametrize(
    ("attrs", "text", "expected"),
    [
        ({"key_index": 0, "value_index": 1, "delimiter": b", "}, b"a, 1\n", "its delimiter b', ' is not one character"),
        ({"key_index": 0, "value_index": 1, "delimiter": b" "}, b"a 1.5\n", "it reads DT_FLOAT from the file"),
        ({"key_index": -2, "value_index": -1, "vocab_size": 2}, b"a\n", "its vocab_size is 2, and 'v.txt' has 1 lines"),
    ],
)
def test_what_a_vocabulary_initializer_cannot_give_is_said(
    tmp_path: Path, attrs: Dict[str, Any], text: bytes, expected: str
) -> None:
    # The initializer's own attrs, which the fixtures' tables do not have: fill_tables with the file an asset.
    from tfcollections._convert.tablefills import fill_tables
    from tfcollections._graph.graphdef import new_node

    (tmp_path / "v.txt").write_bytes(text)
    value_type = "DT_FLOAT" if b"1.5" in text else "DT_INT64"
    table = new_node("t", "HashTableV2", [], {"key_dtype": {"type": "DT_STRING"}, "value_dtype": {"type": value_type}})
    fill = new_node(
        "i", "InitializeTableFromTextFileV2", ["t", "f"], {key: _attr(value) for key, value in attrs.items()}
    )
    name = new_node("f", "Const", [], {})

    class Replaced:  # what fill_tables asks of a Graph here: where new constants' values go
        def __init__(self) -> None:
            self.replaced: Dict[str, Any] = {}

    given = {"f:0": str(tmp_path / "v.txt")}
    contents, fills, read = fill_tables([table], [table, name, fill], Replaced(), given, {})  # type: ignore[arg-type]
    assert fills == [] and read == {} and isinstance(contents["t"], str) and expected in contents["t"], contents


def test_a_lookup_of_a_table_handed_in_is_refused() -> None:
    nodes = [("x", "Placeholder", [], {"dtype": "DT_RESOURCE", "shape": _shape()}, None), *_LOOKUP[1:]]
    with pytest.raises(ConversionError, match=r"^node 'x' \(Placeholder\): ONNX has no type for DT_RESOURCE"):
        tfcollections.to_onnx(tfcollections.loads(_graph(*nodes)), outputs=["y"])


def _int_table(*fill: Any) -> List[Any]:
    """An int64 -> int64 table 'x' filled by 'i' of *fill*'s nodes, and its lookup 'y' of 'q' (default -1)."""
    return [("x", "HashTableV2", [], {"key_dtype": "DT_INT64", "value_dtype": "DT_INT64"}, None),
            _typed("q", "DT_INT64", 3), _const("d", _tensor64((), [-1])), *fill,
            ("y", "LookupTableFindV2", ["x", "q", "d"], {"Tin": "DT_INT64", "Tout": "DT_INT64"}, None)]  # fmt: skip


def _import(keys: str, values: str) -> Any:
    return ("i", "LookupTableImportV2", ["x", keys, values], {"Tin": "DT_INT64", "Tout": "DT_INT64"}, None)


@pytest.mark.parametrize(
    ("fill", "expected"),
    [
        # keys: int32 constants through Identity and a Cast; values: a cast Range to the keys' Size
        (
            [
                _const("k32", _ints(5, 6, 7)),
                ("ki", "Identity", ["k32"], {"T": "DT_INT32"}, None),
                ("k", "Cast", ["ki"], {"SrcT": "DT_INT32", "DstT": "DT_INT64"}, None),
                _const("zero", _tensor32((), [0])),
                _const("one", _tensor32((), [1])),
                ("n", "Size", ["k32"], {"T": "DT_INT32", "out_type": "DT_INT32"}, None),
                ("r", "Range", ["zero", "n", "one"], {"Tidx": "DT_INT32"}, None),
                ("v", "Cast", ["r"], {"SrcT": "DT_INT32", "DstT": "DT_INT64"}, None),
                _import("k", "v"),
            ],
            [0, -1, 2],
        ),
        # keys cast to the type they are
        (
            [
                _const("k64", _tensor64((2,), [5, 7])),
                ("k", "Cast", ["k64"], {"SrcT": "DT_INT64", "DstT": "DT_INT64"}, None),
                _const("v", _tensor64((2,), [1, 2])),
                _import("k", "v"),
            ],
            [1, -1, 2],
        ),
        # an empty table: every key is missing
        ([_const("k", _tensor64((0,), [])), _const("v", _tensor64((0,), [])), _import("k", "v")], [-1, -1, -1]),
    ],
)
def test_a_table_of_computed_or_no_keys_gives_tensorflows_answers(fill: List[Any], expected: List[int]) -> None:
    onnxruntime = pytest.importorskip("onnxruntime")
    np = pytest.importorskip("numpy")
    data = tfcollections.to_onnx(tfcollections.loads(_graph(*_int_table(*fill))), outputs=["y"])
    session = onnxruntime.InferenceSession(data, providers=["CPUExecutionProvider"])
    assert session.run(None, {"q:0": np.array([5, 9, 7], dtype=np.int64)})[0].tolist() == expected


@pytest.mark.parametrize(
    ("fill", "expected"),
    [
        (
            [_const("k", _tensor64((2,), [1, 2])), _const("v", _tensor64((1,), [1])), _import("k", "v")],
            "it gives 2 keys and 1 values",
        ),
        (
            [_const("k", _tensor64((1,), [1])), ("i", "LookupTableImportV2", ["x", "k"], {}, None)],
            "it has 2 inputs where LookupTableImportV2 takes 3",
        ),
        (
            [
                _const("a", _tensor64((), [0])),
                _const("b", _tensor64((), [3])),
                _const("z", _tensor64((), [0])),
                ("k", "Range", ["a", "b", "z"], {"Tidx": "DT_INT64"}, None),
                _import("k", "k"),
            ],
            "its keys come from the Range 'k', of bounds that are not three integers and a step other than 0",
        ),
        (
            [
                _const("f", _floats(2)),
                ("k", "Cast", ["f"], {"SrcT": "DT_FLOAT", "DstT": "DT_INT64"}, None),
                _import("k", "k"),
            ],
            "its keys are cast from DT_FLOAT to DT_INT64 by 'k', which the conversion does not compute",
        ),
        ([_import("nowhere", "nowhere")], "its keys come from 'nowhere', which the graph does not have"),
        (
            [
                _const("a", _tensor64((), [0])),
                _const("b", _tensor64((), [1 << 40])),
                _const("z", _tensor64((), [1])),
                ("k", "Range", ["a", "b", "z"], {"Tidx": "DT_INT64"}, None),
                _import("k", "k"),
            ],
            "its keys come from the Range 'k' of 1099511627776 elements, past the 16777216 a table is read with",
        ),
    ],
)
def test_an_initializer_the_conversion_cannot_compute_is_refused(fill: List[Any], expected: str) -> None:
    with pytest.raises(ConversionError, match=r"^node 'x' \(HashTableV2\): its contents are not known: ") as caught:
        tfcollections.to_onnx(tfcollections.loads(_graph(*_int_table(*fill))), outputs=["y"])
    assert expected in str(caught.value)


def test_a_table_of_a_type_tensorflow_has_no_table_of_is_refused() -> None:
    fill = [_const("k", _tensor64((1,), [1])), _const("v", _tensor64((1,), [1])), _import("k", "v")]
    nodes = _int_table(*fill)
    damaged = [("x", "HashTableV2", [], {"key_dtype": "DT_INT64", "value_dtype": 3}, None), *nodes[1:]]
    with pytest.raises(
        ConversionError, match=r"\(LookupTableImportV2\): the table's key_dtype and value_dtype are not"
    ):
        tfcollections.to_onnx(tfcollections.loads(_graph(*damaged)), outputs=["y"])


def test_a_lookup_of_keys_or_a_default_of_another_type_is_refused() -> None:
    fill = [_const("k", _tensor64((1,), [1])), _const("v", _tensor64((1,), [1])), _import("k", "v")]
    nodes = _int_table(*fill)
    keys = [*nodes[:1], _typed("q", "DT_INT32", 3), *nodes[2:]]
    with pytest.raises(ConversionError, match=r"its keys 'q:0' are DT_INT32, the table's DT_INT64"):
        tfcollections.to_onnx(tfcollections.loads(_graph(*keys)), outputs=["y"])
    default = [*nodes[:2], _const("d", _tensor32((), [-1])), *nodes[3:]]
    with pytest.raises(ConversionError, match=r"its default 'd:0' is DT_INT32, the table's values DT_INT64"):
        tfcollections.to_onnx(tfcollections.loads(_graph(*default)), outputs=["y"])


def test_a_graph_that_parses_examples_is_refused_saying_where_to_cut_and_converts_cut_there() -> None:
    # An Estimator's serving graph: serialized tf.Example records in, ParseExampleV2, the model on its features.
    attrs = {"Tdense": ["DT_FLOAT"], "dense_shapes": [_shape(3)], "num_sparse": 0, "sparse_types": [],
             "ragged_value_types": [], "ragged_split_types": []}  # fmt: skip
    nodes = [
        _typed("records", "DT_STRING", 2), _const("names", _strings()), _const("sparse", _strings()),
        _const("dense", _strings("x")), _const("ragged", _strings()), _const("default", _floats(0)),
        ("p", "ParseExampleV2", ["records", "names", "sparse", "dense", "ragged", "default"], attrs, None),
        ("y", "Relu", ["p"], {"T": "DT_FLOAT"}, None),
    ]  # fmt: skip
    graph = _graph(*nodes)
    with pytest.raises(ConversionError, match=r"ParseExampleV2 \(1 node, first 'p': it parses serialized protos "):
        tfcollections.to_onnx(tfcollections.loads(graph), outputs=["y"])
    model = onnx_model(tfcollections.to_onnx(tfcollections.loads(graph), outputs=["y"], inputs={"p:0": [-1, 3]}))
    assert [item["name"] for item in model["graph"]["input"]] == ["p:0"]
    assert [node["op_type"] for node in model["graph"]["node"]] == ["Relu"]
    # Cut with no shape given: the records' rank (a placeholder's) and dense_shapes say it, as TensorFlow infers it.
    cut = onnx_model(tfcollections.to_onnx(tfcollections.loads(graph), outputs=["y"], inputs=["p:0"]))
    dims = cut["graph"]["input"][0]["type"]["tensor_type"]["shape"]["dim"]
    assert [dim["dim_value"] or dim["dim_param"] for dim in dims] == [2, 3]
    # Records reaching the parsing through identities (a signature's placeholder, inlined): their shape still counts.
    through = _graph(*nodes[:6], ("r", "Identity", ["records"], {"T": "DT_STRING"}, None),
                     ("p", "ParseExampleV2", ["r", *nodes[6][2][1:]], attrs, None), nodes[7])  # fmt: skip
    cut = onnx_model(tfcollections.to_onnx(tfcollections.loads(through), outputs=["y"], inputs=["p:0"]))
    dims = cut["graph"]["input"][0]["type"]["tensor_type"]["shape"]["dim"]
    assert [dim["dim_value"] or dim["dim_param"] for dim in dims] == [2, 3]
    # Attrs that are not TensorFlow's (a count of no kind, shapes of ints): refused the same, no feature named.
    damaged = {**attrs, "num_sparse": b"x", "dense_shapes": [1, 2]}
    broken = _graph(*[(*item[:3], damaged, item[4]) if item[0] == "p" else item for item in nodes])
    with pytest.raises(ConversionError, match=r"it gives: 'p:0' \(--inputs NAME of each"):
        tfcollections.to_onnx(tfcollections.loads(broken), outputs=["y"])
    with pytest.raises(DecodeError):  # cut there, its shape is not known, and a Relu takes any: still no crash
        tfcollections.to_onnx(tfcollections.loads(broken), outputs=["y"], inputs=["p:0"])


def test_the_models_inputs_come_in_the_order_given_else_in_the_graphs() -> None:
    path = DATA / "ops" / "checks_and_stitches.pb"
    outputs = ["mul:0", "Bincount:0", "MatrixSetDiagV2:0"]
    given = onnx_model(tfcollections.to_onnx(path, inputs=["m:0", "x:0", "w:0", "bins:0"], outputs=outputs))
    assert [item["name"] for item in given["graph"]["input"]] == ["m:0", "x:0", "w:0", "bins:0"]
    placeholders = onnx_model(tfcollections.to_onnx(path, outputs=outputs))
    assert [item["name"] for item in placeholders["graph"]["input"]] == ["x:0", "bins:0", "w:0", "m:0"]


def test_a_cut_at_a_later_output_is_a_placeholder_of_its_own_and_the_model_keeps_the_tensors_name() -> None:
    # A split in two, cut at its second half: the node stays for its first, the second is fed.
    graph = tfcollections.loads(_graph(
        _placeholder("x", 2, 4), _const("axis", _tensor32((), [1])),
        ("s", "Split", ["axis", "x"], {"num_split": 2, "T": "DT_FLOAT"}, None),
        ("y", "AddV2", ["s", "s:1"], {"T": "DT_FLOAT"}, None),
    ))  # fmt: skip
    frozen = tfcollections.loads(tfcollections.freeze(graph, outputs=["y"], inputs=["x", "s:1"]), graph=True)
    placeholders = {item["name"]: item["shape"] for item in frozen["meta_graphs"][0]["graph"]["inputs"]}
    assert placeholders == {"x": [2, 4], "s/port_1": None}
    model = onnx_model(tfcollections.to_onnx(graph, outputs=["y"], inputs={"x:0": [2, 4], "s:1": [2, 2]}))
    assert [item["name"] for item in model["graph"]["input"]] == ["x:0", "s:1"]
    assert sorted(node["op_type"] for node in model["graph"]["node"]) == ["Add", "Split"]


def _pipeline_graph() -> bytes:
    # A TF 1 training graph's input: a queue filled by an enqueue (and closed), dequeued in batches of a feature and
    # a label the model takes; a keep probability fed as a placeholder; an iterator's two tensors the same way.
    queue = {"component_types": ["DT_FLOAT", "DT_INT64"], "shapes": [_shape(4), _shape()], "capacity": 8}
    return _graph(
        ("q", "FIFOQueueV2", [], queue, None),
        _placeholder("batch_in", 8, 4), _typed("labels_in", "DT_INT64", 8),
        ("enqueue", "QueueEnqueueManyV2", ["q", "batch_in", "labels_in"], {"Tcomponents": ["DT_FLOAT", "DT_INT64"]},
         None),
        ("close", "QueueCloseV2", ["q"], {}, None),
        _const("n", _tensor32((), [2])),
        ("batch", "QueueDequeueManyV2", ["q", "n"], {"component_types": ["DT_FLOAT", "DT_INT64"],
                                                     "_output_shapes": [_shape(2, 4), _shape(2)]}, None),
        _placeholder("keep"),
        ("scaled", "Mul", ["batch", "keep"], {"T": "DT_FLOAT"}, None),
        ("ids", "Cast", ["batch:1"], {"SrcT": "DT_INT64", "DstT": "DT_FLOAT"}, None),
    )  # fmt: skip


def test_a_graph_read_from_an_input_pipeline_is_cut_at_the_tensors_it_gives() -> None:
    # As tf2onnx converts it: the dequeue's outputs are the model's inputs (under their tensor names, shapes as
    # TensorFlow recorded them), the placeholders left stay inputs, and the queue's other ends are no outputs.
    graph = tfcollections.loads(_pipeline_graph())
    model = onnx_model(tfcollections.to_onnx(graph))
    inputs = {item["name"]: item for item in model["graph"]["input"]}
    assert list(inputs) == ["batch:0", "batch:1", "keep:0"]
    assert [item["name"] for item in model["graph"]["output"]] == ["scaled:0", "ids:0"]
    assert model["doc_string"].splitlines() == [
        "outputs: the graph's ends, as no signature or collection names them",
        "inputs: the input pipeline's batch, cut at the tensors it gives (an ONNX model reads no pipeline)",
    ]
    dims = inputs["batch:0"]["type"]["tensor_type"]["shape"]["dim"]
    assert [dim["dim_value"] for dim in dims] == [2, 4]
    # Inputs given are the cut: the pipeline then is the user's to leave out (here it is not: refused, naming it).
    with pytest.raises(ConversionError, match=r"QueueDequeueManyV2 \(1 node, first 'batch': it is a step of an "):
        tfcollections.to_onnx(graph, inputs=["keep"], outputs=["scaled"])
    # freeze keeps the pipeline, as TensorFlow's freezing does: TensorFlow runs it.
    frozen = tfcollections.loads(tfcollections.freeze(graph, outputs=["scaled"]), graph=True)
    assert "QueueDequeueManyV2" in frozen["meta_graphs"][0]["graph"]["ops"]


def test_a_staging_areas_unstage_is_a_pipeline_read_and_its_stage_no_output() -> None:
    # A StagingArea (IMPALA's scalable_agent): Stage puts a batch, Unstage gives it to the model.
    graph = tfcollections.loads(_graph(
        _placeholder("batch_in", 2, 3),
        ("put", "Stage", ["batch_in"], {"dtypes": ["DT_FLOAT"]}, None),
        ("get", "Unstage", [], {"dtypes": ["DT_FLOAT"], "_output_shapes": [_shape(2, 3)]}, None),
        ("y", "Neg", ["get"], {"T": "DT_FLOAT"}, None),
    ))  # fmt: skip
    model = onnx_model(tfcollections.to_onnx(graph))
    assert [item["name"] for item in model["graph"]["input"]] == ["get:0"]
    assert [item["name"] for item in model["graph"]["output"]] == ["y:0"]


def test_export_says_it_cut_an_input_pipeline(tmp_path: Path) -> None:
    source = tmp_path / "train.pb"
    source.write_bytes(_pipeline_graph())
    result = cli(["export", str(source), str(tmp_path / "model.onnx"), "--outputs", "scaled"])
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode().splitlines()[1:] == [
        "  inputs: batch:0 float32[2,4], keep:0 float32[]",
        "  outputs: scaled:0 float32[2,4]",
        "  inputs chosen by: the input pipeline's batch, cut at the tensors it gives (an ONNX model reads no "
        "pipeline); --inputs NAME chooses others",
    ]


def test_a_graph_that_hashes_strings_is_refused_saying_why_and_converts_cut_after_the_hash() -> None:
    # TFX's apply_vocabulary with out-of-vocabulary buckets: the strings hashed (FarmHash), the ids used after.
    graph = _graph(
        _typed("words", "DT_STRING", 2),
        ("ids", "StringToHashBucketFast", ["words"], {"num_buckets": 7}, None),
        ("y", "Neg", ["ids"], {"T": "DT_INT64"}, None),
    )  # fmt: skip
    with pytest.raises(
        ConversionError,
        match=r"StringToHashBucketFast \(1 node, first 'ids': it hashes each "
        r"string's bytes, and no ONNX op reads the bytes of a string: cut the graph at the hashed ids it gives: "
        r"'ids:0' \(--inputs NAME of each",
    ):
        tfcollections.to_onnx(tfcollections.loads(graph), outputs=["y"])
    model = onnx_model(tfcollections.to_onnx(tfcollections.loads(graph), outputs=["y"], inputs={"ids:0": [2]}))
    assert [item["name"] for item in model["graph"]["input"]] == ["ids:0"]


# ---------------------------------------------------------------- opset 12: a model made at 13, lowered


def _onnx_node(op: str, inputs: List[str], **attrs: Any) -> Dict[str, Any]:
    from tfcollections._convert.values import attribute

    return {"name": f"{op}_node", "op_type": op, "input": inputs, "output": ["y"],
            "attribute": [attribute(key, value) for key, value in attrs.items()]}  # fmt: skip


def _lowered(node: Dict[str, Any], ranks: Dict[str, int], *initializers: Any) -> Dict[str, Any]:
    from tfcollections._convert.lowering import lowered

    graph = {"node": [node], "initializer": list(initializers), "input": [], "output": [{"name": "y"}]}
    lowered(graph, ranks)
    return graph


def test_opset_12_forms_of_what_opset_13_changed() -> None:
    from tfcollections._convert.folding import Const

    axes = Const("DT_INT64", [1], [1]).proto("axes")
    graph = _lowered(_onnx_node("Unsqueeze", ["x", "axes"]), {}, axes)
    assert graph["node"][0]["input"] == ["x"] and graph["node"][0]["attribute"][0]["ints"] == [1]
    assert graph["initializer"] == []  # the axes, now an attribute, are no initializer
    whole = _lowered(_onnx_node("ReduceSum", ["x"], keepdims=0, noop_with_empty_axes=0), {})["node"][0]
    assert [item["name"] for item in whole["attribute"]] == ["keepdims"]  # no axes: every axis, as 12 reads it
    kept = _lowered(_onnx_node("ReduceSum", ["x", "none"], noop_with_empty_axes=1), {},
                    Const("DT_INT64", [0], []).proto("none"))["node"][0]  # fmt: skip
    assert (kept["op_type"], kept["input"], kept["attribute"]) == ("Identity", ["x"], [])
    squeezed = _lowered(_onnx_node("Squeeze", ["x", "none"]), {}, Const("DT_INT64", [0], []).proto("none"))
    assert squeezed["node"][0]["input"] == ["x"] and squeezed["node"][0]["attribute"] == []  # every 1, as at 12
    last = _lowered(_onnx_node("Softmax", ["x"], axis=2), {"x": 3})["node"][0]
    assert [(item["name"], item["i"]) for item in last["attribute"]] == [("axis", -1)]
    resize = _lowered(_onnx_node("Resize", ["x", "", "", "sizes"]), {})
    assert resize["node"][0]["input"] == ["x", "tfcollections/empty_floats", "tfcollections/empty_floats", "sizes"]
    assert [item["dims"] for item in resize["initializer"]] == [[0]]


@pytest.mark.parametrize(
    ("node", "ranks", "expected"),
    [
        (_onnx_node("Softmax", ["x"], axis=1), {"x": 3}, "is over axis 1, not the last"),
        (_onnx_node("Softmax", ["x"], axis=1), {}, "is over axis 1, not the last"),
        (_onnx_node("Squeeze", ["x", "a"]), {}, "its axes 'a' are computed, and opset 12 takes them as an attribute"),
        (_onnx_node("Split", ["x", "s"], axis=0), {}, "its split sizes 's' are computed"),
        (_onnx_node("Cast", ["x"], to=16), {}, "makes bfloat16 values"),
    ],
)
def test_what_opset_12_cannot_say_is_refused(node: Dict[str, Any], ranks: Dict[str, int], expected: str) -> None:
    with pytest.raises(ConversionError, match="convert at opset 13 or later") as caught:
        _lowered(node, ranks)
    assert expected in str(caught.value)


def test_a_model_at_opset_12_passes_onnxs_check_at_12_and_a_bfloat16_one_is_refused() -> None:
    model = onnx_model(tfcollections.to_onnx(model_path("tf1_cnn"), opset=12))
    assert model["opset_import"] == [{"domain": "", "version": 12}] and model["ir_version"] == 7
    with pytest.raises(ConversionError, match="constant 'w:0' is bfloat16, which ONNX's ops take from opset 13"):
        tfcollections.to_onnx(model_path("tf1_bfloat16"), opset=12)


def test_export_of_an_opset_the_conversion_does_not_write_is_a_usage_error(tmp_path: Path) -> None:
    out = tmp_path / "model.onnx"
    result = cli(["export", "tests/data/onnx/tf1_cnn/model.ckpt.meta", str(out), "--opset", "11"])
    assert result.returncode == 2 and result.stdout == b"" and not out.exists()
    assert result.stderr.decode() == (
        "tfcollections export: usage error: --opset 11: the conversion writes opsets 12 to 21\n"
    )


def test_an_initializer_of_a_cycle_of_identities_is_no_hang() -> None:
    # A damaged graph whose initializer names an Identity of itself: refused, never followed round and round.
    nodes = [*_LOOKUP, ("c", "Identity", ["c"], {"T": "DT_RESOURCE"}, None), _const("k", _strings("a")),
             _const("v", _ints64(1)), ("i", "LookupTableImportV2", ["c", "k", "v"], {}, None)]  # fmt: skip
    with pytest.raises(ConversionError, match="no initializer in the graph fills it"):
        tfcollections.to_onnx(tfcollections.loads(_graph(*nodes)), outputs=["y"])


def test_the_default_outputs_leave_out_what_a_tf1_while_loop_computes_inside() -> None:
    # TensorFlow marks a loop's inner nodes not fetchable: an unconsumed one (a body's side computation) is no
    # output; the loop's Exit, and what reads it, are.
    from tfcollections._convert.ends import default_outputs

    def node(name: str, op: str, *inputs: str) -> Dict[str, Any]:
        return {"name": name, "op": op, "input": list(inputs), "attr": {}, "device": ""}

    nodes = [
        node("x", "Placeholder"), node("enter", "Enter", "x"), node("merge", "Merge", "enter", "next"),
        node("less", "Less", "merge"), node("cond", "LoopCond", "less"), node("switch", "Switch", "merge", "cond"),
        node("body", "Identity", "switch:1"), node("step", "AddV2", "body"), node("side", "Neg", "body"),
        node("next", "NextIteration", "step"), node("exit", "Exit", "switch"), node("after", "Neg", "exit"),
        node("alone", "Exit", "switch"),
    ]  # fmt: skip
    assert default_outputs(nodes) == ["after", "alone"]


def test_an_inputs_unknown_dims_are_named_batch_for_a_placeholder_and_after_a_tensor_cut_from_inside() -> None:
    # A placeholder, fed or with a default, is the model's input: its first unknown dim is the batch. A tensor cut
    # from inside (a later output of a node too) is not known to be batched: each of its dims is its own symbol.
    graph = tfcollections.loads(_graph(
        _placeholder("x", -1, 3),
        _const("default", _floats(1, 3)),
        ("scale", "PlaceholderWithDefault", ["default"], {"dtype": "DT_FLOAT", "shape": _shape(-1, 3)}, None),
        ("y", "Mul", ["x", "scale"], {"T": "DT_FLOAT"}, None),
        ("relu", "Relu", ["y"], {"T": "DT_FLOAT"}, None),
        ("parts", "Unpack", ["relu"], {"T": "DT_FLOAT", "num": 3, "axis": 1}, None),
        ("z", "AddV2", ["parts:0", "parts:2"], {"T": "DT_FLOAT"}, None),
    ))  # fmt: skip

    def symbols(inputs: List[str]) -> Dict[str, List[Any]]:
        model = onnx_model(tfcollections.to_onnx(graph, inputs=inputs, outputs=["z"]))
        return {item["name"]: [dim["dim_param"] or dim["dim_value"] for dim in item["type"]["tensor_type"]["shape"]
                               ["dim"]] for item in model["graph"]["input"]}  # fmt: skip

    assert symbols(["x:0", "scale:0"]) == {"x:0": ["batch", 3], "scale:0": ["batch", 3]}
    assert symbols(["parts:0:[-1]", "parts:2:[-1]"]) == {"parts:0": ["parts_dim0"], "parts:2": ["parts_2_dim0"]}
    assert symbols(["relu:0:[-1,3]"]) == {"relu:0": ["relu_dim0", 3]}


def test_a_graph_that_reads_a_tf_data_iterator_is_cut_at_its_tensors() -> None:
    # A TF 1 training graph: batches from a tf.data iterator, the model on them. Cut where the iterator gives them
    # (its declared shapes), the same model as that cut asked for; asked for elsewhere, the iterator is refused.
    graph = tfcollections.loads(_graph(
        ("it", "IteratorV2", [], {"output_types": ["DT_FLOAT"], "output_shapes": [_shape(-1, 3)]}, None),
        ("next", "IteratorGetNext", ["it"], {"output_types": ["DT_FLOAT"], "output_shapes": [_shape(-1, 3)]}, None),
        ("y", "Relu", ["next"], {"T": "DT_FLOAT"}, None),
        ("z", "Neg", ["y"], {"T": "DT_FLOAT"}, None),
    ))  # fmt: skip
    cut = tfcollections.to_onnx(graph, outputs=["z"])
    model = onnx_model(cut)
    assert [item["name"] for item in model["graph"]["input"]] == ["next:0"]
    dims = model["graph"]["input"][0]["type"]["tensor_type"]["shape"]["dim"]
    # Named after the tensor: an iterator's element is not known to be batched.
    assert [dim["dim_param"] or dim["dim_value"] for dim in dims] == ["next_dim0", 3]
    assert onnx_model(tfcollections.to_onnx(graph, outputs=["z"], inputs=["next:0"]))["graph"] == model["graph"]
    with pytest.raises(
        ConversionError,
        match=r"IteratorGetNext \(1 node, first 'next': it is a step of an input "
        r"pipeline .*: cut the graph at the tensors it gives: 'next:0' \(",
    ):
        tfcollections.to_onnx(graph, outputs=["z"], inputs=["it"])


def test_opset_12_lowers_the_bodies_of_branches_and_axes_a_cast_gives() -> None:
    from tfcollections._convert.folding import Const
    from tfcollections._convert.lowering import lowered
    from tfcollections._convert.values import attribute

    axes32, axes64 = Const("DT_INT32", [1], [0]).proto("a32"), Const("DT_INT64", [1], [1]).proto("a64")
    cast = {"name": "cast", "op_type": "Cast", "input": ["a32"], "output": ["axes"], "attribute": [attribute("to", 7)]}
    top = {**_onnx_node("Unsqueeze", ["x", "axes"]), "output": ["c"]}
    branch = {"node": [_onnx_node("Unsqueeze", ["x", "a64"])], "initializer": [], "input": [],
              "output": [{"name": "y"}]}  # fmt: skip
    node = {"name": "if", "op_type": "If", "input": ["c"], "output": ["out"],
            "attribute": [attribute("then_branch", branch), attribute("else_branch", dict(branch))]}  # fmt: skip
    graph = {"node": [cast, top, node], "initializer": [axes32, axes64], "input": [], "output": [{"name": "out"}]}
    lowered(graph, {})
    assert [item["op_type"] for item in graph["node"]] == ["Unsqueeze", "If"]  # the cast of the axes is gone
    assert graph["node"][0]["input"] == ["x"] and graph["node"][0]["attribute"][0]["ints"] == [0]
    inner = graph["node"][-1]["attribute"][0]["g"]["node"][0]
    assert inner["input"] == ["x"] and inner["attribute"][0]["ints"] == [1]
    assert graph["initializer"] == []  # neither set of axes is read as an input any more
    split = _lowered(_onnx_node("Split", ["x"], axis=0), {})["node"][0]
    assert split["input"] == ["x"]  # no sizes: equal parts, the same at 12


def test_a_vocabulary_read_as_line_numbers_must_be_int64(tmp_path: Path) -> None:
    from tfcollections._convert.tablefills import asset_files, fill_tables
    from tfcollections._graph.graphdef import new_node

    (tmp_path / "v.txt").write_bytes(b"a\n")
    table = new_node("t", "HashTableV2", [], {"key_dtype": {"type": "DT_STRING"}, "value_dtype": {"type": "DT_INT32"}})
    fill = new_node(
        "i", "InitializeTableFromTextFileV2", ["t", "f"], {"key_index": {"i": -2}, "value_index": {"i": -1}}
    )

    class Replaced:
        def __init__(self) -> None:
            self.replaced: Dict[str, Any] = {}

    contents, _, _ = fill_tables([table], [table, new_node("f", "Const", [], {}), fill], Replaced(),  # type: ignore[arg-type]
                                 {"f:0": str(tmp_path / "v.txt")}, {})  # fmt: skip
    assert "it reads line numbers into DT_INT32, which TensorFlow refuses" in str(contents["t"])
    listed = {"asset_file_def": [{"tensor_info": {"name": "a:0"}, "filename": "sub/v.txt"},
                                 {"tensor_info": {"name": "b:0"}, "filename": ".."},
                                 {"tensor_info": {"name": "c:0"}, "filename": "v.txt"}]}  # fmt: skip
    assert asset_files(listed, str(tmp_path)) == {"c:0": str(tmp_path / "assets" / "v.txt")}


_TEXT = _typed("x", "DT_STRING", 2)

REFUSED_AT_20 = {
    "a match of numbers": ([_placeholder("x", 2), ("y", "StaticRegexFullMatch", ["x"], {"pattern": b"a"}, None)],
                           "its input 'x:0' is DT_FLOAT: TensorFlow matches strings"),
    "a pattern the graph computes": ([_TEXT, _typed("p", "DT_STRING"), ("y", "RegexFullMatch", ["x", "p"], {}, None)],
                                     "its pattern 'p:0' must be one string the graph gives"),
    "a pattern of no text": ([_TEXT, ("y", "StaticRegexFullMatch", ["x"], {"pattern": 3}, None)],
                             "its pattern is not a string"),
    "a join of numbers": ([_TEXT, _placeholder("b", 2), ("y", "StringJoin", ["x", "b"], {"N": 2}, None)],
                          "its input 'b:0' is DT_FLOAT: TensorFlow joins strings"),
    "a split of a matrix": ([_typed("x", "DT_STRING", 2, 2), _const("s", _scalar_text(",")),
                             ("y", "StringSplitV2", ["x", "s"], {}, None)],
                            "its input 'x:0' is not a vector of strings"),
    "a split at a computed separator": ([_TEXT, _typed("s", "DT_STRING"), ("y", "StringSplitV2", ["x", "s"], {}, None)],
                                        "its separator 's:0' must be one string the graph gives"),
    "a split on whitespace": ([_TEXT, _const("s", _scalar_text("")), ("y", "StringSplitV2", ["x", "s"], {}, None)],
                              "it splits on whitespace (no separator), which onnxruntime's StringSplit does on spaces"),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(REFUSED_AT_20))
def test_what_the_string_rules_of_opset_20_cannot_convert_is_refused(case: str) -> None:
    nodes, expected = REFUSED_AT_20[case]
    with pytest.raises(ConversionError, match=r"^node '[xy]' \(\w+\): ") as caught:
        tfcollections.to_onnx(tfcollections.loads(_graph(*nodes)), outputs=["y"], opset=20)
    assert expected in str(caught.value)


# ---------------------------------------------------------------- what the corpora's TF 1 graphs asked for


def _ort_run(data: bytes, feeds: Dict[str, Any]) -> List[Any]:
    onnxruntime = pytest.importorskip("onnxruntime")
    session = onnxruntime.InferenceSession(data, providers=["CPUExecutionProvider"])
    return list(session.run(None, feeds))


def test_a_matmul_of_an_operand_of_open_rank_is_of_matrices() -> None:
    # Dropout with a keep_prob placeholder of no shape leaves its product's rank open; MatMul's kernel takes
    # matrices alone, so the product is one (a transposed operand too), its dims those the other operand tells.
    np = pytest.importorskip("numpy")
    open_rank = ("x", "Placeholder", [], {"dtype": "DT_FLOAT"}, None)
    weights = [[1.0, 2.0], [3.0, -1.0], [0.5, 4.0]]
    kernel = _const("w", tensor_of("DT_FLOAT", (3, 2), [v for row in weights for v in row]))
    for flip in (False, True):
        product = ("y", "MatMul", ["x", "w"], {"T": "DT_FLOAT", "transpose_a": flip}, None)
        graph = tfcollections.loads(_graph(open_rank, kernel, product, ("z", "ArgMax", ["y", "axis"], {}, None),
                                           _const("axis", _tensor32((), [-1]))))  # fmt: skip
        data = tfcollections.to_onnx(graph, outputs=["y", "z"])
        output = tfcollections.decode_message("onnx.ModelProto", data)["graph"]["output"][0]
        dims = output["type"]["tensor_type"]["shape"]["dim"]
        assert [dim["dim_value"] for dim in dims] == [None, 2]
        x = np.arange(6, dtype=np.float32).reshape((3, 2) if flip else (2, 3))
        y, z = _ort_run(data, {"x:0": x})
        expected = (x.T if flip else x) @ np.array(weights, dtype=np.float32)
        assert np.array_equal(y, expected) and z.tolist() == expected.argmax(axis=-1).tolist()


def test_a_tf1_tensor_arrays_unread_flow_is_no_default_output() -> None:
    # A TF 1 loop writes a TensorArray that nothing reads: its flow leaves the loop through an Exit, a float that
    # stands for the array (no ONNX type holds it). The loop's other Exit is the output.
    from tfcollections._convert.ends import default_outputs

    def node(name: str, op: str, *inputs: str) -> Dict[str, Any]:
        return {"name": name, "op": op, "input": list(inputs), "attr": {"T": {"type": "DT_FLOAT"}}, "device": ""}

    nodes = [
        node("n", "Placeholder"), node("array", "TensorArrayV3", "n"),
        node("enter", "Enter", "array:1"), node("merge", "Merge", "enter", "next"),
        node("count", "Enter", "n"), node("cmerge", "Merge", "count", "cnext"),
        node("cond", "LoopCond", "cmerge"), node("switch", "Switch", "merge", "cond"),
        node("cswitch", "Switch", "cmerge", "cond"), node("body", "Identity", "switch:1"),
        node("write", "TensorArrayWriteV3", "array", "cswitch:1", "cswitch:1", "body"),
        node("next", "NextIteration", "write"), node("cnext", "NextIteration", "cswitch:1"),
        node("flow", "Exit", "switch"), node("done", "Exit", "cswitch"),
    ]  # fmt: skip
    assert default_outputs(nodes) == ["done"]


def test_a_cut_of_an_old_graph_keeps_the_shape_tensorflow_recorded() -> None:
    # Before GraphDef version 22 a Placeholder's shape of no dims was any shape: a queue's scalar cut there (a
    # dropout's keep_prob) is recorded as the scalar TensorFlow recorded for the dequeue.
    recorded = {"list": {"shape": [{"dim": []}, {"dim": [{"size": 2}, {"size": 3}]}]}}
    dequeue = ("q", "QueueDequeueV2", ["queue"], {"component_types": ["DT_FLOAT", "DT_FLOAT"]}, None)
    nodes = [("queue", "FIFOQueueV2", [], {"component_types": ["DT_FLOAT", "DT_FLOAT"]}, None), dequeue,
             ("y", "Mul", ["q:1", "q"], {"T": "DT_FLOAT"}, None)]  # fmt: skip
    # _output_shapes on the dequeue, producer 21 in place of the helper's 1700.
    graph = tfcollections.decode_message("GraphDef", _graph(*nodes))
    graph["node"][1]["attr"]["_output_shapes"] = recorded
    graph["versions"] = {"producer": 21}
    data = tfcollections.to_onnx(tfcollections.loads(tfcollections.encode_message("GraphDef", graph)), outputs=["y"])
    inputs = tfcollections.decode_message("onnx.ModelProto", data)["graph"]["input"]
    shapes = {item["name"]: [d["dim_value"] for d in item["type"]["tensor_type"]["shape"]["dim"]] for item in inputs}
    assert shapes == {"q:0": [], "q:1": [2, 3]}


def test_what_tensordot_computes_of_a_known_rank_is_a_constant() -> None:
    # tf.tensordot of an operand whose rank is known writes its permutation from Range, ListDiff, comparisons and
    # casts of constants: computed at conversion, the Transpose's perm is a constant (it was refused).
    np = pytest.importorskip("numpy")
    nodes = [
        _placeholder("x", 2, 3, 4), _const("rank", _tensor32((), [3])), _const("zero", _tensor32((), [0])),
        _const("one", _tensor32((), [1])), _const("axes", _ints(0)),
        ("range", "Range", ["zero", "rank", "one"], {"Tidx": "DT_INT32"}, None),
        ("ge", "GreaterEqual", ["axes", "zero"], {"T": "DT_INT32"}, None),
        ("ge_i", "Cast", ["ge"], {"SrcT": "DT_BOOL", "DstT": "DT_INT32"}, None),
        ("lt", "Less", ["axes", "zero"], {"T": "DT_INT32"}, None),
        ("lt_i", "Cast", ["lt"], {"SrcT": "DT_BOOL", "DstT": "DT_INT32"}, None),
        ("shifted", "AddV2", ["axes", "rank"], {"T": "DT_INT32"}, None),
        ("kept", "Mul", ["ge_i", "axes"], {"T": "DT_INT32"}, None),
        ("moved", "Mul", ["lt_i", "shifted"], {"T": "DT_INT32"}, None),
        ("free", "AddV2", ["kept", "moved"], {"T": "DT_INT32"}, None),
        ("rest", "ListDiff", ["range", "free"], {"T": "DT_INT32", "out_idx": "DT_INT32"}, None),
        ("perm", "ConcatV2", ["rest", "free", "zero"], {"N": 2, "T": "DT_INT32", "Tidx": "DT_INT32"}, None),
        ("z", "Transpose", ["x", "perm"], {"T": "DT_FLOAT"}, None),
    ]  # fmt: skip
    data = tfcollections.to_onnx(tfcollections.loads(_graph(*nodes)), outputs=["z", "rest", "rest:1"])
    ops = {node["op_type"] for node in tfcollections.decode_message("onnx.ModelProto", data)["graph"]["node"]}
    assert ops == {"Transpose", "Identity"}  # the rest computed at conversion (the constants' outputs Identities)
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    z, rest, places = _ort_run(data, {"x:0": x})
    assert np.array_equal(z, x.transpose(1, 2, 0))  # the free axes first, the contracted one last
    assert rest.tolist() == [1, 2] and places.tolist() == [1, 2]


def test_a_list_diff_of_constants_is_the_one_the_runtime_computes() -> None:
    # The same ListDiff (repeats, a missing element, an empty result) of constants and of fed inputs.
    np = pytest.importorskip("numpy")
    cases = [([4, 1, 4, 7, 2], [4, 9]), ([3, 3], [3]), ([5, -2], [])]
    for x, y in cases:
        diff = ("d", "ListDiff", ["x", "y"], {"T": "DT_INT64", "out_idx": "DT_INT64"}, None)
        folded = tfcollections.to_onnx(tfcollections.loads(_graph(
            _const("x", _ints64(*x)), _const("y", _ints64(*y)), diff)), outputs=["d", "d:1"])  # fmt: skip
        fed = tfcollections.to_onnx(tfcollections.loads(_graph(
            _typed("x", "DT_INT64", len(x)), _typed("y", "DT_INT64", len(y)), diff)), outputs=["d", "d:1"])  # fmt: skip
        feeds = {"x:0": np.array(x, dtype=np.int64), "y:0": np.array(y, dtype=np.int64)}
        assert [v.tolist() for v in _ort_run(folded, {})] == [v.tolist() for v in _ort_run(fed, feeds)]
        # Computed at conversion: the model of constants holds the answer, where the fed one compares at run time.
        ops = [{node["op_type"] for node in tfcollections.decode_message("onnx.ModelProto", data)["graph"]["node"]}
               for data in (folded, fed)]  # fmt: skip
        assert ops[0] <= {"Identity"} and "Compress" in ops[1]


def test_a_cast_of_known_integers_wraps_them_as_the_cast_does() -> None:
    # An int64 beyond int32 cast to int32 keeps its low 32 bits (TensorFlow's static_cast), folded or not.
    nodes = [_const("x", _ints64(2**32 + 5, -1, 2**31)),
             ("y", "Cast", ["x"], {"SrcT": "DT_INT64", "DstT": "DT_INT32"}, None)]  # fmt: skip
    data = tfcollections.to_onnx(tfcollections.loads(_graph(*nodes)), outputs=["y"])
    assert _ort_run(data, {})[0].tolist() == [5, -1, -(2**31)]


@pytest.mark.parametrize("keep", [False, True])
def test_a_reduction_over_every_axis_of_an_open_rank_needs_no_opset_18(keep: bool) -> None:
    # tf.reduce_mean(x) of an x of open rank reduces over range(0, rank(x)): computed axes, which ReduceMean takes
    # as an input from opset 18 only; they are every axis, which a reduction given no axes reduces over.
    np = pytest.importorskip("numpy")
    nodes = [
        ("x", "Placeholder", [], {"dtype": "DT_FLOAT"}, None), _const("zero", _tensor32((), [0])),
        _const("one", _tensor32((), [1])), ("rank", "Rank", ["x"], {"T": "DT_FLOAT"}, None),
        ("axes", "Range", ["zero", "rank", "one"], {"Tidx": "DT_INT32"}, None),
        ("y", "Mean", ["x", "axes"], {"T": "DT_FLOAT", "keep_dims": keep}, None),
        ("z", "Max", ["x", "axes"], {"T": "DT_FLOAT", "keep_dims": keep}, None),
    ]  # fmt: skip
    data = tfcollections.to_onnx(tfcollections.loads(_graph(*nodes)), outputs=["y", "z"], opset=17)
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4) - 5.5
    y, z = _ort_run(data, {"x:0": x})
    assert y.shape == ((1, 1, 1) if keep else ()) and float(y.reshape(())) == float(x.mean())
    assert float(z.reshape(())) == float(x.max())
    # Axes of another value, or not from 0 by 1, stay computed: refused below opset 18, as before.
    other = [*nodes[:3], ("w", "Placeholder", [], {"dtype": "DT_FLOAT"}, None),
             ("rank", "Rank", ["w"], {"T": "DT_FLOAT"}, None), *nodes[4:6]]  # fmt: skip
    with pytest.raises(ConversionError, match=r"its axes \('axes:0'\) are computed, which ReduceMean takes"):
        tfcollections.to_onnx(tfcollections.loads(_graph(*other)), outputs=["y"], opset=17)
