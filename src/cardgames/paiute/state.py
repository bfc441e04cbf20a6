"""The state of a Paiute session: an immutable value holding everything, hidden cards included.

A state is plain data. Its fields are public and say what they hold: cards are stored as dense
indices (:attr:`cardgames.cards.Card.index`, in fields named ``*_indices``) because the engine
compares and evaluates them many times per action, seats are :data:`~cardgames.game.PlayerId`
or None, and this turn's draw is a :class:`DrawnCard` naming the card and where it came from.
Properties present the cards as :class:`~cardgames.cards.Card` objects.

``PaiuteState(...)`` checks everything that does not depend on the game's options and raises
:class:`~cardgames.errors.InvalidStateError` naming the broken rule; what depends on them (the
number of seats, the chip total, the turn limit) is checked by
:func:`~cardgames.paiute.invariants.check_state`. ``repr(state)`` is valid Python that builds an
equal state. Bots should look at a :class:`~cardgames.paiute.observation.PaiuteObservation`
instead, which hides what a player may not know; ``str(state)`` prints the table for a person::

    >>> from cardgames.paiute import Paiute, PaiuteConfig, PaiuteState
    >>> state = Paiute(PaiuteConfig(num_players=2)).initial_state(seed=3)
    >>> state.current_player, state.drawn, len(state.stock_indices)
    (1, None, 40)
    >>> import attrs
    >>> attrs.evolve(state, current_player=7)
    Traceback (most recent call last):
    ...
    cardgames.errors.InvalidStateError: invalid Paiute state: current_player must be a seat ...(P1)
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from functools import partial
from itertools import compress
from operator import attrgetter, is_not
from typing import Final

import attrs

from cardgames._slots import slot_builder
from cardgames.cards import Card, Rank, format_cards, standard_deck
from cardgames.errors import InvalidStateError
from cardgames.game import PlayerId
from cardgames.paiute.history import (
    Called,
    DealResult,
    Discarded,
    DrewFromDiscard,
    DrewFromStock,
    PaiuteEvent,
    RebuiltStock,
    ShowedSix,
)
from cardgames.sequence import Chain, ChainSlot, Log, log_of_chain

__all__ = [
    "NO_EVENTS",
    "DrawSource",
    "DrawnCard",
    "PaiuteState",
    "Shows",
    "Table",
    "as_history",
    "check_fields",
]

CARDS: Final = standard_deck()
"""Cards by dense index."""
MAX_CHANCE_KEY: Final = 2**64 - 1
"""The largest chance key: keys are 64-bit (see :attr:`Table.chance_key`)."""
_SEATS: Final = range(2, 6)
_EVENT_KINDS: Final = frozenset(
    (DrewFromStock, DrewFromDiscard, Discarded, Called, ShowedSix, RebuiltStock)
)
_INDICES: Final = frozenset(range(52))
_INT_ONLY: Final = {int}
_RESULT_ONLY: Final = {DealResult}
_PLAYER: Final = attrgetter("player")
_NOT_REBUILT: Final = partial(is_not, RebuiltStock)
"""Whether an event's class is not :class:`RebuiltStock` (the one event without a seat)."""


def _cards(indices: tuple[int, ...]) -> tuple[Card, ...]:
    return tuple(CARDS[i] for i in indices)


def as_history(
    events: Chain[PaiuteEvent] | tuple[PaiuteEvent, ...],
) -> Chain[PaiuteEvent]:
    """A tuple of events as a :class:`~cardgames.sequence.Chain` (a chain as is).

    Anything else is kept as given, for the checks of :class:`PaiuteState` to refuse.
    """
    return Chain(events) if isinstance(events, tuple) else events


NO_EVENTS: Final[Chain[PaiuteEvent]] = Chain(())
"""The history of a deal that has just been dealt."""
NO_LOG: Final[Log] = log_of_chain(NO_EVENTS)
"""Its log, as ``state_of_log`` takes it."""


def _invalid(problem: str) -> InvalidStateError:
    return InvalidStateError(f"invalid Paiute state: {problem}")


