# SPDX-License-Identifier: Apache-2.0
"""The message schemas, as literal tables: one row per field, as in the .proto.

Strategy: everything the decoder and encoder know about TensorFlow's messages
is written down here once, as plain data, and nothing else in the package
hard-codes a field number. Rows follow the declaration order of the .proto file
they cite (which is also the key order of decoded dicts); ``compiled.py``
derives every table the readers and the writer use from them at import, and the
project's schema documentation is generated from them.

All of these files are ``syntax = "proto3"`` but ONNX's (proto2, whose wire format
is the same, read and written the same way): scalars have no presence (absent
means the default), embedded messages do, and repeated numeric fields are
packed by default. Verified against TensorFlow 2.21's, TensorBoard's and onnx's
own descriptors, field by field, by a tool of the project's repository
(``check_schemas.py``) and, for ONNX, a test.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final, Mapping, Tuple


# Field types: the .proto scalar type names, plus the three composite kinds.
STRING: Final = "string"
BYTES: Final = "bytes"
BOOL: Final = "bool"
INT32: Final = "int32"
INT64: Final = "int64"
FLOAT: Final = "float"
DOUBLE: Final = "double"
UINT32: Final = "uint32"
UINT64: Final = "uint64"
FIXED32: Final = "fixed32"  # an unsigned 32-bit number on the fixed32 wire type (a CRC32C)
ENUM: Final = "enum"
MESSAGE: Final = "message"
MAP: Final = "map"  # map<string, value>; on the wire a repeated {1: key, 2: value} entry
# An embedded message the library never parses (graph_def, ...): decoded as where it lies in
# the input, {"type": ref, "offset": ..., "size": ...}, so that reading a file costs time and
# memory in proportion to what is read, not to the file.
SKIPPED: Final = "skipped"


class _Record:
    """A small immutable record, with a repr from its slots.

    Plain classes rather than typing.NamedTuple: importing ``typing`` costs more
    than the whole rest of the package's import (9 ms of 16, Python 3.11).
    """

    __slots__: Tuple[str, ...] = ()
    _order: Tuple[str, ...] = ()  # the constructor's argument order

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._order)
        return f"{type(self).__name__}({inner})"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")


# The constructors set their slots one by one through object's own __setattr__ (the records' refuses): the
# import builds about 600 records, and a loop over the slot names took twice as long (1.5 against 0.8 µs a field).
_setattr: Final = object.__setattr__


class Field(_Record):
    """One field of a message, as declared in its .proto file."""

    __slots__ = ("name", "number", "oneof", "ref", "repeated", "type", "value")
    _order = ("number", "name", "type", "ref", "repeated", "oneof", "value")
    number: int
    name: str
    type: str
    ref: str  # full name of the enum or message type (ENUM, MESSAGE, a MAP's message value)
    repeated: bool
    oneof: str  # name of the oneof the field belongs to, if any
    value: str  # MAP only: the value type (a scalar type name, or MESSAGE with ref)

    def __init__(
        self, number: int, name: str, type: str, ref: str = "", repeated: bool = False, oneof: str = "", value: str = ""
    ) -> None:
        _setattr(self, "number", number)
        _setattr(self, "name", name)
        _setattr(self, "type", type)
        _setattr(self, "ref", ref)
        _setattr(self, "repeated", repeated)
        _setattr(self, "oneof", oneof)
        _setattr(self, "value", value)


class Message(_Record):
    """A message type: full name, the .proto file declaring it, its fields."""

    __slots__ = ("fields", "name", "proto")
    _order = ("name", "proto", "fields")
    name: str
    proto: str
    fields: Tuple[Field, ...]

    def __init__(self, name: str, proto: str, fields: Tuple[Field, ...]) -> None:
        _setattr(self, "name", name)
        _setattr(self, "proto", proto)
        _setattr(self, "fields", fields)


class Enum(_Record):
    """An enum type: full name, the .proto file declaring it, (name, number) pairs."""

    __slots__ = ("name", "proto", "values")
    _order = ("name", "proto", "values")
    name: str
    proto: str
    values: Tuple[Tuple[str, int], ...]

    def __init__(self, name: str, proto: str, values: Tuple[Tuple[str, int], ...]) -> None:
        _setattr(self, "name", name)
        _setattr(self, "proto", proto)
        _setattr(self, "values", values)


_VARIABLE_PROTO = "tensorflow/core/framework/variable.proto"
_SAVER_PROTO = "tensorflow/core/protobuf/saver.proto"
_QUEUE_RUNNER_PROTO = "tensorflow/core/protobuf/queue_runner.proto"
_CONTROL_FLOW_PROTO = "tensorflow/core/protobuf/control_flow.proto"
_ERROR_CODES_PROTO = "xla/tsl/protobuf/error_codes.proto"  # was tensorflow/core/protobuf/error_codes.proto
_META_GRAPH_PROTO = "tensorflow/core/protobuf/meta_graph.proto"
_SAVED_MODEL_PROTO = "tensorflow/core/protobuf/saved_model.proto"
_TENSOR_SHAPE_PROTO = "tensorflow/core/framework/tensor_shape.proto"
_TYPES_PROTO = "tensorflow/core/framework/types.proto"
_ANY_PROTO = "google/protobuf/any.proto"
_GRAPH_PROTO = "tensorflow/core/framework/graph.proto"
_NODE_DEF_PROTO = "tensorflow/core/framework/node_def.proto"
_ATTR_VALUE_PROTO = "tensorflow/core/framework/attr_value.proto"
_FUNCTION_PROTO = "tensorflow/core/framework/function.proto"
_OP_DEF_PROTO = "tensorflow/core/framework/op_def.proto"
_VERSIONS_PROTO = "tensorflow/core/framework/versions.proto"
_SAVED_OBJECT_GRAPH_PROTO = "tensorflow/core/protobuf/saved_object_graph.proto"
_TRACKABLE_PROTO = "tensorflow/core/protobuf/trackable_object_graph.proto"
_WRAPPERS_PROTO = "google/protobuf/wrappers.proto"
_KERAS_METADATA_PROTO = "tf_keras/protobuf/saved_metadata.proto"  # keras/protobuf/ before tf_keras
_KERAS_VERSIONS_PROTO = "tf_keras/protobuf/versions.proto"
_TENSOR_BUNDLE_PROTO = "tensorflow/core/protobuf/tensor_bundle.proto"
_TENSOR_SLICE_PROTO = "tensorflow/core/framework/tensor_slice.proto"
_SAVED_TENSOR_SLICE_PROTO = "tensorflow/core/util/saved_tensor_slice.proto"
_TENSOR_PROTO = "tensorflow/core/framework/tensor.proto"
_FEATURE_PROTO = "tensorflow/core/example/feature.proto"
_EXAMPLE_PROTO = "tensorflow/core/example/example.proto"
_EVENT_PROTO = "tensorflow/core/util/event.proto"
_SUMMARY_PROTO = "tensorflow/core/framework/summary.proto"
_HISTOGRAM_PROTO = "xla/tsl/protobuf/histogram.proto"  # was tensorflow/core/framework/summary.proto
_STRUCT_PROTO = "google/protobuf/struct.proto"
_HPARAMS_API_PROTO = "tensorboard/plugins/hparams/api.proto"
_HPARAMS_DATA_PROTO = "tensorboard/plugins/hparams/plugin_data.proto"
# ONNX (onnx/onnx-ml.proto, IR version 13, as the onnx package 1.23 ships it): syntax proto2, whose wire format is
# proto3's. Read as the rest are: an absent scalar is its default (proto2 would say "not set"), a repeated number
# read packed or not; written packed, which every protobuf reader takes.
_ONNX_PROTO = "onnx/onnx-ml.proto"

# The tables are laid out one row per field, as in the .proto: keep them so.
# fmt: off
ENUMS: Final[Tuple[Enum, ...]] = (
    # Top-level enums of variable.proto (not nested in VariableDef).
    Enum("tensorflow.VariableSynchronization", _VARIABLE_PROTO, (
        ("VARIABLE_SYNCHRONIZATION_AUTO", 0),
        ("VARIABLE_SYNCHRONIZATION_NONE", 1),
        ("VARIABLE_SYNCHRONIZATION_ON_WRITE", 2),
        ("VARIABLE_SYNCHRONIZATION_ON_READ", 3),
    )),
    Enum("tensorflow.VariableAggregation", _VARIABLE_PROTO, (
        ("VARIABLE_AGGREGATION_NONE", 0),
        ("VARIABLE_AGGREGATION_SUM", 1),
        ("VARIABLE_AGGREGATION_MEAN", 2),
        ("VARIABLE_AGGREGATION_ONLY_FIRST_REPLICA", 3),
    )),
    Enum("tensorflow.SaverDef.CheckpointFormatVersion", _SAVER_PROTO, (
        ("LEGACY", 0),
        ("V1", 1),
        ("V2", 2),
    )),
    # Declaration order of the .proto (UNAUTHENTICATED = 16 sits after PERMISSION_DENIED).
    Enum("tensorflow.error.Code", _ERROR_CODES_PROTO, (
        ("OK", 0),
        ("CANCELLED", 1),
        ("UNKNOWN", 2),
        ("INVALID_ARGUMENT", 3),
        ("DEADLINE_EXCEEDED", 4),
        ("NOT_FOUND", 5),
        ("ALREADY_EXISTS", 6),
        ("PERMISSION_DENIED", 7),
        ("UNAUTHENTICATED", 16),
        ("RESOURCE_EXHAUSTED", 8),
        ("FAILED_PRECONDITION", 9),
        ("ABORTED", 10),
        ("OUT_OF_RANGE", 11),
        ("UNIMPLEMENTED", 12),
        ("INTERNAL", 13),
        ("UNAVAILABLE", 14),
        ("DATA_LOSS", 15),
        ("DO_NOT_USE_RESERVED_FOR_FUTURE_EXPANSION_USE_DEFAULT_IN_SWITCH_INSTEAD_", 20),
    )),
    # TensorInfo.dtype; *_REF values are the reference types (number + 100).
    Enum("tensorflow.BundleHeaderProto.Endianness", _TENSOR_BUNDLE_PROTO, (
        ("LITTLE", 0),
        ("BIG", 1),
    )),
    Enum("tensorflow.DataType", _TYPES_PROTO, (
        ("DT_INVALID", 0),
        ("DT_FLOAT", 1),
        ("DT_DOUBLE", 2),
        ("DT_INT32", 3),
        ("DT_UINT8", 4),
        ("DT_INT16", 5),
        ("DT_INT8", 6),
        ("DT_STRING", 7),
        ("DT_COMPLEX64", 8),
        ("DT_INT64", 9),
        ("DT_BOOL", 10),
        ("DT_QINT8", 11),
        ("DT_QUINT8", 12),
        ("DT_QINT32", 13),
        ("DT_BFLOAT16", 14),
        ("DT_QINT16", 15),
        ("DT_QUINT16", 16),
        ("DT_UINT16", 17),
        ("DT_COMPLEX128", 18),
        ("DT_HALF", 19),
        ("DT_RESOURCE", 20),
        ("DT_VARIANT", 21),
        ("DT_UINT32", 22),
        ("DT_UINT64", 23),
        ("DT_FLOAT8_E5M2", 24),
        ("DT_FLOAT8_E4M3FN", 25),
        ("DT_FLOAT8_E4M3FNUZ", 26),
        ("DT_FLOAT8_E4M3B11FNUZ", 27),
        ("DT_FLOAT8_E5M2FNUZ", 28),
        ("DT_INT4", 29),
        ("DT_UINT4", 30),
        ("DT_INT2", 31),
        ("DT_UINT2", 32),
        ("DT_FLOAT4_E2M1FN", 33),
        ("DT_FLOAT_REF", 101),
        ("DT_DOUBLE_REF", 102),
        ("DT_INT32_REF", 103),
        ("DT_UINT8_REF", 104),
        ("DT_INT16_REF", 105),
        ("DT_INT8_REF", 106),
        ("DT_STRING_REF", 107),
        ("DT_COMPLEX64_REF", 108),
        ("DT_INT64_REF", 109),
        ("DT_BOOL_REF", 110),
        ("DT_QINT8_REF", 111),
        ("DT_QUINT8_REF", 112),
        ("DT_QINT32_REF", 113),
        ("DT_BFLOAT16_REF", 114),
        ("DT_QINT16_REF", 115),
        ("DT_QUINT16_REF", 116),
        ("DT_UINT16_REF", 117),
        ("DT_COMPLEX128_REF", 118),
        ("DT_HALF_REF", 119),
        ("DT_RESOURCE_REF", 120),
        ("DT_VARIANT_REF", 121),
        ("DT_UINT32_REF", 122),
        ("DT_UINT64_REF", 123),
        ("DT_FLOAT8_E5M2_REF", 124),
        ("DT_FLOAT8_E4M3FN_REF", 125),
        ("DT_FLOAT8_E4M3FNUZ_REF", 126),
        ("DT_FLOAT8_E4M3B11FNUZ_REF", 127),
        ("DT_FLOAT8_E5M2FNUZ_REF", 128),
        ("DT_INT4_REF", 129),
        ("DT_UINT4_REF", 130),
        ("DT_INT2_REF", 131),
        ("DT_UINT2_REF", 132),
        ("DT_FLOAT4_E2M1FN_REF", 133),
    )),
    # --- event files (TensorBoard): event.proto, summary.proto, the hparams plugin's api.proto, struct.proto.
    Enum("tensorflow.LogMessage.Level", _EVENT_PROTO, (
        ("UNKNOWN", 0),
        ("DEBUGGING", 10),
        ("INFO", 20),
        ("WARN", 30),
        ("ERROR", 40),
        ("FATAL", 50),
    )),
    Enum("tensorflow.SessionLog.SessionStatus", _EVENT_PROTO, (
        ("STATUS_UNSPECIFIED", 0),
        ("START", 1),
        ("STOP", 2),
        ("CHECKPOINT", 3),
    )),
    Enum("tensorflow.DataClass", _SUMMARY_PROTO, (
        ("DATA_CLASS_UNKNOWN", 0),
        ("DATA_CLASS_SCALAR", 1),
        ("DATA_CLASS_TENSOR", 2),
        ("DATA_CLASS_BLOB_SEQUENCE", 3),
    )),
    Enum("tensorboard.hparams.DatasetType", _HPARAMS_API_PROTO, (
        ("DATASET_UNKNOWN", 0),
        ("DATASET_TRAINING", 1),
        ("DATASET_VALIDATION", 2),
    )),
    Enum("tensorboard.hparams.Status", _HPARAMS_API_PROTO, (
        ("STATUS_UNKNOWN", 0),
        ("STATUS_SUCCESS", 1),
        ("STATUS_FAILURE", 2),
        ("STATUS_RUNNING", 3),
    )),
    Enum("tensorboard.hparams.DataType", _HPARAMS_API_PROTO, (
        ("DATA_TYPE_UNSET", 0),
        ("DATA_TYPE_STRING", 1),
        ("DATA_TYPE_BOOL", 2),
        ("DATA_TYPE_FLOAT64", 3),
    )),
    Enum("google.protobuf.NullValue", _STRUCT_PROTO, (
        ("NULL_VALUE", 0),
    )),
    # --- ONNX models (the conversion's output; onnx-ml.proto). TensorProto.DataType is an int32 field there.
    Enum("onnx.AttributeProto.AttributeType", _ONNX_PROTO, (
        ("UNDEFINED", 0),
        ("FLOAT", 1),
        ("INT", 2),
        ("STRING", 3),
        ("TENSOR", 4),
        ("GRAPH", 5),
        ("SPARSE_TENSOR", 11),
        ("TYPE_PROTO", 13),
        ("FLOATS", 6),
        ("INTS", 7),
        ("STRINGS", 8),
        ("TENSORS", 9),
        ("GRAPHS", 10),
        ("SPARSE_TENSORS", 12),
        ("TYPE_PROTOS", 14),
    )),
    Enum("onnx.TensorProto.DataLocation", _ONNX_PROTO, (
        ("DEFAULT", 0),
        ("EXTERNAL", 1),
    )),
)

MESSAGES: Final[Tuple[Message, ...]] = (
    # Declared in the order 1, 6, 2, 3, 4, 5, 7, 8, 9. Early TF had fields 1-4 only.
    Message("tensorflow.VariableDef", _VARIABLE_PROTO, (
        Field(1, "variable_name", STRING),
        Field(6, "initial_value_name", STRING),
        Field(2, "initializer_name", STRING),
        Field(3, "snapshot_name", STRING),
        Field(4, "save_slice_info_def", MESSAGE, "tensorflow.SaveSliceInfoDef"),
        Field(5, "is_resource", BOOL),
        Field(7, "trainable", BOOL),  # absent before TF 1.9: reads as False
        Field(8, "synchronization", ENUM, "tensorflow.VariableSynchronization"),
        Field(9, "aggregation", ENUM, "tensorflow.VariableAggregation"),
    )),
    # Fields 2-4 were repeated int32 in early TF: the same varints on the wire.
    Message("tensorflow.SaveSliceInfoDef", _VARIABLE_PROTO, (
        Field(1, "full_name", STRING),
        Field(2, "full_shape", INT64, repeated=True),  # packed
        Field(3, "var_offset", INT64, repeated=True),  # packed
        Field(4, "var_shape", INT64, repeated=True),  # packed
    )),
    Message("tensorflow.SaverDef", _SAVER_PROTO, (
        Field(1, "filename_tensor_name", STRING),
        Field(2, "save_tensor_name", STRING),
        Field(3, "restore_op_name", STRING),
        Field(4, "max_to_keep", INT32),
        Field(5, "sharded", BOOL),
        Field(6, "keep_checkpoint_every_n_hours", FLOAT),  # fixed32 on the wire
        Field(7, "version", ENUM, "tensorflow.SaverDef.CheckpointFormatVersion"),
    )),
    Message("tensorflow.QueueRunnerDef", _QUEUE_RUNNER_PROTO, (
        Field(1, "queue_name", STRING),
        Field(2, "enqueue_op_name", STRING, repeated=True),
        Field(3, "close_op_name", STRING),
        Field(4, "cancel_op_name", STRING),
        Field(5, "queue_closed_exception_types", ENUM, "tensorflow.error.Code", repeated=True),  # packed
    )),
    Message("tensorflow.ValuesDef", _CONTROL_FLOW_PROTO, (
        Field(1, "values", STRING, repeated=True),
        Field(2, "external_values", MAP, value=STRING),  # map<string, string>
    )),
    Message("tensorflow.ControlFlowContextDef", _CONTROL_FLOW_PROTO, (
        Field(1, "cond_ctxt", MESSAGE, "tensorflow.CondContextDef", oneof="ctxt"),
        Field(2, "while_ctxt", MESSAGE, "tensorflow.WhileContextDef", oneof="ctxt"),
    )),
    Message("tensorflow.CondContextDef", _CONTROL_FLOW_PROTO, (
        Field(1, "context_name", STRING),
        Field(2, "pred_name", STRING),
        Field(3, "pivot_name", STRING),
        Field(4, "branch", INT32),
        Field(5, "values_def", MESSAGE, "tensorflow.ValuesDef"),
        Field(6, "nested_contexts", MESSAGE, "tensorflow.ControlFlowContextDef", repeated=True),
    )),
    # Declared in the order 1-8, 10, 9, 11, 12. Early TF had no 10, 11, 12.
    Message("tensorflow.WhileContextDef", _CONTROL_FLOW_PROTO, (
        Field(1, "context_name", STRING),
        Field(2, "parallel_iterations", INT32),
        Field(3, "back_prop", BOOL),
        Field(4, "swap_memory", BOOL),
        Field(5, "pivot_name", STRING),
        Field(6, "pivot_for_pred_name", STRING),
        Field(7, "pivot_for_body_name", STRING),
        Field(8, "loop_exit_names", STRING, repeated=True),
        Field(10, "loop_enter_names", STRING, repeated=True),
        Field(9, "values_def", MESSAGE, "tensorflow.ValuesDef"),
        Field(11, "maximum_iterations_name", STRING),
        Field(12, "nested_contexts", MESSAGE, "tensorflow.ControlFlowContextDef", repeated=True),
    )),
    # --- whole files: a SavedModel (saved_model.pb) or a MetaGraphDef (.meta) and what they hold
    Message("tensorflow.SavedModel", _SAVED_MODEL_PROTO, (
        Field(1, "saved_model_schema_version", INT64),
        Field(2, "meta_graphs", MESSAGE, "tensorflow.MetaGraphDef", repeated=True),
    )),
    Message("tensorflow.MetaGraphDef", _META_GRAPH_PROTO, (
        Field(1, "meta_info_def", MESSAGE, "tensorflow.MetaGraphDef.MetaInfoDef"),
        Field(2, "graph_def", SKIPPED, "tensorflow.GraphDef"),
        Field(3, "saver_def", MESSAGE, "tensorflow.SaverDef"),
        Field(4, "collection_def", MAP, "tensorflow.CollectionDef", value=MESSAGE),
        Field(5, "signature_def", MAP, "tensorflow.SignatureDef", value=MESSAGE),
        Field(6, "asset_file_def", MESSAGE, "tensorflow.AssetFileDef", repeated=True),
        Field(7, "object_graph_def", SKIPPED, "tensorflow.SavedObjectGraph"),
    )),
    Message("tensorflow.MetaGraphDef.MetaInfoDef", _META_GRAPH_PROTO, (
        Field(1, "meta_graph_version", STRING),
        Field(2, "stripped_op_list", SKIPPED, "tensorflow.OpList"),
        Field(3, "any_info", MESSAGE, "google.protobuf.Any"),
        Field(4, "tags", STRING, repeated=True),
        Field(5, "tensorflow_version", STRING),
        Field(6, "tensorflow_git_version", STRING),
        Field(7, "stripped_default_attrs", BOOL),
        Field(8, "function_aliases", MAP, value=STRING),  # map<string, string>; newer TF
    )),
    Message("tensorflow.CollectionDef", _META_GRAPH_PROTO, (
        Field(1, "node_list", MESSAGE, "tensorflow.CollectionDef.NodeList", oneof="kind"),
        Field(2, "bytes_list", MESSAGE, "tensorflow.CollectionDef.BytesList", oneof="kind"),
        Field(3, "int64_list", MESSAGE, "tensorflow.CollectionDef.Int64List", oneof="kind"),
        Field(4, "float_list", MESSAGE, "tensorflow.CollectionDef.FloatList", oneof="kind"),
        Field(5, "any_list", MESSAGE, "tensorflow.CollectionDef.AnyList", oneof="kind"),
    )),
    Message("tensorflow.CollectionDef.NodeList", _META_GRAPH_PROTO, (
        Field(1, "value", STRING, repeated=True),
    )),
    Message("tensorflow.CollectionDef.BytesList", _META_GRAPH_PROTO, (
        Field(1, "value", BYTES, repeated=True),
    )),
    Message("tensorflow.CollectionDef.Int64List", _META_GRAPH_PROTO, (
        Field(1, "value", INT64, repeated=True),  # [packed = true]
    )),
    Message("tensorflow.CollectionDef.FloatList", _META_GRAPH_PROTO, (
        Field(1, "value", FLOAT, repeated=True),  # [packed = true]
    )),
    Message("tensorflow.CollectionDef.AnyList", _META_GRAPH_PROTO, (
        Field(1, "value", MESSAGE, "google.protobuf.Any", repeated=True),
    )),
    Message("google.protobuf.Any", _ANY_PROTO, (
        Field(1, "type_url", STRING),
        Field(2, "value", BYTES),
    )),
    Message("tensorflow.SignatureDef", _META_GRAPH_PROTO, (
        Field(1, "inputs", MAP, "tensorflow.TensorInfo", value=MESSAGE),
        Field(2, "outputs", MAP, "tensorflow.TensorInfo", value=MESSAGE),
        Field(3, "method_name", STRING),
        Field(4, "defaults", MAP, "tensorflow.TensorProto", value=SKIPPED),  # newer TF
    )),
    Message("tensorflow.TensorInfo", _META_GRAPH_PROTO, (
        Field(1, "name", STRING, oneof="encoding"),
        Field(4, "coo_sparse", MESSAGE, "tensorflow.TensorInfo.CooSparse", oneof="encoding"),
        Field(5, "composite_tensor", MESSAGE, "tensorflow.TensorInfo.CompositeTensor", oneof="encoding"),
        Field(2, "dtype", ENUM, "tensorflow.DataType"),
        Field(3, "tensor_shape", MESSAGE, "tensorflow.TensorShapeProto"),
    )),
    Message("tensorflow.TensorInfo.CooSparse", _META_GRAPH_PROTO, (
        Field(1, "values_tensor_name", STRING),
        Field(2, "indices_tensor_name", STRING),
        Field(3, "dense_shape_tensor_name", STRING),
    )),
    Message("tensorflow.TensorInfo.CompositeTensor", _META_GRAPH_PROTO, (
        Field(1, "type_spec", SKIPPED, "tensorflow.TypeSpecProto"),
        Field(2, "components", MESSAGE, "tensorflow.TensorInfo", repeated=True),
    )),
    Message("tensorflow.TensorShapeProto", _TENSOR_SHAPE_PROTO, (
        Field(2, "dim", MESSAGE, "tensorflow.TensorShapeProto.Dim", repeated=True),
        Field(3, "unknown_rank", BOOL),
    )),
    Message("tensorflow.TensorShapeProto.Dim", _TENSOR_SHAPE_PROTO, (
        Field(1, "size", INT64),  # -1: unknown
        Field(2, "name", STRING),
    )),
    Message("tensorflow.AssetFileDef", _META_GRAPH_PROTO, (
        Field(1, "tensor_info", MESSAGE, "tensorflow.TensorInfo"),
        Field(2, "filename", STRING),
    )),
    # --- the graph: read only by load(..., graph=True). The binary graph scan (_graph/nodes.py) walks nodes
    # itself and decodes attrs and saved objects with these rows; text files are read with all of them.
    # Declared in the order 1, 4, 3, 2, 5.
    Message("tensorflow.GraphDef", _GRAPH_PROTO, (
        Field(1, "node", MESSAGE, "tensorflow.NodeDef", repeated=True),
        Field(4, "versions", MESSAGE, "tensorflow.VersionDef"),
        Field(3, "version", INT32),  # deprecated; never seen in a real file
        Field(2, "library", MESSAGE, "tensorflow.FunctionDefLibrary"),
        Field(5, "debug_info", SKIPPED, "tensorflow.GraphDebugInfo"),
    )),
    Message("tensorflow.NodeDef", _NODE_DEF_PROTO, (
        Field(1, "name", STRING),
        Field(2, "op", STRING),
        Field(3, "input", STRING, repeated=True),  # "x", "x:1", "^control"
        Field(4, "device", STRING),
        Field(5, "attr", MAP, "tensorflow.AttrValue", value=MESSAGE),
        Field(6, "experimental_debug_info", SKIPPED, "tensorflow.NodeDef.ExperimentalDebugInfo"),
        Field(7, "experimental_type", SKIPPED, "tensorflow.FullTypeDef"),
    )),
    # Every member is in oneof "value"; declared in the order 2-8, 1, 10, 9.
    Message("tensorflow.AttrValue", _ATTR_VALUE_PROTO, (
        Field(2, "s", BYTES, oneof="value"),  # bytes: not checked as UTF-8
        Field(3, "i", INT64, oneof="value"),
        Field(4, "f", FLOAT, oneof="value"),
        Field(5, "b", BOOL, oneof="value"),
        Field(6, "type", ENUM, "tensorflow.DataType", oneof="value"),
        Field(7, "shape", MESSAGE, "tensorflow.TensorShapeProto", oneof="value"),
        Field(8, "tensor", SKIPPED, "tensorflow.TensorProto", oneof="value"),
        Field(1, "list", MESSAGE, "tensorflow.AttrValue.ListValue", oneof="value"),
        Field(10, "func", MESSAGE, "tensorflow.NameAttrList", oneof="value"),  # recursive: AttrValue again
        Field(9, "placeholder", STRING, oneof="value"),
    )),
    Message("tensorflow.AttrValue.ListValue", _ATTR_VALUE_PROTO, (
        Field(2, "s", BYTES, repeated=True),
        Field(3, "i", INT64, repeated=True),  # packed
        Field(4, "f", FLOAT, repeated=True),  # packed
        Field(5, "b", BOOL, repeated=True),  # packed
        Field(6, "type", ENUM, "tensorflow.DataType", repeated=True),  # packed
        Field(7, "shape", MESSAGE, "tensorflow.TensorShapeProto", repeated=True),
        Field(8, "tensor", SKIPPED, "tensorflow.TensorProto", repeated=True),
        Field(9, "func", MESSAGE, "tensorflow.NameAttrList", repeated=True),
    )),
    Message("tensorflow.NameAttrList", _ATTR_VALUE_PROTO, (
        Field(1, "name", STRING),
        Field(2, "attr", MAP, "tensorflow.AttrValue", value=MESSAGE),
    )),
    Message("tensorflow.VersionDef", _VERSIONS_PROTO, (
        Field(1, "producer", INT32),
        Field(2, "min_consumer", INT32),
        Field(3, "bad_consumers", INT32, repeated=True),  # packed
    )),
    Message("tensorflow.FunctionDefLibrary", _FUNCTION_PROTO, (
        Field(1, "function", MESSAGE, "tensorflow.FunctionDef", repeated=True),
        Field(2, "gradient", SKIPPED, "tensorflow.GradientDef", repeated=True),
        Field(3, "registered_gradients", SKIPPED, "tensorflow.RegisteredGradient", repeated=True),
    )),
    # Declared in the order 1, 5, 7, 8, 3, 4, 6. arg_attr and resource_arg_unique_id are maps with
    # uint32 keys, which this library does not read: skipped, entry by entry.
    Message("tensorflow.FunctionDef", _FUNCTION_PROTO, (
        Field(1, "signature", MESSAGE, "tensorflow.OpDef"),
        Field(5, "attr", MAP, "tensorflow.AttrValue", value=MESSAGE),
        Field(7, "arg_attr", SKIPPED, "tensorflow.FunctionDef.ArgAttrEntry", repeated=True),
        Field(8, "resource_arg_unique_id", SKIPPED, "tensorflow.FunctionDef.ResourceArgUniqueIdEntry", repeated=True),
        Field(3, "node_def", MESSAGE, "tensorflow.NodeDef", repeated=True),
        Field(4, "ret", MAP, value=STRING),  # map<string, string>
        Field(6, "control_ret", MAP, value=STRING),  # map<string, string>
    )),
    # Declared in the order 1, 2, 3, 20, 4, 8, 5, 6, 18, 16, 17, 19, 21.
    Message("tensorflow.OpDef", _OP_DEF_PROTO, (
        Field(1, "name", STRING),
        Field(2, "input_arg", MESSAGE, "tensorflow.OpDef.ArgDef", repeated=True),
        Field(3, "output_arg", MESSAGE, "tensorflow.OpDef.ArgDef", repeated=True),
        Field(20, "control_output", STRING, repeated=True),
        Field(4, "attr", MESSAGE, "tensorflow.OpDef.AttrDef", repeated=True),
        Field(8, "deprecation", SKIPPED, "tensorflow.OpDeprecation"),
        Field(5, "summary", STRING),
        Field(6, "description", STRING),
        Field(18, "is_commutative", BOOL),
        Field(16, "is_aggregate", BOOL),
        Field(17, "is_stateful", BOOL),
        Field(19, "allows_uninitialized_input", BOOL),
        Field(21, "is_distributed_communication", BOOL),
    )),
    # A function's arguments and results (its signature), read by the subgraph view of a function's body.
    Message("tensorflow.OpDef.ArgDef", _OP_DEF_PROTO, (
        Field(1, "name", STRING),
        Field(2, "description", STRING),
        Field(3, "type", ENUM, "tensorflow.DataType"),
        Field(4, "type_attr", STRING),
        Field(5, "number_attr", STRING),
        Field(6, "type_list_attr", STRING),
        Field(7, "handle_data", SKIPPED, "tensorflow.ResourceHandleProto.DtypeAndShape", repeated=True),
        Field(16, "is_ref", BOOL),
        Field(17, "experimental_full_type", SKIPPED, "tensorflow.FullTypeDef"),
    )),
    # An op's attrs: what the compatibility check reads of a model's stripped_op_list (the producer's defaults)
    # and of the OpLists old TensorFlow wheels embed in their wrappers.
    Message("tensorflow.OpDef.AttrDef", _OP_DEF_PROTO, (
        Field(1, "name", STRING),
        Field(2, "type", STRING),
        Field(3, "default_value", MESSAGE, "tensorflow.AttrValue"),
        Field(4, "description", STRING),
        Field(5, "has_minimum", BOOL),
        Field(6, "minimum", INT64),
        Field(7, "allowed_values", MESSAGE, "tensorflow.AttrValue"),
    )),
    Message("tensorflow.OpList", _OP_DEF_PROTO, (
        Field(1, "op", MESSAGE, "tensorflow.OpDef", repeated=True),
    )),
    # TF 2 SavedModels: the objects saved (MetaGraphDef.object_graph_def), variables among them.
    Message("tensorflow.SavedObjectGraph", _SAVED_OBJECT_GRAPH_PROTO, (
        Field(1, "nodes", MESSAGE, "tensorflow.SavedObject", repeated=True),
        Field(2, "concrete_functions", MAP, "tensorflow.SavedConcreteFunction", value=SKIPPED),
    )),
    # Declared in the order 1, 15, 3, 4-10, 12, 11, 13, 14, 16.
    Message("tensorflow.SavedObject", _SAVED_OBJECT_GRAPH_PROTO, (
        Field(1, "children", MESSAGE, "tensorflow.TrackableObjectGraph.TrackableObject.ObjectReference",
              repeated=True),
        Field(15, "dependencies", MESSAGE, "tensorflow.TrackableObjectGraph.TrackableObject.ObjectReference",
              repeated=True),
        Field(3, "slot_variables", MESSAGE, "tensorflow.TrackableObjectGraph.TrackableObject.SlotVariableReference",
              repeated=True),
        Field(4, "user_object", MESSAGE, "tensorflow.SavedUserObject", oneof="kind"),
        Field(5, "asset", SKIPPED, "tensorflow.SavedAsset", oneof="kind"),
        Field(6, "function", MESSAGE, "tensorflow.SavedFunction", oneof="kind"),
        Field(7, "variable", MESSAGE, "tensorflow.SavedVariable", oneof="kind"),
        Field(8, "bare_concrete_function", MESSAGE, "tensorflow.SavedBareConcreteFunction", oneof="kind"),
        Field(9, "constant", SKIPPED, "tensorflow.SavedConstant", oneof="kind"),
        Field(10, "resource", SKIPPED, "tensorflow.SavedResource", oneof="kind"),
        Field(12, "captured_tensor", SKIPPED, "tensorflow.CapturedTensor", oneof="kind"),
        Field(11, "saveable_objects", MAP, "tensorflow.SaveableObject", value=SKIPPED),
        Field(13, "registered_name", STRING),
        Field(14, "serialized_user_proto", MESSAGE, "google.protobuf.Any"),
        Field(16, "registered_saver", STRING),
    )),
    Message("tensorflow.SavedFunction", _SAVED_OBJECT_GRAPH_PROTO, (
        Field(1, "concrete_functions", STRING, repeated=True),
        Field(2, "function_spec", SKIPPED, "tensorflow.FunctionSpec"),
    )),
    Message("tensorflow.SavedConcreteFunction", _SAVED_OBJECT_GRAPH_PROTO, (
        Field(2, "bound_inputs", INT32, repeated=True),  # the object graph's node ids of the captured inputs
        Field(3, "canonicalized_input_signature", SKIPPED, "tensorflow.StructuredValue"),
        Field(4, "output_signature", SKIPPED, "tensorflow.StructuredValue"),
    )),
    Message("tensorflow.SavedBareConcreteFunction", _SAVED_OBJECT_GRAPH_PROTO, (
        Field(1, "concrete_function_name", STRING),
        Field(2, "argument_keywords", STRING, repeated=True),
        Field(3, "allowed_positional_arguments", INT64),
        Field(4, "function_spec", SKIPPED, "tensorflow.FunctionSpec"),
    )),
    Message("tensorflow.SavedUserObject", _SAVED_OBJECT_GRAPH_PROTO, (
        Field(1, "identifier", STRING),
        Field(2, "version", MESSAGE, "tensorflow.VersionDef"),
        Field(3, "metadata", STRING),  # deprecated: Keras' layer JSON, before TF 2.4 (keras_metadata.pb since)
    )),
    # TF 2 checkpoints: the objects that own the saved tensors (the scalar string tensor _CHECKPOINTABLE_OBJECT_GRAPH).
    Message("tensorflow.TrackableObjectGraph", _TRACKABLE_PROTO, (
        Field(1, "nodes", MESSAGE, "tensorflow.TrackableObjectGraph.TrackableObject", repeated=True),
    )),
    Message("tensorflow.TrackableObjectGraph.TrackableObject", _TRACKABLE_PROTO, (
        Field(1, "children", MESSAGE, "tensorflow.TrackableObjectGraph.TrackableObject.ObjectReference",
              repeated=True),
        Field(2, "attributes", MESSAGE, "tensorflow.TrackableObjectGraph.TrackableObject.SerializedTensor",
              repeated=True),
        Field(3, "slot_variables", MESSAGE, "tensorflow.TrackableObjectGraph.TrackableObject.SlotVariableReference",
              repeated=True),
        Field(4, "registered_saver", MESSAGE, "tensorflow.RegisteredSaver"),
        Field(5, "has_checkpoint_values", MESSAGE, "google.protobuf.BoolValue"),
    )),
    Message("tensorflow.TrackableObjectGraph.TrackableObject.ObjectReference", _TRACKABLE_PROTO, (
        Field(1, "node_id", INT32),
        Field(2, "local_name", STRING),
    )),
    Message("tensorflow.TrackableObjectGraph.TrackableObject.SerializedTensor", _TRACKABLE_PROTO, (
        Field(1, "name", STRING),
        Field(2, "full_name", STRING),
        Field(3, "checkpoint_key", STRING),
    )),
    Message("tensorflow.TrackableObjectGraph.TrackableObject.SlotVariableReference", _TRACKABLE_PROTO, (
        Field(1, "original_variable_node_id", INT32),
        Field(2, "slot_name", STRING),
        Field(3, "slot_variable_node_id", INT32),
    )),
    Message("tensorflow.RegisteredSaver", _TRACKABLE_PROTO, (
        Field(1, "name", STRING),
        Field(2, "object_name", STRING),
    )),
    Message("google.protobuf.BoolValue", _WRAPPERS_PROTO, (
        Field(1, "value", BOOL),
    )),
    # Keras' keras_metadata.pb, beside a SavedModel's saved_model.pb (Keras 2, TF 2.4 and later): each Keras
    # object of the SavedObjectGraph by node id, with its JSON metadata (class, name, config). The short names
    # SavedObject and VersionDef stay TensorFlow's; these two are known by their full names.
    Message("third_party.py.tf_keras.protobuf.SavedMetadata", _KERAS_METADATA_PROTO, (
        Field(1, "nodes", MESSAGE, "third_party.py.tf_keras.protobuf.SavedObject", repeated=True),
    )),
    Message("third_party.py.tf_keras.protobuf.SavedObject", _KERAS_METADATA_PROTO, (  # field 1 reserved
        Field(2, "node_id", INT32),
        Field(3, "node_path", STRING),
        Field(4, "identifier", STRING),
        Field(5, "metadata", STRING),
        Field(6, "version", MESSAGE, "third_party.py.tf_keras.protobuf.VersionDef"),
    )),
    Message("third_party.py.tf_keras.protobuf.VersionDef", _KERAS_VERSIONS_PROTO, (
        Field(1, "producer", INT32),
        Field(2, "min_consumer", INT32),
        Field(3, "bad_consumers", INT32, repeated=True),
    )),
    Message("tensorflow.SavedVariable", _SAVED_OBJECT_GRAPH_PROTO, (
        Field(1, "dtype", ENUM, "tensorflow.DataType"),
        Field(2, "shape", MESSAGE, "tensorflow.TensorShapeProto"),
        Field(3, "trainable", BOOL),
        Field(4, "synchronization", ENUM, "tensorflow.VariableSynchronization"),
        Field(5, "aggregation", ENUM, "tensorflow.VariableAggregation"),
        Field(6, "name", STRING),
        Field(7, "device", STRING),
        Field(8, "experimental_distributed_variable_components", MESSAGE, "tensorflow.SavedVariable",
              repeated=True),
    )),
    # --- checkpoints: a V2 checkpoint's .index table holds a BundleHeaderProto under the key "" and a
    # BundleEntryProto per tensor; a V1 checkpoint's table holds SavedTensorSlices, values inline.
    Message("tensorflow.BundleHeaderProto", _TENSOR_BUNDLE_PROTO, (
        Field(1, "num_shards", INT32),
        Field(2, "endianness", ENUM, "tensorflow.BundleHeaderProto.Endianness"),
        Field(3, "version", MESSAGE, "tensorflow.VersionDef"),
    )),
    Message("tensorflow.BundleEntryProto", _TENSOR_BUNDLE_PROTO, (
        Field(1, "dtype", ENUM, "tensorflow.DataType"),
        Field(2, "shape", MESSAGE, "tensorflow.TensorShapeProto"),
        Field(3, "shard_id", INT32),
        Field(4, "offset", INT64),
        Field(5, "size", INT64),
        Field(6, "crc32c", FIXED32),  # masked CRC32C of the tensor's bytes in its data shard
        Field(7, "slices", MESSAGE, "tensorflow.TensorSliceProto", repeated=True),
    )),
    Message("tensorflow.TensorSliceProto", _TENSOR_SLICE_PROTO, (
        Field(1, "extent", MESSAGE, "tensorflow.TensorSliceProto.Extent", repeated=True),
    )),
    # length is in oneof has_length_hack: absent means the whole dimension.
    Message("tensorflow.TensorSliceProto.Extent", _TENSOR_SLICE_PROTO, (
        Field(1, "start", INT64),
        Field(2, "length", INT64, oneof="has_length_hack"),
    )),
    Message("tensorflow.SavedTensorSlices", _SAVED_TENSOR_SLICE_PROTO, (
        Field(1, "meta", MESSAGE, "tensorflow.SavedTensorSliceMeta"),
        Field(2, "data", MESSAGE, "tensorflow.SavedSlice"),
    )),
    Message("tensorflow.SavedTensorSliceMeta", _SAVED_TENSOR_SLICE_PROTO, (
        Field(1, "tensor", MESSAGE, "tensorflow.SavedSliceMeta", repeated=True),
        Field(2, "versions", MESSAGE, "tensorflow.VersionDef"),
    )),
    Message("tensorflow.SavedSliceMeta", _SAVED_TENSOR_SLICE_PROTO, (
        Field(1, "name", STRING),
        Field(2, "shape", MESSAGE, "tensorflow.TensorShapeProto"),
        Field(3, "type", ENUM, "tensorflow.DataType"),
        Field(4, "slice", MESSAGE, "tensorflow.TensorSliceProto", repeated=True),
    )),
    Message("tensorflow.SavedSlice", _SAVED_TENSOR_SLICE_PROTO, (
        Field(1, "name", STRING),
        Field(2, "slice", MESSAGE, "tensorflow.TensorSliceProto"),
        Field(3, "data", MESSAGE, "tensorflow.TensorProto"),
    )),
    # Declared in the order 1-4, 13, 5-12, 14-18. The *_val fields are packed.
    Message("tensorflow.TensorProto", _TENSOR_PROTO, (
        Field(1, "dtype", ENUM, "tensorflow.DataType"),
        Field(2, "tensor_shape", MESSAGE, "tensorflow.TensorShapeProto"),
        Field(3, "version_number", INT32),
        Field(4, "tensor_content", BYTES),
        Field(13, "half_val", INT32, repeated=True),  # float16 and bfloat16 bits, one per int32
        Field(5, "float_val", FLOAT, repeated=True),
        Field(6, "double_val", DOUBLE, repeated=True),
        Field(7, "int_val", INT32, repeated=True),  # int32, int16, int8, uint16, uint8
        Field(8, "string_val", BYTES, repeated=True),
        Field(9, "scomplex_val", FLOAT, repeated=True),  # real and imaginary parts, in turn
        Field(10, "int64_val", INT64, repeated=True),
        Field(11, "bool_val", BOOL, repeated=True),
        Field(12, "dcomplex_val", DOUBLE, repeated=True),
        Field(14, "resource_handle_val", SKIPPED, "tensorflow.ResourceHandleProto", repeated=True),
        Field(15, "variant_val", SKIPPED, "tensorflow.VariantTensorDataProto", repeated=True),
        Field(16, "uint32_val", UINT32, repeated=True),
        Field(17, "uint64_val", UINT64, repeated=True),
        Field(18, "float8_val", BYTES),
    )),
    # What a TFRecord of tf.train.Example holds: features by name, each a list of bytes, floats or int64s.
    Message("tensorflow.BytesList", _FEATURE_PROTO, (
        Field(1, "value", BYTES, repeated=True),
    )),
    Message("tensorflow.FloatList", _FEATURE_PROTO, (
        Field(1, "value", FLOAT, repeated=True),  # [packed = true]
    )),
    Message("tensorflow.Int64List", _FEATURE_PROTO, (
        Field(1, "value", INT64, repeated=True),  # [packed = true]
    )),
    Message("tensorflow.Feature", _FEATURE_PROTO, (
        Field(1, "bytes_list", MESSAGE, "tensorflow.BytesList", oneof="kind"),
        Field(2, "float_list", MESSAGE, "tensorflow.FloatList", oneof="kind"),
        Field(3, "int64_list", MESSAGE, "tensorflow.Int64List", oneof="kind"),
    )),
    Message("tensorflow.Features", _FEATURE_PROTO, (
        Field(1, "feature", MAP, "tensorflow.Feature", value=MESSAGE),
    )),
    Message("tensorflow.FeatureList", _FEATURE_PROTO, (
        Field(1, "feature", MESSAGE, "tensorflow.Feature", repeated=True),
    )),
    Message("tensorflow.FeatureLists", _FEATURE_PROTO, (
        Field(1, "feature_list", MAP, "tensorflow.FeatureList", value=MESSAGE),
    )),
    Message("tensorflow.Example", _EXAMPLE_PROTO, (
        Field(1, "features", MESSAGE, "tensorflow.Features"),
    )),
    Message("tensorflow.SequenceExample", _EXAMPLE_PROTO, (
        Field(1, "context", MESSAGE, "tensorflow.Features"),
        Field(2, "feature_lists", MESSAGE, "tensorflow.FeatureLists"),
    )),
    # --- event files: what tf.summary, Keras' TensorBoard callback, PyTorch and tensorboardX write, one Event a
    # TFRecord record. Declared in the order 1-10; fields 3-9 are the oneof "what".
    Message("tensorflow.Event", _EVENT_PROTO, (
        Field(1, "wall_time", DOUBLE),
        Field(2, "step", INT64),
        Field(3, "file_version", STRING, oneof="what"),
        Field(4, "graph_def", BYTES, oneof="what"),  # a serialized GraphDef
        Field(5, "summary", MESSAGE, "tensorflow.Summary", oneof="what"),
        Field(6, "log_message", MESSAGE, "tensorflow.LogMessage", oneof="what"),  # deprecated in TF 2
        Field(7, "session_log", MESSAGE, "tensorflow.SessionLog", oneof="what"),
        Field(8, "tagged_run_metadata", MESSAGE, "tensorflow.TaggedRunMetadata", oneof="what"),
        Field(9, "meta_graph_def", BYTES, oneof="what"),  # a serialized MetaGraphDef
        Field(10, "source_metadata", MESSAGE, "tensorflow.SourceMetadata"),
    )),
    Message("tensorflow.SourceMetadata", _EVENT_PROTO, (
        Field(1, "writer", STRING),
    )),
    Message("tensorflow.LogMessage", _EVENT_PROTO, (
        Field(1, "level", ENUM, "tensorflow.LogMessage.Level"),
        Field(2, "message", STRING),
    )),
    Message("tensorflow.SessionLog", _EVENT_PROTO, (
        Field(1, "status", ENUM, "tensorflow.SessionLog.SessionStatus"),
        Field(2, "checkpoint_path", STRING),
        Field(3, "msg", STRING),
    )),
    Message("tensorflow.TaggedRunMetadata", _EVENT_PROTO, (
        Field(1, "tag", STRING),
        Field(2, "run_metadata", BYTES),  # a serialized RunMetadata
    )),
    Message("tensorflow.Summary", _SUMMARY_PROTO, (
        Field(1, "value", MESSAGE, "tensorflow.Summary.Value", repeated=True),
    )),
    Message("tensorflow.Summary.Image", _SUMMARY_PROTO, (
        Field(1, "height", INT32),
        Field(2, "width", INT32),
        Field(3, "colorspace", INT32),  # 1 grayscale, 2 grayscale + alpha, 3 RGB, 4 RGBA, 5 DIGITAL_YUV, 6 BGRA
        Field(4, "encoded_image_string", BYTES),  # PNG or JPEG
    )),
    Message("tensorflow.Summary.Audio", _SUMMARY_PROTO, (
        Field(1, "sample_rate", FLOAT),
        Field(2, "num_channels", INT64),
        Field(3, "length_frames", INT64),
        Field(4, "encoded_audio_string", BYTES),
        Field(5, "content_type", STRING),
    )),
    # Declared in the order 7, 1, 9, 2-6, 8; fields 2-6 and 8 are the oneof "value".
    Message("tensorflow.Summary.Value", _SUMMARY_PROTO, (
        Field(7, "node_name", STRING),
        Field(1, "tag", STRING),
        Field(9, "metadata", MESSAGE, "tensorflow.SummaryMetadata"),
        Field(2, "simple_value", FLOAT, oneof="value"),
        Field(3, "obsolete_old_style_histogram", BYTES, oneof="value"),
        Field(4, "image", MESSAGE, "tensorflow.Summary.Image", oneof="value"),
        Field(5, "histo", MESSAGE, "tensorflow.HistogramProto", oneof="value"),
        Field(6, "audio", MESSAGE, "tensorflow.Summary.Audio", oneof="value"),
        Field(8, "tensor", MESSAGE, "tensorflow.TensorProto", oneof="value"),
    )),
    Message("tensorflow.SummaryMetadata", _SUMMARY_PROTO, (
        Field(1, "plugin_data", MESSAGE, "tensorflow.SummaryMetadata.PluginData"),
        Field(2, "display_name", STRING),
        Field(3, "summary_description", STRING),
        Field(4, "data_class", ENUM, "tensorflow.DataClass"),
    )),
    Message("tensorflow.SummaryMetadata.PluginData", _SUMMARY_PROTO, (
        Field(1, "plugin_name", STRING),
        Field(2, "content", BYTES),  # the plugin's own message, serialized
    )),
    # Bucket i counts the values in (bucket_limit[i-1], bucket_limit[i]]; the first from min. Both packed.
    Message("tensorflow.HistogramProto", _HISTOGRAM_PROTO, (
        Field(1, "min", DOUBLE),
        Field(2, "max", DOUBLE),
        Field(3, "num", DOUBLE),
        Field(4, "sum", DOUBLE),
        Field(5, "sum_squares", DOUBLE),
        Field(6, "bucket_limit", DOUBLE, repeated=True),
        Field(7, "bucket", DOUBLE, repeated=True),
    )),
    # The hparams plugin's content (its SummaryMetadata.PluginData, plugin "hparams"): the experiment's
    # hyperparameters and metrics, and each session's values at its start and its status at its end.
    Message("tensorboard.hparams.HParamsPluginData", _HPARAMS_DATA_PROTO, (
        Field(1, "version", INT32),
        Field(2, "experiment", MESSAGE, "tensorboard.hparams.Experiment", oneof="data"),
        Field(3, "session_start_info", MESSAGE, "tensorboard.hparams.SessionStartInfo", oneof="data"),
        Field(4, "session_end_info", MESSAGE, "tensorboard.hparams.SessionEndInfo", oneof="data"),
    )),
    Message("tensorboard.hparams.SessionStartInfo", _HPARAMS_DATA_PROTO, (
        Field(1, "hparams", MAP, "google.protobuf.Value", value=MESSAGE),
        Field(2, "model_uri", STRING),
        Field(3, "monitor_url", STRING),
        Field(4, "group_name", STRING),
        Field(5, "start_time_secs", DOUBLE),
    )),
    Message("tensorboard.hparams.SessionEndInfo", _HPARAMS_DATA_PROTO, (
        Field(1, "status", ENUM, "tensorboard.hparams.Status"),
        Field(2, "end_time_secs", DOUBLE),
    )),
    # Declared in the order 6, 1-5.
    Message("tensorboard.hparams.Experiment", _HPARAMS_API_PROTO, (
        Field(6, "name", STRING),
        Field(1, "description", STRING),
        Field(2, "user", STRING),
        Field(3, "time_created_secs", DOUBLE),
        Field(4, "hparam_infos", MESSAGE, "tensorboard.hparams.HParamInfo", repeated=True),
        Field(5, "metric_infos", MESSAGE, "tensorboard.hparams.MetricInfo", repeated=True),
    )),
    Message("tensorboard.hparams.HParamInfo", _HPARAMS_API_PROTO, (
        Field(1, "name", STRING),
        Field(2, "display_name", STRING),
        Field(3, "description", STRING),
        Field(4, "type", ENUM, "tensorboard.hparams.DataType"),
        Field(5, "domain_discrete", MESSAGE, "google.protobuf.ListValue", oneof="domain"),
        Field(6, "domain_interval", MESSAGE, "tensorboard.hparams.Interval", oneof="domain"),
        Field(7, "differs", BOOL),
    )),
    Message("tensorboard.hparams.Interval", _HPARAMS_API_PROTO, (
        Field(1, "min_value", DOUBLE),
        Field(2, "max_value", DOUBLE),
    )),
    Message("tensorboard.hparams.MetricInfo", _HPARAMS_API_PROTO, (  # field 2 reserved
        Field(1, "name", MESSAGE, "tensorboard.hparams.MetricName"),
        Field(3, "display_name", STRING),
        Field(4, "description", STRING),
        Field(5, "dataset_type", ENUM, "tensorboard.hparams.DatasetType"),
    )),
    Message("tensorboard.hparams.MetricName", _HPARAMS_API_PROTO, (
        Field(1, "group", STRING),
        Field(2, "tag", STRING),
    )),
    # A JSON value, as protobuf's well-known types hold one: an hparam's value and a discrete domain's.
    Message("google.protobuf.Struct", _STRUCT_PROTO, (
        Field(1, "fields", MAP, "google.protobuf.Value", value=MESSAGE),
    )),
    Message("google.protobuf.Value", _STRUCT_PROTO, (
        Field(1, "null_value", ENUM, "google.protobuf.NullValue", oneof="kind"),
        Field(2, "number_value", DOUBLE, oneof="kind"),
        Field(3, "string_value", STRING, oneof="kind"),
        Field(4, "bool_value", BOOL, oneof="kind"),
        Field(5, "struct_value", MESSAGE, "google.protobuf.Struct", oneof="kind"),
        Field(6, "list_value", MESSAGE, "google.protobuf.ListValue", oneof="kind"),
    )),
    Message("google.protobuf.ListValue", _STRUCT_PROTO, (
        Field(1, "values", MESSAGE, "google.protobuf.Value", repeated=True),
    )),
    # --- ONNX: a model, its graph, nodes, attributes, tensors and types, as onnx-ml.proto declares them.
    Message("onnx.ModelProto", _ONNX_PROTO, (
        Field(1, "ir_version", INT64),
        Field(8, "opset_import", MESSAGE, "onnx.OperatorSetIdProto", repeated=True),
        Field(2, "producer_name", STRING),
        Field(3, "producer_version", STRING),
        Field(4, "domain", STRING),
        Field(5, "model_version", INT64),
        Field(6, "doc_string", STRING),
        Field(7, "graph", MESSAGE, "onnx.GraphProto"),
        Field(14, "metadata_props", MESSAGE, "onnx.StringStringEntryProto", repeated=True),
        Field(20, "training_info", SKIPPED, "onnx.TrainingInfoProto", repeated=True),
        Field(25, "functions", MESSAGE, "onnx.FunctionProto", repeated=True),
        Field(26, "configuration", SKIPPED, "onnx.DeviceConfigurationProto", repeated=True),
    )),
    Message("onnx.OperatorSetIdProto", _ONNX_PROTO, (
        Field(1, "domain", STRING),
        Field(2, "version", INT64),
    )),
    Message("onnx.StringStringEntryProto", _ONNX_PROTO, (
        Field(1, "key", STRING),
        Field(2, "value", STRING),
    )),
    # Declared in the order 1, 2, 5, 15, 10-14, 16.
    Message("onnx.GraphProto", _ONNX_PROTO, (
        Field(1, "node", MESSAGE, "onnx.NodeProto", repeated=True),
        Field(2, "name", STRING),
        Field(5, "initializer", MESSAGE, "onnx.TensorProto", repeated=True),
        Field(15, "sparse_initializer", MESSAGE, "onnx.SparseTensorProto", repeated=True),
        Field(10, "doc_string", STRING),
        Field(11, "input", MESSAGE, "onnx.ValueInfoProto", repeated=True),
        Field(12, "output", MESSAGE, "onnx.ValueInfoProto", repeated=True),
        Field(13, "value_info", MESSAGE, "onnx.ValueInfoProto", repeated=True),
        Field(14, "quantization_annotation", SKIPPED, "onnx.TensorAnnotation", repeated=True),
        Field(16, "metadata_props", MESSAGE, "onnx.StringStringEntryProto", repeated=True),
    )),
    # Declared in the order 1-4, 7, 8, 5, 6, 9, 10.
    Message("onnx.NodeProto", _ONNX_PROTO, (
        Field(1, "input", STRING, repeated=True),
        Field(2, "output", STRING, repeated=True),
        Field(3, "name", STRING),
        Field(4, "op_type", STRING),
        Field(7, "domain", STRING),
        Field(8, "overload", STRING),
        Field(5, "attribute", MESSAGE, "onnx.AttributeProto", repeated=True),
        Field(6, "doc_string", STRING),
        Field(9, "metadata_props", MESSAGE, "onnx.StringStringEntryProto", repeated=True),
        Field(10, "device_configurations", SKIPPED, "onnx.NodeDeviceConfigurationProto", repeated=True),
    )),
    # Declared in the order 1, 21, 13, 20, 2-6, 22, 14, 7-11, 23, 15. No oneof: `type` says which value is meant.
    Message("onnx.AttributeProto", _ONNX_PROTO, (
        Field(1, "name", STRING),
        Field(21, "ref_attr_name", STRING),
        Field(13, "doc_string", STRING),
        Field(20, "type", ENUM, "onnx.AttributeProto.AttributeType"),
        Field(2, "f", FLOAT),
        Field(3, "i", INT64),
        Field(4, "s", BYTES),
        Field(5, "t", MESSAGE, "onnx.TensorProto"),
        Field(6, "g", MESSAGE, "onnx.GraphProto"),
        Field(22, "sparse_tensor", MESSAGE, "onnx.SparseTensorProto"),
        Field(14, "tp", MESSAGE, "onnx.TypeProto"),
        Field(7, "floats", FLOAT, repeated=True),
        Field(8, "ints", INT64, repeated=True),
        Field(9, "strings", BYTES, repeated=True),
        Field(10, "tensors", MESSAGE, "onnx.TensorProto", repeated=True),
        Field(11, "graphs", MESSAGE, "onnx.GraphProto", repeated=True),
        Field(23, "sparse_tensors", MESSAGE, "onnx.SparseTensorProto", repeated=True),
        Field(15, "type_protos", MESSAGE, "onnx.TypeProto", repeated=True),
    )),
    # Declared in the order 1-8, 12, 9, 13, 14, 10, 11, 16. data_type holds an onnx.TensorProto.DataType number.
    Message("onnx.TensorProto", _ONNX_PROTO, (
        Field(1, "dims", INT64, repeated=True),
        Field(2, "data_type", INT32),
        Field(3, "segment", MESSAGE, "onnx.TensorProto.Segment"),
        Field(4, "float_data", FLOAT, repeated=True),  # [packed = true], as the next four
        Field(5, "int32_data", INT32, repeated=True),
        Field(6, "string_data", BYTES, repeated=True),
        Field(7, "int64_data", INT64, repeated=True),
        Field(8, "name", STRING),
        Field(12, "doc_string", STRING),
        Field(9, "raw_data", BYTES),  # little-endian, C order: the weights the conversion writes
        Field(13, "external_data", MESSAGE, "onnx.StringStringEntryProto", repeated=True),
        Field(14, "data_location", ENUM, "onnx.TensorProto.DataLocation"),
        Field(10, "double_data", DOUBLE, repeated=True),
        Field(11, "uint64_data", UINT64, repeated=True),
        Field(16, "metadata_props", MESSAGE, "onnx.StringStringEntryProto", repeated=True),
    )),
    Message("onnx.TensorProto.Segment", _ONNX_PROTO, (
        Field(1, "begin", INT64),
        Field(2, "end", INT64),
    )),
    Message("onnx.SparseTensorProto", _ONNX_PROTO, (
        Field(1, "values", MESSAGE, "onnx.TensorProto"),
        Field(2, "indices", MESSAGE, "onnx.TensorProto"),
        Field(3, "dims", INT64, repeated=True),
    )),
    Message("onnx.ValueInfoProto", _ONNX_PROTO, (
        Field(1, "name", STRING),
        Field(2, "type", MESSAGE, "onnx.TypeProto"),
        Field(3, "doc_string", STRING),
        Field(4, "metadata_props", MESSAGE, "onnx.StringStringEntryProto", repeated=True),
    )),
    # Declared in the order 1, 4, 5, 9, 8, 7, 6; fields 1, 4, 5, 9, 8 and 7 are the oneof "value".
    Message("onnx.TypeProto", _ONNX_PROTO, (
        Field(1, "tensor_type", MESSAGE, "onnx.TypeProto.Tensor", oneof="value"),
        Field(4, "sequence_type", MESSAGE, "onnx.TypeProto.Sequence", oneof="value"),
        Field(5, "map_type", MESSAGE, "onnx.TypeProto.Map", oneof="value"),
        Field(9, "optional_type", MESSAGE, "onnx.TypeProto.Optional", oneof="value"),
        Field(8, "sparse_tensor_type", MESSAGE, "onnx.TypeProto.SparseTensor", oneof="value"),
        Field(7, "opaque_type", MESSAGE, "onnx.TypeProto.Opaque", oneof="value"),
        Field(6, "denotation", STRING),
    )),
    Message("onnx.TypeProto.Tensor", _ONNX_PROTO, (
        Field(1, "elem_type", INT32),  # an onnx.TensorProto.DataType number
        Field(2, "shape", MESSAGE, "onnx.TensorShapeProto"),
    )),
    Message("onnx.TypeProto.Sequence", _ONNX_PROTO, (
        Field(1, "elem_type", MESSAGE, "onnx.TypeProto"),
    )),
    Message("onnx.TypeProto.Map", _ONNX_PROTO, (
        Field(1, "key_type", INT32),
        Field(2, "value_type", MESSAGE, "onnx.TypeProto"),
    )),
    Message("onnx.TypeProto.Optional", _ONNX_PROTO, (
        Field(1, "elem_type", MESSAGE, "onnx.TypeProto"),
    )),
    Message("onnx.TypeProto.SparseTensor", _ONNX_PROTO, (
        Field(1, "elem_type", INT32),
        Field(2, "shape", MESSAGE, "onnx.TensorShapeProto"),
    )),
    Message("onnx.TypeProto.Opaque", _ONNX_PROTO, (
        Field(1, "domain", STRING),
        Field(2, "name", STRING),
    )),
    Message("onnx.TensorShapeProto", _ONNX_PROTO, (
        Field(1, "dim", MESSAGE, "onnx.TensorShapeProto.Dimension", repeated=True),
    )),
    # A dimension is a number or a symbol (dim_param: "batch"), in the oneof "value".
    Message("onnx.TensorShapeProto.Dimension", _ONNX_PROTO, (
        Field(1, "dim_value", INT64, oneof="value"),
        Field(2, "dim_param", STRING, oneof="value"),
        Field(3, "denotation", STRING),
    )),
    # Declared in the order 1, 4-6, 11, 7-10, 13, 12, 14.
    Message("onnx.FunctionProto", _ONNX_PROTO, (
        Field(1, "name", STRING),
        Field(4, "input", STRING, repeated=True),
        Field(5, "output", STRING, repeated=True),
        Field(6, "attribute", STRING, repeated=True),
        Field(11, "attribute_proto", MESSAGE, "onnx.AttributeProto", repeated=True),
        Field(7, "node", MESSAGE, "onnx.NodeProto", repeated=True),
        Field(8, "doc_string", STRING),
        Field(9, "opset_import", MESSAGE, "onnx.OperatorSetIdProto", repeated=True),
        Field(10, "domain", STRING),
        Field(13, "overload", STRING),
        Field(12, "value_info", MESSAGE, "onnx.ValueInfoProto", repeated=True),
        Field(14, "metadata_props", MESSAGE, "onnx.StringStringEntryProto", repeated=True),
    )),
)

# fmt: on

# Collection name -> message type of its bytes_list items: the registrations of
# register_proto_function in TensorFlow 2.x (ref_variable.py, saver.py,
# queue_runner_impl.py, control_flow_ops.py). Every other name keeps its bytes.
COLLECTIONS: Final[Mapping[str, str]] = {
    "variables": "tensorflow.VariableDef",
    "trainable_variables": "tensorflow.VariableDef",
    "local_variables": "tensorflow.VariableDef",
    "model_variables": "tensorflow.VariableDef",
    "moving_average_variables": "tensorflow.VariableDef",
    "metric_variables": "tensorflow.VariableDef",
    "global_step": "tensorflow.VariableDef",
    "savers": "tensorflow.SaverDef",
    "queue_runners": "tensorflow.QueueRunnerDef",
    "cond_context": "tensorflow.CondContextDef",
    "while_context": "tensorflow.WhileContextDef",
}
