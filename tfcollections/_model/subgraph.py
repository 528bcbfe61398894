# SPDX-License-Identifier: Apache-2.0
"""A view of part of a graph: the nodes of a scope, and the tensors and control edges that cross its boundary.

Strategy: the graph is walked once more for what the scan does not keep, each node's name, op and inputs in
order (a binary ``graph_def`` field by field, attrs passed by their length; a text one read whole by the text
reader; a library function decoded whole, it is small). The nodes the scope selects are marked, and two passes
over the inputs find the boundary as TF 1's ``SubGraphView`` computes it (``contrib/graph_editor/select.py``,
``compute_boundary_ts``): the tensors selected nodes consume and unselected nodes produce (inputs), the tensors
selected nodes produce and unselected nodes consume (outputs), and the control edges that cross. What a node
does not record, how many outputs it has and their dtypes, its op's ``OpDef`` says (``opdefs``, TensorFlow's
registry as data): only the nodes at the boundary have their attrs decoded, for those and for
``_output_shapes``. Time and memory are linear in the nodes and inputs.
"""

from __future__ import annotations

from .._errors import DecodeError, _truncated_length as _truncated
from .._proto.compiled import COMPILED, field_tag
from .._proto.decoder import parse_message
from .._proto.wire import WIRETYPE_LENGTH_DELIMITED, read_size, read_tag, skip_field, spans_of
from .._typing import cast
from .collections import scope_matcher
from .files import load, source_of
from .nodes import shape_list
from .optypes import counts_use_attrs, output_args, output_spec, signature_spec, uses_attrs

TYPE_CHECKING = False
if TYPE_CHECKING:
    import os
    from typing import Any, Callable, Dict, Final, List, Optional, Pattern, Set, Tuple, Union

    from .. import types as _types
    from .._typing import Decoded, FrozenBuffer as Buffer
    from .source import Source

    PathLike = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]
    from .optypes import OutputArg

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

# Sorted after every real output index (-1, an output not known, modulo this).
_LAST: Final = 1 << 62

# What makes a scope a regular expression rather than a plain name.
_REGEX_SYNTAX: Final = frozenset(".^$*+?{}[]\\|()")

# Attrs that never say an output's dtype or shape, and can be large: passed over unread.
_UNWANTED: Final = frozenset({b"value", b"_class", b"f", b"body", b"cond", b"then_branch", b"else_branch"})

# Attr entries up to this size are remembered by their bytes (types, small shapes).
_REMEMBERED_ENTRY_SIZE: Final = 64

# The ops whose ``shape`` attr is their output's shape, when no ``_output_shapes`` says it.
_SHAPE_ATTR_OPS: Final = frozenset({"Placeholder", "PlaceholderV2", "PlaceholderWithDefault"})

# A function's arguments and results, as TensorFlow instantiates a function body: an argument is an ``_Arg``
# node named by the argument, a result a ``_Retval`` node.
ARG_OP: Final = "_Arg"


class _Nodes:
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


def subgraph(
    model: Union[PathLike, _types.Model],
    scope: Union[str, Pattern[str]],
    *,
    meta_graph: int = 0,
    function: Optional[str] = None,
) -> _types.SubgraphView:
    """A view of part of a graph, as TF 1's ``SubGraphView`` gives it: the nodes *scope* selects, the tensors they
    consume from outside (``inputs``) and give to it (``outputs``), their outputs nothing consumes
    (``unconsumed``), and the control edges that cross (``control_inputs``, ``control_outputs``).

    *model* is what ``load`` returned (read again from its file) or a path ``load`` reads. *scope* is a name
    scope, by TensorFlow's rule (``get_collection``'s, at a name boundary: ``"dense"`` selects ``dense`` and
    ``dense/...``, not ``dense_1/...``; it is a regular expression, as there), or a compiled pattern whose
    ``match`` selects node names. *meta_graph* picks the meta graph; *function* views that library function's
    body instead of the graph. An empty selection is an empty view. Raises ``DecodeError`` for a graph that
    does not read, ``ValueError`` for a meta graph or function the file does not have.
    """
    if not isinstance(model, dict):
        model = load(model)
    source = source_of(model)
    if source is None:
        raise TypeError("subgraph() needs a path or what tfcollections.load returned (a copy keeps no file to read)")
    meta_graphs = model["meta_graphs"]
    if not isinstance(meta_graph, int) or not 0 <= meta_graph < len(meta_graphs):
        raise ValueError(f"meta_graph {meta_graph!r}: the model has {len(meta_graphs)} meta graph(s), from 0")
    if isinstance(scope, str):
        selects = _scope_test(scope)
        shown = scope
    else:
        selects = lambda name: scope.match(name) is not None  # noqa: E731 (one test, as scope_matcher gives)
        shown = scope.pattern
    chosen = meta_graphs[meta_graph]
    with source.opened() as opened:
        # A stream read into memory is frozen: the walk keeps slices of it, which must be bytes.
        buf = bytes(opened) if isinstance(opened, (bytearray, memoryview)) else opened
        try:
            nodes = _nodes_of(source, buf, meta_graph, cast("Decoded", chosen), function)
            found = view(nodes, selects, function is not None)
        except DecodeError as exc:
            source.failed_in(exc, meta_graph, "graph_def")
            raise
    return {"scope": shown, "meta_graph": meta_graph, "function": function, **found}  # type: ignore[typeddict-item]


