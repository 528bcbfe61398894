# SPDX-License-Identifier: Apache-2.0
"""``tfcollections diff A B``: what differs between two checkpoints, two models, or a model and a checkpoint.

Strategy: the library's ``diff`` compares; here the result is written for a person (what is only in one, what
changed and how, how many are the same and how that was told) or as JSON, and the exit status says it as
``diff`` does, for CI: 0 equal, 1 different, 2 a usage error, 3 a side that does not read.
"""

from __future__ import annotations

import argparse
import json

from .._errors import DecodeError
from .cells import byte_size, dtype_text, shape_text
from .progress import bar, progress_for
from .spec import QUIET_HELP, CommandParser, parse_command
from .status import ExitStatus, failure_status, reason

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Dict, List, Sequence

    from .environment import Environment

# Names listed per line in the text (--json has every one).
_SHOWN = 12


def parser(out: Any) -> argparse.ArgumentParser:
    diff_parser = CommandParser(
        out,
        prog="tfcollections diff",
        description="Compare two TensorFlow checkpoints (V2 by their stored CRC32Cs, without reading the data), two "
        "models (variables, a frozen graph's constants, op counts, signatures, collections), or a model and a "
        "checkpoint (what would not restore). Exit 0 when equal, 1 when different.",
    )
    diff_parser.add_argument("a", metavar="A", help="a checkpoint or a model")
    diff_parser.add_argument("b", metavar="B", help="a checkpoint or a model")
    diff_parser.add_argument(
        "--values",
        action="store_true",
        help="read the values and compare them byte for byte, with the largest absolute and relative difference of "
        "each changed tensor",
    )
    diff_parser.add_argument("--json", action="store_true", help="print the comparison as JSON")
    diff_parser.add_argument("-q", "--quiet", action="store_true", help=QUIET_HELP)
    return diff_parser


def run(argv: Sequence[str], env: Environment) -> int:
    """Run ``tfcollections diff`` with *argv* (the arguments after ``diff``)."""
    stdout, stderr, path = env.stdout, env.stderr, env.path
    from .._ckpt.diff import diff  # noqa: PLC0415 (only a comparison loads it)

    args = parse_command(parser(stdout), argv, stderr)
    if isinstance(args, int):
        return args
    progress = progress_for(stderr, env.stderr_isatty, args.quiet or args.json, "diff")

    def shown(done: int, total: int) -> None:
        if progress is not None and progress.due():
            progress.show(bar(done, total, f"{byte_size(done)} of {byte_size(total)} read"))

    try:
        result: Dict[str, Any] = dict(diff(path(args.a), path(args.b), values=args.values,
                                           progress=shown if progress is not None else None))  # fmt: skip
    except (DecodeError, ValueError, OSError) as exc:
        if progress is not None:
            progress.clear()
        print(f"tfcollections diff: {reason(exc)}", file=stderr)
        return failure_status(exc)
    if progress is not None:
        progress.clear()
    if args.json:
        json.dump(result, stdout, indent=1, allow_nan=False, default=str) if _finite(result) else json.dump(
            result, stdout, indent=1, default=str
        )
        stdout.write("\n")
    else:
        stdout.write("\n".join(_lines(result)) + "\n")
    return ExitStatus.OK if result["equal"] else ExitStatus.NO


def _finite(result: Dict[str, Any]) -> bool:
    return all(isinstance(change[key], (int, float, type(None))) and change[key] == change[key]
               for change in result["tensors"]["changed"] for key in ("max_abs_diff", "max_rel_diff"))  # fmt: skip


def _lines(result: Dict[str, Any]) -> List[str]:
    tensors = result["tensors"]
    noun = "variables and constants" if result["kind"] == "models" else "tensors"
    lines = [f"a: {result['a']}", f"b: {result['b']}"]
    if result["equal"]:
        lines.append(f"equal: {tensors['same']} {noun} the same (compared by {tensors['compared_by']})")
        return lines
    for key, side in (("only_in_a", "a"), ("only_in_b", "b")):
        if tensors[key]:
            lines.append(f"only in {side} ({len(tensors[key])}): " + _some(tensors[key]))
    if tensors["changed"]:
        lines.append(f"changed ({len(tensors['changed'])}):")
        for change in tensors["changed"]:
            a, b = change["a"], change["b"]
            if change["what"] == "dtype":
                says = f"dtype {dtype_text(a['dtype'])} -> {dtype_text(b['dtype'])}"
            elif change["what"] == "shape":
                says = f"shape {shape_text(a['shape'])} -> {shape_text(b['shape'])}"
            else:
                says = f"values differ ({dtype_text(a['dtype'])}, {shape_text(a['shape'])})"
                if change["max_abs_diff"] is not None:
                    says += f": max |a - b| {change['max_abs_diff']:.6g}, max relative {change['max_rel_diff']:.6g}"
            lines.append(f"  {change['name']}: {says}")
    lines.append(f"the same: {tensors['same']} {noun} (compared by {tensors['compared_by']})")
    for op, (count_a, count_b) in result["ops"].items():
        lines.append(f"op {op}: {count_a} -> {count_b}")
    for part in ("signatures", "collections"):
        for key, says in (("only_in_a", "only in a"), ("only_in_b", "only in b"), ("changed", "changed")):
            if result[part][key]:
                lines.append(f"{part} {says}: " + _some(result[part][key]))
    return lines


def _some(names: List[str]) -> str:
    """The first names of a list, and how many more (--json has them all)."""
    shown = ", ".join(names[:_SHOWN])
    return shown + (f", ... and {len(names) - _SHOWN} more (--json lists all)" if len(names) > _SHOWN else "")
