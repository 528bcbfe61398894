# SPDX-License-Identifier: Apache-2.0
"""Real models end to end: each built as its library builds it, saved the way its users save it, converted by
``to_onnx`` and by tf2onnx, both run on onnxruntime against TensorFlow's own outputs.

Run in a TensorFlow venv with keras-hub, tf_keras, tf2onnx, onnx and onnxruntime from the package index (no model
is downloaded: every weight is drawn from a seed)::

    python -m tools.model_zoo                        # every model: build, convert, compare; the table printed
    python -m tools.model_zoo --only bert --only vit # some of them
    python -m tools.model_zoo --table docs-zoo.md    # the table written for docs/onnx.md

Strategy: each model is built and saved in a child process of its own (``build NAME``: TensorFlow's state never
leaks from one model to the next, and a model that cannot be built is one row that says so), under ``--work``
(kept between runs: ``--rebuild`` builds again). Building saves the model (a Keras 3 model by ``model.export``, a
tf_keras model or a ``tf.Module`` by ``tf.saved_model.save``, a TF 1 graph with its checkpoint by a ``Saver``) and
``io.npz``: its inputs (seeded) and the outputs TensorFlow's loader gives for them, computed with oneDNN's
rewrites off (``TF_ENABLE_ONEDNN_OPTS=0``: on deep ResNets its path differs by up to 2e-4). Batch-norm statistics
and every weight are redrawn, so no layer is an identity. Then each tool converts the saved model as a whole process
(``python -m tfcollections export`` and ``python -m tf2onnx.convert``, opset 17), onnx's full check takes the model
or not, and onnxruntime runs it on the inputs: a conversion counts when every output is within 1e-4 (relative, of
the larger of the value and 1) of TensorFlow's, and ``tfcollections.Session`` runs the saved model on the same
inputs, whose answers must be the converted model's bit for bit. Nodes are counted with the nodes of every
subgraph. Latency: onnxruntime's median of ``--runs`` runs of each model, batch as built, one thread, the two models
timed in turn.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
import zlib
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
SEED = 53
QUIET = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", PYTHONWARNINGS="ignore", TF_ENABLE_ONEDNN_OPTS="0")
TOLERANCE = 1e-4


# ==================================================================== the models: name -> (family, builder)
#
# A builder returns (how it is saved, the thing saved, its inputs): "keras3" (model.export), "saved" (a tf_keras
# model or a tf.Module, tf.saved_model.save with its serving signature) or "tf1" (a function building a TF 1 graph
# in graph mode, its outputs' names).


def _redraw(weights):
    """Every weight from a generator seeded by its name; batch-norm statistics away from 0 and 1."""
    for weight in weights:
        key = getattr(weight, "path", None) or weight.name
        rng = np.random.default_rng(zlib.crc32(key.encode()))
        shape = tuple(weight.shape)
        dtype = weight.dtype if isinstance(weight.dtype, str) else weight.dtype.name
        if not np.issubdtype(np.dtype(dtype), np.floating):
            continue
        if "moving_variance" in key or "variance" in key.rsplit("/", 1)[-1]:
            value = rng.uniform(0.5, 1.5, shape)
        elif any(part in key for part in ("bias", "beta", "moving_mean")):
            value = rng.uniform(-0.2, 0.2, shape)
        elif "gamma" in key:
            value = rng.uniform(0.5, 1.5, shape)
        else:
            value = rng.standard_normal(shape) / np.sqrt(max(1, int(np.prod(shape[:-1]))))
        weight.assign(value.astype(dtype))


def _image_inputs(model, size):
    return {"image": np.random.default_rng(SEED).standard_normal((1, size, size, 3)).astype(np.float32)}


def application(name, size=64, library="keras"):
    """A keras.applications family: weights=None, 10 classes (RegNet from tf_keras, which Keras 3 dropped)."""

    def build():
        if library == "tf_keras":
            import tf_keras as keras
        else:
            import keras

        keras.utils.set_random_seed(SEED)
        model = getattr(keras.applications, name)(weights=None, input_shape=(size, size, 3), classes=10)
        _redraw(model.weights)
        return ("keras3" if library == "keras" else "saved"), model, None

    return build


def _hub_inputs(model, batch=2, length=8, vocabulary=40):
    """Inputs for each of a keras_hub backbone's inputs, by name: ids below the vocabulary, masks of ones but the
    last place of the first row, images and features from a normal."""
    rng = np.random.default_rng(SEED)
    given = {}
    for tensor in model.inputs:
        name = tensor.name
        shape = [batch if index == 0 else (dim if dim is not None else length) for index, dim in
                 enumerate(tensor.shape)]  # fmt: skip
        dtype = np.dtype(tensor.dtype if isinstance(tensor.dtype, str) else tensor.dtype.name)
        if "mask" in name:
            value = np.ones(shape, dtype)
            if value.ndim == 2:
                value[0, -1] = 0
        elif "segment" in name:  # two segments: the first half 0, the rest 1
            value = (np.arange(shape[-1]) >= shape[-1] // 2).astype(dtype) * np.ones(shape, dtype)
        elif np.issubdtype(dtype, np.integer):
            value = rng.integers(1, vocabulary, shape).astype(dtype)
        else:
            value = rng.standard_normal(shape).astype(dtype)
        given[name] = value
    return given


def hub(name, **config):
    """A keras_hub backbone from a small config (no preset download)."""

    def build():
        import keras
        import keras_hub

        keras.utils.set_random_seed(SEED)
        model = getattr(keras_hub.models, name)(**config)
        _redraw(model.weights)
        return "keras3", model, None

    return build


def hub_made(make):
    """A keras_hub model made by *make* (keras_hub -> model): a backbone of others (an image encoder, a vision and a
    text encoder), from small configs."""

    def build():
        import keras
        import keras_hub

        keras.utils.set_random_seed(SEED)
        model = make(keras_hub)
        _redraw(model.weights)
        return "keras3", model, None

    return build


def _hub_resnet(keras_hub):
    """A small keras_hub ResNet (its stem keeps 64 filters, as the backbone requires), the detectors' encoder."""
    return keras_hub.models.ResNetBackbone(
        input_conv_filters=[64], input_conv_kernel_sizes=[7], stackwise_num_filters=[64, 32, 32],
        stackwise_num_blocks=[1, 1, 1], stackwise_num_strides=[1, 2, 2], block_type="bottleneck_block",
        image_shape=(64, 64, 3),
    )  # fmt: skip


