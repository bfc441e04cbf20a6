"""Preparing a Sixes observation for sampling (issue 12, ``determinize`` of new observations).

A new observation is replayed, analysed and sampled by fast paths: the replay goes on from the
last sampler's when the history goes on from its history, the constrained cards are placed by
inline draws, the uniform deal is worked out once as slices of a shuffle. Each is held here to
the plain definition or the readable path it stands for (the samples of the code of before
issue 12 are checked in ``test_sixes_speed.py``).
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import attrs
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from cardgames.cards import Card
from cardgames.errors import InvalidStateError
from cardgames.game import PlayerId
from cardgames.sixes import (
    PASS,
    Play,
    Sixes,
    SixesConfig,
    SixesObservation,
    SixesState,
    sampling,
)
from cardgames.sixes.action import PLAYS, TURNS, SixesTurn
from cardgames.sixes.deck import (
    FULL_MASK,
    SHUFFLE_STEPS,
    cards_of_mask,
    columns_of,
    indices_of_mask,
    mask_of_cards,
    mask_of_columns,
    shuffle,
)
from cardgames.sixes.observation import deal_facts, deal_unseen
from cardgames.sixes.sampling import (
    Replay,
    Sampler,
    _Constrained,
    _deal_constrained,
    _deal_readably,
    _deal_uniform,
    _plan,
    _replay_after,
    _shuffler,
    _uniform,
    prepare,
    replay,
)
from playout_reference import seeded_states


class _OwnRandom(random.Random):
    """A generator of another class: the sampler takes its readable path with it."""


def _states(game: Sixes, seed: int, limit: int = 120) -> list[SixesState]:
    """The states of a seeded random game (at most ``limit``), the final one left out."""
    return seeded_states(game, seed, limit)


def _outcome(action: Any) -> object:
    """What ``action()`` returns, or the type and message of the error it raises."""
    try:
        return action()
    except (InvalidStateError, ValueError) as error:
        return type(error), str(error)


# --- the replay that goes on from the last sampler's ---

_ODD_TURNS = st.sampled_from(
    [
        SixesTurn(PlayerId(9), PASS),  # not a seat
        SixesTurn(PlayerId(0), Play(Card.parse("8s"))),  # not a Sixes card
        SixesTurn(PlayerId(1), PLAYS[0]),  # an ace: never playable early
        SixesTurn(PlayerId(1), PASS),
        SixesTurn(PlayerId(2), PLAYS[14]),  # the 5♦
    ]
)


@given(
    st.sampled_from([SixesConfig(), SixesConfig(num_players=4, must_play_if_able=False)]),
    st.integers(0, 40),
    st.data(),
)
def test_a_history_that_goes_on_is_replayed_from_where_the_last_replay_left_off(
    config: SixesConfig, seed: int, data: st.DataObject
) -> None:
    """S5-S7: going on from the replay of any start of a history finds the full replay."""
    game = Sixes(config)
    state = data.draw(st.sampled_from(_states(game, seed)))
    history = list(state.history)
    for _ in range(data.draw(st.integers(0, 2))):
        history.insert(data.draw(st.integers(0, len(history))), data.draw(_ODD_TURNS))
    seen = attrs.evolve(game.observe(state, state.to_play), history=tuple(history))
    cut = data.draw(st.integers(0, len(history)))
    before = attrs.evolve(seen, history=seen.history[:cut])
    rule = config.must_play_if_able
    last = _outcome(lambda: prepare(before, must_play_if_able=rule))
    assume(isinstance(last, Sampler))
    assert isinstance(last, Sampler)
    assert _outcome(lambda: _replay_after(seen, last, must_play_if_able=rule)) == _outcome(
        lambda: replay(seen, must_play_if_able=rule)
    )


def _replayed_lengths(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of turns each replay walks from now on."""
    lengths: list[int] = []
    walk = sampling._replay

    def counted(turns: Any, *args: Any, **kwargs: Any) -> Replay:
        lengths.append(len(turns))
        return walk(turns, *args, **kwargs)

    monkeypatch.setattr(sampling, "_replay", counted)
    return lengths


def _views(game: Sixes, count: int = 2) -> list[SixesObservation]:
    """The views of ``count`` successive turns of one round, each history longer."""
    states = [s for s in _states(game, seed=4) if len(s.history) > 5][:count]
    for earlier, later in itertools.pairwise(states):
        assert later.history[: len(earlier.history)] == earlier.history
    return [game.observe(state, state.to_play) for state in states]


