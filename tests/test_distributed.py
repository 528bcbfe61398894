# SPDX-License-Identifier: Apache-2.0
"""The parallel scan's map function on real engines: Spark in local mode, and a Dask cluster of two processes.

docs/cli.md ("Many files") shows examples/parallel_scan.py's ``summarize`` on Spark's ``binaryFiles`` and its
``summarize_file`` on a Dask bag; here both run, over the model files of tests/data, and their rows must equal
the single-process scan's. Spark and Dask are test-time tools of an optional group (``pip install -e
'.[distributed]'``, which CI installs); without them, or where one cannot start (Spark needs Java), its test is
skipped and says why.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from types import ModuleType
from typing import Any, Dict, List

import pytest

import tfcollections

from .helpers import REPO

FILES = REPO / "tests" / "data" / "files"
EXAMPLES = REPO / "examples"


@pytest.fixture
def example(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """examples/parallel_scan.py as the module ``parallel_scan``, as a user imports it beside their job."""
    spec = importlib.util.spec_from_file_location("parallel_scan", EXAMPLES / "parallel_scan.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "parallel_scan", module)
    spec.loader.exec_module(module)
    return module


def _models() -> List[str]:
    return sorted(tfcollections.find_models(FILES))


def _single_process(example: ModuleType) -> Dict[str, Any]:
    return {os.path.basename(path): example.summarize_file(path) for path in _models()}


def test_spark_in_local_mode_gives_the_rows_of_one_process(
    example: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("pyspark", reason="pyspark is not installed (the distributed group)")
    from pyspark import cloudpickle as spark_cloudpickle
    from pyspark.sql import SparkSession

    spark_cloudpickle.register_pickle_by_value(example)  # the workers get the example's code with the task
    monkeypatch.setenv("PYSPARK_PYTHON", sys.executable)  # the workers run this interpreter, where the package is
    try:
        spark = (
            SparkSession.builder.master("local[2]").appName("tfcollections-test")
            .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1").getOrCreate()
        )  # fmt: skip
    except Exception as exc:  # no Java, or a JVM that does not start
        pytest.skip(f"Spark does not start in local mode: {type(exc).__name__}: {exc}")
    summarize = example.summarize

    def row(pair: Any) -> Any:  # a file that does not read is a row that says why, as in one process
        try:
            return os.path.basename(pair[0]), summarize(pair[1])
        except tfcollections.DecodeError as exc:
            return os.path.basename(pair[0]), {"error": str(exc)}

    try:
        wanted = {os.path.basename(path) for path in _models()}
        # binaryFiles gives (path, bytes) pairs; summarize takes the bytes, as docs/cli.md shows.
        pairs = spark.sparkContext.binaryFiles(str(FILES)).filter(lambda pair: os.path.basename(pair[0]) in wanted)
        rows = pairs.map(row).collect()
    finally:
        spark.stop()
    expected = _single_process(example)
    assert len(rows) == len(expected) >= 10
    assert any("error" in summary for _, summary in rows)  # the damaged file of the fixtures is among them
    for name, summary in rows:
        single = expected[name]
        assert summary == {key: value for key, value in single.items() if key not in ("path", "trainable_parameters")}


def test_a_dask_cluster_of_two_worker_processes_gives_the_rows_of_one_process(example: ModuleType) -> None:
    pytest.importorskip("distributed", reason="dask.distributed is not installed (the distributed group)")
    import cloudpickle
    import dask.bag
    from distributed import Client, LocalCluster

    # The workers are other processes: they get the example's code with each task, as Spark's do; the package
    # they import themselves (installed in this environment, as on a real cluster's workers).
    cloudpickle.register_pickle_by_value(example)
    try:
        cluster = LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
        )
    except Exception as exc:  # a cluster that does not start here: said, not failed
        pytest.skip(f"a Dask LocalCluster does not start: {type(exc).__name__}: {exc}")
    summarize_file = example.summarize_file

    def row(path: str) -> Any:  # summarize_file says why a file does not read, in its row
        return os.path.basename(path), summarize_file(path)

    try:
        with Client(cluster) as client:
            assert len(client.scheduler_info()["workers"]) == 2
            # A bag of paths, each read by the worker that summarizes it, as docs/cli.md shows.
            rows = dask.bag.from_sequence(_models(), npartitions=4).map(row).compute()
            workers = client.run(os.getpid)
    finally:
        cluster.close()
    assert len(set(workers.values()) - {os.getpid()}) == 2  # two processes, neither of them this one
    expected = _single_process(example)
    assert len(rows) == len(expected) >= 10
    assert any("error" in summary for _, summary in rows)  # the damaged file of the fixtures is among them
    for name, summary in rows:
        assert summary == expected[name]  # the same function on the same paths: the same rows, path and all
