# SPDX-License-Identifier: Apache-2.0
"""Subgraph views: the nodes of a scope and what crosses its boundary, as TF 1's SubGraphView gives them.

tests/data/subgraph/ was written by TensorFlow 1.15 (tools/generate_subgraph_fixtures.py): a TF 1 model with
nested scopes, a while loop, a cond, control dependencies and a Defun function, and ``EXPECTED.json``, what
``graph_editor.make_view_from_scope`` says of every scope of one to three components (49 views), with each tensor's
dtype, shape and consumers as the ``tf.Graph`` has them. The other cases are graphs built here, byte by byte.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path
from typing import Any, Dict, List

import pytest
from hypothesis import given, strategies as st

import tfcollections
from tfcollections import DecodeError
from tfcollections._graph.optypes import output_args, output_spec

from .helpers import field

DATA = Path(__file__).parent / "data" / "subgraph"
MODEL = DATA / "model.meta"
EXPECTED: Dict[str, Any] = json.loads((DATA / "EXPECTED.json").read_text())
FIELDS = ("tensor", "producer", "op", "dtype", "shape", "consumers")


def _written_as_in_inputs(name: str) -> str:
    """TensorFlow's tensor name (``x:0``) as a NodeDef's input writes it (``x``)."""
    node, _, index = name.rpartition(":")
    return node if index == "0" else name


def _as_tensorflow_gives_it(view: Dict[str, Any]) -> Dict[str, Any]:
    """A view of ``EXPECTED.json`` in the library's terms: names as inputs write them, each consumer once."""

    def tensor(entry: Dict[str, Any]) -> Dict[str, Any]:
        return dict(
            entry, tensor=_written_as_in_inputs(entry["tensor"]), consumers=list(dict.fromkeys(entry["consumers"]))
        )

    return dict(view, inputs=[tensor(entry) for entry in view["inputs"]],
                outputs=[tensor(entry) for entry in view["outputs"]])  # fmt: skip


def _as_subgraphview(ours: Any) -> Dict[str, Any]:
    """Our view in SubGraphView's terms: its outputs are ours and the unconsumed ones, in op then output order."""
    position = {node["name"]: index for index, node in enumerate(ours["ops"])}

    def output_index(name: str) -> int:
        _, colon, index = name.rpartition(":")
        return int(index) if colon and index.isdigit() else 0

    produced = [{key: entry.get(key, []) for key in FIELDS} for entry in ours["outputs"] + ours["unconsumed"]]
    produced.sort(key=lambda entry: (position[entry["producer"]], output_index(entry["tensor"])))
    return {
        "scope": ours["scope"],
        "ops": ours["ops"],
        "inputs": [{key: entry[key] for key in FIELDS} for entry in ours["inputs"]],
        "outputs": produced,
        "control_inputs": ours["control_inputs"],
        "control_outputs": ours["control_outputs"],
    }


@pytest.mark.slow
@pytest.mark.parametrize("path", [MODEL, DATA / "model.meta.txt"], ids=["binary", "text"])
def test_every_scope_is_what_tensorflow_1s_subgraphview_says(path: Path) -> None:
    model = tfcollections.load(path)
    views: List[Dict[str, Any]] = EXPECTED["views"]
    assert len(views) == 49
    for expected in views:
        ours = tfcollections.subgraph(model, expected["scope"])
        assert _as_subgraphview(ours) == _as_tensorflow_gives_it(expected), expected["scope"]
        assert ours["dangling"] == [] and ours["outputs_unknown"] == []


