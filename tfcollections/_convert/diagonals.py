# SPDX-License-Identifier: Apache-2.0
"""The op table's rules for a matrix's diagonals: MatrixDiag, MatrixDiagPart and MatrixSetDiag (V1 to V3).

Strategy: with the matrix's rows and columns and the diagonals ``k`` known, where each element comes from is fixed,
so it is worked out here, as TensorFlow's kernel defines it (tensorflow/core/kernels/linalg/matrix_diag_op.cc:
diagonal ``d`` runs through ``(n + max(0, -d), n + max(0, d))``, a short one aligned left or right by ``align``).
The model holds that map as one constant and does one Gather: of the matrices flattened (MatrixDiagPart), of the
diagonals flattened (MatrixDiag), of both side by side (MatrixSetDiag); a padding value is one more column of the
source, added by a Pad. The batch dims before the matrices may be unknown.
"""

from __future__ import annotations

from .._errors import ConversionError
from .nodeparts import INTEGER_TYPES, as_int64, check_made, need_ints, need_rank, text_attr, unsqueeze
from .values import tensor_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import List, Optional, Tuple

    from .._typing import Decoded
    from .converter import Converter
    from .values import Shape, Value

    Outputs = List[Optional[Value]]


class _Band:
    """Diagonals ``lower`` to ``upper`` of an ``rows x columns`` matrix, laid out as TensorFlow lays them out."""

    def __init__(self, rows: int, columns: int, lower: int, upper: int, align: str) -> None:
        if lower > upper:
            raise ConversionError(f"its k [{lower}, {upper}] has its lower diagonal above its upper one")
        if not (-rows < lower <= upper < columns) and rows and columns:
            raise ConversionError(f"its k [{lower}, {upper}] names diagonals a {rows}x{columns} matrix does not have")
        self.rows, self.columns, self.lower, self.upper = rows, columns, lower, upper
        self.count = upper - lower + 1
        check_made(rows * columns + self.count * max(rows, columns), "a map of a matrix's diagonals")
        self.length = max(0, min(rows + min(upper, 0), columns - max(lower, 0)))
        self.super_left = align in ("LEFT_LEFT", "LEFT_RIGHT")
        self.sub_left = align in ("LEFT_LEFT", "RIGHT_LEFT")

    def offset(self, diagonal: int) -> Tuple[int, int]:
        """Diagonal *diagonal*'s length and where its elements start in its row of the band."""
        length = min(self.rows + min(0, diagonal), self.columns - max(0, diagonal))
        left = (diagonal >= 0 and self.super_left) or (diagonal <= 0 and self.sub_left)
        return length, 0 if left else self.length - length

    def part(self) -> List[int]:
        """Each element of the band (row by row, diagonal ``upper`` first): its flat place in the matrix, or
        ``rows * columns`` (the padding) where the diagonal is shorter than the band."""
        padding = self.rows * self.columns
        out: List[int] = []
        for row in range(self.count):
            diagonal = self.upper - row
            length, start = self.offset(diagonal)
            places = [padding] * self.length
            for n in range(length):
                places[start + n] = (n + max(0, -diagonal)) * self.columns + n + max(0, diagonal)
            out.extend(places)
        return out

    def matrix(self, base: int, outside: Optional[int]) -> List[int]:
        """Each element of the matrix (row-major): its place in the band flattened (plus *base*), or off the band
        *outside* (the padding's place), or with None the matrix's own element."""
        out: List[int] = []
        for i in range(self.rows):
            for j in range(self.columns):
                diagonal = j - i
                if self.lower <= diagonal <= self.upper:
                    _, start = self.offset(diagonal)
                    out.append(base + (self.upper - diagonal) * self.length + j - max(diagonal, 0) + start)
                else:
                    out.append(outside if outside is not None else i * self.columns + j)
        return out


def _k(node: Decoded, value: Optional[Value]) -> Tuple[int, int]:
    if value is None:
        return 0, 0
    if value.dtype not in INTEGER_TYPES:
        raise ConversionError(f"its k {value.tf_name!r} is {value.dtype}: TensorFlow takes int32")
    found = need_ints(value, "k")
    if len(found) not in (1, 2):
        raise ConversionError(f"its k {found} is not one or two diagonals")
    return found[0], found[-1]


