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
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import numpy as np

import tfcollections
from tfcollections._convert import freeze as _freeze
from tfcollections._tensor import NUMERIC, Tensor

_NUMPY = {"DT_FLOAT": np.float32, "DT_DOUBLE": np.float64, "DT_INT32": np.int32, "DT_INT64": np.int64,
          "DT_BOOL": np.bool_, "DT_UINT8": np.uint8, "DT_HALF": np.float16, "DT_STRING": object}  # fmt: skip


def _zeros(model, source, buf, index, meta_graph, graph, variables, checkpoint, *rest):
    """Each variable a Tensor of zeros of its dtype and shape: the conversion of a model without its checkpoint (the
    arguments freeze._variable_values takes; the calls and top nodes it joins captures with are not needed)."""
    found = tfcollections.load(model["path"], graph=True)["meta_graphs"][index]["graph"]["variables"]
    described = {variable["name"]: variable for variable in found}
    values = {}
    for node in variables:
        variable = described.get(node["name"]) or {}
        dtype = (variable.get("dtype") or "DT_FLOAT").replace("_REF", "")
        shape = tuple(max(dim, 1) for dim in (variable.get("shape") or []))
        size = NUMERIC[dtype][1] if dtype in NUMERIC else 4
        count = 1
        for dim in shape:
            count *= dim
        values[node["name"]] = Tensor(dtype, shape, bytes(count * size))
    return values


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


def check_meta(path):
    """A TF 1 ``.meta`` of the corpora converted with its variables made zeros (its checkpoint is not there): the
    library's default inputs and outputs, checked by onnx's checker where its inputs and outputs all have a shape
    (an open rank is declared by its type alone), loaded by onnxruntime."""
    import onnx
    import onnxruntime as ort

    original = _freeze._variable_values
    _freeze._variable_values = _zeros
    try:
        data = tfcollections.to_onnx(path, checkpoint=path)  # the checkpoint is not read: zeros
    except (tfcollections.DecodeError, ValueError) as exc:
        return "not converted", str(exc).split("; ")[0][:300]
    finally:
        _freeze._variable_values = original
    model = onnx.load_from_string(data)
    values = [*model.graph.input, *model.graph.output]
    if all(item.type.tensor_type.HasField("shape") for item in values if item.type.HasField("tensor_type")):
        onnx.checker.check_model(model, full_check=True)
    ort.InferenceSession(data, providers=["CPUExecutionProvider"])
    inputs = ", ".join(item.name for item in model.graph.input)
    cut = next((line for line in model.doc_string.splitlines() if line.startswith("inputs: ")), "")
    return "converted, checked, loaded", f"inputs {inputs}" + (" (the input pipeline cut)" if cut else "")


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
    rows = [(f"{corpus}/{path.name}", *check_meta(path)) for corpus, path in paths]
    for name, result, why in rows:
        print(f"| `{name}` | {result} | {why.replace('|', '/')} |" if args.markdown else f"{name}: {result}: {why}")
    converted = sum(result.startswith("converted") for _, result, _ in rows)
    print(f"\n{converted} of {len(rows)} TF 1 .meta files converted (zeros for weights)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    sys.exit(main())
