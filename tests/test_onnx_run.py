# SPDX-License-Identifier: Apache-2.0
"""The ONNX models of TensorFlow's fixtures, checked by onnx and run by onnxruntime against TensorFlow's outputs.

Needs the optional group ``onnx`` (onnx, onnxruntime, numpy), which CI installs; without it these tests skip. The
fixtures and TensorFlow's outputs are tools/generate_onnx_fixtures.py's: whole models (tests/data/onnx/<name>) and
an op zoo, one small graph per family of ops (tests/data/onnx/ops). Every float output is within 1e-5 (absolute, or
relative where larger than 1), integers and booleans are equal, and shapes and dtypes are TensorFlow's.
"""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path
from typing import Any, Dict, List

import pytest

import tfcollections

np = pytest.importorskip("numpy")
onnx = pytest.importorskip("onnx")
ort = pytest.importorskip("onnxruntime")

DATA = Path(__file__).parent / "data" / "onnx"
MANIFEST: Dict[str, Any] = json.loads((DATA / "manifest.json").read_text())


def run(data: bytes, feeds: Dict[str, Any], outputs: List[str]) -> List[Any]:
    onnx.checker.check_model(onnx.load_from_string(data), full_check=True)
    session = ort.InferenceSession(data, providers=["CPUExecutionProvider"])
    return session.run(outputs, feeds)  # type: ignore[no-any-return]


def assert_agrees(name: str, got: Any, expected: Any) -> None:
    assert got.shape == expected.shape, name
    if expected.dtype.kind == "U":  # text: onnxruntime gives str objects
        assert got.dtype == object and got.astype(str).tolist() == expected.tolist(), name
        return
    assert got.dtype == expected.dtype, name
    if expected.dtype.kind == "f":
        # A half value is rounded at each op on either side: two of its ulps (2^-10 at 1) where float has 1e-5.
        tolerance = 1e-3 if expected.dtype == np.float16 else 1e-5
        scale = np.maximum(np.abs(expected.astype(np.float64)), 1.0)
        assert float(np.max(np.abs(got.astype(np.float64) - expected) / scale, initial=0.0)) <= tolerance, name
    else:
        assert np.array_equal(got, expected), name


@pytest.mark.parametrize("name", sorted(MANIFEST["models"]))
def test_a_tensorflow_model_runs_on_onnxruntime_with_tensorflows_answers(name: str) -> None:
    about = MANIFEST["models"][name]
    arrays = np.load(DATA / name / "io.npz")
    given = {key: DATA / name / value for key, value in about.get("vocabularies", {}).items()}
    cut = about["inputs"] if about.get("cut") else None  # a graph parsing tf.Example: cut at what it parses
    data = tfcollections.to_onnx(DATA / name / about["model"], inputs=cut, outputs=about["outputs"], vocabularies=given)
    got = run(data, {key: arrays[f"input/{key}"] for key in about["inputs"]}, about["outputs"])
    for key, value in zip(about["outputs"], got):
        expected = arrays[f"output/{key}"]
        assert_agrees(key, value, expected)
        if expected.ndim == 2 and expected.dtype.kind == "f":
            assert np.array_equal(np.argmax(value, axis=1), np.argmax(expected, axis=1))


@pytest.mark.parametrize("name", sorted(MANIFEST["ops"]))
def test_each_family_of_ops_gives_tensorflows_answers(name: str) -> None:
    about = MANIFEST["ops"][name]
    arrays = np.load(DATA / "ops" / f"{name}.npz")
    data = tfcollections.to_onnx(DATA / "ops" / f"{name}.pb", outputs=about["outputs"], opset=about.get("opset", 17))
    got = run(data, {key: arrays[f"input/{key}"] for key in about["inputs"]}, about["outputs"])
    for key, value in zip(about["outputs"], got):
        expected = arrays[f"output/{key}"]
        if about.get("compare") == "draws":  # a distribution, compared in the random crop's test below
            assert (value.shape, value.dtype) == (expected.shape, expected.dtype), key
        elif about.get("compare") == "shape":  # random numbers: onnxruntime's generator is not TensorFlow's
            assert (value.shape, value.dtype) == (expected.shape, expected.dtype), key
            assert expected.min() >= _RANGES[key][0] and value.min() >= _RANGES[key][0], key
            assert expected.max() <= _RANGES[key][1] and value.max() <= _RANGES[key][1], key
        else:
            assert_agrees(f"{name} {key}", value, arrays[f"output/{key}"])


# The bounds of the random fixture's outputs (tools/generate_onnx_fixtures.py's case "random").
_RANGES = {
    "random_uniform/RandomUniform:0": (0.0, 1.0),
    "random_normal:0": (-10.0, 10.0),
    "random_uniform_1:0": (3, 8),
    "random_uniform_2:0": (-5, 4),
    "categorical/Multinomial:0": (0, 3),
}


