# SPDX-License-Identifier: Apache-2.0
"""The strict APIs: DecodeError says what, where (byte offset) and in which field."""

from __future__ import annotations

import pickle
import struct

import pytest

import tfcollections
from tfcollections import DecodeError


def _strict_error(collection: str, blob: bytes) -> DecodeError:
    with pytest.raises(DecodeError) as info:
        tfcollections.decode_strict(collection, blob)
    return info.value


def test_truncated_field_deep_in_a_while_context() -> None:
    empty_cond = b"\x62\x02\x0a\x00"  # nested_contexts { cond_ctxt {} }
    truncated_values_def = b"\x2a\x28" + b"\x0a\x01a" * 4  # says 40 bytes, 12 follow
    cond = b"\x0a" + bytes([len(truncated_values_def)]) + truncated_values_def
    blob = empty_cond + empty_cond + b"\x62" + bytes([len(cond)]) + cond
    error = _strict_error("while_context", blob)
    assert str(error) == (
        "truncated length-delimited field: needs 40 bytes, 12 left "
        "(at byte 14, in WhileContextDef.nested_contexts[2].cond_ctxt.values_def)"
    )
    assert error.msg == "truncated length-delimited field: needs 40 bytes, 12 left"
    assert error.pos == 14
    assert error.path == ("WhileContextDef", "nested_contexts", 2, "cond_ctxt", "values_def")
    assert error.path_str == "WhileContextDef.nested_contexts[2].cond_ctxt.values_def"
    assert isinstance(error, ValueError)


@pytest.mark.parametrize(
    ("collection", "hex_blob", "message"),
    [
        (
            "variables",
            "0a036162ff",
            "invalid UTF-8 in string field: invalid start byte (at byte 4, in VariableDef.variable_name)",
        ),
        (
            "variables",
            "28",
            "truncated varint field: the input ends before its value (at byte 1, in VariableDef.is_resource)",
        ),
        (
            "savers",
            "350000",
            "truncated fixed32 field: needs 4 bytes, 2 left (at byte 1, in SaverDef.keep_checkpoint_every_n_hours)",
        ),
        ("variables", "28" + "ff" * 10 + "01", "varint longer than 10 bytes (at byte 1, in VariableDef)"),
        ("variables", "2880", "truncated varint: its message ends at byte 2 (at byte 1, in VariableDef)"),
        ("variables", "0001", "invalid field number 0 (at byte 0, in VariableDef)"),
        ("variables", "0e", "invalid wire type 6 (field 1) (at byte 0, in VariableDef)"),
        ("variables", "0c", "end-group tag of field 1 outside a group of that field (at byte 0, in VariableDef)"),
        (
            "variables",
            "a306ac06",
            "group of field 100 closed by the end-group tag of field 101 (at byte 2, in VariableDef)",
        ),
        (
            "variables",
            "a3060801",
            "unterminated group of field 100: no end-group tag before byte 4 (at byte 2, in VariableDef)",
        ),
        (
            "variables",
            "8a80808080000161",
            "malformed field tag: 6 bytes, value 10 does not fit in 32 bits (at byte 0, in VariableDef)",
        ),
        (
            "variables",
            "0a05616263",
            "truncated length-delimited field: needs 5 bytes, 3 left (at byte 2, in VariableDef.variable_name)",
        ),
        (
            "variables",
            "22021a05",
            "truncated length-delimited field: needs 5 bytes, 0 left "
            "(at byte 4, in VariableDef.save_slice_info_def.var_offset)",
        ),
        (
            "variables",
            "2203120180",
            "truncated varint: its message ends at byte 5 (at byte 4, in VariableDef.save_slice_info_def)",
        ),
        (
            "cond_context",
            "2a0512030a01ff",
            "invalid UTF-8 in string field: invalid start byte "
            "(at byte 6, in CondContextDef.values_def.external_values.key)",
        ),
        (
            "queue_runners",
            "1201611201ff",
            "invalid UTF-8 in string field: invalid start byte (at byte 5, in QueueRunnerDef.enqueue_op_name)",
        ),
    ],
    ids=[
        "bad-utf8",
        "no-varint-value",
        "short-fixed32",
        "varint-11-bytes",
        "varint-cut",
        "field-0",
        "wire-type-6",
        "stray-end-group",
        "group-mismatch",
        "group-unterminated",
        "tag-too-long",
        "length-past-end",
        "nested-length-past-end",
        "packed-varint-cut",
        "map-key-utf8",
        "repeated-string-utf8",
    ],
)
def test_error_messages(collection: str, hex_blob: str, message: str) -> None:
    assert str(_strict_error(collection, bytes.fromhex(hex_blob))) == message


