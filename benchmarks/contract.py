# SPDX-License-Identifier: Apache-2.0
"""The whole contract of ``load(..., graph=True)`` (issue 34's words: every node's name, op and inputs, every
Const's dtype, shape and size, the flagged nodes and calls; with the placeholders, the outputs, the variables and
the op census of the graph and its functions), computed two other ways, for benchmarks/graph.py:

- ``contract_floor``: the floor of any pure-Python reader of that contract. Every node's fields are walked as the
  op-census floor walks them (``graph.floor_walk``), its name, op and inputs kept, a Const's ``value`` attr read for
  the tensor's dtype, shape and size, a placeholder's ``dtype`` and ``shape``, a flagged node's name and op, a
  call's ``f``, a variable's device and the attrs ``load`` reports of it; the outputs are what no input names, made
  into the same list of dicts as ``load``'s (its rules for what is no output applied: its ops, variables, the savers'
  nodes). Nothing is checked (no bounds, no UTF-8, no wire types but the ones TensorFlow writes), nothing is
  remembered between nodes but a constant's layout and a variable's attr entries by their bytes, as the library
  remembers them: a loop that trusts every offset, in the library's own idioms. It is a floor for those idioms,
  not a proof that nothing can be faster: by instruction count the library, which checks everything, is within a
  few percent of it either way (docs/performance.md, "The everyday path").
- ``upb_contract``: what a user of protobuf writes for the same: upb's parse, then a Python loop over the parsed
  nodes making the same dicts.

``same_answers`` holds both to ``load``'s: the inputs, outputs and constants (names, dtypes, shapes, sizes), the
variables as their nodes give them, the flagged nodes, the calls and the op counts of every file, so neither is
timed doing less than the library. What ``load`` adds to a variable from elsewhere (the collections that list it,
whether it is trainable, its partition, its object in a TF 2 object graph and its Keras layer) neither makes: there
the library does more than both.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Set, Tuple

# The library's tables (not its readers): what it flags, what is no output, DataType's names (the same as
# TensorFlow's types_pb2, which tools/check_schemas.py checks), so that the floor runs where TensorFlow is not
# installed (``python -m benchmarks.instructions --floor`` counts it).
from tfcollections._graph.endpoints import NOT_OUTPUTS
from tfcollections._graph.nodes import is_variable_op
from tfcollections._graph.ops import FLAGGED_OPS
from tfcollections._proto.compiled import ENUM_NAMES

try:  # upb_contract's: the benchmark's virtual environment has TensorFlow
    from tensorflow.core.protobuf import meta_graph_pb2, saved_model_pb2, saver_pb2  # type: ignore[import-untyped, import-not-found, unused-ignore]
except ImportError:  # the floor alone
    meta_graph_pb2 = saved_model_pb2 = saver_pb2 = None

# The item size of each numeric dtype (types.proto), as the library sizes constants.
_SIZES = {1: 4, 2: 8, 3: 4, 4: 1, 5: 2, 6: 1, 8: 8, 9: 8, 10: 1, 11: 1, 12: 1, 13: 4, 14: 2, 15: 2, 16: 2, 17: 2,
          18: 16, 19: 2, 22: 4, 23: 8}  # fmt: skip
_NAMES: Dict[int, Any] = dict(ENUM_NAMES["tensorflow.DataType"])  # Any: a number without a name is given as is
_PLACEHOLDERS = {b"Placeholder", b"PlaceholderWithDefault", b"PlaceholderV2"}
_PLACEHOLDER_NAMES = {op.decode() for op in _PLACEHOLDERS}
_FLAGGED = {op.encode() for op in FLAGGED_OPS}
_CALLS = {b"StatefulPartitionedCall", b"PartitionedCall"}
_CALL_NAMES = {op.decode() for op in _CALLS}
# What the floor's walk does with a node, by its op, in one dict lookup (the library decides once per op too).
_CONST, _PLACEHOLDER, _FLAGGED_NODE, _CALL, _VARIABLE = 1, 2, 3, 4, 5
_KINDS = {b"Const": _CONST, **dict.fromkeys(_PLACEHOLDERS, _PLACEHOLDER), **dict.fromkeys(_FLAGGED, _FLAGGED_NODE),
          **dict.fromkeys(_CALLS, _CALL)}  # fmt: skip


def _varint(buf: bytes, pos: int) -> Tuple[int, int]:
    value = shift = 0
    while True:
        byte = buf[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, pos
        shift += 7


def _fields(buf: bytes, pos: int, end: int) -> List[Tuple[int, int, int]]:
    """(tag, start, end) of the fields of ``buf[pos:end]``; a varint's span is its value's."""
    found = []
    while pos < end:
        tag, pos = _varint(buf, pos)
        if tag & 7 == 0:
            start = pos
            _, pos = _varint(buf, pos)
            found.append((tag, start, pos))
            continue
        length, pos = _varint(buf, pos)
        found.append((tag, pos, pos + length))
        pos += length
    return found


def _shape(buf: bytes, start: int, end: int) -> Optional[List[int]]:
    dims = []
    for tag, at, until in _fields(buf, start, end):
        if tag == 0x18 and buf[at]:  # unknown_rank
            return None
        if tag == 0x12:  # dim
            size = 0
            for inner, value_at, _ in _fields(buf, at, until):
                if inner == 0x08:
                    size, _ = _varint(buf, value_at)
            dims.append(size - (1 << 64) if size >= 1 << 63 else size)
    return dims


def _tensor(buf: bytes, start: int, end: int) -> Tuple[Optional[str], Optional[List[int]], Optional[int]]:
    dtype, strings = 0, 0
    shape: Optional[List[int]] = []
    for tag, at, until in _fields(buf, start, end):
        if tag == 0x08:
            dtype, _ = _varint(buf, at)
        elif tag == 0x12:
            shape = _shape(buf, at, until)
        elif tag == 0x42:  # string_val
            strings += until - at
    name = _NAMES.get(dtype, dtype)
    if dtype == 7:
        return name, shape, strings
    if shape is None or dtype not in _SIZES or any(dim < 0 for dim in shape):
        return name, shape, None
    count = 1
    for dim in shape:
        count *= dim
    return name, shape, count * _SIZES[dtype]


def _attrs(buf: bytes, start: int, end: int, wanted: Tuple[bytes, ...]) -> Dict[bytes, Tuple[int, int]]:
    """The AttrValue spans of a node's attr entries named *wanted*."""
    found = {}
    for tag, at, until in _fields(buf, start, end):
        if tag == 0x2A:
            key = value = None
            for inner, value_at, value_end in _fields(buf, at, until):
                if inner == 0x0A:
                    key = buf[value_at:value_end]
                elif inner == 0x12:
                    value = (value_at, value_end)
            if key in wanted and value is not None:
                found[key] = value
    return found


