# SPDX-License-Identifier: Apache-2.0
"""TFRecord files (``tf.io.TFRecordWriter``, ``tf.data.TFRecordDataset``): the records, one at a time.

Strategy: a TFRecord is a run of frames, each a little-endian uint64 length, the masked CRC-32C of those 8 bytes,
the record's bytes, and the masked CRC-32C of the record (``tensorflow/core/lib/io/record_reader.cc``). A file is
read a megabyte at a time (a GZIP or ZLIB one, ``TFRecordOptions(compression_type=...)``, decompressed by the
standard library as it is read) and its frames walked in each chunk, so a 10 GB file costs a chunk and one record
of memory (not a map, whose pages would count in the process's memory as they are read). Which compression it
is comes from the content when not given: a frame whose length's CRC holds is a plain file, else the gzip magic or
a zlib header says. Every CRC is checked unless ``verify=False`` (the installed C CRC-32C module when there is
one, as checkpoints do). A pipe or device is opened once: the bytes read to tell its compression are given back
before the rest. A length is checked before anything is read for it: against a plain file's size, and, for a
compressed stream's record past 64 MB, against what the stream holds, found by decompressing ahead without keeping
what that gives (then seeking back).

A file that ends inside its last record (a writer still running) ends the iteration there, and the iterator's
``truncated`` says where that record starts. With ``strict=True`` a record cut in its data or its data's CRC is a
``DecodeError``, where TensorFlow's reader raises ``DataLossError: truncated record at N`` (N: the byte the record
starts at); one cut inside its length or the length's CRC ends the iteration even then, as TensorFlow's does. A CRC
that does not hold is a ``DecodeError`` naming the record, at the byte TensorFlow's ``corrupted record at N`` names
(the record's start for its length, its data's start for its data), in the decompressed stream for a compressed
file.
"""

from __future__ import annotations

import os
import stat
import struct

from .._ckpt.crc32c import crc32c, first_masked_mismatch, mask, whole_crc32c
from .._errors import DecodeError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import IO, Callable, Dict, Final, Iterator, List, Optional, Tuple, Union

    PathLike = Union[str, "os.PathLike[str]"]

_HEADER: Final = 12  # the length (8 bytes) and its masked CRC (4)
_FOOTER: Final = 4  # the record's masked CRC
_LENGTH = struct.Struct("<QI")
_CRC = struct.Struct("<I")
_CHUNK: Final = 1 << 20  # bytes read (or decompressed) at a time
_KNOWN_LENGTHS: Final = 4096  # lengths whose CRC a file's walk keeps
_PIECE: Final = 1 << 26  # the most asked of a stream at once
COMPRESSIONS: Final = ("", "GZIP", "ZLIB")  # TensorFlow's compression_type names


