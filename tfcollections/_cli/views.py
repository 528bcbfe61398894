# SPDX-License-Identifier: Apache-2.0
"""What the command line shows of a model: the collections and variables its filters keep, parameter counts.

Strategy: the filters (``--collection``, ``--scope``, ``--scope-boundary``) are applied here once, with
TensorFlow's scope rule from the model wing, and both renderers (the summary and ``--json``) show what
these functions give. An optimizer slot or moving average is told from a variable by its colocation.
"""

from __future__ import annotations

from .._graph.ops import flagged
from .._items import COLLECTIONS
from .._model.collections import get_collection, scope_matcher
from .cells import parameters

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, List, Optional

# The collections of VariableDefs, from the registry.
VARIABLE_COLLECTIONS = tuple(name for name, kind in COLLECTIONS.items() if kind == "tensorflow.VariableDef")


def selected(
    meta_graph: Dict[str, Any], names: Optional[List[str]], scope: Optional[str], boundary: bool
) -> Dict[str, Dict[str, Any]]:
    """The collections the filters keep (all, or those *names*), each with the items in *scope*."""
    out = {}
    for name, collection in meta_graph["collection_def"].items():
        if names and name not in names:
            continue
        out[name] = {"kind": collection["kind"], "value": get_collection(meta_graph, name, scope, boundary=boundary)}
    return out


def in_scope(scope: Optional[str], boundary: bool) -> Callable[[str], bool]:
    """TensorFlow's scope rule (see get_collection), on a variable's tensor name ``<node>:0``."""
    if scope is None:
        return lambda name: True
    matches = scope_matcher(scope, boundary)
    return lambda name: matches(f"{name}:0")


def graph_variables(
    meta_graph: Dict[str, Any], names: Optional[List[str]], scope: Optional[str], boundary: bool
) -> List[Dict[str, Any]]:
    """The graph's variables that the filters keep: in scope, and in one of the chosen collections if any."""
    wanted = [name for name in names or [] if name in VARIABLE_COLLECTIONS]
    if names and not wanted:
        return []
    matches = in_scope(scope, boundary)
    return [
        variable
        for variable in meta_graph["graph"]["variables"]
        if matches(str(variable["name"])) and (not wanted or set(wanted) & set(variable["collections"]))
    ]


def slot_of(variable: Dict[str, Any], names: Dict[str, Dict[str, Any]]) -> Optional[str]:
    """The variable an optimizer slot or moving average belongs to: one it is colocated with (``_class``) whose
    name its own holds as a scope (TF 1's slot creator names a slot ``<scope>/<variable>/<slot>``), or in a TF 2
    object graph the variable of the path before ``/.OPTIMIZER_SLOT/``. Else None: an optimizer's own variable
    colocated with the first it trains (TF 1 Adam's ``beta1_power``) is no slot of that one (``training_state``)."""
    name = str(variable["name"])
    for other in variable["colocated_with"]:
        if other != name and other in names and (name.startswith(f"{other}/") or f"/{other}/" in name):
            return str(other)
    path = variable.get("object_path")
    if path and "/.OPTIMIZER_SLOT/" in path:
        owner = path.partition("/.OPTIMIZER_SLOT/")[0]
        for other, candidate in names.items():
            if candidate.get("object_path") == owner:
                return other
    return None


def training_state(variable: Dict[str, Any], names: Dict[str, Dict[str, Any]]) -> bool:
    """Whether a variable is what training keeps beside the model's weights: a slot or moving average
    (``slot_of``), an optimizer's own variable (colocated with a variable it is no slot of, as TF 1 Adam's
    ``beta1_power``; a TF 2 object path under ``optimizer/``), or a Keras metric's counter (``keras_api/metrics/``)."""
    if slot_of(variable, names) is not None:
        return True
    if any(other != variable["name"] and other in names for other in variable["colocated_with"]):
        return True
    path = variable.get("object_path") or ""
    return path.startswith(("optimizer/", "keras_api/metrics/"))


def graph_summary(graph: Dict[str, Any], variables: List[Dict[str, Any]]) -> Dict[str, Any]:
    """Parameter counts (the model's variables; trainable ones; training's state: optimizer slots and variables,
    moving averages, metrics) and flagged ops."""
    names = {str(v["name"]): v for v in variables}
    total = trainable = slots = unknown = 0
    for variable in variables:
        count = parameters(variable)
        if count is None:
            unknown += 1
        elif training_state(variable, names):
            slots += count
        else:
            total += count
            trainable += count if variable["trainable"] else 0
    return {"parameters": total, "trainable_parameters": trainable, "slot_parameters": slots,
            "variables_of_unknown_size": unknown, "flagged_ops": flagged(graph["ops"])}  # fmt: skip
