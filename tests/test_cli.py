# SPDX-License-Identifier: Apache-2.0
"""The command line: what a person sees, --json, filters, and one line for every failure."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import pytest
from hypothesis import given, strategies as st

from .helpers import REPO, field

EXAMPLE = str(REPO / "examples" / "model.meta")


def _run(args: List[str], stdin: bytes = b"", *, terminal: bool = False) -> subprocess.CompletedProcess:
    """Run the command line in this process, as a shell in the repository would (coverage sees it).

    Its environment is injected: standard input, output and error are in-memory UTF-8 streams, and relative
    paths are read from the repository, and stderr is a terminal only when *terminal* says so; a few tests
    below run a real process where the process itself is what they test (the entry point, terminals, pipes).
    """
    from tfcollections._cli.main import Environment, main

    out, err = io.BytesIO(), io.BytesIO()
    env = Environment(
        io.BytesIO(stdin),
        io.TextIOWrapper(out, encoding="utf-8", write_through=True),
        io.TextIOWrapper(err, encoding="utf-8", write_through=True),
        cwd=str(REPO),
        stderr_isatty=terminal,
    )
    code = main(args, env)
    return subprocess.CompletedProcess(["tfcollections", *args], code, out.getvalue(), err.getvalue())


def _run_process(args: List[str], stdin: bytes = b"") -> subprocess.CompletedProcess:
    """Run ``python -m tfcollections`` in a process of its own."""
    return subprocess.run([sys.executable, "-m", "tfcollections", *args], input=stdin, capture_output=True,
                          cwd=REPO, timeout=60)  # fmt: skip


def test_summary_of_the_example() -> None:
    result = _run_process([EXAMPLE])  # the entry point, in a process of its own
    assert result.returncode == 0, result.stderr
    out = result.stdout.decode()
    assert out.startswith(f"{EXAMPLE}: MetaGraphDef (binary), 1 meta graph\n")
    assert "written by TensorFlow 2.21.0" in out
    assert "saver: V2, max_to_keep 3, sharded" in out
    assert "    notes                     bytes_list  2   user bytes" in out
    assert "  graph: 311 nodes; 56 op types\n" in out
    assert (
        "  variables (15): 79 parameters, 73 trainable; 15 more in training's state (optimizer slots and "
        "variables, averages)\n"
    ) in out
    assert "    dense/                                           15\n" in out  # a scope's subtotal
    assert "      kernel                        float32  (4, 3)  12          trainable  " in out
    assert "        + ExponentialMovingAverage  float32  (4, 3)  12   " in out  # under the variable it averages
    assert (
        "      part_0                        float32  (4, 4)  16          trainable part of embedding [12, 4] at "
        in out
    )
    assert "    resource_var                    float32  (2,)    2           trainable resource  " in out
    assert "  flagged ops: saves or restores checkpoints: MergeV2Checkpoints (1), RestoreV2 (2), SaveV2 (2)" in out
    assert "input_queue  2 enqueue ops  closes on OUT_OF_RANGE, CANCELLED" in out
    assert "loop/while_context  (while  max_iterations loop/maximum_iterations:0, parallel 4)" in out
    assert "      loop/inner_cond/cond_text  (cond   branch 1" in out  # nested under the loop


def test_without_the_graph_variables_come_from_the_collections() -> None:
    result = _run(["--no-graph", EXAMPLE])
    assert result.returncode == 0
    out = result.stdout.decode()
    assert "  graph_def: 45,932 bytes at byte 5,156 (not read)\n" in out
    assert "part_0:0                      trainable slice of embedding [12, 4] at [0, 0]  global,trainable" in out
    assert "flagged ops" not in out and "parameters" not in out
    assert "graph" not in json.loads(_run(["--no-graph", "--json", EXAMPLE]).stdout)["meta_graphs"][0]


def test_the_op_census_marks_python_and_files() -> None:
    result = _run(["--ops", str(REPO / "tests" / "data" / "files" / "graph_scan.meta")])
    assert result.returncode == 0
    out = result.stdout.decode()
    assert "  graph: 318 nodes, and 47 in 16 functions; 49 op types\n" in out
    assert "    PyFunc                  0      1          runs Python\n" in out  # only inside a tf.data function
    assert "    SaveV2                  1                 saves or restores checkpoints\n" in out
    assert "    VariableV2              17\n" in out and "    Variable                2\n" in out
    summary = json.loads(_run(["--json", str(REPO / "tests/data/files/graph_scan.meta")]).stdout)["meta_graphs"][0]
    assert summary["graph_summary"]["flagged_ops"]["PyFunc"] == "runs Python"
    assert [name for name, ops in summary["graph"]["functions"].items() if "PyFunc" in ops] == [
        next(name for name in summary["graph"]["functions"] if name.startswith("__inference_Dataset_map_lambda"))
    ]
    assert (summary["graph_summary"]["parameters"], summary["graph_summary"]["trainable_parameters"]) == (63, 50)


def test_a_damaged_graph_is_one_line_with_a_way_out(tmp_path: Path) -> None:
    path = tmp_path / "damaged.meta"
    path.write_bytes(field(1, field(4, b"serve")) + field(2, field(1, field(1, b"n") + field(2, b"\xff"))))
    result = _run([str(path)])
    assert result.returncode == 3 and result.stdout == b""
    assert result.stderr.decode() == (
        f"tfcollections: {path}: damaged MetaGraphDef: invalid UTF-8 in string field: invalid start byte "
        "(at byte 18, in MetaGraphDef.graph_def.node[0].op) (--no-graph shows the rest)\n"
    )
    assert _run(["--no-graph", str(path)]).returncode == 0


def test_json_is_lossless_and_loads() -> None:
    result = _run(["--json", EXAMPLE])
    assert result.returncode == 0
    document = json.loads(result.stdout)
    collections = document["meta_graphs"][0]["collection_def"]
    assert collections["notes"]["value"] == [{"$base64": "YSBjdXN0b20gc3RyaW5n"}, {"$base64": "/wByYXcgYnl0ZXM="}]
    assert collections["magic_numbers"]["value"] == [3, 300]
    assert len(collections["variables"]["value"]) == 12
    graph = document["meta_graphs"][0]["graph"]
    assert len(graph["variables"]) == 15 and graph["ops"]["VariableV2"] == 14
    kernel = next(v for v in graph["variables"] if v["name"] == "dense/kernel")
    assert (kernel["dtype"], kernel["shape"], kernel["trainable"]) == ("DT_FLOAT", [4, 3], True)


def test_filters_and_stdin() -> None:
    result = _run(["--json", "--collection", "variables", "--scope-boundary", "dense", "-"],
                  stdin=Path(EXAMPLE).read_bytes())  # fmt: skip
    assert result.returncode == 0, result.stderr
    collections = json.loads(result.stdout)["meta_graphs"][0]["collection_def"]
    assert list(collections) == ["variables"]
    assert all(v["variable_name"].startswith("dense/") for v in collections["variables"]["value"])
    graph = json.loads(result.stdout)["meta_graphs"][0]["graph"]  # the graph's variables are filtered too
    assert sorted(v["name"] for v in graph["variables"]) == [
        "dense/bias", "dense/bias/ExponentialMovingAverage", "dense/kernel", "dense/kernel/ExponentialMovingAverage"
    ]  # fmt: skip
    tf_rule = json.loads(_run(["--json", "--collection", "variables", "--scope", "dense", EXAMPLE]).stdout)
    names = [v["variable_name"] for v in tf_rule["meta_graphs"][0]["collection_def"]["variables"]["value"]]
    assert "dense_1/kernel:0" in names
    assert "dense_1/kernel" in [v["name"] for v in tf_rule["meta_graphs"][0]["graph"]["variables"]]


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["missing.meta"], 3, "tfcollections: missing.meta: cannot read: No such file or directory"),
        (["docs"], 3, "tfcollections: docs: directory docs holds no model: no saved_model.pb, no checkpoint file"),
        (["tests/data/files/unbalanced.meta.txt"], 3, "bad text-format MetaGraphDef: unbalanced braces"),
        (["/dev/null"], 3, "tfcollections: /dev/null: empty file"),
        ([EXAMPLE, "--tag", "serve"], 3, "no meta graph has tags serve (there are: (no tags))"),
        ([EXAMPLE, "--collection", "nope"], 3, "no collection named 'nope' (there are: cond_context, global_step,"),
        ([], 2, "tfcollections: usage error: give a PATH to show, or a command: show, scan, export, diff, records"),
        ([EXAMPLE, "--scope", "["], 2, "usage error: the scope is not a valid regular expression"),
        ([EXAMPLE, "--scope", "a", "--scope-boundary", "b"], 2, "usage error: argument --scope-boundary: not allowed"),
    ],
    ids=[
        "missing",
        "directory",
        "text",
        "empty",
        "no-such-tag",
        "no-such-collection",
        "no-file",
        "bad-regex",
        "two-scopes",
    ],
)
def test_failures_are_one_line_and_an_exit_code(args: List[str], code: int, message: str) -> None:
    result = _run(args)
    assert result.returncode == code
    stderr = result.stderr.decode()
    assert stderr.count("\n") == 1 and message in stderr
    assert "Traceback" not in stderr and result.stdout == b""


def test_truncated_input_on_stdin() -> None:
    result = _run_process(["-"], stdin=Path(EXAMPLE).read_bytes()[:2000])  # the process's real standard input
    assert result.returncode == 3
    assert result.stderr.decode().startswith("tfcollections: <stdin>: file truncated: it ends at byte 2000")


def test_tag_picks_the_meta_graphs_of_a_saved_model(tmp_path: Path) -> None:
    serve = field(1, field(4, b"serve"))
    train = field(1, field(4, b"train") + field(4, b"gpu"))
    path = tmp_path / "saved_model.pb"
    path.write_bytes(b"\x08\x01" + field(2, serve) + field(2, train))
    result = _run(["--tag", "train", str(path)])
    assert result.returncode == 0, result.stderr
    out = result.stdout.decode()
    assert "SavedModel (binary), 2 meta graphs" in out
    assert "meta graph 1: tags train, gpu" in out and "meta graph 0" not in out
    chosen = json.loads(_run(["--json", "--tag", "serve", str(path)]).stdout)["meta_graphs"]
    assert [m["index"] for m in chosen] == [0]


def test_a_text_saved_model_with_a_sparse_signature_input() -> None:
    result = _run(["--tag", "train", "--collection", "train_op", "tests/data/files/saved_model_two_graphs.pbtxt"])
    assert result.returncode == 0, result.stderr
    out = result.stdout.decode()
    assert out.startswith("tests/data/files/saved_model_two_graphs.pbtxt: SavedModel (text), 2 meta graphs\n")
    assert "meta graph 1: tags train, gpu" in out
    assert "input ids  DT_INT64  (-1, 5)  sparse: values ids/values:0, indices ids/indices:0" in out


def test_a_requested_collection_missing_from_one_meta_graph_is_said(tmp_path: Path) -> None:
    outputs = field(4, field(1, b"outputs") + field(2, field(1, field(1, b"y:0"))))
    path = tmp_path / "saved_model.pb"
    path.write_bytes(b"\x08\x01" + field(2, field(1, field(4, b"serve")) + outputs) + field(2, field(1, b"")))
    result = _run(["--collection", "outputs", str(path)])
    assert result.returncode == 0, result.stderr
    out = result.stdout.decode()
    assert "    outputs  node_list  1" in out
    assert out.count("(no collection 'outputs' in this meta graph)") == 1
    assert out.index("meta graph 1") < out.index("(no collection 'outputs' in this meta graph)")


def test_permission_denied_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    # Root reads anything, so the refusal is simulated where the file is opened.
    from tfcollections._model import files as _files

    def refuse(path: object, mode: str = "r") -> None:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(_files, "open", refuse, raising=False)
    result = _run([EXAMPLE])
    assert result.returncode == 3 and result.stdout == b""
    assert result.stderr.decode() == f"tfcollections: {EXAMPLE}: cannot read: Permission denied\n"


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root may read any file")
def test_permission_denied_for_real(tmp_path: Path) -> None:
    path = tmp_path / "locked.meta"
    path.write_bytes(Path(EXAMPLE).read_bytes())
    path.chmod(0)
    result = _run([str(path)])
    assert result.returncode == 3
    assert result.stderr.decode() == f"tfcollections: {path}: cannot read: Permission denied\n"


# --------------------------------------------------------------------------- faults: one line and an exit code


def _one_line_failure(code: int, result: subprocess.CompletedProcess) -> str:
    stderr = result.stderr.decode("utf-8", "backslashreplace")
    assert result.returncode == code, stderr
    assert stderr.count("\n") == 1 and stderr.startswith("tfcollections: ") and "Traceback" not in stderr
    assert result.stdout == b""
    return stderr


def test_a_file_truncated_at_every_byte() -> None:
    data = (REPO / "tests" / "data" / "files" / "serving_half_plus_two_export.meta").read_bytes()
    complete = 0
    for end in range(len(data) + 1):
        result = _run(["-"], data[:end])
        if result.returncode == 0:  # a prefix that ends between two whole fields is a valid, smaller file
            complete += 1
            assert result.stdout.startswith(b"<stdin>: MetaGraphDef (binary)") and result.stderr == b""
        else:
            assert result.returncode == 3 and result.stdout == b"", end
            err = result.stderr.decode()
            assert err.count("\n") == 1 and err.startswith("tfcollections: <stdin>: "), end
    assert 1 <= complete < 20  # the whole file and the few cuts between top-level fields


def test_a_zero_byte_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.meta"
    path.write_bytes(b"")
    stderr = _one_line_failure(3, _run([str(path)]))
    expected = "empty file: 0 bytes, where a MetaGraphDef or SavedModel was expected (at byte 0)"
    assert stderr == f"tfcollections: {path}: {expected}\n"


def test_endless_and_piped_inputs(tmp_path: Path) -> None:
    stderr = _one_line_failure(3, _run(["/dev/zero"]))
    assert "the first byte 0x00 cannot start either (invalid field number 0) (at byte 0)" in stderr
    if not hasattr(os, "mkfifo"):
        return
    fifo = tmp_path / "model.pipe"
    os.mkfifo(fifo)
    writer = subprocess.Popen(["sh", "-c", f"cat '{EXAMPLE}' > '{fifo}'"])
    try:
        result = _run([str(fifo)])
    finally:
        writer.wait(timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode().startswith(f"{fifo}: MetaGraphDef (binary), 1 meta graph")


def test_non_utf8_file_names_are_shown_escaped(tmp_path: Path) -> None:
    if sys.platform == "win32" or sys.getfilesystemencoding().lower() not in ("utf-8", "utf8"):
        pytest.skip("needs a POSIX file system with UTF-8 names")
    name = os.fsdecode(bytes(tmp_path) + b"/model\xff.meta")
    shown = str(tmp_path) + "/model\\xff.meta"
    missing = _one_line_failure(3, _run([name]))
    assert missing == f"tfcollections: {shown}: cannot read: No such file or directory\n"
    Path(name).write_bytes(Path(EXAMPLE).read_bytes())
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}  # what a UTF-8 terminal gives outside the C locale
    result = subprocess.run([sys.executable, "-m", "tfcollections", name], capture_output=True, cwd=REPO, env=env,
                            timeout=60)  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode().startswith(f"{shown}: MetaGraphDef (binary), 1 meta graph\n")


def _unicode_meta_graph() -> bytes:
    from tfcollections import encode, encode_message

    variable = encode("variables", {"variable_name": "变量/é:0", "initial_value_name": "x", "trainable": True})
    collections = {"variables": {"bytes_list": {"value": [variable]}}, "名前": {"node_list": {"value": ["ü:0"]}}}
    return encode_message("tensorflow.MetaGraphDef", {"collection_def": collections})


@pytest.mark.parametrize("encoding", ["ascii", "latin-1", "utf-8"])
def test_names_a_terminal_cannot_show(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "unicode.meta"
    path.write_bytes(_unicode_meta_graph())
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    command = [sys.executable, "-m", "tfcollections"]
    summary = subprocess.run([*command, str(path)], capture_output=True, cwd=REPO, env=env, timeout=60)
    assert summary.returncode == 0 and summary.stderr == b"", summary.stderr
    text = summary.stdout.decode(encoding)
    assert ("变量" in text) if encoding == "utf-8" else ("\\u53d8\\u91cf" in text)
    as_json = subprocess.run([*command, "--json", str(path)], capture_output=True, cwd=REPO, env=env, timeout=60)
    assert as_json.returncode == 0 and as_json.stderr == b"", as_json.stderr
    collections = json.loads(as_json.stdout.decode(encoding))["meta_graphs"][0]["collection_def"]
    assert collections["variables"]["value"][0]["variable_name"] == "变量/é:0"
    assert collections["名前"]["value"] == ["ü:0"]


def test_interrupted(monkeypatch: pytest.MonkeyPatch) -> None:
    from tfcollections._cli import main as _cli, show

    def interrupt(source: object, graph: bool = False, ends: bool = True) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(show, "load_model", interrupt)
    result = _run([EXAMPLE])
    assert result.returncode == _cli.ExitStatus.INTERRUPTED == 130
    assert result.stderr == b"tfcollections: interrupted\n" and result.stdout == b""


def test_a_bug_of_ours_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from tfcollections._cli import main as _cli, show

    def broken(source: object, graph: bool = False, ends: bool = True) -> None:
        raise OverflowError("int too large to convert to float")  # as the text reader once raised

    monkeypatch.setattr(show, "load_model", broken)
    result = _run([EXAMPLE])
    assert result.returncode == _cli.ExitStatus.INTERNAL_ERROR == 70
    assert result.stdout == b""
    assert result.stderr == (
        b"tfcollections: internal error, please report it: OverflowError: int too large to convert to float\n"
    )


def test_a_reader_that_stops_early_gets_no_traceback(tmp_path: Path) -> None:
    # `tfcollections --json big.meta | head -c 100`: the pipe closes while we write.
    from tfcollections import encode, encode_message

    items = [encode("variables", {"variable_name": f"layer_{i}/kernel:0", "trainable": True}) for i in range(5000)]
    path = tmp_path / "big.meta"
    collections = {"variables": {"bytes_list": {"value": items}}}
    path.write_bytes(encode_message("tensorflow.MetaGraphDef", {"collection_def": collections}))
    command = [sys.executable, "-m", "tfcollections", "--json", str(path)]
    with subprocess.Popen(command, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None
        assert process.stdout.read(100).startswith(b"{")
        process.stdout.close()
        stderr = process.stderr.read()
        assert process.wait(timeout=60) == 0
    assert stderr == b""


def test_variables_of_unknown_size_and_without_a_node(tmp_path: Path) -> None:
    def node(name: bytes, op: bytes, dims: bytes) -> bytes:
        shape_attr = field(5, field(1, b"shape") + field(2, field(7, dims)))
        dtype_attr = field(5, field(1, b"dtype") + field(2, b"\x30\x01"))
        return field(1, field(1, name) + field(2, op) + dtype_attr + shape_attr)

    unknown_dimension = field(2, b"\x08" + b"\xff" * 9 + b"\x01")  # size -1
    graph = node(b"open", b"VariableV2", unknown_dimension) + node(b"any", b"Variable", b"\x18\x01")  # unknown rank
    listed = field(4, field(1, b"variables") + field(2, field(2, field(1, field(1, b"gone:0")))))
    path = tmp_path / "odd.meta"
    path.write_bytes(field(1, field(4, b"serve")) + field(2, graph) + listed)
    result = _run([str(path)])
    assert result.returncode == 0, result.stderr
    out = result.stdout.decode()
    assert "  variables (3): 0 parameters, 0 trainable; 3 of unknown size\n" in out
    assert "    open  float32  (?,)     ?\n" in out and "    any   float32  unknown  ?           op Variable\n" in out
    assert "    gone  ?        unknown  ?           no node in the graph  global\n" in out


def test_version_and_help_print_and_succeed() -> None:
    import tfcollections

    result = _run_process(["--version"])
    assert result.returncode == 0 and result.stdout.decode() == f"tfcollections {tfcollections.__version__}\n"
    help_text = _run(["--help"])
    assert help_text.returncode == 0 and "binary or text" in _run(["show", "--help"]).stdout.decode()


def test_summary_polish_on_a_tf_0_x_export() -> None:
    # TensorFlow 0.x wrote no version and no VariableDef.trainable; the collection says what is trainable.
    result = _run(["--no-graph", str(REPO / "tests" / "data" / "files" / "serving_half_plus_two_export.meta")])
    out = result.stdout.decode()
    assert "meta graph 0: tags (none); TensorFlow version not recorded\n" in out
    assert "    serving_signatures   any_list    1  serving.Signatures\n" in out  # the payload's type
    assert "    Variable:0    trainable  global,trainable\n" in out


def test_the_op_census_says_which_ops_call_library_functions(tmp_path: Path) -> None:
    # A node whose op is the name of a library function calls it; the function's own ops are counted too.
    inner = field(1, field(1, b"reader")) + field(3, field(1, b"r") + field(2, b"ReadFile"))  # FunctionDef
    graph = field(1, field(1, b"call") + field(2, b"reader")) + field(2, field(1, inner))
    path = tmp_path / "calls.meta"
    path.write_bytes(field(1, field(4, b"serve")) + field(2, graph))
    out = _run(["--ops", str(path)]).stdout.decode()
    assert "  graph: 1 node, and 1 in 1 function; 2 op types\n" in out
    assert "    ReadFile  0      1          reads files\n" in out
    assert "    reader    1                 a call of a library function\n" in out
    assert "  flagged ops" not in out  # --ops lists them in place of the one-line summary


# --------------------------------------------------------------------------- the run's environment


def test_relative_paths_are_read_from_the_runs_directory(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)  # the process is elsewhere; the run's directory is the repository
    result = _run(["examples/model.meta", "--no-graph"])
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode().startswith("examples/model.meta: MetaGraphDef (binary), 1 meta graph\n")
    found = _run(["-r", "--jsonl", "--no-graph", "examples"])
    paths = [json.loads(line)["path"] for line in found.stdout.decode().splitlines()]
    assert paths == ["examples/model.meta", "examples/model.meta.txt"]
    assert _run(["--help"]).stdout.decode().startswith("usage: tfcollections")  # help goes to the run's output


def test_every_exit_status_is_a_row_of_the_table_and_of_the_docs_contract() -> None:
    # One table of statuses for every command (status.STATUSES): ExitStatus names its rows, and docs/cli.md's
    # contract lists the same rows, word for word.
    from tfcollections._cli.status import STATUSES, ExitStatus

    statuses = {name: value for name, value in vars(ExitStatus).items() if not name.startswith("_")}
    assert statuses == {name: value for value, name, _ in STATUSES}
    assert sorted(statuses.values()) == [0, 1, 2, 3, 70, 130]
    docs = (Path(__file__).parent.parent / "docs" / "cli.md").read_text()
    for value, name, when in STATUSES:
        assert f"| {value} | `{name}` | {when} |" in docs, name


@pytest.mark.parametrize(
    "arguments",
    [
        ["a.meta"],
        ["a.meta", "-", "b/saved_model.pb"],
        ["a.meta", "--json"],
        ["--ops", "--tag", "serve", "--tag", "gpu", "a.meta"],
        ["--collection", "variables", "--scope", "dense/.*", "-r", "d"],
        ["--subgraph", "--scope-boundary", "dense", "--function", "f", "a.meta"],
        ["--tensor", "w", "--checkpoint", "c", "--require-restore", "--layers", "--no-graph", "a.meta"],
        ["--jsonl", "--no-checkpoint", "a", "b"],
    ],
)
def test_show_arguments_are_what_the_parser_gives(arguments: List[str]) -> None:
    # ShowArguments holds argparse's defaults itself (the parser fills in only what is given): whatever the command
    # line, the run reads what the parser alone would give, and paths alone need no parser at all.
    from tfcollections._cli.spec import parser
    from tfcollections._cli.usage import ShowArguments, paths_only

    alone = vars(parser(io.StringIO()).parse_args(arguments))
    assert vars(parser(io.StringIO()).parse_args(arguments, namespace=ShowArguments([]))) == alone
    plain = paths_only(arguments)
    assert (plain is None) == any(argument.startswith("-") and argument != "-" for argument in arguments)
    if plain is not None:
        assert vars(plain) == alone


def test_a_summary_of_paths_alone_imports_no_argparse() -> None:
    # argparse (and re, enum, gettext, shutil with it) is a sixth of a summary's instructions: paths alone skip it.
    # A TF 1 graph's summary reads no inputs, outputs or constants: the module that reads them is not imported; nor is
    # the encoder, which only writing needs. Counted against what the interpreter imported before (a site may import
    # re itself).
    code = "import sys; before = set(sys.modules); from tfcollections._cli.main import main; " \
           "main(['examples/model.meta']); print(sorted({'argparse', 're', 'enum', 'shutil', " \
           "'tfcollections._graph.endpoints', 'tfcollections._proto.encoder'} & (set(sys.modules) - before)), " \
           "file=sys.stderr)"  # fmt: skip
    found = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    assert found.stderr.strip().splitlines()[-1] == "[]"


def test_only_the_program_freezes_what_its_imports_made_out_of_garbage_collection() -> None:
    # Run as the program (no argv), main() freezes the objects alive after the imports (gc.freeze), so the collector
    # stops walking them; called by another program with its arguments, it leaves that program's collector alone.
    # Counted against the process's own count before main: CPython 3.12 starts with objects frozen already.
    code = "import gc, sys; from tfcollections._cli.main import main; before = gc.get_freeze_count(); {call}; " \
           "print(before, gc.get_freeze_count(), file=sys.stderr)"  # fmt: skip
    for call, frozen in (("main(['examples/model.meta'])", False),
                         ("sys.argv[1:] = ['examples/model.meta']; main()", True)):  # fmt: skip
        found = subprocess.run([sys.executable, "-c", code.format(call=call)], cwd=REPO, capture_output=True,
                               text=True, check=True)  # fmt: skip
        before, after = map(int, found.stderr.strip().splitlines()[-1].split())
        assert (after > before) is frozen, (call, before, after)


@given(
    st.lists(
        st.tuples(st.lists(st.sampled_from(["a", "b", "b-c", "b.c"]), min_size=1, max_size=4),
                  st.one_of(st.none(), st.integers(0, 1000))),
        max_size=12,
        unique_by=lambda entry: "/".join(entry[0]),
    )
)  # fmt: skip
def test_a_tree_of_scopes_has_a_row_for_each_scope_and_its_subtotal(
    entries: List[Tuple[List[str], Optional[int]]],
) -> None:
    # Names sorted as callers give them (a scope's names together; "b-c" and "b.c" sort before "b/"); a name may
    # also be a scope ("a/b" and "a/b/a"). Every scope gets one row, and its count is the sum over every name
    # below it, computed here by each name's prefixes (an unknown count adds nothing).
    from tfcollections._cli.cells import scope_rows

    counts = {"/".join(parts): count for parts, count in entries}
    names = sorted(counts)
    expected: List[List[str]] = []
    subtotals: Dict[str, int] = {}
    for name in names:
        parts = name.split("/")
        for depth in range(1, len(parts)):
            prefix = "/".join(parts[:depth])
            subtotals[prefix] = subtotals.get(prefix, 0) + (counts[name] or 0)
    previous: List[str] = []
    for name in names:
        scopes = name.split("/")[:-1]
        common = 0
        while common < min(len(scopes), len(previous)) and scopes[common] == previous[common]:
            common += 1
        for depth in range(common, len(scopes)):
            total = subtotals["/".join(scopes[: depth + 1])]
            expected.append(["  " * depth + scopes[depth] + "/", f"{total:,}", ""])
        expected.append(["  " * len(scopes) + name.split("/")[-1], "leaf", name])
        previous = scopes

    def leaf(name: str, label: str, depth: int) -> List[List[str]]:
        assert depth == name.count("/")
        return [[label, "leaf", name]]

    assert scope_rows(names, leaf, 3, counts.get, 1) == expected
    assert scope_rows(names, leaf, 3) == [[row[0], "" if row[1] != "leaf" else "leaf", row[2]] for row in expected]


def test_a_table_aligns_each_column_to_its_widest_cell() -> None:
    from tfcollections._cli.cells import table

    rows = [["name", "dtype", "x"], ["a/very/long", "f"], ["b", "float32", "yy"]]
    assert table(rows, "  ") == ["  name         dtype    x", "  a/very/long  f", "  b            float32  yy"]
    assert table([], "  ") == []


def test_a_variable_rows_flags_read_as_every_flag_joined_by_spaces() -> None:
    # The flags a row shows (trainable, op, device, partition, the checkpoint's word on it), the first three made once
    # per distinct value and kept: every combination, twice, reads as the flags in their order joined by spaces.
    from itertools import product

    from tfcollections._cli import render

    partition = {"full_name": "p", "full_shape": [4, 2], "offset": [2, 0]}
    for _ in range(2):
        for trainable, op, device, part, said in product(
            (True, False, None), (None, "VariableV2", "VarHandleOp", "Variable"), ("", "/cpu:0"), (None, partition),
            (None, "in checkpoint", ""),
        ):  # fmt: skip
            variable = {"trainable": trainable, "op": op, "device": device, "partition": part, "dtype": "DT_FLOAT",
                        "shape": [4, 2], "collections": ["variables"]}  # fmt: skip
            flags = ["trainable"] if trainable else []
            flags += ["no node in the graph"] if op is None else ["resource"] if op == "VarHandleOp" else []
            flags += [f"op {op}"] if op == "Variable" else []
            flags += [f"on {device}"] if device else []
            flags += ["part of p [4, 2] at [2, 0]"] if part else []
            flags += [said] if said is not None else []
            status = None if said is None else (lambda _, said=said: said)
            row = render._variable_row(variable, "w", 8, status)
            expected = ["w", "float32", "(4, 2)", "8", " ".join(flags), "global"]
            assert row == expected, (trainable, op, device, part, said)


def test_training_state_counts_apart_and_an_optimizers_own_variable_is_no_slot() -> None:
    # TF 1 Adam's beta1_power is colocated with the first variable it trains but is no slot of it: shown where its
    # name puts it, counted with training's state. A Keras model's optimizer variables, slots and metric counters
    # count apart as model.summary() counts them: keras2's model has 26 parameters.
    from tfcollections._cli.views import slot_of, training_state

    def variable(name: str, colocated: List[str], path: Any = None) -> Dict[str, Any]:
        return {"name": name, "colocated_with": colocated, "object_path": path}

    names = {name: variable(name, []) for name in ("s/w", "s/b")}
    names["s/w/Adam"] = variable("s/w/Adam", ["s/w"])
    names["s/beta1_power"] = variable("s/beta1_power", ["s/w"])
    assert slot_of(names["s/w/Adam"], names) == "s/w" and slot_of(names["s/beta1_power"], names) is None
    assert training_state(names["s/beta1_power"], names) and not training_state(names["s/b"], names)
    shown = _run(["tests/data/checkpoints/keras2"]).stdout.decode()
    assert "  variables (19): 26 parameters, 26 trainable; 59 more in training's state" in shown
    assert "        + Adam/hidden/kernel/m  float32  (3, 4)  12" in shown  # a TF 2 slot under its variable
