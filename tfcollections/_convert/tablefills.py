# SPDX-License-Identifier: Apache-2.0
"""What fills each lookup table of a frozen graph: the keys and values its initializer puts in it.

Strategy: TensorFlow fills a table when a session runs the table's initializer, which no output needs, so freezing
would drop it with the contents. ``fill_tables`` finds each kept table's one initializer (in a TF 2 SavedModel, in
the initializer function its call runs, inlined) and computes what it puts in the table, as TensorFlow's kernels
do: the keys and values tensors it is given (through the few ops TensorFlow's lookup builders put between them and
their constants: ``Identity``, ``Cast``, ``Range``, ``Size``), or the lines of a vocabulary file
(``InitializeTableFromTextFileV2``) the SavedModel holds as an asset (lookup_util.cc's TextFileLineIterator): a
line ends at ``\n`` less a ``\r`` before it, an empty one is refused, as is a file shorter than its
``vocab_size``; a column is split at the one delimiter character, and a number read as ``strtoll`` reads it, with
spaces around. A key given twice keeps its one value (twice with two values is refused, as TensorFlow refuses it).
The frozen graph then holds each table's contents as an ``InitializeTableV2`` of two constants under the
initializer's name, which TensorFlow runs to fill the table; the conversion reads them (``lookups``). A table no
initializer in the file fills is left with the reason, which its rule says when the table is converted.
"""

from __future__ import annotations

import os
import re
import struct

from .._errors import ConversionError, DecodeError
from .._graph.graphdef import new_node, split_tensor_name, type_attr
from .._tensor import Tensor
from .values import tensor_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Dict, Final, List, Optional, Set, Tuple, Union

    from .._graph.graphdef import Graph
    from .._typing import Decoded

    #: A table's keys and values (1-D tensors of one length), or why they are not known.
    Contents = Union[Tuple[Tensor, Tensor], str]

#: The ops that make a table (TF 1's reference ``HashTable`` and the resource ``HashTableV2``).
TABLE_OPS: Final = frozenset({"HashTableV2", "HashTable"})
_FILLED_BY_TENSORS: Final = frozenset({"InitializeTableV2", "InitializeTable", "LookupTableImportV2",
                                       "LookupTableImport"})  # fmt: skip
_FILLED_BY_FILE: Final = frozenset({"InitializeTableFromTextFileV2", "InitializeTableFromTextFile"})
#: The ops that fill a table (input 0 the table).
FILLING_OPS: Final = _FILLED_BY_TENSORS | _FILLED_BY_FILE
_INTEGERS: Final = {"DT_INT8": 8, "DT_INT16": 16, "DT_INT32": 32, "DT_INT64": 64, "DT_UINT8": -8,
                    "DT_UINT16": -16, "DT_UINT32": -32, "DT_UINT64": -64}  # fmt: skip
_LINE_NUMBER: Final = -1  # a text file's key_index or value_index: the line's number (lookup_util.cc kLineNumber)
_WHOLE_LINE: Final = -2  # the whole line (kWholeLine)
#: The most keys a table is read with (a Range of a damaged graph may ask for 2^62): 16 M, far past any vocabulary.
_MOST_KEYS: Final = 1 << 24
# What strtoll takes with the spaces safe_strto64 strips around it: a sign and decimal digits.
_INTEGER_TEXT: Final = re.compile(rb"[ \t\n\v\f\r]*([+-]?[0-9]+)[ \t\n\v\f\r]*")


