# SPDX-License-Identifier: Apache-2.0
"""A view of part of a graph: the nodes of a scope, and the tensors and control edges that cross its boundary.

Strategy: the graph is walked once more for what the scan does not keep, each node's name, op and inputs in
order (``nodelists``). The nodes the scope selects are marked, and one pass over every node's inputs finds the
boundary as TF 1's ``SubGraphView`` computes it (``contrib/graph_editor/select.py``, ``compute_boundary_ts``): the
tensors selected nodes consume and unselected nodes produce (inputs), the tensors selected nodes produce and
unselected nodes consume (outputs), and the control edges that cross; an unselected node's usual input (output 0
of a node outside) is passed over by one set lookup. What a node does not record, how many outputs it has and
their dtypes, its op's ``OpDef`` says (``optypes``): only the nodes at the boundary have their attrs read, for
those and for ``_output_shapes``. Time and memory are linear in the nodes and inputs.
"""

from __future__ import annotations

import contextlib

from .._disk.source import source_of
from .._errors import DecodeError
from .._graph.attrs import shape_list
from .._graph.nodelists import Nodes, nodes_of
from .._graph.optypes import counts_use_attrs, output_args, output_spec, signature_spec, uses_attrs
from .._typing import cast
from .collections import scope_matcher
from .files import load

TYPE_CHECKING = False
if TYPE_CHECKING:
    import os
    from typing import Any, Callable, Dict, Final, Iterator, List, Optional, Pattern, Set, Tuple, Union

    from .. import types as _types
    from .._typing import Decoded

    PathLike = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]
    from .._graph.optypes import OutputArg


# Sorted after every real output index (-1, an output not known, modulo this).
_LAST: Final = 1 << 62

# What makes a scope a regular expression rather than a plain name.
_REGEX_SYNTAX: Final = frozenset(".^$*+?{}[]\\|()")

# The ops whose ``shape`` attr is their output's shape, when no ``_output_shapes`` says it.
_SHAPE_ATTR_OPS: Final = frozenset({"Placeholder", "PlaceholderV2", "PlaceholderWithDefault"})

# A function's arguments and results, as TensorFlow instantiates a function body: an argument is an ``_Arg``
# node named by the argument, a result a ``_Retval`` node.
ARG_OP: Final = "_Arg"


def subgraph(
    model: Union[PathLike, _types.Model],
    scope: Union[str, Pattern[str]],
    *,
    meta_graph: int = 0,
    function: Optional[str] = None,
) -> _types.SubgraphView:
    """A view of part of a graph, as TF 1's ``SubGraphView`` gives it: the nodes *scope* selects, the tensors they
    consume from outside (``inputs``) and give to it (``outputs``), their outputs nothing consumes
    (``unconsumed``), and the control edges that cross (``control_inputs``, ``control_outputs``).

    *model* is what ``load`` returned (read again from its file) or a path ``load`` reads. *scope* is a name
    scope, by TensorFlow's rule (``get_collection``'s, at a name boundary: ``"dense"`` selects ``dense`` and
    ``dense/...``, not ``dense_1/...``; it is a regular expression, as there), or a compiled pattern whose
    ``match`` selects node names. *meta_graph* picks the meta graph; *function* views that library function's
    body instead of the graph. An empty selection is an empty view. Raises ``DecodeError`` for a graph that
    does not read, ``ValueError`` for a meta graph or function the file does not have.
    """
    if isinstance(scope, str):
        selects = scope_test(scope)
        shown = scope
    elif isinstance(getattr(scope, "pattern", None), str) and callable(getattr(scope, "match", None)):
        selects = lambda name: scope.match(name) is not None  # noqa: E731 (one test, as scope_matcher gives)
        shown = scope.pattern
    else:
        raise TypeError(f"scope must be a str or a compiled str pattern, not {type(scope).__qualname__!r}")
    found: Dict[str, Any] = {}
    with graph_nodes(model, meta_graph, function) as nodes:
        found = view(nodes, selects, function is not None)
    return {"scope": shown, "meta_graph": meta_graph, "function": function, **found}  # type: ignore[typeddict-item]


