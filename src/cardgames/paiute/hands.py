"""Paiute hand values: the winning combinations, how they compare, and the ways to call.

A hand shown in Paiute is worth something only if it forms one of six combinations (P15). Five
cards are valued only as five of a kind, a royal flush or a straight flush; six cards only as
Four/Two, Three/Three or Two/Two/Two (P16). Every card of the wild rank is wild: it stands for
any rank and suit, and the hand is worth the best assignment of its wilds (P16). Hands of one
category compare by ranks, never by suits (P17)::

    >>> from cardgames.cards import Rank, parse_cards
    >>> from cardgames.paiute.hands import evaluate
    >>> str(evaluate(parse_cards("Kh Kd Kc Ks Ah Ad"), Rank.SEVEN))
    'Four/Two: kings over aces'
    >>> str(evaluate(parse_cards("7h 9s Ts Js Qs"), Rank.SEVEN))
    'Straight flush: king high'
    >>> evaluate(parse_cards("2h 5h 8h Jh Ah"), Rank.SEVEN) is None  # a plain flush
    True
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Iterator
from itertools import combinations
from typing import Final, NoReturn

import attrs

from cardgames.cards import Card, Rank, standard_deck
from cardgames.errors import InvalidConfigError

__all__ = [
    "CallOption",
    "Category",
    "HandValue",
    "Tiebreak",
    "best_call",
    "call_options",
    "call_options_indices",
    "evaluate",
    "evaluate_indices",
]


class Tiebreak(enum.StrEnum):
    """How hands of one category compare (P17)."""

    BY_RANK = "by_rank"
    """By their ranks, from the most significant [default]."""
    CATEGORY_ONLY = "category_only"
    """Not at all: any two hands of one category tie and split the pot."""


class Category(enum.IntEnum):
    """The six winning combinations; a higher value beats a lower one (P15).

    Every five-card combination beats every six-card combination.
    """

    TWO_TWO_TWO = 1
    THREE_THREE = 2
    FOUR_TWO = 3
    STRAIGHT_FLUSH = 4
    ROYAL_FLUSH = 5
    FIVE_OF_A_KIND = 6

    @property
    def label(self) -> str:
        """The display name, such as ``"Four/Two"`` or ``"Straight flush"``."""
        return _CATEGORY_LABELS[self]

    @property
    def card_count(self) -> int:
        """How many cards a hand of this category shows: 5 or 6 (P16)."""
        return 5 if self >= Category.STRAIGHT_FLUSH else 6

    def __str__(self) -> str:
        return self.label


_CATEGORY_LABELS: Final = {
    Category.TWO_TWO_TWO: "Two/Two/Two",
    Category.THREE_THREE: "Three/Three",
    Category.FOUR_TWO: "Four/Two",
    Category.STRAIGHT_FLUSH: "Straight flush",
    Category.ROYAL_FLUSH: "Royal flush",
    Category.FIVE_OF_A_KIND: "Five of a kind",
}
_RANK_COUNT: Final = {
    Category.TWO_TWO_TWO: 3,
    Category.THREE_THREE: 2,
    Category.FOUR_TWO: 2,
    Category.STRAIGHT_FLUSH: 1,
    Category.ROYAL_FLUSH: 0,
    Category.FIVE_OF_A_KIND: 1,
}
_RANK_WORDS: Final = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_RANK_NAMES: Final = {
    rank: (word, word + ("es" if word == "six" else "s"))
    for rank, word in zip(Rank, (*_RANK_WORDS, "jack", "queen", "king", "ace"), strict=True)
}
"""The name of each rank, singular and plural, for display."""


def _to_ranks(values: Iterable[int]) -> tuple[int, ...]:
    """Convert tie-break values to a tuple of :class:`Rank` (ValueError for a non-rank)."""
    return tuple(Rank(value) for value in values)


@attrs.frozen(order=True, repr=False)
class HandValue:
    """The value of a winning hand: a category, then tie-break ranks (P15, P17).

    Values are totally ordered: by category first, then by ``ranks`` compared from the most
    significant. ``ranks`` holds :class:`~cardgames.cards.Rank` values:

    - five of a kind: ``(rank,)``;
    - royal flush: ``()`` (royal flushes always tie);
    - straight flush: ``(top card,)``, ``Rank.FIVE`` for 5-4-3-2-A;
    - Four/Two: ``(rank of the four, rank of the pair)``;
    - Three/Three: ``(higher triple, lower triple)``;
    - Two/Two/Two: the three pairs from highest to lowest.

    Suits never break ties (P17)::

        >>> from cardgames.cards import Rank
        >>> from cardgames.paiute.hands import Category, HandValue
        >>> value = HandValue(Category.FOUR_TWO, (Rank.KING, Rank.ACE))
        >>> str(value), value.key(), value.key("category_only")
        ('Four/Two: kings over aces', (3, 13, 14), (3,))
        >>> value < HandValue(Category.STRAIGHT_FLUSH, (Rank.FIVE,))
        True

    Raises:
        ValueError: ``ranks`` does not fit ``category`` (wrong length, a repeated rank, or
            ranks out of their order).
    """

    category: Category = attrs.field(validator=attrs.validators.instance_of(Category))
    ranks: tuple[int, ...] = attrs.field(converter=_to_ranks)

    @ranks.validator
    def _check_ranks(self, _attribute: object, ranks: tuple[int, ...]) -> None:
        category = self.category
        if len(ranks) != _RANK_COUNT[category]:
            raise ValueError(
                f"a {category.label} value has {_RANK_COUNT[category]} tie-break ranks, "
                f"not {len(ranks)}"
            )
        if len(set(ranks)) != len(ranks):
            raise ValueError(f"a {category.label} value needs different ranks: {ranks}")
        if category in {Category.THREE_THREE, Category.TWO_TWO_TWO} and list(ranks) != sorted(
            ranks, reverse=True
        ):
            raise ValueError(f"the ranks of a {category.label} value go from highest: {ranks}")
        if category is Category.STRAIGHT_FLUSH and not Rank.FIVE <= ranks[0] <= Rank.KING:
            raise ValueError(f"a straight flush is 5-high to king-high, not {ranks[0]}-high")

    def key(self, tiebreak: Tiebreak | str = Tiebreak.BY_RANK) -> tuple[int, ...]:
        """A plain tuple of ints that orders hands under the ``tiebreak`` option (P17).

        With ``"by_rank"`` it is the category then the tie-break ranks; with
        ``"category_only"`` just the category, so any two hands of one category tie.

        Raises:
            InvalidConfigError: ``tiebreak`` is not one of the two options (P17).
        """
        if tiebreak == Tiebreak.BY_RANK:
            return (int(self.category), *map(int, self.ranks))
        if tiebreak == Tiebreak.CATEGORY_ONLY:
            return (int(self.category),)
        raise InvalidConfigError(
            f"tiebreak must be one of 'by_rank', 'category_only' (P17), not {tiebreak!r}"
        )

    @property
    def label(self) -> str:
        """The readable value, such as ``"Four/Two: kings over aces"`` (the same as ``str``).

        JSON documents carry it beside the category's slug (``"four_two"``).
        """
        return str(self)

    def __str__(self) -> str:
        category = self.category
        names = [_RANK_NAMES[Rank(rank)] for rank in self.ranks]
        match category:
            case Category.FIVE_OF_A_KIND:
                return f"{category.label}: {names[0][1]}"
            case Category.ROYAL_FLUSH:
                return category.label
            case Category.STRAIGHT_FLUSH:
                return f"{category.label}: {names[0][0]} high"
            case Category.FOUR_TWO | Category.THREE_THREE:
                return f"{category.label}: {names[0][1]} over {names[1][1]}"
            case Category.TWO_TWO_TWO:
                return f"{category.label}: {names[0][1]}, {names[1][1]} and {names[2][1]}"
        raise AssertionError(category)  # pragma: no cover

    def __repr__(self) -> str:
        ranks = ", ".join(f"Rank.{Rank(rank).name}" for rank in self.ranks)
        if len(self.ranks) == 1:
            ranks += ","
        return f"HandValue(Category.{self.category.name}, ({ranks}))"


@attrs.frozen(kw_only=True)
class CallOption:
    """One way to call with six cards (P11).

    Attributes:
        discard: The card discarded before showing the other five, which form a five-card
            combination (P11a); None to show all six, which form a six-card combination (P11b).
        value: What the shown cards are worth.
    """

    discard: Card | None
    value: HandValue


def evaluate(
    cards: Iterable[Card], wild_rank: Rank, *, ace_low_straight: bool = True
) -> HandValue | None:
    """The value of a shown hand of 5 or 6 cards, or None if it forms no combination (P15-P17).

    Five cards count only as five of a kind, a royal flush or a straight flush; six cards only
    as Four/Two, Three/Three or Two/Two/Two (P16). Every card of ``wild_rank`` is wild and the
    hand is worth the best assignment of its wilds.

    Args:
        cards: The 5 or 6 shown cards, all different.
        wild_rank: The wild rank of the deal (P6).
        ace_low_straight: Whether 5-4-3-2-A is a (5-high) straight flush (P15).

    Raises:
        ValueError: not 5 or 6 cards, a repeated card, or ``wild_rank`` is not a rank.
        TypeError: something other than a :class:`~cardgames.cards.Card`.

    Example::

        >>> from cardgames.cards import Rank, parse_cards
        >>> from cardgames.paiute.hands import evaluate
        >>> evaluate(parse_cards("As 2s 3s 4s 5s"), Rank.NINE)
        HandValue(Category.STRAIGHT_FLUSH, (Rank.FIVE,))
        >>> evaluate(parse_cards("As 2s 3s 4s 5s"), Rank.NINE, ace_low_straight=False) is None
        True
    """
    # The hot public path: one C-level pass packs the hand (see _PACKED_BY_ID), then the same
    # table lookups as evaluate_indices. Anything unusual (cards built with Card(...), wrong
    # types, sizes or repeats) takes the checked path, which raises the documented errors.
    hand = tuple(cards)
    size = len(hand)
    packed = (
        sum(map(_PACKED_BY_ID.__getitem__, map(id, hand)))
        if size and id(hand[0]) in _PACKED_BY_ID
        else _MISSING
    )
    ace_low = ace_low_straight is True or bool(ace_low_straight)
    if packed < 0 or (size != 5 and size != 6) or (packed >> _MASK_SHIFT).bit_count() != size:  # noqa: PLR1714 - faster than `in`
        indices = _indices_by_value(hand)
        if len(indices) not in {5, 6} or len(set(indices)) != len(indices):
            _reject_size_or_repeat(hand, indices, (5, 6))
        return evaluate_indices(indices, int(_checked_rank(wild_rank)), ace_low)
    if type(wild_rank) is not Rank:
        wild_rank = _checked_rank(wild_rank)
    wild = int(wild_rank)
    natural = packed & _NATURAL_MASK[wild]
    if size == 6:
        return _SIX_CARD_TABLE.get(natural)
    value = _FIVE_CARD_TABLES[ace_low].get(natural)
    if value is None or value.category is _FIVE_OF_A_KIND:
        return value
    cards_mask = (packed >> _MASK_SHIFT) & _NATURAL_CARDS[wild]
    for off_suit in _OFF_SUIT_CARDS:
        if not cards_mask & off_suit:
            return value  # the natural cards share a suit: a straight flush (P15)
    return None


def call_options(
    cards: Iterable[Card],
    wild_rank: Rank,
    *,
    ace_low_straight: bool = True,
    forbidden_discard: Card | None = None,
) -> tuple[CallOption, ...]:
    """Every way to call with these six cards (P11), possibly none.

    One option per discard whose other five cards form a five-card combination (P11a), in
    card order (:class:`~cardgames.cards.Card` order: by rank, then suit), except
    ``forbidden_discard`` (the card just taken from the discard pile, P9); then, last, the
    option to show all six if they form a six-card combination (P11b).

    Raises:
        ValueError: not 6 different cards, ``wild_rank`` is not a rank, or
            ``forbidden_discard`` is not one of the cards.
        TypeError: something other than a :class:`~cardgames.cards.Card`.

    Example::

        >>> from cardgames.cards import Rank, parse_cards
        >>> from cardgames.paiute.hands import call_options
        >>> for option in call_options(parse_cards("Kh Kd Ks 2c 2d Ah"), Rank.TWO):
        ...     print(option.discard, "|", option.value)
        Ah | Five of a kind: kings
        None | Four/Two: kings over aces
    """
    indices = _checked_indices(cards, (6,))
    wild = _checked_rank(wild_rank)
    forbidden = None if forbidden_discard is None else _INDEX_OF.get(forbidden_discard)
    if forbidden_discard is not None and forbidden not in indices:
        raise ValueError(f"the forbidden discard {forbidden_discard} is not in the hand")
    options = call_options_indices(indices, wild, bool(ace_low_straight), forbidden)
    return tuple(
        CallOption(discard=None if index is None else Card.from_index(index), value=value)
        for index, value in options
    )


def best_call(
    cards: Iterable[Card],
    wild_rank: Rank,
    *,
    ace_low_straight: bool = True,
    forbidden_discard: Card | None = None,
    tiebreak: Tiebreak | str = Tiebreak.BY_RANK,
) -> CallOption | None:
    """The highest of :func:`call_options` under ``tiebreak`` (P11, P17), or None.

    Options of equal value under ``tiebreak`` are separated by their ranks, then the earliest
    in :func:`call_options` order wins.

    Example::

        >>> from cardgames.cards import Rank, parse_cards
        >>> from cardgames.paiute.hands import best_call
        >>> best_call(parse_cards("Th Jh Qh Kh 9h 5d"), Rank.TWO)
        CallOption(discard=Card.parse('5d'), value=HandValue(Category.STRAIGHT_FLUSH, (Rank.KING,)))
    """
    if tiebreak not in {"by_rank", "category_only"}:
        raise ValueError(f"unknown tiebreak {tiebreak!r}: expected 'by_rank' or 'category_only'")
    options = call_options(
        cards, wild_rank, ace_low_straight=ace_low_straight, forbidden_discard=forbidden_discard
    )
    if not options:
        return None
    return max(options, key=lambda option: (option.value.key(tiebreak), option.value.key()))


# --- validation -------------------------------------------------------------------------------


_INDEX_OF: Final[dict[Card, int]] = {card: card.index for card in standard_deck()}
_INDEX_BY_ID: Final[dict[int, int]] = {id(card): card.index for card in standard_deck()}
"""Card indices by ``id()`` of the interned cards: a lookup without hashing (see
:data:`_PACKED_BY_ID`); any other object misses and is looked up by value."""


def _indices_by_value(hand: tuple[Card, ...]) -> tuple[int, ...]:
    """The card indices of ``hand``, looked up by value (for cards built with ``Card(...)``).

    Raises:
        TypeError: something in ``hand`` is not a :class:`~cardgames.cards.Card`.
    """
    try:
        return tuple(map(_INDEX_OF.__getitem__, hand))
    except (KeyError, TypeError):
        items: tuple[object, ...] = hand  # typed as cards, but checked as anything
        wrong = next(item for item in items if not isinstance(item, Card))
        raise TypeError(f"a hand holds Card values, not {wrong!r}") from None


def _reject_size_or_repeat(
    hand: tuple[Card, ...], indices: tuple[int | None, ...], sizes: tuple[int, ...]
) -> NoReturn:
    """Raise the ValueError for a hand of the wrong size or with a repeated card."""
    if len(indices) not in sizes:
        expected = " or ".join(map(str, sizes))
        raise ValueError(f"a Paiute hand is valued as {expected} cards (P16), not {len(hand)}")
    repeated = next(card for card in hand if hand.count(card) > 1)
    raise ValueError(f"the hand holds {repeated} more than once")


def _checked_indices(cards: Iterable[Card], sizes: tuple[int, ...]) -> tuple[int, ...]:
    """The card indices of a hand of different cards whose size is one of ``sizes``.

    Raises:
        TypeError: something other than a card.
        ValueError: the hand's size is not one of ``sizes``, or a card is repeated.
    """
    hand = tuple(cards)
    found = tuple(map(_INDEX_BY_ID.get, map(id, hand)))
    if None in found:
        found = _indices_by_value(hand)
    if len(found) not in sizes or len(set(found)) != len(found):
        _reject_size_or_repeat(hand, found, sizes)
    return found  # type: ignore[return-value] # no None is left


def _checked_rank(wild_rank: Rank | int) -> Rank:
    """``wild_rank`` as a :class:`Rank`; an int is accepted if it is a rank's value."""
    if type(wild_rank) is Rank:
        return wild_rank
    if isinstance(wild_rank, bool) or not isinstance(wild_rank, int):
        raise TypeError(f"the wild rank is a Rank, not {wild_rank!r}")
    return Rank(wild_rank)


