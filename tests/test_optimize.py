# SPDX-License-Identifier: Apache-2.0
"""The optimization pass after conversion (``_convert/optimize.py``) on hand-made ONNX graphs: each graph run on
onnxruntime as made and as optimized, the answers compared (bit for bit where only constants were folded), and
the nodes left counted.

Needs the optional group ``onnx`` (onnx, onnxruntime, numpy); without it these tests skip.
"""

from __future__ import annotations

import copy
from typing import Any, Dict, List, Optional

import pytest

from tfcollections._convert.folding import FOLDS
from tfcollections._convert.onnx import _IR_VERSIONS, _MODEL
from tfcollections._convert.optimize import optimize
from tfcollections._convert.values import attribute, onnx_tensor, tensor_of, value_info
from tfcollections._proto.encoder import encode_compiled

np = pytest.importorskip("numpy")
onnx = pytest.importorskip("onnx")
ort = pytest.importorskip("onnxruntime")

F32 = "DT_FLOAT"


def node(op: str, inputs: List[str], output: str, **attrs: Any) -> Dict[str, Any]:
    return {"input": inputs, "output": [output], "name": f"{output}_node", "op_type": op,
            "attribute": [attribute(key, value) for key, value in sorted(attrs.items())]}  # fmt: skip


def const(name: str, shape: List[int], values: List[Any], dtype: str = F32) -> Dict[str, Any]:
    return onnx_tensor(tensor_of(dtype, shape, values), name)


def graph(nodes: List[Dict[str, Any]], initializers: List[Dict[str, Any]], inputs: Dict[str, List[int]],
          outputs: Dict[str, Optional[List[int]]]) -> Dict[str, Any]:  # fmt: skip
    return {"name": "g", "node": nodes, "initializer": initializers,
            "input": [value_info(name, F32, shape, symbolic=False) for name, shape in inputs.items()],
            "output": [value_info(name, F32, shape, symbolic=False) for name, shape in outputs.items()]}  # fmt: skip


def model(made: Dict[str, Any]) -> bytes:
    proto = {"ir_version": _IR_VERSIONS[17], "opset_import": [{"domain": "", "version": 17}], "graph": made}
    data = encode_compiled(_MODEL, proto, "ModelProto")
    onnx.checker.check_model(onnx.load_from_string(data), full_check=True)
    return data


def run(data: bytes, feeds: Dict[str, Any]) -> List[Any]:
    return ort.InferenceSession(data, providers=["CPUExecutionProvider"]).run(None, feeds)


def both(made: Dict[str, Any], feeds: Dict[str, Any]) -> Any:
    """The graph's answers as made and as optimized, and the optimized graph's op types."""
    optimized = copy.deepcopy(made)
    optimize(optimized)
    return run(model(made), feeds), run(model(optimized), feeds), [item["op_type"] for item in optimized["node"]]


def test_constants_fold_to_the_runtimes_own_values() -> None:
    # A batch norm's scale and offset as Keras 3 computes them, reshaped for NCHW: every node but the last reads
    # constants alone. The folded values are what onnxruntime computes, bit for bit.
    rng = np.random.default_rng(1)
    variance, mean, gamma, beta = (rng.uniform(0.1, 2.0, 4).astype(np.float32).tolist() for _ in range(4))
    nodes = [
        node("Add", ["variance", "epsilon"], "shifted"), node("Sqrt", ["shifted"], "root"),
        node("Reciprocal", ["root"], "inverse"), node("Mul", ["inverse", "gamma"], "scale"),
        node("Mul", ["mean", "scale"], "moved"), node("Sub", ["beta", "moved"], "offset"),
        node("Reshape", ["scale", "shape"], "scale_nchw"), node("Unsqueeze", ["offset", "axes"], "offset_wide"),
        node("Squeeze", ["offset_wide", "axes"], "offset_back"),
        node("Reshape", ["offset_back", "shape"], "offset_nchw"),
        node("Transpose", ["grid"], "grid_t", perm=[1, 0]), node("Div", ["grid_t", "zeros"], "ratios"),
        node("Mul", ["x", "scale_nchw"], "y"), node("Add", ["y", "offset_nchw"], "z"),
        node("Add", ["ratios", "x_flat"], "r"),
    ]  # fmt: skip
    initializers = [
        const("variance", [4], variance), const("epsilon", [], [1e-3]), const("gamma", [4], gamma),
        const("mean", [4], mean), const("beta", [4], beta), const("shape", [3], [4, 1, 1], "DT_INT64"),
        const("axes", [1], [0], "DT_INT64"), const("grid", [2, 3], [1.0, -2.0, 0.0, 4.0, 5.0, -6.0]),
        const("zeros", [3, 1], [0.0, 0.0, 1.0]),
    ]  # fmt: skip
    made = graph(nodes, initializers, {"x": [1, 4, 2, 2], "x_flat": [3, 2]}, {"z": [1, 4, 2, 2], "r": [3, 2]})
    feeds = {"x": rng.standard_normal((1, 4, 2, 2)).astype(np.float32),
             "x_flat": rng.standard_normal((3, 2)).astype(np.float32)}  # fmt: skip
    before, after, ops = both(made, feeds)
    assert ops == ["Mul", "Add", "Add"]
    assert all(np.array_equal(a, b, equal_nan=True) for a, b in zip(before, after))  # 0/0, -6/0: NaN, -inf


