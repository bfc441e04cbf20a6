"""Sampling the hidden Sixes hands so that they agree with what the round has revealed.

Two things of the round are public knowledge beyond the hand sizes:

- before the opening the player to act holds the 6♦ (S5);
- under ``must_play_if_able`` (S7) a player who passed held no card that was playable at that
  moment, and since hands only shrink during a round they still hold none of those cards.

:func:`pass_exclusions` replays the round's history to find, for each seat, the cards it cannot
hold; :func:`determinize` deals the unseen cards to the other seats under those constraints.
Constrained cards are placed first, most constrained first, each in an allowed hand chosen with
probability proportional to its free room (with a single passer this is exactly the uniform
distribution over consistent deals); after a few dead ends an augmenting-path matching places
them, so a deal is found whenever one exists. The unconstrained cards are then dealt uniformly
into the remaining room.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from operator import attrgetter
from typing import Final, NamedTuple

from cardgames.cards import Card
from cardgames.errors import InvalidStateError
from cardgames.sixes.action import Pass, Play
from cardgames.sixes.deck import (
    BITS,
    FULL_MASK,
    GROWTH,
    INDEX_BY_CARD_INDEX,
    PLAIN_DRAWS,
    SHUFFLE_STEPS,
    SIX_OF_DIAMONDS_BIT,
    SIXES_DECK,
    indices_of_mask,
    mask_of_cards,
    mask_of_columns,
    mask_of_distinct,
    playable_mask,
    shuffle,
)
from cardgames.sixes.observation import (
    DealFacts,
    SixesObservation,
    deal_facts,
    deal_unseen,
    state_with_hands,
)
from cardgames.sixes.state import SixesState, check_state

__all__ = ["Replay", "Sampler", "determinize", "pass_exclusions", "prepare", "replay", "sample"]

_PLAYER_AND_ACTION: Final = attrgetter("player", "action")
"""A turn's two fields in one C call (the replay reads them from every turn)."""
_GREEDY_ATTEMPTS: Final = 8
"""Randomized placements tried before the exact matching takes over."""


class Replay(NamedTuple):
    """What replaying a round's history finds out (see :func:`replay`)."""

    excluded: tuple[int, ...]
    """For each seat, the cards it cannot hold given its passes (S7); none without the option."""
    table: int | None
    """The table the history builds, when every turn is by a seat, every action a
    :class:`Play` or :class:`Pass` and every play legal in its turn (S5, S6); else None."""
    playable: int
    """The cards playable on the replayed table (S5, S6)."""


def replay(observation: SixesObservation, *, must_play_if_able: bool) -> Replay:  # noqa: C901, PLR0912 - one pass, the common turn first
    """Replay the round's history of ``observation`` from the empty table (S5, S6, S7).

    One pass finds the cards each passer cannot hold (under ``must_play_if_able`` a pass
    rules out every card playable at that moment, and hands only shrink) and whether the
    history is a legal sequence of turns by seats; then its table is known to be valid and its
    plays to be the table's cards, once each (see :func:`~cardgames.sixes.state.check_state`).

    Raises:
        InvalidStateError: Under ``must_play_if_able``, a player plays a card that was
            playable at one of their earlier passes, which no real round can show (S7).
    """
    seats = range(len(observation.hand_sizes))
    excluded = [0] * len(seats)
    table = 0
    playable = SIX_OF_DIAMONDS_BIT
    sound = True
    for player, action in map(_PLAYER_AND_ACTION, observation.history):
        if action.__class__ is Play and player in seats:
            card = action.card
            if card.__class__ is Card:
                index = INDEX_BY_CARD_INDEX[card.index]
                if index is not None:
                    bit = BITS[index]
                    if playable & bit and not (table | excluded[player]) & bit:
                        # The common turn: a seat's legal play of a card it never passed on.
                        playable = (playable ^ bit) | GROWTH[index]
                        table |= bit
                        continue
        # Every other turn: a pass, or anything the state check has to look at.
        if player in seats:
            if action.__class__ is Pass:
                if must_play_if_able:
                    excluded[player] |= playable
                continue
            seated = True
        else:
            sound = seated = False
            if action.__class__ is Pass:
                continue
        if action.__class__ is not Play:
            sound = False
            continue
        card = action.card
        index = INDEX_BY_CARD_INDEX[card.index] if card.__class__ is Card else None
        if index is None:  # not a Sixes card: the state check will say what it makes of it
            sound = False
            continue
        bit = 1 << index
        if must_play_if_able and seated and excluded[player] & bit:
            raise InvalidStateError(
                f"player {player} plays {SIXES_DECK[index].unicode} after passing while it "
                "was playable (S7)"
            )
        if playable & bit and not table & bit:
            playable = (playable ^ bit) | GROWTH[index]
            table |= bit
        else:  # not a legal sequence: the state check will say so; keep the table right
            sound = False
            table |= bit
            playable = playable_mask(table)
    return Replay(tuple(excluded), table if sound else None, playable)


