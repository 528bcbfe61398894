# SPDX-License-Identifier: Apache-2.0
"""Weights out: ``export`` writes a checkpoint's tensors, or a frozen graph's constants, to safetensors or ``.npz``.

Strategy: a plan first, then the bytes. The plan lists every tensor of the source with what it becomes: its name
(the checkpoint key, a TF 2 variable's object path or ``full_name``, renamed by the user's patterns), or why it is
left out (a string, a dtype the format cannot hold, an optimizer slot when asked, outside the scope). Then the
writer (``writers``) streams each tensor from where it lies: a V2 tensor is copied out of its mapped data shard in
chunks, its CRC32C computed on the way and compared at its end (a mismatch stops the export, and the temporary
file is removed); a partitioned variable's slices are checked, then copied run by run into their place, the runs
of all slices merged in the order of the full tensor, so that nothing holds a whole tensor. A V1 checkpoint keeps
its values inside table entries (small, in practice): each tensor is read whole by ``values``. A frozen graph's
constants are read by ``_graph.constants``.
"""

from __future__ import annotations

import heapq
import os
import re

from .._disk.atomic import AtomicFile, check_destination
from .._disk.locate import checkpoint_beside
from .._errors import DecodeError
from .._model.collections import scope_matcher
from .._tensor import element_count
from .._typing import cast
from .checkpoint import model_file
from .crc32c import crc32c, unmask
from .listing import list_checkpoint, shard_path
from .objects import object_graph_of
from .values import read_values
from .writers import ITEM_SIZES, NPY_DESCRS, SAFETENSORS_DTYPES, write_npz, write_safetensors

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, Final, Iterable, Iterator, List, Optional, Pattern, Tuple, Union

    from .. import types as _types
    from .._typing import Decoded
    from .writers import Entry

# Bytes copied at once: a chunk is a copy out of the map, so this bounds what an export holds.
_CHUNK: Final = 8 << 20

# What ``no_slots`` leaves out of a TF 1 checkpoint, by name: the slots TensorFlow's optimizers make
# (``<variable>/<optimizer's name>``, ``_1`` for the second), BERT's AdamWeightDecay slots, Adam's beta powers and
# the global step. A TF 2 checkpoint says what a slot is (its object graph): those, the optimizer's own variables
# (``optimizer/...``: its iteration count, hyperparameters) and ``save_counter``.
_SLOT_SUFFIX: Final = re.compile(r"/(?:Adam|RMSProp|Adadelta|Ftrl|Nadam|Adamax)(?:_1)?$|"
                                 r"/(?:Momentum|Adagrad|AdagradDA|ProximalAdagrad|adam_m|adam_v)$")  # fmt: skip
_COUNTERS: Final = re.compile(r"(?:^|/)(?:global_step|beta1_power|beta2_power)$")
_TF2_COUNTERS: Final = ("optimizer/", "save_counter/")

_NAMES: Final = ("key", "object", "full_name")


