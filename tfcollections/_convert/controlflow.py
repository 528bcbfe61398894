# SPDX-License-Identifier: Apache-2.0
"""Control flow and TensorLists: TF 2's functional ``While`` and ``If`` as ONNX ``Loop`` and ``If``, a ``TensorList``
as an ONNX sequence.

Strategy: a ``While`` runs ``cond`` and ``body``, functions of the loop's variables; ONNX's ``Loop`` runs a body
graph while a condition holds. The condition is computed once on the initial variables in the outer graph (TF
checks it before the first iteration, as ``Loop`` checks its ``cond`` input), and the body graph computes the
body's results and then the condition on them for the next iteration. An ``If`` becomes ONNX's ``If``, each branch
a graph of no inputs that reads the branch's arguments from the scope outside it. The functions' bodies are
converted by the same op table in a converter of their own (``Converter.child``), so a loop body's values never
leak out of it; the shapes TensorFlow recorded (``output_shapes``) are the loop variables'. TensorLists and TF 1's
TensorArrays, which loops carry, are ONNX sequences (``tensorlists``); a list the body only appends to leaves the
loop as a scan output.
"""

from __future__ import annotations

from .._errors import ConversionError, DecodeError
from .._graph.graphdef import split_tensor_name
from .._typing import cast
from .nodeparts import attr
from .rnn import rnn_loop
from .values import ONNX_TYPES, Value, flat, same_value, shape_text, value_info

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Final, List, Optional, Set, Tuple

    from .._graph.graphdef import Graph
    from .._typing import Decoded
    from .converter import Converter
    from .frames import Cond, Frame
    from .values import Shape

    Outputs = List[Optional[Value]]


#: The most terms a loop's condition is looked into for its bounds (TensorFlow's have two: the step, the time).
_MOST_TERMS: Final = 64


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
    recorded = _shapes(node, len(inputs))
    # TensorFlow checks the condition before the first iteration: on the initial variables, in the outer graph.
    (first,) = cx.function(cond, [value.copy() for value in inputs], f"{name}/cond")[:1] or [None]
    if first is None:
        raise ConversionError(f"its cond function {cond!r} gives no result")
    functions = cx.frozen.graph.functions
    appends, bounds = _appends(cx.frozen.graph, functions.get(body), functions.get(cond), inputs)

    def run_body(sub: Converter, carried: List[Value]) -> Tuple[List[Value], Value]:
        sub.appends = {f"{name}/body/{item}" for item in appends}
        results = sub.function(body, carried, f"{name}/body")
        if len(results) != len(inputs) or any(result is None for result in results):
            raise ConversionError(f"its body {body!r} gives {len(results)} result(s) for {len(inputs)} loop "
                                  "variable(s)")  # fmt: skip
        made = [result for result in results if result is not None]
        _check_types(inputs, made, f"its body {body!r}")
        (again,) = sub.function(cond, [value.copy() for value in made], f"{name}/cond_next")[:1] or [None]
        if again is None:
            raise ConversionError(f"its cond function {cond!r} gives no result")
        return made, again

    # A loop variable of a rank TensorFlow recorded keeps it; one it recorded none for keeps what the body keeps.
    ranks = [None if shape is None else len(shape) for shape in recorded]
    start = [_start_shape(shape, value) for shape, value in zip(recorded, inputs)]
    return _settle(cx, name, inputs, start, ranks, run_body).loop(cx, name, first, inputs, bounds)


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
    appends, bounds = _frame_appends(cx, frame, variables, read_only)

    def run_body(sub: Converter, carried: List[Value]) -> Tuple[List[Value], Value]:
        switched = {f"{switch}:1": value for switch, value in zip(frame.switches, carried)}
        sub.appends = appends
        made = sub.run_nodes(frame.body, {**bound, **switched}, frame.nexts)
        _check_types(variables, made, "its body")
        merged = {f"{merge}:0": value.copy() for merge, value in zip(frame.merges, made)}
        (again,) = sub.run_nodes(frame.cond, {**bound, **merged}, [frame.cond_tensor])
        return made, again

    # A TF 1 loop variable keeps its rank (a sequence its elements' shape), its dims what the body keeps of them.
    ranks = [None if value.shape is None or value.element is not None else len(value.shape) for value in variables]
    start = [value.shape for value in variables]
    return _settle(cx, name, variables, start, ranks, run_body).loop(cx, name, first, variables, bounds)


