# SPDX-License-Identifier: Apache-2.0
"""The ONNX conversion beside tf2onnx: graphs converted, ops covered, conversion time, onnxruntime latency.

Run in the benchmark venv (tf2onnx and TensorFlow live there only):

    bash benchmarks/run.sh --onnx            # the fixtures and the corpus's checkpoints with a .meta
    bash benchmarks/run.sh --onnx --quick    # fewer repetitions

For every fixture of tests/data/onnx (whole models and the op zoo) and every graph of ../shared/corpus/checkpoints
with a ``.meta`` beside its checkpoint, both tools convert the same graph with the same inputs and outputs (the
library's defaults, which tf2onnx is given by name), each as a whole process (``tfcollections export`` and
``python -m tf2onnx.convert``, the best of a few runs). A conversion counts when onnx's checker takes the model and
onnxruntime runs it; on the fixtures, also when its outputs are TensorFlow's (1e-5). Latency: onnxruntime's median
over many runs of each model on the same inputs, one thread, the two models timed in turn. Goals (issue 35):
everything tf2onnx converts among the fixtures, conversion at least 5x faster, latency within 1.1x.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "data" / "onnx"
CORPUS = REPO.parent / "shared" / "corpus" / "checkpoints"
PYTHON = sys.executable
QUIET = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", PYTHONWARNINGS="ignore")


def whole_process(command, repeat):
    """The best wall time of *repeat* runs of *command*, and whether the last succeeded."""
    best, ok = float("inf"), False
    for _ in range(repeat):
        start = time.perf_counter()
        result = subprocess.run(command, capture_output=True, env=QUIET, timeout=600)
        best = min(best, time.perf_counter() - start)
        ok = result.returncode == 0
        if not ok:
            break
    return best, ok, result.stderr.decode(errors="replace").strip().splitlines()[-1:] if not ok else []


def works(path, feeds, outputs, expected):
    """Whether onnx's checker takes the model and onnxruntime runs it (to TensorFlow's outputs, when known). The
    checker runs on a model whose inputs and outputs all have a shape (one of an open rank is declared by its type
    alone, which ONNX's IR allows and the checker does not: the tf2onnx suite's adapter's rule, for either tool)."""
    try:
        model = onnx.load(str(path))
        values = [*model.graph.input, *model.graph.output]
        if all(item.type.tensor_type.HasField("shape") for item in values if item.type.HasField("tensor_type")):
            onnx.checker.check_model(model, full_check=True)
        session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
        given = {}
        for item in session.get_inputs():  # a corpus graph's: ones of the model's own input shape, a free dim 1
            if item.name in feeds:
                given[item.name] = feeds[item.name]
            else:
                dtype = {"tensor(float)": np.float32, "tensor(int32)": np.int32, "tensor(int64)": np.int64}
                shape = [dim if isinstance(dim, int) else 1 for dim in item.shape or [None]]  # an open rank: [1]
                given[item.name] = np.ones(shape, dtype.get(item.type, np.float32))
        got = session.run(None, given)
    except Exception as exc:  # what the checker or the runtime says is the verdict
        return False, str(exc).splitlines()[0][:120]
    if expected is not None:
        for value, want in zip(got, expected):
            if np.shape(value) != np.shape(want):
                return False, "outputs differ from TensorFlow's (their shapes)"
            if want.dtype.kind == "f":
                # Half values are rounded at each op on either side: two of their ulps, as tests/test_onnx_run.py.
                tolerance = 1e-3 if want.dtype == np.float16 else 1e-5
                difference = np.abs(value.astype(np.float64) - want) / np.maximum(np.abs(want.astype(np.float64)), 1.0)
                if np.max(difference, initial=0.0) > tolerance:
                    return False, "outputs differ from TensorFlow's"
            elif not np.array_equal(value, want):
                return False, "outputs differ from TensorFlow's"
    return True, ""


def latencies(paths, feeds, runs):
    """onnxruntime's median time of one run of each model, one thread each, the models timed in turn within every
    round (a slow moment of the machine slows both alike)."""
    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    sessions = [ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"]) for path in paths]
    inputs = [{item.name: feeds[item.name] for item in session.get_inputs()} for session in sessions]
    for session, given in zip(sessions, inputs):
        for _ in range(20):
            session.run(None, given)
    times = [[] for _ in sessions]
    for _ in range(runs):
        for session, given, kept in zip(sessions, inputs, times):
            start = time.perf_counter()
            session.run(None, given)
            kept.append(time.perf_counter() - start)
    return [statistics.median(kept) for kept in times]


def op_types(model, outputs):
    """The TensorFlow op types of the graph a conversion converts (frozen to *outputs*)."""
    import tfcollections

    try:
        frozen = tfcollections.freeze(model, outputs=outputs or None)
    except (tfcollections.DecodeError, ValueError):
        return set()
    return set(tfcollections.loads(frozen, graph=True)["meta_graphs"][0]["graph"]["ops"])


# Each fixture's vocabulary files, by model (the manifest's).
VOCABULARIES = {
    name: about.get("vocabularies") or {}
    for name, about in json.loads((DATA / "manifest.json").read_text())["models"].items()
}


def cases():
    """(name, model path, checkpoint or None, inputs, outputs, feeds, TensorFlow's outputs or None)."""
    manifest = json.loads((DATA / "manifest.json").read_text())
    for name, about in sorted(manifest["models"].items()):
        arrays = np.load(DATA / name / "io.npz")
        feeds = {key: arrays[f"input/{key}"] for key in about["inputs"]}
        expected = [arrays[f"output/{key}"] for key in about["outputs"]]
        # A cut model (tf1_parsing) is converted at its inputs by both; vocabulary files are given to ours, as its
        # tests give them (tf2onnx has no such option: it needs the session that filled the tables).
        kind = "cut fixture" if about.get("cut") else "fixture"
        yield name, DATA / name / about["model"], about["inputs"], about["outputs"], feeds, expected, kind
    for name, about in sorted(manifest["ops"].items()):
        arrays = np.load(DATA / "ops" / f"{name}.npz")
        feeds = {key: arrays[f"input/{key}"] for key in about["inputs"]}
        expected = [arrays[f"output/{key}"] for key in about["outputs"]]
        yield f"ops/{name}", DATA / "ops" / f"{name}.pb", about["inputs"], about["outputs"], feeds, expected, "zoo"


def corpus_cases():
    """The corpus's graphs with a .meta beside their checkpoint, and its SavedModels (their serving signature), with
    the library's default inputs and outputs (fed ones of each input's shape, a free dim 1)."""
    import tfcollections

    for entry in sorted(CORPUS.iterdir()) if CORPUS.is_dir() else []:
        for meta in sorted([*entry.glob("*.meta"), *entry.glob("saved_model.pb")]):
            try:
                graph = tfcollections.loads(tfcollections.freeze(meta), graph=True)["meta_graphs"][0]["graph"]
            except (tfcollections.DecodeError, ValueError) as exc:
                yield entry.name[:48], meta, None, None, None, f"not frozen: {str(exc)[:100]}", "corpus"
                continue
            inputs = [f"{item['name']}:0" for item in graph["inputs"]]
            outputs = [f"{item['name']}:0" for item in graph["outputs"]]
            feeds = {}  # made from each model's inputs as onnxruntime reports them (works)
            yield entry.name[:48], meta, inputs, outputs, feeds, None, "corpus"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--only", choices=("models", "zoo", "corpus"), help="one part of the comparison")
    args = parser.parse_args(argv)
    repeat, runs = (1, 50) if args.quick else (3, 1000)
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        chosen = [*cases(), *corpus_cases()] if args.only != "corpus" else list(corpus_cases())
        wanted = {"models": "fixture", "zoo": "zoo", "corpus": "corpus"}.get(args.only or "")
        for name, model, inputs, outputs, feeds, expected, kind in chosen:
            if wanted is not None and kind != wanted:
                continue
            if inputs is None:  # not frozen: *expected* says why
                row = {"name": name, "kind": kind, "ours": False, "theirs": False, "note": f"ours: {expected}"}
                if model.name == "saved_model.pb":  # tf2onnx finds a SavedModel's tensors itself: it is tried
                    theirs_path = Path(scratch) / "theirs.onnx"
                    command = [PYTHON, "-m", "tf2onnx.convert", "--saved-model", str(model.parent), "--tag", "serve",
                               "--output", str(theirs_path), "--opset", "17"]  # fmt: skip
                    _, ran, error = whole_process(command, 1)
                    row["theirs"], why = works(theirs_path, {}, [], None) if ran else (False, " ".join(error))
                    row["note"] += f"; tf2onnx: {why}" if why else ""
                rows.append(row)
                continue
            ours_path = Path(scratch) / "ours.onnx"
            theirs_path = Path(scratch) / "theirs.onnx"
            saved_model = model.name == "saved_model.pb"  # converted by its serving signature, by both
            ours_command = [str(Path(PYTHON).parent / "tfcollections"), "export", str(model), str(ours_path), "--force"]
            for item in [] if saved_model else outputs:
                ours_command += ["--outputs", item]
            for item in inputs if kind in ("corpus", "cut fixture") and not saved_model else []:
                ours_command += ["--inputs", item]
            for key, value in VOCABULARIES.get(name, {}).items():
                ours_command += ["--vocabulary", f"{key}={DATA / name / value}"]
            kind = "fixture" if kind == "cut fixture" else kind
            if saved_model:
                source = ["--saved-model", str(model.parent), "--tag", "serve"]
            elif model.suffix == ".meta":
                source = ["--checkpoint", str(model)]
            else:
                source = ["--graphdef", str(model)]
            names = [] if saved_model else ["--inputs", ",".join(inputs), "--outputs", ",".join(outputs)]
            theirs_command = [PYTHON, "-m", "tf2onnx.convert", *source, *names, "--output", str(theirs_path),
                              "--opset", "17"]  # fmt: skip
            ours_time, ours_ran, ours_error = whole_process(ours_command, repeat)
            theirs_time, theirs_ran, theirs_error = whole_process(theirs_command, repeat)
            ours_ok, ours_why = (
                works(ours_path, feeds, outputs, expected) if ours_ran else (False, " ".join(ours_error))
            )
            theirs_ok, theirs_why = (
                works(theirs_path, feeds, outputs, expected) if theirs_ran else (False, " ".join(theirs_error))
            )
            row = {
                "name": name,
                "kind": kind,
                "ops": sorted(op_types(model, None if saved_model else outputs)),
                "ours": ours_ok,
                "theirs": theirs_ok,
                "ours_s": ours_time,
                "theirs_s": theirs_time,
                "note": "; ".join(
                    filter(None, [ours_why and f"ours: {ours_why}", theirs_why and f"tf2onnx: {theirs_why}"])
                ),
            }
            if ours_ok and theirs_ok and kind == "fixture":
                ours_latency, theirs_latency = latencies([ours_path, theirs_path], feeds, runs)
                row.update(ours_ms=ours_latency * 1e3, theirs_ms=theirs_latency * 1e3)
            rows.append(row)
            print(json.dumps(row), file=sys.stderr)
    print(table(rows).replace(scratch + os.sep, ""))
    return 0


def table(rows):
    lines = [
        "| graph | ours | tf2onnx | conversion: ours | tf2onnx | speed-up | latency: ours | tf2onnx | ratio | note |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        yes = lambda flag: "yes" if flag else "no"  # noqa: E731
        times = ["", "", ""]
        if "ours_s" in row:
            times = [f"{row['ours_s']:.2f} s", f"{row['theirs_s']:.2f} s", f"{row['theirs_s'] / row['ours_s']:.1f}x"]
        lat = ["", "", ""]
        if "ours_ms" in row:
            lat = [
                f"{row['ours_ms']:.3f} ms",
                f"{row['theirs_ms']:.3f} ms",
                f"{row['ours_ms'] / row['theirs_ms']:.2f}x",
            ]
        lines.append(
            f"| {row['name']} | {yes(row['ours'])} | {yes(row['theirs'])} | {' | '.join(times)} | "
            f"{' | '.join(lat)} | {row['note']} |"
        )
    converted = [sum(row[key] for row in rows) for key in ("ours", "theirs")]
    covered = [len({op for row in rows if row[key] for op in row.get("ops", ())}) for key in ("ours", "theirs")]
    fixtures = [row for row in rows if row["kind"] != "corpus"]
    missed = [row["name"] for row in fixtures if row["theirs"] and not row["ours"]]
    timed = [row for row in rows if row["ours"] and row["theirs"] and "ours_s" in row]
    speedups = sorted(row["theirs_s"] / row["ours_s"] for row in timed)
    ratios = [row["ours_ms"] / row["theirs_ms"] for row in rows if "ours_ms" in row]
    lines.append("")
    lines.append(
        f"Converted: ours {converted[0]} of {len(rows)}, tf2onnx {converted[1]} of {len(rows)}; TensorFlow op types "
        f"in the graphs each converted: ours {covered[0]}, tf2onnx {covered[1]}; fixtures "
        f"tf2onnx converts and we do not: {missed or 'none'}. Conversion speed-up (whole process): "
        f"{speedups[0]:.1f}x to {speedups[-1]:.1f}x, median {statistics.median(speedups):.1f}x. Latency "
        + (f"ratio (ours / tf2onnx): {min(ratios):.2f} to {max(ratios):.2f}." if ratios else "not measured (no model).")
    )
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
