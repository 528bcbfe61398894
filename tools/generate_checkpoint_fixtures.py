# SPDX-License-Identifier: Apache-2.0
"""Write checkpoints with real TensorFlow, and what TensorFlow's reader says of them (run by hand, in $TFVENV).

    $TFVENV/bin/python -m tools.generate_checkpoint_fixtures
    $TFVENV/bin/python -m tools.generate_checkpoint_fixtures v1_sharded     # only the cases named

Writes tests/data/checkpoints/<name>/ and <name>.expected.json for each case:

- ``v2``: a TF1 Saver (V2) of variables of every dtype TensorFlow writes as plain bytes (float16, bfloat16,
  float32, float64, int8/16/32/64, uint8/16/32/64, bool, complex64/128) and strings, 0-d and empty tensors, a
  resource variable, and a variable partitioned in 3 (its slices under OrderedCode keys);
- ``v2_sharded``: the same kind of graph over two CPU devices with ``Saver(sharded=True)``: two data shards;
- ``v1``: ``Saver(write_version=V1)``: one table, values inline (a partitioned variable too);
- ``v1_sharded``: ``Saver(sharded=True, write_version=V1)`` over two CPU devices: one table per device,
  ``model.ckpt-7-00000-of-00002`` and ``-00001-of-00002``, and a state file naming the pattern
  ``model.ckpt-7-?????-of-00002``;
- ``tf2``: an object-based ``tf.train.Checkpoint`` (keys ``.../.ATTRIBUTES/VARIABLE_VALUE``, the object graph);
- ``saved_model``: a TF2 SavedModel's ``variables/`` directory;
- ``objects``: ``tf.train.Checkpoint`` of a ``tf.Module`` tree (nested modules, a list and a dict of variables, edge
  names with ``.`` and ``/``, a module reached by two paths) and a Keras 2 optimizer (``tf_keras``, legacy Adam)
  with slot variables; beside TensorFlow's reading, its own view of every key when it saved: the owning object's
  path (``ObjectGraphView.breadth_first_traversal``), the variable's name, and for a slot its variable, optimizer
  and slot name (``get_slot``);
- ``keras2``: a Keras 2 model (``tf_keras``, two ``Dense`` layers, trained one step with legacy Adam) saved as a
  SavedModel (``keras_metadata.pb`` beside it); beside TensorFlow's reading of its ``variables/``, every variable
  of ``tf.saved_model.load`` of it by its path from the root, with the sha256 of its value: a variable joined to
  the wrong key reads other values.

- ``keras3``: a Keras 3 model (TensorFlow's own ``tf.keras``) exported as a SavedModel (``model.export``), with
  the same record of what ``tf.saved_model.load`` restores;
- ``save_weights``: a Keras 2 model's ``save_weights`` in TensorFlow's format (an object-based checkpoint of the
  model alone), with TensorFlow's own view of every key when it saved, as for ``objects``.

- ``bert_like``: a checkpoint named as BERT's are, with ``adam_m``/``adam_v`` slots and ``global_step`` (the
  README's migration recipe is tested on it);
- ``diff``: two pairs of TF1 Saver checkpoints (V2 and V1), ``b`` with one variable added, one reshaped and one
  float changed, and ``diff.expected.json`` (what differs, and numpy's largest differences of TensorFlow's values).

Variables reached by more than one path (issue 33), each with ``loaded_variables`` where it is a SavedModel, and
``view``: every key's owner as ``tf.train.CheckpointView`` shows it (the first path from the root of its
breadth-first ``descendants()``, by ``children()``'s names):

- ``keras3_nested``: a Keras 3 functional model holding a nested functional model (``block_dense``, ``block_out``),
  a ``BatchNormalization``, compiled with a metric and trained a step, exported (``model.export``);
- ``keras2_nested``: the same in Keras 2 (``tf_keras``) saved as a SavedModel: ``keras_api/metrics/N/total``, the
  nested model's layers, ``keras_metadata.pb``; and ``layers``, every Keras layer's variables by TensorFlow's
  ``layer.weights`` and ``model.metrics`` (each variable's path in the loaded SavedModel, with its layer's name and
  class);
- ``module_dict``: a ``tf.Module`` whose dict keys hold ``/`` and ``.`` (``heads/reg/head/kernel`` is keyed
  ``heads/reg.Shead/kernel``), trained a step with Keras 3's Adam (its slots), saved as a SavedModel;
- ``resources``: ``tf.train.Checkpoint`` of a ``tf.data`` iterator and a ``MutableHashTable`` beside a variable:
  attributes saved as tensors of other names (``ITERATOR`` as ``ITERATOR_STATE``, ``table`` as ``table-keys`` and
  ``table-values``), and ``owners``: each tensor's attribute, by the names TensorFlow's own saveables give them.

``objects``, ``keras2`` and ``save_weights`` need ``tf_keras`` (``pip install tf_keras`` beside TensorFlow, the same
minor version).

Each expected file holds ``tf.train.list_variables`` (names and shapes), ``get_variable_to_dtype_map`` and
every tensor's values from ``get_tensor`` as lists (bytes as base64, complex as [real, imag], non-finite
floats as strings), which tests/test_checkpoints.py compares ``load_checkpoint`` and ``read_tensor`` with.
"""