def test_transposes_meet_and_cancel_around_elementwise_nodes() -> None:
    # NCHW -> NHWC, then a per-channel scale and offset (vectors along the last axis), a Clip and a residual Add of
    # the same layout change, then back to NCHW: every Transpose goes, the vectors laid out [1, C, 1, 1].
    rng = np.random.default_rng(2)
    to_nhwc, to_nchw = [0, 2, 3, 1], [0, 3, 1, 2]
    nodes = [
        node("Transpose", ["x"], "a", perm=to_nhwc), node("Mul", ["a", "scale"], "b"),
        node("Add", ["offset", "b"], "c"),
        node("Clip", ["c", "low", "high"], "d"), node("Transpose", ["x"], "e", perm=to_nhwc),
        node("Add", ["d", "e"], "f"), node("Relu", ["f"], "g"), node("Transpose", ["g"], "y", perm=to_nchw),
    ]  # fmt: skip
    initializers = [const("scale", [3], [0.5, 2.0, -1.0]), const("offset", [1, 1, 3], [0.1, 0.2, 0.3]),
                    const("low", [], [0.0]), const("high", [], [6.0])]  # fmt: skip
    made = graph(nodes, initializers, {"x": [2, 3, 4, 5]}, {"y": [2, 3, 4, 5]})
    before, after, ops = both(made, {"x": rng.standard_normal((2, 3, 4, 5)).astype(np.float32)})
    assert "Transpose" not in ops and ops.count("Identity") <= 1
    assert np.array_equal(before[0], after[0])


def test_a_transpose_moves_past_a_pad_and_stops_at_a_bound_computed_at_run_time() -> None:
    # NCHW -> NHWC, a Pad of the NHWC axes, a scale by a constant of one element of rank 4, back to NCHW: the
    # Transposes cancel, the Pad's amounts are moved to the NCHW axes. A Clip whose bound the graph computes keeps
    # the Transpose before it.
    rng = np.random.default_rng(7)
    nodes = [
        node("Transpose", ["x"], "a", perm=[0, 2, 3, 1]), node("Pad", ["a", "pads"], "b", mode="constant"),
        node("Mul", ["b", "two"], "c"), node("Transpose", ["c"], "y", perm=[0, 3, 1, 2]),
        node("ReduceMin", ["x"], "low", keepdims=0), node("Transpose", ["x"], "d", perm=[0, 2, 3, 1]),
        node("Clip", ["d", "low"], "z"),
    ]  # fmt: skip
    initializers = [const("pads", [8], [0, 1, 2, 0, 0, 0, 1, 0], "DT_INT64"), const("two", [1, 1, 1, 1], [2.0])]
    made = graph(nodes, initializers, {"x": [1, 2, 3, 4]}, {"y": [1, 2, 4, 7], "z": [1, 3, 4, 2]})
    before, after, ops = both(made, {"x": rng.standard_normal((1, 2, 3, 4)).astype(np.float32)})
    assert ops == ["Pad", "Mul", "ReduceMin", "Transpose", "Clip"]
    assert all(np.array_equal(a, b) for a, b in zip(before, after))


