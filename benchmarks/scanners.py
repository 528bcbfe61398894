# SPDX-License-Identifier: Apache-2.0
"""tfcollections scan beside the model scanners: what each finds in hostile models and the corpora, and how fast.

    bash benchmarks/run.sh --scanners        # makes .venv-peers (modelscan + TensorFlow) and .venv-audit (modelaudit)
    python -m benchmarks.scanners --modelscan .venv-peers/bin/python --modelaudit .venv-audit/bin/python

The peers are bench-time tools, each in its own virtual environment, run as their users run them (their
command lines, JSON reports, a fresh process per run); tfcollections runs in-process here and as a command.

- **Planted findings.** The hostile models of ``tests/data/scan`` (written by TensorFlow: a frozen GraphDef with
  ReadFile, a PyFunc inside a tf.data function, a WriteFile in a While body, Lambda layers in keras_metadata.pb
  and in a TF 2.3 SavedModel's object graph, a custom op, prints) and a 30 MB ``.meta`` made here (a ReadFile
  beside a 30 MB constant, past modelaudit's 20 MiB cap for ``.meta``): for each planted op or layer, which
  scanner reports it.
- **Savers.** On the corpora (``../shared/corpus``: real, wild, checkpoints), how many findings each makes of a
  saver's own SaveV2 / RestoreV2 / MergeV2Checkpoints (every SavedModel has them): false findings.
- **Speed.** Wall time of each over the same tree (median of 3), and per file: tfcollections' scan against
  ``load(path, graph=True)`` of the same files (the issue's bound: at most 1.2x).

modelaudit 0.2.54 clears ``sys.path`` to a safe list while importing its vendored TensorFlow protos and leaves
out CPython's ``lib-dynload`` on this machine's Python (pyenv), so it can parse no TensorFlow file at all; the
run adds ``lib-dynload`` back (``_MODELAUDIT``) and turns off its telemetry (the machine has no network: each
run would wait for it). Both are said in the report.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, List, Tuple

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
SCAN = REPO / "tests" / "data" / "scan"
CORPUS = REPO.parent / "shared" / "corpus"
SAVER_OPS = {"SaveV2", "RestoreV2", "MergeV2Checkpoints", "Save", "Restore", "SaveSlices", "RestoreSlice"}

_MODELAUDIT = """
import os, sys, sysconfig
import modelaudit.protos as protos
from modelaudit.utils import tensorflow_compat
_original = protos._safe_import_paths
dynload = os.path.join(sysconfig.get_paths()["stdlib"], "lib-dynload")
protos._safe_import_paths = lambda root: [*_original(root), dynload]
protos._PROTOS_AVAILABLE = None
tensorflow_compat._HAS_PROTOBUF_STUBS = None
from modelaudit.__main__ import _run
sys.argv[0] = "modelaudit"
sys.exit(_run())
"""

_QUIET = {"TF_CPP_MIN_LOG_LEVEL": "3", "PROMPTFOO_DISABLE_TELEMETRY": "1", "DO_NOT_TRACK": "1"}


def big_meta(path: Path, megabytes: int = 30) -> None:
    """A .meta of *megabytes*: a graph whose output reads a file, beside one large constant (written with the
    package's encoder, as a frozen-then-exported graph lays it out)."""
    from tests.helpers import field

    def node(name: str, op: str, *inputs: str, attrs: bytes = b"") -> bytes:
        body = field(1, name.encode()) + field(2, op.encode()) + b"".join(field(3, i.encode()) for i in inputs)
        return field(1, body + attrs)

    def attr(key: str, value: bytes) -> bytes:
        return field(5, field(1, key.encode()) + field(2, value))

    size = megabytes << 20
    shape = field(2, field(2, b"\x08" + _varint(size // 4)))
    tensor = b"\x08\x01" + shape + field(4, b"\x00" * size)
    path_tensor = b"\x08\x07" + field(8, b"/etc/passwd")  # DT_STRING, one value
    graph = (
        node("weights", "Const", attrs=attr("dtype", b"\x30\x01") + attr("value", field(8, tensor)))
        + node("path", "Const", attrs=attr("dtype", b"\x30\x07") + attr("value", field(8, path_tensor)))
        + node("contents", "ReadFile", "path")
    )  # fmt: skip
    meta_info = field(1, field(4, b"serve"))  # meta_info_def { tags: "serve" }
    path.write_bytes(meta_info + field(2, graph))


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def run_ours(root: Path) -> Tuple[float, List[Tuple[str, str, str]]]:
    import tfcollections

    start = time.perf_counter()
    reports = tfcollections.scan(root)
    elapsed = time.perf_counter() - start
    found = []
    for report in reports:
        for finding in report["findings"]:
            what = finding["op"] or finding["message"].split("'")[1]
            found.append((os.path.relpath(report["path"], root), finding["rule"], what))
    return elapsed, found


def run_modelscan(python: str, root: Path) -> Tuple[float, List[Tuple[str, str, str]]]:
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "report.json"
        command = [python, "-m", "modelscan.cli", "scan", "-p", str(root), "-r", "json", "-o", str(out), "-l", "ERROR"]
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, env={**os.environ, **_QUIET}, check=False)
        elapsed = time.perf_counter() - start
        report = json.loads(out.read_text()) if out.exists() else {"issues": []}
    found = [(issue["source"], issue["severity"], issue["operator"]) for issue in report["issues"]]
    return elapsed, found


def run_modelaudit(python: str, root: Path) -> Tuple[float, List[Tuple[str, str, str]]]:
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "report.json"
        command = [python, "-c", _MODELAUDIT, "scan", str(root), "--format", "json", "-o", str(out), "-q",
                   "--no-whitelist", "--no-cache"]  # fmt: skip
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, env={**os.environ, **_QUIET}, check=False)
        elapsed = time.perf_counter() - start
        report = json.loads(out.read_text()) if out.exists() else {"issues": []}
    found = []
    for issue in report["issues"]:
        message, location = issue.get("message", ""), issue.get("location") or ""
        file = os.path.relpath(location.split(" (")[0], root) if location else ""
        if message.startswith("Dangerous TensorFlow operation: "):
            found.append((file, issue["severity"], message.rsplit(": ", 1)[1]))
        elif "Lambda" in message:
            found.append((file, issue["severity"], "Lambda"))
        elif issue.get("severity") in ("critical", "warning") and "TensorFlow" in message:
            found.append((file, issue["severity"], message[:60]))
    return elapsed, found


def planted(root: Path) -> Dict[str, List[str]]:
    """Each hostile file and the ops or layers planted in it."""
    expected = json.loads((SCAN / "EXPECTED.json").read_text())
    out = {name: [what for _, what in found] for name, found in expected.items()}
    out["big.meta"] = ["ReadFile"]
    return out


def _found_in(found: List[Tuple[str, str, str]], file: str, what: str) -> bool:
    folder = os.path.dirname(file)
    for path, _, item in found:
        same_file = path == file or (folder and os.path.dirname(path) == folder)
        if same_file and (item == what or (item == "Lambda" and what in ("halve", "double"))):
            return True
    return False


def median_time(run: Any, *args: Any) -> Tuple[float, Any]:
    times, result = [], None
    for _ in range(3):
        elapsed, result = run(*args)
        times.append(elapsed)
    return statistics.median(times), result


def per_file_ratio(root: Path) -> Tuple[float, float, int]:
    """tfcollections: the scan of every model file of *root* against load(path, graph=True) of the same files."""
    import tfcollections
    from tfcollections._scan.scan import _tree, scan_file

    files = list(_tree(str(root)))
    loads = scans = 0.0
    for path in files:
        best_load = best_scan = float("inf")
        for _ in range(5):
            start = time.perf_counter()
            with contextlib.suppress(tfcollections.DecodeError, OSError):
                tfcollections.load(path, graph=True)
            best_load = min(best_load, time.perf_counter() - start)
            start = time.perf_counter()
            scan_file(path)
            best_scan = min(best_scan, time.perf_counter() - start)
        loads += best_load
        scans += best_scan
    return loads, scans, len(files)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--modelscan", required=True, metavar="PYTHON", help="a Python with modelscan and TensorFlow")
    parser.add_argument("--modelaudit", required=True, metavar="PYTHON", help="a Python with modelaudit")
    args = parser.parse_args()
    scanners = {
        "tfcollections": lambda root: run_ours(root),
        "modelscan": lambda root: run_modelscan(args.modelscan, root),
        "modelaudit": lambda root: run_modelaudit(args.modelaudit, root),
    }
    with tempfile.TemporaryDirectory() as scratch:
        hostile = Path(scratch) / "hostile"
        shutil.copytree(SCAN, hostile, ignore=shutil.ignore_patterns("*.json", "*.md"))
        big_meta(hostile / "big.meta")
        print("## Planted findings (tests/data/scan and a 30 MB .meta)\n")
        results = {name: median_time(run, hostile) for name, run in scanners.items()}
        print("| file | planted | " + " | ".join(scanners) + " |")
        print("|---|---|" + "---|" * len(scanners))
        totals = {name: 0 for name in scanners}
        count = 0
        for file, items in sorted(planted(hostile).items()):
            for item in items:
                count += 1
                cells = []
                for name in scanners:
                    hit = _found_in(results[name][1], file, item)
                    totals[name] += hit
                    cells.append("found" if hit else "**missed**")
                print(f"| `{file}` | {item} | " + " | ".join(cells) + " |")
        print("| **all** | " + f"{count} | " + " | ".join(f"{totals[n]} of {count}" for n in scanners) + " |\n")
        savers = {name: sum(1 for _, _, item in results[name][1] if item in SAVER_OPS) for name in scanners}
        print("Findings of savers' own ops in these files: " + ", ".join(f"{n} {savers[n]}" for n in scanners) + ".\n")
        print("Wall time over these files (median of 3): "
              + ", ".join(f"{n} {results[n][0]:.2f} s" for n in scanners) + "\n")  # fmt: skip
    print("## The corpora (../shared/corpus: real, wild, checkpoints)\n")
    corpus = {name: median_time(run, CORPUS) for name, run in scanners.items()}
    print("| scanner | wall time (median of 3) | findings | of checkpoint ops | ops found (top) |")
    print("|---|---:|---:|---:|---|")
    for name in scanners:
        elapsed, found = corpus[name]
        saver_hits = sum(1 for _, _, item in found if item in SAVER_OPS)
        tally: Dict[str, int] = {}
        for _, _, item in found:
            tally[item] = tally.get(item, 0) + 1
        top = ", ".join(f"{item} {n}" for item, n in sorted(tally.items(), key=lambda kv: -kv[1])[:8])
        print(f"| {name} | {elapsed:.2f} s | {len(found)} | {saver_hits} | {top} |")
    ours = {(file, item) for file, _, item in corpus["tfcollections"][1]}
    for name in ("modelscan", "modelaudit"):
        missed: Dict[str, int] = {}
        for file, _, item in corpus[name][1]:
            if (file, item) not in ours:
                missed[item] = missed.get(item, 0) + 1
        listed = ", ".join(f"{item} {n}" for item, n in sorted(missed.items(), key=lambda kv: -kv[1])) or "nothing"
        print(f"\nFound by {name} on the corpora, not by tfcollections (file and op): {listed}")
    loads, scans, files = per_file_ratio(CORPUS)
    print(f"\ntfcollections per file, {files} files of the corpora (best of 5 each): load(graph=True) "
          f"{loads * 1000:.0f} ms, scan {scans * 1000:.0f} ms: {scans / loads:.2f}x (bound: at most 1.2x)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
