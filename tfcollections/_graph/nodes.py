# SPDX-License-Identifier: Apache-2.0
"""The graph scan's node walk: every op of a binary ``graph_def`` counted, and the nodes kept for their op.

Strategy: a binary ``graph_def`` is walked, not parsed. Each node's fields are read tag by tag and length
by length: ``name``, ``op`` and ``device`` sliced and checked as protobuf checks them (UTF-8, the last
occurrence winning); in a graph's walk with its edges each input too, into the set of what the graph
consumes, and each node's name and op kept in order. Everything else (attrs, a Const's tensor of a gigabyte) is
passed by its length: the cost grows with the fields, not the bytes. A node of up to 4 KiB is walked in a copy
of its own (positions are small ints CPython does not allocate), its usual head (a name, then an op) read
straight; a name is decoded only for a kept node, else checked by ``isascii`` over that copy. A node is kept
for its op (``kept_kind``, once per op: a variable, call, watched op, and with the edges a placeholder or
constant) and its span read again by whoever needs it (``endpoints``, ``graph``, and ``attrs`` for a
variable's attrs, read once the walk is done). Library functions are walked the same way for their op census
and watched nodes. Tags come from the schema tables; the common one-byte tags and lengths are read inline,
anything else through ``_proto.wire``.

Protobuf's rules hold for what is read: fields in any order, the last ``name``/``op``/``device``
winning, several ``graph_def`` fields (and ``library`` and ``signature`` fields) merging, nesting limited to
protobuf's depth.
"""

from __future__ import annotations

from .._errors import DecodeError, Truncated, truncated_length as _truncated
from .._proto.compiled import field_tag
from .._proto.wire import WIRETYPE_LENGTH_DELIMITED, read_size, read_tag, skip_field
from .attrs import VariableAttrs, invalid_utf8, new_variable, variable_fields

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, Final, List, Optional, Set, Tuple

    from .._typing import Decoded, FrozenBuffer

    # A node kept for its op: (why, as a KEPT_* kind; node index, name, op's bytes, device, start, end of the node).
    KeptNode = Tuple[int, int, str, bytes, str, int, int]


# The ops that create a variable, and whose dtype and shape attrs are the variable's. Variable (TF 0.x),
# VariableV2 (TF 1 ref variables), VarHandleOp (resource variables); TemporaryVariable and
# AutoReloadVariable are named in TensorFlow's own lists of variable ops (python/ops/variables.py); forks
# add their own *VarHandleOp (DeepRec's KvVarHandleOp), which is why the suffix counts too.
VARIABLE_OPS: Final = frozenset({"Variable", "VariableV2", "VarHandleOp", "TemporaryVariable", "AutoReloadVariable"})

_RESOURCE_SUFFIX: Final = "VarHandleOp"

# The tags the walk keys on, from the schema.
_GRAPH_NODE: Final = field_tag("tensorflow.GraphDef", "node")
_GRAPH_LIBRARY: Final = field_tag("tensorflow.GraphDef", "library")
_NODE_NAME: Final = field_tag("tensorflow.NodeDef", "name")
_NODE_OP: Final = field_tag("tensorflow.NodeDef", "op")
_NODE_DEVICE: Final = field_tag("tensorflow.NodeDef", "device")
_NODE_INPUT: Final = field_tag("tensorflow.NodeDef", "input")
_LIBRARY_FUNCTION: Final = field_tag("tensorflow.FunctionDefLibrary", "function")
_FUNCTION_SIGNATURE: Final = field_tag("tensorflow.FunctionDef", "signature")
_FUNCTION_NODE: Final = field_tag("tensorflow.FunctionDef", "node_def")
_OP_DEF_NAME: Final = field_tag("tensorflow.OpDef", "name")


def is_variable_op(op: str) -> bool:
    return op in VARIABLE_OPS or op.endswith(_RESOURCE_SUFFIX)


def kept_kind(op: str, watch: Callable[[str], bool]) -> int:
    """Why a node of *op* is kept (a ``KEPT_*`` kind), or 0."""
    if is_variable_op(op):
        return KEPT_VARIABLE
    if op in PLACEHOLDER_OPS:
        return KEPT_PLACEHOLDER
    if op == CONST_OP:
        return KEPT_CONST
    if watch(op):
        return KEPT_WATCHED
    return KEPT_CALL if op in CALL_OPS else 0


