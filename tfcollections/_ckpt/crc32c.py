# SPDX-License-Identifier: Apache-2.0
"""CRC-32C (Castagnoli), as TensorFlow checks its checkpoints with it, in pure Python.

Strategy: the standard library has CRC-32 (``zlib.crc32``) but not CRC-32C, and no arithmetic of GF(2)
polynomials, so the bytes must pass through Python. Short inputs (table blocks, a string tensor's lengths)
go through the classic byte-at-a-time table loop. Long ones are cut into many equal lanes that are
advanced together, one byte position of every lane per step, with C-speed whole-buffer operations:
a strided slice gathers the lanes' bytes, ``int`` XOR combines them with the lanes' CRC states, and
``bytes.translate`` looks all of them up in one pass per byte of the 32-bit state (the state lives as
four byte planes). A CRC is linear in its input, so the lanes' CRCs are then folded into one by
"shifting" each over the bytes that follow it: a 32x32 matrix over GF(2), applied as four 256-entry
tables. The cost per byte is about fifteen C passes over the lane planes instead of a Python loop
iteration (measured by the project's checkpoint benchmark).

An extension module that computes CRC-32C in C is used instead when one is installed, as tensorboardX and
google-resumable-media use theirs: ``crc32c`` (ICRAR's) or ``google_crc32c`` (Google's, its C build only).
Neither is a dependency. The first input long enough to gain from one looks for it; it is trusted only after it
gives the standard check value, a continued CRC and this module's CRC of a longer sample, and
``TFCOLLECTIONS_CRC32C=python`` in the environment keeps to the pure-Python code (``backend()`` says which).

``crc32c(data)`` is the CRC of TensorFlow's ``crc32c::Value``; ``mask``/``unmask`` are its
``crc32c::Mask``/``Unmask``, which checkpoints store.
"""

from __future__ import annotations

import importlib
import os
import warnings

TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import ModuleType
    from typing import Callable, Dict, Final, List, Optional, Tuple, Union

    BytesLike = Union[bytes, bytearray, memoryview]
    # (data, crc so far) -> crc: crc32c's own signature, which an accelerator is wrapped to.
    Extend = Callable[[BytesLike, int], int]

_POLY: Final = 0x82F63B78  # the Castagnoli polynomial, bit-reversed (0x1EDC6F41)
_MASK_DELTA: Final = 0xA282EAD8
# Below this size the byte loop is as fast: the lanes' set-up and folding cost what ~8 KB of it does.
_LANES_FROM: Final = 1 << 14


def _byte_table() -> List[int]:
    table = []
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = (crc >> 1) ^ _POLY if crc & 1 else crc >> 1
        table.append(crc)
    return table


_TABLE: Final = _byte_table()
# The table split into its four bytes, as bytes.translate tables: _PLANES[k][i] is byte k of _TABLE[i].
_PLANES: Final = tuple(bytes((value >> (8 * k)) & 0xFF for value in _TABLE) for k in range(4))


def mask(crc: int) -> int:
    """TensorFlow's ``crc32c::Mask``: what checkpoints store (a CRC of data that holds CRCs is weak)."""
    return ((((crc >> 15) | (crc << 17)) & 0xFFFF_FFFF) + _MASK_DELTA) & 0xFFFF_FFFF


def unmask(masked: int) -> int:
    rotated = (masked - _MASK_DELTA) & 0xFFFF_FFFF
    return ((rotated >> 17) | (rotated << 15)) & 0xFFFF_FFFF


def crc32c(data: BytesLike, crc: int = 0) -> int:
    """The CRC-32C of *data*, continuing from *crc* (the CRC of what came before it, as ``crc32c::Extend``)."""
    if len(data) >= _ACCELERATE_FROM:
        extend = _accelerator()
        if extend is not None:
            try:
                return extend(data, crc)
            except (TypeError, ValueError, BufferError):  # a buffer it does not take: the pure-Python code does
                pass
    state = crc ^ 0xFFFF_FFFF
    if len(data) < _LANES_FROM:
        return _bytewise(state, data) ^ 0xFFFF_FFFF
    return _lanes(state, data) ^ 0xFFFF_FFFF


