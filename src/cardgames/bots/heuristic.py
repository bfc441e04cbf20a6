"""The heuristic bot of a game, as its spec provides it (``spec.heuristic_bot``)."""

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
    """The heuristic bot of ``game`` (from its spec), with ``options`` for its class.

    Example::

        >>> from cardgames.sixes import Sixes
        >>> heuristic_bot(Sixes(), seed=1)
        <cardgames.sixes.heuristic.SixesHeuristicBot object at ...>

    Raises:
        InvalidConfigError: the game has no heuristic bot.
    """
    factory = game.spec.heuristic_bot
    if factory is None:
        raise InvalidConfigError(
            f"there is no heuristic bot for {game.name!r}: use random or ismcts"
        )
    return factory(game, seed=seed, **options)
