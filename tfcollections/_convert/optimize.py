# SPDX-License-Identifier: Apache-2.0
"""The converted graph made lean, as one pass every rule benefits from, which changes no answer.

Strategy: the nodes are in the order they were made, each after what it reads, so one walk sees a node's inputs
settled before it. A node whose inputs are all constants and whose op ``folding`` computes becomes an initializer
of the same name (the runtime's own value). Then rewrites, each a walk over the nodes: a ``Reshape`` given its own
input's dims as 0s, ``tf.tensordot``'s flatten-MatMul-unflatten made one MatMul; a ``Transpose`` moved past the
elementwise node it feeds until it meets its inverse; a ``Reshape`` merged into the ``Reshape`` or size-1
``Transpose`` after it, a ``Squeeze`` or ``Unsqueeze`` into a ``Transpose`` that moves only its size-1 axes; a
node that repeats one before it, an ``Identity``, a multiplication by 1 dropped; a zero ``Pad``, a bias and a
per-channel scale taken into the ``Conv`` before them. Loop and branch bodies lose their repeats and identities
too, and a loop body's weights become its own (moved in, or carried through the Loop). A graph output keeps its
node and its name, a value a subgraph reads from outside keeps its name, and what no output needs is dropped.
"""

from __future__ import annotations

import struct
import sys
from array import array

from .converter import needed_nodes, outer_names
from .folding import FLOATS, FOLD_LIMIT, FOLDS, Const, attribute_of, count, int_values, rounded, transpose_const
from .reshapes import copied_dims, unflattened_matmuls, unsqueezed_back
from .values import ONNX_TYPES

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, Final, List, Optional, Set, Tuple

    from .._typing import Decoded


def optimize(graph: Decoded, ranks: Optional[Dict[str, int]] = None) -> None:
    """Folds *graph*'s constants and its convolutions' scales and biases, in place (see the module's paragraph);
    *ranks*: the rank of each value the conversion knows one of, by its ONNX name."""
    initializers: Dict[str, Decoded] = {item["name"]: item for item in graph["initializer"]}
    outputs = {item["name"] for item in graph["output"]}
    known: Dict[str, Const] = {}

    def constant(name: str) -> Optional[Const]:
        if name not in known and name in initializers:
            found = Const.of(initializers[name])
            if found is None:
                return None
            known[name] = found
        return known.get(name)

    kept: List[Decoded] = []
    producers: Dict[str, Decoded] = {}
    for node in graph["node"]:
        for name in node["output"]:
            producers[name] = node
        fold = FOLDS.get(node["op_type"])
        if fold is not None and len(node["output"]) == 1 and node["output"][0] not in outputs:
            inputs = [constant(name) for name in node["input"] if name]
            if inputs and all(item is not None for item in inputs):
                try:
                    result = fold([item for item in inputs if item is not None], node)
                except (ValueError, IndexError, OverflowError, struct.error):  # a damaged graph: the runtime says
                    result = None
                if result is not None and count(result.shape) <= FOLD_LIMIT:
                    name = node["output"][0]
                    known[name] = result
                    initializers[name] = result.proto(name)
                    continue
        kept_input = _identity_of(node, constant) or unsqueezed_back(node, producers, constant)
        if kept_input is not None:
            node = {**node, "op_type": "Identity", "input": [kept_input], "attribute": []}
        kept.append(node)
    kept = needed_nodes(copied_dims(kept, initializers, constant), set(outputs))
    kept = needed_nodes(unflattened_matmuls(kept, constant, ranks or {}), set(outputs))
    kept = needed_nodes(_push_transposes(kept, initializers, constant, outputs), set(outputs))
    kept = needed_nodes(_merge_reshapes(kept, initializers, constant, outputs), set(outputs))
    kept = needed_nodes(_unit_axes_through_transposes(kept, initializers, constant, outputs), set(outputs))
    kept = needed_nodes(_drop_identities(kept, outputs), set(outputs))
    kept = needed_nodes(_merge_repeats(kept, outputs), set(outputs))
    kept = _fold_into_convolutions(_pads_into_convolutions(kept, constant, outputs), initializers, constant, outputs)
    needed = set(outputs)
    graph["node"] = needed_nodes(kept, needed)
    graph["initializer"] = [item for name, item in initializers.items() if name in needed]
    for node in graph["node"]:
        for item in node["attribute"]:
            if item.get("type") == "GRAPH":
                _lean_body(item["g"])
    _local_weights(graph)