def test_a_while_loop_cut_through_and_a_cond() -> None:
    model = tfcollections.load(MODEL)
    # The loop's add: its result goes round the loop through NextIteration, which is outside the scope.
    add = tfcollections.subgraph(model, "loop/while/add")
    assert [entry["consumers"] for entry in add["outputs"]] == [["loop/while/NextIteration"]]
    assert [entry["tensor"] for entry in add["inputs"]] == ["loop/while/Identity"]
    # The whole loop: what comes in is the counter and the half of the split; Exit_1 leaves, Exit (the counter) is
    # used by nothing.
    loop = tfcollections.subgraph(model, "loop")
    assert [entry["tensor"] for entry in loop["inputs"]] == ["encoder/halves"]
    assert {entry["tensor"] for entry in loop["unconsumed"]} >= {"loop/while/Exit"}
    # The split's second half is used by the gradients only; the variables' Assign ops by nothing (references).
    encoder = tfcollections.subgraph(model, "encoder")
    outputs = {entry["tensor"]: entry for entry in encoder["outputs"]}
    assert outputs["encoder/halves:1"]["consumers"] == ["gradients/zeros_like_1"]
    assert (outputs["encoder/halves:1"]["dtype"], outputs["encoder/halves:1"]["shape"]) == ("DT_FLOAT", [-1, 4])
    unconsumed = {entry["tensor"]: entry for entry in encoder["unconsumed"]}
    assert unconsumed["encoder/layer1/dense/kernel/Assign"]["dtype"] == "DT_FLOAT_REF"
    # A cond's branches: the predicate comes in; the control dependency of logits on the assertion goes out.
    check = tfcollections.subgraph(model, "check_rank")
    assert "logits" not in check["control_outputs"] and check["control_outputs"]


def test_a_function_called_by_its_name_has_its_signatures_outputs() -> None:
    model = tfcollections.load(MODEL)
    post = tfcollections.subgraph(model, "post")
    call = [node for node in post["ops"] if node["op"] == "triple"]
    assert call and post["outputs_unknown"] == []
    body = tfcollections.subgraph(model, re.compile(""), function="triple")
    assert body["function"] == "triple" and body["scope"] == ""
    (argument,) = body["inputs"]
    assert (argument["op"], argument["dtype"], argument["producer"]) == ("_Arg", "DT_FLOAT", argument["tensor"])
    (result,) = body["outputs"]
    assert result["results"] and result["consumers"] == [] and result["tensor"].count(":") == 2


def _node(name: str, op: str, *inputs: str, attrs: bytes = b"") -> bytes:
    return field(1, name.encode()) + field(2, op.encode()) + b"".join(field(3, i.encode()) for i in inputs) + attrs


def _attr(key: str, value: bytes) -> bytes:
    return field(5, field(1, key.encode()) + field(2, value))


def _graph(*nodes: bytes, library: bytes = b"") -> bytes:
    """A MetaGraphDef (its meta_info_def, then a GraphDef of *nodes*): a bare GraphDef, or a graph_def alone, of a
    few nodes may read as another message."""
    graph = b"".join(field(1, node) for node in nodes) + (field(2, library) if library else b"")
    return field(1, field(1, b"test")) + field(2, graph)


_FLOAT = b"\x30\x01"  # AttrValue {type: DT_FLOAT}


def test_scope_rule_boundaries_patterns_and_an_empty_view() -> None:
    graph = _graph(
        _node("dense/w", "Const", attrs=_attr("dtype", _FLOAT)),
        _node("dense", "Identity", "dense/w", attrs=_attr("T", _FLOAT)),
        _node("dense_1/w", "Identity", "dense", attrs=_attr("T", _FLOAT)),
        _node("a.b/x", "Identity", "dense_1/w", attrs=_attr("T", _FLOAT)),
        _node("axb/y", "Identity", "a.b/x", attrs=_attr("T", _FLOAT)),
    )
    model = tfcollections.loads(graph)
    view = tfcollections.subgraph(model, "dense")
    assert [node["name"] for node in view["ops"]] == ["dense/w", "dense"]  # not dense_1/...
    assert view["outputs"] == [{"tensor": "dense", "producer": "dense", "op": "Identity", "dtype": "DT_FLOAT",
                                "shape": None, "consumers": ["dense_1/w"], "results": []}]  # fmt: skip
    assert [node["name"] for node in tfcollections.subgraph(model, "dense/")["ops"]] == ["dense/w"]
    # A scope is a regular expression, as get_collection's is: "a.b" also selects "axb".
    assert [node["name"] for node in tfcollections.subgraph(model, "a.b")["ops"]] == ["a.b/x", "axb/y"]
    assert [node["name"] for node in tfcollections.subgraph(model, re.compile(r"a\.b/"))["ops"]] == ["a.b/x"]
    empty = tfcollections.subgraph(model, "nothing")
    assert empty["ops"] == [] and empty["inputs"] == empty["outputs"] == [] and empty["unconsumed"] == []
    assert empty["control_inputs"] == empty["control_outputs"] == empty["dangling"] == []


