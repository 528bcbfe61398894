# SPDX-License-Identifier: Apache-2.0
"""A TF 2 checkpoint's object graph: the object, attribute and variable behind each key.

Strategy: TensorFlow 2 saves objects, not graph nodes. A checkpoint written by ``tf.train.Checkpoint``, Keras or
a SavedModel holds the scalar string tensor ``_CHECKPOINTABLE_OBJECT_GRAPH``, a ``TrackableObjectGraph``
(trackable_object_graph.proto): one node per object, its edges named by the attribute that holds the child
(``children``), the tensors it saves (``attributes``: each with its checkpoint key and, from
``tf.train.Checkpoint``, the variable's own name, ``full_name``), and an optimizer's slot variables
(``slot_variables``). TensorFlow made the keys from paths: breadth-first from the root (node 0), children in
order, the first path that reaches an object names it (``trackable_utils.object_path_to_string``); each path is
recomputed here the same way, its edge names as written (unescaped), joined by ``/``. A slot variable is named
through its optimizer: ``<variable path>/.OPTIMIZER_SLOT/<optimizer path>/<slot name>``.

``load_checkpoint`` reads the graph in one pass (``_fast_tree``): TensorFlow numbers objects in the order its
walk reaches them, so each node's path is known when it is read and its attributes become the keys' dicts at
once. A graph written otherwise (another order, fields TensorFlow does not write, anything malformed) is read
node by node (``read_object_graph``) and walked (``object_tree``), which says what is wrong; the tests hold the
two to the same answers.

Nothing here is needed to list or read a checkpoint's keys: an object graph that does not read, or refers to
nodes it does not have, is said in ``error`` (with where), never a reason ``load_checkpoint`` fails. Cycles
and an object reached twice are what TensorFlow writes for shared objects, not errors: the first path names it.
"""

from __future__ import annotations

from .._errors import DecodeError
from .._proto.compiled import COMPILED, field_tag, to_int32
from .._proto.decoder import parse_message
from .._proto.wire import read_size, read_varint
from .values import read_values

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Dict, Final, List, Optional, Tuple

    from .._typing import Decoded

    # An object of the graph: its children (node id, name), attributes (name, full name, checkpoint key) and
    # slot variables (original variable's node id, slot name, slot variable's node id), as the proto has them.
    Node = Tuple[List[Tuple[int, str]], List[Tuple[str, str, str]], List[Tuple[int, str, int]]]

OBJECT_GRAPH_KEY: Final = "_CHECKPOINTABLE_OBJECT_GRAPH"
VARIABLE_VALUE: Final = "VARIABLE_VALUE"  # the attribute a variable saves its value as
_OPTIMIZER_SLOT: Final = ".OPTIMIZER_SLOT"
_ATTRIBUTES_SEPARATOR: Final = "/.ATTRIBUTES/"  # between an object's escaped path and its attribute in a key
_GRAPH = COMPILED["tensorflow.TrackableObjectGraph"]


def object_graph_of(listing: Decoded) -> Optional[Decoded]:
    """``load_checkpoint``'s ``object_graph`` for *listing*: None for a checkpoint without one (a TF 1 checkpoint,
    whose keys are graph names), else ``object_tree`` of it, or the same keys empty and ``error`` said."""
    tensors = listing["tensors"]
    if OBJECT_GRAPH_KEY not in tensors:
        return None
    try:
        data = _graph_bytes(listing)
        tree = _fast_tree(data, tensors)
        return tree if tree is not None else object_tree(_nodes_of(data), tensors)
    except DecodeError as exc:
        return {"nodes": 0, "keys": {}, "unowned": [], "absent": [], "error": str(exc)}


def read_object_graph(listing: Decoded) -> List[Node]:
    """The nodes of the checkpoint's ``TrackableObjectGraph`` (its ``OBJECT_GRAPH_KEY`` tensor must be there),
    each ``(children, attributes, slot_variables)`` as tuples of their fields (see ``Node``)."""
    return _nodes_of(_graph_bytes(listing))


def _graph_bytes(listing: Decoded) -> bytes:
    """The serialized object graph: the checkpoint's ``OBJECT_GRAPH_KEY`` tensor, read with its CRC checked."""
    tensor = read_values(listing, [OBJECT_GRAPH_KEY], True)[OBJECT_GRAPH_KEY]
    if tensor.dtype != "DT_STRING" or tensor.shape != ():
        raise DecodeError(
            f"{OBJECT_GRAPH_KEY} is a {tensor.dtype} tensor of shape {list(tensor.shape)}, not a scalar string"
        )
    data: bytes = tensor.tolist()  # a scalar string tensor: its one string
    return data


