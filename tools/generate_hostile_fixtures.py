# SPDX-License-Identifier: Apache-2.0
"""Write the reproducers of issue 51's findings to tests/data/hostile/, with the outcome each must have
(manifest.json): replayed first by ``python -m tools.fuzz`` and by tests/test_fuzz_slice.py.

    python -m tools.generate_hostile_fixtures

Each file is made by hand from the formats' field numbers (the tests' own frame and varint writers), not by the code
under test, and kept small: a compressed bomb of 64 MB of zeros, not 3 GB; a chain of 1,500 calls.
"""

from __future__ import annotations

import argparse
import json
import struct
import zlib
from pathlib import Path
from typing import Any, Dict, List

from tests.helpers import field, masked_crc32c, tfrecord_frame, varint

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "hostile"
FLOAT = b"\x08\x01"  # DataType DT_FLOAT (1), as an enum field's varint


def _attr(key: bytes, value: bytes) -> bytes:
    """A NodeDef's attr map entry (field 5): key (1), AttrValue (2)."""
    return field(5, field(1, key) + field(2, value))


def _type_attr(key: bytes) -> bytes:
    return _attr(key, b"\x30\x01")  # AttrValue.type (6) = DT_FLOAT


def _shape(*dims: int) -> bytes:
    return b"".join(field(2, b"\x08" + varint(dim)) for dim in dims)  # TensorShapeProto.dim (2) {size (1)}


def node_def(name: str, op: str, inputs: List[str], attrs: bytes = b"") -> bytes:
    """A NodeDef: name (1), op (2), input (3), attr (5)."""
    return field(1, name.encode()) + field(2, op.encode()) + b"".join(field(3, i.encode()) for i in inputs) + attrs


def node(name: str, op: str, inputs: List[str], attrs: bytes = b"") -> bytes:
    return field(1, node_def(name, op, inputs, attrs))  # GraphDef.node (1)


def placeholder(name: str, *dims: int) -> bytes:
    return node(name, "Placeholder", [], _type_attr(b"dtype") + _attr(b"shape", field(7, _shape(*dims))))


def const(name: str, dims: List[int], values: bytes) -> bytes:
    tensor = FLOAT + field(2, _shape(*dims)) + field(5, values)  # TensorProto: dtype, tensor_shape, float_val
    return node(name, "Const", [], _type_attr(b"dtype") + _attr(b"value", field(8, tensor)))


def graph(*nodes: bytes, library: bytes = b"") -> bytes:
    return b"".join(nodes) + (field(2, library) if library else b"") + field(4, b"\x08\xa4\x0d")  # producer 1700


def _call(name: str, inputs: List[str], function: str) -> bytes:
    """A PartitionedCall's NodeDef: f, Tin and Tout (one float each)."""
    floats = field(1, b"\x30\x01")  # AttrValue.list (1) {type (6): DT_FLOAT}
    func = field(10, field(1, function.encode()))  # AttrValue.func (10) {name (1)}
    return node_def(name, "PartitionedCall", inputs, _attr(b"f", func) + _attr(b"Tin", floats) + _attr(b"Tout", floats))


def _function(name: str, body: List[bytes], result: str) -> bytes:
    """A FunctionDef of one float argument x and one float result y: signature (1), node_def (3), ret (4)."""
    arg = lambda arg_name: field(1, arg_name.encode()) + b"\x18\x01"  # ArgDef name (1), type (3)  # noqa: E731
    signature = field(1, name.encode()) + field(2, arg("x")) + field(3, arg("y"))  # OpDef name, input_arg, output_arg
    ret = field(4, field(1, b"y") + field(2, result.encode()))
    return field(
        1, field(1, signature) + b"".join(field(3, item) for item in body) + ret
    )  # FunctionDefLibrary.function


def calls(depth: int, twice: bool) -> bytes:
    """A placeholder, a call of f0, and f0..f<depth>, each calling the next (twice over, with *twice*)."""
    functions = []
    for index in range(depth + 1):
        if index == depth:
            body, result = [node_def("r", "Relu", ["x"], _type_attr(b"T"))], "r:activations:0"
        elif twice:
            body = [_call("a", ["x"], f"f{index + 1}"), _call("b", ["a:output:0"], f"f{index + 1}")]
            result = "b:output:0"
        else:
            body, result = [_call("c", ["x"], f"f{index + 1}")], "c:output:0"
        functions.append(_function(f"f{index}", body, result))
    return graph(placeholder("x", 2), field(1, _call("call", ["x"], "f0")),
                 node("y", "Identity", ["call"], _type_attr(b"T")), library=b"".join(functions))  # fmt: skip


def gzip_bomb(zeros: int) -> bytes:
    """A GZIP TFRecord whose one record claims 2^63 bytes, followed by *zeros* zero bytes."""
    header = struct.pack("<Q", 2**63)
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    parts = [packer.compress(header + struct.pack("<I", masked_crc32c(header)))]
    block = bytes(1 << 20)
    parts += [packer.compress(block) for _ in range(zeros >> 20)]
    return b"".join(parts) + packer.flush()


