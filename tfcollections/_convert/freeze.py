# SPDX-License-Identifier: Apache-2.0
"""Freezing: a graph whose variables are constants holding a checkpoint's values, pruned to what its outputs need.

Strategy: what TensorFlow's ``convert_variables_to_constants`` and ``extract_sub_graph`` do, on the decoded graph.
The outputs are followed back through data and control inputs (stopping at the inputs asked for, which become
``Placeholder`` nodes), so the saver, the initializers, summaries and the optimizer fall away as they do there.
Each variable left (``VariableV2``/``Variable``, a resource ``VarHandleOp``) is looked up in the checkpoint as the
saver would restore it (``restore.restore_plan``: the save ops' keys and slices, else the variable's name or its
partition), its values read with every CRC checked (``read_tensors``: a partitioned variable assembled, then its
part cut out), checked against the variable's dtype and shape, and put in its place as a ``Const``; a
``ReadVariableOp`` of it becomes an ``Identity`` and a ``ResourceGather`` a ``GatherV2``, as TensorFlow rewrites
them. A lookup table kept keeps its contents, which its initializer (no output needs it) puts in it
(``tablefills``). Colocation (``_class``) with a node that is gone is dropped, as TensorFlow's importer would refuse
it. The result is a ``FrozenGraph``: the nodes in the graph's order with their constants readable, which
``freeze`` writes as a GraphDef and the ONNX conversion converts.
"""

from __future__ import annotations

import os

from .._disk.atomic import AtomicFile, check_destination
from .._disk.locate import checkpoint_beside
from .._disk.source import source_of
from .._errors import DecodeError
from .._graph.graph import graph_of
from .._graph.graphdef import Graph, int_attr, new_node, split_tensor_name, type_attr
from .._model.files import load, loads
from .._tensor import NUMERIC, Tensor, element_count
from .._typing import cast
from .cuts import PLACEHOLDER_OPS, cut_graph, pipeline_tensors
from .ends import VARIABLE_OPS, default_outputs
from .inline import CALL_OPS, functions_run, inline_calls
from .joins import captured_keys, saved_keys
from .tablefills import TABLE_OPS, asset_files, fill_tables
from .updates import UPDATE_OPS, without_unread_updates
from .values import flat

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Dict, Final, Iterable, List, Optional, Sequence, Set, Tuple, Union

    from .. import types as _types
    from .._disk.source import Source
    from .._typing import Buffer, Decoded
    from .tablefills import Contents, Vocabularies

    PathLike = Union[str, "os.PathLike[str]"]

CONTROL_FLOW_OPS: Final = frozenset({"While", "StatelessWhile", "If", "StatelessIf"})


class MissingNode(ValueError):
    """An output or input the graph has no node for (``tensor``: the name asked for, as a tensor name)."""

    def __init__(self, tensor: str, role: str) -> None:
        self.tensor = tensor
        super().__init__(f"no node {split_tensor_name(tensor)[0]!r} in the graph for {role} {tensor!r}")


class FrozenGraph:
    """A frozen graph in memory: ``nodes`` in the graph's order, ``inputs`` and ``outputs`` as tensor names, and the
    ``graph`` that reads each constant's values (``graph.value_of(node)``) and writes them (``graph.encode``)."""

    __slots__ = ("chosen_by", "cut", "fills", "graph", "inputs", "inputs_chosen_by", "names", "nodes", "outputs",
                 "tables", "updates_left_out", "variables_in_functions", "vocabularies")  # fmt: skip

    def __init__(self, graph: Graph, nodes: List[Decoded], inputs: List[str], outputs: List[str]) -> None:
        self.graph = graph
        self.nodes = nodes
        self.inputs = inputs
        self.outputs = outputs
        #: The names a converted model gives inputs and outputs instead of their tensor names (a TF 2 signature's
        #: keys: ``x`` for ``serving_default_x:0``).
        self.names: Dict[str, str] = {}
        #: The control-flow nodes that hand a variable (now a constant) to their functions.
        self.variables_in_functions: List[str] = []
        #: How the outputs were chosen, in words ("as given", "signature 'serving_default'", "collection 'y_pred'",
        #: "the graph's ends"): what a converted model's description says.
        self.chosen_by = "as given"
        #: How the inputs were chosen when the conversion chose them (an input pipeline cut), else None.
        self.inputs_chosen_by: Optional[str] = None
        #: Each kept lookup table's keys and values by the table's name, or why they are not known (lookups).
        self.tables: Dict[str, Contents] = {}
        #: The nodes that fill the tables (an ``InitializeTableV2`` of two constants each), which no output needs:
        #: written after the graph's own, for TensorFlow to run by the initializer's name.
        self.fills: List[Decoded] = []
        #: The vocabulary files the caller gave that fill tables: table name -> the file's name in the graph.
        self.vocabularies: Dict[str, str] = {}
        #: The variable updates the outputs ran but no output reads, left out (updates.py).
        self.updates_left_out: List[str] = []
        #: The inputs cut from inside the graph (a tensor some op computed, not a placeholder): their first dim is
        #: not known to be a batch (the values of a sparse feature, a ragged tensor's row splits).
        self.cut: Set[str] = set()

    def encode(self) -> bytes:
        return self.graph.encode(self.nodes + self.fills)