def _nodes_of(data: bytes) -> List[Node]:
    """``read_object_graph`` of the serialized graph *data*."""
    nodes = _fast_nodes(data)
    if nodes is not None:
        return nodes
    # Anything the fast reader does not know: the decoder, which reads every form and says what is wrong.
    graph: Decoded = _GRAPH.new()
    try:
        parse_message(data, 0, len(data), _GRAPH, graph, 0)
    except DecodeError as exc:
        exc._add_segment(_GRAPH.short_name)
        exc._within(f"the object graph ({OBJECT_GRAPH_KEY})")
        raise
    return [
        (
            [(child["node_id"], child["local_name"]) for child in node["children"]],
            [(item["name"], item["full_name"], item["checkpoint_key"]) for item in node["attributes"]],
            [(slot["original_variable_node_id"], slot["slot_name"], slot["slot_variable_node_id"])
             for slot in node["slot_variables"]],
        )
        for node in graph["nodes"]
    ]  # fmt: skip


_NODES: Final = field_tag("tensorflow.TrackableObjectGraph", "nodes")
_OBJECT = "tensorflow.TrackableObjectGraph.TrackableObject"
_CHILDREN: Final = field_tag(_OBJECT, "children")
_ATTRIBUTES: Final = field_tag(_OBJECT, "attributes")
_SLOTS: Final = field_tag(_OBJECT, "slot_variables")
_PASSED: Final = frozenset({field_tag(_OBJECT, "registered_saver"), field_tag(_OBJECT, "has_checkpoint_values")})
# has_checkpoint_values as TensorFlow writes it: a BoolValue of true, or of false (no field: an empty message).
_HAS_VALUES: Final = bytes(
    [field_tag(_OBJECT, "has_checkpoint_values"), 2, field_tag("google.protobuf.BoolValue", "value"), 1]
)
_HAS_NO_VALUES: Final = bytes([field_tag(_OBJECT, "has_checkpoint_values"), 0])
_REFERENCE = "tensorflow.TrackableObjectGraph.TrackableObject.ObjectReference"
_SERIALIZED = "tensorflow.TrackableObjectGraph.TrackableObject.SerializedTensor"
_SLOT = "tensorflow.TrackableObjectGraph.TrackableObject.SlotVariableReference"
_CHILD_ID: Final = field_tag(_REFERENCE, "node_id")
_CHILD_NAME: Final = field_tag(_REFERENCE, "local_name")
_ATTRIBUTE_FIELDS: Final = (field_tag(_SERIALIZED, "name"), field_tag(_SERIALIZED, "full_name"),
                            field_tag(_SERIALIZED, "checkpoint_key"))  # fmt: skip
_SLOT_FIELDS: Final = (field_tag(_SLOT, "original_variable_node_id"), field_tag(_SLOT, "slot_name"),
                       field_tag(_SLOT, "slot_variable_node_id"))  # fmt: skip
# An attribute's name field when the attribute is a variable's value: what a variable's node holds from its
# third byte (after the attribute's tag and one-byte length).
_VARIABLE_VALUE_NAME: Final = bytes([_ATTRIBUTE_FIELDS[0], len(VARIABLE_VALUE)]) + VARIABLE_VALUE.encode()


