# SPDX-License-Identifier: Apache-2.0
"""Which file holds the model, given a path as users hold it.

Strategy: users hold a SavedModel as a directory (``saved_model_cli show --dir``), an export base with
numbered versions (TF Serving's layout), a checkpoint directory (an Estimator's ``model_dir``, with a
``checkpoint`` state file naming the latest checkpoint) or a checkpoint prefix (``model.ckpt-1000``), and
only rarely the ``.meta`` or ``saved_model.pb`` file itself. A path is resolved to one file by names only
(``stat`` and ``listdir``; the one exception reads a V1 checkpoint's last 8 bytes), following TensorFlow's
own rules where it has one: ``saved_model.pb`` before ``saved_model.pbtxt`` (``loader_impl.parse_saved_model``),
the highest numbered version (TF Serving's default policy), the ``checkpoint`` file's
``model_checkpoint_path`` (``checkpoint_management.get_checkpoint_state``: the last one given wins, a relative
path is relative to the directory). Where TensorFlow would have to guess (two ``.meta`` files and no
``checkpoint`` file; a SavedModel and a checkpoint in one directory), the error names the candidates. Every
resolution is said, in words, beside the file it found, so that the reader of the output knows which file
it is looking at. The checkpoint readers use the same rules (``checkpoint_state_prefix``,
``checkpoint_beside``, ``data_shard_prefix``), so that a meta graph and its checkpoint are found alike.
"""

from __future__ import annotations

import os
import stat

from .._errors import DecodeError
from .lookalikes import TABLE_MAGIC

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final, List, Optional, Tuple

SAVED_MODEL_FILES: Final = ("saved_model.pb", "saved_model.pbtxt")  # the order TensorFlow's loader tries them in
CHECKPOINT_STATE: Final = "checkpoint"
# The footer magic of TensorFlow's table files (a V1 checkpoint, a V2 checkpoint's .index), little-endian.


def locate(path: str) -> Tuple[str, Optional[str]]:
    """The file to read for *path*, and how it was found (``None`` when *path* is that file).

    Raises ``DecodeError`` naming what was looked for when a directory or checkpoint holds no meta graph,
    or names the candidates when there are two. A path where there is nothing is left to ``open`` (its
    ``FileNotFoundError`` is the right answer).
    """
    mode = _mode(path)
    if mode is None:
        if _mode(path + ".meta") is not None:
            return path + ".meta", "the meta graph of the checkpoint prefix"
        if _is_file(path + ".index"):
            raise DecodeError(
                f"{shown(path)} is a checkpoint prefix ({shown(path)}.index) with no .meta beside it: its graph was "
                "not saved with it (Saver(write_meta_graph=False), or a TF2 checkpoint)"
            )
        return path, None
    if stat.S_ISDIR(mode):
        return _in_directory(path)
    if stat.S_ISREG(mode) and _is_file(path + ".meta") and _is_table(path):
        return path + ".meta", "the meta graph of the V1 checkpoint"
    return path, None


def saved_model_file(folder: str) -> Optional[str]:
    """The file ``load(folder)`` reads as the directory's SavedModel (``saved_model.pb``, else ``.pbtxt``, as
    TensorFlow's loader looks); None for a path that is no directory, holds neither, or also holds a checkpoint
    state file (then ``load`` asks which to read)."""
    if _is_file(os.path.join(folder, CHECKPOINT_STATE)):
        return None
    for name in SAVED_MODEL_FILES:
        candidate = os.path.join(folder, name)
        if _is_file(candidate):
            return candidate
    return None


def checkpoint_beside(path: Optional[str], kind: str) -> Optional[str]:
    """The prefix of the checkpoint that lies beside a meta graph file (the same prefix: ``model.ckpt.meta``
    beside ``model.ckpt.index``, a V1 ``model.ckpt``, or a V1 ``model.ckpt-00000-of-00001``), or a SavedModel's
    ``variables/variables``; or None."""
    if path is None:
        return None
    if kind == "SavedModel":
        prefix = os.path.join(os.path.dirname(path), "variables", "variables")
        return prefix if _is_file(prefix + ".index") else None
    if not path.endswith(".meta"):
        return None
    prefix = path[: -len(".meta")]
    if _is_file(prefix + ".index") or (_is_file(prefix) and _is_table(prefix)):
        return prefix
    # A V1 saver of sharded=True writes its one shard as <prefix>-00000-of-00001 (a session bundle's export): that
    # file is the checkpoint. (Of several shards, each holds a part: no one file is the checkpoint.)
    shard = prefix + "-00000-of-00001"
    if _is_file(shard) and _is_table(shard):
        return shard
    return None


