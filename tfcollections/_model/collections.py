# SPDX-License-Identifier: Apache-2.0
"""A meta graph's collections: their final form, and ``get_collection`` with TensorFlow's scope rule.

Strategy: the decoder leaves each ``CollectionDef`` as its kind's list; here ``bytes_list`` items are
decoded through ``decode`` by the collection's name (the registry), and ``any_list`` values (and
``meta_info_def.any_info``) when their type is one the library knows, otherwise kept as bytes. The scope
rule is TensorFlow's (``re.match`` of a prefix regex) with a boundary-aware form beside it; ``re`` is
imported only when a scope is asked for, so the package's import never pays for it.
"""

from __future__ import annotations

from .._errors import DecodeError
from .._items import decode
from .._proto.compiled import ANY_TYPES, COMPILED, CompiledMessage
from .._proto.decoder import parse_message
from .._proto.schema import COLLECTIONS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, Final, List, Mapping, Optional, Tuple, Union

    # A collection's item decoded (or kept as bytes), by its message type and its bytes, and whether it is a dict
    # that holds no dict or list.
    DecodedItems = Dict[Tuple[str, bytes], Tuple[Union[Dict[str, Any], bytes], bool]]

_ANY_PREFIX = "type.googleapis.com/"


def finish_meta_graph(meta_graph: Dict[str, Any], decoded: Optional[DecodedItems] = None) -> None:
    """Give collections their final form: {"kind": ..., "value": [...]}, items decoded by name.

    *decoded*: the items already decoded, by message type and bytes, shared by the meta graphs of one file: a
    TF 1 graph keeps each trainable variable's VariableDef in ``variables`` and ``trainable_variables`` alike (and
    often in ``model_variables``), and a SavedModel's meta graphs repeat them. An item met again is a copy of the
    first one's dict, never the same dict."""
    collections = meta_graph["collection_def"]
    if decoded is None:
        decoded = {}
    for name, collection in collections.items():
        collections[name] = _collection(name, collection, decoded)
    info = meta_graph["meta_info_def"]
    if info is not None and info["any_info"] is not None:
        info["any_info"] = _decode_any(info["any_info"])


def _collection(name: str, collection: Dict[str, Any], decoded: DecodedItems) -> Dict[str, Any]:
    for kind in ("node_list", "bytes_list", "int64_list", "float_list", "any_list"):
        if collection[kind] is not None:
            values = collection[kind]["value"]
            break
    else:
        return {"kind": None, "value": []}  # TensorFlow's importer logs and skips such an entry
    if kind == "bytes_list":
        message = COLLECTIONS.get(name)
        if message is not None:  # otherwise each item is kept as its bytes
            items = []
            for item in values:
                key = (message, item)
                known = decoded.get(key)
                if known is None:
                    found = decode(name, item)
                    # A dict holding no dict or list (a VariableDef of no partition: most) is copied by its copy().
                    flat = type(found) is dict and not any(type(value) in _NESTED for value in found.values())
                    decoded[key] = (found, flat)
                elif known[1]:
                    found = known[0].copy()  # type: ignore[union-attr]  # (flat: a dict)
                else:
                    found = _copied(known[0])
                items.append(found)
            values = items
    elif kind == "any_list":
        values = [_decode_any(item) for item in values]
    return {"kind": kind, "value": values}


_NESTED: Final = (dict, list)


def _copied(value: Any) -> Any:
    """A decoded message's dict with every dict and list in it new: what the decoder would give again."""
    if type(value) is dict:
        return {key: _copied(item) for key, item in value.items()}
    if type(value) is list:
        return [_copied(item) for item in value]
    return value


def _decode_any(item: Dict[str, Any]) -> Dict[str, Any]:
    """An Any with its value decoded when its type is one the library knows, else kept as bytes."""
    type_url: str = item["type_url"]
    type_name = type_url[len(_ANY_PREFIX) :] if type_url.startswith(_ANY_PREFIX) else type_url.rpartition("/")[2]
    message: Optional[CompiledMessage] = COMPILED.get(type_name) if type_name in ANY_TYPES else None
    value: Any = item["value"]
    if message is not None and not isinstance(value, dict):  # a dict: the text format's expanded Any, read already
        decoded = message.new()
        try:
            parse_message(value, 0, len(value), message, decoded, 0)
        except DecodeError:
            pass
        else:
            value = decoded
    return {"type_url": type_url, "value": value}


def meta_graph_tags(meta_graph: Mapping[str, Any]) -> List[str]:
    info = meta_graph["meta_info_def"]
    return list(info["tags"]) if info else []


def item_name(item: Any, kind: Optional[str]) -> Optional[str]:
    """The name tf.Graph.get_collection matches a scope against, or None for an item without one."""
    if kind == "node_list" and isinstance(item, str):
        return item
    if isinstance(item, dict):
        for key in ("variable_name", "queue_name", "context_name"):
            if key in item:
                return str(item[key])
    return None


def get_collection(
    meta_graph: Mapping[str, Any], name: str, scope: Optional[str] = None, *, boundary: bool = False
) -> List[Any]:
    """The items of collection *name* of a meta graph, as ``tf.Graph.get_collection`` gives them.

    With *scope*, keep the items whose name ``re.match``-es it (TensorFlow's rule:
    a prefix regex, so ``"dense"`` also matches ``"dense_1/kernel:0"``); items without
    a name (ints, floats, user bytes, savers) are left out. With ``boundary=True`` the
    scope must end at a ``/`` or at the end of the name: ``"dense"`` matches
    ``"dense/kernel:0"`` but not ``"dense_1/kernel:0"``. A missing collection is ``[]``.
    """
    collection = meta_graph["collection_def"].get(name)
    if collection is None:
        return []
    items: List[Any] = list(collection["value"])
    if scope is None:
        return items
    matches = scope_matcher(scope, boundary)
    kind = collection["kind"]
    return [item for item in items if (n := item_name(item, kind)) is not None and matches(n)]


def scope_matcher(scope: str, boundary: bool) -> Callable[[str], bool]:
    """TensorFlow's scope rule as a test of a name: ``re.match`` of *scope*, a prefix regex.

    With *boundary*, the match must end where a name component ends (or the scope itself ends in "/").
    """
    import re  # noqa: PLC0415 (re, and the enum module it needs, stay off the package's import)

    pattern = re.compile(f"(?:{scope})(?:(?<=/)|(?=/|$))" if boundary else scope)
    return lambda name: pattern.match(name) is not None
