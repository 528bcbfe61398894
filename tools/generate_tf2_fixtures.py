# SPDX-License-Identifier: Apache-2.0
"""TF 2 SavedModels made by TensorFlow for the freezing, the ONNX conversion and the Session (issue 36), with what
TensorFlow's own loader gives for each signature.

Run in the TensorFlow venv (benchmarks/run.sh makes .venv-bench with TensorFlow 2.21, tf_keras and Keras 3; the
MiT model needs keras-hub too):

    .venv-bench/bin/python -m tools.generate_tf2_fixtures [--out tests/data/onnx_tf2]

Each model is seeded (weights and inputs) and saved to a folder of its own (``saved_model.pb``, ``variables/``),
with ``io.npz``: the signature's inputs under ``input/KEY`` and TensorFlow's outputs under ``output/KEY``, computed by
``tf.saved_model.load(folder).signatures[signature](**inputs)``, the loaded model as a TensorFlow user runs it.
``manifest.json`` says what each folder holds; ``--only NAME`` (again for more) writes those models alone, the
others and their rows kept (their inputs then drawn from the generator's first draws, not a full run's). A
SavedModel is not the same bytes run after run (function names carry a process's counter): the tests read whatever
this wrote, and its outputs came with it.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import zlib

import numpy as np

SEED = 36
STACKED = "an LSTM giving every step (return_sequences: a list written at each step's index) under a GRU"


def _seeded(model):
    """Every weight of a Keras model from a generator seeded by its name: the same values whatever the initializers."""
    for weight in model.weights:
        key = weight.path if hasattr(weight, "path") else weight.name
        rng = np.random.default_rng(zlib.crc32(key.encode()))
        shape = tuple(weight.shape)
        if "moving_variance" in weight.name:
            value = rng.uniform(0.5, 1.5, shape)
        elif "bias" in weight.name or "beta" in weight.name or "moving_mean" in weight.name:
            value = rng.uniform(-0.2, 0.2, shape)
        elif "gamma" in weight.name:
            value = rng.uniform(0.5, 1.5, shape)
        else:
            value = rng.standard_normal(shape) / np.sqrt(max(1, int(np.prod(shape[:-1]))))
        weight.assign(value.astype(weight.dtype if isinstance(weight.dtype, str) else weight.dtype.name))


def keras2_cnn():
    """A Keras 2 (tf_keras) CNN, saved with tf.saved_model.save: conv, batch norm, pooling, dropout, dense."""
    import tf_keras as keras

    keras.utils.set_random_seed(SEED)
    inputs = keras.Input((24, 24, 3), name="image")
    x = keras.layers.Conv2D(8, 3, padding="same", activation="relu")(inputs)
    x = keras.layers.BatchNormalization()(x)
    x = keras.layers.MaxPooling2D()(x)
    x = keras.layers.Conv2D(12, 3, strides=2, activation="relu")(x)
    x = keras.layers.GlobalAveragePooling2D()(x)
    x = keras.layers.Dropout(0.3)(x)
    outputs = keras.layers.Dense(5, activation="softmax", name="probabilities")(x)
    model = keras.Model(inputs, outputs)
    _seeded(model)
    return model


def keras3_mlp():
    """A Keras 3 model exported with model.export (its serving endpoint): dense layers, layer norm, GELU."""
    import keras

    keras.utils.set_random_seed(SEED)
    inputs = keras.Input((16,), name="features")
    x = keras.layers.Dense(32, activation="gelu")(inputs)
    x = keras.layers.LayerNormalization()(x)
    x = keras.layers.Dense(8, activation="tanh")(x)
    outputs = keras.layers.Dense(3)(x)
    model = keras.Model(inputs, outputs)
    _seeded(model)
    return model


def two_inputs_module(tf):
    """A tf.Module whose signature takes two inputs and gives a dict of three outputs, with variables of its own."""

    class Scorer(tf.Module):
        def __init__(self):
            super().__init__()
            rng = np.random.default_rng(SEED)
            self.weights = tf.Variable(rng.standard_normal((6, 4)).astype(np.float32), name="weights")
            self.offset = tf.Variable(rng.standard_normal((4,)).astype(np.float32), name="offset")
            self.scale = tf.Variable(np.float32(1.5), name="scale")

        @tf.function(input_signature=[tf.TensorSpec([None, 6], tf.float32, name="a"),
                                      tf.TensorSpec([None, 4], tf.float32, name="b")])  # fmt: skip
        def score(self, a, b):
            projected = tf.matmul(a, self.weights) + self.offset
            mixed = projected * self.scale - b
            return {
                "mixed": mixed,
                "total": tf.reduce_sum(mixed, axis=1),
                "best": tf.argmax(mixed, axis=1, output_type=tf.int32),
            }

    return Scorer()


def damaged(source, out):
    """Copies of a SavedModel (its saved_model.pb changed by protobuf, its variables as they are) that no loader
    should take: a function that calls itself, a call of a function the library lacks, a call with an input too few,
    a variable the object graph no longer reaches. Returns {name: what is wrong}."""
    from tensorflow.core.protobuf import saved_model_pb2

    def read():
        model = saved_model_pb2.SavedModel()
        with open(os.path.join(source, "saved_model.pb"), "rb") as file:
            model.ParseFromString(file.read())
        return model

    def serving_call(meta_graph):
        outputs = meta_graph.signature_def["serving_default"].outputs
        name = next(iter(outputs.values())).name.split(":")[0]
        return next(node for node in meta_graph.graph_def.node if node.name == name)

    def write(name, model):
        folder = os.path.join(out, name)
        os.makedirs(folder)
        shutil.copytree(os.path.join(source, "variables"), os.path.join(folder, "variables"))
        with open(os.path.join(folder, "saved_model.pb"), "wb") as file:
            file.write(model.SerializeToString(deterministic=True))

    cases = {}
    model = read()
    graph = model.meta_graphs[0].graph_def
    wrapper = serving_call(model.meta_graphs[0]).attr["f"].func.name
    function = next(item for item in graph.library.function if item.signature.name == wrapper)
    inner = next(node for node in function.node_def if node.op == "StatefulPartitionedCall")
    inner.attr["f"].func.name = wrapper
    write("recursive", model)
    cases["recursive"] = f"the signature's function {wrapper} calls itself"

    model = read()
    serving_call(model.meta_graphs[0]).attr["f"].func.name = "__inference_missing_0"
    write("missing_function", model)
    cases["missing_function"] = "the signature's call names a function the library does not have"

    model = read()
    call = serving_call(model.meta_graphs[0])
    del call.input[-1]
    del call.attr["Tin"].list.type[-1]
    write("too_few_inputs", model)
    cases["too_few_inputs"] = "the signature's call gives one input fewer than its function takes"

    model = read()
    objects = model.meta_graphs[0].object_graph_def
    for node in objects.nodes:
        kept = [child for child in node.children if objects.nodes[child.node_id].WhichOneof("kind") != "variable"]
        del node.children[:]
        node.children.extend(kept)
    write("unjoined_variables", model)
    cases["unjoined_variables"] = "the object graph reaches no variable: none is joined to the checkpoint"

    loops = os.path.join(os.path.dirname(out), "loops")
    model = saved_model_pb2.SavedModel()
    with open(os.path.join(loops, "saved_model.pb"), "rb") as file:
        model.ParseFromString(file.read())
    loop = next(node for function in model.meta_graphs[0].graph_def.library.function
                for node in function.node_def if node.op == "While")  # fmt: skip
    del loop.input[-1]
    del loop.attr["T"].list.type[-1]
    del loop.attr["output_shapes"].list.shape[-1]
    folder = os.path.join(out, "loop_arity")
    os.makedirs(folder)
    shutil.copytree(os.path.join(loops, "variables"), os.path.join(folder, "variables"))
    with open(os.path.join(folder, "saved_model.pb"), "wb") as file:
        file.write(model.SerializeToString(deterministic=True))
    cases["loop_arity"] = "a While gives its cond and body one loop variable fewer than they take"
    return cases


def loops_module(tf):
    """A tf.Module with a tf.while_loop (a running sum and product of a data-dependent length) and a tf.cond."""

    class Loops(tf.Module):
        def __init__(self):
            super().__init__()
            self.rate = tf.Variable(np.float32(0.5), name="rate")

        @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32, name="x"),
                                      tf.TensorSpec([], tf.int32, name="steps")])  # fmt: skip
        def run(self, x, steps):
            def body(i, total, state):
                state = tf.tanh(state * self.rate + x)
                return i + 1, total + tf.reduce_sum(state), state

            _, total, state = tf.while_loop(lambda i, total, state: i < steps, body,
                                            (tf.constant(0), tf.constant(0.0), tf.zeros_like(x)))  # fmt: skip
            picked = tf.cond(total > 0.0, lambda: state * 2.0, lambda: state - 1.0)
            return {"total": total, "state": picked}

    return Loops()


def keras2_rnn(layer):
    """A Keras 2 (tf_keras) text classifier: embedding, a recurrent layer run as a loop (unroll=False), dense; for
    "stacked", an LSTM giving every step's output (return_sequences: a list written at each step's index) under a
    GRU."""
    import tf_keras as keras

    keras.utils.set_random_seed(SEED)
    inputs = keras.Input((None,), dtype="int32", name="tokens")
    x = keras.layers.Embedding(30, 8)(inputs)
    if layer == "stacked":
        x = keras.layers.LSTM(5, return_sequences=True, unroll=False)(x)
        layer = "GRU"
    x = getattr(keras.layers, layer)(6, unroll=False)(x)
    outputs = keras.layers.Dense(3, activation="softmax", name="scores")(x)
    model = keras.Model(inputs, outputs)
    _seeded(model)
    return model


def keras3_rnn():
    """A Keras 3 text model exported with model.export: embedding with a mask (0 is padding), a bidirectional LSTM
    giving every step, a GRU under it, dense. Keras 3 runs each as a While whose body TensorFlow records no shapes
    for: the conversion must carry the loop's input shapes into it."""
    import keras

    keras.utils.set_random_seed(SEED)
    inputs = keras.Input((None,), dtype="int32", name="tokens")
    x = keras.layers.Embedding(30, 8, mask_zero=True)(inputs)
    x = keras.layers.Bidirectional(keras.layers.LSTM(5, return_sequences=True))(x)
    x = keras.layers.GRU(6)(x)
    outputs = keras.layers.Dense(3, name="scores")(x)
    model = keras.Model(inputs, outputs)
    _seeded(model)
    return model


