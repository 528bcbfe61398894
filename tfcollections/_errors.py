# SPDX-License-Identifier: Apache-2.0
"""The library's exception: ``DecodeError``, and ``ConversionError``, the kind of it the conversion raises.

Strategy: the decoder raises ``DecodeError`` where it finds the problem,
knowing only the field it was reading; each enclosing message adds its own
segment to the path while the error travels up (``_add_segment``), and each
enclosing reader what it was reading the input as (``_within``), so the
success path pays nothing for bookkeeping. The message is never rewritten:
``msg`` stays what the raiser said, and the text of ``str(error)`` is built
when it is shown, from the attributes (as tomli builds its message once).
Code that needs to know what went wrong (the file reader asking "truncated,
or damaged?", "what is this file instead?") reads attributes, never the
message.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Dict, Final, List, Optional, Tuple, Union

    PathSegment = Union[str, int]


class DecodeError(ValueError):
    """Bytes that are not what the strict APIs were asked to read.

    Attributes, beyond ``ValueError``'s:

    - ``msg``: what was expected and what was found, without the location;
    - ``pos``: byte offset into the input at which the problem lies, or
      ``None`` when the problem is not at a place in the input;
    - ``lineno``, ``colno``: for text-format input, the line and column of
      ``pos`` (both from 1; the column counts bytes), else ``None``;
    - ``path``: where in the message it lies, as a tuple of field names and
      list indices, outermost first (``("WhileContextDef", "nested_contexts", 2,
      "cond_ctxt", "values_def")``);
    - ``path_str``: the same path written as ``WhileContextDef.nested_contexts[2]...``;
    - ``context``: what the input was being read as, outermost first (``("damaged MetaGraphDef",)``,
      or a file and how it was found, then that), shown before the message;
    - ``hint``: where to look instead (``"the meta graph beside it: model.ckpt.meta"``), shown after it;
    - ``what``: for a file that is not what was asked for, what it is instead, one of ``WHAT_KINDS``:
      ``"junk"`` (no protobuf message), ``"text"`` (a text file, not a model in text format),
      ``"table"`` (a checkpoint's table file), ``"protobuf"`` (a message of another type),
      ``"look-alike"`` (another known file: HDF5, ZIP, TensorFlow Lite, ONNX, a fingerprint,
      Keras metadata); else ``None``.

    The text of ``str(error)`` is informational; match on the attributes.
    """

    msg: str
    pos: Optional[int]
    lineno: Optional[int]
    colno: Optional[int]
    hint: Optional[str]
    what: Optional[str]

    def __init__(
        self,
        msg: str,
        pos: Optional[int] = None,
        field: Optional[str] = None,
        *,
        lineno: Optional[int] = None,
        colno: Optional[int] = None,
        hint: Optional[str] = None,
        what: Optional[str] = None,
    ) -> None:
        super().__init__(msg)
        self.msg = msg
        self.pos = pos
        self.lineno = lineno
        self.colno = colno
        self.hint = hint
        self.what = what
        # Innermost first: the error is raised deep and grows outwards.
        self._reversed_path: List[PathSegment] = [] if field is None else [field]
        self._reversed_context: List[str] = []

    def _add_segment(self, segment: PathSegment) -> None:
        self._reversed_path.append(segment)

    def _within(self, context: str) -> None:
        """Record what the whole input was being read as, while the error travels out of its reader."""
        self._reversed_context.append(context)

    @property
    def context(self) -> Tuple[str, ...]:
        return tuple(reversed(self._reversed_context))

    @property
    def path(self) -> Tuple[PathSegment, ...]:
        return tuple(reversed(self._reversed_path))

    @property
    def path_str(self) -> str:
        text = ""
        for segment in reversed(self._reversed_path):
            if isinstance(segment, int):
                text += f"[{segment}]"
            elif text:
                text += "." + segment
            else:
                text = segment
        return text

    @property
    def summary(self) -> str:
        """The message with its context and hint, without its place: what a sentence about it quotes."""
        text = self.msg if self.hint is None else f"{self.msg}; {self.hint}"
        return ": ".join([*reversed(self._reversed_context), text])

    def __str__(self) -> str:
        text = self.summary
        if self.lineno is not None:
            text += f" at line {self.lineno}, column {self.colno}"
        where = []
        if self.pos is not None:
            where.append(f"at byte {self.pos}")
        if self._reversed_path:
            where.append(f"in {self.path_str}")
        return f"{text} ({', '.join(where)})" if where else text

    def __reduce__(self) -> tuple:  # type: ignore[type-arg]
        # Keep the attributes through pickling (multiprocessing, concurrent.futures).
        state = (self.msg, self.pos, tuple(self._reversed_path), self.lineno, self.colno, self.hint, self.what,
                 tuple(self._reversed_context))  # fmt: skip
        return (_rebuild, state)


WHAT_KINDS: Final = ("junk", "text", "table", "protobuf", "look-alike")


def _rebuild(
    msg: str,
    pos: Optional[int],
    reversed_path: Tuple[PathSegment, ...],
    lineno: Optional[int] = None,
    colno: Optional[int] = None,
    hint: Optional[str] = None,
    what: Optional[str] = None,
    reversed_context: Tuple[str, ...] = (),
) -> DecodeError:
    error = DecodeError(msg, pos, lineno=lineno, colno=colno, hint=hint, what=what)
    error._reversed_path = list(reversed_path)
    error._reversed_context = list(reversed_context)
    return error


class ConversionError(DecodeError):
    """A graph the conversion cannot convert: ``unsupported`` lists each op type the table lacks, with its count and
    first node (``{"op", "count", "node"}``), or is empty when one node stopped it (the message names it)."""

    def __init__(self, message: str, unsupported: Optional[List[Dict[str, Any]]] = None) -> None:
        super().__init__(message)
        self.unsupported: List[Dict[str, Any]] = unsupported or []

    def __reduce__(self) -> tuple:  # type: ignore[type-arg]
        # Pickled as itself, its op list kept: a conversion in a worker process says what it lacks.
        return (_rebuild_conversion, (self.msg, self.unsupported, DecodeError.__reduce__(self)[1]))


def _rebuild_conversion(msg: str, unsupported: List[Dict[str, Any]], state: Tuple[Any, ...]) -> ConversionError:
    error = ConversionError(msg, unsupported)
    rebuilt = _rebuild(*state)
    error.__dict__.update(rebuilt.__dict__)
    return error


def truncated_length(length: int, left: int, pos: int, field: Optional[str] = None) -> Truncated:
    """A length-delimited value that runs past its message: one message for every reader that finds one."""
    message = f"truncated length-delimited field: needs {length} bytes, {left} left"
    return Truncated(message, pos, field, needed=length, left=left)


class Truncated(DecodeError):
    """The input ends inside a value: a signal the file reader acts on, raised as an ordinary DecodeError.

    ``number`` is the field whose value is cut off (when known), ``needed`` and ``left`` the bytes its
    value needs and the bytes that are left (when known). The reader of streams takes a field cut off by
    the end of what has arrived for one that has not arrived yet, and says how much of a file is missing,
    from these attributes, never from the message. Pickled, it is a plain ``DecodeError``.
    """

    def __init__(
        self,
        msg: str,
        pos: Optional[int] = None,
        field: Optional[str] = None,
        *,
        number: Optional[int] = None,
        needed: Optional[int] = None,
        left: Optional[int] = None,
    ) -> None:
        super().__init__(msg, pos, field)
        self.number = number
        self.needed = needed
        self.left = left
