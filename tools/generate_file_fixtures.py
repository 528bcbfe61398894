# SPDX-License-Identifier: Apache-2.0
"""Generate the whole-file fixtures from real TensorFlow (run by hand, never by the tests).

    $TFVENV/bin/python -m tools.generate_file_fixtures     # writes tests/data/files/
    $TFVENV/bin/python -m tools.generate_file_fixtures user_collections.meta   # only these files

Run in the venv with ``tensorflow-cpu`` ($TFVENV: docs/development.md). It writes
into ``tests/data/files/``:

- ``saved_model_two_graphs.pb`` and ``.pbtxt``: one SavedModel, binary and text,
  built with TensorFlow's ``SavedModelBuilder`` from a small TF1 model: two meta
  graphs (tags ``serve`` and ``train``/``gpu``), an asset, signatures (predict,
  regression, and one with a sparse input), a main op. The v1 builder lists the
  asset in the ``saved_model_assets`` any_list; TensorFlow 2's builder writes
  ``asset_file_def`` instead, so that is added to the ``serve`` graph from the
  any_list, with an Any of a type the library does not know beside it. The text file is written as the builder's
  ``save(as_text=True)`` writes it: ``str()`` of the message; ``.expanded.pbtxt``
  is the same written as C++ ``TextFormat`` writes it, Anys written out as
  ``[type.googleapis.com/T] {...}``.
- ``old_style_node_list.meta``: a model exported with the registrations TensorFlow
  had around 1.0 (only ``variables``, ``trainable_variables`` and
  ``moving_average_variables`` had a converter), so ``local_variables``,
  ``model_variables``, ``metric_variables`` and ``global_step`` are written the way
  older releases wrote them: a ``node_list`` of names.
- ``graph_scan.meta`` (and ``.meta.txt``, as ``export_meta_graph(as_text=True)`` writes it): a TF1
  graph with ref, resource, partitioned and device-placed variables, one in no collection, the old
  ``Variable`` op, Adam
  slots and a moving average, a tf.data map running ``py_func`` (PyFunc only inside a library
  function), and v2 control flow (StatelessWhile, StatelessIf with function bodies);
  ``graph_scan_tf2.pb``: a TF 2 SavedModel (``tf.saved_model.save`` of a ``tf.Module``).
- ``user_collections.meta``: variables in collections of the program's own (``tf.add_to_collection``),
  which ``export_meta_graph`` writes as ``node_list`` names: by their tensors, by their ops, beside
  names of nodes that are no variables.
- copies of small corpus files whose repositories are Apache-2.0 or MIT licensed
  (see ``ATTRIBUTION.md`` there), from ``../shared/corpus/real``.
- for each of those files and for ``examples/model.meta`` and
  ``examples/model.meta.txt``: ``<name>.expected.json``, what ``tfcollections.load``
  must return, computed from *protobuf's* parse of the file (binary:
  ``ParseFromString``; text: ``text_format.Parse``). Never-parsed fields are given as
  ``{"type"}`` plus, for binary files, their ``size`` (protobuf's ``ByteSize``);
- for the files the graph scan is checked on: ``<name>.graph.json``, each meta graph's ``"graph"``
  as ``load(..., graph=True)`` must give it, from protobuf's parse (``_oracle.graph_contract``).
"""

from __future__ import annotations

import argparse
import base64
import json
import shutil
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO.parent / "shared" / "corpus" / "real"
OUT = REPO / "tests" / "data" / "files"

import google.protobuf  # noqa: E402
import tensorflow.compat.v1 as tf  # noqa: E402
from google.protobuf import any_pb2, descriptor_pool, text_format, wrappers_pb2  # noqa: E402
from google.protobuf.message import DecodeError  # noqa: E402
from tensorflow.core.protobuf import meta_graph_pb2, saved_model_pb2  # noqa: E402
from tensorflow.python.framework import ops  # noqa: E402

from tfcollections._graph.ops import FLAGGED_OPS  # noqa: E402  (policy, not parsing: which ops are flagged)
from tfcollections._proto.compiled import ANY_TYPES  # noqa: E402  (only: which types an Any is decoded as)
from tools import _oracle as oracle  # noqa: E402

