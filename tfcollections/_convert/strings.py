# SPDX-License-Identifier: Apache-2.0
"""The op table's rules for strings: AsString and StringToNumber.

Strategy: ONNX's Cast converts between strings and numbers; it writes an integer as TensorFlow's AsString does (its
decimal digits) and reads a number's text as StringToNumber does. A float is another matter: TensorFlow writes
``%f`` (six decimals by default) where onnxruntime writes the shortest digits, so AsString of a float is refused
rather than written with other text.
"""

from __future__ import annotations

from .nodeparts import attr, onnx_type
from .values import ConversionError, tensor_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final, List, Optional

    from .._typing import Decoded
    from .converter import Converter
    from .values import Value

    Outputs = List[Optional[Value]]

_WRITTEN: Final = frozenset({"DT_INT8", "DT_INT16", "DT_INT32", "DT_INT64", "DT_UINT8", "DT_UINT16", "DT_UINT32",
                             "DT_UINT64", "DT_BOOL"})  # fmt: skip
_READ: Final = frozenset({"DT_FLOAT", "DT_DOUBLE", "DT_INT32", "DT_INT64"})


def as_string(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """AsString of integers (Cast) and bools (TensorFlow's "true" and "false"); a width or fill is refused."""
    x = inputs[0]
    if x.dtype not in _WRITTEN:
        raise ConversionError(f"its input {x.tf_name!r} is {x.dtype}: TensorFlow writes floats with %f, which no "
                              "ONNX op writes (integers and bools are converted)")  # fmt: skip
    if attr(node, "width", -1) not in (-1, 0) or attr(node, "fill", b"") not in (b"", ""):
        raise ConversionError("its width or fill pads the text, which no ONNX op does")
    if x.dtype == "DT_BOOL":
        words = cx.initializer(tensor_of("DT_STRING", (2,), [b"false", b"true"]), cx.fresh("words"))
        out = cx.emit("Gather", [words, cx.emit("Cast", [cx.tf(x)], to=7)[0]], axis=0)[0]
    else:
        out = cx.emit("Cast", [cx.tf(x)], to=onnx_type("DT_STRING"))[0]
    return [cx.result(0, "DT_STRING", x.shape, onnx=out)]


def string_to_number(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    x = inputs[0]
    if x.dtype != "DT_STRING":
        raise ConversionError(f"its input {x.tf_name!r} is {x.dtype}: TensorFlow reads strings")
    dtype = attr(node, "out_type", "DT_FLOAT")
    if dtype not in _READ:
        raise ConversionError(f"its out_type {dtype!r} is not float, double, int32 or int64")
    return [cx.result(0, dtype, x.shape, onnx=cx.emit("Cast", [cx.tf(x)], to=onnx_type(dtype))[0])]