# --- the readable evaluator: the rules as written -----------------------------------------------


def _evaluate_readable(
    hand: tuple[Card, ...], wild_rank: Rank, *, ace_low_straight: bool
) -> HandValue | None:
    """Value a checked hand straight from the rules (P15-P17); the reference for the fast path.

    Each category asks which ranks the wilds could take to complete it, and keeps the best.
    """
    naturals = [card for card in hand if card.rank != wild_rank]
    if len(hand) == 5:
        candidates = [_five_of_a_kind(naturals), _straight_flush(naturals, ace_low_straight)]
    else:
        counts = Counter(card.rank for card in naturals)
        candidates = [_four_two(counts), _three_three(counts), _two_two_two(counts)]
    found = [value for value in candidates if value is not None]
    return max(found) if found else None


def _five_of_a_kind(naturals: list[Card]) -> HandValue | None:
    """Five of a kind: every natural card has one rank; the wilds join it (P15.1)."""
    ranks = {card.rank for card in naturals}
    if len(ranks) > 1:
        return None
    rank = ranks.pop() if ranks else Rank.ACE
    return HandValue(Category.FIVE_OF_A_KIND, (rank,))


def _straight_flush(naturals: list[Card], ace_low_straight: bool) -> HandValue | None:
    """The best straight flush the wilds can fill in (P15.2, P15.3).

    The natural cards must share a suit (so their ranks differ) and fit in one window of five
    consecutive ranks; the wilds fill the gaps. The best window is the one with the highest top.
    """
    if len({card.suit for card in naturals}) > 1:
        return None
    ranks = {card.rank for card in naturals}
    lowest_top = Rank.FIVE if ace_low_straight else Rank.SIX
    for top in range(Rank.ACE, lowest_top - 1, -1):
        window = {Rank(top - i) if top - i >= Rank.TWO else Rank.ACE for i in range(5)}
        if ranks <= window:
            if top == Rank.ACE:
                return HandValue(Category.ROYAL_FLUSH, ())
            return HandValue(Category.STRAIGHT_FLUSH, (Rank(top),))
    return None


