# SPDX-License-Identifier: Apache-2.0
"""Every TF 2 SavedModel of the corpora with a signature, converted to ONNX: what converts, what does not, and why;
with ``--meta``, every TF 1 ``.meta`` of the real and wild corpora.

Run in the TensorFlow venv (benchmarks/run.sh makes .venv-bench, with onnx and onnxruntime):

    .venv-bench/bin/python -m tools.convert_corpus [--shared ../shared] [--markdown] [--meta]

The real and wild corpora hold ``saved_model.pb`` files without their variables: each is converted with its variables
made zeros of their dtype and shape (the structure is what is tried: inlining, every op, the layout), checked by
onnx's full checker and run by onnxruntime on ones. The SavedModels of ``corpus/checkpoints`` have their variables:
each is converted with them and run on seeded inputs beside TensorFlow's own loader (``tf.saved_model.load``), every
output compared. A model that does not convert is listed with the library's first line of why.

A TF 1 ``.meta`` has no checkpoint beside it: its variables are given seeded values (by name), the same in the
conversion and in TensorFlow, which imports the ``.meta`` (``import_meta_graph``) and assigns them. Both run the
model on made-up inputs (floats, small integers, a float scalar 1.0 as a dropout's keep_prob, a bool scalar false; an
unknown dim 2, or 8 after the first, and floats in [0, 3) where TensorFlow refuses normal ones as indices) and every
output is compared (1e-5, relative above 1). An output computed from a random op is not (onnxruntime's numbers are
not TensorFlow's); one whose difference is within ten times what TensorFlow's own answer moves when every float
input moves by one ulp is the model's conditioning (large terms that cancel, as in a normalization by the statistics
of a few made-up rows), and is said apart.
"""

from __future__ import annotations

import argparse
import os
import sys
import zlib
from pathlib import Path

import numpy as np

import tfcollections
from tfcollections._convert import freeze as _freeze
from tfcollections._tensor import NUMERIC, Tensor

_NUMPY = {"DT_FLOAT": np.float32, "DT_DOUBLE": np.float64, "DT_INT32": np.int32, "DT_INT64": np.int64,
          "DT_BOOL": np.bool_, "DT_UINT8": np.uint8, "DT_HALF": np.float16, "DT_STRING": object}  # fmt: skip


def _made_values(make):
    """A stand-in for freeze._variable_values (its arguments; the calls and top nodes it joins captures with are not
    needed) giving each variable ``make(name, dtype, shape)``: the conversion of a model without its checkpoint."""

    def values_of(model, source, buf, index, meta_graph, graph, variables, checkpoint, *rest):
        found = tfcollections.load(model["path"], graph=True)["meta_graphs"][index]["graph"]["variables"]
        described = {variable["name"]: variable for variable in found}
        values = {}
        for node in variables:
            variable = described.get(node["name"]) or {}
            dtype = (variable.get("dtype") or "DT_FLOAT").replace("_REF", "")
            shape = tuple(max(dim, 1) for dim in (variable.get("shape") or []))
            values[node["name"]] = make(node["name"], dtype, shape)
        return values

    return values_of


def _zero(name, dtype, shape):
    """A Tensor of zeros of the dtype and shape."""
    size = NUMERIC[dtype][1] if dtype in NUMERIC else 4
    count = 1
    for dim in shape:
        count *= dim
    return Tensor(dtype, shape, bytes(count * size))


_zeros = _made_values(_zero)


def _feeds(session, rng):
    feeds = {}
    for item in session.get_inputs():
        shape = [dim if isinstance(dim, int) else 2 for dim in item.shape]
        kind = item.type[len("tensor(") : -1]
        if kind == "float":
            feeds[item.name] = rng.standard_normal(shape).astype(np.float32)
        elif kind.startswith("int"):
            feeds[item.name] = rng.integers(0, 3, shape).astype(np.int64 if kind == "int64" else np.int32)
        elif kind == "bool":
            feeds[item.name] = np.ones(shape, bool)
        else:
            return None  # strings (a serialized tf.Example): not made up here
    return feeds


def _signatures(path):
    loaded = tfcollections.load(path)
    meta_graph = next((mg for mg in loaded["meta_graphs"] if mg.get("object_graph_def") is not None), None)
    if meta_graph is None:
        return None
    return sorted(key for key in meta_graph["signature_def"] if not key.startswith("__"))


