# SPDX-License-Identifier: Apache-2.0
"""The graph scan: every variable with its dtype, shape and device, every op, and the graph's inputs, outputs,
constants, flagged nodes and calls, read from ``graph_def``.

Strategy: a binary ``graph_def`` is walked node by node, not parsed (``nodes``), and the nodes it keeps
are read where they lie (``endpoints``: a placeholder or call decoded, a constant's tensor walked); a
text-format one has no lengths to walk, so it is read whole by the text reader and the same is made of
its decoded nodes here. Both come from the file's ``Source``, which finds a meta graph's fields in either
encoding (a GraphDef file is its own ``graph_def``). The join gives each variable node what
the collections say of it (which collections list it, trainable, the partition of a partitioned
variable), and what a TF 2 SavedModel's object graph says (``SavedVariable``); variables a collection or
the object graph lists but the graph lacks are reported too, with what is known of them.
"""

from __future__ import annotations

from .._errors import DecodeError
from .._proto.schema import COLLECTIONS
from .._proto.wire import WIRETYPE_LENGTH_DELIMITED, iter_fields, read_varint
from .attrs import REPORTED, new_variable, shape_list
from .nodes import KEPT_CALL, KEPT_CONST, KEPT_PLACEHOLDER, KEPT_VARIABLE, KEPT_WATCHED, kept_kind, scan_binary
from .ops import is_flagged
from .saved_objects import keras_objects, saved_object_paths, saved_objects, variable_layers

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Callable, Dict, Final, List, Optional, Set, Tuple

    from .._disk.source import Source
    from .._typing import Buffer, Decoded, FrozenBuffer

# Collections whose items are VariableDefs (or, in old files, node_list tensor names of variables).
_VARIABLE_COLLECTIONS: Final = tuple(name for name, ref in COLLECTIONS.items() if ref == "tensorflow.VariableDef")
_TRAINABLE_COLLECTION: Final = "trainable_variables"


def _scan_text(graph: Decoded, source: Source, buf: Buffer, depth: int, watch: Callable[[str], bool]) -> _Found:
    """The same census as the binary walk, from a GraphDef the text reader has read whole."""
    from .endpoints import call, constant_text, placeholder  # noqa: PLC0415 (with the _tensor module: not for a summary)

    found = _Found()
    ops = found.ops
    names: List[bytes] = []
    node_ops: List[bytes] = []
    consumed: Set[bytes] = set()
    kinds: Dict[str, int] = {}
    for index, node in enumerate(graph["node"]):
        op = node["op"]
        ops[op] = ops.get(op, 0) + 1
        names.append(node["name"].encode())
        node_ops.append(op.encode())
        consumed.update(entry.encode() for entry in node["input"])
        kind = kinds.get(op)
        if kind is None:
            kind = kinds[op] = kept_kind(op, watch)
        if kind == KEPT_VARIABLE:
            variable = new_variable(node["name"], op, node["device"])
            for key, value in node["attr"].items():
                reported = REPORTED.get(key)
                if reported is not None:
                    variable[reported[0]] = reported[1](value)
            found.variables.append(variable)
        elif kind == KEPT_PLACEHOLDER:
            found.inputs.append(placeholder(node))
        elif kind == KEPT_CONST:
            span = node["attr"]["value"]["tensor"] if "value" in node["attr"] else None
            try:
                tensor = source.read_span(buf, span, "tensorflow.TensorProto", depth + 4) if span else None
            except DecodeError as exc:
                for segment in ("tensor", "value", "attr", index, "node"):
                    exc._add_segment(segment)
                raise
            found.constants.append(constant_text(node, tensor))
        elif kind == KEPT_WATCHED:
            found.watched.append((None, node["name"], op))
        elif kind == KEPT_CALL:
            found.calls.append(call(node))
    found.names, found.node_ops, found.consumed = names, node_ops, consumed
    library = graph["library"]
    for function in library["function"] if library is not None else ():
        signature = function["signature"]
        function_name = signature["name"] if signature is not None else ""
        counts = found.functions.setdefault(function_name, {})
        for node in function["node_def"]:
            op = node["op"]
            counts[op] = counts.get(op, 0) + 1
            ops[op] = ops.get(op, 0) + 1
            kind = kinds.get(op)
            if kind is None:
                kind = kinds[op] = kept_kind(op, watch)
            if kind == KEPT_WATCHED:
                found.watched.append((function_name, node["name"], op))
    return found


