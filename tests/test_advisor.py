"""Tests of the advisor (cardgames.advisor): reproducible, complete, and calibrated."""

from __future__ import annotations

import io
import random
import sys
from typing import Any

import pytest

from cardgames.advisor import advise, format_advice
from cardgames.bots.ismcts import rollout_policy
from cardgames.cli import main
from cardgames.errors import InvalidConfigError
from cardgames.game import Game, round_index
from cardgames.paiute import Paiute, PaiuteConfig
from cardgames.simulation import Estimate
from cardgames.sixes import Sixes, SixesConfig
from toy_game import ToyGame


def _position(game: Game[Any, Any, Any], seed: int, moves: int) -> Any:
    """The state after ``moves`` first-legal actions from the deal of ``seed``."""
    state = game.initial_state(seed=seed)
    for _ in range(moves):
        state = game.apply(state, game.legal_actions(state)[0])
    return state


def _long_simulation(
    game: Game[Any, Any, Any], observation: object, action: object, games: int
) -> Estimate:
    """An independent estimate of the move's win chance: fresh samples, another seed."""
    rng = random.Random(12345)
    policy = rollout_policy(game, rng)
    wins = []
    for _ in range(games):
        state = game.apply(game.determinize(observation, rng), action)
        player = game.current_player(game.determinize(observation, rng))
        assert player is not None
        horizon = round_index(game, state)
        while not game.is_terminal(state) and round_index(game, state) == horizon:
            seat = game.current_player(state)
            assert seat is not None
            move = policy.choose(game.observe(state, seat), game.legal_actions(state))
            state = game.apply(state, move)
        returns = game.returns(state)
        best = max(returns)
        leaders = sum(1 for value in returns if value == best)
        wins.append(1 / leaders if returns[player] == best else 0.0)
    return Estimate.of(wins)


@pytest.mark.parametrize(
    ("game", "seed", "moves"),
    [
        (Sixes(SixesConfig(num_players=2, max_rounds=1)), 3, 2),
        (Paiute(PaiuteConfig(num_players=2, max_turns=30)), 2, 1),
    ],
)
def test_advice_agrees_with_a_long_independent_simulation(
    game: Game[Any, Any, Any], seed: int, moves: int
) -> None:
    """The best move's win chance holds the long simulation's mean within its 95% interval."""
    state = _position(game, seed, moves)
    player = game.current_player(state)
    assert player is not None
    observation = game.observe(state, player)
    advice = advise(game, observation, 60, seed=7)
    best = advice[0]
    long_run = _long_simulation(game, observation, best.action, 600)
    assert best.win.low <= long_run.mean <= best.win.high
    assert best.samples == 60


def test_advice_covers_every_legal_move_best_first_and_is_seeded() -> None:
    """Every legal move once, sorted by win chance; the same seed gives the same advice."""
    game = Sixes(SixesConfig(num_players=4, max_rounds=1))
    state = _position(game, 11, 3)
    player = game.current_player(state)
    assert player is not None
    observation = game.observe(state, player)
    advice = advise(game, observation, 8, seed=2)
    assert sorted(map(game.action_id, (item.action for item in advice))) == sorted(
        map(game.action_id, game.legal_actions(state))
    )
    wins = [item.win.mean for item in advice]
    assert wins == sorted(wins, reverse=True)
    assert advise(game, observation, 8, seed=2) == advice
    text = format_advice(advice)
    assert text.count("\n") == len(advice) - 1
    assert "8 samples" in text


def test_advice_for_a_game_without_a_heuristic_uses_random_play() -> None:
    """A game with no heuristic bot (the toy game) is advised with random rollouts."""
    game = ToyGame()
    state = game.initial_state(seed=1)
    player = game.current_player(state)
    assert player is not None
    advice = advise(game, game.observe(state, player), 30, seed=1)
    assert len(advice) == len(game.legal_actions(state))
    assert all(-3 <= item.chips.mean <= 3 for item in advice)


def test_advice_rejects_bad_budgets_and_other_players_observations() -> None:
    """A non-positive budget, or an observation of a player not to act, is an error."""
    game = Sixes(SixesConfig(num_players=2, max_rounds=1))
    state = game.initial_state(seed=3)
    player = game.current_player(state)
    assert player is not None
    with pytest.raises(InvalidConfigError):
        advise(game, game.observe(state, player), 0)
    with pytest.raises(InvalidConfigError):
        advise(game, game.observe(state, 1 - player), 5)  # type: ignore[arg-type]


def test_play_with_hints_shows_the_advice(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """cardgames play --hints prints each move's win chance before the player moves."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    argv = ["play", "sixes", "--players", "2", "--set", "max_rounds=1", "--seed", "5"]
    code = main([*argv, "--hints", "4"])
    out = capsys.readouterr().out
    assert code == 1
    assert "Hints (win chance" in out
    assert "(4 samples)" in out
