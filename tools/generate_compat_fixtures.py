# SPDX-License-Identifier: Apache-2.0
"""Write ``tests/data/compat/``: models TensorFlow 2.21 wrote, some with what older releases lack, and what older
releases do when they load each one (``verdicts.json``).

Two steps, each in its own interpreter:

    $TFVENV/bin/python -m tools.generate_compat_fixtures write            # the models (TensorFlow 2.21)
    .venv-tf1.15/bin/python -m tools.generate_compat_fixtures write-tf1   # the tf.contrib graph (TensorFlow 1.15)
    python -m tools.generate_compat_fixtures record .venv-tf1.15/bin/python .venv-tf2.4/bin/python \\
        .venv-tf2.12/bin/python $TFVENV/bin/python                       # each release loads each model

``record`` runs, in each Python given, a script that loads every case the way that release's users would:
a TF 2 SavedModel with ``tf.saved_model.load`` (2.x) or the TF 1 loader (1.x), a TF 1 SavedModel with
``tf.compat.v1.saved_model.loader.load``, a ``.meta`` with ``import_meta_graph``, a GraphDef with
``import_graph_def``, a checkpoint with ``tf.train.load_checkpoint`` and every tensor read; and, as the C++
loaders (TF Serving's ``LoadSavedModel``) do, every case's graph with ``import_graph_def`` and no producer op list
(nothing stripped). It records whether each load succeeded and the first line of the error; in a 1.x release, each
usual load again once ``tf.contrib`` is touched (its ops register lazily). The suite checks ``compatible``'s
verdicts against these without TensorFlow.

The side environments (Pythons from pyenv; each pins the protobuf its release's generated code needs):

    python3.7 -m venv .venv-tf1.15 && .venv-tf1.15/bin/pip install tensorflow==1.15.5 protobuf==3.20.3
    python3.8 -m venv .venv-tf2.4 && .venv-tf2.4/bin/pip install tensorflow-cpu==2.4.4 protobuf==3.20.3
    python3.11 -m venv .venv-tf2.12 && .venv-tf2.12/bin/pip install tensorflow-cpu==2.12.1
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from typing import Any, Dict, List

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_OUT = os.path.join(_ROOT, "tests", "data", "compat")

#: Each case: its file or folder, its format, and what it holds.
CASES: Dict[str, Dict[str, str]] = {
    "tf2_dense": {"path": "tf2_dense", "format": "tf2", "what": "a tf.Module: x @ W + b, relu (a variable, MatMul)"},
    "tf2_new_op": {"path": "tf2_new_op", "format": "tf2", "what": "SegmentMaxV2, an op registered since 2.13"},
    "tf2_bfloat16": {"path": "tf2_bfloat16", "format": "tf2",
                     "what": "DivNoNan of bfloat16 tensors (bfloat16 allowed since 2.6)"},
    "tf2_float8": {"path": "tf2_float8", "format": "tf2",
                   "what": "a cast to float8_e4m3fn and back (a DataType declared since 2.12)"},
    "tf1_dense": {"path": "tf1_dense", "format": "tf1",
                  "what": "a TF 1 SavedModel (graph mode), attrs at their defaults stripped by the builder"},
    "tf1_dense_unstripped": {"path": "tf1_dense_unstripped", "format": "tf1",
                             "what": "the same, written without stripping (MatMul's grad_a/grad_b at default)"},
    "meta_new_attr": {"path": "meta_new_attr.meta", "format": "meta",
                      "what": "a .meta whose MatMul sets grad_a=True (an attr since 2.16)"},
    "frozen_dense": {"path": "frozen_dense.pb", "format": "graphdef", "what": "tf1_dense's graph, frozen"},
    "frozen_min_consumer": {"path": "frozen_min_consumer.pb", "format": "graphdef",
                            "what": "frozen_dense with versions.min_consumer 2000 (above 2.12's 1395)"},
    "frozen_bad_consumer": {"path": "frozen_bad_consumer.pb", "format": "graphdef",
                            "what": "frozen_dense with versions.bad_consumers [1395] (2.12's own version)"},
    "frozen_contrib": {"path": "frozen_contrib.pb", "format": "graphdef",
                       "what": "a graph TensorFlow 1.15 wrote with tf.contrib's AdjustHsvInYiq (write-tf1)"},
    "ckpt_dtypes": {"path": "ckpt_dtypes/ckpt", "format": "checkpoint",
                    "what": "a TF 2 checkpoint of float32, bfloat16, float8_e4m3fn (since 2.12) and int4 (since 2.15)"},
}  # fmt: skip


def write() -> None:
    """Write every case with the TensorFlow this Python imports (2.21)."""
    import shutil

    import numpy as np
    import tensorflow as tf

    shutil.rmtree(_OUT, ignore_errors=True)  # every case anew: SavedModel builders refuse a folder that exists
    os.makedirs(_OUT)

    class Dense(tf.Module):
        def __init__(self) -> None:
            super().__init__()
            self.w = tf.Variable(np.arange(12, dtype=np.float32).reshape(4, 3) / 10, name="w")
            self.b = tf.Variable(np.ones(3, dtype=np.float32), name="b")

        @tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32, name="x")])
        def __call__(self, x: Any) -> Any:
            return {"y": tf.nn.relu(tf.matmul(x, self.w) + self.b)}

    module = Dense()
    tf.saved_model.save(module, os.path.join(_OUT, "tf2_dense"), signatures=module.__call__)

    class NewOp(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32, name="x"),
                                      tf.TensorSpec([None], tf.int32, name="ids")])  # fmt: skip
        def __call__(self, x: Any, ids: Any) -> Any:
            return {"y": tf.raw_ops.SegmentMaxV2(data=x, segment_ids=ids, num_segments=tf.constant(3))}

    module = NewOp()
    tf.saved_model.save(module, os.path.join(_OUT, "tf2_new_op"), signatures=module.__call__)

    class BFloat16(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32, name="x")])
        def __call__(self, x: Any) -> Any:
            half = tf.cast(x, tf.bfloat16)
            return {"y": tf.cast(tf.math.divide_no_nan(half, half + tf.constant(1, tf.bfloat16)), tf.float32)}

    module = BFloat16()
    tf.saved_model.save(module, os.path.join(_OUT, "tf2_bfloat16"), signatures=module.__call__)

    class Float8(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32, name="x")])
        def __call__(self, x: Any) -> Any:
            return {"y": tf.cast(tf.cast(x, tf.dtypes.experimental.float8_e4m3fn), tf.float32)}

    module = Float8()
    tf.saved_model.save(module, os.path.join(_OUT, "tf2_float8"), signatures=module.__call__)

    v1 = tf.compat.v1
    for name, strip in (("tf1_dense", True), ("tf1_dense_unstripped", False)):
        graph = tf.Graph()
        with graph.as_default():
            x = v1.placeholder(tf.float32, [None, 4], name="x")
            w = v1.get_variable("w", initializer=np.arange(12, dtype=np.float32).reshape(4, 3) / 10, use_resource=False)
            b = v1.get_variable("b", initializer=np.ones(3, dtype=np.float32), use_resource=False)
            y = tf.nn.relu(tf.matmul(x, w) + b, name="y")
            with v1.Session(graph=graph) as session:
                session.run(v1.global_variables_initializer())
                builder = v1.saved_model.Builder(os.path.join(_OUT, name))
                signature = v1.saved_model.predict_signature_def({"x": x}, {"y": y})
                builder.add_meta_graph_and_variables(session, ["serve"],
                                                     signature_def_map={"serving_default": signature},
                                                     strip_default_attrs=strip)  # fmt: skip
                builder.save()
                if strip:
                    frozen = v1.graph_util.convert_variables_to_constants(session, graph.as_graph_def(), ["y"])
    with open(os.path.join(_OUT, "frozen_dense.pb"), "wb") as out:
        out.write(frozen.SerializeToString())
    for name, change in (("frozen_min_consumer", "min_consumer"), ("frozen_bad_consumer", "bad_consumers")):
        copy = type(frozen)()
        copy.CopyFrom(frozen)
        if change == "min_consumer":
            copy.versions.min_consumer = 2000
        else:
            copy.versions.bad_consumers.append(1395)
        with open(os.path.join(_OUT, f"{name}.pb"), "wb") as out:
            out.write(copy.SerializeToString())

    graph = tf.Graph()
    with graph.as_default():
        a = v1.placeholder(tf.float32, [2, 2], name="a")
        tf.raw_ops.MatMul(a=a, b=tf.constant([[1.0, 0.0], [0.0, 1.0]]), grad_a=True, name="y")
        v1.train.export_meta_graph(os.path.join(_OUT, "meta_new_attr.meta"), graph=graph)

    import ml_dtypes  # int4 has no Cast kernel: its values come from numpy

    variables = {"f32": tf.Variable(np.arange(3, dtype=np.float32)),
                 "bf16": tf.Variable(tf.cast(tf.range(3.0), tf.bfloat16)),
                 "f8": tf.Variable(tf.cast(tf.range(3.0), tf.dtypes.experimental.float8_e4m3fn)),
                 "i4": tf.Variable(tf.constant(np.array([1, 2, 3], dtype=ml_dtypes.int4)))}  # fmt: skip
    tf.train.Checkpoint(**variables).write(os.path.join(_OUT, "ckpt_dtypes", "ckpt"))

    with open(os.path.join(_OUT, "cases.json"), "w", encoding="utf-8") as out:
        json.dump({"written_by": tf.__version__, "cases": CASES}, out, indent=1, sort_keys=True)
        out.write("\n")
    print(f"wrote {len(CASES)} cases in {_OUT}", file=sys.stderr)


def write_tf1() -> None:
    """Write the case only TensorFlow 1.x can: a graph with an op of tf.contrib (run in the 1.15 environment)."""
    import tensorflow as tf
    from tensorflow.contrib.image.python.ops import distort_image_ops

    graph = tf.Graph()
    with graph.as_default():
        images = tf.compat.v1.placeholder(tf.float32, [1, 2, 2, 3], name="x")
        distort_image_ops.adjust_hsv_in_yiq(images, 0.1, 1.0, 1.0, name="y")
    with open(os.path.join(_OUT, CASES["frozen_contrib"]["path"]), "wb") as out:
        out.write(graph.as_graph_def().SerializeToString())


# Run in each release's own Python: loads every case both ways, prints one JSON line.
_LOAD_SCRIPT = r"""
import json, os, sys
os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
import tensorflow as tf
from tensorflow.core.protobuf import saved_model_pb2, meta_graph_pb2
from tensorflow.core.framework import graph_pb2
v1 = tf.compat.v1
root, cases = sys.argv[1], json.loads(sys.argv[2])
major = int(tf.__version__.split(".")[0])

