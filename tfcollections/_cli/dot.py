# SPDX-License-Identifier: Apache-2.0
"""``tfcollections MODEL --dot``: a graph (or part of it, or a function's body) as Graphviz DOT.

Strategy: the graph's nodes are walked once (names, ops, inputs: ``subgraph.graph_nodes``) and written as a
``digraph``: a box per node, labelled with its name and op, filled by role (an input placeholder green, a variable
blue, a constant gray); an edge per data input (labelled with the output it reads when not the first) and a dashed
edge per control input. With a scope, only the scope's nodes are drawn, and each node outside it that feeds the
scope or reads from it is drawn once, dashed and unfilled, so the picture shows the boundary ``subgraph`` reports.
Every name is quoted and escaped as DOT's grammar requires, so any name TensorFlow allows draws. Graphviz's ``dot``
(or any viewer of DOT, Netron-like tools too) draws it: ``tfcollections MODEL --dot | dot -Tsvg > graph.svg``.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Callable, Dict, Final, List, Optional, Set, Tuple

    from .._graph.nodelists import Nodes

# The fill of a node by its op's role; any other op is white.
_FILLS: Final = {
    "Placeholder": "#c8e6c9", "PlaceholderWithDefault": "#c8e6c9", "_Arg": "#c8e6c9",
    "VariableV2": "#bbdefb", "Variable": "#bbdefb", "VarHandleOp": "#bbdefb",
    "Const": "#eeeeee", "HostConst": "#eeeeee", "_Retval": "#fff9c4",
}  # fmt: skip


def _quoted(text: str) -> str:
    """A DOT ID: a double-quoted string, its quotes and backslashes escaped, its line breaks written as \\n."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _producer(entry: str, in_function: bool) -> Tuple[str, str, bool]:
    """(the producing node, the output it reads, '' for the first; whether a control input) of an input entry."""
    if entry.startswith("^"):
        return entry[1:], "", True
    if in_function:  # node:out:i, or an argument's name
        parts = entry.split(":")
        if len(parts) == 1:
            return entry, "", False
        output = ":".join(parts[1:])
        return parts[0], "" if output.endswith(":0") and len(parts) == 3 else output, False
    node, colon, index = entry.rpartition(":")
    if colon and index.isdigit():
        return node, "" if index == "0" else index, False
    return entry, "", False


def dot_lines(nodes: Nodes, title: str, selects: Optional[Callable[[str], bool]], in_function: bool) -> List[str]:
    """The DOT text of *nodes*: all of them, or those *selects* picks with the nodes across their boundary."""
    names, ops, inputs = nodes.names, nodes.ops, nodes.inputs
    chosen = [index for index, name in enumerate(names) if selects is None or selects(name)]
    inside: Set[str] = {names[index] for index in chosen}
    lines = [f"digraph {_quoted(title)} {{",
             "  rankdir=TB;",
             '  node [shape=box, style="rounded,filled", fillcolor=white, fontname="Helvetica", fontsize=10];',
             '  edge [fontname="Helvetica", fontsize=8, color="#555555"];']  # fmt: skip
    outside: Dict[str, str] = {}  # a node across the boundary: its op ("" for a function's argument)
    op_of = dict(zip(names, ops))
    edges: List[str] = []
    for index in chosen:
        name, op = names[index], ops[index]
        fill = _FILLS.get(op, "white")
        lines.append(f"  {_quoted(name)} [label={_quoted(name + chr(10) + op)}, fillcolor={_quoted(fill)}];")
        for entry in inputs[index]:
            source, output, control = _producer(entry, in_function)
            if source not in inside:
                outside.setdefault(source, op_of.get(source, "argument" if in_function else "?"))
            style = ' [style=dashed, color="#999999"]' if control else (f" [label={_quoted(output)}]" if output else "")
            edges.append(f"  {_quoted(source)} -> {_quoted(name)}{style};")
    if selects is not None:  # the readers outside the scope of what the scope makes
        for index, name in enumerate(names):
            if name in inside:
                continue
            for entry in inputs[index]:
                source, output, control = _producer(entry, in_function)
                if source in inside:
                    outside.setdefault(name, ops[index])
                    style = ' [style=dashed, color="#999999"]' if control else (
                        f" [label={_quoted(output)}]" if output else "")  # fmt: skip
                    edges.append(f"  {_quoted(source)} -> {_quoted(name)}{style};")
    for name, op in outside.items():
        label = name if not op else f"{name}\n{op}"
        lines.append(f"  {_quoted(name)} [label={_quoted(label)}, style=dashed, fillcolor=white];")
    return lines + edges + ["}"]
