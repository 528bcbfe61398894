# SPDX-License-Identifier: Apache-2.0
"""TensorBoard's event files (``events.out.tfevents.*``) as plain Python data: every event, by run and tag.

Strategy: an event file is a TFRecord whose records are ``tensorflow.Event`` messages (event.proto). Each record
is parsed by the schema table's decoder, and each ``Summary.Value`` becomes one event of its kind, the way
TensorBoard's ``data_compat`` reads it: a TF 1 ``simple_value``, ``histo``, ``image`` or ``audio`` is the
scalar, histogram, image or audio TensorBoard draws from it; a TF 2 value is a tensor whose plugin (from its
``SummaryMetadata``, the first given for a run's tag, as TensorBoard keeps it) says what it is. A plugin this
module does not interpret keeps its name and its tensor, never dropped. The events that are not summaries
(the file's version, a graph, a meta graph, run metadata, a session's log, a log message) are events too.

A log directory is read as TensorBoard reads it: a run is each directory under it (itself included, named
``"."``) that holds a file whose name contains ``tfevents``; a run's files are read in the order of their
names. An empty file or one that is no TFRecord is skipped and named in ``skipped``; a file cut inside its last
record (a writer still running) ends there and is named in ``truncated``; a record that is damaged ends its file
there (TensorBoard's reader stops there too) and one that is no ``Event`` is skipped alone, each named in
``skipped`` with where and why, unless ``strict=True`` asks for a ``DecodeError``. Nothing is kept but the chunk
being read and the record: a file of any size is read in constant memory.

The usual scalar event (a wall time, a step, one value of a tag: TF 1's ``simple_value`` or a 0-d float32 tensor)
is read in one step once the general reader has read one of the same layout (``_fast_scalar``): most of a log's
events are these, and the general reader makes six dicts for each.
"""

from __future__ import annotations

import os
import stat
import struct

from .._errors import DecodeError
from .._proto.compiled import COMPILED, ENUM_NUMBERS, field_tag, to_int64
from .._proto.decoder import parse_message
from .._tensor import Tensor
from .tfrecord import Records

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, Iterator, List, Optional, Pattern, Tuple, Union

    from .._typing import Decoded
    from .tfrecord import PathLike

    EventDict = Dict[str, Any]
    Layout = Union[bytes, Tuple[bytes, bytes]]  # a scalar event's bytes but its value's four (_fast_scalar)

_EVENT = COMPILED["tensorflow.Event"]
_HPARAMS = COMPILED["tensorboard.hparams.HParamsPluginData"]

# The usual scalar event, read in one step (``_fast_scalar``): its tags, from the schema.
_WALL_TIME = field_tag("tensorflow.Event", "wall_time")
_STEP = field_tag("tensorflow.Event", "step")
_SUMMARY = field_tag("tensorflow.Event", "summary")
_VALUE = field_tag("tensorflow.Summary", "value")
_TAG = field_tag("tensorflow.Summary.Value", "tag")
_SIMPLE_VALUE = field_tag("tensorflow.Summary.Value", "simple_value")
_TENSOR = field_tag("tensorflow.Summary.Value", "tensor")
_DTYPE = field_tag("tensorflow.TensorProto", "dtype")
_SHAPE = field_tag("tensorflow.TensorProto", "tensor_shape")
_CONTENT = field_tag("tensorflow.TensorProto", "tensor_content")
_FLOAT_VAL = field_tag("tensorflow.TensorProto", "float_val")
_DT_FLOAT = ENUM_NUMBERS["tensorflow.DataType"]["DT_FLOAT"]
# A 0-d float32 tensor's fields before its 4 bytes of value, as TF 2 (content) and PyTorch (float_val) write them,
# with or without the empty shape.
_SCALAR_TENSORS = frozenset(
    bytes([_DTYPE, _DT_FLOAT, *shape, value_tag, 4])
    for shape in ((), (_SHAPE, 0))
    for value_tag in (_CONTENT, _FLOAT_VAL)
)
_CACHED_LAYOUTS = 4096  # a run's distinct scalar layouts kept (about one per tag): memory stays bounded
_unpack_double = struct.Struct("<d").unpack_from
_unpack_float = struct.Struct("<f").unpack_from

