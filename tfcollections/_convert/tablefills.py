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

A vocabulary the model does not hold is read only where the caller names it (``vocabularies``: the file's name as
the graph writes it, or that name's last part, -> a path on this machine): an initializer's file that is no asset,
or, for a table whose initializer freezing dropped, the file its ``shared_name`` names as ``tf.lookup``'s text-file
initializers write it (lookup_ops.py's ``TextFileInitializer._shared_name``:
``hash_table_<file>[_<vocab_size>]_<key_index>_<value_index>[_<offset>]``). A file a model names is never read
unasked: a model from elsewhere could name any file of this machine, and its lines would be written into the model.
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
    from typing import Any, Dict, Final, List, Mapping, Optional, Set, Tuple, Union

    from .._graph.graphdef import Graph
    from .._typing import Decoded

    #: A table's keys and values (1-D tensors of one length), or why they are not known.
    Contents = Union[Tuple[Tensor, Tensor], str]
    #: Vocabulary files the caller gives: the name the graph gives a file (or its last part) -> a path here.
    Vocabularies = Mapping[str, Union[str, "os.PathLike[str]"]]

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
    tables: List[Decoded], nodes: List[Decoded], graph: Graph, assets: Dict[str, str], vocabularies: Vocabularies
) -> Tuple[Dict[str, Contents], List[Decoded], Dict[str, str]]:
    """The contents of each table of *tables* by name (or why not), from the initializers among *nodes* (the whole
    graph's), the nodes that fill them in a frozen graph (per table an ``InitializeTableV2`` named as its
    initializer and its two constants, their values in ``graph.replaced``), and the vocabularies of *vocabularies*
    read, by table. *assets* maps a tensor that names a file to the file's path on this machine (a SavedModel's
    assets); *vocabularies* maps a file the graph names to one the caller gives (see ``_given_vocabulary``)."""
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
    read: Dict[str, str] = {}
    for table in tables:
        found = filling.get(table["name"], [])
        if not found:
            named = _named_vocabulary(table, vocabularies)
            if isinstance(named, str):
                contents[table["name"]] = named
                continue
            try:
                keys, values = _text_file_contents(table, named, _given_vocabulary(named.name, vocabularies) or "")
            except (ConversionError, DecodeError, TypeError, OverflowError, struct.error) as exc:
                contents[table["name"]] = (f"no initializer in the graph fills it, and the vocabulary file its "
                                           f"shared_name names, {named.name!r}, does not fill it: {exc}")  # fmt: skip
                continue
            contents[table["name"]] = (keys, values)
            read[table["name"]] = named.name
            fill = f"{table['name']}/table_init"  # the initializer freezing dropped, made again
            while fill in by_name or any(node["name"] == fill for node in fills):
                fill += "_"
            fills.extend(_filling_nodes(fill, table, keys, values, by_name, graph))
            continue
        if len(found) > 1:
            names = ", ".join(repr(node["name"]) for node in found)
            contents[table["name"]] = f"{len(found)} initializers fill it ({names}), which the conversion does not join"
            continue
        try:
            keys, values = _contents(table, found[0], by_name, graph, assets, vocabularies, read)
        except (ConversionError, DecodeError) as exc:
            contents[table["name"]] = f"its initializer {found[0]['name']!r} ({found[0]['op']}): {exc}"
            continue
        except (KeyError, IndexError, TypeError, AttributeError, OverflowError, struct.error) as exc:
            # A damaged table or initializer (an attr of another kind, a dtype TensorFlow has no table of).
            contents[table["name"]] = (f"its initializer {found[0]['name']!r} ({found[0]['op']}) or the table is not "
                                       f"what TensorFlow writes ({type(exc).__name__}: {exc})")  # fmt: skip
            continue
        contents[table["name"]] = (keys, values)
        fills.extend(_filling_nodes(found[0]["name"], table, keys, values, by_name, graph, found[0]["device"]))
    return contents, fills, read