from __future__ import annotations

import argparse
import base64
import json
import math
import os
import shutil
import sys
from pathlib import Path
from typing import Any

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np
import tensorflow as tf

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "checkpoints"

tf.config.set_logical_device_configuration(
    tf.config.list_physical_devices("CPU")[0], [tf.config.LogicalDeviceConfiguration()] * 2
)
v1 = tf.compat.v1


def _jsonable(value: Any) -> Any:
    if isinstance(value, bytes):
        return {"$base64": base64.b64encode(value).decode("ascii")}
    if isinstance(value, complex):
        return [_jsonable(value.real), _jsonable(value.imag)]
    if isinstance(value, float) and not math.isfinite(value):
        return {"$float": repr(value)}
    if isinstance(value, list):
        return [_jsonable(item) for item in value]
    return value


def _expected(prefix: str, written: Any = None) -> dict:
    """What TensorFlow reads back; a tensor it wrote but cannot read (V1: some dtypes) gets the values written."""
    reader = tf.train.load_checkpoint(prefix)
    dtypes = reader.get_variable_to_dtype_map()
    tensors = {}
    for name, shape in tf.train.list_variables(prefix):
        dtype = dtypes[name]
        try:
            value = reader.get_tensor(name)
        except tf.errors.InternalError as error:  # a DT_VARIANT (an iterator's state): no numpy value to give
            why = f"none: TensorFlow's reader gives no value ({error.message})"
            tensors[name] = {"dtype": _dtype_name(dtype), "shape": list(shape), "values": None, "values_from": why}
            continue
        except (NotImplementedError, tf.errors.UnimplementedError) as error:
            value = (written or {})[name]
            values = _jsonable(_listed(value, dtype))
            why = f"the values written: TensorFlow cannot read them back ({error})"
            tensors[name] = {"dtype": _dtype_name(dtype), "shape": list(shape), "values": values, "values_from": why}
            continue
        tensors[name] = {"dtype": _dtype_name(dtype), "shape": list(shape), "values": _jsonable(_listed(value, dtype))}
    return {"tensors": tensors}


def _dtype_name(dtype: Any) -> str:
    from tensorflow.core.framework import types_pb2

    return types_pb2.DataType.Name(dtype.as_datatype_enum)


def _listed(value: Any, dtype: Any) -> Any:
    if isinstance(value, bytes):
        return value
    if dtype == tf.bfloat16:
        return np.asarray(value).astype(np.float32).tolist()
    return np.asarray(value).tolist()


WRITTEN: dict = {}  # name -> the value each variable of the Saver cases was given


def _variable(name: str, value: Any, **kwargs: Any) -> None:
    WRITTEN[name] = kwargs.pop("written", value)
    v1.get_variable(name, initializer=value if "shape" not in kwargs else _sliced(value), **kwargs)