def _crops(begin: Any, size: Any, fractions: Any, boxes: List[List[int]], needed: float) -> Any:
    """Each drawn crop's area, aspect ratio (width over height), centre, and whether it is the whole image, after
    checking that its three outputs agree (the box is the crop's corners divided by the image's 200 x 300, inside
    the image) and that it covers *needed* of one of *boxes* (pixels: min_y, min_x, max_y, max_x) or is whole."""
    height, width = 200, 300
    assert (begin[:, 2] == 0).all() and (size[:, 2] == -1).all()
    assert (begin[:, :2] >= 0).all() and (size[:, :2] > 0).all()
    assert (begin[:, 0] + size[:, 0] <= height).all() and (begin[:, 1] + size[:, 1] <= width).all()
    corners = np.stack([begin[:, 0], begin[:, 1], begin[:, 0] + size[:, 0], begin[:, 1] + size[:, 1]], axis=1)
    assert np.allclose(fractions.reshape(-1, 4), corners / np.array([height, width, height, width]), atol=1e-6)
    covered = np.zeros(len(begin))
    for top, left, bottom, right in boxes:
        tall = np.maximum(np.minimum(corners[:, 2], bottom) - np.maximum(corners[:, 0], top), 0)
        wide = np.maximum(np.minimum(corners[:, 3], right) - np.maximum(corners[:, 1], left), 0)
        covered = np.maximum(covered, tall * wide / ((bottom - top) * (right - left)))
    whole = (size[:, 0] == height) & (size[:, 1] == width)
    assert ((covered >= needed) | whole).all()
    area, aspect = size[:, 0] * size[:, 1] / (height * width), size[:, 1] / size[:, 0]
    centre_y, centre_x = (begin[:, 0] + size[:, 0] / 2) / height, (begin[:, 1] + size[:, 1] / 2) / width
    return area, aspect, centre_y, centre_x, whole.astype(float)


def test_a_random_crop_is_drawn_as_tensorflow_draws_it() -> None:
    # 400 crops drawn by TensorFlow (the fixture's) and 400 by the model, of two ops: each a crop TensorFlow's
    # contract allows, and their areas, aspect ratios, centres and share of whole images (no attempt kept) alike
    # in distribution: their means within 5 of their standard errors.
    about = MANIFEST["ops"]["random_crop"]
    arrays = np.load(DATA / "ops" / "random_crop.npz")
    data = tfcollections.to_onnx(DATA / "ops" / "random_crop.pb", outputs=about["outputs"])
    onnx.checker.check_model(onnx.load_from_string(data), full_check=True)
    session = ort.InferenceSession(data, providers=["CPUExecutionProvider"])
    feeds = {key: arrays[f"input/{key}"] for key in about["inputs"]}
    count = about["draws"]
    ours = [np.stack(parts) for parts in zip(*(session.run(about["outputs"], feeds) for _ in range(count)))]
    theirs = [arrays[f"draws/{key}"] for key in about["outputs"]]
    assert len({tuple(map(int, row)) for row in ours[0]}) > count // 8  # drawn anew each run
    # The suite's: 80% of a box in a corner. The other: any part of the image (no box given).
    for first, boxes, needed in ((0, [[0, 0, 20, 30], [180, 270, 200, 300]], 0.8), (3, [[0, 0, 200, 300]], 0.0)):
        mine = _crops(ours[first], ours[first + 1], ours[first + 2], boxes, needed)
        tensorflows = _crops(theirs[first], theirs[first + 1], theirs[first + 2], boxes, needed)
        for drawn, expected in zip(mine, tensorflows):
            error = np.hypot(drawn.std(), expected.std()) / np.sqrt(count)
            assert abs(drawn.mean() - expected.mean()) <= 5 * error, (drawn.mean(), expected.mean())


@pytest.mark.parametrize(("name", "opset"), [("reductions", 13), ("reductions", 18), ("reductions", 21),
                                             ("segments", 13), ("segments", 15), ("segments", 16), ("segments", 18),
                                             ("segments_dropped", 13), ("segments_dropped", 18), ("signal", 12),
                                             ("signal", 15), ("counting_and_boxes", 13),
                                             ("checks_and_stitches", 15), ("ragged_tensors", 13),
                                             ("band_gather_scatter", 13), ("band_gather_scatter", 15)])  # fmt: skip
def test_other_opsets_give_the_same_answers(name: str, opset: int) -> None:
    about = MANIFEST["ops"][name]
    arrays = np.load(DATA / "ops" / f"{name}.npz")
    data = tfcollections.to_onnx(DATA / "ops" / f"{name}.pb", outputs=about["outputs"], opset=opset)
    got = run(data, {key: arrays[f"input/{key}"] for key in about["inputs"]}, about["outputs"])
    for key, value in zip(about["outputs"], got):
        assert_agrees(key, value, arrays[f"output/{key}"])


