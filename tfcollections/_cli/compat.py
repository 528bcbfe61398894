# SPDX-License-Identifier: Apache-2.0
"""``tfcollections compat MODEL``: will the model load in a given TensorFlow or TF Serving release?

Strategy: the library's ``compatible`` gives each release's verdict and findings; here they are written as text
(a verdict a release, its errors and warnings with what TensorFlow prints), ``--json`` (the report) or ``--sarif``
(a result a finding), and turned into an exit status a CI step can act on:

- 0: every release asked about loads the model (``--oldest``: some release does);
- 1: one of them would not (``--oldest``: none does);
- 2: the command line is wrong (an unknown release: the known ones are listed);
- 3: the model does not read (not a model, damaged, unreadable);
- 70 and 130: as the main command (a bug of ours; Ctrl-C).

Without ``--tf`` or ``--serving``, ``--oldest`` is meant: every release is checked, and the answer is the oldest
that loads the model, the runs of releases that do, and why the release before the oldest does not.
"""

from __future__ import annotations

import argparse
import json
import os

from .. import __version__
from .._compat import table
from .._compat.check import RULES, SEVERITIES, check_needs, needs_of, report_of
from .._errors import DecodeError
from .._model.files import walk_models
from .spec import CommandParser, parse_command
from .status import ExitStatus

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Iterator, List, Sequence, TextIO

    from .._typing import Decoded
    from .environment import Environment


def parser(out: TextIO) -> argparse.ArgumentParser:
    compat_parser = CommandParser(
        out,
        prog="tfcollections compat",
        description="Say whether a model (.meta, SavedModel, frozen GraphDef) would load in a TensorFlow or TF "
        "Serving release, and what each release would refuse: ops it does not register, attrs its ops lack or "
        "require, values and DataTypes it does not allow, graph versions outside its range; of a checkpoint, "
        "DataTypes its reader lacks. Releases 0.12 to "
        f"{table.VERSIONS[-1]}, read from their wheels; TensorFlow is not needed. Exit status: 0 loads, 1 would "
        "not, 2 usage, 3 the model does not read.",
    )
    compat_parser.add_argument("paths", nargs="+", metavar="MODEL", help="a .meta, a SavedModel directory or "
                               "saved_model.pb, a frozen GraphDef (.pb, .pbtxt), or a checkpoint (its prefix or "
                               ".index); several are checked in turn")  # fmt: skip
    compat_parser.add_argument(
        "-r",
        "--recursive",
        action="store_true",
        help="check every model under the directories given, as show -r finds them",
    )
    compat_parser.add_argument("--tf", action="append", default=[], metavar="RELEASE",
                               help="a TensorFlow release: 2.4.1, 2.4 (its newest patch), 2 (every 2.x), all; "
                               "repeat for several, or give them with commas")  # fmt: skip
    compat_parser.add_argument("--serving", action="append", default=[], metavar="RELEASE",
                               help="a TF Serving release (as the C++ loaders load: nothing stripped, no object "
                               "graph read); the same forms as --tf")  # fmt: skip
    compat_parser.add_argument("--oldest", action="store_true",
                               help="check every release and name the oldest that loads the model (the default "
                               "without --tf or --serving)")  # fmt: skip
    output = compat_parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="the report as one JSON document")
    output.add_argument("--sarif", action="store_true", help="SARIF 2.1.0, for code-scanning tools")
    compat_parser.add_argument("--show", choices=SEVERITIES, default="warning", metavar="SEVERITY",
                               help="show findings this severe or more: info, warning (default), error")  # fmt: skip
    return compat_parser


def _releases(given: List[str]) -> List[int]:
    """The release indexes *given* names (each may be a comma-separated list, spaces after a comma allowed);
    ValueError for an unknown or empty one."""
    found = set()
    for item in given:
        for position, name in enumerate(item.split(",")):
            name = name.lstrip(" ") if position else name  # "2.4, 2.5"; nothing else around a name is taken
            if not name:
                raise ValueError(f"an empty release name in {item!r}: give releases such as 2.4.1, 2.4, 2 or all")
            found.update(table.resolve(name))
    return sorted(found)


