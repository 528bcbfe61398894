# SPDX-License-Identifier: Apache-2.0
"""Write ``tests/data/subgraph/``: a TF 1 model and what ``tf.contrib.graph_editor.SubGraphView`` says of its scopes.

    /tmp/venv-tf115/bin/python tools/generate_subgraph_fixtures.py

Run with a Python 3.7 whose TensorFlow is 1.15 (``contrib`` included; docs/development.md says how to make one).
The model is TF 1 code as it was written: nested variable scopes of dense layers, a ``tf.split`` whose second half
nothing uses, a ``tf.while_loop``, a ``tf.cond``, a control dependency on an assertion, a loss, a training op, a
``Defun`` function, and a saver. It is exported with ``export_meta_graph`` (binary ``model.meta`` and text
``model.meta.txt``; both record ``_output_shapes``). For every scope of one to three components that names a node's
prefix, ``graph_editor.make_view_from_scope`` gives the view (the scope's ops, its ``inputs`` and ``outputs``
tensors: TensorFlow's own ``compute_boundary_ts``), written to ``EXPECTED.json`` with each tensor's dtype, shape and
consumers as the ``tf.Graph`` has them, and the control edges that cross the scope's boundary (``op.control_inputs``
and ``op._control_outputs``), which ``SubGraphView`` does not compute. The tests compare ``tfcollections.subgraph``
with this, file by file; nothing here runs in the tests.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(REPO, "tests", "data", "subgraph")

import tensorflow as tf  # noqa: E402
from tensorflow.contrib import graph_editor as ge  # noqa: E402
from tensorflow.python.framework import function  # noqa: E402


def build() -> tf.Graph:
    graph = tf.Graph()
    with graph.as_default():
        tf.set_random_seed(1)
        x = tf.placeholder(tf.float32, [None, 4], name="x")
        labels = tf.placeholder(tf.int32, [None], name="labels")
        with tf.variable_scope("encoder"):
            with tf.variable_scope("layer1"):
                hidden = tf.layers.dense(x, 8, activation=tf.nn.relu)
            with tf.variable_scope("layer2"):
                hidden = tf.layers.dense(hidden, 8)
            halves = tf.split(hidden, 2, axis=1, name="halves")  # the second half is used by nothing
        with tf.name_scope("loop"):
            counter = tf.constant(0, name="counter")
            _, looped = tf.while_loop(lambda i, acc: i < 3, lambda i, acc: (i + 1, acc * 0.5), [counter, halves[0]])
        with tf.name_scope("branch"):
            positive = tf.reduce_sum(looped) > 0
            branched = tf.cond(positive, lambda: looped + 1.0, lambda: looped - 1.0)
        check = tf.debugging.assert_rank(x, 2, name="check_rank")
        with tf.control_dependencies([check]):
            logits = tf.identity(branched, name="logits")
        with tf.name_scope("loss"):
            loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
        tf.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=tf.train.get_or_create_global_step())

        @function.Defun(tf.float32, func_name="triple")
        def triple(value):
            with tf.name_scope("scale"):
                return value * 3.0

        with tf.name_scope("post"):
            tf.identity(triple(logits), name="tripled")
        tf.train.Saver()
    return graph


def tensor_name(tensor: tf.Tensor) -> str:
    return tensor.name


def shape_of(tensor: tf.Tensor):
    shape = tensor.shape
    if shape.ndims is None:
        return None
    return [-1 if dim is None else dim for dim in shape.as_list()]


def dtype_of(tensor: tf.Tensor) -> str:
    from tensorflow.core.framework import types_pb2

    return types_pb2.DataType.Name(tensor.dtype.as_datatype_enum)


def view(graph: tf.Graph, scope: str) -> dict:
    sgv = ge.make_view_from_scope(scope, graph)
    inside = set(sgv.ops)
    control_inputs, control_outputs = [], []
    for op in sgv.ops:
        for dependency in op.control_inputs:
            if dependency not in inside and dependency.name not in control_inputs:
                control_inputs.append(dependency.name)
    for op in sgv.ops:
        if any(consumer not in inside for consumer in op._control_outputs):
            control_outputs.append(op.name)

    def described(tensor, consumers):
        return {"tensor": tensor.name, "producer": tensor.op.name, "op": tensor.op.type, "dtype": dtype_of(tensor),
                "shape": shape_of(tensor), "consumers": consumers}  # fmt: skip

    return {
        "scope": scope,
        "ops": [{"name": op.name, "op": op.type} for op in sgv.ops],
        "inputs": [described(t, [c.name for c in t.consumers() if c in inside]) for t in sgv.inputs],
        "outputs": [described(t, [c.name for c in t.consumers() if c not in inside]) for t in sgv.outputs],
        "control_inputs": control_inputs,
        "control_outputs": control_outputs,
    }


def main() -> int:
    os.makedirs(OUT, exist_ok=True)
    graph = build()
    meta = os.path.join(OUT, "model.meta")
    with graph.as_default():
        tf.train.export_meta_graph(meta, graph=graph, as_text=False)
        tf.train.export_meta_graph(meta + ".txt", graph=graph, as_text=True)
    names = [op.name for op in graph.get_operations()]
    scopes = sorted({"/".join(name.split("/")[:depth]) for name in names for depth in (1, 2, 3)
                     if name.count("/") >= depth})  # fmt: skip
    views = [view(graph, scope) for scope in scopes]
    expected = {"tensorflow": tf.__version__, "views": [v for v in views if v["ops"]]}
    with open(os.path.join(OUT, "EXPECTED.json"), "w") as out:
        json.dump(expected, out, indent=1, sort_keys=True)
        out.write("\n")
    print(f"{len(expected['views'])} views of {len(names)} nodes written to {OUT}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args()
    sys.exit(main())
