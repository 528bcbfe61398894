# SPDX-License-Identifier: Apache-2.0
"""Compare the TF 2 object graphs read by tfcollections with TensorFlow, on every TF 2 checkpoint and SavedModel of
the corpora and fixtures (run by hand, in $TFVENV).

    $TFVENV/bin/python -m tools.compare_objects [../shared/corpus/checkpoints]

For every checkpoint with an object graph (``_CHECKPOINTABLE_OBJECT_GRAPH``):

1. what ``load_checkpoint`` says of every key an object saves must be what the key itself says: TensorFlow made
   the key from the object's path when it saved (``trackable_utils.checkpoint_key``, each edge name escaped),
   and a slot variable's from its variable's and optimizer's paths and the slot's name (``slot_variable_key``);
   the key's names, unescaped, are the object's path, so a path other than TensorFlow's shows. The attribute is
   TensorFlow's own (``tf.train.CheckpointView``'s object graph): the one whose checkpoint key is the key, or,
   for an object saved as several tensors (a lookup table's ``table-keys`` and ``table-values``, an iterator's
   ``ITERATOR_STATE``), the one whose key the tensor's name extends. The graph must read, and no key may be
   unowned or absent;
2. for a SavedModel (``saved_model.pb`` beside ``variables/``) that TensorFlow 2.21 loads: every variable that
   ``tf.saved_model.load`` restores, found by its path from the root, must be joined by ``check_checkpoint`` to a
   key whose tensor holds the same bytes.

Prints each difference and a count; exit code 1 when there is any.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any, Dict, List

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf
from tensorflow.python.checkpoint import graph_view
from tensorflow.python.trackable import trackable_utils

import tfcollections

REPO = Path(__file__).resolve().parent.parent
DEFAULT = REPO.parent / "shared" / "corpus" / "checkpoints"
FIXTURES = REPO / "tests" / "data" / "checkpoints"


def _unescaped(escaped: str) -> str:
    """A path of the key as its objects' names, joined by "/": each edge name undoes escape_local_name."""
    names = []
    for name in escaped.split("/"):
        out, pos = [], 0
        while pos < len(name):
            if name[pos] == "." and name[pos + 1 : pos + 2] in (".", "S"):
                out.append("." if name[pos + 1] == "." else "/")
                pos += 2
            else:
                out.append(name[pos])
                pos += 1
        names.append("".join(out))
    return "/".join(names)


def _said_by_the_key(key: str) -> Dict[str, Any]:
    """What TensorFlow's key says of its object: the path before its attribute (the names unescaped), the
    attribute, and for a slot variable, the variable's and optimizer's paths and the slot's name
    (slot_variable_key's parts)."""
    marker = f"/{trackable_utils.OBJECT_ATTRIBUTES_NAME}/"
    path, _, attribute = key.partition(marker)
    slot_marker = "/.OPTIMIZER_SLOT/"
    if slot_marker not in path:
        return {"object": _unescaped(path), "attribute": _unescaped(attribute), "slot": None}
    variable, _, rest = path.partition(slot_marker)
    optimizer, _, slot_name = rest.rpartition("/")
    slot = {"variable": _unescaped(variable), "optimizer": _unescaped(optimizer), "name": slot_name}
    path = f"{slot['variable']}/.OPTIMIZER_SLOT/{slot['optimizer']}/{slot_name}"
    return {"object": path, "attribute": _unescaped(attribute), "slot": slot}


def _attributes(prefix: str) -> Dict[str, str]:
    """Each attribute's checkpoint key -> its name, as TensorFlow's CheckpointView reads the object graph."""
    view = tf.train.CheckpointView(prefix)
    return {a.checkpoint_key: a.name for node in view._object_graph_proto.nodes for a in node.attributes}


def _check_keys(where: str, listing: Any, problems: List[str]) -> int:
    graph = listing["object_graph"]
    if graph["error"] or graph["unowned"] or graph["absent"]:
        problems.append(
            f"{where}: error {graph['error']}, unowned {graph['unowned'][:3]}, absent {graph['absent'][:3]}"
        )
    attributes = _attributes(listing["prefix"])
    for key, info in graph["keys"].items():
        said = _said_by_the_key(key)
        if key not in attributes:  # a tensor of a saveable: its attribute's key and the spec's suffix
            owner = max((k for k in attributes if key.startswith(k)), key=len, default=None)
            if owner is None:
                problems.append(f"{where}: {key}: TensorFlow's object graph has no attribute it belongs to")
                continue
            said["attribute"] = attributes[owner]
        if {"object": info["object"], "attribute": info["attribute"], "slot": info["slot"]} != said:
            problems.append(f"{where}: {key}: {info['object']!r} {info['slot']}; the key says {said}")
    return len(graph["keys"])


def _check_saved_model(where: str, folder: Path, problems: List[str]) -> int:
    try:
        loaded = tf.saved_model.load(str(folder))
    except Exception as exc:  # an old model TensorFlow 2.21 does not load: nothing to compare with
        print(f"{where}: TensorFlow does not load it ({type(exc).__name__}); its keys are checked alone")
        return 0
    _, paths = graph_view.ObjectGraphView(loaded).breadth_first_traversal()
    restored = {
        "/".join(reference.name for reference in path): obj
        for obj, path in paths.items()
        if isinstance(obj, tf.Variable)
    }
    keys = tfcollections.check_checkpoint(str(folder), str(folder))["variables"]
    found = 0
    for path, variable in restored.items():
        key = keys.get(path)
        if key is None:
            problems.append(f"{where}: {path}: TensorFlow restores it; check_checkpoint joins it to no key")
            continue
        ours = tfcollections.read_tensor(str(folder), key)
        theirs = variable.numpy()
        strings = ours.dtype == "DT_STRING"
        same = ours.tolist() == theirs.tolist() if strings else ours.tobytes() == theirs.tobytes()
        if not same:
            problems.append(f"{where}: {path}: its key {key} holds other values than TensorFlow restored")
        found += 1
    return found


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("corpus", nargs="?", type=Path, default=DEFAULT)
    args = parser.parse_args(argv)
    problems: List[str] = []
    checkpoints = keys = joined = 0
    folders = sorted(path for path in args.corpus.iterdir() if path.is_dir())
    folders += sorted(path for path in FIXTURES.iterdir() if path.is_dir())
    for folder in folders:
        where = folder.name
        try:
            listing = tfcollections.load_checkpoint(str(folder))
        except (tfcollections.DecodeError, OSError):
            continue  # not a checkpoint (compare_checkpoints says what each is)
        if listing["object_graph"] is None:
            continue
        checkpoints += 1
        keys += _check_keys(where, listing, problems)
        if (folder / "saved_model.pb").exists():
            joined += _check_saved_model(where, folder, problems)
    for problem in problems:
        print(problem)
    print(f"{checkpoints} checkpoints with an object graph, {keys} keys; {joined} variables TensorFlow restored "
          f"from a SavedModel, joined: {len(problems)} differences")  # fmt: skip
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
