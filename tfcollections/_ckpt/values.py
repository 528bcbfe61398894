# SPDX-License-Identifier: Apache-2.0
"""A checkpoint's values, by key, many at once (``read_values``; ``checkpoint`` has the public names).

Strategy: values are read where they lie, and one call reads each file once. A V2 tensor's bytes are a slice
of its data shard, memory-mapped once per call, and checked against the entry's masked CRC32C; the CRCs of
all the tensors of one call are computed together (``crc32c_many``), which in pure Python is what makes a
checkpoint of many small tensors fast (each alone would go through the byte loop). A V1 checkpoint holds its
values inline in its table, a ``TensorProto`` per slice: the blocks that hold each tensor are found once per
file (``_v1_blocks``), and one call walks each block it needs once. The slices of a partitioned variable are
put together into the full tensor. A ``Tensor`` keeps the bytes as stored (little-endian, C order) and gives
them to ``numpy.asarray`` through the array interface, without a copy; the library itself never imports numpy.
"""

from __future__ import annotations

import mmap
import os
import struct

from .._errors import DecodeError
from .._proto.compiled import COMPILED
from .._proto.wire import read_varint
from .._tensor import NUMERIC, Tensor, element_count
from .._typing import cast
from .crc32c import crc32c, crc32c_many, unmask
from .listing import SLICES_MESSAGE, decode_slice_key, parse_entry, shard_path, slice_info
from .table import MappedFile, Table

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Dict, Final, Iterable, Iterator, List, Optional, Set, Tuple

    from .._typing import Buffer, Decoded

    # One V2 piece to read: a whole tensor or one slice of a partitioned one.
    Piece = Tuple[str, Decoded, str, Tuple[int, ...]]  # (name, where it lies, dtype, shape)
    Identity = Tuple[int, int, int, int]

_V1_VALUES: Dict[str, str] = {  # where a V1 slice's TensorProto holds the values of each dtype
    "DT_FLOAT": "float_val", "DT_DOUBLE": "double_val", "DT_HALF": "half_val", "DT_BFLOAT16": "half_val",
    "DT_INT8": "int_val", "DT_UINT8": "int_val", "DT_INT16": "int_val", "DT_UINT16": "int_val", "DT_INT32": "int_val",
    "DT_UINT32": "uint32_val", "DT_INT64": "int64_val", "DT_UINT64": "uint64_val", "DT_BOOL": "bool_val",
    "DT_COMPLEX64": "scomplex_val", "DT_COMPLEX128": "dcomplex_val", "DT_STRING": "string_val",
}  # fmt: skip
_uint32 = struct.Struct("<I")


def read_values(listing: Decoded, keys: Iterable[str], verify: bool) -> Dict[str, Tensor]:
    """The tensors of *keys* (each once, in their order) of the checkpoint *listing* describes: ``{key: Tensor}``.

    Every key must be the listing's (``checkpoint.read_tensors`` says which is not, by the name asked for).
    Raises ``DecodeError`` for the first tensor that cannot be read (no full shape, a dtype that is not read,
    damaged or missing bytes), naming it.
    """
    tensors = listing["tensors"]
    wanted = list(dict.fromkeys(keys))
    layouts = {name: _layout(name, tensors[name]) for name in wanted}
    if listing["format"] == "V1":
        slices = _v1_slices(listing, set(wanted), verify)
        return {
            name: _assemble(name, dtype, shape, [(part, _v1_values(name, dtype, _part_shape(shape, part), data))
                                                 for part, data in slices[name]])
            for name, (dtype, shape) in layouts.items()
        }  # fmt: skip
    pieces: List[Piece] = []
    for name, (dtype, shape) in layouts.items():
        parts = tensors[name]["slices"]
        if parts:
            pieces += ((name, part, dtype, _part_shape(shape, part)) for part in parts)
        else:
            pieces.append((name, tensors[name], dtype, shape))
    parts_of: Dict[str, List[Tuple[Decoded, Tensor]]] = {name: [] for name in layouts}
    for (name, where, _, _), tensor in zip(pieces, _v2_values(listing, pieces, verify)):
        parts_of[name].append((where, tensor))
    return {name: _assemble(name, dtype, shape, parts_of[name]) for name, (dtype, shape) in layouts.items()}


