# SPDX-License-Identifier: Apache-2.0
"""The optimization pass's rewrites of shape arithmetic: a graph's own dims read back where it reshapes.

Strategy: a TensorFlow graph computes the shapes it reshapes to from ``Shape`` of its values (Keras's
``reshape(x, (shape(x)[0], -1, ...))``, ``tf.tensordot``'s flatten and unflatten around a ``MatMul``); each rewrite
matches that arithmetic in the ONNX graph, from the ``Reshape`` back to the ``Shape`` through ``Cast``, ``Concat``,
``Slice`` and ``Gather`` of constants, and puts in what ONNX says directly: a ``Reshape``'s 0 (the input's dim at
that place), a ``MatMul`` that broadcasts over leading dims, a ``Squeeze`` undone by an ``Unsqueeze`` of its axes
read as its input. What does not match exactly is left as it is.
"""

from __future__ import annotations

from .folding import Const, attribute_of, int_values

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Callable, Dict, List, Optional

    from .._typing import Decoded


def unsqueezed_back(node: Decoded, producers: Dict[str, Decoded],
                     constant: Callable[[str], Optional[Const]]) -> Optional[str]:  # fmt: skip
    """The input of a ``Squeeze`` whose output an ``Unsqueeze`` of the same axes puts back (a shape's element taken
    as a scalar, then packed into a shape again), which is what the ``Unsqueeze`` gives; else None. The axes are
    compared as given (both constants, no negative one): the Squeeze removed axes of size 1 at those places, the
    Unsqueeze puts them back there."""
    if node["op_type"] != "Unsqueeze" or len(node["input"]) != 2:
        return None
    squeeze = producers.get(node["input"][0])
    if squeeze is None or squeeze["op_type"] != "Squeeze" or len(squeeze["input"]) != 2:
        return None
    added, removed = constant(node["input"][1]), constant(squeeze["input"][1])
    if added is None or removed is None:
        return None
    axes, taken = int_values(added), int_values(removed)
    if axes is None or taken is None or sorted(axes) != sorted(taken) or any(axis < 0 for axis in axes):
        return None
    return str(squeeze["input"][0])


def copied_dims(nodes: List[Decoded], initializers: Dict[str, Decoded],
                 constant: Callable[[str], Optional[Const]]) -> List[Decoded]:  # fmt: skip
    """A ``Reshape`` whose target is made of constants and of dims of its own input at the same places (Keras's
    ``reshape(x, (shape(x)[0], -1, heads, size))``: ``Concat(Slice(Shape(x)), ...)``) gets a constant target, each
    such dim a 0, which ``Reshape`` reads as "the input's dim here": the shape arithmetic goes. Not where the
    target holds a 0 of its own or the node sets ``allowzero``."""
    producers = {name: node for node in nodes for name in node["output"]}

    for node in nodes:
        if node["op_type"] != "Reshape" or len(node["input"]) != 2 or attribute_of(node, "allowzero"):
            continue
        data, target = node["input"]
        concat = producers.get(_uncast(target, producers))
        if concat is None or concat["op_type"] != "Concat":
            continue
        dims: List[int] = []
        for part in concat["input"]:
            given = constant(part)
            if given is not None:
                values = int_values(given)
            else:
                values = _dims_of(producers.get(_uncast(part, producers)), data, producers, constant, len(dims))
            if values is None or (given is not None and 0 in values):
                break
            dims.extend(values)
        else:
            if dims.count(-1) <= 1 and 0 in dims:
                made = f"{target}/copied_dims"
                initializers[made] = Const("DT_INT64", [len(dims)], dims).proto(made)
                node["input"] = [data, made]
    return nodes


def unflattened_matmuls(nodes: List[Decoded], constant: Callable[[str], Optional[Const]],
                         ranks: Dict[str, int]) -> List[Decoded]:  # fmt: skip
    """``tf.tensordot``'s dense layer of a value x of rank r > 2 (Keras 3's Dense): x reshaped to [-1, K], a MatMul
    by a [K, N] constant, the product reshaped to x's first r - 1 dims and N, taken from ``Shape(x)``. That last
    Reshape is one MatMul of x itself, which broadcasts over x's leading dims (the first Reshape and its MatMul
    left to no one)."""
    producers = {name: node for node in nodes for name in node["output"]}

    made: Dict[int, Decoded] = {}
    for node in nodes:
        if node["op_type"] != "Reshape" or len(node["input"]) != 2 or attribute_of(node, "allowzero"):
            continue
        product = producers.get(node["input"][0])
        flat = producers.get(product["input"][0]) if product is not None and product["op_type"] == "MatMul" else None
        if product is None or flat is None or flat["op_type"] != "Reshape" or len(flat["input"]) != 2:
            continue
        weights, target = constant(product["input"][1]), constant(flat["input"][1])
        x = flat["input"][0]
        rank = ranks.get(x)
        if weights is None or len(weights.shape) != 2 or target is None or rank is None or rank < 3:
            continue
        if int_values(target) != [-1, weights.shape[0]]:
            continue
        concat = producers.get(_uncast(node["input"][1], producers))
        if concat is None or concat["op_type"] != "Concat" or len(concat["input"]) < 2:
            continue
        *leading, last = concat["input"]
        place = 0
        for part in leading:
            copied = _dims_of(producers.get(_uncast(part, producers)), x, producers, constant, place)
            if copied is None:
                place = -1
                break
            place += len(copied)
        size = constant(last)
        if place != rank - 1 or size is None or int_values(size) != [weights.shape[1]]:
            continue
        made[id(node)] = {**node, "op_type": "MatMul", "input": [x, product["input"][1]], "attribute": []}
    return [made.get(id(node), node) for node in nodes]


def _uncast(name: str, producers: Dict[str, Decoded]) -> str:
    """The value *name* is a Cast (or a few) of, else *name* (a shape's int64 cast to TensorFlow's int32)."""
    for _ in range(4):
        node = producers.get(name)
        if node is None or node["op_type"] != "Cast" or len(node["input"]) != 1:
            break
        name = node["input"][0]
    return name


def _dims_of(node: Optional[Decoded], data: str, producers: Dict[str, Decoded],
             constant: Callable[[str], Optional[Const]], place: int) -> Optional[List[int]]:  # fmt: skip
    """[0, ...] (copy) for a Slice or Gather of ``Shape(data)`` that picks *data*'s dims from *place* on, in order;
    else None."""
    if node is None or node["op_type"] not in ("Slice", "Gather") or len(node["input"]) < 2:
        return None
    shape = producers.get(_uncast(node["input"][0], producers))
    if shape is None or shape["op_type"] != "Shape" or shape["input"][:1] != [data] or shape["attribute"]:
        return None
    found = [constant(name) for name in node["input"][1:]]
    if any(item is None for item in found):
        return None
    values = [int_values(item) for item in found if item is not None]
    if any(item is None for item in values):
        return None
    if node["op_type"] == "Gather":
        picks = values[0] or []
        if attribute_of(node, "axis") not in (None, 0) or len(found[0].shape) != 1:  # type: ignore[union-attr]
            return None
    else:
        starts, ends, *rest = values
        axes = rest[0] if rest else [0]
        steps = rest[1] if len(rest) > 1 else [1]
        if starts is None or ends is None or len(starts) != 1 or axes != [0] or steps != [1] or starts[0] < 0:
            return None
        picks = list(range(starts[0], min(ends[0], starts[0] + 8)))
        if ends[0] > starts[0] + 8:
            return None
    if picks != list(range(place, place + len(picks))):
        return None
    return [0] * len(picks)
