"""Cinquillo: its config, actions, state, observation and the game behind the Game protocol.

Rules (C1-C6):

- C1: two to four players; the 40-card Spanish deck (no 8, 9 or 10) is dealt one card at a
  time from the front, seat 0 first.
- C2: the holder of the 5 of diamonds opens with it.
- C3: in turn, clockwise, a player plays one card: a 5 starts its suit's column; any other
  card extends its suit's column by one rank, below or above (A 2 3 4 5 6 7 J Q K).
- C4: a player who can play must; one who cannot passes.
- C5: the first player to empty their hand wins and ends the game.
- C6: each other player pays the winner one chip per card left in their hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, TypeAlias

import attrs

from cardgames.cards import Card, Rank, Suit, make_rng, shuffled
from cardgames.errors import IllegalActionError, InvalidConfigError, InvalidStateError
from cardgames.game import PlayerId, check_deck, check_seat, is_int, legal_action_mask

if TYPE_CHECKING:
    from cardgames.spec import GameSpec

__all__ = [
    "DECK",
    "ORDER",
    "Cinquillo",
    "CinquilloAction",
    "CinquilloConfig",
    "CinquilloObservation",
    "CinquilloState",
    "Pass",
    "Play",
]

ORDER: Final = (
    Rank.ACE,
    Rank.TWO,
    Rank.THREE,
    Rank.FOUR,
    Rank.FIVE,
    Rank.SIX,
    Rank.SEVEN,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
)
"""The ranks of a column, low to high (C3)."""
DECK: Final = tuple(Card(rank, suit) for suit in Suit for rank in ORDER)
"""The 40 cards, suit by suit; a card's position here is its action id."""
OPENER: Final = Card(Rank.FIVE, Suit.DIAMONDS)
_POSITION: Final = {rank: i for i, rank in enumerate(ORDER)}


def _check_players(_: object, __: object, value: object) -> None:
    if not is_int(value) or not 2 <= value <= 4:
        raise InvalidConfigError(f"num_players must be an int from 2 to 4, not {value!r} (C1)")


@attrs.frozen(kw_only=True)
class CinquilloConfig:
    """The table size (C1)."""

    num_players: int = attrs.field(default=4, validator=_check_players)


@attrs.frozen
class Play:
    """Play ``card`` from the hand (C3)."""

    card: Card


@attrs.frozen
class Pass:
    """Pass: allowed only without a playable card (C4)."""


CinquilloAction: TypeAlias = Play | Pass
PASS: Final = Pass()


@attrs.frozen(kw_only=True)
class CinquilloState:
    """A full position: every hand, the cards on the table, whose turn, and the history."""

    hands: tuple[frozenset[Card], ...]
    table: frozenset[Card]
    to_play: PlayerId | None
    history: tuple[tuple[PlayerId, CinquilloAction], ...]


@attrs.frozen(kw_only=True)
class CinquilloObservation:
    """What one player knows: their hand and everything public."""

    player: PlayerId
    hand: frozenset[Card]
    table: frozenset[Card]
    hand_sizes: tuple[int, ...]
    to_play: PlayerId | None
    history: tuple[tuple[PlayerId, CinquilloAction], ...]


def playable(table: frozenset[Card]) -> frozenset[Card]:
    """The cards that may be played on ``table`` (C2, C3)."""
    if not table:
        return frozenset({OPENER})
    cards: set[Card] = set()
    for suit in Suit:
        five = Card(Rank.FIVE, suit)
        if five not in table:
            cards.add(five)
            continue
        low = high = _POSITION[Rank.FIVE]
        while low > 0 and Card(ORDER[low - 1], suit) in table:
            low -= 1
        while high < len(ORDER) - 1 and Card(ORDER[high + 1], suit) in table:
            high += 1
        if low > 0:
            cards.add(Card(ORDER[low - 1], suit))
        if high < len(ORDER) - 1:
            cards.add(Card(ORDER[high + 1], suit))
    return frozenset(cards)


def _check(state: object) -> CinquilloState:
    if not isinstance(state, CinquilloState):
        raise InvalidStateError(f"{type(state).__name__} is not a CinquilloState")
    return state


