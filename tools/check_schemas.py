# SPDX-License-Identifier: Apache-2.0
"""Check the schema tables of tfcollections/_proto/schema.py against TensorFlow's own descriptors.

    $TFVENV/bin/python -m tools.check_schemas

Run in the venv with ``tensorflow-cpu``. For every message and enum in the
tables: the same fields (number, name, type, repeated, oneof, map value type)
in the same declaration order, and the same enum values, as the ``*_pb2``
modules of the installed TensorFlow. Fields the tables declare as ``skipped``
must be messages of the named type. Exit code 1 on any difference.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
REPO = Path(__file__).resolve().parent.parent

from google.protobuf import descriptor_pool  # noqa: E402
from google.protobuf.descriptor import FieldDescriptor as FD  # noqa: E402
from onnx import onnx_ml_pb2  # noqa: E402, F401 (ONNX's messages: pip install onnx)
from tensorboard.plugins.hparams import plugin_data_pb2  # noqa: E402, F401 (the hparams plugin's data, struct.proto)
from tensorflow.core.framework import (  # noqa: E402, F401
    attr_value_pb2,
    function_pb2,
    graph_pb2,
    node_def_pb2,
    op_def_pb2,
    summary_pb2,
    tensor_pb2,
    tensor_slice_pb2,
    types_pb2,
    variable_pb2,
    versions_pb2,
)
from tensorflow.core.protobuf import (  # noqa: E402, F401
    control_flow_pb2,
    meta_graph_pb2,
    queue_runner_pb2,
    saved_model_pb2,
    saved_object_graph_pb2,
    saver_pb2,
    tensor_bundle_pb2,
)
from tensorflow.core.util import event_pb2, saved_tensor_slice_pb2  # noqa: E402, F401
from tf_keras.protobuf import saved_metadata_pb2  # noqa: E402, F401 (keras_metadata.pb's messages: pip install tf_keras)

from tfcollections._proto.schema import ENUMS, MAP, MESSAGES, SKIPPED  # noqa: E402

TYPE_NAMES = {
    FD.TYPE_STRING: "string",
    FD.TYPE_BYTES: "bytes",
    FD.TYPE_BOOL: "bool",
    FD.TYPE_INT32: "int32",
    FD.TYPE_INT64: "int64",
    FD.TYPE_FLOAT: "float",
    FD.TYPE_DOUBLE: "double",
    FD.TYPE_UINT32: "uint32",
    FD.TYPE_UINT64: "uint64",
    FD.TYPE_FIXED32: "fixed32",
    FD.TYPE_ENUM: "enum",
    FD.TYPE_MESSAGE: "message",
}


def main() -> int:
    pool = descriptor_pool.Default()
    problems = []
    for message in MESSAGES:
        descriptor = pool.FindMessageTypeByName(message.name)
        theirs = list(descriptor.fields)
        if [f.name for f in theirs] != [f.name for f in message.fields]:
            problems.append(f"{message.name}: fields {[f.name for f in theirs]} != {[f.name for f in message.fields]}")
            continue
        for ours, field in zip(message.fields, theirs):
            is_map = field.type == FD.TYPE_MESSAGE and field.message_type.GetOptions().map_entry
            repeated = bool(getattr(field, "is_repeated", False)) and not is_map
            oneof = field.containing_oneof.name if field.containing_oneof else ""
            if is_map and ours.type == SKIPPED:
                # A map whose keys are not strings (FunctionDef.arg_attr: uint32), skipped entry by entry.
                kind, ref, got, got_ref = (
                    ("skipped map", ""),
                    field.message_type.full_name,
                    ("skipped map", ""),
                    ours.ref,
                )
                repeated = True
            elif is_map:
                value = field.message_type.fields_by_name["value"]
                kind = (MAP, TYPE_NAMES[value.type])
                ref = value.message_type.full_name if value.type == FD.TYPE_MESSAGE else ""
                got = (ours.type, ours.value if ours.value != SKIPPED else "message")
                got_ref = ours.ref
            else:
                kind = (TYPE_NAMES[field.type], "")
                ref = (
                    field.message_type.full_name
                    if field.type == FD.TYPE_MESSAGE
                    else (field.enum_type.full_name if field.type == FD.TYPE_ENUM else "")
                )
                got = ("message" if ours.type == SKIPPED else ours.type, "")
                got_ref = ours.ref
            checks = [
                (ours.number, field.number, "number"),
                (got, kind, "type"),
                (got_ref, ref, "type name"),
                (ours.repeated, repeated, "repeated"),
                (ours.oneof, oneof, "oneof"),
            ]
            for mine, real, what in checks:
                if mine != real:
                    problems.append(f"{message.name}.{ours.name}: {what} {mine!r} != TensorFlow's {real!r}")
    for enum in ENUMS:
        descriptor = pool.FindEnumTypeByName(enum.name)
        theirs = [(v.name, v.number) for v in descriptor.values]
        if list(enum.values) != theirs:
            missing = sorted(set(theirs) - set(enum.values))
            extra = sorted(set(enum.values) - set(theirs))
            problems.append(f"{enum.name}: values differ; TensorFlow has {missing} more, tables have {extra} more")
    for problem in problems:
        print(problem)
    print(f"{len(MESSAGES)} messages, {len(ENUMS)} enums checked, {len(problems)} differences", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args()
    sys.exit(main())
