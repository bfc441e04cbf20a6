"""``cardgames.game.random_playout``: a game's fast method when it has one, else the loop."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

from cardgames.bots import ISMCTSBot
from cardgames.errors import IllegalActionError
from cardgames.game import Game, PlayerId, random_playout, random_playout_returns
from cardgames.sixes import Sixes, SixesConfig, SixesState
from playout_reference import loop_playout
from toy_game import ToyGame, ToyState


class _WithoutFastPlayout:
    """A Sixes game that hides its fast methods: the protocol's loops play it."""

    def __init__(self, game: Sixes) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        if name in {"random_playout", "random_playout_returns"}:
            raise AttributeError(name)
        return getattr(self._game, name)


@pytest.mark.parametrize("limit", [None, 0, 1, 2, 5])
@pytest.mark.parametrize("horizon", [None, 1, 7])
def test_a_game_without_the_method_plays_the_loop(limit: int | None, horizon: int | None) -> None:
    """The toy game has neither method: the loop plays to the end or the limit, any horizon."""
    game = ToyGame()
    for seed in range(10):
        state = game.initial_state(seed)
        theirs, ours = random.Random(seed), random.Random(seed)
        expected = loop_playout(game, state, theirs.randrange, horizon, limit)
        played: ToyState = random_playout(game, state, ours.randrange, horizon, limit)
        assert played == expected
        assert ours.getstate() == theirs.getstate()
        assert game.is_terminal(played) or limit is not None


def test_the_loop_stops_with_the_round_of_a_game_with_rounds() -> None:
    """S8, S9: without a fast method, the horizon still ends the playout with its round."""
    sixes = Sixes(SixesConfig(num_players=4, max_rounds=3))
    game = cast("Game[SixesState, Any, Any]", _WithoutFastPlayout(sixes))
    state = sixes.initial_state(seed=8)
    played = random_playout(game, state, random.Random(8).randrange, horizon=1)
    assert played == sixes.random_playout(state, random.Random(8).randrange, 1)
    assert played.round_number == 2
    assert played.table_mask == 0  # the second round is dealt, and nobody has played yet


def test_a_game_with_the_method_is_asked_for_it() -> None:
    """The game's own method gets the same arguments, and its state is the result."""
    calls: list[tuple[object, ...]] = []

    class Spy(ToyGame):
        def random_playout(self, *args: object) -> object:
            calls.append(args)
            return "played"

    game = Spy()
    state = game.initial_state(1)
    draw = random.Random(1).randrange
    assert random_playout(game, state, draw, 3, 4) == cast("ToyState", "played")
    assert calls == [(state, draw, 3, 4)]


def test_an_action_the_game_then_refuses_is_its_error() -> None:
    """A game that lists an action and refuses it raises its IllegalActionError unchanged."""

    class Broken(ToyGame):
        def apply(self, state: ToyState, action: object) -> ToyState:
            raise IllegalActionError(f"{action!r} refused in {type(state).__name__}")

    game = Broken()
    with pytest.raises(IllegalActionError, match="refused"):
        random_playout(game, game.initial_state(2), random.Random(2).randrange)


@pytest.mark.parametrize("rollout_to", ["round", "game"])
@pytest.mark.parametrize("rollout_limit", [None, 4])
def test_ismcts_decides_alike_with_and_without_the_fast_playout(
    rollout_to: str, rollout_limit: int | None
) -> None:
    """S5-S12: random rollouts through Sixes.random_playout give the loop's exact statistics."""
    sixes = Sixes(SixesConfig(num_players=2, max_rounds=2))
    plain = cast("Game[Any, Any, Any]", _WithoutFastPlayout(sixes))
    state = sixes.initial_state(seed=6)
    rng = random.Random(6)
    for _ in range(9):
        actions = sixes.legal_actions(state)
        state = sixes.apply(state, actions[rng.randrange(len(actions))])
    player = state.to_play
    assert player is not None
    observation = sixes.observe(state, PlayerId(player))
    statistics = []
    for game in (sixes, plain):
        bot = ISMCTSBot(
            game,
            iterations=60,
            rollout="random",
            rollout_to=rollout_to,
            rollout_limit=rollout_limit,
            seed=3,
        )
        statistics.append(bot.root_statistics(observation))
    assert statistics[0] == statistics[1]


@pytest.mark.parametrize("limit", [None, 0, 3])
@pytest.mark.parametrize("horizon", [None, 1])
def test_the_returns_of_a_game_without_the_method_are_those_of_the_loop(
    limit: int | None, horizon: int | None
) -> None:
    """The toy game has no returns method: the returns of random_playout's end, draw for draw."""
    game = ToyGame()
    for seed in range(10):
        state = game.initial_state(seed)
        theirs, ours = random.Random(seed), random.Random(seed)
        expected = game.returns(loop_playout(game, state, theirs.randrange, horizon, limit))
        assert random_playout_returns(game, state, ours.randrange, horizon, limit) == expected
        assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("horizon", [None, 1])
def test_the_returns_of_sixes_without_its_methods_are_those_of_its_methods(
    horizon: int | None,
) -> None:
    """S8-S10: Sixes' own returns method and the plain loop score every rollout alike."""
    sixes = Sixes(SixesConfig(num_players=4, max_rounds=2, pay_per_card_left=1))
    plain = cast("Game[SixesState, Any, Any]", _WithoutFastPlayout(sixes))
    for seed in range(20):
        state = sixes.initial_state(seed)
        theirs, ours = random.Random(seed), random.Random(seed)
        expected = random_playout_returns(plain, state, theirs._randbelow, horizon)  # type: ignore[attr-defined]
        assert random_playout_returns(sixes, state, ours._randbelow, horizon) == expected  # type: ignore[attr-defined]
        assert ours.getstate() == theirs.getstate()


def test_a_game_with_the_returns_method_is_asked_for_it() -> None:
    """The game's own returns method gets the same arguments, and its tuple is the result."""
    calls: list[tuple[object, ...]] = []

    class Spy(ToyGame):
        def random_playout_returns(self, *args: object) -> tuple[int, ...]:
            calls.append(args)
            return (5, -5)

    game = Spy()
    state = game.initial_state(1)
    draw = random.Random(1).randrange
    assert random_playout_returns(game, state, draw, 2, None) == (5, -5)
    assert calls == [(state, draw, 2, None)]