def keras_hub_mit():
    """keras_hub's MiT (SegFormer's encoder) from a small config, exported by model.export: its object graph gives
    several variables one name (``hierarchical_encoder_1_0/kernel`` three times), which only the SavedModel's own
    save function tells apart."""
    import keras
    import keras_hub

    keras.utils.set_random_seed(SEED)
    model = keras_hub.models.MiTBackbone(
        layerwise_depths=[1, 1], num_layers=2, layerwise_num_heads=[1, 2], layerwise_sr_ratios=[2, 1],
        max_drop_path_rate=0.0, layerwise_patch_sizes=[7, 3], layerwise_strides=[4, 2], hidden_dims=[8, 16],
        image_shape=(32, 32, 3),
    )  # fmt: skip
    _seeded(model)
    return model


def matrix_loop_module(tf):
    """A tf.Module whose tf.while_loop carries a matrix through a variable it reads in its body (the loop's input
    that freezing makes a value: TensorFlow recorded it as a handle, of rank 0)."""

    class MatrixLoop(tf.Module):
        def __init__(self):
            super().__init__()
            rng = np.random.default_rng(SEED)
            self.w = tf.Variable((rng.standard_normal((4, 4)) * 0.5).astype(np.float32), name="w")

        @tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32, name="v")])
        def run(self, v):
            _, out = tf.while_loop(lambda i, v: i < 4, lambda i, v: (i + 1, tf.tanh(v @ self.w)), [tf.constant(0), v])
            return {"out": out}

    return MatrixLoop()


