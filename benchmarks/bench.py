# SPDX-License-Identifier: Apache-2.0
"""tfcollections against protobuf (C and pure Python) and bbpb, side by side in one run.

    bash benchmarks/run.sh              # makes .venv-bench (tensorflow-cpu, protobuf, bbpb) and runs this
    .venv-bench/bin/python -m benchmarks.bench [--quick] [--json results.json]

Sections (docs/performance.md explains each and keeps the last table):

1. items: every contender decodes the same items, into plain data where it can;
   median time per item (the in-process contenders take turns in each repeat) and
   the ratio to tfcollections ``decode``;
2. whole files: ``load`` of growing ``.meta`` files against protobuf parsing them,
   and a sparse 4 GB file; peak memory of each ``load`` in a fresh process;
3. import time of the package (``python -X importtime``);
4. scaling: 10x the work (items, item size, nesting depth) against the time it costs
   (minimum of the repeats), and peak memory of whole-file reads as the file grows.

The targets of the performance issue are checked at the end (PASS / MISS); the
exit code is 0 either way: this measures, it does not judge the machine.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Tuple

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
HERE = Path(__file__).resolve().parent
REPO = HERE.parent

import blackboxprotobuf  # noqa: E402
import google.protobuf  # noqa: E402
from google.protobuf import descriptor_pb2, json_format  # noqa: E402
from google.protobuf.internal import api_implementation  # noqa: E402

import tfcollections  # noqa: E402
from benchmarks import workloads  # noqa: E402
from benchmarks.timing import interleaved_per_item, median_seconds, per_item  # noqa: E402

Items = List[Tuple[str, bytes]]


# --------------------------------------------------------------------------- 1. items


def _file_descriptors() -> List[bytes]:
    """The serialized .proto descriptors the registered messages need, dependencies first."""
    ordered: List[bytes] = []
    seen = set()

    def add(file_descriptor: Any) -> None:
        if file_descriptor.name in seen:
            return
        seen.add(file_descriptor.name)
        for dependency in file_descriptor.dependencies:
            add(dependency)
        proto = descriptor_pb2.FileDescriptorProto()
        file_descriptor.CopyToProto(proto)
        ordered.append(proto.SerializeToString())

    for cls in workloads.CLASSES.values():
        add(cls.DESCRIPTOR.file)
    return ordered


def pure_python_times(named: Dict[str, Items], repeats: int, min_time: float) -> Dict[str, Dict[str, float]]:
    """Per workload: seconds per item of pure-Python parse + MessageToDict, and of decode in turns with it."""
    job = {
        "descriptors": _file_descriptors(),
        "workloads": {
            name: [(workloads.CLASSES[c].DESCRIPTOR.full_name, c, blob) for c, blob in items]
            for name, items in named.items()
        },
        "repeats": repeats,
        "min_time": min_time,
    }
    with tempfile.NamedTemporaryFile(suffix=".pickle", delete=False) as file:
        pickle.dump(job, file)
    try:
        env = dict(os.environ, PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION="python")
        result = subprocess.run(
            [sys.executable, "-m", "benchmarks.pure_python_worker", file.name],
            env=env,
            cwd=str(REPO),
            capture_output=True,
            text=True,
            check=True,
        )
    finally:
        os.unlink(file.name)
    times: Dict[str, Dict[str, float]] = json.loads(result.stdout)
    return times


def item_contenders(items: Items) -> Dict[str, Callable[[], None]]:
    decode, decode_strict = tfcollections.decode, tfcollections.decode_strict
    parsers = [(workloads.CLASSES[name].FromString, blob) for name, blob in items]
    to_dict = json_format.MessageToDict
    bbpb_decode = blackboxprotobuf.decode_message

    def ours() -> None:
        for name, blob in items:
            decode(name, blob)

    def ours_strict() -> None:
        for name, blob in items:
            decode_strict(name, blob)

    def upb_parse() -> None:
        for parse, blob in parsers:
            parse(blob)

    def upb_to_dict() -> None:
        for parse, blob in parsers:
            to_dict(parse(blob), preserving_proto_field_name=True)

    def bbpb() -> None:
        for _, blob in items:
            bbpb_decode(blob)

    return {
        "tfcollections decode": ours,
        "tfcollections decode_strict": ours_strict,
        "protobuf upb: parse only": upb_parse,
        "protobuf upb: parse + MessageToDict": upb_to_dict,
        "bbpb decode_message": bbpb,
    }


PURE_PYTHON = "protobuf pure-Python: parse + MessageToDict"
DECODE_BY_PURE_PYTHON = "tfcollections decode, in turns with pure-Python (its process)"


def ratio_base(times: Dict[str, float], contender: str) -> float:
    """The decode time a contender's ratio is taken against: the one timed in turns with it."""
    return times[DECODE_BY_PURE_PYTHON] if contender == PURE_PYTHON else times["tfcollections decode"]


