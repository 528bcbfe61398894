# SPDX-License-Identifier: Apache-2.0
"""CRC-32C: the pure-Python code (byte loop and lanes), and an installed C module used in its place.

The C modules (``crc32c``, ``google_crc32c``) are not installed for the tests: stand-ins with their
signatures are put in ``sys.modules``, wrapping the byte loop, so what is tested is the choosing, the
checking before trusting, and the wrapping, never the modules themselves.
"""

from __future__ import annotations

import random
import sys
import types
from typing import Any, Iterator, List, Optional

import pytest
from hypothesis import given, strategies as st

from tfcollections._ckpt import crc32c as _crc32c
from tfcollections._ckpt.crc32c import _bytewise, _lanes, crc32c, mask, unmask


def _reference(data: Any, crc: int = 0) -> int:
    return _bytewise(crc ^ 0xFFFF_FFFF, bytes(data)) ^ 0xFFFF_FFFF


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    """No accelerator looked for yet, none importable unless a test puts one in; afterwards, none again."""
    monkeypatch.setattr(_crc32c, "_FOUND", [])
    monkeypatch.delenv("TFCOLLECTIONS_CRC32C", raising=False)
    for name in _crc32c._ACCELERATORS:
        monkeypatch.setitem(sys.modules, name, None)  # None in sys.modules: the import raises ImportError
    yield monkeypatch


def _module(name: str, **attributes: Any) -> types.ModuleType:
    module = types.ModuleType(name)
    for key, value in attributes.items():
        setattr(module, key, value)
    return module


def _icrar(calls: List[int]) -> types.ModuleType:
    """ICRAR's ``crc32c``: ``crc32c(data, value=0)``, any buffer."""

    def compute(data: Any, value: int = 0) -> int:
        calls.append(len(data))
        return _reference(memoryview(data), value)

    return _module("crc32c", crc32c=compute)


def _google(calls: List[int], implementation: str = "c") -> types.ModuleType:
    """Google's ``google_crc32c``: ``extend(crc, chunk)``, bytes only (a memoryview is refused)."""

    def extend(crc: int, chunk: Any) -> int:
        if not isinstance(chunk, bytes):
            raise TypeError(f"argument 2 must be read-only bytes-like object, not {type(chunk).__name__}")
        calls.append(len(chunk))
        return _reference(chunk, crc)

    return _module("google_crc32c", extend=extend, implementation=implementation)


DATA = bytes((i * 7919 + (i >> 3)) & 0xFF for i in range(3 << 20))


def test_crc32c_against_known_values() -> None:
    assert crc32c(b"123456789") == 0xE3069283  # the check value of CRC-32C
    assert crc32c(b"") == 0 and crc32c(b"\x00" * 32) == 0x8A9136AA  # RFC 3720's test vectors
    assert crc32c(bytes(range(32))) == 0x46DD794E
    assert unmask(mask(0x12345678)) == 0x12345678


