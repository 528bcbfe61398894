# SPDX-License-Identifier: Apache-2.0
"""Will a model load in a given TensorFlow release? Its ops, attrs, DataTypes and graph versions against that release's.

Strategy: what TensorFlow's loaders check when they build a graph, done on the data of ``table``. The model is read
once (``needs_of``): each meta graph's nodes and its library functions' nodes are decoded (a Const's tensor passed
over) and folded into their distinct *shapes*, an op with its attr names and the attr values a release can refuse
(DataTypes, strings some release limits, attrs some release lacks), with the first node of each shape and how many
there are; the graph's ``versions``; the producer's OpDefs (``stripped_op_list``) the TF 1 loader strips attrs by.
Then each release is checked against those shapes (``check_needs``), so a model of 10,000 nodes and 300 shapes
costs 300 questions a release. The rules, each with what the release prints (C++ ``ValidateNodeDef``,
``ValidateAttrValue``, ``CheckVersions``, the op registry's lookup):

* an op the release does not register (``Op type not registered``);
* an attr of a node its OpDef lacks (``NodeDef mentions attr``) unless the loader strips it: only the TF 1 loader
  (``import_meta_graph``, ``loader.load``, a TF 1 SavedModel in ``tf.saved_model.load``) does, for a graph node
  (not a library function's) whose value equals the default the producer's OpDef gives; ``tf.saved_model.load`` of
  a TF 2 SavedModel, ``import_graph_def`` and the C++ loaders (TF Serving, Java) strip nothing;
* an attr the OpDef requires (no default) that the node lacks (``NodeDef missing attr``);
* a value an attr's allowed values exclude (``Value for attr 'T' of bfloat16 is not in the list``);
* a DataType the release does not declare;
* the graph's ``versions`` against the release's range (producer below its minimum, a ``min_consumer`` above it, a
  bad consumer naming it);
* a TF 2 SavedModel (object graph) before 2.0, which only the TF 1 loader reads; a ``fingerprint.pb``, which
  releases before 2.11 ignore (harmless);
* of a checkpoint (given by its own path), each tensor's DataType: a release that lacks it does not refuse the
  tensor, its reader aborts the process (a CHECK in ``tensor.cc``: ``Unexpected type: 25``).

A release whose attrs for an op are not known (the op has no Python wrapper there) has that op's attrs unchecked
and says so. Nothing here imports TensorFlow or runs anything from the model.
"""

from __future__ import annotations

import os

from .._ckpt.checkpoint import load_checkpoint
from .._disk.source import source_of
from .._errors import DecodeError
from .._graph.graphdef import Graph
from .._model.files import load
from .._typing import cast
from . import table

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Dict, Final, FrozenSet, Iterable, List, Optional, Sequence, Set, Tuple, Union

    from .. import types as _types
    from .._disk.source import Source
    from .._typing import Buffer, Decoded

    #: A shape: op, then (attr name, the value the check compares or None) pairs in name order.
    Shape = Tuple[str, Tuple[Tuple[str, Any], ...]]

SEVERITIES: Final = ("info", "warning", "error")

_RELEASE: Final = "\x00release\x00"  # stands for the release's name in a message until the message is given

#: Each rule: its severity and what it is about.
RULES: Final = {
    "op-not-registered": ("error", "An op the release does not register"),
    "attr-not-in-op": ("error", "An attr of a node that the release's OpDef lacks"),
    "attr-stripped": (
        "info",
        "An attr the release's OpDef lacks, at the producer's default: the TF 1 loader strips it",
    ),
    "attr-ignored": ("warning", "An attr the release's OpDef lacks: since 2.5 it is logged and ignored"),
    "attr-missing": ("error", "An attr the release's OpDef requires that the node lacks"),
    "attr-value-not-allowed": ("error", "A value the release's OpDef does not allow for the attr"),
    "dtype-unknown": ("error", "A DataType the release does not declare"),
    "graph-version": ("error", "The graph's versions are outside what the release consumes"),
    "object-graph": ("info", "A TF 2 SavedModel: before 2.0 only its meta graph is read, by the TF 1 loader"),
    "fingerprint": ("info", "fingerprint.pb, written since 2.11: older releases ignore it"),
    "attrs-unknown": ("info", "The release's attrs for an op are not known (it has no Python wrapper there)"),
    "contrib-op": ("warning", "An op only tf.contrib registers: a program must touch tf.contrib before loading"),
}

