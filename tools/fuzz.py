# SPDX-License-Identifier: Apache-2.0
"""Hostile input, as an attacker would give it: each case in a child process under an address-space and a time
limit, through the Python API and the command line. Run by hand for the long run; CI runs a bounded slice
(tests/test_fuzz_slice.py).

    python -m tools.fuzz --cases 100000 --jobs 2 --seed 1          # every target, the reproducers first
    python -m tools.fuzz --targets convert,session --cases 2000
    python -m tools.fuzz --replay                                  # the committed reproducers alone

Needs the package and the ``[test,onnx,run]`` extras (onnx checks and onnxruntime loads each model written). The
coverage-guided atheris targets are ``tools/fuzz_atheris.py``.

Strategy: a case is made from a seed and its number alone (``make_case``), so a failure is reproduced by its name
(``--case convert/1/4711``); it is a set of files (a committed fixture mutated: bytes flipped, cut, inserted or
repeated; a graph's nodes changed as a damaged graph changes them; a Session's feeds given other shapes and types)
and an action on them. Workers (``--jobs``) run cases one after another, each worker a child process with
``RLIMIT_AS`` set and every case under a wall-clock limit: a worker that overruns or dies (a signal, a fatal error)
is killed and replaced, and its case is a failure. A case fails when:

- an exception other than the library's documented ones escapes the API (``DecodeError``, which includes
  ``ConversionError``; ``ValueError``, ``TypeError`` and ``OSError`` where the API documents them);
- the command line prints a traceback, says "internal error", exits 70, or exits with a code its command does not
  document, or prints more than one line on stderr for one input;
- a model is written that ``onnx.checker.check_model(full_check=True)`` (outputs of an open rank, declared by their
  type alone, left out of its check; not run where an input has one) or onnxruntime refuses, or a frozen graph
  that the library's own ``loads(graph=True)`` refuses, or a file left behind by a write that said it failed;
- the case's Python allocations (tracemalloc's peak) exceed 4x its input's size plus 200 MB, or it outlasts its
  limit (a hang).

The committed reproducers of issue 51's findings (``tests/data/hostile/manifest.json``) are replayed first, each
with the outcome it must have. Failures are written under ``--out`` with the case's files.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
import zlib
from pathlib import Path
from typing import Any, Callable, Dict, Final, List, Optional, Tuple

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "data"
HOSTILE = DATA / "hostile"
TARGETS = ("records", "events", "examples", "convert", "session", "compat")
MEMORY_LIMIT = 2 << 30  # the address space a worker may take
PER_BYTE, ALLOWANCE = 4, 200 << 20  # the memory goal: 4x the input plus 200 MB

Case = Dict[str, Any]  # {"name", "target", "files": {name: bytes}, "action": str, "args": {...}}


# ------------------------------------------------------------------------------------------------ mutation


def mutate(rng: random.Random, data: bytes) -> bytes:
    """*data* changed once to five times: bytes flipped, cut, inserted, repeated, zeroed, or set to the edges of
    integers (a length of 2^63, a varint of ten bytes)."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 5)):
        kind = rng.choice(("flip", "flip", "cut", "insert", "repeat", "zero", "edge"))
        at = rng.randrange(len(out) + 1) if out else 0
        if kind == "flip" and out:
            at = min(at, len(out) - 1)
            out[at] ^= 1 << rng.randrange(8)
        elif kind == "cut":
            del out[at:]
        elif kind == "insert":
            out[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 16)))
        elif kind == "repeat" and out:
            end = min(len(out), at + rng.randint(1, 256))
            out[at:at] = out[at:end] * rng.randint(2, 20)
        elif kind == "zero":
            end = min(len(out), at + rng.randint(1, 64))
            out[at:end] = bytes(end - at)
        elif kind == "edge":
            out[at:at] = rng.choice((b"\xff" * 9 + b"\x01", b"\x80" * 5, b"\x00" * 8, b"\xff" * 8, b"\x7f"))
    return bytes(out)


def _fixtures(pattern: str, under: Path = DATA) -> List[Path]:
    return sorted(path for path in under.glob(pattern) if path.is_file())


