# SPDX-License-Identifier: Apache-2.0
"""Control flow and TensorLists: TF 2's functional ``While`` and ``If`` as ONNX ``Loop`` and ``If``, a ``TensorList``
as an ONNX sequence.

Strategy: a ``While`` runs ``cond`` and ``body``, functions of the loop's variables; ONNX's ``Loop`` runs a body
graph while a condition holds. The condition is computed once on the initial variables in the outer graph (TF
checks it before the first iteration, as ``Loop`` checks its ``cond`` input), and the body graph computes the
body's results and then the condition on them for the next iteration. An ``If`` becomes ONNX's ``If``, each branch
a graph of no inputs that reads the branch's arguments from the scope outside it. The functions' bodies are
converted by the same op table in a converter of their own (``Converter.child``), so a loop body's values never
leak out of it; the shapes TensorFlow recorded (``output_shapes``) are the loop variables'. A ``TensorList`` (what
``tf.TensorArray`` is in TF 2, and how Keras runs an RNN's steps) is an ONNX sequence of tensors: made from a tensor
(``SplitToSequence``) or empty, read (``SequenceAt``), written (``SequenceInsert``, after ``SequenceErase`` when the
index is already there, so that a write replaces as TensorFlow's does), stacked (``ConcatFromSequence``).
"""

from __future__ import annotations

from .._errors import DecodeError
from .graphdef import split_tensor_name
from .nodeparts import attr
from .rnn import rnn_loop
from .values import ONNX_TYPES, ConversionError, Value, flat, value_info

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, List, Optional, Set

    from .._typing import Decoded
    from .converter import Converter
    from .frames import Cond, Frame
    from .graphdef import Graph
    from .values import Shape

    Outputs = List[Optional[Value]]


def _function(node: Decoded, key: str) -> str:
    value = node["attr"].get(key)
    if value is None or value.get("func") is None:
        raise ConversionError(f"it names no function in attr {key!r}")
    return str(value["func"]["name"])


def _shapes(node: Decoded, count: int) -> List[Shape]:
    """The shapes TensorFlow recorded for the node's outputs (``output_shapes``), None where it recorded none."""
    recorded = attr(node, "output_shapes") or attr(node, "_output_shapes") or []
    shapes: List[Shape] = []
    for index in range(count):
        shape = recorded[index] if index < len(recorded) else None
        if not isinstance(shape, dict) or shape.get("unknown_rank"):
            shapes.append(None)
        else:
            shapes.append([None if dim["size"] < 0 else dim["size"] for dim in shape["dim"]])
    return shapes


def _truth(cx: Converter, value: Value) -> str:
    """A condition as ONNX wants it: a bool scalar (a number is true when it is not zero, as TensorFlow takes one)."""
    if value.shape is not None and len(value.shape) > 0:
        raise ConversionError(f"its condition {value.tf_name!r} is not a scalar (rank {len(value.shape)})")
    name = cx.tf(value)
    if value.dtype != "DT_BOOL":
        (name,) = cx.emit("Cast", [name], to=ONNX_TYPES["DT_BOOL"])
    return name


