# SPDX-License-Identifier: Apache-2.0
"""The op table of the ONNX conversion: one row per TensorFlow op, the ONNX ops it becomes and how.

Strategy: ``RULES`` is the table, a row per op, grouped by domain as tf2onnx groups its handlers (``DOMAINS``): the
ONNX pattern it makes (the documentation's table is generated from these rows), the function that makes it, a note,
and the first opset that has what it makes (``since``). The functions live by kind in ``elementwise`` (values,
matrices, elementwise ops: factories such as ``unary("Relu")`` make a row of one line), ``mathops``, ``segments``,
``diagonals``, ``complexops`` (complex values and transforms), ``quantize``, ``images`` (convolutions, pooling,
batch norm, resizing), ``cells`` (TensorFlow's fused recurrent cells), ``volumes``, ``detection``, ``pixels``,
``shapes``, ``slicing``, ``tensorops``, ``scatters``, ``ragged``, ``strings``, ``randomops``, ``lookups`` (tables),
``controlflow`` and ``tensorlists``; here they are only named, by their public names, so the table reads as data and
a new op is one row. A rule takes a shape-like input the graph computes as a tensor where ONNX takes one (its note
says "constant or computed"); where ONNX wants an attribute, the rule says the input must be a constant
(``nodeparts.need_ints``). What the converter asks of the table before it makes anything (which op types a graph has
that it lacks, and why) is ``refusals.unsupported_ops``.
"""

from __future__ import annotations

from .cells import block_lstm, gru_block_cell, lstm_block_cell
from .complexops import complex_abs, fft, make_complex, real_imag, rfft
from .controlflow import cond_frame, frame_loop, if_branches, while_loop
from .detection import combined_nms, crop_and_resize, ctc_greedy_decoder, non_max_suppression
from .diagonals import diag, diag_part, set_diag
from .elementwise import (
    add_n,
    bias_add,
    binary,
    composite,
    constant,
    cross_entropy,
    div_no_nan,
    dropped,
    dtype_cast,
    einsum,
    erfc,
    filled_like,
    floor_div,
    floor_mod,
    l2_loss,
    matmul,
    not_equal,
    passed_on,
    placeholder,
    relu6,
    rsqrt,
    select,
    softmax,
    square,
    squared_difference,
    truncate_div,
    truncated_quotient,
    unary,
)
from .frames import COND_OP, FRAME_OP
from .images import (
    adjust_contrast,
    batch_norm,
    conv,
    conv_transpose,
    depth_space,
    lrn,
    max_pool_with_argmax,
    pool,
    pool_v2,
    resize,
    resize_bicubic,
    space_batch,
)
from .lookups import hash_table, table_find, table_size
from .mathops import (
    all_any,
    atan2,
    bincount,
    bit_shift,
    bitwise,
    bucketize,
    clip_by_value,
    cumulative_product,
    cumulative_sum,
    determinant,
    is_nan,
    log1p,
    matrix_inverse,
    search_sorted,
)
from .nodeparts import attr
from .pixels import adjust_hsv, extract_patches, resize_area
from .quantize import fake_quant, quantize_dequantize
from .ragged import (
    ragged_from_variant,
    ragged_gather,
    ragged_range,
    ragged_to_sparse,
    ragged_to_tensor,
    ragged_to_variant,
)
from .randomops import multinomial, random, random_int, random_shuffle, sample_distorted_bounding_box
from .scatters import scatter_nd
from .segments import segment
from .shapes import (
    arg_reduce,
    concat,
    expand_dims,
    fill,
    gather,
    pack,
    permute,
    range_of,
    rank_of,
    reduce,
    reshape,
    shape_of,
    size_of,
    split,
    squeeze,
    tile,
    top_k,
    unpack,
)
from .slicing import pad, slice_of, strided_slice
from .strings import as_string, regex_full_match, string_case, string_join, string_split, string_to_number
from .tensorlists import (
    array_close,
    array_gather,
    array_read,
    array_scatter,
    array_size,
    array_write,
    list_from_tensor,
    list_get_item,
    list_length,
    list_reserve,
    list_set_item,
    list_stack,
    tensor_array,
)
from .tensorops import (
    broadcast_to,
    dynamic_partition,
    dynamic_stitch,
    ensure_shape,
    fill_empty_rows,
    gather_nd,
    invert_permutation,
    list_diff,
    matrix_band_part,
    one_hot,
    reverse,
    reverse_sequence,
    roll,
    set_operation,
    sparse_reshape,
    sparse_to_dense,
    unique,
    where_indices,
    xla_dynamic_slice,
    xla_dynamic_update_slice,
)
from .volumes import conv3d, conv3d_transpose, pool3d

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Dict, Final, List, Optional, Tuple

    from .converter import RuleFunction
    from .values import Value

    Outputs = List[Optional[Value]]


#: The lowest opset the conversion writes: every row's ops are there unless its ``since`` says later.
FIRST_OPSET: Final = 12


class Rule:
    """A row of the table: the ONNX ops an op becomes (for the docs), its conversion, a note, and the first opset
    of ONNX's default domain that has what it makes (``since``)."""

    __slots__ = ("convert", "note", "onnx", "since")

    def __init__(self, onnx: str, convert: RuleFunction, note: str = "", since: int = FIRST_OPSET) -> None:
        self.onnx = onnx
        self.convert = convert
        self.note = note
        self.since = since