FD = oracle.FD

# Corpus files copied into the repository: small, and Apache-2.0 or MIT licensed.
CORPUS_COPIES = {
    "serving_matrix_half_plus_two.pb": "tensorflow__serving__tensorflow_serving__batching__testdata__"
    "matrix_half_plus_two__1__saved_model.pb",
    "serving_half_plus_two_export.meta": "tensorflow__serving__tensorflow_serving__servables__tensorflow__"
    "testdata__half_plus_two__00000123__export.meta",
    "serving_half_plus_three.pb": "tensorflow__serving__tensorflow_serving__servables__tensorflow__testdata__"
    "saved_model_half_plus_three__00000123__saved_model.pb",
    "serving_half_plus_two_cpu.pb": "tensorflow__serving__tensorflow_serving__servables__tensorflow__testdata__"
    "saved_model_half_plus_two_cpu__00000123__saved_model.pb",
    "serving_session_bundle_export.meta": "tensorflow__serving__tensorflow_serving__session_bundle__testdata__"
    "half_plus_two__00000123__export.meta",
    "serving_half_plus_two_tf2_cpu.pb": "tensorflow__serving__tensorflow_serving__servables__tensorflow__"
    "testdata__saved_model_half_plus_two_tf2_cpu__00000123__saved_model.pb",
    "rust_regression_savedmodel.pb": "tensorflow__rust__examples__regression_savedmodel__saved_model.pb",
    "onnx_regression_model.meta": "onnx__tensorflow-onnx__tests__models__regression__checkpoint__model.meta",
}

# Fields tfcollections passes over without parsing: (message, field) -> reported type.
SKIPPED = {
    ("tensorflow.MetaGraphDef", "graph_def"),
    ("tensorflow.MetaGraphDef", "object_graph_def"),
    ("tensorflow.MetaGraphDef.MetaInfoDef", "stripped_op_list"),
    ("tensorflow.TensorInfo.CompositeTensor", "type_spec"),
}


def _skipped(value, binary: bool):
    out = {"type": value.DESCRIPTOR.full_name}
    if binary:
        out["size"] = value.ByteSize()
    return out


def file_contract(message, binary: bool):
    """protobuf's parse in load()'s form: oracle.to_contract, less the fields load() never parses."""
    out = {}
    name = message.DESCRIPTOR.full_name
    for field in message.DESCRIPTOR.fields:
        value = getattr(message, field.name)
        if (name, field.name) in SKIPPED:
            out[field.name] = _skipped(value, binary) if message.HasField(field.name) else None
        elif name == "tensorflow.SignatureDef" and field.name == "defaults":
            out[field.name] = {key: _skipped(item, binary) for key, item in value.items()}
        elif oracle.is_map(field):
            value_field = field.message_type.fields_by_name["value"]
            out[field.name] = {
                key: file_contract(item, binary)
                if value_field.type == FD.TYPE_MESSAGE
                else oracle.scalar_contract(value_field, item)
                for key, item in value.items()
            }
        elif oracle.is_repeated(field):
            if field.type == FD.TYPE_MESSAGE:
                out[field.name] = [file_contract(item, binary) for item in value]
            else:
                out[field.name] = [oracle.scalar_contract(field, item) for item in value]
        elif field.type == FD.TYPE_MESSAGE:
            out[field.name] = file_contract(value, binary) if message.HasField(field.name) else None
        elif field.containing_oneof is not None and not message.HasField(field.name):
            out[field.name] = None  # a oneof member has presence: unset is None, not ""
        else:
            out[field.name] = oracle.scalar_contract(field, value)
    return out


def _bytes_json(value: bytes) -> dict:
    """Bytes in JSON, as the command line's --json writes them."""
    return {"$base64": base64.b64encode(value).decode("ascii")}


