# SPDX-License-Identifier: Apache-2.0
"""The one way the library writes a file: under a temporary name beside it, renamed over it once whole.

Strategy: every writer (``export``, ``freeze``, ``to_onnx`` and the command lines over them) writes through
``AtomicFiles``. Each file is created under a name of the library's own pattern in its destination's directory
(``.NAME.PID.HEX.partial``: hidden, the writing process's id, 12 random hex digits), written, flushed, synced
to disk and closed; only when every step of every file of the group has succeeded are the temporaries renamed
over their destinations (``os.replace``, atomic within a directory). Any failure before that (a write, flush,
fsync or close that fails, an exception or Ctrl-C in the caller's block) removes every temporary and leaves each
destination as it was, old file whole; the error raised names the destination, never a source. A process killed
outright cannot clean up, so each write first looks in its directory for leftovers of its destination's pattern
and removes those whose process is gone (their process id is in the name; a name without one, from an older
version, once an hour has passed since it was last written). A destination that exists is replaced only when
asked, keeps its permission bits, and is refused when it is a directory.
"""

from __future__ import annotations

import contextlib
import errno
import os
import time

TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import TracebackType
    from typing import IO, List, Optional, Sequence, Type

# A leftover without a process id in its name (written before names carried one) is taken as abandoned once it
# has not been written for this long.
_UNOWNED_AGE = 3600.0


def temporary_name(path: str, pid: int, token: str) -> str:
    """The temporary of *path* written by process *pid*: hidden, beside it, in the library's own pattern."""
    directory, base = os.path.split(path)
    return os.path.join(directory, f".{base}.{pid}.{token}.partial")


_HEX = frozenset("0123456789abcdef")


def leftover_owner(name: str, base: str) -> Optional[int]:
    """The process id in *name* when it is a temporary of *base* in the library's pattern; 0 for one without a
    process id (written before names carried one); None for any other name."""
    prefix = "." + base + "."
    if not (name.startswith(prefix) and name.endswith(".partial")):
        return None
    parts = name[len(prefix) : -len(".partial")].split(".")
    token = parts[-1]
    if len(token) != 12 or not _HEX.issuperset(token) or len(parts) > 2:
        return None
    if len(parts) == 1:
        return 0
    return int(parts[0]) if parts[0].isdigit() and parts[0].isascii() and int(parts[0]) > 0 else None


def _running(pid: int) -> bool:
    """Whether process *pid* exists on this machine (on Windows, where signal 0 would end it, always true)."""
    if os.name == "nt" or pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists, and belongs to someone else
        return True
    return True


def remove_leftovers(path: str) -> List[str]:
    """Remove the temporaries of *path* that an earlier writer could not (killed outright, power lost), and give
    their paths. One whose process still runs is left alone: it is still being written."""
    directory, base = os.path.split(os.path.abspath(path))
    try:
        names = [name for name in os.listdir(directory) if name.startswith("." + base + ".")]
    except OSError:  # the directory cannot be listed: creating the temporary will say why
        return []
    removed = []
    for name in names:
        owner = leftover_owner(name, base)
        if owner is None:
            continue
        leftover = os.path.join(directory, name)
        try:
            abandoned = not _running(owner) if owner else time.time() - os.lstat(leftover).st_mtime > _UNOWNED_AGE
            if abandoned:
                os.unlink(leftover)
                removed.append(leftover)
        except OSError:  # gone already, or not ours to remove: the write goes on
            continue
    return removed


def check_destination(path: str, replace: bool) -> None:
    """Refuse *path* as a destination: ``IsADirectoryError`` for a directory, ``FileExistsError`` for anything
    else that exists unless *replace*. Writers call it before they read their source, and again to write."""
    if os.path.isdir(path):
        raise IsADirectoryError(errno.EISDIR, "is a directory; name the file to write", path)
    if os.path.lexists(path) and not replace:
        raise FileExistsError(errno.EEXIST, "exists (give force=True, --force, to replace it)", path)


