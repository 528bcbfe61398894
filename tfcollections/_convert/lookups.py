# SPDX-License-Identifier: Apache-2.0
"""The op table's rules for lookup tables: ``HashTableV2``, ``LookupTableFindV2`` and ``LookupTableSizeV2``.

Strategy: a table is a handle whose contents freezing found (``tablefills``: its initializer's keys and values, or
a vocabulary asset's lines); it makes no ONNX of its own. A lookup is an ``ai.onnx.ml`` ``LabelEncoder`` of those
keys (int32 keys read as int64): to the values themselves where LabelEncoder holds their type (int64, string,
float) and the default is a constant; else to each key's position, the default's one past the last, and a
``Gather`` of the values and the default. A table's size is a constant. A table whose contents are not known (no
initializer in the file fills it) or a lookup of a table handed in is refused, naming the table and why.
"""

from __future__ import annotations

from .._errors import ConversionError
from .values import tensor_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final, List, Optional, Tuple

    from .._tensor import Tensor
    from .._typing import Decoded
    from .converter import Converter
    from .values import Value

    Outputs = List[Optional[Value]]

#: The value types a LabelEncoder maps keys to (ai.onnx.ml 2), by its attribute's suffix.
_ENCODED: Final = {"DT_INT64": "int64s", "DT_STRING": "strings", "DT_FLOAT": "floats"}
_DEFAULT: Final = {"DT_INT64": "default_int64", "DT_STRING": "default_string", "DT_FLOAT": "default_float"}


def hash_table(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """HashTableV2: a handle the lookups read; its contents are what freezing found (no ONNX of its own)."""
    contents = cx.frozen.tables.get(node["name"])
    if contents is None or isinstance(contents, str):
        raise ConversionError(f"its contents are not known: {contents or 'the graph holds no initializer of it'}")
    handle = cx.result(0, "DT_RESOURCE", [])
    handle.table = contents
    return [handle]


def table_find(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """LookupTableFindV2: a LabelEncoder of the table's keys (int32 keys read as int64), to the values where
    LabelEncoder holds their type and the default is a constant, else to each key's position (the default's one
    past the last) and a Gather of the values and the default."""
    keys, values = _table_of(inputs[0])
    query, default = inputs[1], inputs[2]
    if query.dtype != keys.dtype:
        raise ConversionError(f"its keys {query.tf_name!r} are {query.dtype}, the table's {keys.dtype}")
    if default.dtype != values.dtype:
        raise ConversionError(f"its default {default.tf_name!r} is {default.dtype}, the table's values {values.dtype}")
    if default.rank != 0:
        raise ConversionError(f"its default {default.tf_name!r} is not a scalar (a table of scalars takes one)")
    data = cx.tf(query)
    key_field = "keys_strings"
    key_list: List[Any] = keys.tolist()
    if keys.dtype in ("DT_INT32", "DT_INT64"):
        key_field = "keys_int64s"
        if keys.dtype == "DT_INT32":
            data = cx.op("Cast", data, to=7)
    elif keys.dtype != "DT_STRING":
        raise ConversionError(f"its table's keys are {keys.dtype}: TensorFlow's tables take strings and integers")
    if not key_list:  # an empty table: every key is missing
        out = cx.op("Expand", cx.tf(default), cx.op("Shape", cx.tf(query)))
        return [cx.result(0, values.dtype, query.shape, onnx=out)]
    if values.dtype in _ENCODED and default.const is not None:
        suffix = _ENCODED[values.dtype]
        fallback = default.const.tolist()
        out = cx.emit("LabelEncoder", [data], domain="ai.onnx.ml", **{key_field: key_list,
                      f"values_{suffix}": values.tolist(), _DEFAULT[values.dtype]: fallback})[0]  # fmt: skip
        return [cx.result(0, values.dtype, query.shape, onnx=out)]
    positions = cx.emit("LabelEncoder", [data], domain="ai.onnx.ml", default_int64=len(key_list),
                        **{key_field: key_list, "values_int64s": list(range(len(key_list)))})[0]  # fmt: skip
    table = cx.op("Concat", cx.initializer(values, cx.fresh("values")), cx.op("Reshape", cx.tf(default), cx.ints([1])),
                  axis=0)  # fmt: skip
    return [cx.result(0, values.dtype, query.shape, onnx=cx.op("Gather", table, positions, axis=0))]


def table_size(cx: Converter, node: Decoded, inputs: List[Value]) -> Outputs:
    """LookupTableSizeV2: the number of keys the table holds, a constant."""
    keys, _ = _table_of(inputs[0])
    return [cx.constant_result(0, tensor_of("DT_INT64", (), [keys.size]))]


def _table_of(handle: Value) -> Tuple[Tensor, Tensor]:
    if handle.table is None:
        raise ConversionError(f"its table {handle.tf_name!r} is not made by a HashTableV2 of the graph: only the "
                              "tables a graph makes and fills are converted")  # fmt: skip
    return handle.table