def _constant_layout(node: bytes, attrs_at: int) -> Tuple[Optional[str], Optional[List[int]], Optional[int]]:
    """A Const's dtype, shape and size from its attrs (``node[attrs_at:]``), as the library reads them."""
    value = _attrs(node, attrs_at, len(node), (b"value",)).get(b"value")
    if value is None:
        return None, None, None
    for inner, at, until in _fields(node, *value):
        if inner == 0x42:
            return _tensor(node, at, until)
    return None, None, None


def _graph_floor(buf: bytes, start: int, end: int, ops: Dict[bytes, int]) -> Dict[str, Any]:
    """One graph's contract by the floor's walk: the library's speed idioms (a node walked in a copy of its own,
    small positions; a constant's attrs remembered by their bytes), none of its checks."""
    names: List[bytes] = []
    node_ops: List[bytes] = []
    consumed: Set[bytes] = set()
    consume = consumed.add
    constants = []
    inputs = []
    libraries = []
    flagged: List[Dict[str, Any]] = []
    calls: List[Dict[str, Any]] = []
    functions: Dict[str, Dict[bytes, int]] = {}
    layouts: Dict[bytes, Tuple[Optional[str], Optional[List[int]], Optional[int]]] = {}
    variables: List[Dict[str, Any]] = []
    variable_entries: Dict[bytes, Tuple[str, Any]] = {}
    kinds = dict(_KINDS)  # and each other op once: a variable's, or nothing to read
    pos = start
    while pos < end:
        tag = buf[pos]
        length, pos = _varint(buf, pos + 1)
        node_end = pos + length
        if tag != 0x0A:
            if tag == 0x12:
                libraries.append((pos, node_end))
            pos = node_end
            continue
        node = buf[pos:node_end]
        pos = node_end
        size = len(node)
        at = 0
        name = op = b""
        attrs_at = -1
        while at < size:
            field = node[at]
            length = node[at + 1]
            if length < 0x80:
                at += 2
            else:
                length, at = _varint(node, at + 1)
            if field == 0x1A:
                consume(node[at : at + length])
            elif field == 0x12:
                op = node[at : at + length]
            elif field == 0x0A:
                name = node[at : at + length]
            elif field == 0x2A and attrs_at < 0:
                attrs_at = at - 2 if length < 0x80 else _attr_tag_at(node, at)
            at += length
        names.append(name)
        node_ops.append(op)
        ops[op] = ops.get(op, 0) + 1
        kind = kinds.get(op)
        if kind is None:
            kind = kinds[op] = _VARIABLE if is_variable_op(op.decode()) else 0
        if not kind:
            continue
        if kind == _VARIABLE:
            variables.append(_variable(node, size, name, op, variable_entries))
        elif kind == _CONST:
            key = node[attrs_at:] if attrs_at >= 0 else b""
            layout = layouts.get(key)
            if layout is None:
                layout = layouts[key] = _constant_layout(node, attrs_at) if attrs_at >= 0 else (None, None, None)
            dtype, shape, nbytes = layout
            constants.append({"name": name.decode(), "dtype": dtype, "shape": None if shape is None else list(shape),
                              "size": nbytes})  # fmt: skip
        elif kind == _FLAGGED_NODE:
            flagged.append({"function": None, "node": name.decode(), "op": op.decode()})
        elif kind == _CALL:
            calls.append({"node": name.decode(), "op": op.decode(), "function": _called(node, size)})
        else:  # a placeholder
            attrs = _attrs(node, 0, size, (b"dtype", b"shape"))
            dtype = shape = None
            if b"dtype" in attrs:
                for inner, value_at, _ in _fields(node, *attrs[b"dtype"]):
                    if inner == 0x30:
                        number, _ = _varint(node, value_at)
                        dtype = _NAMES.get(number, number)
            if b"shape" in attrs:
                for inner, value_at, until in _fields(node, *attrs[b"shape"]):
                    if inner == 0x3A:
                        shape = _shape(node, value_at, until)
            inputs.append({"name": name.decode(), "op": op.decode(), "dtype": dtype, "shape": shape})
    for library_start, library_end in libraries:  # the functions' op census and flagged nodes
        for tag, at, until in _fields(buf, library_start, library_end):
            if tag == 0x0A:
                function = ""  # as the library names a function without a signature
                in_function = []
                counts: Dict[bytes, int] = {}
                for inner, node_at, node_end in _fields(buf, at, until):
                    if inner == 0x0A:  # FunctionDef.signature, an OpDef: its name
                        for field, value_at, value_end in _fields(buf, node_at, node_end):
                            if field == 0x0A:
                                function = buf[value_at:value_end].decode()
                    elif inner == 0x1A:  # FunctionDef.node_def
                        name = op = b""
                        for field, value_at, value_end in _fields(buf, node_at, node_end):
                            if field == 0x12:
                                op = buf[value_at:value_end]
                                ops[op] = ops.get(op, 0) + 1
                                counts[op] = counts.get(op, 0) + 1
                            elif field == 0x0A:
                                name = buf[value_at:value_end]
                        if op in _FLAGGED:
                            in_function.append((name, op))
                merged = functions.setdefault(function, {})  # a name given twice: its counts add up
                for op, count in counts.items():
                    merged[op] = merged.get(op, 0) + count
                flagged.extend({"function": function, "node": name.decode(), "op": op.decode()}
                               for name, op in in_function)  # fmt: skip
    used = {(entry[1:] if entry[:1] == b"^" else entry).partition(b":")[0] for entry in consumed}
    return {"names": names, "ops": node_ops, "used": used, "constants": constants, "inputs": inputs,
            "flagged": flagged, "calls": calls, "functions": functions, "variables": variables}  # fmt: skip