def check(path, with_variables, rng):
    import onnx
    import onnxruntime as ort

    signatures = _signatures(path)
    if not signatures:
        return None
    signature = "serving_default" if "serving_default" in signatures else signatures[0]
    original = _freeze._variable_values
    if not with_variables:
        _freeze._variable_values = _zeros
    try:
        data = tfcollections.to_onnx(path, signature=signature)
    except (tfcollections.DecodeError, ValueError) as exc:
        return signature, "not converted", str(exc).split("; ")[0][:300]
    finally:
        _freeze._variable_values = original
    onnx.checker.check_model(onnx.load_from_string(data), full_check=True)
    session = ort.InferenceSession(data, providers=["CPUExecutionProvider"])
    feeds = _feeds(session, rng)
    if feeds is None:
        return signature, "converted, checked", "its inputs are strings, which this does not make up: not run"
    outputs = session.run(None, feeds)
    if not with_variables:
        return signature, "converted, checked, run", f"{len(outputs)} output(s) on made-up inputs, zeros for weights"
    import tensorflow as tf

    function = tf.saved_model.load(str(path)).signatures[signature]
    expected = function(**{key: tf.constant(value) for key, value in feeds.items()})
    worst = max(float(np.max(np.abs(np.asarray(expected[item.name]) - value), initial=0.0))
                for item, value in zip(session.get_outputs(), outputs))  # fmt: skip
    verdict = "TensorFlow's answers" if worst <= 1e-5 else "DIFFERS from TensorFlow"
    return signature, f"converted, run: {verdict}", f"largest difference {worst:.2g}"


def _seeded(name, dtype, shape):
    """A variable's value, the same in the conversion and in TensorFlow: drawn from a generator seeded by its name."""
    rng = np.random.default_rng(zlib.crc32(name.encode()))
    if dtype in ("DT_FLOAT", "DT_DOUBLE", "DT_HALF") and len(shape) >= 2:
        # A kernel of Glorot's scale (its fan-in the dims before the last): activations stay near 1, where a float
        # sum's rounding is a float's, not a cancellation of terms grown layer by layer.
        fan_in = int(np.prod(shape[:-1])) or 1
        return (rng.standard_normal(shape) / np.sqrt(fan_in)).astype(_NUMPY[dtype])
    if dtype in ("DT_FLOAT", "DT_DOUBLE", "DT_HALF"):  # a bias, a scale, a batch norm's mean and variance
        return rng.uniform(0.5, 1.5, shape).astype(_NUMPY[dtype])
    if dtype in ("DT_INT32", "DT_INT64"):
        return rng.integers(0, 3, shape).astype(_NUMPY[dtype])
    return np.zeros(shape, _NUMPY.get(dtype, np.float32))


#: Each variable its ``_seeded`` value.
_seeded_values = _made_values(lambda name, dtype, shape: Tensor(dtype, shape, _seeded(name, dtype, shape).tobytes()))


# Ops whose numbers are drawn: an output computed from one is not compared.
_RANDOM = ("Random", "Multinomial", "TruncatedNormal", "ParameterizedTruncatedNormal", "Stateless")


def _meta_feeds(session, later, uniform, rng):
    feeds = {}
    for item in session.get_inputs():
        shape = [dim if isinstance(dim, int) else (2 if place == 0 else later) for place, dim in enumerate(item.shape)]
        kind = item.type[len("tensor(") : -1]
        if kind == "float":
            made = rng.uniform(0, 3, shape) if uniform else rng.standard_normal(shape)
            feeds[item.name] = np.ones(shape, np.float32) if not shape else made.astype(np.float32)
        elif kind.startswith("int"):
            made = np.full(shape, 2) if not shape else rng.integers(0, 3, shape)
            feeds[item.name] = made.astype(np.int64 if kind == "int64" else np.int32)
        elif kind == "bool":
            feeds[item.name] = np.zeros(shape, bool)
        else:
            return None  # strings: not made up here
    return feeds