def _models(paths: List[str], recursive: bool, stderr: TextIO) -> Iterator[str]:
    """The models to check: each path given, and with -r each model file under the directories given; "" after
    saying on stderr that a directory could not be listed or holds no model."""
    for given in paths:
        if not (recursive and os.path.isdir(given)):
            yield given
            continue
        unlisted: List[OSError] = []
        found = 0
        for model in walk_models(given, unlisted.append, None):
            found += 1
            yield model
        for exc in unlisted:
            print(f"tfcollections compat: {os.fsdecode(exc.filename or given)}: cannot list: {exc.strerror or exc}",
                  file=stderr)  # fmt: skip
            yield ""
        if not found and not unlisted:
            print(f"tfcollections compat: {given}: no model under it", file=stderr)
            yield ""


def run(argv: Sequence[str], env: Environment) -> int:
    """Run ``tfcollections compat`` with *argv* (the arguments after ``compat``)."""
    stdout, stderr = env.stdout, env.stderr
    args = parse_command(parser(stdout), argv, stderr)
    if isinstance(args, int):
        return args
    try:
        tf_releases = _releases(args.tf)
        serving_releases = _releases(args.serving)
    except ValueError as exc:
        print(f"tfcollections compat: usage error: {exc}", file=stderr)
        return ExitStatus.USAGE
    oldest = args.oldest or not (tf_releases or serving_releases)
    reports: List[Decoded] = []
    firsts: List[Decoded] = []  # each model's first report: its --oldest answer, when asked
    unreadable = False
    for path in _models(args.paths, args.recursive, stderr):
        if not path:  # a directory that did not list, said
            unreadable = True
            continue
        if not (os.path.exists(path) or os.path.exists(path + ".index")):  # a path, or a checkpoint's prefix
            print(f"tfcollections compat: {path}: no such file or directory", file=stderr)
            unreadable = True
            continue
        try:
            needs = needs_of(path)
        except (DecodeError, OSError) as exc:
            said = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            print(f"tfcollections compat: {path}: {said}", file=stderr)
            unreadable = True
            continue
        if oldest:
            firsts.append(report_of(needs, check_needs(needs, list(range(len(table.VERSIONS)))), False))
            reports.append(firsts[-1])
        if tf_releases:
            reports.append(report_of(needs, check_needs(needs, tf_releases), False))
        if serving_releases:
            reports.append(report_of(needs, check_needs(needs, serving_releases, serving=True), True))
    if not reports:  # nothing read: the lines on stderr are the whole answer
        return ExitStatus.UNREADABLE
    oldest_reports = {id(report) for report in firsts}
    if args.json:
        json.dump({"tool": "tfcollections", "version": __version__, "reports": reports}, stdout, indent=1)
        stdout.write("\n")
    elif args.sarif:
        json.dump(sarif(reports), stdout, indent=1)
        stdout.write("\n")
    else:
        for number, report in enumerate(reports):
            if number and report["path"] != reports[number - 1]["path"]:
                stdout.write("\n")  # the next model
            if id(report) in oldest_reports:
                _print_oldest(report, args.show, stdout)
            else:
                _print_verdicts(report, args.show, stdout)
    failed = False
    for report in reports:
        if id(report) in oldest_reports:
            failed = failed or report["oldest"] is None
        else:
            failed = failed or not all(verdict["loads"] for verdict in report["releases"])
    return ExitStatus.NO if failed else ExitStatus.UNREADABLE if unreadable else ExitStatus.OK


def _shown(findings: List[Decoded], show: str) -> List[Decoded]:
    floor = SEVERITIES.index(show)
    ranked = [finding for finding in findings if SEVERITIES.index(finding["severity"]) >= floor]
    return sorted(ranked, key=lambda finding: -SEVERITIES.index(finding["severity"]))


def _where(finding: Decoded) -> str:
    if finding["meta_graph"] is None and finding["node"] is not None:  # a checkpoint's tensor
        more = f" and {finding['nodes'] - 1} more" if finding["nodes"] > 1 else ""
        return f"tensor {finding['node']}{more}"
    parts = []
    if finding["meta_graph"] is not None:
        parts.append(f"meta graph {finding['meta_graph']} ({', '.join(finding['tags']) or 'no tags'})")
    if finding["node"] is not None:
        place = f"function {finding['function']}" if finding["function"] is not None else "graph"
        more = f" and {finding['nodes'] - 1} more" if finding["nodes"] > 1 else ""
        parts.append(f"{place}, node {finding['node']}{more}")
    return ", ".join(parts)


