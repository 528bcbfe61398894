# SPDX-License-Identifier: Apache-2.0
"""Variable updates that no output reads: left out of a frozen graph, as no value of any call depends on them.

Strategy: a TF 2 function runs every stateful op it holds (its outputs wait on them through control edges), so a
serving function that updates a variable keeps that update among what its outputs need. A frozen graph holds no
variable to write. Where the variable's value reaches no output (its handle reaches the outputs through data edges
only by way of its updates: a batch norm run in training mode, whose outputs take the batch's statistics while it
updates its moving averages, as keras_hub's DeepLabV3 and SegFormer serve; a call counter), the update changes no
output of this call or of any later one: it is left out, and with it what only it needed. Where any output reads the
variable (a counter the output is scaled by, a seed a random op draws from), the update is kept, and freezing refuses
it, as the outputs change from call to call.
"""

from __future__ import annotations

from .._graph.graphdef import split_tensor_name
from .cuts import reachable
from .ends import VARIABLE_OPS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Dict, Final, List, Optional, Set, Tuple

    from .._typing import Decoded

#: The ops that write a resource variable (input 0 its handle) and give nothing: Keras 3's ``assign`` of a moving
#: average, tf_keras' ``AssignMovingAvg`` (a subtraction), a counter's ``assign_add``.
UPDATE_OPS: Final = frozenset({"AssignVariableOp", "AssignAddVariableOp", "AssignSubVariableOp"})
# What hands a variable's handle on unchanged, on its way to a read or an update.
_PASSING: Final = frozenset({"Identity", "Enter", "Switch"})


def without_unread_updates(nodes: List[Decoded], outputs: List[str]) -> Tuple[List[Decoded], List[str]]:
    """*nodes* (what *outputs* need, in the graph's order) less the updates of variables no output reads and what
    only they needed; and the names of the updates left out."""
    by_name = {node["name"]: node for node in nodes}
    updates = [node for node in nodes if node["op"] in UPDATE_OPS]
    if not updates:
        return nodes, []
    read = reachable({split_tensor_name(name)[0] for name in outputs}, by_name, set(), control=False)
    unread = {node["name"] for node in updates if _variable(node, by_name) not in read | {None}}
    if not unread:
        return nodes, []
    kept_inputs = {
        node["name"]: [item for item in node["input"] if split_tensor_name(item)[0] not in unread] for node in nodes
    }
    pruned = [{**node, "input": kept_inputs[node["name"]]} for node in nodes if node["name"] not in unread]
    pruned_by_name = {node["name"]: node for node in pruned}
    kept = reachable({split_tensor_name(name)[0] for name in outputs}, pruned_by_name, set())
    return [node for node in pruned if node["name"] in kept], sorted(unread)


def _variable(update: Decoded, by_name: Dict[str, Decoded]) -> Optional[str]:
    """The variable node an update writes (its handle followed back through what passes it on), or None where the
    handle comes from elsewhere (a function's argument, a damaged graph)."""
    inputs = [item for item in update["input"] if not item.startswith("^")]
    name = split_tensor_name(inputs[0])[0] if inputs else None
    seen: Set[str] = set()
    while name is not None and name in by_name and name not in seen:
        seen.add(name)
        node = by_name[name]
        if node["op"] in VARIABLE_OPS:
            return name
        if node["op"] not in _PASSING:
            return None
        data = [item for item in node["input"] if not item.startswith("^")]
        name = split_tensor_name(data[0])[0] if data else None
    return None