# The loaders, by what they are given (see the module's paragraph).
TF2_LOADER: Final = "tf.saved_model.load"
TF1_LOADER: Final = "TF 1 loader: loader.load, import_meta_graph"
GRAPH_LOADER: Final = "tf.compat.v1.import_graph_def"
CPP_LOADER: Final = "C++ loader: TF Serving, LoadSavedModel, TF Java"
CHECKPOINT_READER: Final = "checkpoint reader: tf.train.load_checkpoint, restore"


class _Needs:
    """What a model asks of a release: its shapes (with where each is first found), graph versions and format."""

    __slots__ = (
        "_dtypes",
        "fingerprint",
        "format",
        "functions",
        "graphs",
        "memo",
        "path",
        "shapes",
        "stripping",
        "tensors",
        "tf2",
    )

    def __init__(self, path: Optional[str], format_: str) -> None:
        self.path = path
        self.format = format_
        #: shape -> [meta graph index, tags, function or None, first node name, count, attr values by name]
        self.shapes: Dict[Shape, List[Any]] = {}
        #: per meta graph: (index, tags, versions or None)
        self.graphs: List[Tuple[int, List[str], Optional[Decoded]]] = []
        #: (meta graph index, op) -> {attr: the producer's default AttrValue}: what the TF 1 loader strips by
        self.stripping: Dict[Tuple[int, str], Dict[str, Decoded]] = {}
        self.tf2 = False
        self.fingerprint = False
        self.functions: Set[str] = set()
        #: a checkpoint's tensors by DataType: dtype -> (first key, how many keys); empty for a model
        self.tensors: Dict[Any, List[Any]] = {}
        #: (shape, what of the release the shape's findings depend on) -> those findings (see _Checker.check)
        self.memo: Dict[Tuple[Any, ...], List[Decoded]] = {}
        self._dtypes: Dict[Shape, Tuple[str, ...]] = {}

    def dtypes_of(self, shape: Shape) -> Tuple[str, ...]:
        """The DataTypes a shape's attrs hold."""
        found = self._dtypes.get(shape)
        if found is None:
            listed: List[str] = []
            for _, compared in shape[1]:
                if compared is not None and compared[0] == "type":
                    listed.append(compared[1])
                elif compared is not None and compared[0] == "types":
                    listed += compared[1]
            found = self._dtypes[shape] = tuple(listed)
        return found


def _compared_attrs(op: str) -> Optional[Tuple[FrozenSet[str], FrozenSet[str]]]:
    """Of *op*'s attrs, those every release that describes it has, and those whose values some release limits: a
    node's other attrs have their values compared (a release may lack them, or strip them at a default). None for an
    op no release describes (every value is then compared)."""
    if op not in _COMPARED:
        known = [attrs for attrs in (table.attrs_of(op, index) for index in range(len(table.VERSIONS))) if attrs]
        _COMPARED[op] = (
            None
            if not known
            else (
                frozenset(set.intersection(*(set(attrs) for attrs in known))),
                frozenset(name for attrs in known for name, (_, allowed) in attrs.items() if allowed is not None),
            )
        )
    return _COMPARED[op]


_COMPARED: Dict[str, Optional[Tuple[FrozenSet[str], FrozenSet[str]]]] = {}


def _value_key(value: Decoded) -> Any:
    """What of an AttrValue the check compares, hashable: a DataType or list of them, a string, or the value whole."""
    if value.get("type") is not None:
        return ("type", value["type"])
    listed = value.get("list")
    if listed is not None and listed.get("type"):
        return ("types", tuple(listed["type"]))
    if value.get("s") is not None:
        return ("s", value["s"])
    return ("repr", repr(value))


