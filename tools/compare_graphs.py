# SPDX-License-Identifier: Apache-2.0
"""Compare load(..., graph=True) with protobuf's parse on every file of the corpora (run by hand).

    $TFVENV/bin/python -m tools.compare_graphs                 # ../shared/corpus/real and ../shared/corpus/wild
    $TFVENV/bin/python -m tools.compare_graphs DIR [DIR ...]

Run in the venv with ``tensorflow-cpu`` ($TFVENV: docs/development.md). For each file that
protobuf reads as a SavedModel or MetaGraphDef (binary with ``ParseFromString``, text with
``text_format.Parse``), each meta graph's ``"graph"`` must equal ``_oracle.graph_contract`` of
protobuf's parse: every variable's name, op, dtype, shape, device, container, shared name,
colocation, collections, trainable and partition, every op count of the graph and of each library
function. Files protobuf does not read as either (damaged files), and the corpus's look-alikes
(``lookalike/``: fingerprints, Keras metadata, which protobuf reads as a MetaGraphDef of unknown
fields), must be refused by ``load(..., graph=True)``; a file the package reads as a GraphDef (a frozen graph) must
read as one with protobuf, and its graph equal the contract of a meta graph holding it (inputs, outputs,
constants and flagged nodes included). Binary files are also written out in text format by protobuf and
read again: the text's graph must equal the binary's. Every variable's ``collections`` is also checked against
TensorFlow itself: the meta graph imported with ``import_meta_graph`` and every collection asked for with
``get_collection``, a variable being in each collection that gives back it, its op, or a tensor of its op
(meta graphs TensorFlow cannot import, for ops it no longer has, are counted and passed over). Exit code 1 on
any difference.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CORPORA = [REPO.parent / "shared" / "corpus" / "real", REPO.parent / "shared" / "corpus" / "wild"]

from google.protobuf import text_format  # noqa: E402
from google.protobuf.message import DecodeError  # noqa: E402
from tensorflow.core.protobuf import meta_graph_pb2, saved_model_pb2  # noqa: E402

import tfcollections  # noqa: E402
from tests.helpers import same  # noqa: E402
from tfcollections._graph.ops import FLAGGED_OPS  # noqa: E402  (policy, not parsing: which ops are flagged)
from tools import _oracle as oracle  # noqa: E402


def protobuf_meta_graphs(data: bytes):
    """protobuf's meta graphs of the file, trying both messages as load does; None if neither reads."""
    text = data.lstrip()[:1].isalpha() or data.lstrip()[:1] == b"#"
    for cls in (saved_model_pb2.SavedModel, meta_graph_pb2.MetaGraphDef):
        message = cls()
        try:
            if text:
                text_format.Parse(data.decode("utf-8"), message)
            else:
                message.ParseFromString(data)
        except (DecodeError, text_format.ParseError, UnicodeDecodeError):
            continue
        graphs = list(message.meta_graphs) if cls is saved_model_pb2.SavedModel else [message]
        if graphs and (cls is meta_graph_pb2.MetaGraphDef or message.meta_graphs):
            return message, graphs
    return None, None


def protobuf_graph_def(data: bytes, text: bool):
    """protobuf's GraphDef of a frozen graph, and a meta graph that holds it (as load reads one); None if it
    does not read."""
    from tensorflow.core.framework import graph_pb2

    graph = graph_pb2.GraphDef()
    try:
        if text:
            text_format.Parse(data.decode("utf-8"), graph)
        else:
            graph.ParseFromString(data)
    except (DecodeError, text_format.ParseError, UnicodeDecodeError):
        return None, None
    return graph, [meta_graph_pb2.MetaGraphDef(graph_def=graph)]


