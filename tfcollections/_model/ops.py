# SPDX-License-Identifier: Apache-2.0
"""What a graph's ops can do to the host: the ops a reviewer of a model from elsewhere looks for.

Strategy: one table, op name to what it does, from TensorFlow's registry and the model scanners' lists
(the sources are named above it); the graph scan counts every op, and ``flagged`` picks those of the table.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Dict, Final, Iterable

# Ops that read or write files or run Python: what a reviewer of a model from elsewhere looks for. TensorFlow's
# own `saved_model_cli scan` denies ReadFile, WriteFile and PrintV2 (_OP_DENYLIST, python/tools/saved_model_cli.py,
# TF 2.21); model scanners (protectai/modelscan, promptfoo/modelaudit) add MatchingFiles and PyFunc; the rest are
# every op of TensorFlow 2.21's registry that opens a path it is given. The command line's
# documentation lists them.
_FILES = "reads or writes files"

_PYTHON = "runs Python"

_CHECKPOINTS = "saves or restores checkpoints"  # every graph with a Saver has these

# fmt: off
FLAGGED_OPS: Final[Dict[str, str]] = {
    "PyFunc": _PYTHON, "PyFuncStateless": _PYTHON, "EagerPyFunc": _PYTHON,
    "ReadFile": _FILES, "WriteFile": _FILES, "PrintV2": _FILES, "MatchingFiles": _FILES,
    "MatchingFilesDataset": _FILES, "ExperimentalMatchingFilesDataset": _FILES, "ImmutableConst": _FILES,
    "Save": _CHECKPOINTS, "SaveV2": _CHECKPOINTS, "SaveSlices": _CHECKPOINTS, "Restore": _CHECKPOINTS,
    "RestoreV2": _CHECKPOINTS, "RestoreSlice": _CHECKPOINTS, "MergeV2Checkpoints": _CHECKPOINTS,
    "LoadAndRemapMatrix": _CHECKPOINTS,
    "TextLineDataset": _FILES, "TFRecordDataset": _FILES, "FixedLengthRecordDataset": _FILES,
    "CSVDataset": _FILES, "ExperimentalCSVDataset": _FILES, "LMDBDataset": _FILES, "ExperimentalLMDBDataset": _FILES,
    "TextLineReader": _FILES, "TextLineReaderV2": _FILES, "TFRecordReader": _FILES, "TFRecordReaderV2": _FILES,
    "FixedLengthRecordReader": _FILES, "FixedLengthRecordReaderV2": _FILES, "WholeFileReader": _FILES,
    "WholeFileReaderV2": _FILES, "LMDBReader": _FILES, "InitializeTableFromTextFile": _FILES,
    "InitializeTableFromTextFileV2": _FILES, "SaveDataset": _FILES, "LoadDataset": _FILES, "SnapshotDataset": _FILES,
    "SnapshotDatasetV2": _FILES, "DatasetToTFRecord": _FILES, "ExperimentalDatasetToTFRecord": _FILES,
    "CreateSummaryFileWriter": _FILES, "DebugIdentity": _FILES, "DebugIdentityV2": _FILES,
}
# fmt: on


def is_flagged(op: str) -> bool:
    """Whether the table flags *op* (what the graph scan watches by default)."""
    return op in FLAGGED_OPS


def flagged(ops: Iterable[str]) -> Dict[str, str]:
    """The ops of *ops* that the table flags, each with what it does, in the order given."""
    return {op: FLAGGED_OPS[op] for op in ops if op in FLAGGED_OPS}