# ------------------------------------------------------------------------------------------------ cases


def make_case(target: str, seed: int, index: int) -> Case:
    """Case *index* of *target* for *seed*: the same files and action every time."""
    rng = random.Random(f"{target}/{seed}/{index}")
    case: Case = {"name": f"{target}/{seed}/{index}", "target": target, "args": {}}
    case.update(_MAKERS[target](rng))
    return case


def _records_case(rng: random.Random) -> Case:
    source = rng.choice(_fixtures("records/*.tfrecord"))
    data = source.read_bytes()
    if source.name.endswith((".gz.tfrecord", ".zlib.tfrecord")) and rng.random() < 0.5:
        # The stream's content damaged, then compressed again: what a compressed file's reader sees past inflating.
        wbits = 31 if ".gz." in source.name else 15
        plain = mutate(rng, zlib.decompress(data, wbits))
        packer = zlib.compressobj(6, zlib.DEFLATED, wbits)
        data = packer.compress(plain) + packer.flush()
    else:
        data = mutate(rng, data)
    action = rng.choice(("records", "records-strict", "examples", "example_columns", "cli", "cli-json"))
    return {"files": {source.name: data}, "action": action, "args": {"file": source.name}}


def _events_case(rng: random.Random) -> Case:
    run = rng.choice([path for path in sorted((DATA / "events").rglob("*")) if path.is_file()])
    files = {f"logs/{run.parent.name}/{run.name}": mutate(rng, run.read_bytes())}
    if rng.random() < 0.3:  # a second run, whole
        other = rng.choice([path for path in sorted((DATA / "events").rglob("*")) if path.is_file()])
        files[f"logs/other/{other.name}"] = other.read_bytes()
    action = rng.choice(("events", "events-strict", "event_columns", "cli", "cli-jsonl", "cli-csv"))
    return {"files": files, "action": action, "args": {}}


def _examples_case(rng: random.Random) -> Case:
    import tfcollections

    source = rng.choice(_fixtures("records/examples.tfrecord") + _fixtures("records/sequence.tfrecord"))
    blobs = list(tfcollections.records(source))
    return {"files": {"example.bin": mutate(rng, rng.choice(blobs))}, "action": "decode_example", "args": {}}


_NEW_OPS = (
    "Add", "AddV2", "Conv2D", "StridedSlice", "Reshape", "Pack", "Squeeze", "MatMul", "BatchMatMulV2", "Pad",
    "ConcatV2", "Mean", "Transpose", "Split", "FusedBatchNormV3", "ResizeBilinear", "TopKV2", "Einsum", "GatherV2",
    "Tile", "Relu", "Identity", "Cast", "Fill", "Range", "Slice", "Sum", "ExpandDims", "Unpack", "Select", "OneHot",
    "Softmax", "MaxPool", "AvgPool", "DepthwiseConv2dNative", "Where",
)  # fmt: skip


def _graph_mutation(rng: random.Random, source: Path) -> Tuple[bytes, List[str]]:
    """A fixture graph with one to three nodes changed as a damaged graph changes them, written again by the
    library (its nodes' other fields as they were), and the outputs to ask for."""
    import tfcollections
    from tfcollections._disk.source import source_of
    from tfcollections._graph.graphdef import Graph

    manifest = json.loads((DATA / "onnx" / "manifest.json").read_text())
    outputs = manifest["ops"][source.stem]["outputs"]
    model = tfcollections.load(source)
    found = source_of(model)
    assert found is not None
    with found.opened() as buf:
        graph = Graph(found, buf, 0, model["meta_graphs"][0])
        nodes = list(graph.nodes)
        for _ in range(rng.randint(1, 3)):
            position = rng.randrange(len(nodes))
            node = nodes[position] = dict(nodes[position])
            change = rng.choice(("drop input", "swap inputs", "other op", "attr list", "attr int", "attr type",
                                 "rename", "input of another", "duplicate"))  # fmt: skip
            if change == "drop input" and node["input"]:
                node["input"] = node["input"][:-1]
            elif change == "swap inputs" and len(node["input"]) > 1:
                node["input"] = list(reversed(node["input"]))
            elif change == "other op":
                node["op"] = rng.choice(_NEW_OPS)
            elif change == "rename":
                node["name"] = rng.choice(nodes)["name"]  # a name given twice, as often as not
            elif change == "input of another":
                node["input"] = [*node["input"], rng.choice(nodes)["name"] + rng.choice(("", ":1", ":7"))]
            elif change == "duplicate":
                nodes.insert(rng.randrange(len(nodes) + 1), dict(node))
            elif node["attr"]:
                key = rng.choice(sorted(node["attr"]))
                value = {field: None for field in node["attr"][key]}
                if change == "attr list":
                    value["list"] = {"i": [rng.randint(-3, 5) for _ in range(rng.randint(0, 4))], "s": [], "f": [],
                                     "b": [], "type": [], "shape": [], "tensor": [], "func": []}  # fmt: skip
                elif change == "attr type":
                    value["type"] = rng.choice(("DT_INT8", "DT_BFLOAT16", "DT_BOOL", "DT_STRING", "DT_UINT64"))
                else:
                    value["i"] = rng.choice((-2, -1, 0, 1, 2, 3, 5, 2**31, 2**62))
                node["attr"] = {**node["attr"], key: value}
        return graph.encode(nodes), outputs