def _print_findings(findings: List[Decoded], show: str, out: TextIO) -> None:
    for finding in _shown(findings, show):
        where = _where(finding)
        out.write(f"  {finding['severity'].upper():<8} {finding['message']}" + (f"  [{where}]" if where else "") + "\n")
        if finding["printed"] and finding["severity"] != "info":
            out.write(f"           TensorFlow prints: {finding['printed']}\n")


def _title(report: Decoded, verdict: Decoded) -> str:
    kind = "TF Serving" if report["serving"] else "TensorFlow"
    return f"{kind} {verdict['release']} ({verdict['loader']})"


def _print_verdicts(report: Decoded, show: str, out: TextIO) -> None:
    out.write(f"{report['path']}: {report['format']}\n")
    for verdict in report["releases"]:
        errors = sum(finding["severity"] == "error" for finding in verdict["findings"])
        said = "loads" if verdict["loads"] else f"would not load ({errors} error{'s' if errors != 1 else ''})"
        out.write(f"{_title(report, verdict)}: {said}\n")
        _print_findings(verdict["findings"], show, out)


def _print_oldest(report: Decoded, show: str, out: TextIO) -> None:
    out.write(f"{report['path']}: {report['format']}\n")
    runs = ", ".join(first if first == last else f"{first} to {last}" for first, last in report["loads_in"])
    if report["oldest"] is None:
        out.write(f"no TensorFlow release from {table.VERSIONS[0]} to {table.VERSIONS[-1]} loads it\n")
        newest = report["releases"][-1]
        out.write(f"{_title(report, newest)}: would not load\n")
        _print_findings(newest["findings"], show, out)
        return
    out.write(f"oldest TensorFlow that loads it: {report['oldest']}\n")
    out.write(f"loads in: {runs}\n")
    by_release = {verdict["release"]: verdict for verdict in report["releases"]}
    index = table.VERSIONS.index(report["oldest"])
    if index > 0:
        before = by_release[table.VERSIONS[index - 1]]
        out.write(f"{_title(report, before)}, the release before it: would not load\n")
        _print_findings(before["findings"], show, out)
    oldest = by_release[report["oldest"]]
    if _shown(oldest["findings"], show):
        out.write(f"{_title(report, oldest)}: loads, with\n")
        _print_findings(oldest["findings"], show, out)


_LEVEL = {"error": "error", "warning": "warning", "info": "note"}


def sarif(reports: List[Decoded]) -> Decoded:
    """The reports' findings as one SARIF 2.1.0 run: a result a finding of a release, its place a logical location."""
    rules = [{"id": rule, "name": rule.title().replace("-", ""), "shortDescription": {"text": title},
              "defaultConfiguration": {"level": _LEVEL[severity]}}
             for rule, (severity, title) in RULES.items()]  # fmt: skip
    index = {rule: number for number, rule in enumerate(RULES)}
    results = []
    for report in reports:
        uri = (report["path"] or "").replace(os.sep, "/")
        kind = "TF Serving" if report["serving"] else "TensorFlow"
        for verdict in report["releases"]:
            for finding in verdict["findings"]:
                parts = [f"meta_graphs[{finding['meta_graph']}]"] if finding["meta_graph"] is not None else []
                if finding["function"] is not None:
                    parts.append(f"function:{finding['function']}")
                if finding["node"] is not None:
                    parts.append(f"node:{finding['node']}")
                results.append({
                    "ruleId": finding["rule"], "ruleIndex": index[finding["rule"]],
                    "level": _LEVEL[finding["severity"]],
                    "message": {"text": f"{kind} {verdict['release']}: {finding['message']}"},
                    "locations": [{"physicalLocation": {"artifactLocation": {"uri": uri}},
                                   "logicalLocations": [{"fullyQualifiedName": "/".join(parts) or "model",
                                                         "kind": "member" if finding["node"] else "module"}]}],
                    "properties": {"release": verdict["release"], "serving": report["serving"], "op": finding["op"],
                                   "attr": finding["attr"], "printed": finding["printed"]},
                })  # fmt: skip
    return {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{"tool": {"driver": {"name": "tfcollections", "version": __version__,
                                      "informationUri": "https://pypi.org/project/tfcollections/", "rules": rules}},
                  "results": results}],
    }  # fmt: skip
