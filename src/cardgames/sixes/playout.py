"""Random playouts of Sixes on a private mutable position (see :meth:`Sixes.random_playout`).

A search's rollouts play the built-in random policy for dozens of actions, of which only the
last state is used. :func:`play_randomly` plays them on plain lists and ints (the hands, the
stacks, the round's new turns) and builds one state at the end, with exactly the draws and the
result of the protocol's loop (:func:`cardgames.game.random_playout`). The two rare turns that
settle or end something (a round's last card, S8; a pass that empties or finds an empty stack,
S7, S10) are handed to :meth:`Sixes.apply` itself, so the rules live in one place.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from itertools import repeat
from typing import Final, TypeAlias

from cardgames.draws import plain_getrandbits
from cardgames.errors import InvalidStateError
from cardgames.game import PlayerId
from cardgames.sixes.action import PASS, PASS_ID, TURNS, SixesAction, SixesTurn
from cardgames.sixes.deck import (
    BITS,
    DECK_SIZE,
    FULL_MASK,
    GROWTH,
    SIX_OF_DIAMONDS_BIT,
)
from cardgames.sixes.state import SixesState, unchecked_state

__all__ = [
    "PASS_FLAG",
    "Choices",
    "choices_for",
    "play_randomly",
    "score_randomly",
]

PASS_FLAG: Final = 1 << DECK_SIZE
"""Bit 40 of a legal-action key: passing is legal (see ``Sixes.legal_actions``)."""
_CACHE_LIMIT: Final = 1 << 16
"""The most keys a game's table of choices keeps; it starts afresh beyond it."""
Choices: TypeAlias = tuple[int, tuple[int | None, ...], tuple[int, ...]]
"""The legal action ids of one legal-action key, ready to draw from (see :func:`choices_for`)."""


def choices_for(choices: dict[int, Choices], plays: int, may_pass: bool | None = None) -> Choices:
    """The legal action ids of the playable cards ``plays``, ready to draw, kept in ``choices``.

    ``plays`` has a bit per playable card of the hand (by card index); ``may_pass`` says
    whether passing beside a play is allowed (``must_play_if_able`` off, S7): a game keeps one
    table under its one rule. The entry is ``(k, table, ids)``: ``ids`` are the plays lowest
    first, then the pass (40), as ``legal_actions`` lists the actions themselves: the pass
    alone without a play (S7), the 6♦ alone at the opening (S5: it is playable only while the
    table is empty, and no pass is allowed yet); ``k`` is the bits that ``randbelow(len(ids))``
    draws, and ``table[drawn]`` the id those bits choose (None where ``randbelow`` rejects them
    and draws again).

    Called the old way, ``choices_for(choices, key)`` with :data:`PASS_FLAG` in ``key`` when
    passing beside a play is allowed, it gives the same entry, kept under ``key``, and warns
    (:class:`DeprecationWarning`): a game's table now keys by the playable cards alone.
    """
    key = plays
    if may_pass is None:
        warnings.warn(
            "choices_for(choices, key) with PASS_FLAG in the key is deprecated: pass the "
            "playable cards and may_pass, choices_for(choices, plays, may_pass)",
            DeprecationWarning,
            stacklevel=2,
        )
        may_pass = bool(key & PASS_FLAG)
        plays = key & ~PASS_FLAG
    ids = []
    rest = plays
    while rest:
        low = rest & -rest
        ids.append(low.bit_length() - 1)
        rest ^= low
    if not ids or (may_pass and not plays & SIX_OF_DIAMONDS_BIT):
        ids.append(PASS_ID)
    k = len(ids).bit_length()
    table = (*ids, *[None] * ((1 << k) - len(ids)))
    if len(choices) >= _CACHE_LIMIT:
        choices.clear()
    result = choices[key] = (k, table, tuple(ids))
    return result