def _given_vocabulary(name: str, vocabularies: Vocabularies) -> Optional[str]:
    """The path *vocabularies* gives for the file the graph names *name*: under that name, else under its last
    part (``vocab.txt`` for ``/data/run3/vocab.txt`` or ``gs://bucket/vocab.txt``); None when it gives none."""
    if name in vocabularies:
        return os.fspath(vocabularies[name])
    last = _last_part(name)
    return os.fspath(vocabularies[last]) if last in vocabularies else None


def _last_part(name: str) -> str:
    """A file's name less its folders, as the graph writes it on any machine (``/``, or Windows' ``\\``)."""
    return re.split(r"[/\\]", name)[-1] or name


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


def _contents(table: Decoded, fill: Decoded, by_name: Dict[str, Decoded], graph: Graph, assets: Dict[str, str],
              vocabularies: Vocabularies, read: Dict[str, str]) -> Tuple[Tensor, Tensor]:  # fmt: skip
    key_type, value_type = _attr(table, "key_dtype", None), _attr(table, "value_dtype", None)
    if not (isinstance(key_type, str) and isinstance(value_type, str)):
        raise ConversionError("the table's key_dtype and value_dtype are not both dtypes")
    inputs = [item for item in fill["input"] if not item.startswith("^")]
    if fill["op"] in _FILLED_BY_FILE:
        return _from_file(table, fill, inputs, by_name, graph, assets, vocabularies, read)
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
    return _kept(keys, values, key_type, value_type)


def _kept(keys: List[Any], values: List[Any], key_type: str, value_type: str) -> Tuple[Tensor, Tensor]:
    """The keys and values as tensors of the table's dtypes, a key given twice with one value kept once (twice with
    two values refused, as TensorFlow refuses it)."""
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


def _from_file(table: Decoded, fill: Decoded, inputs: List[str], by_name: Dict[str, Decoded], graph: Graph,
               assets: Dict[str, str], vocabularies: Vocabularies,
               read: Dict[str, str]) -> Tuple[Tensor, Tensor]:  # fmt: skip
    """What an initializer reading a vocabulary file (lookup_util.cc's TextFileLineIterator) puts in *table*: the
    file a SavedModel holds as an asset, or one the caller gives in *vocabularies*."""
    if len(inputs) != 2:
        raise ConversionError(f"it has {len(inputs)} inputs where {fill['op']} takes 2")
    source = _asset_source(inputs[1], by_name)
    path = assets.get(source if ":" in source else f"{source}:0")
    named = os.path.basename(path) if path is not None else ""
    given = False
    if path is None:
        _, names = _evaluate(inputs[1], by_name, graph, "file name")
        named = names[0].decode("utf-8", "replace") if len(names) == 1 and isinstance(names[0], bytes) else "?"
        path = _given_vocabulary(named, vocabularies)
        given = path is not None
        if path is None:
            last = _last_part(named)
            raise ConversionError(f"it reads {named!r} when the session starts, a file the model does not hold as an "
                                  f"asset: give the file (vocabularies={{{last!r}: PATH}}, or --vocabulary "
                                  f"{last}=PATH), or convert the SavedModel whose assets/ holds it")  # fmt: skip
    delimiter = _attr(fill, "delimiter", b"\t")
    if len(delimiter) != 1:
        raise ConversionError(f"its delimiter {delimiter!r} is not one character, which TensorFlow refuses")
    text_file = _TextFile(named, _attr(fill, "key_index", _WHOLE_LINE), _attr(fill, "value_index", _LINE_NUMBER),
                          _attr(fill, "vocab_size", -1), _attr(fill, "offset", 0), delimiter)  # fmt: skip
    contents = _text_file_contents(table, text_file, path, asset=not given)
    if given:
        read[table["name"]] = named
    return contents