def _four_two(counts: Counter[Rank]) -> HandValue | None:
    """Four/Two: four of one rank and two of another, best by the four then the pair (P15.4)."""
    fits = [
        (four, pair)
        for four in Rank
        for pair in Rank
        if four != pair and set(counts) <= {four, pair} and counts[four] <= 4 and counts[pair] <= 2
    ]
    return HandValue(Category.FOUR_TWO, max(fits)) if fits else None


def _three_three(counts: Counter[Rank]) -> HandValue | None:
    """Three/Three: two triples of different ranks, best by the higher triple (P15.5)."""
    fits = [
        (high, low)
        for high, low in combinations(sorted(Rank, reverse=True), 2)
        if set(counts) <= {high, low} and counts[high] <= 3 and counts[low] <= 3
    ]
    return HandValue(Category.THREE_THREE, max(fits)) if fits else None


def _two_two_two(counts: Counter[Rank]) -> HandValue | None:
    """Two/Two/Two: three pairs of different ranks, best by the pairs from the top (P15.6)."""
    fits = [
        pairs
        for pairs in combinations(sorted(Rank, reverse=True), 3)
        if set(counts) <= set(pairs) and all(counts[rank] <= 2 for rank in pairs)
    ]
    return HandValue(Category.TWO_TWO_TWO, max(fits)) if fits else None