def bench_items(named: Dict[str, Items], repeats: int, min_time: float) -> Dict[str, Dict[str, float]]:
    results: Dict[str, Dict[str, float]] = {}
    for workload, items in named.items():
        results[workload] = interleaved_per_item(item_contenders(items), len(items), repeats, min_time)
    pure = pure_python_times(named, repeats, min_time)
    for workload, pair in pure.items():
        results[workload][PURE_PYTHON] = pair["pure-Python"]
        results[workload][DECODE_BY_PURE_PYTHON] = pair["tfcollections decode"]
    return results


# --------------------------------------------------------------------------- 2. whole files

# Peak memory is the process's own high-water mark (VmHWM): getrusage's ru_maxrss of a child can
# report the parent's size at fork, and this parent holds TensorFlow.
_PEAK = "int(open('/proc/self/status').read().split('VmHWM:')[1].split()[0])"
_PEAK_SCRIPT = """
import sys, time
start = time.perf_counter()
import tfcollections
model = tfcollections.load(sys.argv[1])
elapsed = time.perf_counter() - start
count = sum(len(c["value"]) for m in model["meta_graphs"] for c in m["collection_def"].values())
print(elapsed, PEAK, count)
""".replace("PEAK", _PEAK)

_BASELINE_SCRIPT = f"print({_PEAK})"


def fresh_process_load(path: Path) -> Tuple[float, float, int]:
    """(seconds for import + load, peak RSS in MB, items) of loading *path* in a new Python process."""
    # Run from the repository, whose folder python -c puts first on the path: the checkout is what is measured.
    out = subprocess.run([sys.executable, "-c", _PEAK_SCRIPT, str(path)], capture_output=True, text=True, check=True,
                         cwd=str(REPO))  # fmt: skip
    elapsed, peak_kb, count = out.stdout.split()
    return float(elapsed), int(peak_kb) / 1024, int(count)


def baseline_peak_mb() -> float:
    out = subprocess.run([sys.executable, "-c", _BASELINE_SCRIPT], capture_output=True, text=True, check=True)
    return int(out.stdout) / 1024


def bench_files(workdir: Path, sizes: List[int], repeats: int) -> List[Dict[str, Any]]:
    rows = []
    meta_graph_class = workloads.meta_graph_pb2.MetaGraphDef
    for size in sizes:
        path = workdir / f"model_{size}.meta"
        info = workloads.meta_graph_file(path, size)
        data = path.read_bytes()
        ours = median_seconds(lambda path=path: tfcollections.load(path), repeats)
        upb_read_parse = median_seconds(lambda path=path: meta_graph_class.FromString(path.read_bytes()), repeats)
        upb_parse = median_seconds(lambda data=data: meta_graph_class.FromString(data), repeats)
        _, peak, _ = fresh_process_load(path)
        rows.append(
            {
                "file_mb": info["size"] / 1e6,
                "variables": info["variables"],
                "tfcollections load s": ours,
                "protobuf upb read + parse s": upb_read_parse,
                "protobuf upb parse s": upb_parse,
                "ratio": upb_read_parse / ours,
                "peak MB (fresh process)": peak,
            }
        )
        path.unlink()
    return rows


def bench_huge_file(workdir: Path) -> Dict[str, Any]:
    path = workdir / "huge.meta"
    size = workloads.sparse_huge_meta_graph(path, 4_300_000_000)
    runs = [fresh_process_load(path) for _ in range(3)]
    in_process = median_seconds(lambda: tfcollections.load(path), 5)
    path.unlink()
    return {
        "file_gb": size / 1e9,
        "variables": runs[0][2],
        "load s (in process)": in_process,
        "import + load s (fresh process)": statistics.median(run[0] for run in runs),
        "peak MB (fresh process)": statistics.median(run[1] for run in runs),
    }


# --------------------------------------------------------------------------- 3. import time


def import_time_ms(repeats: int = 7) -> float:
    """Median cumulative import time of the package itself, as ``-X importtime`` reports it."""
    samples = []
    # Bytecode as an installed package has it: written once (pip compiles at install), then read.
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([sys.executable, "-c", "import tfcollections"], check=True, cwd=str(REPO), env=env)
    for _ in range(repeats):
        out = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", "import tfcollections"],
            capture_output=True,
            text=True,
            check=True,
            cwd=str(REPO),
            env=env,
        )
        for line in out.stderr.splitlines():
            match = re.match(r"import time:\s+\d+ \|\s+(\d+) \|\s*tfcollections$", line)
            if match:
                samples.append(int(match.group(1)) / 1000)
    return statistics.median(samples)


