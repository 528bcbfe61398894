# SPDX-License-Identifier: Apache-2.0
"""The library's one exception type.

Strategy: the decoder raises ``DecodeError`` where it finds the problem,
knowing only the field it was reading; each enclosing message adds its own
segment to the path while the error travels up (``_add_segment``), so the
success path pays nothing for path bookkeeping. The message text is built
when it is shown.
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
    - ``path``: where in the message it lies, as a tuple of field names and
      list indices, outermost first (``("WhileContextDef", "nested_contexts", 2,
      "cond_ctxt", "values_def")``);
    - ``path_str``: the same path written as ``WhileContextDef.nested_contexts[2]...``.

    The text of ``str(error)`` is informational; match on the attributes.
    """

    msg: str
    pos: Optional[int]

    def __init__(self, msg: str, pos: Optional[int] = None, field: Optional[str] = None) -> None:
        super().__init__(msg)
        self.msg = msg
        self.pos = pos
        # Innermost segment first: the error is raised deep and grows outwards.
        self._reversed_path: List[PathSegment] = [] if field is None else [field]

    def _add_segment(self, segment: PathSegment) -> None:
        self._reversed_path.append(segment)

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
        where = []
        if self.pos is not None:
            where.append(f"at byte {self.pos}")
        if self._reversed_path:
            where.append(f"in {self.path_str}")
        return f"{self.msg} ({', '.join(where)})" if where else self.msg

    def __reduce__(self) -> tuple:  # type: ignore[type-arg]
        # Keep the attributes through pickling (multiprocessing, concurrent.futures).
        return (_rebuild, (self.msg, self.pos, tuple(self._reversed_path)))


def _rebuild(msg: str, pos: Optional[int], reversed_path: Tuple[PathSegment, ...]) -> DecodeError:
    error = DecodeError(msg, pos)
    error._reversed_path = list(reversed_path)
    return error
