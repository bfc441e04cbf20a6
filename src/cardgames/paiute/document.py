"""The readable JSON form of a Paiute state: cards as cards, "nobody" as None.

:class:`~cardgames.paiute.state.PaiuteState` stores cards as dense indices and uses ``-1`` for
"nobody" or "nothing" (fast, but unreadable in a saved file). :class:`PaiuteStateDocument` is
the same state as a person reads it, and is what a state document's ``data`` holds::

    >>> from cardgames.paiute import Paiute, PaiuteConfig
    >>> from cardgames.paiute.document import from_document, to_document
    >>> state = Paiute(PaiuteConfig(num_players=2)).initial_state(seed=3)
    >>> doc = to_document(state)
    >>> doc.current_player, doc.drawn_card, len(doc.stock), doc.discard_pile
    (1, None, 40, (Card.parse('4d'),))
    >>> from_document(doc) == state
    True

:func:`from_document` checks what it can without the game's config (every card at most once,
the drawn card in the drawer's hand, seats not negative); the state decoder then checks the
rest with :func:`~cardgames.paiute.invariants.check_state`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import attrs

from cardgames.cards import Card
from cardgames.game import PlayerId
from cardgames.paiute.history import DealResult, PaiuteEvent
from cardgames.paiute.state import CARDS, PILE_FLAG, PaiuteState, Table, make_state

__all__ = ["PaiuteStateDocument", "from_document", "to_document"]

_INDEX: Final[dict[Card, int]] = {card: card.index for card in CARDS}


@attrs.frozen(kw_only=True)
class PaiuteStateDocument:
    """A Paiute state as its JSON document shows it (every card a card, "nobody" None).

    Attributes:
        stacks: Each seat's chips outside the pot (P19).
        pot: The chips in the pot (P3).
        dealer: The dealer of the current (or last) deal (P4, P20).
        deal_number: The current deal's number in the session, from 0.
        wild_card: The turned card whose rank is wild this deal (P6).
        hands: Every seat's hand, in card order.
        stock: The face-down stock, the next card to be drawn first (P7).
        discard_pile: The face-up discard pile, bottom first, the top card last (P7).
        current_player: The seat to act, or None once the session is over.
        drawn_card: The card the current player drew this turn, or None before the draw (P9).
        drawn_from_discard: Whether that card came from the discard pile (P9).
        turns_played: Completed turns in the current deal (P21).
        caller: Who called in the current deal, or None (P11).
        last_to_play: After a call, the seat whose final turn ends the deal (P12), else None.
        rebuilt_cards: The discards shuffled into the stock at its latest rebuild (P10).
        history: The current deal's public events, oldest first.
        results: The finished deals, oldest first.
        chance_key: The private key that resolves later shuffles (P10, P20).
    """

    stacks: tuple[int, ...]
    pot: int
    dealer: PlayerId
    deal_number: int
    wild_card: Card
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    current_player: PlayerId | None
    drawn_card: Card | None
    drawn_from_discard: bool
    turns_played: int
    caller: PlayerId | None
    last_to_play: PlayerId | None
    rebuilt_cards: tuple[Card, ...]
    history: tuple[PaiuteEvent, ...]
    results: tuple[DealResult, ...]
    chance_key: int


def to_document(state: PaiuteState) -> PaiuteStateDocument:
    """The readable form of ``state`` (nothing is lost: :func:`from_document` inverts it)."""
    table = state.table
    return PaiuteStateDocument(
        stacks=table.stacks,
        pot=table.pot,
        dealer=state.dealer,
        deal_number=table.deal,
        wild_card=state.wild_card,
        hands=state.hands,
        stock=state.stock,
        discard_pile=state.discard_pile,
        current_player=state.current_player,
        drawn_card=state.drawn_card,
        drawn_from_discard=state.drawn_from_discard,
        turns_played=state.turns_played,
        caller=state.caller,
        last_to_play=state.last_to_play,
        rebuilt_cards=state.rebuilt_cards,
        history=state.history,
        results=table.results,
        chance_key=table.chance_key,
    )


def _indices(cards: Iterable[Card], what: str) -> tuple[int, ...]:
    result = []
    for card in cards:
        if not isinstance(card, Card):
            raise TypeError(f"{what} must hold cards, not {card!r}")
        result.append(_INDEX[card])
    return tuple(result)


def _seat(seat: int | None, what: str) -> int:
    """A seat as the engine stores it: -1 for None."""
    if seat is None:
        return -1
    if seat < 0:
        raise ValueError(f"{what} must be a seat (>= 0) or null, not {seat!r}")
    return seat


def from_document(doc: PaiuteStateDocument) -> PaiuteState:
    """The state that ``doc`` describes; hands and rebuilt cards may be in any order.

    Raises:
        ValueError: the document cannot describe a state: a card appears twice among the
            hands, the stock, the discard pile and the wild card (P2, P6), the drawn card is
            not in the current player's hand or there is none to be drawn (P9), or a seat is
            negative. The rest (sizes, chips, turn order) is checked by
            :func:`~cardgames.paiute.invariants.check_state`.
    """
    hands = tuple(tuple(sorted(_indices(hand, "a hand"))) for hand in doc.hands)
    stock = _indices(doc.stock, "the stock")[::-1]
    pile = _indices(doc.discard_pile, "the discard pile")
    wild = _INDEX[doc.wild_card]
    placed = [card for hand in hands for card in hand] + [*stock, *pile]
    if len(set(placed)) != len(placed):
        raise ValueError("a card is in more than one place (or twice in one) (P2)")
    player = _seat(doc.current_player, "current_player")
    if doc.drawn_card is None:
        if doc.drawn_from_discard:
            raise ValueError("drawn_from_discard needs a drawn card (P9)")
        drawn = -1
    else:
        drawn = _INDEX[doc.drawn_card]
        if player < 0 or player >= len(hands) or drawn not in hands[player]:
            raise ValueError("the drawn card must be in the current player's hand (P9)")
        if doc.drawn_from_discard:
            drawn += PILE_FLAG
    table = Table(
        stacks=doc.stacks,
        pot=doc.pot,
        dealer=_seat(doc.dealer, "dealer"),
        deal=doc.deal_number,
        wild=wild,
        results=doc.results,
        chance_key=doc.chance_key,
    )
    return make_state(
        table,
        hands,
        stock,
        pile,
        player,
        drawn,
        doc.turns_played,
        _seat(doc.caller, "caller"),
        _seat(doc.last_to_play, "last_to_play"),
        tuple(sorted(_indices(doc.rebuilt_cards, "the rebuilt cards"))),
        doc.history,
    )
