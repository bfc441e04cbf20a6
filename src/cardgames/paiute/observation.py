"""What one player may know of a Paiute session, and full states consistent with it.

An observation holds the player's own hand and everything public: the wild card, the face-up
discard pile, the size of the stock and of every hand, stacks and pot, who called, the deal's
public history and the results (shown hands) of finished deals. It never holds another hand,
the stock order or the chance key (DESIGN principle 4).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from operator import itemgetter
from typing import Any, Final, TypeAlias

import attrs

from cardgames._slots import slot_builder
from cardgames.cards import Card, Rank, format_cards
from cardgames.errors import InvalidStateError
from cardgames.game import PlayerId, check_seat
from cardgames.paiute.action import INDEX_BY_RANK_SUIT
from cardgames.paiute.config import PaiuteConfig
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
from cardgames.paiute.invariants import check_config_fit
from cardgames.paiute.session import shuffle
from cardgames.paiute.state import (
    CARDS,
    DRAWN,
    DrawSource,
    PaiuteState,
    Shows,
    Table,
    as_history,
    check_fields,
    state_of_log,
)
from cardgames.sequence import Chain, ChainSlot

__all__ = ["PaiuteObservation", "determinize", "known_cards", "observe"]

_ALL_CARDS: Final = frozenset(range(52))
_FROM_PILE: Final = DrawSource.DISCARD_PILE
_INDEX: Final = INDEX_BY_RANK_SUIT  # [rank][suit]: no hashing, which costs a call per card


def _index(card: Card) -> int:
    """The dense index of ``card``."""
    return _INDEX[card.rank][card.suit]


@attrs.frozen(kw_only=True)
class PaiuteObservation:
    """One player's view of a Paiute session.

    Attributes:
        player: Whose view this is; None for a spectator, who sees only public information.
        hand: The player's own cards, in card order (none for a spectator).
        wild_card: The turned card whose rank is wild this deal (P6).
        wild_card_in_stock: Whether the turned card is in play and still known to lie at the
            bottom of the stock (``wild_indicator_in_play``, P6).
        discard_pile: The face-up discards, bottom first (P7).
        stock_size: How many cards the stock holds.
        hand_sizes: How many cards each seat holds.
        stacks: Each seat's chips outside the pot.
        pot: The chips in the pot.
        dealer: The dealer of the current deal.
        deal_number: The current deal's number in the session, from 0.
        current_player: The seat to act, or None once the session is over.
        has_drawn: Whether the current player has drawn this turn.
        drawn_card: This turn's drawn card when the player may know it: their own draw, a card
            taken from the discard pile, or the turned wild card drawn from the stock.
        drawn_from_discard: Whether this turn's draw came from the discard pile (P9).
        turns_played: Completed turns in the current deal (P21).
        caller: Who called in the current deal, or None.
        last_to_play: After a call, the seat whose final turn ends the deal (P12).
        history: The current deal's public events, oldest first (a
            :class:`~cardgames.sequence.Chain` whose events are shared with the state; a
            tuple is converted). Each read gives a new chain over the same shared events, so
            compare histories with ``==``, not ``is``.
        results: The finished deals with their shown hands, oldest first (P14).
    """

    player: PlayerId | None
    hand: tuple[Card, ...]
    wild_card: Card
    wild_card_in_stock: bool
    discard_pile: tuple[Card, ...]
    stock_size: int
    hand_sizes: tuple[int, ...]
    stacks: tuple[int, ...]
    pot: int
    dealer: PlayerId
    deal_number: int
    current_player: PlayerId | None
    has_drawn: bool
    drawn_card: Card | None
    drawn_from_discard: bool
    turns_played: int
    caller: PlayerId | None
    last_to_play: PlayerId | None
    history: Chain[PaiuteEvent] = attrs.field(converter=as_history)
    results: tuple[DealResult, ...]

    def _repr_svg_(self) -> str:
        """The drawing of this view, for Jupyter (see :mod:`cardgames.paiute.drawing`)."""
        from cardgames.paiute.drawing import draw_observation

        return draw_observation(None, self)

    @property
    def num_players(self) -> int:
        """The number of seats."""
        return len(self.hand_sizes)

    @property
    def wild_rank(self) -> Rank:
        """The wild rank of the current deal (P6)."""
        return self.wild_card.rank

    @property
    def top_discard(self) -> Card | None:
        """The card a :class:`DrawDiscard` would take, or None if the pile is empty."""
        return self.discard_pile[-1] if self.discard_pile else None

    def __str__(self) -> str:
        wild = self.wild_card
        lines = [
            (
                f"Paiute deal {self.deal_number}, dealer {self.dealer}, wild card "
                f"{wild.unicode} ({wild.rank.label}s are wild), "
                + (
                    "seen by a spectator"
                    if self.player is None
                    else f"seen by player {self.player}"
                )
            ),
            f"pot {self.pot}, stacks {' '.join(map(str, self.stacks))}",
        ]
        known = known_cards(self)
        for seat, size in enumerate(self.hand_sizes):
            marks = []
            if seat == self.current_player:
                marks.append("to play" + (", has drawn" if self.has_drawn else ""))
            if seat == self.caller:
                marks.append("called")
            mark = f" ({', '.join(marks)})" if marks else ""
            shown = self.hand if seat == self.player else tuple(sorted(known[seat]))
            cards = [card.unicode for card in shown] + ["??"] * (size - len(shown))
            lines.append(f"  player {seat}: {' '.join(cards)}{mark}")
        pile = format_cards(self.discard_pile, unicode=True) or "empty"
        lines.append(f"stock {self.stock_size} cards, discard pile (top last): {pile}")
        if self.drawn_card is not None:
            lines.append(f"drawn this turn: {self.drawn_card.unicode}")
        return "\n".join(lines)


# As the state's, the history is stored as its log (see PaiuteState): observe shares it as it is.
ChainSlot.install(PaiuteObservation, "history", "_log")


def observe(  # noqa: C901, PLR0912 - one frame, the unpacking by seat count inline
    config: PaiuteConfig, state: PaiuteState, player: PlayerId | None
) -> PaiuteObservation:
    """``player``'s view of ``state`` (see :class:`PaiuteObservation`); None: a spectator's.

    Raises:
        InvalidPlayerError: ``player`` is neither a seat (an int, not a bool, below the number
            of players; P1) nor None.
    """
    hands = state.hand_indices
    seats = len(hands)
    if player is not None and (type(player) is not int or not 0 <= player < seats):
        check_seat(player, seats)
    table = state.table
    drawn = state.drawn
    drawn_card = None
    from_pile = False
    if drawn is not None:
        from_pile = drawn.source is _FROM_PILE
        if from_pile or (player is not None and state.current_player == player):
            drawn_card = drawn.card
        else:
            log = state._log  # type: ignore[attr-defined]  # noqa: SLF001 - the history's log
            if len(log) > 1:  # a history's last event is the last item of its log
                last = log[-1]
                if type(last) is DrewFromStock and last.card is not None:  # the public wild card
                    drawn_card = drawn.card
    # The sizes by unpacking (four ``len`` calls cost less than ``tuple(map(len, hands))``)
    # and the pile by one C call (``itemgetter`` of two indices or more): observe is on the
    # hot path of bots and of the RL adapters (issue 12).
    if seats == 4:  # the default table first
        first, second, third, fourth = hands
        sizes: tuple[int, ...] = (len(first), len(second), len(third), len(fourth))
    elif seats == 2:
        first, second = hands
        sizes = (len(first), len(second))
    elif seats == 3:
        first, second, third = hands
        sizes = (len(first), len(second), len(third))
    else:  # five seats (P1)
        first, second, third, fourth, fifth = hands
        sizes = (len(first), len(second), len(third), len(fourth), len(fifth))
    if player is None:
        hand: tuple[Card, ...] = ()
    elif len(mine := hands[player]) == 5:  # the hand between turns (P5)
        one, two, three, four, five = mine
        hand = (CARDS[one], CARDS[two], CARDS[three], CARDS[four], CARDS[five])
    else:  # six cards after a draw (P9): one C call
        hand = itemgetter(*mine)(CARDS)
    pile = state.pile_indices
    if len(pile) > 1:
        pile_cards: tuple[Card, ...] = itemgetter(*pile)(CARDS)
    else:
        pile_cards = (CARDS[pile[0]],) if pile else ()
    stock = state.stock_indices
    return _observation(
        player,
        hand,
        CARDS[table.wild],
        config.wild_indicator_in_play and not state.rebuilt_indices and table.wild in stock,
        pile_cards,
        len(stock),
        sizes,
        table.stacks,
        table.pot,
        table.dealer,
        table.deal,
        state.current_player,
        drawn is not None,
        drawn_card,
        from_pile,
        state.turns_played,
        state.caller,
        state.last_to_play,
        state._log,  # type: ignore[attr-defined]  # noqa: SLF001 - shared as it is
        table.results,
    )


_observation: Callable[..., PaiuteObservation] = slot_builder(
    PaiuteObservation, stores={"history": "_log"}
)
"""The unchecked constructor of :class:`PaiuteObservation` (every field, in order), the
history given as its log (see :class:`~cardgames.sequence.ChainSlot`)."""


def known_cards(observation: PaiuteObservation) -> tuple[frozenset[Card], ...]:
    """The cards the public record places in each seat's hand (the observer's own excluded).

    A card taken from the discard pile stays known until it is discarded (P9); the turned wild
    card drawn from the bottom of the stock is known (P6); a caller's and a six-card show's
    cards are known (P11, P13); at the end of a session after a showdown every hand is.
    """
    known, _, _ = _public_record(observation)
    return tuple(frozenset(map(CARDS.__getitem__, cards)) for cards in known)


def _public_record(
    observation: PaiuteObservation,
) -> tuple[list[set[int]], tuple[int, ...], Shows]:
    """What the history places: the known cards, the latest rebuild, the calls and shows.

    Returns :func:`known_cards` as indices, the cards of the latest stock rebuild (P10) and
    the :class:`~cardgames.paiute.state.Shows` of the deal (P11, P13), from one pass over the
    history that also checks it as :meth:`~cardgames.paiute.state.Shows.scan` would. The pass
    is a :meth:`~cardgames.sequence.Chain.fold`, so the record of the history's full chunks is
    remembered on them and a later observation of the same deal walks only the newer events.

    Raises:
        InvalidStateError: the history holds something other than Paiute events naming seats.
    """
    n = len(observation.hand_sizes)
    start: _Record = ((_NO_CARDS,) * n, (), ())
    history: object = observation.history
    try:
        if type(history) is Chain:
            known_cards_, rebuilt, shown = history.fold((_RECORD, n), _record_step, start)
        else:  # something forged in place of a chain: checked as it is walked
            known_cards_, rebuilt, shown = _record_step(start, history)  # type: ignore[arg-type]
    except (AttributeError, IndexError, TypeError):
        raise InvalidStateError(
            "invalid Paiute state: every event of the history must name a seat and cards (P1)"
        ) from None
    known = [set(cards) for cards in known_cards_]
    shows = Shows()
    for event in shown:
        shows.add(event)
    results = observation.results
    if (
        observation.current_player is None
        and results
        and results[-1].caller is not None
        and results[-1].deal == observation.deal_number
    ):
        known = [set(map(_index, shown)) for shown in results[-1].shown]
    if observation.player is not None:
        known[observation.player] = set()
    return known, rebuilt, shows


_Record: TypeAlias = tuple[
    tuple[frozenset[int], ...], tuple[int, ...], tuple["Called | ShowedSix", ...]
]
"""The public record of a stretch of history: each seat's known cards, the latest rebuilt
cards (empty before any rebuild) and the calls and six-card shows, in order."""
_RECORD: Final = "paiute.public_record"
"""The name of the fold of :func:`_record_step` over a history (with the number of seats)."""
_NO_CARDS: Final[frozenset[int]] = frozenset()


def _record_step(done: _Record, events: Iterable[object]) -> _Record:
    """The public record ``done`` followed through ``events`` (see :func:`_walk`)."""
    known_cards_, rebuilt, shown = done
    n = len(known_cards_)
    # Seats index ``known``; the padding after them makes a seat from n to 2n - 1 or from -n
    # to -1 fail as a seat past the end does, so that no event can name a seat that does not
    # exist.
    known: list[Any] = [set(cards) for cards in known_cards_]
    known += [_NOT_A_SEAT] * n
    shows = Shows()
    rebuilt = _walk(events, known, shows, rebuilt)
    return tuple(map(frozenset, known[:n])), rebuilt, shown + tuple(shows.shows)


class _NotASeat:
    """What stands after the seats in :func:`_walk`'s ``known``: truthy, with no set method."""

    __slots__ = ()


