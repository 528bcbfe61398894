# SPDX-License-Identifier: Apache-2.0
"""The file that was read: one object that knows its bytes, what it is and where it came from.

Strategy: a file is memory-mapped, never read whole (a stream that cannot be mapped is read in chunks,
walked as it arrives, so that junk or an endless stream ends in an error, not in all the memory there
is). ``Source`` holds those bytes with the file's format (``"MetaGraphDef"``, ``"SavedModel"``,
``"GraphDef"``), encoding (``"binary"``, ``"text"``) and path, and reads a part of it as a message type,
in either encoding: the graph scan, the restore check and anything later read through it, so the
binary-or-text switch and the way to a meta graph's fields are written once. ``load`` keeps the source
with its result; once ``load`` returns, a mapped file is no longer held (a result must not hold a file
descriptor: programs keep thousands), and a reader that needs its bytes later maps the same file again,
checked to be the file that was read (device, inode, size, modification time) or refused.
"""

from __future__ import annotations

import mmap
import os
import stat

from .._errors import DecodeError, Truncated
from .._proto.compiled import COMPILED, field_tag
from .._proto.decoder import parse_message
from .._proto.wire import WIRETYPE_LENGTH_DELIMITED, read_size, read_tag, skip_field, spans_of
from .sniff import LFS_POINTER, looks_like_text, walk_error

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import IO, Any, Final, List, Optional, Tuple

    from .._typing import Buffer, Decoded

    Identity = Tuple[int, int, int, int]
    Span = Tuple[int, int]


# The field of a SavedModel that holds its meta graphs, from the schema (a meta graph's own fields: ``spans``).
_META_GRAPHS: Final = field_tag("tensorflow.SavedModel", "meta_graphs") >> 3


def source_of(model: Any) -> Optional[Source]:
    """The source a result of ``load``/``loads``, or one of its meta graphs, was read from; None for any other
    mapping (a copy keeps no source)."""
    return getattr(model, "source", None)


def _identity_of(status: os.stat_result) -> Identity:
    return (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns)


