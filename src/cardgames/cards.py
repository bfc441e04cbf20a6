"""Cards, suits, ranks, decks and seeded shuffling shared by every game.

Cards are small immutable values::

    >>> from cardgames.cards import Card, Rank, Suit, parse_cards
    >>> Card.parse("Ah")
    Card.parse('Ah')
    >>> Card.parse("10h") == Card.parse("Th") == Card(Rank.TEN, Suit.HEARTS)
    True
    >>> str(Card.parse("td")), Card.parse("td").unicode
    ('Td', '10♦')
    >>> parse_cards("Ah Kd 7c")
    (Card.parse('Ah'), Card.parse('Kd'), Card.parse('7c'))

Randomness never comes from the global :mod:`random` module: every helper takes a seed or a
:class:`random.Random` owned by the caller (see :func:`make_rng`).
"""

from __future__ import annotations

import enum
import random
import re
import secrets
from collections.abc import Iterable, Iterator, Sequence
from typing import Final, overload

import attrs

from cardgames.errors import DecodeError, InvalidConfigError, ParseError

__all__ = [
    "ACE_HIGH",
    "Card",
    "Rank",
    "RankOrder",
    "Suit",
    "deal",
    "format_cards",
    "forty_card_deck",
    "make_rng",
    "parse_cards",
    "shuffled",
    "standard_deck",
]


class Suit(enum.IntEnum):
    """The four French suits, in bridge order (clubs lowest).

    Suits never rank cards in either game; the order only makes sorting deterministic.
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The ASCII letter: ``c``, ``d``, ``h`` or ``s``."""
        return _SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        """The Unicode symbol: ``♣``, ``♦``, ``♥`` or ``♠``."""
        return _SUIT_SYMBOLS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse a suit letter (any case) or symbol (filled or hollow).

        Raises:
            ParseError: ``text`` is not a suit; the message quotes it.
        """
        try:
            return _SUIT_BY_TEXT[text.strip().lower()]
        except (KeyError, AttributeError):
            raise ParseError(f"unknown suit {text!r}: expected one of c d h s or ♣ ♦ ♥ ♠") from None

    def __str__(self) -> str:
        return self.letter


class Rank(enum.IntEnum):
    """The thirteen ranks, valued 2 to 14 so that the natural order is ace high (P2)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """The one-character ASCII form: ``2``…``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_LETTERS[self]

    @property
    def label(self) -> str:
        """The display form: as :attr:`letter`, but ``10`` for the ten."""
        return "10" if self is Rank.TEN else _RANK_LETTERS[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse ``2``…``10``, ``T``, ``J``, ``Q``, ``K`` or ``A`` (any case).

        Raises:
            ParseError: ``text`` is not a rank; the message quotes it.
        """
        try:
            return _RANK_BY_TEXT[text.strip().upper()]
        except (KeyError, AttributeError):
            raise ParseError(
                f"unknown rank {text!r}: expected one of 2-10, T, J, Q, K, A"
            ) from None

    def __str__(self) -> str:
        return self.letter


_SUIT_LETTERS: Final = {Suit.CLUBS: "c", Suit.DIAMONDS: "d", Suit.HEARTS: "h", Suit.SPADES: "s"}
_SUIT_SYMBOLS: Final = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_HOLLOW_SYMBOLS: Final = {Suit.CLUBS: "♧", Suit.DIAMONDS: "♢", Suit.HEARTS: "♡", Suit.SPADES: "♤"}
_SUIT_BY_TEXT: Final[dict[str, Suit]] = {
    **{v: k for k, v in _SUIT_LETTERS.items()},
    **{v: k for k, v in _SUIT_SYMBOLS.items()},
    **{v: k for k, v in _HOLLOW_SYMBOLS.items()},
}
_RANK_LETTERS: Final = {r: (str(r.value) if r.value < 10 else "TJQKA"[r.value - 10]) for r in Rank}
_RANK_BY_TEXT: Final[dict[str, Rank]] = {
    **{v: k for k, v in _RANK_LETTERS.items()},
    "10": Rank.TEN,
}


