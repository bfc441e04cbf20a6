"""Random playouts of Paiute: games, actions and hand evaluations per second.

Each game is a full session of one deal at a four-player table with ``max_turns=200`` (P21),
played by uniformly random legal actions through the public :class:`~cardgames.game.Game`
protocol (``legal_actions`` then ``apply``), seeded so runs are comparable. Run it as a
script::

    python benchmarks/bench_paiute.py --seconds 10
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from cardgames.cards import standard_deck
from cardgames.paiute import Paiute, PaiuteConfig
from cardgames.paiute.hands import evaluate_indices

sys.path.insert(0, str(Path(__file__).parent))
from machine import describe  # beside this script, whether run or imported
from playouts import random_playouts


def run(seconds: float, *, seed: int = 0) -> dict[str, float]:
    """Play random sessions for about ``seconds``; report the rates.

    Returns:
        ``games_per_s``, ``actions_per_s`` (wall clock), ``actions_per_cpu_s`` (per second of
        this process's CPU time, steadier on a shared machine), ``actions_per_game``,
        ``called_percent`` (deals that ended with a call rather than void) and
        ``evaluations_per_s`` (the fast hand evaluator on random six-card hands).
    """
    game = Paiute(PaiuteConfig(num_players=4, max_turns=200))
    rng = random.Random(seed)
    called: list[bool] = []
    done = random_playouts(
        game,
        seconds,
        seed=seed,
        on_end=lambda state: called.append(state.results[-1].caller is not None),
    )
    deck = [card.index for card in standard_deck()]
    hands = [tuple(rng.sample(deck, 6)) for _ in range(10_000)]
    eval_start = time.perf_counter()
    for hand in hands:
        evaluate_indices(hand, 7)
    eval_elapsed = time.perf_counter() - eval_start
    return {
        "games_per_s": done.games_per_s,
        "actions_per_s": done.actions_per_s,
        "actions_per_cpu_s": done.actions_per_cpu_s,
        "actions_per_game": done.actions / max(done.games, 1),
        "called_percent": 100 * sum(called) / max(done.games, 1),
        "evaluations_per_s": len(hands) / eval_elapsed,
    }


def main() -> None:
    """Parse the command line, run the benchmark and print the results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="how long to play")
    parser.add_argument("--seed", type=int, default=0, help="the first session's seed")
    args = parser.parse_args()
    print(f"machine: {describe()}")
    results = run(args.seconds, seed=args.seed)
    print(f"paiute random playouts ({args.seconds:g} s, 4 players, max_turns=200, 1 deal):")
    for name, value in results.items():
        print(f"  {name:>18}: {value:,.2f}")


if __name__ == "__main__":
    main()
