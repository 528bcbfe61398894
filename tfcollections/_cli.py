# SPDX-License-Identifier: Apache-2.0
"""The command line: ``tfcollections FILE`` and ``python -m tfcollections FILE``.

Strategy: read the file with ``_files.load`` and render either a summary for a
person (aligned tables, variables as a tree of scopes, control-flow contexts as
a tree) or ``--json`` for programs (everything, lossless: bytes as
``{"$base64": ...}``, non-finite floats as ``{"$float": "inf"}``). Every failure
becomes one line on stderr and an exit code: 0 success, 1 a file that cannot
be read, 2 a usage error. Never a traceback.
"""

from __future__ import annotations

import argparse
import base64
import itertools
import json
import math
import os
import re
import sys
import time

from . import __version__
from ._api import COLLECTIONS, message_type
from ._errors import DecodeError
from ._files import get_collection, item_name, load, meta_graph_tags, scope_matcher, walk_models
from ._locate import shown as shown_path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, TextIO, Tuple

    from .types import Model

# The collections of VariableDefs, from the registry, and how the variable tree names membership of each.
_VARIABLE_COLLECTIONS = tuple(name for name, kind in COLLECTIONS.items() if kind == "tensorflow.VariableDef")
_SHORT = {name: "global" if name == "variables" else name.replace("_variables", "") for name in _VARIABLE_COLLECTIONS}
_ORDER = {name: index for index, name in enumerate(_VARIABLE_COLLECTIONS)}


# Ops that read or write files or run Python: what a reviewer of a model from elsewhere looks for. TensorFlow's
# own `saved_model_cli scan` denies ReadFile, WriteFile and PrintV2 (_OP_DENYLIST, python/tools/saved_model_cli.py,
# TF 2.21); model scanners (protectai/modelscan, promptfoo/modelaudit) add MatchingFiles and PyFunc; the rest are
# every op of TensorFlow 2.21's registry that opens a path it is given. docs/cli.md lists them.
_FILES = "reads or writes files"
_PYTHON = "runs Python"
_CHECKPOINTS = "saves or restores checkpoints"  # every graph with a Saver has these
# fmt: off
_FLAGGED_OPS: Dict[str, str] = {
    "PyFunc": _PYTHON, "PyFuncStateless": _PYTHON, "EagerPyFunc": _PYTHON,
    "ReadFile": _FILES, "WriteFile": _FILES, "PrintV2": _FILES, "MatchingFiles": _FILES,
    "MatchingFilesDataset": _FILES, "ExperimentalMatchingFilesDataset": _FILES, "ImmutableConst": _FILES,
    "Save": _CHECKPOINTS, "SaveV2": _CHECKPOINTS, "SaveSlices": _CHECKPOINTS, "Restore": _CHECKPOINTS,
    "RestoreV2": _CHECKPOINTS, "RestoreSlice": _CHECKPOINTS, "MergeV2Checkpoints": _CHECKPOINTS,
    "LoadAndRemapMatrix": _CHECKPOINTS,
    "TextLineDataset": _FILES, "TFRecordDataset": _FILES, "FixedLengthRecordDataset": _FILES,
    "CSVDataset": _FILES, "ExperimentalCSVDataset": _FILES, "LMDBDataset": _FILES, "ExperimentalLMDBDataset": _FILES,
    "TextLineReader": _FILES, "TextLineReaderV2": _FILES, "TFRecordReader": _FILES, "TFRecordReaderV2": _FILES,
    "FixedLengthRecordReader": _FILES, "FixedLengthRecordReaderV2": _FILES, "WholeFileReader": _FILES,
    "WholeFileReaderV2": _FILES, "LMDBReader": _FILES, "InitializeTableFromTextFile": _FILES,
    "InitializeTableFromTextFileV2": _FILES, "SaveDataset": _FILES, "LoadDataset": _FILES, "SnapshotDataset": _FILES,
    "SnapshotDatasetV2": _FILES, "DatasetToTFRecord": _FILES, "ExperimentalDatasetToTFRecord": _FILES,
    "CreateSummaryFileWriter": _FILES, "DebugIdentity": _FILES, "DebugIdentityV2": _FILES,
}
# fmt: on


class _UsageError(Exception):
    pass


class _ArgumentParser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # argparse prints usage and exits 2; we want one line
        raise _UsageError(message)


