# SPDX-License-Identifier: Apache-2.0
"""TF 2 SavedModels frozen and converted at a signature: every function call inlined, the captured variables'
values found through the object graph, the signature's keys naming the model's inputs and outputs.

The models are TensorFlow's (tools/generate_tf2_fixtures.py: a Keras 2 CNN, a Keras 3 export, a tf.Module of two
inputs and three outputs), with the outputs TensorFlow's loader gave. tools/check_freeze.py ran the library's frozen
graphs in TensorFlow (tests/data/onnx_tf2/freeze_check.json records the verdicts with the bytes' SHA-256); the tests
here need no TensorFlow, and the ones that run a model need the optional group ``onnx``.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Dict, List

import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st

import tfcollections
from tfcollections import DecodeError
from tfcollections._convert.inline import inline_calls

DATA = Path(__file__).parent / "data" / "onnx_tf2"
MANIFEST: Dict[str, Any] = json.loads((DATA / "manifest.json").read_text())
CHECKED: Dict[str, Any] = json.loads((DATA / "freeze_check.json").read_text())["models"]
ONNX = Path(__file__).parent / "data" / "onnx"
ONNX_MANIFEST: Dict[str, Any] = json.loads((ONNX / "manifest.json").read_text())
CALLS = {"PartitionedCall", "StatefulPartitionedCall"}


FROZEN = sorted(name for name, verdict in CHECKED.items() if "refused" not in verdict)
LOOPS = {"While", "StatelessWhile", "If", "StatelessIf"}


@pytest.mark.parametrize("name", FROZEN)
def test_the_frozen_graph_is_the_one_tensorflow_ran_with_the_loaders_answers(name: str) -> None:
    verdict = CHECKED[name]
    assert verdict["agrees"] and verdict["max_relative_difference"] <= 1e-6
    frozen = tfcollections.freeze(DATA / name, signature=MANIFEST["models"][name]["signature"])
    assert hashlib.sha256(frozen).hexdigest() == verdict["sha256"]


@pytest.mark.parametrize("name", FROZEN)
def test_a_frozen_signature_holds_no_call_and_no_variable(name: str) -> None:
    graph = tfcollections.loads(tfcollections.freeze(DATA / name), graph=True)["meta_graphs"][0]["graph"]
    assert not set(graph["ops"]) & (CALLS | {"VarHandleOp", "ReadVariableOp", "AssignVariableOp"}), graph["ops"]
    assert graph["variables"] == []
    # The library stays only for the functions a loop or a branch runs (a Keras RNN's While), and holds no call.
    assert bool(graph["functions"]) == bool(set(graph["ops"]) & LOOPS)
    assert all(not set(ops) & CALLS for ops in graph["functions"].values())


def test_a_loop_that_reads_a_variable_converts_but_is_not_frozen_to_a_graphdef() -> None:
    # Its While hands the variable to its body: a GraphDef would need the body rewritten to take the value.
    assert "refused" in CHECKED["loops"]
    with pytest.raises(DecodeError, match=r"node '[^']*/while' hands a variable to the functions of its loop or "
                                          r"branch: .* \(to_onnx and Session convert the model\)"):  # fmt: skip
        tfcollections.freeze(DATA / "loops")
    assert tfcollections.to_onnx(DATA / "loops")


def test_each_captured_variable_becomes_the_checkpoints_value_of_its_object() -> None:
    model = DATA / "keras2_cnn"
    frozen = tfcollections.loads(tfcollections.freeze(model))
    check = tfcollections.check_checkpoint(model, model / "variables" / "variables")
    keys = {item["name"]: item["key"] for item in check["saved_variables"]}
    names = [name for name in keys if "moving" not in name or "batch" in name]
    made = tfcollections.read_tensors(frozen, names)
    stored = tfcollections.read_tensors(model / "variables" / "variables", [keys[name] for name in names])
    assert names and all(made[name].tobytes() == stored[keys[name]].tobytes() for name in names)
    assert all(key.endswith("/.ATTRIBUTES/VARIABLE_VALUE") for key in keys.values())


@pytest.mark.parametrize("name", ["keras_hub_mit", "keras2_cnn", "two_inputs"])
def test_without_a_save_function_each_variable_is_joined_by_the_call_that_captures_it(
    name: str, tmp_path: Path
) -> None:
    # keras_hub's MiT names three variables alike: only the model's own word on each handle joins them. Without the
    # save function (renamed here, byte for byte, so the file stays whole) that word is the object each captured
    # input of the signature's call is bound to.
    import shutil

    model = tmp_path / name
    shutil.copytree(DATA / name, model)
    data = (model / "saved_model.pb").read_bytes()
    assert data.count(b"_traced_save") == 2
    (model / "saved_model.pb").write_bytes(data.replace(b"_traced_save", b"_traced_kept"))
    assert tfcollections.freeze(model) == tfcollections.freeze(DATA / name)


def _onnx_names(data: bytes) -> Any:
    graph = tfcollections.decode_message("onnx.ModelProto", data)["graph"]
    inputs = {item["name"]: [dim.get("dim_value") or dim.get("dim_param") for dim in
                             item["type"]["tensor_type"]["shape"]["dim"]] for item in graph["input"]}  # fmt: skip
    return inputs, [item["name"] for item in graph["output"]]


@pytest.mark.parametrize("name", sorted(MANIFEST["models"]))
def test_the_signatures_keys_name_the_onnx_models_inputs_and_outputs(name: str) -> None:
    about = MANIFEST["models"][name]
    inputs, outputs = _onnx_names(tfcollections.to_onnx(DATA / name))
    assert sorted(inputs) == about["inputs"] and sorted(outputs) == about["outputs"]


def test_inputs_and_outputs_are_given_by_key_or_by_tensor_name() -> None:
    model = DATA / "two_inputs"
    inputs, outputs = _onnx_names(tfcollections.to_onnx(model, inputs={"a": [1, 6], "b": [1, 4]}, outputs=["total"]))
    assert inputs == {"a": [1, 6], "b": [1, 4]} and outputs == ["total"]
    by_tensor = tfcollections.to_onnx(model, inputs=["serving_default_a:0:2,6", "b:[2,4]"], outputs=["best"])
    assert _onnx_names(by_tensor) == ({"a": [2, 6], "b": [2, 4]}, ["best"])


def test_freezing_a_tf2_model_on_the_command_line(tmp_path: Path) -> None:
    from .test_cli import _run

    result = _run(["export", str(DATA / "keras3_export"), str(tmp_path / "frozen.pb")])
    assert result.returncode == 0, result.stderr
    graph = tfcollections.load(tmp_path / "frozen.pb", graph=True)["meta_graphs"][0]["graph"]
    assert graph["inputs"][0]["name"] == "serving_default_features" and "MatMul" in graph["ops"]


def test_a_variable_update_no_output_reads_is_left_out_and_one_an_output_reads_refused(tmp_path: Path) -> None:
    # A serving function's outputs wait on every update it runs. Its batch norm in training mode (the moving averages
    # assigned and subtracted) and its call counter change no output of any call: left out, said by the model's
    # description and export, and TensorFlow runs the graph left to the loader's answers (freeze_check.json).
    data = tfcollections.to_onnx(DATA / "updates")
    described = tfcollections.decode_message("onnx.ModelProto", data)["doc_string"]
    assert "\nupdates: 3 left out, whose variables no output reads ('" in described
    for op in ("AssignAddVariableOp", "AssignSubVariableOp", "AssignVariableOp"):
        assert f"/{op}'" in described
    graph = tfcollections.loads(tfcollections.freeze(DATA / "updates"), graph=True)["meta_graphs"][0]["graph"]
    assert not {op for op in graph["ops"] if "Variable" in op}
    # Its signature 'counted' scales by the counter it adds to: its outputs change from call to call.
    refused = r"\(AssignAddVariableOp\) updates a variable that an output reads, so the outputs change from call to"
    with pytest.raises(DecodeError, match=refused):
        tfcollections.to_onnx(DATA / "updates", signature="counted")
    from .test_cli import _run

    result = _run(["export", str(DATA / "keras3_batch_stats"), str(tmp_path / "model.onnx")])
    assert result.returncode == 0, result.stderr
    assert "\n  updates: 2 left out, whose variables no output reads (" in result.stdout.decode()
    as_json = _run(["export", str(DATA / "keras3_batch_stats"), str(tmp_path / "model.onnx"), "--force", "--json"])
    assert json.loads(as_json.stdout)["updates"].startswith("2 left out, whose variables no output reads ('")


DAMAGED = {
    "recursive": r"function '__inference_signature_wrapper_[^']*' calls itself \(.* -> .*\): a recursive function is "
    r"not inlined",
    "missing_function": r"node 'StatefulPartitionedCall_1' \(StatefulPartitionedCall\) calls function "
    r"'__inference_missing_0', which the graph's library does not have",
    "too_few_inputs": r"calling '__inference_signature_wrapper_[^']*': the call gives 8 input\(s\), the function "
    r"takes 9",
    "unjoined_variables": r"variable '[^']*': the model's object graph names no value for it in the checkpoint",
    "loop_arity": r"node '[^']*/while' \(While\): it gives function 'while_cond_[0-9]+' 7 input\(s\); the function "
    r"takes 8",
}


@pytest.mark.parametrize("name", sorted(DAMAGED))
def test_a_damaged_tf2_model_is_refused_with_what_is_wrong(name: str, tmp_path: Path) -> None:
    from .test_cli import _run

    assert name in MANIFEST["damaged"]
    model = DATA / "damaged" / name
    # (A loop handing its body a variable is no frozen GraphDef, whatever else is wrong with it.)
    for convert in (tfcollections.freeze, tfcollections.to_onnx) if name != "loop_arity" else (tfcollections.to_onnx,):
        with pytest.raises(DecodeError, match=DAMAGED[name]):
            convert(model)
    out = tmp_path / "model.onnx"
    result = _run(["export", str(model), str(out)])
    # Damaged where the model is read and frozen: 3; where the conversion finds it (a loop's arity): 1, refused.
    assert result.returncode == (1 if name == "loop_arity" else 3) and not out.exists() and not list(tmp_path.iterdir())
    lines = result.stderr.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"tfcollections export: {out}: not written: "), lines


# ---------------------------------------------------------------- the inliner, on hand-made functions


def _arg(name: str, dtype: str = "DT_FLOAT") -> Dict[str, Any]:
    return {"name": name, "type": dtype, "type_attr": "", "number_attr": "", "type_list_attr": ""}


def _attr(**fields: Any) -> Dict[str, Any]:
    value: Dict[str, Any] = {"placeholder": None, "func": None, "list": None, "type": None, "i": None}
    value.update(fields)
    return value


def _node(name: str, op: str, inputs: List[str], **attrs: Any) -> Dict[str, Any]:
    return {"name": name, "op": op, "input": inputs, "device": "", "attr": attrs}


def _function(name: str, args: List[str], results: Dict[str, str], nodes: List[Dict[str, Any]]) -> Dict[str, Any]:
    return {"signature": {"name": name, "input_arg": [_arg(arg) for arg in args],
                          "output_arg": [_arg(result) for result in results]},
            "node_def": nodes, "ret": results, "control_ret": {}}  # fmt: skip


def _call(name: str, function: str, inputs: List[str], results: int = 1) -> Dict[str, Any]:
    tout = _attr(list={"type": ["DT_FLOAT"] * results})
    return _node(name, "StatefulPartitionedCall", inputs, f=_attr(func={"name": function, "attr": {}}), Tout=tout)


def test_outputs_named_by_their_argument_become_the_ports_of_the_op() -> None:
    # TopKV2 gives values then indices; Unpack a list of num outputs: "top:indices:0" is port 1, "parts:output:2" 2.
    body = [
        _node("top", "TopKV2", ["x", "k"], T=_attr(type="DT_FLOAT")),
        _node("parts", "Unpack", ["x"], num=_attr(i=3), T=_attr(type="DT_FLOAT")),
        _node("sum", "AddV2", ["top:indices:0", "parts:output:2", "^top"], T=_attr(type="DT_FLOAT")),
    ]
    functions = {"f": _function("f", ["x", "k"], {"y": "sum:z:0"}, body)}
    graph = [_node("x", "Placeholder", []), _node("k", "Const", []), _call("call", "f", ["x", "k:0"]),
             _node("out", "Identity", ["call:0"])]  # fmt: skip
    inlined = {node["name"]: node for node in inline_calls(graph, functions, {"out"})}
    assert inlined["call/top"]["input"] == ["x", "k:0"]
    assert inlined["call/sum"]["input"] == ["call/top:1", "call/parts:2", "^call/top"]
    assert inlined["call"]["op"] == "IdentityN" and inlined["call"]["input"] == ["call/sum"]
    assert inlined["out"]["input"] == ["call:0"]  # what reads the call is unchanged


def test_nested_calls_are_inlined_and_a_cycle_between_functions_is_refused() -> None:
    inner = _function(
        "inner", ["a"], {"r": "twice:z:0"}, [_node("twice", "AddV2", ["a", "a"], T=_attr(type="DT_FLOAT"))]
    )
    outer = _function("outer", ["a"], {"r": "c:output:0"}, [_call("c", "inner", ["a"])])
    graph = [_node("x", "Placeholder", []), _call("call", "outer", ["x"])]
    inlined = [node["name"] for node in inline_calls(graph, {"inner": inner, "outer": outer}, {"call"})]
    assert inlined == ["x", "call/c/twice", "call/c", "call"]
    looping = _function("inner", ["a"], {"r": "c:output:0"}, [_call("c", "outer", ["a"])])
    with pytest.raises(DecodeError, match=r"function 'outer' calls itself \(outer -> inner -> outer\)"):
        inline_calls(graph, {"inner": looping, "outer": outer}, {"call"})


def test_a_body_that_refers_to_what_it_lacks_is_refused() -> None:
    graph = [_node("x", "Placeholder", []), _call("call", "f", ["x"])]
    for body, results, why in [
        ([], {"r": "ghost:z:0"}, "refers to 'ghost:z:0', which is no argument and no output of its nodes"),
        ([_node("n", "AddV2", ["a", "a"], T=_attr(type="DT_FLOAT"))], {"r": "n:nothing:0"}, "has no output nothing:0"),
        ([_node("n", "MyCustomOp", ["a"])], {"r": "n:out:0"}, "'MyCustomOp', which TensorFlow does not register"),
        ([_node("n", "Identity", ["a"], T=_attr(placeholder="T"))], {"r": "n:output:0"}, "from the function's attr"),
    ]:
        with pytest.raises(DecodeError, match=why):
            inline_calls(graph, {"f": _function("f", ["a"], results, body)}, {"call"})


def _onnx_ops(data: bytes) -> Dict[str, int]:
    counts: Dict[str, int] = {}

    def walk(graph: Dict[str, Any]) -> None:
        for node in graph["node"]:
            counts[node["op_type"]] = counts.get(node["op_type"], 0) + 1
            for item in node["attribute"]:
                if item.get("g"):
                    walk(item["g"])

    walk(tfcollections.decode_message("onnx.ModelProto", data)["graph"])
    return counts


def test_a_list_written_at_its_steps_index_is_appended_and_one_written_at_a_fixed_index_replaced(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The LSTM of keras2_stacked keeps every step (return_sequences): its list is written at `time`, which starts
    # at 0 and grows by 1 while the list starts empty: an append, which the body does not otherwise read, so the
    # loop's scan output, its rows the list (read by the stack as it is). The GRU keeps its last step, written at
    # index 0 of a list reserved for one: a scan output too, its last row the list's one item (a SequenceConstruct
    # after the loop), no If. No sequence is made in a body. (The LSTM is made one ONNX LSTM: its loop is seen here
    # with that fusion turned off.)
    from tfcollections._convert import controlflow

    monkeypatch.setattr(controlflow, "rnn_loop", lambda cx, node, inputs: None)
    data = tfcollections.to_onnx(DATA / "keras2_stacked")
    ops = _onnx_ops(data)
    assert ops["Loop"] == 2 and "SequenceInsert" not in ops and ops["SequenceConstruct"] == 1 and "If" not in ops
    loops = [node for node in tfcollections.decode_message("onnx.ModelProto", data)["graph"]["node"]
             if node["op_type"] == "Loop"]  # fmt: skip
    assert all(len(node["output"]) == len(node["input"]) - 1 for node in loops)  # one scan output each
    # The steps' list, made from the inputs and only read, is no sequence inside the loops: each step a Gather.
    assert "SequenceAt" not in ops and ops["Gather"] >= 2
    # A list whose length the conversion does not know is written through an If whose branches each insert (after
    # a SequenceErase when the index is there); tests/test_tf2_run.py runs both forms to TensorFlow's answers.
    forget_lengths(monkeypatch)
    ops = _onnx_ops(tfcollections.to_onnx(DATA / "keras2_gru"))
    assert ops["If"] == 1 and ops["SequenceErase"] == 1


def test_a_loop_that_writes_as_many_steps_as_its_list_holds_stacks_the_steps_alone() -> None:
    # An RNN's loop runs while its step counters are below the list's count (keras3_rnn: `time` and the loop's own
    # counter, both below the steps TensorFlow reserved the list with; dynamic_rnn the same in a TF 1 frame): the
    # scan output is the whole list, and no zeros are added for items not written. A loop of fewer steps than its
    # list's count is stacked with them (the op zoo's lists_reserved, run to TensorFlow's answers).
    for data in (tfcollections.to_onnx(DATA / "keras3_rnn"),
                 tfcollections.to_onnx(ONNX / "tf1_dynamic_rnn" / "model.ckpt.meta")):  # fmt: skip
        ops = _onnx_ops(data)
        assert ops["Loop"] >= 1 and "Max" not in ops and "SequenceLength" not in ops  # no count compared
    about = ONNX_MANIFEST["ops"]["lists_reserved"]
    ops = _onnx_ops(tfcollections.to_onnx(ONNX / "ops" / "lists_reserved.pb", outputs=about["outputs"]))
    # Eight stacks and gathers of lists longer than what was written, each given its zeros after a Max of the count
    # and the rows; five lengths, each the Max of the two.
    assert ops["Max"] == 13


def forget_lengths(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every TensorListReserve made as if its count were not known (the general write, an If each step)."""
    from tfcollections._convert import optable, tensorlists

    def unknown_length(cx: Any, node: Any, inputs: Any) -> Any:
        (made,) = tensorlists.list_reserve(cx, node, inputs)
        made.reserved = None
        return [made]

    monkeypatch.setattr(optable.RULES["TensorListReserve"], "convert", unknown_length)


