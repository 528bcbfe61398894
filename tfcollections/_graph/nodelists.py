# SPDX-License-Identifier: Apache-2.0
"""A graph's nodes as lists, for a subgraph view: each node's name, op and inputs in order, its attrs on demand.

Strategy: a binary ``graph_def`` is walked node by node and field by field, as the scan walks it (``nodes``), but
keeping what the scan does not: every node's inputs, in order. The walk is optimistic (the usual field moves the
position without a bounds check; a node that does not land on its end is read again carefully, which finds what
is wrong). Attrs are passed by their length; a node's attrs are read only when asked for (a boundary tensor's
producer), and then only the entries that can give a dtype or a shape, each decoded by the schema (so checked)
and remembered by its bytes. A text-format graph, and a library function's body (small), are decoded whole by the
schema-driven readers and the same lists made of them; a function's arguments and results come with its body.
"""

from __future__ import annotations

from .._errors import DecodeError, truncated_length as _truncated
from .._proto.compiled import COMPILED, field_tag
from .._proto.decoder import parse_message
from .._proto.wire import WIRETYPE_LENGTH_DELIMITED, read_size, read_tag, skip_field, spans_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Callable, Dict, Final, List, Optional, Tuple

    from .._disk.source import Source
    from .._typing import Decoded, FrozenBuffer as Buffer

_GRAPH_NODE: Final = field_tag("tensorflow.GraphDef", "node")
_GRAPH_LIBRARY: Final = field_tag("tensorflow.GraphDef", "library")
_NODE_NAME: Final = field_tag("tensorflow.NodeDef", "name")
_NODE_OP: Final = field_tag("tensorflow.NodeDef", "op")
_NODE_INPUT: Final = field_tag("tensorflow.NodeDef", "input")
_LIBRARY_FUNCTION: Final = field_tag("tensorflow.FunctionDefLibrary", "function") >> 3
_FUNCTION_SIGNATURE: Final = field_tag("tensorflow.FunctionDef", "signature") >> 3
_NODE_ATTR: Final = field_tag("tensorflow.NodeDef", "attr")
_ENTRY_KEY: Final = field_tag("tensorflow.NodeDef.AttrEntry", "key")
_ATTR_ENTRY: Final = COMPILED["tensorflow.NodeDef.AttrEntry"]
_ATTR_VALUE: Final = COMPILED["tensorflow.AttrValue"]
_OP_DEF: Final = COMPILED["tensorflow.OpDef"]
_FUNCTION_DEF: Final = COMPILED["tensorflow.FunctionDef"]

# Nodes up to this size are walked in a copy of their own (positions that are small ints CPython does not
# allocate; see nodes._walk_nodes); larger ones (a Const of a gigabyte) in place.
_COPIED_NODE_SIZE: Final = 4096

# Attrs that never say an output's dtype or shape, and can be large: passed over unread.
_UNWANTED: Final = frozenset({b"value", b"_class", b"f", b"body", b"cond", b"then_branch", b"else_branch"})

# Attr entries up to this size are remembered by their bytes (types, small shapes).
_REMEMBERED_ENTRY_SIZE: Final = 64


class Nodes:
    """A graph's (or a function body's) nodes: names, ops and inputs in order, and each node's attrs on demand."""

    __slots__ = ("_attrs", "_known", "_signatures", "_signatures_of", "args", "control_returns", "index", "inputs",
                 "names", "ops", "returns")  # fmt: skip

    def __init__(self, attrs: Callable[[int], Decoded]) -> None:
        self.names: List[str] = []
        self.ops: List[str] = []
        self.inputs: List[List[str]] = []
        self._attrs = attrs
        self._known: Dict[int, Decoded] = {}
        #: A node's index by its name (the first node of a name, if a damaged graph repeats one).
        self.index: Dict[str, int] = {}
        #: A function body's arguments (name -> dtype), results (name -> tensor) and control results (node names).
        self.args: Dict[str, Optional[str]] = {}
        self.returns: Dict[str, str] = {}
        self.control_returns: List[str] = []
        #: The library's functions' signatures, read on first use (a node whose op is a function's name).
        self._signatures_of: Callable[[], Dict[str, Decoded]] = dict
        self._signatures: Optional[Dict[str, Decoded]] = None

    def signatures(self) -> Dict[str, Decoded]:
        """The signature (OpDef) of each function of the graph's library, by name (the first of a name)."""
        if self._signatures is None:
            self._signatures = self._signatures_of()
        return self._signatures

    def attrs(self, index: int) -> Decoded:
        """The attrs of node *index*, decoded once."""
        found = self._known.get(index)
        if found is None:
            found = self._known[index] = self._attrs(index)
        return found