def _fast_nodes(
    data: bytes,
    _nodes: int = _NODES,
    _children: int = _CHILDREN,
    _attributes: int = _ATTRIBUTES,
    _child_id: int = _CHILD_ID,
    _child_name: int = _CHILD_NAME,
    _attribute_fields: Tuple[int, int, int] = _ATTRIBUTE_FIELDS,
) -> Optional[List[Node]]:
    """The nodes as TensorFlow writes them, read in place: every tag one byte, lengths and ids of one byte read
    inline (longer ones by ``read_varint``); None for anything else (another field, a long tag, a length past
    its message, text that is not UTF-8), which the decoder then reads and judges. A 10,000-variable graph has
    20,000 small messages: a dict each, and a call per field, were most of the decoder's time. (The tags are
    keyword defaults, from the schema, so that the loop reads locals.)"""
    nodes: List[Node] = []
    end = len(data)
    pos = 0
    name_tag, full_name_tag, key_tag = _attribute_fields
    try:
        while pos < end:
            if data[pos] != _nodes:
                return None
            node_end, pos = _length(data, pos + 1, end)
            children: List[Tuple[int, str]] = []
            attributes: List[Tuple[str, str, str]] = []
            slots: List[Tuple[int, str, int]] = []
            while pos < node_end:
                tag = data[pos]
                size = data[pos + 1]
                if size < 0x80:
                    pos += 2
                else:
                    size, pos = read_varint(data, pos + 1, node_end)
                item_end = pos + size
                if item_end > node_end:
                    return None
                if tag == _children:
                    # As TensorFlow writes it: an id and a name, each of one-byte length, in that order.
                    if (
                        pos + 3 < item_end
                        and data[pos] == _child_id
                        and data[pos + 1] < 0x80
                        and data[pos + 2] == _child_name
                        and pos + 4 + data[pos + 3] == item_end
                    ):
                        children.append((data[pos + 1], data[pos + 4 : item_end].decode("utf-8")))
                        pos = item_end
                        continue
                    node_id, name = 0, ""
                    while pos < item_end:
                        field = data[pos]
                        size = data[pos + 1]
                        if field == _child_id:
                            if size < 0x80:
                                node_id = size
                                pos += 2
                            else:
                                node_id, pos = _int32(data, pos + 1, item_end)
                        elif field == _child_name and size < 0x80:
                            pos += 2 + size
                            name = data[pos - size : pos].decode("utf-8")
                        elif field == _child_name:
                            text_end, pos = _length(data, pos + 1, item_end)
                            name = data[pos:text_end].decode("utf-8")
                            pos = text_end
                        else:
                            return None
                    children.append((node_id, name))
                elif tag == _attributes:
                    # As TensorFlow writes it: name, full name and key in that order, each under 128 bytes.
                    full_at = pos + 2 + data[pos + 1] if pos + 1 < item_end else item_end
                    key_at = full_at + 2 + data[full_at + 1] if full_at + 1 < item_end else item_end
                    if (
                        key_at + 1 < item_end
                        and key_at + 2 + data[key_at + 1] == item_end
                        and data[pos] == name_tag
                        and data[full_at] == full_name_tag
                        and data[key_at] == key_tag
                        and data[pos + 1] < 0x80
                        and data[full_at + 1] < 0x80
                        and data[key_at + 1] < 0x80
                    ):
                        attributes.append((
                            data[pos + 2 : full_at].decode("utf-8"),
                            data[full_at + 2 : key_at].decode("utf-8"),
                            data[key_at + 2 : item_end].decode("utf-8"),
                        ))  # fmt: skip
                        pos = item_end
                        continue
                    texts = ["", "", ""]
                    while pos < item_end:
                        field = data[pos]
                        size = data[pos + 1]
                        if size < 0x80:
                            pos += 2 + size
                            text = data[pos - size : pos].decode("utf-8")
                        else:
                            text_end, pos = _length(data, pos + 1, item_end)
                            text = data[pos:text_end].decode("utf-8")
                            pos = text_end
                        if field == key_tag:
                            texts[2] = text
                        elif field == name_tag:
                            texts[0] = text
                        elif field == full_name_tag:
                            texts[1] = text
                        else:
                            return None
                    attributes.append((texts[0], texts[1], texts[2]))
                elif tag == _SLOTS:
                    slot = _slot(data, pos, item_end)
                    if slot is None:
                        return None
                    slots.append(slot)
                    pos = item_end
                elif tag in _PASSED:
                    pos = item_end
                else:
                    return None
                if pos != item_end:  # a field ran past its message
                    return None
            nodes.append((children, attributes, slots))
    except (DecodeError, UnicodeDecodeError, IndexError):
        return None
    return nodes


def _slot(data: bytes, pos: int, end: int) -> Optional[Tuple[int, str, int]]:
    """A SlotVariableReference (few in any graph: one per slot of a variable), or None for another field."""
    original, slot_name, slot_id = 0, "", 0
    while pos < end:
        field = data[pos]
        if field == _SLOT_FIELDS[1]:
            text_end, pos = _length(data, pos + 1, end)
            slot_name = data[pos:text_end].decode("utf-8")
            pos = text_end
        elif field == _SLOT_FIELDS[0]:
            original, pos = _int32(data, pos + 1, end)
        elif field == _SLOT_FIELDS[2]:
            slot_id, pos = _int32(data, pos + 1, end)
        else:
            return None
    return (original, slot_name, slot_id) if pos == end else None