_READ = '''
import os, sys
os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
import tensorflow as tf
reader = tf.train.load_checkpoint(sys.argv[1])
for key in sorted(reader.get_variable_to_shape_map()):
    print(key, flush=True)
    reader.get_tensor(key)
'''

def read_checkpoint(case):
    # In a process of its own: an old release may abort (a CHECK in C++) on what it cannot read.
    import subprocess
    result = subprocess.run([sys.executable, "-c", _READ, os.path.join(root, case["path"])], capture_output=True,
                            text=True)
    if result.returncode != 0:
        keys = result.stdout.split()
        tail = [line for line in result.stderr.strip().splitlines() if line.strip()][-1:]
        how = "aborted (signal %d)" % -result.returncode if result.returncode < 0 else "failed"
        raise RuntimeError("reading %s: the process %s: %s" % (keys[-1] if keys else "the index", how,
                                                               tail[0] if tail else ""))

def graph_of(case):
    path = os.path.join(root, case["path"])
    if case["format"] in ("tf2", "tf1"):
        model = saved_model_pb2.SavedModel()
        with open(os.path.join(path, "saved_model.pb"), "rb") as f:
            model.ParseFromString(f.read())
        return model.meta_graphs[0].graph_def
    if case["format"] == "meta":
        meta = meta_graph_pb2.MetaGraphDef()
        with open(path, "rb") as f:
            meta.ParseFromString(f.read())
        return meta.graph_def
    graph_def = graph_pb2.GraphDef()
    with open(path, "rb") as f:
        graph_def.ParseFromString(f.read())
    return graph_def

