"""The reworked ISMCTS loop makes the same decisions as before, from the same seeds.

``ismcts_decisions.json`` beside this file was recorded with the search of before issue 12
(the two-pass tree walk that computed every action id anew): root statistics and chosen
moves of two- and four-player Sixes positions under every kind of option. The faster loop
must reproduce them exactly, floats included. ``benchmarks/ismcts_reference.py`` keeps that
old loop; it is checked to play like today's search on Paiute and with the heuristic
rollouts too, since the benchmark times the two side by side.
"""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import attrs
import pytest

from cardgames.bots import ISMCTSBot, RandomBot, ismcts
from cardgames.bots.ismcts import _ActionIds
from cardgames.game import Game, PlayerId
from cardgames.paiute import Paiute, PaiuteConfig
from cardgames.sixes import Sixes, SixesConfig
from toy_game import ToyGame

HERE = Path(__file__).parent
BENCHMARKS = HERE.parent.parent / "benchmarks"


class LowestId:
    """An observing rollout policy: the legal action with the lowest id."""

    needs_observation = True

    def __init__(self, game: Game[Any, Any, Any]) -> None:
        self.game = game

    def choose(self, observation: object, legal: Sequence[Any]) -> Any:
        assert observation is not None
        return min(legal, key=self.game.action_id)


CASES: dict[str, dict[str, Any]] = {
    "random": {"rollout": "random"},
    "plain": {"rollout": "random", "prior": "none", "exploration": 1.4},
    "limit": {"rollout_limit": 3, "rollout": "random", "rollout_to": "game"},
    "reused": {"determinizations": 3, "rollout": "random"},
    "observing_prior": {"rollout": "lowest", "confidence": 0.0},
    "observing_none": {"rollout": "lowest", "prior": "none"},
}
"""The options of each recorded decision ("lowest" is the :class:`LowestId` policy)."""


def _options(name: str) -> dict[str, Any]:
    options = dict(CASES[name])
    if options.get("rollout") == "lowest":
        options["rollout"] = lambda game, _rng: LowestId(game)
    return options


@cache
def _recorded() -> dict[str, Any]:
    result: dict[str, Any] = json.loads((HERE / "ismcts_decisions.json").read_text())
    return result


def _positions(players: int, seed: int) -> list[tuple[int, Any]]:
    """Three positions with a choice, every fourth step of a seeded game (as recorded)."""
    game = Sixes(SixesConfig(num_players=players, max_rounds=2))
    state = game.initial_state(seed)
    found: list[tuple[int, Any]] = []
    step = 0
    while len(found) < 3:
        legal = game.legal_actions(state)
        if len(legal) > 1 and step % 4 == 0:
            found.append((step, state))
        state = game.apply(state, legal[step % len(legal)])
        step += 1
    return found


def _decision(
    bot_class: Callable[..., ISMCTSBot], game: Game[Any, Any, Any], state: Any, **options: Any
) -> tuple[dict[int, tuple[int, float, float]], int]:
    """Root statistics and the chosen action's id of two bots built alike."""
    player = game.current_player(state)
    assert player is not None
    observation = game.observe(state, player)
    stats = bot_class(game, **options).root_statistics(observation)
    chosen = bot_class(game, **options).choose(observation, game.legal_actions(state))
    return stats, game.action_id(chosen)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2)])
def test_decisions_are_those_recorded_before_the_rework(players: int, seed: int) -> None:
    """Same seeds, same root visits, reward sums and moves as the old loop (S5-S10 games)."""
    game = Sixes(SixesConfig(num_players=players, max_rounds=2))
    recorded = _recorded()
    checked = 0
    for step, state in _positions(players, seed):
        for name in CASES:
            stats, chosen = _decision(
                ISMCTSBot, game, state, iterations=50, seed=step, **_options(name)
            )
            expected = recorded[f"{players}p-{seed}-{step}-{name}"]
            assert {str(key): list(value) for key, value in stats.items()} == expected["stats"]
            assert chosen == expected["chosen"]
            checked += 1
    assert checked == 18