def _hub_mit(keras_hub):
    return keras_hub.models.MiTBackbone(
        layerwise_depths=[1, 1], num_layers=2, layerwise_num_heads=[1, 2], layerwise_sr_ratios=[2, 1],
        max_drop_path_rate=0.0, layerwise_patch_sizes=[7, 3], layerwise_strides=[4, 2], hidden_dims=[8, 16],
        image_shape=(32, 32, 3),
    )  # fmt: skip


TEXT = dict(vocabulary_size=40, num_layers=2, num_heads=2, hidden_dim=16, intermediate_dim=32)
# The two towers of a contrastive model (CLIP, SigLIP).
VISION_ENCODER = dict(
    patch_size=8, hidden_dim=16, num_layers=1, num_heads=2, intermediate_dim=32, image_shape=(32, 32, 3)
)
TEXT_ENCODER = dict(vocabulary_size=40, embedding_dim=16, hidden_dim=16, num_layers=1, num_heads=2, intermediate_dim=32,
                    max_sequence_length=8)  # fmt: skip
DECODER = dict(vocabulary_size=40, num_layers=2, num_query_heads=2, num_key_value_heads=1, hidden_dim=16,
               intermediate_dim=32)  # fmt: skip


def recurrent(library, layer):
    """A text classifier: embedding (0 masked), a recurrent layer (or a stack of them), dense."""

    def build():
        if library == "tf_keras":
            import tf_keras as keras
        else:
            import keras
        keras.utils.set_random_seed(SEED)
        layers = keras.layers
        inputs = keras.Input((None,), dtype="int32", name="tokens")
        x = layers.Embedding(30, 8, mask_zero=True)(inputs)
        if layer == "bidirectional":
            x = layers.Bidirectional(layers.LSTM(6))(x)
        elif layer == "stacked":
            x = layers.LSTM(6, return_sequences=True)(x)
            x = layers.GRU(5, return_sequences=True)(x)
            x = layers.LSTM(4)(x)
        else:
            x = getattr(layers, layer)(6)(x)
        outputs = layers.Dense(3, name="scores")(x)
        model = keras.Model(inputs, outputs)
        _redraw(model.weights)
        tokens = np.random.default_rng(SEED).integers(1, 30, (2, 9)).astype(np.int32)
        tokens[0, 6:] = 0
        return ("keras3" if library == "keras" else "saved"), model, {"tokens": tokens}

    return build


def attention(library):
    """An encoder block: multi-head attention, residuals, layer norm, a GELU feed-forward."""

    def build():
        if library == "tf_keras":
            import tf_keras as keras
        else:
            import keras
        keras.utils.set_random_seed(SEED)
        layers = keras.layers
        inputs = keras.Input((10, 16), name="features")
        attended = layers.MultiHeadAttention(num_heads=2, key_dim=8)(inputs, inputs)
        x = layers.LayerNormalization()(inputs + attended)
        forward = layers.Dense(16)(layers.Dense(32, activation="gelu")(x))
        outputs = layers.LayerNormalization(name="encoded")(x + forward)
        model = keras.Model(inputs, outputs)
        _redraw(model.weights)
        features = np.random.default_rng(SEED).standard_normal((2, 10, 16)).astype(np.float32)
        return ("keras3" if library == "keras" else "saved"), model, {"features": features}

    return build


