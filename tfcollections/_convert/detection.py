# SPDX-License-Identifier: Apache-2.0
"""The op table's rules for boxes and sequences: NonMaxSuppression (V1 to V5), CombinedNonMaxSuppression,
CropAndResize and CTCGreedyDecoder.

Strategy: ONNX's NonMaxSuppression chooses the boxes (one batch and class, or many); what TensorFlow adds around it
(indices of one box list, padding, the best of every class) is Gather, Pad, TopK and ScatterND. CropAndResize
and the CTC decoder are TensorFlow's kernels written as gathers at the places they compute.
"""

from __future__ import annotations

from .._errors import ConversionError
from .nodeparts import (
    as_int64,
    attr,
    need_ints,
    need_rank,
    text_attr,
    unsqueeze,
)
from .values import shape_text, tensor_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import List, Optional, Tuple

    from .._typing import Decoded
    from .converter import Converter
    from .values import Shape, Value

    Outputs = List[Optional[Value]]


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


def combined_nms(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """CombinedNonMaxSuppression of boxes shared by the classes (q = 1): ONNX's NonMaxSuppression per batch and
    class, each chosen box's score put in a [batch, classes * boxes] grid (the rest -inf), then the best
    max_total_size of each batch (TopK), their boxes, scores and classes, zeros past the valid count; boxes clipped
    to [0, 1] with clip_boxes."""
    boxes, scores = inputs[0], inputs[1]
    if need_rank(boxes, "boxes") != 4 or need_rank(scores, "scores") != 3:
        raise ConversionError(f"its boxes and scores have ranks {boxes.rank} and {scores.rank}: TensorFlow takes "
                              "[batch, boxes, q, 4] and [batch, boxes, classes]")  # fmt: skip
    if boxes.dtype != "DT_FLOAT" or scores.dtype != "DT_FLOAT":
        raise ConversionError(f"its boxes and scores are {boxes.dtype} and {scores.dtype}: TensorFlow takes float32")
    if boxes.shape is None or boxes.shape[2] != 1 or scores.shape is None or None in scores.shape[1:]:
        raise ConversionError(f"its boxes have shape {boxes.shape}: boxes shared by every class (q = 1) and known "
                              "counts of boxes and classes are converted")  # fmt: skip
    count, classes = int(scores.shape[1] or 0), int(scores.shape[2] or 0)
    per_class = need_ints(inputs[2], "max_output_size_per_class")[0]
    total = need_ints(inputs[3], "max_total_size")[0]
    size = min(total, per_class * classes) if attr(node, "pad_per_class", False) else total
    kept = min(size, count * classes)

    op = cx.op

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
    # TensorFlow's shape function: boxes [n, 4], box_ind [n], crop_size a vector of 2.
    counts = {value.shape[0] for value in (boxes, box_index) if value.shape and value.shape[0] is not None}
    if (
        boxes.shape is None or boxes.shape[1] not in (None, 4) or box_index.rank not in (None, 1)
        or crop_size.rank not in (None, 1) or (crop_size.shape and crop_size.shape[0] not in (None, 2))
        or len(counts) > 1
    ):  # fmt: skip
        raise ConversionError(
            f"its boxes {shape_text(boxes.shape)}, box_ind {shape_text(box_index.shape)} and "
            f"crop_size {shape_text(crop_size.shape)} are not [boxes, 4], [boxes] and [2]"
        )
    method = text_attr(node, "method", "bilinear")
    if method not in ("bilinear", "nearest"):
        raise ConversionError(f"its method {method!r} is not bilinear or nearest")
    extrapolation = float(attr(node, "extrapolation_value", 0.0))

    op = cx.op

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

    op = cx.op

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
