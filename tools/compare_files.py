# SPDX-License-Identifier: Apache-2.0
"""Compare tfcollections.load with protobuf's parse of whole files (run by hand).

    $TFVENV/bin/python -m tools.compare_files        # every file of ../shared/corpus/real

Run in the venv with ``tensorflow-cpu`` ($TFVENV: docs/development.md). For
each file: the SavedModel version, and per meta graph the meta info (less the
never-parsed ``stripped_op_list``), saver, signatures, asset file defs, the size
of ``graph_def``, and every collection's kind and values (``bytes_list`` items
of registered collections as protobuf parses them) must equal protobuf's parse.
``SignatureDef.defaults`` (TensorProto values, which tfcollections does not
parse) is left out of the comparison.

Then the text reader: each file is written out in text format by protobuf (plain,
and with Anys expanded as C++ writes them), and ``load`` of the text must equal
``load`` of the binary file, never-parsed fields' offsets and sizes aside (they
are spans of the text). Exit code 1 on any difference.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO.parent / "shared" / "corpus" / "real"

from google.protobuf import descriptor_pool, text_format  # noqa: E402
from tensorflow.core.protobuf import meta_graph_pb2, saved_model_pb2  # noqa: E402

import tfcollections  # noqa: E402
from tests.helpers import same  # noqa: E402
from tools import _oracle as oracle  # noqa: E402


def main() -> int:
    problems = 0
    files = 0
    compared = 0
    for p in sorted(CORPUS.glob("*")):
        if p.suffix not in (".meta", ".pb"):
            continue
        files += 1
        ours = tfcollections.load(p)
        data = p.read_bytes()
        if ours["format"] == "SavedModel":
            m = saved_model_pb2.SavedModel()
            m.ParseFromString(data)
            theirs = list(m.meta_graphs)
            if ours["saved_model_schema_version"] != m.saved_model_schema_version:
                problems += 1
                print("version", p.name)
        else:
            m = meta_graph_pb2.MetaGraphDef()
            m.ParseFromString(data)
            theirs = [m]
        for mine, real in zip(ours["meta_graphs"], theirs):
            full = oracle.to_contract(real)
            for signature in [*mine["signature_def"].values(), *full["signature_def"].values()]:
                signature.pop("defaults", None)  # TensorProto: not parsed by tfcollections
            for key in ("saver_def", "signature_def", "asset_file_def"):
                if not same(mine[key], full[key]):
                    problems += 1
                    print(key, p.name)
            info_mine = dict(mine["meta_info_def"] or {})
            info_real = dict(full["meta_info_def"] or {})
            for d in (info_mine, info_real):
                d.pop("stripped_op_list", None)
            if (mine["meta_info_def"] is None and real.HasField("meta_info_def")) or not same(info_mine, info_real):
                problems += 1
                print("meta_info_def", p.name)
            if mine["graph_def"] is not None and mine["graph_def"]["size"] != real.graph_def.ByteSize():
                problems += 1
                print("graph size", p.name)
            for name, coll in real.collection_def.items():
                kind = coll.WhichOneof("kind")
                got = mine["collection_def"][name]
                if got["kind"] != kind:
                    problems += 1
                    print("kind", name, p.name)
                    continue
                values = list(getattr(coll, kind).value) if kind else []
                if kind == "bytes_list":
                    cls = oracle.COLLECTION_TYPES.get(name)
                    values = [oracle.protobuf_verdict(cls, v) if cls is not None else v for v in values]
                elif kind == "any_list":
                    values = None
                if values is not None and not same(got["value"], values):
                    problems += 1
                    print("values", name, p.name)
                compared += 1
    print(f"{files} files, {compared} collections compared, {problems} differences")
    text_problems = compare_text()
    return 1 if problems or text_problems else 0


def _spans_dropped(value):
    if isinstance(value, dict):
        if set(value) == {"type", "offset", "size"}:
            return {"type": value["type"]}
        return {key: _spans_dropped(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_spans_dropped(item) for item in value]
    return value


def compare_text() -> int:
    problems = files = 0
    for p in sorted(CORPUS.glob("*")):
        if p.suffix not in (".meta", ".pb"):
            continue
        binary = tfcollections.load(p)
        message = saved_model_pb2.SavedModel() if binary["format"] == "SavedModel" else meta_graph_pb2.MetaGraphDef()
        message.ParseFromString(p.read_bytes())
        for text in (str(message), text_format.MessageToString(message, descriptor_pool=descriptor_pool.Default())):
            files += 1
            loaded = tfcollections.loads(text.encode("utf-8"))
            expected = dict(binary, encoding="text", path=None)  # loads() reads no file
            if not same(_spans_dropped(loaded), _spans_dropped(expected)):
                # An expanded Any of a type tfcollections does not know is reported by its span, not bytes.
                if "[type.googleapis.com/" in text and _unknown_any_only(loaded, expected):
                    continue
                problems += 1
                print("text differs", p.name)
    print(f"{files} text files compared with their binary originals, {problems} differences")
    return problems


def _unknown_any_only(loaded, expected) -> bool:
    for mine, theirs in zip(loaded["meta_graphs"], expected["meta_graphs"]):
        for name, collection in theirs["collection_def"].items():
            got = mine["collection_def"][name]
            if collection["kind"] == "any_list":
                for a, b in zip(got["value"], collection["value"]):
                    span = isinstance(a["value"], dict) and set(a["value"]) == {"type", "offset", "size"}
                    if not same(a, b) and not (isinstance(b["value"], bytes) and span):
                        return False
            elif not same(_spans_dropped(got), _spans_dropped(collection)):
                return False
        for key in ("saver_def", "signature_def", "asset_file_def", "meta_info_def"):
            if not same(_spans_dropped(mine[key]), _spans_dropped(theirs[key])):
                return False
    return True


if __name__ == "__main__":
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args()
    sys.exit(main())
