# SPDX-License-Identifier: Apache-2.0
"""The outputs of TensorFlow's tf.Example parsing ops: which feature each one is, and its shape.

Strategy: no ONNX op parses a serialized proto, so a serving graph that parses tf.Example records (an Estimator's,
TFX's) converts cut at the tensors its parsing op gives. ``LAYOUTS`` has a row per parsing op: how it lays out its
outputs (per kind of feature, in order: sparse keys give indices, values and a dense shape each, dense keys one
tensor, ragged keys values and row splits), where its keys are, and the rank of the records it reads, as its OpDef and
shape function say (tensorflow/core/ops/parsing_ops.cc). From a row, ``feature_of`` names what an output is (the
refusal lists the tensors to cut at, each with its feature) and ``parsed_shape`` infers the output's shape as
TensorFlow's shape function does, for the placeholder a cut makes of it where the graph recorded no shape (a graph
TensorFlow 2 froze records none).
"""

from __future__ import annotations

from .._errors import DecodeError
from .._graph.attrs import node_attr as attr, shape_list

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, Final, List, Optional, Tuple

    from .._tensor import Tensor
    from .._typing import Decoded

_SPARSE: Final = ("indices", "values", "dense_shape")
_DENSE: Final = ("",)
_RAGGED: Final = ("values", "row_splits")

# op: (kinds: ((kind, the attr counting its keys (an int, or a list whose length counts), its tensors per key), ...),
#      keys: {kind: ("input", i): a 1-D string constant at input i | ("inputs", i): a scalar constant per key from
#             input i, the kinds' keys in order | ("attr", name): a list attr},
#      the rank of the records it reads: 0 or 1, or None where that is its input 0's, a vector or a scalar)
LAYOUTS: Final[Dict[str, Tuple[Tuple[Tuple[str, str, Tuple[str, ...]], ...], Dict[str, Tuple[str, Any]],
                               Optional[int]]]] = {
    "ParseExampleV2": (
        (("sparse", "num_sparse", _SPARSE), ("dense", "Tdense", _DENSE), ("ragged", "ragged_value_types", _RAGGED)),
        {"sparse": ("input", 2), "dense": ("input", 3), "ragged": ("input", 4)},
        None,
    ),
    "ParseExample": (
        (("sparse", "Nsparse", _SPARSE), ("dense", "Ndense", _DENSE)),
        {"sparse": ("inputs", 2), "dense": ("inputs", 2)},
        1,
    ),
    "ParseSingleExample": (
        (("sparse", "num_sparse", _SPARSE), ("dense", "Tdense", _DENSE)),
        {"sparse": ("attr", "sparse_keys"), "dense": ("attr", "dense_keys")},
        0,
    ),
}  # fmt: skip


def _output(node: Decoded, port: int) -> Optional[Tuple[str, str, int, int]]:
    """(kind, part, index of its key among the kind's, keys of the kinds before it) of output *port* of a parsing
    *node*; None past its outputs or where its attrs are not what TensorFlow writes."""
    kinds = LAYOUTS[node["op"]][0]
    start = before = 0
    for kind, count_attr, parts in kinds:
        count = attr(node, count_attr, 0)
        count = len(count) if isinstance(count, list) else count
        if not isinstance(count, int) or count < 0:
            return None
        if start <= port < start + count * len(parts):
            part, index = divmod(port - start, count)
            return kind, parts[part], index, before
        start += count * len(parts)
        before += count
    return None


def feature_of(node: Decoded, port: int, by_name: Dict[str, Decoded],
               value_of: Optional[Callable[[Decoded], Tensor]]) -> str:  # fmt: skip
    """What output *port* of a parsing *node* is (``dense 'age'``, ``sparse 'tags' values``), its key read from the
    node's constants (*by_name*, *value_of*); "" where it cannot be told (a damaged node, keys the graph computes)."""
    if node["op"] not in LAYOUTS:
        return ""
    try:
        found = _output(node, port)
        if found is None:
            return ""
        kind, part, index, before = found
        key = _key(node, LAYOUTS[node["op"]][1][kind], index, before, by_name, value_of)
    except (TypeError, ValueError, KeyError, IndexError, DecodeError):
        return ""
    where = f" {part.replace('_', ' ')}" if part else ""
    return f"{kind} {key!r}{where}" if key is not None else f"{kind}{where}"


def _key(node: Decoded, at: Tuple[str, Any], index: int, before: int, by_name: Dict[str, Decoded],
         value_of: Optional[Callable[[Decoded], Tensor]]) -> Optional[str]:  # fmt: skip
    """Key *index* of a kind of feature whose keys are *at* (*before*: the keys of the kinds before it), or None
    where no constant holds it."""
    how, where = at
    if how == "attr":
        value = attr(node, where, [])[index]
        return value.decode("utf-8", "replace") if isinstance(value, bytes) else None
    position = where if how == "input" else where + before + index
    constant = by_name.get(node["input"][position].partition(":")[0])
    if value_of is None or constant is None or constant["op"] != "Const":
        return None
    values = value_of(constant).tolist()
    item = values[index] if how == "input" else values
    return item.decode("utf-8", "replace") if isinstance(item, bytes) else None


def parsed_shape(node: Decoded, port: int, records: Optional[List[int]]) -> Optional[List[int]]:
    """The shape of output *port* of a parsing *node* (-1: a dim not known before it runs), as TensorFlow's shape
    function infers it from the shape of the *records* it reads (None where the graph does not say it); None where
    that cannot be told."""
    layout = LAYOUTS.get(node["op"])
    if layout is None:
        return None
    if layout[2] == 0:  # one record
        records = []
    elif layout[2] == 1:  # a vector of records
        records = records if records is not None and len(records) == 1 else [-1]
    if records is None or len(records) > 1:
        return None
    try:
        found = _output(node, port)
        if found is None:
            return None
        kind, part, index, _ = found
        if kind == "dense":
            shapes = attr(node, "dense_shapes", [])
            dims = shape_list(shapes[index]) if index < len(shapes) else None
            return None if dims is None else records + dims  # a dim of -1: a FixedLenSequenceFeature's length
    except (TypeError, KeyError, IndexError):  # attrs that are not what TensorFlow writes: no shape said
        return None
    if kind == "sparse":
        return {"indices": [-1, len(records) + 1], "values": [-1], "dense_shape": [len(records) + 1]}[part]
    return [-1]  # ragged values, and row splits (one more than the records)
