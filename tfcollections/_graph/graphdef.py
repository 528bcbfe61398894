# SPDX-License-Identifier: Apache-2.0
"""A graph held to be changed and written: its nodes decoded, its constants' tensors read when asked for.

Strategy: a meta graph's ``graph_def`` (or a frozen graph file) is decoded by the schema-driven reader from the
``Source`` that ``load`` kept, binary or text alike; a ``Const``'s tensor is not decoded with it (the schema passes
``AttrValue.tensor`` over as a span), so a node costs its names and small attrs, and a tensor of a gigabyte is
read only where it is needed, as a view of the mapped file. A node that the freezing or the conversion makes
(a variable turned into a ``Const``) holds its ``Tensor`` instead. The graph is written back by the library's
encoder: every node as the schema says, a tensor from the file copied as its bytes (binary) or encoded from its
decoded form (text), a new one encoded from its values, so nothing is re-read or changed that was not asked to
be. The function library and the versions are written as the file has them.
"""

from __future__ import annotations

from .._errors import DecodeError
from .._proto.compiled import COMPILED
from .._proto.encoder import encode_compiled
from .._proto.wire import WIRETYPE_LENGTH_DELIMITED, encode_varint, spans_of, tag_of
from .._tensor import Tensor
from .attrs import shape_list
from .endpoints import tensor_values
from .optypes import output_args, output_spec

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Dict, Final, List, Optional, Set, Tuple

    from .._disk.source import Source
    from .._typing import Buffer, Decoded

_NODE_DEF: Final = COMPILED["tensorflow.NodeDef"]
_ATTR_VALUE: Final = COMPILED["tensorflow.AttrValue"]
_LIST_VALUE: Final = COMPILED["tensorflow.AttrValue.ListValue"]
_SHAPE: Final = COMPILED["tensorflow.TensorShapeProto"]
_DIM: Final = COMPILED["tensorflow.TensorShapeProto.Dim"]
_TENSOR: Final = COMPILED["tensorflow.TensorProto"]
_VERSION_DEF: Final = COMPILED["tensorflow.VersionDef"]
_LIBRARY: Final = COMPILED["tensorflow.FunctionDefLibrary"]
# GraphDef's fields, by number (graph.proto): node 1, library 2, versions 4.
_GRAPH_NODE: Final = 1
_GRAPH_LIBRARY: Final = 2
_GRAPH_VERSIONS: Final = 4
_NODE_ATTR: Final = 5  # NodeDef.attr (node_def.proto)
_LIBRARY_FUNCTION: Final = 1  # FunctionDefLibrary.function (function.proto)
_ATTR_TENSOR: Final = 8  # AttrValue.tensor (attr_value.proto)
_ATTR_LIST: Final = 1  # AttrValue.list
_LIST_TENSOR: Final = 8  # AttrValue.ListValue.tensor


def _delimited(number: int, payload: bytes) -> bytes:
    return encode_varint(tag_of(number, WIRETYPE_LENGTH_DELIMITED)) + encode_varint(len(payload)) + payload


def tensor_proto(tensor: Tensor) -> bytes:
    """A ``TensorProto`` holding *tensor*'s values: numbers as ``tensor_content`` (TensorFlow's own choice for
    anything but a few elements), strings as ``string_val``."""
    proto: Decoded = {
        "dtype": tensor.dtype,
        "tensor_shape": {"dim": [{"size": dim, "name": ""} for dim in tensor.shape], "unknown_rank": False},
    }
    if tensor.dtype == "DT_STRING":
        proto["string_val"] = _flat_strings(tensor)  # a scalar's one string too
    else:
        proto["tensor_content"] = tensor.tobytes()
    return encode_compiled(_TENSOR, proto, "TensorProto")


def _flat_strings(tensor: Tensor) -> List[bytes]:
    flat: List[Any] = [tensor.tolist()]
    for _ in tensor.shape:
        flat = [item for part in flat for item in part]
    return flat


