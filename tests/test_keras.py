# SPDX-License-Identifier: Apache-2.0
"""Keras layers of a TF 2 SavedModel: from keras_metadata.pb (Keras 2, TF 2.4 and later) or each object's
SavedUserObject.metadata (TF 2.3 and earlier), each variable with the layer it belongs to.

The fixtures were written by TensorFlow: ``keras2`` (tf_keras, a Sequential of two Dense layers, with
keras_metadata.pb) and ``tfx_keras_tf23`` (tensorflow/tfx's test model, saved by TF 2.3.1). Lambda layers and
metadata that does not read are built here.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any, Dict

import tfcollections
from tfcollections import types

from .helpers import DATA, field

CHECKPOINTS = DATA / "checkpoints"


def _graph(path: Any) -> Dict[str, Any]:
    return dict(tfcollections.load(path, graph=True)["meta_graphs"][0]["graph"])


def test_the_layers_of_a_keras_2_model_from_its_metadata_file() -> None:
    graph = _graph(CHECKPOINTS / "keras2")
    keras = graph["keras"]
    assert keras["source"] == "keras_metadata.pb" and keras["error"] is None
    layers = {layer["path"]: layer for layer in keras["layers"]}
    assert (layers[""]["class_name"], layers[""]["identifier"]) == ("Sequential", "_tf_keras_sequential")
    assert [(layers[p]["name"], layers[p]["class_name"]) for p in ("layer_with_weights-0", "layer_with_weights-1")] == [
        ("hidden", "Dense"), ("out", "Dense"),
    ]  # fmt: skip
    assert layers["keras_api/metrics/0"]["identifier"] == "_tf_keras_metric"
    assert set(keras) == set(types.KerasObjects.__annotations__)
    assert all(set(layer) == set(types.KerasLayer.__annotations__) for layer in keras["layers"])
    by_path = {v["object_path"]: v for v in graph["variables"]}
    assert by_path["layer_with_weights-0/kernel"]["layer"] == "layer_with_weights-0"  # hidden's kernel, [3, 4]
    assert by_path["layer_with_weights-0/kernel"]["shape"] == [3, 4]
    assert by_path["layer_with_weights-1/bias"]["layer"] == "layer_with_weights-1"
    assert by_path["optimizer/iter"]["layer"] is None  # the model holds its optimizer: no layer's
    assert by_path["layer_with_weights-0/kernel/.OPTIMIZER_SLOT/optimizer/m"]["layer"] is None


def test_the_layers_of_a_model_saved_by_tensorflow_2_3() -> None:
    keras = _graph(CHECKPOINTS / "tfx_keras_tf23")["keras"]
    assert keras["source"] == "user_object.metadata" and keras["error"] is None
    classes = {layer["path"]: layer["class_name"] for layer in keras["layers"]}
    assert classes[""] == "Functional" and classes["layer_with_weights-0"] == "Dense"
    assert "InputLayer" in classes.values()


def test_a_model_keras_did_not_save_has_no_keras_objects() -> None:
    assert _graph(CHECKPOINTS / "keras3")["keras"] is None  # Keras 3's export keeps no layer metadata
    assert _graph(DATA / "files" / "graph_scan.meta")["keras"] is None  # TF 1


def _saved_model(*objects: bytes) -> bytes:
    """A SavedModel of one meta graph whose object graph holds *objects* (SavedObject messages)."""
    return b"\x08\x01" + field(2, field(7, b"".join(field(1, obj) for obj in objects)))


def _user_object(identifier: str, metadata: Any, *children: Any) -> bytes:
    text = metadata if isinstance(metadata, str) else json.dumps(metadata)
    refs = b"".join(field(1, b"\x08" + bytes([node]) + field(2, name.encode())) for name, node in children)
    return refs + field(4, field(1, identifier.encode()) + field(3, text.encode()))


def test_a_lambda_layer_says_what_it_runs_and_never_its_code() -> None:
    code = {
        "class_name": "Lambda",
        "name": "sneaky",
        "config": {
            "name": "sneaky",
            "function": ["4wEAAAAA", None, None],
            "function_type": "lambda",
            "module": "__main__",
        },
    }
    named = {
        "class_name": "Lambda",
        "name": "named",
        "config": {"name": "named", "function": "os.system", "function_type": "function", "module": "os"},
    }
    data = _saved_model(
        _user_object("_tf_keras_network", {"class_name": "Functional", "name": "m"}, ("layer-0", 1), ("layer-1", 2)),
        _user_object("_tf_keras_layer", code),
        _user_object("_tf_keras_layer", named),
    )
    layers = {
        layer["name"]: layer
        for layer in tfcollections.loads(data, graph=True)["meta_graphs"][0]["graph"]["keras"]["layers"]
    }
    assert layers["sneaky"]["function"] == {"function_type": "lambda", "module": "__main__", "function": None}
    assert layers["named"]["function"] == {"function_type": "function", "module": "os", "function": "os.system"}
    assert layers["m"]["function"] is None and layers["m"]["path"] == ""


def test_metadata_that_does_not_read_is_said_and_the_rest_kept(tmp_path: Path) -> None:
    data = _saved_model(
        _user_object("_tf_keras_network", "{not json", ("layer-0", 1)),
        _user_object("_tf_keras_layer", {"class_name": "Dense", "name": "d"}),
    )
    keras = tfcollections.loads(data, graph=True)["meta_graphs"][0]["graph"]["keras"]
    assert keras["error"].startswith("the metadata of object (the root) is not JSON: ")
    assert [layer["name"] for layer in keras["layers"]] == ["d"]
    deep = _saved_model(_user_object("_tf_keras_network", "[" * 100_000))  # deeper than json's recursion allows
    assert "is not JSON" in tfcollections.loads(deep, graph=True)["meta_graphs"][0]["graph"]["keras"]["error"]
    # A keras_metadata.pb that does not decode: said; the model and its variables load all the same.
    folder = tmp_path / "model"
    shutil.copytree(CHECKPOINTS / "keras2", folder)
    (folder / "keras_metadata.pb").write_bytes(b"\x0a\x05\x10")
    graph = _graph(folder)
    assert graph["keras"]["error"].startswith("keras_metadata.pb does not read: ")
    assert graph["keras"]["layers"] == [] and len(graph["variables"]) == 19


def test_the_command_line_lists_layers_as_model_summary_counts_them() -> None:
    from .test_cli import _run

    out = _run([str(CHECKPOINTS / "keras2"), "--layers"]).stdout.decode()
    assert "Keras: Sequential 'sequential_1', 2 layers (from keras_metadata.pb)" in out
    rows = [line.split() for line in out.splitlines() if line.strip().startswith(("hidden ", "out "))]
    assert rows == [
        ["hidden", "Dense", "layer_with_weights-0", "16", "16"],
        ["out", "Dense", "layer_with_weights-1", "10", "10"],
    ]
    plain = _run([str(CHECKPOINTS / "keras2")]).stdout.decode()
    assert "2 layers (from keras_metadata.pb) (--layers lists them)" in plain and "hidden " not in plain
    result = _run([str(CHECKPOINTS / "keras2"), "--layers", "--no-graph"])
    assert result.returncode == 2 and b"--layers reads the model's object graph" in result.stderr


def test_the_command_line_always_says_what_a_lambda_layer_runs() -> None:
    from .test_cli import _run

    named = {"class_name": "Lambda", "name": "named", "config": {"function": "os.system", "function_type": "function",
                                                                "module": "os"}}  # fmt: skip
    data = _saved_model(
        _user_object("_tf_keras_network", {"class_name": "Functional", "name": "m"}, ("layer-0", 1)),
        _user_object("_tf_keras_layer", named),
    )
    out = _run(["-"], data).stdout.decode()
    assert "Lambda layers, Python for Keras to run: named: os.system, module os" in out


def test_the_objects_of_a_saved_model_with_their_kinds_and_functions() -> None:
    # A tf.Module with a variable, a tf.function (one trace) and a signature, as tf.saved_model.save writes them.
    function = field(6, field(1, b"__inference_f_20"))
    trace = field(8, field(1, b"__inference_f_20"))
    signature = field(8, field(1, b"__inference_signature_wrapper_29"))
    root = b"".join(field(1, b"\x08" + bytes([n]) + field(2, name.encode())) for name, n in
                    (("v", 1), ("f", 2), ("signatures", 3)))  # fmt: skip
    data = _saved_model(
        root + field(4, field(1, b"_generic_user_object")),
        field(7, b"\x08\x01" + field(6, b"v")),
        field(1, b"\x08\x04" + field(2, b"trace_0")) + function,
        field(1, b"\x08\x05" + field(2, b"serving_default")) + field(4, field(1, b"signature_map")),
        trace,
        signature,
        field(7, b"\x08\x01"),  # no path reaches it: not listed
    )
    objects = tfcollections.loads(data, graph=True)["meta_graphs"][0]["graph"]["objects"]
    assert [(o["path"], o["kind"], o["identifier"], o["functions"]) for o in objects] == [
        ("", "user_object", "_generic_user_object", []),
        ("v", "variable", None, []),
        ("f", "function", None, ["__inference_f_20"]),
        ("signatures", "user_object", "signature_map", []),
        ("f/trace_0", "bare_concrete_function", None, ["__inference_f_20"]),
        ("signatures/serving_default", "bare_concrete_function", None, ["__inference_signature_wrapper_29"]),
    ]  # fmt: skip
    assert all(set(o) == set(types.SavedObjectInfo.__annotations__) for o in objects)
    keras2 = _graph(CHECKPOINTS / "keras2")["objects"]
    assert keras2[0] == {
        "node": 0,
        "path": "",
        "kind": "user_object",
        "identifier": "_tf_keras_sequential",
        "functions": [],
    }


def test_a_nested_model_is_one_row_of_the_layers_as_model_summary_lists_it() -> None:
    from .test_cli import _run

    def variable(name: str, size: int) -> bytes:
        shape = field(2, field(2, b"\x08" + bytes([size])))
        return field(7, b"\x08\x01" + shape + b"\x18\x01" + field(6, name.encode()))

    data = _saved_model(
        _user_object(
            "_tf_keras_sequential", {"class_name": "Sequential", "name": "outer"}, ("layer-0", 1), ("layer-1", 2)
        ),
        _user_object("_tf_keras_network", {"class_name": "Functional", "name": "inner"}, ("layer-0", 3)),
        _user_object("_tf_keras_layer", {"class_name": "Dense", "name": "head"}, ("bias", 4)),
        _user_object("_tf_keras_layer", {"class_name": "Dense", "name": "body"}, ("bias", 5)),
        variable("head/bias", 3),
        variable("body/bias", 5),
    )
    out = _run(["-", "--layers"], data).stdout.decode()
    rows = [line.split() for line in out.splitlines() if line.strip().startswith(("inner ", "head ", "body "))]
    assert rows == [["inner", "Functional", "layer-0", "5", "5"], ["head", "Dense", "layer-1", "3", "3"]]
