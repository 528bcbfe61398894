# SPDX-License-Identifier: Apache-2.0
"""``tfcollections events LOGDIR...``: what TensorBoard's event files hold, run by run and tag by tag.

Strategy: the events of each path (a log directory, as TensorBoard finds its runs, or one event file) are read
once, in order, and tallied by run, kind and tag as they stream by; a scalar tag keeps its values (a float each)
for its statistics and the sparkline of its curve. ``--jsonl`` writes each event as it is read, ``--csv`` each
scalar, so neither holds the log in memory. ``--plot`` keeps each scalar's steps and values for its picture
(``plot``), ``--images`` writes each image as it is read. Exit 0 when everything read, 3 when a file or a record
was skipped or a path cannot be read (one line on stderr each; the rest is still read), 2 for a usage error.
"""

from __future__ import annotations

import argparse
import math

from .._errors import DecodeError
from .cells import natural_key, table
from .progress import progress_for
from .spec import QUIET_HELP, CommandParser, parse_command
from .status import ExitStatus, reason, said_once
from .usage import UsageError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Dict, List, Optional, Sequence, TextIO, Tuple

    from .environment import Environment

_BARS = "▁▂▃▄▅▆▇█"
_CURVE_WIDTH = 24
# The kinds as the text groups them, each under its plural.
_GROUPS = (("scalar", "scalars"), ("histogram", "histograms"), ("image", "images"), ("audio", "audio"),
           ("text", "text"), ("tensor", "tensors"), ("hparams", "hparams"))  # fmt: skip


def parser(out: TextIO) -> argparse.ArgumentParser:
    events_parser = CommandParser(
        out,
        prog="tfcollections events",
        description="Show what TensorBoard's event files hold (tf.summary, Keras' TensorBoard callback, PyTorch, "
        "tensorboardX): each run of a log directory, its tags by kind, and for each scalar its count, steps, min, "
        "max, last value and curve. Every event is read (no sampling); every CRC is checked.",
    )
    events_parser.add_argument("paths", nargs="+", metavar="LOGDIR", help="a log directory or an event file")
    events_parser.add_argument("--run", metavar="REGEX", help="only the runs this matches (re.search)")
    events_parser.add_argument("--tag", metavar="REGEX", help="only the tags this matches (re.search)")
    output = events_parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print the runs and tags with their statistics as JSON")
    output.add_argument("--jsonl", action="store_true", help="print every event as one JSON object a line")
    output.add_argument("--csv", action="store_true", help="print the scalars in tbparse's long form "
                        "(step,tag,value,wall_time,dir_name)")  # fmt: skip
    events_parser.add_argument("--plot", metavar="FILE", help="draw every scalar tag's curves, each run a line, "
                               "into FILE: an SVG picture (.svg) or an HTML page (.html)")  # fmt: skip
    events_parser.add_argument("--smooth", type=float, default=0.6, metavar="W", help="--plot's smoothing, as "
                               "TensorBoard's slider: 0 (none) to 0.99 (default 0.6)")  # fmt: skip
    events_parser.add_argument("--images", metavar="DIR", help="write every image summary as a file: "
                               "DIR/RUN/TAG/STEP_N.png (or its own format)")  # fmt: skip
    events_parser.add_argument("--force", action="store_true", help="replace files --plot or --images would write")
    events_parser.add_argument("-q", "--quiet", action="store_true", help=QUIET_HELP)
    return events_parser


