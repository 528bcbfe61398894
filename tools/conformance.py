# SPDX-License-Identifier: Apache-2.0
"""Decode every collection item of real TensorFlow files, and fail on any that falls back.

    python -m tools.conformance                          # ../shared/corpus/real (next to the repo)
    python -m tools.conformance examples/model.meta      # any .meta / saved_model.pb files or folders

For each binary MetaGraphDef (``.meta``) or SavedModel (``saved_model.pb``) it
walks ``collection_def`` and sends every ``bytes_list`` item through
``tfcollections.decode``. It prints, per collection name, how many items were
seen, how many decoded to a message and how many kept their bytes, and exits 1
if an item of a registered collection kept its bytes (that is, did not read
as the registered message) or a file could not be walked. The walk is its
own, on purpose: ``tfcollections.load`` must then read every file too, and its
``bytes_list`` collections must equal what the walk decoded. Needs only this
checkout: no TensorFlow, no protobuf.

With ``--compare-protobuf`` (run it in the venv that has ``tensorflow-cpu``, see
$TFVENV: docs/development.md) every registered item is also parsed by protobuf:
the values must be equal, and ``encode(decode(item))`` must give the item back.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Dict, Iterator, List, Tuple

REPO = Path(__file__).resolve().parent.parent
try:  # the installed package when there is one (the README's first command), else this checkout
    import tfcollections
except ImportError:
    import tfcollections
from tfcollections._proto.wire import read_length, read_tag, skip_field  # noqa: E402

CORPUS = REPO.parent / "shared" / "corpus" / "real"


def _fields(buf: bytes, pos: int, end: int) -> Iterator[Tuple[int, int, int]]:
    """(field number, start, end) of each length-delimited field; others are skipped."""
    while pos < end:
        tag, pos = read_tag(buf, pos, end)
        if tag & 7 == 2:
            length, pos = read_length(buf, pos, end)
            yield tag >> 3, pos, pos + length
            pos += length
        else:
            pos = skip_field(buf, pos, end, tag, 0)


def collection_items(buf: bytes, start: int, end: int) -> Iterator[Tuple[str, bytes]]:
    """(collection name, item) for every bytes_list item of the MetaGraphDef in buf[start:end]."""
    for number, entry_start, entry_end in _fields(buf, start, end):
        if number != 4:  # MetaGraphDef.collection_def
            continue
        name, value = "", (0, 0)
        for entry_field, field_start, field_end in _fields(buf, entry_start, entry_end):
            if entry_field == 1:
                name = buf[field_start:field_end].decode("utf-8")
            elif entry_field == 2:
                value = (field_start, field_end)
        for kind, kind_start, kind_end in _fields(buf, *value):
            if kind == 2:  # CollectionDef.bytes_list
                for item_field, item_start, item_end in _fields(buf, kind_start, kind_end):
                    if item_field == 1:
                        yield name, buf[item_start:item_end]


def meta_graphs(buf: bytes, path: Path) -> List[Tuple[int, int]]:
    """The byte ranges of the MetaGraphDefs in a file: the whole file, or SavedModel.meta_graphs."""
    if path.name.endswith(".pb"):  # saved_model.pb: SavedModel {1: schema version, 2: meta_graphs}
        return [(start, end) for number, start, end in _fields(buf, 0, len(buf)) if number == 2]
    return [(0, len(buf))]


def _protobuf_comparer():  # pragma: no cover - needs TensorFlow
    from tests.helpers import same
    from tools import _oracle as oracle

    def compare(name: str, item: bytes, decoded: dict) -> str:
        expected = oracle.protobuf_verdict(oracle.COLLECTION_TYPES[name], item)
        if not same(decoded, expected):
            return f"differs from protobuf: {item.hex()}"
        if tfcollections.encode(name, decoded) != item:
            return f"encode(decode(item)) != item: {item.hex()}"
        return ""

    return compare


def files_under(targets: List[Path]) -> List[Path]:
    found: List[Path] = []
    for target in targets:
        if target.is_dir():
            found += sorted(p for p in target.rglob("*") if p.suffix in (".meta", ".pb") and "corrupt" not in p.parts)
        else:
            found.append(target)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", type=Path, help=f"files or folders (default: {CORPUS})")
    parser.add_argument("--compare-protobuf", action="store_true", help="also compare with protobuf's parse")
    args = parser.parse_args()
    compare = _protobuf_comparer() if args.compare_protobuf else None
    paths = files_under(args.paths or [CORPUS])
    if not paths:
        print("conformance: no .meta or .pb files found", file=sys.stderr)
        return 1

    per_collection: Dict[str, Counter] = defaultdict(Counter)
    failures: List[str] = []
    for path in paths:
        buf = path.read_bytes()
        walked: List[Dict[str, list]] = []
        try:
            for start, end in meta_graphs(buf, path):
                walked.append(defaultdict(list))
                for name, item in collection_items(buf, start, end):
                    decoded = tfcollections.decode(name, item)
                    walked[-1][name].append(decoded)
                    counts = per_collection[name]
                    counts["items"] += 1
                    counts["decoded" if isinstance(decoded, dict) else "bytes"] += 1
                    counts[f"file:{path}"] = 1
                    if compare is not None and isinstance(decoded, dict):
                        problem = compare(name, item, decoded)
                        if problem:
                            failures.append(f"{path.name}: {name}: {problem}")
                        counts["compared"] += 1
                    if name in tfcollections.COLLECTIONS and not isinstance(decoded, dict):
                        try:
                            tfcollections.decode_strict(name, item)
                        except tfcollections.DecodeError as error:
                            failures.append(f"{path.name}: {name}: {error}")
        except tfcollections.DecodeError as error:
            failures.append(f"{path.name}: cannot walk the file: {error}")
        try:
            loaded = [
                {name: c["value"] for name, c in meta_graph["collection_def"].items() if c["kind"] == "bytes_list"}
                for meta_graph in tfcollections.load(path)["meta_graphs"]
            ]
        except tfcollections.DecodeError as error:
            failures.append(f"{path.name}: load() cannot read the file: {error}")
        else:
            if loaded != [dict(collections) for collections in walked]:
                failures.append(f"{path.name}: load() gives other bytes_list collections than the walk")

    width = max((len(name) for name in per_collection), default=10)
    print(f"{'collection':<{width}}  {'files':>5}  {'items':>6}  {'decoded':>7}  {'bytes':>6}  registered as")
    for name in sorted(per_collection):
        counts = per_collection[name]
        files = sum(1 for key in counts if key.startswith("file:"))
        registered = tfcollections.message_type(name) or "-"
        numbers = f"{files:>5}  {counts['items']:>6}  {counts['decoded']:>7}  {counts['bytes']:>6}"
        print(f"{name:<{width}}  {numbers}  {registered}")
    total = sum(counts["items"] for counts in per_collection.values())
    decoded = sum(counts["decoded"] for counts in per_collection.values())
    compared = sum(counts["compared"] for counts in per_collection.values())
    print(
        f"\n{len(paths)} files read by load(), {total} bytes_list items, {decoded} decoded to messages, "
        f"{len(failures)} failures"
    )
    if compare is not None:
        print(f"{compared} items compared with protobuf's parse and re-encoded")
    for failure in failures:
        print(f"FAIL {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