def pass_exclusions(observation: SixesObservation, *, must_play_if_able: bool) -> tuple[int, ...]:
    """For each seat, the bitmask of cards it cannot hold given the round's passes (S7).

    The table is rebuilt turn by turn from the history (which starts with the 6♦, S5); a pass
    under ``must_play_if_able`` rules out every card playable at that moment. Without the
    option passing is voluntary and nothing is ruled out.

    Args:
        observation: The view whose public history is replayed.
        must_play_if_able: Whether a player who can play must (S7).

    Raises:
        InvalidStateError: A player plays a card that was playable at one of their earlier passes,
            which no real round can show (S7).
    """
    if not must_play_if_able:
        return (0,) * len(observation.hand_sizes)
    return replay(observation, must_play_if_able=True).excluded


def _pick(rng: random.Random, seats: Sequence[int], room: Sequence[int]) -> int | None:
    """A seat of ``seats`` with room, chosen with probability proportional to its room."""
    total = 0
    for seat in seats:
        total += room[seat]
    if not total:
        return None
    draw = rng.randrange(total)
    for seat in seats:
        draw -= room[seat]
        if draw < 0:
            return seat
    raise AssertionError  # pragma: no cover - the draw is below the total


def _place_greedily(
    rng: random.Random,
    cards: Sequence[int],
    allowed: Mapping[int, Sequence[int]],
    room: Sequence[int],
    lengths: Mapping[int, int],
) -> dict[int, int] | None:
    """Place ``cards`` most constrained first, each by :func:`_pick`; None at a dead end.

    ``lengths[card]`` is ``len(allowed[card])``, the sort key. For a plain ``random.Random``
    :func:`_pick` is made inline, with the same draws.
    """
    order = list(cards)
    shuffle(rng, order)
    order.sort(key=lengths.__getitem__)
    left = list(room)
    placed = {}
    if rng.__class__ is not random.Random or not PLAIN_DRAWS:
        for card in order:
            seat = _pick(rng, allowed[card], left)
            if seat is None:
                return None
            left[seat] -= 1
            placed[card] = seat
        return placed
    getrandbits = rng.getrandbits
    for card in order:
        seats = allowed[card]
        total = 0
        for seat in seats:
            total += left[seat]
        if not total:
            return None
        bits = total.bit_length()
        draw = getrandbits(bits)
        while draw >= total:
            draw = getrandbits(bits)
        for drawn in seats:  # the seat the loop stops at is the one drawn
            draw -= left[drawn]
            if draw < 0:
                break
        else:  # pragma: no cover - the draw is below the total
            raise AssertionError
        left[drawn] -= 1
        placed[card] = drawn
    return placed


def _place_exactly(
    rng: random.Random,
    cards: Sequence[int],
    allowed: Mapping[int, Sequence[int]],
    room: Sequence[int],
) -> dict[int, int] | None:
    """Place ``cards`` by augmenting paths (a bipartite b-matching); None when impossible."""
    placed: dict[int, int] = {}
    holding: dict[int, list[int]] = {seat: [] for seat in range(len(room))}

    def settle(card: int, visited: set[int]) -> bool:
        seats = list(allowed[card])
        shuffle(rng, seats)
        for seat in seats:
            if seat in visited:
                continue
            visited.add(seat)
            if len(holding[seat]) < room[seat]:
                holding[seat].append(card)
                placed[card] = seat
                return True
            for position, other in enumerate(holding[seat]):
                if settle(other, visited):  # ``other`` moved on: ``card`` takes its place
                    holding[seat][position] = card
                    placed[card] = seat
                    return True
        return False

    order = list(cards)
    shuffle(rng, order)
    for card in order:
        if not settle(card, set()):
            return None
    return placed


def _split(
    unseen: int, others: Sequence[int], excluded: tuple[int, ...]
) -> tuple[tuple[int, ...], dict[int, tuple[int, ...]], tuple[int, ...], dict[int, int]]:
    """The unseen cards some seat cannot hold, the seats each of them may go to, the rest.

    And ``len`` of each card's seats. The constrained cards fall into a few classes by the
    seats that rule them out: the classes are found by splitting the constrained cards seat
    by seat, and each class's cards share one tuple of seats (in seat order, as
    ``tuple(seat for seat in others if card not in excluded[seat])`` gives it).
    """
    blocked = 0
    for seat in others:
        blocked |= excluded[seat]
    blocked &= unseen
    classes: list[tuple[int, tuple[int, ...]]] = [(blocked, ())]
    for seat in others:
        mask = excluded[seat]
        split = []
        for cards, seats in classes:
            if cards & ~mask:
                split.append((cards & ~mask, (*seats, seat)))
            if cards & mask:
                split.append((cards & mask, seats))
        classes = split
    allowed: dict[int, tuple[int, ...]] = {}
    lengths: dict[int, int] = {}
    for cards, seats in classes:
        indices = indices_of_mask(cards)
        allowed.update(dict.fromkeys(indices, seats))
        lengths.update(dict.fromkeys(indices, len(seats)))
    return indices_of_mask(blocked), allowed, indices_of_mask(unseen & ~blocked), lengths