def _tensorflow_run(path, feeds, outputs):
    """TensorFlow's outputs of the ``.meta`` with its variables ``_seeded``, and which outputs a random op computes."""
    import tensorflow.compat.v1 as tf

    graph = tf.Graph()
    with graph.as_default():
        tf.train.import_meta_graph(str(path), clear_devices=True)
        with tf.Session(graph=graph) as session:
            for op in graph.get_operations():
                if op.type in ("VariableV2", "Variable", "VarHandleOp"):
                    dtype = {"float32": "DT_FLOAT", "float64": "DT_DOUBLE", "float16": "DT_HALF", "int32": "DT_INT32",
                             "int64": "DT_INT64"}.get(op.get_attr("dtype").base_dtype.name, "DT_BOOL")  # fmt: skip
                    shape = tuple(max(dim or 1, 1) for dim in tf.TensorShape(op.get_attr("shape")).as_list())
                    value = _seeded(op.name, dtype, shape)
                    if op.type == "VarHandleOp":
                        session.run(tf.raw_ops.AssignVariableOp(resource=op.outputs[0], value=value))
                    else:
                        session.run(tf.assign(op.outputs[0], value, validate_shape=False))
            values = session.run(outputs, feeds)
            # The model's own sensitivity: its outputs when every float input moves by one ulp.
            nudged = {key: np.nextafter(value, np.inf) if value.dtype.kind == "f" else value
                      for key, value in feeds.items()}  # fmt: skip
            moved = session.run(outputs, nudged)
            drawn = []
            for name in outputs:
                pending, seen = [graph.get_tensor_by_name(name).op], set()
                while pending:
                    op = pending.pop()
                    if op.name not in seen:
                        seen.add(op.name)
                        pending.extend(item.op for item in op.inputs)
                drawn.append(any(graph.get_operation_by_name(name).type.startswith(_RANDOM) for name in seen))
    return values, moved, drawn


def _difference(value, wanted):
    """The largest difference of two outputs: floats relative above 1, anything else 0 or infinity."""
    value, wanted = np.asarray(value), np.asarray(wanted)
    if wanted.dtype.kind in "OS":  # TensorFlow's strings are bytes, onnxruntime's str
        wanted = np.vectorize(lambda item: item.decode() if isinstance(item, bytes) else item, otypes=[object])(wanted)
    if value.dtype.kind == "f" and value.shape == wanted.shape:
        scale = np.maximum(np.abs(wanted.astype(np.float64)), 1.0)
        return float(np.max(np.abs(value.astype(np.float64) - wanted) / scale, initial=0.0))
    return 0.0 if value.shape == wanted.shape and np.array_equal(value, wanted) else float("inf")


def _against_tensorflow(path, session):
    """The verdict of the converted model beside TensorFlow on made-up inputs (see the module's docstring)."""
    refused = None
    for later, uniform in ((2, False), (8, False), (2, True), (8, True)):
        feeds = _meta_feeds(session, later, uniform, np.random.default_rng(0))
        if feeds is None:
            return "converted, checked, loaded", "its inputs are strings, which this does not make up: not run"
        outputs = [item.name for item in session.get_outputs()]
        try:
            expected, moved, drawn = _tensorflow_run(path, feeds, outputs)
        except Exception as exc:  # TensorFlow refuses these made-up inputs: the next ones
            lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
            said = [line for line in lines if not line.startswith(("Graph execution error", "Detected at", "Node:"))]
            refused = (said or lines or [type(exc).__name__])[0][:120]
            continue
        try:
            got = session.run(outputs, feeds)
        except Exception as exc:
            return "converted: DIFFERS from TensorFlow", f"onnxruntime refused what TensorFlow ran: {exc}"[:300]
        worst, skipped, conditioned = 0.0, 0, 0
        for value, wanted, nudged, random in zip(got, expected, moved, drawn):
            difference = _difference(value, wanted)
            # Within ten times what TensorFlow's own answer moves for inputs one ulp away, the difference is the
            # model's conditioning (a sum of large terms cancelling), not the conversion.
            sensitivity = _difference(nudged, wanted) if np.asarray(wanted).dtype.kind == "f" else 0.0
            if random and difference > 1e-5:
                skipped += 1
            elif 1e-5 < difference <= 10 * sensitivity:
                conditioned += 1
            else:
                worst = max(worst, difference)
        notes = f"; {skipped} drawn at random, not compared" if skipped else ""
        notes += (f"; {conditioned} within ten times what TensorFlow's own answer moves for inputs one ulp away"
                  if conditioned else "")  # fmt: skip
        verdict = "TensorFlow's answers" if worst <= 1e-5 else "DIFFERS from TensorFlow"
        return f"converted, run: {verdict}", f"{len(outputs)} output(s), largest difference {worst:.2g}{notes}"
    return "converted, checked, loaded", f"TensorFlow refused every made-up input ({refused})"


