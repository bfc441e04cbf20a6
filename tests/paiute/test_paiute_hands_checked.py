"""The checked hand evaluator: validation plus the index tables (P15-P17), and nothing else.

``evaluate`` on cards checks its input and then values the hand with the same table lookups as
``evaluate_indices``; the tables are keyed by card index, by rank and suit, or by value, never
by object identity. These tests pin its results to those of the evaluator before the tables
moved (an exhaustive golden over every class of hand), and pin its checks to the same typed
errors whichever path a hand takes.
"""

from __future__ import annotations

import ast
import hashlib
import inspect
from collections.abc import Iterator
from itertools import combinations_with_replacement
from types import SimpleNamespace
from unittest.mock import Mock

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.cards import Card, Rank, Suit, parse_cards, standard_deck
from cardgames.paiute import _hand_tables, hands
from cardgames.paiute.hands import (
    Category,
    HandValue,
    _evaluate_readable,
    call_options,
    evaluate,
    evaluate_indices,
)

# --- the golden: every class of hand, valued as before ------------------------------------------


def hand_classes() -> Iterator[tuple[tuple[Card, ...], Rank]]:
    """One hand for every way a hand can be valued differently (P15, P16).

    A hand's value depends only on the wild rank, the multiset of its ranks and, when its
    natural cards have different ranks, whether they share a suit. So: for every wild rank and
    every multiset of 5 or 6 ranks (at most 4 of a rank), the hand whose n-th card of a rank has
    the n-th suit (its natural cards of different ranks are all clubs), and, when that hand has
    two or more natural cards of different ranks, the same hand with its last natural card
    turned to a diamond.
    """
    deck = standard_deck()  # the card of rank r and suit s is deck[(r - 2) * 4 + s]
    for wild in Rank:
        for size in (5, 6):
            for ranks in combinations_with_replacement(range(2, 15), size):
                suits = [ranks[:i].count(rank) for i, rank in enumerate(ranks)]
                if max(suits) > 3:
                    continue
                cards = [
                    deck[(rank - 2) * 4 + suit] for rank, suit in zip(ranks, suits, strict=True)
                ]
                yield tuple(cards), wild
                naturals = [i for i, rank in enumerate(ranks) if rank != wild]
                if len(naturals) >= 2 and len({ranks[i] for i in naturals}) == len(naturals):
                    last = naturals[-1]
                    cards[last] = deck[(ranks[last] - 2) * 4 + Suit.DIAMONDS]
                    yield tuple(cards), wild


GOLDEN_DIGEST = "c91f72ebf2d5d6001e7001b82071cc6b8324c96cbdcdd23fad378af61f3539eb"
"""SHA-256 of the value keys of :func:`hand_classes` (ace-low straights on, then off), recorded
with the evaluator before its tables moved to ``_hand_tables``; the readable evaluator
(``_evaluate_readable``, the rules as written) gave the very same 744,640 values."""


def test_every_class_of_hand_is_valued_as_before() -> None:
    """P15-P17: all 744,640 classes of hands keep their values; a sample follows the rules text.

    Every 499th class is also valued by the readable evaluator (the rules as written).
    """
    digest = hashlib.sha256()
    count = 0
    for number, (cards, wild) in enumerate(hand_classes()):
        for ace_low in (True, False):
            value = evaluate(cards, wild, ace_low_straight=ace_low)
            digest.update(repr(None if value is None else value.key()).encode())
            count += 1
            if number % 499 == 0:
                assert value == _evaluate_readable(cards, wild, ace_low_straight=ace_low), cards
    assert count == 744_640
    assert digest.hexdigest() == GOLDEN_DIGEST


# --- one evaluator: validation, then the index tables -------------------------------------------


card_lists = st.lists(st.sampled_from(standard_deck()), min_size=5, max_size=6, unique=True).map(
    tuple
)


