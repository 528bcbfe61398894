# SPDX-License-Identifier: Apache-2.0
"""The library's frozen graphs, imported and run by TensorFlow: do they give the restored session's values?

Run in the TensorFlow venv (benchmarks/run.sh makes .venv-bench), after tools/generate_onnx_fixtures.py (and
tools/generate_tf2_fixtures.py: its SavedModels are frozen at their signature, every call inlined, the same way):

    .venv-bench/bin/python -m tools.check_freeze [--fixtures tests/data/onnx] [--corpus ../shared/corpus/checkpoints]
        [--only NAME ...]

For each fixture with a checkpoint or a SavedModel, ``tfcollections.freeze`` writes a frozen graph; TensorFlow
imports it (``import_graph_def``), fills its lookup tables (runs its ``InitializeTableV2`` nodes, as a user runs
them by name), runs it on the fixture's inputs and its outputs are compared with those the restored session (or
loaded SavedModel) gave when the fixture was made (1e-6 relative, as the issue asks). Each verdict is recorded with the
SHA-256 of the frozen bytes in ``freeze_check.json`` beside the fixtures: tests/test_freeze.py freezes again and
finds the same bytes, so the suite knows TensorFlow ran exactly what the library writes today. With ``--corpus``,
every real ``.meta`` beside a checkpoint is frozen to its default outputs and imported by TensorFlow (no inputs
to run it on: the verdict is the import), and the list is printed. With ``--only``, only the fixtures named are
checked and their verdicts written, the others' kept as recorded. A fixture given vocabulary files (its manifest's
``vocabularies``: a frozen graph whose tables' initializers freezing dropped) is frozen again with them, and
TensorFlow fills its tables from the ``InitializeTableV2`` nodes the library writes.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys

import numpy as np

import tfcollections


def _run(frozen: bytes, feeds, outputs):
    import tensorflow.compat.v1 as tf

    graph_def = tf.GraphDef()
    graph_def.ParseFromString(frozen)
    graph = tf.Graph()
    with graph.as_default():
        tf.import_graph_def(graph_def, name="")
    with tf.Session(graph=graph) as session:
        # The frozen graph's lookup tables filled as a user fills them: its InitializeTableV2 nodes run by name.
        fills = [op for op in graph.get_operations() if op.type == "InitializeTableV2"]
        if fills:
            session.run(fills)
        return session.run(outputs, feed_dict=feeds)


def _text(value):
    """TensorFlow's strings (bytes) as the fixtures store them (unicode); any other value as it is."""
    array = np.asarray(value)
    if array.dtype.kind in ("O", "S"):
        return np.vectorize(lambda item: item.decode() if isinstance(item, bytes) else item, otypes=[str])(array)
    return array


def check_fixtures(folder: str, only=()) -> dict:
    with open(os.path.join(folder, "manifest.json")) as file:
        manifest = json.load(file)
    verdicts = {}
    for name, about in sorted(manifest["models"].items()):
        if only and name not in only:
            continue
        vocabularies = {key: os.path.join(folder, name, value) for key, value in about.get("vocabularies", {}).items()}
        if about["checkpoint"] is None and about["model"].endswith(".pb") and not vocabularies:
            continue  # TensorFlow's own frozen graph
        path = os.path.join(folder, name, about["model"])
        outputs = about["outputs"]
        frozen = tfcollections.freeze(path, outputs=outputs, vocabularies=vocabularies)
        arrays = np.load(os.path.join(folder, name, "io.npz"))
        feeds = {key: arrays[f"input/{key}"] for key in about["inputs"]}
        got = _run(frozen, feeds, outputs)
        worst = 0.0
        for key, value in zip(outputs, got):
            expected = arrays[f"output/{key}"]
            if expected.dtype.kind == "f":
                scale = np.maximum(np.abs(expected), 1e-30)
                worst = max(worst, float(np.max(np.abs(value - expected) / scale)))
            elif not np.array_equal(_text(value), expected):
                worst = float("inf")
        verdicts[name] = {
            "sha256": hashlib.sha256(frozen).hexdigest(),
            "bytes": len(frozen),
            "max_relative_difference": worst,
            "agrees": worst <= 1e-6,
        }
        print(f"{name}: {len(frozen)} bytes, max relative difference {worst:.3g}", file=sys.stderr)
    return verdicts


