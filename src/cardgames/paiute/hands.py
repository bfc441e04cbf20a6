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
from collections.abc import Iterable
from itertools import combinations
from typing import Final, NoReturn

import attrs

from cardgames.cards import Card, Rank, Suit, standard_deck
from cardgames.errors import InvalidConfigError
from cardgames.paiute import _hand_tables

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

    TWO_TWO_TWO = _hand_tables.TWO_TWO_TWO
    THREE_THREE = _hand_tables.THREE_THREE
    FOUR_TWO = _hand_tables.FOUR_TWO
    STRAIGHT_FLUSH = _hand_tables.STRAIGHT_FLUSH
    ROYAL_FLUSH = _hand_tables.ROYAL_FLUSH
    FIVE_OF_A_KIND = _hand_tables.FIVE_OF_A_KIND

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

    The input is checked in full (every item a :class:`~cardgames.cards.Card`, 5 or 6 of them,
    none repeated, a real rank), then valued by the same table lookups as
    :func:`evaluate_indices`.

    Args:
        cards: The 5 or 6 shown cards, all different.
        wild_rank: The wild rank of the deal (P6); a :class:`~cardgames.cards.Rank` or its int
            value.
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
    # The hot path, unrolled for 5 and 6 cards of exactly the Card class: the checks are the
    # type tests and the repeat test (a card counted twice sets an upper bit of its field, see
    # _hand_tables), and the cards are packed two at a time (_PAIRS) by their stored index
    # (Card.index is a slot, not a property). Anything else (another iterable size, a Card
    # subclass, a non-card, a repeat, an int rank) takes _evaluate_checked, which raises the
    # documented errors or values the hand the same way.
    # `x.__class__ is Card` is the cheapest exact type test (isinstance honours __class__ too).
    hand = cards if cards.__class__ is tuple else tuple(cards)
    size = len(hand)
    try:
        if size == 5:
            a, b, c, d, e = hand
            if (
                a.__class__ is Card
                and b.__class__ is Card
                and c.__class__ is Card
                and d.__class__ is Card
                and e.__class__ is Card
                and wild_rank.__class__ is Rank
            ):
                packed = _PAIRS[a.index][b.index] + _PAIRS[c.index][d.index] + _PACKED[e.index]
                if not packed & _REPEATS:
                    value = (_FIVE_ACE_LOW_GET if ace_low_straight else _FIVE_ACE_HIGH_GET)(
                        packed & _NATURAL_MASK[wild_rank]
                    )
                    if value is None or value.category is _FIVE_OF_A_KIND:
                        return value
                    return value if _one_suit(packed & _NATURAL_CARDS[wild_rank]) else None
        elif size == 6:
            a, b, c, d, e, f = hand
            if (
                a.__class__ is Card
                and b.__class__ is Card
                and c.__class__ is Card
                and d.__class__ is Card
                and e.__class__ is Card
                and f.__class__ is Card
                and wild_rank.__class__ is Rank
            ):
                packed = (
                    _PAIRS[a.index][b.index] + _PAIRS[c.index][d.index] + _PAIRS[e.index][f.index]
                )
                if not packed & _REPEATS:
                    return _SIX_CARD_GET(packed & _NATURAL_MASK[wild_rank])
    except (AttributeError, IndexError, TypeError):
        pass  # an object that only claims to be a Card or a Rank: the checked path says so

    return _evaluate_checked(hand, wild_rank, ace_low_straight=ace_low_straight)


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


# --- validation: the checked path -------------------------------------------------------------


_INDEX_OF: Final[dict[Card, int]] = {card: card.index for card in standard_deck()}
"""Card indices by card (hashed by value), for the forbidden discard of :func:`call_options`."""


def _evaluate_checked(
    hand: tuple[Card, ...], wild_rank: Rank | int, *, ace_low_straight: bool
) -> HandValue | None:
    """:func:`evaluate` the long way: check everything, then :func:`evaluate_indices`."""
    indices = _checked_indices(hand, (5, 6))
    return evaluate_indices(indices, int(_checked_rank(wild_rank)), bool(ace_low_straight))


def _reject_size_or_repeat(
    hand: tuple[Card, ...], indices: tuple[int, ...], sizes: tuple[int, ...]
) -> NoReturn:
    """Raise the ValueError for a hand of the wrong size or with a repeated card."""
    if len(indices) not in sizes:
        expected = " or ".join(map(str, sizes))
        raise ValueError(f"a Paiute hand is valued as {expected} cards (P16), not {len(hand)}")
    repeated = next(card for card in hand if hand.count(card) > 1)
    raise ValueError(f"the hand holds {repeated} more than once")