# --- the fast evaluator: lookup tables over rank counts -----------------------------------------
#
# A hand is summarised by one int holding, in a 3-bit field per rank, how many of its cards have
# that rank: card index i (see Card.index) adds _RANK_WEIGHT[i] = 1 << 3 * (i // 4). Clearing the
# field of the wild rank leaves the multiset of the natural ranks, and the number of wilds is
# whatever the multiset lacks to make 5 or 6 cards. That multiset alone decides five of a kind
# and every six-card category, because a wild may take any rank (P16); a straight flush needs one
# more test, that the natural cards share a suit. The tables map each natural-rank multiset that
# the wilds can complete to its best value, and hold nothing else: a worthless hand costs one
# missed dict lookup. For calls, one more table maps the natural ranks of six cards to what each
# discard leaves, so six cards that cannot call are rejected after two lookups. The tables are
# built at import from the combinations themselves (a few ms); the readable evaluator above is
# the reference they are tested against.

_RANK_WEIGHT: Final[tuple[int, ...]] = tuple(1 << (3 * (index >> 2)) for index in range(52))
_ALL_FIELDS: Final = (1 << (3 * 13)) - 1
_NATURAL_MASK: Final[tuple[int, ...]] = tuple(
    _ALL_FIELDS & ~(7 << (3 * (rank - 2))) if rank >= Rank.TWO else _ALL_FIELDS
    for rank in range(Rank.ACE + 1)
)
"""Indexed by the wild rank: the mask that clears the wild rank's field."""
_NATURAL_SUIT_BIT: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(0 if (index >> 2) + 2 == rank else 1 << (index & 3) for index in range(52))
    for rank in range(Rank.ACE + 1)
)
"""Indexed by the wild rank, then a card index: the card's suit bit, or 0 for a wild card."""


