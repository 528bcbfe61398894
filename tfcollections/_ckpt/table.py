# SPDX-License-Identifier: Apache-2.0
"""TensorFlow's table files (LevelDB's format, in ``tsl/lib/io``): a checkpoint's ``.index``, a V1 checkpoint.

Strategy: the file is read in place (a memory map or bytes) from its 48-byte footer: the footer gives the
index block, the index block one handle per data block, and each data block its entries, key-sorted,
prefix-compressed against the previous key. Every block is checked before it is read: its trailer's
masked CRC32C (over the block and its compression byte), its restart array's bounds, and each entry's
lengths against the block; a snappy-compressed block (type 1, which TensorFlow's reader accepts though its
writers never produce it) is decompressed. The entries come out in file order as ``(key, value offset,
value size)``, so a caller parses only the values it wants, where they lie. Every problem is a
``DecodeError`` saying which block and entry, at which byte of the file.
"""

from __future__ import annotations

import contextlib
import mmap
import os
import struct

from .._disk.lookalikes import TABLE_MAGIC
from .._errors import DecodeError
from .._proto.wire import read_varint
from .crc32c import crc32c, unmask

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final, Iterator, List, Optional, Tuple

    from .._typing import Buffer


FOOTER_SIZE: Final = 48  # two block handles (at most 20 bytes each), zero padding, the magic
_TRAILER_SIZE: Final = 5  # compression type, masked CRC32C
_NO_COMPRESSION: Final = 0
_SNAPPY: Final = 1
_uint32 = struct.Struct("<I")


class MappedFile:
    """A file's bytes, memory-mapped (an empty file as b""), closed with the ``with`` block.

    A map that something still views (a ``Tensor`` of its bytes) stays open until the last view goes.
    """

    def __init__(self, path: str) -> None:
        self.file = open(path, "rb")  # noqa: SIM115 (closed by __exit__); OSError: missing, unreadable
        try:
            size = os.fstat(self.file.fileno()).st_size
            self.buf: Buffer = mmap.mmap(self.file.fileno(), 0, access=mmap.ACCESS_READ) if size else b""
        except BaseException:
            self.file.close()
            raise

    def identity(self) -> Tuple[int, int, int, int]:
        """Device, inode, size and modification time: what tells this file from a changed one at the same path."""
        status = os.fstat(self.file.fileno())
        return status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns

    def __enter__(self) -> Buffer:
        return self.buf

    def __exit__(self, *exc: object) -> None:
        if isinstance(self.buf, mmap.mmap):
            with contextlib.suppress(BufferError):  # still viewed: it closes when the last view goes
                self.buf.close()
        self.file.close()


class Table:
    """The entries of a table file, checked as they are read.

    ``entries()`` gives ``(key, block, offset, size)`` for every entry of every data block in order: the
    value is ``block[offset:offset + size]``, where ``block`` is the file's buffer itself for an
    uncompressed block (so ``offset`` is a file offset) or the decompressed block's bytes.
    """

    def __init__(self, buf: Buffer, name: str, verify: bool = True) -> None:
        self.buf = buf
        self.name = name  # for errors: "model.ckpt.index"
        self.verify = verify
        if len(buf) < FOOTER_SIZE:
            raise DecodeError(
                f"{name} is too short to be a table: {len(buf)} bytes, a footer alone is {FOOTER_SIZE}", 0
            )
        footer = len(buf) - FOOTER_SIZE
        if bytes(buf[-8:]) != TABLE_MAGIC:
            raise DecodeError(
                f"{name} is not a TensorFlow table: its last 8 bytes are not the table magic", len(buf) - 8
            )
        _, pos = self._handle(footer, footer + 40, "the footer's metaindex handle")
        (index_offset, index_size), _ = self._handle(pos, footer + 40, "the footer's index handle")
        self.index_offset = index_offset
        block, start, end = self._block(index_offset, index_size, "the index block")
        self.block_handles: List[Tuple[int, int]] = []
        for _, value_block, value_start, value_size in self._block_entries(block, start, end, "the index block"):
            handle, after = _read_handle(value_block, value_start, value_start + value_size)
            if handle is None or after != value_start + value_size:
                raise DecodeError(f"{name}: a block handle of the index block does not read", value_start)
            self.block_handles.append(handle)

    def entries(self) -> Iterator[Tuple[bytes, Buffer, int, int]]:
        for number in range(len(self.block_handles)):
            yield from self.block_entries(number)

    def block_entries(self, number: int) -> Iterator[Tuple[bytes, Buffer, int, int]]:
        """The entries of data block *number* alone (its handle is ``block_handles[number]``), checked."""
        what = f"data block {number}"
        offset, size = self.block_handles[number]
        block, start, end = self._block(offset, size, what)
        yield from self._block_entries(block, start, end, what)

    def _handle(self, pos: int, end: int, what: str) -> Tuple[Tuple[int, int], int]:
        handle, after = _read_handle(self.buf, pos, end)
        if handle is None:
            raise DecodeError(f"{self.name}: {what} does not read (a damaged footer)", pos)
        return handle, after

    def _block(self, offset: int, size: int, what: str) -> Tuple[Buffer, int, int]:
        """The contents of a block, checked: (buffer, start, end) of its bytes, trailer excluded."""
        buf, name = self.buf, self.name
        end = offset + size
        if end + _TRAILER_SIZE > len(buf) - FOOTER_SIZE or size < 4:
            raise DecodeError(
                f"{name}: {what} at byte {offset} of {size} bytes lies outside the file "
                f"({len(buf)} bytes; truncated, or a damaged handle)",
                offset,
            )
        kind = buf[end]
        if self.verify:
            stored = unmask(_uint32.unpack_from(buf, end + 1)[0])
            actual = crc32c(bytes(buf[end : end + 1]), crc32c(memoryview(buf)[offset:end]))
            if actual != stored:
                raise DecodeError(
                    f"{name}: {what} is damaged: its CRC32C is {actual:#010x}, the trailer says {stored:#010x}", offset
                )
        if kind == _NO_COMPRESSION:
            return buf, offset, end
        if kind == _SNAPPY:
            data = snappy_decompress(bytes(buf[offset:end]), f"{name}: {what}")
            return data, 0, len(data)
        raise DecodeError(f"{name}: {what} has compression type {kind}, neither none (0) nor snappy (1)", end)

    def _block_entries(
        self, block: Buffer, start: int, end: int, what: str
    ) -> Iterator[Tuple[bytes, Buffer, int, int]]:
        name = self.name
        restarts = _uint32.unpack_from(block, end - 4)[0]
        limit = end - 4 - 4 * restarts  # where the restart array starts: the entries end there
        if restarts == 0 or limit < start:
            raise DecodeError(
                f"{name}: {what} claims {restarts:,} restart points, which its {end - start} bytes cannot hold",
                end - 4,
            )
        for index in range(restarts):
            restart = _uint32.unpack_from(block, limit + 4 * index)[0]
            if start + restart >= limit and not (restart == 0 and limit == start):
                raise DecodeError(
                    f"{name}: {what}: restart point {index} points to byte {restart:,}, past its entries "
                    f"({limit - start} bytes)",
                    limit + 4 * index,
                )
        key = b""
        pos = start
        while pos < limit:
            entry_at = pos
            # The three lengths are one byte each in almost every entry: read those inline.
            if pos + 3 <= limit and block[pos] < 0x80 and block[pos + 1] < 0x80 and block[pos + 2] < 0x80:
                shared, unshared, value_size = block[pos], block[pos + 1], block[pos + 2]
                pos += 3
            else:
                shared, pos = _varint32(block, pos, limit, name, what)
                unshared, pos = _varint32(block, pos, limit, name, what)
                value_size, pos = _varint32(block, pos, limit, name, what)
            if shared > len(key):
                raise DecodeError(
                    f"{name}: an entry of {what} shares {shared} bytes with the previous key, which has {len(key)}",
                    entry_at,
                )
            if pos + unshared + value_size > limit:
                raise DecodeError(
                    f"{name}: an entry of {what} runs past its block: key and value need {unshared + value_size} "
                    f"bytes, {limit - pos} left",
                    entry_at,
                )
            key = key[:shared] + block[pos : pos + unshared]  # a slice of bytes or of a mapped file is bytes
            pos += unshared
            yield key, block, pos, value_size
            pos += value_size