@contextlib.contextmanager
def graph_nodes(model: Union[PathLike, _types.Model], meta_graph: int = 0,
                function: Optional[str] = None) -> Iterator[Nodes]:  # fmt: skip
    """The nodes (names, ops, inputs; attrs on demand while the block runs) of meta graph *meta_graph*'s graph, or
    of its library function *function*: what ``subgraph`` views and the command line draws. Raises as ``subgraph``
    says."""
    if not isinstance(model, dict):
        model = load(model)
    source = source_of(model)
    if source is None:
        raise TypeError("subgraph() needs a path or what tfcollections.load returned (a copy keeps no file to read)")
    meta_graphs = model["meta_graphs"]
    if not isinstance(meta_graph, int) or not 0 <= meta_graph < len(meta_graphs):
        raise ValueError(f"meta_graph {meta_graph!r}: the model has {len(meta_graphs)} meta graph(s), from 0")
    chosen = meta_graphs[meta_graph]
    with source.opened() as opened:
        # A stream read into memory is frozen: the walk keeps slices of it, which must be bytes.
        buf = bytes(opened) if isinstance(opened, (bytearray, memoryview)) else opened
        try:
            nodes = nodes_of(source, buf, meta_graph, cast("Decoded", chosen), function)
            yield nodes
        except DecodeError as exc:
            source.failed_in(exc, meta_graph, "graph_def")
            raise


def scope_test(scope: str) -> Callable[[str], bool]:
    """TensorFlow's scope rule at a name boundary (``collections.scope_matcher``); a scope without regex syntax is
    tested with string methods, which select the same names four times as fast."""
    if not scope or any(char in _REGEX_SYNTAX for char in scope):
        return scope_matcher(scope, boundary=True)
    if scope.endswith("/"):
        return lambda name: name.startswith(scope)
    below = scope + "/"
    return lambda name: name.startswith(below) or name == scope


# --------------------------------------------------------------------------- the view


class _Tensor:
    """A tensor that crosses the boundary: where it comes from, and who consumes it."""

    __slots__ = ("consumers", "name", "output", "producer", "results")

    def __init__(self, name: str, producer: str, output: Union[int, Tuple[str, int]]) -> None:
        self.name = name
        self.producer = producer
        self.output = output
        self.consumers: List[str] = []
        self.results: List[str] = []  # in a function's body: the results it is returned as


def _graph_tensor(entry: str) -> Tuple[str, int, str]:
    """A graph's data input (``x``, ``x:1``) as its producer, output index and name as TensorFlow writes it (``x``
    for output 0): TensorFlow's ``ParseTensorName``, digits after the last colon being the index."""
    node, colon, index = entry.rpartition(":")
    if colon and index.isdigit() and index.isascii():
        output = int(index)
        return node, output, node if output == 0 else f"{node}:{output}"
    return entry, 0, entry


def _function_tensor(entry: str) -> Tuple[str, Union[int, Tuple[str, int]], str]:
    """A function body's data input: an argument (``x``: output 0 of the argument's ``_Arg``) or a node's output
    (``node:out:i``, output *i* of its output argument *out*; ``node:out`` is index 0)."""
    parts = entry.split(":")
    if len(parts) == 1:
        return entry, 0, entry
    index = parts[2] if len(parts) == 3 else "0"
    if len(parts) > 3 or not (index.isdigit() and index.isascii()):
        return entry, 0, entry  # no tensor name TensorFlow would read: a producer no node has
    output = int(index)
    return parts[0], (parts[1], output), f"{parts[0]}:{parts[1]}:{output}"


