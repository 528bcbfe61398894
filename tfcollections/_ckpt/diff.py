# SPDX-License-Identifier: Apache-2.0
"""``diff``: what differs between two checkpoints, two models, or a model and a checkpoint.

Strategy: each side is read as what it is (a checkpoint's listing, or a model with its graph) and the two are
compared by name. Two checkpoints: the tensors only in one, those whose dtype or shape changed, and those whose
values changed; a V2 checkpoint stores each tensor's CRC32C, so equal from different is told from the two
indexes alone (equal CRCs of equal-sized bytes are taken as equal values: a collision is a 1 in 2**32 chance,
which ``values=True`` removes by reading both); a V1 checkpoint has no CRC per tensor, so its values are read.
With ``values=True`` every candidate is read (CRCs checked) and compared byte for byte, and a numeric tensor that
differs gets its largest absolute and relative difference, computed chunk by chunk (only chunks whose bytes
differ are unpacked). Two models: their variables (dtype, shape), a frozen graph's constants (values compared
byte for byte: a graph stores no CRC), the op census, signatures and collections. A model and a checkpoint: the
restore check (``check_checkpoint``): what the model would restore that the checkpoint lacks, or holds otherwise.
"""

from __future__ import annotations

import math
import os
import struct

from .._disk.find import find_checkpoint
from .._disk.locate import saved_model_file
from .._disk.sniff import sniff
from .._errors import DecodeError
from .._model.files import load
from .._tensor import NUMERIC
from .._typing import cast
from .checkpoint import model_file
from .listing import ENTRY_MESSAGE, decode_slice_key, fast_entry, key_name, list_checkpoint, parse_entry, tensor_info
from .table import MappedFile, Table
from .values import read_values

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, Final, Iterator, List, Optional, Tuple, Union

    from .. import types as _types
    from .._tensor import Tensor
    from .._typing import Decoded

# Bytes compared at once when values are read.
_CHUNK: Final = 1 << 20
# Bytes of one side's V2 tensors read at once: a batch's values are compared and dropped before the next is read,
# so two large checkpoints are compared in bounded memory, and progress is told batch by batch.
_BATCH: Final = 64 << 20


def diff(
    a: Union[str, os.PathLike[str], _types.Checkpoint, _types.Model],
    b: Union[str, os.PathLike[str], _types.Checkpoint, _types.Model],
    /,
    *,
    values: bool = False,
    progress: Optional[Callable[[int, int], None]] = None,
) -> _types.Diff:
    """What differs between *a* and *b*: two checkpoints (paths as ``load_checkpoint`` takes, or what it returned),
    two models (paths ``load`` reads, or what it returned), or a model and a checkpoint.

    Returns ``{"a", "b", "kind", "equal", "tensors", "ops", "signatures", "collections"}``: ``tensors`` has the
    names ``only_in_a`` and ``only_in_b``, the ``changed`` ones (each with what changed: ``"dtype"``, ``"shape"``
    or ``"values"``, both sides' dtype and shape, and with ``values=True`` the largest absolute and relative
    difference), how many are the ``same``, and how values were compared (``"crc32c"``, ``"bytes"``). For models,
    ``ops`` maps each op whose count differs to both counts, and ``signatures`` and ``collections`` name what is
    only in one or differs. ``equal`` is whether nothing differs. Raises ``DecodeError`` for a side that does not
    read (naming it), or a tensor whose bytes are damaged when they are read.
    """
    result: Dict[str, Any]
    fast = None if values else _two_v2_indexes(a, b)
    if fast is not None:  # two V2 checkpoints by path: their indexes compared entry by entry, raw bytes first
        result = {"a": fast[0], "b": fast[1], "kind": "checkpoints", "equal": False, "tensors": fast[2], "ops": {},
                  "signatures": _names_diff({}, {}), "collections": _names_diff({}, {})}  # fmt: skip
        tensors = result["tensors"]
        result["equal"] = not (tensors["only_in_a"] or tensors["only_in_b"] or tensors["changed"])
        return cast("_types.Diff", result)
    side_a, side_b = _side(a), _side(b)
    result = {"a": side_a[2], "b": side_b[2], "ops": {}, "signatures": _names_diff({}, {}),
                              "collections": _names_diff({}, {})}  # fmt: skip
    if side_a[0] == "checkpoint" and side_b[0] == "checkpoint":
        result["kind"] = "checkpoints"
        result["tensors"] = _checkpoints(side_a[1], side_b[1], values, progress)
    elif side_a[0] == "model" and side_b[0] == "model":
        result["kind"] = "models"
        _models(side_a[1], side_b[1], values, result)
    else:
        result["kind"] = "model and checkpoint"
        result["tensors"] = _model_and_checkpoint(side_a, side_b)
    tensors = result["tensors"]
    result["equal"] = not (tensors["only_in_a"] or tensors["only_in_b"] or tensors["changed"] or result["ops"]
                           or any(result[part][key] for part in ("signatures", "collections")
                                  for key in ("only_in_a", "only_in_b", "changed")))  # fmt: skip
    order = ("a", "b", "kind", "equal", "tensors", "ops", "signatures", "collections")
    return cast("_types.Diff", {key: result[key] for key in order})


