# SPDX-License-Identifier: Apache-2.0
"""Where a graph is cut: the tensors fed in place of what computes them, and what the outputs need up to them.

Strategy: a cut tensor becomes a ``Placeholder`` of its dtype and recorded shape (where none is recorded, an
iterator's declared one, or a tf.Example parsing op's as its shape function infers it: ``parsing.parsed_shape``),
and the nodes the outputs need are followed back from them (``extract_sub_graph``'s rule: data and control inputs)
and not past a cut. A cut at a node's first output replaces the node under its own name (``x:0`` stays ``x:0``). A
cut at another output (``IteratorGetNext:1``) is a placeholder of its own, ``NODE/port_K``, every input naming the
tensor renamed to it, and the node is kept where its other outputs are needed; the converted model's input keeps the
tensor's name (``FrozenGraph.names``). With no inputs given, the conversion cuts a graph whose outputs are computed
from an input pipeline (a tf.data iterator's ``IteratorGetNext``, a queue's dequeue) at the tensors the pipeline
gives, as tf2onnx does: no ONNX op reads a pipeline, and what the model computes starts there.
"""

from __future__ import annotations

from .._errors import DecodeError
from .._graph.attrs import shape_list
from .._graph.graphdef import new_node, output_dtypes, shape_attr, split_tensor_name, type_attr
from .parsing import LAYOUTS, parsed_shape

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Dict, Final, List, Optional, Set, Tuple

    from .._typing import Decoded

PLACEHOLDER_OPS: Final = frozenset({"Placeholder", "PlaceholderV2"})
#: The ops that hand an input pipeline's batches to the model: a tf.data iterator's, a queue's (TF 1's) and a
#: staging area's.
PIPELINE_READS: Final = frozenset({
    "IteratorGetNext", "IteratorGetNextSync", "QueueDequeueV2", "QueueDequeueManyV2", "QueueDequeueUpToV2",
    "QueueDequeue", "QueueDequeueMany", "QueueDequeueUpTo", "Unstage",
})  # fmt: skip


def reachable(outputs: Set[str], by_name: Dict[str, Decoded], cut: Set[str], *, control: bool = True) -> Set[str]:
    """The nodes the outputs need (``extract_sub_graph``'s rule: data and control inputs followed back), not
    past the nodes in *cut*; without *control*, those whose values reach the outputs (data inputs alone)."""
    kept: Set[str] = set()
    pending = list(outputs)
    while pending:
        name = pending.pop()
        if name in kept:
            continue
        kept.add(name)
        if name in cut:
            continue
        for item in by_name[name]["input"]:
            source, port = split_tensor_name(item)
            if port < 0 and not control:
                continue
            if source not in by_name:
                raise DecodeError(f"node {name!r} names input {item!r}, which the graph does not have")
            if source not in kept:
                pending.append(source)
    return kept


def placeholder_for(node: Decoded, port: int = 0, name: Optional[str] = None,
                    by_name: Optional[Dict[str, Decoded]] = None) -> Decoded:  # fmt: skip
    """A ``Placeholder`` (named *name*, else the node's own name) of the node's output *port*: its dtype and the
    shape TensorFlow recorded, else the one the op declares (an iterator's ``output_shapes``, a fed
    ``PlaceholderWithDefault``'s ``shape``), else a parsing op's as its shape function infers it (the records it
    reads found in *by_name*)."""
    dtypes = output_dtypes(node) or []
    dtype = dtypes[port] if port < len(dtypes) else None
    if dtype is None or dtype.startswith("DT_INVALID"):
        raise DecodeError(f"input {node['name']}:{port} (op {node['op']}): its dtype is not known, so it cannot be "
                          "made a placeholder")  # fmt: skip
    attrs = {"dtype": type_attr(dtype.replace("_REF", ""))}
    shapes = node["attr"].get("_output_shapes") or node["attr"].get("output_shapes")
    if shapes is None and node["op"] == "PlaceholderWithDefault" and node["attr"].get("shape") is not None:
        attrs["shape"] = node["attr"]["shape"]  # fed: the shape it declares, as a placeholder's
    if shapes is None and node["op"] in LAYOUTS:
        dims = parsed_shape(node, port, _records_shape(node, by_name or {}))
        if dims is not None:
            attrs["shape"] = shape_attr(dims)
    if shapes is not None and shapes["list"] is not None and len(shapes["list"]["shape"]) > port:
        shape_value = dict(shapes)
        shape_value["list"] = None
        shape_value["shape"] = shapes["list"]["shape"][port]
        attrs["shape"] = shape_value
        # Recorded too: a graph written before GraphDef version 22 reads a Placeholder's shape of no dims as any
        # shape, where the shape TensorFlow recorded for the node cut (a queue's scalar) is the tensor's.
        recorded = dict(shapes)
        recorded["list"] = dict(shapes["list"])
        recorded["list"]["shape"] = [shapes["list"]["shape"][port]]
        attrs["_output_shapes"] = recorded
    return new_node(name or node["name"], "Placeholder", [], attrs, node["device"])