class _Found:
    """What a graph's scan found, binary or text alike."""

    __slots__ = ("calls", "constants", "consumed", "ends", "functions", "inputs", "names", "node_ops", "ops",
                 "variables", "watched")  # fmt: skip

    def __init__(self) -> None:
        self.ops: Dict[str, int] = {}
        self.functions: Dict[str, Dict[str, int]] = {}
        self.variables: List[Decoded] = []
        self.inputs: List[Decoded] = []
        self.constants: List[Decoded] = []
        self.watched: List[Tuple[Optional[str], str, str]] = []
        self.names: List[bytes] = []
        self.node_ops: List[bytes] = []
        self.consumed: Set[bytes] = set()
        self.calls: List[Decoded] = []
        self.ends = True  # whether inputs, outputs and constants were read


def _found_binary(
    buf: FrozenBuffer, spans: List[Tuple[int, int]], depth: int, watch: Callable[[str], bool], ends: bool = True
) -> _Found:
    """What the node walk of a binary graph found, its placeholders and constants read (with *ends*)."""
    scan = scan_binary(buf, spans, depth, watch, ends)
    census = scan.census
    found = _Found()
    found.ops = {op.decode(): count for op, count in census.ops.items()}
    found.functions = {
        name: {op.decode(): count for op, count in counts.items()} for name, counts in scan.functions.items()
    }
    found.variables = scan.variables
    found.watched = scan.watched
    found.names, found.node_ops = census.names or [], census.node_ops or []
    found.consumed = census.consumed or set()
    found.ends = ends
    wanted = (KEPT_PLACEHOLDER, KEPT_CONST, KEPT_CALL) if ends else (KEPT_CALL,)
    ends_and_calls = [entry for entry in census.kept if entry[0] in wanted]
    if ends_and_calls:  # (an import statement costs thousands of instructions: once, not in the loop)
        from .endpoints import call, constant_binary, placeholder, read_node  # noqa: PLC0415 (a TF 1 summary: no ends)
    for why, index, name, _, _, start, end in ends_and_calls:
        try:
            if why == KEPT_PLACEHOLDER:
                found.inputs.append(placeholder(read_node(buf, start, end, depth + 1)))
            elif why == KEPT_CALL:
                found.calls.append(call(read_node(buf, start, end, depth + 1)))
            else:
                found.constants.append(constant_binary(buf, name, start, end, census))
        except DecodeError as exc:
            exc._add_segment(index)
            exc._add_segment("node")
            raise
    return found


def _node_of(tensor_name: str) -> str:
    """The node of a tensor name: ``dense/kernel:0`` -> ``dense/kernel``."""
    node, colon, output = tensor_name.rpartition(":")
    return node if colon and output.isdigit() else tensor_name


def _join(
    meta_graph: Decoded,
    variables: List[Decoded],
    saved_variables: List[Tuple[Optional[str], Decoded]],
) -> List[Decoded]:
    """The variable nodes (*variables*, joined in place), with what the collections and the object graph say of
    them; then the variables those list that the graph lacks."""
    by_node: Dict[str, Decoded] = {}
    for variable in variables:
        by_node.setdefault(variable["name"], variable)

    def find(node: str) -> Decoded:
        variable = by_node.get(node)
        if variable is None:  # listed, but the graph has no such node (a stripped or damaged graph)
            variable = by_node[node] = new_variable(node, None, "")
            variables.append(variable)
        return variable

    collections = meta_graph["collection_def"]
    for collection_name in sorted(collections):  # by name: a map has no order, and protobuf's is a hash order
        collection = collections[collection_name]
        if collection_name not in _VARIABLE_COLLECTIONS:
            continue
        for item in collection["value"]:
            if isinstance(item, dict):  # a VariableDef (a bytes_list item that did not decode stays bytes)
                variable = find(_node_of(item["variable_name"]))
                trainable = item["trainable"]
                slice_info = item["save_slice_info_def"]
                if slice_info is not None:
                    variable["partition"] = {
                        "full_name": slice_info["full_name"],
                        "full_shape": list(slice_info["full_shape"]),
                        "offset": list(slice_info["var_offset"]),
                    }
            elif collection["kind"] == "node_list" and isinstance(item, str):  # old files: tensor names
                variable = find(_node_of(item))
                trainable = False
            else:
                continue
            if collection_name not in variable["collections"]:
                variable["collections"].append(collection_name)
            variable["trainable"] = bool(variable["trainable"]) or trainable or collection_name == _TRAINABLE_COLLECTION

    # The program's own collections, once every variable the registered ones list is known.
    for collection_name in sorted(collections):
        collection = collections[collection_name]
        if collection_name not in _VARIABLE_COLLECTIONS and collection["kind"] == "node_list":
            _user_collection(collection_name, collection["value"], by_node)
    # A TF 2 SavedModel's variables: one per SavedVariable of the object graph, each with its object path. Its
    # name need not be unique (every unnamed tf.Variable is "Variable"); the graph's node for it is, as TensorFlow
    # made it when it saved: the name made unique in the object graph's order (Graph.unique_name: "Variable",
    # "Variable_1", ...). A node of that name is it unless its dtype or shape (where it has them) disagree; a
    # variable without one is what the object graph says.
    names_in_use: Dict[str, int] = {}
    for path, saved in saved_variables:
        found = by_node.get(_unique_name(saved["name"], names_in_use))
        dtype, shape = saved["dtype"], shape_list(saved["shape"])
        if (
            found is None
            or found["object_path"] is not None
            or found["dtype"] not in (None, dtype)
            or found["shape"] not in (None, shape)
        ):
            found = new_variable(saved["name"], None, saved["device"])
            variables.append(found)
        variable = found
        if variable["dtype"] is None:
            variable["dtype"] = dtype
        if variable["shape"] is None:
            variable["shape"] = shape
        variable["object_path"] = path
        variable["trainable"] = bool(variable["trainable"]) or saved["trainable"]
    for variable in variables:
        variable["collections"].sort()  # by name: a map has no order (protobuf's iterates in hash order)
    return variables