# A weight a loop body shares with the graph outside it is carried through the Loop from this many elements (a
# smaller one, a shape or a scalar, costs nothing read from outside).
_CARRIED_FROM: Final = 64


def _local_weights(graph: Decoded) -> None:
    """The initializers a ``Loop``'s body reads, made the body's own: onnxruntime runs a body several percent
    faster (a Keras LSTM's 10-15%) when its weights are constants of the body, or values it carries, than when it
    reads them from the scope outside each step. One no other node reads moves into the body; a large one the
    graph reads outside too (tf_keras computes an RNN's first step before its loop) is carried through the Loop
    unchanged, not copied."""
    initializers = {item["name"]: item for item in graph["initializer"]}
    outputs = {item["name"] for item in graph["output"]}
    readers: Dict[str, int] = {}
    for node in graph["node"]:
        names = set(node["input"])
        for item in node["attribute"]:
            if item.get("type") == "GRAPH":
                names |= outer_names(item["g"])
        for name in names:
            readers[name] = readers.get(name, 0) + 1
    moved: Set[str] = set()
    for node in graph["node"]:
        body = next((item["g"] for item in node["attribute"] if item["name"] == "body"), None)
        if node["op_type"] != "Loop" or body is None:
            continue
        direct = {name for inner in body["node"] for name in inner["input"]}
        nested = {name for inner in body["node"] for item in inner["attribute"] if item.get("type") == "GRAPH"
                  for name in outer_names(item["g"])}  # fmt: skip
        for name in sorted((direct | nested) & initializers.keys() - outputs - moved):
            tensor = initializers[name]
            if readers.get(name) == 1 and name not in node["input"]:
                body.setdefault("initializer", []).append(tensor)
                moved.add(name)
            elif name not in nested and count(tensor.get("dims", [])) >= _CARRIED_FROM:
                _carry(node, body, name, tensor)
    graph["initializer"] = [item for item in graph["initializer"] if item["name"] not in moved]


def _carry(loop: Decoded, body: Decoded, name: str, tensor: Decoded) -> None:
    """*name* (an initializer, *tensor*) made a variable *loop* carries unchanged, read by its body's nodes as the
    body's input: after the loop's other carried variables, before its scan outputs."""
    carried = len(loop["input"]) - 2
    kind = {"tensor_type": {"elem_type": tensor["data_type"],
                            "shape": {"dim": [{"dim_value": dim} for dim in tensor.get("dims", [])]}}}  # fmt: skip
    inside, passed = f"{loop['name']}/{name}/carried", f"{loop['name']}/{name}/carried_next"
    for inner in body["node"]:
        inner["input"] = [inside if item == name else item for item in inner["input"]]
    body["input"].append({"name": inside, "type": kind})
    body["node"].append({"input": [inside], "output": [passed], "name": f"{passed}_node", "op_type": "Identity",
                         "attribute": []})  # fmt: skip
    body["output"].insert(1 + carried, {"name": passed, "type": kind})
    loop["input"].append(name)
    loop["output"].insert(carried, f"{loop['name']}/{name}/carried_out")


def _lean_body(body: Decoded) -> None:
    """A loop's or a branch's body, its own bodies first: its repeated nodes computed once and its identities
    dropped, each step (a Keras RNN's three Tiles of one mask, once per step), its outputs' names kept."""
    for node in body["node"]:
        for item in node["attribute"]:
            if item.get("type") == "GRAPH":
                _lean_body(item["g"])
    outputs = {item["name"] for item in body["output"]}
    nodes = needed_nodes(_drop_identities(body["node"], outputs), set(outputs))
    body["node"] = needed_nodes(_merge_repeats(nodes, outputs), set(outputs))


