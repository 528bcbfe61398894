# SPDX-License-Identifier: Apache-2.0
"""Keras' LSTM and GRU loops as one ONNX ``LSTM`` or ``GRU``: what a ``While`` runs step by step, run by
onnxruntime's own kernels.

Strategy: Keras (``tf_keras``'s ``standard_lstm``, ``unroll=False``) runs an LSTM as a ``While`` whose body reads
step ``time`` of the inputs (``TensorListGetItem``), computes ``z = x_t W + h U + b``, splits it in four gates
(input, forget, cell, output), makes ``c' = sigmoid(f) c + sigmoid(i) tanh(g)`` and ``h' = sigmoid(o) tanh(c')``,
writes ``h'`` to its output list (at ``time``: every step; or at 0: the last only) and adds 1 to ``time``, while
``time`` is below the number of steps. That body is recognised node by node (every role found and checked: the ops,
their inputs, the gates' split, the kernels the loop takes from outside); anything else is left to the generic
``Loop``.
Recognised, the loop is ONNX's ``LSTM`` over the tensor the input list was made from: the kernels' gates reordered
to ONNX's (input, output, forget, cell) and transposed by ops onnxruntime folds once, the initial state given, and
each of the ``While``'s outputs made from ``LSTM``'s: the output list a sequence of every step's ``h`` (or of the
last), ``h`` and ``c`` the final state, ``time`` and the step counter advanced by the number of steps, the rest
passed through. Keras' GRU (``reset_after``, TF 2's default) the same way: ``z = sigmoid(x_z + h_z)``,
``r = sigmoid(x_r + h_r)``, ``g = tanh(x_g + r h_g)``, ``h' = z h + (1 - z) g``, with ``x = x_t W + b_x`` and
``h_ = h U + b_h`` split in three, is ONNX's ``GRU`` with ``linear_before_reset`` (the same gate order; the two
biases one after the other). A sequence of no step is not run by ``LSTM`` or ``GRU`` (onnxruntime refuses it)
where the ``Loop`` would give the initial state.
"""

from __future__ import annotations

from .._errors import DecodeError
from .nodeparts import attr
from .values import ONNX_TYPES, Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Dict, Final, List, Optional, Tuple

    from .._typing import Decoded
    from .converter import Converter

    Outputs = List[Optional[Value]]
    Source = Tuple[Any, ...]  # ("arg", index) or ("node", node dict, output name, index)


class _Body:
    """A function's body as the matcher walks it: its arguments, nodes, and each result's source."""

    def __init__(self, function: Decoded) -> None:
        self.args = [arg["name"] for arg in function["signature"]["input_arg"]]
        self.nodes = {node["name"]: node for node in function["node_def"]}
        self.results = [self.source(function["ret"].get(arg["name"], ""))
                        for arg in function["signature"]["output_arg"]]  # fmt: skip

    def source(self, reference: str) -> Source:
        """Where a reference comes from, through Identity nodes: an argument, or a node's output."""
        for _ in range(len(self.nodes) + 1):
            if reference in self.args:
                return ("arg", self.args.index(reference))
            name, _, rest = reference.partition(":")
            node = self.nodes.get(name)
            if node is None:
                return ("missing",)
            if node["op"] != "Identity":
                output, _, index = rest.partition(":")
                return ("node", node, output, int(index or 0))
            reference = next((item for item in node["input"] if not item.startswith("^")), "")
        return ("missing",)

    def inputs(self, node: Decoded) -> List[Source]:
        return [self.source(item) for item in node["input"] if not item.startswith("^")]


def _op(source: Source, op: str) -> Optional[Decoded]:
    return source[1] if source[0] == "node" and source[1]["op"] == op else None


def _arg(source: Source) -> Optional[int]:
    return source[1] if source[0] == "arg" else None


def _split_port(source: Source, split: Decoded) -> Optional[int]:
    """Which gate a ``Sigmoid``/``Tanh`` input is: the port of *split* it reads."""
    if source[0] != "node" or source[1] is not split:
        return None
    return int(source[3])


def _gate(body: _Body, source: Source, op: str, split: Optional[Decoded]) -> Optional[Tuple[Decoded, int]]:
    """``op(split:k)``: the split and k."""
    node = _op(source, op)
    if node is None:
        return None
    (inner,) = body.inputs(node) or [("missing",)]
    found = _op(inner, "Split")
    if found is None or (split is not None and found is not split):
        return None
    return found, int(inner[3])