def check_meta(path):
    """A TF 1 ``.meta`` of the corpora converted with its variables ``_seeded`` (its checkpoint is not there): the
    library's default inputs and outputs, checked by onnx's checker where its inputs and outputs all have a shape
    (an open rank is declared by its type alone), run beside TensorFlow (``_against_tensorflow``)."""
    import onnx
    import onnxruntime as ort

    original = _freeze._variable_values
    _freeze._variable_values = _seeded_values
    try:
        data = tfcollections.to_onnx(path, checkpoint=path)  # the checkpoint is not read: seeded values
    except (tfcollections.DecodeError, ValueError) as exc:
        return "not converted", str(exc).split("; ")[0][:300]
    finally:
        _freeze._variable_values = original
    model = onnx.load_from_string(data)
    values = [*model.graph.input, *model.graph.output]
    if all(item.type.tensor_type.HasField("shape") for item in values if item.type.HasField("tensor_type")):
        onnx.checker.check_model(model, full_check=True)
    session = ort.InferenceSession(data, providers=["CPUExecutionProvider"])
    cut = next((line for line in model.doc_string.splitlines() if line.startswith("inputs: ")), "")
    result, why = _against_tensorflow(path, session)
    return result, why + (" (the input pipeline cut)" if cut else "")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=Path(__file__).resolve().parent.parent.parent / "shared")
    parser.add_argument("--markdown", action="store_true", help="print the table as docs/onnx.md has it")
    parser.add_argument("--meta", action="store_true", help="the TF 1 .meta files of real/ and wild/ instead")
    args = parser.parse_args(argv)
    if args.meta:
        return _metas(args)
    rng = np.random.default_rng(36)
    rows = []
    for corpus in ("real", "wild"):
        for path in sorted((args.shared / "corpus" / corpus).glob("*saved_model.pb")):
            found = check(path, False, rng)
            if found is not None:
                rows.append((f"{corpus}/{path.name}", *found))
    for folder in sorted((args.shared / "corpus" / "checkpoints").iterdir()):
        if (folder / "saved_model.pb").is_file():
            found = check(folder, True, rng)
            if found is not None:
                rows.append((f"checkpoints/{folder.name}", *found))
    if args.markdown:
        print("| model | signature | result | why, or what was run |")
        print("|---|---|---|---|")
    for name, signature, result, why in rows:
        print(f"| `{name}` | `{signature}` | {result} | {why.replace('|', '/')} |" if args.markdown
              else f"{name}: {signature}: {result}: {why}")  # fmt: skip
    converted = sum(result.startswith("converted") for _, _, result, _ in rows)
    print(f"\n{converted} of {len(rows)} TF 2 SavedModels with a signature converted", file=sys.stderr)
    return 0 if not any("DIFFERS" in result for _, _, result, _ in rows) else 1


def _metas(args) -> int:
    paths = [
        (corpus, path)
        for corpus in ("real", "wild")
        for path in sorted((args.shared / "corpus" / corpus).glob("*.meta"))
    ]
    rows = []
    for corpus, path in paths:
        rows.append((f"{corpus}/{path.name}", *check_meta(path)))
        name, result, why = rows[-1]
        print(f"| `{name}` | {result} | {why.replace('|', '/')} |" if args.markdown else f"{name}: {result}: {why}")
    converted = sum(result.startswith("converted") for _, result, _ in rows)
    agreed = sum("TensorFlow's answers" in result for _, result, _ in rows)
    print(f"\n{converted} of {len(rows)} TF 1 .meta files converted (seeded weights); {agreed} run to TensorFlow's "
          "answers on made-up inputs", file=sys.stderr)  # fmt: skip
    return 0 if not any("DIFFERS" in result for _, result, _ in rows) else 1


if __name__ == "__main__":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    sys.exit(main())
