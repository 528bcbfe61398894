# SPDX-License-Identifier: Apache-2.0
"""The op table's rules for strings: AsString, StringToNumber, StringLower and StringUpper; from opset 20,
RegexFullMatch, StringJoin and StringSplitV2.

Strategy: ONNX's Cast converts between strings and numbers; it writes an integer as TensorFlow's AsString does (its
decimal digits) and reads a number's text as StringToNumber does. A float is another matter: TensorFlow writes
``%f`` (six decimals by default) where onnxruntime writes the shortest digits, so AsString of a float is refused
rather than written with other text. StringLower and StringUpper of no encoding change ASCII letters alone, as
ONNX's StringNormalizer does in the "C" locale (which every C++ runtime has; the default, en_US.UTF-8, is missing
from many machines and changes other letters too); their Unicode form (ICU's full case mapping) has no ONNX op.
From opset 20 ONNX has string ops of its own: ``RegexFullMatch`` is RE2's full match, the engine TensorFlow's
ops use, so a pattern means what it meant; ``StringJoin`` is a ``StringConcat`` of each input and the separator in
turn (both broadcast a scalar); ``StringSplitV2`` of a separator is ``StringSplit``, which gives each string's
tokens padded to the longest and their counts, made TensorFlow's sparse triple (indices, values, dense shape) by a
mask of the counts. An empty string is one empty token for TensorFlow and none for onnxruntime, which the counts
correct; a split on whitespace (no separator) is refused, as onnxruntime splits on spaces alone where TensorFlow
splits on every ASCII whitespace.
"""

from __future__ import annotations

from .._errors import ConversionError
from .nodeparts import attr, onnx_type, text_attr
from .values import flat, tensor_of

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


def regex_full_match(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """RegexFullMatch (a constant pattern) and StaticRegexFullMatch: ONNX's RegexFullMatch, RE2 as TensorFlow's."""
    x = inputs[0]
    if x.dtype != "DT_STRING":
        raise ConversionError(f"its input {x.tf_name!r} is {x.dtype}: TensorFlow matches strings")
    if node["op"] == "StaticRegexFullMatch":
        pattern = attr(node, "pattern", None)
    else:
        given = inputs[1]
        if given.const is None or given.const.size != 1:
            raise ConversionError(f"its pattern {given.tf_name!r} must be one string the graph gives: ONNX's "
                                  "RegexFullMatch takes it as an attribute")  # fmt: skip
        pattern = flat(given.const.tolist())[0]
    if not isinstance(pattern, bytes):
        raise ConversionError("its pattern is not a string")
    return [cx.result(0, "DT_BOOL", x.shape, onnx=cx.op("RegexFullMatch", cx.tf(x), pattern=pattern))]


def string_join(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """StringJoin: a StringConcat of each input and the separator in turn (a scalar input broadcast)."""
    for value in inputs:
        if value.dtype != "DT_STRING":
            raise ConversionError(f"its input {value.tf_name!r} is {value.dtype}: TensorFlow joins strings")
    separator = attr(node, "separator", b"")
    glue = cx.initializer(tensor_of("DT_STRING", (), [separator]), cx.fresh("separator")) if separator else None
    out = cx.tf(inputs[0])
    for value in inputs[1:]:
        if glue is not None:
            out = cx.op("StringConcat", out, glue)
        out = cx.op("StringConcat", out, cx.tf(value))
    shaped = [value.shape for value in inputs if value.rank != 0]
    shape = shaped[0] if shaped and all(item is not None for item in shaped) else ([] if not shaped else None)
    return [cx.result(0, "DT_STRING", shape, onnx=out)]


def string_split(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """StringSplitV2 of a separator: ONNX's StringSplit (each string's tokens, padded, and their counts), an empty
    string counted one empty token as TensorFlow counts it, then the tokens in TensorFlow's sparse form."""
    x, sep = inputs[0], inputs[1]
    if x.dtype != "DT_STRING" or x.rank != 1:
        raise ConversionError(f"its input {x.tf_name!r} is not a vector of strings, which TensorFlow splits")
    if sep.const is None or sep.const.size != 1:
        raise ConversionError(f"its separator {sep.tf_name!r} must be one string the graph gives: ONNX's StringSplit "
                              "takes it as an attribute")  # fmt: skip
    delimiter = flat(sep.const.tolist())[0]
    if not delimiter:
        raise ConversionError("it splits on whitespace (no separator), which onnxruntime's StringSplit does on "
                              "spaces alone (TensorFlow on tabs and newlines too)")  # fmt: skip
    most = attr(node, "maxsplit", -1)
    data = cx.tf(x)
    tokens, counts = cx.emit("StringSplit", [data], 2, delimiter=delimiter, maxsplit=most if most >= 0 else None)
    nothing = cx.initializer(tensor_of("DT_STRING", (), [b""]), cx.fresh("empty"))
    counts = cx.op("Where", cx.op("Equal", data, nothing), cx.scalar(1, "DT_INT64"), counts)
    batch = cx.op("Shape", data)
    padded = cx.op("Concat", tokens, cx.op("Expand", nothing, cx.op("Concat", batch, cx.ints([1]), axis=0)), axis=1)
    width = cx.op("Gather", cx.op("Shape", padded), cx.scalar(1, "DT_INT64"), axis=0)
    positions = cx.op("Range", cx.scalar(0, "DT_INT64"), width, cx.scalar(1, "DT_INT64"))
    kept = cx.op("Less", cx.op("Unsqueeze", positions, cx.ints([0])), cx.op("Unsqueeze", counts, cx.ints([1])))
    indices = cx.op("Transpose", cx.op("NonZero", kept), perm=[1, 0])
    longest = cx.op("ReduceMax", cx.op("Concat", counts, cx.ints([0]), axis=0), keepdims=1)
    return [
        cx.result(0, "DT_INT64", [None, 2], onnx=indices),
        cx.result(1, "DT_STRING", [None], onnx=cx.op("GatherND", padded, indices)),
        cx.result(2, "DT_INT64", [2], onnx=cx.op("Concat", batch, longest, axis=0)),
    ]
