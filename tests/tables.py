# SPDX-License-Identifier: Apache-2.0
"""Table files and checkpoints built by hand, for the cases TensorFlow never writes (damage, snappy, hostile).

Written from the format (``tsl/lib/io``: block entries with shared key prefixes and restarts, a trailer of
compression type and masked CRC32C, an index block of handles, the 48-byte footer). TensorFlow keys its
index block by shortened separators; this builder uses each block's last key, which readers take alike.
"""

from __future__ import annotations

import struct
from typing import List, Optional, Sequence, Tuple

from tfcollections._ckpt.crc32c import crc32c, mask
from tfcollections._disk.lookalikes import TABLE_MAGIC as MAGIC

from .helpers import varint


def block(entries: Sequence[Tuple[bytes, bytes]], restart_interval: int = 16) -> bytes:
    """A block's contents: prefix-compressed entries, then the restart array and its count."""
    out = bytearray()
    restarts: List[int] = []
    previous = b""
    for number, (key, value) in enumerate(entries):
        if number % restart_interval == 0:
            restarts.append(len(out))
            shared = 0
        else:
            shared = 0
            while shared < min(len(key), len(previous)) and key[shared] == previous[shared]:
                shared += 1
        out += varint(shared) + varint(len(key) - shared) + varint(len(value)) + key[shared:] + value
        previous = key
    if not restarts:
        restarts = [0]
    out += b"".join(struct.pack("<I", r) for r in restarts) + struct.pack("<I", len(restarts))
    return bytes(out)


def trailer(contents: bytes, kind: int = 0) -> bytes:
    return bytes([kind]) + struct.pack("<I", mask(crc32c(bytes([kind]), crc32c(contents))))


def table(
    entries: Sequence[Tuple[bytes, bytes]],
    *,
    block_size: int = 262144,
    snappy: bool = False,
    data_blocks: Optional[List[bytes]] = None,
) -> bytes:
    """A whole table file: data blocks of at most about *block_size* bytes, an empty metaindex, the index
    block (one entry per data block, keyed by the block's last key), the footer.

    *data_blocks*: block contents to use as they are, instead of building them from *entries*.
    """
    out = bytearray()
    handles: List[Tuple[bytes, int, int]] = []
    if data_blocks is None:
        data_blocks = []
        current: List[Tuple[bytes, bytes]] = []
        size = 0
        last_keys = []
        for key, value in entries:
            current.append((key, value))
            size += len(key) + len(value) + 3
            if size >= block_size:
                data_blocks.append(block(current))
                last_keys.append(current[-1][0])
                current, size = [], 0
        if current or not data_blocks:
            data_blocks.append(block(current))
            last_keys.append(current[-1][0] if current else b"")
    else:
        last_keys = [bytes([index]) for index in range(len(data_blocks))]
    for contents, last_key in zip(data_blocks, last_keys):
        kind = 0
        if snappy:
            contents, kind = snappy_literal(contents), 1
        handles.append((last_key, len(out), len(contents)))
        out += contents + trailer(contents, kind)
    metaindex = block([])
    metaindex_handle = (len(out), len(metaindex))
    out += metaindex + trailer(metaindex)
    index = block([(key, varint(offset) + varint(size)) for key, offset, size in handles], restart_interval=1)
    index_handle = (len(out), len(index))
    out += index + trailer(index)
    footer = (
        varint(metaindex_handle[0]) + varint(metaindex_handle[1]) + varint(index_handle[0]) + varint(index_handle[1])
    )
    out += footer + b"\x00" * (40 - len(footer)) + MAGIC
    return bytes(out)


def snappy_literal(data: bytes) -> bytes:
    """Snappy's raw format with literals only (valid, if not small), plus one back-reference when it can."""
    out = bytearray(varint(len(data)))
    if len(data) >= 8 and data[:4] == data[4:8]:
        # A copy with a 1-byte offset: the first 4 bytes, then "copy 4 from 4 back".
        out += bytes([(4 - 1) << 2]) + data[:4]
        out += bytes([0b01 | ((4 - 4) << 2), 4])
        rest = data[8:]
    else:
        rest = data
    for start in range(0, len(rest), 60):
        chunk = rest[start : start + 60]
        out += bytes([(len(chunk) - 1) << 2]) + chunk
    return bytes(out)