def export(
    source: Union[str, os.PathLike[str], _types.Checkpoint, _types.Model],
    out: Union[str, os.PathLike[str]],
    /,
    *,
    format: Optional[str] = None,
    scope: Union[str, Pattern[str], None] = None,
    no_slots: bool = False,
    rename: Iterable[Tuple[Union[str, Pattern[str]], str]] = (),
    names: str = "key",
    bfloat16_as_uint16: bool = False,
    force: bool = False,
    verify: bool = True,
    progress: Optional[Callable[[int, int], None]] = None,
) -> _types.ExportReport:
    """Write the tensors of a checkpoint (a path as ``load_checkpoint`` takes, or what it returned), or the
    constants of a frozen graph (its path, or what ``load`` returned; a model whose variables a checkpoint restores
    is the checkpoint beside it, and refused without one), to *out*: a safetensors file or a NumPy
    ``.npz`` (*format* ``"safetensors"`` or ``"npz"``, else from *out*'s suffix).

    *scope* keeps the tensors whose name (as *names* gives it) is in that scope (TensorFlow's rule at a name
    boundary) or that a compiled pattern ``match``-es. *no_slots* leaves out optimizer slots and training counters.
    *names*: ``"key"`` (the checkpoint's keys), or for a TF 2 checkpoint ``"object"`` (each variable's object path)
    or ``"full_name"`` (the name it was created with). *rename* is ``(pattern, replacement)`` pairs applied in
    turn with ``re.sub``. bfloat16 goes to safetensors as ``BF16``; ``.npz`` has no bfloat16, so it is refused,
    naming the tensors, unless *bfloat16_as_uint16* (its bits as ``uint16``). String tensors are left out, as are
    dtypes the format cannot hold; the report says which and why. Every CRC32C is checked unless *verify* is
    False. *progress* is called with (bytes written, bytes in all). The file is written under a temporary name
    and renamed at the end; *out* must not exist unless *force*.

    Raises ``DecodeError`` for a damaged source (naming the tensor; nothing is left at *out*), ``ValueError`` for
    options that cannot be met (two tensors renamed alike, bfloat16 into ``.npz``), ``FileExistsError``, ``OSError``.
    """
    kind = _format_of(format, os.fspath(out))
    check_destination(os.fspath(out), force)  # said before anything is read (the writer checks again)
    if names not in _NAMES:
        raise ValueError(f"names must be one of {', '.join(_NAMES)}, not {names!r}")
    selects = _selector(scope)
    renames = [(re.compile(pattern) if isinstance(pattern, str) else pattern, replacement)
               for pattern, replacement in rename]  # fmt: skip
    listing, model = _source_of(source)
    plan = _Plan(kind, selects, no_slots, renames, names, bfloat16_as_uint16)
    with _Shards(listing) as shards:
        if listing is not None:
            entries, described = plan.of_checkpoint(listing, shards, verify)
            where = {"source": str(listing["prefix"]), "source_format": f"TensorFlow checkpoint {listing['format']}"}
        else:
            assert model is not None  # _source_of gives one or the other
            entries, described = plan.of_graph(model)
            where = {"source": str(model.get("path") or "<bytes>"), "source_format": "TensorFlow GraphDef constants"}
        plan.check()
        total = sum(entry[3] for entry in entries)
        written = [0]

        def done(size: int) -> None:
            written[0] += size
            if progress is not None:
                progress(written[0], total)

        path = os.fspath(out)
        with AtomicFile(path, force) as file:
            if kind == "safetensors":
                metadata = {"format": "tf", **where, "names": names, "exported_by": "tfcollections"}
                write_safetensors(file, _aligned(entries), metadata, done)
            else:
                write_npz(file, entries, plan.descrs, done)
    report = {"path": path, "format": kind, "source": where["source"], "tensors": described,
              "left_out": plan.left_out, "bytes": total}  # fmt: skip
    return cast("_types.ExportReport", report)


def _format_of(given: Optional[str], out: str) -> str:
    if given is not None:
        if given not in ("safetensors", "npz"):
            raise ValueError(f"format must be 'safetensors' or 'npz', not {given!r}")
        return given
    suffix = os.path.splitext(out)[1].lower()
    if suffix in (".safetensors", ".npz"):
        return suffix[1:]
    raise ValueError(f"cannot tell the format from {out!r}: name it .safetensors or .npz, or give the format")


def _selector(scope: Union[str, Pattern[str], None]) -> Callable[[str], bool]:
    if scope is None:
        return lambda name: True
    if isinstance(scope, str):
        return scope_matcher(scope, boundary=True)
    return lambda name: scope.match(name) is not None


def _source_of(source: Any) -> Tuple[Optional[Decoded], Optional[Decoded]]:
    """(the checkpoint listing, None) or (None, the model whose constants are exported). A model whose variables
    are restored from a checkpoint (a meta graph, a SavedModel) is that checkpoint: its constants are no weights."""
    if isinstance(source, dict):
        if "tensors" in source and "prefix" in source:
            return source, None
        if "meta_graphs" not in source:
            raise TypeError("source must be a path, what load_checkpoint returned, or what load returned")
        model: Decoded = source
    else:
        try:
            listing = list_checkpoint(source)
        except DecodeError as exc:
            found = model_file(source)
            if found is None:
                raise exc from None
            model = found
        else:
            listing["object_graph"] = object_graph_of(listing)
            return listing, None
    if not _restores_variables(model):
        return None, model  # a frozen graph: its constants are its weights
    beside = checkpoint_beside(model.get("path"), model["format"])
    if beside is None:
        raise DecodeError(
            f"{model.get('path') or 'the model'} is a {model['format']} whose weights are its "
            "variables, restored from a checkpoint, and no checkpoint is beside it: give the "
            "checkpoint's prefix (or freeze the model first: then its constants are its weights)"
        )
    listing = list_checkpoint(beside)
    listing["object_graph"] = object_graph_of(listing)
    return listing, None


