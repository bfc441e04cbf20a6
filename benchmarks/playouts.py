"""The random-playout loop every game benchmark times, written once against the protocol."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import attrs

from cardgames.game import Game


@attrs.frozen
class Playouts:
    """What a timed run of random playouts did."""

    games: int
    actions: int
    seconds: float
    cpu_seconds: float

    @property
    def games_per_s(self) -> float:
        """Finished games per wall-clock second."""
        return self.games / self.seconds

    @property
    def actions_per_s(self) -> float:
        """Actions per wall-clock second."""
        return self.actions / self.seconds

    @property
    def actions_per_cpu_s(self) -> float:
        """Actions per second of this process's CPU time (steadier on a shared machine)."""
        return self.actions / max(self.cpu_seconds, 1e-9)


def random_playouts(
    game: Game[Any, Any, Any],
    seconds: float,
    *,
    seed: int = 0,
    on_end: Callable[[Any], None] | None = None,
) -> Playouts:
    """Play seeded games with uniformly random legal actions for about ``seconds``.

    Game ``i`` is dealt from seed ``seed + i``; ``on_end`` sees each final state.
    """
    rng = random.Random(seed)
    legal_actions, apply, is_terminal = game.legal_actions, game.apply, game.is_terminal
    randrange = rng.randrange
    games = actions = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.initial_state(seed + games)
        while not is_terminal(state):
            choices = legal_actions(state)
            state = apply(state, choices[randrange(len(choices))])
            actions += 1
        games += 1
        if on_end is not None:
            on_end(state)
    return Playouts(
        games=games,
        actions=actions,
        seconds=time.perf_counter() - start,
        cpu_seconds=time.process_time() - cpu_start,
    )
