# SPDX-License-Identifier: Apache-2.0
"""The op table's rules for complex numbers and Fourier transforms: RFFT, RFFT2D, FFT, IFFT, FFT2D, IFFT2D,
ComplexAbs, Real, Imag, Complex, and the casts, sums and products of complex values.

Strategy: onnxruntime has no complex tensors; ONNX's DFT holds a complex value as its real and imaginary parts along
one more, last, axis of size 2 (float). A complex TensorFlow value is held so here: its ``Value`` keeps TensorFlow's
dtype (complex64 or complex128) and shape, its ONNX tensor is float (double) with the pair axis. Only the ops of
``TAKES_COMPLEX`` read such a value; the converter refuses any other op given one, and a graph output that is one,
naming it (ONNX could declare the type; onnxruntime could not run it). A transform is ONNX's DFT (opset 17) over
the signal's axis, one-sided for a real input's RFFT. onnxruntime's float DFT sums a length that is not a power of
two term by term with float twiddles, up to ten float epsilons (of the largest value) from TensorFlow's float FFT;
such a transform of float values is computed in double and rounded back, within about one (a power of two keeps
float: the runtime's FFT is as exact as TensorFlow's there). Before opset 17, which has no DFT, a transform is one
MatMul by the DFT's matrix (made at conversion, double, for a known length up to ``_MATRIX_LENGTH``): the signal's
parts interleaved on one axis, a row of the matrix for each part, two columns (real, imaginary) for each frequency.
"""

from __future__ import annotations

import functools
import math

from .._errors import ConversionError
from .nodeparts import attr, broadcast, need_ints, need_rank, onnx_type, unsqueeze
from .values import PARTS, tensor_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Dict, Final, List, Optional, Sequence, Tuple

    from .._tensor import Tensor
    from .._typing import Decoded
    from .converter import Converter
    from .values import Value

    Outputs = List[Optional[Value]]

_COMPLEX_OF: Final = {"DT_FLOAT": "DT_COMPLEX64", "DT_DOUBLE": "DT_COMPLEX128"}
#: Below opset 17, which has no DFT, a transform is a product by the DFT's matrix, made at conversion for a length up
#: to this (its double matrix of 2n x 2n then holds 32 MB).
_MATRIX_LENGTH: Final = 1024


def _complex(value: Value, op: str) -> str:
    if value.dtype not in PARTS:
        raise ConversionError(f"its input {value.tf_name!r} is {value.dtype}: TensorFlow's {op} takes complex values")
    return PARTS[value.dtype]


def _dft(cx: Converter, data: str, axis: int, length: Optional[str], *, inverse: bool = False,
         onesided: bool = False) -> str:  # fmt: skip
    """ONNX's DFT of *data* (parts on its last axis) along *axis*: an attribute to opset 19, an input from 20."""
    flags: Dict[str, Any] = {"inverse": int(inverse) or None, "onesided": int(onesided) or None}
    if cx.opset >= 20:
        return cx.emit("DFT", [data, length or "", cx.scalar(axis, "DT_INT64")], 1, **flags)[0]
    return cx.emit("DFT", [data, length] if length else [data], 1, axis=axis, **flags)[0]


def _transform(cx: Converter, data: str, rank: int, axis: int, length: Optional[int], size: Optional[int], *,
               inverse: bool = False, onesided: bool = False, real: bool = False) -> str:  # fmt: skip
    """The DFT of *data* (of *rank*, its parts on the last axis: 1 for a *real* signal, else 2) along *axis*, the
    signal cut or padded to *length* (None: its *size*): ONNX's DFT from opset 17; before it, a product by the
    DFT's matrix, made at conversion for a known length up to ``_MATRIX_LENGTH`` (the data double, widened)."""
    if cx.opset >= 17:
        return _dft(cx, data, axis, None if length is None else cx.scalar(length, "DT_INT64"), inverse=inverse,
                    onesided=onesided)  # fmt: skip
    n = size if length is None else length
    if n is None or not 0 < n <= _MATRIX_LENGTH:
        raise ConversionError(f"a transform of a signal of {'unknown length' if n is None else f'length {n}'} is "
                              f"ONNX's DFT, from opset 17 (before it, a product by the DFT's matrix, made for a known "
                              f"length up to {_MATRIX_LENGTH}): convert at opset 17 or later")  # fmt: skip
    last = rank - 2  # the signal's axis moved just before the parts
    perm = [*(item for item in range(rank - 1) if item != axis), axis, rank - 1]
    if axis != last:
        data = cx.emit("Transpose", [data], perm=perm)[0]
    if length is not None and size != length:  # cut, then padded with zeros up to the length
        if size is None or size > length:
            data = cx.emit("Slice", [data, cx.ints([0]), cx.ints([length]), cx.ints([last])])[0]
        if size is None or size < length:
            short = (cx.ints([length - size]) if size is not None else cx.emit("Sub", [cx.ints([length]), cx.emit(
                "Gather", [cx.emit("Shape", [data])[0], cx.ints([last])], axis=0)[0]])[0])  # fmt: skip
            pads = cx.emit("Concat", [cx.ints([0] * (rank + last)), short, cx.ints([0])], axis=0)[0]
            data = cx.emit("Pad", [data, pads])[0]
    kept = [0] * last
    flat = cx.emit("Reshape", [data, cx.ints([*kept, -1])])[0]  # each signal's parts, interleaved
    matrix = cx.initializer(_dft_matrix(n, inverse, onesided, real=real), cx.fresh("dft"))
    product = cx.emit("MatMul", [flat, matrix])[0]
    out = cx.emit("Reshape", [product, cx.ints([*kept, -1, 2])])[0]
    if axis != last:
        out = cx.emit("Transpose", [out], perm=[perm.index(item) for item in range(rank)])[0]
    return out