def _any(item: any_pb2.Any, binary: bool):
    """An Any as load() gives it: decoded when its type is one tfcollections knows and protobuf can parse it.

    In a text file where the Any is written out ("[type.googleapis.com/T] {...}") and T is not a type
    tfcollections knows, load() cannot turn the text back into bytes: it reports where the text lies.
    """
    type_name = item.type_url.rpartition("/")[2]
    if not binary and type_name not in ANY_TYPES and _EXPANDED_ANY[0]:
        return {"type_url": item.type_url, "value": {"type": type_name}}
    if type_name in ANY_TYPES:
        cls = _message_class(type_name)
        message = cls()
        try:
            message.ParseFromString(item.value)
        except DecodeError:
            pass
        else:
            return {"type_url": item.type_url, "value": file_contract(message, binary)}
    return {"type_url": item.type_url, "value": _bytes_json(item.value)}


_EXPANDED_ANY = [False]  # set while the expectations of a file with expanded Anys are computed


def _message_class(full_name: str):
    from google.protobuf import message_factory
    from google.protobuf.descriptor_pool import Default

    return message_factory.GetMessageClass(Default().FindMessageTypeByName(full_name))


def _collection(name: str, collection: meta_graph_pb2.CollectionDef, binary: bool):
    kind = collection.WhichOneof("kind")
    if kind is None:
        return {"kind": None, "value": []}
    values = list(getattr(collection, kind).value)
    if kind == "bytes_list":
        cls = oracle.COLLECTION_TYPES.get(name)
        decoded = [oracle.protobuf_verdict(cls, value) if cls is not None else None for value in values]
        values = [d if d is not None else _bytes_json(v) for d, v in zip(decoded, values)]
    elif kind == "any_list":
        values = [_any(item, binary) for item in values]
    return {"kind": kind, "value": values}


def meta_graph_contract(meta_graph: meta_graph_pb2.MetaGraphDef, binary: bool):
    out = file_contract(meta_graph, binary)
    out["collection_def"] = {
        name: _collection(name, collection, binary) for name, collection in meta_graph.collection_def.items()
    }
    info = out["meta_info_def"]
    if info is not None and info["any_info"] is not None:
        info["any_info"] = _any(meta_graph.meta_info_def.any_info, binary)
    return out


def expected_load(path: Path):
    data = path.read_bytes()
    binary = not data.lstrip()[:1].isalpha()
    if path.name in _GRAPH_DEF_FILES:  # one meta graph holding only the graph
        contract = meta_graph_contract(meta_graph_pb2.MetaGraphDef(graph_def=_graph_def_of(path)), binary)
        return {"format": "GraphDef", "encoding": "binary" if binary else "text", "saved_model_schema_version": None,
                "meta_graphs": [contract]}  # fmt: skip
    saved_model = saved_model_pb2.SavedModel()
    meta_graph = meta_graph_pb2.MetaGraphDef()
    if binary:
        first = data[0]
        is_saved_model = first == 0x08 or (first == 0x12 and _saved_model_parses(data))
        target = saved_model if is_saved_model else meta_graph
        target.ParseFromString(data)
    else:
        is_saved_model = data.lstrip().startswith((b"saved_model_schema_version", b"meta_graphs"))
        target = saved_model if is_saved_model else meta_graph
        text_format.Parse(data.decode("utf-8"), target)
    graphs = list(saved_model.meta_graphs) if is_saved_model else [meta_graph]
    return {
        "format": "SavedModel" if is_saved_model else "MetaGraphDef",
        "encoding": "binary" if binary else "text",
        "saved_model_schema_version": saved_model.saved_model_schema_version if is_saved_model else None,
        "meta_graphs": [meta_graph_contract(graph, binary) for graph in graphs],
    }


def _saved_model_parses(data: bytes) -> bool:
    probe = saved_model_pb2.SavedModel()
    try:
        probe.ParseFromString(data)
    except DecodeError:
        return False
    return bool(probe.meta_graphs)


# --------------------------------------------------------------------------- TensorFlow-written files


