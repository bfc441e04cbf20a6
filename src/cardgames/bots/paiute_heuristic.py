"""Deprecated: the Paiute heuristic bot moved to :mod:`cardgames.paiute.heuristic`."""

from __future__ import annotations

import warnings

from cardgames.paiute.heuristic import PaiuteHeuristicBot, hand_potential

__all__ = ["PaiuteHeuristicBot", "hand_potential"]

warnings.warn(
    "cardgames.bots.paiute_heuristic is deprecated: "
    "import PaiuteHeuristicBot and hand_potential from cardgames.paiute",
    DeprecationWarning,
    stacklevel=2,
)
