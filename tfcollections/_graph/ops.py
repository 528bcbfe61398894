# SPDX-License-Identifier: Apache-2.0
"""What a graph's ops can do to the host: the ops a reviewer of a model from elsewhere looks for.

Strategy: one table, op name to what it does, from TensorFlow's registry and the model scanners' lists
(the sources are named above it); the graph scan lists the nodes of these ops (``"flagged"``), the command
line's summary names them, and the security scan (``_scan``) gives each kind a severity.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Dict, Final, FrozenSet, Iterable

# What an op can do, in the words the command line and the scan use.
PYTHON: Final = "runs Python"

NETWORK: Final = "talks to other hosts"

WRITES: Final = "writes files"

READS: Final = "reads files"

CHECKPOINTS: Final = "saves or restores checkpoints"  # every graph with a Saver has these

PRINTS: Final = "prints"

# TensorFlow's own `saved_model_cli scan` denies ReadFile, WriteFile and PrintV2 (_OP_DENYLIST,
# python/tools/saved_model_cli.py, TF 2.21); the model scanners (protectai/modelscan, promptfoo/modelaudit) add
# MatchingFiles and PyFunc. The rest were picked from the op names of TensorFlow's registry (0.12 to 2.21, the
# scan's data) by what TensorFlow documents each to do: open a path, a database or a connection it is given, run
# Python, print. The list is the library's; the scan's documentation lists it, and every op of a graph is in its
# census for a check against another list.
# fmt: off
FLAGGED_OPS: Final[Dict[str, str]] = {
    "PyFunc": PYTHON, "PyFuncStateless": PYTHON, "EagerPyFunc": PYTHON,
    "Rpc": NETWORK, "RpcCall": NETWORK, "RpcClient": NETWORK, "RpcServer": NETWORK, "RpcServerRegister": NETWORK,
    "RpcServerStart": NETWORK, "TryRpc": NETWORK, "DataServiceDataset": NETWORK, "DataServiceDatasetV2": NETWORK,
    "DataServiceDatasetV3": NETWORK, "DataServiceDatasetV4": NETWORK, "BigQueryReader": NETWORK,
    "GenerateBigQueryReaderPartitions": NETWORK, "DebugIdentity": NETWORK, "DebugNanCount": NETWORK,
    "DebugNumericSummary": NETWORK,  # their debug_urls may be grpc:// (or file://)
    "WriteFile": WRITES, "DatasetToTFRecord": WRITES, "ExperimentalDatasetToTFRecord": WRITES, "SaveDataset": WRITES,
    "SaveDatasetV2": WRITES, "DistributedSave": WRITES, "SnapshotDataset": WRITES, "SnapshotDatasetV2": WRITES,
    "CreateSummaryFileWriter": WRITES, "CreateSummaryDbWriter": WRITES, "DebugIdentityV2": WRITES,
    "DebugIdentityV3": WRITES, "DebugNumericSummaryV2": WRITES, "FileSystemSetConfiguration": WRITES,
    "ReadFile": READS, "MatchingFiles": READS, "MatchingFilesDataset": READS, "ExperimentalMatchingFilesDataset": READS,
    "ImmutableConst": READS, "TextLineDataset": READS, "TFRecordDataset": READS, "TFRecordDatasetV2": READS,
    "FixedLengthRecordDataset": READS, "FixedLengthRecordDatasetV2": READS, "CSVDataset": READS, "CSVDatasetV2": READS,
    "ExperimentalCSVDataset": READS, "LMDBDataset": READS, "ExperimentalLMDBDataset": READS, "SqlDataset": READS,
    "ExperimentalSqlDataset": READS, "SequenceFileDataset": READS, "TextLineReader": READS, "TextLineReaderV2": READS,
    "TFRecordReader": READS, "TFRecordReaderV2": READS, "FixedLengthRecordReader": READS,
    "FixedLengthRecordReaderV2": READS, "WholeFileReader": READS, "WholeFileReaderV2": READS, "LMDBReader": READS,
    "RecordInput": READS, "InitializeTableFromTextFile": READS, "InitializeTableFromTextFileV2": READS,
    "LoadDataset": READS, "SnapshotDatasetReader": READS, "SnapshotNestedDatasetReader": READS,
    "SnapshotChunkDataset": READS, "ListSnapshotChunksDataset": READS,
    "Save": CHECKPOINTS, "SaveV2": CHECKPOINTS, "SaveSlices": CHECKPOINTS, "Restore": CHECKPOINTS,
    "RestoreV2": CHECKPOINTS, "RestoreSlice": CHECKPOINTS, "MergeV2Checkpoints": CHECKPOINTS,
    "LoadAndRemapMatrix": CHECKPOINTS, "DTensorRestoreV2": CHECKPOINTS,
    "Print": PRINTS, "PrintV2": PRINTS,  # PrintV2's output_stream may name a file
}
# fmt: on

# A saver's own ops: what every graph that saves has. The scan passes over them where a saver runs them.
SAVER_OPS: Final[FrozenSet[str]] = frozenset(op for op, does in FLAGGED_OPS.items() if does == CHECKPOINTS)


def is_flagged(op: str) -> bool:
    """Whether the table flags *op* (what the graph scan watches by default)."""
    return op in FLAGGED_OPS


def flagged(ops: Iterable[str]) -> Dict[str, str]:
    """The ops of *ops* that the table flags, each with what it does, in the order given."""
    return {op: FLAGGED_OPS[op] for op in ops if op in FLAGGED_OPS}
