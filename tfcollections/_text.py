# SPDX-License-Identifier: Apache-2.0
"""Protobuf text format: ``export_meta_graph(as_text=True)`` and ``saved_model.pbtxt``.

Strategy: a recursive-descent parser over the raw bytes (a ``bytes`` object or
the file's memory map: the file is never read whole or decoded as a whole),
driven by the same compiled schemas as the binary decoder and producing the
very same dicts, so everything downstream cannot tell text from binary. Each
token is one compiled regex matched at a position. Fields the schema marks
"skipped" (``graph_def`` and friends, often most of the file) are passed over
by a scan that only stops at braces, quotes and comments, so their size costs
a C-speed search, not a token loop; they are reported as ``{type, offset,
size}`` with text offsets. The rules follow protobuf's C++ text parser, which
is what TensorFlow reads these files with: C escapes in strings (octal, hex,
``\\u``), adjacent strings concatenated, ``:`` optional before a message, ``{}``
or ``<>`` around one, ``[a, b]`` lists for repeated fields, enums by name or
number, a non-repeated field given twice is an error. Fields the schema does
not know are skipped, as the binary reader skips unknown fields.
"""

from __future__ import annotations

import math
import re
import struct

from ._compiled import COMPILED, ENUM_NAMES, ENUM_NUMBERS, OP_MAP, CompiledMessage
from ._errors import DecodeError
from ._schema import BOOL, BYTES, FLOAT, INT32, INT64, MAP, MESSAGE, SKIPPED, STRING, Field
from ._wire import MAX_DEPTH, WIRETYPE_LENGTH_DELIMITED, tag_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    import mmap
    from typing import Any, Callable, Dict, Final, Iterator, List, Optional, Tuple, Union

    Buffer = Union[bytes, bytearray, mmap.mmap]
    Decoded = Dict[str, Any]
    # (field, the message of its value, (entry message, value message) of a map)
    FieldInfo = Tuple[Field, Optional[CompiledMessage], Any]

