# SPDX-License-Identifier: Apache-2.0
"""Would ``Saver.restore`` succeed? A meta graph's saver against a checkpoint (``check_checkpoint``).

Strategy: the question is what the saver would restore, and the graph says it exactly: a TF1 ``Saver``
builds ``SaveV2`` (``SaveSlices``/``Save`` for V1) ops whose inputs are two ``Const`` tensors, the checkpoint
keys (``tensor_names``) and their slice specs (``shape_and_slices``), with the dtypes in the op's attrs; a
TF2 SavedModel has the same op inside its ``__inference__traced_save`` function. Those nodes are found
under the saver's name scope (from ``SaverDef.save_tensor_name``) in the decoded ``graph_def`` (its
library included), and their constants read; each key's shape comes from the variable the op saves (the
graph scan's) or, for a slice, from its spec. A graph with no save op falls back to its variable nodes
(their names and partitions, as a default ``Saver`` keys them). Each expected key is then looked up in the
checkpoint's listing: ``ok``, ``missing``, ``mismatched`` (dtype, shape or slice, both sides shown), or
``unreadable`` (its data shard absent or too short for it, as the listing's ``shards`` say); what the
checkpoint has beyond them is ``unexpected`` (restore ignores it). A TF 2 SavedModel's variables are
restored by object, not name: its object graph and the checkpoint's are walked together from their roots, as
the loader does (``objects.joined_keys``), which gives each variable's key. The graph is decoded whole
here, its constants' tensors excepted (passed by their length until one is read), from the ``Source`` that
the result of ``load`` or ``loads`` keeps, binary or text alike: this answers a question, it is not on the
way of ``load``.
"""

from __future__ import annotations

import os

from .._disk.source import source_of
from .._errors import DecodeError
from .._graph.attrs import shape_list
from .._graph.graph import graph_of
from .._graph.saved_objects import saved_object_paths
from .._model.files import load
from .._typing import cast
from .checkpoint import load_checkpoint
from .objects import OBJECT_GRAPH_KEY, joined_keys, read_object_graph

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Dict, Final, List, Optional

    from .. import types as _types
    from .._disk.source import Source
    from .._typing import Buffer, Decoded


_SAVE_OPS = {"SaveV2": 3, "SaveSlices": 3, "Save": 2}  # op -> index of its first data input
_DTYPES_ATTR = {"SaveV2": "dtypes", "SaveSlices": "T", "Save": "T"}
_READ_OPS = frozenset({"Identity", "ReadVariableOp", "IdentityN", "Snapshot"})


def check_checkpoint(meta_graph: Any, checkpoint: Any, /) -> _types.RestoreCheck:
    """Whether a checkpoint holds what a meta graph's saver would restore, and if not, why.

    *meta_graph* is one of three things: a path ``load`` takes (a ``.meta``, a SavedModel, ...); what ``load``
    or ``loads`` returned, whose first meta graph with a saver is checked; or one meta graph of it (an element
    of its ``"meta_graphs"``: the one chosen of a SavedModel with several). A result is checked from the bytes
    it was read from, which it keeps, with or without ``graph=True``: the file is never loaded again.
    *checkpoint* is a path ``load_checkpoint`` takes or what it returned. Returns ``{"source", "ok",
    "missing", "mismatched", "unexpected", "unreadable", "restores"}``: ``source`` says where the expected keys come
    from (``"saver"``: the save op's constants; ``"graph"``: the variable nodes), ``ok`` the keys that
    match, ``missing`` and ``mismatched`` what would fail (each with the graph's ``dtype`` and ``shape``,
    and for a mismatch the checkpoint's and why), ``unexpected`` the checkpoint's other keys, and
    ``unreadable`` the keys whose bytes are not there to read (each ``{"name", "why"}``: its data shard is
    absent, or shorter than its entry says: ``Saver.restore`` fails on it), and ``restores`` whether nothing is
    missing, mismatched or unreadable. ``variables``, for a TF 2 SavedModel, maps each variable's object path
    to the key its checkpoint restores it from (the object graphs walked together, as TensorFlow's loader does;
    None: restored from nothing), its dtype and shape compared with that key's; ``{}`` otherwise.
    ``saved_variables`` gives the same in one record per variable: ``{"name", "object_path", "key", "layer",
    "layer_name", "layer_class"}`` (its name in the graph, ``dense/kernel``; its path; its key; and for a Keras
    model its layer's path, name and class, as ``load(..., graph=True)`` gives them); ``[]`` otherwise.
    """
    listing: Decoded = dict(checkpoint) if isinstance(checkpoint, dict) else dict(load_checkpoint(checkpoint))
    return restore_check(meta_graph, listing)