def _row(onnx: str, convert: RuleFunction, note: str = "", *, since: int = FIRST_OPSET) -> Rule:
    return Rule(onnx, convert, note, since)


_PASS_NOTE: Final = "the value passes through"


# One table per domain (as tf2onnx groups its handlers): TensorFlow op -> its row.
_VALUES: Final[Dict[str, Rule]] = {
    # Values and passing them on.
    "Const": _row("initializer", constant, "its tensor, as raw_data"),
    "Placeholder": _row("graph input", placeholder, "TensorFlow's tensor name; unknown dims symbolic"),
    "PlaceholderV2": _row("graph input", placeholder),
    "PlaceholderWithDefault": _row("graph input", placeholder, "an input when fed, else its default"),
    "Identity": _row("-", passed_on, _PASS_NOTE),
    "IdentityN": _row("-", passed_on, _PASS_NOTE),
    "StopGradient": _row("-", passed_on, _PASS_NOTE),
    "PreventGradient": _row("-", passed_on, _PASS_NOTE),
    "Snapshot": _row("-", passed_on, _PASS_NOTE),
    "NoOp": _row("-", dropped, "dropped"),
    "ReadVariableOp": _row("-", passed_on, "in a function's body: the constant freezing made of the variable"),
    "Assert": _row("-", dropped, "dropped: what it checks is TensorFlow's at run time"),
    "CheckNumerics": _row("-", ensure_shape, "the value passes through, unchecked"),
    "EnsureShape": _row("-", ensure_shape, "the value passes through, unchecked"),
}