def _convert_case(rng: random.Random) -> Case:
    source = rng.choice(_fixtures("onnx/ops/*.pb"))
    if rng.random() < 0.8:
        data, outputs = _graph_mutation(rng, source)
    else:
        manifest = json.loads((DATA / "onnx" / "manifest.json").read_text())
        data, outputs = mutate(rng, source.read_bytes()), manifest["ops"][source.stem]["outputs"]
    action = rng.choice(("to_onnx", "to_onnx", "freeze", "cli-onnx", "cli-pb"))
    return {"files": {"graph.pb": data}, "action": action, "args": {"outputs": outputs}}


def _session_case(rng: random.Random) -> Case:
    source = rng.choice(_fixtures("onnx/ops/*.pb"))
    manifest = json.loads((DATA / "onnx" / "manifest.json").read_text())["ops"][source.stem]
    changes = []
    for name in manifest["inputs"]:
        change = rng.choice(("as is", "as is", "shape", "zero batch", "dtype", "missing", "scalar", "batch apart"))
        changes.append([name, change, rng.randint(0, 3)])
    fetches = rng.sample(manifest["outputs"], rng.randint(1, len(manifest["outputs"])))
    data = source.read_bytes() if rng.random() < 0.9 else _graph_mutation(rng, source)[0]
    files = {"graph.pb": data, "values.npz": source.with_suffix(".npz").read_bytes()}
    return {"files": files, "action": "session", "args": {"changes": changes, "fetches": fetches}}


_ODD_RELEASES = ("", ",", "2.4", "vv2.4", "2.4\n", "ALL ", "all", "2", "1.15", "v2.12", "9.9", "2.4,,2.5", " 2.4",
                 "2.4, 2.5", "0.12", "-1", "2.4.1.1", "\x00", "é")  # fmt: skip


def _compat_case(rng: random.Random) -> Case:
    candidates = [path for path in sorted((DATA / "compat").rglob("*")) if path.suffix in (".pb", ".meta")]
    source = rng.choice(candidates)
    data = mutate(rng, source.read_bytes()) if rng.random() < 0.8 else source.read_bytes()
    files = {source.name: data}
    action = rng.choice(("compatible", "cli", "cli-json"))
    return {"files": files, "action": action, "args": {"file": source.name, "tf": rng.choice(_ODD_RELEASES)}}


_MAKERS: Dict[str, Callable[[random.Random], Case]] = {
    "records": _records_case, "events": _events_case, "examples": _examples_case, "convert": _convert_case,
    "session": _session_case, "compat": _compat_case,
}  # fmt: skip


