# SPDX-License-Identifier: Apache-2.0
"""Write ``tests/data/scan/``: hostile models the security scan must find everything in, written by TensorFlow.

    $TFVENV/bin/python -m tools.generate_scan_fixtures [--tf23 PYTHON]

Run in the venv with ``tensorflow-cpu`` and ``tf_keras`` ($TFVENV: docs/development.md). Each model is built by
TensorFlow's own API, as an author would build it; nothing here is run by the tests:

- ``read_file_frozen.pb``: a frozen GraphDef whose output is ``tf.io.read_file`` of a path it is fed (what
  modelscan passes clean: it parses a ``.pb`` as a SavedModel);
- ``pyfunc_dataset.meta``: a TF 1 meta graph whose ``tf.data`` map runs ``tf.py_func`` (PyFunc inside a library
  function);
- ``write_in_while/saved_model.pb``: a TF 2 SavedModel whose ``tf.function`` writes a file in the body of a
  ``tf.while_loop`` (WriteFile inside the While's body function);
- ``keras_lambda/``: a tf_keras model with a ``Lambda`` of a lambda and one of a named function (Keras marshals
  both as bytecode), saved as a SavedModel (``saved_model.pb`` and ``keras_metadata.pb``);
- ``keras_lambda_tf23/saved_model.pb`` (with ``--tf23``: a Python that imports TensorFlow 2.3): the same model
  saved by TensorFlow 2.3, which keeps the Keras metadata in the object graph's ``user_object.metadata``;
- ``custom_op.pb``: a frozen graph with a node of a custom op (``ZeroOut``, TensorFlow's custom-op tutorial),
  built with protobuf as a graph that loaded the op's library would save it;
- ``printing.meta``: a meta graph that prints with ``tf.print`` and ``tf.Print``.

``EXPECTED.json`` lists, for each, the findings (rule and op or layer) the scan must report.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "tests" / "data" / "scan"

_KERAS_MODEL = r"""
import sys
import tensorflow as tf
try:
    import tf_keras as keras
except ImportError:
    from tensorflow import keras

def double(x):
    return x * 2

inputs = keras.Input(shape=(3,))
hidden = keras.layers.Dense(4, name="dense")(inputs)
scaled = keras.layers.Lambda(lambda x: x * 0.5, name="halve")(hidden)
named = keras.layers.Lambda(double, name="double")(scaled)
model = keras.Model(inputs, named)
model.save(sys.argv[1], save_format="tf") if hasattr(model, "save") else None
"""


def read_file_frozen() -> bytes:
    import tensorflow.compat.v1 as tf

    graph = tf.Graph()
    with graph.as_default():
        path = tf.placeholder(tf.string, [], name="path")
        contents = tf.io.read_file(path, name="contents")
        tf.strings.length(contents, name="length")
    return graph.as_graph_def().SerializeToString()


def pyfunc_dataset() -> bytes:
    import tensorflow.compat.v1 as tf

    graph = tf.Graph()
    with graph.as_default():
        dataset = tf.data.Dataset.range(4).map(lambda i: tf.py_func(lambda v: v + 1, [i], tf.int64))
        tf.data.make_one_shot_iterator(dataset).get_next(name="next")
        return tf.train.export_meta_graph(graph=graph).SerializeToString()


def printing() -> bytes:
    import tensorflow.compat.v1 as tf

    graph = tf.Graph()
    with graph.as_default():
        x = tf.placeholder(tf.float32, [2], name="x")
        printed = tf.Print(x, [x], message="x is ", name="print_v1")
        with tf.control_dependencies([tf.print("sum", tf.reduce_sum(printed), name="print_v2")]):
            tf.identity(printed, name="out")
        return tf.train.export_meta_graph(graph=graph).SerializeToString()


def custom_op() -> bytes:
    from tensorflow.core.framework import graph_pb2, types_pb2

    graph = graph_pb2.GraphDef()
    graph.versions.producer = 1205
    placeholder = graph.node.add(name="to_zero", op="Placeholder")
    placeholder.attr["dtype"].type = types_pb2.DT_INT32
    zero = graph.node.add(name="zeroed", op="ZeroOut", input=["to_zero"])
    zero.attr["T"].type = types_pb2.DT_INT32
    return graph.SerializeToString()


def write_in_while(folder: Path) -> None:
    import tensorflow as tf

    class Writer(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([], tf.string)])
        def write(self, prefix):
            def body(i):
                tf.io.write_file(tf.strings.join([prefix, tf.strings.as_string(i)]), "x")
                return [i + 1]

            return tf.while_loop(lambda i: i < 3, body, [tf.constant(0)])

    tf.saved_model.save(Writer(), str(folder))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--tf23", metavar="PYTHON", help="a Python that imports TensorFlow 2.3 (pip: tensorflow-cpu==2.3.4)"
    )
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "read_file_frozen.pb").write_bytes(read_file_frozen())
    (OUT / "custom_op.pb").write_bytes(custom_op())
    (OUT / "pyfunc_dataset.meta").write_bytes(pyfunc_dataset())
    (OUT / "printing.meta").write_bytes(printing())
    with tempfile.TemporaryDirectory() as scratch:
        write_in_while(Path(scratch) / "writer")
        (OUT / "write_in_while").mkdir(exist_ok=True)
        shutil.copyfile(Path(scratch) / "writer" / "saved_model.pb", OUT / "write_in_while" / "saved_model.pb")
    pythons = [("keras_lambda", sys.executable)] + ([("keras_lambda_tf23", args.tf23)] if args.tf23 else [])
    for name, python in pythons:
        with tempfile.TemporaryDirectory() as scratch:
            env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", TF_USE_LEGACY_KERAS="1")
            subprocess.run([python, "-c", _KERAS_MODEL, str(Path(scratch) / "model")], check=True, env=env)
            (OUT / name).mkdir(exist_ok=True)
            for file in ("saved_model.pb", "keras_metadata.pb"):
                if (Path(scratch) / "model" / file).exists():
                    shutil.copyfile(Path(scratch) / "model" / file, OUT / name / file)
    expected = {
        "read_file_frozen.pb": [["read-op", "ReadFile"]],
        "custom_op.pb": [["unknown-op", "ZeroOut"]],
        "pyfunc_dataset.meta": [["python-op", "PyFunc"]],
        "printing.meta": [["print-op", "Print"], ["print-op", "PrintV2"]],
        "write_in_while/saved_model.pb": [["write-op", "WriteFile"]],
        # Keras marshals every Python function, named or not, as bytecode (function_type "lambda").
        "keras_lambda/saved_model.pb": [["keras-lambda-bytecode", "halve"], ["keras-lambda-bytecode", "double"]],
    }
    if args.tf23:
        expected["keras_lambda_tf23/saved_model.pb"] = expected["keras_lambda/saved_model.pb"]
    (OUT / "EXPECTED.json").write_text(json.dumps(expected, indent=1) + "\n")
    print(f"wrote {OUT.relative_to(REPO)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
