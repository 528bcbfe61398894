# SPDX-License-Identifier: Apache-2.0
"""The output contract of decode, one test per line of it (docs/contract.md)."""

from __future__ import annotations

import array
from typing import Any, Dict

import pytest

import tfcollections
from tfcollections._proto.schema import MESSAGES

from .helpers import load_items, same
from .wire_cases import DEFAULTS

REAL = load_items("tf_items")


@pytest.mark.parametrize("collection", sorted(tfcollections.COLLECTIONS))
def test_every_field_is_present_with_its_default_keyed_by_proto_name(collection: str) -> None:
    assert same(tfcollections.decode(collection, b""), DEFAULTS[collection])


def test_keys_are_the_proto_field_names_in_declaration_order() -> None:
    by_name = {message.name: message for message in MESSAGES}
    for collection, type_name in tfcollections.COLLECTIONS.items():
        assert list(tfcollections.decode(collection, b"")) == [f.name for f in by_name[type_name].fields]


def _check_key_order(value: Any, type_name: str, by_name: Dict[str, Any]) -> int:
    message = by_name[type_name]
    assert list(value) == [field.name for field in message.fields], type_name
    checked = 1
    for field in message.fields:
        if field.type != "message" or value[field.name] is None:
            continue
        for item in value[field.name] if field.repeated else [value[field.name]]:
            checked += _check_key_order(item, field.ref, by_name)
    return checked


def test_nested_messages_keep_declaration_order_too() -> None:
    by_name = {message.name: message for message in MESSAGES}
    checked = 0
    for item in REAL:
        decoded = tfcollections.decode(item["collection"], bytes.fromhex(item["hex"]))
        checked += _check_key_order(decoded, tfcollections.COLLECTIONS[item["collection"]], by_name)
    assert checked > len(REAL)  # nested messages were visited