def updates_module(tf):
    """A tf.Module whose serving function updates variables no output reads (a batch norm run in training mode: the
    batch's statistics normalise, the moving averages are assigned and subtracted; a call counter added to), and a
    second signature whose output reads the counter it adds to (its answers change from call to call)."""

    class Updates(tf.Module):
        def __init__(self):
            super().__init__()
            rng = np.random.default_rng(SEED)
            self.gamma = tf.Variable(rng.uniform(0.5, 1.5, 4).astype(np.float32), name="gamma")
            self.beta = tf.Variable(rng.uniform(-0.5, 0.5, 4).astype(np.float32), name="beta")
            self.moving_mean = tf.Variable(np.zeros(4, np.float32), name="moving_mean")
            self.moving_variance = tf.Variable(np.ones(4, np.float32), name="moving_variance")
            self.calls = tf.Variable(0.0, name="calls")

        @tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32, name="x")])
        def normalize(self, x):
            mean, variance = tf.nn.moments(x, [0])
            self.moving_mean.assign(self.moving_mean * 0.9 + mean * 0.1)
            self.moving_variance.assign_sub((self.moving_variance - variance) * 0.1)
            self.calls.assign_add(1.0)
            return {"y": tf.nn.batch_normalization(x, mean, variance, self.beta, self.gamma, 1e-3)}

        @tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32, name="x")])
        def counted(self, x):
            self.calls.assign_add(1.0)
            return {"y": x * self.calls}

    return Updates()


