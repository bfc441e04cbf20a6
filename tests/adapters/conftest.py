"""Adapter tests: absl flags parsed once (OpenSpiel's Python modules read them)."""

from __future__ import annotations

import importlib


def _parse_absl_flags() -> None:
    try:
        flags = importlib.import_module("absl.flags")
    except ImportError:  # the core environment has no absl; the adapter tests skip there
        return
    if not flags.FLAGS.is_parsed():
        flags.FLAGS(["pytest"], known_only=True)


_parse_absl_flags()