def _variables(suffix: str = "", device_a: str = "/cpu:0", device_b: str = "/cpu:0", v1_types: bool = False) -> None:
    """The variables of the Saver cases; *v1_types*: only the dtypes a V1 checkpoint can hold."""
    with tf.device(device_a):
        _variable(f"floats/f32{suffix}", np.arange(12, dtype=np.float32).reshape(3, 4) / 8)
        _variable(f"floats/f64{suffix}", np.array([1e300, -0.0, float("inf")], np.float64))
        _variable(f"floats/f16{suffix}", np.array([0.5, -2.0, 65504.0], np.float16))
        if not v1_types:  # V1: "Saving data type bfloat16 not yet supported"
            _variable(f"floats/bf16{suffix}", tf.constant([1.5, -3.0], tf.bfloat16), written=[1.5, -3.0])
        _variable(f"scalar{suffix}", np.float32(3.25))
        _variable(f"empty{suffix}", np.zeros((0, 3), np.float32))
        _variable(f"empty_inner{suffix}", np.zeros((2, 0), np.int32))
    with tf.device(device_b):
        ints = [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.int64]
        if not v1_types:  # V1: "Tensor slice serialization not implemented" for uint32 and uint64
            ints += [np.uint32, np.uint64]
        for dtype in ints:
            info = np.iinfo(dtype)
            _variable(f"ints/{np.dtype(dtype).name}{suffix}", np.array([info.min, 0, info.max], dtype),
                            use_resource=True)  # fmt: skip
        _variable(f"flags{suffix}", np.array([[True, False], [False, True]]))
        _variable(f"complex/c64{suffix}", np.array([1 + 2j, -0.5j], np.complex64))
        _variable(f"complex/c128{suffix}", np.array([3 - 4j], np.complex128))
        _variable(f"text/names{suffix}", np.array([b"ab", b"", b"\xff\x00cde"], dtype=object))
        _variable(f"text/one{suffix}", np.array(b"a single string", dtype=object))
        _variable(f"text/grid{suffix}", np.array([[b"x", b"yy"], [b"zzz", b"w" * 200]], dtype=object))
        rows = np.arange(30, dtype=np.float32).reshape(10, 3)
        _variable(f"part{suffix}", rows, shape=rows.shape, dtype=tf.float32,
                        partitioner=v1.fixed_size_partitioner(3))  # fmt: skip
        columns = np.arange(12, dtype=np.int64).reshape(2, 6)
        _variable(f"part_cols{suffix}", columns, shape=columns.shape, dtype=tf.int64,
                        partitioner=v1.fixed_size_partitioner(2, axis=1))  # fmt: skip
        _variable(f"global_step{suffix}", np.int64(1000), trainable=False)


def _sliced(full: np.ndarray) -> Any:
    """An initializer giving each part of a partitioned variable its own slice of *full*."""

    def initializer(shape: Any, dtype: Any = None, partition_info: Any = None) -> Any:
        offset = partition_info.var_offset if partition_info is not None else [0] * full.ndim
        index = tuple(slice(start, start + size) for start, size in zip(offset, shape))
        return tf.constant(full[index], dtype=dtype)

    return initializer


def _saver_case(name: str, **saver_args: Any) -> None:
    folder = OUT / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    graph = tf.Graph()
    with graph.as_default():
        v1_types = saver_args.get("write_version") == v1.train.SaverDef.V1
        if saver_args.pop("two_devices", False):
            _variables(device_a="/cpu:0", device_b="/cpu:1", v1_types=v1_types)
        else:
            _variables(v1_types=v1_types)
        # Relative paths in the checkpoint state file: the fixtures are read wherever the repository lies.
        saver = v1.train.Saver(save_relative_paths=True, **saver_args)
        with v1.Session(graph=graph) as session:
            session.run(v1.global_variables_initializer())
            prefix = saver.save(session, str(folder / "model.ckpt"), global_step=7, write_meta_graph=False)
    _write_expected(name, prefix, WRITTEN)


def _write_expected(name: str, prefix: str, written: Any = None, **extra: Any) -> None:
    expected = _expected(prefix, written)
    expected.update(extra)
    expected["prefix"] = os.path.relpath(prefix, OUT)
    (OUT / f"{name}.expected.json").write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")
    print(f"{name}: {len(expected['tensors'])} tensors", file=sys.stderr)


def _tf2_case() -> None:
    folder = OUT / "tf2"
    shutil.rmtree(folder, ignore_errors=True)
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])
    model.compile(optimizer="adam", loss="mse")
    model.fit(np.ones((4, 3), np.float32), np.ones((4, 2), np.float32), epochs=1, verbose=0)
    checkpoint = tf.train.Checkpoint(model=model, step=tf.Variable(5, dtype=tf.int64), note=tf.Variable(b"hello"))
    prefix = checkpoint.save(str(folder / "ckpt"))
    _write_expected("tf2", prefix)


def _remove(folder: Path, *names: str) -> None:
    for name in names:
        target = folder / name
        if target.is_dir():
            shutil.rmtree(target)
        elif target.exists():
            target.unlink()


def _saved_model_case() -> None:
    folder = OUT / "saved_model"
    shutil.rmtree(folder, ignore_errors=True)
    module = tf.Module()
    module.w = tf.Variable(np.arange(6, dtype=np.float32).reshape(2, 3))
    module.b = tf.Variable([0.5, -0.5])
    module.f = tf.function(lambda x: tf.matmul(x, module.w), input_signature=[tf.TensorSpec([None, 2])])
    tf.saved_model.save(module, str(folder))
    _remove(
        folder, "saved_model.pb", "fingerprint.pb", "assets"
    )  # the variables are the fixture: the graph is tested elsewhere
    _write_expected("saved_model", str(folder / "variables" / "variables"))


