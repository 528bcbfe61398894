# SPDX-License-Identifier: Apache-2.0
"""Control flow and function calls on hand-built graphs: what the TensorFlow-made fixtures (tests/test_tf2*.py) do
not show, each a graph that is wrong in one way, or a form TensorFlow writes less often (a call by the function's
name, a condition that is a number, a function with no result, a TensorList's length).

The graphs are frozen GraphDefs with a function library, written by the library's encoder; no TensorFlow. The ones
run on onnxruntime need the optional group ``onnx`` (they skip without it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Dict, List, Optional

import pytest

import tfcollections
from tfcollections import DecodeError
from tfcollections._graph.graphdef import _delimited

F32 = "DT_FLOAT"


def attr(value: Any) -> Dict[str, Any]:
    """An AttrValue: a dtype, an int, a function (``("func", name)``), a list of dtypes or of shapes."""
    if isinstance(value, tuple) and value[0] == "func":
        return {"func": {"name": value[1]}}
    if isinstance(value, str):
        return {"type": value}
    if isinstance(value, int):
        return {"i": value}
    if value and isinstance(value[0], str):
        return {"list": {"type": list(value)}}
    return {"list": {"shape": [{"dim": [{"size": dim} for dim in shape]} for shape in value]}}


def node(name: str, op: str, inputs: List[str] = (), **attrs: Any) -> Dict[str, Any]:  # type: ignore[assignment]
    return {"name": name, "op": op, "input": list(inputs), "attr": {key: attr(value) for key, value in attrs.items()}}


def arg(name: str, dtype: str = F32) -> Dict[str, Any]:
    return {"name": name, "type": dtype}


def function(name: str, inputs: List[Dict[str, Any]], outputs: List[Dict[str, Any]], nodes: List[Dict[str, Any]],
             ret: Dict[str, str], control_ret: Optional[Dict[str, str]] = None) -> Dict[str, Any]:  # fmt: skip
    return {"signature": {"name": name, "input_arg": inputs, "output_arg": outputs}, "node_def": nodes, "ret": ret,
            "control_ret": control_ret or {}}  # fmt: skip


def write(path: Path, nodes: List[Dict[str, Any]], functions: List[Dict[str, Any]]) -> Path:
    """A frozen GraphDef of *nodes* with *functions* as its library."""
    body = b"".join(_delimited(1, tfcollections.encode_message("NodeDef", item)) for item in nodes)
    body += _delimited(2, tfcollections.encode_message("FunctionDefLibrary", {"function": functions}))
    body += _delimited(4, tfcollections.encode_message("VersionDef", {"producer": 1700}))
    path.write_bytes(body)
    return path


def placeholder(name: str, dtype: str = F32, shape: List[int] = (2, 3)) -> Dict[str, Any]:  # type: ignore[assignment]
    return {"name": name, "op": "Placeholder", "input": [], "attr": {"dtype": {"type": dtype},
            "shape": {"shape": {"dim": [{"size": dim} for dim in shape]}}}}  # fmt: skip


def double(name: str = "double") -> Dict[str, Any]:
    """x -> x + x."""
    return function(name, [arg("x")], [arg("y")], [node("sum", "AddV2", ["x", "x"], T=F32)], {"y": "sum:z:0"})


# ---------------------------------------------------------------- calls


def test_a_call_by_the_functions_name_and_its_control_inputs(tmp_path: Path) -> None:
    # A node whose op is a library function's name is a call too; the call's control inputs are given to the body's
    # nodes that wait on nothing, and a body's control input naming an argument waits on what the call was given.
    nodes = [placeholder("x"), node("gate", "NoOp"),
             node("call", "twice", ["x", "^gate"]), node("out", "Identity", ["call:0"], T=F32)]  # fmt: skip
    twice = function("twice", [arg("x")], [arg("y")], [
        node("one", "Const", [], dtype=F32),
        node("sum", "AddV2", ["x", "x", "^x"], T=F32),
        node("done", "Identity", ["sum:z:0", "^one"], T=F32),
    ], {"y": "done:output:0"}, {"last": "done"})  # fmt: skip
    frozen = tfcollections.freeze(write(tmp_path / "g.pb", nodes, [twice]), outputs=["out"])
    graph = {item["name"]: item for item in tfcollections.decode_message("GraphDef", frozen)["node"]}
    assert graph["call/one"]["input"] == ["^gate"]  # waits on nothing in the body: waits on the call's controls
    assert graph["call/sum"]["input"] == ["x", "x", "^x"]  # an argument as a control input: what was given for it
    assert graph["call"]["op"] == "IdentityN" and graph["call"]["input"] == ["call/done", "^call/done"]


def test_a_function_without_results_is_a_noop_and_a_list_argument_or_type_attr_is_refused(tmp_path: Path) -> None:
    effect = function("effect", [arg("x")], [], [node("seen", "Identity", ["x"], T=F32)], {}, {"seen": "seen"})
    nodes = [placeholder("x"), node("call", "effect", ["x"]), node("out", "Identity", ["x", "^call"], T=F32)]
    frozen = tfcollections.freeze(write(tmp_path / "g.pb", nodes, [effect]), outputs=["out"])
    graph = {item["name"]: item for item in tfcollections.decode_message("GraphDef", frozen)["node"]}
    assert graph["call"]["op"] == "NoOp" and graph["call"]["input"] == ["^call/seen"]
    listed = function("listed", [{"name": "xs", "type_attr": "T", "number_attr": "N"}], [arg("y")], [], {"y": "xs"})
    nodes = [placeholder("x"), node("call", "listed", ["x"]), node("out", "Identity", ["call:0"], T=F32)]
    with pytest.raises(DecodeError, match="argument 'xs' is a list of tensors, which is not inlined"):
        tfcollections.freeze(write(tmp_path / "l.pb", nodes, [listed]), outputs=["out"])
    typed = function("typed", [arg("x")], [{"name": "y", "type_attr": "T"}],
                     [node("i", "Identity", ["x"], T=F32)], {"y": "i:output:0"})  # fmt: skip
    nodes = [placeholder("x"), node("call", "typed", ["x"]), node("out", "Identity", ["call:0"], T=F32)]
    with pytest.raises(DecodeError, match="results take their types from its attrs"):
        tfcollections.freeze(write(tmp_path / "t.pb", nodes, [typed]), outputs=["out"])


@pytest.mark.parametrize(
    ("body", "ret", "why"),
    [
        ([node("n", "Identity", ["x", "^ghost"], T=F32)], {"y": "n:output:0"}, "a control input '\\^ghost' names no"),
        ([node("n", "Identity", ["x"], T=F32)], {}, "the function returns nothing for its result 'y'"),
        ([node("n", "Identity", ["x"], T=F32)], {"y": "n:output:9"}, r"has no output output:9"),
    ],
)
def test_a_body_that_does_not_add_up_is_refused(tmp_path: Path, body: Any, ret: Any, why: str) -> None:
    nodes = [placeholder("x"), node("call", "f", ["x"]), node("out", "Identity", ["call:0"], T=F32)]
    with pytest.raises(DecodeError, match=why):
        tfcollections.freeze(write(tmp_path / "g.pb", nodes, [function("f", [arg("x")], [arg("y")], body, ret)]),
                             outputs=["out"])  # fmt: skip


# ---------------------------------------------------------------- loops and branches


def loop(cond: str, body: str, inputs: List[str], types: List[str], shapes: List[List[int]]) -> Dict[str, Any]:
    return node("loop", "While", inputs, T=types, cond=("func", cond), body=("func", body), output_shapes=shapes)


def less_than(name: str, limit: str) -> Dict[str, Any]:
    """(i, x, limit) -> i < limit."""
    return function(name, [arg("i", "DT_INT32"), arg("x"), arg("limit", "DT_INT32")], [arg("c", "DT_BOOL")],
                    [node("c", "Less", ["i", limit], T="DT_INT32")], {"c": "c:z:0"})  # fmt: skip


def counting(name: str, result_type: str = "DT_INT32", results: int = 3) -> Dict[str, Any]:
    """(i, x, limit) -> (i + 1, x + x, limit)."""
    outputs = [arg("i", result_type), arg("y"), arg("limit", "DT_INT32")][:results]
    ret = {"i": "next:z:0" if result_type == "DT_INT32" else "wide:y:0", "y": "sum:z:0", "limit": "limit"}
    return function(name, [arg("i", "DT_INT32"), arg("x"), arg("limit", "DT_INT32")], outputs, [
        node("next", "AddV2", ["i", "i"], T="DT_INT32"),
        node("wide", "Cast", ["next:z:0"], SrcT="DT_INT32", DstT="DT_INT64"),
        node("sum", "AddV2", ["x", "x"], T=F32),
    ], {key: ret[key] for key in (item["name"] for item in outputs)})  # fmt: skip


def loop_graph(tmp_path: Path, body: Dict[str, Any], cond: Optional[Dict[str, Any]] = None) -> Path:
    nodes = [placeholder("x"), placeholder("start", "DT_INT32", []), placeholder("limit", "DT_INT32", []),
             loop("cond", body["signature"]["name"], ["start", "x", "limit"], ["DT_INT32", F32, "DT_INT32"],
                  [[], [2, 3], []]),
             node("out", "Identity", ["loop:1"], T=F32)]  # fmt: skip
    return write(tmp_path / "loop.pb", nodes, [cond or less_than("cond", "limit"), body])


@pytest.mark.parametrize(
    ("body", "why"),
    [
        (counting("body", results=2), r"its body 'body' gives 2 result\(s\) for 3 loop variable\(s\)"),
        (counting("body", "DT_INT64"), "its body 'body' makes loop variable 0 DT_INT64, from DT_INT32"),
    ],
)
def test_a_loop_whose_body_disagrees_with_its_variables_is_refused(tmp_path: Path, body: Any, why: str) -> None:
    with pytest.raises(DecodeError, match=f"node 'loop' \\(While\\): {why}"):
        tfcollections.to_onnx(loop_graph(tmp_path, body), outputs=["out"])


def test_a_loop_without_its_functions_or_a_condition_that_is_no_scalar_is_refused(tmp_path: Path) -> None:
    nodes = [placeholder("x"), placeholder("start", "DT_INT32", []), placeholder("limit", "DT_INT32", []),
             node("loop", "While", ["start", "x", "limit"], T=["DT_INT32", F32, "DT_INT32"], body=("func", "body")),
             node("out", "Identity", ["loop:1"], T=F32)]  # fmt: skip
    with pytest.raises(DecodeError, match="node 'loop' \\(While\\): it names no function in attr 'cond'"):
        tfcollections.to_onnx(write(tmp_path / "a.pb", nodes, [counting("body")]), outputs=["out"])
    vector = function("cond", [arg("i", "DT_INT32"), arg("x"), arg("limit", "DT_INT32")], [arg("c", "DT_BOOL")],
                      [node("c", "Less", ["x", "x"], T=F32)], {"c": "c:z:0"})  # fmt: skip
    with pytest.raises(DecodeError, match=r"its condition '[^']*' is not a scalar \(rank 2\)"):
        tfcollections.to_onnx(loop_graph(tmp_path, counting("body"), vector), outputs=["out"])
    missing = [placeholder("x"), node("loop", "While", ["x"], T=[F32], cond=("func", "c"), body=("func", "b")),
               node("out", "Identity", ["loop:0"], T=F32)]  # fmt: skip
    with pytest.raises(DecodeError, match="it runs function 'c', which the graph's library does not have"):
        tfcollections.to_onnx(write(tmp_path / "m.pb", missing, [double("b")]), outputs=["out"])


def with_constants(nodes: List[Dict[str, Any]], function: Dict[str, Any], constants: Dict[str, List[int]],
                   path: Path) -> Path:  # fmt: skip
    """A frozen GraphDef of *nodes* and *function* (with ``less_than``'s cond), the body holding an int32 Const of
    each of *constants* (name -> elements; one element a scalar), written as TensorFlow writes one (the encoder does
    not write TensorProtos)."""
    from tfcollections._convert.values import tensor_of
    from tfcollections._graph.graphdef import tensor_proto

    body = tfcollections.encode_message("FunctionDef", function)
    for name, values in constants.items():
        tensor = tensor_of("DT_INT32", () if len(values) == 1 else (len(values),), values)
        const = tfcollections.encode_message("NodeDef", node(name, "Const", dtype="DT_INT32"))
        const += _delimited(5, _delimited(1, b"value") + _delimited(2, _delimited(8, tensor_proto(tensor))))
        body += _delimited(3, const)
    library = _delimited(1, tfcollections.encode_message("FunctionDef", less_than("cond", "limit"))) + \
        _delimited(1, body)  # fmt: skip
    graph = b"".join(_delimited(1, tfcollections.encode_message("NodeDef", item)) for item in nodes)
    graph += _delimited(2, library) + _delimited(4, tfcollections.encode_message("VersionDef", {"producer": 1700}))
    path.write_bytes(graph)
    return path


def reshaping_loop(tmp_path: Path, step: List[Dict[str, Any]], result: str, shape: List[int],
                   constants: Dict[str, List[int]]) -> Path:  # fmt: skip
    """A While over (i, x, limit) whose body makes *result* of x by *step* and adds 1 to i; x given of *shape*, and
    recorded by TensorFlow of no rank, as Keras 3 writes its loops."""
    body = function("body", [arg("i", "DT_INT32"), arg("x"), arg("limit", "DT_INT32")],
                    [arg("i", "DT_INT32"), arg("y"), arg("limit", "DT_INT32")],
                    [*step, node("next", "AddV2", ["i", "one:output:0"], T="DT_INT32")],
                    {"i": "next:z:0", "y": result, "limit": "limit"})  # fmt: skip
    loop_node = node("loop", "While", ["start", "x", "limit"], T=["DT_INT32", F32, "DT_INT32"],
                     cond=("func", "cond"), body=("func", "body"))  # fmt: skip
    loop_node["attr"]["output_shapes"] = {"list": {"shape": [{}, {"unknown_rank": True}, {}]}}
    nodes = [placeholder("x", F32, shape), placeholder("start", "DT_INT32", []), placeholder("limit", "DT_INT32", []),
             loop_node, node("out", "Identity", ["loop:1"], T=F32)]  # fmt: skip
    return with_constants(nodes, body, {"one": [1], **constants}, tmp_path / "reshaping.pb")


def test_a_loop_variable_takes_the_shape_that_holds_at_every_step(tmp_path: Path) -> None:
    # x doubles in length each step: the body is converted on x of [2] (the input's: TensorFlow recorded no rank),
    # finds [4], and is converted again on [?], which holds. The result's rank is known; the model runs.
    np = pytest.importorskip("numpy")
    onnx = pytest.importorskip("onnx")
    ort = pytest.importorskip("onnxruntime")
    step = [node("y", "ConcatV2", ["x", "x", "axis:output:0"], T=F32, N=2, Tidx="DT_INT32")]
    path = reshaping_loop(tmp_path, step, "y:output:0", [2], {"axis": [0]})
    model = onnx.load_from_string(tfcollections.to_onnx(path, outputs=["out"]))
    onnx.checker.check_model(model, full_check=True)
    (output,) = model.graph.output
    assert [dim.dim_value or None for dim in output.type.tensor_type.shape.dim] == [None]
    session = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    x = np.array([1.0, 2.0], np.float32)
    (got,) = session.run(None, {"x:0": x, "start:0": np.array(0, np.int32), "limit:0": np.array(3, np.int32)})
    assert np.array_equal(got, np.tile(x, 8))


def test_a_loop_whose_shapes_do_not_settle_within_its_bound_is_refused_naming_the_variable(tmp_path: Path) -> None:
    # x of rank 9 turned one place each step: each pass opens one more dim, and the eighth pass (the bound: twice
    # the variables' count and 2) still opens one.
    step = [node("y", "Transpose", ["x", "perm:output:0"], T=F32, Tperm="DT_INT32")]
    path = reshaping_loop(tmp_path, step, "y:y:0", [1, 2, 2, 2, 2, 2, 2, 2, 2], {"perm": [8, 0, 1, 2, 3, 4, 5, 6, 7]})
    expected = r"its body's shapes do not settle: loop variable 1 \('x:0'\) goes from \[(\?, ){8}2\] to \[\?(, \?){8}\]"
    with pytest.raises(DecodeError, match=rf"node 'loop' \(While\): {expected} after 8 passes"):
        tfcollections.to_onnx(path, outputs=["out"])
    # On the command line: one line naming the loop and the variable, exit 1, nothing written.
    from .test_cli import _run

    out = tmp_path / "loop.onnx"
    result = _run(["export", str(path), str(out), "--outputs", "out"])
    lines = result.stderr.decode().splitlines()
    assert result.returncode == 1 and not out.exists() and len(lines) == 1 and "do not settle" in lines[0], lines


def branches(tmp_path: Path, condition: Dict[str, Any], other: Dict[str, Any]) -> Path:
    nodes = [placeholder("x"), condition,
             node("choice", "If", ["flag", "x"], Tin=[F32], Tout=[F32], then_branch=("func", "double"),
                  else_branch=("func", other["signature"]["name"]), output_shapes=[[2, 3]]),
             node("out", "Identity", ["choice:0"], T=F32)]  # fmt: skip
    return write(tmp_path / "if.pb", nodes, [double(), other])


def test_branches_of_different_types_are_refused(tmp_path: Path) -> None:
    whole = function("whole", [arg("x")], [arg("y", "DT_INT32")],
                     [node("y", "Cast", ["x"], SrcT=F32, DstT="DT_INT32")], {"y": "y:y:0"})  # fmt: skip
    with pytest.raises(DecodeError, match="its branches give results of different types"):
        tfcollections.to_onnx(branches(tmp_path, placeholder("flag", "DT_BOOL", []), whole), outputs=["out"])


def test_tensorlist_ops_on_what_is_no_list_or_of_no_onnx_type_are_refused(tmp_path: Path) -> None:
    nodes = [placeholder("x"), placeholder("i", "DT_INT32", []), placeholder("shape", "DT_INT32", [1]),
             node("item", "TensorListGetItem", ["x", "i", "shape"], element_dtype=F32),
             node("out", "Identity", ["item"], T=F32)]  # fmt: skip
    with pytest.raises(DecodeError, match="its list 'x:0' is no TensorList the conversion made"):
        tfcollections.to_onnx(write(tmp_path / "a.pb", nodes, []), outputs=["out"])
    nodes = [placeholder("shape", "DT_INT32", [1]), placeholder("n", "DT_INT32", []),
             node("list", "TensorListReserve", ["shape", "n"], element_dtype="DT_VARIANT", shape_type="DT_INT32"),
             node("length", "TensorListLength", ["list"]),
             node("out", "Identity", ["length"], T="DT_INT32")]  # fmt: skip
    with pytest.raises(
        DecodeError, match="its element_dtype is DT_VARIANT, and no ragged op encodes or decodes what it holds"
    ):
        tfcollections.to_onnx(write(tmp_path / "b.pb", nodes, []), outputs=["out"])


# ---------------------------------------------------------------- run on onnxruntime


def test_a_numeric_condition_and_a_lists_length_run_as_tensorflow_runs_them(tmp_path: Path) -> None:
    np = pytest.importorskip("numpy")
    ort = pytest.importorskip("onnxruntime")
    halve = function("halve", [arg("x")], [arg("y")], [node("y", "Sub", ["x", "x"], T=F32)], {"y": "y:z:0"})
    path = branches(tmp_path, placeholder("flag", "DT_INT32", []), halve)
    session = ort.InferenceSession(tfcollections.to_onnx(path, outputs=["out"]), providers=["CPUExecutionProvider"])
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    for flag, expected in ((3, x + x), (0, x - x), (-1, x + x)):  # a number not zero is true
        (got,) = session.run(None, {"x:0": x, "flag:0": np.array(flag, np.int32)})
        assert np.array_equal(got, expected)
    nodes = [placeholder("x"), placeholder("shape", "DT_INT32", [1]),
             node("list", "TensorListFromTensor", ["x", "shape"], element_dtype=F32, shape_type="DT_INT32"),
             node("length", "TensorListLength", ["list"]),
             node("out", "Identity", ["length"], T="DT_INT32")]  # fmt: skip
    model = tfcollections.to_onnx(write(tmp_path / "n.pb", nodes, []), outputs=["out"])
    feeds = {"x:0": x, "shape:0": np.array([3], np.int32)}
    (length,) = ort.InferenceSession(model, providers=["CPUExecutionProvider"]).run(None, feeds)
    assert length.dtype == np.int32 and int(length) == 2


LOOP_TEXT = """
node { name: "x" op: "Placeholder" attr { key: "dtype" value { type: DT_FLOAT } }
       attr { key: "shape" value { shape { dim { size: 2 } } } } }
node { name: "n" op: "Placeholder" attr { key: "dtype" value { type: DT_INT32 } }
       attr { key: "shape" value { shape { } } } }
node { name: "zero" op: "Placeholder" attr { key: "dtype" value { type: DT_INT32 } }
       attr { key: "shape" value { shape { } } } }
node { name: "loop" op: "While" input: "zero" input: "x" input: "n"
       attr { key: "T" value { list { type: DT_INT32 type: DT_FLOAT type: DT_INT32 } } }
       attr { key: "cond" value { func { name: "cond" } } } attr { key: "body" value { func { name: "body" } } } }
node { name: "out" op: "Identity" input: "loop:1" attr { key: "T" value { type: DT_FLOAT } } }
library {
  function {
    signature { name: "cond" input_arg { name: "i" type: DT_INT32 } input_arg { name: "x" type: DT_FLOAT }
                input_arg { name: "n" type: DT_INT32 } output_arg { name: "c" type: DT_BOOL } }
    node_def { name: "less" op: "Less" input: "i" input: "n" attr { key: "T" value { type: DT_INT32 } } }
    ret { key: "c" value: "less:z:0" }
  }
  function {
    signature { name: "body" input_arg { name: "i" type: DT_INT32 } input_arg { name: "x" type: DT_FLOAT }
                input_arg { name: "n" type: DT_INT32 } output_arg { name: "j" type: DT_INT32 }
                output_arg { name: "y" type: DT_FLOAT } output_arg { name: "m" type: DT_INT32 } }
    node_def { name: "next" op: "AddV2" input: "i" input: "n" attr { key: "T" value { type: DT_INT32 } } }
    node_def { name: "sum" op: "AddV2" input: "x" input: "x" attr { key: "T" value { type: DT_FLOAT } } }
    ret { key: "j" value: "next:z:0" } ret { key: "y" value: "sum:z:0" } ret { key: "m" value: "n" }
  }
  function {
    signature { name: "unused" input_arg { name: "a" type: DT_FLOAT } output_arg { name: "b" type: DT_FLOAT } }
    ret { key: "b" value: "a" }
  }
}
versions { producer: 1700 }
"""


@pytest.mark.parametrize("encoding", ["text", "binary"])
def test_a_frozen_graph_keeps_the_functions_its_loop_runs_and_no_other(tmp_path: Path, encoding: str) -> None:
    # A text graph's library is written back by the encoder, as GraphDef's library field; a binary one's functions as
    # the file has them. Either way only what the kept nodes run: the loop's cond and body, not "unused".
    text = tmp_path / "loop.pbtxt"
    text.write_text(LOOP_TEXT)
    source = text
    if encoding == "binary":
        source = tmp_path / "loop.pb"
        source.write_bytes(tfcollections.freeze(text, outputs=["out"]))  # written once: then read as binary
    frozen = tfcollections.decode_message("GraphDef", tfcollections.freeze(source, outputs=["out"]))
    assert [item["name"] for item in frozen["node"]] == ["x", "n", "zero", "loop", "out"]
    kept = sorted(function["signature"]["name"] for function in frozen["library"]["function"])
    assert kept == ["body", "cond"]
    graph = tfcollections.loads(tfcollections.freeze(source, outputs=["out"]), graph=True)["meta_graphs"][0]["graph"]
    assert graph["functions"] == {"body": {"AddV2": 2}, "cond": {"Less": 1}}


# ---------------------------------------------------------------- TF 1's while frames, taken whole


def _tf1(name: str, op: str, inputs: List[str], **attrs: Any) -> Dict[str, Any]:
    values: Dict[str, Any] = {}
    for key, value in attrs.items():
        values[key] = {"s": value} if isinstance(value, bytes) else {"b": value} if isinstance(value, bool) else value
    return {"name": name, "op": op, "input": inputs, "device": "", "attr": values}


def _loop(*, cond_inside: bool = False, nested: bool = False, damage: str = "") -> List[Dict[str, Any]]:
    """A TF 1 loop counting i from 0 while i < 3 (the nodes tf.while_loop writes), damaged as asked."""
    frame = b"while/while_context"
    nodes = [
        _tf1("start", "Const", []),
        _tf1("limit", "Const", []),
        _tf1("while/Enter", "Enter", ["start"], frame_name=frame, is_constant=False),
        _tf1("while/Less/Enter", "Enter", ["limit"], frame_name=frame, is_constant=True),
        _tf1("while/Merge", "Merge", ["while/Enter", "while/NextIteration"]),
        _tf1("while/Less", "Less", ["while/Merge", "while/Less/Enter"]),
        _tf1("while/LoopCond", "LoopCond", ["while/Less"]),
        _tf1("while/Switch", "Switch", ["while/Merge", "while/LoopCond"]),
        _tf1("while/Identity", "Identity", ["while/Switch:1"]),
        _tf1("while/add", "AddV2", ["while/Identity", "while/Less/Enter"]),
        _tf1("while/NextIteration", "NextIteration", ["while/add"]),
        _tf1("while/Exit", "Exit", ["while/Switch"]),
        _tf1("out", "Identity", ["while/Exit"]),
    ]
    if cond_inside:  # a cond in the body switching on the loop's own condition (a TF 1 cond switches on its own)
        nodes[9] = _tf1("while/add", "Merge", ["while/cond/Switch", "while/cond/Switch:1"])
        nodes.append(_tf1("while/cond/Switch", "Switch", ["while/Identity", "while/LoopCond"]))
    if nested:
        nodes.append(_tf1("while/inner/Enter", "Enter", ["while/Identity"], frame_name=b"inner", is_constant=False))
    if damage == "two conditions":
        nodes.append(_tf1("while/LoopCond_1", "LoopCond", ["while/Less"]))
    elif damage == "switch on another condition":
        nodes[7] = _tf1("while/Switch", "Switch", ["while/Merge", "while/Less"])
    elif damage == "stray enter":
        nodes.append(_tf1("while/Enter_9", "Enter", ["start"], frame_name=frame, is_constant=False))
    elif damage == "body reads the merge":
        nodes[9] = _tf1("while/add", "AddV2", ["while/Merge", "while/Less/Enter"])
    elif damage == "exit off the switch":
        nodes[11] = _tf1("while/Exit", "Exit", ["while/Identity"])
    elif damage == "next of no input":
        nodes[10] = _tf1("while/NextIteration", "NextIteration", [])
    elif damage == "switch of one input":
        nodes[7] = _tf1("while/Switch", "Switch", ["while/Merge"])
    return nodes


def test_a_tf1_frame_becomes_one_node_and_its_exit_an_identity_of_it() -> None:
    from tfcollections._convert.frames import FRAME_OP, take_frames

    nodes, inside = take_frames(_loop())
    assert [node["op"] for node in nodes] == ["Const", "Const", FRAME_OP, "Identity", "Identity"]
    loop = nodes[2]
    assert loop["input"] == ["start", "limit"] and nodes[3]["input"] == [f"{loop['name']}:0"]
    frame = loop["frame"]
    assert (frame.merges, frame.switches, frame.nexts, frame.invariants, frame.cond_tensor) == (
        ["while/Merge"],
        ["while/Switch"],
        ["while/add"],
        ["while/Less/Enter"],
        "while/Less",
    )
    assert [node["name"] for node in frame.cond] == ["while/Less"]
    assert {node["name"] for node in frame.body} == {"while/Identity", "while/add"}
    assert {node["name"] for node in inside} == {"while/Less", "while/Identity", "while/add"}
    assert take_frames(nodes) == (nodes, [])  # no Enter left: nothing to take


@pytest.mark.parametrize(
    ("damage", "why"),
    [
        ({"nested": True}, "holds another while loop"),
        ({"cond_inside": True}, "its body reads Switch 'while/cond/Switch' in a way a plain loop does not"),
        ({"damage": "two conditions"}, "has 2 LoopCond nodes"),
        ({"damage": "switch on another condition"}, "goes to no Switch on its LoopCond"),
        ({"damage": "stray enter"}, "is no loop variable's"),
        ({"damage": "body reads the merge"}, "its body reads Merge"),
        ({"damage": "exit off the switch"}, "reads no loop variable's Switch"),
        ({"damage": "next of no input"}, r"node 'while/NextIteration' \(NextIteration\): it has 0 data input"),
        (
            {"damage": "switch of one input"},
            r"node 'while/Switch' \(Switch\): it has 1 data input\(s\), where "
            "TensorFlow's Switch has 2",
        ),
    ],
)
def test_a_tf1_loop_that_is_not_plain_is_refused_saying_what_it_is(damage: Dict[str, Any], why: str) -> None:
    from tfcollections import ConversionError
    from tfcollections._convert.frames import take_frames

    with pytest.raises(ConversionError, match=why):
        take_frames(_loop(**damage))


def test_dynamic_rnns_writes_are_appends_and_a_loop_of_no_step_gives_its_initial_values() -> None:
    # dynamic_rnn writes its step's output at time, a counter from 0: an append, which the body does not otherwise
    # read, so the Loop's scan output: no insert, erase or If each step. Its inputs' TensorArray (a scatter) is read
    # as rows of the tensor, and its outputs' gathered from the scan output: no sequence at all.
    data = Path(__file__).parent / "data" / "onnx"
    model = tfcollections.to_onnx(data / "tf1_dynamic_rnn" / "model.ckpt.meta", outputs=["outputs", "h"])
    nodes = tfcollections.decode_message("onnx.ModelProto", model)["graph"]["node"]
    (loop,) = [node for node in nodes if node["op_type"] == "Loop"]
    inside = [node["op_type"] for node in loop["attribute"][0]["g"]["node"]]
    sequences = {"SequenceErase", "SequenceInsert", "SequenceAt", "SplitToSequence", "ConcatFromSequence", "If"}
    assert not sequences & {*inside, *(node["op_type"] for node in nodes)}
    assert len(loop["output"]) == len(loop["input"]) - 1  # the carried variables and one scan output
    onnx = pytest.importorskip("onnx")
    runtime = pytest.importorskip("onnxruntime")
    numpy = pytest.importorskip("numpy")
    onnx.checker.check_model(onnx.load_from_string(model), full_check=True)
    session = runtime.InferenceSession(tfcollections.to_onnx(data / "tf1_while" / "model.ckpt.meta", outputs=["total"]))
    x = numpy.arange(4, dtype=numpy.float32)
    # TF 1's loop checks its condition first: 0 steps leave the total at its start (zeros).
    assert session.run(None, {"x:0": x, "steps:0": numpy.array(0, numpy.int32)})[0].tolist() == [0, 0, 0, 0]
    assert session.run(None, {"x:0": x, "steps:0": numpy.array(2, numpy.int32)})[0].tolist() == [0, 1, 2, 3]


def test_tf1_conds_on_one_predicate_one_after_another_are_each_their_own_node() -> None:
    # Dropout layers switched by one training placeholder: the second cond reads the first's Merge. Each is one
    # node (taken as one, they were a cycle), its pivot (whose constant goes unused) with the cond of its scope.
    from tfcollections._convert.frames import COND_OP, take_conds

    def cond(scope: str, data: str) -> List[Dict[str, Any]]:
        return [
            _tf1(f"{scope}/Switch", "Switch", ["p", "p"]),
            _tf1(f"{scope}/switch_t", "Identity", [f"{scope}/Switch:1"]),
            _tf1(f"{scope}/one", "Const", [f"^{scope}/switch_t"]),
            _tf1(f"{scope}/pred_id", "Identity", ["p"]),
            _tf1(f"{scope}/Switch_1", "Switch", [data, f"{scope}/pred_id"]),
            _tf1(f"{scope}/neg", "Neg", [f"{scope}/Switch_1:1"]),
            _tf1(f"{scope}/Merge", "Merge", [f"{scope}/Switch_1", f"{scope}/neg"]),
        ]

    nodes = [_tf1("x", "Placeholder", []), _tf1("p", "Placeholder", []), *cond("a/cond", "x"),
             *cond("b/cond", "a/cond/Merge"), _tf1("out", "Identity", ["b/cond/Merge"])]  # fmt: skip
    taken, _ = take_conds(nodes)
    conds = [node for node in taken if node["op"] == COND_OP]
    assert [node["cond"].switches for node in conds] == [["a/cond/Switch", "a/cond/Switch_1"],
                                                         ["b/cond/Switch", "b/cond/Switch_1"]]  # fmt: skip
    assert [node["name"] for node in conds] == ["p/cond", "p/cond_frame"]
    assert conds[1]["input"][-1] == "a/cond/Merge"  # the second reads the first's result (its Identity now)


def test_a_tf1_cond_becomes_one_node_its_merges_identities_of_it() -> None:
    from tfcollections._convert.frames import COND_OP, take_conds

    nodes = [
        _tf1("x", "Placeholder", []),
        _tf1("p", "Placeholder", []),
        _tf1("cond/Switch", "Switch", ["p", "p"]),
        _tf1("cond/switch_t", "Identity", ["cond/Switch:1"]),
        _tf1("cond/pred_id", "Identity", ["p"]),
        _tf1("cond/Switch_1", "Switch", ["x", "cond/pred_id"]),
        _tf1("cond/neg", "Neg", ["cond/Switch_1:1"]),
        _tf1("cond/one", "Const", ["^cond/switch_t"]),
        _tf1("cond/Merge", "Merge", ["cond/Switch_1", "cond/neg"]),
        _tf1("out", "Identity", ["cond/Merge"]),
    ]
    taken, inside = take_conds(nodes)
    # (pred_id, the Identity of the predicate the Switch nodes read, stays: nothing reads it now)
    assert [node["op"] for node in taken] == ["Placeholder", "Placeholder", COND_OP, "Identity", "Identity", "Identity"]
    cond = taken[2]["cond"]
    assert taken[2]["input"] == ["p:0", "p", "x"] and cond.switches == ["cond/Switch", "cond/Switch_1"]
    assert cond.results == {0: ["cond/Switch_1"], 1: ["cond/neg"]} and cond.merges == ["cond/Merge"]
    assert {node["name"] for node in cond.nodes[1]} == {"cond/switch_t", "cond/neg", "cond/one"}
    assert {node["name"] for node in inside} == {"cond/switch_t", "cond/neg", "cond/one"}
    # A node that reads both branches is no cond's.
    crossed = [*nodes[:-2], _tf1("cond/both", "AddV2", ["cond/Switch_1", "cond/neg"]), *nodes[-2:]]
    crossed[-2] = _tf1("cond/Merge", "Merge", ["cond/Switch_1", "cond/both"])
    from tfcollections import ConversionError

    with pytest.raises(ConversionError, match="reads both branches"):
        take_conds(crossed)
