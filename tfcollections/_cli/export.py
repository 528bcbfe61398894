# SPDX-License-Identifier: Apache-2.0
"""``tfcollections export SRC OUT``: a checkpoint's tensors (or a frozen graph's constants) to safetensors or ``.npz``.

Strategy: the library's ``export`` does the work and says what it wrote and left out; here are the options, a
progress bar on stderr while a long export runs (a terminal only: a pipe or a log gets the summary alone), the
summary (or ``--json``), and one line for any failure, with the statuses of ``status.STATUSES``: 0 written, 1 not
written (an output that exists without ``--force``, a directory that cannot be written), 2 usage, 3 a damaged or
missing source.
"""

from __future__ import annotations

import argparse
import json
import os

from .._errors import DecodeError
from .cells import byte_size
from .progress import bar, progress_for
from .spec import QUIET_HELP, VOCABULARY_HELP, CommandParser, parse_command
from .status import ExitStatus, failure_status, reason

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, List, Sequence, TextIO, Tuple

    from .environment import Environment


def parser(out: TextIO) -> argparse.ArgumentParser:
    export_parser = CommandParser(
        out,
        prog="tfcollections export",
        description="Write a TensorFlow checkpoint's tensors (V1, V2, TF 2 object-based, sharded; partitioned "
        "variables put together), or a frozen graph's constants, to safetensors or NumPy .npz; or a model (a .meta "
        "or TF 1 SavedModel with its checkpoint, a TF 2 SavedModel's signature, or a frozen graph) as a frozen graph "
        "(.pb) or an ONNX model "
        "(.onnx) that onnxruntime runs; without TensorFlow. Every CRC is checked; the file appears under its name "
        "only when it is whole.",
    )
    export_parser.add_argument(
        "source", metavar="SRC", help="a checkpoint (prefix, .index, directory), or a model (.meta, SavedModel, .pb)"
    )
    export_parser.add_argument("out", metavar="OUT", help="the file to write: .safetensors, .npz, .pb or .onnx")
    export_parser.add_argument(
        "--format",
        choices=("safetensors", "npz", "graphdef", "onnx"),
        help="the format (default: OUT's suffix; .pb is graphdef)",
    )
    scope = export_parser.add_mutually_exclusive_group()
    scope.add_argument("--scope-boundary", metavar="SCOPE", help="only tensors in scope SCOPE: 'bert' not 'bert_1'")
    scope.add_argument("--scope", metavar="REGEX", help="only tensors whose name re.match-es REGEX")
    export_parser.add_argument(
        "--no-slots",
        action="store_true",
        help="leave out optimizer slots (Adam's m and v, Momentum, RMSProp, ...) and training counters (global_step, "
        "Adam's beta powers, a TF 2 optimizer's own variables, save_counter)",
    )
    export_parser.add_argument(
        "--names",
        choices=("key", "object", "full_name"),
        default="key",
        help="name TF 2 tensors by checkpoint key (default), by object path (layer_with_weights-0/kernel) or by the "
        "variable's full_name (dense/kernel)",
    )
    export_parser.add_argument(
        "--rename",
        nargs=2,
        action="append",
        default=[],
        metavar=("PATTERN", "REPLACEMENT"),
        help="rename with re.sub (repeatable, applied in turn): "
        "--rename 'bert/encoder/layer_(\\d+)/' 'encoder.layer.\\1.'",
    )
    export_parser.add_argument(
        "--bfloat16-as-uint16",
        action="store_true",
        help=".npz only: write bfloat16 tensors' bits as uint16 (NumPy has no bfloat16; refused otherwise)",
    )
    model = export_parser.add_argument_group("a model to a frozen graph or ONNX")
    model.add_argument("--checkpoint", metavar="PREFIX", help="the checkpoint (default: the one beside the model)")
    model.add_argument(
        "--inputs",
        metavar="NAME[:SHAPE]",
        action="append",
        default=[],
        help="an input tensor (repeatable; default: the graph's placeholders or the signature's), with its shape "
        "for ONNX: x:0:1,224,224,3 (-1 or ? unknown); a name that is no placeholder cuts the graph there",
    )
    model.add_argument(
        "--outputs",
        metavar="NAME",
        action="append",
        default=[],
        help="an output tensor or node (repeatable; default: the signature's, or the graph's unconsumed nodes that "
        "do not train, save or summarise)",
    )
    model.add_argument("--signature", metavar="KEY", help="a SavedModel's signature (default: serving_default)")
    model.add_argument("--vocabulary", metavar="NAME=PATH", action="append", default=[], help=VOCABULARY_HELP)
    model.add_argument("--opset", type=int, default=17, help="ONNX's opset, 12 to 21 (default: 17)")
    export_parser.add_argument("--force", action="store_true", help="replace OUT if it exists")
    export_parser.add_argument("--json", action="store_true", help="print what was written and left out as JSON")
    export_parser.add_argument("-q", "--quiet", action="store_true", help=QUIET_HELP)
    return export_parser