def _is_int(cx: Converter, source: Source, number: int) -> bool:
    node = _op(source, "Const")
    if node is None:
        return False
    tensor = cx.frozen.graph.value_of(node)
    return tensor.dtype in ("DT_INT32", "DT_INT64") and tensor.size == 1 and tensor.tolist() in (number, [number])


def _match(cx: Converter, body: _Body, cond: _Body) -> Optional[Dict[str, int]]:
    """The loop variables' roles in a Keras LSTM body (argument indexes), or None when it is not one."""
    writes = [(k, node) for k, result in enumerate(body.results) if (node := _op(result, "TensorListSetItem"))]
    if len(writes) != 1:
        return None
    out, write = writes[0]
    listed, index, item = body.inputs(write)
    if _arg(listed) != out:
        return None
    h_node = _op(item, "Mul")
    if h_node is None:
        return None
    h_var = next((k for k, result in enumerate(body.results) if k != out and result[0] == "node"
                  and result[1] is h_node), None)  # fmt: skip
    # h' = sigmoid(o) * tanh(c')
    gates = [_gate(body, source, "Sigmoid", None) for source in body.inputs(h_node)]
    tanhs = [_op(source, "Tanh") for source in body.inputs(h_node)]
    if h_var is None or len(gates) != 2:
        return None
    pick = 0 if gates[0] is not None and tanhs[1] is not None else 1
    output_gate, c_tanh = gates[pick], tanhs[1 - pick]
    if output_gate is None or c_tanh is None or output_gate[1] != 3:
        return None
    split = output_gate[0]
    (c_source,) = body.inputs(c_tanh)
    c_node = _op(c_source, "AddV2")
    c_var = next((k for k, result in enumerate(body.results) if result[0] == "node" and result[1] is c_node), None)
    if c_node is None or c_var is None:
        return None
    # c' = sigmoid(f) * c + sigmoid(i) * tanh(g)
    kept = fresh = None
    for term in body.inputs(c_node):
        product = _op(term, "Mul")
        if product is None:
            return None
        factors = body.inputs(product)
        sigmoids = [_gate(body, factor, "Sigmoid", split) for factor in factors]
        if any(found is not None and found[1] == 1 for found in sigmoids) and c_var in [_arg(f) for f in factors]:
            kept = True
        elif any(found is not None and found[1] == 0 for found in sigmoids) and any(
            (found := _gate(body, factor, "Tanh", split)) is not None and found[1] == 2 for factor in factors
        ):
            fresh = True
    if not (kept and fresh) or attr(split, "num_split") != 4:
        return None
    # z = BiasAdd(x_t W + h U, b), split along the last axis
    axis, biased = body.inputs(split)
    if not (_is_int(cx, axis, 1) or _is_int(cx, axis, -1)):
        return None
    bias_add = _op(biased, "BiasAdd")
    if bias_add is None or attr(bias_add, "data_format", b"NHWC") not in (b"NHWC", "NHWC"):
        return None
    summed, bias = body.inputs(bias_add)
    total = _op(summed, "AddV2") or _op(summed, "Add")
    if total is None or _arg(bias) is None:
        return None
    roles = {"out": out, "h": h_var, "c": c_var, "bias": _arg(bias) or 0}
    for product_source in body.inputs(total):
        product = _op(product_source, "MatMul")
        if product is None or attr(product, "transpose_a") or attr(product, "transpose_b"):
            return None
        left, right = body.inputs(product)
        read = _op(left, "TensorListGetItem")
        if read is not None and _arg(right) is not None:
            from_list, step = body.inputs(read)[:2]
            if _arg(from_list) is None or _arg(step) is None:
                return None
            roles.update(kernel=_arg(right) or 0, inputs=_arg(from_list) or 0, time=_arg(step) or 0)
        elif _arg(left) == h_var and _arg(right) is not None:
            roles["recurrent"] = _arg(right) or 0
        else:
            return None
    if not {"kernel", "recurrent"} <= roles.keys():
        return None
    return _loop_roles(cx, body, cond, roles, index)


def _adds_one(cx: Converter, body: _Body, node: Decoded, variable: int) -> bool:
    operands = body.inputs(node)
    return (
        len(operands) == 2
        and any(_arg(item) == variable for item in operands)
        and any(_is_int(cx, item, 1) for item in operands)
    )


def _is_float(cx: Converter, source: Source, number: float) -> bool:
    node = _op(source, "Const")
    if node is None:
        return False
    tensor = cx.frozen.graph.value_of(node)
    return tensor.dtype == "DT_FLOAT" and tensor.size == 1 and tensor.tolist() in (number, [number])