def test_a_transform_below_opset_17_is_a_product_by_the_dfts_matrix() -> None:
    # No DFT before opset 17: RFFT of a signal of a length fed at run time, cut or padded to its fft_length, is a
    # MatMul by the DFT's matrix (in double), numpy's answers; an unknown length or one past 1024 is refused there.
    from tfcollections._convert.values import ints_tensor

    from .test_convert import _graph, _shape

    graph = _graph(
        ("x", "Placeholder", [], {"dtype": "DT_FLOAT", "shape": _shape(2, -1)}, None),
        ("n", "Const", [], {"dtype": "DT_INT32"}, ints_tensor([8], "DT_INT32")),
        ("rfft", "RFFT", ["x", "n"], {"Treal": "DT_FLOAT", "Tcomplex": "DT_COMPLEX64"}, None),
        ("abs", "ComplexAbs", ["rfft"], {"T": "DT_COMPLEX64", "Tout": "DT_FLOAT"}, None),
        ("long", "Const", [], {"dtype": "DT_INT32"}, ints_tensor([2048], "DT_INT32")),
        ("wide", "RFFT", ["x", "long"], {"Treal": "DT_FLOAT", "Tcomplex": "DT_COMPLEX64"}, None),
        ("wide_abs", "ComplexAbs", ["wide"], {"T": "DT_COMPLEX64", "Tout": "DT_FLOAT"}, None),
    )  # fmt: skip
    data = tfcollections.to_onnx(graph, outputs=["abs"], opset=13)
    assert "MatMul" in {node.op_type for node in onnx.load_from_string(data).graph.node}
    rng = np.random.default_rng(23)
    for length in (5, 8, 12):
        signal = rng.standard_normal((2, length)).astype(np.float32)
        (got,) = run(data, {"x:0": signal}, ["abs:0"])
        assert np.allclose(got, np.abs(np.fft.rfft(signal.astype(np.float64), n=8)), rtol=1e-6, atol=1e-6)
    with pytest.raises(tfcollections.ConversionError, match=r"length 2048 is ONNX's DFT, from opset 17 .*convert at"):
        tfcollections.to_onnx(graph, outputs=["wide_abs"], opset=13)
    assert tfcollections.to_onnx(graph, outputs=["wide_abs"], opset=17)


def test_a_fixed_input_shape_runs_as_the_symbolic_one(tmp_path: Path) -> None:
    about = MANIFEST["models"]["mobilenet_v2"]
    arrays = np.load(DATA / "mobilenet_v2" / "io.npz")
    data = tfcollections.to_onnx(DATA / "mobilenet_v2" / "frozen.pb", inputs=["input:0:1,64,64,3"])
    (got,) = run(data, {"input:0": arrays["input/input:0"]}, about["outputs"])
    assert_agrees("fixed", got, arrays[f"output/{about['outputs'][0]}"])


def test_weights_beyond_the_limit_are_written_beside_the_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A model over 2 GB keeps its weights as external data; the limit lowered, a small model shows how.
    from tfcollections._convert import onnx as conversion

    monkeypatch.setattr(conversion, "_TWO_GB", 1 << 21)
    about = MANIFEST["models"]["mobilenet_v2"]
    arrays = np.load(DATA / "mobilenet_v2" / "io.npz")
    target = tmp_path / "mobilenet.onnx"
    data = tfcollections.to_onnx(DATA / "mobilenet_v2" / "frozen.pb", path=target)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mobilenet.onnx", "mobilenet.onnx.data"]
    # Tensors under 1 KB stay in the model, as onnx.save_model keeps them (its size_threshold).
    assert len(data) < 200_000 and (tmp_path / "mobilenet.onnx.data").stat().st_size > 1_500_000
    onnx.checker.check_model(str(target), full_check=True)
    session = ort.InferenceSession(str(target), providers=["CPUExecutionProvider"])
    (got,) = session.run(about["outputs"], {"input:0": arrays["input/input:0"]})
    assert_agrees("external", got, arrays[f"output/{about['outputs'][0]}"])


def test_the_readmes_recipe(monkeypatch: pytest.MonkeyPatch) -> None:
    # The README's lines, run as they are from the fixture's folder, fed the fixture's input instead of zeros:
    # the probabilities are TensorFlow's.
    readme = (DATA.parent.parent.parent / "README.md").read_text()
    block = readme.split("```python\nimport tfcollections, onnxruntime, numpy\n", 1)[1].split("```", 1)[0]
    assert "numpy.zeros((2, 16, 16, 3), numpy.float32)" in block
    code = "import tfcollections, onnxruntime, numpy\n" + block.replace(
        "numpy.zeros((2, 16, 16, 3), numpy.float32)", "recorded"
    )
    arrays = np.load(DATA / "tf1_cnn" / "io.npz")
    monkeypatch.chdir(DATA / "tf1_cnn")
    scope: Dict[str, Any] = {"recorded": arrays["input/x:0"]}
    exec(compile(code, "README.md", "exec"), scope)
    assert_agrees("probabilities", scope["probabilities"], arrays["output/probabilities:0"])


