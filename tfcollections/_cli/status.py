# SPDX-License-Identifier: Apache-2.0
"""The command line's exit statuses: one table for every command.

Strategy: every command answers with the same statuses for the same situations, so a script can test one
command's status as it tests another's. ``STATUSES`` is the literal table, one row per status (its number, its
name, when it is given); ``ExitStatus`` names them for the code, and the command line's documented contract lists
the same rows (a test holds the two together). Plain ints, not an ``enum.IntEnum``: the enum module costs a
summary about 4 ms. ``failure_status`` is how a command that reads one input turns what stopped it into a status,
so that "could not read it" is 3 and "read it, and the answer is no" is 1 everywhere.
"""

from __future__ import annotations

from .._errors import ConversionError, DecodeError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final, Optional, Tuple


class ExitStatus:
    """Every exit status of the command line; ``STATUSES`` says when each is given."""

    OK = 0
    NO = 1
    USAGE = 2
    UNREADABLE = 3
    INTERNAL_ERROR = 70
    INTERRUPTED = 130


#: (status, name, when it is given), one row per status: the command line's contract.
STATUSES: Final[Tuple[Tuple[int, str, str], ...]] = (
    (0, "OK", "success: every input was read, and what was asked was done (shown, scanned and nothing found at "
              "`--fail-on`, written, equal, would load)"),
    (1, "NO", "every input was read, and the answer is no: findings at `--fail-on`'s severity (`scan`), "
              "differences (`diff`), would not load (`compat`) or restore (`show --require-restore`), a model "
              "the conversion or a run refuses (`export`, `run`)"),
    (2, "USAGE", "the command line is wrong: an unknown option, a missing argument, a value of the wrong form"),
    (3, "UNREADABLE", "an input could not be read, or is not what the command reads (a missing path, another "
                      "kind of file, a damaged one); with several inputs, the others are still read"),
    (70, "INTERNAL_ERROR", "a bug of ours, said in one line: please report it"),
    (130, "INTERRUPTED", "interrupted (Ctrl-C), the shell's status for SIGINT"),
)  # fmt: skip


def reason(exc: BaseException, *shown: str) -> str:
    """What stopped a command, said once on a line that already names the paths *shown*: an ``OSError``'s words
    (with its file, unless the line or the words name it), else the message, less a leading path the line names."""
    if isinstance(exc, OSError) and exc.strerror:
        filename = str(exc.filename) if exc.filename is not None else None
        if filename is None or filename in shown or filename in exc.strerror:
            return str(exc.strerror)
        return f"{filename}: {exc.strerror}"
    return said_once(str(exc), *shown)


def said_once(text: str, *shown: str) -> str:
    """*text* on a line that already names the paths *shown*: less a leading ``PATH: `` and the ``of PATH`` after
    what it places in the file (``record 0 of PATH: ...`` is ``record 0: ...``)."""
    for path in shown:
        if path and text.startswith(f"{path}: "):
            text = text[len(path) + 2 :]
        for after in (": ", " ("):
            text = text.replace(f" of {path}{after}", after) if path else text
    return text


def failure_status(exc: BaseException, output: Optional[str] = None) -> int:
    """The status of a command stopped by *exc*: UNREADABLE when its input could not be read or is not what it
    reads (an ``OSError``, a ``DecodeError`` of the file), NO when the input was read and what was asked of it is
    refused (a conversion's ``ConversionError``, a ``ValueError`` of what the model holds, the *output* that
    exists or cannot be written)."""
    if isinstance(exc, OSError):
        written = isinstance(exc, FileExistsError) or (output is not None and exc.filename == output)
        return ExitStatus.NO if written else ExitStatus.UNREADABLE
    if isinstance(exc, DecodeError):
        return ExitStatus.NO if isinstance(exc, ConversionError) else ExitStatus.UNREADABLE
    return ExitStatus.NO
