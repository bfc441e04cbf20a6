"""Shared pytest configuration: Hypothesis profiles.

``dev`` (the default) is quick for local runs; ``ci`` runs many more examples, derandomized
and without an example database, so a CI run is reproducible. CI selects it by setting
``CI=true`` (or ``HYPOTHESIS_PROFILE=ci``).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=100,
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=40, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))
