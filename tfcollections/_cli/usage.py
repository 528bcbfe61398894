# SPDX-License-Identifier: Apache-2.0
"""``show``'s arguments as the run reads them, the usage rules argparse cannot say, and the everyday command line
read without argparse.

Strategy: ``tfcollections PATH...``, paths alone, is how nearly every summary is asked for, and argparse's import
(with ``re``, ``enum``, ``gettext`` and, once a parser is built, ``shutil`` and ``locale``) and the building of
``show``'s parser cost about 57 M instructions, a sixth of the slowest corpus summary's (valgrind
--tool=callgrind). So ``ShowArguments`` holds every option at argparse's default: a command line of paths alone is
that object with its paths (``paths_only``), and any other is parsed by ``spec``'s parser into the same object.
``tests/test_cli.py`` holds both to what the parser gives by itself.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import List, Optional, Sequence


class UsageError(Exception):
    """A command line that argparse or ``usage_problem`` refuses: the line to say."""


class ShowArguments:
    """What ``show``'s command line says: its paths, and each option (argparse's default until given)."""

    def __init__(self, files: List[str]) -> None:
        self.files = files
        self.json = False
        self.jsonl = False
        self.recursive = False
        self.collection: Optional[List[str]] = None
        self.scope: Optional[str] = None
        self.scope_boundary: Optional[str] = None
        self.subgraph = False
        self.dot = False
        self.function: Optional[str] = None
        self.tag: Optional[List[str]] = None
        self.ops = False
        self.layers = False
        self.checkpoint: Optional[str] = None
        self.no_checkpoint = False
        self.require_restore = False
        self.tensor: Optional[List[str]] = None
        self.no_graph = False
        self.quiet = False


def paths_only(arguments: Sequence[str]) -> Optional[ShowArguments]:
    """``show``'s arguments when the command line is paths alone (``-`` is one: standard input), else None."""
    if not arguments or any(argument[:1] == "-" and argument != "-" for argument in arguments):
        return None
    return ShowArguments(list(arguments))


def usage_problem(args: ShowArguments) -> Optional[str]:
    if args.json and (len(args.files) > 1 or args.recursive):
        return "--json shows one file; --jsonl gives one JSON object per file"
    if args.files.count("-") > 1:
        return "standard input (-) can be read once"
    if args.layers and args.no_graph:
        return "--layers reads the model's object graph, which --no-graph leaves unread"
    if args.function is not None and not (args.subgraph or args.dot):
        return "--function NAME goes with --subgraph or --dot (that function's body)"
    if args.dot:
        if len(args.files) > 1 or args.recursive:
            return "--dot draws one file's graph"
        given = [flag for flag, on in (("--subgraph", args.subgraph), ("--json", args.json), ("--jsonl", args.jsonl),
                 ("--no-graph", args.no_graph), ("--layers", args.layers), ("--ops", args.ops),
                 ("--tensor", args.tensor), ("--require-restore", args.require_restore)) if on]  # fmt: skip
        if given:
            return f"--dot draws the graph alone, not with {given[0]}"
    if args.subgraph:
        if args.scope is None and args.scope_boundary is None:
            return "--subgraph views a scope: give --scope-boundary SCOPE (or --scope REGEX)"
        given = [flag for flag, on in (("--no-graph", args.no_graph), ("--layers", args.layers), ("--ops", args.ops),
                 ("--collection", args.collection), ("--tensor", args.tensor), ("--checkpoint", args.checkpoint),
                 ("--require-restore", args.require_restore)) if on]  # fmt: skip
        if given:
            return f"--subgraph shows a view of the graph alone, not with {given[0]}"
    pattern = args.scope if args.scope is not None else args.scope_boundary
    if pattern is not None:
        import re  # noqa: PLC0415 (re, and the enum module it needs, stay off a summary's import)

        try:
            re.compile(pattern)
        except re.error as exc:
            return f"the scope is not a valid regular expression: {exc}"
    return None