def fill_tables(
    tables: List[Decoded], nodes: List[Decoded], graph: Graph, assets: Dict[str, str]
) -> Tuple[Dict[str, Contents], List[Decoded]]:
    """The contents of each table of *tables* by name (or why not), from the initializers among *nodes* (the whole
    graph's), and the nodes that fill them in a frozen graph: per table an ``InitializeTableV2`` named as its
    initializer and its two constants (their values in ``graph.replaced``). *assets* maps a tensor that names a
    file to the file's path on this machine (a SavedModel's assets)."""
    by_name = {node["name"]: node for node in nodes}
    filling: Dict[str, List[Decoded]] = {}
    for node in nodes:
        if node["op"] in FILLING_OPS and node["input"]:
            table = by_name.get(split_tensor_name(node["input"][0])[0])
            passed: Set[str] = set()  # a TF 2 function's argument is an Identity of the table (a cycle: damaged)
            while table is not None and table["op"] == "Identity" and table["input"] and table["name"] not in passed:
                passed.add(table["name"])
                table = by_name.get(split_tensor_name(table["input"][0])[0])
            if table is not None:
                filling.setdefault(table["name"], []).append(node)
    contents: Dict[str, Contents] = {}
    fills: List[Decoded] = []
    for table in tables:
        found = filling.get(table["name"], [])
        if not found:
            contents[table["name"]] = ("no initializer in the graph fills it: TensorFlow filled it from outside the "
                                       "graph (a TF 2 resource's initializer, or a session's own), so its keys and "
                                       "values are not in the file")  # fmt: skip
            continue
        if len(found) > 1:
            names = ", ".join(repr(node["name"]) for node in found)
            contents[table["name"]] = f"{len(found)} initializers fill it ({names}), which the conversion does not join"
            continue
        try:
            keys, values = _contents(table, found[0], by_name, graph, assets)
        except (ConversionError, DecodeError) as exc:
            contents[table["name"]] = f"its initializer {found[0]['name']!r} ({found[0]['op']}): {exc}"
            continue
        except (KeyError, IndexError, TypeError, AttributeError, OverflowError, struct.error) as exc:
            # A damaged table or initializer (an attr of another kind, a dtype TensorFlow has no table of).
            contents[table["name"]] = (f"its initializer {found[0]['name']!r} ({found[0]['op']}) or the table is not "
                                       f"what TensorFlow writes ({type(exc).__name__}: {exc})")  # fmt: skip
            continue
        contents[table["name"]] = (keys, values)
        fills.extend(_filling_nodes(found[0], table["name"], keys, values, by_name, graph))
    return contents, fills


def asset_files(meta_graph: Decoded, model_path: Optional[str]) -> Dict[str, str]:
    """The files a SavedModel's graph names as assets: tensor name -> the file in its ``assets`` folder (from the
    MetaGraphDef's ``asset_file_def``, or the ``saved_model_assets`` collection TF 1's builder wrote)."""
    if not model_path:
        return {}
    folder = model_path if os.path.isdir(model_path) else os.path.dirname(model_path)
    listed = list(meta_graph.get("asset_file_def") or [])
    collection = (meta_graph.get("collection_def") or {}).get("saved_model_assets") or {}
    if collection.get("kind") == "any_list":
        listed.extend(item["value"] for item in collection["value"] if isinstance(item.get("value"), dict))
    found: Dict[str, str] = {}
    for asset in listed:
        name = (asset.get("tensor_info") or {}).get("name")
        filename = asset.get("filename")
        if name and filename and os.path.basename(filename) == filename and filename not in (".", ".."):
            # a plain name in assets/, never a path out of it
            found[name] = os.path.join(folder, "assets", filename)
    return found


def _attr(node: Decoded, key: str, default: Any) -> Any:
    """An int, bytes or dtype attr of *node* (the attrs tables and their initializers have), else *default*: the
    part of ``nodeparts.attr`` this module needs, which it cannot import (nodeparts reads the converter, which
    reads the freezing that imports this)."""
    value = node["attr"].get(key)
    for field in ("i", "s", "type"):
        if value is not None and value.get(field) is not None:
            return value[field]
    return default


def _contents(table: Decoded, fill: Decoded, by_name: Dict[str, Decoded], graph: Graph,
              assets: Dict[str, str]) -> Tuple[Tensor, Tensor]:  # fmt: skip
    key_type, value_type = _attr(table, "key_dtype", None), _attr(table, "value_dtype", None)
    if not (isinstance(key_type, str) and isinstance(value_type, str)):
        raise ConversionError("the table's key_dtype and value_dtype are not both dtypes")
    inputs = [item for item in fill["input"] if not item.startswith("^")]
    if fill["op"] in _FILLED_BY_FILE:
        keys, values = _from_file(fill, inputs, by_name, graph, assets, key_type, value_type)
    else:
        if len(inputs) != 3:
            raise ConversionError(f"it has {len(inputs)} inputs where {fill['op']} takes 3")
        key_given, keys = _evaluate(inputs[1], by_name, graph, "keys")
        value_given, values = _evaluate(inputs[2], by_name, graph, "values")
        if key_given != key_type or value_given != value_type:
            raise ConversionError(f"it puts {key_given} keys and {value_given} values in a table of {key_type} keys "
                                  f"and {value_type} values")  # fmt: skip
        if len(keys) != len(values):
            raise ConversionError(f"it gives {len(keys)} keys and {len(values)} values")
    kept: Dict[Any, Any] = {}
    for key, value in zip(keys, values):
        if key in kept and kept[key] != value and not (value != value and kept[key] != kept[key]):  # NaN is NaN
            raise ConversionError(f"key {key!r} is given twice, with values {kept[key]!r} and {value!r}, which "
                                  "TensorFlow refuses when it fills the table")  # fmt: skip
        kept.setdefault(key, value)
    return (tensor_of(key_type, (len(kept),), list(kept)), tensor_of(value_type, (len(kept),), list(kept.values())))