def corpus_cases() -> List[Case]:
    """The committed reproducers, each with the outcome it must have."""
    manifest = json.loads((HOSTILE / "manifest.json").read_text())
    cases = []
    for entry in manifest["cases"]:
        listed = entry["files"]  # names in tests/data/hostile, or {name in the case: path under tests/data}
        if isinstance(listed, list):
            files = {name: (HOSTILE / name).read_bytes() for name in listed}
        else:
            files = {name: (DATA / source).read_bytes() for name, source in listed.items()}
        cases.append({"name": f"corpus/{entry['name']}", "target": entry["target"], "files": files,
                      "action": entry["action"], "args": entry.get("args", {}), "expect": entry["expect"]})  # fmt: skip
    return cases


# ------------------------------------------------------------------------------------------------ running one


_UNSUPPORTED_LINE: Final = re.compile(r"tfcollections export: .*: \w+: \d+ nodes?, first '.*': ")


class Failure(Exception):
    """What the case broke: the contract, not the input."""


def _cli(argv: List[str], codes: Tuple[int, ...], inputs: int = 1) -> Tuple[int, str, str]:
    """Run the command line in this process; fail on a traceback, an internal error, an undocumented code, or
    more than four lines on stderr per input (export's listing of the op types a conversion lacks aside)."""
    from tfcollections._cli.main import Environment, main

    out, err = io.StringIO(), io.StringIO()
    env = Environment()
    env.stdout, env.stderr = out, err
    code = main(argv, env)
    text = err.getvalue()
    if "Traceback" in text or "internal error" in text or code == 70:
        raise Failure(f"command line {argv}: exit {code}: {text.strip()[:500]}")
    if code not in codes:
        raise Failure(f"command line {argv}: exit {code}, not one of {codes}: {text.strip()[:300]}")
    # export lists each op type the conversion lacks on a line of its own (docs/cli.md), then says the file was not
    # written: those lines are the listing, not noise.
    lines = [line for line in text.splitlines() if not _UNSUPPORTED_LINE.match(line)]
    if code != 0 and len(lines) > inputs * 4:
        raise Failure(f"command line {argv}: {len(lines)} lines on stderr")
    return code, out.getvalue(), text


def _check_model(data: bytes) -> None:
    import onnx
    import onnxruntime

    model = onnx.load_from_string(data)

    def open_rank(items):
        return [item for item in items
                if item.type.HasField("tensor_type") and not item.type.tensor_type.HasField("shape")]  # fmt: skip

    # An input or output whose rank the graph leaves open is declared by its type alone, which ONNX's IR allows and
    # onnx's checker does not (it asks the main graph's for a shape): the rest of the model is checked without such
    # an output; a model with such an input is left to onnxruntime, as the tf2onnx suite's adapter leaves it.
    for item in open_rank(model.graph.output):
        model.graph.output.remove(item)
    try:
        if model.graph.output and not open_rank(model.graph.input):
            onnx.checker.check_model(model, full_check=True)
    except Exception as exc:
        raise Failure(f"a model onnx's full check refuses: {str(exc)[:400]}") from None
    try:
        onnxruntime.InferenceSession(data, providers=["CPUExecutionProvider"])
    except Exception as exc:
        raise Failure(f"a model onnxruntime refuses: {str(exc)[:400]}") from None


def _allowed(*kinds: type) -> Callable[[BaseException], bool]:
    return lambda exc: isinstance(exc, kinds)


# Besides DecodeError (ConversionError included), what each target's API documents: OSError for a path that
# cannot be read or written; ValueError for an output or input the graph lacks (freeze, to_onnx) and for a feed of
# the wrong shape (Session, in TensorFlow's words), TypeError for a feed of the wrong type.
_DOCUMENTED: Dict[str, Tuple[type, ...]] = {
    "records": (OSError,), "events": (OSError,), "examples": (), "compat": (OSError,),
    "convert": (OSError, ValueError), "session": (OSError, ValueError, TypeError),
}  # fmt: skip


