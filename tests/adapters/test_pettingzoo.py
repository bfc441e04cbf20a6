"""PettingZoo: every registered game passes api_test, seed_test and render_test."""

from __future__ import annotations

from typing import Any

import pytest

import toy_game  # noqa: F401 - registers the toy game, from outside the package, with its spec
from cardgames.errors import IllegalActionError
from cardgames.registry import game_names, game_spec
from extras import require

require("pettingzoo", extra="pettingzoo")
np = require("numpy", extra="numpy")

from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

from cardgames.adapters import pettingzoo as adapter  # noqa: E402

SMALL: dict[str, dict[str, Any]] = {
    "sixes": {"num_players": 4, "max_rounds": 2},
    "paiute": {"num_players": 3, "max_turns": 30},
}


def make_game(name: str) -> Any:
    info = game_spec(name)
    config = None if info.config_class is None else info.config_class(**SMALL.get(name, {}))
    return info.make_game(config)


DICT_WARNINGS = (
    "ignore:Observation space for each agent probably should be gymnasium.spaces.box",
    "ignore:Observation is not a NumPy array",
)
"""api_test warns about a dict observation unless the env is one of PettingZoo's own classic
card games, which it exempts by name; ours is their layout (the tensor and the action mask)."""


@pytest.mark.filterwarnings(DICT_WARNINGS[0])
@pytest.mark.filterwarnings(DICT_WARNINGS[1])
@pytest.mark.parametrize("name", game_names())
def test_api_test_passes(name: str) -> None:
    """PettingZoo's api_test passes, wrapped and raw."""
    api_test(adapter.env(make_game(name)), num_cycles=200)
    api_test(adapter.raw_env(make_game(name)), num_cycles=50)


@pytest.mark.parametrize("name", game_names())
def test_seed_test_passes(name: str) -> None:
    """PettingZoo's seed_test: the same seed gives the same game."""
    seed_test(lambda: adapter.env(make_game(name)), num_cycles=100)


@pytest.mark.parametrize("name", game_names())
def test_render_test_passes(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """PettingZoo's render_test passes for "ansi" and "human"."""
    render_test(lambda render_mode=None: adapter.env(make_game(name), render_mode=render_mode))
    assert capsys.readouterr().out


def test_observation_space_is_the_same_object() -> None:
    """observation_space(agent) and action_space(agent) return one cached object each."""
    aec = adapter.raw_env(make_game("sixes"))
    assert aec.observation_space("player_1") is aec.observation_space("player_1")
    assert aec.action_space("player_1") is aec.action_space("player_1")


def test_rewards_add_up_to_the_chip_result() -> None:
    """Over an episode each agent's rewards sum to its returns (S8, S10)."""
    game = make_game("sixes")
    aec = adapter.env(game)
    aec.reset(seed=4)
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    rng = np.random.default_rng(4)
    for agent in aec.agent_iter():
        observation, reward, terminated, truncated, _ = aec.last()
        totals[agent] += reward
        if terminated or truncated:
            aec.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        aec.step(int(rng.choice(legal)))
    final = game.returns(aec.unwrapped.state_value)
    assert [totals[agent] for agent in aec.possible_agents] == list(map(float, final))


def test_truncation_after_max_actions() -> None:
    """With max_actions every agent is truncated once that many actions are played."""
    aec = adapter.env(make_game("paiute"), max_actions=5)
    aec.reset(seed=1)
    for _ in range(5):
        observation, *_ = aec.last()
        aec.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert all(aec.truncations.values())


def test_illegal_and_missing_actions_are_clear_errors() -> None:
    """An illegal id, an out-of-range id or None for a live agent raises IllegalActionError."""
    aec = adapter.raw_env(make_game("sixes"))
    aec.reset(seed=2)
    observation = aec.observe(aec.agent_selection)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        aec.step(illegal)
    with pytest.raises(IllegalActionError, match="out of range"):
        aec.step(999)
    with pytest.raises(IllegalActionError, match="must act"):
        aec.step(None)
    with pytest.raises(ValueError, match="render_mode"):
        adapter.raw_env(make_game("sixes"), render_mode="rgb_array")
    assert adapter.raw_env(make_game("sixes")).render() is None