#: The kinds of event, in the order the command line lists them.
KINDS = (
    "scalar", "histogram", "image", "audio", "text", "tensor", "hparams", "graph_def", "meta_graph_def",
    "run_metadata", "session_log", "log_message", "file_version", "obsolete_histogram", "empty",
)  # fmt: skip

# The plugin TensorBoard shows a TF 1 value with (data_compat.migrate_value), by the value's field.
_TF1_PLUGINS = {"simple_value": "scalars", "histo": "histograms", "image": "images", "audio": "audio"}


def is_event_file(name: str) -> bool:
    """Whether TensorBoard reads a file of this name as an event file (``io_wrapper.IsSummaryEventsFile``)."""
    return "tfevents" in os.path.basename(name)


class Events:
    """The events of an event file or a log directory, an iterator of dicts: ``events(path)`` gives one.

    Each event is ``{"run", "file", "wall_time", "step", "kind", "tag", "plugin", "value"}``, ``kind`` one of
    ``KINDS`` and ``value`` what it holds: a scalar's number; a histogram's ``[left, right, count]`` buckets; an
    image's ``{"width", "height", "colorspace", "images", "formats"}``; audio's ``{"sample_rate", "num_channels",
    "length_frames", "content_type", "clips"}``; text as ``str`` (lists of them for a table); a tensor as a
    ``Tensor``; the hparams plugin's data; a graph's, meta graph's or run metadata's bytes; a session log or log
    message as its dict; the file's version. A TF 1 histogram has ``"histo"`` too (its ``HistogramProto``). Known
    before the iteration: ``runs`` (run name -> its event files, in reading order). Known after it: ``count``
    (events given), ``skipped`` (``{"path", "record", "why"}`` for each file or record left out: ``record`` is
    None for a whole file) and ``truncated`` (``{"path", "at"}`` for each file that ends inside a record)."""

    def __init__(
        self, path: PathLike, verify: bool, strict: bool, run: Optional[Pattern[str]], tag: Optional[Pattern[str]]
    ) -> None:
        self.path = os.fspath(path)
        self.verify = verify
        self.strict = strict
        self._tag = tag
        self.skipped: List[Dict[str, Any]] = []
        self.runs: Dict[str, List[str]] = runs_of(self.path, run, self.skipped)
        if strict and self.skipped:
            raise DecodeError(f"{self.skipped[0]['path']}: {self.skipped[0]['why']}")
        self.count = 0
        self.truncated: List[Dict[str, Any]] = []
        # Where the usual scalars go instead of being given as dicts: the append methods of the columns run, tag,
        # step, wall_time and value, for the column form, which needs no dict of them (event_columns).
        self._scalars: Optional[Tuple[Callable[[Any], None], ...]] = None
        self._events = self._walk()

    def __iter__(self) -> Iterator[EventDict]:
        return self._events  # the generator itself: a for loop then calls no Python method per event

    def __next__(self) -> EventDict:
        return next(self._events)

    def _walk(self) -> Iterator[EventDict]:
        for run, files in self.runs.items():
            plugins: Dict[str, str] = {}  # a run's tags: the plugin of the first metadata given (TensorBoard's)
            layouts: Dict[Layout, Tuple[str, str]] = {}  # a run's known scalar layouts: their tag and plugin
            for path in files:
                yield from self._file(run, path, plugins, layouts)

    def _skip(self, path: str, record: Optional[int], why: str) -> None:
        self.skipped.append({"path": path, "record": record, "why": why})

    def _file(
        self, run: str, path: str, plugins: Dict[str, str], layouts: Dict[Layout, Tuple[str, str]]
    ) -> Iterator[EventDict]:
        try:
            info = os.stat(path)
            empty = stat.S_ISREG(info.st_mode) and info.st_size == 0
            frames = Records(path, None, self.verify, self.strict)
        except OSError as exc:  # a file that went away, or that may not be read: named, as TensorBoard logs it
            if self.strict:
                raise
            self._skip(path, None, f"cannot read: {exc.strerror or exc}")
            return
        if empty:
            if self.strict:
                raise DecodeError(f"{path}: an empty event file")
            self._skip(path, None, "an empty file")
            return
        name = os.path.basename(path)
        tag_filter, scalars = self._tag, self._scalars
        runs, tags, steps, times, values = scalars if scalars is not None else (_no_column,) * 5
        index = -1
        try:
            # A chunk's records at a time (Records._batches): no generator step and no count kept per record.
            for batch, starts in frames._batches():
                first = index + 1
                frames.count += len(batch)
                for index, record in enumerate(batch, first):
                    layout = _fast_scalar(record)
                    if layout is not None:
                        known = layouts.get(layout[0])
                        if known is not None:  # a scalar read before: only its wall time, step and value are new
                            tag, plugin = known
                            if tag_filter is None or tag_filter.search(tag):
                                self.count += 1
                                if scalars is not None:  # straight into the columns: no call of ours per event
                                    runs(run)
                                    tags(tag)
                                    steps(layout[3])
                                    times(layout[2])
                                    values(_unpack_float(record, layout[1])[0])
                                else:
                                    yield {"run": run, "file": name, "wall_time": layout[2], "step": layout[3],
                                           "kind": "scalar", "tag": tag, "plugin": plugin,
                                           "value": _unpack_float(record, layout[1])[0]}  # fmt: skip
                            continue
                    event = _EVENT.new()
                    try:
                        parse_message(record, 0, len(record), _EVENT, event, 0)
                        found = list(_events_of(event, run, name, plugins))
                    except DecodeError as exc:
                        where = starts[index - first]
                        exc._within(f"record {index} of {path} (at byte {where}) is not a tensorflow.Event")
                        if self.strict:
                            raise
                        self._skip(path, index, str(exc))
                        continue
                    if layout is not None and found[0]["kind"] == "scalar" and len(layouts) < _CACHED_LAYOUTS:
                        # A scalar of this layout is a scalar of this tag and plugin whatever else comes: a simple
                        # value always, a tensor only once the tag's plugin is known, which then never changes.
                        layouts[layout[0]] = (found[0]["tag"], found[0]["plugin"])
                    for item in found:
                        if tag_filter is not None and (item["tag"] is None or not tag_filter.search(item["tag"])):
                            continue
                        self.count += 1
                        yield item
        except DecodeError as exc:  # a CRC that does not hold, a stream that does not inflate
            if self.strict:
                raise
            if index < 0 and frames.count == 0:
                self._skip(path, None, f"not an event file: {exc}")
            else:
                self._skip(path, frames.count, str(exc))
            return
        if frames.truncated is not None:
            self.truncated.append({"path": path, "at": frames.truncated})


