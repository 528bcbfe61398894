# SPDX-License-Identifier: Apache-2.0
"""The graph scan (``load(..., graph=True)``) against protobuf's C backend, in one run.

    bash benchmarks/run.sh --graph          # makes .venv-bench if needed, then runs this
    bash benchmarks/run.sh --graph --collector   # only the corpus, the garbage collector on and off in turns
    .venv-bench/bin/python -m benchmarks.graph [--quick] [--corpus DIR] [--json out.json]

Sections (docs/performance.md keeps the last table and says what each measures):

1. the real corpus (``../shared/corpus/real``, 57 files): ``loads(data, graph=True)`` of every file's
   bytes in memory against upb parsing the same bytes whole (``MetaGraphDef``/``SavedModel.FromString``),
   and against that parse plus the Python loop a user writes to collect the variables' dtypes and
   shapes, and against the floor (``floor_walk``: every node's fields walked, the last op counted,
   nothing else); ``load(path, graph=True)``, which also finds, opens and maps each file, is timed
   beside them; the contenders take turns in each of the repeats, the median is kept;
2. a ``.meta`` of about 1 GB, almost all of it one ``Const`` tensor (the graph_scan fixture's graph
   plus that node), and the same with a 4 GiB tensor (past protobuf's 2 GB limit): time and peak
   memory of ``load(path, graph=True)`` in a fresh process, and of upb for the 1 GB one;
3. a node-heavy graph: the fixture's 316 nodes copied, renamed, to about 500,000 (about 93 MB), the same
   contenders (the whole contract's given the bytes, as in section 1);
4. scaling: 10x the nodes against 10x the bytes (a Const 10x as large, the same nodes);
5. the command line's summary of every corpus file, a whole process each, above a bare interpreter's start:
   through pip's console script (the target's) and through uv's, which does not import ``re``.

Sections 1 and 3 also time the whole contract of ``graph=True`` (issue 23's inputs, outputs and constants, the
variables as their nodes give them, the census, the flagged nodes and calls) two other ways
(``benchmarks/contract.py``): its floor, a walk that trusts every offset, and upb's parse with the loop a user
writes for the same dicts; both are held to ``load``'s answers.

TensorFlow's own Python objects are frozen out of garbage collection (``gc.freeze``) after the imports, as a
process that uses tfcollections has none of them.

The targets are checked at the end (PASS / MISS; the exit code is 0 either way): issue 34's for the whole contract
(the corpus at most 1.2x its floor or 3x upb's parse, whichever is larger, and faster than upb's parse with the
contract's loop; every summary within 50 ms above the interpreter's start), the same two for the node-heavy graph,
and issue 12's, set when ``graph=True`` gave the op census and the variables only, kept and labelled as such.
The large files are sparse (their tensor is a hole), so they cost no disk.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
HERE = Path(__file__).resolve().parent
REPO = HERE.parent
FIXTURE = REPO / "tests" / "data" / "files" / "graph_scan.meta"

from tensorflow.core.framework import graph_pb2, node_def_pb2  # noqa: E402
from tensorflow.core.protobuf import meta_graph_pb2, saved_model_pb2  # noqa: E402

import tfcollections  # noqa: E402
from benchmarks.contract import _varint, contract_floor, same_answers, upb_contract  # noqa: E402
from tests.helpers import varint  # noqa: E402  (the tests' own writer, not the package's)

VARIABLE_OPS = {"Variable", "VariableV2", "VarHandleOp"}


def upb_parse(data: bytes, saved_model: bool) -> List[Any]:
    if saved_model:
        return list(saved_model_pb2.SavedModel.FromString(data).meta_graphs)
    return [meta_graph_pb2.MetaGraphDef.FromString(data)]


def upb_variables(data: bytes, saved_model: bool) -> List[Tuple[str, int, List[int]]]:
    """What a user of protobuf writes to list the variables: parse, then loop over the nodes."""
    found = []
    for meta_graph in upb_parse(data, saved_model):
        for node in meta_graph.graph_def.node:
            if node.op in VARIABLE_OPS:
                found.append((node.name, node.attr["dtype"].type, [d.size for d in node.attr["shape"].shape.dim]))
    return found


def _length_fields(buf: bytes, pos: int, end: int, wanted: int) -> List[Tuple[int, int]]:
    """The spans of the length-delimited fields numbered *wanted* (other fields assumed length-delimited or varint)."""
    spans = []
    while pos < end:
        tag, pos = _varint(buf, pos)
        if tag & 7 == 0:
            _, pos = _varint(buf, pos)
            continue
        length, pos = _varint(buf, pos)
        if tag >> 3 == wanted:
            spans.append((pos, pos + length))
        pos += length
    return spans


FLOOR = "floor: a walk of every node's fields that only counts ops"
CONTRACT_FLOOR = (
    "floor of the whole contract: names, ops, inputs, constants, placeholders, outputs, variables, flagged nodes, "
    "calls, census"
)
OURS = "tfcollections loads(bytes, graph=True)"
OURS_PLAIN = "tfcollections loads(bytes)"
UPB_CONTRACT = "protobuf upb: parse + the whole contract's loop"


def floor_walk(data: bytes, saved_model: bool) -> Dict[bytes, int]:
    """The floor of any pure-Python scan that reads every field of every node, as protobuf's rules need: the
    graph's nodes (not its functions) walked field by field, the last op of each counted, nothing checked,
    nothing decoded, no variables. What no exact scan in CPython can beat; tfcollections does all the rest."""
    meta_graphs = _length_fields(data, 0, len(data), 2) if saved_model else [(0, len(data))]
    ops: Dict[bytes, int] = {}
    for start, end in meta_graphs:
        for graph_start, graph_end in _length_fields(data, start, end, 2):
            pos = graph_start
            while pos < graph_end:
                tag = data[pos]
                length, pos = _varint(data, pos + 1)
                node_end = pos + length
                if tag == 0x0A:
                    op = b""
                    while pos < node_end:
                        field = data[pos]
                        length = data[pos + 1]
                        if length < 0x80:
                            pos += 2
                        else:
                            length, pos = _varint(data, pos + 1)
                        if field == 0x12:
                            op = data[pos : pos + length]
                        pos += length
                    ops[op] = ops.get(op, 0) + 1
                pos = node_end
    return ops


def interleaved(
    runs: Dict[str, Callable[[], object]], repeats: int, rounds: Optional[Dict[str, List[float]]] = None
) -> Dict[str, float]:
    """Median seconds of one call of each, the contenders taking turns in every repeat (each repeat's times also
    put in *rounds*, when given)."""
    samples: Dict[str, List[float]] = {name: [] for name in runs}
    for _ in range(repeats):
        for name, run in runs.items():
            start = time.perf_counter()
            run()
            samples[name].append(time.perf_counter() - start)
    if rounds is not None:
        rounds.update(samples)
    return {name: statistics.median(values) for name, values in samples.items()}


# --------------------------------------------------------------------------- 1. the corpus


def bench_corpus(corpus: Path, repeats: int) -> Dict[str, Any]:
    paths = sorted(p for p in corpus.iterdir() if p.suffix in (".meta", ".pb") and p.is_file())
    files = [(path, path.read_bytes(), path.read_bytes()[:1] == b"\x08" or path.suffix == ".pb") for path in paths]
    # The SavedModel/MetaGraphDef split as protobuf needs it: what load says the file is.
    files = [(path, data, tfcollections.loads(data)["format"] == "SavedModel") for path, data, _ in files]
    nodes = sum(
        sum(mg["graph"]["ops"].values())
        for path, _, _ in files
        for mg in tfcollections.load(path, graph=True)["meta_graphs"]
    )
    rounds: Dict[str, List[float]] = {}
    times = interleaved(
        {
            OURS: lambda: [tfcollections.loads(d, graph=True) for _, d, _ in files],
            OURS_PLAIN: lambda: [tfcollections.loads(d) for _, d, _ in files],
            "tfcollections load(path, graph=True)": lambda: [tfcollections.load(p, graph=True) for p, _, _ in files],
            "tfcollections load(path)": lambda: [tfcollections.load(p) for p, _, _ in files],
            "protobuf upb: parse whole": lambda: [upb_parse(d, s) for _, d, s in files],
            "protobuf upb: parse + variables loop": lambda: [upb_variables(d, s) for _, d, s in files],
            FLOOR: lambda: [floor_walk(d, s) for _, d, s in files],
            UPB_CONTRACT: lambda: [upb_contract(d, s) for _, d, s in files],
            CONTRACT_FLOOR: lambda: [contract_floor(d, s) for _, d, s in files],
        },
        repeats,
        rounds,
    )
    # Neither contender of the whole contract may be timed doing less than the library: each gives load's answers.
    agree = sum(
        all(same_answers(mg["graph"], mine) and same_answers(mg["graph"], theirs)
            for mg, mine, theirs in zip(tfcollections.load(path, graph=True)["meta_graphs"], contract_floor(data, sm),
                                        upb_contract(data, sm)))
        for path, data, sm in files
    )  # fmt: skip
    return {"files": len(files), "nodes": nodes, "bytes": sum(len(d) for _, d, _ in files), "seconds": times,
            "rounds": rounds, "contract agrees": agree}  # fmt: skip


def bench_collector(corpus: Path, repeats: int) -> Dict[str, float]:
    """``load(graph=True)`` of the corpus (bytes in memory) and the contract's floor, each with the garbage collector
    on and off, all four in turns: median ms of each (``--collector``: what the collector costs a corpus pass)."""
    paths = sorted(p for p in corpus.iterdir() if p.suffix in (".meta", ".pb") and p.is_file())
    files = [(data, tfcollections.loads(data)["format"] == "SavedModel") for data in map(Path.read_bytes, paths)]

    def ours() -> object:
        return [tfcollections.loads(data, graph=True) for data, _ in files]

    def floor() -> object:
        return [contract_floor(data, saved_model) for data, saved_model in files]

    def without_collector(run: Callable[[], object]) -> Callable[[], object]:
        def timed() -> object:
            gc.disable()
            try:
                return run()
            finally:
                gc.enable()

        return timed

    runs = {"ours": ours, "floor": floor, "ours, no gc": without_collector(ours),
            "floor, no gc": without_collector(floor)}  # fmt: skip
    return {name: seconds * 1000 for name, seconds in interleaved(runs, repeats).items()}


# The console script uv writes for the same entry point (astral-sh/uv#10627). pip's, from distlib's template, first
# imports `re` (with enum and functools: about 25 M instructions, 5 to 8 ms here) for one substitution on sys.argv[0],
# and the package itself never imports it; distlib kept it (pypa/distlib#239). Both are timed, so that the
# installer's share of a summary is seen apart from the package's.
UV_LAUNCHER = """#!{python}
# -*- coding: utf-8 -*-
import sys
from tfcollections._cli.main import main
if __name__ == "__main__":
    if sys.argv[0].endswith("-script.pyw"):
        sys.argv[0] = sys.argv[0][:-11]
    elif sys.argv[0].endswith(".exe"):
        sys.argv[0] = sys.argv[0][:-4]
    sys.exit(main())