def _identity_of(node: Decoded, constant: Callable[[str], Optional[Const]]) -> Optional[str]:
    """The input *node* gives back as it is, if it does: a ``Mul`` by a scalar 1 or ``Div`` by one, an ``Add`` of a
    scalar 0 or ``Sub`` of one (a scalar of rank 0 broadcasts to nothing larger; Keras 3's swish multiplies by its
    beta of 1); else None."""
    op = node["op_type"]
    if op not in ("Mul", "Div", "Add", "Sub") or len(node["input"]) != 2:
        return None
    neutral = 1.0 if op in ("Mul", "Div") else 0.0
    places = (1, 0) if op in ("Mul", "Add") else (1,)  # which operand may be the constant
    for place in places:
        other = constant(node["input"][place])
        if other is not None and other.shape == () and other.dtype in FLOATS and other.values[0] == neutral:
            return str(node["input"][1 - place])
    return None


# ONNX ops that act on each element alone (their other inputs, if any, scalar constants: Clip's bounds): a Transpose
# before one may go after it.
_ELEMENTWISE: Final = frozenset({
    "Relu", "Clip", "Sigmoid", "Tanh", "LeakyRelu", "Elu", "Selu", "Exp", "Log", "Neg", "Abs", "Sqrt", "Reciprocal",
    "Softplus", "HardSigmoid", "HardSwish", "Erf", "Cast", "Identity", "Floor", "Ceil", "Round", "Sign", "Sin", "Cos",
    "Not", "IsNaN", "Gelu",
})  # fmt: skip
# ONNX ops of two operands broadcast against each other: a Transpose before one may go after it when the other is a
# constant (transposed to match) or the same Transpose of another value.
_BROADCASTING: Final = frozenset({
    "Add", "Sub", "Mul", "Div", "Pow", "Max", "Min", "Equal", "Less", "Greater", "LessOrEqual", "GreaterOrEqual",
    "And", "Or", "PRelu",
})  # fmt: skip
# Passes over the graph; each moves every movable Transpose past one more node.
_TRANSPOSE_PASSES: Final = 64


def _perm(node: Decoded) -> Optional[List[int]]:
    perm = attribute_of(node, "perm")
    return list(perm) if isinstance(perm, list) else None


def _readers(nodes: List[Decoded]) -> Dict[str, List[Decoded]]:
    """Each name's readers: the nodes that take it, and the subgraph attributes whose bodies read it from outside."""
    readers: Dict[str, List[Decoded]] = {}
    for node in nodes:
        for name in node["input"]:
            readers.setdefault(name, []).append(node)
        for item in node["attribute"]:
            if item.get("type") == "GRAPH":
                for name in outer_names(item["g"]):
                    readers.setdefault(name, []).append(item)
    return readers


def _read_inside(nodes: List[Decoded]) -> Set[str]:
    """The names the subgraphs of *nodes* read from the scope outside them (which keep their names)."""
    return {name for node in nodes for item in node["attribute"] if item.get("type") == "GRAPH"
            for name in outer_names(item["g"])}  # fmt: skip


