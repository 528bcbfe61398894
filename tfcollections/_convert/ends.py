# SPDX-License-Identifier: Apache-2.0
"""The graph's ends: the nodes that are a model's outputs when neither the caller, a signature nor a collection says.

Strategy: the unconsumed nodes, less what is no model output: the bookkeeping (what trains, initialises, saves,
summarises, checks or feeds a pipeline, and every node downstream of it), a constant, input or variable left unused,
a handle no ONNX type holds (a resource, a TensorList, a TF 1 TensorArray's flow, which is its array by another
name), and a TF 1 while loop's inner nodes, which TensorFlow does not fetch.
"""

from __future__ import annotations

import re

from .._graph.graphdef import output_dtypes, split_tensor_name

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Dict, Final, List, Set

    from .._typing import Decoded

#: The ops that make a variable (a reference one, or a resource's handle).
VARIABLE_OPS: Final = frozenset({"VariableV2", "Variable", "VarHandleOp"})
# Ops whose nodes, and every node that needs one, train, initialise, save, summarise, check or feed a pipeline: no
# model output.
_BOOKKEEPING: Final = frozenset({
    "Assign", "AssignAdd", "AssignSub", "AssignVariableOp", "AssignAddVariableOp", "AssignSubVariableOp",
    "VarIsInitializedOp", "IsVariableInitialized", "SaveV2", "RestoreV2", "Save", "SaveSlices", "Restore",
    "RestoreSlice", "MergeV2Checkpoints", "Assert", "Print", "PrintV2", "ReportUninitializedVariables",
    "MakeIterator", "IteratorToStringHandle", "InitializeTableV2", "InitializeTableFromTextFileV2",
    # An input pipeline's other ends: what fills, closes or measures a queue, or stages a batch.
    "QueueEnqueueV2", "QueueEnqueueManyV2", "QueueCloseV2", "QueueSizeV2", "QueueIsClosedV2", "QueueEnqueue",
    "QueueEnqueueMany", "QueueClose", "QueueSize", "QueueIsClosed", "Stage", "MapStage", "OrderedMapStage",
})  # fmt: skip
# Unconsumed nodes that are no output of their own: a constant, an input, a variable or its read left unused.
_NOT_OUTPUTS: Final = frozenset({"NoOp", "Const", "Placeholder", "PlaceholderV2", "VariableV2", "Variable",
                                 "VarHandleOp", "ReadVariableOp", "Shape"})  # fmt: skip
# Dtypes of handles, not values: no ONNX type holds them (a TensorArray or TensorList left unread, a resource).
_HANDLE_TYPES: Final = frozenset({"DT_VARIANT", "DT_RESOURCE", "DT_VARIANT_REF", "DT_RESOURCE_REF"})
_NOT_OUTPUT_SCOPES: Final = ("save/", "report_uninitialized_variables/")
# The scope tf.gradients makes (``gradients``, ``gradients_1``, under any scope).
_GRADIENTS: Final = re.compile(r"(?:^|/)gradients(?:_[0-9]+)?/")


def default_outputs(nodes: List[Decoded]) -> List[str]:
    """The graph's unconsumed nodes that neither are nor need a training, initialising, saving, summary or check
    node (what needs one is bookkeeping: ``report_uninitialized_variables``, a train op's group), nor give a handle
    (a TensorArray, a TensorList or a resource left unread: no ONNX type holds one), nor lie inside a TF 1 while
    loop (which TensorFlow does not fetch)."""
    consumers: Dict[str, List[str]] = {}
    for node in nodes:
        for item in node["input"]:
            consumers.setdefault(split_tensor_name(item)[0], []).append(node["name"])
    by_op = {node["name"]: node["op"] for node in nodes}
    bookkeeping = [node["name"] for node in nodes if _is_bookkeeping(node)]
    tainted = set(bookkeeping)
    while bookkeeping:  # everything downstream of bookkeeping is bookkeeping
        for consumer in consumers.get(bookkeeping.pop(), ()):
            if consumer not in tainted:
                tainted.add(consumer)
                bookkeeping.append(consumer)
    # A TF 1 while loop's nodes (from its Enter nodes to its Exit nodes) are not fetchable, as TensorFlow says.
    in_loops = [node["name"] for node in nodes if node["op"] in ("Enter", "RefEnter")]
    looped = set(in_loops)
    while in_loops:
        for consumer in consumers.get(in_loops.pop(), ()):
            if consumer not in looped and by_op.get(consumer) not in ("Exit", "RefExit"):  # an Exit is the loop's own
                looped.add(consumer)
                in_loops.append(consumer)
    flows = _array_flows(nodes)
    return [
        node["name"]
        for node in nodes
        if node["name"] not in consumers
        and node["name"] not in tainted
        and node["name"] not in looped
        and node["name"] not in flows
        and node["op"] not in _NOT_OUTPUTS
        and (output_dtypes(node) or [None])[0] not in _HANDLE_TYPES
        and not (node["op"] == "Identity" and node["input"] and by_op.get(node["input"][0]) in VARIABLE_OPS)
        # A TF 1 cond's pivot (switch_t, switch_f: an Identity of its predicate's Switch) is no output of the model.
        and not (
            node["op"] == "Identity"
            and node["input"]
            and by_op.get(split_tensor_name(node["input"][0])[0]) in ("Switch", "RefSwitch")
        )
    ]


def _array_flows(nodes: List[Decoded]) -> Set[str]:
    """The nodes whose first output is a TF 1 TensorArray's flow: a float that stands for the array (a handle by
    another name, left unread when nothing reads the array), through the loop and identity nodes that carry it."""
    flows = {f"{node['name']}:{port}" for node in nodes for op, port in _FLOW_PORTS if node["op"] == op}
    carried = [node for node in nodes if node["op"] in _CARRIERS]
    grown = True
    while grown:  # a loop's Merge takes its NextIteration, which comes later: until nothing more is found
        grown = False
        for node in carried:
            if (
                f"{node['name']}:0" not in flows
                and node["input"]
                and any(item in flows or f"{item}:0" in flows for item in node["input"] if not item.startswith("^"))
            ):
                flows.update(f"{node['name']}:{port}" for port in ((0, 1) if "Switch" in node["op"] else (0,)))
                grown = True
    return {name[: -len(":0")] for name in flows if name.endswith(":0")}


# The flow outputs of TF 1's TensorArray ops (data_flow_ops.cc), and the ops that pass a value on as it is.
_FLOW_PORTS: Final = (("TensorArrayV3", 1), ("TensorArrayWriteV3", 0), ("TensorArrayScatterV3", 0),
                      ("TensorArraySplitV3", 0), ("TensorArrayGradV3", 1), ("TensorArrayGradWithShape", 1))  # fmt: skip
_CARRIERS: Final = frozenset({"Enter", "RefEnter", "Merge", "RefMerge", "Switch", "RefSwitch", "Exit", "RefExit",
                              "NextIteration", "RefNextIteration", "Identity"})  # fmt: skip


def _is_bookkeeping(node: Decoded) -> bool:
    op = node["op"]
    return (
        op in _BOOKKEEPING
        or op.startswith(("Apply", "ResourceApply", "SparseApply", "ResourceSparseApply"))
        or "Summary" in op
        or node["name"].startswith(_NOT_OUTPUT_SCOPES)
        or _GRADIENTS.search(node["name"]) is not None
    )