@attrs.frozen(order=True, repr=False, cache_hash=True)
class Card:
    """A playing card: a :class:`Rank` and a :class:`Suit`.

    Cards compare by rank, then suit (ace high), hash by value and print as two ASCII
    characters (``str(card) == "Ah"``); :attr:`unicode` gives the display form ``A♥``.
    ``repr(card)`` is valid Python (``Card.parse('Ah')``), so a failing example can be pasted
    into a test.

    Raises:
        TypeError: ``rank`` is not a :class:`Rank` or ``suit`` not a :class:`Suit`.
    """

    rank: Rank = attrs.field(validator=attrs.validators.instance_of(Rank))
    suit: Suit = attrs.field(validator=attrs.validators.instance_of(Suit))
    index: int = attrs.field(init=False, eq=False, order=False, hash=False, repr=False)
    """A dense index in 0..51: ``(rank - 2) * 4 + suit``, handy for arrays and masks.

    Stored when the card is made (not computed on each read): hand evaluators and engines
    index their tables by it on every card they touch.
    """

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "index", (self.rank - 2) * 4 + self.suit)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a card such as ``"Ah"``, ``"10h"``, ``"Th"``, ``"tH"`` or ``"A♥"``.

        Raises:
            ParseError: ``text`` is not a card; the message quotes it.
        """
        if not isinstance(text, str):
            raise ParseError(f"cannot parse {text!r} as a card: expected a string such as 'Ah'")
        card = _CARD_BY_TEXT.get(text.strip().lower())
        if card is None:
            raise ParseError(
                f"cannot parse {text!r} as a card: expected rank then suit, such as 'Ah', "
                "'10h', 'Th' or 'A♥'"
            )
        return card

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with the dense index ``index`` in 0..51 (see :attr:`index`).

        Raises:
            DecodeError: ``index`` is out of range (a ``ValueError`` too).
            TypeError: ``index`` is not an integer.
        """
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError(f"a card index is an int, not {type(index).__name__}")
        if not 0 <= index < len(_CARDS_BY_INDEX):
            raise DecodeError(f"card index {index} is out of range 0..51")
        return _CARDS_BY_INDEX[index]

    @property
    def unicode(self) -> str:
        """The display form with a suit symbol, such as ``A♥`` or ``10♠``."""
        return self.rank.label + self.suit.symbol

    def __str__(self) -> str:
        return self.rank.letter + self.suit.letter

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


