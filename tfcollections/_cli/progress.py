# SPDX-License-Identifier: Apache-2.0
"""The progress line every command shows on a terminal while long work runs.

Strategy: one line on stderr, ``tfcollections COMMAND: what so far``, rewritten in place (a carriage return, then
the terminal's erase-to-end) and cut to the terminal's width; drawn only once the work has run a second, and at
most four times a second, so short work shows nothing and long work costs nothing measurable. Cleared before
anything else is written to stderr and when the work ends. The commands make one only for a terminal, never for
a pipe, a log or ``--json``, and never with ``--quiet``.
"""

from __future__ import annotations

import os
import time

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Optional, TextIO


class Progress:
    """``show(text)`` as often as the work likes; the line is redrawn when it is due; ``clear()`` when done."""

    INTERVAL = 0.25  # seconds between redraws
    DELAY = 1.0  # work shorter than this shows none

    def __init__(self, stream: TextIO, command: str) -> None:
        self.stream = stream
        self.prefix = f"tfcollections {command}: " if command else "tfcollections: "
        self.started = time.monotonic()
        self.drawn_at = self.started
        self.visible = False

    def due(self) -> bool:
        """Whether a line shown now would be drawn (the work may skip making its text when not)."""
        now = time.monotonic()
        return now - self.started >= self.DELAY and now - self.drawn_at >= self.INTERVAL

    def show(self, text: str) -> None:
        if not self.due():
            return
        self.drawn_at = time.monotonic()
        try:
            width = os.get_terminal_size(self.stream.fileno()).columns - 1
        except (AttributeError, OSError, ValueError):
            width = 79
        self.stream.write("\r" + (self.prefix + text)[:width] + "\x1b[K")
        self.stream.flush()
        self.visible = True

    def clear(self) -> None:
        if self.visible:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.visible = False


def bar(done: int, total: int, shown: str) -> str:
    """A bar of 30 cells, the share done and *shown* (how much, in the command's words)."""
    share = done / total if total else 1.0
    filled = int(share * 30)
    return f"[{'#' * filled}{'.' * (30 - filled)}] {share:6.1%} {shown}"


def progress_for(stream: TextIO, isatty: bool, quiet: bool, command: str) -> Optional[Progress]:
    """A progress line for a command's long work, or None: not a terminal, or ``--quiet``."""
    return Progress(stream, command) if isatty and not quiet else None
