# SPDX-License-Identifier: Apache-2.0
"""The op table's rules for strings: AsString, StringToNumber, StringLower and StringUpper.

Strategy: ONNX's Cast converts between strings and numbers; it writes an integer as TensorFlow's AsString does (its
decimal digits) and reads a number's text as StringToNumber does. A float is another matter: TensorFlow writes
``%f`` (six decimals by default) where onnxruntime writes the shortest digits, so AsString of a float is refused
rather than written with other text. StringLower and StringUpper of no encoding change ASCII letters alone, as
ONNX's StringNormalizer does in the "C" locale (which every C++ runtime has; the default, en_US.UTF-8, is missing
from many machines and changes other letters too); their Unicode form (ICU's full case mapping) has no ONNX op.
"""

from __future__ import annotations

from .._errors import ConversionError
from .nodeparts import attr, onnx_type, text_attr
from .values import tensor_of

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


def string_case(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """StringLower, StringUpper: StringNormalizer of the "C" locale (ASCII letters alone), over the strings as one
    vector (the op takes no other shape) and back to their shape."""
    x = inputs[0]
    if x.dtype != "DT_STRING":
        raise ConversionError(f"its input {x.tf_name!r} is {x.dtype}: TensorFlow changes the case of strings")
    encoding = text_attr(node, "encoding", "")
    if encoding != "":
        raise ConversionError(f"its encoding {encoding!r} asks for Unicode's case mapping, which no ONNX op does "
                              "(without an encoding, ASCII letters alone change, which is converted)")  # fmt: skip
    action = "LOWER" if node["op"] == "StringLower" else "UPPER"
    data = cx.tf(x)
    flat = x.rank == 1
    if not flat:
        data = cx.emit("Reshape", [data, cx.ints([-1])])[0]
    out = cx.emit("StringNormalizer", [data], case_change_action=action, locale="C")[0]
    if not flat:
        out = cx.emit("Reshape", [out, cx.emit("Shape", [cx.tf(x)])[0]])[0]
    return [cx.result(0, "DT_STRING", x.shape, onnx=out)]
