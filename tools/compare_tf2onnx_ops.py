# SPDX-License-Identifier: Apache-2.0
"""The TensorFlow ops tf2onnx has a handler for beside the conversion's op table: which the table converts, which
are an input pipeline's (the conversion cuts the graph at them), which it refuses (and why), and which are not
TensorFlow ops at all (the names tf2onnx's TFLite and tfjs front ends and its
own rewriters give their ops).

Run where tf2onnx and TensorFlow are installed (the tf2onnx suite's venv, ``$HOME/.cache/tfc-tf2onnx-suite``), from
the project's root:

    ~/.cache/tfc-tf2onnx-suite/bin/python -m tools.compare_tf2onnx_ops [--markdown]

tf2onnx registers a handler per op name when its ``onnx_opset`` and ``custom_opsets`` packages are imported
(``tf2onnx.handler.tf_op``); the names whose ONNX ops are ONNX's own (the default domain and ``ai.onnx.ml``) are read
from that registry. Some ops reach tf2onnx's rewriters or its grappler pass before any handler (a quantize pair, a
variable read): the ops the table converts that tf2onnx has no handler for are listed as that, not as ops tf2onnx
cannot convert. An op is a TensorFlow op when TensorFlow registers it
(``op_def_registry.get``). The table's side is ``RULES``, and a refusal's reason is what
``unsupported_ops`` says of a graph holding one node of the op.
"""

from __future__ import annotations

import argparse
import importlib
import sys


def _tf2onnx_ops():
    # Imported for what importing does: the handlers register, as tf2onnx's converter has them registered.
    for package in ("tf2onnx.onnx_opset", "tf2onnx.custom_opsets"):
        importlib.import_module(package)
    from tf2onnx.handler import tf_op

    names = set()
    for domain, versions in tf_op._OPSETS.items():  # tf2onnx's registry: domain -> [{op name: handler}] per opset
        if domain not in ("", "ai.onnx.ml"):  # ai.onnx.contrib, com.microsoft: onnxruntime-extensions', ORT's own
            continue
        for handlers in versions:
            names.update(handlers)
    return names


def _is_tensorflow_op(name):
    import tensorflow  # noqa: F401  (registers its ops)
    from tensorflow.python.framework import op_def_registry

    return op_def_registry.get(name) is not None


# The pipeline's own nodes (the iterator or queue its reads take): left behind when the graph is cut at its reads.
_PIPELINE_SOURCES = frozenset({"IteratorV2", "Iterator", "OneShotIterator", "FIFOQueueV2", "PaddingFIFOQueueV2",
                               "RandomShuffleQueueV2"})  # fmt: skip


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--markdown", action="store_true", help="print docs/onnx.md's paragraph's lists")
    args = parser.parse_args(argv)
    from tfcollections._convert.cuts import PIPELINE_READS
    from tfcollections._convert.optable import RULES
    from tfcollections._convert.refusals import unsupported_ops

    handled = _tf2onnx_ops()
    converted = sorted(op for op in handled if op in RULES)
    refused = {}
    foreign = []
    cut = []
    for op in sorted(handled - set(RULES)):
        if not _is_tensorflow_op(op):
            foreign.append(op)
            continue
        if op in PIPELINE_READS or op in _PIPELINE_SOURCES:
            cut.append(op)
            continue
        (entry,) = unsupported_ops([{"op": op, "name": op}], 21)
        refused[op] = entry["why"]
    beyond = sorted(op for op in RULES if op not in handled and _is_tensorflow_op(op))
    print(f"tf2onnx 1.17 handles {len(handled)} op names into ONNX's own domains: {len(converted)} converted here, "
          f"{len(cut)} an input pipeline's, cut at, {len(refused)} TensorFlow ops refused, {len(foreign)} no "
          f"TensorFlow op; the table converts "
          f"{len(beyond)} TensorFlow ops tf2onnx has no handler for "
          "(its rewriters and grappler pass may take some)")  # fmt: skip
    if args.markdown:
        reasons = {}
        for op, why in refused.items():
            reasons.setdefault(why, []).append(f"`{op}`")
        print("\nrefused: " + "; ".join(f"{', '.join(ops)} ({why})" for why, ops in reasons.items()))
        print("\ncut at: " + ", ".join(f"`{op}`" for op in cut))
        print("\nno TensorFlow op: " + ", ".join(f"`{op}`" for op in foreign))
        print("\nno handler of tf2onnx: " + ", ".join(f"`{op}`" for op in beyond))
    else:
        for op, why in refused.items():
            print(f"refused  {op}: {why}")
        for op in cut:
            print(f"cut at   {op}")
        for op in foreign:
            print(f"foreign  {op}")
        for op in beyond:
            print(f"no handler of tf2onnx  {op}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