def _objects(root: Any) -> Any:
    """Every object of *root*'s graph with its path's edge names, as TensorFlow names them when it saves:
    [(object, [name, ...])]."""
    from tensorflow.python.checkpoint import graph_view

    _, paths = graph_view.ObjectGraphView(root).breadth_first_traversal()
    return [(obj, [reference.name for reference in path]) for obj, path in paths.items()]


def _variable_keys(root: Any) -> Any:
    """The key of every variable the walk from *root* reaches, with its object's path and name: what TensorFlow
    knew of each when it saved (not read from the file)."""
    keys = {}
    for obj, names in _objects(root):
        if isinstance(obj, tf.Variable):
            keys[f"{_escaped(names)}/.ATTRIBUTES/VARIABLE_VALUE"] = {
                "object": "/".join(names), "full_name": obj.name.rsplit(":", 1)[0], "slot": None
            }  # fmt: skip
    return keys


def _escaped(names: Any) -> str:
    from tensorflow.python.trackable import trackable_utils

    return "/".join(trackable_utils.escape_local_name(name) for name in names)


def _objects_case() -> None:
    import tf_keras
    from tensorflow.python.trackable import trackable_utils

    folder = OUT / "objects"
    shutil.rmtree(folder, ignore_errors=True)
    rng = np.random.default_rng(25)

    def variable(shape: Any, name: str) -> Any:
        return tf.Variable(rng.standard_normal(shape).astype(np.float32), name=name)

    root = tf.Module()
    root.encoder = tf.Module()
    root.encoder.layers = [tf.Module(), tf.Module()]
    root.encoder.layers[0].w = variable((3, 2), "enc0/w")
    root.encoder.layers[1].w = variable((2, 2), "enc1/w")
    root.encoder.layers[1].b = variable((2,), "enc1/b")
    root.table = {"a.b": variable((2,), "dotted"), "x/y": variable((1,), "slashed")}
    root.shared = root.encoder.layers[0]  # reached by two paths: the first names it
    trainable = [root.encoder.layers[0].w, root.encoder.layers[1].w, root.encoder.layers[1].b]
    optimizer = tf_keras.optimizers.legacy.Adam(0.1)
    with tf.GradientTape() as tape:
        loss = tf.add_n([tf.reduce_sum(v * v) for v in trainable])
    optimizer.apply_gradients(zip(tape.gradient(loss, trainable), trainable))
    checkpoint = tf.train.Checkpoint(model=root, optimizer=optimizer, step=tf.Variable(3, dtype=tf.int64))
    prefix = checkpoint.save(str(folder / "ckpt"))
    # Every key's object, variable and slot as TensorFlow knew them when it saved (not read from the file): the
    # variables the walk reaches, by their path; the slot variables (which no path reaches) by get_slot.
    paths = {id(obj): names for obj, names in _objects(checkpoint)}
    objects = _variable_keys(checkpoint)
    optimizer_names = paths[id(optimizer)]
    for v in trainable:
        for slot_name in optimizer.get_slot_names():
            slot = optimizer.get_slot(v, slot_name)
            key = trackable_utils.slot_variable_key(_escaped(paths[id(v)]), _escaped(optimizer_names), slot_name)
            variable_path, optimizer_path = "/".join(paths[id(v)]), "/".join(optimizer_names)
            objects[f"{key}/.ATTRIBUTES/VARIABLE_VALUE"] = {
                "object": f"{variable_path}/.OPTIMIZER_SLOT/{optimizer_path}/{slot_name}",
                "full_name": slot.name.rsplit(":", 1)[0],
                "slot": {"variable": variable_path, "optimizer": optimizer_path, "name": slot_name},
            }
    _write_expected("objects", prefix, objects=objects)


def _keras2_case() -> None:
    import tf_keras

    folder = OUT / "keras2"
    shutil.rmtree(folder, ignore_errors=True)
    rng = np.random.default_rng(22)
    model = tf_keras.Sequential(
        [tf_keras.Input((3,)), tf_keras.layers.Dense(4, name="hidden"), tf_keras.layers.Dense(2, name="out")]
    )
    model.compile(optimizer=tf_keras.optimizers.legacy.Adam(0.1), loss="mse")
    model.fit(rng.standard_normal((8, 3)), rng.standard_normal((8, 2)), epochs=1, verbose=0)
    model.save(str(folder), save_format="tf")
    _remove(folder, "fingerprint.pb", "assets")  # not what the fixture is about, and fingerprints change
    _write_expected("keras2", str(folder / "variables" / "variables"), loaded_variables=_loaded_variables(folder))