def _types(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _types(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_types(item) for item in value]
    return type(value).__name__


def test_value_types_of_a_real_partitioned_variable() -> None:
    item = next(i for i in REAL if i["collection"] == "variables" and i["expected"]["save_slice_info_def"])
    decoded = tfcollections.decode("variables", bytes.fromhex(item["hex"]))
    assert _types(decoded) == {
        "variable_name": "str",
        "initial_value_name": "str",
        "initializer_name": "str",
        "snapshot_name": "str",
        "save_slice_info_def": {
            "full_name": "str",
            "full_shape": ["int", "int"],
            "var_offset": ["int", "int"],
            "var_shape": ["int", "int"],
        },
        "is_resource": "bool",
        "trainable": "bool",
        "synchronization": "str",
        "aggregation": "str",
    }


def test_string_that_is_not_utf8_means_not_the_message() -> None:
    blob = b"\x0a\x02\xc3\x28"
    assert tfcollections.decode("variables", blob) is blob


def test_int64_negative_as_ten_byte_varint() -> None:
    blob = bytes.fromhex("220c1a0a" + "ff" * 9 + "01")
    assert tfcollections.decode("variables", blob)["save_slice_info_def"]["var_offset"] == [-1]


def test_int32_keeps_the_low_32_bits_signed() -> None:
    assert tfcollections.decode("savers", bytes.fromhex("20ffffffff0f"))["max_to_keep"] == -1
    assert tfcollections.decode("savers", bytes.fromhex("208180808010"))["max_to_keep"] == 1
    assert tfcollections.decode("cond_context", bytes.fromhex("20feffffff0f"))["branch"] == -2


def test_bool_any_nonzero_varint_is_true() -> None:
    assert tfcollections.decode("variables", b"\x38\x07")["trainable"] is True
    assert tfcollections.decode("variables", b"\x38\x00")["trainable"] is False


def test_float_is_the_float32_value() -> None:
    decoded = tfcollections.decode("savers", bytes.fromhex("35cdcccc3d"))
    assert decoded["keep_checkpoint_every_n_hours"] == 0.10000000149011612  # float32(0.1), widened exactly


def test_enums_are_names_or_the_plain_int() -> None:
    assert tfcollections.decode("variables", b"\x48\x02")["aggregation"] == "VARIABLE_AGGREGATION_MEAN"
    assert tfcollections.decode("savers", b"\x38\x02")["version"] == "V2"
    assert tfcollections.decode("queue_runners", b"\x2a\x01\x0b")["queue_closed_exception_types"] == ["OUT_OF_RANGE"]
    assert tfcollections.decode("savers", b"\x38\x07")["version"] == 7


def test_repeated_is_a_list_and_map_a_dict() -> None:
    decoded = tfcollections.decode("cond_context", bytes.fromhex("2a0b0a017612060a016b120176"))
    assert decoded["values_def"] == {"values": ["v"], "external_values": {"k": "v"}}


def test_absent_message_is_none() -> None:
    assert tfcollections.decode("variables", b"\x0a\x01a")["save_slice_info_def"] is None


def test_decoded_containers_are_not_shared_between_results() -> None:
    first = tfcollections.decode("queue_runners", b"")
    first["enqueue_op_name"].append("mutated")
    assert tfcollections.decode("queue_runners", b"")["enqueue_op_name"] == []


def _nested_messages(levels: int) -> bytes:
    # CondContextDef.nested_contexts[0].cond_ctxt, *levels* times, built inside out in O(levels).
    chunks = []
    size = 0
    for _ in range(levels):
        for tag in (b"\x0a", b"\x32"):
            length = tfcollections._proto.wire.encode_varint(size)
            chunks.append(tag + length)
            size += 1 + len(length)
    return b"".join(reversed(chunks))


def test_nesting_deeper_than_100_messages_is_not_the_message() -> None:
    assert isinstance(tfcollections.decode("cond_context", _nested_messages(50)), dict)  # 100 deep
    blob = _nested_messages(51)  # 102 deep
    assert tfcollections.decode("cond_context", blob) is blob
    with pytest.raises(tfcollections.DecodeError, match="nesting deeper than 100"):
        tfcollections.decode_strict("cond_context", blob)


def test_hostile_nesting_never_recurses_without_bound() -> None:
    messages = _nested_messages(200_000)
    assert tfcollections.decode("cond_context", messages) is messages
    groups = b"\xa3\x06" * 1_000_000 + b"\xa4\x06" * 1_000_000
    assert tfcollections.decode("variables", groups) is groups


# --- the input and the fallback


def test_bytes_come_back_as_the_same_object() -> None:
    blob = b"\xff\xff"
    assert tfcollections.decode("variables", blob) is blob
    assert tfcollections.decode("not_registered", blob) is blob


@pytest.mark.parametrize("wrap", [bytearray, memoryview], ids=["bytearray", "memoryview"])
def test_bytearray_and_memoryview_are_accepted(wrap: Any) -> None:
    assert tfcollections.decode("variables", wrap(b"\x0a\x01a"))["variable_name"] == "a"
    fallback = tfcollections.decode("variables", wrap(b"\xff"))
    assert type(fallback) is bytes and fallback == b"\xff"
    assert tfcollections.decode("notes", wrap(b"raw")) == b"raw"


def test_memoryview_of_a_wider_format_is_read_as_its_bytes() -> None:
    view = memoryview(array.array("B", b"\x0a\x01a")).cast("B", (3,))
    assert tfcollections.decode("variables", view)["variable_name"] == "a"
    # array(typecode, bytes) keeps the bytes as they are, whatever the machine's byte order.
    assert tfcollections.decode("variables", memoryview(array.array("H", b"\x0a\x02ab")))["variable_name"] == "ab"
    cut = memoryview(array.array("H", b"\x0a\x01a\x0a"))  # the second field has a tag and nothing more
    fallback = tfcollections.decode("variables", cut)
    assert type(fallback) is bytes and fallback == b"\x0a\x01a\x0a"


@pytest.mark.parametrize("blob", ["text", 5, None, [1, 2]], ids=["str", "int", "None", "list"])
def test_a_blob_that_is_not_bytes_like_is_a_type_error(blob: Any) -> None:
    with pytest.raises(TypeError, match="Expected a bytes-like object"):
        tfcollections.decode("variables", blob)


@pytest.mark.parametrize("name", [b"variables", 3, None], ids=["bytes", "int", "None"])
def test_a_name_that_is_not_str_is_a_type_error(name: Any) -> None:
    with pytest.raises(TypeError, match="collection name as str"):
        tfcollections.decode(name, b"")


def test_registry_is_exactly_the_tensorflow_registrations() -> None:
    variable_def = "tensorflow.VariableDef"
    expected: Dict[str, str] = {
        "variables": variable_def,
        "trainable_variables": variable_def,
        "local_variables": variable_def,
        "model_variables": variable_def,
        "moving_average_variables": variable_def,
        "metric_variables": variable_def,
        "global_step": variable_def,
        "savers": "tensorflow.SaverDef",
        "queue_runners": "tensorflow.QueueRunnerDef",
        "cond_context": "tensorflow.CondContextDef",
        "while_context": "tensorflow.WhileContextDef",
    }
    assert dict(tfcollections.COLLECTIONS) == expected
    assert tfcollections.message_type("savers") == "tensorflow.SaverDef"
    assert tfcollections.message_type("concatenated_variables") is None
    with pytest.raises(TypeError):
        tfcollections.COLLECTIONS["mine"] = "x"  # type: ignore[index]


def test_schema_records_are_immutable_and_show_their_fields() -> None:
    from tfcollections._proto.schema import MESSAGES, Enum, Field, Message

    field = MESSAGES[0].fields[0]
    with pytest.raises(AttributeError, match="Field is immutable"):
        field.number = 99  # type: ignore[misc]
    assert field.number == 1
    assert repr(Field(2, "full_shape", "int64", repeated=True)) == (
        "Field(number=2, name='full_shape', type='int64', ref='', repeated=True, oneof='', value='')"
    )
    assert repr(Field(3, "m", "map", "x.V", oneof="o", value="message")) == (
        "Field(number=3, name='m', type='map', ref='x.V', repeated=False, oneof='o', value='message')"
    )
    # Each constructor sets every slot in its order (each sets them one by one, for the import's speed).
    assert repr(Message("x.M", "x.proto", ())) == "Message(name='x.M', proto='x.proto', fields=())"
    assert repr(Enum("x.E", "x.proto", (("A", 0),))) == "Enum(name='x.E', proto='x.proto', values=(('A', 0),))"
    with pytest.raises(AttributeError, match="Message is immutable"):
        MESSAGES[0].name = "other"  # type: ignore[misc]


def test_the_repeated_bool_row_of_the_op_table_decodes() -> None:
    # TensorFlow's schemas have no repeated bool (every other row of _READ_AS is used by them), but the table
    # has a row for it: a schema with one reads it unpacked and packed.
    from tfcollections._proto.compiled import _compile
    from tfcollections._proto.decoder import parse_message
    from tfcollections._proto.schema import BOOL, Field, Message

    message = _compile((Message("test.Flags", "test.proto", (Field(1, "flags", BOOL, repeated=True),)),))["test.Flags"]
    out = message.new()
    parse_message(b"\x08\x01\x08\x00" + b"\x0a\x03\x02\x00\x01", 0, 9, message, out, 0)  # unpacked, then packed
    assert out == {"flags": [True, False, True, False, True]}
