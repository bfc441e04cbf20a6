"""The lookup tables of the Paiute hand evaluator (private: use cardgames.paiute.hands).

A hand is summarised by one int, its *packed* form: the sum of the packed forms of its cards.
Card index ``i`` (``Card.index``, 0..51; its rank is ``i // 4 + 2``, its suit ``i % 4``) packs
to ``1 << (CARD_SHIFT + 3 * i)`` (a 3-bit count field per card) plus ``1 << 3 * (i // 4)`` (a
3-bit count field per rank, below the card fields). Summed over at most six cards:

- the rank fields count the hand's ranks; clearing the wild rank's field (:data:`NATURAL_MASK`)
  leaves the multiset of its *natural* ranks, and the number of wilds is whatever that multiset
  lacks to make 5 or 6 cards;
- the card fields count each card. No field can carry (a card is at most 6 times in six
  cards), so a card given twice or more sets one of its field's two upper bits: one ``&`` with
  :data:`REPEATS` tells a hand of different cards from one with a card twice, and the low bits
  of the fields are then the hand as a set of cards.

The checked evaluator adds the cards two at a time, from :data:`PAIRS`: three additions of
big ints for six cards instead of five (an addition of these 200-bit ints costs more than
the lookup that saves it).

The natural-rank multiset alone decides five of a kind and every six-card category, because a
wild may take any rank (P16); a straight flush needs one more test, that the natural cards share
a suit (P15). The value tables map each natural-rank multiset that the wilds can complete to its
best value and hold nothing else, so a worthless hand costs one missed dict lookup.

Everything here is keyed by card index, by rank and suit, or by value, and built once at import
from the combinations themselves (no process-wide cache, nothing keyed by object identity). The
value tables hold values made by the caller's ``make`` function, so that this module needs
nothing from :mod:`cardgames.paiute.hands`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import combinations, product
from typing import Final, Generic, NamedTuple, TypeVar

V = TypeVar("V")

# The category numbers: a higher number beats a lower one (P15). cardgames.paiute.hands.Category
# takes its values from here.
TWO_TWO_TWO: Final = 1
THREE_THREE: Final = 2
FOUR_TWO: Final = 3
STRAIGHT_FLUSH: Final = 4
ROYAL_FLUSH: Final = 5
FIVE_OF_A_KIND: Final = 6

TWO: Final = 2
FIVE: Final = 5
SIX: Final = 6
ACE: Final = 14
RANKS: Final = range(TWO, ACE + 1)
"""The rank values, 2 (two) to 14 (ace)."""

CARD_SHIFT: Final = 3 * 13
"""Where the card count fields start in a packed hand, above the 13 rank-count fields."""
CARD_FIELD: Final = 3
"""The width in bits of a card's count field in a packed hand."""

RANK_WEIGHT: Final[tuple[int, ...]] = tuple(1 << (3 * (index >> 2)) for index in range(52))
"""By card index: the card's unit in its rank's count field."""
CARD_UNIT: Final[tuple[int, ...]] = tuple(
    1 << (CARD_SHIFT + CARD_FIELD * index) for index in range(52)
)
"""By card index: the card's unit in its own count field."""
PACKED: Final[tuple[int, ...]] = tuple(CARD_UNIT[index] + RANK_WEIGHT[index] for index in range(52))
"""By card index: the packed form of the card (its card unit and its rank unit)."""
PAIRS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(PACKED[first] + PACKED[second] for second in range(52)) for first in range(52)
)
"""By card index, then card index: the packed form of the two cards (the same card twice
too, which :data:`REPEATS` then catches)."""
REPEATS: Final = sum(6 * unit for unit in CARD_UNIT)
"""The two upper bits of every card field: a packed hand has one of them set exactly when it
counts a card more than once."""
INDEX_BY_RANK: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple((rank - TWO) * 4 + suit for suit in range(4)) if rank >= TWO else ()
    for rank in range(ACE + 1)
)
"""By rank value, then suit value: the card index."""

_ALL_FIELDS: Final = (1 << CARD_SHIFT) - 1
NATURAL_MASK: Final[tuple[int, ...]] = tuple(
    _ALL_FIELDS & ~(7 << (3 * (rank - TWO))) if rank >= TWO else _ALL_FIELDS
    for rank in range(ACE + 1)
)
"""By wild rank: the mask that keeps the natural rank fields of a packed hand (and no card)."""
NATURAL_SUIT_BIT: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(0 if (index >> 2) + TWO == rank else 1 << (index & 3) for index in range(52))
    for rank in range(ACE + 1)
)
"""By wild rank, then card index: the card's suit bit, or 0 for a wild card."""
NATURAL_CARDS: Final[tuple[int, ...]] = tuple(
    sum(CARD_UNIT[index] for index in range(52) if (index >> 2) + TWO != rank)
    for rank in range(ACE + 1)
)
"""By wild rank: the card units of every natural card (a mask of a packed hand's cards)."""
OFF_SUIT_CARDS: Final[tuple[int, ...]] = tuple(
    sum(CARD_UNIT[index] for index in range(52) if index & 3 != suit) for suit in range(4)
)
"""By suit: the card units of every card of the other suits."""


