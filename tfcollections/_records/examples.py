# SPDX-License-Identifier: Apache-2.0
"""``tf.train.Example`` and ``SequenceExample`` (example.proto, feature.proto) as plain Python data.

Strategy: a record is parsed by the schema table's decoder (protobuf's rules: a feature given twice merges, a map
key given twice keeps the last, packed and unpacked lists both read, floats as the float32 values they are), then
each ``Feature`` becomes the list its one kind holds: ``bytes`` for a ``bytes_list``, ``float`` for a
``float_list``, ``int`` for an ``int64_list``, ``[]`` for a feature of no kind. A ``SequenceExample`` is told from
an ``Example`` by its ``feature_lists`` (field 2); one of context only reads as the ``Example`` it is on the wire,
unless ``sequence=True`` says otherwise. The column form gathers many records by feature name.

An Example as TensorFlow writes it (each feature one entry of a key and a ``Feature`` of one kind, each list packed
in one run) is read in one pass (``_fast_example``), without a dict per message; anything else (fields out of
order or repeated, unknown fields, lists in several runs, damage) is left to the decoder, which knows every rule.
"""

from __future__ import annotations

import struct

from .._errors import DecodeError
from .._proto.compiled import COMPILED, field_tag, to_int64
from .._proto.decoder import parse_message
from .._proto.wire import read_tag, skip_field
from .tfrecord import records

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, Final, Iterator, List, Optional, Tuple, Union

    from .._typing import Decoded
    from .tfrecord import PathLike

    Values = Union[List[bytes], List[float], List[int]]

_EXAMPLE = COMPILED["tensorflow.Example"]
_SEQUENCE_EXAMPLE = COMPILED["tensorflow.SequenceExample"]
_KINDS = ("bytes_list", "float_list", "int64_list")
_FEATURE_LISTS_TAG = field_tag("tensorflow.SequenceExample", "feature_lists")  # what an Example has not
# The tags of the one-pass reading, from the schema.
_FEATURES_TAG = field_tag("tensorflow.Example", "features")
_ENTRY_TAG = field_tag("tensorflow.Features", "feature")
_KEY_TAG = field_tag("tensorflow.Features.FeatureEntry", "key")
_VALUE_TAG = field_tag("tensorflow.Features.FeatureEntry", "value")
_BYTES_LIST_TAG = field_tag("tensorflow.Feature", "bytes_list")
_FLOAT_LIST_TAG = field_tag("tensorflow.Feature", "float_list")
_INT64_LIST_TAG = field_tag("tensorflow.Feature", "int64_list")
_BYTES_TAG = field_tag("tensorflow.BytesList", "value")
_FLOATS_TAG = field_tag("tensorflow.FloatList", "value")  # packed
_INT64S_TAG = field_tag("tensorflow.Int64List", "value")  # packed


def _values(feature: Decoded) -> Values:
    for kind in _KINDS:
        found = feature[kind]
        if found is not None:
            return found["value"]  # type: ignore[no-any-return]
    return []


def _features(features: Optional[Decoded]) -> Dict[str, Values]:
    if features is None:
        return {}
    return {name: _values(feature) for name, feature in features["feature"].items()}


def is_sequence(blob: bytes) -> bool:
    """Whether *blob* has a top-level field 2 (``feature_lists``), which an Example has not."""
    pos, end = 0, len(blob)
    while pos < end:
        tag, pos = read_tag(blob, pos, end)
        if tag == _FEATURE_LISTS_TAG:
            return True
        pos = skip_field(blob, pos, end, tag, 0)
    return False


def _size(blob: bytes, pos: int) -> Tuple[int, int]:
    """A length of at most three bytes (2 MB) and where its field starts; a longer one raises IndexError."""
    size = blob[pos]
    if size < 0x80:
        return size, pos + 1
    second = blob[pos + 1]
    if second < 0x80:
        return (size & 0x7F) | (second << 7), pos + 2
    third = blob[pos + 2]
    if third < 0x80:
        return (size & 0x7F) | ((second & 0x7F) << 7) | (third << 14), pos + 3
    raise IndexError("a length of four bytes or more: the decoder's")