def _add_nodes(needs: _Needs, nodes: Iterable[Decoded], index: int, tags: List[str], function: Optional[str]) -> None:
    shapes = needs.shapes
    for node in nodes:
        op = node["op"]
        attrs = node["attr"]
        compared_attrs = _compared_attrs(op)
        parts = []
        for name in sorted(attrs):
            if name[:1] == "_":
                continue  # internal attrs ("_class", "_output_shapes"): every loader accepts them
            value = attrs[name]
            compared = None
            if value["placeholder"] is None and (
                compared_attrs is None
                or name not in compared_attrs[0]
                or name in compared_attrs[1]
                or value["type"] is not None
                or (value["list"] is not None and value["list"]["type"])  # a list of DataTypes
            ):
                compared = _value_key(value)
            parts.append((name, compared))
        shape = (op, tuple(parts))
        entry = shapes.get(shape)
        if entry is None:
            shapes[shape] = [index, tags, function, node["name"], 1, attrs]
        else:
            entry[4] += 1


def needs_of(model: Any) -> _Needs:
    """Read what *model* (a path ``load`` takes, or what it returned) asks of a release."""
    if isinstance(model, dict) and "tensors" in model and "meta_graphs" not in model:
        return _checkpoint_needs(model)
    loaded: Decoded
    if isinstance(model, dict):
        loaded = model
    else:
        try:
            loaded = cast("Decoded", load(os.fsdecode(model)))
        except DecodeError as exc:
            try:  # a checkpoint's own path: no model there, its tensors are what a release must read
                return _checkpoint_needs(cast("Decoded", load_checkpoint(os.fsdecode(model))))
            except (DecodeError, OSError):
                raise exc from None
    source = source_of(loaded)
    if source is None or "meta_graphs" not in loaded:
        raise TypeError("compatible() needs a path or what tfcollections.load returned (a copy keeps no file to read)")
    needs = _Needs(loaded.get("path"), loaded["format"])
    folder = os.path.dirname(source.path) if source.path is not None else None
    needs.fingerprint = (
        loaded["format"] == "SavedModel"
        and folder is not None
        and (os.path.exists(os.path.join(folder, "fingerprint.pb")))
    )
    with source.opened() as buf:
        for index, meta_graph in enumerate(loaded["meta_graphs"]):
            _read_meta_graph(needs, source, buf, index, meta_graph)
    return needs


def _checkpoint_needs(checkpoint: Decoded) -> _Needs:
    """What a checkpoint asks of a release that reads it: a DataType for each of its tensors."""
    needs = _Needs(checkpoint["prefix"], "Checkpoint")
    for key, tensor in checkpoint["tensors"].items():
        found = needs.tensors.get(tensor["dtype"])
        if found is None:
            needs.tensors[tensor["dtype"]] = [key, 1]
        else:
            found[1] += 1
    return needs


def _read_meta_graph(needs: _Needs, source: Source, buf: Buffer, index: int, meta_graph: Decoded) -> None:
    info = meta_graph.get("meta_info_def")
    tags = list(info["tags"]) if info is not None else []
    if meta_graph.get("object_graph_def") is not None:
        needs.tf2 = True
    if source.format != "GraphDef" and meta_graph.get("graph_def") is None:
        needs.graphs.append((index, tags, None))  # a meta graph without a graph: nothing for a release to build
        return
    graph = Graph(source, buf, index, meta_graph)
    needs.graphs.append((index, tags, graph.versions))
    needs.functions.update(graph.functions)
    _add_nodes(needs, graph.nodes, index, tags, None)
    for name, function in graph.functions.items():
        _add_nodes(needs, function["node_def"], index, tags, name)
    span = info["stripped_op_list"] if info is not None else None
    if span is not None:
        op_list = source.read_span(buf, span, "tensorflow.OpList", source.meta_graph_depth + 2)
        for op in op_list["op"]:
            defaults = {attr["name"]: attr["default_value"] for attr in op["attr"] if attr["default_value"] is not None}
            if defaults:
                needs.stripping[(index, op["name"])] = defaults


def _dtype_text(dtype: Any) -> str:
    """A DataType as TensorFlow's ``DataTypeString`` prints it: ``DT_FLOAT`` -> ``float``, ``DT_HALF_REF`` ->
    ``half_ref``."""
    if not isinstance(dtype, str):
        return f"unknown dtype enum ({dtype})"
    return dtype[3:].lower()


def _allowed_text(allowed: Tuple[str, ...]) -> str:
    """Allowed values as TensorFlow lists them: in the OpDef's order, DataTypes by their names."""
    return ", ".join(_dtype_text(item) if item.startswith("DT_") else item for item in allowed)