def _user_collection(name: str, items: List[str], by_node: Dict[str, Decoded]) -> None:
    """A collection of the program's own (``tf.add_to_collection("vars_train", v)``), which TensorFlow keeps as
    a ``node_list`` of names: a variable node it names, or an output of one (``v``, ``v:0``), is in it, as
    ``get_collection`` gives it back. Names of other nodes are not variables, and a name no node has is
    passed over (a collection of the program's says nothing of what the graph lacks)."""
    for item in items:
        variable = by_node.get(_node_of(item))
        if variable is not None and name not in variable["collections"]:
            variable["collections"].append(name)


def _unique_name(name: str, in_use: Dict[str, int]) -> str:
    """TensorFlow's ``Graph.unique_name``: *name*, or ``name_1``, ``name_2``, ... if taken (case-insensitively)."""
    key = name.lower()
    count = in_use.get(key, 0)
    in_use[key] = count + 1
    if count == 0:
        return name
    base = key
    while key in in_use:
        key = f"{base}_{count}"
        count += 1
    in_use[key] = 1
    return f"{name}_{count - 1}"


def _saved_variables(object_graph: Optional[Decoded], paths: Dict[int, str]) -> List[Tuple[Optional[str], Decoded]]:
    """The object graph's variables, in its order, each with its path (None: the root reaches it by none)."""
    if object_graph is None:
        return []
    return [(paths.get(index), node["variable"]) for index, node in enumerate(object_graph["nodes"])
            if node["variable"] is not None]  # fmt: skip


def _graph(meta_graph: Decoded, found: _Found, object_graph: Optional[Decoded], model_path: Optional[str]) -> Decoded:
    paths = saved_object_paths(object_graph) if object_graph is not None else {}
    keras = keras_objects(object_graph, paths, model_path) if object_graph is not None else None
    joined = _join(meta_graph, found.variables, _saved_variables(object_graph, paths))
    owners = variable_layers(object_graph, paths, keras["layers"]) if object_graph is not None and keras else {}
    for variable in joined:
        layer = owners.get(variable["object_path"]) if variable["object_path"] is not None else None
        variable["layer"] = layer["path"] if layer is not None else None
        variable["layer_name"] = layer["name"] if layer is not None else None
        variable["layer_class"] = layer["class_name"] if layer is not None else None
    inputs: List[Decoded] = []
    ends: List[Decoded] = []
    if found.inputs or found.ends:
        from .endpoints import in_savers, outputs, saver_nodes  # noqa: PLC0415 (a TF 1 summary reads no ends)

        savers = saver_nodes(meta_graph)
        inputs = [entry for entry in found.inputs if not in_savers(entry["name"], savers)]
        ends = outputs(found.names, found.node_ops, found.consumed, savers) if found.ends else []
    return {
        "variables": joined,
        "ops": dict(sorted(found.ops.items())),
        "functions": {name: dict(sorted(counts.items())) for name, counts in found.functions.items()},
        "objects": saved_objects(object_graph, paths) if object_graph is not None else [],
        "keras": keras,
        "inputs": inputs,
        "outputs": ends,
        "constants": found.constants,
        "flagged": [{"function": function, "node": node, "op": op} for function, node, op in found.watched],
        "calls": found.calls,
    }


