# SPDX-License-Identifier: Apache-2.0
"""What a type checker knows of tfcollections' results: checked by ``mypy --strict tests/typing`` in .ci/run.

Never run and never collected by pytest (its name does not start with ``test_``): the assertions are
``assert_type`` calls, which mypy checks, and ``# type: ignore[...]`` comments on lines that must be errors
(with ``warn_unused_ignores``, part of ``--strict``, an ignore that is not needed is an error itself, so each
of those lines fails the check if the mistake it shows stops being caught).
"""

from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Tuple, Union

from typing_extensions import assert_type

import tfcollections
from tfcollections.types import (
    CondContextDef,
    DataType,
    GraphVariable,
    MetaGraph,
    Model,
    QueueRunnerDef,
    SaverDef,
    Span,
    TensorInfo,
    VariableDef,
    WhileContextDef,
)

blob = b""

# decode: the collection's message, or the bytes it falls back to; any other name gives bytes or a plain dict.
assert_type(tfcollections.decode("variables", blob), Union[VariableDef, bytes])
assert_type(tfcollections.decode("trainable_variables", blob), Union[VariableDef, bytes])
assert_type(tfcollections.decode("global_step", blob), Union[VariableDef, bytes])
assert_type(tfcollections.decode("savers", blob), Union[SaverDef, bytes])
assert_type(tfcollections.decode("queue_runners", blob), Union[QueueRunnerDef, bytes])
assert_type(tfcollections.decode("cond_context", blob), Union[CondContextDef, bytes])
assert_type(tfcollections.decode("while_context", blob), Union[WhileContextDef, bytes])
assert_type(tfcollections.decode("notes", blob), Union[Dict[str, Any], bytes])
name: str = "variables"
assert_type(tfcollections.decode(name, blob), Union[Dict[str, Any], bytes])

variable = tfcollections.decode("variables", blob)
if not isinstance(variable, bytes):
    assert_type(variable["variable_name"], str)
    assert_type(variable["trainable"], bool)
    assert_type(variable["save_slice_info_def"], Optional[tfcollections.types.SaveSliceInfoDef])
    assert_type(variable["synchronization"], tfcollections.types.VariableSynchronization)
    variable["no_such_field"]  # type: ignore[typeddict-item]
    variable["trainable"] = "yes"  # type: ignore[typeddict-item]
    # A result can be encoded back: a TypedDict is a Mapping.
    assert_type(tfcollections.encode("variables", variable), bytes)

# decode_strict and decode_message: the message itself; by short or full type name.
assert_type(tfcollections.decode_strict("savers", blob), SaverDef)
assert_type(tfcollections.decode_strict(name, blob), Dict[str, Any])
assert_type(tfcollections.decode_message("VariableDef", blob), VariableDef)
assert_type(tfcollections.decode_message("tensorflow.TensorInfo", blob), TensorInfo)
assert_type(tfcollections.decode_message("MetaGraphDef", blob)["graph_def"], Optional[Span])
saver = tfcollections.decode_message("SaverDef", blob)
assert_type(saver["version"], tfcollections.types.CheckpointFormatVersion)
misspelled: tfcollections.types.CheckpointFormatVersion = "V3"  # type: ignore[assignment]

# load: the model, its meta graphs, their saver, collections and graph.
model = tfcollections.load("model.meta", graph=True)
assert_type(model, Model)
assert_type(tfcollections.loads(blob), Model)
assert_type(model["path"], Optional[str])
meta_graph = model["meta_graphs"][0]
assert_type(meta_graph, MetaGraph)
assert_type(meta_graph["saver_def"], Optional[SaverDef])
assert_type(meta_graph["graph_def"], Optional[Span])
info = meta_graph["meta_info_def"]
if info is not None:
    assert_type(info["tags"], List[str])
collection = meta_graph["collection_def"]["variables"]
if collection["kind"] == "node_list":
    assert_type(collection["value"], List[str])
elif collection["kind"] == "bytes_list":
    assert_type(collection["value"], List[Union[Dict[str, Any], bytes]])
graph = meta_graph.get("graph")  # only with graph=True
if graph is not None:
    first: GraphVariable = graph["variables"][0]
    assert_type(first["shape"], Optional[List[int]])
    assert_type(first["dtype"], Optional[DataType])
    assert_type(graph["ops"], Dict[str, int])
assert_type(tfcollections.get_collection(meta_graph, "variables", "dense"), List[Any])
assert_type(list(tfcollections.find_models(".")), List[str])
signatures: Mapping[str, tfcollections.types.SignatureDef] = meta_graph["signature_def"]

# Checkpoints.
listing = tfcollections.load_checkpoint("model.ckpt")
assert_type(listing, tfcollections.types.Checkpoint)
assert_type(listing["tensors"]["w"]["shape"], Optional[List[int]])
assert_type(listing["tensors"]["w"]["slices"][0]["length"], List[Optional[int]])
tensor = tfcollections.read_tensor(listing, "w")
assert_type(tensor, tfcollections.types.Tensor)
assert_type(tensor.shape, Tuple[int, ...])
assert_type(tensor.tobytes(), bytes)
check = tfcollections.check_checkpoint("model.meta", listing)
assert_type(check["restores"], bool)
assert_type(check["mismatched"][0]["graph"]["shape"], Optional[List[int]])
misread: bool = listing["format"] == "V3"  # type: ignore[comparison-overlap]