def _push_transposes(
    nodes: List[Decoded], initializers: Dict[str, Decoded], constant: Callable[[str], Optional[Const]],
    outputs: Set[str],
) -> List[Decoded]:  # fmt: skip
    """Transposes moved after the elementwise nodes they feed, until two meet and cancel (a layout change undone:
    NHWC back to NCHW around the ops TensorFlow's layout put between two convolutions) or they can go no further."""
    for _ in range(_TRANSPOSE_PASSES):
        readers = _readers(nodes)
        producers = {name: node for node in nodes for name in node["output"]}
        moved: Dict[int, List[Decoded]] = {}  # a node's id -> the nodes that stand for it
        touched = set()
        for node in nodes:
            if node["op_type"] != "Transpose" or id(node) in touched:
                continue
            perm = _perm(node)
            (out,) = node["output"]
            following = readers.get(out, [])
            if perm is None or out in outputs or len(following) != 1 or "op_type" not in following[0]:
                continue
            reader = following[0]
            if id(reader) in touched:
                continue
            made = _move_past(node, perm, reader, readers, producers, initializers, constant)
            if made is None:
                continue
            touched.update({id(node), id(reader)})
            moved[id(reader)] = made
        if not moved:
            break
        rewritten: List[Decoded] = []
        for node in nodes:
            rewritten.extend(moved.get(id(node), [node]))
        nodes = rewritten
    return nodes


def _move_past(
    transpose: Decoded, perm: List[int], reader: Decoded, readers: Dict[str, List[Decoded]],
    producers: Dict[str, Decoded], initializers: Dict[str, Decoded], constant: Callable[[str], Optional[Const]],
) -> Optional[List[Decoded]]:  # fmt: skip
    """The nodes that stand for *reader* once *transpose* (of *perm*, read by it alone) goes after it, or None when
    it cannot: a Transpose after another, both one Transpose (none when they cancel: an Identity); an elementwise
    node, then the Transpose."""
    (source,) = transpose["input"][:1]
    (out,) = transpose["output"]
    op = reader["op_type"]
    if op == "Transpose":
        second = _perm(reader)
        if second is None or len(second) != len(perm):
            return None
        combined = [perm[axis] for axis in second]
        if combined == list(range(len(perm))):
            return [{**reader, "op_type": "Identity", "input": [source], "attribute": []}]
        return [{**reader, "input": [source], "attribute": [{"name": "perm", "type": "INTS", "ints": combined}]}]
    if op in _ELEMENTWISE:
        rest = reader["input"][1:]
        if reader["input"][0] != out or any(name == out for name in rest):
            return None
        if any(name and (constant(name) is None or count(constant(name).shape) != 1) for name in rest):  # type: ignore[union-attr]
            return None
        inputs = [source, *rest]
    elif op == "Pad":
        pads = constant(reader["input"][1]) if len(reader["input"]) > 1 else None
        values = int_values(pads) if pads is not None else None
        if reader["input"][0] != out or len(reader["input"]) > 3 or values is None or len(values) != 2 * len(perm):
            return None
        rank = len(perm)
        moved_pads = [0] * (2 * rank)
        for axis, source_axis in enumerate(perm):  # axis of the transposed value -> its source's axis
            moved_pads[source_axis], moved_pads[rank + source_axis] = values[axis], values[rank + axis]
        made = f"{reader['input'][1]}/transposed_{''.join(map(str, perm))}"
        initializers[made] = Const(pads.dtype, [2 * rank], moved_pads).proto(made)  # type: ignore[union-attr]
        inputs = [source, made, *reader["input"][2:]]
    elif op in _BROADCASTING and len(reader["input"]) == 2:
        inputs = []
        for name in reader["input"]:
            if name == out:
                inputs.append(source)
                continue
            twin = producers.get(name)
            if twin is not None and twin["op_type"] == "Transpose" and _perm(twin) == perm and len(readers[name]) == 1:
                inputs.append(twin["input"][0])  # the same layout change of another value: both go after
                continue
            other = _matched(name, perm, initializers, constant)
            if other is None:
                return None
            inputs.append(other)
    else:
        return None
    (result,) = reader["output"]
    inner = f"{result}/before_transpose"
    return [
        {**reader, "input": inputs, "output": [inner]},
        {**transpose, "name": f"{transpose['name']}/after", "input": [inner], "output": [result]},
    ]


