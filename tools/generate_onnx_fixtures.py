# SPDX-License-Identifier: Apache-2.0
"""Models made by TensorFlow for the freezing and the ONNX conversion (issue 35), with TensorFlow's outputs.

Run in the TensorFlow venv (benchmarks/run.sh makes .venv-bench with TensorFlow 2.21):

    .venv-bench/bin/python -m tools.generate_onnx_fixtures [--out tests/data/onnx] [--zoo]

Each model is seeded (weights and inputs) and written to a folder of its own with ``io.npz``: its inputs under their
tensor names (``x:0``) and TensorFlow's outputs under theirs, from the restored session (TF 1 graphs with a
checkpoint) or the frozen graph TensorFlow itself made (Keras models, frozen by ``convert_variables_to_constants_v2``).
``manifest.json`` says what each folder holds: the model file, its checkpoint, inputs and outputs.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import zlib

import numpy as np

SEED = 35
# tf.compat.v1.layers needs Keras 2 (tf_keras): TensorFlow uses it when this is set before its import.
os.environ.setdefault("TF_USE_LEGACY_KERAS", "1")


def _session_model(folder, build, feeds, outputs, *, partitioned=False):
    """A TF 1 graph built by *build* in graph mode, its variables initialised from the seed, saved with a
    checkpoint, and its outputs for *feeds* computed by a session restored from that checkpoint."""
    import tensorflow.compat.v1 as tf
    import tf_keras

    tf_keras.utils.set_random_seed(SEED)  # the seeds tf.layers' initializers hold in the graph
    graph = tf.Graph()
    with graph.as_default():
        tf.set_random_seed(SEED)
        build(tf)
        saver = tf.train.Saver()
        with tf.Session(graph=graph) as session:
            session.run(tf.global_variables_initializer())
            # Every variable from a generator seeded by its name (TensorFlow's initializers are seeded by op
            # creation order and Keras' by a global seed: this makes the fixtures the same bytes run after run).
            # Batch norm's moving statistics away from 0 and 1, so that they matter.
            for variable in tf.global_variables():
                shape = variable.shape.as_list()
                if not variable.dtype.base_dtype.is_floating:
                    continue
                rng = np.random.default_rng(zlib.crc32(variable.name.encode()))
                if "moving_variance" in variable.name:
                    value = rng.uniform(0.5, 1.5, shape)
                elif "moving_mean" in variable.name or "beta" in variable.name or "bias" in variable.name:
                    value = rng.uniform(-0.2, 0.2, shape)
                elif "gamma" in variable.name:
                    value = rng.uniform(0.5, 1.5, shape)
                else:
                    value = rng.standard_normal(shape) / np.sqrt(max(1, int(np.prod(shape[:-1]))))
                session.run(variable.assign(tf.cast(value.astype(np.float32), variable.dtype.base_dtype)))
            prefix = saver.save(session, os.path.join(folder, "model.ckpt"))
    _deterministic_meta(prefix + ".meta")
    restored = tf.Graph()
    with restored.as_default(), tf.Session(graph=restored) as session:
        loader = tf.train.import_meta_graph(prefix + ".meta")
        loader.restore(session, prefix)
        values = session.run(outputs, feed_dict=feeds)
    return {"model": "model.ckpt.meta", "checkpoint": "model.ckpt"}, values


def _deterministic_meta(path):
    """The .meta written again with protobuf's deterministic serialization (map entries in key order)."""
    from tensorflow.core.protobuf import meta_graph_pb2

    meta = meta_graph_pb2.MetaGraphDef()
    with open(path, "rb") as file:
        meta.ParseFromString(file.read())
    with open(path, "wb") as file:
        file.write(meta.SerializeToString(deterministic=True))


def cnn(tf):
    x = tf.placeholder(tf.float32, [None, 16, 16, 3], name="x")
    net = tf.layers.conv2d(x, 8, 3, padding="same", name="conv1")
    net = tf.layers.batch_normalization(net, training=False, name="bn1", fused=True)
    net = tf.nn.relu(net)
    net = tf.layers.max_pooling2d(net, 2, 2, name="pool1")
    net = tf.layers.conv2d(net, 12, 3, strides=2, padding="valid", name="conv2", activation=tf.nn.relu6)
    net = tf.layers.average_pooling2d(net, 2, 1, padding="same", name="pool2")
    net = tf.reshape(net, [-1, 3 * 3 * 12], name="flatten")
    logits = tf.layers.dense(net, 10, name="logits")
    tf.nn.softmax(logits, name="probabilities")
    tf.argmax(logits, axis=1, name="classes")


def mlp(tf):
    x = tf.placeholder(tf.float32, [None, 20], name="x")
    partitioner = tf.fixed_size_partitioner(3)
    w1 = tf.get_variable("hidden/kernel", [20, 30], partitioner=partitioner)
    b1 = tf.get_variable("hidden/bias", [30], initializer=tf.random_normal_initializer(stddev=0.1))
    w2 = tf.get_variable("out/kernel", [30, 4], partitioner=tf.fixed_size_partitioner(2, axis=1))
    b2 = tf.get_variable("out/bias", [4], initializer=tf.random_normal_initializer(stddev=0.1))
    hidden = tf.nn.tanh(tf.nn.bias_add(tf.matmul(x, w1), b1), name="hidden/tanh")
    tf.nn.sigmoid(tf.matmul(hidden, w2) + b2, name="scores")
    # A training op and a summary, which freezing leaves out.
    loss = tf.reduce_mean(tf.square(tf.matmul(hidden, w2)))
    tf.summary.scalar("loss", loss)
    tf.train.GradientDescentOptimizer(0.1).minimize(loss, name="train")


def text(tf):
    tokens = tf.placeholder(tf.int32, [None, 12], name="tokens")
    embeddings = tf.get_variable("embedding", [50, 16], use_resource=True)
    looked_up = tf.nn.embedding_lookup(embeddings, tokens)
    pooled = tf.reduce_mean(looked_up, axis=1, name="pooled")
    hidden = tf.layers.dense(pooled, 8, activation=tf.nn.elu, name="hidden")
    logits = tf.layers.dense(hidden, 3, name="logits")
    tf.nn.log_softmax(logits, name="log_probabilities")


def bfloat16(tf):
    x = tf.placeholder(tf.float32, [None, 3], name="x")
    weights = tf.get_variable("w", [3, 2], dtype=tf.bfloat16)
    scale = tf.get_variable("scale", [2], dtype=tf.float16)
    product = tf.matmul(tf.cast(x, tf.bfloat16), weights)
    tf.multiply(tf.cast(product, tf.float32), tf.cast(scale, tf.float32), name="y")


def tf1_while(tf):
    """A TF 1 while loop (frames: Enter, Merge, Switch, NextIteration, Exit), a length the input gives."""
    tf.disable_control_flow_v2()  # TF 1's own control flow, not TF 2's functional While
    x = tf.placeholder(tf.float32, [None], name="x")
    steps = tf.placeholder(tf.int32, [], name="steps")
    scale = tf.get_variable("scale", [], initializer=tf.constant_initializer(0.5))

    def body(i, total):
        return i + 1, total * scale + x * tf.cast(i, tf.float32)

    _, total = tf.while_loop(lambda i, total: i < steps, body, [tf.constant(0), tf.zeros_like(x)])
    tf.identity(total, name="total")


def tf1_cond(tf):
    """Two TF 1 conds (Switch, Merge) on one input, one of them true and one false for any input: both branches
    run; a branch reading a variable, one a constant, one the input as it is."""
    tf.disable_control_flow_v2()
    x = tf.placeholder(tf.float32, [None], name="x")
    weight = tf.get_variable("weight", [], initializer=tf.constant_initializer(2.0))
    positive = tf.reduce_sum(x) > 0
    tf.identity(tf.cond(positive, lambda: x * weight, lambda: x + 1.0), name="first")
    tf.identity(tf.cond(tf.logical_not(positive), lambda: tf.constant([5.0, 6.0]), lambda: x[:2]), name="second")


def tf1_while_cond(tf):
    """A TF 1 cond inside a TF 1 while loop (as seq2seq's TrainingHelper and dynamic_decode write one): odd and even
    steps take either branch; a branch reads a variable, one the read-only input, one a constant."""
    tf.disable_control_flow_v2()
    x = tf.placeholder(tf.float32, [None], name="x")
    steps = tf.placeholder(tf.int32, [], name="steps")
    scale = tf.get_variable("scale", [], initializer=tf.constant_initializer(0.5))

    def body(i, total):
        even = tf.equal(tf.math.floormod(i, 2), 0)
        stepped = tf.cond(even, lambda: total + x * scale, lambda: total * 0.5 - 1.0)
        return i + 1, stepped

    _, total = tf.while_loop(lambda i, total: i < steps, body, [tf.constant(0), tf.zeros_like(x)])
    tf.identity(total, name="total")


def tf1_dropout_conds(tf):
    """Keras-style dropout layers switched by one `training` placeholder: three TF 1 conds on one predicate, each
    reading the one before (a model's dropout after each layer, as SASRec's)."""
    tf.disable_control_flow_v2()
    x = tf.placeholder(tf.float32, [None, 4], name="x")
    training = tf.placeholder(tf.bool, [], name="training")
    h = tf.layers.dropout(tf.layers.dense(x, 6, activation=tf.nn.relu), 0.3, training=training)
    h = tf.layers.dropout(tf.layers.dense(h, 5, activation=tf.nn.tanh), 0.3, training=training)
    logits = tf.layers.dense(tf.layers.dropout(h, 0.5, training=training), 3)
    tf.identity(logits, name="logits")


def tf1_dynamic_rnn(tf):
    """A TF 1 dynamic_rnn of an LSTM cell: a while frame reading and writing TensorArrays."""
    tf.disable_control_flow_v2()
    x = tf.placeholder(tf.float32, [None, 5, 3], name="x")
    cell = tf.nn.rnn_cell.LSTMCell(4, name="lstm")
    outputs, state = tf.nn.dynamic_rnn(cell, x, dtype=tf.float32)
    tf.identity(outputs, name="outputs")
    tf.identity(state.h, name="h")


def tf1_dynamic_rnn_v2(tf):
    """The same dynamic_rnn with TF 2's control flow (a functional While of TensorLists, resource variables), as TF
    2 builds a TF 1 graph by default: its unread TensorList is an unconsumed node of no ONNX type."""
    tf.enable_control_flow_v2()  # undoing the builders before, which turn it off (resource variables are the default)
    x = tf.placeholder(tf.float32, [None, 5, 3], name="x")
    cell = tf.nn.rnn_cell.LSTMCell(4, name="lstm")
    outputs, state = tf.nn.dynamic_rnn(cell, x, dtype=tf.float32)
    tf.identity(outputs, name="outputs")
    tf.identity(state.h, name="h")


#: The vocabulary files of the tf1_vocabulary SavedModel (its assets): CRLF and LF lines, a last line without a
#: newline, a column of signed numbers with spaces around them, a tab inside a field.
VOCABULARIES = {
    "vocab.txt": b"apple\npear\nbanana\r\ncherry\r\nlast",
    "pairs.txt": b"apple 3 x\npear +7\nkiwi -4 \nfig\t9 0\n",
    "padded.txt": b"fig, 12 \nplum,\t-3\n",
}


def _vocabulary_model(folder, feeds, outputs):
    """A TF 1 SavedModel whose lookup tables read vocabulary files (its assets), saved by SavedModelBuilder with the
    tables' initializer as its main op; TensorFlow's outputs from the SavedModel loaded again."""
    import tempfile

    import tensorflow.compat.v1 as tf
    from tensorflow.python.ops import lookup_ops

    files = tempfile.mkdtemp()
    for name, data in VOCABULARIES.items():
        with open(os.path.join(files, name), "wb") as file:
            file.write(data)
    path = {name: os.path.join(files, name) for name in VOCABULARIES}
    export = os.path.join(folder, "saved")
    graph = tf.Graph()
    with graph.as_default():
        words = tf.placeholder(tf.string, [None], name="words")
        ids = tf.placeholder(tf.int64, [None], name="ids")

        def columns(name, key_dtype, key, value_dtype, value, delimiter):
            filename = tf.constant(path[name])  # an asset: the builder copies it and binds the tensor to the copy
            tf.add_to_collection(tf.GraphKeys.ASSET_FILEPATHS, filename)
            initializer = tf.lookup.TextFileInitializer(filename, key_dtype, key, value_dtype, value,
                                                        delimiter=delimiter)  # fmt: skip
            return tf.lookup.StaticHashTable(initializer, -1 if value_dtype == tf.int64 else "?")

        index = lookup_ops.index_table_from_file(path["vocab.txt"], default_value=-1)
        first_three = lookup_ops.index_table_from_file(path["vocab.txt"], vocab_size=3, default_value=-1)
        names = lookup_ops.index_to_string_table_from_file(path["vocab.txt"], default_value="UNK")
        pairs = columns("pairs.txt", tf.string, 0, tf.int64, 1, " ")
        lines = columns("pairs.txt", tf.int64, 1, tf.string, -2, " ")  # -2: the whole line (-1: its number)
        padded = columns("padded.txt", tf.string, 0, tf.int64, 1, ",")
        # Two tables of the graph's own constants (one of a cast Range), beside those of files.
        listed = lookup_ops.index_table_from_tensor(["pear", "kiwi", "x"], default_value=-1)
        listed_names = lookup_ops.index_to_string_table_from_tensor(["zero", "one"], default_value="many")
        results = {
            "index": index.lookup(words), "size": index.size(), "first_three": first_three.lookup(words),
            "names": names.lookup(ids), "pairs": pairs.lookup(words), "pairs_size": pairs.size(),
            "lines": lines.lookup(ids), "padded": padded.lookup(words), "listed": listed.lookup(words),
            "listed_names": listed_names.lookup(ids),
        }  # fmt: skip
        results = {key: tf.identity(value, name=key) for key, value in results.items()}
        builder = tf.saved_model.Builder(export)
        with tf.Session(graph=graph) as session:
            session.run(tf.tables_initializer())
            signature = tf.saved_model.predict_signature_def({"words": words, "ids": ids}, results)
            builder.add_meta_graph_and_variables(
                session, ["serve"], signature_def_map={"serving_default": signature},
                assets_collection=tf.get_collection(tf.GraphKeys.ASSET_FILEPATHS), main_op=tf.tables_initializer(),
            )  # fmt: skip
        builder.save()
    shutil.rmtree(files)  # the model reads its own copies, in saved/assets
    loaded = tf.Graph()
    with loaded.as_default(), tf.Session(graph=loaded) as session:
        tf.saved_model.loader.load(session, ["serve"], export)
        values = session.run(outputs, feed_dict=feeds)
    return {"model": "saved", "checkpoint": None}, values


#: The vocabulary files of the tf1_frozen_tables graph, kept beside it: the file tf2onnx's suite writes for its table
#: tests (a word of a non-ASCII character), and integer keys (spaces around one) in a file whose name ends in _7.
FROZEN_VOCABULARIES = {
    "vocab.tmp": "apple\npear\nbanana\ncherry \u2665\ngrape\n".encode(),
    "counts_7": b"10\n-3\n 42 \n7\n",
}