"""


def bench_summaries(corpus: Path, repeats: int) -> Dict[str, Any]:
    """The command line's summary of every corpus file as a whole process (the installed console script, its
    bytecode compiled as an install leaves it), against the interpreter's own start: the median of *repeats*; and
    the same through uv's console script (``UV_LAUNCHER``)."""
    script = Path(sys.executable).with_name("tfcollections")
    paths = sorted(p for p in corpus.iterdir() if p.suffix in (".meta", ".pb") and p.is_file())
    environ = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(REPO / "tfcollections")], check=True, env=environ)

    def seconds(command: List[str]) -> float:
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environ, check=False)
        return time.perf_counter() - start

    # A bare interpreter's start is timed beside each summary, in every round: each file's time above the start is
    # the median of its differences, so that a slow minute of the machine slows both sides of one difference.
    bare: List[float] = []
    above: Dict[str, List[float]] = {path.name: [] for path in paths}
    above_uv: Dict[str, List[float]] = {path.name: [] for path in paths}
    with tempfile.TemporaryDirectory() as workdir:
        uv_script = Path(workdir) / "tfcollections"
        uv_script.write_text(UV_LAUNCHER.format(python=sys.executable))
        uv_script.chmod(0o755)
        for _ in range(repeats):
            for path in paths:
                start = seconds([sys.executable, "-c", "pass"])
                bare.append(start)
                above[path.name].append(seconds([str(script), str(path)]) - start)
                above_uv[path.name].append(seconds([str(uv_script), str(path)]) - start)

    def rows(samples: Dict[str, List[float]]) -> List[Tuple[float, str]]:
        return sorted(((statistics.median(times), name) for name, times in samples.items()), reverse=True)

    return {"bare interpreter s": statistics.median(bare), "above start s": rows(above),
            "above start s, uv's console script": rows(above_uv)}  # fmt: skip