def _place(
    rng: random.Random,
    cards: Sequence[int],
    allowed: Mapping[int, Sequence[int]],
    room: Sequence[int],
    lengths: Mapping[int, int] | None = None,
) -> dict[int, int]:
    """Place the constrained ``cards``: a few randomized tries, then the exact matching.

    ``lengths`` is ``len(allowed[card])`` for each card, when the caller has it.

    Raises:
        InvalidStateError: No placement exists (S7).
    """
    if lengths is None:
        lengths = {card: len(seats) for card, seats in allowed.items()}
    for _ in range(_GREEDY_ATTEMPTS):
        placed = _place_greedily(rng, cards, allowed, room, lengths)
        if placed is not None:
            return placed
    placed = _place_exactly(rng, cards, allowed, room)
    if placed is None:
        raise InvalidStateError("no deal of the unseen cards agrees with the passes (S7)")
    return placed


class _Plan(NamedTuple):
    """What every sample of one constrained observation shares: all but the random choices."""

    hands: tuple[int, ...]
    others: tuple[int, ...]
    room: tuple[int, ...]
    constrained: tuple[int, ...]
    allowed: Mapping[int, tuple[int, ...]]
    lengths: Mapping[int, int]
    """``len(allowed[card])`` for each constrained card: the order they are placed in."""
    free: tuple[int, ...]


def _plan(
    observation: SixesObservation, own: int, seen: int, excluded: tuple[int, ...]
) -> _Plan | None:
    """The constrained deal of ``observation`` under S7, or None when the passes rule out nothing.

    ``own`` and ``seen`` are the masks of the observer's hand and of it with the table;
    ``excluded`` is the :func:`replay`'s.

    Raises:
        InvalidStateError: The observation contradicts itself (hand sizes, the passes).
    """
    me = observation.player
    if me is None:
        raise ValueError("a spectator's observation has no seat to determinize for")
    if excluded[me] & own:
        raise InvalidStateError(f"player {me} passed while holding a card they could play (S7)")
    unseen = FULL_MASK & ~seen
    sizes = observation.hand_sizes
    others = [seat for seat in range(len(sizes)) if seat != me]
    if not any(excluded[seat] & unseen for seat in others):
        return None
    if sum(sizes) - sizes[me] != unseen.bit_count() or sizes[me] != len(observation.hand):
        raise InvalidStateError("the observation's hand sizes do not match its unseen cards")
    # A pass means the 6♦ is on the table: nobody is about to open (S5).
    constrained, allowed, free, lengths = _split(unseen, others, excluded)
    return _Plan(
        tuple([own if seat == me else 0 for seat in range(len(sizes))]),
        tuple(others),
        tuple([0 if seat == me else size for seat, size in enumerate(sizes)]),
        constrained,
        allowed,
        lengths,
        free,
    )


class Sampler(NamedTuple):
    """What every sample of one observation shares: all but the random choices.

    Built by :func:`prepare`; :func:`sample` draws from it. ``Sixes.determinize`` keeps the
    last one on the game, as a search samples one observation many times.
    """

    observation: SixesObservation
    own: int
    table_mask: int
    playable: int
    facts: DealFacts | None
    """The uniform deal's :func:`~cardgames.sixes.observation.deal_facts`, or None."""
    plan: _Plan | None
    """The constrained deal (S7), or None."""
    replayed_table: int | None
    """:attr:`Replay.table` of the history, for :func:`~cardgames.sixes.state.check_state`."""
    hands: tuple[int, ...] | None = None
    """The hands of every sample when one seat receives every unseen card, else None."""
    draws: tuple[tuple[int, int], ...] = ()
    """With :attr:`hands`: the draws a sample makes, as ``(size, bits)`` pairs: ``bits``
    random bits drawn again and again until they are below ``size`` (the Fisher-Yates steps
    of the shuffle of the unseen cards)."""


