"""The fast Paiute hand evaluator against a brute-force reference (P11, P15-P17).

The reference is written to be obviously right, not fast: it replaces every wild card by every
one of the 52 cards (a wild may stand for any rank and suit, even a card already in the hand,
P16), values each resulting hand of natural cards straight from the definitions of P15, and
keeps the best. Hands are drawn by Hypothesis from a few neighbouring ranks and suits, so that
wilds, straight flushes and near-combinations come up often.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.cards import Card, Rank, Suit, standard_deck
from cardgames.paiute.hands import (
    Category,
    HandValue,
    Tiebreak,
    _evaluate_readable,
    best_call,
    call_options,
    call_options_indices,
    evaluate,
    evaluate_indices,
)

Key = tuple[int, ...]

# --- the brute-force reference -----------------------------------------------------------------


def natural_key(cards: Sequence[Card], *, ace_low_straight: bool) -> Key | None:
    """The value key of cards taken at face value (no wilds), from the definitions in P15/P17."""
    if len(cards) == 5:
        return natural_five_key(cards, ace_low_straight=ace_low_straight)
    return natural_six_key(cards)


def natural_five_key(cards: Sequence[Card], *, ace_low_straight: bool) -> Key | None:
    """Five of a kind, royal flush, straight flush (P15.1-3)."""
    ranks = sorted((card.rank for card in cards), reverse=True)
    if len(set(ranks)) == 1:
        return (Category.FIVE_OF_A_KIND, ranks[0])
    if len({card.suit for card in cards}) > 1 or len(set(ranks)) < 5:
        return None
    if ranks == [Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN]:
        return (Category.ROYAL_FLUSH,)
    if ranks[0] - ranks[4] == 4:
        return (Category.STRAIGHT_FLUSH, ranks[0])
    if ace_low_straight and ranks == [Rank.ACE, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO]:
        return (Category.STRAIGHT_FLUSH, Rank.FIVE)
    return None


def natural_six_key(cards: Sequence[Card]) -> Key | None:
    """Four/Two, Three/Three, Two/Two/Two (P15.4-6): the shape of the rank counts."""
    counts = Counter(card.rank for card in cards)
    shape = sorted(counts.values(), reverse=True)
    by_size = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    categories = {
        (4, 2): Category.FOUR_TWO,
        (3, 3): Category.THREE_THREE,
        (2, 2, 2): Category.TWO_TWO_TWO,
    }
    category = categories.get(tuple(shape))
    return None if category is None else (category, *by_size)


def brute_force_key(
    cards: Sequence[Card],
    wild_rank: Rank,
    *,
    ace_low_straight: bool = True,
    stand_ins: Sequence[Card] = standard_deck(),
) -> Key | None:
    """The best natural value over every replacement of each wild by any of ``stand_ins``.

    By default the stand-ins are all 52 cards: a wild can be any card (P16).
    """
    naturals = [card for card in cards if card.rank != wild_rank]
    wilds = len(cards) - len(naturals)
    best: Key | None = None
    for replacement in combinations_with_replacement(stand_ins, wilds):
        key = natural_key(naturals + list(replacement), ace_low_straight=ace_low_straight)
        if key is not None and (best is None or key > best):
            best = key
    return best


def brute_force_call_options(
    cards: Sequence[Card],
    wild_rank: Rank,
    *,
    ace_low_straight: bool,
    forbidden_discard: Card | None,
) -> list[tuple[Card | None, HandValue]]:
    """P11 spelled out: try every allowed discard, then showing all six."""
    options: list[tuple[Card | None, HandValue]] = []
    for discard in sorted(cards):
        if discard != forbidden_discard:
            rest = [card for card in cards if card != discard]
            value = evaluate(rest, wild_rank, ace_low_straight=ace_low_straight)
            if value is not None:
                options.append((discard, value))
    value = evaluate(cards, wild_rank, ace_low_straight=ace_low_straight)
    if value is not None:
        options.append((None, value))
    return options


# --- hands biased towards wilds and near-combinations ------------------------------------------

_RANK_LINE = (Rank.ACE, *Rank)  # A 2 3 ... K A: a window may hold the ace at either end


@st.composite
def paiute_hands(
    draw: st.DrawFn, *, size: int, max_wilds: int = 3, min_wilds: int = 0
) -> tuple[tuple[Card, ...], Rank]:
    """A hand of ``size`` different cards and a wild rank.

    The wild cards (``min_wilds`` to ``max_wilds`` of them) come from the wild rank; the
    natural cards mostly from a few neighbouring ranks in a few suits.
    """
    wild_rank = draw(st.sampled_from(Rank))
    wilds = draw(st.integers(min_wilds, max_wilds))
    wild_cards = draw(st.permutations([Card(wild_rank, suit) for suit in Suit]))[:wilds]
    start = draw(st.integers(0, len(_RANK_LINE) - 1))
    span = draw(st.integers(1, 7))
    suits = draw(st.permutations(list(Suit)))[: draw(st.integers(1, 4))]
    pool = sorted(
        {Card(rank, suit) for rank in _RANK_LINE[start : start + span] for suit in suits}
        - {Card(wild_rank, suit) for suit in Suit}
    )
    if draw(st.booleans()) or len(pool) < size - wilds:
        pool = [card for card in standard_deck() if card.rank != wild_rank]
    naturals = draw(st.permutations(pool))[: size - wilds]
    hand = draw(st.permutations(wild_cards + naturals))
    return tuple(hand), wild_rank


def key_of(value: HandValue | None) -> Key | None:
    return None if value is None else value.key()


# --- the properties -----------------------------------------------------------------------------


@given(paiute_hands(size=5), st.booleans())
def test_five_cards_match_brute_force(drawn: tuple[tuple[Card, ...], Rank], ace_low: bool) -> None:
    """P15/P16/P17: five cards with 0-3 wilds are worth what the brute force finds."""
    hand, wild_rank = drawn
    expected = brute_force_key(hand, wild_rank, ace_low_straight=ace_low)
    assert key_of(evaluate(hand, wild_rank, ace_low_straight=ace_low)) == expected


@given(paiute_hands(size=6), st.booleans())
def test_six_cards_match_brute_force(drawn: tuple[tuple[Card, ...], Rank], ace_low: bool) -> None:
    """P15/P16/P17: six cards with 0-3 wilds are worth what the brute force finds."""
    hand, wild_rank = drawn
    expected = brute_force_key(hand, wild_rank, ace_low_straight=ace_low)
    assert key_of(evaluate(hand, wild_rank, ace_low_straight=ace_low)) == expected


@settings(max_examples=20)
@given(paiute_hands(size=6, min_wilds=4, max_wilds=4))
def test_six_cards_with_four_wilds_match_brute_force(
    drawn: tuple[tuple[Card, ...], Rank],
) -> None:
    """P16: six cards holding all four wilds (wild indicator in play) agree with brute force."""
    # Six-card combinations count ranks only (P15.4-6), so one stand-in per rank covers every
    # replacement; the full 52-card search would take about a second per hand.
    hand, wild_rank = drawn
    spades = [card for card in standard_deck() if card.suit is Suit.SPADES]
    expected = brute_force_key(hand, wild_rank, stand_ins=spades)
    assert key_of(evaluate(hand, wild_rank)) == expected


def test_five_cards_with_four_wilds_are_five_of_a_kind() -> None:
    """P16/P15.1: four wilds and any natural card make five of the natural's rank (all hands)."""
    for wild_rank in Rank:
        wilds = [Card(wild_rank, suit) for suit in Suit]
        for natural in standard_deck():
            if natural.rank != wild_rank:
                for ace_low in (False, True):
                    value = evaluate([*wilds, natural], wild_rank, ace_low_straight=ace_low)
                    assert value == HandValue(Category.FIVE_OF_A_KIND, (natural.rank,))


