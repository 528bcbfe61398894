# SPDX-License-Identifier: Apache-2.0
"""A frozen TensorFlow graph converted to an ONNX model that onnxruntime runs: ``to_onnx``.

Strategy: the graph is frozen first (``freeze``: variables made constants, pruned to the outputs), converted node
by node by the op table (``converter``, ``optable``), and written by the library's encoder from the ONNX rows of
the schema table, under a temporary name and renamed; a model over 2 GB keeps its weights beside it as ONNX
external data. TensorFlow's tensor names stay the inputs' and outputs' names.
"""

from __future__ import annotations

import os
import re

from .._disk.atomic import AtomicFile, AtomicFiles, check_destination
from .._disk.source import source_of
from .._graph.graphdef import split_tensor_name
from .._proto.compiled import COMPILED
from .._proto.encoder import encode_compiled
from .converter import Converter
from .freeze import freeze_graph, loaded_model, signature_inputs
from .images import rewrite
from .lowering import MADE_AT, lowered
from .optable import RULES
from .optimize import optimize
from .refusals import unsupported_ops

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import IO, Any, Dict, Final, List, Mapping, Optional, Sequence, Set, Tuple, Union

    from .._typing import Decoded
    from .tablefills import Vocabularies
    from .values import Shape

    InputSpec = Union[Sequence[str], Mapping[str, Optional[Sequence[Optional[int]]]]]

_MODEL: Final = COMPILED["onnx.ModelProto"]
DEFAULT_OPSET: Final = 17
OPSETS: Final = range(12, 22)
# The IR version each opset came with (onnx/helper.py's VERSION_TABLE): the oldest that carries it.
_IR_VERSIONS: Final = {12: 7, 13: 7, 14: 7, 15: 8, 16: 8, 17: 8, 18: 8, 19: 9, 20: 9, 21: 10}
_TWO_GB: Final = 2**31
#: The operator sets beyond ONNX's own a model may use, and the version it imports (ai.onnx.ml 2: LabelEncoder's
#: string, int64 and float keys and values, which every opset from 13 comes with).
DOMAINS: Final = {"ai.onnx.ml": 2}


def to_onnx(
    model: Any,
    checkpoint: Any = None,
    *,
    inputs: Optional[InputSpec] = None,
    outputs: Optional[Sequence[str]] = None,
    opset: int = DEFAULT_OPSET,
    signature: Optional[str] = None,
    path: Optional[Union[str, os.PathLike[str]]] = None,
    force: bool = False,
    vocabularies: Optional[Vocabularies] = None,
) -> bytes:
    """An ONNX model (``ModelProto`` bytes) of a TensorFlow graph: a frozen graph, or a ``.meta`` or TF 1
    SavedModel with its checkpoint (frozen first, as ``freeze`` freezes it).

    *model*, *checkpoint*, *outputs*, *signature* and *vocabularies* are as ``freeze`` takes them. *inputs* names
    the inputs: a list of tensor names, each with an optional shape after a colon (``"x:0:1,224,224,3"``,
    ``"x:0:[-1,3]"``), or a dict ``{name: shape}``; a dim of -1 or None is unknown, and an unknown dim of an input
    becomes symbolic (``batch`` for the first). *opset* is ONNX's default-domain opset (12 to 21; at 12 the model is
    made at 13 and the few ops whose forms changed at 13 are written in 12's, or refused where 12 has none). The
    model keeps TensorFlow's tensor names for its inputs and outputs (``"x:0"``), but for a TF 2 signature's, named
    by their keys (``x``, ``output_0``; its calls are inlined, see ``freeze``). With no *inputs*, a graph whose
    outputs are read from an input pipeline (a tf.data iterator's ``IteratorGetNext``, a queue's dequeue) is cut at
    the tensors it gives, each an input under its tensor name, and the model's ``doc_string`` says so, as it names
    the vocabularies given that fill tables. An input or output whose rank the graph leaves open (a placeholder of
    no shape, a reshape to a shape fed at run time) is declared by its type alone: ONNX's IR allows it and
    onnxruntime runs it, where onnx's checker asks every input and output of the main graph for a shape. With
    *path*, the model is also written there (under a temporary name, then renamed; an existing file only with
    *force*), its weights beside it as ONNX external data (``<path>.data``) when the model would pass 2 GB; the
    bytes returned are then the model without its weights.

    Raises ``ConversionError`` (a ``DecodeError``) naming every op type the conversion does not cover (with its
    count and first node) or the node that needs what the graph does not say (a rank, a constant), and the
    errors of ``freeze``.
    """
    return converted(model, checkpoint, inputs, outputs, opset, signature, path, force, signature_names=True,
                     vocabularies=vocabularies)  # fmt: skip


