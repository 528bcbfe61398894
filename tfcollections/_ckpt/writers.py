# SPDX-License-Identifier: Apache-2.0
"""The files weights are exported to: safetensors and NumPy ``.npz``, written by the library itself, streaming.

Strategy: a writer is given each tensor's name, dtype, shape and a source of its bytes in C order, in chunks, and
never holds a whole tensor. safetensors is an 8-byte little-endian header length, a JSON header (padded with
spaces to 8 bytes, as safetensors pads it) of each tensor's dtype, shape and ``data_offsets``, and ``__metadata__``
(strings), then the bytes: the header is written first (every size is known), then the tensors in order, with
the largest elements first so that each tensor's offset is a multiple of its element size (as safetensors'
own writer orders them). ``.npz`` is a zip of ``.npy`` files (format 1.0: magic, version, a header of a Python
dict literal padded so the data starts at a multiple of 64), stored uncompressed as ``numpy.savez`` writes it,
each entry streamed (``ZipFile.open(..., "w")``). The file they write to is ``_disk.atomic``'s: an export that
fails or is interrupted leaves the file under the name asked for as it was.
"""

from __future__ import annotations

import json
import struct

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import IO, Callable, Dict, Final, Iterator, List, Optional, Tuple, Union

    # A tensor to write: its name, dtype, shape, size in bytes, and its bytes as chunks in C order.
    Chunks = Callable[[], Iterator[Union[bytes, bytearray, memoryview]]]
    Entry = Tuple[str, str, Tuple[int, ...], int, Chunks]

# DataType -> safetensors' dtype. safetensors has no complex128, strings or quantized types.
SAFETENSORS_DTYPES: Final = {
    "DT_DOUBLE": "F64", "DT_FLOAT": "F32", "DT_HALF": "F16", "DT_BFLOAT16": "BF16", "DT_COMPLEX64": "C64",
    "DT_INT64": "I64", "DT_INT32": "I32", "DT_INT16": "I16", "DT_INT8": "I8", "DT_UINT64": "U64",
    "DT_UINT32": "U32", "DT_UINT16": "U16", "DT_UINT8": "U8", "DT_BOOL": "BOOL", "DT_FLOAT8_E5M2": "F8_E5M2",
    "DT_FLOAT8_E4M3FN": "F8_E4M3",
}  # fmt: skip

# DataType -> NumPy's ``descr``. bfloat16 and the float8 types have none in NumPy itself.
NPY_DESCRS: Final = {
    "DT_DOUBLE": "<f8", "DT_FLOAT": "<f4", "DT_HALF": "<f2", "DT_COMPLEX64": "<c8", "DT_COMPLEX128": "<c16",
    "DT_INT64": "<i8", "DT_INT32": "<i4", "DT_INT16": "<i2", "DT_INT8": "|i1", "DT_UINT64": "<u8",
    "DT_UINT32": "<u4", "DT_UINT16": "<u2", "DT_UINT8": "|u1", "DT_BOOL": "|b1",
}  # fmt: skip

# The size of one element of each dtype either format can hold.
ITEM_SIZES: Final = {
    "DT_DOUBLE": 8, "DT_FLOAT": 4, "DT_HALF": 2, "DT_BFLOAT16": 2, "DT_COMPLEX64": 8, "DT_COMPLEX128": 16,
    "DT_INT64": 8, "DT_INT32": 4, "DT_INT16": 2, "DT_INT8": 1, "DT_UINT64": 8, "DT_UINT32": 4, "DT_UINT16": 2,
    "DT_UINT8": 1, "DT_BOOL": 1, "DT_FLOAT8_E5M2": 1, "DT_FLOAT8_E4M3FN": 1,
}  # fmt: skip

# safetensors refuses a header larger than this (100 MB).
_MAX_HEADER: Final = 100_000_000


def safetensors_header(entries: List[Entry], metadata: Dict[str, str]) -> bytes:
    """The 8-byte length and the JSON header of a safetensors file of *entries* (in the order they are written)."""
    header: Dict[str, object] = {"__metadata__": metadata} if metadata else {}
    offset = 0
    for name, dtype, shape, size, _ in entries:
        header[name] = {
            "dtype": SAFETENSORS_DTYPES[dtype],
            "shape": list(shape),
            "data_offsets": [offset, offset + size],
        }
        offset += size
    text = json.dumps(header, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    text += b" " * (-len(text) % 8)
    if len(text) > _MAX_HEADER:
        raise ValueError(
            f"the safetensors header would be {len(text):,} bytes; safetensors reads at most {_MAX_HEADER:,}"
        )
    return struct.pack("<Q", len(text)) + text


def write_safetensors(
    file: IO[bytes], entries: List[Entry], metadata: Dict[str, str], done: Callable[[int], None]
) -> None:
    """Write a safetensors file of *entries* to the open binary *file*; *done* is told of every chunk's size."""
    write = file.write
    write(safetensors_header(entries, metadata))
    for name, _, _, size, chunks in entries:
        written = 0
        for chunk in chunks():
            write(chunk)
            written += len(chunk)
            done(len(chunk))
        if written != size:
            raise AssertionError(f"{name}: {written} bytes written for {size}")  # a bug of ours, never bad input


def npy_header(dtype: str, shape: Tuple[int, ...], descr: Optional[str] = None) -> bytes:
    """The ``.npy`` format 1.0 header of a C-order array (format 2.0 past 65,535 bytes of header)."""
    shape_text = f"({shape[0]},)" if len(shape) == 1 else "(" + ", ".join(str(dim) for dim in shape) + ")"
    text = f"{{'descr': '{descr or NPY_DESCRS[dtype]}', 'fortran_order': False, 'shape': {shape_text}, }}"
    for version, length_format in ((b"\x01\x00", "<H"), (b"\x02\x00", "<I")):
        prefix = 6 + 2 + struct.calcsize(length_format)
        padded = text + " " * (-(prefix + len(text) + 1) % 64) + "\n"
        if version == b"\x02\x00" or len(padded) <= 0xFFFF:
            return b"\x93NUMPY" + version + struct.pack(length_format, len(padded)) + padded.encode("latin-1")
    raise AssertionError("unreachable")


def write_npz(file: IO[bytes], entries: List[Entry], descrs: Dict[str, str], done: Callable[[int], None]) -> None:
    """Write a ``.npz`` of *entries* to the open binary *file*, each ``<name>.npy``, stored (as ``numpy.savez``)."""
    import zipfile  # noqa: PLC0415 (only an .npz export needs it)

    with zipfile.ZipFile(file, "w", compression=zipfile.ZIP_STORED, allowZip64=True) as archive:
        for name, dtype, shape, size, chunks in entries:
            header = npy_header(dtype, shape, descrs.get(name))
            with archive.open(name + ".npy", "w", force_zip64=len(header) + size >= 1 << 31) as member:
                member.write(header)
                for chunk in chunks():
                    member.write(chunk)
                    done(len(chunk))