def test_overrunning_field_names_the_field_and_the_end() -> None:
    # save_slice_info_def's content ends inside a fixed32 of an unknown field: it reads past its message.
    error = _strict_error("variables", bytes.fromhex("2203a5010102030405"))
    assert "truncated fixed32 field 20" in str(error)
    assert error.path == ("VariableDef", "save_slice_info_def")


def test_unregistered_collection_is_rejected_by_name() -> None:
    with pytest.raises(DecodeError) as info:
        tfcollections.decode_strict("my_strings", b"")
    assert str(info.value).startswith("no message type is registered for collection 'my_strings' (registered: ")
    assert "while_context" in str(info.value)
    assert info.value.pos is None


def test_decode_message_by_full_or_short_type_name() -> None:
    assert tfcollections.decode_message("tensorflow.SaverDef", b"\x20\x05")["max_to_keep"] == 5
    assert tfcollections.decode_message("SaveSliceInfoDef", b"\x12\x01\x07")["full_shape"] == [7]
    assert tfcollections.decode_message("ValuesDef", b"") == {"values": [], "external_values": {}}
    with pytest.raises(DecodeError, match=r"in ControlFlowContextDef\.cond_ctxt"):
        tfcollections.decode_message("ControlFlowContextDef", b"\x0a\x05")
    with pytest.raises(ValueError, match="unknown message type 'GradientDef'"):
        tfcollections.decode_message("GradientDef", b"")  # never parsed: not in the schema
    # A checkpoint's messages: a fixed32 (a CRC32C), and doubles and unsigned numbers of a TensorProto.
    entry = tfcollections.decode_message("BundleEntryProto", b"\x08\x01\x35\x78\x56\x34\xf2")
    assert (entry["dtype"], entry["crc32c"]) == ("DT_FLOAT", 0xF2345678)
    tensor = tfcollections.decode_message(
        "TensorProto", b"\x32\x10" + struct.pack("<2d", 0.1, -2.5) + b"\x31" + struct.pack("<d", 7.0)
        + b"\x82\x01\x05\xff\xff\xff\xff\x0f" + b"\x88\x01\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01"
    )  # fmt: skip
    assert tensor["double_val"] == [0.1, -2.5, 7.0]  # packed, then one unpacked (wire type 1)
    assert tensor["uint32_val"] == [2**32 - 1] and tensor["uint64_val"] == [2**64 - 1]


def test_decode_error_survives_pickling() -> None:
    error = _strict_error("while_context", b"\x62\x03\x0a\x01\xff")
    copy = pickle.loads(pickle.dumps(error))
    assert (str(copy), copy.pos, copy.path) == (str(error), error.pos, error.path)
    # A text error keeps its line and column, which its message is rendered from.
    with pytest.raises(DecodeError) as info:
        tfcollections.loads(b"saver_def {\n  sharded: maybe\n}\n")
    text_error = info.value
    copy = pickle.loads(pickle.dumps(text_error))
    assert (copy.msg, copy.pos, copy.lineno, copy.colno, copy.path, copy.context) == (
        text_error.msg,
        text_error.pos,
        2,
        12,
        ("MetaGraphDef", "saver_def", "sharded"),
        ("bad text-format MetaGraphDef",),
    )
    assert (
        str(copy)
        == str(text_error)
        == (
            "bad text-format MetaGraphDef: expected true or false, found 'maybe' at line 2, column 12 "
            "(at byte 23, in MetaGraphDef.saver_def.sharded)"
        )
    )