def converted(
    model: Any,
    checkpoint: Any,
    inputs: Optional[InputSpec],
    outputs: Optional[Sequence[str]],
    opset: int,
    signature: Optional[str],
    path: Optional[Union[str, os.PathLike[str]]],
    force: bool,
    *,
    signature_names: bool,
    vocabularies: Optional[Vocabularies] = None,
) -> bytes:
    """``to_onnx``'s model; with *signature_names* false, every input and output keeps its tensor name, a TF 2
    signature's too (``Session`` feeds and fetches by them)."""
    if opset not in OPSETS:
        raise ValueError(f"opset {opset} is not one the conversion writes ({OPSETS.start} to {OPSETS.stop - 1})")
    if path is not None:
        check_destination(os.fspath(path), force)  # said before the work (the writer checks again)
    loaded = loaded_model(model)
    source = source_of(loaded)
    if source is None or "meta_graphs" not in loaded:
        raise TypeError("to_onnx() needs a path or what tfcollections.load returned (a copy keeps no file to read)")
    names, shapes = _input_specs(inputs, signature_inputs(loaded, signature))
    with source.opened() as buf:
        frozen = freeze_graph(loaded, source, buf, checkpoint, outputs, names, signature,
                              signature_names=signature_names, cut_pipeline=True,
                              vocabularies=vocabularies or {})  # fmt: skip
        rules = {op: rule.convert for op, rule in RULES.items() if rule.since <= opset}
        converter = Converter(frozen, max(opset, MADE_AT), shapes)  # opset 12: made at 13, then lowered
        converter.inputs_given = names is not None
        graph = converter.convert(rules, rewrite, lambda nodes: unsupported_ops(nodes, opset, frozen.graph.value_of))
        ranks = {value.onnx: len(value.shape) for value in converter.values.values()
                 if value.onnx is not None and value.shape is not None}  # fmt: skip
        optimize(graph, ranks)
        if opset < MADE_AT:
            lowered(graph, ranks)
        initializers = graph["initializer"]
        size = sum(len(item.get("raw_data", b"")) for item in initializers)
        external = path is not None and size >= _TWO_GB - (1 << 20)
        model_proto = {
            "ir_version": _IR_VERSIONS[opset],
            "opset_import": [
                {"domain": "", "version": opset},
                *({"domain": domain, "version": DOMAINS[domain]} for domain in sorted(_domains(graph))),
            ],
            "producer_name": "tfcollections",
            "producer_version": _version(),
            # How the outputs (and inputs, where the conversion chose them) were chosen, for whoever reads the model.
            "doc_string": f"outputs: {frozen.chosen_by}"
            + (f"\ninputs: {frozen.inputs_chosen_by}" if frozen.inputs_chosen_by else "")
            + (f"\nvocabularies: {_given(frozen.vocabularies)}" if frozen.vocabularies else "")
            + (f"\nupdates: {_left_out(frozen.updates_left_out)}" if frozen.updates_left_out else ""),
            "graph": graph,
        }
        if path is None:
            return encode_compiled(_MODEL, model_proto, "ModelProto")
        target = os.fspath(path)
        if not external:
            data = encode_compiled(_MODEL, model_proto, "ModelProto")
            with AtomicFile(target, force) as file:
                file.write(data)
            return data
        # The model and its weights are renamed into place together, or neither is.
        with AtomicFiles([target + ".data", target], force) as (weights, file):
            _externalize(initializers, os.path.basename(target) + ".data", weights)
            data = encode_compiled(_MODEL, model_proto, "ModelProto")
            file.write(data)
    return data


def _given(vocabularies: Dict[str, str]) -> str:
    """The vocabulary files the caller gave, as the model's description names them: by the graph's name for the
    file, with the tables they fill (never the path they were read from, which is this machine's)."""
    tables: Dict[str, List[str]] = {}
    for table, name in vocabularies.items():
        tables.setdefault(name, []).append(table)
    return "; ".join(f"{name!r} given, filling {', '.join(repr(item) for item in sorted(names))}"
                     for name, names in sorted(tables.items()))  # fmt: skip


