# SPDX-License-Identifier: Apache-2.0
"""Freezing and the ONNX conversion, without onnx or onnxruntime (tests/test_onnx_run.py runs the models).

The fixtures are TensorFlow's (tools/generate_onnx_fixtures.py, tests/data/onnx/manifest.json); TensorFlow ran the
library's frozen graphs of them (tools/check_freeze.py), and its verdicts are recorded with the SHA-256 of the bytes
it ran: a freeze here that gives other bytes is one TensorFlow has not checked, and fails.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Dict, List

import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st

import tfcollections
from tfcollections import DecodeError
from tfcollections._convert.freeze import _part_of
from tfcollections._convert.graphdef import Graph
from tfcollections._convert.onnx import parse_input
from tfcollections._convert.values import ConversionError, transpose
from tfcollections._disk.source import source_of
from tfcollections._tensor import Tensor

DATA = Path(__file__).parent / "data" / "onnx"
MANIFEST: Dict[str, Any] = json.loads((DATA / "manifest.json").read_text())
CHECKED: Dict[str, Any] = json.loads((DATA / "freeze_check.json").read_text())["models"]
RESTORE = Path(__file__).parent / "data" / "checkpoints" / "restore"


def model_path(name: str) -> Path:
    return DATA / name / MANIFEST["models"][name]["model"]


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
    frozen = tfcollections.freeze(model_path(name), outputs=MANIFEST["models"][name]["outputs"])
    assert hashlib.sha256(frozen).hexdigest() == verdict["sha256"]
    assert verdict["agrees"] and verdict["max_relative_difference"] <= 1e-6


@pytest.mark.parametrize("name", sorted(CHECKED))
def test_a_frozen_graph_holds_no_variable_saver_initializer_optimizer_or_summary(name: str) -> None:
    graph = graph_of(tfcollections.freeze(model_path(name)))
    ops = set(graph["ops"])
    assert graph["variables"] == []
    assert not ops & {"VariableV2", "VarHandleOp", "ReadVariableOp", "ResourceGather", "Assign", "SaveV2",
                      "RestoreV2", "ApplyGradientDescent", "MergeSummary", "ScalarSummary", "NoOp"}  # fmt: skip
    # By default the outputs are the model's own (the training op, the summary and the saver are no outputs).
    assert [item["name"] for item in graph["outputs"]] == [
        name.split(":")[0] for name in MANIFEST["models"][name]["outputs"]
    ]
    assert [item["op"] for item in graph["inputs"]] == ["Placeholder"]


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
        nodes = tfcollections.decode_message("GraphDef", tfcollections.freeze(model_path(name)))["node"]
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
    model = onnx_model(tfcollections.to_onnx(model_path(name), outputs=about["outputs"]))
    graph = model["graph"]
    assert [item["name"] for item in graph["input"]] == about["inputs"]
    assert [item["name"] for item in graph["output"]] == about["outputs"]
    assert model["opset_import"] == [{"domain": "", "version": 17}]
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
                                 "'a'); Switch (1 node, first 'c')")  # fmt: skip
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
    nodes = [
        {"name": "x", "op": "Placeholder", "attr": {**FLOAT, "shape": {"shape": {"unknown_rank": True}}}},
        {"name": "s", "op": "Squeeze", "input": ["x"]},
    ]
    with pytest.raises(ConversionError, match=r"node 's' \(Squeeze\): .*unknown rank.*--inputs NAME:SHAPE"):
        tfcollections.to_onnx(tfcollections.loads(graph_def(nodes)), outputs=["s"])


def test_the_model_is_written_under_a_temporary_name_and_renamed(tmp_path: Path) -> None:
    target = tmp_path / "cnn.onnx"
    data = tfcollections.to_onnx(model_path("tf1_cnn"), path=target)
    assert target.read_bytes() == data and [p.name for p in tmp_path.iterdir()] == ["cnn.onnx"]


def test_an_opset_outside_the_range_is_refused() -> None:
    with pytest.raises(ValueError, match="opset 12 is not one the conversion writes"):
        tfcollections.to_onnx(model_path("tf1_cnn"), opset=12)


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
    assert lines[0].startswith(f"{out}: ONNX, opset 17, 18 nodes (Add 3, Conv 2, ")
    assert lines[1:] == ["  inputs: x:0 float32[batch,16,16,3]",
                         "  outputs: probabilities:0 float32[?,10], classes:0 int64[?]"]  # fmt: skip
    assert out.read_bytes() == tfcollections.to_onnx(model_path("tf1_cnn"))
    again = cli(["export", "tests/data/onnx/tf1_cnn/model.ckpt.meta", str(out)])
    assert again.returncode == 1 and b"exists (give force=True, --force, to replace it)" in again.stderr


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
    assert bad.returncode == 1 and bad.stderr.decode().count("\n") == 1
    assert "not written: variable 'conv1/kernel': the checkpoint" in bad.stderr.decode()


# ---------------------------------------------------------------- damaged graphs


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
    except ConversionError as exc:  # the node the conversion stopped at, or the ops it lacks, named
        event("refused by the conversion")
        assert str(exc).startswith(("node ", "the conversion does not cover", "output ")), str(exc)
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


def test_a_tf2_saved_model_is_refused_as_what_it_is() -> None:
    with pytest.raises(DecodeError, match=r"a TF 2 SavedModel \(it has an object graph\): its signatures call"):
        tfcollections.freeze(Path(__file__).parent / "data" / "checkpoints" / "keras2")


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
