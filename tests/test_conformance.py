"""Properties every game must satisfy, run over every entry of the game registry.

The same suite runs for the toy game in tests/, Paiute, Sixes and any game added later
(compare OpenSpiel's ``random_sim_test``).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.errors import IllegalActionError
from cardgames.game import Game, legal_action_mask, playout, seats
from registry import MAX_ACTIONS, AnyGame, over_games, random_walk
from strategies import seeds, slow_settings

pytestmark = over_games()


def test_game_satisfies_the_protocol(game: AnyGame) -> None:
    """Every registered game is a runtime instance of the Game protocol."""
    assert isinstance(game, Game)
    assert game.name
    assert game.name == game.name.lower()
    assert game.num_players >= 1
    assert game.num_distinct_actions >= 1


@slow_settings()
@given(seed=seeds(), rng=st.randoms(use_true_random=False))
def test_legal_actions_exist_exactly_while_the_game_runs(
    game: AnyGame, seed: int, rng: random.Random
) -> None:
    """Legal actions are non-empty and a player is to act exactly while not terminal."""
    for state, _ in random_walk(game, seed, rng):
        terminal = game.is_terminal(state)
        assert bool(game.legal_actions(state)) != terminal
        assert (game.current_player(state) is None) == terminal
        player = game.current_player(state)
        assert player is None or 0 <= player < game.num_players


@slow_settings()
@given(seed=seeds(), rng=st.randoms(use_true_random=False))
def test_every_legal_action_applies_and_never_mutates(
    game: AnyGame, seed: int, rng: random.Random
) -> None:
    """Every listed action applies; the parent state is unchanged afterwards."""
    for state, _ in random_walk(game, seed, rng)[::7]:
        before = hash(state), repr(state)
        for action in game.legal_actions(state):
            child = game.apply(state, action)
            assert child != state or game.is_terminal(child)
        assert (hash(state), repr(state)) == before


@slow_settings()
@given(seed=seeds(), rng=st.randoms(use_true_random=False))
def test_same_seed_and_actions_give_equal_states(
    game: AnyGame, seed: int, rng: random.Random
) -> None:
    """Determinism: replaying the same seed and actions reproduces every state."""
    steps = random_walk(game, seed, rng)
    state = game.initial_state(seed)
    assert state == steps[0][0]
    assert hash(state) == hash(steps[0][0])
    for expected, action in steps:
        assert state == expected
        if action is not None:
            state = game.apply(state, action)


@slow_settings()
@given(seed=seeds(), rng=st.randoms(use_true_random=False))
def test_illegal_actions_raise_and_change_nothing(
    game: AnyGame, seed: int, rng: random.Random
) -> None:
    """Every action id that is not legal raises IllegalActionError; the state stays equal."""
    legal_everywhere = True
    for state, _ in random_walk(game, seed, rng)[::5]:
        before = repr(state)
        legal = {game.action_id(a) for a in game.legal_actions(state)}
        for action_id in range(game.num_distinct_actions):
            if action_id in legal:
                continue
            legal_everywhere = False
            with pytest.raises(IllegalActionError):
                game.apply(state, game.action_from_id(action_id))
        for junk in (None, "pass", 3):
            with pytest.raises(IllegalActionError):
                game.apply(state, junk)
        assert repr(state) == before
    assert not legal_everywhere or game.num_distinct_actions == 1


@slow_settings()
@given(seed=seeds(), rng=st.randoms(use_true_random=False))
def test_action_ids_and_masks_agree(game: AnyGame, seed: int, rng: random.Random) -> None:
    """Action ids round-trip, are in range, and the mask marks exactly the legal ids."""
    for state, _ in random_walk(game, seed, rng)[::3]:
        actions = game.legal_actions(state)
        ids = [game.action_id(a) for a in actions]
        assert len(set(ids)) == len(ids)
        assert all(0 <= i < game.num_distinct_actions for i in ids)
        assert [game.action_from_id(i) for i in ids] == list(actions)
        mask = game.legal_action_mask(state)
        assert mask == legal_action_mask(game, state)
        assert len(mask) == game.num_distinct_actions


def test_out_of_range_action_ids_raise(game: AnyGame) -> None:
    """action_from_id rejects ids outside range(num_distinct_actions), naming the id."""
    for bad_id in (-1, game.num_distinct_actions, 10**9):
        with pytest.raises(ValueError, match=str(bad_id)):
            game.action_from_id(bad_id)


@slow_settings()
@given(seed=seeds(), rng=st.randoms(use_true_random=False))
def test_returns_are_zero_sum(game: AnyGame, seed: int, rng: random.Random) -> None:
    """Chips are never created or lost: returns have one entry per seat and sum to zero."""
    for state, _ in random_walk(game, seed, rng)[::5]:
        returns = game.returns(state)
        assert len(returns) == game.num_players
        assert sum(returns) == 0


@slow_settings()
@given(seed=seeds(), rng=st.randoms(use_true_random=False), det_seed=seeds())
def test_determinized_states_match_the_observation(
    game: AnyGame, seed: int, rng: random.Random, det_seed: int
) -> None:
    """determinize(observe(s, p)) is observed by p exactly as s is, and plays on legally."""
    for state, _ in random_walk(game, seed, rng)[::4]:
        for player in seats(game.num_players):
            observation = game.observe(state, player)
            sample = game.determinize(observation, random.Random(det_seed))
            assert game.observe(sample, player) == observation
            assert game.current_player(sample) == game.current_player(state)
            assert game.is_terminal(sample) == game.is_terminal(state)
            if player == game.current_player(state):
                assert game.legal_actions(sample) == game.legal_actions(state)


@given(seed=seeds())
def test_playout_ends(game: AnyGame, seed: int) -> None:
    """A random playout reaches a terminal state within the limit."""
    final, actions = playout(game, random.Random(seed), seed=seed, max_actions=MAX_ACTIONS)
    assert game.is_terminal(final)
    assert 0 < len(actions) < MAX_ACTIONS


def test_unseeded_deals_differ(game: AnyGame) -> None:
    """seed=None draws from the OS: two unseeded deals are (almost surely) different."""
    states = {game.initial_state(None) for _ in range(5)}
    assert len(states) > 1