# What the walk keeps a node for, by its op (``Census.kept``); 0 (not kept) is never stored. A graph's walk
# keeps every kind with its edges, and without them no ends (placeholders and constants, left unread).
KEPT_VARIABLE: Final = 1  # its attrs give a variable
KEPT_PLACEHOLDER: Final = 2  # a graph's input
KEPT_CONST: Final = 3  # a constant (where a frozen graph's weights are)
KEPT_WATCHED: Final = 4  # an op the caller watches (what can touch the host)
KEPT_CALL: Final = 5  # a call of a library function (its "f" attr names it)
_ALL_KINDS: Final = frozenset({KEPT_VARIABLE, KEPT_PLACEHOLDER, KEPT_CONST, KEPT_WATCHED, KEPT_CALL})
_LEAN_KINDS: Final = _ALL_KINDS - {KEPT_PLACEHOLDER, KEPT_CONST}

PLACEHOLDER_OPS: Final = frozenset({"Placeholder", "PlaceholderV2", "PlaceholderWithDefault"})
CONST_OP: Final = "Const"
CALL_OPS: Final = frozenset({"StatefulPartitionedCall", "PartitionedCall"})


class Census:
    """What a walk collects: op counts keyed by the op's bytes, the nodes kept for their op (variables,
    placeholders, constants, watched ops), and, for a graph, every node's name and op and what their inputs name."""

    __slots__ = ("checked_entries", "consumed", "depth", "keeps", "kept", "kept_ops", "layouts", "names", "node_ops",
                 "ops", "shapes", "variable_attrs", "watch")  # fmt: skip

    def __init__(self, depth: int, watch: Callable[[str], bool], edges: bool = False, function: bool = False) -> None:
        #: The depth of the GraphDef message below the file's top message (protobuf's nesting limit).
        self.depth = depth
        self.ops: Dict[bytes, int] = {}
        #: Whether a node of an op is kept, and why (a KEPT_* kind, or 0), decided once per op.
        self.kept_ops: Dict[bytes, int] = {}
        self.watch = watch
        #: The KEPT_* kinds kept; a library function's walk keeps only watched ops (its census is the function's ops).
        self.keeps = frozenset({KEPT_WATCHED}) if function else _ALL_KINDS if edges else _LEAN_KINDS
        #: A Const node's attrs (their bytes, when small) -> its (dtype, shape, size): constants repeat them.
        self.layouts: Dict[bytes, Tuple[Any, Optional[List[int]], Optional[int]]] = {}
        #: The kept nodes: (kind, node index, name, op's bytes, device, start, end of the node).
        self.kept: List[KeptNode] = []
        #: A graph's node names and ops in its order, and the inputs its nodes give, as written (``^a``, ``a:1``).
        self.names: Optional[List[bytes]] = [] if edges else None
        self.node_ops: Optional[List[bytes]] = [] if edges else None
        self.consumed: Optional[Set[bytes]] = set() if edges else None
        #: What the variables' attr entries gave, by their bytes: variables repeat them.
        self.variable_attrs = VariableAttrs()
        #: The attr entries of constants already decoded and found good, by their bytes (see constant_tensor).
        self.checked_entries: Set[bytes] = set()
        #: A TensorShapeProto's bytes -> its sizes: constants repeat their shapes.
        self.shapes: Dict[bytes, Optional[List[int]]] = {}


# What the node walk does with a field, by its first byte: pass a length-delimited field over (inputs,
# attrs, ...), keep it (name, op, device), or take the general path (longer tags, other wire types, field 0).
# The walk compares kinds with the literal numbers: a global load per field and node is measurable
# (4.5% more instructions over the corpus with the names, counted with valgrind --tool=callgrind).
_PASS: Final = 0
_NAME: Final = 1
_OP: Final = 2
_DEVICE: Final = 3
_GENERAL: Final = 4
_INPUT: Final = 5  # in a graph's walk; a function's inputs are passed over


def _node_field_kinds(inputs: bool) -> List[int]:
    kinds = []
    for tag in range(0x100):
        if tag >= 0x80 or tag & 7 != WIRETYPE_LENGTH_DELIMITED or tag >> 3 == 0:
            kinds.append(_GENERAL)
        else:
            kept = {_NODE_NAME: _NAME, _NODE_OP: _OP, _NODE_DEVICE: _DEVICE, _NODE_INPUT: _INPUT if inputs else _PASS}
            kinds.append(kept.get(tag, _PASS))
    return kinds


_NODE_FIELD_KINDS: Final = _node_field_kinds(inputs=False)
_GRAPH_NODE_FIELD_KINDS: Final = _node_field_kinds(inputs=True)

# Nodes up to this size are walked in a copy (see _walk_nodes): nearly all of them; larger ones (a Const's
# tensor) in place, so that the cost stays with the number of fields, not the bytes.
_COPIED_NODE_SIZE: Final = 4096


