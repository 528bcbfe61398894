# SPDX-License-Identifier: Apache-2.0
"""load(..., graph=True): the graph scan's rules, on graphs built byte by byte.

The agreement with protobuf on TensorFlow-written and real files is in test_file_fixtures.py;
here each rule of protobuf's that the scan keeps is pinned on a graph that exercises it: fields in
any order, the last occurrence winning, repeated graph_defs merging, duplicate attr keys, UTF-8,
the depth limit, damage, and the join with the collections.
"""

from __future__ import annotations

import io
from typing import Any, Dict, Iterable, Sequence, Tuple

import pytest

import tfcollections
from tfcollections import DecodeError

from .helpers import DATA, field, varint


def attr(key: str, value: bytes) -> bytes:
    return field(5, field(1, key.encode()) + field(2, value))


def dtype(number: int) -> bytes:
    return b"\x30" + varint(number)  # AttrValue.type


def shape(dims: Sequence[int]) -> bytes:
    return field(7, b"".join(field(2, b"\x08" + varint(size % (1 << 64))) for size in dims))  # AttrValue.shape


def text(value: bytes) -> bytes:
    return field(2, value)  # AttrValue.s


def text_list(values: Iterable[bytes]) -> bytes:
    return field(1, b"".join(field(2, value) for value in values))  # AttrValue.list.s


def node(name: str, op: str, attrs: Dict[str, bytes] = {}, inputs: Sequence[str] = (), device: str = "") -> bytes:  # noqa: B006
    out = field(1, name.encode()) + field(2, op.encode())
    out += b"".join(field(3, item.encode()) for item in inputs)
    if device:
        out += field(4, device.encode())
    return out + b"".join(attr(key, value) for key, value in attrs.items())


def variable(name: str, dims: Sequence[int] = (2, 3), op: str = "VariableV2", **more: bytes) -> bytes:
    return node(name, op, {"dtype": dtype(1), "shape": shape(dims), "container": text(b""),
                           "shared_name": text(name.encode() if op == "VarHandleOp" else b""),
                           "_class": text_list([b"loc:@" + name.encode()]), **more})  # fmt: skip


def graph_def(*nodes: bytes, library: bytes = b"") -> bytes:
    return b"".join(field(1, item) for item in nodes) + (field(2, library) if library else b"")


def function(name: str, *nodes: bytes) -> bytes:
    """One FunctionDefLibrary.function: signature (its name) and node_def."""
    return field(1, field(1, field(1, name.encode())) + b"".join(field(3, item) for item in nodes))


def collection(name: str, *items: bytes) -> bytes:
    value = field(2, b"".join(field(1, item) for item in items))  # CollectionDef.bytes_list
    return field(4, field(1, name.encode()) + field(2, value))


def variable_def(tensor: str, trainable: bool = True) -> bytes:
    return field(1, tensor.encode()) + (b"\x38\x01" if trainable else b"")


def meta_graph(*graphs: bytes, rest: bytes = b"") -> bytes:
    """A MetaGraphDef: meta_info_def (tags: serve), each graph_def given, then *rest*."""
    return field(1, field(4, b"serve")) + b"".join(field(2, graph) for graph in graphs) + rest


def scan(data: bytes) -> Dict[str, object]:
    graph: Dict[str, object] = tfcollections.loads(data, graph=True)["meta_graphs"][0]["graph"]
    return graph


