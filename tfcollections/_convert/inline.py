# SPDX-License-Identifier: Apache-2.0
"""Function calls inlined: a TF 2 graph's ``PartitionedCall``/``StatefulPartitionedCall`` nodes (and nodes whose op
is a library function) replaced by the bodies of the functions they call, as TensorFlow's function inliner does.

Strategy: a TF 2 SavedModel's signature is a call node in the graph (``StatefulPartitionedCall``), its inputs the
signature's placeholders followed by the handles of the variables the function captures (the graph's
``VarHandleOp`` nodes); the function's body calls other functions, down to the layers' ops. Each call the wanted
nodes reach is replaced by a copy of its function's body, each node named under the call (``call/node``, as
TensorFlow names inlined nodes) and its inputs said in the graph's terms: a function's argument becomes the tensor
the call was given for it, a body reference ``node:out_arg:i`` becomes ``call/node:k`` (k counted from the node's
output arguments by its OpDef, ``optypes``), a control input stays one. The call's own name is kept by an
``IdentityN`` of the function's results (with control inputs on its control results), so ``call:0`` still names
its first result and nothing that reads the call changes. Calls inside a body are inlined the same way, a function
that calls itself (directly or not) refused. The nodes inlining would make are counted first, per function over
the call graph, and calls that would make more than a bound in proportion to the file are refused before any is
made; the bodies are then walked with an explicit stack, so calls nested thousands deep need no recursion. What
a frozen graph then holds is plain ops: its variables are the graph's handles, read by ``ReadVariableOp`` nodes
that freezing makes constants.
"""

from __future__ import annotations

from .._errors import DecodeError
from .._graph.graphdef import new_node, split_tensor_name, types_attr
from .._graph.optypes import output_args, output_spec, signature_spec

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Dict, Final, List, Set, Tuple

    from .._typing import Decoded

CALL_OPS: Final = frozenset({"PartitionedCall", "StatefulPartitionedCall"})


def is_call(node: Decoded, functions: Dict[str, Decoded]) -> bool:
    """Whether *node* calls a library function: a call op, or an op that is a function's name."""
    return node["op"] in CALL_OPS or node["op"] in functions


def inline_calls(nodes: List[Decoded], functions: Dict[str, Decoded], wanted: Set[str]) -> List[Decoded]:
    """*nodes* with each call the nodes named in *wanted* reach (through data and control inputs) replaced by the
    called function's body, nested calls too; the other nodes as they are, in their order (a body where its call
    was). *functions* are the graph's library, by name. Raises ``DecodeError`` for a call of a function the library
    lacks, a function that calls itself, a call whose inputs disagree with the function's arguments, a body that
    refers to what it does not have, or calls that would inline to more nodes than ``inlining_limit`` allows."""
    by_name = {node["name"]: node for node in nodes}
    reached: Set[str] = set()
    pending = [name for name in wanted if name in by_name]
    while pending:
        name = pending.pop()
        if name in reached:
            continue
        reached.add(name)
        node = by_name[name]
        pending += [split_tensor_name(item)[0] for item in node["input"] if split_tensor_name(item)[0] in by_name]
    calls = [node for node in nodes if node["name"] in reached and is_call(node, functions)]
    _check_size(calls, functions, len(nodes))
    out: List[Decoded] = []
    for node in nodes:
        if node["name"] in reached and is_call(node, functions):
            _inline_into(out, node, functions)
        else:
            out.append(node)
    return out


def inlining_limit(graph_nodes: int, functions: Dict[str, Decoded]) -> int:
    """The most nodes inlining may make for a graph of *graph_nodes* nodes and the library *functions*: a fixed
    allowance and 20 for every node of the file. A model's functions are each called a few times at most, far
    below it; a few bytes of functions that call each other twice, 30 deep, would make 2^30. Their names may take
    ``_NAME_BYTES`` bytes a node on average (calls nested deep make long names: ``call/c/c/c/...``)."""
    return 100_000 + 20 * (graph_nodes + sum(len(function["node_def"]) for function in functions.values()))


# The name bytes a node inlining makes may take on average, within ``inlining_limit``.
_NAME_BYTES: Final = 256


