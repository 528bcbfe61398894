# SPDX-License-Identifier: Apache-2.0
"""The op table's rules for random numbers.

Strategy: TensorFlow's random ops become ONNX's (RandomUniform, RandomNormal, Multinomial), of a shape given as an
attribute when the graph gives it, else drawn like a tensor of that shape (``RandomUniformLike`` of a
``ConstantOfShape``). The distribution is TensorFlow's; the numbers are not: onnxruntime has a generator of its own.
A seed the graph sets (``seed`` or ``seed2``) becomes the ONNX op's seed: each new session draws the same sequence,
as a new TensorFlow session of the seeded op does; without one, each session draws another. A random crop
(SampleDistortedBoundingBox) is the kernel's rejection sampling with every attempt drawn at once.
"""

from __future__ import annotations

from .._errors import ConversionError
from .._tensor import Tensor
from .nodeparts import INTEGER_TYPES, as_int64, attr, need_dims, onnx_type
from .shapes import from_dims
from .values import scalar_tensor

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Dict, List, Optional

    from .._typing import Decoded
    from .converter import Converter
    from .values import Value

    Outputs = List[Optional[Value]]

_DRAWN_TYPES = ("DT_FLOAT", "DT_DOUBLE", "DT_HALF", "DT_BFLOAT16")


def _seed(node: Decoded) -> Dict[str, Any]:
    """The ONNX seed of a seeded TensorFlow op (its two seeds joined), else none."""
    seed, seed2 = attr(node, "seed", 0) or 0, attr(node, "seed2", 0) or 0
    if not isinstance(seed, int) or not isinstance(seed2, int) or not (seed or seed2):
        return {}
    return {"seed": float((seed * 1000003 + seed2) % (1 << 24))}


def _drawn(cx: Converter, shape_value: Value, onnx_op: str, dtype: str, **attrs: Any) -> str:
    """A tensor of *shape_value*'s shape drawn by *onnx_op* (RandomUniform, RandomNormal) in float or double."""
    need_dims(shape_value, "shape")
    dims = shape_value.ints()
    attrs.update(dtype=onnx_type(dtype))
    if dims is not None:
        return cx.emit(onnx_op, [], shape=dims, **attrs)[0]
    like = cx.emit("ConstantOfShape", [as_int64(cx, shape_value)],
                   value=Tensor("DT_FLOAT", (1,), scalar_tensor(0, "DT_FLOAT").tobytes()))[0]  # fmt: skip
    return cx.emit(onnx_op + "Like", [like], **attrs)[0]