def graph_of(
    source: Source,
    buf: Buffer,
    index: int,
    meta_graph: Decoded,
    watch: Callable[[str], bool] = is_flagged,
    ends: bool = True,
) -> Decoded:
    """The ``"graph"`` of meta graph *index* of the file (*meta_graph* its decoded dict): its variables, the ops
    of the graph and of its functions, its inputs, outputs and constants, and the nodes of the ops *watch* picks
    (by default those ``ops.FLAGGED_OPS`` names). With ``ends=False`` (the command line's summary of a model that
    is no frozen graph, which does not show them) a binary graph's inputs, outputs and constants are not read:
    the node walk passes the inputs over, no constant's tensor is walked, and the three lists are empty."""
    depth = source.meta_graph_depth + 1  # of the GraphDef below the file's top message
    part = "graph_def"
    try:
        if source.encoding == "binary":
            if isinstance(buf, (bytearray, memoryview)):
                buf = bytes(buf)  # a stream read into memory: ops are counted by their bytes, which must be hashable
            found = _found_binary(buf, source.spans(buf, index, part), depth, watch, ends)
        else:
            graph = source.read_field(buf, index, meta_graph, part, "tensorflow.GraphDef")
            found = _scan_text(graph, source, buf, depth, watch) if graph is not None else _Found()
        if any(entry["op"] == "Placeholder" and entry["shape"] == [] for entry in found.inputs):
            _legacy_placeholders(found.inputs, _producer(source, buf, index, meta_graph))
        part = "object_graph_def"
        object_graph = source.read_field(buf, index, meta_graph, part, "tensorflow.SavedObjectGraph")
    except DecodeError as exc:
        source.failed_in(exc, index, part)
        raise
    return _graph(meta_graph, found, object_graph, source.path)


# The GraphDef producer version from which a Placeholder's shape of no dims is a scalar: up to 21 (TF 0.12 and
# before) it meant "any shape", and TensorFlow's shape function still reads it so (array_ops.cc, Placeholder).
_SCALAR_PLACEHOLDERS: Final = 22
_GRAPH_VERSIONS: Final = 4  # GraphDef.versions (graph.proto)


def _legacy_placeholders(inputs: List[Decoded], producer: int) -> None:
    """A Placeholder of no dims in a graph written before ``_SCALAR_PLACEHOLDERS``: its shape unknown, as
    TensorFlow reads it, not a scalar."""
    if producer < _SCALAR_PLACEHOLDERS:
        for entry in inputs:
            if entry["op"] == "Placeholder" and entry["shape"] == []:
                entry["shape"] = None


def _producer(source: Source, buf: Buffer, index: int, meta_graph: Decoded) -> int:
    """The GraphDef's ``versions.producer`` (0 where it has none, as TensorFlow reads an absent one)."""
    if source.encoding != "binary":
        graph = source.read_field(buf, index, meta_graph, "graph_def", "tensorflow.GraphDef")
        return int(((graph or {}).get("versions") or {}).get("producer") or 0)
    producer = 0
    for start, end in source.spans(buf, index, "graph_def"):
        for number, wire, value_start, value_end in iter_fields(buf, start, end):
            if number == _GRAPH_VERSIONS and wire == WIRETYPE_LENGTH_DELIMITED:
                for inner, inner_wire, at, _ in iter_fields(buf, value_start, value_end):
                    if inner == 1 and inner_wire == 0:  # VersionDef.producer, the last one as protobuf keeps it
                        producer = read_varint(buf, at, value_end)[0]
    return producer


def add_graphs(
    source: Source,
    buf: Buffer,
    meta_graphs: List[Decoded],
    watch: Optional[Callable[[str], bool]] = None,
    ends: bool = True,
) -> None:
    """Give each meta graph of a file its ``"graph"`` (see ``graph_of``)."""
    if isinstance(buf, (bytearray, memoryview)) and source.encoding == "binary":
        buf = bytes(buf)  # once for every meta graph, not once each
    for index, meta_graph in enumerate(meta_graphs):
        meta_graph["graph"] = graph_of(source, buf, index, meta_graph, watch or is_flagged, ends)


def node_inputs(source: Source, index: int, meta_graph: Decoded, names: Set[str]) -> Dict[str, Tuple[str, List[str]]]:
    """The op and inputs of the graph nodes *names* of meta graph *index* (the graph walked again; for the few nodes
    a caller needs more of than the graph's census keeps)."""
    found: Dict[str, Tuple[str, List[str]]] = {}
    with source.opened() as buf:
        depth = source.meta_graph_depth + 1
        if source.encoding == "binary":
            frozen = bytes(buf) if isinstance(buf, (bytearray, memoryview)) else buf
            scan = scan_binary(frozen, source.spans(frozen, index, "graph_def"), depth, _every_op)
            from .endpoints import read_node  # noqa: PLC0415 (the ends' reader: not for a summary)

            for why, _, name, _, _, start, end in scan.census.kept:
                if name in names and why == KEPT_WATCHED:
                    node = read_node(frozen, start, end, depth + 1)
                    found[name] = (node["op"], list(node["input"]))
        else:
            graph = source.read_field(buf, index, meta_graph, "graph_def", "tensorflow.GraphDef")
            for node in graph["node"] if graph is not None else ():
                if node["name"] in names:
                    found[node["name"]] = (node["op"], list(node["input"]))
    return found


def _every_op(op: str) -> bool:
    return True
