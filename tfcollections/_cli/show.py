# SPDX-License-Identifier: Apache-2.0
"""``tfcollections show PATH...`` (the default command: ``tfcollections PATH...``): what models and checkpoints hold.

Strategy: each input is read with the library (``load_model``; what is no meta graph but a checkpoint with
``load_checkpoint``) and handed to a renderer: the summary for a person (``render``, ``checkpoints``), JSON for
programs (``jsonout``), a view of a scope (``subgraph``) or a drawing (``dot``). Paths alone are parsed without
argparse (``usage``), which a summary does not import. Several inputs, or a tree with ``-r``, are shown in turn,
a failure of one not stopping the rest; each failure is one line (``_Failed``), and the status follows the
contract: 0 every input was shown; 1 with ``--require-restore``, a checkpoint would not restore, or there is
none; 3 an input could not be read; 2 a usage error.
"""

from __future__ import annotations

import itertools
import os
import time

from .. import DecodeError
from .._disk.locate import checkpoint_beside, saved_model_file, shown as shown_path
from .._model.collections import meta_graph_tags
from .._model.files import load_model, walk_models
from .cells import dtype_text, shape_text
from .checkpoints import checkpoint_lines, summary as checkpoint_summary
from .progress import Progress
from .render import print_summary
from .status import ExitStatus
from .usage import ShowArguments, UsageError, paths_only, usage_problem
from .views import in_scope

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, TextIO, Tuple

    from ..types import Model
    from .environment import Environment


def parser(out: TextIO) -> argparse.ArgumentParser:
    from .spec import parser as show_parser  # noqa: PLC0415 (argparse is for a command line with options)

    return show_parser(out, prog="tfcollections show")


class _Failed(Exception):
    """One input that cannot be shown: the line that says why, and the error behind it (for --jsonl)."""

    def __init__(self, message: str, error: Optional[Exception] = None) -> None:
        super().__init__(message)
        self.message = message
        self.error = error


def run(arguments: Sequence[str], env: Environment, prog: str = "tfcollections show") -> int:
    """``show``: each PATH read and shown (the default command)."""
    arguments = list(arguments)
    args = paths_only(arguments)  # the everyday command line, read without argparse (see usage)
    if args is None:
        from .spec import parser  # noqa: PLC0415 (argparse is for a command line with options)

        try:
            args = parser(env.stdout, prog).parse_args(arguments, namespace=ShowArguments([]))
        except SystemExit:  # --help and --version: printed, and done
            return ExitStatus.OK
        except UsageError as exc:
            print(f"tfcollections: usage error: {exc} (see tfcollections --help)", file=env.stderr)
            return ExitStatus.USAGE
    problem = usage_problem(args)
    if problem:
        print(f"tfcollections: usage error: {problem}", file=env.stderr)
        return ExitStatus.USAGE
    # Names in a graph may be any Unicode; a terminal that cannot show a character gets \\uNNNN, not a traceback.
    out = env.stdout
    ascii_only = (getattr(out, "encoding", None) or "ascii").lower().replace("-", "").replace("_", "") != "utf8"
    if ascii_only and hasattr(out, "reconfigure"):
        out.reconfigure(errors="backslashreplace")
    # One input is shown as it always was; several (or a tree) each in turn, a failure not stopping the rest.
    single = len(args.files) == 1 and not args.recursive
    quiet = args.quiet or args.json or args.jsonl or not env.stderr_isatty
    progress = None if single or quiet else _Batch(Progress(env.stderr, ""))
    read = failed = unrestorable = 0
    for given, path, failure in _inputs(args.files, args.recursive, progress, env):
        try:
            if failure is not None:
                raise failure
            restores = _show(given, path, args, env, ascii_only, single, first=read + failed == 0)
            read += 1
            unrestorable += restores is False or (restores is None and args.require_restore)
        except _Failed as failed_input:
            failed += 1
            if progress is not None:
                progress.clear()
            if args.jsonl:
                _print_jsonl_error(given, failed_input, out)
            else:
                print(f"tfcollections: {failed_input.message}", file=env.stderr)
        if progress is not None:
            progress.update(read, failed, given)
    if progress is not None:
        progress.finish(read, failed)
    if failed:
        return ExitStatus.UNREADABLE
    return ExitStatus.NO if args.require_restore and unrestorable else ExitStatus.OK