def _restores_variables(model: Decoded) -> bool:
    """Whether a model's meta graphs restore variables from a checkpoint: a saver, a TF 2 object graph, or a
    collection of variables."""
    for meta_graph in model.get("meta_graphs") or ():
        if meta_graph.get("saver_def") or meta_graph.get("object_graph_def"):
            return True
        collections = meta_graph.get("collection_def") or {}
        if any(collections.get(name) for name in ("variables", "trainable_variables")):
            return True
    return False


class _Plan:
    """What is exported, under which names, and what is left out and why."""

    def __init__(self, kind: str, selects: Callable[[str], bool], no_slots: bool,
                 renames: List[Tuple[Pattern[str], str]], names: str, bfloat16_as_uint16: bool) -> None:  # fmt: skip
        self.kind = kind
        self.selects = selects
        self.no_slots = no_slots
        self.renames = renames
        self.names = names
        self.bfloat16_as_uint16 = bfloat16_as_uint16
        self.left_out: List[Dict[str, str]] = []
        self.descrs: Dict[str, str] = {}
        self.bfloat16: List[str] = []
        self.taken: Dict[str, str] = {}

    def name_of(self, key: str, dtype: str, shape: Any, known: Optional[Decoded]) -> Optional[str]:
        """The name *key* is exported under, or None (and why, in ``left_out``)."""
        name = key
        if self.names != "key" and known is not None:
            name = known["object"] if self.names == "object" else (known["full_name"] or known["object"])
        table = SAFETENSORS_DTYPES if self.kind == "safetensors" else NPY_DESCRS
        why = None
        if not self.selects(name):
            why = "outside the scope"
        elif dtype == "DT_STRING":
            why = "a string tensor: not weights"
        elif self.no_slots and _is_slot(key, known):
            why = "an optimizer slot or training counter (no_slots)"
        elif dtype not in table and not (dtype == "DT_BFLOAT16" and self.kind == "npz"):
            why = f"{dtype}: {self.kind} has no such dtype"
        elif shape is None or any(dim < 0 for dim in shape):
            why = f"no full shape in the checkpoint ({shape})"
        if why is not None:
            self.left_out.append({"key": key, "why": why})
            return None
        for pattern, replacement in self.renames:
            name = pattern.sub(replacement, name)
        if name in self.taken:
            raise ValueError(f"{key!r} and {self.taken[name]!r} would both be exported as {name!r}")
        self.taken[name] = key
        if dtype == "DT_BFLOAT16" and self.kind == "npz":
            self.bfloat16.append(key)
            self.descrs[name] = "<u2"
        return name

    def check(self) -> None:
        if self.bfloat16 and not self.bfloat16_as_uint16:
            shown = ", ".join(self.bfloat16[:5]) + (
                f" and {len(self.bfloat16) - 5} more" if len(self.bfloat16) > 5 else ""
            )
            raise ValueError(f"NumPy has no bfloat16, and {len(self.bfloat16)} tensor(s) are bfloat16: {shown}; "
                             "export to safetensors (BF16), or write their bits as uint16 (bfloat16_as_uint16=True, "
                             "--bfloat16-as-uint16)")  # fmt: skip

    def of_checkpoint(self, listing: Decoded, shards: _Shards, verify: bool) -> Tuple[List[Entry], List[Decoded]]:
        objects = listing.get("object_graph")
        known_keys = objects["keys"] if objects is not None else {}
        entries: List[Entry] = []
        described: List[Decoded] = []
        for key, info in listing["tensors"].items():
            dtype, shape = info["dtype"], info["shape"]
            name = self.name_of(key, dtype, shape, known_keys.get(key))
            if name is None:
                continue
            shape = tuple(shape)
            size = element_count(shape) * ITEM_SIZES[dtype]
            if listing["format"] == "V1":
                chunks = _v1_chunks(listing, key, verify)
            elif info["slices"]:
                chunks = _slice_chunks(shards, key, shape, ITEM_SIZES[dtype], info["slices"], verify)
            else:
                if info["size"] != size:
                    raise DecodeError(
                        f"{key!r}: {info['size']:,} bytes in the checkpoint for {size:,} of {dtype} {list(shape)}"
                    )
                chunks = _v2_chunks(shards, key, info, verify)
            entries.append((name, dtype, shape, size, chunks))
            described.append({"name": name, "key": key, "dtype": dtype, "shape": list(shape), "bytes": size})
        return entries, described

    def of_graph(self, model: Decoded) -> Tuple[List[Entry], List[Decoded]]:
        from .._graph.constants import read_constants  # noqa: PLC0415 (a checkpoint's export never reads a graph)

        entries: List[Entry] = []
        described: List[Decoded] = []
        for key, tensor in read_constants(model, None).items():
            name = self.name_of(key, tensor.dtype, list(tensor.shape), None)
            if name is None:
                continue
            data = memoryview(tensor.tobytes())
            entries.append((name, tensor.dtype, tensor.shape, len(data), _memory_chunks(data)))
            described.append({"name": name, "key": key, "dtype": tensor.dtype, "shape": list(tensor.shape),
                              "bytes": len(data)})  # fmt: skip
        return entries, described


