"""The state of a Paiute session: an immutable value holding everything, hidden cards included.

Cards are stored as dense indices (:attr:`cardgames.cards.Card.index`) for speed; the public
properties present them as :class:`~cardgames.cards.Card` objects. Bots should look at a
:class:`~cardgames.paiute.observation.PaiuteObservation` instead, which hides what a player may
not know. ``str(state)`` prints the whole table for a person.
"""

from __future__ import annotations

from typing import Final

import attrs

from cardgames.cards import Card, Rank, format_cards, standard_deck
from cardgames.game import PlayerId
from cardgames.paiute.history import DealResult, PaiuteEvent

__all__ = ["PaiuteState", "Table"]

CARDS: Final = standard_deck()
"""Cards by dense index."""
PILE_FLAG: Final = 52
"""Added to the drawn card's index when it came from the discard pile (P9)."""


def _cards(indices: tuple[int, ...]) -> tuple[Card, ...]:
    return tuple(CARDS[i] for i in indices)


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
        chance_key: The private key that resolves later shuffles (P10, P20); never observed.
    """

    stacks: tuple[int, ...]
    pot: int
    dealer: int
    deal: int
    wild: int
    results: tuple[DealResult, ...]
    chance_key: int = attrs.field(repr=False)


@attrs.frozen(kw_only=True)
class PaiuteState:
    """A whole Paiute session at one moment; build it with :meth:`Paiute.initial_state`.

    The fields are the engine's compact representation (card indices); use the properties.

    Attributes:
        table: The session part: stacks, pot, dealer, deal number, wild card, results.
    """

    table: Table
    _hands: tuple[tuple[int, ...], ...]
    _stock: tuple[int, ...]
    _pile: tuple[int, ...]
    _player: int
    _drawn: int
    _turns: int
    _caller: int
    _end: int
    _rebuilt: tuple[int, ...]
    _history: tuple[PaiuteEvent, ...]

    def _repr_svg_(self) -> str:
        """The drawing of this state with every hand face up, for Jupyter."""
        from cardgames.paiute.drawing import draw_state

        return draw_state(None, self)

    @property
    def num_players(self) -> int:
        """The number of seats."""
        return len(self._hands)

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
        return tuple(_cards(hand) for hand in self._hands)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The face-down stock, the next card to be drawn first."""
        return _cards(self._stock[::-1])

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The face-up discard pile, bottom first (the top card last)."""
        return _cards(self._pile)

    @property
    def top_discard(self) -> Card | None:
        """The card a :class:`DrawDiscard` would take, or None if the pile is empty."""
        return CARDS[self._pile[-1]] if self._pile else None

    @property
    def current_player(self) -> PlayerId | None:
        """The seat to act, or None once the session is over."""
        return PlayerId(self._player) if self._player >= 0 else None

    @property
    def is_over(self) -> bool:
        """Whether the session has ended."""
        return self._player < 0

    @property
    def has_drawn(self) -> bool:
        """Whether the current player has drawn and must now discard, call or show."""
        return self._drawn >= 0

    @property
    def drawn_card(self) -> Card | None:
        """The card the current player drew this turn, or None before the draw."""
        return CARDS[self._drawn % PILE_FLAG] if self._drawn >= 0 else None

    @property
    def drawn_from_discard(self) -> bool:
        """Whether this turn's draw came from the discard pile (so it cannot be discarded, P9)."""
        return self._drawn >= PILE_FLAG

    @property
    def turns_played(self) -> int:
        """Completed turns in the current deal (P21)."""
        return self._turns

    @property
    def caller(self) -> PlayerId | None:
        """Who called in the current deal, or None."""
        return PlayerId(self._caller) if self._caller >= 0 else None

    @property
    def last_to_play(self) -> PlayerId | None:
        """After a call, the seat whose final turn ends the deal (P12); None otherwise."""
        return PlayerId(self._end) if self._end >= 0 else None

    @property
    def rebuilt_cards(self) -> tuple[Card, ...]:
        """The discards shuffled into the stock at its latest rebuild this deal (P10)."""
        return _cards(self._rebuilt)

    @property
    def history(self) -> tuple[PaiuteEvent, ...]:
        """The current deal's public events, oldest first."""
        return self._history

    def __str__(self) -> str:
        table = self.table
        lines = [
            (
                f"Paiute deal {table.deal}, dealer {table.dealer}, wild card "
                f"{CARDS[table.wild].unicode} ({CARDS[table.wild].rank.label}s are wild)"
            ),
            f"pot {table.pot}, stacks {' '.join(map(str, table.stacks))}",
        ]
        for seat, hand in enumerate(self._hands):
            marks = []
            if seat == self._player:
                marks.append("to play" + (", has drawn" if self._drawn >= 0 else ""))
            if seat == self._caller:
                marks.append("called")
            mark = f" ({', '.join(marks)})" if marks else ""
            lines.append(f"  player {seat}: {format_cards(_cards(hand), unicode=True)}{mark}")
        pile = format_cards(_cards(self._pile), unicode=True) or "empty"
        lines.append(f"stock {len(self._stock)} cards, discard pile (top last): {pile}")
        lines.append(f"turns played this deal: {self._turns}")
        if self._player < 0:
            lines.append("the session is over")
            if table.results:
                lines.append(str(table.results[-1]))
        return "\n".join(lines)


_NEW: Final = object.__new__
_SETTERS: Final = tuple(
    getattr(PaiuteState, field.name).__set__ for field in attrs.fields(PaiuteState)
)
(
    _SET_TABLE,
    _SET_HANDS,
    _SET_STOCK,
    _SET_PILE,
    _SET_PLAYER,
    _SET_DRAWN,
    _SET_TURNS,
    _SET_CALLER,
    _SET_END,
    _SET_REBUILT,
    _SET_HISTORY,
) = _SETTERS


def make_state(  # noqa: PLR0913, PLR0917 - one argument per field, positional for speed
    table: Table,
    hands: tuple[tuple[int, ...], ...],
    stock: tuple[int, ...],
    pile: tuple[int, ...],
    player: int,
    drawn: int,
    turns: int,
    caller: int,
    end: int,
    rebuilt: tuple[int, ...],
    history: tuple[PaiuteEvent, ...],
) -> PaiuteState:
    """Build a state without validation: the engine's fast path for successor states."""
    state: PaiuteState = _NEW(PaiuteState)
    _SET_TABLE(state, table)
    _SET_HANDS(state, hands)
    _SET_STOCK(state, stock)
    _SET_PILE(state, pile)
    _SET_PLAYER(state, player)
    _SET_DRAWN(state, drawn)
    _SET_TURNS(state, turns)
    _SET_CALLER(state, caller)
    _SET_END(state, end)
    _SET_REBUILT(state, rebuilt)
    _SET_HISTORY(state, history)
    return state