def _show(
    given: str, path: str, args: ShowArguments, env: Environment, ascii_only: bool, single: bool, first: bool
) -> Optional[bool]:
    """Read one input (*given* as the command line names it, *path* where it is read) and print it; raise
    ``_Failed`` with the line to say when it cannot be shown.

    Returns whether its checkpoint would restore (None: no checkpoint was checked). With one input, a tag or
    collection that no meta graph has is a failure (the user asked for it by name); in a batch it only leaves
    that file with nothing to show. What is no meta graph but a checkpoint is shown as a checkpoint.
    """
    name = "<stdin>" if given == "-" else shown_path(given)
    graph = not (args.no_graph or args.subgraph or args.dot)  # a view or a drawing reads the graph its own way
    # The summary shows a graph's inputs, outputs and constants for a frozen graph only (read then all the same);
    # JSON gives everything load(graph=True) gives.
    ends = args.json or args.jsonl
    out = env.stdout
    try:
        model = load_model(env.stdin if given == "-" else path, graph, ends)
    except (DecodeError, OSError) as exc:
        # What is no model may be a checkpoint, shown as one; but a SavedModel directory whose model file does not
        # read is that error (as load says), not its variables shown in its place.
        checkpoint = None
        saved_model = given != "-" and saved_model_file(path) is not None
        if given != "-" and not saved_model and not (isinstance(exc, DecodeError) and "graph_def" in exc.path):
            checkpoint = _try_checkpoint(path)
        if checkpoint is not None:
            _show_checkpoint(given, name, checkpoint, args, out, ascii_only, first)
            return None
        if isinstance(exc, OSError):
            raise _Failed(f"{name}: cannot read: {exc.strerror or exc}", exc) from None
        hint = " (--no-graph shows the rest)" if graph and "graph_def" in exc.path else ""
        if saved_model and os.path.isfile(os.path.join(path, "variables", "variables.index")):
            hint += f"; its variables are a checkpoint: tfcollections {os.path.join(given, 'variables')} lists them"
        raise _Failed(f"{name}: {exc}{hint}", exc) from None
    checked = _checkpoint_of(name, model, args, env) if not (args.subgraph or args.dot) else None
    meta_graphs = list(enumerate(model["meta_graphs"]))
    if args.tag:
        meta_graphs = [(i, mg) for i, mg in meta_graphs if set(args.tag) <= set(meta_graph_tags(mg))]
        if not meta_graphs and single:
            available = "; ".join(",".join(meta_graph_tags(mg)) or "(no tags)" for mg in model["meta_graphs"])
            raise _Failed(f"{name}: no meta graph has tags {','.join(args.tag)} (there are: {available})")
    for wanted in args.collection or [] if single else []:
        if not any(wanted in mg["collection_def"] for _, mg in meta_graphs):
            available = ", ".join(sorted({c for _, mg in meta_graphs for c in mg["collection_def"]})) or "none"
            raise _Failed(f"{name}: no collection named {wanted!r} (there are: {available})")
    scope = args.scope if args.scope is not None else args.scope_boundary
    boundary = args.scope_boundary is not None
    if args.subgraph:
        _show_subgraph(given, name, model, meta_graphs, args, out, ascii_only, first)
        return None
    if args.dot:
        _show_dot(name, model, meta_graphs, args, out)
        return None
    if args.json or args.jsonl:
        document = _json().model_document(given, model, meta_graphs, args.collection, scope, boundary)
        if checked is not None:
            document["checkpoint"] = {"prefix": checked[0], "format": checked[1]["format"], "check": checked[2]}
            if args.tensor:
                document["tensors"] = _tensors_document(checked[1], args.tensor)
        _json().dump(document, out, ascii_only, one_line=args.jsonl)
    else:
        if checked is not None and args.tensor:  # values asked for: the values, not the summary again
            _print_tensors(checked[1], args.tensor, out)
        else:
            if not first:
                out.write("\n")
            print_summary(name, model, meta_graphs, args.collection, scope, boundary, out, args.ops, checked,
                          args.layers)  # fmt: skip
    out.flush()  # each file as soon as it is read: a long batch shows its progress, `| head` stops it early
    return None if checked is None else bool(checked[2]["restores"])