# --------------------------------------------------------------------------- 4. scaling


def _decode_time(items: Items, repeats: int, min_time: float) -> float:
    decode = tfcollections.decode

    def run() -> None:
        for name, blob in items:
            decode(name, blob)

    return per_item(run, 1, repeats, min_time, statistic="min")  # seconds per pass over all items


def bench_scaling(repeats: int, min_time: float) -> List[Dict[str, Any]]:
    cases = [
        ("items (VariableDefs)", workloads.large_model_variables(500), workloads.large_model_variables(5000)),
        (
            "item size (external_values map entries)",
            [("cond_context", workloads.cond_context("c", 1000).SerializeToString())],
            [("cond_context", workloads.cond_context("c", 10000).SerializeToString())],
        ),
        (
            "item size (repeated strings)",
            [("queue_runners", workloads.queue_runner("q", 2000).SerializeToString())],
            [("queue_runners", workloads.queue_runner("q", 20000).SerializeToString())],
        ),
        (
            "nesting depth (while contexts)",
            [("while_context", workloads.while_context("w", 4, 20).SerializeToString())],
            [("while_context", workloads.while_context("w", 40, 20).SerializeToString())],
        ),
    ]
    rows = []
    for what, small, large in cases:
        for items in (small, large):  # every item must really decode: a fallback would time the wrong thing
            assert all(isinstance(tfcollections.decode(name, blob), dict) for name, blob in items)
        t_small = _decode_time(small, repeats, min_time)
        t_large = _decode_time(large, repeats, min_time)
        size_ratio = sum(len(b) for _, b in large) / sum(len(b) for _, b in small)
        rows.append(
            {
                "what": what,
                "1x s": t_small,
                "10x s": t_large,
                "ratio": t_large / t_small,
                "bytes ratio": size_ratio,
                # The work is the bytes decoded; the workloads grow 10.2x to 10.7x, not exactly 10x.
                "time for 10x the bytes": t_large / t_small / size_ratio * 10,
            }
        )
    return rows


# --------------------------------------------------------------------------- report


def _us(seconds: float) -> str:
    return f"{seconds * 1e6:,.2f}"