def module(kind):
    """A tf.Module with a loop or a cond, its signature's inputs drawn from the seed."""

    def build():
        import tensorflow as tf

        rng = np.random.default_rng(SEED)

        class Loops(tf.Module):
            def __init__(self):
                super().__init__()
                self.w = tf.Variable((rng.standard_normal((4, 4)) * 0.5).astype(np.float32))

            @tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32, name="v"),
                                          tf.TensorSpec([], tf.int32, name="steps")])  # fmt: skip
            def serve(self, v, steps):
                if kind == "matrix_loop":
                    _, out = tf.while_loop(lambda i, v: i < steps, lambda i, v: (i + 1, tf.tanh(v @ self.w)),
                                           [tf.constant(0), v])  # fmt: skip
                    return {"out": out}
                if kind == "growing_loop":
                    invariants = [tf.TensorShape([]), tf.TensorShape([None, 4])]
                    _, out = tf.while_loop(lambda i, v: i < steps, lambda i, v: (i + 1, tf.concat([v, v @ self.w], 0)),
                                           [tf.constant(0), v], shape_invariants=invariants)  # fmt: skip
                    return {"out": out}
                picked = tf.cond(tf.reduce_sum(v) > 0.0, lambda: v @ self.w, lambda: tf.nn.relu(v) - 1.0)
                return {"out": tf.cond(steps > 2, lambda: picked * 2.0, lambda: picked)}

        built = Loops()
        inputs = {"v": rng.standard_normal((3, 4)).astype(np.float32), "steps": np.int32(4)}
        return "saved", built, inputs

    return build


def tf1(kind):
    """A TF 1 graph with a checkpoint: built in graph mode, saved by a Saver (the .meta beside it)."""

    def build(tf):
        x = tf.placeholder(tf.float32, [None, 5, 3], name="x")
        if kind == "dynamic_rnn":
            cell = tf.nn.rnn_cell.LSTMCell(4, name="lstm")
            outputs, _ = tf.nn.dynamic_rnn(cell, x, dtype=tf.float32)
            tf.identity(outputs[:, -1], name="y")
        else:  # a dense net with batch norm in inference
            flat = tf.reshape(x, [-1, 15])
            hidden = tf.layers.dense(flat, 12, activation=tf.nn.relu)
            normed = tf.layers.batch_normalization(hidden, training=False)
            tf.identity(tf.nn.softmax(tf.layers.dense(normed, 4)), name="y")
        inputs = {"x:0": np.random.default_rng(SEED).standard_normal((2, 5, 3)).astype(np.float32)}
        return inputs, ["y:0"]

    return build


