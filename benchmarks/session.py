# SPDX-License-Identifier: Apache-2.0
"""TF 2 SavedModels run three ways: ``tfcollections.Session``, TensorFlow's loader, and tf2onnx's conversion on
onnxruntime; and the conversion itself beside tf2onnx's, as a whole process.

Run in the benchmark venv (TensorFlow and tf2onnx live there only):

    bash benchmarks/run.sh --session            # every TF 2 fixture of tests/data/onnx_tf2, batch 1 and 32
    bash benchmarks/run.sh --session --quick    # fewer runs

For each fixture: ``tfcollections export DIR model.onnx`` and ``python -m tf2onnx.convert --saved-model DIR`` (its
serving signature, opset 17), each the best of 3 whole processes; tf2onnx's model counts when onnx's checker takes it
and onnxruntime gives the fixture's outputs (1e-5). Latency, the median of many calls, the contenders in turn in
every round, every onnxruntime session with its default options (as a user makes one, and as ``Session`` does):
``Session.run`` (ours, with its feeds checked as TensorFlow checks them), our model on a bare onnxruntime session,
tf2onnx's model on one, and
TensorFlow's ``loaded.signatures[key](**feeds)``; at batch 1 and at 32 (the fixture's inputs repeated along the
first axis). Goals (issue 36): conversion at least 5x faster than tf2onnx's; ``Session.run`` within 1.1x of
tf2onnx's model on onnxruntime.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort

from benchmarks.onnx import whole_process

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "data" / "onnx_tf2"
PYTHON = sys.executable
QUIET = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", PYTHONWARNINGS="ignore")


def batch(value, size):
    """The fixture's input with *size* rows along its first axis (repeated; a scalar as it is)."""
    if value.ndim == 0:
        return value
    return np.resize(value, (size, *value.shape[1:])).astype(value.dtype)


def ort_session(path):
    """An onnxruntime session as a user makes one (and as Session makes its own): default options."""
    return ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])


def by_key(session, feeds):
    """*feeds* (by signature key) named as a model's inputs are (tf2onnx names them by key or by tensor)."""
    given = {}
    for item in session.get_inputs():
        key = next((key for key in feeds if item.name in (key, f"{key}:0") or item.name.endswith(f"_{key}:0")), None)
        if key is None:
            raise KeyError(f"no feed for input {item.name!r}")
        given[item.name] = feeds[key]
    return given