def _reference() -> type[ISMCTSBot]:
    """``ReferenceISMCTSBot`` from benchmarks/ismcts_reference.py."""
    spec = importlib.util.spec_from_file_location(
        "ismcts_reference", BENCHMARKS / "ismcts_reference.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("ismcts_reference", module)
    spec.loader.exec_module(module)
    reference: type[ISMCTSBot] = module.ReferenceISMCTSBot
    return reference


@pytest.mark.parametrize(
    "options",
    [
        {"rollout": "random"},
        {},
        {"rollout": "random", "prior": "none", "determinizations": 2, "rollout_to": "game"},
        {"rollout_limit": 12, "confidence": 0.0},
    ],
)
def test_the_benchmark_reference_plays_like_the_search_on_paiute(options: dict[str, Any]) -> None:
    """The old loop kept for the benchmark decides as today's search, in four-player Paiute."""
    game = Paiute(PaiuteConfig(num_players=4, deals=2))
    state = game.initial_state(5)
    positions = 0
    step = 0
    while positions < 2:
        legal = game.legal_actions(state)
        if len(legal) > 1 and step % 3 == 0:
            old = _decision(_reference(), game, state, iterations=12, seed=step, **options)
            new = _decision(ISMCTSBot, game, state, iterations=12, seed=step, **options)
            assert new == old
            positions += 1
        state = game.apply(state, legal[step % len(legal)])
        step += 1


def test_the_benchmark_reference_plays_like_the_search_with_heuristic_rollouts() -> None:
    """The strong default (heuristic rollouts, priors, confidence) decides alike in Sixes."""
    game = Sixes(SixesConfig(num_players=2))
    for step, state in _positions(2, 3):
        old = _decision(_reference(), game, state, iterations=40, seed=step)
        new = _decision(ISMCTSBot, game, state, iterations=40, seed=step)
        assert new == old


def test_a_prior_equal_to_an_untried_action_is_expanded_first() -> None:
    """The policy's move counts when it equals an untried action without being the same object."""

    class Copying:
        """Plays a copy of the highest-id legal action."""

        def __init__(self, game: Game[Any, Any, Any]) -> None:
            self.game = game

        def choose(self, observation: object, legal: Sequence[Any]) -> Any:
            del observation
            return attrs.evolve(max(legal, key=self.game.action_id))

    game, state = Sixes(SixesConfig(num_players=2)), _positions(2, 1)[0][1]
    player = game.current_player(state)
    assert player is not None
    bot = ISMCTSBot(game, iterations=1, rollout=lambda g, _rng: Copying(g), seed=1)
    stats = bot.root_statistics(game.observe(state, player))
    highest = max(game.action_id(action) for action in game.legal_actions(state))
    assert list(stats) == [highest]


def test_action_ids_are_cached_by_identity_and_bounded() -> None:
    """Shared actions cost one action_id call each; new objects are looked up, cache bounded."""
    calls: list[object] = []
    toy = ToyGame()

    def counting(action: object) -> int:
        calls.append(action)
        return toy.action_id(action)

    ids = _ActionIds(counting, limit=3)
    state = toy.initial_state(1)
    shared = toy.legal_actions(state)
    expected = tuple(toy.action_id(action) for action in shared)
    assert ids(shared) == expected
    assert ids(shared) == expected
    assert len(calls) == len(shared)  # the second call hit the tuple cache
    assert ids(list(shared)) == expected  # a new sequence of known actions: no new calls
    assert len(calls) == len(shared)
    rng = random.Random(2)
    for _ in range(20):
        fresh = toy.legal_actions(toy.determinize(toy.observe(state, PlayerId(0)), rng))
        assert ids(fresh) == tuple(toy.action_id(action) for action in fresh)
    assert len(ids._actions) <= 3
    assert len(ids._tuples) <= 3


@pytest.mark.parametrize("rollout_to", ["round", "game"])
def test_inline_random_rollouts_draw_what_random_bot_draws(rollout_to: str) -> None:
    """rollout="random" (played inline) decides exactly as a RandomBot policy on the same rng."""
    game = Sixes(SixesConfig(num_players=2, max_rounds=2))
    for step, state in _positions(2, 4):
        inline = _decision(
            ISMCTSBot,
            game,
            state,
            iterations=30,
            seed=step,
            rollout="random",
            rollout_to=rollout_to,
        )
        via_bot = _decision(
            ISMCTSBot,
            game,
            state,
            iterations=30,
            seed=step,
            rollout=lambda _game, rng: RandomBot(seed=rng),
            rollout_to=rollout_to,
        )
        assert inline == via_bot


def test_a_full_rewards_cache_starts_afresh_with_the_same_statistics(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """S8-S10: the search's table of scaled returns, cleared at every entry, changes nothing."""
    game = Sixes(SixesConfig(num_players=4, max_rounds=2))
    state = game.initial_state(seed=5)
    observation = game.observe(state, PlayerId(game.current_player(state) or 0))

    def statistics() -> object:
        bot = ISMCTSBot(game, iterations=80, rollout="random", seed=2)
        return bot.root_statistics(observation)

    expected = statistics()
    monkeypatch.setattr(ismcts, "_CACHE_LIMIT", 1)
    assert statistics() == expected


def _nodes(root: ismcts._Node) -> list[ismcts._Node]:
    """Every node of the tree under ``root``, root included."""
    found, stack = [], [root]
    while stack:
        node = stack.pop()
        found.append(node)
        stack.extend(node.children.values())
    return found


@pytest.mark.parametrize(
    "game",
    [Sixes(SixesConfig(num_players=2, max_rounds=1)), Paiute(PaiuteConfig(num_players=3))],
    ids=["shared-tuples", "new-tuples"],
)
def test_each_node_row_holds_its_children_in_its_latest_ids_order(
    game: Game[Any, Any, Any],
) -> None:
    """A node's row is its children in the order of its latest visit's ids, None where none.

    Sixes hands out one legal-action tuple per set of actions, so rows are reused across
    samples; Paiute builds its discard tuples anew, so rows are rebuilt: both stay in step
    with the children the search added.
    """
    state = game.initial_state(3)
    player = game.current_player(state)
    assert player is not None
    bot = ISMCTSBot(game, iterations=120, rollout="random", seed=5)
    root = bot._search(game.observe(state, player), 120)
    visited = [node for node in _nodes(root) if node.row_actions is not None]
    assert len(visited) > 10
    for node in visited:
        assert node.row_actions is not None
        assert node.row_keys == tuple(game.action_id(action) for action in node.row_actions)
        assert node.row == [node.children.get(key) for key in node.row_keys]