def restore_check(
    meta_graph: Any, listing: Decoded, graph_def: Optional[Decoded] = None, variables: Optional[List[Decoded]] = None
) -> _types.RestoreCheck:
    """``check_checkpoint`` of what it takes and a checkpoint's listing; *graph_def* (``{"node", "library"}``) and
    *variables* (the graph's, as ``load(..., graph=True)`` gives them) where the caller has read them already
    (``freeze``: a large graph is not parsed twice)."""
    chosen = _meta_graph_of(meta_graph)
    source, index = chosen.source, chosen.index
    with source.opened() as buf:
        # Only the variables are needed: a graph read here leaves its inputs, outputs and constants unread.
        if variables is None:
            found = chosen["graph"] if "graph" in chosen else graph_of(source, buf, index, chosen, ends=False)
            variables = cast("List[Decoded]", found["variables"])
        graph = graph_def
        if graph is None:
            try:
                graph = source.read_field(buf, index, chosen, "graph_def", "tensorflow.GraphDef")
            except DecodeError as exc:
                source.failed_in(exc, index, "graph_def")
                raise
        expected = _from_saver(source, buf, graph, chosen, variables) if graph is not None else None
        try:
            objects = source.read_field(buf, index, chosen, "object_graph_def", "tensorflow.SavedObjectGraph")
        except DecodeError as exc:
            source.failed_in(exc, index, "object_graph_def")
            raise
    kind = "saver"
    if expected is None:
        expected, kind = _from_variables(variables), "graph"
    result = _compare(expected, listing["tensors"], listing.get("shards") or [], kind)
    paths = saved_object_paths(objects) if objects is not None else {}
    result["variables"] = _object_keys(objects, paths, listing)
    _compare_objects(objects, paths, result, listing["tensors"])
    by_object = result["variables"]
    # One record per TF 2 variable: its name in the graph, its object path, the key it is restored from, its layer.
    result["saved_variables"] = [
        {"name": v["name"], "object_path": v["object_path"], "key": by_object[v["object_path"]], "layer": v["layer"],
         "layer_name": v["layer_name"], "layer_class": v["layer_class"]}
        for v in variables if v["object_path"] is not None and v["object_path"] in by_object
    ]  # fmt: skip
    return cast("_types.RestoreCheck", result)


def _object_keys(objects: Optional[Decoded], paths: Dict[int, str], listing: Decoded) -> Dict[str, Optional[str]]:
    """A TF 2 SavedModel's variables, each by its object path, with the key its checkpoint restores it from
    (None: none; see ``joined_keys``); {} when the model or the checkpoint has no object graph, or the
    checkpoint's does not read (its listing says why)."""
    if objects is None or OBJECT_GRAPH_KEY not in listing["tensors"]:
        return {}
    nodes = objects["nodes"]
    if not any(node["variable"] is not None for node in nodes):
        return {}
    try:
        keys = joined_keys(nodes, read_object_graph(listing))
    except DecodeError:
        return {}
    return {paths[index]: keys.get(index) for index, node in enumerate(nodes)
            if node["variable"] is not None and index in paths}  # fmt: skip


