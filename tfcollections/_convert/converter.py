# SPDX-License-Identifier: Apache-2.0
"""The conversion of a frozen graph, node by node, by an op table: the values made so far and what rules use.

Strategy: the nodes are put in an order where each comes after its inputs (a cycle is refused: control flow is
not converted here), and every op checked against the table before anything is made, so that a graph the table
does not cover is refused whole, with every missing op named. Each node is then converted by its op's rule,
which reads its inputs as ``Value`` objects and makes ONNX nodes through the converter: ``tf(value)`` and
``nchw(value)`` give a value in TensorFlow's layout or in NCHW, making the one ``Transpose`` (or transposed
constant) needed the first time a value is asked for in the other layout, so none is made twice or undone by
the next. Constants become initializers only when a rule reads them as tensors (an axis read as an attribute
costs nothing). Nodes nothing needs are dropped at the end.
"""

from __future__ import annotations

import struct

from .._errors import ConversionError, DecodeError
from .._graph.graphdef import split_tensor_name
from .._graph.optypes import output_args, output_spec
from .._tensor import Tensor
from .frames import take_conds, take_frames
from .inline import body_of, function_nodes
from .values import (
    INPUTS_HINT,
    PARTS,
    SMALL_INTS,
    TAKES_COMPLEX,
    TO_NCHW,
    TO_NHWC,
    Value,
    attribute,
    flat,
    ints_tensor,
    onnx_tensor,
    scalar_tensor,
    transpose,
    value_info,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, Final, List, Optional, Sequence, Set, Tuple, Union

    from .._typing import Decoded
    from .freeze import FrozenGraph
    from .values import Shape

    # A rule of the op table: the converter, the TensorFlow node, its data inputs -> its outputs' values.
    RuleFunction = Callable[["Converter", Decoded, List[Value]], List[Optional[Value]]]
    # The shared tables as they were (initializers, constants made once, names used, values given an initializer).
    Mark = Tuple[Dict[str, Decoded], Dict[Tuple[str, Tuple[int, ...], bytes], str], Dict[str, int], int]


class Converter:
    """The conversion of one frozen graph: its values, the ONNX nodes and initializers made so far."""

    def __init__(self, frozen: FrozenGraph, opset: int, input_shapes: Dict[str, Shape]) -> None:
        self.frozen = frozen
        self.opset = opset
        self.input_shapes = input_shapes
        self.values: Dict[str, Value] = {}
        self.nodes: List[Decoded] = []
        self.initializers: Dict[str, Decoded] = {}
        self._constants: Dict[Tuple[str, Tuple[int, ...], bytes], str] = {}
        self._used_names: Dict[str, int] = {}
        #: The constant values given an initializer, in order: a rewind forgets the names it threw away.
        self._materialized: List[Value] = []
        self.graph_inputs: List[Decoded] = []
        #: Whether the caller named the inputs (the model's inputs then come in that order, else the graph's).
        self.inputs_given = False
        self.node: Decoded = {}  # the TensorFlow node being converted, for errors and names
        #: The TensorListSetItem nodes (of a loop body) known to append (controlflow._appends).
        self.appends: Set[str] = set()

    # ---------------------------------------------------------------- the walk

    def convert(
        self,
        rules: Dict[str, RuleFunction],
        rewrite: Callable[[List[Decoded], Callable[[Decoded], Optional[List[int]]]], List[Decoded]],
        unsupported: Callable[[List[Decoded]], List[Decoded]],
    ) -> Decoded:
        """The ONNX graph (a GraphProto dict) of the frozen graph, by *rules* (op -> rule), after *rewrite*;
        *unsupported* lists the op types of the nodes the rules do not cover."""
        # TF 1's while loops taken whole first (a frame is a cycle): each is one node, made a Loop by its own rule.
        try:
            nodes, in_frames = take_frames(self.frozen.nodes)
            nodes, in_conds = take_conds(nodes)  # then its conds, each one If
        except (IndexError, KeyError, TypeError, AttributeError) as exc:  # a damaged graph: too few inputs, no attr
            raise ConversionError(f"its TF 1 control flow is not what TensorFlow writes ({type(exc).__name__}: "
                                  f"{exc})") from None  # fmt: skip
        in_frames += in_conds
        self._rules, self._rewrite = rules, rewrite
        order = _topological(rewrite(nodes, self._constant_ints))
        # Every op is checked before anything is made, the bodies of loops and of the functions control flow runs too.
        missing = unsupported(order + in_frames + function_nodes(order, self.frozen.graph.functions))
        if missing:
            lines = "; ".join(f"{item['op']} ({item['count']} node{'s' if item['count'] > 1 else ''}, first "
                              f"{item['node']!r}{_why(item)})" for item in missing)  # fmt: skip
            raise ConversionError(f"the conversion does not cover {len(missing)} op type(s) of the graph: {lines}",
                                  missing)  # fmt: skip
        self._convert_nodes(order)
        outputs = []
        for name in self.frozen.outputs:
            value = self.values.get(name)
            if value is None:
                raise ConversionError(f"output {name!r}: its node gives no such output")
            outputs.append(self._graph_output(self.frozen.names.get(name, name), value))
        nodes, initializers = self._live(outputs)
        inputs = self.graph_inputs
        if self.inputs_given:  # in the order given, as the outputs are (the graph's puts a cut's later outputs last)
            given = {self.frozen.names.get(name, name): place for place, name in enumerate(self.frozen.inputs)}
            inputs = sorted(inputs, key=lambda item: given.get(item["name"], len(given)))
        return {
            "name": "tfcollections",
            "node": nodes,
            "initializer": initializers,
            "input": inputs,
            "output": outputs,
        }

    def _convert_nodes(self, order: List[Decoded]) -> None:
        """Each node (in an order where its inputs come first) converted by its op's rule, its outputs' values kept."""
        rules = self._rules
        for node in order:
            self.node = node
            rule = rules[node["op"]]
            try:
                inputs = [self._input(item) for item in _data_inputs(node)]
                if node["op"] not in TAKES_COMPLEX:
                    _no_complex(inputs)
                results = rule(self, node, inputs)
            except (DecodeError, ValueError) as exc:  # a ConversionError too: each says what, this says where
                raise ConversionError(f"node {node['name']!r} ({node['op']}): {exc}") from None
            except (IndexError, KeyError, TypeError, AttributeError, ArithmeticError, struct.error) as exc:
                # A node whose inputs or attrs are not what its op takes (too few inputs, a stride list too short,
                # an attr of another type): the graph is damaged, and the node is named.
                raise ConversionError(f"node {node['name']!r} ({node['op']}): its inputs or attrs are not what "
                                      f"{node['op']} takes ({type(exc).__name__}: {exc})") from None  # fmt: skip
            _check_output_types(node, results)
            for port, value in enumerate(results):
                if value is not None:
                    self.values[f"{node['name']}:{port}"] = value

    # ---------------------------------------------------------------- functions: control flow's bodies

    def function(self, name: str, arguments: List[Value], prefix: str) -> List[Optional[Value]]:
        """The results of the library function *name* called on *arguments*: its body (calls in it inlined) converted
        here, its nodes named under *prefix*."""
        functions = self.frozen.graph.functions
        function = functions.get(name)
        if function is None:
            raise ConversionError(f"it runs function {name!r}, which the graph's library does not have")
        names = [f"{prefix}/{arg['name']}" for arg in function["signature"]["input_arg"]]
        if len(names) != len(arguments):
            raise ConversionError(f"it gives function {name!r} {len(arguments)} input(s); the function takes "
                                  f"{len(names)}")  # fmt: skip
        for argument, value in zip(names, arguments):
            self.values[f"{argument}:0"] = value
        nodes = body_of(name, functions, names, prefix)
        self._convert_nodes(_topological(self._rewrite(nodes, self._constant_ints)))
        count = len(function["signature"]["output_arg"])
        return [self.values.get(f"{prefix}:{port}") for port in range(count)]

    def run_nodes(self, nodes: List[Decoded], bound: Dict[str, Value], wanted: List[str]) -> List[Value]:
        """The tensors *wanted* (TensorFlow names) of *nodes* (part of a TF 1 loop) converted here, with the values
        *bound* (``"node:port"`` -> value) standing for the tensors they read from outside them."""
        self.values.update(bound)
        self._convert_nodes(_topological(self._rewrite(nodes, self._constant_ints)))
        return [self._input(name) for name in wanted]

    def child(self) -> Converter:
        """A converter for a subgraph (a Loop's body, an If's branch): its own nodes and values; the initializers,
        the constants made once and the names used are the model's, so the subgraph sees the outer scope's."""
        sub = Converter(self.frozen, self.opset, {})
        sub.initializers, sub._constants, sub._used_names = self.initializers, self._constants, self._used_names
        sub._materialized = self._materialized
        sub._rules, sub._rewrite = self._rules, self._rewrite
        return sub

    def mark(self) -> Mark:
        """What the model's shared tables (initializers, constants made once, names used) hold now, for ``rewind``."""
        return dict(self.initializers), dict(self._constants), dict(self._used_names), len(self._materialized)

    def rewind(self, mark: Mark) -> None:
        """The shared tables as *mark* found them: what a subgraph converted since then and thrown away made is gone
        (a loop body converted again on shapes that hold at every step), and a constant value given an initializer
        since then (one of the scope outside, read in the body) is given one again when it is next read."""
        initializers, constants, used_names, materialized = mark
        for value in self._materialized[materialized:]:
            if value.onnx is not None and value.onnx not in initializers:
                value.onnx = None
            if value.nchw is not None and value.nchw not in initializers:
                value.nchw = None
        del self._materialized[materialized:]
        self.initializers.clear()
        self.initializers.update(initializers)
        self._constants.clear()
        self._constants.update(constants)
        self._used_names.clear()
        self._used_names.update(used_names)

    def subgraph(self, name: str, results: List[Value], inputs: List[Decoded]) -> Decoded:
        """This (child) converter's nodes as a GraphProto named *name*: *inputs* its inputs, *results* its outputs.
        A result one of its nodes makes is an output as it is; another (an input, a value of the outer scope, a
        result given twice) is given a name of its own by an Identity, as a subgraph's outputs must be its own
        values."""
        made_here = {output for node in self.nodes for output in node["output"]}
        outputs: List[Decoded] = []
        for index, value in enumerate(results):
            made = self.tf(value)
            if made not in made_here:
                if value.element is not None and self.opset < 14:
                    raise ConversionError(f"its TensorList {value.tf_name!r} (an ONNX sequence) leaves a subgraph "
                                          "through an Identity, which takes sequences from opset 14: convert at "
                                          "opset 14 or later")  # fmt: skip
                (made,) = self.emit("Identity", [made], [f"{name}/output_{index}"])
            made_here.discard(made)
            outputs.append(value_info(made, value.dtype, value.shape, symbolic=False, element=value.element))
        nodes = needed_nodes(self.nodes, {item["name"] for item in outputs})
        return {"name": name, "node": nodes, "input": inputs, "output": outputs}

    def _constant_ints(self, node: Decoded) -> Optional[List[int]]:
        """A small integer Const node's elements (the rewrite's block shapes and paddings), else None."""
        if node["op"] != "Const" or (node["attr"].get("dtype") or {}).get("type") not in ("DT_INT32", "DT_INT64"):
            return None
        tensor = self.frozen.graph.value_of(node)
        return flat(tensor.tolist()) if tensor.size <= SMALL_INTS else None

    def _input(self, name: str) -> Value:
        node, port = split_tensor_name(name)
        value = self.values.get(f"{node}:{port}")
        if value is None:
            raise ConversionError(f"its input {name!r} has no value "
                                  "(an output its producer's op does not give)")  # fmt: skip
        return value

    def _graph_output(self, name: str, value: Value) -> Decoded:
        """The graph's output *name* (a TensorFlow tensor name, or a signature's key), an Identity of *value* where
        its ONNX value has another name."""
        try:
            _no_complex([value], "output")
            # An output whose rank the graph leaves open is declared by its type alone, as ONNX's IR allows and
            # onnxruntime runs (onnx's checker asks the main graph's outputs for a shape, so it refuses the model).
            made = self.tf(value)
            if made != name:
                self.emit("Identity", [made], [name])
            return value_info(name, value.dtype, value.shape, symbolic=False)
        except DecodeError as exc:
            raise ConversionError(f"output {name!r}: {exc}") from None

    def _live(self, outputs: List[Decoded]) -> Tuple[List[Decoded], List[Decoded]]:
        """The nodes and initializers the outputs need, in the order they were made."""
        needed = {item["name"] for item in outputs}
        kept = needed_nodes(self.nodes, needed)
        return kept, [tensor for name, tensor in self.initializers.items() if name in needed]

    # ---------------------------------------------------------------- what rules use

    def fresh(self, hint: str) -> str:
        """A new ONNX value name, from the TensorFlow node being converted and *hint*."""
        base = f"{self.node.get('name', 'tfcollections')}/{hint}"
        count = self._used_names.get(base, 0)
        self._used_names[base] = count + 1
        return base if count == 0 else f"{base}_{count}"

    def emit(self, op_type: str, inputs: List[str], outputs: Union[int, List[str]] = 1, *, domain: str = "",
             **attrs: Any) -> List[str]:  # fmt: skip
        """An ONNX node: its outputs' names (new ones, or those given); *domain* other than ONNX's own (the model
        then imports it: ``onnx.DOMAINS``)."""
        names = [self.fresh(op_type) for _ in range(outputs)] if isinstance(outputs, int) else outputs
        node: Decoded = {
            "input": list(inputs),
            "output": names,
            "name": self.fresh(f"{op_type}_node"),
            "op_type": op_type,
            "attribute": [attribute(key, value) for key, value in sorted(attrs.items()) if value is not None],
        }
        if domain:
            node["domain"] = domain
        self.nodes.append(node)
        return names

    def result(self, port: int, dtype: str, shape: Shape, onnx: Optional[str] = None,
               nchw: Optional[str] = None) -> Value:  # fmt: skip
        """The Value of output *port* of the node being converted."""
        value = Value(f"{self.node['name']}:{port}", dtype, shape)
        value.onnx, value.nchw = onnx, nchw
        return value

    def constant_result(self, port: int, tensor: Tensor) -> Value:
        value = Value(f"{self.node['name']}:{port}", tensor.dtype, list(tensor.shape))
        value.const = tensor
        if tensor.dtype in ("DT_INT32", "DT_INT64") and tensor.size <= SMALL_INTS:
            value.partial = flat(tensor.tolist())
        return value

    def tf(self, value: Value) -> str:
        """The ONNX value holding *value* in TensorFlow's layout (made now if needed: an initializer for a
        constant, a Transpose from NCHW)."""
        if value.onnx is not None:
            return value.onnx
        if value.const is not None:
            value.onnx = self.initializer(value.const, value.tf_name)
            self._materialized.append(value)
        elif value.nchw is not None:
            value.onnx = self.emit("Transpose", [value.nchw], [value.tf_name], perm=list(TO_NHWC))[0]
        else:  # not reached: every rule gives a value one of the three
            raise ConversionError(f"value {value.tf_name!r} was never made")
        return value.onnx

    def nchw(self, value: Value) -> str:
        """The ONNX value holding a 4-D *value* in NCHW (a constant transposed now, else a Transpose)."""
        if value.nchw is not None:
            return value.nchw
        if value.rank != 4:
            raise ConversionError(f"{value.tf_name!r} needs rank 4 "
                                  f"to be laid out NCHW, and has {_rank_text(value)}{INPUTS_HINT}")  # fmt: skip
        if value.const is not None:
            value.nchw = self.initializer(transpose(value.const, TO_NCHW), f"{value.tf_name}/nchw")
            self._materialized.append(value)
        else:
            value.nchw = self.emit("Transpose", [self.tf(value)], [f"{value.tf_name}/nchw"], perm=list(TO_NCHW))[0]
        return value.nchw

    def op(self, op_type: str, *inputs: str, **attrs: Any) -> str:
        """An ONNX node of one output, that output's name: arithmetic of several nodes reads as formulas."""
        return self.emit(op_type, list(inputs), **attrs)[0]

    def initializer(self, tensor: Tensor, name: str) -> str:
        """An initializer holding *tensor*; the same small constant is made once."""
        key = (tensor.dtype, tensor.shape, tensor.tobytes()) if tensor.size <= SMALL_INTS else None
        if key is not None and key in self._constants:
            return self._constants[key]
        unique = name if name not in self.initializers else self.fresh("const")
        self.initializers[unique] = onnx_tensor(tensor, unique)
        if key is not None:
            self._constants[key] = unique
        return unique

    def ints(self, values: Sequence[int], dtype: str = "DT_INT64") -> str:
        """A 1-D integer constant (axes, shapes, pads, starts), once per content."""
        return self.initializer(ints_tensor(values, dtype), self.fresh("ints"))

    def scalar(self, number: Union[int, float], dtype: str) -> str:
        return self.initializer(scalar_tensor(number, dtype), self.fresh("scalar"))

    def add_graph_input(self, name: str, dtype: str, shape: Shape, *, batch: bool = True) -> None:
        # An input of an open rank is declared by its type alone, as an output of one is (ONNX's IR allows it; the
        # rules that need its rank refuse, naming --inputs). Its first unknown dim is "batch" where *batch* (a
        # placeholder's); a tensor cut from inside names it after itself (the values of a sparse feature).
        self.graph_inputs.append(value_info(name, dtype, shape, symbolic=True, batch=batch))


def _no_complex(values: Sequence[Value], what: str = "input") -> None:
    """Refuse a complex value where it is not read as the pairs of parts it is held as (complexops)."""
    for value in values:
        if value.dtype in PARTS:
            raise ConversionError(f"its {what} {value.tf_name!r} is {value.dtype}, which onnxruntime has no tensors "
                                  "of: the conversion holds it as pairs of parts, which only the complex ops read "
                                  "(take ComplexAbs, Real or Imag of it)")  # fmt: skip


def _why(item: Decoded) -> str:
    """What a missing op's entry says beyond its absence from the table (a later opset its row needs, control flow,
    what to do of a parsing op)."""
    why = item.get("why")
    return f": {why}" if why and why != "not in the table" else ""


def _rank_text(value: Value) -> str:
    return "an unknown rank" if value.rank is None else f"rank {value.rank}"


def needed_nodes(nodes: List[Decoded], needed: Set[str]) -> List[Decoded]:
    """The *nodes* the names in *needed* come from, in their order; *needed* gains every name they read, those their
    subgraphs read from the scope outside them too."""
    kept: List[Decoded] = []
    for node in reversed(nodes):
        if any(name in needed for name in node["output"]):
            kept.append(node)
            needed.update(name for name in node["input"] if name)
            for item in node["attribute"]:
                if item.get("type") == "GRAPH":
                    needed.update(outer_names(item["g"]))
    kept.reverse()
    return kept


def outer_names(graph: Decoded) -> Set[str]:
    """The names a subgraph reads that it does not make (its own inputs and nodes' outputs): the outer scope's."""
    made = {item["name"] for item in graph["input"]} | {item["name"] for item in graph.get("initializer", ())}
    read: Set[str] = set()
    for node in graph["node"]:
        read.update(name for name in node["input"] if name)
        for item in node["attribute"]:
            if item.get("type") == "GRAPH":
                read.update(outer_names(item["g"]))
        made.update(node["output"])
    return read - made


def _data_inputs(node: Decoded) -> List[str]:
    return [item for item in node["input"] if not item.startswith("^")]


# Dtypes a rule's value may carry for what its OpDef says otherwise (handles, lists, what the rule does not name).
_UNCHECKED_TYPES: Final = frozenset({None, "DT_INVALID", "DT_RESOURCE", "DT_VARIANT"})


def _check_output_types(node: Decoded, results: Sequence[Optional[Value]]) -> None:
    """Refuse a node whose type attrs disagree with what its inputs make: its OpDef's output dtypes, read with its
    attrs, against the dtypes its rule gave. TensorFlow refuses such a node when it builds the graph ("Input 0 of
    node ... was passed int32 ... incompatible with expected uint64"); written as it is, the model would declare an
    output of one type that its ONNX op computes in another, which onnx's checker refuses."""
    spec = output_spec(node["op"])
    if not spec:
        return
    args = output_args(spec, node["attr"])
    if args is None:
        return
    declared = [dtype for _, dtypes in args for dtype in dtypes]
    for port, (value, dtype) in enumerate(zip(results, declared)):
        if value is None or dtype in _UNCHECKED_TYPES or value.dtype in _UNCHECKED_TYPES or value.dtype == dtype:
            continue
        raise ConversionError(f"node {node['name']!r} ({node['op']}): its attrs make output {port} {dtype}, its "
                              f"inputs make it {value.dtype}; TensorFlow refuses such a node")  # fmt: skip


def _topological(nodes: List[Decoded]) -> List[Decoded]:
    """The nodes in an order where each comes after every node it reads (data or control), stable; a cycle is a
    ``ConversionError`` naming a node on it."""
    by_name = {node["name"]: node for node in nodes}
    waiting: Dict[str, int] = {}
    consumers: Dict[str, List[str]] = {}
    for node in nodes:
        sources = {split_tensor_name(item)[0] for item in node["input"]}
        sources &= by_name.keys()
        waiting[node["name"]] = len(sources)
        for source in sources:
            consumers.setdefault(source, []).append(node["name"])
    ready = [node["name"] for node in nodes if waiting[node["name"]] == 0]
    ready.reverse()
    order: List[Decoded] = []
    while ready:
        name = ready.pop()
        order.append(by_name[name])
        for consumer in consumers.get(name, ()):
            waiting[consumer] -= 1
            if waiting[consumer] == 0:
                ready.append(consumer)
    if len(order) < len(nodes):
        stuck = next(node for node in nodes if waiting[node["name"]] > 0)
        raise ConversionError(f"the graph has a cycle through node {stuck['name']!r} ({stuck['op']}): control flow "
                              "(while loops) is not converted")  # fmt: skip
    return order
