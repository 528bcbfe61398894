# SPDX-License-Identifier: Apache-2.0
"""What a checkpoint holds, from its index (``list_checkpoint``; ``checkpoint.load_checkpoint`` is the public name).

Strategy: a checkpoint is found from any path users hold (``find``: a prefix, its ``.index``, a ``.data-*``
shard, a V1 file or the pattern of a sharded one, a directory with a ``checkpoint`` state file, a SavedModel),
then its table is read by ``table`` and each entry's value decoded with the schema's messages
(``BundleEntryProto`` for V2, ``SavedTensorSlices`` for V1). Listing reads only the index (a V1 file's
values are inline in its table: they are skipped, not decoded). A partitioned variable is one entry with its
full shape and its parts in ``slices``.
"""

from __future__ import annotations

import os
import struct

from .._disk.find import find_checkpoint, what_instead
from .._disk.locate import is_pattern, matching_files
from .._disk.lookalikes import TABLE_MAGIC
from .._errors import DecodeError
from .._proto.compiled import COMPILED, ENUM_NAMES, field_tag, to_int32, to_int64
from .._proto.decoder import parse_message
from .._proto.wire import read_varint
from .table import MappedFile, Table

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, Final, FrozenSet, List, Optional, Tuple, Union

    from .._typing import Buffer, Decoded


ENTRY_MESSAGE = COMPILED["tensorflow.BundleEntryProto"]
_HEADER = COMPILED["tensorflow.BundleHeaderProto"]
SLICES_MESSAGE = COMPILED["tensorflow.SavedTensorSlices"]
_uint32 = struct.Struct("<I")


# --------------------------------------------------------------------------- listing


def list_checkpoint(path: Union[str, os.PathLike[str]]) -> Decoded:
    """The listing of the checkpoint *path* leads to: ``load_checkpoint``'s result but its ``object_graph``."""
    prefix, kind, located = find_checkpoint(os.fspath(path))
    if kind == "V2":
        header, tensors = _list_table(prefix + ".index", _list_v2)
        shards = _shards(prefix, header, tensors)
    elif is_pattern(prefix):
        header, tensors, shards = _list_v1_shards(matching_files(prefix))
    else:
        header, tensors = _list_table(prefix, _list_v1)
        shards = []
    listing = {"format": kind, "prefix": prefix, "located": located, "header": header, "tensors": tensors,
               "shards": shards}  # fmt: skip
    return listing


def _list_table(
    table_path: str, list_entries: Callable[[Table], Tuple[Decoded, Dict[str, Decoded]]]
) -> Tuple[Decoded, Dict[str, Decoded]]:
    with MappedFile(table_path) as buf:
        if len(buf) < 8 or bytes(buf[-8:]) != TABLE_MAGIC:
            # Not a table at all: say what it is instead, where its first bytes tell.
            raise DecodeError(f"{os.path.basename(table_path)} is not a checkpoint: {what_instead(table_path)}", 0)
        return list_entries(Table(buf, os.path.basename(table_path)))


def _list_v1_shards(files: List[str]) -> Tuple[Decoded, Dict[str, Decoded], List[Decoded]]:
    """A sharded V1 checkpoint: each file a table of its own tensors (``Saver(sharded=True)``, one per device),
    read as TensorFlow's reader reads the pattern, every file; each slice's ``shard`` is its file's place."""
    header: Optional[Decoded] = None
    tensors: Dict[str, Decoded] = {}
    shards = []
    for shard, file in enumerate(files):
        file_header, file_tensors = _list_table(file, _list_v1)
        header = header or file_header
        for name, tensor in file_tensors.items():
            for part in tensor["slices"]:
                part["shard"] = shard
            if name in tensors:
                tensors[name]["slices"] += tensor["slices"]
            else:
                tensors[name] = tensor
        size = os.stat(file).st_size
        shards.append({"file": file, "size": size, "needed": size})
    assert header is not None  # _format_of found at least one table
    return header, tensors, shards


def shard_path(prefix: str, shard: int, count: int) -> str:
    """The data shard *shard* of *count* of the V2 checkpoint *prefix* (``prefix.data-00000-of-00001``)."""
    return f"{prefix}.data-{shard:05d}-of-{count:05d}"