def _frozen_tables(folder, feeds, outputs):
    """A TF 1 graph of lookup tables filled from vocabulary files, frozen as tf2onnx's suite freezes its table tests
    (``convert_variables_to_constants``), which keeps each table and drops the initializer that fills it; the files
    are kept beside it. A table's shared_name names its file: relative to the working directory (as the suite's
    tests name theirs), or by a path on the machine that made it (given back by its last part)."""
    import tensorflow.compat.v1 as tf
    from tensorflow.python.ops import lookup_ops

    for name, data in FROZEN_VOCABULARIES.items():
        with open(os.path.join(folder, name), "wb") as file:
            file.write(data)
    here = os.getcwd()
    os.chdir(folder)
    try:
        graph = tf.Graph()
        with graph.as_default():
            words = tf.placeholder(tf.string, [None], name="words")
            ids = tf.placeholder(tf.int64, [None], name="ids")
            counts = tf.placeholder(tf.int64, [None], name="counts")
            index = lookup_ops.index_table_from_file("vocab.tmp")
            where = os.path.join(os.path.abspath("."), "vocab.tmp")  # a path of this machine, in the shared_name
            first_three = lookup_ops.index_table_from_file(where, vocab_size=3)
            names = lookup_ops.index_to_string_table_from_file("vocab.tmp", default_value="UNK")
            numbers = lookup_ops.index_table_from_file("counts_7", key_dtype=tf.int64, default_value=-5)
            shifted = tf.lookup.StaticHashTable(
                tf.lookup.TextFileInitializer("vocab.tmp", tf.string, -2, tf.int64, -1, value_index_offset=10), -1
            )
            results = {
                "index": index.lookup(words), "size": index.size(), "first_three": first_three.lookup(words),
                "names": names.lookup(ids), "numbers": numbers.lookup(counts), "shifted": shifted.lookup(words),
            }  # fmt: skip
            results = {key: tf.identity(value, name=key) for key, value in results.items()}
            with tf.Session(graph=graph) as session:
                session.run(tf.tables_initializer())
                values = session.run(outputs, feed_dict=feeds)
                frozen = tf.graph_util.convert_variables_to_constants(
                    session, graph.as_graph_def(), [name.split(":")[0] for name in outputs]
                )
    finally:
        os.chdir(here)
    assert not any(node.op.startswith("InitializeTable") for node in frozen.node)  # what the conversion must undo
    with open(os.path.join(folder, "frozen.pb"), "wb") as file:
        file.write(frozen.SerializeToString(deterministic=True))
    files = {"model": "frozen.pb", "checkpoint": None, "vocabularies": {name: name for name in FROZEN_VOCABULARIES}}
    return files, values


def _parsing_model(folder, records):
    """A serving graph that parses serialized tf.Example *records* with each of TensorFlow's parsing ops
    (ParseExampleV2 of dense, sparse and ragged features, TF 1's ParseExample, ParseSingleExample of the first record)
    and computes on the features, frozen. Gives the files, the features the graph reads ({tensor name: what it is, by
    the structures TensorFlow returns}), TensorFlow's values of them (the cut model's inputs), the outputs and their
    values."""
    import tensorflow.compat.v1 as tf

    graph = tf.Graph()
    with graph.as_default():
        serialized = tf.placeholder(tf.string, [None], name="records")
        first = tf.placeholder(tf.string, [], name="first")
        spec = {
            "age": tf.io.FixedLenFeature([2], tf.float32, default_value=[0.0, 0.0]),
            "tags": tf.io.VarLenFeature(tf.int64),
            "words": tf.io.RaggedFeature(tf.float32),
        }
        parsed = tf.io.parse_example(serialized, spec)
        old = tf.raw_ops.ParseExample(
            serialized=serialized, names=tf.constant([], tf.string), sparse_keys=[tf.constant("tags")],
            dense_keys=[tf.constant("age")], dense_defaults=[tf.constant([0.0, 0.0])], sparse_types=[tf.int64],
            dense_shapes=[[2]],
        )  # fmt: skip
        single = tf.raw_ops.ParseSingleExample(
            serialized=first, dense_defaults=[tf.constant([0.0, 0.0])], num_sparse=1, sparse_keys=["tags"],
            dense_keys=["age"], sparse_types=[tf.int64], dense_shapes=[[2]],
        )  # fmt: skip
        what = {parsed["age"]: "dense 'age'", parsed["words"].flat_values: "ragged 'words' values",
                parsed["words"].row_splits: "ragged 'words' row splits"}  # fmt: skip
        for parts in (parsed["tags"], *[tf.SparseTensor(*sparse) for sparse in (
                (old.sparse_indices[0], old.sparse_values[0], old.sparse_shapes[0]),
                (single.sparse_indices[0], single.sparse_values[0], single.sparse_shapes[0]))]):  # fmt: skip
            what.update({parts.indices: "sparse 'tags' indices", parts.values: "sparse 'tags' values",
                         parts.dense_shape: "sparse 'tags' dense shape"})  # fmt: skip
        what.update({old.dense_values[0]: "dense 'age'", single.dense_values[0]: "dense 'age'"})
        results = {
            "age_score": tf.reduce_sum(parsed["age"] * tf.constant([0.5, -2.0]), axis=1),
            "tags": tf.sparse.to_dense(parsed["tags"], default_value=-1),
            "words": parsed["words"].to_tensor(default_value=-0.5),
            "old_age": old.dense_values[0] * 3.0,
            "old_tags": tf.sparse.to_dense(
                tf.SparseTensor(old.sparse_indices[0], old.sparse_values[0], old.sparse_shapes[0])
            ),
            "first_age": single.dense_values[0] + 1.0,
            "first_tags": tf.reduce_sum(single.sparse_values[0]),
        }
        outputs = {key: tf.identity(value, name=key) for key, value in results.items()}
        read = [tensor for tensor in what if tensor.consumers()]
        with tf.Session(graph=graph) as session:
            feeds = {serialized: records, first: records[0]}
            values = session.run(list(outputs.values()), feeds)
            cut = dict(zip([t.name for t in read], session.run(read, feeds)))
            frozen = tf.graph_util.convert_variables_to_constants(session, graph.as_graph_def(), list(outputs))
    with open(os.path.join(folder, "frozen.pb"), "wb") as file:
        file.write(frozen.SerializeToString(deterministic=True))
    features = {tensor.name: what[tensor] for tensor in read}
    return {"model": "frozen.pb", "checkpoint": None}, cut, features, [f"{key}:0" for key in outputs], values


def _examples(rows):
    """Serialized tf.Example records of *rows*: {feature: list of floats or ints} (a feature left out: absent)."""
    import tensorflow as tf

    def feature(values):
        if all(isinstance(value, int) for value in values) and values:
            return tf.train.Feature(int64_list=tf.train.Int64List(value=values))
        return tf.train.Feature(float_list=tf.train.FloatList(value=values))

    examples = [tf.train.Example(features=tf.train.Features(feature={k: feature(v) for k, v in row.items()}))
                for row in rows]  # fmt: skip
    return np.array([example.SerializeToString(deterministic=True) for example in examples], dtype=object)


def _frozen_keras(folder, model, inputs):
    """A Keras model frozen by TensorFlow (``convert_variables_to_constants_v2``), its outputs from that graph."""
    import tensorflow as tf
    from tensorflow.python.framework.convert_to_constants import convert_variables_to_constants_v2

    specs = [tf.TensorSpec([None, *value.shape[1:]], tf.as_dtype(value.dtype), name=name) for name, value in inputs]
    function = tf.function(lambda *args: model(list(args) if len(args) > 1 else args[0], training=False))
    concrete = function.get_concrete_function(*specs)
    frozen = convert_variables_to_constants_v2(concrete)
    graph_def = frozen.graph.as_graph_def()
    with open(os.path.join(folder, "frozen.pb"), "wb") as file:
        file.write(graph_def.SerializeToString(deterministic=True))
    outputs = [tensor.name for tensor in frozen.outputs]
    values = frozen(*[tf.constant(value) for _, value in inputs])
    values = values if isinstance(values, (list, tuple)) else [values]
    feeds = {tensor.name: value for tensor, (_, value) in zip(frozen.inputs, inputs)}
    return {"model": "frozen.pb", "checkpoint": None}, feeds, outputs, [np.asarray(v) for v in values]


def mobilenet():
    import tf_keras as keras

    keras.utils.set_random_seed(SEED)
    model = keras.applications.MobileNetV2(input_shape=(64, 64, 3), alpha=0.35, weights=None, classes=10)
    _perturb_batch_norms(model)
    return model


def _perturb_batch_norms(model):
    rng = np.random.default_rng(SEED)
    for layer in model.layers:
        if layer.__class__.__name__ == "BatchNormalization":
            gamma, beta, mean, variance = layer.get_weights()
            ranges = [(0.5, 1.5), (-0.2, 0.2), (-0.2, 0.2), (0.5, 1.5)]  # gamma, beta, mean, variance
            layer.set_weights([rng.uniform(low, high, weight.shape).astype(np.float32)
                               for (low, high), weight in zip(ranges, (gamma, beta, mean, variance))])  # fmt: skip


def resnet_block():
    import tf_keras as keras
    from tf_keras import layers

    keras.utils.set_random_seed(SEED)
    inputs = keras.Input((32, 32, 3), name="image")
    x = layers.Conv2D(16, 3, padding="same", use_bias=False)(inputs)
    x = layers.BatchNormalization()(x)
    x = layers.ReLU()(x)
    shortcut = x
    y = layers.Conv2D(16, 3, padding="same", use_bias=False)(x)
    y = layers.BatchNormalization()(y)
    y = layers.ReLU()(y)
    y = layers.DepthwiseConv2D(3, padding="same", dilation_rate=2)(y)
    y = layers.Conv2D(16, 1)(y)
    x = layers.Add()([shortcut, y])
    x = layers.LeakyReLU(0.1)(x)
    x = layers.ZeroPadding2D(((1, 0), (0, 1)))(x)
    x = layers.Conv2D(24, 3, strides=2, padding="valid")(x)
    x = layers.Conv2DTranspose(8, 3, strides=2, padding="same")(x)
    x = layers.UpSampling2D(2, interpolation="nearest")(x)
    x = layers.MaxPooling2D(4)(x)
    x = layers.GlobalAveragePooling2D()(x)
    outputs = layers.Dense(5, activation="softmax", name="probabilities")(x)
    model = keras.Model(inputs, outputs)
    _perturb_batch_norms(model)
    return model


def transformer_block():
    import tf_keras as keras
    from tf_keras import layers

    keras.utils.set_random_seed(SEED)
    tokens = keras.Input((10,), dtype="int32", name="tokens")
    x = layers.Embedding(40, 16)(tokens)
    attention = layers.MultiHeadAttention(num_heads=2, key_dim=8)(x, x)
    x = layers.LayerNormalization(epsilon=1e-6)(x + attention)
    hidden = layers.Dense(32, activation=keras.activations.gelu)(x)  # exact GELU: Erf
    hidden = layers.Dense(16)(hidden)
    x = layers.LayerNormalization(epsilon=1e-6)(x + hidden)
    x = layers.GlobalAveragePooling1D()(x)
    outputs = layers.Dense(3, activation="softmax", name="probabilities")(x)
    return keras.Model(tokens, outputs)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.join("tests", "data", "onnx"))
    parser.add_argument(
        "--only", nargs="+", metavar="NAME", help="write only these models, the others kept as they are"
    )
    parser.add_argument("--zoo", action="store_true", help="write only the op zoo (ops/), the models kept as they are")
    args = parser.parse_args(argv)
    import tensorflow as tf

    if args.zoo:
        with open(os.path.join(args.out, "manifest.json")) as file:
            manifest = json.load(file)
        if not args.only:
            shutil.rmtree(os.path.join(args.out, "ops"), ignore_errors=True)
            shutil.rmtree(os.path.join(args.out, "refused"), ignore_errors=True)
        zoo(args.out, manifest, set(args.only or ()))
        with open(os.path.join(args.out, "manifest.json"), "w") as file:
            json.dump(manifest, file, indent=1, sort_keys=True)
            file.write("\n")
        return

    rng = np.random.default_rng(SEED)
    manifest = {"written_by": f"TensorFlow {tf.__version__}", "tool": "tools/generate_onnx_fixtures.py", "models": {}}
    if args.only:
        with open(os.path.join(args.out, "manifest.json")) as file:
            manifest = json.load(file)
        for name in args.only:
            shutil.rmtree(os.path.join(args.out, name), ignore_errors=True)
    else:
        if os.path.isdir(args.out):
            shutil.rmtree(args.out)
        os.makedirs(args.out)
    wanted = set(args.only or ())

    def session(name, build, feeds, outputs, about):
        if wanted and name not in wanted:
            return
        folder = os.path.join(args.out, name)
        os.makedirs(folder)
        files, values = _session_model(folder, build, feeds, outputs)
        _record(folder, name, files, feeds, outputs, values, about)

    def keras_model(name, model, inputs, about):
        if wanted:
            return
        folder = os.path.join(args.out, name)
        os.makedirs(folder)
        files, feeds, outputs, values = _frozen_keras(folder, model, inputs)
        _record(folder, name, files, feeds, outputs, values, about)

    def tables(name, build, feeds, outputs, about):
        """A model of lookup tables *build* writes into its folder: ``build(folder, feeds, outputs)`` gives its
        files and TensorFlow's outputs (tensors ``KEY:0`` of the keys *outputs*)."""
        if wanted and name not in wanted:
            return
        folder = os.path.join(args.out, name)
        os.makedirs(folder)
        outputs = [f"{key}:0" for key in outputs]
        files, values = build(folder, feeds, outputs)
        _record(folder, name, files, feeds, outputs, values, about)

    def parsing(name, records, about):
        """A serving graph of tf.Example parsing, converted cut at the features it parses: its inputs are those
        tensors (TensorFlow's values of them for *records*), and the manifest says what each is."""
        if wanted and name not in wanted:
            return
        folder = os.path.join(args.out, name)
        os.makedirs(folder)
        files, cut, features, outputs, values = _parsing_model(folder, records)
        _record(folder, name, files, cut, outputs, values, about)
        manifest["models"][name].update(cut=True, features=features)

    def _record(folder, name, files, feeds, outputs, values, about):
        arrays = {f"input/{key}": _storable(value) for key, value in feeds.items()}
        arrays.update({f"output/{key}": _storable(value) for key, value in zip(outputs, values)})
        np.savez(os.path.join(folder, "io.npz"), **arrays)
        manifest["models"][name] = {**files, "inputs": list(feeds), "outputs": list(outputs), "about": about}
        print(name, {key: np.asarray(value).shape for key, value in zip(outputs, values)}, file=sys.stderr)

    session(
        "tf1_cnn",
        cnn,
        {"x:0": rng.standard_normal((2, 16, 16, 3)).astype(np.float32)},
        ["probabilities:0", "classes:0"],
        "TF 1 graph with a checkpoint: conv, fused batch norm, ReLU, max and average pool, ReLU6, dense, softmax",
    )
    session(
        "tf1_mlp_partitioned",
        mlp,
        {"x:0": rng.standard_normal((3, 20)).astype(np.float32)},
        ["scores:0"],
        "TF 1 graph with partitioned variables (axis 0 and 1), a training op and a summary",
    )
    session(
        "tf1_text",
        text,
        {"tokens:0": rng.integers(0, 50, (2, 12)).astype(np.int32)},
        ["log_probabilities:0"],
        "TF 1 graph: a resource embedding lookup, mean, dense with ELU, log softmax",
    )
    session(
        "tf1_bfloat16",
        bfloat16,
        {"x:0": rng.standard_normal((2, 3)).astype(np.float32)},
        ["y:0"],
        "TF 1 graph with bfloat16 and float16 variables, cast to float32 around a bfloat16 matmul",
    )
    keras_model(
        "mobilenet_v2",
        mobilenet(),
        [("input", rng.standard_normal((1, 64, 64, 3)).astype(np.float32))],
        "Keras MobileNetV2 (alpha 0.35, 64x64, 10 classes, weights=None), frozen by TensorFlow",
    )
    keras_model(
        "resnet_block",
        resnet_block(),
        [("image", rng.standard_normal((2, 32, 32, 3)).astype(np.float32))],
        "A ResNet-style block: dilation, padding, transposed conv, upsampling (Keras), frozen by TensorFlow",
    )
    keras_model(
        "transformer_block",
        transformer_block(),
        [("tokens", rng.integers(0, 40, (2, 10)).astype(np.int32))],
        "A transformer encoder block: embedding, attention, LayerNorm, exact GELU, frozen by TensorFlow",
    )
    # TF 1 control flow (issue 36), from a generator of its own: the models above keep their inputs.
    frames_rng = np.random.default_rng(SEED + 1)
    session(
        "tf1_while",
        tf1_while,
        {"x:0": frames_rng.standard_normal(4).astype(np.float32), "steps:0": np.int32(6)},
        ["total:0"],
        "TF 1 while loop (frames), as many steps as an input says",
    )
    session(
        "tf1_dynamic_rnn",
        tf1_dynamic_rnn,
        {"x:0": frames_rng.standard_normal((2, 5, 3)).astype(np.float32)},
        ["outputs:0", "h:0"],
        "TF 1 dynamic_rnn of an LSTMCell: a while frame with TensorArrays (scatter, read, write, gather)",
    )
    session(
        "tf1_dynamic_rnn_v2",
        tf1_dynamic_rnn_v2,
        {"x:0": np.random.default_rng(SEED + 2).standard_normal((2, 5, 3)).astype(np.float32)},
        ["outputs:0", "h:0"],
        "TF 1 dynamic_rnn of an LSTMCell with TF 2's control flow: a While of TensorLists, resource variables",
    )
    session(
        "tf1_cond",
        tf1_cond,
        {"x:0": np.abs(frames_rng.standard_normal(3)).astype(np.float32)},
        ["first:0", "second:0"],
        "TF 1 conds (Switch, Merge): one takes its true branch, the other its false one",
    )
    session(
        "tf1_dropout_conds",
        tf1_dropout_conds,
        {"x:0": frames_rng.standard_normal((3, 4)).astype(np.float32), "training:0": np.array(False)},
        ["logits:0"],
        "TF 1 dropout layers switched by one training placeholder: three conds on one predicate, one after another",
    )
    session(
        "tf1_while_cond",
        tf1_while_cond,
        {"x:0": frames_rng.standard_normal(4).astype(np.float32), "steps:0": np.array(5, np.int32)},
        ["total:0"],
        "TF 1 cond inside a TF 1 while loop: odd and even steps take either branch",
    )
    tables(
        "tf1_vocabulary",
        _vocabulary_model,
        {
            "words:0": np.array(
                ["apple", "pear", "", "banana", "cherry", "last", "kiwi", "fig", "plum", "x"], dtype=object
            ),
            "ids:0": np.array([0, 1, 2, 3, 4, 5, -1, 7, -4], dtype=np.int64),
        },
        ["index", "size", "first_three", "names", "pairs", "pairs_size", "lines", "padded", "listed", "listed_names"],
        "TF 1 SavedModel of lookup tables read from vocabulary files (its assets): whole lines, line numbers, "
        "columns, a vocab_size; two tables of the graph's constants",
    )
    tables(
        "tf1_frozen_tables",
        _frozen_tables,
        {
            "words:0": np.array(["cherry \u2665", "banana", "kiwi", "apple", "grape", "", "cherry"], dtype=object),
            "ids:0": np.array([3, 0, 4, 9, -1], dtype=np.int64),
            "counts:0": np.array([42, 7, -3, 10, 5], dtype=np.int64),
        },
        ["index", "size", "first_three", "names", "numbers", "shifted"],
        "TF 1 lookup tables of vocabulary files, frozen as tf2onnx's suite freezes them (the initializers dropped): "
        "each table's shared_name names its file, given at conversion",
    )
    parsing(
        "tf1_parsing",
        _examples(
            [
                {"age": [31.5, 2.0], "tags": [4, 9, 1], "words": [0.25, 1.5]},
                {"tags": [7], "words": []},
                {"age": [-1.0, 8.0], "words": [3.0, -2.0, 0.5]},
            ]
        ),
        "a serving graph that parses tf.Example records (ParseExampleV2 of dense, sparse and ragged features, "
        "ParseExample, ParseSingleExample), frozen; converted cut at the features it parses",
    )
    if not wanted:
        zoo(args.out, manifest)
    with open(os.path.join(args.out, "manifest.json"), "w") as file:
        json.dump(manifest, file, indent=1, sort_keys=True)
        file.write("\n")


