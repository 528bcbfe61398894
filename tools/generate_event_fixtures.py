# SPDX-License-Identifier: Apache-2.0
"""Write TensorBoard event files with the real writers, and what TensorBoard reads from them (run by hand).

    .venv-bench/bin/python -m tools.generate_event_fixtures      # bash benchmarks/run.sh --quick makes the venv
    .venv-bench/bin/python -m tools.generate_event_fixtures --reread   # the files kept, their readings again

Needs TensorFlow, TensorBoard, PyTorch (CPU), tensorboardX and tbparse (the benchmark venv has them all). Writes
the log directory tests/data/events/ (its runs below) and tests/data/events-damaged/, and EXPECTED.json beside
them in tests/data/events.json:

- ``tf2``: TF 2 ``tf.summary`` of every kind (scalars over 20 steps with NaN and an infinity, a histogram, two
  images, audio, text as a string and as a table, a tensor of an unknown plugin, a graph);
- ``tf1``: a TF 1 ``FileWriter`` in graph mode with its graph, merged scalar, histogram, image, audio and text
  summaries, a session log, run metadata and a meta graph;
- ``keras/train`` and ``keras/validation``: Keras' ``TensorBoard`` callback with ``histogram_freq=1``;
- ``hparams`` (the experiment) and ``hparams/run-0``, ``hparams/run-1`` (each session's hyperparameters, its
  metric, its end), through ``tensorboard.plugins.hparams.api``;
- ``torch`` and ``torch/hp``: PyTorch's ``SummaryWriter`` (scalars old and new style, a histogram, an image,
  text, audio, hparams);
- ``tbx``: tensorboardX's ``SummaryWriter`` (scalars, a histogram, text);
- tests/data/events-damaged/: a file cut inside its last record, one with a record's CRC changed, one with a record
  that is no Event, an empty file and one of junk, each named ``*tfevents*``.

For every file, EXPECTED.json holds TensorBoard's reading: each record through ``LegacyEventFileLoader``, each summary
value migrated by ``data_compat`` (as the plugins read it) and its plugin the first one given for the run's tag,
its values from ``tensor_util.make_ndarray``; the hparams plugin's data through its own protos. And over each run,
``EventAccumulator`` with size guidance 0 (every scalar, histogram, image, audio and tensor event per tag) and
tbparse's scalars and histograms.
"""

from __future__ import annotations

import json
import os
import shutil
import struct
import sys
from pathlib import Path
from typing import Any, Dict, List

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import numpy as np
import tensorflow as tf

from tests.helpers import canonical  # the fixtures' JSON form, which the tests compare with

ROOT = Path(__file__).resolve().parent.parent / "tests" / "data"
OUT = ROOT / "events"
DAMAGED = ROOT / "events-damaged"
EXPECTED = ROOT / "events.json"
WALL = 1_700_000_000.0  # the writers stamp the clock; the readings record whatever they wrote


# --------------------------------------------------------------------------- the writers


def write_tf2(logdir: Path) -> None:
    writer = tf.summary.create_file_writer(str(logdir / "tf2"))
    rng = np.random.default_rng(7)
    with writer.as_default():
        for step in range(20):
            value = float("nan") if step == 5 else (float("inf") if step == 6 else 1.0 / (step + 1))
            tf.summary.scalar("loss", value, step=step)
            tf.summary.scalar("accuracy", step / 20.0, step=step, description="share right")
        for step in range(3):
            tf.summary.histogram("weights", rng.standard_normal(200) * (step + 1), step=step, buckets=8)
        tf.summary.histogram("empty", np.zeros([0]), step=0)
        images = rng.integers(0, 255, size=(2, 4, 5, 3)).astype(np.uint8)
        tf.summary.image("pictures", images, step=1, max_outputs=2)
        audio = np.sin(np.linspace(0, 40, 800, dtype=np.float32)).reshape(1, 800, 1)
        tf.summary.audio("tone", audio, sample_rate=8000, step=1)
        tf.summary.text("notes", "**hello**, TensorBoard", step=2)
        tf.summary.text("table", [["a", "b"], ["c", "é"]], step=2)
        metadata = tf.compat.v1.SummaryMetadata()
        metadata.plugin_data.plugin_name = "my_plugin"
        metadata.plugin_data.content = b"\x08\x01"
        tf.summary.write("custom", tf.constant([[1, 2, 3], [4, 5, 6]], dtype=tf.int64), step=3, metadata=metadata)

        @tf.function
        def double(x: tf.Tensor) -> tf.Tensor:
            return x * 2

        tf.summary.graph(double.get_concrete_function(tf.TensorSpec([2], tf.float32)).graph)
    writer.close()