def freeze(
    model: Any,
    checkpoint: Any = None,
    *,
    outputs: Optional[Sequence[str]] = None,
    inputs: Optional[Sequence[str]] = None,
    signature: Optional[str] = None,
    path: Optional[Union[str, os.PathLike[str]]] = None,
    force: bool = False,
    vocabularies: Optional[Vocabularies] = None,
) -> bytes:
    """A frozen graph (binary ``GraphDef``) of *model*: each variable its outputs need a ``Const`` holding the
    checkpoint's value, and only what *outputs* need kept, with what fills each lookup table they read (an
    ``InitializeTableV2`` of its keys and values under its initializer's name, for TensorFlow to run).

    *model* is a path ``load`` takes (a ``.meta``, a SavedModel, a frozen graph), such a file's bytes (a
    serialized ``GraphDef``, as ``graph_def.SerializeToString()`` gives it) or what ``load`` returned. Of a
    TF 2 SavedModel, every function call the outputs reach is inlined and each captured variable is the value the
    object graphs' join restores into it.
    *checkpoint* is a path ``load_checkpoint`` takes or what it returned; by default the one beside the model
    (``model.ckpt`` beside ``model.ckpt.meta``, a SavedModel's ``variables/variables``). *outputs* are node or
    tensor names (``"softmax"``, ``"softmax:0"``); by default a SavedModel signature's outputs (*signature*, or its
    only or ``serving_default`` one) or else the graph's outputs that are no training, saving or summary nodes.
    *inputs* are node or tensor names at which the graph is cut, each made a ``Placeholder`` of its dtype (and
    shape, where the graph records it; a node's later output ``NODE:K`` a ``Placeholder`` named ``NODE/port_K``);
    by default the graph's placeholders stay as they are. *vocabularies* gives the vocabulary files of lookup tables
    the model does not hold: ``{name: path}``, *name* the file's name as the graph writes it (or its last part,
    ``vocab.txt`` for ``/data/vocab.txt``), for a table whose initializer reads a file that is no SavedModel asset,
    or whose initializer freezing dropped (the file its ``shared_name`` names, as ``tf.lookup``'s text-file
    initializers name a table: ``hash_table_vocab.txt_-2_-1``); a file the model names is never read unasked. Raises
    ``DecodeError`` for a graph or checkpoint that does not read, a variable the checkpoint lacks or holds with
    another dtype or shape, an input a node names that the graph lacks; ``ValueError`` for an output or input
    the graph does not have. With *path*, the graph is also written there (under a temporary name, then renamed;
    an existing file only with *force*).
    """
    if path is not None:
        check_destination(os.fspath(path), force)  # said before the work (the writer checks again)
    loaded = loaded_model(model)
    source = source_of(loaded)
    if source is None or "meta_graphs" not in loaded:
        raise TypeError("freeze() needs a path or what tfcollections.load returned (a copy keeps no file to read)")
    with source.opened() as buf:
        frozen = freeze_graph(loaded, source, buf, checkpoint, outputs, inputs, signature,
                              vocabularies=vocabularies or {})  # fmt: skip
        if frozen.variables_in_functions:
            node = frozen.variables_in_functions[0]
            raise DecodeError(f"node {node!r} hands a variable to the functions of its loop or branch: a frozen "
                              "GraphDef would need those functions rewritten to take its value, which freeze does not "
                              "do (to_onnx and Session convert the model)")  # fmt: skip
        data = frozen.encode()
    try:
        loads(data, graph=True)  # a node copied as it was may be damaged where the freezing did not read
    except DecodeError as exc:
        raise DecodeError(f"the frozen graph would not read back (a node of the model is damaged): {exc}") from None
    if path is not None:
        with AtomicFile(os.fspath(path), force) as file:
            file.write(data)
    return data