def _start_shape(recorded: Shape, value: Value) -> Shape:
    """A loop variable's shape before the body is run: the loop's input's where TensorFlow recorded none (or one of
    another rank: a variable's handle, which freezing made its value), else each dim both know alike (a dim a shape
    invariant leaves open stays open)."""
    if value.element is not None or recorded is None:
        return value.shape
    if value.shape is None:
        return recorded
    if len(recorded) != len(value.shape):
        return value.shape
    return [dim if dim == recorded_dim else None for dim, recorded_dim in zip(value.shape, recorded)]


def _relaxed(shape: Shape, result: Shape, rank: Optional[int]) -> Shape:
    """What a loop variable of *shape* is known to be after a step gave *result*: the dims both agree on; of the
    rank *rank* (when known) where they do not agree on one, else of no known rank."""
    if shape is None or result is None or len(shape) != len(result):
        return [None] * rank if rank is not None and shape is not None and len(shape) == rank else None
    return [dim if dim == other else None for dim, other in zip(shape, result)]


class _Body:
    """A loop's body as ``_settle`` converted it: its converter, the graph inputs and results of the variables it
    carries, its condition for the next step, the shapes of the loop's variables, and which it does not carry."""

    def __init__(self, name: str, sub: Converter, graph_inputs: List[Decoded], made: List[Value], again: Value,
                 shapes: List[Shape], reserved: List[Optional[int]], invariant: Set[int],
                 scanned: Set[int]) -> None:  # fmt: skip
        self.sub, self.graph_inputs, self.shapes, self.invariant = sub, graph_inputs, shapes, invariant
        self.reserved, self.scanned = reserved, scanned
        self.results = [value for index, value in enumerate(made) if index not in invariant | scanned]
        # Each scanned list's item a step gives: what it appends (all of them kept), or what it writes whole (the
        # last kept).
        self.appending = {index for index in scanned if made[index].appended is not None}
        self.scans = [cast("Value", made[index].appended or made[index].whole) for index in sorted(scanned)]
        self.condition = Value(f"{name}/body/condition_next", "DT_BOOL", [])
        self.condition.onnx = _truth(sub, again)

    def graph(self, name: str) -> Decoded:
        return self.sub.subgraph(f"{name}/body", [self.condition, *self.results, *self.scans], self.graph_inputs)

    def loop(self, cx: Converter, name: str, first: Value, variables: List[Value], bounds: List[Value]) -> Outputs:
        """The ``Loop`` node and the loop's results: a variable the body gives back as it is (a weight a TF 2 loop
        passes along) is read from the outer scope inside the body, not carried, and is its own result; a list the
        body only appends to (an RNN's outputs, at its step) is the Loop's scan output, its rows the list's items
        (all of them, with no zeros to add, where the loop runs as many steps as the list was reserved with: each
        of *bounds*, what the condition compares step counters with, is that count); a list of one item the body
        writes whole and never reads is a scan output too, its last row the item."""
        left_out = self.invariant | self.scanned
        carried = [value for index, value in enumerate(variables) if index not in left_out]
        outputs = cx.emit("Loop", ["", _truth(cx, first), *[cx.tf(value) for value in carried]],
                          len(carried) + len(self.scans), body=self.graph(name))  # fmt: skip
        kept_outputs, scan_outputs = iter(outputs[: len(carried)]), iter(outputs[len(carried) :])
        found: Outputs = []
        for index, value in enumerate(variables):
            if index in self.invariant:
                kept = value.copy()
                kept.tf_name = f"{cx.node['name']}:{index}"
                found.append(kept)
                continue
            stacked, count = None, value.count
            if index in self.appending:
                # The rows are the items in order: the list, which a stack reads as the tensor it is (its source).
                stacked = cx.result(index, cast("str", value.element), None, onnx=next(scan_outputs))
                reserved_with = value.count
                if reserved_with is not None and bounds and all(same_value(b, reserved_with) for b in bounds):
                    count = None
                if self.shapes[index] is not None:
                    stacked.shape = [None, *(self.shapes[index] or [])]
                made = cx.emit("SplitToSequence", [stacked.onnx or ""], axis=0, keepdims=0)[0]
            elif index in self.scanned:
                # The last step's item (an error where the loop ran no step, as the list's stack would be).
                (last,) = cx.emit("Gather", [next(scan_outputs), cx.scalar(-1, "DT_INT64")], axis=0)
                made, count = cx.emit("SequenceConstruct", [last])[0], None
            else:
                made = next(kept_outputs)
            result = cx.result(index, value.dtype, self.shapes[index], onnx=made)
            result.element, result.reserved, result.source = value.element, self.reserved[index], stacked
            result.count = count
            found.append(result)
        return found


