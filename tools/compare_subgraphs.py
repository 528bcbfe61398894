# SPDX-License-Identifier: Apache-2.0
"""Compare tfcollections.subgraph with the same rule computed again from protobuf's parse and TensorFlow's graph.

    $TFVENV/bin/python -m tools.compare_subgraphs                # ../shared/corpus/real
    $TFVENV/bin/python -m tools.compare_subgraphs DIR [DIR ...]  # also ../shared/corpus/wild (text files)

Run in the venv with ``tensorflow-cpu`` ($TFVENV: docs/development.md). For every meta graph (or frozen graph) of
every file protobuf reads, the view of every top-level scope, and of the whole graph, is computed here as TF 1's
``SubGraphView(ops)`` computes its boundary (``contrib/graph_editor/select.py``, ``compute_boundary_ts``, written
again over protobuf's NodeDefs: inputs are the consumed tensors produced outside, outputs the produced tensors
not consumed only inside, split here into those consumed outside and those consumed by nothing), with the
control edges that cross. A tensor's dtype and each node's number of outputs come from TensorFlow itself: the
graph imported with ``import_graph_def`` and each ``tf.Tensor``'s dtype read; a graph TensorFlow 2.21 cannot import
(ops it no longer has) falls back to the op's ``OpDef`` in TensorFlow's registry, read with the node's attrs.
Shapes come from ``_output_shapes`` (or a placeholder's ``shape``). The same is done for the body of every
library function, with each of its top-level scopes. Every field must be equal. Exit code 1 on any difference.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CORPORA = [REPO.parent / "shared" / "corpus" / "real"]

from tensorflow.core.framework import types_pb2  # noqa: E402

import tfcollections  # noqa: E402
from tools.compare_graphs import protobuf_graph_def, protobuf_meta_graphs  # noqa: E402

_TENSOR = re.compile(r"(.*):(\d+)")


def _dtype_name(number: int):
    name = types_pb2.DataType.Name(number) if number in types_pb2.DataType.values() else number
    return None if name == "DT_INVALID" else name


def _shape(shape):
    if shape.unknown_rank:
        return None
    return [dim.size for dim in shape.dim]


class OracleGraph:
    """A graph's (or function body's) nodes, and what each node's outputs are: from TensorFlow's imported graph
    when it imports, else from the op registry's OpDefs (and the library's signatures)."""

    def __init__(self, node_defs, library, imported=None, args=None, returns=None, control_returns=None):
        self.nodes = list(node_defs)
        self.by_name = {}
        for index, node in enumerate(self.nodes):
            self.by_name.setdefault(node.name, index)
        self.signatures = {}
        for function in library.function if library is not None else ():
            self.signatures.setdefault(function.signature.name, function.signature)
        self.imported = imported
        self.args = args or {}
        self.returns = returns or {}
        self.control_returns = control_returns or []

    def output_dtypes(self, index):
        """[(output arg name, [dtype, ...])] of node *index*, or None when its outputs are not known."""
        node = self.nodes[index]
        if self.imported is not None and not self.args:
            try:
                op = self.imported.get_operation_by_name(node.name)
            except (KeyError, ValueError):
                op = None
            if op is not None:
                return [("", [_dtype_name(tensor.dtype.as_datatype_enum) for tensor in op.outputs])]
        from tensorflow.python.framework import op_def_registry

        op_def = op_def_registry.get(node.op)
        defaults = {}
        if op_def is None:
            op_def = self.signatures.get(node.op)
        else:
            defaults = {attr.name: attr.default_value for attr in op_def.attr if attr.HasField("default_value")}
        if op_def is None:
            return None

        def attr(name):
            if name in node.attr:
                return node.attr[name]
            return defaults.get(name)

        found = []
        for arg in op_def.output_arg:
            if arg.type_list_attr:
                value = attr(arg.type_list_attr)
                if value is None:
                    return None
                dtypes = [_dtype_name(t) for t in value.list.type]
            elif arg.type_attr:
                value = attr(arg.type_attr)
                dtypes = [_dtype_name(value.type) if value is not None else None]
            else:
                dtypes = [_dtype_name(arg.type)]
            if arg.number_attr:
                value = attr(arg.number_attr)
                if value is None:
                    return None
                dtypes = dtypes * value.i
            if arg.is_ref:
                dtypes = [f"{d}_REF" if isinstance(d, str) else None for d in dtypes]
            found.append((arg.name, dtypes))
        return found


def parse_input(entry, in_function):
    """(control?, producer, output key, tensor name) of an input string."""
    if entry.startswith("^"):
        return True, entry[1:], None, None
    if in_function:
        parts = entry.split(":")
        if len(parts) == 1:
            return False, entry, 0, entry
        if len(parts) in (2, 3) and (len(parts) == 2 or (parts[2].isascii() and parts[2].isdigit())):
            index = int(parts[2]) if len(parts) == 3 else 0
            return False, parts[0], (parts[1], index), f"{parts[0]}:{parts[1]}:{index}"
        return False, entry, 0, entry
    match = _TENSOR.fullmatch(entry)
    if match and match.group(2).isascii():
        index = int(match.group(2))
        return False, match.group(1), index, match.group(1) if index == 0 else f"{match.group(1)}:{index}"
    return False, entry, 0, entry


def tensor_name(node, key):
    if isinstance(key, tuple):
        return f"{node}:{key[0]}:{key[1]}"
    return node if key == 0 else f"{node}:{key}"


def oracle_view(graph: OracleGraph, selects, in_function):
    nodes = graph.nodes
    chosen = [selects(node.name) for node in nodes]
    chosen_names = {node.name for node, inside in zip(nodes, chosen) if inside}

    def flat_outputs(index):
        """The output keys of node *index* in order, with dtypes; None when not known."""
        args = graph.output_dtypes(index)
        if args is None:
            return None
        keys = []
        flat = 0
        for arg, dtypes in args:
            for at, dtype in enumerate(dtypes):
                keys.append(((arg, at) if in_function else flat, dtype, flat))
                flat += 1
        return keys

    # Every (producer, key) -> consumers (all nodes, in graph order; function results by their name).
    consumers = {}
    for node in nodes:
        for entry in node.input:
            control, producer, key, _ = parse_input(entry, in_function)
            if not control:
                consumers.setdefault((producer, key), [])
                if not consumers[(producer, key)] or consumers[(producer, key)][-1] != node.name:
                    consumers[(producer, key)].append(node.name)
    results = {}
    for result, entry in sorted(graph.returns.items()):
        _, producer, key, _ = parse_input(entry, in_function)
        results.setdefault((producer, key), []).append(result)

    def describe(producer, key, name, with_consumers, who=None, returned=()):
        index = graph.by_name.get(producer)
        op = dtype = shape = None
        if index is not None:
            node = nodes[index]
            op = node.op
            keys = flat_outputs(index) or []
            flat = next((f for k, _, f in keys if k == key), -1)
            dtype = next((d for k, d, _ in keys if k == key), None)
            if flat >= 0:
                if "_output_shapes" in node.attr and node.attr["_output_shapes"].HasField("list"):
                    shapes = node.attr["_output_shapes"].list.shape
                    shape = _shape(shapes[flat]) if flat < len(shapes) else None
                elif (node.op in ("Placeholder", "PlaceholderV2", "PlaceholderWithDefault") and flat == 0
                      and "shape" in node.attr and node.attr["shape"].HasField("shape")):  # fmt: skip
                    shape = _shape(node.attr["shape"].shape)
        elif in_function and producer in graph.args:
            op, dtype = "_Arg", graph.args[producer]
        out = {"tensor": name, "producer": producer, "op": op, "dtype": dtype, "shape": shape}
        if with_consumers:
            out["consumers"] = who
            out["results"] = list(returned)
        return out

    # compute_boundary_ts: input_ts over the selected ops' inputs, output_ts over their outputs.
    input_ts = {}
    control_inputs, dangling = {}, {}
    for node, inside in zip(nodes, chosen):
        if not inside:
            continue
        for entry in node.input:
            control, producer, key, name = parse_input(entry, in_function)
            exists = producer in graph.by_name or (in_function and producer in graph.args)
            if control:
                if producer not in chosen_names:
                    control_inputs[producer] = None
                    if not exists:
                        dangling[producer] = None
                continue
            if producer not in chosen_names and name not in input_ts:
                input_ts[name] = (producer, key)
                if not exists:
                    dangling[producer] = None
    outputs, unconsumed, unknown = [], [], []
    for index, (node, inside) in enumerate(zip(nodes, chosen)):
        if not inside:
            continue
        keys = flat_outputs(index)
        if keys is None:
            unknown.append(node.name)
            keys = []
        # Outputs consumers name that the op does not have (a damaged graph), or of an op not known: after, by name.
        known = {key for key, _, _ in keys}
        referenced = {key for (producer, key) in [*consumers, *results] if producer == node.name} - known
        keys += sorted(((key, None, -1) for key in referenced), key=lambda item: tensor_name(node.name, item[0]))
        for key, _, _ in keys:
            name = tensor_name(node.name, key)
            who = consumers.get((node.name, key), [])
            returned = results.get((node.name, key), [])
            outside = [consumer for consumer in who if consumer not in chosen_names]
            if outside or returned:
                outputs.append(describe(node.name, key, name, True, outside, returned))
            elif not who:
                unconsumed.append(describe(node.name, key, name, False))
    inputs = []
    for name, (producer, key) in input_ts.items():
        who = [consumer for consumer in consumers.get((producer, key), []) if consumer in chosen_names]
        inputs.append(describe(producer, key, name, True, who))
    control_outputs = set()
    for node, inside in zip(nodes, chosen):
        if not inside:
            control_outputs.update(entry[1:] for entry in node.input if entry.startswith("^"))
    control_outputs.update(graph.control_returns)
    return {
        "nodes": len(nodes),
        "ops": [{"name": node.name, "op": node.op} for node, inside in zip(nodes, chosen) if inside],
        "inputs": inputs,
        "outputs": outputs,
        "unconsumed": unconsumed,
        "control_inputs": list(control_inputs),
        "control_outputs": [
            node.name for node, inside in zip(nodes, chosen) if inside and node.name in control_outputs
        ],
        "dangling": list(dangling),
        "outputs_unknown": unknown,
    }


def import_graph(graph_def):
    import tensorflow as tf

    graph = tf.Graph()
    try:
        with graph.as_default():
            tf.graph_util.import_graph_def(graph_def, name="")
    except Exception:  # ops TensorFlow 2.21 no longer has, graphs it refuses
        return None
    return graph


def scopes_of(names):
    return sorted({name.split("/")[0] for name in names if "/" in name})


def selector(scope):
    """What tfcollections.subgraph is given, and the oracle's own test of a name."""
    if scope is None:
        return re.compile(""), lambda name: True
    if re.escape(scope) != scope:  # a name with regex syntax: given as a pattern, matched literally
        return re.compile(re.escape(scope) + r"(?:/|$)"), lambda name: name == scope or name.startswith(scope + "/")
    return scope, lambda name: name == scope or name.startswith(scope + "/")