def _multiset_key(counts: Iterable[tuple[int, int]]) -> int:
    """The table key of a multiset of ranks given as (rank, count) pairs."""
    return sum(count << (3 * (rank - 2)) for rank, count in counts)


def _six_card_combinations() -> Iterator[tuple[HandValue, tuple[tuple[Rank, int], ...]]]:
    """Every six-card combination (P15.4-6) with its (rank, count) pairs, lowest value first."""
    ranks = list(Rank)
    for high in ranks:
        for middle in ranks[: high - Rank.TWO]:
            for low in ranks[: middle - Rank.TWO]:
                yield (
                    HandValue(Category.TWO_TWO_TWO, (high, middle, low)),
                    ((high, 2), (middle, 2), (low, 2)),
                )
    for high in ranks:
        for low in ranks[: high - Rank.TWO]:
            yield HandValue(Category.THREE_THREE, (high, low)), ((high, 3), (low, 3))
    for four in ranks:
        for pair in ranks:
            if pair != four:
                yield HandValue(Category.FOUR_TWO, (four, pair)), ((four, 4), (pair, 2))


def _build_six_card_table() -> dict[int, HandValue]:
    """Map every natural-rank multiset of 2 to 6 cards to the best six-card value it completes.

    The natural cards of a hand that completes a combination are a sub-multiset of the
    combination's ranks, the wilds supplying the rest (at most 4 wilds, so at least 2 naturals).
    Writing the combinations from lowest to highest leaves the best one under each key.
    """
    table: dict[int, HandValue] = {}
    for value, counts in _six_card_combinations():
        kept = [(0, 0)]  # (key, size) of every sub-multiset of the combination's ranks
        for rank, count in counts:
            unit = 1 << (3 * (rank - 2))
            kept = [(key + n * unit, size + n) for key, size in kept for n in range(count + 1)]
        for key, size in kept:
            if size >= 2:
                table[key] = value
    return table


