# SPDX-License-Identifier: Apache-2.0
"""TF 2 SavedModels on onnxruntime: each signature converted (onnx's full check) and run, directly and through
``Session`` and ``tfcollections run``, against the outputs TensorFlow's loader gave (tools/generate_tf2_fixtures.py).

Needs the optional group ``onnx`` (onnx, onnxruntime, numpy), which CI installs; without it these tests skip.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List

import pytest

import tfcollections

from .test_onnx_run import assert_agrees
from .test_tf2 import forget_lengths

np = pytest.importorskip("numpy")
onnx = pytest.importorskip("onnx")
ort = pytest.importorskip("onnxruntime")

DATA = Path(__file__).parent / "data" / "onnx_tf2"
MANIFEST: Dict[str, Any] = json.loads((DATA / "manifest.json").read_text())


def cases(name: str) -> List[Any]:
    """The fixture's input and output sets (io.npz, io_1.npz, ...: other lengths, other counts of iterations)."""
    count = MANIFEST["models"][name].get("cases", 1)
    return [np.load(DATA / name / ("io.npz" if index == 0 else f"io_{index}.npz")) for index in range(count)]


@pytest.mark.parametrize("opset", [12, 13, 17, 21])
@pytest.mark.parametrize("name", sorted(MANIFEST["models"]))
def test_a_tf2_signature_runs_on_onnxruntime_with_the_loaders_answers(name: str, opset: int) -> None:
    about = MANIFEST["models"][name]
    data = tfcollections.to_onnx(DATA / name, signature=about["signature"], opset=opset)
    onnx.checker.check_model(onnx.load_from_string(data), full_check=True)
    session = ort.InferenceSession(data, providers=["CPUExecutionProvider"])
    for arrays in cases(name):
        got = session.run(about["outputs"], {key: arrays[f"input/{key}"] for key in about["inputs"]})
        for key, value in zip(about["outputs"], got):
            assert_agrees(key, value, arrays[f"output/{key}"])


@pytest.mark.slow
def test_keras_lstm_and_gru_steps_are_one_onnx_lstm_or_gru(monkeypatch: pytest.MonkeyPatch) -> None:
    # The LSTM (every step, or the last) is onnxruntime's LSTM, the GRU its GRU: no Loop is left.
    lstm = onnx.load_from_string(tfcollections.to_onnx(DATA / "keras2_lstm"))
    assert [node.op_type for node in lstm.graph.node].count("LSTM") == 1
    assert "Loop" not in {node.op_type for node in lstm.graph.node}
    stacked = onnx.load_from_string(tfcollections.to_onnx(DATA / "keras2_stacked"))
    kinds = [node.op_type for node in stacked.graph.node]
    assert kinds.count("LSTM") == 1 and kinds.count("GRU") == 1 and "Loop" not in kinds
    # Left a Loop (the fusion turned off), the TensorLists stay sequences the body makes (no Identity, which takes
    # sequences only from opset 14): the generic Loop runs at opset 13 to TensorFlow's answers.
    from tfcollections._convert import controlflow

    monkeypatch.setattr(controlflow, "rnn_loop", lambda cx, node, inputs: None)
    for lengths in ("known", "unknown"):  # a list of one item written whole; the general write through an If
        if lengths == "unknown":
            forget_lengths(monkeypatch)
        for name in ("keras2_gru", "keras2_stacked"):
            data = tfcollections.to_onnx(DATA / name, opset=13)
            assert "Loop" in {node.op_type for node in onnx.load_from_string(data).graph.node}
            session = ort.InferenceSession(data, providers=["CPUExecutionProvider"])
            for arrays in cases(name):
                (got,) = session.run(["scores"], {"tokens": arrays["input/tokens"]})
                assert_agrees(name, got, arrays["output/scores"])


@pytest.mark.parametrize("name", sorted(MANIFEST["models"]))
def test_a_session_feeds_and_fetches_a_tf2_signature_by_its_keys(name: str) -> None:
    about = MANIFEST["models"][name]
    session = tfcollections.Session(DATA / name)
    for arrays in cases(name):
        feeds = {key: arrays[f"input/{key}"] for key in about["inputs"]}
        got = session.run({key: key for key in about["outputs"]}, feeds)
        assert list(got) == about["outputs"]
        for key in about["outputs"]:
            assert_agrees(key, got[key], arrays[f"output/{key}"])


