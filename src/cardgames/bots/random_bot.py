"""A bot that plays uniformly random legal actions: the baseline every other bot must beat."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from cardgames.cards import make_rng

__all__ = ["RandomBot"]

ActionT = TypeVar("ActionT")


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator.

    Example::

        >>> bot = RandomBot(seed=1)
        >>> [bot.choose(None, "abc") for _ in range(5)]
        ['a', 'c', 'a', 'b', 'a']

    Args:
        seed: Seeds the bot's private generator; None draws one from the OS.
    """

    __slots__ = ("_rng",)

    needs_observation = False
    """The bot ignores observations, so drivers may pass None instead of building one."""

    def __init__(self, *, seed: int | random.Random | None = None) -> None:
        self._rng = make_rng(seed)

    def choose(self, observation: object, legal_actions: Sequence[ActionT]) -> ActionT:
        """A uniformly random one of ``legal_actions``; the observation is not needed.

        Raises:
            ValueError: ``legal_actions`` is empty.
        """
        del observation
        if not legal_actions:
            raise ValueError("RandomBot.choose needs at least one legal action")
        return legal_actions[self._rng.randrange(len(legal_actions))]
