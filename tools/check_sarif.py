# SPDX-License-Identifier: Apache-2.0
"""Validate ``tfcollections scan --sarif`` against the SARIF 2.1.0 JSON schema (run by hand).

    python -m tools.check_sarif SCHEMA.json [PATH ...]     # default PATHs: tests/data/scan and a junk file

Needs ``jsonschema`` (pip). The schema is OASIS's (``sarif-schema-2.1.0.json``, draft-04); it is not in this
repository: one copy comes with the npm package ``@microsoft/jest-sarif`` (``npm pack @microsoft/jest-sarif``,
``lib/schemas/sarif-2.1.0-rtm.5.json``). Exit 1 on any schema error, each printed with its place.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import tempfile
from pathlib import Path

import jsonschema

from tfcollections._cli.main import Environment, main

REPO = Path(__file__).resolve().parent.parent


def sarif_of(paths: list) -> dict:
    out = io.StringIO()
    main(["scan", "--sarif", *paths], Environment(stdout=out, stderr=io.StringIO()))
    return json.loads(out.getvalue())


def run(argv: list) -> int:
    schema = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as scratch:
        junk = Path(scratch) / "junk.meta"
        junk.write_bytes(b"\x0a\x05\x08")
        paths = argv[1:] or [str(REPO / "tests" / "data" / "scan"), str(junk)]
        log = sarif_of(paths)
    validator = jsonschema.Draft4Validator(schema)
    errors = sorted(validator.iter_errors(log), key=lambda error: list(error.absolute_path))
    for error in errors:
        print(f"{'/'.join(map(str, error.absolute_path))}: {error.message}")
    results = sum(len(run["results"]) for run in log["runs"])
    print(f"{results} results, {len(errors)} schema errors", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("schema", help="SARIF 2.1.0's JSON schema")
    parser.add_argument("paths", nargs="*", help="what to scan (default: the scan fixtures and a damaged file)")
    arguments = parser.parse_args()
    sys.exit(run([arguments.schema, *arguments.paths]))
