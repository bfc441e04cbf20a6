"""The full state of a Sixes game: every hand, the table, the chips and the round's history.

A :class:`SixesState` is an immutable value. For speed the hands and the table are kept as
integer bitmasks over the 40 cards (bit ``i`` is :func:`~cardgames.sixes.deck.card_at` ``(i)``);
the properties :attr:`~SixesState.hands`, :attr:`~SixesState.table` and
:attr:`~SixesState.columns` present them as cards. ``str(state)`` draws the table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import attrs

from cardgames._slots import slot_builder
from cardgames.cards import Card, Suit
from cardgames.errors import InvalidStateError
from cardgames.game import PlayerId
from cardgames.sixes.action import PLAYS, Play, SixesTurn
from cardgames.sixes.config import PLAYER_COUNTS
from cardgames.sixes.deck import (
    DECK_SIZE,
    FULL_MASK,
    INDEX_BY_SUIT_RANK,
    SIX_OF_DIAMONDS_BIT,
    SIXES_DECK,
    cards_of_mask,
    column_of,
    columns_of,
    index_of,
    is_valid_table,
    playable_mask,
)

__all__ = ["SixesState", "check_state", "format_hand", "format_table"]

_OPENING: Final = PLAYS[SIX_OF_DIAMONDS_BIT.bit_length() - 1]
"""The play of the 6♦ that ``legal_actions`` returns (any equal play opens a round too)."""


def _card_problems(state: SixesState, *, table_valid: bool = False) -> list[str]:
    """What is wrong with the cards of ``state`` (S2, S5, S6); ``table_valid``: known valid."""
    problems = []
    union = state.table_mask
    for mask in state.hand_masks:
        if union & mask or mask < 0:
            problems.append("a card is in two places (S2)")
        union |= mask
    if union != FULL_MASK:
        problems.append("the hands and the table must hold the 40 cards exactly once (S2)")
    if not table_valid and not is_valid_table(state.table_mask):
        problems.append("each column must be one run through its 6, the 6♦ first (S5, S6)")
    if bool(state.history) != bool(state.table_mask) or (
        state.history
        and state.history[0].action is not _OPENING
        and state.history[0].action != _OPENING
    ):
        problems.append("a round's history starts with the play of the 6♦ (S5)")
    if state.pending_decks and any(
        len(deck) != DECK_SIZE or set(deck) != set(SIXES_DECK) for deck in state.pending_decks
    ):
        problems.append("each pending deck must be an order of the 40 cards (S2)")
    return problems


def _chip_and_seat_problems(state: SixesState) -> list[str]:
    """What is wrong with the seats and chips of ``state`` (S1, S3, S10)."""
    n = len(state.hand_masks)
    problems = []
    if n not in PLAYER_COUNTS:
        problems.append(f"{n} hands; a table seats 2, 4, 5 or 8 (S1)")
    if len(state.stacks) != n or len(state.settled_stacks) != n:
        problems.append("stacks and settled_stacks need one entry per hand")
    if min((*state.stacks, *state.settled_stacks, state.pot), default=0) < 0:
        problems.append("stacks and the pot cannot be negative (S3)")
    if sum(state.stacks) + state.pot != sum(state.settled_stacks):
        problems.append("stacks plus the pot must equal the settled stacks (S10)")
    seats = range(n)
    if state.dealer not in seats or (state.to_play is not None and state.to_play not in seats):
        problems.append("dealer and to_play must be seats")
    if state.round_number < 1:
        problems.append("round_number counts from 1")
    return problems


def _history_problems(state: SixesState) -> list[str]:
    """What is wrong with the round's history of ``state`` (S1, S6)."""
    seats = range(len(state.hand_masks))
    played = 0
    for turn in state.history:
        if turn.player not in seats:
            return ["every turn of the history is by a seat (S1)"]
        action = turn.action
        if isinstance(action, Play):
            card = action.card
            if card.__class__ is Card:  # found by value without hashing the card
                index = INDEX_BY_SUIT_RANK[card.suit][card.rank]
            else:
                index = index_of(card)
            if index is not None:
                bit = 1 << index
                if played & bit or not state.table_mask & bit:
                    return ["the history plays each card on the table once (S6)"]
                played |= bit
    return []