def nodes_of(source: Source, buf: Buffer, index: int, meta_graph: Decoded, function: Optional[str]) -> Nodes:
    """The nodes of meta graph *index*'s graph, or of its library function *function*."""
    depth = source.meta_graph_depth + 1  # of the GraphDef
    if source.encoding == "binary":
        spans = source.spans(buf, index, "graph_def")

        def libraries() -> List[Tuple[int, int]]:  # a walk of the graph's fields: only when a function is needed
            return [span for start, end in spans for span in spans_of(buf, start, end, _GRAPH_LIBRARY >> 3)]

        def signatures() -> Dict[str, Decoded]:
            return _signatures(buf, libraries(), depth + 2)

        found = None if function is None else _function_of(buf, libraries(), depth + 2, function)
        nodes = _binary_nodes(buf, spans, depth) if function is None else None
    else:
        graph = source.read_field(buf, index, meta_graph, "graph_def", "tensorflow.GraphDef")
        library = graph["library"] if graph is not None else None
        functions = library["function"] if library is not None else []

        def signatures() -> Dict[str, Decoded]:
            found: Dict[str, Decoded] = {}
            for item in functions:
                signature = item["signature"] or _OP_DEF.new()
                found.setdefault(signature["name"], signature)
            return found

        named = [item for item in functions if (item["signature"] or {}).get("name") == function]
        found = named[0] if named else None
        nodes = _decoded_nodes(graph["node"] if graph is not None else []) if function is None else None
    if nodes is None:
        if found is None:
            names = sorted(signatures())
            listed = ", ".join(names[:5]) + (", ..." if len(names) > 5 else "")
            if not names:
                raise ValueError(f"no function {function!r}: the graph has no function library")
            raise ValueError(f"no function {function!r} in the graph's library (it has {len(names)}: {listed})")
        nodes = _function_nodes(found)
    nodes._signatures_of = signatures
    return nodes


# --------------------------------------------------------------------------- reading the nodes


def _binary_nodes(buf: Buffer, spans: List[Tuple[int, int]], depth: int) -> Nodes:
    """The nodes of the GraphDef whose occurrences are *spans* of *buf* (several merge: their nodes in order).
    *depth*: the GraphDef's, below the file's top message."""
    node_spans: List[Tuple[int, int]] = []

    def attrs(index: int) -> Decoded:
        start, end = node_spans[index]
        try:
            return _wanted_attrs(buf, start, end, depth + 1, entries)
        except DecodeError as exc:
            exc._add_segment(index)
            exc._add_segment("node")
            raise

    # An attr entry's bytes -> its key and value: nodes repeat their type attrs.
    entries: Dict[bytes, Tuple[str, Decoded]] = {}
    nodes = Nodes(attrs)
    for start, end in spans:
        pos = start
        while pos < end:
            field_at = pos
            if buf[pos] == _GRAPH_NODE and pos + 2 < end and buf[pos + 1] < 0x80:  # a node of < 128 bytes
                tag, length = _GRAPH_NODE, buf[pos + 1]
                pos += 2
            elif buf[pos] == _GRAPH_NODE and pos + 3 < end and buf[pos + 2] < 0x80:  # of < 16 KiB: most others
                tag, length = _GRAPH_NODE, (buf[pos + 1] & 0x7F) | (buf[pos + 2] << 7)
                pos += 3
            else:
                tag, pos = read_tag(buf, pos, end)
                if tag & 7 != WIRETYPE_LENGTH_DELIMITED:
                    pos = skip_field(buf, pos, end, tag, depth)
                    continue
                if tag >> 3 == 0:
                    raise DecodeError("invalid field number 0", field_at)
                length, pos = read_size(buf, pos, end)
            value_end = pos + length
            if value_end > end:
                raise _truncated(length, end - pos, pos)
            if tag == _GRAPH_NODE:
                try:
                    _read_node(buf, pos, value_end, depth + 1, nodes)
                except DecodeError as exc:
                    exc._add_segment(len(nodes.names))
                    exc._add_segment("node")
                    raise
                node_spans.append((pos, value_end))
            pos = value_end
    return nodes


