"""What one player may know of a Sixes game (the information state behind a bot's choice).

An observation holds the player's own hand and everything public: the columns, every hand's
size, the stacks, the pot, who deals and who is to play, and the history of this round. It holds
nothing else: no other hand, no future deal, no seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final, TypeAlias

import attrs

from cardgames._slots import slot_builder
from cardgames.cards import Card
from cardgames.game import PlayerId
from cardgames.sixes.action import SixesTurn
from cardgames.sixes.deck import (
    FULL_MASK,
    SIX_OF_DIAMONDS_BIT,
    cards_of_mask,
    columns_of,
    indices_of_mask,
    mask_of_cards,
    mask_of_columns,
    mask_of_distinct,
    playable_mask,
    shuffle,
    shuffle_draws,
)
from cardgames.sixes.state import (
    SixesState,
    check_state,
    format_hand,
    format_table,
    unchecked_state,
)

__all__ = [
    "DealFacts",
    "SixesObservation",
    "deal_facts",
    "deal_unseen",
    "determinize",
    "observe",
    "observe_seat",
    "state_with_hands",
]

_SIX_INDEX: Final = SIX_OF_DIAMONDS_BIT.bit_length() - 1


@attrs.frozen(kw_only=True)
class SixesObservation:
    """One player's view of a Sixes game.

    Attributes:
        player: Whose view this is; None for a spectator, who sees only public information.
        hand: The player's own cards (none for a spectator).
        columns: The four columns, indexed by :class:`~cardgames.cards.Suit`, each low to high.
        hand_sizes: How many cards each seat holds.
        stacks: Each seat's chips now.
        pot: The chips in this round's pot.
        settled_stacks: Each seat's chips at the start of this round (or the end of the game).
        dealer: Who dealt this round.
        to_play: The seat to act, or None once the game is over.
        round_number: The round being played, from 1.
        history: Every action of this round with who did it, oldest first.
        stack_emptied: Whether a stack has reached 0 during this round (S10).
    """

    player: PlayerId | None
    hand: frozenset[Card]
    columns: tuple[tuple[Card, ...], ...]
    hand_sizes: tuple[int, ...]
    stacks: tuple[int, ...]
    pot: int
    settled_stacks: tuple[int, ...]
    dealer: PlayerId
    to_play: PlayerId | None
    round_number: int
    history: tuple[SixesTurn, ...]
    stack_emptied: bool

    def _repr_svg_(self) -> str:
        """The drawing of this view, for Jupyter (see :mod:`cardgames.sixes.drawing`)."""
        from cardgames.sixes.drawing import draw_observation

        return draw_observation(None, self)

    @property
    def table(self) -> frozenset[Card]:
        """Every card played this round."""
        return frozenset(card for column in self.columns for card in column)

    @property
    def is_my_turn(self) -> bool:
        """Whether the observing player is to act."""
        return self.player is not None and self.to_play == self.player

    def __str__(self) -> str:
        own = format_hand(mask_of_cards(self.hand))
        return format_table(
            table_mask=mask_of_cards(self.table),
            hands=tuple(
                own if seat == self.player else ("(hidden)" if size else "-")
                for seat, size in enumerate(self.hand_sizes)
            ),
            hand_sizes=self.hand_sizes,
            stacks=self.stacks,
            pot=self.pot,
            dealer=self.dealer,
            to_play=self.to_play,
            round_number=self.round_number,
        )


# Built without the frozen ``__init__``: observe is a hot path of simulations (every bot
# decision observes the state), and its fields come from a valid state.
_unchecked_observation: Callable[..., SixesObservation] = slot_builder(SixesObservation)
_bit_count = int.bit_count


def observe(state: SixesState, player: PlayerId | None) -> SixesObservation:
    """The observation of ``state`` by ``player`` (see :meth:`Sixes.observe`).

    ``player=None`` is a spectator's view: everything public and no hand.

    Raises:
        ValueError: ``player`` is neither a seat nor None.
    """
    hand_masks = state.hand_masks
    if player is not None and player not in range(len(hand_masks)):
        raise ValueError(f"player {player!r} is not a seat of this Sixes table")
    hand = frozenset() if player is None else frozenset(cards_of_mask(hand_masks[player]))
    return observe_seat(state, player, hand)


def observe_seat(
    state: SixesState, player: PlayerId | None, hand: frozenset[Card]
) -> SixesObservation:
    """:func:`observe` for a ``player`` known to be a seat (or None) whose ``hand`` is given.

    ``hand`` must equal ``frozenset(cards_of_mask(state.hand_masks[player]))`` (built that way,
    so that it iterates in the same order), or be empty for a spectator.
    """
    hand_masks = state.hand_masks
    return _unchecked_observation(
        player,
        hand,
        columns_of(state.table_mask),
        tuple(map(_bit_count, hand_masks)),
        state.stacks,
        state.pot,
        state.settled_stacks,
        state.dealer,
        state.to_play,
        state.round_number,
        state.history,
        state.stack_emptied,
    )


def determinize(observation: SixesObservation, rng: random.Random) -> SixesState:
    """A full state consistent with ``observation`` (see :meth:`Sixes.determinize`).

    The plain uniform deal of the unseen cards, checked by the state's validating constructor.

    Raises:
        ValueError: the hand sizes do not add up to the cards ``observation`` has not seen, or
            ``observation`` is a spectator's.
        InvalidStateError: no state shows ``observation`` (a ValueError too).
    """
    own = mask_of_cards(observation.hand)
    seen = own | mask_of_columns(observation.columns)
    hands = deal_unseen(observation, rng, own, deal_facts(observation, own, seen))
    table = seen & ~own
    state = state_with_hands(observation, hands, table, playable_mask(table), rng.getrandbits(64))
    check_state(state)
    return state


DealFacts: TypeAlias = tuple[tuple[int, ...], int | None, int | None]
"""What every uniform sample of an observation shares (see :func:`deal_facts`)."""


def deal_unseen(
    observation: SixesObservation, rng: random.Random, own: int, facts: DealFacts
) -> tuple[int, ...]:
    """The hands of a uniform deal of the unseen cards (each hand keeping its size).

    ``facts`` are :func:`deal_facts` of the observation; the 6♦ goes to the seat to open.
    When a single seat receives every unseen card, the order they are shuffled into does not
    matter: the generator makes the very same draws, and nothing is moved.
    """
    unseen_cards, opener, only = facts
    if only is not None:
        shuffle_draws(rng, len(unseen_cards))
        hands = [0] * len(observation.hand_sizes)
        hands[observation.player] = own  # type: ignore[index]
        hands[only] = mask_of_distinct(unseen_cards)
        return tuple(hands)
    unseen = list(unseen_cards)
    shuffle(rng, unseen)
    if opener is not None:
        # Before the opening everyone knows that the player to act holds the 6♦ (S5).
        unseen.remove(_SIX_INDEX)
    hands = []
    dealt = 0
    me = observation.player
    for seat, size in enumerate(observation.hand_sizes):
        if seat == me:
            hands.append(own)
            continue
        if seat == opener and size:
            hands.append(SIX_OF_DIAMONDS_BIT | mask_of_distinct(unseen[dealt : dealt + size - 1]))
            dealt += size - 1
            continue
        hands.append(mask_of_distinct(unseen[dealt : dealt + size]))
        dealt += size
    return tuple(hands)


def deal_facts(observation: SixesObservation, own: int, seen: int) -> DealFacts:
    """What every uniform sample of ``observation`` shares, given its own and seen masks.

    The unseen cards (lowest first), the seat known to hold the 6♦ (S5) or None, and the one
    seat that receives every unseen card (the only other seat with cards, and the opener if
    there is one) or None.

    Raises:
        ValueError: the hand sizes do not add up to the unseen cards, or the player to open
            cannot hold the 6♦.
    """
    hidden = FULL_MASK & ~seen
    unseen = indices_of_mask(hidden)
    sizes = observation.hand_sizes
    me = observation.player
    if me is None:
        raise ValueError("a spectator's observation has no seat to determinize for")
    others = sum(sizes) - sizes[me]
    if others != len(unseen) or sizes[me] != len(observation.hand):
        raise ValueError("the observation's hand sizes do not match its unseen cards")
    opener = observation.to_play
    if seen & ~own or opener == observation.player:
        opener = None
    elif opener is not None and not hidden & SIX_OF_DIAMONDS_BIT:
        raise ValueError("the player to open must hold the 6♦ (S5)")
    only = None
    # The seats other than the observer's that hold cards: look for one only when there is one.
    if len(sizes) - sizes.count(0) - (1 if sizes[me] else 0) == 1:
        receivers = [seat for seat, size in enumerate(sizes) if size and seat != me]
        only = receivers[0] if opener in {None, receivers[0]} else None
    return unseen, opener, only


def state_with_hands(
    observation: SixesObservation,
    hand_masks: tuple[int, ...],
    table_mask: int,
    playable: int,
    chance_key: int,
) -> SixesState:
    """The full state that ``observation`` shows, with the hidden hands chosen by the caller.

    The public fields come from the observation; the private ``chance_key`` is the caller's (a
    sampler draws it from its generator after dealing the hands). ``playable`` must be
    :func:`~cardgames.sixes.deck.playable_mask` of ``table_mask``. The state is built
    unchecked: call :func:`~cardgames.sixes.state.check_state` on it unless a sample of the
    same observation has already passed the check (see ``Sixes.determinize``).
    """
    return unchecked_state(
        hand_masks,
        table_mask,
        playable,
        observation.stacks,
        observation.pot,
        observation.settled_stacks,
        observation.dealer,
        observation.to_play,
        observation.round_number,
        observation.history,
        observation.stack_emptied,
        chance_key,
        (),
    )
