# SPDX-License-Identifier: Apache-2.0
"""The command line's arguments: the argparse spec of ``show`` and the parser every command's spec is built on.

Strategy: argparse, with its ``error`` turned into an exception, so that a usage error is one line and
exit status 2 from ``main`` like every other failure, never argparse's own exit. ``show``'s options are parsed
into ``usage.ShowArguments``, which a command line of paths alone gets without this module (``usage``).
"""

from __future__ import annotations

import argparse

from .. import __version__
from .usage import UsageError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, Final, Optional, Sequence, TextIO, Union


# What every command's --help ends with: the exit statuses every command shares (status.STATUSES).
_STATUSES: Final = (
    "exit status, as every command's: 0 done; 1 the answer is no (findings, differences, would "
    "not load, restore or convert); 2 a usage error; 3 an input did not read; 70 a bug of ours."
)


QUIET_HELP: Final = "no progress line on the terminal (there is none in a pipe, a log or --json)"

# export's and run's --vocabulary: to_onnx's vocabularies, one file per option.
VOCABULARY_HELP: Final = (
    "a lookup table's vocabulary file the model names and does not hold (repeatable): NAME as the graph names it "
    "(or its last part, vocab.txt), PATH the file here; never read unless given"
)


def vocabulary_paths(given: Sequence[str], path: Callable[[str], str]) -> Union[Dict[str, str], str]:
    """``--vocabulary NAME=PATH`` options as ``to_onnx``'s *vocabularies* (each PATH read from the run's directory
    by *path*), or what is wrong with one."""
    found: Dict[str, str] = {}
    for item in given:
        name, sep, where = item.partition("=")
        if not sep or not name or not where:
            return f"--vocabulary {item!r} is not NAME=PATH"
        if name in found and found[name] != where:
            return f"--vocabulary {name} is given twice, as {found[name]!r} and {where!r}"
        found[name] = where
    return {name: path(where) for name, where in found.items()}


class CommandParser(argparse.ArgumentParser):
    """argparse, with its errors raised and its help and version written to the run's output stream."""

    def __init__(self, out: TextIO, **kwargs: Any) -> None:
        kwargs.setdefault("epilog", _STATUSES)
        super().__init__(**kwargs)
        self.out = out

    def error(self, message: str) -> Any:  # argparse prints usage and exits 2; we want one line
        raise UsageError(message)

    def _print_message(self, message: str, file: Any = None) -> None:
        # Only --help and --version print (errors raise above): to the output the run was given.
        if message:
            self.out.write(message)


def parse_command(
    parser: argparse.ArgumentParser,
    argv: Sequence[str],
    stderr: TextIO,
    check: Optional[Callable[[argparse.Namespace], None]] = None,
) -> Union[argparse.Namespace, int]:
    """A command's arguments, parsed by its *parser* (and *check*, which raises ``UsageError``), or the exit status
    to return: 0 after ``--help``, 2 after a usage error, said on one line that names the command."""
    try:
        args = parser.parse_args(argv)
        if check is not None:
            check(args)
    except SystemExit:  # --help
        return 0
    except UsageError as exc:
        print(f"{parser.prog}: usage error: {exc} (see {parser.prog} --help)", file=stderr)
        return 2
    return args