def _is_int(value: object) -> bool:
    return type(value) is int


def _check_count(name: str, value: object, high: int | None = None) -> None:
    if not _is_int(value) or value < 0 or (high is not None and value > high):  # type: ignore[operator]
        bound = f"from 0 to {high}" if high is not None else "at least 0"
        raise _invalid(f"{name} must be an int {bound}, not {value!r}")


def _check_indices(name: str, value: object) -> tuple[int, ...]:
    if not isinstance(value, tuple) or not (
        not value or (set(map(type, value)) == _INT_ONLY and min(value) >= 0 and max(value) < 52)
    ):
        raise _invalid(f"{name} must be a tuple of card indices from 0 to 51 (P2)")
    return value


class DrawSource(enum.Enum):
    """Where this turn's card was drawn from (P9)."""

    STOCK = "stock"
    """The top of the face-down stock; the card may be discarded again this turn."""
    DISCARD_PILE = "discard_pile"
    """The top of the discard pile; the card may not be discarded this turn (P9)."""


@attrs.frozen(kw_only=True)
class DrawnCard:
    """The card the current player drew this turn and where it came from (P9).

    Attributes:
        card: The drawn card.
        source: The stock or the discard pile.
    """

    card: Card = attrs.field(validator=attrs.validators.instance_of(Card))
    source: DrawSource = attrs.field(validator=attrs.validators.instance_of(DrawSource))
    card_index: int = attrs.field(init=False, eq=False, hash=False, repr=False)
    """The card's dense index (:attr:`~cardgames.cards.Card.index`), kept for speed."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "card_index", self.card.index)

    def __repr__(self) -> str:
        return f"DrawnCard(card={self.card!r}, source=DrawSource.{self.source.name})"

    @property
    def from_discard_pile(self) -> bool:
        """Whether the card came from the discard pile, so it cannot be discarded (P9)."""
        return self.source is DrawSource.DISCARD_PILE


DRAWN: Final[tuple[tuple[DrawnCard, ...], tuple[DrawnCard, ...]]] = (
    tuple(DrawnCard(card=card, source=DrawSource.STOCK) for card in CARDS),
    tuple(DrawnCard(card=card, source=DrawSource.DISCARD_PILE) for card in CARDS),
)
"""Interned draws: ``DRAWN[from the pile][card index]``."""


@attrs.frozen(kw_only=True)
class Table:
    """The part of a session's state that changes only between deals.

    Attributes:
        stacks: Each seat's chips, not counting the pot (P19).
        pot: The chips at stake in the current deal, antes and carried pot included (P3).
        dealer: The current dealer (P4, P20).
        deal: The current deal's number in the session, from 0.
        wild: The index of the turned wild card (P6).
        results: The finished deals, oldest first.
        chance_key: The private 64-bit key (0 to 2**64 - 1) from which the later shuffles
            derive: the deck of every later deal (P20) and the order of every stock rebuild
            (P10). It is never observed; :meth:`~cardgames.paiute.Paiute.determinize` draws
            a fresh one.

    Raises:
        InvalidStateError: a field is not a count (an int at least 0), ``wild`` is not a card
            index, the key is out of range, or ``results`` holds something else.
    """

    stacks: tuple[int, ...]
    pot: int
    dealer: PlayerId
    deal: int
    wild: int
    results: tuple[DealResult, ...]
    chance_key: int

    def __attrs_post_init__(self) -> None:
        stacks: object = self.stacks
        if type(stacks) is tuple:
            counts = (*stacks, self.pot, self.dealer, self.deal)
            if (
                set(map(type, counts)) == _INT_ONLY
                and min(counts) >= 0
                and type(self.wild) is int
                and 0 <= self.wild < len(CARDS)
                and type(self.chance_key) is int
                and 0 <= self.chance_key <= MAX_CHANCE_KEY
                and type(self.results) is tuple
                and set(map(type, self.results)) <= _RESULT_ONLY
            ):
                return  # the common case at once; otherwise find what is wrong, below
        if not isinstance(stacks, tuple):
            raise _invalid(f"stacks must be a tuple of chip counts, not {stacks!r}")
        for stack in stacks:
            _check_count("a stack", stack)
        _check_count("the pot", self.pot)
        _check_count("the dealer", self.dealer)
        _check_count("the deal number", self.deal)
        _check_count("the wild card index", self.wild, 51)
        _check_count("the chance key", self.chance_key, MAX_CHANCE_KEY)
        results: object = self.results
        if not isinstance(results, tuple) or not all(isinstance(r, DealResult) for r in results):
            raise _invalid("the results must be a tuple of DealResult values")


@attrs.frozen(kw_only=True, repr=False)
class PaiuteState:
    """A whole Paiute session at one moment; :meth:`Paiute.initial_state` builds the first.

    Attributes:
        table: The session part: stacks, pot, dealer, deal number, wild card, results.
        hand_indices: Every seat's hand as card indices in increasing order (see :attr:`hands`).
        stock_indices: The face-down stock as card indices, the next card to be drawn LAST
            (see :attr:`stock`, which lists it first).
        pile_indices: The face-up discard pile as card indices, bottom first (see
            :attr:`discard_pile`).
        current_player: The seat to act, or None once the session is over.
        drawn: The card the current player drew this turn and where from, or None before the
            draw (P9).
        turns_played: Completed turns in the current deal (P21).
        caller: Who called in the current deal, or None (P11).
        last_to_play: After a call, the seat whose final turn ends the deal (P12); else None.
        rebuilt_indices: The discards shuffled into the stock at its latest rebuild this deal,
            as card indices in increasing order (P10).
        history: The current deal's public events, oldest first: a
            :class:`~cardgames.sequence.Chain`, an immutable sequence that each successor
            state extends while sharing the events before, so that a turn costs the same
            time and memory however long the deal. It compares equal to the tuple of its
            events; the constructor takes a tuple or a chain. The state stores it compactly
            (see :class:`~cardgames.sequence.ChainSlot`): each read gives a new chain over
            the same shared events, so compare histories with ``==``, not ``is``.

    Raises:
        InvalidStateError: the fields describe no position of the rules (a card missing or in
            two places, a hand of the wrong size, a seat that does not exist, …); the message
            names the rule.
    """

    table: Table
    hand_indices: tuple[tuple[int, ...], ...]
    stock_indices: tuple[int, ...]
    pile_indices: tuple[int, ...]
    current_player: PlayerId | None
    drawn: DrawnCard | None
    turns_played: int
    caller: PlayerId | None
    last_to_play: PlayerId | None
    rebuilt_indices: tuple[int, ...]
    history: Chain[PaiuteEvent] = attrs.field(converter=as_history)

    def __attrs_post_init__(self) -> None:
        check_fields(self)

    def _repr_svg_(self) -> str:
        """The drawing of this state with every hand face up, for Jupyter."""
        from cardgames.paiute.drawing import draw_state

        return draw_state(None, self)

    @property
    def num_players(self) -> int:
        """The number of seats."""
        return len(self.hand_indices)

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each seat's chips outside the pot."""
        return self.table.stacks

    @property
    def pot(self) -> int:
        """The chips in the pot."""
        return self.table.pot

    @property
    def dealer(self) -> PlayerId:
        """The dealer of the current (or last) deal."""
        return PlayerId(self.table.dealer)

    @property
    def deal_number(self) -> int:
        """The current deal's number in the session, from 0."""
        return self.table.deal

    @property
    def results(self) -> tuple[DealResult, ...]:
        """The finished deals, oldest first (the shown hands of each showdown)."""
        return self.table.results

    @property
    def wild_card(self) -> Card:
        """The turned card whose rank is wild this deal (P6)."""
        return CARDS[self.table.wild]

    @property
    def wild_rank(self) -> Rank:
        """The wild rank of the current deal (P6)."""
        return CARDS[self.table.wild].rank

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's hand, each in card order."""
        return tuple(_cards(hand) for hand in self.hand_indices)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The face-down stock, the next card to be drawn first."""
        return _cards(self.stock_indices[::-1])

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The face-up discard pile, bottom first (the top card last)."""
        return _cards(self.pile_indices)

    @property
    def top_discard(self) -> Card | None:
        """The card a :class:`DrawDiscard` would take, or None if the pile is empty."""
        return CARDS[self.pile_indices[-1]] if self.pile_indices else None

    @property
    def is_over(self) -> bool:
        """Whether the session has ended."""
        return self.current_player is None

    @property
    def has_drawn(self) -> bool:
        """Whether the current player has drawn and must now discard, call or show."""
        return self.drawn is not None

    @property
    def drawn_card(self) -> Card | None:
        """The card the current player drew this turn, or None before the draw."""
        return None if self.drawn is None else self.drawn.card

    @property
    def drawn_from_discard(self) -> bool:
        """Whether this turn's draw came from the discard pile (so it cannot be discarded, P9)."""
        return self.drawn is not None and self.drawn.source is DrawSource.DISCARD_PILE

    @property
    def rebuilt_cards(self) -> tuple[Card, ...]:
        """The discards shuffled into the stock at its latest rebuild this deal (P10)."""
        return _cards(self.rebuilt_indices)

    def __repr__(self) -> str:
        # the history as the tuple of its events, which the constructor takes
        fields = ", ".join(
            f"{field.name}={_plain(getattr(self, field.name))!r}"
            for field in attrs.fields(PaiuteState)
        )
        return f"PaiuteState({fields})"

    def __str__(self) -> str:
        table = self.table
        lines = [
            (
                f"Paiute deal {table.deal}, dealer {table.dealer}, wild card "
                f"{CARDS[table.wild].unicode} ({CARDS[table.wild].rank.label}s are wild)"
            ),
            f"pot {table.pot}, stacks {' '.join(map(str, table.stacks))}",
        ]
        for seat, hand in enumerate(self.hand_indices):
            marks = []
            if seat == self.current_player:
                marks.append("to play" + (", has drawn" if self.drawn is not None else ""))
            if seat == self.caller:
                marks.append("called")
            mark = f" ({', '.join(marks)})" if marks else ""
            lines.append(f"  player {seat}: {format_cards(_cards(hand), unicode=True)}{mark}")
        pile = format_cards(_cards(self.pile_indices), unicode=True) or "empty"
        lines.append(f"stock {len(self.stock_indices)} cards, discard pile (top last): {pile}")
        lines.append(f"turns played this deal: {self.turns_played}")
        if self.current_player is None:
            lines.append("the session is over")
            if table.results:
                lines.append(str(table.results[-1]))
        return "\n".join(lines)