def test_a_truncation_carries_what_was_needed_and_what_was_left() -> None:
    # The file reader tells a field cut off by the end of the input from damage by these attributes.
    from tfcollections._errors import Truncated

    error = _strict_error("savers", b"\x0a\x28" + b"ab")
    assert isinstance(error, Truncated) and (error.needed, error.left, error.pos) == (40, 2, 2)
    assert not isinstance(_strict_error("savers", b"\x0a\x02\xff\xfe"), Truncated)  # bad UTF-8: damage


def test_strict_api_type_errors() -> None:
    with pytest.raises(TypeError):
        tfcollections.decode_strict("variables", "text")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        tfcollections.decode_message(b"VariableDef", b"")  # type: ignore[arg-type]


def test_oneof_string_member_clears_the_other_members() -> None:
    coo = b"\x22\x03\x0a\x01v"  # coo_sparse { values_tensor_name: "v" }
    name = b"\x0a\x02x:"  # name: "x:"
    assert tfcollections.decode_message("TensorInfo", coo + name)["coo_sparse"] is None
    assert tfcollections.decode_message("TensorInfo", coo + name)["name"] == "x:"
    later = tfcollections.decode_message("TensorInfo", name + coo)
    assert later["name"] is None and later["coo_sparse"]["values_tensor_name"] == "v"
    assert tfcollections.decode_message("TensorInfo", b"")["name"] is None  # a oneof member has presence


def test_oneof_scalars_keep_presence_and_clear_each_other() -> None:
    # AttrValue: every member is in oneof "value". A zero is present; a later member replaces an earlier one.
    assert tfcollections.decode_message("AttrValue", b"\x18\x00")["i"] == 0
    later = tfcollections.decode_message("AttrValue", b"\x18\x07" + b"\x12\x02ab" + b"\x28\x01")
    assert (later["i"], later["s"], later["b"]) == (None, None, True)
    as_float = tfcollections.decode_message("AttrValue", b"\x12\x01x" + b"\x25\x00\x00\xc0\x3f")
    assert (as_float["s"], as_float["f"]) == (None, 1.5)
    typed = tfcollections.decode_message("AttrValue", b"\x25\x00\x00\xc0\x3f" + b"\x30\x09")
    assert (typed["f"], typed["type"]) == (None, "DT_INT64")
    skipped = tfcollections.decode_message("AttrValue", b"\x30\x01" + b"\x42\x02\x08\x01")
    assert skipped["type"] is None and skipped["tensor"] == {"type": "tensorflow.TensorProto", "offset": 4, "size": 2}
    for value in (later, as_float, typed):
        assert tfcollections.decode_message("AttrValue", tfcollections.encode_message("AttrValue", value)) == value


def test_repeated_skipped_fields_and_unpacked_floats() -> None:
    function = tfcollections.decode_message("FunctionDef", b"\x0a\x03\x0a\x01f" + b"\x3a\x03\x08\x01x" + b"\x3a\x00")
    entry = "tensorflow.FunctionDef.ArgAttrEntry"
    assert function["arg_attr"] == [{"type": entry, "offset": 7, "size": 3}, {"type": entry, "offset": 12, "size": 0}]
    floats = tfcollections.decode_message("tensorflow.AttrValue.ListValue", b"\x25\x00\x00\x80\x3f\x25\x00\x00\x00\x40")
    assert floats["f"] == [1.0, 2.0]
    with pytest.raises(ValueError, match="cannot be encoded"):
        tfcollections.encode_message("FunctionDef", function)