def _loaded_variables(folder: Path) -> Any:
    """Every variable ``tf.saved_model.load`` restores, by its path from the root: the sha256 of its value."""
    import hashlib

    saved = {}
    for obj, names in _objects(tf.saved_model.load(str(folder))):
        if isinstance(obj, tf.Variable):
            saved["/".join(names)] = hashlib.sha256(obj.numpy().tobytes()).hexdigest()
    return dict(sorted(saved.items()))


def _keras3_case() -> None:
    folder = OUT / "keras3"
    shutil.rmtree(folder, ignore_errors=True)
    rng = np.random.default_rng(23)
    model = tf.keras.Sequential(
        [tf.keras.Input((3,)), tf.keras.layers.Dense(4, name="hidden"), tf.keras.layers.Dense(2, name="out")]
    )
    model.compile(optimizer="adam", loss="mse")
    model.fit(rng.standard_normal((8, 3)), rng.standard_normal((8, 2)), epochs=1, verbose=0)
    model.export(str(folder), verbose=False)
    _remove(folder, "fingerprint.pb", "assets")  # not what the fixture is about, and fingerprints change
    _write_expected("keras3", str(folder / "variables" / "variables"), loaded_variables=_loaded_variables(folder))


def _save_weights_case() -> None:
    import tf_keras

    folder = OUT / "save_weights"
    shutil.rmtree(folder, ignore_errors=True)
    rng = np.random.default_rng(24)
    model = tf_keras.Sequential([tf_keras.Input((3,)), tf_keras.layers.Dense(2, name="only")])
    model.compile(optimizer=tf_keras.optimizers.legacy.SGD(0.1, momentum=0.9), loss="mse")
    model.fit(rng.standard_normal((8, 3)), rng.standard_normal((8, 2)), epochs=1, verbose=0)
    model.save_weights(str(folder / "weights"), save_format="tf")
    _write_expected("save_weights", str(folder / "weights"), objects=_variable_keys(model))


def _view(prefix: str) -> Any:
    """Every key of a TF 2 checkpoint with its owner as ``tf.train.CheckpointView`` shows it: the object's path
    (the first from the root in ``descendants()``'s breadth-first order, names from ``children()``) and the
    attribute's name. Slot variables, which no child edge reaches, are left out (``objects`` covers them)."""
    view = tf.train.CheckpointView(prefix)
    paths = {0: ""}
    for node_id in view.descendants():  # breadth-first from the root, the root first
        for name, child in view.children(node_id).items():
            if child not in paths:
                paths[child] = f"{paths[node_id]}/{name}" if paths[node_id] else name
    owners = {}
    for node_id, node in enumerate(view._object_graph_proto.nodes):  # the proto CheckpointView read
        for attribute in node.attributes:
            if node_id in paths:
                owners[attribute.checkpoint_key] = {"object": paths[node_id], "attribute": attribute.name}
    return dict(sorted(owners.items()))


def _keras_layers(model: Any, folder: Path) -> Any:
    """Every layer of a Keras 2 model (nested models' too) and every metric with the variables it owns, by each
    variable's path in the SavedModel ``tf.saved_model.load`` gives back (its first path from the root, as for
    ``loaded_variables``): {path: {"name", "class_name"}} of the layer whose ``weights`` hold it (a nested
    model's variables are its layers'), or of the metric whose ``variables`` do. Each live variable is found in
    the loaded objects by its live path, and each metric at ``keras_api/metrics/N`` by its place in
    ``model.metrics``, where Keras saves it."""
    loaded = tf.saved_model.load(str(folder))
    first = {id(obj): "/".join(names) for obj, names in _objects(loaded)}
    live = {id(obj): names for obj, names in _objects(model)}

    def at(names: Any) -> Any:
        obj = loaded
        for name in names:
            obj = obj._trackable_children()[name]
        return obj

    owned = {}
    stack = list(model.layers)
    while stack:
        layer = stack.pop()
        if getattr(layer, "layers", None):
            stack.extend(layer.layers)
            continue
        for weight in layer.weights:
            owned[first[id(at(live[id(weight)]))]] = {"name": layer.name, "class_name": type(layer).__name__}
    for index, metric in enumerate(model.metrics):  # the compiled loss and metrics
        saved = at(["keras_api", "metrics", str(index)])
        assert len(saved._trackable_children()) >= len(metric.variables)
        for weight in metric.variables:
            variable = saved._trackable_children()[weight.name.rsplit(":", 1)[0]]
            owned[first[id(variable)]] = {"name": metric.name, "class_name": type(metric).__name__}
    return dict(sorted(owned.items()))