_UINT64: Final = 0xFFFF_FFFF_FFFF_FFFF

# A packed run of floats' length -> its struct's unpack_from, for the lengths met (up to _FLOAT_RUNS_KEPT of them).
_FLOAT_RUNS: Final[Dict[int, Callable[[bytes, int], Tuple[float, ...]]]] = {}
_FLOAT_RUNS_KEPT: Final = 256


def _float_run(length: int) -> Callable[[bytes, int], Tuple[float, ...]]:
    unpack = struct.Struct(f"<{length >> 2}f").unpack_from
    if len(_FLOAT_RUNS) < _FLOAT_RUNS_KEPT:
        _FLOAT_RUNS[length] = unpack
    return unpack


def _fast_example(blob: bytes) -> Optional[Dict[str, Values]]:
    """An Example as TensorFlow writes it, in one pass: ``decode_example``'s answer, or None for anything else.

    A length of one byte is read inline, a longer one by ``_size``: a call for each of an entry's four lengths was
    a twentieth of an Example's instructions (callgrind)."""
    end = len(blob)
    out: Dict[str, Values] = {}
    if end == 0:
        return out
    try:
        if blob[0] != _FEATURES_TAG:
            return None
        length, pos = _size(blob, 1)
        if pos + length != end:  # one features field, the whole Example
            return None
        while pos < end:
            if blob[pos] != _ENTRY_TAG:
                return None
            length = blob[pos + 1]
            if length < 0x80:
                pos += 2
            else:
                length, pos = _size(blob, pos + 1)
            entry_end = pos + length
            if entry_end > end or blob[pos] != _KEY_TAG:
                return None
            length = blob[pos + 1]
            if length < 0x80:
                pos += 2
            else:
                length, pos = _size(blob, pos + 1)
            key_end = pos + length
            if key_end >= entry_end or blob[key_end] != _VALUE_TAG:
                return None
            key = blob[pos:key_end].decode()
            length = blob[key_end + 1]
            if length < 0x80:
                pos = key_end + 2
            else:
                length, pos = _size(blob, key_end + 1)
            if pos + length != entry_end:  # the value ends the entry
                return None
            if pos == entry_end:  # a feature of no kind
                out[key] = []
                continue
            kind = blob[pos]
            length = blob[pos + 1]
            if length < 0x80:
                pos += 2
            else:
                length, pos = _size(blob, pos + 1)
            if pos + length != entry_end:  # one kind, the whole feature
                return None
            values: Values
            if kind == _BYTES_LIST_TAG:
                strings: List[bytes] = []
                while pos < entry_end:
                    if blob[pos] != _BYTES_TAG:
                        return None
                    length = blob[pos + 1]
                    if length < 0x80:
                        pos += 2
                    else:
                        length, pos = _size(blob, pos + 1)
                    if pos + length > entry_end:
                        return None
                    strings.append(blob[pos : pos + length])
                    pos += length
                values = strings
            elif pos == entry_end:  # an empty list of floats or ints
                if kind != _FLOAT_LIST_TAG and kind != _INT64_LIST_TAG:
                    return None
                values = []
            elif blob[pos] != (_FLOATS_TAG if kind == _FLOAT_LIST_TAG else _INT64S_TAG):
                return None
            elif kind == _FLOAT_LIST_TAG:
                length = blob[pos + 1]
                if length < 0x80:
                    pos += 2
                else:
                    length, pos = _size(blob, pos + 1)
                if pos + length != entry_end or length & 3:  # one packed run
                    return None
                unpack = _FLOAT_RUNS.get(length)
                if unpack is None:
                    unpack = _float_run(length)
                values = list(unpack(blob, pos))
            elif kind == _INT64_LIST_TAG:
                length = blob[pos + 1]
                if length < 0x80:
                    pos += 2
                else:
                    length, pos = _size(blob, pos + 1)
                if pos + length != entry_end:  # one packed run
                    return None
                # The varints of the run: the first two or three bytes of each taken from one iterator over the
                # run's bytes (1.7x a loop that visits every byte with a shift and a mask), a longer one finished by
                # a loop of its own on the same iterator; a run that ends inside a varint stops the iterator.
                numbers: List[int] = []
                append = numbers.append
                following = iter(blob[pos:entry_end])
                take = following.__next__
                for byte in following:
                    if byte < 0x80:
                        append(byte)
                        continue
                    second = take()
                    if second < 0x80:
                        append((byte & 0x7F) | (second << 7))
                        continue
                    third = take()
                    if third < 0x80:
                        append((byte & 0x7F) | ((second & 0x7F) << 7) | (third << 14))
                        continue
                    number = (byte & 0x7F) | ((second & 0x7F) << 7) | ((third & 0x7F) << 14)
                    shift = 21
                    for later in following:
                        if later < 0x80:
                            number |= later << shift
                            # A varint of ten bytes may be negative or past 64 bits: as int64.
                            append(number if number <= 0x7FFF_FFFF_FFFF_FFFF else to_int64(number & _UINT64))
                            break
                        number |= (later & 0x7F) << shift
                        shift += 7
                        if shift > 63:  # an eleventh byte: the decoder's to refuse
                            return None
                    else:  # the run ends inside a varint
                        return None
                values = numbers
            else:
                return None
            out[key] = values
            pos = entry_end
    except (IndexError, UnicodeDecodeError, StopIteration):  # StopIteration: a run ends inside a varint
        return None
    return out


