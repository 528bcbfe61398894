# SPDX-License-Identifier: Apache-2.0
"""protobuf's side of every comparison: the registry as pb2 classes, protobuf's parse in the output contract's form,
random messages, and mutations (imported by the fixture writers, the differential fuzzers and the checks).

Runs only in the virtual environment with ``tensorflow-cpu`` ($TFVENV, docs/development.md). Written apart from
the package on purpose: fixtures and verdicts must not come from the code they test, so nothing here imports
``tfcollections``: its varint writer is the tests' own (``tests.helpers``), its field walker is below.
"""

from __future__ import annotations

import base64
import math
import os
import random
import struct
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

from google.protobuf import descriptor as _descriptor
from google.protobuf.message import DecodeError
from tensorflow.core.framework import variable_pb2
from tensorflow.core.protobuf import control_flow_pb2, queue_runner_pb2, saver_pb2

from tests.helpers import varint as varint  # the one writer of the tests and tools, not the package's

# The registry, as TensorFlow 2.x has it (see docs/contract.md).
COLLECTION_TYPES = {
    "variables": variable_pb2.VariableDef,
    "trainable_variables": variable_pb2.VariableDef,
    "local_variables": variable_pb2.VariableDef,
    "model_variables": variable_pb2.VariableDef,
    "moving_average_variables": variable_pb2.VariableDef,
    "metric_variables": variable_pb2.VariableDef,
    "global_step": variable_pb2.VariableDef,
    "savers": saver_pb2.SaverDef,
    "queue_runners": queue_runner_pb2.QueueRunnerDef,
    "cond_context": control_flow_pb2.CondContextDef,
    "while_context": control_flow_pb2.WhileContextDef,
}
TYPE_COLLECTION = {
    "VariableDef": "variables",
    "SaverDef": "savers",
    "QueueRunnerDef": "queue_runners",
    "CondContextDef": "cond_context",
    "WhileContextDef": "while_context",
}

FD = _descriptor.FieldDescriptor


def is_repeated(field: _descriptor.FieldDescriptor) -> bool:
    # protobuf >= 5 has is_repeated; older releases only the label.
    flag = getattr(field, "is_repeated", None)
    return bool(flag) if flag is not None else field.label == FD.LABEL_REPEATED


def is_map(field: _descriptor.FieldDescriptor) -> bool:
    return field.type == FD.TYPE_MESSAGE and field.message_type.GetOptions().map_entry


def scalar_contract(field, value):
    if field.type == FD.TYPE_ENUM:
        value_descriptor = field.enum_type.values_by_number.get(value)
        return value_descriptor.name if value_descriptor is not None else value
    if field.type == FD.TYPE_BYTES:
        return {"$base64": base64.b64encode(value).decode("ascii")}  # as the command line's --json writes bytes
    return value


def to_contract(message):
    """A parsed protobuf message in the output contract's form (see docs/contract.md)."""
    out = {}
    for field in message.DESCRIPTOR.fields:
        value = getattr(message, field.name)
        if is_map(field):
            value_field = field.message_type.fields_by_name["value"]
            out[field.name] = {
                key: (to_contract(item) if value_field.type == FD.TYPE_MESSAGE else scalar_contract(value_field, item))
                for key, item in value.items()
            }
        elif is_repeated(field):
            if field.type == FD.TYPE_MESSAGE:
                out[field.name] = [to_contract(item) for item in value]
            else:
                out[field.name] = [scalar_contract(field, item) for item in value]
        elif field.type == FD.TYPE_MESSAGE:
            out[field.name] = to_contract(value) if message.HasField(field.name) else None
        else:
            out[field.name] = scalar_contract(field, value)
    return out


def protobuf_verdict(cls, blob: bytes):
    message = cls()
    try:
        message.ParseFromString(blob)
    except DecodeError:
        return None
    return to_contract(message)


# --------------------------------------------------------------------------- random messages