def test_a_graph_parsing_examples_is_refused_naming_each_tensor_to_cut_at_with_its_feature() -> None:
    # tools/generate_onnx_fixtures.py's tf1_parsing: ParseExampleV2, ParseExample and ParseSingleExample, each read
    # for some of its outputs. The refusal names the tensors the graph reads, each as TensorFlow's structures say it
    # is (the manifest's "features"); cut at them, the model gives TensorFlow's answers (the test above).
    about = MANIFEST["models"]["tf1_parsing"]
    with pytest.raises(tfcollections.ConversionError) as caught:
        tfcollections.to_onnx(DATA / "tf1_parsing" / about["model"], outputs=about["outputs"])
    named = re.findall(r"'([^']+:\d+)' \(([^()]*)\)", str(caught.value))
    assert dict(named) == about["features"] and len(named) == len(about["features"])
    assert [entry["op"] for entry in caught.value.unsupported] == ["ParseExampleV2", "ParseExample",
                                                                   "ParseSingleExample"]  # fmt: skip
    model = onnx.load_from_string(
        tfcollections.to_onnx(DATA / "tf1_parsing" / about["model"], inputs=about["inputs"], outputs=about["outputs"])
    )
    dims = {item.name: item.type.tensor_type.shape.dim for item in model.graph.input}
    shapes = {name: [dim.dim_value or None for dim in listed] for name, listed in dims.items()}
    # No shape is recorded in a graph TensorFlow 2 froze: each comes from the parsing op's attrs and the records' rank.
    assert shapes["ParseExample/ParseExampleV2:3"] == [None, 2] and shapes["ParseSingleExample:3"] == [2]
    assert shapes["ParseExample/ParseExampleV2:0"] == [None, 2] and shapes["ParseExample/ParseExampleV2:2"] == [2]
    assert shapes["ParseExample/ParseExampleV2:5"] == [None] and shapes["ParseSingleExample:1"] == [None]
    # A cut tensor's unknown dims are named after it, one symbol per tensor: the count of a sparse feature's values
    # is not the batch, and two features' counts are not one size.
    symbols = {name: [dim.dim_param for dim in listed if dim.dim_param] for name, listed in dims.items()}
    assert symbols["ParseExample/ParseExampleV2:3"] == ["ParseExample/ParseExampleV2_3_dim0"]
    assert symbols["ParseExample/ParseExampleV2:0"] == ["ParseExample/ParseExampleV2_dim0"]
    assert symbols["ParseExample/ParseExampleV2:5"] == ["ParseExample/ParseExampleV2_5_dim0"]
    flat = [symbol for listed in symbols.values() for symbol in listed]
    assert "batch" not in flat and len(set(flat)) == len(flat)


def test_tfxs_serving_model_is_refused_naming_its_features_and_converts_cut_at_them() -> None:
    # tensorflow/tfx's Keras test model (TF 2.3.1): its serving signature parses tf.Example records inside a function.
    folder = DATA.parent / "checkpoints" / "tfx_keras_tf23"
    with pytest.raises(tfcollections.ConversionError) as caught:
        tfcollections.to_onnx(folder)
    named = re.findall(r"'([^']+:\d+)' \(dense '(\w+)'\)", str(caught.value))
    parse = "StatefulPartitionedCall/StatefulPartitionedCall/ParseExample/ParseExampleV2"
    keys = ["body_mass_g", "culmen_depth_mm", "culmen_length_mm", "flipper_length_mm"]
    assert named == [(f"{parse}:{port}", key) for port, key in enumerate(keys)]
    model = onnx.load_from_string(tfcollections.to_onnx(folder, inputs=[name for name, _ in named]))
    assert [item.name for item in model.graph.input] == [name for name, _ in named]
    (got,) = run(model.SerializeToString(), {name: np.ones((2, 1), np.float32) for name, _ in named}, ["output_0"])
    assert got.shape == (2, 3) and np.allclose(got.sum(axis=1), 1.0)  # its softmax over three species


def test_a_tf1_saved_model_converts_by_its_signature() -> None:
    # TF Serving's half_plus_three (TensorFlow 1.0): y = 0.5 x + 3, its serving signature's tensors the model's.
    folder = DATA.parent / "checkpoints" / "serving_half_plus_three"
    data = tfcollections.to_onnx(folder)
    (got,) = run(data, {"x:0": np.array([[1.0], [2.0], [5.0]], np.float32)}, ["y:0"])
    assert got.tolist() == [[3.5], [4.0], [5.5]]
    with pytest.raises(tfcollections.DecodeError, match=r"ParseExample \(1 node, first 'ParseExample/"):
        tfcollections.to_onnx(folder, signature="tensorflow/serving/regress")  # a serialized tf.Example in
    with pytest.raises(ValueError, match=r"no signature 'nothing' in the meta graph \(it has: "):
        tfcollections.to_onnx(folder, signature="nothing")


def test_operands_laid_out_at_conversion_give_numpys_answers() -> None:
    # The hand-built graph of tests/test_convert.py run: a scalar and a vector operand of an NCHW value, a
    # broadcast of unknown dims, integer and float truncating division, against numpy's answers.
    from .test_convert import OPERAND_OUTPUTS as outputs, operands_graph

    data = tfcollections.to_onnx(tfcollections.loads(operands_graph()), outputs=outputs)
    x = np.arange(32, dtype=np.float32).reshape(1, 4, 4, 2) / 10
    v = np.array([[-1.3, 0.7, 2.2], [-0.2, 0.0, 5.9]], np.float32)
    shifted, wide, quotient, truncated = run(data, {"x:0": x, "v:0": v}, outputs)
    conv = x.sum(axis=3, keepdims=True) * 0.5 * np.ones((1, 1, 1, 3), np.float32)
    assert np.allclose(shifted, conv * 0.5 + np.array([1.0, 2.0, 3.0], np.float32))
    assert np.allclose(wide, v + 0.5) and quotient.tolist() == [-3]
    assert truncated.tolist() == np.trunc(v / 0.5).tolist()