def _no_column(value: Any) -> None:
    """The columns of ``Events`` read without ``event_columns``: never called (the usual scalars are then dicts)."""


def _fast_scalar(record: bytes) -> Optional[Tuple[Layout, int, float, int]]:
    """The usual scalar event in one step: (its layout, where its float32 value lies, its wall time, its step).

    The usual event is a wall time, perhaps a step, and a summary of one value, the last field: a tag, then a
    ``simple_value`` or a 0-d float32 tensor (then anything, its metadata). Its layout is every byte of the summary
    but the value's four: two records of the same layout are the same event but for their wall time, step and
    value, so a layout read once by the general reader is known. Anything else is None, for the general reader.
    """
    end = len(record)
    try:
        if record[0] != _WALL_TIME or end < 20:
            return None
        pos = 9
        step = 0
        if record[pos] == _STEP:  # absent when 0
            step = record[10]
            pos = 11
            if step >= 0x80:
                step &= 0x7F
                shift = 7
                while True:
                    byte = record[pos]
                    pos += 1
                    step |= (byte & 0x7F) << shift
                    if byte < 0x80:
                        break
                    shift += 7
                    if shift > 56:  # ten bytes (a negative step): the general reader's
                        return None
                step = to_int64(step)
        start = pos
        # The summary's tag and length, its one value's, the value's tag's: every length one byte (below 0x80),
        # the summary's and the value's running to the end of the record.
        summary_tag, summary_length, value_tag, value_length, tag_tag, tag_length = record[pos : pos + 6]
        if summary_tag != _SUMMARY or summary_length >= 0x80 or summary_length != end - pos - 2:
            return None
        if value_tag != _VALUE or value_length >= 0x80 or value_length != end - pos - 4:
            return None
        after_tag = pos + 6 + tag_length
        if tag_tag != _TAG or tag_length >= 0x80 or after_tag + 5 > end:
            return None
        kind = record[after_tag]
        if kind == _SIMPLE_VALUE:
            at = after_tag + 1
            if at + 4 != end:
                return None
        elif kind == _TENSOR:
            tensor_length = record[after_tag + 1]
            at = after_tag + 2 + tensor_length - 4
            if tensor_length >= 0x80 or at + 4 > end or record[after_tag + 2 : at] not in _SCALAR_TENSORS:
                return None
        else:
            return None
    except (IndexError, ValueError):  # a record shorter than the fields it starts (ValueError: the six unpacked)
        return None
    # A simple value ends the record: what precedes its four bytes is its whole layout.
    layout = record[start:at] if at + 4 == end else (record[start:at], record[at + 4 :])
    return layout, at, _unpack_double(record, 1)[0], step