def prepare(
    observation: SixesObservation, *, must_play_if_able: bool, own: int | None = None
) -> Sampler:
    """Everything :func:`sample` needs of ``observation``, worked out once.

    ``own`` is the mask of the observer's hand when the caller knows it.

    Raises:
        InvalidStateError: No deal of the unseen cards fits the observation (hand sizes, the
            6♦, the passes).
        ValueError: The same, found by the uniform deal, or a spectator's observation.
    """
    if own is None:
        own = mask_of_cards(observation.hand)
    seen = own | mask_of_columns(observation.columns)
    if must_play_if_able:
        replayed = replay(observation, must_play_if_able=True)
        plan = _plan(observation, own, seen, replayed.excluded)
        facts = deal_facts(observation, own, seen) if plan is None else None
    else:
        plan = None
        facts = deal_facts(observation, own, seen)
        replayed = replay(observation, must_play_if_able=False)
    table = seen & ~own
    # When the replay built this very table, it knows its playable cards.
    playable = replayed.playable if replayed.table == table else playable_mask(table)
    hands, draws = _single_receiver(observation, own, facts)
    return Sampler(observation, own, table, playable, facts, plan, replayed.table, hands, draws)


def _shuffle_draws(size: int) -> tuple[tuple[int, int], ...]:
    """The ``(size, bits)`` draws of :func:`~cardgames.sixes.deck.shuffle` of ``size`` items."""
    return tuple((items, bits) for _, items, bits in SHUFFLE_STEPS[size])


def _single_receiver(
    observation: SixesObservation, own: int, facts: DealFacts | None
) -> tuple[tuple[int, ...] | None, tuple[tuple[int, int], ...]]:
    """The fixed hands and the draws of every sample, when one seat receives every unseen card.

    That is every observation of a two-player round (where a pass can rule out no unseen
    card: the passer would hold it, and so could have played it, S7). The sample is then
    always the same deal; only the random generator moves on, by the draws of the shuffle that
    deals it (see :attr:`Sampler.draws`). ``(None, ())`` when the deal varies from sample to
    sample, or when the passes constrain it (``facts`` is None).
    """
    if facts is None:
        return None, ()
    unseen, _, only = facts
    if only is None:
        return None, ()
    hands = [0] * len(observation.hand_sizes)
    hands[observation.player] = own  # type: ignore[index]
    hands[only] = mask_of_distinct(unseen)
    return tuple(hands), _shuffle_draws(len(unseen))


def sample(sampler: Sampler, rng: random.Random) -> SixesState:
    """One sample of the prepared observation, built unchecked (see ``Sixes.determinize``).

    The unseen cards go to the other seats at random, keeping every hand size, giving the 6♦
    to the player to open (S5) and no passer a card that was playable at their pass (S7).
    When the passes rule nothing out the deal is the plain uniform one.
    """
    observation = sampler.observation
    if sampler.hands is not None and rng.__class__ is random.Random and PLAIN_DRAWS:
        # One seat receives every unseen card: the same deal, the generator moved on by the
        # very draws that dealing it makes (see :attr:`Sampler.draws`).
        getrandbits = rng.getrandbits
        for size, bits in sampler.draws:
            while getrandbits(bits) >= size:
                pass
        return state_with_hands(
            observation, sampler.hands, sampler.table_mask, sampler.playable, getrandbits(64)
        )
    plan = sampler.plan
    if plan is None:
        assert sampler.facts is not None  # noqa: S101 - prepare gives one or the other
        hands = deal_unseen(observation, rng, sampler.own, sampler.facts)
    else:
        dealt = list(plan.hands)
        room = list(plan.room)
        placed = _place(rng, plan.constrained, plan.allowed, room, plan.lengths)
        for card, seat in placed.items():
            dealt[seat] |= 1 << card
            room[seat] -= 1
        free = list(plan.free)
        shuffle(rng, free)
        start = 0
        for seat in plan.others:
            dealt[seat] |= mask_of_distinct(free[start : start + room[seat]])
            start += room[seat]
        hands = tuple(dealt)
    return state_with_hands(
        observation, hands, sampler.table_mask, sampler.playable, rng.getrandbits(64)
    )


def determinize(
    observation: SixesObservation, rng: random.Random, *, must_play_if_able: bool
) -> SixesState:
    """A full state the observer cannot tell from the real one (see ``Sixes.determinize``).

    The sample is checked like any state built by its constructor.

    Args:
        observation: The observer's view.
        rng: The only source of randomness (the same state of it gives the same sample).
        must_play_if_able: Whether passes reveal anything (S7).

    Raises:
        InvalidStateError: No deal of the unseen cards fits the observation (hand sizes, the 6♦,
            the passes).
    """
    sampler = prepare(observation, must_play_if_able=must_play_if_able)
    state = sample(sampler, rng)
    check_state(state, replayed_table=sampler.replayed_table)
    return state