def _left_out(updates: List[str]) -> str:
    """The variable updates left out, as the model's description names them (the first three, and how many)."""
    shown = ", ".join(repr(name) for name in updates[:3]) + (", ..." if len(updates) > 3 else "")
    return f"{len(updates)} left out, whose variables no output reads ({shown})"


def _domains(graph: Decoded) -> Set[str]:
    """The operator sets other than ONNX's own that the nodes of *graph* and of its subgraphs use."""
    found: Set[str] = set()
    for node in graph["node"]:
        if node.get("domain"):
            found.add(node["domain"])
        for item in node["attribute"]:
            if item.get("g") is not None:
                found |= _domains(item["g"])
    return found


def _version() -> str:
    """The installed package's version, for the model's producer_version ("" for a vendored copy, which has no
    metadata: the package's ``__version__`` lies above this wing)."""
    from importlib import metadata  # noqa: PLC0415 (read once a model is written, never at import)

    try:
        return metadata.version("tfcollections")
    except metadata.PackageNotFoundError:
        return ""


def _input_specs(inputs: Optional[InputSpec], keys: Dict[str, str]) -> Tuple[Optional[List[str]], Dict[str, Shape]]:
    """The input names and the shapes given for them (``"x:0:1,224,224,3"``, or a dict); a signature's input key
    (of *keys*: key -> tensor name) stands for its tensor."""
    if inputs is None:
        return None, {}
    shapes: Dict[str, Shape] = {}
    names: List[str] = []
    if isinstance(inputs, str):
        inputs = [inputs]
    if isinstance(inputs, dict):
        for name, shape in inputs.items():
            tensor = _tensor_name(str(keys.get(name, name)))
            names.append(tensor)
            shapes[tensor] = None if shape is None else [None if d is None or d < 0 else int(d) for d in shape]
        return names, shapes
    for item in inputs:
        if not isinstance(item, str):
            raise TypeError("inputs are tensor names (str), each with an optional shape: 'x:0:1,224,224,3'")
        name, shape = parse_input(item, keys)
        names.append(name)
        if shape is not None:
            shapes[name] = shape
    return names, shapes


_SHAPE_TEXT: Final = re.compile(r"^\[?\s*((?:-?[0-9]+|\?)(?:\s*,\s*(?:-?[0-9]+|\?))*)?\s*\]?$")


def parse_input(text: str, keys: Optional[Dict[str, str]] = None) -> Tuple[str, Shape]:
    """``"x:0:1,224,224,3"`` -> ``("x:0", [1, 224, 224, 3])``; ``"x:[-1,3]"`` -> ``("x:0", [None, 3])``; ``"x"``
    -> ``("x:0", None)``. The part after the last colon is a shape when it has a comma or brackets, or when it
    follows a port (``"x:0:5"``: one dim; ``"x:5"`` is port 5). A name among *keys* (a signature's input keys ->
    their tensors) stands for its tensor."""
    keys = keys or {}
    name, sep, last = text.rpartition(":")
    after_port = ":" in name and name.rpartition(":")[2].isdigit() and last.strip().lstrip("-").isdigit()
    if sep and ("," in last or last.startswith("[") or after_port or last.strip() == "?"):
        match = _SHAPE_TEXT.match(last.strip())
        if match is None:
            raise ValueError(f"input {text!r}: {last!r} is no shape (dims separated by commas, -1 or ? unknown)")
        dims = [dim.strip() for dim in (match.group(1) or "").split(",") if dim.strip()]
        return _tensor_name(keys.get(name, name)), [None if dim in ("?", "-1") else int(dim) for dim in dims]
    return _tensor_name(keys.get(text, text)), None


def _tensor_name(name: str) -> str:
    node, port = split_tensor_name(name)
    return f"{node}:{max(port, 0)}"


# -------------------------------------------------------------------- writing


def _externalize(initializers: List[Decoded], location: str, file: IO[bytes]) -> None:
    """The weights of a model over 2 GB written to *file* (``<model>.data`` beside it), as ONNX's external data;
    tensors under 1 KB stay in the model, as ``onnx.save_model`` keeps them."""
    offset = 0
    for tensor in initializers:
        raw = tensor.get("raw_data")
        if not raw or len(raw) < 1024:
            continue
        file.write(raw)
        tensor["raw_data"] = b""
        tensor["data_location"] = "EXTERNAL"
        tensor["external_data"] = [
            {"key": "location", "value": location},
            {"key": "offset", "value": str(offset)},
            {"key": "length", "value": str(len(raw))},
        ]
        offset += len(raw)
