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
iteration (measured by the project's checkpoint benchmark). Many short inputs (a checkpoint's tensors, most
of a few KB) share the lanes (``crc32c_many``): each laid out in whole lanes with zeros in front, which
change no CRC from zero, and folded into its own CRC, all of them level by level.

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
import operator
import os
import struct
import warnings

TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import ModuleType
    from typing import Callable, Dict, Final, List, Optional, Sequence, Tuple, TypeVar, Union

    _Item = TypeVar("_Item")

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
    extend = _accelerator_for(len(data))
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
    planes = _lane_states(chunk, lane_count)
    return _fold(planes, [lane_count])[0]


def _lane_states(chunk: bytes, lane_count: int) -> List[bytes]:
    """The raw CRC from zero of each ``_LANE``-byte lane of *chunk*, as four byte planes (lane i in byte i)."""
    plane0, plane1, plane2, plane3 = _PLANES
    c0 = c1 = c2 = c3 = 0  # byte k of every lane's state, lane i in byte i of plane k
    for position in range(_LANE):
        index = (c0 ^ int.from_bytes(chunk[position::_LANE], "little")).to_bytes(lane_count, "little")
        c0 = int.from_bytes(index.translate(plane0), "little") ^ c1
        c1 = int.from_bytes(index.translate(plane1), "little") ^ c2
        c2 = int.from_bytes(index.translate(plane2), "little") ^ c3
        c3 = int.from_bytes(index.translate(plane3), "little")
    return [plane.to_bytes(lane_count, "little") for plane in (c0, c1, c2, c3)]