def decode_example(blob: bytes, *, sequence: Optional[bool] = None) -> Dict[str, Any]:
    """One serialized ``tf.train.Example`` as ``{feature name: values}``, or a ``SequenceExample`` as
    ``{"context": {name: values}, "feature_lists": {name: [values, ...]}}``. *sequence*: None tells them apart
    by the content (see the module's docstring). Raises ``DecodeError`` for bytes that are not one, saying where."""
    data = bytes(blob)
    if not sequence:
        found = _fast_example(data)
        if found is not None:
            return found
    if sequence is None:
        sequence = is_sequence(data)
    message = _SEQUENCE_EXAMPLE if sequence else _EXAMPLE
    decoded: Decoded = message.new()
    parse_message(data, 0, len(data), message, decoded, 0)
    if not sequence:
        return _features(decoded["features"])
    lists = decoded["feature_lists"]
    return {
        "context": _features(decoded["context"]),
        "feature_lists": {name: [_values(feature) for feature in feature_list["feature"]]
                          for name, feature_list in (lists["feature_list"] if lists is not None else {}).items()},
    }  # fmt: skip


def examples(
    path: PathLike,
    *,
    compression: Optional[str] = None,
    sequence: Optional[bool] = None,
    verify: bool = True,
    strict: bool = False,
) -> Iterator[Dict[str, Any]]:
    """Each record of the TFRecord file at *path* through ``decode_example``; a record that is no Example raises
    ``DecodeError`` naming its index (``records`` says the rest of the arguments)."""
    for index, blob in enumerate(records(path, compression=compression, verify=verify, strict=strict)):
        try:
            yield decode_example(blob, sequence=sequence)
        except DecodeError as exc:
            exc._within(f"record {index} of {path} is not a tf.train.{'Sequence' if sequence else ''}Example")
            raise


def example_columns(
    path: PathLike, *, compression: Optional[str] = None, verify: bool = True, strict: bool = False
) -> Dict[str, List[Optional[Values]]]:
    """The Examples of the file at *path* by feature: ``{name: [values of record 0, of record 1, ...]}``, None
    where a record lacks the feature; the names in the order they first appear (``pandas.DataFrame`` takes it)."""
    columns: Dict[str, List[Optional[Values]]] = {}
    read = examples(path, compression=compression, sequence=False, verify=verify, strict=strict)
    for count, example in enumerate(read):
        for name in example:
            if name not in columns:
                columns[name] = [None] * count  # absent from the records before
        for name, column in columns.items():
            column.append(example.get(name))
    return columns