def _evaluate(name: str, by_name: Dict[str, Decoded], graph: Graph, what: str, depth: int = 0) -> Tuple[str, List[Any]]:
    """The dtype and flat elements of tensor *name*, computed from constants through the ops TensorFlow's lookup
    builders put between them and a table's initializer."""
    node = by_name.get(split_tensor_name(name)[0])
    if node is None:
        raise ConversionError(f"its {what} come from {name!r}, which the graph does not have")
    op = node["op"]
    inputs = [item for item in node["input"] if not item.startswith("^")]
    if depth > 16 or (op != "Const" and not inputs):
        raise ConversionError(f"its {what} come from {node['name']!r} ({op}), which the conversion does not compute")
    if op == "Const":
        tensor = graph.value_of(node)
        elements = tensor.tolist()
        return tensor.dtype, _flattened(elements)
    if op in ("Identity", "Snapshot"):
        return _evaluate(inputs[0], by_name, graph, what, depth + 1)
    if op == "Cast":
        dtype, elements = _evaluate(inputs[0], by_name, graph, what, depth + 1)
        target = _attr(node, "DstT", None)
        if dtype == target:
            return dtype, elements
        if dtype in _INTEGERS and target in _INTEGERS:
            return target, [_wrapped(item, _INTEGERS[target]) for item in elements]
        raise ConversionError(f"its {what} are cast from {dtype} to {target} by {node['name']!r}, which the "
                              "conversion does not compute")  # fmt: skip
    if op == "Range" and len(inputs) == 3:
        bounds = [_evaluate(item, by_name, graph, what, depth + 1) for item in inputs]
        numbers = [elements[0] for _, elements in bounds if len(elements) == 1]
        if len(numbers) != 3 or not all(isinstance(item, int) for item in numbers) or numbers[2] == 0:
            raise ConversionError(f"its {what} come from the Range {node['name']!r}, of bounds that are not three "
                                  "integers and a step other than 0")  # fmt: skip
        count = len(range(*numbers))
        if count > _MOST_KEYS:
            raise ConversionError(f"its {what} come from the Range {node['name']!r} of {count} elements, past the "
                                  f"{_MOST_KEYS} a table is read with")  # fmt: skip
        return bounds[0][0], list(range(*numbers))
    if op == "Size":
        _, elements = _evaluate(inputs[0], by_name, graph, what, depth + 1)
        return _attr(node, "out_type", "DT_INT32"), [len(elements)]
    raise ConversionError(f"its {what} come from {node['name']!r} ({op}), which the conversion does not compute")


def _flattened(elements: Any) -> List[Any]:
    if not isinstance(elements, list):
        return [elements]
    out: List[Any] = []
    for item in elements:
        out.extend(_flattened(item))
    return out


def _wrapped(number: int, bits: int) -> int:
    """*number* as a cast to an integer of *bits* bits gives it (negative: unsigned), modulo 2**bits."""
    width = abs(bits)
    number &= (1 << width) - 1
    return number - (1 << width) if bits > 0 and number >> (width - 1) else number


def _from_file(fill: Decoded, inputs: List[str], by_name: Dict[str, Decoded], graph: Graph, assets: Dict[str, str],
               key_type: str, value_type: str) -> Tuple[List[Any], List[Any]]:  # fmt: skip
    """The keys and values a vocabulary file gives (lookup_util.cc's TextFileLineIterator)."""
    if len(inputs) != 2:
        raise ConversionError(f"it has {len(inputs)} inputs where {fill['op']} takes 2")
    source = _asset_source(inputs[1], by_name)
    tensor_name = source if ":" in source else f"{source}:0"
    path = assets.get(tensor_name)
    if path is None:
        _, names = _evaluate(inputs[1], by_name, graph, "file name")
        named = names[0].decode("utf-8", "replace") if names and isinstance(names[0], bytes) else "?"
        raise ConversionError(f"it reads {named!r} when the session starts, a file the model does not hold as an "
                              "asset (convert the SavedModel whose assets/ holds it)")  # fmt: skip
    try:
        with open(path, "rb") as file:
            data = file.read()
    except OSError as exc:
        raise ConversionError(f"its vocabulary, asset {os.path.basename(path)!r}, does not read: "
                              f"{exc.strerror or exc}") from None  # fmt: skip
    delimiter = _attr(fill, "delimiter", b"\t")
    if len(delimiter) != 1:
        raise ConversionError(f"its delimiter {delimiter!r} is not one character, which TensorFlow refuses")
    key_index, value_index = _attr(fill, "key_index", _WHOLE_LINE), _attr(fill, "value_index", _LINE_NUMBER)
    vocab_size, offset = _attr(fill, "vocab_size", -1), _attr(fill, "offset", 0)
    lines = _lines(data, os.path.basename(path))
    if vocab_size is not None and vocab_size >= 0:
        if len(lines) < vocab_size:
            raise ConversionError(f"its vocab_size is {vocab_size}, and {os.path.basename(path)!r} has "
                                  f"{len(lines)} lines, which TensorFlow refuses")  # fmt: skip
        lines = lines[:vocab_size]
    keys, values = [], []
    for number, line in enumerate(lines):
        fields = line.split(delimiter) if max(key_index, value_index) >= 0 else []
        if len(fields) < max(key_index, value_index) + 1:
            raise ConversionError(f"line {number} of {os.path.basename(path)!r} has {len(fields)} fields, and "
                                  f"{max(key_index, value_index) + 1} are read")  # fmt: skip
        keys.append(_field(line, fields, key_index, key_type, number + offset, path))
        values.append(_field(line, fields, value_index, value_type, number + offset, path))
    return keys, values