def _two_v2_indexes(a: Any, b: Any) -> Optional[Tuple[str, str, Decoded]]:
    """The comparison of two V2 checkpoints given by path, from their indexes' raw entries: an entry whose bytes
    are equal on both sides (dtype, shape, place, size, CRC32C) is the same tensor, and only the entries that
    differ are decoded (their dtype, shape, size and CRC32C compared; where they lie does not matter). None when
    this does not apply (not two V2 checkpoints, a slice on one side only): the listings are compared instead."""
    if isinstance(a, dict) or isinstance(b, dict) or _names_a_model(a) or _names_a_model(b):
        return None
    try:
        (prefix_a, kind_a, _), (prefix_b, kind_b, _) = find_checkpoint(os.fspath(a)), find_checkpoint(os.fspath(b))
    except (DecodeError, OSError):
        return None
    if kind_a != "V2" or kind_b != "V2":
        return None
    raw_a, raw_b = _raw_entries(prefix_a), _raw_entries(prefix_b)
    changed_names: Dict[str, Tuple[str, Decoded, Decoded]] = {}
    same_keys = 0
    for key, value_a in raw_a.items():
        value_b = raw_b.get(key)
        if not key:
            continue
        if value_b is None:
            if key[0] == 0:  # a slice on one side only: partitioned otherwise
                return None
            continue
        if value_a == value_b:
            same_keys += key[0] != 0
            continue
        info_a, info_b = _entry_of(prefix_a, key, value_a), _entry_of(prefix_b, key, value_b)
        if key[0] == 0:
            name = decode_slice_key(key, os.path.basename(prefix_a) + ".index")[0]
            if (info_a["size"], info_a["crc32c"]) != (info_b["size"], info_b["crc32c"]):
                changed_names.setdefault(name, ("values", {}, {}))
            continue
        name = key_name(key, os.path.basename(prefix_a) + ".index")
        what = _layout_change(info_a, info_b)
        if what is None and (info_a["size"], info_a["crc32c"]) == (info_b["size"], info_b["crc32c"]):
            same_keys += 1
            continue
        changed_names[name] = (what or "values", info_a, info_b)
    if any(key and key[0] == 0 for key in raw_b if key not in raw_a):
        return None
    changed = []
    for name, (what, info_a, info_b) in changed_names.items():
        if not info_a:  # a slice differs, its tensor's entry did not: read the tensor's entry for its layout
            key = name.encode()
            info_a, info_b = _entry_of(prefix_a, key, raw_a[key]), _entry_of(prefix_b, key, raw_b[key])
            same_keys -= _layout_change(info_a, info_b) is None
        changed.append(_changed(name, what, info_a, info_b))
    only_a = [key_name(key, prefix_a) for key in raw_a if key and key[0] != 0 and key not in raw_b]
    only_b = [key_name(key, prefix_b) for key in raw_b if key and key[0] != 0 and key not in raw_a]
    tensors = {"only_in_a": only_a, "only_in_b": only_b, "changed": changed, "same": same_keys,
               "compared_by": "crc32c"}  # fmt: skip
    return prefix_a, prefix_b, tensors


def _raw_entries(prefix: str) -> Dict[bytes, bytes]:
    """Every entry of a V2 checkpoint's index, its key to its value's bytes, in the index's order."""
    with MappedFile(prefix + ".index") as buf:
        table = Table(buf, os.path.basename(prefix) + ".index")
        return {bytes(key): bytes(block[start : start + size]) for key, block, start, size in table.entries()}


def _entry_of(prefix: str, key: bytes, value: bytes) -> Decoded:
    """A BundleEntryProto's dtype, shape, size and CRC32C (a slice's too), decoded as the listing decodes it."""
    fast = fast_entry(value, 0, len(value)) if key[0] != 0 else None
    return (
        fast
        if fast is not None
        else tensor_info(parse_entry(ENTRY_MESSAGE, value, 0, len(value), os.path.basename(prefix) + ".index", key))
    )