def _parser() -> argparse.ArgumentParser:
    parser = _ArgumentParser(
        prog="tfcollections",
        description="Show what TensorFlow .meta and saved_model.pb files hold: meta graphs, variables with dtypes, "
        "shapes and parameter counts, the ops the model runs, saver, collections (savers, queue runners, "
        "control-flow contexts), signatures; and checkpoints: their tensors, their values, and whether a meta "
        "graph would restore from one. No TensorFlow needed.",
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
        '{"path", "error"} (exit status 1)',
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
    parser.add_argument("--tag", action="append", metavar="TAG", help="only the meta graphs with this tag (repeatable)")
    parser.add_argument("--ops", action="store_true", help="list every op the graph and its functions use, with counts")
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
        help="exit with status 3 when the checkpoint would not restore (or there is none): for CI pipelines",
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
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    try:
        return _main(argv)
    except KeyboardInterrupt:  # Ctrl-C while a long stream is read: one line, the shell's code for SIGINT
        print("tfcollections: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # a bug of ours: still one line, not a traceback (70 is EX_SOFTWARE)
        print(f"tfcollections: internal error, please report it: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 70


class _Failed(Exception):
    """One input that cannot be shown: the line that says why, and the error behind it (for --jsonl)."""

    def __init__(self, message: str, error: Optional[Exception] = None) -> None:
        super().__init__(message)
        self.message = message
        self.error = error


def _main(argv: Optional[Sequence[str]]) -> int:
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:  # --help and --version: printed, and done
        return exc.code if isinstance(exc.code, int) else 0
    except _UsageError as exc:
        print(f"tfcollections: usage error: {exc} (see tfcollections --help)", file=sys.stderr)
        return 2
    problem = _usage_problem(args)
    if problem:
        print(f"tfcollections: usage error: {problem}", file=sys.stderr)
        return 2
    # Names in a graph may be any Unicode; a terminal that cannot show a character gets \\uNNNN, not a traceback.
    out = sys.stdout
    ascii_only = (getattr(out, "encoding", None) or "ascii").lower().replace("-", "").replace("_", "") != "utf8"
    if ascii_only and hasattr(out, "reconfigure"):
        out.reconfigure(errors="backslashreplace")
    # One input is shown as it always was; several (or a tree) each in turn, a failure not stopping the rest.
    single = len(args.files) == 1 and not args.recursive
    progress = _Progress(sys.stderr) if not single and _is_terminal(sys.stderr) else None
    read = failed = unrestorable = 0
    try:
        for given, failure in _inputs(args.files, args.recursive, progress):
            try:
                if failure is not None:
                    raise failure
                restores = _show(given, args, out, ascii_only, single, first=read + failed == 0)
                read += 1
                unrestorable += restores is False or (restores is None and args.require_restore)
            except _Failed as failed_input:
                failed += 1
                if progress is not None:
                    progress.clear()
                if args.jsonl:
                    _print_jsonl_error(given, failed_input, out)
                else:
                    print(f"tfcollections: {failed_input.message}", file=sys.stderr)
            if progress is not None:
                progress.update(read, failed, given)
    except BrokenPipeError:  # `tfcollections FILE | head`
        sys.stderr.close()
        return 0
    if progress is not None:
        progress.finish(read, failed)
    if failed:
        return 1
    return 3 if args.require_restore and unrestorable else 0


def _usage_problem(args: argparse.Namespace) -> Optional[str]:
    if args.json and (len(args.files) > 1 or args.recursive):
        return "--json shows one file; --jsonl gives one JSON object per file"
    if args.files.count("-") > 1:
        return "standard input (-) can be read once"
    if args.scope is not None or args.scope_boundary is not None:
        try:
            re.compile(args.scope if args.scope is not None else args.scope_boundary)
        except re.error as exc:
            return f"the scope is not a valid regular expression: {exc}"
    return None


def _show(
    given: str, args: argparse.Namespace, out: TextIO, ascii_only: bool, single: bool, first: bool
) -> Optional[bool]:
    """Read one input and print it; raise ``_Failed`` with the line to say when it cannot be shown.

    Returns whether its checkpoint would restore (None: no checkpoint was checked). With one input, a tag or
    collection that no meta graph has is a failure (the user asked for it by name); in a batch it only leaves
    that file with nothing to show. What is no meta graph but a checkpoint is shown as a checkpoint.
    """
    name = "<stdin>" if given == "-" else shown_path(given)
    graph = not args.no_graph
    try:
        model = load(sys.stdin.buffer, graph=graph) if given == "-" else load(given, graph=graph)
    except (DecodeError, OSError) as exc:
        checkpoint = None
        if given != "-" and not (isinstance(exc, DecodeError) and "graph_def" in exc.path):
            from . import _cli_checkpoints

            checkpoint = _cli_checkpoints.try_checkpoint(given)
        if checkpoint is not None:
            _show_checkpoint(given, name, checkpoint, args, out, ascii_only, first)
            return None
        if isinstance(exc, OSError):
            raise _Failed(f"{name}: cannot read: {exc.strerror or exc}", exc) from None
        hint = " (--no-graph shows the rest)" if graph and "graph_def" in exc.path else ""
        raise _Failed(f"{name}: {exc}{hint}", exc) from None
    checked = _checkpoint_of(name, model, args)
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
    if args.json or args.jsonl:
        document = _json_document(given, model, meta_graphs, args.collection, scope, boundary)
        if checked is not None:
            document["checkpoint"] = {"prefix": checked[0], "format": checked[1]["format"], "check": checked[2]}
            if args.tensor:
                document["tensors"] = _tensors_document(checked[1], args.tensor)
        if args.jsonl:
            json.dump(_jsonable(document), out, ensure_ascii=ascii_only, allow_nan=False, separators=(",", ":"))
        else:
            json.dump(_jsonable(document), out, indent=1, ensure_ascii=ascii_only, allow_nan=False)
        out.write("\n")
    else:
        if not first:
            out.write("\n")
        _print_summary(name, model, meta_graphs, args.collection, scope, boundary, out, args.ops, checked)
        if checked is not None and args.tensor:
            _print_tensors(checked[1], args.tensor, out)
    out.flush()  # each file as soon as it is read: a long batch shows its progress, `| head` stops it early
    return None if checked is None else bool(checked[2]["restores"])


def _checkpoint_of(name: str, model: Model, args: argparse.Namespace) -> Optional[Tuple[str, Any, Any]]:
    """The checkpoint to check the meta graph against: --checkpoint, or the one beside it; (prefix, listing,
    check), or None when there is none (or --no-checkpoint)."""
    if args.no_checkpoint or model["path"] is None:
        return None
    from ._locate import checkpoint_beside

    prefix = args.checkpoint or checkpoint_beside(model["path"], model["format"])
    if prefix is None:
        if args.tensor:
            raise _Failed(f"{name}: --tensor: no checkpoint beside it (give one with --checkpoint)")
        return None
    from . import _cli_checkpoints  # only now: a meta graph without a checkpoint never loads the checkpoint readers

    try:
        listing, result = _cli_checkpoints.check(dict(model), prefix)
    except (DecodeError, OSError) as exc:
        why = f"{getattr(exc, 'strerror', None) or exc}"
        if args.checkpoint or args.tensor:  # asked for by name: it must be read
            raise _Failed(f"{name}: its checkpoint {shown_path(prefix)}: {why}", exc) from None
        # The one beside it is damaged: said, and the meta graph shown all the same.
        return prefix, {"format": None, "tensors": {}}, {"restores": False, "error": why}
    return listing["prefix"], listing, result


def _tensors_document(listing: Any, names: Optional[List[str]]) -> Dict[str, Any]:
    from . import _cli_checkpoints

    values = {}
    for name in names or []:
        if name not in listing["tensors"]:
            raise _Failed(f"--tensor: {name!r} is not in checkpoint {shown_path(listing['prefix'])}")
        try:
            tensor, value = _cli_checkpoints.tensor_values(listing, name)
        except DecodeError as exc:
            raise _Failed(f"{shown_path(listing['prefix'])}: {exc}", exc) from None
        values[name] = {"dtype": tensor.dtype, "shape": list(tensor.shape), "values": value}
    return values


def _print_tensors(listing: Any, names: List[str], out: TextIO) -> None:
    for name, tensor in _tensors_document(listing, names).items():
        text = json.dumps(_jsonable(_complex_as_pairs(tensor["values"])), allow_nan=False)
        out.write(f"{name} ({dtype_text(tensor['dtype'])}, {shape_text(tensor['shape'])}): {text}\n")


def _complex_as_pairs(value: Any) -> Any:
    if isinstance(value, list):
        return [_complex_as_pairs(item) for item in value]
    if isinstance(value, complex):
        return [value.real, value.imag]
    return value


def _show_checkpoint(
    given: str, name: str, listing: Any, args: argparse.Namespace, out: TextIO, ascii_only: bool, first: bool
) -> None:
    from . import _cli_checkpoints

    scope = args.scope if args.scope is not None else args.scope_boundary
    keep = _in_scope(scope, args.scope_boundary is not None)
    if args.json or args.jsonl:
        document = {"path": given, **listing, "summary": _cli_checkpoints.summary(listing)}
        document["tensors"] = {n: t for n, t in listing["tensors"].items() if keep(n)}
        document["values"] = _tensors_document(listing, args.tensor)
        separators = (",", ":") if args.jsonl else None
        json.dump(_jsonable(_complex_as_pairs(document)), out, indent=None if args.jsonl else 1,
                  ensure_ascii=ascii_only, allow_nan=False, separators=separators)  # fmt: skip
        out.write("\n")
    else:
        if not first:
            out.write("\n")
        lines = _cli_checkpoints.checkpoint_lines(name, listing, keep)
        out.write("\n".join(lines) + "\n")
        if args.tensor:
            _print_tensors(listing, args.tensor, out)
    out.flush()


def _print_jsonl_error(given: str, failure: _Failed, out: TextIO) -> None:
    error = failure.error
    if error is None:  # a tag or collection asked for by name (only with one input)
        details: Dict[str, Any] = {"type": "NotFound", "message": failure.message.split(": ", 1)[1]}
    else:
        details = {"type": type(error).__name__, "message": str(error)}
    if isinstance(error, DecodeError):
        details.update(offset=error.pos, field_path=error.path_str or None, line=error.lineno, column=error.colno)
    json.dump({"path": given, "error": details}, out, ensure_ascii=False, separators=(",", ":"))
    out.write("\n")
    out.flush()


def _inputs(
    paths: List[str], recursive: bool, progress: Optional[_Progress]
) -> Iterator[Tuple[str, Optional[_Failed]]]:
    """The inputs to show: each path given, and with -r each model file under the directories given.

    A directory of a tree that cannot be listed comes as a failure of its own, and the walk goes on.
    """
    looked_at = progress.looked_at if progress is not None else None
    for path in paths:
        if not (recursive and path != "-" and os.path.isdir(path)):
            yield path, None
            continue
        unlisted: List[OSError] = []
        for found in itertools.chain(walk_models(path, unlisted.append, looked_at), [None]):
            for exc in unlisted:
                folder = os.fsdecode(exc.filename) if exc.filename is not None else path
                yield folder, _Failed(f"{shown_path(folder)}: cannot list: {exc.strerror or exc}", exc)
            unlisted.clear()
            if found is not None:
                yield found, None


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class _Progress:
    """A line on stderr, rewritten in place, for long runs on a terminal: how far the run has got."""

    _INTERVAL = 0.25  # seconds between redraws
    _DELAY = 1.0  # a run shorter than this shows none

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.started = time.monotonic()
        self.drawn_at = self.started
        self.files = 0
        self.status = "0 read"
        self.visible = False

    def looked_at(self, path: str) -> None:
        self.files += 1
        self._draw(path)

    def update(self, read: int, failed: int, path: str) -> None:
        self.status = f"{read:,} read" + (f", {failed:,} failed" if failed else "")
        self._draw(path)

    def _draw(self, path: str) -> None:
        now = time.monotonic()
        if now - self.started < self._DELAY or now - self.drawn_at < self._INTERVAL:
            return
        self.drawn_at = now
        looked = f"{self.files:,} files looked at, " if self.files else ""
        line = f"tfcollections: {looked}{self.status}: {shown_path(path)}"
        try:
            width = os.get_terminal_size(self.stream.fileno()).columns - 1
        except (AttributeError, OSError, ValueError):
            width = 79
        self.stream.write("\r" + line[:width] + "\x1b[K")
        self.stream.flush()
        self.visible = True

    def clear(self) -> None:
        if self.visible:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.visible = False

    def finish(self, read: int, failed: int) -> None:
        """The last word of a run long enough to have shown progress: what it did, on a line of its own."""
        self.clear()
        if time.monotonic() - self.started >= self._DELAY:
            looked = f", of {self.files:,} files looked at" if self.files else ""
            self.stream.write(f"tfcollections: {read:,} read, {failed:,} failed{looked}\n")
            self.stream.flush()


def _selected(
    meta_graph: Dict[str, Any], names: Optional[List[str]], scope: Optional[str], boundary: bool
) -> Dict[str, Dict[str, Any]]:
    out = {}
    for name, collection in meta_graph["collection_def"].items():
        if names and name not in names:
            continue
        out[name] = {"kind": collection["kind"], "value": get_collection(meta_graph, name, scope, boundary=boundary)}
    return out


# --------------------------------------------------------------------------- JSON


def _jsonable(value: Any) -> Any:
    if isinstance(value, (bytes, bytearray)):
        return {"$base64": base64.b64encode(value).decode("ascii")}
    if isinstance(value, float) and not math.isfinite(value):
        return {"$float": repr(value)}
    if isinstance(value, dict):
        return {key: _jsonable(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_jsonable(item) for item in value]
    return value


def _json_document(given: str, model: Model, meta_graphs: List[Any], names: Optional[List[str]],
                   scope: Optional[str], boundary: bool) -> Dict[str, Any]:  # fmt: skip
    """--json's document: the input as given, the file read and how it was found, and what it holds."""
    document: Dict[str, Any] = {"path": given, "file": model["path"], "located": model["located"]}
    document.update(format=model["format"], encoding=model["encoding"])
    document.update(saved_model_schema_version=model["saved_model_schema_version"], meta_graphs=[])
    for index, meta_graph in meta_graphs:
        shown = {**meta_graph, "index": index, "collection_def": _selected(meta_graph, names, scope, boundary)}
        if "graph" in meta_graph:
            variables = _graph_variables(meta_graph, names, scope, boundary)
            shown["graph"] = {**meta_graph["graph"], "variables": variables}
            shown["graph_summary"] = _graph_summary(meta_graph["graph"], variables)
        document["meta_graphs"].append(shown)
    return document


# --------------------------------------------------------------------------- summary


def table(rows: List[List[str]], indent: str) -> List[str]:
    if not rows:
        return []
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [indent + "  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip() for row in rows]


def _print_summary(file_name: str, model: Model, meta_graphs: List[Any], names: Optional[List[str]],
                   scope: Optional[str], boundary: bool, out: TextIO, show_all_ops: bool = False,
                   checked: Optional[Tuple[str, Any, Any]] = None) -> None:  # fmt: skip
    count = len(model["meta_graphs"])
    lines = []
    if model["located"] is not None and model["path"] is not None:  # a directory or prefix led to the file: say so
        lines.append(f"{file_name}: {model['located']}:")
        file_name = shown_path(model["path"])
    lines.append(f"{file_name}: {model['format']} ({model['encoding']}), {count} meta graph{'s' if count != 1 else ''}")
    # The meta graph check_checkpoint checks: the first with a saver.
    checked_index = next((i for i, mg in enumerate(model["meta_graphs"]) if mg["saver_def"] is not None), 0)
    for index, meta_graph in meta_graphs:
        lines.append("")
        info = meta_graph["meta_info_def"] or {}
        tags = ", ".join(info.get("tags") or []) or "(none)"
        version = info.get("tensorflow_version")
        # TensorFlow before 1.0 wrote no version: say so rather than "TensorFlow unknown".
        written = f"written by TensorFlow {version}" if version else "TensorFlow version not recorded"
        lines.append(f"meta graph {index}: tags {tags}; {written}")
        graph = meta_graph["graph_def"]
        if "graph" in meta_graph:
            lines += _graph_line(meta_graph["graph"])
        elif graph:
            lines.append(f"  graph_def: {graph['size']:,} bytes at byte {graph['offset']:,} (not read)")
        saver = meta_graph["saver_def"]
        if saver:
            lines.append(
                f"  saver: {saver['version']}, max_to_keep {saver['max_to_keep']}, "
                f"{'sharded, ' if saver['sharded'] else ''}save {saver['save_tensor_name'] or '-'}, "
                f"restore {saver['restore_op_name'] or '-'}"
            )
        collections = _selected(meta_graph, names, scope, boundary)
        lines += _collections_section(collections)
        lines += [
            f"    (no collection {wanted!r} in this meta graph)" for wanted in names or [] if wanted not in collections
        ]
        if "graph" in meta_graph:
            status = None
            if checked is not None and index == checked_index:
                from . import _cli_checkpoints

                status = _cli_checkpoints.status_by_name(checked[2])
            lines += _graph_variables_section(meta_graph, names, scope, boundary, status)
            if checked is not None and index == checked_index:
                lines += _cli_checkpoints.check_lines(shown_path(checked[0]), checked[1], checked[2])
            lines += _ops_section(meta_graph["graph"], show_all_ops)
        else:
            lines += _variables_section(collections)
        lines += _queue_runners_section(collections)
        lines += _contexts_section(collections)
        lines += _signatures_section(meta_graph)
    out.write("\n".join(lines) + "\n")


def _collections_section(collections: Dict[str, Dict[str, Any]]) -> List[str]:
    lines = [f"  collections ({len(collections)}):"]
    rows = []
    for name in sorted(collections):
        collection = collections[name]
        kind = collection["kind"] or "(no kind set)"
        holds = message_type(name) if collection["kind"] == "bytes_list" else None
        if holds is None and collection["kind"] == "bytes_list":
            holds = "user bytes"
        elif collection["kind"] == "any_list":  # the payload types, as their type URLs name them
            holds = ", ".join(sorted({str(item["type_url"]).rpartition("/")[2] for item in collection["value"]}))
        rows.append([name, kind, str(len(collection["value"])), (holds or "").replace("tensorflow.", "")])
    return lines + table(rows, "    ")


def _variables_section(collections: Dict[str, Dict[str, Any]]) -> List[str]:
    # Every variable once, with the collections that hold it; node_list entries (older files) by name.
    variables: Dict[str, Dict[str, Any]] = {}
    for collection_name in _VARIABLE_COLLECTIONS:
        collection = collections.get(collection_name)
        if not collection:
            continue
        for item in collection["value"]:
            name = item_name(item, collection["kind"])
            if name is None:
                continue
            entry = variables.setdefault(name, {"item": item if isinstance(item, dict) else None, "in": []})
            entry["in"].append(_SHORT[collection_name])
            if entry["item"] is None and isinstance(item, dict):
                entry["item"] = item
    if not variables:
        return []
    lines = [f"  variables ({len(variables)}):"]
    rows = []
    previous: List[str] = []
    for name in sorted(variables):
        parts = name.split("/")
        scopes = parts[:-1]
        for depth in opened_scopes(previous, scopes):
            rows.append(["  " * depth + scopes[depth] + "/", "", ""])
        previous = scopes
        item = variables[name]["item"] or {}
        flags = []
        # VariableDef.trainable is written since TF 1.9; before, trainable_variables membership is what says it.
        if item.get("trainable") or "trainable" in variables[name]["in"]:
            flags.append("trainable")
        if item.get("is_resource"):
            flags.append("resource")
        slice_info = item.get("save_slice_info_def")
        if slice_info:
            flags.append(f"slice of {slice_info['full_name']} {slice_info['full_shape']} at {slice_info['var_offset']}")
        rows.append(["  " * len(scopes) + parts[-1], " ".join(flags), ",".join(variables[name]["in"])])
    return lines + table(rows, "    ")


# --------------------------------------------------------------------------- the graph


def _in_scope(scope: Optional[str], boundary: bool) -> Callable[[str], bool]:
    """TensorFlow's scope rule (see get_collection), on a variable's tensor name ``<node>:0``."""
    if scope is None:
        return lambda name: True
    matches = scope_matcher(scope, boundary)
    return lambda name: matches(f"{name}:0")


def _graph_variables(
    meta_graph: Dict[str, Any], names: Optional[List[str]], scope: Optional[str], boundary: bool
) -> List[Dict[str, Any]]:
    """The graph's variables that the filters keep: in scope, and in one of the chosen collections if any."""
    wanted = [name for name in names or [] if name in _VARIABLE_COLLECTIONS]
    if names and not wanted:
        return []
    matches = _in_scope(scope, boundary)
    return [
        variable
        for variable in meta_graph["graph"]["variables"]
        if matches(str(variable["name"])) and (not wanted or set(wanted) & set(variable["collections"]))
    ]


def opened_scopes(previous: List[str], scopes: List[str]) -> range:
    """The depths of the scopes a name of a sorted tree opens that the name before it did not: a row each."""
    common = 0
    while common < min(len(scopes), len(previous)) and scopes[common] == previous[common]:
        common += 1
    return range(common, len(scopes))


def parameters(variable: Dict[str, Any]) -> Optional[int]:
    """Elements of what has a ``"shape"`` (a graph's variable, a checkpoint's tensor); None if not known."""
    shape = variable["shape"]
    if shape is None or any(size < 0 for size in shape):
        return None
    count = 1
    for size in shape:
        count *= size
    return count


def _slot_of(variable: Dict[str, Any], names: Dict[str, Dict[str, Any]]) -> Optional[str]:
    """The variable an optimizer slot or moving average is colocated with (``_class``), if another one."""
    for other in variable["colocated_with"]:
        if other != variable["name"] and other in names:
            return str(other)
    return None


def _graph_summary(graph: Dict[str, Any], variables: List[Dict[str, Any]]) -> Dict[str, Any]:
    """Parameter counts (variables that are not slots; trainable ones; slots and averages) and flagged ops."""
    names = {str(v["name"]): v for v in variables}
    total = trainable = slots = unknown = 0
    for variable in variables:
        count = parameters(variable)
        if count is None:
            unknown += 1
        elif _slot_of(variable, names) is not None:
            slots += count
        else:
            total += count
            trainable += count if variable["trainable"] else 0
    flagged = {op: _FLAGGED_OPS[op] for op in graph["ops"] if op in _FLAGGED_OPS}
    return {"parameters": total, "trainable_parameters": trainable, "slot_parameters": slots,
            "variables_of_unknown_size": unknown, "flagged_ops": flagged}  # fmt: skip


def _graph_line(graph: Dict[str, Any]) -> List[str]:
    nodes = sum(graph["ops"].values())
    in_functions = sum(sum(counts.values()) for counts in graph["functions"].values())
    line = f"  graph: {nodes - in_functions:,} node{'s' if nodes - in_functions != 1 else ''}"
    if graph["functions"]:
        count = len(graph["functions"])
        line += f", and {in_functions:,} in {count} function{'s' if count != 1 else ''}"
    return [line + f"; {len(graph['ops'])} op types"]


_DTYPES = {"DT_FLOAT": "float32", "DT_DOUBLE": "float64", "DT_HALF": "float16", "DT_BFLOAT16": "bfloat16"}


def dtype_text(dtype: Any) -> str:
    if dtype is None:
        return "?"
    return _DTYPES.get(dtype, str(dtype).replace("DT_", "").lower()) if isinstance(dtype, str) else str(dtype)


def shape_text(shape: Optional[List[int]]) -> str:
    if shape is None:
        return "unknown"
    return "(" + ", ".join("?" if size < 0 else str(size) for size in shape) + ("," if len(shape) == 1 else "") + ")"


def _variable_row(variable: Dict[str, Any], label: str, status: Optional[Dict[str, str]] = None) -> List[str]:
    count = parameters(variable)
    flags = []
    if variable["trainable"]:
        flags.append("trainable")
    if variable["op"] is None:
        flags.append("no node in the graph")
    elif variable["op"] not in ("VariableV2", "VarHandleOp"):
        flags.append(f"op {variable['op']}")
    elif variable["op"] == "VarHandleOp":
        flags.append("resource")
    if variable["device"]:
        flags.append(f"on {variable['device']}")
    partition = variable["partition"]
    if partition:
        flags.append(f"part of {partition['full_name']} {partition['full_shape']} at {partition['offset']}")
    if status is not None:  # what the checkpoint says of it, by the key the saver writes it under
        key = partition["full_name"] if partition else str(variable["name"])
        flags.append(status.get(key, "not saved"))
    collections = ",".join(
        _SHORT.get(c, c) for c in sorted(variable["collections"], key=lambda name: _ORDER.get(name, len(_ORDER)))
    )
    shown = "?" if count is None else f"{count:,}"
    return [
        label,
        dtype_text(variable["dtype"]),
        shape_text(variable["shape"]),
        shown,
        " ".join(flags),
        collections,
    ]


def _graph_variables_section(
    meta_graph: Dict[str, Any],
    names: Optional[List[str]],
    scope: Optional[str],
    boundary: bool,
    status: Optional[Dict[str, str]] = None,
) -> List[str]:
    variables = _graph_variables(meta_graph, names, scope, boundary)
    if not variables:
        return []
    by_name = {str(v["name"]): v for v in variables}
    slots: Dict[str, List[Dict[str, Any]]] = {}
    primaries = []
    for variable in variables:
        owner = _slot_of(variable, by_name)
        if owner is None:
            primaries.append(variable)
        else:
            slots.setdefault(owner, []).append(variable)
    summary = _graph_summary(meta_graph["graph"], variables)
    head = f"  variables ({len(variables)}): {summary['parameters']:,} parameters, "
    head += f"{summary['trainable_parameters']:,} trainable"
    if summary["slot_parameters"]:
        head += f"; {summary['slot_parameters']:,} more in optimizer slots and averages"
    if summary["variables_of_unknown_size"]:
        head += f"; {summary['variables_of_unknown_size']} of unknown size"
    # Subtotals: each scope's parameters (slots aside), by scope path.
    subtotals: Dict[Tuple[str, ...], int] = {}
    for variable in primaries:
        path = tuple(str(variable["name"]).split("/"))
        for depth in range(1, len(path)):
            subtotals[path[:depth]] = subtotals.get(path[:depth], 0) + (parameters(variable) or 0)
    rows: List[List[str]] = [["name", "dtype", "shape", "parameters", "", "collections"]]
    previous: List[str] = []
    for variable in sorted(primaries, key=lambda v: str(v["name"])):
        parts = str(variable["name"]).split("/")
        scopes = parts[:-1]
        for depth in opened_scopes(previous, scopes):
            rows.append(["  " * depth + scopes[depth] + "/", "", "", f"{subtotals[tuple(scopes[: depth + 1])]:,}",
                         "", ""])  # fmt: skip
        previous = scopes
        rows.append(_variable_row(variable, "  " * len(scopes) + parts[-1], status))
        for slot in sorted(slots.get(str(variable["name"]), []), key=lambda v: str(v["name"])):
            slot_name = str(slot["name"])
            own = (
                slot_name[len(str(variable["name"])) + 1 :]
                if slot_name.startswith(f"{variable['name']}/")
                else slot_name
            )
            rows.append(_variable_row(slot, "  " * (len(scopes) + 1) + "+ " + own, status))
    return [head, *table(rows, "    ")]


def _ops_section(graph: Dict[str, Any], show_all: bool) -> List[str]:
    ops: Dict[str, int] = graph["ops"]
    flagged = [op for op in ops if op in _FLAGGED_OPS]
    if not show_all:
        if not flagged:
            return []
        by_note: Dict[str, List[str]] = {}
        for op in flagged:
            by_note.setdefault(_FLAGGED_OPS[op], []).append(f"{op} ({ops[op]})")
        notes = "; ".join(f"{note}: {', '.join(names)}" for note, names in by_note.items())
        return [f"  flagged ops: {notes} (--ops lists every op)"]
    in_functions: Dict[str, int] = {}
    for counts in graph["functions"].values():
        for op, count in counts.items():
            in_functions[op] = in_functions.get(op, 0) + count
    functions = set(graph["functions"])
    rows = [["op", "graph", "functions", ""]]
    for op, count in ops.items():
        note = _FLAGGED_OPS.get(op, "a call of a library function" if op in functions else "")
        inside = in_functions.get(op, 0)
        rows.append([op, f"{count - inside:,}", f"{inside:,}" if inside else "", note])
    return [f"  ops ({len(ops)} types):", *table(rows, "    ")]


def _queue_runners_section(collections: Dict[str, Dict[str, Any]]) -> List[str]:
    runners = [item for item in (collections.get("queue_runners") or {}).get("value", []) if isinstance(item, dict)]
    if not runners:
        return []
    rows = [
        [runner["queue_name"], f"{len(runner['enqueue_op_name'])} enqueue ops",
         "closes on " + (", ".join(str(code) for code in runner["queue_closed_exception_types"]) or "-")]
        for runner in runners
    ]  # fmt: skip
    return [f"  queue runners ({len(runners)}):", *table(rows, "    ")]


def _context_lines(context: Dict[str, Any], kind: str, depth: int) -> List[str]:
    indent = "    " + "  " * depth
    if kind == "while":
        maximum = context["maximum_iterations_name"] or "-"
        detail = f"while  max_iterations {maximum}, parallel {context['parallel_iterations']}"
    else:
        detail = f"cond   branch {context['branch']}, pred {context['pred_name']}"
    lines = [f"{indent}{context['context_name']}  ({detail})"]
    for nested in context["nested_contexts"]:
        if nested["cond_ctxt"] is not None:
            lines += _context_lines(nested["cond_ctxt"], "cond", depth + 1)
        elif nested["while_ctxt"] is not None:
            lines += _context_lines(nested["while_ctxt"], "while", depth + 1)
    return lines


def _contexts_section(collections: Dict[str, Dict[str, Any]]) -> List[str]:
    lines = []
    for name, kind in (("while_context", "while"), ("cond_context", "cond")):
        for context in (collections.get(name) or {}).get("value", []):
            if isinstance(context, dict):
                lines += _context_lines(context, kind, 0)
    return ["  control-flow contexts:", *lines] if lines else []


def _signatures_section(meta_graph: Dict[str, Any]) -> List[str]:
    signatures = meta_graph["signature_def"]
    if not signatures:
        return []
    lines = [f"  signatures ({len(signatures)}):"]
    for key in sorted(signatures):
        signature = signatures[key]
        lines.append(f"    {key}  (method {signature['method_name'] or '-'})")
        for direction in ("inputs", "outputs"):
            rows = []
            for tensor_key in sorted(signature[direction]):
                info = signature[direction][tensor_key]
                rows.append([f"{direction[:-1]} {tensor_key}", str(info["dtype"]), _shape(info["tensor_shape"]),
                             _tensor_names(info)])  # fmt: skip
            lines += table(rows, "      ")
    return lines


def _tensor_names(info: Dict[str, Any]) -> str:
    # TensorInfo.encoding: a tensor name, a sparse tensor's three tensors, or a composite's components.
    if info["name"] is not None:
        return str(info["name"])
    sparse = info["coo_sparse"]
    if sparse is not None:
        return (
            f"sparse: values {sparse['values_tensor_name']}, indices {sparse['indices_tensor_name']}, "
            f"dense_shape {sparse['dense_shape_tensor_name']}"
        )
    composite = info["composite_tensor"]
    if composite is not None:
        names = ", ".join(_tensor_names(component) for component in composite["components"])
        return f"composite: {names}"
    return "(no tensor)"


def _shape(shape: Optional[Dict[str, Any]]) -> str:
    if shape is None or shape["unknown_rank"]:
        return "unknown rank"
    return "(" + ", ".join(str(dim["size"]) for dim in shape["dim"]) + ")"
