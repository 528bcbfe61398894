# SPDX-License-Identifier: Apache-2.0
"""Export every checkpoint of the corpus, read each file back with the real readers, and compare with TensorFlow.

    .venv/bin/python -m tools.compare_exports [../shared/corpus/checkpoints]   # needs the export group

For each checkpoint of the corpus (manifest.json: TensorFlow 2.21's reading, each tensor's sha256 of
``get_tensor(name).tobytes()``), ``tfcollections.export`` writes a safetensors file and an ``.npz``
(bfloat16 as uint16), and ``safetensors.numpy.load_file`` and ``numpy.load`` read them back: every exported
tensor's dtype, shape and the sha256 of its bytes must be TensorFlow's; what is left out must be a string
tensor, or a dtype the format cannot hold; a checkpoint whose data is not all in the repository must fail to
export, naming the tensor and leaving no file. Exit code 1 on any difference.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any, Dict, List

import ml_dtypes  # noqa: F401  (registers bfloat16 with numpy, which safetensors.numpy needs for BF16)
import numpy
from safetensors.numpy import load_file

import tfcollections

REPO = Path(__file__).resolve().parent.parent
DEFAULT = REPO.parent / "shared" / "corpus" / "checkpoints"

_NUMPY = {"DT_FLOAT": "float32", "DT_DOUBLE": "float64", "DT_HALF": "float16", "DT_BFLOAT16": "bfloat16",
          "DT_INT8": "int8", "DT_INT16": "int16", "DT_INT32": "int32", "DT_INT64": "int64", "DT_UINT8": "uint8",
          "DT_UINT16": "uint16", "DT_UINT32": "uint32", "DT_UINT64": "uint64", "DT_BOOL": "bool",
          "DT_COMPLEX64": "complex64", "DT_COMPLEX128": "complex128"}  # fmt: skip


def check(corpus: Path, entry: Dict[str, Any], out: Path) -> List[str]:
    problems: List[str] = []
    prefix = corpus / entry["dir"] / entry["prefix"]
    by_name = {tensor["name"]: tensor for tensor in entry["tensors"]}
    for kind in ("safetensors", "npz"):
        target = out / f"export.{kind}"
        try:
            report = tfcollections.export(prefix, target, bfloat16_as_uint16=True, force=True)
        except tfcollections.DecodeError as exc:
            if entry["tensors_without_data"] and "missing" in str(exc):
                if target.exists() or any(name.endswith(".partial") for name in os.listdir(out)):
                    problems.append(f"{entry['dir']}: a failed export left a file")
                continue
            problems.append(f"{entry['dir']}: {kind}: {exc}")
            continue
        if entry["tensors_without_data"]:
            problems.append(f"{entry['dir']}: exported, though tensors have no data: {entry['tensors_without_data']}")
            continue
        if kind == "safetensors":
            arrays = load_file(str(target))
        else:
            with numpy.load(target) as archive:
                arrays = {name: archive[name] for name in archive.files}
        for exported in report["tensors"]:
            want = by_name[exported["key"]]
            array = arrays[exported["name"]]
            dtype = "uint16" if kind == "npz" and want["dtype"] == "DT_BFLOAT16" else _NUMPY[want["dtype"]]
            digest = hashlib.sha256(numpy.ascontiguousarray(array).tobytes()).hexdigest()
            if (str(array.dtype), list(array.shape), digest) != (dtype, want["shape"], want["sha256"]):
                ours = f"{array.dtype} {list(array.shape)} {digest[:12]}"
                theirs = f"{dtype} {want['shape']} {want['sha256'][:12]}"
                problems.append(f"{entry['dir']}: {kind}: {exported['key']}: {ours}, TensorFlow: {theirs}")
        for left in report["left_out"]:
            dtype = by_name[left["key"]]["dtype"]
            if dtype != "DT_STRING" and not (kind == "safetensors" and dtype == "DT_COMPLEX128"):
                problems.append(f"{entry['dir']}: {kind}: {left['key']} ({dtype}) left out: {left['why']}")
        exported_keys = {tensor["key"] for tensor in report["tensors"]} | {left["key"] for left in report["left_out"]}
        if exported_keys != set(by_name):
            problems.append(f"{entry['dir']}: {kind}: keys {sorted(exported_keys ^ set(by_name))[:5]} differ")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", nargs="?", type=Path, default=DEFAULT)
    args = parser.parse_args()
    manifest = json.loads((args.corpus / "manifest.json").read_text())
    problems: List[str] = []
    tensors = 0
    with tempfile.TemporaryDirectory() as out:
        for number, entry in enumerate(manifest["checkpoints"]):
            folder = Path(out) / str(number)  # a folder each: a failed export must leave nothing in it
            folder.mkdir()
            problems += check(args.corpus, entry, folder)
            tensors += len(entry["tensors"])
    for problem in problems:
        print(problem)
    print(f"{len(manifest['checkpoints'])} checkpoints, {tensors:,} tensors, each exported to safetensors and .npz "
          f"and read back: {len(problems)} differences")  # fmt: skip
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
