# SPDX-License-Identifier: Apache-2.0
"""Time protobuf's pure-Python backend: run by bench.py in a subprocess, never imported.

bench.py sets ``PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION=python`` before this
process starts (the backend is chosen at protobuf's import) and passes, in a
pickle, the serialized ``.proto`` file descriptors of the registered messages
and the workloads. TensorFlow itself is not imported here: the message classes
are built from those descriptors, so the parse is protobuf's Python code alone.

tfcollections ``decode`` is timed here too, taking turns with protobuf in every
repeat, as the in-process contenders do in bench.py: the ratio of the two is
then taken under the same conditions, not across two processes run at
different moments of a shared machine. Prints a JSON object: workload name ->
{"pure-Python": s, "tfcollections decode": s}, median seconds per item.
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys

from google.protobuf import descriptor_pb2, descriptor_pool, json_format, message_factory
from google.protobuf.internal import api_implementation

import tfcollections
from benchmarks.timing import interleaved_per_item


def main() -> int:
    if api_implementation.Type() != "python":
        print(f"expected the pure-Python backend, got {api_implementation.Type()}", file=sys.stderr)
        return 1
    with open(sys.argv[1], "rb") as file:
        job = pickle.load(file)
    pool = descriptor_pool.DescriptorPool()
    for serialized in job["descriptors"]:
        pool.Add(descriptor_pb2.FileDescriptorProto.FromString(serialized))
    classes = {}
    results = {}
    for name, items in job["workloads"].items():
        prepared = []
        for type_name, _, blob in items:
            if type_name not in classes:
                classes[type_name] = message_factory.GetMessageClass(pool.FindMessageTypeByName(type_name))
            prepared.append((classes[type_name].FromString, blob))
        ours = [(collection, blob) for _, collection, blob in items]

        def run(prepared: list = prepared) -> None:
            for parse, blob in prepared:
                json_format.MessageToDict(parse(blob), preserving_proto_field_name=True)

        def run_ours(ours: list = ours, decode=tfcollections.decode) -> None:
            for collection, blob in ours:
                decode(collection, blob)

        runs = {"pure-Python": run, "tfcollections decode": run_ours}
        results[name] = interleaved_per_item(runs, len(prepared), job["repeats"], job["min_time"])
    print(json.dumps(results))
    return 0


if __name__ == "__main__":
    worker = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    worker.add_argument("job", help="a pickled job, written by the benchmark that starts this worker")
    worker.parse_args()
    sys.exit(main())
