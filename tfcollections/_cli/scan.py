# SPDX-License-Identifier: Apache-2.0
"""``tfcollections scan PATH...``: what in models can touch the host, for people, programs and code scanning.

Strategy: the library's ``scan`` gives one report a file; here they are written as text (a line a finding,
files with none counted), ``--json`` (one document), ``--jsonl`` (a line a file) or ``--sarif`` (SARIF 2.1.0,
which code-scanning services read), and turned into an exit status a CI step can act on:

- 0 (``OK``): every file was scanned, and nothing was found at or above ``--fail-on`` (default: medium);
- 1 (``NO``): something was found at or above ``--fail-on``;
- 2 (``USAGE``): the command line is wrong;
- 3 (``UNREADABLE``): no finding at or above ``--fail-on``, but a file could not be scanned (not a model,
  damaged, unreadable: each said on stderr, and in the JSON and SARIF);
- 70 and 130: as every command (a bug of ours; Ctrl-C); ``status.STATUSES`` is the table.

When no file at all was scanned and a path was not, the text report says nothing on stdout: the lines on stderr
are the answer.
"""

from __future__ import annotations

import argparse
import json
import os

from .. import __version__
from .._scan.scan import RULES, SEVERITIES, at_least, scan
from .._typing import cast
from .spec import CommandParser, parse_command
from .status import ExitStatus

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import List, Sequence, TextIO

    from .._typing import Decoded
    from .environment import Environment


def parser(out: TextIO) -> argparse.ArgumentParser:
    scan_parser = CommandParser(
        out,
        prog="tfcollections scan",
        description="Scan TensorFlow models (.meta, saved_model.pb/.pbtxt, frozen GraphDefs, SavedModel directories "
        "with keras_metadata.pb, and whole trees) for what can touch the host: ops that run Python, talk to other "
        "hosts, write or read files, or print; ops no TensorFlow release registers (custom ops); Keras Lambda and "
        "TFSMLayer layers. Nothing is run; TensorFlow is not needed.",
    )
    scan_parser.add_argument("paths", nargs="+", metavar="PATH", help="a model file, a directory, or a tree")
    scan_parser.add_argument("-r", "--recursive", action="store_true",
                             help="walk the directories given (scan always does; as show -r takes it)")  # fmt: skip
    output = scan_parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="one JSON document: every file's report")
    output.add_argument("--jsonl", action="store_true", help="one JSON object per file, one per line")
    output.add_argument("--sarif", action="store_true", help="SARIF 2.1.0, for code-scanning tools")
    scan_parser.add_argument(
        "--fail-on",
        choices=SEVERITIES,
        default="medium",
        help="exit with status 1 when anything this severe or more is found (default: medium)",
    )
    scan_parser.add_argument(
        "--show",
        choices=SEVERITIES,
        default="info",
        metavar="SEVERITY",
        help="show findings of this severity or more (default: all; the exit status still follows --fail-on)",
    )
    return scan_parser


def run(argv: Sequence[str], env: Environment) -> int:
    """Run ``tfcollections scan`` with *argv* (the arguments after ``scan``)."""
    stdout, stderr = env.stdout, env.stderr

    args = parse_command(parser(stdout), argv, stderr)  # 0 after --help, 2 after a usage error
    if isinstance(args, int):
        return args
    missing = [path for path in args.paths if not os.path.exists(path)]
    # Plain dicts here: the renderers below also mark what was not scanned, and filter what is shown.
    reports = cast("List[Decoded]", scan(*[path for path in args.paths if path not in missing]))
    reports += [
        {"path": path, "format": None, "findings": [], "error": "no such file or directory"} for path in missing
    ]
    for report in reports:
        report["findings"] = at_least(report["findings"], args.show)
    if args.sarif:
        json.dump(sarif(reports), stdout, indent=1)
        stdout.write("\n")
    elif args.json:
        json.dump({"tool": "tfcollections", "version": __version__, "reports": reports}, stdout, indent=1)
        stdout.write("\n")
    elif args.jsonl:
        for report in reports:
            stdout.write(json.dumps(report) + "\n")
    else:
        _print_text(reports, stdout)
    for report in reports:  # on stderr whatever the format (JSON and SARIF hold them too): the contract's line
        if report["error"] is not None:
            print(f"tfcollections scan: {report['path']}: not scanned: {report['error']}", file=stderr)
    if any(at_least(report["findings"], args.fail_on) for report in reports):
        return ExitStatus.NO
    return ExitStatus.UNREADABLE if any(report["error"] is not None for report in reports) else ExitStatus.OK