@given(st.one_of(paiute_hands(size=5, max_wilds=4), paiute_hands(size=6, max_wilds=4)))
def test_tables_match_readable_evaluator(drawn: tuple[tuple[Card, ...], Rank]) -> None:
    """P15-P17: the table-driven evaluator agrees with the readable one, both ace options."""
    hand, wild_rank = drawn
    indices = tuple(card.index for card in hand)
    for ace_low in (False, True):
        expected = _evaluate_readable(hand, wild_rank, ace_low_straight=ace_low)
        assert evaluate_indices(indices, wild_rank, ace_low) == expected
        assert evaluate(hand, wild_rank, ace_low_straight=ace_low) == expected


@given(paiute_hands(size=6, max_wilds=4), st.booleans(), st.data())
def test_call_options_match_brute_force(
    drawn: tuple[tuple[Card, ...], Rank], ace_low: bool, data: st.DataObject
) -> None:
    """P11/P9: call_options lists exactly the allowed discards that leave a combination."""
    hand, wild_rank = drawn
    forbidden = data.draw(st.none() | st.sampled_from(hand))
    expected = brute_force_call_options(
        hand, wild_rank, ace_low_straight=ace_low, forbidden_discard=forbidden
    )
    options = call_options(hand, wild_rank, ace_low_straight=ace_low, forbidden_discard=forbidden)
    assert [(option.discard, option.value) for option in options] == expected
    fast = call_options_indices(
        tuple(card.index for card in hand),
        wild_rank,
        ace_low,
        None if forbidden is None else forbidden.index,
    )
    assert [(None if i is None else Card.from_index(i), v) for i, v in fast] == expected


