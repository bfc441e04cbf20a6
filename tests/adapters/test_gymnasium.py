"""Gymnasium: one seat of every registered game against bots passes check_env."""

from __future__ import annotations

from typing import Any

import pytest

import toy_game  # noqa: F401 - registers the toy game, from outside the package, with its spec
from cardgames.bots import BotSpec
from cardgames.errors import InvalidConfigError
from cardgames.registry import game_names, game_spec
from extras import require

gymnasium = require("gymnasium", extra="gymnasium")
np = require("numpy", extra="numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from cardgames.adapters.gymnasium import SeatEnv, make  # noqa: E402

SMALL: dict[str, dict[str, Any]] = {
    "sixes": {"num_players": 2, "max_rounds": 2},
    "paiute": {"num_players": 3, "max_turns": 30},
}


def make_game(name: str) -> Any:
    info = game_spec(name)
    config = None if info.config_class is None else info.config_class(**SMALL.get(name, {}))
    return info.make_game(config)


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("render_mode", [None, "ansi"])
def test_check_env_passes(name: str, render_mode: str | None) -> None:
    """gymnasium.utils.env_checker.check_env passes (on an env made by gymnasium.make)."""
    check_env(make(make_game(name), seat=1, render_mode=render_mode).unwrapped)


@pytest.mark.parametrize("name", game_names())
def test_an_episode_adds_up_to_the_chip_result(name: str) -> None:
    """Legal masked actions to the end: the rewards sum to the seat's returns (S8/P18)."""
    game = make_game(name)
    env = SeatEnv(game, seat=1, opponents=BotSpec(name="random"))
    _, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    total = 0.0
    done = False
    while not done:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, reward, terminated, truncated, info = env.step(action)
        total += reward
        done = terminated or truncated
    assert total == game.returns(env.state)[1]
    _, reward, terminated, _, _ = env.step(0)  # a step after the end changes nothing
    assert (reward, terminated) == (0.0, True)


def test_the_same_seed_replays_the_same_episode() -> None:
    """reset(seed=s) deals the same game and builds the same bots."""
    env = SeatEnv(make_game("sixes"), opponents="ismcts:iterations=5")
    first, _ = env.reset(seed=8)
    state = env.state
    again, _ = env.reset(seed=8)
    assert np.array_equal(first, again)
    assert env.state == state


def test_an_illegal_action_ends_the_episode_with_the_penalty() -> None:
    """An action the mask forbids terminates with illegal_action_reward."""
    env = SeatEnv(make_game("sixes"), illegal_action_reward=-5.0)
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-5.0, True, False, True)


def test_human_render_prints_and_truncation_stops(capsys: pytest.CaptureFixture[str]) -> None:
    """render_mode "human" prints the table; max_actions truncates."""
    env = SeatEnv(make_game("paiute"), render_mode="human", max_actions=4)
    _, info = env.reset(seed=2)
    truncated = False
    while not truncated:
        _, _, _, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert "Paiute" in capsys.readouterr().out
    assert not env.game.is_terminal(env.state)


def test_bad_arguments_are_clear_errors() -> None:
    """A bad seat, opponent count or render mode raises InvalidConfigError."""
    game = make_game("paiute")
    with pytest.raises(InvalidConfigError, match="seat"):
        SeatEnv(game, seat=3)
    with pytest.raises(InvalidConfigError, match="2 opponents"):
        SeatEnv(game, opponents=["random"])
    with pytest.raises(InvalidConfigError, match="render_mode"):
        SeatEnv(game, render_mode="rgb_array")
    assert SeatEnv(game).render() is None
