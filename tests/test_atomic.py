# SPDX-License-Identifier: Apache-2.0
"""The one writer (``_disk.atomic``): the old file kept whole when any step fails, no leftover of ours after a
failure we can catch, and the leftovers of a killed writer removed by the next write to that place."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable, List

import pytest

import tfcollections
from tfcollections._cli.main import main
from tfcollections._disk import atomic
from tfcollections._disk.atomic import AtomicFile, AtomicFiles, leftover_owner

from .helpers import DATA

OLD = b"the old file, which must survive\n" * 100
CHECKPOINT = DATA / "checkpoints" / "v2"
CNN = DATA / "onnx" / "tf1_cnn" / "model.ckpt.meta"


def _ours(directory: Path) -> List[str]:
    return sorted(name for name in os.listdir(directory) if name.endswith(".partial"))


class _FailingFile:
    """A file whose *step* (``write``, ``flush`` or ``close``) fails as a full disk does."""

    def __init__(self, real: Any, step: str) -> None:
        self.real, self.step = real, step

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self.real, name)
        if name == self.step:

            def fail(*args: Any) -> Any:
                if name == "close":
                    self.real.close()  # the descriptor goes, as a real close that fails to flush does
                raise OSError(errno.ENOSPC, "No space left on device")

            return fail
        return attribute


def _fail_step(monkeypatch: pytest.MonkeyPatch, step: str) -> None:
    if step in ("write", "flush", "close"):
        fdopen = os.fdopen
        monkeypatch.setattr(atomic.os, "fdopen", lambda *args: _FailingFile(fdopen(*args), step))
    else:

        def fail(*args: Any) -> None:
            raise OSError(errno.EIO, "Input/output error")

        monkeypatch.setattr(atomic.os, step, fail)


STEPS = ["write", "flush", "fsync", "close", "replace"]


@pytest.mark.parametrize("step", STEPS)
def test_a_failed_step_keeps_the_old_file_whole_and_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, step: str
) -> None:
    target = tmp_path / "out.bin"
    target.write_bytes(OLD)
    _fail_step(monkeypatch, step)
    with pytest.raises(OSError) as caught, AtomicFile(str(target), True) as file:
        file.write(b"new" * 1000)
    assert caught.value.filename == str(target)  # the error names the destination
    assert target.read_bytes() == OLD
    assert _ours(tmp_path) == []


@pytest.mark.parametrize("step", STEPS)
@pytest.mark.parametrize(
    "write",
    [
        lambda out: tfcollections.export(CHECKPOINT, out, force=True),
        lambda out: tfcollections.freeze(CNN, path=out, force=True),
        lambda out: tfcollections.to_onnx(CNN, path=out, force=True),
    ],
    ids=["export", "freeze", "to_onnx"],
)
def test_every_writer_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, step: str, write: Callable[[str], Any]
) -> None:
    target = tmp_path / "out.safetensors"  # a name export takes; freeze and to_onnx take any
    target.write_bytes(OLD)
    _fail_step(monkeypatch, step)
    with pytest.raises(OSError):
        write(str(target))
    assert target.read_bytes() == OLD
    assert _ours(tmp_path) == []


@pytest.mark.parametrize("step", STEPS)
@pytest.mark.parametrize(("source", "out"), [(CHECKPOINT, "w.safetensors"), (CNN, "frozen.pb"), (CNN, "model.onnx")])
def test_the_command_line_names_the_output_and_keeps_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], step: str, source: Path,
    out: str,
) -> None:  # fmt: skip
    target = tmp_path / out
    target.write_bytes(OLD)
    _fail_step(monkeypatch, step)
    assert main(["export", str(source), str(target), "--force"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"tfcollections export: {target}: not written: "), lines[0]
    assert lines[0].count(str(target)) == 1, lines[0]  # the path once, the reason after it
    assert str(source) not in lines[0]
    assert target.read_bytes() == OLD
    assert _ours(tmp_path) == []


def test_an_interrupted_block_keeps_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "out.bin"
    target.write_bytes(OLD)
    with pytest.raises(KeyboardInterrupt), AtomicFile(str(target), True) as file:
        file.write(b"half")
        raise KeyboardInterrupt
    assert target.read_bytes() == OLD
    assert _ours(tmp_path) == []


def test_a_directory_is_refused_and_left_alone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    directory = tmp_path / "out.safetensors"
    directory.mkdir()
    with pytest.raises(IsADirectoryError) as caught:
        tfcollections.export(CHECKPOINT, directory, force=True)
    assert caught.value.filename == str(directory)
    with pytest.raises(IsADirectoryError):
        tfcollections.to_onnx(CNN, path=directory, force=True)
    assert main(["export", str(CNN), str(directory), "--force"]) == 1
    assert main(["export", str(CHECKPOINT), str(directory), "--force"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[-1] == f"tfcollections export: {directory}: not written: is a directory; name the file to write"
    assert os.listdir(directory) == []
    assert _ours(tmp_path) == []


def test_an_existing_file_is_replaced_only_when_asked_and_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "out.bin"
    target.write_bytes(OLD)
    with pytest.raises(FileExistsError):
        AtomicFile(str(target), False)
    target.chmod(0o640)
    with AtomicFile(str(target), True) as file:
        file.write(b"new")
    assert target.read_bytes() == b"new"
    if os.name != "nt":
        assert target.stat().st_mode & 0o777 == 0o640
    assert _ours(tmp_path) == []


def test_files_of_a_group_are_written_together_or_not_at_all(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = tmp_path / "model.onnx.data", tmp_path / "model.onnx"
    first.write_bytes(OLD)
    second.write_bytes(OLD)
    _fail_step(monkeypatch, "fsync")
    with pytest.raises(OSError), AtomicFiles([str(first), str(second)], True) as (a, b):
        a.write(b"weights")
        b.write(b"model")
    assert first.read_bytes() == OLD and second.read_bytes() == OLD
    assert _ours(tmp_path) == []
    monkeypatch.undo()
    with AtomicFiles([str(first), str(second)], True) as (a, b):
        a.write(b"weights")
        b.write(b"model")
    assert first.read_bytes() == b"weights" and second.read_bytes() == b"model"


_KILLED_WRITER = """
import os, sys
from tfcollections._disk.atomic import AtomicFile
with AtomicFile(sys.argv[1], True) as file:
    file.write(b"half of a model")
    file.flush()
    os.kill(os.getpid(), 9)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="no SIGKILL here")