def _two_views(game: Sixes) -> tuple[SixesObservation, SixesObservation]:
    """The views of two successive turns of one round, the second with a longer history."""
    first, second = _views(game)
    return first, second


def test_only_the_turns_after_the_last_samplers_history_are_replayed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """S7: a view a turn or two on replays only those turns (a play by itself, without the
    walk); the game's determinize goes on the same way."""
    game = Sixes()
    views = _views(game, count=8)
    lengths = _replayed_lengths(monkeypatch)
    last = prepare(views[0], must_play_if_able=True)
    assert lengths == [len(views[0].history)]
    for view in views[1:]:
        lengths.clear()
        going_on = prepare(view, must_play_if_able=True, last=last)
        step = view.history[len(last.observation.history) :]
        played = len(step) == 1 and isinstance(step[0].action, Play)
        assert lengths == ([] if played else [len(step)])
        assert going_on.replayed == replay(view, must_play_if_able=True)
        last = going_on
    two_on = prepare(
        views[2], must_play_if_able=True, last=prepare(views[0], must_play_if_able=True)
    )
    assert two_on.replayed == replay(views[2], must_play_if_able=True)
    expected = [Sixes().determinize(view, random.Random(3)) for view in views]
    lengths.clear()
    fresh = Sixes()
    assert [fresh.determinize(view, random.Random(3)) for view in views] == expected
    assert lengths[0] == len(views[0].history)
    assert sum(lengths[1:]) < len(views[-1].history) - len(views[0].history)


def test_no_replay_goes_on_from_another_history_rule_or_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """S5-S7: an unsound history, another rule, another table size or copies start afresh."""
    game = Sixes()
    first, second = _two_views(game)
    lengths = _replayed_lengths(monkeypatch)
    odd = attrs.evolve(first, history=(*first.history, SixesTurn(PlayerId(9), PASS)))
    copies = attrs.evolve(first, history=tuple(attrs.evolve(t) for t in first.history))
    lasts = [
        prepare(odd, must_play_if_able=True),  # its replay is unsound
        prepare(first, must_play_if_able=False),  # under the other rule
        prepare(copies, must_play_if_able=True),  # equal turns, not the very same
        prepare(second, must_play_if_able=True),  # a longer history than the view's
    ]
    four = Sixes(SixesConfig(num_players=4))
    view = four.observe(_states(four, seed=4)[3], _states(four, seed=4)[3].to_play)
    for last in lasts:
        lengths.clear()
        assert prepare(first, must_play_if_able=True, last=last).replayed == replay(
            first, must_play_if_able=True
        )
        assert lengths[-1] == len(first.history)
    lengths.clear()
    other_table = prepare(view, must_play_if_able=True)
    prepare(first, must_play_if_able=True, last=other_table)
    assert lengths[-1] == len(first.history)


# --- the constrained deal against the readable placement ---


_Case = tuple[SixesObservation, _Constrained, tuple[int, ...], int]


@st.composite
def _plans(draw: st.DrawFn) -> _Case:
    """A view with passes that rule cards out, its plan, each seat's excluded cards, the unseen.

    The hand sizes may leave the ruled-out cards too little room: then the greedy tries dead
    end and the exact matching places them, or finds that nothing can (S7).
    """
    seats = draw(st.sampled_from([4, 5, 8]))
    me = draw(st.integers(0, seats - 1))
    unseen = draw(st.integers(0, FULL_MASK))
    count = unseen.bit_count()
    assume(count >= seats - 1)
    own = draw(st.integers(0, FULL_MASK)) & ~unseen
    cuts = sorted(draw(st.lists(st.integers(0, count), min_size=seats - 2, max_size=seats - 2)))
    parts = [b - a for a, b in zip([0, *cuts], [*cuts, count], strict=True)]
    sizes = [*parts[:me], own.bit_count(), *parts[me:]]
    excluded = tuple(
        draw(st.integers(0, FULL_MASK))
        & draw(st.integers(0, FULL_MASK))
        & ~(own if seat == me else 0)
        for seat in range(seats)
    )
    view = SixesObservation(
        player=PlayerId(me),
        hand=frozenset(cards_of_mask(own)),
        columns=columns_of(0),
        hand_sizes=tuple(sizes),
        stacks=(10,) * seats,
        pot=0,
        settled_stacks=(10,) * seats,
        dealer=PlayerId(0),
        to_play=PlayerId(me),
        round_number=1,
        history=(),
        stack_emptied=False,
    )
    plan = _plan(view, own, FULL_MASK & ~unseen, excluded)
    assume(plan is not None)
    assert plan is not None
    return view, plan, excluded, unseen