# --------------------------------------------------------------------------- 2-4. synthetic files


def fixture_parts() -> Tuple[bytes, graph_pb2.GraphDef]:
    """The fixture's MetaGraphDef without its graph_def, and its graph."""
    meta_graph = meta_graph_pb2.MetaGraphDef.FromString(FIXTURE.read_bytes())
    graph = graph_pb2.GraphDef()
    graph.CopyFrom(meta_graph.graph_def)
    meta_graph.ClearField("graph_def")
    return meta_graph.SerializeToString(), graph


def const_heavy_file(path: Path, tensor_bytes: int) -> int:
    """The fixture with one more node: a Const whose tensor_content is *tensor_bytes* zero bytes (a hole)."""
    rest, graph = fixture_parts()
    dim = b"\x08" + varint(tensor_bytes // 4)  # TensorShapeProto.Dim.size
    shape = b"\x12" + varint(len(dim)) + dim  # TensorShapeProto.dim
    tensor_head = b"\x08\x01" + b"\x12" + varint(len(shape)) + shape  # TensorProto: dtype float, tensor_shape
    tensor_prefix = tensor_head + b"\x22" + varint(tensor_bytes)  # tensor_content: tag, length, then the bytes
    value = b"\x42" + varint(len(tensor_prefix) + tensor_bytes)  # AttrValue.tensor
    entry_head = b"\x0a\x05value\x12" + varint(len(value) + len(tensor_prefix) + tensor_bytes)
    entry_length = len(entry_head) + len(value) + len(tensor_prefix) + tensor_bytes
    node_head = b"\x0a\x09big_const\x12\x05Const" + b"\x2a" + varint(entry_length)
    node_length = len(node_head) + entry_length - tensor_bytes
    node_prefix = b"\x0a" + varint(node_length + tensor_bytes) + node_head + entry_head + value + tensor_prefix
    graph_bytes = graph.SerializeToString()
    graph_length = len(graph_bytes) + len(node_prefix) + tensor_bytes
    with open(path, "wb") as out:
        out.write(rest + b"\x12" + varint(graph_length) + graph_bytes + node_prefix)
        out.seek(tensor_bytes, os.SEEK_CUR)  # the tensor: a hole, read as zeros
        out.truncate()
    return path.stat().st_size


def node_heavy_file(path: Path, copies: int) -> Tuple[int, int]:
    """The fixture's nodes copied *copies* times under renamed scopes: (file size, nodes)."""
    rest, graph = fixture_parts()
    big = graph_pb2.GraphDef()
    big.library.CopyFrom(graph.library)
    big.versions.CopyFrom(graph.versions)
    pieces = []
    for index in range(copies):
        for node in graph.node:
            copy = node_def_pb2.NodeDef()
            copy.CopyFrom(node)
            copy.name = f"copy_{index}/{node.name}"
            pieces.append(b"\x0a" + varint(copy.ByteSize()) + copy.SerializeToString())
    graph_bytes = b"".join(pieces) + big.SerializeToString()
    data = rest + b"\x12" + varint(len(graph_bytes)) + graph_bytes
    path.write_bytes(data)
    return len(data), copies * len(graph.node)


_FRESH = """
import sys, time
start = time.perf_counter()
{body}
elapsed = time.perf_counter() - start
print(elapsed, int(open('/proc/self/status').read().split('VmHWM:')[1].split()[0]))
"""
_OURS = """import tfcollections
graph = tfcollections.load(sys.argv[1], graph=True)["meta_graphs"][0]["graph"]"""
_UPB = """import os
os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
from tensorflow.core.protobuf import meta_graph_pb2
start = time.perf_counter()  # TensorFlow's import is not the parse
meta_graph = meta_graph_pb2.MetaGraphDef.FromString(open(sys.argv[1], "rb").read())
found = [(n.name, n.attr["dtype"].type, [d.size for d in n.attr["shape"].shape.dim])
         for n in meta_graph.graph_def.node if n.op in ("Variable", "VariableV2", "VarHandleOp")]"""


def fresh(body: str, path: Path) -> Tuple[float, float]:
    """(seconds, peak RSS in MB) of *body* run on *path* in a new process (import included for ours)."""
    script = _FRESH.format(body=body)
    # Run from the repository, whose folder python -c puts first on the path: the checkout is what is measured.
    out = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, text=True, check=True,
                         cwd=str(REPO))  # fmt: skip
    seconds, peak_kb = out.stdout.split()
    return float(seconds), int(peak_kb) / 1024


