# SPDX-License-Identifier: Apache-2.0
"""``tfcollections run MODEL --inputs NAME=VALUE ...``: a model run on onnxruntime, as ``saved_model_cli run`` runs one.

Strategy: a ``Session`` (the optional extra ``run``: onnxruntime and numpy) converts the model once and runs it; each
``--input`` is a ``.npy`` file or a JSON value (``x=[[1, 2, 3]]``), each ``--output`` a fetch (by default the
session's outputs). Each output is printed with its dtype, shape, least, greatest and mean values and its first
values, or written as ``.npy`` files (``--output-dir``), or given whole as JSON (``--json``). Exit 0 run, 1 the
model or an input did not read or run (one line on stderr), 2 usage.
"""

from __future__ import annotations

import argparse
import json
import os
import re

from .._errors import DecodeError
from .jsonout import dump
from .spec import VOCABULARY_HELP, CommandParser, parse_command, vocabulary_paths
from .status import ExitStatus, failure_status, reason

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, Sequence, TextIO

    from .environment import Environment

_SHOWN_VALUES = 8  # the first values printed of each output


def parser(out: TextIO) -> argparse.ArgumentParser:
    run_parser = CommandParser(
        out,
        prog="tfcollections run",
        description="Run a TensorFlow model without TensorFlow: converted to ONNX (as export does) and run on "
        "onnxruntime, fed and fetched by TensorFlow's tensor names or a signature's keys, as tf.Session.run and "
        'saved_model_cli run do. Needs the extra "run": pip install "tfcollections[run]".',
    )
    run_parser.add_argument("model", metavar="MODEL", help="a .meta or SavedModel with its checkpoint, or a .pb")
    run_parser.add_argument(  # --inputs and --outputs as export names them; --input and --output, as before
        "--inputs",
        "--input",
        dest="input",
        metavar="NAME=VALUE",
        action="append",
        default=[],
        help="a feed (repeatable): NAME a tensor (x:0), node or signature key; VALUE a .npy file or a JSON value "
        "(x=[[1, 2, 3]])",
    )
    run_parser.add_argument(
        "--outputs",
        "--output",
        dest="output",
        metavar="NAME",
        action="append",
        default=[],
        help="a fetch (repeatable; default: the outputs)",
    )
    run_parser.add_argument("--signature", metavar="KEY", help="a SavedModel's signature (default: serving_default)")
    run_parser.add_argument("--checkpoint", metavar="PREFIX", help="the checkpoint (default: the one beside the model)")
    run_parser.add_argument("--vocabulary", metavar="NAME=PATH", action="append", default=[], help=VOCABULARY_HELP)
    written = run_parser.add_mutually_exclusive_group()
    written.add_argument("--output-dir", metavar="DIR", help="write each output as DIR/NAME.npy")
    written.add_argument("--json", action="store_true", help="print every output whole, as JSON")
    return run_parser


def run(argv: Sequence[str], env: Environment) -> int:
    """Run ``tfcollections run`` with *argv* (the arguments after ``run``)."""
    stdout, stderr, path = env.stdout, env.stderr, env.path
    args = parse_command(parser(stdout), argv, stderr)
    if isinstance(args, int):
        return args
    feeds: Dict[str, str] = {}
    for item in args.input:
        name, sep, value = item.partition("=")
        if not sep or not name:
            print(f"tfcollections run: usage error: --inputs {item!r} is not NAME=VALUE", file=stderr)
            return 2
        feeds[name] = value
    vocabularies = vocabulary_paths(args.vocabulary, path)
    if isinstance(vocabularies, str):
        print(f"tfcollections run: usage error: {vocabularies}", file=stderr)
        return ExitStatus.USAGE
    try:
        from .. import Session  # noqa: PLC0415 (only a run loads the converter and onnxruntime)

        session = Session(path(args.model), path(args.checkpoint) if args.checkpoint else None,
                          signature=args.signature, vocabularies=vocabularies)  # fmt: skip
        import numpy  # noqa: PLC0415 (the Session's extra: there once the Session is made)

        values = {name: _value(numpy, name, text, path) for name, text in feeds.items()}
        # By default the outputs, named as the user knows them: a signature's keys (saved_model_cli's), else tensors.
        if args.output:
            fetches = args.output
        elif session.signature:
            fetches = list(session.signature["outputs"])
        else:
            fetches = [item["name"] for item in session.outputs]
        results = session.run(list(fetches), values)
    except ImportError as exc:
        print(f"tfcollections run: {exc}", file=stderr)
        return ExitStatus.NO
    except (DecodeError, ValueError, TypeError, OSError) as exc:
        print(f"tfcollections run: {args.model}: {reason(exc, args.model, path(args.model))}", file=stderr)
        return failure_status(exc)
    if args.json:  # bytes as {"$base64"}, a non-finite float as {"$float"}, as every --json of the tool
        document = {name: {"dtype": str(value.dtype), "shape": list(value.shape), "values": value.tolist()}
                    for name, value in zip(fetches, map(numpy.asarray, results))}  # fmt: skip
        dump(document, stdout, ascii_only=False, one_line=False)
        return 0
    for name, value in zip(fetches, results):
        array = numpy.asarray(value)
        if args.output_dir:
            target = os.path.join(path(args.output_dir), re.sub(r"[^A-Za-z0-9_.-]", "_", name) + ".npy")
            try:
                os.makedirs(os.path.dirname(target), exist_ok=True)
                numpy.save(target, array)
            except OSError as exc:
                print(f"tfcollections run: {target}: not written: {exc.strerror or exc}", file=stderr)
                return 1
            shown = os.path.join(args.output_dir, os.path.basename(target))
            stdout.write(f"{name}: {array.dtype} {tuple(array.shape)} -> {shown}\n")
        else:
            stdout.write(_summary(numpy, name, array))
    return 0


def _value(numpy: Any, name: str, text: str, path: Callable[[str], str]) -> Any:
    """An input's value: a ``.npy`` file, else a JSON value."""
    if text.endswith(".npy"):
        try:
            return numpy.load(path(text), allow_pickle=False)
        except ValueError as exc:  # not an array file numpy reads without pickle
            raise ValueError(f"--inputs {name}: {text} is no .npy array ({exc})") from None
    try:
        return json.loads(text)
    except ValueError:
        raise ValueError(f"--inputs {name}: {text!r} is neither a .npy file nor a JSON value") from None


def _summary(numpy: Any, name: str, array: Any) -> str:
    head = f"{name}: {array.dtype} {tuple(array.shape)}"
    flat = array.reshape(-1)
    if flat.size and array.dtype.kind in "fiub":
        numbers = flat.astype("float64")
        head += f", min {_number(numbers.min())}, max {_number(numbers.max())}, mean {_number(numbers.mean())}"
    shown = ", ".join(_number(item) if array.dtype.kind in "fiub" else repr(item) for item in flat[:_SHOWN_VALUES])
    more = f", ... ({flat.size} values)" if flat.size > _SHOWN_VALUES else ""
    return f"{head}\n  [{shown}{more}]\n"


def _number(value: Any) -> str:
    number = value.item() if hasattr(value, "item") else value
    if isinstance(number, bool):
        return str(number)
    if isinstance(number, int):
        return str(number)
    return f"{number:.6g}"