def _layout(name: str, info: Decoded) -> Tuple[str, Tuple[int, ...]]:
    """The dtype and full shape of a tensor this can read, or the DecodeError saying why it cannot."""
    dtype, shape = info["dtype"], info["shape"]
    if shape is None or any(dim < 0 for dim in shape):
        raise DecodeError(f"{name!r} has no full shape in the checkpoint ({shape}): its values cannot be laid out")
    if dtype not in NUMERIC and dtype != "DT_STRING":
        raise DecodeError(f"{name!r} is a {dtype} tensor: only numbers, booleans and strings are read")
    return dtype, tuple(shape)


def _part_shape(shape: Tuple[int, ...], part: Decoded) -> Tuple[int, ...]:
    return tuple(full if length is None else length for full, length in zip(shape, part["length"]))


# --------------------------------------------------------------------------- V2: bytes in data shards


def _v2_values(listing: Decoded, pieces: List[Piece], verify: bool) -> List[Tensor]:
    """The values of each piece, in order: each data shard mapped once, the CRCs checked together."""
    header = listing["header"]
    if pieces and header["endianness"] != "LITTLE":
        raise DecodeError(f"{pieces[0][0]!r}: the checkpoint is big-endian, which this library does not read")
    by_shard: Dict[int, List[int]] = {}
    for index, (_, where, _, _) in enumerate(pieces):
        by_shard.setdefault(where["shard"], []).append(index)
    values: List[Optional[Tensor]] = [None] * len(pieces)
    for shard, indices in by_shard.items():
        path = shard_path(listing["prefix"], shard, header["num_shards"])
        try:
            mapped = MappedFile(path)
        except FileNotFoundError:
            raise DecodeError(f"{pieces[indices[0]][0]!r} lies in data shard {path}, which is missing") from None
        file = os.path.basename(path)
        with mapped as buf:
            view = memoryview(buf)
            data = {}
            for index in indices:
                name, where, _, _ = pieces[index]
                offset, size = where["offset"], where["size"]
                if offset < 0 or offset + size > len(buf):
                    raise DecodeError(
                        f"{name!r}: its {size:,} bytes at byte {offset:,} lie past the end of {file} "
                        f"({len(buf):,} bytes: truncated?)",
                        offset,
                    )
                data[index] = view[offset : offset + size]
            numeric = [index for index in indices if pieces[index][2] != "DT_STRING"]
            if verify:  # a string tensor's checksum is not of its bytes as they lie: _v2_strings checks it
                for index, actual in zip(numeric, crc32c_many([data[index] for index in numeric])):
                    name, where, _, _ = pieces[index]
                    if actual != unmask(where["crc32c"]):
                        raise DecodeError(
                            f"{name!r} is damaged: the CRC32C of its {where['size']:,} bytes in {file} is "
                            f"{actual:#010x}, the checkpoint says {unmask(where['crc32c']):#010x}",
                            where["offset"],
                        )
            for index in indices:
                name, where, dtype, shape = pieces[index]
                count = element_count(shape)
                if dtype == "DT_STRING":
                    strings = _v2_strings(name, data[index], count, where["offset"], where["crc32c"], verify)
                    values[index] = Tensor(dtype, shape, None, strings)
                    continue
                size = where["size"]
                if size != count * NUMERIC[dtype][1]:
                    raise DecodeError(f"{name!r}: {size:,} bytes for {count:,} elements of {dtype}", where["offset"])
                values[index] = Tensor(dtype, shape, data[index] if isinstance(buf, mmap.mmap) else bytes(data[index]))
            del data, view  # what the tensors do not view, so that the map closes if none does
    return cast("List[Tensor]", values)  # every piece lies in one of the shards