class _TextFile:
    """How a text-file initializer reads its file: its name as the graph writes it, the columns of keys and values
    (or the whole line, the line's number), how many lines (-1: all), what is added to a line's number, and the
    character columns are split at (None where the graph does not say)."""

    __slots__ = ("delimiter", "key_index", "name", "offset", "value_index", "vocab_size")

    def __init__(self, name: str, key_index: int, value_index: int, vocab_size: int, offset: int,
                 delimiter: Optional[bytes]) -> None:  # fmt: skip
        self.name = name
        self.key_index = key_index
        self.value_index = value_index
        self.vocab_size = vocab_size
        self.offset = offset
        self.delimiter = delimiter


def _text_file_contents(table: Decoded, text_file: _TextFile, path: str, asset: bool = False) -> Tuple[Tensor, Tensor]:
    """The keys and values *text_file*, read from *path*, puts in *table*."""
    key_type, value_type = _attr(table, "key_dtype", None), _attr(table, "value_dtype", None)
    if not (isinstance(key_type, str) and isinstance(value_type, str)):
        raise ConversionError("the table's key_dtype and value_dtype are not both dtypes")
    try:
        with open(path, "rb") as file:
            data = file.read()
    except OSError as exc:
        shown = f"asset {os.path.basename(path)!r}," if asset else f"{text_file.name!r}, given as {path!r},"
        raise ConversionError(f"its vocabulary, {shown} does not read: {exc.strerror or exc}") from None
    key_index, value_index = text_file.key_index, text_file.value_index
    columns = max(key_index, value_index) + 1
    if columns > 0 and text_file.delimiter is None:
        raise ConversionError(f"it reads column {columns - 1} of {text_file.name!r}, and the character columns are "
                              "split at is not in the graph")  # fmt: skip
    lines = _lines(data, os.path.basename(path))
    if text_file.vocab_size >= 0:
        if len(lines) < text_file.vocab_size:
            raise ConversionError(f"its vocab_size is {text_file.vocab_size}, and {os.path.basename(path)!r} has "
                                  f"{len(lines)} lines, which TensorFlow refuses")  # fmt: skip
        lines = lines[: text_file.vocab_size]
    keys, values = [], []
    for number, line in enumerate(lines):
        fields = line.split(text_file.delimiter) if columns > 0 and text_file.delimiter is not None else []
        if len(fields) < columns:
            raise ConversionError(f"line {number} of {os.path.basename(path)!r} has {len(fields)} fields, and "
                                  f"{columns} are read")  # fmt: skip
        keys.append(_field(line, fields, key_index, key_type, number, text_file.offset, path))
        values.append(_field(line, fields, value_index, value_type, number, text_file.offset, path))
    return _kept(keys, values, key_type, value_type)


def _named_vocabulary(table: Decoded, vocabularies: Vocabularies) -> Union[_TextFile, str]:
    """How the vocabulary file the caller gives for *table*, which no initializer of the graph fills, is read, from
    the table's ``shared_name``; else why its contents are not known, naming the file where the name names one."""
    unfilled = ("no initializer in the graph fills it: TensorFlow filled it from outside the graph (a TF 2 "
                "resource's initializer, a session's own, or one freezing dropped), so its keys and values are not in "
                "the file")  # fmt: skip
    shared = _attr(table, "shared_name", b"")
    candidates = _shared_name_files(shared) if isinstance(shared, bytes) else []
    if not candidates:
        return unfilled
    given = [item for item in candidates if _given_vocabulary(item.name, vocabularies) is not None]
    # A name may read two ways ("_3_-2_-1": a vocab_size of 3, or column 3 and an offset of -1); the reading that
    # needs no column is the one tf.lookup's builders write (whole lines and line numbers), and no name has two.
    whole = [item for item in given if max(item.key_index, item.value_index) < 0]
    if len(whole) == 1 or (given and not whole):
        return (whole or given)[0]  # a reading of columns alone is refused when read: its delimiter is unknown
    text = shared.decode("utf-8", "replace")
    if given:
        readings = ", ".join(f"{item.name!r} (vocab_size {item.vocab_size}, offset {item.offset})" for item in whole)
        return f"{unfilled}; its shared_name {text!r} reads as more than one vocabulary file given: {readings}"
    names = list(dict.fromkeys(_last_part(item.name) for item in candidates))
    return (f"{unfilled}; its shared_name {text!r} is how tf.lookup names a table filled from the vocabulary file "
            f"{' or '.join(repr(name) for name in names)}: give that file (vocabularies={{{names[0]!r}: PATH}}, or "
            f"--vocabulary {names[0]}=PATH) to read it")  # fmt: skip


