"""Bots that play any game of the :class:`~cardgames.game.Game` protocol from observations.

A bot implements :class:`Bot`: ``choose(observation, legal_actions)`` returns one of the legal
actions. It never sees a state. Built in: :class:`RandomBot` (uniformly random) and
:class:`ISMCTSBot` (information-set Monte Carlo tree search, for any game); each game's package
may add a heuristic bot (``cardgames.sixes.SixesHeuristicBot``,
``cardgames.paiute.PaiuteHeuristicBot``), which :func:`heuristic_bot` finds from the game's
spec. A
:class:`BotSpec` such as ``BotSpec.parse("ismcts:iterations=200")`` names a bot as data, for
the simulator and the command line.
"""

import importlib
import warnings

from cardgames.bots.bot import (
    AnyGame,
    Bot,
    BotFactory,
    BotLike,
    BotSpec,
    bot_names,
    build_bot,
    describe_bot,
)
from cardgames.bots.heuristic import heuristic_bot
from cardgames.bots.ismcts import ISMCTSBot, normalized_rewards, outcome_rewards
from cardgames.bots.random_bot import RandomBot

__all__ = [
    "AnyGame",
    "Bot",
    "BotFactory",
    "BotLike",
    "BotSpec",
    "ISMCTSBot",
    "RandomBot",
    "bot_names",
    "build_bot",
    "describe_bot",
    "heuristic_bot",
    "normalized_rewards",
    "outcome_rewards",
]

_MOVED = {
    "SixesHeuristicBot": "cardgames.sixes.heuristic",
    "PaiuteHeuristicBot": "cardgames.paiute.heuristic",
    "hand_potential": "cardgames.paiute.heuristic",
}
"""Names that moved into the game packages, still importable from here (deprecated)."""


def __getattr__(name: str) -> object:
    """The heuristic bots' old import path, with a DeprecationWarning."""
    module = _MOVED.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(
        f"cardgames.bots.{name} is deprecated: import it from {module.rsplit('.', 1)[0]}",
        DeprecationWarning,
        stacklevel=2,
    )
    return getattr(importlib.import_module(module), name)
