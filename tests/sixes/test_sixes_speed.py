"""The second round of Sixes speed-ups (issue 12) against readable references of the same work.

Each fast path here replaced plainer code; the plainer code is kept below (or, for
``determinize``, in ``benchmarks/sixes_determinize_reference.py``) and compared with it.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames._slots import slot_builder
from cardgames.cards import Card, standard_deck
from cardgames.errors import InvalidStateError
from cardgames.game import PlayerId
from cardgames.sixes import PASS, Play, Sixes, SixesConfig, SixesObservation, SixesState
from cardgames.sixes import deck as sixes_deck
from cardgames.sixes import game as sixes_game
from cardgames.sixes.action import PLAYS, TURNS, Pass, SixesTurn
from cardgames.sixes.deck import (
    CARD_INDEX,
    FULL_MASK,
    GROWTH,
    INDEX_BY_CARD_INDEX,
    SIX_OF_DIAMONDS_BIT,
    cards_of_mask,
    columns_of,
    indices_of_mask,
    mask_of_cards,
    mask_of_columns,
    playable_mask,
    seeded_random,
    shuffle,
    shuffle_draws,
)
from cardgames.sixes.observation import deal_facts, deal_unseen, observe
from cardgames.sixes.sampling import _constraints, _place_greedily, replay
from cardgames.sixes.state import check_state
from playout_reference import seeded_states

BENCHMARKS = Path(__file__).parent.parent.parent / "benchmarks"
CONFIGS = (
    SixesConfig(),
    SixesConfig(num_players=2),
    SixesConfig(num_players=4, must_play_if_able=False),
    SixesConfig(num_players=8, starting_chips=3),
)


class _OwnRandom(random.Random):
    """A generator of another class: the fast paths defer to its own methods."""


@cache
def _reference_module() -> Any:
    """benchmarks/sixes_determinize_reference.py, the code of before issue 12."""
    path = BENCHMARKS / "sixes_determinize_reference.py"
    spec = importlib.util.spec_from_file_location("sixes_determinize_reference", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("sixes_determinize_reference", module)
    spec.loader.exec_module(module)
    return module


def _reference() -> Callable[[Sixes, SixesObservation, random.Random], SixesState]:
    """``reference_determinize``: the old determinize."""
    reference: Callable[[Sixes, SixesObservation, random.Random], SixesState]
    reference = _reference_module().reference_determinize
    return reference


def _states(game: Sixes, seed: int, limit: int = 400) -> list[SixesState]:
    """The states of a seeded random game (at most ``limit``), the final one left out."""
    return seeded_states(game, seed, limit)


# --- determinize: the same samples as the code of before issue 12 ---


@pytest.mark.parametrize("config", CONFIGS)
def test_determinize_draws_what_the_code_of_before_drew(config: SixesConfig) -> None:
    """S5, S7: every sample equals the old determinize's for the same generator state."""
    game = Sixes(config)
    for index, state in enumerate(_states(game, seed=3)):
        player = state.to_play
        assert player is not None
        seen = game.observe(state, player)
        expected = _reference()(game, seen, random.Random(index))
        assert game.determinize(seen, random.Random(index)) == expected
        assert game.determinize(seen, _OwnRandom(index)) == expected  # the plain draws too


def test_determinize_takes_a_hand_made_apart_like_the_one_observe_made() -> None:
    """S7: an observation whose hand is an equal set made elsewhere gives the same sample."""
    game = Sixes(SixesConfig(num_players=4))
    for index, state in enumerate(_states(game, seed=5, limit=60)):
        player = state.to_play
        assert player is not None
        seen = game.observe(state, player)
        apart = attrs.evolve(seen, hand=frozenset(Card.parse(str(c)) for c in seen.hand))
        assert apart.hand is not seen.hand
        expected = game.determinize(seen, random.Random(index))
        assert Sixes(game.config).determinize(apart, random.Random(index)) == expected
        assert game.determinize(apart, random.Random(index)) == expected
        # A hand that is not even a set is read card by card.
        listed = attrs.evolve(seen, hand=tuple(seen.hand))  # type: ignore[arg-type]
        assert game.determinize(listed, random.Random(index)) == expected


# --- observe: one shared frozenset per hand ---