def _side(given: Any) -> Tuple[str, Decoded, str]:
    """("checkpoint", its listing, its prefix) or ("model", the model read with its graph, its path)."""
    if isinstance(given, dict):
        if "meta_graphs" in given:
            model = given if all("graph" in mg for mg in given["meta_graphs"]) else load(_path_of(given), graph=True)
            return "model", cast("Decoded", model), str(given.get("path") or "<bytes>")
        return "checkpoint", dict(given), str(given["prefix"])
    if _names_a_model(given):  # a model file, even with a checkpoint beside it: the model is what is compared
        model = cast("Decoded", load(given, graph=True))
        return "model", model, str(model["path"])
    try:
        listing = list_checkpoint(given)
        return "checkpoint", listing, str(listing["prefix"])
    except DecodeError as exc:
        if model_file(given) is None:
            raise exc from None
    model = cast("Decoded", load(given, graph=True))
    return "model", model, str(model["path"])


def _names_a_model(given: Any) -> bool:
    """Whether a path is a model file by its content (a ``.meta``, ``saved_model.pb``, frozen graph) or a SavedModel
    directory: then it is the model, not the checkpoint beside it that ``find_checkpoint`` would take it for."""
    path = os.fspath(given)
    if os.path.isdir(path):
        return saved_model_file(path) is not None
    return sniff(path) is not None


def _path_of(model: Decoded) -> str:
    if model.get("path") is None:
        raise ValueError("a model read from bytes without graph=True cannot be compared: load it with graph=True")
    return str(model["path"])


def _layout(info: Decoded) -> Decoded:
    return {"dtype": info["dtype"], "shape": info["shape"]}


def _checkpoints(
    a: Decoded, b: Decoded, values: bool, progress: Optional[Callable[[int, int], None]] = None
) -> Decoded:
    tensors_a, tensors_b = a["tensors"], b["tensors"]
    only_a = [name for name in tensors_a if name not in tensors_b]
    only_b = [name for name in tensors_b if name not in tensors_a]
    changed: List[Decoded] = []
    to_read: List[str] = []
    same = 0
    by_crc = not values and a["format"] == b["format"] == "V2"
    for name, info_a in tensors_a.items():
        info_b = tensors_b.get(name)
        if info_b is None:
            continue
        what = _layout_change(info_a, info_b)
        if what is not None:
            changed.append(_changed(name, what, info_a, info_b))
        elif by_crc and _comparable(_crcs(info_a), _crcs(info_b)):
            if _crcs(info_a) == _crcs(info_b):
                same += 1
            else:
                changed.append(_changed(name, "values", info_a, info_b))
        else:  # no CRC to compare, or stored in other pieces (partitioned otherwise): its values are read
            to_read.append(name)
    total = sum(_stored(tensors_a[name]) + _stored(tensors_b[name]) for name in to_read)
    done = 0
    for batch in _batches(to_read, a, b):
        read_a, read_b = read_values(a, batch, True), read_values(b, batch, True)
        for name in batch:
            difference = _compare_values(read_a[name], read_b[name], values)
            if difference is None:
                same += 1
            else:
                changed.append({**_changed(name, "values", tensors_a[name], tensors_b[name]), **difference})
        del read_a, read_b  # this batch's values go before the next batch's are read
        done += sum(_stored(tensors_a[name]) + _stored(tensors_b[name]) for name in batch)
        if progress is not None:
            progress(done, total)
    order = {name: position for position, name in enumerate(tensors_a)}
    changed.sort(key=lambda change: order[change["name"]])  # in the checkpoint's order, however each was compared
    by = "crc32c" if by_crc and not to_read else "bytes" if not by_crc else "crc32c and bytes"
    return {"only_in_a": only_a, "only_in_b": only_b, "changed": changed, "same": same, "compared_by": by}


def _stored(info: Decoded) -> int:
    """The bytes a tensor's values take in its checkpoint (its slices' for a partitioned one; 1 when not told)."""
    size = info.get("size")
    if size is None:
        size = sum(part.get("size") or 0 for part in info.get("slices") or ())
    return int(size) or 1


