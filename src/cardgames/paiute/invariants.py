"""What a Paiute state must satisfy under a game's options, for states from outside the engine.

:class:`~cardgames.paiute.state.PaiuteState` checks everything the options do not change when
it is built. What depends on them (the number of seats, the chips of the session, the deal
limit, whether the turned card is in play, the turn limit and who plays after a call) is
checked here, so that a decoder can turn a bad document into a clear error instead of a state
that fails later::

    >>> from cardgames.paiute import Paiute, PaiuteConfig, check_state
    >>> game = Paiute(PaiuteConfig(num_players=3))
    >>> check_state(game, game.initial_state(seed=1)) is None
    True
    >>> check_state(Paiute(PaiuteConfig(num_players=2)), game.initial_state(seed=1))
    Traceback (most recent call last):
    ...
    cardgames.errors.InvalidStateError: invalid Paiute state: 3 hands for 2 players (P1)
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import compress
from typing import TYPE_CHECKING, Final

from cardgames.errors import InvalidStateError
from cardgames.paiute.config import FinalTurns, PaiuteConfig
from cardgames.paiute.hands import evaluate_indices
from cardgames.paiute.history import Called, ShowedSix
from cardgames.paiute.state import PaiuteState, Shows, check_fields

if TYPE_CHECKING:
    from cardgames.paiute.game import Paiute

__all__ = ["check_config_fit", "check_read_state", "check_state"]


def _invalid(problem: str) -> InvalidStateError:
    return InvalidStateError(f"invalid Paiute state: {problem}")


def _check_final_turns(config: PaiuteConfig, state: PaiuteState) -> None:
    """After a call, who plays last follows ``final_turns`` (P12)."""
    caller = state.caller
    if caller is None:
        return
    last: int
    if config.final_turns == FinalTurns.COMPLETE_ROUND:
        last = state.table.dealer
    else:
        last = (caller - 1) % config.num_players
    if state.last_to_play != last:
        raise _invalid(
            f"after player {caller}'s call the last seat to play is {last}, not "
            f"{state.last_to_play} (final_turns={config.final_turns.value!r}, P12)"
        )


def check_config_fit(config: PaiuteConfig, state: PaiuteState, shows: Shows | None = None) -> None:
    """Check that ``state``, valid in itself, is a position of a game played with ``config``.

    ``shows`` are the calls and shows of the history if the caller has collected them
    (see :func:`~cardgames.paiute.state.check_fields`).

    Raises:
        InvalidStateError: the first broken rule.
    """
    n = config.num_players
    if state.num_players != n:
        raise _invalid(f"{state.num_players} hands for {n} players (P1)")
    table = state.table
    if sum(table.stacks) + table.pot != config.starting_chips * n:
        raise _invalid(
            f"the stacks and the pot must add up to the {config.starting_chips * n} chips of "
            "the session (P18, P19)"
        )
    if table.deal >= config.deals:
        raise _invalid(f"deal {table.deal} is past the session's {config.deals} deals (P20)")
    placed = sum(map(len, state.hand_indices)) + len(state.stock_indices)
    placed += len(state.pile_indices)
    if (placed == 52) != config.wild_indicator_in_play:
        where = "in play" if config.wild_indicator_in_play else "out of play"
        raise _invalid(f"the turned wild card must be {where} (wild_indicator_in_play, P6)")
    max_turns = config.max_turns
    live = state.current_player is not None and state.caller is None
    if live and max_turns is not None and state.turns_played >= max_turns:
        raise _invalid(f"a deal without a call ends after {max_turns} turns (P21)")
    _check_final_turns(config, state)
    _check_shown_values(config, state, shows)


_SHOW_KINDS: Final = frozenset((Called, ShowedSix))


def _check_shown_values(config: PaiuteConfig, state: PaiuteState, shows: Shows | None) -> None:
    """A call or six-card show names the value its cards have under the options (P11, P15)."""
    history = state.history
    wild_rank = (state.table.wild >> 2) + 2
    events: Iterable[object] = (
        compress(history, map(_SHOW_KINDS.__contains__, map(type, history)))
        if shows is None
        else shows.shows
    )
    for event in events:
        if type(event) is Called or type(event) is ShowedSix:  # always: narrows the type
            hand = state.hand_indices[event.player]
            value = evaluate_indices(hand, wild_rank, config.ace_low_straight)
            if value is None or value != event.value:
                raise _invalid(
                    f"player {event.player}'s shown cards must form the combination their "
                    "show names (P11, P13, P15)"
                )


def check_state(game: Paiute, state: object) -> None:
    """Check that ``state`` is a consistent Paiute state for ``game``.

    Raises:
        InvalidStateError: ``state`` is not a :class:`PaiuteState`, or an invariant is
            broken; the message names it and its rule id.
    """
    if type(state) is not PaiuteState:
        raise InvalidStateError(f"expected a PaiuteState, not {type(state).__name__}")
    check_config_fit(game.config, state, check_fields(state))


def check_read_state(game: Paiute, state: PaiuteState) -> None:
    """:func:`check_state` of a state that the JSON reader built, without its history scan.

    The reader (:func:`~cardgames.paiute.document.read_state`) accepts only histories of
    draws, discards and rebuilds by seats of the table (P1), so their calls and shows are
    none, which is what the scan would find; everything else is checked as by
    :func:`check_state`.

    Raises:
        InvalidStateError: an invariant is broken; the message names it and its rule id.
    """
    check_config_fit(game.config, state, check_fields(state, Shows()))
