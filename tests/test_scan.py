# SPDX-License-Identifier: Apache-2.0
"""The security scan: every planted finding found where it is, none on savers, the op registry data, the
command line's outputs (text, JSON, JSON lines, SARIF 2.1.0) and exit statuses.

The hostile models of tests/data/scan were written by TensorFlow (tools/generate_scan_fixtures.py); their
EXPECTED.json says what each holds.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest

import tfcollections
from tfcollections._cli.main import main
from tfcollections._cli.status import ExitStatus
from tfcollections._data import registry
from tfcollections._data.rows import rows
from tfcollections._graph.ops import FLAGGED_OPS
from tfcollections._scan import known
from tfcollections._scan.scan import RULES, SEVERITIES

from .helpers import field, varint

HERE = Path(__file__).parent
SCAN = HERE / "data" / "scan"
EXPECTED: Dict[str, List[List[str]]] = json.loads((SCAN / "EXPECTED.json").read_text())


def _found(report: Dict[str, Any]) -> List[Tuple[str, str]]:
    return [(f["rule"], f["op"] or (f["message"].split("'")[1] if f["layer"] else "")) for f in report["findings"]]


def _run(*argv: str) -> Tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    from tfcollections._cli.main import Environment

    status = main(["scan", *argv], Environment(stdout=out, stderr=err))
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_planted_finding_is_found(name: str) -> None:
    [report] = tfcollections.scan(SCAN / name)
    assert report["error"] is None
    found = [(rule, what) for rule, what in _found(report) if rule != "removed-op"]
    assert sorted(found) == sorted((rule, what) for rule, what in EXPECTED[name])


def test_where_each_finding_is() -> None:
    [report] = tfcollections.scan(SCAN / "write_in_while")  # a SavedModel directory
    [finding] = report["findings"]
    assert finding["function"].startswith("while_body") and finding["node"].endswith("WriteFile")
    assert (finding["severity"], finding["tags"], finding["meta_graph"]) == ("high", ["serve"], 0)
    [report] = tfcollections.scan(SCAN / "pyfunc_dataset.meta")
    assert report["findings"][0]["function"].startswith("__inference_Dataset_map")
    [report] = tfcollections.scan(SCAN / "read_file_frozen.pb")
    assert (report["format"], report["findings"][0]["node"], report["findings"][0]["function"]) == (
        "GraphDef",
        "contents",
        None,
    )


def test_savers_are_not_findings() -> None:
    # Every committed model has a saver (TF 1 scopes, TF 2 saver functions): none of their ops is a finding.
    for root in (HERE / "data" / "files", HERE / "data" / "checkpoints", HERE.parent / "examples"):
        for report in tfcollections.scan(root):
            rules = {finding["rule"] for finding in report["findings"]}
            assert "checkpoint-op" not in rules, report["path"]


def _graph(*nodes: bytes, library: bytes = b"") -> bytes:
    return b"".join(field(1, node) for node in nodes) + (field(2, library) if library else b"")


def _node(name: str, op: str) -> bytes:
    return field(1, name.encode()) + field(2, op.encode())


def test_checkpoint_ops_outside_a_saver_and_calls_of_functions(tmp_path: Path) -> None:
    function = field(1, field(1, b"my_fn")) + field(3, _node("inner", "ReadFile"))  # FunctionDef: signature, node
    data = _graph(
        _node("save/SaveV2", "SaveV2"),  # a saver's scope
        _node("outer/save_3/RestoreV2", "RestoreV2"),  # a saver's scope, nested
        _node("loader/RestoreV2", "RestoreV2"),  # not a saver's
        _node("RestoreV2_1", "RestoreV2") + field(3, b"Const"),  # a saver at the root: its path made beside it
        _node("MergeV2Checkpoints", "MergeV2Checkpoints")
        + field(3, b"MergeV2Checkpoints/prefixes")
        + field(3, b"Const"),
        # init_from_checkpoint: a path of its own scope, fixed in the graph
        _node("checkpoint_initializer", "RestoreV2") + field(3, b"checkpoint_initializer/prefix"),
        _node("call", "my_fn"),  # a call of a library function by its name: no op of a registry, and no finding
        library=field(1, function),
    )
    (tmp_path / "g.pb").write_bytes(data)
    [report] = tfcollections.scan(tmp_path / "g.pb")
    assert [(f["rule"], f["node"], f["function"]) for f in report["findings"]] == [
        ("checkpoint-op", "loader/RestoreV2", None),
        ("checkpoint-op", "checkpoint_initializer", None),
        ("read-op", "inner", "my_fn"),
    ]
    (tmp_path / "g.pbtxt").write_text(
        'node { name: "RestoreV2_1" op: "RestoreV2" input: "Const" }\n'
        'node { name: "checkpoint_initializer" op: "RestoreV2" input: "checkpoint_initializer/prefix" }\n'
    )
    [text] = tfcollections.scan(tmp_path / "g.pbtxt")
    assert [(f["rule"], f["node"]) for f in text["findings"]] == [("checkpoint-op", "checkpoint_initializer")]


def test_keras_metadata_alone_and_a_named_function(tmp_path: Path) -> None:
    def node(path: str, metadata: Dict[str, Any]) -> bytes:
        body = field(3, path.encode()) + field(4, b"_tf_keras_layer") + field(5, json.dumps(metadata).encode())
        return field(1, b"\x10\x01" + body)

    named = {"class_name": "Lambda", "name": "relu", "config": {"function_type": "function", "module": "mylib",
                                                               "function": "relu"}}  # fmt: skip
    tfsm = {"class_name": "TFSMLayer", "name": "outer", "config": {}}
    dense = {"class_name": "Dense", "name": "dense", "config": {}}
    (tmp_path / "keras_metadata.pb").write_bytes(node("root.layer-1", named) + node("root.layer-2", tfsm)
                                                 + node("root.layer-3", dense))  # fmt: skip
    [report] = tfcollections.scan(tmp_path)
    assert report["format"] == "KerasMetadata"
    assert [(f["rule"], f["layer"], f["severity"]) for f in report["findings"]] == [
        ("keras-lambda-function", "layer-1", "medium"),
        ("keras-tfsm-layer", "layer-2", "medium"),
    ]
    assert "calls mylib.relu" in report["findings"][0]["message"]


def test_the_registry_data_knows_every_flagged_op_and_covers_every_release() -> None:
    unknown = [op for op in FLAGGED_OPS if not known.is_known(op)]
    assert unknown == []  # a typo in the table would never match a graph
    versions = [version for version, _ in registry.RELEASES]
    assert versions[0] == "0.12.0" and "1.15.5" in versions and "2.21.0" in versions
    minors = {tuple(int(part) for part in version.split(".")[:2]) for version in versions}
    assert {(2, minor) for minor in range(22)} | {(1, minor) for minor in range(16)} <= minors
    assert sum(len(row) - 2 for row in rows(registry.OPS)) == len(known.all_ops()) == 2146
    exact = {version for version, how in registry.RELEASES if how == "registry"}
    assert exact == {"1.15.5", "2.4.4", "2.12.1", "2.21.0"}
    assert known.releases_of("Conv2D") == ("0.12.0", "2.21.0")
    assert known.releases_of("ZeroOut") is None


def test_a_removed_op_is_said_for_information(tmp_path: Path) -> None:
    first, last = known.releases_of("BucketizeWithInputBoundaries") or ("", "")
    (tmp_path / "old.pb").write_bytes(_graph(_node("a", "BucketizeWithInputBoundaries"), _node("b", "NoOp")))
    [report] = tfcollections.scan(tmp_path / "old.pb")
    assert [(f["rule"], f["severity"]) for f in report["findings"]] == [("removed-op", "info")]
    assert f"{first} to {last}" in report["findings"][0]["message"]


def test_the_command_line_text_and_exit_statuses(tmp_path: Path) -> None:
    status, out, err = _run(str(SCAN / "read_file_frozen.pb"))
    assert status == ExitStatus.NO and err == ""
    assert out.splitlines() == [
        f"{SCAN / 'read_file_frozen.pb'}: GraphDef, 1 finding",
        "  MEDIUM    ReadFile reads files  [graph, node contents]",
        "scanned 1 file: 1 finding (1 medium)",
    ]
    assert _run("--fail-on", "high", str(SCAN / "read_file_frozen.pb"))[0] == ExitStatus.OK
    assert _run(str(SCAN / "printing.meta"))[0] == ExitStatus.OK  # low: below the default medium
    assert _run("--show", "high", str(SCAN / "printing.meta"))[1] == "scanned 1 file: nothing found\n"
    (tmp_path / "junk.pb").write_bytes(b"\xff\xfe\x00junk")
    status, out, err = _run(str(tmp_path / "junk.pb"), str(HERE.parent / "examples" / "model.meta"))
    assert status == ExitStatus.UNREADABLE and out == "scanned 1 file: nothing found; 1 not scanned\n"
    assert err.startswith(f"tfcollections scan: {tmp_path / 'junk.pb'}: not scanned: not a MetaGraphDef")
    assert err.count("\n") == 1
    assert _run(str(tmp_path / "missing.pb"))[0] == ExitStatus.UNREADABLE
    status, out, err = _run("--fail-on", "severe", str(SCAN))
    assert status == ExitStatus.USAGE and "invalid choice: 'severe'" in err and err.endswith("\n")
    assert _run()[0] == ExitStatus.USAGE  # no path


def test_json_and_jsonl() -> None:
    status, out, _ = _run("--json", str(SCAN))
    document = json.loads(out)
    assert status == ExitStatus.NO and document["tool"] == "tfcollections"
    paths = [report["path"] for report in document["reports"]]
    assert str(SCAN / "custom_op.pb") in paths and all(report["error"] is None for report in document["reports"])
    lines = [json.loads(line) for line in _run("--jsonl", str(SCAN))[1].splitlines()]
    assert lines == document["reports"]


def test_sarif() -> None:
    status, out, _ = _run("--sarif", str(SCAN))
    log = json.loads(out)
    assert status == ExitStatus.NO and log["version"] == "2.1.0"
    [run] = log["runs"]
    rules = run["tool"]["driver"]["rules"]
    assert [rule["id"] for rule in rules] == [rule.id for rule in RULES]
    assert all(0 < float(rule["properties"]["security-severity"]) < 10 for rule in rules)
    results = run["results"]
    expected = sum(len(found) for found in EXPECTED.values())
    assert len([r for r in results if r["ruleId"] != "removed-op"]) == expected
    for result in results:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        assert result["level"] in ("error", "warning", "note")
        [location] = result["locations"]
        assert not location["physicalLocation"]["artifactLocation"]["uri"].startswith("file:")
        assert location["logicalLocations"][0]["fullyQualifiedName"].startswith(("meta_graphs[", "node:"))
    write = next(r for r in results if r["ruleId"] == "write-op")
    assert write["level"] == "error" and write["locations"][0]["logicalLocations"][0]["name"].endswith("WriteFile")
    assert run["invocations"][0]["executionSuccessful"] is True


def test_sarif_says_what_was_not_scanned(tmp_path: Path) -> None:
    (tmp_path / "junk.meta").write_bytes(b"\x0a\x05\x08")
    log = json.loads(_run("--sarif", str(tmp_path / "junk.meta"))[1])
    [invocation] = log["runs"][0]["invocations"]
    assert invocation["executionSuccessful"] is False
    [note] = invocation["toolExecutionNotifications"]
    assert note["level"] == "error" and "not scanned" in note["message"]["text"]


def test_severities_and_rules_are_one_table() -> None:
    assert SEVERITIES == ("info", "low", "medium", "high", "critical")
    assert len({rule.id for rule in RULES}) == len(RULES) and all(rule.severity in SEVERITIES for rule in RULES)


def test_a_graphdef_over_2_gb_is_scanned_without_reading_its_weights(tmp_path: Path) -> None:
    # A Const of 2 GiB (a hole in a sparse file: no disk, and never read) before a ReadFile node.
    size = (2 << 30) + 4096
    shape = field(2, field(2, b"\x08" + varint(size // 4)))
    tensor_head = b"\x08\x01" + shape + b"\x22" + varint(size)  # dtype, tensor_shape, tensor_content's tag, length
    tensor_size = len(tensor_head) + size
    attr_value = b"\x42" + varint(tensor_size)  # AttrValue.tensor
    entry_head = field(1, b"value") + b"\x12" + varint(len(attr_value) + tensor_size)
    entry_size = len(entry_head) + len(attr_value) + tensor_size
    node_head = field(1, b"weights") + field(2, b"Const") + b"\x2a" + varint(entry_size)
    path = tmp_path / "big.pb"
    with open(path, "wb") as file:
        file.write(b"\x0a" + varint(len(node_head) + entry_size) + node_head + entry_head + attr_value + tensor_head)
        file.seek(size, 1)
        file.write(field(1, field(1, b"reader") + field(2, b"ReadFile") + field(3, b"weights")))
    [report] = tfcollections.scan(path)
    assert report["format"] == "GraphDef"
    assert [(f["rule"], f["node"]) for f in report["findings"]] == [("read-op", "reader")]
    graph = tfcollections.load(path, graph=True)["meta_graphs"][0]["graph"]
    assert graph["constants"] == [{"name": "weights", "dtype": "DT_FLOAT", "shape": [size // 4], "size": size}]
    assert graph["outputs"] == [{"name": "reader", "op": "ReadFile"}]


def test_what_cannot_be_scanned_is_said(tmp_path: Path) -> None:
    (tmp_path / "keras_metadata.pb").write_bytes(b"\xff\xff\xff")
    [report] = tfcollections.scan(tmp_path / "keras_metadata.pb")
    assert report["format"] is None and report["error"]
    [missing] = tfcollections.scan(tmp_path / "missing.pb")
    assert missing["error"] == "No such file or directory"
    node = field(1, b"\x10\x01" + field(3, b"root.layer-1") + field(4, b"_tf_keras_layer") + field(5, b"{not json"))
    other = field(1, b"\x10\x02" + field(3, b"root.f") + field(4, b"_generic_user_object") + field(5, b"{}"))
    (tmp_path / "keras_metadata.pb").write_bytes(other + node)
    [report] = tfcollections.scan(tmp_path / "keras_metadata.pb")
    assert report["error"].startswith("the metadata of object layer-1 is not JSON")


def test_help_and_a_sarif_location_without_a_node(tmp_path: Path) -> None:
    status, out, _ = _run("--help")
    assert status == ExitStatus.OK and "--fail-on" in out
    (tmp_path / "old.pb").write_bytes(_graph(_node("a", "BucketizeWithInputBoundaries"), _node("b", "NoOp")))
    log = json.loads(_run("--sarif", str(tmp_path / "old.pb"))[1])
    [result] = log["runs"][0]["results"]
    assert result["locations"][0]["logicalLocations"] == [{"fullyQualifiedName": "graph", "kind": "module"}]
