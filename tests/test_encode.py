# SPDX-License-Identifier: Apache-2.0
"""encode: canonical bytes as TensorFlow writes them, and clear errors for bad data."""

from __future__ import annotations

from typing import Any, Dict

import pytest

import tfcollections


def test_canonical_bytes_from_the_reference() -> None:
    # Bytes TensorFlow 2.21 wrote (shared/reference/tf-collection-schemas.md section 1).
    slice_info = {"full_name": "a", "full_shape": [4, 5], "var_offset": [0, 1], "var_shape": [4, -1]}
    assert tfcollections.encode_message("SaveSliceInfoDef", slice_info) == bytes.fromhex(
        "0a0161120204051a020001220b04ffffffffffffffffff01"
    )
    runner = {"queue_closed_exception_types": ["OUT_OF_RANGE"]}
    assert tfcollections.encode("queue_runners", runner) == bytes.fromhex("2a010b")


def test_fields_in_number_order_and_defaults_omitted() -> None:
    variable = {
        "variable_name": "v:0",
        "initial_value_name": "i:0",
        "initializer_name": "",
        "snapshot_name": "s:0",
        "save_slice_info_def": None,
        "is_resource": False,
        "trainable": True,
        "synchronization": "VARIABLE_SYNCHRONIZATION_AUTO",
        "aggregation": "VARIABLE_AGGREGATION_NONE",
    }
    # Declared 1, 6, 2, 3, ...; written 1, 3, 6, 7.
    assert tfcollections.encode("variables", variable) == bytes.fromhex("0a03763a301a03733a303203693a303801")


def test_partial_dicts_are_accepted() -> None:
    assert tfcollections.encode("savers", {"max_to_keep": 5}) == b"\x20\x05"
    assert tfcollections.encode("variables", {}) == b""


def test_an_empty_present_message_is_written() -> None:
    assert tfcollections.encode("variables", {"save_slice_info_def": {}}) == b"\x22\x00"


def test_negative_zero_is_written_and_positive_zero_omitted() -> None:
    assert tfcollections.encode("savers", {"keep_checkpoint_every_n_hours": 0.0}) == b""
    assert tfcollections.encode("savers", {"keep_checkpoint_every_n_hours": -0.0}) == bytes.fromhex("3500000080")


def test_negative_ints_and_enums_are_ten_byte_varints() -> None:
    assert tfcollections.encode("savers", {"max_to_keep": -1}) == bytes.fromhex("20" + "ff" * 9 + "01")
    assert tfcollections.encode("savers", {"version": -2}) == bytes.fromhex("38" + "fe" + "ff" * 8 + "01")


def test_map_entries_write_key_and_value_even_when_empty() -> None:
    values_def = {"external_values": {"": "", "k": "v"}}
    assert tfcollections.encode_message("ValuesDef", values_def) == bytes.fromhex("12040a00120012060a016b120176")


def test_non_canonical_input_comes_back_canonical() -> None:
    # Tags, a length and a value padded with continuation bytes: protobuf reads them all.
    non_canonical = bytes.fromhex("8a008300763a30a8008100")
    decoded = tfcollections.decode("variables", non_canonical)
    assert isinstance(decoded, dict)
    assert tfcollections.encode("variables", decoded) == bytes.fromhex("0a03763a302801")


def test_bytes_pass_through_for_any_collection() -> None:
    assert tfcollections.encode("notes", b"raw") == b"raw"
    assert tfcollections.encode("variables", bytearray(b"\xff")) == b"\xff"
    blob = b"\xff\xfe"
    assert tfcollections.encode("variables", tfcollections.decode("variables", blob)) == blob


def test_oneof_member_encodes() -> None:
    context = {"nested_contexts": [{"cond_ctxt": None, "while_ctxt": {"context_name": "w"}}]}
    assert tfcollections.encode("cond_context", context) == bytes.fromhex("320512030a0177")