def run(argv: Sequence[str], env: Environment) -> int:
    """Run ``tfcollections events`` with *argv* (the arguments after ``events``)."""
    stdout, stderr, path, isatty = env.stdout, env.stderr, env.path, env.stderr_isatty
    args = parse_command(parser(stdout), argv, stderr, _check_arguments)
    if isinstance(args, int):
        return args
    from .._records.events import events  # noqa: PLC0415 (only this command reads events)

    status = ExitStatus.OK
    rows = None
    if args.csv:
        import csv  # noqa: PLC0415 (only --csv)

        rows = csv.writer(stdout, lineterminator="\n")
        rows.writerow(["step", "tag", "value", "wall_time", "dir_name"])
    curves: Dict[str, Dict[str, Tuple[List[float], List[float]]]] = {}  # --plot: tag -> run -> (steps, values)
    images = _Images(path(args.images), args.force) if args.images else None
    for given in args.paths:
        other = _other_records(path(given))
        if other is not None:  # a TFRecord of other records given by name: no event of it would be real
            print(f"tfcollections events: {given}: not an event file: {other}", file=stderr)
            status = ExitStatus.UNREADABLE
            continue
        progress = progress_for(stderr, isatty, args.quiet or args.json, "events")
        try:
            found = events(path(given), run=args.run, tag=args.tag)
            tally = _Tally()
            for event in found:
                if args.jsonl:
                    _json_line(stdout, given, event)
                elif rows is not None:
                    if event["kind"] == "scalar":  # tbparse's long form
                        run = event["run"]
                        rows.writerow([event["step"], event["tag"], repr(float(event["value"])),
                                       repr(event["wall_time"]), "" if run == "." else run])  # fmt: skip
                else:
                    tally.add(event)
                if args.plot and event["kind"] == "scalar" and isinstance(event["value"], (int, float)):
                    label = event["run"] if len(args.paths) == 1 else f"{given}/{event['run']}".rstrip("/.")
                    steps, values = curves.setdefault(event["tag"], {}).setdefault(label, ([], []))
                    steps.append(float(event["step"]))
                    values.append(float(event["value"]))
                if images is not None and event["kind"] == "image":
                    images.write(event)
                if progress is not None and not found.count & 1023 and progress.due():  # the clock once in 1,024
                    progress.show(f"{found.count:,} events read: {given} (run {event['run']})")
        except BrokenPipeError:  # the reader of --jsonl or --csv went away: the run ends quietly (main)
            raise
        except _NotWritten as exc:  # --images: a file of the output that exists or cannot be written
            print(f"tfcollections events: {exc}", file=stderr)
            return ExitStatus.NO
        except (DecodeError, OSError) as exc:
            if progress is not None:
                progress.clear()
            why = f"cannot read: {exc.strerror}" if isinstance(exc, OSError) and exc.strerror else reason(exc, given)
            print(f"tfcollections events: {given}: {why}", file=stderr)
            status = ExitStatus.UNREADABLE
            continue
        if progress is not None:
            progress.clear()
        for skipped in found.skipped:
            where = f"record {skipped['record']}: " if skipped["record"] is not None else ""
            why = said_once(skipped["why"], skipped["path"], given)
            print(f"tfcollections events: {skipped['path']}: skipped {where}{why}", file=stderr)
            status = ExitStatus.UNREADABLE
        if found.skipped and not found.count:  # nothing read: the lines on stderr are the whole answer
            continue
        if args.json:
            import json  # noqa: PLC0415 (only --json)

            from .jsonout import jsonable  # noqa: PLC0415 (only --json)

            document = {"path": given, **tally.document(found)}
            stdout.write(json.dumps(jsonable(document), allow_nan=False) + "\n")
        elif not (args.jsonl or args.csv):
            stdout.write("\n".join(tally.lines(given, found)) + "\n")
    if images is not None and not (args.json or args.jsonl or args.csv):
        stdout.write(f"{args.images}: {_count(images.count, 'image')} written\n")
    if args.plot:
        written = _write_plot(path(args.plot), curves, args.smooth, args.force, " ".join(args.paths))
        if written is not None:
            print(f"tfcollections events: {args.plot}: not written: {written}", file=stderr)
            return ExitStatus.NO
        if not (args.json or args.jsonl or args.csv):
            runs = {run for by_run in curves.values() for run in by_run}
            stdout.write(f"{args.plot}: {_count(len(curves), 'chart')} of {_count(len(runs), 'run')}\n")
    return status