class Records:
    """The records of a TFRecord file, an iterator of ``bytes``: ``records(path)`` gives one.

    After the iteration, ``count`` is how many records were read, ``compression`` what the file was read as
    (``""``, ``"GZIP"`` or ``"ZLIB"``), and ``truncated`` the byte where an incomplete last record starts (None
    when the file ends after a whole record). While it runs, ``offset`` is where the frame of the record last
    given starts (in the decompressed stream, for a compressed file)."""

    def __init__(self, path: PathLike, compression: Optional[str], verify: bool, strict: bool) -> None:
        self.path = os.fspath(path)
        self.verify = verify
        self.strict = strict
        self.count = 0
        self.offset = 0
        self.truncated: Optional[int] = None
        file = open(self.path, "rb")  # noqa: SIM115 (closed here, or kept for the walk: a pipe is read once)
        try:
            regular = stat.S_ISREG(os.fstat(file.fileno()).st_mode)
            head = file.read(_HEADER) if regular else _read_at_least(file.read, _HEADER)
            self.compression = _compression_of(head, compression)
        except BaseException:
            file.close()
            raise
        # A regular file is opened again for the walk; a pipe or a device cannot be: its head is given back first.
        self._stream: Optional[_Replayed] = None
        if regular:
            file.close()
        else:
            self._stream = _Replayed(head, file)
        # Records are short: the C CRC-32C, when one is installed, is called directly (looked for now).
        self._crc = whole_crc32c() if verify else crc32c
        self._frames = self._walk()

    def __iter__(self) -> Iterator[bytes]:
        return self._frames  # the generator itself: a for loop then calls no Python method per record

    def __next__(self) -> bytes:
        return next(self._frames)

    def _walk(self) -> Iterator[bytes]:
        for batch, starts in self._batches():
            for data, start in zip(batch, starts):
                self.count += 1
                self.offset = start
                yield data

    def _batches(self) -> Iterator[Tuple[List[bytes], List[int]]]:
        """The records a chunk at a time, each batch with where their frames start: a reader of many short records
        (event files) then pays for no generator step per record. ``count`` and ``offset`` are the caller's to keep.
        The file is closed when the walk ends, also when the caller stops early (the generator is closed)."""
        if self._stream is not None:
            stream, self._stream = self._stream, None
            with stream:
                yield from self._batches_of(_Inflater(stream, self.compression) if self.compression else stream.read,
                                            None)  # fmt: skip
            return
        with open(self.path, "rb") as file:
            if self.compression:
                yield from self._batches_of(_Inflater(file, self.compression), None)
            else:
                yield from self._batches_of(file.read, os.fstat(file.fileno()).st_size)

    def __del__(self) -> None:
        stream = getattr(self, "_stream", None)
        if stream is not None:
            stream.close()

    def _batches_of(self, read: Callable[[int], bytes], size: Optional[int]) -> Iterator[Tuple[List[bytes], List[int]]]:
        """The frames of the bytes *read* gives, a chunk at a time: each field read in place in the chunk, one slice
        a record (its data), each length's CRC computed once (lengths repeat: a CRC is a function of its 8 bytes).
        With the pure-Python CRC-32C the CRCs of a chunk's records are computed together in lanes
        (``first_masked_mismatch``: records of one length in lanes of their own, the others by ``crc32c_many``).
        A batch holds only records whose CRCs hold: those before a bad one are given, then the error raised.
        *size* is the stream's length when known (a plain file): a length past it is a record cut short, not read
        (unchecked, a damaged length may say petabytes)."""
        check, crc = self.verify, self._crc
        together = check and crc is crc32c
        unpack_length, unpack_crc = _LENGTH.unpack_from, _CRC.unpack_from
        length_crcs: Dict[int, int] = {}
        batch: List[bytes] = []  # the chunk's records, where their frames start and (together) their stored CRCs
        starts: List[int] = []
        stored: List[bytes] = []
        given = 0  # records in the batches given so far: the index of the batch's first

        def flush() -> Iterator[Tuple[List[bytes], List[int]]]:
            """The batch, up to its first record whose CRC (checked together) does not hold; that one raised."""
            nonlocal batch, starts, stored, given
            bad = first_masked_mismatch(batch, b"".join(stored)) if together and batch else -1
            good, good_starts = (batch, starts) if bad < 0 else (batch[:bad], starts[:bad])
            if good:
                yield good, good_starts
                given += len(good)
            if bad >= 0:
                why = f"the CRC of its {len(batch[bad]):,} bytes does not match"
                raise self._corrupted(starts[bad] + _HEADER, why, given)
            batch, starts, stored = [], [], []

        buffer = b""
        at = base = 0  # where the next frame starts in the buffer; the stream's position of the buffer's start
        while True:
            end = at + _HEADER
            if end > len(buffer):  # the next chunk, after the records of this one are given
                yield from flush()
                buffer, base, at = buffer[at:] + _read_at_least(read, _CHUNK), base + at, 0
                if len(buffer) < _HEADER:
                    if buffer:
                        self.truncated = base  # inside its length or the length's CRC: TensorFlow's reader ends here
                    return
            length, length_crc = unpack_length(buffer, at)
            if check:
                expected = length_crcs.get(length)
                if expected is None:
                    expected = mask(crc(buffer[at : at + 8]))
                    if len(length_crcs) < _KNOWN_LENGTHS:
                        length_crcs[length] = expected
                if expected != length_crc:
                    yield from flush()
                    raise self._corrupted(base + at, "the CRC of its length does not match", given)
            end = at + _HEADER + length + _FOOTER
            if end > len(buffer):  # a record longer than what is left of the chunk
                yield from flush()
                buffer, base, end, at = buffer[at:], base + at, end - at, 0
                wanted = end - len(buffer)
                if size is None and wanted > _PIECE and isinstance(read, _Inflater):
                    held = read.holds(wanted)
                    if held < wanted:  # a stream that ends before the record: cut, and nothing buffered for it
                        self._cut(base, len(buffer) + held - _HEADER, length, given)
                        return
                if size is None or base + end <= size:
                    buffer += _read_at_least(read, max(_CHUNK, wanted))
                if end > len(buffer):
                    self._cut(base, len(buffer) - _HEADER, length, given)
                    return
            data = buffer[at + _HEADER : end - _FOOTER]
            if together:
                stored.append(buffer[end - _FOOTER : end])
            elif check:
                value = crc(data)  # masked, inline: crc32c::Mask
                value = ((((value >> 15) | (value << 17)) & 0xFFFF_FFFF) + 0xA282_EAD8) & 0xFFFF_FFFF
                if value != unpack_crc(buffer, end - _FOOTER)[0]:
                    yield from flush()
                    raise self._corrupted(base + at + _HEADER, f"the CRC of its {length:,} bytes does not match", given)
            batch.append(data)
            starts.append(base + at)
            at = end

    def _cut(self, pos: int, left: int, length: int, index: int) -> None:
        """Record *index*, cut inside its data or its data's CRC at the end of the file: where, or (strict) an
        error."""
        self.truncated = pos
        if self.strict:  # TensorFlow: DataLossError, at the record's start
            raise DecodeError(
                f"truncated record at {pos}: record {index} of {self.path} needs {length + _FOOTER:,} "
                f"bytes after its length, {left:,} are left", pos
            )  # fmt: skip

    def _corrupted(self, pos: int, why: str, index: int) -> DecodeError:
        where = " of the decompressed stream" if self.compression else ""
        # A file whose very first frame does not hold may be another kind of file: what its content says it is.
        other = _what_else(self.path) if pos == 0 and index == 0 and not self.compression else None
        also = f"; {self.path} is {other}" if other else ""
        return DecodeError(f"corrupted record at {pos}{where}: record {index} of {self.path}: {why}{also}", pos)


