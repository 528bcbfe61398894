# SPDX-License-Identifier: Apache-2.0
"""Whole files: a MetaGraphDef (``.meta``) or SavedModel (``saved_model.pb``), binary or text.

Strategy: a file is memory-mapped, never read whole, and parsed with the same
schema-driven decoder as single items (text-format files by ``_text``, into
the same dicts). ``graph_def``, ``stripped_op_list`` and ``object_graph_def``
are "skipped" fields in the schema, so they are passed by their length and
cost nothing however large they are (files over 2 GB, which protobuf cannot
parse, work). What a file is comes from its content, not its name: the first
bytes tell text from binary and Git LFS pointers from both, and a walk over
the top-level tags (cheap: a handful of fields) tells a SavedModel from a
MetaGraphDef from a GraphDef. Collections are then given their final form:
``bytes_list`` items through ``decode`` (by the collection's name), ``any_list``
values (and ``meta_info_def.any_info``) decoded when their type is one the
library knows. Asked for (``graph=True``), the graph is read by ``_graph`` once the
collections are, from the same buffer.
"""

from __future__ import annotations

import mmap
import os
import stat

from . import _lookalikes
from ._api import decode
from ._compiled import ANY_TYPES, COMPILED, CompiledMessage
from ._decoder import parse_message
from ._errors import DecodeError, _Truncated
from ._typing import cast
from ._wire import WIRETYPE_LENGTH_DELIMITED, WIRETYPE_VARINT, read_size, read_tag, skip_field

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import IO, Any, Callable, Dict, Final, Iterator, List, Mapping, Optional, Set, Tuple, Union

    from . import types as _types
    from ._text import TextTokens

    Buffer = Union[bytes, bytearray, mmap.mmap]
    PathLike = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]

_LFS_POINTER = b"version https://git-lfs.github.com/spec/"
_ANY_PREFIX = "type.googleapis.com/"
_BOM = b"\xef\xbb\xbf"
_TEXT_BYTES = frozenset(range(0x20, 0x7F)) | {0x09, 0x0A, 0x0D} | frozenset(range(0x80, 0x100))


def load(source: Union[PathLike, IO[bytes]], /, *, graph: bool = False) -> _types.Model:
    """Read a ``.meta`` or ``saved_model.pb`` file: a path, or a binary file object.

    A path may also be where users hold a model rather than the file itself: a
    SavedModel directory, an export base with numbered versions (the highest is
    read, as TF Serving serves it), a checkpoint directory (the ``.meta`` of the
    latest checkpoint its ``checkpoint`` file names), or a checkpoint prefix.

    Returns ``{"format", "encoding", "saved_model_schema_version", "meta_graphs",
    "path", "located"}``: each meta graph a MetaGraphDef as a dict with its
    collections decoded; ``path`` the file read (``None`` for a file object) and
    ``located`` how it was found from the path given (``None`` when the path was
    that file). With
    ``graph=True`` each meta graph also gets ``"graph"``: its variables with dtype,
    shape and device, and the ops of the graph and of its functions, read from
    ``graph_def`` (which is otherwise passed over unread). Raises ``DecodeError``
    when the content is not a MetaGraphDef or SavedModel (saying what it is
    instead, where it can) or, with ``graph=True``, when its graph is damaged; and
    ``OSError`` when the path cannot be read. A directory that holds no model, or
    two candidates, is a ``DecodeError`` that says what it looked for or names them.
    """
    if isinstance(source, (str, bytes, os.PathLike)):
        from ._locate import locate, shown  # here: only a path needs it, not `import tfcollections`

        path, located = locate(os.fsdecode(source))
        try:
            with open(path, "rb") as file:  # OSError: missing, unreadable
                model = _load_file_object(file, graph)
        except DecodeError as exc:
            _point_elsewhere(exc, path)
            if located is not None:
                exc._add_context(f"{located}, {shown(path)}")
            raise
        model["path"], model["located"] = path, located
        return cast("_types.Model", model)
    if hasattr(source, "read"):
        return cast("_types.Model", _load_file_object(source, graph))
    raise TypeError(f"Expected a path or a binary file object, not {type(source).__qualname__!r}")


