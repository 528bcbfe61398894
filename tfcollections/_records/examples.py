# SPDX-License-Identifier: Apache-2.0
"""``tf.train.Example`` and ``SequenceExample`` (example.proto, feature.proto) as plain Python data.

Strategy: a record is parsed by the schema table's decoder (protobuf's rules: a feature given twice merges, a map
key given twice keeps the last, packed and unpacked lists both read, floats as the float32 values they are), then
each ``Feature`` becomes the list its one kind holds: ``bytes`` for a ``bytes_list``, ``float`` for a
``float_list``, ``int`` for an ``int64_list``, ``[]`` for a feature of no kind. A ``SequenceExample`` is told from
an ``Example`` by its ``feature_lists`` (field 2); one of context only reads as the ``Example`` it is on the wire,
unless ``sequence=True`` says otherwise. The column form gathers many records by feature name.
"""

from __future__ import annotations

from .._errors import DecodeError
from .._proto.compiled import COMPILED, field_tag
from .._proto.decoder import parse_message
from .._proto.wire import read_tag, skip_field
from .tfrecord import records

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Dict, Iterator, List, Optional, Union

    from .._typing import Decoded
    from .tfrecord import PathLike

    Values = Union[List[bytes], List[float], List[int]]

_EXAMPLE = COMPILED["tensorflow.Example"]
_SEQUENCE_EXAMPLE = COMPILED["tensorflow.SequenceExample"]
_KINDS = ("bytes_list", "float_list", "int64_list")
_FEATURE_LISTS_TAG = field_tag("tensorflow.SequenceExample", "feature_lists")  # what an Example has not


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


def _is_sequence(blob: bytes) -> bool:
    """Whether *blob* has a top-level field 2 (``feature_lists``), which an Example has not."""
    pos, end = 0, len(blob)
    while pos < end:
        tag, pos = read_tag(blob, pos, end)
        if tag == _FEATURE_LISTS_TAG:
            return True
        pos = skip_field(blob, pos, end, tag, 0)
    return False


def decode_example(blob: bytes, *, sequence: Optional[bool] = None) -> Dict[str, Any]:
    """One serialized ``tf.train.Example`` as ``{feature name: values}``, or a ``SequenceExample`` as
    ``{"context": {name: values}, "feature_lists": {name: [values, ...]}}``. *sequence*: None tells them apart
    by the content (see the module's docstring). Raises ``DecodeError`` for bytes that are not one, saying where."""
    data = bytes(blob)
    if sequence is None:
        sequence = _is_sequence(data)
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