def _check_size(calls: List[Decoded], functions: Dict[str, Decoded], graph_nodes: int) -> None:
    """Refuse *calls* whose inlining would make more nodes than ``inlining_limit``, or names longer than it allows,
    or that recurse, before any is inlined. Each function's size is counted once over the call graph, without
    recursion."""
    sizes: Dict[str, Tuple[int, int]] = {}
    limit = inlining_limit(graph_nodes, functions)
    nodes = name_bytes = 0
    for call in calls:
        name, _ = _function_of(call, functions)
        count, below = _inlined_size(name, functions, sizes, limit)
        nodes += count
        name_bytes += count * len(call["name"]) + below
        if nodes > limit or name_bytes > limit * _NAME_BYTES:
            raise DecodeError(f"inlining the graph's function calls would make more than {limit:,} nodes or "
                              f"{limit * _NAME_BYTES:,} bytes of names (calls that call others many times over, or "
                              "nested deep): refused before any is made")  # fmt: skip


def _inlined_size(
    root: str, functions: Dict[str, Decoded], sizes: Dict[str, Tuple[int, int]], limit: int
) -> Tuple[int, int]:
    """The nodes a call of function *root* inlines to (its body's, its calls' bodies', one ``IdentityN``) and the
    bytes of their names below the call's own name, counted depth first with an explicit stack; *sizes* keeps each
    function's. Counts past the limits are cut there."""
    # Entries are (function, expanded): the expanded ones, in stack order, are the path of calls being counted.
    stack: List[Tuple[str, bool]] = [(root, False)]
    on_path: Set[str] = set()
    while stack:
        name, expanded = stack.pop()
        if name in sizes:
            continue
        function = functions[name]
        called = [(node["name"], _function_of(node, functions)[0]) for node in function["node_def"]
                  if is_call(node, functions)]  # fmt: skip
        if not expanded:
            on_path.add(name)
            stack.append((name, True))
            for _, callee in called:
                if callee in on_path:
                    path = [entry for entry, open_ in stack if open_]
                    loop = " -> ".join((*path[path.index(callee) :], callee))
                    raise DecodeError(f"function {callee!r} calls itself ({loop}): a recursive function is not "
                                      "inlined")  # fmt: skip
                if callee not in sizes:
                    stack.append((callee, False))
            continue
        on_path.discard(name)
        plain = [node["name"] for node in function["node_def"] if not is_call(node, functions)]
        count = 1 + len(plain) + sum(sizes[callee][0] for _, callee in called)
        below = sum(1 + len(node) for node in plain)
        below += sum(sizes[callee][0] * (1 + len(node)) + sizes[callee][1] for node, callee in called)
        sizes[name] = (min(count, limit + 1), min(below, (limit + 1) * _NAME_BYTES))
    return sizes[root]


def _function_of(call: Decoded, functions: Dict[str, Decoded]) -> Tuple[str, Decoded]:
    if call["op"] in CALL_OPS:
        value = call["attr"].get("f")
        name = value["func"]["name"] if value is not None and value["func"] is not None else ""
    else:
        name = call["op"]
    function = functions.get(name)
    if function is None:
        raise DecodeError(f"node {call['name']!r} ({call['op']}) calls function {name!r}, which the graph's library "
                          "does not have")  # fmt: skip
    return name, function