def run(argv: Sequence[str], env: Environment) -> int:
    """Run ``tfcollections export`` with *argv* (the arguments after ``export``), in the run's *env*: its paths
    read from the run's directory, a progress bar drawn when stderr is a terminal."""
    stdout, stderr, path, stderr_isatty = env.stdout, env.stderr, env.path, env.stderr_isatty
    import re  # noqa: PLC0415 (only an export's options compile patterns)

    from .._ckpt.export import export  # noqa: PLC0415 (only an export loads the writers)

    args = parse_command(parser(stdout), argv, stderr)
    if isinstance(args, int):
        return args
    kind = args.format or {".onnx": "onnx", ".pb": "graphdef"}.get(os.path.splitext(args.out)[1].lower())
    if kind in ("onnx", "graphdef"):
        from .._convert.onnx import OPSETS  # noqa: PLC0415 (only a conversion loads it)
        from .convert import run_conversion  # noqa: PLC0415 (only a conversion loads it)

        if kind == "onnx" and args.opset not in OPSETS:  # an option out of range: a usage error, not a refusal
            print(f"tfcollections export: usage error: --opset {args.opset}: the conversion writes opsets "
                  f"{OPSETS.start} to {OPSETS.stop - 1}", file=stderr)  # fmt: skip
            return ExitStatus.USAGE

        return run_conversion(args, kind, stdout, stderr, path)
    if kind is None and os.path.splitext(args.out)[1].lower() not in (".safetensors", ".npz"):
        print(f"tfcollections export: usage error: cannot tell the format from {args.out!r}: name it .safetensors or "
              ".npz (tensors), .pb (a frozen graph) or .onnx, or give --format", file=stderr)  # fmt: skip
        return ExitStatus.USAGE
    try:
        renames: List[Tuple[Any, str]] = [(re.compile(pattern), replacement) for pattern, replacement in args.rename]
        scope: Any = args.scope_boundary if args.scope is None else re.compile(args.scope)
        if args.scope_boundary is not None:
            re.compile(args.scope_boundary)
    except re.error as exc:
        print(f"tfcollections export: usage error: not a valid regular expression: {exc}", file=stderr)
        return 2
    progress = progress_for(stderr, stderr_isatty, args.quiet or args.json, "export")

    def shown(done: int, total: int) -> None:
        if progress is not None and progress.due():
            progress.show(bar(done, total, f"{byte_size(done)} of {byte_size(total)}"))

    try:
        report = export(path(args.source), path(args.out), format=args.format, scope=scope,
                        no_slots=args.no_slots, rename=renames, names=args.names,
                        bfloat16_as_uint16=args.bfloat16_as_uint16, force=args.force,
                        progress=shown if progress is not None else None)  # fmt: skip
    except (DecodeError, ValueError, OSError) as exc:
        if progress is not None:
            progress.clear()
        why = reason(exc, args.out)
        print(f"tfcollections export: {args.out}: not written: {why}", file=stderr)
        return failure_status(exc, path(args.out))
    if progress is not None:
        progress.clear()
    if args.json:
        json.dump(report, stdout, indent=1)
        stdout.write("\n")
        return 0
    tensors, left_out = report["tensors"], report["left_out"]
    stdout.write(f"{report['path']}: {report['format']}, {len(tensors)} tensors, {byte_size(report['bytes'])}, "
                 f"from {report['source']}\n")  # fmt: skip
    if left_out:
        stdout.write(f"left out ({len(left_out)}):\n")
        for entry in left_out:
            stdout.write(f"  {entry['key']}: {entry['why']}\n")
    return 0
