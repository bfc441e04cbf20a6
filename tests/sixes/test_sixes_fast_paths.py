"""The hot paths of Sixes (issue 12) agree with the plain, checked ways of computing the same."""

from __future__ import annotations

import concurrent.futures
import copy
import importlib
import pickle
import pkgutil
import random
import types

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardgames.paiute
import cardgames.sixes
from cardgames.cards import Card, Rank, Suit, standard_deck
from cardgames.errors import IllegalActionError, InvalidStateError
from cardgames.game import PlayerId
from cardgames.sixes import PASS, Play, Sixes, SixesConfig, SixesTurn
from cardgames.sixes.deck import (
    CARD_INDEX,
    FULL_MASK,
    INDEX_BY_SUIT_RANK,
    SIXES_DECK,
    indices_of_mask,
    mask_of_cards,
    mask_of_distinct,
    mask_of_indices,
    shuffle,
)
from cardgames.sixes.observation import determinize as plain_determinize
from cardgames.sixes.sampling import determinize, pass_exclusions
from cardgames.sixes.state import SixesState

_RULES_MODULES = sorted(
    f"{package.__name__}.{info.name}"
    for package in (cardgames.sixes, cardgames.paiute)
    for info in pkgutil.iter_modules(package.__path__)
)


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


@given(st.integers(0, FULL_MASK))
def test_indices_of_mask_lists_the_set_bits(mask: int) -> None:
    """The per-suit index tables give every card of a mask, lowest first (S2)."""
    assert indices_of_mask(mask) == tuple(i for i in range(40) if mask >> i & 1)


def test_the_suit_and_rank_table_agrees_with_card_index() -> None:
    """Finding a card by suit and rank gives its dense index; the 8s, 9s and 10s have none (S2)."""
    for card in standard_deck():
        expected = CARD_INDEX.get(card)
        assert INDEX_BY_SUIT_RANK[card.suit][card.rank] == expected
    assert mask_of_cards(SIXES_DECK) == FULL_MASK
    with pytest.raises(KeyError):
        mask_of_cards([Card.parse("8h")])


@attrs.frozen(order=True, repr=False, cache_hash=True)
class _OddCard(Card):
    """A card of another class: never one of the Sixes deck's, whatever its rank and suit."""


def test_a_card_of_another_class_is_not_a_sixes_card() -> None:
    """S2: a Play of a Card subclass is illegal, and a history holding one is rejected."""
    game = Sixes(SixesConfig(num_players=4))
    state = game.initial_state(seed=3)
    odd = Play(_OddCard(Rank.SIX, Suit.DIAMONDS))
    with pytest.raises(IllegalActionError, match=r"\(S2\)"):
        game.apply(state, odd)
    opened = game.apply(state, game.legal_actions(state)[0])
    with pytest.raises(InvalidStateError, match=r"\(S5\)"):
        attrs.evolve(opened, history=(SixesTurn(PlayerId(0), odd),))
    seen = game.observe(opened, opened.to_play)
    forged = attrs.evolve(seen, history=(*seen.history, SixesTurn(PlayerId(1), odd)))
    assert pass_exclusions(forged, must_play_if_able=True) == (0, 0, 0, 0)


def test_the_caches_belong_to_each_game() -> None:
    """Two games share no legal-action, mask or sampling cache (issue 11: no global caches)."""
    first, second = Sixes(SixesConfig(num_players=4)), Sixes(SixesConfig(num_players=4))
    state = first.initial_state(seed=5)
    first.legal_actions(state)
    first.legal_action_mask(state)
    first.determinize(first.observe(state, state.to_play), random.Random(1))
    assert first._actions
    assert first._masks
    assert first._sampler
    assert not second._actions
    assert not second._masks
    assert not second._sampler