def _matched(name: str, perm: List[int], initializers: Dict[str, Decoded],
             constant: Callable[[str], Optional[Const]]) -> Optional[str]:  # fmt: skip
    """The other operand of a broadcasting node as it reads once the Transpose of *perm* goes after the node: a
    constant transposed back (made of the rank first, leading ones added), or None."""
    value = constant(name)
    rank = len(perm)
    if value is None or len(value.shape) > rank or count(value.shape) > FOLD_LIMIT:
        return None
    if count(value.shape) == 1:
        return name
    inverse = [perm.index(axis) for axis in range(rank)]
    shaped = Const(value.dtype, (1,) * (rank - len(value.shape)) + value.shape, value.values)
    moved = transpose_const([shaped], {"attribute": [{"name": "perm", "ints": inverse}]})
    if moved is None:
        return None
    made = f"{name}/transposed_{''.join(map(str, inverse))}"
    initializers[made] = moved.proto(made)
    return made


def _merge_reshapes(
    nodes: List[Decoded], initializers: Dict[str, Decoded], constant: Callable[[str], Optional[Const]],
    outputs: Set[str],
) -> List[Decoded]:  # fmt: skip
    """A ``Reshape`` to a constant shape read only by a ``Transpose`` that moves its size-1 axes alone (the others
    keep their order: the same elements in the same order) or by another ``Reshape``: one ``Reshape`` to the
    shape the second gives (a shape with a 0, which copies a dim by its place, is left alone)."""
    producers = {name: node for node in nodes for name in node["output"]}
    reads = _read_counts(nodes)
    out: List[Decoded] = []
    for node in nodes:
        first = producers.get(node["input"][0]) if node["input"] else None
        if (
            node["op_type"] not in ("Transpose", "Reshape") or first is None or first["op_type"] != "Reshape"
            or reads.get(node["input"][0]) != 1 or node["input"][0] in outputs or len(first["input"]) != 2
            or attribute_of(first, "allowzero")
        ):  # fmt: skip
            out.append(node)
            continue
        shape = constant(first["input"][1])
        dims = int_values(shape) if shape is not None else None
        if dims is None or 0 in dims:
            out.append(node)
            continue
        if node["op_type"] == "Reshape":
            target = node["input"][1]
            later = constant(target)
            if later is None or 0 in (int_values(later) or [0]):
                out.append(node)
                continue
        else:
            perm = _perm(node)
            if perm is None or sorted(perm) != list(range(len(dims))):
                out.append(node)
                continue
            moved = [dims[axis] for axis in perm]
            kept = [axis for axis in perm if dims[axis] != 1]  # the axes that are not 1, in their new order
            if kept != sorted(kept):
                out.append(node)
                continue
            target = f"{first['input'][1]}/transposed_{''.join(map(str, perm))}"
            initializers[target] = Const("DT_INT64", [len(moved)], moved).proto(target)
        merged = {**node, "op_type": "Reshape", "input": [first["input"][0], target], "attribute": []}
        producers[node["output"][0]] = merged  # a Reshape after it merges with this one in turn
        reads[first["input"][0]] = reads.get(first["input"][0], 0) + 1
        out.append(merged)
    return out


def _read_counts(nodes: List[Decoded]) -> Dict[str, int]:
    """How often each name is read: once per node input, twice by a subgraph (never merged into a reader)."""
    reads: Dict[str, int] = {}
    for node in nodes:
        for name in node["input"]:
            reads[name] = reads.get(name, 0) + 1
        for item in node["attribute"]:
            if item.get("type") == "GRAPH":
                for name in outer_names(item["g"]):
                    reads[name] = reads.get(name, 0) + 2
    return reads


