"""How fast the bots decide: heuristic bots in actions per second, ISMCTS in ms per move.

Every figure is per second of this process's CPU time, which stays steady on a shared, busy
machine where wall-clock figures do not.

- ``paiute_heuristic_actions_per_s``: whole Paiute deals (four players, ``max_turns=100``, P21)
  where every seat is a :class:`~cardgames.bots.PaiuteHeuristicBot`; the figure counts every
  action and the time of the whole loop: observing, choosing and applying.
- ``paiute_heuristic_decisions_per_s``: the same games, counting only the time spent in
  ``choose`` (every call, one-move turns included).
- ``sixes_heuristic_actions_per_s``: the same loop for Sixes (five players, whole games).
- ``ismcts_sixes_ms_per_move`` and ``ismcts_paiute_ms_per_move``: a default
  :class:`~cardgames.bots.ISMCTSBot` (the strong default: 100 iterations, heuristic
  rollouts to the end of the round) in two-player games, on the first positions with a
  choice; ``..._game_rollouts_ms_per_move`` (with ``--compare``) is the same bot with
  ``rollout_to="game"``, the old default.

Run it as a script (``--compare`` adds the slow old ISMCTS default)::

    python benchmarks/bench_bots.py --seconds 5 --compare
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from cardgames.bots import ISMCTSBot
from cardgames.game import Game
from cardgames.paiute import Paiute, PaiuteConfig, PaiuteHeuristicBot
from cardgames.sixes import Sixes, SixesConfig, SixesHeuristicBot

sys.path.insert(0, str(Path(__file__).parent))
from machine import describe  # beside this script, whether run or imported


def heuristic_rates(
    game: Game[Any, Any, Any], bots: list[Any], seconds: float
) -> tuple[float, float]:
    """Play seeded self-play games for about ``seconds`` of CPU time.

    Returns:
        Actions per CPU second of the whole loop, and ``choose`` calls per CPU second of
        ``choose`` alone.
    """
    clock = time.process_time
    actions = 0
    choosing = 0.0
    seed = 0
    start = clock()
    while clock() - start < seconds:
        state = game.initial_state(seed)
        seed += 1
        while (player := game.current_player(state)) is not None:
            observation = game.observe(state, player)
            legal = game.legal_actions(state)
            before = clock()
            action = bots[player].choose(observation, legal)
            choosing += clock() - before
            state = game.apply(state, action)
            actions += 1
    elapsed = clock() - start
    return actions / elapsed, actions / max(choosing, 1e-9)


def ismcts_ms_per_move(
    game: Game[Any, Any, Any], seconds: float, *, rollout_to: str = "round"
) -> float:
    """CPU milliseconds per decision of a default ISMCTS bot, over at least one move."""
    clock = time.process_time
    state = game.initial_state(3)
    times: list[float] = []
    start = clock()
    while not times or clock() - start < seconds:
        player = game.current_player(state)
        if player is None:
            state = game.initial_state(len(times) + 4)
            continue
        legal = game.legal_actions(state)
        if len(legal) > 1:
            bot = ISMCTSBot(game, rollout_to=rollout_to, seed=len(times))
            before = clock()
            bot.choose(game.observe(state, player), legal)
            times.append(clock() - before)
        state = game.apply(state, legal[0])
    return 1000 * sum(times) / len(times)


def run(seconds: float, *, compare: bool = False) -> dict[str, float]:
    """Time the bots for about ``seconds`` each; see the module documentation for the names."""
    paiute = Paiute(PaiuteConfig(num_players=4, max_turns=100))
    paiute_bots = [PaiuteHeuristicBot(paiute, seed=seat) for seat in range(4)]
    paiute_actions, paiute_decisions = heuristic_rates(paiute, paiute_bots, seconds)
    sixes = Sixes(SixesConfig(num_players=5))
    sixes_bots = [SixesHeuristicBot(seed=seat) for seat in range(5)]
    sixes_actions, _ = heuristic_rates(sixes, sixes_bots, seconds)
    two_sixes = Sixes(SixesConfig(num_players=2))
    two_paiute = Paiute(PaiuteConfig(num_players=2, max_turns=100))
    results = {
        "paiute_heuristic_actions_per_s": paiute_actions,
        "paiute_heuristic_decisions_per_s": paiute_decisions,
        "sixes_heuristic_actions_per_s": sixes_actions,
        "ismcts_sixes_ms_per_move": ismcts_ms_per_move(two_sixes, seconds),
        "ismcts_paiute_ms_per_move": ismcts_ms_per_move(two_paiute, seconds),
    }
    if compare:
        results["ismcts_sixes_game_rollouts_ms_per_move"] = ismcts_ms_per_move(
            two_sixes, seconds, rollout_to="game"
        )
    return results


def main() -> None:
    """Parse the command line, run the benchmark and print the results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="how long to time each bot")
    parser.add_argument(
        "--compare", action="store_true", help="also time ISMCTS with whole-game rollouts"
    )
    args = parser.parse_args()
    print(f"machine: {describe()}")
    for name, value in run(args.seconds, compare=args.compare).items():
        print(f"  {name:>40}: {value:,.1f}")


if __name__ == "__main__":
    main()