_NOT_A_SEAT: Final = _NotASeat()


def _walk(
    history: Iterable[object], known: list[Any], shows: Shows, rebuilt: tuple[int, ...]
) -> tuple[int, ...]:
    """Follow the known cards of each seat through ``history``; the latest rebuilt cards.

    ``rebuilt`` are the latest rebuilt cards before ``history`` (empty if none).

    Raises:
        InvalidStateError: an item is not a Paiute event.
        AttributeError, IndexError, TypeError: an event names no seat (see the caller).
    """
    index = _INDEX
    for event in history:
        if type(event) is Discarded:
            seat = known[event.player]
            if seat:  # the card was known only if the seat holds known cards
                card = event.card
                seat.discard(index[card.rank][card.suit])
        elif type(event) is DrewFromStock:
            if event.card is None:
                len(known[event.player])  # only the seat check
            else:
                known[event.player].add(index[event.card.rank][event.card.suit])
        elif type(event) is DrewFromDiscard:
            card = event.card
            known[event.player].add(index[card.rank][card.suit])
        elif type(event) is Called or type(event) is ShowedSix:
            seat = known[event.player]
            seat.clear()
            seat.update(map(_index, event.shown))
            shows.add(event)
        elif type(event) is RebuiltStock:
            rebuilt = tuple(map(_index, event.cards))
        else:
            raise InvalidStateError(f"invalid Paiute state: not a Paiute event: {event!r}")
    return rebuilt