def write_tf1(logdir: Path) -> None:
    graph = tf.Graph()
    with graph.as_default():
        x = tf.compat.v1.placeholder(tf.float32, [None, 4], name="x")
        w = tf.compat.v1.get_variable("w", [4, 2], initializer=tf.compat.v1.random_normal_initializer(seed=1))
        y = tf.matmul(x, w, name="y")
        loss = tf.reduce_mean(tf.square(y), name="loss")
        tf.compat.v1.summary.scalar("loss", loss)
        tf.compat.v1.summary.histogram("w", w)
        tf.compat.v1.summary.image("x_image", tf.reshape(tf.cast(x[:1] * 50, tf.uint8), [1, 2, 2, 1]), max_outputs=1)
        tf.compat.v1.summary.audio("x_audio", tf.reshape(x[:1], [1, 4]), sample_rate=4000.0)
        tf.compat.v1.summary.text("x_text", tf.constant("graph mode"))
        merged = tf.compat.v1.summary.merge_all()
        with tf.compat.v1.Session(graph=graph) as session:
            session.run(tf.compat.v1.global_variables_initializer())
            writer = tf.compat.v1.summary.FileWriter(str(logdir / "tf1"), graph)
            writer.add_session_log(tf.compat.v1.SessionLog(status=tf.compat.v1.SessionLog.START), 0)
            feed = np.arange(12, dtype=np.float32).reshape(3, 4) / 10
            for step in range(3):
                options = tf.compat.v1.RunOptions(trace_level=tf.compat.v1.RunOptions.FULL_TRACE)
                run_metadata = tf.compat.v1.RunMetadata()
                summary = session.run(merged, {x: feed * (step + 1)}, options=options, run_metadata=run_metadata)
                writer.add_summary(summary, step)
                if step == 1:
                    writer.add_run_metadata(run_metadata, "step1", step)
            writer.add_meta_graph(tf.compat.v1.train.export_meta_graph(graph=graph), 3)
            writer.add_session_log(
                tf.compat.v1.SessionLog(status=tf.compat.v1.SessionLog.CHECKPOINT, checkpoint_path="model.ckpt-3"), 3
            )
            writer.close()


def write_keras(logdir: Path) -> None:
    import keras

    keras.utils.set_random_seed(3)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activation="relu"), keras.layers.Dense(1)])
    model.compile(optimizer="sgd", loss="mse", metrics=["mae"])
    data = np.random.default_rng(3).standard_normal((32, 4)).astype(np.float32)
    callback = keras.callbacks.TensorBoard(str(logdir / "keras"), histogram_freq=1, write_graph=True, profile_batch=0)
    model.fit(data, data[:, :1], validation_split=0.25, epochs=2, batch_size=8, callbacks=[callback], verbose=0)


def write_hparams(logdir: Path) -> None:
    from tensorboard.plugins.hparams import api as hp

    rate = hp.HParam("learning_rate", hp.RealInterval(0.001, 0.1))
    optimizer = hp.HParam("optimizer", hp.Discrete(["adam", "sgd"]))
    layers = hp.HParam("layers", hp.IntInterval(1, 3))
    with tf.summary.create_file_writer(str(logdir / "hparams")).as_default():
        hp.hparams_config(hparams=[rate, optimizer, layers], metrics=[hp.Metric("accuracy", display_name="Accuracy")])
    for index, (value, name) in enumerate([(0.01, "adam"), (0.1, "sgd")]):
        with tf.summary.create_file_writer(str(logdir / "hparams" / f"run-{index}")).as_default():
            hp.hparams({rate: value, optimizer: name, layers: index + 1}, trial_id=f"trial-{index}")
            tf.summary.scalar("accuracy", 0.5 + index / 4, step=1)


