"""Bots that play any game of the :class:`~cardgames.game.Game` protocol from observations.

A bot implements :class:`Bot`: ``choose(observation, legal_actions)`` returns one of the legal
actions. It never sees a state. Built in: :class:`RandomBot` (uniformly random),
:class:`ISMCTSBot` (information-set Monte Carlo tree search, for any game) and a heuristic bot
per game (:class:`SixesHeuristicBot`, :class:`PaiuteHeuristicBot`; :func:`heuristic_bot`
finds the one for a game). A
:class:`BotSpec` such as ``BotSpec.parse("ismcts:iterations=200")`` names a bot as data, for
the simulator and the command line.
"""

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
from cardgames.bots.ismcts import ISMCTSBot, normalized_rewards
from cardgames.bots.paiute_heuristic import PaiuteHeuristicBot, hand_potential
from cardgames.bots.random_bot import RandomBot
from cardgames.bots.sixes_heuristic import SixesHeuristicBot

__all__ = [
    "AnyGame",
    "Bot",
    "BotFactory",
    "BotLike",
    "BotSpec",
    "ISMCTSBot",
    "PaiuteHeuristicBot",
    "RandomBot",
    "SixesHeuristicBot",
    "bot_names",
    "build_bot",
    "describe_bot",
    "hand_potential",
    "heuristic_bot",
    "normalized_rewards",
]
