# SPDX-License-Identifier: Apache-2.0
"""What the conversion refuses before it makes anything: each op type of a graph the op table lacks, and why.

Strategy: ``unsupported_ops`` walks a graph's nodes once and lists each op type without a row (or whose row needs
a later opset than the one asked for) with its count, its first node and a reason. Most reasons are "not in the
table"; ``_REFUSED`` gives the ops whose absence has one worth saying, one row per op: what is left of TF 1's
control flow, a function call left uninlined, and the ops a graph starts with before its model does (parsing
tf.Example records, reading an input pipeline, hashing strings), which say where to cut the graph so that the rest
converts.
"""

from __future__ import annotations

from .optable import FIRST_OPSET, RULES

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Dict, Final, List

    from .._typing import Decoded

# A serving graph that parses tf.Example records (an Estimator's, TFX's) starts with one of these; the model proper
# starts at the features it gives, where the graph can be cut.
_PARSING: Final = ("it parses serialized protos (tf.Example), which no ONNX op does: cut the graph at the features "
                   "it gives (--inputs of their tensor names, or to_onnx(inputs=...))")  # fmt: skip
# A training graph reads its batches from a tf.data iterator or a queue; the model starts at the tensors they give.
_PIPELINE: Final = ("it is a step of an input pipeline (tf.data or a queue), which no ONNX op is: cut the graph at "
                    "the tensors it gives (--inputs of their tensor names, or to_onnx(inputs=...))")  # fmt: skip

# TensorFlow's string hashes (FarmHash, SipHash) read a string's bytes, which no ONNX op gives.
_HASHING: Final = ("it hashes each string's bytes, and no ONNX op reads the bytes of a string: cut the graph at the "
                   "hashed ids it gives (--inputs, or to_onnx(inputs=...))")  # fmt: skip

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


def unsupported_ops(nodes: List[Decoded], opset: int = FIRST_OPSET) -> List[Decoded]:
    """Each op type of *nodes* the table lacks, or whose row needs a later opset than *opset*: ``{"op", "count",
    "node", "why"}``, in the order first met."""
    found: Dict[str, Decoded] = {}
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
    return list(found.values())
