# SPDX-License-Identifier: Apache-2.0
"""Opset 12: a model made at opset 13, its nodes written in opset 12's forms.

Strategy: opset 13 changed what few ops take (ONNX's changelog, opset 13): the axes of ``Squeeze``,
``Unsqueeze`` and ``ReduceSum`` and the split of ``Split`` became inputs, where 12 takes attributes; ``Softmax``,
``LogSoftmax`` and ``Hardmax`` normalize over one axis, where 12 normalizes over that axis and every one after it;
``Resize``'s roi and scales became optional; ``Loop`` and ``If`` came to carry sequences; the other ops gained
bfloat16 and nothing else. So the conversion makes its model at 13 and ``lowered`` rewrites each node of
``_LOWERINGS`` (in the bodies of loops and branches too): a constant input becomes the attribute; a softmax over
the last axis is kept, where the two meanings agree; an optional input left out is given as an empty tensor. What
opset 12 cannot say is refused, naming the node and why: axes or splits computed at run time, a softmax over
another axis, a bfloat16 value, a sequence carried by a loop or a branch. (A ReduceSum of no axes told to leave
its input as it is, which 12 cannot say, is the Identity it is.)
"""

from __future__ import annotations

from .._errors import ConversionError
from .converter import needed_nodes
from .folding import Const
from .values import ONNX_TYPES, attribute

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Callable, Dict, Final, List, Optional, Set

    from .._typing import Decoded

    #: A node lowered: the node, the constants it may read (by name), the ranks known -> the node at opset 12.
    Lowering = Callable[[Decoded, Callable[[str], Optional[Const]], Dict[str, int]], Decoded]

#: The opset the conversion makes a model at first when 12 is asked for.
MADE_AT: Final = 13
_BFLOAT16: Final = ONNX_TYPES["DT_BFLOAT16"]
_INTEGERS: Final = {ONNX_TYPES["DT_INT64"]: "DT_INT64", ONNX_TYPES["DT_INT32"]: "DT_INT32"}
_PASSING: Final = frozenset({"Cast", "Reshape", "Identity"})  # what a rule may put between axes and a constant


def lowered(graph: Decoded, ranks: Dict[str, int]) -> None:
    """*graph* (made at opset 13, optimized) rewritten in place in opset 12's forms, or ``ConversionError``."""
    graph["initializer"].append(empty_floats())  # kept only if a Resize reads it
    _lower(graph, {}, ranks, top=True)
    needed = {item["name"] for item in graph["output"]}
    graph["node"] = needed_nodes(graph["node"], needed)  # a cast of axes now read as an attribute goes
    graph["initializer"] = [item for item in graph["initializer"] if item["name"] in needed]


def _lower(graph: Decoded, outer: Dict[str, Decoded], ranks: Dict[str, int], *, top: bool = False) -> None:
    initializers = {**outer, **{item["name"]: item for item in graph.get("initializer") or []}}
    for item in initializers.values():
        if item.get("data_type") == _BFLOAT16:
            raise ConversionError(f"constant {item['name']!r} is bfloat16, which ONNX's ops take from opset 13: "
                                  "convert at opset 13 or later")  # fmt: skip
    known: Dict[str, Optional[Const]] = {}
    producers = {name: node for node in graph["node"] for name in node["output"]}

    def constant(name: str) -> Optional[Const]:
        """An initializer's values, or those of a cast, reshape or identity of integer ones (axes a rule cast)."""
        if name not in known:
            found = Const.of(initializers[name]) if name in initializers else None
            node = producers.get(name)
            if found is None and node is not None and node["op_type"] in _PASSING and node["input"]:
                source = constant(node["input"][0])
                to = next((item.get("i") for item in node["attribute"] if item["name"] == "to"), None)
                if source is not None and source.dtype in _INTEGERS.values():
                    dtype = source.dtype if to is None else _INTEGERS.get(to)
                    found = None if dtype is None else Const(dtype, [len(source.values)], list(source.values))
            known[name] = found
        return known[name]

    nodes: List[Decoded] = []
    for node in graph["node"]:
        _refuse_bfloat16(node)
        if node["op_type"] in ("Loop", "If") and _carries_sequences(node):
            raise ConversionError(f"node {node['name']!r} ({node['op_type']}) carries a sequence (a TensorList), "
                                  "which ONNX's Loop and If take from opset 13: convert at opset 13 or "
                                  "later")  # fmt: skip
        lowering = _LOWERINGS.get(node["op_type"])
        if lowering is not None:
            node = lowering(node, constant, ranks)
        for item in node["attribute"]:
            if item.get("type") == "GRAPH":
                _lower(item["g"], initializers, ranks)
        nodes.append(node)
    graph["node"] = nodes
    if not top:
        needed = _read_names(graph)
        graph["initializer"] = [item for item in graph.get("initializer") or [] if item["name"] in needed]


def _carries_sequences(node: Decoded) -> bool:
    """Whether a body of *node* (a Loop's, an If's branches) takes or gives a sequence."""
    for item in node["attribute"]:
        if item.get("type") == "GRAPH":
            for info in [*item["g"].get("input", []), *item["g"]["output"]]:
                if "sequence_type" in (info.get("type") or {}):
                    return True
    return False