def _walk_nodes(
    buf: FrozenBuffer, pos: int, end: int, node_tag: int, other_tag: int, census: Census, first_index: int, depth: int
) -> Tuple[int, List[Tuple[int, int]]]:
    """Walk the fields of the GraphDef or FunctionDef in ``buf[pos:end]``, at *depth*.

    Counts the op of every node (fields with *node_tag*) into *census* and records the variable
    nodes (numbered from *first_index*); returns how many nodes there were and the spans of the
    fields with *other_tag* (a GraphDef's library, a FunctionDef's signature). Other fields are
    passed over as protobuf passes unknown fields: checked for their structure only.

    The walk of a node is optimistic: a field passed over moves the position by its one-byte
    length without a bounds check, and a position that does not land on the node's end sends
    the node to ``_check_fields``, which finds the first field at fault and says what is wrong.
    Names, ops and devices are bounds-checked before they are read.
    """
    ops = census.ops
    kept_ops = census.kept_ops
    kept = census.kept
    names = census.names
    node_ops = census.node_ops
    consumed = census.consumed
    # A graph's walk keeps what its nodes' inputs name (for its outputs); a function's passes them over.
    kinds = _GRAPH_NODE_FIELD_KINDS if consumed is not None else _NODE_FIELD_KINDS
    consume = consumed.add if consumed is not None else None
    copied_node_size = _COPIED_NODE_SIZE
    others: List[Tuple[int, int]] = []
    index = first_index
    node_at = node_end = -1  # where the node being walked starts and ends; -1 between nodes
    try:
        while pos < end:
            if buf[pos] == node_tag:  # a node, its tag in one byte: the usual field
                length = buf[pos + 1]
                if length < 0x80:
                    pos += 2
                else:
                    second = buf[pos + 2]
                    if second < 0x80:  # nodes of 128 to 16383 bytes: most of them
                        length = (length & 0x7F) | (second << 7)
                        pos += 3
                    else:
                        length, pos = read_size(buf, pos + 1, end)
                node_end = pos + length
                if node_end > end:
                    raise _truncated(length, end - pos, pos)
            else:  # any other field, or a node whose tag is written with more bytes than it needs
                field_at = pos
                tag, pos = read_tag(buf, pos, end)
                if tag & 7 != 2:
                    pos = skip_field(buf, pos, end, tag, depth)
                    continue
                length, pos = read_size(buf, pos, end)
                node_end = pos + length
                if node_end > end:
                    raise _truncated(length, end - pos, pos)
                if tag != node_tag:
                    if tag == other_tag:
                        others.append((pos, node_end))
                    elif tag >> 3 == 0:
                        raise DecodeError("invalid field number 0", field_at)
                    pos = node_end
                    continue

            # One node: the tag and length of every field are read; name, op and device are kept. A node that
            # is not large is walked in a copy of its own, from 0: positions up to 256 are ints CPython keeps
            # ready, where each step through a large buffer makes and frees a new one (a quarter of the walk's
            # instructions, counted with valgrind --tool=callgrind).
            node_at = pos
            node: FrozenBuffer
            copy: Optional[bytes] = None
            if length <= copied_node_size:
                node = copy = buf[pos:node_end]
                at = 0
                node_size = length
            else:
                node = buf
                at = pos
                node_size = node_end
            name: Optional[str] = None  # read once the node is walked, and decoded only when kept
            name_at = name_end = -1
            op = b""
            device: Optional[str] = None  # as for the name: where it is, decoded only when kept
            device_at = device_end = -1
            # The usual head read straight: TensorFlow writes a node's name first and its op second, each mostly
            # with a one-byte length (tags 0x0A and 0x12, _NODE_NAME and _NODE_OP as literals: see the kinds). The
            # loop reads the rest from where this stops; a name or op past the node's end leaves the position
            # past it, which sends the node to _check_fields.
            if length > 2 and node[at] == 0x0A and node[at + 1] < 0x80:
                name_at = at + 2
                at = name_end = name_at + node[at + 1]
                if at + 2 <= node_size and node[at] == 0x12:
                    op_end = at + 2 + node[at + 1]
                    if op_end - at < 0x82:  # a one-byte length
                        op = node[at + 2 : op_end]
                        at = op_end
            # The loop is kept short: in CPython 3.11 a jump over more than 255 code units takes an EXTENDED_ARG,
            # and the test of the jump out of this loop runs at every field (a few more lines cost 3% of the walk).
            while at < node_size:
                kind = kinds[node[at]]
                length = node[at + 1]
                if length < 0x80:
                    if kind == 0:  # _PASS: the usual field (inputs, attrs), with a one-byte length
                        at += length + 2
                        continue
                    at += 2
                elif node[at + 2] < 0x80:  # attrs of 128 to 16383 bytes (shapes, small constants)
                    length = (length & 0x7F) | (node[at + 2] << 7)
                    at += 3
                    if kind == 0:
                        at += length
                        continue
                else:
                    kind = 4  # _GENERAL
                if kind == 5 and at + length <= node_size:  # _INPUT, in a graph: what it names is consumed
                    consume(node[at : at + length])  # type: ignore[misc]
                elif kind == 1 and name_at < 0 and at + length <= node_size:  # _NAME
                    name_at = at
                    name_end = at + length
                elif kind == 2 and not op and at + length <= node_size:  # _OP
                    op = node[at : at + length]
                elif kind == 3 and device_at < 0 and at + length <= node_size:  # _DEVICE
                    device_at, device_end = at, at + length
                else:  # not the usual field, or a second name, op or device: _check_fields reads the node
                    at = node_size + 1
                    break
                at += length
            if at != node_size:
                name, op, device = _check_fields(buf, node_at, node_end, depth + 1, consumed)
            elif name_at < 0:
                name = ""
                device = node[device_at:device_end].decode()  # (-1:-1 when none: "")
            pos = node_end
            why = kept_ops.get(op)
            if why is None:  # a new op: checked once (_check_fields finds which occurrence is not UTF-8)
                if not op.isascii():
                    _check_fields(buf, node_at, node_end, depth + 1, None)
                ops[op] = 0
                why = kept_kind(op.decode(), census.watch)
                kept_ops[op] = why = why if why in census.keeps else 0
            ops[op] += 1
            if name is None:
                if why:  # kept: its name and device decoded (so checked)
                    name = node[name_at:name_end].decode()
                    device = node[device_at:device_end].decode()
                elif copy is None or not copy.isascii():
                    node[name_at:name_end].decode()  # checked as protobuf checks it: a copy all ASCII needs no check
                    if device_at >= 0:
                        node[device_at:device_end].decode()
                if names is not None:
                    names.append(node[name_at:name_end])
                    node_ops.append(op)  # type: ignore[union-attr]
            elif names is not None:
                names.append(name.encode())
                node_ops.append(op)  # type: ignore[union-attr]
            if why:
                kept.append((why, index, name, op, device, node_at, node_end))  # type: ignore[arg-type]
            index += 1
            node_at = -1
    except (UnicodeDecodeError, DecodeError, IndexError) as exc:
        error: DecodeError
        if isinstance(exc, DecodeError):
            error = exc
        else:  # a read past the end of the node's copy or of the whole input, or a string that is not UTF-8
            error = Truncated(f"truncated field: the input ends at byte {len(buf)}", len(buf))
            if node_at >= 0:  # in a node: say which of its fields is at fault, and how
                try:
                    _check_fields(buf, node_at, node_end, depth + 1, None)
                except DecodeError as found:
                    error = found
        if node_at >= 0:
            error._add_segment(index)
            error._add_segment("node" if node_tag == _GRAPH_NODE else "node_def")
        if error is exc:
            raise
        raise error from None
    return index - first_index, others


