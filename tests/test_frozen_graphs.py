# SPDX-License-Identifier: Apache-2.0
"""Frozen graphs (a bare GraphDef) read as a format: their inputs, outputs and constants, and the constants' values.

The fixtures were written by TensorFlow (tools/generate_file_fixtures.py graphdefs); frozen_graph.constants.json
holds TensorFlow's own values of every Const (tf.make_ndarray), which read_tensors must give bit for bit.
"""

from __future__ import annotations

import base64
import io
import json
from pathlib import Path
from typing import Any, Dict, List

import pytest
from hypothesis import given, strategies as st

import tfcollections
from tfcollections import DecodeError

from .helpers import field, varint

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


def test_a_graph_of_one_node_is_a_graphdef_and_a_meta_graph_of_one_field_a_metagraphdef(tmp_path: Path) -> None:
    # Field 1 once is a GraphDef's one node or a MetaGraphDef's meta_info_def: a NodeDef's field 2 is an op's name,
    # a MetaInfoDef's its stripped OpList (a message, which starts with a tag).
    graph = _node("c", "Const")
    path = tmp_path / "one.pb"
    path.write_bytes(graph)
    for read in (tfcollections.load(path, graph=True), tfcollections.loads(graph, graph=True)):
        assert read["format"] == "GraphDef" and read["meta_graphs"][0]["graph"]["ops"] == {"Const": 1}
    # A placeholder's dtype attr is field 5, a MetaInfoDef's tensorflow_version: still a graph, never a version
    # "dtype0" of a meta graph, under a .meta name too.
    placeholder = _node("x", "Placeholder", attrs=_attr("dtype", b"0\x01"))  # the attr value: dtype DT_FLOAT
    path = tmp_path / "one.meta"
    path.write_bytes(placeholder)
    read = tfcollections.load(path, graph=True)
    assert read["format"] == "GraphDef" and read["meta_graphs"][0]["graph"]["ops"] == {"Placeholder": 1}
    meta = field(1, field(1, b"v1") + field(2, field(1, field(1, b"Const"))) + field(5, b"2.21.0"))
    read = tfcollections.loads(meta)
    assert read["meta_graphs"][0]["meta_info_def"]["tensorflow_version"] == "2.21.0"


def test_an_input_that_names_no_node_is_no_error() -> None:
    graph = _node("a", "Identity", "missing:0") + _node("b", "Identity", "a")
    ends = tfcollections.loads(graph, graph=True)["meta_graphs"][0]["graph"]
    assert ends["outputs"] == [{"name": "b", "op": "Identity"}]


def test_a_saver_is_neither_input_nor_output() -> None:
    meta = tfcollections.load(Path(__file__).parent.parent / "examples" / "model.meta", graph=True)
    graph = meta["meta_graphs"][0]["graph"]
    assert [entry["name"] for entry in graph["inputs"]] == ["x"]  # not save/filename, kernel_saver/filename
    assert not any(entry["name"].startswith(("save/", "kernel_saver/")) for entry in graph["outputs"])


def test_a_top_level_field_number_0_is_refused_as_protobuf_refuses_it() -> None:
    # The shape of ../shared/reference/cases/mutated-guesslang-meta.bin (a .meta with one length changed and
    # three bytes inserted): field 1 twice, as a GraphDef's nodes, then a length-delimited field 0. upb refuses
    # field 0 at the level of a message whatever its wire type; the top-level walk took it, and the file read
    # as a GraphDef that protobuf refuses even with its nodes emptied.
    graph = _node("a", "NoOp") + _node("b", "NoOp")
    assert tfcollections.loads(graph)["format"] == "GraphDef"  # the undamaged graph reads
    for damaged, at in ((graph + b"\x02\x01x", len(graph)), (b"\x02\x00" + graph, 0)):
        with pytest.raises(DecodeError, match="invalid field number 0") as caught:
            tfcollections.loads(damaged)
        assert caught.value.pos == at
    # Inside a meta graph's fields, as in the case itself: the same answer, the same place.
    meta = field(1, field(4, b"serve")) + field(2, graph) + b"\x02\x01x"
    with pytest.raises(DecodeError, match="then invalid field number 0") as caught:
        tfcollections.loads(meta)
    assert caught.value.pos == len(meta) - 3


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


