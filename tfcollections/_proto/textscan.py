# SPDX-License-Identifier: Apache-2.0
"""Protobuf text format, the lowest layer: token patterns, scanners and the values of tokens.

Strategy: everything here is a pure function of the bytes, ``(buf, pos, end) -> new position`` for the
scanners (as tomli's ``skip_*`` functions are) and ``text -> value`` for numbers, so the parser above
(``text.py``) keeps no scanning logic of its own. ``buf`` is a ``bytes`` object or a file's memory map:
nothing is ever copied or decoded as a whole. Scanners that find a problem raise ``DecodeError(msg,
pos)``; the parser adds the field and the line and column. The rules are those of protobuf's C++
tokenizer (``io/tokenizer.cc``), which TensorFlow reads text files with; where a rule is subtle the
C++ function it follows is named.
"""

from __future__ import annotations

import re
import struct

from .._errors import DecodeError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final, Iterator, List, Optional, Tuple

    from .._typing import Buffer


# A comment ends at a NUL byte too: protobuf's C++ tokenizer stops there and then refuses the NUL.
BLANK: Final = re.compile(rb"(?:[ \t\r\n\f\v]+|#[^\n\x00]*)*")
IDENT: Final = re.compile(rb"[A-Za-z_][A-Za-z0-9_]*")
# A number or identifier value; '-' is read apart (protobuf allows blanks after it).
WORD: Final = re.compile(rb"[A-Za-z0-9_.][A-Za-z0-9_.+-]*")
# A string cannot cross a line (protobuf's tokenizer refuses that too); used to show a token in errors.
STRING_LITERAL: Final = re.compile(rb'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'')
_NAME_PART: Final = re.compile(rb"[A-Za-z0-9_]+")
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
# What the brace scanner stops at: braces, the quotes that start strings, comments.
_SCAN_STOP: Final = re.compile(rb"[{}<>\"'#]")
_INTEGER: Final = re.compile(r"0[xX][0-9A-Fa-f]+|0[0-7]*|[1-9][0-9]*")
_FLOAT: Final = re.compile(r"(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_FLOAT_WORDS: Final = {"inf": float("inf"), "infinity": float("inf"), "nan": float("nan")}
TRUE: Final = frozenset({"true", "True", "t", "1"})
FALSE: Final = frozenset({"false", "False", "f", "0"})
OPEN_TO_CLOSE: Final = {ord("{"): ord("}"), ord("<"): ord(">")}
QUOTES: Final = (ord('"'), ord("'"))
_float32 = struct.Struct("<f")

# Why string_end refuses a string literal; protobuf's C++ tokenizer refuses both.
NEVER_ENDING: Final = -1
RAW_NUL: Final = -2
STRING_REFUSALS: Final = {
    NEVER_ENDING: "never-ending string: no closing quote before the end of its line",
    RAW_NUL: "a raw NUL byte inside a string: protobuf's C++ parser ends the string there (write \\0)",
}


# -- scanners: (buf, pos, end) -> position -----------------------------------------------------------


def blank_end(buf: Buffer, pos: int, end: int) -> int:
    """Skip blanks and ``#`` comments from ``pos``; return where the next token starts."""
    match = BLANK.match(buf, pos, end)
    assert match is not None  # the pattern matches the empty string
    return match.end()


def string_end(buf: Buffer, pos: int, end: int) -> int:
    """Return just past the string literal whose quote is at ``pos``, or a key of ``STRING_REFUSALS``.

    ``NEVER_ENDING`` when its line (or the file) ends first, ``RAW_NUL`` when it holds a NUL byte.

    A search for the quote, then a look back at the backslashes before it (an odd run escapes it): linear and
    without memory. A regex kept backtracking state for every character, so a never-ending string of a
    megabyte took 120 MB.
    """
    quote = buf[pos : pos + 1]
    search = pos + 1
    while True:
        close = buf.find(quote, search, end)
        if close < 0:
            return NEVER_ENDING
        backslash = close
        while buf[backslash - 1] == 0x5C:  # stops at the opening quote at the latest
            backslash -= 1
        if (close - backslash) % 2 == 0:
            break
        search = close + 1
    if buf.find(b"\n", pos, close) >= 0:
        return NEVER_ENDING
    if buf.find(b"\x00", pos, close) >= 0:
        return RAW_NUL
    return close + 1


def bracketed_name(buf: Buffer, pos: int, end: int) -> Optional[Tuple[str, int]]:
    """Read ``[a.b/c.D]`` at ``pos``: return the name, blanks and comments dropped, and the position after ``]``.

    None when there is no such name. C++ reads it token by token, so blanks and comments may stand around the
    dots and the slash. A loop, not one regex: comments inside a repeated group would backtrack exponentially
    on text full of ``#``.
    """
    if buf[pos : pos + 1] != b"[":
        return None
    parts: List[bytes] = []
    pos += 1
    while True:
        pos = blank_end(buf, pos, end)
        part = _NAME_PART.match(buf, pos, end)
        if part is None:
            return None
        parts.append(bytes(part.group()))
        pos = blank_end(buf, part.end(), end)
        separator = buf[pos] if pos < end else -1
        if separator == 0x5D:  # ']'
            return b"".join(parts).decode("ascii"), pos + 1
        if separator not in (0x2E, 0x2F):  # '.', '/'
            return None
        parts.append(b"." if separator == 0x2E else b"/")
        pos += 1


def _braces(buf: Buffer, pos: int, end: int) -> Iterator[Tuple[int, int]]:
    """Yield (position, character) of each brace from ``pos`` on, passing over strings and comments."""
    search = _SCAN_STOP.search
    while True:
        stop = search(buf, pos, end)
        if stop is None:
            return
        pos = stop.start()
        char = buf[pos]
        if char in QUOTES:
            after = string_end(buf, pos, end)
            if after < 0:
                raise DecodeError(STRING_REFUSALS[after], pos)
            pos = after
        elif char == 0x23:  # '#': a comment runs to the end of the line
            newline = buf.find(b"\n", pos, end)
            pos = end if newline < 0 else newline + 1
        else:
            yield pos, char
            pos += 1


def balanced_end(buf: Buffer, pos: int, end: int) -> int:
    """Return just past the ``{...}`` or ``<...>`` that opens at ``pos``, read for its braces only.

    Strings and comments are passed over (a brace inside one does not count); nothing else is looked at,
    so a large block costs a C-speed search per brace. The closers still owed are one byte per open brace:
    a million open braces cost a megabyte, not the 46 MB of a list of their positions; where a brace opened
    is worked out again only for an error.
    """
    start = pos
    closers = bytearray()
    for pos, char in _braces(buf, start, end):
        if char in OPEN_TO_CLOSE:
            closers.append(OPEN_TO_CLOSE[char])
        elif char != closers[-1]:
            opened = _innermost_open(buf, start, pos, len(closers))
            raise DecodeError(
                f"unbalanced braces: {chr(char)!r} closes the {chr(buf[opened])!r} at {where(buf, opened)}", pos
            )
        else:
            closers.pop()
            if not closers:
                return pos + 1
    opened = _innermost_open(buf, start, end, len(closers))
    raise DecodeError(
        f"unbalanced braces: the {chr(buf[opened])!r} at {where(buf, opened)} is never closed; the file ends first",
        end,
    )


def _innermost_open(buf: Buffer, start: int, stop: int, depth: int) -> int:
    """Return where the brace still open at ``depth`` before ``stop`` opened.

    It is the last one that took the depth there: after it, the depth never fell below, or it would have been
    closed.
    """
    level, opened = 0, start
    for pos, char in _braces(buf, start, stop):
        if char in OPEN_TO_CLOSE:
            level += 1
            if level == depth:
                opened = pos
        else:
            level -= 1
    return opened


def line_and_column(buf: Buffer, pos: int) -> Tuple[int, int]:
    """Return the line and column (from 1, in bytes) of a byte offset.

    Lines are counted in chunks, so a huge memory map is never copied whole.
    """
    line, start, chunk = 1, 0, 1 << 24
    while start < pos:
        piece = bytes(buf[start : min(pos, start + chunk)])
        line += piece.count(b"\n")
        start += len(piece)
    line_start = buf.rfind(b"\n", 0, pos) + 1
    return line, pos - line_start + 1


def where(buf: Buffer, pos: int) -> str:
    """Return 'line L, column C' of a byte offset, for messages that point at a second place."""
    line, column = line_and_column(buf, pos)
    return f"line {line}, column {column}"


# -- values of tokens ---------------------------------------------------------------------------------


def unescape(raw: bytes, pos: int) -> bytes:
    """Return the bytes a C-escaped string literal (without its quotes) stands for, as C++'s tokenizer reads it.

    ``pos`` is where ``raw`` starts in the file, for errors.
    """

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


def parse_int(text: str) -> Optional[int]:
    """Return an integer as protobuf's text format writes it (decimal, 0x hex, 0 octal), or None."""
    digits = text[1:] if text.startswith("-") else text
    if not _INTEGER.fullmatch(digits):
        return None
    base = 16 if digits[1:2] in ("x", "X") else 8 if digits.startswith("0") else 10
    # Past 20 decimal digits a number is above 2**64, out of every range; and int() refuses to convert
    # more than 4,300 decimal digits (Python 3.11 and later), so do not ask it to.
    value = 1 << 64 if base == 10 and len(digits) > 20 else int(digits, base)
    return -value if digits is not text else value


def parse_float(text: str) -> Optional[float]:
    """Return a float field's number (decimal with an optional f suffix, an integer, inf or nan), or None."""
    digits = text[1:] if text.startswith("-") else text
    number = _FLOAT_WORDS.get(digits.lower())
    if number is None:
        if parse_int(digits) is not None:
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


def to_float32(number: float) -> float:
    """Return the float32 nearest *number*, as a float field holds it in C++ (past its range: infinity)."""
    try:
        value: float = _float32.unpack(_float32.pack(number))[0]
    except OverflowError:
        return float("inf") if number > 0 else float("-inf")
    return value


def shown_token(text: str, quote: bool = True) -> str:
    """Return a token for an error message: whole up to 40 characters, else its start and its length."""
    if len(text) > 40:
        return f"{text[:40]!r}... ({len(text):,} characters)"
    return repr(text) if quote else text