def bench_const_heavy(workdir: Path, quick: bool) -> List[Dict[str, Any]]:
    rows = []
    for tensor_bytes, with_upb in ((1 << 30, True), (4 << 30, False)):
        if quick and tensor_bytes > 1 << 30:
            continue
        path = workdir / f"const_{tensor_bytes >> 30}g.meta"
        size = const_heavy_file(path, tensor_bytes)
        graph = tfcollections.load(path, graph=True)["meta_graphs"][0]["graph"]
        assert graph["ops"]["Const"] >= 1 and graph["variables"]
        ours = [fresh(_OURS, path) for _ in range(3)]
        in_process = statistics.median(
            [_timed(lambda path=path: tfcollections.load(path, graph=True)) for _ in range(5)]
        )
        row: Dict[str, Any] = {
            "file GB": size / 1e9,
            "nodes": sum(graph["ops"].values()),
            "load(graph=True) s, in process": in_process,
            "import + load(graph=True) s, fresh process": statistics.median(t for t, _ in ours),
            "peak MB, fresh process": statistics.median(m for _, m in ours),
        }
        if with_upb:
            upb = fresh(_UPB, path)
            row["upb read + parse + loop s"] = upb[0]
            row["upb peak MB"] = upb[1]
        rows.append(row)
        path.unlink()
    return rows