def parser(out: TextIO, prog: str = "tfcollections") -> argparse.ArgumentParser:
    """The arguments of ``show``, the default command (``tfcollections PATH...``); help and version are written to
    *out*. *prog* is how the usage line names the command."""
    parser = CommandParser(
        out,
        prog=prog,
        description="Show what TensorFlow .meta and saved_model.pb files and frozen graphs hold: meta graphs, "
        "variables with dtypes, shapes and parameter counts, the ops the model runs, saver, collections (savers, "
        "queue runners, control-flow contexts), signatures, Keras layers; and checkpoints: their tensors, their "
        "values, and whether a meta graph would restore from one. No TensorFlow needed. 'tfcollections PATH' is "
        "'tfcollections show PATH'; 'tfcollections --help' lists the other commands (scan, export, diff, records, "
        "events, run, compat).",
    )
    parser.add_argument("--version", action="version", version=f"tfcollections {__version__}")
    parser.add_argument(
        "files",
        nargs="+",
        metavar="PATH",
        help="a .meta (MetaGraphDef) or saved_model.pb (SavedModel), binary or text; or where one is: a SavedModel "
        "directory, an export base with numbered versions (the highest), a checkpoint directory (the latest "
        "checkpoint's .meta), a checkpoint prefix; or a checkpoint without .meta (a prefix, .index, .data-*, "
        "directory), listed as tensors; - for stdin",
    )
    output = parser.add_mutually_exclusive_group()
    output.add_argument(
        "--json",
        action="store_true",
        help='print everything as JSON, losslessly: bytes as {"$base64": ...}, inf and nan as {"$float": ...}',
    )
    output.add_argument(
        "--jsonl",
        action="store_true",
        help="one JSON object per file, one per line, as --json's; a file that cannot be read is an object "
        '{"path", "error"} (exit status 3)',
    )
    parser.add_argument(
        "-r",
        "--recursive",
        action="store_true",
        help="read every meta graph and SavedModel under the directories given, found by content",
    )
    parser.add_argument("--collection", action="append", metavar="NAME", help="only this collection (repeatable)")
    scope = parser.add_mutually_exclusive_group()
    scope.add_argument("--scope", metavar="REGEX", help="only items whose name re.match-es REGEX (TensorFlow's rule)")
    scope.add_argument(
        "--scope-boundary",
        metavar="SCOPE",
        help="only items in scope SCOPE: 'dense' matches dense/w:0, not dense_1/w:0",
    )
    parser.add_argument(
        "--subgraph",
        action="store_true",
        help="view the scope (--scope-boundary SCOPE, or --scope REGEX) as TF 1's SubGraphView: its nodes, the "
        "tensors that come in and go out (dtype, shape, who uses them), the control edges that cross, its op census",
    )
    parser.add_argument(
        "--dot",
        action="store_true",
        help="instead of the summary, the graph as Graphviz DOT (| dot -Tsvg draws it): with --scope-boundary SCOPE "
        "(or --scope REGEX), the scope's nodes and those across its boundary",
    )
    parser.add_argument("--function", metavar="NAME", help="with --subgraph or --dot: this library function's body")
    parser.add_argument("--tag", action="append", metavar="TAG", help="only the meta graphs with this tag (repeatable)")
    parser.add_argument("--ops", action="store_true", help="list every op the graph and its functions use, with counts")
    parser.add_argument(
        "--layers",
        action="store_true",
        help="list a Keras model's layers with their parameter counts, as model.summary() does (a TF 2 SavedModel "
        "Keras saved, from keras_metadata.pb or its object graph)",
    )
    checkpoint = parser.add_mutually_exclusive_group()
    checkpoint.add_argument(
        "--checkpoint",
        metavar="PATH",
        help="check the meta graph's saver against this checkpoint (default: the one beside the .meta, same prefix, "
        "or a SavedModel's variables)",
    )
    checkpoint.add_argument("--no-checkpoint", action="store_true", help="do not look for a checkpoint beside it")
    parser.add_argument(
        "--require-restore",
        action="store_true",
        help="exit with status 1 when the checkpoint would not restore (or there is none): for CI pipelines",
    )
    parser.add_argument(
        "--tensor",
        action="append",
        metavar="NAME",
        help="print this tensor's values from the checkpoint (repeatable), as JSON",
    )
    parser.add_argument(
        "--no-graph",
        action="store_true",
        help="do not read graph_def: variables from the collections only (no dtypes, shapes or ops), "
        "for a damaged graph or the last millisecond",
    )
    parser.add_argument("-q", "--quiet", action="store_true", help=QUIET_HELP)
    return parser
