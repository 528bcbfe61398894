# SPDX-License-Identifier: Apache-2.0
"""The benchmark's workloads: lists of (collection name, item bytes), and whole files.

Realistic items come from files TensorFlow wrote (the example model and the
whole-file fixtures); synthetic ones are built with TensorFlow's own ``*_pb2``
classes and serialized by protobuf, shaped like large TF1 models: thousands of
variables (partitioned ones with slice info), deep ``while_context`` nesting and
long ``external_values`` maps.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Dict, List, Tuple

from google.protobuf import descriptor_pool, message_factory
from tensorflow.core.framework import node_def_pb2, tensor_shape_pb2, variable_pb2
from tensorflow.core.protobuf import control_flow_pb2, meta_graph_pb2, queue_runner_pb2, saved_model_pb2, saver_pb2

import tfcollections
from tfcollections._proto.wire import encode_varint as _varint

REPO = Path(__file__).resolve().parent.parent

Items = List[Tuple[str, bytes]]

# The protobuf class of each registered collection, from tfcollections' own registry (the pb2
# imports above put every type it names into protobuf's default pool).
CLASSES = {
    name: message_factory.GetMessageClass(descriptor_pool.Default().FindMessageTypeByName(full_name))
    for name, full_name in tfcollections.COLLECTIONS.items()
}


def _meta_graphs(path: Path) -> List[meta_graph_pb2.MetaGraphDef]:
    data = path.read_bytes()
    if path.suffix == ".pb":
        saved_model = saved_model_pb2.SavedModel()
        saved_model.ParseFromString(data)
        return list(saved_model.meta_graphs)
    meta_graph = meta_graph_pb2.MetaGraphDef()
    meta_graph.ParseFromString(data)
    return [meta_graph]


def items_of_files(paths: List[Path]) -> Items:
    """Every item of every registered bytes_list collection of the given binary files."""
    items: Items = []
    for path in paths:
        for meta_graph in _meta_graphs(path):
            for name, collection in sorted(meta_graph.collection_def.items()):
                if name in CLASSES and collection.WhichOneof("kind") == "bytes_list":
                    items += [(name, bytes(value)) for value in collection.bytes_list.value]
    return items


def example_items() -> Items:
    return items_of_files([REPO / "examples" / "model.meta"])


def fixture_items() -> Items:
    files = REPO / "tests" / "data" / "files"
    return items_of_files(sorted(p for p in files.iterdir() if p.suffix in (".meta", ".pb")))


# --------------------------------------------------------------------------- synthetic


def variable(rng: random.Random, name: str, partitioned: bool) -> variable_pb2.VariableDef:
    v = variable_pb2.VariableDef(
        variable_name=f"{name}:0",
        initial_value_name=f"{name}/Initializer/random_uniform:0",
        initializer_name=f"{name}/Assign",
        snapshot_name=f"{name}/read:0",
        trainable=rng.random() < 0.8,
    )
    if partitioned:
        part = rng.randrange(8)
        info = v.save_slice_info_def
        info.full_name = name.rsplit("/", 1)[0]
        info.full_shape.extend([4096, 256])
        info.var_offset.extend([part * 512, 0])
        info.var_shape.extend([512, 256])
    return v


def large_model_variables(count: int, seed: int = 1) -> Items:
    """*count* VariableDefs of a large model: scoped names, a quarter of them partitioned."""
    rng = random.Random(seed)
    items: Items = []
    for index in range(count):
        scope = f"tower_{index % 4}/block_{index // 64}/layer_{index % 64}"
        partitioned = index % 4 == 0
        name = f"{scope}/kernel/part_{index % 8}" if partitioned else f"{scope}/kernel"
        items.append(("variables", variable(rng, name, partitioned).SerializeToString()))
    return items


def values_def(prefix: str, size: int) -> control_flow_pb2.ValuesDef:
    values = control_flow_pb2.ValuesDef()
    names = [f"{prefix}/op_{index}:0" for index in range(size)]
    values.values.extend(names)
    for index, name in enumerate(names):
        values.external_values[name] = f"{prefix}/Enter_{index}:0"
    return values


def while_context(name: str, depth: int, values: int) -> control_flow_pb2.WhileContextDef:
    """A WhileContextDef with *depth* levels of nested while contexts, each with *values* external values."""
    context = control_flow_pb2.WhileContextDef(
        context_name=f"{name}/while_context",
        parallel_iterations=10,
        back_prop=True,
        swap_memory=False,
        pivot_name=f"{name}/LoopCond:0",
        pivot_for_pred_name=f"{name}/Merge:0",
        pivot_for_body_name=f"{name}/Switch:1",
        maximum_iterations_name=f"{name}/maximum_iterations:0",
    )
    context.loop_exit_names.extend([f"{name}/Exit:0", f"{name}/Exit_1:0"])
    context.loop_enter_names.extend([f"{name}/Enter:0", f"{name}/Enter_1:0"])
    context.values_def.CopyFrom(values_def(name, values))
    if depth > 1:
        # Names of one length at every level, so that 10x the depth is 10x the bytes.
        inner = f"{name[:-3]}{depth - 1:03d}" if name[-3:].isdigit() else f"{name}_{depth - 1:03d}"
        context.nested_contexts.add().while_ctxt.CopyFrom(while_context(inner, depth - 1, values))
    return context


def cond_context(name: str, values: int) -> control_flow_pb2.CondContextDef:
    context = control_flow_pb2.CondContextDef(
        context_name=f"{name}/cond_text", pred_name=f"{name}/pred_id:0", pivot_name=f"{name}/switch_t:0", branch=1
    )
    context.values_def.CopyFrom(values_def(name, values))
    return context


def queue_runner(name: str, ops: int) -> queue_runner_pb2.QueueRunnerDef:
    runner = queue_runner_pb2.QueueRunnerDef(
        queue_name=name, close_op_name=f"{name}/close", cancel_op_name=f"{name}/close_1"
    )
    runner.enqueue_op_name.extend(f"{name}/enqueue_{index}" for index in range(ops))
    runner.queue_closed_exception_types.extend([11, 1])
    return runner


def large_model_items() -> Items:
    """A large TF1 model's collections: 4,000 variables, contexts, savers and queue runners."""
    items = large_model_variables(4000)
    items += [("while_context", while_context(f"loop_{index}", 8, 40).SerializeToString()) for index in range(40)]
    items += [("cond_context", cond_context(f"cond_{index}", 30).SerializeToString()) for index in range(200)]
    items += [("queue_runners", queue_runner(f"queue_{index}", 16).SerializeToString()) for index in range(20)]
    saver = saver_pb2.SaverDef(
        filename_tensor_name="save/Const:0",
        save_tensor_name="save/control_dependency:0",
        restore_op_name="save/restore_all",
        max_to_keep=5,
        sharded=True,
        keep_checkpoint_every_n_hours=10000.0,
        version=saver_pb2.SaverDef.V2,
    )
    items.append(("savers", saver.SerializeToString()))
    return items