def _what_else(path: str) -> Optional[str]:
    """What a file that is no TFRecord is, when its content says (a model, a checkpoint index, an HDF5, ZIP or
    TensorFlow Lite file), with the command that reads it; else None."""
    from .._disk import lookalikes  # noqa: PLC0415 (only a file that is no TFRecord)
    from .._disk.sniff import sniff  # noqa: PLC0415 (as above)

    kind = sniff(path)
    if kind is not None:
        return f"a {kind}, not a TFRecord file: `tfcollections {path}` reads it"
    try:
        with open(path, "rb") as file:
            head = file.read(64)
            file.seek(max(0, os.fstat(file.fileno()).st_size - 8))
            tail = file.read(8)
    except OSError:
        return None
    found = lookalikes.by_magic(head, tail)
    return found[1] if found is not None else None


def records(path: PathLike, *, compression: Optional[str] = None, verify: bool = True, strict: bool = False) -> Records:
    """The records of the TFRecord file at *path*, each ``bytes``, in order (see ``Records``).

    *compression* is ``""`` (none), ``"GZIP"`` or ``"ZLIB"`` as TensorFlow names them; None: from the content.
    *verify* checks every CRC. A file that ends inside its last record ends the iteration (``Records.truncated``
    says where); with *strict*, a record cut in its data or its data's CRC raises ``DecodeError`` instead, where
    TensorFlow's reader raises (one cut inside its length ends the iteration even then, as TensorFlow's does)."""
    return Records(path, compression, verify, strict)