# The history is stored as a flat log (see cardgames.sequence.ChainSlot): ``state.history``
# reads as the chain, and the engine's hot path appends to ``state._log`` (the same slot), so
# that a successor costs one tuple for its history instead of a tuple and a chain.
ChainSlot.install(PaiuteState, "history", "_log")


def _plain(value: object) -> object:
    """``value``, a chain as the tuple of its items."""
    return value.to_tuple() if type(value) is Chain else value


def _check_seat(name: str, value: object, n: int, *, optional: bool) -> None:
    if value is None and optional:
        return
    if type(value) is not int or not 0 <= value < n:
        nobody = " or None" if optional else ""
        raise _invalid(f"{name} must be a seat from 0 to {n - 1}{nobody}, not {value!r} (P1)")


def _check_result(result: DealResult, n: int) -> None:
    seats = range(n)
    if not (
        len(result.shown) == len(result.values) == len(result.winnings) == n
        and result.dealer in seats
        and (result.caller is None or result.caller in seats)
        and all(winner in seats for winner in result.winners)
    ):
        raise _invalid("a deal result must have one entry per seat and name only seats (P14)")


def _check_seats(state: PaiuteState, n: int) -> None:
    table = state.table
    if len(table.stacks) != n:
        raise _invalid(f"there must be one stack per seat ({n}), not {len(table.stacks)} (P19)")
    _check_seat("the dealer", table.dealer, n, optional=False)
    for result in table.results:
        _check_result(result, n)
    _check_seat("current_player", state.current_player, n, optional=True)
    _check_seat("caller", state.caller, n, optional=True)
    _check_seat("last_to_play", state.last_to_play, n, optional=True)
    _check_count("turns_played", state.turns_played)