def events(
    path: PathLike,
    *,
    run: Optional[str] = None,
    tag: Optional[str] = None,
    verify: bool = True,
    strict: bool = False,
) -> Events:
    """The events of the event file or log directory at *path*, each a dict, in order (see ``Events``).

    *run* and *tag* are regular expressions (``re.search``) that keep only the runs and the tags they match;
    *verify* checks every record's CRCs; *strict* raises ``DecodeError`` where a file or record would be skipped
    or a file ends inside a record."""
    import re  # noqa: PLC0415 (only a filter needs it)

    return Events(path, verify, strict, re.compile(run) if run else None, re.compile(tag) if tag else None)


if TYPE_CHECKING:
    _Columns = Dict[str, List[Any]]
else:
    _Columns = dict


class EventColumns(_Columns):
    """Events of one kind as columns, ``{"run": [...], "tag": [...], "step": [...], "wall_time": [...],
    "value": [...]}``, one row an event: ``pandas.DataFrame(columns)`` takes it as it is. ``skipped`` and
    ``truncated`` are the reading's (``Events``)."""

    def __init__(self, kind: str, found: Events) -> None:
        super().__init__(run=[], tag=[], step=[], wall_time=[], value=[])
        self.kind = kind
        columns = (self["run"], self["tag"], self["step"], self["wall_time"], self["value"])
        runs, tags, steps, times, values = (column.append for column in columns)
        if kind == "scalar":
            found._scalars = (runs, tags, steps, times, values)  # the usual scalars straight into the columns
        for event in found:
            if event["kind"] == kind:
                runs(event["run"])
                tags(event["tag"])
                steps(event["step"])
                times(event["wall_time"])
                values(event["value"])
        self.skipped = found.skipped
        self.truncated = found.truncated

    def to_pandas(self) -> Any:
        """A ``pandas.DataFrame`` in tbparse's long form: columns ``step``, ``tag``, ``value``, ``wall_time`` and
        ``dir_name`` (the run, ``""`` for the log directory itself). Needs pandas, which the library never
        requires."""
        import pandas  # type: ignore[import-untyped,unused-ignore]  # noqa: PLC0415 (optional: only this method needs it)

        return pandas.DataFrame({
            "step": self["step"], "tag": self["tag"], "value": self["value"], "wall_time": self["wall_time"],
            "dir_name": ["" if run == "." else run for run in self["run"]],
        })  # fmt: skip


def event_columns(
    path: PathLike,
    *,
    kind: str = "scalar",
    run: Optional[str] = None,
    tag: Optional[str] = None,
    verify: bool = True,
    strict: bool = False,
) -> EventColumns:
    """The events of one *kind* (``"scalar"`` by default; ``KINDS`` lists them) of the event file or log
    directory at *path* as columns (see ``EventColumns``); the other arguments are ``events``'."""
    if kind not in KINDS:
        raise ValueError(f"kind is one of {', '.join(KINDS)}, not {kind!r}")
    return EventColumns(kind, events(path, run=run, tag=tag, verify=verify, strict=strict))


