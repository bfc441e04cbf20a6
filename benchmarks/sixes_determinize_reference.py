"""Sixes' ``determinize`` as it was before issue 12, kept to measure its speed-up in one run.

:func:`reference_determinize` is the code of version 0.1 before the performance work (the
sampling of ``cardgames.sixes.sampling``, the uniform deal of ``cardgames.sixes.observation``,
the state check of ``cardgames.sixes.state`` and the deck helpers they called), run on today's
observation and state classes. It draws exactly what ``Sixes.determinize`` draws for the same
generator (``tests/sixes/test_sixes_speed.py`` checks that), so ``benchmarks/run.py`` times both
on the same observations in the same rounds: the ratio is the speed-up whatever the machine's
load.

Two things differ from the old code, both in its favour: a history entry's card is found by
its stored index instead of a table keyed by object identity, and there is no module-level
memo of the last observation (which only helps when one observation is sampled again, which
the compared measure never does).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

import attrs

from cardgames.cards import Card, Suit
from cardgames.errors import InvalidStateError
from cardgames.sixes import Sixes
from cardgames.sixes.action import Pass, Play
from cardgames.sixes.config import PLAYER_COUNTS
from cardgames.sixes.deck import (
    CARD_INDEX,
    DECK_SIZE,
    FULL_MASK,
    GROWTH,
    INDEX_BY_CARD_INDEX,
    SIX_OF_DIAMONDS,
    SIX_OF_DIAMONDS_BIT,
    SIX_POSITION,
    SIXES_DECK,
    SUIT_SPAN,
    index_of,
)
from cardgames.sixes.observation import SixesObservation
from cardgames.sixes.state import SixesState, unchecked_state

__all__ = ["reference_determinize"]

_GREEDY_ATTEMPTS: Final = 8
_SIX_INDEX: Final = SIX_OF_DIAMONDS_BIT.bit_length() - 1
_SUIT_MASK: Final = (1 << SUIT_SPAN) - 1


# --- the deck helpers of the time ---


def _mask_of_cards(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << CARD_INDEX[card]
    return mask


def _mask_of_indices(indices: Iterable[int]) -> int:
    mask = 0
    for index in indices:
        mask |= 1 << index
    return mask


def _run_ends(segment: int) -> tuple[int, int]:
    return (segment & -segment).bit_length() - 1, segment.bit_length() - 1


def _is_valid_table(table: int) -> bool:
    if table & ~FULL_MASK or table < 0:
        return False
    if table and not table & SIX_OF_DIAMONDS_BIT:
        return False
    for suit in Suit:
        segment = (table >> (SUIT_SPAN * suit)) & _SUIT_MASK
        if not segment:
            continue
        low, high = _run_ends(segment)
        if not low <= SIX_POSITION <= high or segment != ((1 << (high + 1)) - (1 << low)):
            return False
    return True


def _playable_mask(table: int) -> int:
    if not table:
        return SIX_OF_DIAMONDS_BIT
    playable = 0
    for suit in Suit:
        base = SUIT_SPAN * suit
        segment = (table >> base) & _SUIT_MASK
        if not segment:
            playable |= 1 << (base + SIX_POSITION)
            continue
        low, high = _run_ends(segment)
        if low > 0:
            playable |= 1 << (base + low - 1)
        if high < SUIT_SPAN - 1:
            playable |= 1 << (base + high + 1)
    return playable


# --- the state check of the time ---


def _card_problems(state: SixesState) -> list[str]:
    problems = []
    union = state.table_mask
    for mask in state.hand_masks:
        if union & mask or mask < 0:
            problems.append("a card is in two places (S2)")
        union |= mask
    if union != FULL_MASK:
        problems.append("the hands and the table must hold the 40 cards exactly once (S2)")
    if not _is_valid_table(state.table_mask):
        problems.append("each column must be one run through its 6, the 6♦ first (S5, S6)")
    if bool(state.history) != bool(state.table_mask) or (
        state.history and state.history[0].action != Play(SIX_OF_DIAMONDS)
    ):
        problems.append("a round's history starts with the play of the 6♦ (S5)")
    if any(len(deck) != DECK_SIZE or set(deck) != set(SIXES_DECK) for deck in state.pending_decks):
        problems.append("each pending deck must be an order of the 40 cards (S2)")
    return problems


def _chip_and_seat_problems(state: SixesState) -> list[str]:
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
    seats = range(len(state.hand_masks))
    played = 0
    for turn in state.history:
        if turn.player not in seats:
            return ["every turn of the history is by a seat (S1)"]
        index = index_of(turn.action.card) if isinstance(turn.action, Play) else None
        if index is not None:
            bit = 1 << index
            if played & bit or not state.table_mask & bit:
                return ["the history plays each card on the table once (S6)"]
            played |= bit
    return []


def _play_problems(state: SixesState) -> list[str]:
    problems = _history_problems(state)
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


def _check_state(state: SixesState) -> None:
    problems = _chip_and_seat_problems(state) + _card_problems(state)
    if not problems:
        problems = _play_problems(state)
    if problems:
        raise InvalidStateError("invalid Sixes state: " + "; ".join(problems))


def _state_with_hands(
    observation: SixesObservation, hand_masks: tuple[int, ...], table_mask: int, rng: random.Random
) -> SixesState:
    """The validating constructor of the time: every field set, then the check."""
    state = unchecked_state(
        hand_masks,
        table_mask,
        _playable_mask(table_mask),
        observation.stacks,
        observation.pot,
        observation.settled_stacks,
        observation.dealer,
        observation.to_play,
        observation.round_number,
        observation.history,
        observation.stack_emptied,
        rng.getrandbits(64),
        (),
    )
    _check_state(state)
    return state


# --- the uniform deal (observation.determinize) ---


def _deal_unconstrained(observation: SixesObservation, rng: random.Random) -> SixesState:
    me = observation.player
    if me is None:
        raise ValueError("a spectator's observation has no seat to determinize for")
    own = _mask_of_cards(observation.hand)
    seen = own | _mask_of_cards(observation.table)
    unseen = [i for i in range(DECK_SIZE) if not seen >> i & 1]
    sizes = observation.hand_sizes
    others = sum(sizes) - sizes[me]
    if others != len(unseen) or sizes[me] != len(observation.hand):
        raise ValueError("the observation's hand sizes do not match its unseen cards")
    rng.shuffle(unseen)
    opener = observation.to_play
    if seen & ~own or opener == observation.player:
        opener = None
    elif opener is not None:
        if _SIX_INDEX not in unseen:
            raise ValueError("the player to open must hold the 6♦ (S5)")
        unseen.remove(_SIX_INDEX)
    hands = []
    dealt = 0
    for seat, size in enumerate(sizes):
        if seat == observation.player:
            hands.append(own)
            continue
        if seat == opener and size:
            hands.append(SIX_OF_DIAMONDS_BIT | _mask_of_indices(unseen[dealt : dealt + size - 1]))
            dealt += size - 1
            continue
        hands.append(_mask_of_indices(unseen[dealt : dealt + size]))
        dealt += size
    return _state_with_hands(observation, tuple(hands), seen & ~own, rng)


# --- the constrained deal (sampling) ---


def _pass_exclusions(observation: SixesObservation) -> tuple[int, ...]:
    seats = range(len(observation.hand_sizes))
    excluded = [0] * len(seats)
    table = 0
    playable = SIX_OF_DIAMONDS_BIT
    for turn in observation.history:
        player = turn.player
        action = turn.action
        if action.__class__ is Pass:
            if player in seats:
                excluded[player] |= playable
            continue
        if action.__class__ is not Play:
            continue
        card = action.card
        index = INDEX_BY_CARD_INDEX[card.index] if card.__class__ is Card else None
        if index is None:
            continue
        bit = 1 << index
        if player in seats and excluded[player] & bit:
            raise InvalidStateError(
                f"player {player} plays {SIXES_DECK[index].unicode} after passing while it "
                "was playable (S7)"
            )
        if playable & bit and not table & bit:
            playable = (playable ^ bit) | GROWTH[index]
            table |= bit
        else:
            table |= bit
            playable = _playable_mask(table)
    return tuple(excluded)


def _pick(rng: random.Random, seats: Sequence[int], room: Sequence[int]) -> int | None:
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
) -> dict[int, int] | None:
    order = list(cards)
    rng.shuffle(order)
    order.sort(key=lambda card: len(allowed[card]))
    left = list(room)
    placed = {}
    for card in order:
        seat = _pick(rng, allowed[card], left)
        if seat is None:
            return None
        left[seat] -= 1
        placed[card] = seat
    return placed


def _place_exactly(
    rng: random.Random,
    cards: Sequence[int],
    allowed: Mapping[int, Sequence[int]],
    room: Sequence[int],
) -> dict[int, int] | None:
    placed: dict[int, int] = {}
    holding: dict[int, list[int]] = {seat: [] for seat in range(len(room))}

    def settle(card: int, visited: set[int]) -> bool:
        seats = list(allowed[card])
        rng.shuffle(seats)
        for seat in seats:
            if seat in visited:
                continue
            visited.add(seat)
            if len(holding[seat]) < room[seat]:
                holding[seat].append(card)
                placed[card] = seat
                return True
            for position, other in enumerate(holding[seat]):
                if settle(other, visited):
                    holding[seat][position] = card
                    placed[card] = seat
                    return True
        return False

    order = list(cards)
    rng.shuffle(order)
    for card in order:
        if not settle(card, set()):
            return None
    return placed


def _indices(mask: int) -> list[int]:
    indices = []
    while mask:
        low = mask & -mask
        indices.append(low.bit_length() - 1)
        mask ^= low
    return indices


def _split(
    unseen: int, others: Sequence[int], excluded: tuple[int, ...]
) -> tuple[tuple[int, ...], dict[int, tuple[int, ...]], tuple[int, ...]]:
    masks = [(seat, excluded[seat] & unseen) for seat in others]
    blocked = 0
    for _, mask in masks:
        blocked |= mask
    constrained = tuple(_indices(blocked))
    allowed = {
        card: tuple(seat for seat, mask in masks if not mask >> card & 1) for card in constrained
    }
    return constrained, allowed, tuple(_indices(unseen & ~blocked))


def _place(
    rng: random.Random,
    cards: Sequence[int],
    allowed: Mapping[int, Sequence[int]],
    room: Sequence[int],
) -> dict[int, int]:
    for _ in range(_GREEDY_ATTEMPTS):
        placed = _place_greedily(rng, cards, allowed, room)
        if placed is not None:
            return placed
    placed = _place_exactly(rng, cards, allowed, room)
    if placed is None:
        raise InvalidStateError("no deal of the unseen cards agrees with the passes (S7)")
    return placed


@attrs.frozen(kw_only=True)
class _Plan:
    hands: tuple[int, ...]
    table_mask: int
    others: tuple[int, ...]
    room: tuple[int, ...]
    constrained: tuple[int, ...]
    allowed: Mapping[int, tuple[int, ...]]
    free: tuple[int, ...]


def _plan(observation: SixesObservation) -> _Plan | None:
    excluded = _pass_exclusions(observation)
    me = observation.player
    if me is None:
        raise ValueError("a spectator's observation has no seat to determinize for")
    own = _mask_of_cards(observation.hand)
    if excluded[me] & own:
        raise InvalidStateError(f"player {me} passed while holding a card they could play (S7)")
    seen = own | _mask_of_cards(observation.table)
    unseen = FULL_MASK & ~seen
    sizes = observation.hand_sizes
    others = [seat for seat in range(len(sizes)) if seat != me]
    if not any(excluded[seat] & unseen for seat in others):
        return None
    if sum(sizes) - sizes[me] != unseen.bit_count() or sizes[me] != len(observation.hand):
        raise InvalidStateError("the observation's hand sizes do not match its unseen cards")
    constrained, allowed, free = _split(unseen, others, excluded)
    return _Plan(
        hands=tuple(own if seat == me else 0 for seat in range(len(sizes))),
        table_mask=seen & ~own,
        others=tuple(others),
        room=tuple(0 if seat == me else size for seat, size in enumerate(sizes)),
        constrained=constrained,
        allowed=allowed,
        free=free,
    )


def reference_determinize(
    game: Sixes, observation: SixesObservation, rng: random.Random
) -> SixesState:
    """``game.determinize(observation, rng)`` with the code of before issue 12."""
    if not game.config.must_play_if_able:
        return _deal_unconstrained(observation, rng)
    plan = _plan(observation)
    if plan is None:
        return _deal_unconstrained(observation, rng)
    hands = list(plan.hands)
    room = list(plan.room)
    for card, seat in _place(rng, plan.constrained, plan.allowed, room).items():
        hands[seat] |= 1 << card
        room[seat] -= 1
    free = list(plan.free)
    rng.shuffle(free)
    dealt = 0
    for seat in plan.others:
        hands[seat] |= _mask_of_indices(free[dealt : dealt + room[seat]])
        dealt += room[seat]
    return _state_with_hands(observation, tuple(hands), plan.table_mask, rng)