def build_saved_model(workdir: Path) -> saved_model_pb2.SavedModel:
    tf.disable_v2_behavior()
    graph = tf.Graph()
    with graph.as_default():
        global_step = tf.train.get_or_create_global_step()
        x = tf.placeholder(tf.float32, [None, 3], name="x")
        examples = tf.placeholder(tf.string, [None], name="examples")
        sparse = tf.sparse_placeholder(tf.int64, [None, 5], name="ids")
        with tf.variable_scope("dense"):
            kernel = tf.get_variable("kernel", [3, 1], initializer=tf.glorot_uniform_initializer(seed=2))
            bias = tf.get_variable("bias", [1], initializer=tf.zeros_initializer())
        y = tf.add(tf.matmul(x, kernel), bias, name="y")
        loss = tf.reduce_mean(tf.square(y), name="loss")
        train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=global_step)
        vocabulary = workdir / "vocab.txt"
        vocabulary.write_text("alpha\nbeta\n")
        asset = tf.constant(str(vocabulary), name="vocab_path")
        tf.add_to_collection(tf.GraphKeys.ASSET_FILEPATHS, asset)
        build = tf.saved_model.utils.build_tensor_info
        predict = tf.saved_model.predict_signature_def({"x": x}, {"y": y})
        regress = tf.saved_model.regression_signature_def(examples, y)
        train = tf.saved_model.signature_def_utils.build_signature_def(
            inputs={"x": build(x), "ids": build(sparse)},
            outputs={"loss": build(loss), "step": build(global_step)},
            method_name="tensorflow/train",
        )
        export_dir = workdir / "saved_model"
        builder = tf.saved_model.Builder(str(export_dir))
        with tf.Session() as session:
            session.run(tf.global_variables_initializer())
            builder.add_meta_graph_and_variables(
                session,
                ["serve"],
                signature_def_map={"serving_default": predict, "regress": regress},
                assets_collection=tf.get_collection(tf.GraphKeys.ASSET_FILEPATHS),
                main_op=tf.tables_initializer(),
                strip_default_attrs=True,
            )
            tf.add_to_collection("train_op", train_op)
            builder.add_meta_graph(
                ["train", "gpu"],
                signature_def_map={"train": train},
                assets_collection=tf.get_collection(tf.GraphKeys.ASSET_FILEPATHS),
            )
        builder.save(as_text=False)
    saved_model = saved_model_pb2.SavedModel()
    saved_model.ParseFromString((export_dir / "saved_model.pb").read_bytes())
    serve = saved_model.meta_graphs[0]
    # The v1 builder lists assets in the saved_model_assets any_list; TF 2's builder writes
    # MetaGraphDef.asset_file_def instead: add that too, and an Any of a type tfcollections does not know.
    assets = serve.collection_def["saved_model_assets"].any_list.value
    asset_file_def = meta_graph_pb2.AssetFileDef()
    assets[0].Unpack(asset_file_def)
    serve.asset_file_def.add().CopyFrom(asset_file_def)
    assets.add().Pack(wrappers_pb2.StringValue(value="not a TensorFlow type"))
    return saved_model


def build_old_style_meta_graph() -> meta_graph_pb2.MetaGraphDef:
    """Export with only the converters TensorFlow ~1.0 had (the other variable keys become node_list)."""
    tf.disable_v2_behavior()
    registry = ops._proto_function_registry._registry
    removed = {
        key: registry.pop(key) for key in ("local_variables", "model_variables", "metric_variables", "global_step")
    }
    try:
        graph = tf.Graph()
        with graph.as_default():
            step = tf.train.get_or_create_global_step()
            x = tf.placeholder(tf.float32, [None, 2], name="x")
            weights = tf.get_variable("weights", [2, 1])
            tf.get_variable("counter", [], collections=[tf.GraphKeys.LOCAL_VARIABLES], trainable=False)
            tf.get_variable("scale", [1], collections=[tf.GraphKeys.MODEL_VARIABLES, tf.GraphKeys.GLOBAL_VARIABLES])
            loss = tf.reduce_mean(tf.matmul(x, weights))
            tf.metrics.mean(loss, name="mean_loss")
            tf.train.ExponentialMovingAverage(0.9).apply([weights])
            tf.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=step)
            saver = tf.train.Saver()
            meta = tf.train.export_meta_graph(graph=graph, clear_devices=True, saver_def=saver.as_saver_def())
    finally:
        registry.update(removed)
    return meta