def _timed(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def bench_node_heavy(workdir: Path, copies: int, repeats: int) -> Dict[str, Any]:
    path = workdir / "nodes.meta"
    size, nodes = node_heavy_file(path, copies)
    data = path.read_bytes()
    # As in section 1, the whole contract is timed given the bytes, against its floor and upb's parse with its loop,
    # both held to load's answers; load(path) and the variables-only contenders of issue 12's target stay beside it.
    times = interleaved(
        {
            "tfcollections load(path, graph=True)": lambda: tfcollections.load(path, graph=True),
            OURS: lambda: tfcollections.loads(data, graph=True),
            "protobuf upb: parse whole": lambda: upb_parse(data, False),
            "protobuf upb: parse + variables loop": lambda: upb_variables(data, False),
            FLOOR: lambda: floor_walk(data, False),
            UPB_CONTRACT: lambda: upb_contract(data, False),
            CONTRACT_FLOOR: lambda: contract_floor(data, False),
        },
        repeats,
    )
    graphs = [mg["graph"] for mg in tfcollections.loads(data, graph=True)["meta_graphs"]]
    answers = zip(graphs, contract_floor(data, False), upb_contract(data, False))
    agree = all(same_answers(graph, mine) and same_answers(graph, theirs) for graph, mine, theirs in answers)
    ours_peak = fresh(_OURS, path)[1]
    upb_peak = fresh(_UPB, path)[1]
    path.unlink()
    return {"file MB": size / 1e6, "nodes": nodes, "seconds": times, "peak MB ours": ours_peak, "peak MB upb": upb_peak,
            "contract agrees": agree}  # fmt: skip


def bench_scaling(workdir: Path, repeats: int) -> List[Dict[str, Any]]:
    rows = []
    for what, make_small, make_large in (
        ("10x the nodes", lambda p: node_heavy_file(p, 16)[0], lambda p: node_heavy_file(p, 160)[0]),
        (
            "10x the bytes, same nodes",
            lambda p: const_heavy_file(p, 10 << 20),
            lambda p: const_heavy_file(p, 100 << 20),
        ),
    ):
        small, large = workdir / "small.meta", workdir / "large.meta"
        small_size, large_size = make_small(small), make_large(large)
        runs = {
            "1x": lambda small=small: tfcollections.load(small, graph=True),
            "10x": lambda large=large: tfcollections.load(large, graph=True),
        }
        samples: Dict[str, List[float]] = {"1x": [], "10x": []}
        for _ in range(repeats):
            for name, run in runs.items():
                samples[name].append(_timed(run))
        best = {name: min(values) for name, values in samples.items()}
        rows.append({"what": what, "1x s": best["1x"], "10x s": best["10x"], "ratio": best["10x"] / best["1x"],
                     "bytes ratio": large_size / small_size})  # fmt: skip
        small.unlink()
        large.unlink()
    return rows


# --------------------------------------------------------------------------- report


def report(results: Dict[str, Any]) -> List[str]:
    lines = [f"python {results['python']}; protobuf {results['protobuf']}", ""]
    corpus = results.get("corpus")
    checks: List[Tuple[str, bool, str]] = []
    if corpus:
        seconds = corpus["seconds"]
        # Every contender is given the files' bytes, as upb's parse and the floors are; load(path) also finds,
        # opens and maps each file (its rows show what that adds), which no other contender is timed doing.
        ours = seconds[OURS]
        from_path = seconds["tfcollections load(path, graph=True)"]
        lines += [
            f"## 1. Real corpus: {corpus['files']} files, {corpus['bytes'] / 1e6:.1f} MB, {corpus['nodes']:,} nodes "
            "(median of the repeats, in turns; every contender given the bytes but the two load(path))",
            "",
            "| contender | ms, all files | ratio to load(graph=True) |",
            "|---|---:|---:|",
        ]
        lines += [f"| {name} | {value * 1e3:.1f} | {value / ours:.2f}x |" for name, value in seconds.items()]
        upb = seconds["protobuf upb: parse whole"]
        loop = seconds["protobuf upb: parse + variables loop"]
        floor = seconds[FLOOR] + seconds[OURS_PLAIN]  # what loads(graph=True) cannot go below
        # At most 3x upb's parse: the target since the exact walk's floor was measured (issue 12's 1.5x was set
        # from a prototype that read no field after a node's op, which protobuf's rules forbid).
        # Both are issue 12's, set when graph=True gave the op census and the variables only; issue 23's contract
        # (every input, output and constant) is held to issue 34's targets below. Kept, as every floor is kept.
        checks.append(("corpus: load(graph=True) <= 3x upb parse (issue 12's)", ours <= 3 * upb,
                       f"{ours / upb:.2f}x; the floor walk plus load(): {floor / upb:.2f}x"))  # fmt: skip
        checks.append(("corpus: load(graph=True) < upb parse + variables loop (issue 12's)", ours < loop,
                       f"{ours / loop:.2f}x; the floor walk plus load(): {floor / loop:.2f}x"))  # fmt: skip
        # Issue 34's: the whole contract (every input, output and constant), against its floor and against upb.
        whole = seconds[CONTRACT_FLOOR]
        with_load = whole + seconds[OURS_PLAIN]
        bound = max(3 * upb, 1.2 * whole)
        checks.append(("corpus: load(graph=True) <= max(3x upb parse, 1.2x the whole contract's floor)",
                       ours <= bound, f"{ours / upb:.2f}x upb, {ours / whole:.2f}x the floor, "
                       f"{ours / with_load:.2f}x the floor plus load(); from the paths {from_path / whole:.2f}x "
                       "the floor"))  # fmt: skip
        # The same ratio taken round by round (each round's contenders run within a few seconds of each other, so a
        # slow minute of the machine slows both sides of one ratio): its median and range, beside the PASS/MISS.
        paired = sorted(a / b for a, b in zip(corpus["rounds"][OURS], corpus["rounds"][CONTRACT_FLOOR]))
        median = statistics.median(paired)
        lines += ["", f"Round by round, loads(bytes, graph=True) / the contract's floor: median {median:.2f}x (from "
                  f"{paired[0]:.2f}x to {paired[-1]:.2f}x in {len(paired)} rounds)."]  # fmt: skip
        contract_loop = seconds[UPB_CONTRACT]
        detail = f"{ours / contract_loop:.2f}x; the floor of the contract: {whole / contract_loop:.2f}x"
        checks.append(("corpus: load(graph=True) < upb parse + the whole contract's loop", ours < contract_loop,
                       detail))  # fmt: skip
        lines += ["", f"Both contenders of the whole contract give load's answers on {corpus['contract agrees']} of "
                  f"{corpus['files']} files (benchmarks/contract.py same_answers).", ""]  # fmt: skip
    rows = results.get("const_heavy", [])
    if rows:
        lines += ["## 2. One huge Const: a fresh process per run (median of 3)", ""]
        for row in rows:
            lines.append("- " + ", ".join(f"{key} {value:,.3f}" if isinstance(value, float) else f"{key} {value:,}"
                                          for key, value in row.items()))  # fmt: skip
            milliseconds = row["load(graph=True) s, in process"] * 1e3
            peak = row["peak MB, fresh process"]
            what = f"{row['file GB']:.1f} GB Const: < 100 ms and < 64 MB"
            checks.append((what, milliseconds < 100 and peak < 64, f"{milliseconds:.1f} ms, {peak:.0f} MB"))
        lines.append("")
    heavy = results.get("node_heavy")
    if heavy:
        seconds = heavy["seconds"]
        ours = seconds["tfcollections load(path, graph=True)"]
        lines += [f"## 3. Node-heavy: {heavy['nodes']:,} nodes, {heavy['file MB']:.0f} MB", "",
                  "| contender | s | ratio to load(graph=True) |", "|---|---:|---:|"]  # fmt: skip
        lines += [f"| {name} | {value:.3f} | {value / ours:.2f}x |" for name, value in seconds.items()]
        lines += ["", f"peak MB (fresh process): ours {heavy['peak MB ours']:.0f}, upb {heavy['peak MB upb']:.0f}", ""]
        loop = seconds["protobuf upb: parse + variables loop"]
        checks.append(("node-heavy: load(graph=True) < upb parse + variables loop (issue 12's)", ours < loop,
                       f"{ours / loop:.2f}x; the floor walk alone: {seconds[FLOOR] / loop:.2f}x"))  # fmt: skip
        given_bytes, whole, contract_loop = seconds[OURS], seconds[CONTRACT_FLOOR], seconds[UPB_CONTRACT]
        lines += [f"Both contenders of the whole contract give load's answers: {heavy['contract agrees']}.", ""]
        checks.append(("node-heavy: loads(graph=True) <= 1.2x the whole contract's floor (the corpus's target)",
                       given_bytes <= 1.2 * whole, f"{given_bytes / whole:.2f}x"))  # fmt: skip
        checks.append(("node-heavy: loads(graph=True) < upb parse + the whole contract's loop",
                       given_bytes < contract_loop, f"{given_bytes / contract_loop:.2f}x; the floor of the contract: "
                       f"{whole / contract_loop:.2f}x"))  # fmt: skip
    scaling = results.get("scaling", [])
    if scaling:
        lines += ["## 4. Scaling (minimum of the repeats)", "", "| work | 1x s | 10x s | time ratio | bytes ratio |",
                  "|---|---:|---:|---:|---:|"]  # fmt: skip
        for row in scaling:
            lines.append(f"| {row['what']} | {row['1x s']:.4f} | {row['10x s']:.4f} | {row['ratio']:.2f} | "
                         f"{row['bytes ratio']:.1f} |")  # fmt: skip
        nodes_row, bytes_row = scaling
        checks.append(("10x the nodes costs about 10x", 7 <= nodes_row["ratio"] <= 13, f"{nodes_row['ratio']:.2f}x"))
        checks.append(("10x the bytes, same nodes, costs about the same", bytes_row["ratio"] < 1.5,
                       f"{bytes_row['ratio']:.2f}x"))  # fmt: skip
        lines.append("")
    summaries = results.get("summaries")
    if summaries:
        bare = summaries["bare interpreter s"]
        rows = summaries["above start s"]
        lines += [f"## 5. The command line's summary, a whole process each (bare interpreter {bare * 1e3:.1f} ms)", "",
                  "| file (the slowest five) | ms above the interpreter's start |", "|---|---:|"]  # fmt: skip
        lines += [f"| {name} | {value * 1e3:.1f} |" for value, name in rows[:5]]
        over = [name for value, name in rows if value > 0.050]
        uv_rows = summaries["above start s, uv's console script"]
        uv_over = sum(value > 0.050 for value, _ in uv_rows)
        uv_of = {name: value for value, name in uv_rows}
        lines += ["", f"Through the console script uv writes, which does not import `re`: the slowest "
                  f"{uv_rows[0][0] * 1e3:.1f} ms ({uv_rows[0][1]}), {uv_over} over 50 ms. The table and the "
                  f"target are pip's console script's; its slowest file took {uv_of[rows[0][1]] * 1e3:.1f} ms "
                  "through uv's."]  # fmt: skip
        # The slowest summary in bare starts too: a measure of the code that this machine's speed, which moves
        # twofold from one hour to the next, moves much less (the goal was set when a bare start took 8 ms).
        checks.append(("every corpus summary within 50 ms above the interpreter's start", not over,
                       f"slowest {rows[0][0] * 1e3:.1f} ms ({rows[0][1]}), {rows[0][0] / bare:.1f}x the bare "
                       f"start; over: {len(over)}"))  # fmt: skip
        lines.append("")
    lines += ["## Targets", ""]
    lines += [f"- {'PASS' if ok else 'MISS'}: {what} ({detail})" for what, ok, detail in checks]
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats, no 4 GB file")
    parser.add_argument("--corpus", type=Path, default=REPO.parent / "shared" / "corpus" / "real")
    parser.add_argument("--json", type=Path, help="also write the raw numbers here")
    parser.add_argument("--collector", action="store_true", help="only the corpus, the garbage collector on and off")
    args = parser.parse_args()
    import google.protobuf

    # TensorFlow's import leaves ~270,000 Python objects that every full garbage collection walks; a user of
    # tfcollections has no TensorFlow in the process. Frozen, they are left out of collections (measured:
    # 10x the nodes cost 16x the time with them in, 7x to 10x without). upb's timings do not depend on it.
    gc.freeze()
    if args.collector:
        times = bench_collector(args.corpus, 9)
        for name, ms in times.items():
            print(f"{name}: {ms:.1f} ms")
        print(f"load(graph=True) / the contract's floor: {times['ours'] / times['floor']:.2f}x with the collector, "
              f"{times['ours, no gc'] / times['floor, no gc']:.2f}x without")  # fmt: skip
        return 0
    repeats = 3 if args.quick else 7
    results: Dict[str, Any] = {"python": sys.version.split()[0], "protobuf": google.protobuf.__version__}
    if args.corpus.is_dir():
        results["corpus"] = bench_corpus(args.corpus, repeats)
        results["summaries"] = bench_summaries(args.corpus, 3 if args.quick else 5)
    else:
        print(f"no corpus at {args.corpus}: section 1 skipped", file=sys.stderr)
    with tempfile.TemporaryDirectory() as workdir:
        results["const_heavy"] = bench_const_heavy(Path(workdir), args.quick)
        results["node_heavy"] = bench_node_heavy(Path(workdir), 160 if args.quick else 1600, 3 if args.quick else 5)
        results["scaling"] = bench_scaling(Path(workdir), repeats)
    print("\n".join(report(results)))
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