class _Checker:
    """One release's questions about one model's shapes, with its findings."""

    def __init__(self, needs: _Needs, release: int, loader: str) -> None:
        self.needs = needs
        self.release = release
        # Messages name the release by a placeholder, filled in last: a shape's findings are shared by releases.
        self.version = _RELEASE
        self.real_version = table.VERSIONS[release]
        self.loader = loader
        self.findings: List[Decoded] = []
        self.dtypes = table.dtypes()
        #: Only tf.saved_model.load builds every library function when loading (each concrete function's graph).
        self.validates_functions = loader == TF2_LOADER
        self.ignores_unknown_attrs = table.ignores_unknown_attrs(release)

    def add(self, rule: str, message: str, printed: str, entry: Optional[List[Any]] = None, op: Optional[str] = None,
            attr: Optional[str] = None, meta_graph: Optional[int] = None, tags: Optional[List[str]] = None,
            severity: Optional[str] = None) -> None:  # fmt: skip
        if entry is not None:
            meta_graph, tags = entry[0], entry[1]
        severity = severity or RULES[rule][0]
        if (
            severity == "error"
            and entry is not None
            and entry[2] is not None
            and not self.validates_functions
            and (rule not in ("op-not-registered", "graph-version"))
        ):
            # This loader builds no library function at load time: the node fails when its function first runs.
            severity = "warning"
            message += (
                f" (in function {entry[2]!r}, which this loader builds when it is first called: calling it fails)"
            )
        self.findings.append({
            "rule": rule, "severity": severity, "message": message, "printed": printed, "op": op, "attr": attr,
            "meta_graph": meta_graph, "tags": list(tags or []), "function": entry[2] if entry is not None else None,
            "node": entry[3] if entry is not None else None, "nodes": entry[4] if entry is not None else 0,
        })  # fmt: skip

    def check(self) -> List[Decoded]:
        needs, version = self.needs, self.version
        if needs.tf2 and self.real_version.split(".")[0] in ("0", "1") and self.loader != CPP_LOADER:
            self.add("object-graph", f"a TF 2 SavedModel: TensorFlow {version} reads its meta graph with the TF 1 "
                     "loader (tf.compat.v1.saved_model.loader.load), not its objects (tf.saved_model.load is 2.0's)",
                     "", meta_graph=None)  # fmt: skip
        if needs.fingerprint and _older(self.real_version, (2, 11)):
            self.add("fingerprint", f"fingerprint.pb: TensorFlow {version} ignores it (harmless)", "")
        for index, tags, versions in needs.graphs:
            self._versions(index, tags, versions)
        for dtype, (name, count) in needs.tensors.items():
            known = self.dtypes.get(dtype) if isinstance(dtype, str) else None
            if known is None or known[1] > self.release:
                since = f" (declared since {table.VERSIONS[known[1]]})" if known is not None else ""
                number = known[0] if known is not None else dtype
                # Its reader does not refuse the tensor: a CHECK in tensor.cc aborts the whole process.
                self.add("dtype-unknown", f"tensor {name!r} is {dtype}, a DataType TensorFlow {version} does not "
                         f"declare{since}: reading it aborts the process", f"Unexpected type: {number}")  # fmt: skip
                self.findings[-1].update(node=name, nodes=count)
        # A shape's findings depend on the release only through what the key holds: releases that agree on them
        # (most do, an op's attrs change a few times in 100 releases) share one evaluation, kept on the needs.
        memo, declared, release = needs.memo, self.dtypes, self.release
        for shape, entry in needs.shapes.items():
            op = shape[0]
            if op in needs.functions:
                continue  # a call of a library function by its name
            registered = table.registers(op, release)
            undeclared = tuple(dtype for dtype in needs.dtypes_of(shape)
                               if dtype not in declared or declared[dtype][1] > release)  # fmt: skip
            key = (shape, registered, table.attrs_row(op, release) if registered else None, undeclared, self.loader,
                   self.ignores_unknown_attrs, registered and table.from_contrib(op, release))  # fmt: skip
            found = memo.get(key)
            if found is None:
                start = len(self.findings)
                self._shape(op, shape[1], entry)
                memo[key] = self.findings[start:]
            else:
                self.findings += found
        version = self.real_version
        # Each release's findings their own (memoized ones are shared by releases): the tags list copied too.
        named = [dict(finding, message=finding["message"].replace(_RELEASE, version), tags=list(finding["tags"]),
                      printed=finding["printed"].replace(_RELEASE, version)) for finding in self.findings]  # fmt: skip
        return _merged(named)

    def _versions(self, index: int, tags: List[str], versions: Optional[Decoded]) -> None:
        ranges = table.graph_def_versions(self.release)
        if versions is None or ranges is None:
            return
        consumer, _min_consumer, min_producer = ranges
        producer = versions["producer"] or 0
        wanted = versions["min_consumer"] or 0
        if producer < min_producer:
            self.add("graph-version", f"the graph's producer version {producer} is below {min_producer}, the oldest "
                     f"TensorFlow {self.version} reads",
                     f"GraphDef producer version {producer} below min producer {min_producer} supported by "
                     f"TensorFlow {self.version}.  Please regenerate your graph.",
                     meta_graph=index, tags=tags)  # fmt: skip
        if wanted > consumer:
            self.add("graph-version", f"the graph asks for a consumer of version {wanted} or newer; TensorFlow "
                     f"{self.version} is version {consumer}",
                     f"GraphDef min consumer version {wanted} above current version {consumer} for TensorFlow "
                     f"{self.version}.  Please upgrade TensorFlow.", meta_graph=index, tags=tags)  # fmt: skip
        if consumer in (versions["bad_consumers"] or ()):
            self.add("graph-version", f"the graph names TensorFlow {self.version}'s version {consumer} a bad consumer",
                     f"GraphDef disallows consumer version {consumer}.  Please upgrade TensorFlow: this version is "
                     "likely buggy.", meta_graph=index, tags=tags)  # fmt: skip

    def _shape(self, op: str, parts: Tuple[Tuple[str, Any], ...], entry: List[Any]) -> None:
        release, version = self.release, self.version
        for name, compared in parts:
            if compared is not None and compared[0] in ("type", "types"):
                for dtype in (compared[1],) if compared[0] == "type" else compared[1]:
                    declared = self.dtypes.get(dtype) if isinstance(dtype, str) else None
                    if declared is None or declared[1] > release:
                        since = f" (declared since {table.VERSIONS[declared[1]]})" if declared is not None else ""
                        number = declared[0] if declared is not None else dtype
                        self.add("dtype-unknown", f"node {entry[3]!r} ({op}) attr {name!r} is {dtype}, a DataType "
                                 f"TensorFlow {version} does not declare{since}",
                                 f"AttrValue has invalid DataType enum: {number}", entry, op, name)  # fmt: skip
        if not table.registers(op, release) and table.only_in_registries(op) and table.op_releases(op) is not None:
            first = (table.op_releases(op) or ("", ""))[0]
            self.add("op-not-registered", f"op {op}: whether TensorFlow {version} registers it is not known (an "
                     f"internal op, no wrapper calls it; the registries read whole hold it from {first})",
                     f"Op type not registered '{op}' in binary running on <host>. (if it is not)", entry, op,
                     severity="warning")  # fmt: skip
            return
        if not table.registers(op, release):
            releases = table.op_releases(op)
            span = f"registered by TensorFlow {releases[0]} to {releases[1]}" if releases else "no release registers it"
            self.add("op-not-registered", f"op {op} is not registered in TensorFlow {version}: {span}",
                     f"Op type not registered '{op}' in binary running on <host>. Make sure the Op and Kernel are "
                     "registered in the binary running in this process.", entry, op)  # fmt: skip
            return
        if table.from_contrib(op, release):
            if self.loader == CPP_LOADER:
                said = "a C++ binary (TF Serving's model server) registers it only if it was built with contrib's ops"
            else:
                said = ("a program registers it once it touches tf.contrib (its libraries load lazily): access "
                        "tf.contrib before loading the model")  # fmt: skip
            self.add("contrib-op", f"op {op} comes from tf.contrib in TensorFlow {version}: {said}",
                     f"Op type not registered '{op}' in binary running on <host>. Make sure the Op and Kernel are "
                     "registered in the binary running in this process. Note that if you are loading a saved graph "
                     "which used ops from tf.contrib, accessing (e.g.) `tf.contrib.resampler` should be done before "
                     "importing the graph, as contrib ops are lazily registered when the module is first accessed.",
                     entry, op)  # fmt: skip
        attrs = table.attrs_of(op, release)
        if attrs is None:  # said once a release: the findings of an op's shapes are merged
            self.add("attrs-unknown", f"op {op}: TensorFlow {version}'s attrs for it are not known (its wheel has no "
                     "Python wrapper for it): its attrs are not checked", "", entry, op)  # fmt: skip
            return
        given = set()
        for name, compared in parts:
            given.add(name)
            spec = attrs.get(name)
            if spec is None:
                self._unknown_attr(op, name, entry, attrs)
                continue
            allowed = spec[1]
            if allowed is None or compared is None:
                continue
            kind, value = compared
            values = (value,) if kind == "type" else value if kind == "types" else (_quoted(value),) if kind == "s" \
                else ()  # fmt: skip
            for item in values:
                if item not in allowed and (kind == "s" or (item in self.dtypes and self.dtypes[item][1] <= release)):
                    # (a DataType the release does not declare at all is said once, as dtype-unknown, above)
                    shown = _dtype_text(item) if kind in ("type", "types") else item
                    self.add("attr-value-not-allowed", f"node {entry[3]!r} ({op}) attr {name!r} is {shown}, which "
                             f"TensorFlow {version} does not allow ({_allowed_text(allowed)})",
                             f"Value for attr '{name}' of {shown} is not in the list of allowed values: "
                             f"{_allowed_text(allowed)}", entry, op, name)  # fmt: skip
                    break
        for name, (has_default, _) in attrs.items():
            if has_default is False and name not in given:
                self.add("attr-missing", f"node {entry[3]!r} ({op}) lacks attr {name!r}, which TensorFlow {version} "
                         "requires (it has no default there)",
                         f"NodeDef missing attr '{name}' from Op<name={op}; ...>; NodeDef: {{{{node {entry[3]}}}}}",
                         entry, op, name)  # fmt: skip

    def _unknown_attr(self, op: str, name: str, entry: List[Any], attrs: Any) -> None:
        version = self.version
        first = table.first_with_attr(op, name)
        since = f" (its OpDef has it since {first})" if first is not None else " (no release's OpDef has it)"
        function = entry[2]
        default = self.needs.stripping.get((entry[0], op), {}).get(name)
        value = entry[5].get(name)
        at_default = default is not None and value is not None and _same_value(default, value)
        if self.loader == TF1_LOADER and function is None and at_default:
            self.add(
                "attr-stripped",
                f"node {entry[3]!r} ({op}) attr {name!r} is unknown to TensorFlow {version}"
                f"{since}, but at the producer's default: the TF 1 loader strips it",
                "",
                entry,
                op,
                name,
            )
            return
        if self.ignores_unknown_attrs:
            # The node loads without the attr: harmless at the producer's default, else its effect is lost.
            effect = "at the producer's default" if at_default else "its effect, if not at its default, is lost"
            self.add("attr-ignored", f"node {entry[3]!r} ({op}) has attr {name!r}, which TensorFlow {version}'s {op} "
                     f"lacks{since}: it logs and ignores it ({effect})",
                     f"NodeDef mentions attribute {name} which is not in the op definition: Op<name={op}; ...> This "
                     "may be expected if your graph generating binary is newer  than this binary. Unknown attributes "
                     f"will be ignored. NodeDef: {{{{node {entry[3]}}}}}", entry, op, name,
                     severity="info" if at_default else "warning")  # fmt: skip
            return
        printed = (f"NodeDef mentions attr '{name}' not in Op<name={op}; ...>; NodeDef: {{{{node {entry[3]}}}}}. "
                   "(Check whether your GraphDef-interpreting binary is up to date with your GraphDef-generating "
                   "binary.).")  # fmt: skip
        self.add("attr-not-in-op", f"node {entry[3]!r} ({op}) has attr {name!r}, which TensorFlow {version}'s {op} "
                 f"lacks{since}", printed, entry, op, name)  # fmt: skip