# The attrs load reports of a variable, by key: the variable's field each gives.
_VARIABLE_ATTRS = {b"dtype": "dtype", b"shape": "shape", b"container": "container", b"shared_name": "shared_name",
                   b"_class": "colocated_with"}  # fmt: skip
_COLOCATION = b"loc:@"
# The starts of the two entries that differ from variable to variable, read straight as the library reads them: a
# colocation (key "_class", then its AttrValue) and a shared name.
_CLASS_ENTRY = b"\n\x06_class\x12"
_SHARED_NAME_ENTRY = b"\n\x0bshared_name\x12"


def _variable(node: bytes, size: int, name: bytes, op: bytes, entries: Dict[bytes, Tuple[str, Any]]) -> Dict[str, Any]:
    """A variable node's dict as load makes it from the node (its device and reported attrs; what the collections
    and an object graph add is not made). An attr entry is remembered by its bytes, as the library remembers them,
    but for a colocation and a shared name, each variable's own: those are read straight."""
    variable: Dict[str, Any] = {
        "name": name.decode(), "op": op.decode(), "dtype": None, "shape": None, "device": "", "container": "",
        "shared_name": "", "colocated_with": [], "collections": [], "trainable": None, "partition": None,
        "object_path": None, "layer": None,
    }  # fmt: skip
    at = 0
    while at < size:  # a NodeDef's fields are all length-delimited
        tag = node[at]
        length = node[at + 1]
        if length < 0x80:
            at += 2
        else:
            length, at = _varint(node, at + 1)
        if tag == 0x2A:  # an attr entry
            entry = node[at : at + length]
            known = entries.get(entry)
            if known is not None:
                field, value = known
                if field:
                    variable[field] = list(value) if value.__class__ is list else value  # its own list, as load's
            elif entry.startswith(_CLASS_ENTRY):
                variable["colocated_with"] = _colocations(entry, len(_CLASS_ENTRY))
            elif entry.startswith(_SHARED_NAME_ENTRY):
                variable["shared_name"] = shared = _string_value(entry, len(_SHARED_NAME_ENTRY))
                if not shared:  # an empty one is shared: remembered
                    entries[entry] = ("shared_name", "")
            else:
                field, value = entries[entry] = _variable_attr(entry)
                if field:
                    variable[field] = list(value) if value.__class__ is list else value
        elif tag == 0x22:  # device
            variable["device"] = node[at : at + length].decode()
        at += length
    return variable