def run_case(case: Case, directory: Path) -> str:
    """Run *case* in *directory* (its files written there); the outcome ("ok", "refused: ..."), or Failure."""
    import tfcollections

    for name, data in case["files"].items():
        path = directory / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    action, args = case["action"], case["args"]
    try:
        return _ACTIONS[case["target"]](tfcollections, directory, action, args)
    except Failure:
        raise
    except tfcollections.DecodeError as exc:
        return f"refused: {type(exc).__name__}: {str(exc)[:200]}"
    except (ValueError, TypeError, OSError) as exc:
        documented = _DOCUMENTED[case["target"]]
        if isinstance(exc, documented) and not isinstance(exc, UnicodeError):
            return f"refused: {type(exc).__name__}: {str(exc)[:200]}"
        raise Failure(f"{type(exc).__name__} escaped: {exc}") from None
    except MemoryError:
        raise Failure("MemoryError") from None
    except RecursionError:
        raise Failure("RecursionError") from None
    except Exception as exc:
        raise Failure(f"{type(exc).__name__} escaped: {exc}\n{traceback.format_exc(limit=-4)}") from None


def _records(lib: Any, directory: Path, action: str, args: Dict[str, Any]) -> str:
    path = directory / args["file"]
    if action == "records":
        found = lib.records(path)
        return f"ok: {len(list(found))} records"
    if action == "records-strict":
        return f"ok: {len(list(lib.records(path, strict=True)))} records"
    if action == "examples":
        return f"ok: {len(list(lib.examples(path)))} examples"
    if action == "example_columns":
        return f"ok: {len(lib.example_columns(path))} columns"
    code, _, _ = _cli(["records", str(path), *(["--json"] if action == "cli-json" else [])], (0, 3))
    return f"exit {code}"


def _events(lib: Any, directory: Path, action: str, args: Dict[str, Any]) -> str:
    logs = directory / "logs"
    if action == "events":
        found = lib.events(logs)
        return f"ok: {len(list(found))} events, {len(found.skipped)} skipped"
    if action == "events-strict":
        return f"ok: {len(list(lib.events(logs, strict=True)))} events"
    if action == "event_columns":
        return f"ok: {len(lib.event_columns(logs)['value'])} scalars"
    flag = {"cli": [], "cli-jsonl": ["--jsonl"], "cli-csv": ["--csv"]}[action]
    code, _, _ = _cli(["events", str(logs), *flag], (0, 3))
    return f"exit {code}"


def _examples(lib: Any, directory: Path, action: str, args: Dict[str, Any]) -> str:
    found = lib.decode_example((directory / "example.bin").read_bytes())
    return f"ok: {len(found)} features"


def _convert(lib: Any, directory: Path, action: str, args: Dict[str, Any]) -> str:
    graph, outputs = directory / "graph.pb", args.get("outputs")
    if action in ("cli-onnx", "cli-pb"):
        out = directory / ("out.onnx" if action == "cli-onnx" else "out.pb")
        flags = [item for name in outputs or () for item in ("--outputs", name)]
        code, _, _ = _cli(["export", str(graph), str(out), *flags], (0, 1, 3))
        written = out.exists()
        if (code == 0) != written:
            raise Failure(f"export exited {code} and {'left' if written else 'wrote no'} {out.name}")
        leftovers = [p.name for p in directory.iterdir() if p.name.endswith(".partial")]
        if leftovers:
            raise Failure(f"export left {leftovers}")
        if written and action == "cli-onnx":
            _check_model(out.read_bytes())
        elif written:
            lib.loads(out.read_bytes(), graph=True)
        return f"exit {code}"
    if action == "freeze":
        frozen = lib.freeze(lib.load(graph), outputs=outputs)
        try:
            lib.loads(frozen, graph=True)
        except lib.DecodeError as exc:
            raise Failure(f"freeze wrote a graph the library refuses: {exc}") from None
        return "ok: frozen"
    data = lib.to_onnx(lib.load(graph), outputs=outputs)
    _check_model(data)
    return "ok: converted"


def _session(lib: Any, directory: Path, action: str, args: Dict[str, Any]) -> str:
    import numpy

    values = dict(numpy.load(directory / "values.npz"))
    session = lib.Session(directory / "graph.pb")
    feeds = {}
    for name, change, amount in args["changes"]:
        value = values.get(f"input/{name}")  # tools/generate_onnx_fixtures.py's keys: input/x:0, output/y:0
        if value is None or change == "missing":
            continue
        if change == "shape" and value.ndim:
            value = numpy.resize(value, (*value.shape[:-1], value.shape[-1] + amount + 1))
        elif change == "zero batch" and value.ndim:
            value = value[:0]
        elif change == "batch apart" and value.ndim:
            value = numpy.concatenate([value] * (amount + 2))
        elif change == "dtype":
            value = value.astype(("int64", "float64", "bool", "uint8")[amount])
        elif change == "scalar":
            value = value.reshape(-1)[:1].reshape(()) if value.size else value
        feeds[name] = value
    session.run(args["fetches"], feeds)
    return "ok: ran"


