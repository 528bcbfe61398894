# SPDX-License-Identifier: Apache-2.0
"""The test suite; a package, so that tools/ and benchmarks/ import its helpers as ``tests.helpers``."""