def _colocations(entry: bytes, at: int) -> List[str]:
    """The nodes a ``_class`` AttrValue (from *at*: its length, then its fields) names ``loc:@<node>``."""
    size = len(entry)
    # The usual one, each length one byte: AttrValue {list {s: "loc:@<node>"}}.
    if (
        entry[at] == size - at - 1 < 0x80
        and entry[at + 1] == 0x0A
        and entry[at + 2] == size - at - 3
        and entry[at + 3] == 0x12
        and entry[at + 4] == size - at - 5
        and entry.startswith(_COLOCATION, at + 5)
    ):
        return [entry[at + 5 + len(_COLOCATION) :].decode()]
    _, at = _varint(entry, at)
    found: List[str] = []
    for tag, value_at, value_end in _fields(entry, at, len(entry)):
        if tag == 0x0A:  # list: its s
            found = [entry[item_at + len(_COLOCATION) : item_end].decode()
                     for inner, item_at, item_end in _fields(entry, value_at, value_end)
                     if inner == 0x12 and entry.startswith(_COLOCATION, item_at)]  # fmt: skip
        elif tag == 0x12:  # s
            found = [entry[value_at + len(_COLOCATION) : value_end].decode()] if entry.startswith(
                _COLOCATION, value_at) else []  # fmt: skip
    return found


def _string_value(entry: bytes, at: int) -> str:
    """The ``s`` of an AttrValue (from *at*: its length, then its fields), or ""."""
    size = len(entry)
    if entry[at] == size - at - 1 < 0x80 and entry[at + 1] == 0x12 and entry[at + 2] == size - at - 3:  # the usual
        return entry[at + 3 :].decode()
    _, at = _varint(entry, at)
    text = ""
    for tag, value_at, value_end in _fields(entry, at, len(entry)):
        text = entry[value_at:value_end].decode() if tag == 0x12 else ""
    return text