def tensorflow_collections(meta_graph) -> dict | None:
    """{variable node: sorted collections} as TensorFlow's get_collection gives them back after import_meta_graph;
    None when TensorFlow cannot import the meta graph."""
    import tensorflow as tf

    graph = tf.Graph()
    copy = meta_graph_pb2.MetaGraphDef()
    copy.CopyFrom(meta_graph)  # import_meta_graph clears devices in the message it is given
    try:
        with graph.as_default(), tf.device("/cpu:0"):
            tf.compat.v1.train.import_meta_graph(copy, clear_devices=True)
    except Exception:  # ops this TensorFlow no longer has, graphs of 0.x that no longer import
        return None
    found: dict = {}
    for name in graph.get_all_collection_keys():
        for item in graph.get_collection(name):
            op = getattr(item, "op", item)  # a Variable, a Tensor: their op; an Operation: itself
            node = getattr(op, "name", None)
            if isinstance(node, str):
                found.setdefault(node, set()).add(name)
    return {node: sorted(names) for node, names in found.items()}


def main(argv: list) -> int:
    corpora = [Path(arg) for arg in argv] or CORPORA
    problems = files = variables = nodes = refused = texts = imported = not_imported = graph_defs = 0
    for corpus in corpora:
        for path in sorted(p for p in corpus.rglob("*") if p.is_file()):
            if path.suffix in (".md", ".json") and path.name in ("SOURCES.md", "manifest.json"):
                continue
            data = path.read_bytes()
            message, theirs = protobuf_meta_graphs(data)
            if path.parent.name == "lookalike":  # fingerprints, Keras metadata, ...: protobuf reads anything
                theirs = None
            try:
                ours = tfcollections.loads(data, graph=True)
            except (tfcollections.DecodeError, ValueError) as exc:
                if theirs is not None:
                    problems += 1
                    print(f"refused but protobuf reads it: {path.name}: {exc}")
                else:
                    refused += 1
                continue
            if ours["format"] == "GraphDef":  # a frozen graph: protobuf reads it as a GraphDef, held by a meta graph
                message, theirs = protobuf_graph_def(data, ours["encoding"] == "text")
                graph_defs += 1
            if theirs is None:
                problems += 1
                print(f"read but protobuf refuses it: {path.name}")
                continue
            files += 1
            expected = [oracle.graph_contract(graph, None, FLAGGED_OPS) for graph in theirs]
            got = [meta_graph["graph"] for meta_graph in ours["meta_graphs"]]
            if not same(got, expected):
                problems += 1
                print(f"graph differs: {path.name}")
                continue
            for meta_graph, graph in zip(theirs, got):
                if ours["format"] == "GraphDef":
                    continue  # no collections
                by_tensorflow = tensorflow_collections(meta_graph)
                if by_tensorflow is None:
                    not_imported += 1
                    continue
                imported += 1
                for variable in graph["variables"]:
                    want = by_tensorflow.get(variable["name"], [])
                    if variable["op"] is not None and variable["collections"] != want:
                        problems += 1
                        print(f"collections differ from get_collection's: {path.name}: {variable['name']}: "
                              f"{variable['collections']} != {want}")  # fmt: skip
            variables += sum(len(graph["variables"]) for graph in got)
            nodes += sum(sum(graph["ops"].values()) for graph in got)
            if ours["encoding"] == "binary":
                texts += 1
                text = tfcollections.loads(str(message).encode("utf-8"), graph=True)
                if not same([mg["graph"] for mg in text["meta_graphs"]], got):
                    problems += 1
                    print(f"text differs from binary: {path.name}")
    print(f"{files} files ({graph_defs} GraphDefs; {texts} also as text): {variables:,} variables and {nodes:,} "
          f"nodes as protobuf reads them; {refused} files refused by both; collections of {imported} meta graphs "
          f"checked with get_collection ({not_imported} TensorFlow cannot import); {problems} differences")  # fmt: skip
    return 1 if problems else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpora", nargs="*", metavar="DIR", help="folders of models (default: the shared corpora)")
    sys.exit(main(parser.parse_args().corpora))
