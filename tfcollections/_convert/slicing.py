# SPDX-License-Identifier: Apache-2.0
"""The op table's rules for slicing and padding: StridedSlice, Slice, Pad, PadV2 and MirrorPad.

Strategy: ONNX's Slice and Pad take their starts, ends, steps and pads as tensors, so a begin, an end, a stride or a
padding the graph computes is taken as one (``_Elements`` gives each element known or as a tensor), the same ONNX
ops as for constants, which stay constants (the graph stays small); the masks of a StridedSlice are attrs, so which
axes it names is known at conversion. MirrorPad's SYMMETRIC mode, which ONNX has no mode for, is each axis's ends
reversed and joined.
"""

from __future__ import annotations

from .._errors import ConversionError
from .nodeparts import (
    INT64_MAX,
    INT64_MIN,
    INTEGER_TYPES,
    STEPS_LIMIT,
    as_int64,
    attr,
    check_made,
    main_nchw,
    need_dims,
    need_ints,
    need_rank,
    settle,
    text_attr,
    unsqueeze,
)
from .values import TO_NCHW

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import List, Optional, Union

    from .._typing import Decoded
    from .converter import Converter
    from .values import Shape, Value

    Outputs = List[Optional[Value]]
    Part = Union[int, str]  # a start, end or step: known, or the name of a 1-element int64 tensor


class _Elements:
    """A 1-D integer input's elements (begin, end, strides): each known int, or, where the graph computes it, taken
    from the tensor when the model runs. Its length must be known (it says how many axes the input's spec has)."""

    def __init__(self, cx: Converter, value: Value, what: str) -> None:
        need_dims(value, what)
        items = value.partial
        if items is None:
            length = value.shape[0] if value.shape else None
            if length is None:
                raise ConversionError(f"its {what} {value.tf_name!r} has an unknown length, which the conversion "
                                      "needs")  # fmt: skip
            check_made(length, f"one slice entry per element of its {what}", STEPS_LIMIT)
            items = [None] * length
        self.cx, self.value, self.items = cx, value, list(items)
        self._vector: Optional[str] = None

    def __len__(self) -> int:
        return len(self.items)

    def tensor(self, index: int) -> str:
        """Element *index* as a 1-D int64 tensor of one element."""
        item = self.items[index]
        if item is not None:
            return self.cx.ints([item])
        if self._vector is None:
            self._vector = as_int64(self.cx, self.value)
        return self.cx.emit("Slice", [self._vector, self.cx.ints([index]), self.cx.ints([index + 1])])[0]


def _piece(cx: Converter, part: Part) -> str:
    return cx.ints([part]) if isinstance(part, int) else part


def _joined(cx: Converter, parts: List[Part]) -> str:
    """*parts* as one 1-D int64 tensor: a constant when every one is known, else a Concat."""
    if all(isinstance(part, int) for part in parts):
        return cx.ints([part for part in parts if isinstance(part, int)])
    return cx.emit("Concat", [_piece(cx, part) for part in parts], axis=0)[0]


def _slice_computed(cx: Converter, x: Value, begin: Value, size: Value) -> Value:
    """Slice of a computed begin or size: ONNX's Slice of the begins and the ends they give (a size of -1, the rest
    of the axis), over the first axes, as many as the begins."""
    for value, what in ((begin, "begin"), (size, "size")):
        need_dims(value, what)
    lengths = {value.shape[0] for value in (begin, size) if value.shape and value.shape[0] is not None}
    if x.rank is not None:
        lengths.add(x.rank)
    if len(lengths) > 1:
        raise ConversionError(f"its begin and size are not one entry for each of its input's {x.rank} axes")
    starts = as_int64(cx, begin)
    sizes = as_int64(cx, size)
    rest = cx.emit("Less", [sizes, cx.scalar(0, "DT_INT64")])[0]
    ends = cx.emit("Where", [rest, cx.scalar(INT64_MAX, "DT_INT64"), cx.emit("Add", [starts, sizes])[0]])[0]
    shape: Shape = None if x.shape is None else [None] * len(x.shape)
    return cx.result(0, x.dtype, shape, onnx=cx.emit("Slice", [cx.tf(x), starts, ends])[0])


