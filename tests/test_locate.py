# SPDX-License-Identifier: Apache-2.0
"""Paths as users hold models: SavedModel directories, export bases, checkpoint directories and prefixes.

Each layout is built in a temporary directory from the committed fixtures, the way TensorFlow (and TF
Serving, and Estimator) lay them out; ``load`` must read the file TensorFlow would, and say how it found it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import tfcollections
from tfcollections._disk.locate import checkpoint_beside

from .helpers import DATA, REPO

META = (REPO / "examples" / "model.meta").read_bytes()
SAVED_MODEL = (DATA / "files" / "serving_half_plus_two_cpu.pb").read_bytes()
SAVED_MODEL_TEXT = (DATA / "files" / "saved_model_two_graphs.pbtxt").read_bytes()
# The last 8 bytes of every TensorFlow table file (a V1 checkpoint, a V2 .index): its footer's magic.
TABLE = b"\x00" * 40 + b"\x57\xfb\x80\x8b\x24\x75\x47\xdb"


def _write(path: Path, data: bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def _checkpoint(folder: Path, prefix: str, meta: bool = True) -> None:
    """A V2 checkpoint as Saver.save writes it: index, one data shard and (by default) the meta graph."""
    _write(folder / f"{prefix}.index", TABLE)
    _write(folder / f"{prefix}.data-00000-of-00001", b"\x00\x00\x80\x3f")
    if meta:
        _write(folder / f"{prefix}.meta", META)


def _state(folder: Path, latest: str, *others: str) -> None:
    lines = [f'model_checkpoint_path: "{latest}"'] + [f'all_model_checkpoint_paths: "{p}"' for p in (*others, latest)]
    _write(folder / "checkpoint", ("\n".join(lines) + "\n").encode())


def _located(path: Path) -> tuple:
    model = tfcollections.load(path)
    return model["path"], model["located"], model["format"]


def test_a_file_is_read_as_given(tmp_path: Path) -> None:
    meta = _write(tmp_path / "model.ckpt-5.meta", META)
    assert _located(meta) == (str(meta), None, "MetaGraphDef")


def test_a_saved_model_directory(tmp_path: Path) -> None:
    _write(tmp_path / "export" / "saved_model.pb", SAVED_MODEL)
    (tmp_path / "export" / "variables").mkdir()
    assert _located(tmp_path / "export") == (
        str(tmp_path / "export" / "saved_model.pb"),
        "the directory's SavedModel",
        "SavedModel",
    )
    _write(tmp_path / "text" / "saved_model.pbtxt", SAVED_MODEL_TEXT)
    path, _, kind = _located(tmp_path / "text")
    assert (path, kind) == (str(tmp_path / "text" / "saved_model.pbtxt"), "SavedModel")


def test_a_saved_model_directory_with_both_encodings_reads_the_binary_as_tensorflow_does(tmp_path: Path) -> None:
    # loader_impl.parse_saved_model tries saved_model.pb first.
    _write(tmp_path / "saved_model.pb", SAVED_MODEL)
    _write(tmp_path / "saved_model.pbtxt", SAVED_MODEL_TEXT)
    path, how, _ = _located(tmp_path)
    assert path == str(tmp_path / "saved_model.pb")
    assert how.endswith("(saved_model.pb, which TensorFlow's loader reads before saved_model.pbtxt beside it)")


def test_an_export_base_reads_the_highest_version_as_tf_serving_does(tmp_path: Path) -> None:
    for version in ("1", "3", "20"):
        _write(tmp_path / version / "saved_model.pb", SAVED_MODEL)
    (tmp_path / "99").mkdir()  # a version being written: no saved_model.pb yet, so not a version
    _write(tmp_path / "temp-1234" / "saved_model.pb", SAVED_MODEL)  # not a number
    path, how, _ = _located(tmp_path)
    assert path == str(tmp_path / "20" / "saved_model.pb")  # numerically highest, not by name ("3" > "20")
    assert how == "version 20 of the export base, the highest of 3 (1, 3, 20), as TF Serving picks"


def test_an_export_base_of_many_versions_lists_the_last_few(tmp_path: Path) -> None:
    for version in range(1, 9):
        _write(tmp_path / f"{1561686000 + version}" / "saved_model.pb", SAVED_MODEL)
    _, how, _ = _located(tmp_path)
    assert how.startswith("version 1561686008 of the export base, the highest of 8 (3 more, 1561686004, ")


def test_a_checkpoint_directory_reads_the_latest_checkpoints_meta_graph(tmp_path: Path) -> None:
    _checkpoint(tmp_path, "model.ckpt-500")
    _checkpoint(tmp_path, "model.ckpt-1000")
    _write(tmp_path / "graph.pbtxt", b"node { name: 'a' op: 'Const' }\n")
    _state(tmp_path, "model.ckpt-1000", "model.ckpt-500")
    assert _located(tmp_path) == (
        str(tmp_path / "model.ckpt-1000.meta"),
        "the latest checkpoint, model.ckpt-1000, named by the directory's checkpoint file",
        "MetaGraphDef",
    )


def test_a_checkpoint_state_written_elsewhere_is_followed_to_the_files_beside_it(tmp_path: Path) -> None:
    # Trained on another machine: the state holds that machine's absolute path.
    _checkpoint(tmp_path, "model.ckpt-7")
    _state(tmp_path, "/home/trainer/run3/model.ckpt-7")
    path, how, _ = _located(tmp_path)
    assert path == str(tmp_path / "model.ckpt-7.meta")
    assert "(written as /home/trainer/run3/model.ckpt-7, found beside the checkpoint file)" in how
    # An absolute path that is there is taken as it is.
    _checkpoint(tmp_path / "elsewhere", "best")
    _state(tmp_path, str(tmp_path / "elsewhere" / "best"))
    assert _located(tmp_path)[0] == str(tmp_path / "elsewhere" / "best.meta")


def test_the_checkpoint_state_is_read_as_text_format_merge_reads_it(tmp_path: Path) -> None:
    _checkpoint(tmp_path, "a b")
    _checkpoint(tmp_path, "old")
    # Comments, escapes, adjacent strings, timestamps, and a repeated field: the last one wins.
    state = (b'# written by hand\nmodel_checkpoint_path: "old"\nall_model_checkpoint_timestamps: 1.5e9\n'
             b"last_preserved_timestamp: 1700000000.25\nmodel_checkpoint_path: 'a' \"\\x20b\"\n")  # fmt: skip
    _write(tmp_path / "checkpoint", state)
    assert _located(tmp_path)[0] == str(tmp_path / "a b.meta")


@pytest.mark.parametrize(
    ("state", "message"),
    [
        (b'all_model_checkpoint_paths: "x"\n', r"names no latest checkpoint \(no model_checkpoint_path\)"),
        (b'model_checkpoint_path: "x\n', "bad checkpoint state file"),
        (b"model_checkpoint_path 'x'\n", "expected ':' after field 'model_checkpoint_path'"),
        (b"{}", "expected a field name of CheckpointState, found '{'"),
        (b'model_checkpoint_path: "missing"\n', "names missing as the latest checkpoint, but"),
    ],
    ids=["no-latest", "never-ending-string", "no-colon", "not-a-field", "names-a-missing-checkpoint"],
)
def test_a_checkpoint_state_that_leads_nowhere_says_why(tmp_path: Path, state: bytes, message: str) -> None:
    _checkpoint(tmp_path, "model.ckpt-1")
    _write(tmp_path / "checkpoint", state)
    with pytest.raises(tfcollections.DecodeError, match=message):
        tfcollections.load(tmp_path)


def test_a_checkpoint_state_naming_a_checkpoint_without_meta_graph_names_those_there(tmp_path: Path) -> None:
    # Real (FrankWork/tfrc): the state names -50, only -25 was committed.
    _checkpoint(tmp_path, "-25")
    _state(tmp_path, "-50", "-25")
    with pytest.raises(tfcollections.DecodeError) as caught:
        tfcollections.load(tmp_path)
    assert caught.value.msg.endswith("names -50 as the latest checkpoint, but no file of it is there; the directory "
                                     "holds checkpoint -25")  # fmt: skip
    # A TF2 checkpoint: no graph is saved with it.
    other = tmp_path / "tf2"
    _checkpoint(other, "ckpt-1", meta=False)
    _state(other, "ckpt-1")
    with pytest.raises(tfcollections.DecodeError, match=r"the directory has no \.meta file: the graph was not saved"):
        tfcollections.load(other)


def test_a_checkpoint_prefix_reads_its_meta_graph(tmp_path: Path) -> None:
    _checkpoint(tmp_path, "model.ckpt-1000")
    assert _located(tmp_path / "model.ckpt-1000") == (
        str(tmp_path / "model.ckpt-1000.meta"),
        "the meta graph of the checkpoint prefix",
        "MetaGraphDef",
    )
    assert tfcollections.load(str(tmp_path / "model.ckpt-1000").encode())["path"] == str(
        tmp_path / "model.ckpt-1000.meta"
    )


def test_a_v1_checkpoint_reads_its_meta_graph(tmp_path: Path) -> None:
    # A V1 checkpoint is one table file named by the prefix itself, the meta graph beside it.
    _write(tmp_path / "model.ckpt", TABLE)
    _write(tmp_path / "model.ckpt.meta", META)
    assert _located(tmp_path / "model.ckpt")[:2] == (
        str(tmp_path / "model.ckpt.meta"),
        "the meta graph of the V1 checkpoint",
    )
    # A file with a .meta beside it that is no table is read as given (and said to be what it is).
    _write(tmp_path / "notes", b"hello\n")
    _write(tmp_path / "notes.meta", META)
    with pytest.raises(tfcollections.DecodeError, match="a text file"):
        tfcollections.load(tmp_path / "notes")


def test_a_checkpoint_prefix_without_meta_graph_says_so(tmp_path: Path) -> None:
    _checkpoint(tmp_path, "ckpt-3", meta=False)
    with pytest.raises(
        tfcollections.DecodeError, match=r"ckpt-3 is a checkpoint prefix \(.*ckpt-3.index\) with no .meta"
    ):
        tfcollections.load(tmp_path / "ckpt-3")
    with pytest.raises(FileNotFoundError):
        tfcollections.load(tmp_path / "nothing-here")


def test_two_candidates_are_an_error_naming_them(tmp_path: Path) -> None:
    _write(tmp_path / "b.meta", META)
    _write(tmp_path / "a.meta", META)
    with pytest.raises(tfcollections.DecodeError) as caught:
        tfcollections.load(tmp_path)
    assert "holds 2 meta graphs and no checkpoint file to say which is the latest: a.meta, b.meta; give one" in str(
        caught.value
    )
    for index in range(7):
        _write(tmp_path / f"m{index}.meta", META)
    with pytest.raises(
        tfcollections.DecodeError,
        match=r"holds 9 meta graphs .*: a\.meta, b\.meta, m0\.meta, m1\.meta, m2\.meta and 4 more",
    ):
        tfcollections.load(tmp_path)
    # A SavedModel and a checkpoint in one directory: TensorFlow has no rule for that either.
    both = tmp_path / "both"
    _write(both / "saved_model.pb", SAVED_MODEL)
    _checkpoint(both, "model.ckpt-1")
    _state(both, "model.ckpt-1")
    with pytest.raises(tfcollections.DecodeError, match=r"holds both a SavedModel \(saved_model.pb\) and a checkpoint"):
        tfcollections.load(both)


def test_the_only_meta_graph_of_a_directory_is_read(tmp_path: Path) -> None:
    _write(tmp_path / "export.meta", META)  # a session bundle export: export.meta beside export-00000-of-00001
    _write(tmp_path / "export-00000-of-00001", TABLE)
    assert _located(tmp_path)[:2] == (str(tmp_path / "export.meta"), "the only meta graph in the directory")


def test_a_directory_without_model_says_what_it_looked_for(tmp_path: Path) -> None:
    looked_for = "no saved_model.pb, no checkpoint file, no numbered versions and no .meta file"
    with pytest.raises(tfcollections.DecodeError, match=f"holds no model: {looked_for}$"):
        tfcollections.load(tmp_path)
    _checkpoint(tmp_path, "ckpt", meta=False)
    with pytest.raises(tfcollections.DecodeError, match=r"it holds a checkpoint \(\.index\) whose graph was not saved"):
        tfcollections.load(tmp_path)
    variables = tmp_path / "model" / "variables"
    _checkpoint(variables, "variables", meta=False)
    with pytest.raises(
        tfcollections.DecodeError, match=r"it is a SavedModel's variables; the model is .*model/saved_model\.pb$"
    ):
        tfcollections.load(variables)
    keras = tmp_path / "keras"
    _write(keras / "model.h5", b"\x89HDF\r\n\x1a\n")
    with pytest.raises(tfcollections.DecodeError, match="it holds models of other formats"):
        tfcollections.load(keras)


def test_the_files_of_a_checkpoint_point_to_its_meta_graph(tmp_path: Path) -> None:
    _checkpoint(tmp_path, "model.ckpt-9")
    _state(tmp_path, "model.ckpt-9")
    meta = tmp_path / "model.ckpt-9.meta"
    cases = {
        "model.ckpt-9.index": "a checkpoint index, not a MetaGraphDef or SavedModel; the meta graph of its checkpoint "
        f"is {meta}",
        "model.ckpt-9.data-00000-of-00001": "a checkpoint data shard (raw tensor bytes), not a MetaGraphDef or "
        f"SavedModel; the meta graph of its checkpoint is {meta}",
        "checkpoint": "a checkpoint state file, not a MetaGraphDef or SavedModel; the meta graph of the latest "
        f"checkpoint it names is {meta}",
    }
    for name, message in cases.items():
        with pytest.raises(tfcollections.DecodeError) as caught:
            tfcollections.load(tmp_path / name)
        assert caught.value.summary == message
    # Without the meta graph: said too.
    _checkpoint(tmp_path / "tf2", "ckpt-1", meta=False)
    with pytest.raises(tfcollections.DecodeError, match=r"no ckpt-1\.meta lies beside it: the graph was not saved"):
        tfcollections.load(tmp_path / "tf2" / "ckpt-1.index")
    # A state file naming nothing readable: what it is, and why it leads nowhere.
    _write(tmp_path / "tf2" / "checkpoint", b'model_checkpoint_path: "ckpt-1"\n')
    with pytest.raises(
        tfcollections.DecodeError, match=r"^a checkpoint state file, not .*; checkpoint state file .* names ckpt-1 "
    ):
        tfcollections.load(tmp_path / "tf2" / "checkpoint")


def test_a_damaged_file_found_from_a_directory_names_the_file(tmp_path: Path) -> None:
    _write(tmp_path / "saved_model.pb", SAVED_MODEL[: len(SAVED_MODEL) // 2])
    with pytest.raises(tfcollections.DecodeError) as caught:
        tfcollections.load(tmp_path)
    assert caught.value.context == (f"the directory's SavedModel, {tmp_path}/saved_model.pb",)
    assert caught.value.msg.startswith("file truncated")
    assert str(caught.value).startswith(f"the directory's SavedModel, {tmp_path}/saved_model.pb: file truncated")


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_links_are_followed_to_files_and_directories(tmp_path: Path) -> None:
    _write(tmp_path / "real" / "1" / "saved_model.pb", SAVED_MODEL)
    os.symlink(tmp_path / "real", tmp_path / "linked")
    assert _located(tmp_path / "linked")[0] == str(tmp_path / "linked" / "1" / "saved_model.pb")
    os.symlink(tmp_path / "gone", tmp_path / "dangling.meta")
    _write(tmp_path / "dir2" / "x", b"")
    os.symlink(tmp_path / "gone", tmp_path / "dir2" / "dangling.meta")  # not a file: not a candidate
    with pytest.raises(tfcollections.DecodeError, match="holds no model"):
        tfcollections.load(tmp_path / "dir2")


def test_a_state_naming_an_absent_checkpoint_is_said_alike_by_every_reader(tmp_path: Path) -> None:
    # The state names cp-0050.ckpt; only cp-0000.ckpt (a TF 2 checkpoint: no .meta) is there. Whether a meta
    # graph or a checkpoint was looked for, the same true words: the checkpoint named is not there at all.
    _checkpoint(tmp_path, "cp-0000.ckpt", meta=False)
    _state(tmp_path, "cp-0050.ckpt", "cp-0000.ckpt")
    said = (
        f"checkpoint state file {tmp_path}/checkpoint names cp-0050.ckpt as the latest checkpoint, but no file of it "
        "is there; the directory holds checkpoint cp-0000.ckpt"
    )
    for read in (tfcollections.load, tfcollections.load_checkpoint):
        with pytest.raises(tfcollections.DecodeError) as caught:
            read(tmp_path)
        assert str(caught.value) == said
    from .test_cli import _run

    result = _run([str(tmp_path)])
    assert (result.returncode, result.stderr.decode()) == (3, f"tfcollections: {tmp_path}: {said}\n")
    # When the checkpoint is there and only its meta graph is not, that is what is said.
    _state(tmp_path, "cp-0000.ckpt")
    with pytest.raises(tfcollections.DecodeError, match=r"cp-0000\.ckpt\.meta is not there; the directory has no"):
        tfcollections.load(tmp_path)


def test_a_sharded_v1_savers_one_shard_is_the_checkpoint_beside_its_meta_graph() -> None:
    # A session bundle (TF 0.12): export.meta beside export-00000-of-00001, the one shard a V1 sharded saver wrote.
    from .test_cli import _run

    folder = DATA / "checkpoints" / "session_bundle"
    assert checkpoint_beside(str(folder / "export.meta"), "MetaGraphDef") == str(folder / "export-00000-of-00001")
    shown = _run([str(folder / "export.meta"), "--require-restore"])
    assert shown.returncode == 0 and b"in checkpoint" in shown.stdout