def _named(exc: OSError, path: str) -> OSError:
    """*exc* as an error about *path* (a failed write or close names no file; a rename names the temporary)."""
    code = exc.errno if exc.errno is not None else errno.EIO
    return OSError(code, exc.strerror or str(exc) or os.strerror(code), path)


def _unlink_quietly(path: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


class AtomicFiles:
    """Files written as one: ``with AtomicFiles([a, b], replace) as (fa, fb): ...`` gives each destination's
    temporary, open for binary writing; when the block ends well they are made durable and renamed over their
    destinations together; on any failure every temporary is removed and every destination left as it was.
    A destination that exists is refused unless *replace* (``FileExistsError``), and always when it is a directory
    (``IsADirectoryError``); a directory that cannot be written raises ``OSError`` naming it. ``removed`` lists
    the leftovers of earlier, killed writers that were cleared from the destinations' directories."""

    def __init__(self, paths: Sequence[str], replace: bool) -> None:
        self.paths = list(paths)
        self.temporaries: List[str] = []
        self.files: List[IO[bytes]] = []
        self.removed: List[str] = []
        for path in self.paths:
            check_destination(path, replace)
        try:
            for path in self.paths:
                self.removed += remove_leftovers(path)
                self._create(path)
        except BaseException:
            self._discard()
            raise

    def _create(self, path: str) -> None:
        temporary = temporary_name(os.path.abspath(path), os.getpid(), os.urandom(6).hex())
        try:
            # Created as open() creates a file (the umask decides its mode), under a name no one else picks.
            flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
            descriptor = os.open(temporary, flags, 0o666)
        except OSError as exc:  # the directory is missing or cannot be written: say which directory
            directory = os.path.dirname(os.path.abspath(path))
            raise OSError(exc.errno, f"cannot write a file there: {exc.strerror}", directory) from None
        self.temporaries.append(temporary)
        self.files.append(os.fdopen(descriptor, "w+b"))
        try:
            mode = os.stat(path).st_mode & 0o7777  # a file replaced keeps its permissions
        except OSError:
            return
        with contextlib.suppress(OSError):  # not ours to set (another owner's file): the umask's mode stands
            os.chmod(temporary, mode)

    def __enter__(self) -> List[IO[bytes]]:
        return self.files

    def __exit__(
        self, kind: Optional[Type[BaseException]], value: Optional[BaseException], traceback: Optional[TracebackType]
    ) -> None:
        if kind is not None:
            self._discard()
            if isinstance(value, OSError) and value.filename is None and len(self.paths) == 1:
                raise _named(value, self.paths[0]) from value  # a write that failed (disk full): name the file
            return
        path = self.paths[0]
        try:
            for path, file in zip(self.paths, self.files):  # noqa: B007 (path: the one the error names)
                file.flush()
                os.fsync(file.fileno())
                file.close()
            for path, temporary in zip(self.paths, self.temporaries):
                os.replace(temporary, path)
        except OSError as exc:
            self._discard()
            raise _named(exc, path) from exc
        except BaseException:
            self._discard()
            raise
        _sync_directory(os.path.dirname(os.path.abspath(self.paths[0])))

    def _discard(self) -> None:
        for file in self.files:
            with contextlib.suppress(OSError):
                file.close()  # the descriptor is closed even when the flush in it fails
        for temporary in self.temporaries:
            _unlink_quietly(temporary)


class AtomicFile(AtomicFiles):
    """One file written atomically: ``with AtomicFile(path, replace) as file: file.write(...)``."""

    def __init__(self, path: str, replace: bool) -> None:
        super().__init__([path], replace)

    def __enter__(self) -> IO[bytes]:  # type: ignore[override]
        return self.files[0]


def _sync_directory(directory: str) -> None:
    """Make a rename in *directory* durable where the system allows (POSIX); a failure loses nothing written."""
    if os.name == "nt":
        return
    try:
        descriptor = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(descriptor)
    finally:
        os.close(descriptor)