def test_variables_with_dtype_shape_device_and_the_op_census() -> None:
    data = meta_graph(
        graph_def(
            variable("dense/kernel", (3, 4)),
            variable("dense/bias", (4,), op="VarHandleOp", dtype=dtype(2)),
            node("dense/kernel/read", "Identity", {"T": dtype(1)}, ["dense/kernel"], device="/device:GPU:0"),
            variable("dense/kernel/Momentum", (3, 4), _class=text_list([b"loc:@dense/kernel"]), device=b""),
            node("x", "Placeholder", {"shape": shape([-1, 3])}),
            variable("unknown", (), shape=field(7, b"\x18\x01")),  # unknown_rank
        ),
        rest=collection("variables", variable_def("dense/kernel:0"), variable_def("dense/bias:0", trainable=False))
        + collection("trainable_variables", variable_def("dense/kernel:0", trainable=False)),
    )
    graph = scan(data)
    variables = {v["name"]: v for v in graph["variables"]}  # type: ignore[attr-defined]
    assert list(variables) == ["dense/kernel", "dense/bias", "dense/kernel/Momentum", "unknown"]
    kernel = variables["dense/kernel"]
    assert kernel == {
        "name": "dense/kernel", "op": "VariableV2", "dtype": "DT_FLOAT", "shape": [3, 4], "device": "",
        "container": "", "shared_name": "", "colocated_with": ["dense/kernel"],
        "collections": ["trainable_variables", "variables"], "trainable": True, "partition": None,
        "object_path": None, "layer": None, "layer_name": None, "layer_class": None,
    }  # fmt: skip
    assert variables["dense/bias"]["dtype"] == "DT_DOUBLE" and variables["dense/bias"]["shape"] == [4]
    assert variables["dense/bias"]["trainable"] is False  # listed in variables only, trainable unset
    assert variables["dense/kernel/Momentum"]["colocated_with"] == ["dense/kernel"]
    assert variables["dense/kernel/Momentum"]["trainable"] is None  # no collection lists it
    assert variables["unknown"]["shape"] is None  # unknown rank
    assert graph["ops"] == {"Identity": 1, "Placeholder": 1, "VarHandleOp": 1, "VariableV2": 3}
    assert graph["functions"] == {}


def test_fields_in_any_order_the_last_occurrence_winning() -> None:
    # The op first, the name last; a second op and a second name; attrs before both.
    reordered = attr("dtype", dtype(9)) + field(2, b"Const") + field(1, b"first") + attr("shape", shape([5]))
    reordered += field(2, b"VariableV2") + field(4, b"/cpu:0") + field(1, b"last")
    graph = scan(meta_graph(graph_def(reordered)))
    assert graph["ops"] == {"VariableV2": 1}
    [only] = graph["variables"]  # type: ignore[misc]
    assert (only["name"], only["dtype"], only["shape"], only["device"]) == ("last", "DT_INT64", [5], "/cpu:0")


def test_a_second_op_cannot_hide_what_the_node_runs() -> None:
    # TensorFlow runs PyFunc here (protobuf's last occurrence wins); a scanner reading the first op sees Const.
    disguised = field(1, b"innocent") + field(2, b"Const") + field(3, b"x") + field(2, b"PyFunc")
    assert scan(meta_graph(graph_def(disguised)))["ops"] == {"PyFunc": 1}


def test_a_tag_written_with_more_bytes_than_needed_is_still_the_field() -> None:
    # Field 2 (op) with a two-byte tag 0x92 0x00: protobuf reads the same field.
    overlong = field(1, b"v") + b"\x92\x00" + varint(10) + b"VariableV2" + attr("dtype", dtype(1))
    assert scan(meta_graph(graph_def(overlong)))["ops"] == {"VariableV2": 1}


def test_a_node_whose_tag_has_more_bytes_than_needed_is_still_a_node() -> None:
    # Found by tools/differential_graph_fuzz.py: GraphDef.node with the two-byte tag 0x8a 0x00.
    second = node("b", "Identity")
    data = meta_graph(graph_def(node("a", "NoOp")) + b"\x8a\x00" + varint(len(second)) + second)
    assert scan(data)["ops"] == {"Identity": 1, "NoOp": 1}


def test_a_field_of_the_wrong_wire_type_is_an_unknown_field() -> None:
    # Field 2 as a varint is not the op (a string): protobuf passes it over as unknown.
    odd = field(1, b"n") + field(2, b"NoOp") + b"\x10\x05"
    assert scan(meta_graph(graph_def(odd)))["ops"] == {"NoOp": 1}


def test_graph_defs_given_more_than_once_merge() -> None:
    library = function("f", node("p", "PyFunc"))
    first = graph_def(variable("a"), node("c", "Const"), library=library)
    second = graph_def(variable("b"), node("d", "Const"), library=function("g", node("r", "ReadFile")))
    graph = scan(meta_graph(first, second))
    assert [v["name"] for v in graph["variables"]] == ["a", "b"]  # type: ignore[attr-defined]
    assert graph["ops"] == {"Const": 2, "PyFunc": 1, "ReadFile": 1, "VariableV2": 2}
    assert graph["functions"] == {"f": {"PyFunc": 1}, "g": {"ReadFile": 1}}