def _v2_strings(name: str, data: memoryview, count: int, offset: int, stored: int, verify: bool) -> List[bytes]:
    """``WriteStringTensor``: the lengths as varint64s, a masked CRC32C, then the bytes of each string.

    The checksums are not of the bytes as they lie: both take each length as a 4-byte little-endian
    number (8 bytes past 2**32 - 1); the length checksum covers those, and the entry's goes on over the
    length checksum's 4 bytes and the strings' bytes.
    """
    lengths = []
    pos = 0
    for _ in range(count):
        try:
            value, pos = read_varint(data, pos, len(data))
        except DecodeError:
            raise DecodeError(f"{name!r}: a string length does not read", offset + pos) from None
        lengths.append(value)
    if pos + 4 > len(data):
        raise DecodeError(f"{name!r}: the strings' lengths run to the end of its bytes", offset + pos)
    checksum_at = pos
    pos += 4
    if pos + sum(lengths) != len(data):
        raise DecodeError(f"{name!r}: its strings need {sum(lengths):,} bytes, {len(data) - pos:,} are there", offset)
    if verify:
        as_numbers = b"".join(struct.pack("<I" if n <= 0xFFFF_FFFF else "<Q", n) for n in lengths)
        crc = crc32c(as_numbers)
        if crc != unmask(_uint32.unpack_from(data, checksum_at)[0]):
            raise DecodeError(f"{name!r} is damaged: the CRC32C of its string lengths does not match", offset + pos)
        if crc32c(data[pos:], crc32c(data[checksum_at:pos], crc)) != unmask(stored):
            raise DecodeError(f"{name!r} is damaged: the CRC32C of its strings does not match", offset)
    strings = []
    for length in lengths:
        strings.append(bytes(data[pos : pos + length]))
        pos += length
    return strings


# --------------------------------------------------------------------------- V1: values in the table

# Of the V1 files read lately, which data blocks hold each tensor's slices: {(path, identity): {name: [block]}}.
# Built by the first read of a file (one walk of its blocks, keys only), so that every later one reads only
# the blocks it needs; the file's identity (device, inode, size, modification time) keeps a changed file apart.
_V1_BLOCKS: Dict[Tuple[str, Identity], Dict[str, List[int]]] = {}
_V1_BLOCKS_KEPT: Final = 8


def _v1_blocks(table: Table, key: Tuple[str, Identity]) -> Dict[str, List[int]]:
    found = _V1_BLOCKS.get(key)
    if found is None:
        found = {}
        for number in range(len(table.block_handles)):
            for entry_key, block, start, size in table.block_entries(number):
                name = _entry_name(table, entry_key, block, start, size)
                if name is not None:
                    blocks = found.setdefault(name, [])
                    if not blocks or blocks[-1] != number:
                        blocks.append(number)
        if len(_V1_BLOCKS) >= _V1_BLOCKS_KEPT:
            del _V1_BLOCKS[next(iter(_V1_BLOCKS))]  # the oldest
        _V1_BLOCKS[key] = found
    return found


def _entry_name(table: Table, key: bytes, block: Buffer, start: int, size: int) -> Optional[str]:
    """The tensor a V1 entry is a slice of: from its key, as TensorFlow writes keys (the value is not decoded),
    else from its value; None for the header (the empty key) or a value that names none."""
    if not key:
        return None
    try:
        return decode_slice_key(key, table.name)[0]
    except DecodeError:  # a key of another form: the value says (the listing reads names from values alike)
        data = parse_entry(SLICES_MESSAGE, block, start, size, table.name, key)["data"]
        return None if data is None else str(data["name"])