def _length(data: bytes, pos: int, limit: int) -> Tuple[int, int]:
    """A length-delimited field's (end, start), its length read at *pos*; it must end by *limit*."""
    length = data[pos]
    if length < 0x80:
        pos += 1
    else:
        length, pos = read_varint(data, pos, limit)
    if pos + length > limit:
        raise DecodeError("a length past its message", pos)
    return pos + length, pos


def _int32(data: bytes, pos: int, limit: int) -> Tuple[int, int]:
    value = data[pos]
    if value < 0x80:
        return value, pos + 1
    value, pos = read_varint(data, pos, limit)
    return to_int32(value), pos


def object_tree(nodes: List[Node], tensors: Dict[str, Decoded]) -> Decoded:
    """What an object graph's *nodes* (``read_object_graph``) say of each key of *tensors*.

    ``{"nodes", "keys", "unowned", "absent", "error"}``: ``keys`` maps each key an object saves to ``{"object",
    "attribute", "full_name", "node", "slot"}`` (the object's path, the attribute's name, the variable's own
    name or None, the node's index, and for a slot variable ``{"variable", "optimizer", "name"}`` by their
    paths), in the checkpoint's order; ``unowned`` the checkpoint's keys no object saves (the object graph's own
    excepted), ``absent`` the keys an object saves that the checkpoint lacks. Raises ``DecodeError`` for a
    reference to a node the graph does not have, saying where.
    """
    count = len(nodes)
    # Breadth-first from the root, children in order: the first path that reaches a node names it.
    paths: Dict[int, str] = {0: ""} if count else {}
    queue = [0] if count else []
    for node_id in queue:  # the queue grows as it is walked
        parent = paths[node_id]
        for index, (target, name) in enumerate(nodes[node_id][0]):
            if target not in paths:
                if not 0 <= target < count:
                    raise _no_such_node(target, count, f"nodes[{node_id}].children[{index}].node_id")
                paths[target] = f"{parent}/{name}" if parent else name
                queue.append(target)
    # Slot variables, through their optimizer (which the walk reached) and the variable they are for.
    slots: Dict[int, Decoded] = {}
    for node_id, (_, _, references) in enumerate(nodes):
        for index, (original, slot_name, slot_id) in enumerate(references):
            for target, field in ((original, "original_variable_node_id"), (slot_id, "slot_variable_node_id")):
                if not 0 <= target < count:
                    raise _no_such_node(target, count, f"nodes[{node_id}].slot_variables[{index}].{field}")
            if node_id in paths and original in paths and slot_id not in slots:
                slots[slot_id] = {"variable": paths[original], "optimizer": paths[node_id], "name": slot_name}
    owned: Dict[str, Decoded] = {}
    for node_id, (_, attributes, _) in enumerate(nodes):
        if not attributes:
            continue
        slot_of = slots.get(node_id)
        # None: reached by no path; its keys are still the checkpoint's, as written.
        path = _slot_path(slot_of) if slot_of is not None else paths.get(node_id)
        for name, full_name, key in attributes:
            if key not in owned:
                owned[key] = {
                    "object": path,
                    "attribute": name,
                    "full_name": full_name or None,
                    "node": node_id,
                    "slot": dict(slot_of) if slot_of is not None else None,
                }  # fmt: skip (each key its own)
    return _tree(count, owned, tensors)


def _no_such_node(node_id: int, count: int, where: str) -> DecodeError:
    error = DecodeError(f"the object graph's {where} refers to node {node_id}, but it has {count} nodes", None, where)
    error._add_segment(_GRAPH.short_name)
    return error


def _copied(slot: Optional[Decoded]) -> Optional[Decoded]:
    return dict(slot) if slot is not None else None


def _slot_path(slot: Decoded) -> str:
    """A slot variable's path: ``<variable path>/.OPTIMIZER_SLOT/<optimizer path>/<slot name>``."""
    return f"{slot['variable']}/{_OPTIMIZER_SLOT}/{slot['optimizer']}/{slot['name']}"