def _records_shape(node: Decoded, by_name: Dict[str, Decoded]) -> Optional[List[int]]:
    """The shape of the records a parsing *node* reads (its input 0; -1 a dim not known), where the graph says it: a
    placeholder's shape (through identities), or the shape recorded for the node that gives them."""
    inputs = node["input"]
    for _ in range(8):  # a signature's placeholder reaches a function's parsing through a few identities
        if not inputs:
            return None
        source, port = split_tensor_name(inputs[0])
        producer = by_name.get(source)
        if producer is None or port < 0:
            return None
        recorded = producer["attr"].get("_output_shapes")
        if recorded is not None and recorded["list"] is not None and len(recorded["list"]["shape"]) > port:
            return shape_list(recorded["list"]["shape"][port])
        if producer["op"] in PLACEHOLDER_OPS:
            declared = producer["attr"].get("shape")
            return shape_list(declared["shape"]) if declared is not None else None
        if producer["op"] not in ("Identity", "Snapshot"):
            return None
        inputs = producer["input"]
    return None


def pipeline_tensors(nodes: List[Decoded], outputs: List[str], by_name: Dict[str, Decoded]) -> List[str]:
    """The tensors an input pipeline hands to what *outputs* need (every output of its reads that a needed node or
    an output takes), in the graph's order: where the conversion cuts the graph when no inputs are given; [] when
    the outputs need no pipeline."""
    needed = reachable({split_tensor_name(name)[0] for name in outputs}, by_name, set())
    reads = {node["name"] for node in nodes if node["name"] in needed and node["op"] in PIPELINE_READS}
    if not reads:
        return []
    taken: Set[Tuple[str, int]] = set()
    for item in [*(input_ for name in needed for input_ in by_name[name]["input"]), *outputs]:
        source, port = split_tensor_name(item)
        if source in reads and port >= 0:
            taken.add((source, port))
    order = {node["name"]: position for position, node in enumerate(nodes)}
    return [f"{source}:{port}" for source, port in sorted(taken, key=lambda item: (order[item[0]], item[1]))]


def cut_graph(nodes: List[Decoded], outputs: List[str], inputs: List[str]) -> Tuple[List[Decoded], List[str], List[str],
                                                                                  Dict[str, str]]:  # fmt: skip
    """The nodes *outputs* need with the graph cut at *inputs* (tensor names), in the graph's order (a cut at a
    later output's placeholder just after its node's place); the outputs and inputs as the cut graph names them;
    and the tensor each renamed one stands for (``NODE/port_K:0`` -> ``NODE:K``)."""
    by_name = {node["name"]: node for node in nodes}
    renamed: Dict[str, str] = {}  # "NODE:K" (K > 0) -> its placeholder's name
    for tensor in inputs:
        source, port = split_tensor_name(tensor)
        if port == 0 or tensor in renamed:
            continue
        if by_name[source]["op"] in PLACEHOLDER_OPS:
            raise ValueError(f"input {tensor!r}: a placeholder has one output")
        name = f"{source}/port_{port}"
        while name in by_name:
            name += "_"
        renamed[tensor] = name
        by_name[name] = placeholder_for(by_name[source], port, name, by_name)
    if renamed:  # every input naming a renamed tensor names its placeholder
        nodes = [_renamed_inputs(node, renamed) for node in nodes]
        by_name.update({node["name"]: node for node in nodes})
    cut_inputs = [f"{renamed[name]}:0" if name in renamed else name for name in inputs]
    cut_outputs = [f"{renamed[name]}:0" if name in renamed else name for name in outputs]
    cut = {split_tensor_name(name)[0] for name in cut_inputs}
    kept = reachable({split_tensor_name(name)[0] for name in cut_outputs}, by_name, cut)
    after: Dict[str, List[Decoded]] = {}  # a later output's placeholder goes where its node is, after it
    for tensor, name in renamed.items():
        if name in kept:
            after.setdefault(split_tensor_name(tensor)[0], []).append(by_name[name])
    result: List[Decoded] = []
    for node in nodes:
        if node["name"] in kept:
            cut_here = node["name"] in cut and node["op"] not in PLACEHOLDER_OPS
            result.append(placeholder_for(node, 0, None, by_name) if cut_here else node)
        result.extend(after.get(node["name"], ()))
    names = {f"{name}:0": tensor for tensor, name in renamed.items()}
    return result, cut_outputs, cut_inputs, names


def _renamed_inputs(node: Decoded, renamed: Dict[str, str]) -> Decoded:
    if not any(split_tensor_name(item)[1] > 0 and _tensor(item) in renamed for item in node["input"]):
        return node
    copy = dict(node)
    copy["input"] = [renamed.get(_tensor(item), item) for item in node["input"]]
    return copy


def _tensor(item: str) -> str:
    source, port = split_tensor_name(item)
    return f"{source}:{port}"