def build_graph_meta_graph() -> meta_graph_pb2.MetaGraphDef:
    """A TF1 graph with every kind of variable and op the graph scan reports (graph_scan.meta).

    Ref (VariableV2) and resource (VarHandleOp) variables, a partitioned one, one placed on a
    device, one in no collection, two of the old Variable op (TF 0.x); Adam's slots and a moving
    average colocated with their variable; a tf.data map running Python (PyFunc only inside a
    library function); a while loop and a cond as v2 control flow (with function bodies).
    """
    tf.disable_v2_behavior()
    tf.enable_control_flow_v2()
    graph = tf.Graph()
    with graph.as_default():
        step = tf.train.get_or_create_global_step()
        x = tf.placeholder(tf.float32, [None, 4], name="x")
        with tf.variable_scope("ref", use_resource=False):
            weights = tf.get_variable("w", [4, 3])
        with tf.variable_scope("res", use_resource=True):
            resource = tf.get_variable("r", [3, 2])
        with tf.device("/device:CPU:0"), tf.variable_scope("placed"):
            placed = tf.get_variable("p", [2], use_resource=True)
        part = tf.get_variable("part", [10, 3], partitioner=tf.fixed_size_partitioner(3), use_resource=False)
        hidden = tf.Variable(tf.zeros([5]), collections=[], trainable=False, name="hidden")
        # The op of TensorFlow 0.x (no collection lists these): its scalar is "scalar or unknown" to TensorFlow.
        from tensorflow.python.ops import gen_state_ops

        gen_state_ops.variable(shape=[2, 3], dtype=tf.float32, name="legacy")
        gen_state_ops.variable(shape=[], dtype=tf.int32, name="legacy_scalar")
        dataset = tf.data.Dataset.range(4).map(lambda i: tf.py_func(lambda v: v * 2, [i], tf.int64))
        element = tf.data.make_one_shot_iterator(dataset).get_next()
        y = tf.matmul(tf.matmul(x, weights), resource) + placed
        _, total = tf.while_loop(
            lambda i, acc: i < 3, lambda i, acc: (i + 1, acc * 2.0), [tf.constant(0), tf.reduce_sum(y)]
        )
        chosen = tf.cond(total > 0, lambda: total, lambda: -total)
        loss = chosen + tf.reduce_sum(part.as_tensor()) + tf.reduce_sum(hidden) + tf.cast(element, tf.float32)
        tf.train.AdamOptimizer().minimize(loss, global_step=step)
        tf.train.ExponentialMovingAverage(0.9).apply([weights])
        saver = tf.train.Saver()
        return tf.train.export_meta_graph(graph=graph, saver_def=saver.as_saver_def())