_PLAYABLE_CHANGE: Final = tuple(GROWTH[i] - BITS[i] for i in range(DECK_SIZE))
"""``_PLAYABLE_CHANGE[i]``: what the play of the playable card ``i`` adds to the playable mask.

Its bit goes and the cards it opens come (:data:`~cardgames.sixes.deck.GROWTH`), which were
not playable before it (S6), so one addition does both."""


def play_randomly(  # noqa: PLR0913 - the game's tables by keyword
    state: SixesState,
    randbelow: Callable[[int], int],
    horizon: int | None,
    limit: int | None,
    *,
    apply: Callable[[SixesState, SixesAction], SixesState],
    next_seat: tuple[PlayerId, ...],
    may_pass: bool,
    choices: dict[int, Choices],
    last_card: Callable[[SixesState, PlayerId, int], SixesState],
) -> SixesState:
    """The state where uniformly random play from ``state`` stops (see ``Sixes.random_playout``).

    Each turn draws ``randbelow(n)`` over the ``n`` legal actions in ``legal_actions`` order,
    as the protocol's loop does, and plays the action on the mutable position; a turn that
    settles or ends something goes through ``apply``. The draws of ``rng._randbelow`` of a
    plain ``random.Random`` are made inline (see :func:`~cardgames.draws.plain_getrandbits`).

    Args:
        state: Where to start; it is not changed.
        randbelow: Draws each action's index.
        horizon: Stop once the round is no longer this one (None: play on).
        limit: The most actions to play (None: no limit).
        apply: The game's ``apply``.
        next_seat: The seat after each seat (S11).
        may_pass: Whether passing is legal beside a play (``must_play_if_able`` off, S7).
        choices: The game's table of :func:`choices_for`.
        last_card: ``last_card(state, player, index)`` plays the card ``index``, the last of
            the hand of ``player``, who is to play in ``state``, and settles the round (S8);
            ``apply`` of that play without the checks.

    Raises:
        InvalidStateError: ``state`` is not a Sixes state.
    """
    played = _play(
        state, randbelow, horizon, limit, apply, next_seat, may_pass, choices, last_card, None
    )
    assert played.__class__ is SixesState  # noqa: S101 - without settle, _play makes states
    return played


def score_randomly(  # noqa: PLR0913 - the game's tables by keyword
    state: SixesState,
    randbelow: Callable[[int], int],
    horizon: int,
    limit: int | None,
    *,
    apply: Callable[[SixesState, SixesAction], SixesState],
    next_seat: tuple[PlayerId, ...],
    may_pass: bool,
    choices: dict[int, Choices],
    settle: Callable[[list[int], list[int], int, PlayerId], tuple[int, ...]],
) -> tuple[int, ...]:
    """The settled stacks where random play from ``state`` stops within round ``horizon``.

    :func:`play_randomly`'s turns and draws, to the same end: its state's ``settled_stacks``
    (see ``Sixes.random_playout_returns``). The round's last card (S8) is not played through
    the rules: ``settle(stacks, hands, pot, winner)`` gives the stacks once the round is
    settled, from the mutable position (the winner's hand already empty), and no state is
    built, no next round dealt (S9): the horizon ends the playout there.

    Raises:
        InvalidStateError: ``state`` is not a Sixes state.
    """
    played = _play(
        state, randbelow, horizon, limit, apply, next_seat, may_pass, choices, None, settle
    )
    if played.__class__ is SixesState:
        return played.settled_stacks
    return played  # type: ignore[return-value]