def _settle(
    cx: Converter,
    name: str,
    variables: List[Value],
    shapes: List[Shape],
    ranks: List[Optional[int]],
    run_body: Callable[[Converter, List[Value]], Tuple[List[Value], Value]],
) -> _Body:
    """A loop's body converted on loop variables whose shapes hold at every iteration: converted on *shapes* (the
    loop's inputs'), then again on what each step keeps of them, until a step keeps them all (a fixed point: each
    pass only opens dims or ranks, so it comes within a pass a variable). A variable the body gives back as it is
    is then bound to the loop's input itself (its value, and its constant, seen inside), in one last pass. The
    passes that are not kept are undone."""
    mark = cx.mark()
    reserved = [value.reserved for value in variables]  # a list's TensorFlow length, while every step keeps it
    # A list that starts empty, its elements' shape unknown (reserved for encoded ragged rows): what the body writes
    # is all it will hold, so the first pass's writes give that shape, which later passes relax as any other.
    unwritten = {index for index, value in enumerate(variables)
                 if value.element is not None and value.length == 0 and shapes[index] is None}  # fmt: skip
    last: Optional[Tuple[int, Shape, Shape]] = None
    for _ in range(2 * len(variables) + 2):
        sub, graph_inputs, carried, made, again = _body_pass(cx, name, variables, shapes, reserved, set(), run_body)
        kept = [length if after.reserved == length else None for length, after in zip(reserved, made)]
        settled = [after.shape if index in unwritten else _relaxed(shape, after.shape, rank)
                   for index, (shape, after, rank) in enumerate(zip(shapes, made, ranks))]  # fmt: skip
        unwritten = set()
        if settled == shapes and kept == reserved:
            break
        if settled == shapes:  # a step changes a list's length: once more, the length unknown
            reserved = kept
            cx.rewind(mark)
            continue
        changed = next(index for index, (before, after) in enumerate(zip(shapes, settled)) if before != after)
        last = (changed, shapes[changed], settled[changed])
        shapes = settled
        cx.rewind(mark)
    else:
        index, before, after = last or (0, shapes[0], shapes[0])
        raise ConversionError(f"its body's shapes do not settle: loop variable {index} "
                              f"({variables[index].tf_name!r}) goes from {shape_text(before)} to "
                              f"{shape_text(after)} after {2 * len(variables) + 2} passes")  # fmt: skip
    invariant = {index for index, (before, after) in enumerate(zip(carried, made))
                 if after.onnx == before.onnx and after.nchw is None}  # fmt: skip
    # A list of one item each step writes whole (a Keras RNN keeping its last output) and the body never reads:
    # the item is a scan output, not a sequence carried and rebuilt each step.
    # A list the body only appends to, from empty (an RNN's outputs at its step): the item is a scan output too.
    read = _names_read(sub.nodes)
    scanned = {index for index, (before, after) in enumerate(zip(carried, made))
               if index not in invariant and after.whole is not None and before.onnx not in read}  # fmt: skip
    inside = _names_read([item for node in sub.nodes for item in _bodies(node)])
    for index, (given, entry, step) in enumerate(zip(variables, carried, made)):
        if index not in invariant and step.appended is not None and given.length == 0:
            readers = [node for node in sub.nodes if entry.onnx in node["input"]]
            if [node["output"] for node in readers] == [[step.onnx]] and entry.onnx not in inside:
                scanned.add(index)
    if invariant or scanned:
        cx.rewind(mark)
        sub, graph_inputs, carried, made, again = _body_pass(cx, name, variables, shapes, reserved,
                                                             invariant | scanned, run_body, scanned)  # fmt: skip
        if any(made[index].whole is None and made[index].appended is None for index in scanned):
            raise ConversionError("its body converts two ways (a list scanned in one pass, not in the next)")
    for index, (given, step) in enumerate(zip(variables, made)):
        # A list's count of items reserved is the loop's input's at every step (no op the table takes changes it;
        # a list written whole holds its one item): one reserved anew in the body would need carrying too.
        if given.element is not None and not _same_count(step.count, given.count) and step.whole is None:
            raise ConversionError(f"its body gives loop variable {index} ({given.tf_name!r}) as a list reserved "
                                  "in the body, whose count of items TensorFlow's reads take and the loop does "
                                  "not carry")  # fmt: skip
    return _Body(name, sub, graph_inputs, made, again, shapes, reserved, invariant, scanned)