class Graph:
    """A graph's nodes (NodeDef dicts, in order; a ``Const``'s tensor a span of the source until replaced), with
    the source they were read from, for their tensors' values and bytes."""

    __slots__ = ("_buf", "_depth", "_graph_library", "_library", "_source", "functions", "index", "nodes",
                 "replaced", "versions")  # fmt: skip

    def __init__(self, source: Source, buf: Buffer, index: int, meta_graph: Decoded) -> None:
        self._source = source
        self._buf = buf
        self._depth = source.meta_graph_depth + 1  # of the GraphDef, below the file's top message
        try:
            graph = source.read_field(buf, index, meta_graph, "graph_def", "tensorflow.GraphDef")
        except DecodeError as exc:
            source.failed_in(exc, index, "graph_def")
            raise
        if graph is None:
            raise DecodeError("the meta graph has no graph_def: there is no graph to freeze or convert")
        self.nodes: List[Decoded] = list(graph["node"])
        self.versions: Optional[Decoded] = graph["versions"]
        self._graph_library: Optional[Decoded] = graph["library"]
        # Encoded when first written: what only reads the graph (compat, the scan) needs none of it, and a text
        # library may hold what cannot be encoded.
        self._library: Optional[bytes] = None
        #: The library's functions by name (their nodes' tensors spans of the source, as the graph's are).
        self.functions: Dict[str, Decoded] = {
            function["signature"]["name"]: function
            for function in (graph["library"]["function"] if graph["library"] is not None else ())
            if function["signature"] is not None
        }
        #: Values given to nodes by name (a variable made a Const): written in place of the node's own tensor.
        self.replaced: Dict[str, Tensor] = {}
        self.index = index

    @property
    def library(self) -> bytes:
        """GraphDef's ``library`` field as the graph is written: the file's, or what ``keep_functions`` kept."""
        if self._library is None:
            self._library = self._library_bytes()
        return self._library

    def _library_bytes(self) -> bytes:
        if self._graph_library is None:
            return b""
        if self._source.encoding == "binary":  # as the file has it, every occurrence (protobuf merges them)
            buf = self._buf
            return b"".join(
                _delimited(_GRAPH_LIBRARY, bytes(buf[start:end]))
                for span in self._source.spans(buf, self.index, "graph_def")
                for start, end in spans_of(buf, span[0], span[1], _GRAPH_LIBRARY)
            )
        return _text_library(self._graph_library)

    def keep_functions(self, names: Set[str]) -> None:
        """The library written with the graph: only the functions *names* (what the kept nodes run), each as the file
        has it; nothing when *names* is empty."""
        library = self._graph_library
        if library is None:
            return
        if not names:
            self._library = b""
            return
        if self._source.encoding == "binary":  # each FunctionDef as the file has it, in the file's order
            buf = self._buf
            spans = [
                function_span
                for span in self._source.spans(buf, self.index, "graph_def")
                for start, end in spans_of(buf, span[0], span[1], _GRAPH_LIBRARY)
                for function_span in spans_of(buf, start, end, _LIBRARY_FUNCTION)
            ]
            kept = [bytes(buf[start:end]) for (start, end), function in zip(spans, library["function"])
                    if function["signature"] is not None and function["signature"]["name"] in names]  # fmt: skip
            self._library = _delimited(_GRAPH_LIBRARY, b"".join(_delimited(_LIBRARY_FUNCTION, item) for item in kept))
            return
        kept_functions = [function for function in library["function"]
                          if function["signature"] is not None and function["signature"]["name"] in names]  # fmt: skip
        self._library = _text_library({"function": kept_functions})

    def value_of(self, node: Decoded, attr: str = "value") -> Tensor:
        """The values of the tensor in attr *attr* of *node* (a ``Const``'s ``value``)."""
        name = node["name"]
        if attr == "value" and name in self.replaced:
            return self.replaced[name]
        value = node["attr"].get(attr)
        span = value["tensor"] if value is not None else None
        if span is None:
            raise DecodeError(f"constant {name!r} has no {attr} attr holding a tensor")
        tensor = self._source.read_span(self._buf, span, "tensorflow.TensorProto", self._depth + 4)
        shape = shape_list(tensor["tensor_shape"]) if tensor["tensor_shape"] is not None else []
        if shape is None:
            raise DecodeError(f"constant {name!r}: its shape has an unknown rank")
        content = tensor["tensor_content"]
        found = tensor_values(name, tensor["dtype"], tuple(shape), content if content else None, tensor)
        # A view of a mapped file must not outlive the map: the values are copied out of it.
        return Tensor(found.dtype, found.shape, found.tobytes()) if found.dtype != "DT_STRING" else found

    def _tensor_bytes(self, span: Decoded) -> bytes:
        if self._source.encoding == "binary":
            start = span["offset"]
            return bytes(self._buf[start : start + span["size"]])
        decoded = self._source.read_span(self._buf, span, "tensorflow.TensorProto", self._depth + 4)
        return encode_compiled(_TENSOR, decoded, "TensorProto")

    def encode_node(self, node: Decoded) -> bytes:
        """*node* as NodeDef bytes: its fields by the schema, each attr entry in name order, a tensor from the
        file as its bytes and a replaced one from its values."""
        plain = {key: value for key, value in node.items() if key not in ("attr", "experimental_debug_info")}
        plain["experimental_type"] = None
        out = bytearray(encode_compiled(_NODE_DEF, plain, f"node {node['name']!r}"))
        replaced = self.replaced.get(node["name"])
        for key in sorted(node["attr"]):
            value = node["attr"][key]
            if replaced is not None and key == "value":
                payload = _delimited(_ATTR_TENSOR, tensor_proto(replaced))
            else:
                payload = self._attr_value(value, f"node {node['name']!r} attr {key!r}")
            entry = _delimited(1, key.encode("utf-8")) + _delimited(2, payload)
            out += _delimited(_NODE_ATTR, entry)
        return bytes(out)

    def _attr_value(self, value: Decoded, path: str) -> bytes:
        if value.get("tensor") is not None:
            return _delimited(_ATTR_TENSOR, self._tensor_bytes(value["tensor"]))
        listed = value.get("list")
        if listed is not None and listed.get("tensor"):
            # A list of tensors (rare: a few ops' attrs): the other members of the list are empty then.
            tensors = b"".join(_delimited(_LIST_TENSOR, self._tensor_bytes(span)) for span in listed["tensor"])
            rest = encode_compiled(_LIST_VALUE, {**listed, "tensor": []}, path)
            return _delimited(_ATTR_LIST, rest + tensors)
        return encode_compiled(_ATTR_VALUE, value, path)

    def encode(self, nodes: List[Decoded]) -> bytes:
        """A GraphDef of *nodes* (in their order), with this graph's library and versions."""
        out = bytearray()
        for node in nodes:
            out += _delimited(_GRAPH_NODE, self.encode_node(node))
        out += self.library
        if self.versions is not None:
            out += _delimited(_GRAPH_VERSIONS, encode_compiled(_VERSION_DEF, self.versions, "GraphDef.versions"))
        return bytes(out)


