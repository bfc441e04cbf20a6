"""Steps per second through each adapter, next to the raw engine and OpenSpiel's C++ crazy_eights.

Every driver plays uniformly random legal actions from Python, one core, in one run:

- **engine**: ``legal_actions`` and ``apply`` on two-player Sixes (no observation made);
- **engine + tensor**: the same, plus the acting seat's observation tensor and action mask
  (what every learning step needs);
- **gymnasium**: ``SeatEnv.step`` for seat 0 (a step includes the opponent's bot move);
- **pettingzoo**: ``env.step`` of the AEC environment, reading ``last()`` each step;
- **openspiel (Python game)**: ``apply_action`` on ``cardgames_sixes``, chance nodes included;
- **openspiel C++ crazy_eights**: ``apply_action`` on OpenSpiel's own C++ game, two players.

Each figure is actions (or steps) per wall-clock second. Run it as a script::

    python benchmarks/bench_adapters.py --seconds 2
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel

from cardgames.adapters.gymnasium import SeatEnv
from cardgames.adapters.openspiel import load_game
from cardgames.adapters.pettingzoo import env as pettingzoo_env
from cardgames.game import PlayerId
from cardgames.sixes import Sixes, SixesConfig
from cardgames.tensor import action_mask, observation_tensor

sys.path.insert(0, str(Path(__file__).parent))
from machine import describe  # beside this script, whether run or imported

CONFIG = SixesConfig(num_players=2, max_rounds=3)
"""Two-player Sixes, three rounds at most: the table the adapters are measured on."""


def _timed(seconds: float, run_one: Callable[[int], int]) -> float:
    """Calls ``run_one(game_number)`` (which returns its step count) for ``seconds``; steps/s."""
    steps = 0
    number = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        steps += run_one(number)
        number += 1
    return steps / (time.perf_counter() - start)


def engine(seconds: float) -> float:
    """Raw engine: legal_actions, a random choice, apply."""
    game = Sixes(CONFIG)
    rng = random.Random(1)

    def one(number: int) -> int:
        state = game.initial_state(number)
        steps = 0
        while not game.is_terminal(state):
            actions = game.legal_actions(state)
            state = game.apply(state, actions[rng.randrange(len(actions))])
            steps += 1
        return steps

    return _timed(seconds, one)


def engine_with_tensors(seconds: float) -> float:
    """The engine plus the acting seat's observation tensor and action mask each step."""
    game = Sixes(CONFIG)
    rng = random.Random(1)

    def one(number: int) -> int:
        state = game.initial_state(number)
        steps = 0
        while not game.is_terminal(state):
            player = game.current_player(state)
            assert player is not None
            observation_tensor(game, game.observe(state, PlayerId(player)))
            legal = np.flatnonzero(action_mask(game, state))
            action = game.action_from_id(int(legal[rng.randrange(len(legal))]))
            state = game.apply(state, action)
            steps += 1
        return steps

    return _timed(seconds, one)


def gymnasium(seconds: float) -> float:
    """SeatEnv.step for seat 0 against RandomBot."""
    env = SeatEnv(Sixes(CONFIG), opponents="random")
    rng = random.Random(1)

    def one(number: int) -> int:
        _, info = env.reset(seed=number)
        steps = 0
        done = False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            _, _, terminated, truncated, info = env.step(int(legal[rng.randrange(len(legal))]))
            done = terminated or truncated
            steps += 1
        return steps

    return _timed(seconds, one)


def pettingzoo(seconds: float) -> float:
    """The AEC environment: last(), a random legal action, step()."""
    aec = pettingzoo_env(Sixes(CONFIG))
    rng = random.Random(1)

    def one(number: int) -> int:
        aec.reset(seed=number)
        steps = 0
        for _ in aec.agent_iter():
            observation, _, terminated, truncated, _ = aec.last()
            if terminated or truncated:
                aec.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            aec.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        return steps

    return _timed(seconds, one)


def _spiel_playout(game: Any, rng: random.Random) -> int:  # noqa: ANN401 - a pyspiel game
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
        steps += 1
    return steps


def openspiel_python(seconds: float) -> float:
    """cardgames_sixes through OpenSpiel's Python-game bridge, chance nodes included."""
    game = load_game("sixes", {"players": 2, "max_rounds": 3})
    rng = random.Random(1)
    return _timed(seconds, lambda _: _spiel_playout(game, rng))


def crazy_eights(seconds: float) -> float:
    """OpenSpiel's C++ crazy_eights (two players), driven from Python the same way."""
    game = pyspiel.load_game("crazy_eights", {"players": 2})
    rng = random.Random(1)
    return _timed(seconds, lambda _: _spiel_playout(game, rng))


DRIVERS: dict[str, Callable[[float], float]] = {
    "engine (legal_actions + apply)": engine,
    "engine + observation tensor + mask": engine_with_tensors,
    "gymnasium SeatEnv.step": gymnasium,
    "pettingzoo AEC last + step": pettingzoo,
    "openspiel cardgames_sixes (Python game)": openspiel_python,
    "openspiel crazy_eights (C++ game)": crazy_eights,
}


def main(argv: list[str] | None = None) -> None:
    """Print steps per second for every driver, in one run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per driver")
    args = parser.parse_args(argv)
    print(f"machine: {describe()}")
    print(f"table: two-player Sixes, {CONFIG.max_rounds} rounds at most; {args.seconds} s each")
    for label, driver in DRIVERS.items():
        print(f"{label:42} {driver(args.seconds):>10,.0f} steps/s")


if __name__ == "__main__":
    main()
