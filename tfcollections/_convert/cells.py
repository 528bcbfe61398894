# SPDX-License-Identifier: Apache-2.0
"""TensorFlow's fused recurrent ops (``LSTMBlockCell``, ``BlockLSTM``, ``BlockLSTMV2``, ``GRUBlockCell``) as the
arithmetic their kernels do.

Strategy: a cell is written as TensorFlow's documentation of the op states it, each output the value the kernel
gives (the gates after their activations): for an LSTM, ``z = [x, h] w + b`` split in four gates (``i, ci, f, o``
for the first version, ``i, f, ci, o`` for ``BlockLSTMV2``), the forget bias added, the peepholes where asked,
``cs = tanh(ci) i + cs_prev f`` clipped to ``cell_clip`` when it is above 0, ``h = tanh(cs) o``. ONNX's ``LSTM`` is
not used: it clips the gates' inputs where TensorFlow clips the cell, and gives no step's gates. The sequence ops
run the cell in a ``Loop`` over the time axis, every step's seven outputs stacked; the steps from ``seq_len_max``
on are zero, as the kernel writes ``cs`` and ``h`` there (it leaves the other five unset). Each form was checked
against TensorFlow 2.21 before it was written: the gate orders, the bias, the clip at 0 (none), the zeros.
"""

from __future__ import annotations

from .._errors import ConversionError
from .nodeparts import attr, onnx_type, unsqueeze
from .values import value_info

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final, List, Optional, Sequence, Tuple

    from .._typing import Decoded
    from .converter import Converter
    from .values import Shape, Value

    Outputs = List[Optional[Value]]

_CELL_TYPES: Final = frozenset({"DT_FLOAT", "DT_HALF", "DT_DOUBLE"})
# The gates' order in w and b, by op: input, cell input, forget, output.
_LAYOUTS: Final = {"LSTMBlockCell": "icfo", "BlockLSTM": "icfo", "BlockLSTMV2": "ifco"}


def _same_type(node: Decoded, values: Sequence[Value]) -> str:
    dtype = str(attr(node, "T", values[0].dtype))
    if dtype not in _CELL_TYPES or any(value.dtype != dtype for value in values):
        found = ", ".join(sorted({value.dtype for value in values}))
        raise ConversionError(f"its inputs are {found}: TensorFlow's {node['op']} takes one float type")
    return dtype


def _units(value: Value, parts: int, what: str) -> Optional[int]:
    """The cell's width from a weight's last dim (*parts* blocks side by side), None when the graph leaves it open."""
    if value.shape is None:
        return None
    if len(value.shape) != 2:
        raise ConversionError(f"its {what} {value.tf_name!r} has rank {len(value.shape)}: TensorFlow takes a matrix")
    last = value.shape[-1]
    if last is not None and last % parts:
        raise ConversionError(f"its {what} {value.tf_name!r} has {last} columns, which are not {parts} blocks of the "
                              "cell's width")  # fmt: skip
    return None if last is None else last // parts


def _lstm_step(
    cx: Converter, node: Decoded, dtype: str, x: str, cs: str, h: str, weights: Tuple[str, ...]
) -> List[str]:
    """One LSTM step's seven outputs (i, cs, f, o, ci, co, h), made by *cx* (the graph's converter or a loop
    body's)."""
    w, wci, wcf, wco, b = weights
    op = cx.op
    z = op("Add", op("MatMul", op("Concat", x, h, axis=1), w), b)
    gates = dict(zip(_LAYOUTS[node["op"]], _blocks(cx, z, 4)))
    forget_bias = float(attr(node, "forget_bias", 1.0)) if node["op"] != "BlockLSTMV2" else 0.0
    clip = float(attr(node, "cell_clip", 3.0 if node["op"] != "BlockLSTMV2" else 0.0))
    pre_i = gates["i"]
    pre_f = gates["f"] if forget_bias == 0.0 else op("Add", gates["f"], cx.scalar(forget_bias, dtype))
    peephole = bool(attr(node, "use_peephole", False))
    if peephole:
        pre_i = op("Add", op("Mul", cs, wci), pre_i)
        pre_f = op("Add", op("Mul", cs, wcf), pre_f)
    i, f, ci = op("Sigmoid", pre_i), op("Sigmoid", pre_f), op("Tanh", gates["c"])
    cell = op("Add", op("Mul", ci, i), op("Mul", cs, f))
    if clip > 0.0:
        cell = op("Clip", cell, cx.scalar(-clip, dtype), cx.scalar(clip, dtype))
    o = op("Sigmoid", op("Add", op("Mul", cell, wco), gates["o"]) if peephole else gates["o"])
    co = op("Tanh", cell)
    return [i, cell, f, o, ci, co, op("Mul", co, o)]


