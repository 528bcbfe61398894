# SPDX-License-Identifier: Apache-2.0
"""decode and encode against what real TensorFlow and protobuf wrote and parsed.

The fixtures come from tools/generate_fixtures.py (TensorFlow 2.21, protobuf's
upb parser); see their "tensorflow"/"protobuf" keys for the exact versions.
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import tfcollections

from .helpers import load_items, same

REAL = load_items("tf_items")
RANDOM = load_items("tf_random_items")
MUTATIONS = load_items("tf_mutations")


def _ids(items: List[Dict[str, Any]]) -> List[str]:
    return [f"{item['collection']}-{index}" for index, item in enumerate(items)]


@pytest.mark.parametrize("item", REAL + RANDOM, ids=_ids(REAL) + [f"random-{i}" for i in _ids(RANDOM)])
def test_decode_equals_protobuf_and_encode_restores_the_bytes(item: Dict[str, Any]) -> None:
    blob = bytes.fromhex(item["hex"])
    decoded = tfcollections.decode(item["collection"], blob)
    assert same(decoded, item["expected"])
    assert same(tfcollections.decode_strict(item["collection"], blob), item["expected"])
    assert tfcollections.encode(item["collection"], decoded) == blob


def test_mutations_agree_with_protobuf_on_every_verdict_and_value() -> None:
    disagreements = []
    for item in MUTATIONS:
        blob = bytes.fromhex(item["hex"])
        decoded = tfcollections.decode(item["collection"], blob)
        if item["expected"] is None:
            ok = decoded is blob
            if ok:
                with pytest.raises(tfcollections.DecodeError):
                    tfcollections.decode_strict(item["collection"], blob)
        else:
            ok = same(decoded, item["expected"])
        if not ok:
            disagreements.append(item["hex"])
    assert disagreements == []
    verdicts = [item["expected"] is None for item in MUTATIONS]
    assert 1000 < sum(verdicts) < len(MUTATIONS) - 1000  # both verdicts well represented


def _collections_of(items: List[Dict[str, Any]]) -> set:
    return {item["collection"] for item in items}


def test_the_real_model_covers_every_registered_collection() -> None:
    assert _collections_of(REAL) == set(tfcollections.COLLECTIONS)


def test_the_real_model_covers_the_cases_the_contract_names() -> None:
    values = [item["expected"] for item in REAL]
    variables = [v for item, v in zip(REAL, values) if item["collection"] == "variables"]
    assert any(v["save_slice_info_def"] is not None for v in variables)  # partitioned
    assert any(v["is_resource"] for v in variables)
    assert any(v["synchronization"] == "VARIABLE_SYNCHRONIZATION_ON_READ" for v in variables)
    savers = [v for item, v in zip(REAL, values) if item["collection"] == "savers"]
    assert any(s["max_to_keep"] == 3 and s["sharded"] and s["keep_checkpoint_every_n_hours"] == 0.5 for s in savers)
    runners = [v for item, v in zip(REAL, values) if item["collection"] == "queue_runners"]
    assert runners[0]["queue_closed_exception_types"] == ["OUT_OF_RANGE", "CANCELLED"]
    loops = [v for item, v in zip(REAL, values) if item["collection"] == "while_context"]
    assert loops[0]["maximum_iterations_name"]
    assert any(nested["cond_ctxt"] is not None for nested in loops[0]["nested_contexts"])
    assert loops[0]["values_def"]["external_values"]
