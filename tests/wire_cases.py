# SPDX-License-Identifier: Apache-2.0
"""Hand-built wire edge cases: hex in, expected result out.

Data only: ``tests/test_wire_cases.py`` runs them through ``decode``, and
``tools/check_wire_cases.py`` checks every expectation against protobuf itself
(run in the TensorFlow venv), so the table is protobuf's verdict, not ours.

Each case is ``(id, collection, hex, expected)``: ``expected`` is ``REJECT``
(protobuf refuses the bytes, so ``decode`` gives them back) or the fields that
differ from the message's defaults (``DEFAULTS`` below, written out by hand).
"""

from __future__ import annotations

from typing import Any, Dict, List, Tuple, Union

from .helpers import varint

REJECT = "REJECT"

# Every field of every registered message with its default, as the contract states.
DEFAULTS: Dict[str, Dict[str, Any]] = {
    "variables": {
        "variable_name": "",
        "initial_value_name": "",
        "initializer_name": "",
        "snapshot_name": "",
        "save_slice_info_def": None,
        "is_resource": False,
        "trainable": False,
        "synchronization": "VARIABLE_SYNCHRONIZATION_AUTO",
        "aggregation": "VARIABLE_AGGREGATION_NONE",
    },
    "savers": {
        "filename_tensor_name": "",
        "save_tensor_name": "",
        "restore_op_name": "",
        "max_to_keep": 0,
        "sharded": False,
        "keep_checkpoint_every_n_hours": 0.0,
        "version": "LEGACY",
    },
    "queue_runners": {
        "queue_name": "",
        "enqueue_op_name": [],
        "close_op_name": "",
        "cancel_op_name": "",
        "queue_closed_exception_types": [],
    },
    "cond_context": {
        "context_name": "",
        "pred_name": "",
        "pivot_name": "",
        "branch": 0,
        "values_def": None,
        "nested_contexts": [],
    },
    "while_context": {
        "context_name": "",
        "parallel_iterations": 0,
        "back_prop": False,
        "swap_memory": False,
        "pivot_name": "",
        "pivot_for_pred_name": "",
        "pivot_for_body_name": "",
        "loop_exit_names": [],
        "loop_enter_names": [],
        "values_def": None,
        "maximum_iterations_name": "",
        "nested_contexts": [],
    },
}
for _alias in (
    "trainable_variables",
    "local_variables",
    "model_variables",
    "moving_average_variables",
    "metric_variables",
    "global_step",
):
    DEFAULTS[_alias] = DEFAULTS["variables"]
SLICE = {"full_name": "", "full_shape": [], "var_offset": [], "var_shape": []}
COND = DEFAULTS["cond_context"]
WHILE = DEFAULTS["while_context"]


def _varint(value: int) -> str:
    return varint(value).hex()


def _nested_conds(levels: int) -> str:
    """CondContextDef.nested_contexts[0].cond_ctxt, *levels* times: 2 * levels nested messages."""
    blob = b""
    for _ in range(levels):
        context = b"\x0a" + bytes.fromhex(_varint(len(blob))) + blob
        blob = b"\x32" + bytes.fromhex(_varint(len(context))) + context
    return blob.hex()


def _nested_expected(levels: int) -> Dict[str, Any]:
    inner: Dict[str, Any] = dict(COND)
    for _ in range(levels):
        inner = {**COND, "nested_contexts": [{"cond_ctxt": inner, "while_ctxt": None}]}
    return {"nested_contexts": inner["nested_contexts"]}


def _nested_groups(levels: int) -> str:
    return "a306" * levels + "a406" * levels  # field 100, start and end


