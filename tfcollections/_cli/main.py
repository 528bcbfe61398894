# SPDX-License-Identifier: Apache-2.0
"""The command line's run: ``tfcollections COMMAND ...`` and ``python -m tfcollections ...``, every command of
``commands.COMMANDS`` (``show``, the default: ``tfcollections PATH...``); ``--help`` and ``help COMMAND``;
``--completion bash|zsh``.

Strategy: ``main(argv, env)`` finds the command in the table and hands the rest of the arguments, and the run's
``Environment``, to its module's one entry point, ``run(argv, env)``; a command's module is imported only when it
runs. Every failure becomes one line on stderr and an exit status of ``status.STATUSES``, never a traceback: a
bug of ours is 70, Ctrl-C 130, what does not fit in memory 3, and a reader that closes the output early
(``| head``) ends the run quietly, whatever the command.
"""

from __future__ import annotations

import gc
import os
import sys

from .commands import BY_NAME
from .environment import Environment as Environment
from .status import ExitStatus

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import List, Optional, Sequence


def main(argv: Optional[Sequence[str]] = None, env: Optional[Environment] = None) -> int:
    """Run the command line on *argv* and return its exit status. Without *argv* it runs as the program, on the
    process's arguments, and first freezes what the process holds out of garbage collection (``gc.freeze``)."""
    if argv is None:
        # Run as the program (the console script, ``python -m``): what the imports made lives as long as the
        # process, so the collector is told to stop walking it (9 M instructions of the slowest summary's 380 M,
        # through pip's console script). Not for a caller's main([...]): it would keep that caller's garbage cycles
        # made so far for good.
        gc.freeze()
    env = env if env is not None else Environment()
    out_of_memory = False
    try:
        status = int(_run(argv, env))
        env.stdout.flush()  # here, where a reader that went away is caught, not at the interpreter's exit
        return status
    except BrokenPipeError:  # a reader that closed the output early (`| head`): its end is no error, and quiet
        _quiet_output(env)
        return ExitStatus.OK
    except KeyboardInterrupt:  # Ctrl-C while a long stream is read: one line, the shell's status for SIGINT
        print("tfcollections: interrupted", file=env.stderr)
        return ExitStatus.INTERRUPTED
    except MemoryError:  # said once the block ends: the error's frames, and what they hold, are let go by then
        out_of_memory = True
    except Exception as exc:  # a bug of ours: still one line, not a traceback
        print(f"tfcollections: internal error, please report it: {type(exc).__name__}: {exc}", file=env.stderr)
        return ExitStatus.INTERNAL_ERROR
    if out_of_memory:  # an input whose contents take more memory than the process may have
        gc.collect()
        print("tfcollections: not enough memory: what the input holds does not fit in this process's memory",
              file=env.stderr)  # fmt: skip
    return ExitStatus.UNREADABLE


def _quiet_output(env: Environment) -> None:
    """After the reader of the process's stdout went away: what is still buffered goes nowhere, so that the
    interpreter's flush at exit has no broken pipe to report (Python's documented way: stdout made devnull)."""
    if env.stdout is not sys.stdout:
        return
    try:  # noqa: SIM105 (contextlib is not imported for a pipe's end)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no file descriptor (a stream replaced by the embedding program)
        pass


def _run(argv: Optional[Sequence[str]], env: Environment) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    first = arguments[0] if arguments else None
    if first in ("-h", "--help", "help", "--completion") or first is None:
        return _help(arguments, env)
    command = BY_NAME.get(first)
    if command is None:  # a path: show, the default command (a file named like a command: ./scan)
        from . import show  # noqa: PLC0415 (every command's module is imported when it runs)

        return show.run(arguments, env, prog="tfcollections")
    module = __import__(f"{__package__}.{command.module}", fromlist=["run"])
    return int(module.run(arguments[1:], env))


def _help(arguments: List[str], env: Environment) -> int:
    """``--help``, ``help [COMMAND]``, ``--completion SHELL``, and a run with no arguments (a usage error)."""
    from .commands import BY_NAME, completion_script, help_text, terminal_columns, uses_color  # noqa: PLC0415 (help only)

    columns = terminal_columns(env.environ, env.stdout_isatty)
    color = uses_color(env.environ, env.stdout_isatty)
    if not arguments:
        print("tfcollections: usage error: give a PATH to show, or a command: "
              f"{', '.join(BY_NAME)} (see tfcollections --help)", file=env.stderr)  # fmt: skip
        return ExitStatus.USAGE
    if arguments[0] == "--completion":
        shells = ("bash", "zsh")
        if len(arguments) != 2 or arguments[1] not in shells:
            print(f"tfcollections: usage error: --completion takes one of {', '.join(shells)}", file=env.stderr)
            return ExitStatus.USAGE
        env.stdout.write(completion_script(arguments[1], env.stdout))
        return ExitStatus.OK
    if arguments[0] == "help" and len(arguments) > 2:
        print("tfcollections: usage error: help takes one command: tfcollections help COMMAND", file=env.stderr)
        return ExitStatus.USAGE
    # `help NAME`: that command's help; `--help`, `-h`, `help` (and `--help PATH...`): the overview.
    name = arguments[1] if arguments[0] == "help" and len(arguments) == 2 else None
    name = None if name in ("-h", "--help") else name  # `help --help`: the overview, as `help` alone
    text = help_text(name, env.stdout, columns, color)
    if text is None:
        print(f"tfcollections: usage error: no command {name!r}; the commands are {', '.join(BY_NAME)}",
              file=env.stderr)  # fmt: skip
        return ExitStatus.USAGE
    env.stdout.write(text)
    return ExitStatus.OK