def test_constants_that_cannot_be_read_say_why(tmp_path: Path) -> None:
    no_value = _node("bare", "Const")
    unknown_rank = _node("vague", "Const", attrs=_attr("value", field(8, b"\x08\x01" + field(2, b"\x18\x01"))))
    model = tfcollections.loads(no_value + unknown_rank)
    with pytest.raises(DecodeError, match="constant 'bare' has no value attr holding a tensor"):
        tfcollections.read_tensor(model, "bare")
    with pytest.raises(DecodeError, match="constant 'vague': its shape has an unknown rank"):
        tfcollections.read_tensor(model, "vague")
    text = tfcollections.loads(
        b'node { name: "bare" op: "Const" }\n'
        b'node { name: "vague" op: "Const" attr { key: "value" value { tensor { dtype: DT_FLOAT '
        b"tensor_shape { unknown_rank: true } } } } }\n"
    )
    with pytest.raises(DecodeError, match="constant 'bare' has no value attr"):
        tfcollections.read_tensor(text, "bare")
    with pytest.raises(DecodeError, match="constant 'vague': its shape has an unknown rank"):
        tfcollections.read_tensor(text, "vague")
    # A graph that does not read: said where, as load(graph=True) says it.
    damaged = tfcollections.loads(_node("a", "NoOp") + field(1, field(1, b"\xff")))
    with pytest.raises(DecodeError, match="invalid UTF-8") as caught:
        tfcollections.read_tensors(damaged)
    assert caught.value.path[:3] == ("GraphDef", "node", 1)
    bad_text = tfcollections.loads(b'meta_info_def { tags: "a" }\ngraph_def { node { name: 5 } }\n')
    with pytest.raises(DecodeError, match=r"in MetaGraphDef\.graph_def"):
        tfcollections.read_tensors(bad_text)
    with pytest.raises(DecodeError):  # a directory that holds no checkpoint is no frozen graph either
        tfcollections.read_tensors(tmp_path)


def test_a_text_constant_whose_tensor_does_not_read() -> None:
    text = (
        b'node { name: "c" op: "Const" attr { key: "value" value { tensor { tensor_shape { dim { size: "x" } } } } } }'
    )
    with pytest.raises(DecodeError) as caught:
        tfcollections.loads(text, graph=True)
    assert caught.value.path[:5] == ("GraphDef", "node", 0, "attr", "value")


def test_the_rarer_forms_of_constants_and_placeholders() -> None:
    float_scalar = b"\x08\x01" + field(2, b"")  # dtype DT_FLOAT, tensor_shape {}
    dtype_attr = _attr("dtype", b"\x30\x01")
    shapes_attr = _attr("_output_shapes", field(1, field(7, field(2, b"\x08\x02"))))  # list { shape { dim { 2 } } }
    # A value with a second member of its oneof before the tensor (the last one wins): decoded, not the usual form.
    extra = b"\x30\x01" + field(8, float_scalar + b"\x2d\x00\x00\x80\x3f")
    with_unknown = field(1, b"value") + field(2, field(8, float_scalar)) + b"\x18\x01"  # an entry field 3: dropped
    padded_attr = (
        b"\xaa\x00"
        + bytes([len(_attr("value", field(8, float_scalar))) - 2])
        + _attr("value", field(8, float_scalar))[2:]
    )  # the attr field's tag written in two bytes
    half = b"\x08\x13" + field(2, field(2, b"\x08\x02")) + field(13, b"\x80\x7c")  # DT_HALF: 2 values from 1 (0x3e00)
    int8 = b"\x08\x06" + field(2, field(2, b"\x08\x02")) + field(7, b"\xff\x01\x80\x01")  # DT_INT8: 255, 128
    unknown_dim = b"\x08\x01" + field(2, field(2, b"\x08" + b"\xff" * 9 + b"\x01"))  # dim size -1
    resource = b"\x08\x14" + field(2, b"")  # DT_RESOURCE
    graph = (
        _node("shaped", "Placeholder", attrs=dtype_attr + shapes_attr)
        + _node("a", "Const", attrs=dtype_attr + _attr("value", extra))
        + _node("b", "Const", attrs=dtype_attr + _attr("value", field(8, float_scalar)))
        + _node("c", "Const", attrs=field(5, with_unknown))
        + _node("d", "Const", attrs=padded_attr)
        + _node("e" * 130, "Const", attrs=_attr("value", field(8, float_scalar)))  # a name of a two-byte length
        + _node("half", "Const", attrs=_attr("value", field(8, half)))
        + _node("int8", "Const", attrs=_attr("value", field(8, int8)))
        + _node("dim", "Const", attrs=_attr("value", field(8, unknown_dim)))
        + _node("res", "Const", attrs=_attr("value", field(8, resource)))
    )
    model = tfcollections.loads(graph, graph=True)
    ends = model["meta_graphs"][0]["graph"]
    assert ends["inputs"] == [{"name": "shaped", "op": "Placeholder", "dtype": "DT_FLOAT", "shape": [2]}]
    sizes = {entry["name"][:4]: (entry["dtype"], entry["shape"], entry["size"]) for entry in ends["constants"]}
    assert sizes["a"] == sizes["b"] == sizes["d"] == sizes["e" * 4] == ("DT_FLOAT", [], 4)
    assert sizes["c"] == (None, None, None)  # its only value entry has an unknown field: not in the map
    assert sizes["dim"] == ("DT_FLOAT", [-1], None) and sizes["res"] == ("DT_RESOURCE", [], None)
    assert tfcollections.read_tensor(model, "half").tolist() == [1.5, 1.5]  # filled out with the last value
    assert tfcollections.read_tensor(model, "int8").tolist() == [-1, -128]
    with pytest.raises(DecodeError, match="has an unknown dimension"):
        tfcollections.read_tensor(model, "dim")
    with pytest.raises(DecodeError, match="DT_RESOURCE has no values to read as plain data"):
        tfcollections.read_tensor(model, "res")