def _nested_functional(keras: Any) -> Any:
    inner_input = keras.Input((4,))
    hidden = keras.layers.Dense(3, activation="relu", name="block_dense")(inner_input)
    block = keras.Model(inner_input, keras.layers.Dense(3, name="block_out")(hidden), name="block")
    outer_input = keras.Input((4,))
    normed = keras.layers.BatchNormalization(name="norm")(outer_input)
    model = keras.Model(outer_input, keras.layers.Dense(2, name="head")(block(normed)), name="outer")
    return model


def _keras3_nested_case() -> None:
    folder = OUT / "keras3_nested"
    shutil.rmtree(folder, ignore_errors=True)
    rng = np.random.default_rng(33)
    tf.keras.utils.set_random_seed(33)
    model = _nested_functional(tf.keras)
    model.compile(optimizer="adam", loss="mse", metrics=["mae"])
    model.fit(rng.standard_normal((8, 4)), rng.standard_normal((8, 2)), epochs=1, verbose=0)
    model.export(str(folder), verbose=False)
    _remove(folder, "fingerprint.pb", "assets")
    prefix = str(folder / "variables" / "variables")
    _write_expected("keras3_nested", prefix, loaded_variables=_loaded_variables(folder), view=_view(prefix))


def _keras2_nested_case() -> None:
    import tf_keras

    folder = OUT / "keras2_nested"
    shutil.rmtree(folder, ignore_errors=True)
    rng = np.random.default_rng(34)
    tf_keras.utils.set_random_seed(34)
    model = _nested_functional(tf_keras)
    model.compile(optimizer=tf_keras.optimizers.legacy.Adam(0.1), loss="mse", metrics=["mae"])
    model.fit(rng.standard_normal((8, 4)), rng.standard_normal((8, 2)), epochs=1, verbose=0)
    model.save(str(folder), save_format="tf")
    _remove(folder, "fingerprint.pb", "assets")
    prefix = str(folder / "variables" / "variables")
    layers = _keras_layers(model, folder)
    _write_expected("keras2_nested", prefix, loaded_variables=_loaded_variables(folder), view=_view(prefix),
                    layers=layers)  # fmt: skip


def _module_dict_case() -> None:
    folder = OUT / "module_dict"
    shutil.rmtree(folder, ignore_errors=True)
    rng = np.random.default_rng(35)

    def variable(shape: Any, name: str) -> Any:
        return tf.Variable(rng.standard_normal(shape).astype(np.float32), name=name)

    root = tf.Module()
    root.heads = {"reg/head": tf.Module(), "cls.v2": tf.Module()}
    root.heads["reg/head"].kernel = variable((3, 1), "reg_kernel")
    root.heads["cls.v2"].kernel = variable((3, 2), "cls_kernel")
    root.trunk = variable((3,), "trunk")
    trainable = [root.trunk, root.heads["reg/head"].kernel, root.heads["cls.v2"].kernel]
    optimizer = tf.keras.optimizers.Adam(0.1)
    with tf.GradientTape() as tape:
        loss = tf.add_n([tf.reduce_sum(v * v) for v in trainable])
    optimizer.apply_gradients(zip(tape.gradient(loss, trainable), trainable))
    root.optimizer = optimizer
    root.f = tf.function(lambda x: tf.matmul(x[None, :] * root.trunk, root.heads["reg/head"].kernel),
                         input_signature=[tf.TensorSpec([3])])  # fmt: skip
    tf.saved_model.save(root, str(folder))
    _remove(folder, "fingerprint.pb", "assets")
    prefix = str(folder / "variables" / "variables")
    _write_expected("module_dict", prefix, loaded_variables=_loaded_variables(folder), view=_view(prefix))


def _resources_case() -> None:
    folder = OUT / "resources"
    shutil.rmtree(folder, ignore_errors=True)
    dataset = tf.data.Dataset.range(10).shuffle(10, seed=36).batch(3)
    iterator = iter(dataset)
    next(iterator)
    table = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, default_value=-1)
    table.insert(tf.constant([b"a", b"b"]), tf.constant([1, 2], tf.int64))
    root = tf.Module()
    root.data = {"train": iterator}
    root.vocab = table
    root.count = tf.Variable(7, dtype=tf.int64)
    checkpoint = tf.train.Checkpoint(root=root)
    prefix = checkpoint.save(str(folder / "ckpt"))
    view = _view(prefix)
    # The tensors each attribute is saved as, by TensorFlow's own saveables: each object's saveable made with its
    # attribute's checkpoint key as its name, and the names of the tensors it writes (its specs).
    from tensorflow.python.training.saving import saveable_object_util

    owners = {key: owner for key, owner in view.items() if owner["attribute"] == "VARIABLE_VALUE"}  # the key itself
    for obj, names in _objects(root):  # Checkpoint(root=...) saves *root* as its root
        path = "/".join(names)
        attributes = [(key, owner["attribute"]) for key, owner in view.items()
                      if owner["object"] == path and owner["attribute"] != "VARIABLE_VALUE"]  # fmt: skip
        factories = list(saveable_object_util.saveable_objects_from_trackable(obj).values())
        if not attributes or len(attributes) != len(factories):
            continue
        for (key, attribute), factory in zip(attributes, factories):
            for spec in factory(name=key).specs:
                owners[spec.name] = {"object": path, "attribute": attribute}
    _write_expected("resources", prefix, view=view, owners=dict(sorted(owners.items())))


