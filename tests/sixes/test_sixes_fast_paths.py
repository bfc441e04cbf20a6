"""The hot paths of Sixes (issue 12) agree with the plain, checked ways of computing the same."""

from __future__ import annotations

import random

import attrs
from hypothesis import given
from hypothesis import strategies as st

from cardgames.cards import Card
from cardgames.sixes import Play, Sixes, SixesConfig
from cardgames.sixes.deck import (
    SIXES_DECK,
    mask_of_cards,
    mask_of_distinct,
    mask_of_indices,
    shuffle,
)
from cardgames.sixes.state import SixesState


class _OwnRandom(random.Random):
    """A generator of another class: the fast paths must defer to its own ``shuffle``."""


@given(st.integers(0, 2**32), st.integers(0, 45))
def test_shuffle_draws_as_random_shuffle(seed: int, size: int) -> None:
    """The inline shuffle gives the order and generator state of ``random.shuffle`` (S4)."""
    expected, mine = list(range(size)), list(range(size))
    theirs, ours = random.Random(seed), random.Random(seed)
    theirs.shuffle(expected)
    shuffle(ours, mine)
    assert mine == expected
    assert ours.getstate() == theirs.getstate()


def test_shuffle_defers_to_another_generator_class() -> None:
    """A generator of another class shuffles with its own method, as before (S4)."""
    expected, mine = list(range(40)), list(range(40))
    random.Random(3).shuffle(expected)
    shuffle(_OwnRandom(3), mine)
    assert mine == expected


def test_deal_from_another_generator_class_matches_the_plain_one() -> None:
    """The one-pass deal and the shuffle-then-deal agree for every generator (S4, S11)."""
    for config in (SixesConfig(), SixesConfig(num_players=4, direction="anticlockwise")):
        game = Sixes(config)
        for seed in range(20):
            assert game.initial_state(_OwnRandom(seed)) == game.initial_state(random.Random(seed))


def test_mask_of_cards_finds_equal_cards_made_elsewhere() -> None:
    """Cards equal to the deck's but made apart have the same mask (S2)."""
    copies = [Card.parse(str(card)) for card in SIXES_DECK[::3]]
    assert all(a is not b for a, b in zip(copies, SIXES_DECK[::3], strict=True))
    assert mask_of_cards(copies) == mask_of_cards(SIXES_DECK[::3])


def test_apply_takes_a_play_made_apart_as_the_shared_one() -> None:
    """A Play built by the caller moves the game exactly as the one legal_actions returned (S6)."""
    game = Sixes()
    rng = random.Random(0)
    state = game.initial_state(1)
    while not game.is_terminal(state):
        action = rng.choice(game.legal_actions(state))
        if isinstance(action, Play):
            made = Play(Card.parse(str(action.card)))
            assert made is not action
            assert game.apply(state, made) == game.apply(state, action)
        state = game.apply(state, action)


def test_repeated_samples_of_an_observation_pass_the_state_check() -> None:
    """Every sample of one observation, not only the first, is a state the checks accept (S2-S8)."""
    for config in (SixesConfig(), SixesConfig(num_players=2, must_play_if_able=False)):
        game = Sixes(config)
        rng = random.Random(5)
        state = game.initial_state(2)
        while not game.is_terminal(state):
            player = game.current_player(state)
            assert player is not None
            seen = game.observe(state, player)
            for _ in range(4):
                sample = game.determinize(seen, rng)
                assert isinstance(sample, SixesState)
                assert attrs.evolve(sample) == sample  # the validating constructor accepts it
                assert game.observe(sample, player) == seen
            state = game.apply(state, rng.choice(game.legal_actions(state)))


@given(st.sets(st.integers(0, 39)))
def test_mask_of_distinct_is_mask_of_indices(indices: set[int]) -> None:
    """The one-pass mask of different card indices is the plain one (S2)."""
    assert mask_of_distinct(sorted(indices)) == mask_of_indices(indices)