def _batches(names: List[str], a: Decoded, b: Decoded) -> Iterator[List[str]]:
    """*names* in batches of about ``_BATCH`` bytes of *a*'s values, in order; one batch when either side is V1,
    whose reader walks its whole file at each call."""
    if a["format"] != "V2" or b["format"] != "V2":
        if names:
            yield names
        return
    batch: List[str] = []
    held = 0
    for name in names:
        if batch and held + _stored(a["tensors"][name]) > _BATCH:
            yield batch
            batch, held = [], 0
        batch.append(name)
        held += _stored(a["tensors"][name])
    if batch:
        yield batch


def _layout_change(info_a: Decoded, info_b: Decoded) -> Optional[str]:
    if info_a["dtype"] != info_b["dtype"]:
        return "dtype"
    if info_a["shape"] != info_b["shape"]:
        return "shape"
    return None


def _crcs(info: Decoded) -> Optional[Tuple[Any, ...]]:
    """What tells a V2 tensor's values: its size and CRC32C (each slice's, with its extents, for a partitioned one)."""
    if info["slices"]:
        parts = sorted(
            (tuple(part["start"]), tuple(part["length"]), part["size"], part["crc32c"]) for part in info["slices"]
        )
        return None if any(part[3] is None for part in parts) else tuple(parts)
    return None if info["crc32c"] is None else (info["size"], info["crc32c"])


def _comparable(a: Optional[Tuple[Any, ...]], b: Optional[Tuple[Any, ...]]) -> bool:
    """Whether two tensors' CRCs tell their values apart: both have them, for pieces of the same extents."""
    if a is None or b is None:
        return False
    if a and isinstance(a[0], tuple) and b and isinstance(b[0], tuple):  # both partitioned: the same slices?
        return [part[:2] for part in a] == [part[:2] for part in b]
    return type(a[0]) is type(b[0])  # both whole (a size first), not one whole and one partitioned


def _changed(name: str, what: str, info_a: Decoded, info_b: Decoded) -> Decoded:
    return {"name": name, "what": what, "a": _layout(info_a), "b": _layout(info_b), "max_abs_diff": None,
            "max_rel_diff": None}  # fmt: skip


def _compare_values(a: Tensor, b: Tensor, differences: bool) -> Optional[Decoded]:
    """None when the two tensors' bytes are equal; else, with *differences*, their largest absolute and relative
    difference (numeric dtypes; NaN where one side is NaN and the other is not)."""
    if a.dtype == "DT_STRING":
        return None if a.tolist() == b.tolist() else {}
    bytes_a, bytes_b = memoryview(a.tobytes()), memoryview(b.tobytes())
    if bytes_a == bytes_b:
        return None
    if not differences:
        return {}
    largest_abs = largest_rel = 0.0
    for x, y in _differing_pairs(a.dtype, bytes_a, bytes_b):
        if x == y or (isinstance(x, float) and math.isnan(x) and math.isnan(y)):
            continue
        gap = abs(x - y)
        if math.isnan(gap):
            return {"max_abs_diff": math.nan, "max_rel_diff": math.nan}
        largest_abs = max(largest_abs, gap)
        scale = max(abs(x), abs(y))
        largest_rel = max(largest_rel, gap / scale if scale else 0.0)
    return {"max_abs_diff": largest_abs, "max_rel_diff": largest_rel}


def _differing_pairs(dtype: str, a: memoryview, b: memoryview) -> Iterator[Tuple[Any, Any]]:
    """The elements of the chunks where *a* and *b* differ, side by side (complex parts as separate numbers)."""
    fmt, size, _ = NUMERIC[dtype]
    if dtype == "DT_BFLOAT16":  # its bits are the top half of a float32's
        size, unpack = 2, _bfloat16_values
    else:
        part = struct.calcsize(fmt)
        unpack = lambda data: [value for (value,) in struct.iter_unpack("<" + fmt, data)]  # noqa: E731
        size = part
    chunk = _CHUNK - _CHUNK % size
    for start in range(0, len(a), chunk):
        piece_a, piece_b = a[start : start + chunk], b[start : start + chunk]
        if piece_a != piece_b:
            yield from zip(unpack(piece_a), unpack(piece_b))


def _bfloat16_values(data: memoryview) -> List[float]:
    return [struct.unpack("<f", struct.pack("<I", bits << 16))[0] for (bits,) in struct.iter_unpack("<H", data)]