# The messages of content that a file's name says more about: junk, plain text, any table file.
_SAID_BETTER_BY_NAME: Final = ("not a MetaGraphDef or SavedModel", "a text file", "a TensorFlow checkpoint index")


def _point_elsewhere(exc: DecodeError, path: str) -> None:
    """A file beside a model that is not one (a checkpoint's files, an Estimator's graph.pbtxt): say what it
    is where its content cannot, and name the model."""
    from ._locate import beside

    what, hint = beside(path)
    if what is not None and exc.msg.startswith(_SAID_BETTER_BY_NAME):
        exc._restate(f"{what}, not a MetaGraphDef or SavedModel")
    if hint is None and exc.msg.startswith(("a GraphDef", "a text-format GraphDef")):
        hint = _meta_graphs_beside(path)
    if hint is not None:
        exc._add_hint(hint)


def _meta_graphs_beside(path: str) -> Optional[str]:
    """A graph beside meta graphs (an Estimator's graph.pbtxt beside model.ckpt-N.meta): name them."""
    folder = os.path.dirname(path) or "."
    try:
        names = sorted(name for name in os.listdir(folder) if name.endswith(".meta"))
    except OSError:
        return None
    if not names:
        return None
    shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
    return f"the meta graph{'s' if len(names) > 1 else ''} beside it: {shown}"


def loads(data: Union[bytes, bytearray, memoryview], /, *, graph: bool = False) -> _types.Model:
    """Read the content of a ``.meta`` or ``saved_model.pb`` file given as bytes (see :func:`load`)."""
    if isinstance(data, memoryview):
        data = data.tobytes()
    if not isinstance(data, (bytes, bytearray)):
        raise TypeError(f"Expected a bytes-like object, not {type(data).__qualname__!r}")
    return cast("_types.Model", _read(data, graph))


def _load_file_object(file: IO[bytes], graph: bool) -> Dict[str, Any]:
    try:
        descriptor = file.fileno()
        mode = os.fstat(descriptor).st_mode
    except (AttributeError, OSError, ValueError):  # io.BytesIO and the like
        descriptor, mode = -1, 0
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(f"{getattr(file, 'name', 'input')} is a directory, not a file")
    if stat.S_ISREG(mode) and os.fstat(descriptor).st_size > 0:
        # Map the file: only the pages the collections live on are ever read.
        with mmap.mmap(descriptor, 0, access=mmap.ACCESS_READ) as mapped:
            return _read(mapped, graph)
    return _read(_read_stream(file), graph)  # pipes, standard input, devices, empty files


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
            binary = not (head.startswith(_LFS_POINTER) or _looks_like_text(head))
        if binary:
            try:
                walked = _walk_whole_fields(data, walked)
            except DecodeError as exc:
                raise _walk_error(data, exc) from None
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
        except _Truncated:
            return start
    return pos


def find_models(
    root: Union[str, os.PathLike[str]], *, onerror: Optional[Callable[[OSError], None]] = None
) -> Iterator[str]:
    """Every file under the directory *root* whose content is a MetaGraphDef or SavedModel (binary or
    text), whatever its name, in name order, depth first.

    The content is judged by its top level only (see :func:`load` for what a file is read as); a
    file named like a model (``.meta``, ``.pb``, ``.pbtxt``) that starts as one and then breaks is
    yielded too, so that reading it says what is wrong. As ``os.walk``: links to directories are
    not followed, a directory that cannot be listed is passed to *onerror* (default: passed over),
    and memory is bounded by the widest directory, not by the tree.
    """
    return walk_models(os.fspath(root), onerror, None)


def walk_models(
    folder: str, onerror: Optional[Callable[[OSError], None]], looked_at: Optional[Callable[[str], None]]
) -> Iterator[str]:
    try:
        with os.scandir(folder) as listing:
            entries = sorted(listing, key=lambda entry: entry.name)
    except OSError as exc:
        if onerror is not None:
            onerror(exc)
        return
    for entry in entries:
        try:
            if entry.is_dir(follow_symlinks=False):
                yield from walk_models(entry.path, onerror, looked_at)
                continue
            if not entry.is_file():  # fifos (opening one would block), sockets, devices, dangling links
                continue
        except OSError:
            continue
        if looked_at is not None:
            looked_at(entry.path)
        if sniff(entry.path):
            yield entry.path


