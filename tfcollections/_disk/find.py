# SPDX-License-Identifier: Apache-2.0
"""Which checkpoint a path means, by TensorFlow's rules: a prefix, its ``.index``, a ``.data-*`` shard, a V1
file or a sharded V1 pattern, a directory with a ``checkpoint`` state file, a SavedModel directory.

Strategy: names and a file's last 8 bytes (the table magic) decide; nothing is parsed. What the path is
instead, when it is no checkpoint, is said from its first bytes (``sniff``), so the reader that follows
(``checkpoint.load_checkpoint``) meets only tables.
"""

from __future__ import annotations

import os

from .._errors import DecodeError
from .locate import checkpoint_state_prefix, data_shard_prefix, is_pattern, matching_files, shown
from .lookalikes import TABLE_MAGIC
from .sniff import sniff

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Optional, Tuple


def find_checkpoint(path: str) -> Tuple[str, str, Optional[str]]:
    """(prefix, "V2" or "V1", how it was found or None) for any path users hold a checkpoint by."""
    if os.path.isdir(path):
        if os.path.isfile(os.path.join(path, "checkpoint")):
            prefix, how = checkpoint_state_prefix(path, ".index")
            return (*_format_of(prefix, path), how)
        variables = os.path.join(path, "variables", "variables")
        if os.path.isfile(variables + ".index"):
            return variables, "V2", "the variables of the directory's SavedModel"
        if os.path.basename(os.path.normpath(path)) == "variables" and os.path.isfile(
            os.path.join(path, "variables.index")
        ):
            return os.path.join(path, "variables"), "V2", "the SavedModel's variables"
        indexes = sorted(name for name in os.listdir(path) if name.endswith(".index"))
        if len(indexes) == 1:
            return os.path.join(path, indexes[0][: -len(".index")]), "V2", "the only checkpoint in the directory"
        if indexes:
            raise DecodeError(
                f"directory {shown(path)} holds {len(indexes)} checkpoints and no checkpoint file to say which is "
                f"the latest: {', '.join(indexes[:5])}{' ...' if len(indexes) > 5 else ''}; give one prefix"
            )
        raise DecodeError(f"directory {shown(path)} holds no checkpoint: no checkpoint file, no .index, no SavedModel")
    name = os.path.basename(path)
    if name.endswith(".index") and os.path.isfile(path):
        return path[: -len(".index")], "V2", None
    shard = data_shard_prefix(name)
    if shard is not None and os.path.isfile(path):
        return os.path.join(os.path.dirname(path), shard), "V2", None
    if name.endswith(".meta") and (os.path.isfile(path[: -len(".meta")] + ".index") or os.path.isfile(path[:-5])):
        return (*_format_of(path[: -len(".meta")], path), "the checkpoint beside the meta graph")
    return (*_format_of(path, path), None)


def _format_of(prefix: str, given: str) -> Tuple[str, str]:
    if is_pattern(prefix) and not os.path.isfile(prefix + ".index"):
        # A sharded V1 checkpoint (model.ckpt-?????-of-00003): every file the pattern matches is one of its tables.
        files = matching_files(prefix)
        if not files:
            raise FileNotFoundError(2, f"no checkpoint {shown(prefix)}: no file matches the pattern", given)
        for table_file in files:
            _format_of(table_file, given)
        return prefix, "V1"
    if os.path.isfile(prefix + ".index"):
        return prefix, "V2"
    if os.path.isfile(prefix):
        with open(prefix, "rb") as file:
            size = os.fstat(file.fileno()).st_size
            if size >= 8:
                file.seek(size - 8)
                if file.read(8) == TABLE_MAGIC:
                    return prefix, "V1"
        raise DecodeError(f"{shown(given)} is not a checkpoint: {what_instead(prefix)}", 0)
    raise FileNotFoundError(2, f"no checkpoint {shown(prefix)}: neither {shown(prefix)}.index nor a V1 file", given)


def what_instead(path: str) -> str:
    """What a file that is no checkpoint table is, said from its first bytes."""
    with open(path, "rb") as file:
        head = file.read(512)
    if head.startswith(b"version https://git-lfs.github.com/spec/"):
        return "a Git LFS pointer, not the file itself: fetch it with `git lfs pull`"
    if not head:
        return "an empty file"
    kind = sniff(path)  # its top level, walked: a meta graph or SavedModel in the wrong place
    if path.endswith(".meta") or kind == "MetaGraphDef":
        return "a meta graph (.meta); its checkpoint is the prefix without .meta"
    if kind == "SavedModel":
        return "a SavedModel (saved_model.pb); its checkpoint is variables/variables beside it"
    return "its last 8 bytes are not TensorFlow's table magic (a checkpoint's .index, or a V1 checkpoint)"
