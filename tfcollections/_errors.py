# SPDX-License-Identifier: Apache-2.0
"""The library's one exception type.

Strategy: the decoder raises ``DecodeError`` where it finds the problem,
knowing only the field it was reading; each enclosing message adds its own
segment to the path while the error travels up (``_add_segment``), so the
success path pays nothing for path bookkeeping. The message text is built
when it is shown, from attributes: code that needs to know what went wrong
(the file reader asking "truncated, or damaged?") reads attributes, never
the message.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import List, Optional, Tuple, Union

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
    - ``path_str``: the same path written as ``WhileContextDef.nested_contexts[2]...``.

    The text of ``str(error)`` is informational; match on the attributes.
    """

    msg: str
    pos: Optional[int]
    lineno: Optional[int]
    colno: Optional[int]

    def __init__(
        self,
        msg: str,
        pos: Optional[int] = None,
        field: Optional[str] = None,
        *,
        lineno: Optional[int] = None,
        colno: Optional[int] = None,
    ) -> None:
        super().__init__(msg)
        self.msg = msg
        self.pos = pos
        self.lineno = lineno
        self.colno = colno
        # Innermost segment first: the error is raised deep and grows outwards.
        self._reversed_path: List[PathSegment] = [] if field is None else [field]

    def _add_segment(self, segment: PathSegment) -> None:
        self._reversed_path.append(segment)

    def _add_hint(self, hint: str) -> None:
        """Say where to look instead, after the message: ``a GraphDef ...; the meta graph beside it: ...``."""
        self.msg = f"{self.msg}; {hint}"
        self.args = (self.msg,)

    def _restate(self, msg: str) -> None:
        """Replace the message: a file's name told what it is better than its bytes could."""
        self.msg = msg
        self.args = (msg,)

    def _add_context(self, context: str) -> None:
        """Say what the whole input was being read as, before the message: ``damaged MetaGraphDef: ...``."""
        self.msg = f"{context}: {self.msg}"
        self.args = (self.msg,)

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

    def __str__(self) -> str:
        text = self.msg
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
        state = (self.msg, self.pos, tuple(self._reversed_path), self.lineno, self.colno)
        return (_rebuild, state)


def _rebuild(
    msg: str,
    pos: Optional[int],
    reversed_path: Tuple[PathSegment, ...],
    lineno: Optional[int] = None,
    colno: Optional[int] = None,
) -> DecodeError:
    error = DecodeError(msg, pos, lineno=lineno, colno=colno)
    error._reversed_path = list(reversed_path)
    return error


def _truncated_length(length: int, left: int, pos: int, field: Optional[str] = None) -> _Truncated:
    """A length-delimited value that runs past its message: one message for every reader that finds one."""
    message = f"truncated length-delimited field: needs {length} bytes, {left} left"
    return _Truncated(message, pos, field, needed=length, left=left)


class _Truncated(DecodeError):
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