# A file of these names whose top level starts as one of ours and then breaks is a damaged model (a scan
# reports it); under any other name it is taken for something else whose first byte happens to fit.
_MODEL_SUFFIXES: Final = (".meta", ".pb", ".pbtxt")


def sniff(path: str) -> Optional[str]:
    """``'MetaGraphDef'`` or ``'SavedModel'`` when the file's content is one by its top level, else None.

    What a recursive scan asks of every file of a tree: the file is mapped and its top-level fields walked
    (a text file: its first field names read), nothing parsed, so a large file that is not a model costs
    a few pages. Never raises on content; ``OSError`` is read as "not a model" too.
    """
    try:
        with open(path, "rb") as file:
            if os.fstat(file.fileno()).st_size == 0:
                return None
            with mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ) as buf:
                return _sniff(buf, path.endswith(_MODEL_SUFFIXES))
    except (OSError, ValueError):
        return None


def _sniff(buf: Buffer, named_like_one: bool) -> Optional[str]:
    head = bytes(buf[:512])
    if head.startswith(_LFS_POINTER):
        return None
    if _looks_like_text(head):
        from ._text import TextTokens

        try:
            return _classify_text(TextTokens(buf), len(_BOM) if head.startswith(_BOM) else 0)
        except DecodeError:
            if all(byte in _TEXT_BYTES for byte in head):
                return None  # else: binary whose first bytes read as a field name (see _read)
    try:
        fields = _top_level(buf)
    except DecodeError:
        # Fields that cannot be walked: a damaged model when it is named like one and starts like one.
        guess = _FIRST_BYTES.get(buf[0])
        return guess if named_like_one and _lookalikes.by_magic(head, bytes(buf[-8:])) is None else None
    try:
        return _classify_fields(buf, *fields)[0]
    except DecodeError:  # whole fields, of another message: a look-alike
        return None


def _read(buf: Buffer, graph: bool) -> Dict[str, Any]:
    size = len(buf)
    if size == 0:
        raise DecodeError("empty file: 0 bytes, where a MetaGraphDef or SavedModel was expected", 0)
    head = bytes(buf[:512])
    if head.startswith(_LFS_POINTER):
        import re  # here, not at the top: re (and the enum module it needs) stays off the package's import

        details = dict(re.findall(rb"^(oid|size) (\S+)$", head, re.MULTILINE))
        raise DecodeError(
            "a Git LFS pointer, not the file itself "
            f"(oid {details.get(b'oid', b'?').decode()}, size {details.get(b'size', b'?').decode()} bytes): "
            "fetch the file with `git lfs pull`",
            0,
        )
    encoding = "binary"
    if _looks_like_text(head):
        try:
            kind, out = _parse_text(buf)
            encoding = "text"
        except DecodeError as text_error:
            # A binary file whose first bytes happen to read as a field name, with few control bytes among
            # them: if it reads whole as binary, it is binary. Otherwise the text error is the one to show.
            if all(byte in _TEXT_BYTES for byte in head):
                raise
            try:
                kind, out = _parse_binary(buf)
            except DecodeError:
                raise text_error from None
    else:
        kind, out = _parse_binary(buf)
    meta_graphs: List[Dict[str, Any]] = out["meta_graphs"] if kind == "SavedModel" else [out]
    for meta_graph in meta_graphs:
        _finish_meta_graph(meta_graph)
    if graph:
        from ._graph import add_graphs  # imported here: a plain load never reads the graph

        add_graphs(buf, kind, encoding, meta_graphs)
    return {
        "format": kind,
        "encoding": encoding,
        "saved_model_schema_version": out["saved_model_schema_version"] if kind == "SavedModel" else None,
        "meta_graphs": meta_graphs,
        "path": None,  # set by load() when given a path
        "located": None,
    }


def _parse_binary(buf: Buffer) -> Tuple[str, Dict[str, Any]]:
    kind, other = _classify_binary(buf)
    try:
        return kind, _parse_as(buf, kind)
    except DecodeError:
        if other is None:
            raise
    # The other reading of a file that is one field 2 (see _classify_binary).
    return other, _parse_as(buf, other)


