# SPDX-License-Identifier: Apache-2.0
"""Checkpoints: load_checkpoint and read_tensor against TensorFlow's own reader, in one run.

    bash benchmarks/run.sh --checkpoints     # makes .venv-bench if needed, then runs this
    .venv-bench/bin/python -m benchmarks.checkpoints [--quick] [--json out.json]

Sections (docs/performance.md keeps the last table):

1. listing a 20,000-tensor V2 index (written by TensorFlow): ``load_checkpoint(prefix)`` against
   ``tf.train.load_checkpoint(prefix)`` + ``get_variable_to_shape_map()`` + ``get_variable_to_dtype_map()``,
   taking turns, the median of the repeats;
2. one 100 MB float32 tensor: ``read_tensor`` (CRC32C checked; then ``verify=False``) against
   ``get_tensor``, the median of the repeats; and CRC32C alone, bytes per second;
3. memory: peak RSS of a fresh process that reads one 4-byte tensor of a checkpoint holding the 100 MB one
   too, against a bare interpreter that imports the package: reading one tensor costs that tensor;
4. every tensor of a SavedModel's checkpoint of many small tensors (the variables of Keras' MobileNetV2,
   alpha 0.35, 100 classes, saved by ``tf.saved_model.save``: 263 tensors, 2.2 MB, 247 of them under 16 KB),
   CRC32C checked: ``read_tensors(path)`` (listing included) against ``read_tensor`` of each name and
   against TensorFlow's ``get_tensor`` of each name;
5. a TF 2 checkpoint of 10,000 variables (``tf.train.Checkpoint`` of 1,000 modules of 10): ``load_checkpoint``,
   which reads its object graph (12,004 objects), against the listing alone (``list_checkpoint``, internal)
   with the same CRC-32C backend, and the object graph's own time; and the floor of that reading
   (``object_graph_floor``: the listing, the graph's bytes, then a loop that trusts every offset and checks
   nothing), which bounds the ratio any exact reader can reach in CPython.

Sections 1 and 2 run once per CRC-32C backend: the pure-Python code, and each optional C module installed
(``crc32c``, ``google_crc32c``; ``benchmarks/run.sh`` installs both), chosen as a user would, with
``TFCOLLECTIONS_CRC32C``. The targets are checked for each.

TensorFlow's Python objects are frozen out of garbage collection (``gc.freeze``) after the imports.

The targets of issues 13, 22 and 25 are checked at the end (PASS / MISS); the exit code is 0 either way.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Dict, List

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
REPO = Path(__file__).resolve().parent.parent

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

import tfcollections  # noqa: E402
from tfcollections._ckpt import crc32c as _crc32c  # noqa: E402

v1 = tf.compat.v1
# TensorFlow's own Python objects are frozen out of garbage collection, as a process that uses tfcollections has
# none of them (benchmarks/graph.py does the same): otherwise each collection walks all of TensorFlow.
gc.collect()
gc.freeze()


def _write(folder: Path, tensors: int, big_mb: int) -> str:
    graph = tf.Graph()
    with graph.as_default():
        for index in range(tensors):
            v1.get_variable(f"layer_{index // 10:04d}/w{index % 10}", initializer=np.float32(index), use_resource=False)
        if big_mb:
            v1.get_variable("big", initializer=np.ones(big_mb * (1 << 20) // 4, np.float32))
        v1.get_variable("tiny", initializer=np.float32(1.5))
        saver = v1.train.Saver()
        with v1.Session(graph=graph) as session:
            session.run(v1.global_variables_initializer())
            return str(saver.save(session, str(folder / "model.ckpt"), write_meta_graph=False))


def _write_small_tensors(folder: Path) -> str:
    model = tf.keras.applications.MobileNetV2(alpha=0.35, weights=None, classes=100, input_shape=(96, 96, 3))
    module = tf.Module()
    module.weights = [tf.Variable(weight.numpy()) for weight in model.weights]
    tf.saved_model.save(module, str(folder))
    return str(folder / "variables" / "variables")


def _write_object_graph(folder: Path) -> str:
    root = tf.Module()
    root.layers = []
    for index in range(1000):
        module = tf.Module()
        module.w = [tf.Variable(np.float32(j), name=f"l{index}/w{j}") for j in range(10)]
        root.layers.append(module)
    return str(tf.train.Checkpoint(model=root).save(str(folder / "ckpt")))


def object_graph_floor(data: bytes, tensors: Dict[str, Any]) -> Dict[str, Any]:
    """The floor of reading the benchmark's object graph into ``load_checkpoint``'s ``object_graph``: every offset
    trusted (one-byte tags where TensorFlow puts them, lengths of one byte or two, a full name in every attribute,
    VARIABLE_VALUE every attribute's name), nothing checked, nothing else read; each edge's name decoded and its
    path made, each attribute's full name and key decoded and its dict made, the keys put in the checkpoint's
    order. It would accept garbage; on this graph it gives what ``load_checkpoint`` gives (asserted). No exact
    reader in CPython that builds the same objects can be faster."""
    from tfcollections._ckpt.objects import OBJECT_GRAPH_KEY

    owned: Dict[str, Dict[str, Any]] = {}
    paths = [""]
    pos, end, node_id = 0, len(data), -1
    while pos < end:
        length = data[pos + 1]
        if length < 0x80:
            pos += 2
        else:
            length = (length & 0x7F) | (data[pos + 2] << 7)
            pos += 3
        node = data[pos : pos + length]
        pos += length
        node_id += 1
        at = 0
        if node[0] == 0x0A:  # edges
            path = paths[node_id]
            prefix = f"{path}/" if path else ""
            while at < length and node[at] == 0x0A:
                item_end = at + 2 + node[at + 1]
                target, name_at = node[at + 3], at + 4
                if target >= 0x80:
                    target, name_at = (target & 0x7F) | (node[at + 4] << 7), at + 5
                if target == len(paths):
                    paths.append(prefix + node[name_at + 2 : item_end].decode())
                at = item_end
        while at < length and node[at] == 0x12:  # attributes: the name's 16 bytes, a full name, a key
            item_end = at + 2 + node[at + 1]
            full_end = at + 20 + node[at + 19]
            owned[node[full_end + 2 : item_end].decode()] = {
                "object": paths[node_id], "attribute": "VARIABLE_VALUE",
                "full_name": node[at + 20 : full_end].decode() or None, "node": node_id, "slot": None,
            }  # fmt: skip
            at = item_end
    names = [name for name in tensors if name != OBJECT_GRAPH_KEY]
    keys = dict(zip(names, map(owned.__getitem__, names)))
    return {"nodes": node_id + 1, "keys": keys, "unowned": [], "absent": [], "error": None}


def _turns(contenders: Dict[str, Callable[[], Any]], repeats: int) -> Dict[str, float]:
    times: Dict[str, List[float]] = {name: [] for name in contenders}
    for _ in range(repeats):
        for name, run in contenders.items():
            start = time.perf_counter()
            run()
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(values) for name, values in times.items()}


def _peak_rss_mb(code: str) -> float:
    # VmHWM, not ru_maxrss: Linux carries ru_maxrss over fork and exec, so a child of this process (which has
    # TensorFlow loaded) would report TensorFlow's peak.
    script = f"{code}\n"  # run from the repository, whose folder python -c puts first on the path
    script += "print([int(l.split()[1]) / 1024 for l in open('/proc/self/status') if l.startswith('VmHWM')][0])"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=str(REPO))
    return float(out.stdout.strip().splitlines()[-1])


def _backends() -> Dict[str, Any]:
    """Every CRC-32C backend this process has, found as a user chooses one: {name: what _crc32c keeps}."""
    found = {}
    chosen = os.environ.pop("TFCOLLECTIONS_CRC32C", None)  # the user's choice, put back after
    for name in ("python", *_crc32c._ACCELERATORS):
        os.environ["TFCOLLECTIONS_CRC32C"] = name
        _crc32c._FOUND.clear()
        if _crc32c.backend() == name:
            found[name] = _crc32c._FOUND[0]
    del os.environ["TFCOLLECTIONS_CRC32C"]
    if chosen is not None:
        os.environ["TFCOLLECTIONS_CRC32C"] = chosen
    return found


def _using(found: Any, run: Callable[[], Any]) -> Callable[[], Any]:
    def with_backend() -> Any:
        _crc32c._FOUND[:] = [found]
        return run()

    return with_backend


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--quick", action="store_true", help="fewer tensors, a 10 MB tensor, fewer repeats")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    count, big_mb, repeats = (2000, 10, 3) if args.quick else (20000, 100, 7)
    backends = _backends()
    results: Dict[str, Any] = {"python": sys.version.split()[0], "tensorflow": tf.__version__,
                               "backends": list(backends)}  # fmt: skip
    with tempfile.TemporaryDirectory() as folder:
        listing_prefix = _write(Path(folder) / "many", count, 0)
        big_prefix = _write(Path(folder) / "big", 1, big_mb)

        def tf_listing() -> Any:
            reader = tf.train.load_checkpoint(listing_prefix)
            return reader.get_variable_to_shape_map(), reader.get_variable_to_dtype_map()

        contenders = {name: _using(found, lambda: tfcollections.load_checkpoint(listing_prefix))
                      for name, found in backends.items()}  # fmt: skip
        results["listing"] = {"tensors": count + 1, **_turns({**contenders, "tensorflow": tf_listing}, repeats)}

        reader = tf.train.load_checkpoint(big_prefix)
        checkpoint = tfcollections.load_checkpoint(big_prefix)
        contenders = {name: _using(found, lambda: np.asarray(tfcollections.read_tensor(checkpoint, "big")))
                      for name, found in backends.items()}  # fmt: skip
        for run in contenders.values():
            assert np.array_equal(run(), reader.get_tensor("big"))
        contenders["verify=False"] = lambda: np.asarray(tfcollections.read_tensor(checkpoint, "big", verify=False))
        results["read_tensor"] = {
            "megabytes": big_mb,
            **_turns({**contenders, "tensorflow": lambda: reader.get_tensor("big")}, repeats),
        }
        data = os.urandom(big_mb << 20)
        speeds = {}
        for name, found in backends.items():
            start = time.perf_counter()
            _using(found, lambda: _crc32c.crc32c(data))()
            speeds[name] = big_mb / (time.perf_counter() - start)
        results["crc32c_mb_per_s"] = speeds

        small_prefix = _write_small_tensors(Path(folder) / "small")
        small_reader = tf.train.load_checkpoint(small_prefix)
        small = tfcollections.load_checkpoint(small_prefix)
        names = list(small["tensors"])
        read_all = {name: _using(found, lambda: tfcollections.read_tensors(small_prefix))
                    for name, found in backends.items()}  # fmt: skip
        for run in read_all.values():
            got = run()
            assert all(np.array_equal(np.asarray(got[name]), small_reader.get_tensor(name))
                       for name in names if got[name].dtype != "DT_STRING")  # fmt: skip
        one_by_one = {f"{name}, one by one": _using(found, lambda: [tfcollections.read_tensor(small, n) for n in names])
                      for name, found in backends.items()}  # fmt: skip
        results["small_tensors"] = {
            "tensors": len(names),
            "megabytes": sum(entry["size"] or 0 for entry in small["tensors"].values()) / 1e6,
            **_turns({**read_all, **one_by_one,
                      "tensorflow": lambda: [small_reader.get_tensor(n) for n in names]}, repeats),
        }  # fmt: skip

        from tfcollections._ckpt.listing import list_checkpoint

        objects_prefix = _write_object_graph(Path(folder) / "objects")
        # Each side with the same CRC-32C backend: the listing checks the index's blocks with it too.
        with_graph = {name: _using(found, lambda: tfcollections.load_checkpoint(objects_prefix))
                      for name, found in backends.items()}  # fmt: skip
        alone = {f"listing alone, by {name}": _using(found, lambda: list_checkpoint(objects_prefix))
                 for name, found in backends.items()}  # fmt: skip
        from tfcollections._ckpt.objects import _graph_bytes

        def floor_load() -> Any:  # the listing, the graph's bytes with their CRC checked, then the floor
            listing = list_checkpoint(objects_prefix)
            listing["object_graph"] = object_graph_floor(_graph_bytes(listing), listing["tensors"])
            return listing

        assert floor_load()["object_graph"] == tfcollections.load_checkpoint(objects_prefix)["object_graph"]
        floor = {f"floor, by {name}": _using(found, floor_load) for name, found in backends.items()}
        results["object_graph"] = {"variables": 10000, **_turns({**with_graph, **alone, **floor}, repeats)}

        bare = _peak_rss_mb("import tfcollections")
        tiny = _peak_rss_mb(f"import tfcollections; tfcollections.read_tensor({big_prefix!r}, 'tiny').tolist()")
        results["memory"] = {"bare_mb": bare, "read_tiny_mb": tiny, "checkpoint_mb": big_mb}

    listing, reading, memory = results["listing"], results["read_tensor"], results["memory"]
    print(f"Python {results['python']}, TensorFlow {results['tensorflow']}; medians of {repeats} turns")
    print(f"1. listing {listing['tensors']:,} tensors: TensorFlow {listing['tensorflow'] * 1e3:.1f} ms")
    for name in backends:
        ratio = listing[name] / listing["tensorflow"]
        print(f"   tfcollections, CRC-32C by {name}: {listing[name] * 1e3:.1f} ms, {ratio:.2f}x")
    print(f"2. read_tensor of {big_mb} MB float32: TensorFlow {reading['tensorflow'] * 1e3:.1f} ms; "
          f"tfcollections with verify=False {reading['verify=False'] * 1e3:.2f} ms")  # fmt: skip
    for name in backends:
        ratio = reading[name] / reading["tensorflow"]
        print(f"   tfcollections, CRC-32C by {name}: {reading[name] * 1e3:.1f} ms, {ratio:.2f}x "
              f"(CRC-32C alone: {results['crc32c_mb_per_s'][name]:,.0f} MB/s)")  # fmt: skip
    print(f"3. peak RSS reading one 4-byte tensor of a {big_mb} MB checkpoint: {memory['read_tiny_mb']:.1f} MB "
          f"(importing the package alone: {memory['bare_mb']:.1f} MB)")  # fmt: skip
    small = results["small_tensors"]
    print(f"4. every tensor of a checkpoint of {small['tensors']} tensors, {small['megabytes']:.1f} MB: "
          f"TensorFlow (get_tensor of each) {small['tensorflow'] * 1e3:.1f} ms")  # fmt: skip
    for name in backends:
        print(f"   tfcollections, CRC-32C by {name}: read_tensors {small[name] * 1e3:.1f} ms, "
              f"read_tensor of each {small[name + ', one by one'] * 1e3:.1f} ms")  # fmt: skip
    objects = results["object_graph"]
    print(f"5. a TF 2 checkpoint of {objects['variables']:,} variables: load_checkpoint (its object graph read) "
          "against the listing alone")  # fmt: skip
    for name in backends:
        alone, floor = objects[f"listing alone, by {name}"], objects[f"floor, by {name}"]
        print(f"   CRC-32C by {name}: {objects[name] * 1e3:.1f} ms against {alone * 1e3:.1f} ms, "
              f"{objects[name] / alone:.2f}x; the object graph {(objects[name] - alone) * 1e3:.1f} ms; "
              f"the floor {floor * 1e3:.1f} ms, {floor / alone:.2f}x")  # fmt: skip
    targets = []
    for name in backends:
        targets += [
            (f"listing within 2x of TensorFlow (CRC-32C by {name})", listing[name] <= 2.0 * listing["tensorflow"]),
            (f"read_tensor within 3x of TensorFlow, CRC32C included (by {name})",
             reading[name] <= 3.0 * reading["tensorflow"]),
        ]  # fmt: skip
    if "python" in backends:
        targets.append(("every tensor of the small-tensor checkpoint verified in pure Python in under 50 ms",
                        small["python"] < 0.050))  # fmt: skip
    for name in backends:
        alone = objects[f"listing alone, by {name}"]
        targets += [
            (f"a TF 2 listing with its object graph at most 1.5x the listing alone (CRC-32C by {name})",
             objects[name] <= 1.5 * alone),
            (f"a 10,000-variable object graph in under 100 ms (CRC-32C by {name})", objects[name] - alone < 0.100),
        ]  # fmt: skip
    targets.append(("memory bounded by the tensor asked for (< 16 MB over the import)",
                    memory["read_tiny_mb"] - memory["bare_mb"] < 16))  # fmt: skip
    for what, met in targets:
        print(f"   {'PASS' if met else 'MISS'}: {what}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