def one_suit(cards: int) -> bool:
    """Whether the cards of ``cards`` (card units of a packed hand) all have one suit."""
    return any(not cards & off_suit for off_suit in OFF_SUIT_CARDS)


def multiset_key(counts: Iterable[tuple[int, int]]) -> int:
    """The table key of a multiset of ranks given as (rank, count) pairs."""
    return sum(count << (3 * (rank - TWO)) for rank, count in counts)


class ValueTables(NamedTuple, Generic[V]):
    """The value tables, built by :func:`build` with the caller's value type.

    Attributes:
        six: Natural-rank key of six cards → the best six-card value they complete.
        five: By ``ace_low_straight``: natural-rank key of five cards → the best five-card value
            they complete (a straight flush still needs the natural cards to share a suit).
        calls: By ``ace_low_straight``: natural-rank key of six cards → {rank of the discard (0
            for a wild) → the five-card value of the other five}, before the same-suit test.
    """

    six: dict[int, V]
    five: tuple[dict[int, V], dict[int, V]]
    calls: tuple[dict[int, dict[int, V]], dict[int, dict[int, V]]]


def build(make: Callable[[int, tuple[int, ...]], V]) -> ValueTables[V]:
    """Build the value tables; ``make(category, ranks)`` makes a value (ranks as in P17).

    ``make`` is called once per combination, so that equal values are one shared object.
    """
    five = (
        _five_card_table(make, ace_low_straight=False),
        _five_card_table(make, ace_low_straight=True),
    )
    return ValueTables(_six_card_table(make), five, (_calls(five[0]), _calls(five[1])))


def _six_card_table(make: Callable[[int, tuple[int, ...]], V]) -> dict[int, V]:
    """Map every natural-rank multiset of 2 to 6 cards to the best six-card value it completes.

    The natural cards of a hand that completes a combination are a sub-multiset of the
    combination's ranks, the wilds supplying the rest (at most 4 wilds, so at least 2 naturals).
    Writing the combinations from lowest to highest (P15.4-6) leaves the best one under each key.
    """
    table: dict[int, V] = {}
    unit = [1 << (3 * (rank - TWO)) if rank >= TWO else 0 for rank in range(ACE + 1)]
    for high in RANKS:
        for middle in range(TWO, high):
            for low in range(TWO, middle):
                value = make(TWO_TWO_TWO, (high, middle, low))
                h, m, w = unit[high], unit[middle], unit[low]
                keys = [a * h + b * m + c * w for a, b, c in _KEPT[2, 2, 2]]
                table.update(dict.fromkeys(keys, value))
    for shape, category in (((3, 3), THREE_THREE), ((4, 2), FOUR_TWO)):
        for first in RANKS:
            for second in RANKS:
                if second == first or (category == THREE_THREE and second > first):
                    continue
                value = make(category, (first, second))
                f, g = unit[first], unit[second]
                table.update(dict.fromkeys([a * f + b * g for a, b in _KEPT[shape]], value))
    return table


_KEPT: Final[dict[tuple[int, ...], list[tuple[int, ...]]]] = {
    shape: [kept for kept in product(*(range(count + 1) for count in shape)) if sum(kept) >= 2]
    for shape in ((2, 2, 2), (3, 3), (4, 2))
}
"""By the rank counts of a six-card combination: how many of each rank its natural cards can
be (at least 2 cards in all, since at most 4 are wild)."""


def _five_card_table(
    make: Callable[[int, tuple[int, ...]], V], *, ace_low_straight: bool
) -> dict[int, V]:
    """Map natural-rank multisets of 1 to 5 cards to the best five-card value they complete.

    A straight flush value here still needs the natural cards to share a suit (P15.2-3); five
    of a kind needs nothing more (P15.1): one natural rank, 1 to 4 cards of it.
    """
    table: dict[int, V] = {}
    for top in range(FIVE if ace_low_straight else SIX, ACE + 1):
        value = make(ROYAL_FLUSH, ()) if top == ACE else make(STRAIGHT_FLUSH, (top,))
        window = [rank if rank >= TWO else ACE for rank in range(top - 4, top + 1)]
        for size in range(2, 6):
            for subset in combinations(window, size):
                table[multiset_key((rank, 1) for rank in subset)] = value
    for rank in RANKS:
        value = make(FIVE_OF_A_KIND, (rank,))
        for count in range(1, 5):
            table[multiset_key([(rank, count)])] = value
    return table


def _calls(five_card_table: dict[int, V]) -> dict[int, dict[int, V]]:
    """Map the natural ranks of six cards to the five-card values that one discard leaves.

    The inner dict maps the rank of the discard (0 for a wild card) to the value of the other
    five, before the same-suit test of a straight flush. Six cards whose natural ranks are not
    a key cannot call with five cards, whatever they discard (P11a).
    """
    calls: dict[int, dict[int, V]] = {}
    for key, value in five_card_table.items():
        calls.setdefault(key, {})[0] = value  # the discard was a wild: same natural cards
        for rank in RANKS:
            shift = 3 * (rank - TWO)
            if (key >> shift) & 7 < 4:
                calls.setdefault(key + (1 << shift), {})[rank] = value
    return calls
