"""Simulator throughput with random bots: in-process, 1 worker and 2 workers.

The figures to compare: ``playouts/s`` (the bare :func:`cardgames.game.playout` loop, no bots,
one process), then the simulator's games per second with one and with two worker processes.
With random bots the simulator should run close to the bare playout rate times the number of
workers (on a machine with that many idle cores). ``games/CPU-s`` divides the games by the CPU
time of this process and its workers: it stays near the one-worker figure when the pool adds
little overhead, even on a busy machine. Games: Sixes, 5 players, one round.
"""

from __future__ import annotations

import random
import resource
import time

from cardgames.game import playout
from cardgames.simulation import simulate
from cardgames.sixes import Sixes, SixesConfig

GAME = Sixes(SixesConfig(num_players=5, max_rounds=1))
BOTS = ["random"] * 5


def _playout_rate(seconds: float) -> tuple[float, float]:
    """Bare random playouts per second, and actions per second, for about ``seconds``."""
    rng = random.Random(0)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        _, played = playout(GAME, rng, seed=games)
        games += 1
        actions += len(played)
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed


def run(seconds: float) -> dict[str, float]:
    """Measure for about ``seconds`` per figure; return the rates."""
    playouts, playout_actions = _playout_rate(seconds)
    figures = {"playouts/s (1 process)": playouts, "playout actions/s": playout_actions}
    for workers in (1, 2):
        label = f"{workers} worker{'s' if workers > 1 else ''}"
        games = max(10, int(playouts * workers * seconds))
        before = _cpu_seconds()
        result = simulate(GAME, BOTS, games=games, seed=0, workers=workers, progress=False)
        cpu = _cpu_seconds() - before
        figures[f"simulate games/s ({label})"] = result.games_per_second
        figures[f"simulate actions/s ({label})"] = result.actions_per_second
        figures[f"simulate games/CPU-s ({label})"] = games / cpu if cpu > 0 else 0.0
    return figures


def _cpu_seconds() -> float:
    """CPU time of this process and its finished children (the worker processes)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


if __name__ == "__main__":
    for name, value in run(3.0).items():
        print(f"{name:<34} {value:>12,.0f}")