def beside(path: str) -> Tuple[Optional[str], Optional[str]]:
    """For a file of a checkpoint, which is no meta graph (its ``.index``, a ``.data-*`` shard, the
    ``checkpoint`` state file): what it is (when its content cannot say) and where its meta graph is.

    Both are ``None`` for any other file, and each may be.
    """
    folder, name = os.path.split(path)
    if name == CHECKPOINT_STATE:
        try:
            found, _ = _from_checkpoint_state(folder or ".")
        except DecodeError as exc:
            return "a checkpoint state file", exc.summary
        return "a checkpoint state file", f"the meta graph of the latest checkpoint it names is {shown(found)}"
    shard = data_shard_prefix(name)
    prefix = shard if shard is not None else name[: -len(".index")] if name.endswith(".index") else None
    if prefix is None:
        return None, None
    what = "a checkpoint data shard (raw tensor bytes)" if shard is not None else "a checkpoint index"
    meta = os.path.join(folder, prefix + ".meta")
    if _is_file(meta):
        return what, f"the meta graph of its checkpoint is {shown(meta)}"
    return what, f"no {prefix}.meta lies beside it: the graph was not saved with the checkpoint"


def _in_directory(folder: str) -> Tuple[str, Optional[str]]:
    try:
        names = sorted(os.listdir(folder))
    except OSError as exc:
        raise DecodeError(f"cannot list directory {shown(folder)}: {exc.strerror or exc}") from None
    saved_models = [name for name in SAVED_MODEL_FILES if name in names and _is_file(os.path.join(folder, name))]
    has_state = CHECKPOINT_STATE in names and _is_file(os.path.join(folder, CHECKPOINT_STATE))
    if saved_models:
        found = os.path.join(folder, saved_models[0])
        if has_state:
            raise DecodeError(
                f"directory {shown(folder)} holds both a SavedModel ({saved_models[0]}) and a checkpoint (its "
                f"checkpoint file): give the file to read, {shown(found)} or the checkpoint's .meta"
            )
        how = "the directory's SavedModel"
        if len(saved_models) > 1:
            how += " (saved_model.pb, which TensorFlow's loader reads before saved_model.pbtxt beside it)"
        return found, how
    if has_state:
        return _from_checkpoint_state(folder)
    versions = _versions(folder, names)
    if versions:
        number, found = versions[-1]
        numbers = ", ".join(str(number) for number, _ in versions[-5:])
        more = f"{len(versions) - 5} more, " if len(versions) > 5 else ""
        return found, (
            f"version {number} of the export base, the highest of {len(versions)} ({more}{numbers}), as TF Serving "
            "picks"
        )
    metas = [name for name in names if name.endswith(".meta") and _is_file(os.path.join(folder, name))]
    if len(metas) == 1:
        return os.path.join(folder, metas[0]), "the only meta graph in the directory"
    if metas:
        listed = ", ".join(metas[:5]) + (f" and {len(metas) - 5} more" if len(metas) > 5 else "")
        raise DecodeError(
            f"directory {shown(folder)} holds {len(metas)} meta graphs and no checkpoint file to say which is the "
            f"latest: {listed}; give one of them (or all: -r on the command line, find_models in Python)"
        )
    raise DecodeError(f"directory {shown(folder)} holds no model: {_what_is_missing(folder, names)}")


def _what_is_missing(folder: str, names: List[str]) -> str:
    looked_for = "no saved_model.pb, no checkpoint file, no numbered versions and no .meta file"
    if any(name.endswith(".index") for name in names):
        if os.path.basename(os.path.normpath(folder)) == "variables" and "variables.index" in names:
            parent = os.path.dirname(os.path.normpath(folder)) or "."
            return f"it is a SavedModel's variables; the model is {shown(os.path.join(parent, 'saved_model.pb'))}"
        return f"{looked_for}; it holds a checkpoint (.index) whose graph was not saved with it"
    if any(name.endswith((".h5", ".keras", ".tflite", ".onnx")) for name in names):
        return f"{looked_for}; it holds models of other formats"
    return looked_for