def freeze_graph(
    model: Decoded,
    source: Source,
    buf: Buffer,
    checkpoint: Any,
    outputs: Optional[Sequence[str]],
    inputs: Optional[Sequence[str]],
    signature_key: Optional[str],
    *,
    signature_names: bool = False,
    cut_pipeline: bool = False,
    vocabularies: Optional[Vocabularies] = None,
) -> FrozenGraph:
    """The ``FrozenGraph`` of a loaded model (``freeze``'s arguments), read from *buf*, the bytes of its *source*:
    its constants are read from them, so the caller holds them open while it reads the result. With
    *signature_names*, a TF 2 signature's keys name its inputs and outputs (``FrozenGraph.names``). With
    *cut_pipeline* (the conversion's) and no inputs given or signed, outputs computed from an input pipeline are
    cut at the tensors it gives (``cuts.pipeline_tensors``). *vocabularies* are ``freeze``'s."""
    index, meta_graph = chosen_meta_graph(model)
    graph = Graph(source, buf, index, meta_graph)
    by_name = _by_name(graph.nodes)
    signature = signature_of(meta_graph, signature_key)
    output_names, chosen_by = _output_names(graph, meta_graph, signature, outputs)
    given_inputs = _given_inputs(signature, inputs)
    calls = [node for node in graph.nodes if node["op"] in CALL_OPS]  # the captures' join needs them uninlined
    top_nodes = graph.nodes
    if graph.functions:  # a TF 2 graph: the calls the outputs reach replaced by the functions' bodies
        wanted = {split_tensor_name(name)[0] for name in [*output_names, *(given_inputs or ())]}
        if not wanted <= by_name.keys():  # a node inside a function named: every call inlined, to find it
            wanted = set(by_name)
        graph.nodes = inline_calls(graph.nodes, graph.functions, wanted)
        by_name = _by_name(graph.nodes)
    for name in output_names:
        if split_tensor_name(name)[0] not in by_name:
            raise MissingNode(name, "output")
    input_names = _input_names(signature, given_inputs, by_name)
    piped = pipeline_tensors(graph.nodes, output_names, by_name) if cut_pipeline and not input_names else []
    nodes, output_names, input_names, renamed = cut_graph(graph.nodes, output_names, piped or input_names)
    nodes, left_out = without_unread_updates(nodes, output_names)
    variables = [node for node in nodes if node["op"] in VARIABLE_OPS]
    frozen = FrozenGraph(graph, nodes, _placeholder_inputs(nodes, input_names, bool(piped)), output_names)
    frozen.updates_left_out = left_out
    frozen.chosen_by = chosen_by
    frozen.names.update(renamed)
    frozen.cut = {name for name in frozen.inputs if name in renamed or by_name[split_tensor_name(name)[0]]["op"]
                  not in (*PLACEHOLDER_OPS, "PlaceholderWithDefault")}  # fmt: skip
    if piped:
        reads = sorted({split_tensor_name(name)[0] for name in piped})
        frozen.inputs_chosen_by = (f"the input pipeline's {', '.join(reads)}, cut at the tensors it gives (an ONNX "
                                   "model reads no pipeline)")  # fmt: skip
    if variables:
        values = _variable_values(model, source, buf, index, meta_graph, graph, variables, checkpoint, calls,
                                  top_nodes)  # fmt: skip
        _make_constants(frozen, variables, values)
    tables = [node for node in frozen.nodes if node["op"] in TABLE_OPS]
    if tables:
        searched = graph.nodes
        if graph.functions:  # a TF 2 table is filled by a call of its initializer function: that call inlined
            names = {node["name"] for node in tables}
            filling = {node["name"] for node in calls
                       if any(split_tensor_name(item)[0] in names for item in node["input"])}  # fmt: skip
            searched = inline_calls(top_nodes, graph.functions, filling) if filling else top_nodes
        frozen.tables, frozen.fills, frozen.vocabularies = fill_tables(
            tables, searched, graph, asset_files(meta_graph, model.get("path")), vocabularies or {}
        )
    kept_names = {node["name"] for node in frozen.nodes + frozen.fills}
    frozen.nodes = [_without_lost_colocation(node, kept_names) for node in frozen.nodes]
    if graph.functions:  # only what the kept nodes run (a loop's functions, and theirs): calls were inlined
        graph.keep_functions(functions_run(frozen.nodes, graph.functions))
    if signature_names and signature is not None and meta_graph.get("object_graph_def") is not None:
        # A TF 2 signature's keys are the names its user knows (x, output_0), not its graph's (serving_default_x:0).
        for field in ("inputs", "outputs"):
            for key, info in (signature.get(field) or {}).items():
                if info.get("name") in (frozen.inputs if field == "inputs" else frozen.outputs):
                    frozen.names[info["name"]] = key
    return frozen