def _variable_attr(entry: bytes) -> Tuple[str, Any]:
    """What one attr entry (key 1, AttrValue 2) gives a variable: (its field, the value), or ("", None)."""
    key, value_at, value_end = b"", 0, 0
    for tag, at, until in _fields(entry, 0, len(entry)):
        if tag == 0x0A:
            key = entry[at:until]
        elif tag == 0x12:
            value_at, value_end = at, until
    field = _VARIABLE_ATTRS.get(key, "")
    dtype: Any = None
    shape: Optional[List[int]] = None
    text = ""
    strings: List[bytes] = []
    for tag, at, until in _fields(entry, value_at, value_end):  # the AttrValue's one field
        if tag == 0x30:  # type
            number, _ = _varint(entry, at)
            dtype = _NAMES.get(number, number)
        elif tag == 0x3A:  # shape
            shape = _shape(entry, at, until)
        elif tag == 0x12:  # s
            text = entry[at:until].decode()
            strings = [entry[at:until]]
        elif tag == 0x0A:  # list: its s
            strings = [entry[inner_at:inner_end] for inner, inner_at, inner_end in _fields(entry, at, until)
                       if inner == 0x12]  # fmt: skip
    if field == "dtype":
        return field, dtype
    if field == "shape":
        return field, shape
    if field == "colocated_with":
        return field, [string[len(_COLOCATION) :].decode() for string in strings if string.startswith(_COLOCATION)]
    return field, text if field else None


def _called(node: bytes, size: int) -> Optional[str]:
    """The function a call node's ``f`` attr names (its ``func``, a NameAttrList: field 1 its name), or None."""
    value = _attrs(node, 0, size, (b"f",)).get(b"f")
    if value is None:
        return None
    for inner, at, until in _fields(node, *value):
        if inner == 0x52:  # AttrValue.func
            for field, name_at, name_end in _fields(node, at, until):
                if field == 0x0A:
                    return node[name_at:name_end].decode()
            return ""
    return None


def _attr_tag_at(node: bytes, value_at: int) -> int:
    """Where an attr field whose value starts at *value_at* starts: its tag, then a length of several bytes."""
    at = value_at - 1
    while node[at - 1] >= 0x80:
        at -= 1
    return at - 1


def contract_floor(data: bytes, saved_model: bool) -> List[Dict[str, Any]]:
    """Each meta graph's contract, by the floor's walk (see the module's docstring)."""
    meta_graphs = [span for tag, *span in _fields(data, 0, len(data)) if tag == 0x12] if saved_model else [
        (0, len(data))]  # fmt: skip
    found = []
    for start, end in meta_graphs:
        ops: Dict[bytes, int] = {}
        graph: Dict[str, Any] = {"names": [], "ops": [], "used": set(), "constants": [], "inputs": [], "flagged": [],
                                 "calls": [], "functions": {}, "variables": []}  # fmt: skip
        savers = []
        for tag, at, until in _fields(data, start, end):
            if tag == 0x12:  # graph_def
                graph = _graph_floor(data, at, until, ops)
            elif tag == 0x1A:  # saver_def
                savers.append((at, until))
            elif tag == 0x22:  # a collection_def entry: the savers collection's items are SaverDefs too
                savers += _saver_items(data, at, until)
        graph["outputs"] = _outputs(graph["names"], graph["ops"], graph["used"], _saver_names(data, savers))
        graph["census"] = ops
        found.append(graph)
    return found


def _saver_items(buf: bytes, start: int, end: int) -> List[Tuple[int, int]]:
    """The SaverDefs of a collection_def entry (its key 1, its CollectionDef 2) when it is the savers
    collection: its bytes_list's items."""
    key, value = b"", (0, 0)
    for tag, at, until in _fields(buf, start, end):
        if tag == 0x0A:
            key = buf[at:until]
        elif tag == 0x12:
            value = (at, until)
    if key != b"savers":
        return []
    return [(item_at, item_end) for kind, at, until in _fields(buf, *value) if kind == 0x12  # bytes_list
            for field, item_at, item_end in _fields(buf, at, until) if field == 0x0A]  # fmt: skip