def test_ops_used_only_inside_functions_are_counted() -> None:
    library = function("map_fn", node("py", "PyFunc"), node("call", "inner")) + function(
        "inner", node("w", "WriteFile")
    )
    graph = scan(meta_graph(graph_def(node("it", "IteratorGetNext"), library=field(1, b"") + library)))
    assert graph["ops"] == {"IteratorGetNext": 1, "PyFunc": 1, "WriteFile": 1, "inner": 1}
    assert graph["functions"] == {"": {}, "map_fn": {"PyFunc": 1, "inner": 1}, "inner": {"WriteFile": 1}}


def test_duplicate_attr_keys_the_last_one_wins() -> None:
    twice = node("v", "VariableV2", {"dtype": dtype(1), "shape": shape([1])}) + attr("dtype", dtype(3))
    [only] = scan(meta_graph(graph_def(twice)))["variables"]  # type: ignore[misc]
    assert only["dtype"] == "DT_INT32"


def test_attr_strings_are_bytes_kept_as_they_are_when_not_utf8() -> None:
    odd = variable("v", shared_name=text(b"\xff\xfe"), _class=text_list([b"loc:@\xc3(", b"not a location"]))
    [only] = scan(meta_graph(graph_def(odd)))["variables"]  # type: ignore[misc]
    assert only["shared_name"] == b"\xff\xfe" and only["colocated_with"] == [b"\xc3("]


@pytest.mark.parametrize(
    ("value", "colocated_with"),
    [
        (text_list([b"loc:@w"]), ["w"]),  # the usual form
        (text_list([b"loc:@" + b"w" * 200]), ["w" * 200]),  # lengths of two bytes
        (text_list([b"loc:@a", b"loc:@b"]), ["a", "b"]),
        (text_list([b"w"]), []),  # not a location
        (text_list([]), []),
        (text(b"loc:@w"), ["w"]),  # s, not a list
        (text_list([b"loc:@w"]) + text(b"x"), []),  # a list, then an s: one of a oneof, the last wins
        (field(1, field(2, b"loc:@w") + field(2, b"loc:@v")), ["w", "v"]),
    ],
)
def test_every_form_of_a_colocation(value: bytes, colocated_with: list) -> None:
    [only] = scan(meta_graph(graph_def(variable("v", _class=value))))["variables"]  # type: ignore[misc]
    assert only["colocated_with"] == colocated_with


def test_a_node_too_large_to_copy_is_walked_in_place() -> None:
    from tfcollections._graph.nodes import _COPIED_NODE_SIZE

    padding = attr("value", field(8, field(4, b"\x00" * _COPIED_NODE_SIZE)))  # a Const's tensor: tensor_content
    large = node("big", "Const", {"dtype": dtype(1)}) + padding
    bad = node("bad", "Const") + padding + field(2, b"PyFunc")  # a second op, after the tensor
    graph = scan(meta_graph(graph_def(variable("v") + padding, large)))
    assert graph["ops"] == {"Const": 1, "VariableV2": 1}
    assert [v["shape"] for v in graph["variables"]] == [[2, 3]]  # type: ignore[attr-defined]
    assert scan(meta_graph(graph_def(bad)))["ops"] == {"PyFunc": 1}
    cut = meta_graph(graph_def(large + field(4, b"/cpu:\xff")))
    with pytest.raises(DecodeError, match="invalid UTF-8") as caught:
        tfcollections.loads(cut, graph=True)
    assert caught.value.pos is not None and cut[caught.value.pos] == 0xFF


@pytest.mark.parametrize(
    ("bad_node", "where"),
    [
        (field(1, b"\xff") + field(2, b"NoOp"), "name"),
        (field(1, b"n") + field(2, b"No\xc3"), "op"),
        (field(1, b"n") + field(2, b"\xe2\x82") + field(2, b"NoOp"), "op"),  # an earlier occurrence
        (field(1, b"\xff") + field(2, b"NoOp") + field(1, b"n"), "name"),  # the same for a name
        (field(1, b"\xc3") + field(2, b"VariableV2"), "name"),  # a variable's
        (field(1, b"n") + field(2, b"NoOp") + field(4, b"/cpu:\xff"), "device"),
    ],
)
def test_name_op_and_device_must_be_utf8(bad_node: bytes, where: str) -> None:
    data = meta_graph(graph_def(node("ok", "NoOp"), bad_node))
    with pytest.raises(DecodeError, match="invalid UTF-8") as caught:
        tfcollections.loads(data, graph=True)
    assert caught.value.path == ("MetaGraphDef", "graph_def", "node", 1, where)
    assert caught.value.pos is not None and data[caught.value.pos] in (0xFF, 0xC3, 0xE2)  # the offending byte
    assert str(caught.value).startswith("damaged MetaGraphDef: invalid UTF-8")
    tfcollections.loads(data)  # without graph=True the graph is not read


