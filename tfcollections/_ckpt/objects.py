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

Nothing here is needed to list or read a checkpoint's keys: an object graph that does not read, or refers to
nodes it does not have, is said in ``error`` (with where), never a reason ``load_checkpoint`` fails. Cycles
and an object reached twice are what TensorFlow writes for shared objects, not errors: the first path names it.
"""

from __future__ import annotations

from .._errors import DecodeError
from .._proto.compiled import COMPILED
from .._proto.decoder import parse_message
from .values import read_values

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Dict, Final, List, Optional

    from .._typing import Decoded

OBJECT_GRAPH_KEY: Final = "_CHECKPOINTABLE_OBJECT_GRAPH"
VARIABLE_VALUE: Final = "VARIABLE_VALUE"  # the attribute a variable saves its value as
_OPTIMIZER_SLOT: Final = ".OPTIMIZER_SLOT"
_GRAPH = COMPILED["tensorflow.TrackableObjectGraph"]


def object_graph_of(listing: Decoded) -> Optional[Decoded]:
    """``load_checkpoint``'s ``object_graph`` for *listing*: None for a checkpoint without one (a TF 1 checkpoint,
    whose keys are graph names), else ``object_tree`` of it, or the same keys empty and ``error`` said."""
    if OBJECT_GRAPH_KEY not in listing["tensors"]:
        return None
    try:
        return object_tree(read_object_graph(listing), listing["tensors"])
    except DecodeError as exc:
        return {"nodes": 0, "keys": {}, "unowned": [], "absent": [], "error": str(exc)}


def read_object_graph(listing: Decoded) -> Decoded:
    """The checkpoint's ``TrackableObjectGraph``, decoded (its ``OBJECT_GRAPH_KEY`` tensor must be there)."""
    tensor = read_values(listing, [OBJECT_GRAPH_KEY], True)[OBJECT_GRAPH_KEY]
    if tensor.dtype != "DT_STRING" or tensor.shape != ():
        raise DecodeError(
            f"{OBJECT_GRAPH_KEY} is a {tensor.dtype} tensor of shape {list(tensor.shape)}, not a scalar string"
        )
    data = tensor.tolist()
    graph: Decoded = _GRAPH.new()
    try:
        parse_message(data, 0, len(data), _GRAPH, graph, 0)
    except DecodeError as exc:
        exc._add_segment(_GRAPH.short_name)
        exc._within(f"the object graph ({OBJECT_GRAPH_KEY})")
        raise
    return graph


def joined_keys(saved_nodes: List[Decoded], checkpoint_nodes: List[Decoded]) -> Dict[int, str]:
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
        for child in checkpoint_nodes[matched[saved_id]]["children"]:
            checkpoint_children.setdefault(child["local_name"], child["node_id"])
        for child in saved_nodes[saved_id]["children"]:
            target = checkpoint_children.get(child["local_name"])
            saved_child = child["node_id"]
            if (target is not None and 0 <= target < len(checkpoint_nodes) and 0 <= saved_child < len(saved_nodes)
                    and saved_child not in matched):  # fmt: skip
                matched[saved_child] = target
                queue.append(saved_child)
    for saved_id in queue:  # slot variables, through the optimizers matched
        checkpoint_slots = {
            (slot["original_variable_node_id"], slot["slot_name"]): slot["slot_variable_node_id"]
            for slot in checkpoint_nodes[matched[saved_id]]["slot_variables"]
        }
        for slot in saved_nodes[saved_id]["slot_variables"]:
            original = matched.get(slot["original_variable_node_id"])
            target = checkpoint_slots.get((original, slot["slot_name"])) if original is not None else None
            saved_slot = slot["slot_variable_node_id"]
            if target is not None and 0 <= target < len(checkpoint_nodes) and saved_slot not in matched:
                matched[saved_slot] = target
    keys = {}
    for saved_id, checkpoint_id in matched.items():
        for attribute in checkpoint_nodes[checkpoint_id]["attributes"]:
            if attribute["name"] == VARIABLE_VALUE:
                keys[saved_id] = str(attribute["checkpoint_key"])
                break
    return keys


