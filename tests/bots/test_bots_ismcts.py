"""Tests of the strong ISMCTS options: rollout policy, priors, reuse, root parallelism."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

import pytest

from cardgames.bots import BotSpec, ISMCTSBot, RandomBot
from cardgames.bots.ismcts import DEFAULT_ITERATIONS, outcome_rewards, rollout_policy
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


def _sixes_position(players: int = 2) -> tuple[Sixes, Any, tuple[Any, ...]]:
    game = Sixes(SixesConfig(num_players=players, max_rounds=1))
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
    assert "reward='chips'" in text
    assert "search='tree'" in text


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


class FirstDrawPolicy:
    """A rollout policy that records the first draw of the shared generator in each rollout."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.draws: list[float] = []
        self.fresh = True

    def choose(self, observation: object, legal_actions: Sequence[Any]) -> Any:
        del observation
        if self.fresh:
            self.draws.append(self.rng.random())
            self.fresh = False
        return legal_actions[0]


class SometimesNarrower:
    """Wraps a game: every other sampled state lacks its first legal action at the root."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.narrow: list[object] = []
        self.samples = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def determinize(self, observation: Any, rng: random.Random) -> Any:
        state = self.inner.determinize(observation, rng)
        self.samples += 1
        if self.samples % 2 == 0:
            self.narrow.append(state)
        return state

    def legal_actions(self, state: Any) -> tuple[Any, ...]:
        actions = self.inner.legal_actions(state)
        if any(state is narrow for narrow in self.narrow):
            return tuple(actions[1:])
        return tuple(actions)


class RolloutEnds:
    """Wraps a game: each scoring (the end of a rollout) starts a new rollout for the policies."""

    def __init__(self, inner: Any, policies: list[FirstDrawPolicy]) -> None:
        self.inner = inner
        self.policies = policies

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def returns(self, state: Any) -> tuple[int, ...]:
        for policy in self.policies:
            policy.fresh = True
        result: tuple[int, ...] = self.inner.returns(state)
        return result


def test_outcome_rewards_split_the_win_between_the_best_seats() -> None:
    """outcome_rewards: the seats with the top chip result share 1, the others get 0."""
    assert outcome_rewards((0, 0)) == (0.5, 0.5)
    assert outcome_rewards((-3, 1, 2, 0, 0)) == (0.0, 0.0, 1.0, 0.0, 0.0)
    assert outcome_rewards(()) == ()


def test_reward_outcome_backs_up_win_shares() -> None:
    """reward="outcome" sums win shares (S8: one round, one winner), "chips" scaled chips."""
    game, observation, _ = _sixes_position(players=5)
    outcome = ISMCTSBot(game, iterations=60, reward="outcome", seed=4).root_statistics(observation)
    chips = ISMCTSBot(game, iterations=60, seed=4).root_statistics(observation)
    assert all(total.is_integer() for _, total, _ in outcome.values())
    assert not all(total.is_integer() for _, total, _ in chips.values())
    assert "reward='outcome'" in repr(BotSpec.parse("ismcts:reward=outcome").build(game, 1))


def test_paired_search_rolls_every_move_out_from_every_sample() -> None:
    """search="paired": each sample plays every legal move once, until the budget is spent."""
    game, observation, legal = _sixes_position()
    counter = DeterminizeCounter(game)
    bot = ISMCTSBot(counter, iterations=20, search="paired", seed=1)
    samples = bot.paired_rewards(observation)
    assert set(samples) == {game.action_id(action) for action in legal}
    assert {len(rewards) for rewards in samples.values()} == {counter.samples}
    assert counter.samples == -(-20 // len(legal))
    stats = bot.root_statistics(observation)
    assert {visits for visits, _, _ in stats.values()} == {-(-20 // len(legal))}
    assert bot.choose(observation, legal) in legal


def test_paired_rollouts_share_their_random_numbers() -> None:
    """The moves of one sample are rolled out from the same generator state (common numbers)."""
    game, observation, legal = _sixes_position()
    policies: list[FirstDrawPolicy] = []

    def build(_game: Any, rng: random.Random) -> FirstDrawPolicy:
        policies.append(FirstDrawPolicy(rng))
        return policies[-1]

    ends = RolloutEnds(game, policies)
    bot = ISMCTSBot(ends, iterations=3 * len(legal), search="paired", rollout=build, seed=2)
    bot.paired_rewards(observation)
    draws = policies[0].draws
    groups = [draws[i : i + len(legal)] for i in range(0, len(draws), len(legal))]
    assert len(groups) == 3
    assert all(len(group) == len(legal) and len(set(group)) == 1 for group in groups)
    assert len({group[0] for group in groups}) == 3


def test_paired_search_marks_moves_missing_from_a_sample() -> None:
    """A move not legal in some sample gets NaN there and counts only where it was played."""
    game = ToyGame()
    state = game.initial_state(2)
    observation = game.observe(state, PlayerId(0))
    wrapped = SometimesNarrower(game)
    bot = ISMCTSBot(wrapped, iterations=11, search="paired", rollout="random", seed=3)
    samples = bot.paired_rewards(observation)
    first = game.action_id(game.legal_actions(state)[0])
    # three moves from odd samples, two from even ones: 3 + 2 + 3 + 2 + 3 >= 11 rollouts
    assert [math.isnan(value) for value in samples[first]] == [False, True, False, True, False]
    again = ISMCTSBot(SometimesNarrower(game), iterations=11, search="paired", seed=3)
    assert again.root_statistics(observation)[first][0] == 3


def test_paired_confidence_keeps_the_policy_move_unless_sure() -> None:
    """A huge confidence plays the heuristic's move; 0 plays the best mean paired reward."""
    game, observation, legal = _sixes_position()
    heuristic = rollout_policy(game, random.Random(0)).choose(observation, legal)
    cautious = ISMCTSBot(game, iterations=40, search="paired", confidence=1e9, seed=2)
    assert cautious.choose(observation, legal) == heuristic
    samples = ISMCTSBot(game, iterations=40, search="paired", seed=2).paired_rewards(observation)
    means = {key: sum(values) / len(values) for key, values in samples.items()}
    bold = ISMCTSBot(game, iterations=40, search="paired", confidence=0.0, seed=2)
    played = game.action_id(bold.choose(observation, legal))
    assert means[played] == max(means.values())


