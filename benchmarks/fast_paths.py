# SPDX-License-Identifier: Apache-2.0
"""Each hand-written fast path beside its general twin: what it buys on an input TensorFlow wrote.

    ~/.cache/tfc-zoo/bin/python -m benchmarks.fast_paths [--rounds 15] [--json out.json]

Every fast path of the package (docs/development.md, "Fast paths") reads the usual form of a message in one pass
and declines anything else (it returns None), which the general reader then reads. Here the same public call is
timed with the fast path in place and with it made to decline every input, so that the general twin reads
everything; the two take turns, ``--rounds`` times, and the ratio (general / fast) is reported as its median with
the lowest and highest of the rounds. The inputs are written by TensorFlow (a tensorflow-cpu venv), in a temporary
folder, except MobileNetV2's frozen graph, which the tests keep.

Two have no switch. The node lists' optimistic walk (``_graph/nodelists._read_node``) is timed against its careful
twin reading every node. The graph scan (``_graph/nodes.py``) is the graph reader itself: its row times it against
decoding the same GraphDef whole with the general decoder, which is what the scan would otherwise be.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Tuple

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

import tfcollections  # noqa: E402
from tfcollections._ckpt import listing, objects  # noqa: E402
from tfcollections._graph import endpoints, nodelists  # noqa: E402
from tfcollections._records import events as events_module, examples as examples_module  # noqa: E402

gc.freeze()  # TensorFlow's objects out of the collector's walks, as a process using tfcollections has none

v1 = tf.compat.v1


def _declining(*_args: Any, **_kwargs: Any) -> None:
    return None


@contextmanager
def _switched_off(module: Any, name: str) -> Iterator[None]:
    """*module*'s fast path *name* made to decline every input, for the time of the block."""
    kept = getattr(module, name)
    setattr(module, name, _declining)
    try:
        yield
    finally:
        setattr(module, name, kept)


def _ratio(run: Callable[[], Any], general: Callable[[], Any], rounds: int) -> Dict[str, float]:
    """The two timed in turns; general / fast per round: its median, lowest and highest, and the fast time."""
    run(), general()  # warmed: caches, imports, the page cache
    ratios, fast_times = [], []
    for _ in range(rounds):
        gc.collect()  # each call starts from a clean heap: a collection the other left due is not charged to it
        start = time.perf_counter()
        run()
        fast = time.perf_counter() - start
        gc.collect()
        start = time.perf_counter()
        general()
        ratios.append((time.perf_counter() - start) / fast)
        fast_times.append(fast)
    return {"median": statistics.median(ratios), "low": min(ratios), "high": max(ratios),
            "fast_ms": 1000 * statistics.median(fast_times)}  # fmt: skip


def _through(module: Any, name: str, run: Callable[[], Any]) -> Callable[[], Any]:
    def general() -> Any:
        with _switched_off(module, name):
            return run()

    return general


def _checkpoint(folder: Path, variables: int) -> str:
    """A TF 2 checkpoint of *variables* small variables in modules of ten (a deep object graph)."""
    modules = []
    for index in range(variables // 10):
        module = tf.Module(name=f"m{index}")
        module.v = [tf.Variable(np.full((3,), float(j), np.float32), name=f"v{j}") for j in range(10)]
        modules.append(module)
    return str(tf.train.Checkpoint(modules=modules).write(str(folder / "ckpt")))


def _examples(folder: Path, count: int) -> Path:
    path = folder / "examples.tfrecord"
    rng = np.random.default_rng(0)
    with tf.io.TFRecordWriter(str(path)) as writer:
        for index in range(count):
            feature = {
                "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[index % 10])),
                "embedding": tf.train.Feature(float_list=tf.train.FloatList(value=rng.standard_normal(16))),
                "name": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"item-%d" % index])),
            }
            writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
    return path


def _events(folder: Path, steps: int, tags: int) -> Path:
    """A TF 2 log of scalars as ``tf.summary.scalar`` writes them: ``tf.summary.write`` with the scalars plugin's
    metadata (``tf.summary.scalar`` itself needs TensorBoard installed)."""
    from tensorflow.core.framework import summary_pb2

    metadata = summary_pb2.SummaryMetadata()
    metadata.plugin_data.plugin_name = "scalars"
    writer = tf.summary.create_file_writer(str(folder / "logs"), max_queue=10_000)
    with writer.as_default():
        for step in range(steps):
            for tag in range(tags):
                tf.summary.write(f"metric_{tag}", tf.constant(step * 0.5 + tag, tf.float32), step=step,
                                 metadata=metadata)  # fmt: skip
    writer.close()
    return folder / "logs"