def test_a_convolution_takes_in_its_bias_scale_offset_and_zero_padding() -> None:
    # Pad (zeros, spatial axes) -> Conv -> Add bias [C, 1, 1] -> Mul scale [1, C, 1, 1] -> Add offset -> Relu:
    # one Conv (its pads, weights and bias folded), then the Relu.
    rng = np.random.default_rng(3)
    weights = rng.standard_normal((4, 3, 3, 3)).astype(np.float32)
    nodes = [
        node("Pad", ["x", "pads"], "padded", mode="constant"), node("Conv", ["padded", "w"], "c", pads=[0, 1, 0, 1]),
        node("Add", ["c", "bias"], "biased"), node("Mul", ["scale", "biased"], "scaled"),
        node("Add", ["scaled", "offset"], "shifted"), node("Relu", ["shifted"], "y"),
    ]  # fmt: skip
    initializers = [
        const("pads", [8], [0, 0, 1, 0, 0, 0, 1, 0], "DT_INT64"), const("w", [4, 3, 3, 3], weights.ravel().tolist()),
        const("bias", [4, 1, 1], [0.1, -0.2, 0.3, 0.0]), const("scale", [1, 4, 1, 1], [1.5, 0.5, -1.0, 2.0]),
        const("offset", [1, 4, 1, 1], [0.0, 1.0, -1.0, 0.5]),
    ]  # fmt: skip
    made = graph(nodes, initializers, {"x": [1, 3, 6, 6]}, {"y": [1, 4, 6, 6]})
    before, after, ops = both(made, {"x": rng.standard_normal((1, 3, 6, 6)).astype(np.float32)})
    assert ops == ["Conv", "Relu"]
    np.testing.assert_allclose(after[0], before[0], rtol=1e-5, atol=1e-6)


def test_what_would_change_an_answer_or_a_name_is_left_alone() -> None:
    # A graph output made of constants keeps its node; a Pad of ones is no convolution's padding; a Conv read
    # twice keeps its readers; a constant past the limit is left to the runtime (no row folds Cast or MatMul).
    nodes = [
        node("Add", ["one", "one"], "two"), node("Pad", ["x", "pads", "one"], "padded", mode="constant"),
        node("Conv", ["padded", "w"], "c"), node("Mul", ["c", "double"], "y"), node("Relu", ["c"], "z"),
    ]  # fmt: skip
    initializers = [const("one", [], [1.0]), const("pads", [8], [0, 0, 1, 1, 0, 0, 1, 1], "DT_INT64"),
                    const("w", [1, 1, 1, 1], [2.0]), const("double", [], [2.0])]  # fmt: skip
    made = graph(nodes, initializers, {"x": [1, 1, 2, 2]}, {"two": [], "y": [1, 1, 4, 4], "z": [1, 1, 4, 4]})
    before, after, ops = both(made, {"x": np.ones((1, 1, 2, 2), np.float32)})
    assert ops == ["Add", "Pad", "Conv", "Mul", "Relu"]
    assert all(np.array_equal(a, b) for a, b in zip(before, after))
    assert "Cast" not in FOLDS and "MatMul" not in FOLDS


def test_weights_scale_to_the_same_bytes_with_numpy_and_without() -> None:
    from tfcollections._convert.optimize import _scaled

    rng = np.random.default_rng(4)
    weights = rng.standard_normal((6, 50)).astype("<f4")
    weights[0, :4] = [1e-40, -0.0, 3.4e38, -1e-45]  # subnormals, a negative zero, near the largest float32
    scales = np.array([0.5, 3.0, -1.25, 1e-3, 7.0, 1e30], np.float32).tolist()
    with_numpy = _scaled(weights.tobytes(), scales)
    assert with_numpy == _scaled(weights.tobytes(), scales, use_numpy=False)
    assert with_numpy == (weights * np.asarray(scales, np.float32)[:, None]).astype("<f4").tobytes()


def test_neutral_arithmetic_and_reshapes_that_move_ones_go() -> None:
    # x * 1 (Keras 3's swish beta), x + 0, then a mean reshaped to [N, 1, 1, C] and transposed to [N, C, 1, 1] (a
    # squeeze-excite block between layouts): one Reshape is left of the three shape nodes.
    rng = np.random.default_rng(5)
    nodes = [
        node("Mul", ["one", "x"], "a"), node("Add", ["a", "zero"], "b"), node("ReduceMean", ["b"], "m", axes=[2, 3],
                                                                             keepdims=0),
        node("Reshape", ["m", "nhwc"], "r"), node("Transpose", ["r"], "t", perm=[0, 3, 1, 2]),
        node("Reshape", ["t", "flat"], "y"),
    ]  # fmt: skip
    initializers = [const("one", [], [1.0]), const("zero", [], [0.0]), const("nhwc", [4], [-1, 1, 1, 3], "DT_INT64"),
                    const("flat", [2], [-1, 3], "DT_INT64")]  # fmt: skip
    made = graph(nodes, initializers, {"x": [2, 3, 4, 4]}, {"y": [2, 3]})
    before, after, ops = both(made, {"x": rng.standard_normal((2, 3, 4, 4)).astype(np.float32)})
    assert ops == ["ReduceMean", "Reshape"]
    assert np.array_equal(before[0], after[0])