def compare(path, index, graph, ours_model, function=None):
    problems = views = 0
    names = [node.name for node in graph.nodes]
    for scope in [None, *scopes_of(names)]:
        given, test = selector(scope)
        expected = oracle_view(graph, test, function is not None)
        got = tfcollections.subgraph(ours_model, given, meta_graph=index, function=function)
        got = {key: value for key, value in got.items() if key not in ("scope", "meta_graph", "function")}
        views += 1
        if got != expected:
            problems += 1
            for key in expected:
                if got[key] != expected[key]:
                    print(f"differs: {path.name} [{index}] function={function} scope={scope!r}: {key}")
                    print(f"   ours:   {str(got[key])[:600]}")
                    print(f"   oracle: {str(expected[key])[:600]}")
                    break
    return problems, views


def main(argv):
    corpora = [Path(arg) for arg in argv] or CORPORA
    problems = views = files = graphs = imported = functions = 0
    for corpus in corpora:
        for path in sorted(p for p in corpus.rglob("*") if p.is_file()):
            if path.name in ("SOURCES.md", "manifest.json") or path.parent.name in ("lookalike", "corrupt"):
                continue
            data = path.read_bytes()
            try:
                ours = tfcollections.load(str(path))
            except (tfcollections.DecodeError, ValueError):
                continue
            if ours["format"] == "GraphDef":
                _, theirs = protobuf_graph_def(data, ours["encoding"] == "text")
            else:
                _, theirs = protobuf_meta_graphs(data)
            if theirs is None:
                continue
            files += 1
            for index, meta_graph in enumerate(theirs):
                graph_def = meta_graph.graph_def
                tf_graph = import_graph(graph_def)
                imported += tf_graph is not None
                graphs += 1
                found, counted = compare(path, index, OracleGraph(graph_def.node, graph_def.library, tf_graph), ours)
                problems += found
                views += counted
                for function in graph_def.library.function:
                    signature = function.signature
                    args = {arg.name: (_dtype_name(arg.type) if not (arg.type_attr or arg.type_list_attr) else None)
                            for arg in signature.input_arg}  # fmt: skip
                    body = OracleGraph(function.node_def, graph_def.library, None, args, dict(function.ret),
                                       list(function.control_ret.values()))  # fmt: skip
                    found, counted = compare(path, index, body, ours, signature.name)
                    problems += found
                    views += counted
                    functions += 1
    print(f"{files} files, {graphs} graphs ({imported} imported by TensorFlow for dtypes), {functions} functions: "
          f"{views} views, {problems} differences")  # fmt: skip
    return 1 if problems else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpora", nargs="*", metavar="DIR", help="folders of models (default: the shared corpora)")
    sys.exit(main(parser.parse_args().corpora))
