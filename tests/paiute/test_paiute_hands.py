"""Scenario tests for Paiute hand values and calls (P11, P15-P17), one known hand at a time."""

from __future__ import annotations

from itertools import pairwise

import pytest

from cardgames.cards import Card, Rank, parse_cards
from cardgames.paiute.hands import (
    CallOption,
    Category,
    HandValue,
    _evaluate_readable,
    best_call,
    call_options,
    evaluate,
)

FIVE = Category.FIVE_OF_A_KIND
ROYAL = Category.ROYAL_FLUSH
STRAIGHT = Category.STRAIGHT_FLUSH
FOUR_TWO = Category.FOUR_TWO
THREE_THREE = Category.THREE_THREE
TWO_TWO_TWO = Category.TWO_TWO_TWO
A, K, Q, J, T = Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN


def value_of(text: str, wild: Rank = Rank.SEVEN, *, ace_low: bool = True) -> HandValue | None:
    """The value from evaluate, checked against the readable evaluator."""
    cards = parse_cards(text)
    value = evaluate(cards, wild, ace_low_straight=ace_low)
    assert _evaluate_readable(cards, wild, ace_low_straight=ace_low) == value
    return value


def hv(category: Category, *ranks: int) -> HandValue:
    return HandValue(category, ranks)


# --- every category, with 0 to 4 wilds (sevens are wild unless said otherwise) ------------------


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("Kh Kd Kc Ks 7h", hv(FIVE, K)),
        ("Kh Kd Kc 7h 7d", hv(FIVE, K)),
        ("Kh Kd 7h 7d 7c", hv(FIVE, K)),
        ("2h 7h 7d 7c 7s", hv(FIVE, 2)),
    ],
)
def test_five_of_a_kind_with_wilds(hand: str, expected: HandValue) -> None:
    """P15.1/P16: natural cards of one rank and 1 to 4 wilds make five of a kind."""
    assert value_of(hand) == expected


def test_five_of_a_kind_needs_a_wild() -> None:
    """P15.1: four natural kings and a fifth card are worth nothing in five cards."""
    assert value_of("Kh Kd Kc Ks Ah") is None


@pytest.mark.parametrize(
    "hand",
    ["Ah Kh Qh Jh Th", "Ah Kh Qh Jh 7c", "Ah Kh Jh 7c 7d", "Kh Th 7c 7d 7s", "Th 7h Ah 7c 7d"],
)
def test_royal_flush_with_0_to_3_wilds(hand: str) -> None:
    """P15.2/P16: A K Q J 10 of one suit, the wilds filling any gap."""
    assert value_of(hand) == hv(ROYAL)


@pytest.mark.parametrize(
    ("hand", "top"),
    [
        ("9s Ts Js Qs Ks", K),
        ("9s Ts Js Ks 7d", K),
        ("5s 6s 8s 7d 7h", Rank.NINE),
        ("2s 4s 7d 7h 7c", Rank.SIX),
        ("7h 8h 9h Th Jh", Q),
    ],
)
def test_straight_flush_with_0_to_3_wilds(hand: str, top: Rank) -> None:
    """P15.3/P16/P17: the wilds take the ranks that give the highest top card."""
    assert value_of(hand) == hv(STRAIGHT, top)


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("Kh Kd Kc Ks Ah Ad", hv(FOUR_TWO, K, A)),
        ("Kh Kd Kc Ah Ad 7s", hv(FOUR_TWO, K, A)),
        ("Kh Kd Ah Ad 7s 7c", hv(FOUR_TWO, A, K)),
        ("Kh Kd Ah 7s 7c 7d", hv(FOUR_TWO, A, K)),
        ("Qh 5d 7s 7c 7d 7h", hv(FOUR_TWO, Q, 5)),
        ("Kh Kd Kc Ks 7h 7d", hv(FOUR_TWO, K, A)),
        ("Ah Ad Ac As 7h 7d", hv(FOUR_TWO, A, K)),
    ],
)
def test_four_two_with_0_to_4_wilds(hand: str, expected: HandValue) -> None:
    """P15.4/P16: four of one rank and a pair of another; wilds pick the best ranks."""
    assert value_of(hand) == expected