def _fold(planes: List[bytes], groups: List[int]) -> List[int]:
    """The raw CRC of each group of consecutive lanes in *planes*, the groups' lane counts given in *groups*:
    each a power of two, in decreasing order (a group with fewer lanes is made up with all-zero lanes in front
    of its own, which changes no CRC from zero).

    Neighbours are folded level by level, every group at once: the pair (a, b) of lanes of n bytes each is
    shift_n(a) ^ b. A group folded down to one lane is done; with the groups in decreasing order, the groups
    done at a level are the last ones.
    """
    results: List[int] = []
    sizes = list(groups)
    length = _LANE
    while sizes:
        while sizes and sizes[-1] == 1:  # done: the last lanes are these groups' CRCs, the last group last
            sizes.pop()
            at = len(planes[0]) - 1
            results.append(planes[0][at] | planes[1][at] << 8 | planes[2][at] << 16 | planes[3][at] << 24)
            planes = [plane[:at] for plane in planes]
        if not sizes:
            break
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
        sizes = [size // 2 for size in sizes]
        length *= 2
    results.reverse()
    return results


def _equal_lanes(buffers: Sequence[BytesLike], length: int) -> List[int]:
    """The CRC-32C of each of *buffers*, all *length* bytes long (see ``_equal_lane_words``)."""
    return list(struct.unpack(f"<{len(buffers)}I", _equal_lane_words(buffers, length)))


def _equal_lane_words(buffers: Sequence[BytesLike], length: int) -> bytes:
    """The CRC-32C of each of *buffers*, all *length* bytes long, as little-endian 4-byte words in their order: each
    buffer one lane, all advanced together a byte position at a time (as ``_lane_states`` advances lanes), from
    CRC-32C's all-ones initial state, so that no lane is padded and none is folded. A TFRecord's records are mostly
    of a few lengths (a tag's scalar, an Example of a fixed layout): for 1,000 records of 75 bytes, about 6x
    ``crc32c_many``'s lanes of 256 bytes. The words are made by slice assignments, no Python step per buffer."""
    count = len(buffers)
    chunk = b"".join(buffers)
    plane0, plane1, plane2, plane3 = _PLANES
    c0 = c1 = c2 = c3 = (1 << (8 * count)) - 1  # every lane's state all ones: CRC-32C's initial state
    for position in range(length):
        index = (c0 ^ int.from_bytes(chunk[position::length], "little")).to_bytes(count, "little")
        c0 = int.from_bytes(index.translate(plane0), "little") ^ c1
        c1 = int.from_bytes(index.translate(plane1), "little") ^ c2
        c2 = int.from_bytes(index.translate(plane2), "little") ^ c3
        c3 = int.from_bytes(index.translate(plane3), "little")
    words = bytearray(4 * count)
    for k, plane in enumerate((c0, c1, c2, c3)):  # byte k of every lane's state: byte k of its word
        words[k::4] = (plane ^ ((1 << (8 * count)) - 1)).to_bytes(count, "little")  # CRC-32C's final inversion
    return bytes(words)


def _masked_words(words: bytes) -> bytes:
    """``mask`` of every little-endian 4-byte word of *words* at once, as big-integer operations: each word rotated
    right by 15 bits within itself, then _MASK_DELTA added modulo 2**32 to the even and the odd words apart (a carry
    out of a word lands in the empty word beside it, and is cut)."""
    count = len(words) // 4
    value = int.from_bytes(words, "little")
    low17 = int.from_bytes(b"\xff\xff\x01\x00" * count, "little")  # each word's bits 0-16
    rotated = ((value >> 15) & low17) | ((value << 17) & (low17 ^ ((1 << (32 * count)) - 1)))
    even = int.from_bytes(b"\xff\xff\xff\xff\x00\x00\x00\x00" * (count // 2 + 1), "little") & ((1 << (32 * count)) - 1)
    delta = int.from_bytes(_MASK_DELTA.to_bytes(4, "little") * count, "little")
    odd = even << 32
    masked = (((rotated & even) + (delta & even)) & even) | (((rotated & odd) + (delta & odd)) & odd)
    return masked.to_bytes(4 * count, "little")


def first_masked_mismatch(buffers: Sequence[bytes], stored: bytes) -> int:
    """The index of the first of *buffers* whose masked CRC-32C (``mask(crc32c(buffer))``, as a TFRecord stores it)
    is not the little-endian 4-byte word at its place in *stored*, or -1 when every one holds.

    In pure Python: buffers that share a length, enough of them (``_of_equal_lengths``'s rule), are checked
    together, their CRCs computed in lanes of their own (``_equal_lane_words``), masked (``_masked_words``) and
    compared with the stored words as whole byte strings, no Python step taken per buffer; the others go through
    ``crc32c_many``. An event file's records are a few lengths, hundreds of thousands of each."""
    count = len(buffers)
    expected = struct.unpack(f"<{count}I", stored)
    lengths = list(map(len, buffers))
    if count and lengths.count(lengths[0]) == count:  # one length: the usual event file of one writer
        groups: List[Sequence[int]] = [range(count)]
    else:
        order = sorted(range(count), key=lengths.__getitem__)  # stable: each length's buffers in their order
        groups = []
        start = 0
        for length in sorted(set(lengths)):
            end = start + lengths.count(length)
            groups.append(order[start:end])
            start = end
    bad = count
    rest: List[int] = []
    for indexes in groups:
        length = lengths[indexes[0]]
        if len(indexes) < max(_EQUAL_LANES_FROM, length // 8) or not 0 < length <= _EQUAL_LANES_UP_TO:
            rest += indexes
            continue
        step = _WINDOW // length
        for start in range(0, len(indexes), step):
            part = indexes[start : start + step]
            if isinstance(part, range):  # in order: slices
                chosen: Sequence[bytes] = buffers[part.start : part.stop]
                wanted = stored[4 * part.start : 4 * part.stop]
            else:
                chosen = _pick(buffers, part)
                wanted = struct.pack(f"<{len(part)}I", *_pick(expected, part))
            found = _masked_words(_equal_lane_words(chosen, length))
            if found != wanted:
                first = next(i for i in range(len(part)) if found[4 * i : 4 * i + 4] != wanted[4 * i : 4 * i + 4])
                bad = min(bad, part[first])
    if rest:
        rest.sort()
        for index, value in zip(rest, crc32c_many(_pick(buffers, rest))):
            if mask(value) != expected[index]:
                bad = min(bad, index)
                break
    return -1 if bad == count else bad


def _pick(sequence: Sequence[_Item], indexes: Sequence[int]) -> List[_Item]:
    """``[sequence[i] for i in indexes]``, by ``operator.itemgetter`` (no Python step per item)."""
    if len(indexes) == 1:
        return [sequence[indexes[0]]]
    return list(operator.itemgetter(*indexes)(sequence))


# Buffers of one length, at least this many (and an eighth of their length: measured, a 2 KB buffer gains
# from 256 of them), go through _equal_lanes (fewer: its steps cost more than they save).
_EQUAL_LANES_FROM: Final = 16
_EQUAL_LANES_UP_TO: Final = _WINDOW // _EQUAL_LANES_FROM  # bytes a buffer: a group's chunk stays in the caches


def _of_equal_lengths(buffers: Sequence[BytesLike], results: List[int]) -> List[int]:
    """The CRCs of the buffers of one length, when enough share it, put in *results* by ``_equal_lanes``; the
    indexes of the others, in order."""
    by_length: Dict[int, List[int]] = {}
    for index, data in enumerate(buffers):
        by_length.setdefault(len(data), []).append(index)
    rest: List[int] = []
    for length, indexes in by_length.items():
        # Each step costs about as much for any number of lanes: long buffers need many of them to gain.
        if len(indexes) < max(_EQUAL_LANES_FROM, length // 8) or not 0 < length <= _EQUAL_LANES_UP_TO:
            rest += indexes
            continue
        for start in range(0, len(indexes), _WINDOW // length):  # a window's bytes at most at once
            group = indexes[start : start + _WINDOW // length]
            for index, value in zip(group, _equal_lanes([buffers[index] for index in group], length)):
                results[index] = value
    return sorted(rest)


def crc32c_many(buffers: Sequence[BytesLike]) -> List[int]:
    """The CRC-32C of each of *buffers*, as ``[crc32c(b) for b in buffers]`` gives, computed together.

    Reading a whole checkpoint checks hundreds of tensors, most of them a few KB: too short for lanes of their
    own, so each would go through the byte loop (about 6 MB/s). Here they share the lanes: each buffer is
    laid out in whole lanes, zeros in front (which change no CRC from zero), its first four bytes inverted (the
    same as starting from CRC-32C's initial all-ones state); the lanes of many buffers advance together, and
    each buffer's lanes are folded into its CRC (``_fold``). Many buffers of one length (a TFRecord's records)
    are each a lane of their own (``_equal_lanes``). An installed C module computes each instead.
    """
    results = [0] * len(buffers)
    extend = _accelerator_for(max((len(data) for data in buffers), default=0))
    batch: List[int] = []
    rest = range(len(buffers)) if extend is not None else _of_equal_lengths(buffers, results)
    for index in rest:
        data = buffers[index]
        if extend is not None:
            try:
                results[index] = extend(data, 0)
                continue
            except (TypeError, ValueError, BufferError):  # a buffer it does not take: the pure-Python code does
                pass
        size = len(data)
        if size < _MANY_FROM or size < 4:  # (lanes need 4 bytes at least: the first four take the initial state)
            results[index] = _bytewise(0xFFFF_FFFF, data) ^ 0xFFFF_FFFF
        elif size > _WINDOW // 2:  # long enough for lanes of its own
            results[index] = crc32c(data)
        else:
            batch.append(index)
    if sum(len(buffers[index]) for index in batch) < _MANY_LANES_FROM:  # too few to pay for the lanes' set-up
        for index in batch:
            results[index] = _bytewise(0xFFFF_FFFF, buffers[index]) ^ 0xFFFF_FFFF
        return results
    # Windows of at most _WINDOW bytes, the longest buffers first (so that _fold's groups come in order).
    batch.sort(key=lambda index: -len(buffers[index]))
    start = 0
    while start < len(batch):
        parts: List[BytesLike] = []
        lane_counts: List[int] = []
        filled = 0
        end = start
        while end < len(batch) and filled + len(buffers[batch[end]]) + _LANE <= _WINDOW:
            data = memoryview(buffers[batch[end]])
            lanes = -(-len(data) // _LANE)
            inverted = (int.from_bytes(data[:4], "little") ^ 0xFFFF_FFFF).to_bytes(4, "little")  # the initial state
            parts += (bytes(lanes * _LANE - len(data)), inverted, data[4:])
            lane_counts.append(lanes)
            filled += lanes * _LANE
            end += 1
        planes = _lane_states(b"".join(parts), filled // _LANE)
        # Each buffer's lanes made up to a power of two, for _fold, with all-zero lanes in front.
        padded: List[List[bytes]] = [[], [], [], []]
        groups = []
        at = 0
        for lanes in lane_counts:
            group = 1 << (lanes - 1).bit_length()
            zeros = bytes(group - lanes)
            for k in range(4):
                padded[k] += (zeros, planes[k][at : at + lanes])
            groups.append(group)
            at += lanes
        for index, state in zip(batch[start:end], _fold([b"".join(plane) for plane in padded], groups)):
            results[index] = state ^ 0xFFFF_FFFF
        start = end
    return results


# Below this size a buffer of crc32c_many goes through the byte loop: fewer bytes than its lane would be, padded.
_MANY_FROM: Final = 64
# Below this many bytes in all, crc32c_many's buffers go through the byte loop, as a single one does.
_MANY_LANES_FROM: Final = _LANES_FROM


def _shift(tables: Tuple[List[int], ...], state: int) -> int:
    t0, t1, t2, t3 = tables
    return t0[state & 0xFF] ^ t1[(state >> 8) & 0xFF] ^ t2[(state >> 16) & 0xFF] ^ t3[state >> 24]


_SHIFT_PLANES: Dict[int, List[List[bytes]]] = {}


def _shift_planes(length: int) -> List[List[bytes]]:
    """The shift over *length* zero bytes as translate tables: [k][m] maps byte m of a state to its part of
    byte k of the shifted state."""
    planes = _SHIFT_PLANES.get(length)
    if planes is None:
        packed = [struct.pack("<256I", *table) for table in _shift_tables(length)]  # byte k of entry i at 4i + k
        planes = _SHIFT_PLANES[length] = [[packed[m][k::4] for m in range(4)] for k in range(4)]
    return planes


# The shift over one zero byte: byte m of a state goes through _TABLE once it is the low byte, else moves down.
_SHIFT_TABLES: Dict[int, Tuple[List[int], ...]] = {
    1: (_TABLE, list(range(256)), [i << 8 for i in range(256)], [i << 16 for i in range(256)])
}


def _shift_tables(length: int) -> Tuple[List[int], ...]:
    """Four 256-entry tables that together map a raw CRC state to the state after *length* zero bytes
    (``_shift``): the shift over half as many bytes applied twice, or over one byte fewer and one more.
    Every length met on the way is kept, so the lanes' lengths (powers of two) cost one step each."""
    tables = _SHIFT_TABLES.get(length)
    if tables is None:
        if length < 1:
            raise ValueError(f"a shift over {length} bytes")
        first = _shift_tables(length // 2 if length % 2 == 0 else length - 1)
        second = first if length % 2 == 0 else _SHIFT_TABLES[1]
        # The composed operator's images of the 32 one-bit states, then its tables by linearity.
        columns = [_shift(second, _shift(first, 1 << bit)) for bit in range(32)]
        made = []
        for k in range(4):
            table = [0] * 256
            for value in range(1, 256):
                low = value & -value
                table[value] = table[value ^ low] ^ columns[8 * k + low.bit_length() - 1]
            made.append(table)
        tables = _SHIFT_TABLES[length] = tuple(made)
    return tables


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


def whole_crc32c() -> Callable[[bytes], int]:
    """A function giving the CRC-32C of one whole ``bytes``, as directly as the backend has one: the C module's own
    function once it agrees (looked for now), else ``crc32c``. For many short inputs (a TFRecord's frames), where
    the calls around the CRC cost more than the CRC."""
    name = backend()
    if name == "crc32c":
        compute: Callable[[bytes], int] = importlib.import_module(name).crc32c
        return compute
    if name == "google_crc32c":
        value: Callable[[bytes], int] = importlib.import_module(name).value  # bytes only: what frames are
        return value
    return crc32c


def _accelerator_for(size: int) -> Optional[Extend]:
    """The C module to compute a CRC over *size* bytes, if any: looked for by the first input long enough to
    gain from one; once found, given short inputs too (a call into C costs less than the byte loop)."""
    if size >= _ACCELERATE_FROM:
        return _accelerator()
    return _FOUND[0][1] if _FOUND else None


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
