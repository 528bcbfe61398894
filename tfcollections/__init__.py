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

__all__ = (
    "COLLECTIONS",
    "DecodeError",
    "decode",
    "decode_message",
    "decode_strict",
    "encode",
    "encode_message",
    "find_models",
    "get_collection",
    "load",
    "loads",
    "message_type",
)
__version__ = "0.1.0"