def _align(node: Decoded) -> str:
    if node["op"].endswith("V3"):
        align = text_attr(node, "align", "RIGHT_LEFT")
        if align not in ("LEFT_LEFT", "LEFT_RIGHT", "RIGHT_LEFT", "RIGHT_RIGHT"):
            raise ConversionError(f"its align {align!r} is not one TensorFlow has")
        return align
    return "LEFT_LEFT"  # V1 and V2 align every diagonal left


def _flat(cx: Converter, value: Value, size: int) -> str:
    """*value* as a batch of its last dims flattened, *size* elements each: [batch, size]."""
    return cx.emit("Reshape", [cx.tf(value), cx.ints([-1, size])])[0]


def _padded(cx: Converter, flat: str, padding: Optional[Value]) -> str:
    """One more column of the padding value (0 without one) after *flat*'s last."""
    extra = [cx.tf(padding)] if padding is not None else []
    return cx.emit("Pad", [flat, cx.ints([0, 0, 0, 1]), *extra], mode="constant")[0]


def _reshaped(cx: Converter, out: str, source: Value, kept: int, dims: List[int]) -> str:
    """*out* given *source*'s leading dims (all but its last *kept*) and then *dims*."""
    leading = cx.emit("Slice", [cx.emit("Shape", [cx.tf(source)])[0], cx.ints([0]), cx.ints([-kept])])[0]
    return cx.emit("Reshape", [out, cx.emit("Concat", [leading, cx.ints(dims)], axis=0)[0]])[0]


def _known_matrix(value: Value) -> Tuple[int, int]:
    """The rows and columns of a matrix whose last two dims are known (``_matrix_known``)."""
    shape = value.shape or [0, 0]
    return int(shape[-2] or 0), int(shape[-1] or 0)


