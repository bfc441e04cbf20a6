"""Paiute's random rollouts: ``Paiute.random_playout`` against the legal_actions/apply loop.

Both sides play the very same rollouts (the same samples, the same draws): each unit is one
``determinize`` of an observation of the suite's ISMCTS positions (four-player Paiute, 200
samples an observation as in a decision), a uniformly random rollout to the end of the deal,
then ``returns``, which is the suite's ``paiute.ismcts_bound``: what an ISMCTS iteration with
random rollouts cannot do without.
``loop`` rolls out through ``legal_actions`` and ``apply``; ``method`` through
``random_playout``. The rounds are interleaved, and the figures are CPU time medians::

    python benchmarks/bench_paiute_playout.py --rounds 5 --budget 0.5
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from cardgames.paiute import Paiute, PaiuteConfig, PaiuteObservation, PaiuteState

sys.path.insert(0, str(Path(__file__).parent))
from suite import Measure, Task, clock, interleaved, trajectory_states  # beside this script

Rollout = Callable[[Paiute, PaiuteState, Callable[[int], int], int], PaiuteState]


def loop_rollout(
    game: Paiute, state: PaiuteState, randbelow: Callable[[int], int], horizon: int
) -> PaiuteState:
    """Random legal actions through the protocol until the deal ``horizon`` is over."""
    legal_actions, apply = game.legal_actions, game.apply
    while (actions := legal_actions(state)) and state.table.deal == horizon:
        state = apply(state, actions[randbelow(len(actions))])
    return state


def method_rollout(
    game: Paiute, state: PaiuteState, randbelow: Callable[[int], int], horizon: int
) -> PaiuteState:
    """The same rollout by :meth:`~cardgames.paiute.Paiute.random_playout`."""
    return game.random_playout(state, randbelow, horizon)


def positions(game: Paiute, count: int = 4) -> list[PaiuteObservation]:
    """The observations of the suite's ISMCTS positions (``engine_measures``'s choice)."""
    states = [
        s for s in trajectory_states(game, 40 * count, seed=7) if len(game.legal_actions(s)) > 1
    ][:: 40 // 2][:count]
    return [game.observe(s, s.current_player) for s in states]


def rollout_task(
    game: Paiute,
    observations: Sequence[PaiuteObservation],
    rollout: Rollout,
    actions: list[int],
    samples: int = 200,
) -> Task:
    """Sample, roll out and score, ``samples`` times an observation, the observations in turn.

    A search samples one observation once an iteration, 200 times a decision in the suite's
    setup, so the game's sampler of the latest observation is reused as there. ``actions``
    accumulates ``[actions played, rollouts]`` over every batch.
    """

    def task(budget: float) -> tuple[float, float]:
        rng = random.Random(0)
        cycle = itertools.cycle(observations)
        done = 0
        start = clock()
        while True:
            observation = next(cycle)
            for _ in range(samples):
                state = game.determinize(observation, rng)
                # the draws of ISMCTSBot's random rollouts: its generator's _randbelow
                final = rollout(game, state, rng._randbelow, state.table.deal)  # type: ignore[attr-defined]  # noqa: SLF001
                game.returns(final)
                actions[0] += len(final.history) - len(state.history)
                actions[1] += 1
            done += samples
            if clock() - start >= budget:
                return done, clock() - start

    return task


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    """Time both rollouts, interleaved; print and return the medians and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--budget", type=float, default=0.5, help="CPU seconds a batch")
    parser.add_argument("--samples", type=int, default=200, help="rollouts an observation")
    args = parser.parse_args(argv)
    game = Paiute(PaiuteConfig(num_players=4))
    observations = positions(game)
    counts = {"loop": [0, 0], "method": [0, 0]}
    rollouts = (loop_rollout, method_rollout)
    measures = [
        Measure(
            f"paiute.rollout_{name}",
            "iterations/s",
            rollout_task(game, observations, rollout, count, args.samples),
        )
        for (name, count), rollout in zip(counts.items(), rollouts, strict=True)
    ]
    figures = interleaved(measures, args.rounds, args.budget)
    medians = {name: statistics.median(values) for name, values in figures.items()}
    loop, method = medians["paiute.rollout_loop"], medians["paiute.rollout_method"]
    report: dict[str, Any] = {
        "loop_iterations_per_s": loop,
        "method_iterations_per_s": method,
        "ratio": method / loop,
        "events_per_rollout": counts["method"][0] / max(1, counts["method"][1]),
    }
    for name, value in report.items():
        print(f"{name}: {value:,.2f}")
    return report


if __name__ == "__main__":
    main()