def _unit_axes_through_transposes(
    nodes: List[Decoded], initializers: Dict[str, Decoded], constant: Callable[[str], Optional[Const]],
    outputs: Set[str],
) -> List[Decoded]:  # fmt: skip
    """A ``Squeeze`` of a ``Transpose``, or a ``Transpose`` of an ``Unsqueeze``, read by it alone, whose permutation
    moves only the axes of size 1 that are squeezed or unsqueezed (the others keep their order: the same elements
    in the same order): one ``Squeeze`` or ``Unsqueeze`` of those axes' places on the other side. A batch norm's
    statistics over a value laid out NCHW, taken back to TensorFlow's layout and squeezed to a vector, are one
    ``Squeeze``."""
    producers = {name: node for node in nodes for name in node["output"]}
    reads = _read_counts(nodes)
    out: List[Decoded] = []
    for node in nodes:
        first = producers.get(node["input"][0]) if node["input"] else None
        pair = (first or {}).get("op_type"), node["op_type"]
        if first is None or pair not in (("Transpose", "Squeeze"), ("Unsqueeze", "Transpose")) or (
            reads.get(node["input"][0]) != 1 or node["input"][0] in outputs
        ):  # fmt: skip
            out.append(node)
            continue
        squeeze, transpose = (node, first) if node["op_type"] == "Squeeze" else (first, node)
        perm = _perm(transpose)
        given = constant(squeeze["input"][1]) if len(squeeze["input"]) == 2 else None
        axes = int_values(given) if given is not None else None
        rank = len(perm) if perm is not None else 0
        if perm is None or sorted(perm) != list(range(rank)) or axes is None:
            out.append(node)
            continue
        unit = {axis % rank for axis in axes if -rank <= axis < rank}
        if len(unit) != len(axes):
            out.append(node)
            continue
        if squeeze is node:  # the axes squeezed after the Transpose: their source axes squeezed before it
            kept = [source for axis, source in enumerate(perm) if axis not in unit]
            moved = sorted(perm[axis] for axis in unit)
        else:  # the axes unsqueezed before the Transpose: where it puts them
            kept = [source for source in perm if source not in unit]
            moved = [axis for axis, source in enumerate(perm) if source in unit]
        if kept != sorted(kept):
            out.append(node)
            continue
        made = f"{squeeze['input'][1]}/through_{''.join(map(str, perm))}"
        initializers[made] = Const("DT_INT64", [len(moved)], moved).proto(made)
        out.append({**node, "op_type": squeeze["op_type"], "input": [first["input"][0], made], "attribute": []})
    return out


# ONNX ops whose every run draws anew: two alike are two draws, never one.
_RANDOM: Final = frozenset({"RandomNormal", "RandomUniform", "RandomNormalLike", "RandomUniformLike", "Multinomial",
                            "Bernoulli"})  # fmt: skip


def _merge_repeats(nodes: List[Decoded], outputs: Set[str]) -> List[Decoded]:
    """Nodes that repeat one before them (the same op, inputs and attrs: a shape computed once per layer from the
    same input) are dropped, their readers reading the first's outputs; not a random op's, not one whose outputs a
    graph output or a subgraph names, not one holding a subgraph."""
    read_inside = _read_inside(nodes)
    first: Dict[Tuple[Any, ...], List[str]] = {}
    renamed: Dict[str, str] = {}
    kept: List[Decoded] = []
    for node in nodes:
        node["input"] = [renamed.get(name, name) for name in node["input"]]
        if node["op_type"] in _RANDOM or any(item.get("type") == "GRAPH" for item in node["attribute"]):
            kept.append(node)
            continue
        key = (node["op_type"], node.get("domain", ""), tuple(node["input"]), repr(node["attribute"]))
        earlier = first.get(key)
        if (
            earlier is None
            or len(earlier) != len(node["output"])
            or any(name in outputs or name in read_inside for name in node["output"])
        ):
            first.setdefault(key, node["output"])
            kept.append(node)
            continue
        renamed.update(zip(node["output"], earlier))
    return kept