def _tree(count: int, owned: Dict[str, Decoded], tensors: Dict[str, Decoded]) -> Decoded:
    """``object_tree``'s result, from each key's object (*owned*, first owner first) and the checkpoint's keys."""
    names = list(tensors)
    if OBJECT_GRAPH_KEY in tensors and OBJECT_GRAPH_KEY not in owned:
        names.remove(OBJECT_GRAPH_KEY)
    if len(owned) == len(names) and owned.keys() == set(names):  # the usual: each key an object's, and only those
        return {"nodes": count, "keys": dict(zip(names, map(owned.__getitem__, names))), "unowned": [], "absent": [],
                "error": None}  # fmt: skip
    unowned = [key for key in names if key not in owned]
    absent = [key for key in owned if key not in tensors]
    if unowned and absent:
        # An object saved through a SaveableObject of several tensors (a lookup table: ``table-keys`` and
        # ``table-values``; a tf.data iterator: ``ITERATOR_STATE``) names each tensor as TensorFlow's saveables do:
        # its attribute's key and a suffix. Such a tensor is its attribute's, and the attribute is not absent.
        by_object: Dict[str, List[str]] = {}
        for key in absent:
            by_object.setdefault(key.rpartition(_ATTRIBUTES_SEPARATOR)[0], []).append(key)
        found: Dict[str, str] = {}
        for key in unowned:
            candidates = by_object.get(key.rpartition(_ATTRIBUTES_SEPARATOR)[0], ())
            prefix = max((c for c in candidates if key.startswith(c) and "/" not in key[len(c) :]), key=len,
                         default=None)  # fmt: skip
            if prefix is not None:
                found[key] = prefix
        if found:
            # Each key its own dict (a tree: a caller editing one key's record edits no other's).
            owned = {**owned, **{key: {**owned[prefix], "slot": _copied(owned[prefix]["slot"])}
                                 for key, prefix in found.items()}}  # fmt: skip
            claimed = set(found.values())
            unowned = [key for key in unowned if key not in found]
            absent = [key for key in absent if key not in claimed]
    return {
        "nodes": count,
        "keys": {key: owned[key] for key in names if key in owned},
        "unowned": unowned,
        "absent": absent,
        "error": None,
    }