MODELS = {
    # keras.applications, one per family (Keras 3, model.export)
    "resnet50": ("keras.applications", application("ResNet50")),
    "resnet50v2": ("keras.applications", application("ResNet50V2")),
    "vgg16": ("keras.applications", application("VGG16")),
    "mobilenet": ("keras.applications", application("MobileNet")),
    "mobilenetv2": ("keras.applications", application("MobileNetV2")),
    "mobilenetv3small": ("keras.applications", application("MobileNetV3Small")),
    "densenet121": ("keras.applications", application("DenseNet121")),
    "efficientnetb0": ("keras.applications", application("EfficientNetB0")),
    "efficientnetv2b0": ("keras.applications", application("EfficientNetV2B0")),
    "inceptionv3": ("keras.applications", application("InceptionV3", 96)),
    "inceptionresnetv2": ("keras.applications", application("InceptionResNetV2", 96)),
    "xception": ("keras.applications", application("Xception", 96)),
    "nasnetmobile": ("keras.applications", application("NASNetMobile", 96)),
    "convnexttiny": ("keras.applications", application("ConvNeXtTiny")),
    "regnetx002": ("keras.applications", application("RegNetX002", library="tf_keras")),
    # keras_hub backbones from small configs
    "bert": ("keras_hub", hub("BertBackbone", **TEXT, max_sequence_length=16)),
    "albert": ("keras_hub", hub("AlbertBackbone", **TEXT, embedding_dim=8, max_sequence_length=16)),
    "electra": (
        "keras_hub",
        hub(
            "ElectraBackbone",
            vocab_size=40,
            num_layers=2,
            num_heads=2,
            hidden_dim=16,
            embedding_dim=8,
            intermediate_dim=32,
            max_sequence_length=16,
        ),
    ),
    "roberta": ("keras_hub", hub("RobertaBackbone", **TEXT, max_sequence_length=16)),
    "xlm_roberta": ("keras_hub", hub("XLMRobertaBackbone", **TEXT, max_sequence_length=16)),
    "distilbert": ("keras_hub", hub("DistilBertBackbone", **TEXT, max_sequence_length=16)),
    "deberta_v3": ("keras_hub", hub("DebertaV3Backbone", **TEXT, max_sequence_length=16, bucket_size=4)),
    "bart": ("keras_hub", hub("BartBackbone", **TEXT, max_sequence_length=16)),
    "t5": ("keras_hub", hub("T5Backbone", **TEXT, key_value_dim=8)),
    "gpt2": ("keras_hub", hub("GPT2Backbone", **TEXT, max_sequence_length=16)),
    "gpt_neox": ("keras_hub", hub("GPTNeoXBackbone", **TEXT, max_sequence_length=16)),
    "opt": ("keras_hub", hub("OPTBackbone", **TEXT, max_sequence_length=16)),
    "bloom": ("keras_hub", hub("BloomBackbone", **TEXT)),
    "falcon": (
        "keras_hub",
        hub(
            "FalconBackbone",
            vocabulary_size=40,
            num_layers=2,
            num_attention_heads=2,
            hidden_dim=16,
            intermediate_dim=32,
        ),
    ),
    "llama": ("keras_hub", hub("LlamaBackbone", **DECODER)),
    "mistral": ("keras_hub", hub("MistralBackbone", **DECODER)),
    "qwen2": ("keras_hub", hub("Qwen2Backbone", **DECODER)),
    "phi3": ("keras_hub", hub("Phi3Backbone", **DECODER)),
    "gemma": ("keras_hub", hub("GemmaBackbone", **DECODER, head_dim=8)),
    "esm2": ("keras_hub", hub("ESM2Backbone", **TEXT, max_sequence_length=16)),
    "fnet": (
        "keras_hub",
        hub(
            "FNetBackbone", vocabulary_size=40, num_layers=2, hidden_dim=16, intermediate_dim=32, max_sequence_length=16
        ),
    ),
    "whisper": (
        "keras_hub",
        hub("WhisperBackbone", **TEXT, num_mels=8, max_encoder_sequence_length=16, max_decoder_sequence_length=16),
    ),
    "vit": (
        "keras_hub",
        hub("ViTBackbone", image_shape=(32, 32, 3), patch_size=8, num_layers=2, num_heads=2, hidden_dim=16, mlp_dim=32),
    ),
    "deit": (
        "keras_hub",
        hub(
            "DeiTBackbone",
            image_shape=(32, 32, 3),
            patch_size=8,
            num_layers=2,
            num_heads=2,
            hidden_dim=16,
            intermediate_dim=32,
        ),
    ),
    "dinov2": (
        "keras_hub",
        hub(
            "DINOV2Backbone",
            patch_size=8,
            num_layers=2,
            hidden_dim=16,
            num_heads=2,
            intermediate_dim=32,
            image_shape=(32, 32, 3),
        ),
    ),
    "mit": ("keras_hub", hub_made(_hub_mit)),
    "swin": (
        "keras_hub",
        hub(
            "SwinTransformerBackbone",
            image_shape=(32, 32, 3),
            embed_dim=8,
            depths=[2, 2],
            num_heads=[1, 2],
            window_size=4,
            patch_size=2,
        ),
    ),
    # newer keras_hub families: decoders with grouped queries, mixtures of experts, contrastive and detection models
    "gemma3": ("keras_hub", hub("Gemma3Backbone", **DECODER, image_size=16, head_dim=8)),
    "llama3": ("keras_hub", hub("Llama3Backbone", **DECODER)),
    "qwen3": ("keras_hub", hub("Qwen3Backbone", **DECODER, head_dim=8)),
    "smollm3": (
        "keras_hub",
        hub(
            "SmolLM3Backbone",
            vocabulary_size=40,
            hidden_dim=16,
            intermediate_dim=32,
            num_layers=2,
            num_attention_heads=2,
            num_key_value_heads=1,
            attention_bias=False,
            attention_dropout=0.0,
            rope_layer_enabled_list=[True, False],
            layer_types=["attention", "attention"],
            mlp_bias=False,
            layer_norm_epsilon=1e-6,
            max_position_embeddings=32,
            rope_theta=10000.0,
            partial_rotary_factor=1.0,
        ),
    ),
    "mixtral": ("keras_hub", hub("MixtralBackbone", **DECODER, num_experts=4, top_k=2)),
    "qwen_moe": (
        "keras_hub",
        hub(
            "QwenMoeBackbone",
            **DECODER,
            moe_intermediate_dim=8,
            shared_expert_intermediate_dim=16,
            num_experts=4,
            top_k=2,
        ),
    ),
    "qwen3_moe": (
        "keras_hub",
        hub("Qwen3MoeBackbone", **DECODER, moe_intermediate_dim=8, num_experts=4, top_k=2, head_dim=8),
    ),
    "gpt_oss": ("keras_hub", hub("GptOssBackbone", **DECODER, num_experts=4, top_k=2, head_dim=8)),
    "xlnet": ("keras_hub", hub("XLNetBackbone", **TEXT)),
    "roformer_v2": ("keras_hub", hub("RoformerV2Backbone", **TEXT, head_size=8)),
    "clip": (
        "keras_hub",
        hub_made(
            lambda h: h.models.CLIPBackbone(
                vision_encoder=h.models.CLIPVisionEncoder(**VISION_ENCODER),
                text_encoder=h.models.CLIPTextEncoder(**TEXT_ENCODER),
                projection_dim=8,
            )
        ),
    ),
    "siglip": (
        "keras_hub",
        hub_made(
            lambda h: h.models.SigLIPBackbone(
                vision_encoder=h.models.SigLIPVisionEncoder(**VISION_ENCODER),
                text_encoder=h.models.SigLIPTextEncoder(**TEXT_ENCODER),
            )
        ),
    ),
    "hgnetv2": (
        "keras_hub",
        hub(
            "HGNetV2Backbone",
            embedding_size=8,
            stem_channels=[3, 8, 8],
            hidden_act="relu",
            use_learnable_affine_block=True,
            stackwise_stage_filters=[[8, 8, 16, 1, 1, 3], [16, 8, 16, 1, 1, 3]],
            apply_downsample=[False, True],
            use_lightweight_conv_block=[False, True],
            depths=[1, 1],
            hidden_sizes=[16, 16],
            image_shape=(32, 32, 3),
        ),
    ),
    "vitdet": (
        "keras_hub",
        hub(
            "ViTDetBackbone",
            hidden_size=16,
            num_layers=2,
            intermediate_dim=32,
            num_heads=2,
            global_attention_layer_indices=[1],
            image_shape=(32, 32, 3),
            patch_size=8,
            window_size=2,
            num_output_channels=8,
        ),
    ),
    "dinov3": (
        "keras_hub",
        hub(
            "DINOV3Backbone",
            patch_size=8,
            num_layers=2,
            hidden_dim=16,
            num_heads=2,
            intermediate_dim=32,
            image_shape=(32, 32, 3),
        ),
    ),
    "deeplabv3": (
        "keras_hub",
        hub_made(
            lambda h: h.models.DeepLabV3Backbone(
                image_encoder=_hub_resnet(h),
                spatial_pyramid_pooling_key="P4",
                upsampling_size=4,
                dilation_rates=[2, 4],
                low_level_feature_key="P2",
                image_shape=(64, 64, 3),
            )
        ),
    ),
    "retinanet": (
        "keras_hub",
        hub_made(
            lambda h: h.models.RetinaNetBackbone(
                image_encoder=_hub_resnet(h), min_level=3, max_level=4, use_p5=False, image_shape=(64, 64, 3)
            )
        ),
    ),
    "segformer": (
        "keras_hub",
        hub_made(lambda h: h.models.SegFormerBackbone(image_encoder=_hub_mit(h), projection_filters=8)),
    ),
    # recurrent layers
    "keras3_lstm": ("recurrent", recurrent("keras", "LSTM")),
    "keras3_gru": ("recurrent", recurrent("keras", "GRU")),
    "keras3_bidirectional": ("recurrent", recurrent("keras", "bidirectional")),
    "keras3_stacked": ("recurrent", recurrent("keras", "stacked")),
    "tf_keras_lstm": ("recurrent", recurrent("tf_keras", "LSTM")),
    "tf_keras_gru": ("recurrent", recurrent("tf_keras", "GRU")),
    "tf_keras_bidirectional": ("recurrent", recurrent("tf_keras", "bidirectional")),
    "tf_keras_stacked": ("recurrent", recurrent("tf_keras", "stacked")),
    # attention blocks
    "keras3_encoder": ("attention", attention("keras")),
    "tf_keras_encoder": ("attention", attention("tf_keras")),
    # tf.Modules with loops and conds
    "matrix_loop": ("tf.Module", module("matrix_loop")),
    "growing_loop": ("tf.Module", module("growing_loop")),
    "conds": ("tf.Module", module("conds")),
    # TF 1 graphs with checkpoints
    "tf1_dynamic_rnn": ("TF 1", tf1("dynamic_rnn")),
    "tf1_dense_bn": ("TF 1", tf1("dense")),
}


