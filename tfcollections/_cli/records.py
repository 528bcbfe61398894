# SPDX-License-Identifier: Apache-2.0
"""``tfcollections records FILE...``: what a TFRecord file holds: its records, and their Example features.

Strategy: each file's records are read once (every CRC checked); each is tried as a ``tf.train.Example`` (or a
``SequenceExample``, told by its content), and the features are tallied by name: their kind, in how many records,
how many values. A file whose records are not Examples is said so, with its count and bytes. ``--json`` gives the
same tallies and the first records decoded (``--limit``). Exit 0 when every file read, 1 when one did not (a CRC
that does not hold, a file that is no TFRecord: one line each), 2 for a usage error.
"""

from __future__ import annotations

import argparse
import json

from .._errors import DecodeError
from .cells import table
from .progress import Progress, progress_for
from .spec import QUIET_HELP, CommandParser, parse_command
from .status import ExitStatus

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Dict, List, Optional, Sequence, TextIO

    from .environment import Environment

_KINDS = {bytes: "bytes_list", float: "float_list", int: "int64_list"}


def parser(out: TextIO) -> argparse.ArgumentParser:
    records_parser = CommandParser(
        out,
        prog="tfcollections records",
        description="Show what TFRecord files hold (tf.io.TFRecordWriter, tf.data): how many records and bytes, "
        "and for records of tf.train.Example or SequenceExample every feature with its kind, in how many records, "
        "and how many values. Every CRC is checked; GZIP and ZLIB files are found from their content.",
    )
    records_parser.add_argument("files", nargs="+", metavar="FILE", help="a TFRecord file")
    records_parser.add_argument("--compression", choices=("none", "gzip", "zlib"), help="instead of the content's")
    records_parser.add_argument("--json", action="store_true", help="print the tallies and the first records as JSON")
    records_parser.add_argument("--limit", type=int, default=3, metavar="N", help="records decoded in --json (3)")
    records_parser.add_argument("-q", "--quiet", action="store_true", help=QUIET_HELP)
    return records_parser


def run(argv: Sequence[str], env: Environment) -> int:
    """Run ``tfcollections records`` with *argv* (the arguments after ``records``)."""
    stdout, stderr, path, isatty = env.stdout, env.stderr, env.path, env.stderr_isatty
    args = parse_command(parser(stdout), argv, stderr)
    if isinstance(args, int):
        return args
    status = ExitStatus.OK
    for given in args.files:
        other = _event_file(path(given))
        if other is not None:  # a TFRecord too, but of events: the command that reads them says more
            print(f"tfcollections records: {given}: {other}", file=stderr)
            status = ExitStatus.UNREADABLE
            continue
        progress = progress_for(stderr, isatty, args.quiet or args.json, "records")
        try:
            summary = summarize(path(given), _compression(args.compression), args.limit, progress)
        except (DecodeError, OSError) as exc:
            why = f"cannot read: {exc.strerror}" if isinstance(exc, OSError) and exc.strerror else str(exc)
            print(f"tfcollections records: {given}: {why}", file=stderr)
            status = ExitStatus.UNREADABLE
            continue
        if args.json:
            from .jsonout import jsonable  # noqa: PLC0415 (only --json)

            stdout.write(json.dumps(jsonable({"path": given, **summary}), allow_nan=False) + "\n")
        else:
            stdout.write("\n".join(_lines(given, summary)) + "\n")
    return status


def _event_file(path: str) -> Optional[str]:
    """What an event file of TensorBoard's is, in words with the command that reads it; else (any other file) None."""
    from .._disk.lookalikes import by_magic  # noqa: PLC0415 (as above)

    try:
        with open(path, "rb") as file:
            found = by_magic(file.read(64), b"")
    except OSError:
        return None  # said by the reading, as for any file
    return found[1] if found is not None and found[1].startswith("a TensorBoard event file") else None


def _compression(given: Optional[str]) -> Optional[str]:
    return None if given is None else "" if given == "none" else given.upper()


def summarize(path: str, compression: Optional[str], limit: int, progress: Optional[Progress] = None) -> Dict[str, Any]:
    """The tallies of one file: records, bytes, compression, truncated, and its features (None: not Examples); on
    *progress*, how many records so far."""
    from .._records.examples import decode_example, is_sequence  # noqa: PLC0415 (only this command reads records)
    from .._records.tfrecord import records  # noqa: PLC0415 (as above)

    found = records(path, compression=compression)
    features: Dict[str, Dict[str, Any]] = {}
    examples = True  # until a record is not one: then records are counted, not tallied
    kinds = set()
    first: List[Any] = []
    size = 0
    for blob in found:
        size += len(blob)
        if progress is not None and not found.count & 1023 and progress.due():  # the clock once in 1,024
            progress.show(f"{found.count:,} records read: {path}")
        if not examples:
            continue
        try:
            sequence = is_sequence(blob)
            example = decode_example(blob, sequence=sequence)
        except DecodeError:
            examples = False
            continue
        kinds.add("SequenceExample" if sequence else "Example")
        if len(first) < limit:
            first.append(example)
        if sequence:  # a feature list's values, all steps together
            example = {**example["context"], **{f"{name} (list)": [value for step in steps for value in step]
                                                for name, steps in example["feature_lists"].items()}}  # fmt: skip
        for name, values in example.items():
            entry = features.setdefault(name, {"kind": None, "records": 0, "min": len(values), "max": len(values)})
            entry["records"] += 1
            if values:
                entry["kind"] = _KINDS.get(type(values[0]), entry["kind"])
            entry["min"], entry["max"] = min(entry["min"], len(values)), max(entry["max"], len(values))
    if progress is not None:
        progress.clear()
    read_as = " and ".join(sorted(kinds)) if examples and kinds else None
    return {
        "format": "TFRecord", "compression": found.compression or None, "records": found.count, "bytes": size,
        "truncated_at": found.truncated, "examples": read_as,
        "features": dict(sorted(features.items())) if read_as else None, "first": first if read_as else [],
    }  # fmt: skip


def _lines(given: str, summary: Dict[str, Any]) -> List[str]:
    compressed = f", {summary['compression']}" if summary["compression"] else ""
    lines = [f"{given}: TFRecord{compressed}, {summary['records']:,} records, {summary['bytes']:,} bytes"]
    if summary["truncated_at"] is not None:
        lines.append(f"  the file ends inside its last record, which starts at byte {summary['truncated_at']:,}")
    if summary["features"] is None:
        if summary["records"]:
            lines.append("  records of bytes (not tf.train.Example)")
        return lines
    lines.append(f"  tf.train.{summary['examples']} features ({len(summary['features'])}):")
    rows = [["name", "kind", "records", "values"]]
    for name, entry in summary["features"].items():
        values = str(entry["min"]) if entry["min"] == entry["max"] else f"{entry['min']}-{entry['max']}"
        rows.append([name, entry["kind"] or "-", f"{entry['records']:,}", values])
    return lines + table(rows, "    ")
