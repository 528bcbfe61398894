# SPDX-License-Identifier: Apache-2.0
"""The op table's rules for images: convolutions, pooling, batch norm, resizing, and depth and space.

Strategy: ONNX's image ops are NCHW; each rule asks for its input in NCHW (``Converter.nchw``: one Transpose the first
time, none after a convolution) and gives its output in NCHW, which the next image op takes as it is. TensorFlow's
SAME padding becomes explicit pads when the size is known (the odd pixel at the end, as ``SAME_UPPER``), filters
are transposed to ONNX's layout once, at conversion. One rewrite runs before the table: TensorFlow's atrous
convolution (``SpaceToBatchND`` -> convolution -> ``BatchToSpaceND``) becomes the dilated convolution it stands for.
"""

from __future__ import annotations

import math
import struct

from .._errors import ConversionError
from .._graph.graphdef import bytes_attr, ints_attr, new_node, split_tensor_name
from .kernels import widened
from .nodeparts import (
    as_int64,
    attr,
    cast_ints,
    fully_known,
    need_dims,
    need_ints,
    need_rank,
    onnx_type,
    text_attr,
)
from .values import INPUTS_HINT, TO_NHWC, tensor_of
from .windows import (
    cropped_transpose,
    filter_weights,
    image_in,
    image_out,
    mean_over,
    spatial_attr,
    volume_in,
    volume_out,
    window_attrs,
    window_out,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, List, Optional, Set, Tuple

    from .._typing import Decoded
    from .converter import Converter, RuleFunction
    from .values import Shape, Value

    Outputs = List[Optional[Value]]


def conv(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    x, weights = inputs[0], inputs[1]
    layout = text_attr(node, "data_format", "NHWC")
    if need_rank(x) != 4 or need_rank(weights, "filter") != 4:
        raise ConversionError("only 2-D convolutions (4-D inputs) are converted")
    if weights.shape is None or not fully_known(weights.shape):
        return [_conv_of_computed_filter(cx, node, x, weights, layout)]
    kh, kw, channels_in, channels_out = cast_ints(weights.shape)
    data, shape = image_in(cx, x, layout)
    strides, dilations = spatial_attr(node, "strides", layout), spatial_attr(node, "dilations", layout)
    spatial: List[Optional[int]] = [None, None] if shape is None else shape[2:]
    attrs = window_attrs(node, spatial, [kh, kw], strides, dilations, layout)
    attrs["dilations"], attrs["kernel_shape"] = dilations, [kh, kw]
    if node["op"] == "DepthwiseConv2dNative":
        # [H, W, C, M] -> [C * M, 1, H, W], one group per input channel.
        kernel = filter_weights(cx, weights, (2, 3, 0, 1), (channels_in * channels_out, 1, kh, kw))
        attrs["group"] = channels_in
        channels = channels_in * channels_out
    else:
        group = 1
        if shape is not None and shape[1] is not None and shape[1] != channels_in:
            group = shape[1] // channels_in  # a grouped convolution: the filter holds one group's input channels
        kernel = filter_weights(cx, weights, (3, 2, 0, 1))  # HWIO -> OIHW
        attrs["group"] = group if group != 1 else None
        channels = channels_out
    out = cx.emit("Conv", [data, kernel], **attrs)[0]
    pads = attrs.get("pads")
    dims = [
        window_out(size, k, s, d, (pads[i], pads[i + 2]) if pads else None, "auto_pad" in attrs)
        for i, (size, k, s, d) in enumerate(zip(spatial, (kh, kw), strides, dilations))
    ]
    batch = shape[0] if shape is not None else None
    return [image_out(cx, out, x.dtype, [batch, channels, *dims], layout)]


def _conv_of_computed_filter(cx: Converter, node: Decoded, x: Value, weights: Value, layout: str) -> Value:
    """Conv2D of a filter whose dims the graph does not know (one it computes): ONNX's Conv infers the window from
    the filter it is given when it runs; SAME padding is SAME_UPPER; one group (a grouped convolution needs the
    filter's channels known)."""
    if node["op"] == "DepthwiseConv2dNative":
        raise ConversionError("its filter's shape must be known (a depthwise convolution's groups are its channels)")
    padding = text_attr(node, "padding", "VALID")
    if padding not in ("SAME", "VALID"):
        raise ConversionError(f"its padding {padding!r} needs the filter's shape known")
    data, shape = image_in(cx, x, layout)
    strides, dilations = spatial_attr(node, "strides", layout), spatial_attr(node, "dilations", layout)
    attrs: Dict[str, Any] = {"strides": strides, "dilations": dilations}
    if padding == "SAME":
        attrs["auto_pad"] = "SAME_UPPER"
    else:
        attrs["pads"] = [0, 0, 0, 0]
    filter_in = None if weights.shape is None else weights.shape[2]
    if shape is not None and shape[1] is not None and filter_in is not None and shape[1] != filter_in:
        attrs["group"] = shape[1] // filter_in
    out = cx.emit("Conv", [data, filter_weights(cx, weights, (3, 2, 0, 1))], **attrs)[0]
    channels = None if weights.shape is None else weights.shape[3]
    dims: List[Optional[int]] = [None, None]
    if padding == "SAME" and shape is not None:
        dims = [None if size is None else -(-size // step) for size, step in zip(shape[2:], strides)]
    batch = shape[0] if shape is not None else None
    return image_out(cx, out, x.dtype, [batch, channels, *dims], layout)


def conv_transpose(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    sizes, weights, x = inputs[0], inputs[1], inputs[2]
    layout = text_attr(node, "data_format", "NHWC")
    if weights.shape is None or not fully_known(weights.shape) or need_rank(x) != 4:
        raise ConversionError("its filter's shape and its input's rank must be known")
    kh, kw, channels_out, _ = cast_ints(weights.shape)
    need_dims(sizes, "input_sizes")
    if sizes.shape is not None and sizes.shape[0] not in (None, 4):
        raise ConversionError(f"its input_sizes {sizes.tf_name!r} have {sizes.shape[0]} elements, not 4")
    wanted = sizes.partial or [None] * 4
    out_h, out_w = (wanted[2], wanted[3]) if layout == "NCHW" else (wanted[1], wanted[2])
    data, shape = image_in(cx, x, layout)
    strides, dilations = spatial_attr(node, "strides", layout), spatial_attr(node, "dilations", layout)
    padding = text_attr(node, "padding", "VALID")
    if padding not in ("SAME", "VALID"):
        raise ConversionError(f"padding {padding!r} of a transposed convolution is not converted")
    if out_h is None or out_w is None or shape is None or shape[2] is None or shape[3] is None:
        kernel = filter_weights(cx, weights, (3, 2, 0, 1))
        positions = [2, 3] if layout == "NCHW" else [1, 2]
        out = cropped_transpose(cx, data, kernel, sizes, positions, [kh, kw], strides, dilations, padding)
        batch = shape[0] if shape is not None else None
        return [image_out(cx, out, x.dtype, [batch, channels_out, out_h, out_w], layout)]
    pads, extra = [], []
    for size, wanted_size, k, s, d in zip(cast_ints(shape[2:]), (out_h, out_w), (kh, kw), strides, dilations):
        effective = (k - 1) * d + 1
        if padding == "SAME":
            total = max((size - 1) * s + effective - wanted_size, 0)  # the forward convolution's padding
            before, after = total // 2, total - total // 2
        else:  # VALID
            before = after = 0
        pads.append((before, after))
        extra.append(wanted_size - ((size - 1) * s + effective - before - after))
    if any(item < 0 or item >= max(strides) for item in extra):
        raise ConversionError("its output size is not one a transposed convolution of its input gives")
    kernel = filter_weights(cx, weights, (3, 2, 0, 1))  # [H, W, out, in] -> [in, out, H, W]
    out = cx.emit("ConvTranspose", [data, kernel], strides=strides, dilations=dilations, kernel_shape=[kh, kw],
                  pads=[pads[0][0], pads[1][0], pads[0][1], pads[1][1]],
                  output_padding=extra if any(extra) else None)[0]  # fmt: skip
    return [image_out(cx, out, x.dtype, [shape[0], channels_out, out_h, out_w], layout)]


def pool(onnx_op: str) -> RuleFunction:
    def convert(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
        x = inputs[0]
        layout = text_attr(node, "data_format", "NHWC")
        if need_rank(x) != 4:
            raise ConversionError("only 2-D pooling (4-D inputs) is converted")
        if "ksize" not in node["attr"] or "strides" not in node["attr"]:  # TensorFlow's pools have no defaults
            raise ConversionError("it has no ksize or no strides, which TensorFlow's pools require")
        data, shape = image_in(cx, x, layout)
        kernel, strides = spatial_attr(node, "ksize", layout), spatial_attr(node, "strides", layout)
        spatial: List[Optional[int]] = [None, None] if shape is None else shape[2:]
        attrs = window_attrs(node, spatial, kernel, strides, [1, 1], layout)
        pads = attrs.get("pads") or [0, 0, 0, 0]
        if any(pad < 0 or pad >= kernel[index % 2] for index, pad in enumerate(pads)):
            raise ConversionError(f"its padding {pads} is not less than its window {kernel} on each side")
        attrs["kernel_shape"] = kernel
        (data,), back = widened(cx, onnx_op, x.dtype, [data])  # an int32 MaxPool computed in double
        out = back(cx.emit(onnx_op, [data], **attrs)[0])
        pads = attrs.get("pads")
        dims = [window_out(size, k, s, 1, (pads[i], pads[i + 2]) if pads else None, "auto_pad" in attrs)
                for i, (size, k, s) in enumerate(zip(spatial, kernel, strides))]  # fmt: skip
        nchw_shape = None if shape is None else [shape[0], shape[1], *dims]
        return [image_out(cx, out, x.dtype, nchw_shape, layout)]

    return convert


def batch_norm(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """FusedBatchNorm (V1 to V3) of a 4-D or 5-D value, channels last or first. For inference, ONNX's
    BatchNormalization of the given statistics (in NCHW, or NCDHW through a Transpose each way). In training mode
    (is_training, as tf_keras' LayerNormalization runs one), the statistics are the batch's own: the mean and the
    variance over every axis but the channels', then the same normalization; its batch_mean and batch_variance
    outputs are TensorFlow's (the variance corrected by n / (n - 1), moved toward the given running values by
    exponential_avg_factor when it is not 1)."""
    x, scale, offset, mean, variance = inputs[:5]
    rank = need_rank(x)
    if rank not in (4, 5):
        raise ConversionError(f"its input has rank {rank}: TensorFlow's fused batch norms take 4-D or 5-D values")
    layout = text_attr(node, "data_format", "NHWC" if rank == 4 else "NDHWC")
    first = layout in ("NCHW", "NCDHW")
    epsilon = float(attr(node, "epsilon", 0.0001))
    dtype = scale.dtype if x.dtype != scale.dtype else x.dtype  # a half input with float statistics: float
    if rank == 4:
        data, shape = image_in(cx, x, layout)
    else:
        data, shape = volume_in(cx, x, layout)
    if x.dtype != dtype:
        data = cx.emit("Cast", [data], to=onnx_type(dtype))[0]
    statistics: Optional[Tuple[str, str]] = None
    if attr(node, "is_training", True):
        out, *computed = _batch_statistics(cx, node, data, dtype, rank, inputs, epsilon)
        statistics = (computed[0], computed[1])
    else:
        stats = [cx.tf(value) for value in (scale, offset, mean, variance)]
        out = cx.emit("BatchNormalization", [data, *stats], epsilon=epsilon)[0]
    if x.dtype != dtype:
        out = cx.emit("Cast", [out], to=onnx_type(x.dtype))[0]
    if rank == 4:
        result = image_out(cx, out, x.dtype, shape, layout)
    elif first:
        result = cx.result(0, x.dtype, shape, onnx=out)
    else:
        result = volume_out(cx, out, x.dtype, shape, layout)
    channels = None if shape is None else [shape[1]]
    results: Outputs = [result]
    if statistics is not None:
        results += [cx.result(1, scale.dtype, channels, onnx=statistics[0]),
                    cx.result(2, scale.dtype, channels, onnx=statistics[1])]  # fmt: skip
    return results


def _batch_statistics(cx: Converter, node: Decoded, data: str, dtype: str, rank: int, inputs: List[Value],
                      epsilon: float) -> Tuple[str, str, str]:  # fmt: skip
    """Training mode on *data* (channels at axis 1): the normalized value, and TensorFlow's batch_mean and
    batch_variance outputs."""
    scale, offset, mean, variance = inputs[1:5]
    axes = [0, *range(2, rank)]
    spread = [-1] + [1] * (rank - 2)  # a channel's statistic laid along axis 1
    average = mean_over(cx, data, axes)  # [1, C, 1, ...]
    centered = cx.emit("Sub", [data, average])[0]
    spread_out = mean_over(cx, cx.emit("Mul", [centered, centered])[0], axes)  # the biased variance
    root = cx.emit("Sqrt", [cx.emit("Add", [spread_out, cx.scalar(epsilon, dtype)])[0]])[0]
    gamma = cx.emit("Reshape", [cx.tf(scale), cx.ints(spread)])[0]
    beta = cx.emit("Reshape", [cx.tf(offset), cx.ints(spread)])[0]
    out = cx.emit("Add", [cx.emit("Mul", [cx.emit("Div", [centered, root])[0], gamma])[0], beta])[0]
    batch_mean = cx.emit("Reshape", [average, cx.ints([-1])])[0]
    # The variance corrected by n / (n - 1), n the elements of a channel (n = 1 left uncorrected, as TensorFlow).
    count = cx.emit("Cast", [cx.emit("Div", [cx.emit("Size", [data])[0], cx.emit("Gather", [
        cx.emit("Shape", [data])[0], cx.ints([1])], axis=0)[0]])[0]], to=onnx_type(dtype))[0]  # fmt: skip
    less_one = cx.emit("Max", [cx.emit("Sub", [count, cx.scalar(1, dtype)])[0], cx.scalar(1, dtype)])[0]
    corrected = cx.emit("Div", [cx.emit("Mul", [spread_out, count])[0], less_one])[0]
    batch_variance = cx.emit("Reshape", [corrected, cx.ints([-1])])[0]
    factor = float(attr(node, "exponential_avg_factor", 1.0))
    if factor != 1.0 and mean.shape not in ([0], None) and variance.shape not in ([0], None):
        keep = cx.scalar(1.0 - factor, dtype)
        moved = cx.scalar(factor, dtype)
        batch_mean = cx.emit("Add", [cx.emit("Mul", [cx.tf(mean), keep])[0], cx.emit("Mul", [batch_mean, moved])[0]])[0]
        batch_variance = cx.emit("Add", [cx.emit("Mul", [cx.tf(variance), keep])[0],
                                         cx.emit("Mul", [batch_variance, moved])[0]])[0]  # fmt: skip
    return out, batch_mean, batch_variance


def resize(mode: str) -> RuleFunction:
    def convert(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
        x, size = inputs[0], inputs[1]
        if need_rank(x) != 4:
            raise ConversionError("only 4-D images are resized")
        need_dims(size, "size")
        if size.shape is not None and size.shape[0] not in (None, 2):
            raise ConversionError(f"its size {size.tf_name!r} has {size.shape[0]} elements: TensorFlow takes two")
        corners, half = attr(node, "align_corners", False), attr(node, "half_pixel_centers", False)
        if corners:
            transform, nearest = "align_corners", "round_prefer_ceil"
        elif half:
            transform, nearest = "half_pixel", "round_prefer_ceil"  # floor(x + 0.5), which TF's rule comes to
        else:
            transform, nearest = "asymmetric", "floor"
        data = cx.nchw(x)
        dtype = x.dtype
        if node["op"] == "ResizeBilinear" and dtype != "DT_FLOAT":
            # TensorFlow interpolates any input in float32 and gives float32: cast first, not the rounded result.
            data, dtype = cx.emit("Cast", [data], to=1)[0], "DT_FLOAT"
        wanted = size.ints()
        attrs: Dict[str, Any] = {"mode": mode, "coordinate_transformation_mode": transform}
        if mode == "nearest":
            attrs["nearest_mode"] = nearest
        else:
            attrs["cubic_coeff_a"] = None
        scales = _exact_scales(x.shape[1:3] if x.shape is not None else None, wanted)
        if scales is not None:  # no shape arithmetic: the batch's size is not needed
            out = cx.emit("Resize", [data, "", cx.initializer(tensor_of("DT_FLOAT", (4,), [1.0, 1.0, *scales]),
                                                                   cx.fresh("scales"))], **attrs)[0]  # fmt: skip
        else:
            leading = cx.emit("Slice", [cx.emit("Shape", [data])[0], cx.ints([0]), cx.ints([2])])[0]
            target = cx.ints(wanted) if wanted is not None else as_int64(cx, size)
            out = cx.emit("Resize", [data, "", "", cx.emit("Concat", [leading, target], axis=0)[0]], **attrs)[0]
        size_known: List[Optional[int]] = list(wanted) if wanted is not None else [None, None]
        shape = None if x.shape is None else [x.shape[0], *size_known, x.shape[3]]
        return [cx.result(0, dtype, shape, nchw=out)]

    return convert


def _exact_scales(dims: Optional[List[Optional[int]]], wanted: Optional[List[int]]) -> Optional[List[float]]:
    """The scales of a resize from known *dims* to the *wanted* sizes where each is a float32 that is exactly
    ``wanted / dim`` and times the dim gives the size exactly (a whole factor, a power of two's fraction): what
    onnxruntime computes from the sizes then, the output's size and every coordinate alike. Else None."""
    known = [dim for dim in dims or () if dim is not None and dim > 0]
    if wanted is None or len(known) != 2 or len(wanted) != 2:
        return None
    scales = [struct.unpack("<f", struct.pack("<f", size / dim))[0] for dim, size in zip(known, wanted)]
    return scales if all(0 < size == scale * dim < 2**24 for dim, size, scale in zip(known, wanted, scales)) else None


def resize_bicubic(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """ResizeBicubic as TensorFlow computes it (resize_bicubic_op.cc): each output pixel a sum of four input pixels
    along each axis, weighed by its table of cubic coefficients at 1/1024 steps (Keys' a = -0.5 with half-pixel
    centers, the taps outside the image dropped and the rest renormalized; else a = -0.75, the edge repeated).
    ONNX's cubic Resize computes the coefficients exactly (up to 2e-3 from TensorFlow's) and onnxruntime's does not
    shrink, so the weights are made here, one matrix per axis, and applied by two MatMuls in TensorFlow's order
    (along the height, then the width): its input's height and width and the size must be known."""
    x, size = inputs[0], inputs[1]
    if need_rank(x) != 4:
        raise ConversionError("only 4-D images are resized")
    wanted = size.ints()
    if wanted is None or len(wanted) != 2 or min(wanted) < 1:
        raise ConversionError(f"its size {size.tf_name!r} must be two positive ints the graph gives: the weights "
                              "are made at conversion")  # fmt: skip
    height, width = (x.shape or [None] * 4)[1:3]
    if height is None or width is None:
        raise ConversionError(f"its input {x.tf_name!r} has an unknown height or width, which the weights are made "
                              f"for{INPUTS_HINT}")  # fmt: skip
    corners, half = bool(attr(node, "align_corners", False)), bool(attr(node, "half_pixel_centers", False))
    data = cx.nchw(x)
    if x.dtype != "DT_FLOAT":  # TensorFlow interpolates in float32 and gives float32
        data = cx.op("Cast", data, to=1)
    rows = cubic_weights(height, wanted[0], corners, half)
    columns = cubic_weights(width, wanted[1], corners, half)
    across = tensor_of("DT_FLOAT", (width, wanted[1]), [columns[o][i] for i in range(width) for o in range(wanted[1])])
    down = tensor_of("DT_FLOAT", (wanted[0], height), [value for row in rows for value in row])
    along_height = cx.op("MatMul", cx.initializer(down, cx.fresh("rows")), data)  # TensorFlow's order: rows first
    out = cx.op("MatMul", along_height, cx.initializer(across, cx.fresh("columns")))
    shape = [x.shape[0] if x.shape else None, wanted[0], wanted[1], x.shape[3] if x.shape else None]
    return [cx.result(0, "DT_FLOAT", shape, nchw=out)]


def cubic_weights(size: int, out_size: int, corners: bool, half: bool) -> List[List[float]]:
    """TensorFlow's bicubic weights of one axis, *out_size* rows of *size* (resize_bicubic_op.cc's
    GetWeightsAndIndices, float32 arithmetic as there; a tap clamped onto another adds to it)."""
    keys = half
    table = _cubic_table(-0.5 if keys else -0.75)
    scale = _f32((size - 1) / _f32(out_size - 1)) if corners and out_size > 1 else _f32(size / _f32(out_size))
    weights = [[0.0] * size for _ in range(out_size)]
    for out_loc in range(out_size):
        where = _f32(_f32(_f32(out_loc + 0.5) * scale) - 0.5) if half else _f32(out_loc * scale)
        start = math.floor(where)
        offset = round(_f32(where - start) * 1024)
        taps = [table[offset * 2 + 1], table[offset * 2], table[(1024 - offset) * 2], table[(1024 - offset) * 2 + 1]]
        places = [start - 1 + tap for tap in range(4)]
        bounded = [min(size - 1, max(0, place)) for place in places]
        if keys:
            taps = [weight if bound == place else 0.0 for weight, bound, place in zip(taps, bounded, places)]
            total = _f32(_f32(_f32(taps[0] + taps[1]) + taps[2]) + taps[3])
            if abs(total) >= 1000.0 * 1.1754943508222875e-38:
                inverse = _f32(1.0 / total)
                taps = [_f32(weight * inverse) for weight in taps]
        for weight, bound in zip(taps, bounded):
            weights[out_loc][bound] = _f32(weights[out_loc][bound] + weight)
    return weights


def _cubic_table(a: float) -> List[float]:
    """resize_bicubic_op.cc's InitCoeffsTable: the two weights of each of 1025 distances, computed in double and
    kept as floats."""
    table: List[float] = []
    for index in range(1025):
        x = _f32(index / 1024)
        table.append(_f32(((a + 2) * x - (a + 3)) * x * x + 1))
        x = _f32(x + 1.0)
        table.append(_f32(((a * x - 5 * a) * x + 8 * a) * x - 4 * a))
    return table


def _f32(value: float) -> float:
    """*value* rounded to float32, as a float32 operation of TensorFlow's kernel rounds it."""
    return float(struct.unpack("<f", struct.pack("<f", value))[0])


def pool_v2(onnx_op: str) -> RuleFunction:
    """MaxPoolV2: MaxPool with its ksize and strides given as (constant) inputs instead of attrs."""
    pooled = pool(onnx_op)

    def convert(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
        ksize, strides = need_ints(inputs[1], "ksize"), need_ints(inputs[2], "strides")
        given = {**node["attr"], "ksize": ints_attr(ksize), "strides": ints_attr(strides)}
        return pooled(cx, {**node, "attr": given}, inputs[:1])

    return convert


def depth_space(onnx_op: str) -> RuleFunction:
    def convert(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
        x = inputs[0]
        block = attr(node, "block_size", 2)
        if not isinstance(block, int) or isinstance(block, bool) or block < 2:
            raise ConversionError(f"its block_size {block!r} is not an int of 2 or more, as TensorFlow requires")
        layout = text_attr(node, "data_format", "NHWC")
        data, shape = image_in(cx, x, layout)
        if shape is not None:  # what the block divides: the spatial dims (SpaceToDepth) or the channels
            _, channels, height, width = shape
            if onnx_op == "SpaceToDepth" and any(dim is not None and dim % block for dim in (height, width)):
                raise ConversionError(f"its input's height and width {[height, width]} are not multiples of its "
                                      f"block {block}")  # fmt: skip
            if onnx_op == "DepthToSpace" and channels is not None and channels % (block * block):
                raise ConversionError(f"its input's {channels} channels are not a multiple of its block {block} "
                                      "squared")  # fmt: skip
        attrs: Dict[str, Any] = {"blocksize": block}
        if onnx_op == "DepthToSpace":
            attrs["mode"] = "DCR"  # TensorFlow's order: the block's offset, then the channel
        out = cx.emit(onnx_op, [data], **attrs)[0]
        out_shape: Shape = None
        if shape is not None:
            n, c, h, w = shape
            if onnx_op == "DepthToSpace":
                out_shape = [n, None if c is None else c // block**2, None if h is None else h * block,
                             None if w is None else w * block]  # fmt: skip
            else:
                out_shape = [n, None if c is None else c * block**2, None if h is None else h // block,
                             None if w is None else w // block]  # fmt: skip
        return [image_out(cx, out, x.dtype, out_shape, layout)]

    return convert


def lrn(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """LRN over the channels: ONNX's LRN takes the window's size (2 * depth_radius + 1) and an alpha it divides by
    that size, where TensorFlow's alpha multiplies the sum alone."""
    x = inputs[0]
    if need_rank(x) != 4 or x.dtype not in ("DT_FLOAT", "DT_HALF", "DT_BFLOAT16"):
        raise ConversionError(f"its input is {x.dtype} of rank {x.rank}: TensorFlow's LRN takes 4-D floats")
    radius = attr(node, "depth_radius", 5)
    if not isinstance(radius, int) or radius < 0:
        raise ConversionError(f"its depth_radius {radius!r} is not a count")
    size = 2 * radius + 1
    alpha, beta = attr(node, "alpha", 1.0), attr(node, "beta", 0.5)
    if not isinstance(alpha, float) or not isinstance(beta, float) or not (alpha > 0 and beta > 0):
        raise ConversionError(f"its alpha {alpha!r} and beta {beta!r} are not both above 0, which onnxruntime's LRN "
                              "takes")  # fmt: skip
    data = cx.nchw(x)
    if x.dtype == "DT_BFLOAT16":
        data = cx.emit("Cast", [data], to=1)[0]
    out = cx.emit("LRN", [data], size=size, alpha=alpha * size, beta=beta,
                  bias=float(attr(node, "bias", 1.0)))[0]  # fmt: skip
    if x.dtype == "DT_BFLOAT16":
        out = cx.emit("Cast", [out], to=onnx_type(x.dtype))[0]
    return [cx.result(0, x.dtype, x.shape, nchw=out)]


def adjust_contrast(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """AdjustContrastv2: each channel's mean over height and width, and ``(x - mean) * factor + mean``."""
    x, factor = inputs[0], inputs[1]
    if need_rank(x) < 3 or x.dtype != "DT_FLOAT" or factor.dtype != "DT_FLOAT":
        raise ConversionError(f"its images are {x.dtype} of rank {x.rank}: TensorFlow's kernel takes float32 images "
                              "of rank 3 or more and a float factor")  # fmt: skip
    data = cx.tf(x)
    mean = cx.emit("ReduceMean", [data], axes=[-3, -2], keepdims=1)[0] if cx.opset < 18 else cx.emit(
        "ReduceMean", [data, cx.ints([-3, -2])], keepdims=1)[0]  # fmt: skip
    moved = cx.emit("Mul", [cx.emit("Sub", [data, mean])[0], cx.tf(factor)])[0]
    return [cx.result(0, x.dtype, x.shape, onnx=cx.emit("Add", [moved, mean])[0])]


def space_batch(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """SpaceToBatchND and BatchToSpaceND of any block rank, as TensorFlow defines them: a Pad (or, after, a Slice
    of the crops), a Reshape splitting each spatial dim by its block, a Transpose moving the blocks to (or from)
    the batch, a Reshape joining them. The block shape and the paddings or crops must be constants; the dims
    after the batch must be known (the Reshapes name them)."""
    x, block_value, edges_value = inputs[0], inputs[1], inputs[2]
    to_batch = node["op"] == "SpaceToBatchND"
    block = need_ints(block_value, "block_shape")
    rank = need_rank(x)
    if edges_value.ints() is None or x.shape is None or None in x.shape[1:]:
        if edges_value.dtype not in ("DT_INT32", "DT_INT64") or edges_value.rank not in (None, 2):
            raise ConversionError(f"its {'paddings' if to_batch else 'crops'} {edges_value.tf_name!r} are not an "
                                  "integer matrix")  # fmt: skip
        if not block or any(size < 1 for size in block) or rank < len(block) + 1:
            raise ConversionError(f"its block_shape {block} is not a positive size for each of up to {rank - 1} "
                                  "spatial dims")  # fmt: skip
        return [_space_batch_computed(cx, x, block, edges_value, rank, to_batch)]
    edges = need_ints(edges_value, "paddings" if to_batch else "crops")
    count = len(block)
    if count < 1 or any(size < 1 for size in block) or len(edges) != 2 * count or rank < count + 1:
        raise ConversionError(f"its block_shape {block} and {'paddings' if to_batch else 'crops'} {edges} are not "
                              f"a positive size and two edges for each of up to {rank - 1} spatial dims")  # fmt: skip
    if any(edge < 0 for edge in edges):
        raise ConversionError(f"its {'paddings' if to_batch else 'crops'} {edges} are negative")
    shape = x.shape or []
    dims = cast_ints(shape[1:])  # known: unknown dims take the computed form above
    spatial, tail = dims[:count], dims[count:]
    pairs = [edges[2 * i : 2 * i + 2] for i in range(count)]
    product = 1
    for size in block:
        product *= size
    batch = shape[0]
    data = cx.tf(x)
    if to_batch:
        padded = [size + before + after for size, (before, after) in zip(spatial, pairs)]
        if any(size % step for size, step in zip(padded, block)):
            raise ConversionError(f"its padded spatial dims {padded} are not multiples of its block {block}")
        if any(edges):
            pads = [0, *(pair[0] for pair in pairs), *[0] * len(tail), 0, *(pair[1] for pair in pairs),
                    *[0] * len(tail)]  # fmt: skip
            data = cx.emit("Pad", [data, cx.ints(pads)])[0]
        split = [-1] + [part for size, step in zip(padded, block) for part in (size // step, step)] + tail
        data = cx.emit("Reshape", [data, cx.ints(split)])[0]
        blocks = [2 + 2 * i for i in range(count)]
        perm = [*blocks, 0, *(1 + 2 * i for i in range(count)), *range(1 + 2 * count, 1 + 2 * count + len(tail))]
        data = cx.emit("Transpose", [data], perm=perm)[0]
        out_spatial = [size // step for size, step in zip(padded, block)]
        data = cx.emit("Reshape", [data, cx.ints([-1, *out_spatial, *tail])])[0]
        out_shape: Shape = [None if batch is None else batch * product, *out_spatial, *tail]
        return [cx.result(0, x.dtype, out_shape, onnx=data)]
    if batch is not None and batch % product:
        raise ConversionError(f"its batch of {batch} is not a multiple of its block's {product}")
    data = cx.emit("Reshape", [data, cx.ints([*block, -1, *spatial, *tail])])[0]
    perm = [count]
    for i in range(count):
        perm += [count + 1 + i, i]
    perm += list(range(2 * count + 1, 2 * count + 1 + len(tail)))
    data = cx.emit("Transpose", [data], perm=perm)[0]
    grown = [size * step for size, step in zip(spatial, block)]
    data = cx.emit("Reshape", [data, cx.ints([-1, *grown, *tail])])[0]
    kept = [size - before - after for size, (before, after) in zip(grown, pairs)]
    if any(size < 0 for size in kept):
        raise ConversionError(f"its crops {edges} are more than its spatial dims {grown} hold")
    if any(edges):
        starts = [pair[0] for pair in pairs]
        ends = [size - pair[1] for size, pair in zip(grown, pairs)]
        data = cx.emit("Slice", [data, cx.ints(starts), cx.ints(ends), cx.ints(list(range(1, count + 1)))])[0]
    out_shape = [None if batch is None else batch // product, *kept, *tail]
    return [cx.result(0, x.dtype, out_shape, onnx=data)]


def _space_batch_computed(cx: Converter, x: Value, block: List[int], edges_value: Value, rank: int,
                          to_batch: bool) -> Value:  # fmt: skip
    """SpaceToBatchND and BatchToSpaceND of computed paddings or crops, or of dims the graph does not know: the same
    Pad (Slice), Reshapes and Transpose, every size taken from the model's shapes when it runs."""
    count = len(block)
    tail = rank - 1 - count
    product = 1
    for size in block:
        product *= size

    def dim(name: str, axis: int) -> str:
        return cx.emit("Gather", [cx.emit("Shape", [name])[0], cx.ints([axis])], axis=0)[0]

    def joined(parts: List[str]) -> str:
        return cx.emit("Concat", parts, axis=0)[0]

    edges = as_int64(cx, edges_value)
    befores = cx.emit("Reshape", [cx.emit("Gather", [edges, cx.scalar(0, "DT_INT64")], axis=1)[0], cx.ints([-1])])[0]
    afters = cx.emit("Reshape", [cx.emit("Gather", [edges, cx.scalar(1, "DT_INT64")], axis=1)[0], cx.ints([-1])])[0]
    data = cx.tf(x)
    rest = [dim(data, 1 + count + index) for index in range(tail)]
    if to_batch:
        zeros = [cx.ints([0] * tail)] if tail else []
        data = cx.emit("Pad", [data, joined([cx.ints([0]), befores, *zeros, cx.ints([0]), afters, *zeros])])[0]
        spatial = [dim(data, 1 + index) for index in range(count)]
        parts = [cx.emit("Div", [size, cx.ints([step])])[0] for size, step in zip(spatial, block)]
        split = [cx.ints([-1])]
        for part, step in zip(parts, block):
            split += [part, cx.ints([step])]
        data = cx.emit("Reshape", [data, joined(split + rest)])[0]
        perm = [*(2 + 2 * i for i in range(count)), 0, *(1 + 2 * i for i in range(count)),
                *range(1 + 2 * count, 1 + 2 * count + tail)]  # fmt: skip
        data = cx.emit("Transpose", [data], perm=perm)[0]
        data = cx.emit("Reshape", [data, joined([cx.ints([-1]), *parts, *rest])])[0]
        batch = None if x.shape is None or x.shape[0] is None else x.shape[0] * product
    else:
        spatial = [dim(data, 1 + index) for index in range(count)]
        data = cx.emit("Reshape", [data, joined([cx.ints([*block, -1]), *spatial, *rest])])[0]
        perm = [count]
        for i in range(count):
            perm += [count + 1 + i, i]
        perm += list(range(2 * count + 1, 2 * count + 1 + tail))
        data = cx.emit("Transpose", [data], perm=perm)[0]
        grown = [cx.emit("Mul", [size, cx.ints([step])])[0] for size, step in zip(spatial, block)]
        data = cx.emit("Reshape", [data, joined([cx.ints([-1]), *grown, *rest])])[0]
        ends = cx.emit("Sub", [joined(grown), afters])[0]
        data = cx.emit("Slice", [data, befores, ends, cx.ints(list(range(1, count + 1)))])[0]
        batch = None if x.shape is None or x.shape[0] is None else x.shape[0] // product
    shape: Shape = None if x.shape is None else [batch, *[None] * count, *x.shape[1 + count :]]
    return cx.result(0, x.dtype, shape, onnx=data)


def rewrite(nodes: List[Decoded], constant: Callable[[Decoded], Optional[List[int]]]) -> List[Decoded]:
    """TensorFlow's atrous convolution (``SpaceToBatchND`` -> ``Conv2D``/``DepthwiseConv2dNative`` (VALID, stride 1)
    -> ``BatchToSpaceND``, each consumed once) as the dilated convolution it computes: dilations of the block,
    the padding less the crops, as explicit padding. *constant* gives a Const node's ints (None: not constant)."""
    by_name = {node["name"]: node for node in nodes}
    consumers: Dict[str, List[str]] = {}
    for node in nodes:
        for item in node["input"]:
            consumers.setdefault(split_tensor_name(item)[0], []).append(node["name"])
    replaced: Dict[str, Decoded] = {}
    dropped: Set[str] = set()
    for node in nodes:
        if node["op"] != "SpaceToBatchND":
            continue
        pattern = _atrous(node, by_name, consumers, constant)
        if pattern is None:
            continue
        conv, back, dilation, pads = pattern
        data = node["input"][0]
        attrs = dict(conv["attr"])
        attrs["dilations"] = ints_attr([1, dilation[0], dilation[1], 1])
        attrs["padding"] = bytes_attr(b"EXPLICIT")
        attrs["explicit_paddings"] = ints_attr([0, 0, pads[0][0], pads[0][1], pads[1][0], pads[1][1], 0, 0])
        fused = new_node(back["name"], conv["op"], [data, conv["input"][1]], attrs, conv["device"])
        replaced[back["name"]] = fused
        dropped.update({node["name"], conv["name"]})
    if not replaced:
        return nodes
    return [replaced.get(node["name"], node) for node in nodes if node["name"] not in dropped]


def _atrous(node: Decoded, by_name: Dict[str, Decoded], consumers: Dict[str, List[str]],
            constant: Callable[[Decoded], Optional[List[int]]]
            ) -> Optional[Tuple[Decoded, Decoded, List[int], List[Tuple[int, int]]]]:  # fmt: skip
    after = consumers.get(node["name"], [])
    if len(after) != 1 or by_name[after[0]]["op"] not in ("Conv2D", "DepthwiseConv2dNative"):
        return None
    conv = by_name[after[0]]
    if len(node["input"]) != 3 or len(conv["input"]) != 2 or split_tensor_name(conv["input"][0]) != (node["name"], 0):
        return None  # not the pattern as TensorFlow makes it (a damaged graph is left to the table's rules)
    if text_attr(conv, "data_format", "NHWC") != "NHWC" or text_attr(conv, "padding", "") != "VALID":
        return None
    if (attr(conv, "strides", [1, 1, 1, 1]) or [1, 1, 1, 1]) != [1, 1, 1, 1]:
        return None
    if (attr(conv, "dilations", [1, 1, 1, 1]) or [1, 1, 1, 1]) != [1, 1, 1, 1]:
        return None
    after = consumers.get(conv["name"], [])
    if len(after) != 1 or by_name[after[0]]["op"] != "BatchToSpaceND":
        return None
    back = by_name[after[0]]
    if len(back["input"]) != 3:
        return None
    sources = [by_name.get(split_tensor_name(item)[0]) for item in node["input"][1:3] + back["input"][1:3]]
    if any(source is None for source in sources):
        return None
    block, paddings, block_back, crops = (constant(source) for source in sources if source is not None)
    if block is None or paddings is None or crops is None or block != block_back or len(block) != 2:
        return None
    if len(paddings) != 4 or len(crops) != 4:  # two (before, after) pairs each, as TensorFlow makes them
        return None
    pads = [(paddings[2 * i] - crops[2 * i], paddings[2 * i + 1] - crops[2 * i + 1]) for i in range(2)]
    if any(before < 0 or after_ < 0 for before, after_ in pads):
        return None
    return conv, back, block, pads


def max_pool_with_argmax(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """MaxPoolWithArgmax: ONNX's MaxPool of the NCHW input with its indices, which count in NCHW; TensorFlow's count
    in NHWC, ``(y * width + x) * channels + c`` (plus ``b * height * width * channels`` with the batch), so they
    are counted again from ONNX's: its place in the image and its channel."""
    x = inputs[0]
    if need_rank(x) != 4:
        raise ConversionError("its input is not 4-D, as TensorFlow's MaxPoolWithArgmax takes it")
    data, shape = image_in(cx, x, "NHWC")
    kernel, strides = spatial_attr(node, "ksize", "NHWC"), spatial_attr(node, "strides", "NHWC")
    spatial: List[Optional[int]] = [None, None] if shape is None else shape[2:]
    attrs = window_attrs(node, spatial, kernel, strides, [1, 1], "NHWC")
    attrs["kernel_shape"] = kernel
    (data,), back = widened(cx, "MaxPool", x.dtype, [data])
    pooled, places = cx.emit("MaxPool", [data], 2, **attrs)
    pooled = back(pooled)
    dims = cx.emit("Shape", [data])[0]  # N, C, H, W
    channels = cx.emit("Gather", [dims, cx.ints([1])], axis=0)[0]
    plane = cx.emit("Mul", [cx.emit("Gather", [dims, cx.ints([2])], axis=0)[0],
                            cx.emit("Gather", [dims, cx.ints([3])], axis=0)[0]])[0]  # fmt: skip
    image = cx.emit("Mul", [channels, plane])[0]
    within = cx.emit("Mod", [places, image], fmod=0)[0]  # the place in its image: c * H * W + y * W + x
    channel = cx.emit("Div", [within, plane])[0]
    pixel = cx.emit("Mod", [within, plane], fmod=0)[0]
    counted = cx.emit("Add", [cx.emit("Mul", [pixel, channels])[0], channel])[0]
    if attr(node, "include_batch_in_index", False):
        batch = cx.emit("Div", [places, image])[0]
        counted = cx.emit("Add", [counted, cx.emit("Mul", [batch, image])[0]])[0]
    index_type = attr(node, "Targmax", "DT_INT64")
    if index_type != "DT_INT64":
        counted = cx.emit("Cast", [counted], to=onnx_type(index_type))[0]
    pads = attrs.get("pads")
    out_dims = [window_out(size, k, s, 1, (pads[i], pads[i + 2]) if pads else None, "auto_pad" in attrs)
                for i, (size, k, s) in enumerate(zip(spatial, kernel, strides))]  # fmt: skip
    nchw_shape = None if shape is None else [shape[0], shape[1], *out_dims]
    values = image_out(cx, pooled, x.dtype, nchw_shape, "NHWC")
    indices = cx.emit("Transpose", [counted], perm=list(TO_NHWC))[0]
    index_shape = None if nchw_shape is None else [nchw_shape[axis] for axis in TO_NHWC]
    return [values, cx.result(1, index_type, index_shape, onnx=indices)]