def test_the_leftover_of_a_killed_writer_is_removed_by_the_next_write(tmp_path: Path) -> None:
    target = tmp_path / "frozen.pb"
    target.write_bytes(OLD)
    child = subprocess.Popen([sys.executable, "-c", _KILLED_WRITER, str(target)])
    assert child.wait() == -signal.SIGKILL
    assert target.read_bytes() == OLD  # the kill left the old file whole ...
    (leftover,) = _ours(tmp_path)  # ... and our temporary beside it, which nothing could remove then
    assert leftover_owner(leftover, "frozen.pb") == child.pid
    # Someone else's file of a similar name, and the leftover of a writer still running, are not ours to remove.
    alive = tmp_path / f".frozen.pb.{os.getpid()}.{'a' * 12}.partial"
    alive.write_bytes(b"being written")
    other = tmp_path / ".frozen.pb.notes.partial"
    other.write_bytes(b"mine")
    written = tfcollections.freeze(CNN, path=target, force=True)
    assert target.read_bytes() == written
    assert sorted(_ours(tmp_path)) == sorted([alive.name, other.name])


def test_an_unowned_leftover_goes_once_it_is_old(tmp_path: Path) -> None:
    target = tmp_path / "w.npz"
    fresh = tmp_path / ".w.npz.0123456789ab.partial"
    stale = tmp_path / ".w.npz.ba9876543210.partial"
    fresh.write_bytes(b"")
    stale.write_bytes(b"")
    an_hour_ago = time.time() - 3700
    os.utime(stale, (an_hour_ago, an_hour_ago))
    with AtomicFiles([str(target)], False) as files:
        assert files[0].write(b"x") == 1
    assert _ours(tmp_path) == [fresh.name]


@pytest.mark.parametrize(
    ("name", "owner"),
    [
        (".frozen.pb.123.0123456789ab.partial", 123),
        (".frozen.pb.0123456789ab.partial", 0),
        (".frozen.pb.0123456789AB.partial", None),
        (".frozen.pb.12.34.0123456789ab.partial", None),
        (".frozen.pb.x1.0123456789ab.partial", None),
        (".frozen.pb.0.0123456789ab.partial", None),
        (".frozen.pbx.1.0123456789ab.partial", None),
        ("frozen.pb.1.0123456789ab.partial", None),
        (".frozen.pb.1.0123456789ab", None),
    ],
)
def test_only_names_of_our_pattern_are_leftovers(name: str, owner: Any) -> None:
    assert leftover_owner(name, "frozen.pb") == owner


def test_a_directory_that_cannot_be_listed_or_synced_costs_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: Any) -> Any:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(atomic.os, "listdir", refuse)
    assert atomic.remove_leftovers(str(tmp_path / "out.bin")) == []
    real_open = os.open

    def no_directory(path: Any, flags: int, *args: Any) -> int:
        if os.path.isdir(path):
            raise PermissionError(13, "Permission denied")
        return real_open(path, flags, *args)

    monkeypatch.setattr(atomic.os, "open", no_directory)
    with AtomicFile(str(tmp_path / "out.bin"), False) as file:
        file.write(b"written")
    assert (tmp_path / "out.bin").read_bytes() == b"written"


def test_a_leftover_that_cannot_be_removed_is_passed_by(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    leftover = tmp_path / ".out.bin.1.0123456789ab.partial"
    leftover.write_bytes(b"")
    monkeypatch.setattr(atomic, "_running", lambda pid: False)

    def refuse(path: Any) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(atomic.os, "unlink", refuse)
    assert atomic.remove_leftovers(str(tmp_path / "out.bin")) == []
    assert leftover.exists()


def test_a_process_of_another_user_is_running(monkeypatch: pytest.MonkeyPatch) -> None:
    def not_yours(pid: int, signal_number: int) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(atomic.os, "kill", not_yours)
    assert atomic._running(1) is True


def test_an_interrupt_while_the_file_is_made_durable_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out.bin"
    target.write_bytes(OLD)

    def interrupted(descriptor: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(atomic.os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt), AtomicFile(str(target), True) as file:
        file.write(b"new")
    assert target.read_bytes() == OLD
    assert _ours(tmp_path) == []