def _compare_objects(
    objects: Optional[Decoded], paths: Dict[int, str], result: Decoded, tensors: Dict[str, Decoded]
) -> None:
    """Each TF 2 variable against the tensor of its key: a dtype or shape that differs is a mismatch (the saver's
    keys are compared already; this is the object graph's word for the same variables)."""
    if objects is None or not result["variables"]:
        return
    compared = {item["name"] for item in result["mismatched"]} | {item["name"] for item in result["missing"]}
    for index, node in enumerate(objects["nodes"]):
        saved, path = node["variable"], paths.get(index)
        key = result["variables"].get(path) if saved is not None and path is not None else None
        if key is None or key in compared or key not in tensors:
            continue
        entry = {"name": key, "dtype": saved["dtype"], "shape": shape_list(saved["shape"]), "slice": None}
        have = tensors[key]
        why = _mismatch(entry, have)
        if why:
            compared.add(key)
            result["mismatched"].append(
                {
                    "name": key,
                    "graph": {"dtype": entry["dtype"], "shape": entry["shape"]},
                    "checkpoint": {"dtype": have["dtype"], "shape": have["shape"]},
                    "why": why,
                }
            )
            if key in result["ok"]:
                result["ok"].remove(key)
            result["restores"] = False


_COPY: Final = (
    "a copy of it keeps neither the bytes nor the file it was read from (pass the result itself, or the path)"
)


def _meta_graph_of(given: Any) -> Any:
    """The meta graph to check, as ``load`` gives one (with its source and index), from what the caller gave."""
    if isinstance(given, (str, bytes, os.PathLike)):
        model: Any = load(os.fsdecode(given))  # its graph is read for the check, from the same source
    elif isinstance(given, dict) and "meta_graphs" in given:
        model = given
        if source_of(model) is None:
            # A copy of a result (dict(model), or one that came from JSON) keeps no bytes; its path, if any, does.
            if not model.get("path"):
                raise TypeError(f"Expected what load() or loads() returned: {_COPY}")
            model = load(model["path"])
    elif isinstance(given, dict) and "collection_def" in given and "saver_def" in given:
        if source_of(given) is None:
            raise TypeError(f"Expected one meta graph of what load() or loads() returned: {_COPY}")
        return given
    else:
        raise TypeError(
            "Expected the meta graph as a path, what load() or loads() returned, or one of its meta graphs, "
            f"not {type(given).__qualname__!r}"
        )
    if not model["meta_graphs"]:
        raise DecodeError("the model has no meta graph: there is no saver to check")
    # The meta graph a Saver restores: the first with a saver (a SavedModel's training graph has one).
    return next((mg for mg in model["meta_graphs"] if mg["saver_def"] is not None), model["meta_graphs"][0])


def _strings_of(source: Source, buf: Buffer, node: Optional[Decoded]) -> Optional[List[str]]:
    """The strings of a ``Const`` node's tensor, or None when the node is no string constant."""
    if node is None or node["op"] != "Const" or "value" not in node["attr"]:
        return None
    span = node["attr"]["value"]["tensor"]
    if span is None:
        return None
    # MetaGraphDef > GraphDef > NodeDef > attr entry > AttrValue > TensorProto (in a function, two deeper).
    tensor = source.read_span(buf, span, "tensorflow.TensorProto", source.meta_graph_depth + 5)
    count = 1
    for dim in (tensor["tensor_shape"] or {"dim": []})["dim"]:
        count *= dim["size"]
    values = [value.decode("utf-8", "backslashreplace") for value in tensor["string_val"]]
    if len(values) == 1 and count > 1:  # a constant of one repeated value is written once
        values *= count
    return values