def _refuse_bfloat16(node: Decoded) -> None:
    for item in node["attribute"]:
        if item["name"] == "to" and item.get("i") == _BFLOAT16:
            raise ConversionError(f"node {node['name']!r} ({node['op_type']}) makes bfloat16 values, which ONNX's "
                                  "ops take from opset 13: convert at opset 13 or later")  # fmt: skip


def _read_names(graph: Decoded) -> Set[str]:
    """Every value name the nodes of *graph* and of its subgraphs read, and its outputs."""
    names = {item["name"] for item in graph["output"]}
    for node in graph["node"]:
        names.update(node["input"])
        for item in node["attribute"]:
            if item.get("type") == "GRAPH":
                names |= _read_names(item["g"])
    return names


def _ints_input(node: Decoded, position: int, what: str, constant: Callable[[str], Optional[Const]]) -> List[int]:
    name = node["input"][position]
    found = constant(name)
    if found is None or found.dtype not in ("DT_INT64", "DT_INT32"):
        raise ConversionError(f"node {node['name']!r} ({node['op_type']}): its {what} {name!r} are computed, and "
                              f"opset 12 takes them as an attribute: convert at opset 13 or later")  # fmt: skip
    return [int(item) for item in found.values]


def _with(node: Decoded, inputs: List[str], **attrs: object) -> Decoded:
    kept = [item for item in node["attribute"] if item["name"] not in attrs]
    made = [attribute(key, value) for key, value in attrs.items() if value is not None]
    return {**node, "input": inputs, "attribute": sorted(kept + made, key=lambda item: str(item["name"]))}


def _axes_attribute(node: Decoded, constant: Callable[[str], Optional[Const]], ranks: Dict[str, int]) -> Decoded:
    """Squeeze, Unsqueeze, ReduceSum: the axes input (input 1) as the ``axes`` attribute. No axes (none given, or
    an empty list) is every axis at 12, as at 13 but for ReduceSum's ``noop_with_empty_axes`` (13), which leaves
    the input as it is: an ``Identity``."""
    given = len(node["input"]) >= 2 and bool(node["input"][1])
    axes = _ints_input(node, 1, "axes", constant) if given else []
    if axes:
        return _with(node, node["input"][:1], axes=axes)
    if any(item["name"] == "noop_with_empty_axes" and item.get("i") for item in node["attribute"]):
        return {**node, "op_type": "Identity", "input": node["input"][:1], "attribute": []}
    return _with(node, node["input"][:1], noop_with_empty_axes=None)


def _split_attribute(node: Decoded, constant: Callable[[str], Optional[Const]], ranks: Dict[str, int]) -> Decoded:
    """Split: the sizes (input 1) as the ``split`` attribute."""
    if len(node["input"]) < 2 or not node["input"][1]:
        return node
    return _with(node, node["input"][:1], split=_ints_input(node, 1, "split sizes", constant))


def _last_axis(node: Decoded, constant: Callable[[str], Optional[Const]], ranks: Dict[str, int]) -> Decoded:
    """Softmax, LogSoftmax, Hardmax: kept where the axis is the last (opset 12 normalizes over the axis and all
    after it, which is that axis alone)."""
    axis = next((int(item["i"]) for item in node["attribute"] if item["name"] == "axis"), -1)
    rank = ranks.get(node["input"][0])
    if axis == -1 or (rank is not None and axis == rank - 1):
        return _with(node, node["input"], axis=-1)
    raise ConversionError(f"node {node['name']!r} ({node['op_type']}) is over axis {axis}, not the last, where "
                          "opset 12's normalizes that axis and every one after it: convert at opset 13 or "
                          "later")  # fmt: skip


def _resize_inputs(node: Decoded, constant: Callable[[str], Optional[Const]], ranks: Dict[str, int]) -> Decoded:
    """Resize: roi and scales, optional from 13, given as empty tensors where left out (opset 11's form)."""
    inputs = list(node["input"]) + [""] * (3 - len(node["input"]))
    empty = _EMPTY_FLOATS
    return {**node, "input": [inputs[0], inputs[1] or empty, inputs[2] or empty, *inputs[3:]]}


#: The name of the empty float tensor ``_resize_inputs`` reads (``Resize``'s roi and scales left out).
_EMPTY_FLOATS: Final = "tfcollections/empty_floats"

#: The ops whose opset-13 form differs from opset 12's in more than types (ONNX's changelog, opset 13).
_LOWERINGS: Final[Dict[str, Lowering]] = {
    "Squeeze": _axes_attribute,
    "Unsqueeze": _axes_attribute,
    "ReduceSum": _axes_attribute,
    "Split": _split_attribute,
    "Softmax": _last_axis,
    "LogSoftmax": _last_axis,
    "Hardmax": _last_axis,
    "Resize": _resize_inputs,
}


def empty_floats() -> Decoded:
    """The initializer ``_resize_inputs`` names: a float tensor of no elements."""
    return Const("DT_FLOAT", [0], []).proto(_EMPTY_FLOATS)