def _parse_as(buf: Buffer, kind: str) -> Dict[str, Any]:
    message = COMPILED[f"tensorflow.{kind}"]
    out = message.new()
    try:
        parse_message(buf, 0, len(buf), message, out, 0)
    except DecodeError as exc:
        # The walk above found every top-level field whole, so this is damage inside one, not a short file.
        exc._add_segment(kind)
        exc._add_context(f"damaged {kind}")
        raise
    return out


def _parse_text(buf: Buffer) -> Tuple[str, Dict[str, Any]]:
    from . import _text  # imported here: binary files never pay for the text parser

    start = len(_BOM) if buf[: len(_BOM)] == _BOM else 0  # a UTF-8 byte order mark, as some editors write
    kind = _classify_text(_text.TextTokens(buf), start)
    return kind, _text.parse_text(buf, kind, start)


# The first top-level field name of a text file that one of the two messages has tells which it is.
_TEXT_FIELDS: Final = {
    name: kind for kind in ("MetaGraphDef", "SavedModel") for name in COMPILED[f"tensorflow.{kind}"].fields
}
# Fields of a GraphDef (tensorflow/core/framework/graph.proto), which the schema does not hold: a text file
# that starts with one is likely a frozen graph, unless a later field says otherwise.
_GRAPH_DEF_FIELDS: Final = frozenset({"node", "versions", "library", "version", "debug_info"})


def _classify_text(tokens: TextTokens, start: int) -> str:
    """Return 'SavedModel' or 'MetaGraphDef', from the first top-level field name that tells; else raise."""
    from ._textscan import IDENT, bracketed_name

    seen: List[str] = []
    graph_field, graph_at = "", 0
    tokens.pos = first = start
    while len(seen) < 20:
        tokens.skip_blanks()
        at = tokens.pos
        match = IDENT.match(tokens.buf, tokens.pos, tokens.end)
        if match is not None:
            name, after = match.group().decode("ascii"), match.end()
        else:
            bracketed = bracketed_name(tokens.buf, tokens.pos, tokens.end)
            if bracketed is None:
                break
            name, after = f"[{bracketed[0]}]", bracketed[1]
        kind = _TEXT_FIELDS.get(name)
        if kind is not None:
            return kind
        named = _lookalikes.text_kind(name) if not seen else None
        if named is not None:
            raise DecodeError(named, at)
        if name in _GRAPH_DEF_FIELDS and not graph_field:
            graph_field, graph_at = name, at
        # A field neither message has: look further (a newer writer may put a new field first).
        seen.append(name)
        tokens.pos = after
        try:
            tokens.skip_value(name)
        except DecodeError:
            break
        tokens.take(",") or tokens.take(";")
    if graph_field:
        raise DecodeError(
            f"a text-format GraphDef (its field {graph_field!r}), not a MetaGraphDef or SavedModel; "
            "a GraphDef has no collections",
            graph_at,
        )
    if seen:
        found = "its fields are " + ", ".join(map(repr, seen))
    elif tokens.pos >= tokens.end:
        found = "it has no fields, only blanks and comments"  # protobuf reads it as an empty message of any type
    else:
        found = f"it starts with {tokens.describe()}"  # after blanks and comments, so point there
        first = tokens.pos
    raise DecodeError(f"a text file, but neither a MetaGraphDef nor a SavedModel in text format: {found}", first)


