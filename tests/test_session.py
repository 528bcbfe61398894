# SPDX-License-Identifier: Apache-2.0
"""``Session`` and ``tfcollections run``: TensorFlow's models fed and fetched as ``tf.Session.run`` does, on ONNX.

Needs the optional extra ``run`` (onnxruntime, numpy; the test group ``onnx`` has both); without it these tests skip,
but for the one that checks the ImportError a user without it gets. The answers are TensorFlow's, recorded with the
fixtures (tools/generate_onnx_fixtures.py).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Dict, List

import pytest

import tfcollections

DATA = Path(__file__).parent / "data" / "onnx"
MANIFEST: Dict[str, Any] = json.loads((DATA / "manifest.json").read_text())
SERVING = Path(__file__).parent / "data" / "checkpoints" / "serving_half_plus_three"


def test_without_onnxruntime_the_error_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "onnxruntime", None)  # import onnxruntime raises ImportError
    with pytest.raises(ImportError, match=r'pip install "tfcollections\[run\]"'):
        tfcollections.Session(DATA / "tf1_cnn" / "model.ckpt.meta")


np = pytest.importorskip("numpy")
pytest.importorskip("onnxruntime")


def close(got: Any, expected: Any) -> bool:
    if expected.dtype.kind == "f":
        return bool(np.max(np.abs(got - expected) / np.maximum(np.abs(expected), 1.0), initial=0.0) <= 1e-5)
    return bool(np.array_equal(got, expected))


@pytest.mark.parametrize(
    "name", sorted(name for name, about in MANIFEST["models"].items() if "onnxruntime" not in about)
)
def test_a_session_gives_tensorflows_answers(name: str) -> None:
    about = MANIFEST["models"][name]
    arrays = np.load(DATA / name / "io.npz")
    given = {key: DATA / name / value for key, value in about.get("vocabularies", {}).items()}
    session = tfcollections.Session(DATA / name / about["model"], vocabularies=given)
    if about.get("cut"):  # a graph parsing tf.Example: fed at what it parses, as tf.Session feeds any tensor
        with pytest.raises(tfcollections.ConversionError, match=r"^the default fetches do not convert \(feed past "):
            session.inputs  # noqa: B018 (the property raises)
    else:
        assert [item["name"] for item in session.inputs] == about["inputs"]
        # Its default outputs leave out handles no ONNX type holds (tf1_dynamic_rnn_v2's unread TensorList).
        assert not {item["dtype"] for item in session.outputs} & {"DT_VARIANT", "DT_RESOURCE"}
    got = session.run(about["outputs"], {key: arrays[f"input/{key}"] for key in about["inputs"]})
    assert isinstance(got, list) and len(got) == len(about["outputs"])
    for key, value in zip(about["outputs"], got):
        assert close(value, arrays[f"output/{key}"]), key


def test_fetches_come_back_in_the_form_they_were_given() -> None:
    arrays = np.load(DATA / "tf1_cnn" / "io.npz")
    session = tfcollections.Session(DATA / "tf1_cnn" / "model.ckpt.meta")
    feeds = {"x:0": arrays["input/x:0"]}
    probabilities, classes = arrays["output/probabilities:0"], arrays["output/classes:0"]
    assert close(session.run("probabilities:0", feeds), probabilities)
    assert close(session.run("probabilities", {"x": arrays["input/x:0"]}), probabilities)  # node names too
    pair = session.run(("classes:0", "probabilities:0"), feeds)
    assert isinstance(pair, tuple) and close(pair[0], classes) and close(pair[1], probabilities)
    nested = session.run({"p": "probabilities:0", "more": ["classes:0", ("classes:0",)]}, feeds)
    assert list(nested) == ["p", "more"] and close(nested["more"][1][0], classes)
    assert session.outputs == [{"name": "probabilities:0", "dtype": "DT_FLOAT", "shape": [None, 10]},
                               {"name": "classes:0", "dtype": "DT_INT64", "shape": [None]}]  # fmt: skip


def test_any_tensor_is_fed_or_fetched_as_tensorflow_allows() -> None:
    arrays = np.load(DATA / "tf1_cnn" / "io.npz")
    session = tfcollections.Session(DATA / "tf1_cnn" / "model.ckpt.meta")
    pooled = session.run("pool1/MaxPool:0", {"x:0": arrays["input/x:0"]})  # an intermediate tensor
    assert pooled.shape == (2, 8, 8, 8)
    # Fed in the middle, the graph is cut there: the answer is TensorFlow's all the same.
    assert close(session.run("probabilities:0", {"pool1/MaxPool:0": pooled}), arrays["output/probabilities:0"])
    fed = session.run("x:0", {"x:0": arrays["input/x:0"]})  # a fed tensor fetched is its value
    assert np.array_equal(fed, arrays["input/x:0"])


def test_a_signatures_keys_name_its_tensors_and_a_scalar_comes_back_as_one() -> None:
    session = tfcollections.Session(SERVING)
    assert session.inputs == [{"name": "x:0", "dtype": "DT_FLOAT", "shape": [None, 1]}]
    assert session.run("y", {"x": [[1.0], [2.0]]}).tolist() == [[3.5], [4.0]]  # a list fed, as TensorFlow takes it
    about = MANIFEST["ops"]["losses"]
    arrays = np.load(DATA / "ops" / "losses.npz")
    zoo = tfcollections.Session(DATA / "ops" / "losses.pb")
    loss = zoo.run("L2Loss:0", {"logits:0": arrays["input/logits:0"]})
    assert isinstance(loss, np.float32) and close(np.asarray(loss), arrays["output/L2Loss:0"])
    assert "L2Loss:0" in about["outputs"]


def test_bad_feeds_and_fetches_are_named_as_tensorflow_names_them() -> None:
    arrays = np.load(DATA / "tf1_cnn" / "io.npz")
    session = tfcollections.Session(DATA / "tf1_cnn" / "model.ckpt.meta")
    feeds = {"x:0": arrays["input/x:0"]}
    with pytest.raises(ValueError, match=r"^The name 'nothing:0' refers to a Tensor which does not exist. The "
                                         r"operation, 'nothing', does not exist in the graph.$"):  # fmt: skip
        session.run("nothing:0", feeds)
    with pytest.raises(ValueError, match=r"^Cannot feed value of shape \(2, 3\) for Tensor 'x:0', which has shape "
                                         r"\(\?, 16, 16, 3\)$"):  # fmt: skip
        session.run("probabilities:0", {"x:0": np.zeros((2, 3), np.float32)})
    with pytest.raises(ValueError, match=r"^You must feed a value for placeholder tensor 'x' with dtype float32 and "
                                         r"shape \(\?, 16, 16, 3\)$"):  # fmt: skip
        session.run("probabilities:0", {})
    with pytest.raises(TypeError, match=r"Type of feed value \[\['a'\]\] is not compatible with Tensor 'x:0'"):
        session.run("probabilities:0", {"x:0": [["a"]]})
    text = tfcollections.Session(DATA / "tf1_text" / "model.ckpt.meta")
    with pytest.raises(TypeError, match="is not compatible with Tensor 'tokens:0' of dtype int32"):
        text.run("log_probabilities:0", {"tokens:0": 2**40})  # a Python int the dtype cannot hold
    with pytest.raises(TypeError, match="a Session fetches tensors"):
        session.run("^x", feeds)
    with pytest.raises(ValueError, match=r"no signature 'nothing' in the meta graph"):
        tfcollections.Session(SERVING, signature="nothing")


# ---------------------------------------------------------------- tfcollections run


def cli(args: List[str]) -> Any:
    from .test_cli import _run

    return _run(args)


def test_run_prints_each_output_and_writes_them_where_asked(tmp_path: Path) -> None:
    arrays = np.load(DATA / "tf1_cnn" / "io.npz")
    feed = tmp_path / "x.npy"
    np.save(feed, arrays["input/x:0"])
    model = "tests/data/onnx/tf1_cnn/model.ckpt.meta"
    result = cli(["run", model, "--input", f"x:0={feed}"])
    assert result.returncode == 0, result.stderr
    lines = result.stdout.decode().splitlines()
    assert lines[0].startswith("probabilities:0: float32 (2, 10), min 0.0150962, max 0.352143, mean 0.1")
    assert lines[2:] == ["classes:0: int64 (2,), min 0, max 6, mean 3", "  [0, 6]"]
    out = tmp_path / "out"
    written = cli(["run", model, "--inputs", f"x={feed}", "--outputs", "classes", "--output-dir", str(out)])
    assert written.returncode == 0 and np.array_equal(np.load(out / "classes.npy"), arrays["output/classes:0"])
    as_json = json.loads(cli(["run", str(SERVING), "--input", "x=[[1.0], [2.0]]", "--json"]).stdout)
    assert as_json == {"y": {"dtype": "float32", "shape": [2, 1], "values": [[3.5], [4.0]]}}


def test_run_feeds_a_graph_parsing_examples_past_its_parsing() -> None:
    # As tf.Session feeds any tensor: the features ParseSingleExample gives are fed, the records never parsed.
    model = "tests/data/onnx/tf1_parsing/frozen.pb"
    fed = cli(["run", model, "--input", "ParseSingleExample:3=[1.5, -2.0]", "--input", "ParseSingleExample:1=[4, 5]",
               "--output", "first_age:0", "--output", "first_tags:0", "--json"])  # fmt: skip
    assert fed.returncode == 0, fed.stderr
    assert json.loads(fed.stdout) == {"first_age:0": {"dtype": "float32", "shape": [2], "values": [2.5, -1.0]},
                                      "first_tags:0": {"dtype": "int64", "shape": [], "values": 9}}  # fmt: skip
    # Its default fetches need the parsing: one line, which names the features to feed.
    parsed = cli(["run", model])
    assert parsed.returncode == 1 and parsed.stderr.count(b"\n") == 1
    assert b"the default fetches do not convert (feed past what they lack" in parsed.stderr
    assert b"'ParseSingleExample:3' (dense 'age')" in parsed.stderr


def test_run_says_what_is_wrong_on_one_line() -> None:
    model = "tests/data/onnx/tf1_cnn/model.ckpt.meta"
    wrong = cli(["run", model, "--input", "x:0=[1, 2]"])
    assert wrong.returncode == 1 and wrong.stderr.decode() == (
        f"tfcollections run: {model}: Cannot feed value of shape (2,) for Tensor 'x:0', which has shape "
        "(?, 16, 16, 3)\n"
    )
    missing = cli(["run", model])
    assert missing.returncode == 1 and b"You must feed a value for placeholder tensor 'x'" in missing.stderr
    unreadable = cli(["run", model, "--input", "x:0=not json"])
    assert unreadable.returncode == 1 and b"is neither a .npy file nor a JSON value" in unreadable.stderr
    usage = cli(["run", model, "--input", "x:0"])
    assert usage.returncode == 2 and b"usage error: --inputs 'x:0' is not NAME=VALUE" in usage.stderr


def test_run_refuses_what_it_cannot_do(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    model = "tests/data/onnx/tf1_cnn/model.ckpt.meta"
    assert cli(["run", "--help"]).returncode == 0
    assert cli(["run", model, "--bogus"]).returncode == 2
    not_npy = tmp_path / "x.npy"
    not_npy.write_bytes(b"not an array")
    bad = cli(["run", model, "--input", f"x:0={not_npy}"])
    assert bad.returncode == 1 and b"is no .npy array" in bad.stderr
    blocked = tmp_path / "file"
    blocked.write_text("")
    written = cli(["run", str(SERVING), "--input", "x=[[1.0]]", "--output-dir", str(blocked / "out")])
    assert written.returncode == 1 and b"not written" in written.stderr
    monkeypatch.setitem(sys.modules, "onnxruntime", None)
    missing = cli(["run", str(SERVING), "--input", "x=[[1.0]]"])
    assert missing.returncode == 1 and b'pip install "tfcollections[run]"' in missing.stderr


def test_booleans_are_summarized_and_bad_names_refused() -> None:
    about = MANIFEST["ops"]["compare_select"]
    arrays = np.load(DATA / "ops" / "compare_select.npz")
    feeds = [f"{key}={json.dumps(arrays[f'input/{key}'].tolist())}" for key in about["inputs"]]
    args = ["run", "tests/data/onnx/ops/compare_select.pb", "--output", "LogicalAnd:0"]
    for feed in feeds:
        args += ["--input", feed]
    result = cli(args)
    assert result.returncode == 0, result.stderr
    expected = arrays["output/LogicalAnd:0"]
    assert result.stdout.decode().splitlines()[0] == (
        f"LogicalAnd:0: bool {expected.shape}, min {int(expected.min())}, max {int(expected.max())}, "
        f"mean {expected.mean():.6g}"
    )
    session = tfcollections.Session(SERVING)
    assert repr(session) == "Session(inputs=['x'], outputs=['y'])"  # the signature's keys
    with pytest.raises(TypeError, match="Fetch and feed names are str"):
        session.run(3, {"x": [[1.0]]})
    with pytest.raises(TypeError, match="a copy keeps no file"):
        tfcollections.Session(dict(tfcollections.load(SERVING)))


def test_the_runs_shown_in_docs_onnx_print_what_they_show(tmp_path: Path) -> None:
    import shlex

    text = (Path(__file__).parent.parent / "docs" / "onnx.md").read_text(encoding="utf-8")
    block = text.split("```sh\n$ tfcollections run ", 1)[1].split("```", 1)[0]
    np.save(tmp_path / "x.npy", np.load(DATA / "tf1_cnn" / "io.npz")["input/x:0"])  # the fixture's input
    commands = ("$ tfcollections run " + block).split("$ ")[1:]
    assert len(commands) == 2
    for command in commands:
        line, _, expected = command.partition("\n")
        words = [word.replace("=x.npy", f"={tmp_path / 'x.npy'}") for word in shlex.split(line)[1:]]
        result = cli(words)
        assert result.returncode == 0, result.stderr
        assert result.stdout.decode() == expected


def test_a_repeated_run_follows_its_plan_and_still_checks_each_value() -> None:
    # The second call with the same fetches and feed names is not resolved again (the plan is kept), but what is fed
    # is checked each time, and other fetches (a dict, a fed tensor fetched) are resolved as on the first call.
    session = tfcollections.Session(DATA / "tf1_cnn" / "model.ckpt.meta")
    arrays = np.load(DATA / "tf1_cnn" / "io.npz")
    x = arrays["input/x:0"]
    first = session.run(["probabilities:0"], {"x:0": x})
    assert len(session._plans) == 1
    again = session.run(["probabilities:0"], {"x:0": x})
    assert np.array_equal(first[0], again[0]) and len(session._plans) == 1
    with pytest.raises(ValueError, match="Cannot feed value of shape"):
        session.run(["probabilities:0"], {"x:0": x[0]})
    assert isinstance(session.run({"p": "probabilities:0"}, {"x:0": x}), dict)
    assert np.array_equal(session.run("x:0", {"x:0": x}), x) and len(session._plans) == 1  # nothing to plan


def test_a_sessions_repr_names_what_run_takes() -> None:
    # A signature's keys (what run feeds and fetches by), else the tensors' names.
    pytest.importorskip("onnxruntime")
    session = tfcollections.Session(DATA.parent / "onnx_tf2" / "two_inputs")
    assert repr(session) == "Session(inputs=['a', 'b'], outputs=['best', 'mixed', 'total'])"
    graph = tfcollections.Session(DATA / "tf1_cnn" / "model.ckpt.meta")  # a TF 1 graph: its tensors
    assert repr(graph) == "Session(inputs=['x:0'], outputs=['probabilities:0', 'classes:0'])"