def write_torch(logdir: Path) -> None:
    import torch
    from torch.utils.tensorboard import SummaryWriter

    torch.manual_seed(5)
    writer = SummaryWriter(str(logdir / "torch"))
    for step in range(10):
        writer.add_scalar("train/loss", 2.0 / (step + 1), step)
        writer.add_scalar("train/new_style", step * 0.5, step, new_style=True)
    writer.add_scalars("lr", {"a": 0.1, "b": 0.2}, 0)
    writer.add_histogram("layer", torch.randn(100), 1)
    writer.add_image("picture", torch.rand(3, 4, 6), 1)
    writer.add_text("note", "written by PyTorch", 2)
    writer.add_audio("beep", torch.sin(torch.linspace(0, 20, 400)), 1, sample_rate=4000)
    writer.add_hparams({"lr": 0.01, "batch": 32, "name": "run"}, {"hparam/accuracy": 0.75}, run_name="hp")
    writer.close()


def write_tbx(logdir: Path) -> None:
    from tensorboardX import SummaryWriter

    writer = SummaryWriter(str(logdir / "tbx"))
    for step in range(5):
        writer.add_scalar("metric", step * step, step)
    writer.add_histogram("values", np.arange(50, dtype=np.float64), 1)
    writer.add_text("words", "from tensorboardX", 1)
    writer.close()


def write_damaged(source: Path, out: Path) -> None:
    out.mkdir(parents=True)
    data = source.read_bytes()
    offsets = _frames(data)
    (out / "events.out.tfevents.1.cut").write_bytes(data[: offsets[-1] + 20])  # inside the last record's data
    flipped = bytearray(data)
    flipped[offsets[2] + 14] ^= 0x40  # inside record 2's data: its CRC no longer holds
    (out / "events.out.tfevents.2.flipped").write_bytes(bytes(flipped))
    with tf.io.TFRecordWriter(str(out / "events.out.tfevents.3.notevent")) as writer:
        writer.write(data[offsets[0] + 12 : offsets[1] - 4])  # record 0, an Event
        writer.write(b"\x0a\xff")  # a string field longer than the record: no Event
        writer.write(data[offsets[1] + 12 : offsets[2] - 4])  # record 1
    (out / "events.out.tfevents.4.empty").write_bytes(b"")
    (out / "events.out.tfevents.5.junk").write_bytes(b"this is not a TFRecord file at all\n" * 3)


def _frames(data: bytes) -> List[int]:
    offsets, pos = [], 0
    while pos < len(data):
        offsets.append(pos)
        (length,) = struct.unpack_from("<Q", data, pos)
        pos += 16 + length
    return offsets


# --------------------------------------------------------------------------- TensorBoard's reading


def _plain(value: Any) -> Any:
    kind = value.WhichOneof("kind")
    if kind in (None, "null_value"):
        return None
    if kind == "struct_value":
        return {name: _plain(item) for name, item in value.struct_value.fields.items()}
    if kind == "list_value":
        return [_plain(item) for item in value.list_value.values]
    return getattr(value, kind)