def _shards(prefix: str, header: Decoded, tensors: Dict[str, Decoded]) -> List[Decoded]:
    """Each data shard of the header: its file, its size (None: not there), the bytes its entries need."""
    needed = [0] * header["num_shards"]
    for tensor in tensors.values():
        for where in tensor["slices"] or [tensor]:
            shard = where["shard"]
            if shard is not None and 0 <= shard < len(needed):
                needed[shard] = max(needed[shard], where["offset"] + where["size"])
    shards = []
    for shard, need in enumerate(needed):
        path = shard_path(prefix, shard, len(needed))
        try:
            size: Optional[int] = os.stat(path).st_size
        except OSError:  # absent, or not to be read: TensorFlow's restore fails alike
            size = None
        shards.append({"file": path, "size": size, "needed": need})
    return shards


def _list_v2(table: Table) -> Tuple[Decoded, Dict[str, Decoded]]:
    header: Optional[Decoded] = None
    tensors: Dict[str, Decoded] = {}
    slices: List[Tuple[str, List[Tuple[int, Optional[int]]], Decoded]] = []
    for key, block, start, size in table.entries():
        if key and key[0] != 0:
            tensor = fast_entry(block, start, start + size)
            if tensor is not None:  # the layout TensorFlow writes, read inline
                try:
                    tensors[key.decode()] = tensor
                except UnicodeDecodeError:
                    tensors[key_name(key, table.name)] = tensor
                continue
        entry = parse_entry(_HEADER if not key else ENTRY_MESSAGE, block, start, size, table.name, key)
        if not key:
            header = entry
        elif key[0] == 0:  # a slice of a partitioned variable, under its OrderedCode key
            name, extents = decode_slice_key(key, table.name)
            slices.append((name, extents, entry))
        else:
            tensors[key_name(key, table.name)] = tensor_info(entry)
    if header is None:
        raise DecodeError(f"{table.name}: no header (the entry of key ''): not a V2 checkpoint index", 0)
    for name, extents, entry in slices:
        full = tensors.get(name)
        if full is None:
            raise DecodeError(f"{table.name}: a slice of {name!r}, which the checkpoint does not list", 0)
        full["slices"].append(slice_info(extents, entry["shard_id"], entry["offset"], entry["size"], entry["crc32c"]))
    for name, tensor in tensors.items():
        declared = tensor.pop("declared_slices", 0)
        if declared != len(tensor["slices"]):
            found = len(tensor["slices"])
            raise DecodeError(
                f"{table.name}: {name!r} is partitioned in {declared} slices, the checkpoint has {found}", 0
            )
    return header, tensors


_DTYPE_NAMES = ENUM_NAMES["tensorflow.DataType"]


# The tags the fast path keys on, from the schema (tensor_bundle.proto, tensor_shape.proto).
_ENTRY_DTYPE: Final = field_tag("tensorflow.BundleEntryProto", "dtype")
_ENTRY_SHAPE: Final = field_tag("tensorflow.BundleEntryProto", "shape")
_ENTRY_SHARD: Final = field_tag("tensorflow.BundleEntryProto", "shard_id")
_ENTRY_OFFSET: Final = field_tag("tensorflow.BundleEntryProto", "offset")
_ENTRY_SIZE: Final = field_tag("tensorflow.BundleEntryProto", "size")
_ENTRY_CRC: Final = field_tag("tensorflow.BundleEntryProto", "crc32c")
_SHAPE_DIM: Final = field_tag("tensorflow.TensorShapeProto", "dim")
_DIM_SIZE: Final = field_tag("tensorflow.TensorShapeProto.Dim", "size")
# The entry's numbers, and those of them that are 32-bit (an enum and an int32: the others are int64).
_ENTRY_NUMBERS: Final = frozenset({_ENTRY_DTYPE, _ENTRY_SHARD, _ENTRY_OFFSET, _ENTRY_SIZE})
_ENTRY_INT32: Final = frozenset({_ENTRY_DTYPE, _ENTRY_SHARD})