def test_a_damaged_graph_def_fails_only_when_the_graph_is_asked_for() -> None:
    cut = field(1, b"n") + field(2, b"NoOp") + b"\x1a\x09abc"  # an input that claims 9 bytes, has 3
    data = meta_graph(graph_def(node("ok", "NoOp"), cut))
    assert tfcollections.loads(data)["meta_graphs"][0]["graph_def"]["size"] > 0
    with pytest.raises(DecodeError, match="truncated") as caught:
        tfcollections.loads(data, graph=True)
    assert caught.value.path == ("MetaGraphDef", "graph_def", "node", 1)


def test_without_graph_the_graph_def_is_not_read() -> None:
    garbage = b"\x0a\x05\xff\xff\xff\xff\xff" * 3  # nodes whose content is not a NodeDef at all
    loaded = tfcollections.loads(meta_graph(garbage))
    assert "graph" not in loaded["meta_graphs"][0]
    with pytest.raises(DecodeError):
        tfcollections.loads(meta_graph(garbage), graph=True)


def test_nesting_beyond_protobufs_limit_is_an_error_with_its_place() -> None:
    value = dtype(1)
    for _ in range(40):  # AttrValue.func -> NameAttrList.attr -> entry -> AttrValue: three levels a step
        value = field(10, field(1, b"f") + field(2, field(1, b"a") + field(2, value)))
    data = meta_graph(graph_def(node("v", "VariableV2", {"dtype": value, "shape": shape([1])})))
    with pytest.raises(DecodeError, match="nesting deeper than 100") as caught:
        tfcollections.loads(data, graph=True)
    assert caught.value.path[:5] == ("MetaGraphDef", "graph_def", "node", 0, "attr")
    shallow = meta_graph(graph_def(node("v", "VariableV2", {"dtype": field(10, field(1, b"f")), "shape": shape([1])})))
    assert scan(shallow)["variables"][0]["dtype"] is None  # type: ignore[index]


def test_collection_variables_without_a_node_are_reported() -> None:
    partitioned = variable_def("w/part_1:0") + field(4, field(1, b"w") + field(2, b"\x0a\x03") + field(3, b"\x05\x00"))
    data = meta_graph(graph_def(variable("a")), rest=collection("variables", variable_def("a:0"), partitioned))
    graph = scan(data)
    missing = graph["variables"][1]  # type: ignore[index]
    assert (missing["name"], missing["op"], missing["dtype"], missing["shape"]) == ("w/part_1", None, None, None)
    assert missing["partition"] == {"full_name": "w", "full_shape": [10, 3], "offset": [5, 0]}
    assert missing["collections"] == ["variables"] and missing["trainable"] is True


def test_variables_without_a_node_follow_the_collections_by_name() -> None:
    # A map has no order (protobuf iterates in hash order): the file's order of collections does not count.
    rest = collection("variables", variable_def("b:0")) + collection("local_variables", variable_def("a:0"))
    names = [v["name"] for v in scan(meta_graph(graph_def(node("c", "Const")), rest=rest))["variables"]]  # type: ignore[attr-defined]
    assert names == ["a", "b"]


def test_streams_and_bytearrays_read_the_same() -> None:
    data = meta_graph(graph_def(variable("a"), node("c", "Const")))
    expected = scan(data)
    assert tfcollections.loads(bytearray(data), graph=True)["meta_graphs"][0]["graph"] == expected
    assert tfcollections.load(io.BytesIO(data), graph=True)["meta_graphs"][0]["graph"] == expected


def test_a_text_format_meta_graph_reads_as_its_binary_twin() -> None:
    binary = tfcollections.load(DATA / "files" / "graph_scan.meta", graph=True)["meta_graphs"][0]["graph"]
    text = tfcollections.load(DATA / "files" / "graph_scan.meta.txt", graph=True)["meta_graphs"][0]["graph"]
    assert text == binary


