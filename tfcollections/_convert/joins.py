# SPDX-License-Identifier: Apache-2.0
"""A TF 2 SavedModel's variable nodes joined to their checkpoint keys, where a name cannot join them.

Strategy: an object graph may give several variables one name (keras_hub's MiT has three
``hierarchical_encoder_1_0/kernel``), so a graph's variable node is joined by what the model itself says of the
handle its calls are given: first the key its save function (``__inference__traced_save``) writes for it, the
``SaveV2`` input traced back through reads to the function's argument and on to the call's input; else the object
its signature's concrete function binds the captured input to (``bound_inputs``), joined to its key as
TensorFlow's loader joins the object graphs. ``freeze`` keeps a key only where the object graphs' join restores
a variable from it.
"""

from __future__ import annotations

from .._errors import DecodeError
from .._graph.graphdef import split_tensor_name
from .values import flat

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Dict, Final, List, Optional

    from .._disk.source import Source
    from .._graph.graphdef import Graph
    from .._typing import Buffer, Decoded


# Ops a save function reads a variable's value through, from its argument (the handle) to SaveV2's input.
_READS: Final = frozenset({"Identity", "ReadVariableOp", "IdentityN", "Snapshot", "DisableCopyOnRead"})


def saved_keys(graph: Graph, calls: List[Decoded]) -> Dict[str, str]:
    """The key a TF 2 SavedModel's save function (``__inference__traced_save``, what ``tf.train.Checkpoint``
    writes for it) writes for each variable handle its call is given: the ``SaveV2`` tensor's name, its value
    traced back through reads to the function's argument, and that argument to the call's input. {} without one."""
    found: Dict[str, str] = {}
    for call in calls:
        name = ((call["attr"].get("f") or {}).get("func") or {}).get("name") or ""
        function = graph.functions.get(name) if "traced_save" in name else None
        if function is None:
            continue
        args = [arg["name"] for arg in function["signature"]["input_arg"]]
        given = [item for item in call["input"] if not item.startswith("^")]
        body = {node["name"]: node for node in function["node_def"]}
        if len(given) != len(args):
            continue
        for save in function["node_def"]:
            data = [item for item in save["input"] if not item.startswith("^")]
            names = body.get(data[1].split(":")[0]) if save["op"] == "SaveV2" and len(data) > 3 else None
            if names is None or names["op"] != "Const":
                continue
            try:
                keys = flat(graph.value_of(names).tolist())
            except DecodeError:
                continue
            for key, tensor in zip(keys, data[3:]):
                arg = _argument_of(tensor, body, args)
                if arg is not None and isinstance(key, bytes):
                    found.setdefault(split_tensor_name(given[args.index(arg)])[0], key.decode("utf-8", "replace"))
    return found


def _argument_of(tensor: str, body: Dict[str, Decoded], args: List[str]) -> Optional[str]:
    """The function argument a body's tensor is read from, through reads (a few steps), or None."""
    for _ in range(16):
        name = tensor.split(":")[0]
        if name in args:
            return name
        node = body.get(name)
        if node is None or node["op"] not in _READS:
            return None
        tensor = next((item for item in node["input"] if not item.startswith("^")), "")
    return None


def captured_keys(
    source: Source, buf: Buffer, index: int, meta_graph: Decoded, calls: List[Decoded], listing: Decoded
) -> Dict[str, str]:
    """The checkpoint key of each variable node a call of the graph captures: a concrete function's captured
    inputs are its call's last inputs, bound in order to the object graph's nodes (``bound_inputs``), each joined
    to its key as TensorFlow's loader joins the object graphs. {} where there is nothing to join."""
    from .._ckpt.objects import OBJECT_GRAPH_KEY, joined_keys, read_object_graph  # noqa: PLC0415 (TF 2 alone)

    if not calls or OBJECT_GRAPH_KEY not in listing["tensors"]:
        return {}
    objects = source.read_field(buf, index, meta_graph, "object_graph_def", "tensorflow.SavedObjectGraph")
    functions = (objects or {}).get("concrete_functions") or {}
    if objects is None or not functions:
        return {}
    try:
        keys = joined_keys(objects["nodes"], read_object_graph(listing))
    except DecodeError:
        return {}
    found: Dict[str, str] = {}
    for call in calls:
        function = (call["attr"].get("f") or {}).get("func") or {}
        span = functions.get(function.get("name"))
        if span is None:
            continue
        # The map's values are passed over by the object graph's reader: each is read here, where it is wanted.
        depth = source.meta_graph_depth + 3
        bound = source.read_span(buf, span, "tensorflow.SavedConcreteFunction", depth).get("bound_inputs") or []
        data = [item for item in call["input"] if not item.startswith("^")]
        if not bound or len(bound) > len(data):
            continue
        for tensor, node_id in zip(data[len(data) - len(bound) :], bound):
            key = keys.get(node_id)
            if key is not None:
                found.setdefault(split_tensor_name(tensor)[0], key)
    return found