class Source:
    """The file that was read: its bytes, its ``format`` and ``encoding``, and its ``path`` (None for bytes).

    ``opened()`` gives the bytes to read from; the ``read_*`` methods read a part of them as a message type,
    binary or text alike, with the depth and error path of where that part lies in the file.
    """

    __slots__ = ("_buf", "_identity", "encoding", "format", "path")

    def __init__(self, buf: Optional[Buffer], path: Optional[str] = None, identity: Optional[Identity] = None) -> None:
        self._buf = buf
        self._identity = identity
        self.path = path
        self.format = ""  # "MetaGraphDef", "SavedModel" or "GraphDef", once the file's content has said which
        self.encoding = ""  # "binary" or "text"

    def __repr__(self) -> str:
        held = "held" if self._buf is not None else "not held"
        return f"Source(path={self.path!r}, format={self.format!r}, encoding={self.encoding!r}, bytes {held})"

    def __reduce__(self) -> Tuple[Any, ...]:
        # A map cannot travel to another process: a mapped file travels as its path and identity.
        buf = self._buf if not isinstance(self._buf, mmap.mmap) else None
        return (_rebuild, (buf, self.path, self._identity, self.format, self.encoding))

    def release(self) -> None:
        """Stop holding a mapped file's bytes (``load`` is done with them): the map is closed, and later
        readers map the file again."""
        if isinstance(self._buf, mmap.mmap):
            mapped, self._buf = self._buf, None
            _close(mapped)

    def opened(self) -> _Opened:
        """The bytes of the file, for a ``with`` block: those held, or the file mapped again, refused if it is
        no longer the file that was read (``DecodeError``), or ``OSError`` if it cannot be opened."""
        return _Opened(self)

    @property
    def meta_graph_depth(self) -> int:
        """How deep a MetaGraphDef lies below the file's top message (a GraphDef file has none: its graph is
        the top message, as if it were the ``graph_def`` of a meta graph at depth -1)."""
        return {"SavedModel": 1, "GraphDef": -1}.get(self.format, 0)

    def meta_graph_span(self, buf: Buffer, index: int) -> Span:
        """Where meta graph *index* lies in a binary file."""
        if self.format == "SavedModel":
            return spans_of(buf, 0, len(buf), _META_GRAPHS)[index]
        return 0, len(buf)

    def spans(self, buf: Buffer, index: int, field: str) -> List[Span]:
        """The value spans of every occurrence of ``MetaGraphDef.<field>`` in meta graph *index* (binary); of a
        GraphDef file, the whole file is its ``graph_def``, and it has no other field."""
        if self.format == "GraphDef":
            return [(0, len(buf))] if field == "graph_def" else []
        start, end = self.meta_graph_span(buf, index)
        return spans_of(buf, start, end, field_tag("tensorflow.MetaGraphDef", field) >> 3)

    def read_field(self, buf: Buffer, index: int, meta_graph: Decoded, field: str, type_name: str) -> Optional[Decoded]:
        """``MetaGraphDef.<field>`` of meta graph *index* (whose decoded dict is *meta_graph*) as *type_name*:
        in binary, every occurrence merged as protobuf merges them; in text, from where the text reader
        found it. None when the field is absent."""
        depth = self.meta_graph_depth + 1
        if self.encoding == "text" and self.format == "GraphDef":
            if field != "graph_def":
                return None
            from .._proto.text import parse_text  # noqa: PLC0415 (binary files never load the text parser)

            return parse_text(buf, "GraphDef", meta_graph["graph_def"]["offset"])
        if self.encoding == "text":
            span = meta_graph[field]
            return None if span is None else self.read_span(buf, span, type_name, depth)
        message = COMPILED[type_name]
        out: Optional[Decoded] = None
        for start, end in self.spans(buf, index, field):
            if out is None:
                out = message.new()
            parse_message(buf, start, end, message, out, depth)
        return out

    def read_span(self, buf: Buffer, span: Decoded, type_name: str, depth: int) -> Decoded:
        """A value the readers passed over (``{"offset", "size"}``, as they record one) read as *type_name*,
        *depth* levels below the file's top message."""
        if self.encoding == "text":
            from .._proto.text import parse_text_value  # noqa: PLC0415 (binary files never load the text parser)

            return parse_text_value(buf, span["offset"], type_name, depth)
        message = COMPILED[type_name]
        out = message.new()
        parse_message(buf, span["offset"], span["offset"] + span["size"], message, out, depth)
        return out

    def failed_in(self, exc: DecodeError, index: int, field: str) -> None:
        """Say where in the file a reader of ``MetaGraphDef.<field>`` of meta graph *index* failed."""
        if self.format != "GraphDef":
            exc._add_segment(field)
        if self.format == "SavedModel":
            exc._add_segment(index)
            exc._add_segment("meta_graphs")
        if self.format != "GraphDef" or exc.path[:1] != ("GraphDef",):  # the text reader names a GraphDef itself
            exc._add_segment(self.format)
        exc._within(f"damaged {self.format}" if self.encoding == "binary" else f"bad text-format {self.format}")


class _Opened:
    """A source's bytes for the span of a ``with`` block (a class, not ``contextlib``: the package's import
    does not load it)."""

    __slots__ = ("_mapped", "_source")

    def __init__(self, source: Source) -> None:
        self._source = source
        self._mapped: Optional[mmap.mmap] = None

    def __enter__(self) -> Buffer:
        source = self._source
        if source._buf is not None:
            return source._buf
        if source.path is None or source._identity is None:
            raise DecodeError(
                "the bytes this model was read from are no longer held (it was read from a file object, or came "
                "from another process): load it again from its path or its bytes"
            )
        with open(source.path, "rb") as file:
            if _identity_of(os.fstat(file.fileno())) != source._identity:
                from .locate import shown  # noqa: PLC0415 (a cycle: locate's readers come through here)

                raise DecodeError(f"{shown(source.path)} has changed since it was read: load it again")
            self._mapped = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
        return self._mapped

    def __exit__(self, *exc: object) -> None:
        if self._mapped is not None:
            _close(self._mapped)
            self._mapped = None