def _message(message: Any) -> Dict[str, Any]:
    """A protobuf message in the library's form: every field, oneof members not set as None."""
    from google.protobuf.descriptor import FieldDescriptor as FD

    out: Dict[str, Any] = {}
    for field in message.DESCRIPTOR.fields:
        value = getattr(message, field.name)
        is_map = field.type == FD.TYPE_MESSAGE and field.message_type.GetOptions().map_entry
        inner = field.message_type.fields_by_name["value"].message_type if is_map else field.message_type
        if inner is not None and inner.full_name == "google.protobuf.Value":
            out[field.name] = {key: _plain(item) for key, item in value.items()} if is_map else _plain(value)
        elif field.message_type is not None and field.message_type.full_name == "google.protobuf.ListValue":
            out[field.name] = [_plain(item) for item in value.values] if message.HasField(field.name) else None
        elif is_map:
            out[field.name] = {key: _message(item) for key, item in value.items()}
        elif field.is_repeated:
            out[field.name] = [_message(item) if field.type == FD.TYPE_MESSAGE else item for item in value]
        elif field.type == FD.TYPE_MESSAGE or field.containing_oneof is not None:
            if not message.HasField(field.name):
                out[field.name] = None
            else:
                out[field.name] = _message(value) if field.type == FD.TYPE_MESSAGE else value
        elif field.type == FD.TYPE_ENUM:  # a number the enum does not name stays a number
            named = field.enum_type.values_by_number.get(value)
            out[field.name] = named.name if named is not None else value
        else:
            out[field.name] = value
    return out


def _tensor_value(array: np.ndarray, dtype: Any) -> Dict[str, Any]:
    from tensorflow.core.framework import types_pb2

    return {"dtype": types_pb2.DataType.Name(dtype), "shape": list(array.shape), "values": array.tolist()}


def _format(data: bytes) -> Any:
    """The encoding its magic number says (written here, not taken from the package)."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if data.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if data.startswith((b"GIF87a", b"GIF89a")):
        return "gif"
    if data.startswith(b"RIFF") and data[8:12] in (b"WAVE", b"WEBP"):
        return "wav" if data[8:12] == b"WAVE" else "webp"
    if data.startswith(b"BM"):
        return "bmp"
    return {b"fLaC": "flac", b"OggS": "ogg"}.get(data[:4])


def _kind_value(plugin: str, value: Any, original: Any) -> Any:
    """(kind, value) of one migrated Summary.Value, as TensorBoard's plugins read it."""
    from tensorboard.plugins.hparams import plugin_data_pb2
    from tensorboard.util import tensor_util

    which = original.WhichOneof("value")
    if plugin == "hparams":  # the plugin reads its metadata's content, whatever the tensor
        data = plugin_data_pb2.HParamsPluginData.FromString(value.metadata.plugin_data.content)
        member = data.WhichOneof("data")
        return "hparams", ({member: _message(getattr(data, member))} if member else {})
    if which == "obsolete_old_style_histogram":  # no plugin reads it: its bytes
        return "obsolete_histogram", original.obsolete_old_style_histogram
    try:
        array = tensor_util.make_ndarray(value.tensor) if value.HasField("tensor") else None
    except (TypeError, ValueError, KeyError):  # a dtype without plain values, or values that do not fill the shape
        return "tensor", _message(value.tensor)  # the library keeps the proto, as parsed
    if plugin == "scalars" and array is not None and array.shape == () and array.dtype.kind != "O":
        return "scalar", array.item()
    if plugin == "histograms" and array is not None and array.ndim == 2 and array.shape[1] == 3:
        return "histogram", array.tolist()
    if plugin == "images" and which == "image":
        image = original.image
        return "image", {"width": image.width, "height": image.height, "colorspace": image.colorspace,
                         "images": [image.encoded_image_string],
                         "formats": [_format(image.encoded_image_string)]}  # fmt: skip
    if plugin == "images" and array is not None and array.ndim == 1 and array.dtype.kind == "O":
        strings = array.tolist()
        return "image", {"width": int(strings[0]), "height": int(strings[1]), "colorspace": None,
                         "images": strings[2:], "formats": [_format(data) for data in strings[2:]]}  # fmt: skip
    if plugin == "audio" and which == "audio":
        audio = original.audio
        return "audio", {"sample_rate": audio.sample_rate, "num_channels": audio.num_channels,
                         "length_frames": audio.length_frames, "content_type": audio.content_type,
                         "clips": [{"audio": audio.encoded_audio_string, "label": b"",
                                    "format": _format(audio.encoded_audio_string)}]}  # fmt: skip
    if plugin == "audio" and array is not None and array.ndim == 2 and array.shape[1] == 2:
        clips = [{"audio": audio, "label": label, "format": _format(audio)} for audio, label in array.tolist()]
        return "audio", {"sample_rate": None, "num_channels": None, "length_frames": None, "content_type": None,
                         "clips": clips}  # fmt: skip
    if plugin == "text" and array is not None and array.dtype.kind == "O":

        def text(item: Any) -> Any:
            if isinstance(item, list):
                return [text(part) for part in item]
            try:
                return item.decode("utf-8")
            except UnicodeDecodeError:
                return item

        return "text", text(array.tolist())
    if which is None:  # a value of no kind: an empty event (of an hparams plugin, its data, above)
        return "empty", None
    return "tensor", _tensor_value(array, value.tensor.dtype) if array is not None else None


