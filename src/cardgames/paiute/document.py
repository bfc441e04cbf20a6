"""The readable JSON form of a Paiute state: cards as cards, "nobody" as None.

:class:`~cardgames.paiute.state.PaiuteState` stores cards as dense indices and the stock with
its top card last (fast, but unreadable in a saved file). :class:`PaiuteStateDocument` is the
same state as a person reads it, and is what a state document's ``data`` holds (its shape is
that of format version 1, unchanged)::

    >>> from cardgames.paiute import Paiute, PaiuteConfig
    >>> from cardgames.paiute.document import from_document, to_document
    >>> state = Paiute(PaiuteConfig(num_players=2)).initial_state(seed=3)
    >>> doc = to_document(state)
    >>> doc.current_player, doc.drawn_card, len(doc.stock), doc.discard_pile
    (1, None, 40, (Card.parse('4d'),))
    >>> from_document(doc) == state
    True

:func:`from_document` builds the state and checks it as the checking constructor does. The
state decoder builds it with :func:`build_state` and checks it once, fields and the game's
options together, with :func:`~cardgames.paiute.invariants.check_state`.
"""

from __future__ import annotations

from typing import Final

import attrs

from cardgames._reader import Declined, read_int
from cardgames.cards import Card
from cardgames.errors import InvalidStateError
from cardgames.game import PlayerId
from cardgames.paiute.action import CARD_INDEX
from cardgames.paiute.history import (
    DealResult,
    Discarded,
    DrewFromDiscard,
    DrewFromStock,
    PaiuteEvent,
    RebuiltStock,
)
from cardgames.paiute.state import (
    CARDS,
    DRAWN,
    PaiuteState,
    Table,
    as_history,
    check_fields,
    unchecked_state,
)
from cardgames.sequence import Chain

__all__ = ["PaiuteStateDocument", "build_state", "from_document", "read_state", "to_document"]


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
        history=state.history.to_tuple(),
        results=table.results,
        chance_key=table.chance_key,
    )


def _indices(cards: tuple[Card, ...]) -> tuple[int, ...]:
    """The cards' indices: read from each card, or found by value for another kind of card."""
    return tuple([card.index if card.__class__ is Card else CARD_INDEX[card] for card in cards])


def from_document(doc: PaiuteStateDocument) -> PaiuteState:
    """The state that ``doc`` describes; hands and rebuilt cards may be in any order.

    Raises:
        InvalidStateError: the document describes no position of the rules (the message
            names the rule, see :class:`~cardgames.paiute.state.PaiuteState`); what depends
            on the game's options is checked by
            :func:`~cardgames.paiute.invariants.check_state`.
    """
    state = build_state(doc)
    check_fields(state)
    return state


def build_state(doc: PaiuteStateDocument) -> PaiuteState:
    """The state that ``doc`` describes, its fields not checked yet (the state decoder's step).

    The state decoder calls :func:`~cardgames.paiute.invariants.check_state` on the result at
    once, which checks every field (as the checking constructor does) and the game's options,
    so that a decoded state is checked once. Anywhere else, use :func:`from_document`.

    Raises:
        InvalidStateError: the drawn card or the table's own fields are impossible.
    """
    if doc.drawn_card is None:
        if doc.drawn_from_discard:
            raise InvalidStateError(
                "invalid Paiute state: drawn_from_discard needs a drawn card (P9)"
            )
        drawn = None
    else:
        drawn = DRAWN[doc.drawn_from_discard][CARD_INDEX[doc.drawn_card]]
    table = Table(
        stacks=doc.stacks,
        pot=doc.pot,
        dealer=doc.dealer,
        deal=doc.deal_number,
        wild=CARD_INDEX[doc.wild_card],
        results=doc.results,
        chance_key=doc.chance_key,
    )
    # the fields of the checking constructor, its converter applied
    return unchecked_state(
        table,
        tuple([tuple(sorted(_indices(hand))) for hand in doc.hands]),
        _indices(doc.stock)[::-1],
        _indices(doc.discard_pile),
        doc.current_player,
        drawn,
        doc.turns_played,
        doc.caller,
        doc.last_to_play,
        tuple(sorted(_indices(doc.rebuilt_cards))),
        as_history(doc.history),
    )