def _build_five_card_table(*, ace_low_straight: bool) -> dict[int, HandValue]:
    """Map natural-rank multisets of 1 to 5 cards to the best five-card value they complete.

    A straight flush value here still needs the natural cards to share a suit (P15.2-3); five
    of a kind needs nothing more (P15.1): one natural rank, 1 to 4 cards of it.
    """
    table: dict[int, HandValue] = {}
    for top in range(Rank.FIVE if ace_low_straight else Rank.SIX, Rank.ACE + 1):
        if top == Rank.ACE:
            value = HandValue(Category.ROYAL_FLUSH, ())
        else:
            value = HandValue(Category.STRAIGHT_FLUSH, (top,))
        window = [rank if rank >= Rank.TWO else Rank.ACE for rank in range(top - 4, top + 1)]
        for size in range(2, 6):
            for subset in combinations(window, size):
                table[_multiset_key((rank, 1) for rank in subset)] = value
    for rank in Rank:
        value = HandValue(Category.FIVE_OF_A_KIND, (rank,))
        for count in range(1, 5):
            table[_multiset_key([(rank, count)])] = value
    return table


def _build_call_table(five_card_table: dict[int, HandValue]) -> dict[int, dict[int, HandValue]]:
    """Map the natural ranks of six cards to the five-card values that one discard leaves.

    The inner dict maps the rank of the discard (0 for a wild card) to the value of the other
    five, before the same-suit test of a straight flush. Six cards whose natural ranks are not
    a key cannot call with five cards, whatever they discard (P11a).
    """
    calls: dict[int, dict[int, HandValue]] = {}
    for key, value in five_card_table.items():
        calls.setdefault(key, {})[0] = value  # the discard was a wild: same natural cards
        for rank in Rank:
            if (key >> (3 * (rank - 2))) & 7 < 4:
                calls.setdefault(key + (1 << (3 * (rank - 2))), {})[rank] = value
    return calls