def runs_of(
    path: str, run: Optional[Pattern[str]] = None, skipped: Optional[List[Dict[str, Any]]] = None
) -> Dict[str, List[str]]:
    """Run name -> its event files in reading order, as TensorBoard finds them under a log directory (a file, or a
    pipe named: the run ``"."``). Raises ``DecodeError`` for a path that is neither, or a directory without event
    files. What the walk cannot read (a directory it may not list) or will not open (a pipe, socket or device named
    like an event file: opening one may wait forever) is appended to *skipped*."""
    if os.path.exists(path) and not os.path.isdir(path):
        return {".": [path]}
    if not os.path.isdir(path):
        raise DecodeError(f"{path}: no such file or directory")
    left_out: List[Dict[str, Any]] = skipped if skipped is not None else []

    def unreadable(error: OSError) -> None:
        left_out.append({"path": error.filename, "record": None, "why": f"cannot read: {error.strerror or error}"})

    found: Dict[str, List[str]] = {}
    for directory, subdirectories, files in os.walk(path, onerror=unreadable):
        subdirectories.sort()
        names = sorted(name for name in files if is_event_file(name))
        if not names:
            continue
        name = os.path.relpath(directory, path).replace(os.sep, "/")
        if run is not None and not run.search(name):
            continue
        regular = []
        for file in names:
            full = os.path.join(directory, file)
            try:
                plain = stat.S_ISREG(os.stat(full).st_mode)
            except OSError:  # gone, or a dangling link: the reading names it
                plain = True
            if plain:
                regular.append(full)
            else:
                left_out.append({"path": full, "record": None, "why": "not a regular file (a pipe, socket or device "
                                 "is read only when it is named)"})  # fmt: skip
        if regular:
            found[name] = regular
    if not found and run is None:
        raise DecodeError(f"{path}: no event files (files named *tfevents*) in it or under it")
    return found


# --------------------------------------------------------------------------- one Event -> events


def _events_of(event: Decoded, run: str, file: str, plugins: Dict[str, str]) -> Iterator[EventDict]:
    wall_time, step = event["wall_time"], event["step"]
    summary = event["summary"]
    if summary is not None:
        for value in summary["value"]:
            kind, plugin, data, extra = _summary_value(value, run, plugins)
            item = {"run": run, "file": file, "wall_time": wall_time, "step": step, "kind": kind,
                    "tag": value["tag"], "plugin": plugin, "value": data}  # fmt: skip
            if extra is not None:
                item["histo"] = extra
            yield item
        return
    for field, kind, convert in _OTHER_KINDS:
        found = event[field]
        if found is not None:
            tag = found["tag"] if field == "tagged_run_metadata" else None
            yield {"run": run, "file": file, "wall_time": wall_time, "step": step, "kind": kind, "tag": tag,
                   "plugin": None, "value": convert(found)}  # fmt: skip
            return
    yield {"run": run, "file": file, "wall_time": wall_time, "step": step, "kind": "empty", "tag": None,
           "plugin": None, "value": event["source_metadata"]}  # fmt: skip


def _same(found: Any) -> Any:
    return found


# The Event's oneof "what", other than its summary: (field, kind, its value from the field's).
_OTHER_KINDS: Tuple[Tuple[str, str, Callable[[Any], Any]], ...] = (
    ("file_version", "file_version", _same),
    ("graph_def", "graph_def", _same),
    ("meta_graph_def", "meta_graph_def", _same),
    ("tagged_run_metadata", "run_metadata", lambda found: found["run_metadata"]),
    ("session_log", "session_log", _same),
    ("log_message", "log_message", _same),
)