def test_observations_of_one_hand_share_a_frozenset_built_from_its_cards() -> None:
    """S6: two views of one hand share its frozenset, which iterates as one built anew."""
    game = Sixes()
    state = game.initial_state(seed=9)
    for seat in range(game.num_players):
        first = game.observe(state, PlayerId(seat))
        again = game.observe(attrs.evolve(state), PlayerId(seat))
        assert again.hand is first.hand
        plain = frozenset(cards_of_mask(state.hand_masks[seat]))
        assert list(first.hand) == list(plain)
        assert repr(first) == repr(attrs.evolve(first, hand=plain))


def test_the_module_observe_is_the_game_observe_with_its_own_check() -> None:
    """S6: the module-level observe gives the game's view, and refuses a seat not at the table."""
    game = Sixes(SixesConfig(num_players=4))
    state = game.initial_state(seed=4)
    for seat in (*range(4), None):
        player = None if seat is None else PlayerId(seat)
        assert observe(state, player) == game.observe(state, player)
    with pytest.raises(ValueError, match="not a seat"):
        observe(state, PlayerId(4))


def test_the_hand_cache_starts_afresh_at_its_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game keeps a bounded number of hands; beyond it the views are still right (S6)."""
    monkeypatch.setattr(sixes_game, "_HAND_SET_LIMIT", 3)
    game = Sixes()
    for state in _states(game, seed=2, limit=40):
        player = state.to_play
        assert player is not None
        seen = game.observe(state, player)
        assert seen.hand == frozenset(cards_of_mask(state.hand_masks[player]))
        assert len(game._hand_sets) <= 3
        assert len(game._hand_masks) <= 3
        assert game.determinize(seen, random.Random(1)) == Sixes().determinize(
            seen, random.Random(1)
        )


# --- the replay of the history against the plain walk and the full state check ---


def _plain_exclusions(observation: SixesObservation) -> tuple[tuple[int, ...], bool]:
    """Each seat's excluded cards, and whether a seat plays a card it had to pass on (S7).

    Recomputed with the plainest code: the table rebuilt from every play, the playable cards
    recomputed at each pass.
    """
    seats = range(len(observation.hand_sizes))
    excluded = [0] * len(seats)
    table = 0
    contradiction = False
    for turn in observation.history:
        if isinstance(turn.action, Pass):
            if turn.player in seats:
                excluded[turn.player] |= playable_mask(table)
        elif isinstance(turn.action, Play):
            card: object = turn.action.card
            index = CARD_INDEX.get(turn.action.card) if type(card) is Card else None
            if index is not None:
                if turn.player in seats and excluded[turn.player] >> index & 1:
                    contradiction = True
                table |= 1 << index
    return tuple(excluded), contradiction


def _plain_replayed_table(observation: SixesObservation) -> int | None:
    """The replayed table when the history is a legal sequence by seats, else None (S5, S6)."""
    seats = range(len(observation.hand_sizes))
    table = 0
    for turn in observation.history:
        if turn.player not in seats or turn.action.__class__ not in {Play, Pass}:
            return None
        if turn.action.__class__ is Play:
            card = turn.action.card
            index = CARD_INDEX.get(card) if card.__class__ is Card else None
            if index is None or not playable_mask(table) >> index & 1:
                return None
            table |= 1 << index
    return table


_ODD_TURNS = st.sampled_from(
    [
        SixesTurn(PlayerId(9), PASS),  # not a seat
        SixesTurn(PlayerId(-1), PLAYS[15]),  # not a seat either
        SixesTurn(PlayerId(0), Play(Card.parse("8s"))),  # not a Sixes card
        SixesTurn(PlayerId(1), "pass"),  # type: ignore[arg-type]  # not an action
        SixesTurn(PlayerId(0), PLAYS[0]),  # an ace: never playable early
    ]
)


@st.composite
def _histories(draw: st.DrawFn) -> tuple[Sixes, SixesState, tuple[SixesTurn, ...]]:
    """A state of a random game and a history for it: its own, or one with odd turns in."""
    config = draw(st.sampled_from(CONFIGS[:2]))
    game = Sixes(config)
    states = _states(game, seed=draw(st.integers(0, 50)), limit=80)
    state = draw(st.sampled_from(states))
    history = list(state.history)
    for _ in range(draw(st.integers(0, 3))):
        turn = draw(
            _ODD_TURNS | st.sampled_from(TURNS[0][:41]) | st.sampled_from(history or [TURNS[0][15]])
        )
        history.insert(draw(st.integers(0, len(history))), turn)
    drop = draw(st.booleans())
    if history and drop:
        del history[draw(st.integers(0, len(history) - 1))]
    return game, state, tuple(history)


def _verdict(check: Callable[[], object]) -> str:
    try:
        check()
    except InvalidStateError as error:
        return str(error)
    return "ok"


@given(_histories())
def test_the_replay_agrees_with_the_plain_walk_and_the_state_check(
    case: tuple[Sixes, SixesState, tuple[SixesTurn, ...]],
) -> None:
    """S5-S7: one replay finds the plain exclusions, and the check trusts it only when due."""
    game, state, history = case
    player = state.to_play
    assert player is not None
    seen = attrs.evolve(game.observe(state, player), history=history)
    plain, contradiction = _plain_exclusions(seen)
    message = _verdict(lambda: replay(seen, must_play_if_able=True))
    assert (message != "ok") == contradiction
    if contradiction:
        assert message.endswith("after passing while it was playable (S7)")
        return
    found = replay(seen, must_play_if_able=True)
    assert found.excluded == _reference_module()._pass_exclusions(seen)  # the old walk
    if found.table is not None:  # a legal history: the plain recomputation agrees too
        assert found.excluded == plain
    assert found.table == _plain_replayed_table(seen)
    if found.table is not None:
        assert found.playable == playable_mask(found.table)
    assert replay(seen, must_play_if_able=False).excluded == (0,) * len(plain)
    forged = _unchecked_copy(state, history)
    assert _verdict(lambda: check_state(forged, replayed_table=found.table)) == _verdict(
        lambda: check_state(forged)
    )


_BUILD: Callable[..., SixesState] = slot_builder(SixesState)


def _unchecked_copy(state: SixesState, history: tuple[SixesTurn, ...]) -> SixesState:
    """``state`` with another history, built without the check (it may be invalid)."""
    fields = {field.name: getattr(state, field.name) for field in attrs.fields(SixesState)}
    return _BUILD(**{**fields, "history": history})


def test_the_replay_of_odd_turns_is_unsound_but_keeps_the_exclusions() -> None:
    """S1, S6, S7: turns by no seat, a card of no Sixes action or an illegal play make the
    history unsound; a pass by no seat excludes nothing."""
    game = Sixes(SixesConfig(num_players=4))
    state = game.initial_state(seed=3)
    opened = game.apply(state, game.legal_actions(state)[0])
    seen = game.observe(opened, opened.to_play)
    sound = replay(seen, must_play_if_able=True)
    assert sound.table == opened.table_mask
    for odd in (
        SixesTurn(PlayerId(9), PASS),
        SixesTurn(PlayerId(-1), PLAYS[14]),  # the 5♦, legal after the 6♦, by no seat
        SixesTurn(PlayerId(1), "pass"),  # type: ignore[arg-type]
        SixesTurn(PlayerId(1), PLAYS[0]),
    ):
        found = replay(attrs.evolve(seen, history=(*seen.history, odd)), must_play_if_able=True)
        assert found.table is None
        assert found.excluded == sound.excluded


@pytest.mark.parametrize("make", [random.Random, _OwnRandom])
def test_a_greedy_placement_stops_at_a_dead_end(make: Callable[[int], random.Random]) -> None:
    """S7: two cards only seat 0 may hold, and room for one there: no greedy placement."""
    allowed = {0: (0,), 1: (0,)}
    assert _place_greedily(make(1), (0, 1), allowed, (1, 1), {0: 1, 1: 1}) is None


# --- the constrained cards' classes against the plain per-card tuples ---


@given(
    st.integers(0, FULL_MASK),
    st.lists(st.integers(0, FULL_MASK), min_size=2, max_size=8),
    st.data(),
)
def test_the_constrained_cards_each_get_the_seats_that_do_not_rule_them_out(
    unseen: int, excluded: list[int], data: st.DataObject
) -> None:
    """S7: each constrained card may go to exactly the seats whose passes do not rule it out."""
    me = data.draw(st.integers(0, len(excluded) - 1))
    others = tuple(seat for seat in range(len(excluded)) if seat != me)
    masks = [(seat, excluded[seat] & unseen) for seat in others]
    passers = [(seat, mask) for seat, mask in masks if mask]
    if not passers:
        return
    items, blocked, one_class = _constraints(others, passers)
    expected = 0
    for _, mask in masks:
        expected |= mask
    assert blocked == expected
    assert [bit.bit_length() - 1 for bit, _, _ in items] == list(indices_of_mask(expected))
    for bit, count, seats in items:
        card = bit.bit_length() - 1
        assert bit == 1 << card
        assert seats == tuple(seat for seat, mask in masks if not mask >> card & 1)
        assert count == len(seats)
    assert one_class == (len({seats for _, _, seats in items}) == 1)


# --- the table's columns, recognized whole or read card by card ---


@given(st.integers(0, FULL_MASK))
def test_columns_give_the_same_mask_whole_or_card_by_card(mask: int) -> None:
    """S6: the columns of any table, the engine's own tuples or copies, give its mask."""
    columns = columns_of(mask)
    assert mask_of_columns(columns) == mask
    copies = tuple(tuple(Card.parse(str(card)) for card in column) for column in columns)
    assert mask_of_columns(copies) == mask
    assert mask_of_columns(list(columns)) == mask
    assert mask_of_columns(tuple(list(column) for column in columns)) == mask
    swapped = (columns[1], columns[0], columns[3], columns[2])
    assert mask_of_columns(swapped) == sum(mask_of_cards(column) for column in swapped)