def test_inputs_from_nodes_the_graph_lacks_are_dangling_not_a_crash() -> None:
    graph = _graph(
        _node("s/a", "Identity", "missing:1", "^gone", "outside", attrs=_attr("T", _FLOAT)),
        _node("outside", "Placeholder", attrs=_attr("dtype", _FLOAT) + _attr("shape", field(7, field(2, b"\x08\x03")))),
        _node("s/b", "Mystery", "s/a", "^outside"),
        _node("after", "Identity", "s/b:2", "^s/a"),
    )
    view = tfcollections.subgraph(tfcollections.loads(graph), "s")
    assert view["inputs"] == [
        {"tensor": "missing:1", "producer": "missing", "op": None, "dtype": None, "shape": None, "consumers": ["s/a"],
         "results": []},
        {"tensor": "outside", "producer": "outside", "op": "Placeholder", "dtype": "DT_FLOAT", "shape": [3],
         "consumers": ["s/a"], "results": []},
    ]  # fmt: skip
    assert view["control_inputs"] == ["gone", "outside"]
    assert view["dangling"] == ["missing", "gone"]
    # An op no TensorFlow registers: its outputs that are used are known, the rest cannot be listed.
    assert view["outputs"][0]["tensor"] == "s/b:2" and view["outputs"][0]["dtype"] is None
    assert view["outputs_unknown"] == ["s/b"]
    assert view["control_outputs"] == ["s/a"]


def test_outputs_by_the_ops_registry_with_attrs_and_defaults() -> None:
    assert output_spec("Equal") == "z:DT_BOOL"
    assert output_spec("NoOp") == "" and output_spec("NoSuchOp") is None
    assert output_args(output_spec("Shape") or "", {}) == [("output", ["DT_INT32"])]  # out_type's default
    split = output_spec("Split") or ""
    assert output_args(split, {}) is None  # num_split has no default: how many is not known
    num = {"num_split": {"i": 3}, "T": {"type": "DT_HALF"}}
    assert output_args(split, num) == [("output", ["DT_HALF"] * 3)]
    assert output_args(output_spec("VariableV2") or "", {"dtype": {"type": "DT_FLOAT"}}) == [("ref", ["DT_FLOAT_REF"])]
    assert output_args(output_spec("IdentityN") or "", {"T": {"list": {"type": ["DT_INT8", "DT_BOOL"]}}}) == [
        ("output", ["DT_INT8", "DT_BOOL"])
    ]
    # A Split whose num_split is too large to be real is not believed.
    assert output_args(split, {"num_split": {"i": 1 << 40}, "T": {"type": "DT_HALF"}}) is None


def test_a_library_function_body() -> None:
    signature = (field(1, b"f") + field(2, field(1, b"x") + b"\x18\x01") + field(3, field(1, b"y") + b"\x18\x01")
                 + field(3, field(1, b"z") + field(4, b"T")))  # fmt: skip
    body = (
        field(3, _node("scale/mul", "Mul", "x", "scale/k:output:0", attrs=_attr("T", _FLOAT)))
        + field(3, _node("scale/k", "Const", attrs=_attr("dtype", _FLOAT)))
        + field(3, _node("done", "NoOp", "^scale/mul"))
        + field(4, field(1, b"y") + field(2, b"scale/mul:z:0"))
        + field(6, field(1, b"finished") + field(2, b"done"))
    )
    graph = _graph(_node("call", "f", "input"), library=field(1, field(1, signature) + body))
    model = tfcollections.loads(graph)
    view = tfcollections.subgraph(model, "scale", function="f")
    assert [node["name"] for node in view["ops"]] == ["scale/mul", "scale/k"]
    assert view["inputs"] == [{"tensor": "x", "producer": "x", "op": "_Arg", "dtype": "DT_FLOAT", "shape": None,
                               "consumers": ["scale/mul"], "results": []}]  # fmt: skip
    assert view["outputs"] == [{"tensor": "scale/mul:z:0", "producer": "scale/mul", "op": "Mul", "dtype": "DT_FLOAT",
                                "shape": None, "consumers": [], "results": ["y"]}]  # fmt: skip
    assert view["control_outputs"] == ["scale/mul"]
    done = tfcollections.subgraph(model, "done", function="f")
    assert done["control_outputs"] == ["done"] and done["control_inputs"] == ["scale/mul"]
    # The call by the function's name: its outputs are the signature's results (z's type attr is unset: None).
    caller = tfcollections.subgraph(model, "call")
    assert caller["unconsumed"] == [
        {"tensor": "call", "producer": "call", "op": "f", "dtype": "DT_FLOAT", "shape": None},
        {"tensor": "call:1", "producer": "call", "op": "f", "dtype": None, "shape": None},
    ]
    with pytest.raises(ValueError, match=r"no function 'g' in the graph's library \(it has 1: f\)"):
        tfcollections.subgraph(model, "scale", function="g")