def tensorboard_events(event: Any, plugins: Dict[str, str]) -> List[Dict[str, Any]]:
    """One parsed Event as TensorBoard's plugins read it, in the library's contract: each summary value migrated by
    data_compat, its plugin the first one given for its tag (*plugins*, the run's), its values from make_ndarray."""
    from tensorboard import data_compat

    events: List[Dict[str, Any]] = []
    base = {"wall_time": event.wall_time, "step": event.step}
    which = event.WhichOneof("what")
    if which == "summary":
        for original in event.summary.value:
            value = data_compat.migrate_value(original)
            if value.HasField("metadata") and value.tag not in plugins:
                plugins[value.tag] = value.metadata.plugin_data.plugin_name
            plugin = plugins.get(value.tag)
            kind, found = _kind_value(plugin or "", value, original)
            item = {**base, "kind": kind, "tag": value.tag, "plugin": plugin, "value": found}
            if original.WhichOneof("value") == "histo":
                item["histo"] = _message(original.histo)
            events.append(item)
    elif which is None:
        source = _message(event.source_metadata) if event.HasField("source_metadata") else None
        events.append({**base, "kind": "empty", "tag": None, "plugin": None, "value": source})
    else:
        kind = {"tagged_run_metadata": "run_metadata"}.get(which, which)
        found = getattr(event, which)
        tag = found.tag if which == "tagged_run_metadata" else None
        if which == "tagged_run_metadata":
            found = found.run_metadata
        elif which in ("session_log", "log_message"):
            found = _message(found)
        events.append({**base, "kind": kind, "tag": tag, "plugin": None, "value": found})
    return events


def read_file(path: Path, run: str, plugins: Dict[str, str]) -> Dict[str, Any]:
    from tensorboard.backend.event_processing import event_file_loader

    events: List[Dict[str, Any]] = []
    error = None
    try:
        # The events as written (the legacy loader: EventFileLoader also applies dataclass_compat, TensorBoard's
        # storage layer, which adds a summary for each graph and reshapes blobs); data_compat is applied below.
        for event in event_file_loader.LegacyEventFileLoader(str(path)).Load():
            events += tensorboard_events(event, plugins)
    except Exception as exc:  # TensorBoard's reader stops at damage: what it says is recorded
        error = f"{type(exc).__name__}: {exc}"
    return {"run": run, "file": path.name, "events": canonical(events), "error": error}