def _check_fields(
    buf: FrozenBuffer, pos: int, end: int, depth: int, consumed: Optional[Set[bytes]]
) -> Tuple[str, bytes, str]:
    """Read the NodeDef in ``buf[pos:end]`` field by field, every rule checked; return its name, op and device,
    and add its inputs to *consumed* (a graph's walk).

    The general path of the node walk: tags of any length, fields of any wire type (passed over
    as protobuf passes unknown fields), and the precise error for a node that is not well formed.
    """
    name, op, device = "", b"", ""
    while pos < end:
        tag, pos = read_tag(buf, pos, end)
        if tag & 7 != WIRETYPE_LENGTH_DELIMITED:
            pos = skip_field(buf, pos, end, tag, depth)
            continue
        if tag >> 3 == 0:
            raise DecodeError("invalid field number 0", pos - 1)
        length, pos = read_size(buf, pos, end)
        value_end = pos + length
        if value_end > end:
            raise _truncated(length, end - pos, pos)
        try:
            if tag == _NODE_OP:
                op = buf[pos:value_end]
                op.decode()
            elif tag == _NODE_NAME:
                name = buf[pos:value_end].decode()
            elif tag == _NODE_DEVICE:
                device = buf[pos:value_end].decode()
            elif tag == _NODE_INPUT and consumed is not None:
                consumed.add(bytes(buf[pos:value_end]))
        except UnicodeDecodeError as exc:
            raise invalid_utf8(exc, pos, {_NODE_OP: "op", _NODE_NAME: "name"}.get(tag, "device")) from None
        pos = value_end
    return name, op, device


