# SPDX-License-Identifier: Apache-2.0
"""Whole files: load/loads, format detection, get_collection, errors, files over 4 GB."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

import tfcollections
from tfcollections import DecodeError

from .helpers import REPO, field, load_items, same, varint

EXAMPLE = REPO / "examples" / "model.meta"


def test_the_example_meta_graph_holds_what_tensorflow_wrote() -> None:
    model = tfcollections.load(EXAMPLE)
    assert (model["format"], model["encoding"], model["saved_model_schema_version"]) == ("MetaGraphDef", "binary", None)
    (meta_graph,) = model["meta_graphs"]
    assert meta_graph["meta_info_def"]["tensorflow_version"] == "2.21.0"
    assert meta_graph["saver_def"]["max_to_keep"] == 3 and meta_graph["saver_def"]["version"] == "V2"
    graph = meta_graph["graph_def"]
    assert graph["type"] == "tensorflow.GraphDef" and graph["size"] > 10_000
    collections = meta_graph["collection_def"]
    assert collections["magic_numbers"] == {"kind": "int64_list", "value": [3, 300]}
    assert collections["learning_rates"] == {"kind": "float_list", "value": [0.5]}
    assert collections["notes"] == {"kind": "bytes_list", "value": [b"a custom string", b"\xff\x00raw bytes"]}
    assert collections["outputs"]["kind"] == "node_list"
    # Every registered item equals protobuf's parse of it (the fixture was taken from this very file).
    expected = {}
    for item in load_items("tf_items"):
        expected.setdefault(item["collection"], []).append(item["expected"])
    for name, values in expected.items():
        assert collections[name]["kind"] == "bytes_list"
        assert all(same(a, b) for a, b in zip(collections[name]["value"], values))
        assert len(collections[name]["value"]) == len(values)


def test_load_accepts_paths_file_objects_and_bytes() -> None:
    data = EXAMPLE.read_bytes()
    by_path = tfcollections.load(str(EXAMPLE))
    assert (by_path["path"], by_path["located"]) == (str(EXAMPLE), None)  # the file itself: found as given
    assert same(tfcollections.load(EXAMPLE), by_path)
    # Without a path there is no file to name; the rest is the same.
    unnamed = {**by_path, "path": None}
    with open(EXAMPLE, "rb") as file:
        assert same(tfcollections.load(file), unnamed)
    assert same(tfcollections.load(io.BytesIO(data)), unnamed)
    assert same(tfcollections.loads(data), unnamed)
    assert same(tfcollections.loads(memoryview(data)), unnamed)


def test_get_collection_follows_tensorflow_and_the_boundary_mode() -> None:
    meta_graph = tfcollections.load(EXAMPLE)["meta_graphs"][0]
    names = [v["variable_name"] for v in tfcollections.get_collection(meta_graph, "trainable_variables", "dense")]
    assert names == ["dense/kernel:0", "dense/bias:0", "dense_1/kernel:0"]  # re.match: a prefix
    names = [v["variable_name"] for v in tfcollections.get_collection(meta_graph, "trainable_variables", "dense",
                                                                       boundary=True)]  # fmt: skip
    assert names == ["dense/kernel:0", "dense/bias:0"]
    assert (
        tfcollections.get_collection(meta_graph, "trainable_variables", "dense/", boundary=True)[0]["variable_name"]
        == "dense/kernel:0"
    )
    assert tfcollections.get_collection(meta_graph, "magic_numbers") == [3, 300]
    assert tfcollections.get_collection(meta_graph, "magic_numbers", "") == []  # no names: left out
    assert tfcollections.get_collection(meta_graph, "queue_runners", "input")[0]["queue_name"] == "input_queue"
    assert tfcollections.get_collection(meta_graph, "no_such_collection") == []


def test_a_saved_model_with_two_meta_graphs() -> None:
    meta_info = field(1, field(4, b"serve") + field(5, b"1.15.0"))
    signature = field(
        5,
        field(1, b"serving_default")
        + field(
            2,
            field(1, field(1, b"x") + field(2, field(1, b"x:0") + b"\x10\x01"))
            + field(3, b"tensorflow/serving/predict"),
        ),
    )
    train = field(1, field(4, b"train"))
    data = b"\x08\x01" + field(2, meta_info + signature) + field(2, train)
    model = tfcollections.loads(data)
    assert model["format"] == "SavedModel" and model["saved_model_schema_version"] == 1
    first, second = model["meta_graphs"]
    assert first["meta_info_def"]["tags"] == ["serve"] and second["meta_info_def"]["tags"] == ["train"]
    tensor = first["signature_def"]["serving_default"]["inputs"]["x"]
    assert (tensor["name"], tensor["dtype"], tensor["coo_sparse"]) == ("x:0", "DT_FLOAT", None)
    assert first["signature_def"]["serving_default"]["method_name"] == "tensorflow/serving/predict"


def test_an_item_in_several_collections_and_meta_graphs_is_decoded_alike_into_dicts_of_its_own() -> None:
    # A TF 1 graph keeps a trainable variable's VariableDef in "variables" and "trainable_variables" alike, and a
    # SavedModel's meta graphs repeat them: each is read once, and every place gets a dict (and lists) of its own.
    plain = tfcollections.encode_message("tensorflow.VariableDef", {"variable_name": "w:0", "trainable": True})
    sliced = tfcollections.encode_message(
        "tensorflow.VariableDef",
        {"variable_name": "p/part_0:0", "save_slice_info_def": {"full_name": "p", "full_shape": [4, 2],
                                                                "var_offset": [0, 0], "var_shape": [2, 2]}},
    )  # fmt: skip
    damaged = plain[:-1]
    items = field(2, b"".join(field(1, item) for item in (plain, sliced, damaged)))

    def collection(name: bytes) -> bytes:
        return field(4, field(1, name) + field(2, items))

    meta_graph = collection(b"variables") + collection(b"trainable_variables") + collection(b"my_blobs")
    model = tfcollections.loads(field(2, meta_graph) + field(2, meta_graph))
    found = [meta["collection_def"][name]["value"] for meta in model["meta_graphs"]
             for name in ("variables", "trainable_variables")]  # fmt: skip
    assert all(values == found[0] for values in found)
    assert found[0][0] == tfcollections.decode("variables", plain) and found[0][2] == damaged
    assert found[0][1]["save_slice_info_def"]["full_shape"] == [4, 2]
    for one, other in zip(found, found[1:]):
        assert one[0] is not other[0] and one[1] is not other[1]
        assert one[1]["save_slice_info_def"] is not other[1]["save_slice_info_def"]
        assert one[1]["save_slice_info_def"]["full_shape"] is not other[1]["save_slice_info_def"]["full_shape"]
    found[0][1]["save_slice_info_def"]["full_shape"].append(1)
    found[0][0]["variable_name"] = "changed"
    assert found[3][1]["save_slice_info_def"]["full_shape"] == [4, 2] and found[3][0]["variable_name"] == "w:0"
    assert model["meta_graphs"][1]["collection_def"]["my_blobs"]["value"] == [plain, sliced, damaged]


def test_a_saved_model_without_its_version_field_is_still_a_saved_model() -> None:
    # Real: a writer that left saved_model_schema_version out, so the file starts with 0x12.
    data = field(2, field(1, field(4, b"serve")) + field(2, field(1, field(1, b"node"))))
    assert tfcollections.loads(data)["format"] == "SavedModel"


def test_a_meta_graph_holding_only_a_graph_of_one_node() -> None:
    # One field 2 holding one message with one field 1: a SavedModel's meta graph, or a MetaGraphDef's graph
    # of one node. Read as a meta graph, the node's input (field 3) is no Any, so it is the graph.
    node = b"\x0a\x01n" + b"\x12\x05Const" + b"\x1a\x01x"
    graph = b"\x0a" + bytes([len(node)]) + node
    model = tfcollections.loads(b"\x12" + bytes([len(graph)]) + graph)
    assert model["format"] == "MetaGraphDef"
    assert model["meta_graphs"][0]["graph_def"] == {"type": "tensorflow.GraphDef", "offset": 2, "size": len(graph)}
    # And a SavedModel whose meta graph holds only a meta_info_def is still read as one.
    info = b"\x0a\x02v1" + b"\x22\x05serve"
    meta_graph = b"\x0a" + bytes([len(info)]) + info
    saved = tfcollections.loads(b"\x12" + bytes([len(meta_graph)]) + meta_graph)
    assert saved["format"] == "SavedModel" and saved["meta_graphs"][0]["meta_info_def"]["tags"] == ["serve"]
    # Even when damaged as a meta graph, one field 2 reads as a graph: field numbers cannot tell them apart.
    damaged = b"\x0a\x01\xff"
    whole = b"\x12" + bytes([len(damaged)]) + damaged
    assert tfcollections.loads(whole)["meta_graphs"][0]["graph_def"]["size"] == len(damaged)


def test_a_meta_graph_holding_only_graph_defs_given_more_than_once() -> None:
    # Two graph_def fields of two nodes each: protobuf merges them into one GraphDef of 4 nodes. A SavedModel
    # reading comes first for a file of field 2s only, fails (a node's input is no Any), and the other is taken.
    graph = field(1, field(1, b"a") + field(3, b"x")) + field(1, field(1, b"b") + field(3, b"x"))
    data = field(2, graph) + field(2, graph)
    assert data.hex() == "12100a060a01611a01780a060a01621a017812100a060a01611a01780a060a01621a0178"  # issue 15
    model = tfcollections.loads(data)
    assert model["format"] == "MetaGraphDef"
    # graph_def is not parsed: it is where its last occurrence lies, as for every skipped field.
    assert model["meta_graphs"][0]["graph_def"] == {"type": "tensorflow.GraphDef", "offset": 20, "size": 16}
    # Three SavedModel meta graphs still read as a SavedModel.
    meta_graph = field(1, field(4, b"serve"))
    saved = tfcollections.loads(field(2, meta_graph) * 3)
    assert saved["format"] == "SavedModel" and len(saved["meta_graphs"]) == 3


def test_any_list_values_are_decoded_when_their_type_is_known() -> None:
    asset = field(1, field(1, b"asset_path:0")) + field(2, b"vocab.txt")
    any_known = field(1, b"type.googleapis.com/tensorflow.AssetFileDef") + field(2, asset)
    any_unknown = field(1, b"type.googleapis.com/my.Thing") + field(2, b"\x01\x02")
    any_broken = field(1, b"type.googleapis.com/tensorflow.AssetFileDef") + field(2, b"\x12\x05ab")
    collection = field(5, field(1, any_known) + field(1, any_unknown) + field(1, any_broken))
    data = field(1, field(4, b"serve")) + field(4, field(1, b"saved_model_assets") + field(2, collection))
    values = tfcollections.loads(data)["meta_graphs"][0]["collection_def"]["saved_model_assets"]["value"]
    assert values[0]["value"]["filename"] == "vocab.txt"
    # A known type whose bytes do not parse keeps its bytes.
    assert values[2] == {"type_url": "type.googleapis.com/tensorflow.AssetFileDef", "value": b"\x12\x05ab"}
    assert values[0]["value"]["tensor_info"]["name"] == "asset_path:0"
    assert values[1] == {"type_url": "type.googleapis.com/my.Thing", "value": b"\x01\x02"}


def test_a_collection_def_without_a_kind_is_reported_not_a_crash() -> None:
    data = field(4, field(1, b"empty") + field(2, b""))
    assert tfcollections.loads(data)["meta_graphs"][0]["collection_def"]["empty"] == {"kind": None, "value": []}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "empty file: 0 bytes, where a MetaGraphDef or SavedModel was expected"),
        (
            b"version https://git-lfs.github.com/spec/v1\noid sha256:4d7a\nsize 1234\n",
            "a Git LFS pointer, not the file itself (oid sha256:4d7a, size 1234 bytes): "
            "fetch the file with `git lfs pull`",
        ),
        (b'nodes {\n  name: "a"\n}\n', "a text file, but neither a MetaGraphDef nor a SavedModel in text format"),
        (b"\xff\xfe\x00junk", "not a MetaGraphDef or SavedModel: the first byte 0xff cannot start either"),
        (field(1, b"n1") + field(1, b"n2") + b"\x10\x01", "neither a MetaGraphDef (fields 1-7) nor a SavedModel"),
        (b"\x0a\x05" + b"\x08\x01" * 40, "damaged MetaGraphDef"),
        (EXAMPLE.read_bytes()[:1000], "file truncated: it ends at byte 1000, and MetaGraphDef.meta_info_def needs"),
        # Every top-level field is whole; one is broken inside: damaged, not truncated.
        (
            b"\x0a\x02\x38\x80" + b"\x1a\x02\x20\x05",
            "damaged MetaGraphDef: truncated varint: its message ends at byte 4 "
            "(at byte 3, in MetaGraphDef.meta_info_def)",
        ),
        (
            field(1, b"") + field(9, b""),
            "neither a MetaGraphDef (fields 1-7) nor a SavedModel (fields 1-2): it has fields 1, 9",
        ),
        # A top-level length padded to 6 bytes: protobuf reads a length in at most 5 (5 are fine).
        (
            b"\x0a\x87\x80\x80\x80\x80\x00\x22\x05serve",
            "then malformed length: a varint of 6 bytes, where protobuf reads at most 5 (at byte 1)",
        ),
    ],
    ids=[
        "empty",
        "lfs-pointer",
        "text",
        "junk",
        "nodes-then-a-varint",
        "damaged",
        "truncated",
        "damaged-inside",
        "other-message",
        "length-of-6-bytes",
    ],
)
def test_what_a_file_is_when_it_is_not_one_of_ours(data: bytes, message: str) -> None:
    with pytest.raises(tfcollections.DecodeError) as info:
        tfcollections.loads(data)
    assert message in str(info.value)


def test_paths_that_cannot_be_read(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        tfcollections.load(tmp_path / "missing.meta")
    with pytest.raises(tfcollections.DecodeError, match=r"holds no model: no saved_model\.pb, no checkpoint file"):
        tfcollections.load(tmp_path)  # a directory is where a model may be (tests/test_locate.py), not here
    with pytest.raises(TypeError, match="binary mode"):
        tfcollections.load(io.StringIO("meta_info_def {}"))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a path or a binary file object"):
        tfcollections.load(42)  # type: ignore[arg-type]


def test_collections_of_a_file_over_4_gb_without_reading_its_graph(tmp_path: Path) -> None:
    # A MetaGraphDef whose graph_def claims 4.5 GB: a sparse file, so nothing is written or read there.
    graph_size = 4_500_000_000
    head = field(1, field(4, b"serve") + field(5, b"1.15.0")) + b"\x12" + varint(graph_size)
    variable = tfcollections.encode("variables", {"variable_name": "w:0", "trainable": True})
    tail = field(4, field(1, b"variables") + field(2, field(2, field(1, variable))))
    path = tmp_path / "huge.meta"
    with open(path, "wb") as file:
        file.write(head)
        file.seek(len(head) + graph_size)
        file.write(tail)
    assert os.path.getsize(path) > 4 * 1024**3
    meta_graph = tfcollections.load(path)["meta_graphs"][0]
    assert meta_graph["graph_def"] == {"type": "tensorflow.GraphDef", "offset": len(head), "size": graph_size}
    assert meta_graph["collection_def"]["variables"]["value"][0]["variable_name"] == "w:0"


def test_meta_info_any_info_is_decoded_when_its_type_is_known() -> None:
    asset = tfcollections.encode_message("AssetFileDef", {"filename": "vocab.txt"})
    any_info = field(1, b"type.googleapis.com/tensorflow.AssetFileDef") + field(2, asset)
    meta_graph = tfcollections.loads(field(1, field(3, any_info)))["meta_graphs"][0]
    assert meta_graph["meta_info_def"]["any_info"] == {
        "type_url": "type.googleapis.com/tensorflow.AssetFileDef",
        "value": {"tensor_info": None, "filename": "vocab.txt"},
    }


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"\x89HDF\r\n\x1a\n" + bytes(64), "an HDF5 file (a Keras .h5 model or weights), not a MetaGraphDef"),
        (b"PK\x03\x04" + bytes(40), "a ZIP archive (a Keras .keras model is one), not a MetaGraphDef"),
        (b"\x1c\x00\x00\x00TFL3" + bytes(40), "a TensorFlow Lite model (.tflite), not a MetaGraphDef"),
        (b"\x00\x00\x06\x08\x01\x1a\x02" + bytes(40) + b"\x57\xfb\x80\x8b\x24\x75\x47\xdb",
         "a TensorFlow checkpoint index (.index, or a V1 checkpoint): its meta graph is the .meta file of the same"),
        (b"\x08\x9c\x01\x10\x92\x01\x18\x05\x20\x07\x28\x03" + field(6, b"\x08\x01"),
         "a SavedModel fingerprint (fingerprint.pb: hashes of the SavedModel, which is saved_model.pb beside it)"),
        # TensorFlow 2.19 added the SavedModel's uuid (FingerprintDef.uuid = 7, a string).
        (b"\x08\x9c\x01\x10\x92\x01\x18\x05\x20\x07\x28\x03" + field(6, b"\x08\x01")
         + field(7, b"1b9f2d7e-3c4a-4f6e-9a1d-0c5e7f2b8a41"),
         "a SavedModel fingerprint (fingerprint.pb: hashes of the SavedModel, which is saved_model.pb beside it)"),
        (b"\x08\x07" + field(2, b"pytorch") + field(7, field(1, b"n")) + field(8, b"\x10\x0d"),
         "an ONNX model (ModelProto), not a MetaGraphDef"),
        (field(1, b'\x1a\x04root"\x14_tf_keras_network') + field(1, b'"\x10{"class_name": 1}'),
         "Keras metadata (keras_metadata.pb, beside a SavedModel's saved_model.pb)"),
        (b"fileFormatVersion: 2\nguid: 5a3c\n", "a Unity asset .meta file (fileFormatVersion), not a TensorFlow .meta"),
        (b";;; -*- Lisp -*-\n(defun graph () nil)\n",
         "a text file, not a MetaGraphDef or SavedModel in either format: its first line is ';;; -*- Lisp -*-'"),
    ],
    ids=["hdf5", "zip", "tflite", "checkpoint-index", "fingerprint", "fingerprint-2.19", "onnx", "keras-metadata",
         "unity", "lisp"],
)  # fmt: skip
def test_look_alikes_are_named(data: bytes, said: str) -> None:
    with pytest.raises(DecodeError) as caught:
        tfcollections.loads(data)
    assert caught.value.msg.startswith(said), caught.value.msg
    assert caught.value.pos == 0


def test_an_estimators_graph_pbtxt_is_read_as_the_graph_it_is(tmp_path: Path) -> None:
    # An Estimator's model_dir: graph.pbtxt (a GraphDef) beside model.ckpt-N.meta.
    (tmp_path / "graph.pbtxt").write_bytes(b'node { name: "x" op: "Placeholder" }\nversions { producer: 27 }\n')
    (tmp_path / "model.ckpt-100.meta").write_bytes(b"")
    model = tfcollections.load(tmp_path / "graph.pbtxt", graph=True)
    assert (model["format"], model["encoding"]) == ("GraphDef", "text")
    expected = [{"name": "x", "op": "Placeholder", "dtype": None, "shape": None}]
    assert model["meta_graphs"][0]["graph"]["inputs"] == expected