def _compat(lib: Any, directory: Path, action: str, args: Dict[str, Any]) -> str:
    path = directory / args["file"]
    if action == "compatible":
        found = lib.compatible(path)
        return f"ok: oldest {found.get('oldest')}"
    flags = ["--tf", args["tf"]] if args["tf"] is not None else []
    code, _, _ = _cli(["compat", str(path), *flags, *(["--json"] if action == "cli-json" else [])], (0, 1, 2, 3))
    return f"exit {code}"


_ACTIONS: Dict[str, Callable[[Any, Path, str, Dict[str, Any]], str]] = {
    "records": _records, "events": _events, "examples": _examples, "convert": _convert, "session": _session,
    "compat": _compat,
}  # fmt: skip


def measured(case: Case) -> Dict[str, Any]:
    """Run *case* in a fresh directory with tracemalloc on: its outcome, failure, peak and time."""
    import tracemalloc

    size = sum(len(data) for data in case["files"].values())
    directory = Path(tempfile.mkdtemp(prefix="tfc-fuzz-"))
    tracemalloc.start()
    started = time.perf_counter()
    result: Dict[str, Any] = {"name": case["name"], "size": size}
    try:
        result["outcome"] = run_case(case, directory)
    except Failure as exc:
        result["failure"] = str(exc)
    finally:
        result["peak"] = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        result["seconds"] = round(time.perf_counter() - started, 3)
        shutil.rmtree(directory, ignore_errors=True)
    if "failure" not in result and result["peak"] > PER_BYTE * size + ALLOWANCE:
        result["failure"] = f"memory: a peak of {result['peak']:,} bytes for {size:,} bytes of input"
    expect = case.get("expect")
    if expect is not None and "failure" not in result and not result["outcome"].startswith(expect):
        result["failure"] = f"expected {expect!r}, got {result['outcome']!r}"
    return result


# ------------------------------------------------------------------------------------------------ workers


