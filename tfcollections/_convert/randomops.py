# SPDX-License-Identifier: Apache-2.0
"""The op table's rules for random numbers.

Strategy: TensorFlow's random ops become ONNX's (RandomUniform, RandomNormal, Multinomial), of a shape given as an
attribute when the graph gives it, else drawn like a tensor of that shape (``RandomUniformLike`` of a
``ConstantOfShape``). The distribution is TensorFlow's; the numbers are not: onnxruntime has a generator of its own.
A seed the graph sets (``seed`` or ``seed2``) becomes the ONNX op's seed, so that the model draws the same numbers
run after run, as TensorFlow's seeded op does; without one, each run draws new ones.
"""

from __future__ import annotations

from .._tensor import Tensor
from .nodeparts import INTEGER_TYPES, as_int64, attr, need_dims, onnx_type
from .shapes import from_dims
from .values import ConversionError, scalar_tensor

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Dict, List, Optional

    from .._typing import Decoded
    from .converter import Converter
    from .values import Value

    Outputs = List[Optional[Value]]

_DRAWN_TYPES = ("DT_FLOAT", "DT_DOUBLE", "DT_HALF", "DT_BFLOAT16")


def _seed(node: Decoded) -> Dict[str, Any]:
    """The ONNX seed of a seeded TensorFlow op (its two seeds joined), else none."""
    seed, seed2 = attr(node, "seed", 0) or 0, attr(node, "seed2", 0) or 0
    if not isinstance(seed, int) or not isinstance(seed2, int) or not (seed or seed2):
        return {}
    return {"seed": float((seed * 1000003 + seed2) % (1 << 24))}


def _drawn(cx: Converter, shape_value: Value, onnx_op: str, dtype: str, **attrs: Any) -> str:
    """A tensor of *shape_value*'s shape drawn by *onnx_op* (RandomUniform, RandomNormal) in float or double."""
    need_dims(shape_value, "shape")
    dims = shape_value.ints()
    attrs.update(dtype=onnx_type(dtype))
    if dims is not None:
        return cx.emit(onnx_op, [], shape=dims, **attrs)[0]
    like = cx.emit("ConstantOfShape", [as_int64(cx, shape_value)],
                   value=Tensor("DT_FLOAT", (1,), scalar_tensor(0, "DT_FLOAT").tobytes()))[0]  # fmt: skip
    return cx.emit(onnx_op + "Like", [like], **attrs)[0]


def random(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """RandomUniform ([0, 1)) and RandomStandardNormal (mean 0, deviation 1) of a dtype; half and bfloat16 drawn as
    float and cast."""
    shape_value = inputs[0]
    dtype = attr(node, "dtype", "DT_FLOAT")
    if dtype not in _DRAWN_TYPES:
        raise ConversionError(f"its dtype {dtype!r} is not a float type TensorFlow draws")
    drawn = dtype if dtype in ("DT_FLOAT", "DT_DOUBLE") else "DT_FLOAT"
    if node["op"] == "RandomUniform":
        out = _drawn(cx, shape_value, "RandomUniform", drawn, low=0.0, high=1.0, **_seed(node))
    else:
        out = _drawn(cx, shape_value, "RandomNormal", drawn, mean=0.0, scale=1.0, **_seed(node))
    if drawn != dtype:
        out = cx.emit("Cast", [out], to=onnx_type(dtype))[0]
    return [cx.result(0, dtype, from_dims(shape_value), onnx=out)]


def random_int(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """RandomUniformInt: ``minval + floor(u * (maxval - minval))`` of a uniform double u in [0, 1), exact for the
    ranges of int32 and of int64 up to 2 ** 53."""
    shape_value, low, high = inputs[0], inputs[1], inputs[2]
    dtype = attr(node, "Tout", low.dtype)
    if dtype not in INTEGER_TYPES or low.dtype != dtype or high.dtype != dtype:
        raise ConversionError(f"its bounds are {low.dtype} and {high.dtype}, its Tout {dtype!r}: TensorFlow takes "
                              "int32 or int64 alike")  # fmt: skip
    for bound in (low, high):
        if bound.rank not in (None, 0):
            raise ConversionError(f"its bound {bound.tf_name!r} has rank {bound.rank}: TensorFlow takes scalars")
    known = low.ints(), high.ints()
    if known[0] is not None and known[1] is not None and not known[0][0] < known[1][0]:
        raise ConversionError(f"its minval {known[0][0]} is not below its maxval {known[1][0]}, as TensorFlow requires")
    unit = _drawn(cx, shape_value, "RandomUniform", "DT_DOUBLE", low=0.0, high=1.0, **_seed(node))
    start = cx.emit("Cast", [cx.tf(low)], to=11)[0]
    width = cx.emit("Sub", [cx.emit("Cast", [cx.tf(high)], to=11)[0], start])[0]
    drawn = cx.emit("Add", [cx.emit("Floor", [cx.emit("Mul", [unit, width])[0]])[0], start])[0]
    out = cx.emit("Cast", [drawn], to=onnx_type(dtype))[0]
    return [cx.result(0, dtype, from_dims(shape_value), onnx=out)]


def multinomial(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """Multinomial: ONNX's, of logits [batch, classes] (float), the count of samples a constant."""
    logits, samples = inputs[0], inputs[1]
    if logits.dtype not in _DRAWN_TYPES or logits.rank not in (None, 2):
        raise ConversionError(f"its logits are {logits.dtype} of rank {logits.rank}: TensorFlow takes a matrix of "
                              "floats")  # fmt: skip
    (count,) = _constant_count(samples)
    dtype = attr(node, "output_dtype", "DT_INT64")
    if dtype not in INTEGER_TYPES:
        raise ConversionError(f"its output_dtype {dtype!r} is not int32 or int64")
    data = cx.tf(logits)
    if logits.dtype != "DT_FLOAT":
        data = cx.emit("Cast", [data], to=1)[0]
    out = cx.emit("Multinomial", [data], sample_size=count, dtype=onnx_type(dtype), **_seed(node))[0]
    rows = None if logits.shape is None else logits.shape[0]
    return [cx.result(0, dtype, [rows, count], onnx=out)]


def _constant_count(samples: Value) -> List[int]:
    found = samples.ints()
    if found is None or len(found) != 1 or found[0] < 0:
        raise ConversionError(f"its num_samples ({samples.tf_name!r}) must be a count the graph gives (ONNX's "
                              "Multinomial takes it as an attribute): it is computed")  # fmt: skip
    return found


def random_shuffle(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """RandomShuffle: the rows (first axis) in an order drawn at random: a uniform number for each row, sorted
    (TopK), its order gathered."""
    x = inputs[0]
    if x.rank == 0:
        return [cx.result(0, x.dtype, x.shape, onnx=cx.emit("Identity", [cx.tf(x)])[0])]
    data = cx.tf(x)
    rows = cx.emit("Gather", [cx.emit("Shape", [data])[0], cx.ints([0])], axis=0)[0]
    like = cx.emit("ConstantOfShape", [rows], value=Tensor("DT_FLOAT", (1,), scalar_tensor(0, "DT_FLOAT").tobytes()))[0]
    keys = cx.emit("RandomUniformLike", [like], dtype=1, **_seed(node))[0]
    _, order = cx.emit("TopK", [keys, rows], 2, axis=0, largest=1, sorted=1)
    return [cx.result(0, x.dtype, x.shape, onnx=cx.emit("Gather", [data, order], axis=0)[0])]