# ==================================================================== building (a child process per model)


def build_one(name, work):
    """Builds, saves and records one model (in this process: TensorFlow imported here)."""
    family, builder = MODELS[name]
    # tf.compat.v1.layers needs Keras 2 (tf_keras); every other model says which Keras it imports.
    os.environ["TF_USE_LEGACY_KERAS"] = "1" if family == "TF 1" else "0"
    import tensorflow as tf

    folder = work / name
    model_dir = folder / "model"
    folder.mkdir(parents=True, exist_ok=True)
    if family == "TF 1":
        import tensorflow.compat.v1 as v1

        graph = v1.Graph()
        with graph.as_default():
            v1.set_random_seed(SEED)
            inputs, outputs = builder(v1)
            saver = v1.train.Saver()
            with v1.Session(graph=graph) as session:
                session.run(v1.global_variables_initializer())
                _redraw_tf1(v1, session)
                model_dir.mkdir(exist_ok=True)
                prefix = saver.save(session, str(model_dir / "model.ckpt"))
        restored = v1.Graph()
        with restored.as_default(), v1.Session(graph=restored) as session:
            v1.train.import_meta_graph(prefix + ".meta").restore(session, prefix)
            values = session.run(outputs, feed_dict=inputs)
        record = {"source": "model/model.ckpt.meta", "inputs": list(inputs), "outputs": outputs}
        np.savez(folder / "io.npz", **{f"input/{k}": v for k, v in inputs.items()},
                 **{f"output/{k}": v for k, v in zip(outputs, values)})  # fmt: skip
    else:
        kind, built, inputs = builder()
        if inputs is None:
            inputs = _hub_inputs(built) if family == "keras_hub" else _image_inputs(built, built.inputs[0].shape[1])
            if family == "keras.applications":
                inputs = {built.inputs[0].name: inputs["image"]}
        if kind == "keras3":
            built.export(str(model_dir), verbose=False)
        else:
            signature = built.serve if hasattr(built, "serve") else None
            tf.saved_model.save(built, str(model_dir), signatures=signature)
        function = tf.saved_model.load(str(model_dir)).signatures["serving_default"]
        keys = list(function.structured_input_signature[1])
        if set(keys) != set(inputs) and len(keys) == len(inputs) == 1:
            inputs = {keys[0]: next(iter(inputs.values()))}
        got = function(**{key: tf.constant(value) for key, value in inputs.items()})
        record = {"source": "model", "inputs": sorted(inputs), "outputs": sorted(got)}
        np.savez(folder / "io.npz", **{f"input/{k}": v for k, v in inputs.items()},
                 **{f"output/{k}": v.numpy() for k, v in got.items()})  # fmt: skip
    (folder / "built.json").write_text(json.dumps(record, indent=1))


