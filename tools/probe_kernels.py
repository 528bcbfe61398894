# SPDX-License-Identifier: Apache-2.0
"""Print the element types onnxruntime's CPU provider runs each ONNX op of ``KERNELS`` in
(tfcollections/_convert/kernels.py), to check that table against an installed onnxruntime.

    .venv/bin/python -m tools.probe_kernels            # the table's rows as onnxruntime answers them
    .venv/bin/python -m tools.probe_kernels --check    # exit 1 where the table and onnxruntime differ

Each op is built as a one-node model (opset 18) of small tensors of one element type in the typed inputs, the
others as the op takes them, and run once: a type is listed when the session is made and runs.
"""

from __future__ import annotations

import argparse
import sys

import numpy as np
import onnxruntime as ort
from onnx import TensorProto, helper

from tfcollections._convert.kernels import KERNELS

_TYPES = {
    "DT_FLOAT": (TensorProto.FLOAT, np.float32),
    "DT_DOUBLE": (TensorProto.DOUBLE, np.float64),
    "DT_HALF": (TensorProto.FLOAT16, np.float16),
    "DT_BFLOAT16": (TensorProto.BFLOAT16, None),
    "DT_INT8": (TensorProto.INT8, np.int8),
    "DT_INT16": (TensorProto.INT16, np.int16),
    "DT_INT32": (TensorProto.INT32, np.int32),
    "DT_INT64": (TensorProto.INT64, np.int64),
    "DT_UINT8": (TensorProto.UINT8, np.uint8),
    "DT_UINT16": (TensorProto.UINT16, np.uint16),
    "DT_UINT32": (TensorProto.UINT32, np.uint32),
    "DT_UINT64": (TensorProto.UINT64, np.uint64),
    "DT_BOOL": (TensorProto.BOOL, np.bool_),
    "DT_STRING": (TensorProto.STRING, np.str_),
}
_I64 = (TensorProto.INT64, np.int64)
_BOOL = (TensorProto.BOOL, np.bool_)


def _case(op):
    """The inputs of a one-node model of *op*: (name, "T" or a fixed (onnx type, array)), and its attrs."""
    pair = np.array([[1, 0], [0, 1]])
    index = (_I64, np.array([[1]], np.int64))
    cases = {
        "Where": ([(_BOOL, pair.astype(bool)), "T", "T"], {}),
        "MaxPool": (["T4"], {"kernel_shape": [1, 1]}),
        "Unique": (["T"], {"sorted": 0}),
        "OneHot": ([(_I64, np.array([1, 0], np.int64)), (_I64, np.array(2, np.int64)), "T2"], {}),
        "CumSum": (["T", (_I64, np.array(0, np.int64))], {}),
        "ScatterND": (["T", index, "T1"], {}),
        "ScatterND add": (["T", index, "T1"], {"reduction": "add"}),
        "ScatterND max": (["T", index, "T1"], {"reduction": "max"}),
        "ScatterND mul": (["T", index, "T1"], {"reduction": "mul"}),
        "MatMul": (["T", "T"], {}),
        "Clip": (["T"], {}),
        "TopK": (["T", (_I64, np.array([1], np.int64))], {}),
        "BitShift": (["T", "T"], {"direction": "LEFT"}),
    }
    if op.startswith(("Reduce", "ArgMax")):
        return (["T"], {"keepdims": 0})
    if op == "Expand":
        return (["T", (_I64, np.array([2, 2], np.int64))], {})
    if op == "GatherND":
        return (["T", index], {})
    unary = (
        "Det",
        "Round",
        "Cos",
        "Tan",
        "Asin",
        "Acos",
        "Atan",
        "Cosh",
        "Asinh",
        "Acosh",
        "Atanh",
        "Erf",
        "Softplus",
        "Softsign",
        "Abs",
        "Neg",
        "Sign",
        "NonZero",
        "Relu",
        "IsNaN",
        "IsInf",
        "Sin",
        "Sinh",
        "Floor",
        "Exp",
        "Sqrt",
    )
    if op in cases:
        return cases[op]
    if op in unary:
        return (["T"], {})
    return (["T", "T"], {})  # a binary op


def runs(op, dtype):
    onnx_type, numpy_type = _TYPES[dtype]
    if numpy_type is None:
        return False
    inputs, attrs = _case(op)
    infos, feeds, names = [], {}, []
    for index, item in enumerate(inputs):
        name = f"x{index}"
        names.append(name)
        if isinstance(item, str):
            shape = {"T": (2, 2), "T4": (1, 1, 2, 2), "T1": (1, 2), "T2": (2,)}[item]
            value = (np.arange(int(np.prod(shape))).reshape(shape) % 2 + 1).astype(numpy_type)
            infos.append(helper.make_tensor_value_info(name, onnx_type, list(shape)))
        else:
            (fixed_type, _), value = item
            infos.append(helper.make_tensor_value_info(name, fixed_type, list(value.shape)))
        feeds[name] = value
    outputs = {"Unique": 4, "TopK": 2}.get(op.split()[0], 1)
    node = helper.make_node(op.split()[0], names, [f"y{i}" for i in range(outputs)], **attrs)
    graph = helper.make_graph([node], "probe", infos, [helper.make_empty_tensor_value_info(f"y{i}")
                                                        for i in range(outputs)])  # fmt: skip
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)])
    try:
        session = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
        session.run(None, feeds)
    except Exception:  # no kernel, or one that refuses the type when it runs
        return False
    return True


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    ort.set_default_logger_severity(4)
    differ = 0
    for op, listed in sorted(KERNELS.items()):
        found = tuple(dtype for dtype in _TYPES if runs(op, dtype))
        print(f'    "{op}": "{" ".join(dtype[3:].lower() for dtype in found)}",')
        if set(found) != set(listed):
            differ += 1
            print(f"# {op}: the table lists {sorted(set(listed) - set(found))} more, "
                  f"{sorted(set(found) - set(listed))} fewer", file=sys.stderr)  # fmt: skip
    print(f"onnxruntime {ort.__version__}: {len(KERNELS) - differ} of {len(KERNELS)} rows agree", file=sys.stderr)
    return 1 if args.check and differ else 0


if __name__ == "__main__":
    sys.exit(main())