def _models(a: Decoded, b: Decoded, values: bool, result: Dict[str, Any]) -> None:
    graphs_a = [mg["graph"] for mg in a["meta_graphs"]]
    graphs_b = [mg["graph"] for mg in b["meta_graphs"]]
    variables_a = {v["name"]: v for graph in graphs_a for v in graph["variables"]}
    variables_b = {v["name"]: v for graph in graphs_b for v in graph["variables"]}
    tensors = _by_layout(variables_a, variables_b)
    constants_a = {c["name"]: c for graph in graphs_a[:1] for c in graph["constants"]}
    constants_b = {c["name"]: c for graph in graphs_b[:1] for c in graph["constants"]}
    compared = _by_layout(constants_a, constants_b)
    both = [name for name in constants_a if name in constants_b and not any(
        change["name"] == name for change in compared["changed"])]  # fmt: skip
    compared["same"] = 0  # those of the same layout are compared by value below
    if both:
        from .._graph.constants import read_constants  # noqa: PLC0415 (only two graphs' constants need it)

        read_a, read_b = read_constants(a, both), read_constants(b, both)
        for name in both:
            difference = _compare_values(read_a[name], read_b[name], values)
            if difference is None:
                compared["same"] += 1
            else:
                compared["changed"].append({**_changed(name, "values", constants_a[name], constants_b[name]),
                                            **difference})  # fmt: skip
    for key in ("only_in_a", "only_in_b", "changed"):
        tensors[key] += compared[key]
    tensors["same"] += compared["same"]
    tensors["compared_by"] = "bytes" if both else "layout"
    result["tensors"] = tensors
    ops_a: Dict[str, int] = {}
    ops_b: Dict[str, int] = {}
    for graphs, ops in ((graphs_a, ops_a), (graphs_b, ops_b)):
        for graph in graphs:
            for op, count in graph["ops"].items():
                ops[op] = ops.get(op, 0) + count
    result["ops"] = {op: [ops_a.get(op, 0), ops_b.get(op, 0)] for op in sorted({*ops_a, *ops_b})
                     if ops_a.get(op, 0) != ops_b.get(op, 0)}  # fmt: skip
    result["signatures"] = _names_diff(*(
        {f"{index}/{name}": signature for index, mg in enumerate(model["meta_graphs"])
         for name, signature in mg["signature_def"].items()} for model in (a, b)))  # fmt: skip
    result["collections"] = _names_diff(*(
        {f"{index}/{name}": collection for index, mg in enumerate(model["meta_graphs"])
         for name, collection in mg["collection_def"].items()} for model in (a, b)))  # fmt: skip


def _by_layout(a: Dict[str, Decoded], b: Dict[str, Decoded]) -> Decoded:
    changed = []
    same = 0
    for name, info_a in a.items():
        if name in b:
            what = _layout_change(info_a, b[name])
            if what is None:
                same += 1
            else:
                changed.append(_changed(name, what, info_a, b[name]))
    return {"only_in_a": [name for name in a if name not in b], "only_in_b": [name for name in b if name not in a],
            "changed": changed, "same": same, "compared_by": "layout"}  # fmt: skip


def _names_diff(a: Dict[str, Any], b: Dict[str, Any]) -> Decoded:
    return {"only_in_a": [name for name in a if name not in b], "only_in_b": [name for name in b if name not in a],
            "changed": [name for name in a if name in b and a[name] != b[name]]}  # fmt: skip


def _model_and_checkpoint(side_a: Tuple[str, Decoded, str], side_b: Tuple[str, Decoded, str]) -> Decoded:
    from .restore import check_checkpoint  # noqa: PLC0415 (only a model against a checkpoint needs it)

    model_first = side_a[0] == "model"
    model, listing = (side_a[1], side_b[1]) if model_first else (side_b[1], side_a[1])
    check = check_checkpoint(model, listing)
    in_model = [entry["name"] for entry in check["missing"]]
    in_checkpoint = list(check["unexpected"])
    changed = []
    for entry in check["mismatched"]:
        graph_side: Decoded = {"dtype": entry["graph"]["dtype"], "shape": entry["graph"]["shape"]}
        checkpoint_side: Decoded = {"dtype": entry["checkpoint"]["dtype"], "shape": entry["checkpoint"]["shape"]}
        what = "dtype" if graph_side["dtype"] != checkpoint_side["dtype"] else "shape"
        changed.append({"name": entry["name"], "what": what, "a": graph_side if model_first else checkpoint_side,
                        "b": checkpoint_side if model_first else graph_side, "max_abs_diff": None,
                        "max_rel_diff": None})  # fmt: skip
    return {"only_in_a": in_model if model_first else in_checkpoint,
            "only_in_b": in_checkpoint if model_first else in_model,
            "changed": changed, "same": len(check["ok"]), "compared_by": "layout"}  # fmt: skip
