# SPDX-License-Identifier: Apache-2.0
"""What a TF 2 SavedModel's object graph says beyond its variables: its objects and their paths, its Keras layers.

Strategy: a SavedModel saved from TF 2 holds a ``SavedObjectGraph`` (``MetaGraphDef.object_graph_def``), one
node per object, edges named by the attribute that holds the child. An object's path is its first path from
the root, breadth-first (as TensorFlow names objects and makes checkpoint keys). Keras adds what each of its
objects is: JSON metadata (class name, name, config) per object, in ``keras_metadata.pb`` beside
``saved_model.pb`` since TF 2.4 (``SavedMetadata``, by node id), or before that in each object's
``SavedUserObject.metadata``. A variable belongs to the nearest Keras layer on its path below the root (the
root is the model; what it holds directly, as its optimizer, is no layer's). A ``Lambda`` layer is reported
with what its config says it runs (its function's kind, module and name; never its code). Nothing here is
needed for the variables themselves: metadata that does not read is said in ``keras["error"]``.
"""

from __future__ import annotations

import os

from .._errors import DecodeError
from .._proto.compiled import COMPILED
from .._proto.decoder import parse_message

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Dict, Final, List, Optional, Tuple

    from .._typing import Decoded

KERAS_METADATA_FILE: Final = "keras_metadata.pb"
_METADATA = COMPILED["third_party.py.tf_keras.protobuf.SavedMetadata"]
_KERAS_PREFIX: Final = "_tf_keras_"  # the identifiers Keras gives its objects: _tf_keras_layer, _tf_keras_model, ...


def saved_object_paths(object_graph: Decoded) -> Dict[int, str]:
    """The path of each node of a SavedModel's object graph that the root reaches: breadth-first, children in
    order, the first path names a node (as TensorFlow names objects); edge names as written, joined by "/".
    A slot variable, which no child edge reaches, is named through its optimizer, as in its checkpoint key:
    ``<variable path>/.OPTIMIZER_SLOT/<optimizer path>/<slot name>``. A reference to a node the graph does not
    have is passed over (the variables are what is asked for here)."""
    nodes = object_graph["nodes"]
    paths: Dict[int, str] = {0: ""} if nodes else {}
    queue = [0] if nodes else []
    for node_id in queue:
        for child in nodes[node_id]["children"]:
            target = child["node_id"]
            if 0 <= target < len(nodes) and target not in paths:
                parent = paths[node_id]
                paths[target] = f"{parent}/{child['local_name']}" if parent else child["local_name"]
                queue.append(target)
    for node_id in queue:  # the optimizers the walk reached, in its order
        for slot in nodes[node_id]["slot_variables"]:
            original, target = slot["original_variable_node_id"], slot["slot_variable_node_id"]
            if original in paths and 0 <= target < len(nodes) and target not in paths:
                paths[target] = f"{paths[original]}/.OPTIMIZER_SLOT/{paths[node_id]}/{slot['slot_name']}"
    return paths


# The kinds of a SavedObject (its oneof "kind"), as the decoder names the fields.
_KINDS: Final = ("user_object", "asset", "function", "variable", "bare_concrete_function", "constant", "resource",
                 "captured_tensor")  # fmt: skip


def saved_objects(object_graph: Decoded, paths: Dict[int, str]) -> List[Decoded]:
    """Each object the root reaches, in the object graph's order: ``{"node", "path", "kind", "identifier",
    "functions"}``: its node id, path, kind (``"user_object"``, ``"variable"``, ``"function"``, ... or None),
    a user object's identifier (``"_generic_user_object"``, ``"_tf_keras_layer"``, ``"optimizer"``, ...), and
    the concrete functions a function object names (a ``tf.function``'s traces, a bare concrete function)."""
    found = []
    for node_id, node in enumerate(object_graph["nodes"]):
        if node_id not in paths:
            continue
        kind = next((name for name in _KINDS if node[name] is not None), None)
        functions: List[str] = []
        if kind == "function":
            functions = list(node["function"]["concrete_functions"])
        elif kind == "bare_concrete_function":
            functions = [node["bare_concrete_function"]["concrete_function_name"]]
        user = node["user_object"]
        found.append({"node": node_id, "path": paths[node_id], "kind": kind,
                      "identifier": user["identifier"] if user is not None else None,
                      "functions": functions})  # fmt: skip
    return found


