# SPDX-License-Identifier: Apache-2.0
"""What the image rules share: a window's attrs in either layout, TensorFlow's SAME padding as ONNX's pads, the
sizes a window gives, an image in NCHW (or a volume in NCDHW) and back, a filter in ONNX's layout, and the cropped
output of a transposed convolution.

Strategy: small functions of the attrs and shapes the rules of ``images``, ``volumes``, ``detection`` and
``pixels`` read, each refusing an attr TensorFlow would refuse, so that every rule says the same thing the same way.
"""

from __future__ import annotations

import struct

from .._errors import ConversionError
from .._tensor import Tensor
from .nodeparts import (
    as_int64,
    attr,
    shape_in_nchw,
    text_attr,
)
from .values import TO_NHWC, transpose

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Dict, List, Optional, Sequence, Tuple

    from .._typing import Decoded
    from .converter import Converter
    from .values import Shape, Value

    Outputs = List[Optional[Value]]


def spatial_attr(node: Decoded, key: str, layout: str) -> List[int]:
    """The H and W of a 4-element attr (strides, dilations, ksize) in the node's layout."""
    values = attr(node, key, [1, 1, 1, 1]) or [1, 1, 1, 1]
    if not isinstance(values, list) or len(values) != 4 or not all(isinstance(v, int) and v > 0 for v in values):
        raise ConversionError(f"its {key} {values!r} are not 4 positive ints, as TensorFlow requires")
    return [values[2], values[3]] if layout == "NCHW" else [values[1], values[2]]


def same_pads(size: Optional[int], kernel: int, stride: int, dilation: int) -> Optional[Tuple[int, int]]:
    """TensorFlow's SAME padding of one spatial dim: the extra pixel at the end."""
    if size is None:
        return None
    effective = (kernel - 1) * dilation + 1
    out = -(-size // stride)
    total = max((out - 1) * stride + effective - size, 0)
    return total // 2, total - total // 2


def window_attrs(node: Decoded, spatial: List[Optional[int]], kernel: List[int], strides: List[int],
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
        found = [same_pads(size, k, s, d) for size, k, s, d in zip(spatial, kernel, strides, dilations)]
        if all(pair is not None for pair in found):
            pairs = [pair for pair in found if pair is not None]
            attrs["pads"] = [pairs[0][0], pairs[1][0], pairs[0][1], pairs[1][1]]
        else:
            attrs["auto_pad"] = "SAME_UPPER"  # TensorFlow's SAME puts the odd pixel at the end
    else:
        raise ConversionError(f"padding {padding!r} is not SAME, VALID or EXPLICIT")
    return attrs


def window_out(size: Optional[int], kernel: int, stride: int, dilation: int, pads: Optional[Sequence[int]],
               same: bool) -> Optional[int]:  # fmt: skip
    if size is None:
        return None
    if same:
        return -(-size // stride)
    before, after = pads if pads is not None else (0, 0)
    return (size + before + after - ((kernel - 1) * dilation + 1)) // stride + 1


def image_in(cx: Converter, x: Value, layout: str) -> Tuple[str, Shape]:
    """The input of an image op in NCHW, and its NCHW shape."""
    if layout == "NCHW":
        return cx.tf(x), x.shape
    return cx.nchw(x), shape_in_nchw(x.shape)


def image_out(cx: Converter, name: str, dtype: str, nchw_shape: Shape, layout: str) -> Value:
    if layout == "NCHW":
        return cx.result(0, dtype, nchw_shape, onnx=name)
    shape = None if nchw_shape is None else [nchw_shape[axis] for axis in TO_NHWC]
    return cx.result(0, dtype, shape, nchw=name)


def filter_weights(cx: Converter, weights: Value, perm: Sequence[int], shape: Optional[Sequence[int]] = None) -> str:
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


def cropped_transpose(cx: Converter, data: str, kernel: str, sizes: Value, positions: List[int],
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


def volume_attr(node: Decoded, key: str, layout: str) -> List[int]:
    """The D, H and W of a 5-element attr (strides, dilations, ksize) in the node's layout."""
    values = attr(node, key, [1] * 5) or [1] * 5
    if not isinstance(values, list) or len(values) != 5 or not all(isinstance(v, int) and v > 0 for v in values):
        raise ConversionError(f"its {key} {values!r} are not 5 positive ints, as TensorFlow requires")
    return values[2:] if layout == "NCDHW" else values[1:4]


def volume_window(node: Decoded, spatial: List[Optional[int]], kernel: List[int], strides: List[int],
                  dilations: List[int]) -> Tuple[Dict[str, Any], List[Optional[int]]]:  # fmt: skip
    """ONNX's pads (or auto_pad) of a 3-D window and the output's D, H and W."""
    padding = text_attr(node, "padding", "VALID")
    if padding not in ("SAME", "VALID"):
        raise ConversionError(f"padding {padding!r} is not SAME or VALID")
    found = [same_pads(size, k, s, d) if padding == "SAME" else (0, 0)
             for size, k, s, d in zip(spatial, kernel, strides, dilations)]  # fmt: skip
    attrs: Dict[str, Any] = {"strides": strides}
    if all(pair is not None for pair in found):
        pairs = [pair for pair in found if pair is not None]
        attrs["pads"] = [pair[0] for pair in pairs] + [pair[1] for pair in pairs]
    else:
        attrs["auto_pad"] = "SAME_UPPER"
    dims = [window_out(size, k, s, d, pair, padding == "SAME" and pair is None)
            for size, k, s, d, pair in zip(spatial, kernel, strides, dilations, found)]  # fmt: skip
    return attrs, dims


TO_NCDHW = (0, 4, 1, 2, 3)


TO_NDHWC = (0, 2, 3, 4, 1)


def volume_in(cx: Converter, x: Value, layout: str) -> Tuple[str, Shape]:
    if layout == "NCDHW":
        return cx.tf(x), x.shape
    shape = None if x.shape is None else [x.shape[axis] for axis in TO_NCDHW]
    return cx.emit("Transpose", [cx.tf(x)], perm=list(TO_NCDHW))[0], shape


def volume_out(cx: Converter, out: str, dtype: str, shape: Shape, layout: str) -> Value:
    if layout == "NCDHW":
        return cx.result(0, dtype, shape, onnx=out)
    back = None if shape is None else [shape[axis] for axis in TO_NDHWC]
    return cx.result(0, dtype, back, onnx=cx.emit("Transpose", [out], perm=list(TO_NDHWC))[0])


def mean_over(cx: Converter, data: str, axes: List[int]) -> str:
    if cx.opset >= 18:
        return cx.emit("ReduceMean", [data, cx.ints(axes)], keepdims=1)[0]
    return cx.emit("ReduceMean", [data], axes=axes, keepdims=1)[0]


def as_float32(number: float) -> float:
    return float(struct.unpack("<f", struct.pack("<f", number))[0])
