# SPDX-License-Identifier: Apache-2.0
"""TF 1's while loops (frames of ``Enter``, ``Merge``, ``Switch``, ``NextIteration``, ``Exit``) taken whole, each
into one node the converter makes an ONNX ``Loop`` of.

Strategy: TF 1 writes a ``tf.while_loop`` into the graph itself, as a cycle: each loop variable enters the frame
(``Enter``), meets its next value (``Merge`` of the ``Enter`` and a ``NextIteration``), goes to the body or out of
the loop by the condition (``Switch`` on ``LoopCond``: port 1 into the body, port 0 to an ``Exit``); a value the loop
only reads enters once (``Enter`` with ``is_constant``). A frame is found from its ``Enter`` nodes (their
``frame_name``): every node reachable from them up to the ``Exit`` nodes is in it. Its condition is what
``LoopCond`` reads, computed from the ``Merge`` outputs; its body is what the ``NextIteration`` nodes read, computed
from the ``Switch`` outputs' port 1. The frame is replaced by one node (``FRAME_OP``) whose inputs are the loop
variables' initial values and the read-only values, and whose outputs are the variables' final values (each
``Exit`` becomes an ``Identity`` of its output); the frame rides on the node (``node["frame"]``) for the converter,
which converts the condition and the body as it converts a TF 2 ``While``'s functions. What is not a plain loop is
refused with what it is: a frame inside another frame, a body reading the condition's values. A TF 1 cond inside
the loop (a ``Merge`` of its branches, not of an ``Enter``) is taken whole in the body as outside it (``take_conds``).
"""

from __future__ import annotations

from .._errors import ConversionError
from .._graph.graphdef import new_node, split_tensor_name

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Dict, Final, List, Optional, Set, Tuple

    from .._typing import Decoded

#: The op of the node a frame becomes (no TensorFlow op: the converter's own).
FRAME_OP = "_WhileFrame"

_ENTERS = ("Enter", "RefEnter")
_MERGES = ("Merge", "RefMerge")
_SWITCHES = ("Switch", "RefSwitch")
_NEXTS = ("NextIteration", "RefNextIteration")
_EXITS = ("Exit", "RefExit")
#: The data inputs each control-flow op has at least (TensorFlow's op definitions: control_flow_ops.cc).
_LEAST_INPUTS: Final = {
    **dict.fromkeys((*_ENTERS, *_EXITS, *_NEXTS, "LoopCond", *_MERGES), 1),
    **dict.fromkeys(_SWITCHES, 2),
}


class Frame:
    """One while loop: its variables (each its ``Merge``, ``Switch`` and the tensor its ``NextIteration`` reads), the
    read-only values (their ``Enter`` nodes), the condition's tensor and nodes, the body's nodes."""

    __slots__ = ("body", "branches", "cond", "cond_tensor", "invariants", "merges", "name", "nexts", "switches")

    def __init__(self, name: str) -> None:
        self.name = name
        self.merges: List[str] = []
        self.switches: List[str] = []
        self.nexts: List[str] = []  # the tensor each variable's NextIteration reads: its value after one step
        self.invariants: List[str] = []  # the Enter nodes of the values the loop only reads
        self.cond_tensor = ""
        self.cond: List[Decoded] = []
        self.body: List[Decoded] = []
        self.branches: List[Decoded] = []  # the nodes of the branches of the conds inside the loop


def _data(node: Decoded) -> List[str]:
    return [item for item in node["input"] if not item.startswith("^")]


def _frame_name(node: Decoded) -> bytes:
    value = node["attr"].get("frame_name")
    return bytes(value["s"]) if value is not None and value.get("s") is not None else b""


def _is_constant(node: Decoded) -> bool:
    value = node["attr"].get("is_constant")
    return bool(value is not None and value.get("b"))


def _check_inputs(nodes: List[Decoded]) -> None:
    """Refuses a control-flow node with fewer data inputs than TensorFlow's op has (a damaged graph), naming it."""
    for node in nodes:
        least = _LEAST_INPUTS.get(node["op"], 0)
        found = len(_data(node))
        if found < least:
            raise ConversionError(f"node {node['name']!r} ({node['op']}): it has {found} data input(s), where "
                                  f"TensorFlow's {node['op']} has {least}")  # fmt: skip