def _scope_test(scope: str) -> Callable[[str], bool]:
    """TensorFlow's scope rule at a name boundary (``collections.scope_matcher``); a scope without regex syntax is
    tested with string methods, which select the same names four times as fast."""
    if not scope or any(char in _REGEX_SYNTAX for char in scope):
        return scope_matcher(scope, boundary=True)
    if scope.endswith("/"):
        return lambda name: name.startswith(scope)
    below = scope + "/"
    return lambda name: name.startswith(below) or name == scope


def _nodes_of(source: Source, buf: Buffer, index: int, meta_graph: Decoded, function: Optional[str]) -> _Nodes:
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
            raise ValueError(f"no function {function!r} in the graph's library (it has {len(names)}"
                             f"{': ' if names else ''}{listed})")  # fmt: skip
        nodes = _function_nodes(found)
    nodes._signatures_of = signatures
    return nodes


# --------------------------------------------------------------------------- reading the nodes


def _binary_nodes(buf: Buffer, spans: List[Tuple[int, int]], depth: int) -> _Nodes:
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
    nodes = _Nodes(attrs)
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


def _read_node(buf: Buffer, start: int, end: int, depth: int, nodes: _Nodes) -> None:
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


def _decoded_nodes(node_defs: List[Decoded]) -> _Nodes:
    """The nodes of a GraphDef or FunctionDef already decoded (a text-format graph, a library function)."""
    nodes = _Nodes(lambda index: node_defs[index]["attr"])
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


def _function_nodes(function: Decoded) -> _Nodes:
    """A function body's nodes, its arguments and results."""
    nodes = _decoded_nodes(function["node_def"])
    signature = function["signature"] or _OP_DEF.new()
    for arg in signature["input_arg"]:
        # A fixed dtype is the argument's; a type attr is the function's to say (a generic function: not known).
        nodes.args[arg["name"]] = arg["type"] if not (arg["type_attr"] or arg["type_list_attr"]) else None
    nodes.returns = dict(function["ret"])
    nodes.control_returns = list(function["control_ret"].values())
    return nodes


# --------------------------------------------------------------------------- the view


class _Tensor:
    """A tensor that crosses the boundary: where it comes from, and who consumes it."""

    __slots__ = ("consumers", "name", "output", "producer", "results")

    def __init__(self, name: str, producer: str, output: Union[int, Tuple[str, int]]) -> None:
        self.name = name
        self.producer = producer
        self.output = output
        self.consumers: List[str] = []
        self.results: List[str] = []  # in a function's body: the results it is returned as


def _graph_tensor(entry: str) -> Tuple[str, int, str]:
    """A graph's data input (``x``, ``x:1``) as its producer, output index and name as TensorFlow writes it (``x``
    for output 0): TensorFlow's ``ParseTensorName``, digits after the last colon being the index."""
    node, colon, index = entry.rpartition(":")
    if colon and index.isdigit() and index.isascii():
        output = int(index)
        return node, output, node if output == 0 else f"{node}:{output}"
    return entry, 0, entry


def _function_tensor(entry: str) -> Tuple[str, Union[int, Tuple[str, int]], str]:
    """A function body's data input: an argument (``x``: output 0 of the argument's ``_Arg``) or a node's output
    (``node:out:i``, output *i* of its output argument *out*; ``node:out`` is index 0)."""
    parts = entry.split(":")
    if len(parts) == 1:
        return entry, 0, entry
    index = parts[2] if len(parts) == 3 else "0"
    if len(parts) > 3 or not (index.isdigit() and index.isascii()):
        return entry, 0, entry  # no tensor name TensorFlow would read: a producer no node has
    output = int(index)
    return parts[0], (parts[1], output), f"{parts[0]}:{parts[1]}:{output}"