def _projection(body: _Body, split_source: Source) -> Optional[Tuple[Decoded, Source, Source, Source]]:
    """``Split(axis, BiasAdd(MatMul(a, kernel), bias))`` of three parts: the split, a, kernel and bias."""
    split = _op(split_source, "Split")
    if split is None or attr(split, "num_split") != 3:
        return None
    _, biased = body.inputs(split)
    bias_add = _op(biased, "BiasAdd")
    if bias_add is None:
        return None
    product, bias = body.inputs(bias_add)
    matmul = _op(product, "MatMul")
    if matmul is None or attr(matmul, "transpose_a") or attr(matmul, "transpose_b"):
        return None
    left, right = body.inputs(matmul)
    return split, left, right, bias


def _match_gru(cx: Converter, body: _Body, cond: _Body) -> Optional[Dict[str, int]]:
    """The loop variables' roles in a Keras GRU body (``reset_after``: the recurrent bias inside the reset), or
    None: ``z = sigmoid(x_z + h_z)``, ``r = sigmoid(x_r + h_r)``, ``g = tanh(x_g + r h_g)``, ``h' = z h + (1 - z) g``
    with ``x = x_t W + b_x`` and ``h_ = h U + b_h`` split in three."""
    writes = [(k, node) for k, result in enumerate(body.results) if (node := _op(result, "TensorListSetItem"))]
    if len(writes) != 1:
        return None
    out, write = writes[0]
    listed, index, item = body.inputs(write)
    h_node = _op(item, "AddV2")
    h_var = next((k for k, result in enumerate(body.results) if k != out and result[0] == "node"
                  and result[1] is h_node), None)  # fmt: skip
    if _arg(listed) != out or h_node is None or h_var is None:
        return None
    kept = fresh = None
    z_node = candidate = None
    for term in body.inputs(h_node):
        product = _op(term, "Mul")
        if product is None:
            return None
        factors = body.inputs(product)
        if h_var in [_arg(factor) for factor in factors]:
            kept = next((_op(factor, "Sigmoid") for factor in factors if _op(factor, "Sigmoid")), None)
        else:
            complement = next((_op(factor, "Sub") for factor in factors if _op(factor, "Sub")), None)
            candidate = next((_op(factor, "Tanh") for factor in factors if _op(factor, "Tanh")), None)
            if complement is not None:
                one, z_source = body.inputs(complement)
                z_node = _op(z_source, "Sigmoid")
                fresh = _is_float(cx, one, 1.0)
    if kept is None or not fresh or z_node is not kept or candidate is None:
        return None

    # z = sigmoid(x:0 + h:0); r = sigmoid(x:1 + h:1); g = tanh(x:2 + r * h:2)
    def parts(node: Decoded) -> List[Source]:
        (inner,) = body.inputs(node)
        adding = _op(inner, "AddV2")
        return body.inputs(adding) if adding is not None else []

    z_parts, g_parts = parts(z_node), parts(candidate)
    if len(z_parts) != 2 or len(g_parts) != 2 or z_parts[0][0] != "node" or z_parts[1][0] != "node":
        return None
    x_split, h_split = z_parts[0][1], z_parts[1][1]
    if int(z_parts[0][3]) != 0 or int(z_parts[1][3]) != 0:
        return None
    x_projection, h_projection = _projection(body, ("node", x_split)), _projection(body, ("node", h_split))
    if x_projection is None or h_projection is None:
        return None
    gated = _op(g_parts[1], "Mul")
    if g_parts[0][0] != "node" or g_parts[0][1] is not x_split or int(g_parts[0][3]) != 2 or gated is None:
        return None
    reset, recurrent_part = body.inputs(gated)
    r_node = _op(reset, "Sigmoid")
    if r_node is None or recurrent_part[0] != "node" or recurrent_part[1] is not h_split or int(recurrent_part[3]) != 2:
        return None
    r_parts = parts(r_node)
    if len(r_parts) != 2 or any(item[0] != "node" or int(item[3]) != 1 for item in r_parts):
        return None
    if r_parts[0][1] is not x_split or r_parts[1][1] is not h_split:
        return None
    for split in (x_split, h_split):
        axis = body.inputs(split)[0]
        if not (_is_int(cx, axis, 1) or _is_int(cx, axis, -1)):
            return None
    _, x_left, kernel, bias_x = x_projection
    _, h_left, recurrent, bias_h = h_projection
    read = _op(x_left, "TensorListGetItem")
    if read is None or _arg(h_left) != h_var:
        return None
    from_list, step = body.inputs(read)[:2]
    roles = {"out": out, "h": h_var, "kernel": _arg(kernel), "recurrent": _arg(recurrent), "bias": _arg(bias_x),
             "recurrent_bias": _arg(bias_h), "inputs": _arg(from_list), "time": _arg(step)}  # fmt: skip
    if any(value is None for value in roles.values()):
        return None
    found = {key: int(value or 0) for key, value in roles.items()}
    return _loop_roles(cx, body, cond, found, index)