_SIX_CARD_TABLE: Final = _build_six_card_table()
_FIVE_CARD_TABLES: Final = (
    _build_five_card_table(ace_low_straight=False),
    _build_five_card_table(ace_low_straight=True),
)
"""Indexed by ``ace_low_straight``."""
_CALL_TABLES: Final = tuple(map(_build_call_table, _FIVE_CARD_TABLES))
"""Indexed by ``ace_low_straight``."""

_FIVE_OF_A_KIND: Final = Category.FIVE_OF_A_KIND
"""A module constant: faster to read than the enum's class attribute."""
_MASK_SHIFT: Final = 3 * 13
"""Where the one-bit-per-card field starts in a packed hand, above the 13 rank-count fields."""


class _PackedById(dict[int, int]):
    """A dict whose missing keys read as a large negative number, so a sum with one is < 0."""

    def __missing__(self, _key: int) -> int:
        return _MISSING


_MISSING: Final = -(1 << 128)
"""Far below minus any sum of packed cards."""
_PACKED_BY_ID: Final = _PackedById(
    {
        id(card): (1 << (_MASK_SHIFT + card.index)) + _RANK_WEIGHT[card.index]
        for card in standard_deck()
    }
)
"""The packed form of each interned card (``Card.parse``, ``Card.from_index``,
``standard_deck``) by ``id()``, so that no card is hashed: a bit for the card above its rank
weight. Summed over at most six different cards, the rank fields count the ranks (as in
:func:`evaluate_indices`) and the card bits are the hand as a set: a repeated card carries, so
the set then has fewer bits than the hand has cards. The interned cards live as long as the
module, so their ids are never reused; any other object reads as :data:`_MISSING`, making the
sum negative, and takes the checked path."""
_NATURAL_CARDS: Final[tuple[int, ...]] = tuple(
    sum(1 << index for index in range(52) if (index >> 2) + 2 != rank)
    for rank in range(Rank.ACE + 1)
)
"""Indexed by the wild rank: the card bits of every natural (non-wild) card."""
_OFF_SUIT_CARDS: Final[tuple[int, ...]] = tuple(
    sum(1 << index for index in range(52) if index & 3 != suit) for suit in range(4)
)
"""For each suit, the card bits of every card of the other suits."""


