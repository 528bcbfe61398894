# SPDX-License-Identifier: Apache-2.0
"""``tfcollections export MODEL model.onnx`` and ``export MODEL frozen.pb``: a model converted or frozen.

Strategy: ``export``'s parser takes the options (``--inputs``, ``--outputs``, ``--opset``, ``--signature``,
``--checkpoint``) and hands an ONNX or GraphDef output here; the library does the work (``to_onnx``, ``freeze``)
and this prints what was written, read back from the bytes themselves (the ONNX model's nodes by op, its inputs
and outputs with their shapes; the frozen graph's ops), or ``--json``. A graph the conversion does not cover is
refused before anything is written: one line on stderr per op type it lacks (its count and first node), the way
the scan names findings, or the list in ``--json``; exit 1 (3 for a model that does not read). An OUT that exists
is replaced only with ``--force``.
"""

from __future__ import annotations

import json

from .._convert.values import ONNX_TYPES
from .._errors import DecodeError
from .cells import byte_size, dtype_text
from .spec import vocabulary_paths
from .status import ExitStatus, failure_status, reason

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, List, Optional, TextIO

    from .._typing import Decoded


def run_conversion(args: Any, kind: str, stdout: TextIO, stderr: TextIO, path: Callable[[str], str]) -> int:
    """Write *args.out* as *kind* (``"onnx"`` or ``"graphdef"``) from the model *args.source*."""
    from .. import freeze, to_onnx  # noqa: PLC0415 (only a conversion loads the converter)
    from .._convert.onnx import parse_input  # noqa: PLC0415 (as above)

    out = path(args.out)
    checkpoint = path(args.checkpoint) if args.checkpoint else None
    outputs = args.outputs or None
    vocabularies = vocabulary_paths(args.vocabulary, path)
    if isinstance(vocabularies, str):
        print(f"tfcollections export: usage error: {vocabularies}", file=stderr)
        return ExitStatus.USAGE
    try:
        if kind == "onnx":
            data = to_onnx(path(args.source), checkpoint, inputs=args.inputs or None, outputs=outputs,
                           opset=args.opset, signature=args.signature, path=out, force=args.force,
                           vocabularies=vocabularies)  # fmt: skip
            report = _onnx_report(data, args.out, args.source)
        else:
            inputs = [parse_input(name)[0] for name in args.inputs] or None  # a frozen graph keeps its shapes
            data = freeze(path(args.source), checkpoint, outputs=outputs, inputs=inputs, signature=args.signature,
                          path=out, force=args.force, vocabularies=vocabularies)  # fmt: skip
            report = _graph_report(data, args.out, args.source)
    except DecodeError as exc:
        unsupported = getattr(exc, "unsupported", None)
        if args.json:
            document = {"error": str(exc), "unsupported": unsupported or []}
            json.dump(document, stdout, indent=1)
            stdout.write("\n")
        if unsupported:
            for entry in unsupported:
                noun = "node" if entry["count"] == 1 else "nodes"
                print(f"tfcollections export: {args.source}: {entry['op']}: {entry['count']} {noun}, first "
                      f"{entry['node']!r}: {entry['why']}", file=stderr)  # fmt: skip
            print(f"tfcollections export: {args.out}: not written: the conversion does not cover "
                  f"{len(unsupported)} op type(s)", file=stderr)  # fmt: skip
        else:
            print(f"tfcollections export: {args.out}: not written: {exc}", file=stderr)
        return failure_status(exc, path(args.out))
    except (ValueError, TypeError, OSError) as exc:
        print(f"tfcollections export: {args.out}: not written: {reason(exc, args.out)}", file=stderr)
        return failure_status(exc, path(args.out))
    if args.json:
        json.dump(report, stdout, indent=1)
        stdout.write("\n")
        return 0
    stdout.write(_report_text(report))
    return 0


def _onnx_report(data: bytes, out: str, source: str) -> Decoded:
    from .. import decode_message  # noqa: PLC0415 (the written model read back)

    model: Decoded = dict(decode_message("onnx.ModelProto", data))
    graph: Decoded = dict(model["graph"] or {})
    ops: Dict[str, int] = {}
    for node in graph["node"]:
        ops[node["op_type"]] = ops.get(node["op_type"], 0) + 1
    return {
        "path": out,
        "format": "onnx",
        "opset": model["opset_import"][0]["version"] if model["opset_import"] else None,
        "bytes": len(data),
        "nodes": len(graph["node"]),
        "ops": dict(sorted(ops.items(), key=lambda item: (-item[1], item[0]))),
        "initializers": len(graph["initializer"]),
        "inputs": [_value(dict(item)) for item in graph["input"]],
        "outputs": [_value(dict(item)) for item in graph["output"]],
        # Inputs and outputs declared by their type alone: the graph leaves their rank open (onnx's checker asks
        # for a shape).
        "open_rank": [item["name"] for item in [*graph["input"], *graph["output"]] if _open_rank(dict(item))],
        # How the outputs were chosen (the model's description says: a signature, a collection, the graph's ends),
        # and the inputs where the conversion chose them (an input pipeline cut).
        "outputs_chosen_by": _described(model, "outputs"),
        "inputs_chosen_by": _described(model, "inputs"),
        # The vocabulary files given that fill tables (--vocabulary), as the model's description names them.
        "vocabularies": _described(model, "vocabularies"),
        # The variable updates the outputs ran and no output reads, left out (a batch norm's moving averages).
        "updates": _described(model, "updates"),
        "source": source,
    }