@pytest.mark.parametrize(
    ("tensor", "message"),
    [
        (b"\x22\x05ab", "truncated"),  # tensor_content of 5 bytes, 2 there
        (b"\x02\x00", "invalid field number 0"),
        (field(14, b"\x00\x00"), "invalid field number 0"),  # a resource handle's field 0
    ],
)
def test_a_constants_tensor_is_checked_as_protobuf_checks_it(tensor: bytes, message: str) -> None:
    graph = _node("c", "Const", attrs=_attr("value", field(8, tensor))) + _node("n", "NoOp")
    with pytest.raises(DecodeError, match=message):
        tfcollections.loads(graph, graph=True)


def test_the_command_line_shows_where_a_frozen_graph_starts_and_ends() -> None:
    from tfcollections._cli.main import Environment, main

    out = io.StringIO()
    assert main([str(FROZEN)], Environment(stdout=out, stderr=io.StringIO())) == 0
    lines = out.getvalue().splitlines()
    assert lines[0].endswith("frozen_graph.pb: GraphDef (binary): a graph, without a meta graph (a frozen graph)")
    assert "meta graph 0" not in out.getvalue() and "collections (" not in out.getvalue()
    at = lines.index("  inputs (2):")
    assert lines[at + 1].split() == ["x", "Placeholder", "float32", "(?,", "4)"]
    assert lines[at + 3] == "  outputs (2):" and lines[at + 4].split() == ["probabilities", "Softmax"]
    assert lines[at + 6] == "  constants (23, 469 B), the largest first:"
    assert lines[at + 7].split() == ["c/content_float", "float32", "(3,", "4,", "5)", "240", "B"]  # the largest
    assert lines[at + 17] == "    ... and 13 more (--json lists every one)"


def test_the_summary_reads_no_ends_it_does_not_show(monkeypatch: pytest.MonkeyPatch) -> None:
    # The command line's summary shows inputs, outputs and constants for a frozen graph only: for any other model
    # it reads the graph without them (load_model(..., ends=False)), and what it prints is the same as when they
    # are read; load(graph=True) always reads them, and --json shows them.
    from tfcollections._cli import show
    from tfcollections._model.files import load_model

    from .test_cli import _run

    models = [FROZEN, FILES / "graph_scan.meta", FILES / "saved_model_two_graphs.pb", FILES / "graph_scan_tf2.pb"]
    for path in models:
        whole = tfcollections.load(path, graph=True)
        lean = load_model(path, True, ends=False)
        for full, part in zip(whole["meta_graphs"], lean["meta_graphs"]):
            if whole["format"] == "GraphDef":
                assert part["graph"] == full["graph"]  # a frozen graph's summary shows them: read all the same
            else:
                assert part["graph"] == {**full["graph"], "inputs": [], "outputs": [], "constants": []}
        summary = _run([str(path)]).stdout
        monkeypatch.setattr(show, "load_model", lambda source, graph, ends=True: load_model(source, graph, True))
        assert _run([str(path)]).stdout == summary
        monkeypatch.undo()
        document = json.loads(_run([str(path), "--json"]).stdout)
        assert [len(mg["graph"]["constants"]) for mg in document["meta_graphs"]] == [
            len(mg["graph"]["constants"]) for mg in whole["meta_graphs"]
        ]