def _bodies(node: Decoded) -> List[Decoded]:
    """The nodes of *node*'s subgraphs (a branch's, a loop's), not of theirs."""
    return [inner for item in node["attribute"] if item.get("type") == "GRAPH" for inner in item["g"]["node"]]


def _names_read(nodes: List[Decoded]) -> Set[str]:
    """Every name *nodes* read, their subgraphs' nodes' too (a name a subgraph makes and reads itself counted as
    read: more than the truth, never less)."""
    found: Set[str] = set()
    for node in nodes:
        found.update(node["input"])
        for item in node["attribute"]:
            if item.get("type") == "GRAPH":
                found |= _names_read(item["g"]["node"])
    return found


def _body_pass(
    cx: Converter,
    name: str,
    variables: List[Value],
    shapes: List[Shape],
    reserved: List[Optional[int]],
    invariant: Set[int],
    run_body: Callable[[Converter, List[Value]], Tuple[List[Value], Value]],
    scanned: Optional[Set[int]] = None,
) -> Tuple[Converter, List[Decoded], List[Value], List[Value], Value]:
    """One conversion of a loop's body in a converter of its own: each variable carried (a graph input of its
    shape) or, if in *invariant* and not *scanned*, the loop's input itself (a *scanned* list: a name the body
    does not read, no graph input). Gives the converter, its graph inputs, the values the body was given, its
    results and its condition for the next step."""
    scanned = scanned or set()
    sub = cx.child()
    graph_inputs = [value_info(f"{name}/body/iteration", "DT_INT64", [], symbolic=False),
                    value_info(f"{name}/body/condition", "DT_BOOL", [], symbolic=False)]  # fmt: skip
    carried: List[Value] = []
    for index, (value, shape) in enumerate(zip(variables, shapes)):
        if index in invariant and index not in scanned:
            carried.append(value.copy())
            continue
        onnx_name = f"{name}/body/input_{index}"
        carried_value = Value(onnx_name, value.dtype, None if shape is None else list(shape))
        carried_value.onnx, carried_value.element = onnx_name, value.element
        carried_value.reserved, carried_value.count = reserved[index], value.count
        carried.append(carried_value)
        if index not in scanned:
            graph_inputs.append(value_info(onnx_name, value.dtype, shape, symbolic=False, element=value.element))
    made, again = run_body(sub, carried)
    return sub, graph_inputs, carried, made, again


def _check_types(before: List[Value], after: List[Value], what: str) -> None:
    for index, (value, made) in enumerate(zip(before, after)):
        if value.dtype != made.dtype or value.element != made.element:
            raise ConversionError(f"{what} makes loop variable {index} {made.element or made.dtype}, from "
                                  f"{value.element or value.dtype}")  # fmt: skip


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
    _same_counts(then, other)
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


def _frame_appends(
    cx: Converter, frame: Frame, variables: List[Value], read_only: List[Value]
) -> Tuple[Set[str], List[Value]]:
    """The frame's ``TensorArrayWriteV3`` nodes that only ever append (as ``_appends`` finds a While's): each writes
    the flow of a variable that starts as an empty sequence, at a variable that starts at 0 and that the body adds 1
    to, and is that variable's next value. dynamic_rnn writes its step's output so, at ``time``. And the loop's
    bounds (``_bounds``): the values from outside (``Enter``) its condition compares those counters with."""
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
    merges = {f"{merge}:0": index for index, merge in enumerate(frame.merges)}
    entered = {f"{enter}:0": value for enter, value in zip(frame.invariants, read_only)}
    in_cond = {node["name"]: node for node in frame.cond}

    def term(reference: str) -> Any:
        """A tensor of the condition: a variable (its index), a value from outside, or a node of the condition."""
        for _ in range(len(in_cond) + 1):
            name, port = split_tensor_name(reference)
            key = f"{name}:{port}"
            if key in merges or key in entered:
                return merges.get(key, entered.get(key))
            node = in_cond.get(name)
            if node is None or node["op"] != "Identity":
                return node
            reference = next((item for item in node["input"] if not item.startswith("^")), "")
        return None

    return found, _bounds(term, frame.cond_tensor, counters)