def _saver_names(buf: bytes, savers: List[Tuple[int, int]]) -> List[bytes]:
    """The nodes the savers name: each one's filename tensor, save tensor and restore op (fields 1 to 3)."""
    return [buf[at:until].partition(b":")[0] for saver_at, saver_end in savers
            for field, at, until in _fields(buf, saver_at, saver_end)
            if field in (0x0A, 0x12, 0x1A) and until > at]  # fmt: skip


def _outputs(names: List[bytes], node_ops: List[bytes], used: Set[bytes], savers: List[bytes]) -> List[Dict[str, str]]:
    """The graph's outputs as load lists them: what no input names, but for the ops of ``NOT_OUTPUTS``, variables,
    and the savers' nodes and the scope they are in."""
    scopes = tuple(name.rsplit(b"/", 1)[0] + b"/" for name in savers if b"/" in name)
    named = set(savers)
    not_outputs = {op for op in set(node_ops) if op.decode() in NOT_OUTPUTS or is_variable_op(op.decode())}
    return [{"name": name.decode(), "op": op.decode()} for name, op in zip(names, node_ops)
            if name not in used and op not in not_outputs and name not in named
            and not (scopes and name.startswith(scopes))]  # fmt: skip


def upb_contract(data: bytes, saved_model: bool) -> List[Dict[str, Any]]:
    """The same contract as a protobuf user computes it: upb's parse, then a loop over the parsed nodes."""
    if saved_model:
        meta_graphs = list(saved_model_pb2.SavedModel.FromString(data).meta_graphs)
    else:
        meta_graphs = [meta_graph_pb2.MetaGraphDef.FromString(data)]
    found = []
    for meta_graph in meta_graphs:
        graph = meta_graph.graph_def
        ops: Dict[str, int] = {}
        names, node_ops, consumed, constants, inputs, flagged, calls, variables = [], [], set(), [], [], [], [], []
        for node in graph.node:
            name, op = node.name, node.op
            names.append(name)
            node_ops.append(op)
            ops[op] = ops.get(op, 0) + 1
            consumed.update(node.input)
            if op in FLAGGED_OPS:
                flagged.append({"function": None, "node": name, "op": op})
            elif op in _CALL_NAMES:
                function = node.attr["f"].func.name if "f" in node.attr and node.attr["f"].HasField("func") else None
                calls.append({"node": name, "op": op, "function": function})
            elif op == "Const":
                tensor = node.attr["value"].tensor
                shape = None if tensor.tensor_shape.unknown_rank else [dim.size for dim in tensor.tensor_shape.dim]
                dtype = _NAMES.get(tensor.dtype, tensor.dtype)
                if tensor.dtype == 7:
                    size = sum(len(value) for value in tensor.string_val)
                elif shape is None or tensor.dtype not in _SIZES or any(dim < 0 for dim in shape):
                    size = None
                else:
                    size = _SIZES[tensor.dtype]
                    for dim in shape:
                        size *= dim
                constants.append({"name": name, "dtype": dtype if "value" in node.attr else None,
                                  "shape": shape if "value" in node.attr else None,
                                  "size": size if "value" in node.attr else None})  # fmt: skip
            elif op in _PLACEHOLDER_NAMES:
                attr = node.attr
                shape_proto = attr["shape"].shape if "shape" in attr else None
                shape = None
                if shape_proto is not None and attr["shape"].HasField("shape"):
                    shape = None if shape_proto.unknown_rank else [dim.size for dim in shape_proto.dim]
                dtype = _NAMES.get(attr["dtype"].type) if "dtype" in attr else None
                inputs.append({"name": name, "op": op, "dtype": dtype, "shape": shape})
            elif is_variable_op(op):
                variables.append(_upb_variable(node))
        functions: Dict[str, Dict[str, int]] = {}
        for function in graph.library.function:
            counts = functions.setdefault(function.signature.name, {})
            for node in function.node_def:
                ops[node.op] = ops.get(node.op, 0) + 1
                counts[node.op] = counts.get(node.op, 0) + 1
                if node.op in FLAGGED_OPS:
                    flagged.append({"function": function.signature.name, "node": node.name, "op": node.op})
        used = {(entry[1:] if entry[:1] == "^" else entry).partition(":")[0] for entry in consumed}
        savers = [meta_graph.saver_def] if meta_graph.HasField("saver_def") else []
        if "savers" in meta_graph.collection_def:
            savers += map(saver_pb2.SaverDef.FromString, meta_graph.collection_def["savers"].bytes_list.value)
        saver_names = [name.partition(":")[0] for saver in savers
                       for name in (saver.filename_tensor_name, saver.save_tensor_name, saver.restore_op_name)
                       if name]  # fmt: skip
        scopes = tuple(name.rsplit("/", 1)[0] + "/" for name in saver_names if "/" in name)
        named = set(saver_names)
        not_outputs = {op for op in set(node_ops) if op in NOT_OUTPUTS or is_variable_op(op)}
        outputs = [{"name": name, "op": op} for name, op in zip(names, node_ops)
                   if name not in used and op not in not_outputs and name not in named
                   and not (scopes and name.startswith(scopes))]  # fmt: skip
        found.append({"names": names, "ops": node_ops, "used": used, "constants": constants, "inputs": inputs,
                      "outputs": outputs, "flagged": flagged, "calls": calls, "functions": functions,
                      "census": ops, "variables": variables})  # fmt: skip
    return found