def _blocks(cx: Converter, name: str, count: int) -> List[str]:
    """*name* split in *count* equal blocks of columns (ONNX names their number from opset 18)."""
    return cx.emit("Split", [name], count, axis=1, num_outputs=count if cx.opset >= 18 else None)


def lstm_block_cell(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """LSTMBlockCell: one step, its seven outputs."""
    x, cs, h, w, wci, wcf, wco, b = inputs
    dtype = _same_type(node, inputs)
    units = _units(w, 4, "w")
    batch = x.shape[0] if x.shape else None
    weights = tuple(cx.tf(value) for value in (w, wci, wcf, wco, b))
    made = _lstm_step(cx, node, dtype, cx.tf(x), cx.tf(cs), cx.tf(h), weights)
    return [cx.result(port, dtype, [batch, units], onnx=name) for port, name in enumerate(made)]


def block_lstm(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """BlockLSTM and BlockLSTMV2: the cell over every step of x ([time, batch, input]) in a Loop, each output the
    steps stacked, zero from ``seq_len_max`` on."""
    steps_max, x, cs, h, w, wci, wcf, wco, b = inputs
    dtype = _same_type(node, inputs[1:])
    if x.shape is not None and len(x.shape) != 3:
        raise ConversionError(f"its x {x.tf_name!r} has rank {len(x.shape)}: TensorFlow takes [time, batch, input]")
    units = _units(w, 4, "w")
    time, batch = (x.shape[0], x.shape[1]) if x.shape else (None, None)
    op = cx.op
    data = cx.tf(x)
    weights = tuple(cx.tf(value) for value in (w, wci, wcf, wco, b))
    body = cx.child()
    body.node = node
    step, going, cs_in, h_in = (cx.fresh(name) for name in ("step", "going", "cs", "h"))
    x_t = body.op("Gather", data, step, axis=0)
    made = _lstm_step(body, node, dtype, x_t, cs_in, h_in, weights)
    carried = [made[1], made[6]]
    stacked = [body.op("Identity", name) for name in made]  # a body's outputs are each its own value
    state = [value_info(name, dtype, [batch, units], symbolic=False) for name in (cs_in, h_in)]
    graph = {"name": f"{node['name']}/steps", "node": body.nodes,
             "input": [value_info(step, "DT_INT64", [], symbolic=False),
                       value_info(going, "DT_BOOL", [], symbolic=False), *state],
             "output": [value_info(body.op("Identity", going), "DT_BOOL", [], symbolic=False),
                        *(value_info(name, dtype, [batch, units], symbolic=False) for name in carried),
                        *(value_info(name, dtype, [batch, units], symbolic=False) for name in stacked)]}  # fmt: skip
    count = op("Gather", op("Shape", data), cx.scalar(0, "DT_INT64"), axis=0)
    looped = cx.emit("Loop", [count, "", cx.tf(cs), cx.tf(h)], 9, body=graph)[2:]
    limit = steps_max.ints()
    if not (limit is not None and time is not None and limit[0] >= time):
        # The steps at and past seq_len_max are zero: a mask of the time axis, broadcast over batch and units.
        bound = op("Cast", cx.tf(steps_max), to=onnx_type("DT_INT64"))
        counted = op("Range", cx.scalar(0, "DT_INT64"), count, cx.scalar(1, "DT_INT64"))
        kept = unsqueeze(cx, op("Less", counted, bound), [1, 2])
        zero = cx.scalar(0, dtype)
        looped = [op("Where", kept, name, zero) for name in looped]
    shape: Shape = [time, batch, units]
    return [cx.result(port, dtype, shape, onnx=name) for port, name in enumerate(looped)]


def gru_block_cell(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """GRUBlockCell: ``r, u = sigmoid([x, h] w_ru + b_ru)``, ``c = tanh([x, r h] w_c + b_c)``,
    ``h' = u (h - c) + c``; its outputs r, u, c and h'."""
    x, h, w_ru, w_c, b_ru, b_c = inputs
    dtype = _same_type(node, inputs)
    units = _units(w_c, 1, "w_c")
    batch = x.shape[0] if x.shape else None
    op = cx.op
    data, state = cx.tf(x), cx.tf(h)
    gates = op("Sigmoid", op("Add", op("MatMul", op("Concat", data, state, axis=1), cx.tf(w_ru)), cx.tf(b_ru)))
    reset, update = _blocks(cx, gates, 2)
    reset_state = op("Concat", data, op("Mul", state, reset), axis=1)
    candidate = op("Tanh", op("Add", op("MatMul", reset_state, cx.tf(w_c)), cx.tf(b_c)))
    new = op("Add", op("Mul", update, op("Sub", state, candidate)), candidate)
    return [cx.result(port, dtype, [batch, units], onnx=name)
            for port, name in enumerate((reset, update, candidate, new))]  # fmt: skip
