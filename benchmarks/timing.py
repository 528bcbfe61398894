# SPDX-License-Identifier: Apache-2.0
"""One timing rule for every contender: calibrated loops, median of repeats, time per item."""

from __future__ import annotations

import statistics
import time
from typing import Callable, List, Sequence


def per_item(run: Callable[[], object], items: int, repeats: int = 7, min_time: float = 0.2) -> float:
    """Median seconds per item of ``run()`` (one pass over *items* items).

    The number of passes per repeat is calibrated so that a repeat takes at least
    *min_time*; garbage collection stays on, as in real use.
    """
    loops = 1
    while True:
        start = time.perf_counter()
        for _ in range(loops):
            run()
        elapsed = time.perf_counter() - start
        if elapsed >= min_time or loops >= 1 << 20:
            break
        loops = max(loops * 2, int(loops * min_time / max(elapsed, 1e-9) * 1.1))
    samples: List[float] = [elapsed / loops]
    for _ in range(repeats - 1):
        start = time.perf_counter()
        for _ in range(loops):
            run()
        samples.append((time.perf_counter() - start) / loops)
    return statistics.median(samples) / max(items, 1)


def median_seconds(run: Callable[[], object], repeats: int = 5) -> float:
    """Median wall time of single calls (for whole files, where one call is long enough)."""
    samples: Sequence[float] = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        samples = [*samples, time.perf_counter() - start]
    return statistics.median(samples)
