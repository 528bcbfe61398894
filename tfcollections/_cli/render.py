# SPDX-License-Identifier: Apache-2.0
"""The summary a person reads: a model's meta graphs, collections, variables, ops, contexts and signatures.

Strategy: each section is a function that returns lines (aligned by ``cells.table``), so the order of a
summary is read in ``print_summary`` alone; variables are a tree of scopes with subtotals
(``cells.scope_rows``), optimizer slots under their variable, and control-flow contexts a tree of their own.
What the filters keep comes from ``views``; the checkpoint's verdicts, when one was checked, from
``checkpoints``.
"""

from __future__ import annotations

from .._disk.locate import shown as shown_path
from .._graph.ops import FLAGGED_OPS
from .._items import message_type
from .._model.collections import item_name
from .cells import count_text, dtype_text, parameters, scope_rows, shape_text, table
from .checkpoints import check_lines, status_by_name
from .views import VARIABLE_COLLECTIONS, graph_summary, graph_variables, selected, slot_of, training_state

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, Final, List, Optional, TextIO, Tuple

    from ..types import Model

# How the variable tree names membership of each collection of variables, and their order.
_SHORT = {name: "global" if name == "variables" else name.replace("_variables", "") for name in VARIABLE_COLLECTIONS}
_ORDER = {name: index for index, name in enumerate(VARIABLE_COLLECTIONS)}


def print_summary(file_name: str, model: Model, meta_graphs: List[Any], names: Optional[List[str]],
                   scope: Optional[str], boundary: bool, out: TextIO, show_all_ops: bool = False,
                   checked: Optional[Tuple[str, Any, Any]] = None, show_layers: bool = False) -> None:  # fmt: skip
    """Write the summary of *model*: the file, then each of the chosen *meta_graphs* ((index, meta graph) pairs)
    section by section, with what the filters keep and, when one was *checked*, its checkpoint's verdicts."""
    count = len(model["meta_graphs"])
    lines = []
    if model["located"] is not None and model["path"] is not None:  # a directory or prefix led to the file: say so
        lines.append(f"{file_name}: {model['located']}:")
        file_name = shown_path(model["path"])
    if model["format"] == "GraphDef":
        lines.append(f"{file_name}: GraphDef ({model['encoding']}): a graph, without a meta graph (a frozen graph)")
    else:
        lines.append(
            f"{file_name}: {model['format']} ({model['encoding']}), {count} meta graph{'s' if count != 1 else ''}"
        )
    # The meta graph check_checkpoint checks: the first with a saver.
    checked_index = next((i for i, mg in enumerate(model["meta_graphs"]) if mg["saver_def"] is not None), 0)
    for index, meta_graph in meta_graphs:
        lines.append("")
        info = meta_graph["meta_info_def"] or {}
        tags = ", ".join(info.get("tags") or []) or "(none)"
        version = info.get("tensorflow_version")
        # TensorFlow before 1.0 wrote no version: say so rather than "TensorFlow unknown".
        written = f"written by TensorFlow {version}" if version else "TensorFlow version not recorded"
        if model["format"] != "GraphDef":
            lines.append(f"meta graph {index}: tags {tags}; {written}")
        graph = meta_graph["graph_def"]
        if "graph" in meta_graph:
            lines += _graph_line(meta_graph["graph"])
        elif graph:
            lines.append(f"  graph_def: {graph['size']:,} bytes at byte {graph['offset']:,} (not read)")
        saver = meta_graph["saver_def"]
        if saver:
            lines.append(
                f"  saver: {saver['version']}, max_to_keep {saver['max_to_keep']}, "
                f"{'sharded, ' if saver['sharded'] else ''}save {saver['save_tensor_name'] or '-'}, "
                f"restore {saver['restore_op_name'] or '-'}"
            )
        if model["format"] == "GraphDef" and "graph" in meta_graph:  # a frozen graph: where it starts and ends
            lines += _ends_section(meta_graph["graph"])
        collections = selected(meta_graph, names, scope, boundary)
        if model["format"] != "GraphDef":  # a GraphDef has none
            lines += _collections_section(collections)
        lines += [
            f"    (no collection {wanted!r} in this meta graph)" for wanted in names or [] if wanted not in collections
        ]
        if "graph" in meta_graph:
            status = None
            if checked is not None and index == checked_index:
                status = status_by_name(checked[2])
            lines += _graph_variables_section(meta_graph, names, scope, boundary, status)
            if checked is not None and index == checked_index:
                lines += check_lines(shown_path(checked[0]), checked[1], checked[2])
            lines += _ops_section(meta_graph["graph"], show_all_ops)
            lines += _keras_section(meta_graph["graph"], show_layers)
        else:
            lines += _variables_section(collections)
        lines += _queue_runners_section(collections)
        lines += _contexts_section(collections)
        lines += _signatures_section(meta_graph)
    out.write("\n".join(lines) + "\n")