def build_frozen_graph():
    """A frozen graph as TF 1 deployments write it (frozen_graph.pb, .pbtxt): placeholders (one with a default),
    variables frozen into Consts by convert_variables_to_constants, two outputs; and a Const of every dtype whose
    values TensorFlow stores in a *_val field (one written as a splat, fewer values than elements) or as
    tensor_content, for reading values. Returns the GraphDef and TensorFlow's values of its Consts
    (tf.make_ndarray), for frozen_graph.constants.json."""
    import numpy as np

    tf.disable_v2_behavior()
    graph = tf.Graph()
    with graph.as_default():
        x = tf.placeholder(tf.float32, [None, 4], name="x")
        scale = tf.placeholder_with_default(tf.constant(1.0), [], name="scale")
        kernel = tf.Variable(tf.random_normal([4, 3], seed=1), name="dense/kernel")
        bias = tf.Variable(tf.zeros([3]), name="dense/bias")
        logits = tf.nn.bias_add(tf.matmul(x, kernel), bias, name="dense/BiasAdd")
        tf.nn.softmax(logits * scale, name="probabilities")
        tf.argmax(logits, 1, name="classes")
        extra = [
            tf.constant([1, -2, 3], tf.int8, name="c/int8"),
            tf.constant([250, 3], tf.uint8, name="c/uint8"),
            tf.constant([-30000, 2], tf.int16, name="c/int16"),
            tf.constant([65000, 1], tf.uint16, name="c/uint16"),
            tf.constant(7, tf.int32, shape=[2, 3], name="c/splat_int32"),
            tf.constant(2.5, tf.float32, shape=[4], name="c/splat_float"),
            tf.constant([1.5, -2.0], tf.float64, name="c/double"),
            tf.constant([1.5, -2.0, 0.25], tf.float16, name="c/half"),
            tf.constant([1.5, -2.0], tf.bfloat16, name="c/bfloat16"),
            tf.constant([2**40, -1], tf.int64, name="c/int64"),
            tf.constant([2**32 - 1, 5], tf.uint32, name="c/uint32"),
            tf.constant([2**64 - 1, 5], tf.uint64, name="c/uint64"),
            tf.constant([True, False, True], tf.bool, name="c/bool"),
            tf.constant([1 + 2j, -3j], tf.complex64, name="c/complex64"),
            tf.constant([1 + 2j], tf.complex128, name="c/complex128"),
            tf.constant([b"a", b"bc", b"\xff"], name="c/strings"),
            tf.constant(b"one", shape=[3], name="c/splat_string"),
            tf.constant(np.arange(60, dtype=np.float32).reshape(3, 4, 5), name="c/content_float"),
            tf.constant(np.zeros([0, 3], np.float32), name="c/empty"),
        ]
        outputs = ["probabilities", "classes"] + [const.op.name for const in extra]
        with tf.Session(graph=graph) as session:
            session.run(tf.global_variables_initializer())
            frozen = tf.graph_util.convert_variables_to_constants(session, graph.as_graph_def(), outputs)
    values = {}
    for node in frozen.node:
        if node.op == "Const":
            array = tf.make_ndarray(node.attr["value"].tensor)
            if array.dtype == object:
                data = [base64.b64encode(item).decode() for item in array.reshape(-1).tolist()]
            else:
                data = array.tobytes().hex()
            values[node.name] = {"dtype": oracle._dtype(node.attr["value"].tensor.dtype), "shape": list(array.shape),
                                 "values": data}  # fmt: skip
    return frozen, values


# GraphDef files written here; a GraphDef has no MetaGraphDef around it, so the oracle is given one that holds it.
_GRAPH_DEF_FILES = ("frozen_graph.pb", "frozen_graph.pbtxt", "frozen_regression.pb")


def write_frozen_graphs() -> None:
    frozen, values = build_frozen_graph()
    (OUT / "frozen_graph.pb").write_bytes(frozen.SerializeToString(deterministic=True))
    (OUT / "frozen_graph.pbtxt").write_text(str(frozen))  # as tf.io.write_graph(as_text=True) writes it
    document = {"generator": "tools/generate_file_fixtures.py", "tensorflow": tf.__version__,
                "constants": values}  # fmt: skip
    (OUT / "frozen_graph.constants.json").write_text(json.dumps(document, indent=1) + "\n")


def _graph_def_of(path: Path):
    """A GraphDef file, parsed by protobuf."""
    from tensorflow.core.framework import graph_pb2

    graph = graph_pb2.GraphDef()
    data = path.read_bytes()
    if path.suffix == ".pbtxt":
        text_format.Parse(data.decode("utf-8"), graph)
    else:
        graph.ParseFromString(data)
    return graph