def _constant_attrs() -> List[bytes]:
    """The attr fields of every small Const of the fixture graphs, as the constants' reader sees them."""
    from tfcollections._graph.endpoints import _first_attr

    found = []
    for path in [*sorted(FILES.glob("*.meta")), *sorted(FILES.glob("*.pb"))]:
        data = path.read_bytes()
        for node in _graph_nodes(data):
            if b"\x12\x05Const" in node[:300]:
                attrs = node[_first_attr(node, 0, len(node)) :]
                if len(attrs) <= 1024:
                    found.append(attrs)
    return found


def _graph_nodes(data: bytes) -> List[bytes]:
    from tfcollections._proto.wire import iter_fields

    nodes = []
    try:
        tops = list(iter_fields(data, 0, len(data)))
    except DecodeError:
        return nodes
    for _, wire_type, start, end in tops:
        if wire_type != 2:
            continue
        for inner_number, inner_type, inner_start, inner_end in _fields_or_none(data, start, end):
            if inner_number == 1 and inner_type == 2 and data[inner_end - 1 : inner_end]:
                nodes.append(data[inner_start:inner_end])  # a GraphDef's nodes, a SavedModel's meta graphs too
            for graph_number, graph_type, graph_start, graph_end in _fields_or_none(data, inner_start, inner_end):
                if graph_number == 1 and graph_type == 2:
                    nodes.append(data[graph_start:graph_end])
    return nodes


def _fields_or_none(data: bytes, start: int, end: int) -> List[Any]:
    from tfcollections._proto.wire import iter_fields

    try:
        return list(iter_fields(data, start, end))
    except DecodeError:
        return []


def _general_layout(attrs: bytes, census: Any) -> Any:
    from tfcollections._graph import endpoints

    span = endpoints.constant_tensor(attrs, 0, len(attrs), census)
    if span is None:
        return (None, None, None)
    dtype, shape, _, size = endpoints.tensor_layout(attrs, span["offset"], span["offset"] + span["size"], 4, {})
    return (dtype, shape, size)


def test_the_usual_constants_read_in_one_pass_as_the_general_reader_reads_them() -> None:
    # Every small Const TensorFlow wrote in the fixtures, and one-byte changes of each: the one pass gives what
    # the general reader gives, or leaves it to it (None); it never gives another answer, nor raises.
    from tfcollections._graph.endpoints import _fast_layout
    from tfcollections._graph.nodes import Census

    constants = _constant_attrs()
    assert len(constants) > 300
    read = 0
    census = Census(0, lambda op: False)  # its entries found good, as a graph's walk remembers them
    for attrs in constants:
        _general_layout(attrs, census)
        variants = [attrs] + [attrs[:i] + bytes([attrs[i] ^ flip]) + attrs[i + 1 :]
                              for i in range(0, len(attrs), 3) for flip in (0x01, 0x80)]  # fmt: skip
        # A field's tag made another's: a resource handle's (its fields walked) or a list's shapes (parsed), where
        # the bytes after it do not read as one.
        variants += [attrs[:i] + bytes([tag]) + attrs[i + 1 :] for i in range(len(attrs)) for tag in (0x72, 0x3A)
                     if attrs[i] in (0x12, 0x22, 0x2A, 0x42)]  # fmt: skip
        variants += [attrs[:-1], attrs + b"\x2a\x00", attrs[:4] + attrs[4:].replace(b"\x12", b"\x1a", 1)]
        # Handmade: a tensor with two shapes (they merge: [3] and [2] are [3, 2]).
        shapes = b"\x08\x01" + field(2, field(2, b"\x08\x03")) + field(2, field(2, b"\x08\x02"))
        variants.append(_attr("value", field(8, shapes)))
        # A last value entry with an empty AttrValue (it wins, holding no tensor), and one with an empty tensor.
        variants += [attrs + b"\x2a\x09\x0a\x05value\x12\x00", attrs + b"\x2a\x0b\x0a\x05value\x12\x02\x42\x00"]
        # Every length made 0 (an entry, an AttrValue, a tensor, a field ending where its parent ends).
        variants += [attrs[:i] + b"\x00" + attrs[i + 1 :] for i in range(1, len(attrs)) if attrs[i - 1] in (
            0x2A, 0x12, 0x42, 0x0A)]  # fmt: skip
        for variant in variants:
            fast = _fast_layout(variant, set(census.checked_entries), {})
            try:
                general = _general_layout(variant, Census(0, lambda op: False))
            except DecodeError:
                assert fast is None, variant.hex()
                continue
            if fast is not None:
                read += variant == attrs
                assert fast == general, variant.hex()
    assert read > 0.9 * len(constants)  # TensorFlow's constants take the one pass