def test_a_transpose_of_dims_alike_is_no_reshape() -> None:
    # [N, 8, 8, 8] moved to NCHW: the dims' sizes are alike but the axes move, so the Transpose stays.
    rng = np.random.default_rng(6)
    nodes = [node("Reshape", ["x", "shape"], "r"), node("Transpose", ["r"], "y", perm=[0, 3, 1, 2])]
    made = graph(nodes, [const("shape", [4], [-1, 2, 2, 2], "DT_INT64")], {"x": [3, 8]}, {"y": [3, 2, 2, 2]})
    before, after, ops = both(made, {"x": rng.standard_normal((3, 8)).astype(np.float32)})
    assert ops == ["Reshape", "Transpose"] and np.array_equal(before[0], after[0])


def test_a_node_that_repeats_one_before_it_is_computed_once() -> None:
    # The same Shape and Cast of x twice (a shape computed per layer): once each; a random draw repeated stays two.
    nodes = [
        node("Shape", ["x"], "s1"), node("Cast", ["s1"], "c1", to=1), node("Shape", ["x"], "s2"),
        node("Cast", ["s2"], "c2", to=1), node("Add", ["c1", "c2"], "y"),
        node("RandomUniformLike", ["x"], "r1"), node("RandomUniformLike", ["x"], "r2"), node("Sub", ["r1", "r2"], "z"),
    ]  # fmt: skip
    made = graph(nodes, [], {"x": [2, 3]}, {"y": [2], "z": [2, 3]})
    optimized = copy.deepcopy(made)
    optimize(optimized)
    assert [item["op_type"] for item in optimized["node"]] == ["Shape", "Cast", "Add", "RandomUniformLike",
                                                               "RandomUniformLike", "Sub"]  # fmt: skip
    (got,) = run(model(optimized), {"x": np.zeros((2, 3), np.float32)})[:1]
    assert got.tolist() == [4.0, 6.0]


I32, I64 = "DT_INT32", "DT_INT64"
NAN, INF = float("nan"), float("inf")

# One node of each op the evaluator folds, on constants; where it folds, onnxruntime's answer for the same node is
# the evaluator's, bit for bit. None: the evaluator leaves the node to the runtime (a dtype it does not take, an
# input the runtime would refuse, an attribute it does not model).
FOLD_CASES: List[Any] = [
    ("Add", [(I32, [2], [2147483647, -5]), (I32, [], [1])], {}, "folds"),  # int32 wraps
    ("Sub", [(I64, [1, 2], [-(2**63), 3]), (I64, [2, 1], [1, 4])], {}, "folds"),  # broadcast [2, 2], wraps
    ("Mul", [(F32, [3], [1e30, -0.0, 3.0]), (F32, [3], [1e30, 5.0, 1 / 3])], {}, "folds"),  # inf, -0, rounded
    ("Div", [(F32, [4], [1.0, -1.0, 0.0, NAN]), (F32, [4], [0.0, 0.0, 0.0, 2.0])], {}, "folds"),
    ("Div", [(F32, [2], [1.0, -1.0]), (F32, [2], [-0.0, -0.0])], {}, "folds"),
    ("Div", [(I32, [1], [7]), (I32, [1], [2])], {}, None),  # integer division: to the runtime
    ("Add", [(F32, [1], [1.0]), ("DT_DOUBLE", [1], [1.0])], {}, None),  # dtypes apart
    ("Add", [(F32, [2], [1.0, 2.0]), (F32, [3], [1.0, 2.0, 3.0])], {}, None),  # shapes that do not broadcast
    ("Neg", [("DT_DOUBLE", [2], [1.5, -0.0])], {}, "folds"),
    ("Neg", [(I32, [1], [3])], {}, None),
    ("Sqrt", [(F32, [4], [4.0, -1.0, NAN, 2.0])], {}, "folds"),
    ("Reciprocal", [(F32, [3], [0.0, -0.0, 3.0])], {}, "folds"),
    ("Reshape", [(F32, [2, 3], [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]), (I64, [3], [0, -1, 1])], {}, "folds"),
    ("Reshape", [(F32, [2, 3], [1.0] * 6), (I64, [2], [4, -1])], {}, None),  # 6 is no multiple of 4
    ("Reshape", [(F32, [2, 3], [1.0] * 6), (I64, [2], [0, -1])], {"allowzero": 1}, None),
    ("Reshape", [(F32, [2, 3], [1.0] * 6), (I64, [2], [4, 2])], {}, None),  # 8 elements asked of 6
    ("Reshape", [(F32, [2, 3], [1.0] * 6), (F32, [1], [6.0])], {}, None),  # a shape that is no integer
    ("Squeeze", [(F32, [1, 2, 1], [1.0, 2.0])], {}, "folds"),  # every size-1 axis
    ("Squeeze", [(F32, [1, 2, 1], [1.0, 2.0]), (I64, [1], [-1])], {}, "folds"),
    ("Squeeze", [(F32, [1, 2], [1.0, 2.0]), (I64, [1], [1])], {}, None),  # an axis of size 2
    ("Squeeze", [(F32, [1, 2], [1.0, 2.0]), (F32, [1], [0.0])], {}, None),
    ("Unsqueeze", [(F32, [2], [1.0, 2.0]), (I64, [2], [0, -1])], {}, "folds"),
    ("Unsqueeze", [(F32, [2], [1.0, 2.0]), (I64, [2], [0, -3])], {}, None),  # the same place twice
    ("Unsqueeze", [(F32, [2], [1.0, 2.0]), (F32, [1], [0.0])], {}, None),
    ("Transpose", [(I32, [2, 3, 1], [1, 2, 3, 4, 5, 6])], {}, "folds"),  # no perm: the axes reversed
    ("Transpose", [(F32, [2, 3], [1.0] * 6)], {"perm": [0, 0]}, None),
    ("Identity", [(I64, [2], [5, -5])], {}, "folds"),
]