def view(nodes: Nodes, selects: Callable[[str], bool], in_function: bool) -> Dict[str, Any]:
    """The boundary of the nodes *selects* picks (see ``subgraph``)."""
    names, ops, all_inputs = nodes.names, nodes.ops, nodes.inputs
    index = nodes.index
    for position, name in enumerate(names):
        index.setdefault(name, position)
    chosen = {name for name in index if selects(name)}  # selection is by name: a repeated name is chosen alike
    selected = [name in chosen for name in names]
    parse = _function_tensor if in_function else _graph_tensor

    def exists(name: str) -> bool:
        return name in index or (in_function and name in nodes.args)

    inputs: Dict[str, _Tensor] = {}
    control_inputs: Dict[str, None] = {}
    dangling: Dict[str, None] = {}
    # The outputs of each selected node that some node consumes (inside or out), by node index.
    consumed: Dict[int, Set[Union[int, Tuple[str, int]]]] = {}
    outputs: Dict[str, _Tensor] = {}
    control_outputs: Set[str] = set()
    for position, node_inputs in enumerate(all_inputs):
        inside = selected[position]
        for entry in node_inputs:
            if entry[:1] == "^":
                producer = entry[1:]
                if producer in chosen:
                    if not inside:
                        control_outputs.add(producer)
                elif inside:
                    control_inputs[producer] = None
                    if not exists(producer):
                        dangling[producer] = None
                continue
            if not inside and ":" not in entry and (in_function or entry not in chosen):
                continue  # the usual input of a node outside: output 0 of a node outside (or an argument)
            producer, output, tensor_name = parse(entry)
            if producer in chosen:
                consumed.setdefault(index[producer], set()).add(output)
                if inside:
                    continue
                tensor = outputs.get(tensor_name)
                if tensor is None:
                    tensor = outputs[tensor_name] = _Tensor(tensor_name, producer, output)
            elif inside:
                tensor = inputs.get(tensor_name)
                if tensor is None:
                    tensor = inputs[tensor_name] = _Tensor(tensor_name, producer, output)
                    if not exists(producer):
                        dangling[producer] = None
            else:
                continue
            consumer = names[position]
            if not tensor.consumers or tensor.consumers[-1] != consumer:
                tensor.consumers.append(consumer)
    # A function's results leave its body as its outputs (TensorFlow makes each a _Retval node).
    for result, entry in sorted(nodes.returns.items()):  # by name: a map has no order
        producer, output, tensor_name = parse(entry)
        if producer in chosen:
            consumed.setdefault(index[producer], set()).add(output)
            tensor = outputs.get(tensor_name)
            if tensor is None:
                tensor = outputs[tensor_name] = _Tensor(tensor_name, producer, output)
            tensor.results.append(result)
    control_outputs.update(name for name in nodes.control_returns if name in chosen)

    describe = _Describer(nodes, in_function)
    unconsumed: List[Dict[str, Any]] = []
    outputs_unknown: List[str] = []
    chosen_positions = [position for position, inside in enumerate(selected) if inside]
    for position in chosen_positions:
        name = names[position]
        counts = describe.counts(position)
        if counts is None:
            outputs_unknown.append(name)
            continue
        used = consumed.get(position, ())
        if len(counts) == 1 and counts[0][1] == 1 and ((counts[0][0], 0) if in_function else 0) in used:
            continue  # the usual node: one output, consumed
        flat = 0
        for arg, count in counts:
            for at in range(count):
                key: Union[int, Tuple[str, int]] = (arg, at) if in_function else flat
                flat += 1
                if key not in used:
                    tensor = _Tensor(_tensor_name(name, key), name, key)
                    unconsumed.append(describe.tensor(tensor, with_consumers=False))
    # In graph order, then by output; after those, outputs its op does not have (a damaged graph) and the outputs of
    # a node whose op is not known, by name.
    order = sorted(outputs.values(), key=lambda tensor: (index[tensor.producer], describe.flat(tensor) % _LAST,
                                                         tensor.name))  # fmt: skip
    return {
        "nodes": len(names),
        "ops": [{"name": names[position], "op": ops[position]} for position in chosen_positions],
        "inputs": [describe.tensor(tensor) for tensor in inputs.values()],
        "outputs": [describe.tensor(tensor) for tensor in order],
        "unconsumed": unconsumed,
        "control_inputs": list(control_inputs),
        "control_outputs": [
            name for name in (names[position] for position in chosen_positions) if name in control_outputs
        ],
        "dangling": list(dangling),
        "outputs_unknown": outputs_unknown,
    }


def _tensor_name(node: str, output: Union[int, Tuple[str, int]]) -> str:
    if isinstance(output, tuple):
        return f"{node}:{output[0]}:{output[1]}"
    return node if output == 0 else f"{node}:{output}"


