# SPDX-License-Identifier: Apache-2.0
"""What a file is when it is not a MetaGraphDef or SavedModel: named by its content, in words a person reads.

Strategy: the files that sit beside TensorFlow models, or take their names, each have a mark that no
MetaGraphDef or SavedModel can have: a magic number (HDF5, ZIP, TensorFlow Lite, a checkpoint's table
footer), or top-level fields neither message declares in that form (a SavedModel fingerprint is varints 1
to 5; ONNX's ModelProto has its graph at field 7; Keras metadata repeats field 1 with JSON in it). The file
reader asks here only once it knows the bytes are not one of its own, so none of this costs a readable file
anything, and a look-alike is never mistaken for one (each mark is checked against the messages' fields).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Dict, Final, Optional, Set, Tuple

# The footer of TensorFlow's table files (tsl/lib/io/format.h, kTableMagicNumber 0xdb4775248b80fb57),
# little-endian: a checkpoint's .index, a V1 checkpoint. The one definition the package has.
TABLE_MAGIC: Final = b"\x57\xfb\x80\x8b\x24\x75\x47\xdb"

# (magic, where it lies, DecodeError.what, what the file is). Offsets from the start; a negative one from the end.
_MAGIC: Final = (
    (b"\x89HDF\r\n\x1a\n", 0, "look-alike", "an HDF5 file (a Keras .h5 model or weights)"),
    (b"PK\x03\x04", 0, "look-alike", "a ZIP archive (a Keras .keras model is one)"),
    (b"TFL3", 4, "look-alike", "a TensorFlow Lite model (.tflite)"),
    (TABLE_MAGIC, -8, "table", "a TensorFlow checkpoint index (.index, or a V1 checkpoint): "
     "its meta graph is the .meta file of the same prefix"),
)  # fmt: skip


def by_magic(head: bytes, tail: bytes) -> Optional[Tuple[str, str]]:
    """What a magic number says a file is, from its first bytes and its last 8: (its kind, as
    ``DecodeError.what`` names kinds, and its description in words), or None."""
    for magic, offset, kind, words in _MAGIC:
        found = tail[offset:] if offset < 0 else head[offset : offset + len(magic)]
        if found == magic:
            return kind, words
    if len(head) >= 12 and _masked_crc32c(head[:8]) == int.from_bytes(head[8:12], "little"):
        # A TFRecord frame: a uint64 length, then its masked CRC-32C (tensorflow/core/lib/io/record_writer.cc).
        # An event file's first record is the Event of its version: a wall time (09 + 8 bytes), then field 3,
        # "brain.Event:2" (EventsWriter::InitIfNeeded).
        if head[12:13] == b"\x09" and head[21:22] == b"\x1a" and head[23:35] == b"brain.Event:":
            return "look-alike", "a TensorBoard event file (tf.summary's records): `tfcollections events FILE` reads it"
        return "look-alike", (
            "a TFRecord file (tf.data records; TensorBoard's event files are TFRecords too): `tfcollections records "
            "FILE` reads it"
        )
    return None


def _masked_crc32c(data: bytes) -> int:
    """TensorFlow's masked CRC-32C of a few bytes (a TFRecord frame's length), bit by bit: the one CRC needed
    below the checkpoint wing, whose ``crc32c`` module computes them fast."""
    crc = 0xFFFF_FFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F6_3B78 if crc & 1 else 0)
    crc ^= 0xFFFF_FFFF
    return ((((crc >> 15) | (crc << 17)) & 0xFFFF_FFFF) + 0xA282_EAD8) & 0xFFFF_FFFF


# FingerprintDef (tensorflow/core/protobuf/fingerprint.proto): five uint64 hashes (1-5), a VersionDef (6) and,
# since TensorFlow 2.19, the SavedModel's uuid (7, a string).
_FINGERPRINT_FIELDS: Final = frozenset({(1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 2), (7, 2)})


def by_fields(pairs: Set[Tuple[int, int]], counts: Dict[int, int], first_value: bytes) -> Optional[str]:
    """The kind of message its top-level (field number, wire type) pairs say, or None.

    *first_value* is the start of the first field's value (for a repeated field 1, what one entry holds).
    """
    if pairs <= _FINGERPRINT_FIELDS and (1, 0) in pairs:
        return "a SavedModel fingerprint (fingerprint.pb: hashes of the SavedModel, which is saved_model.pb beside it)"
    if (1, 0) in pairs and (7, 2) in pairs and (8, 2) in pairs:
        # ModelProto (onnx/onnx.proto): ir_version = 1, graph = 7, opset_import = 8.
        return "an ONNX model (ModelProto)"
    if counts.get(1, 0) > 1 and (b"_tf_keras" in first_value or b'"class_name"' in first_value):
        # SavedMetadata (keras/protobuf/saved_metadata.proto): nodes with JSON metadata.
        return "Keras metadata (keras_metadata.pb, beside a SavedModel's saved_model.pb)"
    return None


def text_kind(first_field: str) -> Optional[str]:
    """What a text file is whose first field name is *first_field*, when it is a known one, else None."""
    if first_field == "fileFormatVersion":
        return "a Unity asset .meta file (fileFormatVersion), not a TensorFlow .meta"
    return None


def plain_text(head: bytes) -> str:
    """A text file that is not protobuf text format, said in words: what its first line is."""
    line = head.split(b"\n", 1)[0].strip()
    shown = line[:60].decode("utf-8", "backslashreplace")
    return f"a text file, not a MetaGraphDef or SavedModel in either format: its first line is {shown!r}"
