# SPDX-License-Identifier: Apache-2.0
"""Mutate files and check that ``subgraph``, ``export`` and ``diff`` answer every one clearly (run by hand).

    .venv/bin/python -m tools.mutate_views --cases 6000 --seed 2       # subgraph views of a mutated model
    .venv/bin/python -m tools.mutate_views --checkpoints --cases 2000  # export and diff of a mutated checkpoint

Needs no TensorFlow. A model (tests/data/subgraph/model.meta, written by TF 1.15) has bytes changed, cut out or put
in, one to four times; what still loads is viewed at three scopes. A checkpoint (tests/data/checkpoints/v2) has one
to three bytes of its index or data shard changed, and is exported (to safetensors or ``.npz``) and compared with
the original (by CRC and by values). Every call must give its result or raise ``DecodeError``, ``ValueError`` or
``OSError``; a failed export must leave no file, under its name or a temporary one. Exit code 1 if anything else
happens. The test suite runs the first kind with hypothesis, a few hundred cases (tests/test_subgraph.py).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import sys
import tempfile
import traceback
from pathlib import Path
from typing import Any, List

import tfcollections
from tfcollections import DecodeError

REPO = Path(__file__).resolve().parent.parent
MODEL = REPO / "tests" / "data" / "subgraph" / "model.meta"
CHECKPOINT = REPO / "tests" / "data" / "checkpoints" / "v2"


def mutate_model(data: bytes, rng: random.Random) -> bytes:
    blob = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(blob))
        kind = rng.random()
        if kind < 0.6:
            blob[at] = rng.randrange(256)
        elif kind < 0.8:
            del blob[at : at + rng.randint(1, 8)]
        else:
            blob[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 4)))
    return bytes(blob)


def views(cases: int, rng: random.Random) -> List[str]:
    problems: List[str] = []
    data = MODEL.read_bytes()
    for case in range(cases):
        try:
            model = tfcollections.loads(mutate_model(data, rng))
        except (DecodeError, ValueError):
            continue
        for scope in ("encoder", "loop", re.compile("")):
            try:
                tfcollections.subgraph(model, scope)
            except DecodeError:
                pass
            except Exception:  # what must never escape
                problems.append(f"case {case}, scope {scope!r}: {traceback.format_exc(limit=3)}")
    return problems


def checkpoints(cases: int, rng: random.Random) -> List[str]:
    problems: List[str] = []
    work = Path(tempfile.mkdtemp())
    try:
        for case in range(cases):
            copy = work / "ckpt"
            shutil.rmtree(copy, ignore_errors=True)
            shutil.copytree(CHECKPOINT, copy)
            target = copy / rng.choice([name for name in os.listdir(copy) if name != "checkpoint"])
            blob = bytearray(target.read_bytes())
            for _ in range(rng.randint(1, 3)):
                blob[rng.randrange(len(blob))] = rng.randrange(256)
            target.write_bytes(bytes(blob))
            out = work / ("out.npz" if rng.random() < 0.5 else "out.safetensors")
            out.unlink(missing_ok=True)
            calls: List[Any] = [
                lambda copy=copy, out=out: tfcollections.export(copy, out, bfloat16_as_uint16=True),
                lambda copy=copy: tfcollections.diff(copy, CHECKPOINT, values=rng.random() < 0.5),
            ]
            for number, call in enumerate(calls):
                try:
                    call()
                except (DecodeError, ValueError, OSError):
                    if number == 0 and (out.exists() or any(name.endswith(".partial") for name in os.listdir(work))):
                        problems.append(f"case {case}: a failed export left a file")
                except Exception:
                    problems.append(f"case {case}, call {number}: {traceback.format_exc(limit=3)}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--checkpoints", action="store_true", help="export and diff mutated checkpoints")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    problems = checkpoints(args.cases, rng) if args.checkpoints else views(args.cases, rng)
    for problem in problems[:10]:
        print(problem)
    kind = "checkpoints exported and compared" if args.checkpoints else "models viewed"
    print(f"{args.cases} mutated {kind} (seed {args.seed}): {len(problems)} unexpected")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