def where(finding: Decoded) -> str:
    """Where a finding is, in words: its meta graph (when it has one), function or graph, node or layer."""
    parts = []
    if finding["meta_graph"] is not None:
        tags = ", ".join(finding["tags"]) or "no tags"
        parts.append(f"meta graph {finding['meta_graph']} ({tags})")
    if finding["layer"] is not None:
        parts.append(f"layer {finding['layer'] or '(the model)'}")
    elif finding["node"] is not None:
        place = f"function {finding['function']}" if finding["function"] is not None else "graph"
        parts.append(f"{place}, node {finding['node']}")
    return ", ".join(parts)


def _print_text(reports: List[Decoded], out: TextIO) -> None:
    counts = {severity: 0 for severity in SEVERITIES}
    scanned = 0
    for report in reports:
        if report["error"] is not None:
            continue
        scanned += 1
        findings = report["findings"]
        if not findings:
            continue
        out.write(f"{report['path']}: {report['format']}, {len(findings)} finding{'s' if len(findings) != 1 else ''}\n")
        for finding in sorted(findings, key=lambda item: -SEVERITIES.index(item["severity"])):
            counts[finding["severity"]] += 1
            out.write(f"  {finding['severity'].upper():<8}  {finding['message']}  [{where(finding)}]\n")
    total = sum(counts.values())
    by_severity = ", ".join(f"{counts[s]} {s}" for s in reversed(SEVERITIES) if counts[s])
    not_scanned = len(reports) - scanned
    if not scanned and not_scanned:  # nothing was read: the reasons on stderr are the whole answer
        return
    out.write(
        f"scanned {scanned} file{'s' if scanned != 1 else ''}: "
        + (f"{total} finding{'s' if total != 1 else ''} ({by_severity})" if total else "nothing found")
        + (f"; {not_scanned} not scanned" if not_scanned else "")
        + "\n"
    )


# SARIF: a severity's level, and the security-severity (0-10) code-scanning services sort by.
_LEVEL = {"critical": "error", "high": "error", "medium": "warning", "low": "note", "info": "note"}
_SECURITY_SEVERITY = {"critical": "9.5", "high": "8.0", "medium": "5.5", "low": "3.0", "info": "1.0"}


def sarif(reports: List[Decoded]) -> Decoded:
    """The reports as one SARIF 2.1.0 run: a result a finding, its place a logical location in the file; a file
    not scanned, a notification."""
    rules = [
        {
            "id": rule.id,
            "name": rule.id.title().replace("-", ""),
            "shortDescription": {"text": rule.title},
            "fullDescription": {"text": rule.why},
            "help": {"text": rule.why},
            "defaultConfiguration": {"level": _LEVEL[rule.severity]},
            "properties": {"security-severity": _SECURITY_SEVERITY[rule.severity], "tags": ["security"]},
        }
        for rule in RULES
    ]
    index = {rule.id: number for number, rule in enumerate(RULES)}
    results = []
    notifications = []
    for report in reports:
        uri = _uri(report["path"])
        if report["error"] is not None:
            notifications.append(
                {
                    "level": "error",
                    "message": {"text": f"{report['path']}: not scanned: {report['error']}"},
                    "locations": [{"physicalLocation": {"artifactLocation": {"uri": uri}}}],
                }
            )
            continue
        for finding in report["findings"]:
            results.append(
                {
                    "ruleId": finding["rule"],
                    "ruleIndex": index[finding["rule"]],
                    "level": _LEVEL[finding["severity"]],
                    "message": {"text": f"{finding['message']} [{where(finding)}]"},
                    "locations": [
                        {
                            "physicalLocation": {"artifactLocation": {"uri": uri}},
                            "logicalLocations": [_logical(finding)],
                        }
                    ],
                    "properties": {"severity": finding["severity"], "op": finding["op"], "layer": finding["layer"]},
                }
            )
    return {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "tfcollections",
                        "version": __version__,
                        "informationUri": "https://pypi.org/project/tfcollections/",
                        "rules": rules,
                    }
                },
                "results": results,
                "invocations": [
                    {"executionSuccessful": not notifications, "toolExecutionNotifications": notifications}
                ],
            }
        ],
    }


def _uri(path: str) -> str:
    """A relative path as a SARIF URI (forward slashes, as code-scanning services resolve them)."""
    return path.replace(os.sep, "/")


def _logical(finding: Decoded) -> Decoded:
    parts = []
    if finding["meta_graph"] is not None:
        parts.append(f"meta_graphs[{finding['meta_graph']}]")
    if finding["layer"] is not None:
        parts.append(f"layer:{finding['layer']}")
        return {"fullyQualifiedName": "/".join(parts), "name": finding["layer"], "kind": "object"}
    if finding["function"] is not None:
        parts.append(f"function:{finding['function']}")
    if finding["node"] is not None:
        parts.append(f"node:{finding['node']}")
        return {"fullyQualifiedName": "/".join(parts), "name": finding["node"], "kind": "member"}
    return {"fullyQualifiedName": "/".join(parts) or "graph", "kind": "module"}
