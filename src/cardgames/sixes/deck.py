"""The Sixes deck (S2) and its dense card indexing, bitmasks and column geometry.

Sixes plays the 40-card deck, each suit running A 2 3 4 5 6 7 J Q K (:data:`SIXES_ORDER`). Each
card has a dense index in 0..39, ``suit * 10 + position``, which is also its action id
(:func:`card_index`) and its bit in the integer bitmasks the engine uses for hands and the table::

    >>> from cardgames.cards import Card
    >>> from cardgames.sixes.deck import card_index, card_at
    >>> card_index(Card.parse("6d")), card_at(15)
    (15, Card.parse('6d'))
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import itemgetter
from typing import Final

from cardgames.cards import Card, Rank, RankOrder, Suit
from cardgames.sixes.config import Direction

__all__ = [
    "BITS",
    "CARD_INDEX",
    "DECK_SIZE",
    "FULL_MASK",
    "GROWTH",
    "INDEX_BY_CARD_INDEX",
    "INDEX_BY_SUIT_RANK",
    "PLAIN_DRAWS",
    "SHUFFLE_STEPS",
    "SIXES_DECK",
    "SIXES_ORDER",
    "SIX_OF_DIAMONDS",
    "SIX_OF_DIAMONDS_BIT",
    "SIX_POSITION",
    "SUIT_SPAN",
    "card_at",
    "card_index",
    "cards_of_mask",
    "column_of",
    "columns_of",
    "deck_for_hands",
    "index_of",
    "indices_of_mask",
    "is_valid_table",
    "mask_of_cards",
    "mask_of_distinct",
    "mask_of_indices",
    "mask_reader",
    "pile_dealer",
    "playable_mask",
    "seeded_random",
    "shuffle",
    "shuffle_draws",
    "shuffled_deck",
]

SIXES_ORDER: Final = RankOrder.parse("A 2 3 4 5 6 7 J Q K")
"""The rank order within a suit, lowest first (S2); 7 and J are adjacent."""

SUIT_SPAN: Final = 10
"""Cards per suit, and the stride between suits in the dense index."""

SIX_POSITION: Final = 5
"""The position of the 6 in :data:`SIXES_ORDER`."""

DECK_SIZE: Final = 4 * SUIT_SPAN
"""The 40 cards of S2."""

FULL_MASK: Final = (1 << DECK_SIZE) - 1
"""The bitmask holding every card."""

SIXES_DECK: Final[tuple[Card, ...]] = tuple(
    Card(rank, suit) for suit in Suit for rank in SIXES_ORDER.ranks
)
"""The 40 cards in index order: clubs A…K, diamonds A…K, hearts A…K, spades A…K."""

_INDEX_BY_CARD: Final[dict[Card, int]] = {card: i for i, card in enumerate(SIXES_DECK)}
CARD_INDEX: Final[Mapping[Card, int]] = _INDEX_BY_CARD
"""A read-only map from each of the 40 cards to its dense index (see :func:`card_index`)."""

SIX_OF_DIAMONDS: Final = Card.parse("6d")
"""The card that opens every round (S5)."""

SIX_OF_DIAMONDS_BIT: Final = 1 << _INDEX_BY_CARD[SIX_OF_DIAMONDS]
_SUIT_MASK: Final = (1 << SUIT_SPAN) - 1
_SUITS: Final = tuple(range(4))
_SUIT_BASES: Final = tuple(SUIT_SPAN * suit for suit in _SUITS)
BITS: Final = tuple(1 << index for index in range(DECK_SIZE))
"""``BITS[i]``: the bit of card index ``i`` (one shared int: no shift, no new object)."""
_BITS: Final = BITS


def _index_by_suit_rank() -> tuple[tuple[int | None, ...], ...]:
    table: list[list[int | None]] = [[None] * (max(Rank) + 1) for _ in Suit]
    for index, card in enumerate(SIXES_DECK):
        table[card.suit][card.rank] = index
    return tuple(map(tuple, table))


INDEX_BY_SUIT_RANK: Final[tuple[tuple[int | None, ...], ...]] = _index_by_suit_rank()
"""``INDEX_BY_SUIT_RANK[card.suit][card.rank]``: the dense index of a card, None for an 8, 9 or
10 (S2). A lookup by value that hashes nothing: the engine's hot paths find cards with it."""


def _index_by_card_index() -> tuple[int | None, ...]:
    table: list[int | None] = [None] * (4 * len(Rank))
    for index, card in enumerate(SIXES_DECK):
        table[card.index] = index
    return tuple(table)


