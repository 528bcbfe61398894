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
that calls itself (directly or not) refused. What a frozen graph then holds is plain ops: its variables are the
graph's handles, read by ``ReadVariableOp`` nodes that freezing makes constants.
"""

from __future__ import annotations

from .._errors import DecodeError
from .._graph.optypes import output_args, output_spec, signature_spec
from .graphdef import new_node, split_tensor_name, types_attr

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
    lacks, a function that calls itself, a call whose inputs disagree with the function's arguments, or a body that
    refers to what it does not have."""
    by_name = {node["name"]: node for node in nodes}
    reached: Set[str] = set()
    pending = [name for name in wanted if name in by_name]
    while pending:
        name = pending.pop()
        if name in reached:
            continue
        reached.add(name)
        pending += [split_tensor_name(item)[0] for item in by_name[name]["input"]]
    out: List[Decoded] = []
    for node in nodes:
        if node["name"] in reached and is_call(node, functions):
            out += _inlined(node, functions, ())
        else:
            out.append(node)
    return out


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


def _inlined(call: Decoded, functions: Dict[str, Decoded], stack: Tuple[str, ...]) -> List[Decoded]:
    """The nodes that replace *call*: its function's body under the call's name, then an ``IdentityN`` of its results
    named as the call; *stack* the functions being inlined around it."""
    function_name, function = _function_of(call, functions)
    if function_name in stack:
        chain = " -> ".join((*stack[stack.index(function_name) :], function_name))
        raise DecodeError(f"function {function_name!r} calls itself ({chain}): a recursive function is not inlined")
    prefix = call["name"]
    where = f"node {prefix!r} calling {function_name!r}"
    signature = function["signature"]
    args = signature["input_arg"]
    given = [item for item in call["input"] if not item.startswith("^")]
    controls = [item for item in call["input"] if item.startswith("^")]
    if len(given) != len(args):
        raise DecodeError(f"{where}: the call gives {len(given)} input(s), the function takes {len(args)}")
    for arg in [*args, *signature["output_arg"]]:
        if arg["number_attr"] or arg["type_list_attr"]:
            raise DecodeError(f"{where}: argument {arg['name']!r} is a list of tensors, which is not inlined")
    arguments: Dict[str, str] = {arg["name"]: tensor for arg, tensor in zip(args, given)}
    body = {node["name"]: node for node in function["node_def"]}

    def tensor(reference: str) -> str:
        """A body's reference to a tensor (``arg``, ``node:out_arg:i``, ``^node``) in the graph's terms."""
        if reference.startswith("^"):
            target = reference[1:]
            if target in arguments:
                return "^" + split_tensor_name(arguments[target])[0]
            if target not in body:
                raise DecodeError(f"{where}: a control input {reference!r} names no node of the function")
            return f"^{prefix}/{target}"
        parts = reference.split(":")
        if len(parts) == 1 and reference in arguments:
            return arguments[reference]
        node_name = parts[0]
        node = body.get(node_name)
        if node is None or len(parts) not in (1, 3) or (len(parts) == 3 and not parts[2].isdigit()):
            raise DecodeError(f"{where}: the function refers to {reference!r}, which is no argument and no output "
                              "of its nodes")  # fmt: skip
        port = 0 if len(parts) == 1 else _port(node, parts[1], int(parts[2]), functions, where)
        return f"{prefix}/{node_name}" if port == 0 else f"{prefix}/{node_name}:{port}"

    made: List[Decoded] = []
    inner = (*stack, function_name)
    for node in function["node_def"]:
        for key, value in node["attr"].items():
            if value.get("placeholder"):
                raise DecodeError(f"{where}: node {node['name']!r} takes attr {key!r} from the function's attr "
                                  f"{value['placeholder']!r}, which inlining does not fill in")  # fmt: skip
        copy = dict(node)
        copy["name"] = f"{prefix}/{node['name']}"
        copy["input"] = [tensor(item) for item in node["input"]]
        if controls and not copy["input"]:  # what runs after the call's control inputs: every node that waits on none
            copy["input"] = list(controls)
        copy["device"] = node["device"] or call["device"]
        made += _inlined(copy, functions, inner) if is_call(copy, functions) else [copy]
    results = []
    for arg in signature["output_arg"]:
        reference = function["ret"].get(arg["name"])
        if reference is None:
            raise DecodeError(f"{where}: the function returns nothing for its result {arg['name']!r}")
        results.append(tensor(reference))
    control_results = [tensor("^" + name) for _, name in sorted(function["control_ret"].items())]
    if not results:
        made.append(new_node(prefix, "NoOp", [*control_results, *controls], {}, call["device"]))
        return made
    types = (
        call["attr"]["Tout"] if call["op"] in CALL_OPS and "Tout" in call["attr"] else _result_types(signature, where)
    )
    made.append(new_node(prefix, "IdentityN", [*results, *control_results], {"T": types}, call["device"]))
    return made


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
    return _inlined(call, functions, ())


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