class _Frame:
    """One call being inlined: its function's body walked node by node (``position``), its references in the
    graph's terms (``tensor``), and what ends it (the ``IdentityN`` named as the call)."""

    __slots__ = ("arguments", "body", "call", "controls", "function", "function_name", "position", "prefix", "where")

    def __init__(self, call: Decoded, functions: Dict[str, Decoded], active: Set[str]) -> None:
        self.function_name, self.function = _function_of(call, functions)
        if self.function_name in active:
            raise DecodeError(f"function {self.function_name!r} calls itself: a recursive function is not inlined")
        self.call = call
        self.prefix = prefix = call["name"]
        self.where = where = f"node {prefix!r} calling {self.function_name!r}"
        signature = self.function["signature"]
        args = signature["input_arg"]
        given = [item for item in call["input"] if not item.startswith("^")]
        self.controls = [item for item in call["input"] if item.startswith("^")]
        if len(given) != len(args):
            raise DecodeError(f"{where}: the call gives {len(given)} input(s), the function takes {len(args)}")
        for arg in [*args, *signature["output_arg"]]:
            if arg["number_attr"] or arg["type_list_attr"]:
                raise DecodeError(f"{where}: argument {arg['name']!r} is a list of tensors, which is not inlined")
        self.arguments: Dict[str, str] = {arg["name"]: tensor for arg, tensor in zip(args, given)}
        self.body = {node["name"]: node for node in self.function["node_def"]}
        self.position = 0

    def tensor(self, reference: str, functions: Dict[str, Decoded]) -> str:
        """A body's reference to a tensor (``arg``, ``node:out_arg:i``, ``^node``) in the graph's terms."""
        prefix, where = self.prefix, self.where
        if reference.startswith("^"):
            target = reference[1:]
            if target in self.arguments:
                return "^" + split_tensor_name(self.arguments[target])[0]
            if target not in self.body:
                raise DecodeError(f"{where}: a control input {reference!r} names no node of the function")
            return f"^{prefix}/{target}"
        parts = reference.split(":")
        if len(parts) == 1 and reference in self.arguments:
            return self.arguments[reference]
        node_name = parts[0]
        node = self.body.get(node_name)
        if node is None or len(parts) not in (1, 3) or (len(parts) == 3 and not parts[2].isdigit()):
            raise DecodeError(f"{where}: the function refers to {reference!r}, which is no argument and no output "
                              "of its nodes")  # fmt: skip
        port = 0 if len(parts) == 1 else _port(node, parts[1], int(parts[2]), functions, where)
        return f"{prefix}/{node_name}" if port == 0 else f"{prefix}/{node_name}:{port}"

    def copy(self, node: Decoded, functions: Dict[str, Decoded]) -> Decoded:
        """A node of the body, named under the call, its inputs in the graph's terms."""
        for key, value in node["attr"].items():
            if value.get("placeholder"):
                raise DecodeError(f"{self.where}: node {node['name']!r} takes attr {key!r} from the function's attr "
                                  f"{value['placeholder']!r}, which inlining does not fill in")  # fmt: skip
        copy = dict(node)
        copy["name"] = f"{self.prefix}/{node['name']}"
        copy["input"] = [self.tensor(item, functions) for item in node["input"]]
        if self.controls and not copy["input"]:  # what runs after the call's control inputs: each that waits on none
            copy["input"] = list(self.controls)
        copy["device"] = node["device"] or self.call["device"]
        return copy

    def end(self, functions: Dict[str, Decoded]) -> Decoded:
        """The node named as the call: an ``IdentityN`` of the function's results, or a ``NoOp`` without any."""
        signature, call = self.function["signature"], self.call
        results = []
        for arg in signature["output_arg"]:
            reference = self.function["ret"].get(arg["name"])
            if reference is None:
                raise DecodeError(f"{self.where}: the function returns nothing for its result {arg['name']!r}")
            results.append(self.tensor(reference, functions))
        control_results = [
            self.tensor("^" + name, functions) for _, name in sorted(self.function["control_ret"].items())
        ]
        if not results:
            return new_node(self.prefix, "NoOp", [*control_results, *self.controls], {}, call["device"])
        types = (
            call["attr"]["Tout"]
            if call["op"] in CALL_OPS and "Tout" in call["attr"]
            else _result_types(signature, self.where)
        )
        return new_node(self.prefix, "IdentityN", [*results, *control_results], {"T": types}, call["device"])


def _inline_into(out: List[Decoded], call: Decoded, functions: Dict[str, Decoded]) -> None:
    """Append to *out* the nodes that replace *call*: its function's body under the call's name, a nested call's
    body where that call was, then the ``IdentityN`` of its results named as the call. Depth first with an
    explicit stack of frames, so that calls nested thousands deep need no Python recursion."""
    active: Set[str] = set()
    frames = [_Frame(call, functions, active)]
    active.add(frames[0].function_name)
    while frames:
        frame = frames[-1]
        nodes = frame.function["node_def"]
        if frame.position == len(nodes):
            out.append(frame.end(functions))
            active.discard(frame.function_name)
            frames.pop()
            continue
        node = frame.copy(nodes[frame.position], functions)
        frame.position += 1
        if is_call(node, functions):
            inner = _Frame(node, functions, active)
            active.add(inner.function_name)
            frames.append(inner)
        else:
            out.append(node)