INDEX_BY_CARD_INDEX: Final[tuple[int | None, ...]] = _index_by_card_index()
"""``INDEX_BY_CARD_INDEX[card.index]``: the dense Sixes index of a :class:`~cardgames.cards.Card`
from its 52-card :attr:`~cardgames.cards.Card.index`, None for an 8, 9 or 10 (S2). One lookup
that hashes nothing (for a card of the class ``Card`` itself; a subclass is no Sixes card)."""


def card_index(card: Card) -> int:
    """The dense index of ``card`` in 0..39 (suit-major, A low); its action id for Play.

    Raises:
        KeyError: ``card`` is an 8, 9 or 10, which Sixes does not use (S2).
    """
    return _INDEX_BY_CARD[card]


def index_of(card: object) -> int | None:
    """The dense index of ``card``, or None when it is not a card of the Sixes deck."""
    return _INDEX_BY_CARD.get(card) if isinstance(card, Card) else None


def card_at(index: int) -> Card:
    """The card with dense index ``index`` (see :func:`card_index`).

    Raises:
        IndexError: ``index`` is not in 0..39.
    """
    if not 0 <= index < DECK_SIZE:
        raise IndexError(f"Sixes card index {index} is out of range 0..39")
    return SIXES_DECK[index]


def mask_of_columns(columns: Iterable[Iterable[Card]]) -> int:
    """The bitmask of every card of ``columns`` (which must all be Sixes cards).

    Columns made by :func:`columns_of` (those of every state and observation the engine
    builds) are the suit tables' own tuples: such a column is recognized as the entry of its
    run (found from its first card and its length) and taken whole; any other is read card by
    card.
    """
    mask = 0
    if columns.__class__ is tuple and len(columns) == len(_SUIT_CARDS):
        for base, suit_table, column in zip(_SUIT_BASES, _SUIT_CARDS, columns, strict=True):
            if column.__class__ is tuple:
                if not column:
                    continue
                first = column[0]
                index = INDEX_BY_CARD_INDEX[first.index] if first.__class__ is Card else None
                if index is not None and index >= base:
                    chunk = ((1 << len(column)) - 1) << (index - base)
                    if chunk <= _SUIT_MASK and suit_table[chunk] is column:
                        mask |= chunk << base
                        continue
            mask |= mask_of_cards(column)
        return mask
    for column in columns:
        mask |= mask_of_cards(column)
    return mask


def mask_of_cards(cards: Iterable[Card]) -> int:
    """The bitmask of ``cards`` (which must all be Sixes cards).

    Raises:
        KeyError: a card is not one of the 40 Sixes cards (S2).
    """
    mask = 0
    table = INDEX_BY_SUIT_RANK
    for card in cards:
        index = table[card.suit][card.rank] if card.__class__ is Card else None
        mask |= 1 << (_INDEX_BY_CARD[card] if index is None else index)
    return mask


PLAIN_DRAWS: Final = getattr(random.Random, "_randbelow", None) is getattr(
    random.Random, "_randbelow_with_getrandbits", None
)
"""Whether a plain :class:`random.Random` draws below ``n`` by rejection from ``getrandbits``."""


_SEED: Final = getattr(random.Random.__mro__[1], "seed", None)
"""The C generator's own ``seed`` (``_random.Random.seed``), which ``random.Random.seed`` calls."""


def _seeded_once(seed: int) -> random.Random:
    """A ``random.Random`` seeded with ``seed`` by the C generator's ``seed`` alone."""
    rng: random.Random = random.Random.__new__(random.Random)
    _SEED(rng, seed)  # type: ignore[misc]
    # What random.Random.seed sets besides (for gauss), so that getstate() works as well.
    rng.gauss_next = None  # type: ignore[attr-defined]
    return rng


def _seeds_once_alike() -> bool:
    """Whether :func:`_seeded_once` gives this Python's ``random.Random(seed)`` exactly."""
    if _SEED is None or random.Random.__init__.__module__ != "random":
        return False
    seeds = (0, 1, 2**31 + 5, (2**64 - 59) << 32 | 7)
    return all(_seeded_once(seed).getstate() == random.Random(seed).getstate() for seed in seeds)


_SEEDS_ONCE: Final = _seeds_once_alike()


def seeded_random(seed: int) -> random.Random:
    """``random.Random(seed)`` for an int ``seed``, the same generator state, made faster.

    ``random.Random(seed)`` runs ``__init__`` and ``seed`` in Python, which check the seed's
    type and call the C generator's ``seed``; the deal of every round (S9) seeds a generator,
    so this calls the C ``seed`` directly. Checked at import against the running Python's
    ``random.Random``; where they differ it is ``random.Random(seed)`` itself.
    """
    if _SEEDS_ONCE:
        return _seeded_once(seed)
    return random.Random(seed)