@given(cards=card_lists, wild=st.sampled_from(list(Rank)), ace_low=st.booleans())
def test_checked_evaluate_is_the_index_evaluator(
    cards: tuple[Card, ...], wild: Rank, ace_low: bool
) -> None:
    """P15-P17: evaluate on cards gives evaluate_indices on their indices, whatever the form."""
    expected = evaluate_indices(tuple(card.index for card in cards), int(wild), ace_low)
    rebuilt = [Card(card.rank, card.suit) for card in cards]
    assert evaluate(cards, wild, ace_low_straight=ace_low) == expected
    assert evaluate(rebuilt, wild, ace_low_straight=ace_low) == expected
    assert evaluate(iter(cards), int(wild), ace_low_straight=ace_low) == expected  # type: ignore[arg-type]


class MarkedCard(Card):
    """A subclass of Card: still a card."""


def test_card_subclasses_are_cards() -> None:
    """P16: an instance of a Card subclass is valued as the card it is, and repeats are caught."""
    kings = [MarkedCard(Rank.KING, suit) for suit in Suit]
    assert evaluate([*kings, Card.parse("7h")], Rank.SEVEN) == HandValue(
        Category.FIVE_OF_A_KIND, (Rank.KING,)
    )
    with pytest.raises(ValueError, match="holds Kh more than once"):
        evaluate([*kings[:3], MarkedCard(Rank.KING, Suit.HEARTS), Card.parse("7h")], Rank.SEVEN)


@pytest.mark.parametrize(
    "impostor",
    [
        SimpleNamespace(rank=Rank.KING, suit=Suit.HEARTS),
        SimpleNamespace(rank=13, suit=2),
        (Rank.KING, Suit.HEARTS),
        None,
        "Kh",
    ],
)
@pytest.mark.parametrize("size", [5, 6])
def test_anything_but_a_card_is_refused(impostor: object, size: int) -> None:
    """P16: objects that merely look like cards are refused with a TypeError, in any place."""
    others = parse_cards("2c 3c 4c 5c 6c")[: size - 1]
    for place in range(size):
        cards = [*others[:place], impostor, *others[place:]]
        with pytest.raises(TypeError, match="a hand holds Card values, not"):
            evaluate(cards, Rank.SEVEN)  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [5, 6])
def test_objects_that_claim_the_card_class_are_refused(size: int) -> None:
    """P16: a mock that claims the Card (or Rank) class but holds no rank is still refused."""
    others = parse_cards("2c 3c 4c 5c 6c")[: size - 1]
    with pytest.raises(TypeError, match="a hand holds Card values, not <Mock"):
        evaluate([*others, Mock(spec=Card)], Rank.SEVEN)
    with pytest.raises(ValueError, match="is not a valid Rank"):
        evaluate([*others, Card.parse("Ah")], Mock(spec=Rank))


@pytest.mark.parametrize("copies", [2, 3, 4, 5, 6])
def test_a_card_repeated_any_number_of_times_is_refused(copies: int) -> None:
    """P16: a hand holds different cards, even when a repeat would carry into another card."""
    size = max(5, copies)
    others = list(parse_cards("Kh 2d 9s"))[: size - copies]
    same = [Card.parse("Ah")] * copies
    equal = [Card(Rank.ACE, Suit.HEARTS) for _ in range(copies)]
    for cards in (same + others, others + equal):
        with pytest.raises(ValueError, match="holds Ah more than once"):
            evaluate(cards, Rank.SEVEN)


@pytest.mark.parametrize(
    ("wild", "error", "message"),
    [
        (True, TypeError, "the wild rank is a Rank"),
        (9.0, TypeError, "the wild rank is a Rank"),
        (15, ValueError, "15 is not a valid Rank"),
        (-1, ValueError, "-1 is not a valid Rank"),
    ],
)
@pytest.mark.parametrize("text", ["Kh Kd Kc Ks 7h", "Kh Kd Kc Ks 7h 7d"])
def test_the_wild_rank_is_checked_on_every_path(
    wild: object, error: type[Exception], message: str, text: str
) -> None:
    """P6: the wild rank is a Rank or a rank's int value, for five and six cards alike."""
    with pytest.raises(error, match=message):
        evaluate(parse_cards(text), wild)  # type: ignore[arg-type]


