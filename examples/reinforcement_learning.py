"""Reinforcement learning and search on Sixes, through OpenSpiel and Gymnasium.

1. OpenSpiel's own Python ISMCTS bot plays two-player Sixes against OpenSpiel's uniform random
   bot; it resamples hidden cards through the engine's ``determinize``.
2. OpenSpiel's ``evaluate_bots`` loop plays C++ uniform random bots on the same game.
3. A masked linear softmax policy (numpy only) learns two-player Sixes by REINFORCE in the
   Gymnasium single-seat environment, against ``RandomBot``. Its win rate before and after
   training is reported with a 95% (Wilson) interval.

Needs the ``openspiel`` and ``gymnasium`` extras; without them it says so and exits 0::

    pip install 'cardgames-engine[openspiel,gymnasium]'
    python examples/reinforcement_learning.py
"""

from __future__ import annotations

import importlib.util
import math
import random
import sys
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from cardgames.adapters.gymnasium import SeatEnv

NEEDED = {"numpy": "numpy", "pyspiel": "openspiel", "gymnasium": "gymnasium"}
"""Module: the extra that provides it."""


FEATURES = 40
"""The policy reads the ``hand`` field of the tensor (the first 40 values) and a bias."""


def missing_extras() -> list[str]:
    """The extras this example needs that are not installed."""
    return sorted(
        {extra for module, extra in NEEDED.items() if not importlib.util.find_spec(module)}
    )


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    z = 1.959964
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    return centre - half / (1 + z * z / games), centre + half / (1 + z * z / games)


class MaskedPolicy:
    """A linear softmax over the legal action ids: ``logits = weights @ [hand, 1]``."""

    def __init__(self, num_actions: int) -> None:
        import numpy as np

        self.weights: npt.NDArray[np.float64] = np.zeros((num_actions, FEATURES + 1))

    def features(self, observation: npt.NDArray[np.float32]) -> npt.NDArray[np.float64]:
        """The hand field of the observation tensor, and a bias."""
        import numpy as np

        return np.append(observation[:FEATURES], 1.0)

    def probabilities(
        self, features: npt.NDArray[np.float64], legal: npt.NDArray[np.intp]
    ) -> npt.NDArray[np.float64]:
        """The policy over the ``legal`` action ids."""
        import numpy as np

        logits = self.weights[legal] @ features
        weights: npt.NDArray[np.float64] = np.exp(logits - logits.max())
        result: npt.NDArray[np.float64] = weights / weights.sum()
        return result


def play_episode(
    env: SeatEnv, policy: MaskedPolicy, rng: random.Random, *, learn: float = 0.0
) -> bool:
    """One game for the agent's seat; with ``learn`` a REINFORCE step. Whether it won."""
    import numpy as np

    observation, info = env.reset(seed=rng.getrandbits(31))
    steps = []
    total = 0.0
    done = False
    while not done:
        legal = np.flatnonzero(info["action_mask"])
        if len(legal) == 1:
            action = int(legal[0])
        else:
            features = policy.features(observation)
            probabilities = policy.probabilities(features, legal)
            choice = rng.choices(range(len(legal)), weights=probabilities.tolist())[0]
            action = int(legal[choice])
            if learn:
                gradient = -probabilities
                gradient[choice] += 1.0
                steps.append((legal, gradient, features))
        observation, reward, terminated, truncated, info = env.step(action)
        total += reward
        done = terminated or truncated
    won = total > 0
    for legal, gradient, features in steps:
        policy.weights[legal] += learn * (1.0 if won else -1.0) * np.outer(gradient, features)
    return won


def make_env(seed: int) -> SeatEnv:
    """The Gymnasium environment: seat 0 of one Sixes round against RandomBot.

    One round of two-player Sixes: whoever goes out first wins, and is paid a chip per card
    left in the other hand (S8).
    """
    from cardgames.adapters.gymnasium import SeatEnv
    from cardgames.sixes import Sixes, SixesConfig

    config = SixesConfig(num_players=2, max_rounds=1, pay_per_card_left=1, starting_chips=20)
    env = SeatEnv(Sixes(config), seat=0, opponents="random")
    env.reset(seed=seed)
    return env


def win_rate(policy: MaskedPolicy, games: int, seed: int) -> tuple[float, float, float]:
    """The policy's win rate against RandomBot, with its 95% interval.

    Untrained (all weights 0), the policy picks uniformly among the legal actions: it is a
    random player too.
    """
    env = make_env(seed)
    rng = random.Random(seed)
    wins = sum(play_episode(env, policy, rng) for _ in range(games))
    low, high = wilson(wins, games)
    return wins / games, low, high


def train(episodes: int, seed: int, learning_rate: float = 0.3) -> MaskedPolicy:
    """REINFORCE with a win (+1) or loss (-1) at the end of each game."""
    env = make_env(seed)
    policy = MaskedPolicy(env.action_space.n)
    rng = random.Random(seed)
    for _ in range(episodes):
        play_episode(env, policy, rng, learn=learning_rate)
    return policy


def search_and_evaluate(games: int, simulations: int, seed: int) -> tuple[float, list[float]]:
    """OpenSpiel's ISMCTS against uniform random (its mean return), then evaluate_bots."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts

    from cardgames.adapters.openspiel import load_game

    game = load_game("sixes", {"players": 2, "max_rounds": 1, "pay_per_card_left": 1})
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    total = 0.0
    for number in range(games):
        seat = number % 2
        searcher = ismcts.ISMCTSBot(game, evaluator, 2.0, simulations, random_state=rng)
        opponent = pyspiel.make_uniform_random_bot(1 - seat, seed + number)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probabilities)))
            elif state.current_player() == seat:
                state.apply_action(searcher.step(state))
            else:
                state.apply_action(opponent.step(state))
        total += state.returns()[seat]
    bots = [pyspiel.make_uniform_random_bot(seat, seed) for seat in range(2)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    return total / games, returns


def main(argv: list[str] | None = None) -> int:
    """Run the three parts and print what they show."""
    args = sys.argv[1:] if argv is None else argv
    quick = "--quick" in args
    missing = missing_extras()
    if missing:
        extras = ",".join(missing)
        print(f"skipped: this example needs pip install 'cardgames-engine[{extras}]'")
        return 0
    started = time.perf_counter()
    mean, returns = search_and_evaluate(games=2 if quick else 6, simulations=16, seed=1)
    print(f"OpenSpiel ISMCTS vs uniform random, 2-player Sixes: mean chips {mean:+.1f} per round")
    print(f"OpenSpiel evaluate_bots, two uniform random bots: returns {returns}")
    games = 300 if quick else 1000
    before = win_rate(MaskedPolicy(41), games, seed=7)
    policy = train(episodes=600 if quick else 3000, seed=3)
    after = win_rate(policy, games, seed=7)
    for label, (rate, low, high) in (("before training", before), ("after training", after)):
        print(f"win rate vs RandomBot {label}: {rate:.1%} (95% interval {low:.1%} to {high:.1%})")
    print(f"done in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