def _json() -> Any:
    """The JSON writer (json, base64 and the documents), imported only when JSON is asked for."""
    from . import jsonout  # noqa: PLC0415 (a summary needs no JSON: import time)

    return jsonout


def _show_subgraph(given: str, name: str, model: Model, meta_graphs: List[Tuple[int, Any]], args: ShowArguments,
                   out: TextIO, ascii_only: bool, first: bool) -> None:  # fmt: skip
    """``--subgraph``: the view of the scope in each chosen meta graph (or its function)."""
    import re  # noqa: PLC0415 (only a view compiles a pattern)

    from .._model.subgraph import subgraph  # noqa: PLC0415 (a summary never reads a view)
    from .subgraph import view_lines  # noqa: PLC0415 (as above)

    scope: Any = args.scope_boundary if args.scope is None else re.compile(args.scope)
    views = []
    for index, _ in meta_graphs:
        try:
            views.append(subgraph(model, scope, meta_graph=index, function=args.function))
        except (DecodeError, ValueError) as exc:
            raise _Failed(f"{name}: {exc}", exc) from None
    if args.json or args.jsonl:
        document = {"path": given, "format": model["format"], "encoding": model["encoding"], "views": views}
        _json().dump(document, out, ascii_only, one_line=args.jsonl)
        return
    if not first:
        out.write("\n")
    lines = [f"{name}: {model['format']} ({model['encoding']})"]
    for (index, meta_graph), view in zip(meta_graphs, views):
        tags = ", ".join((meta_graph["meta_info_def"] or {}).get("tags") or []) or "(none)"
        if model["format"] != "GraphDef":
            lines.append(f"meta graph {index}: tags {tags}")
        lines += view_lines(dict(view))
    out.write("\n".join(lines) + "\n")


def _show_dot(name: str, model: Model, meta_graphs: List[Tuple[int, Any]], args: ShowArguments, out: TextIO) -> None:
    """``--dot``: the first chosen meta graph's graph (or function, or scope) as Graphviz DOT."""
    import re  # noqa: PLC0415 (only a scope compiles a pattern)

    from .._model.subgraph import graph_nodes, scope_test  # noqa: PLC0415 (a summary never draws)
    from .dot import dot_lines  # noqa: PLC0415 (as above)

    if not meta_graphs:
        raise _Failed(f"{name}: no meta graph to draw")
    index = meta_graphs[0][0]
    selects: Optional[Callable[[str], bool]] = None
    if args.scope is not None:
        pattern = re.compile(args.scope)
        selects = lambda given: pattern.match(given) is not None  # noqa: E731 (one test, as subgraph's)
    elif args.scope_boundary is not None:
        selects = scope_test(args.scope_boundary)
    title = f"{name}" + (f" function {args.function}" if args.function else "")
    try:
        with graph_nodes(model, index, args.function) as nodes:
            lines = dot_lines(nodes, title, selects, args.function is not None)
    except (DecodeError, ValueError) as exc:
        raise _Failed(f"{name}: {exc}", exc) from None
    out.write("\n".join(lines) + "\n")


# --------------------------------------------------------------------------- checkpoints


def _try_checkpoint(path: str) -> Optional[Dict[str, Any]]:
    """The listing of *path* when it is a checkpoint (or leads to one), else None."""
    from .._ckpt.checkpoint import load_checkpoint  # noqa: PLC0415 (a meta graph alone never loads the readers)

    try:
        return dict(load_checkpoint(path))
    except (DecodeError, OSError):
        return None