def _write_plot(target: str, curves: Dict[str, Dict[str, Tuple[List[float], List[float]]]], weight: float,
                replace: bool, title: str) -> Optional[str]:  # fmt: skip
    """The picture of *curves* written to *target* (SVG, or an HTML page by its suffix), whole or not at all; what
    stopped it, else None."""
    from .._disk.atomic import AtomicFile  # noqa: PLC0415 (only --plot writes)
    from .plot import curves_in_order, html, svg  # noqa: PLC0415 (as above)

    picture = svg(curves_in_order(curves), weight, f"scalars of {title}")
    text = picture if target.lower().endswith(".svg") else html(picture, f"scalars of {title}")
    try:
        with AtomicFile(target, replace) as file:
            file.write(text.encode("utf-8"))
    except OSError as exc:
        return f"{exc.strerror or exc}" + (" (--force replaces it)" if isinstance(exc, FileExistsError) else "")
    return None


class _NotWritten(Exception):
    """A file ``--images`` would write that exists (without ``--force``) or cannot be written."""


class _Images:
    """``--images DIR``: each image of each image summary written as it is read, ``DIR/RUN/TAG/STEP_N.FORMAT`` (a
    name's characters outside letters, digits, ``.``, ``_`` and ``-`` made ``_``; the root run ``_``), whole or not
    at all."""

    def __init__(self, folder: str, replace: bool) -> None:
        self.folder, self.replace, self.count = folder, replace, 0

    def write(self, event: Dict[str, Any]) -> None:
        import os  # noqa: PLC0415 (only --images)
        import re  # noqa: PLC0415 (as above)

        from .._disk.atomic import AtomicFile  # noqa: PLC0415 (as above)

        def safe(part: str) -> str:
            return re.sub(r"[^A-Za-z0-9._-]", "_", part).lstrip(".") or "_"

        value = event["value"]
        parts = [safe(part) for part in f"{event['run']}/{event['tag']}".split("/") if part not in ("", ".")]
        folder = os.path.join(self.folder, *parts)
        for index, (data, kind) in enumerate(zip(value["images"], value["formats"])):
            target = os.path.join(folder, f"{event['step']}_{index}.{kind or 'bin'}")
            try:
                os.makedirs(folder, exist_ok=True)
                with AtomicFile(target, self.replace) as file:
                    file.write(data)
            except OSError as exc:
                more = " (--force replaces it)" if isinstance(exc, FileExistsError) else ""
                raise _NotWritten(f"{target}: not written: {exc.strerror or exc}{more}") from None
            self.count += 1


def _other_records(path: str) -> Optional[str]:
    """What a file given by name (not named ``*tfevents*``) is when it reads as a TFRecord whose first record is no
    Event of a file version (``brain.Event:N``, the record every writer of event files starts with), in words with
    the command that reads it; else None (a directory, an event file, anything the reading itself will name)."""
    import os  # noqa: PLC0415 (only this check)

    from .._records.tfrecord import records  # noqa: PLC0415 (as above)

    if "tfevents" in os.path.basename(path) or not os.path.isfile(path):
        return None
    try:
        first = next(iter(records(path)), None)
    except (DecodeError, OSError):
        return None  # not a TFRecord, or unreadable: said by the reading, as for any file
    if first is None or b"brain.Event:" in first[:64]:
        return None
    return ("a TFRecord file whose first record is no Event of a file version (tf.data records): "
            "`tfcollections records FILE` reads it")  # fmt: skip


def _check_arguments(args: argparse.Namespace) -> None:
    _check_patterns(args.run, args.tag)
    if args.plot is not None and not args.plot.lower().endswith((".svg", ".html", ".htm")):
        raise UsageError(f"--plot {args.plot!r}: name it .svg (a picture) or .html (a page)")
    if not 0 <= args.smooth < 1:
        raise UsageError(f"--smooth {args.smooth}: TensorBoard's smoothing is from 0 (none) to below 1")