def take_frames(nodes: List[Decoded]) -> Tuple[List[Decoded], List[Decoded]]:
    """*nodes* with each while frame replaced by one ``FRAME_OP`` node (its ``Exit`` nodes by ``Identity`` nodes of
    its outputs), and the nodes of the frames' conditions and bodies (the op table must cover them too)."""
    enters = [node for node in nodes if node["op"] in _ENTERS]
    if not enters:
        return nodes, []
    _check_inputs(nodes)
    by_name = {node["name"]: node for node in nodes}
    consumers: Dict[str, List[Decoded]] = {}
    for node in nodes:
        for item in node["input"]:
            consumers.setdefault(split_tensor_name(item)[0], []).append(node)
    by_frame: Dict[bytes, List[Decoded]] = {}
    for enter in enters:
        by_frame.setdefault(_frame_name(enter), []).append(enter)
    taken: Set[str] = set()
    replaced: Dict[str, Decoded] = {}
    inner: List[Decoded] = []
    added: Dict[str, Decoded] = {}  # the first Enter of a frame -> the node the frame becomes
    for frame_name, frame_enters in by_frame.items():
        loop, exits, inside = _frame(frame_name, frame_enters, by_name, consumers)
        taken.update(inside)
        for port, exit_node in exits:
            replaced[exit_node["name"]] = _output(exit_node, loop, port)
        added[frame_enters[0]["name"]] = loop
        frame: Frame = loop["frame"]
        inner += frame.cond + frame.body + frame.branches
    return _spliced(nodes, added, replaced, taken), inner


def _output(node: Decoded, whole: Decoded, port: int) -> Decoded:
    """*node* (an ``Exit``, a ``Merge``) as an ``Identity`` of output *port* of the node its loop or cond became."""
    dtype = {"T": node["attr"]["T"]} if "T" in node["attr"] else {}
    return new_node(node["name"], "Identity", [f"{whole['name']}:{port}"], dtype)


def _spliced(nodes: List[Decoded], added: Dict[str, Decoded], replaced: Dict[str, Decoded], removed: Set[str]
             ) -> List[Decoded]:  # fmt: skip
    """*nodes* in their order with each node of *added* before the node it is keyed by, each of *replaced* in its
    node's place, and the *removed* left out."""
    out: List[Decoded] = []
    for node in nodes:
        name = node["name"]
        if name in added:
            out.append(added[name])
        if name in replaced:
            out.append(replaced[name])
        elif name not in removed:
            out.append(node)
    return out


def _frame(
    frame_name: bytes, enters: List[Decoded], by_name: Dict[str, Decoded], consumers: Dict[str, List[Decoded]]
) -> Tuple[Decoded, List[Tuple[int, Decoded]], Set[str]]:
    """The node a frame becomes, its Exit nodes with the loop output each gives, and the names of its nodes."""
    shown = frame_name.decode("utf-8", "replace")
    inside: Set[str] = {enter["name"] for enter in enters}
    exits: List[Decoded] = []
    pending = [enter["name"] for enter in enters]
    while pending:
        for consumer in consumers.get(pending.pop(), ()):
            name = consumer["name"]
            if name in inside:
                continue
            if consumer["op"] in _ENTERS:
                raise ConversionError(f"while loop {shown!r} holds another while loop ({_frame_name(consumer)!r}): "
                                      "nested TF 1 loops are not converted")  # fmt: skip
            inside.add(name)
            if consumer["op"] in _EXITS:
                exits.append(consumer)
            else:
                pending.append(name)
    conds = [by_name[name] for name in inside if by_name[name]["op"] == "LoopCond"]
    if len(conds) != 1:
        raise ConversionError(f"while loop {shown!r} has {len(conds)} LoopCond nodes, where a TF 1 loop has one")
    loop_cond = conds[0]
    frame = Frame(loop_cond["name"].rpartition("/")[0] or loop_cond["name"])
    if frame.name in by_name:
        frame.name += "/frame"
    frame.cond_tensor = _data(loop_cond)[0]
    entering: List[str] = []
    for enter in enters:
        if _is_constant(enter):
            frame.invariants.append(enter["name"])
    loop_enters = {enter["name"] for enter in enters if not _is_constant(enter)}
    # The loop's own Merge nodes join an Enter; a cond's inside the loop (its branches' Merge) are the body's.
    merges = [
        by_name[name]
        for name in sorted(inside)
        if by_name[name]["op"] in _MERGES and _joins_enter(by_name[name], by_name)
    ]
    merges.sort(key=lambda node: [enter["name"] for enter in enters].index(_merge_parts(node, by_name, shown)[0]))
    switch_of: Dict[str, Decoded] = {}
    for merge in merges:
        enter_name, next_name = _merge_parts(merge, by_name, shown)
        switch = next((node for node in consumers.get(merge["name"], ()) if node["op"] in _SWITCHES
                       and split_tensor_name(_data(node)[0])[0] == merge["name"]), None)  # fmt: skip
        if switch is None or split_tensor_name(_data(switch)[1])[0] != loop_cond["name"]:
            raise ConversionError(f"while loop {shown!r}: Merge {merge['name']!r} goes to no Switch on its LoopCond")
        frame.merges.append(merge["name"])
        frame.switches.append(switch["name"])
        frame.nexts.append(_data(by_name[next_name])[0])
        entering.append(_data(by_name[enter_name])[0])
        switch_of[switch["name"]] = merge
        loop_enters.discard(enter_name)
    if loop_enters:
        raise ConversionError(f"while loop {shown!r}: Enter {sorted(loop_enters)[0]!r} is no loop variable's")
    invariants = set(frame.invariants)
    stops = set(frame.merges) | invariants
    frame.cond = _closure([frame.cond_tensor], by_name, inside, stops, shown, "condition", loop_cond["name"])
    stops = set(switch_of) | invariants
    frame.body = _closure(frame.nexts, by_name, inside, stops, shown, "body", loop_cond["name"])
    # A TF 1 cond inside the loop: taken whole as outside one (each one If of the body graph).
    frame.cond, in_conds = take_conds(frame.cond)
    frame.body, in_body_conds = take_conds(frame.body)
    frame.branches = in_conds + in_body_conds
    ports: List[Tuple[int, Decoded]] = []
    for exit_node in exits:
        source = split_tensor_name(_data(exit_node)[0])[0]
        if source not in switch_of:
            raise ConversionError(f"while loop {shown!r}: Exit {exit_node['name']!r} reads no loop variable's Switch")
        ports.append((frame.switches.index(source), exit_node))
    read_only = [_data(by_name[name])[0] for name in frame.invariants]
    loop = new_node(frame.name, FRAME_OP, [*entering, *read_only], {})
    loop["frame"] = frame
    return loop, ports, inside


