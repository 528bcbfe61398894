# SPDX-License-Identifier: Apache-2.0
"""``--subgraph``: a view of part of a graph, as a person reads it and as JSON.

Strategy: the library's ``subgraph`` gives the view; here it is written as tables (inputs, then outputs, then the
outputs nothing consumes, each tensor with its producer's op, dtype and shape, and who uses it), the control edges
that cross, and the census of the scope's ops, most used first. ``--json`` carries the view as it is.
"""

from __future__ import annotations

from .cells import dtype_text, shape_text, table

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Dict, List

# Consumers shown per tensor in the tables (--json has them all).
_SHOWN_CONSUMERS = 2


def view_lines(view: Dict[str, Any]) -> List[str]:
    """The view of one meta graph's graph (or function), as the summary writes it."""
    where = f"function {view['function']}" if view["function"] is not None else "the graph"
    ops = view["ops"]
    lines = [f"  subgraph {view['scope']!r} of {where}: {len(ops):,} of {view['nodes']:,} node"
             + ("" if view["nodes"] == 1 else "s")]  # fmt: skip
    if not ops:
        lines.append("    (no node is in it)")
        return lines
    lines += _tensors("inputs", "consumed inside, produced outside", view["inputs"], "used by")
    lines += _tensors("outputs", "produced inside, consumed outside", view["outputs"], "used by")
    lines += _tensors("unconsumed", "produced inside, used by no node", view["unconsumed"], None)
    for key, says in (
        ("control_inputs", "waits for (^node), outside"),
        ("control_outputs", "waited for, from outside"),
    ):
        names = view[key]
        if names:
            shown = ", ".join(names[:8]) + (f", ... ({len(names) - 8} more)" if len(names) > 8 else "")
            lines.append(f"    {key.replace('_', ' ')} ({len(names)}): {says}: {shown}")
    if view["dangling"]:
        lines.append(f"    dangling ({len(view['dangling'])}): named as inputs, no such node: "
                     + ", ".join(view["dangling"][:8]))  # fmt: skip
    if view["outputs_unknown"]:
        lines.append(f"    outputs not known ({len(view['outputs_unknown'])}, an op no TensorFlow registers): "
                     + ", ".join(view["outputs_unknown"][:8]))  # fmt: skip
    census: Dict[str, int] = {}
    for node in ops:
        census[node["op"]] = census.get(node["op"], 0) + 1
    ordered = sorted(census.items(), key=lambda item: (-item[1], item[0]))
    lines.append(f"    ops ({len(census)} kinds):")
    lines += table([[op, f"{count:,}"] for op, count in ordered], "      ")
    return lines


def _tensors(title: str, says: str, tensors: List[Dict[str, Any]], used: Any) -> List[str]:
    lines = [f"    {title} ({len(tensors)}): {says}"]
    if not tensors:
        return lines
    rows = [["tensor", "op", "dtype", "shape"] + ([used] if used else [])]
    for entry in tensors:
        row = [entry["tensor"], entry["op"] or "(no such node)", dtype_text(entry["dtype"]), shape_text(entry["shape"])]
        if used:
            users = [*entry["consumers"], *(f"result {name}" for name in entry.get("results", []))]
            more = f" (+{len(users) - _SHOWN_CONSUMERS})" if len(users) > _SHOWN_CONSUMERS else ""
            row.append(", ".join(users[:_SHOWN_CONSUMERS]) + more)
        rows.append(row)
    return lines + table(rows, "      ")