def _sampler_of(view: SixesObservation, plan: _Constrained) -> Sampler:
    """A sampler that deals ``plan`` (the other fields are those of an empty table)."""
    own = plan.hands[view.player] if view.player is not None else 0
    return Sampler(view, own, 0, 1, None, plan, Replay((), 0, 1), True)  # noqa: FBT003


@given(_plans(), st.integers(0, 2**32))
def test_the_constrained_deal_draws_what_the_readable_placement_draws(
    case: _Case, seed: int
) -> None:
    """S7: the inline greedy tries, the exact matching and the free cards' deal are the
    readable ones, draw for draw, and every card goes to a seat that may hold it."""
    view, plan, excluded, _ = case
    fast, readable = random.Random(seed), _OwnRandom(seed)
    expected = _outcome(lambda: _deal_readably(_sampler_of(view, plan), readable))
    if not isinstance(expected, tuple) or expected[0] is InvalidStateError:
        assert expected == (
            InvalidStateError,
            "no deal of the unseen cards agrees with the passes (S7)",
        )
        with pytest.raises(InvalidStateError, match=r"agrees with the passes \(S7\)"):
            _deal_constrained(plan, fast)
        assert fast.getstate() == readable.getstate()
        return
    hands = tuple(_deal_constrained(plan, fast))
    assert hands == expected
    assert fast.getstate() == readable.getstate()
    assert [mask.bit_count() for mask in hands] == list(view.hand_sizes)
    for seat, mask in enumerate(hands):
        if seat != view.player:
            assert not mask & excluded[seat]


@given(_plans())
def test_a_plan_gives_each_constrained_card_the_seats_that_may_hold_it(case: _Case) -> None:
    """S7: the plan's cards, seats, running room and free cards are the plain definitions."""
    view, plan, excluded, unseen = case
    others = [seat for seat in range(len(view.hand_sizes)) if seat != view.player]
    blocked = 0
    for seat in others:
        blocked |= excluded[seat] & unseen
    assert list(plan.cards) == [1 << card for card in indices_of_mask(blocked)]
    assert list(plan.free) == [1 << card for card in indices_of_mask(unseen & ~blocked)]
    assert plan.room == tuple(
        0 if seat == view.player else size for seat, size in enumerate(view.hand_sizes)
    )
    allowed = [tuple(seat for seat in others if not excluded[seat] & bit) for bit in plan.cards]
    if plan.seats is not None:
        assert set(allowed) == {plan.seats}
        assert plan.total == sum(view.hand_sizes[seat] for seat in plan.seats)
    else:
        assert [seats for _, _, seats in plan.items] == allowed
        assert [count for _, count, _ in plan.items] == [len(seats) for seats in allowed]
        assert len(set(allowed)) > 1


def _chain() -> _Constrained:
    """Five cards on a ring of five seats with room for one each: card ``i`` may go to seat
    ``i`` or ``i + 1``. A placement exists, but the greedy tries often dead end (S7)."""
    items = tuple((1 << card, 2, (card, (card + 1) % 5)) for card in range(5))
    return _Constrained(
        (0,) * 6,
        (1, 1, 1, 1, 1, 0),
        (0, 1, 2, 3, 4),
        tuple(bit for bit, _, _ in items),
        None,
        0,
        items,
        (),
        _shuffler(5),
        _shuffler(0),
    )