@pytest.mark.parametrize("case", FOLD_CASES, ids=[f"{case[0]}-{index}" for index, case in enumerate(FOLD_CASES)])
def test_the_evaluator_folds_as_onnxruntime_computes_or_leaves_the_node(case: Any) -> None:
    from tfcollections._convert.folding import Const

    op, given, attrs, expected = case
    protos = [const(f"in{index}", shape, values, dtype) for index, (dtype, shape, values) in enumerate(given)]
    consts = [Const.of(proto) for proto in protos]
    assert all(item is not None for item in consts)
    made = node(op, [proto["name"] for proto in protos], "y", **attrs)
    folded = FOLDS[op](consts, made)  # type: ignore[arg-type]
    if expected is None:
        assert folded is None
        return
    assert folded is not None
    answer = folded.proto("y")
    dtype = {F32: 1, "DT_DOUBLE": 11, I32: 6, I64: 7}[folded.dtype]
    output = {"name": "y", "type": {"tensor_type": {"elem_type": dtype}}}
    proto = {"ir_version": _IR_VERSIONS[17], "opset_import": [{"domain": "", "version": 17}],
             "graph": {"name": "g", "node": [made], "initializer": protos, "output": [output]}}  # fmt: skip
    (expected_value,) = run(encode_compiled(_MODEL, proto, "ModelProto"), {})
    got = np.frombuffer(answer["raw_data"], expected_value.dtype).reshape(folded.shape)
    assert got.shape == expected_value.shape
    # Bit for bit (a zero's sign, an infinity's) but a NaN's sign, which is the processor's own (x86 makes 0/0 -NaN).
    nan = np.isnan(got) if got.dtype.kind == "f" else np.zeros(got.shape, bool)
    assert np.array_equal(nan, np.isnan(expected_value) if got.dtype.kind == "f" else nan)
    assert got[~nan].tobytes() == expected_value[~nan].tobytes()


def test_a_constant_of_a_dtype_the_evaluator_does_not_take_is_left_as_it_is() -> None:
    from tfcollections._convert.folding import Const

    assert Const.of(const("flags", [2], [True, False], "DT_BOOL")) is None
    assert Const.of({"name": "v", "data_type": 1, "dims": [1], "float_data": [1.0]}) is None  # no raw_data


