"""The seat message: everything one seat's screen needs after each action, in one document.

A server (web, chat, terminal) keeps the state and, whenever something happens, sends each
seat one message: what that seat may see (its observation), what it may do now (each legal
action with its notation and its stable id) and what happened since its last message (the
events, redacted for that seat). The client answers with an action document, or just an id::

    >>> from cardgames.events import describe
    >>> from cardgames.serialization import seat_message
    >>> from cardgames.sixes import Sixes, SixesConfig
    >>> game = Sixes(SixesConfig(num_players=2, max_rounds=1))
    >>> state = game.initial_state(3)
    >>> opening = seat_message(game, state, 1)
    >>> opening.to_play, [(a.id, a.notation) for a in opening.legal_actions]
    (1, [(15, 'play 6d')])
    >>> after = game.apply(state, opening.legal_actions[0].action)
    >>> events = describe(game, state, opening.legal_actions[0].action, viewer=0)
    >>> message = seat_message(game, after, 0, events=events)
    >>> [event.text for event in message.events], len(message.legal_actions)
    (['player 1 played 6♦'], 2)

:func:`~cardgames.serialization.dumps` turns a message into a ``"seat_message"`` document
(see docs/serialization.md for its fields and its JSON Schema) and
:func:`~cardgames.serialization.decode_seat_message` reads it back. ``seat=None`` builds the
message for a spectator, for games whose ``observe`` accepts None; a spectator has no legal
actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from cardgames.events import Event
from cardgames.game import Game, PlayerId
from cardgames.registry import game_info

__all__ = ["LegalAction", "SeatMessage", "seat_message"]


@attrs.frozen(kw_only=True)
class LegalAction:
    """One action a seat may take now, in the three forms a front end needs.

    Attributes:
        id: The action's stable id (:meth:`~cardgames.game.Game.action_id`), for RL masks and
            for clients that answer with a number.
        notation: The action in the game's notation, such as ``play 6d`` (for a button).
        action: The action itself (a tagged object in JSON, as in an action document).
    """

    id: int
    notation: str
    action: Any


@attrs.frozen(kw_only=True)
class SeatMessage:
    """What one seat (or a spectator) is told after each action.

    Attributes:
        seat: The seat the message is for; None for a spectator.
        to_play: The seat to act now, or None once the game is over.
        observation: What ``seat`` may know (:meth:`~cardgames.game.Game.observe`).
        legal_actions: What ``seat`` may do now, in the game's order: empty unless it is
            ``seat``'s turn.
        events: What happened since the previous message, as ``seat`` may see it
            (:func:`cardgames.events.describe`), oldest first.
        returns: Each seat's chip result once the game is over, else None.
    """

    seat: PlayerId | None
    to_play: PlayerId | None
    observation: Any
    legal_actions: tuple[LegalAction, ...]
    events: tuple[Event, ...] = ()
    returns: tuple[int, ...] | None = None


def seat_message(
    game: Game[Any, Any, Any],
    state: object,
    seat: int | None,
    *,
    events: Sequence[Event] = (),
) -> SeatMessage:
    """The message for ``seat`` in ``state``, carrying ``events`` (what happened since the last).

    Args:
        game: The game being played.
        state: The current state (kept on the server: it is never sent).
        seat: The seat the message is for, or None for a spectator (for a game whose
            ``observe`` accepts None).
        events: The events since the seat's previous message, already redacted for that seat
            (``describe(..., viewer=seat)``).

    Raises:
        ValueError: ``seat`` is not a seat of ``game`` (or the game has no spectator view).
    """
    info = game_info(game.name)
    to_play = game.current_player(state)
    observer = None if seat is None else PlayerId(seat)
    observe: Any = game.observe  # a spectator (None) is a seat only for some games
    observation = observe(state, observer)
    legal: tuple[LegalAction, ...] = ()
    if observer is not None and observer == to_play:
        describe_action = info.format_action or repr
        legal = tuple(
            LegalAction(id=game.action_id(action), notation=describe_action(action), action=action)
            for action in game.legal_actions(state)
        )
    return SeatMessage(
        seat=observer,
        to_play=to_play,
        observation=observation,
        legal_actions=legal,
        events=tuple(events),
        returns=tuple(game.returns(state)) if game.is_terminal(state) else None,
    )
