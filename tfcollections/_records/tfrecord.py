# SPDX-License-Identifier: Apache-2.0
"""TFRecord files (``tf.io.TFRecordWriter``, ``tf.data.TFRecordDataset``): the records, one at a time.

Strategy: a TFRecord is a run of frames, each a little-endian uint64 length, the masked CRC-32C of those 8 bytes,
the record's bytes, and the masked CRC-32C of the record (``tensorflow/core/lib/io/record_reader.cc``). An
uncompressed file is memory-mapped and walked frame by frame, so a 10 GB file costs one record of memory; a GZIP
or ZLIB file (``TFRecordOptions(compression_type=...)``) is decompressed as a stream by the standard library,
a chunk at a time, and its frames read from what is decompressed. Which it is comes from the content when not
given: a frame whose length's CRC holds is a plain file, else the gzip magic or a zlib header says. Every CRC is
checked unless ``verify=False`` (the installed C CRC-32C module when there is one, as checkpoints do).

A file that ends inside its last record (a writer still running) ends the iteration there, and the iterator's
``truncated`` says where that record starts. With ``strict=True`` a record cut in its data or its data's CRC is a
``DecodeError``, where TensorFlow's reader raises ``DataLossError: truncated record at N`` (N: the byte the record
starts at); one cut inside its length or the length's CRC ends the iteration even then, as TensorFlow's does. A CRC
that does not hold is a ``DecodeError`` naming the record, at the byte TensorFlow's ``corrupted record at N`` names
(the record's start for its length, its data's start for its data), in the decompressed stream for a compressed
file.
"""

from __future__ import annotations

import mmap
import os
import struct

from .._ckpt.crc32c import crc32c, crc32c_many, mask, whole_crc32c
from .._errors import DecodeError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import IO, Any, Callable, Dict, Final, Iterator, List, Optional, Union

    PathLike = Union[str, "os.PathLike[str]"]

