"""Deals within a session: ante, deal, showdown, payout, void deals and the next deal.

These are the engine's internal steps between player actions (P3-P7, P14, P18-P21). They work
on card indices (:attr:`cardgames.cards.Card.index`) and trust their inputs; the game class
validates everything a caller supplies.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from cardgames.cards import Card, parse_cards, standard_deck
from cardgames.errors import InvalidConfigError
from cardgames.game import PlayerId
from cardgames.paiute.config import PaiuteConfig
from cardgames.paiute.hands import HandValue, evaluate_indices
from cardgames.paiute.history import DealResult
from cardgames.paiute.state import CARDS, NO_LOG, PaiuteState, Table, state_of_log

__all__ = [
    "check_order",
    "deal_rng",
    "deck_for_deal",
    "end_deal",
    "next_deal",
    "rebuild_rng",
    "share_chips",
    "showdown",
    "shuffle",
    "start_deal",
    "void_deal",
]

HAND_SIZE: Final = 5


def deal_rng(chance_key: int, deal: int) -> random.Random:
    """The generator that shuffles the deck of deal number ``deal`` (P20)."""
    return random.Random(f"paiute:{chance_key}:deal:{deal}")


def rebuild_rng(chance_key: int, deal: int, rebuild: int) -> random.Random:
    """The generator that shuffles the ``rebuild``-th stock rebuild of a deal (P10)."""
    return random.Random(f"paiute:{chance_key}:deal:{deal}:rebuild:{rebuild}")


_STEPS: Final[tuple[tuple[tuple[int, int, int], ...], ...]] = tuple(
    tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1)) for size in range(53)
)
"""By list size up to 52: each position a shuffle fills, with the bound and bit count it draws."""


def _shuffle_by_bits(cards: list[int], rng: random.Random) -> None:
    """``rng.shuffle(cards)``, inlined: the same swaps from the same draws of ``getrandbits``.

    :meth:`random.Random.shuffle` draws each position with ``_randbelow``, which for a plain
    :class:`random.Random` takes ``n.bit_length()`` bits until they fall below ``n``; the
    positions, bounds and bit counts of a list of up to 52 cards come from :data:`_STEPS`.
    """
    getrandbits = rng.getrandbits
    size = len(cards)
    steps = (
        _STEPS[size]
        if size < len(_STEPS)
        else tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
    )
    for i, n, k in steps:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def _same_as_shuffle() -> bool:
    """Whether :func:`_shuffle_by_bits` gives what this Python's ``Random.shuffle`` gives."""
    for seed in range(8):
        for size in (52, 60):  # from the table of steps, and past it
            mine, theirs = list(range(size)), list(range(size))
            _shuffle_by_bits(mine, random.Random(seed))
            random.Random(seed).shuffle(theirs)
            if mine != theirs:
                return False
    return True


_FAST_SHUFFLE: Final = _same_as_shuffle()