@functools.lru_cache(maxsize=16)  # a model's transforms mostly share a length (frames of one size)
def _dft_matrix(n: int, inverse: bool, onesided: bool, *, real: bool) -> Tensor:
    """The DFT's matrix of length *n* (``1/n`` and the other sign inverse; the first ``n // 2 + 1`` frequencies
    onesided), double, taking a signal's parts interleaved (its real parts alone where *real*) to the transform's
    parts interleaved: a row for each input part, two columns (real, imaginary) for each frequency."""
    count = n // 2 + 1 if onesided else n
    sign, scale = (1.0, 1.0 / n) if inverse else (-1.0, 1.0)
    cosines = [[math.cos(2 * math.pi * (j * k % n) / n) * scale for k in range(count)] for j in range(n)]
    sines = [[sign * math.sin(2 * math.pi * (j * k % n) / n) * scale for k in range(count)] for j in range(n)]
    rows: List[float] = []
    for j in range(n):  # (a + bi)(c + si) = (ac - bs) + (as + bc)i, with c the cosine and s the signed sine
        rows.extend(value for k in range(count) for value in (cosines[j][k], sines[j][k]))
        if not real:
            rows.extend(value for k in range(count) for value in (-sines[j][k], cosines[j][k]))
    return tensor_of("DT_DOUBLE", ((1 if real else 2) * n, 2 * count), rows)


def _widened(cx: Converter, data: str, parts: str, lengths: Sequence[Optional[int]]) -> Tuple[str, bool]:
    """*data* cast to double when its parts are float and a transform's length is not a known power of two (the
    module's paragraph says why) or the transform is a product by its matrix (before opset 17), and whether it
    was."""
    exact = all(length is not None and length > 0 and length & (length - 1) == 0 for length in lengths)
    if parts != "DT_FLOAT" or (cx.opset >= 17 and exact):
        return data, False
    return cx.emit("Cast", [data], to=onnx_type("DT_DOUBLE"))[0], True


def _narrowed(cx: Converter, data: str, widened: bool) -> str:
    return cx.emit("Cast", [data], to=onnx_type("DT_FLOAT"))[0] if widened else data


def _lengths(value: Value, count: int) -> List[int]:
    lengths = need_ints(value, "fft_length")
    if len(lengths) != count or any(length < 0 for length in lengths):
        raise ConversionError(f"its fft_length {lengths} is not {count} lengths")
    return lengths


