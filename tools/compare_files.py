# SPDX-License-Identifier: Apache-2.0
"""Compare tfcollections.load with protobuf's parse of whole files (run by hand).

    /tmp/tfvenv/bin/python tools/compare_files.py        # every file of ../shared/corpus/real

Run in the venv with ``tensorflow-cpu`` (see tools/generate_fixtures.py). For
each file: the SavedModel version, and per meta graph the meta info (less the
never-parsed ``stripped_op_list``), saver, signatures, asset file defs, the size
of ``graph_def``, and every collection's kind and values (``bytes_list`` items
of registered collections as protobuf parses them) must equal protobuf's parse.
``SignatureDef.defaults`` (TensorProto values, which tfcollections does not
parse) is left out of the comparison. Exit code 1 on any difference.
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "tools"), str(REPO / "tests")]
CORPUS = REPO.parent / "shared" / "corpus" / "real"

import generate_fixtures as gen  # noqa: E402
from helpers import same  # noqa: E402
from tensorflow.core.protobuf import meta_graph_pb2, saved_model_pb2  # noqa: E402

import tfcollections  # noqa: E402


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
            full = gen.to_contract(real)
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
                    values = [
                        gen.protobuf_verdict(gen.COLLECTION_TYPES[name], v) if name in gen.COLLECTION_TYPES else v
                        for v in values
                    ]
                elif kind == "any_list":
                    values = None
                if values is not None and not same(got["value"], values):
                    problems += 1
                    print("values", name, p.name)
                compared += 1
    print(f"{files} files, {compared} collections compared, {problems} differences")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
