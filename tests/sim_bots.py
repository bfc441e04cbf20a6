"""Picklable bot factories that misbehave on purpose, for the simulator's fault tests.

Each factory builds a seeded random bot, except in the one game whose bot seed is ``target``
(see :func:`cardgames.simulation.bot_seed`), where the bot raises, cheats, kills its worker
process, or (``Interrupting``) raises KeyboardInterrupt as Ctrl-C would.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from cardgames.bots import RandomBot
from cardgames.game import Game

AnyGame = Game[Any, Any, Any]


class RaisingBot:
    """Raises on its first move."""

    def choose(self, observation: object, legal_actions: Sequence[object]) -> object:
        del observation, legal_actions
        raise RuntimeError("the bot broke")


class CheatingBot:
    """Returns an action that is not legal."""

    def choose(self, observation: object, legal_actions: Sequence[object]) -> object:
        del observation, legal_actions
        return "an ace from my sleeve"


@attrs.frozen
class KillingBot:
    """Kills its own process with SIGKILL (once per marker file, if a marker is given)."""

    marker: str | None

    def choose(self, observation: object, legal_actions: Sequence[object]) -> object:
        del observation
        if self.marker is None or not Path(self.marker).exists():
            if self.marker is not None:
                Path(self.marker).write_text("died once\n", encoding="utf-8")
            os.kill(os.getpid(), signal.SIGKILL)
        return legal_actions[0]


class InterruptingBot:
    """Raises KeyboardInterrupt, as Ctrl-C does in the middle of a move."""

    def choose(self, observation: object, legal_actions: Sequence[object]) -> object:
        del observation, legal_actions
        raise KeyboardInterrupt


@attrs.frozen
class Faulty:
    """A factory: a random bot, but ``kind``'s bad bot in the game where the seed is ``target``."""

    kind: str
    target: int
    marker: str | None = None

    def __call__(self, game: AnyGame, seed: int) -> Any:
        del game
        if seed != self.target:
            return RandomBot(seed=seed)
        if self.kind == "raise":
            return RaisingBot()
        if self.kind == "illegal":
            return CheatingBot()
        if self.kind == "interrupt":
            return InterruptingBot()
        if self.marker is not None and Path(self.marker).exists():
            return RandomBot(seed=seed)  # it died once already: play as the others do
        return KillingBot(self.marker)


@attrs.frozen
class SlowRandom:
    """A factory of random bots that think for ``delay`` seconds per move."""

    delay: float

    def __call__(self, game: AnyGame, seed: int) -> Any:
        del game
        return _Slow(RandomBot(seed=seed), self.delay)


@attrs.frozen
class _Slow:
    bot: RandomBot
    delay: float

    def choose(self, observation: object, legal_actions: Sequence[object]) -> object:
        time.sleep(self.delay)
        return self.bot.choose(observation, legal_actions)