def evaluate_indices(
    indices: tuple[int, ...], wild_rank: int, ace_low_straight: bool = True
) -> HandValue | None:
    """The fast, unchecked :func:`evaluate` over card indices (``Card.index``, 0..51).

    ``indices`` must be 5 or 6 different card indices and ``wild_rank`` a rank value (2..14);
    nothing is checked, so wrong input gives a wrong answer or an exception. For hot paths
    (bots, simulations, the engine's own legal-action generation): millions of calls per
    second, where the checked :func:`evaluate` does under one million::

        >>> from cardgames.cards import parse_cards
        >>> hand = tuple(card.index for card in parse_cards("Kh Kd Ks 9c 9h"))
        >>> str(evaluate_indices(hand, 9))
        'Five of a kind: kings'
    """
    weight = _RANK_WEIGHT
    if len(indices) == 6:
        a, b, c, d, e, f = indices
        return _SIX_CARD_TABLE.get(
            (weight[a] + weight[b] + weight[c] + weight[d] + weight[e] + weight[f])
            & _NATURAL_MASK[wild_rank]
        )
    a, b, c, d, e = indices
    value = _FIVE_CARD_TABLES[ace_low_straight].get(
        (weight[a] + weight[b] + weight[c] + weight[d] + weight[e]) & _NATURAL_MASK[wild_rank]
    )
    if value is None or value.category is Category.FIVE_OF_A_KIND:
        return value
    suit = _NATURAL_SUIT_BIT[wild_rank]
    bits = suit[a] | suit[b] | suit[c] | suit[d] | suit[e]
    return None if bits & (bits - 1) else value


def call_options_indices(
    indices: tuple[int, ...],
    wild_rank: int,
    ace_low_straight: bool = True,
    forbidden_discard: int | None = None,
) -> tuple[tuple[int | None, HandValue], ...]:
    """The fast, unchecked :func:`call_options` over card indices.

    ``indices`` must be 6 different card indices, ``wild_rank`` a rank value (2..14) and
    ``forbidden_discard`` None or one of ``indices``. Returns (discard index or None, value)
    pairs in :func:`call_options` order: discards by index (which is card order), then None.
    """
    weight = _RANK_WEIGHT
    a, b, c, d, e, f = indices
    natural = (weight[a] + weight[b] + weight[c] + weight[d] + weight[e] + weight[f]) & (
        _NATURAL_MASK[wild_rank]
    )
    six = _SIX_CARD_TABLE.get(natural)
    fives = _CALL_TABLES[ace_low_straight].get(natural)
    if fives is None:
        return () if six is None else ((None, six),)
    options: list[tuple[int | None, HandValue]] = []
    for discard in sorted(indices):
        rank = (discard >> 2) + 2
        value = fives.get(0 if rank == wild_rank else rank)
        if value is None or discard == forbidden_discard:
            continue
        if value.category is not Category.FIVE_OF_A_KIND:
            suit = _NATURAL_SUIT_BIT[wild_rank]
            bits = 0
            for index in indices:
                if index != discard:
                    bits |= suit[index]
            if bits & (bits - 1):
                continue
        options.append((discard, value))
    if six is not None:
        options.append((None, six))
    return tuple(options)