def _careful_node(buf: Any, start: int, end: int, depth: int, nodes: Any) -> None:
    """``nodelists._read_node`` as its general twin reads every node: by ``_read_node_carefully``."""
    name, op, inputs = nodelists._read_node_carefully(buf, start, end, depth)
    nodes.names.append(name.decode())
    nodes.ops.append(op.decode())
    nodes.inputs.append([entry.decode() for entry in inputs])


def node_lists(rounds: int) -> Dict[str, float]:
    """A subgraph view of MobileNetV2's frozen graph, its node lists read by the optimistic walk or carefully."""
    frozen = REPO / "tests" / "data" / "onnx" / "mobilenet_v2" / "frozen.pb"
    model = tfcollections.load(frozen)

    def run() -> Any:
        return tfcollections.subgraph(model, "MobilenetV2/expanded_conv")

    def general() -> Any:
        kept = nodelists._read_node
        nodelists._read_node = _careful_node
        try:
            return run()
        finally:
            nodelists._read_node = kept

    return _ratio(run, general, rounds)


def cases(folder: Path) -> List[Tuple[str, str, Any, str, Callable[[], Any]]]:
    """(fast path, input, module, attribute, the public call that takes it)."""
    checkpoint = _checkpoint(folder, 5_000)
    listed = listing.list_checkpoint(checkpoint)
    frozen = REPO / "tests" / "data" / "onnx" / "mobilenet_v2" / "frozen.pb"
    records = _examples(folder, 20_000)
    logs = _events(folder, 2_000, 5)
    return [
        ("`_ckpt/listing.fast_entry`", "a checkpoint index of 5,000 tensors", listing, "fast_entry",
         lambda: listing.list_checkpoint(checkpoint)),
        ("`_ckpt/objects._fast_tree`", "the object graph of 5,000 variables (5,502 objects)", objects, "_fast_tree",
         lambda: objects.object_graph_of(listed)),
        ("`_ckpt/objects._fast_nodes`", "the same, `_fast_tree` declining", objects, "_fast_nodes",
         _through(objects, "_fast_tree", lambda: objects.object_graph_of(listed))),
        ("`_graph/endpoints._fast_layout`", "MobileNetV2's frozen graph (its constants)", endpoints, "_fast_layout",
         lambda: tfcollections.load(frozen, graph=True)),
        ("`_records/examples._fast_example`", "20,000 `tf.train.Example` records", examples_module, "_fast_example",
         lambda: sum(1 for _ in tfcollections.examples(records))),
        ("`_records/events._fast_scalar`", "10,000 scalar events", events_module, "_fast_scalar",
         lambda: tfcollections.event_columns(logs)),
    ]  # fmt: skip


def graph_scan(rounds: int) -> Dict[str, float]:
    """The scan of MobileNetV2's frozen graph against decoding the GraphDef whole."""
    data = (REPO / "tests" / "data" / "onnx" / "mobilenet_v2" / "frozen.pb").read_bytes()
    return _ratio(lambda: tfcollections.loads(data, graph=True),
                  lambda: tfcollections.decode_message("GraphDef", data), rounds)  # fmt: skip


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--json", metavar="PATH")
    args = parser.parse_args(argv)
    rows: List[Dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as folder:
        for path, what, module, name, run in cases(Path(folder)):
            found = _ratio(run, _through(module, name, run), args.rounds)
            rows.append({"fast path": path, "input": what, **found})
    rows.append({"fast path": "`_graph/nodelists._read_node`", "input": "a subgraph view of MobileNetV2's frozen graph",
                 **node_lists(args.rounds)})  # fmt: skip
    rows.append({"fast path": "`_graph/nodes.py` (the graph scan)", "input": "MobileNetV2's frozen graph",
                 **graph_scan(args.rounds)})  # fmt: skip
    print("| fast path | input | general / fast: median (lowest-highest) | fast |")
    print("|---|---|---:|---:|")
    for row in rows:
        print(f"| {row['fast path']} | {row['input']} | {row['median']:.2f}x ({row['low']:.2f}-{row['high']:.2f}) | "
              f"{row['fast_ms']:.1f} ms |")  # fmt: skip
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
