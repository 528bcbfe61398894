# SPDX-License-Identifier: Apache-2.0
"""The command line's checkpoints: a checkpoint's tensors as a tree, and what a restore check says.

Strategy: renderers only, returning lines as ``render``'s do, with the shared cells and scope tree; the
checkpoint readers are called by ``main``, which imports them only when a checkpoint is shown, so the
command line on a meta graph alone never loads them.
"""

from __future__ import annotations

import os

from .cells import dtype_text, parameters, scope_rows, shape_text, table

# The attribute a variable's value is saved as (_ckpt.objects.VARIABLE_VALUE: not imported, as a renderer
# loads no reader).
_VARIABLE_VALUE = "VARIABLE_VALUE"

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Callable, Dict, List, Optional, Tuple

    from .._typing import Decoded


def byte_size(tensor: Decoded) -> int:
    if tensor["size"] is not None:
        return int(tensor["size"])
    return sum(int(part.get("size") or 0) for part in tensor["slices"])


def summary(listing: Decoded) -> Decoded:
    tensors = listing["tensors"].values()
    return {
        "tensors": len(listing["tensors"]),
        "parameters": sum(parameters(t) or 0 for t in tensors if t["dtype"] != "DT_STRING"),
        "bytes": sum(byte_size(t) for t in tensors),
    }


def checkpoint_lines(name: str, listing: Decoded, keep: Callable[[str], bool]) -> List[str]:
    """A checkpoint as a tree of scopes: dtype, shape, parameters and bytes per tensor, subtotals per scope."""
    totals = summary(listing)
    header = listing["header"]
    shards = (
        f", {header['num_shards']} data shard{'s' if header['num_shards'] != 1 else ''}{_shards_amiss(listing)}"
        if "num_shards" in header
        else ""
    )
    lines = []
    if listing["located"]:
        lines.append(f"{name}: {listing['located']}:")
    lines.append(
        f"{listing['prefix']}: checkpoint {listing['format']}{shards}, {totals['tensors']:,} tensors, "
        f"{totals['parameters']:,} parameters, {totals['bytes']:,} bytes"
    )
    shown, slots = _by_object(listing)
    names = sorted(n for n in shown if keep(n))

    def row(key: str, label: str) -> List[str]:
        tensor = listing["tensors"][key]
        size = parameters(tensor)
        note = f"{len(tensor['slices'])} slices" if tensor["slices"] and listing["format"] == "V2" else ""
        if tensor["shard"] and "num_shards" in header and header["num_shards"] > 1:
            note = f"shard {tensor['shard']}"
        return [label, dtype_text(tensor["dtype"]), shape_text(tensor["shape"]),
                "?" if size is None else f"{size:,}", f"{byte_size(tensor):,}", note]  # fmt: skip

    def leaf(name: str, label: str, depth: int) -> List[List[str]]:
        indent = "  " * (depth + 1)
        return [row(shown[name], label)] + [row(key, f"{indent}+ {slot}") for slot, key in slots.get(name, [])]

    columns = ["name", "dtype", "shape", "parameters", "bytes", ""]

    def count_of(name: str) -> Optional[int]:  # a variable with its slots
        sizes = [parameters(listing["tensors"][key]) for key in [shown[name], *(key for _, key in slots.get(name, []))]]
        return sum(size or 0 for size in sizes)

    graph = listing.get("object_graph")
    if graph is not None:
        lines.append(_object_graph_line(graph))
    rows = [columns, *scope_rows(names, leaf, len(columns), count_of, 3)]
    return lines + table(rows, "  ")


def _by_object(listing: Decoded) -> Tuple[Dict[str, str], Dict[str, List[Tuple[str, str]]]]:
    """The names the tree shows, each with its key, and the slot variables shown under each variable.

    A TF 2 checkpoint is shown by its objects' paths (``model/dense/kernel``, an attribute other than the value
    after its object's path), an optimizer's slot variables under the variable they are for (``+ optimizer/m``);
    a key no object saves, or whose path another key took, as itself. A TF 1 checkpoint: every key as itself.
    """
    graph = listing.get("object_graph")
    owned = graph["keys"] if graph is not None else {}
    shown: Dict[str, str] = {}
    slot_keys = []
    for key in listing["tensors"]:
        info = owned.get(key)
        if info is not None and info["slot"] is not None:
            slot_keys.append((key, info["slot"]))
            continue
        name = key
        if info is not None and info["object"] is not None:
            name = info["object"] if info["attribute"] == _VARIABLE_VALUE else f"{info['object']}/{info['attribute']}"
        _place(shown, name, key)
    slots: Dict[str, List[Tuple[str, str]]] = {}
    for key, slot in slot_keys:
        if slot["variable"] in shown:
            slots.setdefault(slot["variable"], []).append((f"{slot['optimizer']}/{slot['name']}", key))
        else:  # its variable is not shown by that path: by its own
            _place(shown, str(owned[key]["object"]), key)
    return shown, slots