def random(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """RandomUniform ([0, 1)) and RandomStandardNormal (mean 0, deviation 1) of a dtype; half and bfloat16 drawn as
    float and cast."""
    shape_value = inputs[0]
    dtype = attr(node, "dtype", "DT_FLOAT")
    if dtype not in _DRAWN_TYPES:
        raise ConversionError(f"its dtype {dtype!r} is not a float type TensorFlow draws")
    drawn = dtype if dtype in ("DT_FLOAT", "DT_DOUBLE") else "DT_FLOAT"
    if node["op"] == "RandomUniform":
        out = _drawn(cx, shape_value, "RandomUniform", drawn, low=0.0, high=1.0, **_seed(node))
    else:
        out = _drawn(cx, shape_value, "RandomNormal", drawn, mean=0.0, scale=1.0, **_seed(node))
    if drawn != dtype:
        out = cx.emit("Cast", [out], to=onnx_type(dtype))[0]
    return [cx.result(0, dtype, from_dims(shape_value), onnx=out)]


def random_int(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """RandomUniformInt: ``minval + floor(u * (maxval - minval))`` of a uniform double u in [0, 1), exact for the
    ranges of int32 and of int64 up to 2 ** 53."""
    shape_value, low, high = inputs[0], inputs[1], inputs[2]
    dtype = attr(node, "Tout", low.dtype)
    if dtype not in INTEGER_TYPES or low.dtype != dtype or high.dtype != dtype:
        raise ConversionError(f"its bounds are {low.dtype} and {high.dtype}, its Tout {dtype!r}: TensorFlow takes "
                              "int32 or int64 alike")  # fmt: skip
    for bound in (low, high):
        if bound.rank not in (None, 0):
            raise ConversionError(f"its bound {bound.tf_name!r} has rank {bound.rank}: TensorFlow takes scalars")
    known = low.ints(), high.ints()
    if known[0] is not None and known[1] is not None and not known[0][0] < known[1][0]:
        raise ConversionError(f"its minval {known[0][0]} is not below its maxval {known[1][0]}, as TensorFlow requires")
    unit = _drawn(cx, shape_value, "RandomUniform", "DT_DOUBLE", low=0.0, high=1.0, **_seed(node))
    start = cx.emit("Cast", [cx.tf(low)], to=11)[0]
    width = cx.emit("Sub", [cx.emit("Cast", [cx.tf(high)], to=11)[0], start])[0]
    drawn = cx.emit("Add", [cx.emit("Floor", [cx.emit("Mul", [unit, width])[0]])[0], start])[0]
    out = cx.emit("Cast", [drawn], to=onnx_type(dtype))[0]
    return [cx.result(0, dtype, from_dims(shape_value), onnx=out)]


def multinomial(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """Multinomial: ONNX's, of logits [batch, classes] (float), the count of samples a constant."""
    logits, samples = inputs[0], inputs[1]
    if logits.dtype not in _DRAWN_TYPES or logits.rank not in (None, 2):
        raise ConversionError(f"its logits are {logits.dtype} of rank {logits.rank}: TensorFlow takes a matrix of "
                              "floats")  # fmt: skip
    (count,) = _constant_count(samples)
    dtype = attr(node, "output_dtype", "DT_INT64")
    if dtype not in INTEGER_TYPES:
        raise ConversionError(f"its output_dtype {dtype!r} is not int32 or int64")
    data = cx.tf(logits)
    if logits.dtype != "DT_FLOAT":
        data = cx.emit("Cast", [data], to=1)[0]
    out = cx.emit("Multinomial", [data], sample_size=count, dtype=onnx_type(dtype), **_seed(node))[0]
    rows = None if logits.shape is None else logits.shape[0]
    return [cx.result(0, dtype, [rows, count], onnx=out)]


def _constant_count(samples: Value) -> List[int]:
    found = samples.ints()
    if found is None or len(found) != 1 or found[0] < 0:
        raise ConversionError(f"its num_samples ({samples.tf_name!r}) must be a count the graph gives (ONNX's "
                              "Multinomial takes it as an attribute): it is computed")  # fmt: skip
    return found


def random_shuffle(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """RandomShuffle: the rows (first axis) in an order drawn at random: a uniform number for each row, sorted
    (TopK), its order gathered."""
    x = inputs[0]
    if x.rank == 0:
        return [cx.result(0, x.dtype, x.shape, onnx=cx.emit("Identity", [cx.tf(x)])[0])]
    data = cx.tf(x)
    rows = cx.emit("Gather", [cx.emit("Shape", [data])[0], cx.ints([0])], axis=0)[0]
    like = cx.emit("ConstantOfShape", [rows], value=Tensor("DT_FLOAT", (1,), scalar_tensor(0, "DT_FLOAT").tobytes()))[0]
    keys = cx.emit("RandomUniformLike", [like], dtype=1, **_seed(node))[0]
    _, order = cx.emit("TopK", [keys, rows], 2, axis=0, largest=1, sorted=1)
    return [cx.result(0, x.dtype, x.shape, onnx=cx.emit("Gather", [data, order], axis=0)[0])]


# ------------------------------------------------------------ a random crop (SampleDistortedBoundingBox)

_CROP_SIZE_TYPES = ("DT_INT8", "DT_INT16", "DT_INT32", "DT_INT64", "DT_UINT8", "DT_UINT16", "DT_UINT32", "DT_UINT64")
_WIDTH_EPSILON = 1.0000000116860974e-07  # float(0.0000001), as the kernel's kEps is promoted to double


def sample_distorted_bounding_box(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """SampleDistortedBoundingBox(V2): the kernel's rejection sampling with its *max_attempts* attempts drawn at
    once. Each attempt draws an aspect ratio, a height, and an offset (four uniform numbers of its own), rounds as
    the kernel does (``lrintf``: half to even, float arithmetic), and is kept when the crop's area is in range and
    it covers enough of one box; the first attempt kept is the crop, as the kernel stops at it; none kept, the
    whole image. The attempts being independent, drawing them all changes nothing of the distribution."""
    size, boxes = inputs[0], inputs[1]
    dtype = size.dtype
    if dtype not in _CROP_SIZE_TYPES or size.shape not in (None, [None], [3]):
        raise ConversionError(f"its image_size {size.tf_name!r} is {dtype} of shape {size.shape}: TensorFlow takes "
                              "[height, width, channels] of an integer type")  # fmt: skip
    if boxes.dtype != "DT_FLOAT" or boxes.rank not in (None, 3) or (boxes.shape and boxes.shape[-1] not in (None, 4)):
        raise ConversionError(f"its bounding_boxes {boxes.tf_name!r} are {boxes.dtype} of shape {boxes.shape}: "
                              "TensorFlow takes float boxes [batch, boxes, 4]")  # fmt: skip
    attempts, areas, ratios = (
        attr(node, "max_attempts", 100),
        attr(node, "area_range"),
        attr(node, "aspect_ratio_range"),
    )
    _check_crop_attrs(attempts, areas, ratios)
    if node["op"] == "SampleDistortedBoundingBox":
        covered_needed = cx.scalar(_float_attr(attr(node, "min_object_covered", 0.1), "min_object_covered"), "DT_FLOAT")
    elif inputs[2].dtype != "DT_FLOAT" or inputs[2].rank not in (None, 0):
        raise ConversionError(f"its min_object_covered {inputs[2].tf_name!r} is {inputs[2].dtype} of rank "
                              f"{inputs[2].rank}: TensorFlow takes a float scalar")  # fmt: skip
    else:
        covered_needed = cx.tf(inputs[2])
    op = cx.op
    dims = op("Cast", cx.tf(size), to=7)
    height, width = op("Gather", dims, cx.ints([0])), op("Gather", dims, cx.ints([1]))
    image = op("Concat", cx.ints([0, 0]), height, width, axis=0)  # min_y, min_x, max_y, max_x
    if areas[0] > areas[1]:  # the kernel's every attempt fails: the whole image
        crop = op("Unsqueeze", image, cx.ints([0]))
    else:
        rect = _attempts(cx, node, attempts, areas, ratios, height, width)
        kept = op("And", rect.pop(), _covers(cx, rect, boxes, cx.tf(boxes), covered_needed, height, width))
        chosen = op("Gather", op("Concat", *[op("Unsqueeze", side, cx.ints([1])) for side in rect], axis=1),
                    op("ArgMax", op("Cast", kept, to=6), axis=0, keepdims=1), axis=0)  # fmt: skip
        any_kept = op("Greater", op("ReduceMax", op("Cast", kept, to=6), keepdims=1), cx.scalar(0, "DT_INT32"))
        crop = op("Where", any_kept, chosen, op("Unsqueeze", image, cx.ints([0])))
    corner, far = op("Gather", crop, cx.ints([0, 1]), axis=1), op("Gather", crop, cx.ints([2, 3]), axis=1)
    begin = op("Concat", op("Squeeze", corner, cx.ints([0])), cx.ints([0]), axis=0)
    extent = op("Concat", op("Squeeze", op("Sub", far, corner), cx.ints([0])), cx.ints([-1]), axis=0)
    scale = op("Cast", op("Concat", height, width, height, width, axis=0), to=1)
    fractions = op("Reshape", op("Div", op("Cast", crop, to=1), scale), cx.ints([1, 1, 4]))
    out_type = onnx_type(dtype)
    return [
        cx.result(0, dtype, [3], onnx=op("Cast", begin, to=out_type)),
        cx.result(1, dtype, [3], onnx=op("Cast", extent, to=out_type)),
        cx.result(2, "DT_FLOAT", [1, 1, 4], onnx=fractions),
    ]


def _float_attr(value: Any, what: str) -> float:
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise ConversionError(f"its {what} is {value!r}: TensorFlow takes a float")
    return float(value)


def _check_crop_attrs(attempts: Any, areas: Any, ratios: Any) -> None:
    """The checks the kernel makes of its attrs when it is built (a graph failing them never runs)."""
    if not isinstance(attempts, int) or isinstance(attempts, bool) or not 0 < attempts <= 1 << 16:
        raise ConversionError(f"its max_attempts is {attempts!r}: TensorFlow takes a positive count (here, at most "
                              "65,536, each attempt drawn at once)")  # fmt: skip
    for name, pair, top in (("area_range", areas, 1.0), ("aspect_ratio_range", ratios, None)):
        if not isinstance(pair, list) or len(pair) != 2:
            raise ConversionError(f"its {name} is {pair!r}: TensorFlow takes two floats")
        for bound in pair:
            value = _float_attr(bound, name)
            if not value > 0 or (top is not None and value > top):
                raise ConversionError(f"its {name} is {pair!r}: TensorFlow takes floats above 0"
                                      + (" and at most 1" if top is not None else ""))  # fmt: skip


def _attempts(cx: Converter, node: Decoded, attempts: int, areas: List[float], ratios: List[float], height: str,
              width: str) -> List[str]:  # fmt: skip
    """Every attempt's crop as [attempts] vectors min_y, min_x, max_y, max_x, then whether GenerateRandomCrop made
    it (area in range, inside the image, not empty)."""
    op = cx.op
    drawn = op("RandomUniform", dtype=11, high=1.0, low=0.0, shape=[4, attempts], **_seed(node))
    ratio_draw, height_draw, y_draw, x_draw = (op("Gather", drawn, cx.scalar(row, "DT_INT64"), axis=0)
                                               for row in range(4))  # fmt: skip

    def f32(name: str) -> str:
        return op("Cast", name, to=1)

    def f64(name: str) -> str:
        return op("Cast", name, to=11)

    def lrint(name: str) -> str:  # lrintf: to the nearest, ties to even (ONNX's Round), as int64
        return op("Cast", op("Round", name), to=7)

    def draw(uniform: str, count: str) -> str:  # SimplePhilox's Uniform(count): an integer in [0, count)
        return op("Cast", op("Floor", op("Mul", uniform, f64(count))), to=7)

    width_f = f32(width)
    ratio = op("Add", op("Mul", f32(ratio_draw), cx.scalar(ratios[1] - ratios[0], "DT_FLOAT")),
               cx.scalar(ratios[0], "DT_FLOAT"))  # fmt: skip
    # The kernel's min_area is (area_range[0] * width) * height in float.
    least = op("Mul", op("Mul", cx.scalar(areas[0], "DT_FLOAT"), width_f), f32(height))
    most = op("Mul", op("Mul", cx.scalar(areas[1], "DT_FLOAT"), width_f), f32(height))
    low = lrint(op("Sqrt", op("Div", least, ratio)))
    high = lrint(op("Sqrt", op("Div", most, ratio)))

    def too_wide(rows: str) -> str:
        return op("Greater", lrint(op("Mul", f32(rows), ratio)), width)

    # A max_height whose width would pass the image's: the largest whose width does not.
    bound = op("Sub", op("Add", f64(width), cx.scalar(0.5, "DT_DOUBLE")), cx.scalar(_WIDTH_EPSILON, "DT_DOUBLE"))
    fitting = op("Cast", op("Floor", op("Div", bound, f64(ratio))), to=7)
    fitting = op("Sub", fitting, op("Cast", too_wide(fitting), to=7))
    high = op("Min", op("Where", too_wide(high), fitting, high), height)
    rows = op("Min", low, high)
    rows = op("Add", rows, draw(height_draw, op("Add", op("Sub", high, rows), cx.scalar(1, "DT_INT64"))))
    columns = lrint(op("Mul", f32(rows), ratio))
    area = f32(op("Mul", columns, rows))
    for compare, step in (("Less", "Add"), ("Greater", "Sub")):  # one row more if too small, then fewer if too large
        fix = op(compare, area, least if compare == "Less" else most)
        rows = op(step, rows, op("Cast", fix, to=7))
        columns = lrint(op("Mul", f32(rows), ratio))
        area = op("Where", fix, f32(op("Mul", columns, rows)), area)
    zero = cx.scalar(0, "DT_INT64")
    failed = [op("Less", area, least), op("Greater", area, most), op("Greater", columns, width),
              op("Greater", rows, height), op("LessOrEqual", columns, zero), op("LessOrEqual", rows, zero)]  # fmt: skip
    made = op("Not", failed[0])
    for condition in failed[1:]:
        made = op("And", made, op("Not", condition))
    top = draw(y_draw, op("Max", op("Sub", height, rows), zero))
    left = draw(x_draw, op("Max", op("Sub", width, columns), zero))
    return [top, left, op("Add", top, rows), op("Add", left, columns), made]


def _covers(cx: Converter, crop: List[str], boxes: Value, boxes_name: str, needed: str, height: str, width: str) -> str:
    """Per attempt, whether the crop (min_y, min_x, max_y, max_x vectors) covers at least *needed* of one box
    of at least one pixel (the whole image when no box is given), SatisfiesOverlapConstraints's test."""
    op = cx.op
    flat = op("Reshape", boxes_name, cx.ints([-1, 4]))
    scale = op("Cast", op("Concat", height, width, height, width, axis=0), to=1)
    # static_cast<int32>(coordinate * size): toward zero, coordinates being in [0, 1] as the kernel requires.
    pixels = op("Cast", op("Floor", op("Mul", flat, scale)), to=7)
    count = op("Gather", op("Shape", flat), cx.ints([0]))
    no_box = op("Equal", count, cx.ints([0]))
    image = op("Unsqueeze", op("Concat", cx.ints([0, 0]), height, width, axis=0), cx.ints([0]))
    rects = op("Concat", pixels, image, axis=0)  # [boxes + 1, 4]: the image last, counted only when no box is
    sides = [op("Gather", rects, cx.scalar(index, "DT_INT64"), axis=1) for index in range(4)]
    rect_area = op("Cast", op("Mul", op("Sub", sides[2], sides[0]), op("Sub", sides[3], sides[1])), to=1)
    one = cx.scalar(1.0, "DT_FLOAT")
    counted = op("Concat", op("Not", op("Expand", no_box, count)), no_box, axis=0)
    counted = op("And", counted, op("GreaterOrEqual", rect_area, one))
    zero = cx.scalar(0, "DT_INT64")
    column = [op("Unsqueeze", side, cx.ints([1])) for side in crop]  # [attempts, 1] against [boxes + 1]
    tall = op("Max", op("Sub", op("Min", column[2], sides[2]), op("Max", column[0], sides[0])), zero)
    wide = op("Max", op("Sub", op("Min", column[3], sides[3]), op("Max", column[1], sides[1])), zero)
    share = op("Div", op("Cast", op("Mul", tall, wide), to=1), rect_area)
    enough = op("And", op("GreaterOrEqual", share, needed), counted)
    crop_area = op("Cast", op("Mul", op("Sub", crop[2], crop[0]), op("Sub", crop[3], crop[1])), to=1)
    # Any box: the greatest of its 0s and 1s along the boxes (ReduceMax takes its axes as an input from opset 18).
    found = op("Cast", enough, to=6)
    found = (
        op("ReduceMax", found, cx.ints([1]), keepdims=0)
        if cx.opset >= 18
        else op("ReduceMax", found, axes=[1], keepdims=0)
    )
    any_box = op("Greater", found, cx.scalar(0, "DT_INT32"))
    return op("And", any_box, op("GreaterOrEqual", crop_area, one))
