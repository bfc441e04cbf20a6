"""Random playouts of Sixes: games, rounds and actions per second, pure Python, one core.

Each game is a whole match under the default rules (five players, ten chips each, played until
a stack reaches 0 and that round is finished, S10), driven through the public
:class:`~cardgames.game.Game` protocol by uniformly random legal actions (``legal_actions``,
a seeded random choice, ``apply``). Seeds are fixed so runs are comparable. Run it as a script::

    python benchmarks/bench_sixes.py --seconds 10
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from cardgames.sixes import Sixes, SixesConfig

sys.path.insert(0, str(Path(__file__).parent))
from machine import describe  # beside this script, whether run or imported
from playouts import random_playouts


def _masks(game: Sixes, seconds: float, seed: int) -> float:
    """Legal-action masks per second along random playouts (the RL-facing hot path)."""
    rng = random.Random(seed)
    masks = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.initial_state(seed + masks)
        while not game.is_terminal(state):
            mask = game.legal_action_mask(state)
            masks += 1
            ids = [i for i, legal in enumerate(mask) if legal]
            state = game.apply(state, game.action_from_id(ids[rng.randrange(len(ids))]))
    return masks / (time.perf_counter() - start)


def run(seconds: float, *, seed: int = 0) -> dict[str, float]:
    """Play random Sixes games for about ``seconds`` in all; report the rates.

    Returns:
        ``games_per_s``, ``rounds_per_s``, ``actions_per_s``, ``actions_per_game``,
        ``rounds_per_game`` (default rules) and ``masks_per_s`` (legal-action masks along
        random playouts driven by action ids).
    """
    game = Sixes(SixesConfig())
    rounds: list[int] = []
    done = random_playouts(
        game, seconds * 0.8, seed=seed, on_end=lambda state: rounds.append(state.round_number)
    )
    return {
        "games_per_s": done.games_per_s,
        "rounds_per_s": sum(rounds) / done.seconds,
        "actions_per_s": done.actions_per_s,
        "actions_per_cpu_s": done.actions_per_cpu_s,
        "actions_per_game": done.actions / max(done.games, 1),
        "rounds_per_game": sum(rounds) / max(done.games, 1),
        "masks_per_s": _masks(game, seconds * 0.2, seed),
    }


def main() -> None:
    """Parse ``--seconds`` and print the figures with the machine they ran on."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="how long to run")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    arguments = parser.parse_args()
    print(f"machine: {describe()}")
    print("game: Sixes, default rules (5 players, 10 chips, finish_round), random legal actions")
    for name, value in run(arguments.seconds, seed=arguments.seed).items():
        print(f"  {name:<18} {value:>12,.1f}")


if __name__ == "__main__":
    main()