def _fast_tree(
    data: bytes,
    tensors: Dict[str, Decoded],
    _nodes: int = _NODES,
    _children: int = _CHILDREN,
    _attributes: int = _ATTRIBUTES,
    _slots: int = _SLOTS,
    _has_values: bytes = _HAS_VALUES,
    _has_no_values: bytes = _HAS_NO_VALUES,
    _child_id: int = _CHILD_ID,
    _child_name: int = _CHILD_NAME,
    _attribute_fields: Tuple[int, int, int] = _ATTRIBUTE_FIELDS,
    _variable_value_name: bytes = _VARIABLE_VALUE_NAME,
) -> Optional[Decoded]:
    """``object_tree`` of the serialized graph *data*, in one pass over it, when TensorFlow wrote it; else None
    (and ``object_tree`` of the nodes read in full decides, or says what is wrong).

    TensorFlow numbers objects in the order its breadth-first walk reaches them (checkpoint/save_util_v1.py:
    ``enumerate`` of ``breadth_first_traversal()``), so a pass over the nodes in their order is that walk,
    provided each new child is the next number: every node's path is known by the time it is read, and its
    attributes become the keys' dicts as they are read, without the tuples ``read_object_graph`` makes. Fields
    are read in the order and forms TensorFlow writes (one-byte tags; short lengths and ids inline, longer ones
    through ``read_size`` and ``_int32``); a node is read in a copy of its own (its positions small ints). Most
    nodes are variables that save their value and nothing else: such a node, as TensorFlow writes it, is read in
    one step before anything else is tried. Anything else returns None: other fields or orders, a name that is
    not UTF-8, a reference to no node, a length past its message. Slot variables are given their paths at the
    end, when every path is known.
    """
    name_tag, full_name_tag, key_tag = _attribute_fields
    owned: Dict[str, Decoded] = {}
    full_name: Optional[str]
    paths = [""]  # by node id, for the nodes the walk has reached so far
    reached = 1  # len(paths)
    slot_references: List[Tuple[int, Tuple[int, str, int]]] = []
    end = len(data)
    pos = 0
    node_id = -1
    try:
        while pos < end:
            if data[pos] != _nodes:
                return None
            length = data[pos + 1]
            if length < 0x80:
                pos += 2
            elif data[pos + 2] < 0x80:
                length = (length & 0x7F) | (data[pos + 2] << 7)
                pos += 3
            else:
                length, pos = read_size(data, pos + 1, end)
            node_end = pos + length
            if node_end > end:
                return None
            node = data[pos:node_end]
            pos = node_end
            node_id += 1
            # A variable, most of the nodes: one attribute, VARIABLE_VALUE, its full name (left out when empty)
            # and key, each with a one-byte length, then has_checkpoint_values true or nothing. A length read
            # wrong (a longer varint) cannot make the key end where the attribute does. (Byte 18: the 2 bytes of
            # the attribute's tag and length, then the 16 of its name field.)
            if node.startswith(_variable_value_name, 2):
                size = node[1]
                if node[18] == full_name_tag:
                    at = 20 + node[19]
                    full_name = node[20:at].decode() or None
                else:
                    at = 18
                    full_name = None
                key_end = at + 2 + node[at + 1]
                if key_end == size + 2 and size < 0x80 and node[at] == key_tag and node[0] == _attributes:
                    tail = node[key_end:]
                    if tail == _has_values or not tail:
                        key = node[at + 2 : key_end].decode()
                        if key not in owned:
                            owned[key] = {"object": paths[node_id] if node_id < reached else None,
                                          "attribute": VARIABLE_VALUE, "full_name": full_name, "node": node_id,
                                          "slot": None}  # fmt: skip
                        continue
            # Any other node: its fields in the order TensorFlow writes them (by number): the edges, the
            # attributes, the rest; the node must end where they do (an item past its end is caught there).
            path = paths[node_id] if node_id < reached else None
            at = 0
            prefix = f"{path}/" if path else ""  # a child's path, less its name
            while at < length and node[at] == _children:  # the child's id (left out when 0) and name, either first
                size = node[at + 1]
                item_end = at + 2 + size
                if size >= 0x80:
                    return None
                if node[at + 2] == _child_id:
                    target = node[at + 3]
                    name_at = at + 4
                    if target >= 0x80:
                        second = node[at + 4]
                        if second < 0x80:
                            target = (target & 0x7F) | (second << 7)
                            name_at = at + 5
                        else:  # ids from 16,384
                            target, name_at = _int32(node, at + 3, item_end)
                    if node[name_at] != _child_name or name_at + 2 + node[name_at + 1] != item_end:
                        return None
                    name = node[name_at + 2 : item_end].decode()
                elif node[at + 2] == _child_name and node[at + 3] < 0x80:
                    name_end = at + 4 + node[at + 3]
                    name = node[at + 4 : name_end].decode()
                    target = 0
                    if name_end != item_end:
                        if node[name_end] != _child_id:
                            return None
                        target = node[name_end + 1]
                        if target >= 0x80:
                            target, id_end = _int32(node, name_end + 1, item_end)
                        else:
                            id_end = name_end + 2
                        if id_end != item_end:
                            return None
                else:
                    return None
                if target >= reached and path is not None:  # a child not reached before
                    if target != reached:
                        return None  # not numbered in the order the walk reaches it, or no node
                    paths.append(prefix + name)
                    reached += 1
                elif target < 0:
                    return None
                at = item_end
            while at < length and node[at] == _attributes:  # name, full name (left out when empty), key
                size = node[at + 1]
                if size < 0x80:
                    at += 2
                else:  # keys of 100 bytes and more
                    size, at = read_size(node, at + 1, length)
                item_end = at + size
                if item_end > length or node[at] != name_tag or node[at + 1] >= 0x80:
                    return None
                name_end = at + 2 + node[at + 1]
                name = node[at + 2 : name_end].decode()
                key_at = name_end
                full_name = None
                if node[key_at] == full_name_tag:
                    full_size = node[key_at + 1]
                    if full_size < 0x80:
                        key_at += 2
                    else:
                        full_size, key_at = read_size(node, key_at + 1, item_end)
                    full_name = node[key_at : key_at + full_size].decode() or None
                    key_at += full_size
                if node[key_at] != key_tag:
                    return None
                key_size = node[key_at + 1]
                if key_size < 0x80:
                    key_at += 2
                else:
                    key_size, key_at = read_size(node, key_at + 1, item_end)
                if key_at + key_size != item_end:
                    return None
                key = node[key_at:item_end].decode()
                if key not in owned:
                    owned[key] = {"object": path, "attribute": name, "full_name": full_name, "node": node_id,
                                  "slot": None}  # fmt: skip
                at = item_end
            while at < length:  # slot variables, and whether the object has values (as TensorFlow says it)
                if node[at] == _slots and node[at + 1] < 0x80:
                    item_end = at + 2 + node[at + 1]
                    slot = _slot(node, at + 2, item_end) if item_end <= length else None
                    if slot is None:
                        return None
                    slot_references.append((node_id, slot))
                    at = item_end
                elif node.startswith(_has_values, at):
                    at += 4
                elif node.startswith(_has_no_values, at):
                    at += 2
                else:
                    return None
            if at != length:  # an item ran past the node's end
                return None
    except (DecodeError, UnicodeDecodeError, IndexError):
        return None
    count = node_id + 1
    if reached > count:  # a child past the last node: object_tree says where
        return None
    if slot_references:
        slots: Dict[int, Decoded] = {}
        for optimizer, (original, slot_name, slot_id) in slot_references:
            if not (0 <= original < count and 0 <= slot_id < count):
                return None
            if optimizer < reached and original < reached and slot_id not in slots:
                slots[slot_id] = {"variable": paths[original], "optimizer": paths[optimizer], "name": slot_name}
        for info in owned.values():
            slot_of = slots.get(info["node"])
            if slot_of is not None:
                info["object"] = _slot_path(slot_of)
                info["slot"] = slot_of
    return _tree(count, owned, tensors)