class RandomMessages:
    """Random messages of a descriptor, favouring edge values."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def string(self) -> str:
        rng = self.rng
        choice = rng.random()
        if choice < 0.15:
            return ""
        if choice < 0.7:
            alphabet = "abcdefghijklmnopqrstuvwxyz_/:0123456789"
            return "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 24)))
        pool = [
            "é",
            "ß",
            "日本",
            "\u0000",
            "\u007f",
            "\u0080",
            "\u07ff",
            "\u0800",
            "\uffff",
            "\U0001f600",
            "\U0010ffff",
            "x",
        ]
        return "".join(rng.choice(pool) for _ in range(rng.randint(1, 6)))

    def int_value(self, bits: int) -> int:
        rng = self.rng
        edges = [0, 1, -1, 127, 128, 300, 2 ** (bits - 1) - 1, -(2 ** (bits - 1)), 2**31 - 1, -(2**31)]
        if rng.random() < 0.5:
            return rng.choice([e for e in edges if -(2 ** (bits - 1)) <= e < 2 ** (bits - 1)])
        return rng.randint(-(2 ** (bits - 1)), 2 ** (bits - 1) - 1)

    def float_value(self) -> float:
        rng = self.rng
        specials = [0.0, -0.0, 1.0, 0.5, -2.5, float("inf"), float("-inf"), 1e-45, 3.4028234663852886e38]
        if rng.random() < 0.4:
            return rng.choice(specials)
        return struct.unpack("<f", struct.pack("<f", rng.uniform(-1e6, 1e6)))[0]

    def scalar(self, field):
        rng = self.rng
        if field.type == FD.TYPE_STRING:
            return self.string()
        if field.type == FD.TYPE_BOOL:
            return rng.random() < 0.5
        if field.type == FD.TYPE_INT32:
            return self.int_value(32)
        if field.type == FD.TYPE_INT64:
            return self.int_value(64)
        if field.type == FD.TYPE_FLOAT:
            return self.float_value()
        if field.type == FD.TYPE_DOUBLE:
            return rng.choice([0.0, -0.0, 0.1, float("inf"), 1e308, rng.uniform(-1e9, 1e9)])
        if field.type in (FD.TYPE_UINT32, FD.TYPE_FIXED32):
            return rng.choice([0, 1, 2**32 - 1, rng.randint(0, 2**32 - 1)])
        if field.type == FD.TYPE_UINT64:
            return rng.choice([0, 1, 2**64 - 1, rng.randint(0, 2**64 - 1)])
        if field.type == FD.TYPE_ENUM:
            numbers = [v.number for v in field.enum_type.values]
            if rng.random() < 0.8:
                return rng.choice(numbers)
            return rng.choice([99, -1, 2**31 - 1, -(2**31), 17])
        raise AssertionError(field.type)

    def fill(self, message, depth: int = 0):
        rng = self.rng
        oneofs_done = set()
        for field in message.DESCRIPTOR.fields:
            if rng.random() < 0.3:
                continue
            if field.containing_oneof is not None:
                if field.containing_oneof.name in oneofs_done or depth > 4:
                    continue
                oneofs_done.add(field.containing_oneof.name)
            if is_map(field):
                mapping = getattr(message, field.name)
                for _ in range(rng.randint(0, 4)):
                    mapping[self.string()] = self.string()
            elif is_repeated(field):
                container = getattr(message, field.name)
                count = rng.randint(0, 5) if field.type != FD.TYPE_MESSAGE or depth < 3 else 0
                for _ in range(count):
                    if field.type == FD.TYPE_MESSAGE:
                        self.fill(container.add(), depth + 1)
                    else:
                        container.append(self.scalar(field))
            elif field.type == FD.TYPE_MESSAGE:
                if depth < 5:
                    self.fill(getattr(message, field.name), depth + 1)
                    getattr(message, field.name).SetInParent()
            else:
                setattr(message, field.name, self.scalar(field))
        return message


# --------------------------------------------------------------------------- mutations


def read_varint(blob: bytes, pos: int):
    value = 0
    shift = 0
    while True:
        byte = blob[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, pos


def field_boundaries(blob: bytes):
    """Offsets where top-level fields start (a best-effort walk; stops at anything odd)."""
    offsets = [0]
    pos = 0
    try:
        while pos < len(blob):
            tag, pos = read_varint(blob, pos)
            wire_type = tag & 7
            if wire_type == 0:
                _, pos = read_varint(blob, pos)
            elif wire_type == 1:
                pos += 8
            elif wire_type == 5:
                pos += 4
            elif wire_type == 2:
                length, pos = read_varint(blob, pos)
                pos += length
            else:
                break
            if pos <= len(blob):
                offsets.append(pos)
    except IndexError:
        pass
    return offsets


def random_unknown_field(rng: random.Random) -> bytes:
    number = rng.choice([13, 15, 16, 91, 1000, 2**29 - 1, 0, 1, 2, 5, 9])
    wire_type = rng.choice([0, 1, 2, 3, 4, 5, 6, 7])
    tag = varint((number << 3) | wire_type)
    if wire_type == 0:
        return tag + varint(rng.choice([0, 1, 2**63, 2**64 - 1, 300]))
    if wire_type == 1:
        return tag + bytes(rng.randrange(256) for _ in range(8))
    if wire_type == 5:
        return tag + bytes(rng.randrange(256) for _ in range(4))
    if wire_type == 2:
        payload = bytes(rng.randrange(256) for _ in range(rng.randint(0, 6)))
        return tag + varint(len(payload)) + payload
    if wire_type == 3:
        inner = random_unknown_field(rng) if rng.random() < 0.5 else b""
        end_number = number if rng.random() < 0.8 else number + 1
        return tag + inner + varint((end_number << 3) | 4)
    return tag


def non_canonical(blob: bytes, rng: random.Random) -> bytes:
    """Re-encode a one-byte top-level tag, or the one-byte length after it, with padding bytes.

    Up to 9 padding bytes: upb takes a tag or a length of at most 5 bytes, a value of up to 10.
    """
    offsets = field_boundaries(blob)[:-1]
    if not offsets:
        return blob
    start = rng.choice(offsets)
    byte = blob[start]
    if byte >= 0x80:
        return blob
    if byte & 7 == 2 and start + 1 < len(blob) and rng.random() < 0.5:
        start += 1  # the length of a length-delimited field
        byte = blob[start]
        if byte >= 0x80:
            return blob
    padding = rng.choice([1, 2, 4, 5, 9])
    padded = bytes([byte | 0x80]) + b"\x80" * (padding - 1) + b"\x00"
    return blob[:start] + padded + blob[start + 1 :]


def serialize_unpacked(message) -> bytes:
    """Serialize like protobuf, but with every packed field (at any depth) written unpacked."""
    out = bytearray()
    for field, value in message.ListFields():
        if is_repeated(field) and field.type in (FD.TYPE_INT64, FD.TYPE_INT32, FD.TYPE_ENUM):
            for item in value:
                out += varint(field.number << 3) + varint(item)
        elif field.type == FD.TYPE_MESSAGE and not is_map(field):
            for item in value if is_repeated(field) else [value]:
                payload = serialize_unpacked(item)
                out += varint((field.number << 3) | 2) + varint(len(payload)) + payload
        else:
            single = type(message)()
            if is_repeated(field):
                getattr(single, field.name).MergeFrom(value)
            else:
                setattr(single, field.name, value)
            out += single.SerializeToString()
    return bytes(out)


def unpack_repeated(cls, blob: bytes) -> bytes:
    message = cls()
    try:
        message.ParseFromString(blob)
    except DecodeError:
        return blob
    return serialize_unpacked(message)


def mutate(rng: random.Random, cls, blob: bytes, others) -> bytes:
    choice = rng.randrange(12)
    if choice == 0 and blob:
        return blob[: rng.randrange(len(blob))]
    if choice == 1 and blob:
        index = rng.randrange(len(blob))
        return blob[:index] + bytes([blob[index] ^ (1 << rng.randrange(8))]) + blob[index + 1 :]
    if choice == 2:
        index = rng.randint(0, len(blob))
        return blob[:index] + bytes([rng.randrange(256)]) + blob[index:]
    if choice == 3 and blob:
        index = rng.randrange(len(blob))
        return blob[:index] + blob[index + 1 :]
    if choice == 4:
        offset = rng.choice(field_boundaries(blob))
        return blob[:offset] + random_unknown_field(rng) + blob[offset:]
    if choice == 5:
        return non_canonical(blob, rng)
    if choice == 6:
        return blob + rng.choice(others)
    if choice == 7:
        return unpack_repeated(cls, blob)
    if choice == 8:
        return bytes(rng.randrange(256) for _ in range(rng.randint(0, 40)))
    if choice == 9 and blob:
        index = rng.randrange(len(blob))
        return blob[:index] + bytes([rng.randrange(256)]) + blob[index + 1 :]
    if choice == 10:
        offset = rng.choice(field_boundaries(blob))
        group_number = rng.choice([1, 5, 13, 77])
        end_number = group_number if rng.random() < 0.7 else group_number + 1
        return blob[:offset] + varint((group_number << 3) | 3) + varint((end_number << 3) | 4) + blob[offset:]
    # Bad UTF-8 in the first string-looking field: replace a byte with an invalid one.
    if blob:
        index = rng.randrange(len(blob))
        return blob[:index] + bytes([rng.choice([0xFF, 0xC0, 0xED, 0xF4, 0x80])]) + blob[index + 1 :]
    return blob


def finite(value):
    # JSON has no NaN/Infinity: write them as strings the tests turn back into floats.
    if isinstance(value, float) and not math.isfinite(value):
        return {"$float": repr(value)}
    if isinstance(value, dict):
        return {key: finite(item) for key, item in value.items()}
    if isinstance(value, list):
        return [finite(item) for item in value]
    return value


# --------------------------------------------------------------------------- the graph (load(..., graph=True))

# Written here from TensorFlow's lists of variable ops (python/ops/variables.py), not taken from the package.
VARIABLE_OPS = {"Variable", "VariableV2", "VarHandleOp", "TemporaryVariable", "AutoReloadVariable"}
VARIABLE_COLLECTIONS = [name for name, cls in COLLECTION_TYPES.items() if cls.DESCRIPTOR.name == "VariableDef"]


def _attr_text(value: bytes):
    try:
        return value.decode()
    except UnicodeDecodeError:
        return value


def _shape(shape):
    return None if shape.unknown_rank else [dim.size for dim in shape.dim]


def _dtype(number: int):
    from tensorflow.core.framework import types_pb2

    try:
        return types_pb2.DataType.Name(number)
    except ValueError:
        return number


def _variable_from_node(node):
    attr = node.attr

    def member(key, name):
        return getattr(attr[key], name) if key in attr and attr[key].WhichOneof("value") == name else None

    colocated = []
    if "_class" in attr:
        kind = attr["_class"].WhichOneof("value")
        entries = list(attr["_class"].list.s) if kind == "list" else [attr["_class"].s] if kind == "s" else []
        colocated = [_attr_text(entry[5:]) for entry in entries if entry.startswith(b"loc:@")]
    dtype = member("dtype", "type")
    shape = member("shape", "shape")
    container = member("container", "s")
    shared_name = member("shared_name", "s")
    return {
        "name": node.name,
        "op": node.op,
        "dtype": None if dtype is None else _dtype(dtype),
        "shape": None if shape is None else _shape(shape),
        "device": node.device,
        "container": "" if container is None else _attr_text(container),
        "shared_name": "" if shared_name is None else _attr_text(shared_name),
        "colocated_with": colocated,
        "collections": [],
        "trainable": None,
        "partition": None,
        "object_path": None,
    }


def _missing(name):
    return {"name": name, "op": None, "dtype": None, "shape": None, "device": "", "container": "",
            "shared_name": "", "colocated_with": [], "collections": [], "trainable": None,
            "partition": None, "object_path": None}  # fmt: skip


def _layer_owners(nodes, object_paths, keras):
    """{variable path: layer}: each variable held by a Keras object other than the root, through children that
    are no Keras object (a layer's attributes, lists and dicts); of several, the one with the longest path."""
    layers = {layer["path"]: layer for layer in keras["layers"] if layer["path"]}
    keras_nodes = {index for index, path in object_paths.items() if path in layers}
    best = {}
    for index in sorted(keras_nodes):
        layer = layers[object_paths[index]]
        todo, seen = [index], {index}
        while todo:
            for child in nodes[todo.pop()].children:
                target = child.node_id
                if target == 0 or target >= len(nodes) or target in seen or target in keras_nodes:
                    continue
                seen.add(target)
                if nodes[target].WhichOneof("kind") == "variable":
                    depth = layer["path"].count("/")
                    if target not in best or best[target][0] < depth:
                        best[target] = (depth, layer)
                else:
                    todo.append(target)
    return {object_paths[index]: layer for index, (_, layer) in best.items() if index in object_paths}


def _unique_name(name, in_use):
    # tensorflow/python/framework/ops.py, Graph.unique_name: case-insensitive, name_1, name_2, ...
    name_key = name.lower()
    i = in_use.get(name_key, 0)
    in_use[name_key] = i + 1
    if i > 0:
        base_name_key = name_key
        while name_key in in_use:
            name_key = f"{base_name_key}_{i}"
            i += 1
        in_use[name_key] = 1
        name = f"{name}_{i - 1}"
    return name


def _object_paths(nodes):
    paths = {0: ""} if len(nodes) else {}
    queue = [0] if len(nodes) else []
    order = list(queue)
    while queue:
        node_id = queue.pop(0)
        for child in nodes[node_id].children:
            if 0 <= child.node_id < len(nodes) and child.node_id not in paths:
                prefix = paths[node_id] + "/" if paths[node_id] else ""
                paths[child.node_id] = prefix + child.local_name
                queue.append(child.node_id)
                order.append(child.node_id)
    for node_id in order:  # slot variables, through the optimizers the walk reached (trackable_utils' slot keys)
        for slot in nodes[node_id].slot_variables:
            target = slot.slot_variable_node_id
            if slot.original_variable_node_id in paths and 0 <= target < len(nodes) and target not in paths:
                original = paths[slot.original_variable_node_id]
                paths[target] = "/".join([original, ".OPTIMIZER_SLOT", paths[node_id], slot.slot_name])
    return paths


# The graph's ends (tfcollections/_graph/endpoints.py states the same rules; written again here on purpose).
PLACEHOLDER_OPS = {"Placeholder", "PlaceholderV2", "PlaceholderWithDefault"}
CALL_OPS = {"StatefulPartitionedCall", "PartitionedCall"}
NOT_OUTPUTS = {"Const", "Assign", "NoOp", "Assert", "AssignVariableOp"} | PLACEHOLDER_OPS
ITEM_SIZES = {"DT_FLOAT": 4, "DT_DOUBLE": 8, "DT_HALF": 2, "DT_BFLOAT16": 2, "DT_INT8": 1, "DT_UINT8": 1, "DT_INT16": 2,
              "DT_UINT16": 2, "DT_INT32": 4, "DT_UINT32": 4, "DT_INT64": 8, "DT_UINT64": 8, "DT_BOOL": 1,
              "DT_COMPLEX64": 8, "DT_COMPLEX128": 16}  # fmt: skip


def _saver_nodes(meta_graph):
    savers = [meta_graph.saver_def] if meta_graph.HasField("saver_def") else []
    if "savers" in meta_graph.collection_def:
        for blob in meta_graph.collection_def["savers"].bytes_list.value:
            saver = saver_pb2.SaverDef()
            try:
                saver.ParseFromString(blob)
            except DecodeError:
                continue
            savers.append(saver)
    names = []
    for saver in savers:
        for name in (saver.filename_tensor_name, saver.save_tensor_name, saver.restore_op_name):
            if name:
                names.append(name.split(":")[0])
    return names


def _in_savers(name, saver_nodes):
    return any(name == node or ("/" in node and name.startswith(node[: node.rindex("/") + 1])) for node in saver_nodes)


def _ends(meta_graph, flagged_ops):
    """The graph's inputs, outputs, constants and the nodes of flagged ops, from protobuf's parse."""
    graph = meta_graph.graph_def
    savers = _saver_nodes(meta_graph)
    inputs, constants, flagged, calls, consumed = [], [], [], [], set()
    for node in graph.node:
        for entry in node.input:
            consumed.add((entry[1:] if entry.startswith("^") else entry).split(":")[0])
        if node.op in PLACEHOLDER_OPS and not _in_savers(node.name, savers):
            dtype_set = "dtype" in node.attr and node.attr["dtype"].WhichOneof("value") == "type"
            dtype = _dtype(node.attr["dtype"].type) if dtype_set else None
            shape, recorded = None, None
            if "_output_shapes" in node.attr and node.attr["_output_shapes"].WhichOneof("value") == "list":
                shapes = node.attr["_output_shapes"].list.shape
                recorded = _shape(shapes[0]) if shapes else None
            if "shape" in node.attr and node.attr["shape"].WhichOneof("value") == "shape":
                shape = _shape(node.attr["shape"].shape)
                if shape == [] and recorded:  # an old graph's "any shape", inferred when it was written
                    shape = recorded
            else:
                shape = recorded
            # TensorFlow's Placeholder shape function: no dims in a graph of producer 21 or less is "any shape".
            if node.op == "Placeholder" and shape == [] and graph.versions.producer < 22:
                shape = None
            inputs.append({"name": node.name, "op": node.op, "dtype": dtype, "shape": shape})
        elif node.op == "Const":
            constant = {"name": node.name, "dtype": None, "shape": None, "size": None}
            if "value" in node.attr and node.attr["value"].WhichOneof("value") == "tensor":
                tensor = node.attr["value"].tensor
                constant["dtype"] = _dtype(tensor.dtype)
                shape = _shape(tensor.tensor_shape)
                constant["shape"] = shape
                if constant["dtype"] == "DT_STRING":
                    constant["size"] = sum(len(value) for value in tensor.string_val)
                elif constant["dtype"] in ITEM_SIZES and shape is not None and all(dim >= 0 for dim in shape):
                    count = 1
                    for dim in shape:
                        count *= dim
                    constant["size"] = count * ITEM_SIZES[constant["dtype"]]
            constants.append(constant)
        if node.op in flagged_ops:
            flagged.append({"function": None, "node": node.name, "op": node.op})
        elif node.op in CALL_OPS:
            has_func = "f" in node.attr and node.attr["f"].WhichOneof("value") == "func"
            calls.append({"node": node.name, "op": node.op, "function": node.attr["f"].func.name if has_func else None})
    for function in graph.library.function:
        for node in function.node_def:
            if node.op in flagged_ops:
                flagged.append({"function": function.signature.name, "node": node.name, "op": node.op})
    outputs = []
    for node in graph.node:
        if node.name in consumed or _in_savers(node.name, savers) or node.op in NOT_OUTPUTS:
            continue
        if node.op in VARIABLE_OPS or node.op.endswith("VarHandleOp"):
            continue
        outputs.append({"name": node.name, "op": node.op})
    return {"inputs": inputs, "outputs": outputs, "constants": constants, "flagged": flagged, "calls": calls}


def graph_contract(meta_graph, model_path=None, flagged_ops=()):
    """What load(..., graph=True) must give as a meta graph's "graph", from protobuf's parse of it (*model_path*:
    the file it was read from, beside which keras_metadata.pb may lie; *flagged_ops*: the package's table of
    flagged ops, policy rather than parsing, which callers pass)."""
    graph = meta_graph.graph_def
    variables = [
        _variable_from_node(node) for node in graph.node if node.op in VARIABLE_OPS or node.op.endswith("VarHandleOp")
    ]
    by_name = {}
    for variable in variables:
        by_name.setdefault(variable["name"], variable)

    def find(name):
        if name not in by_name:
            by_name[name] = _missing(name)
            variables.append(by_name[name])
        return by_name[name]

    def node_of(tensor):
        node, colon, output = tensor.rpartition(":")
        return node if colon and output.isdigit() else tensor

    for collection_name in sorted(meta_graph.collection_def):
        collection = meta_graph.collection_def[collection_name]
        if collection_name not in VARIABLE_COLLECTIONS:
            continue
        kind = collection.WhichOneof("kind")
        if kind == "bytes_list":
            cls = COLLECTION_TYPES[collection_name]
            for blob in collection.bytes_list.value:
                item = protobuf_verdict(cls, blob)  # what decode() makes of the item; None: it keeps the bytes
                if item is None:
                    continue
                variable = find(node_of(item["variable_name"]))
                trainable = item["trainable"]
                info = item["save_slice_info_def"]
                if info is not None:
                    variable["partition"] = {"full_name": info["full_name"], "full_shape": info["full_shape"],
                                             "offset": info["var_offset"]}  # fmt: skip
                if collection_name not in variable["collections"]:
                    variable["collections"].append(collection_name)
                in_trainable = collection_name == "trainable_variables"
                variable["trainable"] = bool(variable["trainable"]) or trainable or in_trainable
        elif kind == "node_list":
            for name in collection.node_list.value:
                variable = find(node_of(name))
                if collection_name not in variable["collections"]:
                    variable["collections"].append(collection_name)
                variable["trainable"] = bool(variable["trainable"]) or collection_name == "trainable_variables"
    # The program's own node_list collections: get_collection gives back the node (or its tensor) a name names.
    for collection_name in sorted(meta_graph.collection_def):
        collection = meta_graph.collection_def[collection_name]
        if collection_name in VARIABLE_COLLECTIONS or collection.WhichOneof("kind") != "node_list":
            continue
        for name in collection.node_list.value:
            variable = by_name.get(node_of(name))
            if variable is not None and collection_name not in variable["collections"]:
                variable["collections"].append(collection_name)
    if meta_graph.HasField("object_graph_def"):
        # One variable per SavedVariable, with its path; its graph node is the unique name TensorFlow gave it,
        # in the object graph's order, when dtype and shape agree.
        nodes = meta_graph.object_graph_def.nodes
        paths = _object_paths(nodes)
        in_use = {}
        for index, obj in enumerate(nodes):
            if obj.WhichOneof("kind") != "variable":
                continue
            saved = obj.variable
            variable = by_name.get(_unique_name(saved.name, in_use))
            dtype, shape = _dtype(saved.dtype), _shape(saved.shape)
            if (variable is None or variable["object_path"] is not None or variable["dtype"] not in (None, dtype)
                    or variable["shape"] not in (None, shape)):  # fmt: skip
                variable = _missing(saved.name)
                variable["device"] = saved.device
                variables.append(variable)
            if variable["dtype"] is None:
                variable["dtype"] = dtype
            if variable["shape"] is None:
                variable["shape"] = shape
            variable["object_path"] = paths.get(index)
            variable["trainable"] = bool(variable["trainable"]) or saved.trainable
    keras, objects = None, []
    if meta_graph.HasField("object_graph_def"):
        nodes = meta_graph.object_graph_def.nodes
        object_paths = _object_paths(nodes)
        keras = _keras(nodes, object_paths, model_path)
        for index, obj in enumerate(nodes):
            if index not in object_paths:
                continue
            kind = obj.WhichOneof("kind")
            functions = []
            if kind == "function":
                functions = list(obj.function.concrete_functions)
            elif kind == "bare_concrete_function":
                functions = [obj.bare_concrete_function.concrete_function_name]
            identifier = obj.user_object.identifier if kind == "user_object" else None
            objects.append({"node": index, "path": object_paths[index], "kind": kind, "identifier": identifier,
                            "functions": functions})  # fmt: skip
    owners = _layer_owners(meta_graph.object_graph_def.nodes, object_paths, keras) if keras else {}
    for variable in variables:
        variable["collections"].sort()
        layer = owners.get(variable.get("object_path"))
        variable["layer"] = layer["path"] if layer else None
        variable["layer_name"] = layer["name"] if layer else None
        variable["layer_class"] = layer["class_name"] if layer else None
    ops = {}
    for node in graph.node:
        ops[node.op] = ops.get(node.op, 0) + 1
    functions = {}
    for function in graph.library.function:
        counts = functions.setdefault(function.signature.name, {})
        for node in function.node_def:
            counts[node.op] = counts.get(node.op, 0) + 1
            ops[node.op] = ops.get(node.op, 0) + 1
    return {
        "variables": variables,
        "ops": dict(sorted(ops.items())),
        "functions": {name: dict(sorted(counts.items())) for name, counts in functions.items()},
        "objects": objects,
        "keras": keras,
        **_ends(meta_graph, flagged_ops),
    }


def _keras(nodes, paths, model_path):
    """The Keras objects: from keras_metadata.pb beside the model (tf_keras's own proto), else each
    SavedUserObject's metadata (TF 2.3 and earlier); their JSON read by json."""
    import json

    entries = []
    beside = os.path.join(os.path.dirname(model_path), "keras_metadata.pb") if model_path else None
    if beside is not None and os.path.isfile(beside):
        from tf_keras.protobuf import saved_metadata_pb2

        metadata = saved_metadata_pb2.SavedMetadata()
        with open(beside, "rb") as file:
            metadata.ParseFromString(file.read())
        entries = [(node.node_id, node.identifier, node.metadata) for node in metadata.nodes]
        source = "keras_metadata.pb"
    else:
        for index, obj in enumerate(nodes):
            user = obj.user_object
            if obj.WhichOneof("kind") == "user_object" and user.identifier.startswith("_tf_keras_") and user.metadata:
                entries.append((index, user.identifier, user.metadata))
        source = "user_object.metadata" if entries else None
    if source is None:
        return None
    layers, error = [], None
    for node_id, identifier, text in entries:
        if not identifier.startswith("_tf_keras_") or node_id not in paths:
            continue
        try:
            found = json.loads(text)
        except (ValueError, RecursionError) as exc:
            error = error or f"the metadata of object {paths[node_id] or '(the root)'} is not JSON: {exc}"
            continue
        found = found if isinstance(found, dict) else {}
        config = found.get("config") if isinstance(found.get("config"), dict) else {}
        name, class_name = found.get("name", config.get("name")), found.get("class_name")
        trainable = found.get("trainable", config.get("trainable"))
        lambda_ = None
        if class_name == "Lambda":
            kind = config.get("function_type")
            lambda_ = {
                "function_type": kind if isinstance(kind, str) else None,
                "module": config.get("module") if isinstance(config.get("module"), str) else None,
                "function": config.get("function")
                if kind != "lambda" and isinstance(config.get("function"), str)
                else None,
            }
        layers.append({
            "path": paths[node_id],
            "name": name if isinstance(name, str) else None,
            "class_name": class_name if isinstance(class_name, str) else None,
            "identifier": identifier,
            "trainable": trainable if isinstance(trainable, bool) else None,
            "function": lambda_,
        })  # fmt: skip
    return {"source": source, "layers": layers, "error": error}


def finish_run(counts, bad: int, cases: int, seed: int, elapsed: float) -> int:
    """The last line of a differential fuzzer's run, on stderr, and its exit code (1 if anything is unexplained)."""
    summary = ", ".join(f"{name} {count}" for name, count in counts.most_common())
    print(f"{cases} cases in {elapsed:.0f} s (seed {seed}): {summary}; {bad} unexplained", file=sys.stderr)
    return 1 if bad else 0