def _asset_source(name: str, by_name: Dict[str, Decoded]) -> str:
    """The tensor a file name comes from, through Identity and, in TF 2, the variable its asset's path is assigned
    to (``ReadVariableOp`` of a ``VarHandleOp`` an ``AssignVariableOp`` gives the asset's placeholder)."""
    assigned = {split_tensor_name(node["input"][0])[0]: node["input"][1] for node in by_name.values()
                if node["op"] == "AssignVariableOp" and len(node["input"]) >= 2}  # fmt: skip
    seen: Set[str] = set()
    node = by_name.get(split_tensor_name(name)[0])
    while node is not None and node["name"] not in seen and node["input"]:
        seen.add(node["name"])
        if node["op"] in ("Identity", "Snapshot"):
            name = node["input"][0]
        elif node["op"] == "ReadVariableOp" and split_tensor_name(node["input"][0])[0] in assigned:
            name = assigned[split_tensor_name(node["input"][0])[0]]
        else:
            break
        node = by_name.get(split_tensor_name(name)[0])
    return name


def _lines(data: bytes, name: str) -> List[bytes]:
    """The lines of a file as TensorFlow's InputBuffer reads them: up to each ``\\n``, a ``\\r`` before it dropped,
    a last line without one kept unless it is empty."""
    lines = data.split(b"\n")
    if lines[-1] in (b"", b"\r"):
        lines.pop()
    lines = [line[:-1] if line.endswith(b"\r") else line for line in lines]
    for number, line in enumerate(lines):
        if not line:
            raise ConversionError(f"line {number} of {name!r} is empty, which TensorFlow refuses")
    return lines


def _field(line: bytes, fields: List[bytes], index: int, dtype: str, number: int, path: str) -> Any:
    if index == _LINE_NUMBER:
        if dtype != "DT_INT64":
            raise ConversionError(f"it reads line numbers into {dtype}, which TensorFlow refuses (they are int64)")
        return number
    text = line if index == _WHOLE_LINE else fields[index]
    if dtype == "DT_STRING":
        return text
    if dtype in ("DT_INT32", "DT_INT64"):
        match = _INTEGER_TEXT.fullmatch(text)
        value = int(match.group(1)) if match else None
        bits = 32 if dtype == "DT_INT32" else 64
        if value is None or not -(1 << (bits - 1)) <= value < 1 << (bits - 1):
            raise ConversionError(f"field {text!r} of line {number} of {os.path.basename(path)!r} is not an "
                                  f"{dtype[3:].lower()}, which TensorFlow refuses")  # fmt: skip
        return value
    raise ConversionError(f"it reads {dtype} from the file, which the conversion does not parse (strings and "
                          "integers are read)")  # fmt: skip


def _filling_nodes(fill: Decoded, table: str, keys: Tensor, values: Tensor, by_name: Dict[str, Decoded],
                   graph: Graph) -> List[Decoded]:  # fmt: skip
    """An ``InitializeTableV2`` named as *fill*, of the table named *table* and two new constants holding *keys*
    and *values*."""
    names: List[str] = []
    for part, tensor in (("keys", keys), ("values", values)):
        name = f"{fill['name']}/{part}"
        while name in by_name or name in graph.replaced:
            name += "_"
        graph.replaced[name] = tensor
        names.append(name)
    made = [new_node(name, "Const", [], {"dtype": type_attr(tensor.dtype), "value": type_attr(tensor.dtype)},
                     fill["device"]) for name, tensor in zip(names, (keys, values))]  # fmt: skip
    attrs = {"Tkey": type_attr(keys.dtype), "Tval": type_attr(values.dtype)}
    return [*made, new_node(fill["name"], "InitializeTableV2", [table, *names], attrs, fill["device"])]