def shuffle(cards: list[int], rng: random.Random) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle`` would, faster when it can."""
    if _FAST_SHUFFLE and type(rng) is random.Random:
        _shuffle_by_bits(cards, rng)
    else:
        rng.shuffle(cards)


def check_order(cards: Sequence[Card], expected: Sequence[int], what: str) -> tuple[int, ...]:
    """The indices of ``cards`` if they are a permutation of the cards ``expected``.

    Raises:
        InvalidConfigError: ``cards`` is not such a permutation; the message says why.
    """
    given: object = cards
    if isinstance(given, str) or not isinstance(given, Sequence):
        raise InvalidConfigError(f"{what} must be a sequence of cards, not {given!r}")
    for card in given:
        if not isinstance(card, Card):
            raise InvalidConfigError(f"{what} must hold Card values, not {card!r}")
    indices = tuple(card.index for card in cards)
    if len(indices) != len(expected) or set(indices) != set(expected):
        raise InvalidConfigError(
            f"{what} must be a permutation of {len(expected)} cards "
            f"(got {len(indices)} cards, {len(set(indices))} different)"
        )
    return indices


def start_deal(  # noqa: PLR0913 - the session fields a deal starts from
    config: PaiuteConfig,
    *,
    stacks: tuple[int, ...],
    pot: int,
    dealer: int,
    deal: int,
    results: tuple[DealResult, ...],
    chance_key: int,
    deck: tuple[int, ...] | None,
) -> PaiuteState:
    """Collect the antes and deal (P3, P5-P7); ``deck`` None shuffles from the chance key."""
    n = config.num_players
    ante = config.ante
    if deck is None:
        order = list(range(52))
        shuffle(order, deal_rng(chance_key, deal))
        deck = tuple(order)
    first = (dealer + 1) % n
    hands: list[tuple[int, ...]] = [()] * n
    for i in range(n):
        seat = (first + i) % n
        hands[seat] = tuple(sorted(deck[i : HAND_SIZE * n : n]))
    wild = deck[HAND_SIZE * n]
    pile = (deck[HAND_SIZE * n + 1],)
    stock = deck[HAND_SIZE * n + 2 :][::-1]
    if config.wild_indicator_in_play:
        stock = (wild, *stock)
    table = Table(
        stacks=tuple(stack - ante for stack in stacks),
        pot=pot + ante * n,
        dealer=PlayerId(dealer),
        deal=deal,
        wild=wild,
        results=results,
        chance_key=chance_key,
    )
    return state_of_log(
        table, tuple(hands), stock, pile, PlayerId(first), None, 0, None, None, (), NO_LOG
    )


def share_chips(chips: int, seats: Sequence[int], dealer: int, n: int) -> list[int]:
    """The chips per seat when ``chips`` are split equally among ``seats`` (P18).

    The odd chips go one each to those seats in clockwise order from the dealer's left.
    """
    ordered = sorted(seats, key=lambda seat: (seat - dealer - 1) % n)
    share, odd = divmod(chips, len(ordered))
    won = [0] * n
    for i, seat in enumerate(ordered):
        won[seat] = share + (1 if i < odd else 0)
    return won


def showdown(config: PaiuteConfig, state: PaiuteState, caller: PlayerId) -> DealResult:
    """Show every hand; the best winning combinations share the pot (P14, P17, P18)."""
    table = state.table
    n = config.num_players
    dealer = table.dealer
    hands = state.hand_indices
    wild_rank = CARDS[table.wild].rank
    values: tuple[HandValue | None, ...] = tuple(
        evaluate_indices(hand, wild_rank, config.ace_low_straight) for hand in hands
    )
    tiebreak = config.tiebreak
    keys = {seat: value.key(tiebreak) for seat, value in enumerate(values) if value}
    best = max(keys.values())
    tied = [seat for seat, key in keys.items() if key == best]
    ordered = sorted(tied, key=lambda seat: (seat - dealer - 1) % n)
    return DealResult(
        deal=table.deal,
        dealer=PlayerId(dealer),
        wild_card=CARDS[table.wild],
        caller=caller,
        shown=tuple(tuple(CARDS[i] for i in hand) for hand in hands),
        values=values,
        winners=tuple(PlayerId(seat) for seat in ordered),
        winnings=tuple(share_chips(table.pot, tied, dealer, n)),
        pot=table.pot,
    )


def void_deal(config: PaiuteConfig, state: PaiuteState) -> DealResult:
    """A deal that reached ``max_turns`` without a call: nobody wins, the pot stays (P21)."""
    table = state.table
    n = config.num_players
    return DealResult(
        deal=table.deal,
        dealer=PlayerId(table.dealer),
        wild_card=CARDS[table.wild],
        caller=None,
        shown=((),) * n,
        values=(None,) * n,
        winners=(),
        winnings=(0,) * n,
        pot=table.pot,
    )


def next_deal(
    config: PaiuteConfig,
    state: PaiuteState,
    result: DealResult,
    *,
    next_deck: tuple[int, ...] | None,
) -> PaiuteState:
    """Pay out ``result``, then deal again, or end the session and refund a carried pot.

    The session goes on while deals remain and everyone can ante (P19, P20).
    """
    table = state.table
    n = config.num_players
    dealer = table.dealer
    stacks = [stack + chips for stack, chips in zip(table.stacks, result.winnings, strict=True)]
    pot = table.pot - sum(result.winnings)
    results = (*table.results, result)
    if table.deal + 1 < config.deals and all(stack >= config.ante for stack in stacks):
        return start_deal(
            config,
            stacks=tuple(stacks),
            pot=pot,
            dealer=(dealer + 1) % n,
            deal=table.deal + 1,
            results=results,
            chance_key=table.chance_key,
            deck=next_deck,
        )
    if pot:
        refund = share_chips(pot, range(n), dealer, n)
        stacks = [stack + chips for stack, chips in zip(stacks, refund, strict=True)]
    final = Table(
        stacks=tuple(stacks),
        pot=0,
        dealer=dealer,
        deal=table.deal,
        wild=table.wild,
        results=results,
        chance_key=table.chance_key,
    )
    return state_of_log(
        final,
        state.hand_indices,
        state.stock_indices,
        state.pile_indices,
        None,
        None,
        state.turns_played,
        state.caller,
        state.last_to_play,
        state.rebuilt_indices,
        state._log,  # type: ignore[attr-defined]  # noqa: SLF001 - the history's log
    )


def end_deal(
    config: PaiuteConfig, state: PaiuteState, *, next_deck: tuple[int, ...] | None
) -> PaiuteState:
    """Settle the deal that ``state`` has just finished, then deal again or end the session.

    A called deal goes to the :func:`showdown` (P14, P18); a deal without a caller is a
    :func:`void_deal` (P21); then :func:`next_deal`.
    """
    caller = state.caller
    result = void_deal(config, state) if caller is None else showdown(config, state, caller)
    return next_deal(config, state, result, next_deck=next_deck)


DECK_INDICES: Final = tuple(card.index for card in standard_deck())
"""The 52 card indices."""


def _as_cards(cards: str | Sequence[Card], what: str) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return parse_cards(cards)
    result = tuple(cards)
    for card in result:
        if not isinstance(card, Card):
            raise InvalidConfigError(f"{what} must hold Card values, not {card!r}")
    return result


def deck_for_deal(
    *,
    dealer: int,
    hands: Sequence[str | Sequence[Card]],
    wild_card: str | Card,
    first_discard: str | Card,
    stock: str | Sequence[Card] = (),
) -> tuple[Card, ...]:
    """The deck order that deals exactly this position (P5-P7), for ``initial_state(deck=...)``.

    Args:
        dealer: The dealer's seat; the first card goes to the next seat (P5).
        hands: Each seat's five cards, by seat (``"Ah Kh Qh Jh Th"`` or cards).
        wild_card: The card turned up after the deal (P6).
        first_discard: The card that starts the discard pile (P7).
        stock: The top of the stock, the next card to be drawn first; the cards not named
            anywhere follow in card order.

    Raises:
        InvalidConfigError: a hand is not five cards, a card is named twice, or ``dealer`` is
            not a seat.

    Example::

        >>> from cardgames.paiute.session import deck_for_deal
        >>> deck = deck_for_deal(
        ...     dealer=1,
        ...     hands=["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d"],
        ...     wild_card="7h",
        ...     first_discard="8h",
        ...     stock="9h",
        ... )
        >>> " ".join(str(card) for card in deck[:13])
        '2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 7h 8h 9h'
    """
    n = len(hands)
    if not 0 <= dealer < n:
        raise InvalidConfigError(f"dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
    seat_hands = [_as_cards(hand, "a hand") for hand in hands]
    for seat, hand in enumerate(seat_hands):
        if len(hand) != HAND_SIZE:
            raise InvalidConfigError(f"seat {seat} must get {HAND_SIZE} cards, not {len(hand)}")
    wild = _as_cards([wild_card] if isinstance(wild_card, Card) else wild_card, "wild_card")
    first = _as_cards(
        [first_discard] if isinstance(first_discard, Card) else first_discard, "first_discard"
    )
    if len(wild) != 1 or len(first) != 1:
        raise InvalidConfigError("wild_card and first_discard are one card each")
    dealt = [seat_hands[(dealer + 1 + i % n) % n][i // n] for i in range(HAND_SIZE * n)]
    named = [*dealt, *wild, *first, *_as_cards(stock, "stock")]
    if len(set(named)) != len(named):
        raise InvalidConfigError("a card is named twice")
    used = set(named)
    return (*named, *(card for card in standard_deck() if card not in used))
