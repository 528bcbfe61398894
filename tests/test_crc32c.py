# SPDX-License-Identifier: Apache-2.0
"""CRC-32C: the pure-Python code (byte loop and lanes), and an installed C module used in its place.

The C modules (``crc32c``, ``google_crc32c``) are not installed for the tests: stand-ins with their
signatures are put in ``sys.modules``, wrapping the byte loop, so what is tested is the choosing, the
checking before trusting, and the wrapping, never the modules themselves.
"""

from __future__ import annotations

import sys
import types
from typing import Any, Iterator, List, Optional

import pytest

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


def test_an_import_that_raises_is_a_module_not_installed(fresh: pytest.MonkeyPatch) -> None:
    import importlib

    def failing(name: str, package: Optional[str] = None) -> types.ModuleType:
        raise OSError(f"{name}: cannot open shared object file")

    fresh.setattr(importlib, "import_module", failing)
    assert crc32c(DATA[:5000]) == _reference(DATA[:5000]) and _crc32c.backend() == "python"