def object_tree(graph: Decoded, tensors: Dict[str, Decoded]) -> Decoded:
    """What a decoded ``TrackableObjectGraph`` says of each key of *tensors*.

    ``{"nodes", "keys", "unowned", "absent", "error"}``: ``keys`` maps each key an object saves to ``{"object",
    "attribute", "full_name", "node", "slot"}`` (the object's path, the attribute's name, the variable's own
    name or None, the node's index, and for a slot variable ``{"variable", "optimizer", "name"}`` by their
    paths), in the checkpoint's order; ``unowned`` the checkpoint's keys no object saves (the object graph's own
    excepted), ``absent`` the keys an object saves that the checkpoint lacks. Raises ``DecodeError`` for a
    reference to a node the graph does not have, saying where.
    """
    nodes = graph["nodes"]
    count = len(nodes)

    def node_at(node_id: int, where: str) -> int:
        if not 0 <= node_id < count:
            error = DecodeError(
                f"the object graph's {where} refers to node {node_id}, but it has {count} nodes", None, where
            )
            error._add_segment(_GRAPH.short_name)
            raise error
        return node_id

    # Breadth-first from the root, children in order: the first path that reaches a node names it.
    paths: Dict[int, List[str]] = {0: []} if count else {}
    queue = [0] if count else []
    for node_id in queue:  # the queue grows as it is walked
        for index, child in enumerate(nodes[node_id]["children"]):
            target = node_at(child["node_id"], f"nodes[{node_id}].children[{index}].node_id")
            if target not in paths:
                paths[target] = [*paths[node_id], child["local_name"]]
                queue.append(target)
    # Slot variables, through their optimizer (which the walk reached) and the variable they are for.
    slots: Dict[int, Decoded] = {}
    for node_id, node in enumerate(nodes):
        for index, reference in enumerate(node["slot_variables"]):
            where = f"nodes[{node_id}].slot_variables[{index}]"
            variable = node_at(reference["original_variable_node_id"], f"{where}.original_variable_node_id")
            slot = node_at(reference["slot_variable_node_id"], f"{where}.slot_variable_node_id")
            if node_id in paths and variable in paths and slot not in slots:
                slots[slot] = {"variable": _joined(paths[variable]), "optimizer": _joined(paths[node_id]),
                               "name": reference["slot_name"]}  # fmt: skip
    owned: Dict[str, Decoded] = {}
    for node_id, node in enumerate(nodes):
        slot_of = slots.get(node_id)
        if slot_of is not None:
            path = f"{slot_of['variable']}/{_OPTIMIZER_SLOT}/{slot_of['optimizer']}/{slot_of['name']}"
        elif node_id in paths:
            path = _joined(paths[node_id])
        else:
            path = None  # reached by no path: its keys are still the checkpoint's (as written)
        for attribute in node["attributes"]:
            owned.setdefault(
                attribute["checkpoint_key"],
                {"object": path, "attribute": attribute["name"], "full_name": attribute["full_name"] or None,
                 "node": node_id, "slot": slot_of},
            )  # fmt: skip
    keys = {key: owned[key] for key in tensors if key in owned}
    return {
        "nodes": count,
        "keys": keys,
        "unowned": [key for key in tensors if key not in owned and key != OBJECT_GRAPH_KEY],
        "absent": [key for key in owned if key not in tensors],
        "error": None,
    }


def _joined(names: List[str]) -> str:
    return "/".join(names)


def resolve(name: str, graph: Optional[Decoded], tensors: Dict[str, Decoded]) -> Optional[str]:
    """The checkpoint key *name* means: a key itself; in a TF 2 checkpoint, also an object's path (of the object
    whose value it is: its ``VARIABLE_VALUE``, or its one attribute) or a variable's ``full_name``; None for a
    name that is none of these. Raises ``KeyError`` for a name that several keys answer to (naming them)."""
    if name in tensors:
        return name
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
