# SPDX-License-Identifier: Apache-2.0
"""The command line's checkpoints: a checkpoint's tensors as a tree, a meta graph's checkpoint beside it, values.

Strategy: the checkpoint modules are imported here, and this module only when a checkpoint is shown, so
the command line on a meta graph alone pays nothing for them. The renderers return lines, as those of
``_cli`` do, with its cell formats and tree walk; ``_cli`` decides what is shown and prints.
"""

from __future__ import annotations

from ._checkpoint import load_checkpoint, read_tensor
from ._cli import dtype_text, opened_scopes, parameters, shape_text, table
from ._errors import DecodeError
from ._restore import check_checkpoint
from ._typing import cast

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, List, Optional, Tuple

    from .types import Checkpoint

    Decoded = Dict[str, Any]


def try_checkpoint(path: str) -> Optional[Decoded]:
    """The listing of *path* when it is a checkpoint (or leads to one), else None."""
    try:
        return dict(load_checkpoint(path))
    except (DecodeError, OSError):
        return None


def check(model: Decoded, prefix: str) -> Tuple[Decoded, Decoded]:
    """The checkpoint's listing and the check of the meta graph's saver against it."""
    listing = load_checkpoint(prefix)
    return dict(listing), dict(check_checkpoint(model, listing))


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
        f", {header['num_shards']} data shard{'s' if header['num_shards'] != 1 else ''}"
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
    names = sorted(n for n in listing["tensors"] if keep(n))
    subtotals: Dict[Tuple[str, ...], int] = {}
    for tensor_name in names:
        path = tuple(tensor_name.split("/"))
        count = parameters(listing["tensors"][tensor_name]) or 0
        for depth in range(1, len(path)):
            subtotals[path[:depth]] = subtotals.get(path[:depth], 0) + count
    rows: List[List[str]] = [["name", "dtype", "shape", "parameters", "bytes", ""]]
    previous: List[str] = []
    for tensor_name in names:
        tensor = listing["tensors"][tensor_name]
        parts = tensor_name.split("/")
        scopes = parts[:-1]
        for depth in opened_scopes(previous, scopes):
            rows.append(
                ["  " * depth + scopes[depth] + "/", "", "", f"{subtotals[tuple(scopes[: depth + 1])]:,}", "", ""]
            )
        previous = scopes
        size = parameters(tensor)
        note = f"{len(tensor['slices'])} slices" if tensor["slices"] and listing["format"] == "V2" else ""
        if tensor["shard"] and "num_shards" in header and header["num_shards"] > 1:
            note = f"shard {tensor['shard']}"
        rows.append([
            "  " * len(scopes) + parts[-1], dtype_text(tensor["dtype"]), shape_text(tensor["shape"]),
            "?" if size is None else f"{size:,}", f"{byte_size(tensor):,}", note,
        ])  # fmt: skip
    return lines + table(rows, "  ")


def check_lines(prefix: str, listing: Decoded, result: Decoded) -> List[str]:
    """What the check says, in a few lines: the verdict, then each missing and mismatched key."""
    if "error" in result:
        return [f"  checkpoint {prefix}: cannot be read: {result['error']}"]
    expected = len(result["ok"]) + len(result["missing"]) + len(result["mismatched"])
    keys = f"the {expected:,} keys the saver writes" if result["source"] == "saver" else f"the {expected:,} variables"
    head = f"  checkpoint {prefix} ({listing['format']}, {len(listing['tensors']):,} tensors): "
    if result["restores"]:
        head += f"restores: {keys.replace('the ', 'all ', 1)} are there"
    else:
        head += f"would not restore: {len(result['missing'])} missing, {len(result['mismatched'])} mismatched of {keys}"
    if result["unexpected"]:
        head += f"; {len(result['unexpected']):,} more in the checkpoint"
    lines = [head]
    lines += [f"    missing: {item['name']} ({item['dtype']}, {item['shape']})" for item in result["missing"]]
    lines += [f"    mismatched: {item['name']}: {item['why']}" for item in result["mismatched"]]
    return lines


def status_by_name(result: Decoded) -> Optional[Dict[str, str]]:
    """Per checkpoint key, what the variable tree says of it (None when the checkpoint could not be read)."""
    if "error" in result:
        return None
    status = {name: "in checkpoint" for name in result["ok"]}
    status.update({item["name"]: "NOT IN CHECKPOINT" for item in result["missing"]})
    status.update({item["name"]: f"CHECKPOINT: {item['why']}" for item in result["mismatched"]})
    return status


def tensor_values(listing: Decoded, name: str) -> Tuple[Any, Any]:
    """(the tensor, its values as nested lists) for ``--tensor``."""
    tensor = read_tensor(cast("Checkpoint", listing), name)
    return tensor, tensor.tolist()
