# SPDX-License-Identifier: Apache-2.0
"""The element types onnxruntime's CPU provider computes each ONNX op in, and what the conversion computes in instead.

Strategy: a model that onnx's checker takes may still not run: onnxruntime registers each op's kernel for some
element types only (``Where`` has none for bool, ``OneHot`` none for int32 indices, ``MatMul`` none for int8).
``KERNELS`` lists, per ONNX op the conversion makes with such a gap, the types it runs (tools/probe_kernels.py
prints them from an installed onnxruntime and checks this table). ``computed_in`` says the type to compute a value of
another type in: one that holds every value of it exactly (bool as uint8, narrow integers as int32, bfloat16 as
float), the result cast back.
"""

from __future__ import annotations

from .nodeparts import onnx_type

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Callable, Dict, Final, FrozenSet, List, Optional, Sequence, Tuple

    from .converter import Converter

# ONNX op (and reduction) -> the element types onnxruntime 1.32's CPU provider runs it in, TensorFlow's names
# lowercased (tools/probe_kernels.py prints these rows).
_RUNS: Final[Dict[str, str]] = {
    "Abs": "float double half int8 int16 int32 int64 uint8 uint16 uint32 uint64",
    "Acos": "float half",
    "Acosh": "float half",
    "Add": "float double half int8 int16 int32 int64 uint8 uint16 uint32 uint64",
    "ArgMax": "float double half int8 int32 int64 uint8",
    "Asin": "float half",
    "Asinh": "float half",
    "Atan": "float half",
    "Atanh": "float half",
    "BitShift": "uint8 uint16 uint32 uint64",
    "Cos": "float double half",
    "Cosh": "float half",
    "CumSum": "float double half int32 int64",
    "Det": "float half",
    "Div": "float double half int8 int16 int32 int64 uint8 uint16 uint32 uint64",
    "Erf": "float half",
    "Expand": "float double half int8 int16 int32 int64 uint8 uint16 uint32 uint64 bool string",
    "GatherND": "float double half int8 int16 int32 int64 uint8 uint16 uint32 uint64 bool string",
    "Greater": "float double half int8 int16 int32 int64 uint8 uint16 uint32 uint64",
    "Less": "float double half int8 int16 int32 int64 uint8 uint16 uint32 uint64",
    "MatMul": "float double half int32 int64 uint32 uint64",
    "Max": "float double half int8 int32 int64 uint8 uint32 uint64",
    "MaxPool": "float double half int8 uint8",
    "Min": "float double half int8 int32 int64 uint8 uint32 uint64",
    "Mod": "int8 int16 int32 int64 uint8 uint16 uint32 uint64",
    "Mul": "float double half int8 int16 int32 int64 uint8 uint16 uint32 uint64",
    "Neg": "float double half int8 int16 int32 int64",
    "NonZero": "float half int32 int64 uint8 bool",
    "OneHot": "float half int64 string",
    "Pow": "float double half int32 int64",
    "ReduceMax": "float double half int8 int32 int64 uint8",
    "ReduceMean": "float double half int32 int64",
    "ReduceMin": "float double half int8 int32 int64 uint8",
    "ReduceProd": "float double half int32 int64",
    "ReduceSum": "float double half int32 int64",
    "Relu": "float double half int8 int32 int64",
    "Round": "float double half",
    "ScatterND": "float double half int8 int16 int32 int64 uint8 uint16 uint32 uint64 bool string",
    "ScatterND add": "float double int8 int16 int32 int64 uint8 uint16 uint32 uint64 bool string",
    "ScatterND mul": "float double int8 int16 int32 int64 uint8 uint16 uint32 uint64 bool",
    "ScatterND max": "float double int8 int16 int32 int64 uint8 uint16 uint32 uint64",
    "Sign": "float double half int8 int16 int32 int64 uint8 uint16 uint32 uint64",
    "Sinh": "float half",
    "Softplus": "float double half",
    "Softsign": "float double half",
    "Sub": "float double half int8 int16 int32 int64 uint8 uint16 uint32 uint64",
    "Tan": "float half",
    "TopK": "float double half int8 int16 int32 int64 uint8",
    "Unique": "float double half int8 int64 string",
    "Where": "float double half int8 int32 int64 uint8 uint32 string",
}  # fmt: skip
KERNELS: Final[Dict[str, FrozenSet[str]]] = {
    op: frozenset("DT_" + name.upper() for name in types.split()) for op, types in _RUNS.items()
}

# A type without a kernel -> the types, in order of preference, that hold each of its values exactly.
_WIDER: Final[Dict[str, str]] = {
    "DT_BOOL": "uint8 int32 int64 float",
    "DT_INT8": "int32 int64 float double",
    "DT_UINT8": "int32 int64 float double",
    "DT_INT16": "int32 int64 float double",
    "DT_UINT16": "int32 int64 float double",
    "DT_INT32": "int64 double",
    "DT_UINT32": "int64 double",
    "DT_HALF": "float double",
    "DT_BFLOAT16": "float double",
    "DT_FLOAT": "double",
}


def computed_in(onnx_op: str, dtype: str) -> Optional[str]:
    """The type onnxruntime computes *onnx_op* of a *dtype* value in: None for *dtype* itself (it has the kernel, or
    no wider type has one: the model is written as it is), else the first wider type it has a kernel for."""
    kernels = KERNELS.get(onnx_op)
    if kernels is None or dtype in kernels:
        return None
    wider = ("DT_" + name.upper() for name in _WIDER.get(dtype, "").split())
    return next((name for name in wider if name in kernels), None)


def widened(cx: Converter, onnx_op: str, dtype: str, names: Sequence[str]) -> Tuple[List[str], Callable[[str], str]]:
    """*names* (values of *dtype*) as *onnx_op* takes them on onnxruntime, and what casts its result back: cast to
    the type ``computed_in`` gives, or as they are."""
    wider = computed_in(onnx_op, dtype)
    if wider is None:
        return list(names), _same
    to = onnx_type(wider)
    back = onnx_type(dtype)
    return [cx.emit("Cast", [name], to=to)[0] for name in names], lambda out: cx.emit("Cast", [out], to=back)[0]


def _same(name: str) -> str:
    return name
