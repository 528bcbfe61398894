# SPDX-License-Identifier: Apache-2.0
"""The security scan: for every model file, directory or tree, what in it can touch the host, and how much.

Strategy: a model is read as ``load(path, graph=True)`` reads it, with the graph walk watching, besides the
ops of ``_graph.ops.FLAGGED_OPS``, every op no TensorFlow release registers (``known``): the walk lists the
nodes of those ops, in the graph or in which library function, so a finding says where it is at the cost of
one question per distinct op. Each flagged op's kind has a severity (``RULES``); a saver's own checkpoint ops
(in the scope of a SaverDef's nodes, or in the library function a TF 2 saver node calls) are not findings.
Keras layers come from the model's Keras metadata (``keras_metadata.pb`` beside it, or the object graph's
``user_object.metadata`` before TF 2.4): a ``Lambda`` with marshalled Python bytecode, one that names a
Python function, a ``TFSMLayer``. A file that is not a model is named as ``load`` names it and counted as
not scanned. Nothing here imports TensorFlow or runs anything from the model.
"""

from __future__ import annotations

import os
import re

from .._errors import DecodeError
from .._graph.endpoints import in_savers, saver_nodes
from .._graph.graph import node_inputs
from .._graph.ops import FLAGGED_OPS, NETWORK, PRINTS, PYTHON, READS, SAVER_OPS, WRITES
from .._graph.saved_objects import KERAS_METADATA_FILE, metadata_layers
from .._model.files import read_file, walk_models
from .._typing import cast
from . import known

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final, Iterator, List, NamedTuple, Optional, Set, Tuple, Union

    from .. import types as _types
    from .._typing import Decoded
else:
    from typing import NamedTuple

SEVERITIES: Final = ("info", "low", "medium", "high", "critical")


class Rule(NamedTuple):
    """One kind of finding: its id (SARIF's ruleId), severity, a title, and why it matters."""

    id: str
    severity: str
    title: str
    why: str


# fmt: off
RULES: Final = (
    Rule("keras-lambda-bytecode", "critical", "A Keras Lambda layer holding Python bytecode",
         "The layer's function is marshalled Python bytecode stored in the model: Keras 2 (and Keras 3 with "
         "safe_mode=False) unmarshals and runs it when the model is loaded or called. Code from the file runs."),
    Rule("python-op", "high", "An op that runs Python",
         "PyFunc, PyFuncStateless and EagerPyFunc call a Python function registered in the process that runs the "
         "graph: the model cannot run without its author's Python code, which whoever loads it must supply."),
    Rule("unknown-op", "high", "An op no TensorFlow release registers",
         "A custom op: only a shared library (tf.load_op_library) that the model's author ships can run it, and "
         "loading that library runs its native code in the process."),
    Rule("network-op", "high", "An op that talks to other hosts",
         "RPC, tf.data service, BigQuery and debugger ops connect to addresses their inputs or attrs name."),
    Rule("write-op", "high", "An op that writes files",
         "It writes to a path its inputs or attrs give (WriteFile, dataset saves, summary and debug writers): "
         "running the graph can create or overwrite files."),
    Rule("keras-lambda-function", "medium", "A Keras Lambda layer naming a Python function",
         "The layer calls a Python function by module and name: loading the model imports that module."),
    Rule("keras-tfsm-layer", "medium", "A Keras TFSMLayer",
         "The layer loads another SavedModel from a path when the model is loaded: scan that model too."),
    Rule("read-op", "medium", "An op that reads files",
         "It reads a path its inputs give (ReadFile, file datasets and readers, tables from text files): a graph "
         "that takes the path from its input can read any file the process can."),
    Rule("checkpoint-op", "low", "A checkpoint op outside a saver",
         "SaveV2, RestoreV2, MergeV2Checkpoints and their kind write or read checkpoint files at a path the graph "
         "computes. A saver's own are expected and not reported; these are not in a saver's scope (an "
         "init_from_checkpoint restore, or a saver built outside a name scope)."),
    Rule("print-op", "low", "An op that prints",
         "Print and PrintV2 write tensors to standard error, or (PrintV2's output_stream) to a file it names."),
    Rule("removed-op", "info", "An op only old TensorFlow releases register",
         "The model needs a TensorFlow release that still registers it (often TF 1.x contrib)."),
)
# fmt: on