def view(nodes: _Nodes, selects: Callable[[str], bool], in_function: bool) -> Dict[str, Any]:
    """The boundary of the nodes *selects* picks (see ``subgraph``)."""
    names, ops, all_inputs = nodes.names, nodes.ops, nodes.inputs
    index = nodes.index
    for position, name in enumerate(names):
        index.setdefault(name, position)
    chosen = {name for name in index if selects(name)}  # selection is by name: a repeated name is chosen alike
    selected = [name in chosen for name in names]
    parse = _function_tensor if in_function else _graph_tensor

    def exists(name: str) -> bool:
        return name in index or (in_function and name in nodes.args)

    inputs: Dict[str, _Tensor] = {}
    control_inputs: Dict[str, None] = {}
    dangling: Dict[str, None] = {}
    # The outputs of each selected node that some node consumes (inside or out), by node index.
    consumed: Dict[int, Set[Union[int, Tuple[str, int]]]] = {}
    outputs: Dict[str, _Tensor] = {}
    control_outputs: Set[str] = set()
    for position, node_inputs in enumerate(all_inputs):
        inside = selected[position]
        for entry in node_inputs:
            if entry[:1] == "^":
                producer = entry[1:]
                if producer in chosen:
                    if not inside:
                        control_outputs.add(producer)
                elif inside:
                    control_inputs[producer] = None
                    if not exists(producer):
                        dangling[producer] = None
                continue
            if not inside and ":" not in entry and (in_function or entry not in chosen):
                continue  # the usual input of a node outside: output 0 of a node outside (or an argument)
            producer, output, tensor_name = parse(entry)
            if producer in chosen:
                consumed.setdefault(index[producer], set()).add(output)
                if inside:
                    continue
                tensor = outputs.get(tensor_name)
                if tensor is None:
                    tensor = outputs[tensor_name] = _Tensor(tensor_name, producer, output)
            elif inside:
                tensor = inputs.get(tensor_name)
                if tensor is None:
                    tensor = inputs[tensor_name] = _Tensor(tensor_name, producer, output)
                    if not exists(producer):
                        dangling[producer] = None
            else:
                continue
            consumer = names[position]
            if not tensor.consumers or tensor.consumers[-1] != consumer:
                tensor.consumers.append(consumer)
    # A function's results leave its body as its outputs (TensorFlow makes each a _Retval node).
    for result, entry in sorted(nodes.returns.items()):  # by name: a map has no order
        producer, output, tensor_name = parse(entry)
        if producer in chosen:
            consumed.setdefault(index[producer], set()).add(output)
            tensor = outputs.get(tensor_name)
            if tensor is None:
                tensor = outputs[tensor_name] = _Tensor(tensor_name, producer, output)
            tensor.results.append(result)
    control_outputs.update(name for name in nodes.control_returns if name in chosen)

    describe = _Describer(nodes, in_function)
    unconsumed: List[Dict[str, Any]] = []
    outputs_unknown: List[str] = []
    chosen_positions = [position for position, inside in enumerate(selected) if inside]
    for position in chosen_positions:
        name = names[position]
        counts = describe.counts(position)
        if counts is None:
            outputs_unknown.append(name)
            continue
        used = consumed.get(position, ())
        if len(counts) == 1 and counts[0][1] == 1 and ((counts[0][0], 0) if in_function else 0) in used:
            continue  # the usual node: one output, consumed
        flat = 0
        for arg, count in counts:
            for at in range(count):
                key: Union[int, Tuple[str, int]] = (arg, at) if in_function else flat
                flat += 1
                if key not in used:
                    tensor = _Tensor(_tensor_name(name, key), name, key)
                    unconsumed.append(describe.tensor(tensor, with_consumers=False))
    # In graph order, then by output; after those, outputs its op does not have (a damaged graph) and the outputs of
    # a node whose op is not known, by name.
    order = sorted(outputs.values(), key=lambda tensor: (index[tensor.producer], describe.flat(tensor) % _LAST,
                                                         tensor.name))  # fmt: skip
    return {
        "nodes": len(names),
        "ops": [{"name": names[position], "op": ops[position]} for position in chosen_positions],
        "inputs": [describe.tensor(tensor) for tensor in inputs.values()],
        "outputs": [describe.tensor(tensor) for tensor in order],
        "unconsumed": unconsumed,
        "control_inputs": list(control_inputs),
        "control_outputs": [
            name for name in (names[position] for position in chosen_positions) if name in control_outputs
        ],
        "dangling": list(dangling),
        "outputs_unknown": outputs_unknown,
    }


def _tensor_name(node: str, output: Union[int, Tuple[str, int]]) -> str:
    if isinstance(output, tuple):
        return f"{node}:{output[0]}:{output[1]}"
    return node if output == 0 else f"{node}:{output}"