# --------------------------------------------------------------------------- whole files


def graph_def_bytes(target_size: int) -> bytes:
    """A serialized GraphDef of about *target_size* bytes, made of nodes like a real graph's (~200 bytes each).

    Small nodes with inputs and attrs, not a few big constants: parsing cost is per
    field, and this is what training graphs are mostly made of. Serialized node by
    node (each one by protobuf), as building a 100 MB message in Python would be slow.
    """
    template = node_def_pb2.NodeDef(name="tower_0/layer_0/MatMul", op="MatMul", device="/device:CPU:0")
    template.input.extend(["tower_0/layer_0/input", "tower_0/layer_0/kernel/read"])
    template.attr["T"].type = 1
    template.attr["transpose_a"].b = False
    template.attr["transpose_b"].b = False
    dim = tensor_shape_pb2.TensorShapeProto.Dim
    template.attr["_output_shapes"].list.shape.add().dim.extend([dim(size=-1), dim(size=256)])
    parts = []
    size = 0
    index = 0
    while size < target_size:
        template.name = f"tower_{index % 4}/layer_{index:07d}/MatMul"
        node = template.SerializeToString()
        parts.append(b"\x0a" + _varint(len(node)) + node)  # GraphDef.node = 1
        size += len(parts[-1])
        index += 1
    return b"".join(parts)


def meta_graph_file(path: Path, graph_size: int, variables: int = 500) -> Dict[str, int]:
    """Write a .meta: a graph_def of about *graph_size* bytes and *variables* variables in two collections."""
    meta_graph = meta_graph_pb2.MetaGraphDef()
    meta_graph.meta_info_def.tensorflow_version = "1.15.0"
    meta_graph.meta_info_def.tags.append("serve")
    meta_graph.saver_def.filename_tensor_name = "save/Const:0"
    items = large_model_variables(variables)
    meta_graph.collection_def["variables"].bytes_list.value.extend(blob for _, blob in items)
    meta_graph.collection_def["trainable_variables"].bytes_list.value.extend(blob for _, blob in items[::2])
    graph = graph_def_bytes(graph_size)
    data = b"\x12" + _varint(len(graph)) + graph + meta_graph.SerializeToString()  # MetaGraphDef.graph_def = 2
    path.write_bytes(data)
    return {"size": len(data), "variables": variables}


def sparse_huge_meta_graph(path: Path, graph_size: int, variables: int = 2000) -> int:
    """A .meta whose graph_def claims *graph_size* bytes (a sparse file: nothing is written there)."""
    meta_info = meta_graph_pb2.MetaGraphDef.MetaInfoDef(tensorflow_version="1.15.0", tags=["serve"])
    head = b"\x0a" + _varint(meta_info.ByteSize()) + meta_info.SerializeToString()
    head += b"\x12" + _varint(graph_size)
    tail_message = meta_graph_pb2.MetaGraphDef()
    blobs = [blob for _, blob in large_model_variables(variables)]
    tail_message.collection_def["variables"].bytes_list.value.extend(blobs)
    tail = tail_message.SerializeToString()
    with open(path, "wb") as file:
        file.write(head)
        file.seek(len(head) + graph_size)
        file.write(tail)
    return len(head) + graph_size + len(tail)