@pytest.mark.parametrize("size", [0, 1, 16383, 16384, 16385, 65536 + 7, 256 * 4096 * 2 + 255])
def test_crc32c_of_the_lanes_equals_the_byte_loop(fresh: pytest.MonkeyPatch, size: int) -> None:
    data = DATA[:size]
    assert _lanes(0xFFFF_FFFF, data) ^ 0xFFFF_FFFF == _reference(data)
    assert crc32c(data) == _reference(data)
    assert crc32c(data[size // 3 :], crc32c(data[: size // 3])) == crc32c(data)
    assert crc32c(memoryview(data)) == crc32c(data)
    assert _crc32c.backend() == "python"


@pytest.mark.slow
def test_an_installed_crc32c_module_computes_long_inputs(fresh: pytest.MonkeyPatch) -> None:
    calls: List[int] = []
    fresh.setitem(sys.modules, "crc32c", _icrar(calls))
    assert crc32c(b"short") == _reference(b"short") and not calls  # short inputs: no module looked for
    assert crc32c(memoryview(DATA)[5:], 77) == _reference(DATA[5:], 77)
    assert _crc32c.backend() == "crc32c"
    assert calls[-1] == len(DATA) - 5  # the view itself, in one call


def test_google_crc32c_is_given_bytes_a_chunk_at_a_time(fresh: pytest.MonkeyPatch) -> None:
    calls: List[int] = []
    fresh.setitem(sys.modules, "google_crc32c", _google(calls))
    assert crc32c(memoryview(DATA)) == _reference(DATA)
    assert _crc32c.backend() == "google_crc32c"
    assert calls[-3:] == [1 << 20] * 3  # 3 MiB in 1 MiB copies
    assert crc32c(DATA[:4096], 5) == _reference(DATA[:4096], 5) and calls[-1] == 4096  # bytes: as they are


@pytest.mark.parametrize(
    "installed",
    [
        _module("crc32c", crc32c=lambda data, value=0: 0),  # computes something else
        _module("crc32c", crc32c=lambda data: _reference(data)),  # cannot continue a CRC
        _module("crc32c"),  # no function of that name
        _module("crc32c", crc32c=lambda data, value=0: _reference(data, value) ^ (len(data) > 9)),  # wrong on long ones
    ],
)
def test_a_module_that_does_not_agree_is_not_used(fresh: pytest.MonkeyPatch, installed: types.ModuleType) -> None:
    fresh.setitem(sys.modules, "crc32c", installed)
    assert crc32c(DATA[:5000]) == _reference(DATA[:5000])
    assert _crc32c.backend() == "python"


def test_google_crc32c_built_without_its_c_code_is_not_used(fresh: pytest.MonkeyPatch) -> None:
    calls: List[int] = []
    fresh.setitem(sys.modules, "google_crc32c", _google(calls, implementation="python"))
    assert crc32c(DATA[:5000]) == _reference(DATA[:5000])
    assert _crc32c.backend() == "python" and not calls


def test_the_environment_chooses(fresh: pytest.MonkeyPatch) -> None:
    calls: List[int] = []
    fresh.setitem(sys.modules, "crc32c", _icrar(calls))
    fresh.setitem(sys.modules, "google_crc32c", _google(calls))
    fresh.setenv("TFCOLLECTIONS_CRC32C", "python")
    assert crc32c(DATA[:5000]) == _reference(DATA[:5000]) and _crc32c.backend() == "python" and not calls
    fresh.setattr(_crc32c, "_FOUND", [])
    fresh.setenv("TFCOLLECTIONS_CRC32C", "google_crc32c")
    assert _crc32c.backend() == "google_crc32c"
    fresh.setattr(_crc32c, "_FOUND", [])
    fresh.setenv("TFCOLLECTIONS_CRC32C", "")  # unset or empty: the first that agrees, in order
    assert _crc32c.backend() == "crc32c"


def test_a_module_that_fails_to_import_or_refuses_a_buffer_leaves_the_pure_code(fresh: pytest.MonkeyPatch) -> None:
    class Broken(types.ModuleType):
        def __getattr__(self, name: str) -> Any:
            raise RuntimeError("a broken install")

    fresh.setitem(sys.modules, "crc32c", Broken("crc32c"))
    refused: List[Optional[int]] = []

    def extend(crc: int, chunk: Any) -> int:
        if len(chunk) > 5000:  # agrees on the samples, then refuses a buffer (as a module may refuse a bytearray)
            refused.append(len(chunk))
            raise BufferError("cannot take this buffer")
        return _reference(chunk, crc)

    fresh.setitem(sys.modules, "google_crc32c", _module("google_crc32c", extend=extend, implementation="c"))
    assert crc32c(DATA[:9000]) == _reference(DATA[:9000])
    assert _crc32c.backend() == "google_crc32c" and refused == [9000]
    buffers = [DATA[:6000], DATA[:100]]  # the first refused, the second taken: each as the module answers
    assert _crc32c.crc32c_many(buffers) == [_reference(data) for data in buffers] and refused == [9000, 6000]


def test_an_import_that_raises_is_a_module_not_installed(fresh: pytest.MonkeyPatch) -> None:
    import importlib

    def failing(name: str, package: Optional[str] = None) -> types.ModuleType:
        raise OSError(f"{name}: cannot open shared object file")

    fresh.setattr(importlib, "import_module", failing)
    assert crc32c(DATA[:5000]) == _reference(DATA[:5000]) and _crc32c.backend() == "python"


# --------------------------------------------------------------------------- many buffers at once

# Sizes on both sides of every boundary of crc32c_many: the byte loop's (64), a lane's (256), the first
# inverted bytes (4), and a buffer long enough for lanes of its own (more than half a window).
_MANY_SIZES = [0, 1, 3, 4, 5, 63, 64, 65, 255, 256, 257, 511, 512, 513, 4095, 4096, 5000, 16384, 70000]


@pytest.mark.parametrize("window", [1 << 22, 1 << 13])
def test_crc32c_many_equals_each_crc(fresh: pytest.MonkeyPatch, window: int) -> None:
    # A small window makes many windows, and buffers of more than half of one go through lanes of their own.
    fresh.setattr(_crc32c, "_WINDOW", window)
    buffers: List[Any] = [DATA[size : 2 * size + 1] for size in _MANY_SIZES]
    buffers += [memoryview(DATA)[7 : 7 + size] for size in reversed(_MANY_SIZES)]  # views, in another order
    assert _crc32c.crc32c_many(buffers) == [_reference(data) for data in buffers]
    assert _crc32c.crc32c_many([]) == []
    assert _crc32c.backend() == "python"


@given(sizes=st.lists(st.integers(min_value=0, max_value=3000), max_size=40), start=st.integers(0, 1000))
def test_crc32c_many_equals_each_crc_for_any_sizes(sizes: List[int], start: int) -> None:
    # Lanes of a byte each are cheap to have many of: lanes' set-up, fold and the groups' order are what vary.
    buffers = [DATA[start + index : start + index + size] for index, size in enumerate(sizes)]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_crc32c, "_MANY_LANES_FROM", 0)  # lanes even for a few bytes in all
        patch.setattr(_crc32c, "_MANY_FROM", 0)  # and for every buffer that can have them (4 bytes and more)
        assert _crc32c.crc32c_many(buffers) == [_reference(data) for data in buffers]


@pytest.mark.parametrize("window", [1 << 22, 1 << 10])
def test_crc32c_many_of_equal_lengths(fresh: pytest.MonkeyPatch, window: int) -> None:
    # Sixteen buffers or more of one length are a lane each (_equal_lanes); fifteen are not; a small window splits
    # a length's buffers into several groups. Views and bytes, lengths from one byte to a long record.
    fresh.setattr(_crc32c, "_WINDOW", window)
    buffers: List[Any] = []
    for length, count in [(1, 16), (4, 40), (75, 15), (75 + 1, 16), (300, 33), (0, 20)]:
        buffers += [DATA[index : index + length] for index in range(count)]
        buffers += [memoryview(DATA)[3 * index : 3 * index + length] for index in range(count)]
    order = list(range(len(buffers)))
    random.Random(5).shuffle(order)  # the lengths interleaved
    buffers = [buffers[index] for index in order]
    assert _crc32c.crc32c_many(buffers) == [_reference(data) for data in buffers]


@given(lengths=st.lists(st.integers(min_value=1, max_value=300), min_size=1, max_size=3), start=st.integers(0, 900))
def test_crc32c_many_of_a_few_lengths(lengths: List[int], start: int) -> None:
    buffers = [DATA[start + index : start + index + lengths[index % len(lengths)]] for index in range(60)]
    assert _crc32c.crc32c_many(buffers) == [_reference(data) for data in buffers]


def test_crc32c_many_folds_groups_of_every_size() -> None:
    # _fold takes groups of 2**k lanes in decreasing order, ending at different levels: 8, 4, 4, 2, 1, 1 lanes.
    groups = [8, 4, 4, 2, 1, 1]
    lane = _crc32c._LANE
    chunk = DATA[: sum(groups) * lane]
    planes = _crc32c._lane_states(chunk, sum(groups))
    starts = [sum(groups[:index]) * lane for index in range(len(groups))]
    want = [_bytewise(0, chunk[at : at + size * lane]) for at, size in zip(starts, groups)]
    assert _crc32c._fold(planes, groups) == want


def test_the_shift_over_zero_bytes_for_any_length() -> None:
    # Built from the shift over half the length (even) or one byte fewer (odd); checked against the byte loop.
    for length in (1, 2, 3, 7, 256, 1000, 4097):
        for state in (1, 0x8000_0000, 0xDEAD_BEEF):
            assert _crc32c._shift(_crc32c._shift_tables(length), state) == _bytewise(state, bytes(length))
    with pytest.raises(ValueError, match="a shift over 0 bytes"):
        _crc32c._shift_tables(0)


def test_crc32c_many_hands_every_buffer_to_an_installed_module(fresh: pytest.MonkeyPatch) -> None:
    calls: List[int] = []
    fresh.setitem(sys.modules, "crc32c", _icrar(calls))
    buffers = [DATA[:10], DATA[:5000], memoryview(DATA)[3:2000]]
    assert _crc32c.crc32c_many(buffers) == [_reference(data) for data in buffers]
    assert calls[-3:] == [10, 5000, 1997]  # short ones too: a C call costs less than the byte loop
    calls.clear()
    assert _crc32c.crc32c_many([DATA[:10], DATA[:20]]) == [_reference(DATA[:10]), _reference(DATA[:20])]
    assert calls == [10, 20]  # all short, and the module found already: it computes them too


def test_short_inputs_look_for_no_module_but_use_one_found(fresh: pytest.MonkeyPatch) -> None:
    calls: List[int] = []
    fresh.setitem(sys.modules, "crc32c", _icrar(calls))
    assert _crc32c.crc32c_many([DATA[:10], DATA[:20]]) == [_reference(DATA[:10]), _reference(DATA[:20])]
    assert crc32c(DATA[:30]) == _reference(DATA[:30])
    assert not calls and not _crc32c._FOUND  # nothing long yet: no module looked for (its import costs)
    assert crc32c(DATA[:5000]) == _reference(DATA[:5000]) and calls[-1] == 5000  # after the checks' own calls
    assert crc32c(DATA[:30]) == _reference(DATA[:30]) and calls[-2:] == [5000, 30]  # found: short ones go to it too


def _stored(buffers: List[bytes]) -> bytearray:
    return bytearray(b"".join(mask(_reference(data)).to_bytes(4, "little") for data in buffers))


@pytest.mark.parametrize("window", [1 << 22, 1 << 9])
@given(
    lengths=st.lists(st.integers(min_value=0, max_value=80), min_size=1, max_size=3),
    count=st.integers(0, 70),
    start=st.integers(0, 900),
    flips=st.lists(st.tuples(st.integers(0, 69), st.integers(0, 31)), max_size=3),
)
def test_first_masked_mismatch_finds_the_first_record_whose_crc_does_not_hold(
    window: int, lengths: List[int], count: int, start: int, flips: List[Any]
) -> None:
    # A TFRecord's data CRCs, checked together: buffers of a few lengths interleaved (most in lanes of their own,
    # a small window splitting them into groups), each stored CRC masked; bits flipped in some stored words.
    buffers = [DATA[start + index : start + index + lengths[index % len(lengths)]] for index in range(count)]
    stored = _stored(buffers)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_crc32c, "_WINDOW", window)
        assert _crc32c.first_masked_mismatch(buffers, bytes(stored)) == -1
        for index, bit in flips:
            if index < count:
                stored[4 * index + bit // 8] ^= 1 << (bit % 8)
        wrong = [index for index, data in enumerate(buffers) if stored[4 * index : 4 * index + 4] != _stored([data])]
        assert _crc32c.first_masked_mismatch(buffers, bytes(stored)) == (wrong[0] if wrong else -1)


def test_masked_words_mask_every_word_at_once() -> None:
    # Rotations and the added delta carry within each word: the words where they would carry into the next.
    words = [0, 1, 0x7FFF, 0x8000, 0xFFFF_FFFF, 0x5D7D_1527, 0x5D7D_1528, 0xA282_EAD8] + [
        random.Random(7).getrandbits(32) for _ in range(999)
    ]
    packed = b"".join(word.to_bytes(4, "little") for word in words)
    assert _crc32c._masked_words(packed) == b"".join(mask(word).to_bytes(4, "little") for word in words)
