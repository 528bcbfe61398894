# SPDX-License-Identifier: Apache-2.0
"""What a run of the command line touches outside the process, given to every command.

Strategy: the three streams, whether stdout and stderr are terminals, the directory relative paths are read from
and the environment variables that shape the output come in one object, so that tests and embedding programs give
their own instead of swapping ``sys.std*``; every command's entry point takes it.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import IO, Mapping, Optional, TextIO


class Environment:
    """What a run touches outside the process: its streams, whether stderr is a terminal, its directory.

    The default is the process's own (``sys.stdin.buffer``, ``sys.stdout``, ``sys.stderr``, the working
    directory); a test or an embedding program gives its own. *stdin* is binary, the others are text.
    Relative paths on the command line are read from *cwd* (``None``: the process's working directory).
    *environ* holds the variables that shape the output (``COLUMNS``, ``NO_COLOR``, ``TERM``; default
    ``os.environ``).
    """

    def __init__(
        self,
        stdin: Optional[IO[bytes]] = None,
        stdout: Optional[TextIO] = None,
        stderr: Optional[TextIO] = None,
        *,
        cwd: Optional[str] = None,
        stderr_isatty: Optional[bool] = None,
        stdout_isatty: Optional[bool] = None,
        environ: Optional[Mapping[str, str]] = None,
    ) -> None:
        self.stdin: IO[bytes] = stdin if stdin is not None else sys.stdin.buffer
        self.stdout: TextIO = stdout if stdout is not None else sys.stdout
        self.stderr: TextIO = stderr if stderr is not None else sys.stderr
        self.cwd = cwd
        self.stderr_isatty = _is_terminal(self.stderr) if stderr_isatty is None else stderr_isatty
        self.stdout_isatty = _is_terminal(self.stdout) if stdout_isatty is None else stdout_isatty
        # The variables the run reads (COLUMNS, NO_COLOR, TERM): the process's, unless a test gives its own.
        self.environ: Mapping[str, str] = os.environ if environ is None else environ

    def path(self, given: str) -> str:
        """Where a path of the command line is, read from the run's directory (shown as given)."""
        if self.cwd is None or given == "-" or os.path.isabs(given):
            return given
        try:
            return os.path.relpath(os.path.join(self.cwd, given))
        except ValueError:  # another drive (Windows)
            return os.path.join(self.cwd, given)


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