def usual(case):
    path = os.path.join(root, case["path"])
    if case["format"] == "checkpoint":
        read_checkpoint(case)
    elif case["format"] == "tf2" and major >= 2:
        tf.saved_model.load(path)
    elif case["format"] in ("tf2", "tf1"):
        with tf.Graph().as_default(), v1.Session() as session:
            v1.saved_model.loader.load(session, ["serve"], path)
    elif case["format"] == "meta":
        with tf.Graph().as_default():
            v1.train.import_meta_graph(path)
    else:
        with tf.Graph().as_default():
            v1.import_graph_def(graph_of(case), name="")

def cpp(case):
    if case["format"] == "checkpoint":  # the same C++ reader (BundleReader) either way
        return read_checkpoint(case)
    with tf.Graph().as_default():
        v1.import_graph_def(graph_of(case), name="")

def attempt(load, case):
    try:
        load(case)
        return {"loads": True, "error": None}
    except Exception as exc:
        text = str(exc).strip().splitlines()
        return {"loads": False, "error": (type(exc).__name__ + ": " + (text[0] if text else ""))[:600]}

found = {name: {"usual": attempt(usual, case), "cpp": attempt(cpp, case)} for name, case in cases.items()}
if major < 2:  # then once tf.contrib is touched (its ops register then, and stay): each usual load again
    tf.contrib.image
    for name, case in cases.items():
        found[name]["after_contrib"] = attempt(usual, case)