def _joins_enter(merge: Decoded, by_name: Dict[str, Decoded]) -> bool:
    sources = (by_name.get(split_tensor_name(item)[0]) for item in _data(merge))
    return any(source is not None and source["op"] in _ENTERS for source in sources)


def _merge_parts(merge: Decoded, by_name: Dict[str, Decoded], shown: str) -> Tuple[str, str]:
    """The ``Enter`` and the ``NextIteration`` a loop variable's ``Merge`` joins."""
    sources = [by_name.get(split_tensor_name(item)[0]) for item in _data(merge)]
    enter = next((node["name"] for node in sources if node is not None and node["op"] in _ENTERS), None)
    following = next((node["name"] for node in sources if node is not None and node["op"] in _NEXTS), None)
    if enter is None or following is None or len(sources) != 2:
        raise ConversionError(f"while loop {shown!r}: Merge {merge['name']!r} joins no Enter and NextIteration (a TF 1 "
                              "cond inside the loop, which is not converted)")  # fmt: skip
    return enter, following


def _closure(
    tensors: List[str], by_name: Dict[str, Decoded], inside: Set[str], stops: Set[str], shown: str, what: str,
    loop_cond: str,
) -> List[Decoded]:  # fmt: skip
    """The frame's nodes *tensors* are computed from (data inputs only), up to the *stops*, in the graph's order: a
    cond's ``Switch`` and ``Merge`` nodes among them, not the loop's own (those on *loop_cond*, or of an ``Enter``)."""
    found: Set[str] = set()
    pending = [split_tensor_name(tensor)[0] for tensor in tensors]
    while pending:
        name = pending.pop()
        if name in found or name in stops or name not in inside:
            continue
        node = by_name[name]
        inner_cond = (node["op"] in _MERGES and not _joins_enter(node, by_name)) or (
            node["op"] in _SWITCHES and split_tensor_name(_data(node)[1])[0] != loop_cond
        )  # a TF 1 cond's inside the loop, taken whole after (take_conds)
        if node["op"] in (*_MERGES, *_SWITCHES, *_ENTERS, *_NEXTS, *_EXITS, "LoopCond") and not inner_cond:
            raise ConversionError(f"while loop {shown!r}: its {what} reads {node['op']} {name!r} in a way a plain loop "
                                  "does not")  # fmt: skip
        found.add(name)
        pending += [split_tensor_name(item)[0] for item in _data(node)]
        # A cond's branch constant hangs on its pivot (switch_t, switch_f) by a control input: the pivot comes too,
        # for the cond to be taken with its branches whole.
        controls = [item[1:] for item in node["input"] if item.startswith("^")]
        pending += [control for control in controls if _pivot(by_name.get(control), by_name, loop_cond)]
    return [node for name, node in by_name.items() if name in found]


