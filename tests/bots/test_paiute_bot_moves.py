"""The Paiute bots make the same moves as before their speed-ups, from the same seeds.

``paiute_bot_moves.json`` beside this file holds the action ids of whole seeded deals played
by :class:`~cardgames.paiute.PaiuteHeuristicBot` in every seat (two and four players) and by
:class:`~cardgames.paiute.expert.PaiuteExpertBot` against it heads-up under each of its
guessing models and its ``races`` option. It was recorded with the code from before the
heuristic rated hands on card indices with one pass over the discard pile (2026-12-03), so a
faster rating must play exactly the same deals: a simulation's results depend on these moves
for a given seed. Record it again only for a change that means to play differently::

    PYTHONPATH=src python tests/bots/test_paiute_bot_moves.py
"""

from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from cardgames.paiute import Paiute, PaiuteConfig, PaiuteHeuristicBot
from cardgames.paiute.expert import PaiuteExpertBot

HERE = Path(__file__).parent
RECORD = HERE / "paiute_bot_moves.json"

HEURISTIC_DEALS = {2: range(40), 3: range(20), 4: range(20)}
"""Deal seeds of the heuristic's self-play deals, by table size."""

EXPERTS: dict[str, dict[str, Any]] = {
    "uniform": {},
    "builder": {"model": "builder", "feed_weight": 1.0},
    "keeper": {"model": "keeper"},
    "races": {"races": 12},
}
"""The expert's options in each recorded heads-up deal against the heuristic."""

EXPERT_DEALS = (3, 4, 5, 6)
"""Deal seeds of the expert's deals (the expert sits in seat 0 in the odd ones)."""


def _deal(game: Paiute, seed: int, bots: list[Any]) -> list[int]:
    """The action ids of one deal of ``game`` from ``seed``, each seat played by its bot."""
    state = game.initial_state(seed)
    ids: list[int] = []
    while (player := game.current_player(state)) is not None:
        action = bots[player].choose(game.observe(state, player), game.legal_actions(state))
        ids.append(game.action_id(action))
        state = game.apply(state, action)
    return ids


def heuristic_deal(players: int, seed: int) -> list[int]:
    """A deal of heuristic bots (seeded by seat) at ``players`` seats (P21: 100 turns at most)."""
    game = Paiute(PaiuteConfig(num_players=players, max_turns=100))
    return _deal(game, seed, [PaiuteHeuristicBot(game, seed=seat) for seat in range(players)])


def expert_deal(name: str, seed: int) -> list[int]:
    """A heads-up deal of the expert (options ``EXPERTS[name]``) against the heuristic."""
    game = Paiute(PaiuteConfig(num_players=2, max_turns=100))
    expert = PaiuteExpertBot(game, seed=seed, **EXPERTS[name])
    heuristic = PaiuteHeuristicBot(game, seed=seed + 1)
    return _deal(game, seed, [expert, heuristic] if seed % 2 else [heuristic, expert])


def record() -> dict[str, list[int]]:
    """Every recorded deal, by name."""
    deals = {
        f"heuristic-{players}p-{seed}": heuristic_deal(players, seed)
        for players, seeds in HEURISTIC_DEALS.items()
        for seed in seeds
    }
    for name in EXPERTS:
        for seed in EXPERT_DEALS:
            deals[f"expert-{name}-{seed}"] = expert_deal(name, seed)
    return deals


@cache
def _recorded() -> dict[str, list[int]]:
    result: dict[str, list[int]] = json.loads(RECORD.read_text())
    return result


@pytest.mark.parametrize(
    ("players", "seed"),
    [(players, seed) for players, seeds in HEURISTIC_DEALS.items() for seed in seeds],
)
def test_heuristic_plays_the_recorded_deals(players: int, seed: int) -> None:
    """P9, P11: the heuristic's moves over whole seeded deals equal the recorded ones."""
    assert heuristic_deal(players, seed) == _recorded()[f"heuristic-{players}p-{seed}"]


@pytest.mark.parametrize("name", list(EXPERTS))
@pytest.mark.parametrize("seed", EXPERT_DEALS)
def test_expert_plays_the_recorded_deals(name: str, seed: int) -> None:
    """P9, P11: the expert's and the heuristic's moves equal the recorded ones, per option."""
    assert expert_deal(name, seed) == _recorded()[f"expert-{name}-{seed}"]


def test_the_record_covers_long_deals_and_every_kind_of_move() -> None:
    """The record is worth comparing against: long deals, pile draws, discards and calls."""
    deals = _recorded()
    assert len(deals) == sum(map(len, HEURISTIC_DEALS.values())) + len(EXPERT_DEALS) * len(EXPERTS)
    assert max(map(len, deals.values())) >= 40
    ids = {action for actions in deals.values() for action in actions}
    game = Paiute(PaiuteConfig(num_players=2))
    kinds = {type(game.action_from_id(action)).__name__ for action in ids}
    assert kinds >= {"DrawStock", "DrawDiscard", "Discard", "Call"}


if __name__ == "__main__":
    RECORD.write_text(json.dumps(record(), separators=(",", ":")) + "\n")
    sys.exit(0)