def _checkpoint_of(name: str, model: Model, args: ShowArguments, env: Environment) -> Optional[Tuple[str, Any, Any]]:
    """The checkpoint to check the meta graph against: --checkpoint, or the one beside it; (prefix, listing,
    check), or None when there is none (or --no-checkpoint)."""
    if args.no_checkpoint or model["path"] is None:
        return None
    prefix = env.path(args.checkpoint) if args.checkpoint else checkpoint_beside(model["path"], model["format"])
    if prefix is None:
        if args.tensor:
            raise _Failed(f"{name}: --tensor: no checkpoint beside it (give one with --checkpoint)")
        return None
    # Only now: a meta graph without a checkpoint never loads the checkpoint readers.
    from .._ckpt.checkpoint import load_checkpoint  # noqa: PLC0415 (see above)
    from .._ckpt.restore import check_checkpoint  # noqa: PLC0415 (see above)

    try:
        listing = load_checkpoint(prefix)
        result = check_checkpoint(model, listing)
    except (DecodeError, OSError) as exc:
        why = f"{getattr(exc, 'strerror', None) or exc}"
        if args.checkpoint or args.tensor:  # asked for by name: it must be read
            raise _Failed(f"{name}: its checkpoint {shown_path(prefix)}: {why}", exc) from None
        # The one beside it is damaged: said, and the meta graph shown all the same.
        return prefix, {"format": None, "tensors": {}}, {"restores": False, "error": why}
    return listing["prefix"], dict(listing), dict(result)


def _tensor_values(listing: Any, names: Optional[List[str]]) -> Dict[str, Any]:
    """The tensors *names* of a checkpoint, by the names the listing shows (a TF 2 checkpoint's object paths) or
    by their keys, as ``read_tensors`` takes them."""
    from .._ckpt.checkpoint import read_tensors  # noqa: PLC0415 (only when values are asked for)

    try:
        return dict(read_tensors(listing, names or []))
    except KeyError as exc:  # a name the checkpoint has not: its message names the checkpoint
        raise _Failed(f"--tensor: {exc.args[0] if exc.args else exc}") from None
    except DecodeError as exc:
        raise _Failed(f"{shown_path(listing['prefix'])}: {exc}", exc) from None


def _tensors_document(listing: Any, names: Optional[List[str]]) -> Dict[str, Any]:
    return {
        name: {"dtype": tensor.dtype, "shape": list(tensor.shape), "values": tensor.tolist()}
        for name, tensor in _tensor_values(listing, names).items()
    }


_SHOWN_VALUES = 8  # the first values a tensor's summary shows (--json gives them all)


def _print_tensors(listing: Any, names: List[str], out: TextIO) -> None:
    """Each tensor as ``run`` shows an output: dtype and shape, the least, greatest and mean of a numeric one, its
    first values (``--json`` gives every value)."""
    for name, tensor in _tensor_values(listing, names).items():
        values = _flat(tensor.tolist())
        head = f"{name} ({dtype_text(tensor.dtype)}, {shape_text(list(tensor.shape))})"
        numbers = [value for value in values if isinstance(value, (int, float)) and not isinstance(value, bool)]
        if numbers and len(numbers) == len(values):
            finite = [number for number in numbers if number == number and abs(number) != float("inf")]
            if finite:
                mean = sum(finite) / len(finite)
                head += f": min {_shown(min(finite))}, max {_shown(max(finite))}, mean {_shown(mean)}"
        shown = ", ".join(_shown(value) for value in values[:_SHOWN_VALUES])
        more = f", ... ({len(values):,} values)" if len(values) > _SHOWN_VALUES else ""
        out.write(f"{head}\n  [{shown}{more}]\n")


def _flat(nested: Any) -> List[Any]:
    if not isinstance(nested, list):
        return [nested]
    out: List[Any] = []
    for item in nested:
        out.extend(_flat(item))
    return out