def worker() -> None:
    """A child process: set its limits, then run the cases named on stdin (one JSON a line), a result a line."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    corpus = {case["name"]: case for case in corpus_cases()}
    for line in sys.stdin:
        spec = json.loads(line)
        case = corpus[spec["name"]] if spec["name"] in corpus else make_case(*_parsed(spec["name"]))
        print(json.dumps(measured(case)), flush=True)


def _parsed(name: str) -> Tuple[str, int, int]:
    target, seed, index = name.split("/")
    return target, int(seed), int(index)


class _Worker:
    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tools.fuzz", "--worker"], cwd=REPO, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1,
        )  # fmt: skip

    def run(self, name: str, limit: float) -> Dict[str, Any]:
        import selectors

        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps({"name": name}) + "\n")
        self.process.stdin.flush()
        with selectors.DefaultSelector() as selector:
            selector.register(self.process.stdout, selectors.EVENT_READ)
            ready = selector.select(limit)
        if not ready:
            self.kill()
            return {"name": name, "failure": f"hang: no answer in {limit:.0f} s"}
        line = self.process.stdout.readline()
        if not line:
            code = self.process.wait()
            return {"name": name, "failure": f"the worker died (exit {code}: a signal or a fatal error)"}
        return dict(json.loads(line))

    def kill(self) -> None:
        self.process.kill()
        self.process.wait()


def run_cases(names: List[str], jobs: int, limit: float, progress: bool) -> List[Dict[str, Any]]:
    """Every case of *names*, on *jobs* workers in threads of this process, each case within *limit* seconds."""
    import threading

    results: List[Dict[str, Any]] = []
    pending = list(reversed(names))
    lock = threading.Lock()

    def loop() -> None:
        current = _Worker()
        while True:
            with lock:
                if not pending:
                    break
                name = pending.pop()
            result = current.run(name, limit)
            if "failure" in result and ("hang" in result["failure"] or "died" in result["failure"]):
                current.kill()
                current = _Worker()
            with lock:
                results.append(result)
                if progress and "failure" in result:  # said as found: a long run's findings are not held to its end
                    print(f"FAIL {name}: {result['failure'][:300]}", file=sys.stderr, flush=True)
                if progress and len(results) % 500 == 0:
                    failed = sum("failure" in item for item in results)
                    print(f"  {len(results):,} of {len(names):,} cases, {failed} failed", file=sys.stderr)
        current.kill()

    threads = [threading.Thread(target=loop) for _ in range(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def summary(results: List[Dict[str, Any]]) -> Dict[str, Any]:
    by_target: Dict[str, Dict[str, Any]] = {}
    for result in results:
        target = result["name"].split("/")[0] if not result["name"].startswith("corpus/") else "corpus"
        row = by_target.setdefault(target, {"cases": 0, "failed": 0, "refused": 0, "seconds": 0.0, "worst": 0.0})
        row["cases"] += 1
        row["failed"] += "failure" in result
        row["refused"] += str(result.get("outcome", "")).startswith("refused")
        row["seconds"] += result.get("seconds", 0.0)
        if result.get("size"):
            row["worst"] = max(row["worst"], result.get("peak", 0) / (PER_BYTE * result["size"] + ALLOWANCE))
    return by_target


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.fuzz", description=__doc__.split("\n\n")[0])
    parser.add_argument("--targets", default=",".join(TARGETS), help="comma-separated: " + ", ".join(TARGETS))
    parser.add_argument("--cases", type=int, default=1000, help="cases in all, shared among the targets")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--limit", type=float, default=60.0, help="seconds a case may take")
    parser.add_argument("--replay", action="store_true", help="the committed reproducers alone")
    parser.add_argument("--case", action="append", default=[], help="run these cases by name (target/seed/n)")
    parser.add_argument("--out", default="fuzz-failures", help="where failing cases' files are written")
    parser.add_argument("--json", action="store_true", help="print every result as JSON lines")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker()
        return 0
    names = [case["name"] for case in corpus_cases()]
    if args.case:
        names = list(args.case)
    elif not args.replay:
        targets = [name for name in args.targets.split(",") if name]
        unknown = [name for name in targets if name not in TARGETS]
        if unknown:
            parser.error(f"unknown targets {unknown}: known are {', '.join(TARGETS)}")
        names += [f"{targets[i % len(targets)]}/{args.seed}/{i // len(targets)}" for i in range(args.cases)]
    started = time.perf_counter()
    results = run_cases(names, args.jobs, args.limit, progress=not args.json)
    elapsed = time.perf_counter() - started
    failures = [result for result in results if "failure" in result]
    if args.json:
        for result in sorted(results, key=lambda item: item["name"]):
            print(json.dumps(result))
    out = Path(args.out)
    for result in failures:
        print(f"FAIL {result['name']}: {result['failure']}", file=sys.stderr)
        name = result["name"]
        case = next((c for c in corpus_cases() if c["name"] == name), None) if name.startswith("corpus/") else None
        case = case or make_case(*_parsed(name))
        target = out / name.replace("/", "-")
        target.mkdir(parents=True, exist_ok=True)
        for file, data in case["files"].items():
            (target / file.replace("/", "-")).write_bytes(data)
        (target / "case.json").write_text(json.dumps({k: v for k, v in case.items() if k != "files"}, indent=1))
    table = summary(results)
    print(f"{'target':<10} {'cases':>8} {'refused':>8} {'failed':>7} {'worst memory':>13} {'seconds':>9}")
    for target, row in sorted(table.items()):
        print(f"{target:<10} {row['cases']:>8,} {row['refused']:>8,} {row['failed']:>7} "
              f"{row['worst']:>12.1%} {row['seconds']:>9.1f}")  # fmt: skip
    print(f"{len(results) - len(failures)} passed, {len(failures)} failed in {elapsed:.0f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    if "--worker" in sys.argv[1:]:
        worker()
    else:
        sys.exit(main())