def _plainly_sound(state: SixesState, *, table_valid: bool) -> bool:  # noqa: PLR0911 - one early exit per kind of problem
    """Whether ``state``, its history known sound, has none of the problems found below.

    One pass over the common case of a valid state, with no message built: True only where
    :func:`_chip_and_seat_problems`, :func:`_card_problems` and :func:`_play_problems` (with
    ``history_sound``) all find nothing; False means "look closer", and the checks that name
    each problem run. It takes only ints for the chips and seats, and no pending decks.
    """
    hands = state.hand_masks
    stacks = state.stacks
    settled = state.settled_stacks
    pot = state.pot
    dealer = state.dealer
    to_play = state.to_play
    table = state.table_mask
    history = state.history
    try:
        n = len(hands)
        if not (
            n in PLAYER_COUNTS
            and len(stacks) == n
            and len(settled) == n
            and pot.__class__ is int
            and pot >= 0
            and min(stacks) >= 0
            and min(settled) >= 0
            and sum(stacks) + pot == sum(settled)
            and dealer.__class__ is int
            and 0 <= dealer < n
            and state.round_number.__class__ is int
            and state.round_number >= 1
            and not state.pending_decks
            and bool(history) == bool(table)
            and (0 not in stacks or state.stack_emptied)
        ):
            return False
        union = table
        for mask in hands:
            if union & mask or mask < 0:
                return False
            union |= mask
        if union != FULL_MASK or (history and history[0].action is not _OPENING):
            return False
        if to_play is None:
            if pot or stacks != settled:
                return False
        elif (
            to_play.__class__ is not int
            or not 0 <= to_play < n
            or not (table or hands[to_play] & SIX_OF_DIAMONDS_BIT)
            or not all(hands)
        ):
            return False
    except Exception:  # noqa: BLE001 - a value of a strange type: the named checks tell
        return False
    return table_valid or is_valid_table(table)


def _play_problems(state: SixesState, *, history_sound: bool = False) -> list[str]:
    """What no sequence of plays could lead to in ``state`` (S1, S5, S6, S8, S10).

    ``history_sound``: the history is known to pass :func:`_history_problems`.
    """
    problems = [] if history_sound else _history_problems(state)
    hands = state.hand_masks
    if state.to_play is not None:
        if not state.table_mask and not hands[state.to_play] & SIX_OF_DIAMONDS_BIT:
            problems.append("the holder of the 6♦ is to play first (S5)")
        if not all(hands):
            problems.append("a round ends when a hand is empty, so nobody is to play (S8)")
    elif state.pot or state.stacks != state.settled_stacks:
        problems.append("a finished game has paid its pot out and settled its stacks (S8, S10)")
    if 0 in state.stacks and not state.stack_emptied:
        problems.append("a stack at 0 means stack_emptied (S10)")
    return problems


def check_state(
    state: SixesState, *, replayed_table: int | None = None, history_sound: bool = False
) -> None:
    """Raise InvalidStateError unless ``state`` is a well-formed Sixes position.

    The validating constructor runs it; so does ``determinize`` on a state it built unchecked.

    Args:
        state: The state to check.
        replayed_table: The table that the state's history builds when every turn is by a seat,
            every action is a :class:`Play` or :class:`Pass` (of those very classes) and every
            play is legal in its turn (S5, S6), as ``determinize`` finds out when it replays
            the history; None when unknown. When it equals the state's table, the table is
            valid and the history plays each of its cards once, so neither is checked again.
        history_sound: The caller has already proven what the history check does
            (every turn by a seat, each played card on the table and played once), as the
            JSON reader does while it reads the history; the history is not walked again.
    """
    known = replayed_table is not None and replayed_table == state.table_mask
    if (known or history_sound) and _plainly_sound(state, table_valid=known):
        return
    problems = _chip_and_seat_problems(state) + _card_problems(state, table_valid=known)
    if not problems:
        problems = _play_problems(state, history_sound=known or history_sound)
    if problems:
        raise InvalidStateError("invalid Sixes state: " + "; ".join(problems))