def _described(model: Decoded, what: str) -> Optional[str]:
    """The line ``WHAT: ...`` of the model's description (how the conversion chose its outputs or inputs)."""
    for line in str(model.get("doc_string") or "").splitlines():
        if line.startswith(f"{what}: "):
            return line[len(what) + 2 :]
    return None


def _open_rank(info: Decoded) -> bool:
    tensor = (info["type"] or {}).get("tensor_type")
    return tensor is not None and tensor.get("shape") is None


def _value(info: Decoded) -> Decoded:
    tensor = (info["type"] or {}).get("tensor_type") or {}
    shape = tensor.get("shape")
    dims: Any = None
    if shape is not None:
        dims = [dim["dim_value"] if dim["dim_value"] is not None else dim["dim_param"] or None for dim in shape["dim"]]
    # ONNX's element type as its TensorFlow dtype is shown (float32, int64, ...).
    dtypes = {number: dtype for dtype, number in ONNX_TYPES.items()}
    return {"name": info["name"], "dtype": dtype_text(dtypes.get(tensor.get("elem_type") or 0)), "shape": dims}


def _graph_report(data: bytes, out: str, source: str) -> Decoded:
    from .. import loads  # noqa: PLC0415 (the written graph read back)

    graph = loads(data, graph=True)["meta_graphs"][0]["graph"]
    return {
        "path": out,
        "format": "graphdef",
        "bytes": len(data),
        "nodes": sum(graph["ops"].values()),
        "ops": dict(sorted(graph["ops"].items(), key=lambda item: (-item[1], item[0]))),
        "inputs": [
            {"name": f"{item['name']}:0", "dtype": dtype_text(item["dtype"]), "shape": item["shape"]}
            for item in graph["inputs"]
        ],
        "outputs": [{"name": f"{item['name']}:0", "op": item["op"]} for item in graph["outputs"]],
        "source": source,
    }


def _report_text(report: Decoded) -> str:
    what = f"ONNX, opset {report['opset']}" if report["format"] == "onnx" else "frozen GraphDef"
    ops = ", ".join(f"{op} {count}" for op, count in list(report["ops"].items())[:8])
    more = ", ..." if len(report["ops"]) > 8 else ""
    nodes = f"{report['nodes']} node{'' if report['nodes'] == 1 else 's'}"
    lines = [f"{report['path']}: {what}, {nodes} ({ops}{more}), {byte_size(report['bytes'])}, "
             f"from {report['source']}"]  # fmt: skip
    for label in ("inputs", "outputs"):
        items: List[Decoded] = report[label]
        shown = ", ".join(_tensor_text(item) for item in items)
        lines.append(f"  {label}: {shown or 'none'}")
    if report.get("open_rank"):  # a model onnxruntime runs and onnx's checker refuses: said where it is made
        lines.append(f"  open rank: {', '.join(report['open_rank'])} (the graph leaves it open: declared by its type "
                     "alone, which onnxruntime runs and onnx's checker refuses)")  # fmt: skip
    if report.get("inputs_chosen_by"):  # the graph cut where the user did not say: said, with how to say otherwise
        lines.append(f"  inputs chosen by: {report['inputs_chosen_by']}; --inputs NAME chooses others")
    if report.get("vocabularies"):  # what was read from files outside the model, by the user's leave
        lines.append(f"  vocabularies: {report['vocabularies']}")
    if report.get("updates"):  # what the TensorFlow function ran that the model does not
        lines.append(f"  updates: {report['updates']}")
    chosen = report.get("outputs_chosen_by")
    if chosen and chosen != "as given":  # what was chosen for the user, and how to choose otherwise
        lines.append(f"  outputs chosen by: {chosen}; --outputs NAME chooses others")
    return "\n".join(lines) + "\n"


def _tensor_text(item: Decoded) -> str:
    shape = item.get("shape")
    dims = "" if shape is None else "[" + ",".join("?" if d is None or d == -1 else str(d) for d in shape) + "]"
    kind = item.get("dtype") or item.get("op") or ""
    return f"{item['name']} {kind}{dims}".strip()