def test_a_text_format_graph_def_with_an_error_says_where() -> None:
    data = b'meta_info_def { tags: "serve" }\ngraph_def {\n  node { name: "v" op: 7 }\n}\n'
    with pytest.raises(DecodeError) as caught:
        tfcollections.loads(data, graph=True)
    assert caught.value.lineno == 3 and caught.value.path[:4] == ("MetaGraphDef", "graph_def", "node", 0)
    assert str(caught.value).startswith("bad text-format MetaGraphDef")


def test_a_saved_model_gets_a_graph_per_meta_graph() -> None:
    loaded = tfcollections.load(DATA / "files" / "saved_model_two_graphs.pb", graph=True)
    names = [[v["name"] for v in mg["graph"]["variables"]] for mg in loaded["meta_graphs"]]
    assert len(names) == 2 and "dense/kernel" in names[0] and names[0] == names[1]


def test_a_tf2_saved_model_joins_its_object_graph() -> None:
    loaded = tfcollections.load(DATA / "files" / "graph_scan_tf2.pb", graph=True)
    variables = {v["name"]: v for v in loaded["meta_graphs"][0]["graph"]["variables"]}
    assert variables["dense/kernel"]["trainable"] is True and variables["dense/bias"]["trainable"] is False
    assert variables["dense/kernel"]["shape"] == [3, 2] and variables["dense/kernel"]["op"] == "VarHandleOp"


# --------------------------------------------------------------------------- every other path, with its error


def _error(data: bytes) -> DecodeError:
    with pytest.raises(DecodeError) as caught:
        tfcollections.loads(data, graph=True)
    return caught.value


def test_fields_of_a_graph_other_than_nodes_and_library_are_passed_over() -> None:
    graph = graph_def(node("a", "NoOp")) + b"\x18\x05" + field(4, b"\x08\x1b")  # version (varint), versions
    assert scan(meta_graph(graph))["ops"] == {"NoOp": 1}


def test_damage_at_the_graphs_top_level() -> None:
    cut = _error(meta_graph(graph_def(node("a", "NoOp")) + b"\x0a\x30" + b"\x0a\x01b"))
    assert "truncated" in cut.msg and cut.path == ("MetaGraphDef", "graph_def")
    zero = _error(meta_graph(graph_def(node("a", "NoOp")) + b"\x02\x00"))
    assert zero.msg.endswith("invalid field number 0") and zero.path == ("MetaGraphDef", "graph_def")
    inside = _error(meta_graph(graph_def(node("a", "NoOp") + b"\x02\x00")))
    assert inside.msg.endswith("invalid field number 0") and inside.path == ("MetaGraphDef", "graph_def", "node", 0)


def test_a_node_cut_off_at_the_very_end_of_the_input() -> None:
    # The graph is the file's last field and its last node ends in a lone tag: the read runs off the input.
    data = meta_graph(graph_def(node("a", "NoOp") + b"\x1a"))
    error = _error(data)
    assert "truncated" in error.msg and error.path == ("MetaGraphDef", "graph_def", "node", 0)


def test_a_variables_attrs_in_any_form() -> None:
    value_first = field(5, field(2, dtype(3)) + field(1, b"dtype"))  # an entry with its value first
    odd = node("v", "VariableV2", {"_class": text(b"loc:@w"), "shape": shape([2])}) + value_first
    [only] = scan(meta_graph(graph_def(odd, node("w", "VariableV2"))))["variables"][:1]  # type: ignore[index]
    assert (only["dtype"], only["colocated_with"], only["shape"]) == ("DT_INT32", ["w"], [2])
    bad_key = node("v", "VariableV2") + field(5, field(1, b"\xff") + field(2, dtype(1)))
    data = meta_graph(graph_def(node("first", "NoOp"), bad_key))
    error = _error(data)
    assert error.path == ("MetaGraphDef", "graph_def", "node", 1, "attr", "key")
    assert error.pos is not None and data[error.pos] == 0xFF  # a place in the file, not in the node's copy
    bad_value = node("v", "VariableV2") + attr("dtype", b"\x30")  # a varint cut off
    error = _error(meta_graph(graph_def(bad_value)))
    assert error.path[:6] == ("MetaGraphDef", "graph_def", "node", 0, "attr", "dtype") and error.pos is not None


