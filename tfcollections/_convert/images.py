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

from .._tensor import Tensor
from .graphdef import bytes_attr, ints_attr, new_node, split_tensor_name
from .kernels import widened
from .nodeparts import (
    as_int64,
    attr,
    cast_ints,
    check_made,
    fully_known,
    need_dims,
    need_ints,
    need_rank,
    onnx_type,
    shape_in_nchw,
    text_attr,
    unsqueeze,
)
from .values import TO_NHWC, ConversionError, tensor_of, transpose

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, List, Optional, Sequence, Set, Tuple

    from .._typing import Decoded
    from .converter import Converter, RuleFunction
    from .values import Shape, Value

    Outputs = List[Optional[Value]]


def _spatial(node: Decoded, key: str, layout: str) -> List[int]:
    """The H and W of a 4-element attr (strides, dilations, ksize) in the node's layout."""
    values = attr(node, key, [1, 1, 1, 1]) or [1, 1, 1, 1]
    if not isinstance(values, list) or len(values) != 4 or not all(isinstance(v, int) and v > 0 for v in values):
        raise ConversionError(f"its {key} {values!r} are not 4 positive ints, as TensorFlow requires")
    return [values[2], values[3]] if layout == "NCHW" else [values[1], values[2]]


def _same_pads(size: Optional[int], kernel: int, stride: int, dilation: int) -> Optional[Tuple[int, int]]:
    """TensorFlow's SAME padding of one spatial dim: the extra pixel at the end."""
    if size is None:
        return None
    effective = (kernel - 1) * dilation + 1
    out = -(-size // stride)
    total = max((out - 1) * stride + effective - size, 0)
    return total // 2, total - total // 2


def _window_attrs(node: Decoded, spatial: List[Optional[int]], kernel: List[int], strides: List[int],
                  dilations: List[int], layout: str) -> Dict[str, Any]:  # fmt: skip
    """ONNX's pads (or auto_pad) for TensorFlow's padding of a convolution or a pool."""
    padding = text_attr(node, "padding", "VALID")
    attrs: Dict[str, Any] = {"strides": strides}
    if padding == "VALID":
        attrs["pads"] = [0, 0, 0, 0]
    elif padding == "EXPLICIT":
        given = attr(node, "explicit_paddings", []) or []
        pairs = [given[4:6], given[6:8]] if layout == "NCHW" else [given[2:4], given[4:6]]
        attrs["pads"] = [pairs[0][0], pairs[1][0], pairs[0][1], pairs[1][1]]
    elif padding == "SAME":
        found = [_same_pads(size, k, s, d) for size, k, s, d in zip(spatial, kernel, strides, dilations)]
        if all(pair is not None for pair in found):
            pairs = [pair for pair in found if pair is not None]
            attrs["pads"] = [pairs[0][0], pairs[1][0], pairs[0][1], pairs[1][1]]
        else:
            attrs["auto_pad"] = "SAME_UPPER"  # TensorFlow's SAME puts the odd pixel at the end
    else:
        raise ConversionError(f"padding {padding!r} is not SAME, VALID or EXPLICIT")
    return attrs


def _window_out(size: Optional[int], kernel: int, stride: int, dilation: int, pads: Optional[Sequence[int]],
                same: bool) -> Optional[int]:  # fmt: skip
    if size is None:
        return None
    if same:
        return -(-size // stride)
    before, after = pads if pads is not None else (0, 0)
    return (size + before + after - ((kernel - 1) * dilation + 1)) // stride + 1


def _image_in(cx: Converter, x: Value, layout: str) -> Tuple[str, Shape]:
    """The input of an image op in NCHW, and its NCHW shape."""
    if layout == "NCHW":
        return cx.tf(x), x.shape
    return cx.nchw(x), shape_in_nchw(x.shape)


def _image_out(cx: Converter, name: str, dtype: str, nchw_shape: Shape, layout: str) -> Value:
    if layout == "NCHW":
        return cx.result(0, dtype, nchw_shape, onnx=name)
    shape = None if nchw_shape is None else [nchw_shape[axis] for axis in TO_NHWC]
    return cx.result(0, dtype, shape, nchw=name)


def _filter(cx: Converter, weights: Value, perm: Sequence[int], shape: Optional[Sequence[int]] = None) -> str:
    """A convolution's filter in ONNX's layout: a constant transposed now, else a Transpose (and a Reshape)."""
    if weights.const is not None:
        moved = transpose(weights.const, perm)
        if shape is not None:
            moved = Tensor(moved.dtype, tuple(shape), moved.tobytes())
        return cx.initializer(moved, f"{weights.tf_name}/onnx")
    out = cx.emit("Transpose", [cx.tf(weights)], perm=list(perm))[0]
    if shape is not None:
        out = cx.emit("Reshape", [out, cx.ints(list(shape))])[0]
    return out


def conv(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    x, weights = inputs[0], inputs[1]
    layout = text_attr(node, "data_format", "NHWC")
    if need_rank(x) != 4 or need_rank(weights, "filter") != 4:
        raise ConversionError("only 2-D convolutions (4-D inputs) are converted")
    if weights.shape is None or not fully_known(weights.shape):
        return [_conv_of_computed_filter(cx, node, x, weights, layout)]
    kh, kw, channels_in, channels_out = cast_ints(weights.shape)
    data, shape = _image_in(cx, x, layout)
    strides, dilations = _spatial(node, "strides", layout), _spatial(node, "dilations", layout)
    spatial: List[Optional[int]] = [None, None] if shape is None else shape[2:]
    attrs = _window_attrs(node, spatial, [kh, kw], strides, dilations, layout)
    attrs["dilations"], attrs["kernel_shape"] = dilations, [kh, kw]
    if node["op"] == "DepthwiseConv2dNative":
        # [H, W, C, M] -> [C * M, 1, H, W], one group per input channel.
        kernel = _filter(cx, weights, (2, 3, 0, 1), (channels_in * channels_out, 1, kh, kw))
        attrs["group"] = channels_in
        channels = channels_in * channels_out
    else:
        group = 1
        if shape is not None and shape[1] is not None and shape[1] != channels_in:
            group = shape[1] // channels_in  # a grouped convolution: the filter holds one group's input channels
        kernel = _filter(cx, weights, (3, 2, 0, 1))  # HWIO -> OIHW
        attrs["group"] = group if group != 1 else None
        channels = channels_out
    out = cx.emit("Conv", [data, kernel], **attrs)[0]
    pads = attrs.get("pads")
    dims = [
        _window_out(size, k, s, d, (pads[i], pads[i + 2]) if pads else None, "auto_pad" in attrs)
        for i, (size, k, s, d) in enumerate(zip(spatial, (kh, kw), strides, dilations))
    ]
    batch = shape[0] if shape is not None else None
    return [_image_out(cx, out, x.dtype, [batch, channels, *dims], layout)]


def _conv_of_computed_filter(cx: Converter, node: Decoded, x: Value, weights: Value, layout: str) -> Value:
    """Conv2D of a filter whose dims the graph does not know (one it computes): ONNX's Conv infers the window from
    the filter it is given when it runs; SAME padding is SAME_UPPER; one group (a grouped convolution needs the
    filter's channels known)."""
    if node["op"] == "DepthwiseConv2dNative":
        raise ConversionError("its filter's shape must be known (a depthwise convolution's groups are its channels)")
    padding = text_attr(node, "padding", "VALID")
    if padding not in ("SAME", "VALID"):
        raise ConversionError(f"its padding {padding!r} needs the filter's shape known")
    data, shape = _image_in(cx, x, layout)
    strides, dilations = _spatial(node, "strides", layout), _spatial(node, "dilations", layout)
    attrs: Dict[str, Any] = {"strides": strides, "dilations": dilations}
    if padding == "SAME":
        attrs["auto_pad"] = "SAME_UPPER"
    else:
        attrs["pads"] = [0, 0, 0, 0]
    filter_in = None if weights.shape is None else weights.shape[2]
    if shape is not None and shape[1] is not None and filter_in is not None and shape[1] != filter_in:
        attrs["group"] = shape[1] // filter_in
    out = cx.emit("Conv", [data, _filter(cx, weights, (3, 2, 0, 1))], **attrs)[0]
    channels = None if weights.shape is None else weights.shape[3]
    dims: List[Optional[int]] = [None, None]
    if padding == "SAME" and shape is not None:
        dims = [None if size is None else -(-size // step) for size, step in zip(shape[2:], strides)]
    batch = shape[0] if shape is not None else None
    return _image_out(cx, out, x.dtype, [batch, channels, *dims], layout)


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
    data, shape = _image_in(cx, x, layout)
    strides, dilations = _spatial(node, "strides", layout), _spatial(node, "dilations", layout)
    padding = text_attr(node, "padding", "VALID")
    if padding not in ("SAME", "VALID"):
        raise ConversionError(f"padding {padding!r} of a transposed convolution is not converted")
    if out_h is None or out_w is None or shape is None or shape[2] is None or shape[3] is None:
        kernel = _filter(cx, weights, (3, 2, 0, 1))
        positions = [2, 3] if layout == "NCHW" else [1, 2]
        out = _cropped_transpose(cx, data, kernel, sizes, positions, [kh, kw], strides, dilations, padding)
        batch = shape[0] if shape is not None else None
        return [_image_out(cx, out, x.dtype, [batch, channels_out, out_h, out_w], layout)]
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
    kernel = _filter(cx, weights, (3, 2, 0, 1))  # [H, W, out, in] -> [in, out, H, W]
    out = cx.emit("ConvTranspose", [data, kernel], strides=strides, dilations=dilations, kernel_shape=[kh, kw],
                  pads=[pads[0][0], pads[1][0], pads[0][1], pads[1][1]],
                  output_padding=extra if any(extra) else None)[0]  # fmt: skip
    return [_image_out(cx, out, x.dtype, [shape[0], channels_out, out_h, out_w], layout)]


def _cropped_transpose(cx: Converter, data: str, kernel: str, sizes: Value, positions: List[int],
                       kernel_shape: List[int], strides: List[int], dilations: List[int],
                       padding: str) -> str:  # fmt: skip
    """A transposed convolution whose output size the model computes: ONNX's ConvTranspose without padding (every
    place the input reaches), then, per spatial dim, the forward convolution's SAME padding cut from its start, zeros
    added at its end where the size asks for more, and a Slice to the size (*positions*: the spatial dims' places
    in input_sizes)."""
    full = cx.emit("ConvTranspose", [data, kernel], strides=strides, dilations=dilations, kernel_shape=kernel_shape)[0]
    count = len(positions)
    reached = cx.emit("Slice", [cx.emit("Shape", [full])[0], cx.ints([2]), cx.ints([2 + count])])[0]
    wanted = cx.emit("Gather", [as_int64(cx, sizes), cx.ints(positions)], axis=0)[0]
    zero = cx.ints([0])
    if padding == "SAME":
        total = cx.emit("Max", [cx.emit("Sub", [reached, wanted])[0], zero])[0]
        before = cx.emit("Div", [total, cx.ints([2])])[0]
    else:
        before = cx.emit("Mul", [wanted, zero])[0]
    ends = cx.emit("Add", [before, wanted])[0]
    short = cx.emit("Max", [cx.emit("Sub", [ends, reached])[0], zero])[0]
    # Nothing before N, C and each dim; nothing after N and C; *short* after each dim.
    pads = cx.emit("Concat", [cx.ints([0] * (count + 4)), short], axis=0)[0]
    padded = cx.emit("Pad", [full, pads])[0]
    return cx.emit("Slice", [padded, before, ends, cx.ints(list(range(2, 2 + count)))])[0]


def conv3d_transpose(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """Conv3DBackpropInputV2: ONNX's ConvTranspose of the input in NCDHW, cropped to the sizes asked for."""
    sizes, weights, x = inputs[0], inputs[1], inputs[2]
    layout = text_attr(node, "data_format", "NDHWC")
    if weights.shape is None or not fully_known(weights.shape) or need_rank(x) != 5:
        raise ConversionError("its filter's shape must be known and its input 5-D")
    *kernel_shape, channels_out, _ = cast_ints(weights.shape)
    need_dims(sizes, "input_sizes")
    padding = text_attr(node, "padding", "VALID")
    if padding not in ("SAME", "VALID"):
        raise ConversionError(f"padding {padding!r} of a transposed convolution is not converted")
    data, shape = _volume_in(cx, x, layout)
    strides, dilations = _volume_attr(node, "strides", layout), _volume_attr(node, "dilations", layout)
    positions = [2, 3, 4] if layout == "NCDHW" else [1, 2, 3]
    kernel = _filter(cx, weights, (4, 3, 0, 1, 2))  # [D, H, W, out, in] -> [in, out, D, H, W]
    out = _cropped_transpose(cx, data, kernel, sizes, positions, kernel_shape, strides, dilations, padding)
    wanted = sizes.partial or [None] * 5
    batch = shape[0] if shape is not None else None
    return [_volume_out(cx, out, x.dtype, [batch, channels_out, *(wanted[i] for i in positions)], layout)]


def pool(onnx_op: str) -> RuleFunction:
    def convert(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
        x = inputs[0]
        layout = text_attr(node, "data_format", "NHWC")
        if need_rank(x) != 4:
            raise ConversionError("only 2-D pooling (4-D inputs) is converted")
        if "ksize" not in node["attr"] or "strides" not in node["attr"]:  # TensorFlow's pools have no defaults
            raise ConversionError("it has no ksize or no strides, which TensorFlow's pools require")
        data, shape = _image_in(cx, x, layout)
        kernel, strides = _spatial(node, "ksize", layout), _spatial(node, "strides", layout)
        spatial: List[Optional[int]] = [None, None] if shape is None else shape[2:]
        attrs = _window_attrs(node, spatial, kernel, strides, [1, 1], layout)
        pads = attrs.get("pads") or [0, 0, 0, 0]
        if any(pad < 0 or pad >= kernel[index % 2] for index, pad in enumerate(pads)):
            raise ConversionError(f"its padding {pads} is not less than its window {kernel} on each side")
        attrs["kernel_shape"] = kernel
        (data,), back = widened(cx, onnx_op, x.dtype, [data])  # an int32 MaxPool computed in double
        out = back(cx.emit(onnx_op, [data], **attrs)[0])
        pads = attrs.get("pads")
        dims = [_window_out(size, k, s, 1, (pads[i], pads[i + 2]) if pads else None, "auto_pad" in attrs)
                for i, (size, k, s) in enumerate(zip(spatial, kernel, strides))]  # fmt: skip
        nchw_shape = None if shape is None else [shape[0], shape[1], *dims]
        return [_image_out(cx, out, x.dtype, nchw_shape, layout)]

    return convert


def _volume_attr(node: Decoded, key: str, layout: str) -> List[int]:
    """The D, H and W of a 5-element attr (strides, dilations, ksize) in the node's layout."""
    values = attr(node, key, [1] * 5) or [1] * 5
    if not isinstance(values, list) or len(values) != 5 or not all(isinstance(v, int) and v > 0 for v in values):
        raise ConversionError(f"its {key} {values!r} are not 5 positive ints, as TensorFlow requires")
    return values[2:] if layout == "NCDHW" else values[1:4]


def _volume_window(node: Decoded, spatial: List[Optional[int]], kernel: List[int], strides: List[int],
                   dilations: List[int]) -> Tuple[Dict[str, Any], List[Optional[int]]]:  # fmt: skip
    """ONNX's pads (or auto_pad) of a 3-D window and the output's D, H and W."""
    padding = text_attr(node, "padding", "VALID")
    if padding not in ("SAME", "VALID"):
        raise ConversionError(f"padding {padding!r} is not SAME or VALID")
    found = [_same_pads(size, k, s, d) if padding == "SAME" else (0, 0)
             for size, k, s, d in zip(spatial, kernel, strides, dilations)]  # fmt: skip
    attrs: Dict[str, Any] = {"strides": strides}
    if all(pair is not None for pair in found):
        pairs = [pair for pair in found if pair is not None]
        attrs["pads"] = [pair[0] for pair in pairs] + [pair[1] for pair in pairs]
    else:
        attrs["auto_pad"] = "SAME_UPPER"
    dims = [_window_out(size, k, s, d, pair, padding == "SAME" and pair is None)
            for size, k, s, d, pair in zip(spatial, kernel, strides, dilations, found)]  # fmt: skip
    return attrs, dims


_TO_NCDHW = (0, 4, 1, 2, 3)
_TO_NDHWC = (0, 2, 3, 4, 1)


def _volume_in(cx: Converter, x: Value, layout: str) -> Tuple[str, Shape]:
    if layout == "NCDHW":
        return cx.tf(x), x.shape
    shape = None if x.shape is None else [x.shape[axis] for axis in _TO_NCDHW]
    return cx.emit("Transpose", [cx.tf(x)], perm=list(_TO_NCDHW))[0], shape


def _volume_out(cx: Converter, out: str, dtype: str, shape: Shape, layout: str) -> Value:
    if layout == "NCDHW":
        return cx.result(0, dtype, shape, onnx=out)
    back = None if shape is None else [shape[axis] for axis in _TO_NDHWC]
    return cx.result(0, dtype, back, onnx=cx.emit("Transpose", [out], perm=list(_TO_NDHWC))[0])


def conv3d(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """Conv3D: ONNX's Conv of the input in NCDHW (a Transpose each way, for NDHWC) and the filter DHWIO -> OIDHW."""
    x, weights = inputs[0], inputs[1]
    layout = text_attr(node, "data_format", "NDHWC")
    if need_rank(x) != 5 or need_rank(weights, "filter") != 5:
        raise ConversionError("its input and filter are not 5-D, as TensorFlow's Conv3D takes them")
    if weights.shape is None or not fully_known(weights.shape):
        raise ConversionError("its filter's shape must be known")
    *kernel, channels_in, channels_out = cast_ints(weights.shape)
    data, shape = _volume_in(cx, x, layout)
    strides, dilations = _volume_attr(node, "strides", layout), _volume_attr(node, "dilations", layout)
    spatial: List[Optional[int]] = [None] * 3 if shape is None else shape[2:]
    attrs, dims = _volume_window(node, spatial, kernel, strides, dilations)
    group = 1
    if shape is not None and shape[1] is not None and shape[1] != channels_in:
        group = shape[1] // channels_in
    attrs.update(dilations=dilations, kernel_shape=kernel, group=group if group != 1 else None)
    out = cx.emit("Conv", [data, _filter(cx, weights, (4, 3, 0, 1, 2))], **attrs)[0]
    batch = shape[0] if shape is not None else None
    return [_volume_out(cx, out, x.dtype, [batch, channels_out, *dims], layout)]


def pool3d(onnx_op: str) -> RuleFunction:
    """MaxPool3D and AvgPool3D: ONNX's pools of the input in NCDHW (padding not counted in an average)."""

    def convert(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
        x = inputs[0]
        layout = text_attr(node, "data_format", "NDHWC")
        if need_rank(x) != 5:
            raise ConversionError("its input is not 5-D, as TensorFlow's 3-D pools take it")
        if "ksize" not in node["attr"] or "strides" not in node["attr"]:
            raise ConversionError("it has no ksize or no strides, which TensorFlow's pools require")
        data, shape = _volume_in(cx, x, layout)
        kernel, strides = _volume_attr(node, "ksize", layout), _volume_attr(node, "strides", layout)
        spatial: List[Optional[int]] = [None] * 3 if shape is None else shape[2:]
        attrs, dims = _volume_window(node, spatial, kernel, strides, [1, 1, 1])
        attrs["kernel_shape"] = kernel
        out = cx.emit(onnx_op, [data], **attrs)[0]
        nchw_shape = None if shape is None else [shape[0], shape[1], *dims]
        return [_volume_out(cx, out, x.dtype, nchw_shape, layout)]

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
        data, shape = _image_in(cx, x, layout)
    else:
        data, shape = _volume_in(cx, x, layout)
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
        result = _image_out(cx, out, x.dtype, shape, layout)
    elif first:
        result = cx.result(0, x.dtype, shape, onnx=out)
    else:
        result = _volume_out(cx, out, x.dtype, shape, layout)
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
    average = _mean(cx, data, axes)  # [1, C, 1, ...]
    centered = cx.emit("Sub", [data, average])[0]
    spread_out = _mean(cx, cx.emit("Mul", [centered, centered])[0], axes)  # the biased variance
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


def _mean(cx: Converter, data: str, axes: List[int]) -> str:
    if cx.opset >= 18:
        return cx.emit("ReduceMean", [data, cx.ints(axes)], keepdims=1)[0]
    return cx.emit("ReduceMean", [data], axes=axes, keepdims=1)[0]


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
        leading = cx.emit("Slice", [cx.emit("Shape", [data])[0], cx.ints([0]), cx.ints([2])])[0]
        sizes = cx.emit("Concat", [leading, cx.ints(wanted) if wanted is not None else as_int64(cx, size)], axis=0)[0]
        attrs: Dict[str, Any] = {"mode": mode, "coordinate_transformation_mode": transform}
        if mode == "nearest":
            attrs["nearest_mode"] = nearest
        else:
            attrs["cubic_coeff_a"] = None
        out = cx.emit("Resize", [data, "", "", sizes], **attrs)[0]
        size_known: List[Optional[int]] = list(wanted) if wanted is not None else [None, None]
        shape = None if x.shape is None else [x.shape[0], *size_known, x.shape[3]]
        return [cx.result(0, dtype, shape, nchw=out)]

    return convert


def depth_space(onnx_op: str) -> RuleFunction:
    def convert(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
        x = inputs[0]
        block = attr(node, "block_size", 2)
        if not isinstance(block, int) or isinstance(block, bool) or block < 2:
            raise ConversionError(f"its block_size {block!r} is not an int of 2 or more, as TensorFlow requires")
        layout = text_attr(node, "data_format", "NHWC")
        data, shape = _image_in(cx, x, layout)
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
        return [_image_out(cx, out, x.dtype, out_shape, layout)]

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
    data = cx.nchw(x)
    if x.dtype == "DT_BFLOAT16":
        data = cx.emit("Cast", [data], to=1)[0]
    out = cx.emit("LRN", [data], size=size, alpha=float(attr(node, "alpha", 1.0)) * size,
                  beta=float(attr(node, "beta", 0.5)), bias=float(attr(node, "bias", 1.0)))[0]  # fmt: skip
    if x.dtype == "DT_BFLOAT16":
        out = cx.emit("Cast", [out], to=onnx_type(x.dtype))[0]
    return [cx.result(0, x.dtype, x.shape, nchw=out)]


def adjust_contrast(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """AdjustContrastv2: each channel's mean over height and width, and ``(x - mean) * factor + mean``."""
    x, factor = inputs[0], inputs[1]
    if need_rank(x) < 3 or x.dtype not in ("DT_FLOAT", "DT_HALF") or factor.dtype != "DT_FLOAT":
        raise ConversionError(f"its images are {x.dtype} of rank {x.rank}: TensorFlow takes float images of rank 3 "
                              "or more and a float factor")  # fmt: skip
    data = cx.tf(x)
    if x.dtype != "DT_FLOAT":
        data = cx.emit("Cast", [data], to=1)[0]
    mean = cx.emit("ReduceMean", [data], axes=[-3, -2], keepdims=1)[0] if cx.opset < 18 else cx.emit(
        "ReduceMean", [data, cx.ints([-3, -2])], keepdims=1)[0]  # fmt: skip
    moved = cx.emit("Mul", [cx.emit("Sub", [data, mean])[0], cx.tf(factor)])[0]
    out = cx.emit("Add", [moved, mean])[0]
    if x.dtype != "DT_FLOAT":
        out = cx.emit("Cast", [out], to=onnx_type(x.dtype))[0]
    return [cx.result(0, x.dtype, x.shape, onnx=out)]


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
    rest = shape[1:]
    if any(dim is None for dim in rest):
        raise ConversionError(f"its input's dims after the batch must be known, and are {rest} (pass the inputs' "
                              "shapes: --inputs NAME:SHAPE)")  # fmt: skip
    dims = cast_ints(rest)
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


def non_max_suppression(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """NonMaxSuppression (V1 to V5): ONNX's NonMaxSuppression of one batch and one class (TensorFlow's corners
    [y1, x1, y2, x2] are ONNX's default box layout), the chosen boxes' indices taken from its triples. V4 pads them
    with zeros to max_output_size when asked and says how many are valid; V5 gives their scores too (a soft NMS,
    sigma above 0, has no ONNX form)."""
    op = node["op"]
    boxes, scores, count = inputs[0], inputs[1], inputs[2]
    if need_rank(boxes, "boxes") != 2 or need_rank(scores, "scores") != 1:
        raise ConversionError(f"its boxes and scores have ranks {boxes.rank} and {scores.rank}: TensorFlow takes "
                              "[boxes, 4] and [boxes]")  # fmt: skip
    if op == "NonMaxSuppression":
        overlap = cx.scalar(float(attr(node, "iou_threshold", 0.5)), "DT_FLOAT")
    else:
        overlap = _float_scalar(cx, inputs[3])
    floor = _float_scalar(cx, inputs[4]) if op in ("NonMaxSuppressionV3", "NonMaxSuppressionV4",
                                                   "NonMaxSuppressionV5") else None  # fmt: skip
    if op == "NonMaxSuppressionV5":
        sigma = inputs[5].const
        if sigma is None or sigma.tolist() not in (0, 0.0, [0.0], [0]):
            raise ConversionError("its soft_nms_sigma is not a constant 0: a soft NMS has no ONNX form")
    data = cx.tf(boxes) if boxes.dtype == "DT_FLOAT" else cx.emit("Cast", [cx.tf(boxes)], to=1)[0]
    ranked = cx.tf(scores) if scores.dtype == "DT_FLOAT" else cx.emit("Cast", [cx.tf(scores)], to=1)[0]
    most = cx.emit("Reshape", [as_int64(cx, count), cx.ints([1])])[0]
    arguments = [unsqueeze(cx, data, [0]), unsqueeze(cx, ranked, [0, 1]), most, overlap]
    if floor is not None:
        arguments.append(floor)
    chosen = cx.emit("NonMaxSuppression", arguments)[0]  # [chosen, 3]: batch, class, box
    picked = cx.emit("Squeeze", [cx.emit("Gather", [chosen, cx.ints([2])], axis=1)[0], cx.ints([1])])[0]
    indices = cx.emit("Cast", [picked], to=6)[0]
    results: Outputs = []
    padded = op in ("NonMaxSuppressionV4", "NonMaxSuppressionV5") and bool(attr(node, "pad_to_max_output_size", False))
    valid = cx.emit("Cast", [cx.emit("Size", [indices])[0]], to=6)[0]
    if padded:  # zeros after the chosen, up to max_output_size
        short = cx.emit(
            "Max",
            [
                cx.emit("Sub", [most, cx.emit("Reshape", [cx.emit("Size", [indices])[0], cx.ints([1])])[0]])[0],
                cx.ints([0]),
            ],
        )[0]
        pads = cx.emit("Concat", [cx.ints([0]), short], axis=0)[0]
        indices = cx.emit("Pad", [indices, pads])[0]
    known = count.ints()
    length = known[0] if padded and known else None
    results.append(cx.result(0, "DT_INT32", [length], onnx=indices))
    if op == "NonMaxSuppressionV5":
        chosen_scores = cx.emit("Gather", [cx.tf(scores), cx.emit("Cast", [indices], to=7)[0]], axis=0)[0]
        if padded:  # a padding index 0 scores 0, as TensorFlow pads the scores
            total = cx.emit("Cast", [cx.emit("Size", [indices])[0]], to=6)[0]
            place = cx.emit("Range", [cx.scalar(0, "DT_INT32"), total, cx.scalar(1, "DT_INT32")])[0]
            inside = cx.emit("Less", [place, valid])[0]
            chosen_scores = cx.emit("Where", [inside, chosen_scores, cx.scalar(0, scores.dtype)])[0]
        results.append(cx.result(1, scores.dtype, [length], onnx=chosen_scores))
    if op in ("NonMaxSuppressionV4", "NonMaxSuppressionV5"):
        results.append(cx.result(len(results), "DT_INT32", [], onnx=valid))
    return results


def _float_scalar(cx: Converter, value: Value) -> str:
    """A threshold as the 1-element float32 tensor ONNX's NonMaxSuppression takes."""
    name = cx.tf(value) if value.dtype == "DT_FLOAT" else cx.emit("Cast", [cx.tf(value)], to=1)[0]
    return cx.emit("Reshape", [name, cx.ints([1])])[0]


def max_pool_with_argmax(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """MaxPoolWithArgmax: ONNX's MaxPool of the NCHW input with its indices, which count in NCHW; TensorFlow's count
    in NHWC, ``(y * width + x) * channels + c`` (plus ``b * height * width * channels`` with the batch), so they
    are counted again from ONNX's: its place in the image and its channel."""
    x = inputs[0]
    if need_rank(x) != 4:
        raise ConversionError("its input is not 4-D, as TensorFlow's MaxPoolWithArgmax takes it")
    data, shape = _image_in(cx, x, "NHWC")
    kernel, strides = _spatial(node, "ksize", "NHWC"), _spatial(node, "strides", "NHWC")
    spatial: List[Optional[int]] = [None, None] if shape is None else shape[2:]
    attrs = _window_attrs(node, spatial, kernel, strides, [1, 1], "NHWC")
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
    out_dims = [_window_out(size, k, s, 1, (pads[i], pads[i + 2]) if pads else None, "auto_pad" in attrs)
                for i, (size, k, s) in enumerate(zip(spatial, kernel, strides))]  # fmt: skip
    nchw_shape = None if shape is None else [shape[0], shape[1], *out_dims]
    values = _image_out(cx, pooled, x.dtype, nchw_shape, "NHWC")
    indices = cx.emit("Transpose", [counted], perm=list(TO_NHWC))[0]
    index_shape = None if nchw_shape is None else [nchw_shape[axis] for axis in TO_NHWC]
    return [values, cx.result(1, index_type, index_shape, onnx=indices)]


def crop_and_resize(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """CropAndResize, as TensorFlow's kernel samples (crop_and_resize_op.cc): each box's crop_size points spaced
    evenly from its first corner to its last in the image's pixel coordinates (one point: the box's middle); a
    point outside the image takes extrapolation_value; inside, the bilinear mix of its four neighbours (four
    GatherNDs) or the nearest pixel (rounded half away from zero). Float32 out, as TensorFlow."""
    image, boxes, box_index, crop_size = inputs[0], inputs[1], inputs[2], inputs[3]
    if need_rank(image) != 4 or need_rank(boxes, "boxes") != 2 or crop_size.dtype != "DT_INT32":
        raise ConversionError(f"its image, boxes and crop_size have ranks {image.rank}, {boxes.rank} and dtype "
                              f"{crop_size.dtype}: TensorFlow takes [batch, height, width, depth], [boxes, 4] and "
                              "int32 [2]")  # fmt: skip
    method = text_attr(node, "method", "bilinear")
    if method not in ("bilinear", "nearest"):
        raise ConversionError(f"its method {method!r} is not bilinear or nearest")
    extrapolation = float(attr(node, "extrapolation_value", 0.0))

    def op(onnx_op: str, *names: str, **attrs: Any) -> str:
        return cx.emit(onnx_op, list(names), **attrs)[0]

    def part(name: str, index: int) -> str:
        return op("Gather", name, cx.scalar(index, "DT_INT64"), axis=1)

    pixels = op("Cast", cx.tf(image), to=1)
    corners = op("Cast", cx.tf(boxes), to=1)
    dims = op("Cast", op("Shape", pixels), to=1)
    one = cx.scalar(1.0, "DT_FLOAT")
    size = op("Cast", cx.tf(crop_size), to=1)
    sampled: List[Tuple[str, str]] = []  # per axis: [boxes, points] coordinates, and their valid mask
    for axis, (low, high) in enumerate(((0, 2), (1, 3))):
        extent = op("Sub", op("Gather", dims, cx.scalar(axis + 1, "DT_INT64"), axis=0), one)  # height - 1
        count = op("Gather", size, cx.scalar(axis, "DT_INT64"), axis=0)
        first, last = part(corners, low), part(corners, high)  # [boxes]
        steps = op("Cast", op("Range", cx.scalar(0, "DT_INT32"), op("Gather", cx.tf(crop_size), cx.scalar(
            axis, "DT_INT64"), axis=0), cx.scalar(1, "DT_INT32")), to=1)  # fmt: skip
        many = op("Greater", count, one)
        scale = op("Div", op("Mul", op("Sub", last, first), extent), op("Max", op("Sub", count, one), one))
        spaced = op("Add", unsqueeze(cx, op("Mul", first, extent), [1]),
                    op("Mul", unsqueeze(cx, scale, [1]), unsqueeze(cx, steps, [0])))  # fmt: skip
        middle = unsqueeze(cx, op("Mul", op("Mul", op("Add", first, last), cx.scalar(0.5, "DT_FLOAT")), extent), [1])
        where = cx.emit("Where", [many, spaced, middle])[0]  # one point: the middle, broadcast
        inside = op("And", op("GreaterOrEqual", where, cx.scalar(0.0, "DT_FLOAT")), op("LessOrEqual", where, extent))
        sampled.append((where, inside))
    (rows, row_ok), (columns, column_ok) = sampled
    batch = unsqueeze(cx, as_int64(cx, box_index), [1, 2])  # [boxes, 1, 1]
    rows3, columns3 = unsqueeze(cx, rows, [2]), unsqueeze(cx, columns, [1])  # [b, h, 1], [b, 1, w]
    valid = op("And", unsqueeze(cx, row_ok, [2]), unsqueeze(cx, column_ok, [1]))  # [b, h, w]
    height_limit = op("Cast", op("Sub", op("Gather", dims, cx.scalar(1, "DT_INT64"), axis=0), one), to=7)
    width_limit = op("Cast", op("Sub", op("Gather", dims, cx.scalar(2, "DT_INT64"), axis=0), one), to=7)

    def index(row: str, column: str) -> str:
        """Pixel coordinates (clipped into the image) as GatherND's [b, h, w, 3] indices."""
        y = op("Max", op("Min", op("Cast", row, to=7), height_limit), cx.scalar(0, "DT_INT64"))
        x = op("Max", op("Min", op("Cast", column, to=7), width_limit), cx.scalar(0, "DT_INT64"))
        shape = op("Shape", op("Add", op("Add", op("Cast", batch, to=1), row), column))
        parts = [unsqueeze(cx, op("Expand", name, shape), [3]) for name in (batch, y, x)]
        return cx.emit("Concat", parts, axis=3)[0]

    if method == "nearest":
        half = cx.scalar(0.5, "DT_FLOAT")
        out = op("GatherND", pixels, index(op("Floor", op("Add", rows3, half)), op("Floor", op("Add", columns3, half))))
    else:
        top, left = op("Floor", rows3), op("Floor", columns3)
        bottom, right = op("Ceil", rows3), op("Ceil", columns3)
        y_mix, x_mix = unsqueeze(cx, op("Sub", rows3, top), [3]), unsqueeze(cx, op("Sub", columns3, left), [3])
        corner = {(a, b): op("GatherND", pixels, index(a, b)) for a in (top, bottom) for b in (left, right)}
        upper = op("Add", corner[top, left], op("Mul", op("Sub", corner[top, right], corner[top, left]), x_mix))
        lower = op(
            "Add", corner[bottom, left], op("Mul", op("Sub", corner[bottom, right], corner[bottom, left]), x_mix)
        )
        out = op("Add", upper, op("Mul", op("Sub", lower, upper), y_mix))
    out = cx.emit("Where", [unsqueeze(cx, valid, [3]), out, cx.scalar(extrapolation, "DT_FLOAT")])[0]
    found = crop_size.ints()
    known: List[Optional[int]] = [None, None] if found is None else list(found)
    shape: Shape = [None if boxes.shape is None else boxes.shape[0], *known,
                    None if image.shape is None else image.shape[3]]  # fmt: skip
    return [cx.result(0, "DT_FLOAT", shape, onnx=out)]


def combined_nms(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """CombinedNonMaxSuppression of boxes shared by the classes (q = 1): ONNX's NonMaxSuppression per batch and
    class, each chosen box's score put in a [batch, classes * boxes] grid (the rest -inf), then the best
    max_total_size of each batch (TopK), their boxes, scores and classes, zeros past the valid count; boxes clipped
    to [0, 1] with clip_boxes."""
    boxes, scores = inputs[0], inputs[1]
    if need_rank(boxes, "boxes") != 4 or need_rank(scores, "scores") != 3:
        raise ConversionError(f"its boxes and scores have ranks {boxes.rank} and {scores.rank}: TensorFlow takes "
                              "[batch, boxes, q, 4] and [batch, boxes, classes]")  # fmt: skip
    if boxes.shape is None or boxes.shape[2] != 1 or scores.shape is None or None in scores.shape[1:]:
        raise ConversionError(f"its boxes have shape {boxes.shape}: boxes shared by every class (q = 1) and known "
                              "counts of boxes and classes are converted")  # fmt: skip
    count, classes = int(scores.shape[1] or 0), int(scores.shape[2] or 0)
    per_class = need_ints(inputs[2], "max_output_size_per_class")[0]
    total = need_ints(inputs[3], "max_total_size")[0]
    size = min(total, per_class * classes) if attr(node, "pad_per_class", False) else total
    kept = min(size, count * classes)

    def op(onnx_op: str, *names: str, **attrs: Any) -> str:
        return cx.emit(onnx_op, list(names), 1, **attrs)[0]

    corners = op("Squeeze", cx.tf(boxes), cx.ints([2]))  # [batch, boxes, 4]
    ranked = op("Transpose", cx.tf(scores), perm=[0, 2, 1])  # [batch, classes, boxes]
    threshold = [op("Reshape", cx.tf(value), cx.ints([1])) for value in inputs[4:6]]
    chosen = op("NonMaxSuppression", corners, ranked, cx.ints([per_class]), *threshold)  # [k, 3]
    triples = op("Gather", chosen, cx.ints([0, 1, 2]), axis=1)
    picked = op("GatherND", ranked, triples)  # the chosen scores
    places = op(
        "Concat",
        op("Gather", chosen, cx.ints([0]), axis=1),
        op(
            "Add",
            op("Mul", op("Gather", chosen, cx.ints([1]), axis=1), cx.scalar(count, "DT_INT64")),
            op("Gather", chosen, cx.ints([2]), axis=1),
        ),
        axis=1,
    )  # fmt: skip  (batch, class * boxes + box)
    batch = op("Gather", op("Shape", ranked), cx.ints([0]), axis=0)
    floor = op("ConstantOfShape", op("Concat", batch, cx.ints([classes * count]), axis=0),
               value=tensor_of("DT_FLOAT", (1,), [float("-inf")]))  # fmt: skip
    grid = op("ScatterND", floor, places, picked)
    best, where = cx.emit("TopK", [grid, cx.ints([kept])], 2, axis=1, largest=1, sorted=1)
    valid = op("Greater", best, cx.scalar(float("-inf"), "DT_FLOAT"))
    box_index = op("Mod", where, cx.scalar(count, "DT_INT64"), fmod=0)
    found = op("GatherND", corners, unsqueeze(cx, box_index, [2]), batch_dims=1)  # [batch, kept, 4]
    if attr(node, "clip_boxes", True):
        found = op("Clip", found, cx.scalar(0.0, "DT_FLOAT"), cx.scalar(1.0, "DT_FLOAT"))
    zero = cx.scalar(0.0, "DT_FLOAT")
    out_boxes = cx.emit("Where", [unsqueeze(cx, valid, [2]), found, zero])[0]
    out_scores = cx.emit("Where", [valid, best, zero])[0]
    out_classes = cx.emit("Where", [valid, op("Cast", op("Div", where, cx.scalar(count, "DT_INT64")), to=1), zero])[0]
    detections = op("ReduceSum", op("Cast", valid, to=6), cx.ints([1]), keepdims=0)
    if size > kept:  # zeros up to the output's size
        out_boxes = op("Pad", out_boxes, cx.ints([0, 0, 0, 0, size - kept, 0]))
        out_scores = op("Pad", out_scores, cx.ints([0, 0, 0, size - kept]))
        out_classes = op("Pad", out_classes, cx.ints([0, 0, 0, size - kept]))
    batch_size = boxes.shape[0]
    return [cx.result(0, "DT_FLOAT", [batch_size, size, 4], onnx=out_boxes),
            cx.result(1, "DT_FLOAT", [batch_size, size], onnx=out_scores),
            cx.result(2, "DT_FLOAT", [batch_size, size], onnx=out_classes),
            cx.result(3, "DT_INT32", [batch_size], onnx=detections)]  # fmt: skip


def ctc_greedy_decoder(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """CTCGreedyDecoder: each time step's best class (ArgMax) within the sequence's length, the blank (the last
    class, or blank_index) left out, and with merge_repeated a class equal to the step before's; the kept classes
    as a sparse tensor (indices, values, dense shape) and the negative sum of each sequence's best logits."""
    logits, lengths = inputs[0], inputs[1]
    if need_rank(logits, "inputs") != 3 or lengths.dtype != "DT_INT32":
        raise ConversionError(f"its inputs have rank {logits.rank} and its lengths are {lengths.dtype}: TensorFlow "
                              "takes [time, batch, classes] and int32 lengths")  # fmt: skip
    if logits.dtype not in ("DT_FLOAT", "DT_DOUBLE"):
        raise ConversionError(f"its inputs are {logits.dtype}: TensorFlow takes float or double")
    merge = bool(attr(node, "merge_repeated", False))
    blank = attr(node, "blank_index", -1)

    def op(onnx_op: str, *names: str, **attrs: Any) -> str:
        return cx.emit(onnx_op, list(names), 1, **attrs)[0]

    data = op("Transpose", cx.tf(logits), perm=[1, 0, 2])  # [batch, time, classes]
    best = op("ArgMax", data, axis=2, keepdims=0)  # [batch, time] int64
    top = op("ReduceMax", data, axes=[2], keepdims=0) if cx.opset < 18 else op(
        "ReduceMax", data, cx.ints([2]), keepdims=0)  # fmt: skip
    classes = op("Gather", op("Shape", data), cx.ints([2]), axis=0)
    blank_class = op("Add", classes, cx.ints([blank])) if blank < 0 else cx.ints([blank])
    steps = op("Range", cx.scalar(0, "DT_INT64"), op("Squeeze", op("Gather", op("Shape", data), cx.ints([1]),
                                                                  axis=0)), cx.scalar(1, "DT_INT64"))  # fmt: skip
    within = op("Less", unsqueeze(cx, steps, [0]), unsqueeze(cx, as_int64(cx, lengths), [1]))  # [batch, time]
    keep = op("And", within, op("Not", op("Equal", best, blank_class)))
    if merge:  # a class equal to the one the step before chose (blank or not) is merged into it
        before = op("Pad", best, cx.ints([0, 1, 0, -1]), cx.scalar(-1, "DT_INT64"))
        keep = op("And", keep, op("Not", op("Equal", best, before)))
    coordinates = op("Transpose", op("NonZero", keep), perm=[1, 0])  # [kept, 2]: batch, time (row-major)
    values = op("GatherND", best, coordinates)
    places = op("Sub", op("CumSum", op("Cast", keep, to=7), cx.scalar(1, "DT_INT32")), cx.scalar(1, "DT_INT64"))
    position = op("GatherND", places, coordinates)
    batch_of = op("Gather", coordinates, cx.ints([0]), axis=1)
    indices = op("Concat", batch_of, unsqueeze(cx, position, [1]), axis=1)
    counts = op("ReduceSum", op("Cast", keep, to=7), cx.ints([1]), keepdims=0)
    longest = op("ReduceMax", op("Concat", counts, cx.ints([0]), axis=0), keepdims=1)
    shape = op("Concat", op("Gather", op("Shape", data), cx.ints([0]), axis=0), longest, axis=0)
    summed = op("ReduceSum", op("Where", within, top, cx.scalar(0, logits.dtype)), cx.ints([1]), keepdims=1)
    batch = (logits.shape or [None, None])[1]
    return [cx.result(0, "DT_INT64", [None, 2], onnx=indices), cx.result(1, "DT_INT64", [None], onnx=values),
            cx.result(2, "DT_INT64", [2], onnx=shape), cx.result(3, logits.dtype, [batch, 1],
                                                                 onnx=op("Neg", summed))]  # fmt: skip


def extract_patches(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """ExtractImagePatches: a grouped convolution by one-hot filters (one output channel for each place in the
    window, for each input channel: ONNX's Conv with dilations for the rates), its channels then reordered to
    TensorFlow's (the window's place first, the input channel last)."""
    x = inputs[0]
    if need_rank(x) != 4 or x.dtype not in ("DT_FLOAT", "DT_DOUBLE", "DT_HALF"):
        raise ConversionError(f"its images are {x.dtype} of rank {x.rank}: 4-D float images are converted")
    channels = (x.shape or [None] * 4)[3]
    if channels is None:
        raise ConversionError("its images' channels must be known (pass the inputs' shapes: --inputs NAME:SHAPE)")
    kh, kw = _spatial(node, "ksizes", "NHWC")
    strides, rates = _spatial(node, "strides", "NHWC"), _spatial(node, "rates", "NHWC")
    data, shape = _image_in(cx, x, "NHWC")
    spatial: List[Optional[int]] = [None, None] if shape is None else shape[2:]
    attrs = _window_attrs(node, spatial, [kh, kw], strides, rates, "NHWC")
    window = kh * kw
    check_made(channels * window * window, "one-hot filters")
    ones = [1.0 if p == i * kw + j else 0.0 for _ in range(channels) for p in range(window)
            for i in range(kh) for j in range(kw)]  # fmt: skip
    kernel = cx.initializer(tensor_of(x.dtype, (channels * window, 1, kh, kw), ones), cx.fresh("one_hot"))
    out = cx.emit("Conv", [data, kernel], dilations=rates, kernel_shape=[kh, kw], group=channels, **attrs)[0]
    pads = attrs.get("pads")
    dims = [_window_out(size, k, s, d, (pads[i], pads[i + 2]) if pads else None, "auto_pad" in attrs)
            for i, (size, k, s, d) in enumerate(zip(spatial, (kh, kw), strides, rates))]  # fmt: skip
    # [N, C * window, H, W] -> [N, C, window, H, W] -> [N, window, C, H, W] -> [N, window * C, H, W]
    batch = cx.emit("Shape", [out])[0]
    split = cx.emit("Concat", [cx.emit("Slice", [batch, cx.ints([0]), cx.ints([1])])[0], cx.ints([channels, window]),
                               cx.emit("Slice", [batch, cx.ints([2]), cx.ints([4])])[0]], axis=0)[0]  # fmt: skip
    out = cx.emit("Transpose", [cx.emit("Reshape", [out, split])[0]], perm=[0, 2, 1, 3, 4])[0]
    joined = cx.emit("Concat", [cx.emit("Slice", [batch, cx.ints([0]), cx.ints([1])])[0], cx.ints([window * channels]),
                                cx.emit("Slice", [batch, cx.ints([2]), cx.ints([4])])[0]], axis=0)[0]  # fmt: skip
    out = cx.emit("Reshape", [out, joined])[0]
    n = shape[0] if shape is not None else None
    return [_image_out(cx, out, x.dtype, [n, window * channels, *dims], "NHWC")]


def _hsv(cx: Converter, rgb: str) -> Tuple[str, str, str]:
    """TensorFlow's hue, saturation and value of [..., 3] RGB (its adjust_hsv kernels' rgb_to_hsv)."""

    def op(onnx_op: str, *names: str, **attrs: Any) -> str:
        return cx.emit(onnx_op, list(names), 1, **attrs)[0]

    red, green, blue = (op("Gather", rgb, cx.scalar(index, "DT_INT64"), axis=-1) for index in range(3))
    value = op("Max", red, green, blue)
    spread = op("Sub", value, op("Min", red, green, blue))
    zero = cx.scalar(0.0, "DT_FLOAT")
    saturation = op("Where", op("Greater", value, zero), op("Div", spread, value), zero)
    norm = op("Div", cx.scalar(1.0, "DT_FLOAT"), op("Mul", spread, cx.scalar(6.0, "DT_FLOAT")))
    hue = op("Where", op("Equal", red, value), op("Mul", norm, op("Sub", green, blue)),
             op("Where", op("Equal", green, value),
                op("Add", op("Mul", norm, op("Sub", blue, red)), cx.scalar(2.0 / 6.0, "DT_FLOAT")),
                op("Add", op("Mul", norm, op("Sub", red, green)), cx.scalar(4.0 / 6.0, "DT_FLOAT"))))  # fmt: skip
    hue = op("Where", op("Greater", spread, zero), hue, zero)
    hue = op("Where", op("Less", hue, zero), op("Add", hue, cx.scalar(1.0, "DT_FLOAT")), hue)
    return hue, saturation, value


def _rgb(cx: Converter, hue: str, saturation: str, value: str) -> str:
    """TensorFlow's hsv_to_rgb: the chroma, its second-largest part by the hue's sixth, and the floor added back."""

    def op(onnx_op: str, *names: str, **attrs: Any) -> str:
        return cx.emit(onnx_op, list(names), 1, **attrs)[0]

    chroma = op("Mul", saturation, value)
    floor = op("Sub", value, chroma)
    sixths = op("Mul", hue, cx.scalar(6.0, "DT_FLOAT"))
    sector = op("Floor", sixths)
    wrapped = op("Sub", sixths, op("Mul", op("Floor", op("Div", sixths, cx.scalar(2.0, "DT_FLOAT"))),
                                   cx.scalar(2.0, "DT_FLOAT")))  # fmod(sixths, 2), sixths at or above 0  # fmt: skip
    middle = op(
        "Mul", chroma, op("Sub", cx.scalar(1.0, "DT_FLOAT"), op("Abs", op("Sub", wrapped, cx.scalar(1.0, "DT_FLOAT"))))
    )
    zero = op("Mul", chroma, cx.scalar(0.0, "DT_FLOAT"))
    # (red, green, blue) of each sector 0 to 5: (c, x, 0), (x, c, 0), (0, c, x), (0, x, c), (x, 0, c), (c, 0, x)
    table = [(chroma, middle, zero), (middle, chroma, zero), (zero, chroma, middle), (zero, middle, chroma),
             (middle, zero, chroma), (chroma, zero, middle)]  # fmt: skip
    parts = []
    for channel in range(3):
        picked = zero  # a sector past 5 (no hue) is black, as TensorFlow's default case
        for index in range(5, -1, -1):
            picked = op("Where", op("Equal", sector, cx.scalar(float(index), "DT_FLOAT")), table[index][channel],
                        picked)  # fmt: skip
        parts.append(unsqueeze(cx, op("Add", picked, floor), [-1]))
    return cx.emit("Concat", parts, axis=-1)[0]


def adjust_hsv(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """AdjustHue (the hue moved by delta, wrapped into [0, 1)) and AdjustSaturation (the saturation scaled, clamped to
    [0, 1]) of float RGB images, through TensorFlow's own HSV formulas."""
    images, amount = inputs[0], inputs[1]
    if images.dtype not in ("DT_FLOAT", "DT_HALF") or amount.dtype != "DT_FLOAT":
        raise ConversionError(f"its images are {images.dtype}: TensorFlow adjusts float or half images by a float")
    if images.shape is not None and images.shape and images.shape[-1] not in (None, 3):
        raise ConversionError(f"its images have {images.shape[-1]} channels: TensorFlow adjusts RGB (3)")
    data = cx.tf(images) if images.dtype == "DT_FLOAT" else cx.emit("Cast", [cx.tf(images)], to=1)[0]
    hue, saturation, value = _hsv(cx, data)
    if node["op"] == "AdjustHue":
        moved = cx.emit("Add", [hue, cx.tf(amount)])[0]
        moved = cx.emit("Sub", [moved, cx.emit("Floor", [moved])[0]])[0]  # fmod 1, then below 0 wrapped up
        hue = moved
    else:
        scaled = cx.emit("Mul", [saturation, cx.tf(amount)])[0]
        saturation = cx.emit("Min", [cx.emit("Max", [scaled, cx.scalar(0.0, "DT_FLOAT")])[0],
                                     cx.scalar(1.0, "DT_FLOAT")])[0]  # fmt: skip
    out = _rgb(cx, hue, saturation, value)
    if images.dtype != "DT_FLOAT":
        out = cx.emit("Cast", [out], to=onnx_type(images.dtype))[0]
    return [cx.result(0, images.dtype, images.shape, onnx=out)]


def _f32(number: float) -> float:
    return float(struct.unpack("<f", struct.pack("<f", number))[0])


def _area_weights(inside: int, outside: int, corners: bool) -> List[float]:
    """ResizeArea's weights along one axis, [outside, inside] row-major, as TensorFlow's kernel (resize_area_op.cc)
    weighs each input cell by its share of an output cell (in float32), divided by the scale."""
    check_made(inside * outside, "area weights")
    scale = _f32((inside - 1) / (outside - 1)) if corners and outside > 1 else _f32(inside / outside)
    weights = [0.0] * (outside * inside)
    for out in range(outside):
        low, high = _f32(out * scale), _f32((out + 1) * scale)
        for cell in range(math.floor(low), math.ceil(high)):
            if cell < low:
                share = scale if cell + 1 > high else _f32(cell + 1 - low)
            else:
                share = _f32(high - cell) if cell + 1 > high else 1.0
            weights[out * inside + min(inside - 1, max(0, cell))] += share / scale
    return weights


def resize_area(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """ResizeArea: each output pixel the average of the input cells it covers, weighted by how much of each; the
    weights are separable, so two MatMuls by constant matrices made at conversion (the sizes must be known)."""
    x, size = inputs[0], inputs[1]
    if need_rank(x) != 4:
        raise ConversionError("only 4-D images are resized")
    wanted = need_ints(size, "size")
    shape = x.shape or [None] * 4
    if len(wanted) != 2 or shape[1] is None or shape[2] is None or min(wanted) < 1:
        raise ConversionError(f"its input's height and width ({shape[1:3]}) and size {wanted} must be known: the "
                              "area weights are made at conversion")  # fmt: skip
    corners = bool(attr(node, "align_corners", False))
    height, width = int(shape[1] or 0), int(shape[2] or 0)
    rows = cx.initializer(tensor_of("DT_FLOAT", (wanted[0], height), _area_weights(height, wanted[0], corners)),
                          cx.fresh("rows"))  # fmt: skip
    columns = transpose(tensor_of("DT_FLOAT", (wanted[1], width), _area_weights(width, wanted[1], corners)), (1, 0))
    data = cx.nchw(x)
    if x.dtype != "DT_FLOAT":
        data = cx.emit("Cast", [data], to=1)[0]
    out = cx.emit("MatMul", [cx.emit("MatMul", [rows, data])[0], cx.initializer(columns, cx.fresh("columns"))])[0]
    return [cx.result(0, "DT_FLOAT", [shape[0], wanted[0], wanted[1], shape[3]], nchw=out)]
