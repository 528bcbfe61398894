# SPDX-License-Identifier: Apache-2.0
"""Benchmarks, run from the repository's root as ``python -m benchmarks.NAME`` (tools/README.md lists them)."""