def test_damaged_library_functions() -> None:
    def with_library(library: bytes) -> DecodeError:
        return _error(meta_graph(graph_def(node("a", "NoOp"), library=library)))

    bad_name = with_library(field(1, field(1, field(1, b"\xff"))))
    assert bad_name.path == ("MetaGraphDef", "graph_def", "library", "function", 0, "signature", "name")
    cut_name = with_library(field(1, field(1, b"\x0a\x09f")))
    assert "truncated" in cut_name.msg and cut_name.path[-2:] == ("signature", "name")
    cut_function = with_library(b"\x0a\x09" + field(1, b"f"))
    assert "truncated" in cut_function.msg and cut_function.path[-1] == "function"
    gradient = function("f", node("p", "PyFunc")) + field(2, field(1, b"f") + field(2, b"g"))  # passed over
    assert scan(meta_graph(graph_def(library=gradient)))["functions"] == {"f": {"PyFunc": 1}}


def test_a_collection_item_that_is_not_a_variable_def_is_left_out() -> None:
    data = meta_graph(graph_def(variable("a")), rest=collection("variables", b"\xff\xff", variable_def("a:0")))
    [only] = scan(data)["variables"]  # type: ignore[misc]
    assert only["collections"] == ["variables"]


def _saved_variable(name: str, trainable: bool) -> bytes:
    saved = (
        b"\x08\x01" + field(2, field(2, b"\x08\x04")) + (b"\x18\x01" if trainable else b"") + field(6, name.encode())
    )
    return field(1, field(7, saved))  # SavedObjectGraph.nodes: a SavedObject whose kind is a variable


def test_object_graph_variables_without_a_node_and_object_graphs_given_twice() -> None:
    objects = field(7, _saved_variable("kept", True)) + field(7, _saved_variable("alone", False))
    data = meta_graph(graph_def(variable("kept", (4,), op="VarHandleOp")), rest=objects)
    variables = {v["name"]: v for v in scan(data)["variables"]}  # type: ignore[attr-defined]
    assert variables["kept"]["trainable"] is True and variables["kept"]["op"] == "VarHandleOp"
    assert (variables["kept"]["object_path"], variables["alone"]["object_path"]) == ("", None)  # the root; unreached
    assert (variables["alone"]["op"], variables["alone"]["dtype"], variables["alone"]["shape"]) == (
        None,
        "DT_FLOAT",
        [4],
    )
    assert variables["alone"]["trainable"] is False


def test_text_files_without_a_graph_or_with_an_object_graph() -> None:
    empty = tfcollections.loads(b'meta_info_def { tags: "serve" }\n', graph=True)["meta_graphs"][0]["graph"]
    assert empty == {"variables": [], "ops": {}, "functions": {}, "objects": [], "keras": None, "inputs": [],
                     "outputs": [], "constants": [], "flagged": [], "calls": []}  # fmt: skip
    text = b"""meta_info_def { tags: "serve" }
object_graph_def { nodes { variable { dtype: DT_FLOAT shape { dim { size: 3 } } trainable: true name: "w" } } }
"""
    [only] = tfcollections.loads(text, graph=True)["meta_graphs"][0]["graph"]["variables"]
    assert (only["name"], only["op"], only["shape"], only["trainable"]) == ("w", None, [3], True)


def test_a_damaged_graph_in_a_saved_model_says_which_meta_graph() -> None:
    meta = meta_graph(graph_def(field(1, b"n") + field(2, b"\xff")))
    error = _error(b"\x08\x01" + field(2, meta))
    assert error.path[:4] == ("SavedModel", "meta_graphs", 0, "graph_def") and str(error).startswith(
        "damaged SavedModel"
    )


def test_variables_never_share_a_list() -> None:
    two = text_list([b"loc:@a", b"loc:@b"])  # a colocation of two: not remembered by its entry
    first, second = variable("v", _class=two), variable("w", _class=two)
    variables = scan(meta_graph(graph_def(first, second, variable("x"), variable("y"))))["variables"]
    lists = [v[key] for v in variables for key in ("shape", "colocated_with", "collections")]  # type: ignore[index]
    assert len({id(value) for value in lists}) == len(lists)