def _is_slot(key: str, known: Optional[Decoded]) -> bool:
    if known is not None:
        return known["slot"] is not None or key.startswith(_TF2_COUNTERS)
    if ".OPTIMIZER_SLOT/" in key or key.startswith(_TF2_COUNTERS):
        return True
    return _SLOT_SUFFIX.search(key) is not None or _COUNTERS.search(key) is not None


def _aligned(entries: List[Entry]) -> List[Entry]:
    """The entries with the largest elements first (the order kept among equals): every offset is then a multiple
    of its tensor's element size, as safetensors' own writer arranges them."""
    return sorted(entries, key=lambda entry: -ITEM_SIZES[entry[1]])


class _Shards:
    """The data shards of a V2 checkpoint, each opened once, on first use, for the export's span, and read with
    ``readinto`` into one buffer: a mapped shard would count every page read in the process's memory, and a
    fault per page costs more than a read of many."""

    def __init__(self, listing: Optional[Decoded]) -> None:
        self.listing = listing
        self.files: Dict[int, Any] = {}
        self.buffer = memoryview(bytearray(_CHUNK))

    def read(self, shard: int, key: str, offset: int, size: int) -> Iterator[memoryview]:
        """The *size* bytes at *offset* of data shard *shard*, in chunks: views of one buffer, each valid until the
        next is asked for (the writer writes each at once)."""
        file = self.files.get(shard)
        if file is None:
            assert self.listing is not None
            path = shard_path(self.listing["prefix"], shard, self.listing["header"]["num_shards"])
            try:
                file = self.files[shard] = open(path, "rb", buffering=0)  # noqa: SIM115 (closed by __exit__)
            except FileNotFoundError:
                raise DecodeError(f"{key!r} lies in data shard {path}, which is missing") from None
        length = os.fstat(file.fileno()).st_size
        if offset < 0 or offset + size > length:
            raise DecodeError(f"{key!r}: its {size:,} bytes at byte {offset:,} lie past the end of its data shard "
                              f"({length:,} bytes: truncated?)", offset)  # fmt: skip
        file.seek(offset)
        left = size
        while left:
            view = self.buffer[: min(left, _CHUNK)]
            got = file.readinto(view)
            if not got:
                raise DecodeError(f"{key!r}: its data shard ended while it was read (changed meanwhile?)", offset)
            left -= got
            yield view[:got]

    def __enter__(self) -> _Shards:
        return self

    def __exit__(self, *exc: object) -> None:
        for file in self.files.values():
            file.close()


def _v2_chunks(shards: _Shards, key: str, where: Decoded, verify: bool) -> Callable[[], Iterator[Any]]:
    def chunks() -> Iterator[Any]:
        yield from _checked(shards, key, where, verify)

    return chunks