def test_paired_search_with_workers_joins_the_samples() -> None:
    """workers=2 with search="paired" concatenates each process's samples, reproducibly."""
    game, observation, legal = _sixes_position()
    bot = ISMCTSBot(game, iterations=16, search="paired", workers=2, seed=1)
    samples = bot.paired_rewards(observation)
    again = ISMCTSBot(game, iterations=16, search="paired", workers=2, seed=1)
    assert again.paired_rewards(observation) == samples
    assert {len(rewards) for rewards in samples.values()} == {2 * -(-8 // len(legal))}
    assert bot.choose(observation, legal) in legal


@pytest.mark.parametrize("options", [{"reward": "money"}, {"search": "greedy"}])
def test_reward_and_search_are_validated(options: dict[str, Any]) -> None:
    """An unknown reward or search is an InvalidConfigError."""
    with pytest.raises(InvalidConfigError):
        ISMCTSBot(ToyGame(), seed=1, **options)


def test_paired_search_with_one_sample_keeps_the_policy_move() -> None:
    """One sample gives no paired standard error: the rollout policy's own move is played."""
    game, observation, legal = _sixes_position(players=5)
    first = lambda _game, _rng: CountingBot()  # noqa: E731 - a one-line policy factory
    for seed in range(4):
        bot = ISMCTSBot(
            game, iterations=1, search="paired", rollout=first, confidence=0.0, seed=seed
        )
        assert bot.choose(observation, legal) == legal[0]


def test_paired_search_stops_at_its_time_limit() -> None:
    """A tiny time_limit ends the paired search after its first sample."""
    game, observation, _ = _sixes_position()
    bot = ISMCTSBot(game, iterations=10_000, time_limit=1e-9, search="paired", seed=1)
    assert {len(rewards) for rewards in bot.paired_rewards(observation).values()} == {1}


def test_paired_search_falls_back_when_no_move_was_sampled() -> None:
    """Legal actions the samples never played give the first of them, as the tree search does."""
    game, observation, legal = _sixes_position()
    others = tuple(
        action
        for action in (game.action_from_id(key) for key in range(game.num_distinct_actions))
        if action not in legal
    )[:2]
    bot = ISMCTSBot(game, iterations=4, search="paired", seed=1)
    assert bot.choose(observation, others) == others[0]


def test_paired_confidence_overrules_a_weak_policy_only_when_sure() -> None:
    """A first-legal-action policy is overruled at confidence 0 and kept at 1e9 (S6-S8)."""
    game, observation, legal = _sixes_position(players=5)

    def first(_game: Any, _rng: random.Random) -> CountingBot:
        return CountingBot()

    options: dict[str, Any] = {"iterations": 60, "search": "paired", "rollout": first}
    samples = ISMCTSBot(game, seed=1, **options).paired_rewards(observation)
    best = max(samples, key=lambda key: sum(samples[key]))
    assert best != game.action_id(legal[0])
    bold = ISMCTSBot(game, confidence=0.0, seed=1, **options)
    assert game.action_id(bold.choose(observation, legal)) == best
    assert ISMCTSBot(game, confidence=1e9, seed=1, **options).choose(observation, legal) == legal[0]