# The constants a frozen graph's summary lists, the largest first (--json has every one).
_SHOWN_CONSTANTS = 10


def _ends_section(graph: Dict[str, Any]) -> List[str]:
    """A frozen graph's inputs and outputs, and its largest constants (where its weights are)."""
    lines = [f"  inputs ({len(graph['inputs'])}):"]
    lines += table([[entry["name"], entry["op"], dtype_text(entry["dtype"]), shape_text(entry["shape"])]
                    for entry in graph["inputs"]], "    ")  # fmt: skip
    lines.append(f"  outputs ({len(graph['outputs'])}):")
    lines += table([[entry["name"], entry["op"]] for entry in graph["outputs"]], "    ")
    constants = graph["constants"]
    total = sum(entry["size"] or 0 for entry in constants)
    lines.append(f"  constants ({len(constants)}, {_bytes(total)}), the largest first:")
    largest = sorted(constants, key=lambda entry: -(entry["size"] or 0))[:_SHOWN_CONSTANTS]
    rows = [[entry["name"], dtype_text(entry["dtype"]), shape_text(entry["shape"]),
             _bytes(entry["size"]) if entry["size"] is not None else "?"] for entry in largest]  # fmt: skip
    lines += table(rows, "    ")
    if len(constants) > _SHOWN_CONSTANTS:
        lines.append(f"    ... and {len(constants) - _SHOWN_CONSTANTS} more (--json lists every one)")
    return lines


