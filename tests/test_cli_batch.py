# SPDX-License-Identifier: Apache-2.0
"""The command line over many inputs: several paths, --jsonl, -r over a tree, progress, and located paths."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Dict, List

import pytest

from .helpers import DATA, REPO
from .test_cli import EXAMPLE, _run

META = Path(EXAMPLE).read_bytes()
SAVED_MODEL = (DATA / "files" / "serving_half_plus_two_cpu.pb").read_bytes()
SAVED_MODEL_TEXT = (DATA / "files" / "saved_model_two_graphs.pbtxt").read_bytes()
FINGERPRINT = b"\x08\x01\x10\x02\x18\x03\x20\x04\x28\x05"  # a SavedModel fingerprint: five varints


def _tree(root: Path) -> Dict[str, bytes]:
    """A model zoo as people keep one: models under any name, look-alikes and other files beside them."""
    files = {
        "a/model.ckpt-10.meta": META,
        "a/model.ckpt-10.index": b"\x00" * 40 + b"\x57\xfb\x80\x8b\x24\x75\x47\xdb",
        "a/checkpoint": b'model_checkpoint_path: "model.ckpt-10"\n',
        "a/graph.pbtxt": b'node { name: "x" op: "Const" }\n',
        "b/export/1/saved_model.pb": SAVED_MODEL,
        "b/export/1/fingerprint.pb": FINGERPRINT,
        "b/renamed.bin": META,  # found by content, whatever its name
        "c/saved_model.pbtxt": SAVED_MODEL_TEXT,
        "c/README.md": b"# models\n",
        "c/pointer.meta": b"version https://git-lfs.github.com/spec/v1\noid sha256:00\nsize 10\n",
        "d/broken.meta": META[:100],  # named like one, starts like one: a damaged model, reported
        "d/noise.bin": META[:100],  # the same bytes under another name: not taken for a model
        "d/empty.meta": b"",
        "d/unity.meta": b"fileFormatVersion: 2\nguid: 0123\n",
    }
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    return files


def _lines(out: bytes) -> List[Dict[str, Any]]:
    return [json.loads(line) for line in out.decode().splitlines()]


def test_several_files_are_shown_in_turn_and_a_failure_does_not_stop_the_rest() -> None:
    result = _run([EXAMPLE, "missing.meta", "tests/data/files/serving_half_plus_two_cpu.pb"])
    assert result.returncode == 3
    out = result.stdout.decode()
    assert out.startswith(f"{EXAMPLE}: MetaGraphDef (binary), 1 meta graph\n")
    assert "\n\ntests/data/files/serving_half_plus_two_cpu.pb: SavedModel (binary), 1 meta graph\n" in out
    assert result.stderr.decode() == "tfcollections: missing.meta: cannot read: No such file or directory\n"
    assert _run([EXAMPLE, EXAMPLE]).returncode == 0


def test_jsonl_is_one_object_per_file_errors_included() -> None:
    result = _run(["--jsonl", EXAMPLE, "missing.meta", "tests/data/files/unbalanced.meta.txt", "examples"])
    assert result.returncode == 3 and result.stderr == b""
    first, missing, damaged, directory = _lines(result.stdout)
    single = json.loads(_run(["--json", EXAMPLE]).stdout)
    assert first == single  # the same document as --json, on one line
    assert (first["path"], first["file"], first["located"]) == (EXAMPLE, EXAMPLE, None)
    assert missing == {
        "path": "missing.meta",
        "error": {"type": "FileNotFoundError", "message": "[Errno 2] No such file or directory: 'missing.meta'"},
    }
    assert damaged["error"]["type"] == "DecodeError"
    assert damaged["error"]["message"].startswith("bad text-format MetaGraphDef: unbalanced braces")
    assert damaged["error"]["field_path"].startswith("MetaGraphDef.collection_def")
    assert damaged["error"]["line"] > 1
    assert isinstance(damaged["error"]["offset"], int) and damaged["error"]["column"] >= 1
    assert (directory["path"], directory["file"]) == ("examples", "examples/model.meta")
    assert directory["located"] == "the only meta graph in the directory"


def test_a_directory_is_shown_with_the_file_it_leads_to(tmp_path: Path) -> None:
    (tmp_path / "7").mkdir()
    (tmp_path / "7" / "saved_model.pb").write_bytes(SAVED_MODEL)
    result = _run([str(tmp_path)])
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode().startswith(
        f"{tmp_path}: version 7 of the export base, the highest of 1 (7), as TF Serving picks:\n"
        f"{tmp_path}/7/saved_model.pb: SavedModel (binary), 1 meta graph\n"
    )
    document = json.loads(_run(["--json", str(tmp_path)]).stdout)
    assert (document["path"], document["file"]) == (str(tmp_path), str(tmp_path / "7" / "saved_model.pb"))


def test_recursion_finds_the_models_of_a_tree_by_content(tmp_path: Path) -> None:
    _tree(tmp_path)
    result = _run(["-r", "--jsonl", "--no-graph", str(tmp_path)])
    assert result.returncode == 3  # the damaged one
    found = {os.path.relpath(line["path"], tmp_path): line for line in _lines(result.stdout)}
    assert sorted(found) == [
        "a/graph.pbtxt",  # an Estimator's graph: a text GraphDef
        "a/model.ckpt-10.meta",
        "b/export/1/saved_model.pb",
        "b/renamed.bin",
        "c/saved_model.pbtxt",
        "d/broken.meta",
    ]
    assert found["d/broken.meta"]["error"]["message"].startswith("file truncated")
    assert found["b/renamed.bin"]["format"] == "MetaGraphDef"
    assert found["c/saved_model.pbtxt"]["encoding"] == "text"
    # The summary form lists the same files, each under its own name; the damaged one on stderr.
    summary = _run(["-r", "--no-graph", str(tmp_path)])
    headers = [line for line in summary.stdout.decode().splitlines() if line.startswith(str(tmp_path))]
    assert [os.path.relpath(line.split(":")[0], tmp_path) for line in headers] == [
        "a/graph.pbtxt",  # an Estimator's graph: a text GraphDef
        "a/model.ckpt-10.meta",
        "b/export/1/saved_model.pb",
        "b/renamed.bin",
        "c/saved_model.pbtxt",
    ]
    assert summary.stderr.decode().count("\n") == 1 and "d/broken.meta: file truncated" in summary.stderr.decode()


def test_recursion_takes_files_and_directories_together(tmp_path: Path) -> None:
    _tree(tmp_path)
    result = _run(["-r", "--jsonl", "--no-graph", EXAMPLE, str(tmp_path / "c")])
    assert [line["path"] for line in _lines(result.stdout)] == [EXAMPLE, str(tmp_path / "c" / "saved_model.pbtxt")]
    assert result.returncode == 0
    # A tree without any model is no failure: nothing to show.
    empty = tmp_path / "nothing"
    empty.mkdir()
    assert _run(["-r", str(empty)]).returncode == 0


@pytest.mark.skipif(not hasattr(os, "symlink") or not hasattr(os, "mkfifo"), reason="needs links and named pipes")
def test_recursion_passes_over_link_cycles_and_pipes(tmp_path: Path) -> None:
    (tmp_path / "m.meta").write_bytes(META)
    os.symlink(tmp_path, tmp_path / "loop")  # a link to a directory: not followed
    os.symlink(tmp_path / "m.meta", tmp_path / "link.meta")  # a link to a file: followed
    os.symlink(tmp_path / "gone", tmp_path / "dangling.meta")
    os.mkfifo(tmp_path / "pipe.meta")  # opening it would block the walk forever
    result = _run(["-r", "--jsonl", "--no-graph", str(tmp_path)])
    assert [os.path.basename(line["path"]) for line in _lines(result.stdout)] == ["link.meta", "m.meta"]
    assert result.returncode == 0


def test_a_directory_that_cannot_be_listed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from tfcollections._cli import main as _cli

    def refuse(path: str) -> Any:
        raise PermissionError(13, "Permission denied", path)

    monkeypatch.setattr(_cli.os, "scandir", refuse)
    result = _run(["-r", str(tmp_path)])
    assert result.returncode == 3
    assert result.stderr.decode() == f"tfcollections: {tmp_path}: cannot list: Permission denied\n"


def test_filters_in_a_batch_leave_a_file_with_nothing_rather_than_failing() -> None:
    saved_model = "tests/data/files/serving_half_plus_two_cpu.pb"
    result = _run(["--jsonl", "--tag", "serve", "--collection", "train_op", EXAMPLE, saved_model])
    assert result.returncode == 0, result.stderr
    example, served = _lines(result.stdout)
    assert example["meta_graphs"] == []  # no tags at all
    assert [mg["meta_info_def"]["tags"] for mg in served["meta_graphs"]] == [["serve"]]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--json", EXAMPLE, EXAMPLE], "--json shows one file; --jsonl gives one JSON object per file"),
        (["--json", "-r", "examples"], "--json shows one file; --jsonl gives one JSON object per file"),
        (["--json", "--jsonl", EXAMPLE], "argument --jsonl: not allowed with argument --json"),
        (["-", "-"], "standard input (-) can be read once"),
    ],
    ids=["json-of-two", "json-of-a-tree", "json-and-jsonl", "stdin-twice"],
)
def test_batch_usage_errors(args: List[str], message: str) -> None:
    result = _run(args)
    assert result.returncode == 2 and result.stdout == b""
    assert message in result.stderr.decode() and result.stderr.count(b"\n") == 1


def test_progress_on_a_terminal(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from tfcollections._cli.progress import Progress

    _tree(tmp_path)
    monkeypatch.setattr(Progress, "DELAY", 0.0)
    monkeypatch.setattr(Progress, "INTERVAL", 0.0)
    result = _run(["-r", "--no-graph", str(tmp_path)], terminal=True)
    err = result.stderr.decode()
    assert "\rtfcollections: 1 files looked at, 0 read: " in err  # rewritten in place
    assert "\r\x1b[K" in err  # and wiped before an error line and at the end
    assert "d/broken.meta: file truncated" in err
    assert err.endswith("tfcollections: 5 read, 1 failed, of 14 files looked at\n")
    # Not on a terminal (a pipe, a log file, the tests above), nor with --quiet or --jsonl: no progress at all.
    assert "\r" not in _run(["-r", "--no-graph", str(tmp_path)]).stderr.decode()
    assert "\r" not in _run(["-r", "--no-graph", "-q", str(tmp_path)], terminal=True).stderr.decode()
    assert "\r" not in _run(["-r", "--no-graph", "--jsonl", str(tmp_path)], terminal=True).stderr.decode()


def test_a_single_input_shows_no_progress_even_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    from tfcollections._cli.progress import Progress

    monkeypatch.setattr(Progress, "DELAY", 0.0)
    result = _run([EXAMPLE], terminal=True)
    assert result.returncode == 0 and result.stderr == b""


def test_the_parallel_scan_example_runs_here(tmp_path: Path) -> None:
    import subprocess
    import sys

    _tree(tmp_path)
    script = REPO / "examples" / "parallel_scan.py"
    result = subprocess.run([sys.executable, str(script), "--workers", "2", str(tmp_path)], capture_output=True,
                            timeout=120, cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)})  # fmt: skip
    assert result.returncode == 1, result.stderr  # the damaged file
    rows = _lines(result.stdout)
    assert sorted(os.path.relpath(row["path"], tmp_path) for row in rows) == [
        "a/graph.pbtxt",  # an Estimator's graph: a text GraphDef
        "a/model.ckpt-10.meta",
        "b/export/1/saved_model.pb",
        "b/renamed.bin",
        "c/saved_model.pbtxt",
        "d/broken.meta",
    ]
    by_name = {os.path.basename(row["path"]): row for row in rows}
    assert by_name["model.ckpt-10.meta"]["trainable_parameters"] == 73  # as the command line counts them
    assert by_name["broken.meta"]["error"].startswith("file truncated")


def test_find_models_is_the_walk_of_the_command_line(tmp_path: Path) -> None:
    import tfcollections

    _tree(tmp_path)
    found = [os.path.relpath(path, tmp_path) for path in tfcollections.find_models(tmp_path)]
    assert found == ["a/graph.pbtxt", "a/model.ckpt-10.meta", "b/export/1/saved_model.pb", "b/renamed.bin",
                     "c/saved_model.pbtxt", "d/broken.meta"]  # fmt: skip
    errors: List[OSError] = []
    assert list(tfcollections.find_models(tmp_path / "missing", onerror=errors.append)) == []
    assert [error.filename for error in errors] == [str(tmp_path / "missing")]
    assert list(tfcollections.find_models(str(tmp_path / "missing"))) == []  # as os.walk: passed over