def _loop_roles(
    cx: Converter, body: _Body, cond: _Body, roles: Dict[str, int], index: Source
) -> Optional[Dict[str, int]]:
    """The roles the RNN loops share, checked: the write at ``time`` or 0, ``time`` and a counter up by 1, every
    other variable passed on, the condition ``time < steps``."""
    if _arg(index) == roles["time"]:
        roles["every_step"] = 1
    elif _is_int(cx, index, 0):
        roles["every_step"] = 0
    else:
        return None
    advance = _op(body.results[roles["time"]], "AddV2")
    if advance is None or not _adds_one(cx, body, advance, roles["time"]):
        return None
    taken = {value for key, value in roles.items() if key != "every_step"}
    if len(taken) != len(roles) - 1:
        return None  # one variable in two roles
    for key in ("inputs", "kernel", "recurrent", "bias", "recurrent_bias"):
        if key in roles and _arg(body.results[roles[key]]) != roles[key]:
            return None  # the inputs' list and the weights: what the body hands on unchanged, every step
    counters = [k for k, result in enumerate(body.results) if k not in taken
                and (node := _op(result, "AddV2")) is not None and _adds_one(cx, body, node, k)]  # fmt: skip
    for k, result in enumerate(body.results):
        if k not in taken and k not in counters and _arg(result) != k:
            return None  # a variable the body changes otherwise
    roles["counter"] = counters[0] if len(counters) == 1 else -1
    if len(cond.results) != 1:
        return None
    less = _op(cond.results[0], "Less")
    if less is None:
        return None
    left, right = cond.inputs(less)
    if _arg(left) != roles["time"] or _arg(right) is None or _arg(body.results[_arg(right) or 0]) != _arg(right):
        return None
    roles["steps"] = _arg(right) or 0
    return roles


def rnn_loop(cx: Converter, node: Decoded, inputs: List[Value]) -> Optional[Outputs]:
    """The ``While`` *node*'s outputs as ONNX ``LSTM``'s or ``GRU``'s, or None when its body is no Keras LSTM or GRU
    step."""
    functions = cx.frozen.graph.functions
    names = [(node["attr"].get(key) or {}).get("func") for key in ("body", "cond")]
    if any(name is None or name.get("name") not in functions for name in names):
        return None
    body, cond = (_Body(functions[name["name"]]) for name in names if name is not None)
    if len(body.args) != len(inputs) or len(cond.args) != len(inputs):
        return None
    try:
        lstm = _match(cx, body, cond)
        roles = lstm if lstm is not None else _match_gru(cx, body, cond)
    except (DecodeError, ValueError, IndexError, KeyError, TypeError):
        return None  # a body not shaped as TensorFlow writes one (a damaged copy): the generic Loop says what is wrong
    if roles is None:
        return None
    x_list, out_list = inputs[roles["inputs"]], inputs[roles["out"]]
    kernel, recurrent, bias = inputs[roles["kernel"]], inputs[roles["recurrent"]], inputs[roles["bias"]]
    h0, time = inputs[roles["h"]], inputs[roles["time"]]
    x = x_list.source
    if (
        x is None or x.dtype != "DT_FLOAT" or out_list.length != 0 or out_list.element != "DT_FLOAT"
        or time.ints() != [0] or recurrent.shape is None or len(recurrent.shape) != 2 or recurrent.shape[0] is None
        or kernel.shape is None or len(kernel.shape) != 2 or bias.shape is None or len(bias.shape) != 1
    ):  # fmt: skip
        return None
    hidden = recurrent.shape[0]
    (initial_h,) = cx.emit("Unsqueeze", [cx.tf(h0), cx.ints([0])])
    if lstm is not None:
        every, last_h, last_c = _lstm(cx, x, kernel, recurrent, bias, initial_h, inputs[roles["c"]], hidden)
    else:
        every, last_h = _gru(cx, x, kernel, recurrent, bias, inputs[roles["recurrent_bias"]], initial_h, hidden)
        last_c = ""
    batch = None if h0.shape is None or not h0.shape else h0.shape[0]
    step_shape = [batch, hidden]
    outputs: Outputs = []
    for k, value in enumerate(inputs):
        if k == roles["h"] or k == roles.get("c"):
            (made,) = cx.emit("Squeeze", [last_h if k == roles["h"] else last_c, cx.ints([0])])
            outputs.append(cx.result(k, "DT_FLOAT", step_shape, onnx=made))
        elif k == roles["out"]:
            if roles["every_step"]:
                (steps_h,) = cx.emit("Squeeze", [every, cx.ints([1])])
                (made,) = cx.emit("SplitToSequence", [steps_h], axis=0, keepdims=0)
            else:
                (final,) = cx.emit("Squeeze", [last_h, cx.ints([0])])
                (made,) = cx.emit("SequenceConstruct", [final])
            listed = cx.result(k, "DT_VARIANT", step_shape, onnx=made)
            listed.element = "DT_FLOAT"
            outputs.append(listed)
        elif k in (roles["time"], roles["counter"]):
            steps = inputs[roles["steps"]]
            if value.dtype != steps.dtype:
                (count,) = cx.emit("Cast", [cx.tf(steps)], to=ONNX_TYPES[value.dtype])
            else:
                count = cx.tf(steps)
            (made,) = cx.emit("Add", [cx.tf(value), count])
            outputs.append(cx.result(k, value.dtype, value.shape, onnx=made))
        else:
            outputs.append(value)
    return outputs


