# SPDX-License-Identifier: Apache-2.0
"""Hypothesis profiles (bounded in CI, longer by hand), and the fixture that reads TFRecords both ways.

HYPOTHESIS_PROFILE=long python -m pytest tests/test_properties.py   # ~20,000 examples per property
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("long", max_examples=20_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(params=["together", "one by one"])
def both_crc_loops(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """A TFRecord file's CRCs computed both ways a mapped file is read: together in lanes (the pure-Python
    CRC-32C's way) and one record at a time (a C module's way, here with the pure-Python function behind it), the
    file read in chunks of 1,000 bytes, so that records lie across their seams."""
    from tfcollections._ckpt.crc32c import crc32c
    from tfcollections._records import tfrecord

    if request.param == "one by one":
        monkeypatch.setattr(tfrecord, "whole_crc32c", lambda: lambda data: crc32c(data))
    else:
        monkeypatch.setattr(tfrecord, "whole_crc32c", lambda: crc32c)
    monkeypatch.setattr(tfrecord, "_CHUNK", 1000)  # chunks of a few records: their seams are read too
    return str(request.param)
