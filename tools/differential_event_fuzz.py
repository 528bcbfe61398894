# SPDX-License-Identifier: Apache-2.0
"""Event files with one record changed, read by ``events`` and by TensorBoard's own protos, compared event by event.

    .venv-bench/bin/python -m tools.differential_event_fuzz [--cases 2000] [--seed 1]

Each case takes a fixture event file (tests/data/events), changes one record's bytes (a byte changed, a field cut
short, bytes inserted, a field repeated, the record cut) and frames every record again with good CRCs, so that
what differs is the parse, not the frame. TensorBoard's side parses each record with protobuf's upb
(``event_pb2.Event.FromString``, as its loader does) and reads it as ``tools.generate_event_fixtures`` does
(``data_compat``, the first plugin a tag is given, ``make_ndarray``); a record protobuf refuses is a record
skipped. Ours is ``tfcollections.events(path)``. They must give the same events and skip the same records; a
record that protobuf parses and ours skips (or the other way) is a disagreement, printed with its seed. TF 1
histogram buckets are compared after rounding ours to float32, as TensorBoard keeps them. Three differences are
documented, and counted apart (``_explained``, docs/events.md).
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, List, Tuple

import tfcollections
from tests.helpers import canonical
from tfcollections._ckpt.crc32c import crc32c, mask
from tools.generate_event_fixtures import OUT, tensorboard_events  # TensorFlow's venv: imports tf


def _frames(data: bytes) -> List[bytes]:
    records, pos = [], 0
    while pos < len(data):
        (length,) = struct.unpack_from("<Q", data, pos)
        records.append(data[pos + 12 : pos + 12 + length])
        pos += 16 + length
    return records


def _frame(record: bytes) -> bytes:
    length = struct.pack("<Q", len(record))
    return length + struct.pack("<I", mask(crc32c(length))) + record + struct.pack("<I", mask(crc32c(record)))


def _mutate(rng: random.Random, record: bytes) -> bytes:
    if not record:
        return bytes([rng.randrange(256)])
    at = rng.randrange(len(record))
    choice = rng.randrange(5)
    if choice == 0:  # a byte changed
        return record[:at] + bytes([rng.randrange(256)]) + record[at + 1 :]
    if choice == 1:  # cut
        return record[:at]
    if choice == 2:  # bytes inserted
        return record[:at] + bytes(rng.randrange(256) for _ in range(rng.randrange(1, 4))) + record[at:]
    if choice == 3:  # the record twice: every field repeated (merged by protobuf's rules)
        return record + record
    return record[:at] + bytes([record[at] ^ (1 << rng.randrange(8))]) + record[at + 1 :]  # a bit flipped


def _theirs(records: List[bytes]) -> Tuple[List[Any], List[int]]:
    from google.protobuf.message import DecodeError
    from tensorboard.compat.proto import event_pb2

    plugins: Dict[str, str] = {}
    events: List[Any] = []
    skipped: List[int] = []
    for index, record in enumerate(records):
        try:
            event = event_pb2.Event.FromString(record)
            found = tensorboard_events(event, plugins)
        except (DecodeError, ValueError, UnicodeDecodeError):
            skipped.append(index)
            continue
        events += found
    return canonical(events), skipped


def _float32(value: float) -> float:
    """As numpy's float32 rounds it: past its range, an infinity."""
    if not math.isfinite(value):
        return value
    try:
        return float(struct.unpack("<f", struct.pack("<f", value))[0])
    except OverflowError:
        return math.copysign(math.inf, value)


def _ours(path: Path) -> Tuple[List[Any], List[int]]:
    found = tfcollections.events(path)
    events = []
    for event in found:
        item = {key: event[key] for key in ("wall_time", "step", "kind", "tag", "plugin", "value")}
        value = item["value"]
        if "histo" in event:
            item["histo"] = event["histo"]
            item["value"] = [[_float32(part) for part in bucket] for bucket in value]
        events.append(item)
    return canonical(events), [item["record"] for item in found.skipped]


_OWN_PLUGIN = {"scalar": "scalars", "histogram": "histograms", "image": "images", "audio": "audio"}


def _explained(theirs: Dict[str, Any], mine: Dict[str, Any]) -> bool:
    """The documented differences (docs/events.md), each where TensorBoard's ``make_ndarray`` and TensorFlow's
    ``Tensor::FromProto`` (which the library follows) part ways, or where TensorBoard's plugin memory is followed
    further than a value's own kind:

    - a TF 1 value whose tag was given another plugin first is of its own kind here;
    - a tensor whose values do not fill its shape exactly (none in its dtype's list: zeros; fewer: the last
      repeated; more: cut) is read by TensorFlow's rules, where ``make_ndarray`` refuses it (the event is then a
      tensor to TensorBoard, its proto kept);
    - a tensor of a reference dtype (``DT_FLOAT_REF``: never written) keeps its proto here, where ``make_ndarray``
      reads it as its base dtype."""
    same_place = {key: mine[key] for key in ("wall_time", "step", "tag", "plugin")} == {
        key: theirs[key] for key in ("wall_time", "step", "tag", "plugin")}  # fmt: skip
    if not same_place:
        return False
    if mine["kind"] in _OWN_PLUGIN and mine["plugin"] != _OWN_PLUGIN[mine["kind"]]:
        return True
    proto = theirs["value"] if theirs["kind"] == "tensor" and isinstance(theirs["value"], dict) else None
    if proto is not None and "tensor_content" in proto:  # make_ndarray refused what Tensor::FromProto reads
        return True
    mine_proto = mine["value"] if mine["kind"] == "tensor" and isinstance(mine["value"], dict) else None
    return mine_proto is not None and str(mine_proto.get("dtype", "")).endswith("_REF")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    sources = sorted(OUT.rglob("*tfevents*"))
    started = time.perf_counter()
    disagreements = 0
    counts = {"same": 0, "skipped alike": 0, "explained": 0}
    with tempfile.TemporaryDirectory() as workdir:
        path = Path(workdir) / "events.out.tfevents.case"
        for case in range(args.cases):
            source = rng.choice(sources)
            records = _frames(source.read_bytes())
            index = rng.randrange(len(records))
            records[index] = _mutate(rng, records[index])
            path.write_bytes(b"".join(_frame(record) for record in records))
            theirs, their_skips = _theirs(records)
            mine, my_skips = _ours(path)
            if theirs == mine and their_skips == my_skips:
                counts["skipped alike" if my_skips else "same"] += 1
                continue
            if (
                their_skips == my_skips
                and len(theirs) == len(mine)
                and all(_explained(their, my) for their, my in zip(theirs, mine) if their != my)
            ):
                counts["explained"] += 1
                continue
            disagreements += 1
            print(f"case {case} (seed {args.seed}): {source.name} record {index}: protobuf skips {their_skips}, "
                  f"ours {my_skips}; events equal: {theirs == mine}")  # fmt: skip
    elapsed = time.perf_counter() - started
    print(f"{args.cases} cases in {elapsed:.0f} s: {counts['same']} read alike, {counts['skipped alike']} with the "
          f"same records skipped, {counts['explained']} explained, {disagreements} disagreements")  # fmt: skip
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