Expected = Union[str, Dict[str, Any]]
CASES: List[Tuple[str, str, str, Expected]] = [
    # --- basics
    ("empty-blob-all-defaults", "variables", "", {}),
    ("string", "variables", "0a03763a30", {"variable_name": "v:0"}),
    ("last-scalar-wins", "variables", "0a01610a0162", {"variable_name": "b"}),
    ("fields-out-of-order", "variables", "1a01620a0161", {"variable_name": "a", "snapshot_name": "b"}),
    ("unicode-4-byte", "variables", "0a04f09f9880", {"variable_name": "\U0001f600"}),
    # --- varints
    ("non-canonical-length", "variables", "0a8300763a30", {"variable_name": "v:0"}),
    ("non-canonical-tag-2-bytes", "variables", "8a000161", {"variable_name": "a"}),
    ("non-canonical-tag-5-bytes", "variables", "8a808080000161", {"variable_name": "a"}),
    ("tag-6-bytes-rejected", "variables", "8a80808080000161", REJECT),
    ("tag-over-32-bits-rejected", "variables", "ffffffff1f", REJECT),
    ("varint-10-bytes", "variables", "28" + "ff" * 9 + "7f", {"is_resource": True}),
    ("varint-10-bytes-high-bits-dropped", "variables", "28" + "80" * 9 + "7e", {"is_resource": False}),
    ("varint-11-bytes-rejected", "variables", "28" + "ff" * 10 + "01", REJECT),
    ("truncated-varint-rejected", "variables", "2880", REJECT),
    ("missing-value-at-end-rejected", "variables", "28", REJECT),
    # --- tags and wire types
    ("field-number-0-rejected", "variables", "0001", REJECT),
    ("field-number-0-length-rejected", "variables", "0200", REJECT),
    ("wire-type-6-rejected", "variables", "0e", REJECT),
    ("wire-type-7-rejected", "variables", "0f", REJECT),
    ("stray-end-group-rejected", "variables", "0c", REJECT),
    ("end-group-of-unknown-field-rejected", "variables", "a406", REJECT),
    # --- unknown fields of every wire type are skipped
    ("unknown-varint", "variables", "a001050a0161", {"variable_name": "a"}),
    ("unknown-fixed64", "variables", "a10101020304050607080a0161", {"variable_name": "a"}),
    ("unknown-fixed32", "variables", "a501010203040a0161", {"variable_name": "a"}),
    ("unknown-length-delimited", "variables", "a2010200ff0a0161", {"variable_name": "a"}),
    ("deeprec-is-embedding-var-91", "variables", "0a0161d80501", {"variable_name": "a"}),
    ("unknown-fixed64-truncated-rejected", "variables", "a101010203", REJECT),
    ("unknown-fixed32-truncated-rejected", "variables", "a5010102", REJECT),
    ("unknown-length-past-end-rejected", "variables", "a20105ff", REJECT),
    # --- groups
    ("unknown-group-skipped", "variables", "a3060801a4060a0161", {"variable_name": "a"}),
    ("nested-unknown-groups", "variables", "a306ab06ac06a406", {}),
    ("group-field-0-inside-accepted", "variables", "830100018401", {}),
    ("group-mismatched-end-rejected", "variables", "a306ac06", REJECT),
    ("group-unterminated-rejected", "variables", "a3060801", REJECT),
    ("group-wire-type-6-inside-rejected", "variables", "a3060ea406", REJECT),
    ("group-on-known-string-field-skipped", "variables", "0b08010c", {}),
    ("groups-100-deep", "variables", _nested_groups(100), {}),
    ("groups-101-deep-rejected", "variables", _nested_groups(101), REJECT),
    # --- lengths
    ("length-past-end-rejected", "variables", "0a05616263", REJECT),
    ("length-int32-max-rejected", "variables", "0affffffff07", REJECT),
    ("length-2-to-63-rejected", "variables", "0a" + "80" * 9 + "01", REJECT),
    # upb reads a length in at most 5 bytes, as a tag (a value may take 10)
    ("non-canonical-length-5-bytes", "variables", "0a8380808000763a30", {"variable_name": "v:0"}),
    ("length-6-bytes-rejected", "variables", "0a838080808000763a30", REJECT),
    ("unknown-length-6-bytes-rejected", "variables", "a2018280808080000000ff0a0161", REJECT),
    ("message-length-6-bytes-rejected", "variables", "22808080808000", REJECT),
    # --- a field whose wire type does not match its schema is an unknown field
    ("varint-on-string-field-ignored", "variables", "0805", {}),
    ("fixed32-on-string-field-ignored", "variables", "0d00000000", {}),
    ("varint-on-float-field-ignored", "savers", "3001", {}),
    ("varint-on-message-field-ignored", "variables", "2001", {}),
    ("length-on-bool-field-ignored", "variables", "2a0101", {}),
    ("fixed32-on-int32-field-ignored", "savers", "2501000000", {}),
    # --- bool, int32, int64, enum, float
    ("bool-any-nonzero-is-true", "variables", "2802", {"is_resource": True}),
    ("bool-2-to-32-is-true", "variables", "388080808010", {"trainable": True}),
    ("bool-zero-10-bytes-is-false", "variables", "38" + "80" * 9 + "00", {"trainable": False}),
    ("int32-negative-10-bytes", "savers", "20" + "ff" * 9 + "01", {"max_to_keep": -1}),
    ("int32-negative-5-bytes", "savers", "20ffffffff0f", {"max_to_keep": -1}),
    ("int32-keeps-low-32-bits", "savers", "208080808010", {"max_to_keep": 0}),
    ("int32-min", "savers", "2080808080f8ffffffff01", {"max_to_keep": -(2**31)}),
    ("enum-name", "variables", "4003", {"synchronization": "VARIABLE_SYNCHRONIZATION_ON_READ"}),
    ("enum-unknown-number-kept", "variables", "4863", {"aggregation": 99}),
    ("enum-negative", "variables", "40" + "ff" * 9 + "01", {"synchronization": -1}),
    ("enum-keeps-low-32-bits", "savers", "388280808010", {"version": "V2"}),
    ("float", "savers", "350000003f", {"keep_checkpoint_every_n_hours": 0.5}),
    ("float-negative-zero", "savers", "3500000080", {"keep_checkpoint_every_n_hours": -0.0}),
    ("float-infinity", "savers", "350000807f", {"keep_checkpoint_every_n_hours": float("inf")}),
    ("float-float32-precision", "savers", "35cdcccc3d", {"keep_checkpoint_every_n_hours": 0.10000000149011612}),
    ("float-truncated-rejected", "savers", "350000", REJECT),
    # --- repeated scalars: packed, unpacked, both
    ("int64-packed", "variables", "220412020405", {"save_slice_info_def": {**SLICE, "full_shape": [4, 5]}}),
    ("int64-unpacked", "variables", "220410041005", {"save_slice_info_def": {**SLICE, "full_shape": [4, 5]}}),
    ("int64-mixed", "variables", "22051004120105", {"save_slice_info_def": {**SLICE, "full_shape": [4, 5]}}),
    (
        "int64-negative",
        "variables",
        "220c1a0a" + "ff" * 9 + "01",
        {"save_slice_info_def": {**SLICE, "var_offset": [-1]}},
    ),
    ("int64-packed-empty", "variables", "22021200", {"save_slice_info_def": SLICE}),
    ("int64-packed-overrun-rejected", "variables", "2203120180", REJECT),
    ("enum-packed", "queue_runners", "2a020b01", {"queue_closed_exception_types": ["OUT_OF_RANGE", "CANCELLED"]}),
    (
        "enum-unpacked",
        "queue_runners",
        "280b2810",
        {"queue_closed_exception_types": ["OUT_OF_RANGE", "UNAUTHENTICATED"]},
    ),
    ("enum-repeated-unknown-kept", "queue_runners", "2a02630b", {"queue_closed_exception_types": [99, "OUT_OF_RANGE"]}),
    ("repeated-string", "queue_runners", "120161120162", {"enqueue_op_name": ["a", "b"]}),
    # --- embedded messages
    ("message-present-but-empty", "variables", "2200", {"save_slice_info_def": SLICE}),
    (
        "singular-message-merged",
        "variables",
        "22050a0161100422050a01621005",
        {"save_slice_info_def": {**SLICE, "full_name": "b", "full_shape": [4, 5]}},
    ),
    ("message-truncated-rejected", "variables", "22050a01", REJECT),
    ("message-field-overruns-rejected", "variables", "22020a05616263", REJECT),
    # --- map<string, string>
    (
        "map-entry",
        "cond_context",
        "2a0812060a016b120176",
        {"values_def": {"values": [], "external_values": {"k": "v"}}},
    ),
    ("map-missing-key", "cond_context", "2a051203120176", {"values_def": {"values": [], "external_values": {"": "v"}}}),
    (
        "map-missing-value",
        "cond_context",
        "2a0512030a016b",
        {"values_def": {"values": [], "external_values": {"k": ""}}},
    ),
    (
        "map-duplicate-key-last-wins",
        "cond_context",
        "2a1012060a016b12016112060a016b120162",
        {"values_def": {"values": [], "external_values": {"k": "b"}}},
    ),
    (
        "map-entry-with-unknown-field-dropped",
        "cond_context",
        "2a0a12080a016b1201761801",
        {"values_def": {"values": [], "external_values": {}}},
    ),
    ("map-entry-wrong-wire-type-dropped", "cond_context", "2a0612040a016b08", REJECT),
    (
        "map-entry-key-as-varint-dropped",
        "cond_context",
        "2a06120408010a00",
        {"values_def": {"values": [], "external_values": {}}},
    ),
    ("map-key-invalid-utf8-rejected", "cond_context", "2a0512030a01ff", REJECT),
    # --- oneof (ControlFlowContextDef in nested_contexts)
    (
        "oneof-last-member-wins",
        "cond_context",
        "320e0a030a017812030a01790a022001",
        {"nested_contexts": [{"cond_ctxt": {**COND, "branch": 1}, "while_ctxt": None}]},
    ),
    (
        "oneof-same-member-merged",
        "cond_context",
        "32090a030a01780a022001",
        {"nested_contexts": [{"cond_ctxt": {**COND, "context_name": "x", "branch": 1}, "while_ctxt": None}]},
    ),
    ("oneof-none-set", "cond_context", "3200", {"nested_contexts": [{"cond_ctxt": None, "while_ctxt": None}]}),
    (
        "oneof-while-member",
        "while_context",
        "620512030a0177",
        {"nested_contexts": [{"cond_ctxt": None, "while_ctxt": {**WHILE, "context_name": "w"}}]},
    ),
    # --- UTF-8: protobuf rejects invalid strings in proto3 string fields
    ("utf8-invalid-byte-rejected", "variables", "0a01ff", REJECT),
    ("utf8-lone-continuation-rejected", "variables", "0a0180", REJECT),
    ("utf8-overlong-rejected", "variables", "0a02c080", REJECT),
    ("utf8-surrogate-rejected", "variables", "0a03eda080", REJECT),
    ("utf8-above-u10ffff-rejected", "variables", "0a04f4908080", REJECT),
    ("utf8-truncated-sequence-rejected", "variables", "0a02e282", REJECT),
    ("utf8-in-repeated-string-rejected", "queue_runners", "1201ff", REJECT),
    ("utf8-nul-accepted", "variables", "0a0100", {"variable_name": "\x00"}),
    # --- nesting: protobuf's limit is 100 messages below the top one
    ("nesting-100-deep", "cond_context", _nested_conds(50), _nested_expected(50)),
    ("nesting-102-deep-rejected", "cond_context", _nested_conds(51), REJECT),
    # --- the collection name decides
    ("unregistered-collection-keeps-bytes", "my_collection", "0a03763a30", REJECT),
    (
        "while-context",
        "while_context",
        "0a016c100418012001",
        {"context_name": "l", "parallel_iterations": 4, "back_prop": True, "swap_memory": True},
    ),
]