def while_loop(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    fused = rnn_loop(cx, node, inputs)  # Keras' LSTM or GRU step: one ONNX LSTM or GRU, onnxruntime's own kernel
    if fused is not None:
        return fused
    cond, body = _function(node, "cond"), _function(node, "body")
    name = node["name"]
    shapes = _shapes(node, len(inputs))
    # TensorFlow checks the condition before the first iteration: on the initial variables, in the outer graph.
    (first,) = cx.function(cond, [value.copy() for value in inputs], f"{name}/cond")[:1] or [None]
    if first is None:
        raise ConversionError(f"its cond function {cond!r} gives no result")
    sub = cx.child()
    appends = _appends(cx.frozen.graph, cx.frozen.graph.functions.get(body), inputs)
    sub.appends = {f"{name}/body/{item}" for item in appends}
    graph_inputs = [value_info(f"{name}/body/iteration", "DT_INT64", [], symbolic=False),
                    value_info(f"{name}/body/condition", "DT_BOOL", [], symbolic=False)]  # fmt: skip
    carried: List[Value] = []
    for index, value in enumerate(inputs):
        onnx_name = f"{name}/body/input_{index}"
        shape = shapes[index] if value.element is None else value.shape
        carried_value = Value(onnx_name, value.dtype, shape)
        carried_value.onnx, carried_value.element = onnx_name, value.element
        carried.append(carried_value)
        graph_inputs.append(value_info(onnx_name, value.dtype, shape, symbolic=False, element=value.element))
    results = sub.function(body, carried, f"{name}/body")
    if len(results) != len(inputs) or any(result is None for result in results):
        raise ConversionError(f"its body {body!r} gives {len(results)} result(s) for {len(inputs)} loop variable(s)")
    made = [result for result in results if result is not None]
    for index, (before, after) in enumerate(zip(inputs, made)):
        if before.dtype != after.dtype or before.element != after.element:
            raise ConversionError(f"its body {body!r} makes loop variable {index} {after.element or after.dtype}, "
                                  f"from {before.element or before.dtype}")  # fmt: skip
    (again,) = sub.function(cond, [value.copy() for value in made], f"{name}/cond_next")[:1] or [None]
    if again is None:
        raise ConversionError(f"its cond function {cond!r} gives no result")
    condition = Value(f"{name}/body/condition_next", "DT_BOOL", [])
    condition.onnx = _truth(sub, again)
    graph = sub.subgraph(f"{name}/body", [condition, *made], graph_inputs)
    outputs = cx.emit("Loop", ["", _truth(cx, first), *[cx.tf(value) for value in inputs]], len(inputs), body=graph)
    return _results(cx, inputs, shapes, outputs)


def frame_loop(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """A TF 1 while frame (``frames.take_frames``) as a ``Loop``: as ``While``, its condition and body the frame's
    nodes, converted with the ``Merge`` outputs (the condition's) or the ``Switch`` outputs' port 1 (the body's) bound
    to the loop's variables, and each read-only ``Enter`` to the value it brings in from the outer scope."""
    frame: Frame = node["frame"]
    name = node["name"]
    count = len(frame.merges)
    variables, read_only = inputs[:count], inputs[count:]
    bound = {f"{enter}:0": value for enter, value in zip(frame.invariants, read_only)}
    # TensorFlow checks the condition before the first iteration: on the initial variables, in the outer graph.
    merged = {f"{merge}:0": value.copy() for merge, value in zip(frame.merges, variables)}
    (first,) = cx.run_nodes(frame.cond, {**bound, **merged}, [frame.cond_tensor])
    sub = cx.child()
    graph_inputs = [value_info(f"{name}/body/iteration", "DT_INT64", [], symbolic=False),
                    value_info(f"{name}/body/condition", "DT_BOOL", [], symbolic=False)]  # fmt: skip
    carried: List[Value] = []
    for index, value in enumerate(variables):
        onnx_name = f"{name}/body/input_{index}"
        # A tensor's dims may change step to step, its rank not: each dim unknown (a sequence keeps its elements').
        shape: Shape = value.shape if value.element is not None or value.shape is None else [None] * len(value.shape)
        carried_value = Value(onnx_name, value.dtype, shape)
        carried_value.onnx, carried_value.element = onnx_name, value.element
        carried.append(carried_value)
        graph_inputs.append(value_info(onnx_name, value.dtype, shape, symbolic=False, element=value.element))
    switched = {f"{switch}:1": value for switch, value in zip(frame.switches, carried)}
    sub.appends = _frame_appends(cx, frame, variables)
    made = sub.run_nodes(frame.body, {**bound, **switched}, frame.nexts)
    for index, (before, after) in enumerate(zip(variables, made)):
        if before.dtype != after.dtype or before.element != after.element:
            raise ConversionError(f"its body makes loop variable {index} {after.element or after.dtype}, from "
                                  f"{before.element or before.dtype}")  # fmt: skip
    merged = {f"{merge}:0": value.copy() for merge, value in zip(frame.merges, made)}
    (again,) = sub.run_nodes(frame.cond, {**bound, **merged}, [frame.cond_tensor])
    condition = Value(f"{name}/body/condition_next", "DT_BOOL", [])
    condition.onnx = _truth(sub, again)
    graph = sub.subgraph(f"{name}/body", [condition, *made], graph_inputs)
    outputs = cx.emit("Loop", ["", _truth(cx, first), *[cx.tf(value) for value in variables]], count, body=graph)
    shapes: List[Shape] = [None if value.shape is None else [None for _ in value.shape] for value in variables]
    return _results(cx, variables, shapes, outputs)


def cond_frame(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """A TF 1 cond (``frames.take_conds``) as an ``If``: each branch its nodes, converted with each ``Switch``'s port
    for that branch bound to the value the ``Switch`` passes on; each ``Merge`` an output."""
    cond: Cond = node["cond"]
    name = node["name"]
    predicate, passed = inputs[0], inputs[1:]
    converted = []
    for branch in (1, 0):
        sub = cx.child()
        bound = {f"{switch}:{branch}": value for switch, value in zip(cond.switches, passed)}
        converted.append(
            (sub, [value.copy() for value in sub.run_nodes(cond.nodes[branch], bound, cond.results[branch])])
        )
    (then_sub, then), (else_sub, other) = converted
    if any(a.dtype != b.dtype or a.element != b.element for a, b in zip(then, other)):
        raise ConversionError("its branches give results of different types")
    # Each output's shape as both branches have it: a dim they differ on unknown (a rank, when either knows it).
    shapes: List[Shape] = [_common_shape(a.shape, b.shape) for a, b in zip(then, other)]
    for index, shape in enumerate(shapes):
        then[index].shape = other[index].shape = shape
    branches = [then_sub.subgraph(f"{name}/then_branch", then, []), else_sub.subgraph(f"{name}/else_branch", other, [])]
    outputs = cx.emit("If", [_truth(cx, predicate)], len(then), then_branch=branches[0], else_branch=branches[1])
    return _results(cx, then, shapes, outputs)


def _common_shape(first: Shape, second: Shape) -> Shape:
    if first is None or second is None:
        known = first if first is not None else second
        return None if known is None else [None for _ in known]
    if len(first) != len(second):
        return None
    return [a if a == b else None for a, b in zip(first, second)]


def _frame_appends(cx: Converter, frame: Frame, variables: List[Value]) -> Set[str]:
    """The frame's ``TensorArrayWriteV3`` nodes that only ever append (as ``_appends`` finds a While's): each writes
    the flow of a variable that starts as an empty sequence, at a variable that starts at 0 and that the body adds 1
    to, and is that variable's next value. dynamic_rnn writes its step's output so, at ``time``."""
    nodes = {node["name"]: node for node in frame.body}
    inputs = {f"{switch}:1": index for index, switch in enumerate(frame.switches)}

    def source(reference: str) -> Any:
        """The variable (its index) or body node a tensor comes from, through Identity nodes."""
        for _ in range(len(nodes) + 1):
            name, port = split_tensor_name(reference)
            if f"{name}:{port}" in inputs:
                return inputs[f"{name}:{port}"]
            node = nodes.get(name)
            if node is None or node["op"] != "Identity":
                return node
            reference = next((item for item in node["input"] if not item.startswith("^")), "")
        return None

    def one(reference: str) -> bool:
        """Whether the tensor is a Const of the body holding the integer 1 (a 1 from outside is not looked into:
        the write then stays exact)."""
        found = source(reference)
        return isinstance(found, dict) and found["op"] == "Const" and _one(cx.frozen.graph, found)

    counters = set()
    for index, (value, following) in enumerate(zip(variables, frame.nexts)):
        step = source(following)
        if value.ints() != [0] or not isinstance(step, dict) or step["op"] not in ("AddV2", "Add"):
            continue
        data = [item for item in step["input"] if not item.startswith("^")]
        if len(data) == 2 and index in [source(item) for item in data] and any(one(item) for item in data):
            counters.add(index)
    found: Set[str] = set()
    for index, (value, following) in enumerate(zip(variables, frame.nexts)):
        write = source(following)
        if value.length != 0 or not isinstance(write, dict) or write["op"] != "TensorArrayWriteV3":
            continue
        data = [item for item in write["input"] if not item.startswith("^")]
        if len(data) == 4 and source(data[3]) == index and source(data[1]) in counters:
            found.add(write["name"])
    return found


def _results(cx: Converter, values: List[Value], shapes: List[Shape], outputs: List[str]) -> Outputs:
    """A loop's or branch's outputs: each of the dtype of the value it stands for (a list with its elements'), and of
    the shape TensorFlow recorded for it (a list: its elements' shape as the conversion knows it)."""
    found: Outputs = []
    for index, (value, onnx_name) in enumerate(zip(values, outputs)):
        result = cx.result(index, value.dtype, shapes[index] if value.element is None else value.shape, onnx=onnx_name)
        result.element = value.element
        found.append(result)
    return found


def _appends(graph: Graph, body: Optional[Decoded], inputs: List[Value]) -> Set[str]:
    """The body's ``TensorListSetItem`` nodes that only ever append: each writes a loop variable that starts as an
    empty list, at the index of a loop variable that starts at 0 and that the body adds 1 to, and gives the list
    back as that variable. The list's length is then the index at every iteration (TensorFlow's RNN loops, which
    write their step's output at ``time``), so a write is an insert: no test of the length, no ``If`` each step."""
    if body is None:
        return set()
    nodes = {node["name"]: node for node in body["node_def"]}
    args = [arg["name"] for arg in body["signature"]["input_arg"]]
    results = [body["ret"].get(arg["name"], "") for arg in body["signature"]["output_arg"]]

    def source(reference: str) -> Optional[Decoded]:
        """The node a reference comes from, through Identity nodes; an argument as a dict of its name."""
        seen = 0
        while seen < len(nodes) + 1:
            name = reference.split(":")[0]
            if name in args and ":" not in reference:
                return {"argument": name}
            node = nodes.get(name)
            if node is None or node["op"] != "Identity":
                return node
            reference = next((item for item in node["input"] if not item.startswith("^")), "")
            seen += 1
        return None

    def is_argument(reference: str, index: int) -> bool:
        found = source(reference)
        return found is not None and found.get("argument") == args[index]

    counters = set()
    for index, (value, result) in enumerate(zip(inputs, results)):
        step = source(result) if index < len(args) else None
        if value.ints() != [0] or step is None or step.get("op") not in ("AddV2", "Add"):
            continue
        data = [item for item in step["input"] if not item.startswith("^")]
        constant = [source(item) for item in data]
        if (
            len(data) == 2
            and any(is_argument(item, index) for item in data)
            and any(found is not None and found.get("op") == "Const" and _one(graph, found) for found in constant)
        ):
            counters.add(index)
    found: Set[str] = set()
    for index, (value, result) in enumerate(zip(inputs, results)):
        write = source(result) if index < len(args) else None
        if value.length != 0 or write is None or write.get("op") != "TensorListSetItem":
            continue
        data = [item for item in write["input"] if not item.startswith("^")]
        if (
            len(data) >= 2
            and is_argument(data[0], index)
            and any(is_argument(data[1], counter) for counter in counters)
        ):
            found.add(write["name"])
    return found


def _one(graph: Graph, node: Decoded) -> bool:
    """Whether a Const node of the body holds the integer 1."""
    try:
        tensor = graph.value_of(node)
    except DecodeError:
        return False
    return tensor.dtype in ("DT_INT32", "DT_INT64") and tensor.size == 1 and flat(tensor.tolist()) == [1]


def if_branches(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    condition, arguments = inputs[0], inputs[1:]
    name = node["name"]
    branches = []
    results: List[List[Value]] = []
    for key in ("then_branch", "else_branch"):
        function = _function(node, key)
        sub = cx.child()
        made = sub.function(function, [value.copy() for value in arguments], f"{name}/{key}")
        if any(value is None for value in made):
            raise ConversionError(f"its {key} {function!r} does not give every result")
        kept = [value for value in made if value is not None]
        branches.append(sub.subgraph(f"{name}/{key}", kept, []))
        results.append(kept)
    then, other = results
    if len(then) != len(other) or any(a.dtype != b.dtype or a.element != b.element for a, b in zip(then, other)):
        raise ConversionError("its branches give results of different types")
    shapes = _shapes(node, len(then))
    outputs = cx.emit("If", [_truth(cx, condition)], len(then), then_branch=branches[0], else_branch=branches[1])
    return _results(cx, then, shapes, outputs)


# ---------------------------------------------------------------- TensorLists as sequences


def _element_dtype(node: Decoded) -> str:
    dtype = attr(node, "element_dtype")
    if not isinstance(dtype, str) or dtype not in ONNX_TYPES:
        raise ConversionError(f"its element_dtype {dtype} has no ONNX type")
    return dtype


def _element_shape(value: Value) -> Shape:
    """A TensorList's element shape from its element_shape input (-1 a dim unknown, a scalar -1 no shape known)."""
    known = value.ints()
    if known is None or value.rank == 0:
        return None
    return [None if dim < 0 else dim for dim in known]


def _sequence(cx: Converter, port: int, onnx_name: str, element: str, shape: Shape) -> Value:
    value = cx.result(port, "DT_VARIANT", shape, onnx=onnx_name)
    value.element = element
    return value


def _list(value: Value, what: str) -> str:
    if value.element is None:
        raise ConversionError(f"its {what} {value.tf_name!r} is no TensorList the conversion made")
    return value.element


def list_reserve(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    element = _element_dtype(node)
    (made,) = cx.emit("SequenceEmpty", [], dtype=ONNX_TYPES[element])
    value = _sequence(cx, 0, made, element, _element_shape(inputs[0]))
    value.length = 0
    return [value]


def list_from_tensor(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    tensor = inputs[0]
    (made,) = cx.emit("SplitToSequence", [cx.tf(tensor)], axis=0, keepdims=0)
    shape = None if tensor.shape is None else tensor.shape[1:]
    value = _sequence(cx, 0, made, tensor.dtype, shape if shape is not None else _element_shape(inputs[1]))
    value.source = tensor
    return [value]


def list_get_item(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    handle, index = inputs[0], inputs[1]
    element = _list(handle, "list")
    (made,) = cx.emit("SequenceAt", [cx.tf(handle), cx.tf(index)])
    shape = handle.shape if handle.shape is not None else (_element_shape(inputs[2]) if len(inputs) > 2 else None)
    return [cx.result(0, element, shape, onnx=made)]


def list_set_item(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    handle, index, item = inputs[0], inputs[1], inputs[2]
    element = _list(handle, "list")
    sequence, position = cx.tf(handle), cx.tf(index)
    if node["name"] in cx.appends:  # its index is the list's length at every step (see _appends): an insert
        (made,) = cx.emit("SequenceInsert", [sequence, cx.tf(item), position])
        return [_sequence(cx, 0, made, element, handle.shape if handle.shape is not None else item.shape)]
    # A write replaces what is at the index (TensorFlow's SetItem): erased first when the sequence reaches there.
    (length,) = cx.emit("SequenceLength", [sequence])
    (wide,) = cx.emit("Cast", [position], to=ONNX_TYPES["DT_INT64"])
    (inside,) = cx.emit("Less", [wide, length])
    erase = cx.child()
    (erased,) = erase.emit("SequenceErase", [sequence, position])
    keep = cx.child()
    (kept,) = keep.emit("Identity", [sequence])
    kind = value_info("", "DT_VARIANT", None, symbolic=False, element=element)["type"]
    then = {"name": f"{node['name']}/erase", "node": erase.nodes, "input": [],
            "output": [{"name": erased, "type": kind}]}  # fmt: skip
    other = {"name": f"{node['name']}/keep", "node": keep.nodes, "input": [], "output": [{"name": kept, "type": kind}]}
    (room,) = cx.emit("If", [inside], 1, then_branch=then, else_branch=other)
    (made,) = cx.emit("SequenceInsert", [room, cx.tf(item), position])
    return [_sequence(cx, 0, made, element, handle.shape if handle.shape is not None else item.shape)]


def list_stack(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    handle = inputs[0]
    element = _list(handle, "list")
    (made,) = cx.emit("ConcatFromSequence", [cx.tf(handle)], axis=0, new_axis=1)
    shape = None if handle.shape is None else [None, *handle.shape]
    return [cx.result(0, element, shape, onnx=made)]


def list_length(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    _list(inputs[0], "list")
    (length,) = cx.emit("SequenceLength", [cx.tf(inputs[0])])
    (made,) = cx.emit("Cast", [length], to=ONNX_TYPES["DT_INT32"])
    return [cx.result(0, "DT_INT32", [], onnx=made)]


# ---------------------------------------------------------------- TF 1's TensorArrays as sequences
#
# A TF 1 TensorArray is a handle and a flow: the ops that change it take the flow and give the next one, those that
# read it take the flow too. The flow is the sequence here (a loop carries it as a variable, as TensorFlow does);
# the handle is the same sequence as made, and no op reads it for its elements.


def _array_shape(node: Decoded) -> Shape:
    shape = attr(node, "element_shape")
    if not isinstance(shape, dict) or shape.get("unknown_rank"):
        return None
    return [None if dim["size"] < 0 else dim["size"] for dim in shape["dim"]]


def tensor_array(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    element = attr(node, "dtype")
    if not isinstance(element, str) or element not in ONNX_TYPES:
        raise ConversionError(f"its dtype {element} has no ONNX type")
    (made,) = cx.emit("SequenceEmpty", [], dtype=ONNX_TYPES[element])
    found: Outputs = []
    for port in (0, 1):  # the handle and the flow
        value = _sequence(cx, port, made, element, _array_shape(node))
        value.length = 0
        found.append(value)
    return found


def array_scatter(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    # Element indices[i] is value[i]: the rows put in index order (ScatterND over the value itself, so a
    # permutation of 0..n-1, what unstack writes, places every row), then one element a row.
    indices, tensor = inputs[1], inputs[2]
    (wide,) = cx.emit("Cast", [cx.tf(indices)], to=ONNX_TYPES["DT_INT64"])
    (column,) = cx.emit("Unsqueeze", [wide, cx.ints([-1])])
    (placed,) = cx.emit("ScatterND", [cx.tf(tensor), column, cx.tf(tensor)])
    (made,) = cx.emit("SplitToSequence", [placed], axis=0, keepdims=0)
    shape = None if tensor.shape is None else tensor.shape[1:]
    return [_sequence(cx, 0, made, tensor.dtype, shape)]


def array_read(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    return list_get_item(cx, node, [inputs[2], inputs[1]])


def array_write(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    return list_set_item(cx, node, [inputs[3], inputs[1], inputs[2]])


def array_gather(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    flow, indices = inputs[2], inputs[1]
    element = _list(flow, "flow")
    (stacked,) = cx.emit("ConcatFromSequence", [cx.tf(flow)], axis=0, new_axis=1)
    (wide,) = cx.emit("Cast", [cx.tf(indices)], to=ONNX_TYPES["DT_INT64"])
    (made,) = cx.emit("Gather", [stacked, wide], axis=0)
    shape = None if flow.shape is None else [None, *flow.shape]
    return [cx.result(0, element, shape, onnx=made)]


def array_size(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    return list_length(cx, node, [inputs[1]])


def array_close(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    return []