def _bytewise(state: int, data: BytesLike) -> int:
    table = _TABLE
    for byte in data:
        state = table[(state ^ byte) & 0xFF] ^ (state >> 8)
    return state


# Lanes advance over windows of the input small enough for the strided gathers to stay in the CPU's caches
# (a gather across a 100 MB buffer misses on every byte: 8 ns a byte, against 1.5 ns within a window).
_WINDOW: Final = 1 << 22
_LANE: Final = 256  # bytes per lane: a window is 16,384 lanes of 256 bytes


def _lanes(state: int, data: BytesLike) -> int:
    """The raw CRC state after *data*, from *state*: lanes advanced together (see the module's strategy).

    Whole windows first, then ever smaller ones (a power of two of lanes each) down to the byte loop's size,
    so that no more than that is left to the byte loop.
    """
    view = memoryview(data)
    size = len(view)
    position = 0
    while size - position >= _LANES_FROM:
        lane_count = min(_WINDOW // _LANE, 1 << (((size - position) // _LANE).bit_length() - 1))
        window = lane_count * _LANE
        shift_window = _shift_tables(window)
        while size - position >= window:
            crc = _window_crc(view[position : position + window].tobytes(), lane_count)
            state = _shift(shift_window, state) ^ crc
            position += window
    return _bytewise(state, view[position:])


def _window_crc(chunk: bytes, lane_count: int) -> int:
    """The raw CRC from zero of *chunk*: its lanes' CRCs computed together, then folded pairwise."""
    plane0, plane1, plane2, plane3 = _PLANES
    c0 = c1 = c2 = c3 = 0  # byte k of every lane's state, lane i in byte i of plane k
    for position in range(_LANE):
        index = (c0 ^ int.from_bytes(chunk[position::_LANE], "little")).to_bytes(lane_count, "little")
        c0 = int.from_bytes(index.translate(plane0), "little") ^ c1
        c1 = int.from_bytes(index.translate(plane1), "little") ^ c2
        c2 = int.from_bytes(index.translate(plane2), "little") ^ c3
        c3 = int.from_bytes(index.translate(plane3), "little")
    planes = [plane.to_bytes(lane_count, "little") for plane in (c0, c1, c2, c3)]
    # Fold neighbours, level by level: the pair (a, b) of lanes of length n is shift_n(a) ^ b.
    length = _LANE
    while len(planes[0]) > 1:
        tables = _shift_planes(length)
        left = [plane[0::2] for plane in planes]
        right = [int.from_bytes(plane[1::2], "little") for plane in planes]
        count = len(left[0])
        planes = []
        for k in range(4):
            value = right[k]
            for m in range(4):
                value ^= int.from_bytes(left[m].translate(tables[k][m]), "little")
            planes.append(value.to_bytes(count, "little"))
        length *= 2
    return planes[0][0] | planes[1][0] << 8 | planes[2][0] << 16 | planes[3][0] << 24


def _shift(tables: Tuple[List[int], ...], state: int) -> int:
    t0, t1, t2, t3 = tables
    return t0[state & 0xFF] ^ t1[(state >> 8) & 0xFF] ^ t2[(state >> 16) & 0xFF] ^ t3[state >> 24]


_SHIFT_PLANES: Dict[int, List[List[bytes]]] = {}


def _shift_planes(length: int) -> List[List[bytes]]:
    """The shift over *length* zero bytes as translate tables: [k][m] maps byte m of a state to its part of
    byte k of the shifted state."""
    planes = _SHIFT_PLANES.get(length)
    if planes is None:
        tables = _shift_tables(length)
        planes = [[bytes((tables[m][i] >> (8 * k)) & 0xFF for i in range(256)) for m in range(4)] for k in range(4)]
        _SHIFT_PLANES[length] = planes
    return planes


_SHIFT_TABLES: Dict[int, Tuple[List[int], ...]] = {}


def _shift_tables(length: int) -> Tuple[List[int], ...]:
    """Four 256-entry tables that together map a raw CRC state to the state after *length* zero bytes."""
    tables = _SHIFT_TABLES.get(length)
    if tables is None:
        tables = _SHIFT_TABLES[length] = _make_shift_tables(length)
    return tables


def _make_shift_tables(length: int) -> Tuple[List[int], ...]:
    # The operator for one zero byte, as its 32 columns (the images of 1 << bit), raised to the power by squaring.
    one = [_TABLE[(1 << bit) & 0xFF] ^ ((1 << bit) >> 8) for bit in range(32)]
    result = [1 << bit for bit in range(32)]  # the identity
    power = one
    while length:
        if length & 1:
            result = [_apply(power, column) for column in result]
        length >>= 1
        if length:
            power = [_apply(power, column) for column in power]
    tables = []
    for k in range(4):
        table = [0] * 256
        for value in range(1, 256):
            low = value & -value
            table[value] = table[value ^ low] ^ result[8 * k + low.bit_length() - 1]
        tables.append(table)
    return tuple(tables)


def _apply(columns: List[int], vector: int) -> int:
    out = 0
    bit = 0
    while vector:
        if vector & 1:
            out ^= columns[bit]
        vector >>= 1
        bit += 1
    return out


# ---------------------------------------------------------------------------- an installed C implementation

# Below this, the byte loop costs about what a call into a module costs to find (the first time) and make.
_ACCELERATE_FROM: Final = 1 << 10
_CHOICE_VARIABLE: Final = "TFCOLLECTIONS_CRC32C"
_ACCELERATORS: Final = ("crc32c", "google_crc32c")
_PYTHON: Final = "python"
# google_crc32c takes bytes only (not a view of a mapped file): a long input is copied to it piece by piece.
_COPY_CHUNK: Final = 1 << 20
# What was found: empty until the first long input looks, then [(name, extend)] or [(_PYTHON, None)].
_FOUND: List[Tuple[str, Optional[Extend]]] = []


def backend() -> str:
    """Which code computes long CRCs: ``"crc32c"``, ``"google_crc32c"`` or ``"python"`` (looks on the first call)."""
    _accelerator()
    return _FOUND[0][0]


def _accelerator() -> Optional[Extend]:
    if not _FOUND:
        _FOUND.append(_find_accelerator())
    return _FOUND[0][1]


def _find_accelerator() -> Tuple[str, Optional[Extend]]:
    choice = os.environ.get(_CHOICE_VARIABLE, "")
    if choice == _PYTHON:
        return _PYTHON, None
    for name in (choice,) if choice in _ACCELERATORS else _ACCELERATORS:
        extend = _load(name)
        if extend is not None and _agrees(extend):
            return name, extend
    return _PYTHON, None


def _load(name: str) -> Optional[Extend]:
    """The CRC function of the module *name*, if it imports and has one this knows, else None."""
    try:
        with warnings.catch_warnings():  # some releases warn on import when they run without the CPU's instruction
            warnings.simplefilter("ignore")
            return _wrap(name, importlib.import_module(name))
    except Exception:  # not installed, or an install that does not import or work: either way, not used
        return None


def _wrap(name: str, module: ModuleType) -> Optional[Extend]:
    """The module's CRC function with ``crc32c``'s signature, or None for a module this does not know."""
    if name == "crc32c":
        compute = getattr(module, "crc32c", None)
        if not callable(compute):
            return None
        return lambda data, crc: int(compute(data, crc))
    extend = getattr(module, "extend", None)
    if getattr(module, "implementation", None) != "c" or not callable(extend):  # its pure-Python build is slow
        return None

    def copied(data: BytesLike, crc: int) -> int:
        if isinstance(data, bytes):
            return int(extend(crc, data))
        view = memoryview(data)
        for start in range(0, len(view), _COPY_CHUNK):
            crc = int(extend(crc, view[start : start + _COPY_CHUNK].tobytes()))
        return crc

    return copied


def _agrees(extend: Extend) -> bool:
    """Whether *extend* computes this module's CRC: the check value, a continued CRC, a longer sample as a view."""
    sample = bytes(range(256)) * 5
    try:
        return (
            extend(b"123456789", 0) == 0xE3069283
            and extend(b"56789", extend(b"1234", 0)) == 0xE3069283
            and extend(memoryview(sample)[1:], 0x1234_5678)
            == _bytewise(0x1234_5678 ^ 0xFFFF_FFFF, sample[1:]) ^ 0xFFFF_FFFF
        )
    except Exception:  # a module that fails on these fails on checkpoints too
        return False