def build_user_collections_meta_graph() -> meta_graph_pb2.MetaGraphDef:
    """Variables in the program's own collections (user_collections.meta), as pyaq-custom and others keep them.

    ``vars_train`` holds two variables (ref and resource); ``legacy_vars`` one variable's op (a node name
    without an output); ``outputs`` a tensor that is no variable, beside a variable's; ``scores`` floats.
    """
    tf.disable_v2_behavior()
    graph = tf.Graph()
    with graph.as_default():
        x = tf.placeholder(tf.float32, [None, 2], name="x")
        with tf.variable_scope("res0_0"):
            weight = tf.get_variable("weight", [2, 2], use_resource=False)
            bias = tf.get_variable("bias", [2], use_resource=True)
        frozen = tf.Variable(tf.zeros([2]), trainable=False, name="frozen")
        y = tf.matmul(x, weight) + bias + frozen
        tf.add_to_collection("vars_train", weight)
        tf.add_to_collection("vars_train", bias)
        tf.add_to_collection("legacy_vars", frozen.op)
        tf.add_to_collection("outputs", y)
        tf.add_to_collection("outputs", weight)
        tf.add_to_collection("scores", 0.5)
        saver = tf.train.Saver()
        return tf.train.export_meta_graph(graph=graph, saver_def=saver.as_saver_def())


def build_tf2_saved_model(workdir: Path) -> bytes:
    """A TF 2 SavedModel (tf.saved_model.save of a tf.Module), in a fresh process: TF 2 behaviour is on there."""
    import subprocess

    code = f"""
import tensorflow as tf
class Dense(tf.Module):
    def __init__(self):
        self.kernel = tf.Variable(tf.ones([3, 2]), name="dense/kernel")
        self.bias = tf.Variable(tf.zeros([2]), name="dense/bias", trainable=False)
    @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
    def __call__(self, x):
        return tf.matmul(x, self.kernel) + self.bias
tf.saved_model.save(Dense(), {str(workdir / "tf2")!r})
"""
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)
    return (workdir / "tf2" / "saved_model.pb").read_bytes()


def write_graph_expected(path: Path, source: str) -> None:
    """``<name>.graph.json``: each meta graph's "graph", as load(..., graph=True) gives it (oracle.graph_contract)."""
    data = path.read_bytes()
    binary = not data.lstrip()[:1].isalpha()
    expected = expected_load(path)
    if expected["format"] == "GraphDef":
        graph = meta_graph_pb2.MetaGraphDef(graph_def=_graph_def_of(path))
        _write(path, "graph", source, {"graphs": [oracle.graph_contract(graph, None, FLAGGED_OPS)]})
        return
    saved_model = expected["format"] == "SavedModel"
    message = saved_model_pb2.SavedModel() if saved_model else meta_graph_pb2.MetaGraphDef()
    if binary:
        message.ParseFromString(data)
    else:
        text_format.Parse(data.decode("utf-8"), message)
    graphs = list(message.meta_graphs) if saved_model else [message]
    _write(path, "graph", source, {"graphs": [oracle.graph_contract(graph, None, FLAGGED_OPS) for graph in graphs]})


def write_expected(path: Path, source: str) -> None:
    _EXPANDED_ANY[0] = b"[type.googleapis.com/" in path.read_bytes()
    _write(path, "expected", source, {"expected": expected_load(path)})


def _write(path: Path, suffix: str, source: str, content: dict) -> None:
    """``OUT/<name>.<suffix>.json``: *content* with where it comes from (non-finite floats tagged)."""
    document = {
        "generator": "tools/generate_file_fixtures.py",
        "file": str(path.relative_to(REPO)),
        "source": source,
        "tensorflow": tf.__version__,
        "protobuf": google.protobuf.__version__,
        **oracle.finite(content),
    }
    target = OUT / f"{path.name}.{suffix}.json"
    target.write_text(json.dumps(document, indent=1, ensure_ascii=False, allow_nan=False) + "\n")
    print(f"wrote {target.relative_to(REPO)}", file=sys.stderr)


# Fixtures that can be written alone (``python -m tools.generate_file_fixtures NAME``), without the others.
_ALONE = {"user_collections.meta": build_user_collections_meta_graph}

# The frozen graph from tensorflow-onnx's tests (Apache-2.0), in the corpus of look-alikes before GraphDefs were read.
_FROZEN_COPY = (
    "frozen_regression.pb",
    "lookalike/onnx__tensorflow-onnx__tests__models__regression__graphdef__frozen.pb",
)