class _Describer:
    """What the graph records of a tensor: its producer's op, and its dtype and shape where known."""

    __slots__ = ("_args", "_in_function", "_nodes", "_specs")

    def __init__(self, nodes: _Nodes, in_function: bool) -> None:
        self._nodes = nodes
        self._in_function = in_function
        self._args: Dict[int, Optional[List[OutputArg]]] = {}
        # An op -> its output spec, whether its dtypes depend on attrs, and its outputs when their number does not.
        self._specs: Dict[str, Tuple[Optional[str], bool, Optional[List[Tuple[str, int]]]]] = {}

    def _spec(self, op: str) -> Tuple[Optional[str], bool, Optional[List[Tuple[str, int]]]]:
        found = self._specs.get(op)
        if found is None:
            spec = output_spec(op)
            if spec is None and op in self._nodes.signatures():  # a call of a library function by its name
                spec = signature_spec(self._nodes.signatures()[op])
            counted = None
            if spec is not None and not counts_use_attrs(spec):
                counted = [(name, len(dtypes)) for name, dtypes in output_args(spec, {}) or ()]
            found = self._specs[op] = (spec, spec is not None and uses_attrs(spec), counted)
        return found

    def counts(self, position: int) -> Optional[List[Tuple[str, int]]]:
        """The output arguments of node *position* and how many tensors each gives (None: not known); its attrs
        are read only when its op's number of outputs depends on them (``Split``'s ``num_split``)."""
        found = self._specs.get(self._nodes.ops[position])
        spec, _, counted = found if found is not None else self._spec(self._nodes.ops[position])
        if counted is not None or spec is None:
            return counted
        args = self.args(position)
        return None if args is None else [(name, len(dtypes)) for name, dtypes in args]

    def args(self, position: int) -> Optional[List[OutputArg]]:
        """The output arguments of node *position* (None: not known), its attrs decoded only when its op's outputs
        depend on them."""
        if position in self._args:
            return self._args[position]
        spec, uses_attrs, _ = self._spec(self._nodes.ops[position])
        found: Optional[List[OutputArg]] = None
        if spec is not None:
            found = output_args(spec, self._nodes.attrs(position) if uses_attrs else {})
        self._args[position] = found
        return found

    def flat(self, tensor: _Tensor) -> int:
        """The tensor's index among its producer's outputs (a graph's output index; in a function, the outputs of the
        arguments before its own, and its index in its argument); -1 when not known."""
        output = tensor.output
        if isinstance(output, int):
            return output
        position = self._nodes.index.get(tensor.producer)
        args = self.args(position) if position is not None else None
        flat = 0
        for arg, dtypes in args or ():
            if arg == output[0]:
                return flat + output[1] if output[1] < len(dtypes) else -1
            flat += len(dtypes)
        return -1

    def tensor(self, tensor: _Tensor, with_consumers: bool = True) -> Dict[str, Any]:
        nodes = self._nodes
        position = nodes.index.get(tensor.producer)
        op: Optional[str] = None
        dtype: Optional[str] = None
        shape: Optional[List[int]] = None
        if position is not None:
            op = nodes.ops[position]
            flat = self.flat(tensor)
            args = self.args(position)
            every = [dtype for _, dtypes in args for dtype in dtypes] if args is not None else []
            if 0 <= flat < len(every):
                dtype = every[flat]
            if flat >= 0:
                shape = _shape(nodes.attrs(position), op, flat)
        elif self._in_function and tensor.producer in nodes.args:
            op, dtype = ARG_OP, nodes.args[tensor.producer]
        described: Dict[str, Any] = {"tensor": tensor.name, "producer": tensor.producer, "op": op, "dtype": dtype,
                                     "shape": shape}  # fmt: skip
        if with_consumers:
            described["consumers"] = tensor.consumers
            described["results"] = tensor.results
        return described


def _shape(attrs: Decoded, op: str, flat: int) -> Optional[List[int]]:
    """Output *flat*'s shape as the node records it: ``_output_shapes`` (written by ``as_graph_def(add_shapes=True)``,
    as ``export_meta_graph`` does), or a placeholder's ``shape``; None when neither says it."""
    recorded = attrs.get("_output_shapes")
    if recorded is not None and recorded["list"] is not None:
        shapes = recorded["list"]["shape"]
        return shape_list(shapes[flat]) if flat < len(shapes) else None
    if op in _SHAPE_ATTR_OPS and flat == 0:
        given = attrs.get("shape")
        if given is not None and given["shape"] is not None:
            return shape_list(given["shape"])
    return None
