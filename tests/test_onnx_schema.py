# SPDX-License-Identifier: Apache-2.0
"""The ONNX rows of the schema table against the onnx package's own descriptors, and a model through both ways.

Needs the ``onnx`` package (the optional group ``pip install -e '.[onnx]'``, which CI installs); skipped without
it. The package itself never imports onnx: these rows are what the conversion to ONNX (issue 35) writes with the
library's own encoder, and what ``decode_message("ModelProto", ...)`` reads.
"""

from __future__ import annotations

from typing import Any, Dict, List, Tuple

import pytest

import tfcollections
from tfcollections._proto.schema import ENUMS, MESSAGES, SKIPPED

onnx = pytest.importorskip("onnx")
from google.protobuf import json_format  # noqa: E402 (onnx brings protobuf)
from google.protobuf.descriptor import FieldDescriptor  # noqa: E402
from onnx import helper, numpy_helper, onnx_ml_pb2  # noqa: E402

ROWS = [message for message in MESSAGES if message.name.startswith("onnx.")]
_TYPES = {FieldDescriptor.TYPE_STRING: "string", FieldDescriptor.TYPE_BYTES: "bytes",
          FieldDescriptor.TYPE_BOOL: "bool", FieldDescriptor.TYPE_INT32: "int32", FieldDescriptor.TYPE_INT64: "int64",
          FieldDescriptor.TYPE_FLOAT: "float", FieldDescriptor.TYPE_DOUBLE: "double",
          FieldDescriptor.TYPE_UINT64: "uint64", FieldDescriptor.TYPE_ENUM: "enum",
          FieldDescriptor.TYPE_MESSAGE: "message"}  # fmt: skip


def _descriptor(name: str) -> Any:
    found = onnx_ml_pb2.DESCRIPTOR.message_types_by_name.get(name.split(".")[1])
    for part in name.split(".")[2:]:
        found = found.nested_types_by_name[part]
    return found


@pytest.mark.parametrize("message", ROWS, ids=lambda message: message.name)
def test_each_onnx_row_is_onnx_s_field(message: Any) -> None:
    descriptor = _descriptor(message.name)
    theirs = [(f.number, f.name) for f in descriptor.fields]
    assert [(f.number, f.name) for f in message.fields] == theirs  # every field, in declaration order
    for ours, field in zip(message.fields, descriptor.fields):
        kind = "message" if ours.type == SKIPPED else ours.type
        assert kind == _TYPES[field.type], (message.name, ours.name)
        reference = field.message_type or field.enum_type
        assert ours.ref == (reference.full_name if reference is not None else ""), (message.name, ours.name)
        assert ours.repeated == bool(field.is_repeated), (message.name, ours.name)
        assert ours.oneof == (field.containing_oneof.name if field.containing_oneof else ""), (message.name, ours.name)


def test_the_onnx_enums_are_onnx_s() -> None:
    for enum in (enum for enum in ENUMS if enum.name.startswith("onnx.")):
        descriptor = _descriptor(enum.name.rsplit(".", 1)[0]).enum_types_by_name[enum.name.rsplit(".", 1)[1]]
        assert list(enum.values) == [(value.name, value.number) for value in descriptor.values]
    assert len(ROWS) == 20


def _model() -> Any:
    """A model with a node of each attribute kind, an initializer in raw_data, a symbolic and a fixed dim."""
    numpy = pytest.importorskip("numpy")
    weights = numpy_helper.from_array(numpy.arange(12, dtype=numpy.float32).reshape(3, 4), name="w")
    nodes = [
        helper.make_node("MatMul", ["x:0", "w"], ["y"], name="matmul"),
        helper.make_node("LeakyRelu", ["y"], ["z"], name="leaky", alpha=0.0),  # a float attribute of 0
        helper.make_node("Transpose", ["z"], ["t"], perm=[1, 0]),
        helper.make_node("Split", ["t"], ["a", "b"], axis=0, num_outputs=2),
        helper.make_node("Constant", [], ["c"], value=numpy_helper.from_array(numpy.array([-1, 0, 2**40]))),
        helper.make_node("Identity", ["a"], ["out:0"], doc_string="ünïcode"),
    ]
    graph = helper.make_graph(
        nodes, "g", [helper.make_tensor_value_info("x:0", onnx.TensorProto.FLOAT, ["batch", 3])],
        [helper.make_tensor_value_info("out:0", onnx.TensorProto.FLOAT, [2, "batch"])], [weights],
    )  # fmt: skip
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], producer_name="tfcollections")


def test_an_onnx_model_is_read_and_written_back_as_onnx_reads_it() -> None:
    model = _model()
    onnx.checker.check_model(model, full_check=True)
    decoded: Dict[str, Any] = tfcollections.decode_message("ModelProto", model.SerializeToString())
    assert decoded["graph"]["input"][0]["type"]["tensor_type"]["shape"]["dim"][0]["dim_param"] == "batch"
    leaky = decoded["graph"]["node"][1]["attribute"][0]
    assert (leaky["name"], leaky["type"], leaky["f"]) == ("alpha", "FLOAT", 0.0)
    written = onnx.load_from_string(tfcollections.encode_message("ModelProto", decoded))
    onnx.checker.check_model(written, full_check=True)
    # The same, but for proto2's presence: onnx's helper sets some fields to their defaults ("", 0.0), which the
    # writer, as proto3 does, leaves out; onnx reads either as the default.
    assert _meaning(json_format.MessageToDict(written)) == _meaning(json_format.MessageToDict(model))
    assert json_format.MessageToDict(written) != {}


def _meaning(value: Any) -> Any:
    """A message's JSON without the fields set to their defaults."""
    if isinstance(value, dict):
        return {key: _meaning(item) for key, item in value.items() if item not in ("", 0, 0.0, False, "0")}
    if isinstance(value, list):
        return [_meaning(item) for item in value]
    return value


def test_the_writer_s_bytes_are_what_onnx_parses_field_by_field() -> None:
    # Repeated numbers are written packed (proto3's way), which protobuf reads as proto2's unpacked ones.
    tensor = {"dims": [2, 3], "data_type": 7, "int64_data": [-1, 0, 1, 2**40, -(2**63), 5], "name": "ints"}
    parsed = onnx.TensorProto.FromString(tfcollections.encode_message("onnx.TensorProto", tensor))
    assert (list(parsed.dims), parsed.data_type, list(parsed.int64_data)) == ([2, 3], 7, tensor["int64_data"])
    dims: List[Tuple[str, Any]] = [("dim_value", 0), ("dim_param", "n")]
    shape = {"dim": [{key: value} for key, value in dims]}
    parsed_shape = onnx.TensorShapeProto.FromString(tfcollections.encode_message("onnx.TensorShapeProto", shape))
    assert [dim.WhichOneof("value") for dim in parsed_shape.dim] == ["dim_value", "dim_param"]  # a 0 kept
