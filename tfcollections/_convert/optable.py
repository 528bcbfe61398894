# SPDX-License-Identifier: Apache-2.0
"""The op table of the ONNX conversion: one row per TensorFlow op, the ONNX ops it becomes and how.

Strategy: ``RULES`` is the table, a row per op: the ONNX pattern it makes (the documentation's table is generated
from these rows), the function that makes it, and a note. The functions live by kind in ``elementwise`` (values,
matrices, elementwise ops: factories such as ``_unary("Relu")`` make a row of one line), ``images`` (convolutions,
pooling, batch norm, resizing) and ``shapes`` (shapes, slicing, reductions); here they are only named, so the
table reads as data and a new op is one row. ``unsupported_ops`` is what the converter asks before it makes
anything: every op type of a graph the table lacks, with its count and first node.
"""

from __future__ import annotations

from .controlflow import (
    _array,
    _array_close,
    _array_gather,
    _array_read,
    _array_scatter,
    _array_size,
    _array_write,
    _if,
    _list_from_tensor,
    _list_get_item,
    _list_length,
    _list_reserve,
    _list_set_item,
    _list_stack,
    _while,
    cond_frame,
    frame_loop,
)
from .elementwise import (
    _add_n,
    _bias_add,
    _binary,
    _cast,
    _composite,
    _const,
    _cross_entropy,
    _div_no_nan,
    _einsum,
    _erfc,
    _floor_div,
    _floor_mod,
    _l2_loss,
    _like,
    _matmul,
    _no_op,
    _not_equal,
    _pass,
    _placeholder,
    _relu6,
    _rsqrt,
    _select,
    _softmax,
    _square,
    _squared_difference,
    _truncate_div,
    _truncated_div,
    _unary,
)
from .frames import COND_OP, FRAME_OP
from .images import _batch_norm, _conv, _conv_transpose, _depth_space, _pool, _resize
from .nodeparts import attr
from .shapes import (
    _arg,
    _concat,
    _expand_dims,
    _fill,
    _gather,
    _pack,
    _pad,
    _range,
    _rank,
    _reduce,
    _reshape,
    _shape,
    _size,
    _slice,
    _split,
    _squeeze,
    _strided_slice,
    _tile,
    _top_k,
    _transpose,
    _unpack,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Dict, Final, List, Optional, Tuple

    from .._typing import Decoded
    from .converter import RuleFunction
    from .values import Value

    Outputs = List[Optional[Value]]


class Rule:
    """A row of the table: the ONNX ops an op becomes (for the docs), its conversion, and a note."""

    __slots__ = ("convert", "note", "onnx")

    def __init__(self, onnx: str, convert: RuleFunction, note: str = "") -> None:
        self.onnx = onnx
        self.convert = convert
        self.note = note


def _row(onnx: str, convert: RuleFunction, note: str = "") -> Rule:
    return Rule(onnx, convert, note)


_PASS_NOTE: Final = "the value passes through"


RULES: Final[Dict[str, Rule]] = {
    # Values and passing them on.
    "Const": _row("initializer", _const, "its tensor, as raw_data"),
    "Placeholder": _row("graph input", _placeholder, "TensorFlow's tensor name; unknown dims symbolic"),
    "PlaceholderV2": _row("graph input", _placeholder),
    "PlaceholderWithDefault": _row("graph input", _placeholder, "an input when fed, else its default"),
    "Identity": _row("-", _pass, _PASS_NOTE),
    "IdentityN": _row("-", _pass, _PASS_NOTE),
    "StopGradient": _row("-", _pass, _PASS_NOTE),
    "PreventGradient": _row("-", _pass, _PASS_NOTE),
    "Snapshot": _row("-", _pass, _PASS_NOTE),
    "NoOp": _row("-", _no_op, "dropped"),
    "ReadVariableOp": _row("-", _pass, "in a function's body: the constant freezing made of the variable"),
    # Control flow (TF 2's functional ops) and TensorLists (TF 2's TensorArrays) as ONNX sequences.
    "While": _row("Loop", _while, "cond run before the first iteration, then at the end of the body graph"),
    FRAME_OP: _row(
        "Loop",
        frame_loop,
        "a TF 1 while loop's frame (Enter, Merge, Switch, LoopCond, NextIteration, Exit) taken whole, as a While",
    ),
    COND_OP: _row("If", cond_frame, "a TF 1 cond (its Switch nodes, branches and Merge nodes) taken whole"),
    "StatelessWhile": _row("Loop", _while, "as While"),
    "If": _row("If", _if, "each branch a graph reading its arguments from the outer scope"),
    "StatelessIf": _row("If", _if, "as If"),
    "TensorListReserve": _row("SequenceEmpty", _list_reserve, "a TensorList is an ONNX sequence of tensors"),
    "TensorListFromTensor": _row("SplitToSequence", _list_from_tensor, "along the first axis"),
    "TensorListGetItem": _row("SequenceAt", _list_get_item),
    "TensorListSetItem": _row(
        "SequenceLength, Less, If, SequenceErase, SequenceInsert", _list_set_item, "an index written twice replaced"
    ),
    "TensorListStack": _row("ConcatFromSequence", _list_stack, "new_axis=1"),
    "TensorListLength": _row("SequenceLength, Cast", _list_length),
    # TF 1's TensorArrays: the flow is the sequence (a TF 1 while loop, taken whole, carries it).
    "TensorArrayV3": _row("SequenceEmpty", _array, "the handle and the flow: the same empty sequence"),
    "TensorArrayScatterV3": _row("ScatterND, SplitToSequence", _array_scatter, "element indices[i] is value[i]"),
    "TensorArrayReadV3": _row("SequenceAt", _array_read, "from the flow"),
    "TensorArrayWriteV3": _row("SequenceInsert (after SequenceErase in an If)", _array_write, "as TensorListSetItem"),
    "TensorArrayGatherV3": _row("ConcatFromSequence, Gather", _array_gather, "new_axis=1, then the indices' rows"),
    "TensorArraySizeV3": _row("SequenceLength, Cast", _array_size),
    "TensorArrayCloseV3": _row("-", _array_close, "nothing to close"),
    # Matrices.
    "MatMul": _row(
        "MatMul",
        _matmul,
        "transpose_a/b as a Transpose (a constant's at conversion); 8- and 16-bit "
        "integers multiplied in int32 and cast back",
    ),
    "BatchMatMul": _row("MatMul", _matmul, "adj_x/adj_y as a Transpose of the last two dims"),
    "BatchMatMulV2": _row("MatMul", _matmul, "adj_x/adj_y as a Transpose of the last two dims"),
    "BatchMatMulV3": _row("MatMul, Cast", _matmul, "Tout other than the inputs' type as a Cast"),
    "Einsum": _row("Einsum", _einsum, "the equation as it is"),
    "BiasAdd": _row("Add", _bias_add, "the bias laid out along the channels of NCHW"),
    "BiasAddV1": _row("Add", _bias_add),
    # Elementwise, two operands (numpy broadcasting; a constant operand laid out to match an NCHW one).
    "Add": _row("Add", _binary("Add", lambda a, b: a + b)),
    "AddV2": _row("Add", _binary("Add", lambda a, b: a + b)),
    "Sub": _row("Sub", _binary("Sub", lambda a, b: a - b)),
    "Mul": _row("Mul", _binary("Mul", lambda a, b: a * b)),
    "RealDiv": _row("Div", _binary("Div")),
    "Div": _row("Div", _binary("Div", _truncated_div), "integers rounded toward zero, as both"),
    "FloorDiv": _row(
        "Mod, Sub, Div (integers); Div, Floor",
        _binary("", lambda a, b: a // b, build=_floor_div),
        "rounds toward negative infinity, as TensorFlow",
    ),
    "TruncateDiv": _row(
        "Div (integers); Div, Abs, Floor, Sign, Mul",
        _binary("", _truncated_div, build=_truncate_div),
        "rounds toward zero",
    ),
    "FloorMod": _row("Mod (integers); Div, Floor, Mul, Sub", _binary("", lambda a, b: a % b, build=_floor_mod)),
    "Maximum": _row("Max", _binary("Max", max)),
    "Minimum": _row("Min", _binary("Min", min)),
    "Pow": _row("Pow", _binary("Pow")),
    "SquaredDifference": _row("Sub, Mul", _binary("", build=_squared_difference)),
    "AddN": _row("Sum, Add", _add_n, "integers added in turn (ONNX's Sum takes floats)"),
    "DivNoNan": _row("Div, Equal, Where", _binary("", build=_div_no_nan), "0 where the divisor is 0"),
    "L2Loss": _row("ReduceSumSquare, Mul", _l2_loss, "sum(x ** 2) / 2"),
    "SoftmaxCrossEntropyWithLogits": _row(
        "LogSoftmax, Mul, ReduceSum, Neg; Softmax, Sub", _cross_entropy, "the loss per row and its gradient"
    ),
    "SparseSoftmaxCrossEntropyWithLogits": _row(
        "OneHot, LogSoftmax, Mul, ReduceSum, Neg; Softmax, Sub", _cross_entropy, "the labels one-hot from their indices"
    ),
    # Comparisons and logic.
    "Equal": _row("Equal", _binary("Equal", dtype="DT_BOOL")),
    "NotEqual": _row("Equal, Not", _binary("", dtype="DT_BOOL", build=_not_equal)),
    "Less": _row("Less", _binary("Less", dtype="DT_BOOL")),
    "LessEqual": _row("LessOrEqual", _binary("LessOrEqual", dtype="DT_BOOL")),
    "Greater": _row("Greater", _binary("Greater", dtype="DT_BOOL")),
    "GreaterEqual": _row("GreaterOrEqual", _binary("GreaterOrEqual", dtype="DT_BOOL")),
    "LogicalAnd": _row("And", _binary("And")),
    "LogicalOr": _row("Or", _binary("Or")),
    "LogicalNot": _row("Not", _unary("Not")),
    "Select": _row("Where", _select, "a vector condition picks rows (Unsqueeze)"),
    "SelectV2": _row("Where", _select),
    # Elementwise, one operand (the layout its input has is kept).
    "Neg": _row("Neg", _unary("Neg")),
    "Abs": _row("Abs", _unary("Abs")),
    "Sign": _row("Sign", _unary("Sign")),
    "Square": _row("Mul", _composite(_square), "x * x"),
    "Sqrt": _row("Sqrt", _unary("Sqrt")),
    "Rsqrt": _row("Sqrt, Reciprocal", _composite(_rsqrt)),
    "Reciprocal": _row("Reciprocal", _unary("Reciprocal")),
    "Inv": _row("Reciprocal", _unary("Reciprocal")),
    "Exp": _row("Exp", _unary("Exp")),
    "Log": _row("Log", _unary("Log")),
    "Floor": _row("Floor", _unary("Floor")),
    "Ceil": _row("Ceil", _unary("Ceil")),
    "Round": _row("Round", _unary("Round"), "half to even, as TensorFlow"),
    "Sin": _row("Sin", _unary("Sin")),
    "Cos": _row("Cos", _unary("Cos")),
    "Tanh": _row("Tanh", _unary("Tanh")),
    "Sigmoid": _row("Sigmoid", _unary("Sigmoid")),
    "Erf": _row("Erf", _unary("Erf")),
    "Erfc": _row("Erf, Sub", _composite(_erfc), "1 - erf(x): ONNX has no Erfc"),
    "Relu": _row("Relu", _unary("Relu")),
    "Relu6": _row("Clip", _composite(_relu6), "Clip(0, 6)"),
    "LeakyRelu": _row("LeakyRelu", _unary("LeakyRelu", alpha=lambda node: float(attr(node, "alpha", 0.2)))),
    "Elu": _row("Elu", _unary("Elu")),
    "Selu": _row("Selu", _unary("Selu"), "ONNX's default alpha and gamma are TensorFlow's"),
    "Softplus": _row("Softplus", _unary("Softplus")),
    "Softsign": _row("Softsign", _unary("Softsign")),
    "Softmax": _row("Softmax", _softmax("Softmax"), "the last axis"),
    "LogSoftmax": _row("LogSoftmax", _softmax("LogSoftmax"), "the last axis"),
    "Cast": _row("Cast", _cast),
    # Images: NCHW in ONNX, the Transposes made only where a value changes layout.
    "Conv2D": _row(
        "Conv",
        _conv,
        "SAME as explicit pads (SAME_UPPER when the size is unknown), VALID, EXPLICIT; "
        "strides, dilations; the filter HWIO -> OIHW at conversion",
    ),
    "DepthwiseConv2dNative": _row("Conv (group = channels)", _conv, "the filter [H, W, C, M] -> [C * M, 1, H, W]"),
    "Conv2DBackpropInput": _row("ConvTranspose", _conv_transpose, "pads and output_padding from input_sizes"),
    "MaxPool": _row("MaxPool", _pool("MaxPool")),
    "AvgPool": _row("AveragePool", _pool("AveragePool"), "padding not counted, as TensorFlow"),
    "FusedBatchNorm": _row("BatchNormalization", _batch_norm, "inference (is_training false) only"),
    "FusedBatchNormV2": _row("BatchNormalization", _batch_norm, "inference only; a half input Cast"),
    "FusedBatchNormV3": _row("BatchNormalization", _batch_norm, "inference only; a half input Cast"),
    "ResizeBilinear": _row("Resize (linear)", _resize("linear"), "align_corners, half_pixel_centers"),
    "ResizeNearestNeighbor": _row("Resize (nearest)", _resize("nearest"), "align_corners, half_pixel_centers"),
    "SpaceToDepth": _row("SpaceToDepth", _depth_space("SpaceToDepth")),
    "DepthToSpace": _row("DepthToSpace (DCR)", _depth_space("DepthToSpace")),
    # Reductions (axes constant; GlobalAveragePooling of an NCHW value without a Transpose).
    "Mean": _row("ReduceMean", _reduce("ReduceMean")),
    "Sum": _row("ReduceSum", _reduce("ReduceSum")),
    "Max": _row("ReduceMax", _reduce("ReduceMax")),
    "Min": _row("ReduceMin", _reduce("ReduceMin")),
    "Prod": _row("ReduceProd", _reduce("ReduceProd")),
    "ArgMax": _row("ArgMax, Cast", _arg("ArgMax"), "output_type int32 as a Cast"),
    "ArgMin": _row("ArgMin, Cast", _arg("ArgMin"), "output_type int32 as a Cast"),
    "TopKV2": _row("TopK, Cast", _top_k, "the last axis, largest, sorted"),
    # Shapes.
    "Reshape": _row("Reshape", _reshape, "a shape the graph computes from a dynamic batch made constant with -1"),
    "Squeeze": _row("Squeeze", _squeeze),
    "ExpandDims": _row("Unsqueeze", _expand_dims),
    "Transpose": _row("Transpose", _transpose, "perm constant"),
    "ConcatV2": _row("Concat", _concat, "the channel axis of NCHW values"),
    "Concat": _row("Concat", _concat),
    "Pack": _row("Unsqueeze, Concat", _pack),
    "Unpack": _row("Split, Squeeze", _unpack),
    "Split": _row("Split", _split),
    "SplitV": _row("Split", _split, "one size -1"),
    "Slice": _row("Slice", _slice),
    "StridedSlice": _row(
        "Slice, Squeeze, Unsqueeze",
        _strided_slice,
        "begin, end, ellipsis, new axis and shrink masks; begin, end and strides constant",
    ),
    "Pad": _row("Pad", _pad),
    "PadV2": _row("Pad", _pad, "its constant value"),
    "MirrorPad": _row("Pad (reflect)", _pad, "REFLECT (SYMMETRIC has no ONNX mode)"),
    "Tile": _row("Tile", _tile),
    "Gather": _row("Gather", _gather),
    "GatherV2": _row("Gather", _gather, "batch_dims 0"),
    "Shape": _row("Shape (Gather, Cast)", _shape, "a known shape as a constant"),
    "Size": _row("Size, Cast", _size),
    "Rank": _row("constant", _rank),
    "Fill": _row("Expand", _fill),
    "Range": _row("Range", _range),
    "ZerosLike": _row("Shape, ConstantOfShape", _like(0)),
    "OnesLike": _row("Shape, ConstantOfShape", _like(1)),
}


# Ops that make a graph the conversion refuses with a reason of its own (TF 1's control-flow frames).
_REFUSED: Final = {
    # TF 1 while loops and conds are taken whole (frames.py): what is left of these is part of neither.
    "Switch": "control flow", "Merge": "control flow", "Enter": "control flow",
    "Exit": "control flow", "NextIteration": "control flow", "LoopCond": "control flow",
    "PartitionedCall": "a function call", "StatefulPartitionedCall": "a function call",
}  # fmt: skip


def unsupported_ops(nodes: List[Decoded]) -> List[Decoded]:
    """Each op type of *nodes* the table lacks: ``{"op", "count", "node", "why"}``, in the order first met."""
    found: Dict[str, Decoded] = {}
    for node in nodes:
        op = node["op"]
        if op in RULES:
            continue
        entry = found.get(op)
        if entry is None:
            found[op] = {"op": op, "count": 1, "node": node["name"], "why": _REFUSED.get(op, "not in the table")}
        else:
            entry["count"] += 1
    return list(found.values())


def table_rows() -> List[Tuple[str, str, str]]:
    """(TensorFlow op, ONNX ops, note) of every row, in the table's order: the table the documentation lists."""
    return [(op, rule.onnx, rule.note) for op, rule in RULES.items()]
