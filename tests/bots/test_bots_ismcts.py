"""Tests of the strong ISMCTS options: rollout policy, priors, reuse, root parallelism."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from cardgames.bots import BotSpec, ISMCTSBot, RandomBot
from cardgames.bots.ismcts import DEFAULT_ITERATIONS, rollout_policy
from cardgames.errors import InvalidConfigError
from cardgames.game import PlayerId
from cardgames.sixes import Sixes, SixesConfig, SixesHeuristicBot
from toy_game import ToyGame


class CountingBot:
    """A rollout policy that plays the first legal action and counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, observation: object, legal_actions: Sequence[Any]) -> Any:
        del observation
        self.calls += 1
        return legal_actions[0]


class DeterminizeCounter:
    """Wraps a game; counts calls of determinize."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.samples = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def determinize(self, observation: Any, rng: random.Random) -> Any:
        self.samples += 1
        return self.inner.determinize(observation, rng)


def _sixes_position() -> tuple[Sixes, Any, tuple[Any, ...]]:
    game = Sixes(SixesConfig(num_players=2, max_rounds=1))
    state = game.initial_state(seed=3)
    while len(game.legal_actions(state)) < 2:
        state = game.apply(state, game.legal_actions(state)[0])
    player = game.current_player(state)
    assert player is not None
    return game, game.observe(state, player), game.legal_actions(state)


def test_default_spec_is_the_strong_configuration() -> None:
    """BotSpec.parse("ismcts") builds heuristic rollouts, policy priors, fixed iterations."""
    game = Sixes()
    text = repr(BotSpec.parse("ismcts").build(game, seed=1))
    assert f"iterations={DEFAULT_ITERATIONS}" in text
    assert "time_limit=None" in text
    assert "rollout='heuristic'" in text
    assert "prior='policy'" in text
    assert "workers=1" in text


def test_rollout_policy_is_the_heuristic_or_random() -> None:
    """The rollout hook: the game's heuristic bot, random play on request or without one."""
    rng = random.Random(1)
    assert isinstance(rollout_policy(Sixes(), rng), SixesHeuristicBot)
    assert isinstance(rollout_policy(Sixes(), rng, "random"), RandomBot)
    assert isinstance(rollout_policy(ToyGame(), rng), RandomBot)


def test_a_custom_rollout_policy_plays_the_rollouts() -> None:
    """A RolloutPolicy callable builds the bot that plays every rollout."""
    game, observation, legal = _sixes_position()
    policy = CountingBot()
    bot = ISMCTSBot(game, iterations=10, rollout=lambda _game, _rng: policy, seed=1)
    assert bot.choose(observation, legal) in legal
    assert policy.calls > 10
    assert "rollout='custom'" in repr(bot)


def test_policy_prior_expands_the_policy_choice_first() -> None:
    """With one iteration, the only root child is the rollout policy's own choice."""
    game, observation, legal = _sixes_position()
    expected = rollout_policy(game, random.Random(0)).choose(observation, legal)
    bot = ISMCTSBot(game, iterations=1, seed=5)
    stats = bot.root_statistics(observation)
    assert list(stats) == [game.action_id(expected)]
    assert bot.choose(observation, legal) in legal


def test_determinizations_are_sampled_once_and_reused() -> None:
    """determinizations=3 samples three states per decision whatever the iteration count."""
    game, observation, legal = _sixes_position()
    fresh, reused = DeterminizeCounter(game), DeterminizeCounter(game)
    ISMCTSBot(fresh, iterations=20, seed=1).choose(observation, legal)
    ISMCTSBot(reused, iterations=20, determinizations=3, seed=1).choose(observation, legal)
    assert fresh.samples == 20
    assert reused.samples == 3


def test_root_parallel_workers_add_up_their_visits() -> None:
    """workers=2 splits the iterations over two processes and adds the root visits."""
    game, observation, legal = _sixes_position()
    bot = ISMCTSBot(game, iterations=16, workers=2, rollout="random", seed=1)
    stats = bot.root_statistics(observation)
    assert sum(visits for visits, _, _ in stats.values()) == 16
    again = ISMCTSBot(game, iterations=16, workers=2, rollout="random", seed=1)
    assert again.root_statistics(observation) == stats
    assert bot.choose(observation, legal) in legal


def test_random_rollouts_without_priors_still_play_legally() -> None:
    """rollout="random", prior="none" is the plain ISMCTS of earlier versions."""
    game = ToyGame()
    state = game.initial_state(2)
    legal = game.legal_actions(state)
    bot = ISMCTSBot(game, iterations=40, rollout="random", prior="none", seed=3)
    assert bot.choose(game.observe(state, PlayerId(0)), legal) in legal


def test_a_bot_spec_can_turn_the_prior_off() -> None:
    """ismcts:prior=none (the spec reads the word as None) is prior="none", as documented."""
    game = ToyGame()
    state = game.initial_state(2)
    legal = game.legal_actions(state)
    observation = game.observe(state, PlayerId(0))
    spec = BotSpec.parse("ismcts:iterations=40:rollout=random:prior=none")
    plain = ISMCTSBot(game, iterations=40, rollout="random", prior="none", seed=3)
    assert "prior='none'" in repr(spec.build(game, 3))
    assert spec.build(game, 3).choose(observation, legal) == plain.choose(observation, legal)


@pytest.mark.parametrize(
    "options",
    [
        {"rollout": "greedy"},
        {"prior": "uniform"},
        {"determinizations": 0},
        {"determinizations": 1.5},
        {"workers": 0},
    ],
)
def test_strong_options_are_validated(options: dict[str, Any]) -> None:
    """Unknown rollout or prior names and non-positive counts are InvalidConfigError."""
    with pytest.raises(InvalidConfigError):
        ISMCTSBot(ToyGame(), seed=1, **options)


def test_confidence_keeps_the_policy_move_unless_search_is_sure() -> None:
    """A huge confidence plays the heuristic's move; 0 the most visited unless no better."""
    game, observation, legal = _sixes_position()
    heuristic = rollout_policy(game, random.Random(0)).choose(observation, legal)
    cautious = ISMCTSBot(game, iterations=30, confidence=1e9, seed=2)
    assert cautious.choose(observation, legal) == heuristic
    stats = ISMCTSBot(game, iterations=30, confidence=0.0, seed=2).root_statistics(observation)
    most = max((visits, total, key) for key, (visits, total, _) in stats.items())[2]
    bold = ISMCTSBot(game, iterations=30, confidence=0.0, seed=2)
    played = game.action_id(bold.choose(observation, legal))
    own = game.action_id(heuristic)
    assert played in {most, own}

    def mean(key: int) -> float:
        return stats[key][1] / stats[key][0]

    assert (played == most) == (most == own or mean(most) > mean(own))
    with pytest.raises(InvalidConfigError):
        ISMCTSBot(game, confidence=-1.0, seed=1)