def test_three_three_natural() -> None:
    """P15.5: two natural triples."""
    assert value_of("Kh Kd Kc 4s 4h 4d") == hv(THREE_THREE, K, 4)


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("Kh Kd Kc 4s 4h 7d", hv(FOUR_TWO, K, 4)),
        ("Kh Kd 4s 4h 7d 7c", hv(FOUR_TWO, K, 4)),
        ("Kh Kd Kc 7s 7h 7d", hv(FOUR_TWO, K, A)),
    ],
)
def test_three_three_with_wilds_is_beaten_by_four_two(hand: str, expected: HandValue) -> None:
    """P16: any hand a wild turns into Three/Three it can turn into the higher Four/Two."""
    assert value_of(hand) == expected


@pytest.mark.parametrize(
    "hand",
    ["Kh Kd 9s 9h 4d 4c", "Kh Kd 9s 9h 4d 7c", "Kh Kd 9s 4d 7c 7h", "Kh 9s 4d 7c 7h 7s"],
)
def test_two_two_two_with_0_to_3_wilds(hand: str) -> None:
    """P15.6/P16: three pairs of three different ranks, wilds pairing single cards."""
    assert value_of(hand) == hv(TWO_TWO_TWO, K, 9, 4)


def test_wilds_choose_free_ranks_highest_first() -> None:
    """P16: wilds not needed by the natural cards take the best ranks, even their own."""
    assert value_of("Kh Kd Kc Ks Ad Ac", Rank.KING) == hv(FOUR_TWO, A, K)
    assert value_of("Ah Kh Qh Jh Th", Rank.ACE) == hv(ROYAL)
    assert value_of("Ah Ad Kh 9s 9d 5c", Rank.ACE) == hv(TWO_TWO_TWO, K, 9, 5)
    assert value_of("Ah Ad Kh Kd 9s 5c", Rank.ACE) == hv(TWO_TWO_TWO, K, 9, 5)


def test_wild_may_duplicate_a_card_in_the_hand() -> None:
    """P16: a wild may stand for a card already held (the fifth king, a second Kh)."""
    assert value_of("Kh Kd Kc Ks 7h") == hv(FIVE, K)
    assert value_of("Kh 7h 7d 7c 7s") == hv(FIVE, K)


def test_two_natural_ranks_and_four_wilds_make_four_two() -> None:
    """P16: with all four wilds (wild indicator in play) six cards always make Four/Two."""
    assert value_of("Kh 9s 7c 7h 7s 7d") == hv(FOUR_TWO, K, 9)
    assert value_of("Kh Ks 7c 7h 7s 7d") == hv(FOUR_TWO, A, K)


# --- the ace-low straight flush option -----------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "wild"), [("As 2s 3s 4s 5s", Rank.NINE), ("As 2s 3s 9d 9c", Rank.NINE)]
)
def test_wheel_counts_only_with_ace_low_option(hand: str, wild: Rank) -> None:
    """P15.3: 5-4-3-2-A is a 5-high straight flush with ace_low_straight, nothing without."""
    assert value_of(hand, wild) == hv(STRAIGHT, 5)
    assert value_of(hand, wild, ace_low=False) is None


def test_ace_low_option_does_not_lower_other_hands() -> None:
    """P15.3: without the wheel, 2 3 4 5 and a wild still make a 6-high straight flush."""
    assert value_of("2s 3s 4s 5s 7d", ace_low=False) == hv(STRAIGHT, 6)
    assert value_of("2s 3s 4s 5s 7d", ace_low=True) == hv(STRAIGHT, 6)
    assert value_of("As 3s 7d 7c 7h", ace_low=True) == hv(STRAIGHT, 5)
    assert value_of("As 3s 7d 7c 7h", ace_low=False) is None


@pytest.mark.parametrize("ace_low", [False, True])
def test_no_wraparound_straight_flush(ace_low: bool) -> None:
    """P15.3: Q-K-A-2-3 is not a straight flush, natural or with wilds."""
    assert value_of("Qs Ks As 2s 3s", ace_low=ace_low) is None
    assert value_of("Ks As 2s 7d 7c", ace_low=ace_low) is None


# --- worthless hands ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand",
    [
        "2h 5h 8h Jh Ah",  # plain flush
        "Kh Kd Kc 4s 4h",  # full house
        "9s Th Jd Qc Kh",  # plain straight
        "9h Th Jh Qh Kh Ah",  # six-card straight flush: six cards only count as 6-card combos
        "2h 4h 6h 8h Th Qh",  # six-card flush
        "Kh Kd Kc 4s 4h 9c",  # full house and a card
        "Kh Kd Kc Ks 2h 3d",  # four of a kind and two odd cards
        "Kh Kd 9s 9h 4d 3c",  # two pairs and two odd cards
        "Kh Kd 9s 8h 7d 3c",  # one wild cannot pair two odd cards
        "2h 3d 4s 5c 6h 7h",  # a six-card straight
    ],
)
def test_worthless_hands(hand: str) -> None:
    """P15: nothing but the six combinations wins; P16: 6 cards never count as 5-card ones."""
    assert value_of(hand) is None