# --- one seat receiving every unseen card: the draws without the moves ---


@given(st.integers(0, 2**32), st.integers(0, 45))
def test_shuffle_draws_leave_the_generator_where_a_shuffle_does(seed: int, size: int) -> None:
    """S4: drawing for a shuffle without moving anything ends in the shuffle's generator state."""
    for make in (random.Random, _OwnRandom):
        theirs, ours = make(seed), make(seed)
        shuffle(theirs, list(range(size)))
        shuffle_draws(ours, size)
        assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("config", CONFIGS)
def test_a_single_receiver_gets_what_the_shuffled_deal_gives(config: SixesConfig) -> None:
    """S5: when one seat takes every unseen card, the deal and the generator are as shuffled."""
    game = Sixes(config)
    singles = 0
    for index, state in enumerate(_states(game, seed=11)):
        player = state.to_play
        assert player is not None
        seen = game.observe(state, player)
        own = mask_of_cards(seen.hand)
        facts = deal_facts(seen, own, own | mask_of_columns(seen.columns))
        fast, plain = random.Random(index), random.Random(index)
        hands = deal_unseen(seen, fast, own, facts)
        assert hands == deal_unseen(seen, plain, own, (facts[0], facts[1], None))
        assert fast.getstate() == plain.getstate()
        singles += facts[2] is not None
    assert singles or config.num_players > 2


