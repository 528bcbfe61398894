# SPDX-License-Identifier: Apache-2.0
"""Differential fuzzing of the graph scan against protobuf (run by hand).

    $TFVENV/bin/python -m tools.differential_graph_fuzz --cases 20000 --seed 1

Runs in the virtual environment with ``tensorflow-cpu`` (docs/development.md). Each case takes the
``graph_def`` of a committed file (examples/, tests/data/files/), mutates it one to three times, and
puts it back into the file; then ``loads(data, graph=True)`` and protobuf must agree on whether the
graph reads and on every variable and op count.

Mutations: inside one node (the byte-level mutations of the item fuzzer: truncation, flipped and
inserted bytes, unknown fields of every wire type, groups, padded tags and lengths, bad UTF-8), the
lengths fixed up around it; a second ``op`` or ``name`` appended to a node (protobuf's last one wins:
``op: "Const"`` then ``op: "PyFunc"`` runs PyFunc); a node's fields shuffled; a variable's attr entry
duplicated with another value, or damaged inside; the graph split into two ``graph_def`` fields (protobuf
merges them); damage at the graph's top level and inside a library function's node.

protobuf's side states the scan's semantics exactly, with classes built here: a ``GraphDef`` whose
nodes declare ``name``, ``op`` and ``device`` as (UTF-8 checked) strings and every other field as
``bytes``, library functions read for their signature's name and their nodes, everything else an
unknown field (checked for its structure only). A variable node is then parsed whole by TensorFlow's
own ``NodeDef`` (its attrs decoded and checked), as are placeholders and calls of functions (inputs
included) and constants (a Const's tensor parsed whole by protobuf, walked by the scan: its fields, shape
and packed values checked), and the expected graph is ``_oracle.graph_contract`` of what that gives,
inputs, outputs and calls included. Damage the scan by design does not look at (the UTF-8 of other
nodes' inputs, a tensor's nested handles) is caught by protobuf's full parse only: such cases are counted
(``outside what the scan reads``), not failed. Anything else prints a line of JSON and makes the exit
code 1.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import sys
import time
from pathlib import Path

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
from google.protobuf.message import DecodeError as ProtobufDecodeError
from tensorflow.core.framework import graph_pb2, node_def_pb2
from tensorflow.core.protobuf import meta_graph_pb2

import tfcollections
from tests.helpers import field, same
from tfcollections._graph.ops import FLAGGED_OPS
from tools import _oracle as oracle

REPO = Path(__file__).resolve().parent.parent
FDP = descriptor_pb2.FieldDescriptorProto


def scan_classes():
    """GraphDef as the scan reads it: (GraphDef class, NodeDef class)."""
    proto = descriptor_pb2.FileDescriptorProto(name="scan.proto", package="scan", syntax="proto3")

    def message(name, fields):
        message = proto.message_type.add(name=name)
        for number, field_name, kind, repeated, type_name in fields:
            field = message.field.add(name=field_name, number=number, type=kind)
            field.label = FDP.LABEL_REPEATED if repeated else FDP.LABEL_OPTIONAL
            if type_name:
                field.type_name = f".scan.{type_name}"

    string, raw, sub = FDP.TYPE_STRING, FDP.TYPE_BYTES, FDP.TYPE_MESSAGE
    message("NodeDef", [(1, "name", string, False, ""), (2, "op", string, False, ""),
                        (3, "input", raw, True, ""), (4, "device", string, False, ""), (5, "attr", raw, True, ""),
                        (6, "debug_info", raw, False, ""), (7, "type", raw, False, "")])  # fmt: skip
    message("OpDef", [(1, "name", string, False, "")])
    message("FunctionDef", [(1, "signature", sub, False, "OpDef"), (3, "node_def", sub, True, "NodeDef")])
    message("Library", [(1, "function", sub, True, "FunctionDef")])
    message("GraphDef", [(1, "node", sub, True, "NodeDef"), (2, "library", sub, False, "Library")])
    pool = descriptor_pool.DescriptorPool()
    pool.Add(proto)
    return tuple(
        message_factory.GetMessageClass(pool.FindMessageTypeByName(f"scan.{n}")) for n in ("GraphDef", "NodeDef")
    )


SCAN_GRAPH, SCAN_NODE = scan_classes()

# The nodes the scan reads whole (their attrs decoded): variables, placeholders, constants.
READ_WHOLE = oracle.VARIABLE_OPS | oracle.PLACEHOLDER_OPS | oracle.CALL_OPS | {"Const"}

# Of those, the nodes decoded whole, inputs included (the others' inputs are read as bytes).
WITH_INPUTS = oracle.PLACEHOLDER_OPS | oracle.CALL_OPS


def _fields(data: bytes):
    """(number, wire type, whole field bytes, value bytes) of a message's fields; raises ValueError when they do not
    walk."""
    pos, out = 0, []
    while pos < len(data):
        start = pos
        tag, pos = _varint(data, pos)
        number, wire = tag >> 3, tag & 7
        if wire == 0:
            _, pos = _varint(data, pos)
            value = b""
        elif wire == 1 or wire == 5:
            pos += 8 if wire == 1 else 4
            value = b""
        elif wire == 2:
            length, pos = _varint(data, pos)
            value, pos = data[pos : pos + length], pos + length
        else:
            raise ValueError("group")
        if pos > len(data):
            raise ValueError("truncated")
        out.append((number, wire, data[start:pos], value))
    return out


def _varint(data: bytes, pos: int):
    result = shift = 0
    while True:
        if pos >= len(data) or shift > 63:
            raise ValueError("varint")
        byte = data[pos]
        result |= (byte & 0x7F) << shift
        pos += 1
        if byte < 0x80:
            return result, pos
        shift += 7


def _without_handles(entry: bytes) -> bytes:
    """An attr entry with its tensor's handle and variant values (TensorProto fields 14, 15) left out."""
    try:
        out = b""
        for number, wire, whole, value in _fields(entry):
            if number == 2 and wire == 2:
                attr = b""
                for inner, inner_wire, inner_whole, inner_value in _fields(value):
                    if inner == 8 and inner_wire == 2:
                        tensor = _fields(inner_value)
                        kept = b"".join(w for n, t, w, _ in tensor if not (n in (14, 15) and t == 2))
                        if len(kept) == len(inner_value):
                            return entry  # nothing to leave out: the entry as it is
                        inner_whole = field(8, kept)
                    attr += inner_whole
                whole = field(2, attr)
            out += whole
        return out
    except ValueError:
        return entry


