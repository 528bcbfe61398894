# SPDX-License-Identifier: Apache-2.0
"""TensorLists (what ``tf.TensorArray`` is in TF 2, and how Keras runs an RNN's steps) and TF 1's TensorArrays as ONNX
sequences of tensors.

Strategy: a list is an ONNX sequence of its items from index 0 to the last written: made from a tensor
(``SplitToSequence``) or empty, read (``SequenceAt``), written (``SequenceInsert``, after ``SequenceErase`` when the
index is already there, so that a write replaces as TensorFlow's does; past the end, after zeros for the items
between, which TensorFlow holds not written), stacked (``ConcatFromSequence``). TensorFlow's list may be longer than
what was written: a list reserved with a count of items (``TensorListReserve``, a TensorArray's size) holds that
many, those not written zeros when stacked or gathered. The count rides with the sequence (``Value.count``): the
length is the larger of the two, and a stack or gather appends the zeros missing (``Expand`` of a zero to the
written rows' shape), as many as the count has past the items written.
"""

from __future__ import annotations

from .._errors import ConversionError
from .nodeparts import INT64_MAX, attr
from .ragged import ragged_element
from .values import ONNX_TYPES, Value, tensor_of, value_info

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import List, Optional

    from .._typing import Decoded
    from .converter import Converter
    from .values import Shape

    Outputs = List[Optional[Value]]


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
    # Encoded ragged rows (tf.map_fn of a ragged result): the rows' own dtype, their shape what the body writes.
    rows = attr(node, "element_dtype") == "DT_VARIANT"
    element = ragged_element(cx, node) if rows else _element_dtype(node)
    shape = None if rows else _element_shape(inputs[0])
    (made,) = cx.emit("SequenceEmpty", [], dtype=ONNX_TYPES[element])
    value = _sequence(cx, 0, made, element, shape)
    value.length = 0
    count = inputs[1].ints()
    value.reserved = count[0] if count is not None and len(count) == 1 and count[0] >= 0 else None
    value.count = None if rows else _reserved_count(inputs[1])
    return [value]


