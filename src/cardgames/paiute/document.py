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

from collections.abc import Callable
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Final, NamedTuple, TypeAlias

import attrs

from cardgames._reader import Declined, read_int
from cardgames._slots import slot_builder
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
from cardgames.paiute.observation import PaiuteObservation
from cardgames.paiute.state import (
    CARDS,
    DRAWN,
    PaiuteState,
    Table,
    check_fields,
    state_of_log,
)
from cardgames.sequence import Chain, as_log, log_of_chain

if TYPE_CHECKING:
    from cardgames.paiute.game import Paiute

__all__ = [
    "PaiuteStateDocument",
    "build_state",
    "from_document",
    "read_checked_observation",
    "read_checked_state",
    "read_state",
    "to_document",
]


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
    return state_of_log(
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
        as_log(doc.history),
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
    record = _record(fields["history"], len(hands), known=False)
    state = state_of_log(
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
        log_of_chain(Chain(record.history)),
    )
    return state, len(_KEYS) + record.members


def _step(key: tuple[str, int, str | None], event: PaiuteEvent) -> _Step:
    """What a draw or a discard as written tells (see :data:`_STEPS`).

    That is its event, and what its seat is known to hold of its card.
    """
    player, text = key[1], key[2]
    if text is None:  # a hidden draw tells nothing
        return event, _NOTHING_HELD, False
    index = _INDEX_BY_TEXT[text]
    held = 0 if type(event) is Discarded else 1 << (player * len(CARDS) + index)
    return event, (player * len(CARDS) + index, held), type(event) is DrewFromStock


_ALL: Final = (1 << len(CARDS)) - 1
_Step: TypeAlias = tuple[PaiuteEvent, tuple[int, int], bool]
_NOTHING_HELD: Final = (-1, 0)
_Nested: TypeAlias = dict[str, dict[str | None, dict[int, Any]]]


def _nested(table: dict[tuple[str, int, str | None], Any]) -> _Nested:
    """``table`` keyed by type, then card text, then seat.

    Three lookups of strings, whose hashes are cached, cost less than building and hashing
    one tuple.
    """
    nested: _Nested = {}
    for (kind, seat, card), value in table.items():
        nested.setdefault(kind, {}).setdefault(card, {})[seat] = value
    return nested


_EVENT_TABLES: Final = {seats: _nested(table) for seats, table in _EVENTS_OF_SEATS.items()}
"""``_EVENTS_OF_SEATS`` as ``[type][card text][seat]``."""
_STEPS: Final[dict[int, _Nested]] = {
    seats: _nested({key: _step(key, event) for key, event in table.items()})
    for seats, table in _EVENTS_OF_SEATS.items()
}
"""By the seats of a table, each draw and discard as written (``[type][card text][seat]``):
the event; a pair (built once, so that a walk allocates none) of a key of its seat and card
(-1 for a hidden draw) and the bit of that seat and card (``1 << 52 * seat + index``) if the
seat now holds the card for all to know (drawn from the pile, or the turned card drawn from
the stock, P6, P9), else 0; and whether it is that turned card's draw."""
_EVENT_OF: Final = itemgetter(0)
_HOLDING_OF: Final = itemgetter(1)


class _Record(NamedTuple):
    """The public record of a deal without a call, from one walk of its history as written."""

    history: tuple[PaiuteEvent, ...]
    """The events."""
    members: int
    """The object members of the events as written."""
    known: list[int]
    """By seat, the bitmask of the cards the record places in its hand (P6, P9)."""
    rebuilt: int
    """The bitmask of the cards of the latest stock rebuild (P10); 0 before any."""
    rebuilds: bool
    """Whether the stock was rebuilt this deal."""
    last_seen_draw: bool
    """Whether the last event is a draw of the turned wild card from the stock (P6)."""


def _record(items: object, seats: int, *, known: bool = True) -> _Record:
    """The history as written, and what it places, or decline.

    It reads draws, discards and rebuilds by one of ``seats`` seats (P1), each rebuild's
    cards some, different and in card order (P10), and follows the cards each seat is known to
    hold as :func:`~cardgames.paiute.observation.known_cards` does: a card drawn from the
    discard pile or the turned wild card drawn from the stock is known until its seat
    discards it (P6, P9), so a seat holds the cards whose latest draw or discard by that
    seat is a known draw (``known`` False: not followed, all 0). Calls and shows it
    declines.
    """
    if items.__class__ is not list:
        raise Declined
    events: list[dict[str, Any]] = items
    table = _STEPS[seats] if known else _EVENT_TABLES[seats]
    steps: list[Any] = []
    append = steps.append
    rebuilt = 0
    rebuilds = 0
    for item in events:
        if len(item) == 3:
            player = item["player"]
            if player.__class__ is not int:  # true would find seat 1
                raise Declined
            append(table[item["type"]][item["card"]][player])
        elif len(item) == 2 and item["type"] == "rebuilt_stock":
            indices = _indices_of(item["cards"])
            if not indices or list(indices) != sorted(set(indices)):
                raise Declined  # a rebuild from no cards is left to the checked path
            event = RebuiltStock(cards=tuple(map(CARDS.__getitem__, indices)))
            append((event, _NOTHING_HELD, False) if known else event)
            rebuilt = sum(1 << index for index in indices)
            rebuilds += 1
        else:  # calls and shows: the checked path reads them
            raise Declined
    if known:
        history = list(map(_EVENT_OF, steps))
        # the latest draw or discard of each seat and card; hidden draws share a key, held 0
        held = sum(dict(map(_HOLDING_OF, steps)).values())
        last_seen_draw = bool(steps) and steps[-1][2]
    else:
        history = steps
        held = 0
        last_seen_draw = False
    holdings = [held >> seat * len(CARDS) & _ALL for seat in range(seats)]
    members = 3 * len(history) - rebuilds
    return _Record(tuple(history), members, holdings, rebuilt, rebuilds > 0, last_seen_draw)


_OBSERVATION_KEYS: Final = frozenset(attrs.fields_dict(PaiuteObservation))
_observation: Callable[..., PaiuteObservation] = slot_builder(PaiuteObservation)


def _mask_of(indices: tuple[int, ...]) -> int:
    """The bitmask of different card indices, or decline (a card listed twice)."""
    mask = sum(1 << index for index in indices)
    if mask.bit_count() != len(indices):
        raise Declined
    return mask


def read_checked_observation(game: Paiute, data: object) -> tuple[PaiuteObservation, int]:  # noqa: C901, PLR0912, PLR0915 - one pass, each fact once
    """The observation of a document's ``data`` for ``game``, proven possible, and its members.

    The fast path of the observation decoder
    (:attr:`~cardgames.spec.GameSpec.read_checked_observation`). The checked path builds a
    state from the observation (:meth:`~cardgames.paiute.Paiute.determinize`) and observes
    it again; this reader proves the same verdict from the counts and card sets, each fact
    once: the seat, the chips, the deal and the turn fit ``game``'s config (P1, P18-P21); the
    hand (in card order), the discard pile, the turned card and the cards the history places
    in the other hands are different cards (P2, P6), which leave the stock and the hidden
    hands their exact room (drawn from the latest rebuild's cards, P10); every hand holds
    five cards, six for the player who has drawn (P9); and the drawn card and the turned
    card are shown exactly when the player may know them (P6, P9).

    It reads only what the writer writes of a seated player's view of a deal without a call
    or a finished deal before it, and only views whose verdict does not depend on the
    sample; it declines anything else by raising, and the decoder then takes the checked
    path, which gives the observation or names the error.
    """
    if data.__class__ is not dict or data.keys() != _OBSERVATION_KEYS:
        raise Declined
    fields: dict[str, Any] = data
    config = game.config
    seats = config.num_players
    if fields["results"] != [] or fields["caller"] is not None:
        raise Declined
    if fields["last_to_play"] is not None:
        raise Declined
    me = read_int(fields["player"])
    dealer = read_int(fields["dealer"])
    current = fields["current_player"]
    if current is not None:
        current = read_int(current)
        if not 0 <= current < seats:
            raise Declined
    if not 0 <= me < seats or not 0 <= dealer < seats:
        raise Declined
    hand = _indices_of(fields["hand"])
    own = _mask_of(hand)
    if list(hand) != sorted(hand):
        raise Declined
    pile = _indices_of(fields["discard_pile"])
    seen = _mask_of(pile)
    wild_text = fields["wild_card"]
    wild = _INDEX_BY_TEXT[wild_text]
    in_stock = fields["wild_card_in_stock"]
    has_drawn = fields["has_drawn"]
    from_discard = fields["drawn_from_discard"]
    if not (in_stock.__class__ is has_drawn.__class__ is from_discard.__class__ is bool):
        raise Declined
    stock_size = read_int(fields["stock_size"])
    sizes = tuple(map(read_int, _list(fields["hand_sizes"])))
    stacks = tuple(map(read_int, _list(fields["stacks"])))
    pot = read_int(fields["pot"])
    deal = read_int(fields["deal_number"])
    turns = read_int(fields["turns_played"])
    record = _record(fields["history"], seats)
    in_play = config.wild_indicator_in_play
    # the chips, the deal and the turn (P3, P18-P21)
    if (
        len(stacks) != seats
        or min(*stacks, pot, deal, turns) < 0
        or sum(stacks) + pot != config.starting_chips * seats
        or deal >= config.deals
        or (current is not None and config.max_turns is not None and turns >= config.max_turns)
    ):
        raise Declined
    # five cards a hand, six for the player who has drawn (P5, P9)
    expected = [5] * seats
    if current is not None:
        expected[current] += has_drawn
    if (
        sizes != tuple(expected)
        or sizes[me] != len(hand)
        or sum(sizes) + stock_size + len(pile) != (52 if in_play else 51)
    ):
        raise Declined
    # every placed card once: the hand, the pile, the turned card aside or at the bottom of
    # the stock, the cards the record places in the other hands (P2, P6)
    known = record.known
    known[me] = 0
    placed = len(hand) + len(pile)
    seen |= own
    if not in_play or in_stock:
        seen |= 1 << wild
        placed += 1
    for seat, cards in enumerate(known):
        seen |= cards
        placed += cards.bit_count()
        if cards.bit_count() > sizes[seat] and seat != me:
            raise Declined
    if seen.bit_count() != placed:
        raise Declined
    bottom = in_play and in_stock
    if in_stock and (not in_play or record.rebuilds or not stock_size):
        raise Declined
    if in_play and not in_stock and not record.rebuilds and not seen >> wild & 1:
        raise Declined  # the turned card hidden, and maybe in the stock: up to the sample
    if record.rebuilds and (record.rebuilt & ~seen & _ALL).bit_count() < stock_size - bottom:
        raise Declined  # too few rebuilt cards for the stock (P10)
    # the drawn card: in the hand of the player to act, shown when they may know it (P6, P9)
    drawn_text = fields["drawn_card"]
    drawn_card = None
    if not has_drawn:
        if drawn_text is not None or from_discard:
            raise Declined
    elif current is None:
        raise Declined
    elif drawn_text is None:
        if (
            current == me
            or from_discard
            or record.last_seen_draw
            or known[current].bit_count() >= sizes[current]
        ):
            raise Declined  # the drawn card would be shown, or no hidden card is left
    else:
        drawn = _INDEX_BY_TEXT[drawn_text]
        holds = own if current == me else known[current]
        shown = from_discard or current == me or record.last_seen_draw
        if not shown or not holds >> drawn & 1:
            raise Declined
        drawn_card = CARDS[drawn]
    observation = _observation(
        player=me,
        hand=tuple(map(CARDS.__getitem__, hand)),
        wild_card=CARDS[wild],
        wild_card_in_stock=in_stock,
        discard_pile=tuple(map(CARDS.__getitem__, pile)),
        stock_size=stock_size,
        hand_sizes=sizes,
        stacks=stacks,
        pot=pot,
        dealer=dealer,
        deal_number=deal,
        current_player=current,
        has_drawn=has_drawn,
        drawn_card=drawn_card,
        drawn_from_discard=from_discard,
        turns_played=turns,
        caller=None,
        last_to_play=None,
        history=Chain(record.history),
        results=(),
    )
    return observation, len(_OBSERVATION_KEYS) + record.members


def _list(value: object) -> list[Any]:
    if value.__class__ is not list:
        raise Declined
    return value


_BITS: Final = tuple(1 << index for index in range(len(CARDS)))


def read_checked_state(game: Paiute, data: object) -> tuple[PaiuteState, int]:
    """The state of a state document's ``data`` for ``game``, proven valid, and its members.

    The fast path of the state decoder (:attr:`~cardgames.spec.StateCodec.read_checked`):
    :func:`read_state` reads the document, then what
    :func:`~cardgames.paiute.invariants.check_state` checks of a deal without a call is
    proven directly, each fact once: the seats, the chips and the deal fit ``game``'s
    config (P1, P18-P20); the hands, the stock and the discard pile hold every card once,
    but for the turned card when it is out of play (P2, P6); every hand holds five cards,
    six for the player who has drawn, who holds the drawn card (P9); the rebuilt cards are
    different (P10); the deal is within its turns (P21). It declines anything else by
    raising, valid or not, and the decoder then takes the checked path, which gives the
    state or names the error.
    """
    state, members = read_state(data)
    config = game.config
    seats = config.num_players
    table = state.table
    hands = state.hand_indices
    current = state.current_player
    drawn = state.drawn
    if (
        len(hands) != seats
        or len(table.stacks) != seats
        or table.dealer >= seats
        or state.caller is not None
        or state.last_to_play is not None
        or (current is not None and not 0 <= current < seats)
        or state.turns_played < 0
        or sum(table.stacks) + table.pot != config.starting_chips * seats
        or table.deal >= config.deals
        or (
            config.max_turns is not None
            and current is not None
            and state.turns_played >= config.max_turns
        )
    ):
        raise Declined
    sizes = [5] * seats
    if drawn is not None:
        if current is None or drawn.card_index not in hands[current]:
            raise Declined
        sizes[current] = 6
    if list(map(len, hands)) != sizes:
        raise Declined
    stock, pile = state.stock_indices, state.pile_indices
    placed = sum(sizes) + len(stock) + len(pile)
    bits = _BITS
    cards = sum(map(bits.__getitem__, stock)) + sum(map(bits.__getitem__, pile))
    for hand in hands:
        cards += sum(map(bits.__getitem__, hand))
    rebuilt = state.rebuilt_indices
    if (
        cards.bit_count() != placed
        or placed != (52 if config.wild_indicator_in_play else 51)
        or (placed == 51 and cards >> table.wild & 1)
        or len(set(rebuilt)) != len(rebuilt)
    ):
        raise Declined
    return state, members
