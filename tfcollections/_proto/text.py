# SPDX-License-Identifier: Apache-2.0
"""Protobuf text format: ``export_meta_graph(as_text=True)`` and ``saved_model.pbtxt``.

Strategy: a recursive-descent parser over the raw bytes (a ``bytes`` object or the file's memory map:
the file is never read whole or decoded as a whole), driven by the same compiled schemas as the binary
decoder and producing the very same dicts, so everything downstream cannot tell text from binary. It
is built in three layers, as protobuf's ``text_format.py`` and packaging's parser are:

- ``textscan``: token patterns, pure scanners and the values of tokens (numbers, escapes);
- ``TextTokens``: a position in the text and what can be read there without a message: blanks, strings,
  words, lists, a scalar field's value, and the values of unknown fields, passed over (the file reader
  uses it to tell a MetaGraphDef from a SavedModel);
- ``_Parser``: the grammar, one method per rule, each named for what it reads and opening with the
  rule, over the compiled fields of ``compiled``; protobuf's rule for a field given twice beside it.

Fields the schema marks "skipped" (``graph_def`` and friends, often most of the file) are passed over by
a scan that only stops at braces, quotes and comments, so their size costs a C-speed search, not a token
loop; they are reported as ``{type, offset, size}`` with text offsets. The rules follow protobuf's C++
text parser, which is what TensorFlow reads these files with: C escapes in strings (octal, hex, ``\\u``),
adjacent strings concatenated, ``:`` optional before a message, ``{}`` or ``<>`` around one, ``[a, b]``
lists for repeated fields, enums by name or number, a non-repeated field given twice is an error. Fields
the schema does not know are skipped, as the binary reader skips unknown fields.
"""

from __future__ import annotations

import math

from .._errors import DecodeError
from .compiled import ANY_TYPES, COMPILED, ENUM_NAMES, ENUM_NUMBERS, CompiledField, CompiledMessage
from .schema import (
    BOOL,
    BYTES,
    DOUBLE,
    FIXED32,
    FLOAT,
    INT32,
    INT64,
    MAP,
    MESSAGE,
    SKIPPED,
    STRING,
    UINT32,
    UINT64,
    Field,
)
from .textscan import (
    BLANK,
    FALSE,
    IDENT,
    OPEN_TO_CLOSE,
    QUOTES,
    STRING_LITERAL,
    STRING_REFUSALS,
    TRUE,
    WORD,
    balanced_end,
    bracketed_name,
    line_and_column,
    parse_float,
    parse_int,
    shown_token,
    string_end,
    to_float32,
    unescape,
    where,
)
from .wire import MAX_DEPTH

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Final, List, Optional, Tuple

    from .._typing import Buffer, Decoded


_INT_RANGES: Final = {
    INT32: (-(1 << 31), (1 << 31) - 1), INT64: (-(1 << 63), (1 << 63) - 1),
    UINT32: (0, (1 << 32) - 1), UINT64: (0, (1 << 64) - 1), FIXED32: (0, (1 << 32) - 1),
}  # fmt: skip
_SEPARATORS: Final = (ord(","), ord(";"))


def parse_text(buf: Buffer, kind: str, start: int) -> Decoded:
    """Read the text-format message *kind* ('SavedModel' or 'MetaGraphDef') from byte *start* to the end."""
    parser = _Parser(buf)
    parser.pos = start
    message = COMPILED[f"tensorflow.{kind}"]
    out = message.new()
    try:
        parser.read_message(message, out, 0, -1, 0)
    except DecodeError as exc:
        exc._add_segment(kind)
        raise
    return out