SHUFFLE_STEPS: Final = tuple(
    tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
    for size in range(DECK_SIZE + 1)
)
"""``SHUFFLE_STEPS[n]``: the Fisher-Yates steps of shuffling ``n`` items (up to the 40 cards):
the position fixed, the number of items left to draw from, and the bits ``random.Random``
draws for that (rejecting draws beyond it)."""
_SHUFFLE_STEPS: Final = SHUFFLE_STEPS


def _unrolled_shuffle() -> Callable[[Callable[[int], int]], list[int]]:
    """A function drawing, like :func:`shuffle` of the 40 card indices, with every step unrolled.

    Generated once at import, as attrs generates ``__init__``: each Fisher-Yates step is its own
    statements with its constants, so a deal (S4, S9) runs no loop over the step table.
    """
    lines = ["def shuffled(getrandbits):", f"    order = list(range({DECK_SIZE}))"]
    for i, size, bits in SHUFFLE_STEPS[DECK_SIZE]:
        lines.append(f"    j = getrandbits({bits})")
        if size != 1 << bits:  # a power of two is never rejected
            lines += [f"    while j >= {size}:", f"        j = getrandbits({bits})"]
        lines.append(f"    order[{i}], order[j] = order[j], order[{i}]")
    lines.append("    return order")
    namespace: dict[str, object] = {}
    exec(compile("\n".join(lines), "<sixes shuffle of 40>", "exec"), namespace)  # noqa: S102 - generated from constants only
    return namespace["shuffled"]  # type: ignore[return-value]


shuffled_deck: Final = _unrolled_shuffle()
"""``shuffled_deck(rng.getrandbits)``: ``list(range(40))`` in the order ``rng.shuffle`` gives it
for a plain :class:`random.Random` (where :data:`PLAIN_DRAWS`), with the very same draws."""


@functools.lru_cache(maxsize=DECK_SIZE)
def pile_dealer(piles: int) -> Callable[[Callable[[int], int]], tuple[int, ...]]:
    """A function dealing the 40 cards, shuffled as :data:`shuffled_deck` shuffles them, into piles.

    ``pile_dealer(n)(rng.getrandbits)`` gives ``n`` bitmasks: pile ``c`` holds the cards at
    the deck positions ``c``, ``c + n``, ``c + 2n``, … of the order that
    :data:`shuffled_deck` gives for the same generator, with the very same draws (so, for a
    plain :class:`random.Random`, of ``rng.shuffle`` of the 40 card indices). Dealing one card
    at a time round the table (S4) gives each seat the cards of one pile.

    A Fisher-Yates step ``i`` swaps positions ``i`` and ``j <= i`` and never touches position
    ``i`` again, so the card it brings there is the card of position ``i`` for good: the
    function adds its bit to pile ``i % n`` and moves the card of ``i`` to ``j``, without
    building the shuffled deck. Generated once per pile count (the 40 steps unrolled, like
    :data:`shuffled_deck`).

    Raises:
        ValueError: ``piles`` is not in 1..40.
    """
    if not 1 <= piles <= DECK_SIZE:
        raise ValueError(f"the 40 cards go into 1 to 40 piles, not {piles}")
    lines = ["def piles(getrandbits):", "    order = list(BITS)"]
    started: set[int] = set()
    for i, size, bits in SHUFFLE_STEPS[DECK_SIZE]:
        lines += [
            f"    j = getrandbits({bits})",
            f"    while j >= {size}:",
            f"        j = getrandbits({bits})",
        ]
        pile = i % piles
        lines.append(f"    p{pile} {'+=' if pile in started else '='} order[j]")
        lines.append(f"    order[j] = order[{i}]")
        started.add(pile)
    lines.append(f"    p0 {'+=' if 0 in started else '='} order[0]")
    lines.append(f"    return ({''.join(f'p{pile}, ' for pile in range(piles))})")
    namespace: dict[str, object] = {"BITS": BITS}
    source = "\n".join(lines)
    exec(compile(source, f"<sixes deal into {piles} piles>", "exec"), namespace)  # noqa: S102 - generated from constants only
    return namespace["piles"]  # type: ignore[return-value]