def _by_name(nodes: List[Decoded]) -> Dict[str, Decoded]:
    """The nodes by name; a name given twice is refused, as TensorFlow refuses the graph ("Duplicate node name")."""
    by_name: Dict[str, Decoded] = {node["name"]: node for node in nodes}
    if len(by_name) != len(nodes):
        seen: Set[str] = set()
        for node in nodes:
            if node["name"] in seen:
                raise DecodeError(f"node name {node['name']!r} is given to more than one node; TensorFlow refuses a "
                                  "graph whose node names repeat")  # fmt: skip
            seen.add(node["name"])
    return by_name


def signature_inputs(model: Decoded, key: Optional[str]) -> Dict[str, str]:
    """The chosen signature's inputs of a loaded model (``freeze``'s choice): key -> tensor name; {} without one."""
    meta_graphs = model["meta_graphs"]
    signature = signature_of(chosen_meta_graph(model)[1], key) if meta_graphs else None
    return {name: info["name"] for name, info in ((signature or {}).get("inputs") or {}).items() if info.get("name")}


def chosen_meta_graph(model: Decoded) -> Tuple[int, Decoded]:
    """The meta graph to freeze: of a SavedModel, the first tagged ``serve`` (TF Serving's), else the first."""
    meta_graphs = model["meta_graphs"]
    if not meta_graphs:
        raise DecodeError("the model has no meta graph to freeze")
    for index, meta_graph in enumerate(meta_graphs):
        tags = (meta_graph.get("meta_info_def") or {}).get("tags") or []
        if "serve" in tags:
            return index, meta_graph
    return 0, meta_graphs[0]


def signature_of(meta_graph: Decoded, key: Optional[str]) -> Optional[Decoded]:
    signatures = meta_graph.get("signature_def") or {}
    if key is not None:
        if key not in signatures:
            names = ", ".join(sorted(signatures)) or "none"
            raise ValueError(f"no signature {key!r} in the meta graph (it has: {names})")
        return signatures[key]  # type: ignore[no-any-return]
    if "serving_default" in signatures:
        return signatures["serving_default"]  # type: ignore[no-any-return]
    usable = {name: value for name, value in signatures.items() if not name.startswith("__")}
    if len(usable) > 1:  # which one is the model's is the user's to say: the raw graph would be a guess
        raise ValueError(f"the model has {len(usable)} signatures and none is serving_default (it has: "
                         f"{', '.join(sorted(usable))}): choose one (--signature KEY of tfcollections export and "
                         "run, or signature=)")  # fmt: skip
    return next(iter(usable.values())) if usable else None


def _tensor_names(spec: Decoded, field: str) -> List[str]:
    """The tensor names of a signature's inputs or outputs, in the signature's key order."""
    return [info["name"] for _, info in sorted((spec.get(field) or {}).items()) if info.get("name")]


# Collections a TF 1 program fills with its model's outputs, by convention (tf.add_to_collection("y_pred", ...)), to
# find them again after import_meta_graph: what the graph says its outputs are, when no signature does.
_OUTPUT_COLLECTIONS: Final = ("y_pred", "predictions", "prediction", "probabilities", "logits", "outputs", "output")