def _pivot(node: Optional[Decoded], by_name: Dict[str, Decoded], loop_cond: str) -> bool:
    """Whether *node* is a cond's pivot: an Identity of a ``Switch`` that is not the loop's (on its LoopCond)."""
    if node is None or node["op"] != "Identity" or not _data(node):
        return False
    source = by_name.get(split_tensor_name(_data(node)[0])[0])
    return source is not None and source["op"] in _SWITCHES and split_tensor_name(_data(source)[1])[0] != loop_cond


# ---------------------------------------------------------------- TF 1's conds

#: The op of the node a TF 1 cond becomes.
COND_OP = "_CondFrame"


class Cond:
    """One TF 1 cond (the ``Merge`` nodes of one predicate): its ``Switch`` nodes (each passes its data input to the
    branch its port names), each branch's nodes (1: true, 0: false) and the tensor each ``Merge`` takes from it."""

    __slots__ = ("merges", "name", "nodes", "results", "switches")

    def __init__(self, name: str) -> None:
        self.name = name
        self.switches: List[str] = []
        self.merges: List[str] = []
        self.nodes: Dict[int, List[Decoded]] = {0: [], 1: []}
        self.results: Dict[int, List[str]] = {0: [], 1: []}


def _predicate(switch: Decoded, by_name: Dict[str, Decoded]) -> str:
    """The tensor a ``Switch`` switches on, through the ``Identity`` nodes TF 1 puts before it (``pred_id``)."""
    reference = _data(switch)[1]
    for _ in range(len(by_name)):
        node = by_name.get(split_tensor_name(reference)[0])
        if node is None or node["op"] != "Identity":
            break
        reference = _data(node)[0]
    name, port = split_tensor_name(reference)
    return f"{name}:{port}"


def take_conds(nodes: List[Decoded]) -> Tuple[List[Decoded], List[Decoded]]:
    """*nodes* with each TF 1 cond (its ``Switch`` nodes, branches and ``Merge`` nodes) replaced by one ``COND_OP``
    node, each ``Merge`` by an ``Identity`` of its output; and the branches' nodes (the op table must cover them)."""
    switches = [node for node in nodes if node["op"] in _SWITCHES]
    if not switches:
        return nodes, []
    _check_inputs(nodes)
    by_name = {node["name"]: node for node in nodes}
    consumers: Dict[str, List[Tuple[Decoded, str]]] = {}
    for node in nodes:
        for item in node["input"]:
            consumers.setdefault(split_tensor_name(item)[0], []).append((node, item))
    by_predicate: Dict[str, List[Decoded]] = {}
    for switch in switches:
        by_predicate.setdefault(_predicate(switch, by_name), []).append(switch)
    removed: Set[str] = set()
    replaced: Dict[str, Decoded] = {}
    added: Dict[str, Decoded] = {}
    inner: List[Decoded] = []
    groups = [(predicate, part) for predicate, group in by_predicate.items() for part in _joined(group, consumers)]
    named: Set[str] = set()
    for predicate, group in groups:
        cond = _cond(predicate, group, by_name, consumers)
        if not cond.merges:
            continue  # no branch ends in a Merge: no cond to take (its Switch nodes are refused as they are)
        while cond.name in by_name or cond.name in named:  # a name no node has (conds may share a predicate)
            cond.name += "_frame"
        named.add(cond.name)
        node = new_node(cond.name, COND_OP, [predicate, *[_data(by_name[name])[0] for name in cond.switches]], {})
        node["cond"] = cond
        added[group[0]["name"]] = node
        removed.update(cond.switches)
        for side in (0, 1):
            removed.update(item["name"] for item in cond.nodes[side])
            inner += cond.nodes[side]
        for port, merge in enumerate(cond.merges):
            replaced[merge] = _output(by_name[merge], node, port)
    return _spliced(nodes, added, replaced, removed), inner


