# SPDX-License-Identifier: Apache-2.0
"""``tfcollections events LOGDIR...``: what TensorBoard's event files hold, run by run and tag by tag.

Strategy: the events of each path (a log directory, as TensorBoard finds its runs, or one event file) are read
once, in order, and tallied by run, kind and tag as they stream by; a scalar tag keeps its values (a float each)
for its statistics and the sparkline of its curve. ``--jsonl`` writes each event as it is read, ``--csv`` each
scalar, so neither holds the log in memory. Exit 0 when everything read, 1 when a file or a record was skipped or
a path cannot be read (one line on stderr each; the rest is still read), 2 for a usage error.
"""

from __future__ import annotations

import argparse
import math
import time

from .._errors import DecodeError
from .cells import table
from .spec import _ArgumentParser, parse_command
from .status import ExitStatus
from .usage import UsageError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, List, Optional, Sequence, TextIO

_BARS = "▁▂▃▄▅▆▇█"
_CURVE_WIDTH = 24
# The kinds as the text groups them, each under its plural.
_GROUPS = (("scalar", "scalars"), ("histogram", "histograms"), ("image", "images"), ("audio", "audio"),
           ("text", "text"), ("tensor", "tensors"), ("hparams", "hparams"))  # fmt: skip


def parser(out: TextIO) -> argparse.ArgumentParser:
    events_parser = _ArgumentParser(
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
    return events_parser


def run(argv: Sequence[str], stdout: TextIO, stderr: TextIO, path: Callable[[str], str], isatty: bool) -> int:
    """Run ``tfcollections events`` with *argv* (the arguments after ``events``)."""
    args = parse_command(parser(stdout), argv, stderr, lambda given: _check_patterns(given.run, given.tag))
    if isinstance(args, int):
        return args
    from .._records.events import events  # noqa: PLC0415 (only this command reads events)

    status = ExitStatus.OK
    rows = None
    if args.csv:
        import csv  # noqa: PLC0415 (only --csv)

        rows = csv.writer(stdout, lineterminator="\n")
        rows.writerow(["step", "tag", "value", "wall_time", "dir_name"])
    for given in args.paths:
        other = _other_records(path(given))
        if other is not None:  # a TFRecord of other records given by name: no event of it would be real
            print(f"tfcollections events: {given}: not an event file: {other}", file=stderr)
            status = ExitStatus.UNREADABLE
            continue
        progress = _Progress(stderr, given) if isatty else None
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
                if progress is not None:
                    progress.tick(found.count, event["run"])
        except BrokenPipeError:  # the reader of --jsonl or --csv went away: the run ends quietly (main)
            raise
        except (DecodeError, OSError) as exc:
            if progress is not None:
                progress.clear()
            why = f"cannot read: {exc.strerror}" if isinstance(exc, OSError) and exc.strerror else str(exc)
            print(f"tfcollections events: {given}: {why}", file=stderr)
            status = ExitStatus.UNREADABLE
            continue
        if progress is not None:
            progress.clear()
        for skipped in found.skipped:
            where = f"record {skipped['record']}: " if skipped["record"] is not None else ""
            print(f"tfcollections events: {skipped['path']}: skipped {where}{skipped['why']}", file=stderr)
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
    return status


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


def natural_key(text: str) -> List[Any]:
    """A tag's sort key in which its runs of digits count as numbers: metric_2 before metric_10, as a person reads
    them (and as TensorBoard lists them)."""
    import re  # noqa: PLC0415 (only a listing of tags needs it)

    return [(0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", text) if part]


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


class _Progress:
    """A line on stderr, rewritten in place, while a long log is read on a terminal."""

    def __init__(self, stream: TextIO, given: str) -> None:
        self.stream = stream
        self.given = given
        self.started = time.monotonic()
        self.drawn_at = self.started
        self.visible = False

    def tick(self, count: int, run: str) -> None:
        if count & 1023:  # the clock is asked once in 1,024 events
            return
        now = time.monotonic()
        if now - self.started < 1.0 or now - self.drawn_at < 0.25:
            return
        self.drawn_at = now
        self.stream.write(f"\rtfcollections events: {count:,} events read: {self.given} (run {run})\x1b[K")
        self.stream.flush()
        self.visible = True

    def clear(self) -> None:
        if self.visible:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.visible = False