@attrs.frozen
class Cinquillo:
    """Cinquillo behind the :class:`cardgames.game.Game` protocol.

    Attributes:
        config: The table size.
    """

    config: CinquilloConfig = attrs.field(factory=CinquilloConfig)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.config, CinquilloConfig):
            raise InvalidConfigError(f"Cinquillo takes a CinquilloConfig, not {self.config!r}")

    @property
    def name(self) -> str:
        """``"cinquillo"``."""
        return "cinquillo"

    @property
    def spec(
        self,
    ) -> GameSpec[CinquilloState, CinquilloAction, CinquilloObservation, CinquilloConfig]:
        """The game's spec (:data:`cinquillo.SPEC`)."""
        from cinquillo.spec import SPEC

        return SPEC

    @property
    def num_players(self) -> int:
        """Seats at the table (C1)."""
        return self.config.num_players

    @property
    def num_distinct_actions(self) -> int:
        """41: a play per card, then the pass."""
        return len(DECK) + 1

    def initial_state(
        self, seed: int | random.Random | None = None, *, deck: Sequence[Card] | None = None
    ) -> CinquilloState:
        """Deal the cards (C1); the 5♦ holder is to play (C2).

        Raises:
            InvalidConfigError: ``deck`` is not an order of the 40 cards.
        """
        order = shuffled(DECK, make_rng(seed)) if deck is None else check_deck(deck, DECK)
        n = self.num_players
        hands = tuple(frozenset(order[seat::n]) for seat in range(n))
        opener = next(seat for seat, hand in enumerate(hands) if OPENER in hand)
        return CinquilloState(hands=hands, table=frozenset(), to_play=PlayerId(opener), history=())

    def current_player(self, state: CinquilloState) -> PlayerId | None:
        """The seat to act, or None once someone has gone out."""
        return _check(state).to_play

    def is_terminal(self, state: CinquilloState) -> bool:
        """Whether a player has emptied their hand (C5)."""
        return _check(state).to_play is None

    def legal_actions(self, state: CinquilloState) -> tuple[CinquilloAction, ...]:
        """The playable cards in deck order, or the pass when there is none (C3, C4)."""
        player = _check(state).to_play
        if player is None:
            return ()
        cards = playable(state.table) & state.hands[player]
        if not cards:
            return (PASS,)
        return tuple(Play(card) for card in DECK if card in cards)

    def legal_action_mask(self, state: CinquilloState) -> tuple[bool, ...]:
        """True at the id of each legal action."""
        return legal_action_mask(self, state)

    def why_illegal(self, state: CinquilloState, action: object) -> str | None:
        """None when ``action`` is legal; else the rule it breaks."""
        player = _check(state).to_play
        if player is None:
            return "the game is over (C5)"
        if action in self.legal_actions(state):
            return None
        if isinstance(action, Pass):
            return "a player who can play must (C4)"
        if isinstance(action, Play):
            card: object = action.card  # a forged action may hold anything
            if not isinstance(card, Card) or card not in state.hands[player]:
                return "the card is not in their hand (C3)"
            return "the card neither starts nor extends its suit's column (C2, C3)"
        return "a Cinquillo action is Play or Pass"

    def apply(self, state: CinquilloState, action: CinquilloAction) -> CinquilloState:
        """The state after the current player's ``action``; ``state`` is unchanged.

        Raises:
            IllegalActionError: ``action`` is not legal (the message names the rule).
            InvalidStateError: ``state`` is not a Cinquillo state.
        """
        reason = self.why_illegal(state, action)
        if reason is not None:
            raise IllegalActionError(f"{action!r} is not legal for {state.to_play}: {reason}")
        player = state.to_play
        assert player is not None
        history = (*state.history, (player, action))
        following = PlayerId((player + 1) % self.num_players)
        if isinstance(action, Pass):
            return attrs.evolve(state, to_play=following, history=history)
        hand = state.hands[player] - {action.card}
        hands = (*state.hands[:player], hand, *state.hands[player + 1 :])
        return CinquilloState(
            hands=hands,
            table=state.table | {action.card},
            to_play=None if not hand else following,
            history=history,
        )

    def returns(self, state: CinquilloState) -> tuple[int, ...]:
        """Zero until someone goes out; then each pays the winner a chip per card left (C6)."""
        if _check(state).to_play is not None:
            return (0,) * self.num_players
        left = [len(hand) for hand in state.hands]
        return tuple(sum(left) if count == 0 else -count for count in left)

    def observe(self, state: CinquilloState, player: PlayerId) -> CinquilloObservation:
        """What ``player`` may know: their hand, the table, hand sizes and the history.

        Raises:
            InvalidPlayerError: ``player`` is not a seat.
        """
        seat = check_seat(player, self.num_players)
        _check(state)
        return CinquilloObservation(
            player=seat,
            hand=state.hands[seat],
            table=state.table,
            hand_sizes=tuple(len(hand) for hand in state.hands),
            to_play=state.to_play,
            history=state.history,
        )

    def determinize(self, observation: CinquilloObservation, rng: random.Random) -> CinquilloState:
        """A state the observer cannot tell apart: the unseen cards dealt at random.

        Raises:
            InvalidStateError: ``observation`` is not a Cinquillo observation.
        """
        if not isinstance(observation, CinquilloObservation):
            raise InvalidStateError(f"{type(observation).__name__} is not a CinquilloObservation")
        unseen = [card for card in DECK if card not in observation.hand | observation.table]
        rng.shuffle(unseen)
        hands: list[frozenset[Card]] = []
        for seat, size in enumerate(observation.hand_sizes):
            if seat == observation.player:
                hands.append(observation.hand)
            else:
                hands.append(frozenset(unseen[:size]))
                del unseen[:size]
        return CinquilloState(
            hands=tuple(hands),
            table=observation.table,
            to_play=observation.to_play,
            history=observation.history,
        )

    def action_id(self, action: object) -> int:
        """The card's position in :data:`DECK` for a play, 40 for the pass.

        Raises:
            IllegalActionError: ``action`` is not a Cinquillo action.
        """
        if isinstance(action, Pass):
            return len(DECK)
        if isinstance(action, Play) and action.card in DECK:
            return DECK.index(action.card)
        raise IllegalActionError(f"{action!r} is not a Cinquillo action")

    def action_from_id(self, action_id: int) -> CinquilloAction:
        """The action with id ``action_id``.

        Raises:
            IllegalActionError: ``action_id`` is not an int in 0..40.
        """
        if not is_int(action_id) or not 0 <= action_id <= len(DECK):
            raise IllegalActionError(f"Cinquillo action id {action_id!r} is out of range 0..40")
        return PASS if action_id == len(DECK) else Play(DECK[action_id])