def joined_keys(saved_nodes: List[Decoded], checkpoint_nodes: List[Node]) -> Dict[int, str]:
    """For a SavedModel, the checkpoint key each variable of its object graph is restored from:
    ``{SavedObjectGraph node id: key}``.

    The two object graphs are walked together from their roots, a saved object's child matched to the
    checkpoint object's child of the same name, each saved object once (bundle_v2.cc, RecurseObjectsToRestore;
    the Python loader matches the same way); an optimizer's slot variables are matched by the variable they are
    for and the slot's name. A variable's key is its checkpoint object's ``VARIABLE_VALUE``. A variable the walk
    does not reach, or whose object saves no value, has none: TensorFlow restores nothing into it. References
    to nodes a graph does not have are passed over.
    """
    matched = {0: 0} if saved_nodes and checkpoint_nodes else {}
    queue = list(matched)
    for saved_id in queue:
        checkpoint_children: Dict[str, int] = {}
        for node_id, name in checkpoint_nodes[matched[saved_id]][0]:
            checkpoint_children.setdefault(name, node_id)
        for child in saved_nodes[saved_id]["children"]:
            target = checkpoint_children.get(child["local_name"])
            saved_child = child["node_id"]
            if (target is not None and 0 <= target < len(checkpoint_nodes) and 0 <= saved_child < len(saved_nodes)
                    and saved_child not in matched):  # fmt: skip
                matched[saved_child] = target
                queue.append(saved_child)
    for saved_id in queue:  # slot variables, through the optimizers matched
        checkpoint_slots = {(original, name): slot for original, name, slot in checkpoint_nodes[matched[saved_id]][2]}
        for reference in saved_nodes[saved_id]["slot_variables"]:
            original = matched.get(reference["original_variable_node_id"])
            target = checkpoint_slots.get((original, reference["slot_name"])) if original is not None else None
            saved_slot = reference["slot_variable_node_id"]
            if target is not None and 0 <= target < len(checkpoint_nodes) and saved_slot not in matched:
                matched[saved_slot] = target
    keys = {}
    for saved_id, checkpoint_id in matched.items():
        for name, _, key in checkpoint_nodes[checkpoint_id][1]:
            if name == VARIABLE_VALUE:
                keys[saved_id] = key
                break
    return keys


def resolve(name: str, graph: Optional[Decoded]) -> Optional[str]:
    """The checkpoint key a name that is no key means, in a TF 2 checkpoint: an object's path (of the object whose
    value it is: its ``VARIABLE_VALUE``, or its one attribute) or a variable's ``full_name``; None for a name
    that is neither. Raises ``KeyError`` for a name that several keys answer to (naming them)."""
    if graph is not None:
        for field in ("object", "full_name"):
            found = [key for key, info in graph["keys"].items() if info[field] == name]
            if field == "object" and len(found) > 1:
                found = [key for key in found if graph["keys"][key]["attribute"] == VARIABLE_VALUE] or found
            if len(found) == 1:
                return str(found[0])
            if found:
                raise KeyError(f"{name!r} names {len(found)} tensors of the checkpoint by its {field}: {found[:5]}")
    return None
