"""Deprecated: the Sixes heuristic bot moved to :mod:`cardgames.sixes.heuristic`."""

from __future__ import annotations

import warnings

from cardgames.sixes.heuristic import SixesHeuristicBot

__all__ = ["SixesHeuristicBot"]

warnings.warn(
    "cardgames.bots.sixes_heuristic is deprecated: import SixesHeuristicBot from cardgames.sixes",
    DeprecationWarning,
    stacklevel=2,
)