@pytest.mark.parametrize("axes, keep", [([1, 2], False), ([0, 1, 2], False), ([1, 3], False), ([2], True)])
def test_a_reduction_of_an_nchw_value_is_numpys(axes: List[int], keep: bool) -> None:
    # Taken on the NCHW value where what is left keeps its order (a global pool), else back in TensorFlow's layout.
    from .test_convert import _const, _floats, _graph, _ints, _placeholder

    nodes = [
        _placeholder("x", 2, 3, 4, 2),
        _const("w", _floats(1, 1, 2, 3)),
        _const("axes", _ints(*axes)),
        ("c", "Conv2D", ["x", "w"], {"padding": b"VALID"}, None),
        ("m", "Mean", ["c", "axes"], {"keep_dims": keep}, None),
    ]
    data = tfcollections.to_onnx(tfcollections.loads(_graph(*nodes)), outputs=["m"])
    x = np.arange(48, dtype=np.float32).reshape(2, 3, 4, 2) / 7
    (got,) = run(data, {"x:0": x}, ["m:0"])
    conv = np.repeat(x.sum(axis=3, keepdims=True) * 0.5, 3, axis=3)
    assert np.allclose(got, conv.mean(axis=tuple(axes), keepdims=keep))


@pytest.mark.parametrize("dims", [[], [1], [-2]])
def test_a_squeeze_of_an_unknown_rank_is_numpys(dims: List[int]) -> None:
    # A reshape to a shape fed at run time leaves the rank unknown; ONNX's Squeeze takes the axes as TensorFlow
    # gives them (negative from the end, or none: every 1). The output of an open rank is declared by its type alone,
    # which onnxruntime runs and onnx's checker refuses (it asks the main graph's outputs for a shape).
    from .test_convert import _graph, _placeholder, _shape

    nodes = [
        _placeholder("x", 2, 3),
        ("shape", "Placeholder", [], {"dtype": "DT_INT32", "shape": _shape(-1)}, None),
        ("r", "Reshape", ["x", "shape"], {}, None),
        ("s", "Squeeze", ["r"], {"squeeze_dims": dims}, None),
    ]
    model = tfcollections.loads(_graph(*nodes))
    data = tfcollections.to_onnx(model, outputs=["s"])
    (output,) = onnx.load_from_string(data).graph.output
    assert output.type.tensor_type.elem_type == onnx.TensorProto.FLOAT
    assert not output.type.tensor_type.HasField("shape")
    with pytest.raises(onnx.checker.ValidationError, match="Field 'shape' of 'type' is required but missing"):
        onnx.checker.check_model(onnx.load_from_string(data), full_check=True)
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    feeds = {"x:0": x, "shape:0": np.array([2, 1, 3], np.int32)}
    (got,) = ort.InferenceSession(data, providers=["CPUExecutionProvider"]).run(["s:0"], feeds)
    assert np.array_equal(got, np.squeeze(x.reshape(2, 1, 3), axis=tuple(dims) or None))
    assert np.array_equal(tfcollections.Session(model).run("s:0", feeds), got)


def test_a_squeeze_of_every_1_of_dims_the_graph_leaves_open_drops_them_at_run_time() -> None:
    # Known rank, unknown dims: which are 1 (and so the rank after) is known when it runs, as in TensorFlow.
    from .test_convert import _graph, _shape

    model = tfcollections.loads(_graph(
        ("x", "Placeholder", [], {"dtype": "DT_FLOAT", "shape": _shape(-1, 1, -1)}, None),
        ("s", "Squeeze", ["x"], {}, None),
    ))  # fmt: skip
    session = ort.InferenceSession(tfcollections.to_onnx(model, outputs=["s"]), providers=["CPUExecutionProvider"])
    for shape in ((2, 1, 3), (1, 1, 3), (1, 1, 1)):
        x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
        assert np.array_equal(session.run(["s:0"], {"x:0": x})[0], np.squeeze(x))


def test_an_input_of_an_open_rank_is_declared_by_its_type_and_fed_any_rank() -> None:
    # TF Serving's half_plus_two: a placeholder of no shape, y = 0.5 x + 2, fed a vector or a matrix alike.
    from tfcollections._convert.values import tensor_of

    from .test_convert import _const, _graph

    halves = tfcollections.loads(_graph(
        ("x", "Placeholder", [], {"dtype": "DT_FLOAT", "shape": {"unknown_rank": True}}, None),
        _const("a", tensor_of("DT_FLOAT", (), [0.5])), _const("b", tensor_of("DT_FLOAT", (), [2.0])),
        ("ax", "Mul", ["a", "x"], {"T": "DT_FLOAT"}, None), ("y", "AddV2", ["ax", "b"], {"T": "DT_FLOAT"}, None),
    ))  # fmt: skip
    data = tfcollections.to_onnx(halves, outputs=["y"])
    graph = onnx.load_from_string(data).graph
    assert [item.type.tensor_type.HasField("shape") for item in [*graph.input, *graph.output]] == [False, False]
    session = ort.InferenceSession(data, providers=["CPUExecutionProvider"])
    for x in (np.array([1.0, 2.0], np.float32), np.ones((2, 3), np.float32)):
        assert np.array_equal(session.run(["y:0"], {"x:0": x})[0], 0.5 * x + 2)