def _restore_case() -> None:
    """A checkpoint and meta graphs that would and would not restore from it, with TensorFlow's verdict."""
    folder = OUT / "restore"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)

    def build(kernel_shape: Any, extra: bool, drop_bias: bool, partitioned: bool, bias_type: Any = tf.float32) -> Any:
        graph = tf.Graph()
        with graph.as_default():
            v1.get_variable("dense/kernel", shape=kernel_shape, initializer=v1.ones_initializer())
            if not drop_bias:
                v1.get_variable("dense/bias", shape=[3], dtype=bias_type, initializer=v1.zeros_initializer())
            if extra:
                v1.get_variable("dense/extra", shape=[2], initializer=v1.zeros_initializer())
            v1.get_variable("emb", shape=[6, 2], initializer=v1.ones_initializer(),
                            partitioner=v1.fixed_size_partitioner(2 if partitioned else 3))  # fmt: skip
        return graph

    verdicts = {}
    written = build([4, 3], extra=False, drop_bias=False, partitioned=True)
    with written.as_default(), v1.Session(graph=written) as session:
        session.run(v1.global_variables_initializer())
        saver = v1.train.Saver(save_relative_paths=True)
        prefix = saver.save(session, str(folder / "model.ckpt"), write_meta_graph=False)
        v1.train.export_meta_graph(str(folder / "same.meta"))
        v1.train.export_meta_graph(str(folder / "same.meta.txt"), as_text=True)
    cases = {
        "reshaped.meta": build([5, 3], extra=False, drop_bias=False, partitioned=True),
        "grown.meta": build([4, 3], extra=True, drop_bias=True, partitioned=True),
        "repartitioned.meta": build([4, 3], extra=False, drop_bias=False, partitioned=False),
        "retyped.meta": build([4, 3], extra=False, drop_bias=False, partitioned=True, bias_type=tf.float64),
    }
    for name, graph in cases.items():
        with graph.as_default():
            v1.train.export_meta_graph(str(folder / name))
    for name in ["same.meta", "same.meta.txt", *cases]:
        graph = tf.Graph()
        with graph.as_default(), v1.Session(graph=graph) as session:
            restorer = v1.train.import_meta_graph(str(folder / name))
            try:
                restorer.restore(session, prefix)
                verdicts[name] = "restores"
            except Exception as error:  # TensorFlow's verdict, whatever it raises
                verdicts[name] = f"{type(error).__name__}: {str(error).splitlines()[0][:300]}"
    document = {"prefix": os.path.relpath(prefix, OUT), "tensorflow_restore": verdicts}
    (OUT / "restore.expected.json").write_text(json.dumps(document, indent=1) + "\n")
    print(f"restore: {verdicts}", file=sys.stderr)