def test_a_variable_is_in_the_programs_own_collections() -> None:
    # tf.add_to_collection("vars_train", v) is written as a node_list of names (the variable's tensor, or its op's
    # name), and TensorFlow's get_collection gives the variable back: it is one of the variable's collections.
    # A name of a node that is no variable (add_1:0) is no variable's; floats are nobody's.
    path = DATA / "files" / "user_collections.meta"
    graph = tfcollections.load(path, graph=True)["meta_graphs"][0]["graph"]
    assert {v["name"]: (v["collections"], v["trainable"]) for v in graph["variables"]} == {
        "res0_0/weight": (["outputs", "trainable_variables", "variables", "vars_train"], True),
        "res0_0/bias": (["trainable_variables", "variables", "vars_train"], True),
        "frozen": (["legacy_vars", "variables"], False),  # a program's collection says nothing of trainable
    }
    from .test_cli import _run

    out = _run([str(path)]).stdout.decode()
    assert "frozen    float32  (2,)    2                               global,legacy_vars\n" in out
    assert "trainable           global,trainable,outputs,vars_train\n" in out


def _saved_object(children: Sequence[Tuple[str, int]] = (), saved: bytes = b"") -> bytes:
    """One SavedObjectGraph.nodes entry: its children (name, node id), and a SavedVariable's bytes if any."""
    refs = b"".join(field(1, b"\x08" + bytes([node]) + field(2, name.encode())) for name, node in children)
    return field(1, refs + (field(7, saved) if saved else b""))


def _saved(name: str, dims: Sequence[int]) -> bytes:
    return b"\x08\x01" + field(2, b"".join(field(2, b"\x08" + bytes([n])) for n in dims)) + field(6, name.encode())


def test_saved_variables_of_one_name_join_the_nodes_tensorflow_made_unique() -> None:
    # tf.saved_model.save of three unnamed tf.Variables: each SavedVariable is "Variable"; the graph's nodes are
    # Variable, Variable_1, Variable_2, made unique in the object graph's order. Each joins its own node, by that
    # name, and keeps its object path; none is merged into another.
    objects = (
        _saved_object([("a", 1), ("b", 2), ("c", 3)])
        + _saved_object(saved=_saved("Variable", ()))
        + _saved_object(saved=_saved("Variable", (2,)))
        + _saved_object([("0", 4)])
        + _saved_object(saved=_saved("Variable", (3,)))
    )
    nodes = [variable(name, dims, op="VarHandleOp") for name, dims in
             (("Variable_2", (3,)), ("Variable", ()), ("Variable_1", (2,)))]  # fmt: skip
    found = scan(meta_graph(graph_def(*nodes), rest=field(7, objects)))["variables"]  # type: ignore[index]
    assert [(v["name"], v["shape"], v["object_path"]) for v in found] == [
        ("Variable_2", [3], "c/0"), ("Variable", [], "a"), ("Variable_1", [2], "b"),
    ]  # fmt: skip


def test_a_saved_variable_whose_node_disagrees_is_not_merged_into_it() -> None:
    objects = _saved_object([("w", 1)]) + _saved_object(saved=_saved("w", (5,)))
    found = scan(meta_graph(graph_def(variable("w", (2, 3), op="VarHandleOp")), rest=field(7, objects)))
    assert [(v["name"], v["op"], v["shape"], v["object_path"]) for v in found["variables"]] == [  # type: ignore[index]
        ("w", "VarHandleOp", [2, 3], None), ("w", None, [5], "w"),
    ]  # fmt: skip


@pytest.mark.parametrize(("producer", "recorded", "shape"), [(21, None, None), (0, None, None), (21, [-1, 6], [-1, 6]),
                                                          (22, None, []), (27, [], [])])  # fmt: skip
def test_an_old_graphs_placeholder_of_no_dims_is_any_shape(producer: int, recorded: Any, shape: Any) -> None:
    # TensorFlow's Placeholder shape function: a shape of no dims in a graph of producer 21 or less (TF 0.12 and
    # before) is "any shape", not a scalar; the shape TensorFlow inferred when it wrote the graph says what it was.
    from tfcollections._graph.graphdef import _delimited

    attrs: Dict[str, Any] = {"dtype": {"type": "DT_FLOAT"}, "shape": {"shape": {"dim": []}}}
    if recorded is not None:
        attrs["_output_shapes"] = {"list": {"shape": [{"dim": [{"size": size} for size in recorded]}]}}
    node = tfcollections.encode_message("NodeDef", {"name": "x", "op": "Placeholder", "attr": attrs})
    data = _delimited(1, node) + _delimited(4, tfcollections.encode_message("VersionDef", {"producer": producer}))
    (found,) = tfcollections.loads(data, graph=True)["meta_graphs"][0]["graph"]["inputs"]
    assert found["shape"] == shape