def _v1_slices(listing: Decoded, names: Set[str], verify: bool) -> Dict[str, List[Tuple[Decoded, Decoded]]]:
    """Every slice of each tensor of *names* in a V1 checkpoint, with its ``TensorProto``: read from the blocks
    that hold them (found once per file, ``_v1_blocks``), each block walked once and checked against its CRC32C
    (``verify``), each value decoded where it lies (in a snappy block, where it lies once decompressed)."""
    sharded = bool(listing.get("shards"))
    files = [shard["file"] for shard in listing["shards"]] if sharded else [listing["prefix"]]
    found: Dict[str, List[Tuple[Decoded, Decoded]]] = {name: [] for name in names}
    for shard, path in enumerate(files):
        mapped = MappedFile(path)
        with mapped as buf:
            table = Table(buf, os.path.basename(path), verify)
            holding = _v1_blocks(table, (os.path.abspath(path), mapped.identity()))
            for number in sorted({number for name in names for number in holding.get(name, ())}):
                for key, block, start, size in table.block_entries(number):
                    name = _entry_name(table, key, block, start, size)
                    if name not in found:
                        continue
                    data = parse_entry(SLICES_MESSAGE, block, start, size, table.name, key)["data"]
                    if data is not None and data["name"] == name:
                        extents = [(e["start"], e["length"]) for e in (data["slice"] or {"extent": []})["extent"]]
                        part = slice_info(extents, shard if sharded else None, start, size, None)
                        found[name].append((part, data["data"]))
    return found


def _v1_values(name: str, dtype: str, shape: Tuple[int, ...], data: Optional[Decoded]) -> Tensor:
    """The values of one V1 slice, from its ``TensorProto`` (the ``*_val`` field of its dtype, or its bytes)."""
    data = data or COMPILED["tensorflow.TensorProto"].new()
    count = element_count(shape)
    if dtype == "DT_STRING":
        strings = list(data["string_val"])
        if len(strings) != count:
            raise DecodeError(f"{name!r}: {len(strings)} strings for {count} elements")
        return Tensor(dtype, shape, None, strings)
    if data["tensor_content"]:
        raw = data["tensor_content"]
    else:
        values = data[_V1_VALUES[dtype]]
        fmt = NUMERIC[dtype][0]
        if dtype in ("DT_HALF", "DT_BFLOAT16"):
            raw = struct.pack(f"<{len(values)}H", *(v & 0xFFFF for v in values))
        else:
            raw = struct.pack(f"<{len(values)}{fmt}", *values)
    if len(raw) != count * NUMERIC[dtype][1]:
        raise DecodeError(f"{name!r}: {len(raw)} bytes of values for {count} elements of {dtype}")
    return Tensor(dtype, shape, raw)


# --------------------------------------------------------------------------- partitioned variables


def _assemble(name: str, dtype: str, shape: Tuple[int, ...], parts: List[Tuple[Decoded, Tensor]]) -> Tensor:
    """The full tensor from its slices: each copied, run by run, to where its extents put it."""
    if len(parts) == 1 and parts[0][1].shape == shape:
        return parts[0][1]
    count = element_count(shape)
    covered = sum(tensor.size for _, tensor in parts)
    if covered != count:
        raise DecodeError(f"{name!r}: its {len(parts)} slices hold {covered:,} elements, its shape {count:,}")
    strings = dtype == "DT_STRING"
    item = 1 if strings else NUMERIC[dtype][1]
    out: Any = [b""] * count if strings else bytearray(count * item)
    for part, tensor in parts:
        starts = part["start"]
        part_shape = tensor.shape
        source: Any = tensor._strings if strings else memoryview(tensor.tobytes())
        # The longest run of whole trailing dimensions is contiguous in both; copy it at once.
        inner = 1
        split = len(shape)
        while split > 0 and part_shape[split - 1] == shape[split - 1]:
            split -= 1
            inner *= shape[split]
        if split > 0:
            inner *= part_shape[split - 1]
            split -= 1
        strides = [element_count(shape[axis + 1 :]) for axis in range(len(shape))]
        run = inner * item
        for number, index in enumerate(_indices(part_shape[:split])):
            target = sum((starts[axis] + index[axis]) * strides[axis] for axis in range(split))
            target += starts[split] * strides[split] if split < len(shape) else 0
            out[target * item : target * item + run] = source[number * run : (number + 1) * run]
    if strings:
        return Tensor(dtype, shape, None, list(out))
    return Tensor(dtype, shape, bytes(out))


def _indices(shape: Tuple[int, ...]) -> Iterator[Tuple[int, ...]]:
    if not shape:
        yield ()
        return
    for first in range(shape[0]):
        for rest in _indices(shape[1:]):
            yield (first, *rest)
