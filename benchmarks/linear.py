# SPDX-License-Identifier: Apache-2.0
"""Freezing and conversion against the graph's size: each graph at N nodes and at 10 N, the time ratio reported.

    python -m benchmarks.linear                 # N = 10,000 and 100,000; any Python with this checkout
    python -m benchmarks.linear --large         # also 1,000,000 nodes (several minutes, 1.5 GB)

Three graph shapes, built by the library's encoder (no TensorFlow): a chain of ``Identity`` nodes (each consumes
the last: the shape of issue 51's quadratic freeze, where 16,000 nodes took 74 s), a ladder of ``AddV2`` nodes of a
placeholder and the node before (two inputs a node), and calls of one small function in a row (each call given the
one before: inlining). Each size is timed once (in turns with the other sizes of its shape, so the machine's
clock moves both alike); linear work gives a ratio near 10, quadratic near 100. docs/robustness.md keeps the
table. The exit code is 0: this measures.
"""

from __future__ import annotations

import argparse
import time
from typing import Callable, Dict, List, Tuple

import tfcollections
from tfcollections._graph.graphdef import _delimited

_FLOAT = {"type": "DT_FLOAT"}


def _node(name: str, op: str, inputs: List[str], attrs: Dict[str, object]) -> bytes:
    return _delimited(1, tfcollections.encode_message("NodeDef", {"name": name, "op": op, "input": inputs,
                                                                  "attr": attrs}))  # fmt: skip


def _placeholder() -> bytes:
    return _node("x", "Placeholder", [], {"dtype": _FLOAT, "shape": {"shape": {"dim": [{"size": 2}]}}})


def _versions() -> bytes:
    return _delimited(4, tfcollections.encode_message("VersionDef", {"producer": 1700}))


def identity_chain(count: int) -> Tuple[bytes, str]:
    parts = [_placeholder()]
    parts += [_node(f"n{i}", "Identity", [f"n{i - 1}" if i else "x"], {"T": _FLOAT}) for i in range(count)]
    return b"".join([*parts, _versions()]), f"n{count - 1}"


def add_ladder(count: int) -> Tuple[bytes, str]:
    parts = [_placeholder()]
    parts += [_node(f"n{i}", "AddV2", [f"n{i - 1}" if i else "x", "x"], {"T": _FLOAT}) for i in range(count)]
    return b"".join([*parts, _versions()]), f"n{count - 1}"


def calls_in_a_row(count: int) -> Tuple[bytes, str]:
    """count / 4 calls of one function of three nodes, each call given the one before: inlined to *count* nodes."""

    def arg(name: str) -> Dict[str, object]:
        return {"name": name, "type": "DT_FLOAT"}

    listed = {"list": {"type": ["DT_FLOAT"]}}
    body = [{"name": "a", "op": "Relu", "input": ["x"], "attr": {"T": _FLOAT}},
            {"name": "b", "op": "Neg", "input": ["a:activations:0"], "attr": {"T": _FLOAT}},
            {"name": "c", "op": "Relu", "input": ["b:y:0"], "attr": {"T": _FLOAT}}]  # fmt: skip
    function = {"signature": {"name": "f", "input_arg": [arg("x")], "output_arg": [arg("y")]}, "node_def": body,
                "ret": {"y": "c:activations:0"}}  # fmt: skip
    attrs = {"f": {"func": {"name": "f"}}, "Tin": listed, "Tout": listed}
    calls = [{"name": f"n{i}", "op": "PartitionedCall", "input": [f"n{i - 1}" if i else "x"], "attr": attrs}
             for i in range(count // 4)]  # fmt: skip
    placeholder = {"name": "x", "op": "Placeholder", "attr": {"dtype": _FLOAT, "shape": {"shape": {"dim": []}}}}
    graph = {"node": [placeholder, *calls], "library": {"function": [function]}, "versions": {"producer": 1700}}
    return tfcollections.encode_message("GraphDef", graph), f"n{count // 4 - 1}"


SHAPES: Dict[str, Callable[[int], Tuple[bytes, str]]] = {
    "Identity chain": identity_chain, "AddV2 ladder": add_ladder, "calls in a row": calls_in_a_row,
}  # fmt: skip


def timed(data: bytes, output: str, what: str) -> float:
    model = tfcollections.loads(data)
    started = time.perf_counter()
    if what == "freeze":
        tfcollections.freeze(model, outputs=[output])
    else:
        tfcollections.to_onnx(model, outputs=[output])
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--small", type=int, default=10_000, help="N (default 10,000)")
    parser.add_argument("--large", action="store_true", help="also 100 N")
    args = parser.parse_args()
    sizes = [args.small, 10 * args.small, *([100 * args.small] if args.large else [])]
    print(f"{'graph':<16} {'work':<8} " + " ".join(f"{size:>11,}" for size in sizes) + "   ratio per 10x")
    for name, build in SHAPES.items():
        graphs = [build(size) for size in sizes]
        for what in ("freeze", "to_onnx"):
            seconds = [timed(data, output, what) for data, output in graphs]
            ratios = [later / earlier for earlier, later in zip(seconds, seconds[1:])]
            print(f"{name:<16} {what:<8} " + " ".join(f"{value:>10.2f}s" for value in seconds)
                  + "   " + ", ".join(f"{ratio:.1f}x" for ratio in ratios))  # fmt: skip


if __name__ == "__main__":
    main()
