# SPDX-License-Identifier: Apache-2.0
"""Check the hand-built hex cases of tests/wire_cases.py against protobuf itself.

    $TFVENV/bin/python -m tools.check_wire_cases

Run in the venv with ``tensorflow-cpu`` ($TFVENV: docs/development.md).
Every expectation in the table must be protobuf's verdict: the parsed value
(in the output contract's form) or a rejection. Exit code 1 on any mismatch.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

from tests import wire_cases  # noqa: E402
from tests.helpers import same  # noqa: E402
from tools import _oracle as oracle  # noqa: E402


def main() -> int:
    failures = 0
    for case_id, collection, hex_blob, expected in wire_cases.CASES:
        cls = oracle.COLLECTION_TYPES.get(collection)
        if cls is None:
            continue  # unregistered: nothing for protobuf to say
        verdict = oracle.protobuf_verdict(cls, bytes.fromhex(hex_blob))
        if expected == wire_cases.REJECT:
            ok = verdict is None
        else:
            ok = verdict is not None and same(verdict, {**wire_cases.DEFAULTS[collection], **expected})
        if not ok:
            failures += 1
            print(f"MISMATCH {case_id}: protobuf gives {verdict!r}, table says {expected!r}")
    print(f"{len(wire_cases.CASES)} cases, {failures} mismatches with protobuf", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args()
    sys.exit(main())