# ==================================================================== the op zoo: one small graph per case


def _zoo_cases(tf, rng):
    """(name, inputs {placeholder name: array}, build(placeholders) -> [output tensors]): each case a graph made in
    graph mode of the ops it names, run by TensorFlow on its inputs."""
    f32 = np.float32

    def images(*shape):
        return rng.standard_normal(shape).astype(f32)

    def ints(low, high, shape, dtype=np.int32):
        return rng.integers(low, high, shape).astype(dtype)

    nn = tf.nn
    return [
        (
            "strided_slice_masks",
            {"x": images(2, 5, 6, 3)},
            lambda x: [x[:, 1:, ..., ::2], x[:, tf.newaxis, 0], x[-1], x[:, ::-1, 2:-1], x[..., 1]],
        ),
        (
            "split_unpack_pack",
            {"x": images(3, 6, 4)},
            lambda x: [
                *tf.split(x, 3, axis=1),
                *tf.split(x, [1, -1, 2], axis=2),
                *tf.unstack(x, axis=0),
                tf.stack([x[0], x[1]], axis=-1),
            ],
        ),
        (
            "concat_squeeze_expand",
            {"x": images(2, 1, 4, 1)},
            lambda x: [
                tf.concat([x, x * 2.0], axis=-1),
                tf.squeeze(x),
                tf.squeeze(x, [1]),
                tf.expand_dims(x, -1),
                tf.transpose(x, [3, 0, 2, 1]),
            ],
        ),
        (
            "reshape_dynamic_batch",
            {"x": images(3, 4, 5)},
            lambda x: [
                tf.reshape(x, [-1, 20]),
                tf.reshape(x, tf.stack([tf.shape(x)[0], 5, 4])),
                tf.reshape(x, [tf.shape(x)[0] * 4, -1]),
            ],
        ),
        (
            "pads",
            {"x": images(1, 4, 5, 2)},
            lambda x: [
                tf.pad(x, [[0, 0], [1, 2], [0, 1], [0, 0]]),
                tf.pad(x, [[0, 0], [1, 1], [2, 2], [0, 0]], constant_values=3.0),
                tf.pad(x, [[0, 0], [2, 1], [1, 2], [0, 0]], mode="REFLECT"),
            ],
        ),
        (
            "tile_gather",
            {"x": images(4, 5), "i": ints(0, 4, (3,))},
            lambda x, i: [
                tf.tile(x, [2, 3]),
                tf.gather(x, i),
                tf.gather(x, [4, 0, 2], axis=1),
                tf.gather(x, tf.constant([[1, 2], [3, 0]])),
            ],
        ),
        (
            "casts_and_fills",
            {"x": (images(3, 4) * 4).astype(f32)},
            lambda x: [
                tf.cast(x, tf.int32),
                tf.cast(x > 0, tf.float32),
                tf.fill(tf.shape(x), 7.0),
                tf.zeros_like(x),
                tf.ones_like(x),
                tf.range(2, 11, 3),
                tf.cast(tf.size(x), tf.float32) * x,
            ],
        ),
        (
            "compare_select",
            {"a": images(3, 4), "b": images(3, 4), "c": rng.random(3) > 0.5},
            lambda a, b, c: [
                tf.cast(tf.equal(a, b), tf.int32),
                tf.where(a < b, a, b),
                tf.compat.v1.where(c, a, b),
                tf.logical_and(a > 0, b > 0),
                tf.logical_or(a > 0, tf.logical_not(b > 0)),
                tf.greater_equal(a, 0.0),
                tf.less_equal(b, 0.0),
                tf.not_equal(a, b),
            ],
        ),
        (
            "integer_division",
            {
                "a": ints(-20, 20, (12,)),
                "b": ints(1, 6, (12,)) * np.where(rng.random(12) > 0.5, 1, -1).astype(np.int32),
            },
            lambda a, b: [tf.math.floordiv(a, b), tf.math.floormod(a, b), tf.truncatediv(a, b), a * b - a],
        ),
        (
            "float_division",
            {"a": images(12), "b": images(12)},
            lambda a, b: [tf.math.floordiv(a, b), tf.math.floormod(a, b), a / b, tf.pow(tf.abs(a), b)],
        ),
        (
            "resize",
            {"x": images(1, 5, 7, 2)},
            lambda x: [
                tf.compat.v1.image.resize_bilinear(x, [10, 9], align_corners=True),
                tf.compat.v1.image.resize_bilinear(x, [8, 14], half_pixel_centers=True),
                tf.compat.v1.image.resize_bilinear(x, [10, 14]),
                tf.compat.v1.image.resize_nearest_neighbor(x, [10, 14], half_pixel_centers=True),
                tf.compat.v1.image.resize_nearest_neighbor(x, [9, 11], align_corners=True),
                tf.compat.v1.image.resize_nearest_neighbor(x, [7, 10]),
            ],
        ),
        ("depth_space", {"x": images(1, 4, 6, 8)}, lambda x: [nn.space_to_depth(x, 2), nn.depth_to_space(x, 2)]),
        (
            "top_k_einsum",
            {"x": images(3, 10), "y": images(10, 4), "z": images(2, 3, 4)},
            lambda x, y, z: [*nn.top_k(x, 4), tf.einsum("ij,jk->ik", x, y), tf.einsum("bij,bkj->bik", z, z)],
        ),
        (
            "unary_math",
            {"x": images(4, 6)},
            lambda x: [
                tf.math.erf(x),
                tf.math.erfc(x),
                nn.selu(x),
                nn.softplus(x),
                nn.leaky_relu(x, 0.3),
                nn.elu(x),
                tf.sign(x),
                tf.round(x * 2.0),
                tf.floor(x),
                tf.math.ceil(x),
                tf.sin(x),
                tf.cos(x),
                tf.math.reciprocal(x + 5.0),
                tf.square(x),
                tf.math.rsqrt(tf.abs(x) + 1.0),
                tf.exp(x),
                tf.math.log(tf.abs(x) + 0.1),
                -x,
                tf.abs(x),
                nn.relu6(x * 4.0),
                nn.softsign(x),
            ],
        ),
        (
            "reductions",
            {"x": images(2, 3, 4)},
            lambda x: [
                tf.reduce_sum(x, [1], keepdims=True),
                tf.reduce_max(x, -1),
                tf.reduce_min(x, [0, 2]),
                tf.reduce_prod(x, 1),
                tf.argmin(x, 1),
                tf.argmax(x, -1, output_type=tf.int32),
                tf.reduce_mean(x, [0, 1, 2]),
                tf.add_n([x, x, x]),
            ],
        ),
        (
            "matmuls",
            {"a": images(2, 3, 4), "b": images(2, 5, 4), "m": images(4, 6)},
            lambda a, b, m: [
                tf.matmul(a, b, adjoint_b=True),
                tf.matmul(m, m, transpose_a=True),
                tf.matmul(tf.transpose(a, [0, 2, 1]), tf.transpose(a, [0, 2, 1]), adjoint_a=True),
            ],
        ),
        (
            "windows",
            {"x": images(2, 7, 9, 3)},
            lambda x: [
                nn.conv2d(x, tf.constant(images(3, 3, 3, 4)), [1, 2, 2, 1], "SAME"),
                nn.conv2d(x, tf.constant(images(2, 3, 3, 2)), [1, 1, 1, 1], [[0, 0], [1, 0], [2, 1], [0, 0]]),
                nn.depthwise_conv2d(x, tf.constant(images(3, 3, 3, 2)), [1, 2, 2, 1], "SAME"),
                nn.max_pool2d(x, 3, 2, "SAME"),
                nn.avg_pool2d(x, 3, 2, "SAME"),
                nn.avg_pool2d(x, [2, 3], [1, 2], "VALID"),
                tf.reduce_mean(
                    nn.relu(nn.conv2d(x, tf.constant(images(1, 1, 3, 5)), 1, "VALID")), [1, 2], keepdims=True
                ),
                nn.conv2d_transpose(x, tf.constant(images(3, 3, 4, 3)), [2, 15, 19, 4], [1, 2, 2, 1], "VALID"),
                nn.atrous_conv2d(x, tf.constant(images(3, 3, 3, 2)), 2, "SAME"),
            ],
        ),
        (
            "raw_ops",
            {"a": images(2, 3, 4), "b": images(2, 4, 5), "v": images(3), "u": images(2, 3, 4, 3)},
            lambda a, b, v, u: [
                tf.raw_ops.Add(x=a, y=a),
                tf.raw_ops.Maximum(x=a, y=-a),
                tf.raw_ops.Minimum(x=a, y=0.5),
                tf.raw_ops.Div(x=a, y=tf.abs(a) + 1.0),
                tf.raw_ops.Sqrt(x=tf.abs(a)),
                tf.raw_ops.Inv(x=a + 5.0),
                tf.raw_ops.ZerosLike(x=a),
                tf.raw_ops.OnesLike(x=b),
                tf.raw_ops.Gather(params=b, indices=[1, 0, 1]),
                tf.raw_ops.BatchMatMul(x=a, y=b),
                tf.raw_ops.BatchMatMulV3(x=a, y=b, Tout=tf.float32),
                tf.raw_ops.FusedBatchNorm(
                    x=u, scale=v, offset=v, mean=v, variance=tf.abs(v) + 1.0, epsilon=0.01, is_training=False
                )[0],
                tf.raw_ops.FusedBatchNormV2(
                    x=u, scale=v, offset=-v, mean=v * 0.5, variance=tf.abs(v) + 0.5, is_training=False
                )[0],
                tf.raw_ops.Concat(concat_dim=1, values=[a, a]),
                tf.raw_ops.SelectV2(condition=a[0, 0] > 0, t=a, e=-a),
                tf.raw_ops.Size(input=b),
                tf.raw_ops.Rank(input=b),
                tf.slice(b, [0, 1, 2], [-1, 2, 3]),
                tf.raw_ops.IdentityN(input=[a, b])[1],
                tf.raw_ops.Snapshot(input=a),
                tf.raw_ops.PreventGradient(input=a),
                tf.raw_ops.BiasAddV1(value=u, bias=v),
                tf.compat.v1.placeholder_with_default(v, [3]) * 2.0,
            ],
        ),
        (
            "dynamic_images",
            {
                "x": (images(2, 9, 11, 3), [None, None, None, 3]),
                "dims": (np.array([12, 9], np.int32), [None]),
                "w": images(3, 3, 3, 4),
                "d": images(3, 3, 3, 1),
                "pixels": ints(0, 255, (1, 4, 5, 2)),
            },
            lambda x, dims, w, d, pixels: [
                nn.conv2d(x, tf.constant(images(3, 3, 3, 4)), [1, 2, 2, 1], "SAME"),
                nn.max_pool2d(x, 3, 2, "SAME"),
                tf.compat.v1.image.resize_bilinear(x, tf.shape(x)[1:3] * 2, half_pixel_centers=True),
                tf.concat([nn.conv2d(x, w, 1, "SAME"), nn.relu(nn.conv2d(x, w, 1, "SAME"))], axis=3),
                tf.transpose(nn.conv2d(x, w, 1, "VALID"), [0, 3, 1, 2]),
                tf.reduce_mean(nn.conv2d(x, w, 1, "VALID"), [1, 2], keepdims=True),
                tf.reduce_sum(x, []),
                tf.zeros_like(nn.conv2d(x, w, 1, "VALID")),
                tf.size(x),
                tf.rank(tf.reshape(w, dims)),
                tf.shape(tf.reshape(w, dims)),
                tf.range(tf.shape(x)[0]),
                tf.tile(x, tf.stack([1, tf.shape(x)[0], 1, 1])),
                tf.fill(tf.shape(x)[:2], 1.5),
                nn.depthwise_conv2d(x, d, [1, 1, 1, 1], "VALID"),
                x[...],
                tf.compat.v1.nn.fused_batch_norm(
                    tf.cast(x, tf.float16),
                    tf.constant(images(3)),
                    tf.constant(images(3)),
                    tf.constant(images(3)),
                    tf.constant(np.abs(images(3)) + 0.5),
                    is_training=False,
                )[0],
                tf.compat.v1.image.resize_bilinear(pixels, [8, 10]),
            ],
        ),
        (
            "losses",
            {
                "logits": images(4, 5),
                "labels": rng.dirichlet(np.ones(5), 4).astype(f32),
                "classes": ints(0, 5, (4,)),
                "d": np.array([1.0, 0.0, -2.0, 0.0], f32),
            },
            lambda logits, labels, classes, d: [
                *tf.raw_ops.SoftmaxCrossEntropyWithLogits(features=logits, labels=labels),
                *tf.raw_ops.SparseSoftmaxCrossEntropyWithLogits(features=logits, labels=classes),
                nn.l2_loss(logits),
                tf.math.divide_no_nan(logits[:, 0], d),
            ],
        ),
        (
            "bias_and_batch_norm",
            {"x": images(2, 4, 4, 3)},
            lambda x: [
                nn.bias_add(x, tf.constant(images(3))),
                tf.compat.v1.nn.fused_batch_norm(
                    x,
                    tf.constant(images(3)),
                    tf.constant(images(3)),
                    tf.constant(images(3)),
                    tf.constant(np.abs(images(3)) + 0.5),
                    epsilon=0.001,
                    is_training=False,
                )[0],
            ],
        ),
        # The rows of tf2onnx's suite: each case's ops from its own generator, so that a case added later leaves the
        # others' inputs as they are. A case is (name, inputs, build[, {"opset": N, "compare": "shape"}]).
        *_suite_cases(tf),
    ]