def _close(mapped: mmap.mmap) -> None:
    try:  # noqa: SIM105 (contextlib.suppress: contextlib is no import of the package's)
        mapped.close()
    except BufferError:
        pass  # a view of it is still alive: the map closes when the last view goes


def _rebuild(
    buf: Optional[Buffer], path: Optional[str], identity: Optional[Identity], kind: str, encoding: str
) -> Source:
    source = Source(buf, path, identity)
    source.format, source.encoding = kind, encoding
    return source


def open_file(file: IO[bytes], path: Optional[str] = None) -> Source:
    """The source of an open binary file: mapped when it is a regular file, else read (pipes, standard input,
    devices, empty files). The caller releases it (``release``) when it is done reading."""
    try:
        descriptor = file.fileno()
        status: Optional[os.stat_result] = os.fstat(descriptor)
    except (AttributeError, OSError, ValueError):  # io.BytesIO and the like
        descriptor, status = -1, None
    mode = status.st_mode if status is not None else 0
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(f"{getattr(file, 'name', 'input')} is a directory, not a file")
    if status is not None and stat.S_ISREG(mode) and status.st_size > 0:
        # Map the file: only the pages the collections live on are ever read.
        return Source(mmap.mmap(descriptor, 0, access=mmap.ACCESS_READ), path, _identity_of(status))
    return Source(_read_stream(file), path)


# A stream cannot be mapped, so it is read into memory; past this size it should be a file.
_STREAM_LIMIT: Final = 1 << 31

_CHUNK: Final = 1 << 20


def _read_stream(file: IO[bytes]) -> bytearray:
    """Read a stream in chunks, stopping early when its top level already shows it is not one of ours.

    An endless stream (``/dev/zero``, a pipe that never closes on junk) must end in an
    error, not in all the memory there is: binary content is walked field by field as
    it arrives, so the first field that cannot be ends the read, and no stream may
    grow past ``_STREAM_LIMIT``.
    """
    data = bytearray()
    walked = 0
    binary: Optional[bool] = None
    while True:
        chunk: object = file.read(_CHUNK)
        if not isinstance(chunk, (bytes, bytearray)):
            raise TypeError("the file is not open in binary mode: open it with open(path, 'rb')")
        if not chunk:
            return data
        data += chunk
        if binary is None:
            head = bytes(data[:512])
            binary = not (head.startswith(LFS_POINTER) or looks_like_text(head))
        if binary:
            try:
                walked = _walk_whole_fields(data, walked)
            except DecodeError as exc:
                raise walk_error(data, exc) from None
        if len(data) > _STREAM_LIMIT:
            raise DecodeError(
                f"the input stream is longer than {_STREAM_LIMIT >> 20:,} MiB and is still going: "
                "save it to a file, which is read memory-mapped",
                len(data),
            )


def _walk_whole_fields(buf: Buffer, pos: int) -> int:
    """Walk the whole top-level fields from *pos*; return where the first one cut off by the end starts.

    Raises the walk's ``DecodeError`` for a field that cannot be, not for one that is merely cut off.
    """
    end = len(buf)
    while pos < end:
        start = pos
        try:
            tag, pos = read_tag(buf, pos, end)
            if tag & 7 == WIRETYPE_LENGTH_DELIMITED:
                length, pos = read_size(buf, pos, end)
                if pos + length > end:
                    return start
                pos += length
            else:
                pos = skip_field(buf, pos, end, tag, 0)
        except Truncated:
            return start
    return pos