def report(results: Dict[str, Any]) -> List[str]:
    lines = [
        f"machine: {results['machine']}",
        f"python: {results['python']}; protobuf {results['protobuf']}; bbpb {results['bbpb']}",
        "",
        "## 1. Items: median time per item (µs); ratio = contender time / tfcollections decode",
        "",
        "The pure-Python backend runs in its own process; its ratio is taken against decode timed in turns with it",
        "there (the row below it), as every in-process contender takes turns with decode here.",
        "",
    ]
    for workload, times in results["items"].items():
        count, size = results["workload_sizes"][workload]
        ours = times["tfcollections decode"]
        lines += [
            f"### {workload}: {count:,} items, {size:,} bytes; decode {size / count / ours / 1e6:,.0f} MB/s",
            "",
            "| contender | µs per item | ratio |",
            "|---|---:|---:|",
        ]
        for contender, seconds in times.items():
            lines.append(f"| {contender} | {_us(seconds)} | {seconds / ratio_base(times, contender):.2f}x |")
        lines.append("")
    lines += [
        "## 2. Whole files: collections of a .meta (load) against protobuf parsing the file",
        "",
        "| file MB | tfcollections load (s) | upb read + parse (s) | upb parse in memory (s) | ratio "
        "| load peak RSS (MB) |",
        "|---:|---:|---:|---:|---:|---:|",
    ]
    for row in results["files"]:
        lines.append(
            f"| {row['file_mb']:,.1f} | {row['tfcollections load s']:.4f} | {row['protobuf upb read + parse s']:.4f} "
            f"| {row['protobuf upb parse s']:.4f} | {row['ratio']:,.0f}x | {row['peak MB (fresh process)']:.1f} |"
        )
    huge = results["huge_file"]
    lines += [
        "",
        f"Sparse {huge['file_gb']:.1f} GB .meta ({huge['variables']:,} variables): "
        f"load {huge['load s (in process)']:.4f} s in process, "
        f"import + load {huge['import + load s (fresh process)']:.4f} s in a fresh process, "
        f"peak RSS {huge['peak MB (fresh process)']:.1f} MB (bare python: {results['baseline_peak_mb']:.1f} MB). "
        "protobuf cannot parse a message over 2 GB.",
        "",
        f"## 3. Import: {results['import_ms']:.2f} ms (package's cumulative time, `python -X importtime`, median)",
        "",
        "## 4. Scaling: 10x the work",
        "",
        "| what grows | bytes ratio | 1x (ms) | 10x (ms) | time ratio | time for 10x the bytes |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for row in results["scaling"]:
        lines.append(
            f"| {row['what']} | {row['bytes ratio']:.2f}x | {row['1x s'] * 1e3:.3f} | {row['10x s'] * 1e3:.3f} "
            f"| {row['ratio']:.2f}x | {row['time for 10x the bytes']:.2f}x |"
        )
    peaks = [row["peak MB (fresh process)"] for row in results["files"]]
    first, last = results["files"][0]["file_mb"], results["files"][-1]["file_mb"]
    lines += [
        f"| whole-file peak memory, {first:.0f} MB -> {last:.0f} MB file | {last / first:.0f}x "
        f"| {peaks[0]:.1f} MB | {peaks[-1]:.1f} MB | {peaks[-1] / peaks[0]:.2f}x | |",
        "",
    ]
    return lines


def targets(results: Dict[str, Any]) -> List[Tuple[str, bool, str]]:
    checks = []
    for workload, times in results["items"].items():
        ours = times["tfcollections decode"]
        for contender, at_least in (
            ("protobuf upb: parse + MessageToDict", 2.0),
            (PURE_PYTHON, 10.0),
            ("bbpb decode_message", 30.0),
        ):
            ratio = times[contender] / ratio_base(times, contender)
            checks.append((f"{workload}: decode >= {at_least:g}x {contender}", ratio >= at_least, f"{ratio:.2f}x"))
        within = ours / times["protobuf upb: parse only"]
        checks.append((f"{workload}: decode within 4x of upb parse alone", within <= 4.0, f"{within:.2f}x"))
    huge = results["huge_file"]
    checks.append(
        ("4 GB .meta: load < 0.5 s", huge["load s (in process)"] < 0.5, f"{huge['load s (in process)']:.3f} s")
    )
    checks.append(
        ("4 GB .meta: peak < 50 MB", huge["peak MB (fresh process)"] < 50, f"{huge['peak MB (fresh process)']:.1f} MB")
    )
    biggest = results["files"][-1]
    if biggest["file_mb"] >= 99:
        checks.append(("100 MB .meta: >= 20x upb", biggest["ratio"] >= 20, f"{biggest['ratio']:,.0f}x"))
    checks.append(("import < 15 ms", results["import_ms"] < 15, f"{results['import_ms']:.2f} ms"))
    for row in results["scaling"]:
        scaled = row["time for 10x the bytes"]
        checks.append((f"linear: {row['what']}: 10x the bytes in <= 11x the time", scaled <= 11, f"{scaled:.2f}x"))
    return checks


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer repeats, files up to 10 MB (a smoke run)")
    parser.add_argument("--json", type=Path, help="also write the raw results here")
    args = parser.parse_args()
    repeats, min_time = (3, 0.05) if args.quick else (7, 0.2)
    sizes = [1_000_000, 10_000_000] if args.quick else [1_000_000, 10_000_000, 100_000_000]

    named = {
        "example model": workloads.example_items(),
        "fixture files": workloads.fixture_items(),
        "synthetic large model": workloads.large_model_items(),
    }
    for name, items in named.items():  # the benchmark must time real decoding, not the bytes fallback
        assert all(isinstance(tfcollections.decode(n, blob), dict) for n, blob in items), name
    started = time.perf_counter()
    results: Dict[str, Any] = {
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, {platform.platform()}",
        "python": platform.python_version(),
        "protobuf": f"{google.protobuf.__version__} ({api_implementation.Type()})",
        "bbpb": _version("bbpb"),
        "workload_sizes": {name: (len(items), sum(len(b) for _, b in items)) for name, items in named.items()},
    }
    print("items ...", file=sys.stderr)
    results["items"] = bench_items(named, repeats, min_time)
    with tempfile.TemporaryDirectory() as workdir:
        print("whole files ...", file=sys.stderr)
        results["files"] = bench_files(Path(workdir), sizes, 3 if args.quick else 5)
        results["huge_file"] = bench_huge_file(Path(workdir))
    results["baseline_peak_mb"] = baseline_peak_mb()
    print("import time, scaling ...", file=sys.stderr)
    results["import_ms"] = import_time_ms()
    results["scaling"] = bench_scaling(repeats, min_time)
    results["targets"] = [list(check) for check in targets(results)]

    print("\n".join(report(results)))
    print("## Targets\n")
    for what, ok, value in results["targets"]:
        print(f"- {'PASS' if ok else 'MISS'} {what}: {value}")
    print(f"\n(benchmark took {time.perf_counter() - started:.0f} s)")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n")
    return 0


def _version(distribution: str) -> str:
    try:
        from importlib.metadata import version

        return version(distribution)
    except Exception:
        return "?"


if __name__ == "__main__":
    sys.exit(main())