def fast_entry(
    buf: Buffer,
    pos: int,
    end: int,
    *,
    # The tags as defaults, so the loop reads them as locals (a global's load per comparison is measurable).
    _shape_tag: int = _ENTRY_SHAPE,
    _crc_tag: int = _ENTRY_CRC,
    _dim_tag: int = _SHAPE_DIM,
    _dim_size_tag: int = _DIM_SIZE,
    _dtype_tag: int = _ENTRY_DTYPE,
    _shard_tag: int = _ENTRY_SHARD,
    _offset_tag: int = _ENTRY_OFFSET,
    _numbers: FrozenSet[int] = _ENTRY_NUMBERS,
    _int32: FrozenSet[int] = _ENTRY_INT32,
) -> Optional[Decoded]:
    """A ``BundleEntryProto`` as TensorFlow writes one (fields in order, a shape of sized dims, no slices),
    read without the general decoder; None for anything else, which the decoder then reads (and checks).

    The general path costs about 10 us per entry, most of it the nested shape; this reads the same values
    with protobuf's rules for what it accepts (a later field wins, shapes merge by appending their dims).
    The tags are the schema's, each one byte (fields 1 to 15), as the loop reads them: a test holds that.
    """
    dtype = shard = offset = size = crc = 0
    shape: List[int] = []
    try:
        while pos < end:
            tag = buf[pos]
            if tag == _shape_tag:  # shape: TensorShapeProto {dim {size}}*
                length = buf[pos + 1]
                if length >= 0x80:
                    return None
                pos += 2
                shape_end = pos + length
                while pos < shape_end:
                    if buf[pos] != _dim_tag or buf[pos + 1] >= 0x80:
                        return None  # unknown_rank, a long dim, another field: the decoder's
                    dim_end = pos + 2 + buf[pos + 1]
                    pos += 2
                    dim = 0
                    if pos < dim_end:
                        if buf[pos] != _dim_size_tag:
                            return None  # a dim's name
                        dim = buf[pos + 1]
                        if dim < 0x80:
                            pos += 2
                        else:
                            dim, pos = read_varint(buf, pos + 1, dim_end)
                            dim = to_int64(dim)
                    if pos != dim_end:
                        return None
                    shape.append(dim)
                if pos != shape_end or shape_end > end:
                    return None
            elif tag == _crc_tag:  # crc32c, fixed32
                if pos + 5 > end:
                    return None
                crc = _uint32.unpack_from(buf, pos + 1)[0]
                pos += 5
            elif tag in _numbers:
                # Up to three bytes (offsets and sizes below 2 MiB) read inline: a number that fits any field as is.
                value = buf[pos + 1]
                if value < 0x80:
                    pos += 2
                elif buf[pos + 2] < 0x80:
                    value = (value & 0x7F) | (buf[pos + 2] << 7)
                    pos += 3
                elif buf[pos + 3] < 0x80:
                    value = (value & 0x7F) | ((buf[pos + 2] & 0x7F) << 7) | (buf[pos + 3] << 14)
                    pos += 4
                else:
                    value, pos = read_varint(buf, pos + 1, end)
                    value = to_int32(value) if tag in _int32 else to_int64(value)
                if tag == _dtype_tag:
                    dtype = value
                elif tag == _shard_tag:
                    shard = value
                elif tag == _offset_tag:
                    offset = value
                else:
                    size = value
            else:
                return None  # slices, unknown fields, other encodings
    except (IndexError, DecodeError):
        return None
    if pos != end:
        return None
    return {"dtype": _DTYPE_NAMES.get(dtype, dtype), "shape": shape, "shard": shard, "offset": offset,
            "size": size, "crc32c": crc, "slices": []}  # fmt: skip


def tensor_info(entry: Decoded) -> Decoded:
    declared = len(entry["slices"])
    tensor = {"dtype": entry["dtype"], "shape": _shape(entry["shape"]), **_location(entry), "slices": []}
    if declared:  # the full entry of a partitioned variable holds no data of its own
        tensor.update(shard=None, offset=None, size=None, crc32c=None)
    tensor["declared_slices"] = declared
    return tensor


def slice_info(
    extents: List[Tuple[int, Optional[int]]], shard: Optional[int], offset: int, size: int, crc: Optional[int]
) -> Decoded:
    return {"start": [s for s, _ in extents], "length": [n for _, n in extents], "shard": shard, "offset": offset,
            "size": size, "crc32c": crc}  # fmt: skip


def _location(entry: Decoded) -> Decoded:
    return {"shard": entry["shard_id"], "offset": entry["offset"], "size": entry["size"], "crc32c": entry["crc32c"]}


