"""Adapter tests: absl flags parsed once (OpenSpiel's Python modules read them)."""

from __future__ import annotations

import importlib

try:
    flags = importlib.import_module("absl.flags")
except ImportError:  # the core environment has no absl; the adapter tests skip there
    flags = None

if flags is not None and not flags.FLAGS.is_parsed():
    flags.FLAGS(["pytest"], known_only=True)
