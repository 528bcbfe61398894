# SPDX-License-Identifier: Apache-2.0
"""Will it load there: ``compatible``'s verdicts against what real TensorFlow releases did, the rules on hand-built
graphs, the release data, and ``tfcollections compat``'s outputs and exit statuses.

tests/data/compat holds models and a checkpoint TensorFlow 2.21 wrote (tools/generate_compat_fixtures.py write) and
what TensorFlow 1.15.5, 2.4.4, 2.12.1 and 2.21.0 each did when loading them, the usual way and as the C++ loaders do
(``verdicts.json``, recorded by the same tool in each release's own environment): the suite needs no TensorFlow.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest

import tfcollections
from tfcollections._cli.main import Environment, main
from tfcollections._compat import table
from tfcollections._compat.check import RULES, needs_of
from tfcollections._data import registry, releases

HERE = Path(__file__).parent
COMPAT = HERE / "data" / "compat"
CASES: Dict[str, Dict[str, str]] = json.loads((COMPAT / "cases.json").read_text())["cases"]
VERDICTS: Dict[str, Dict[str, Dict[str, Dict[str, Any]]]] = json.loads((COMPAT / "verdicts.json").read_text())

# What a release's error says, for each rule that can keep a model from loading.
_PHRASE = {
    "op-not-registered": lambda f: f"Op type not registered '{f['op']}'",
    "attr-not-in-op": lambda f: f"NodeDef mentions attr '{f['attr']}' not in Op<name={f['op']}",
    "attr-value-not-allowed": lambda f: f"Value for attr '{f['attr']}' of",
    "attr-missing": lambda f: f"NodeDef missing attr '{f['attr']}'",
    "dtype-unknown": lambda f: f["printed"],  # a graph's: the AttrValue refused; a checkpoint's: the reader aborts
    "graph-version": lambda f: f["printed"].split(".")[0],
}


def _path(case: str) -> Path:
    return COMPAT / CASES[case]["path"]


RECORDED: List[Tuple[str, str, str]] = [
    (release, case, way) for release in sorted(VERDICTS) for case in sorted(CASES) for way in ("usual", "cpp")
]


def test_the_recording_covers_an_old_a_middle_and_a_new_release() -> None:
    assert set(VERDICTS) >= {"1.15.5", "2.4.4", "2.12.1", "2.21.0"}
    assert set(VERDICTS) <= set(table.VERSIONS)
    # Each release refuses something, and 2.21 (which wrote them) loads them all: the fixtures tell them apart.
    for release, cases in VERDICTS.items():
        loads = [cases[case]["usual"]["loads"] for case in CASES if case != "frozen_contrib"]
        assert all(loads) if release == "2.21.0" else not all(loads), release
    assert not any(cases["frozen_contrib"]["usual"]["loads"] for cases in VERDICTS.values())  # 2.x has no contrib


@pytest.mark.parametrize(("release", "case", "way"), RECORDED)
def test_the_verdict_is_what_the_release_did(release: str, case: str, way: str) -> None:
    recorded = VERDICTS[release][case][way]
    [verdict] = tfcollections.compatible(_path(case), release, serving=way == "cpp")["releases"]
    contrib = [finding for finding in verdict["findings"] if finding["rule"] == "contrib-op"]
    if contrib:
        # An op of tf.contrib: a 1.x program registers it once it touches tf.contrib. Untouched, the release refuses
        # the graph with the note the check's warning gives; touched, it loads it, as the check says.
        assert recorded["error"] is not None and contrib[0]["printed"].split("<host>. ")[1] in recorded["error"]
        assert contrib[0]["severity"] == "warning" and verdict["loads"]
        if way == "usual":
            assert VERDICTS[release][case]["after_contrib"]["loads"]
        return
    if way == "usual" and "after_contrib" in VERDICTS[release][case]:
        assert VERDICTS[release][case]["after_contrib"]["loads"] is recorded["loads"]  # touching it changes nothing
    assert verdict["loads"] is recorded["loads"], (verdict["findings"], recorded["error"])
    if not recorded["loads"]:
        # The release's own error is one the check names, with the op or attr it names.
        errors = [finding for finding in verdict["findings"] if finding["severity"] == "error"]
        assert any(_PHRASE[finding["rule"]](finding) in recorded["error"] for finding in errors), (
            errors,
            recorded["error"],
        )


def test_what_each_release_prints_is_what_the_finding_says_it_prints() -> None:
    # The printed text of the first error is, up to what varies (the host, the OpDef summary), the release's own.
    seen = 0
    for release, case, way in RECORDED:
        recorded = VERDICTS[release][case][way]
        if recorded["loads"] or (case == "frozen_contrib" and release.startswith("1.")):
            continue  # (a 1.x contrib op: a warning, held to the release's note above)
        [verdict] = tfcollections.compatible(_path(case), release, serving=way == "cpp")["releases"]
        for finding in verdict["findings"]:
            head = finding["printed"].split("<host>")[0].split("Op<name=")[0]
            if finding["severity"] == "error" and head and head in recorded["error"]:
                seen += 1
                break
    assert seen == sum(
        not VERDICTS[r][c][w]["loads"] and not (c == "frozen_contrib" and r.startswith("1.")) for r, c, w in RECORDED
    )


def test_a_release_from_2_5_ignores_an_unknown_attr_and_says_so() -> None:
    # 2.12.1 loaded the .meta whose MatMul sets grad_a=True (an attr it lacks): logged and ignored, a warning here.
    [verdict] = tfcollections.compatible(_path("meta_new_attr"), "2.12.1")["releases"]
    assert verdict["loads"]
    [warning] = [finding for finding in verdict["findings"] if finding["attr"] == "grad_a"]
    assert (warning["rule"], warning["severity"]) == ("attr-ignored", "warning")
    assert "Unknown attributes will be ignored" in warning["printed"]
    # At the producer's default (grad_b=False), the TF 1 loader strips it first; the C++ loader ignores it: a note.
    [note] = [finding for finding in verdict["findings"] if finding["attr"] == "grad_b"]
    assert (note["rule"], note["severity"]) == ("attr-stripped", "info")
    [serving] = tfcollections.compatible(_path("meta_new_attr"), "2.12.1", serving=True)["releases"]
    assert serving["loads"]
    assert {(f["attr"], f["rule"], f["severity"]) for f in serving["findings"] if f["op"] == "MatMul"} == {
        ("grad_a", "attr-ignored", "warning"),
        ("grad_b", "attr-ignored", "info"),
    }
    assert [table.ignores_unknown_attrs(index) for index in (table.resolve("2.4")[0], table.resolve("2.5")[0])] == [
        False,
        True,
    ]


def test_the_tf1_loader_strips_an_attr_at_the_producers_default() -> None:
    [verdict] = tfcollections.compatible(_path("tf1_dense_unstripped"), "2.4.4")["releases"]
    stripped = {finding["attr"] for finding in verdict["findings"] if finding["rule"] == "attr-stripped"}
    assert verdict["loads"] and {"grad_a", "grad_b"} <= stripped
    [verdict] = tfcollections.compatible(_path("tf1_dense_unstripped"), "2.4.4", serving=True)["releases"]
    assert not verdict["loads"]
    assert {f["attr"] for f in verdict["findings"] if f["rule"] == "attr-not-in-op"} >= {"grad_a", "grad_b"}


def test_a_library_functions_nodes_are_built_at_load_only_by_tf_saved_model_load() -> None:
    # TF 2.4 refuses bfloat16 DivNoNan when tf.saved_model.load builds the function; the C++ loader does not build
    # it when loading: a warning that calling it fails.
    [usual] = tfcollections.compatible(_path("tf2_bfloat16"), "2.4")["releases"]
    [serving] = tfcollections.compatible(_path("tf2_bfloat16"), "2.4", serving=True)["releases"]
    assert usual["loader"] == "tf.saved_model.load" and not usual["loads"]
    assert serving["loads"] and serving["loader"].startswith("C++ loader")
    [warning] = [finding for finding in serving["findings"] if finding["rule"] == "attr-value-not-allowed"]
    assert (
        warning["severity"] == "warning"
        and warning["function"] is not None
        and "calling it fails" in (warning["message"])
    )


def test_findings_say_where_and_how_many() -> None:
    [verdict] = tfcollections.compatible(_path("tf2_new_op"), "2.12.1")["releases"]
    [finding] = [finding for finding in verdict["findings"] if finding["severity"] == "error"]
    assert finding["rule"] == "op-not-registered" and finding["op"] == "SegmentMaxV2"
    assert finding["function"].startswith("__inference") and finding["node"] and finding["nodes"] == 1
    assert finding["tags"] == ["serve"] and finding["meta_graph"] == 0
    first = table.op_releases("SegmentMaxV2")
    assert first is not None and f"registered by TensorFlow {first[0]}" in finding["message"]


def test_the_oldest_release_and_the_runs_that_load() -> None:
    report = tfcollections.compatible(_path("tf1_dense"))
    assert report["oldest"] is not None and report["loads_in"][0][0] == report["oldest"]
    assert report["loads_in"][-1][1] == table.VERSIONS[-1]
    assert [verdict["release"] for verdict in report["releases"]] == list(table.VERSIONS)
    newest_only = tfcollections.compatible(_path("frozen_min_consumer"))
    assert newest_only["oldest"] is not None and table.resolve(newest_only["oldest"])[0] > table.resolve("2.12")[0]


# --- hand-built graphs: each rule on its own ------------------------------------------------------------------------


def _graph(nodes: List[Dict[str, Any]], versions: Dict[str, Any] = {"producer": 10}, library: Any = None) -> Any:  # noqa: B006
    message = {"node": nodes, "versions": versions}
    if library is not None:
        message["library"] = library
    return tfcollections.loads(tfcollections.encode_message("tensorflow.GraphDef", message))


_PLACEHOLDER = {"name": "x", "op": "Placeholder", "attr": {"dtype": {"type": "DT_FLOAT"}}}
# A second node: a GraphDef of one node reads as well as a MetaGraphDef, and the sniffer takes the latter.
_IDENTITY = {"name": "i", "op": "Identity", "input": ["x"], "attr": {"T": {"type": "DT_FLOAT"}}}


def _only(model: Any, release: str, **kwargs: Any) -> Dict[str, Any]:
    [verdict] = tfcollections.compatible(model, release, **kwargs)["releases"]
    return dict(verdict)


def test_each_rule_on_a_hand_built_graph() -> None:
    attrs = {"T": {"type": "DT_FLOAT"}, "strides": {"list": {"i": [1, 1, 1, 1]}}, "padding": {"s": b"EXPLICIT"}}
    conv = {"name": "c", "op": "Conv2D", "input": ["x", "x"], "attr": attrs}
    bare = {"name": "m", "op": "MatMul", "input": ["x", "x"], "attr": {}}
    custom = {"name": "z", "op": "NoSuchOp", "attr": {"_internal": {"i": 1}}}
    verdict = _only(_graph([_PLACEHOLDER, conv, bare, custom]), "1.6")
    rules = {(finding["rule"], finding["op"], finding["attr"]) for finding in verdict["findings"]}
    assert rules == {("attr-value-not-allowed", "Conv2D", "padding"), ("attr-missing", "MatMul", "T"),
                     ("op-not-registered", "NoSuchOp", None)}  # fmt: skip
    [value] = [finding for finding in verdict["findings"] if finding["rule"] == "attr-value-not-allowed"]
    assert (
        value["printed"]
        == 'Value for attr \'padding\' of "EXPLICIT" is not in the list of allowed values: "SAME", "VALID"'
    )
    [custom_finding] = [finding for finding in verdict["findings"] if finding["op"] == "NoSuchOp"]
    assert "no release registers it" in custom_finding["message"]
    assert _only(_graph([_PLACEHOLDER, conv]), "2.4")["loads"]  # EXPLICIT padding is allowed by then


def test_graph_versions_against_each_release() -> None:
    old = table.resolve("2.4")[0]
    version, _, _ = table.graph_def_versions(old) or (0, 0, 0)
    for versions, phrase in (
        ({"producer": 10, "min_consumer": version + 1}, "above current version"),
        ({"producer": 10, "bad_consumers": [version]}, "disallows consumer version"),
    ):
        verdict = _only(_graph([_PLACEHOLDER, _IDENTITY], versions), "2.4")
        [finding] = verdict["findings"]
        assert finding["rule"] == "graph-version" and phrase in finding["printed"] and not verdict["loads"]
    assert _only(_graph([_PLACEHOLDER, _IDENTITY], {"producer": 10, "bad_consumers": [version]}), "2.21")["loads"]


def test_a_dtype_the_release_does_not_declare() -> None:
    node = {"name": "x", "op": "Placeholder", "attr": {"dtype": {"type": "DT_INT4"}}}
    verdict = _only(_graph([node, {**_IDENTITY, "attr": {"T": {"type": "DT_INT4"}}}]), "2.12")
    assert {finding["op"] for finding in verdict["findings"]} == {"Placeholder", "Identity"}
    finding = verdict["findings"][0]
    assert finding["rule"] == "dtype-unknown" and "DT_INT4" in finding["message"] and not verdict["loads"]
    assert finding["printed"] == f"AttrValue has invalid DataType enum: {table.dtypes()['DT_INT4'][0]}"
    assert _only(_graph([node, _PLACEHOLDER]), "2.21")["loads"]


def test_a_call_of_a_library_function_by_name_is_no_op() -> None:
    function = {"signature": {"name": "my_fn", "output_arg": [{"name": "y", "type": "DT_FLOAT"}]},
                "node_def": [{"name": "c", "op": "Const", "attr": {"dtype": {"type": "DT_FLOAT"}}}],
                "ret": {"y": "c:output:0"}}  # fmt: skip
    call = {"name": "call", "op": "my_fn", "attr": {}}
    verdict = _only(_graph([_PLACEHOLDER, call], library={"function": [function]}), "2.21")
    assert verdict["loads"], verdict["findings"]
    # The function's Const lacks its value: a GraphDef's loader builds no function when loading, so a warning.
    [finding] = verdict["findings"]
    assert (finding["rule"], finding["attr"], finding["severity"]) == ("attr-missing", "value", "warning")


def test_an_op_whose_attrs_a_release_does_not_describe_is_said_not_checked() -> None:
    # QueueEnqueue (a ref input, no outputs) has no eager fallback nor attrs in its graph wrapper: 2.20's wheel
    # does not say its attrs, so they are not held against the node; 2.21's registry does.
    node = {"name": "q", "op": "QueueEnqueue", "input": ["x"], "attr": {"Tcomponents": {"list": {"type": ["DT_FLOAT"]}},
                                                                      "made_up": {"i": 1}}}  # fmt: skip
    verdict = _only(_graph([_PLACEHOLDER, node]), "2.20")
    assert verdict["loads"] and [(f["rule"], f["severity"]) for f in verdict["findings"]] == [("attrs-unknown", "info")]
    assert verdict["attrs_from"] == "wrappers"
    verdict = _only(_graph([_PLACEHOLDER, node]), "2.21")
    [finding] = verdict["findings"]
    assert (finding["rule"], finding["attr"], finding["severity"]) == ("attr-ignored", "made_up", "warning")
    assert verdict["attrs_from"] == "registry"


def test_an_internal_op_before_the_registries_is_not_said_unregistered() -> None:
    # No wrapper calls _FusedConv2D (grappler writes it): only the registries read whole know it, the oldest of them
    # 1.15.5. Before that, whether a release registers it is not known: a warning, not an error.
    node = {"name": "f", "op": "_FusedConv2D", "input": ["x", "x"], "attr": {"T": {"type": "DT_FLOAT"}}}
    assert table.only_in_registries("_FusedConv2D") and (table.op_releases("_FusedConv2D") or ("",))[0] == "1.15.5"
    verdict = _only(_graph([_PLACEHOLDER, node]), "1.13")
    [finding] = verdict["findings"]
    assert verdict["loads"] and (finding["rule"], finding["severity"]) == ("op-not-registered", "warning")
    assert "whether TensorFlow 1.13.2 registers it is not known" in finding["message"]
    # An op some wrapper calls is known from its first release: unregistered before it is an error.
    verdict = _only(_graph([_PLACEHOLDER, {**node, "op": "LeakyRelu"}]), "1.12")
    assert not verdict["loads"] and verdict["findings"][0]["severity"] == "error"


def test_release_names() -> None:
    assert table.resolve("2.4") == [max(i for i, v in enumerate(table.VERSIONS) if v.startswith("2.4."))]
    assert table.resolve("v2.4.4") == table.resolve("2.4.4")
    assert len(table.resolve("2")) == sum(v.startswith("2.") for v in table.VERSIONS)
    assert table.resolve("all") == list(range(len(table.VERSIONS)))
    with pytest.raises(ValueError, match=r"unknown TensorFlow release '3\.1': known are 0\.12"):
        table.resolve("3.1")
    with pytest.raises(ValueError, match="unknown TensorFlow release"):
        tfcollections.compatible(_path("tf1_dense"), ["2.4", "9"])


def test_a_checkpoint_given_as_what_load_checkpoint_returned() -> None:
    checkpoint = tfcollections.load_checkpoint(_path("ckpt_dtypes"))
    [verdict] = tfcollections.compatible(checkpoint, "2.12")["releases"]
    [finding] = verdict["findings"]
    assert (finding["rule"], finding["node"], finding["printed"]) == (
        "dtype-unknown",
        "i4/.ATTRIBUTES/VARIABLE_VALUE",
        f"Unexpected type: {table.dtypes()['DT_INT4'][0]}",
    )
    assert verdict["loader"].startswith("checkpoint reader") and not verdict["loads"]
    assert tfcollections.compatible(checkpoint)["oldest"] == table.VERSIONS[table.dtypes()["DT_INT4"][1]]


def test_a_model_that_does_not_read() -> None:
    with pytest.raises(tfcollections.DecodeError):
        tfcollections.compatible(tfcollections.loads(b"\x0a\xff"), "2.4")
    with pytest.raises(TypeError, match=r"needs a path or what tfcollections\.load returned"):
        tfcollections.compatible({"meta_graphs": []}, "2.4")


# --- the data -------------------------------------------------------------------------------------------------------


def test_the_data_lines_up_with_the_op_table() -> None:
    assert [row[0] for row in releases.RELEASES] == [row[0] for row in registry.RELEASES]
    assert all(row[1] > 0 for row in releases.RELEASES)  # every wheel had its version.h
    # Versions grow along each major line (1.15, released after 2.0 was branched, is ahead of 2.0); the
    # attr-ignoring came with 2.5 and stayed.
    for major in ("0.", "1.", "2."):
        consumers = [row[1] for row in releases.RELEASES if row[0].startswith(major)]
        assert consumers == sorted(consumers)
    ignoring = [row[0] for row in releases.RELEASES if row[5]]
    assert ignoring == [v for v in table.VERSIONS if tuple(map(int, v.split(".")[:2])) >= (2, 5)]
    # The releases the fixtures were recorded in are those whose own registry was read too (their op names
    # exact, their wrappers' attrs compared with it); the newest takes its registry's attrs.
    assert set(VERDICTS) <= {version for version, how in registry.RELEASES if how == "registry"}
    assert releases.RELEASES[-1][4] == "registry"


def test_the_data_says_what_each_release_knows() -> None:
    dtypes = table.dtypes()
    assert dtypes["DT_FLOAT"] == (1, 0) and dtypes["DT_BFLOAT16"][0] == 14
    assert table.VERSIONS[dtypes["DT_FLOAT8_E4M3FN"][1]].startswith("2.1")
    attrs = table.attrs_of("Conv2D", table.resolve("2.21")[0])
    assert attrs is not None and attrs["padding"] == (False, ('"SAME"', '"VALID"', '"EXPLICIT"'))
    assert attrs["data_format"][0] is True and "DT_BFLOAT16" in (attrs["T"][1] or ())
    assert table.first_with_attr("MatMul", "grad_a") is not None
    assert table.attrs_of("NoSuchOp", 0) is None


def test_needs_fold_nodes_into_shapes() -> None:
    needs = needs_of(_path("tf2_dense"))
    assert needs.tf2 and needs.fingerprint and needs.format == "SavedModel"
    total = sum(entry[4] for entry in needs.shapes.values())
    assert len(needs.shapes) < total  # many nodes, fewer shapes


def test_rules_are_documented() -> None:
    text = (HERE.parent / "docs" / "compat.md").read_text()
    for rule in RULES:
        assert f"`{rule}`" in text, rule


# --- the command line -----------------------------------------------------------------------------------------------


def _run(*argv: str) -> Tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["compat", *argv], Environment(stdout=out, stderr=err))
    return status, out.getvalue(), err.getvalue()


def test_cli_verdicts_and_exit_statuses() -> None:
    status, out, err = _run(str(_path("tf2_new_op")), "--tf", "2.12,2.21")
    assert status == 1 and not err
    assert "TensorFlow 2.12.1 (tf.saved_model.load): would not load (1 error)" in out
    assert "TensorFlow prints: Op type not registered 'SegmentMaxV2'" in out
    assert "TensorFlow 2.21.0 (tf.saved_model.load): loads" in out
    status, out, _ = _run(str(_path("tf2_new_op")), "--tf", "2.21")
    assert status == 0
    status, out, _ = _run(str(_path("tf1_dense_unstripped")), "--serving", "2.4")
    assert status == 1 and "TF Serving 2.4.4 (C++ loader" in out


def test_cli_oldest() -> None:
    status, out, _ = _run(str(_path("tf2_new_op")))
    report = tfcollections.compatible(_path("tf2_new_op"))
    oldest = report["oldest"]
    assert status == 0 and f"oldest TensorFlow that loads it: {oldest}" in out
    first, _ = table.op_releases("SegmentMaxV2") or ("", "")
    assert oldest == first  # SegmentMaxV2 is what keeps every earlier release out
    before = report["releases"][table.VERSIONS.index(oldest) - 1]
    assert f"TensorFlow {before['release']} ({before['loader']}), the release before it: would not load" in out
    assert "Op type not registered 'SegmentMaxV2'" in out


def test_cli_json_and_sarif() -> None:
    status, out, _ = _run(str(_path("meta_new_attr")), "--tf", "2.4", "--serving", "2.21", "--json")
    document = json.loads(out)
    assert status == 1 and [r["serving"] for r in document["reports"]] == [False, True]
    assert document["reports"][0]["releases"][0]["findings"][0]["rule"] == "attr-not-in-op"
    status, out, _ = _run(str(_path("meta_new_attr")), "--tf", "2.4", "--sarif")
    log = json.loads(out)
    [result] = [r for r in log["runs"][0]["results"] if r["level"] == "error"]
    assert result["ruleId"] == "attr-not-in-op" and result["properties"]["release"] == "2.4.4"
    assert log["runs"][0]["tool"]["driver"]["rules"][result["ruleIndex"]]["id"] == "attr-not-in-op"


def test_cli_a_model_no_release_loads(tmp_path: Path) -> None:
    custom = {"name": "z", "op": "ZeroOut", "input": ["x"], "attr": {"T": {"type": "DT_INT32"}}}
    path = tmp_path / "custom.pb"
    path.write_bytes(tfcollections.encode_message("tensorflow.GraphDef", {"node": [_PLACEHOLDER, custom]}))
    status, out, _ = _run(str(path))
    assert status == 1
    assert f"no TensorFlow release from {table.VERSIONS[0]} to {table.VERSIONS[-1]} loads it" in out
    assert "op ZeroOut is not registered in TensorFlow 2.21.0: no release registers it" in out
    status, out, _ = _run(str(_path("tf1_dense_unstripped")), "--tf", "2.4", "--show", "info")
    assert status == 0 and "INFO     node 'MatMul' (MatMul) attr 'grad_a' is unknown to TensorFlow 2.4.4" in out


def test_a_tf2_savedmodel_before_2_0_and_its_fingerprint_before_2_11_are_notes() -> None:
    # 1.15 reads a TF 2 SavedModel's meta graph with the TF 1 loader (its objects are not restored); releases before
    # 2.11 ignore fingerprint.pb. Both are said, neither keeps the model from loading.
    [old, middle, new] = tfcollections.compatible(_path("tf2_bfloat16"), ["1.15", "2.10", "2.11"])["releases"]
    assert old["loads"] and old["loader"].startswith("TF 1 loader")
    assert {(f["rule"], f["severity"]) for f in old["findings"]} >= {("object-graph", "info"), ("fingerprint", "info")}
    assert middle["loader"] == "tf.saved_model.load" and "fingerprint" in {f["rule"] for f in middle["findings"]}
    assert not {"object-graph", "fingerprint"} & {f["rule"] for f in new["findings"]}


def test_cli_a_checkpoint_by_its_prefix() -> None:
    status, out, err = _run(str(_path("ckpt_dtypes")), "--tf", "2.12,2.15")
    assert status == 1 and not err
    assert "ckpt_dtypes/ckpt: Checkpoint" in out and "tensor i4/.ATTRIBUTES/VARIABLE_VALUE" in out
    # 2.15 is its newest patch
    assert "TensorFlow 2.15.1 (checkpoint reader: tf.train.load_checkpoint, restore): loads" in out


def test_cli_bad_input_is_one_line() -> None:
    status, _, err = _run(str(_path("tf1_dense")), "--tf", "2.99")
    assert status == 2 and err.count("\n") == 1 and "unknown TensorFlow release '2.99'" in err
    status, _, err = _run(str(COMPAT / "missing.pb"))
    assert status == 3 and err.count("\n") == 1 and "no such file" in err
    status, _, err = _run(str(COMPAT / "cases.json"))
    assert status == 3 and err.count("\n") == 1 and err.startswith("tfcollections compat: ")


def test_several_models_are_checked_in_turn() -> None:
    # Each model's answer in turn, a blank line between; one that does not read is said, the others still checked:
    # 1 when one would not load, else 3 when one did not read.
    status, out, err = _run(str(HERE.parent / "examples" / "model.meta"), str(COMPAT / "tf2_dense"), "--tf", "2.12")
    assert status == 0 and err == "" and out.count("\n\n") == 1
    assert (
        out.startswith(f"{HERE.parent / 'examples' / 'model.meta'}: MetaGraphDef\n")
        and "tf2_dense/saved_model.pb: SavedModel\n" in out
    )
    status, out, err = _run(str(HERE.parent / "examples" / "model.meta"), "missing.meta", "--tf", "2.12")
    assert status == 3 and err == "tfcollections compat: missing.meta: no such file or directory\n" and out
    status, out, _ = _run(str(HERE.parent / "examples" / "model.meta"), str(COMPAT / "tf2_new_op"), "--tf", "2.12")
    assert status == 1
    document = json.loads(_run(str(HERE.parent / "examples" / "model.meta"), str(COMPAT / "tf2_dense"), "--json")[1])
    assert [report["path"].rsplit("/", 2)[-1] for report in document["reports"]] == ["model.meta", "saved_model.pb"]


def test_a_tree_is_checked_with_r(tmp_path: Path) -> None:
    # -r finds every model under a directory as show -r does; without it a directory is one model's (a SavedModel).
    status, out, err = _run("-r", str(COMPAT), "--tf", "2.21", "--json")
    found = sorted(report["path"][len(str(COMPAT)) + 1 :] for report in json.loads(out)["reports"])
    assert found and all(path.endswith(("saved_model.pb", ".meta", ".pb", ".pbtxt")) for path in found)
    assert "tf2_dense/saved_model.pb" in found and status in (0, 1)
    empty = tmp_path / "empty"
    empty.mkdir()
    status, out, err = _run("-r", str(empty))
    assert (status, out, err) == (3, "", f"tfcollections compat: {empty}: no model under it\n")


def test_a_text_model_with_functions_is_checked_as_its_binary_is() -> None:
    # A text graph's library is never encoded to be checked (its functions' tensors need not be writable).
    files = HERE / "data" / "files"
    binary = tfcollections.compatible(files / "graph_scan.meta", ["2.4", "2.21"])
    text = tfcollections.compatible(files / "graph_scan.meta.txt", ["2.4", "2.21"])
    assert text["releases"] == binary["releases"] and text["oldest"] == binary["oldest"] == "2.21.0"
    assert any(finding["rule"] for release in text["releases"] for finding in release["findings"])


def test_a_directory_of_the_tree_that_does_not_list_is_said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tfcollections._cli.compat as command

    def walk(folder: str, onerror: Any, looked_at: Any) -> Any:
        onerror(PermissionError(13, "Permission denied", f"{folder}/locked"))
        yield str(HERE.parent / "examples" / "model.meta")

    monkeypatch.setattr(command, "walk_models", walk)
    status, out, err = _run("-r", str(tmp_path), "--tf", "2.21")
    assert status == 3 and out.startswith(f"{HERE.parent / 'examples' / 'model.meta'}: MetaGraphDef")
    assert err == f"tfcollections compat: {tmp_path}/locked: cannot list: Permission denied\n"
