# SPDX-License-Identifier: Apache-2.0
"""Compare load_checkpoint, read_tensor and read_tensors with TensorFlow's reading of real checkpoints (by hand).

    python -m tools.compare_checkpoints [../shared/corpus/checkpoints]

The corpus's manifest.json holds what TensorFlow 2.21's reader says of each checkpoint: every tensor's name,
dtype and shape (tf.train.list_variables, get_variable_to_dtype_map) and the sha256 of its values
(get_tensor(name): numpy's tobytes() for numbers; for DT_STRING each element as its 8-byte little-endian
length and its bytes, a 0-d string as its bytes alone). Each must be equal here: the same names (the
slices of partitioned variables not listed apart), dtypes, shapes, and values, read one by one
(read_tensor) and all at once (read_tensors). Tensors whose data file is not in the repository must fail to
read, naming the missing file; the restore verdicts TensorFlow gave (import_meta_graph + Saver.restore) must
be check_checkpoint's.

Then the fixtures of tests/data/checkpoints, which TensorFlow wrote for cases the corpus lacks (a sharded V1
checkpoint read through its pattern, partitioned variables, every dtype): each with TensorFlow's own reading
beside it (tools/generate_checkpoint_fixtures.py), compared the same way. Needs no TensorFlow: the manifest and
the fixtures' expected files are the oracle.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import struct
import sys
from pathlib import Path
from typing import Any, Dict, List, Tuple

import tfcollections
from tests.helpers import _revive, complex_as_pairs, same

REPO = Path(__file__).resolve().parent.parent

DEFAULT = REPO.parent / "shared" / "corpus" / "checkpoints"
FIXTURES = REPO / "tests" / "data" / "checkpoints"


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
        digests: Dict[str, str] = {}
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
            digests[name] = _digest(tensor)
            if "sha256" in want and digests[name] != want["sha256"]:
                problems.append(f"{item['dir']}: {name}: values differ from TensorFlow's")
        try:  # the same tensors at once: each file mapped once, the CRCs computed together
            together = {name: _digest(tensor) for name, tensor in tfcollections.read_tensors(listing, digests).items()}
        except Exception as exc:
            problems.append(f"{item['dir']}: read_tensors fails: {type(exc).__name__}: {exc}")
        else:
            if together != digests:
                problems.append(f"{item['dir']}: read_tensors differs from read_tensor: {sorted(together)[:3]} ...")
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
    fixtures, fixture_tensors = _compare_fixtures(problems)
    for problem in problems:
        print(problem)
    print(
        f"{len(manifest['checkpoints'])} checkpoints, {tensors} tensors, {values} read, {checked} restore verdicts; "
        f"{fixtures} fixtures written by TensorFlow, {fixture_tensors} tensors: {len(problems)} differences"
    )
    return 1 if problems else 0


def _compare_fixtures(problems: List[str]) -> Tuple[int, int]:
    """The fixtures against TensorFlow's reading of them: names, dtypes, shapes and values, one by one and at once."""
    count = tensors = 0
    for expected_path in sorted(FIXTURES.glob("*.expected.json")):
        expected = json.loads(expected_path.read_text(encoding="utf-8"))
        if "tensors" not in expected:  # restore.expected.json: TensorFlow's restore verdicts (the test suite's)
            continue
        count += 1
        where = expected_path.name
        listing = tfcollections.load_checkpoint(FIXTURES / expected["prefix"])
        if sorted(listing["tensors"]) != sorted(expected["tensors"]):
            problems.append(f"{where}: names differ: {sorted(set(listing['tensors']) ^ set(expected['tensors']))[:5]}")
            continue
        # A DT_VARIANT (an iterator's state) has no value TensorFlow's reader gives: the library refuses it too.
        opaque = {name for name, want in expected["tensors"].items() if want["values"] is None}
        together = tfcollections.read_tensors(listing, [name for name in listing["tensors"] if name not in opaque])
        for name, want in expected["tensors"].items():
            tensors += 1
            ours = listing["tensors"][name]
            if (ours["dtype"], ours["shape"]) != (want["dtype"], want["shape"]):
                problems.append(f"{where}: {name}: {ours['dtype']} {ours['shape']} != {want['dtype']} {want['shape']}")
                continue
            if name in opaque:
                try:
                    tfcollections.read_tensor(listing, name)
                    problems.append(f"{where}: {name}: read, where TensorFlow gives no value")
                except tfcollections.DecodeError:
                    pass
                continue
            values = _revive(want["values"])
            for how, tensor in (
                ("read_tensor", tfcollections.read_tensor(listing, name)),
                ("read_tensors", together[name]),
            ):
                if not same(complex_as_pairs(tensor.tolist()), values):
                    problems.append(f"{where}: {name}: {how} gives other values than TensorFlow's")
    return count, tensors


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