def accumulate(run_dir: Path) -> Dict[str, Any]:
    """EventAccumulator with size guidance 0 (everything kept), per kind and tag: (wall_time, step, value)."""
    from tensorboard.backend.event_processing import event_accumulator
    from tensorboard.util import tensor_util

    accumulator = event_accumulator.EventAccumulator(
        str(run_dir),
        size_guidance={kind: 0 for kind in (
            event_accumulator.SCALARS, event_accumulator.HISTOGRAMS, event_accumulator.IMAGES,
            event_accumulator.AUDIO, event_accumulator.TENSORS, event_accumulator.COMPRESSED_HISTOGRAMS)},
    )  # fmt: skip
    accumulator.Reload()
    tags = accumulator.Tags()
    out: Dict[str, Any] = {}
    out["scalars"] = {
        tag: [[e.wall_time, e.step, e.value] for e in accumulator.Scalars(tag)] for tag in tags["scalars"]
    }
    out["histograms"] = {
        tag: [[e.wall_time, e.step, {"min": e.histogram_value.min, "max": e.histogram_value.max,
                                     "num": e.histogram_value.num, "sum": e.histogram_value.sum,
                                     "sum_squares": e.histogram_value.sum_squares,
                                     "bucket_limit": list(e.histogram_value.bucket_limit),
                                     "bucket": list(e.histogram_value.bucket)}]
              for e in accumulator.Histograms(tag)]
        for tag in tags["histograms"]
    }  # fmt: skip
    out["images"] = {tag: [[e.wall_time, e.step, e.width, e.height, e.encoded_image_string]
                           for e in accumulator.Images(tag)] for tag in tags["images"]}  # fmt: skip
    out["audio"] = {tag: [[e.wall_time, e.step, e.sample_rate, e.encoded_audio_string]
                          for e in accumulator.Audio(tag)] for tag in tags["audio"]}  # fmt: skip
    out["tensors"] = {tag: [[e.wall_time, e.step, tensor_util.make_ndarray(e.tensor_proto).tolist()]
                            for e in accumulator.Tensors(tag)] for tag in tags["tensors"]}  # fmt: skip
    return canonical(out)


def tbparse_frames(logdir: Path) -> Dict[str, Any]:
    from tbparse import SummaryReader

    # Scalars and histograms only: tbparse 0.0.9 fails on a text summary that is a table (make_ndarray().item()).
    reader = SummaryReader(str(logdir), extra_columns={"dir_name", "wall_time"}, event_types={"scalars", "histograms"})
    scalars = reader.scalars
    histograms = reader.histograms
    return canonical({
        "scalars": {column: scalars[column].tolist() for column in scalars.columns},
        "histograms": {column: [item.tolist() if hasattr(item, "tolist") else item for item in histograms[column]]
                       for column in histograms.columns},
    })  # fmt: skip


def main() -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reread", action="store_true", help="keep the event files; record their readings again")
    if not parser.parse_args().reread:
        for folder in (OUT, DAMAGED):
            if folder.exists():
                shutil.rmtree(folder)
        OUT.mkdir(parents=True)
        write_tf2(OUT)
        write_tf1(OUT)
        write_keras(OUT)
        write_hparams(OUT)
        write_torch(OUT)
        write_tbx(OUT)
        tf2_file = sorted((OUT / "tf2").iterdir())[0]
        write_damaged(tf2_file, DAMAGED)

    files: List[Dict[str, Any]] = []
    accumulators: Dict[str, Any] = {}
    for logdir in (OUT, DAMAGED):
        for directory, subdirectories, names in sorted(os.walk(logdir)):
            subdirectories.sort()
            events = sorted(name for name in names if "tfevents" in name)
            if not events:
                continue
            run = os.path.relpath(directory, logdir).replace(os.sep, "/")
            plugins: Dict[str, str] = {}
            for name in events:
                path = Path(directory) / name
                record = read_file(path, run, plugins)
                record["logdir"] = logdir.name
                files.append(record)
            if logdir == OUT:
                accumulators[run] = accumulate(Path(directory))
    document = {
        "writers": {
            "tensorflow": tf.__version__,
            "tensorboard": _version("tensorboard"),
            "torch": _version("torch"),
            "tensorboardX": _version("tensorboardX"),
            "tbparse": _version("tbparse"),
        },
        "files": files,
        "event_accumulator": accumulators,
        "tbparse": tbparse_frames(OUT),
    }
    EXPECTED.write_text(json.dumps(document, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(files)} files, {sum(len(f['events']) for f in files)} events -> {EXPECTED}")
    return 0


def _version(name: str) -> str:
    from importlib.metadata import version

    return version(name)


if __name__ == "__main__":
    sys.exit(main())
