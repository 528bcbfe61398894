# SPDX-License-Identifier: Apache-2.0
"""Scan a tree of TensorFlow models on every core: one JSON line per model, its size and its risky ops.

    python examples/parallel_scan.py [--workers N] DIR [DIR ...] > models.jsonl

Exit status 1 when a model could not be read (its line says why), as ``tfcollections --jsonl``.

The work is split as any engine splits it: ``summarize(data)`` takes a file's *bytes* and returns a small
dict, so it is the map function of a process pool here and, unchanged, of an engine for stores beyond one
machine (docs/cli.md, "Many files", shows Spark's ``binaryFiles`` and a Dask bag). Only the summary
travels back from a worker, never the decoded model, and each worker reads its own files.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import math
import os
import sys
from typing import Any, Dict, Iterator, List

import tfcollections

# The ops a reviewer of a model from elsewhere looks for (the command line's --ops flags more).
RISKY_OPS = {"PyFunc", "PyFuncStateless", "EagerPyFunc", "ReadFile", "WriteFile", "MatchingFiles", "PrintV2"}


def summarize(data: bytes) -> Dict[str, Any]:
    """What a model zoo wants to know of one model file, from its bytes: the map function."""
    model = tfcollections.loads(data, graph=True)
    graphs = []
    for meta_graph in model["meta_graphs"]:
        graph = meta_graph["graph"]
        trainable = [v["shape"] for v in graph["variables"] if v["trainable"]]
        graphs.append(
            {
                "tags": (meta_graph["meta_info_def"] or {}).get("tags", []),
                "tensorflow_version": (meta_graph["meta_info_def"] or {}).get("tensorflow_version", ""),
                "variables": len(graph["variables"]),
                # Shapes of unknown size (None, or a -1 dimension) are left out of the count.
                "trainable_parameters": sum(
                    math.prod(shape) for shape in trainable if shape is not None and -1 not in shape
                ),
                "risky_ops": sorted(op for op in graph["ops"] if op in RISKY_OPS),
            }
        )
    return {"format": model["format"], "meta_graphs": graphs}


def summarize_file(path: str) -> Dict[str, Any]:
    """The pool's task: read the file in the worker, summarize it, say why when it cannot be."""
    try:
        with open(path, "rb") as file:
            summary = summarize(file.read())
    except (tfcollections.DecodeError, OSError) as exc:
        return {"path": path, "error": str(exc)}
    # The first meta graph's figures at the top, for a table; all of them under "meta_graphs".
    first = summary["meta_graphs"][0] if summary["meta_graphs"] else {}
    return {"path": path, "trainable_parameters": first.get("trainable_parameters", 0), **summary}


def model_files(roots: List[str]) -> Iterator[str]:
    """Every model file under the roots, found by content (as ``tfcollections -r``)."""
    for root in roots:
        yield from tfcollections.find_models(root) if os.path.isdir(root) else [root]


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("roots", nargs="+", metavar="DIR")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    failed = 0
    with concurrent.futures.ProcessPoolExecutor(max_workers=args.workers) as pool:
        # map() keeps the order of the walk; chunks of files amortize the cost of a task between processes.
        for row in pool.map(summarize_file, model_files(args.roots), chunksize=8):
            failed += "error" in row
            print(json.dumps(row), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