RULES_BY_ID: Final = {rule.id: rule for rule in RULES}

_RULE_OF_KIND: Final = {PYTHON: "python-op", NETWORK: "network-op", WRITES: "write-op", READS: "read-op",
                        PRINTS: "print-op"}  # fmt: skip


# The scopes tf.train.Saver builds in: "save", then "save_1", ... (a graph may hold several savers; its SaverDef
# names the last), at any depth.
_SAVER_SCOPE: Final = re.compile(r"(?:^|/)save(?:_\d+)?/")


def _watch(op: str) -> bool:
    """What the walk of a scan keeps the nodes of: flagged ops, and ops no release registers."""
    return op in FLAGGED_OPS or not known.is_known(op)


def scan(*paths: Union[str, os.PathLike[str]]) -> List[_types.ScanReport]:
    """Scan model files, SavedModel directories and trees for what can touch the host.

    Returns one report a file, in the order found (a directory's files in name order, depth first):
    ``{"path", "format", "findings", "error"}``. ``findings`` are ``{"rule", "severity", "message", "op",
    "layer", "meta_graph", "tags", "function", "node"}`` (see ``RULES``); ``error`` says why a file was not
    scanned (not a model, damaged, unreadable), None when it was. A directory is walked whole: every file whose
    content is a model (as ``find_models`` finds them), and every ``keras_metadata.pb`` that is not beside one.
    """
    reports: List[Decoded] = []
    for given in paths:
        path = os.fspath(given)
        if os.path.isdir(path):
            reports += [scan_file(found) for found in _tree(path)]
        else:
            reports.append(scan_file(path))
    return cast("List[_types.ScanReport]", reports)


_SAVED_MODEL_FILES: Final = ("saved_model.pb", "saved_model.pbtxt")


def _tree(root: str) -> Iterator[str]:
    """The files of a tree a scan reads: its models, and Keras metadata no model sits beside."""
    seen = set()  # the folders of SavedModels, whose Keras metadata their reading reads
    for path in walk_models(root, None, None):
        if os.path.basename(path) in _SAVED_MODEL_FILES:
            seen.add(os.path.dirname(path))
        yield path
    for folder, _, files in os.walk(root):
        if KERAS_METADATA_FILE in files and folder not in seen:
            yield os.path.join(folder, KERAS_METADATA_FILE)


def scan_file(path: str) -> Decoded:
    """The report of one file (see ``scan``)."""
    report: Decoded = {"path": path, "format": None, "findings": [], "error": None}
    if os.path.basename(path) == KERAS_METADATA_FILE:
        try:
            with open(path, "rb") as file:
                layers = metadata_layers(file.read())
        except (OSError, DecodeError) as exc:
            report["error"] = _said(exc)
            return report
        report["format"] = "KerasMetadata"
        report["findings"] = _keras_findings(layers, None, [])
        return report
    try:
        with open(path, "rb") as file:
            model = read_file(file, path, True, _watch, ends=False)  # the scan reads no constant or input
    except (OSError, DecodeError) as exc:
        report["error"] = _said(exc)
        return report
    report["format"] = model["format"]
    findings: List[Decoded] = []
    for index, meta_graph in enumerate(model["meta_graphs"]):
        findings += model_findings(meta_graph, index)
    if model["format"] == "GraphDef":  # a graph with no meta graph around it
        for finding in findings:
            finding["meta_graph"] = None
    report["findings"] = findings
    return report


def _said(exc: Exception) -> str:
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    return str(exc)