def _write_graph_defs(made_here: str) -> None:
    """The GraphDef files: the frozen graph written here (binary and text), and the copy from tensorflow-onnx."""
    write_frozen_graphs()
    wild = REPO.parent / "shared" / "corpus" / "wild"
    shutil.copyfile(wild / _FROZEN_COPY[1], OUT / _FROZEN_COPY[0])
    entry = {item["file"]: item for item in json.loads((wild / "manifest.json").read_text())}[_FROZEN_COPY[1]]
    for name in _GRAPH_DEF_FILES:
        source = (made_here if name.startswith("frozen_graph") else
                  f"{entry['repo']} {entry['path']} @ {entry['commit']} ({entry['license']})")  # fmt: skip
        write_expected(OUT / name, source)
        write_graph_expected(OUT / name, source)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", metavar="NAME", help="only these files, or graphdefs")
    parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    made_here = "written by TensorFlow via tools/generate_file_fixtures.py"
    if sys.argv[1:] == ["graphdefs"]:
        _write_graph_defs(made_here)
        return 0
    if sys.argv[1:]:
        for name in sys.argv[1:]:
            (OUT / name).write_bytes(_ALONE[name]().SerializeToString(deterministic=True))
            write_expected(OUT / name, made_here)
            write_graph_expected(OUT / name, made_here)
        return 0
    with tempfile.TemporaryDirectory() as workdir:
        (OUT / "graph_scan_tf2.pb").write_bytes(build_tf2_saved_model(Path(workdir)))
    with tempfile.TemporaryDirectory() as workdir:
        saved_model = build_saved_model(Path(workdir))
    graph_meta = build_graph_meta_graph()
    (OUT / "graph_scan.meta").write_bytes(graph_meta.SerializeToString(deterministic=True))
    (OUT / "graph_scan.meta.txt").write_text(str(graph_meta))  # as export_meta_graph(as_text=True) writes it
    (OUT / "saved_model_two_graphs.pb").write_bytes(saved_model.SerializeToString(deterministic=True))
    (OUT / "saved_model_two_graphs.pbtxt").write_text(str(saved_model))  # as builder.save(as_text=True) does
    # As C++ TextFormat (and Python's with a descriptor pool) writes it: Anys of known types written out.
    expanded = text_format.MessageToString(saved_model, descriptor_pool=descriptor_pool.Default())
    (OUT / "saved_model_two_graphs.expanded.pbtxt").write_text(expanded)
    (OUT / "old_style_node_list.meta").write_bytes(build_old_style_meta_graph().SerializeToString(deterministic=True))
    for name, build in _ALONE.items():
        (OUT / name).write_bytes(build().SerializeToString(deterministic=True))
    for name in (
        "saved_model_two_graphs.pb",
        "saved_model_two_graphs.pbtxt",
        "saved_model_two_graphs.expanded.pbtxt",
        "old_style_node_list.meta",
        *_ALONE,
    ):
        write_expected(OUT / name, made_here)
    for name in ("model.meta", "model.meta.txt"):
        write_expected(REPO / "examples" / name, "written by TensorFlow via tools/generate_fixtures.py")
    manifest = {entry["file"]: entry for entry in json.loads((CORPUS / "manifest.json").read_text())}
    for name, corpus_name in CORPUS_COPIES.items():
        shutil.copyfile(CORPUS / corpus_name, OUT / name)
        entry = manifest[corpus_name]
        write_expected(OUT / name, f"{entry['repo']} {entry['path']} @ {entry['commit']} ({entry['license']})")
        write_graph_expected(OUT / name, f"{entry['repo']} {entry['path']} @ {entry['commit']} ({entry['license']})")
    for name in ("graph_scan.meta", "graph_scan.meta.txt", "graph_scan_tf2.pb", "saved_model_two_graphs.pb",
                 "saved_model_two_graphs.pbtxt", "old_style_node_list.meta", *_ALONE):  # fmt: skip
        write_graph_expected(OUT / name, made_here)
    for name in ("model.meta", "model.meta.txt"):
        write_graph_expected(REPO / "examples" / name, "written by TensorFlow via tools/generate_fixtures.py")
    _write_graph_defs(made_here)
    return 0


if __name__ == "__main__":
    sys.exit(main())