def _versions(folder: str, names: List[str]) -> List[Tuple[int, str]]:
    """The numbered versions of an export base that hold a SavedModel, lowest first, each with its file."""
    versions = []
    for name in names:
        if not _is_number(name):
            continue
        for saved_model in SAVED_MODEL_FILES:
            candidate = os.path.join(folder, name, saved_model)
            if _is_file(candidate):
                versions.append((int(name), candidate))
                break
    versions.sort()
    return versions


def _from_checkpoint_state(folder: str) -> Tuple[str, str]:
    """The meta graph of the latest checkpoint that the directory's ``checkpoint`` file names."""
    prefix, how = checkpoint_state_prefix(folder, ".meta")
    return v1_shards_base(prefix) + ".meta", how


def checkpoint_state_prefix(folder: str, suffix: str) -> Tuple[str, str]:
    """The prefix of the latest checkpoint the directory's ``checkpoint`` file names, and how it was found;
    ``prefix + suffix`` must be there (``.meta`` for the meta graph; ``.index``, or ``""`` for a V1 file)."""
    state = os.path.join(folder, CHECKPOINT_STATE)
    try:
        with open(state, "rb") as file:
            content = file.read(1 << 20)  # a few hundred bytes; a megabyte is no state file
    except OSError as exc:
        raise DecodeError(f"cannot read checkpoint state file {shown(state)}: {exc.strerror or exc}") from None
    latest = _latest_checkpoint(content, state)
    prefix = latest if os.path.isabs(latest) else os.path.join(folder, latest)
    suffixes = (suffix,) if suffix == ".meta" else (".index", "")

    def there(candidate: str) -> bool:
        if suffix == ".meta":
            return _is_file(v1_shards_base(candidate) + suffix)
        if is_pattern(candidate):  # a sharded V1 checkpoint: its shards are there
            return bool(matching_files(candidate))
        return any(_is_file(candidate + ending) for ending in suffixes)

    moved = ""
    if not there(prefix) and os.path.isabs(latest):
        # Written on the machine that trained it: the absolute path is not here, the files beside it are.
        local = os.path.join(folder, os.path.basename(latest))
        if there(local):
            prefix, moved = local, f" (written as {latest}, found beside the checkpoint file)"
    if not there(prefix) and not _checkpoint_files(prefix) and not (is_pattern(prefix) and matching_files(prefix)):
        # Nothing of the checkpoint it names is here: the same words whichever file was looked for.
        others = _checkpoint_prefixes(folder)
        has = (
            f"the directory holds checkpoint{'s' if len(others) > 1 else ''} {', '.join(others)}"
            if others
            else "the directory holds no checkpoint"
        )
        raise DecodeError(
            f"checkpoint state file {shown(state)} names {latest} as the latest checkpoint, but no file of it is "
            f"there; {has}"
        )
    if not there(prefix):
        if suffix == ".meta":
            found = sorted(name for name in os.listdir(folder) if name.endswith(".meta"))
            missing = "the graph was not saved with the checkpoint"
        else:
            found = sorted(name for name in os.listdir(folder) if name.endswith(".index"))
            missing = "the checkpoint's files are not there"
        what = f"{shown(v1_shards_base(prefix))}{suffix}" if suffix == ".meta" else f"{shown(prefix)}.index"
        has = (
            f"the directory has {', '.join(found)}" if found else f"the directory has no {suffixes[0]} file: {missing}"
        )
        raise DecodeError(
            f"checkpoint state file {shown(state)} names {latest} as the latest checkpoint, but {what} is not there; "
            f"{has}"
        )
    how = f"the latest checkpoint, {os.path.basename(prefix)}{moved}, named by the directory's checkpoint file"
    return prefix, how


def is_pattern(path: str) -> bool:
    """Whether a checkpoint path is a file pattern: a sharded V1 checkpoint is ``model.ckpt-?????-of-00003``."""
    return any(char in os.path.basename(path) for char in "*?[")


