# SPDX-License-Identifier: Apache-2.0
"""Hostile inputs, built at any size: tests/test_hostile.py checks what each one gives,
benchmarks/hostile.py measures what each one costs (time, peak memory, growth with size).

Each ``HostileInput`` has a builder taking a count (levels, fields, entries,
bytes) and the call that feeds the result to the library. Builders run in time
linear in the count, so that a million is cheap to make.
"""

from __future__ import annotations

import struct
from typing import Any, Callable, List, NamedTuple

import tfcollections

from .helpers import field, varint


def nested_while_contexts(levels: int) -> bytes:
    """WhileContextDef.nested_contexts[0].while_ctxt... *levels* deep, with consistent lengths."""
    headers = []
    inner = 0
    for level in range(levels):
        # From the outside in: WhileContextDef.nested_contexts (12), then ControlFlowContextDef.while_ctxt (2).
        tag = b"\x62" if (levels - 1 - level) % 2 == 0 else b"\x12"
        header = tag + varint(inner)
        headers.append(header)
        inner += len(header)
    return b"".join(reversed(headers))


def open_groups(count: int) -> bytes:
    return b"\x0b" * count  # start-group of unknown field 1, never ended


# The largest length protobuf reads: a length is a varint of at most 5 bytes (a longer one is malformed).
LARGEST_LENGTH = 2**35 - 1


def declared_length(count: int) -> bytes:
    # VariableDef.variable_name declared 32 GiB long, followed by *count* real bytes.
    return b"\x0a" + varint(LARGEST_LENGTH) + b"a" * count


def one_byte_fields(count: int) -> bytes:
    return b"\x38\x01" * count  # VariableDef.trainable, again and again: the last wins


def ten_byte_varints(count: int) -> bytes:
    return (b"\x28" + b"\xff" * 9 + b"\x01") * count  # VariableDef.is_resource, the longest varint there is


def eleven_byte_varint(count: int) -> bytes:
    return (b"\x38\x01" * count) + b"\x28" + b"\xff" * 10 + b"\x01"  # valid fields, then one varint too long


def map_entries(count: int) -> bytes:
    """CondContextDef.values_def (5) with *count* external_values entries, keys "k0", "k1", ..."""
    entries = b"".join(
        b"\x12" + bytes([len(body)]) + body
        for body in (b"\x0a" + bytes([len(k)]) + k + b"\x12\x01v" for k in (f"k{i}".encode() for i in range(count)))
    )
    return b"\x2a" + varint(len(entries)) + entries


def invalid_utf8_at_the_end(count: int) -> bytes:
    # A string of *count* valid bytes that ends in the middle of a character: the whole run must be checked.
    body = b"a" * count + b"\xe2\x82"
    return field(1, body)


def text_open_braces(count: int) -> bytes:
    return b"graph_def " + b"{" * count


def text_unbalanced_fields(count: int) -> bytes:
    return b"meta_info_def " + b"{ any_info " * count


def text_endless_string(count: int) -> bytes:
    return b'meta_info_def { tags: "' + b"a" * count


def text_endless_string_in_a_skipped_field(count: int) -> bytes:
    return b'graph_def { node { name: "' + b"a" * count


def text_long_integer(count: int) -> bytes:
    return b"saver_def { max_to_keep: " + b"9" * count + b" }"  # past 4,300 digits Python's int() refuses


def text_long_float(count: int) -> bytes:
    return b"saver_def { keep_checkpoint_every_n_hours: " + b"9" * count + b" }"  # inf, as C++'s strtod reads it


def repeated_collection_key(count: int) -> bytes:
    entry = field(4, field(1, b"c") + field(2, field(1, field(1, b"node"))))
    return entry * count


# --- checkpoint tables (tests/tables.py builds them; the feed writes one to a file and lists it)


def index_claiming_restarts(count: int) -> bytes:
    """A data block of *count* bytes of entries-to-be that claims 2^32 - 1 restart points (16 GiB of them)."""
    from .tables import table

    return table([], data_blocks=[b"\x00" * count + struct.pack("<I", 0xFFFF_FFFF)])


def index_restarts_outside(count: int) -> bytes:
    """A block of one entry whose *count* restart points all point past its entries."""
    from .tables import block, table

    entry = block([(b"k", b"v")])[:-8]
    return table([], data_blocks=[entry + struct.pack("<I", 1 << 20) * count + struct.pack("<I", count)])


def index_shared_prefix_too_long(count: int) -> bytes:
    """*count* valid entries, then one that shares more bytes than the previous key has."""
    from .tables import block, table

    entries = block([(b"key%08d" % index, b"") for index in range(count)])[:-4]
    restarts = (count + 15) // 16
    body, array = entries[: len(entries) - 4 * restarts], entries[len(entries) - 4 * restarts :]
    return table([], data_blocks=[body + b"\xff\x01\x00x" + array + struct.pack("<I", restarts)])


def index_many_entries(count: int) -> bytes:
    """A valid V2 index of *count* tensors in blocks of 256 KiB, each entry a scalar float."""
    from .tables import table

    header = tfcollections.encode_message("BundleHeaderProto", {"num_shards": 1})
    entry = tfcollections.encode_message("BundleEntryProto", {"dtype": "DT_FLOAT", "size": 4})
    return table([(b"", header)] + [(b"t%09d" % index, entry) for index in range(count)])