class Shows:
    """The calls and shown hands of a deal's history (P11, P13), as the checks need them.

    ``Shows.scan(history, n)`` checks the history (Paiute events naming seats below ``n``)
    and collects them in one pass; a caller that has already walked the history (as
    :func:`~cardgames.paiute.observation.determinize` does) can :meth:`add` them instead.
    """

    __slots__ = ("callers", "shows", "six")

    def __init__(self) -> None:
        self.callers: list[int] = []
        self.six: set[int] = set()
        self.shows: list[Called | ShowedSix] = []

    @classmethod
    def scan(cls, history: object, n: int) -> Shows:
        """The shows of ``history``, checked to be Paiute events naming seats below ``n``.

        Raises:
            InvalidStateError: something in ``history`` is not such an event.
        """
        shows = cls()
        if type(history) is not Chain and type(history) is not tuple:
            raise _invalid("the history must be a tuple of Paiute events")
        kinds = set(map(type, history))
        if not kinds <= _EVENT_KINDS:
            raise _invalid("the history must be a tuple of Paiute events")
        events: Sequence[PaiuteEvent] = history
        if RebuiltStock in kinds:
            events = tuple(compress(events, map(_NOT_REBUILT, map(type, events))))
        try:
            players = set(map(_PLAYER, events))
        except TypeError:  # an unhashable "seat"
            players = {None}
        if not players <= set(range(n)):
            raise _invalid("every event of the history must name a seat (P1)")
        if Called in kinds or ShowedSix in kinds:
            for event in events:
                if type(event) is Called or type(event) is ShowedSix:
                    shows.add(event)
        return shows

    def add(self, event: Called | ShowedSix) -> None:
        """Note a call or a six-card show, in the order of the history."""
        if type(event) is Called:
            self.callers.append(event.player)
            if event.discard is None:
                self.six.add(event.player)
        else:
            self.six.add(event.player)
        self.shows.append(event)