def _op_name(buf: FrozenBuffer, spans: List[Tuple[int, int]], depth: int) -> str:
    """The name of a function: the last ``name`` of its ``signature`` fields (several merge), at *depth*."""
    name = ""
    for pos, end in spans:
        while pos < end:
            tag, pos = read_tag(buf, pos, end)
            if tag == _OP_DEF_NAME:
                length, pos = read_size(buf, pos, end)
                if pos + length > end:
                    raise _truncated(length, end - pos, pos, "name")
                try:
                    name = buf[pos : pos + length].decode()
                except UnicodeDecodeError as exc:
                    raise invalid_utf8(exc, pos, "name") from None
                pos += length
            else:
                pos = skip_field(buf, pos, end, tag, depth)
    return name


def _walk_library(
    buf: FrozenBuffer,
    pos: int,
    end: int,
    census: Census,
    functions: Dict[str, Dict[bytes, int]],
    watched: List[Tuple[str, str, str]],
    depth: int,
) -> None:
    """Count the ops of every function of the FunctionDefLibrary in ``buf[pos:end]``, function by function, and
    add the nodes of watched ops to *watched* as (function, node, op)."""
    index = 0
    while pos < end:
        tag, pos = read_tag(buf, pos, end)
        if tag != _LIBRARY_FUNCTION:
            pos = skip_field(buf, pos, end, tag, depth)
            continue
        length, pos = read_size(buf, pos, end)
        function_end = pos + length
        if function_end > end:
            raise _truncated(length, end - pos, pos, "function")
        own = Census(depth + 1, census.watch, function=True)
        try:
            _, signatures = _walk_nodes(buf, pos, function_end, _FUNCTION_NODE, _FUNCTION_SIGNATURE, own, 0, depth + 1)
            try:
                name = _op_name(buf, signatures, depth + 2)
            except DecodeError as exc:
                exc._add_segment("signature")
                raise
        except DecodeError as exc:
            exc._add_segment(index)
            exc._add_segment("function")
            raise
        counts = functions.setdefault(name, {})
        for op, count in own.ops.items():
            counts[op] = counts.get(op, 0) + count
            census.ops[op] = census.ops.get(op, 0) + count
        watched += [(name, node, op.decode()) for why, _, node, op, _, _, _ in own.kept if why == KEPT_WATCHED]
        index += 1
        pos = function_end


class GraphScan:
    """What the walk of one meta graph's ``graph_def`` found."""

    __slots__ = ("census", "functions", "variables", "watched")

    def __init__(self, census: Census) -> None:
        #: The graph's census: op counts (of its functions too), kept nodes, names, ops and inputs.
        self.census = census
        #: Each library function's op counts.
        self.functions: Dict[str, Dict[bytes, int]] = {}
        #: The variable nodes, each a variable's dict (``new_variable``) with its attrs read.
        self.variables: List[Decoded] = []
        #: The nodes of watched ops: (function, or None for the graph; node name; op).
        self.watched: List[Tuple[Optional[str], str, str]] = []


def scan_binary(
    buf: FrozenBuffer, graph_spans: List[Tuple[int, int]], depth: int, watch: Callable[[str], bool], edges: bool = True
) -> GraphScan:
    """Walk the ``graph_def`` fields of one meta graph (several merge); *edges*: keep names, ops and inputs."""
    census = Census(depth, watch, edges=edges)
    scan = GraphScan(census)
    libraries: List[Tuple[int, int]] = []
    index = 0
    for pos, end in graph_spans:
        count, found = _walk_nodes(buf, pos, end, _GRAPH_NODE, _GRAPH_LIBRARY, census, index, depth)
        index += count
        libraries += found
    scan.watched = [(None, name, op.decode()) for why, _, name, op, _, _, _ in census.kept if why == KEPT_WATCHED]
    function_watched: List[Tuple[str, str, str]] = []
    for pos, end in libraries:
        try:
            _walk_library(buf, pos, end, census, scan.functions, function_watched, depth + 1)
        except DecodeError as exc:
            exc._add_segment("library")
            raise
    scan.watched += function_watched
    for why, node_index, name, op, device, start, end in census.kept:
        if why != KEPT_VARIABLE:
            continue
        variable = new_variable(name, op.decode(), device)
        try:
            variable_fields(buf, start, end, depth + 1, census.variable_attrs, variable)
        except DecodeError as exc:
            exc._add_segment(node_index)
            exc._add_segment("node")
            raise
        scan.variables.append(variable)
    return scan