def test_int_wild_ranks_and_truthy_options_are_accepted() -> None:
    """P6, P15: an int wild rank works as its Rank; ace_low_straight is read as a truth value."""
    wheel = parse_cards("As 2s 3s 4s 5s")
    assert evaluate(wheel, 9) == evaluate(wheel, Rank.NINE) is not None  # type: ignore[arg-type]
    assert evaluate(wheel, Rank.NINE, ace_low_straight=1) is not None  # type: ignore[arg-type]
    assert evaluate(wheel, Rank.NINE, ace_low_straight="") is None  # type: ignore[arg-type]
    six = parse_cards("Kh Kd Kc 4s 4h 7d")
    assert evaluate(six, 7) == evaluate(six, Rank.SEVEN) is not None  # type: ignore[arg-type]


def test_straight_flush_needs_natural_cards_of_one_suit() -> None:
    """P15.3, P16: the wilds may be of any suit, the natural cards of a straight flush may not."""
    assert evaluate(parse_cards("9h Th Jh 7c 7d"), Rank.SEVEN) == HandValue(
        Category.STRAIGHT_FLUSH, (Rank.KING,)
    )
    assert evaluate(parse_cards("9h Th Js 7c 7d"), Rank.SEVEN) is None


# --- the tables: keyed by index or value, built once --------------------------------------------


def test_cards_index_the_tables_by_rank_and_suit() -> None:
    """A card's stored index is its rank-and-suit entry; it packs one card unit and rank unit."""
    for card in standard_deck():
        assert _hand_tables.INDEX_BY_RANK[card.rank][card.suit] == card.index
        packed = _hand_tables.PACKED[card.index]
        assert packed >> _hand_tables.CARD_SHIFT == 1 << (_hand_tables.CARD_FIELD * card.index)
        assert packed & ((1 << _hand_tables.CARD_SHIFT) - 1) == _hand_tables.RANK_WEIGHT[card.index]
        for other in standard_deck():
            pair = _hand_tables.PAIRS[card.index][other.index]
            assert pair == packed + _hand_tables.PACKED[other.index]
            assert bool(pair & _hand_tables.REPEATS) is (other == card)


@given(
    cards=st.lists(st.sampled_from(standard_deck()), min_size=5, max_size=6).filter(
        lambda cards: len(set(cards)) < len(cards)
    ),
    wild=st.sampled_from(list(Rank)),
)
def test_a_repeat_in_any_places_is_refused(cards: list[Card], wild: Rank) -> None:
    """P16: five or six cards with any card repeated, in any places, are refused."""
    with pytest.raises(ValueError, match="more than once"):
        evaluate(tuple(cards), wild)
    with pytest.raises(ValueError, match="more than once"):
        evaluate(iter(cards), wild)


def test_categories_take_their_numbers_from_the_tables() -> None:
    """P15: the category order of the tables is the public Category order."""
    assert [(c.name, c.value) for c in Category] == [
        (name, getattr(_hand_tables, name)) for name in Category.__members__
    ]


def test_no_table_is_keyed_by_object_identity() -> None:
    """Issue 11: the evaluator's modules never call id(), so no table hangs on identity."""
    for module in (hands, _hand_tables):
        tree = ast.parse(inspect.getsource(module))
        called = [
            node.func.id
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        ]
        assert "tuple" in called  # the walk does see the calls
        assert "id" not in called, module.__name__


def test_evaluating_leaves_the_tables_as_built() -> None:
    """No cache grows: the tables hold the same entries after thousands of evaluations."""
    tables = (hands._SIX_CARD_TABLE, *hands._FIVE_CARD_TABLES, *hands._CALL_TABLES)
    sizes = [len(table) for table in tables]
    deck = standard_deck()
    for start in range(2000):
        cards = tuple(deck[(start * 7 + k * 11) % 52] for k in range(5 + start % 2))
        evaluate(cards, Rank(2 + start % 13))
        if len(cards) == 6:
            call_options(cards, Rank(2 + start % 13))
    assert [len(table) for table in tables] == sizes