def _compression_of(head: bytes, given: Optional[str]) -> str:
    if given is not None:
        name = given.upper()
        if name not in COMPRESSIONS:
            raise ValueError(f"compression is one of '', 'GZIP', 'ZLIB' (as TensorFlow names them), not {given!r}")
        return name
    if len(head) >= _HEADER and mask(crc32c(head[:8])) == _CRC.unpack_from(head, 8)[0]:
        return ""  # a frame's length and its CRC: a plain TFRecord
    if head[:2] == b"\x1f\x8b":
        return "GZIP"
    if len(head) >= 2 and head[0] & 0x0F == 8 and (head[0] << 8 | head[1]) % 31 == 0:
        return "ZLIB"  # a zlib header: deflate, and the check bits RFC 1950 asks for
    return ""


def _read_at_least(read: Callable[[int], bytes], size: int) -> bytes:
    """At least *size* bytes of what *read* gives (fewer only at its end), asked for in pieces of at most 64 MB:
    a length a damaged stream gives is never allocated at once."""
    first = read(min(size, _PIECE))
    if len(first) >= size or not first:
        return first
    parts = [first]
    got = len(first)
    while got < size:
        more = read(min(size - got, _PIECE))
        if not more:
            break
        parts.append(more)
        got += len(more)
    return b"".join(parts)


class _Replayed:
    """A stream that cannot be opened twice (a pipe, a device), its first bytes read already: ``read`` gives those
    first, then the rest."""

    def __init__(self, head: bytes, file: IO[bytes]) -> None:
        self.head, self.file = head, file

    def read(self, size: int) -> bytes:
        if self.head:
            head, self.head = self.head[:size], self.head[size:]
            return head
        return self.file.read(size)

    def close(self) -> None:
        self.file.close()

    def __enter__(self) -> _Replayed:
        return self

    def __exit__(self, *exc: object) -> None:
        self.file.close()


class _Inflater:
    """A GZIP or ZLIB file's decompressed bytes, as ``file.read`` gives a plain file's: ``inflater(size)`` gives at
    most *size* bytes, and ``b""`` only at the end (of the file, or of a stream cut short). Concatenated gzip
    members are read one after another, as TensorFlow reads them."""

    def __init__(self, file: Union[IO[bytes], _Replayed], compression: str) -> None:
        import zlib  # noqa: PLC0415 (only compressed files need it)

        self.file = file
        self.compression = compression
        self.wbits = 31 if compression == "GZIP" else 15  # 16 + 15: the gzip header and trailer
        self.zlib = zlib
        self.inflate = zlib.decompressobj(self.wbits)
        self.pending = b""  # what followed a gzip member: the next member's start
        self.produced = 0  # bytes given so far: where a stream that does not decompress fails

    def holds(self, count: int) -> int:
        """How many of *count* more bytes follow, found by decompressing ahead without keeping what it gives (then
        going back): a length a damaged stream claims is checked before anything is buffered for it, as a plain
        file's is against its size. A stream that cannot go back (a pipe) is taken to hold them all."""
        if isinstance(self.file, _Replayed):
            return count
        try:
            position = self.file.tell() if self.file.seekable() else None
        except (OSError, ValueError):
            position = None
        if position is None:
            return count
        inflate, pending, got = self.inflate.copy(), self.pending, 0
        try:
            while got < count:
                chunk = inflate.unconsumed_tail or pending or self.file.read(_CHUNK)
                pending = b""
                if not chunk:
                    return got
                try:
                    got += len(inflate.decompress(chunk, min(count - got, _CHUNK)))
                except self.zlib.error as exc:
                    where = self.produced + got
                    raise DecodeError(f"the {self.compression} stream does not decompress: {exc}", where) from None
                if inflate.eof:
                    pending = inflate.unused_data
                    inflate = self.zlib.decompressobj(self.wbits)
            return got
        finally:
            self.file.seek(position)

    def __call__(self, size: int) -> bytes:
        while True:
            chunk = self.inflate.unconsumed_tail or self.pending or self.file.read(_CHUNK)
            self.pending = b""
            if not chunk:
                return b""
            try:
                out: bytes = self.inflate.decompress(chunk, size)
            except self.zlib.error as exc:
                raise DecodeError(f"the {self.compression} stream does not decompress: {exc}", self.produced) from None
            if self.inflate.eof:  # a member ends: another may follow
                self.pending = self.inflate.unused_data
                self.inflate = self.zlib.decompressobj(self.wbits)
            if out:
                self.produced += len(out)
                return out