def _handles_walk(entries) -> bool:
    """Whether the handle and variant values of the tensors of these attr entries walk one level deep, with no
    field number 0 (what the scan checks of them)."""
    try:
        for entry in entries:
            for number, wire, _, value in _fields(entry):
                if number == 2 and wire == 2:
                    for inner, inner_wire, _, inner_value in _fields(value):
                        if inner == 8 and inner_wire == 2:
                            for n, t, _, handle in _fields(inner_value):
                                if n in (14, 15) and t == 2 and any(k == 0 for k, _, _, _ in _fields(handle)):
                                    return False
    except ValueError:
        return False
    return True


def expected_graph(meta_graph: meta_graph_pb2.MetaGraphDef, graph_payload: bytes):
    """protobuf's reading of the graph as the scan reads it: the expected "graph", or None if it does not read."""
    try:
        scanned = SCAN_GRAPH.FromString(graph_payload)
    except ProtobufDecodeError:
        return None
    graph = graph_pb2.GraphDef()
    for node in scanned.node:
        # Inputs are read as bytes, unchecked: one that is not UTF-8 names no node, as its replacement does not.
        inputs = [entry.decode("utf-8", "replace") for entry in node.input]
        if node.op in READ_WHOLE or node.op.endswith("VarHandleOp"):
            whole = field(1, node.name.encode()) + field(2, node.op.encode()) + field(4, node.device.encode())
            if node.op in WITH_INPUTS:  # decoded whole by the scan: its inputs' UTF-8 checked too
                whole += b"".join(field(3, entry) for entry in node.input)
            whole += b"".join(field(5, entry) for entry in node.attr)
            try:
                graph.node.add().CopyFrom(node_def_pb2.NodeDef.FromString(whole))  # attrs decoded and checked
            except ProtobufDecodeError:
                if node.op != "Const":
                    return None
                # The scan walks a tensor's handles and variants one level deep: deeper damage is protobuf's alone.
                stripped = [_without_handles(entry) for entry in node.attr]
                if stripped == list(node.attr):  # no handles to leave out: the damage is elsewhere
                    return None
                loose = b"".join(field(5, entry) for entry in stripped)
                try:
                    parsed = node_def_pb2.NodeDef.FromString(whole[: -sum(len(field(5, e)) for e in node.attr)]
                                                             + loose)  # fmt: skip
                except ProtobufDecodeError:
                    return None
                if not _handles_walk(node.attr):
                    return None
                graph.node.add().CopyFrom(parsed)
            if node.op not in WITH_INPUTS:
                graph.node[-1].input.extend(inputs)
        else:
            graph.node.add(name=node.name, op=node.op, device=node.device, input=inputs)
    for function in scanned.library.function:
        copy = graph.library.function.add()
        copy.signature.name = function.signature.name
        for node in function.node_def:
            copy.node_def.add(name=node.name, op=node.op)
    whole_meta = meta_graph_pb2.MetaGraphDef()
    whole_meta.CopyFrom(meta_graph)
    whole_meta.graph_def.CopyFrom(graph)
    return oracle.graph_contract(whole_meta, None, FLAGGED_OPS)