def _check_cards(state: PaiuteState) -> None:
    """Every card once among the hands, stock and pile, the turned card aside (P2, P6)."""
    stock, pile = state.stock_indices, state.pile_indices
    if type(stock) is not tuple:
        raise _invalid("stock_indices must be a tuple of card indices from 0 to 51 (P2)")
    if type(pile) is not tuple:
        raise _invalid("pile_indices must be a tuple of card indices from 0 to 51 (P2)")
    placed: list[object] = []
    for hand in state.hand_indices:
        if type(hand) is not tuple:
            raise _invalid("a hand must be a tuple of card indices from 0 to 51 (P2)")
        placed += hand
    placed += stock
    placed += pile
    unique = set(placed)
    if not unique <= _INDICES or set(map(type, placed)) - {int}:
        raise _invalid("the hands, the stock and the pile hold card indices from 0 to 51 (P2)")
    if len(unique) != len(placed):
        raise _invalid("a card is in more than one place, or twice in one (P2)")
    missing = _INDICES - unique
    if missing and missing != {state.table.wild}:
        raise _invalid(
            "the hands, the stock and the discard pile must hold each of the 52 cards once, "
            "but for the turned wild card when it is out of play (P2, P6)"
        )
    rebuilt = _check_indices("rebuilt_indices", state.rebuilt_indices)
    if list(rebuilt) != sorted(set(rebuilt)):
        raise _invalid("rebuilt_indices must be different cards in increasing order (P10)")