def timed(calls, runs):
    for call in calls:
        for _ in range(10):
            call()
    samples = [[] for _ in calls]
    for _ in range(runs):
        for call, kept in zip(calls, samples):
            start = time.perf_counter()
            call()
            kept.append(time.perf_counter() - start)
    return [statistics.median(kept) for kept in samples]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    repeat, runs = (1, 50) if args.quick else (3, 500)
    import tensorflow as tf

    import tfcollections

    manifest = json.loads((DATA / "manifest.json").read_text())
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        for name, about in sorted(manifest["models"].items()):
            folder = DATA / name
            ours_path, theirs_path = Path(scratch) / "ours.onnx", Path(scratch) / "theirs.onnx"
            ours_s, ours_ok, ours_error = whole_process(
                [str(Path(PYTHON).parent / "tfcollections"), "export", str(folder), str(ours_path), "--force"], repeat
            )
            theirs_s, theirs_ok, theirs_error = whole_process(
                [PYTHON, "-m", "tf2onnx.convert", "--saved-model", str(folder), "--signature_def",
                 about["signature"], "--output", str(theirs_path), "--opset", "17"], repeat)  # fmt: skip
            arrays = np.load(folder / "io.npz")
            feeds = {key: arrays[f"input/{key}"] for key in about["inputs"]}
            row = {"name": name, "ours_s": ours_s, "theirs_s": theirs_s, "ours_ok": ours_ok, "note": ""}
            if not ours_ok:
                row["note"] = f"ours: {' '.join(ours_error)}"
            theirs = None
            if theirs_ok:
                try:
                    onnx.checker.check_model(onnx.load(str(theirs_path)), full_check=True)
                    theirs = ort_session(theirs_path)
                    got = theirs.run(about["outputs"] if all(o.name in about["outputs"] for o in theirs.get_outputs())
                                     else None, by_key(theirs, feeds))  # fmt: skip
                    for value, key in zip(got, about["outputs"]):
                        want = arrays[f"output/{key}"]
                        if want.dtype.kind == "f" and np.max(np.abs(value - want)) > 1e-5:
                            raise ValueError("outputs differ from TensorFlow's")
                except Exception as exc:  # what the checker or the runtime says is the verdict
                    theirs, row["note"] = None, f"tf2onnx: {str(exc).splitlines()[0][:100]}"
            else:
                row["note"] = f"tf2onnx: {' '.join(theirs_error)[:100]}"
            row["theirs_ok"] = theirs is not None
            if ours_ok:
                session = tfcollections.Session(folder)
                ours = ort_session(ours_path)
                loaded = tf.saved_model.load(str(folder)).signatures[about["signature"]]
                fetches = list(about["outputs"])
                for size in (1, 32):
                    given = {key: batch(value, size) for key, value in feeds.items()}
                    tf_given = {key: tf.constant(value) for key, value in given.items()}
                    ours_feeds = by_key(ours, given)
                    calls = [lambda: session.run(fetches, given), lambda: ours.run(None, ours_feeds),  # noqa: B023
                             lambda: loaded(**tf_given)]  # noqa: B023  # fmt: skip
                    if theirs is not None:
                        theirs_feeds = by_key(theirs, given)
                        calls.append(lambda: theirs.run(None, theirs_feeds))  # noqa: B023
                    times = timed(calls, runs)
                    row[f"session_{size}_us"], row[f"ours_ort_{size}_us"], row[f"tf_{size}_us"] = [
                        t * 1e6 for t in times[:3]
                    ]
                    if theirs is not None:
                        row[f"theirs_ort_{size}_us"] = times[3] * 1e6
            rows.append(row)
            print(json.dumps(row), file=sys.stderr)
    print(table(rows))
    return 0


def table(rows):
    lines = ["| model | conversion: ours s | tf2onnx s | faster | batch | `Session.run` µs | our model on ORT µs | "
             "tf2onnx's on ORT µs | `Session.run` / tf2onnx's | TensorFlow µs | note |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"]  # fmt: skip
    for row in rows:
        for size in (1, 32):
            if f"session_{size}_us" not in row:
                lines.append(f"| {row['name']} | {row['ours_s']:.2f} | {row['theirs_s']:.2f} | | {size} | | | | | | "
                             f"{row['note']} |")  # fmt: skip
                break
            theirs = row.get(f"theirs_ort_{size}_us")
            ratio = f"{row[f'session_{size}_us'] / theirs:.2f}x" if theirs else "-"
            faster = f"{row['theirs_s'] / row['ours_s']:.1f}x" if row["theirs_ok"] else "-"
            lines.append(
                f"| {row['name'] if size == 1 else ''} | {row['ours_s']:.2f} | {row['theirs_s']:.2f} | {faster} | "
                f"{size} | {row[f'session_{size}_us']:.0f} | {row[f'ours_ort_{size}_us']:.0f} | "
                f"{theirs:.0f} | {ratio} | {row[f'tf_{size}_us']:.0f} | {row['note']} |"
                if theirs else
                f"| {row['name'] if size == 1 else ''} | {row['ours_s']:.2f} | {row['theirs_s']:.2f} | {faster} | "
                f"{size} | {row[f'session_{size}_us']:.0f} | {row[f'ours_ort_{size}_us']:.0f} | - | - | "
                f"{row[f'tf_{size}_us']:.0f} | {row['note']} |"
            )  # fmt: skip
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