def _hidden_cards(
    config: PaiuteConfig,
    observation: PaiuteObservation,
    known: list[set[int]],
    hand: tuple[int, ...],
    pile: tuple[int, ...],
) -> tuple[list[int], tuple[int, ...]]:
    """The cards ``observation.player`` cannot place, and the stock's known bottom (P6).

    ``hand`` and ``pile`` are the indices of the observation's hand and discard pile.

    Raises:
        InvalidStateError: the observation places a card twice (P2).
    """
    wild = _index(observation.wild_card)
    seen = set(hand)
    seen.update(pile)
    placed = len(hand) + len(pile)
    bottom: tuple[int, ...] = ()
    if not config.wild_indicator_in_play or observation.wild_card_in_stock:
        seen.add(wild)
        placed += 1
        if config.wild_indicator_in_play:
            bottom = (wild,)
    for cards in known:
        seen |= cards
        placed += len(cards)
    if len(seen) != placed:
        raise InvalidStateError(
            "invalid Paiute state: the observation places a card in more than one place (P2)"
        )
    return sorted(_ALL_CARDS - seen), bottom


def _split_stock(
    unknown: list[int], rebuilt: frozenset[int], stock_slots: int, rng: random.Random
) -> tuple[tuple[int, ...], list[int]]:
    """Draw the stock from ``unknown`` (from a rebuilt stock's cards if any, P10); the rest."""
    shuffle(unknown, rng)
    if rebuilt:
        could_be_stock = [card for card in unknown if card in rebuilt]
        stock = tuple(could_be_stock[:stock_slots])
        rest = [card for card in unknown if card not in rebuilt] + could_be_stock[stock_slots:]
        shuffle(rest, rng)
    else:
        stock = tuple(unknown[:stock_slots])
        rest = unknown[stock_slots:]
    if len(stock) != stock_slots:
        raise InvalidStateError("the observation is inconsistent: too few cards for the stock")
    return stock, rest


