"""The heuristic bot of each built-in game, looked up by the game's name."""

from __future__ import annotations

import random
from typing import Any

from cardgames.bots.bot import AnyGame, Bot
from cardgames.errors import InvalidConfigError

__all__ = ["heuristic_bot"]


def heuristic_bot(
    game: AnyGame,
    *,
    seed: int | random.Random | None = None,
    **options: Any,  # noqa: ANN401 - passed on to the bot's own typed keyword arguments
) -> Bot[Any, Any]:
    """The heuristic bot for ``game`` (by its name), with ``options`` for its class.

    Example::

        >>> from cardgames.sixes import Sixes
        >>> heuristic_bot(Sixes(), seed=1)
        <cardgames.bots.sixes_heuristic.SixesHeuristicBot object at ...>

    Raises:
        InvalidConfigError: the game has no heuristic bot.
    """
    if game.name == "sixes":
        from cardgames.bots.sixes_heuristic import SixesHeuristicBot

        return SixesHeuristicBot(seed=seed, **options)
    if game.name == "paiute":
        from cardgames.bots.paiute_heuristic import PaiuteHeuristicBot

        return PaiuteHeuristicBot(game, seed=seed, **options)
    raise InvalidConfigError(f"there is no heuristic bot for {game.name!r}: use random or ismcts")