def keras_objects(object_graph: Decoded, paths: Dict[int, str], model_path: Optional[str]) -> Optional[Decoded]:
    """The Keras objects of a SavedModel: ``{"source", "layers", "error"}``, or None for a model Keras did not save:
    where the metadata came from, each Keras object (``{"path", "name", "class_name", "identifier", "trainable",
    "function"}``) in the metadata's order, and why some metadata did not read (None when all did).

    *model_path* is the ``saved_model.pb`` read (None for bytes): ``keras_metadata.pb`` is looked for beside it;
    without one, each object's ``SavedUserObject.metadata`` (TF 2.3 and earlier) is read.
    """
    entries: List[Tuple[int, str, str]] = []  # (node id, identifier, JSON)
    source, error = None, None
    metadata_file = os.path.join(os.path.dirname(model_path), KERAS_METADATA_FILE) if model_path else None
    if metadata_file is not None and os.path.isfile(metadata_file):
        source = KERAS_METADATA_FILE
        try:
            with open(metadata_file, "rb") as file:
                data = file.read()
            decoded: Decoded = _METADATA.new()
            parse_message(data, 0, len(data), _METADATA, decoded, 0)
            entries = [(node["node_id"], node["identifier"], node["metadata"]) for node in decoded["nodes"]]
        except (OSError, DecodeError) as exc:
            error = f"{KERAS_METADATA_FILE} does not read: {getattr(exc, 'strerror', None) or exc}"
    else:
        for node_id, node in enumerate(object_graph["nodes"]):
            user = node["user_object"]
            if user is not None and user["identifier"].startswith(_KERAS_PREFIX) and user["metadata"]:
                entries.append((node_id, user["identifier"], user["metadata"]))
        source = "user_object.metadata" if entries else None
    if source is None:
        return None
    import json  # noqa: PLC0415 (only for a model Keras saved: a plain import of the package does not pay for it)

    layers = []
    for node_id, identifier, text in entries:
        if not identifier.startswith(_KERAS_PREFIX) or node_id not in paths:
            continue
        try:
            metadata = json.loads(text)
        except (ValueError, RecursionError) as exc:  # not JSON; or nested deeper than json's recursion allows
            error = error or f"the metadata of object {paths[node_id] or '(the root)'} is not JSON: {exc}"
            continue
        layers.append(_layer(paths[node_id], identifier, metadata if isinstance(metadata, dict) else {}))
    return {"source": source, "layers": layers, "error": error}


def metadata_layers(data: bytes) -> List[Decoded]:
    """The Keras objects of a ``keras_metadata.pb`` read on its own (no SavedModel beside it): each as
    ``keras_objects`` gives them, its path from the metadata's ``node_path`` (``root.layer-1`` -> ``layer-1``).
    Raises ``DecodeError`` when the file is not Keras metadata, or an object's metadata is not JSON."""
    import json  # noqa: PLC0415 (only for Keras metadata)

    decoded: Decoded = _METADATA.new()
    parse_message(data, 0, len(data), _METADATA, decoded, 0)
    layers = []
    for node in decoded["nodes"]:
        if not node["identifier"].startswith(_KERAS_PREFIX):
            continue
        path = node["node_path"]
        path = "" if path == "root" else path[len("root.") :].replace(".", "/") if path.startswith("root.") else path
        try:
            metadata = json.loads(node["metadata"])
        except (ValueError, RecursionError) as exc:
            raise DecodeError(
                f"the metadata of object {path or '(the root)'} is not JSON: {exc}", None, "nodes"
            ) from None
        layers.append(_layer(path, node["identifier"], metadata if isinstance(metadata, dict) else {}))
    return layers


def _layer(path: str, identifier: str, metadata: Dict[str, Any]) -> Decoded:
    config = metadata.get("config")
    config = config if isinstance(config, dict) else {}
    name = metadata.get("name", config.get("name"))
    class_name = metadata.get("class_name")
    trainable = metadata.get("trainable", config.get("trainable"))
    return {
        "path": path,
        "name": name if isinstance(name, str) else None,
        "class_name": class_name if isinstance(class_name, str) else None,
        "identifier": identifier,
        "trainable": trainable if isinstance(trainable, bool) else None,
        "function": _lambda(config) if class_name == "Lambda" else None,
    }


def _lambda(config: Dict[str, Any]) -> Decoded:
    """What a ``Lambda`` layer's config says it runs: ``function_type`` ("lambda": Python bytecode, marshalled;
    "function": a function by name), its ``module``, and the function's name where it is one (never its code)."""
    kind = config.get("function_type")
    function = config.get("function")
    module = config.get("module")
    return {
        "function_type": kind if isinstance(kind, str) else None,
        "module": module if isinstance(module, str) else None,
        "function": function if kind != "lambda" and isinstance(function, str) else None,
    }


def variable_layers(object_graph: Decoded, paths: Dict[int, str], layers: List[Decoded]) -> Dict[str, Decoded]:
    """The Keras layer each variable belongs to, by the variable's path: ``{path: layer}`` (an entry of
    ``keras_objects``'s ``layers``), for the variables some layer holds.

    A layer holds the variables its own children reach without passing another Keras object: its attributes
    (``kernel``), and the lists and dicts it tracks. A variable is often reached first by another path than its
    layer's (Keras 2 saves every model's ``variables`` list, so a nested model's variables are named
    ``variables/4`` from the root), so ownership follows the object graph's edges, not a prefix of the path. Of
    several Keras objects that hold a variable (a nested model through its ``variables`` list, and its layer),
    the deepest (the longest path) is its layer, as the layer whose ``weights`` list it is. The root (the model
    itself: its optimizer's variables) and slot variables (reached through their optimizer) belong to none.
    """
    nodes = object_graph["nodes"]
    count = len(nodes)
    by_path = {layer["path"]: layer for layer in layers if layer["path"]}
    keras = {node_id: by_path[path] for node_id, path in paths.items() if path in by_path}
    owners: Dict[int, Tuple[int, Decoded]] = {}  # variable node -> (depth of its layer, layer)
    for layer_id, layer in keras.items():
        depth = layer["path"].count("/")
        stack, seen = [layer_id], {layer_id}
        while stack:
            for child in nodes[stack.pop()]["children"]:
                target = child["node_id"]
                if not 0 < target < count or target in seen or target in keras:
                    continue  # the root, another Keras object, a node the graph does not have
                seen.add(target)
                if nodes[target]["variable"] is not None:
                    if target not in owners or owners[target][0] < depth:
                        owners[target] = (depth, layer)
                else:
                    stack.append(target)
    return {paths[node_id]: layer for node_id, (_, layer) in owners.items() if node_id in paths}