def test_a_tf2_session_takes_tensor_names_too_and_refuses_what_tensorflow_refuses() -> None:
    arrays = np.load(DATA / "two_inputs" / "io.npz")
    session = tfcollections.Session(DATA / "two_inputs")
    assert [item["name"] for item in session.inputs] == ["serving_default_a:0", "serving_default_b:0"]
    assert session.signature == {
        "inputs": {"a": "serving_default_a:0", "b": "serving_default_b:0"},
        "outputs": {"best": "StatefulPartitionedCall:0", "mixed": "StatefulPartitionedCall:1",
                    "total": "StatefulPartitionedCall:2"},
    }  # fmt: skip
    a, b = arrays["input/a"], arrays["input/b"]
    total = session.run(
        "StatefulPartitionedCall:2", {"serving_default_a:0": a, "b": b}
    )  # keys sorted: best, mixed, total
    assert_agrees("total", total, arrays["output/total"])
    with pytest.raises(ValueError, match=r"Cannot feed value of shape \(4, 5\) for Tensor 'serving_default_b:0', "
                                         r"which has shape \(\?, 4\)"):  # fmt: skip
        session.run("total", {"a": a, "b": np.zeros((4, 5), np.float32)})
    with pytest.raises(ValueError, match=r"You must feed a value for placeholder tensor 'serving_default_b'"):
        session.run("total", {"a": a})


def test_tfcollections_run_on_a_tf2_model(tmp_path: Path) -> None:
    from .test_cli import _run

    arrays = np.load(DATA / "keras3_export" / "io.npz")
    feed = tmp_path / "features.npy"
    np.save(feed, arrays["input/features"])
    result = _run(["run", str(DATA / "keras3_export"), "--input", f"features={feed}", "--json"])
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    ((name, value),) = found.items()
    assert name == "output_0"
    assert_agrees(name, np.asarray(value["values"], np.float32), arrays["output/output_0"])


def test_the_readmes_keras_recipe(monkeypatch: pytest.MonkeyPatch) -> None:
    # The README's lines, run as they are on the Keras 2 fixture (named as the README names it), fed the fixture's
    # images instead of zeros: the probabilities are TensorFlow's loader's.
    readme = (Path(__file__).parent.parent / "README.md").read_text()
    block = readme.split("```python\nimport tfcollections, numpy\nsession = tfcollections.Session(", 1)[1]
    code = "import tfcollections, numpy\nsession = tfcollections.Session(" + block.split("```", 1)[0]
    assert "numpy.zeros((2, 24, 24, 3), numpy.float32)" in code
    code = code.replace("numpy.zeros((2, 24, 24, 3), numpy.float32)", "recorded").replace('"saved_model_dir"', "folder")
    arrays = np.load(DATA / "keras2_cnn" / "io.npz")
    scope: Dict[str, Any] = {"recorded": arrays["input/image"], "folder": DATA / "keras2_cnn"}
    exec(compile(code, "README.md", "exec"), scope)
    assert_agrees("probabilities", scope["probabilities"], arrays["output/probabilities"])


def test_a_keras_rnns_last_step_is_a_scan_output_of_its_loop() -> None:
    # Keras 3's GRU without return_sequences keeps its last output in a TensorList of one item, written whole
    # each step and never read in the body: the Loop gives it as a scan output (one more output than it carries),
    # with no sequence made in the body; the answers are TensorFlow's (test above).
    about = MANIFEST["models"]["keras3_rnn"]
    graph = tfcollections.decode_message(
        "onnx.ModelProto", tfcollections.to_onnx(DATA / "keras3_rnn", signature=about["signature"])
    )
    loops = [node for node in graph["graph"]["node"] if node["op_type"] == "Loop"]
    scanning = [node for node in loops if len(node["output"]) > len(node["input"]) - 2]
    assert scanning
    for node in scanning:
        body = node["attribute"][0]["g"]
        assert not [item for item in body["node"] if item["op_type"] == "SequenceConstruct"]