def _redraw_tf1(v1, session):
    for variable in v1.global_variables():
        rng = np.random.default_rng(zlib.crc32(variable.name.encode()))
        shape = variable.shape.as_list()
        if not variable.dtype.base_dtype.is_floating:
            continue
        if "moving_variance" in variable.name:
            value = rng.uniform(0.5, 1.5, shape)
        elif any(part in variable.name for part in ("bias", "beta", "moving_mean")):
            value = rng.uniform(-0.2, 0.2, shape)
        else:
            value = rng.standard_normal(shape) / np.sqrt(max(1, int(np.prod(shape[:-1]))))
        session.run(variable.assign(value.astype(np.float32)))


# ==================================================================== converting, checking, timing


def convert(tool, name, work, record, again=True):
    """One tool's conversion of the saved model, as a process: (seconds, path or None, the last line it said).
    Without *again*, a conversion made before is taken as it was (tf2onnx's do not change from run to run)."""
    folder = work / name
    out = folder / f"{tool}.onnx"
    kept = folder / f"{tool}.json"
    if not again and kept.exists():
        seconds, made, said = json.loads(kept.read_text())
        return seconds, (out if made and out.exists() else None), said
    result = _convert(tool, folder, out, record)
    kept.write_text(json.dumps([result[0], result[1] is not None, result[2]]))
    return result


def _convert(tool, folder, out, record):
    out.unlink(missing_ok=True)
    source = folder / record["source"]
    if tool == "ours":
        command = [PYTHON, "-m", "tfcollections", "export", str(source), str(out), "--force"]
        if record["source"].endswith(".meta"):
            command += [item for output in record["outputs"] for item in ("--outputs", output)]
    elif record["source"].endswith(".meta"):
        command = [PYTHON, "-m", "tf2onnx.convert", "--checkpoint", str(source), "--output", str(out), "--opset",
                   "17", "--inputs", ",".join(record["inputs"]), "--outputs", ",".join(record["outputs"])]  # fmt: skip
    else:
        command = [PYTHON, "-m", "tf2onnx.convert", "--saved-model", str(source), "--output", str(out), "--opset",
                   "17", "--signature_def", "serving_default"]  # fmt: skip
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, env=QUIET, timeout=1800, cwd=REPO)
    seconds = time.perf_counter() - start
    said = [line for line in result.stderr.decode(errors="replace").splitlines() if line.strip()]
    if result.returncode != 0 or not out.exists():
        return seconds, None, (said[-1] if said else f"exit {result.returncode}")[:300]
    return seconds, out, ""


def _feeds(session, arrays, record):
    """The model's inputs by name: a signature's key, or a tensor name with or without its port."""
    feeds = {}
    for item in session.get_inputs():
        for key in (item.name, f"{item.name}:0", item.name.split(":")[0]):
            if f"input/{key}" in arrays:
                feeds[item.name] = arrays[f"input/{key}"]
                break
        else:
            raise KeyError(f"no input for {item.name!r} (have {record['inputs']})")
    return feeds


