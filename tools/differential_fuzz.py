# SPDX-License-Identifier: Apache-2.0
"""Differential fuzzing of ``tfcollections.decode`` against protobuf (run by hand).

    $TFVENV/bin/python -m tools.differential_fuzz --cases 200000 --seed 1

Runs in the virtual environment that has ``tensorflow-cpu`` (see
docs/development.md), imports ``tfcollections`` from this checkout,
and feeds the same bytes to both parsers: random messages of every registered
type serialized by protobuf, then mutated (truncations, bit flips, spliced
unknown fields of every wire type, groups, unpacked repeated fields,
non-canonical varints, concatenations to exercise merging, junk). ``decode``
must agree with protobuf on accept/reject and on every value. Each disagreement
is printed as a line of JSON (collection, hex, protobuf's value, ours), ready
to become a hex case in ``tests/test_wire_cases.py``; the exit code is 1 if
there was any.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

import tfcollections
from tests.helpers import same  # the tests' exact equality: types, -0.0 and NaN
from tools import _oracle as oracle


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bases", type=int, default=400, help="random base messages per run")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    generator = oracle.RandomMessages(rng)
    bases = []
    collections = list(oracle.TYPE_COLLECTION.values())
    for index in range(args.bases):
        collection = collections[index % len(collections)]
        cls = oracle.COLLECTION_TYPES[collection]
        bases.append((collection, cls, generator.fill(cls()).SerializeToString()))
    by_type = {}
    for collection, _, blob in bases:
        by_type.setdefault(collection, []).append(blob)

    started = time.monotonic()
    disagreements = accepted = 0
    for _ in range(args.cases):
        collection, cls, blob = rng.choice(bases)
        for _ in range(rng.choice([0, 1, 1, 1, 2, 3, 5])):
            blob = oracle.mutate(rng, cls, blob, by_type[collection])
        expected = oracle.protobuf_verdict(cls, blob)
        got = tfcollections.decode(collection, blob)
        if expected is None:
            agree = isinstance(got, bytes) and got == blob
        else:
            accepted += 1
            agree = isinstance(got, dict) and same(got, expected)
            # And what we decoded encodes to bytes that decode to the same value.
            if agree and not same(tfcollections.decode(collection, tfcollections.encode(collection, got)), got):
                agree = False
        if not agree:
            disagreements += 1
            record = {
                "collection": collection,
                "hex": blob.hex(),
                "protobuf": expected,
                "tfcollections": got if isinstance(got, dict) else None,
            }
            print(json.dumps(oracle.finite(record), default=repr))
    elapsed = time.monotonic() - started
    print(
        f"{args.cases} cases ({accepted} accepted by protobuf, {args.cases - accepted} rejected), "
        f"{disagreements} disagreements, {elapsed:.1f} s, seed {args.seed}",
        file=sys.stderr,
    )
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