def _text_library(library: Decoded) -> bytes:
    """A text graph's library, encoded as GraphDef's ``library`` field (its functions' tensors must be decoded)."""
    try:
        return _delimited(_GRAPH_LIBRARY, encode_compiled(_LIBRARY, library, "GraphDef.library"))
    except ValueError as exc:
        raise DecodeError(
            f"the text graph's function library cannot be written back ({exc}): freeze the binary file instead"
        ) from None


def new_node(name: str, op: str, inputs: List[str], attrs: Dict[str, Decoded], device: str = "") -> Decoded:
    """A NodeDef dict as the decoder gives one, for a node the library makes."""
    node: Decoded = _NODE_DEF.new()
    node.update(name=name, op=op, input=list(inputs), device=device, attr=dict(attrs))
    return node


def type_attr(dtype: str) -> Decoded:
    """An ``AttrValue`` holding a dtype."""
    value: Decoded = _ATTR_VALUE.new()
    value["type"] = dtype
    return value


def types_attr(dtypes: List[str]) -> Decoded:
    """An ``AttrValue`` holding a list of dtypes."""
    listed: Decoded = _LIST_VALUE.new()
    listed["type"] = list(dtypes)
    value: Decoded = _ATTR_VALUE.new()
    value["list"] = listed
    return value


def int_attr(number: int) -> Decoded:
    value: Decoded = _ATTR_VALUE.new()
    value["i"] = number
    return value


def ints_attr(numbers: List[int]) -> Decoded:
    """An ``AttrValue`` holding a list of ints."""
    listed: Decoded = _LIST_VALUE.new()
    listed["i"] = list(numbers)
    value: Decoded = _ATTR_VALUE.new()
    value["list"] = listed
    return value


def bytes_attr(text: bytes) -> Decoded:
    value: Decoded = _ATTR_VALUE.new()
    value["s"] = text
    return value


def shape_attr(dims: List[int]) -> Decoded:
    """An ``AttrValue`` holding a shape of *dims* (-1: unknown)."""
    shape: Decoded = _SHAPE.new()
    shape["dim"] = [{**_DIM.new(), "size": size} for size in dims]
    value: Decoded = _ATTR_VALUE.new()
    value["shape"] = shape
    return value


def split_tensor_name(name: str) -> Tuple[str, int]:
    """``"x:1"`` -> ``("x", 1)``; ``"x"`` -> ``("x", 0)``; a control input ``"^x"`` -> ``("x", -1)``."""
    if name.startswith("^"):
        return name[1:], -1
    node, sep, port = name.rpartition(":")
    if sep and port.isdigit():
        return node, int(port)
    return name, 0


def output_dtypes(node: Decoded) -> Optional[List[Optional[str]]]:
    """The dtype of each output of *node* (by its op's OpDef and its attrs; ``_REF`` kept), None when not known."""
    spec = output_spec(node["op"])
    args = output_args(spec, node["attr"]) if spec is not None else None
    if args is None:
        return None
    return [dtype for _, dtypes in args for dtype in dtypes]