# --- tie-breaks -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        (hv(FIVE, A), hv(FIVE, K)),
        (hv(STRAIGHT, K), hv(STRAIGHT, Q)),
        (hv(STRAIGHT, 6), hv(STRAIGHT, 5)),
        (hv(FOUR_TWO, K, 2), hv(FOUR_TWO, Q, A)),
        (hv(FOUR_TWO, K, A), hv(FOUR_TWO, K, Q)),
        (hv(THREE_THREE, A, 2), hv(THREE_THREE, K, Q)),
        (hv(THREE_THREE, K, 5), hv(THREE_THREE, K, 4)),
        (hv(TWO_TWO_TWO, A, 3, 2), hv(TWO_TWO_TWO, K, Q, J)),
        (hv(TWO_TWO_TWO, K, Q, 3), hv(TWO_TWO_TWO, K, J, T)),
        (hv(TWO_TWO_TWO, K, Q, 4), hv(TWO_TWO_TWO, K, Q, 3)),
    ],
)
def test_tie_breaks_within_a_category(higher: HandValue, lower: HandValue) -> None:
    """P17: hands of one category compare by their ranks, most significant first."""
    assert higher > lower
    assert higher.key() > lower.key()
    assert higher.key("category_only") == lower.key("category_only")


def test_hands_compare_through_evaluate() -> None:
    """P17: the tie-break order holds for evaluated hands, with and without wilds."""
    pairs = [
        ("Ah Ad 7s 7c 7h", "Kh Kd Kc Ks 7d"),
        ("9s Ts Js 7h Ks", "8h 9h Th 7d 7c"),
        ("Kh Kd Kc 7s 2h 2d", "Qh Qd Qc Qs Ah Ad"),
        ("Kh Kd Kc 7s Ah Ad", "Kh Kd Kc Ks Qh Qd"),
        ("Ah Ad Ac 2s 2h 2d", "Kh Kd Kc Qs Qh Qd"),
        ("Ah Ad 3c 3d 2h 7s", "Kh Kd Qc Qd Jh Js"),
    ]
    for higher, lower in pairs:
        high, low = value_of(higher), value_of(lower)
        assert high is not None
        assert low is not None
        assert high > low
        assert high.category == low.category


def test_suits_and_wilds_never_break_ties() -> None:
    """P17: equal ranks tie whatever the suits, and wild-made hands equal natural ones."""
    assert value_of("Ah Kh Qh Jh Th") == value_of("As Ks Qs 7h 7d") == hv(ROYAL)
    assert value_of("9s Ts Js Qs Ks") == value_of("9h Th 7d Qh Kh") == hv(STRAIGHT, K)
    assert value_of("Kh Kd Kc Ks Ah Ad") == value_of("Kh Kd Kc 7s As Ac")
    assert value_of("Kh Kd 9s 9h 4d 4c") == value_of("Ks 7c 9d 9c 4s 4h")


def test_every_five_card_combination_beats_every_six_card_one() -> None:
    """P15: the lowest 5-card value beats the highest 6-card value."""
    lowest_five = hv(STRAIGHT, 5)
    highest_six = hv(FOUR_TWO, A, K)
    assert lowest_five > highest_six
    assert lowest_five.key("category_only") > highest_six.key("category_only")
    assert (
        hv(TWO_TWO_TWO, A, K, Q)
        < hv(THREE_THREE, 3, 2)
        < hv(FOUR_TWO, 2, 3)
        < lowest_five
        < hv(STRAIGHT, K)
        < hv(ROYAL)
        < hv(FIVE, 2)
    )


def test_key_options() -> None:
    """P17: key() is the category then the ranks, or just the category with category_only."""
    value = hv(TWO_TWO_TWO, K, 9, 4)
    assert value.key() == (1, 13, 9, 4)
    assert value.key("category_only") == (1,)
    assert hv(ROYAL).key() == (5,)
    with pytest.raises(ValueError, match=r"tiebreak must be one of .*\(P17\), not 'suits'"):
        value.key("suits")


