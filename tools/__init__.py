# SPDX-License-Identifier: Apache-2.0
"""Scripts of the repository, run from its root as ``python -m tools.NAME`` (tools/README.md lists them)."""