def restore_plan(
    source: Source, buf: Buffer, graph: Decoded, meta_graph: Decoded, graph_variables: List[Decoded]
) -> List[Decoded]:
    """What restoring the meta graph reads: each key with its dtype, shape, slice and the ``variable`` node it goes
    to, from the saver's save ops (``Saver``'s own mapping) or else the variable nodes (a default ``Saver``'s)."""
    return _from_saver(source, buf, graph, meta_graph, graph_variables) or _from_variables(graph_variables)


def _from_saver(
    source: Source, buf: Buffer, graph: Decoded, meta_graph: Decoded, graph_variables: List[Decoded]
) -> Optional[List[Decoded]]:
    """The keys the save ops of the saver's scope write, with dtype, shape and slice; None without such ops."""
    saver = meta_graph["saver_def"]
    scope = ""
    if saver is not None and "/" in saver["save_tensor_name"]:
        scope = saver["save_tensor_name"].rsplit("/", 1)[0].split(":")[0] + "/"
    variables = {v["name"]: v for v in graph_variables}
    found: List[Decoded] = []
    bodies = [(graph["node"], _top_name)]
    for function in (graph["library"] or {"function": []})["function"]:
        signature = function["signature"] or {"name": ""}
        if "traced_save" in signature["name"]:  # a TF2 SavedModel's save function
            bodies.append((function["node_def"], _function_name))
    for nodes, name_of in bodies:
        by_name = {node["name"]: node for node in nodes}
        for node in nodes:
            first_data = _SAVE_OPS.get(node["op"])
            if first_data is None or (name_of is _top_name and not node["name"].startswith(scope)):
                continue
            inputs = [item for item in node["input"] if not item.startswith("^")]
            names = _strings_of(source, buf, by_name.get(name_of(inputs[1]))) if len(inputs) > 1 else None
            specs = (
                _strings_of(source, buf, by_name.get(name_of(inputs[2])))
                if node["op"] != "Save" and len(inputs) > 2
                else None
            )
            if names is None:
                continue
            dtype_attr = node["attr"].get(_DTYPES_ATTR[node["op"]])
            dtypes = dtype_attr["list"]["type"] if dtype_attr and dtype_attr["list"] else []
            for number, key in enumerate(names):
                spec = specs[number] if specs and number < len(specs) else ""
                data = inputs[first_data + number] if first_data + number < len(inputs) else ""
                variable = _variable_of(name_of(data), by_name, variables)
                found.append(_expected_entry(key, dtypes[number] if number < len(dtypes) else None, spec, variable))
    return found or None


def _top_name(tensor: str) -> str:
    return tensor.split(":")[0]


def _function_name(tensor: str) -> str:
    return tensor.split(":")[0]  # "SaveV2/tensor_names:output:0" -> the node "SaveV2/tensor_names"


def _variable_of(node_name: str, nodes: Dict[str, Decoded], variables: Dict[str, Decoded]) -> Optional[Decoded]:
    """The variable a save op's data input reads: through reads and identities, a few steps at most."""
    for _ in range(8):
        if node_name in variables:
            return variables[node_name]
        node = nodes.get(node_name)
        if node is None or node["op"] not in _READ_OPS or not node["input"]:
            return None
        node_name = node["input"][0].split(":")[0].lstrip("^")
    return None


def _expected_entry(key: str, dtype: Any, spec: str, variable: Optional[Decoded]) -> Decoded:
    shape = variable["shape"] if variable is not None else None
    # "variable": the graph's variable node this key restores (freezing puts the key's value there).
    entry: Decoded = {"name": key, "dtype": dtype, "shape": shape, "slice": None}
    entry["variable"] = variable["name"] if variable is not None else None
    if spec.strip():
        # "10 3 0,4:0,3": the full shape, then start,length per dimension ("-" for the whole of it)
        *full, extents = spec.split()
        entry["shape"] = [int(dim) for dim in full]
        parts = []
        for dim, extent in zip(entry["shape"], extents.split(":")):
            if extent == "-":
                parts.append((0, dim))
            else:
                start, length = extent.split(",")
                parts.append((int(start), int(length)))
        entry["slice"] = parts
    return entry