# --- display ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (hv(FIVE, A), "Five of a kind: aces"),
        (hv(ROYAL), "Royal flush"),
        (hv(STRAIGHT, 5), "Straight flush: five high"),
        (hv(STRAIGHT, K), "Straight flush: king high"),
        (hv(FOUR_TWO, K, A), "Four/Two: kings over aces"),
        (hv(THREE_THREE, Rank.SIX, 2), "Three/Three: sixes over twos"),
        (hv(TWO_TWO_TWO, A, T, 3), "Two/Two/Two: aces, tens and threes"),
    ],
)
def test_str_and_repr(value: HandValue, text: str) -> None:
    """P15: values print their category and ranks; repr is valid Python."""
    assert str(value) == text
    namespace = {"HandValue": HandValue, "Category": Category, "Rank": Rank}
    assert eval(repr(value), namespace) == value  # noqa: S307


def test_category_properties() -> None:
    """P15/P16: categories order, label and card counts."""
    assert sorted(Category) == [TWO_TWO_TWO, THREE_THREE, FOUR_TWO, STRAIGHT, ROYAL, FIVE]
    assert [category.card_count for category in Category] == [6, 6, 6, 5, 5, 5]
    assert str(FOUR_TWO) == FOUR_TWO.label == "Four/Two"


@pytest.mark.parametrize(
    ("category", "ranks", "message"),
    [
        (FOUR_TWO, (K,), "2 tie-break ranks, not 1"),
        (ROYAL, (A,), "0 tie-break ranks, not 1"),
        (FOUR_TWO, (K, K), "different ranks"),
        (TWO_TWO_TWO, (2, 3, 4), "go from highest"),
        (THREE_THREE, (2, 3), "go from highest"),
        (STRAIGHT, (A,), "5-high to king-high"),
        (STRAIGHT, (4,), "5-high to king-high"),
        (FIVE, (15,), "15 is not a valid Rank"),
    ],
)
def test_hand_value_rejects_impossible_ranks(
    category: Category, ranks: tuple[int, ...], message: str
) -> None:
    """P17: a HandValue's ranks must fit its category."""
    with pytest.raises(ValueError, match=message):
        HandValue(category, ranks)


# --- errors ------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["Kh Kd Kc Ks", "Kh Kd Kc Ks 7h 7d 7c", ""])
def test_evaluate_needs_five_or_six_cards(text: str) -> None:
    """P16: only hands of 5 or 6 cards are valued."""
    with pytest.raises(ValueError, match=r"valued as 5 or 6 cards \(P16\)"):
        evaluate(parse_cards(text), Rank.SEVEN)


def test_evaluate_rejects_repeated_cards_and_bad_input() -> None:
    """P16: a hand holds different cards; wild ranks are ranks."""
    with pytest.raises(ValueError, match="holds Kh more than once"):
        evaluate(parse_cards("Kh Kh Kc Ks 7h"), Rank.SEVEN)
    with pytest.raises(TypeError, match="a hand holds Card values, not 'Kh'"):
        evaluate(["Kh", "Kd", "Kc", "Ks", "7h"], Rank.SEVEN)  # type: ignore[list-item]
    with pytest.raises(ValueError, match="1 is not a valid Rank"):
        evaluate(parse_cards("Kh Kd Kc Ks 7h"), 1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="the wild rank is a Rank"):
        evaluate(parse_cards("Kh Kd Kc Ks 7h"), "7")  # type: ignore[arg-type]


def test_evaluate_accepts_any_iterable_and_int_ranks() -> None:
    """P16: cards may come in any iterable; a wild rank may be given as its int value."""
    cards = parse_cards("Kh Kd Kc Ks 7h")
    assert evaluate(iter(cards), 7) == evaluate(set(cards), Rank.SEVEN) == hv(FIVE, K)  # type: ignore[arg-type]


# --- calls -------------------------------------------------------------------------------------


def options_of(
    text: str, wild: Rank = Rank.SEVEN, *, forbidden: str | None = None, ace_low: bool = True
) -> list[tuple[str | None, HandValue]]:
    options = call_options(
        parse_cards(text),
        wild,
        ace_low_straight=ace_low,
        forbidden_discard=None if forbidden is None else Card.parse(forbidden),
    )
    return [(None if o.discard is None else str(o.discard), o.value) for o in options]