def _drop_identities(nodes: List[Decoded], outputs: Set[str]) -> List[Decoded]:
    """Each Identity whose output is no graph output and no subgraph reads: its readers read its input instead."""
    read_inside = _read_inside(nodes)
    renamed: Dict[str, str] = {}
    kept: List[Decoded] = []
    for node in nodes:
        node["input"] = [renamed.get(name, name) for name in node["input"]]
        (out, *more) = node["output"] or [""]
        if node["op_type"] == "Identity" and not more and out not in outputs and out not in read_inside:
            renamed[out] = node["input"][0]
            continue
        kept.append(node)
    # An Identity naming a graph output after the node that makes its value, read by nothing else: that node's
    # output takes the name.
    producers = {name: node for node in kept for name in node["output"]}
    reads: Dict[str, int] = {}
    for node in kept:
        for name in node["input"]:
            reads[name] = reads.get(name, 0) + 1
    dropped = set()
    for node in kept:
        if node["op_type"] != "Identity" or node["output"][0] not in outputs or len(node["input"]) != 1:
            continue
        source = node["input"][0]
        producer = producers.get(source)
        if producer is None or reads.get(source) != 1 or source in outputs or source in read_inside:
            continue
        producer["output"] = [node["output"][0] if name == source else name for name in producer["output"]]
        dropped.add(id(node))
    return [node for node in kept if id(node) not in dropped]


def _pads_into_convolutions(
    nodes: List[Decoded], constant: Callable[[str], Optional[Const]], outputs: Set[str]
) -> List[Decoded]:
    """A ``Pad`` of zeros over the spatial axes alone whose one reader is a ``Conv`` (TensorFlow's explicit padding,
    Keras' ``ZeroPadding2D``) becomes the ``Conv``'s own ``pads``."""
    readers = _readers(nodes)
    dropped = set()
    for pad in nodes:
        if pad["op_type"] != "Pad" or len(pad["input"]) < 2 or pad["output"][0] in outputs:
            continue
        following = readers.get(pad["output"][0], [])
        if len(following) != 1 or following[0].get("op_type") != "Conv" or following[0]["input"][0] != pad["output"][0]:
            continue
        conv = following[0]
        mode = next((item.get("s") for item in pad["attribute"] if item["name"] == "mode"), b"constant")
        pads = constant(pad["input"][1])
        fill = constant(pad["input"][2]) if len(pad["input"]) > 2 and pad["input"][2] else None
        values = int_values(pads) if pads is not None else None
        auto = next((item.get("s") for item in conv["attribute"] if item["name"] == "auto_pad"), b"NOTSET")
        if mode not in (b"constant", "constant") or values is None or len(pad["input"]) > 3 or auto != b"NOTSET":
            continue
        if fill is not None and any(value != 0 for value in fill.values):
            continue
        rank = len(values) // 2
        if rank < 3 or any(values[axis] or values[rank + axis] for axis in (0, 1)) or any(v < 0 for v in values):
            continue
        spatial = rank - 2
        old = attribute_of(conv, "pads") or [0] * (2 * spatial)
        merged = [old[index] + values[2 + index] for index in range(spatial)]
        merged += [old[spatial + index] + values[rank + 2 + index] for index in range(spatial)]
        conv["attribute"] = [item for item in conv["attribute"] if item["name"] != "pads"]
        conv["attribute"].append({"name": "pads", "type": "INTS", "ints": merged})
        conv["input"] = [pad["input"][0], *conv["input"][1:]]
        dropped.add(id(pad))
    return [node for node in nodes if id(node) not in dropped]


