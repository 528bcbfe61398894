# SPDX-License-Identifier: Apache-2.0
"""The op table's rules that compute pixel by pixel: AdjustHue, AdjustSaturation, ExtractImagePatches and
ResizeArea.

Strategy: TensorFlow's own formulas (its RGB and HSV conversions, its area weights worked out in float32 at
conversion) as ONNX ops; image patches as a grouped convolution by one-hot filters.
"""

from __future__ import annotations

import math

from .._errors import ConversionError
from .nodeparts import (
    attr,
    check_made,
    need_ints,
    need_rank,
    unsqueeze,
)
from .values import INPUTS_HINT, tensor_of, transpose
from .windows import (
    as_float32,
    image_in,
    image_out,
    spatial_attr,
    window_attrs,
    window_out,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import List, Optional, Tuple

    from .._typing import Decoded
    from .converter import Converter
    from .values import Value

    Outputs = List[Optional[Value]]


def extract_patches(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """ExtractImagePatches: a grouped convolution by one-hot filters (one output channel for each place in the
    window, for each input channel: ONNX's Conv with dilations for the rates), its channels then reordered to
    TensorFlow's (the window's place first, the input channel last)."""
    x = inputs[0]
    if need_rank(x) != 4 or x.dtype not in ("DT_FLOAT", "DT_DOUBLE", "DT_HALF"):
        raise ConversionError(f"its images are {x.dtype} of rank {x.rank}: 4-D float images are converted")
    channels = (x.shape or [None] * 4)[3]
    if channels is None:
        raise ConversionError(f"its images' channels must be known{INPUTS_HINT}")
    kh, kw = spatial_attr(node, "ksizes", "NHWC")
    strides, rates = spatial_attr(node, "strides", "NHWC"), spatial_attr(node, "rates", "NHWC")
    data, shape = image_in(cx, x, "NHWC")
    spatial: List[Optional[int]] = [None, None] if shape is None else shape[2:]
    attrs = window_attrs(node, spatial, [kh, kw], strides, rates, "NHWC")
    window = kh * kw
    check_made(channels * window * window, "one-hot filters")
    ones = [1.0 if p == i * kw + j else 0.0 for _ in range(channels) for p in range(window)
            for i in range(kh) for j in range(kw)]  # fmt: skip
    kernel = cx.initializer(tensor_of(x.dtype, (channels * window, 1, kh, kw), ones), cx.fresh("one_hot"))
    out = cx.emit("Conv", [data, kernel], dilations=rates, kernel_shape=[kh, kw], group=channels, **attrs)[0]
    pads = attrs.get("pads")
    dims = [window_out(size, k, s, d, (pads[i], pads[i + 2]) if pads else None, "auto_pad" in attrs)
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
    return [image_out(cx, out, x.dtype, [n, window * channels, *dims], "NHWC")]


def _hsv(cx: Converter, rgb: str) -> Tuple[str, str, str]:
    """TensorFlow's hue, saturation and value of [..., 3] RGB (its adjust_hsv kernels' rgb_to_hsv)."""

    op = cx.op

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

    op = cx.op

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
    if images.dtype != "DT_FLOAT" or amount.dtype != "DT_FLOAT" or need_rank(images) < 3:
        raise ConversionError(f"its images are {images.dtype} of rank {images.rank}: TensorFlow's kernels adjust "
                              "float32 images of rank 3 or more by a float")  # fmt: skip
    if images.shape is not None and images.shape and images.shape[-1] not in (None, 3):
        raise ConversionError(f"its images have {images.shape[-1]} channels: TensorFlow adjusts RGB (3)")
    hue, saturation, value = _hsv(cx, cx.tf(images))
    if node["op"] == "AdjustHue":
        moved = cx.emit("Add", [hue, cx.tf(amount)])[0]
        moved = cx.emit("Sub", [moved, cx.emit("Floor", [moved])[0]])[0]  # fmod 1, then below 0 wrapped up
        hue = moved
    else:
        scaled = cx.emit("Mul", [saturation, cx.tf(amount)])[0]
        saturation = cx.emit("Min", [cx.emit("Max", [scaled, cx.scalar(0.0, "DT_FLOAT")])[0],
                                     cx.scalar(1.0, "DT_FLOAT")])[0]  # fmt: skip
    return [cx.result(0, images.dtype, images.shape, onnx=_rgb(cx, hue, saturation, value))]


def _area_weights(inside: int, outside: int, corners: bool) -> List[float]:
    """ResizeArea's weights along one axis, [outside, inside] row-major, as TensorFlow's kernel (resize_area_op.cc)
    weighs each input cell by its share of an output cell (in float32), divided by the scale."""
    check_made(inside * outside, "area weights")
    scale = as_float32((inside - 1) / (outside - 1)) if corners and outside > 1 else as_float32(inside / outside)
    weights = [0.0] * (outside * inside)
    for out in range(outside):
        low, high = as_float32(out * scale), as_float32((out + 1) * scale)
        for cell in range(math.floor(low), math.ceil(high)):
            if cell < low:
                share = scale if cell + 1 > high else as_float32(cell + 1 - low)
            else:
                share = as_float32(high - cell) if cell + 1 > high else 1.0
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