@given(
    paiute_hands(size=6, max_wilds=4),
    st.booleans(),
    st.sampled_from(["by_rank", "category_only"]),
)
def test_best_call_is_the_highest_option(
    drawn: tuple[tuple[Card, ...], Rank], ace_low: bool, tiebreak: Tiebreak
) -> None:
    """P11/P17: best_call is an option of the highest value under the tiebreak, or None."""
    hand, wild_rank = drawn
    options = call_options(hand, wild_rank, ace_low_straight=ace_low)
    best = best_call(hand, wild_rank, ace_low_straight=ace_low, tiebreak=tiebreak)
    if not options:
        assert best is None
        return
    assert best in options
    assert best.value.key(tiebreak) == max(option.value.key(tiebreak) for option in options)
    assert best.value == max(
        option.value for option in options if option.value.key(tiebreak) == best.value.key(tiebreak)
    )


@given(st.one_of(paiute_hands(size=5), paiute_hands(size=6)), st.randoms())
def test_value_ignores_card_order(drawn: tuple[tuple[Card, ...], Rank], rng: random.Random) -> None:
    """P16: a hand's value does not depend on the order of its cards."""
    hand, wild_rank = drawn
    shuffled = list(hand)
    rng.shuffle(shuffled)
    assert evaluate(shuffled, wild_rank) == evaluate(hand, wild_rank)


@given(
    st.one_of(paiute_hands(size=5), paiute_hands(size=6)),
    st.lists(st.booleans(), min_size=6, max_size=6),
    st.booleans(),
)
def test_public_evaluate_agrees_with_the_index_path_for_any_card_objects(
    drawn: tuple[tuple[Card, ...], Rank], rebuilt: list[bool], ace_low: bool
) -> None:
    """P16: equal cards are valued alike, whether interned or built with Card(rank, suit)."""
    hand, wild_rank = drawn
    copies = tuple(
        Card(card.rank, card.suit) if fresh else card
        for card, fresh in zip(hand, rebuilt, strict=False)
    )
    expected = evaluate_indices(tuple(card.index for card in hand), wild_rank, ace_low)
    assert evaluate(hand, wild_rank, ace_low_straight=ace_low) == expected
    assert evaluate(copies, wild_rank, ace_low_straight=ace_low) == expected
    assert evaluate(copies, int(wild_rank), ace_low_straight=ace_low) == expected  # type: ignore[arg-type]


@given(paiute_hands(size=5), st.integers(0, 3), st.integers(1, 4), st.booleans())
def test_public_evaluate_rejects_repeated_and_extra_cards(
    drawn: tuple[tuple[Card, ...], Rank], position: int, extra: int, rebuilt: bool
) -> None:
    """P16: a repeated card, or a hand of more than six cards, raises ValueError."""
    hand, wild_rank = drawn
    card = hand[position]
    twin = Card(card.rank, card.suit) if rebuilt else card
    with pytest.raises(ValueError, match="more than once"):
        evaluate((*hand, twin), wild_rank)
    with pytest.raises(ValueError, match="more than once"):
        evaluate((*hand[:4], twin), wild_rank)
    too_many = (*hand, *(twin,) * (extra + 1))
    with pytest.raises(ValueError, match="valued as 5 or 6 cards"):
        evaluate(too_many, wild_rank)
    with pytest.raises(TypeError, match="Card values"):
        evaluate((*too_many, "Ah"), wild_rank)  # type: ignore[arg-type]