def rfft(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """RFFT and RFFT2D: the real signal given a parts axis of 1, a one-sided DFT over its last axis, then (2D) a
    full one over the axis before it; each to its fft_length (cut or padded with zeros, as TensorFlow)."""
    x, length_value = inputs[0], inputs[1]
    if x.dtype not in _COMPLEX_OF:
        raise ConversionError(f"its input {x.tf_name!r} is {x.dtype}: TensorFlow's {node['op']} takes float or double")
    count = 2 if node["op"] == "RFFT2D" else 1
    rank = need_rank(x)
    if rank < count:
        raise ConversionError(f"its input has rank {rank}: {node['op']} transforms its last {count} axes")
    lengths = _lengths(length_value, count)
    data, widened = _widened(cx, unsqueeze(cx, cx.tf(x), [-1]), x.dtype, lengths)  # [..., n, 1]
    sizes = [None] * count if x.shape is None else x.shape[-count:]
    data = _transform(cx, data, rank + 1, rank - 1, lengths[-1], sizes[-1], onesided=True, real=True)
    if count == 2:
        data = _transform(cx, data, rank + 1, rank - 2, lengths[0], sizes[0])
    data = _narrowed(cx, data, widened)
    shape = None if x.shape is None else [*x.shape[:-count], *lengths[:-1], lengths[-1] // 2 + 1]
    return [cx.result(0, _COMPLEX_OF[x.dtype], shape, onnx=data)]


def fft(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """FFT, IFFT (normalized by 1/n, as both), FFT2D and IFFT2D: ONNX's DFT over the last one or two axes."""
    x = inputs[0]
    _complex(x, node["op"])
    rank = need_rank(x)
    count = 2 if node["op"].endswith("2D") else 1
    if rank < count:
        raise ConversionError(f"its input has rank {rank}: {node['op']} transforms its last {count} axes")
    inverse = node["op"].startswith("I")
    axes = range(rank - 1, rank - 1 - count, -1)
    data, widened = _widened(cx, cx.tf(x), PARTS[x.dtype], [x.shape[axis] if x.shape else None for axis in axes])
    for axis in axes:
        data = _transform(cx, data, rank + 1, axis, None, x.shape[axis] if x.shape else None, inverse=inverse)
    data = _narrowed(cx, data, widened)
    return [cx.result(0, x.dtype, x.shape, onnx=data)]


def _part(cx: Converter, data: str, index: int) -> str:
    """The real (0) or imaginary (1) part of pairs."""
    return cx.emit("Gather", [data, cx.scalar(index, "DT_INT64")], axis=-1)[0]


def _pairs(cx: Converter, real: str, imaginary: str) -> str:
    return cx.emit("Concat", [unsqueeze(cx, real, [-1]), unsqueeze(cx, imaginary, [-1])], axis=-1)[0]


def complex_abs(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    x = inputs[0]
    part = _complex(x, "ComplexAbs")
    data = cx.tf(x)
    if cx.opset >= 18:
        out = cx.emit("ReduceL2", [data, cx.ints([-1])], keepdims=0)[0]
    else:
        out = cx.emit("ReduceL2", [data], axes=[-1], keepdims=0)[0]
    return [cx.result(0, part, x.shape, onnx=out)]


def real_imag(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    x = inputs[0]
    part = _complex(x, node["op"])
    return [cx.result(0, part, x.shape, onnx=_part(cx, cx.tf(x), 0 if node["op"] == "Real" else 1))]


def make_complex(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """Complex: the parts broadcast to one shape, then paired."""
    real, imaginary = inputs[0], inputs[1]
    if real.dtype not in _COMPLEX_OF or imaginary.dtype != real.dtype:
        raise ConversionError(f"its parts are {real.dtype} and {imaginary.dtype}: TensorFlow takes float or double "
                              "alike")  # fmt: skip
    shape = broadcast(real.shape, imaginary.shape)
    left, right = cx.tf(real), cx.tf(imaginary)
    if real.shape != imaginary.shape or shape is None or None in shape:
        both = cx.emit("Shape", [cx.emit("Add", [left, right])[0]])[0]
        left, right = cx.emit("Expand", [left, both])[0], cx.emit("Expand", [right, both])[0]
    return [cx.result(0, _COMPLEX_OF[real.dtype], shape, onnx=_pairs(cx, left, right))]


def complex_cast(cx: Converter, node: Decoded, inputs: List[Value]) -> Optional[Outputs]:
    """A Cast to or from a complex type: a real value paired with zeros; a complex one's real part (as TensorFlow
    casts it); one complex type to the other, part by part. None when neither type is complex."""
    x = inputs[0]
    target = attr(node, "DstT")
    if target not in PARTS and x.dtype not in PARTS:
        return None
    data = cx.tf(x)
    if target in PARTS and x.dtype in PARTS:
        out = cx.emit("Cast", [data], to=onnx_type(PARTS[target]))[0]
    elif target in PARTS:
        if x.dtype in ("DT_STRING",):
            raise ConversionError("a Cast of strings to complex is not what TensorFlow takes")
        real = cx.emit("Cast", [data], to=onnx_type(PARTS[target]))[0]
        zeros = cx.emit("ConstantOfShape", [cx.emit("Shape", [real])[0]], value=tensor_of(PARTS[target], (1,), [0]))[0]
        out = _pairs(cx, real, zeros)
    else:
        out = cx.emit("Cast", [_part(cx, data, 0)], to=onnx_type(target))[0]
    return [cx.result(0, target, x.shape, onnx=out)]


def complex_arithmetic(cx: Converter, node: Decoded, inputs: List[Value]) -> Optional[Outputs]:
    """Add, Sub and Neg of complex values (part by part) and Mul (``(ac - bd) + (ad + bc)i``); None when no input
    is complex."""
    if not any(value.dtype in PARTS for value in inputs):
        return None
    op = node["op"]
    if any(value.dtype != inputs[0].dtype for value in inputs):
        raise ConversionError(f"its inputs are {[v.dtype for v in inputs]}: TensorFlow's {op} takes one type")
    if op == "Neg":
        return [cx.result(0, inputs[0].dtype, inputs[0].shape, onnx=cx.emit("Neg", [cx.tf(inputs[0])])[0])]
    a, b = inputs[0], inputs[1]
    shape = broadcast(a.shape, b.shape)
    left, right = cx.tf(a), cx.tf(b)
    if op in ("Add", "AddV2", "Sub"):
        out = cx.emit("Sub" if op == "Sub" else "Add", [left, right])[0]
    else:
        (ar, ai), (br, bi) = _both(cx, left), _both(cx, right)
        real = cx.emit("Sub", [cx.emit("Mul", [ar, br])[0], cx.emit("Mul", [ai, bi])[0]])[0]
        imaginary = cx.emit("Add", [cx.emit("Mul", [ar, bi])[0], cx.emit("Mul", [ai, br])[0]])[0]
        out = _pairs(cx, real, imaginary)
    return [cx.result(0, a.dtype, shape, onnx=out)]


def _both(cx: Converter, data: str) -> Tuple[str, str]:
    return _part(cx, data, 0), _part(cx, data, 1)
