# SPDX-License-Identifier: Apache-2.0
"""Differential fuzzing of whole binary files against protobuf (run by hand).

    $TFVENV/bin/python -m tools.differential_file_fuzz --cases 20000 --seed 1

Runs in the virtual environment with ``tensorflow-cpu`` (docs/development.md). The item fuzzer
(tools/differential_fuzz.py) feeds single collection items to ``decode``, the text fuzzer
(tools/differential_text_fuzz.py) whole text files to ``loads``; this one feeds whole *binary* files to
``loads``. Each case is a seed, mutated one to three times:

- seeds: random MetaGraphDefs and SavedModels (the text fuzzer's documents, serialized by protobuf) and
  the real files committed under ``examples/`` and ``tests/data/files/``;
- mutations: the item fuzzer's byte-level ones at the top level (truncation, bit flips, inserted, deleted
  and replaced bytes, unknown fields of every wire type, groups, padded tags and lengths, unpacked repeated
  fields, junk), the same inside a nested length-delimited field with its length fixed up (so the damage
  is deep and the file still walks), a top-level field given twice or moved, two files concatenated
  (protobuf merges them), some top-level fields dropped.

Both read the bytes: ``tfcollections.loads``, and protobuf (upb) as a MetaGraphDef, as a SavedModel and as a
GraphDef (a frozen graph, which ``loads`` reads by its top-level fields alone), with the classes of
``opaque_classes()``: TensorFlow's own descriptors, but with each field the library
never parses (``SKIPPED`` in its schema: ``graph_def``, ``object_graph_def``, ``stripped_op_list``,
``SignatureDef.defaults`` values, ``type_spec``; a GraphDef's nodes, library, versions and debug info)
declared ``optional bytes`` (``repeated bytes`` for the nodes). So protobuf does not look
inside them either, and damage there (which TensorFlow would refuse, and the library by design does not
see) is counted as ``inside a never-parsed field``, not failed.

- ``loads`` accepts as one of them: protobuf must accept that reading, and ``loads`` must equal what the
  library reads from protobuf's own serialization of its parse (canonical bytes, which
  tools/compare_files.py checks against protobuf field by field). Never-parsed fields are compared by
  type only: a ``graph_def`` given twice is merged by protobuf, and located by its last occurrence here.
  A GraphDef is read as one meta graph whose ``graph_def`` is the whole file: protobuf's opaque GraphDef
  must accept the file (its top-level framing: field numbers, wire types, lengths, groups).
- the cases of ``../shared/reference/cases`` (files found damaged by hand, as ``mutated-guesslang-meta.bin``),
  when that folder is there, are checked first, unmutated, and seed mutations like the real files.
- ``loads`` refuses: protobuf must refuse every reading the file's top-level fields fit (each field one
  the type declares, with its wire type). upb reads almost any damaged MetaGraphDef as a SavedModel, all of
  its fields unknown ones; TensorFlow picks the type by the file's name, the library by its content, so such
  a reading is counted (``other type, unknown fields``), not failed. So is a refusal that says what the
  file is instead (``by content``: a GraphDef, a message with fields neither type has, a first byte neither
  can start with), by design (docs/files.md, "What a file is"). A file protobuf reads only as a GraphDef
  that is not one by the library's rule (field 1 repeated, or the varint field 3) is counted there too.

Anything else (a crash, a refusal protobuf does not share, values that differ) is printed as a line of
JSON with the file in hex, and the exit code is 1.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import sys
import time
from pathlib import Path

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
from google.protobuf.message import DecodeError as ProtobufDecodeError
from tensorflow.core.framework import graph_pb2
from tensorflow.core.protobuf import meta_graph_pb2, saved_model_pb2

import tfcollections
from tests.helpers import same  # the tests' exact equality: types, -0.0 and NaN
from tfcollections._model import collections as _collections, files as _files
from tfcollections._proto import schema as _schema
from tools import _oracle as oracle
from tools.compare_files import _spans_dropped
from tools.differential_text_fuzz import random_document

REPO = Path(__file__).resolve().parent.parent
KINDS = {
    "MetaGraphDef": meta_graph_pb2.MetaGraphDef,
    "SavedModel": saved_model_pb2.SavedModel,
    "GraphDef": graph_pb2.GraphDef,
}
CASES = REPO.parent / "shared" / "reference" / "cases"


def _never_parsed():
    """(message full name, field name) of every field the schema marks SKIPPED (map values: the entry's)."""
    fields = set()
    for message in _schema.MESSAGES:
        for field in message.fields:
            if field.type == _schema.SKIPPED:
                fields.add((message.name, field.name))
            elif field.type == _schema.MAP and field.value == _schema.SKIPPED:
                entry = "".join(part.capitalize() for part in field.name.split("_")) + "Entry"
                fields.add((f"{message.name}.{entry}", "value"))
    return fields


def opaque_classes():
    """MetaGraphDef and SavedModel classes whose never-parsed fields are ``optional bytes``."""
    files = {}

    def add(file_descriptor):
        if file_descriptor.name not in files:
            for dependency in file_descriptor.dependencies:
                add(dependency)
            proto = descriptor_pb2.FileDescriptorProto()
            file_descriptor.CopyToProto(proto)
            files[file_descriptor.name] = proto

    add(saved_model_pb2.DESCRIPTOR)
    # Plain loads of a GraphDef walks its top-level fields only: every length-delimited one is opaque to it.
    wanted = _never_parsed() | {("tensorflow.GraphDef", name) for name in ("node", "library", "versions",
                                                                          "debug_info")}  # fmt: skip
    patched = set()

    def patch(message, prefix):
        name = f"{prefix}.{message.name}"
        for field in message.field:
            if (name, field.name) in wanted:
                field.type = descriptor_pb2.FieldDescriptorProto.TYPE_BYTES
                field.ClearField("type_name")
                if field.label != descriptor_pb2.FieldDescriptorProto.LABEL_REPEATED and not name.endswith("Entry"):
                    # proto3 optional: presence, as an absent message has (a synthetic oneof, as protoc writes it)
                    message.oneof_decl.add(name=f"_{field.name}")
                    field.oneof_index = len(message.oneof_decl) - 1
                    field.proto3_optional = True
                patched.add((name, field.name))
        for nested in message.nested_type:
            patch(nested, name)

    for proto in files.values():
        for message in proto.message_type:
            patch(message, proto.package)
    assert patched == wanted, wanted - patched
    pool = descriptor_pool.DescriptorPool()
    for proto in files.values():
        pool.Add(proto)
    return {kind: message_factory.GetMessageClass(pool.FindMessageTypeByName(f"tensorflow.{kind}")) for kind in KINDS}


def case_seeds():
    """(kind the file was meant to be, bytes) of the hand-found cases beside the repository (none without it)."""
    seeds = []
    for path in sorted(CASES.glob("*.bin")) if CASES.is_dir() else []:
        data = path.read_bytes()
        seeds.append(("MetaGraphDef" if "-meta" in path.name else "SavedModel", data))
    return seeds


OPAQUE = opaque_classes()

# Refusals that say what a file is instead of one of ours: by design, not disagreements.
_BY_CONTENT = (
    "not a MetaGraphDef or SavedModel",
    "a protobuf message, but neither",
    "empty file",
)


def real_seeds():
    """(kind, bytes) of the binary files committed in the repository."""
    paths = [REPO / "examples" / "model.meta", *sorted((REPO / "tests" / "data" / "files").glob("*"))]
    seeds = []
    for path in paths:
        if path.suffix in (".meta", ".pb"):
            data = path.read_bytes()
            seeds.append((tfcollections.loads(data)["format"], data))
    return seeds


def _top_fields(blob: bytes):
    """(start, end) of each whole top-level field, as far as the bytes walk."""
    bounds = oracle.field_boundaries(blob)
    return [(a, b) for a, b in zip(bounds, bounds[1:]) if a < b]


def _mutate_inside(rng: random.Random, cls, blob: bytes, others, depth: int = 0) -> bytes:
    """Mutate the payload of a length-delimited field (at some depth) and write its new length."""
    candidates = []
    for start, end in _top_fields(blob):
        try:
            tag, pos = oracle.read_varint(blob, start)
            if tag & 7 != 2:
                continue
            _, pos = oracle.read_varint(blob, pos)
        except IndexError:
            continue
        if pos <= end:
            candidates.append((start, pos, end, tag))
    if not candidates:
        return oracle.mutate(rng, cls, blob, others)
    start, payload_at, end, tag = rng.choice(candidates)
    payload = blob[payload_at:end]
    if depth < 3 and rng.random() < 0.6:
        payload = _mutate_inside(rng, cls, payload, others, depth + 1)
    else:
        payload = oracle.mutate(rng, cls, payload, others)
    return blob[:start] + oracle.varint(tag) + oracle.varint(len(payload)) + payload + blob[end:]


def mutate_file(rng: random.Random, cls, blob: bytes, others) -> bytes:
    try:
        return _mutate_file(rng, cls, blob, others)
    except (UnicodeDecodeError, ValueError):
        return blob  # protobuf refused to re-serialize a damaged string (the unpacking mutation)


def _mutate_file(rng: random.Random, cls, blob: bytes, others) -> bytes:
    choice = rng.random()
    fields = _top_fields(blob)
    if choice < 0.35:
        return oracle.mutate(rng, cls, blob, others)
    if choice < 0.7:
        return _mutate_inside(rng, cls, blob, others)
    if choice < 0.8 and fields:
        start, end = rng.choice(fields)
        at = rng.choice(oracle.field_boundaries(blob))
        return blob[:at] + blob[start:end] + blob[at:]  # a field given twice
    if choice < 0.85 and len(fields) > 1:
        (a, b), (c, d) = sorted(rng.sample(fields, 2))
        return blob[:a] + blob[c:d] + blob[b:c] + blob[a:b] + blob[d:]  # two fields swapped
    if choice < 0.93 and len(fields) > 1:
        # Some top-level fields only, as a stripped or partly written file has (a graph and nothing else).
        kept = [span for span in fields if rng.random() < 0.4] or [rng.choice(fields)]
        return b"".join(blob[start:end] for start, end in kept)
    return blob + rng.choice(others)


# The (field number, wire type) pairs each type declares at its top level.
_TOP_FIELDS = {
    "SavedModel": {(1, 0), (2, 2)},
    "MetaGraphDef": {(number, 2) for number in range(1, 8)},
    "GraphDef": {(1, 2), (2, 2), (3, 0), (4, 2), (5, 2)},
}


def _fits(data: bytes, kind: str) -> bool:
    """Whether every top-level field of *data* is one *kind* declares, with its wire type."""
    fields = _top_fields(data)
    if not fields or fields[-1][1] != len(data):
        return False  # the walk stopped early (a group, damage): no type's fields alone
    pairs = set()
    nodes = 0
    for start, _ in fields:
        try:
            tag, _ = oracle.read_varint(data, start)
        except IndexError:
            return False
        pairs.add((tag >> 3, tag & 7))
        nodes += tag == 0x0A
    if kind == "GraphDef" and nodes < 2 and (3, 0) not in pairs:
        return False  # the library's rule: a GraphDef repeats its nodes or has its old version field
    return pairs <= _TOP_FIELDS[kind]


def _protobuf(kind: str, data: bytes, classes=OPAQUE):
    try:
        return classes[kind].FromString(data)
    except (ProtobufDecodeError, RuntimeError, ValueError):
        return None


def _read_as(data: bytes, kind: str):
    """What the library reads from *data* taken as *kind* (the reading ``loads`` chose; b"" is the empty one)."""
    out = _files._parse_as(data, kind)
    meta_graphs = out["meta_graphs"] if kind == "SavedModel" else [out]
    for meta_graph in meta_graphs:
        _collections.finish_meta_graph(meta_graph)
    return {
        "format": kind,
        "encoding": "binary",
        "saved_model_schema_version": out["saved_model_schema_version"] if kind == "SavedModel" else None,
        "meta_graphs": meta_graphs,
        "path": None,
        "located": None,
    }


def check(data: bytes):
    """None when both agree, or (category, details)."""
    try:
        ours = tfcollections.loads(data)
        our_error = None
    except tfcollections.DecodeError as error:
        ours, our_error = None, error
    except Exception as error:  # anything but DecodeError is a crash
        return "crash", f"{type(error).__name__}: {error}"
    theirs = {kind: _protobuf(kind, data) for kind in KINDS}
    if ours is None:
        accepted = [kind for kind, message in theirs.items() if message is not None]
        if not accepted:
            return None
        if str(our_error).startswith(_BY_CONTENT) or "not a MetaGraphDef or SavedModel" in our_error.msg:
            return "by content", str(our_error)  # also the look-alikes named by tfcollections/_lookalikes.py
        if our_error.msg.startswith("bad text-format"):
            return "taken for text", str(our_error)
        if not any(_fits(data, kind) for kind in accepted):
            return "other type, unknown fields", str(our_error)
        return "we reject", f"{our_error}; protobuf reads it as {' and '.join(accepted)}"
    kind = ours["format"]
    message = theirs[kind]
    if message is None:
        return "protobuf rejects", f"we read a {kind}"
    if _protobuf(kind, data, KINDS) is None:
        return "inside a never-parsed field", ""  # TensorFlow refuses it; the library does not look there
    if kind == "GraphDef":
        (meta_graph,) = ours["meta_graphs"]
        whole = {"type": "tensorflow.GraphDef", "offset": 0, "size": len(data)}
        return None if meta_graph["graph_def"] == whole else ("values differ", repr(meta_graph["graph_def"]))
    canonical = message.SerializeToString()
    try:
        expected = _read_as(canonical, kind)
    except tfcollections.DecodeError as error:
        return "canonical refused", f"{error}; canonical {canonical.hex()}"
    if same(_spans_dropped(ours), _spans_dropped(expected)):
        return None
    return "values differ", json.dumps({"ours": repr(ours)[:2000], "protobuf": repr(expected)[:2000]})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--random-seeds", type=int, default=200, help="random documents among the seeds")
    parser.add_argument("--real-share", type=float, default=0.3, help="share of cases mutated from a real file")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    fill = oracle.RandomMessages(rng)
    real = real_seeds() + case_seeds()
    for kind, data in case_seeds():
        outcome = check(data)
        print(json.dumps({"case": kind, "bytes": len(data), "outcome": outcome and outcome[0]}), file=sys.stderr)
        if outcome is not None and outcome[0] not in ("by content", "other type, unknown fields"):
            print(json.dumps({"category": outcome[0], "hex": data.hex()[:20000], "details": outcome[1][:2000]}))
            return 1
    generated = []
    for _ in range(args.random_seeds):
        document = random_document(rng, fill)
        generated.append((type(document).__name__, document.SerializeToString()))
    others = [data for _, data in real + generated]
    counts: collections.Counter = collections.Counter()
    bad = 0
    start = time.perf_counter()
    for _ in range(args.cases):
        kind, data = rng.choice(real if rng.random() < args.real_share else generated)
        for _ in range(rng.choice([1, 1, 1, 2, 3])):
            data = mutate_file(rng, KINDS[kind], data, others)
        outcome = check(data)
        if outcome is None:
            counts["agree"] += 1
            continue
        category, details = outcome
        counts[category] += 1
        if category not in ("by content", "other type, unknown fields", "inside a never-parsed field"):
            bad += 1
            print(json.dumps({"category": category, "hex": data.hex()[:20000], "details": details[:2000]}))
    return oracle.finish_run(counts, bad, args.cases, args.seed, time.perf_counter() - start)


if __name__ == "__main__":
    sys.exit(main())