def _joined(group: List[Decoded], consumers: Dict[str, List[Tuple[Decoded, str]]]) -> List[List[Decoded]]:
    """The ``Switch`` nodes of one predicate by the cond they belong to: those whose branches reach a ``Merge`` in
    common (several conds may switch on one predicate: Keras' dropout layers on ``training``, one after another)."""
    reached: Dict[str, Set[str]] = {}
    for switch in group:
        merges: Set[str] = set()
        seen = {switch["name"]}
        pending = [switch["name"]]
        while pending:
            for consumer, _ in consumers.get(pending.pop(), ()):
                name = consumer["name"]
                if name in seen:
                    continue
                seen.add(name)
                if consumer["op"] in _MERGES:
                    merges.add(name)
                elif consumer["op"] not in _SWITCHES:
                    pending.append(name)
        reached[switch["name"]] = merges
    parts: List[Tuple[Set[str], List[Decoded]]] = []
    for switch in group:
        merges = reached[switch["name"]]
        joined = [part for part in parts if part[0] & merges]
        kept = [part for part in parts if not part[0] & merges]
        union: Set[str] = set(merges)
        members: List[Decoded] = []
        for part in joined:
            union |= part[0]
            members += part[1]
        parts = [*kept, (union, [*members, switch])]
    # A Switch whose branch reaches no Merge (a pivot whose constants go unused) joins the cond whose Switch nodes
    # share most of its name scope (TensorFlow names a cond's nodes under one scope), or the only one.
    merged = [part for part in parts if part[0]]
    if merged:
        for _, members in [part for part in parts if not part[0]]:
            for switch in members:
                best = max(merged, key=lambda part: max(_shared_scope(switch["name"], other["name"])
                                                        for other in part[1]))  # fmt: skip
                best[1].append(switch)
        parts = merged
    order = {switch["name"]: position for position, switch in enumerate(group)}
    return sorted((sorted(members, key=lambda item: order[item["name"]]) for _, members in parts),
                  key=lambda members: order[members[0]["name"]])  # fmt: skip


def _shared_scope(first: str, second: str) -> int:
    """How many leading name-scope components two node names share."""
    count = 0
    for left, right in zip(first.split("/"), second.split("/")):
        if left != right:
            break
        count += 1
    return count


def _cond(
    predicate: str, group: List[Decoded], by_name: Dict[str, Decoded], consumers: Dict[str, List[Tuple[Decoded, str]]]
) -> Cond:
    """A cond's branches: every node downstream of its ``Switch`` nodes up to its ``Merge`` nodes, on the side its
    ``Switch`` ports (or the pivots its constants hang on by control inputs) give it."""
    cond = Cond(f"{predicate.split(':')[0]}/cond")
    cond.switches = [switch["name"] for switch in group]
    side: Dict[str, int] = {}
    merges: List[str] = []
    pending: List[str] = []
    for switch in group:
        for consumer, reference in consumers.get(switch["name"], ()):
            port = 0 if reference.startswith("^") else split_tensor_name(reference)[1]
            pending += _assign(consumer, port, side, merges, predicate)
    while pending:
        name = pending.pop()
        for consumer, _ in consumers.get(name, ()):
            pending += _assign(consumer, side[name], side, merges, predicate)
    for name in merges:
        merge = by_name[name]
        if any(split_tensor_name(item)[1] == 1 for _, item in consumers.get(name, ()) if not item.startswith("^")):
            raise ConversionError(f"TF 1 cond on {predicate!r}: Merge {name!r} gives its value_index, which the "
                                  "conversion does not make")  # fmt: skip
        inputs = _data(merge)
        sides = [_side_of(item, side, cond.switches) for item in inputs]
        if len(inputs) != 2 or sorted(sides) != [0, 1]:
            raise ConversionError(f"TF 1 cond on {predicate!r}: Merge {name!r} does not join its two branches")
        cond.merges.append(name)
        for item, branch in zip(inputs, sides):
            cond.results[branch].append(item)
    for branch in (0, 1):
        cond.nodes[branch] = [by_name[name] for name in by_name if side.get(name) == branch]
    return cond


def _assign(node: Decoded, branch: int, side: Dict[str, int], merges: List[str], predicate: str) -> List[str]:
    """Put *node* on *branch*; the names to go on from (none for a ``Merge``, where the branches end)."""
    name = node["name"]
    if node["op"] in _MERGES:
        if name not in merges:
            merges.append(name)
        return []
    if node["op"] in (*_SWITCHES, *_ENTERS, *_EXITS, *_NEXTS, "LoopCond"):
        raise ConversionError(f"TF 1 cond on {predicate!r}: its branch reaches {node['op']} {name!r} (a cond inside a "
                              "cond, or a loop inside a branch), which is not converted")  # fmt: skip
    if name in side:
        if side[name] != branch:
            raise ConversionError(f"TF 1 cond on {predicate!r}: node {name!r} reads both branches")
        return []
    side[name] = branch
    return [name]


def _side_of(reference: str, side: Dict[str, int], switches: List[str]) -> int:
    name, port = split_tensor_name(reference)
    if name in switches:
        return port
    return side.get(name, -1)