# --- the deal's generator and the card table ---


@given(st.integers(0, 2**128))
def test_a_deal_generator_is_random_random_of_its_seed(seed: int) -> None:
    """S4, S9: the round's generator is ``random.Random(seed)``, state for state."""
    assert seeded_random(seed).getstate() == random.Random(seed).getstate()


def test_without_the_c_seed_a_deal_generator_is_made_plainly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """S9: where the check at import fails, ``random.Random(seed)`` itself is used."""
    monkeypatch.setattr(sixes_deck, "_SEEDS_ONCE", False)
    rng = seeded_random(7)
    assert type(rng) is random.Random
    assert rng.getstate() == random.Random(7).getstate()


def test_the_c_seed_check_refuses_a_changed_random(monkeypatch: pytest.MonkeyPatch) -> None:
    """S9: a ``random.Random`` whose ``__init__`` is not the stdlib's is not bypassed."""

    def init(self: random.Random, x: Any = None) -> None:
        random.Random.seed(self, x)

    init.__module__ = "elsewhere"
    monkeypatch.setattr(random.Random, "__init__", init)
    assert not sixes_deck._seeds_once_alike()
    monkeypatch.undo()
    assert sixes_deck._seeds_once_alike()
    monkeypatch.setattr(sixes_deck, "_SEED", None)
    assert not sixes_deck._seeds_once_alike()


def test_the_card_index_table_agrees_with_the_deck() -> None:
    """S2: a card's 52-card index leads to its Sixes index; the 8s, 9s and 10s to none."""
    for card in standard_deck():
        assert INDEX_BY_CARD_INDEX[card.index] == CARD_INDEX.get(card)


def test_growth_and_the_opening_bit_are_what_playable_mask_says() -> None:
    """S5, S6: the incremental table update used by the replay equals the full recomputation."""
    table = SIX_OF_DIAMONDS_BIT
    playable = playable_mask(0)
    index = SIX_OF_DIAMONDS_BIT.bit_length() - 1
    assert (playable ^ SIX_OF_DIAMONDS_BIT) | GROWTH[index] == playable_mask(table)