def test_a_loop_body_computes_a_repeated_node_once_and_keeps_its_outputs() -> None:
    # A body that tiles one outer value twice (a Keras RNN's mask, once per Where) and names an output through an
    # Identity: one Tile left, the body's outputs as they were, the answers the same.
    body = {
        "name": "body",
        "node": [
            node("Tile", ["mask", "reps"], "t1"), node("Tile", ["mask", "reps"], "t2"),
            node("Where", ["t1", "h", "zero"], "a"), node("Where", ["t2", "a", "h"], "b"),
            node("Add", ["b", "step"], "c"), node("Identity", ["c"], "h_next"), node("Identity", ["go"], "go_next"),
        ],
        "initializer": [],
        "input": [value_info("i", "DT_INT64", [], symbolic=False), value_info("go", "DT_BOOL", [], symbolic=False),
                  value_info("h", F32, [2, 3], symbolic=False)],
        "output": [value_info("go_next", "DT_BOOL", [], symbolic=False),
                   value_info("h_next", F32, [2, 3], symbolic=False)],
    }  # fmt: skip
    loop = {"input": ["trips", "", "x"], "output": ["y"], "name": "loop", "op_type": "Loop",
            "attribute": [attribute("body", body)]}  # fmt: skip
    initializers = [
        const("trips", [], [4], "DT_INT64"), const("reps", [2], [1, 3], "DT_INT64"),
        const("zero", [], [0.0]), const("step", [], [0.5]),
    ]  # fmt: skip
    made = graph([node("Not", ["flags"], "mask"), loop], initializers, {"x": [2, 3]}, {"y": [2, 3]})
    made["input"].append(value_info("flags", "DT_BOOL", [2, 1], symbolic=False))
    feeds = {"x": np.arange(6, dtype=np.float32).reshape(2, 3), "flags": np.array([[True], [False]])}
    before, after, _ = both(made, feeds)
    optimized = copy.deepcopy(made)
    optimize(optimized)
    inner = optimized["node"][-1]["attribute"][0]["g"]
    assert [item["op_type"] for item in inner["node"]] == ["Tile", "Where", "Where", "Add", "Identity"]
    assert [item["name"] for item in inner["output"]] == ["go_next", "h_next"]
    assert np.array_equal(before[0], after[0])


def test_a_squeeze_put_back_by_an_unsqueeze_of_its_axes_is_its_input() -> None:
    # A shape's element taken as a scalar and packed into a shape again: the pair goes. Another axis, or a
    # Squeeze read elsewhere too, is left as it is (the Squeeze stays for that reader).
    nodes = [
        node("Squeeze", ["x", "first"], "s"), node("Unsqueeze", ["s", "first"], "back"), node("Relu", ["back"], "y"),
        node("Squeeze", ["x", "first"], "t"), node("Unsqueeze", ["t", "last"], "moved"), node("Relu", ["moved"], "z"),
        node("Neg", ["t"], "w"),
    ]  # fmt: skip
    initializers = [const("first", [1], [0], "DT_INT64"), const("last", [1], [2], "DT_INT64")]
    made = graph(nodes, initializers, {"x": [1, 2, 3]}, {"y": [1, 2, 3], "z": [2, 3, 1], "w": [2, 3]})
    before, after, ops = both(made, {"x": np.arange(6, dtype=np.float32).reshape(1, 2, 3)})
    assert ops == ["Relu", "Squeeze", "Unsqueeze", "Relu", "Neg"]
    assert all(np.array_equal(a, b) for a, b in zip(before, after))


def test_a_squeeze_or_unsqueeze_takes_in_a_transpose_that_moves_only_its_size_1_axes() -> None:
    # A batch norm's statistics over NCHW [N, C, 1, 1] taken back to [N, 1, 1, C] and squeezed to [C] (N = 1, axes
    # given as they come and as negatives); a vector unsqueezed to [1, 1, 1, C] and laid out [1, C, 1, 1]: one
    # Squeeze and one Unsqueeze each. A permutation that moves a kept axis past another (a real transpose) stays,
    # as does a Transpose read elsewhere too.
    rng = np.random.default_rng(9)
    nodes = [
        node("Transpose", ["x"], "t", perm=[0, 2, 3, 1]), node("Squeeze", ["t", "unit3"], "s"),
        node("Transpose", ["x"], "t2", perm=[0, 2, 3, 1]), node("Squeeze", ["t2", "negative"], "s2"),
        node("Unsqueeze", ["v", "unit3"], "u"), node("Transpose", ["u"], "y", perm=[0, 3, 1, 2]),
        node("Transpose", ["w"], "wt", perm=[0, 2, 1, 3]), node("Squeeze", ["wt", "first"], "z"),
        node("Transpose", ["x"], "kept", perm=[0, 2, 3, 1]), node("Squeeze", ["kept", "unit3"], "k"),
        node("Neg", ["kept"], "n"),
    ]  # fmt: skip
    initializers = [const("unit3", [3], [0, 1, 2], "DT_INT64"), const("first", [1], [0], "DT_INT64"),
                    const("negative", [3], [-2, -4, -3], "DT_INT64")]  # fmt: skip
    made = graph(nodes, initializers, {"x": [1, 5, 1, 1], "v": [5], "w": [1, 3, 4, 2]},
                 {"s": [5], "s2": [5], "y": [1, 5, 1, 1], "z": [4, 3, 2], "k": [5], "n": [1, 1, 1, 5]})  # fmt: skip
    feeds = {"x": rng.standard_normal((1, 5, 1, 1)).astype(np.float32), "v": rng.standard_normal(5).astype(np.float32),
             "w": rng.standard_normal((1, 3, 4, 2)).astype(np.float32)}  # fmt: skip
    before, after, ops = both(made, feeds)
    assert ops == ["Squeeze", "Squeeze", "Unsqueeze", "Transpose", "Squeeze", "Transpose", "Squeeze", "Neg"]
    assert all(np.array_equal(a, b) for a, b in zip(before, after))