def _summary_value(
    value: Decoded, run: str, plugins: Dict[str, str]
) -> Tuple[str, Optional[str], Any, Optional[Decoded]]:
    """(kind, plugin, value, the raw histogram of a TF 1 one) of one ``Summary.Value``."""
    tag = value["tag"]
    metadata = value["metadata"]
    plugin = plugins.get(tag)
    if plugin is None:  # the first metadata a run's tag is given is its plugin's, as TensorBoard keeps it
        tf1 = next((field for field in _TF1_PLUGINS if value[field] is not None), None)
        if tf1 is not None:  # data_compat gives a TF 1 value the metadata of its plugin
            plugin = plugins[tag] = _TF1_PLUGINS[tf1]
        elif metadata is not None:  # a metadata naming no plugin: the plugin "", as TensorBoard keeps it
            data = metadata["plugin_data"]
            plugin = plugins[tag] = data["plugin_name"] if data is not None else ""
    # A TF 1 value is of its own kind; its plugin is its tag's (its own, unless another was given first).
    if value["simple_value"] is not None:
        return "scalar", plugin, value["simple_value"], None
    histo = value["histo"]
    if histo is not None:
        return "histogram", plugin, _tf1_buckets(histo), histo
    image = value["image"]
    if image is not None:
        images = [image["encoded_image_string"]]
        return "image", plugin, {"width": image["width"], "height": image["height"],
                                 "colorspace": image["colorspace"], "images": images,
                                 "formats": [_encoding(images[0])]}, None  # fmt: skip
    audio = value["audio"]
    if audio is not None:
        encoded = audio["encoded_audio_string"]
        clip = {"audio": encoded, "label": b"", "format": _encoding(encoded)}
        return "audio", plugin, {"sample_rate": audio["sample_rate"], "num_channels": audio["num_channels"],
                                 "length_frames": audio["length_frames"], "content_type": audio["content_type"],
                                 "clips": [clip]}, None  # fmt: skip
    if value["obsolete_old_style_histogram"] is not None:
        return "obsolete_histogram", plugin, value["obsolete_old_style_histogram"], None
    if plugin == "hparams":  # its data is its metadata's content; the value, if any, says nothing
        content = metadata["plugin_data"]["content"] if metadata is not None and metadata["plugin_data"] else b""
        return "hparams", plugin, _hparams(content, tag), None
    tensor_proto = value["tensor"]
    if tensor_proto is None:
        return "empty", plugin, None, None
    tensor = _tensor(tensor_proto, tag)
    reader = _PLUGIN_KINDS.get(plugin or "")
    if reader is not None and tensor is not None:
        kind, read = reader
        found = read(tensor)
        if found is not _NOT_THIS:
            return kind, plugin, found, None
    return "tensor", plugin, tensor if tensor is not None else tensor_proto, None


def _tf1_buckets(histo: Decoded) -> List[List[float]]:
    """A TF 1 ``HistogramProto`` as TensorBoard draws it (``data_compat._migrate_histogram_value``): the empty
    buckets at either end dropped, the first kept bucket's left edge ``min`` and the last's right edge ``max``,
    each inner edge the previous bucket's limit; in float64 (TensorBoard rounds them to float32)."""
    counts: List[float] = histo["bucket"]
    limits: List[float] = histo["bucket_limit"]
    filled = [index for index, count in enumerate(counts) if count > 0]
    if not filled:
        return []
    start, end = filled[0], filled[-1]
    inner = limits[start:end]
    lefts = [histo["min"], *inner]
    rights = [*inner, histo["max"]]
    return [[left, right, count] for left, right, count in zip(lefts, rights, counts[start : end + 1])]


def _tensor(proto: Decoded, tag: str) -> Optional[Tensor]:
    """The values of a summary's ``TensorProto`` by TensorFlow's rules, or None for a dtype without plain values
    (the proto is kept instead)."""
    from .._graph.endpoints import tensor_values  # noqa: PLC0415 (the graph wing's import: only tensors pay)

    shape_proto = proto["tensor_shape"]
    dims = [dim["size"] for dim in shape_proto["dim"]] if shape_proto is not None else []
    try:
        return tensor_values(tag, proto["dtype"], tuple(dims), proto["tensor_content"], proto)
    except DecodeError:
        return None


_NOT_THIS = object()  # a known plugin's tensor of a form the plugin does not write: kept as a tensor


def _scalar(tensor: Tensor) -> Any:
    if tensor.shape != () or tensor.dtype == "DT_STRING":
        return _NOT_THIS
    return tensor.tolist()


def _histogram(tensor: Tensor) -> Any:
    # tf.summary.histogram writes k rows of (left edge, right edge, count); any other form stays a tensor.
    if len(tensor.shape) != 2 or tensor.shape[1] != 3 or tensor.dtype == "DT_STRING":
        return _NOT_THIS
    return [[float(item) for item in row] for row in tensor.tolist()]


