# SPDX-License-Identifier: Apache-2.0
"""One timing rule for every contender: calibrated loops, median of repeats, time per item."""

from __future__ import annotations

import statistics
import time
from typing import Callable, Dict, List


def per_item(
    run: Callable[[], object], items: int, repeats: int = 7, min_time: float = 0.2, statistic: str = "median"
) -> float:
    """Median (or ``statistic="min"``) seconds per item of ``run()`` (one pass over *items* items).

    The number of passes per repeat is calibrated so that a repeat takes at least
    *min_time*; garbage collection stays on, as in real use. The scaling checks use
    the minimum: a ratio of two timings is what they compare, and on a shared
    machine the minimum is the least disturbed estimate of each.
    """
    loops = calibrate(run, min_time)
    samples: List[float] = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(loops):
            run()
        samples.append((time.perf_counter() - start) / loops)
    value = min(samples) if statistic == "min" else statistics.median(samples)
    return value / max(items, 1)


def median_seconds(run: Callable[[], object], repeats: int = 5) -> float:
    """Median wall time of single calls (for whole files, where one call is long enough)."""
    samples: List[float] = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def interleaved_per_item(
    runs: Dict[str, Callable[[], object]], items: int, repeats: int = 7, min_time: float = 0.2
) -> Dict[str, float]:
    """Median seconds per item of each ``run()``, the contenders taking turns within every repeat.

    On a shared machine slow periods come and go; in turns, each one slows all
    contenders alike instead of the one that happened to be measured then.
    """
    loops = {name: calibrate(run, min_time) for name, run in runs.items()}
    samples: Dict[str, List[float]] = {name: [] for name in runs}
    for _ in range(repeats):
        for name, run in runs.items():
            start = time.perf_counter()
            for _ in range(loops[name]):
                run()
            samples[name].append((time.perf_counter() - start) / loops[name])
    return {name: statistics.median(values) / max(items, 1) for name, values in samples.items()}


def calibrate(run: Callable[[], object], min_time: float) -> int:
    """Return how many calls of *run* take at least *min_time* seconds."""
    loops = 1
    while True:
        start = time.perf_counter()
        for _ in range(loops):
            run()
        elapsed = time.perf_counter() - start
        if elapsed >= min_time or loops >= 1 << 20:
            return loops
        loops = max(loops * 2, int(loops * min_time / max(elapsed, 1e-9) * 1.1))