def _shown(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.6g}"
    return repr(value) if isinstance(value, (bytes, str)) else str(value)


def _show_checkpoint(
    given: str, name: str, listing: Any, args: ShowArguments, out: TextIO, ascii_only: bool, first: bool
) -> None:
    scope = args.scope if args.scope is not None else args.scope_boundary
    keep = in_scope(scope, args.scope_boundary is not None)
    if args.json or args.jsonl:
        document = {"path": given, **listing, "summary": checkpoint_summary(listing)}
        document["tensors"] = {n: t for n, t in listing["tensors"].items() if keep(n)}
        document["values"] = _tensors_document(listing, args.tensor)
        _json().dump(_json().complex_as_pairs(document), out, ascii_only, one_line=args.jsonl)
    elif args.tensor:  # values asked for: the values, not the listing
        _print_tensors(listing, args.tensor, out)
    else:
        if not first:
            out.write("\n")
        out.write("\n".join(checkpoint_lines(name, listing, keep)) + "\n")
    out.flush()


# --------------------------------------------------------------------------- many inputs


def _print_jsonl_error(given: str, failure: _Failed, out: TextIO) -> None:
    error = failure.error
    if error is None:  # a tag or collection asked for by name (only with one input)
        details: Dict[str, Any] = {"type": "NotFound", "message": failure.message.split(": ", 1)[1]}
    else:
        details = {"type": type(error).__name__, "message": str(error)}
    if isinstance(error, DecodeError):
        details.update(offset=error.pos, field_path=error.path_str or None, line=error.lineno, column=error.colno)
    _json().dump({"path": given, "error": details}, out, ascii_only=False, one_line=True)
    out.flush()


def _inputs(
    paths: List[str], recursive: bool, progress: Optional[_Batch], env: Environment
) -> Iterator[Tuple[str, str, Optional[_Failed]]]:
    """The inputs to show, each as named (the path given, or found under it) and where it is read: each path
    given, and with -r each model file under the directories given.

    A directory of a tree that cannot be listed comes as a failure of its own, and the walk goes on.
    """
    looked_at = progress.looked_at if progress is not None else None
    for given in paths:
        path = env.path(given)
        if not (recursive and given != "-" and os.path.isdir(path)):
            yield given, path, None
            continue
        unlisted: List[OSError] = []
        for found in itertools.chain(walk_models(path, unlisted.append, looked_at), [None]):
            for exc in unlisted:
                folder = os.fsdecode(exc.filename) if exc.filename is not None else path
                named = given + folder[len(path) :]
                yield named, folder, _Failed(f"{shown_path(named)}: cannot list: {exc.strerror or exc}", exc)
            unlisted.clear()
            if found is not None:
                yield given + found[len(path) :], found, None


class _Batch:
    """What a batch of inputs (several paths, ``-r``) has done: on the progress line while it runs, and in a last
    line of its own when it ran long enough to show one."""

    def __init__(self, progress: Progress) -> None:
        self.progress = progress
        self.files = 0
        self.status = "0 read"

    def looked_at(self, path: str) -> None:
        self.files += 1
        self._draw(path)

    def update(self, read: int, failed: int, path: str) -> None:
        self.status = f"{read:,} read" + (f", {failed:,} failed" if failed else "")
        self._draw(path)

    def _draw(self, path: str) -> None:
        if self.progress.due():
            looked = f"{self.files:,} files looked at, " if self.files else ""
            self.progress.show(f"{looked}{self.status}: {shown_path(path)}")

    def clear(self) -> None:
        self.progress.clear()

    def finish(self, read: int, failed: int) -> None:
        self.progress.clear()
        if time.monotonic() - self.progress.started >= Progress.DELAY:
            looked = f", of {self.files:,} files looked at" if self.files else ""
            self.progress.stream.write(f"tfcollections: {read:,} read, {failed:,} failed{looked}\n")
            self.progress.stream.flush()
