"""The reference loop that every fast random playout must match, and a recording ``randbelow``.

``loop_playout`` is the loop that :func:`cardgames.game.random_playout` documents, written out
once for the tests of the module function, of each game's ``random_playout`` method and of the
conformance suite. A game without ``round_index`` counts as one round: a horizon never stops
its loop.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeVar

from cardgames.game import Game, round_index

S = TypeVar("S")


def loop_playout(
    game: Game[S, Any, Any],
    state: S,
    randbelow: Callable[[int], int],
    horizon: int | None = None,
    limit: int | None = None,
) -> S:
    """Random legal actions until ``limit`` actions, the end of round ``horizon``, or the end."""
    steps = 0
    while steps != (-1 if limit is None else limit) and (actions := game.legal_actions(state)):
        if horizon is not None and round_index(game, state) not in {None, horizon}:
            break
        state = game.apply(state, actions[randbelow(len(actions))])
        steps += 1
    return state


class Recorder:
    """A ``randbelow`` drawing from a seeded generator that records every argument.

    ``randrange(n)`` is ``_randbelow(n)`` for ``n >= 1``, so it draws as the bots do.
    """

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)
        self.calls: list[int] = []

    def __call__(self, n: int) -> int:
        self.calls.append(n)
        return self._rng.randrange(n)


def seeded_states(game: Game[S, Any, Any], seed: int, limit: int) -> list[S]:
    """The states of a seeded random game (at most ``limit``), the final one left out."""
    rng = random.Random(seed)
    state = game.initial_state(seed)
    states: list[S] = []
    while not game.is_terminal(state) and len(states) < limit:
        states.append(state)
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    return states
