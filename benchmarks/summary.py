# SPDX-License-Identifier: Apache-2.0
"""The command line's summary of one file in phases, in a fresh process: the imports, the load, the text.

    python -m benchmarks.summary FILE        # no TensorFlow needed; run it a few times, the machine is noisy

Prints the milliseconds of ``import tfcollections._cli.main``, of ``main([FILE])`` as a whole, and within it of
the model's reading (``load_model``) and of the summary's text (``print_summary``): where the time of the slowest
corpus summary goes (docs/performance.md, "The everyday path").
"""

from __future__ import annotations

import io
import sys
import time
from typing import Any, Callable, Dict


def main() -> int:
    start = time.perf_counter()
    from tfcollections._cli import main as cli

    imported = time.perf_counter()
    phases: Dict[str, float] = {}

    def timed(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any, **kwargs: Any) -> Any:
            began = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                phases[name] = time.perf_counter() - began

        return run

    cli.load_model = timed("load", cli.load_model)  # type: ignore[method-assign]
    cli.print_summary = timed("render", cli.print_summary)  # type: ignore[method-assign]
    began = time.perf_counter()
    cli.main([sys.argv[1]], cli.Environment(stdout=io.StringIO()))
    ended = time.perf_counter()
    print(f"import {1e3 * (imported - start):.1f} ms; main {1e3 * (ended - began):.1f} ms: load "
          f"{1e3 * phases.get('load', 0):.1f} ms, render {1e3 * phases.get('render', 0):.1f} ms")  # fmt: skip
    return 0


if __name__ == "__main__":
    if sys.argv[1:] in (["-h"], ["--help"]):  # no argparse: it would be imported before the timed imports
        print(__doc__)
        sys.exit(0)
    sys.exit(main())