def keras3_batch_stats():
    """A Keras 3 model exported with model.export whose layer runs its batch norm in training mode whatever the
    call (as keras_hub's DeepLabV3 and SegFormer serve): the batch's statistics, the moving averages assigned."""
    import keras

    class Normed(keras.layers.Layer):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.norm = keras.layers.BatchNormalization()
            self.dense = keras.layers.Dense(3)

        def call(self, x):
            return self.dense(self.norm(x, training=True))

    keras.utils.set_random_seed(SEED)
    model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="relu"), Normed()])
    _seeded(model)
    return model


def tables_module(tf, vocabulary):
    """A tf.Module of lookup tables, each a TF 2 resource filled by its initializer function when the SavedModel
    loads: one of constants (string -> int64), one of a vocabulary file (*vocabulary*, saved as an asset: word ->
    line number), one of a cast Range (int64 -> string)."""
    from tensorflow.python.ops import lookup_ops

    class Tables(tf.Module):
        def __init__(self):
            super().__init__()
            initializer = tf.lookup.KeyValueTensorInitializer(["pear", "kiwi", "fig"], tf.constant([7, 8, 9], tf.int64))
            self.listed = tf.lookup.StaticHashTable(initializer, -1)
            self.vocabulary = tf.lookup.StaticHashTable(
                tf.lookup.TextFileInitializer(vocabulary, tf.string, tf.lookup.TextFileIndex.WHOLE_LINE, tf.int64,
                                              tf.lookup.TextFileIndex.LINE_NUMBER), -1)  # fmt: skip
            self.names = lookup_ops.index_to_string_table_from_tensor(["zero", "one", "two"], default_value="many")

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="words"),
                                      tf.TensorSpec([None], tf.int64, name="ids")])  # fmt: skip
        def look(self, words, ids):
            return {"listed": self.listed.lookup(words), "vocabulary": self.vocabulary.lookup(words),
                    "names": self.names.lookup(ids), "size": self.vocabulary.size()}  # fmt: skip

    return Tables()