def splat_event(elements: int) -> bytes:
    """An event file: the version event, then one histogram whose tensor claims *elements* floats of one value."""
    version = struct.pack("<d", 1.0).join([b"\x09", b""]) + field(3, b"brain.Event:2")  # wall_time (1), file_version
    tensor = FLOAT + field(2, _shape(elements)) + field(5, struct.pack("<f", 1.5))
    metadata = field(1, field(1, b"histograms"))  # SummaryMetadata.plugin_data (1) {plugin_name (1)}
    value = field(1, field(1, b"big") + field(9, metadata) + field(8, tensor))  # Summary.value {tag, metadata, tensor}
    event = b"\x09" + struct.pack("<d", 2.0) + b"\x10\x01" + field(5, value)  # wall_time, step (2), summary (5)
    return tfrecord_frame(version) + tfrecord_frame(event)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    relu = lambda name, source: node(name, "Relu", [source], _type_attr(b"T"))  # noqa: E731
    matmul = lambda name, a, b: node(name, "MatMul", [a, b], _type_attr(b"T"))  # noqa: E731
    # An int32 scalar 0: TensorProto dtype DT_INT32 (3), an empty shape, int_val [0] (7, packed).
    value = field(8, b"\x08\x03" + field(2, b"") + field(7, b"\x00"))
    axis_zero = node("axis", "Const", [], _attr(b"dtype", b"\x30\x03") + _attr(b"value", value))
    files: Dict[str, bytes] = {
        "duplicate_names.pb": graph(placeholder("x", 2, 3), relu("y", "x"), relu("y", "x")),
        "matmul_shapes.pb": graph(
            placeholder("x", 2, 3), const("w", [4, 5], struct.pack("<f", 0.5)), matmul("y", "x", "w")
        ),
        "concat_ranks.pb": graph(
            placeholder("a", 1, 2, 3, 4),
            placeholder("b", 2, 3, 4),
            axis_zero,
            node("y", "ConcatV2", ["a", "b", "axis"], _type_attr(b"T") + _attr(b"N", b"\x18\x02")),
        ),
        "splat_const.pb": graph(const("c", [10**12], struct.pack("<f", 1.5)), relu("y", "c")),
        "calls_chain.pb": calls(1500, twice=False),
        "calls_doubling.pb": calls(40, twice=True),
        "gzip_bomb.tfrecord": gzip_bomb(64 << 20),
        "logs/run/events.out.tfevents.1.splat": splat_event(10**12),
    }
    for name, data in files.items():
        path = OUT / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)

    def converted(name: str, file: str, action: str, expect: str) -> Dict[str, Any]:
        return {"name": name, "target": "convert", "action": action, "files": {"graph.pb": f"hostile/{file}"},
                "args": {"outputs": ["y"]}, "expect": expect}  # fmt: skip

    def read(name: str, target: str, action: str, file: str, expect: str) -> Dict[str, Any]:
        args = {"file": file} if target == "records" else {}
        return {"name": name, "target": target, "action": action, "files": [file], "args": args, "expect": expect}

    events = "logs/run/events.out.tfevents.1.splat"
    cases: List[Dict[str, Any]] = [
        converted("duplicate-names", "duplicate_names.pb", "to_onnx",
                  "refused: DecodeError: node name 'y' is given to more than one"),
        converted("matmul-shapes", "matmul_shapes.pb", "to_onnx",
                  "refused: ConversionError: node 'y' (MatMul): its inputs of shapes"),
        converted("concat-ranks", "concat_ranks.pb", "to_onnx",
                  "refused: ConversionError: node 'y' (ConcatV2): its inputs have ranks"),
        converted("splat-const", "splat_const.pb", "to_onnx",
                  "refused: ConversionError: node 'c' (Const): constant 'c': 1,000,000"),
        converted("splat-const-frozen", "splat_const.pb", "freeze", "ok: frozen"),
        converted("calls-chain", "calls_chain.pb", "to_onnx", "ok: converted"),
        converted("calls-doubling", "calls_doubling.pb", "to_onnx",
                  "refused: DecodeError: inlining the graph's function calls"),
        converted("calls-doubling-cli", "calls_doubling.pb", "cli-onnx", "exit 3"),
        read("gzip-bomb", "records", "records", "gzip_bomb.tfrecord", "ok: 0 records"),
        read("gzip-bomb-strict", "records", "records-strict", "gzip_bomb.tfrecord",
             "refused: DecodeError: truncated record at 0"),
        read("gzip-bomb-cli", "records", "cli", "gzip_bomb.tfrecord", "exit 0"),
        read("splat-event", "events", "events", events, "ok: 2 events, 0 skipped"),  # the tensor kept as its proto
        read("splat-event-cli", "events", "cli", events, "exit 0"),
    ]  # fmt: skip
    for release, code in (("", 2), (",", 2), ("vv2.4", 2), ("2.4\n", 2), ("ALL ", 2), ("2.12", 1)):
        cases.append({"name": f"compat-tf-{release!r}", "target": "compat", "action": "cli",
                      "files": {"saved_model.pb": "compat/tf2_new_op/saved_model.pb"},
                      "args": {"file": "saved_model.pb", "tf": release}, "expect": f"exit {code}"})  # fmt: skip
    (OUT / "manifest.json").write_text(json.dumps({"cases": cases}, indent=1) + "\n")
    print(f"{len(files)} files, {len(cases)} cases in {OUT}")


if __name__ == "__main__":
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args()
    main()