def _looks_like_text(head: bytes) -> bool:
    """Text format starts with a field name (after blanks and # comments) and has hardly any control bytes;
    binary starts with a tag and has a tag or a length below 0x20 every few bytes."""
    control = sum(1 for byte in head if byte not in _TEXT_BYTES)
    if control > max(1, len(head) // 64):  # a stray control byte in a text file is tolerated, a binary head is not
        return False
    text = head[len(_BOM) :] if head.startswith(_BOM) else head
    while True:
        text = text.lstrip()
        if not text.startswith(b"#"):
            # A field name; or nothing left: blanks and comments only (the text reader reads on, or says so).
            return not text or text[:1].isalpha() or text[:1] in (b"_", b"[")
        newline = text.find(b"\n")
        if newline < 0:
            return True  # a comment that runs past the head: a long comment header
        text = text[newline + 1 :]


def _fields(buf: Buffer, pos: int, end: int, limit: int = 1 << 30) -> Iterator[Tuple[int, int, int, int]]:
    """(number, wire type, value start, value end) of the fields in buf[pos:end], values skipped.

    A generator, so that a file of a million top-level fields is walked in constant memory. Unlike the
    message parser this accepts lengths past 2 GB: a graph_def can be that large.
    """
    while pos < end and limit > 0:
        limit -= 1
        tag, pos = read_tag(buf, pos, end)
        if tag & 7 == WIRETYPE_LENGTH_DELIMITED:
            length_at = pos
            length, pos = read_size(buf, pos, end)
            if pos + length > end:
                message = f"truncated length-delimited field {tag >> 3}: needs {length} bytes, {end - pos} left"
                raise _Truncated(message, length_at, number=tag >> 3, needed=length, left=end - pos)
            yield tag >> 3, WIRETYPE_LENGTH_DELIMITED, pos, pos + length
            pos += length
        else:
            start = pos
            pos = skip_field(buf, pos, end, tag, 0)
            yield tag >> 3, tag & 7, start, pos


# The top-level fields of the two messages, by number, and the (number, wire type) pairs they are read from.
_TOP_FIELD_NAMES: Final = {
    kind: {info.field.number: name for name, info in COMPILED[f"tensorflow.{kind}"].fields.items()}
    for kind in ("SavedModel", "MetaGraphDef")
}
_META_GRAPH_PAIRS: Final = frozenset((tag >> 3, tag & 7) for tag in COMPILED["tensorflow.MetaGraphDef"].table)
_SAVED_MODEL_PAIRS: Final = frozenset((tag >> 3, tag & 7) for tag in COMPILED["tensorflow.SavedModel"].table)


def _numbers(kind: str) -> str:
    """Return the range of the top-level field numbers of *kind*, for messages: '1-7'."""
    numbers = sorted(_TOP_FIELD_NAMES[kind])
    return f"{numbers[0]}-{numbers[-1]}"


def _first_bytes() -> Dict[int, str]:
    """What the first byte (the first field's one-byte tag) says a file is meant to be."""
    kinds: Dict[int, List[str]] = {}
    for kind in ("MetaGraphDef", "SavedModel"):
        for tag in COMPILED[f"tensorflow.{kind}"].table:
            if tag < 0x80:
                kinds.setdefault(tag, []).append(kind)
    return {tag: " or ".join(names) for tag, names in kinds.items()}


# 0x08 SavedModel; 0x0A and 0x1A to 0x3A MetaGraphDef; 0x12 either (meta_graphs or graph_def).
_FIRST_BYTES: Final = _first_bytes()


def _walk_error(buf: Buffer, exc: DecodeError) -> DecodeError:
    """Say what a file is whose top-level fields cannot be walked: junk, truncated, or damaged."""
    guess = _FIRST_BYTES.get(buf[0])
    head = bytes(buf[:512])
    named = _lookalikes.by_magic(head, bytes(buf[-8:]))
    if named is not None:
        return DecodeError(f"{named}, not a MetaGraphDef or SavedModel", 0)
    if guess is None and all(byte in _TEXT_BYTES for byte in head):
        return DecodeError(_lookalikes.plain_text(head), 0)
    if guess is None:
        return DecodeError(
            f"not a MetaGraphDef or SavedModel: the first byte 0x{buf[0]:02x} cannot start either ({exc.msg})", 0
        )
    if isinstance(exc, _Truncated):
        # A top-level length-delimited field cut off (_fields names its number): say how much is missing.
        if exc.number is not None and exc.needed is not None and exc.left is not None:
            field = _TOP_FIELD_NAMES.get(guess, {}).get(exc.number, f"field {exc.number}")
            return DecodeError(
                f"file truncated: it ends at byte {len(buf)}, and {guess}.{field} needs {exc.needed - exc.left} "
                "more bytes",
                exc.pos,
            )
        return DecodeError(f"file truncated: it ends at byte {len(buf)} ({exc.msg})", exc.pos)
    return DecodeError(f"damaged {guess}: its top-level fields read well up to byte {exc.pos}, then {exc.msg}", exc.pos)


def _classify_binary(buf: Buffer) -> Tuple[str, Optional[str]]:
    """'SavedModel' or 'MetaGraphDef', and the other one when the bytes could be either; or a DecodeError
    saying what the bytes are instead."""
    try:
        kinds, counts, first = _top_level(buf)
    except DecodeError as exc:
        raise _walk_error(buf, exc) from None
    return _classify_fields(buf, kinds, counts, first)


def _top_level(buf: Buffer) -> Tuple[Set[Tuple[int, int]], Dict[int, int], Tuple[int, int]]:
    """The (field number, wire type) pairs of the top level, how often each number occurs, and where the
    first field's value lies; the walk's ``DecodeError`` when the fields cannot be walked to the end."""
    kinds: Set[Tuple[int, int]] = set()
    counts: Dict[int, int] = {}
    first = (0, 0)
    for number, wire_type, start, end in _fields(buf, 0, len(buf)):
        if not counts:
            first = (start, end)
        kinds.add((number, wire_type))
        counts[number] = counts.get(number, 0) + 1
    return kinds, counts, first


def _classify_fields(
    buf: Buffer, kinds: Set[Tuple[int, int]], counts: Dict[int, int], first: Tuple[int, int]
) -> Tuple[str, Optional[str]]:
    if (1, WIRETYPE_VARINT) in kinds and kinds <= _SAVED_MODEL_PAIRS:
        return "SavedModel", None
    named = _lookalikes.by_fields(kinds, counts, bytes(buf[first[0] : min(first[1], first[0] + 4096)]))
    if named is not None:
        raise DecodeError(f"{named}, not a MetaGraphDef or SavedModel", 0)
    # A GraphDef (graph.proto, not in the schema) repeats node = 1, and its deprecated int32 version is a varint
    # at 3; a varint at 4 fits neither of ours either and has always been taken for a graph too.
    if counts.get(1, 0) > 1 or (3, WIRETYPE_VARINT) in kinds or (4, WIRETYPE_VARINT) in kinds:
        raise DecodeError(
            "a GraphDef (a frozen graph: repeated node fields), not a MetaGraphDef or SavedModel; "
            "a GraphDef has no collections",
            0,
        )
    if not kinds <= _META_GRAPH_PAIRS:
        found = ", ".join(f"{number}" for number in sorted(counts))
        raise DecodeError(
            f"a protobuf message, but neither a MetaGraphDef (fields {_numbers('MetaGraphDef')}) nor a SavedModel "
            f"(fields {_numbers('SavedModel')}): it has fields {found}",
            0,
        )
    if set(counts) == {2}:
        # Only field 2: SavedModel.meta_graphs (one or more), or a MetaGraphDef holding only graph_def (given
        # more than once, protobuf merges the graphs). The first one's content decides which reading goes first.
        try:
            inner = list(_fields(buf, *first, limit=64))  # a glance is enough
        except DecodeError:
            inner = []
        # A graph has many nodes (field 1), a meta graph one meta_info_def; a graph of one node could be
        # either, so the other reading is tried when the first does not read.
        if sum(1 for number, _, _, _ in inner if number == 1) > 1:
            return "MetaGraphDef", "SavedModel"
        return "SavedModel", "MetaGraphDef"
    return "MetaGraphDef", None


def _finish_meta_graph(meta_graph: Dict[str, Any]) -> None:
    """Give collections their final form: {"kind": ..., "value": [...]}, items decoded by name."""
    collections = meta_graph["collection_def"]
    for name, collection in collections.items():
        collections[name] = _collection(name, collection)
    info = meta_graph["meta_info_def"]
    if info is not None and info["any_info"] is not None:
        info["any_info"] = _decode_any(info["any_info"])


def _collection(name: str, collection: Dict[str, Any]) -> Dict[str, Any]:
    for kind in ("node_list", "bytes_list", "int64_list", "float_list", "any_list"):
        if collection[kind] is not None:
            values = collection[kind]["value"]
            break
    else:
        return {"kind": None, "value": []}  # TensorFlow's importer logs and skips such an entry
    if kind == "bytes_list":
        values = [decode(name, item) for item in values]
    elif kind == "any_list":
        values = [_decode_any(item) for item in values]
    return {"kind": kind, "value": values}


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
    import re

    pattern = re.compile(f"(?:{scope})(?:(?<=/)|(?=/|$))" if boundary else scope)
    return lambda name: pattern.match(name) is not None