def _storable(value):
    """*value* as npz keeps it without pickling: strings (bytes from TensorFlow) as unicode text."""
    array = np.asarray(value)
    if array.dtype.kind in ("O", "S"):
        return np.vectorize(lambda item: item.decode() if isinstance(item, bytes) else str(item), otypes=[str])(array)
    return array


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.join("tests", "data", "onnx_tf2"))
    parser.add_argument("--only", action="append", default=[],
                        help="these models alone, the others and their manifest rows kept")  # fmt: skip
    args = parser.parse_args(argv)
    os.environ.setdefault("TF_USE_LEGACY_KERAS", "1")  # tf.keras is tf_keras; `import keras` is still Keras 3
    import tensorflow as tf

    rng = np.random.default_rng(SEED)
    manifest = {"written_by": f"TensorFlow {tf.__version__}", "tool": "tools/generate_tf2_fixtures.py", "models": {}}
    manifest_path = os.path.join(args.out, "manifest.json")
    if args.only:
        with open(manifest_path) as file:
            manifest = json.load(file)
        for name in args.only:
            shutil.rmtree(os.path.join(args.out, name), ignore_errors=True)
    else:
        if os.path.isdir(args.out):
            shutil.rmtree(args.out)
        os.makedirs(args.out)

    def wanted(name):
        return not args.only or name in args.only

    def record(name, folder, inputs, about, signature="serving_default", more=()):
        """io.npz: the signature run on *inputs*; io_1.npz, ...: on each of *more* (other lengths, other counts)."""
        loaded = tf.saved_model.load(folder)
        function = loaded.signatures[signature]
        for index, given in enumerate([inputs, *more]):
            outputs = function(**{key: tf.constant(value) for key, value in given.items()})
            arrays = {f"input/{key}": _storable(value) for key, value in given.items()}
            arrays.update({f"output/{key}": _storable(value.numpy()) for key, value in outputs.items()})
            np.savez(os.path.join(folder, "io.npz" if index == 0 else f"io_{index}.npz"), **arrays)
        manifest["models"][name] = {"signature": signature, "inputs": sorted(inputs), "outputs": sorted(outputs),
                                    "about": about, "cases": 1 + len(more)}  # fmt: skip
        print(name, {key: tuple(value.shape) for key, value in outputs.items()}, file=sys.stderr)

    if wanted("keras2_cnn"):
        folder = os.path.join(args.out, "keras2_cnn")
        tf.saved_model.save(keras2_cnn(), folder)
        record("keras2_cnn", folder, {"image": rng.standard_normal((2, 24, 24, 3)).astype(np.float32)},
               "Keras 2 (tf_keras) CNN saved by tf.saved_model.save: conv, batch norm, max pool, strided conv, global "
               "average pool, dropout, dense softmax")  # fmt: skip

    if wanted("keras3_export"):
        folder = os.path.join(args.out, "keras3_export")
        keras3_mlp().export(folder, verbose=False)
        record("keras3_export", folder, {"features": rng.standard_normal((3, 16)).astype(np.float32)},
               "Keras 3 model exported by model.export: dense with GELU, layer norm, tanh")  # fmt: skip

    if wanted("two_inputs"):
        folder = os.path.join(args.out, "two_inputs")
        module = two_inputs_module(tf)
        tf.saved_model.save(module, folder, signatures={"serving_default": module.score})
        record("two_inputs", folder, {"a": rng.standard_normal((4, 6)).astype(np.float32),
                                      "b": rng.standard_normal((4, 4)).astype(np.float32)},
               "a tf.Module: a signature of two inputs and a dict of three outputs (float, float, int32)")  # fmt: skip

    if wanted("loops"):
        folder = os.path.join(args.out, "loops")
        module = loops_module(tf)
        tf.saved_model.save(module, folder, signatures={"serving_default": module.run})
        more = [{"x": rng.standard_normal((3, 3)).astype(np.float32), "steps": np.int32(steps)} for steps in (0, 1, 9)]
        record("loops", folder, {"x": rng.standard_normal((2, 3)).astype(np.float32), "steps": np.int32(4)},
               "a tf.Module: a tf.while_loop of a data-dependent length (While) and a tf.cond (If)",
               more=more)  # fmt: skip

    for layer in ("LSTM", "GRU", "stacked"):
        name = f"keras2_{layer.lower()}"
        if not wanted(name):
            continue
        folder = os.path.join(args.out, name)
        tf.saved_model.save(keras2_rnn(layer), folder)
        more = [{"tokens": rng.integers(0, 30, shape).astype(np.int32)} for shape in ((1, 1), (3, 15))]
        record(name, folder, {"tokens": rng.integers(0, 30, (2, 7)).astype(np.int32)},
               f"Keras 2 (tf_keras) text classifier: embedding, {STACKED if layer == 'stacked' else layer} "
               "(unroll=False: a While of TensorLists), dense softmax", more=more)  # fmt: skip

    if wanted("keras3_rnn"):
        folder = os.path.join(args.out, "keras3_rnn")
        keras3_rnn().export(folder, verbose=False)
        tokens = rng.integers(1, 30, (2, 9)).astype(np.int32)
        tokens[0, 6:] = 0  # padding the mask leaves out
        more = [{"tokens": rng.integers(1, 30, shape).astype(np.int32)} for shape in ((1, 1), (3, 15))]
        record("keras3_rnn", folder, {"tokens": tokens},
               "Keras 3 text model exported by model.export: embedding with a mask, bidirectional LSTM of every "
               "step, GRU, dense (each a While whose body TensorFlow records no shapes for)", more=more)  # fmt: skip

    if wanted("keras_hub_mit"):
        folder = os.path.join(args.out, "keras_hub_mit")
        keras_hub_mit().export(folder, verbose=False)
        record("keras_hub_mit", folder, {"keras_tensor": rng.standard_normal((2, 32, 32, 3)).astype(np.float32)},
               "keras_hub MiT backbone from a small config, exported by model.export: variables whose names repeat "
               "in its object graph")  # fmt: skip

    if wanted("matrix_loop"):
        folder = os.path.join(args.out, "matrix_loop")
        module = matrix_loop_module(tf)
        tf.saved_model.save(module, folder, signatures={"serving_default": module.run})
        more = [{"v": rng.standard_normal((3, 4)).astype(np.float32)}]
        record(
            "matrix_loop",
            folder,
            {"v": rng.standard_normal((1, 4)).astype(np.float32)},
            "a tf.Module: a tf.while_loop carrying a matrix through a variable its body reads",
            more=more,
        )

    if wanted("tables"):
        import tempfile

        folder = os.path.join(args.out, "tables")
        vocabulary = os.path.join(tempfile.mkdtemp(), "vocab.txt")
        with open(vocabulary, "wb") as file:
            file.write(b"apple\npear\r\nbanana\n")
        module = tables_module(tf, vocabulary)
        tf.saved_model.save(module, folder, signatures={"serving_default": module.look})
        shutil.rmtree(os.path.dirname(vocabulary))  # the model reads its own copy, in assets/
        words = np.array(["pear", "fig", "apple", "", "banana", "kiwi"], dtype=object)
        record("tables", folder, {"words": words, "ids": np.array([2, 0, 5, -1], dtype=np.int64)},
               "a tf.Module of lookup tables (TF 2 resources filled when the model loads): constants, a vocabulary "
               "file saved as an asset, a cast Range")  # fmt: skip

    if wanted("updates"):
        folder = os.path.join(args.out, "updates")
        module = updates_module(tf)
        tf.saved_model.save(module, folder, signatures={"serving_default": module.normalize,
                                                        "counted": module.counted})  # fmt: skip
        x = rng.standard_normal((3, 4)).astype(np.float32)
        more = [{"x": rng.standard_normal((5, 4)).astype(np.float32)}, {"x": x}]  # called again: the same answers
        record("updates", folder, {"x": x}, "a tf.Module whose serving function updates variables no output reads "
               "(a batch norm in training mode, a call counter); its signature 'counted' reads its counter",
               more=more)  # fmt: skip

    if wanted("keras3_batch_stats"):
        folder = os.path.join(args.out, "keras3_batch_stats")
        keras3_batch_stats().export(folder, verbose=False)
        x = rng.standard_normal((4, 5)).astype(np.float32)
        more = [{"keras_tensor": rng.standard_normal((2, 5)).astype(np.float32)}, {"keras_tensor": x}]
        record("keras3_batch_stats", folder, {"keras_tensor": x}, "a Keras 3 model exported by model.export whose "
               "batch norm runs in training mode: the batch's statistics, the moving averages assigned",
               more=more)  # fmt: skip

    if not args.only:
        manifest["damaged"] = damaged(os.path.join(args.out, "keras3_export"), os.path.join(args.out, "damaged"))
    with open(manifest_path, "w") as file:
        json.dump(manifest, file, indent=1, sort_keys=True)
        file.write("\n")


if __name__ == "__main__":
    main()
