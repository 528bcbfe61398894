# SPDX-License-Identifier: Apache-2.0
"""What the conversion refuses before it makes anything: each op type of a graph the op table lacks, and why.

Strategy: ``unsupported_ops`` walks a graph's nodes once and lists each op type without a row (or whose row needs
a later opset than the one asked for) with its count, its first node and a reason. Most reasons are "not in the
table"; ``_REFUSED`` gives the ops whose absence has one worth saying, one row per op: what is left of TF 1's
control flow, a function call left uninlined, and the ops a graph starts with before its model does (parsing
tf.Example records, reading an input pipeline, hashing strings), which say where to cut the graph so that the rest
converts: the tensors of theirs the graph reads, named as ``--inputs`` takes them, each parsed tensor with its
feature (``parsing.feature_of``).
"""

from __future__ import annotations

from .._graph.graphdef import split_tensor_name
from .optable import FIRST_OPSET, RULES
from .parsing import feature_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Callable, Dict, Final, List, Optional, Set, Tuple

    from .._tensor import Tensor
    from .._typing import Decoded

# A serving graph that parses tf.Example records (an Estimator's, TFX's) starts with one of these; the model proper
# starts at the features it gives, where the graph can be cut.
_PARSING: Final = ("it parses serialized protos (tf.Example), which no ONNX op does: cut the graph at the features "
                   "it gives")  # fmt: skip
# A training graph reads its batches from a tf.data iterator or a queue; the model starts at the tensors they give.
_PIPELINE: Final = ("it is a step of an input pipeline (tf.data or a queue), which no ONNX op is: cut the graph at "
                    "the tensors it gives")  # fmt: skip

# TensorFlow's string hashes (FarmHash, SipHash) read a string's bytes, which no ONNX op gives.
_HASHING: Final = ("it hashes each string's bytes, and no ONNX op reads the bytes of a string: cut the graph at the "
                   "hashed ids it gives")  # fmt: skip

# cuDNN's fused RNNs run on a GPU alone: no CPU kernel of TensorFlow to hold a conversion to.
_CUDNN: Final = ("cuDNN's fused RNN, which TensorFlow runs on a GPU alone, so no conversion of it can be held to "
                 "TensorFlow's answers here: build the model with its CPU twin (CudnnCompatibleLSTMCell, a Keras LSTM "
                 "or GRU), whose ops convert")  # fmt: skip

# Ops whose absence from the table has a reason of its own, by op.
_REFUSED: Final = {
    # TF 1 while loops and conds are taken whole (frames.py): what is left of these is part of neither.
    "Switch": "control flow", "Merge": "control flow", "Enter": "control flow",
    "Exit": "control flow", "NextIteration": "control flow", "LoopCond": "control flow",
    "PartitionedCall": "a function call", "StatefulPartitionedCall": "a function call",
    "ParseExample": _PARSING, "ParseExampleV2": _PARSING, "ParseSingleExample": _PARSING, "DecodeProtoV2": _PARSING,
    "ParseSequenceExample": _PARSING, "ParseSequenceExampleV2": _PARSING, "ParseSingleSequenceExample": _PARSING,
    "IteratorGetNext": _PIPELINE, "IteratorGetNextSync": _PIPELINE, "IteratorV2": _PIPELINE, "Iterator": _PIPELINE,
    "OneShotIterator": _PIPELINE, "AnonymousIteratorV3": _PIPELINE, "MakeIterator": _PIPELINE,
    "QueueDequeueV2": _PIPELINE, "QueueDequeueManyV2": _PIPELINE, "QueueDequeueUpToV2": _PIPELINE,
    "QueueDequeue": _PIPELINE, "QueueDequeueMany": _PIPELINE, "QueueDequeueUpTo": _PIPELINE,
    "FIFOQueueV2": _PIPELINE, "PaddingFIFOQueueV2": _PIPELINE, "RandomShuffleQueueV2": _PIPELINE,
    "FIFOQueue": _PIPELINE, "PaddingFIFOQueue": _PIPELINE, "RandomShuffleQueue": _PIPELINE, "Unstage": _PIPELINE,
    "Stage": _PIPELINE,
    "StringToHashBucketFast": _HASHING, "StringToHashBucketStrong": _HASHING, "StringToHashBucket": _HASHING,
    "Fingerprint": _HASHING,
    "CudnnRNN": _CUDNN, "CudnnRNNV2": _CUDNN, "CudnnRNNV3": _CUDNN,
}  # fmt: skip


def unsupported_ops(
    nodes: List[Decoded], opset: int = FIRST_OPSET, value_of: Optional[Callable[[Decoded], Tensor]] = None
) -> List[Decoded]:
    """Each op type of *nodes* the table lacks, or whose row needs a later opset than *opset*: ``{"op", "count",
    "node", "why"}``, in the order first met. An op the graph is cut after says at which of its tensors; *value_of*
    (a ``Const`` node's tensor) lets a parsing op's tensors be named by their features."""
    found: Dict[str, Decoded] = {}
    cut: Dict[str, List[Decoded]] = {}
    for node in nodes:
        op = node["op"]
        rule = RULES.get(op)
        if rule is not None and rule.since <= opset:
            continue
        entry = found.get(op)
        if entry is None:
            if rule is not None:
                why = f"its row makes ONNX ops of opset {rule.since}: convert at opset {rule.since} or later"
            else:
                why = _REFUSED.get(op, "not in the table")
            found[op] = {"op": op, "count": 1, "node": node["name"], "why": why}
        else:
            entry["count"] += 1
        if _REFUSED.get(op) in (_PARSING, _PIPELINE, _HASHING):
            cut.setdefault(op, []).append(node)
    if cut:
        read = _tensors_read(nodes, {node["name"] for listed in cut.values() for node in listed})
        by_name = {node["name"]: node for node in nodes}
        for op, listed in cut.items():
            named = [(name, feature_of(node, port, by_name, value_of))
                     for node in listed for port, name in read.get(node["name"], [])]  # fmt: skip
            found[op]["why"] += _where(named)
    return list(found.values())


def _tensors_read(nodes: List[Decoded], producers: Set[str]) -> Dict[str, List[Tuple[int, str]]]:
    """The tensors of *producers* the other nodes read: producer -> [(port, tensor name)], by port."""
    read: Dict[str, Set[int]] = {}
    for node in nodes:
        for name in node.get("input") or ():
            producer, port = split_tensor_name(name)
            if producer in producers and port >= 0:
                read.setdefault(producer, set()).add(port)
    return {producer: [(port, f"{producer}:{port}") for port in sorted(ports)] for producer, ports in read.items()}


def _where(named: List[Tuple[str, str]]) -> str:
    """What a cut's refusal ends with: the tensors to give as inputs, each with what it is where that is known."""
    if not named:
        return " (--inputs of their tensor names, or to_onnx(inputs=...))"
    listed = ", ".join(f"{name!r} ({what})" if what else repr(name) for name, what in named)
    return f": {listed} (--inputs NAME of each, or to_onnx(inputs=[...]))"