def test_after_the_greedy_dead_ends_the_exact_matching_places_the_cards_alike(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """S7: where every greedy try dead ends, both paths place the cards by the same matching."""
    plan = _chain()
    view = attrs.evolve(_plans_view(), hand_sizes=(1, 1, 1, 1, 1, 0), player=PlayerId(5))
    calls: list[int] = []
    exact = sampling._place_exactly

    def counted(*args: Any) -> dict[int, int] | None:
        calls.append(1)
        return exact(*args)

    monkeypatch.setattr(sampling, "_place_exactly", counted)
    exact_seeds = 0
    for seed in range(300):
        calls.clear()
        fast, readable = random.Random(seed), _OwnRandom(seed)
        hands = tuple(_deal_constrained(plan, fast))
        used = bool(calls)
        assert hands == _deal_readably(_sampler_of(view, plan), readable)
        assert fast.getstate() == readable.getstate()
        assert sorted(hands[:5]) == [1 << card for card in range(5)]
        exact_seeds += used
    assert exact_seeds


def _plans_view() -> SixesObservation:
    """A view of six seats with nothing played (for plans built by hand)."""
    return SixesObservation(
        player=PlayerId(5),
        hand=frozenset(),
        columns=columns_of(0),
        hand_sizes=(0,) * 6,
        stacks=(10,) * 6,
        pot=0,
        settled_stacks=(10,) * 6,
        dealer=PlayerId(0),
        to_play=PlayerId(5),
        round_number=1,
        history=(),
        stack_emptied=False,
    )


# --- the uniform deal and the unrolled shuffles ---


@given(st.integers(0, 2**32), st.data())
def test_the_uniform_plan_deals_what_deal_unseen_deals(seed: int, data: st.DataObject) -> None:
    """S4, S5: the worked-out slices of the shuffle give deal_unseen's hands and draws."""
    game = Sixes(data.draw(st.sampled_from([SixesConfig(), SixesConfig(num_players=8)])))
    state = data.draw(st.sampled_from(_states(game, data.draw(st.integers(0, 30)), limit=30)))
    # Any seat's view: before the opening, the others' views know who holds the 6♦ (S5).
    seen = game.observe(state, PlayerId(data.draw(st.integers(0, game.num_players - 1))))
    own = mask_of_cards(seen.hand)
    visible = own | mask_of_columns(seen.columns)
    facts = _outcome(lambda: deal_facts(seen, own, visible))
    assume(isinstance(facts, tuple) and len(facts) == 3 and facts[2] is None)
    assert isinstance(facts, tuple)
    deal = _uniform(seen, own, visible, facts)
    fast, plain = random.Random(seed), random.Random(seed)
    assert tuple(_deal_uniform(deal, fast.getrandbits)) == deal_unseen(seen, plain, own, facts)
    assert fast.getstate() == plain.getstate()


@given(st.integers(0, len(SHUFFLE_STEPS) - 1), st.integers(0, 2**32))
def test_an_unrolled_shuffle_is_the_shuffle(size: int, seed: int) -> None:
    """S4: the shuffle generated for each size moves and draws as the shuffle does."""
    theirs, ours = random.Random(seed), random.Random(seed)
    expected, items = list(range(size)), list(range(size))
    shuffle(theirs, expected)
    _shuffler(size)(ours.getrandbits, items)
    assert items == expected
    assert ours.getstate() == theirs.getstate()


# --- what prepare checks, and in which order ---


def test_an_observer_who_is_no_seat_is_refused() -> None:
    """S1: a view whose player has no seat at its table has no deal."""
    game = Sixes()
    state = _states(game, seed=2)[6]
    seen = game.observe(state, state.to_play)
    for player in (PlayerId(5), PlayerId(-1)):
        with pytest.raises(InvalidStateError, match="is not a seat"):
            game.determinize(attrs.evolve(seen, player=player), random.Random(1))


def test_columns_the_engine_did_not_make_give_the_same_samples() -> None:
    """S6: columns copied card by card, or given as lists, make the same table."""
    game = Sixes()
    for index, state in enumerate(_states(game, seed=6, limit=40)):
        seen = game.observe(state, state.to_play)
        expected = Sixes().determinize(seen, random.Random(index))
        copies: tuple[Any, ...] = (
            tuple(tuple(Card.parse(str(card)) for card in column) for column in seen.columns),
            [list(column) for column in seen.columns],
        )
        for columns in copies:
            other = attrs.evolve(seen, columns=columns)
            assert Sixes().determinize(other, random.Random(index)) == expected


def test_the_columns_are_read_before_the_history_is_judged() -> None:
    """S6, S7: a view with a card of no Sixes column and a play after a pass on it fails on
    the column first, as it always did."""
    game = Sixes(SixesConfig(num_players=4))
    state = _states(game, seed=3)[4]
    seen = game.observe(state, state.to_play)
    passer = PlayerId((seen.history[0].player + 1) % 4)
    late = (seen.history[0], SixesTurn(passer, PASS), TURNS[passer][14])
    odd_column = (*seen.columns[:3], (Card.parse("8s"),))
    with pytest.raises(ValueError, match="after passing"):
        game.determinize(attrs.evolve(seen, history=late), random.Random(0))
    with pytest.raises(KeyError):
        game.determinize(attrs.evolve(seen, history=late, columns=odd_column), random.Random(0))