def _diff_case() -> None:
    """Pairs of checkpoints that differ as people's do: ``b`` has one variable more, one reshaped, and one float of
    one variable changed; V2 (compared by CRC32C) and V1 (by values). ``diff.expected.json`` says so, with numpy's
    largest absolute and relative difference of the changed values, from TensorFlow's reading of both."""
    folder = OUT / "diff"
    shutil.rmtree(folder, ignore_errors=True)
    rng = np.random.RandomState(7)
    base = {"dense/kernel": rng.randn(4, 3).astype(np.float32), "dense/bias": rng.randn(3).astype(np.float32),
            "emb": rng.randn(5, 2).astype(np.float32), "same/w": rng.randn(2, 2).astype(np.float64),
            "step": np.array(12, np.int64)}  # fmt: skip
    changed = dict(base)
    changed["dense/kernel"] = base["dense/kernel"].copy()
    changed["dense/kernel"][1, 2] += np.float32(0.5)
    changed["emb"] = base["emb"].reshape(2, 5)
    changed["extra"] = np.arange(3, dtype=np.float32)
    written = {}
    for version, write_version in (("v2", v1.train.SaverDef.V2), ("v1", v1.train.SaverDef.V1)):
        for side, values in (("a", base), ("b", changed)):
            (folder / version / side).mkdir(parents=True)
            graph = tf.Graph()
            with graph.as_default():
                for name, value in values.items():
                    v1.get_variable(name, initializer=tf.constant(value), use_resource=False)
                saver = v1.train.Saver(write_version=write_version, save_relative_paths=True)
                with v1.Session(graph=graph) as session:
                    session.run(v1.global_variables_initializer())
                    prefix = saver.save(session, str(folder / version / side / "model.ckpt"), write_meta_graph=False)
            written[(version, side)] = os.path.relpath(prefix, OUT)
    reader_a = tf.train.load_checkpoint(str(OUT / written[("v2", "a")]))
    reader_b = tf.train.load_checkpoint(str(OUT / written[("v2", "b")]))
    kernel_a, kernel_b = reader_a.get_tensor("dense/kernel"), reader_b.get_tensor("dense/kernel")
    gap = np.abs(kernel_a.astype(np.float64) - kernel_b.astype(np.float64))
    scale = np.maximum(np.abs(kernel_a), np.abs(kernel_b)).astype(np.float64)
    expected = {
        "pairs": {version: [written[(version, "a")], written[(version, "b")]] for version in ("v2", "v1")},
        "only_in_a": [], "only_in_b": ["extra"], "changed": {"dense/kernel": "values", "emb": "shape"},
        "same": sorted(name for name in base if name not in ("dense/kernel", "emb")),
        "max_abs_diff": {"dense/kernel": float(gap.max())},
        "max_rel_diff": {"dense/kernel": float((gap / np.where(scale == 0, 1, scale)).max())},
    }  # fmt: skip
    (OUT / "diff.expected.json").write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")
    print("diff: 2 pairs", file=sys.stderr)


def _bert_like_case() -> None:
    """A checkpoint named as Google's BERT checkpoints are (``bert/encoder/layer_N/...``), with the slots of BERT's
    ``AdamWeightDecayOptimizer`` (``<variable>/adam_m``, ``/adam_v``) and ``global_step``: the README's migration
    recipe is tested on it."""
    folder = OUT / "bert_like"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    rng = np.random.RandomState(3)
    names = ["bert/embeddings/word_embeddings", "bert/encoder/layer_0/attention/self/query/kernel",
             "bert/encoder/layer_0/attention/self/query/bias", "bert/encoder/layer_1/output/dense/kernel",
             "bert/pooler/dense/kernel"]  # fmt: skip
    graph = tf.Graph()
    with graph.as_default():
        for name in names:
            shape = (8, 4) if name.endswith("kernel") or name.endswith("embeddings") else (4,)
            v1.get_variable(name, initializer=tf.constant(rng.randn(*shape).astype(np.float32)), use_resource=False)
            for slot in ("adam_m", "adam_v"):
                v1.get_variable(f"{name}/{slot}", shape=shape, initializer=v1.zeros_initializer(), trainable=False,
                                use_resource=False)  # fmt: skip
        v1.train.get_or_create_global_step()
        saver = v1.train.Saver(save_relative_paths=True)
        with v1.Session(graph=graph) as session:
            session.run(v1.global_variables_initializer())
            prefix = saver.save(session, str(folder / "bert_model.ckpt"), write_meta_graph=False)
    _write_expected("bert_like", prefix)


_CASES = {
    "bert_like": _bert_like_case,
    "restore": _restore_case,
    "diff": _diff_case,
    "v2": lambda: _saver_case("v2"),
    "v2_sharded": lambda: _saver_case("v2_sharded", sharded=True, two_devices=True),
    "v1": lambda: _saver_case("v1", write_version=v1.train.SaverDef.V1),
    "v1_sharded": lambda: _saver_case("v1_sharded", sharded=True, two_devices=True, write_version=v1.train.SaverDef.V1),
    "tf2": _tf2_case,
    "saved_model": _saved_model_case,
    "objects": _objects_case,
    "keras2": _keras2_case,
    "keras3": _keras3_case,
    "save_weights": _save_weights_case,
    "keras3_nested": _keras3_nested_case,
    "keras2_nested": _keras2_nested_case,
    "module_dict": _module_dict_case,
    "resources": _resources_case,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cases", nargs="*", metavar="CASE", help=f"only these cases: {', '.join(_CASES)}")
    cases = parser.parse_args().cases
    if set(cases) - set(_CASES):
        parser.error(f"no case {sorted(set(cases) - set(_CASES))[0]!r}")
    OUT.mkdir(parents=True, exist_ok=True)
    for name in cases or _CASES:
        _CASES[name]()
    return 0


if __name__ == "__main__":
    sys.exit(main())