def shuffle(rng: random.Random, items: list[int]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does, only faster.

    For a plain :class:`random.Random` the draws of ``random.shuffle`` (Fisher-Yates, each
    index drawn by rejection sampling from ``getrandbits``) are made inline; any other
    generator's own ``shuffle`` is called.
    """
    if rng.__class__ is not random.Random or not PLAIN_DRAWS:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    if len(items) < len(_SHUFFLE_STEPS):
        for i, size, bits in _SHUFFLE_STEPS[len(items)]:
            j = getrandbits(bits)
            while j >= size:
                j = getrandbits(bits)
            items[i], items[j] = items[j], items[i]
        return
    for i in range(len(items) - 1, 0, -1):
        size = i + 1
        bits = size.bit_length()
        j = getrandbits(bits)
        while j >= size:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def shuffle_draws(rng: random.Random, size: int) -> None:
    """Draw from ``rng`` exactly what :func:`shuffle` of ``size`` items draws, moving nothing.

    For a caller to whom the order is of no use (every item goes to one place) but whose
    generator must end where the shuffle would leave it.
    """
    if rng.__class__ is not random.Random or not PLAIN_DRAWS or size >= len(_SHUFFLE_STEPS):
        shuffle(rng, list(range(size)))
        return
    getrandbits = rng.getrandbits
    for _, items, bits in _SHUFFLE_STEPS[size]:
        while getrandbits(bits) >= items:
            pass


def mask_of_indices(indices: Iterable[int]) -> int:
    """The bitmask of the card indices ``indices``."""
    mask = 0
    for index in indices:
        mask |= 1 << index
    return mask


def mask_of_distinct(indices: Sequence[int]) -> int:
    """:func:`mask_of_indices` of different indices in 0..39, summed in C.

    The bits are fetched by one ``operator.itemgetter`` (a tuple of them) and summed.
    """
    if len(indices) > 1:
        bits: tuple[int, ...] = itemgetter(*indices)(_BITS)
        return sum(bits)
    return _BITS[indices[0]] if indices else 0


def _suit_table(suit: Suit) -> tuple[tuple[Card, ...], ...]:
    """For each 10-bit chunk ``bits`` of one suit, the cards whose positions are set, A first."""
    base = SUIT_SPAN * suit
    table: list[tuple[Card, ...]] = [()]
    for position in range(SUIT_SPAN):
        card = (SIXES_DECK[base + position],)
        table += [cards + card for cards in table]
    return tuple(table)


_CLUBS, _DIAMONDS, _HEARTS, _SPADES = _SUIT_CARDS = tuple(_suit_table(suit) for suit in Suit)
"""``_SUIT_CARDS[suit][bits]``: the cards of one suit's 10-bit chunk of a mask, built once."""


_CHUNK_INDICES: Final = tuple(
    tuple(i for i in range(SUIT_SPAN) if bits >> i & 1) for bits in range(1 << SUIT_SPAN)
)


def _suit_chunks(values: Sequence[int]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``[suit][chunk]``: the ``values`` of the cards set in a suit's 10-bit chunk, lowest first."""
    return tuple(
        tuple(tuple(values[SUIT_SPAN * suit + i] for i in chunk) for chunk in _CHUNK_INDICES)
        for suit in _SUITS
    )


def mask_reader(values: Sequence[int]) -> Callable[[int], tuple[int, ...]]:
    """A function giving ``values[i]`` for each card index ``i`` of a mask, lowest first.

    The mask must hold only the 40 cards. Each suit's 10-bit chunk is one look-up in a table
    built here once, so a mask costs four look-ups and three tuple additions::

        >>> mask_reader(range(100, 140))(0b1011)
        (100, 101, 103)
    """
    clubs, diamonds, hearts, spades = _suit_chunks(values)

    def read(mask: int) -> tuple[int, ...]:
        return (
            clubs[mask & _SUIT_MASK]
            + diamonds[mask >> 10 & _SUIT_MASK]
            + hearts[mask >> 20 & _SUIT_MASK]
            + spades[mask >> 30]
        )

    return read


indices_of_mask: Final = mask_reader(range(DECK_SIZE))
"""``indices_of_mask(mask)``: the card indices of ``mask``, lowest first (only the 40 cards)."""


def cards_of_mask(mask: int) -> tuple[Card, ...]:
    """The cards of ``mask`` in index order (suit, then A…K).

    Raises:
        IndexError: ``mask`` has a bit outside the 40 cards.
    """
    spades = mask >> 30
    if not 0 <= spades <= _SUIT_MASK:
        raise IndexError(f"Sixes card mask {mask:#x} has bits outside the 40 cards")
    return (
        _CLUBS[mask & _SUIT_MASK]
        + _DIAMONDS[mask >> 10 & _SUIT_MASK]
        + _HEARTS[mask >> 20 & _SUIT_MASK]
        + _SPADES[spades]
    )


def column_of(table: int, suit: Suit) -> tuple[Card, ...]:
    """The run of ``suit`` on the table (low to high), empty when the suit has no column."""
    return _SUIT_CARDS[suit][table >> (SUIT_SPAN * suit) & _SUIT_MASK]


def columns_of(table: int) -> tuple[tuple[Card, ...], ...]:
    """The four columns of ``table``, indexed by :class:`~cardgames.cards.Suit`, low to high."""
    return (
        _CLUBS[table & _SUIT_MASK],
        _DIAMONDS[table >> 10 & _SUIT_MASK],
        _HEARTS[table >> 20 & _SUIT_MASK],
        _SPADES[table >> 30 & _SUIT_MASK],
    )


def _run_ends(segment: int) -> tuple[int, int]:
    """The lowest and highest positions of a non-empty suit segment."""
    return (segment & -segment).bit_length() - 1, segment.bit_length() - 1


def is_valid_table(table: int) -> bool:
    """Whether ``table`` is reachable: each suit empty or one run through its 6, diamonds first."""
    if table & ~FULL_MASK or table < 0:
        return False
    if table and not table & SIX_OF_DIAMONDS_BIT:
        return False
    for suit in _SUITS:
        segment = (table >> (SUIT_SPAN * suit)) & _SUIT_MASK
        if not segment:
            continue
        low, high = _run_ends(segment)
        if not low <= SIX_POSITION <= high or segment != ((1 << (high + 1)) - (1 << low)):
            return False
    return True


def playable_mask(table: int) -> int:
    """The cards that may be played next on ``table`` (S5, S6), whoever holds them.

    An empty table takes only the 6♦ (S5); otherwise each suit takes its 6 when it has no column,
    else the next card beyond either end of its column.
    """
    if not table:
        return SIX_OF_DIAMONDS_BIT
    playable = 0
    for suit in _SUITS:
        base = SUIT_SPAN * suit
        segment = (table >> base) & _SUIT_MASK
        if not segment:
            playable |= 1 << (base + SIX_POSITION)
            continue
        low, high = _run_ends(segment)
        if low > 0:
            playable |= 1 << (base + low - 1)
        if high < SUIT_SPAN - 1:
            playable |= 1 << (base + high + 1)
    return playable


def _growth(index: int) -> int:
    """The cards that become playable when the card ``index`` is played (S6)."""
    suit, position = divmod(index, SUIT_SPAN)
    if index == SIX_OF_DIAMONDS_BIT.bit_length() - 1:
        other_sixes = sum(1 << (SUIT_SPAN * s + SIX_POSITION) for s in Suit if s != suit)
        return other_sixes | (1 << (index - 1)) | (1 << (index + 1))
    if position == SIX_POSITION:
        return (1 << (index - 1)) | (1 << (index + 1))
    if 0 < position < SIX_POSITION:
        return 1 << (index - 1)
    if SIX_POSITION < position < SUIT_SPAN - 1:
        return 1 << (index + 1)
    return 0


GROWTH: Final[tuple[int, ...]] = tuple(_growth(i) for i in range(DECK_SIZE))
"""``GROWTH[i]``: the cards a play of card ``i`` makes playable (the incremental S6 update)."""


def deck_for_hands(
    hands: Sequence[Iterable[Card]],
    *,
    dealer: int,
    direction: Direction | str = Direction.CLOCKWISE,
) -> tuple[Card, ...]:
    """A deck order from which ``dealer`` deals exactly ``hands[s]`` to each seat ``s`` (S4).

    The inverse of the deal: pass it as ``initial_state(deck=..., dealer=dealer)`` to start
    from chosen hands. Cards go one at a time from the dealer's left (their right when the
    direction is anticlockwise, S11); each hand is dealt in the order given::

        >>> from cardgames.cards import parse_cards
        >>> deck_for_hands([parse_cards("Ac 2c"), parse_cards("3c 4c")], dealer=1)
        (Card.parse('Ac'), Card.parse('3c'), Card.parse('2c'), Card.parse('4c'))

    Raises:
        ValueError: the hands are not equal in size, or ``direction`` is unknown.
    """
    piles = [list(hand) for hand in hands]
    n = len(piles)
    if n == 0 or any(len(pile) != len(piles[0]) for pile in piles):
        raise ValueError("deck_for_hands needs one or more hands of equal size")
    step = 1 if Direction(direction) is Direction.CLOCKWISE else -1
    return tuple(piles[(dealer + step * (1 + i % n)) % n][i // n] for i in range(n * len(piles[0])))