def _rows(cx: Converter, weights: Value, gates: int, order: Optional[List[int]]) -> str:
    """A Keras kernel ([inputs, gates * units]) as ONNX's ([1, gates * units, inputs]), its gates put in *order*."""
    name = cx.tf(weights)
    if order is not None:
        width = weights.shape[1] if weights.shape is not None and len(weights.shape) == 2 else None
        if width is None:
            raise ValueError("an LSTM kernel of unknown size")
        parts = cx.emit("Split", [name, cx.ints([width // gates] * gates)], gates, axis=1)
        (name,) = cx.emit("Concat", [parts[index] for index in order], axis=1)
    (rows,) = cx.emit("Transpose", [name], perm=[1, 0])
    return cx.emit("Unsqueeze", [rows, cx.ints([0])])[0]


# Keras' LSTM gates (input, forget, cell, output) in ONNX's order (input, output, forget, cell).
_LSTM_ORDER: Final = [0, 3, 1, 2]


def _lstm(cx: Converter, x: Value, kernel: Value, recurrent: Value, bias: Value, initial_h: str, c0: Value,
          hidden: int) -> List[str]:  # fmt: skip
    parts = cx.emit("Split", [cx.tf(bias), cx.ints([hidden] * 4)], 4, axis=0)
    (ordered,) = cx.emit("Concat", [parts[index] for index in _LSTM_ORDER], axis=0)
    (zeros,) = cx.emit("Sub", [ordered, ordered])  # ONNX's recurrent bias: Keras' LSTM has one bias
    (both,) = cx.emit("Concat", [ordered, zeros], axis=0)
    (biases,) = cx.emit("Unsqueeze", [both, cx.ints([0])])
    (initial_c,) = cx.emit("Unsqueeze", [cx.tf(c0), cx.ints([0])])
    weights = [_rows(cx, kernel, 4, _LSTM_ORDER), _rows(cx, recurrent, 4, _LSTM_ORDER)]
    return cx.emit("LSTM", [cx.tf(x), *weights, biases, "", initial_h, initial_c], 3, hidden_size=hidden)


def _gru(cx: Converter, x: Value, kernel: Value, recurrent: Value, bias: Value, recurrent_bias: Value,
         initial_h: str, hidden: int) -> List[str]:  # fmt: skip
    # Keras' GRU gates (update, reset, candidate) are ONNX's order; reset_after is linear_before_reset.
    (both,) = cx.emit("Concat", [cx.tf(bias), cx.tf(recurrent_bias)], axis=0)
    (biases,) = cx.emit("Unsqueeze", [both, cx.ints([0])])
    weights = [_rows(cx, kernel, 3, None), _rows(cx, recurrent, 3, None)]
    return cx.emit("GRU", [cx.tf(x), *weights, biases, "", initial_h], 2, hidden_size=hidden, linear_before_reset=1)