def _checked(shards: _Shards, key: str, where: Decoded, verify: bool) -> Iterator[memoryview]:
    """The bytes of one stored piece (a tensor, or a slice of one), in chunks, its CRC32C checked at its end."""
    crc = 0
    for chunk in shards.read(where["shard"], key, where["offset"], where["size"]):
        if verify:
            crc = crc32c(chunk, crc)
        yield chunk
    if verify and crc != unmask(where["crc32c"]):
        raise DecodeError(f"{key!r} is damaged: the CRC32C of its {where['size']:,} bytes is {crc:#010x}, the "
                          f"checkpoint says {unmask(where['crc32c']):#010x}", where["offset"])  # fmt: skip


def _slice_chunks(shards: _Shards, key: str, shape: Tuple[int, ...], item: int, parts: List[Decoded],
                  verify: bool) -> Callable[[], Iterator[Any]]:  # fmt: skip
    """A partitioned variable's bytes in the order of the full tensor: every slice checked first (its CRC32C, by
    a pass over its bytes), then the runs of all slices merged by where they go, each copied from its shard."""

    def chunks() -> Iterator[Any]:
        covered = 0
        for part in parts:
            part_shape = tuple(full if length is None else length for full, length in zip(shape, part["length"]))
            if part["size"] != element_count(part_shape) * item:
                raise DecodeError(f"{key!r}: a slice of {part['size']:,} bytes for {list(part_shape)}", part["offset"])
            covered += element_count(part_shape)
            if verify:
                for _ in _checked(shards, key, part, True):
                    pass
        if covered != element_count(shape):
            raise DecodeError(f"{key!r}: its {len(parts)} slices hold {covered:,} elements, its shape "
                              f"{element_count(shape):,}")  # fmt: skip
        expected = 0
        for target, shard, start, length in heapq.merge(*(_runs(shape, item, part) for part in parts)):
            if target != expected:
                raise DecodeError(f"{key!r}: its slices overlap or leave a gap at byte {expected:,} of the tensor")
            yield from shards.read(shard, key, start, length)
            expected += length

    return chunks


def _runs(shape: Tuple[int, ...], item: int, part: Decoded) -> Iterator[Tuple[int, int, int, int]]:
    """(where in the full tensor, shard, where in the shard, length), in bytes, of each contiguous run of a slice,
    in increasing order of where it goes."""
    starts = [start for start in part["start"]]
    part_shape = tuple(full if length is None else length for full, length in zip(shape, part["length"]))
    inner, split = 1, len(shape)
    while split > 0 and part_shape[split - 1] == shape[split - 1]:
        split -= 1
        inner *= shape[split]
    if split > 0:  # the first dimension from the end the slice does not cover whole: its run is part of it
        split -= 1
        inner *= part_shape[split]
    strides = [element_count(shape[axis + 1 :]) for axis in range(len(shape))]
    run = inner * item
    offset = part["offset"]
    for number, index in enumerate(_indices(part_shape[:split])):
        target = sum((starts[axis] + index[axis]) * strides[axis] for axis in range(split))
        target += starts[split] * strides[split] if split < len(shape) else 0
        yield target * item, part["shard"], offset + number * run, run


def _indices(shape: Tuple[int, ...]) -> Iterator[Tuple[int, ...]]:
    """Every index of *shape* in C order, without recursion (a slice may have many rows)."""
    if any(dim == 0 for dim in shape):
        return
    index = [0] * len(shape)
    while True:
        yield tuple(index)
        axis = len(shape) - 1
        while axis >= 0:
            index[axis] += 1
            if index[axis] < shape[axis]:
                break
            index[axis] = 0
            axis -= 1
        if axis < 0:
            return


def _v1_chunks(listing: Decoded, key: str, verify: bool) -> Callable[[], Iterator[Any]]:
    def chunks() -> Iterator[Any]:
        # A V1 tensor lies in table entries as a TensorProto: read whole (its slices put together), then written.
        yield from _memory_chunks(memoryview(read_values(listing, [key], verify)[key].tobytes()))()

    return chunks


def _memory_chunks(data: memoryview) -> Callable[[], Iterator[Any]]:
    def chunks() -> Iterator[Any]:
        for start in range(0, len(data), _CHUNK):
            yield bytes(data[start : start + _CHUNK])

    return chunks
