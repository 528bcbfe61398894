# SPDX-License-Identifier: Apache-2.0
"""The floor of a pure-Python decoder on string-heavy items, against protobuf.

    .venv-bench/bin/python -m benchmarks.floor     # the venv that benchmarks/run.sh makes

The contexts of the synthetic model (``external_values`` maps and repeated
``values``) are where ``decode`` is furthest from the targets. This measures,
per element of a ``ValuesDef`` made only of map entries or only of values, in
one run and taking turns (median of 7):

- protobuf upb: parse only, and parse + ``json_format.MessageToDict``; and
  protobuf's pure-Python backend: parse + ``MessageToDict``;
- tfcollections ``decode_message``;
- the floor: a loop that only slices, decodes and stores each string at
  offsets it trusts, with no check of any kind (it would accept garbage). It is
  asserted to give the same dict. No decoder that builds the same Python
  objects in pure Python, checks or not, can be faster than this loop.

The same is timed again in a process that imports protobuf's pure-Python
backend (``PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION=python`` is read at import),
with tfcollections and the floor timed in turns there too.

The ratios then bound what any pure-Python decoder can reach on such items:
``MessageToDict / floor`` is the best possible ratio against each path, and
``floor / upb parse`` the closest it can come to upb's parse alone.
docs/performance.md keeps the last table. The exit code is 0: this measures.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
from pathlib import Path
from typing import Callable, Dict, List

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
HERE = Path(__file__).resolve().parent

from google.protobuf import json_format  # noqa: E402
from tensorflow.core.protobuf import control_flow_pb2  # noqa: E402

import tfcollections  # noqa: E402
from benchmarks import workloads  # noqa: E402
from benchmarks.timing import interleaved_per_item  # noqa: E402

ELEMENTS = 40  # as in the synthetic model's contexts


def floor_map(blob: bytes) -> Dict[str, str]:
    # Entries "12 L 0a K key 12 V value", all lengths one byte: read K and L, trust the rest.
    target = {}
    pos, end = 0, len(blob)
    while pos < end:
        key_end = pos + 4 + blob[pos + 3]
        entry_end = pos + 2 + blob[pos + 1]
        target[blob[pos + 4 : key_end].decode()] = blob[key_end + 2 : entry_end].decode()
        pos = entry_end
    return target


def floor_values(blob: bytes) -> List[str]:
    # Values "0a L value", all lengths one byte: read L, trust the rest.
    values = []
    append = values.append
    pos, end = 0, len(blob)
    while pos < end:
        value_end = pos + 2 + blob[pos + 1]
        append(blob[pos + 2 : value_end].decode())
        pos = value_end
    return values


def measure() -> Dict[str, Dict[str, float]]:
    """ns per element of each contender, per element kind, with this process's protobuf backend."""
    full = workloads.values_def("loop_1", ELEMENTS)
    only_map = control_flow_pb2.ValuesDef()
    only_map.external_values.update(full.external_values)
    only_values = control_flow_pb2.ValuesDef(values=full.values)
    parse = control_flow_pb2.ValuesDef.FromString
    to_dict = json_format.MessageToDict
    decode_message = tfcollections.decode_message
    results = {}
    for label, message, floor, part in (
        ("map entries", only_map, floor_map, "external_values"),
        ("repeated values", only_values, floor_values, "values"),
    ):
        blob = message.SerializeToString()
        assert floor(blob) == decode_message("ValuesDef", blob)[part], label
        runs: Dict[str, Callable[[], object]] = {
            "parse": lambda blob=blob: parse(blob),
            "parse + MessageToDict": lambda blob=blob: to_dict(parse(blob)),
            "tfcollections": lambda blob=blob: decode_message("ValuesDef", blob),
            "floor": lambda blob=blob, floor=floor: floor(blob),
        }
        results[label] = {name: seconds * 1e9 for name, seconds in interleaved_per_item(runs, ELEMENTS).items()}
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--this-backend", action="store_true", help=argparse.SUPPRESS)
    parser.parse_args()
    if sys.argv[1:] == ["--this-backend"]:  # the pure-Python run, in a process of its own (below)
        print(json.dumps(measure()))
        return 0
    upb = measure()
    env = dict(os.environ, PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION="python")  # chosen at protobuf's import
    child = subprocess.run(
        [sys.executable, "-m", "benchmarks.floor", "--this-backend"],
        env=env,
        cwd=str(HERE.parent),
        capture_output=True,
        text=True,
        check=True,
    )
    pure: Dict[str, Dict[str, float]] = json.loads(child.stdout)

    print(f"Python {platform.python_version()}; per element of a ValuesDef with {ELEMENTS} elements, ns (median of 7)")
    print()
    print("Against upb (protobuf's C backend), in this process:")
    print()
    print(
        "| elements | upb parse | upb + MessageToDict | tfcollections | floor (no checks) | "
        "M2D / tfcollections | M2D / floor | floor / upb parse |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for label, ns in upb.items():
        print(
            f"| {label} | {ns['parse']:.0f} | {ns['parse + MessageToDict']:.0f} | {ns['tfcollections']:.0f} | "
            f"{ns['floor']:.0f} | {ns['parse + MessageToDict'] / ns['tfcollections']:.2f}x | "
            f"{ns['parse + MessageToDict'] / ns['floor']:.2f}x | {ns['floor'] / ns['parse']:.1f}x |"
        )
    print()
    print("Against protobuf's pure-Python backend, in a process of its own (tfcollections and the floor timed there):")
    print()
    print(
        "| elements | pure-Python + MessageToDict | tfcollections | floor (no checks) | "
        "M2D / tfcollections | M2D / floor |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for label, ns in pure.items():
        print(
            f"| {label} | {ns['parse + MessageToDict']:.0f} | {ns['tfcollections']:.0f} | {ns['floor']:.0f} | "
            f"{ns['parse + MessageToDict'] / ns['tfcollections']:.2f}x | "
            f"{ns['parse + MessageToDict'] / ns['floor']:.2f}x |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
