# SPDX-License-Identifier: Apache-2.0
"""A tensor's values as TensorFlow stores them: the ``Tensor`` that ``read_tensor`` gives, and its dtypes.

Strategy: a leaf. ``Tensor`` keeps the bytes as stored (little-endian, C order) and gives them to
``numpy.asarray`` through the array interface, without a copy; ``tolist()`` unpacks them with ``struct``.
It imports nothing of the package, so ``types.py`` (which names it) stays a leaf too, and every reader of
values (checkpoints today, a frozen graph's constants next) builds the same object. The library never
imports numpy.
"""

from __future__ import annotations

import struct

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Dict, List, Optional, Tuple

# dtype -> (struct format of one element, its size, numpy's typestr). Only the types TensorFlow writes to
# checkpoints as plain bytes; bfloat16 has no struct format (read through float32) and numpy knows it only
# through ml_dtypes, so it is given to numpy as 2-byte voids.
NUMERIC: Dict[str, Tuple[str, int, str]] = {
    "DT_FLOAT": ("f", 4, "<f4"),
    "DT_DOUBLE": ("d", 8, "<f8"),
    "DT_HALF": ("e", 2, "<f2"),
    "DT_BFLOAT16": ("H", 2, "<V2"),
    "DT_INT8": ("b", 1, "|i1"),
    "DT_UINT8": ("B", 1, "|u1"),
    "DT_INT16": ("h", 2, "<i2"),
    "DT_UINT16": ("H", 2, "<u2"),
    "DT_INT32": ("i", 4, "<i4"),
    "DT_UINT32": ("I", 4, "<u4"),
    "DT_INT64": ("q", 8, "<i8"),
    "DT_UINT64": ("Q", 8, "<u8"),
    "DT_BOOL": ("?", 1, "|b1"),
    "DT_COMPLEX64": ("f", 8, "<c8"),  # two float32s per element
    "DT_COMPLEX128": ("d", 16, "<c16"),
}


class Tensor:
    """The values of one tensor of a checkpoint.

    ``dtype`` is the DataType name (``"DT_FLOAT"``), ``shape`` a tuple of ints. ``tobytes()`` gives the
    bytes as the checkpoint stores them (little-endian, C order; for ``DT_STRING``, the elements joined);
    ``tolist()`` nested lists as numpy's ``tolist()`` gives them (a scalar for a 0-d tensor, ``bytes`` for
    strings, ``complex`` for complex types, float for bfloat16). ``numpy.asarray(tensor)`` views the bytes
    without a copy, through ``__array_interface__`` (numeric types; bfloat16 as 2-byte voids).
    """

    __slots__ = ("_data", "_strings", "dtype", "shape")

    def __init__(self, dtype: str, shape: Tuple[int, ...], data: Any, strings: Optional[List[bytes]] = None) -> None:
        self.dtype = dtype
        self.shape = shape
        self._data = data  # a memoryview of the data shard's map, bytes, or a bytearray
        self._strings = strings

    def __repr__(self) -> str:
        return f"Tensor(dtype={self.dtype!r}, shape={self.shape!r})"

    @property
    def size(self) -> int:
        return element_count(self.shape)

    def tobytes(self) -> bytes:
        if self._strings is not None:
            return b"".join(self._strings)
        return bytes(self._data)

    def tolist(self) -> Any:
        if self._strings is not None:
            flat: List[Any] = list(self._strings)
        else:
            flat = _unpack(self.dtype, self._data, self.size)
        return _nest(flat, self.shape)

    @property
    def __array_interface__(self) -> Dict[str, Any]:
        if self._strings is not None:
            raise AttributeError("a DT_STRING tensor has no array interface: numpy.array(tensor.tolist())")
        typestr = NUMERIC[self.dtype][2]
        return {"shape": self.shape, "typestr": typestr, "data": self._data, "version": 3}


def _unpack(dtype: str, data: Any, count: int) -> List[Any]:
    fmt = NUMERIC[dtype][0]
    if dtype == "DT_BFLOAT16":  # the high half of a float32
        halves = struct.unpack(f"<{count}H", data)
        return list(struct.unpack(f"<{count}f", struct.pack(f"<{count}I", *(h << 16 for h in halves))))
    if dtype in ("DT_COMPLEX64", "DT_COMPLEX128"):
        parts = struct.unpack(f"<{2 * count}{fmt}", data)
        return [complex(parts[i], parts[i + 1]) for i in range(0, 2 * count, 2)]
    return list(struct.unpack(f"<{count}{fmt}", data))


def _nest(flat: List[Any], shape: Tuple[int, ...]) -> Any:
    """The flat values as numpy's ``tolist()`` nests them: a scalar for no dimensions, lists down to a zero."""
    if not shape:
        return flat[0]
    if 0 in shape:
        return _empty(shape)
    for dim in reversed(shape[1:]):
        flat = [flat[i : i + dim] for i in range(0, len(flat), dim)]
    return flat


def _empty(shape: Tuple[int, ...]) -> Any:
    if shape[0] == 0:
        return []
    return [_empty(shape[1:]) for _ in range(shape[0])]


def element_count(shape: Tuple[int, ...]) -> int:
    count = 1
    for dim in shape:
        count *= dim
    return count