def _merged(findings: List[Decoded]) -> List[Decoded]:
    """One finding for each rule, op, attr and severity: the nodes of several shapes (an op with other attrs
    besides) counted together, the first one named."""
    kept: Dict[Tuple[Any, ...], Decoded] = {}
    for finding in findings:
        key = (finding["rule"], finding["op"], finding["attr"], finding["severity"], finding["meta_graph"])
        if finding["op"] is None or key not in kept:
            kept[key if finding["op"] is not None else (len(kept), key)] = finding
        else:
            kept[key]["nodes"] += finding["nodes"]
    return list(kept.values())


def _same_value(default: Decoded, value: Decoded) -> bool:
    """Whether a node's AttrValue equals a default, as protobuf compares them (both decoded by the same schema; a
    tensor, passed over as a span, is never taken to be equal)."""
    return default["tensor"] is None and default == value


def _quoted(value: bytes) -> str:
    text = value.decode("utf-8", "replace")
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _older(version: str, than: Tuple[int, int]) -> bool:
    parts = version.split(".")
    return (int(parts[0]), int(parts[1])) < than


def _loader(needs: _Needs, release: int, serving: bool) -> str:
    if needs.format == "Checkpoint":
        return CHECKPOINT_READER
    if serving:
        return CPP_LOADER
    if needs.format == "GraphDef":
        return GRAPH_LOADER
    if needs.tf2 and not table.VERSIONS[release].startswith(("0.", "1.")):
        return TF2_LOADER
    return TF1_LOADER