_HEADER: Final = 12  # the length (8 bytes) and its masked CRC (4)
_FOOTER: Final = 4  # the record's masked CRC
_LENGTH = struct.Struct("<QI")
_CRC = struct.Struct("<I")
_CHUNK: Final = 1 << 20  # bytes decompressed at a time
_KNOWN_LENGTHS: Final = 4096  # lengths whose CRC a mapped file's walk keeps
_BATCH_BYTES: Final = 1 << 20  # records whose CRCs the pure-Python CRC-32C computes together
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
        with open(self.path, "rb") as file:
            head = file.read(_HEADER)
        self.compression = _compression_of(head, compression)
        # Records are short: the C CRC-32C, when one is installed, is called directly (looked for now).
        self._crc = whole_crc32c() if verify else crc32c
        self._frames = self._walk()

    def __iter__(self) -> Iterator[bytes]:
        return self

    def __next__(self) -> bytes:
        return next(self._frames)

    def _walk(self) -> Iterator[bytes]:
        if self.compression:
            stream = _Stream(self.path, self.compression)
            try:
                yield from self._frames_of(stream)
            finally:  # also when the caller stops early: the generator is closed, and the file with it
                stream.file.close()
            return
        with open(self.path, "rb") as file:
            size = os.fstat(file.fileno()).st_size
            if size == 0:
                return
            with mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ) as mapped:
                if self.verify and self._crc is crc32c:  # pure Python: the records' CRCs computed together
                    yield from self._mapped_batches(mapped, size)
                else:
                    yield from self._mapped_frames(mapped, size)

    def _mapped_frames(self, mapped: mmap.mmap, size: int) -> Iterator[bytes]:
        """The frames of a mapped file: ``_frames_of``'s walk with the fields read in place (one slice a record,
        its data) and each length's CRC computed once (lengths repeat: a CRC is a function of its 8 bytes)."""
        check, crc = self.verify, self._crc
        unpack_length, unpack_crc = _LENGTH.unpack_from, _CRC.unpack_from
        length_crcs: Dict[int, int] = {}
        pos = 0
        while pos + _HEADER <= size:
            length, length_crc = unpack_length(mapped, pos)
            if check:
                expected = length_crcs.get(length)
                if expected is None:
                    expected = mask(crc(mapped[pos : pos + 8]))
                    if len(length_crcs) < _KNOWN_LENGTHS:
                        length_crcs[length] = expected
                if expected != length_crc:
                    raise self._corrupted(pos, "the CRC of its length does not match")
            start = pos + _HEADER
            stop = start + length
            if stop + _FOOTER > size:
                self._cut(pos, size - start, length)
                return
            data = mapped[start:stop]
            if check:
                value = crc(data)  # masked, inline: crc32c::Mask
                value = ((((value >> 15) | (value << 17)) & 0xFFFF_FFFF) + 0xA282_EAD8) & 0xFFFF_FFFF
                if value != unpack_crc(mapped, stop)[0]:
                    raise self._corrupted(start, f"the CRC of its {length:,} bytes does not match")
            self.count += 1
            self.offset = pos
            yield data
            pos = stop + _FOOTER
        if pos < size:
            self.truncated = pos  # inside its length or the length's CRC: TensorFlow's reader ends here

    def _frames_of(self, source: Any) -> Iterator[bytes]:
        check = self.verify
        pos = 0
        while True:
            header = source.read(pos, _HEADER)
            if len(header) < _HEADER:
                if header:
                    self.truncated = pos  # inside its length or the length's CRC: TensorFlow's reader ends here
                return
            length, length_crc = _LENGTH.unpack(header)
            if check and mask(self._crc(header[:8])) != length_crc:
                raise self._corrupted(pos, "the CRC of its length does not match")
            body = source.read(pos + _HEADER, length + _FOOTER)
            if len(body) < length + _FOOTER:
                self._cut(pos, len(body), length)
                return
            data = body[:length]
            if check and mask(self._crc(data)) != _CRC.unpack_from(body, length)[0]:
                raise self._corrupted(pos + _HEADER, f"the CRC of its {length:,} bytes does not match")
            self.count += 1
            self.offset = pos
            yield data
            pos += _HEADER + length + _FOOTER

    def _mapped_batches(self, mapped: mmap.mmap, size: int) -> Iterator[bytes]:
        """``_mapped_frames`` with the pure-Python CRC-32C: the records of up to a megabyte are read, then their CRCs
        computed together in lanes (``crc32c_many``: 6x the byte loop's speed for records of 1 KB), then given in
        order, each only once its CRC holds; a record whose CRC does not hold raises after those before it."""
        unpack_length, unpack_crc = _LENGTH.unpack_from, _CRC.unpack_from
        length_crcs: Dict[int, int] = {}
        pos = 0
        while True:
            batch: List[bytes] = []
            starts: List[int] = []
            held = 0
            while pos + _HEADER <= size and held < _BATCH_BYTES:
                length, length_crc = unpack_length(mapped, pos)
                expected = length_crcs.get(length)
                if expected is None:
                    expected = mask(crc32c(mapped[pos : pos + 8]))
                    if len(length_crcs) < _KNOWN_LENGTHS:
                        length_crcs[length] = expected
                if expected != length_crc:
                    break  # the records before it are given first, below
                if pos + _HEADER + length + _FOOTER > size:
                    break
                batch.append(mapped[pos + _HEADER : pos + _HEADER + length])
                starts.append(pos)
                held += length
                pos += _HEADER + length + _FOOTER
            for data, start, value in zip(batch, starts, crc32c_many(batch)):
                if mask(value) != unpack_crc(mapped, start + _HEADER + len(data))[0]:
                    raise self._corrupted(start + _HEADER, f"the CRC of its {len(data):,} bytes does not match")
                self.count += 1
                self.offset = start
                yield data
            if held < _BATCH_BYTES:  # the walk stopped early: the file's end, a cut record, or a bad length CRC
                break
        if pos + _HEADER <= size:
            length, length_crc = unpack_length(mapped, pos)
            if mask(crc32c(mapped[pos : pos + 8])) != length_crc:
                raise self._corrupted(pos, "the CRC of its length does not match")
            self._cut(pos, size - pos - _HEADER, length)
        elif pos < size:
            self.truncated = pos  # inside its length or the length's CRC: TensorFlow's reader ends here

    def _cut(self, pos: int, left: int, length: int) -> None:
        """A record cut inside its data or its data's CRC, at the end of the file: where, or (strict) an error."""
        self.truncated = pos
        if self.strict:  # TensorFlow: DataLossError, at the record's start
            raise DecodeError(
                f"truncated record at {pos}: record {self.count} of {self.path} needs {length + _FOOTER:,} "
                f"bytes after its length, {left:,} are left", pos
            )  # fmt: skip

    def _corrupted(self, pos: int, why: str) -> DecodeError:
        where = " of the decompressed stream" if self.compression else ""
        return DecodeError(f"corrupted record at {pos}{where}: record {self.count} of {self.path}: {why}", pos)


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


class _Stream:
    """A compressed file read forward by position in its decompressed bytes, holding only what is not yet read."""

    def __init__(self, path: str, compression: str) -> None:
        import zlib  # noqa: PLC0415 (only compressed files need it)

        self.file: IO[bytes] = open(path, "rb")  # noqa: SIM115 (closed when the stream ends)
        # GZIP: wbits 16 + 15 reads the gzip header; concatenated members are read one after another below.
        self.wbits = 31 if compression == "GZIP" else 15
        self.new: Callable[[], Any] = lambda: zlib.decompressobj(self.wbits)
        self.inflate = self.new()
        self.buffer = b""
        self.start = 0  # the decompressed position of buffer[0]
        self.done = False
        self.error = zlib.error

    def read(self, pos: int, size: int) -> bytes:
        drop = pos - self.start
        if drop > 0:
            self.buffer = self.buffer[drop:]
            self.start = pos
        while len(self.buffer) < size and not self.done:
            self._more()
        return self.buffer[:size]

    def _more(self) -> None:
        chunk = self.inflate.unconsumed_tail or self.file.read(_CHUNK)
        if not chunk:
            self.done = True
            self.file.close()
            return
        try:
            self.buffer += self.inflate.decompress(chunk, _CHUNK)
        except self.error as exc:
            self.done = True
            self.file.close()
            raise DecodeError(f"the {('GZIP' if self.wbits == 31 else 'ZLIB')} stream does not decompress: {exc}",
                              self.start + len(self.buffer)) from None  # fmt: skip
        if self.inflate.eof:
            rest = self.inflate.unused_data
            self.inflate = self.new()
            if rest:
                self.buffer += self.inflate.decompress(rest, _CHUNK)