def diag_part(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """MatrixDiagPart(V2, V3): the band of diagonals k of each matrix, a short diagonal padded."""
    x = inputs[0]
    k = inputs[1] if len(inputs) > 1 else None
    if (k is not None and k.ints() is None) or not _matrix_known(x):
        return [_diag_part_computed(cx, node, x, k, inputs[2] if len(inputs) > 2 else None)]
    rows, columns = _known_matrix(x)
    lower, upper = _k(node, k)
    band = _Band(rows, columns, lower, upper, _align(node))
    source = _padded(cx, _flat(cx, x, rows * columns), inputs[2] if len(inputs) > 2 else None)
    dims = [band.count, band.length] if band.count > 1 else [band.length]
    places = cx.initializer(tensor_of("DT_INT64", tuple(dims), band.part()), cx.fresh("places"))
    out = _reshaped(cx, cx.emit("Gather", [source, places], axis=1)[0], x, 2, dims)
    shape: Shape = None if x.shape is None else [*x.shape[:-2], *dims]
    return [cx.result(0, x.dtype, shape, onnx=out)]


def diag(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """MatrixDiag(V2, V3): matrices of the given diagonals, padding elsewhere; its rows and columns as TensorFlow
    infers those not given (a square matrix, or the smallest that holds the band)."""
    diagonal = inputs[0]
    k = inputs[1] if len(inputs) > 1 else None
    sizes = inputs[2:4]
    rank = need_rank(diagonal, "diagonal")
    length = (diagonal.shape or [None])[-1] if rank else None
    if (k is not None and k.ints() is None) or any(size.ints() is None for size in sizes) or length is None:
        return [_diag_computed(cx, node, diagonal, k, sizes, inputs[4] if len(inputs) > 4 else None)]
    lower, upper = _k(node, k)
    count = upper - lower + 1
    if rank < (2 if count > 1 else 1) or length is None:
        raise ConversionError(f"its diagonal has shape {diagonal.shape}: the length of its diagonals must be known")
    if count > 1 and (diagonal.shape or [])[-2] not in (None, count):
        raise ConversionError(f"its diagonal has shape {diagonal.shape}, not the {count} diagonals of its k")
    rows, columns = -1, -1
    if len(inputs) > 3:
        (rows,), (columns,) = need_ints(inputs[2], "num_rows"), need_ints(inputs[3], "num_cols")
    least_rows, least_columns = length - min(upper, 0), length + max(lower, 0)
    if rows == -1 and columns == -1:
        rows = columns = max(least_rows, least_columns)
    rows = least_rows if rows == -1 else rows
    columns = least_columns if columns == -1 else columns
    if rows < least_rows or columns < least_columns or (rows != least_rows and columns != least_columns):
        raise ConversionError(f"its {rows} rows and {columns} columns do not hold diagonals {lower} to {upper} of "
                              f"length {length}, as TensorFlow requires")  # fmt: skip
    band = _Band(rows, columns, lower, upper, _align(node))
    kept = 2 if count > 1 else 1
    source = _padded(cx, _flat(cx, diagonal, count * length), inputs[4] if len(inputs) > 4 else None)
    places = cx.initializer(tensor_of("DT_INT64", (rows * columns,), band.matrix(0, count * length)),
                            cx.fresh("places"))  # fmt: skip
    out = _reshaped(cx, cx.emit("Gather", [source, places], axis=1)[0], diagonal, kept, [rows, columns])
    shape: Shape = None if diagonal.shape is None else [*diagonal.shape[:-kept], rows, columns]
    return [cx.result(0, diagonal.dtype, shape, onnx=out)]


def set_diag(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """MatrixSetDiag(V2, V3): each matrix with the band of diagonals k replaced by the given ones."""
    x, diagonal = inputs[0], inputs[1]
    if diagonal.dtype != x.dtype:
        raise ConversionError(f"its input is {x.dtype} and its diagonal {diagonal.dtype}: TensorFlow takes one type")
    k = inputs[2] if len(inputs) > 2 else None
    if (k is not None and k.ints() is None) or not _matrix_known(x):
        return [_set_diag_computed(cx, node, x, diagonal, k)]
    rows, columns = _known_matrix(x)
    lower, upper = _k(node, k)
    band = _Band(rows, columns, lower, upper, _align(node))
    wanted = [*(x.shape or [])[:-2], *([band.count] if band.count > 1 else []), band.length]
    given = diagonal.shape
    if given is not None and (
        len(given) != len(wanted) or any(a is not None and b is not None and a != b for a, b in zip(given, wanted))
    ):
        raise ConversionError(f"its diagonal has shape {given}, where its input's band of k [{lower}, {upper}] is "
                              f"{wanted}, as TensorFlow requires")  # fmt: skip
    size = rows * columns
    matrices = _flat(cx, x, size)
    diagonals = _flat(cx, diagonal, band.count * band.length)
    source = cx.emit("Concat", [matrices, diagonals], axis=1)[0]
    places = cx.initializer(tensor_of("DT_INT64", (size,), band.matrix(size, None)), cx.fresh("places"))
    out = _reshaped(cx, cx.emit("Gather", [source, places], axis=1)[0], x, 2, [rows, columns])
    return [cx.result(0, x.dtype, x.shape, onnx=out)]


class _Computed:
    """The same map, made in the model when k, the sizes or the shapes are known only when it runs: each quantity of
    ``_Band`` an int64 scalar tensor, each map a grid of Range values."""

    def __init__(self, cx: Converter, k: Optional[Value], align: str) -> None:
        self.cx = cx
        if k is None:
            self.lower = self.upper = cx.scalar(0, "DT_INT64")
        else:
            if k.dtype not in INTEGER_TYPES:
                raise ConversionError(f"its k {k.tf_name!r} is {k.dtype}: TensorFlow takes int32")
            listed = cx.emit("Reshape", [as_int64(cx, k), cx.ints([-1])])[0]
            self.lower = cx.emit("Gather", [listed, cx.scalar(0, "DT_INT64")], axis=0)[0]
            self.upper = cx.emit("Gather", [listed, cx.scalar(-1, "DT_INT64")], axis=0)[0]
        self.count = self.op("Add", self.op("Sub", self.upper, self.lower), self.int(1))
        self.super_left = align in ("LEFT_LEFT", "LEFT_RIGHT")
        self.sub_left = align in ("LEFT_LEFT", "RIGHT_LEFT")

    def op(self, onnx_op: str, *names: str) -> str:
        return self.cx.emit(onnx_op, list(names))[0]

    def int(self, number: int) -> str:
        return self.cx.scalar(number, "DT_INT64")

    def range(self, stop: str) -> str:
        return self.op("Range", self.int(0), stop, self.int(1))

    def longest(self, rows: str, columns: str) -> str:
        """max_diag_len: ``min(rows + min(upper, 0), columns - max(lower, 0))``."""
        return self.op("Min", self.op("Add", rows, self.op("Min", self.upper, self.int(0))),
                       self.op("Sub", columns, self.op("Max", self.lower, self.int(0))))  # fmt: skip

    def offset(self, diagonal: str, rows: str, columns: str, longest: str) -> Tuple[str, str]:
        """Each diagonal's length and where its elements start in its row of the band (grids like *diagonal*)."""
        zero = self.int(0)
        length = self.op("Min", self.op("Add", rows, self.op("Min", zero, diagonal)),
                         self.op("Sub", columns, self.op("Max", zero, diagonal)))  # fmt: skip
        tests = []
        if self.super_left:
            tests.append(self.op("GreaterOrEqual", diagonal, zero))
        if self.sub_left:
            tests.append(self.op("LessOrEqual", diagonal, zero))
        right = self.op("Sub", longest, length)
        if not tests:
            return length, right
        left = tests[0] if len(tests) == 1 else self.op("Or", *tests)
        return length, self.cx.emit("Where", [left, zero, right])[0]

    def part(self, rows: str, columns: str) -> Tuple[str, str]:
        """The band's places in the flattened matrix (``rows * columns`` for the padding): [count, longest]."""
        longest = self.longest(rows, columns)
        diagonal = unsqueeze(self.cx, self.op("Sub", self.upper, self.range(self.count)), [1])  # [count, 1]
        length, start = self.offset(diagonal, rows, columns, longest)
        within = self.op("Sub", unsqueeze(self.cx, self.range(longest), [0]), start)  # [count, longest]
        valid = self.op("And", self.op("GreaterOrEqual", within, self.int(0)), self.op("Less", within, length))
        zero = self.int(0)
        row = self.op("Add", within, self.op("Max", zero, self.op("Neg", diagonal)))
        column = self.op("Add", within, self.op("Max", zero, diagonal))
        flat = self.op("Add", self.op("Mul", row, columns), column)
        return self.cx.emit("Where", [valid, flat, self.op("Mul", rows, columns)])[0], longest

    def matrix(self, rows: str, columns: str, longest: str, base: str, outside: Optional[str]) -> str:
        """Each element of the matrix (flattened): its place in the band (plus *base*), else *outside* or, with
        None, its own place."""
        row = unsqueeze(self.cx, self.range(rows), [1])
        column = unsqueeze(self.cx, self.range(columns), [0])
        diagonal = self.op("Sub", column, row)  # [rows, columns]
        inside = self.op("And", self.op("GreaterOrEqual", diagonal, self.lower),
                         self.op("LessOrEqual", diagonal, self.upper))  # fmt: skip
        _, start = self.offset(diagonal, rows, columns, longest)
        index = self.op("Add", self.op("Sub", column, self.op("Max", diagonal, self.int(0))), start)
        place = self.op(
            "Add", base, self.op("Add", self.op("Mul", self.op("Sub", self.upper, diagonal), longest), index)
        )
        own = outside if outside is not None else self.op("Add", self.op("Mul", row, columns), column)
        flat = self.cx.emit("Where", [inside, place, own])[0]
        return self.cx.emit("Reshape", [flat, self.cx.ints([-1])])[0]

    def band_shape(self, longest: str) -> str:
        """[count, longest], or [longest] for one diagonal."""
        both = self.cx.emit("Concat", [unsqueeze(self.cx, self.count, [0]), unsqueeze(self.cx, longest, [0])], axis=0)[
            0
        ]
        single = self.op("Equal", self.count, self.int(1))
        start = self.cx.emit("Where", [single, self.cx.ints([1]), self.cx.ints([0])])[0]
        return self.op("Slice", both, start, self.cx.ints([2]))


def _dims(cx: Converter, value: Value) -> Tuple[str, str]:
    """The last two dims of *value*, as int64 scalars."""
    shape = cx.emit("Shape", [cx.tf(value)])[0]
    return (cx.emit("Gather", [shape, cx.scalar(-2, "DT_INT64")], axis=0)[0],
            cx.emit("Gather", [shape, cx.scalar(-1, "DT_INT64")], axis=0)[0])  # fmt: skip


def _matrix_known(value: Value) -> bool:
    return value.shape is not None and len(value.shape) >= 2 and None not in value.shape[-2:]


def _flat_by(cx: Converter, value: Value, size: str) -> str:
    """*value* as [batch, size], *size* an int64 scalar."""
    return cx.emit("Reshape", [cx.tf(value), cx.emit("Concat", [cx.ints([-1]), unsqueeze(cx, size, [0])],
                                                      axis=0)[0]])[0]  # fmt: skip


def _leading(cx: Converter, value: Value, drop: str) -> str:
    """*value*'s dims but its last *drop* (an int64 1-element tensor: how many)."""
    ends = cx.emit("Neg", [drop])[0]
    return cx.emit("Slice", [cx.emit("Shape", [cx.tf(value)])[0], cx.ints([0]), ends])[0]


def _diag_part_computed(cx: Converter, node: Decoded, x: Value, k: Optional[Value],
                        padding: Optional[Value]) -> Value:  # fmt: skip
    if need_rank(x) < 2:
        raise ConversionError(f"its input has rank {x.rank}: TensorFlow takes matrices")
    band = _Computed(cx, k, _align(node))
    rows, columns = _dims(cx, x)
    places, longest = band.part(rows, columns)
    source = _padded(cx, _flat_by(cx, x, band.op("Mul", rows, columns)), padding)
    out = cx.emit("Gather", [source, places], axis=1)[0]
    target = cx.emit("Concat", [_leading(cx, x, cx.ints([2])), band.band_shape(longest)], axis=0)[0]
    single = k is None or k.rank == 0 or (k.shape is not None and k.shape[0] == 1)
    shape: Shape = None if x.shape is None or not single else [*x.shape[:-2], None]
    return cx.result(0, x.dtype, shape, onnx=cx.emit("Reshape", [out, target])[0])


def _diag_computed(cx: Converter, node: Decoded, diagonal: Value, k: Optional[Value], sizes: List[Value],
                   padding: Optional[Value]) -> Value:  # fmt: skip
    band = _Computed(cx, k, _align(node))
    shape_of = cx.emit("Shape", [cx.tf(diagonal)])[0]
    longest = cx.emit("Gather", [shape_of, cx.scalar(-1, "DT_INT64")], axis=0)[0]
    least_rows = band.op("Sub", longest, band.op("Min", band.upper, band.int(0)))
    least_columns = band.op("Add", longest, band.op("Max", band.lower, band.int(0)))
    if sizes:
        given_rows, given_columns = (cx.emit("Reshape", [as_int64(cx, size), cx.ints([])])[0] for size in sizes)
    else:
        given_rows = given_columns = band.int(-1)
    unset_rows, unset_columns = (
        band.op("Equal", given_rows, band.int(-1)),
        band.op("Equal", given_columns, band.int(-1)),
    )
    square = band.op("Max", least_rows, least_columns)
    both = band.op("And", unset_rows, unset_columns)
    rows = cx.emit("Where", [both, square, cx.emit("Where", [unset_rows, least_rows, given_rows])[0]])[0]
    columns = cx.emit("Where", [both, square, cx.emit("Where", [unset_columns, least_columns, given_columns])[0]])[0]
    total = band.op("Mul", band.count, longest)
    places = band.matrix(rows, columns, longest, band.int(0), total)
    source = _padded(cx, _flat_by(cx, diagonal, total), padding)
    out = cx.emit("Gather", [source, places], axis=1)[0]
    drop = cx.emit("Where", [band.op("Equal", band.count, band.int(1)), cx.ints([1]), cx.ints([2])])[0]
    target = cx.emit("Concat", [_leading(cx, diagonal, drop), unsqueeze(cx, rows, [0]), unsqueeze(cx, columns, [0])],
                     axis=0)[0]  # fmt: skip
    single = k is None or k.rank == 0 or (k.shape is not None and k.shape[0] == 1)
    shape: Shape = None if diagonal.shape is None or not single else [*diagonal.shape[:-1], None, None]
    return cx.result(0, diagonal.dtype, shape, onnx=cx.emit("Reshape", [out, target])[0])


def _set_diag_computed(cx: Converter, node: Decoded, x: Value, diagonal: Value, k: Optional[Value]) -> Value:
    if need_rank(x) < 2:
        raise ConversionError(f"its input has rank {x.rank}: TensorFlow takes matrices")
    band = _Computed(cx, k, _align(node))
    rows, columns = _dims(cx, x)
    longest = band.longest(rows, columns)
    size = band.op("Mul", rows, columns)
    source = cx.emit("Concat", [_flat_by(cx, x, size), _flat_by(cx, diagonal, band.op("Mul", band.count, longest))],
                     axis=1)[0]  # fmt: skip
    places = band.matrix(rows, columns, longest, size, None)
    out = cx.emit("Gather", [source, places], axis=1)[0]
    return cx.result(0, x.dtype, x.shape, onnx=cx.emit("Reshape", [out, cx.emit("Shape", [cx.tf(x)])[0]])[0])
