# SPDX-License-Identifier: Apache-2.0
"""The node walk's straight reads give what the general decoder gives, on nodes of any form.

``load(..., graph=True)`` walks a binary graph without parsing it (``_graph/nodes.py``): a node's usual head (a
name, then an op, each with a one-byte length) is read straight, the rest field by field, and a variable's usual
``_class`` and ``shared_name`` entries straight from their bytes (``_graph/attrs.py``). Here generated nodes, in
the usual form and every other (fields in any order, names and ops given twice, lengths of two bytes, strings
that are not UTF-8, unknown fields, nodes cut short), are read both ways: the walk must report the same ops,
variables and devices as ``decode_message("GraphDef", ...)`` does, and fail exactly where it fails. Attr values
are well formed and inputs UTF-8, so that a failure of the general decoder is one the walk must find too: the
walk passes over the inputs and the attrs of a node it does not keep, as docs/files.md says.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

import pytest
from hypothesis import given, strategies as st

import tfcollections
from tfcollections._graph import nodes

from .helpers import field, varint
from .test_graph import attr, dtype, graph_def, meta_graph, shape, text, text_list

_VARIABLE = "VariableV2"

_name = st.one_of(
    st.sampled_from([b"a", b"w", b"scope/kernel", b""]),
    st.binary(min_size=126, max_size=130).map(lambda raw: raw.replace(b"\x80", b"x")).filter(bool),
    st.sampled_from([b"\xff", b"caf\xc3", "ünï".encode()]),
)
_input = st.sampled_from([b"a", b"^a", b"a:1", b"x" * 140])  # UTF-8: the walk does not look into inputs (docs/files.md)
_op = st.one_of(
    st.sampled_from([b"Const", b"NoOp", _VARIABLE.encode(), b"VarHandleOp", b"PyFunc", b""]),
    st.just(b"Op" * 70),  # a two-byte length
    st.just(b"\xc3("),  # not UTF-8
)
_attr = st.one_of(
    st.builds(lambda number: attr("dtype", dtype(number)), st.integers(0, 30)),
    st.builds(lambda dims: attr("shape", shape(dims)), st.lists(st.integers(-1, 300), max_size=4)),
    st.builds(lambda value: attr("shared_name", text(value)), _name),
    st.builds(lambda value: attr("_class", text_list([b"loc:@" + value])), _name),
    st.builds(lambda values: attr("_class", text_list(values)), st.lists(_name, max_size=3)),
    st.builds(lambda value: attr("container", text(value)), _name),
)
_field = st.one_of(
    _name.map(lambda value: field(1, value)),
    _op.map(lambda value: field(2, value)),
    _input.map(lambda value: field(3, value)),
    _name.map(lambda value: field(4, value)),  # a device
    _attr,
    st.integers(0, 1 << 40).map(lambda value: b"\x48" + varint(value)),  # field 9, a varint: unknown
    st.just(b"\x55\x00\x00\x80\x3f"),  # field 10, fixed32: unknown
)


@st.composite
def _node(draw: st.DrawFn) -> bytes:
    if draw(st.booleans()):  # the usual order: name, op, inputs, device, attrs
        body = field(1, draw(_name)) + field(2, draw(_op))
        body += b"".join(field(3, item) for item in draw(st.lists(_input, max_size=2)))
        body += b"".join(draw(st.lists(_attr, max_size=4)))
    else:
        body = b"".join(draw(st.lists(_field, max_size=7)))
    if draw(st.integers(0, 9)) == 0:  # cut short inside the node
        body = body[: draw(st.integers(0, max(len(body) - 1, 0)))]
    return body


def _text(value: bytes) -> Any:
    try:
        return value.decode()
    except UnicodeDecodeError:
        return value


def _general(graph: bytes) -> Optional[Tuple[Dict[str, int], List[Tuple[str, str, Any, Any]]]]:
    """The ops and the variables (name, device, shared name, colocation) as the general decoder reads them."""
    try:
        decoded = tfcollections.decode_message("GraphDef", graph)
    except tfcollections.DecodeError:
        return None
    ops: Dict[str, int] = {}
    variables = []
    for node in decoded["node"]:
        ops[node["op"]] = ops.get(node["op"], 0) + 1
        if nodes.is_variable_op(node["op"]):
            attrs = node["attr"]
            shared = attrs["shared_name"]["s"] if attrs.get("shared_name") else None
            located = attrs.get("_class")
            colocated = []
            if located is not None:
                given = located["list"]["s"] if located["list"] is not None else [located["s"] or b""]
                colocated = [_text(item[5:]) for item in given if item.startswith(b"loc:@")]
            variables.append((node["name"], node["device"], "" if shared is None else _text(shared), colocated))
    return dict(sorted(ops.items())), variables


def _walked(graph: bytes) -> Optional[Tuple[Dict[str, int], List[Tuple[str, str, Any, Any]]]]:
    try:
        scanned = tfcollections.loads(meta_graph(graph), graph=True)["meta_graphs"][0]["graph"]
    except tfcollections.DecodeError:
        return None
    variables = [(v["name"], v["device"], v["shared_name"], v["colocated_with"]) for v in scanned["variables"]]
    return scanned["ops"], variables


@given(st.lists(_node(), min_size=1, max_size=5))
def test_the_walk_reads_every_node_as_the_general_decoder_does(given_nodes: List[bytes]) -> None:
    graph = graph_def(*given_nodes)
    assert _walked(graph) == _general(graph), graph.hex()


@pytest.mark.parametrize(
    "node_bytes",
    [
        field(1, b"a") + field(2, b"NoOp") + field(1, b"b"),  # a second name after the usual head: the last wins
        field(1, b"a") + field(2, b"NoOp") + field(2, b"PyFunc"),  # and a second op
        field(1, b"a") + field(4, b"\xff") + field(2, b"NoOp") + field(4, b"/cpu:0"),  # a device not UTF-8, then one
        # A name of a two-byte length whose first byte, read as a length, lands on its last byte: a field that
        # runs to the node's end (0x2A, then the op's tag 0x12 read as a length of 18).
        field(1, b"a" * 129 + b"*") + field(2, b"B" * 17),
        field(1, b"a"),  # a name alone
        b"",  # an empty node
        field(2, b"NoOp") + field(1, b"a"),  # the op first
        field(1, b"a" * 200) + field(2, b"NoOp"),  # a name of a two-byte length: the loop reads it
        field(1, b"a") + field(2, b"N" * 200),  # an op of a two-byte length
        field(1, b"a") + b"\x12\x00",  # an empty op
        b"\x0a\x05ab",  # a name that runs past the node's end
        field(1, b"a") + b"\x12\x09NoOp",  # an op that runs past it
        field(1, b"v") + field(2, b"VarHandleOp") + attr("shared_name", text(b"s" * 200)),  # a long shared name
        field(1, b"v") + field(2, b"VarHandleOp") + attr("shared_name", text(b"")),
        field(1, b"v") + field(2, b"VarHandleOp") + attr("shared_name", text(b"\xff")),
        field(1, b"v") + field(2, b"VarHandleOp") + attr("shared_name", text(b"s") + b"\x48\x01"),  # unknown field
        field(1, b"v") + field(2, b"VarHandleOp") + attr("shared_name", text_list([b"x"])),  # a list, not a string
        field(1, b"v") + field(2, b"VarHandleOp") + attr("_class", text(b"loc:@w")),  # a string, not a list
    ],
)
def test_the_straight_reads_at_their_edges(node_bytes: bytes) -> None:
    graph = graph_def(node_bytes, field(1, b"next") + field(2, b"NoOp"))
    assert _walked(graph) == _general(graph)


def test_the_head_is_read_with_the_schemas_tags() -> None:
    # The walk compares a node's first bytes with 0x0A and 0x12, literals for speed: they must be the schema's.
    assert (nodes._NODE_NAME, nodes._NODE_OP) == (0x0A, 0x12)