def list_from_tensor(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    tensor = inputs[0]
    if tensor.rows:  # encoded ragged rows are held as a sequence already: the list is that sequence
        return [_sequence(cx, 0, cx.tf(tensor), _list(tensor, "rows"), tensor.shape)]
    (made,) = cx.emit("SplitToSequence", [cx.tf(tensor)], axis=0, keepdims=0)
    shape = None if tensor.shape is None else tensor.shape[1:]
    value = _sequence(cx, 0, made, tensor.dtype, shape if shape is not None else _element_shape(inputs[1]))
    value.source = tensor
    return [value]


def list_get_item(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    handle, index = inputs[0], inputs[1]
    element = _list(handle, "list")
    if handle.source is not None:
        # A list made from a tensor and never written (a loop reads it from outside: an RNN's steps): its item is
        # the tensor's row, a Gather, with no sequence made or read.
        (made,) = cx.emit("Gather", [cx.tf(handle.source), cx.tf(index)], axis=0)
    else:
        (made,) = cx.emit("SequenceAt", [cx.tf(handle), cx.tf(index)])
    shape = handle.shape if handle.shape is not None else (_element_shape(inputs[2]) if len(inputs) > 2 else None)
    return [cx.result(0, element, shape, onnx=made)]


def list_set_item(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    handle, index, item = inputs[0], inputs[1], inputs[2]
    element = _list(handle, "list")
    sequence, position = cx.tf(handle), cx.tf(index)
    # Encoded ragged rows (variants) differ in length: never a loop's scan output, which stacks what it is given.
    rows = attr(node, "element_dtype") == "DT_VARIANT"
    if node["name"] in cx.appends:  # its index is the list's length at every step (see _appends): an insert
        (made,) = cx.emit("SequenceInsert", [sequence, cx.tf(item), position])
        grown = _sequence(cx, 0, made, element, handle.shape if handle.shape is not None else item.shape)
        grown.appended, grown.count = None if rows else item, handle.count
        return [grown]
    if handle.reserved == 1 and index.ints() == [0] and not rows:
        # A list of one item written at 0 (a Keras RNN keeping its last step): the list is that item alone, no If.
        (made,) = cx.emit("SequenceConstruct", [cx.tf(item)])
        written = _sequence(cx, 0, made, element, handle.shape if handle.shape is not None else item.shape)
        written.reserved, written.whole = 1, item
        return [written]
    # A write replaces what is at the index (TensorFlow's SetItem): erased first when the sequence reaches there;
    # past the end, the items between are zeros (TensorFlow's not written: a reversed scan writes its last first).
    # Each branch ends in its own SequenceInsert (no Identity, which takes sequences only from opset 14).
    (length,) = cx.emit("SequenceLength", [sequence])
    (wide,) = cx.emit("Cast", [position], to=ONNX_TYPES["DT_INT64"])
    (inside,) = cx.emit("Less", [wide, length])
    tensor = cx.tf(item)
    erase = cx.child()
    (erased,) = erase.emit("SequenceErase", [sequence, position])
    (replaced,) = erase.emit("SequenceInsert", [erased, tensor, position])
    kind = value_info("", "DT_VARIANT", None, symbolic=False, element=element)["type"]
    append = cx.child()
    if rows:  # encoded ragged rows have no zeros to stand between: a write past the end is onnxruntime's error
        (appended,) = append.emit("SequenceInsert", [sequence, tensor, position])
    else:
        (gap,) = cx.emit("Sub", [wide, length])  # out here: onnxruntime renames no outer name the branch reads
        (filled,) = append.emit("Loop", [gap, "", sequence], 1, body=_zeros_appended(append, node, tensor, element))
        (appended,) = append.emit("SequenceInsert", [filled, tensor])
    then = {"name": f"{node['name']}/replace", "node": erase.nodes, "input": [],
            "output": [{"name": replaced, "type": kind}]}  # fmt: skip
    other = {"name": f"{node['name']}/append", "node": append.nodes, "input": [],
             "output": [{"name": appended, "type": kind}]}  # fmt: skip
    (made,) = cx.emit("If", [inside], 1, then_branch=then, else_branch=other)
    written = _sequence(cx, 0, made, element, handle.shape if handle.shape is not None else item.shape)
    written.count = handle.count
    return [written]


def _zeros_appended(cx: Converter, node: Decoded, item: str, element: str) -> Decoded:
    """A Loop's body that appends zeros of *item*'s shape to the sequence of *element* it carries, one a step."""
    kind = value_info("", "DT_VARIANT", None, symbolic=False, element=element)["type"]
    (shape,) = cx.emit("Shape", [item])
    (zeros,) = cx.emit("Expand", [_zero(cx, element), shape])
    body = cx.child()
    step, going, carried = (cx.fresh(f"gap_{part}") for part in ("iteration", "condition", "sequence"))
    (again,) = body.emit("Identity", [going])
    (longer,) = body.emit("SequenceInsert", [carried, zeros])
    inputs = [value_info(step, "DT_INT64", [], symbolic=False), value_info(going, "DT_BOOL", [], symbolic=False)]
    return {
        "name": f"{node['name']}/gap",
        "node": body.nodes,
        "input": [*inputs, {"name": carried, "type": kind}],
        "output": [value_info(again, "DT_BOOL", [], symbolic=False), {"name": longer, "type": kind}],
    }


def list_stack(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    handle = inputs[0]
    element = _list(handle, "list")
    if attr(node, "element_dtype") == "DT_VARIANT":  # encoded ragged rows, stacked: held as the sequence they are
        rows = _sequence(cx, 0, cx.tf(handle), element, handle.shape)
        rows.rows = True
        return [rows]
    if handle.source is not None:  # the rows of a tensor, as made (from it, or by a loop's scan output): that tensor
        if handle.count is None:
            return [cx.result(0, element, handle.source.shape, onnx=cx.tf(handle.source))]
        shape = None if handle.source.shape is None else [None, *handle.source.shape[1:]]
        return [cx.result(0, element, shape, onnx=_with_unwritten(cx, cx.tf(handle.source), handle.count, element))]
    (made,) = cx.emit("ConcatFromSequence", [cx.tf(handle)], axis=0, new_axis=1)
    shape = None if handle.shape is None else [None, *handle.shape]
    return [cx.result(0, element, shape, onnx=_with_unwritten(cx, made, handle.count, element))]


def list_length(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    handle = inputs[0]
    _list(handle, "list")
    (length,) = cx.emit("SequenceLength", [cx.tf(handle)])
    if handle.count is not None:  # TensorFlow's length counts the items reserved and not written
        (length,) = cx.emit("Max", [length, _count_name(cx, handle.count)])
    (made,) = cx.emit("Cast", [length], to=ONNX_TYPES["DT_INT32"])
    return [cx.result(0, "DT_INT32", [], onnx=made)]


def _zero(cx: Converter, element: str) -> str:
    """TensorFlow's zero of *element* (``""`` for strings), a scalar: what an item not written holds."""
    return cx.initializer(tensor_of(element, (), [b"" if element == "DT_STRING" else 0]), cx.fresh("zero"))


def _reserved_count(count: Value) -> Optional[Value]:
    """A list's reserved count (TensorListReserve's num_elements, a TensorArray's size), None where it is 0 (a list
    or a dynamic TensorArray that grows as it is written: its sequence holds it whole)."""
    known = count.ints()
    return None if known is not None and len(known) == 1 and known[0] <= 0 else count


def _count_name(cx: Converter, count: Value) -> str:
    """A reserved count as an int64 scalar, made where it is read (a constant is the model's; a computed one is
    read from the scope that made it, which a loop body or branch sees)."""
    known = count.ints()
    if known is not None and len(known) == 1:
        return cx.scalar(known[0], "DT_INT64")
    made = cx.tf(count)
    if count.dtype != "DT_INT64":
        (made,) = cx.emit("Cast", [made], to=ONNX_TYPES["DT_INT64"])
    if count.rank != 0:
        (made,) = cx.emit("Reshape", [made, cx.ints([])])
    return made


def _with_unwritten(cx: Converter, stacked: str, count: Optional[Value], element: str) -> str:
    """The rows a list's sequence holds (*stacked*), then as many of TensorFlow's items not written as its *count*
    has past them: zeros of the rows' shape (``""`` for strings, as TensorFlow's zeros are)."""
    if count is None:
        return stacked
    (shape,) = cx.emit("Shape", [stacked])
    (rows,) = cx.emit("Slice", [shape, cx.ints([0]), cx.ints([1])])
    (rest,) = cx.emit("Slice", [shape, cx.ints([1]), cx.ints([INT64_MAX])])
    (short,) = cx.emit("Sub", [_count_name(cx, count), rows])
    (missing,) = cx.emit("Max", [short, cx.ints([0])])
    (fill,) = cx.emit("Concat", [missing, rest], axis=0)
    (zeros,) = cx.emit("Expand", [_zero(cx, element), fill])
    (made,) = cx.emit("Concat", [stacked, zeros], axis=0)
    return made


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
    count = _reserved_count(inputs[0])
    found: Outputs = []
    for port in (0, 1):  # the handle and the flow
        value = _sequence(cx, port, made, element, _array_shape(node))
        value.length, value.count = 0, count
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
    scattered = _sequence(cx, 0, made, tensor.dtype, shape)
    scattered.source = cx.result(0, tensor.dtype, tensor.shape, onnx=placed)  # its reads: rows of the tensor
    scattered.count = inputs[3].count
    return [scattered]


def array_read(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    return list_get_item(cx, node, [inputs[2], inputs[1]])


def array_write(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    return list_set_item(cx, node, [inputs[3], inputs[1], inputs[2]])


def array_gather(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    flow, indices = inputs[2], inputs[1]
    element = _list(flow, "flow")
    if flow.source is not None:  # the rows of a tensor (a loop's scan output, a scatter): gathered from it
        stacked = cx.tf(flow.source)
    else:
        (stacked,) = cx.emit("ConcatFromSequence", [cx.tf(flow)], axis=0, new_axis=1)
    stacked = _with_unwritten(cx, stacked, flow.count, element)
    (wide,) = cx.emit("Cast", [cx.tf(indices)], to=ONNX_TYPES["DT_INT64"])
    (made,) = cx.emit("Gather", [stacked, wide], axis=0)
    shape = None if flow.shape is None else [None, *flow.shape]
    return [cx.result(0, element, shape, onnx=made)]


def array_size(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    return list_length(cx, node, [inputs[1]])


def array_close(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    return []