def _read_node(buf: Buffer, start: int, end: int, depth: int, nodes: Nodes) -> None:
    """Add the name, op and inputs of the NodeDef in ``buf[start:end]`` to *nodes*, each checked as protobuf checks
    it (UTF-8; the last name and op winning); every other field is passed over by its length, checked for its
    structure only, as the scan's walk passes it.

    The walk is optimistic, as the scan's is (``nodes._walk_nodes``): the usual field (a one-byte tag, a length of
    one or two bytes) moves the position without a bounds check, and a node where the position does not land on
    its end, or with any other field, is read again by ``_read_node_carefully``, which finds what is wrong."""
    node = buf[start:end] if end - start <= _COPIED_NODE_SIZE else buf
    at, size = (0, end - start) if node is not buf else (start, end)
    kinds = _FIELD_KINDS
    name = op = b""
    inputs: List[bytes] = []
    try:
        while at < size:
            kind = kinds[node[at]]
            length = node[at + 1]
            if length < 0x80:
                if kind == 0:  # _PASS: an attr, the device
                    at += length + 2
                    continue
                at += 2
            elif kind != 4 and node[at + 2] < 0x80:
                length = (length & 0x7F) | (node[at + 2] << 7)
                at += 3
                if kind == 0:
                    at += length
                    continue
            else:
                at = -1  # a length of three bytes or more, or a field the careful walk reads
                break
            if kind == 3:  # _INPUT
                inputs.append(node[at : at + length])
            elif kind == 1:  # _NAME
                name = node[at : at + length]
            elif kind == 2:  # _OP
                op = node[at : at + length]
            else:
                at = -1
                break
            at += length
    except IndexError:
        at = -1  # a tag or length cut off by the node's end: read carefully
    if at != size:
        name, op, inputs = _read_node_carefully(buf, start, end, depth)
    field = "name"
    try:
        nodes.names.append(name.decode())
        field = "op"
        nodes.ops.append(op.decode())
        field = "input"
        nodes.inputs.append([entry.decode() for entry in inputs])
    except UnicodeDecodeError as exc:
        raise DecodeError(f"invalid UTF-8 in string field: {exc.reason}", None, field) from None


def _read_node_carefully(buf: Buffer, pos: int, end: int, depth: int) -> Tuple[bytes, bytes, List[bytes]]:
    """The name, op and inputs of the NodeDef in ``buf[pos:end]``, every field read by the general rules (tags of
    any length, every wire type, field 0 refused), with the precise error for one that is not well formed."""
    name = op = b""
    inputs: List[bytes] = []
    while pos < end:
        field_at = pos
        tag, pos = read_tag(buf, pos, end)
        if tag & 7 != WIRETYPE_LENGTH_DELIMITED:
            pos = skip_field(buf, pos, end, tag, depth)
            continue
        if tag >> 3 == 0:
            raise DecodeError("invalid field number 0", field_at)
        length, pos = read_size(buf, pos, end)
        if pos + length > end:
            raise _truncated(length, end - pos, pos)
        if tag == _NODE_INPUT:
            inputs.append(buf[pos : pos + length])
        elif tag == _NODE_NAME:
            name = buf[pos : pos + length]
        elif tag == _NODE_OP:
            op = buf[pos : pos + length]
        pos += length
    return name, op, inputs


def _field_kinds() -> List[int]:
    """What the optimistic walk does with a field, by its first byte: 0 pass it over, 1 name, 2 op, 3 input, 4 the
    careful walk (a tag of more bytes, another wire type, field 0)."""
    kinds = []
    for tag in range(0x100):
        if tag >= 0x80 or tag & 7 != WIRETYPE_LENGTH_DELIMITED or tag >> 3 == 0:
            kinds.append(4)
        else:
            kinds.append({_NODE_NAME: 1, _NODE_OP: 2, _NODE_INPUT: 3}.get(tag, 0))
    return kinds


_FIELD_KINDS: Final = _field_kinds()