@attrs.frozen
class Sampler:
    """What every determinization of one observation shares, worked out once.

    :func:`prepare` checks the observation's public record and finds the cards its observer
    cannot place; :func:`sample` deals those at random. Every sample of one observation
    differs from another only in where the unseen cards lie, so what the checks of the first
    sample found holds of every later one (:meth:`~cardgames.paiute.Paiute.determinize` keeps
    the sampler of the latest observation and checks only its first sample).

    Attributes:
        observation: The observation sampled.
        known: By seat, the cards the public record places in that hand (sorted).
        rebuilt: The cards of the latest stock rebuild (P10), sorted.
        unknown: The cards the observer cannot place, sorted.
        bottom: The stock's known bottom card (the turned wild card in play, P6) or nothing.
        hand: The observer's own hand, as sorted indices.
        pile: The discard pile, as indices.
    """

    observation: PaiuteObservation
    known: tuple[tuple[int, ...], ...]
    rebuilt: tuple[int, ...]
    unknown: tuple[int, ...]
    bottom: tuple[int, ...]
    hand: tuple[int, ...]
    pile: tuple[int, ...]
    shows: Shows = attrs.field(eq=False)
    rebuilt_set: frozenset[int] = attrs.field(eq=False)


def prepare(config: PaiuteConfig, observation: PaiuteObservation) -> Sampler:
    """Check ``observation``'s public record and find what its samples share.

    Raises:
        InvalidStateError: the observation is not a Paiute observation, its history holds
            something else than Paiute events naming seats, or it places a card twice.
    """
    if not isinstance(observation, PaiuteObservation):
        raise InvalidStateError(f"not a Paiute observation: {type(observation).__name__}")
    known, rebuilt, shows = _public_record(observation)
    hand = tuple(map(_index, observation.hand))
    pile = tuple(map(_index, observation.discard_pile))
    unknown, bottom = _hidden_cards(config, observation, known, hand, pile)
    return Sampler(
        observation,
        tuple(tuple(sorted(cards)) for cards in known),
        rebuilt,
        tuple(unknown),
        bottom,
        tuple(sorted(hand)),
        pile,
        shows,
        frozenset(rebuilt),
    )