def _list_v1(table: Table) -> Tuple[Decoded, Dict[str, Decoded]]:
    tensors: Dict[str, Decoded] = {}
    header: Optional[Decoded] = None
    for key, block, start, size in table.entries():
        value = parse_entry(SLICES_MESSAGE, block, start, size, table.name, key)
        if not key:
            meta = value["meta"] or {"tensor": [], "versions": None}
            header = {"versions": meta["versions"]}
            for item in meta["tensor"]:
                tensors[item["name"]] = {"dtype": item["type"], "shape": _shape(item["shape"]), "shard": None,
                                         "offset": None, "size": None, "crc32c": None, "slices": []}  # fmt: skip
            continue
        data = value["data"]
        if data is None or data["name"] not in tensors:
            raise DecodeError(f"{table.name}: an entry that is no slice of a listed tensor", start)
        extents = [(e["start"], e["length"]) for e in (data["slice"] or {"extent": []})["extent"]]
        # A V1 slice lies in the table itself, checked by its block's CRC: no shard, no CRC of its own.
        tensors[data["name"]]["slices"].append(slice_info(extents, None, start, size, None))
    if header is None:
        raise DecodeError(f"{table.name}: no header (the entry of key ''): not a V1 checkpoint", 0)
    return header, tensors


def parse_entry(message: Any, block: Buffer, start: int, size: int, where: str, key: bytes) -> Decoded:
    out: Decoded = message.new()
    try:
        parse_message(block, start, start + size, message, out, 0)
    except DecodeError as exc:
        exc._add_segment(message.short_name)
        entry = "a slice" if key[:1] == b"\x00" else repr(key_name(key, where))
        exc._within(f"{where}: the entry of {entry}")
        raise
    return out


def key_name(key: bytes, where: str) -> str:
    try:
        return key.decode()
    except UnicodeDecodeError:
        return key.decode("utf-8", "backslashreplace")


def _shape(shape: Optional[Decoded]) -> Optional[List[int]]:
    if shape is None:
        return []
    if shape["unknown_rank"]:
        return None
    return [dim["size"] for dim in shape["dim"]]


def decode_slice_key(key: bytes, where: str) -> Tuple[str, List[Tuple[int, Optional[int]]]]:
    """``EncodeTensorNameSlice``: OrderedCode of 0, the name, the rank, then start and length of each dimension
    (a length of -1: the whole dimension)."""
    try:
        pos = 1  # the leading number 0
        end = key.index(b"\x00\x01", pos)
        while key[end - 1 : end + 1] == b"\x00\xff":  # an escaped NUL inside the name: keep looking
            end = key.index(b"\x00\x01", end + 1)
        name = key[pos:end].replace(b"\x00\xff", b"\x00").replace(b"\xff\x00", b"\xff").decode()
        pos = end + 2
        rank, pos = _ordered_unsigned(key, pos)
        extents = []
        for _ in range(rank):
            start, pos = _ordered_signed(key, pos)
            length, pos = _ordered_signed(key, pos)
            extents.append((start, None if length == -1 else length))
        if pos != len(key):
            raise ValueError("trailing bytes")
    except (ValueError, IndexError, UnicodeDecodeError):
        raise DecodeError(f"{where}: a slice key that does not read: {key!r}", 0) from None
    return name, extents


def _ordered_unsigned(key: bytes, pos: int) -> Tuple[int, int]:
    length = key[pos]
    if length > 8:
        raise ValueError("too long")
    return int.from_bytes(key[pos + 1 : pos + 1 + length], "big"), pos + 1 + length


def _ordered_signed(key: bytes, pos: int) -> Tuple[int, int]:
    """OrderedCode's WriteSignedNumIncreasing, read back (lengths of 1 to 8 bytes: |n| < 2**55)."""
    negative = not key[pos] & 0x80
    first = key[pos] ^ (0xFF if negative else 0)
    if first == 0xFF:
        raise ValueError("a number beyond 2**55")
    length = 8 - (first ^ 0xFF).bit_length()  # as many bytes as the leading one bits of the first, plus one
    if len(key) < pos + length:
        raise ValueError("cut off")
    value = -1 if negative else 0
    for byte in key[pos : pos + length]:
        value = (value << 8) | byte
    return value ^ (((1 << length) - 1) << (7 * length)), pos + length  # less the length's header bits
