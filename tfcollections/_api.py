# SPDX-License-Identifier: Apache-2.0
"""The public functions for single collection items.

Strategy: ``decode`` is the forgiving entry point (it falls back to the bytes
and never raises on any byte string); ``decode_strict`` and ``decode_message``
run the same parser and let its ``DecodeError`` through, with the message
type's name as the first segment of the error's path. ``encode`` is the
inverse of ``decode``, bytes fallback included.
"""

from __future__ import annotations

from types import MappingProxyType

from ._compiled import COMPILED, CompiledMessage
from ._decoder import parse_message
from ._encoder import encode_compiled
from ._errors import DecodeError
from ._schema import COLLECTIONS as _COLLECTIONS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Dict, Final, Mapping, Optional, Union

    BytesLike = Union[bytes, bytearray, memoryview]

COLLECTIONS: Final[Mapping[str, str]] = MappingProxyType(dict(_COLLECTIONS))
"""Registered collection name -> full name of the message type of its items."""

_BY_COLLECTION: Final[Dict[str, CompiledMessage]] = {name: COMPILED[ref] for name, ref in _COLLECTIONS.items()}
_BY_TYPE: Final[Dict[str, CompiledMessage]] = dict(COMPILED)
_BY_TYPE.update({message.short_name: message for message in COMPILED.values() if not message.name.endswith("Entry")})


def _check_name(name: object) -> None:
    if not isinstance(name, str):
        raise TypeError(f"Expected the collection name as str, not {type(name).__qualname__!r}")


def _as_buffer(blob: object) -> Union[bytes, bytearray]:
    if isinstance(blob, (bytes, bytearray)):
        return blob
    if isinstance(blob, memoryview):
        return blob.tobytes()  # slices of a memoryview have no .decode(); items are small
    raise TypeError(f"Expected a bytes-like object (bytes, bytearray, memoryview), not {type(blob).__qualname__!r}")


def _parse_top(message: CompiledMessage, buf: Union[bytes, bytearray]) -> Dict[str, Any]:
    out = message.new()
    try:
        parse_message(buf, 0, len(buf), message, out, 0)
    except DecodeError as exc:
        exc._add_segment(message.short_name)
        raise
    except RecursionError:
        # Only when called with the interpreter's stack nearly used up already:
        # the parser itself nests at most a few hundred frames.
        raise DecodeError("Python's recursion limit was reached while decoding", None, message.short_name) from None
    return out


def message_type(name: str) -> Optional[str]:
    """The full name of the message type registered for collection *name*, or None."""
    _check_name(name)
    return _COLLECTIONS.get(name)


def decode(name: str, blob: BytesLike, /) -> Union[Dict[str, Any], bytes]:
    """Decode one ``bytes_list`` item of the collection called *name*.

    Returns a dict when *name* is a registered collection (``"variables"``,
    ``"savers"``, ...) and *blob* reads as its message type; otherwise the
    bytes themselves (the same object when *blob* is ``bytes``, else a
    ``bytes`` copy). Never raises on any byte string; raises ``TypeError``
    only when *name* is not a ``str`` or *blob* is not bytes-like.
    """
    # The hot path of the library: the checks of _check_name, _as_buffer and _parse_top are
    # written out here, as two fewer Python calls are a tenth of a small item's time.
    if type(name) is not str:
        _check_name(name)
    buf = blob if type(blob) is bytes else _as_buffer(blob)
    message = _BY_COLLECTION.get(name)
    if message is not None:
        out = message.new()
        try:
            parse_message(buf, 0, len(buf), message, out, 0)
        except (DecodeError, RecursionError):
            pass
        else:
            return out
    return buf if isinstance(buf, bytes) else bytes(buf)


def decode_strict(name: str, blob: BytesLike, /) -> Dict[str, Any]:
    """Decode one ``bytes_list`` item of the registered collection *name*, or raise.

    Raises ``DecodeError`` when *name* is not a registered collection or *blob*
    does not read as its message type; the error says what was expected, what
    was found, the byte offset and the field path.
    """
    _check_name(name)
    buf = _as_buffer(blob)
    message = _BY_COLLECTION.get(name)
    if message is None:
        registered = ", ".join(sorted(_COLLECTIONS))
        raise DecodeError(f"no message type is registered for collection {name!r} (registered: {registered})")
    return _parse_top(message, buf)


def _message_by_type(type_name: str) -> CompiledMessage:
    if not isinstance(type_name, str):
        raise TypeError(f"Expected the message type name as str, not {type(type_name).__qualname__!r}")
    message = _BY_TYPE.get(type_name)
    if message is None:
        known = ", ".join(sorted(name for name in COMPILED if not name.endswith("Entry")))
        raise ValueError(f"unknown message type {type_name!r} (known: {known})")
    return message


def decode_message(type_name: str, blob: BytesLike, /) -> Dict[str, Any]:
    """Decode *blob* as the message type *type_name*, or raise ``DecodeError``.

    *type_name* is a full name (``"tensorflow.VariableDef"``) or a short one
    (``"VariableDef"``); an unknown type name is a ``ValueError``.
    """
    message = _message_by_type(type_name)
    return _parse_top(message, _as_buffer(blob))


def encode(name: str, data: Union[Dict[str, Any], BytesLike], /) -> bytes:
    """Encode *data* as one ``bytes_list`` item of the collection called *name*.

    The inverse of :func:`decode`: a dict is encoded as the collection's
    registered message type, canonically (as TensorFlow writes it), so
    ``encode(name, decode(name, blob)) == blob`` for what TensorFlow writes;
    bytes are returned as they are, for any collection. Data that does not fit
    the schema raises ``TypeError`` or ``ValueError`` naming the offending path.
    """
    _check_name(name)
    if isinstance(data, (bytes, bytearray, memoryview)):
        return bytes(data)
    message = _BY_COLLECTION.get(name)
    if message is None:
        raise ValueError(f"no message type is registered for collection {name!r}: only bytes can be encoded for it")
    return encode_compiled(message, data, message.short_name)


def encode_message(type_name: str, data: Dict[str, Any], /) -> bytes:
    """Encode the dict *data* as the message type *type_name* (see :func:`encode`)."""
    message = _message_by_type(type_name)
    return encode_compiled(message, data, message.short_name)
