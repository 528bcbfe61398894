# SPDX-License-Identifier: Apache-2.0
"""The command line's contract (docs/cli.md, "The contract"), held for every command against one matrix of inputs.

Each command is given each input that is not what it reads (a missing path, an empty directory, a text file, a
damaged model, a look-alike: a file of a neighbouring kind), with and without ``--json``: the status is 3, stderr
is one line naming the command, stdout is empty (or, with ``--json``, the JSON document of the failure), and no
traceback. ``--help`` is status 0 on stdout. A reader that closes the output before the command writes (a pipe
whose read end is closed: every write fails) ends each command quietly, status 0. The commands run in this
process with an injected environment (main's ``Environment``), and in processes of their own for the pipes.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Callable, Dict, List, Tuple

import pytest

from tfcollections._cli.main import Environment, main
from tfcollections._cli.status import ExitStatus

REPO = Path(__file__).parent.parent
EXAMPLE = "examples/model.meta"
CHECKPOINT = "tests/data/checkpoints/diff/v2/a"
RECORDS = "tests/data/records/examples.tfrecord"
EVENTS = "tests/data/events/tf2"

# Each command's arguments for an input, and the look-alike it is given: a file of a neighbouring kind.
COMMANDS: Dict[str, Tuple[Callable[[str, Path], List[str]], str]] = {
    "show": (lambda given, tmp: [given], RECORDS),
    "scan": (lambda given, tmp: ["scan", given], RECORDS),
    "export": (lambda given, tmp: ["export", given, str(tmp / "out.npz")], RECORDS),
    "diff": (lambda given, tmp: ["diff", given, CHECKPOINT], RECORDS),
    "records": (lambda given, tmp: ["records", given], "event file"),
    "events": (lambda given, tmp: ["events", given], RECORDS),
    "run": (lambda given, tmp: ["run", given], RECORDS),
    "compat": (lambda given, tmp: ["compat", given], RECORDS),
}
# The commands with --json (run's is --json too; export's conversion and copy alike).
WITH_JSON = {"show", "scan", "export", "diff", "records", "events", "run", "compat"}


def _event_file() -> str:
    found = sorted((REPO / EVENTS).glob("*tfevents*"))
    return str(found[0].relative_to(REPO))


def _inputs(tmp: Path) -> Dict[str, str]:
    (tmp / "empty").mkdir()
    (tmp / "notes.txt").write_text("hello, these are notes\n")
    (tmp / "damaged.meta").write_bytes((REPO / EXAMPLE).read_bytes()[:3000])
    return {
        "missing": str(tmp / "missing.meta"),
        "empty directory": str(tmp / "empty"),
        "another kind": str(tmp / "notes.txt"),
        "damaged": str(tmp / "damaged.meta"),
    }


def _run(args: List[str]) -> Tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(args, Environment(io.BytesIO(), out, err, cwd=str(REPO)))
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("json_output", [False, True], ids=["text", "json"])
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_answers_an_input_it_cannot_read_with_3_and_one_line(
    command: str, json_output: bool, tmp_path: Path
) -> None:
    build, lookalike = COMMANDS[command]
    inputs = _inputs(tmp_path)
    inputs["look-alike"] = _event_file() if lookalike == "event file" else lookalike
    if command == "scan":  # a tree walker: an empty directory is nothing found, not a failure
        del inputs["empty directory"]
    for case, given in inputs.items():
        args = build(given, tmp_path) + (["--json"] if json_output and command in WITH_JSON else [])
        status, out, err = _run(args)
        where = f"{command} of {case}: {args}"
        assert status == ExitStatus.UNREADABLE, (where, status, err)
        assert err.count("\n") == 1 and err.startswith("tfcollections"), (where, err)
        assert "Traceback" not in err and "internal error" not in err, (where, err)
        if out:  # with --json, a program reading stdout gets the failure as JSON
            assert json_output, (where, out)
            json.loads(out)
        assert not (tmp_path / "out.npz").exists(), where


def test_scan_of_an_empty_directory_is_nothing_found() -> None:
    status, out, err = _run(["scan", "docs"])  # no model under it
    assert (status, err) == (ExitStatus.OK, "") and out == "scanned 0 files: nothing found\n"


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_prints_its_help_with_status_0_and_the_statuses(command: str) -> None:
    status, out, err = _run([command, "--help"])
    assert (status, err) == (ExitStatus.OK, "") and out.startswith("usage: tfcollections")
    assert "exit status, as every command's: 0 done; 1 the answer is no" in " ".join(out.split())


def test_help_of_help_is_the_overview_and_an_unknown_format_names_every_known_one() -> None:
    assert _run(["help", "--help"]) == _run(["--help"])
    status, out, err = _run(["export", CHECKPOINT, "weights.txt"])
    assert (status, out) == (ExitStatus.USAGE, "") and err.count("\n") == 1
    assert ".safetensors or .npz (tensors), .pb (a frozen graph) or .onnx, or give --format" in err


# Each command on an input it reads, whose output a reader closes before anything is written.
READ: Dict[str, List[str]] = {
    "show": [EXAMPLE],
    "show --json": ["--json", EXAMPLE],
    "show -r": ["-r", "examples", "tests/data/files"],
    "scan": ["scan", "tests/data/scan"],
    "export": ["export", CHECKPOINT, "OUT", "--json"],
    "diff": ["diff", CHECKPOINT, "tests/data/checkpoints/diff/v2/b"],
    "records": ["records", RECORDS, "--json"],
    "events": ["events", "tests/data/events"],
    "events --csv": ["events", "tests/data/events", "--csv"],
    "events --jsonl": ["events", "tests/data/events", "--jsonl"],
    "compat": ["compat", EXAMPLE],
    "help": ["--help"],
}


@pytest.mark.parametrize("case", sorted(READ))
def test_a_reader_that_closes_early_ends_every_command_quietly(case: str, tmp_path: Path) -> None:
    args = [str(tmp_path / "out.npz") if arg == "OUT" else arg for arg in READ[case]]
    read_end, write_end = os.pipe()
    os.close(read_end)  # every write to the pipe fails: the reader is gone before the first
    try:
        result = subprocess.run([sys.executable, "-m", "tfcollections", *args], stdout=write_end,
                                stderr=subprocess.PIPE, cwd=REPO, timeout=120)  # fmt: skip
    finally:
        os.close(write_end)
    assert (result.returncode, result.stderr.decode()) == (ExitStatus.OK, ""), case


def test_a_records_look_alike_says_what_it_is_and_which_command_reads_it(tmp_path: Path) -> None:
    # records of an event file, events of a TFRecord of Examples, records of a model: each names the file's kind.
    status, out, err = _run(["records", _event_file()])
    assert (status, out) == (3, "") and "a TensorBoard event file" in err and "`tfcollections events FILE`" in err
    status, out, err = _run(["events", RECORDS])
    assert (status, out) == (3, "") and "not an event file" in err and "`tfcollections records FILE`" in err
    shutil.copy(REPO / EXAMPLE, tmp_path / "model.meta")
    status, out, err = _run(["records", str(tmp_path / "model.meta")])
    assert (status, out) == (3, "") and "is a MetaGraphDef, not a TFRecord file" in err