def _output_names(graph: Graph, meta_graph: Decoded, signature: Optional[Decoded],
                  given: Optional[Sequence[str]]) -> Tuple[List[str], str]:  # fmt: skip
    """The outputs and how they were chosen: those asked for (a signature's keys among them as its tensors), else
    the signature's, else those of a collection the program filled with them (``_OUTPUT_COLLECTIONS``), else the
    graph's unconsumed nodes that are no bookkeeping."""
    if given is not None:
        names = [_tensor_name(_signature_tensor(name, signature, "outputs")) for name in _as_names(given, "outputs")]
        return names, "as given"
    if signature is not None and _tensor_names(signature, "outputs"):
        keys = [key for key, value in (meta_graph.get("signature_def") or {}).items() if value is signature]
        return _tensor_names(signature, "outputs"), f"signature {keys[0]!r}" if keys else "the signature"
    collected = _collection_outputs(graph, meta_graph)
    if collected is not None:
        return collected
    names = [f"{name}:0" for name in default_outputs(graph.nodes)]
    if not names:
        raise ValueError("the graph has no outputs to freeze to (every unconsumed node trains, saves or checks): "
                         "name them (--outputs NAME of tfcollections export, or outputs=[...])")  # fmt: skip
    return names, "the graph's ends, as no signature or collection names them"


def _collection_outputs(graph: Graph, meta_graph: Decoded) -> Optional[Tuple[List[str], str]]:
    """The tensors of the first of ``_OUTPUT_COLLECTIONS`` the meta graph has whose items all name tensors of the
    graph (a node list, or bytes of tensor names), and the words that say so; else None."""
    collections = meta_graph.get("collection_def") or {}
    nodes = {node["name"] for node in graph.nodes}
    for name in _OUTPUT_COLLECTIONS:
        entry = collections.get(name)
        if not isinstance(entry, dict) or entry.get("kind") not in ("node_list", "bytes_list"):
            continue
        items = entry.get("value") or []
        texts = [item.decode("utf-8", "replace") if isinstance(item, bytes) else item for item in items]
        if all(isinstance(text, str) and split_tensor_name(text)[0] in nodes for text in texts):
            return [_tensor_name(text) for text in texts], f"collection {name!r}"
    return None


def _signature_tensor(name: str, signature: Optional[Decoded], field: str) -> str:
    """*name*, or the tensor of the signature's key *name* (``x`` or ``x:0`` -> ``serving_default_x:0``)."""
    specs = (signature.get(field) or {}) if signature is not None else {}
    info = specs.get(name) or (specs.get(name[:-2]) if name.endswith(":0") else None)
    return info["name"] if info is not None and info.get("name") else name


def _given_inputs(signature: Optional[Decoded], given: Optional[Sequence[str]]) -> Optional[List[str]]:
    if given is None:
        return None
    return [_tensor_name(_signature_tensor(name, signature, "inputs")) for name in _as_names(given, "inputs")]


def _input_names(signature: Optional[Decoded], given: Optional[List[str]], by_name: Dict[str, Decoded]) -> List[str]:
    if given is None:
        return _tensor_names(signature, "inputs") if signature is not None else []
    for name in given:
        if split_tensor_name(name)[0] not in by_name:
            raise MissingNode(name, "input")
    return given


def loaded_model(model: Any) -> Decoded:
    """What ``load`` or ``loads`` returns for *model*: a path, a file's bytes (bytes, bytearray, memoryview: a
    serialized GraphDef, MetaGraphDef or SavedModel), or what one of them returned, as it is."""
    if isinstance(model, dict):
        return model
    if isinstance(model, (bytes, bytearray, memoryview)):
        return cast("Decoded", loads(model))
    return cast("Decoded", load(os.fsdecode(model)))


def _as_names(given: Any, what: str) -> List[str]:
    if isinstance(given, str):
        return [given]
    names = list(given)
    if not all(isinstance(name, str) for name in names):
        raise TypeError(f"{what} are node or tensor names (str)")
    return names


def _tensor_name(name: str) -> str:
    node, port = split_tensor_name(name)
    if port < 0:
        raise ValueError(f"{name!r} is a control input, not a tensor")
    return f"{node}:{port}"