def _deal_hands(
    sampler: Sampler, rest: list[int], rng: random.Random
) -> tuple[tuple[tuple[int, ...], ...], int]:
    """Every hand, the hidden ones completed from ``rest``; the drawn card's index (or -1).

    Raises:
        InvalidStateError: ``rest`` does not fill the hands exactly.
    """
    observation = sampler.observation
    me = observation.player
    known = sampler.known
    hands: list[tuple[int, ...]] = []
    drawn = -1 if observation.drawn_card is None else _index(observation.drawn_card)
    for seat, size in enumerate(observation.hand_sizes):
        if seat == me:
            hands.append(sampler.hand)
            continue
        missing = size - len(known[seat])
        if not 0 <= missing <= len(rest):
            raise InvalidStateError(
                "the observation is inconsistent: hand sizes do not fit its cards"
            )
        sampled, rest = rest[:missing], rest[missing:]
        if seat == observation.current_player and observation.has_drawn and drawn < 0:
            if not sampled:
                raise InvalidStateError("the observation is inconsistent: no hidden drawn card")
            drawn = sampled[rng.randrange(len(sampled))]
        hands.append(tuple(sorted((*known[seat], *sampled))))
    if rest:
        raise InvalidStateError("the observation is inconsistent: cards left over")
    return tuple(hands), drawn


def sample(
    config: PaiuteConfig, sampler: Sampler, rng: random.Random, *, checked: bool = True
) -> PaiuteState:
    """A full state consistent with the sampler's observation, hidden cards from ``rng``.

    ``checked`` False skips the state checks: only for a sampler whose first sample passed
    them (see :class:`Sampler`).

    Raises:
        InvalidStateError: the observation is inconsistent (its cards cannot fill the hands,
            or the state they make breaks a rule; the message names it).
    """
    observation = sampler.observation
    bottom = sampler.bottom
    stock, rest = _split_stock(
        list(sampler.unknown), sampler.rebuilt_set, observation.stock_size - len(bottom), rng
    )
    hands, drawn = _deal_hands(sampler, rest, rng)
    wild = _index(observation.wild_card)
    if checked:
        table = Table(
            stacks=observation.stacks,
            pot=observation.pot,
            dealer=observation.dealer,
            deal=observation.deal_number,
            wild=wild,
            results=observation.results,
            chance_key=rng.getrandbits(64),
        )
    else:
        table = _unchecked_table(
            observation.stacks,
            observation.pot,
            observation.dealer,
            observation.deal_number,
            wild,
            observation.results,
            rng.getrandbits(64),
        )
    log = observation._log  # type: ignore[attr-defined]  # noqa: SLF001 - shared as it is
    if type(log) is not tuple:  # a chain's log; anything else is not a history
        raise InvalidStateError("invalid Paiute state: the history must be a tuple of events")
    rebuilt = sampler.rebuilt
    state = state_of_log(
        table,
        hands,
        bottom + stock,
        sampler.pile,
        observation.current_player,
        None if drawn < 0 else DRAWN[observation.drawn_from_discard][drawn],
        observation.turns_played,
        observation.caller,
        observation.last_to_play,
        rebuilt,
        log,
    )
    if checked:
        if list(rebuilt) != sorted(set(rebuilt)):
            raise InvalidStateError(
                "invalid Paiute state: rebuilt_indices must be different cards in increasing "
                "order (P10)"
            )
        # _public_record walked the history; every card is placed once: the seen cards are
        # different (_hidden_cards) and the others are dealt out exactly (_split_stock, the
        # hands)
        check_fields(state, sampler.shows, cards_placed=True)
        check_config_fit(config, state, sampler.shows)
    return state


def determinize(
    config: PaiuteConfig, observation: PaiuteObservation, rng: random.Random
) -> PaiuteState:
    """A full state consistent with ``observation``; hidden cards are drawn from ``rng``.

    Observing the result as ``observation.player`` gives back ``observation``.

    Raises:
        InvalidStateError: the observation is inconsistent: its cards cannot fill the hands,
            or the state they make breaks a rule (the message names it), or it is not a
            Paiute observation.
    """
    return sample(config, prepare(config, observation), rng)


_unchecked_table: Callable[..., Table] = slot_builder(Table)
"""The unchecked constructor of :class:`Table` (every field, in order)."""
