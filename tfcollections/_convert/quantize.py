# SPDX-License-Identifier: Apache-2.0
"""The op table's rules for TensorFlow's fake quantization: QuantizeAndDequantize (V2 to V4) and
FakeQuantWithMinMaxArgs/Vars.

Strategy: the scale and the range are TensorFlow's, worked out here in float32 as its kernels work them out
(tensorflow/core/kernels/quantize_and_dequantize_op.h, fake_quant_ops_functor.h) when the range is a constant.
A QuantizeAndDequantize whose quantized range is the whole int8 or uint8 range and whose rounding is half to even
becomes ONNX's QuantizeLinear and DequantizeLinear (per tensor), the pair ONNX's
quantization tools read; any other (a narrow range, another bit count, rounding half up, a range the model
computes from its input) is the same arithmetic as elementwise ops: clamp, scale, round, scale back.
"""

from __future__ import annotations

import struct

from .._errors import ConversionError
from .nodeparts import attr, axis_in, need_rank, onnx_type, text_attr
from .values import tensor_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import List, Optional, Tuple

    from .._typing import Decoded
    from .converter import Converter
    from .values import Value

    Outputs = List[Optional[Value]]

_FLOAT_MAX = 3.4028234663852886e38


def _f32(number: float) -> float:
    """*number* rounded to float32, as TensorFlow's kernels compute."""
    return float(struct.unpack("<f", struct.pack("<f", number))[0])


def _quantized_range(signed: bool, bits: int, narrow: bool) -> Tuple[int, int]:
    if signed:
        return (-(2 ** (bits - 1)) + 1 if narrow else -(2 ** (bits - 1))), 2 ** (bits - 1) - 1
    return 0, 2**bits - 1


def _scales(low: float, high: float, signed: bool, bits: int, narrow: bool) -> Tuple[float, float, float, float]:
    """TensorFlow's scale, inverse scale and clamped range of QuantizeAndDequantize: the side whose scale is smaller
    keeps its end, the other end is moved to the quantized range's."""
    low_q, high_q = _quantized_range(signed, bits, narrow)
    from_low = _f32(low_q / low) if low_q * low > 0 else _FLOAT_MAX
    from_high = _f32(high_q / high) if high_q * high > 0 else _FLOAT_MAX
    if from_low < from_high:
        inverse = _f32(low / low_q)
        return from_low, inverse, low, _f32(high_q * inverse)
    inverse = _f32(high / high_q)
    return from_high, inverse, _f32(low_q * inverse), high