def seeds():
    """(meta graph without graph_def, graph payload) of every committed binary file's meta graphs."""
    out = []
    paths = [REPO / "examples" / "model.meta", *sorted((REPO / "tests" / "data" / "files").glob("*"))]
    for path in paths:
        if path.suffix not in (".meta", ".pb"):
            continue
        loaded = tfcollections.load(path)
        data = path.read_bytes()
        if loaded["format"] == "GraphDef":  # a frozen graph: a meta graph holding it, and a tag (with only field 2
            # the file could be a SavedModel, and a graph of one node reads as either)
            meta_graph = meta_graph_pb2.MetaGraphDef(graph_def=graph_pb2.GraphDef.FromString(data))
            meta_graph.meta_info_def.tags.append("frozen")
            meta_graphs = [meta_graph]
        elif loaded["format"] == "SavedModel":
            from tensorflow.core.protobuf import saved_model_pb2

            meta_graphs = list(saved_model_pb2.SavedModel.FromString(data).meta_graphs)
        else:
            meta_graphs = [meta_graph_pb2.MetaGraphDef.FromString(data)]
        for meta_graph in meta_graphs:
            payload = meta_graph.graph_def.SerializeToString()
            meta_graph.ClearField("graph_def")
            meta_graph.ClearField("object_graph_def")  # the TF 2 object graph is compared by the fixtures
            out.append((meta_graph, payload))
    return out


def _spans(blob: bytes):
    bounds = oracle.field_boundaries(blob)
    return [(a, b) for a, b in zip(bounds, bounds[1:]) if a < b]


def _payload_span(blob: bytes, start: int, end: int):
    """(tag, payload start) of the length-delimited field in blob[start:end], or None."""
    try:
        tag, pos = oracle.read_varint(blob, start)
        if tag & 7 != 2:
            return None
        _, pos = oracle.read_varint(blob, pos)
    except IndexError:
        return None
    return (tag, pos) if pos <= end else None


def _rewrap(blob: bytes, start: int, end: int, tag: int, payload: bytes) -> bytes:
    return blob[:start] + oracle.varint(tag) + oracle.varint(len(payload)) + payload + blob[end:]


def _nodes(graph: bytes, number: int = 1):
    """(start, end, tag, payload start) of the graph's length-delimited fields of *number*."""
    found = []
    for start, end in _spans(graph):
        span = _payload_span(graph, start, end)
        if span is not None and span[0] >> 3 == number:
            found.append((start, end, *span))
    return found


