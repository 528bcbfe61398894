# SPDX-License-Identifier: Apache-2.0
"""Whole files: a MetaGraphDef (``.meta``) or SavedModel (``saved_model.pb``), binary or text; and trees of them.

Strategy: a file is opened as a ``Source`` (memory-mapped, never read whole), told apart by its content
(``sniff``), and parsed with the same schema-driven decoder as single items (text-format files by the text
parser, into the same dicts). ``graph_def``, ``stripped_op_list`` and ``object_graph_def`` are "skipped"
fields in the schema, so they are passed by their length and cost nothing however large they are (files
over 2 GB, which protobuf cannot parse, work). Collections are then given their final form
(``collections``). Asked for (``graph=True``), the graph is read by ``graph`` from the same source. A
failure says what the file is, from its content and, for a checkpoint's files, from its name
(``locate.beside``); the result keeps its source, so a later reader never loads the file again.
"""

from __future__ import annotations

import os

from .._disk.sniff import (
    BOM,
    LFS_POINTER,
    TEXT_BYTES,
    classify_binary,
    classify_text,
    lfs_pointer_error,
    looks_like_text,
    sniff,
)
from .._disk.source import Source, open_file
from .._errors import DecodeError
from .._proto.compiled import COMPILED
from .._proto.decoder import parse_message
from .._typing import cast
from .collections import finish_meta_graph

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import IO, Any, Callable, Dict, Final, Iterator, List, Optional, Tuple, Union

    from .. import types as _types
    from .._typing import Buffer
    from .collections import DecodedItems

    PathLike = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]


class _Loaded(dict):  # type: ignore[type-arg]
    """What ``load`` and ``loads`` return: a plain dict to every reader, with the file that was read kept
    beside it (``source``), so that a later reader (the restore check) never loads the file again."""

    __slots__ = ("source",)
    source: Source


class _LoadedMetaGraph(dict):  # type: ignore[type-arg]
    """One meta graph of what ``load`` returned: a plain dict to every reader, with the file it was read from
    and its place in it kept beside it, so that a reader given one meta graph needs nothing else."""

    __slots__ = ("index", "source")
    source: Source
    index: int


def load(source: Union[PathLike, IO[bytes]], /, *, graph: bool = False) -> _types.Model:
    """Read a ``.meta``, ``saved_model.pb`` or GraphDef (frozen graph) file: a path, or a binary file object.

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
    return load_model(source, graph)


def load_model(source: Union[PathLike, IO[bytes]], graph: bool, ends: bool = True) -> _types.Model:
    """``load``; with ``ends=False`` a graph's inputs, outputs and constants are left unread (empty lists) unless
    the file is a GraphDef: for the command line's summary, which shows them for frozen graphs only."""
    if isinstance(source, (str, bytes, os.PathLike)):
        from .._disk.locate import locate, shown  # noqa: PLC0415 (only a path needs it, not `import tfcollections`)

        path, located = locate(os.fsdecode(source))
        try:
            with open(path, "rb") as file:  # OSError: missing, unreadable
                model = read_file(file, path, graph, ends=ends)
        except DecodeError as exc:
            exc = _said_by_name(exc, path)
            if located is not None:
                exc._within(f"{located}, {shown(path)}")
            raise exc from None
        model["path"], model["located"] = path, located
        return cast("_types.Model", model)
    if hasattr(source, "read"):
        return cast("_types.Model", read_file(source, None, graph, ends=ends))
    raise TypeError(f"Expected a path or a binary file object, not {type(source).__qualname__!r}")


# What a file's name says better than its content, when the content is one of these (DecodeError.what).
_SAID_BETTER_BY_NAME: Final = frozenset({"junk", "text", "table"})


def _said_by_name(exc: DecodeError, path: str) -> DecodeError:
    """A file beside a model that is not one (a checkpoint's files, an Estimator's graph.pbtxt): the error
    that says what it is where its content cannot, and names the model."""
    from .._disk.locate import beside  # noqa: PLC0415 (only a path needs it, not `import tfcollections`)

    what, hint = beside(path)
    if what is not None and exc.what in _SAID_BETTER_BY_NAME:
        exc = DecodeError(f"{what}, not a MetaGraphDef or SavedModel", exc.pos, what=exc.what)
    if hint is not None:
        exc.hint = hint
    return exc


def loads(data: Union[bytes, bytearray, memoryview], /, *, graph: bool = False) -> _types.Model:
    """Read the content of a ``.meta`` or ``saved_model.pb`` file given as bytes (see :func:`load`)."""
    if isinstance(data, memoryview):
        data = data.tobytes()
    if not isinstance(data, (bytes, bytearray)):
        raise TypeError(f"Expected a bytes-like object, not {type(data).__qualname__!r}")
    return cast("_types.Model", _read(Source(data), graph))


def read_file(
    file: IO[bytes], path: Optional[str], graph: bool, watch: Optional[Callable[[str], bool]] = None, ends: bool = True
) -> _Loaded:
    """Read an open file; *watch* picks the ops whose nodes the graph lists as ``"flagged"`` (the scan's); *ends*:
    see ``load_model``."""
    source = open_file(file, path)
    try:
        return _read(source, graph, watch, ends)
    finally:
        source.release()  # a result holds no file open: a later reader maps it again (Source.opened)