def _from_variables(variables: List[Decoded]) -> List[Decoded]:
    """What a default ``Saver`` writes for the graph's variable nodes: each by its name, a part by its slice."""
    expected = []
    for variable in variables:
        if variable["op"] is None:
            continue
        dtype = variable["dtype"]
        if isinstance(dtype, str) and dtype.endswith("_REF"):
            dtype = dtype[: -len("_REF")]
        partition = variable["partition"]
        entry: Decoded = {"name": variable["name"], "dtype": dtype, "shape": variable["shape"], "slice": None}
        entry["variable"] = variable["name"]
        if partition is not None and variable["shape"] is not None:
            entry.update(name=partition["full_name"], shape=partition["full_shape"])
            entry["slice"] = list(zip(partition["offset"], variable["shape"]))
        expected.append(entry)
    return expected


def _compare(expected: List[Decoded], tensors: Dict[str, Decoded], shards: List[Decoded], source: str) -> Decoded:
    ok: List[str] = []
    missing: List[Decoded] = []
    mismatched: List[Decoded] = []
    unreadable: List[Decoded] = []
    seen = set()
    for entry in expected:
        name = entry["name"]
        seen.add(name)
        shown = {"dtype": entry["dtype"], "shape": entry["shape"]}
        have = tensors.get(name)
        if have is None:
            missing.append({"name": name, **shown})
            continue
        theirs = {"dtype": have["dtype"], "shape": have["shape"]}
        why = _mismatch(entry, have)
        if why:
            mismatched.append({"name": name, "graph": shown, "checkpoint": theirs, "why": why})
            continue
        why = _without_data(have, shards)
        if why:
            if all(item["name"] != name for item in unreadable):  # the parts of a partitioned variable: one key
                unreadable.append({"name": name, "why": why})
        elif name not in ok:
            ok.append(name)
    unexpected = [name for name in tensors if name not in seen]
    return {
        "source": source,
        "ok": ok,
        "missing": missing,
        "mismatched": mismatched,
        "unexpected": unexpected,
        "unreadable": unreadable,
        "restores": not missing and not mismatched and not unreadable,
    }


def _without_data(tensor: Decoded, shards: List[Decoded]) -> str:
    """Why a key's bytes cannot be read from its data shard (absent, or too short for them); "" if they can."""
    for where in tensor["slices"] or [tensor]:
        shard = where["shard"]
        if shard is None or not 0 <= shard < len(shards):  # V1: the values are in the table
            continue
        info = shards[shard]
        name = os.path.basename(info["file"])
        if info["size"] is None:
            return f"its data shard {name} is not there"
        if where["offset"] + where["size"] > info["size"]:
            return (
                f"its {where['size']:,} bytes at byte {where['offset']:,} lie past the end of data shard {name} "
                f"({info['size']:,} bytes)"
            )
    return ""


def _mismatch(entry: Decoded, have: Decoded) -> str:
    if entry["dtype"] is not None and entry["dtype"] != have["dtype"]:
        return f"dtype {entry['dtype']} in the graph, {have['dtype']} in the checkpoint"
    shape = entry["shape"]
    if shape is not None and all(dim >= 0 for dim in shape) and shape != have["shape"]:
        return f"shape {shape} in the graph, {have['shape']} in the checkpoint"
    if entry["slice"] is not None:
        # A part is read out of the whole tensor (TensorFlow's reader assembles any slice from the stored ones),
        # so a variable partitioned otherwise than when it was saved still restores: its slice must lie inside.
        full = have["shape"] or []
        if len(entry["slice"]) != len(full) or any(
            start < 0 or start + length > dim for (start, length), dim in zip(entry["slice"], full)
        ):
            return f"slice {entry['slice']} of the graph lies outside the checkpoint's shape {full}"
    return ""