def _shared_name_files(shared: bytes) -> List[_TextFile]:
    """The readings of a table's ``shared_name`` as a text-file initializer writes it (lookup_ops.py's
    ``TextFileInitializer._shared_name``): ``hash_table_<file>_<key>_<value>``, with ``_<vocab_size>`` before the
    indices when one is given and ``_<offset>`` after them when it is not 0; a file's name may hold ``_`` and
    digits, so each way the numbers at the end read is a reading."""
    if not shared.startswith(b"hash_table_"):
        return []
    try:
        parts = shared[len(b"hash_table_") :].decode("utf-8").split("_")
    except UnicodeDecodeError:
        return []
    readings: List[_TextFile] = []
    for count in (2, 3, 4):
        name, numbers = "_".join(parts[:-count]), parts[-count:]
        if len(parts) <= count or not name or not all(re.fullmatch(r"-?[0-9]+", item) for item in numbers):
            continue
        values = [int(item) for item in numbers]
        if count == 2:
            shapes = [(-1, values[0], values[1], 0)]
        elif count == 3:  # a vocab_size (never 0: TensorFlow writes one only when it is set) or an offset
            shapes = [(values[0], values[1], values[2], 0)] if values[0] > 0 else []
            shapes += [(-1, values[0], values[1], values[2])] if values[2] != 0 else []
        else:
            shapes = [(values[0], values[1], values[2], values[3])] if values[0] > 0 and values[3] != 0 else []
        readings.extend(_TextFile(name, key, value, size, offset, None)
                        for size, key, value, offset in shapes if min(key, value) >= _WHOLE_LINE)  # fmt: skip
    return readings


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


def _field(line: bytes, fields: List[bytes], index: int, dtype: str, number: int, offset: int, path: str) -> Any:
    """Line *number*'s key or value: its number plus *offset*, the whole line or a field, read as *dtype*."""
    if index == _LINE_NUMBER:
        if dtype != "DT_INT64":
            raise ConversionError(f"it reads line numbers into {dtype}, which TensorFlow refuses (they are int64)")
        return number + offset
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


def _filling_nodes(fill: str, table: Decoded, keys: Tensor, values: Tensor, by_name: Dict[str, Decoded],
                   graph: Graph, device: Optional[str] = None) -> List[Decoded]:  # fmt: skip
    """An ``InitializeTableV2`` named *fill*, of *table* and two new constants holding *keys* and *values* (on
    *device*, by default the table's)."""
    device = table["device"] if device is None else device
    names: List[str] = []
    for part, tensor in (("keys", keys), ("values", values)):
        name = f"{fill}/{part}"
        while name in by_name or name in graph.replaced:
            name += "_"
        graph.replaced[name] = tensor
        names.append(name)
    made = [new_node(name, "Const", [], {"dtype": type_attr(tensor.dtype), "value": type_attr(tensor.dtype)},
                     device) for name, tensor in zip(names, (keys, values))]  # fmt: skip
    attrs = {"Tkey": type_attr(keys.dtype), "Tval": type_attr(values.dtype)}
    return [*made, new_node(fill, "InitializeTableV2", [table["name"], *names], attrs, device)]
