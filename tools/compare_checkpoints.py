# SPDX-License-Identifier: Apache-2.0
"""Compare load_checkpoint and read_tensor with TensorFlow's reading of the real checkpoints (run by hand).

    python -m tools.compare_checkpoints [../shared/corpus/checkpoints]

The corpus's manifest.json holds what TensorFlow 2.21's reader says of each checkpoint: every tensor's name,
dtype and shape (tf.train.list_variables, get_variable_to_dtype_map) and the sha256 of its values
(get_tensor(name): numpy's tobytes() for numbers; for DT_STRING each element as its 8-byte little-endian
length and its bytes, a 0-d string as its bytes alone). Each must be equal here: the same names (the
slices of partitioned variables not listed apart), dtypes, shapes, and values. Tensors whose data file is
not in the repository must fail to read, naming the missing file. Needs no TensorFlow: the manifest is the
oracle.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import struct
import sys
from pathlib import Path
from typing import Any, List

import tfcollections

REPO = Path(__file__).resolve().parent.parent

DEFAULT = REPO.parent / "shared" / "corpus" / "checkpoints"


def _digest(tensor: Any) -> str:
    if tensor.dtype == "DT_STRING" and not tensor.shape:  # get_tensor gives a 0-d string as bytes: hashed as they are
        data = tensor.tolist()
    elif tensor.dtype == "DT_STRING":
        data = b"".join(struct.pack("<Q", len(item)) + item for item in _flat(tensor.tolist()))
    else:
        data = tensor.tobytes()
    return hashlib.sha256(data).hexdigest()


def _flat(value: Any) -> List[bytes]:
    if isinstance(value, list):
        return [item for sub in value for item in _flat(sub)]
    return [value]


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("corpus", nargs="?", type=Path, default=DEFAULT)
    args = parser.parse_args(argv)
    manifest = json.loads((args.corpus / "manifest.json").read_text(encoding="utf-8"))
    problems: List[str] = []
    tensors = values = checked = 0
    for item in manifest["checkpoints"]:
        folder = args.corpus / item["dir"]
        prefix = str(folder / item["prefix"])
        try:
            listing = tfcollections.load_checkpoint(prefix)
        except Exception as exc:
            problems.append(f"{item['dir']}: load_checkpoint fails: {type(exc).__name__}: {exc}")
            continue
        if listing["format"] != item["format"]:
            problems.append(f"{item['dir']}: format {listing['format']} != {item['format']}")
        expected = {t["name"]: t for t in item["tensors"]}
        got = listing["tensors"]
        if sorted(got) != sorted(expected):
            problems.append(f"{item['dir']}: names differ: {sorted(set(got) ^ set(expected))[:5]}")
            continue
        missing_data = set(item.get("tensors_without_data") or [])
        for name, want in expected.items():
            tensors += 1
            ours = got[name]
            if (ours["dtype"], ours["shape"]) != (want["dtype"], want["shape"]):
                problems.append(
                    f"{item['dir']}: {name}: {ours['dtype']} {ours['shape']} != {want['dtype']} {want['shape']}"
                )
                continue
            try:
                tensor = tfcollections.read_tensor(listing, name)
            except Exception as exc:
                if name in missing_data and "missing" in str(exc):
                    continue
                problems.append(f"{item['dir']}: {name}: read_tensor fails: {type(exc).__name__}: {exc}")
                continue
            if name in missing_data:
                problems.append(f"{item['dir']}: {name}: read, though TensorFlow has no data for it")
                continue
            values += 1
            if "sha256" in want and _digest(tensor) != want["sha256"]:
                problems.append(f"{item['dir']}: {name}: values differ from TensorFlow's")
        # The restore check against what import_meta_graph + Saver.restore (or the SavedModel loader) did; a graph
        # TensorFlow 2.21 cannot import ("IMPORT ...") has no verdict to compare.
        verdict = item.get("restore_with_meta") or ""
        if item.get("meta") and verdict.split(" ", 1)[0] in ("OK", "FAIL"):
            restores_said = verdict.startswith("OK")
            checked += 1
            try:
                ours_restores = tfcollections.check_checkpoint(str(folder / item["meta"]), listing)["restores"]
            except Exception as exc:
                problems.append(f"{item['dir']}: check_checkpoint fails: {type(exc).__name__}: {exc}")
            else:
                if ours_restores != restores_said:
                    problems.append(
                        f"{item['dir']}: check_checkpoint says restores {ours_restores}; TensorFlow: {verdict}"
                    )
        # Every path users hold the checkpoint by leads to the same prefix.
        for alias in (prefix + ".index", str(folder)):
            if os.path.exists(alias) and item["format"] == "V2" and not item.get("saved_model"):
                try:
                    again = tfcollections.load_checkpoint(alias)
                except Exception as exc:
                    if item.get("latest_checkpoint") is None and alias == str(folder):
                        continue  # the state file names a checkpoint that is not there: an error is right
                    problems.append(f"{item['dir']}: load_checkpoint({alias}) fails: {exc}")
                    continue
                if os.path.normpath(again["prefix"]) != os.path.normpath(prefix):
                    problems.append(f"{item['dir']}: {alias} leads to {again['prefix']}")
    for problem in problems:
        print(problem)
    print(
        f"{len(manifest['checkpoints'])} checkpoints, {tensors} tensors, {values} read, {checked} restore verdicts: "
        f"{len(problems)} differences"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