def test_a_replaced_value_entrys_tensor_is_checked_as_protobuf_checks_it() -> None:
    # A map's last entry wins, but protobuf parses every entry: a Const whose first value entry holds a damaged
    # tensor (a dim with an end-group tag) is refused, as a NodeDef protobuf refuses, whichever entry wins.
    damaged = field(8, b"\x08\x01" + field(2, field(2, b"\xf4\x03")))  # AttrValue.tensor: dtype, shape
    good = field(8, b"\x08\x01" + field(2, b""))
    for second in (good, b""):
        node = _node("c", "Const", attrs=_attr("value", damaged) + _attr("value", second))
        with pytest.raises(DecodeError, match="end-group tag"):
            tfcollections.loads(node + _node("d", "Const", attrs=_attr("value", good)), graph=True)
    twice = _node("c", "Const", attrs=_attr("value", good) + _attr("value", good)) + _node("d", "NoOp")
    kept = tfcollections.loads(twice, graph=True)
    assert kept["meta_graphs"][0]["graph"]["constants"] == [{"name": "c", "dtype": "DT_FLOAT", "shape": [],
                                                              "size": 4}]  # fmt: skip


def _tensor_bytes(draw: Any) -> bytes:
    """A TensorProto as writers write one: its dtype, a shape of dims (sizes, some unknown, an unknown rank now
    and then), and its values in one of the forms (content, packed values, strings), the fields in any order."""
    dtype = draw(st.sampled_from([1, 2, 3, 4, 5, 6, 7, 9, 10, 14, 19, 20, 21, 23]))
    dims = draw(st.lists(st.integers(-1, 300), max_size=4))
    shape = b"".join(field(2, b"\x08" + varint(size % (1 << 64)) if size else b"") for size in dims)
    if draw(st.booleans()):
        shape += b"\x18\x01"  # unknown_rank
    values = draw(st.sampled_from([b"", field(4, b"\x00" * draw(st.integers(0, 12))),
                                   field(5, b"\x00\x00\x80\x3f" * draw(st.integers(0, 3))),
                                   field(7, bytes(draw(st.lists(st.integers(0, 255), max_size=6)))),
                                   field(8, b"abc") + field(8, b""), field(6, b"\x00" * 8)]))  # fmt: skip
    parts = [b"\x08" + varint(dtype), field(2, shape) if dims or draw(st.booleans()) else b"", values]
    order = draw(st.permutations(range(3)))
    return b"".join(parts[i] for i in order)


@given(st.data())
def test_generated_constants_read_in_one_pass_as_the_general_reader_reads_them(data: Any) -> None:
    # Constants of every dtype and shape form, their entries in any order with _class lists and checked entries:
    # the one pass gives the general reader's answer or None, never another answer, never an exception.
    from tfcollections._graph.endpoints import _fast_layout
    from tfcollections._graph.nodes import Census

    draw = data.draw
    entries = [_attr("value", field(8, _tensor_bytes(draw)))[2:]]
    if draw(st.booleans()):
        entries.append(_attr("dtype", b"\x30\x01")[2:])
    if draw(st.booleans()):
        names = draw(st.lists(st.binary(max_size=140), max_size=3))
        entries.append(_attr("_class", field(1, b"".join(field(2, name) for name in names)))[2:])
    order = draw(st.permutations(range(len(entries))))
    attrs = b"".join(field(5, entries[i]) for i in order)
    if draw(st.booleans()):  # one byte changed, somewhere
        at = draw(st.integers(0, len(attrs) - 1))
        attrs = attrs[:at] + bytes([draw(st.integers(0, 255))]) + attrs[at + 1 :]
    census = Census(0, lambda op: False)
    try:
        general = _general_layout(attrs, census)
    except DecodeError:
        general = None
    fast = _fast_layout(attrs, {_attr("dtype", b"\x30\x01")[2:]}, {})  # the dtype entry, found good before
    if general is None:
        assert fast is None
    elif fast is not None:
        assert fast == general
