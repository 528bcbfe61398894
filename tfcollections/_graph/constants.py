# SPDX-License-Identifier: Apache-2.0
"""The values of a graph's constants (``Const`` nodes), as ``Tensor`` objects: a frozen graph's weights.

Strategy: the graph is walked again, as the graph scan walks it (``nodes``), keeping its Const nodes; the
ones asked for are found by name and each tensor read where it lies. A binary tensor's ``tensor_content``
is a view of the file (mapped, never copied), its other fields decoded; a text graph is read whole by
the text reader. Values follow TensorFlow's rules for a ``TensorProto`` (``endpoints.tensor_values``). The
same ``Tensor`` as a checkpoint's, so whatever reads checkpoint values reads these.
"""

from __future__ import annotations

from .._disk.source import source_of
from .._errors import DecodeError
from .._proto.compiled import COMPILED
from .._proto.decoder import parse_message
from .._tensor import Tensor
from .attrs import shape_list
from .endpoints import constant_tensor, tensor_layout, tensor_values
from .nodes import CONST_OP, KEPT_CONST, scan_binary

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Dict, Final, Iterable, List, Optional

    from .._disk.source import Source
    from .._typing import Buffer, Decoded

_TENSOR: Final = COMPILED["tensorflow.TensorProto"]


def read_constants(model: Any, names: Optional[Iterable[str]]) -> Dict[str, Tensor]:
    """The values of the Const nodes *names* of the first meta graph of *model* (what ``load`` returned; a frozen
    graph has only that one), in the order given, or of every Const in the graph's order when *names* is None:
    ``{name: Tensor}``.

    Raises ``KeyError`` for a name that is no Const of the graph, ``DecodeError`` for a tensor that cannot be
    read (naming it) or a source no longer there, ``TypeError`` for a model that is not what ``load`` returned.
    """
    source = source_of(model)
    if source is None or not isinstance(model, dict) or "meta_graphs" not in model:
        raise TypeError("constants are read from what tfcollections.load returned (or a path to the file)")
    wanted = None if names is None else list(dict.fromkeys(names))
    with source.opened() as buf:
        if source.encoding == "binary":
            found = _binary(source, buf, 0, wanted)
        else:
            found = _text(source, buf, model["meta_graphs"][0], 0, wanted)
    if wanted is None:
        return found
    missing = [name for name in wanted if name not in found]
    if missing:
        raise KeyError(f"{missing[0]!r} is not a constant of the graph ({len(found)} of the names asked are)")
    return {name: found[name] for name in wanted}


def _binary(source: Source, buf: Buffer, index: int, wanted: Optional[List[str]]) -> Dict[str, Tensor]:
    depth = source.meta_graph_depth + 1
    part = "graph_def"
    frozen = bytes(buf) if isinstance(buf, (bytearray, memoryview)) else buf
    try:
        scan = scan_binary(frozen, source.spans(frozen, index, part), depth, _nothing)
    except DecodeError as exc:
        source.failed_in(exc, index, part)
        raise
    chosen = None if wanted is None else set(wanted)
    view = memoryview(buf)
    out: Dict[str, Tensor] = {}
    for why, node_index, name, _, _, start, end in scan.census.kept:
        if why != KEPT_CONST or (chosen is not None and name not in chosen):
            continue
        try:
            out[name] = _binary_value(frozen, view, name, start, end, depth, scan.census)
        except DecodeError as exc:
            exc._add_segment(node_index)
            exc._add_segment("node")
            source.failed_in(exc, index, part)
            raise
    return out


def _binary_value(buf: Any, view: memoryview, name: str, start: int, end: int, depth: int, census: Any) -> Tensor:
    span = constant_tensor(buf, start, end, census)
    if span is None:
        raise DecodeError(f"constant {name!r} has no value attr holding a tensor")
    tensor_start = span["offset"]
    tensor_end = tensor_start + span["size"]
    dtype, shape, content, _ = tensor_layout(buf, tensor_start, tensor_end, depth + 4)
    if shape is None:
        raise DecodeError(f"constant {name!r}: its shape has an unknown rank")
    if content is not None and content[1] > content[0]:
        return tensor_values(name, dtype, tuple(shape), view[content[0] : content[1]], None)
    values = _TENSOR.new()  # no content: the values are in a *_val field, which a writer uses for small tensors
    parse_message(buf, tensor_start, tensor_end, _TENSOR, values, depth + 4)
    return tensor_values(name, dtype, tuple(shape), None, values)


def _text(
    source: Source, buf: Buffer, meta_graph: Decoded, index: int, wanted: Optional[List[str]]
) -> Dict[str, Tensor]:
    depth = source.meta_graph_depth + 1
    try:
        graph = source.read_field(buf, index, meta_graph, "graph_def", "tensorflow.GraphDef")
    except DecodeError as exc:
        source.failed_in(exc, index, "graph_def")
        raise
    chosen = None if wanted is None else set(wanted)
    out: Dict[str, Tensor] = {}
    for node in graph["node"] if graph is not None else ():
        name = node["name"]
        if node["op"] != CONST_OP or (chosen is not None and name not in chosen):
            continue
        value = node["attr"].get("value")
        span = value["tensor"] if value is not None else None
        if span is None:
            raise DecodeError(f"constant {name!r} has no value attr holding a tensor")
        tensor = source.read_span(buf, span, "tensorflow.TensorProto", depth + 4)
        shape = shape_list(tensor["tensor_shape"]) if tensor["tensor_shape"] is not None else []
        if shape is None:
            raise DecodeError(f"constant {name!r}: its shape has an unknown rank")
        out[name] = tensor_values(name, tensor["dtype"], tuple(shape), tensor["tensor_content"], tensor)
    return out


def _nothing(op: str) -> bool:
    return False