class _Describer:
    """What the graph records of a tensor: its producer's op, and its dtype and shape where known."""

    __slots__ = ("_args", "_in_function", "_nodes", "_specs")

    def __init__(self, nodes: Nodes, in_function: bool) -> None:
        self._nodes = nodes
        self._in_function = in_function
        self._args: Dict[int, Optional[List[OutputArg]]] = {}
        # An op -> its output spec, whether its dtypes depend on attrs, and its outputs when their number does not.
        self._specs: Dict[str, Tuple[Optional[str], bool, Optional[List[Tuple[str, int]]]]] = {}

    def _spec(self, op: str) -> Tuple[Optional[str], bool, Optional[List[Tuple[str, int]]]]:
        found = self._specs.get(op)
        if found is None:
            spec = output_spec(op)
            if spec is None and op in self._nodes.signatures():  # a call of a library function by its name
                spec = signature_spec(self._nodes.signatures()[op])
            counted = None
            if spec is not None and not counts_use_attrs(spec):
                counted = [(name, len(dtypes)) for name, dtypes in output_args(spec, {}) or ()]
            found = self._specs[op] = (spec, spec is not None and uses_attrs(spec), counted)
        return found

    def counts(self, position: int) -> Optional[List[Tuple[str, int]]]:
        """The output arguments of node *position* and how many tensors each gives (None: not known); its attrs
        are read only when its op's number of outputs depends on them (``Split``'s ``num_split``)."""
        found = self._specs.get(self._nodes.ops[position])
        spec, _, counted = found if found is not None else self._spec(self._nodes.ops[position])
        if counted is not None or spec is None:
            return counted
        args = self.args(position)
        return None if args is None else [(name, len(dtypes)) for name, dtypes in args]

    def args(self, position: int) -> Optional[List[OutputArg]]:
        """The output arguments of node *position* (None: not known), its attrs decoded only when its op's outputs
        depend on them."""
        if position in self._args:
            return self._args[position]
        spec, uses_attrs, _ = self._spec(self._nodes.ops[position])
        found: Optional[List[OutputArg]] = None
        if spec is not None:
            found = output_args(spec, self._nodes.attrs(position) if uses_attrs else {})
        self._args[position] = found
        return found

    def flat(self, tensor: _Tensor) -> int:
        """The tensor's index among its producer's outputs (a graph's output index; in a function, the outputs of the
        arguments before its own, and its index in its argument); -1 when not known."""
        output = tensor.output
        if isinstance(output, int):
            return output
        position = self._nodes.index.get(tensor.producer)
        args = self.args(position) if position is not None else None
        flat = 0
        for arg, dtypes in args or ():
            if arg == output[0]:
                return flat + output[1] if output[1] < len(dtypes) else -1
            flat += len(dtypes)
        return -1

    def tensor(self, tensor: _Tensor, with_consumers: bool = True) -> Dict[str, Any]:
        nodes = self._nodes
        position = nodes.index.get(tensor.producer)
        op: Optional[str] = None
        dtype: Optional[str] = None
        shape: Optional[List[int]] = None
        if position is not None:
            op = nodes.ops[position]
            flat = self.flat(tensor)
            args = self.args(position)
            every = [dtype for _, dtypes in args for dtype in dtypes] if args is not None else []
            if 0 <= flat < len(every):
                dtype = every[flat]
            if flat >= 0:
                shape = _shape(nodes.attrs(position), op, flat)
        elif self._in_function and tensor.producer in nodes.args:
            op, dtype = ARG_OP, nodes.args[tensor.producer]
        described: Dict[str, Any] = {"tensor": tensor.name, "producer": tensor.producer, "op": op, "dtype": dtype,
                                     "shape": shape}  # fmt: skip
        if with_consumers:
            described["consumers"] = tensor.consumers
            described["results"] = tensor.results
        return described


def _shape(attrs: Decoded, op: str, flat: int) -> Optional[List[int]]:
    """Output *flat*'s shape as the node records it: ``_output_shapes`` (written by ``as_graph_def(add_shapes=True)``,
    as ``export_meta_graph`` does), or a placeholder's ``shape``; None when neither says it."""
    recorded = attrs.get("_output_shapes")
    if recorded is not None and recorded["list"] is not None:
        shapes = recorded["list"]["shape"]
        return shape_list(shapes[flat]) if flat < len(shapes) else None
    if op in _SHAPE_ATTR_OPS and flat == 0:
        given = attrs.get("shape")
        if given is not None and given["shape"] is not None:
            return shape_list(given["shape"])
    return None