def check(path, arrays, record):
    """(largest relative difference, or None and why) of the model's outputs against TensorFlow's."""
    import onnx
    import onnxruntime as ort

    try:
        onnx.checker.check_model(onnx.load(str(path)), full_check=True)
    except Exception as exc:  # the checker's verdict is the row's
        return None, f"onnx's check: {str(exc).splitlines()[0][:200]}"
    try:
        session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
        names = [item.name for item in session.get_outputs()]
        got = dict(zip(names, session.run(None, _feeds(session, arrays, record))))
    except Exception as exc:
        return None, f"onnxruntime: {str(exc).splitlines()[0][:200]}"
    worst = 0.0
    for index, key in enumerate(record["outputs"]):
        want = arrays[f"output/{key}"]
        value = got.get(key, got.get(key.split(":")[0]))
        if value is None:
            value = list(got.values())[index] if index < len(got) else None
        if value is None or np.shape(value) != want.shape:
            return None, f"output {key}: shape {None if value is None else np.shape(value)}, TensorFlow's {want.shape}"
        if want.dtype.kind == "f":
            worst = max(worst, float(np.max(np.abs(value - want) / np.maximum(np.abs(want), 1.0), initial=0.0)))
        elif not np.array_equal(value, want):
            return None, f"output {key}: values differ"
    if worst > TOLERANCE:
        return None, f"differs from TensorFlow by {worst:.1e}"
    return worst, ""


def session_check(source, path, arrays, record):
    """(largest difference between ``tfcollections.Session``'s outputs and the ``to_onnx`` model's on the same
    inputs, or None and why): the two are one conversion, so the answer expected is 0."""
    import onnxruntime as ort

    import tfcollections

    try:
        session = tfcollections.Session(str(source))
        feeds = {key: arrays[f"input/{key}"] for key in record["inputs"]}
        got = session.run(list(record["outputs"]), feeds)
        model = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
        names = [item.name for item in model.get_outputs()]
        made = dict(zip(names, model.run(None, _feeds(model, arrays, record))))
    except Exception as exc:  # the row says why
        return None, f"Session: {str(exc).splitlines()[0][:200]}"
    worst = 0.0
    for index, (key, value) in enumerate(zip(record["outputs"], got)):
        want = made.get(key, made.get(key.split(":")[0]))
        if want is None:
            want = list(made.values())[index]
        if np.shape(value) != np.shape(want):
            return None, f"Session: output {key} of shape {np.shape(value)}, the model's {np.shape(want)}"
        worst = max(worst, float(np.max(np.abs(np.asarray(value, np.float64) - want), initial=0.0)))
    return worst, ""


def nodes(path):
    import onnx

    def count(graph):
        total = 0
        for node in graph.node:
            total += 1
            for attribute in node.attribute:
                if attribute.g.node:
                    total += count(attribute.g)
                for sub in attribute.graphs:
                    total += count(sub)
        return total

    return count(onnx.load(str(path)).graph)