@pytest.mark.parametrize(
    ("collection", "data", "error", "message"),
    [
        ("variables", {"name": "v"}, ValueError, "VariableDef: unknown field 'name' for tensorflow.VariableDef"),
        ("variables", {"variable_name": 5}, TypeError, "VariableDef.variable_name: expected str, got int"),
        ("variables", {"variable_name": None}, TypeError, "VariableDef.variable_name: expected str, got NoneType"),
        ("variables", {"trainable": 1}, TypeError, "VariableDef.trainable: expected bool, got int"),
        ("savers", {"max_to_keep": True}, TypeError, "SaverDef.max_to_keep: expected int, got bool"),
        (
            "savers",
            {"max_to_keep": 2**31},
            ValueError,
            "SaverDef.max_to_keep: 2147483648 is out of range for a int32 field",
        ),
        ("savers", {"max_to_keep": 1.5}, TypeError, "SaverDef.max_to_keep: expected int, got float"),
        ("savers", {"version": "V3"}, ValueError, "SaverDef.version: 'V3' is not a value of enum"),
        ("savers", {"version": 2**31}, ValueError, "SaverDef.version: 2147483648 is out of range"),
        ("savers", {"keep_checkpoint_every_n_hours": 1e39}, ValueError, "is too large for a float32 field"),
        ("savers", {"keep_checkpoint_every_n_hours": 10**400}, ValueError, "is too large for a float32 field"),
        ("savers", {"keep_checkpoint_every_n_hours": "1"}, TypeError, "expected float, got str"),
        (
            "variables",
            {"save_slice_info_def": {"full_shape": [2**63]}},
            ValueError,
            "VariableDef.save_slice_info_def.full_shape[0]: 9223372036854775808 is out of range for a int64 field",
        ),
        ("variables", {"save_slice_info_def": {"full_shape": 3}}, TypeError, "full_shape: expected a list, got int"),
        (
            "variables",
            {"save_slice_info_def": []},
            TypeError,
            "expected a dict for tensorflow.SaveSliceInfoDef, got list",
        ),
        (
            "queue_runners",
            {"enqueue_op_name": "abc"},
            TypeError,
            "QueueRunnerDef.enqueue_op_name: expected a list, got str",
        ),
        (
            "queue_runners",
            {"queue_closed_exception_types": ["NOPE"]},
            ValueError,
            "'NOPE' is not a value of enum tensorflow.error.Code",
        ),
        (
            "cond_context",
            {"values_def": {"external_values": {"k": 1}}},
            TypeError,
            "external_values['k']: expected str, got int",
        ),
        (
            "cond_context",
            {"values_def": {"external_values": {1: "v"}}},
            TypeError,
            "external_values[1] (key): expected str, got int",
        ),
        (
            "cond_context",
            {"values_def": {"external_values": [("k", "v")]}},
            TypeError,
            "external_values: expected a dict, got list",
        ),
        ("variables", {"variable_name": "\udc80"}, ValueError, "string is not encodable as UTF-8"),
        (
            "cond_context",
            {"nested_contexts": [{"cond_ctxt": {}, "while_ctxt": {}}]},
            ValueError,
            "CondContextDef.nested_contexts[0]: fields cond_ctxt and while_ctxt of oneof 'ctxt' are both set",
        ),
        ("notes", {"a": 1}, ValueError, "no message type is registered for collection 'notes'"),
        ("variables", "v:0", TypeError, "VariableDef: expected a dict for tensorflow.VariableDef, got str"),
    ],
    ids=lambda value: value if isinstance(value, str) and " " not in value and len(value) < 30 else None,
)
def test_data_that_does_not_fit_the_schema_is_refused(collection: str, data: Any, error: type, message: str) -> None:
    with pytest.raises(error) as info:
        tfcollections.encode(collection, data)
    assert message in str(info.value)


def test_nesting_deeper_than_protobuf_reads_is_refused() -> None:
    context: Dict[str, Any] = {}
    for _ in range(51):
        context = {"nested_contexts": [{"cond_ctxt": context}]}
    with pytest.raises(ValueError, match="nesting deeper than 100"):
        tfcollections.encode("cond_context", context)


def test_self_referencing_data_is_refused_not_a_recursion_error() -> None:
    context: Dict[str, Any] = {"context_name": "loop"}
    context["nested_contexts"] = [{"cond_ctxt": context}]
    with pytest.raises(ValueError, match="nesting deeper than 100"):
        tfcollections.encode("cond_context", context)


def test_a_oneof_string_is_written_when_set_even_to_its_default() -> None:
    assert tfcollections.encode_message("TensorInfo", {"name": ""}) == b"\x0a\x00"
    assert tfcollections.encode_message("TensorInfo", {"name": None}) == b""


def test_fields_that_are_never_parsed_cannot_be_encoded() -> None:
    graph = {"type": "tensorflow.GraphDef", "offset": 10, "size": 100}
    with pytest.raises(ValueError, match=r"MetaGraphDef.graph_def: a tensorflow.GraphDef is not read by tfcollections"):
        tfcollections.encode_message("MetaGraphDef", {"graph_def": graph})
    assert tfcollections.encode_message("MetaGraphDef", {"graph_def": None}) == b""