_CARDS_BY_INDEX: Final[tuple[Card, ...]] = tuple(Card(rank, suit) for rank in Rank for suit in Suit)
_CARD_BY_TEXT: Final[dict[str, Card]] = {
    (rank_text + suit_text).lower(): card
    for card in _CARDS_BY_INDEX
    for rank_text in {card.rank.letter, card.rank.label}
    for suit_text in (card.suit.letter, card.suit.symbol, _HOLLOW_SYMBOLS[card.suit])
}
_SEPARATORS: Final = re.compile(r"[\s,]+")


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse cards separated by white space or commas, such as ``"Ah Kd 7c"``.

    The empty string gives no cards.

    Raises:
        ParseError: some word is not a card; the message quotes it.
    """
    if not isinstance(text, str):
        raise ParseError(f"cannot parse {text!r} as cards: expected a string such as 'Ah Kd'")
    try:
        return tuple(Card.parse(word) for word in _SEPARATORS.split(text.strip()) if word)
    except ParseError as error:
        raise ParseError(f"{error} (in {text!r})") from None


def format_cards(cards: Iterable[Card], *, unicode: bool = False) -> str:
    """Format cards separated by spaces, in ASCII (``Ah Kd``) or for display (``A♥ K♦``).

    Raises:
        TypeError: ``cards`` is not an iterable of cards.
    """
    words = []
    for card in cards:
        if not isinstance(card, Card):
            raise TypeError(f"format_cards: {card!r} is not a Card")
        words.append(card.unicode if unicode else str(card))
    return " ".join(words)


@attrs.frozen
class RankOrder:
    """An order of ranks, lowest first, for games whose ranks run differently.

    The default order is :data:`ACE_HIGH` (2 … K A). Sixes runs A 2 3 4 5 6 7 J Q K. An
    order is a sequence of its ranks, lowest first: it iterates, has a length, answers ``in``
    and indexes like the tuple ``ranks``::

        >>> from cardgames.cards import Rank, RankOrder
        >>> order = RankOrder.parse("A 2 3 4 5 6 7 J Q K")
        >>> order.successor(Rank.SEVEN), order.predecessor(Rank.ACE)
        (<Rank.JACK: 11>, None)
        >>> [str(rank) for rank in order], len(order), Rank.EIGHT in order, order[-1]
        (['A', '2', '3', '4', '5', '6', '7', 'J', 'Q', 'K'], 10, False, <Rank.KING: 13>)

    Raises:
        InvalidConfigError: no rank, or a repeated rank (a ``ValueError``).
        TypeError: ``ranks`` is not a tuple of :class:`Rank` values.
    """

    ranks: tuple[Rank, ...] = attrs.field()
    _position: dict[Rank, int] = attrs.field(init=False, eq=False, repr=False, hash=False)

    @ranks.validator
    def _check(self, _attribute: object, value: tuple[Rank, ...]) -> None:
        if not value or len(set(value)) != len(value):
            raise InvalidConfigError("a rank order needs at least one rank and no repeated rank")
        if not all(isinstance(rank, Rank) for rank in value):
            raise TypeError("a rank order holds Rank values")

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_position", {rank: i for i, rank in enumerate(self.ranks)})

    @classmethod
    def parse(cls, text: str) -> RankOrder:
        """Parse ranks separated by white space, lowest first.

        Raises:
            ParseError: a word is not a rank, or a rank repeats.
        """
        if not isinstance(text, str):
            raise ParseError(f"cannot parse {text!r} as a rank order: expected a string")
        try:
            ranks = tuple(Rank.parse(word) for word in text.split())
        except ParseError as error:
            raise ParseError(f"{error} (in rank order {text!r})") from None
        try:
            return cls(ranks)
        except ValueError:
            raise ParseError(
                f"invalid rank order {text!r}: it needs at least one rank and no repeats"
            ) from None

    def __contains__(self, rank: object) -> bool:
        return rank in self._position

    def __len__(self) -> int:
        return len(self.ranks)

    def __iter__(self) -> Iterator[Rank]:
        return iter(self.ranks)

    def __reversed__(self) -> Iterator[Rank]:
        return reversed(self.ranks)

    @overload
    def __getitem__(self, index: int) -> Rank: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Rank, ...]: ...
    def __getitem__(self, index: int | slice) -> Rank | tuple[Rank, ...]:
        return self.ranks[index]

    def position(self, rank: Rank) -> int:
        """The position of ``rank``, 0 for the lowest.

        Raises:
            InvalidConfigError: ``rank`` is not part of this order (a ``ValueError``).
        """
        try:
            return self._position[rank]
        except (KeyError, TypeError):
            raise InvalidConfigError(f"{rank!r} is not in the rank order {self}") from None

    def successor(self, rank: Rank) -> Rank | None:
        """The next higher rank, or None after the highest.

        Raises:
            InvalidConfigError: ``rank`` is not part of this order (a ``ValueError``).
        """
        i = self.position(rank) + 1
        return self.ranks[i] if i < len(self.ranks) else None

    def predecessor(self, rank: Rank) -> Rank | None:
        """The next lower rank, or None before the lowest.

        Raises:
            InvalidConfigError: ``rank`` is not part of this order (a ``ValueError``).
        """
        i = self.position(rank) - 1
        return self.ranks[i] if i >= 0 else None

    def sort_key(self, card: Card) -> tuple[int, int]:
        """A key that sorts cards by this order, then by suit.

        Raises:
            InvalidConfigError: the card's rank is not part of this order (a ``ValueError``).
            TypeError: ``card`` is not a :class:`Card`.
        """
        if not isinstance(card, Card):
            raise TypeError(f"sort_key: {card!r} is not a Card")
        return (self.position(card.rank), card.suit)


ACE_HIGH: Final = RankOrder(tuple(Rank))
"""The usual order, 2 lowest and ace highest (P2)."""


def standard_deck() -> tuple[Card, ...]:
    """The 52-card deck in a fixed order (by rank, then suit)."""
    return _CARDS_BY_INDEX


def forty_card_deck() -> tuple[Card, ...]:
    """The 40-card deck without 8s, 9s and 10s (the Spanish-suited pack of Sixes, S2)."""
    return tuple(
        card for card in _CARDS_BY_INDEX if card.rank not in {Rank.EIGHT, Rank.NINE, Rank.TEN}
    )


def make_rng(seed: int | random.Random | None) -> random.Random:
    """A private random generator: from ``seed``, or from the OS when ``seed`` is None.

    A :class:`random.Random` passed in is returned as it is (the caller owns its state). With
    None the seed comes from :mod:`secrets`, so a live table cannot be predicted.

    Raises:
        TypeError: ``seed`` is none of these.
    """
    if isinstance(seed, random.Random):
        return seed
    if seed is None:
        return random.Random(secrets.randbits(128))
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"a seed is an int, a random.Random or None, not {seed!r}")
    return random.Random(seed)


def shuffled(cards: Iterable[Card], rng: int | random.Random | None) -> tuple[Card, ...]:
    """The cards in a random order drawn from ``rng`` (never the global generator).

    Raises:
        TypeError: ``cards`` is not iterable, or ``rng`` is not a seed (see :func:`make_rng`).
    """
    order = list(cards)
    make_rng(rng).shuffle(order)
    return tuple(order)


def deal(
    cards: Sequence[Card], hands: int, cards_each: int | None = None
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Deal cards one at a time in turn to ``hands`` hands, from the front of ``cards``.

    Hand 0 receives the first card; callers rotate the result to start at the dealer's left.
    With ``cards_each`` None every card is dealt (the count must divide evenly).

    Returns:
        The hands and the undealt rest of ``cards``, in order.

    Raises:
        InvalidConfigError: too few cards, or an uneven deal of every card (a ``ValueError``).
        TypeError: ``cards`` is not a sequence, or a count is not an integer.
    """
    for count in (hands, cards_each):
        if isinstance(count, bool) or not isinstance(count, int | None):
            raise TypeError(f"deal: counts are integers, not {count!r}")
    if hands < 1:
        raise InvalidConfigError(f"cannot deal to {hands} hands")
    if cards_each is None:
        if len(cards) % hands:
            raise InvalidConfigError(f"{len(cards)} cards do not deal evenly to {hands} hands")
        cards_each = len(cards) // hands
    dealt = hands * cards_each
    if cards_each < 0 or dealt > len(cards):
        raise InvalidConfigError(f"cannot deal {cards_each} cards to each of {hands} hands")
    return (
        tuple(tuple(cards[i:dealt:hands]) for i in range(hands)),
        tuple(cards[dealt:]),
    )
