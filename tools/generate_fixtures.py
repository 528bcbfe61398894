# SPDX-License-Identifier: Apache-2.0
"""Generate the test fixtures from real TensorFlow (run by hand, never by the tests).

    python3 -m venv "$TFVENV" && "$TFVENV/bin/pip" install tensorflow-cpu
    $TFVENV/bin/python -m tools.generate_fixtures            # writes tests/data/, examples/

What it writes, all from TensorFlow's own code and protobuf's own parser:

- ``examples/model.meta`` and ``examples/model.meta.txt``: a small TF1 model
  (graph mode, v1 control flow) exported with ``export_meta_graph``, binary and
  text: plain, partitioned and resource variables; local, model, metric and
  moving-average variables; the global step; two savers with non-default
  settings; a queue runner with exception types; ``tf.cond``; ``tf.while_loop``
  with ``maximum_iterations`` and a cond nested in it; custom collections.
- ``tests/data/tf_items.json``: every item of every registered ``bytes_list``
  collection of that model, with the value protobuf's parser gives for it,
  written in the output contract's form (``_oracle.to_contract``).
- ``tests/data/tf_random_items.json``: random messages of every registered
  type built with TensorFlow's ``*_pb2`` classes (edge values: negative and
  out-of-enum numbers, non-ASCII strings, maps, nested contexts, float
  specials), serialized by protobuf, with protobuf's parse of them.
- ``tests/data/tf_mutations.json``: blobs derived from both (truncated, bit
  flips, spliced unknown fields of every wire type, groups, unpacked repeated
  fields, non-canonical varints, concatenations, junk) with protobuf's verdict:
  the parsed value, or null when protobuf rejects the bytes.

The random parts are seeded; protobuf still writes map entries in hash-table
order, which changes between runs, so a re-run gives the same values with map
entries (and hence bytes, and the mutations of those bytes) in another order.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import google.protobuf
import tensorflow.compat.v1 as tf
from google.protobuf.internal import api_implementation

from tools._oracle import (
    COLLECTION_TYPES,
    TYPE_COLLECTION,
    RandomMessages,
    finite,
    mutate,
    protobuf_verdict,
)

REPO = Path(__file__).resolve().parent.parent

# --------------------------------------------------------------------------- the model


def build_model():
    """A small TF1 model that puts something into every registered collection."""
    tf.disable_v2_behavior()
    graph = tf.Graph()
    with graph.as_default():
        global_step = tf.train.get_or_create_global_step()
        x = tf.placeholder(tf.float32, [None, 4], name="x")
        with tf.variable_scope("dense"):
            kernel = tf.get_variable("kernel", [4, 3], initializer=tf.glorot_uniform_initializer(seed=1))
            bias = tf.get_variable("bias", [3], initializer=tf.zeros_initializer())
        with tf.variable_scope("dense_1"):
            tf.get_variable("kernel", [3, 2])
        tf.get_variable(
            "embedding", [12, 4], partitioner=tf.fixed_size_partitioner(3), initializer=tf.zeros_initializer()
        )
        tf.get_variable("resource_var", [2], use_resource=True)
        tf.get_variable(
            "local_counter",
            [],
            collections=[tf.GraphKeys.LOCAL_VARIABLES],
            trainable=False,
            initializer=tf.zeros_initializer(),
        )
        tf.get_variable("model_scale", [2], collections=[tf.GraphKeys.MODEL_VARIABLES, tf.GraphKeys.GLOBAL_VARIABLES])
        tf.Variable(
            tf.zeros([2]),
            name="replica_mean",
            trainable=False,
            synchronization=tf.VariableSynchronization.ON_READ,
            aggregation=tf.VariableAggregation.MEAN,
        )
        logits = tf.matmul(x, kernel) + bias
        loss = tf.reduce_mean(tf.square(logits))
        tf.metrics.mean(loss, name="mean_loss")  # metric variables (local too)
        ema = tf.train.ExponentialMovingAverage(0.9)
        ema.apply([kernel, bias])  # moving-average variables

        queue = tf.FIFOQueue(10, tf.float32, shapes=[[]], name="input_queue")
        enqueue = queue.enqueue(tf.random_uniform([]))
        runner = tf.train.QueueRunner(
            queue,
            [enqueue, enqueue],
            queue_closed_exception_types=(tf.errors.OutOfRangeError, tf.errors.CancelledError),
        )
        tf.train.add_queue_runner(runner)

        pred = tf.reduce_sum(x) > 0
        tf.cond(pred, lambda: logits * 2.0, lambda: logits - 1.0, name="outer_cond")

        def body(i, acc):
            acc = tf.cond(i < 3, lambda: acc + 1.0, lambda: acc * 2.0, name="inner_cond")
            return [i + 1, acc]

        tf.while_loop(
            lambda i, acc: i < 10,
            body,
            [tf.constant(0), tf.constant(1.0)],
            maximum_iterations=20,
            parallel_iterations=4,
            name="loop",
        )
        optimizer = tf.train.GradientDescentOptimizer(0.1)
        optimizer.minimize(loss, global_step=global_step)

        saver = tf.train.Saver(max_to_keep=3, keep_checkpoint_every_n_hours=0.5, sharded=True)
        tf.add_to_collection(tf.GraphKeys.SAVERS, saver)
        second = tf.train.Saver([kernel], max_to_keep=0, name="kernel_saver")
        tf.add_to_collection(tf.GraphKeys.SAVERS, second)

        tf.add_to_collection("notes", "a custom string")
        tf.add_to_collection("notes", b"\xff\x00raw bytes")
        tf.add_to_collection("magic_numbers", 3)
        tf.add_to_collection("magic_numbers", 300)
        tf.add_to_collection("learning_rates", 0.5)
        tf.add_to_collection("outputs", logits)
    return graph, saver


def export_model(out_dir: Path):
    graph, saver = build_model()
    with graph.as_default():
        meta = tf.train.export_meta_graph(graph=graph, clear_devices=True, saver_def=saver.as_saver_def())
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "model.meta").write_bytes(meta.SerializeToString())
    from google.protobuf import text_format

    (out_dir / "model.meta.txt").write_text(text_format.MessageToString(meta))
    return meta


def real_items(meta):
    items = []
    for name in sorted(meta.collection_def):
        collection = meta.collection_def[name]
        if collection.WhichOneof("kind") != "bytes_list" or name not in COLLECTION_TYPES:
            continue
        cls = COLLECTION_TYPES[name]
        for index, blob in enumerate(collection.bytes_list.value):
            expected = protobuf_verdict(cls, blob)
            assert expected is not None, (name, index)
            items.append(
                {"collection": name, "type": cls.DESCRIPTOR.full_name, "hex": blob.hex(), "expected": expected}
            )
    return items


def random_items(rng: random.Random, per_type: int):
    generator = RandomMessages(rng)
    items = []
    for collection in TYPE_COLLECTION.values():
        cls = COLLECTION_TYPES[collection]
        for _ in range(per_type):
            blob = generator.fill(cls()).SerializeToString()
            items.append(
                {
                    "collection": collection,
                    "type": cls.DESCRIPTOR.full_name,
                    "hex": blob.hex(),
                    "expected": protobuf_verdict(cls, blob),
                }
            )
    return items


def mutation_cases(rng: random.Random, bases, count: int):
    by_type = {}
    for item in bases:
        by_type.setdefault(item["type"], []).append(bytes.fromhex(item["hex"]))
    cases = []
    for _ in range(count):
        base = rng.choice(bases)
        cls = COLLECTION_TYPES[base["collection"]]
        blob = bytes.fromhex(base["hex"])
        for _ in range(rng.choice([1, 1, 1, 2, 3])):
            blob = mutate(rng, cls, blob, by_type[base["type"]])
        cases.append(
            {
                "collection": base["collection"],
                "type": base["type"],
                "hex": blob.hex(),
                "expected": protobuf_verdict(cls, blob),
            }
        )
    return cases


def write_json(path: Path, items, source: str) -> None:
    document = {
        "generator": "tools/generate_fixtures.py",
        "source": source,
        "tensorflow": tf.__version__,
        "protobuf": f"{google.protobuf.__version__} ({api_implementation.Type()})",
        "items": [finite(item) for item in items],
    }
    path.write_text(
        json.dumps(document, indent=None, ensure_ascii=False, allow_nan=False, separators=(",", ":")) + "\n"
    )
    print(f"wrote {path.relative_to(REPO)}: {len(items)} items", file=sys.stderr)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--random-per-type", type=int, default=60)
    parser.add_argument("--mutations", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=20261130)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    meta = export_model(REPO / "examples")
    print("wrote examples/model.meta, examples/model.meta.txt", file=sys.stderr)
    data = REPO / "tests" / "data"
    data.mkdir(parents=True, exist_ok=True)
    items = real_items(meta)
    write_json(data / "tf_items.json", items, "examples/model.meta: every registered bytes_list item")
    randoms = random_items(rng, args.random_per_type)
    write_json(data / "tf_random_items.json", randoms, "random messages serialized by protobuf")
    mutations = mutation_cases(rng, items + randoms, args.mutations)
    write_json(
        data / "tf_mutations.json", mutations, "mutated blobs with protobuf's verdict (expected null = rejected)"
    )
    accepted = sum(case["expected"] is not None for case in mutations)
    print(f"mutations: {accepted} accepted by protobuf, {len(mutations) - accepted} rejected", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