_FOLDER: List[str] = []


def _meta_graph_of_nodes(nodes: bytes) -> bytes:
    """A MetaGraphDef whose graph_def holds *nodes* (GraphDef.node fields, already framed), after a meta_info_def
    (tags: serve) that makes it one: a file of a graph_def alone reads as a SavedModel too."""
    return b"\x0a\x07\x22\x05serve" + b"\x12" + varint(len(nodes)) + nodes


def graph_one_field_nodes(count: int) -> bytes:
    # *count* nodes of one field each, an op: the least a node can cost to read, and the most nodes per byte.
    return _meta_graph_of_nodes(b"\x0a\x03\x12\x01a" * count)


def graph_one_node_of_many_fields(count: int) -> bytes:
    # One node: a name, an op, then *count* empty inputs; past 4 KiB it is walked in place, not in a copy.
    body = b"\x0a\x01n\x12\x04NoOp" + b"\x1a\x00" * count
    return _meta_graph_of_nodes(b"\x0a" + varint(len(body)) + body)


def graph_second_ops(count: int) -> bytes:
    # Every node names two ops (the second is run): each node takes the general path, _check_fields.
    return _meta_graph_of_nodes(b"\x0a\x06\x12\x01a\x12\x01b" * count)


def graph_nodes_then_one_cut_short(count: int) -> bytes:
    # *count* valid nodes, then one whose input claims more bytes than the node holds.
    return _meta_graph_of_nodes(b"\x0a\x03\x12\x01a" * count + b"\x0a\x05\x12\x01a\x1a\x09")


def _load_graph(data: bytes) -> Any:
    return tfcollections.loads(data, graph=True)["meta_graphs"][0]["graph"]["ops"]


def _load_index(data: bytes) -> Any:
    import os
    import tempfile

    if not _FOLDER:
        _FOLDER.append(tempfile.mkdtemp(prefix="tfcollections-hostile-"))
    path = os.path.join(_FOLDER[0], "hostile")
    with open(path + ".index", "wb") as file:
        file.write(data)
    return tfcollections.load_checkpoint(path)


def _decode_strict(name: str) -> Callable[[bytes], Any]:
    def call(blob: bytes) -> Any:
        assert tfcollections.decode(name, blob) is not None  # the forgiving API never raises
        return tfcollections.decode_strict(name, blob)

    return call


class HostileInput(NamedTuple):
    name: str
    build: Callable[[int], bytes]
    feed: Callable[[bytes], Any]  # raises DecodeError, or returns what the library made of it
    unit: str  # what the count counts


HOSTILE_INPUTS: List[HostileInput] = [
    HostileInput("nested messages", nested_while_contexts, _decode_strict("while_context"), "levels"),
    HostileInput("open groups", open_groups, _decode_strict("savers"), "levels"),
    HostileInput("a declared length of 2^35 - 1", declared_length, _decode_strict("variables"), "bytes after it"),
    HostileInput("one-byte fields", one_byte_fields, _decode_strict("variables"), "fields"),
    HostileInput("10-byte varints", ten_byte_varints, _decode_strict("variables"), "fields"),
    HostileInput("an 11-byte varint after valid fields", eleven_byte_varint, _decode_strict("variables"), "fields"),
    HostileInput("map entries", map_entries, _decode_strict("cond_context"), "entries"),
    HostileInput("invalid UTF-8 at a string's end", invalid_utf8_at_the_end, _decode_strict("variables"), "bytes"),
    HostileInput("text: open braces in a skipped field", text_open_braces, tfcollections.loads, "braces"),
    HostileInput("text: unclosed parsed fields", text_unbalanced_fields, tfcollections.loads, "fields"),
    HostileInput("text: a string that never ends", text_endless_string, tfcollections.loads, "bytes"),
    HostileInput(
        "text: the same, in a skipped field", text_endless_string_in_a_skipped_field, tfcollections.loads, "bytes"
    ),
    HostileInput("text: an integer of many digits", text_long_integer, tfcollections.loads, "digits"),
    HostileInput("text: a float of many digits", text_long_float, tfcollections.loads, "digits"),
    HostileInput("collection_def repeating one key", repeated_collection_key, tfcollections.loads, "entries"),
    HostileInput("index: a block claiming 2^32 - 1 restarts", index_claiming_restarts, _load_index, "bytes"),
    HostileInput("index: restart points outside their block", index_restarts_outside, _load_index, "restarts"),
    HostileInput(
        "index: a key sharing too much, after valid ones", index_shared_prefix_too_long, _load_index, "entries"
    ),
    HostileInput("index: many tensors (valid)", index_many_entries, _load_index, "tensors"),
    HostileInput("graph: nodes of one field (valid)", graph_one_field_nodes, _load_graph, "nodes"),
    HostileInput("graph: one node of many fields (valid)", graph_one_node_of_many_fields, _load_graph, "fields"),
    HostileInput("graph: every node with a second op (valid)", graph_second_ops, _load_graph, "nodes"),
    HostileInput("graph: valid nodes, then one cut short", graph_nodes_then_one_cut_short, _load_graph, "nodes"),
]