@pytest.mark.parametrize("name", sorted(MANIFEST["ops"]))
@pytest.mark.parametrize("opset", [12, 13, 21])
def test_each_family_gives_the_same_answers_at_the_first_and_last_opsets(name: str, opset: int) -> None:
    # The forms rules make on either side of an opset (axes as attributes below 18, DFT's axis an input from 20, a
    # mask below ScatterND's max, opset 12's forms of what 13 changed): every family converted at the first and the
    # last opset the conversion writes, and at 13, or refused below 14, naming the opset a row or a node needs.
    about = MANIFEST["ops"][name]
    arrays = np.load(DATA / "ops" / f"{name}.npz")
    try:
        data = tfcollections.to_onnx(DATA / "ops" / f"{name}.pb", outputs=about["outputs"], opset=opset)
    except ValueError as exc:  # ConversionError
        assert opset <= 13 and "convert at opset" in str(exc), str(exc)
        return
    got = run(data, {key: arrays[f"input/{key}"] for key in about["inputs"]}, about["outputs"])
    for key, value in zip(about["outputs"], got):
        expected = arrays[f"output/{key}"]
        if about.get("compare") in ("shape", "draws"):
            assert (value.shape, value.dtype) == (expected.shape, expected.dtype), key
        else:
            assert_agrees(f"{name} {key}", value, expected)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(name for name, about in MANIFEST["ops"].items() if "opset" not in about))
def test_at_opset_12_each_output_of_a_family_converts_alone_or_names_the_opset_it_needs(name: str) -> None:
    # A family refused whole at 12 (one of its rows needs a later opset) still proves its other rows there: each
    # output converted alone, checked at 12 and run, or refused naming the opset.
    about = MANIFEST["ops"][name]
    arrays = np.load(DATA / "ops" / f"{name}.npz")
    try:
        tfcollections.to_onnx(DATA / "ops" / f"{name}.pb", outputs=about["outputs"], opset=12)
        return  # the whole family converts: the test above runs it
    except ValueError:
        pass
    for key in about["outputs"]:
        try:
            data = tfcollections.to_onnx(DATA / "ops" / f"{name}.pb", outputs=[key], opset=12)
        except ValueError as exc:
            assert "convert at opset" in str(exc), str(exc)
            continue
        inputs = [item.name for item in ort.InferenceSession(data, providers=["CPUExecutionProvider"]).get_inputs()]
        (value,) = run(data, {item: arrays[f"input/{item}"] for item in inputs}, [key])
        expected = arrays[f"output/{key}"]
        if about.get("compare") in ("shape", "draws"):
            assert (value.shape, value.dtype) == (expected.shape, expected.dtype), key
        else:
            assert_agrees(f"{name} {key}", value, expected)


def test_a_float_transform_of_a_length_not_a_power_of_two_is_as_exact_as_tensorflows() -> None:
    # onnxruntime's float DFT sums such a length term by term (up to 10 float epsilons of the largest value from
    # TensorFlow here); computed in double and rounded back, it is within about one. The fixture's transforms of
    # lengths 5, 12, 6 and 3 (a power of two stays float).
    about = MANIFEST["ops"]["signal"]
    arrays = np.load(DATA / "ops" / "signal.npz")
    data = tfcollections.to_onnx(DATA / "ops" / "signal.pb", outputs=about["outputs"], opset=17)
    got = dict(zip(about["outputs"], run(data, {key: arrays[f"input/{key}"] for key in about["inputs"]},
                                         about["outputs"])))  # fmt: skip
    for key in ("Real:0", "Imag:0", "Abs_1:0", "Real_1:0", "Real_2:0", "Imag_2:0"):
        expected = arrays[f"output/{key}"]
        gap = np.max(np.abs(got[key] - expected)) / (np.finfo(np.float32).eps * np.max(np.abs(expected)))
        assert gap <= 1.5, (key, gap)