def _check_patterns(*patterns: Optional[str]) -> None:
    import re  # noqa: PLC0415 (only filters need it)

    for pattern in patterns:
        if pattern:
            try:
                re.compile(pattern)
            except re.error as exc:
                raise UsageError(f"{pattern!r} is not a regular expression: {exc}") from None


class _Tally:
    """Each run's events counted by kind and tag, and each scalar tag's steps and values."""

    def __init__(self) -> None:
        self.runs: Dict[str, Dict[str, Any]] = {}

    def add(self, event: Dict[str, Any]) -> None:
        run = self.runs.setdefault(event["run"], {"events": 0, "tags": {}, "other": {}})
        run["events"] += 1
        tag = event["tag"]
        kind = event["kind"]
        if kind == "hparams":  # what a session ran with, how it ended, what the experiment compares
            run.setdefault("hparams", {}).update(event["value"])
        if tag is None or kind not in dict(_GROUPS):
            run["other"][kind] = run["other"].get(kind, 0) + 1
            return
        entry = run["tags"].setdefault((kind, tag), {"kind": kind, "tag": tag, "plugin": event["plugin"], "count": 0,
                                                     "first_step": event["step"], "last_step": event["step"],
                                                     "values": []})  # fmt: skip
        entry["count"] += 1
        entry["first_step"] = min(entry["first_step"], event["step"])
        entry["last_step"] = max(entry["last_step"], event["step"])
        if kind == "scalar" and isinstance(event["value"], (int, float)):
            entry["values"].append(float(event["value"]))

    def document(self, found: Any) -> Dict[str, Any]:
        runs = {}
        for name, files in found.runs.items():
            run = self.runs.get(name, {"events": 0, "tags": {}, "other": {}})
            tags: Dict[str, Dict[str, Any]] = {}
            for entry in run["tags"].values():
                shown = {key: entry[key] for key in ("plugin", "count", "first_step", "last_step")}
                if entry["kind"] == "scalar":
                    shown.update(_statistics(entry["values"]))
                tags.setdefault(entry["kind"], {})[entry["tag"]] = shown
            runs[name] = {"files": files, "events": run["events"], "tags": tags, "other": run["other"]}
        return {"runs": runs, "events": found.count, "skipped": found.skipped, "truncated": found.truncated}

    def lines(self, given: str, found: Any) -> List[str]:
        files = sum(len(paths) for paths in found.runs.values())
        lines = [f"{given}: {_count(len(found.runs), 'run')}, {_count(found.count, 'event')} "
                 f"({_count(files, 'event file')})"]  # fmt: skip
        for name, paths in found.runs.items():
            run = self.runs.get(name, {"events": 0, "tags": {}, "other": {}})
            lines.append(f"run {name} ({_count(len(paths), 'file')}, {_count(run['events'], 'event')})")
            entries = sorted(run["tags"].values(), key=lambda entry: natural_key(entry["tag"]))
            for kind, plural in _GROUPS:
                of_kind = [entry for entry in entries if entry["kind"] == kind]
                if not of_kind:
                    continue
                if kind == "scalar":
                    lines.append(f"  scalars ({len(of_kind)}):")
                    rows = [["tag", "events", "steps", "min", "max", "last", "curve"]]
                    for entry in of_kind:
                        stats = _statistics(entry["values"])
                        numbers = [_number(stats["min"]), _number(stats["max"]), _number(stats["last"])]
                        curve = sparkline(entry["values"])
                        rows.append([entry["tag"], f"{entry['count']:,}", _steps(entry), *numbers, curve])
                    lines += table(rows, "    ")
                    continue
                if kind == "hparams" and run.get("hparams"):
                    lines += _hparams_lines(run["hparams"])
                    continue
                shown = []
                for entry in of_kind:
                    plugin = f" [{entry['plugin']}]" if kind == "tensor" and entry["plugin"] else ""
                    shown.append(f"{entry['tag']}{plugin} ({entry['count']:,}, steps {_steps(entry)})")
                lines.append(f"  {plural}: {', '.join(shown)}")
            if run["other"]:
                lines.append("  other: " + ", ".join(f"{kind} ({count:,})" for kind, count in run["other"].items()))
        for truncated in found.truncated:
            lines.append(f"{truncated['path']}: ends inside a record, which starts at byte {truncated['at']:,} "
                         "(a writer still running?)")  # fmt: skip
        return lines


