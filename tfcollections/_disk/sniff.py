# SPDX-License-Identifier: Apache-2.0
"""What a file is, from its content: a MetaGraphDef, SavedModel or GraphDef (binary or text), or what else.

Strategy: the first bytes tell text from binary and Git LFS pointers from both; for binary, a walk over
the top-level tags (cheap: a handful of fields, values passed by their length) tells a SavedModel from a
MetaGraphDef from a GraphDef (a frozen graph), and a file that is none of them is named by its magic
number or fields (``lookalikes``). For text, the first top-level field name that one of the messages has
decides. Nothing here parses a message. A file that is not one of ours is a ``DecodeError`` whose
``what`` says what it is instead (junk, plain text, a table, another protobuf message, a look-alike),
so the file reader can act on it without reading the message.
"""

from __future__ import annotations

import mmap
import os

from .._errors import DecodeError, Truncated
from .._proto.compiled import field_numbers, read_tags
from .._proto.wire import WIRETYPE_VARINT, iter_fields
from . import lookalikes

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Dict, Final, List, Optional, Set, Tuple

    from .._proto.text import TextTokens
    from .._typing import Buffer

LFS_POINTER: Final = b"version https://git-lfs.github.com/spec/"
BOM: Final = b"\xef\xbb\xbf"
TEXT_BYTES: Final = frozenset(range(0x20, 0x7F)) | {0x09, 0x0A, 0x0D} | frozenset(range(0x80, 0x100))


def lfs_pointer_error(head: bytes) -> DecodeError:
    """What a Git LFS pointer is, with the object it points to."""
    import re  # noqa: PLC0415 (re, and the enum module it needs, stay off the package's import)

    details = dict(re.findall(rb"^(oid|size) (\S+)$", head, re.MULTILINE))
    return DecodeError(
        "a Git LFS pointer, not the file itself "
        f"(oid {details.get(b'oid', b'?').decode()}, size {details.get(b'size', b'?').decode()} bytes): "
        "fetch the file with `git lfs pull`",
        0,
        what="look-alike",
    )


# A file of these names whose top level starts as one of ours and then breaks is a damaged model (a scan
# reports it); under any other name it is taken for something else whose first byte happens to fit.
_MODEL_SUFFIXES: Final = (".meta", ".pb", ".pbtxt")


def sniff(path: str) -> Optional[str]:
    """``'MetaGraphDef'``, ``'SavedModel'`` or ``'GraphDef'`` when the file's content is one by its top level,
    else None.

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
    if head.startswith(LFS_POINTER):
        return None
    if looks_like_text(head):
        from .._proto.text import TextTokens  # noqa: PLC0415 (binary files never load the text parser)

        try:
            return classify_text(TextTokens(buf), len(BOM) if head.startswith(BOM) else 0)
        except DecodeError:
            if all(byte in TEXT_BYTES for byte in head):
                return None  # else: binary whose first bytes read as a field name (see _read)
    try:
        fields = _top_level(buf)
    except DecodeError:
        # Fields that cannot be walked: a damaged model when it is named like one and starts like one.
        guess = _FIRST_BYTES.get(buf[0])
        return guess if named_like_one and lookalikes.by_magic(head, bytes(buf[-8:])) is None else None
    try:
        return _classify_fields(buf, *fields)[0]
    except DecodeError:  # whole fields, of another message: a look-alike
        return None


# The first top-level field name of a text file that one of the two messages has tells which it is.
_TEXT_FIELDS: Final = {
    name: kind for kind in ("MetaGraphDef", "SavedModel") for name in field_numbers(f"tensorflow.{kind}").values()
}

# Fields of a GraphDef (tensorflow/core/framework/graph.proto): a text file whose top-level fields are all these
# is a frozen graph.
_GRAPH_DEF_FIELDS: Final = frozenset(field_numbers("tensorflow.GraphDef").values())


def classify_text(tokens: TextTokens, start: int) -> str:
    """Return 'SavedModel' or 'MetaGraphDef', from the first top-level field name that tells, or 'GraphDef' when
    the first fields are a GraphDef's; else raise."""
    from .._proto.textscan import IDENT, bracketed_name  # noqa: PLC0415 (binary files never load the text scanner)

    seen: List[str] = []
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
        named = lookalikes.text_kind(name) if not seen else None
        if named is not None:
            raise DecodeError(named, at, what="look-alike")
        # A field neither message has: look further (a newer writer may put a new field first).
        seen.append(name)
        tokens.pos = after
        try:
            tokens.skip_value(name)
        except DecodeError:
            break
        tokens.take(",") or tokens.take(";")
    if seen and all(name in _GRAPH_DEF_FIELDS for name in seen):
        return "GraphDef"
    if seen:
        found = "its fields are " + ", ".join(map(repr, seen))
    elif tokens.pos >= tokens.end:
        found = "it has no fields, only blanks and comments"  # protobuf reads it as an empty message of any type
    else:
        found = f"it starts with {tokens.describe()}"  # after blanks and comments, so point there
        first = tokens.pos
    raise DecodeError(f"a text file, but neither a MetaGraphDef nor a SavedModel in text format: {found}", first,
                      what="text")  # fmt: skip


