"""JSON round trips and replays over every registered game (issue 5)."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.errors import DecodeError, ReplayError
from cardgames.game import seats
from cardgames.serialization import (
    decode_action,
    decode_config,
    decode_game,
    decode_observation,
    decode_state,
    dumps,
    dumps_record,
    encode,
    loads_record,
    record_game,
    replay,
)
from registry import AnyGame, over_games, random_walk
from strategies import seeds, slow_settings

pytestmark = over_games()


def playout(game: AnyGame, seed: int, rng: random.Random) -> tuple[list[Any], list[Any]]:
    """States and actions of a random playout from ``seed``."""
    steps = random_walk(game, seed, rng)
    return [state for state, _ in steps], [action for _, action in steps[:-1]]


@slow_settings()
@given(seed=seeds(), rng=st.randoms(use_true_random=False))
def test_states_actions_and_observations_round_trip(
    game: AnyGame, seed: int, rng: random.Random
) -> None:
    """decode(encode(x)) == x for every reachable state, action and observation."""
    states, actions = playout(game, seed, rng)
    for state in [*states[:: max(1, len(states) // 12)], states[-1]]:
        assert decode_state(game, dumps(game, state)) == state
        for player in seats(game.num_players):
            observation = game.observe(state, player)
            assert decode_observation(game, dumps(game, observation)) == observation
    for action in set(actions):
        assert decode_action(game, dumps(game, action)) == action


def test_config_round_trips(game: AnyGame) -> None:
    """A config document decodes to an equal config and an equivalent game.

    A game without options (``config`` None, no config class) has no config document.
    """
    config = game.config
    if config is None:
        assert game.spec.config_class is None
        with pytest.raises(TypeError, match=f"is not a {game.name} config"):
            dumps(game, config)
        return
    text = dumps(game, config)
    assert decode_config(text) == config
    assert decode_game(text).config == config


@slow_settings()
@given(seed=seeds(), rng=st.randoms(use_true_random=False))
def test_records_replay_exactly(game: AnyGame, seed: int, rng: random.Random) -> None:
    """Replaying a record (after a JSON round trip) reproduces every state exactly."""
    states, actions = playout(game, seed, rng)
    names = tuple(f"p{i}" for i in range(game.num_players))
    record = record_game(game, actions, seed=seed, players=names)
    decoded = loads_record(dumps_record(record))
    assert decoded == record
    assert replay(decoded) == tuple(states)
    assert decoded.returns == tuple(game.returns(states[-1]))


def test_illegal_record_step_is_named(game: AnyGame) -> None:
    """A record whose action is illegal at its step raises ReplayError naming the step."""
    states, actions = playout(game, 3, random.Random(3))
    record = record_game(game, actions, seed=3)
    step = len(actions) // 2
    legal = {game.action_id(a) for a in game.legal_actions(states[step])}
    illegal = next(i for i in range(game.num_distinct_actions) if i not in legal)
    changed = (*actions[:step], game.action_from_id(illegal), *actions[step + 1 :])
    bad = attrs.evolve(record, actions=changed, returns=None)
    with pytest.raises(ReplayError, match=rf"actions\[{step}\]: illegal at step {step}"):
        replay(loads_record(dumps_record(bad)))


def test_wrong_recorded_result_is_caught(game: AnyGame) -> None:
    """A record whose stated result differs from its replay raises ReplayError."""
    _, actions = playout(game, 4, random.Random(4))
    record = record_game(game, actions, seed=4)
    assert record.returns is not None
    wrong = (record.returns[0] + 1, record.returns[1] - 1, *record.returns[2:])
    with pytest.raises(ReplayError, match="returns"):
        replay(attrs.evolve(record, returns=wrong))


def test_documents_carry_a_version(game: AnyGame) -> None:
    """Every document has format and version; an unknown version is a clear error."""
    state = game.initial_state(5)
    document = encode(game, state)
    assert document["format"] == "cardgames"
    assert document["version"] == 1
    document["version"] = 99
    with pytest.raises(DecodeError, match="version"):
        decode_state(game, json.dumps(document))