def _wanted_attrs(buf: Buffer, start: int, end: int, depth: int, known: Dict[bytes, Tuple[str, Decoded]]) -> Decoded:
    """The attrs of the NodeDef in ``buf[start:end]`` that say its outputs' dtypes and shapes: every attr but those
    that cannot (a Const's value, a function's name, colocations; ``_UNWANTED``), each entry decoded by the schema
    (so checked; the last of a key winning) and remembered by its bytes. The node's other fields were checked by
    the walk."""
    attrs: Decoded = {}
    pos = start
    while pos < end:
        tag = buf[pos]
        length = buf[pos + 1] if pos + 1 < end else 0x80
        if tag < 0x80 and tag & 7 == WIRETYPE_LENGTH_DELIMITED and tag > 7 and length < 0x80:  # the usual field
            pos += 2
            if tag != _NODE_ATTR:
                pos += length
                continue
        else:
            tag, pos = read_tag(buf, pos, end)
            if tag != _NODE_ATTR:
                pos = skip_field(buf, pos, end, tag, depth)
                continue
            length, pos = read_size(buf, pos, end)
        entry_end = pos + length
        entry = buf[pos:entry_end]
        found = known.get(entry)
        if found is None:
            # The key first, as TensorFlow writes it: an entry whose key is unwanted is passed over.
            if length > 2 and entry[0] == _ENTRY_KEY and entry[1] < 0x80 and entry[2 : 2 + entry[1]] in _UNWANTED:
                pos = entry_end
                continue
            decoded = _ATTR_ENTRY.new()
            try:
                saw_unknown = parse_message(buf, pos, entry_end, _ATTR_ENTRY, decoded, depth + 1)
            except DecodeError as exc:
                exc._add_segment("attr")
                raise
            if saw_unknown:  # protobuf keeps an entry with unknown fields out of the map
                pos = entry_end
                continue
            found = (decoded["key"], decoded["value"] if decoded["value"] is not None else _ATTR_VALUE.new())
            if length <= _REMEMBERED_ENTRY_SIZE:
                known[entry] = found
        attrs[found[0]] = found[1]
        pos = entry_end
    return attrs


def _decoded_nodes(node_defs: List[Decoded]) -> Nodes:
    """The nodes of a GraphDef or FunctionDef already decoded (a text-format graph, a library function)."""
    nodes = Nodes(lambda index: node_defs[index]["attr"])
    for node in node_defs:
        nodes.names.append(node["name"])
        nodes.ops.append(node["op"])
        nodes.inputs.append(list(node["input"]))
    return nodes


def _function_of(buf: Buffer, libraries: List[Tuple[int, int]], depth: int, name: str) -> Optional[Decoded]:
    """The FunctionDef named *name* among the functions of the binary ``library`` fields *libraries* (the first of
    that name), decoded; None when there is none. The FunctionDefs lie at *depth*."""
    for start, end in libraries:
        for index, (function_start, function_end) in enumerate(spans_of(buf, start, end, _LIBRARY_FUNCTION)):
            signature = _OP_DEF.new()
            try:
                for at, until in spans_of(buf, function_start, function_end, _FUNCTION_SIGNATURE):
                    parse_message(buf, at, until, _OP_DEF, signature, depth + 1)
                if signature["name"] != name:
                    continue
                function = _FUNCTION_DEF.new()
                parse_message(buf, function_start, function_end, _FUNCTION_DEF, function, depth)
            except DecodeError as exc:
                for segment in (index, "function", "library"):
                    exc._add_segment(segment)
                raise
            return function
    return None


def _signatures(buf: Buffer, libraries: List[Tuple[int, int]], depth: int) -> Dict[str, Decoded]:
    """The signature of each function of the binary ``library`` fields *libraries*, by name (the first of a name);
    the FunctionDefs lie at *depth*."""
    found: Dict[str, Decoded] = {}
    for start, end in libraries:
        for index, (function_start, function_end) in enumerate(spans_of(buf, start, end, _LIBRARY_FUNCTION)):
            signature = _OP_DEF.new()
            try:
                for at, until in spans_of(buf, function_start, function_end, _FUNCTION_SIGNATURE):
                    parse_message(buf, at, until, _OP_DEF, signature, depth + 1)
            except DecodeError as exc:
                for segment in ("signature", index, "function", "library"):
                    exc._add_segment(segment)
                raise
            found.setdefault(signature["name"], signature)
    return found


def _function_nodes(function: Decoded) -> Nodes:
    """A function body's nodes, its arguments and results."""
    nodes = _decoded_nodes(function["node_def"])
    signature = function["signature"] or _OP_DEF.new()
    for arg in signature["input_arg"]:
        # A fixed dtype is the argument's; a type attr is the function's to say (a generic function: not known).
        nodes.args[arg["name"]] = arg["type"] if not (arg["type_attr"] or arg["type_list_attr"]) else None
    nodes.returns = dict(function["ret"])
    nodes.control_returns = list(function["control_ret"].values())
    return nodes