def mutate_graph(rng: random.Random, graph: bytes, others) -> bytes:
    nodes = _nodes(graph)
    choice = rng.random()
    if not nodes or choice < 0.1:
        return oracle.mutate(rng, graph_pb2.GraphDef, graph, others)
    start, end, tag, at = rng.choice(nodes)
    node = graph[at:end]
    if choice < 0.4:
        node = oracle.mutate(rng, node_def_pb2.NodeDef, node, others)
    elif choice < 0.55:
        extra = rng.choice([b"PyFunc", b"VariableV2", b"VarHandleOp", b"Const", b"", b"\xff", b"Read\xc3"])
        node += field(rng.choice([1, 2, 2, 4]), extra)
    elif choice < 0.65:
        fields = _spans(node)
        if fields and fields[-1][1] == len(node):
            parts = [node[a:b] for a, b in fields]
            rng.shuffle(parts)
            node = b"".join(parts)
    elif choice < 0.85:
        entries = _nodes(node, 5)
        if entries:
            e_start, e_end, e_tag, e_at = rng.choice(entries)
            entry = node[e_at:e_end]
            if rng.random() < 0.5:
                node += node[e_start:e_end]  # the same key again: the last one wins
                key = _nodes(entry, 1)
                if key:
                    value = rng.choice(
                        [b"\x30\x03", b"\x3a\x04\x12\x02\x08\x07", b"\x12\x03abc", b"\x3a\x02\x18\x01", b""]
                    )
                    node += field(5, entry[key[0][0] : key[0][1]] + (field(2, value[2:]) if value else b""))
            else:
                inner = _nodes(entry, 2)
                if inner:
                    v_start, v_end, v_tag, v_at = inner[0]
                    value = oracle.mutate(rng, node_def_pb2.NodeDef, entry[v_at:v_end], others)
                    entry = _rewrap(entry, v_start, v_end, v_tag, value)
                node = _rewrap(node, e_start, e_end, e_tag, entry)
    else:
        libraries = _nodes(graph, 2)
        if libraries:
            l_start, l_end, l_tag, l_at = libraries[0]
            library = graph[l_at:l_end]
            functions = _nodes(library, 1)
            if functions:
                f_start, f_end, f_tag, f_at = rng.choice(functions)
                function = oracle.mutate(rng, node_def_pb2.NodeDef, library[f_at:f_end], others)
                library = _rewrap(library, f_start, f_end, f_tag, function)
                return _rewrap(graph, l_start, l_end, l_tag, library)
        node = oracle.mutate(rng, node_def_pb2.NodeDef, node, others)
    return _rewrap(graph, start, end, tag, node)


def check(meta_graph: meta_graph_pb2.MetaGraphDef, graphs):
    """None when both agree, or (category, details). *graphs*: the graph_def payloads, in file order."""
    data = meta_graph.SerializeToString() + b"".join(field(2, graph) for graph in graphs)
    expected = expected_graph(meta_graph, b"".join(graphs))  # several graph_defs merge: their bytes concatenate
    try:
        ours = tfcollections.loads(data, graph=True)["meta_graphs"][0]["graph"]
        our_error = None
    except tfcollections.DecodeError as error:
        ours, our_error = None, error
    except Exception as error:  # anything but DecodeError is a crash
        return "crash", f"{type(error).__name__}: {error}"
    if ours is None:
        if expected is None:
            return None
        return "we reject", f"{our_error}"
    if expected is None:
        return "protobuf rejects", "we read the graph"
    if not same(ours, expected):
        return "values differ", json.dumps({"ours": repr(ours)[:1500], "protobuf": repr(expected)[:1500]})
    full = meta_graph_pb2.MetaGraphDef()
    try:
        full.ParseFromString(data)
    except ProtobufDecodeError:
        return "outside what the scan reads", ""
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    pool = seeds()
    others = [payload for _, payload in pool if len(payload) < 4096] or [b""]
    counts: collections.Counter = collections.Counter()
    bad = 0
    start = time.perf_counter()
    for _ in range(args.cases):
        meta_graph, payload = rng.choice(pool)
        for _ in range(rng.choice([1, 1, 1, 2, 3])):
            payload = mutate_graph(rng, payload, others)
        graphs = [payload]
        if rng.random() < 0.15:
            cut = rng.choice(oracle.field_boundaries(payload))
            graphs = [payload[:cut], payload[cut:]]
        outcome = check(meta_graph, graphs)
        if outcome is None:
            counts["agree"] += 1
            continue
        category, details = outcome
        counts[category] += 1
        if category != "outside what the scan reads":
            bad += 1
            print(json.dumps({"category": category, "graphs": [g.hex()[:6000] for g in graphs], "details": details}))
    return oracle.finish_run(counts, bad, args.cases, args.seed, time.perf_counter() - start)


if __name__ == "__main__":
    sys.exit(main())