def _bytes(size: int) -> str:
    for unit, scale in (("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)):
        if size >= scale:
            return f"{size / scale:.1f} {unit}"
    return f"{size} B"


def _collections_section(collections: Dict[str, Dict[str, Any]]) -> List[str]:
    lines = [f"  collections ({len(collections)}):"]
    rows = []
    for name in sorted(collections):
        collection = collections[name]
        kind = collection["kind"] or "(no kind set)"
        holds = message_type(name) if collection["kind"] == "bytes_list" else None
        if holds is None and collection["kind"] == "bytes_list":
            holds = "user bytes"
        elif collection["kind"] == "any_list":  # the payload types, as their type URLs name them
            holds = ", ".join(sorted({str(item["type_url"]).rpartition("/")[2] for item in collection["value"]}))
        rows.append([name, kind, str(len(collection["value"])), (holds or "").replace("tensorflow.", "")])
    return lines + table(rows, "    ")


def _variables_section(collections: Dict[str, Dict[str, Any]]) -> List[str]:
    # Every variable once, with the collections that hold it; node_list entries (older files) by name.
    variables: Dict[str, Dict[str, Any]] = {}
    for collection_name in VARIABLE_COLLECTIONS:
        collection = collections.get(collection_name)
        if not collection:
            continue
        for item in collection["value"]:
            name = item_name(item, collection["kind"])
            if name is None:
                continue
            entry = variables.setdefault(name, {"item": item if isinstance(item, dict) else None, "in": []})
            entry["in"].append(_SHORT[collection_name])
            if entry["item"] is None and isinstance(item, dict):
                entry["item"] = item
    if not variables:
        return []

    def leaf(name: str, label: str, depth: int) -> List[List[str]]:
        item = variables[name]["item"] or {}
        flags = []
        # VariableDef.trainable is written since TF 1.9; before, trainable_variables membership is what says it.
        if item.get("trainable") or "trainable" in variables[name]["in"]:
            flags.append("trainable")
        if item.get("is_resource"):
            flags.append("resource")
        slice_info = item.get("save_slice_info_def")
        if slice_info:
            flags.append(f"slice of {slice_info['full_name']} {slice_info['full_shape']} at {slice_info['var_offset']}")
        return [[label, " ".join(flags), ",".join(variables[name]["in"])]]

    lines = [f"  variables ({len(variables)}):"]
    rows = scope_rows(sorted(variables), leaf, 3)
    return lines + table(rows, "    ")


def _graph_line(graph: Dict[str, Any]) -> List[str]:
    nodes = sum(graph["ops"].values())
    in_functions = sum(sum(counts.values()) for counts in graph["functions"].values())
    line = f"  graph: {nodes - in_functions:,} node{'s' if nodes - in_functions != 1 else ''}"
    if graph["functions"]:
        count = len(graph["functions"])
        line += f", and {in_functions:,} in {count} function{'s' if count != 1 else ''}"
    return [line + f"; {len(graph['ops'])} op types"]


def _collections_cell(collections: List[str]) -> str:
    """A variable's collections, short and in the usual order: ``global,trainable``."""
    key = tuple(collections)
    cell = _COLLECTION_CELLS.get(key)
    if cell is None:  # most variables share one of a few cells: each is made once (up to _KEPT_CELLS of them)
        ordered = sorted(collections, key=lambda name: _ORDER.get(name, len(_ORDER)))
        cell = ",".join(_SHORT.get(name, name) for name in ordered)
        if len(_COLLECTION_CELLS) < _KEPT_CELLS:
            _COLLECTION_CELLS[key] = cell
    return cell


_COLLECTION_CELLS: Final[Dict[Tuple[str, ...], str]] = {}
_KEPT_CELLS: Final = 256


def _variable_row(
    variable: Dict[str, Any],
    label: str,
    count: Optional[int],
    status: Optional[Callable[[Dict[str, Any]], str]] = None,
) -> List[str]:
    """A variable's row: its *label*, dtype, shape, *count* of parameters, flags and collections."""
    op = variable["op"]
    key = (variable["trainable"], op, variable["device"])
    flags = _FLAG_CELLS.get(key)
    if flags is None:  # most variables share one of a few: each is made once (up to _KEPT_CELLS of them)
        flags = _flags_cell(*key)
        if len(_FLAG_CELLS) < _KEPT_CELLS:
            _FLAG_CELLS[key] = flags
    partition = variable["partition"]
    if partition:
        flags = f"{flags} part of {partition['full_name']} {partition['full_shape']} at {partition['offset']}".lstrip()
    if status is not None:  # what the checkpoint says of it
        flags = f"{flags} {status(variable)}".lstrip()
    return [
        label,
        dtype_text(variable["dtype"]),
        shape_text(variable["shape"]),
        "?" if count is None else count_text(count),
        flags,
        _collections_cell(variable["collections"]),
    ]


def _flags_cell(trainable: Optional[bool], op: Optional[str], device: str) -> str:
    """What a variable's row says of it besides its checkpoint and partition: ``trainable resource on /cpu:0``."""
    flags = []
    if trainable:
        flags.append("trainable")
    if op is None:
        flags.append("no node in the graph")
    elif op not in ("VariableV2", "VarHandleOp"):
        flags.append(f"op {op}")
    elif op == "VarHandleOp":
        flags.append("resource")
    if device:
        flags.append(f"on {device}")
    return " ".join(flags)


_FLAG_CELLS: Final[Dict[Tuple[Optional[bool], Optional[str], str], str]] = {}


def _graph_variables_section(
    meta_graph: Dict[str, Any],
    names: Optional[List[str]],
    scope: Optional[str],
    boundary: bool,
    status: Optional[Callable[[Dict[str, Any]], str]] = None,
) -> List[str]:
    variables = graph_variables(meta_graph, names, scope, boundary)
    if not variables:
        return []
    by_name = {str(v["name"]): v for v in variables}
    slots: Dict[str, List[Dict[str, Any]]] = {}
    primaries = []
    for variable in variables:
        owner = slot_of(variable, by_name)
        if owner is None:
            primaries.append(variable)
        else:
            slots.setdefault(owner, []).append(variable)
    summary = graph_summary(meta_graph["graph"], variables)
    head = f"  variables ({len(variables)}): {summary['parameters']:,} parameters, "
    head += f"{summary['trainable_parameters']:,} trainable"
    if summary["slot_parameters"]:
        head += f"; {summary['slot_parameters']:,} more in training's state (optimizer slots and variables, averages)"
    if summary["variables_of_unknown_size"]:
        head += f"; {summary['variables_of_unknown_size']} of unknown size"

    counts = {name: parameters(variable) for name, variable in by_name.items()}

    def leaf(name: str, label: str, depth: int) -> List[List[str]]:
        rows = [_variable_row(by_name[name], label, counts[name], status)]
        if name not in slots:
            return rows
        for slot in sorted(slots[name], key=lambda v: str(v["name"])):
            slot_name = str(slot["name"])
            own = slot_name[len(name) + 1 :] if slot_name.startswith(f"{name}/") else slot_name
            rows.append(_variable_row(slot, "  " * (depth + 1) + "+ " + own, counts[slot_name], status))
        return rows

    # Each scope's subtotal counts its variables' parameters, as the headline does: training's state aside.
    header = ["name", "dtype", "shape", "parameters", "", "collections"]
    primary_names = sorted(str(v["name"]) for v in primaries)
    state = {name for name, variable in by_name.items() if training_state(variable, by_name)}

    def counted(name: str) -> Optional[int]:
        return 0 if name in state else counts[name]

    rows = [header, *scope_rows(primary_names, leaf, len(header), counted, 3)]
    return [head, *table(rows, "    ")]


def _ops_section(graph: Dict[str, Any], show_all: bool) -> List[str]:
    ops: Dict[str, int] = graph["ops"]
    flagged = [op for op in ops if op in FLAGGED_OPS]
    if not show_all:
        if not flagged:
            return []
        by_note: Dict[str, List[str]] = {}
        for op in flagged:
            by_note.setdefault(FLAGGED_OPS[op], []).append(f"{op} ({ops[op]})")
        notes = "; ".join(f"{note}: {', '.join(names)}" for note, names in by_note.items())
        return [f"  flagged ops: {notes} (--ops lists every op)"]
    in_functions: Dict[str, int] = {}
    for counts in graph["functions"].values():
        for op, count in counts.items():
            in_functions[op] = in_functions.get(op, 0) + count
    functions = set(graph["functions"])
    rows = [["op", "graph", "functions", ""]]
    for op, count in ops.items():
        note = FLAGGED_OPS.get(op, "a call of a library function" if op in functions else "")
        inside = in_functions.get(op, 0)
        rows.append([op, f"{count - inside:,}", f"{inside:,}" if inside else "", note])
    return [f"  ops ({len(ops)} types):", *table(rows, "    ")]


def _keras_section(graph: Dict[str, Any], show_layers: bool) -> List[str]:
    """A Keras model: its class and layers in a line (all of them with --layers, with their parameters, as
    ``model.summary()`` counts them), and every Lambda layer with what it runs, always (it runs Python)."""
    keras = graph.get("keras")
    if keras is None:  # asked for, and not there: said, not left blank
        return ["  Keras: no layers: the model has no Keras metadata (keras_metadata.pb, or the object graph's)"
                ] if show_layers else []  # fmt: skip
    layers = [layer for layer in keras["layers"] if layer["path"] and layer["identifier"] != "_tf_keras_metric"]
    root = next((layer for layer in keras["layers"] if layer["path"] == ""), None)
    model = f"{root['class_name']} {root['name']!r}" if root is not None else "a Keras model"
    line = f"  Keras: {model}, {len(layers)} layer{'s' if len(layers) != 1 else ''} (from {keras['source']})"
    if keras["error"]:
        line += f"; {keras['error']}"
    lines = [line + ("" if show_layers or not layers else " (--layers lists them)")]
    runs = [layer for layer in keras["layers"] if layer["function"] is not None]
    if runs:
        said = []
        for layer in runs:
            function = layer["function"]
            what = function["function"] or f"a {function['function_type'] or 'function'} (Python bytecode)"
            said.append(f"{layer['name'] or layer['path']}: {what}, module {function['module'] or '?'}")
        lines.append(f"  Lambda layers, Python for Keras to run: {'; '.join(said)}")
    if show_layers and layers:
        # The model's own layers, as model.summary() lists them: a nested model is one row, its layers' variables
        # counted in it (a layer is top-level when no other Keras object but the root is on its path).
        paths = [layer["path"] for layer in layers]
        top = [layer for layer in layers if not any(layer["path"].startswith(other + "/") for other in paths)]
        rows = [["layer", "class", "path", "parameters", "trainable"]]
        for layer in top:
            inside = [v for v in graph["variables"] if v["layer"] is not None
                      and (v["layer"] == layer["path"] or v["layer"].startswith(layer["path"] + "/"))]  # fmt: skip
            size = sum(parameters(v) or 0 for v in inside)
            trainable = sum(parameters(v) or 0 for v in inside if v["trainable"])
            rows.append(
                [layer["name"] or "?", layer["class_name"] or "?", layer["path"], f"{size:,}", f"{trainable:,}"]
            )
        lines += table(rows, "    ")
    return lines


def _queue_runners_section(collections: Dict[str, Dict[str, Any]]) -> List[str]:
    runners = [item for item in (collections.get("queue_runners") or {}).get("value", []) if isinstance(item, dict)]
    if not runners:
        return []
    rows = [
        [runner["queue_name"], f"{len(runner['enqueue_op_name'])} enqueue ops",
         "closes on " + (", ".join(str(code) for code in runner["queue_closed_exception_types"]) or "-")]
        for runner in runners
    ]  # fmt: skip
    return [f"  queue runners ({len(runners)}):", *table(rows, "    ")]


def _context_lines(context: Dict[str, Any], kind: str, depth: int) -> List[str]:
    indent = "    " + "  " * depth
    if kind == "while":
        maximum = context["maximum_iterations_name"] or "-"
        detail = f"while  max_iterations {maximum}, parallel {context['parallel_iterations']}"
    else:
        detail = f"cond   branch {context['branch']}, pred {context['pred_name']}"
    lines = [f"{indent}{context['context_name']}  ({detail})"]
    for nested in context["nested_contexts"]:
        if nested["cond_ctxt"] is not None:
            lines += _context_lines(nested["cond_ctxt"], "cond", depth + 1)
        elif nested["while_ctxt"] is not None:
            lines += _context_lines(nested["while_ctxt"], "while", depth + 1)
    return lines


def _contexts_section(collections: Dict[str, Dict[str, Any]]) -> List[str]:
    lines = []
    for name, kind in (("while_context", "while"), ("cond_context", "cond")):
        for context in (collections.get(name) or {}).get("value", []):
            if isinstance(context, dict):
                lines += _context_lines(context, kind, 0)
    return ["  control-flow contexts:", *lines] if lines else []


def _signatures_section(meta_graph: Dict[str, Any]) -> List[str]:
    signatures = meta_graph["signature_def"]
    if not signatures:
        return []
    lines = [f"  signatures ({len(signatures)}):"]
    for key in sorted(signatures):
        signature = signatures[key]
        lines.append(f"    {key}  (method {signature['method_name'] or '-'})")
        for direction in ("inputs", "outputs"):
            rows = []
            for tensor_key in sorted(signature[direction]):
                info = signature[direction][tensor_key]
                rows.append([f"{direction[:-1]} {tensor_key}", str(info["dtype"]), _shape(info["tensor_shape"]),
                             _tensor_names(info)])  # fmt: skip
            lines += table(rows, "      ")
    return lines


def _tensor_names(info: Dict[str, Any]) -> str:
    # TensorInfo.encoding: a tensor name, a sparse tensor's three tensors, or a composite's components.
    if info["name"] is not None:
        return str(info["name"])
    sparse = info["coo_sparse"]
    if sparse is not None:
        return (
            f"sparse: values {sparse['values_tensor_name']}, indices {sparse['indices_tensor_name']}, "
            f"dense_shape {sparse['dense_shape_tensor_name']}"
        )
    composite = info["composite_tensor"]
    if composite is not None:
        names = ", ".join(_tensor_names(component) for component in composite["components"])
        return f"composite: {names}"
    return "(no tensor)"


def _shape(shape: Optional[Dict[str, Any]]) -> str:
    if shape is None or shape["unknown_rank"]:
        return "unknown rank"
    return "(" + ", ".join(str(dim["size"]) for dim in shape["dim"]) + ")"