def test_ragged_rows_are_found_in_memory_of_the_values_and_rows() -> None:
    # RaggedTensorToSparse and RaggedRange find each value's row from the splits as a running sum of steps scattered
    # where rows start, RaggedTensorToTensor from a grid of the rows by the longest (the dense tensor's size): random
    # splits with empty rows first, last and in runs, no rows, no values, and 10^5 values in 3 * 10^4 rows (a grid
    # of values by rows would hold 3 * 10^9 cells), each beside numpy's answer.
    from tfcollections._convert.values import scalar_tensor

    from .test_convert import _graph, _ints64, _shape

    graph = _graph(
        ("splits", "Placeholder", [], {"dtype": "DT_INT64", "shape": _shape(-1)}, None),
        ("values", "Placeholder", [], {"dtype": "DT_FLOAT", "shape": _shape(-1)}, None),
        ("sparse", "RaggedTensorToSparse", ["splits", "values"], {"RAGGED_RANK": 1, "T": "DT_FLOAT",
                                                                  "Tsplits": "DT_INT64"}, None),
        ("starts", "Placeholder", [], {"dtype": "DT_INT64", "shape": _shape(-1)}, None),
        ("limits", "Placeholder", [], {"dtype": "DT_INT64", "shape": _shape(-1)}, None),
        ("range", "RaggedRange", ["starts", "limits", "steps"], {"T": "DT_INT64", "Tsplits": "DT_INT64"}, None),
        ("steps", "Const", [], {"dtype": "DT_INT64"}, _ints64(1)),
        ("free", "Const", [], {"dtype": "DT_INT64"}, scalar_tensor(-1, "DT_INT64")),
        ("default", "Const", [], {"dtype": "DT_FLOAT"}, scalar_tensor(7.0, "DT_FLOAT")),
        ("dense", "RaggedTensorToTensor", ["free", "values", "default", "splits"], {
            "T": "DT_FLOAT", "Tindex": "DT_INT64", "Tshape": "DT_INT64", "num_row_partition_tensors": 1,
            "row_partition_types": [b"ROW_SPLITS"]}, None),
    )  # fmt: skip
    outputs = ["sparse:0", "sparse:1", "sparse:2", "range:0", "range:1", "dense:0"]
    data = tfcollections.to_onnx(graph, inputs=["splits", "values", "starts", "limits"], outputs=outputs)
    assert "GreaterOrEqual" not in {node.op_type for node in onnx.load_from_string(data).graph.node}
    session = ort.InferenceSession(data, providers=["CPUExecutionProvider"])
    rng = np.random.default_rng(52)
    cases = [np.array([0]), np.array([0, 0, 0]), np.array([0, 0, 2, 2, 3, 3])]
    cases += [np.concatenate([[0], np.cumsum(rng.choice(5, rng.integers(1, 40), p=[0.4, 0.3, 0.1, 0.1, 0.1]))])
              for _ in range(30)]  # fmt: skip
    cases.append(np.concatenate([[0], np.sort(rng.integers(0, 10**5, 3 * 10**4 - 1)), [10**5]]))
    for splits in cases:
        splits = splits.astype(np.int64)
        lengths = np.diff(splits)
        values = rng.standard_normal(int(splits[-1])).astype(np.float32)
        rows = np.repeat(np.arange(len(lengths)), lengths)
        columns = np.arange(int(splits[-1])) - splits[rows]
        starts = rng.integers(-3, 3, len(lengths)).astype(np.int64)
        feeds = {"splits:0": splits, "values:0": values, "starts:0": starts, "limits:0": starts + lengths}
        indices, flat, shape, range_splits, range_values, dense = session.run(outputs, feeds)
        assert indices.tolist() == np.stack([rows, columns], axis=1).reshape(-1, 2).tolist()
        assert np.array_equal(flat, values)
        assert shape.tolist() == [len(lengths), int(lengths.max(initial=0))]
        assert np.array_equal(range_splits, splits)
        assert np.array_equal(range_values, starts[rows] + columns)
        filled = np.full((len(lengths), int(lengths.max(initial=0))), 7.0, np.float32)
        filled[rows, columns] = values
        assert dense.shape == filled.shape and np.array_equal(dense, filled)


def test_a_resize_by_whole_factors_of_known_dims_takes_scales_and_others_take_sizes() -> None:
    # The op zoo's resize family (whose answers the family's test checks): a size that is a whole factor of a
    # known dim, or a power of two's fraction of it, is a constant scale (no shape arithmetic); a size of another
    # ratio or of an unknown dim is given as sizes, the batch and channels read from the value's shape.
    about = MANIFEST["ops"]["resize"]
    model = onnx.load_from_string(
        tfcollections.to_onnx(DATA / "ops" / "resize.pb", inputs=about["inputs"], outputs=about["outputs"])
    )
    forms = [len(node.input) for node in model.graph.node if node.op_type == "Resize"]
    assert sorted(set(forms)) == [3, 4]
    assert sum(node.op_type == "Shape" for node in model.graph.node) <= forms.count(4)


@pytest.mark.parametrize("mode", ["linear", "nearest"])
def test_a_resize_by_the_exact_scales_gives_what_its_sizes_give_bit_for_bit(mode: str) -> None:
    # onnxruntime given the scales `_exact_scales` takes in place of the sizes: the same output size and values in
    # every coordinate transform the conversion writes, upscaling, downscaling by powers of two, and 1 to many.
    from onnx import TensorProto, helper, numpy_helper

    from tfcollections._convert.images import _exact_scales

    rng = np.random.default_rng(17)
    compared = 0
    for transform, (h, w), (oh, ow) in itertools.product(
        ["half_pixel", "asymmetric", "align_corners"], [(1, 1), (3, 5), (8, 8), (16, 4)],
        [(1, 1), (2, 2), (4, 4), (6, 10), (32, 16), (3, 3), (21, 7)],
    ):  # fmt: skip
        scales = _exact_scales([h, w], [oh, ow])
        if scales is None:
            continue
        attrs: Dict[str, Any] = {"mode": mode, "coordinate_transformation_mode": transform}
        if mode == "nearest":
            attrs["nearest_mode"] = "floor" if transform == "asymmetric" else "round_prefer_ceil"
        data = rng.standard_normal((2, 3, h, w)).astype(np.float32)
        got = []
        for inputs, given in ((["x", "", "", "s"], np.array([2, 3, oh, ow], np.int64)),
                              (["x", "", "s"], np.array([1, 1, *scales], np.float32))):  # fmt: skip
            graph = helper.make_graph(
                [helper.make_node("Resize", inputs, ["y"], **attrs)], "g",
                [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3, h, w])],
                [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 3, oh, ow])],
                [numpy_helper.from_array(given, "s")],
            )  # fmt: skip
            made = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
            got.append(run(made.SerializeToString(), {"x": data}, ["y"])[0])
        assert got[0].shape == got[1].shape == (2, 3, oh, ow) and np.array_equal(got[0], got[1])
        compared += 1
    assert compared >= 30