@attrs.frozen(kw_only=True)
class SixesState:
    """A whole Sixes game in progress: the current round's position and the chips.

    Attributes:
        hand_masks: Each seat's hand as a bitmask over the 40 card indices (see
            :attr:`hands` for cards).
        table_mask: The cards played this round, as a bitmask (see :attr:`columns`).
        stacks: Each seat's chips now.
        pot: The chips paid into this round's pot by passing (S7).
        settled_stacks: Each seat's chips at the last settlement: the start of this round, or
            the end of the game. :meth:`~cardgames.sixes.Sixes.returns` is measured from it.
        dealer: Who dealt this round (S4, S9).
        to_play: The seat to act, or None once the game is over.
        round_number: The round being played (or the last one, once over), from 1.
        history: The public record of this round, oldest first.
        stack_emptied: Whether a stack has reached 0 during this round (S10).
        chance_key: A private key the later deals are drawn from; never observed.
        pending_decks: Explicit deck orders for the coming rounds, used before the key.
    """

    hand_masks: tuple[int, ...]
    table_mask: int
    stacks: tuple[int, ...]
    pot: int
    settled_stacks: tuple[int, ...]
    dealer: PlayerId
    to_play: PlayerId | None
    round_number: int
    history: tuple[SixesTurn, ...]
    stack_emptied: bool
    chance_key: int
    pending_decks: tuple[tuple[Card, ...], ...] = ()
    playable_mask: int = attrs.field(init=False, eq=False, hash=False, repr=False)
    """Derived from ``table_mask`` when the state is made: the bitmask of the cards that could be
    played next, whoever holds them (S5, S6); :attr:`playable_cards` as a bitmask."""

    def _repr_svg_(self) -> str:
        """The drawing of this state with every hand face up, for Jupyter."""
        from cardgames.sixes.drawing import draw_state

        return draw_state(None, self)

    def __attrs_post_init__(self) -> None:
        check_state(self)
        object.__setattr__(self, "playable_mask", playable_mask(self.table_mask))

    @property
    def num_players(self) -> int:
        """How many seats are at the table."""
        return len(self.hand_masks)

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over (S10, S12)."""
        return self.to_play is None

    @property
    def hands(self) -> tuple[frozenset[Card], ...]:
        """Each seat's hand as a set of cards."""
        return tuple(frozenset(cards_of_mask(mask)) for mask in self.hand_masks)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds (public knowledge)."""
        return tuple(map(int.bit_count, self.hand_masks))

    @property
    def table(self) -> frozenset[Card]:
        """Every card played this round."""
        return frozenset(cards_of_mask(self.table_mask))

    @property
    def columns(self) -> tuple[tuple[Card, ...], ...]:
        """The four columns, indexed by :class:`~cardgames.cards.Suit`, each low to high."""
        return columns_of(self.table_mask)

    @property
    def playable_cards(self) -> frozenset[Card]:
        """The cards that could be played next, whoever holds them (S5, S6)."""
        return frozenset(cards_of_mask(self.playable_mask))

    def __str__(self) -> str:
        return format_table(
            table_mask=self.table_mask,
            hands=tuple(format_hand(mask) for mask in self.hand_masks),
            hand_sizes=self.hand_sizes,
            stacks=self.stacks,
            pot=self.pot,
            dealer=self.dealer,
            to_play=self.to_play,
            round_number=self.round_number,
        )


def format_hand(mask: int) -> str:
    """The cards of ``mask`` for display, such as ``A♣ 6♦ K♠``."""
    return " ".join(card.unicode for card in cards_of_mask(mask)) or "-"


_SUIT_ORDER: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


def format_table(  # noqa: PLR0913 - one keyword per public fact drawn
    *,
    table_mask: int,
    hands: tuple[str, ...],
    hand_sizes: tuple[int, ...],
    stacks: tuple[int, ...],
    pot: int,
    dealer: PlayerId,
    to_play: PlayerId | None,
    round_number: int,
) -> str:
    """Draw the columns and a row per seat (used by ``str`` of states and observations)."""
    turn = "game over" if to_play is None else f"player {to_play} to play"
    lines = [f"Sixes round {round_number}, dealer {dealer}, {turn}, pot {pot}"]
    for suit in _SUIT_ORDER:
        run = " ".join(card.unicode for card in column_of(table_mask, suit))
        lines.append(f"  {suit.symbol} | {run or '.'}")
    lines.append("  seat chips cards hand")
    rows = zip(hands, hand_sizes, stacks, strict=True)
    for seat, (hand, size, chips) in enumerate(rows):
        marker = ">" if seat == to_play else " "
        lines.append(f"{marker} {seat:>4} {chips:>5} {size:>5} {hand}")
    return "\n".join(lines)


# The engine's hot path builds successor states it derived itself without validation;
# ``playable`` must equal :func:`~cardgames.sixes.deck.playable_mask` ``(table_mask)``.
unchecked_state: Callable[
    [
        tuple[int, ...],  # hand_masks
        int,  # table_mask
        int,  # playable
        tuple[int, ...],  # stacks
        int,  # pot
        tuple[int, ...],  # settled_stacks
        PlayerId,  # dealer
        PlayerId | None,  # to_play
        int,  # round_number
        tuple[SixesTurn, ...],  # history
        bool,  # stack_emptied
        int,  # chance_key
        tuple[tuple[Card, ...], ...],  # pending_decks
    ],
    SixesState,
] = slot_builder(
    SixesState,
    order=(
        "hand_masks",
        "table_mask",
        "playable_mask",
        "stacks",
        "pot",
        "settled_stacks",
        "dealer",
        "to_play",
        "round_number",
        "history",
        "stack_emptied",
        "chance_key",
        "pending_decks",
    ),
)