def model_findings(meta_graph: Decoded, index: int) -> List[Decoded]:
    """The findings of one meta graph, read with ``graph=True`` (its ``"flagged"`` nodes and Keras layers)."""
    graph = meta_graph["graph"]
    info = meta_graph["meta_info_def"]
    tags = list(info["tags"]) if info is not None else []
    savers = saver_nodes(meta_graph)
    saver_functions = {call["function"] for call in graph["calls"] if call["node"] in savers}
    functions = graph["functions"]
    findings = []
    unscoped = [entry["node"] for entry in graph["flagged"] if entry["op"] in SAVER_OPS and entry["function"] is None
                and not (in_savers(entry["node"], savers) or _SAVER_SCOPE.search(entry["node"]))]  # fmt: skip
    own_scope = _in_own_scope(meta_graph, unscoped) if unscoped else set()
    for entry in graph["flagged"]:
        op, function, node = entry["op"], entry["function"], entry["node"]
        if op in functions:
            continue  # a call of a library function by its name, not an op
        if op in SAVER_OPS and (
            function in saver_functions if function is not None else node not in unscoped or node in own_scope
        ):
            continue  # the saver's own
        rule, message = _rule_of(op)
        findings.append(_finding(rule, message, op=op, meta_graph=index, tags=tags, function=function, node=node))
    keras = graph["keras"]
    if keras is not None:
        findings += _keras_findings(keras["layers"], index, tags)
    for op in graph["ops"]:
        releases = known.releases_of(op)
        if releases is not None and releases[1] != known.newest() and op not in functions:
            message = f"{op}: registered by TensorFlow {releases[0]} to {releases[1]} only"
            findings.append(_finding("removed-op", message, op=op, meta_graph=index, tags=tags))
    return findings


def _in_own_scope(meta_graph: Decoded, names: List[str]) -> Set[str]:
    """Of the checkpoint op nodes *names*, those whose path input (a prefix; MergeV2Checkpoints' destination) is
    made in the op's own name scope, as a saver makes it (a saver built outside ``save/`` scopes, as tf.keras
    does at the root); a restore of ``init_from_checkpoint`` takes its path from a Const of a scope of its own
    (``checkpoint_initializer/prefix``), and stays a finding."""
    source, index = getattr(meta_graph, "source", None), getattr(meta_graph, "index", 0)
    if source is None:
        return set()
    inputs = node_inputs(source, index, meta_graph, set(names))
    own = set()
    for name, (op, given) in inputs.items():
        at = 1 if op == "MergeV2Checkpoints" else 0  # its path: MergeV2Checkpoints' destination; the others' prefix
        scope = name.rpartition("/")[0]
        if len(given) > at and given[at].lstrip("^").partition(":")[0].rpartition("/")[0] == scope:
            own.add(name)
    return own


def _rule_of(op: str) -> Tuple[str, str]:
    does = FLAGGED_OPS.get(op)
    if does is None:
        return "unknown-op", (f"{op}: no TensorFlow release from {known.oldest()} to {known.newest()} registers it "
                              "(a custom op, from a shared library)")  # fmt: skip
    if op in SAVER_OPS:
        return "checkpoint-op", f"{op} {does}, outside the saver"
    return _RULE_OF_KIND[does], f"{op} {does}"


def _keras_findings(layers: List[Decoded], index: Optional[int], tags: List[str]) -> List[Decoded]:
    findings = []
    for layer in layers:
        where = {"layer": layer["path"], "meta_graph": index, "tags": tags}
        name = layer["name"] or layer["path"]
        if layer["class_name"] == "Lambda":
            function = layer["function"] or {}
            kind, module = function.get("function_type"), function.get("module")
            if kind == "lambda":
                message = f"Lambda layer {name!r}: Python bytecode (function_type 'lambda', module {module!r})"
                findings.append(_finding("keras-lambda-bytecode", message, **where))
            else:
                named = function.get("function")
                message = f"Lambda layer {name!r}: calls {module}.{named} (function_type {kind!r})"
                findings.append(_finding("keras-lambda-function", message, **where))
        elif layer["class_name"] == "TFSMLayer":
            findings.append(_finding("keras-tfsm-layer", f"TFSMLayer {name!r}: loads a SavedModel", **where))
    return findings


def _finding(
    rule: str,
    message: str,
    *,
    op: Optional[str] = None,
    layer: Optional[str] = None,
    meta_graph: Optional[int] = None,
    tags: Optional[List[str]] = None,
    function: Optional[str] = None,
    node: Optional[str] = None,
) -> Decoded:
    return {"rule": rule, "severity": RULES_BY_ID[rule].severity, "message": message, "op": op, "layer": layer,
            "meta_graph": meta_graph, "tags": list(tags or ()), "function": function, "node": node}  # fmt: skip


def at_least(findings: List[Decoded], severity: str) -> List[Decoded]:
    """The findings of *severity* or above."""
    floor = SEVERITIES.index(severity)
    return [finding for finding in findings if SEVERITIES.index(finding["severity"]) >= floor]