def _placeholder_inputs(nodes: List[Decoded], given: List[str], with_placeholders: bool) -> List[str]:
    """The inputs: those given (and, for a cut the conversion chose, the placeholders left), else the placeholders."""
    placeholders = [f"{node['name']}:0" for node in nodes if node["op"] in PLACEHOLDER_OPS]
    if given:
        return [*given, *(name for name in placeholders if name not in given)] if with_placeholders else given
    return placeholders


def _variable_values(
    model: Decoded,
    source: Source,
    buf: Buffer,
    index: int,
    meta_graph: Decoded,
    graph: Graph,
    variables: List[Decoded],
    checkpoint: Any,
    calls: List[Decoded],
    top_nodes: List[Decoded],
) -> Dict[str, Tensor]:
    """Each variable node's value from the checkpoint, as the saver would restore it (*top_nodes*: the graph's
    nodes before its calls were inlined)."""
    from .._ckpt.checkpoint import load_checkpoint, read_tensors  # noqa: PLC0415 (a frozen graph needs neither)
    from .._ckpt.restore import restore_check, restore_plan  # noqa: PLC0415 (a frozen graph needs no checkpoint)

    if checkpoint is None:
        checkpoint = checkpoint_beside(model.get("path"), source.format)
        if checkpoint is None:
            names = ", ".join(repr(node["name"]) for node in variables[:3]) + (", ..." if len(variables) > 3 else "")
            raise DecodeError(
                f"the graph's outputs need {len(variables)} variable(s) ({names}) and no checkpoint was given or "
                "found beside the model: pass it (--checkpoint PREFIX, or checkpoint=)"
            )
    listing: Decoded = dict(checkpoint) if isinstance(checkpoint, dict) else dict(load_checkpoint(checkpoint))
    found = meta_graph["graph"] if "graph" in meta_graph else graph_of(source, buf, index, meta_graph, ends=False)
    graph_variables = found["variables"]
    by_variable: Dict[str, Decoded] = {}
    if meta_graph.get("object_graph_def") is not None:
        # A TF 2 SavedModel restores its variables by object: the key of each is found by walking the model's object
        # graph and the checkpoint's together (check_checkpoint's join), from the variable's node in the graph.
        # A variable is joined by the key the SavedModel's own save function writes for the handle its call is
        # given, else by the call that captures it (a concrete function's captured inputs, which TensorFlow binds
        # to objects: bound_inputs); by its name only where neither joins it and its name is the object graph's
        # for one variable alone (a name that repeats joins nothing by itself).
        # The graph as read, not as inlined: its save ops and the save function are the saver's.
        graph_def = {"node": top_nodes, "library": {"function": list(graph.functions.values())}}
        check = restore_check(model["meta_graphs"][index], listing, graph_def, graph_variables)
        restored = {saved["key"] for saved in check["saved_variables"] if saved["key"] is not None}
        joined = saved_keys(graph, calls) or captured_keys(source, buf, index, meta_graph, calls, listing)
        for name, key in joined.items():
            if key in restored:  # a key the object graphs' join restores a variable from, as TensorFlow's loader
                by_variable[name] = {"name": key, "slice": None}
        named: Dict[str, List[Optional[str]]] = {}
        for saved in check["saved_variables"]:
            named.setdefault(saved["name"], []).append(saved["key"])
        for name, named_keys in named.items():
            if len(named_keys) == 1 and named_keys[0] is not None:
                by_variable.setdefault(name, {"name": named_keys[0], "slice": None})
        unnamed = [node["name"] for node in variables if node["name"] not in by_variable]
        if unnamed:
            raise DecodeError(f"variable {unnamed[0]!r}: the model's object graph names no value for it in the "
                              f"checkpoint {listing['prefix']} (the object graphs do not join there)")  # fmt: skip
    else:
        plan = restore_plan(source, buf, {"node": graph.nodes, "library": None}, meta_graph, graph_variables)
        for entry in plan:
            if entry["variable"] is not None:
                by_variable.setdefault(entry["variable"], entry)
    described = {variable["name"]: variable for variable in graph_variables}
    wanted: Dict[str, Decoded] = {}
    for node in variables:
        # A variable no saver saves is restored by its own name, if at all.
        entry = by_variable.get(node["name"]) or {"name": node["name"], "slice": None}
        if entry["name"] not in listing["tensors"]:
            raise DecodeError(f"variable {node['name']!r}: the checkpoint {listing['prefix']} has no {entry['name']!r}")
        wanted[node["name"]] = entry
    keys = list(dict.fromkeys(entry["name"] for entry in wanted.values()))
    values = read_tensors(cast("_types.Checkpoint", listing), keys)
    out: Dict[str, Tensor] = {}
    for name, entry in wanted.items():
        value = values[entry["name"]]
        variable = described.get(name) or {}
        if entry["slice"] is not None:
            value = _part_of(value, entry["slice"], name)
        _check_value(name, variable, value, entry["name"])
        out[name] = value
    return out