def quantize_dequantize(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    x = inputs[0]
    if x.dtype not in ("DT_FLOAT", "DT_HALF", "DT_BFLOAT16", "DT_DOUBLE"):
        raise ConversionError(f"its input {x.tf_name!r} is {x.dtype}: TensorFlow quantizes floats")
    op = node["op"]
    signed = bool(attr(node, "signed_input", True))
    bits = attr(node, "num_bits", 8) if op != "QuantizeAndDequantizeV3" else None
    if bits is None:
        found = inputs[3].ints() if len(inputs) > 3 else None
        if found is None:
            raise ConversionError("its num_bits must be a constant the graph gives")
        bits = found[0]
    if not isinstance(bits, int) or not 1 <= bits <= (63 if signed else 62):
        raise ConversionError(f"its num_bits {bits!r} is not a count of bits TensorFlow takes")
    narrow = bool(attr(node, "narrow_range", False))
    half_up = text_attr(node, "round_mode", "HALF_TO_EVEN") == "HALF_UP"
    rank = need_rank(x)
    axis = attr(node, "axis", -1)
    if axis != -1:
        axis = axis_in(axis, rank)
    given = bool(attr(node, "range_given", False))
    dtype = "DT_FLOAT" if x.dtype != "DT_DOUBLE" else "DT_DOUBLE"
    data = cx.tf(x) if x.dtype in ("DT_FLOAT", "DT_DOUBLE") else cx.emit("Cast", [cx.tf(x)], to=1)[0]
    lows, highs = inputs[1].const, inputs[2].const
    if given and (lows is None or highs is None):
        raise ConversionError("its range is given (range_given) but computed: it must be a constant the graph gives")
    if not given or lows is None or highs is None:
        out = _computed_range(cx, data, dtype, signed, bits, narrow, half_up, rank, axis)
        return [cx.result(0, x.dtype, x.shape, onnx=_back(cx, out, x.dtype))]
    if axis != -1:  # TensorFlow 2.21's kernels refuse a given range per channel too: "input_min must be a scalar"
        raise ConversionError(f"its axis {axis}: a given range per channel is not what TensorFlow takes")
    low_list, high_list = [float(v) for v in _flat(lows.tolist())], [float(v) for v in _flat(highs.tolist())]
    if len(low_list) != 1 or len(high_list) != 1:
        raise ConversionError(f"its input_min and input_max have {len(low_list)} and {len(high_list)} values: "
                              "TensorFlow takes scalars")  # fmt: skip
    scale, inverse, low_end, high_end = _scales(low_list[0], high_list[0], signed, bits, narrow)
    if bits == 8 and not narrow and not half_up and dtype == "DT_FLOAT":
        out = _linear_pair(cx, data, inverse, signed)
    else:
        out = _arithmetic(cx, data, dtype, (scale, inverse, low_end, high_end), half_up)
    return [cx.result(0, x.dtype, x.shape, onnx=_back(cx, out, x.dtype))]


def _back(cx: Converter, out: str, dtype: str) -> str:
    """The result in a half or bfloat16 input's type (computed in float)."""
    return out if dtype in ("DT_FLOAT", "DT_DOUBLE") else cx.emit("Cast", [out], to=onnx_type(dtype))[0]


def _flat(nested: object) -> List[float]:
    if isinstance(nested, list):
        return [item for part in nested for item in _flat(part)]
    return [nested]  # type: ignore[list-item]


def _linear_pair(cx: Converter, data: str, inverse: float, signed: bool) -> str:
    """QuantizeLinear then DequantizeLinear, zero point 0: int8 saturates where TensorFlow clamps to [-128, 127]
    times the scale, uint8 to [0, 255] times it."""
    scale = cx.scalar(inverse, "DT_FLOAT")
    point = cx.scalar(0, "DT_INT8" if signed else "DT_UINT8")
    return cx.emit("DequantizeLinear", [cx.emit("QuantizeLinear", [data, scale, point])[0], scale, point])[0]


def _arithmetic(cx: Converter, data: str, dtype: str, scaled: Tuple[float, float, float, float], half_up: bool) -> str:
    """``round(clamp(x, low, high) * scale) * inverse``."""
    scale, inverse, low, high = (cx.scalar(number, dtype) for number in scaled)
    clamped = cx.emit("Min", [cx.emit("Max", [data, low])[0], high])[0]
    return cx.emit("Mul", [_round(cx, cx.emit("Mul", [clamped, scale])[0], dtype, half_up), inverse])[0]


def _round(cx: Converter, name: str, dtype: str, half_up: bool) -> str:
    if half_up:
        return cx.emit("Floor", [cx.emit("Add", [name, cx.scalar(0.5, dtype)])[0]])[0]
    return cx.emit("Round", [name])[0]  # half to even


def _computed_range(cx: Converter, data: str, dtype: str, signed: bool, bits: int, narrow: bool, half_up: bool,
                    rank: int, axis: int) -> str:  # fmt: skip
    """The range TensorFlow takes from the input itself (its least and greatest element, per tensor or along the
    axis), and the same choice of side, in the model."""
    others = [index for index in range(rank) if index != axis]
    low = _reduced(cx, "ReduceMin", data, others) if others else data
    high = _reduced(cx, "ReduceMax", data, others) if others else data
    low_q, high_q = (cx.scalar(float(end), dtype) for end in _quantized_range(signed, bits, narrow))
    zero, huge = cx.scalar(0.0, dtype), cx.scalar(_FLOAT_MAX, dtype)

    def side(end: str, quantized: str) -> str:  # q / end where q * end > 0, else the largest float
        positive = cx.emit("Greater", [cx.emit("Mul", [quantized, end])[0], zero])[0]
        return cx.emit("Where", [positive, cx.emit("Div", [quantized, end])[0], huge])[0]

    from_low, from_high = side(low, low_q), side(high, high_q)
    use_low = cx.emit("Less", [from_low, from_high])[0]
    scale = cx.emit("Where", [use_low, from_low, from_high])[0]
    inverse = cx.emit("Where", [use_low, cx.emit("Div", [low, low_q])[0], cx.emit("Div", [high, high_q])[0]])[0]
    low_end = cx.emit("Where", [use_low, low, cx.emit("Mul", [low_q, inverse])[0]])[0]
    high_end = cx.emit("Where", [use_low, cx.emit("Mul", [high_q, inverse])[0], high])[0]
    clamped = cx.emit("Min", [cx.emit("Max", [data, low_end])[0], high_end])[0]
    rounded = _round(cx, cx.emit("Mul", [clamped, scale])[0], dtype, half_up)
    return cx.emit("Mul", [rounded, inverse])[0]


def _reduced(cx: Converter, onnx_op: str, data: str, axes: List[int]) -> str:
    if cx.opset >= 18:
        return cx.emit(onnx_op, [data, cx.ints(axes)], keepdims=1)[0]
    return cx.emit(onnx_op, [data], axes=axes, keepdims=1)[0]


def _nudged(low: float, high: float, bits: int, narrow: bool) -> Tuple[float, float, float]:
    """TensorFlow's nudged range of a fake quantization (its ``Nudge``): the scale of 2 ** bits - 1 steps (one fewer
    when narrow), the zero point rounded to a whole step, the ends moved with it. In float32, as its kernel."""
    quant_min, quant_max = (1.0 if narrow else 0.0), float(2**bits - 1)
    scale = _f32(_f32(high - low) / _f32(quant_max - quant_min))
    from_min = _f32(quant_min - _f32(low / scale))
    if from_min < quant_min:
        point = quant_min
    elif from_min > quant_max:
        point = quant_max
    else:
        point = float(int(from_min + 0.5))  # std::round of a value at or above 0: half away from zero
    return _f32((quant_min - point) * scale), _f32((quant_max - point) * scale), scale


def fake_quant(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """FakeQuantWithMinMaxArgs, FakeQuantWithMinMaxVars and FakeQuantWithMinMaxVarsPerChannel (the last axis):
    ``floor((clamp(x, low, high) - low) / scale + 0.5) * scale + low`` of TensorFlow's nudged range."""
    x = inputs[0]
    if x.dtype != "DT_FLOAT":
        raise ConversionError(f"its input {x.tf_name!r} is {x.dtype}: TensorFlow fake-quantizes float32")
    op = node["op"]
    bits, narrow = attr(node, "num_bits", 8), bool(attr(node, "narrow_range", False))
    if not isinstance(bits, int) or not 2 <= bits <= 16:
        raise ConversionError(f"its num_bits {bits!r} is not 2 to 16, as TensorFlow requires")
    if op == "FakeQuantWithMinMaxArgs":
        lows, highs = [float(attr(node, "min", -6.0))], [float(attr(node, "max", 6.0))]
    else:
        if inputs[1].const is None or inputs[2].const is None:
            raise ConversionError("its min and max must be constants the graph gives (a frozen model's are)")
        lows, highs = _flat(inputs[1].const.tolist()), _flat(inputs[2].const.tolist())
    per_channel = op == "FakeQuantWithMinMaxVarsPerChannel"
    channels = (x.shape or [None])[-1] if per_channel and x.rank else None
    if len(lows) != len(highs) or (not per_channel and len(lows) != 1) or (channels not in (None, len(lows))):
        raise ConversionError(f"its min and max have {len(lows)} and {len(highs)} values for its input of shape "
                              f"{x.shape}")  # fmt: skip
    if any(not low < high for low, high in zip(lows, highs)):
        raise ConversionError(f"its min {lows} is not below its max {highs}, as TensorFlow requires")
    nudged = [_nudged(_f32(low), _f32(high), bits, narrow) for low, high in zip(lows, highs)]
    shape = (len(nudged),) if per_channel else ()

    def column(values: List[float]) -> str:
        return cx.initializer(tensor_of("DT_FLOAT", shape, values), cx.fresh("range"))

    low_name, high_name = column([row[0] for row in nudged]), column([row[1] for row in nudged])
    scale = column([row[2] for row in nudged])
    shifted = cx.emit("Sub", [cx.emit("Max", [cx.emit("Min", [cx.tf(x), high_name])[0], low_name])[0], low_name])[0]
    if op == "FakeQuantWithMinMaxArgs":  # its kernel multiplies by the inverse, the others divide
        steps = cx.emit("Mul", [shifted, column([_f32(1.0 / row[2]) for row in nudged])])[0]
    else:
        steps = cx.emit("Div", [shifted, scale])[0]
    rounded = cx.emit("Floor", [cx.emit("Add", [steps, cx.scalar(0.5, "DT_FLOAT")])[0]])[0]
    out = cx.emit("Add", [cx.emit("Mul", [rounded, scale])[0], low_name])[0]
    return [cx.result(0, x.dtype, x.shape, onnx=out)]