def latency(paths, arrays, record, runs):
    """onnxruntime's median time of a run of each model, one thread, the models timed in turn."""
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = options.inter_op_num_threads = 1
    sessions = [ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"]) for path in paths]
    feeds = [_feeds(session, arrays, record) for session in sessions]
    for session, given in zip(sessions, feeds):
        for _ in range(10):
            session.run(None, given)
    times = [[] for _ in sessions]
    for _ in range(runs):
        for session, given, kept in zip(sessions, feeds, times):
            start = time.perf_counter()
            session.run(None, given)
            kept.append(time.perf_counter() - start)
    return [statistics.median(kept) for kept in times]


def compare(name, work, runs, reconvert=False):
    family = MODELS[name][0]
    folder = work / name
    row = {"model": name, "family": family}
    if not (folder / "built.json").exists():
        row["built"] = False
        said = (folder / "build.err").read_text().splitlines() if (folder / "build.err").exists() else []
        row["why"] = next((line for line in reversed(said) if line.strip()), "not built")[:300]
        return row
    row["built"] = True
    record = json.loads((folder / "built.json").read_text())
    arrays = np.load(folder / "io.npz")
    paths = {}
    for tool in ("ours", "tf2onnx"):
        seconds, path, said = convert(tool, name, work, record, again=tool == "ours" or reconvert)
        row[f"{tool}_seconds"] = seconds
        if path is not None:
            worst, said = check(path, arrays, record)
            row[f"{tool}_difference"] = worst
            if worst is not None:
                paths[tool] = path
                row[f"{tool}_nodes"] = nodes(path)
        row[f"{tool}_ok"] = tool in paths
        row[f"{tool}_why"] = said
    if "ours" in paths:
        row["session_difference"], said = session_check(folder / record["source"], paths["ours"], arrays, record)
        if said:
            row["ours_why"] = "; ".join(item for item in (row["ours_why"], said) if item)
    if len(paths) == 2 and runs:
        ours, theirs = latency([paths["ours"], paths["tf2onnx"]], arrays, record, runs)
        row["latency_ratio"] = ours / theirs
        row["ours_ms"], row["tf2onnx_ms"] = ours * 1e3, theirs * 1e3
    return row


# ==================================================================== the table


def table(rows):
    def number(value, form):
        return "" if value is None else format(value, form)

    lines = ["| model | family | converts: ours / tf2onnx | largest difference | nodes: ours / tf2onnx | latency "
             "ratio | conversion speed-up | why not |",
             "|---|---|---|---|---|---|---|---|"]  # fmt: skip
    for row in rows:
        if not row.get("built"):
            lines.append(f"| {row['model']} | {row['family']} | not built |  |  |  |  | {row.get('why', '')[:120]} |")
            continue
        speed = row["tf2onnx_seconds"] / row["ours_seconds"] if row.get("ours_seconds") else None
        why = "; ".join(f"{tool}: {row[f'{tool}_why']}" for tool in ("ours", "tf2onnx") if row.get(f"{tool}_why"))
        lines.append(
            f"| {row['model']} | {row['family']} | {'yes' if row['ours_ok'] else 'no'} / "
            f"{'yes' if row['tf2onnx_ok'] else 'no'} | {number(row.get('ours_difference'), '.1e')} | "
            f"{row.get('ours_nodes', '')} / {row.get('tf2onnx_nodes', '')} | "
            f"{number(row.get('latency_ratio'), '.2f')} | {number(speed, '.1f')}x | {why.replace('|', '/')[:200]} |"
        )
    both = [row for row in rows if row.get("ours_ok") and row.get("tf2onnx_ok")]
    behind = [row["model"] for row in rows if row.get("tf2onnx_ok") and not row.get("ours_ok")]
    summary = [
        f"built {sum(1 for row in rows if row.get('built'))} of {len(rows)}; converted within {TOLERANCE:g}: ours "
        f"{sum(1 for row in rows if row.get('ours_ok'))}, tf2onnx {sum(1 for row in rows if row.get('tf2onnx_ok'))}; "
        f"tf2onnx only: {', '.join(behind) or 'none'}"
    ]
    ours = [row for row in rows if row.get("ours_ok")]
    same = sum(1 for row in ours if row.get("session_difference") == 0.0)
    summary.append(f"Session's answers the same as the to_onnx model's, bit for bit: {same} of {len(ours)}")
    if both:
        ratios = [row["latency_ratio"] for row in both if "latency_ratio" in row]
        speeds = [row["tf2onnx_seconds"] / row["ours_seconds"] for row in both]
        fewer = sum(1 for row in both if row["ours_nodes"] <= row["tf2onnx_nodes"])
        summary.append(
            f"on the {len(both)} both convert: our nodes at most tf2onnx's on {fewer}; latency ratio median "
            f"{statistics.median(ratios):.2f} (max {max(ratios):.2f}); conversion speed-up median "
            f"{statistics.median(speeds):.1f}x"
        )
    return "\n".join(lines) + "\n\n" + "\n".join(summary) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", nargs="?", default="all", choices=["all", "build", "compare"])
    parser.add_argument("names", nargs="*")
    parser.add_argument("--only", action="append", default=[], help="these models alone")
    parser.add_argument("--work", type=Path, default=Path.home() / ".cache" / "tfc-model-zoo")
    parser.add_argument("--rebuild", action="store_true", help="build the models again")
    parser.add_argument("--reconvert", action="store_true", help="convert with tf2onnx again (else its last result)")
    parser.add_argument("--runs", type=int, default=300, help="onnxruntime runs of each model for its latency")
    parser.add_argument("--results", type=Path, help="the rows as JSON")
    parser.add_argument("--table", type=Path, help="the table as Markdown")
    args = parser.parse_args(argv)
    if args.command == "build" and args.names:  # the child process
        build_one(args.names[0], args.work)
        return
    names = args.only or args.names or list(MODELS)
    unknown = [name for name in names if name not in MODELS]
    if unknown:
        parser.error(f"no model {', '.join(unknown)} (have {', '.join(MODELS)})")
    rows = []
    for name in names:
        folder = args.work / name
        if args.rebuild or not (folder / "built.json").exists():
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "built.json").unlink(missing_ok=True)
            result = subprocess.run([PYTHON, "-m", "tools.model_zoo", "build", name, "--work", str(args.work)],
                                    capture_output=True, env=QUIET, cwd=REPO, timeout=3600)  # fmt: skip
            (folder / "build.err").write_bytes(result.stderr)
        if args.command == "build":
            continue
        row = compare(name, args.work, args.runs, args.reconvert)
        rows.append(row)
        print(json.dumps(row), file=sys.stderr, flush=True)
    if args.command == "build":
        return
    text = table(rows)
    print(text)
    if args.results:
        args.results.write_text(json.dumps(rows, indent=1) + "\n")
    if args.table:
        args.table.write_text(text)


if __name__ == "__main__":
    main()