def _check_value(name: str, variable: Decoded, value: Tensor, key: str) -> None:
    dtype = variable.get("dtype")
    if isinstance(dtype, str):
        dtype = dtype.replace("_REF", "")
        if dtype != value.dtype:
            raise DecodeError(f"variable {name!r} is {dtype}, but the checkpoint's {key!r} is {value.dtype}")
    shape = variable.get("shape")
    if shape is not None and all(dim >= 0 for dim in shape) and tuple(shape) != value.shape:
        raise DecodeError(
            f"variable {name!r} has shape {list(shape)}, but the checkpoint's {key!r} has {list(value.shape)}"
        )


def _part_of(whole: Tensor, extents: List[Tuple[int, int]], name: str) -> Tensor:
    """The slice (start, length per dimension) of a tensor in C order: a partitioned variable's part."""
    shape = whole.shape
    if len(extents) != len(shape) or any(s < 0 or s + n > d for (s, n), d in zip(extents, shape)):
        raise DecodeError(f"variable {name!r}: its slice {extents} lies outside the checkpoint's shape {list(shape)}")
    part_shape = tuple(length for _, length in extents)
    if whole.dtype == "DT_STRING":
        strings = flat(whole.tolist())
        return Tensor(
            "DT_STRING", part_shape, None, [strings[at] for at in _run_starts(shape, extents, whole_runs=False)]
        )
    itemsize = NUMERIC[whole.dtype][1]
    data = whole.tobytes()
    if all(extent == (0, dim) for extent, dim in zip(extents[1:], shape[1:])):
        # The usual partition, along the first dimension: one piece of the bytes.
        row = element_count(shape[1:]) * itemsize
        start, length = extents[0] if extents else (0, 1)
        return Tensor(whole.dtype, part_shape, data[start * row : (start + length) * row])
    run = extents[-1][1] * itemsize
    pieces = [data[at * itemsize : at * itemsize + run] for at in _run_starts(shape, extents, whole_runs=True)]
    return Tensor(whole.dtype, part_shape, b"".join(pieces))


def _run_starts(shape: Tuple[int, ...], extents: List[Tuple[int, int]], whole_runs: bool) -> List[int]:
    """The flat index where each run of the slice starts, in C order: a run is the slice's extent along the last
    dimension (*whole_runs*), or one element."""
    starts = [0]
    for axis, (start, length) in enumerate(extents):
        stride = element_count(shape[axis + 1 :])
        indices = range(start, start + 1) if whole_runs and axis == len(shape) - 1 else range(start, start + length)
        starts = [base + index * stride for base in starts for index in indices]
    return starts


_HANDLE_PASSING: Final = ("Enter", "RefEnter", "Identity", "Switch", "RefSwitch")