# A comment ends at a NUL byte too: protobuf's C++ tokenizer stops there and then refuses the NUL.
_BLANK: Final = re.compile(rb"(?:[ \t\r\n\f\v]+|#[^\n\x00]*)*")
_IDENT: Final = re.compile(rb"[A-Za-z_][A-Za-z0-9_]*")
# A number or identifier value; '-' is read apart (protobuf allows blanks after it).
_WORD: Final = re.compile(rb"[A-Za-z0-9_.][A-Za-z0-9_.+-]*")
# A string cannot cross a line (protobuf's tokenizer refuses that too).
_STRING: Final = re.compile(rb'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'')
_ESCAPE: Final = re.compile(
    rb"\\(?:([0-7]{1,3})|[xX]([0-9A-Fa-f]{1,2})"
    rb"|u([dD][89abAB][0-9A-Fa-f]{2})\\u([dD][c-fC-F][0-9A-Fa-f]{2})"  # a UTF-16 surrogate pair: one character
    rb"|u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))",
    re.S,
)
_SIMPLE_ESCAPES: Final = {
    b"n": b"\n", b"r": b"\r", b"t": b"\t", b'"': b'"', b"'": b"'", b"\\": b"\\",
    b"a": b"\a", b"b": b"\b", b"f": b"\f", b"v": b"\v", b"?": b"?",
}  # fmt: skip
_NAME_PART: Final = re.compile(rb"[A-Za-z0-9_]+")
# What the brace scanner stops at: braces, the quotes that start strings, comments.
_SCAN_STOP: Final = re.compile(rb"[{}<>\"'#]")
_INTEGER: Final = re.compile(r"0[xX][0-9A-Fa-f]+|0[0-7]*|[1-9][0-9]*")
_FLOAT: Final = re.compile(r"(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_FLOAT_WORDS: Final = {"inf": float("inf"), "infinity": float("inf"), "nan": float("nan")}
_INT_RANGES: Final = {INT32: (-(1 << 31), (1 << 31) - 1), INT64: (-(1 << 63), (1 << 63) - 1)}
_TRUE: Final = frozenset({"true", "True", "t", "1"})
_FALSE: Final = frozenset({"false", "False", "f", "0"})
_OPEN_TO_CLOSE: Final = {ord("{"): ord("}"), ord("<"): ord(">")}
_QUOTES: Final = (ord('"'), ord("'"))
_float32 = struct.Struct("<f")

# The first field name of a text file tells what it is.
_SAVED_MODEL_FIELDS: Final = frozenset({"saved_model_schema_version", "meta_graphs"})
_META_GRAPH_FIELDS: Final = frozenset(
    {"meta_info_def", "graph_def", "saver_def", "collection_def", "signature_def", "asset_file_def", "object_graph_def"}
)
_GRAPH_DEF_FIELDS: Final = frozenset({"node", "versions", "library", "version", "debug_info"})


def parse_text(buf: Buffer) -> Tuple[str, Decoded]:
    """('SavedModel' or 'MetaGraphDef', the parsed message) of a text-format file."""
    parser = _Parser(buf)
    if buf[:3] == b"\xef\xbb\xbf":
        parser.pos = 3  # a UTF-8 byte order mark, as some editors write
    start = parser.pos
    kind = parser.classify()
    parser.pos = start
    message = COMPILED[f"tensorflow.{kind}"]
    out = message.new()
    try:
        parser.message(message, out, 0, -1, 0)
    except DecodeError as exc:
        exc._add_segment(kind)
        exc.msg = f"bad text-format {kind}: {exc.msg}"
        raise
    return kind, out


# Why _string_end refuses a string literal; protobuf's C++ tokenizer refuses both.
_NEVER_ENDING: Final = -1
_RAW_NUL: Final = -2
_STRING_REFUSALS: Final = {
    _NEVER_ENDING: "never-ending string: no closing quote before the end of its line",
    _RAW_NUL: "a raw NUL byte inside a string: protobuf's C++ parser ends the string there (write \\0)",
}


def _string_end(buf: Buffer, pos: int, end: int) -> int:
    """Just past the string literal whose quote is at ``pos``, or a key of ``_STRING_REFUSALS``.

    ``_NEVER_ENDING`` when its line (or the file) ends first, ``_RAW_NUL`` when it holds a NUL byte.

    A search for the quote, then a look back at the backslashes before it (an odd run escapes it): linear and
    without memory. The regex it replaces kept backtracking state for every character, so a never-ending
    string of a megabyte took 120 MB.
    """
    quote = buf[pos : pos + 1]
    search = pos + 1
    while True:
        close = buf.find(quote, search, end)
        if close < 0:
            return _NEVER_ENDING
        backslash = close
        while buf[backslash - 1] == 0x5C:  # stops at the opening quote at the latest
            backslash -= 1
        if (close - backslash) % 2 == 0:
            break
        search = close + 1
    if buf.find(b"\n", pos, close) >= 0:
        return _NEVER_ENDING
    if buf.find(b"\x00", pos, close) >= 0:
        return _RAW_NUL
    return close + 1


def _bracketed_name(buf: Buffer, pos: int, end: int) -> Optional[Tuple[str, int]]:
    """Read ``[a.b/c.D]`` at ``pos``: the name, blanks and comments dropped, and the position after ``]``; or None.

    C++ reads it token by token, so blanks and comments may stand around the dots and the slash.
    """
    if buf[pos : pos + 1] != b"[":
        return None
    parts: List[bytes] = []
    pos += 1
    while True:
        pos = _blank_end(buf, pos, end)
        part = _NAME_PART.match(buf, pos, end)
        if part is None:
            return None
        parts.append(bytes(part.group()))
        pos = _blank_end(buf, part.end(), end)
        separator = buf[pos] if pos < end else -1
        if separator == 0x5D:  # ']'
            return b"".join(parts).decode("ascii"), pos + 1
        if separator not in (0x2E, 0x2F):  # '.', '/'
            return None
        parts.append(b"." if separator == 0x2E else b"/")
        pos += 1


def _blank_end(buf: Buffer, pos: int, end: int) -> int:
    """Skip blanks and ``#`` comments from ``pos``; return where the next token starts."""
    match = _BLANK.match(buf, pos, end)
    assert match is not None  # the pattern matches the empty string
    return match.end()


def _unescape(raw: bytes, pos: int) -> bytes:
    """The bytes a C-escaped string literal (without its quotes) stands for, as protobuf's C++ tokenizer reads it."""

    def replace(match: re.Match[bytes]) -> bytes:
        octal, hex_digits, high, low, short_unicode, long_unicode, other = match.groups()
        if octal is not None:
            return bytes((int(octal, 8) & 0xFF,))  # C++ keeps the low byte of \400-\777
        if hex_digits is not None:
            return bytes((int(hex_digits, 16),))
        if high is not None:
            code = 0x10000 + ((int(high, 16) - 0xD800) << 10) + (int(low, 16) - 0xDC00)
            return chr(code).encode("utf-8")
        if short_unicode is not None or long_unicode is not None:
            code = int(short_unicode or long_unicode, 16)
            if code > 0x10FFFF:
                raise DecodeError(f"invalid escape {match.group().decode()}: past U+10FFFF", pos + match.start())
            return chr(code).encode("utf-8", "surrogatepass")  # a lone surrogate, written as C++ writes it
        escaped = _SIMPLE_ESCAPES.get(other)
        if escaped is None:
            shown = other.decode("latin-1")
            raise DecodeError(f"invalid escape \\{shown} in a string", pos + match.start())
        return escaped

    return _ESCAPE.sub(replace, raw)


def _text_fields(message: CompiledMessage) -> Dict[str, FieldInfo]:
    """Field name -> (field, message of its value, map info) of a compiled message, built on first use."""
    cached = _FIELDS_CACHE.get(message.name)
    if cached is None:
        cached = {}
        for field in message.schema.fields:
            sub = COMPILED[field.ref] if field.type == MESSAGE else None
            entry = None
            if field.type == MAP:
                op, _, entry = message.table[tag_of(field.number, WIRETYPE_LENGTH_DELIMITED)]
                assert op == OP_MAP
            cached[field.name] = (field, sub, entry)
        _FIELDS_CACHE[message.name] = cached
    return cached


_FIELDS_CACHE: Final[Dict[str, Dict[str, FieldInfo]]] = {}


class _Parser:
    """A position in the text, and the rules for reading each kind of value there."""

    __slots__ = ("buf", "end", "pos")

    def __init__(self, buf: Buffer) -> None:
        self.buf = buf
        self.pos = 0
        self.end = len(buf)

    # -- tokens -------------------------------------------------------------

    def blank(self) -> None:
        match = _BLANK.match(self.buf, self.pos, self.end)
        assert match is not None  # the pattern matches the empty string
        self.pos = match.end()

    def peek(self) -> int:
        return self.buf[self.pos] if self.pos < self.end else -1

    def take(self, char: str) -> bool:
        """Consume *char* after blanks if it is next."""
        self.blank()
        if self.peek() == ord(char):
            self.pos += 1
            return True
        return False

    def where(self, pos: int) -> str:
        """'line L, column C' of a byte offset, counted in chunks so a huge memory map is never copied whole."""
        line, start, chunk = 1, 0, 1 << 24
        while start < pos:
            piece = bytes(self.buf[start : min(pos, start + chunk)])
            line += piece.count(b"\n")
            start += len(piece)
        line_start = self.buf.rfind(b"\n", 0, pos) + 1
        return f"line {line}, column {pos - line_start + 1}"

    def describe(self) -> str:
        """The token at the current position, for error messages."""
        if self.pos >= self.end:
            return "the end of the file"
        for pattern in (_IDENT, _WORD, _STRING):
            match = pattern.match(self.buf, self.pos, min(self.end, self.pos + 40))
            if match:
                return repr(match.group().decode("utf-8", "replace"))
        return repr(chr(self.buf[self.pos]))

    def error(self, msg: str, pos: Optional[int] = None, field: Optional[str] = None) -> DecodeError:
        pos = self.pos if pos is None else pos
        return DecodeError(f"{msg} at {self.where(pos)}", pos, field)

    def strings(self, name: str) -> Tuple[bytes, int]:
        """One or more adjacent string literals, concatenated and unescaped."""
        self.blank()
        start = self.pos
        parts: List[bytes] = []
        while self.peek() in _QUOTES:
            after = _string_end(self.buf, self.pos, self.end)
            if after < 0:
                raise self.error(_STRING_REFUSALS[after], field=name)
            raw = bytes(self.buf[self.pos + 1 : after - 1])
            parts.append(_unescape(raw, self.pos + 1) if b"\\" in raw else raw)
            self.pos = after
            self.blank()
        if not parts:
            raise self.error(f"expected a string, found {self.describe()}", field=name)
        return b"".join(parts), start

    def word(self, name: str, what: str) -> Tuple[str, int]:
        """A number or identifier value, with its sign: ('-12', position)."""
        self.blank()
        start = self.pos
        sign = ""
        if self.peek() == ord("-"):
            sign = "-"
            self.pos += 1
            self.blank()
        match = _WORD.match(self.buf, self.pos, self.end)
        if match is None:
            raise self.error(f"expected {what}, found {self.describe()}", field=name)
        self.pos = match.end()
        return sign + match.group().decode("ascii"), start

    def classify(self) -> str:
        """'SavedModel' or 'MetaGraphDef', from the first top-level field name that tells; else a DecodeError."""
        seen: List[str] = []
        graph_field, graph_at = "", 0  # a GraphDef's field: a GraphDef, unless a later field says otherwise
        first = self.pos
        while len(seen) < 20:
            self.blank()
            at = self.pos
            match = _IDENT.match(self.buf, self.pos, self.end)
            if match is not None:
                name, after = match.group().decode("ascii"), match.end()
            else:
                bracketed = _bracketed_name(self.buf, self.pos, self.end)
                if bracketed is None:
                    break
                name, after = f"[{bracketed[0]}]", bracketed[1]
            if name in _SAVED_MODEL_FIELDS:
                return "SavedModel"
            if name in _META_GRAPH_FIELDS:
                return "MetaGraphDef"
            if name in _GRAPH_DEF_FIELDS and not graph_field:
                graph_field, graph_at = name, at
            # A field neither message has: look further (a newer writer may put a new field first).
            seen.append(name)
            self.pos = after
            try:
                self.skip_value(name)
            except DecodeError:
                break
            self.take(",") or self.take(";")
        if graph_field:
            raise DecodeError(
                f"a text-format GraphDef (its field {graph_field!r}), not a MetaGraphDef or SavedModel; "
                "a GraphDef has no collections",
                graph_at,
            )
        if seen:
            found = "its fields are " + ", ".join(map(repr, seen))
        elif self.pos >= self.end:
            found = "it has no fields, only blanks and comments"  # protobuf reads it as an empty message of any type
        else:
            found = f"it starts with {self.describe()}"  # after blanks and comments, so point there
            first = self.pos
        raise DecodeError(f"a text file, but neither a MetaGraphDef nor a SavedModel in text format: {found}", first)

    # -- values -------------------------------------------------------------

    def scalar(self, field: Field) -> Any:
        kind, name = field.type, field.name
        if kind in (STRING, BYTES):
            data, start = self.strings(name)
            if kind == BYTES:
                return data
            try:
                return data.decode()
            except UnicodeDecodeError as exc:
                raise self.error(f"invalid UTF-8 in string field: {exc.reason}", start, name) from None
        if kind in (INT32, INT64):
            text, start = self.word(name, "an integer")
            value = _parse_int(text)
            if value is None:
                raise self.error(f"expected an integer, found {_shown(text)}", start, name)
            low, high = _INT_RANGES[kind]
            if not low <= value <= high:
                raise self.error(f"integer {_shown(text, quote=False)} out of range for an {kind} field", start, name)
            return value
        if kind == FLOAT:
            text, start = self.word(name, "a number")
            number = _parse_float(text)
            if number is None:
                raise self.error(f"expected a number, found {_shown(text)}", start, name)
            try:
                return _float32.unpack(_float32.pack(number))[0]  # a float field holds 32 bits, as in C++
            except OverflowError:
                return float("inf") if number > 0 else float("-inf")
        if kind == BOOL:
            text, start = self.word(name, "true or false")
            if text in _TRUE:
                return True
            if text in _FALSE:
                return False
            raise self.error(f"expected true or false, found {_shown(text)}", start, name)
        # ENUM: a value name, or a number (proto3 enums are open: unknown numbers are kept)
        text, start = self.word(name, "an enum value")
        numbers = ENUM_NUMBERS[field.ref]
        if text in numbers:
            return text
        value = _parse_int(text)
        if value is not None:
            if not -(1 << 31) <= value < (1 << 31):
                raise self.error(f"enum number {_shown(text, quote=False)} out of range", start, name)
            return ENUM_NAMES[field.ref].get(value, value)
        raise self.error(f"{field.ref} has no value named {_shown(text)}", start, name)

    def open_brace(self, name: str) -> int:
        """Consume '{' or '<'; return the closing character's code."""
        self.blank()
        closer = _OPEN_TO_CLOSE.get(self.peek())
        if closer is None:
            raise self.error(f"expected '{{' to open message field {name!r}, found {self.describe()}", field=name)
        self.pos += 1
        return closer

    def skip_balanced(self, name: str) -> None:
        """Pass over one '{...}' or '<...>' without parsing it: only braces, strings and comments matter."""
        buf, start = self.buf, self.pos
        # The closers still owed, one byte per open brace: a million open braces cost a megabyte, not the 46 MB
        # of a list of their positions. Where a brace opened is worked out again only for an error.
        closers = bytearray()
        for pos, char in self._braces(start, name):
            if char in _OPEN_TO_CLOSE:
                closers.append(_OPEN_TO_CLOSE[char])
            elif char != closers[-1]:
                opened = self._innermost_open(start, pos, len(closers), name)
                raise self.error(
                    f"unbalanced braces: {chr(char)!r} closes the {chr(buf[opened])!r} at {self.where(opened)}",
                    pos,
                    name,
                )
            else:
                closers.pop()
                if not closers:
                    self.pos = pos + 1
                    return
        opened = self._innermost_open(start, self.end, len(closers), name)
        raise self.error(
            f"unbalanced braces: the {chr(buf[opened])!r} at {self.where(opened)} is never closed; the file ends first",
            self.end,
            name,
        )

    def _braces(self, pos: int, name: str) -> Iterator[Tuple[int, int]]:
        """(position, character) of each brace from ``pos`` to the end, passing over strings and comments."""
        buf, end = self.buf, self.end
        search = _SCAN_STOP.search
        while True:
            stop = search(buf, pos, end)
            if stop is None:
                return
            pos = stop.start()
            char = buf[pos]
            if char in _QUOTES:
                after = _string_end(buf, pos, end)
                if after < 0:
                    self.pos = pos
                    raise self.error(_STRING_REFUSALS[after], field=name)
                pos = after
            elif char == 0x23:  # '#': a comment runs to the end of the line
                newline = buf.find(b"\n", pos, end)
                pos = end if newline < 0 else newline + 1
            else:
                yield pos, char
                pos += 1

    def _innermost_open(self, start: int, stop: int, depth: int, name: str) -> int:
        """Where the brace still open at ``depth`` before ``stop`` opened: the last one that took the depth there
        (after it, the depth never fell below, or it would have been closed)."""
        level, opened = 0, start
        for pos, char in self._braces(start, name):
            if pos >= stop:
                break
            if char in _OPEN_TO_CLOSE:
                level += 1
                if level == depth:
                    opened = pos
            else:
                level -= 1
        return opened

    def skip_value(self, name: str) -> None:
        """Pass over the value of a field the schema does not know (after its name)."""
        has_colon = self.take(":")
        self.blank()
        char = self.peek()
        if char in _OPEN_TO_CLOSE:
            self.skip_balanced(name)
        elif not has_colon:
            raise self.error(f"expected ':' or '{{' after field {name!r}, found {self.describe()}", field=name)
        elif char == ord("["):
            self.pos += 1

            def skip_item() -> None:
                self.blank()
                if self.peek() in _OPEN_TO_CLOSE:
                    self.skip_balanced(name)
                else:
                    self.skip_scalar(name)

            self.list_items(name, skip_item)
        else:
            self.skip_scalar(name)

    def skip_scalar(self, name: str) -> None:
        if self.peek() in _QUOTES:
            self.strings(name)
            return
        # What C++'s tokenizer takes as one value: an identifier or a number ("1.5e1.5" is neither).
        word, at = self.word(name, "a value")
        if not word.isidentifier() and _parse_int(word) is None and _parse_float(word) is None:
            raise self.error(f"expected a value for field {name!r}, found {_shown(word)}", at, name)

    def list_items(self, name: str, read_item: Callable[[], None]) -> None:
        """The items of a list ``[a, b]`` whose ``[`` has been read, up to its ``]``.

        As in protobuf: ``[]`` is empty, items are separated by ``,``, and no ``,`` may trail.
        """
        if self.take("]"):
            return
        while True:
            read_item()
            if self.take("]"):
                return
            if not self.take(","):
                raise self.error(f"expected ',' or ']' in the list of {name!r}, found {self.describe()}")

    # -- messages -----------------------------------------------------------

    def message(self, message: CompiledMessage, out: Decoded, depth: int, closer: int, opened_at: int) -> None:
        """Read fields into *out* up to *closer* (-1: the end of the file)."""
        if depth > MAX_DEPTH:
            raise self.error(f"nesting deeper than {MAX_DEPTH} messages")
        fields = _text_fields(message)
        while True:
            self.blank()
            char = self.peek()
            if char == closer:
                self.pos += 1
                return
            if char == -1:
                raise self.error(
                    f"unbalanced braces: the {chr(self.buf[opened_at])!r} at {self.where(opened_at)} "
                    "is never closed; the file ends first",
                    self.end,
                )
            if char == ord("["):
                if self.extension_or_any(message, out, depth):
                    # protobuf (C++ and Python) returns right after an expanded Any, taking no separator.
                    self.blank()
                    separator = self.peek()
                    if separator in (ord(","), ord(";")):
                        raise self.error(f"{chr(separator)!r} after an expanded Any: protobuf takes no separator there")
                    continue
            else:
                match = _IDENT.match(self.buf, self.pos, self.end)
                if match is None:
                    if char in (ord("}"), ord(">")):
                        raise self.error(f"unbalanced braces: {chr(char)!r} closes nothing")
                    raise self.error(f"expected a field name of {message.short_name}, found {self.describe()}")
                name = match.group().decode("ascii")
                self.pos = match.end()
                known = fields.get(name)
                if known is None:
                    self.skip_value(name)
                else:
                    self.field(known, out, depth, message, fields, match.start())
            # Fields may be separated by ',' or ';'.
            self.blank()
            if self.peek() in (ord(","), ord(";")):
                self.pos += 1

    def check_singular(
        self, field: Field, out: Decoded, message: CompiledMessage, fields: Dict[str, FieldInfo], at: int
    ) -> None:
        """protobuf's text parser: a non-repeated field that is already set may not be given again."""
        name = field.name
        value = out[name]
        if field.oneof:
            for other, (sibling, _, _) in fields.items():
                if sibling.oneof == field.oneof and other != name and out[other] is not None:
                    raise self.error(
                        f"field {name!r} is given along with {other!r}, another member of oneof {field.oneof!r}",
                        at,
                        name,
                    )
        # proto3 presence: a message or oneof member once given; a scalar once it differs from its default.
        # -0.0 is given, not the default 0.0: presence goes by the bits, as in C++ and upb.
        has_value = value is not None and (
            field.type in (MESSAGE, SKIPPED)
            or field.oneof
            or value != message.defaults[name]
            or (field.type == FLOAT and math.copysign(1.0, value) < 0)
        )
        if has_value:
            raise self.error(f"non-repeated field {name!r} is given more than once", at, name)

    def field(
        self,
        known: FieldInfo,
        out: Decoded,
        depth: int,
        message: CompiledMessage,
        fields: Dict[str, FieldInfo],
        at: int,
    ) -> None:
        """Read the value of a known field, whose name starts at *at*, into *out*."""
        field = known[0]
        name, kind = field.name, field.type
        has_colon = self.take(":")
        self.blank()
        if kind in (MESSAGE, MAP, SKIPPED):
            if has_colon and self.peek() == ord("[") and (field.repeated or kind == MAP):
                self.pos += 1
                self.list_items(name, lambda: self.one_message(known, out, depth))
                return
            if not field.repeated and kind != MAP:
                self.check_singular(field, out, message, fields, at)
            self.one_message(known, out, depth)
            return
        if not has_colon:
            raise self.error(f"expected ':' after field {name!r}, found {self.describe()}", field=name)
        if field.repeated:
            values = out[name]
            if self.peek() == ord("["):
                self.pos += 1
                self.list_items(name, lambda: values.append(self.scalar(field)))
            else:
                values.append(self.scalar(field))
            return
        self.check_singular(field, out, message, fields, at)
        out[name] = self.scalar(field)

    def one_message(self, known: FieldInfo, out: Decoded, depth: int) -> None:
        field, sub_message, entry = known
        name = field.name
        self.blank()
        opened_at = self.pos
        if field.type == SKIPPED:
            self.blank()
            if self.peek() not in _OPEN_TO_CLOSE:
                raise self.error(f"expected '{{' to open message field {name!r}, found {self.describe()}", field=name)
            self.skip_balanced(name)
            out[name] = {"type": field.ref, "offset": opened_at, "size": self.pos - opened_at}
            return
        closer = self.open_brace(name)
        if field.type == MAP:
            entry_message, value_message = entry
            item = entry_message.new()
            self.nested(entry_message, item, depth, closer, opened_at, name, None)
            value = item["value"]
            if value is None and value_message is not None:
                value = value_message.new()  # an absent message value is an empty message
            out[name][item["key"]] = value
            return
        assert sub_message is not None
        item = sub_message.new()
        if field.repeated:
            items = out[name]
            self.nested(sub_message, item, depth, closer, opened_at, name, len(items))
            items.append(item)
        else:
            self.nested(sub_message, item, depth, closer, opened_at, name, None)
            out[name] = item

    def nested(
        self,
        message: CompiledMessage,
        out: Decoded,
        depth: int,
        closer: int,
        opened_at: int,
        name: str,
        index: Optional[int],
    ) -> None:
        try:
            self.message(message, out, depth + 1, closer, opened_at)
        except DecodeError as exc:
            if index is not None:
                exc._add_segment(index)
            exc._add_segment(name)
            raise

    def extension_or_any(self, message: CompiledMessage, out: Decoded, depth: int) -> bool:
        """'[type.googleapis.com/tensorflow.X] { ... }' inside an Any, or an extension (skipped).

        Returns whether it was an expanded Any.
        """
        start = self.pos
        bracketed = _bracketed_name(self.buf, self.pos, self.end)
        if bracketed is None:
            raise self.error(f"expected a field name of {message.short_name}, found {self.describe()}")
        url, self.pos = bracketed
        if message.name != "google.protobuf.Any":
            self.skip_value(f"[{url}]")  # an extension: unknown to this reader, skipped like unknown fields
            return False
        if "/" not in url:  # C++ reads "[...]" in an Any as a type URL only
            raise self.error(f"expected a type URL such as [type.googleapis.com/{url}] in an Any, found [{url}]")
        if out["type_url"] or out["value"]:
            raise self.error("an Any given both expanded and by its fields, or expanded twice", start)
        type_name = url.rpartition("/")[2]
        value_message = COMPILED.get(type_name)
        self.take(":")
        self.blank()
        opened_at = self.pos
        value: Decoded
        if value_message is None:
            # A type the library has no schema for: its text cannot be turned back into bytes.
            # Report where it lies, as for the never-parsed fields.
            if self.peek() not in _OPEN_TO_CLOSE:
                raise self.error(f"expected '{{' to open {url!r}, found {self.describe()}")
            self.skip_balanced(url)
            value = {"type": type_name, "offset": opened_at, "size": self.pos - opened_at}
        else:
            closer = self.open_brace(url)
            value = value_message.new()
            self.nested(value_message, value, depth, closer, opened_at, "value", None)
        out["type_url"] = url
        out["value"] = value
        return True


def _shown(text: str, quote: bool = True) -> str:
    """A token for an error message: whole up to 40 characters, else its start and its length."""
    if len(text) > 40:
        return f"{text[:40]!r}... ({len(text):,} characters)"
    return repr(text) if quote else text


def _parse_int(text: str) -> Optional[int]:
    """An integer as protobuf's text format writes it (decimal, 0x hex, 0 octal), or None."""
    digits = text[1:] if text.startswith("-") else text
    if not _INTEGER.fullmatch(digits):
        return None
    base = 16 if digits[1:2] in ("x", "X") else 8 if digits.startswith("0") else 10
    # Past 20 decimal digits a number is above 2**64, out of every range; and int() refuses to convert
    # more than 4,300 decimal digits (Python 3.11 and later), so do not ask it to.
    value = 1 << 64 if base == 10 and len(digits) > 20 else int(digits, base)
    return -value if digits is not text else value


def _parse_float(text: str) -> Optional[float]:
    """A number for a float field (decimal with an optional f suffix, an integer, inf or nan), or None."""
    digits = text[1:] if text.startswith("-") else text
    number = _FLOAT_WORDS.get(digits.lower())
    if number is None:
        if _parse_int(digits) is not None:
            # C++ (ConsumeUnsignedDecimalAsDouble) takes decimal integers only here: "0x1F" and "017" are
            # errors. float() of the digits, not of an int: past 1e308 that is inf, as strtod gives, not an error.
            if digits[:2] in ("0x", "0X") or (digits[:1] == "0" and digits[1:2].isdigit()):
                return None
            number = float(digits)
        else:
            suffixed = digits[-1:] in ("f", "F")
            core = digits[:-1] if suffixed else digits
            if not _FLOAT.fullmatch(core):
                return None
            # C++'s tokenizer (ConsumeNumber): a leading 0 and a digit make an octal integer, so "08", "00.5"
            # and "00f" are errors; any decimal number may end in f, which makes it a float: "1f", "0f", "1.5f".
            if core[:1] == "0" and core[1:2].isdigit():
                return None
            number = float(core)
    return -number if digits is not text else number