def parse_text_value(buf: Buffer, offset: int, type_name: str, depth: int) -> Decoded:
    """Read the message value (``{...}`` or ``<...>``) at byte *offset* as *type_name*, *depth* levels deep.

    The file reader passes over ``graph_def`` and ``object_graph_def`` and records where their value
    lies; this reads one of them when it is asked for. Errors carry the path inside the value.
    """
    parser = _Parser(buf)
    parser.pos = offset
    message = COMPILED[type_name]
    out = message.new()
    closer = parser.open_brace(message.short_name)
    parser.read_message(message, out, depth, closer, offset)
    return out


class TextTokens:
    """A position in the text, and what can be read there without knowing the message: the token layer."""

    __slots__ = ("buf", "end", "pos")

    def __init__(self, buf: Buffer) -> None:
        self.buf = buf
        self.pos = 0
        self.end = len(buf)

    def skip_blanks(self) -> None:
        match = BLANK.match(self.buf, self.pos, self.end)
        assert match is not None  # the pattern matches the empty string
        self.pos = match.end()

    def peek(self) -> int:
        """Return the byte at the position, or -1 at the end."""
        return self.buf[self.pos] if self.pos < self.end else -1

    def take(self, char: str) -> bool:
        """Consume *char* after blanks if it is next; return whether it was."""
        self.skip_blanks()
        if self.peek() == ord(char):
            self.pos += 1
            return True
        return False

    def describe(self) -> str:
        """Return the token at the position, as error messages show it."""
        if self.pos >= self.end:
            return "the end of the file"
        for pattern in (IDENT, WORD, STRING_LITERAL):
            match = pattern.match(self.buf, self.pos, min(self.end, self.pos + 40))
            if match:
                return repr(match.group().decode("utf-8", "replace"))
        return repr(chr(self.buf[self.pos]))

    def error(self, msg: str, pos: Optional[int] = None, field: Optional[str] = None) -> DecodeError:
        """Return a DecodeError at *pos* (default: the position), with its line and column."""
        pos = self.pos if pos is None else pos
        line, column = line_and_column(self.buf, pos)
        return DecodeError(msg, pos, field, lineno=line, colno=column)

    def read_strings(self, name: str) -> Tuple[bytes, int]:
        """Read one or more adjacent string literals: their bytes, concatenated and unescaped, and where they start.

        strings = STRING+
        """
        self.skip_blanks()
        start = self.pos
        parts: List[bytes] = []
        while self.peek() in QUOTES:
            after = string_end(self.buf, self.pos, self.end)
            if after < 0:
                raise self.error(STRING_REFUSALS[after], field=name)
            raw = bytes(self.buf[self.pos + 1 : after - 1])
            if b"\\" in raw:
                try:
                    raw = unescape(raw, self.pos + 1)
                except DecodeError as exc:
                    raise self.error(exc.msg, exc.pos, name) from None
            parts.append(raw)
            self.pos = after
            self.skip_blanks()
        if not parts:
            raise self.error(f"expected a string, found {self.describe()}", field=name)
        return b"".join(parts), start

    def read_word(self, name: str, what: str) -> Tuple[str, int]:
        """Read a number or identifier value with its sign (``'-12'``), and where it starts.

        word = "-"? WORD
        """
        self.skip_blanks()
        start = self.pos
        sign = ""
        if self.peek() == ord("-"):
            sign = "-"
            self.pos += 1
            self.skip_blanks()
        match = WORD.match(self.buf, self.pos, self.end)
        if match is None:
            raise self.error(f"expected {what}, found {self.describe()}", field=name)
        self.pos = match.end()
        return sign + match.group().decode("ascii"), start

    def read_list(self, name: str, read_item: Callable[[], None]) -> None:
        """Read the items of a list whose ``[`` has been read, up to its ``]``.

        list_rest = "]" | item ( "," item )* "]"   (as in protobuf: no "," may trail)
        """
        if self.take("]"):
            return
        while True:
            read_item()
            if self.take("]"):
                return
            if not self.take(","):
                raise self.error(f"expected ',' or ']' in the list of {name!r}, found {self.describe()}")

    def open_brace(self, name: str) -> int:
        """Consume ``{`` or ``<``; return the code of the character that closes it."""
        self.skip_blanks()
        closer = OPEN_TO_CLOSE.get(self.peek())
        if closer is None:
            raise self.error(f"expected '{{' to open message field {name!r}, found {self.describe()}", field=name)
        self.pos += 1
        return closer

    def skip_balanced(self, name: str) -> None:
        """Pass over one ``{...}`` or ``<...>`` without parsing it: only braces, strings and comments matter."""
        try:
            self.pos = balanced_end(self.buf, self.pos, self.end)
        except DecodeError as exc:
            raise self.error(exc.msg, exc.pos, name) from None

    def skip_value(self, name: str) -> None:
        """Pass over the value of a field the schema does not know, whose name has been read.

        unknown_value = ":"? block | ":" "[" ( ( block | scalar ) ( "," ... )* )? "]" | ":" scalar
        """
        has_colon = self.take(":")
        self.skip_blanks()
        char = self.peek()
        if char in OPEN_TO_CLOSE:
            self.skip_balanced(name)
        elif not has_colon:
            raise self.error(f"expected ':' or '{{' after field {name!r}, found {self.describe()}", field=name)
        elif char == ord("["):
            self.pos += 1

            def skip_item() -> None:
                self.skip_blanks()
                if self.peek() in OPEN_TO_CLOSE:
                    self.skip_balanced(name)
                else:
                    self.skip_scalar(name)

            self.read_list(name, skip_item)
        else:
            self.skip_scalar(name)

    def skip_scalar(self, name: str) -> None:
        """Pass over one scalar value: what C++'s tokenizer takes as one token ("1.5e1.5" is none).

        scalar = strings | word
        """
        if self.peek() in QUOTES:
            self.read_strings(name)
            return
        word, at = self.read_word(name, "a value")
        if not word.isidentifier() and parse_int(word) is None and parse_float(word) is None:
            raise self.error(f"expected a value for field {name!r}, found {shown_token(word)}", at, name)


