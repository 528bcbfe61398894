# SPDX-License-Identifier: Apache-2.0
"""Read what TensorFlow wrote, without TensorFlow or protobuf: models, graphs, checkpoints, TFRecords, events.

``load(path, graph=True)`` reads a ``.meta``, ``saved_model.pb`` or frozen graph; ``load_checkpoint`` and
``read_tensor`` a checkpoint; ``freeze`` and ``to_onnx`` turn a model into a frozen graph or an ONNX model, and
``Session`` runs it on onnxruntime;
``records`` and ``examples`` a TFRecord file; ``events`` TensorBoard's event files;
``decode(name, blob)`` one ``bytes_list`` item of a collection, by the collection's name (or gives the bytes
back). The README's table lists every name.
"""

from ._errors import ConversionError as ConversionError, DecodeError as DecodeError
from ._items import (
    COLLECTIONS as COLLECTIONS,
    decode as decode,
    decode_message as decode_message,
    decode_strict as decode_strict,
    encode as encode,
    encode_message as encode_message,
    message_type as message_type,
)
from ._model.collections import get_collection as get_collection
from ._model.files import find_models as find_models, load as load, loads as loads

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import List

    from ._ckpt.checkpoint import (
        load_checkpoint as load_checkpoint,
        read_tensor as read_tensor,
        read_tensors as read_tensors,
    )
    from ._ckpt.diff import diff as diff
    from ._ckpt.export import export as export
    from ._ckpt.restore import check_checkpoint as check_checkpoint
    from ._compat.check import compatible as compatible
    from ._convert.freeze import freeze as freeze
    from ._convert.onnx import to_onnx as to_onnx
    from ._convert.session import Session as Session
    from ._model.subgraph import subgraph as subgraph
    from ._records.events import event_columns as event_columns, events as events
    from ._records.examples import (
        decode_example as decode_example,
        example_columns as example_columns,
        examples as examples,
    )
    from ._records.tfrecord import records as records
    from ._scan.scan import scan as scan

# Checkpoints, the scan, subgraph views and records are read by modules that a program reading only meta graphs
# never imports (PEP 562).
_LAZY = {
    "load_checkpoint": "_ckpt.checkpoint",
    "read_tensor": "_ckpt.checkpoint",
    "read_tensors": "_ckpt.checkpoint",
    "check_checkpoint": "_ckpt.restore",
    "compatible": "_compat.check",
    "diff": "_ckpt.diff",
    "export": "_ckpt.export",
    "freeze": "_convert.freeze",
    "to_onnx": "_convert.onnx",
    "Session": "_convert.session",
    "scan": "_scan.scan",
    "subgraph": "_model.subgraph",
    "records": "_records.tfrecord",
    "examples": "_records.examples",
    "decode_example": "_records.examples",
    "example_columns": "_records.examples",
    "events": "_records.events",
    "event_columns": "_records.events",
}


def __dir__() -> "List[str]":
    """Every public name, those imported on first use too (what ``dir()``, ``help()`` and completion list)."""
    return sorted(set(__all__) | {"__version__"})


def __getattr__(name: str) -> object:
    if name in _LAZY:
        import importlib  # noqa: PLC0415 (not loaded under python -S: only a checkpoint name's first use pays)

        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module 'tfcollections' has no attribute {name!r}")


__all__ = (
    "COLLECTIONS",
    "Session",
    "check_checkpoint",
    "compatible",
    "ConversionError",
    "DecodeError",
    "decode",
    "decode_example",
    "decode_message",
    "decode_strict",
    "diff",
    "encode",
    "encode_message",
    "event_columns",
    "events",
    "example_columns",
    "examples",
    "export",
    "find_models",
    "freeze",
    "get_collection",
    "load",
    "load_checkpoint",
    "loads",
    "message_type",
    "read_tensor",
    "read_tensors",
    "records",
    "scan",
    "subgraph",
    "to_onnx",
)
__version__ = "0.1.0"
