# SPDX-License-Identifier: Apache-2.0
"""The op table's rules for volumes: Conv3D, MaxPool3D, AvgPool3D and Conv3DBackpropInputV2.

Strategy: ONNX's Conv and pools of NCDHW, a volume in NDHWC taken there by a Transpose and back (no layout is kept
between 3-D ops, unlike images), the filter moved to ONNX's layout once, at conversion.
"""

from __future__ import annotations

from .._errors import ConversionError
from .nodeparts import (
    cast_ints,
    fully_known,
    need_dims,
    need_rank,
    text_attr,
)
from .windows import (
    cropped_transpose,
    filter_weights,
    volume_attr,
    volume_in,
    volume_out,
    volume_window,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import List, Optional

    from .._typing import Decoded
    from .converter import Converter, RuleFunction
    from .values import Value

    Outputs = List[Optional[Value]]


def conv3d(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """Conv3D: ONNX's Conv of the input in NCDHW (a Transpose each way, for NDHWC) and the filter DHWIO -> OIDHW."""
    x, weights = inputs[0], inputs[1]
    layout = text_attr(node, "data_format", "NDHWC")
    if need_rank(x) != 5 or need_rank(weights, "filter") != 5:
        raise ConversionError("its input and filter are not 5-D, as TensorFlow's Conv3D takes them")
    if weights.shape is None or not fully_known(weights.shape):
        raise ConversionError("its filter's shape must be known")
    *kernel, channels_in, channels_out = cast_ints(weights.shape)
    data, shape = volume_in(cx, x, layout)
    strides, dilations = volume_attr(node, "strides", layout), volume_attr(node, "dilations", layout)
    spatial: List[Optional[int]] = [None] * 3 if shape is None else shape[2:]
    attrs, dims = volume_window(node, spatial, kernel, strides, dilations)
    group = 1
    if shape is not None and shape[1] is not None and shape[1] != channels_in:
        group = shape[1] // channels_in
    attrs.update(dilations=dilations, kernel_shape=kernel, group=group if group != 1 else None)
    out = cx.emit("Conv", [data, filter_weights(cx, weights, (4, 3, 0, 1, 2))], **attrs)[0]
    batch = shape[0] if shape is not None else None
    return [volume_out(cx, out, x.dtype, [batch, channels_out, *dims], layout)]


def pool3d(onnx_op: str) -> RuleFunction:
    """MaxPool3D and AvgPool3D: ONNX's pools of the input in NCDHW (padding not counted in an average)."""

    def convert(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
        x = inputs[0]
        layout = text_attr(node, "data_format", "NDHWC")
        if need_rank(x) != 5:
            raise ConversionError("its input is not 5-D, as TensorFlow's 3-D pools take it")
        if "ksize" not in node["attr"] or "strides" not in node["attr"]:
            raise ConversionError("it has no ksize or no strides, which TensorFlow's pools require")
        data, shape = volume_in(cx, x, layout)
        kernel, strides = volume_attr(node, "ksize", layout), volume_attr(node, "strides", layout)
        spatial: List[Optional[int]] = [None] * 3 if shape is None else shape[2:]
        attrs, dims = volume_window(node, spatial, kernel, strides, [1, 1, 1])
        attrs["kernel_shape"] = kernel
        out = cx.emit(onnx_op, [data], **attrs)[0]
        nchw_shape = None if shape is None else [shape[0], shape[1], *dims]
        return [volume_out(cx, out, x.dtype, nchw_shape, layout)]

    return convert


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
    data, shape = volume_in(cx, x, layout)
    strides, dilations = volume_attr(node, "strides", layout), volume_attr(node, "dilations", layout)
    positions = [2, 3, 4] if layout == "NCDHW" else [1, 2, 3]
    kernel = filter_weights(cx, weights, (4, 3, 0, 1, 2))  # [D, H, W, out, in] -> [in, out, D, H, W]
    out = cropped_transpose(cx, data, kernel, sizes, positions, kernel_shape, strides, dilations, padding)
    wanted = sizes.partial or [None] * 5
    batch = shape[0] if shape is not None else None
    return [volume_out(cx, out, x.dtype, [batch, channels_out, *(wanted[i] for i in positions)], layout)]