def read_scalar(tokens: TextTokens, field: Field) -> Any:
    """Read one value of a scalar field from *tokens*, checked and converted as C++ does.

    scalar = strings (string, bytes) | word (numbers, bools, enum names and numbers)
    """
    kind, name = field.type, field.name
    if kind in (STRING, BYTES):
        data, start = tokens.read_strings(name)
        if kind == BYTES:
            return data
        try:
            return data.decode()
        except UnicodeDecodeError as exc:
            raise tokens.error(f"invalid UTF-8 in string field: {exc.reason}", start, name) from None
    if kind in _INT_RANGES:
        text, start = tokens.read_word(name, "an integer")
        value = parse_int(text)
        if value is None:
            raise tokens.error(f"expected an integer, found {shown_token(text)}", start, name)
        low, high = _INT_RANGES[kind]
        if not low <= value <= high:
            shown = shown_token(text, quote=False)
            article = "an" if kind.startswith("i") else "a"  # an int32, a uint64, a fixed32
            raise tokens.error(f"integer {shown} out of range for {article} {kind} field", start, name)
        return value
    if kind in (FLOAT, DOUBLE):
        text, start = tokens.read_word(name, "a number")
        number = parse_float(text)
        if number is None:
            raise tokens.error(f"expected a number, found {shown_token(text)}", start, name)
        return to_float32(number) if kind == FLOAT else number
    if kind == BOOL:
        text, start = tokens.read_word(name, "true or false")
        if text in TRUE:
            return True
        if text in FALSE:
            return False
        raise tokens.error(f"expected true or false, found {shown_token(text)}", start, name)
    # ENUM: a value name, or a number (proto3 enums are open: unknown numbers are kept)
    text, start = tokens.read_word(name, "an enum value")
    numbers = ENUM_NUMBERS[field.ref]
    if text in numbers:
        return text
    value = parse_int(text)
    if value is not None:
        if not -(1 << 31) <= value < (1 << 31):
            raise tokens.error(f"enum number {shown_token(text, quote=False)} out of range", start, name)
        return ENUM_NAMES[field.ref].get(value, value)
    raise tokens.error(f"{field.ref} has no value named {shown_token(text)}", start, name)