def _place(shown: Dict[str, str], name: str, key: str) -> None:
    """Show *key* as *name*; as itself if another key took that name, and marked if one took that too: no key is
    left out of the tree."""
    for candidate in (name, key, f"{key} (key)"):
        if candidate not in shown:
            shown[candidate] = key
            return


def _object_graph_line(graph: Decoded) -> str:
    if graph["error"]:
        return f"  object graph: does not read ({graph['error']}); keys shown as they are"
    said = [f"{graph['nodes']:,} objects, {len(graph['keys']):,} keys shown by their objects' paths"]
    if graph["unowned"]:
        said.append(f"{len(graph['unowned']):,} saved by no object")
    if graph["absent"]:
        said.append(f"{len(graph['absent']):,} saved by an object but not there: {', '.join(graph['absent'][:3])}")
    return "  object graph: " + "; ".join(said)


def _shards_amiss(listing: Decoded) -> str:
    """What is wrong with the data shards, in parentheses: absent ones, and ones too short for their entries."""
    notes = []
    for shard in listing.get("shards") or []:
        name = os.path.basename(shard["file"])
        if shard["size"] is None:
            notes.append(f"{name} is not there")
        elif shard["size"] < shard["needed"]:
            notes.append(f"{name} is {shard['size']:,} bytes, its entries need {shard['needed']:,}")
    return f" ({'; '.join(notes)}: their tensors cannot be read)" if notes else ""


def check_lines(prefix: str, listing: Decoded, result: Decoded) -> List[str]:
    """What the check says, in a few lines: the verdict, then each missing and mismatched key."""
    if "error" in result:
        return [f"  checkpoint {prefix}: cannot be read: {result['error']}"]
    unreadable = result.get("unreadable") or []
    expected = len(result["ok"]) + len(result["missing"]) + len(result["mismatched"]) + len(unreadable)
    keys = f"the {expected:,} keys the saver writes" if result["source"] == "saver" else f"the {expected:,} variables"
    head = f"  checkpoint {prefix} ({listing['format']}, {len(listing['tensors']):,} tensors): "
    if result["restores"]:
        head += f"restores: {keys.replace('the ', 'all ', 1)} are there"
    else:
        head += f"would not restore: {len(result['missing'])} missing, {len(result['mismatched'])} mismatched"
        head += f", {len(unreadable)} without their data" if unreadable else ""
        head += f" of {keys}"
    if result["unexpected"]:
        head += f"; {len(result['unexpected']):,} more in the checkpoint"
    lines = [head]
    lines += [f"    missing: {item['name']} ({item['dtype']}, {item['shape']})" for item in result["missing"]]
    lines += [f"    mismatched: {item['name']}: {item['why']}" for item in result["mismatched"]]
    lines += [f"    without data: {item['name']}: {item['why']}" for item in unreadable]
    return lines


def status_by_name(result: Decoded) -> Optional[Callable[[Decoded], str]]:
    """What the variable tree says of a variable (None when the checkpoint could not be read): by the key the
    saver writes it under; a TF 2 variable, by the key its object path is restored from."""
    if "error" in result:
        return None
    status = {name: "in checkpoint" for name in result["ok"]}
    status.update({item["name"]: "NOT IN CHECKPOINT" for item in result["missing"]})
    status.update({item["name"]: f"CHECKPOINT: {item['why']}" for item in result["mismatched"]})
    status.update({item["name"]: "NO DATA IN CHECKPOINT" for item in result.get("unreadable") or []})
    unexpected = set(result["unexpected"])
    by_object = result.get("variables") or {}

    def of(variable: Decoded) -> str:
        path = variable.get("object_path")
        if path is not None and path in by_object:
            key = by_object[path]
            if key is None:
                return "not saved"  # its object has no value in the checkpoint: TensorFlow restores nothing into it
            return status.get(key, "in checkpoint" if key in unexpected else "not saved")
        if path is not None or by_object:
            # A TF 2 variable whose object could not be joined to the checkpoint's, or a variable node of a TF 2
            # SavedModel that its object graph does not hold (Keras 3's export makes some): its name is not its
            # key, and which key its restore function assigns to it is not read here, so nothing is claimed.
            return status.get(str(variable["name"]), "key unknown")
        partition = variable["partition"]
        return status.get(partition["full_name"] if partition else str(variable["name"]), "not saved")

    return of