def _play(  # noqa: C901, PLR0912, PLR0913, PLR0915, PLR0917 - one frame holds the hot loop, called positionally
    state: SixesState,
    randbelow: Callable[[int], int],
    horizon: int | None,
    limit: int | None,
    apply: Callable[[SixesState, SixesAction], SixesState],
    next_seat: tuple[PlayerId, ...],
    may_pass: bool,
    choices: dict[int, Choices],
    last_card: Callable[[SixesState, PlayerId, int], SixesState] | None,
    settle: Callable[[list[int], list[int], int, PlayerId], tuple[int, ...]] | None,
) -> SixesState | tuple[int, ...]:
    """The hot loop of :func:`play_randomly` and :func:`score_randomly`.

    The round's last card goes to ``last_card`` (a state) or, given ``settle``, ends the loop
    with the settled stacks.
    """
    if state.__class__ is not SixesState:
        raise InvalidStateError(f"{type(state).__name__} is not a SixesState")
    player = state.to_play
    if player is None or (horizon is not None and state.round_number != horizon):
        return state
    # One item per action allowed: the loop's ``steps != limit`` (a negative limit never stops).
    budget = repeat(None) if limit is None or limit < 0 else repeat(None, limit)
    known = choices.get
    getrandbits = plain_getrandbits(randbelow)
    hands = list(state.hand_masks)
    stacks = list(state.stacks)
    playable = state.playable_mask
    pot = state.pot
    moves: list[int] = []  # the action ids played since ``state``, one seat after the other
    record = moves.append
    for _ in budget:
        # Within a round somebody is always to play, and the round number stays the same.
        hand = hands[player]
        key = hand & playable
        entry = known(key)
        if entry is None:
            entry = choices_for(choices, key, may_pass)
        k, draws, ids = entry
        if getrandbits is None:
            choice = ids[randbelow(len(ids))]
        else:  # randbelow(len(ids)), inline: its draws of k bits until one is below
            drawn = draws[getrandbits(k)]
            while drawn is None:
                drawn = draws[getrandbits(k)]
            choice = drawn
        if choice == PASS_ID:
            chips = stacks[player]
            if chips > 1:
                stacks[player] = chips - 1
                pot += 1
                record(choice)
                player = next_seat[player]
                continue
            # The pass empties the stack, or is free or ends the game (S7, S10).
            position = _position(state, hands, playable, stacks, pot, player, moves, next_seat)
            state = apply(position, PASS)
        else:
            bit = BITS[choice]
            if hand != bit:
                hands[player] = hand ^ bit
                playable += _PLAYABLE_CHANGE[choice]
                record(choice)
                player = next_seat[player]
                continue
            # The round's last card: the round is settled (S8), the next one dealt (S9).
            if settle is not None:
                hands[player] = 0
                return settle(stacks, hands, pot, player)
            assert last_card is not None  # noqa: S101 - one of the two is given
            position = _position(state, hands, playable, stacks, pot, player, moves, next_seat)
            state = last_card(position, player, choice)
        # After a turn through the rules: start again from the state they made.
        player = state.to_play
        if player is None or (horizon is not None and state.round_number != horizon):
            return state
        hands = list(state.hand_masks)
        stacks = list(state.stacks)
        playable = state.playable_mask
        pot = state.pot
        moves.clear()  # (the position was built from them: record appends anew)
    if not moves:  # nothing played since the last state was made
        return state
    return _position(state, hands, playable, stacks, pot, player, moves, next_seat)


def _position(  # noqa: PLR0913, PLR0917 - the mutable position's parts
    state: SixesState,
    hands: list[int],
    playable: int,
    stacks: list[int],
    pot: int,
    player: PlayerId,
    moves: list[int],
    next_seat: tuple[PlayerId, ...],
) -> SixesState:
    """The state of ``state``'s round after ``moves``, built unchecked like ``apply`` builds it.

    ``moves`` are the ids of the actions played from ``state`` on, each by the seat after the
    previous one's (S11); the table is every card that no hand holds (the 40 cards are all
    dealt, S2, S4).
    """
    held = 0
    for hand in hands:
        held |= hand
    seat = state.to_play
    assert seat is not None  # noqa: S101 - moves are played by a seat
    turns: list[SixesTurn] = []
    for move in moves:
        turns.append(TURNS[seat][move])
        seat = next_seat[seat]
    return unchecked_state(
        tuple(hands),
        FULL_MASK ^ held,
        playable,
        tuple(stacks),
        pot,
        state.settled_stacks,
        state.dealer,
        player,
        state.round_number,
        state.history + tuple(turns),
        state.stack_emptied,
        state.chance_key,
        state.pending_decks,
    )