@pytest.mark.parametrize("name", _RULES_MODULES)
def test_no_module_keeps_a_mutable_cache_or_an_identity_table(name: str) -> None:
    """Issue 11: both games' modules hold no mutable lists and no tables keyed by ``id()``."""
    module: types.ModuleType = importlib.import_module(name)
    for global_name, value in vars(module).items():
        assert global_name == "__all__" or not isinstance(value, list), global_name
        if isinstance(value, dict) and value:
            # id() is an object's address: 16-byte aligned and far above 2**44 on 64-bit
            # Linux, while the tables' own int keys (indices, packed rank counts) stay below.
            addresses = [k for k in value if isinstance(k, int) and k >= 2**44 and not k % 16]
            assert not addresses, global_name


def test_a_game_pickles_as_its_config() -> None:
    """A game (with its tables and caches) pickles and copies as its config."""
    game = Sixes(SixesConfig(num_players=5))
    state = game.initial_state(seed=2)
    game.legal_actions(state)
    for other in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):  # noqa: S301 - our own bytes
        assert other == game
        assert other.legal_actions(state) == game.legal_actions(state)
        assert not other._sampler


def _playout_digest(game: Sixes, seed: int) -> list[object]:
    """Actions, masks and samples of one seeded random game through ``game``."""
    rng, sampler = random.Random(seed), random.Random(seed + 1)
    state = game.initial_state(seed)
    out: list[object] = []
    while (player := game.current_player(state)) is not None:
        seen = game.observe(state, player)
        out.append(game.determinize(seen, sampler))
        out.append(game.determinize(seen, sampler))
        out.append(game.legal_action_mask(state))
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    return out


def test_two_threads_using_one_game_do_not_interfere() -> None:
    """Issue 11: threads sharing one game get exactly what each gets alone (S4-S10)."""
    game = Sixes(SixesConfig(num_players=4, max_rounds=2))
    seeds = range(8)
    alone = [_playout_digest(Sixes(game.config), seed) for seed in seeds]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as threads:
        shared = list(threads.map(lambda seed: _playout_digest(game, seed), seeds))
    assert shared == alone


def test_the_module_samplers_agree_with_the_game() -> None:
    """The checked module-level samplers draw what ``Sixes.determinize`` draws (S5, S7)."""
    for must_play in (True, False):
        game = Sixes(SixesConfig(num_players=4, must_play_if_able=must_play))
        rng = random.Random(8)
        state = game.initial_state(8)
        while not game.is_terminal(state):
            player = game.current_player(state)
            assert player is not None
            seen = game.observe(state, player)
            expected = game.determinize(seen, random.Random(len(seen.history)))
            assert (
                determinize(seen, random.Random(len(seen.history)), must_play_if_able=must_play)
                == expected
            )
            if not must_play:
                assert plain_determinize(seen, random.Random(len(seen.history))) == expected
            state = game.apply(state, rng.choice(game.legal_actions(state)))


def test_without_must_play_no_card_is_excluded() -> None:
    """S7: when passing is voluntary a pass rules out no card, whatever was playable."""
    game = Sixes(SixesConfig(num_players=4, must_play_if_able=False))
    state = game.initial_state(seed=4)
    state = game.apply(state, game.legal_actions(state)[0])
    state = game.apply(state, PASS)
    seen = game.observe(state, PlayerId(0))
    assert pass_exclusions(seen, must_play_if_able=False) == (0, 0, 0, 0)
    assert any(pass_exclusions(seen, must_play_if_able=True))


def test_a_history_entry_of_a_card_of_another_class_is_not_counted() -> None:
    """S6: the state check counts only the deck's own cards among the history's plays."""
    game = Sixes(SixesConfig(num_players=4))
    state = game.initial_state(seed=3)
    opened = game.apply(state, game.legal_actions(state)[0])
    odd = SixesTurn(PlayerId(1), Play(_OddCard(Rank.SEVEN, Suit.DIAMONDS)))
    assert attrs.evolve(opened, history=(*opened.history, odd)).history[-1] == odd