def test_call_by_discarding_and_showing_five() -> None:
    """P11a: each discard whose other five cards form a 5-card combination, in card order."""
    assert options_of("Th Jh Qh Kh 9h 5d") == [("5d", hv(STRAIGHT, K))]
    assert options_of("Th Jh Qh Kh 9h 7d") == [
        ("7d", hv(STRAIGHT, K)),
        ("9h", hv(ROYAL)),
        ("Th", hv(STRAIGHT, K)),
        ("Jh", hv(STRAIGHT, K)),
        ("Qh", hv(STRAIGHT, K)),
        ("Kh", hv(STRAIGHT, K)),
    ]


def test_call_by_showing_six() -> None:
    """P11b: showing all six cards when they form a 6-card combination; discard is None."""
    assert options_of("Kh Kd 9s 9h 4d 4c") == [(None, hv(TWO_TWO_TWO, K, 9, 4))]


def test_call_both_ways() -> None:
    """P11: a hand may offer both forms; the six-card option comes last."""
    assert options_of("Kh Kd Ks 2c 2d Ah", Rank.TWO) == [
        ("Ah", hv(FIVE, K)),
        (None, hv(FOUR_TWO, K, A)),
    ]


def test_no_call_possible() -> None:
    """P11: no combination, no option; best_call is None."""
    assert options_of("2h 5h 8h Jh Ah 3c") == []
    assert best_call(parse_cards("2h 5h 8h Jh Ah 3c"), Rank.SEVEN) is None


def test_forbidden_discard_is_never_offered() -> None:
    """P9/P11: the card just taken from the discard pile cannot be the call's discard."""
    assert options_of("Th Jh Qh Kh 9h 5d", forbidden="5d") == []
    assert options_of("Kh Kd Ks 2c 2d Ah", Rank.TWO, forbidden="Ah") == [(None, hv(FOUR_TWO, K, A))]
    hand = parse_cards("Th Jh Qh Kh 9h 7d")
    best = best_call(hand, Rank.SEVEN, forbidden_discard=Card.parse("9h"))
    assert best == CallOption(discard=Card.parse("7d"), value=hv(STRAIGHT, K))


def test_call_options_respect_the_ace_low_option() -> None:
    """P11/P15.3: the wheel is a call only with ace_low_straight."""
    assert options_of("As 2s 3s 4s 5s Kd", Rank.NINE) == [("Kd", hv(STRAIGHT, 5))]
    assert options_of("As 2s 3s 4s 5s Kd", Rank.NINE, ace_low=False) == []


def test_best_call_prefers_the_highest_value() -> None:
    """P11/P15: best_call takes the highest option, five-card ones over six-card ones."""
    hand = parse_cards("Kh Kd Ks 2c 2d Ah")
    assert best_call(hand, Rank.TWO) == CallOption(discard=Card.parse("Ah"), value=hv(FIVE, K))
    hand = parse_cards("Th Jh Qh Kh 9h 7d")
    assert best_call(hand, Rank.SEVEN) == CallOption(discard=Card.parse("9h"), value=hv(ROYAL))


def test_best_call_with_category_only_tiebreak() -> None:
    """P17: with category_only equal categories tie; the better ranks are still preferred."""
    hand = parse_cards("Kh Kd 2s 2c 3d 3h")
    best = best_call(hand, Rank.SEVEN, tiebreak="category_only")
    assert best == CallOption(discard=None, value=hv(TWO_TWO_TWO, K, 3, 2))
    hand = parse_cards("9h Th Jh Qh Kh 7d")
    best = best_call(hand, Rank.SEVEN, tiebreak="category_only")
    assert best is not None
    assert best.value == hv(ROYAL)
    with pytest.raises(ValueError, match="unknown tiebreak"):
        best_call(hand, Rank.SEVEN, tiebreak="suit")


def test_call_options_errors() -> None:
    """P11: calls are made from exactly six different cards holding the forbidden discard."""
    with pytest.raises(ValueError, match=r"valued as 6 cards \(P16\), not 5"):
        call_options(parse_cards("Th Jh Qh Kh 9h"), Rank.SEVEN)
    with pytest.raises(ValueError, match="forbidden discard 2c is not in the hand"):
        call_options(
            parse_cards("Th Jh Qh Kh 9h 7d"), Rank.SEVEN, forbidden_discard=Card.parse("2c")
        )


def test_call_options_do_not_depend_on_card_order() -> None:
    """P11: options come in card order, whatever order the hand is given in."""
    hand = parse_cards("Th Jh Qh Kh 9h 7d")
    options = call_options(hand, Rank.SEVEN)
    assert call_options(reversed(hand), Rank.SEVEN) == options
    discards = [option.discard for option in options]
    assert all(a is not None and b is not None and a < b for a, b in pairwise(discards))