def strided_slice(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """StridedSlice: ONNX's Slice over the axes the spec names, then a Squeeze of the shrunk axes and an Unsqueeze of
    the new ones. Begin, end and strides may be computed (taken as tensors); the masks say which entries they
    name, so the axes are known at conversion."""
    x = inputs[0]
    begin = _Elements(cx, inputs[1], "begin")
    end = _Elements(cx, inputs[2], "end")
    strides = _Elements(cx, inputs[3], "strides")
    if not len(begin) == len(end) == len(strides):
        raise ConversionError(f"its begin, end and strides have {len(begin)}, {len(end)} and {len(strides)} "
                              "elements: TensorFlow takes one each")  # fmt: skip
    rank = need_rank(x)
    masks = {key: attr(node, key, 0) for key in ("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask",
                                                 "shrink_axis_mask")}  # fmt: skip

    def has(mask: str, index: int) -> bool:
        return bool((masks[mask] >> index) & 1)

    # The spec's entries over the input's dims: an ellipsis covers the dims the other entries leave.
    explicit = sum(1 for i in range(len(begin)) if not has("new_axis_mask", i) and not has("ellipsis_mask", i))
    starts: List[Part] = []
    ends: List[Part] = []
    steps: List[Part] = []
    axes: List[int] = []
    shrunk: List[int] = []  # input dims taken at one index, then squeezed
    inserted: List[int] = []  # positions of new axes in the output
    dim = 0
    position = 0  # in the output
    for i in range(len(begin)):
        if has("ellipsis_mask", i):
            dim += rank - explicit
            position += rank - explicit
        elif has("new_axis_mask", i):
            inserted.append(position)
            position += 1
        elif has("shrink_axis_mask", i):
            first = begin.items[i]
            if first is not None:
                starts.append(first)
                ends.append(first + 1 if first != -1 else INT64_MAX)
            else:  # computed: one past it, or to the end for -1
                taken = begin.tensor(i)
                last = cx.emit("Equal", [taken, cx.ints([-1])])[0]
                after = cx.emit("Add", [taken, cx.ints([1])])[0]
                starts.append(taken)
                ends.append(cx.emit("Where", [last, cx.ints([INT64_MAX]), after])[0])
            steps.append(1)
            axes.append(dim)
            shrunk.append(dim)
            dim += 1
        else:
            stride = strides.items[i]
            if stride == 0:
                raise ConversionError("a stride of 0")
            step: Part = stride if stride is not None else strides.tensor(i)
            known_start, known_stop = begin.items[i], end.items[i]
            start: Part = known_start if known_start is not None else begin.tensor(i)
            stop: Part = known_stop if known_stop is not None else end.tensor(i)
            if has("begin_mask", i):
                start = (0 if stride > 0 else INT64_MAX) if stride is not None else _by_sign(cx, step, 0, INT64_MAX)
            if has("end_mask", i):
                stop = (INT64_MAX if stride > 0 else INT64_MIN) if stride is not None else _by_sign(
                    cx, step, INT64_MAX, INT64_MIN)  # fmt: skip
            starts.append(start)
            ends.append(stop)
            steps.append(step)
            axes.append(dim)
            dim += 1
            position += 1
    data = cx.tf(x)
    out = data
    if axes:
        out = cx.emit("Slice", [data, _joined(cx, starts), _joined(cx, ends), cx.ints(axes), _joined(cx, steps)])[0]
    shape: Shape = None
    if x.shape is not None:
        shape = list(x.shape)
        for lower, upper, jump, axis in zip(starts, ends, steps, axes):
            size = shape[axis]
            if axis in shrunk:
                shape[axis] = 1
            elif size is not None and isinstance(lower, int) and isinstance(upper, int) and isinstance(jump, int):
                shape[axis] = len(range(size)[lower:upper:jump])
            else:
                shape[axis] = None
    partial = None
    if x.partial is not None and rank == 1 and axes == [0]:
        lower, upper, jump = starts[0], ends[0], steps[0]
        if isinstance(lower, int) and isinstance(upper, int) and isinstance(jump, int):
            partial = x.partial[lower:upper:jump]
    if shrunk:
        out = cx.emit("Squeeze", [out, cx.ints(shrunk)])[0]
        shape = None if shape is None else [size for axis, size in enumerate(shape) if axis not in shrunk]
    if inserted:
        out = unsqueeze(cx, out, inserted)
        if shape is not None:
            for at in inserted:
                shape.insert(at, 1)
    if out == data:
        out = cx.emit("Identity", [data])[0]
    result = cx.result(0, x.dtype, shape, onnx=out)
    if partial is not None:
        result.partial = partial
        settle(result)
    return [result]


def _by_sign(cx: Converter, step: Part, positive: int, negative: int) -> str:
    """*positive* where a computed step is above 0, else *negative*, as a 1-element tensor."""
    above = cx.emit("Greater", [_piece(cx, step), cx.ints([0])])[0]
    return cx.emit("Where", [above, cx.ints([positive]), cx.ints([negative])])[0]


def slice_of(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    x, begin_value, size_value = inputs[0], inputs[1], inputs[2]
    if begin_value.ints() is None or size_value.ints() is None:
        return [_slice_computed(cx, x, begin_value, size_value)]
    begin = need_ints(begin_value, "begin")
    size = need_ints(size_value, "size")
    if len(begin) != len(size) or (x.rank is not None and len(begin) != x.rank):
        raise ConversionError(f"its begin {begin} and size {size} are not one entry for each of its input's "
                              f"{x.rank} axes")  # fmt: skip
    if any(start < 0 or length < -1 for start, length in zip(begin, size)):
        raise ConversionError(f"its begin {begin} or size {size} is negative (a size of -1 alone means the rest)")
    if x.shape is not None and any(dim is not None and (start > dim or (length != -1 and start + length > dim))
                                   for dim, start, length in zip(x.shape, begin, size)):  # fmt: skip
        raise ConversionError(f"its begin {begin} and size {size} reach past its input's shape {x.shape}")
    ends = [INT64_MAX if length == -1 else start + length for start, length in zip(begin, size)]
    shape: Shape = None
    if x.shape is not None:
        shape = [(dim - start if dim is not None else None) if length == -1 else length
                 for dim, start, length in zip(x.shape, begin, size)]  # fmt: skip
    out = cx.emit("Slice", [cx.tf(x), cx.ints(begin), cx.ints(ends), cx.ints(list(range(len(begin))))])[0]
    result = cx.result(0, x.dtype, shape, onnx=out)
    if x.partial is not None and len(begin) == 1:
        result.partial = x.partial[begin[0] : ends[0] if ends[0] != INT64_MAX else None]
        settle(result)
    return [result]


def pad(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """Pad, PadV2 (its constant) and MirrorPad: ONNX's Pad of the paddings [[before, after], ...] read down the
    columns; computed paddings are transposed and flattened in the model. MirrorPad's SYMMETRIC mode (the edge
    repeated), which ONNX has no mode for, is a Concat of each axis's ends reversed."""
    x, paddings_value = inputs[0], inputs[1]
    rank = need_rank(x)
    if paddings_value.dtype not in INTEGER_TYPES or paddings_value.rank not in (None, 2):
        raise ConversionError(f"its paddings {paddings_value.tf_name!r} are {paddings_value.dtype} of rank "
                              f"{paddings_value.rank}: TensorFlow takes an integer matrix")  # fmt: skip
    flat = paddings_value.ints()
    if flat is not None and len(flat) != 2 * rank:
        raise ConversionError(f"its paddings {flat} are not two for each of its input's {rank} axes")
    mode = "constant"
    if node["op"] == "MirrorPad":
        mirror = text_attr(node, "mode", "REFLECT")
        if mirror == "SYMMETRIC":
            return [_symmetric(cx, x, paddings_value, rank)]
        if mirror != "REFLECT":
            raise ConversionError(f"its MirrorPad mode {mirror!r} is not REFLECT or SYMMETRIC")
        mode = "reflect"
    extra = [cx.tf(inputs[2])] if node["op"] == "PadV2" else []
    if flat is None:
        pads = cx.emit("Reshape", [cx.emit("Transpose", [as_int64(cx, paddings_value)], perm=[1, 0])[0],
                                   cx.ints([-1])])[0]  # fmt: skip
        unknown: Shape = None if x.shape is None else [None] * rank
        return [cx.result(0, x.dtype, unknown, onnx=cx.emit("Pad", [cx.tf(x), pads, *extra], mode=mode)[0])]
    pairs = [flat[2 * i : 2 * i + 2] for i in range(rank)]
    shape: Shape = None
    if x.shape is not None:
        shape = [None if d is None else d + a + b for d, (a, b) in zip(x.shape, pairs)]
    if main_nchw(x) and rank == 4:
        order = TO_NCHW
        nchw_pads = [pairs[axis][0] for axis in order] + [pairs[axis][1] for axis in order]
        out = cx.emit("Pad", [cx.nchw(x), cx.ints(nchw_pads), *extra], mode=mode)[0]
        return [cx.result(0, x.dtype, shape, nchw=out)]
    flat_pads = [pair[0] for pair in pairs] + [pair[1] for pair in pairs]
    return [cx.result(0, x.dtype, shape, onnx=cx.emit("Pad", [cx.tf(x), cx.ints(flat_pads), *extra], mode=mode)[0])]


def _symmetric(cx: Converter, x: Value, paddings: Value, rank: int) -> Value:
    """MirrorPad SYMMETRIC: along each axis, its first *before* elements reversed before it and its last *after*
    elements reversed after it (a count of 0 takes none: the Slices are empty)."""
    flat = paddings.ints()
    data = cx.tf(x)
    table = None if flat is not None else as_int64(cx, paddings)
    shape = None if x.shape is None else list(x.shape)
    for axis in range(rank):
        if flat is not None:
            before, after = flat[2 * axis], flat[2 * axis + 1]
            if before == after == 0:
                continue
            if shape is not None and shape[axis] is not None:
                size = shape[axis]
                if size is not None and (before > size or after > size):
                    raise ConversionError(f"its paddings {flat} are more than axis {axis}'s {size} elements hold")
                shape[axis] = None if size is None else size + before + after
            first, last = cx.ints([before]), cx.ints([after])
        else:
            assert table is not None
            row = cx.emit("Gather", [table, cx.ints([axis])], axis=0)[0]  # [[before, after]]
            first = cx.emit("Reshape", [cx.emit("Slice", [row, cx.ints([0]), cx.ints([1]), cx.ints([1])])[0],
                                        cx.ints([1])])[0]  # fmt: skip
            last = cx.emit("Reshape", [cx.emit("Slice", [row, cx.ints([1]), cx.ints([2]), cx.ints([1])])[0],
                                       cx.ints([1])])[0]  # fmt: skip
            if shape is not None:
                shape[axis] = None
        where = cx.ints([axis])
        size_now = cx.emit("Gather", [cx.emit("Shape", [data])[0], where], axis=0)[0]
        head = cx.emit("Slice", [data, cx.ints([0]), first, where])[0]
        tail = cx.emit("Slice", [data, cx.emit("Sub", [size_now, last])[0], cx.ints([INT64_MAX]), where])[0]
        backwards = [cx.ints([-1]), cx.ints([INT64_MIN]), where, cx.ints([-1])]
        head = cx.emit("Slice", [head, *backwards])[0]
        tail = cx.emit("Slice", [tail, *backwards])[0]
        data = cx.emit("Concat", [head, data, tail], axis=axis)[0]
    if data == cx.tf(x):
        data = cx.emit("Identity", [data])[0]
    return cx.result(0, x.dtype, shape, onnx=data)