def test_a_reshape_to_its_own_leading_dims_copies_them() -> None:
    # reshape(x, (shape(x)[0], -1, 2)) and reshape(x, concat(shape(x)[:2] by Gather, [3])): constant targets of
    # 0s, no shape arithmetic left. A target taking another tensor's dim keeps its arithmetic.
    nodes = [
        node("Shape", ["x"], "s"), node("Cast", ["s"], "s32", to=6),
        node("Slice", ["s32", "zero", "one"], "batch"), node("Concat", ["batch", "rest"], "t1", axis=0),
        node("Cast", ["t1"], "t1_64", to=7), node("Reshape", ["x", "t1_64"], "y"),
        node("Gather", ["s", "lead"], "lead_dims", axis=0), node("Concat", ["lead_dims", "three"], "t2", axis=0),
        node("Reshape", ["x", "t2"], "z"),
        node("Shape", ["w"], "ws"), node("Slice", ["ws", "zero64", "one64"], "other"),
        node("Concat", ["other", "minus"], "t3", axis=0), node("Reshape", ["x", "t3"], "v"),
    ]  # fmt: skip
    initializers = [
        const("zero", [1], [0], "DT_INT64"), const("one", [1], [1], "DT_INT64"),
        const("rest", [2], [-1, 2], "DT_INT32"), const("lead", [2], [0, 1], "DT_INT64"),
        const("three", [1], [3], "DT_INT64"), const("zero64", [1], [0], "DT_INT64"),
        const("one64", [1], [1], "DT_INT64"), const("minus", [1], [-1], "DT_INT64"),
    ]  # fmt: skip
    made = graph(nodes, initializers, {"x": [2, 4, 3], "w": [2, 5]}, {"y": [2, 6, 2], "z": [2, 4, 3], "v": [2, 12]})
    feeds = {"x": np.arange(24, dtype=np.float32).reshape(2, 4, 3), "w": np.zeros((2, 5), np.float32)}
    before, after, ops = both(made, feeds)
    assert ops == ["Reshape", "Reshape", "Shape", "Slice", "Concat", "Reshape"]
    assert all(np.array_equal(a, b) for a, b in zip(before, after))


def test_a_dense_layer_of_a_flattened_value_is_one_matmul_where_the_rank_is_known() -> None:
    # tf.tensordot as Keras 3's Dense writes it for x [B, S, C]: x reshaped to [-1, C], a MatMul by [C, N], the
    # product reshaped to Shape(x)[:2] + [N]. Knowing x's rank, that is MatMul(x, W); not knowing it, it stays.
    rng = np.random.default_rng(8)
    nodes = [
        node("Reshape", ["x", "flat"], "r"), node("MatMul", ["r", "w"], "m"), node("Shape", ["x"], "s"),
        node("Gather", ["s", "lead"], "g", axis=0), node("Concat", ["g", "units"], "t", axis=0),
        node("Reshape", ["m", "t"], "y"),
    ]  # fmt: skip
    initializers = [const("flat", [2], [-1, 3], "DT_INT64"), const("w", [3, 5], rng.standard_normal(15).tolist()),
                    const("lead", [2], [0, 1], "DT_INT64"), const("units", [1], [5], "DT_INT64")]  # fmt: skip
    made = graph(nodes, initializers, {"x": [2, 4, 3]}, {"y": [2, 4, 5]})
    feeds = {"x": rng.standard_normal((2, 4, 3)).astype(np.float32)}
    for ranks, expected in (
        ({"x": 3}, ["MatMul"]),
        (None, ["Reshape", "MatMul", "Shape", "Gather", "Concat", "Reshape"]),
    ):
        optimized = copy.deepcopy(made)
        optimize(optimized, ranks)
        assert [item["op_type"] for item in optimized["node"]] == expected
        np.testing.assert_allclose(run(model(optimized), feeds)[0], run(model(made), feeds)[0], rtol=1e-6)