def looks_like_text(head: bytes) -> bool:
    """Text format starts with a field name (after blanks and # comments) and has hardly any control bytes;
    binary starts with a tag and has a tag or a length below 0x20 every few bytes."""
    control = sum(1 for byte in head if byte not in TEXT_BYTES)
    if control > max(1, len(head) // 64):  # a stray control byte in a text file is tolerated, a binary head is not
        return False
    text = head[len(BOM) :] if head.startswith(BOM) else head
    while True:
        text = text.lstrip()
        if not text.startswith(b"#"):
            # A field name; or nothing left: blanks and comments only (the text reader reads on, or says so).
            return not text or text[:1].isalpha() or text[:1] in (b"_", b"[")
        newline = text.find(b"\n")
        if newline < 0:
            return True  # a comment that runs past the head: a long comment header
        text = text[newline + 1 :]


# The top-level fields of the two messages, by number, and the (number, wire type) pairs they are read from.
_TOP_FIELD_NAMES: Final = {kind: field_numbers(f"tensorflow.{kind}") for kind in ("SavedModel", "MetaGraphDef")}

_META_GRAPH_PAIRS: Final = frozenset((tag >> 3, tag & 7) for tag in read_tags("tensorflow.MetaGraphDef"))

_SAVED_MODEL_PAIRS: Final = frozenset((tag >> 3, tag & 7) for tag in read_tags("tensorflow.SavedModel"))

_GRAPH_DEF_PAIRS: Final = frozenset((tag >> 3, tag & 7) for tag in read_tags("tensorflow.GraphDef"))

_GRAPH_DEF_NUMBERS: Final = frozenset(number for number, _ in _GRAPH_DEF_PAIRS)


def _numbers(kind: str) -> str:
    """Return the range of the top-level field numbers of *kind*, for messages: '1-7'."""
    numbers = sorted(_TOP_FIELD_NAMES[kind])
    return f"{numbers[0]}-{numbers[-1]}"


def _first_bytes() -> Dict[int, str]:
    """What the first byte (the first field's one-byte tag) says a file is meant to be."""
    kinds: Dict[int, List[str]] = {}
    for kind in ("MetaGraphDef", "SavedModel"):
        for tag in sorted(read_tags(f"tensorflow.{kind}")):
            if tag < 0x80:
                kinds.setdefault(tag, []).append(kind)
    return {tag: " or ".join(names) for tag, names in kinds.items()}


# 0x08 SavedModel; 0x0A and 0x1A to 0x3A MetaGraphDef; 0x12 either (meta_graphs or graph_def).
_FIRST_BYTES: Final = _first_bytes()


def walk_error(buf: Buffer, exc: DecodeError) -> DecodeError:
    """Say what a file is whose top-level fields cannot be walked: junk, truncated, or damaged."""
    guess = _FIRST_BYTES.get(buf[0])
    head = bytes(buf[:512])
    named = lookalikes.by_magic(head, bytes(buf[-8:]))
    if named is not None:
        return DecodeError(f"{named[1]}, not a MetaGraphDef or SavedModel", 0, what=named[0])
    if guess is None and all(byte in TEXT_BYTES for byte in head):
        return DecodeError(lookalikes.plain_text(head), 0, what="text")
    if guess is None:
        return DecodeError(
            f"not a MetaGraphDef or SavedModel: the first byte 0x{buf[0]:02x} cannot start either ({exc.msg})", 0,
            what="junk",
        )  # fmt: skip
    if isinstance(exc, Truncated):
        # A top-level length-delimited field cut off (iter_fields names its number): say how much is missing.
        if exc.number is not None and exc.needed is not None and exc.left is not None:
            field = _TOP_FIELD_NAMES.get(guess, {}).get(exc.number, f"field {exc.number}")
            return DecodeError(
                f"file truncated: it ends at byte {len(buf)}, and {guess}.{field} needs {exc.needed - exc.left} "
                "more bytes",
                exc.pos,
            )
        return DecodeError(f"file truncated: it ends at byte {len(buf)} ({exc.msg})", exc.pos)
    return DecodeError(f"damaged {guess}: its top-level fields read well up to byte {exc.pos}, then {exc.msg}", exc.pos)


def classify_binary(buf: Buffer) -> Tuple[str, Optional[str]]:
    """'SavedModel', 'MetaGraphDef' or 'GraphDef', and the other one when the bytes could be either of the first
    two; or a DecodeError saying what the bytes are instead."""
    try:
        kinds, counts, first = _top_level(buf)
    except DecodeError as exc:
        raise walk_error(buf, exc) from None
    return _classify_fields(buf, kinds, counts, first)


def _top_level(buf: Buffer) -> Tuple[Set[Tuple[int, int]], Dict[int, int], Tuple[int, int]]:
    """The (field number, wire type) pairs of the top level, how often each number occurs, and where the
    first field's value lies; the walk's ``DecodeError`` when the fields cannot be walked to the end."""
    kinds: Set[Tuple[int, int]] = set()
    counts: Dict[int, int] = {}
    first = (0, 0)
    for number, wire_type, start, end in iter_fields(buf, 0, len(buf)):
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
    named = lookalikes.by_fields(kinds, counts, bytes(buf[first[0] : min(first[1], first[0] + 4096)]))
    if named is not None:
        raise DecodeError(f"{named}, not a MetaGraphDef or SavedModel", 0, what="look-alike")
    # A GraphDef (graph.proto: a frozen graph) repeats node = 1, or has its deprecated int32 version, a varint at
    # 3; its known fields must have their wire types (a newer writer's unknown fields are passed over).
    if (counts.get(1, 0) > 1 or (3, WIRETYPE_VARINT) in kinds) and all(
        pair in _GRAPH_DEF_PAIRS for pair in kinds if pair[0] in _GRAPH_DEF_NUMBERS
    ):
        return "GraphDef", None
    # A GraphDef of one node starts as a MetaGraphDef does (field 1 once): its first field is a NodeDef when its
    # field 2 is an op's name (a MetaInfoDef's field 2 is its stripped OpList, a message starting with a tag).
    if (
        counts.get(1) == 1
        and all(pair in _GRAPH_DEF_PAIRS for pair in kinds if pair[0] in _GRAPH_DEF_NUMBERS)
        and _first_is_node(buf, first)
    ):
        return "GraphDef", None
    if not kinds <= _META_GRAPH_PAIRS:
        found = ", ".join(f"{number}" for number in sorted(counts))
        raise DecodeError(
            f"a protobuf message, but neither a MetaGraphDef (fields {_numbers('MetaGraphDef')}) nor a SavedModel "
            f"(fields {_numbers('SavedModel')}): it has fields {found}",
            0,
            what="protobuf",
        )
    if set(counts) == {2}:
        # Only field 2: SavedModel.meta_graphs (one or more), or a MetaGraphDef holding only graph_def (given
        # more than once, protobuf merges the graphs). The first one's content decides which reading goes first.
        try:
            inner = list(iter_fields(buf, *first, limit=64))  # a glance is enough
        except DecodeError:
            inner = []
        # A graph has many nodes (field 1), a meta graph one meta_info_def; a graph of one node could be
        # either, so the other reading is tried when the first does not read.
        if sum(1 for number, _, _, _ in inner if number == 1) > 1:
            return "MetaGraphDef", "SavedModel"
        return "SavedModel", "MetaGraphDef"
    return "MetaGraphDef", None


_OP_NAME_BYTES: Final = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_>.")


def _first_is_node(buf: Buffer, first: Tuple[int, int]) -> bool:
    """Whether the first top-level field reads as a NodeDef: one field 2 (``op``) that is an op's name (a letter or
    ``_`` first, then letters, digits, ``_``, ``>`` and ``.``, as TensorFlow's op names are)."""
    try:
        ops = [bytes(buf[start:end]) for number, wire_type, start, end in iter_fields(buf, *first, limit=64)
               if number == 2 and wire_type == 2]  # fmt: skip
    except DecodeError:
        return False
    if len(ops) != 1 or not ops[0] or len(ops[0]) > 256:
        return False
    op = ops[0]
    return (chr(op[0]).isalpha() or op[0] == 0x5F) and all(byte in _OP_NAME_BYTES for byte in op)