def _same_counts(then: List[Value], other: List[Value]) -> None:
    """Refuses branches that give lists reserved with different counts of items: the If's result is one sequence,
    and TensorFlow's reads of it take the count."""
    for index, (a, b) in enumerate(zip(then, other)):
        if not _same_count(a.count, b.count):
            raise ConversionError(f"its branches give result {index} as lists reserved with different counts of "
                                  "items, which the If's one sequence does not carry")  # fmt: skip


def _same_count(a: Optional[Value], b: Optional[Value]) -> bool:
    return (a is None and b is None) or (a is not None and b is not None and same_value(a, b))


def _results(cx: Converter, values: List[Value], shapes: List[Shape], outputs: List[str]) -> Outputs:
    """A loop's or branch's outputs: each of the dtype of the value it stands for (a list with its elements'), and of
    the shape TensorFlow recorded for it (a list: its elements' shape as the conversion knows it)."""
    found: Outputs = []
    for index, (value, onnx_name) in enumerate(zip(values, outputs)):
        result = cx.result(index, value.dtype, shapes[index] if value.element is None else value.shape, onnx=onnx_name)
        result.element, result.count = value.element, value.count
        found.append(result)
    return found


def _appends(
    graph: Graph, body: Optional[Decoded], cond: Optional[Decoded], inputs: List[Value]
) -> Tuple[Set[str], List[Value]]:
    """The body's ``TensorListSetItem`` nodes that only ever append: each writes a loop variable that starts as an
    empty list, at the index of a loop variable that starts at 0 and that the body adds 1 to, and gives the list
    back as that variable. The list's length is then the index at every iteration (TensorFlow's RNN loops, which
    write their step's output at ``time``), so a write is an insert: no test of the length, no ``If`` each step.
    And the loop's bounds (``_bounds``): the loop's inputs its *cond* compares those counters with, each a variable
    the body gives back as it is."""
    if body is None:
        return set(), []
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
    if cond is None or not cond["signature"]["output_arg"]:
        return found, []
    kept = {index for index, result in enumerate(results) if index < len(args) and is_argument(result, index)}
    in_cond = {node["name"]: node for node in cond["node_def"]}
    cond_args = {arg["name"]: index for index, arg in enumerate(cond["signature"]["input_arg"])}

    def term(reference: str) -> Any:
        """A tensor of the condition: a variable (its index; one the body keeps, its value outside the loop), or a
        node of the condition."""
        for _ in range(len(in_cond) + 1):
            name = reference.split(":")[0]
            if name in cond_args and ":" not in reference:
                index = cond_args[name]
                return inputs[index] if index in kept and index not in counters else index
            node = in_cond.get(name)
            if node is None or node["op"] != "Identity":
                return node
            reference = next((item for item in node["input"] if not item.startswith("^")), "")
        return None

    return found, _bounds(term, cond["ret"].get(cond["signature"]["output_arg"][0]["name"], ""), counters)


def _bounds(term: Callable[[str], Any], condition: str, counters: Set[int]) -> List[Value]:
    """What a loop's *condition* compares its step counters with, where it is that alone: ``counter < bound`` terms
    joined by ``LogicalAnd``, each counter a variable that starts at 0 and that the body adds 1 to (one of
    *counters*), each bound a value the loop does not change. The loop then runs as many steps as the least bound.
    Empty where the condition is anything else. *term* resolves a tensor of the condition: a variable's index, a
    Value from outside, or a node."""
    pending: List[str] = [condition]
    bounds: List[Value] = []
    for _ in range(_MOST_TERMS):  # a damaged function's LogicalAnd may read itself
        if not pending:
            return bounds
        node = term(pending.pop())
        if not isinstance(node, dict) or node.get("op") not in ("LogicalAnd", "Less"):
            return []
        data = [item for item in node["input"] if not item.startswith("^")]
        if len(data) != 2:
            return []
        if node["op"] == "LogicalAnd":
            pending.extend(data)
            continue
        counter, bound = term(data[0]), term(data[1])
        if not (isinstance(counter, int) and counter in counters and isinstance(bound, Value)):
            return []
        bounds.append(bound)
    return []


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
    _same_counts(then, other)
    shapes = _shapes(node, len(then))
    outputs = cx.emit("If", [_truth(cx, condition)], len(then), then_branch=branches[0], else_branch=branches[1])
    return _results(cx, then, shapes, outputs)