def _read(source: Source, graph: bool, watch: Optional[Callable[[str], bool]] = None, ends: bool = True) -> _Loaded:
    with source.opened() as buf:
        if len(buf) == 0:
            raise DecodeError("empty file: 0 bytes, where a MetaGraphDef or SavedModel was expected", 0)
        head = bytes(buf[:512])
        if head.startswith(LFS_POINTER):
            raise lfs_pointer_error(head)
        encoding = "binary"
        if looks_like_text(head):
            try:
                kind, out = _parse_text(buf)
                encoding = "text"
            except DecodeError as text_error:
                # A binary file whose first bytes happen to read as a field name, with few control bytes among
                # them: if it reads whole as binary, it is binary. Otherwise the text error is the one to show.
                if all(byte in TEXT_BYTES for byte in head):
                    raise
                try:
                    kind, out = _parse_binary(buf)
                except DecodeError:
                    raise text_error from None
        else:
            kind, out = _parse_binary(buf)
        source.format, source.encoding = kind, encoding
        meta_graphs: List[Dict[str, Any]] = []
        items: DecodedItems = {}  # the collections' items, decoded once for every meta graph
        for index, decoded in enumerate(out["meta_graphs"] if kind == "SavedModel" else [out]):
            finish_meta_graph(decoded, items)
            meta_graph = _LoadedMetaGraph(decoded)
            meta_graph.source, meta_graph.index = source, index
            meta_graphs.append(meta_graph)
        if graph:
            from .._graph.graph import add_graphs  # noqa: PLC0415 (a plain load never reads the graph)

            add_graphs(source, buf, meta_graphs, watch, ends=ends or kind == "GraphDef")
    model = _Loaded(
        format=kind,
        encoding=encoding,
        saved_model_schema_version=out["saved_model_schema_version"] if kind == "SavedModel" else None,
        meta_graphs=meta_graphs,
        path=None,  # set by load() when given a path
        located=None,
    )
    model.source = source
    return model


def _graph_def_file(start: int, end: int) -> Dict[str, Any]:
    """A GraphDef file (a frozen graph) as one meta graph that holds only its ``graph_def``: the whole file,
    passed over here as a meta graph's is (``graph=True`` reads it), with no collections, saver or signatures."""
    meta_graph = COMPILED["tensorflow.MetaGraphDef"].new()
    meta_graph["graph_def"] = {"type": "tensorflow.GraphDef", "offset": start, "size": end - start}
    return meta_graph


def _parse_binary(buf: Buffer) -> Tuple[str, Dict[str, Any]]:
    kind, other = classify_binary(buf)
    if kind == "GraphDef":  # its top-level fields are walked whole: its nodes are read with graph=True
        return kind, _graph_def_file(0, len(buf))
    try:
        return kind, _parse_as(buf, kind)
    except DecodeError:
        if other is None:
            raise
    # The other reading of a file that is one field 2 (see sniff.classify_binary).
    return other, _parse_as(buf, other)


def _parse_as(buf: Buffer, kind: str) -> Dict[str, Any]:
    message = COMPILED[f"tensorflow.{kind}"]
    out = message.new()
    try:
        parse_message(buf, 0, len(buf), message, out, 0)
    except DecodeError as exc:
        # The walk above found every top-level field whole, so this is damage inside one, not a short file.
        exc._add_segment(kind)
        exc._within(f"damaged {kind}")
        raise
    return out


def _parse_text(buf: Buffer) -> Tuple[str, Dict[str, Any]]:
    from .._proto.text import TextTokens, parse_text  # noqa: PLC0415 (binary files never load the text parser)

    start = len(BOM) if buf[: len(BOM)] == BOM else 0  # a UTF-8 byte order mark, as some editors write
    tokens = TextTokens(buf)
    kind = classify_text(tokens, start)
    if kind == "GraphDef":
        try:
            _walk_text_graph(tokens, start)
        except DecodeError as exc:
            exc._within("bad text-format GraphDef")
            raise
        return kind, _graph_def_file(start, len(buf))
    try:
        return kind, parse_text(buf, kind, start)
    except DecodeError as exc:
        exc._within(f"bad text-format {kind}")
        raise


def _walk_text_graph(tokens: Any, start: int) -> None:
    """Check that a text GraphDef is one to its end: every top-level field a GraphDef's, every value whole
    (braces balanced, strings closed); what the values hold is read with ``graph=True``."""
    from .._proto.textscan import IDENT  # noqa: PLC0415 (binary files never load the text scanner)

    fields = COMPILED["tensorflow.GraphDef"].fields
    tokens.pos = start
    while True:
        tokens.skip_blanks()
        if tokens.pos >= tokens.end:
            return
        match = IDENT.match(tokens.buf, tokens.pos, tokens.end)
        if match is None or match.group().decode("ascii") not in fields:
            found = f"field {match.group().decode('ascii')!r}" if match is not None else tokens.describe()
            raise DecodeError(f"expected a GraphDef field ({', '.join(fields)}), found {found}", tokens.pos)
        name = match.group().decode("ascii")
        tokens.pos = match.end()
        tokens.skip_value(name)
        tokens.take(",") or tokens.take(";")


def find_models(
    root: Union[str, os.PathLike[str]], *, onerror: Optional[Callable[[OSError], None]] = None
) -> Iterator[str]:
    """Every file under the directory *root* whose content is a MetaGraphDef, SavedModel or GraphDef (binary
    or text), whatever its name, in name order, depth first.

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