def check_tf2(folder: str, only=()) -> dict:
    """The TF 2 SavedModels of *folder* (tools/generate_tf2_fixtures.py), frozen by the library at their signature
    (every call inlined), run by TensorFlow on the signature's tensors against what the loaded SavedModel gave."""
    with open(os.path.join(folder, "manifest.json")) as file:
        manifest = json.load(file)
    verdicts = {}
    for name, about in sorted(manifest["models"].items()):
        if only and name not in only:
            continue
        path = os.path.join(folder, name)
        try:
            frozen = tfcollections.freeze(path, signature=about["signature"])
        except tfcollections.DecodeError as exc:  # a model freeze refuses (said why): to_onnx converts it
            verdicts[name] = {"refused": str(exc), "agrees": True}
            print(f"{name}: refused: {exc}", file=sys.stderr)
            continue
        signature = tfcollections.load(path)["meta_graphs"][0]["signature_def"][about["signature"]]
        arrays = np.load(os.path.join(path, "io.npz"))
        feeds = {signature["inputs"][key]["name"]: arrays[f"input/{key}"] for key in about["inputs"]}
        got = _run(frozen, feeds, [signature["outputs"][key]["name"] for key in about["outputs"]])
        worst = 0.0
        for key, value in zip(about["outputs"], got):
            expected = arrays[f"output/{key}"]
            if expected.dtype.kind == "f":
                worst = max(worst, float(np.max(np.abs(value - expected) / np.maximum(np.abs(expected), 1e-30))))
            elif not np.array_equal(_text(value), expected):
                worst = float("inf")
        verdicts[name] = {"sha256": hashlib.sha256(frozen).hexdigest(), "bytes": len(frozen),
                          "max_relative_difference": worst, "agrees": worst <= 1e-6}  # fmt: skip
        print(f"{name}: {len(frozen)} bytes, max relative difference {worst:.3g}", file=sys.stderr)
    return verdicts


def check_corpus(folder: str) -> None:
    import tensorflow.compat.v1 as tf

    for name in sorted(os.listdir(folder)):
        entry = os.path.join(folder, name)
        if not os.path.isdir(entry):
            continue
        for meta in [os.path.join(entry, item) for item in sorted(os.listdir(entry)) if item.endswith(".meta")]:
            try:
                frozen = tfcollections.freeze(meta)
            except (tfcollections.DecodeError, ValueError) as exc:
                print(f"{name}: not frozen: {exc}")
                continue
            graph_def = tf.GraphDef()
            graph_def.ParseFromString(frozen)
            try:
                with tf.Graph().as_default():
                    tf.import_graph_def(graph_def, name="")
                verdict = "imported by TensorFlow"
            except Exception as exc:  # the verdict is what TensorFlow says, whatever it raises
                verdict = f"TensorFlow refuses it: {str(exc).splitlines()[0]}"
            print(f"{name}: {len(graph_def.node)} nodes, {verdict}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fixtures", default=os.path.join("tests", "data", "onnx"))
    parser.add_argument("--tf2", default=os.path.join("tests", "data", "onnx_tf2"))
    parser.add_argument("--corpus", default=None)
    parser.add_argument("--only", nargs="+", metavar="NAME", default=[], help="check these fixtures alone")
    args = parser.parse_args(argv)
    # oneDNN's rewrites off, as when the fixtures' outputs were computed (its path differs in the last bits).
    os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
    import tensorflow as tf

    agree = True
    for folder, check in ((args.fixtures, check_fixtures), (args.tf2, check_tf2)):
        verdicts = check(folder, set(args.only))
        agree = agree and all(verdict["agrees"] for verdict in verdicts.values())
        if args.only:  # the other fixtures' verdicts kept as recorded
            with open(os.path.join(folder, "freeze_check.json")) as file:
                verdicts = {**json.load(file)["models"], **verdicts}
        record = {"checked_by": f"TensorFlow {tf.__version__}", "tool": "tools/check_freeze.py", "models": verdicts}
        with open(os.path.join(folder, "freeze_check.json"), "w") as file:
            json.dump(record, file, indent=1, sort_keys=True)
            file.write("\n")
    if args.corpus:
        check_corpus(args.corpus)
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