def _port(node: Decoded, output: str, index: int, functions: Dict[str, Decoded], where: str) -> int:
    """Which output of *node* (counted over all its outputs) is its output argument *output*'s *index*-th tensor."""
    if node["op"] in CALL_OPS:
        spec = "output:[Tout]"
    elif node["op"] in functions:
        spec = signature_spec(functions[node["op"]]["signature"])
    else:
        found = output_spec(node["op"])
        if found is None:
            raise DecodeError(f"{where}: node {node['name']!r} is op {node['op']!r}, which TensorFlow does not "
                              "register: its outputs are not known")  # fmt: skip
        spec = found
    args = output_args(spec, node["attr"])
    if args is None:
        raise DecodeError(
            f"{where}: node {node['name']!r} ({node['op']}): its attrs do not say how many outputs it has"
        )
    port = 0
    for name, dtypes in args:
        if name == output:
            if index >= len(dtypes):
                break
            return port + index
        port += len(dtypes)
    raise DecodeError(f"{where}: node {node['name']!r} ({node['op']}) has no output {output}:{index}")


def _result_types(signature: Decoded, where: str) -> Decoded:
    """The dtypes of a function's results, as its signature says them (a call by the function's name)."""
    dtypes = [arg["type"] for arg in signature["output_arg"]]
    if not all(isinstance(dtype, str) and dtype != "DT_INVALID" for dtype in dtypes):
        raise DecodeError(f"{where}: the function's results take their types from its attrs (a polymorphic "
                          "function), which inlining does not fill in")  # fmt: skip
    return types_attr(dtypes)


def body_of(name: str, functions: Dict[str, Decoded], arguments: List[str], prefix: str) -> List[Decoded]:
    """The body of the function *name* called on the tensors *arguments*, inlined under *prefix* (its calls too),
    ending in the ``IdentityN`` named *prefix* whose outputs are its results (a control-flow op's cond, body or
    branch, converted where the op runs it)."""
    function = functions[name]
    results = [arg["type"] if isinstance(arg["type"], str) else "DT_INVALID"
               for arg in function["signature"]["output_arg"]]  # fmt: skip
    func: Decoded = {"name": name, "attr": {}}
    call = new_node(prefix, "PartitionedCall", arguments, {"f": {"func": func}, "Tout": types_attr(results)})
    _check_size([call], functions, 0)
    made: List[Decoded] = []
    _inline_into(made, call, functions)
    return made


def function_nodes(nodes: List[Decoded], functions: Dict[str, Decoded]) -> List[Decoded]:
    """The nodes of every function that *nodes* run through a function-valued attr (a While's cond and body, an If's
    branches), and of the functions those run, each once, named ``function/node``; the calls among them (inlined
    where they run) left out."""
    found: List[Decoded] = []
    seen: Set[str] = set()
    pending = [name for node in nodes for name in _functions_named(node) if node["op"] not in CALL_OPS]
    while pending:
        name = pending.pop()
        if name in seen or name not in functions:
            continue
        seen.add(name)
        for node in functions[name]["node_def"]:
            pending += _functions_named(node)
            if not is_call(node, functions):
                found.append({**node, "name": f"{name}/{node['name']}"})
    return found


def functions_run(nodes: List[Decoded], functions: Dict[str, Decoded]) -> Set[str]:
    """The library functions *nodes* run through their attrs, and those these run, by name."""
    found: Set[str] = set()
    pending = [name for node in nodes for name in _functions_named(node)]
    while pending:
        name = pending.pop()
        if name in found or name not in functions:
            continue
        found.add(name)
        pending += [inner for node in functions[name]["node_def"] for inner in _functions_named(node)]
    return found


def _functions_named(node: Decoded) -> List[str]:
    """The functions a node's attrs name (``f``, ``body``, ``then_branch``, a list of them)."""
    names = []
    for value in node["attr"].values():
        if value.get("func") is not None:
            names.append(value["func"]["name"])
        listed = value.get("list")
        if listed is not None:
            names += [item["name"] for item in listed.get("func") or ()]
    return names