def _upb_variable(node: Any) -> Dict[str, Any]:
    """A variable's dict as load makes it from its node, from upb's parsed NodeDef (see ``_variable``)."""
    attr = node.attr  # (a key read by [] that is not in the map would be added: each is tested first)
    dtype = shape = None
    if "dtype" in attr and attr["dtype"].WhichOneof("value") == "type":
        dtype = _NAMES.get(attr["dtype"].type, attr["dtype"].type)
    if "shape" in attr and attr["shape"].HasField("shape"):
        proto = attr["shape"].shape
        shape = None if proto.unknown_rank else [dim.size for dim in proto.dim]
    colocated_with = []
    if "_class" in attr:
        value = attr["_class"]
        which = value.WhichOneof("value")
        strings = list(value.list.s) if which == "list" else [value.s] if which == "s" else []
        colocated_with = [string[len(_COLOCATION) :].decode() for string in strings if string.startswith(_COLOCATION)]
    return {"name": node.name, "op": node.op, "dtype": dtype, "shape": shape, "device": node.device,
            "container": attr["container"].s.decode() if "container" in attr else "",
            "shared_name": attr["shared_name"].s.decode() if "shared_name" in attr else "",
            "colocated_with": colocated_with, "collections": [], "trainable": None, "partition": None,
            "object_path": None, "layer": None}  # fmt: skip


# What a variable's node gives it (the rest comes from the collections and the object graph).
_NODE_FIELDS = ("name", "op", "dtype", "shape", "device", "container", "shared_name", "colocated_with")


def same_answers(graph: Dict[str, Any], found: Dict[str, Any]) -> bool:
    """Whether a contender's reading of one meta graph (*found*) gives ``load``'s answers (*graph*): the
    constants and placeholders, the outputs, the variables as their nodes give them, the flagged nodes and calls, the
    op census of the graph and of each of its functions."""

    def text(value: Any) -> Any:
        return value.decode() if isinstance(value, bytes) else value

    census = {text(op): count for op, count in found["census"].items()}
    if census != graph["ops"]:
        return False
    functions = {name: {text(op): count for op, count in counts.items()} for name, counts in found["functions"].items()}
    if functions != graph["functions"]:
        return False
    if found["constants"] != graph["constants"]:
        return False
    if found["flagged"] != graph["flagged"] or found["calls"] != graph["calls"]:
        return False
    # The variables as their nodes give them (load's list has them first, in the graph's order; then what the
    # collections list that no node is, which neither contender reads).
    mine = [{field: variable[field] for field in _NODE_FIELDS} for variable in graph["variables"] if variable["op"]]
    if mine != [{field: variable[field] for field in _NODE_FIELDS} for variable in found["variables"]]:
        return False
    placeholders = [entry for entry in graph["inputs"] if entry["op"] in _PLACEHOLDER_NAMES]
    if [entry for entry in found["inputs"] if entry["name"] in {p["name"] for p in placeholders}] != placeholders:
        return False
    return bool(found["outputs"] == graph["outputs"])
