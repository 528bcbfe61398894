# SPDX-License-Identifier: Apache-2.0
"""TensorFlow checkpoints, the public names: ``load_checkpoint``, ``read_tensor``, ``read_tensors`` (which also
read a graph's constants: a frozen graph's weights).

Strategy: the work is done below, each part once: ``listing`` reads what a checkpoint holds (its index),
``values`` reads tensors by key, ``objects`` reads a TF 2 checkpoint's object graph. Here they are put
together: a listing with its object graph, and tensors named as users know them (a key; in a TF 2 checkpoint,
also an object's path or a variable's ``full_name``).
"""

from __future__ import annotations

import os

from .._errors import DecodeError
from .._graph.constants import read_constants
from .._model.files import load
from .._tensor import Tensor
from .._typing import cast
from .listing import list_checkpoint
from .objects import object_graph_of, resolve
from .values import read_values

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Dict, Iterable, List, Optional, Union

    from .. import types as _types
    from .._typing import Decoded


def load_checkpoint(path: Union[str, os.PathLike[str]], /) -> _types.Checkpoint:
    """What a checkpoint holds: ``{"format", "prefix", "located", "header", "tensors", "shards", "object_graph"}``.

    *path* is a prefix (``model.ckpt-1000``), its ``.index``, a ``.data-*`` shard, a V1 file, a directory with
    a ``checkpoint`` state file (its latest checkpoint), or a SavedModel directory (``variables/variables``).
    ``tensors`` maps each key, in the checkpoint's order, to ``{"dtype", "shape", "shard", "offset", "size",
    "crc32c", "slices"}``; a partitioned variable is one entry with the full shape, each part in ``slices``
    (``{"start", "length", ...}``, a length of ``None`` for a whole dimension). ``shards`` are the V2 data shards
    the index names, each ``{"file", "size", "needed"}``: its path, its size in bytes (``None`` when it is not
    there) and the bytes its entries need (the end of the last); a shard that is absent, or shorter than
    ``needed``, cannot give its tensors (a V1 checkpoint holds its values in its table: ``[]``).
    ``object_graph`` is None for a checkpoint keyed by graph names (TF 1); for a TF 2 checkpoint, what its
    object graph says of each key (``{"nodes", "keys", "unowned", "absent", "error"}``).
    Raises ``DecodeError`` for a file that is not a checkpoint or is damaged, ``OSError`` when a file cannot be
    read; an object graph that does not read is said in its ``error``, and the keys are listed all the same.
    """
    listing = list_checkpoint(path)
    listing["object_graph"] = object_graph_of(listing)
    return cast("_types.Checkpoint", listing)


def read_tensor(
    checkpoint: Union[str, os.PathLike[str], _types.Checkpoint, _types.Model], name: str, /, *, verify: bool = True
) -> Tensor:
    """The values of tensor *name* of a checkpoint (a path as ``load_checkpoint`` takes, or what it returned), or of
    a constant of a graph (a frozen graph's path that is no checkpoint, or what ``load`` returned: its first meta
    graph's ``Const`` node *name*, by TensorFlow's rules for a ``TensorProto``; there is no CRC to verify).

    *name* is a key; in a TF 2 checkpoint also an object's path (``model/layer_with_weights-0/kernel``) or a
    variable's ``full_name``. The bytes are checked against the checkpoint's CRC32C (a V2 tensor's own, a V1
    table's blocks) unless ``verify=False``; the slices of a partitioned variable are put together. Raises
    ``KeyError`` for a name the checkpoint does not have, ``DecodeError`` for damaged or missing data (naming the
    tensor and the file). To read many tensors, ``read_tensors`` reads each file once and checks the CRCs together.
    """
    if not isinstance(name, str):
        raise TypeError(f"the tensor's name is a str, not {type(name).__name__}")
    return read_tensors(checkpoint, (name,), verify=verify)[name]


def read_tensors(
    checkpoint: Union[str, os.PathLike[str], _types.Checkpoint, _types.Model],
    names: Optional[Iterable[str]] = None,
    /,
    *,
    verify: bool = True,
) -> Dict[str, Tensor]:
    """The values of many tensors of a checkpoint at once: ``{name: Tensor}`` for *names*, in their order (each
    named as ``read_tensor`` takes it), or for every key in the checkpoint's order when *names* is None.

    Each is what ``read_tensor`` gives, with the same checks and errors (the first problem found raises,
    naming its tensor); but each file is mapped once, and the CRC32Cs of all the tensors are computed
    together, which without a C module installed is several times faster than one tensor at a time.
    A checkpoint whose tensors include one that cannot be laid out (no full shape, a ``DT_VARIANT``)
    raises for it when *names* is None: pass the names to read instead. From a graph (see ``read_tensor``),
    *names* are its constants, every one when None.
    """
    if isinstance(names, (str, bytes)):
        raise TypeError(f"names is a list of tensor names, not one name ({names!r}): read_tensor reads one")
    if isinstance(checkpoint, dict) and "meta_graphs" in checkpoint:  # a model: its graph's constants
        return read_constants(checkpoint, names)
    # From a path, the listing alone: the object graph is read only if a name is not a key (see _key_of).
    listing: Decoded
    if isinstance(checkpoint, dict):
        listing = dict(checkpoint)
    else:
        try:
            listing = list_checkpoint(checkpoint)
        except DecodeError as exc:
            model = model_file(checkpoint)
            if model is None:
                raise exc from None
            return read_constants(model, names)
    tensors = listing["tensors"]
    if names is None:
        return read_values(listing, tensors, verify)
    wanted = list(dict.fromkeys(names))
    keys: List[str] = []
    for name in wanted:
        key = name if name in tensors else _key_of(listing, name)
        if key is None:
            near = sorted(tensors)[:5]
            raise KeyError(
                f"{name!r} is not in checkpoint {listing['prefix']} (it has {len(tensors)} tensors: {near} ...)"
            )
        keys.append(key)
    values = read_values(listing, keys, verify)
    return {name: values[key] for name, key in zip(wanted, keys)}


def model_file(path: Union[str, os.PathLike[str]]) -> Optional[Decoded]:
    """The model a file that is not a checkpoint is (a frozen graph: its constants are its tensors), or None."""
    if not os.path.isfile(path):
        return None
    try:
        return cast("Decoded", load(path))
    except (DecodeError, OSError):
        return None


def _key_of(listing: Decoded, name: str) -> Optional[str]:
    """The key a name that is not one means, by the object graph (read now, once, for a listing that lacks it)."""
    if "object_graph" not in listing:
        listing["object_graph"] = object_graph_of(listing)  # the call's own copy of the listing
    return resolve(name, listing["object_graph"])