def _image(tensor: Tensor) -> Any:
    # tf.summary.image: a vector of strings, the width and height as decimal text, then each encoded image.
    if tensor.dtype != "DT_STRING" or len(tensor.shape) != 1 or tensor.shape[0] < 2:
        return _NOT_THIS
    strings = tensor.tolist()
    try:
        width, height = int(strings[0]), int(strings[1])
    except ValueError:
        return _NOT_THIS
    images = strings[2:]
    return {"width": width, "height": height, "colorspace": None, "images": images,
            "formats": [_encoding(data) for data in images]}  # fmt: skip


def _audio(tensor: Tensor) -> Any:
    # tf.summary.audio: k x 2 strings, each clip's encoded audio and its label (Markdown).
    if tensor.dtype != "DT_STRING" or len(tensor.shape) != 2 or tensor.shape[1] != 2:
        return _NOT_THIS
    clips = [{"audio": audio, "label": label, "format": _encoding(audio)} for audio, label in tensor.tolist()]
    return {"sample_rate": None, "num_channels": None, "length_frames": None, "content_type": None, "clips": clips}


# What an image's or a clip's first bytes say it is encoded as (the writers: PNG, JPEG or GIF; WAV).
_ENCODINGS: Tuple[Tuple[int, bytes, str], ...] = (
    (0, b"\x89PNG\r\n\x1a\n", "png"), (0, b"\xff\xd8\xff", "jpeg"), (0, b"GIF87a", "gif"), (0, b"GIF89a", "gif"),
    (8, b"WEBP", "webp"), (0, b"BM", "bmp"), (8, b"WAVE", "wav"), (0, b"fLaC", "flac"), (0, b"OggS", "ogg"),
)  # fmt: skip


def _encoding(data: bytes) -> Optional[str]:
    """The format an encoded image or clip is in, from its first bytes, or None when they say none of these."""
    for offset, magic, name in _ENCODINGS:
        if data[offset : offset + len(magic)] == magic and (offset == 0 or data[:4] == b"RIFF"):
            return name
    return None


def _text(tensor: Tensor) -> Any:
    if tensor.dtype != "DT_STRING":
        return _NOT_THIS
    return _utf8(tensor.tolist())


def _utf8(found: Any) -> Any:
    """Strings as ``str`` where they are UTF-8 (TensorBoard's text plugin decodes them so), else kept as bytes."""
    if isinstance(found, list):
        return [_utf8(item) for item in found]
    try:
        return found.decode("utf-8")
    except UnicodeDecodeError:
        return found


_PLUGIN_KINDS: Dict[str, Tuple[str, Callable[[Tensor], Any]]] = {
    "scalars": ("scalar", _scalar),
    "histograms": ("histogram", _histogram),
    "images": ("image", _image),
    "audio": ("audio", _audio),
    "text": ("text", _text),
}


def _hparams(content: bytes, tag: str) -> Any:
    """The hparams plugin's data: its one member (``experiment``, ``session_start_info`` or
    ``session_end_info``) with every ``google.protobuf.Value`` made the plain value it holds."""
    data = _HPARAMS.new()
    try:
        parse_message(content, 0, len(content), _HPARAMS, data, 0)
    except DecodeError as exc:
        exc._within(f"the hparams plugin's data of {tag!r}")
        raise
    for member in ("experiment", "session_start_info", "session_end_info"):
        found = data[member]
        if found is not None:
            if member == "session_start_info":
                found["hparams"] = {name: plain_value(value) for name, value in found["hparams"].items()}
            elif member == "experiment":
                for info in found["hparam_infos"]:
                    if info["domain_discrete"] is not None:
                        info["domain_discrete"] = [plain_value(item) for item in info["domain_discrete"]["values"]]
            return {member: found}
    return {}


def plain_value(value: Decoded) -> Union[bool, float, str, List[Any], Dict[str, Any], None]:
    """A ``google.protobuf.Value`` as the JSON value it holds."""
    if value["number_value"] is not None:
        return value["number_value"]  # type: ignore[no-any-return]
    if value["string_value"] is not None:
        return value["string_value"]  # type: ignore[no-any-return]
    if value["bool_value"] is not None:
        return value["bool_value"]  # type: ignore[no-any-return]
    if value["struct_value"] is not None:
        return {name: plain_value(item) for name, item in value["struct_value"]["fields"].items()}
    if value["list_value"] is not None:
        return [plain_value(item) for item in value["list_value"]["values"]]
    return None  # null_value, or no kind at all