def _suite_cases(tf):
    nn = tf.nn
    f32 = np.float32

    def rng_of(name):
        return np.random.default_rng(zlib.crc32(name.encode()))

    r = rng_of("trig")
    unit = r.uniform(-0.9, 0.9, (3, 4)).astype(f32)
    plane = r.standard_normal((2, 6)).astype(f32)
    plane[0, :3] = [0.0, -1.5, 2.0]  # x on the axis, and in the left half-plane
    cases = [
        (
            "trig_hyperbolic",
            {"u": unit, "y": r.standard_normal((2, 6)).astype(f32), "x": plane},
            lambda u, y, x: [
                tf.tan(u),
                tf.asin(u),
                tf.acos(u),
                tf.atan(u * 4.0),
                tf.sinh(u * 3.0),
                tf.cosh(u * 3.0),
                tf.asinh(u * 5.0),
                tf.acosh(tf.abs(u) * 4.0 + 1.0),
                tf.atanh(u),
                tf.atan2(y, x),
            ],
        ),
    ]
    r = rng_of("floats")
    special = r.standard_normal((3, 5)).astype(f32)
    special[0, :4] = [np.nan, np.inf, -np.inf, 0.0]
    halves = np.array([[-2.5, -1.5, -0.5, 0.5], [1.5, 2.5, 3.5, 0.4]], f32)
    cases.append(
        (
            "floats_tested",
            {
                "s": special,
                "h": halves,
                "m": r.standard_normal((2, 3, 3)).astype(f32),
                "lo": r.uniform(-1.0, -0.2, (5,)).astype(f32),
            },
            lambda s, h, m, lo: [
                tf.math.is_nan(s),
                tf.math.is_inf(s),
                tf.math.is_finite(s),
                tf.math.log1p(tf.abs(h)),
                tf.math.expm1(h),
                tf.math.rint(h),
                tf.clip_by_value(s[1:], lo, 0.5),
                tf.clip_by_value(h, -1.0, 2.0),
                tf.linalg.det(m),
                tf.raw_ops.Bucketize(input=h, boundaries=[-1.0, 0.0, 0.5, 2.5]),
            ],
        )
    )
    r = rng_of("bools")
    cases.append(
        (
            "bool_reductions_cumsum",
            {
                "b": r.random((3, 4, 2)) > 0.3,
                "axes": np.array([0, 2], np.int32),
                "x": r.standard_normal((3, 4)).astype(f32),
                "axis": np.array(1, np.int32),
                "n": r.integers(-5, 5, (3, 4)).astype(np.int32),
            },
            lambda b, axes, x, axis, n: [
                tf.reduce_all(b, [1]),
                tf.reduce_any(b, [0, 2], keepdims=True),
                tf.reduce_all(b, axes),
                tf.reduce_any(b, axes, keepdims=True),
                tf.reduce_all(b),
                tf.reduce_any(b, []),
                tf.cumsum(x, 1),
                tf.cumsum(x, 0, exclusive=True, reverse=True),
                tf.cumsum(n, axis),
                tf.reduce_sum(x, axis),
                tf.reduce_sum(n, axes[:1], keepdims=True),
            ],
        )
    )
    r = rng_of("bits")
    cases.append(
        (
            "bits",
            {
                "a": r.integers(-1000, 1000, (6,)).astype(np.int32),
                "b": r.integers(-1000, 1000, (6,)).astype(np.int32),
                "s": r.integers(0, 8, (6,)).astype(np.int32),
                "u": r.integers(0, 255, (6,)).astype(np.uint8),
                "v": r.integers(0, 7, (6,)).astype(np.uint8),
            },
            lambda a, b, s, u, v: [
                tf.bitwise.bitwise_and(a, b),
                tf.bitwise.bitwise_or(a, b),
                tf.bitwise.bitwise_xor(u, v),
                tf.bitwise.invert(a),
                tf.bitwise.invert(u),
                tf.bitwise.left_shift(a, s),
                tf.bitwise.right_shift(a, s),
                tf.bitwise.left_shift(u, v),
                tf.bitwise.right_shift(u, v),
            ],
            {"opset": 18},
        )
    )
    r = rng_of("reverse")
    cases.append(
        (
            "reverse_roll_broadcast",
            {
                "x": r.standard_normal((2, 3, 4)).astype(f32),
                "axes": np.array([0, -1], np.int32),
                "lengths": np.array([1, 3], np.int64),
                "times": np.array([4, 0, 2], np.int32),
                "shift": np.array([-5, 2], np.int32),
                "row": r.standard_normal((1, 4)).astype(f32),
            },
            lambda x, axes, lengths, times, shift, row: [
                tf.reverse(x, [1]),
                tf.reverse(x, [0, 2]),
                tf.reverse(x, axes),
                tf.reverse_sequence(x, lengths, seq_axis=1, batch_axis=0),
                tf.reverse_sequence(x, times, seq_axis=2, batch_axis=1),
                tf.roll(x, 2, 2),
                tf.roll(x, [1, -7], [0, 1]),
                tf.roll(x, shift, [2, 1]),
                tf.broadcast_to(row, [3, 4]),
                tf.broadcast_to(row, tf.shape(x)),
            ],
        )
    )
    r = rng_of("band")
    cases.append(
        (
            "band_gather_scatter",
            {
                "m": r.standard_normal((2, 4, 5)).astype(f32),
                "low": np.array(1, np.int64),
                "t": r.standard_normal((4, 3)).astype(f32),
                "i": np.array([[1], [3], [1]], np.int32),
                "pick": np.array([[0, 2], [3, 1]], np.int64),
                "u": r.standard_normal((3, 3)).astype(f32),
            },
            lambda m, low, t, i, pick, u: [
                tf.linalg.band_part(m, 1, -1),
                tf.linalg.band_part(m, 0, 0),
                tf.linalg.band_part(m, low, 2),
                tf.linalg.band_part(m > 0, -1, 0),
                tf.gather_nd(t, pick),
                tf.gather_nd(t, i),
                tf.scatter_nd(i, u, [5, 3]),
                tf.tensor_scatter_nd_update(t, i[:2], u[:2]),
                tf.tensor_scatter_nd_add(t, i, u),
                tf.tensor_scatter_nd_sub(t, i, u),
            ],
        )
    )
    r = rng_of("scatter18")
    cases.append(
        (
            "scatter_max_min",
            {
                "t": r.standard_normal((4, 3)).astype(f32),
                "i": np.array([[1], [3], [1]], np.int32),
                "u": r.standard_normal((3, 3)).astype(f32),
                "axes": np.array([1], np.int32),
            },
            lambda t, i, u, axes: [
                tf.tensor_scatter_nd_max(t, i, u),
                tf.tensor_scatter_nd_min(t, i, u),
                tf.reduce_mean(t, axes),
                tf.reduce_max(t, axes, keepdims=True),
            ],
            {"opset": 18},
        )
    )
    r = rng_of("where")
    cases.append(
        (
            "where_onehot_unique",
            {
                "c": r.random((3, 4)) > 0.5,
                "n": r.integers(-2, 3, (5,)).astype(np.int32),
                "k": np.array([3, 1, 3, 0, 1, 5], np.int32),
                "p": np.array([2, 0, 3, 1], np.int32),
                "w": np.array([2.0, 1.0, 2.0, 7.0], f32),
            },
            lambda c, n, k, p, w: [
                tf.where(c),
                tf.where(n),
                tf.one_hot(n, 3),
                tf.one_hot(n, 4, on_value=5.0, off_value=-1.0, axis=0),
                tf.one_hot(tf.cast(k, tf.int64), 4, dtype=tf.int32),
                *tf.unique(k),
                *tf.unique_with_counts(w),
                tf.math.invert_permutation(p),
                tf.math.invert_permutation([1, 2, 0]),
            ],
        )
    )
    r = rng_of("space")
    cases.append(
        (
            "space_batch",
            {
                "x": r.standard_normal((2, 5, 6, 3)).astype(f32),
                "y": r.standard_normal((8, 3, 2, 2)).astype(f32),
                "z": r.standard_normal((3, 6, 2)).astype(f32),
            },
            lambda x, y, z: [
                tf.space_to_batch_nd(x, [2, 3], [[1, 0], [0, 0]]),
                tf.compat.v1.batch_to_space_nd(y, [2, 2], [[1, 0], [0, 3]]),
                tf.space_to_batch_nd(z, [3], [[1, 2]]),
                tf.compat.v1.batch_to_space_nd(z, [3], [[0, 1]]),
            ],
        )
    )
    r = rng_of("lrn")
    cases.append(
        (
            "lrn_contrast",
            {"x": r.standard_normal((2, 4, 5, 7)).astype(f32)},
            lambda x: [
                nn.local_response_normalization(x),
                nn.local_response_normalization(x, 2, 0.5, 0.3, 0.75),
                tf.image.adjust_contrast(x, 1.7),
            ],
        )
    )
    r = rng_of("dynamic")
    cases.append(
        (
            "dynamic_slices",
            {
                "x": r.standard_normal((3, 5, 4)).astype(f32),
                "b": np.array([1, 0, 1], np.int32),
                "e": np.array([3, 4, -1], np.int32),
                "k": np.array(2, np.int32),
                "p": np.array([[1, 0], [2, 1], [0, 3]], np.int32),
                "i": r.integers(0, 4, (3, 2)).astype(np.int64),
                "j": r.integers(0, 5, (3, 2)).astype(np.int32),
            },
            lambda x, b, e, k, p, i, j: [
                tf.strided_slice(x, b, e),
                tf.strided_slice(x, b, e, [1, 2, -1]),
                x[k:, :k, k],
                x[:, tf.shape(x)[1] - 2 :],
                x[..., k - 1],
                tf.slice(x, b, [2, -1, 3]),
                tf.slice(x, [0, 1, 0], tf.stack([k, k, -1])),
                tf.pad(x, p),
                tf.pad(x, p, constant_values=2.0),
                tf.pad(x, [[1, 2], [0, 0], [3, 1]], "SYMMETRIC"),
                tf.pad(x, p, "SYMMETRIC"),
                tf.pad(x, p, "REFLECT"),
                tf.gather(x, i, batch_dims=1, axis=2),
                tf.gather(x, j, batch_dims=1),
                tf.gather(x, j[:, 0], batch_dims=1),
            ],
        )
    )
    r = rng_of("diagonals")
    cases.append(
        (
            "diagonals",
            {
                "m": r.standard_normal((2, 3, 5)).astype(f32),
                "v": r.standard_normal((2, 3)).astype(f32),
                "band": r.standard_normal((2, 3, 4)).astype(f32),
                "w": r.standard_normal((2, 4, 3)).astype(f32),
            },
            lambda m, v, band, w: [
                tf.linalg.diag_part(m),
                tf.linalg.diag_part(m, k=(-1, 2)),
                tf.linalg.diag_part(w, k=(-2, 1), padding_value=9.0, align="LEFT_RIGHT"),
                tf.linalg.diag_part(m, k=1),
                tf.linalg.diag(v),
                tf.linalg.diag(band, k=(-1, 1)),
                tf.linalg.diag(v, k=1, num_rows=4, padding_value=-1.0),
                tf.linalg.diag(band, k=(0, 2), align="RIGHT_RIGHT"),
                tf.linalg.set_diag(m, v),
                tf.linalg.set_diag(w, band[:, :3, :3], k=(-1, 1), align="LEFT_LEFT"),
                tf.raw_ops.MatrixDiagPart(input=m),
                tf.raw_ops.MatrixDiag(diagonal=v),
                tf.raw_ops.MatrixSetDiag(input=m, diagonal=v),
            ],
        )
    )
    r = rng_of("diagonals_computed")
    cases.append(
        (
            "diagonals_computed",
            {
                "m": r.standard_normal((2, 4, 5)).astype(f32),
                "k": np.array([-1, 2], np.int32),
                "j": np.array([1], np.int32),
                "d": r.standard_normal((2, 3, 4)).astype(f32),
                "rows": np.array(-1, np.int32),
                "n": np.array(4, np.int32),
                "s": r.standard_normal((2, 4)).astype(f32),
                "band": np.array([-1, 1], np.int32),
            },
            lambda m, k, j, d, rows, n, s, band: [
                tf.reshape(tf.raw_ops.MatrixDiagPartV3(input=m, k=k, padding_value=0.5, align="LEFT_RIGHT"), [-1]),
                tf.raw_ops.MatrixDiagPartV2(input=m, k=j, padding_value=0.0),
                tf.reshape(
                    tf.raw_ops.MatrixDiagV3(
                        diagonal=d, k=band, num_rows=rows, num_cols=rows, padding_value=0.25, align="RIGHT_RIGHT"
                    ),
                    [-1],
                ),
                tf.raw_ops.MatrixDiagV2(diagonal=s, k=j, num_rows=n + 1, num_cols=-1, padding_value=0.0),
                tf.eye(n, dtype=tf.int32),
                tf.eye(n, n + 2),
                tf.raw_ops.MatrixSetDiagV3(input=m, diagonal=d, k=band, align="RIGHT_LEFT"),
            ],
        )
    )
    r = rng_of("volumes")
    cases.append(
        (
            "volumes",
            {"v": r.standard_normal((2, 5, 6, 7, 3)).astype(f32)},
            lambda v: [
                nn.conv3d(v, tf.constant(r.standard_normal((3, 2, 3, 3, 4)).astype(f32)), [1, 2, 1, 2, 1], "SAME"),
                nn.conv3d(v, tf.constant(r.standard_normal((2, 2, 2, 3, 2)).astype(f32)), [1, 1, 1, 1, 1], "VALID"),
                nn.max_pool3d(v, [2, 3, 2], [2, 2, 1], "SAME"),
                nn.avg_pool3d(v, [2, 3, 2], [2, 2, 1], "SAME"),
                nn.avg_pool3d(v, 2, 2, "VALID"),
            ],
        )
    )
    r = rng_of("quantize")
    q = tf.quantization
    cases.append(
        (
            "quantize",
            {"x": (r.standard_normal((2, 3, 4)) * 2.0).astype(f32)},
            lambda x: [
                q.quantize_and_dequantize(x, -1.0, 2.0, range_given=True),
                q.quantize_and_dequantize(x, -1.0, 2.0, range_given=True, num_bits=4, narrow_range=True),
                q.quantize_and_dequantize(x, 0.0, 3.0, range_given=True, signed_input=False),
                q.quantize_and_dequantize(x, 0.0, 0.0, range_given=False),
                q.quantize_and_dequantize(x, -2.0, 1.5, range_given=True, round_mode="HALF_UP"),
                q.quantize_and_dequantize_v2(x, -1.5, 1.5, range_given=True),
                tf.raw_ops.QuantizeAndDequantizeV3(
                    input=x, input_min=-1.0, input_max=1.0, num_bits=tf.constant(6), range_given=True
                ),
                q.quantize_and_dequantize_v2(x, [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], axis=2),
                q.quantize_and_dequantize_v2(x, [0.0, 0.0, 0.0], [0.0, 0.0, 0.0], axis=1, num_bits=5),
                q.fake_quant_with_min_max_args(x, -1.0, 2.5),
                q.fake_quant_with_min_max_args(x, -3.0, 1.0, num_bits=5, narrow_range=True),
                q.fake_quant_with_min_max_vars(x, tf.constant(-0.7), tf.constant(1.3)),
                q.fake_quant_with_min_max_vars_per_channel(
                    x, tf.constant([-1.0, -0.2, -2.0, -0.5]), tf.constant([1.0, 0.4, 3.0, 0.5])
                ),
            ],
        )
    )
    r = rng_of("computed")
    cases.append(
        (
            "computed_axes_and_types",
            {
                "x": r.standard_normal((3, 4)).astype(f32),
                "axis": np.array([-1], np.int32),
                "sizes": np.array([1, -1, 2], np.int32),
                "a": r.integers(-1000, 1000, (6,)).astype(np.int32),
                "s": r.integers(0, 8, (6,)).astype(np.int32),
                "i": np.array([0, 3, -1, 2], np.int32),
            },
            lambda x, axis, sizes, a, s, i: [
                tf.expand_dims(x, axis[0]),
                *tf.split(x, sizes, 1, num=3),
                tf.bitwise.left_shift(a, s),
                tf.bitwise.right_shift(a, s),
                tf.one_hot(i, 4, on_value=tf.constant(5, tf.float64), off_value=tf.constant(1, tf.float64), axis=0),
                tf.one_hot(i, 3, on_value=7, off_value=-2, dtype=tf.int32),
                tf.one_hot(i, 3, on_value=True, off_value=False, dtype=tf.bool),
                tf.one_hot(i[1], 5),
                tf.one_hot(i[0], 4, axis=0, on_value=2, off_value=1),
            ],
        )
    )
    r = rng_of("transposed")
    cases.append(
        (
            "transposed_computed",
            {
                "dy": r.standard_normal((1, 5, 5, 4)).astype(f32),
                "sizes": np.array([1, 10, 9, 3], np.int32),
                "v": r.standard_normal((1, 3, 4, 3, 2)).astype(f32),
                "sizes3": np.array([1, 6, 8, 5, 3], np.int32),
            },
            lambda dy, sizes, v, sizes3: [
                tf.compat.v1.nn.conv2d_backprop_input(
                    sizes, tf.constant(r.standard_normal((3, 3, 3, 4)).astype(f32)), dy, [1, 2, 2, 1], "SAME"
                ),
                tf.compat.v1.nn.conv2d_backprop_input(
                    tf.add(sizes, [0, 1, 1, 0]),
                    tf.constant(r.standard_normal((2, 2, 3, 4)).astype(f32)),
                    dy,
                    [1, 2, 2, 1],
                    "VALID",
                ),
                tf.raw_ops.Conv3DBackpropInputV2(
                    input_sizes=sizes3,
                    filter=tf.constant(r.standard_normal((3, 3, 3, 3, 2)).astype(f32)),
                    out_backprop=v,
                    strides=[1, 2, 2, 2, 1],
                    padding="SAME",
                ),
                tf.raw_ops.Conv3DBackpropInputV2(
                    input_sizes=[1, 4, 5, 4, 3],
                    filter=tf.constant(r.standard_normal((2, 2, 2, 3, 2)).astype(f32)),
                    out_backprop=v,
                    strides=[1, 1, 1, 1, 1],
                    padding="VALID",
                ),
            ],
        )
    )
    r = rng_of("segments")
    m = tf.math
    cases.append(
        (
            "segments",
            {
                "d": r.standard_normal((6, 2, 3)).astype(f32),
                "ids": np.array([0, 0, 2, 2, 2, 3], np.int32),
                "free": np.array([[1, 3], [0, 1], [4, 1]], np.int64),
                "n": np.array(6, np.int32),
                "k": r.integers(-9, 9, (6, 2)).astype(np.int32),
                "pick": np.array([2, 0, 1, 3, 5, 4, 3], np.int32),
                "by": np.array([0, 0, 0, 1, 3, 3, 4], np.int64),
            },
            lambda d, ids, free, n, k, pick, by: [
                m.segment_sum(d, ids),
                m.segment_mean(d, ids),
                m.segment_prod(d, ids),
                m.segment_max(d, ids),
                m.segment_min(k, ids),
                m.unsorted_segment_sum(d, ids[::-1], n),
                m.unsorted_segment_prod(k, ids, 5),
                m.unsorted_segment_max(d, ids, 5),
                m.unsorted_segment_min(k, ids, n),
                m.unsorted_segment_sum(tf.reshape(d, [3, 2, 2, 3]), free, 5),
                tf.sparse.segment_sum(d, pick, by),
                tf.sparse.segment_mean(d, pick, by),
                tf.sparse.segment_sqrt_n(d, pick, by),
                tf.sparse.segment_sum(k, pick, by, num_segments=7),
                tf.sparse.segment_mean(d, pick, by, num_segments=n),
                tf.sparse.segment_sqrt_n(d, pick, by, num_segments=6),
            ],
        )
    )
    # Unsorted segments of negative ids (their rows dropped, as TensorFlow drops them), ids of two axes, int8 data,
    # and data of dims the graph leaves open (the mask below the opset of a scatter's reduction takes any shape).
    r = rng_of("segments_dropped")
    cases.append(
        (
            "segments_dropped",
            {
                "d": r.standard_normal((6, 2)).astype(f32),
                "ids": np.array([0, -1, 2, -3, 2, 1], np.int32),
                "grid": np.array([[1, -1], [0, 2], [-2, 1]], np.int64),
                "k": r.integers(-100, 100, (6,)).astype(np.int8),
                "u": (r.standard_normal((6, 3)).astype(f32), [None, None]),
            },
            lambda d, ids, grid, k, u: [
                m.unsorted_segment_sum(d, ids, 3),
                m.unsorted_segment_prod(d, ids, 4),
                m.unsorted_segment_max(u, ids, 3),
                m.unsorted_segment_min(d, ids, 3),
                m.unsorted_segment_sum(tf.reshape(d, [3, 2, 2]), grid, 3),
                m.unsorted_segment_sum(k, ids, 3),
                m.segment_max(u, tf.constant([0, 0, 1, 3, 3, 3])),
                tf.sparse.segment_mean(u, tf.constant([0, 2, 4]), tf.constant([0, 0, 1])),
            ],
        )
    )
    r = rng_of("counting")
    cases.append(
        (
            "counting_and_boxes",
            {
                "x": (r.uniform(0.5, 2.0, (3, 4))).astype(f32),
                "n": np.array([5, 2, 3, 1, 3, 2, 7, 5, 9, 10], np.int32),
                "rows": np.array([[5, 2, 3, 1, 3], [2, 7, 5, 9, 10]], np.int32),
                "w": r.uniform(0, 3, (2, 5)).astype(f32),
                "boxes": r.random((10, 4)).astype(f32),
                "scores": r.random(10).astype(f32),
                "image": r.uniform(0, 10, (2, 6, 7, 3)).astype(f32),
            },
            lambda x, n, rows, w, boxes, scores, image: [
                tf.math.cumprod(x, 0),
                tf.math.cumprod(x, 1, exclusive=True),
                tf.math.cumprod(x, 1, reverse=True),
                tf.math.cumprod(x, -1, exclusive=True, reverse=True),
                tf.compat.v2.math.bincount(n),
                tf.compat.v2.math.bincount(rows, axis=-1, binary_output=True),
                tf.compat.v2.math.bincount(rows, weights=w, axis=-1, maxlength=8),
                tf.compat.v2.math.bincount(n, minlength=14),
                tf.raw_ops.NonMaxSuppressionV2(boxes=boxes, scores=scores, max_output_size=5, iou_threshold=0.5),
                tf.image.non_max_suppression(boxes, scores, 4, 0.3, score_threshold=0.2),
                *tf.raw_ops.NonMaxSuppressionV4(
                    boxes=boxes,
                    scores=scores,
                    max_output_size=8,
                    iou_threshold=0.4,
                    score_threshold=0.1,
                    pad_to_max_output_size=True,
                ),
                *tf.raw_ops.NonMaxSuppressionV5(
                    boxes=boxes,
                    scores=scores,
                    max_output_size=6,
                    iou_threshold=0.5,
                    score_threshold=0.1,
                    soft_nms_sigma=0.0,
                    pad_to_max_output_size=True,
                ),
                *tf.compat.v2.nn.max_pool_with_argmax(image, 2, 2, "VALID"),
                *tf.compat.v2.nn.max_pool_with_argmax(image, 3, 2, "SAME", include_batch_in_index=True),
            ],
        )
    )
    r = rng_of("signal")
    sig = tf.signal
    cases.append(
        (
            "signal",
            {"x": r.standard_normal((3, 8)).astype(f32), "y": r.standard_normal((2, 4, 6)).astype(f32)},
            lambda x, y: [
                tf.abs(sig.rfft(x)),
                tf.math.real(sig.rfft(x, [5])),
                tf.math.imag(sig.rfft(x, [12])),
                tf.abs(sig.rfft2d(y)),
                tf.math.real(sig.rfft2d(y, [3, 8])),
                tf.abs(sig.fft(tf.cast(x, tf.complex64))),
                tf.math.imag(sig.ifft(tf.complex(x, -x))),
                tf.math.real(sig.fft2d(tf.complex(y, y[:, :1]))),
                tf.math.imag(sig.ifft2d(tf.complex(y, tf.ones_like(y)))),
                tf.abs(tf.complex(x, x * 2.0) * tf.complex(x + 1.0, -x) + tf.complex(x, x) - tf.complex(x, 0.5 * x)),
                tf.math.real(-tf.complex(x, x)),
                tf.cast(sig.fft(tf.complex(x, x)), tf.float32),
            ],
            {"opset": 17},
        )
    )
    r = rng_of("batch_norms")
    v1 = tf.compat.v1.nn
    cases.append(
        (
            "batch_norms",
            {"x": r.standard_normal((2, 5, 6, 3)).astype(f32), "v": r.standard_normal((2, 3, 4, 5, 2)).astype(f32)},
            lambda x, v: [
                *v1.fused_batch_norm(
                    x, tf.constant([0.5, 1.5, 2.0]), tf.constant([0.1, -0.2, 0.3]), epsilon=0.01, is_training=True
                ),
                v1.fused_batch_norm(
                    v,
                    tf.constant([0.5, 1.5]),
                    tf.constant([0.1, -0.2]),
                    tf.constant([0.3, -0.1]),
                    tf.constant([1.2, 0.7]),
                    epsilon=0.001,
                    is_training=False,
                    data_format="NDHWC",
                )[0],
                v1.fused_batch_norm(
                    v, tf.constant([0.5, 1.5]), tf.constant([0.1, -0.2]), is_training=True, data_format="NDHWC"
                )[0],
                *tf.raw_ops.FusedBatchNormV3(
                    x=x,
                    scale=[1.0, 2.0, 3.0],
                    offset=[0.0, 0.5, -0.5],
                    mean=[0.1, 0.2, 0.3],
                    variance=[1.0, 2.0, 0.5],
                    epsilon=0.001,
                    exponential_avg_factor=0.3,
                    is_training=True,
                )[:3],
                v1.fused_batch_norm(
                    tf.cast(x, tf.float16),
                    tf.constant([0.5, 1.5, 2.0]),
                    tf.constant([0.1, -0.2, 0.3]),
                    is_training=True,
                )[0],
            ],
        )
    )
    r = rng_of("crops")
    cases.append(
        (
            "crop_and_resize",
            {
                "image": r.uniform(0, 255, (2, 12, 10, 3)).astype(f32),
                "boxes": np.array([[0.5, 0.7, 0.7, 0.9], [0.1, 0.2, 0.8, 0.6], [0.2, 0.4, 1.2, 1.4]], f32),
                "which": np.array([1, 0, 0], np.int32),
                "size": np.array([5, 7], np.int32),
            },
            lambda image, boxes, which, size: [
                tf.image.crop_and_resize(image, boxes, which, size),
                tf.image.crop_and_resize(image, boxes, which, [4, 1], method="nearest"),
                tf.image.crop_and_resize(image, boxes, which, [1, 6], extrapolation_value=-1.0),
                tf.image.crop_and_resize(tf.cast(image, tf.uint8), boxes[:2], which[:2], size, method="nearest"),
            ],
        )
    )
    cases.append(
        (
            "ragged_range",
            {
                "a": np.array([0, 0, 1, 10, 0.5, 0.5], f32),
                "b": np.array([-5, -2, 7, 100, 1, 1], f32),
                "c": np.array([-1, 1, 2, 20, 1, 1.1], f32),
                "s": np.array([5, -1, 2, 7, 100, 4], np.int32),
                "t": np.array([0, 3, -1, 9, 10, 2], np.int32),
            },
            lambda a, b, c, s, t: [
                *(lambda r: (r.row_splits, r.flat_values))(tf.ragged.range(a, b, c)),
                *(lambda r: (r.row_splits, r.flat_values))(tf.ragged.range(0, s, 3)),
                *(lambda r: (r.row_splits, r.flat_values))(tf.ragged.range(t, s, tf.constant([1, 2, -1, -3, 4, 1]))),
            ],
        )
    )
    r = rng_of("scatter_and_stitch")
    cases.append(
        (
            "scatter_and_stitch",
            {
                "t": r.standard_normal((4, 3)).astype(f32),
                "i": np.array([[1], [3], [1]], np.int32),
                "u": r.standard_normal((3, 3)).astype(f32),
                "n": r.integers(-9, 9, (5, 2)).astype(np.int32),
                "pieces": np.array([0, 2, 1, 2, 0], np.int32),
                "where": np.array([[0, 1], [1, 1], [2, 0]], np.int64),
            },
            lambda t, i, u, n, pieces, where: [
                tf.tensor_scatter_nd_max(t, i, u),
                tf.tensor_scatter_nd_min(t, i, u),
                tf.sparse.to_dense(tf.sparse.SparseTensor(where[:2], [5.0, 6.0], [3, 4]), default_value=-1.0),
                tf.raw_ops.SparseToDense(sparse_indices=where, output_shape=[3, 2], sparse_values=7, default_value=0),
                tf.raw_ops.SparseToDense(
                    sparse_indices=[0, 2, 4], output_shape=[6], sparse_values=[1.5, 2.5, 3.5], default_value=0.5
                ),
                tf.dynamic_stitch(
                    [tf.constant([0, 3]), tf.constant([[1, 2, 4]])], [n[:2], tf.reshape(n[2:], [1, 3, 2])]
                ),
                tf.dynamic_stitch([tf.constant([1, 0, 1])], [t[:3]]),
                *tf.dynamic_partition(n, pieces, 3),
            ],
        )
    )
    r = rng_of("space_computed")
    cases.append(
        (
            "space_batch_computed",
            {
                "x": (r.standard_normal((2, 4, 6, 3)).astype(f32), [None, None, None, 3]),
                "pads": np.array([[1, 1], [2, 0]], np.int64),
                "y": r.standard_normal((8, 3, 2, 2)).astype(f32),
                "crops": np.array([[1, 0], [0, 3]], np.int32),
                "v": r.standard_normal((1, 4, 8, 3, 2)).astype(f32),
            },
            lambda x, pads, y, crops, v: [
                tf.space_to_batch_nd(x, [2, 2], pads),
                tf.compat.v1.batch_to_space_nd(y, [2, 2], crops),
                tf.space_to_batch_nd(v, [2], pads[:1]),
                tf.compat.v1.batch_to_space_nd(tf.space_to_batch_nd(x, [2, 2], pads), [2, 2], pads),
            ],
        )
    )
    r = rng_of("combined_nms")
    cases.append(
        (
            "combined_nms",
            {
                "boxes": (r.random((4, 10, 1, 4)) * 2 - 0.5).astype(f32),
                "scores": r.random((4, 10, 2)).astype(f32),
            },
            lambda boxes, scores: [
                *tf.image.combined_non_max_suppression(
                    boxes, scores, 3, 9, iou_threshold=0.5, score_threshold=0.1, pad_per_class=True, clip_boxes=True
                ),
                *tf.image.combined_non_max_suppression(
                    boxes, scores, 3, 9, iou_threshold=0.5, score_threshold=0.1, pad_per_class=False, clip_boxes=False
                ),
                *tf.image.combined_non_max_suppression(boxes, scores, 6, 25, iou_threshold=0.3, score_threshold=0.4),
            ],
        )
    )
    r = rng_of("ctc")
    cases.append(
        (
            "ctc_greedy",
            {
                "x": r.uniform(size=(6, 4, 5)).astype(f32),
                "n": np.array([5, 6, 4, 0], np.int32),
                "y": np.log(r.uniform(size=(5, 3, 3))).astype(f32),
            },
            lambda x, n, y: [
                *(lambda d: (d[0][0].indices, d[0][0].values, d[0][0].dense_shape, d[1]))(
                    tf.nn.ctc_greedy_decoder(x, n, merge_repeated=False)
                ),
                *(lambda d: (d[0][0].indices, d[0][0].values, d[0][0].dense_shape, d[1]))(
                    tf.nn.ctc_greedy_decoder(x, n, merge_repeated=True)
                ),
                *(lambda d: (d[0][0].indices, d[0][0].values, d[0][0].dense_shape, d[1]))(
                    tf.nn.ctc_greedy_decoder(y, [5, 2, 4], merge_repeated=True, blank_index=0)
                ),
            ],
        )
    )
    r = rng_of("ragged")
    cases.append(
        (
            "ragged_tensors",
            {
                "s1": np.array([0, 1, 1, 5], np.int32),
                "s2": np.array([0, 3, 3, 5, 9, 10], np.int32),
                "v": np.arange(10, 20).astype(f32),
                "w": r.standard_normal((10, 2, 3)).astype(f32),
                "i1": np.array([0, 0, 0, 2, 2], np.int32),
                "i2": np.array([0, 0, 2, 2, 2, 3, 3, 4], np.int32),
                "u": r.standard_normal((8, 2)).astype(f32),
            },
            lambda s1, s2, v, w, i1, i2, u: [
                *(lambda t: (t.indices, t.values, t.dense_shape))(
                    tf.RaggedTensor.from_nested_row_splits(v, [s1, s2]).to_sparse()
                ),
                tf.RaggedTensor.from_nested_row_splits(v, [s1, s2]).to_tensor(default_value=7),
                tf.RaggedTensor.from_nested_row_splits(w, [s1, s2]).to_tensor(
                    default_value=7, shape=[5, None, 2, None, 3]
                ),
                tf.RaggedTensor.from_nested_row_splits(v, [s1, s2]).to_tensor(shape=[2, 2, 3]),
                tf.RaggedTensor.from_nested_value_rowids(u, [i1, i2], [4, 5]).to_tensor(default_value=-1),
                tf.RaggedTensor.from_row_splits(v, [0, 4, 4, 10]).to_tensor(),
            ],
        )
    )
    cases.append(
        (
            "sets_and_sparse_shapes",
            {
                "a": np.array([[10, 2, 30, 2, 5], [10, 9, 1, 9, 3]], np.int32),
                "b": np.array([[4, 5, 10, 8, 9], [1, 4, 1, 1, 5]], np.int32),
                "i": np.array([[1, 0, 0], [1, 0, 2], [1, 1, 3], [3, 2, 2], [3, 2, 3]], np.int64),
                "shape": np.array([5, 3, 4], np.int64),
                "new": np.array([2, -1, 1, 3], np.int64),
            },
            lambda a, b, i, shape, new: [
                *(lambda t: (t.indices, t.values, t.dense_shape))(tf.sets.union(a, b)),
                *(lambda t: (t.indices, t.values, t.dense_shape))(tf.sets.intersection(a, b)),
                *(lambda t: (t.indices, t.values, t.dense_shape))(tf.sets.difference(a, b)),
                *(lambda t: (t.indices, t.values, t.dense_shape))(tf.sets.difference(a, b, aminusb=False)),
                *(lambda t: (t.indices, t.dense_shape))(
                    tf.sparse.reshape(tf.SparseTensor(i, tf.ones([5]), shape), new)
                ),
                *(lambda t: (t.indices, t.dense_shape))(
                    tf.sparse.reshape(tf.SparseTensor(i, tf.ones([5]), shape), [6, 10])
                ),
            ],
        )
    )
    r = rng_of("colours")
    cases.append(
        (
            "colours_patches_strings",
            {
                "rgb": np.array(
                    [[1, 2, 3], [4, 4, 4], [10, 2, 1], [10, 1, 2], [4, 6, 5], [5, 6, 4], [1, 3, 2], [3, 5, 3]], f32
                ).reshape([2, 4, 3])
                / 10.0,
                "delta": np.array(-0.3, f32),
                "image": r.standard_normal((2, 7, 8, 3)).astype(f32),
                "x": r.standard_normal((2, 10, 3)).astype(f32),
                "kernel": r.standard_normal((4, 3, 5)).astype(f32),
                "pad": np.zeros((3, 2), np.int64),
                "n": np.array([0, -12, 345], np.int64),
                "words": np.array([b"123", b"-4.5", b"7e2"], dtype=object),
            },
            lambda rgb, delta, image, x, kernel, pad, n, words: [
                tf.image.adjust_hue(rgb, 0.4),
                tf.image.adjust_hue(rgb, delta),
                tf.image.adjust_saturation(rgb, 2.1),
                tf.image.adjust_saturation(rgb, 0.5),
                tf.image.extract_patches(image, [1, 3, 2, 1], [1, 2, 1, 1], [1, 1, 1, 1], "VALID"),
                tf.image.extract_patches(image, [1, 2, 3, 1], [1, 1, 2, 1], [1, 2, 1, 1], "SAME"),
                tf.nn.conv1d(x, tf.pad(kernel, pad), stride=1, padding="VALID"),
                tf.nn.conv1d(x, tf.pad(kernel, pad), stride=2, padding="SAME"),
                tf.strings.as_string(n),
                tf.strings.as_string(n > 0),
                tf.strings.to_number(words),
                tf.strings.to_number(words[:1], tf.int64),
            ],
        )
    )
    r = rng_of("area")
    cases.append(
        (
            "area_and_shuffle",
            {"x": r.uniform(0, 10, (2, 5, 7, 3)).astype(f32), "rows": r.standard_normal((6, 2)).astype(f32)},
            lambda x, rows: [
                tf.compat.v1.image.resize_area(x, [10, 14]),
                tf.compat.v1.image.resize_area(x, [3, 4]),
                tf.compat.v1.image.resize_area(x, [4, 9], align_corners=True),
                tf.compat.v1.image.resize_area(tf.cast(x, tf.int32), [7, 5]),
                tf.sort(tf.random.shuffle(rows), axis=0),
            ],
        )
    )
    r = rng_of("inverse")
    cases.append(
        (
            "inverse_and_empty_rows",
            {
                "m": r.standard_normal((3, 5, 5)).astype(f32),
                "i": np.array([[1, 0, 0], [1, 0, 2], [1, 1, 3], [3, 2, 2], [3, 2, 3]], np.int64),
                "v": np.array([1.5, 1.6, 1.7, 1.8, 1.9], f32),
                "shape": np.array([5, 3, 4], np.int64),
            },
            lambda m, i, v, shape: [
                tf.linalg.inv(m),
                tf.linalg.inv(m, adjoint=True),
                tf.linalg.inv(tf.constant([[0.0, 2.0], [3.0, 1.0]])),
                *(lambda result: (result[0].indices, result[0].values, result[1]))(
                    tf.sparse.fill_empty_rows(tf.SparseTensor(i, v, shape), 2.5)
                ),
                tf.raw_ops.SparseFillEmptyRows(
                    indices=tf.constant([[2, 1], [0, 0], [2, 0]], tf.int64),
                    values=[1, 2, 3],
                    dense_shape=tf.constant([4, 2], tf.int64),
                    default_value=-1,
                )[3],
            ],
        )
    )
    r = rng_of("forms")
    cases.append(
        (
            "other_forms",
            {
                "x": r.standard_normal((3, 4)).astype(f32),
                "free": (r.standard_normal((3, 4)).astype(f32), [None, None]),
                "v": (r.standard_normal(3).astype(f32), [None]),
                "boxes": r.random((6, 4)).astype(f32),
                "scores": r.random(6).astype(f32),
                "d": r.standard_normal((2, 3)),
            },
            lambda x, free, v, boxes, scores, d: [
                tf.raw_ops.ClipByValue(t=x, clip_value_min=-0.5, clip_value_max=tf.abs(x) * 0.5),
                tf.quantization.fake_quant_with_min_max_args(x, 0.5, 2.0),
                tf.quantization.fake_quant_with_min_max_args(x, -3.0, -1.0),
                tf.raw_ops.Bucketize(input=x, boundaries=[]),
                tf.raw_ops.NonMaxSuppression(boxes=boxes, scores=scores, max_output_size=3, iou_threshold=0.4),
                tf.raw_ops.MatrixDiagPart(input=free),
                tf.raw_ops.MatrixDiag(diagonal=v),
                tf.math.real(tf.cast(tf.complex(d, -d), tf.complex64)),
                tf.shape(tf.random.uniform([2, 3], dtype=tf.float16)),
                tf.shape(tf.random.categorical(tf.cast(x, tf.float64), 2)),
                tf.reverse(tf.shape(x), [0]),
                tf.roll(tf.zeros([0, 3]), 1, 0),
                tf.math.cumprod(tf.zeros([2, 0]), 1),
            ],
        )
    )
    r = rng_of("kernels")
    cases.append(
        (
            "runtime_types",
            {
                "a": r.standard_normal((2, 3)).astype(f32),
                "c": r.random((2, 3)) > 0.5,
                "p": r.integers(-50, 50, (1, 4, 4, 2)).astype(np.int32),
                "q": r.integers(-9, 9, (2, 3, 4)).astype(np.int16),
            },
            lambda a, c, p, q: [
                tf.cast(tf.cast(a, tf.bfloat16) + tf.cast(a * 2.0, tf.bfloat16), tf.float32),
                tf.where(c, c, tf.logical_not(c)),
                nn.max_pool2d(p, 2, 2, "VALID"),
                tf.matmul(q, q, transpose_b=True),
                tf.cast(tf.sinh(tf.cast(a, tf.bfloat16)), tf.float32),
            ],
        )
    )
    r = rng_of("random")
    cases.append(
        (
            "random",
            {"dims": np.array([3, 5], np.int32), "logits": r.standard_normal((2, 4)).astype(f32)},
            lambda dims, logits: [
                tf.random.uniform([2, 3], seed=1),
                tf.random.normal(dims, seed=2),
                tf.random.uniform(dims, 3, 9, tf.int32),
                tf.random.uniform([4], -5, 5, tf.int64),
                tf.random.categorical(logits, 5, seed=3),
            ],
            {"compare": "shape"},
        )
    )

    # tf.image.sample_distorted_bounding_box where the draws decide nothing, compared value for value: a cover no
    # crop reaches (the whole image), an area and an aspect ratio that leave one crop size (through the kernel's
    # rounding, its too-wide fix, no boxes given), an int64 and a uint8 image size, the V1 op.
    def crop(size, boxes, **attrs):
        attrs.setdefault("min_object_covered", 0.1)
        attrs.setdefault("aspect_ratio_range", [1.5, 1.5])
        return tf.image.sample_distorted_bounding_box(size, boxes, **attrs)

    r = rng_of("random_crop_forced")
    corner = np.array([[[0, 0, 0.1, 0.1], [0.9, 0.9, 1, 1]]], np.float32)
    cases.append(
        (
            "random_crop_forced",
            {
                "size": np.array([200, 300, 3], np.int32),
                "boxes": (r.random((2, 3, 4)) * 0.5 + np.array([0, 0, 0.5, 0.5])).astype(f32),
                "none": np.zeros((1, 0, 4), f32),
                "narrow": np.array([7, 5, 1], np.int64),
            },
            lambda size, boxes, none, narrow: [
                *crop(size, boxes, min_object_covered=1.5),
                *crop(size, corner, area_range=[1.0, 1.0]),
                crop(size, boxes, area_range=[0.25, 0.25], min_object_covered=0.0)[1],
                crop(size, none, area_range=[0.25, 0.25], min_object_covered=0.2, use_image_if_no_bounding_boxes=True)[
                    1
                ],
                *crop(size, none, area_range=[0.25, 0.25], min_object_covered=0.3, use_image_if_no_bounding_boxes=True),
                *crop(narrow, corner, area_range=[0.5, 1.0], aspect_ratio_range=[3.0, 3.0], max_attempts=5),
                *crop(tf.cast(size // 2, tf.uint8), corner, area_range=[1.0, 1.0], min_object_covered=0.0),
                *tf.raw_ops.SampleDistortedBoundingBox(
                    image_size=size, bounding_boxes=boxes, min_object_covered=2.0, area_range=[0.1, 0.9]
                ),
            ],
        )
    )
    # The suite's crop (80% of a box in a corner) and one of the whole image's any part, each drawn 400 times in
    # TensorFlow: the test draws as many from the model and compares.
    cases.append(
        (
            "random_crop",
            {"size": np.array([200, 300, 3], np.int32), "boxes": corner, "none": np.zeros((1, 0, 4), f32)},
            lambda size, boxes, none: [
                *crop(size, boxes, min_object_covered=0.8, aspect_ratio_range=[0.05, 3], area_range=[0.05, 1]),
                *crop(
                    size,
                    none,
                    min_object_covered=0.0,
                    aspect_ratio_range=[0.5, 2],
                    area_range=[0.05, 1],
                    use_image_if_no_bounding_boxes=True,
                ),
            ],
            {"compare": "draws", "draws": 400},
        )
    )
    # tf.map_fn over a ragged tensor: its rows encoded (RaggedTensorToVariant), each decoded in the loop's body and
    # encoded again, the results decoded into one ragged dimension; float rows of a fed shape, int32 rows of ones.
    cases.append(
        (
            "ragged_map",
            {
                "splits": np.array([0, 3, 3, 5, 9, 10], np.int32),
                "values": (np.arange(60, dtype=f32).reshape(10, 3, 2), [None, 3, 2]),
                "splits64": np.array([0, 2, 2, 7], np.int64),
            },
            lambda splits, values, splits64: [
                *_mapped(tf.RaggedTensor.from_row_splits(values, splits), lambda row: row + row * row),
                *_mapped(tf.RaggedTensor.from_row_splits(tf.ones([7, 2], tf.int32), splits64), lambda row: row * 3),
            ],
        )
    )
    # Einsum equations as Keras writes them (EinsumDense, attention, rotary embeddings, grouped queries), each
    # converted as a MatMul, beside some that stay Einsum (an ellipsis, a letter summed in one operand alone).
    r = rng_of("einsum_matmul")
    cases.append(
        (
            "einsum_matmul",
            {
                "x": (r.standard_normal((2, 5, 6)).astype(f32), [None, None, 6]),
                "w": r.standard_normal((6, 3, 4)).astype(f32),
                "h": (r.standard_normal((2, 5, 3, 4)).astype(f32), [None, 5, 3, 4]),
                "k": r.standard_normal((2, 7, 3, 4)).astype(f32),
                "p": r.standard_normal((2, 3, 5, 7)).astype(f32),
                "t": (r.standard_normal((5,)).astype(f32), [None]),
                "g": r.standard_normal((2, 5, 2, 3, 4)).astype(f32),
            },
            lambda x, w, h, k, p, t, g: [
                tf.einsum("abc,cde->abde", x, w),
                tf.einsum("abcd,cde->abe", h, tf.transpose(w, [1, 2, 0])),
                tf.einsum("abc,dce->abde", x, tf.transpose(w, [1, 0, 2])),
                tf.einsum("BTNH,BSNH->BNTS", h, k),
                tf.einsum("BNTS,BSNH->BTNH", p, k),
                tf.einsum("ab,c->abc", tf.reshape(t, [1, -1]), t[:3]),
                tf.einsum("abcde,aebf->adbcf", tf.transpose(g, [0, 2, 3, 1, 4]), k[:, :4, :2]),
                tf.einsum("...ij,jk->...ik", h, tf.transpose(w[0])),
                tf.einsum("ij,k->i", tf.reshape(t, [1, -1]), t),
            ],
        )
    )
    # tf.strings.lower/upper of no encoding: ASCII letters alone change (É, ß and ♠ as they are), any shape.
    cases.append(
        (
            "string_case",
            {
                "text": np.array([["a", "Test 1 2 3", "♠♣"], ["Hi thère", "ÉCOLE ß", "mIxEd"]], dtype=object),
                "flat": (np.array(["One", "TWO", "three"], dtype=object), [None]),
            },
            lambda text, flat: [
                tf.strings.lower(text),
                tf.strings.upper(text),
                tf.strings.upper(flat),
                tf.strings.lower(tf.reshape(text, [1, 2, 3])),
            ],
        )
    )
    # tf.gather of a ragged tensor (RaggedGather): one and two ragged levels, an empty row picked, rows repeated.
    r = rng_of("ragged_gather")
    cases.append(
        (
            "ragged_gather",
            {
                "splits": np.array([0, 3, 3, 5, 9, 10], np.int32),
                "values": r.standard_normal((10, 2)).astype(f32),
                "outer": np.array([0, 2, 2, 5], np.int64),
                "inner": np.array([0, 1, 3, 3, 4, 7], np.int64),
                "flat": r.integers(-9, 9, (7,)).astype(np.int32),
                "picks": np.array([1, 3, 2, 0, 1, 1, 4, 3, 3], np.int32),
                "two": np.array([2, 0, 1], np.int64),
            },
            lambda splits, values, outer, inner, flat, picks, two: [
                *(lambda g: [g.row_splits, g.flat_values])(
                    tf.gather(tf.RaggedTensor.from_row_splits(values, splits, validate=False), picks)
                ),
                *(lambda g: [*g.nested_row_splits, g.flat_values])(
                    tf.gather(tf.RaggedTensor.from_nested_row_splits(flat, [outer, inner], validate=False), two)
                ),
            ],
        )
    )
    # XLA's slices, as Keras 3's TensorFlow backend writes slice_update (Swin's attention mask): starts constant and
    # fed, one past the end (XLA clamps it), an input of unknown dims, int32 values as Swin's.
    from tensorflow.compiler.tf2xla.python import xla

    r = rng_of("xla_slices")
    cases.append(
        (
            "xla_slices",
            {
                "x": (r.standard_normal((4, 6, 5)).astype(f32), [None, None, 5]),
                "u": r.standard_normal((2, 3, 5)).astype(f32),
                "start": np.array([3, 5, -2], np.int32),
                "k": r.integers(-9, 9, (3, 4)).astype(np.int32),
            },
            lambda x, u, start, k: [
                xla.dynamic_update_slice(x, u, [1, 2, 0]),
                xla.dynamic_update_slice(x, u, start),
                xla.dynamic_update_slice(k, tf.ones([2, 2], tf.int32) * 7, tf.constant([2, 3], tf.int64)),
                xla.dynamic_slice(x, start, [2, 3, 5]),
                xla.dynamic_slice(x, [1, 1, 1], [3, 2, 2]),
            ],
        )
    )
    # Bicubic resizing as each TensorFlow API asks for it (legacy corners, aligned corners, half-pixel centers: Keys'
    # kernel with the outside taps dropped), up and down, of floats and of bytes; MaxPoolV2 (ksize, strides inputs).
    r = rng_of("bicubic_pool_v2")
    cases.append(
        (
            "bicubic_pool_v2",
            {
                "x": r.standard_normal((2, 5, 6, 3)).astype(f32),
                "pixels": r.integers(0, 256, (1, 4, 4, 1)).astype(np.uint8),
            },
            lambda x, pixels: [
                tf.image.resize_bicubic(x, [8, 9]),
                tf.image.resize_bicubic(x, [3, 4], align_corners=True),
                tf.image.resize_bicubic(x, [7, 11], half_pixel_centers=True),
                tf.image.resize_bicubic(x, [2, 3], half_pixel_centers=True),
                tf.image.resize_bicubic(pixels, [6, 5], half_pixel_centers=True),
                tf.raw_ops.MaxPoolV2(input=x, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="SAME"),
                tf.raw_ops.MaxPoolV2(input=x, ksize=[1, 3, 3, 1], strides=[1, 1, 2, 1], padding="VALID"),
            ],
        )
    )
    # Strings from opset 20 (RegexFullMatch, StringConcat, StringSplit): RE2 patterns, a pattern as a tensor, a join
    # of a vector, a scalar and a vector, splits on one and two characters, at most one split, empty strings.
    cases.append(
        (
            "strings_20",
            {"text": np.array(["a,b,c", "", "x,,y", "abc", "ab12ab", ",", "A\nC"], dtype=object)},
            lambda text: [
                tf.strings.regex_full_match(text, "a.c"),
                tf.strings.regex_full_match(text, "(?i)[a-c,]+"),
                tf.raw_ops.RegexFullMatch(input=text, pattern=tf.constant("x.*")),
                tf.strings.join([text, "-", text], separator="+"),
                tf.strings.join([text, text]),
                *tf.raw_ops.StringSplitV2(input=text, sep=",", maxsplit=-1),
                *tf.raw_ops.StringSplitV2(input=text, sep="ab", maxsplit=-1),
                *tf.raw_ops.StringSplitV2(input=text, sep=",", maxsplit=1),
            ],
            {"opset": 20},
        )
    )
    # Binary searches (UpperBound, LowerBound) as TensorFlow's kernel runs std::upper_bound and lower_bound: sorted
    # rows with ties, values on, between and past them and NaN, rows that are not sorted (the bisection's own answer),
    # int32 and uint8 rows, an int64 out_type, rows of a length the graph leaves open, rows of no element, and
    # tf.searchsorted of a 3-D batch (reshaped to rows).
    r = rng_of("search_sorted")
    cases.append(
        (
            "search_sorted",
            {
                "rows": np.sort(r.integers(0, 8, (3, 9)), axis=1).astype(f32),
                "probe": np.concatenate([r.integers(-1, 10, (3, 6)).astype(f32), np.full((3, 1), np.nan, f32)], 1),
                "shuffled": r.integers(0, 9, (2, 13)).astype(np.int32),
                "asked": r.integers(-1, 10, (2, 5)).astype(np.int32),
                "fed": (np.sort(r.standard_normal((2, 5)), axis=1).astype(f32), [None, None]),
                "cube": np.sort(r.standard_normal((2, 3, 4)), axis=-1).astype(f32),
                "pixels": np.sort(r.integers(0, 256, (1, 6)), axis=1).astype(np.uint8),
            },
            lambda rows, probe, shuffled, asked, fed, cube, pixels: [
                tf.raw_ops.UpperBound(sorted_inputs=rows, values=probe),
                tf.raw_ops.LowerBound(sorted_inputs=rows, values=probe, out_type=tf.int64),
                tf.raw_ops.UpperBound(sorted_inputs=shuffled, values=asked),
                tf.raw_ops.LowerBound(sorted_inputs=shuffled, values=asked),
                tf.raw_ops.UpperBound(sorted_inputs=fed, values=probe[:2]),
                tf.raw_ops.LowerBound(sorted_inputs=tf.zeros([3, 0]), values=probe),
                tf.searchsorted(cube, cube[:, :, :2] + 0.25, side="right"),
                tf.searchsorted(cube, cube[:, :, 1:], side="left"),
                tf.raw_ops.UpperBound(sorted_inputs=pixels, values=tf.constant([[0, 9, 128, 255]], tf.uint8)),
            ],
        )
    )
    # ListDiff (tf.compat.v1.setdiff1d, as Tensordot of an unknown rank computes its free axes): floats and ints with
    # repeats, a y of no element, an x whose every element is removed, int64 places; strings from opset 19.
    r = rng_of("list_diff")
    cases.append(
        (
            "list_diff",
            {
                "x": r.integers(0, 6, (9,)).astype(f32),
                "y": np.array([1, 4, 9], f32),
                "k": r.integers(-3, 3, (7,)).astype(np.int32),
                "none": (np.zeros((0,), np.int32), [None]),
            },
            lambda x, y, k, none: [
                *tf.setdiff1d(x, y),
                *tf.setdiff1d(k, none, index_dtype=tf.int64),
                *tf.setdiff1d(k, k),
                *tf.setdiff1d(k[2:], k[:3]),
            ],
        )
    )
    cases.append(
        (
            "list_diff_strings",
            {"words": np.array(["a", "b", "", "a", "c"], dtype=object)},
            lambda words: [*tf.setdiff1d(words, tf.constant(["a", "x"]))],
            {"opset": 19},
        )
    )
    # TensorFlow's fused recurrent cells: LSTMBlockCell with the raw op's defaults (cell_clip 3) and with peepholes,
    # a clip and another forget bias; GRUBlockCell; BlockLSTM over every step and with seq_len_max fed below the
    # steps (cs and h only there: the kernel leaves the other outputs' last steps unset), of a time axis the graph
    # leaves open; BlockLSTMV2 (gates i, f, ci, o) with peepholes and a clip; a half cell.
    r = rng_of("rnn_cells")
    batch, width, units, steps = 3, 4, 5, 6

    def weights(rows, columns, dtype=f32):  # arrays, made constants of the case's graph by the ops taking them
        return (r.standard_normal((rows, columns)) * 0.5).astype(dtype)

    def vector(size, dtype=f32):
        return r.standard_normal(size).astype(dtype)

    w, b = weights(width + units, 4 * units), vector(4 * units)
    peep = [vector(units) for _ in range(3)]
    w_ru, w_c = weights(width + units, 2 * units), weights(width + units, units)
    b_ru, b_c = vector(2 * units), vector(units)
    half_w, half_b = weights(width + units, 4 * units, np.float16), vector(4 * units, np.float16)
    half_peep = [vector(units, np.float16) for _ in range(3)]
    # An LSTM's weights as each op takes them (w, the three peepholes, b), in float and in half.
    lstm = {"w": w, "wci": peep[0], "wcf": peep[1], "wco": peep[2], "b": b}
    half = {"w": half_w, "wci": half_peep[0], "wcf": half_peep[1], "wco": half_peep[2], "b": half_b}
    cases.append(
        (
            "rnn_cells",
            {
                "x": r.standard_normal((batch, width)).astype(f32),
                "cs": r.standard_normal((batch, units)).astype(f32),
                "h": r.standard_normal((batch, units)).astype(f32),
                "xs": (r.standard_normal((steps, batch, width)).astype(f32), [None, batch, width]),
                "until": np.array(4, np.int64),
            },
            lambda x, cs, h, xs, until: [
                *tf.raw_ops.LSTMBlockCell(x=x, cs_prev=cs, h_prev=h, **lstm),
                *tf.raw_ops.LSTMBlockCell(
                    x=x, cs_prev=cs, h_prev=h, **lstm, forget_bias=0.5, cell_clip=0.4, use_peephole=True
                ),
                *tf.raw_ops.GRUBlockCell(x=x, h_prev=h, w_ru=w_ru, w_c=w_c, b_ru=b_ru, b_c=b_c),
                *tf.raw_ops.BlockLSTM(seq_len_max=np.int64(steps), x=xs, cs_prev=cs, h_prev=h, **lstm, cell_clip=-1.0),
                *(lambda out: [out.cs, out.h])(
                    tf.raw_ops.BlockLSTM(
                        seq_len_max=until, x=xs, cs_prev=cs, h_prev=h, **lstm, forget_bias=0.0, use_peephole=True
                    )
                ),
                *tf.raw_ops.BlockLSTMV2(
                    seq_len_max=np.int64(steps), x=xs, cs_prev=cs, h_prev=h, **lstm, cell_clip=0.5, use_peephole=True
                ),
                *tf.raw_ops.LSTMBlockCell(
                    x=tf.cast(x, tf.float16),
                    cs_prev=tf.cast(cs, tf.float16),
                    h_prev=tf.cast(h, tf.float16),
                    **half,
                    use_peephole=True,
                ),
            ],
        )
    )
    # Lookup tables filled in the graph (StaticHashTable's LookupTableImportV2 of constants, index_to_string's of a
    # cast Range): string, int32 and int64 keys; int64, string, float, double, int32 and bool values; keys that are
    # missing, a table's size, a key given twice with one value, a default the graph computes from an input.
    cases.append(
        (
            "lookup_tables",
            {
                "words": np.array([["apple", "kiwi", "pear"], ["banana", "", "Apple"]], dtype=object),
                "ids": np.array([0, 2, 5, -1], dtype=np.int64),
                "small": np.array([[1, 3], [9, 7]], dtype=np.int32),
                "fallback": np.array(-2.5, dtype=np.float64),
            },
            lambda words, ids, small, fallback: _lookups(tf, words, ids, small, fallback),
        )
    )
    # Checks that pass a value through, raw ops no other case makes (Bincount, MatrixSetDiagV2 of a band,
    # ParallelDynamicStitch), a TensorList's length of a batch the graph leaves open, and TF 1's TensorArray sized,
    # gathered and closed, the close ordered after the reads as TensorFlow requires.
    r = rng_of("checks_and_stitches")
    cases.append(
        (
            "checks_and_stitches",
            {
                "x": (r.standard_normal((3, 4)).astype(f32), [None, 4]),
                "bins": r.integers(0, 7, (9,)).astype(np.int32),
                "w": r.uniform(0.5, 2.0, (9,)).astype(f32),
                "m": r.standard_normal((2, 3, 4)).astype(f32),
            },
            lambda x, bins, w, m: _checks_and_stitches(tf, x, bins, w, m),
        )
    )
    # Lists TensorFlow holds longer than what was written: TensorListReserve and TF 1's TensorArray of a count (a
    # constant, a fed one) written in part, stacked, gathered and measured (the items not written are zeros, "" for
    # strings); writes that grow a list (resize_if_index_out_of_bounds); writes out of order (a reversed scan);
    # loops of TF 2's and TF 1's control flow writing fewer steps than the list holds, and as many (what an RNN
    # writes: its stack is the steps alone).
    r = rng_of("lists_reserved")
    cases.append(
        (
            "lists_reserved",
            {
                "x": (r.standard_normal((3, 4)).astype(f32), [None, 4]),
                "n": np.array(3, dtype=np.int32),
                "m": np.array(2, dtype=np.int32),
                "w": np.array(["a", "bc"], dtype=object),
            },
            lambda x, n, m, w: _reserved_lists(tf, x, n, m, w),
        )
    )
    # A graph of TF 1's first releases (GraphDef version 21, before PlaceholderV2 was folded into Placeholder):
    # PlaceholderV2 inputs, and a reference-typed HashTable filled by InitializeTable, read by LookupTableFind and
    # LookupTableSize. TensorFlow no longer makes PlaceholderV2, so the graph is written at version 21 and
    # TensorFlow's outputs are those of the graph as written, imported again.
    r = rng_of("tf1_first_ops")
    cases.append(
        (
            "tf1_first_ops",
            {
                "words": np.array([["b", "zz", "a"], ["c", "a", ""]], dtype=object),
                "x": r.standard_normal((2, 3)).astype(f32),
            },
            lambda words, x: _first_ops(tf, words, x),
            {"producer": 21},
        )
    )
    return cases


def _checks_and_stitches(tf, x, bins, w, m):
    checked = tf.debugging.check_numerics(x, "x has a NaN or an infinity")
    listed = tf.raw_ops.TensorListFromTensor(tensor=x, element_shape=tf.constant([4], tf.int32))
    array, flow = tf.raw_ops.TensorArrayV3(size=tf.shape(x)[0], dtype=tf.float32, element_shape=[4])
    flow = tf.raw_ops.TensorArrayScatterV3(handle=array, indices=tf.range(tf.shape(x)[0]), value=x, flow_in=flow)
    size = tf.raw_ops.TensorArraySizeV3(handle=array, flow_in=flow)
    gathered = tf.raw_ops.TensorArrayGatherV3(
        handle=array, indices=[0, size - 1], flow_in=flow, dtype=tf.float32, element_shape=[4]
    )
    with tf.control_dependencies([size, gathered]):
        closed = tf.raw_ops.TensorArrayCloseV3(handle=array)
    with tf.control_dependencies([closed]):
        gathered, size = tf.identity(gathered), tf.identity(size)
    return [
        checked * 2.0,
        tf.ensure_shape(x + 1.0, [None, 4]),
        tf.raw_ops.TensorListLength(input_handle=listed),
        size,
        gathered,
        tf.raw_ops.Bincount(arr=bins, size=5, weights=w),  # 5 and 6 are past the last bin: left out
        tf.raw_ops.Bincount(arr=bins, size=7, weights=tf.constant([], tf.float32)),
        tf.raw_ops.MatrixSetDiagV2(input=m, diagonal=tf.ones([2, 2, 3]) * 5.0, k=tf.constant([-1, 0])),
        tf.raw_ops.MatrixSetDiagV2(input=m, diagonal=-tf.ones([2, 3]), k=tf.constant(1)),
        tf.raw_ops.ParallelDynamicStitch(
            indices=[tf.constant([0, 3]), tf.constant([[2], [1]])], data=[x[:2], tf.reshape(x[:2] * 3.0, [2, 1, 4])]
        ),
    ]


def _reserved_lists(tf, x, n, m, w):
    from tensorflow.python.ops import control_flow_util

    f32, shape = tf.float32, tf.constant([4])

    def reserve(count, element_shape=shape, dtype=f32):
        return tf.raw_ops.TensorListReserve(element_shape=element_shape, num_elements=count, element_dtype=dtype)

    def stack(handle, element_shape=shape, dtype=f32):
        return tf.raw_ops.TensorListStack(input_handle=handle, element_dtype=dtype, element_shape=element_shape)

    fed = tf.raw_ops.TensorListSetItem(input_handle=reserve(n), index=0, item=x[0])
    unknown = tf.constant(-1)
    constant = tf.raw_ops.TensorListSetItem(input_handle=reserve(5, unknown), index=0, item=x[0])
    constant = tf.raw_ops.TensorListSetItem(input_handle=constant, index=1, item=x[1] * 2.0)
    grown = reserve(0)
    for index in (0, 1):
        grown = tf.raw_ops.TensorListSetItem(
            input_handle=grown, index=index, item=x[index], resize_if_index_out_of_bounds=True
        )
    words = tf.raw_ops.TensorListSetItem(input_handle=reserve(n, unknown, tf.string), index=0, item=w)
    # Written out of order: index 2 of 4 first (the items before it not written), then 0; item 1 read as written.
    late = tf.raw_ops.TensorListSetItem(input_handle=reserve(4), index=2, item=x[2])
    late = tf.raw_ops.TensorListSetItem(input_handle=late, index=0, item=x[0])
    unwritten = tf.raw_ops.TensorListGetItem(input_handle=late, index=1, element_shape=shape, element_dtype=f32)
    array, flow = tf.raw_ops.TensorArrayV3(size=5, dtype=f32, element_shape=[4])
    for index in (0, 1):
        flow = tf.raw_ops.TensorArrayWriteV3(handle=array, index=index, value=x[index], flow_in=flow)
    size = tf.raw_ops.TensorArraySizeV3(handle=array, flow_in=flow)
    gathered = tf.raw_ops.TensorArrayGatherV3(
        handle=array, indices=tf.range(size), flow_in=flow, dtype=f32, element_shape=[4]
    )

    def written(steps, count):
        """A TensorArray of *count* items a while loop writes for *steps* steps, stacked, and its length."""

        def body(i, ta):
            return i + 1, ta.write(i, x[0] * tf.cast(i + 1, f32))

        _, ta = tf.while_loop(lambda i, ta: i < steps, body, [0, tf.TensorArray(f32, size=count, element_shape=[4])])
        if control_flow_util.ENABLE_CONTROL_FLOW_V2:  # ta.size() is the count given, not an op
            return ta.stack(), tf.raw_ops.TensorListLength(input_handle=ta.flow)
        return ta.stack(), tf.raw_ops.TensorArraySizeV3(handle=ta.handle, flow_in=ta.flow)

    loops = [*written(m, n), *written(n, n)]
    was = control_flow_util.ENABLE_CONTROL_FLOW_V2
    tf.disable_control_flow_v2()  # the same loops as TF 1 while frames of TensorArrays
    try:
        loops += [*written(m, n), *written(n, n)]
    finally:
        if was:
            tf.enable_control_flow_v2()
    return [
        stack(fed),
        tf.raw_ops.TensorListLength(input_handle=fed),
        stack(constant, unknown),
        tf.raw_ops.TensorListLength(input_handle=constant),
        stack(grown),
        tf.raw_ops.TensorListLength(input_handle=grown),
        stack(words, unknown, tf.string),
        stack(late),
        unwritten,
        tf.scan(lambda total, row: total * 0.5 + row, x, reverse=True),  # writes its last step first
        size,
        gathered,
        *loops,
    ]


def _first_ops(tf, words, x):
    table = tf.raw_ops.HashTable(key_dtype=tf.string, value_dtype=tf.int64, shared_name="first_table")
    fill = tf.raw_ops.InitializeTable(
        table_handle=table, keys=tf.constant(["a", "b", "c"]), values=tf.constant([7, -1, 3], tf.int64)
    )
    tf.add_to_collection(tf.GraphKeys.TABLE_INITIALIZERS, fill)
    return [
        tf.raw_ops.LookupTableFind(table_handle=table, keys=words, default_value=tf.constant(0, tf.int64)),
        tf.raw_ops.LookupTableSize(table_handle=table),
        tf.nn.relu(x) * 2.0,
    ]


def _lookups(tf, words, ids, small, fallback):
    """The lookups of the lookup_tables case (tables made in graph mode, filled by their initializers)."""
    from tensorflow.python.ops import lookup_ops

    def table(keys, values, default):
        return tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(keys, values), default)

    fruit = ["apple", "pear", "banana", "pear"]  # "pear" twice with one value: TensorFlow keeps it once
    ids_of = table(fruit, tf.constant([3, 1, 4, 1], tf.int64), -1)
    names = lookup_ops.index_to_string_table_from_tensor(["a", "b", "c"], default_value="UNK")
    by_int = table(tf.constant([1, 3, 7], tf.int32), tf.constant([0.5, -1.5, 2.25], tf.float32), 0.0)
    return [
        ids_of.lookup(words),
        ids_of.size(),
        names.lookup(ids),
        names.size(),
        by_int.lookup(small),
        table(tf.constant([1, 3, 7], tf.int32), tf.constant([5, 6, 7], tf.int32), -1).lookup(small),
        table(tf.constant([1, 3], tf.int32), tf.constant(["x", "y"]), "?").lookup(small),
        table(fruit[:3], tf.constant([0.25, 2.5, 1e300], tf.float64), tf.constant(0.5, tf.float64)).lookup(words),
        table(fruit[:3], tf.constant([0.25, 2.5, 1e300], tf.float64), fallback).lookup(words),
        table(fruit[:3], tf.constant([True, False, True]), False).lookup(words),
        table(fruit[:3], tf.constant(["x", "y", "z"]), "none").lookup(words),
        table(fruit[:3], tf.constant([1.5, 2.5, 3.5], tf.float32), -1.0).lookup(words[0]),
    ]


def _run_as_written(tf, graph_def, producer, feeds, outputs):
    """*graph_def* made a graph of GraphDef version *producer* in place (its placeholders PlaceholderV2, as TF 1's
    first releases wrote them), imported again and run by TensorFlow: the outputs of the graph as written."""
    graph_def.versions.producer = producer
    graph_def.versions.min_consumer = 0
    for node in graph_def.node:
        if node.op == "Placeholder":
            node.op = "PlaceholderV2"
    graph = tf.Graph()
    with graph.as_default():
        tf.import_graph_def(graph_def, name="")
        fills = [op for op in graph.get_operations() if op.type in ("InitializeTable", "InitializeTableV2")]
        with tf.Session(graph=graph) as session:
            session.run(fills)
            return session.run([t.name for t in outputs], {f"{key}:0": value for key, value in feeds.items()})


def _mapped(ragged, fn):
    """tf.map_fn of *fn* over the rows of *ragged*, the result's row splits and flat values."""
    import tensorflow as tf

    mapped = tf.map_fn(fn, ragged)
    return [mapped.row_splits, mapped.flat_values]


def _storable(value):
    """*value* as npz keeps it without pickling: strings (bytes objects from TensorFlow) as unicode text."""
    array = np.asarray(value)
    if array.dtype.kind in ("O", "S"):
        return np.vectorize(lambda item: item.decode() if isinstance(item, bytes) else str(item), otypes=[str])(array)
    return array


def zoo(folder, manifest, only=frozenset()):
    """Write the op zoo's cases (only those named in *only*, the others kept, when it names any)."""
    import tensorflow.compat.v1 as tf

    rng = np.random.default_rng(SEED + 1)
    root = os.path.join(folder, "ops")
    os.makedirs(root, exist_ok=bool(only))
    cases = dict(manifest.get("ops", {})) if only else {}
    for name, feeds, build, *extra in _zoo_cases(tf, rng):
        if only and name not in only:
            continue
        graph = tf.Graph()
        with graph.as_default():
            # A feed is an array, or (array, the shape its placeholder declares: None for an unknown rank).
            declared = {key: item if isinstance(item, tuple) else (item, item.shape) for key, item in feeds.items()}
            feeds = {key: value for key, (value, _) in declared.items()}
            placeholders = [
                tf.placeholder(tf.as_dtype(value.dtype), shape, name=key) for key, (value, shape) in declared.items()
            ]
            outputs = build(*placeholders)
            with tf.Session(graph=graph) as session:
                feed_dict = {p: feeds[k] for p, k in zip(placeholders, feeds)}
                session.run(tf.tables_initializer())  # a case's lookup tables filled, as a session's init op does
                values = session.run(outputs, feed_dict)
                # Random ops: as many runs as the case asks, stacked, for the test to compare distributions.
                count = extra[0].get("draws", 0) if extra else 0
                draws = [session.run(outputs, feed_dict) for _ in range(count)]
        graph_def = graph.as_graph_def()
        producer = extra[0].get("producer") if extra else None
        if producer is not None:
            values = _run_as_written(tf, graph_def, producer, feeds, outputs)
        with open(os.path.join(root, f"{name}.pb"), "wb") as file:
            file.write(graph_def.SerializeToString(deterministic=True))
        arrays = {f"input/{key}:0": _storable(value) for key, value in feeds.items()}
        arrays.update({f"output/{tensor.name}": _storable(value) for tensor, value in zip(outputs, values)})
        if draws:
            arrays.update(
                {f"draws/{tensor.name}": np.stack([run[i] for run in draws]) for i, tensor in enumerate(outputs)}
            )
        np.savez(os.path.join(root, f"{name}.npz"), **arrays)
        ops = sorted({op.type for op in graph.get_operations()})
        if producer is not None:
            ops = sorted({node.op for node in graph_def.node})
        cases[name] = {"inputs": [f"{key}:0" for key in feeds], "outputs": [t.name for t in outputs], "ops": ops,
                       **(extra[0] if extra else {})}  # fmt: skip
        print("ops/" + name, len(outputs), "outputs", file=sys.stderr)
    manifest["ops"] = cases
    refused = dict(manifest.get("refused", {})) if only else {}
    refused_root = os.path.join(folder, "refused")
    os.makedirs(refused_root, exist_ok=True)
    for name, feeds, build, why in _refused_cases(tf):
        if only and name not in only:
            continue
        graph = tf.Graph()
        with graph.as_default():
            placeholders = [
                tf.placeholder(tf.as_dtype(value.dtype), value.shape, name=key) for key, value in feeds.items()
            ]
            outputs = build(*placeholders)
            with tf.Session(graph=graph) as session:  # TensorFlow runs it: the graph is one it takes
                session.run(outputs, dict(zip(placeholders, feeds.values())))
        with open(os.path.join(refused_root, f"{name}.pb"), "wb") as file:
            file.write(graph.as_graph_def().SerializeToString(deterministic=True))
        refused[name] = {"inputs": [f"{key}:0" for key in feeds], "outputs": [t.name for t in outputs], "why": why}
        print("refused/" + name, file=sys.stderr)
    manifest["refused"] = refused


def _refused_cases(tf):
    """Graphs TensorFlow runs that the conversion refuses, each with what its refusal says (``why``)."""
    f32 = np.float32
    x, n = np.arange(8, dtype=f32).reshape(2, 4), np.array(3, dtype=np.int32)

    def reserved_in_body(x, n):
        # Each step makes its list anew, of a count of its own: the list leaving the loop is not the one it entered.
        def body(i, ta):
            return i + 1, tf.TensorArray(tf.float32, size=i + 2, element_shape=[4]).write(i, x[0])

        _, ta = tf.while_loop(lambda i, ta: i < n, body, [0, tf.TensorArray(tf.float32, size=n, element_shape=[4])])
        return [ta.stack()]

    def counts_per_branch(x, n):
        # Either branch gives a list of its own count: the If's one sequence would need to say which.
        fed = tf.TensorArray(tf.float32, size=n, element_shape=[4]).write(0, x[0])
        five = tf.TensorArray(tf.float32, size=5, element_shape=[4]).write(0, x[1])
        return [tf.cond(n > 2, lambda: fed, lambda: five).stack()]

    return [
        ("list_reserved_in_body", {"x": x, "n": n}, reserved_in_body, "as a list reserved in the body"),
        ("list_counts_per_branch", {"x": x, "n": n}, counts_per_branch, "different counts of items"),
    ]


if __name__ == "__main__":
    main()