def _check_hands(state: PaiuteState, shows: Shows) -> None:
    """Five cards a hand; six for the player who has drawn and after a six-card show (P9)."""
    player, drawn = state.current_player, state.drawn
    six = shows.six
    for seat, hand in enumerate(state.hand_indices):
        if list(hand) != sorted(hand):
            raise _invalid("hand_indices must list each hand in increasing order")
        if seat == player:
            size, why = (6, "after the draw (P9)") if drawn is not None else (5, "before (P9)")
        elif seat in six:
            size, why = 6, "after showing six cards (P11, P13)"
        else:
            size, why = 5, "when it is not their turn (P5, P9)"
        if len(hand) != size:
            raise _invalid(f"player {seat} holds {len(hand)} cards; a player holds {size} {why}")
    for event in shows.shows:
        shown: object = event.shown
        if type(shown) is not tuple or not all(type(card) is Card for card in event.shown):
            raise _invalid("a shown hand must be a tuple of cards (P11, P13)")
        if tuple(sorted(card.index for card in event.shown)) != state.hand_indices[event.player]:
            raise _invalid(
                f"player {event.player} must hold the cards they showed this deal (P11, P12, P13)"
            )


def _check_turn(state: PaiuteState, shows: Shows) -> None:
    player, drawn, caller = state.current_player, state.drawn, state.caller
    if drawn is not None:
        if type(drawn) is not DrawnCard:
            raise _invalid(f"drawn must be a DrawnCard or None, not {drawn!r}")
        if player is None or drawn.card_index not in state.hand_indices[player]:
            raise _invalid("the drawn card must be in the current player's hand (P9)")
    if (caller is None) != (state.last_to_play is None):
        raise _invalid("a caller and the last seat to play go together (P12)")
    if shows.callers != ([] if caller is None else [caller]):
        raise _invalid("the caller is the one player whose call is in this deal's history (P11)")
    if caller is not None and player == caller:
        raise _invalid("the caller never plays again (P12)")


def check_fields(
    state: PaiuteState, shows: Shows | None = None, *, cards_placed: bool = False
) -> Shows:
    """Check what a state must satisfy whatever the options (see :class:`PaiuteState`).

    ``shows`` are the calls and shows of ``state.history`` when the caller has already
    checked the history (every item a Paiute event naming a seat) and collected them;
    ``cards_placed`` says that the caller has placed every card once itself, as tuples of
    card indices, the rebuilt cards in increasing order (P2, P6, P10).

    Returns:
        The calls and shows of the history (``shows`` when given), for
        :func:`~cardgames.paiute.invariants.check_config_fit`.

    Raises:
        InvalidStateError: the first broken rule.
    """
    if type(state.table) is not Table:
        raise _invalid(f"the table must be a Table, not {state.table!r}")
    hands: object = state.hand_indices
    if type(hands) is not tuple or len(hands) not in _SEATS:
        raise _invalid("hand_indices must be a tuple of one hand per seat, 2 to 5 seats (P1)")
    n = len(hands)
    _check_seats(state, n)
    if shows is None:
        shows = Shows.scan(state.history, n)
    if not cards_placed:
        _check_cards(state)
    _check_turn(state, shows)
    _check_hands(state, shows)
    return shows


# The engine's fast path for successor states: the fields of :class:`PaiuteState` in order,
# positional and unchecked; the caller vouches for them.
unchecked_state: Callable[
    [
        Table,
        tuple[tuple[int, ...], ...],  # hand_indices
        tuple[int, ...],  # stock_indices
        tuple[int, ...],  # pile_indices
        PlayerId | int | None,  # current_player
        DrawnCard | None,  # drawn
        int,  # turns_played
        PlayerId | int | None,  # caller
        PlayerId | int | None,  # last_to_play
        tuple[int, ...],  # rebuilt_indices
        Chain[PaiuteEvent],  # history
    ],
    PaiuteState,
] = slot_builder(PaiuteState)

# The same with the history as the log of its chain (see ChainSlot and NO_LOG), which the state
# stores as it is: the engine's own successors, whose history it appends to as a log.
state_of_log: Callable[
    [
        Table,
        tuple[tuple[int, ...], ...],
        tuple[int, ...],
        tuple[int, ...],
        PlayerId | int | None,
        DrawnCard | None,
        int,
        PlayerId | int | None,
        PlayerId | int | None,
        tuple[int, ...],
        Log,
    ],
    PaiuteState,
] = slot_builder(PaiuteState, stores={"history": "_log"})