def test_a_loop_bodys_weights_become_its_own() -> None:
    # A body reading two weights and a scalar from outside: what nothing else reads moves into the body; the
    # weight the graph also reads before the loop (tf_keras computes an RNN's first step so) is carried through the
    # Loop, not copied. Same answers.
    rng = np.random.default_rng(10)
    body = {
        "name": "body",
        "node": [node("MatMul", ["h", "own"], "a"), node("MatMul", ["a", "shared"], "b"),
                 node("Mul", ["b", "half"], "c"), node("Identity", ["go"], "go_next")],
        "input": [value_info("i", "DT_INT64", [], symbolic=False), value_info("go", "DT_BOOL", [], symbolic=False),
                  value_info("h", F32, [2, 8], symbolic=False)],
        "output": [value_info("go_next", "DT_BOOL", [], symbolic=False), value_info("c", F32, [2, 8], symbolic=False)],
    }  # fmt: skip
    loop = {"input": ["trips", "", "h0"], "output": ["y"], "name": "loop", "op_type": "Loop",
            "attribute": [attribute("body", body)]}  # fmt: skip
    initializers = [const("trips", [], [3], "DT_INT64"), const("half", [], [0.5]),
                    const("own", [8, 8], rng.standard_normal(64).tolist()),
                    const("shared", [8, 8], rng.standard_normal(64).tolist())]  # fmt: skip
    made = graph([node("MatMul", ["x", "shared"], "h0"), loop], initializers, {"x": [2, 8]}, {"y": [2, 8]})
    feeds = {"x": rng.standard_normal((2, 8)).astype(np.float32)}
    before, after, _ = both(made, feeds)
    optimized = copy.deepcopy(made)
    optimize(optimized)
    loop_node = optimized["node"][-1]
    inner = loop_node["attribute"][0]["g"]
    assert sorted(item["name"] for item in inner["initializer"]) == ["half", "own"]
    assert loop_node["input"][-1] == "shared" and len(loop_node["output"]) == 2
    assert sorted(item["name"] for item in optimized["initializer"]) == ["shared", "trips"]
    np.testing.assert_array_equal(before[0], after[0])


TENSORDOT_BROKEN = {
    "a flatten to another shape": {"flat": [8, 3]},
    "a value of unknown rank": {"rank": None},
    "a dim picked out of place": {"pick": [1, 0]},
    "a slice of step 2": {"lead": "slice", "steps": [2]},
    "another width after": {"units": [6]},
    "the dims of another value": {"other": True},
}


@pytest.mark.parametrize("case", sorted(TENSORDOT_BROKEN))
def test_a_flatten_and_unflatten_that_is_not_tensordots_stays(case: str) -> None:
    # Each variant breaks one condition of the rewrite to one MatMul; the graph is left as made.
    given = TENSORDOT_BROKEN[case]
    x_shape, w_shape = [2, 4, 3], [3, 5]
    rng = np.random.default_rng(11)
    source = "other" if given.get("other") else "x"
    if given.get("lead") == "slice":
        picked = node("Slice", ["s", "zero", "two", "axis0", "step"], "g")
    else:
        picked = node("Gather", ["s", "lead"], "g", axis=0)
    nodes = [
        node("Reshape", ["x", "flat"], "r"), node("MatMul", ["r", "w"], "m"), node("Shape", [source], "s"), picked,
        node("Concat", ["g", "units"], "t", axis=0), node("Reshape", ["m", "t"], "y"),
    ]  # fmt: skip
    initializers = [
        const("flat", [2], given.get("flat", [-1, 3]), "DT_INT64"),
        const("w", w_shape, rng.standard_normal(int(np.prod(w_shape))).tolist()),
        const("lead", [2], given.get("pick", [0, 1]), "DT_INT64"),
        const("units", [1], given.get("units", [5]), "DT_INT64"),
        const("zero", [1], [0], "DT_INT64"), const("two", [1], [2], "DT_INT64"),
        const("axis0", [1], [0], "DT_INT64"), const("step", [1], given.get("steps", [1]), "DT_INT64"),
    ]  # fmt: skip
    made = graph(nodes, initializers, {"x": x_shape, "other": [2, 4, 3]}, {"y": None})
    optimized = copy.deepcopy(made)
    optimize(optimized, {"x": given.get("rank", 3), "other": 3} if given.get("rank", 3) else {})
    assert [item["op_type"] for item in optimized["node"]] == [item["op_type"] for item in made["node"]]
