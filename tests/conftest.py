# SPDX-License-Identifier: Apache-2.0
"""Hypothesis profiles: bounded in CI, longer by hand.

HYPOTHESIS_PROFILE=long python -m pytest tests/test_properties.py   # ~20,000 examples per property
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("long", max_examples=20_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