# ---------------------------------------------------------------- damaged functions


# A fifth of the profile's count (tests/conftest.py): a case converts a whole model with its loops (a quarter second).
@pytest.mark.slow
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow],
          max_examples=max(20, settings.default.max_examples // 5))  # fmt: skip
@given(data=st.data())
def test_a_damaged_function_is_converted_or_refused_with_the_library_error(data: st.DataObject) -> None:
    # A TF 2 fixture with one node of one library function changed (an input dropped, another op, an attr of another
    # kind, a function attr naming no function, a result dropped): converted, or refused with a DecodeError or a
    # ValueError; never another exception. The functions are changed as the freezing reads them, in memory.
    from tfcollections._convert import freeze as freezing

    name = data.draw(st.sampled_from(["loops", "keras2_lstm", "keras2_stacked", "two_inputs"]))
    change = data.draw(st.sampled_from(["drop input", "other op", "attr int", "attr list", "no function", "no result"]))
    seed = data.draw(st.integers(0, 2**32 - 1))

    class Damaged(freezing.Graph):
        def __init__(self, *args: Any) -> None:
            super().__init__(*args)
            import random

            rng = random.Random(seed)
            names = sorted(self.functions)
            function = dict(self.functions[rng.choice(names)])
            self.functions = {**self.functions, function["signature"]["name"]: function}
            nodes = list(function["node_def"])
            function["node_def"] = nodes
            if change == "no result" and function["ret"]:
                ret = dict(function["ret"])
                del ret[rng.choice(sorted(ret))]
                function["ret"] = ret
                return
            if not nodes:
                return
            index = rng.randrange(len(nodes))
            node = nodes[index] = dict(nodes[index])
            if change == "drop input" and node["input"]:
                node["input"] = node["input"][:-1]
            elif change == "other op":
                node["op"] = rng.choice(["AddV2", "While", "If", "TensorListGetItem", "TensorListSetItem", "MatMul",
                                         "PartitionedCall", "Split", "Identity", "Less"])  # fmt: skip
            elif node["attr"]:
                key = rng.choice(sorted(node["attr"]))
                value = {field: None for field in node["attr"][key]}
                if change == "attr list":
                    value["list"] = {"i": [rng.randint(-2, 3)], "s": [], "f": [], "b": [], "type": [], "shape": [],
                                     "tensor": [], "func": []}  # fmt: skip
                elif change == "no function":
                    value["func"] = {"name": "nothing_of_the_library", "attr": {}}
                else:
                    value["i"] = rng.randint(-2, 5)
                node["attr"] = {**node["attr"], key: value}

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(freezing, "Graph", Damaged)
        try:
            converted = tfcollections.to_onnx(DATA / name)
        except (DecodeError, ValueError) as exc:
            event("refused")
            assert str(exc)
        else:
            event("converted")
            assert tfcollections.decode_message("onnx.ModelProto", converted)["graph"]["output"]


# ---------------------------------------------------------------- the RNN cells' recognition


@pytest.mark.parametrize("name", ["keras2_lstm", "keras2_gru"])
def test_an_rnn_step_changed_anywhere_is_no_longer_taken_for_one(name: str) -> None:
    # Each node of the loop's body changed in turn (another op; its first input made the step counter): the matcher
    # gives the roles only for the body as Keras writes it, never raises, and takes a changed body for a cell only
    # where the change leaves the cell's computation as it was (a node off the path: a shape, a counter's identity).
    from types import SimpleNamespace

    from tfcollections._convert import rnn
    from tfcollections._disk.source import source_of
    from tfcollections._graph.graphdef import Graph

    model = tfcollections.load(str(DATA / name))
    source = source_of(model)
    assert source is not None
    with source.opened() as buf:
        graph = Graph(source, buf, 0, model["meta_graphs"][0])
        cx: Any = SimpleNamespace(frozen=SimpleNamespace(graph=graph))
        match = rnn._match if name == "keras2_lstm" else rnn._match_gru
        bodies = [f for key, f in graph.functions.items() if key.startswith("while_body")]
        conds = {key: f for key, f in graph.functions.items() if key.startswith("while_cond")}
        body_function = bodies[0]
        cond = rnn._Body(next(iter(conds.values())))
        roles = match(cx, rnn._Body(body_function), cond)
        assert roles is not None and {"out", "h", "kernel", "recurrent", "time", "steps"} <= roles.keys()
        refused = 0
        for index in range(len(body_function["node_def"])):
            for change in ("op", "input"):
                nodes = list(body_function["node_def"])
                node = nodes[index] = dict(nodes[index])
                if change == "op":
                    node["op"] = "Neg" if node["op"] != "Neg" else "Abs"
                elif node["input"]:
                    node["input"] = ["while_while_loop_counter", *node["input"][1:]]
                else:
                    continue
                found = match(cx, rnn._Body({**body_function, "node_def": nodes}), cond)
                refused += found is None
        assert refused >= len(body_function["node_def"])  # most changes are seen
        # Weights the body changes from step to step are no cell's either.
        results = dict(body_function["ret"])
        kernel_arg = body_function["signature"]["input_arg"][roles["kernel"]]["name"]
        changed_key = next(key for key, value in results.items() if value == kernel_arg)
        changed = {**body_function, "ret": {**results, changed_key: results[next(iter(results))]}}
        assert match(cx, rnn._Body(changed), cond) is None
        # A condition other than time < steps is no RNN's loop either.
        cond_function = next(iter(conds.values()))
        for op in ("Greater", "LessEqual"):
            nodes = [dict(node, op=op) if node["op"] == "Less" else node for node in cond_function["node_def"]]
            assert match(cx, rnn._Body(body_function), rnn._Body({**cond_function, "node_def": nodes})) is None


def test_the_save_functions_join_takes_only_what_it_can_trace() -> None:
    # A save function as TensorFlow traces it: SaveV2's keys a Const, each saved tensor read back to an argument.
    # What cannot be traced joins nothing: a call giving the wrong count of inputs, keys that do not read, a tensor
    # made by another op than a read, a chain of reads longer than the walk follows.
    from tfcollections._convert.joins import saved_keys
    from tfcollections._tensor import Tensor

    class Keys:
        def __init__(self, readable: bool) -> None:
            self.functions: Dict[str, Any] = {}
            self.readable = readable

        def value_of(self, node: Dict[str, Any]) -> Tensor:
            if not self.readable:
                raise DecodeError("its tensor does not read")
            return Tensor("DT_STRING", (4,), None, [b"a/.ATTRIBUTES/VARIABLE_VALUE", b"b", b"c", b"d"])

    def node(name: str, op: str, inputs: List[str]) -> Dict[str, Any]:
        return {"name": name, "op": op, "input": inputs, "attr": {}}

    reads = [node(f"r{index}", "Identity", [f"r{index - 1}" if index else "arg_c"]) for index in range(20)]
    function = {
        "signature": {"name": "__inference__traced_save_9", "input_arg": [{"name": n} for n in ("prefix", "arg_a",
                                                                                                 "arg_b", "arg_c")]},
        "node_def": [node("keys", "Const", []), node("read_a", "ReadVariableOp", ["arg_a"]),
                     node("sum", "AddV2", ["arg_b", "arg_b"]), *reads,
                     node("save", "SaveV2", ["prefix", "keys", "slices", "read_a:value:0", "sum:z:0", "r19:output:0",
                                             "^arg_a"])],
    }  # fmt: skip
    call = {"name": "call", "op": "StatefulPartitionedCall", "input": ["p", "va", "vb", "vc"],
            "attr": {"f": {"func": {"name": "__inference__traced_save_9"}}}}  # fmt: skip
    graph = Keys(readable=True)
    graph.functions["__inference__traced_save_9"] = function
    assert saved_keys(graph, [call]) == {"va": "a/.ATTRIBUTES/VARIABLE_VALUE"}  # type: ignore[arg-type]
    assert saved_keys(graph, [{**call, "input": ["p", "va"]}]) == {}  # type: ignore[arg-type]
    unreadable = Keys(readable=False)
    unreadable.functions = graph.functions
    assert saved_keys(unreadable, [call]) == {}  # type: ignore[arg-type]
    # The fallback by captured inputs has nothing to join without a checkpoint's object graph (a TF 1 checkpoint).
    from tfcollections._convert.joins import captured_keys

    assert captured_keys(None, b"", 0, {}, [call], {"tensors": {}}) == {}  # type: ignore[arg-type]