def _varint32(buf: Buffer, pos: int, end: int, name: str, what: str) -> Tuple[int, int]:
    """An entry's length: a varint32 (LevelDB's ``GetVarint32``), or a DecodeError where it does not read."""
    try:
        value, after = read_varint(buf, pos, end)
    except DecodeError:
        value, after = -1, pos
    if not 0 <= value <= 0xFFFF_FFFF or after - pos > 5:
        raise DecodeError(f"{name}: an entry of {what} has a length that does not read", pos)
    return value, after


def _read_handle(buf: Buffer, pos: int, end: int) -> Tuple[Optional[Tuple[int, int]], int]:
    """A block handle (varint64 offset, varint64 size), or None when it does not read."""
    try:
        offset, pos = read_varint(buf, pos, end)
        size, pos = read_varint(buf, pos, end)
    except DecodeError:
        return None, pos
    return (offset, size), pos


def snappy_decompress(data: bytes, what: str) -> bytes:
    """Snappy's raw format (github.com/google/snappy, format_description.txt): a varint length, then literals
    and back-references. Refuses what does not add up, rather than guessing."""
    length = shift = pos = 0
    while True:
        if pos >= len(data) or shift > 28:
            raise DecodeError(f"{what} is snappy-compressed, and its length does not read", 0)
        byte = data[pos]
        pos += 1
        length |= (byte & 0x7F) << shift
        if byte < 0x80:
            break
        shift += 7
    out = bytearray()
    size = len(data)
    while pos < size:
        tag = data[pos]
        pos += 1
        kind = tag & 3
        if kind == 0:  # a literal
            count = tag >> 2
            if count >= 60:
                extra = count - 59
                count = int.from_bytes(data[pos : pos + extra], "little")
                pos += extra
            count += 1
            if pos + count > size:
                raise DecodeError(f"{what} is snappy-compressed, and a literal runs past its end", pos)
            out += data[pos : pos + count]
            pos += count
            continue
        if kind == 1:
            count = ((tag >> 2) & 7) + 4
            offset = ((tag >> 5) << 8) | (data[pos] if pos < size else 0)
            pos += 1
        elif kind == 2:
            count = (tag >> 2) + 1
            offset = int.from_bytes(data[pos : pos + 2], "little")
            pos += 2
        else:
            count = (tag >> 2) + 1
            offset = int.from_bytes(data[pos : pos + 4], "little")
            pos += 4
        if pos > size or offset == 0 or offset > len(out):
            raise DecodeError(f"{what} is snappy-compressed, and a copy reaches before its start", pos)
        start = len(out) - offset
        if offset >= count:
            out += out[start : start + count]
        else:  # overlapping: the bytes it repeats are being written
            for index in range(count):
                out.append(out[start + index])
        if len(out) > length:
            break
    if len(out) != length:
        raise DecodeError(f"{what} is snappy-compressed, and decompresses to {len(out)} bytes, not {length}", 0)
    return bytes(out)