_MATH: Final[Dict[str, Rule]] = {
    # Matrices.
    "MatMul": _row(
        "MatMul",
        matmul,
        "transpose_a/b as a Transpose (a constant's at conversion); 8- and 16-bit "
        "integers multiplied in int32 and cast back",
    ),
    "BatchMatMul": _row("MatMul", matmul, "adj_x/adj_y as a Transpose of the last two dims"),
    "BatchMatMulV2": _row("MatMul", matmul, "adj_x/adj_y as a Transpose of the last two dims"),
    "BatchMatMulV3": _row("MatMul, Cast", matmul, "Tout other than the inputs' type as a Cast"),
    "Einsum": _row("MatMul (Transpose, Reshape); Einsum", einsum, "two operands as a MatMul, else as it is"),
    "BiasAdd": _row("Add", bias_add, "the bias laid out along the channels of NCHW"),
    "BiasAddV1": _row("Add", bias_add),
    # Elementwise, two operands (numpy broadcasting; a constant operand laid out to match an NCHW one).
    "Add": _row("Add", binary("Add", lambda a, b: a + b)),
    "AddV2": _row("Add", binary("Add", lambda a, b: a + b)),
    "Sub": _row("Sub", binary("Sub", lambda a, b: a - b)),
    "Mul": _row("Mul", binary("Mul", lambda a, b: a * b)),
    "RealDiv": _row("Div", binary("Div")),
    "Div": _row("Div", binary("Div", truncated_quotient), "integers rounded toward zero, as both"),
    "FloorDiv": _row(
        "Mod, Sub, Div (integers); Div, Floor",
        binary("", lambda a, b: a // b, build=floor_div),
        "rounds toward negative infinity, as TensorFlow",
    ),
    "TruncateDiv": _row(
        "Div (integers); Div, Abs, Floor, Sign, Mul",
        binary("", truncated_quotient, build=truncate_div),
        "rounds toward zero",
    ),
    "FloorMod": _row("Mod (integers); Div, Floor, Mul, Sub", binary("", lambda a, b: a % b, build=floor_mod)),
    "Maximum": _row("Max", binary("Max", max)),
    "Minimum": _row("Min", binary("Min", min)),
    "Pow": _row("Pow", binary("Pow")),
    "SquaredDifference": _row("Sub, Mul", binary("", build=squared_difference)),
    "AddN": _row("Sum, Add", add_n, "integers added in turn (ONNX's Sum takes floats)"),
    "DivNoNan": _row("Div, Equal, Where", binary("", build=div_no_nan), "0 where the divisor is 0"),
    "L2Loss": _row("ReduceSumSquare, Mul", l2_loss, "sum(x ** 2) / 2"),
    "SoftmaxCrossEntropyWithLogits": _row(
        "LogSoftmax, Mul, ReduceSum, Neg; Softmax, Sub", cross_entropy, "the loss per row and its gradient"
    ),
    "SparseSoftmaxCrossEntropyWithLogits": _row(
        "OneHot, LogSoftmax, Mul, ReduceSum, Neg; Softmax, Sub", cross_entropy, "the labels one-hot from their indices"
    ),
    # Comparisons and logic.
    "Equal": _row("Equal", binary("Equal", lambda a, b: int(a == b), dtype="DT_BOOL")),
    "NotEqual": _row("Equal, Not", binary("", dtype="DT_BOOL", build=not_equal)),
    "Less": _row("Less", binary("Less", lambda a, b: int(a < b), dtype="DT_BOOL")),
    "LessEqual": _row("LessOrEqual", binary("LessOrEqual", lambda a, b: int(a <= b), dtype="DT_BOOL")),
    "Greater": _row("Greater", binary("Greater", lambda a, b: int(a > b), dtype="DT_BOOL")),
    "GreaterEqual": _row("GreaterOrEqual", binary("GreaterOrEqual", lambda a, b: int(a >= b), dtype="DT_BOOL")),
    "LogicalAnd": _row("And", binary("And")),
    "LogicalOr": _row("Or", binary("Or")),
    "LogicalNot": _row("Not", unary("Not")),
    "Select": _row("Where", select, "a vector condition picks rows (Unsqueeze)"),
    "SelectV2": _row("Where", select),
    # Elementwise, one operand (the layout its input has is kept).
    "Neg": _row("Neg", unary("Neg")),
    "Abs": _row("Abs", unary("Abs")),
    "Sign": _row("Sign", unary("Sign")),
    "Square": _row("Mul", composite(square), "x * x"),
    "Sqrt": _row("Sqrt", unary("Sqrt")),
    "Rsqrt": _row("Sqrt, Reciprocal", composite(rsqrt)),
    "Reciprocal": _row("Reciprocal", unary("Reciprocal")),
    "Inv": _row("Reciprocal", unary("Reciprocal")),
    "Exp": _row("Exp", unary("Exp")),
    "Log": _row("Log", unary("Log")),
    "Floor": _row("Floor", unary("Floor")),
    "Ceil": _row("Ceil", unary("Ceil")),
    "Round": _row("Round", unary("Round"), "half to even, as TensorFlow"),
    "Sin": _row("Sin", unary("Sin")),
    "Cos": _row("Cos", unary("Cos")),
    "Tanh": _row("Tanh", unary("Tanh")),
    "Sigmoid": _row("Sigmoid", unary("Sigmoid")),
    "Erf": _row("Erf", unary("Erf")),
    "Erfc": _row("Erf, Sub", composite(erfc), "1 - erf(x): ONNX has no Erfc"),
    "Relu": _row("Relu", unary("Relu")),
    "Relu6": _row("Clip", composite(relu6), "Clip(0, 6)"),
    "LeakyRelu": _row("LeakyRelu", unary("LeakyRelu", alpha=lambda node: float(attr(node, "alpha", 0.2)))),
    "Elu": _row("Elu", unary("Elu")),
    "Selu": _row("Selu", unary("Selu"), "ONNX's default alpha and gamma are TensorFlow's"),
    "Softplus": _row("Softplus", unary("Softplus")),
    "Softsign": _row("Softsign", unary("Softsign")),
    "Softmax": _row("Softmax", softmax("Softmax"), "the last axis"),
    "LogSoftmax": _row("LogSoftmax", softmax("LogSoftmax"), "the last axis"),
    "Cast": _row("Cast", dtype_cast, "to or from a complex type: a real value paired with zeros, the real part"),
    # Trigonometric and hyperbolic functions (onnxruntime runs them in float and half).
    "Tan": _row("Tan", unary("Tan")),
    "Asin": _row("Asin", unary("Asin")),
    "Acos": _row("Acos", unary("Acos")),
    "Atan": _row("Atan", unary("Atan")),
    "Sinh": _row("Sinh", unary("Sinh")),
    "Cosh": _row("Cosh", unary("Cosh")),
    "Asinh": _row("Asinh", unary("Asinh")),
    "Acosh": _row("Acosh", unary("Acosh")),
    "Atanh": _row("Atanh", unary("Atanh")),
    "Atan2": _row("Div, Atan, Where, Sign", atan2, "the quadrant from the signs of y and x"),
    # Floats tested and made.
    "IsNan": _row("IsNaN", is_nan),
    "IsInf": _row("IsInf", is_nan),
    "IsFinite": _row("IsNaN, IsInf, Or, Not", is_nan),
    "Log1p": _row("Add, Log", log1p, "log(1 + x)"),
    "Expm1": _row("Exp, Sub", log1p, "exp(x) - 1"),
    "Rint": _row("Round", unary("Round"), "half to even"),
    "ClipByValue": _row("Max, Min", clip_by_value, "bounds that broadcast"),
    "MatrixDeterminant": _row("Det", determinant),
    "MatrixInverse": _row(
        "ArgMax, GatherElements, Div, Mul, Sub, Where", matrix_inverse, "Gauss-Jordan with partial pivoting, n known"
    ),
    "Bucketize": _row("GreaterOrEqual, Cast, ReduceSum", bucketize, "the boundaries at or below each element counted"),
    "UpperBound": _row(
        "Loop (GatherElements, Less, Where)",
        search_sorted,
        "std::upper_bound's bisection step by step, as TensorFlow's kernel runs it (a row not sorted too)",
    ),
    "LowerBound": _row("as UpperBound", search_sorted, "std::lower_bound's"),
    # Segment reductions: a ScatterND of the rows by their ids; below the opset of its reduction (16 for add and
    # mul, 18 for max and min), Where and a reduction over a mask of segments by rows.
    "SegmentSum": _row("ScatterND; below opset 16 a mask", segment, "the segments: the greatest id plus one"),
    "SegmentMean": _row("ScatterND; below opset 16 a mask", segment, "a segment's sum divided by its count"),
    "SegmentProd": _row("ScatterND; below opset 16 a mask", segment, "an empty segment 1"),
    "SegmentMax": _row("ScatterND; below opset 18 a mask", segment, "an empty segment 0"),
    "SegmentMin": _row("ScatterND; below opset 18 a mask", segment, "an empty segment 0"),
    "UnsortedSegmentSum": _row("ScatterND; below opset 16 a mask", segment, "a negative id's row dropped"),
    "UnsortedSegmentProd": _row("ScatterND; below opset 16 a mask", segment, "an empty segment 1"),
    "UnsortedSegmentMax": _row("ScatterND; below opset 18 a mask", segment, "an empty segment the type's lowest"),
    "UnsortedSegmentMin": _row("ScatterND; below opset 18 a mask", segment, "an empty segment the type's highest"),
    "SparseSegmentSum": _row("ScatterND; below opset 16 a mask", segment, "the rows gathered by the indices first"),
    "SparseSegmentMean": _row("ScatterND; below opset 16 a mask", segment, "the rows gathered by the indices first"),
    "SparseSegmentSqrtN": _row("ScatterND; below opset 16 a mask", segment, "divided by the root of the count"),
    "SparseSegmentSumWithNumSegments": _row("ScatterND; below opset 16 a mask", segment, "num_segments given"),
    "SparseSegmentMeanWithNumSegments": _row("ScatterND; below opset 16 a mask", segment, "num_segments given"),
    "SparseSegmentSqrtNWithNumSegments": _row("ScatterND; below opset 16 a mask", segment, "num_segments given"),
    # Reductions of bools, running sums, bits.
    "All": _row("Not, Cast, ReduceSum, Equal", all_any, "no false element; axes constant or computed"),
    "Any": _row("Cast, ReduceSum, Greater", all_any, "some true element; axes constant or computed"),
    "Cumsum": _row("CumSum", cumulative_sum, "exclusive, reverse; the axis constant or computed"),
    "Cumprod": _row("Split, Mul, Concat", cumulative_product, "along an axis of known size, one Mul a step"),
    "Bincount": _row(
        "Min, ScatterND (add), Slice; below opset 16 a mask", bincount, "a value past the last bin left out"
    ),
    "DenseBincount": _row(
        "Min, ScatterND (add), Slice; below opset 16 a mask",
        bincount,
        "a vector or each row of a matrix; binary_output",
    ),
    "BitwiseAnd": _row("BitwiseAnd", bitwise("BitwiseAnd"), since=18),
    "BitwiseOr": _row("BitwiseOr", bitwise("BitwiseOr"), since=18),
    "BitwiseXor": _row("BitwiseXor", bitwise("BitwiseXor"), since=18),
    "Invert": _row("BitwiseNot", bitwise("BitwiseNot"), since=18),
    "LeftShift": _row("Cast, BitShift", bit_shift, "a signed value shifted as the unsigned integer of its bits"),
    "RightShift": _row("Cast, BitShift, Sub, Where", bit_shift, "a negative value shifted arithmetically"),
    # Reductions (axes constant or computed; GlobalAveragePooling of an NCHW value without a Transpose).
    "Mean": _row("ReduceMean", reduce("ReduceMean"), "axes constant, or computed from opset 18"),
    "Sum": _row("ReduceSum", reduce("ReduceSum"), "axes constant or computed"),
    "Max": _row("ReduceMax", reduce("ReduceMax")),
    "Min": _row("ReduceMin", reduce("ReduceMin")),
    "Prod": _row("ReduceProd", reduce("ReduceProd")),
    "ArgMax": _row("ArgMax, Cast", arg_reduce("ArgMax"), "output_type int32 as a Cast"),
    "ArgMin": _row("ArgMin, Cast", arg_reduce("ArgMin"), "output_type int32 as a Cast"),
    "TopKV2": _row("TopK, Cast", top_k, "the last axis, largest, sorted"),
}

_NN: Final[Dict[str, Rule]] = {
    # Images: NCHW in ONNX, the Transposes made only where a value changes layout.
    "Conv2D": _row(
        "Conv",
        conv,
        "SAME as explicit pads (SAME_UPPER when the size is unknown), VALID, EXPLICIT; "
        "strides, dilations; the filter HWIO -> OIHW at conversion",
    ),
    "DepthwiseConv2dNative": _row("Conv (group = channels)", conv, "the filter [H, W, C, M] -> [C * M, 1, H, W]"),
    "Conv2DBackpropInput": _row(
        "ConvTranspose (Pad, Slice)",
        conv_transpose,
        "pads and output_padding from constant input_sizes; computed ones: the full output cropped",
    ),
    "MaxPool": _row("MaxPool", pool("MaxPool")),
    "MaxPoolV2": _row("MaxPool", pool_v2("MaxPool"), "ksize and strides constant"),
    "AvgPool": _row("AveragePool", pool("AveragePool"), "padding not counted, as TensorFlow"),
    "FusedBatchNorm": _row(
        "BatchNormalization; ReduceMean, Sub, Mul, Sqrt, Div",
        batch_norm,
        "4-D or 5-D; in training mode the batch's own statistics (and batch_mean, batch_variance)",
    ),
    "FusedBatchNormV2": _row("as FusedBatchNorm", batch_norm, "a half input computed in its statistics' float"),
    "FusedBatchNormV3": _row("as FusedBatchNorm", batch_norm, "exponential_avg_factor moves the batch statistics"),
    "ResizeBilinear": _row(
        "Resize (linear)", resize("linear"), "align_corners, half_pixel_centers; an exact ratio of known dims a scale"
    ),
    "ResizeNearestNeighbor": _row(
        "Resize (nearest)", resize("nearest"), "align_corners, half_pixel_centers; an exact ratio of known dims a scale"
    ),
    "ResizeBicubic": _row("MatMul, MatMul", resize_bicubic, "TensorFlow's weights made at conversion, per axis"),
    "ResizeArea": _row("MatMul, MatMul", resize_area, "TensorFlow's area weights made at conversion; sizes known"),
    "SpaceToDepth": _row("SpaceToDepth", depth_space("SpaceToDepth")),
    "DepthToSpace": _row("DepthToSpace (DCR)", depth_space("DepthToSpace")),
    "Conv3D": _row("Conv", conv3d, "NDHWC through a Transpose each way; SAME, VALID; the filter DHWIO -> OIDHW"),
    "Conv3DBackpropInputV2": _row(
        "ConvTranspose, Pad, Slice", conv3d_transpose, "the output size constant or computed: the full output cropped"
    ),
    "MaxPool3D": _row("MaxPool", pool3d("MaxPool"), "NDHWC through a Transpose each way"),
    "AvgPool3D": _row("AveragePool", pool3d("AveragePool"), "padding not counted, as TensorFlow"),
    "MaxPoolWithArgmax": _row(
        "MaxPool (indices), Mod, Div, Mul, Add", max_pool_with_argmax, "ONNX's NCHW indices counted again in NHWC"
    ),
    "CTCGreedyDecoder": _row(
        "ArgMax, Equal, NonZero, CumSum, GatherND", ctc_greedy_decoder, "blank_index; merge_repeated"
    ),
    "LRN": _row("LRN", lrn, "size 2 * depth_radius + 1, alpha times the size"),
    # TensorFlow's fused recurrent cells, as the arithmetic their kernels do (cells.py).
    "LSTMBlockCell": _row(
        "Concat, MatMul, Split, Sigmoid, Tanh, Clip",
        lstm_block_cell,
        "gates i, ci, f, o; forget_bias, peepholes, the cell clipped when cell_clip > 0; the seven outputs",
    ),
    "BlockLSTM": _row(
        "Loop (as LSTMBlockCell), Where", block_lstm, "every step's outputs stacked; zero from seq_len_max on"
    ),
    "BlockLSTMV2": _row("as BlockLSTM", block_lstm, "gates i, f, ci, o; no forget bias"),
    "GRUBlockCell": _row("Concat, MatMul, Sigmoid, Split, Mul, Tanh", gru_block_cell, "r, u, c and h"),
}

_IMAGES: Final[Dict[str, Rule]] = {
    "NonMaxSuppression": _row("NonMaxSuppression, Gather, Cast", non_max_suppression, "iou_threshold an attr"),
    "NonMaxSuppressionV2": _row("NonMaxSuppression, Gather, Cast", non_max_suppression),
    "NonMaxSuppressionV3": _row("NonMaxSuppression, Gather, Cast", non_max_suppression, "score_threshold"),
    "NonMaxSuppressionV4": _row(
        "NonMaxSuppression, Gather, Cast, Pad", non_max_suppression, "pad_to_max_output_size; the valid count"
    ),
    "NonMaxSuppressionV5": _row(
        "NonMaxSuppression, Gather, Cast, Pad", non_max_suppression, "the chosen scores; soft_nms_sigma 0 only"
    ),
    "CombinedNonMaxSuppression": _row(
        "NonMaxSuppression, ScatterND, TopK, GatherND", combined_nms, "boxes shared by the classes (q = 1)"
    ),
    "CropAndResize": _row(
        "Range, GatherND, Where (bilinear: four GatherNDs)",
        crop_and_resize,
        "TensorFlow's sampling points, extrapolation_value outside the image",
    ),
    "AdjustHue": _row("Max, Min, Where, Floor, Concat", adjust_hsv, "TensorFlow's RGB <-> HSV, the hue wrapped"),
    "AdjustSaturation": _row("Max, Min, Where, Floor, Concat", adjust_hsv, "TensorFlow's RGB <-> HSV, clamped"),
    "ExtractImagePatches": _row(
        "Conv (one-hot filters, grouped), Reshape, Transpose", extract_patches, "rates as dilations; SAME, VALID"
    ),
    "AdjustContrastv2": _row("ReduceMean, Sub, Mul, Add", adjust_contrast, "each channel's mean over height and width"),
}

_TENSOR: Final[Dict[str, Rule]] = {
    # Shapes.
    "Reshape": _row("Reshape", reshape, "a shape the graph computes from a dynamic batch made constant with -1"),
    "Squeeze": _row("Squeeze", squeeze),
    "ExpandDims": _row("Unsqueeze", expand_dims, "the axis constant or computed"),
    "Transpose": _row("Transpose", permute, "perm constant"),
    "ConcatV2": _row("Concat", concat, "the channel axis of NCHW values"),
    "Concat": _row("Concat", concat),
    "Pack": _row("Unsqueeze, Concat", pack),
    "Unpack": _row("Split, Squeeze", unpack),
    "Split": _row("Split", split),
    "SplitV": _row("Split", split, "one size -1; the sizes constant or computed"),
    "Slice": _row("Slice", slice_of, "begin and size constant or computed"),
    "StridedSlice": _row(
        "Slice, Squeeze, Unsqueeze",
        strided_slice,
        "begin, end, ellipsis, new axis and shrink masks; begin, end and strides constant or computed",
    ),
    "Pad": _row("Pad", pad, "paddings constant or computed"),
    "PadV2": _row("Pad", pad, "its constant value"),
    "MirrorPad": _row("Pad (reflect); Slice, Concat", pad, "REFLECT; SYMMETRIC as each axis's ends reversed"),
    "Tile": _row("Tile", tile),
    "Gather": _row("Gather", gather),
    "GatherV2": _row("Gather; GatherND", gather, "batch_dims as GatherND's, the axis moved to it and back"),
    "Shape": _row("Shape (Gather, Cast)", shape_of, "a known shape as a constant"),
    "Size": _row("Size, Cast", size_of),
    "Rank": _row("constant", rank_of),
    "Fill": _row("Expand", fill),
    "Range": _row("Range", range_of),
    "ZerosLike": _row("Shape, ConstantOfShape", filled_like(0)),
    "OnesLike": _row("Shape, ConstantOfShape", filled_like(1)),
    "ReverseV2": _row("Slice", reverse, "step -1 along each axis; the axes constant or computed"),
    "ReverseSequence": _row("ReverseSequence", reverse_sequence, "other axes than 0 and 1 moved there and back"),
    "Roll": _row("Slice, Concat (Mod, Sub)", roll, "the shift constant or computed; the axes constant"),
    "BroadcastTo": _row("Expand", broadcast_to, "the shape constant or computed"),
    "MatrixBandPart": _row("Range, Sub, Less, Or, And, Where", matrix_band_part, "the bounds constant or computed"),
    "GatherNd": _row("GatherND", gather_nd, "int32 indices cast to int64"),
    "ScatterNd": _row(
        "ConstantOfShape, ScatterND (add); below opset 16 a mask, ReduceSum",
        scatter_nd,
        "a duplicate index's updates summed",
    ),
    "TensorScatterUpdate": _row("ScatterND", scatter_nd),
    "TensorScatterAdd": _row("ScatterND (add); below opset 16 a mask, ReduceSum and Add", scatter_nd),
    "TensorScatterSub": _row("Neg, ScatterND (add); below opset 16 a mask, ReduceSum and Sub", scatter_nd),
    "TensorScatterMax": _row("ScatterND (max); below opset 18 a mask, ReduceMax and Max", scatter_nd),
    "TensorScatterMin": _row("ScatterND (min); below opset 18 a mask, ReduceMin and Min", scatter_nd),
    "XlaDynamicSlice": _row("Slice (Min, Max)", xla_dynamic_slice, "the starts clamped so the slice fits, as XLA"),
    "XlaDynamicUpdateSlice": _row(
        "ScatterND (Range, Expand, Concat)", xla_dynamic_update_slice, "the starts clamped so the update fits, as XLA"
    ),
    "Where": _row("NonZero, Transpose", where_indices, "the coordinates of the true elements, one row each"),
    "OneHot": _row("OneHot", one_hot, "a negative index a row of off values, as TensorFlow"),
    "Unique": _row("Unique, Cast", unique, "unsorted: first appearance first"),
    "UniqueWithCounts": _row("Unique, Cast", unique, "unsorted: first appearance first"),
    "MatrixDiag": _row("Pad, Gather, Reshape", diag, "the map of each element to its diagonal made at conversion"),
    "MatrixDiagV2": _row("Pad, Gather, Reshape", diag, "k, num_rows, num_cols constant"),
    "MatrixDiagV3": _row("Pad, Gather, Reshape", diag, "k, num_rows, num_cols constant; align"),
    "MatrixDiagPart": _row("Pad, Gather, Reshape", diag_part, "the matrices' last two dims known"),
    "MatrixDiagPartV2": _row("Pad, Gather, Reshape", diag_part, "k constant"),
    "MatrixDiagPartV3": _row("Pad, Gather, Reshape", diag_part, "k constant; align"),
    "MatrixSetDiag": _row("Concat, Gather, Reshape", set_diag, "the matrices' last two dims known"),
    "MatrixSetDiagV2": _row("Concat, Gather, Reshape", set_diag, "k constant"),
    "MatrixSetDiagV3": _row("Concat, Gather, Reshape", set_diag, "k constant; align"),
    "RaggedRange": _row(
        "Where, CumSum, NonZero, ScatterElements, Gather", ragged_range, "its row splits and flat values"
    ),
    "DenseToDenseSetOperation": _row(
        "Equal, ReduceMax, Where, TopK, NonZero", set_operation, "rows of integer matrices; the result sorted"
    ),
    "ListDiff": _row("Equal, ReduceSum, Not, Compress", list_diff, "x's elements found nowhere in y, in x's order"),
    "SparseFillEmptyRows": _row(
        "TopK, ScatterElements, CumSum, NonZero", fill_empty_rows, "an empty row's entry the default value"
    ),
    "SparseReshape": _row("ReduceProd, Mul, ReduceSum, Div, Mod", sparse_reshape, "a -1 worked out in the model"),
    "SparseToDense": _row("Expand, ScatterND", sparse_to_dense, "a repeated index keeps its last value"),
    "DynamicStitch": _row("Concat, ReduceMax, ScatterND", dynamic_stitch, "a later piece's row wins"),
    "ParallelDynamicStitch": _row("Concat, ReduceMax, ScatterND", dynamic_stitch, "as DynamicStitch"),
    "DynamicPartition": _row("Equal, Compress", dynamic_partition, "one Compress for each partition"),
    "RaggedGather": _row(
        "Gather, CumSum, Range, NonZero, ScatterElements", ragged_gather, "a vector of indices; level by level"
    ),
    "RaggedTensorToSparse": _row(
        "NonZero, ScatterElements, CumSum, Gather, Concat",
        ragged_to_sparse,
        "each flat value's coordinates, level by level",
    ),
    "RaggedTensorToTensor": _row(
        "NonZero, ScatterND, Expand, Compress; below opset 16 a mask",
        ragged_to_tensor,
        "ROW_SPLITS, or FIRST_DIM_SIZE then VALUE_ROWIDS; a shape asked for cuts or pads",
    ),
    "RaggedTensorToVariant": _row(
        "SplitToSequence", ragged_to_variant, "tf.map_fn's forms: a batch of one ragged dimension, a row whole"
    ),
    "RaggedTensorFromVariant": _row(
        "Loop, ConcatFromSequence, CumSum", ragged_from_variant, "tf.map_fn's forms: rows into one ragged dimension"
    ),
    "InvertPermutation": _row("Range, ScatterElements", invert_permutation, "a constant permutation inverted"),
    "SpaceToBatchND": _row(
        "Pad, Reshape, Transpose, Reshape", space_batch, "block and paddings constant; the dims after the batch known"
    ),
    "BatchToSpaceND": _row(
        "Reshape, Transpose, Reshape, Slice", space_batch, "block and crops constant; the dims after the batch known"
    ),
}

_CONTROL_FLOW: Final[Dict[str, Rule]] = {
    # Control flow (TF 2's functional ops) and TensorLists (TF 2's TensorArrays) as ONNX sequences.
    "While": _row("Loop", while_loop, "cond run before the first iteration, then at the end of the body graph"),
    FRAME_OP: _row(
        "Loop",
        frame_loop,
        "a TF 1 while loop's frame (Enter, Merge, Switch, LoopCond, NextIteration, Exit) taken whole, as a While",
    ),
    COND_OP: _row("If", cond_frame, "a TF 1 cond (its Switch nodes, branches and Merge nodes) taken whole"),
    "StatelessWhile": _row("Loop", while_loop, "as While"),
    "If": _row("If", if_branches, "each branch a graph reading its arguments from the outer scope"),
    "StatelessIf": _row("If", if_branches, "as If"),
    "TensorListReserve": _row("SequenceEmpty", list_reserve, "a TensorList is an ONNX sequence of tensors"),
    "TensorListFromTensor": _row("SplitToSequence", list_from_tensor, "along the first axis"),
    "TensorListGetItem": _row("SequenceAt, Gather", list_get_item, "a Gather of its tensor when never written"),
    "TensorListSetItem": _row(
        "SequenceLength, Less, If, SequenceErase, SequenceInsert, SequenceConstruct, Loop",
        list_set_item,
        "an index written twice replaced; past the end, zeros for the items between first",
    ),
    "TensorListStack": _row(
        "ConcatFromSequence (Expand, Concat)", list_stack, "new_axis=1; then zeros for the items reserved, not written"
    ),
    "TensorListLength": _row("SequenceLength, Max, Cast", list_length, "the larger of the items written and reserved"),
    # TF 1's TensorArrays: the flow is the sequence (a TF 1 while loop, taken whole, carries it).
    "TensorArrayV3": _row("SequenceEmpty", tensor_array, "the handle and the flow: the same empty sequence"),
    "TensorArrayScatterV3": _row("ScatterND, SplitToSequence", array_scatter, "element indices[i] is value[i]"),
    "TensorArrayReadV3": _row("SequenceAt", array_read, "from the flow"),
    "TensorArrayWriteV3": _row("SequenceInsert (in an If)", array_write, "as TensorListSetItem"),
    "TensorArrayGatherV3": _row(
        "ConcatFromSequence (Expand, Concat), Gather", array_gather, "as TensorListStack, then the indices' rows"
    ),
    "TensorArraySizeV3": _row("SequenceLength, Max, Cast", array_size, "as TensorListLength"),
    "TensorArrayCloseV3": _row("-", array_close, "nothing to close"),
}

_RANDOM: Final[Dict[str, Rule]] = {
    "RandomUniform": _row("RandomUniform(Like)", random, "[0, 1); the numbers are onnxruntime's, see below"),
    "RandomStandardNormal": _row("RandomNormal(Like)", random, "mean 0, deviation 1"),
    "RandomUniformInt": _row("RandomUniform, Mul, Floor, Add, Cast", random_int, "drawn in double, then floored"),
    "RandomShuffle": _row("RandomUniformLike, TopK, Gather", random_shuffle, "the rows in a drawn order"),
    "Multinomial": _row("Multinomial", multinomial, "num_samples constant"),
    "SampleDistortedBoundingBox": _row(
        "RandomUniform, Round, Sqrt, Min, Where, ArgMax, Gather",
        sample_distorted_bounding_box,
        "TensorFlow's rejection sampling, every attempt drawn at once and the first kept taken; none kept, the "
        "whole image",
    ),
    "SampleDistortedBoundingBoxV2": _row(
        "as SampleDistortedBoundingBox", sample_distorted_bounding_box, "min_object_covered a tensor"
    ),
}

_QUANTIZE: Final[Dict[str, Rule]] = {
    "QuantizeAndDequantizeV2": _row(
        "QuantizeLinear, DequantizeLinear; or Max, Min, Mul, Round",
        quantize_dequantize,
        "int8 or uint8 with the range given and half-to-even rounding as the linear pair, per tensor or axis; "
        "else TensorFlow's arithmetic (a range of the input's own least and greatest too)",
    ),
    "QuantizeAndDequantizeV3": _row("as QuantizeAndDequantizeV2", quantize_dequantize, "num_bits constant"),
    "QuantizeAndDequantizeV4": _row("as QuantizeAndDequantizeV2", quantize_dequantize),
    "FakeQuantWithMinMaxArgs": _row(
        "Min, Max, Sub, Mul, Floor, Add", fake_quant, "TensorFlow's nudged range, worked out at conversion"
    ),
    "FakeQuantWithMinMaxVars": _row("Min, Max, Sub, Div, Floor, Add", fake_quant, "min and max constant"),
    "FakeQuantWithMinMaxVarsPerChannel": _row(
        "Min, Max, Sub, Div, Floor, Add", fake_quant, "along the last axis; min and max constant"
    ),
}

_SIGNAL: Final[Dict[str, Rule]] = {
    # Complex values as pairs of parts on one more axis, as ONNX's DFT holds them (onnxruntime has no complex type).
    # Below opset 17, which has no DFT, each transform is a MatMul by the DFT's matrix (a known length up to 1024).
    "RFFT": _row("DFT (one-sided); below opset 17 MatMul", rfft, "fft_length constant: the signal cut or padded"),
    "RFFT2D": _row("DFT (one-sided), DFT; below opset 17 MatMul", rfft, "the last axis one-sided, then the one before"),
    "FFT": _row("DFT; below opset 17 MatMul", fft, "of a complex value"),
    "IFFT": _row("DFT (inverse); below opset 17 MatMul", fft, "normalized by 1/n, as both"),
    "FFT2D": _row("DFT, DFT; below opset 17 MatMul", fft, "the last two axes"),
    "IFFT2D": _row("DFT, DFT (inverse); below opset 17 MatMul", fft, "the last two axes"),
    "ComplexAbs": _row("ReduceL2", complex_abs, "the pair's length"),
    "Real": _row("Gather", real_imag, "the first of the pair"),
    "Imag": _row("Gather", real_imag, "the second of the pair"),
    "Complex": _row("Expand, Unsqueeze, Concat", make_complex, "the parts broadcast, then paired"),
}

_STRINGS: Final[Dict[str, Rule]] = {
    "AsString": _row("Cast (Gather for bools)", as_string, "integers and bools; a float's %f text has no ONNX op"),
    "StringToNumber": _row("Cast", string_to_number, "to float, double, int32 or int64"),
    "StringLower": _row("StringNormalizer (Reshape)", string_case, "no encoding: ASCII letters, in the C locale"),
    "StringUpper": _row("StringNormalizer (Reshape)", string_case, "no encoding: ASCII letters, in the C locale"),
    "RegexFullMatch": _row("RegexFullMatch", regex_full_match, "pattern constant; RE2, as TensorFlow's", since=20),
    "StaticRegexFullMatch": _row("RegexFullMatch", regex_full_match, "RE2, as TensorFlow's", since=20),
    "StringJoin": _row("StringConcat", string_join, "the separator between each two; a scalar broadcast", since=20),
    "StringSplitV2": _row("StringSplit, NonZero, GatherND", string_split, "a constant separator; sparse out", since=20),
}

_LOOKUP: Final[Dict[str, Rule]] = {
    # Tables filled by an initializer of the graph or a SavedModel's vocabulary file (tablefills.fill_tables).
    "HashTableV2": _row("-", hash_table, "its contents from the initializer that fills it, or a vocabulary asset"),
    "HashTable": _row("-", hash_table, "TF 1's reference table, as HashTableV2"),
    "LookupTableFindV2": _row("LabelEncoder (ai.onnx.ml), Gather", table_find, "to values, or positions to Gather"),
    "LookupTableFind": _row("LabelEncoder (ai.onnx.ml), Gather", table_find, "as LookupTableFindV2"),
    "LookupTableSizeV2": _row("initializer", table_size, "the number of keys, a constant"),
    "LookupTableSize": _row("initializer", table_size, "as LookupTableSizeV2"),
}

#: The domains in the documentation's order.
DOMAINS: Final[Tuple[Tuple[str, Dict[str, Rule]], ...]] = (
    ("values", _VALUES),
    ("math", _MATH),
    ("nn", _NN),
    ("images", _IMAGES),
    ("tensor", _TENSOR),
    ("control flow", _CONTROL_FLOW),
    ("quantize", _QUANTIZE),
    ("signal", _SIGNAL),
    ("strings", _STRINGS),
    ("random", _RANDOM),
    ("lookup", _LOOKUP),
)

RULES: Final[Dict[str, Rule]] = {op: rule for _, table in DOMAINS for op, rule in table.items()}


def table_rows() -> List[Tuple[str, str, str, str, int]]:
    """(domain, TensorFlow op, ONNX ops, note, since) of every row, in the table's order: the table the
    documentation lists."""
    return [(domain, op, rule.onnx, rule.note, rule.since) for domain, table in DOMAINS for op, rule in table.items()]