def check_needs(needs: _Needs, releases: Sequence[int], serving: bool = False) -> List[Decoded]:
    """The verdict of each release (indexes of ``table.VERSIONS``) on a model's needs."""
    verdicts = []
    for release in releases:
        loader = _loader(needs, release, serving)
        findings = _Checker(needs, release, loader).check()
        verdicts.append({
            "release": table.VERSIONS[release], "loader": loader,
            "loads": not any(finding["severity"] == "error" for finding in findings), "findings": findings,
            "attrs_from": table.attrs_read_from(release),
        })  # fmt: skip
    return verdicts


def compatible(
    model: Any,
    releases: Union[str, Sequence[str], None] = None,
    *,
    serving: bool = False,
) -> _types.CompatReport:
    """Whether *model* would load in TensorFlow *releases*, and what each would refuse.

    *model* is a path ``load`` takes (a ``.meta``, a SavedModel, a frozen graph) or what ``load`` returned; or a
    checkpoint (a path ``load_checkpoint`` takes, where no model is, or what it returned), whose tensors' DataTypes
    are checked.
    *releases* is a release (``"2.4.0"``; ``"2.4"`` for its newest patch; ``"2"`` for every 2.x), a list of them,
    or None for every release the data covers (0.12.0 to the newest). With *serving*, each release is checked as
    TF Serving and the C++ and Java loaders load a model (no attr is stripped, no object graph is read).

    Returns ``{"path", "format", "serving", "releases": [...], "loads_in", "oldest"}``: for each release asked
    about, ``{"release", "loader", "loads", "findings", "attrs_from"}``, each finding ``{"rule", "severity",
    "message", "printed", "op", "attr", "meta_graph", "tags", "function", "node", "nodes"}`` (``printed``: what
    that release prints, where it prints something; ``nodes``: how many nodes share the finding); ``loads_in``:
    the releases asked about that load it, as ``[first, last]`` runs; ``oldest``: the oldest of them, or None.
    Raises ``ValueError`` for a release the data does not know (naming the known ones), ``DecodeError`` for a
    model that does not read.
    """
    names = [releases] if isinstance(releases, str) else list(releases) if releases is not None else ["all"]
    indexes = sorted({index for name in names for index in table.resolve(name)})
    needs = needs_of(model)
    verdicts = check_needs(needs, indexes, serving)
    return cast("_types.CompatReport", report_of(needs, verdicts, serving))


def report_of(needs: _Needs, verdicts: List[Decoded], serving: bool) -> Decoded:
    runs: List[List[str]] = []
    previous = -2
    for verdict in verdicts:
        index = table.VERSIONS.index(verdict["release"])
        if verdict["loads"]:
            if runs and previous == index - 1:
                runs[-1][1] = verdict["release"]
            else:
                runs.append([verdict["release"], verdict["release"]])
        previous = index if verdict["loads"] else -2
    oldest = runs[0][0] if runs else None
    return {"path": needs.path, "format": needs.format, "serving": serving, "releases": verdicts, "loads_in": runs,
            "oldest": oldest}  # fmt: skip
