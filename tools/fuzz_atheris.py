# SPDX-License-Identifier: Apache-2.0
"""Coverage-guided fuzzing of tfcollections with atheris (libFuzzer), run by hand.

    python3 -m venv "$FUZZVENV" && "$FUZZVENV/bin/pip" install atheris
    $FUZZVENV/bin/python -m tools.fuzz_atheris decode -max_total_time=600
    $FUZZVENV/bin/python -m tools.fuzz_atheris strict -max_total_time=600
    $FUZZVENV/bin/python -m tools.fuzz_atheris file   -max_total_time=600
    $FUZZVENV/bin/python -m tools.fuzz_atheris text   -max_total_time=600
    $FUZZVENV/bin/python -m tools.fuzz_atheris graph  -max_total_time=600

Each target instruments the package's own modules only, seeds libFuzzer from
the committed fixtures (written to a corpus directory under /tmp, which it
keeps growing between runs), and gives libFuzzer a dictionary of the schema's
field names and the text format's punctuation so that mutations speak the
formats. Everything after the target's name is passed to libFuzzer.

A target fails (libFuzzer stops and saves the input as ``crash-*``) when:

- ``decode``: anything escapes ``decode``; it returns something other than the
  blob itself or a dict; or a dict it returns does not survive
  ``encode`` then ``decode`` unchanged (the decoder must not make up values).
- ``strict``: anything but ``DecodeError`` escapes ``decode_strict`` or
  ``decode_message``; or they disagree with ``decode`` on accept/reject or on
  the value; or a ``DecodeError``'s offset lies outside the input.
- ``file``: anything but ``DecodeError`` escapes ``loads`` of binary bytes, or
  its offset lies outside the input; or an accepted file has a decoded item in
  a collection without a registered type, or an item that does not survive
  ``encode`` then ``decode`` unchanged.
- ``text``: anything but ``DecodeError`` escapes ``loads`` of text, or its
  offset lies outside the input; or an accepted document is not well-formed
  (``format``, meta graphs, collections).
- ``graph``: anything but ``DecodeError`` escapes ``loads(data, graph=True)``
  (binary or text), or its offset lies outside the input; or a file that
  ``loads`` accepts without the graph is refused with it for anything but its
  graph; or an accepted graph is not well-formed (every variable with its keys,
  op counts that are positive ints, each function's counts within the total).

The figures of each run (executions, coverage, time) are in
``docs/robustness.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple

import atheris

REPO = Path(__file__).resolve().parent.parent

with atheris.instrument_imports(include=["tfcollections"]):
    import tfcollections
    from tfcollections._disk import source  # noqa: F401  (imported lazily otherwise)
    from tfcollections._graph import graph, nodes  # noqa: F401  (imported lazily otherwise)
    from tfcollections._proto import schema as _schema, text, textscan  # noqa: F401  (imported lazily otherwise)

from tests.helpers import same  # noqa: E402  (the tests' exact equality: types, -0.0 and NaN)

DecodeError = tfcollections.DecodeError
# The registered names, an unregistered one, and one that is a prefix of a registered one.
NAMES = [*sorted(tfcollections.COLLECTIONS), "notes", "variable"]


def _split_item(data: bytes) -> Tuple[str, bytes]:
    # The first byte picks the collection, the rest is the item.
    if not data:
        return NAMES[0], b""
    return NAMES[data[0] % len(NAMES)], data[1:]


def target_decode(data: bytes) -> None:
    name, blob = _split_item(data)
    value = tfcollections.decode(name, blob)
    if value is blob:
        return
    if not isinstance(value, dict):
        raise AssertionError(f"decode({name!r}) returned {type(value).__name__}, not the blob or a dict")
    again = tfcollections.decode(name, tfcollections.encode(name, value))
    if not same(again, value):
        raise AssertionError(f"decode({name!r}) is not stable under encode: {value!r} became {again!r}")


def target_strict(data: bytes) -> None:
    name, blob = _split_item(data)
    lenient = tfcollections.decode(name, blob)
    try:
        strict = tfcollections.decode_strict(name, blob)
    except DecodeError as exc:
        if lenient is not blob:
            raise AssertionError(f"decode accepted what decode_strict refused: {exc}") from exc
        if name not in tfcollections.COLLECTIONS:
            return  # "no message type is registered for collection ...": about the name, not a byte
        _check_offset(exc, blob)
        # decode_message must refuse too, for the same reason.
        try:
            tfcollections.decode_message(tfcollections.message_type(name), blob)
        except DecodeError as again:
            if str(again) != str(exc):
                raise AssertionError(f"decode_message said {again}, decode_strict said {exc}") from again
            return
        raise AssertionError("decode_message accepted what decode_strict refused") from exc
    if lenient is blob or not same(strict, lenient):
        raise AssertionError(f"decode_strict gave {strict!r}, decode gave {lenient!r}")


def target_file(data: bytes) -> None:
    model = _loads_checked(data)
    if model is None or model["encoding"] != "binary":
        return
    # Every registered collection's items are what decode makes of the raw items.
    for meta_graph in model["meta_graphs"]:
        for name, collection in meta_graph["collection_def"].items():
            if collection["kind"] != "bytes_list":
                continue
            for item in collection["value"]:
                if isinstance(item, dict) and name not in tfcollections.COLLECTIONS:
                    raise AssertionError(f"a dict in the unregistered collection {name!r}")
                if isinstance(item, dict) and not same(tfcollections.decode(name, tfcollections.encode(name, item)),
                                                        item):  # fmt: skip
                    raise AssertionError(f"an item of {name!r} is not stable under encode: {item!r}")


def target_text(data: bytes) -> None:
    _loads_checked(data)


_VARIABLE_KEYS = ["name", "op", "dtype", "shape", "device", "container", "shared_name", "colocated_with",
                  "collections", "trainable", "partition", "object_path", "layer", "layer_name",
                  "layer_class"]  # fmt: skip


def target_graph(data: bytes) -> None:
    model = _loads_checked(data)
    if model is None:
        return
    try:
        with_graph = tfcollections.loads(data, graph=True)
    except DecodeError as exc:
        _check_offset(exc, data)
        if "graph_def" not in exc.path and "object_graph_def" not in exc.path:
            raise AssertionError(f"the graph scan refused the file for something else: {exc}") from exc
        return
    for meta_graph in with_graph["meta_graphs"]:
        graph = meta_graph["graph"]
        for variable in graph["variables"]:
            if list(variable) != _VARIABLE_KEYS or not isinstance(variable["collections"], list):
                raise AssertionError(f"a malformed variable: {variable!r}")
        if any(not isinstance(count, int) or count < 1 for count in graph["ops"].values()):
            raise AssertionError(f"bad op counts: {graph['ops']!r}")
        if [obj["node"] for obj in graph["objects"]] != sorted({obj["node"] for obj in graph["objects"]}):
            raise AssertionError(f"objects out of the object graph's order, or twice: {graph['objects']!r}")
        keras = graph["keras"]
        layer_paths = {layer["path"] for layer in keras["layers"]} if keras is not None else set()
        if any(
            variable["layer"] is not None and variable["layer"] not in layer_paths for variable in graph["variables"]
        ):
            raise AssertionError(f"a variable of a layer that is not there: {graph['variables']!r}")
        for counts in graph["functions"].values():
            if any(graph["ops"].get(op, 0) < count for op, count in counts.items()):
                raise AssertionError(f"a function counts more than the whole: {counts!r}")


def _loads_checked(data: bytes) -> Optional[Dict[str, Any]]:
    """``loads(data)``, checked to be well-formed; None after a DecodeError whose offset is in the input."""
    try:
        model = tfcollections.loads(data)
    except DecodeError as exc:
        _check_offset(exc, data)
        return None
    _check_model(model)
    return model


def _check_offset(error: DecodeError, data: bytes) -> None:
    if error.pos is None or not 0 <= error.pos <= len(data):
        raise AssertionError(f"error offset {error.pos} is not in an input of {len(data)} bytes: {error}") from error


def _check_model(model: Dict[str, Any]) -> None:
    if model["format"] not in ("MetaGraphDef", "SavedModel") or model["encoding"] not in ("binary", "text"):
        raise AssertionError(f"bad format/encoding: {model['format']!r}, {model['encoding']!r}")
    for meta_graph in model["meta_graphs"]:
        for name, collection in meta_graph["collection_def"].items():
            if not isinstance(name, str) or collection["kind"] not in (
                "node_list", "bytes_list", "int64_list", "float_list", "any_list", None
            ):  # fmt: skip
                raise AssertionError(f"bad collection {name!r}: {collection!r}")
            if not isinstance(collection["value"], list):
                raise AssertionError(f"collection {name!r} has no list of values")


TARGETS: Dict[str, Callable[[bytes], None]] = {
    "decode": target_decode,
    "strict": target_strict,
    "file": target_file,
    "text": target_text,
    "graph": target_graph,
}


def _seeds(target: str) -> List[bytes]:
    data = REPO / "tests" / "data"
    if target in ("decode", "strict"):
        seeds = []
        for fixture in ("tf_items.json", "tf_random_items.json", "tf_mutations.json"):
            for item in json.loads((data / fixture).read_text())["items"]:
                seeds.append(bytes([NAMES.index(item["collection"])]) + bytes.fromhex(item["hex"]))
        return seeds
    examples = REPO / "examples"
    files = [*sorted((data / "files").iterdir()), examples / "model.meta", examples / "model.meta.txt"]
    if target == "graph":  # binary files, and the small text ones
        return [p.read_bytes() for p in files if p.suffix in (".meta", ".pb") or p.name.endswith(".meta.txt")]
    if target == "text":
        texts = [p.read_bytes() for p in files if p.suffix in (".pbtxt", ".txt")]
        # The graphs make the seeds large and slow, and the reader only brace-scans them: add copies without.
        return texts + [_without_block(text, b"graph_def {") for text in texts]
    # The hand-found damaged files beside the repository (../shared/reference/cases), when it is there.
    cases = REPO.parent / "shared" / "reference" / "cases"
    found = sorted(cases.glob("*.bin")) if cases.is_dir() else []
    return [p.read_bytes() for p in [*files, *found] if p.suffix in (".meta", ".pb", ".bin")]


def _without_block(text: bytes, opening: bytes) -> bytes:
    """The text with each block that starts with ``opening`` cut out (braces counted outside quotes)."""
    out = bytearray()
    position = 0
    while True:
        start = text.find(opening, position)
        if start < 0:
            return bytes(out + text[position:])
        out += text[position:start]
        depth, index, quote = 0, start, 0
        while index < len(text):
            byte = text[index]
            if quote:
                if byte == 0x5C:  # a backslash escapes the next byte
                    index += 1
                elif byte == quote:
                    quote = 0
            elif byte in (0x22, 0x27):
                quote = byte
            elif byte == 0x7B:
                depth += 1
            elif byte == 0x7D:
                depth -= 1
                if depth == 0:
                    break
            index += 1
        position = index + 1


def _dictionary(path: Path) -> None:
    """libFuzzer dictionary: field names, enum names, text punctuation, and the tags of every field."""
    words = set()
    for message in _schema.MESSAGES:
        for field in message.fields:
            words.add(field.name.encode())
            if field.type in ("string", "bytes", "message", "map", "skipped") or field.repeated:
                wire = 2  # length-delimited, or packed
            else:
                wire = {"float": 5, "fixed32": 5, "double": 1}.get(field.type, 0)
            tag = (field.number << 3) | wire
            words.add(bytes([tag]) if tag < 128 else bytes([tag & 0x7F | 0x80, tag >> 7]))
    for enum in _schema.ENUMS:
        words.update(name.encode() for name, _ in enum.values)
    words.update(b"{ } < > [ ] : , ; # \" ' \\x \\u type.googleapis.com/ nan inf true false".split())
    words.update(name.encode() for name in NAMES)
    lines = ['"' + "".join(f"\\x{b:02x}" for b in word) + '"' for word in sorted(words)]
    path.write_text("\n".join(lines) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog="libFuzzer's options follow")
    parser.add_argument("target", choices=sorted(TARGETS))
    parser.parse_known_args()  # the rest is libFuzzer's
    target = sys.argv[1]
    corpus = Path(os.environ.get("TFCOLLECTIONS_FUZZ_CORPUS", f"/tmp/tfcollections-fuzz/{target}"))
    corpus.mkdir(parents=True, exist_ok=True)
    for index, seed in enumerate(_seeds(target)):
        seed_path = corpus / f"seed-{index:05d}"
        if not seed_path.exists():
            seed_path.write_bytes(seed)
    dictionary = corpus.parent / f"{target}.dict"
    _dictionary(dictionary)
    max_len = {"decode": 4096, "strict": 4096, "file": 262144, "text": 65536, "graph": 262144}[target]
    argv = [sys.argv[0], *sys.argv[2:], f"-max_len={max_len}", f"-dict={dictionary}", str(corpus)]
    atheris.Setup(argv, TARGETS[target])
    atheris.Fuzz()


if __name__ == "__main__":
    main()