def test_paths_streams_and_bad_arguments(tmp_path: Path) -> None:
    by_path = tfcollections.subgraph(MODEL, "encoder/layer1")
    assert by_path == tfcollections.subgraph(tfcollections.load(MODEL), "encoder/layer1")
    streamed = tfcollections.load(io.BytesIO(MODEL.read_bytes()))
    assert tfcollections.subgraph(streamed, "encoder/layer1")["inputs"] == by_path["inputs"]
    with pytest.raises(ValueError, match=r"meta_graph 1: the model has 1 meta graph\(s\), from 0"):
        tfcollections.subgraph(MODEL, "encoder", meta_graph=1)
    with pytest.raises(TypeError, match="scope must be a str or a compiled str pattern, not 'int'"):
        tfcollections.subgraph(MODEL, 3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a copy keeps no file"):
        tfcollections.subgraph(dict(tfcollections.load(MODEL)), "encoder")  # type: ignore[arg-type]


def test_a_damaged_graph_says_where() -> None:
    good = _node("a", "Identity", "b")
    damaged = _graph(good, _node("c", "Identity") + b"\x1a\x05ab")  # an input cut off by the node's end
    with pytest.raises(DecodeError) as caught:
        tfcollections.subgraph(tfcollections.loads(damaged), "a")
    assert caught.value.path[:4] == ("MetaGraphDef", "graph_def", "node", 1) and "truncated" in str(caught.value)
    not_utf8 = _graph(field(1, b"a") + field(2, b"Identity") + field(3, b"b\xff"))
    with pytest.raises(DecodeError, match="invalid UTF-8"):
        tfcollections.subgraph(tfcollections.loads(not_utf8), "a")


def test_several_graph_def_fields_merge_and_a_long_chain_is_viewed() -> None:
    # Two graph_def occurrences: their nodes in order, as protobuf merges them.
    chain = [_node(f"block_{index // 100}/n{index}", "Identity", f"block_{(index - 1) // 100}/n{index - 1}",
                   attrs=_attr("T", _FLOAT)) for index in range(1, 1000)]  # fmt: skip
    first = _graph(_node("block_0/n0", "Placeholder", attrs=_attr("dtype", _FLOAT)), *chain[:500])
    meta = first + _graph(*chain[500:])[8:]  # the second without its meta_info_def
    model = tfcollections.loads(meta)
    view = tfcollections.subgraph(model, "block_5")
    assert len(view["ops"]) == 100
    assert [entry["tensor"] for entry in view["inputs"]] == ["block_4/n499"]
    assert [(entry["tensor"], entry["consumers"]) for entry in view["outputs"]] == [("block_5/n599", ["block_6/n600"])]


def test_the_walk_reads_every_encoding_protobuf_reads() -> None:
    # Fields a writer may use that TensorFlow does not: an unknown varint and a two-byte tag in a node, a node past
    # 4 KiB (walked in place) and one past 16 KiB (its length in three bytes), unknown fields beside the nodes.
    big_attr = _attr("_class", field(1, field(2, b"loc:@" + b"x" * 20_000)))
    nodes = [
        _node("s/a", "Identity", "p", attrs=_attr("T", _FLOAT)) + b"\x48\x07" + field(20, b"unknown"),
        _node("s/b", "Identity", "s/a", attrs=_attr("T", _FLOAT) + _attr("_class", field(1, field(2, b"y" * 5000)))),
        _node("s/c", "Identity", "s/b", attrs=_attr("T", _FLOAT) + big_attr),
        _node("p", "Placeholder", attrs=_attr("dtype", _FLOAT)),
        _node("q", "Identity", "s/c", attrs=_attr("T", _FLOAT)),
    ]
    graph = b"".join(field(1, node) for node in nodes) + b"\x18\x05" + field(9, b"unknown")
    view = tfcollections.subgraph(tfcollections.loads(field(2, graph)), "s")
    assert [node["name"] for node in view["ops"]] == ["s/a", "s/b", "s/c"]
    assert [entry["tensor"] for entry in view["inputs"]] == ["p"]
    assert [(entry["tensor"], entry["dtype"]) for entry in view["outputs"]] == [("s/c", "DT_FLOAT")]


@pytest.mark.parametrize(
    ("node", "message"),
    [
        (field(1, b"a") + b"\x02\x01", "invalid field number 0"),
        (field(1, b"a") + field(9, b"x" * 200)[:-50], "truncated"),
        (field(1, b"a") + b"\x1a", "truncated"),
        (field(1, b"a") + field(3, b"x" * 200)[:-50], "truncated"),
        (field(1, b"a") + b"\x4d\x01", "truncated"),  # a fixed32 cut off
    ],
    ids=["field-0", "long-unknown-cut", "tag-only", "long-input-cut", "fixed32-cut"],
)
def test_a_node_that_is_not_well_formed_is_refused(node: bytes, message: str) -> None:
    data = field(2, field(1, _node("ok", "NoOp")) + field(1, node))
    try:
        model = tfcollections.loads(data)
    except DecodeError:
        pytest.skip("refused already when read")  # the file's own walk found it: not the view's to say
    with pytest.raises(DecodeError, match=message) as caught:
        tfcollections.subgraph(model, "a")
    assert caught.value.path[:4] == ("MetaGraphDef", "graph_def", "node", 1)


def test_graph_level_damage_and_field_zero() -> None:
    for graph, message in [(b"\x02\x00", "invalid field number 0"), (field(1, b"\x0a\x01a")[:-1] + b"", "truncated")]:
        try:
            model = tfcollections.loads(field(2, graph))
        except DecodeError:
            continue
        with pytest.raises(DecodeError, match=message):
            tfcollections.subgraph(model, "a")


def test_attrs_are_read_as_protobuf_reads_them() -> None:
    shape_of_3 = field(1, field(7, field(2, b"\x08\x03")))  # list {shape {dim {size: 3}}}
    unknown_field_entry = field(5, field(1, b"T") + field(2, b"\x30\x03") + b"\x18\x01")  # not in the map
    long_shapes = field(1, field(7, field(2, b"\x08\x03") * 40))
    nodes = [
        _node("p", "Placeholder", attrs=_attr("dtype", _FLOAT) + _attr("_output_shapes", shape_of_3)),
        _node(
            "s/a",
            "Identity",
            "p",
            attrs=unknown_field_entry
            + _attr("T", b"\x30\x09")
            + _attr("_output_shapes", long_shapes)
            + _attr("value", b"\xff\xff"),
        ),
        _node("s/b", "Identity", "s/a", attrs=_attr("T", b"\x30\x63")),  # a dtype no DataType names
        _node("out", "AddN", "s/a", "s/b"),
    ]
    view = tfcollections.subgraph(tfcollections.loads(_graph(*nodes)), "s")
    assert view["inputs"][0]["shape"] == [3]
    outputs = {entry["tensor"]: entry for entry in view["outputs"]}
    assert outputs["s/a"]["dtype"] == "DT_INT64" and outputs["s/a"]["shape"] == [3] * 40
    assert outputs["s/b"]["dtype"] is None
    damaged = _node("s/a", "Identity", "p", attrs=_attr("T", b"\x30"))  # a varint cut off
    with pytest.raises(DecodeError, match="truncated") as caught:
        tfcollections.subgraph(tfcollections.loads(_graph(nodes[0], damaged)), "s")
    assert caught.value.path[2:5] == ("node", 1, "attr")


def test_a_function_body_in_every_form() -> None:
    many = field(3, field(1, b"many") + field(4, b"T") + field(5, b"N"))
    listed = field(3, field(1, b"listed") + field(6, b"Tout"))
    ref = field(3, field(1, b"ref") + b"\x18\x01\x80\x01\x01")  # type DT_FLOAT, is_ref
    signature = field(1, b"f") + many + listed + ref
    body = (
        field(3, _node("n", "Split", "arg:0", "arg", attrs=_attr("T", _FLOAT) + _attr("num_split", b"\x18\x02")))
        + field(3, _node("m", "Identity", "n:output:1", "n:output:7", "n:output", "bad:x:y:z", "n:output:q"))
        + field(4, field(1, b"many") + field(2, b"n:output:0"))
    )
    graph = _graph(_node("call", "f", attrs=_attr("T", _FLOAT) + _attr("N", b"\x18\x02")),
                   library=field(1, field(1, signature) + body))  # fmt: skip
    model = tfcollections.loads(graph)
    view = tfcollections.subgraph(model, "m", function="f")
    assert [entry["tensor"] for entry in view["inputs"]] == ["n:output:1", "n:output:7", "n:output:0", "bad:x:y:z",
                                                              "n:output:q"]  # fmt: skip
    assert [entry["dtype"] for entry in view["inputs"]][:3] == ["DT_FLOAT", None, "DT_FLOAT"]
    assert view["dangling"] == ["bad:x:y:z", "n:output:q"]
    split = tfcollections.subgraph(model, "n", function="f")
    # An output the op does not have (Split has two here) is listed after those it has, its dtype not known.
    assert [(entry["tensor"], entry["results"], entry["dtype"]) for entry in split["outputs"]] == [
        ("n:output:0", ["many"], "DT_FLOAT"),
        ("n:output:1", [], "DT_FLOAT"),
        ("n:output:7", [], None),
    ]
    # "arg:0" names output 0 of a node "arg"'s output argument "0"; "arg" an argument the signature lacks.
    assert [(entry["tensor"], entry["op"]) for entry in split["inputs"]] == [("arg:0:0", None), ("arg", None)]
    assert split["dangling"] == ["arg"]
    # The call: many (T*N), listed ([Tout], not given: not known), so its outputs cannot be listed.
    assert tfcollections.subgraph(model, "call")["outputs_unknown"] == ["call"]


def test_a_text_format_function_and_a_missing_one() -> None:
    text = (DATA / "model.meta.txt").read_text()
    model = tfcollections.loads(text.encode())
    body = tfcollections.subgraph(model, re.compile(""), function="triple")
    assert body == tfcollections.subgraph(tfcollections.load(MODEL), re.compile(""), function="triple")
    with pytest.raises(ValueError, match=r"no function 'nope' in the graph's library \(it has 1: triple\)"):
        tfcollections.subgraph(model, "x", function="nope")
    with pytest.raises(ValueError, match=r"no function 'nope': the graph has no function library"):
        tfcollections.subgraph(tfcollections.loads(_graph(_node("a", "NoOp"))), "a", function="nope")


def test_a_damaged_function_says_where() -> None:
    signature = field(1, b"f") + field(3, field(1, b"y") + field(6, b"Tout"))
    damaged_body = field(3, _node("n", "NoOp") + b"\x2a\x05\x0a")  # an attr entry cut off
    model = tfcollections.loads(_graph(_node("call", "f"), library=field(1, field(1, signature) + damaged_body)))
    with pytest.raises(DecodeError, match="truncated") as caught:
        tfcollections.subgraph(model, "n", function="f")
    assert caught.value.path[:6] == ("MetaGraphDef", "graph_def", "library", "function", 0, "node_def")
    # A call of it is read all the same: its signature reads, its outputs ([Tout], not given) are not known.
    assert tfcollections.subgraph(model, "call")["outputs_unknown"] == ["call"]
    bad_signature = field(1, b"g") + field(3, b"\x0a\x05y")  # an output argument's name cut off
    model = tfcollections.loads(_graph(_node("call", "g"), library=field(1, field(1, bad_signature))))
    with pytest.raises(DecodeError, match="truncated") as caught:
        tfcollections.subgraph(model, "call")
    assert caught.value.path[2:6] == ("library", "function", 0, "signature")


def test_the_command_line_shows_the_view_and_json_carries_it() -> None:
    from .test_cli import _run

    path = str(MODEL.relative_to(Path(__file__).parent.parent))
    result = _run([path, "--scope-boundary", "encoder/layer1", "--subgraph"])
    assert result.returncode == 0, result.stderr
    out = result.stdout.decode()
    assert out.startswith(f"{path}: MetaGraphDef (binary)\nmeta graph 0: tags (none)\n")
    assert "  subgraph 'encoder/layer1' of the graph: 17 of 300 nodes\n" in out
    assert "    inputs (1): consumed inside, produced outside\n" in out
    assert "      x       Placeholder  float32  (?, 4)  encoder/layer1/dense/MatMul\n" in out
    assert "float32_ref" in out and "    ops (" in out
    as_json = json.loads(_run([path, "--scope", "encoder/layer1/", "--subgraph", "--json"]).stdout)
    (view,) = as_json["views"]
    assert view == json.loads(json.dumps(tfcollections.subgraph(MODEL, re.compile("encoder/layer1/"))))
    function = _run([path, "--scope", "", "--subgraph", "--function", "triple"]).stdout.decode()
    assert "  subgraph '' of function triple: " in function and "result " in function


@pytest.mark.parametrize(
    ("args", "status", "message"),
    [
        (["--subgraph"], 2, "--subgraph views a scope: give --scope-boundary SCOPE (or --scope REGEX)"),
        (["--function", "f"], 2, "--function NAME goes with --subgraph"),
        (["--subgraph", "--scope", "a", "--ops"], 2, "--subgraph shows a view of the graph alone, not with --ops"),
        (["--subgraph", "--scope", "a", "--function", "nope"], 3, "no function 'nope' in the graph's library"),
    ],
)
def test_the_command_line_says_what_is_wrong_in_one_line(args: List[str], status: int, message: str) -> None:
    from .test_cli import _run

    result = _run([str(MODEL), *args])
    assert result.returncode == status
    err = result.stderr.decode()
    assert message in err and err.count("\n") == 1, err


def test_an_empty_view_on_the_command_line() -> None:
    from .test_cli import _run

    out = _run([str(MODEL), "--scope-boundary", "nothing_here", "--subgraph"]).stdout.decode()
    assert "  subgraph 'nothing_here' of the graph: 0 of 300 nodes\n    (no node is in it)\n" in out


def test_the_command_line_shows_control_edges_dangling_names_and_unknown_ops(tmp_path: Path) -> None:
    from .test_cli import _run

    graph = _graph(
        _node("s/a", "Identity", "missing:1", "^gone", "outside", attrs=_attr("T", _FLOAT)),
        _node("outside", "Placeholder", attrs=_attr("dtype", _FLOAT)),
        _node("s/b", "Mystery", "s/a", "^outside"),
        _node("after", "Identity", "s/b:2", "^s/a"),
    )
    path = tmp_path / "g.meta"
    path.write_bytes(graph)
    out = _run([str(path), "--scope-boundary", "s", "--subgraph"]).stdout.decode()
    assert "    control inputs (2): waits for (^node), outside: gone, outside\n" in out
    assert "    control outputs (1): waited for, from outside: s/a\n" in out
    assert "    dangling (2): named as inputs, no such node: missing, gone\n" in out
    assert "    outputs not known (1, an op no TensorFlow registers): s/b\n" in out
    assert "(no such node)" in out


_FIXTURE_BYTES = MODEL.read_bytes()


@given(st.data())
def test_a_damaged_file_is_a_view_or_a_decode_error(data: Any) -> None:
    # Bytes changed, cut out or put in anywhere: the view is given, or DecodeError says why; nothing else escapes.
    blob = bytearray(_FIXTURE_BYTES)
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(blob) - 1))
        kind = data.draw(st.sampled_from(["set", "cut", "put"]))
        if kind == "set":
            blob[at] = data.draw(st.integers(0, 255))
        elif kind == "cut":
            del blob[at : at + data.draw(st.integers(1, 8))]
        else:
            blob[at:at] = data.draw(st.binary(min_size=1, max_size=4))
    try:
        model = tfcollections.loads(bytes(blob))
    except (DecodeError, ValueError):
        return
    for scope in ("encoder", "loop", re.compile("")):
        with contextlib.suppress(DecodeError):
            tfcollections.subgraph(model, scope)