def _checked_indices(cards: Iterable[Card], sizes: tuple[int, ...]) -> tuple[int, ...]:
    """The card indices of a hand of different cards whose size is one of ``sizes``.

    Every item must be a :class:`~cardgames.cards.Card` (a subclass too); its index comes from
    its rank and suit, so equal cards built anew count as the same card.

    Raises:
        TypeError: something other than a card.
        ValueError: the hand's size is not one of ``sizes``, or a card is repeated.
    """
    hand = tuple(cards)
    items: tuple[object, ...] = hand  # typed as cards, but checked as anything
    found: list[int] = []
    for item in items:
        # a real card holds a Rank and a Suit (an object may claim the Card class and not)
        if not (
            isinstance(item, Card) and item.rank.__class__ is Rank and item.suit.__class__ is Suit
        ):
            raise TypeError(f"a hand holds Card values, not {item!r}")
        found.append(_INDEX_BY_RANK[item.rank][item.suit])
    indices = tuple(found)
    if len(indices) not in sizes or len(set(indices)) != len(indices):
        _reject_size_or_repeat(hand, indices, sizes)
    return indices


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


# --- the fast evaluator: lookup tables over rank counts (built in _hand_tables) ---------------


def _make_value(category: int, ranks: tuple[int, ...]) -> HandValue:
    """The value of a combination, for the table builder."""
    return HandValue(Category(category), ranks)


_TABLES: Final = _hand_tables.build(_make_value)
_SIX_CARD_TABLE: Final = _TABLES.six
_FIVE_CARD_TABLES: Final = _TABLES.five
"""Indexed by ``ace_low_straight``."""
_FIVE_ACE_HIGH, _FIVE_ACE_LOW = _FIVE_CARD_TABLES
_SIX_CARD_GET: Final = _SIX_CARD_TABLE.get
_FIVE_ACE_HIGH_GET: Final = _FIVE_ACE_HIGH.get
_FIVE_ACE_LOW_GET: Final = _FIVE_ACE_LOW.get
"""The tables' bound ``get``: calling one is measurably cheaper than ``table.get(...)``."""
_CALL_TABLES: Final = _TABLES.calls
"""Indexed by ``ace_low_straight``."""
_RANK_WEIGHT: Final = _hand_tables.RANK_WEIGHT
_PACKED: Final = _hand_tables.PACKED
_PAIRS: Final = _hand_tables.PAIRS
_REPEATS: Final = _hand_tables.REPEATS
_INDEX_BY_RANK: Final = _hand_tables.INDEX_BY_RANK
_NATURAL_MASK: Final = _hand_tables.NATURAL_MASK
_NATURAL_SUIT_BIT: Final = _hand_tables.NATURAL_SUIT_BIT
_NATURAL_CARDS: Final = _hand_tables.NATURAL_CARDS
_one_suit: Final = _hand_tables.one_suit
_FIVE_OF_A_KIND: Final = Category.FIVE_OF_A_KIND
"""A module constant: faster to read than the enum's class attribute."""

# For the engine's legal-action generation: whether six cards can call or show at all is one
# set lookup of their natural-rank key (the first step of call_options_indices).
RANK_WEIGHT: Final = _RANK_WEIGHT
"""By card index: the card's unit in a hand's natural-rank key (the key is the sum over the
hand, masked by :data:`NATURAL_MASK_BY_WILD_CARD`)."""
NATURAL_MASK_BY_WILD_CARD: Final[tuple[int, ...]] = tuple(
    _NATURAL_MASK[(index >> 2) + 2] for index in range(52)
)
"""By the index of the turned wild card: the mask that keeps a key's natural ranks."""
SHOW_KEYS: Final[frozenset[int]] = frozenset(_SIX_CARD_TABLE)
"""The natural-rank keys of six cards that form a six-card combination (P15, P16): six cards
are worth something as six exactly when their key is here."""
CALL_KEYS: Final[tuple[frozenset[int], frozenset[int]]] = (
    SHOW_KEYS | frozenset(_CALL_TABLES[False]),
    SHOW_KEYS | frozenset(_CALL_TABLES[True]),
)
"""By ``ace_low_straight``: the natural-rank keys of six cards that may have a call (P11).
Six cards whose key is not here have none; for one that is, :func:`call_options_indices`
says which calls there are (a straight flush still needs one suit)."""


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