def _hparams_lines(data: Dict[str, Any]) -> List[str]:
    """The hparams plugin's data of a run, a line each: the experiment's hyperparameters and metrics, the session's
    values, its end."""
    lines = []
    experiment = data.get("experiment")
    if experiment is not None:
        names = [info["name"] for info in experiment["hparam_infos"]]
        metrics = [info["name"]["tag"] for info in experiment["metric_infos"] if info["name"] is not None]
        lines.append(f"  hparams experiment: {_count(len(names), 'hyperparameter')} ({', '.join(names)}), "
                     f"{_count(len(metrics), 'metric')} ({', '.join(metrics)})")  # fmt: skip
    start = data.get("session_start_info")
    if start is not None:
        values = ", ".join(f"{name}={_plain(value)}" for name, value in start["hparams"].items())
        group = f" (group {start['group_name']})" if start["group_name"] else ""
        lines.append(f"  hparams: {values}{group}")
    end = data.get("session_end_info")
    if end is not None:
        lines.append(f"  hparams session ended: {end['status']}")
    return lines


def _plain(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.6g}"
    return str(value)


def _count(number: int, noun: str) -> str:
    return f"{number:,} {noun}{'' if number == 1 else 's'}"


def _steps(entry: Dict[str, Any]) -> str:
    first, last = entry["first_step"], entry["last_step"]
    return str(first) if first == last else f"{first}-{last}"


def _statistics(values: List[float]) -> Dict[str, Optional[float]]:
    """min, max (NaN left out, as it orders with nothing), the last value, and how many are NaN."""
    ordered = [value for value in values if not math.isnan(value)]
    return {"min": min(ordered) if ordered else None, "max": max(ordered) if ordered else None,
            "last": values[-1] if values else None, "nan": len(values) - len(ordered)}  # fmt: skip


def _number(value: Optional[float]) -> str:
    return "-" if value is None else f"{value:.6g}"


def sparkline(values: List[float], width: int = _CURVE_WIDTH) -> str:
    """The curve of *values* in at most *width* block characters, each the mean of its share of the values,
    scaled between the finite least and most; a share holding a NaN or an infinity is drawn as ``!``."""
    if not values:
        return ""
    shares = min(width, len(values))
    means: List[Optional[float]] = []
    for index in range(shares):
        part = values[index * len(values) // shares : (index + 1) * len(values) // shares]
        finite = all(math.isfinite(value) for value in part)
        means.append(sum(part) / len(part) if finite else None)
    drawn = [mean for mean in means if mean is not None]
    low, high = (min(drawn), max(drawn)) if drawn else (0.0, 0.0)
    span = high - low
    out = []
    for mean in means:
        if mean is None:
            out.append("!")
        else:
            level = 0 if span == 0 else round((mean - low) / span * (len(_BARS) - 1))
            out.append(_BARS[level])
    return "".join(out)


def _json_line(out: TextIO, given: str, event: Dict[str, Any]) -> None:
    import json  # noqa: PLC0415 (only --jsonl)

    from .jsonout import complex_as_pairs, jsonable  # noqa: PLC0415 (only --jsonl)

    value = event["value"]
    if hasattr(value, "tolist") and hasattr(value, "dtype"):  # a Tensor: its dtype, shape and values
        value = {"dtype": value.dtype, "shape": list(value.shape), "values": complex_as_pairs(value.tolist())}
    out.write(json.dumps(jsonable({"path": given, **event, "value": value}), allow_nan=False) + "\n")