print(json.dumps({"version": tf.__version__, "verdicts": found}))
"""


def record(pythons: List[str]) -> None:
    """Load every case in each Python's TensorFlow; write ``verdicts.json``."""
    with open(os.path.join(_OUT, "cases.json"), encoding="utf-8") as file:
        cases = json.load(file)["cases"]
    verdicts: Dict[str, Any] = {}
    for python in pythons:
        result = subprocess.run([python, "-c", _LOAD_SCRIPT, _OUT, json.dumps(cases)], capture_output=True,
                                text=True, check=True, env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"))  # fmt: skip
        data = json.loads(result.stdout.strip().splitlines()[-1])
        verdicts[data["version"]] = data["verdicts"]
        loads = sum(verdict["usual"]["loads"] for verdict in data["verdicts"].values())
        print(f"{python}: TensorFlow {data['version']} loads {loads} of {len(cases)}", file=sys.stderr)
    with open(os.path.join(_OUT, "verdicts.json"), "w", encoding="utf-8") as out:
        json.dump(verdicts, out, indent=1, sort_keys=True)
        out.write("\n")


def main(argv: List[str]) -> int:
    if argv[:1] == ["write"]:
        write()
        return 0
    if argv[:1] == ["write-tf1"]:
        write_tf1()
        return 0
    if argv[:1] == ["record"] and len(argv) > 1:
        record(argv[1:])
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    if sys.argv[1:] in (["-h"], ["--help"]):  # its commands are read by main, which prints the docstring
        argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter).parse_args()
    sys.exit(main(sys.argv[1:]))