class _Parser(TextTokens):
    """The grammar: reads fields into the dicts of the compiled messages."""

    __slots__ = ()

    def read_message(self, message: CompiledMessage, out: Decoded, depth: int, closer: int, opened_at: int) -> None:
        """Read fields into *out* up to *closer* (-1: the end of the file); *opened_at* is where it opened.

        message = ( ( field | "[" name "]" any_or_extension ) ( "," | ";" )? )* closer
        """
        if depth > MAX_DEPTH:
            raise self.error(f"nesting deeper than {MAX_DEPTH} messages")
        fields = message.fields
        while True:
            self.skip_blanks()
            char = self.peek()
            if char == closer:
                self.pos += 1
                return
            if char == -1:
                raise self.error(
                    f"unbalanced braces: the {chr(self.buf[opened_at])!r} at {where(self.buf, opened_at)} "
                    "is never closed; the file ends first",
                    self.end,
                )
            if char == ord("["):
                if self.read_any_or_extension(message, out, depth):
                    # protobuf (C++ and Python) returns right after an expanded Any, taking no separator.
                    self.skip_blanks()
                    separator = self.peek()
                    if separator in _SEPARATORS:
                        raise self.error(f"{chr(separator)!r} after an expanded Any: protobuf takes no separator there")
                    continue
            else:
                match = IDENT.match(self.buf, self.pos, self.end)
                if match is None:
                    if char in (ord("}"), ord(">")):
                        raise self.error(f"unbalanced braces: {chr(char)!r} closes nothing")
                    raise self.error(f"expected a field name of {message.short_name}, found {self.describe()}")
                name = match.group().decode("ascii")
                self.pos = match.end()
                info = fields.get(name)
                if info is None:
                    self.skip_value(name)
                else:
                    self.read_field(info, out, depth, message, match.start())
            self.skip_blanks()
            if self.peek() in _SEPARATORS:
                self.pos += 1

    def read_field(self, info: CompiledField, out: Decoded, depth: int, message: CompiledMessage, at: int) -> None:
        """Read the value of a known field, whose name starts at *at* and has been read, into *out*.

        field = NAME ":"? message_value | NAME ":" "[" message_value ( "," message_value )* "]"
              | NAME ":" scalar | NAME ":" "[" scalar ( "," scalar )* "]"
        """
        field = info.field
        name, kind = field.name, field.type
        has_colon = self.take(":")
        self.skip_blanks()
        if kind in (MESSAGE, MAP, SKIPPED):
            if has_colon and self.peek() == ord("[") and (field.repeated or kind == MAP):
                self.pos += 1
                self.read_list(name, lambda: self.read_message_value(info, out, depth))
                return
            if not field.repeated and kind != MAP:
                _check_not_given(self, info, out, message, at)
            self.read_message_value(info, out, depth)
            return
        if not has_colon:
            raise self.error(f"expected ':' after field {name!r}, found {self.describe()}", field=name)
        if field.repeated:
            values = out[name]
            if self.peek() == ord("["):
                self.pos += 1
                self.read_list(name, lambda: values.append(read_scalar(self, field)))
            else:
                values.append(read_scalar(self, field))
            return
        _check_not_given(self, info, out, message, at)
        out[name] = read_scalar(self, field)

    def read_message_value(self, info: CompiledField, out: Decoded, depth: int) -> None:
        """Read one message value of a message, map or skipped field into *out*.

        message_value = ( "{" message "}" | "<" message ">" )
        """
        field = info.field
        name = field.name
        self.skip_blanks()
        opened_at = self.pos
        if field.type == SKIPPED:
            if self.peek() not in OPEN_TO_CLOSE:
                raise self.error(f"expected '{{' to open message field {name!r}, found {self.describe()}", field=name)
            self.skip_balanced(name)
            span = {"type": field.ref, "offset": opened_at, "size": self.pos - opened_at}
            if field.repeated:
                out[name].append(span)
            else:
                out[name] = span
            return
        closer = self.open_brace(name)
        sub_message = info.message
        assert sub_message is not None  # compiled for every MESSAGE and MAP field
        item = sub_message.new()
        if field.type == MAP:
            self.read_nested(sub_message, item, depth, closer, opened_at, name, None)
            value = item["value"]
            if value is None and info.value_message is not None:
                value = info.value_message.new()  # an absent message value is an empty message
            out[name][item["key"]] = value
        elif field.repeated:
            items = out[name]
            self.read_nested(sub_message, item, depth, closer, opened_at, name, len(items))
            items.append(item)
        else:
            self.read_nested(sub_message, item, depth, closer, opened_at, name, None)
            out[name] = item

    def read_nested(
        self,
        message: CompiledMessage,
        out: Decoded,
        depth: int,
        closer: int,
        opened_at: int,
        name: str,
        index: Optional[int],
    ) -> None:
        """Read a nested message into *out*, adding its place (*name*, *index*) to the path of any error."""
        try:
            self.read_message(message, out, depth + 1, closer, opened_at)
        except DecodeError as exc:
            if index is not None:
                exc._add_segment(index)
            exc._add_segment(name)
            raise

    def read_any_or_extension(self, message: CompiledMessage, out: Decoded, depth: int) -> bool:
        """Read ``[type.googleapis.com/tensorflow.X] { ... }`` inside an Any, or pass over an extension.

        any_or_extension = "[" URL "]" ":"? message_value    (in an Any)
                         | "[" NAME "]" unknown_value          (elsewhere: an extension, skipped)

        Return whether it was an expanded Any.
        """
        start = self.pos
        bracketed = bracketed_name(self.buf, self.pos, self.end)
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
        value_message = COMPILED.get(type_name) if type_name in ANY_TYPES else None
        self.take(":")
        self.skip_blanks()
        opened_at = self.pos
        value: Decoded
        if value_message is None:
            # A type the library has no schema for: its text cannot be turned back into bytes.
            # Report where it lies, as for the never-parsed fields.
            if self.peek() not in OPEN_TO_CLOSE:
                raise self.error(f"expected '{{' to open {url!r}, found {self.describe()}")
            self.skip_balanced(url)
            value = {"type": type_name, "offset": opened_at, "size": self.pos - opened_at}
        else:
            closer = self.open_brace(url)
            value = value_message.new()
            self.read_nested(value_message, value, depth, closer, opened_at, "value", None)
        out["type_url"] = url
        out["value"] = value
        return True


def _check_not_given(tokens: TextTokens, info: CompiledField, out: Decoded, message: CompiledMessage, at: int) -> None:
    """Refuse a non-repeated field that is already set, or a second member of its oneof, as protobuf does."""
    field = info.field
    name = field.name
    value = out[name]
    if field.oneof:
        for other in message.oneofs[field.oneof]:
            if other != name and out[other] is not None:
                raise tokens.error(
                    f"field {name!r} is given along with {other!r}, another member of oneof {field.oneof!r}",
                    at,
                    name,
                )
    # proto3 presence: a message or oneof member once given; a scalar once it differs from its default.
    # -0.0 is given, not the default 0.0: presence goes by the bits, as in C++ and upb.
    has_value = value is not None and (
        field.type in (MESSAGE, SKIPPED)
        or field.oneof
        or value != info.default
        or (field.type in (FLOAT, DOUBLE) and math.copysign(1.0, value) < 0)
    )
    if has_value:
        raise tokens.error(f"non-repeated field {name!r} is given more than once", at, name)
