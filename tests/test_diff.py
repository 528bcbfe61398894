# SPDX-License-Identifier: Apache-2.0
"""``diff``: two checkpoints, two models, a model and a checkpoint.

tests/data/checkpoints/diff holds two pairs of checkpoints TensorFlow wrote (tools/generate_checkpoint_fixtures.py
diff): V2 and V1, ``b`` with one variable added, one reshaped and one float changed; ``diff.expected.json`` says
so, with numpy's largest differences of TensorFlow's own values.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any, Dict

import pytest

import tfcollections
from tfcollections import DecodeError

from .helpers import DATA

CHECKPOINTS = DATA / "checkpoints"
EXPECTED: Dict[str, Any] = json.loads((CHECKPOINTS / "diff.expected.json").read_text())


@pytest.mark.parametrize("version", ["v2", "v1"])
def test_pairs_tensorflow_wrote(version: str) -> None:
    a, b = (CHECKPOINTS / prefix for prefix in EXPECTED["pairs"][version])
    found = tfcollections.diff(str(a), str(b))
    assert found["kind"] == "checkpoints" and found["equal"] is False
    tensors = found["tensors"]
    assert (tensors["only_in_a"], tensors["only_in_b"]) == (EXPECTED["only_in_a"], EXPECTED["only_in_b"])
    assert {change["name"]: change["what"] for change in tensors["changed"]} == EXPECTED["changed"]
    assert tensors["same"] == len(EXPECTED["same"])
    # A V2 checkpoint stores each tensor's CRC32C: told apart without reading a value; a V1 one is read.
    assert tensors["compared_by"] == ("crc32c" if version == "v2" else "bytes")
    assert all(change["max_abs_diff"] is None for change in tensors["changed"])
    with_values = tfcollections.diff(str(a), str(b), values=True)["tensors"]
    kernel = next(change for change in with_values["changed"] if change["name"] == "dense/kernel")
    assert kernel["max_abs_diff"] == EXPECTED["max_abs_diff"]["dense/kernel"]
    assert kernel["max_rel_diff"] == EXPECTED["max_rel_diff"]["dense/kernel"]
    assert with_values["compared_by"] == "bytes"
    reshaped = next(change for change in with_values["changed"] if change["name"] == "emb")
    assert (reshaped["a"]["shape"], reshaped["b"]["shape"]) == ([5, 2], [2, 5])
    assert tfcollections.diff(str(a), str(a))["equal"] is True


def test_the_same_values_however_stored() -> None:
    # The same variables saved to one shard and to two: equal by their CRCs, and by their bytes.
    assert tfcollections.diff(CHECKPOINTS / "v2", CHECKPOINTS / "v2_sharded")["equal"] is True
    assert tfcollections.diff(CHECKPOINTS / "v2", CHECKPOINTS / "v2_sharded", values=True)["equal"] is True
    # V1 against V2: V1 cannot hold bfloat16 or the wide unsigned types; the rest are the same values.
    mixed = tfcollections.diff(CHECKPOINTS / "v1", CHECKPOINTS / "v2")["tensors"]
    assert mixed["only_in_b"] == ["floats/bf16", "ints/uint32", "ints/uint64"] and mixed["changed"] == []


def test_models_and_frozen_graphs() -> None:
    frozen = DATA / "files" / "frozen_graph.pb"
    same = tfcollections.diff(frozen, DATA / "files" / "frozen_graph.pbtxt")  # the same graph, binary and text
    assert same["kind"] == "models" and same["equal"] is True and same["tensors"]["same"] == 23
    other = tfcollections.diff(frozen, DATA / "files" / "frozen_regression.pb")
    assert other["equal"] is False and other["ops"] and other["tensors"]["only_in_a"]
    example = DATA.parent.parent / "examples" / "model.meta"
    itself = tfcollections.diff(tfcollections.load(example), example)
    assert itself["equal"] is True and itself["tensors"]["same"] > 0 and itself["collections"]["changed"] == []


def test_a_model_and_a_checkpoint() -> None:
    restore = CHECKPOINTS / "restore"
    same = tfcollections.diff(restore / "same.meta", restore)
    assert same["kind"] == "model and checkpoint" and same["equal"] is True
    reshaped = tfcollections.diff(restore, restore / "reshaped.meta")  # the checkpoint first: the sides swap
    changed = reshaped["tensors"]["changed"]
    assert reshaped["equal"] is False and changed and all(change["what"] == "shape" for change in changed)
    assert changed[0]["a"]["shape"] != changed[0]["b"]["shape"]


def test_trouble_is_an_error_and_exit_status_2(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="no checkpoint"):
        tfcollections.diff(tmp_path / "nothing", CHECKPOINTS / "v2")
    (tmp_path / "junk").write_bytes(b"junk" * 10)
    with pytest.raises(DecodeError):
        tfcollections.diff(tmp_path / "junk", CHECKPOINTS / "v2")
    copy = tmp_path / "v2"
    shutil.copytree(CHECKPOINTS / "v2", copy)
    shard = next(copy.glob("*.data-*"))
    data = bytearray(shard.read_bytes())
    data[-1] ^= 0xFF
    shard.write_bytes(bytes(data))
    with pytest.raises(DecodeError, match="is damaged"):
        tfcollections.diff(copy, CHECKPOINTS / "v2", values=True)
    from .test_cli import _run

    result = _run(["diff", str(tmp_path / "nothing"), "tests/data/checkpoints/v2"])
    assert result.returncode == 2 and result.stderr.decode().count("\n") == 1


def test_the_command_line() -> None:
    from .test_cli import _run

    a, b = (f"tests/data/checkpoints/{prefix}" for prefix in EXPECTED["pairs"]["v2"])
    result = _run(["diff", a, b])
    assert result.returncode == 1
    assert result.stdout.decode().splitlines()[2:] == [
        "only in b (1): extra",
        "changed (2):",
        "  dense/kernel: values differ (float32, (4, 3))",
        "  emb: shape (5, 2) -> (2, 5)",
        "the same: 3 tensors (compared by crc32c)",
    ]
    values = _run(["diff", a, b, "--values"]).stdout.decode()
    assert "  dense/kernel: values differ (float32, (4, 3)): max |a - b| 0.5, max relative 0.995886\n" in values
    assert _run(["diff", a, a]).returncode == 0
    as_json = json.loads(_run(["diff", a, b, "--json"]).stdout)
    assert as_json["tensors"]["only_in_b"] == ["extra"] and as_json["equal"] is False
    assert _run(["diff", a]).returncode == 2