@pytest.mark.parametrize("opset", [12, 17])
def test_sparse_fill_empty_rows_places_entries_in_memory_of_the_entries(opset: int) -> None:
    # SparseFillEmptyRows of entries in any order, rows repeated, empty rows first, last and in runs, no entries,
    # and 10^5 entries (a grid of entries by entries, which an entry's place in its row was, would hold 10^10
    # cells), beside the placing of TensorFlow's kernel: rows in order, a row's entries in the order given.
    from tfcollections._convert.values import scalar_tensor

    from .test_convert import _graph, _shape

    graph = _graph(
        ("indices", "Placeholder", [], {"dtype": "DT_INT64", "shape": _shape(-1, 2)}, None),
        ("values", "Placeholder", [], {"dtype": "DT_FLOAT", "shape": _shape(-1)}, None),
        ("shape", "Placeholder", [], {"dtype": "DT_INT64", "shape": _shape(2)}, None),
        ("default", "Const", [], {"dtype": "DT_FLOAT"}, scalar_tensor(-1.0, "DT_FLOAT")),
        ("fill", "SparseFillEmptyRows", ["indices", "values", "shape", "default"], {"T": "DT_FLOAT"}, None),
    )  # fmt: skip
    outputs = ["fill:0", "fill:1", "fill:2", "fill:3"]
    data = tfcollections.to_onnx(graph, inputs=["indices", "values", "shape"], outputs=outputs, opset=opset)
    session = ort.InferenceSession(data, providers=["CPUExecutionProvider"])
    rng = np.random.default_rng(opset)
    for entries, rows in [(0, 3), (1, 1), (7, 5), (40, 9), (300, 50), (10**5, 2000)]:
        row_of = rng.integers(1, rows - 1, entries) if rows > 2 else rng.integers(0, rows, entries)
        indices = np.stack([row_of, rng.integers(0, 4, entries)], axis=1).astype(np.int64)
        values = rng.standard_normal(entries).astype(np.float32)
        got = session.run(outputs, {"indices:0": indices.reshape(-1, 2), "values:0": values,
                                    "shape:0": np.array([rows, 4], np.int64)})  # fmt: skip
        counts = np.bincount(row_of, minlength=rows)
        blocks = np.maximum(counts, 1)
        starts = np.cumsum(blocks) - blocks
        within = np.zeros(entries, np.int64)
        order = np.argsort(row_of, kind="stable")
        sorted_rows = row_of[order]
        first = np.searchsorted(sorted_rows, sorted_rows, side="left")
        within[order] = np.arange(entries) - first
        moved = starts[row_of] + within if entries else np.zeros(0, np.int64)
        out_indices = np.zeros((blocks.sum(), 2), np.int64)
        out_values = np.full(blocks.sum(), -1.0, np.float32)
        out_indices[moved] = indices
        out_values[moved] = values
        out_indices[starts[counts == 0], 0] = np.nonzero(counts == 0)[0]
        assert np.array_equal(got[0], out_indices) and np.array_equal(got[1], out_values)
        assert np.array_equal(got[2], counts == 0) and np.array_equal(got[3], moved)


@pytest.mark.parametrize("opset", [13, 15, 17])
def test_a_scatter_that_sums_into_a_shape_fed_at_run_time_sums_duplicates(opset: int) -> None:
    # ScatterNd into a shape fed at run time and TensorScatterSub into a tensor of unknown dims: below opset 16 the
    # places and strides are computed from the shape, the updates summed over a mask; a duplicate index's updates
    # summed in either form, as numpy's add.at sums them.
    from .test_convert import _graph, _shape

    graph = _graph(
        ("indices", "Placeholder", [], {"dtype": "DT_INT32", "shape": _shape(-1, 2)}, None),
        ("updates", "Placeholder", [], {"dtype": "DT_FLOAT", "shape": _shape(-1, 3)}, None),
        ("shape", "Placeholder", [], {"dtype": "DT_INT32", "shape": _shape(3)}, None),
        ("tensor", "Placeholder", [], {"dtype": "DT_FLOAT", "shape": _shape(-1, -1, 3)}, None),
        ("into", "ScatterNd", ["indices", "updates", "shape"], {"T": "DT_FLOAT", "Tindices": "DT_INT32"}, None),
        ("less", "TensorScatterSub", ["tensor", "indices", "updates"], {"T": "DT_FLOAT", "Tindices": "DT_INT32"},
         None),
    )  # fmt: skip
    data = tfcollections.to_onnx(graph, outputs=["into", "less"], opset=opset)
    session = ort.InferenceSession(data, providers=["CPUExecutionProvider"])
    rng = np.random.default_rng(opset)
    for rows, columns, count in [(4, 5, 6), (2, 3, 9), (6, 1, 1)]:
        indices = np.stack([rng.integers(0, rows, count), rng.integers(0, columns, count)], axis=1).astype(np.int32)
        updates = rng.standard_normal((count, 3)).astype(np.float32)
        tensor = rng.standard_normal((rows, columns, 3)).astype(np.float32)
        into, less = session.run(["into:0", "less:0"], {"indices:0": indices, "updates:0": updates,
                                                         "shape:0": np.array([rows, columns, 3], np.int32),
                                                         "tensor:0": tensor})  # fmt: skip
        summed = np.zeros((rows, columns, 3), np.float32)
        np.add.at(summed, (indices[:, 0], indices[:, 1]), updates)
        assert np.allclose(into, summed, atol=1e-6) and np.allclose(less, tensor - summed, atol=1e-6)
