# SPDX-License-Identifier: Apache-2.0
"""Subgraph views (``tfcollections.subgraph``) against ``load(path, graph=True)``, and their scaling.

    .venv/bin/python -m benchmarks.subgraph [--quick] [--corpus DIR] [--json out.json]

No TensorFlow needed (any environment with tfcollections installed). Sections (docs/performance.md keeps the last
table):

1. the real corpus (``../shared/corpus/real``): for every meta graph of every file and every top-level scope of it
   (the first component of the node names that have one), ``subgraph(path, scope)`` against
   ``load(path, graph=True)`` of the same file, the two taking turns in each repeat, medians kept. The issue's target:
   every view under 2x the load;
2. scaling: chains of 50,000 to 500,000 nodes (each consuming the one before, a scope every 1,000 nodes, shapes
   recorded), a view of one scope and of half the graph: time per node should stay flat (linear time).

The exit code is 0 either way; the targets are checked at the end (PASS / MISS).
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Dict, List

import tfcollections
from tfcollections._proto.wire import encode_varint

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
_TARGET = 2.0


def _median(run: Callable[[], object], repeats: int) -> float:
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def top_level_scopes(path: Path, index: int) -> List[str]:
    everything = tfcollections.subgraph(str(path), re.compile(""), meta_graph=index)
    return sorted({node["name"].split("/")[0] for node in everything["ops"] if "/" in node["name"]})


def bench_corpus(corpus: Path, repeats: int, limit: int) -> Dict[str, Any]:
    files = sorted(path for path in corpus.iterdir() if path.is_file() and path.suffix not in (".md", ".json"))[:limit]
    views: List[Dict[str, Any]] = []
    for path in files:
        meta_graphs = len(tfcollections.load(str(path))["meta_graphs"])
        for index in range(meta_graphs):
            for scope in top_level_scopes(path, index):
                load_times: List[float] = []
                view_times: List[float] = []
                for _ in range(repeats):  # taking turns: a disturbance hits both
                    start = time.perf_counter()
                    tfcollections.load(str(path), graph=True)
                    load_times.append(time.perf_counter() - start)
                    start = time.perf_counter()
                    tfcollections.subgraph(str(path), scope, meta_graph=index)
                    view_times.append(time.perf_counter() - start)
                load_median, view_median = statistics.median(load_times), statistics.median(view_times)
                views.append({"file": path.name, "meta_graph": index, "scope": scope, "load_s": load_median,
                              "view_s": view_median, "ratio": view_median / load_median})  # fmt: skip
    ratios = [view["ratio"] for view in views]
    worst = max(views, key=lambda view: view["ratio"]) if views else None
    return {"files": len(files), "views": len(views), "median_ratio": statistics.median(ratios) if ratios else None,
            "over_target": sum(ratio >= _TARGET for ratio in ratios), "worst": worst,
            "worst_ten": sorted(views, key=lambda view: -view["ratio"])[:10]}  # fmt: skip


def _string(number: int, value: str) -> bytes:
    data = value.encode()
    return encode_varint(number << 3 | 2) + encode_varint(len(data)) + data


def chain_graph(nodes: int) -> bytes:
    """A GraphDef file of *nodes* nodes in scopes of 1,000 (``block_<k>/n<i>``), each an ``Identity`` of the one
    before (a ``Placeholder`` first), with ``T`` and ``_output_shapes`` as export_meta_graph writes them."""
    t_entry = _string(1, "T") + b"\x12\x02\x30\x01"  # key "T", value {type: DT_FLOAT}
    shapes = b"\x0a\x06\x3a\x04\x12\x02\x08\x08"  # list {shape {dim {size: 8}}}
    shapes_entry = _string(1, "_output_shapes") + encode_varint(0x12) + encode_varint(len(shapes)) + shapes
    attrs = b"".join(encode_varint(0x2A) + encode_varint(len(entry)) + entry for entry in (t_entry, shapes_entry))
    pieces = []
    previous = ""
    for index in range(nodes):
        name = f"block_{index // 1000}/n{index}"
        body = _string(1, name) + _string(2, "Identity" if previous else "Placeholder")
        body += (_string(3, previous) if previous else b"") + attrs
        pieces.append(b"\x0a" + encode_varint(len(body)) + body)
        previous = name
    return b"".join(pieces)


def bench_scaling(workdir: Path, sizes: List[int], repeats: int) -> List[Dict[str, Any]]:
    rows = []
    for nodes in sizes:
        path = workdir / f"chain_{nodes}.pb"
        path.write_bytes(chain_graph(nodes))
        model = tfcollections.load(str(path))
        half = re.compile("|".join(f"block_{block}/" for block in range(nodes // 2000)))
        one = _median(lambda model=model: tfcollections.subgraph(model, "block_3"), repeats)
        halfway = _median(lambda model=model, half=half: tfcollections.subgraph(model, half), repeats)
        load = _median(lambda path=path: tfcollections.load(str(path), graph=True), repeats)
        rows.append({"nodes": nodes, "bytes": path.stat().st_size, "one_scope_s": one, "half_s": halfway,
                     "load_s": load, "one_scope_us_per_node": one / nodes * 1e6,
                     "half_us_per_node": halfway / nodes * 1e6})  # fmt: skip
        path.unlink()
    return rows


def report(results: Dict[str, Any]) -> List[str]:
    corpus = results["corpus"]
    lines = [f"1. corpus: {corpus['files']} files, {corpus['views']} views (every top-level scope)",
             f"   median view/load {corpus['median_ratio']:.2f}x; views at or over {_TARGET:.0f}x: "
             f"{corpus['over_target']}"]  # fmt: skip
    for view in corpus["worst_ten"]:
        lines.append(f"   {view['ratio']:.2f}x  {view['file']} [{view['meta_graph']}] {view['scope']!r}: view "
                     f"{view['view_s'] * 1e3:.1f} ms, load {view['load_s'] * 1e3:.1f} ms")  # fmt: skip
    lines.append("2. scaling (a chain of nodes; time per node should stay flat):")
    for row in results["scaling"]:
        lines.append(f"   {row['nodes']:>7,} nodes ({row['bytes'] / 1e6:.0f} MB): one scope {row['one_scope_s']:.2f} s "
                     f"({row['one_scope_us_per_node']:.2f} us/node), half the graph {row['half_s']:.2f} s "
                     f"({row['half_us_per_node']:.2f} us/node), load(graph=True) {row['load_s']:.2f} s")  # fmt: skip
    per_node = [row["one_scope_us_per_node"] for row in results["scaling"]]
    linear = max(per_node) <= 1.5 * min(per_node) if per_node else False
    lines.append(f"target: every view under {_TARGET:.0f}x load(graph=True): "
                 f"{'PASS' if corpus['over_target'] == 0 else 'MISS'}; linear in the nodes: "
                 f"{'PASS' if linear else 'MISS'}")  # fmt: skip
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="ten files, three repeats, smaller chains")
    parser.add_argument("--corpus", type=Path, default=REPO.parent / "shared" / "corpus" / "real")
    parser.add_argument("--json", type=Path, help="write the results here as JSON")
    args = parser.parse_args()
    repeats = 3 if args.quick else 5
    sizes = [20_000, 50_000] if args.quick else [50_000, 100_000, 200_000, 500_000]
    results: Dict[str, Any] = {"corpus": bench_corpus(args.corpus, repeats, 10 if args.quick else 10**6)}
    with tempfile.TemporaryDirectory() as workdir:
        results["scaling"] = bench_scaling(Path(workdir), sizes, 3)
    print("\n".join(report(results)))
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