def _fold_into_convolutions(
    nodes: List[Decoded], initializers: Dict[str, Decoded], constant: Callable[[str], Optional[Const]],
    outputs: Set[str],
) -> List[Decoded]:  # fmt: skip
    """Each ``Conv`` of constant weights whose one reader is a ``Mul`` or ``Add`` of a per-channel constant takes
    it in (a scale: each output channel's weights and bias times it; an offset: added to the bias), again while one
    follows; the reader's output becomes the ``Conv``'s."""
    readers = _readers(nodes)
    dropped = set()
    for node in nodes:
        if node["op_type"] != "Conv" or len(node["input"]) < 2:
            continue
        weights = initializers.get(node["input"][1])
        has_bias = len(node["input"]) > 2 and bool(node["input"][2])
        bias = constant(node["input"][2]) if has_bias else None
        if (
            weights is None or weights.get("data_type") != ONNX_TYPES["DT_FLOAT"] or "raw_data" not in weights
            or not weights.get("dims") or (has_bias and (bias is None or bias.dtype != "DT_FLOAT"))
        ):  # fmt: skip
            continue
        dims: List[int] = list(weights["dims"])
        base = list(bias.values) if bias is not None else [0.0] * dims[0]
        scales: Optional[List[float]] = None  # each output channel's weights times this, once at the end
        folded = False
        while True:
            (out,) = node["output"]
            following = readers.get(out, [])
            if out in outputs or len(following) != 1 or following[0].get("op_type") not in ("Mul", "Add"):
                break
            reader = following[0]
            other = [name for name in reader["input"] if name != out]
            factor = constant(other[0]) if len(other) == 1 and len(reader["input"]) == 2 else None
            if factor is None or factor.dtype != "DT_FLOAT":
                break
            channels = _per_channel(factor, len(base), len(dims))
            if channels is None:
                break
            if reader["op_type"] == "Mul":
                scales = rounded("DT_FLOAT", [a * b for a, b in zip(scales or [1.0] * len(base), channels)])
                base = rounded("DT_FLOAT", [value * scale for value, scale in zip(base, channels)])
            else:
                base = rounded("DT_FLOAT", [value + offset for value, offset in zip(base, channels)])
            node["output"] = list(reader["output"])
            dropped.add(id(reader))
            folded = True
        if folded:
            names = [f"{node['name']}/folded_weights", f"{node['name']}/folded_bias"]
            scaled = _scaled(weights["raw_data"], scales) if scales is not None else weights["raw_data"]
            initializers[names[0]] = {"dims": dims, "data_type": ONNX_TYPES["DT_FLOAT"], "name": names[0],
                                      "raw_data": scaled}  # fmt: skip
            initializers[names[1]] = Const("DT_FLOAT", [len(base)], base).proto(names[1])
            node["input"] = [node["input"][0], *names]
    return [node for node in nodes if id(node) not in dropped]


def _scaled(raw: bytes, scales: List[float], use_numpy: bool = True) -> bytes:
    """Little-endian float32 weights, each output channel's (a slab of the first axis) times its scale, rounded to
    float32. With numpy installed (the ``run`` extra), numpy's float32 product, else an array filled from a map:
    the same bytes (a product of two float32 values is exact in a double, so rounding it once to float32 is
    numpy's correctly rounded float32 product), numpy's 20x faster (ResNet50's 23 M weights: 2 s in Python)."""
    if use_numpy:
        try:
            import numpy  # noqa: PLC0415 (optional, and only for a model with convolutions to fold)
        except ImportError:
            pass
        else:
            grid = numpy.frombuffer(raw, "<f4").reshape(len(scales), -1)
            return (grid * numpy.asarray(scales, numpy.float32)[:, None]).astype("<f4").tobytes()  # type: ignore[no-any-return]
    weights = array("f", raw)
    if sys.byteorder == "big":
        weights.byteswap()
    size = len(weights) // len(scales)
    out = array("f")
    for channel, scale in enumerate(scales):
        out.extend(array("f", map(scale.__mul__, weights[channel * size : (channel + 1) * size])))
    if sys.byteorder == "big":
        out.byteswap()
    return out.tobytes()


def _per_channel(factor: Const, channels: int, rank: int) -> Optional[List[float]]:
    """*factor*'s value for each channel of a convolution's output of *rank* (``[N, C, ...]``), when it varies
    along the channels alone (a scalar too); else None."""
    if len(factor.shape) > rank:
        return None
    dims = (1,) * (rank - len(factor.shape)) + factor.shape
    if any(dim != 1 for axis, dim in enumerate(dims) if axis != 1) or dims[1] not in (1, channels):
        return None
    return factor.values * channels if dims[1] == 1 else list(factor.values)
