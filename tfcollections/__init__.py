# SPDX-License-Identifier: Apache-2.0
"""Read what TensorFlow 1 stored in a MetaGraphDef's collections, without TensorFlow.

``decode(name, blob)`` turns one ``bytes_list`` item of a collection into
plain Python data, by the collection's name, or gives the bytes back.
"""

from ._api import (
    COLLECTIONS as COLLECTIONS,
    decode as decode,
    decode_message as decode_message,
    decode_strict as decode_strict,
    encode as encode,
    encode_message as encode_message,
    message_type as message_type,
)
from ._errors import DecodeError as DecodeError
from ._files import (
    find_models as find_models,
    get_collection as get_collection,
    load as load,
    loads as loads,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ._checkpoint import load_checkpoint as load_checkpoint, read_tensor as read_tensor
    from ._restore import check_checkpoint as check_checkpoint

# Checkpoints are read by modules that a program reading only meta graphs never imports (PEP 562).
_LAZY = {"load_checkpoint": "_checkpoint", "read_tensor": "_checkpoint", "check_checkpoint": "_restore"}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module 'tfcollections' has no attribute {name!r}")


__all__ = (
    "COLLECTIONS",
    "check_checkpoint",
    "DecodeError",
    "decode",
    "decode_message",
    "decode_strict",
    "encode",
    "encode_message",
    "find_models",
    "get_collection",
    "load",
    "load_checkpoint",
    "loads",
    "message_type",
    "read_tensor",
)
__version__ = "0.1.0"