_INDEX_BY_TEXT: Final = {str(card): card.index for card in CARDS}
"""Each card's index by the text the writer gives it (``"Ah"``; ``"10h"`` is not one)."""
_MAX_SEATS: Final = 5
_EVENTS: Final[dict[tuple[str, int, str | None], PaiuteEvent]] = {
    **{
        ("drew_from_stock", seat, None if card is None else str(card)): DrewFromStock(
            player=PlayerId(seat), card=card
        )
        for seat in range(_MAX_SEATS)
        for card in (None, *CARDS)
    },
    **{
        (kind, seat, str(card)): event_class(player=PlayerId(seat), card=card)
        for kind, event_class in (("drew_from_discard", DrewFromDiscard), ("discarded", Discarded))
        for seat in range(_MAX_SEATS)
        for card in CARDS
    },
}
"""The draws and discards of the history by their type tag, seat and card text."""
_EVENTS_OF_SEATS: Final = {
    seats: {key: event for key, event in _EVENTS.items() if key[1] < seats}
    for seats in range(2, _MAX_SEATS + 1)
}
"""``_EVENTS`` of the seats of a table of 2 to 5: an event by another seat is not found (P1)."""
_KEYS: Final = frozenset(attrs.fields_dict(PaiuteStateDocument))


def _seat(value: object) -> PlayerId | None:
    return None if value is None else PlayerId(read_int(value))


def _indices_of(texts: object) -> tuple[int, ...]:
    if texts.__class__ is not list:
        raise Declined
    return tuple(map(_INDEX_BY_TEXT.__getitem__, texts))


def _events(items: object, seats: int) -> tuple[tuple[PaiuteEvent, ...], int]:
    """The history as written (draws, discards, rebuilds) and its number of object members.

    Every draw and discard is by one of ``seats`` seats (P1), found in a table of those seats
    only, so this one walk proves what the field check's scan of the history would check.
    """
    if items.__class__ is not list:
        raise Declined
    table = _EVENTS_OF_SEATS[seats]
    events: list[PaiuteEvent] = []
    append = events.append
    rebuilds = 0
    for item in items:
        if item.__class__ is not dict:
            raise Declined
        if len(item) == 3:
            player = item["player"]
            if player.__class__ is not int:  # true would find seat 1
                raise Declined
            append(table[item["type"], player, item["card"]])
        elif len(item) == 2 and item["type"] == "rebuilt_stock":
            append(RebuiltStock(cards=tuple(map(CARDS.__getitem__, _indices_of(item["cards"])))))
            rebuilds += 1
        else:  # calls and shows: the checked path reads them
            raise Declined
    return tuple(events), 3 * len(events) - rebuilds


def read_state(data: object) -> tuple[PaiuteState, int]:
    """The state of a state document's ``data`` as the writer writes it, and its member count.

    The fast path of the state decoder: one pass over the decoded JSON values (card texts
    to indices, integers checked for their type, the draws and discards of the history
    found in a table), with no document object in between; the decoder then checks the
    state with :func:`~cardgames.paiute.invariants.check_state`, as it checks the state of
    :func:`build_state` (:func:`~cardgames.paiute.invariants.check_read_state`, which skips
    the scan of the history that this reader has proven: every event a draw, a discard or a
    rebuild, by a seat). It reads only what the writer writes of a deal without a call or a
    finished deal before it, and declines anything else by raising: the decoder then takes
    the checked path, which gives the state or names the error.
    """
    if data.__class__ is not dict or data.keys() != _KEYS or data["results"] != []:
        raise Declined
    fields: dict[str, object] = data
    drawn_card = fields["drawn_card"]
    from_discard = fields["drawn_from_discard"]
    if from_discard is not True and from_discard is not False:
        raise Declined
    if drawn_card is None:
        if from_discard:
            raise Declined
        drawn = None
    else:
        drawn = DRAWN[from_discard][_INDEX_BY_TEXT[drawn_card]]  # type: ignore[index]
    stacks = fields["stacks"]
    if stacks.__class__ is not list:
        raise Declined
    table = Table(
        stacks=tuple(map(read_int, stacks)),
        pot=read_int(fields["pot"]),
        dealer=PlayerId(read_int(fields["dealer"])),
        deal=read_int(fields["deal_number"]),
        wild=_INDEX_BY_TEXT[fields["wild_card"]],  # type: ignore[index]
        results=(),
        chance_key=read_int(fields["chance_key"]),
    )
    hands = fields["hands"]
    if hands.__class__ is not list:
        raise Declined
    history, members = _events(fields["history"], len(hands))
    state = unchecked_state(
        table,
        tuple([tuple(sorted(_indices_of(hand))) for hand in hands]),
        _indices_of(fields["stock"])[::-1],
        _indices_of(fields["discard_pile"]),
        _seat(fields["current_player"]),
        drawn,
        read_int(fields["turns_played"]),
        _seat(fields["caller"]),
        _seat(fields["last_to_play"]),
        tuple(sorted(_indices_of(fields["rebuilt_cards"]))),
        Chain(history),
    )
    return state, len(_KEYS) + members