def _make_constants(frozen: FrozenGraph, variables: List[Decoded], values: Dict[str, Tensor]) -> None:
    """Each variable made a ``Const`` of its value, and its resource reads rewritten as TensorFlow rewrites them."""
    graph = frozen.graph
    # A resource handle may reach its reads through an Enter (into a TF 1 while loop), a Switch (into a TF 1 cond's
    # branch) or an Identity: those pass
    # the value instead, as TensorFlow's freezing makes them (their T the variable's dtype).
    dtype_of = {node["name"]: values[node["name"]].dtype for node in variables
                if node["op"] == "VarHandleOp" and node["name"] in values}  # fmt: skip
    passing = {node["name"]: node for node in frozen.nodes if node["op"] in _HANDLE_PASSING}
    grown = True
    while grown:
        grown = False
        for name, node in passing.items():
            data = [split_tensor_name(item)[0] for item in node["input"] if not item.startswith("^")]
            if name not in dtype_of and data and data[0] in dtype_of:
                dtype_of[name] = dtype_of[data[0]]
                grown = True
    handles = set(dtype_of)
    asked = {split_tensor_name(name)[0] for name in frozen.outputs}
    rewritten: List[Decoded] = []
    for node in frozen.nodes:
        name, op = node["name"], node["op"]
        if name in handles and name in passing:
            rewritten.append({**node, "attr": {**node["attr"], "T": type_attr(dtype_of[name])}})
            continue
        if name in values:
            value = values[name]
            graph.replaced[name] = value
            const = new_node(name, "Const", [], {"dtype": type_attr(value.dtype), "value": type_attr(value.dtype)},
                             node["device"])  # fmt: skip
            rewritten.append(const)
            continue
        reads = [split_tensor_name(item)[0] for item in node["input"] if not item.startswith("^")]
        if not any(source in handles for source in reads):
            rewritten.append(node)
            continue
        for key in ("dtype", "Tindices") if op == "ResourceGather" else ("dtype",):
            if op in ("ReadVariableOp", "ResourceGather") and key not in node["attr"]:
                raise DecodeError(f"node {name!r} ({op}) has no attr {key!r}, which TensorFlow's {op} has")
        if op == "ReadVariableOp":
            rewritten.append(new_node(name, "Identity", node["input"], {"T": node["attr"]["dtype"]}, node["device"]))
        elif op == "ResourceGather":
            axis_name = f"{name}/axis"
            graph.replaced[axis_name] = Tensor("DT_INT32", (), b"\x00\x00\x00\x00")
            rewritten.append(new_node(axis_name, "Const", [], {"dtype": type_attr("DT_INT32"),
                                                                "value": type_attr("DT_INT32")}))  # fmt: skip
            attrs = {
                "Tparams": node["attr"]["dtype"],
                "Tindices": node["attr"]["Tindices"],
                "Taxis": type_attr("DT_INT32"),
                "batch_dims": node["attr"].get("batch_dims") or int_attr(0),
            }
            data_inputs = [item for item in node["input"] if not item.startswith("^")]
            controls = [item for item in node["input"] if item.startswith("^")]
            rewritten.append(
                new_node(name, "GatherV2", [*data_inputs[:2], axis_name, *controls], attrs, node["device"])
            )
        elif op in CONTROL_FLOW_OPS:
            # A loop or a branch hands the variable to its functions, which read it: the value is handed instead.
            # (Converted, the functions take the value; a GraphDef would need them rewritten: see freeze.)
            frozen.variables_in_functions.append(name)
            rewritten.append(node)
        elif op in UPDATE_OPS and name not in asked:  # one an output reads (updates.py left out the others)
            raise DecodeError(f"node {name!r} ({op}) updates a variable that an output reads, so the outputs "
                              "change from call to call; a frozen graph holds the variable's value, not the "
                              "variable")  # fmt: skip
        else:
            raise DecodeError(f"node {name!r} ({op}) uses a variable as a resource, which a frozen graph cannot "
                              "hold (only its reads are made constants): leave it out of the outputs")  # fmt: skip
    frozen.nodes = rewritten


def _without_lost_colocation(node: Decoded, kept: Iterable[str]) -> Decoded:
    """*node* without colocation (``_class: loc:@x``) with a node that is no longer in the graph."""
    colocation = node["attr"].get("_class")
    if colocation is None or colocation["list"] is None:
        return node
    kept_names = kept if isinstance(kept, set) else set(kept)
    entries = list(colocation["list"]["s"])
    left = [
        entry
        for entry in entries
        if not entry.startswith(b"loc:@") or entry[5:].decode("utf-8", "replace") in kept_names
    ]
    if len(left) == len(entries):
        return node
    copy = dict(node)
    copy["attr"] = dict(node["attr"])
    if left:
        value = dict(colocation)
        value["list"] = dict(colocation["list"])
        value["list"]["s"] = left
        copy["attr"]["_class"] = value
    else:
        del copy["attr"]["_class"]
    return copy