def matching_files(pattern: str) -> List[str]:
    """The files a checkpoint pattern matches, sorted, as TensorFlow's readers take one (``GetMatchingPaths``:
    the pattern is matched against the names in its directory)."""
    import fnmatch  # noqa: PLC0415 (it loads re: only a sharded V1 checkpoint needs it)

    folder, name = os.path.split(pattern)
    try:
        names = os.listdir(folder or ".")
    except OSError:
        return []
    return [
        os.path.join(folder, found)
        for found in sorted(fnmatch.filter(names, name))
        if _is_file(os.path.join(folder, found))
    ]


def v1_shards_base(pattern: str) -> str:
    """The prefix a sharded V1 checkpoint's meta graph is saved under: ``model.ckpt-7-?????-of-00002`` is
    ``model.ckpt-7`` (``Saver`` writes ``<checkpoint file>.meta``), any other path as it is."""
    base, _, count = pattern.rpartition("-?????-of-")
    return base if base and len(count) == 5 and _is_number(count) else pattern


def _checkpoint_files(prefix: str) -> List[str]:
    """The files of the checkpoint *prefix* that are there: its ``.index``, ``.meta``, data shards, V1 file."""
    folder, base = os.path.split(prefix)
    try:
        names = os.listdir(folder or ".")
    except OSError:
        return []
    return sorted(
        name for name in names
        if name in (base, base + ".index", base + ".meta") or data_shard_prefix(name) == base
    )  # fmt: skip


def _checkpoint_prefixes(folder: str) -> List[str]:
    """The checkpoints a directory holds, by prefix: those of its ``.index`` and ``.meta`` files."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    return sorted({name.rsplit(".", 1)[0] for name in names if name.endswith((".index", ".meta"))})


def _latest_checkpoint(content: bytes, state: str) -> str:
    """``model_checkpoint_path`` of a text-format ``CheckpointState`` (the last one given wins, as with
    ``text_format.Merge``); the other fields (``all_model_checkpoint_paths``, timestamps) are passed over."""
    # Only when a state file is read: a path to a model file never loads the text layer.
    from .._proto.text import TextTokens  # noqa: PLC0415 (see above)
    from .._proto.textscan import IDENT  # noqa: PLC0415 (see above)

    tokens = TextTokens(content)
    latest: Optional[bytes] = None
    try:
        while True:
            tokens.skip_blanks()
            if tokens.peek() == -1:
                break
            match = IDENT.match(content, tokens.pos)
            if match is None:
                raise tokens.error(f"expected a field name of CheckpointState, found {tokens.describe()}")
            name = match.group().decode("ascii")
            tokens.pos = match.end()
            if name == "model_checkpoint_path":
                if not tokens.take(":"):
                    raise tokens.error(f"expected ':' after field {name!r}, found {tokens.describe()}", field=name)
                latest, _ = tokens.read_strings(name)
            else:
                tokens.skip_value(name)
    except DecodeError as exc:
        exc._within(f"bad checkpoint state file {shown(state)}")
        raise
    if not latest:
        raise DecodeError(f"checkpoint state file {shown(state)} names no latest checkpoint (no model_checkpoint_path)")
    return os.fsdecode(latest)


def _is_number(name: str) -> bool:
    return name.isascii() and name.isdigit()


def data_shard_prefix(name: str) -> Optional[str]:
    """The prefix of a checkpoint data shard's name, ``<prefix>.data-00000-of-00001``, or None.

    (Not a regular expression: ``re`` stays off the import of a plain binary load.)
    """
    prefix, dot_data, shard = name.rpartition(".data-")
    index, of, count = shard.partition("-of-")
    if dot_data and of and len(index) == len(count) == 5 and _is_number(index) and _is_number(count):
        return prefix
    return None


def _mode(path: str) -> Optional[int]:
    try:
        return os.stat(path).st_mode
    except (OSError, ValueError):  # missing, a dangling link, a name with a NUL
        return None


def _is_file(path: str) -> bool:
    mode = _mode(path)
    return mode is not None and stat.S_ISREG(mode)


def _is_table(path: str) -> bool:
    try:
        with open(path, "rb") as file:
            file.seek(-8, os.SEEK_END)
            return file.read(8) == TABLE_MAGIC
    except OSError:  # shorter than 8 bytes, unreadable
        return False


def shown(path: str) -> str:
    """A path as it can be printed: bytes that are not UTF-8 (surrogate-escaped by Python) as \\xNN."""
    try:
        return path.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:  # a lone surrogate that no file name can hold
        return path.encode("utf-8", "backslashreplace").decode("utf-8")
