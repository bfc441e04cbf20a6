"""A per-action event stream that a front end can animate, redacted for each viewer.

This module is a leaf: it knows no game and no registry (each game's spec carries its
event describer). Events are derived from a state, the action applied and the successor
state, so a server can produce them for each connected player without keeping any other log::

    >>> from cardgames.events import describe
    >>> from cardgames.sixes import Sixes, SixesConfig
    >>> game = Sixes(SixesConfig(num_players=4, max_rounds=1))
    >>> state = game.initial_state(7)
    >>> action = game.legal_actions(state)[0]
    >>> [event.text for event in describe(game, state, action, viewer=0)]
    ['player 2 played 6♦']

Cards a viewer may not see never appear in that viewer's events (``viewer=None`` is a
spectator who sees only public cards; pass ``reveal_all=True`` for a replay viewer that shows
everything).
"""

from __future__ import annotations

from typing import Any

import attrs

from cardgames.cards import Card
from cardgames.game import Game, PlayerId

__all__ = ["Event", "describe"]


@attrs.frozen(kw_only=True)
class Event:
    """One thing that happened, as a front end would show it.

    Attributes:
        kind: What happened, in snake case: ``"play"``, ``"pass"``, ``"draw_stock"``,
            ``"draw_discard"``, ``"discard"``, ``"call"``, ``"stock_rebuilt"``,
            ``"round_won"``, ``"showdown"``, ``"deal"``, ``"game_over"``, … (per game).
        player: The seat that acted or is concerned, if any.
        cards: The cards involved that the viewer may see (hidden ones are left out).
        hidden: How many cards moved face down, unseen by the viewer.
        chips: Chips moved, if any (a payment, a pot won).
        text: A short sentence in English for a log or a screen reader.
    """

    kind: str
    player: PlayerId | None = None
    cards: tuple[Card, ...] = ()
    hidden: int = 0
    chips: int = 0
    text: str


def describe(  # noqa: PLR0913 - keyword-only options after the three values
    game: Game[Any, Any, Any],
    state: object,
    action: object,
    *,
    viewer: int | None,
    next_state: object | None = None,
    reveal_all: bool = False,
) -> tuple[Event, ...]:
    """The events of applying ``action`` in ``state``, as ``viewer`` may see them.

    Args:
        game: The game (its spec's ``events`` describes the action).
        state: The state before the action.
        action: A legal action in ``state``.
        viewer: The seat the events are for; None for a spectator.
        next_state: The successor, if already computed (else ``apply`` is called).
        reveal_all: Show every card (for replays after the game).

    Raises:
        IllegalActionError: ``action`` is not legal in ``state``.
        TypeError: the game has no event describer registered.
    """
    describer = game.spec.events
    if describer is None:
        raise TypeError(f"{game.name} has no event describer")
    after = game.apply(state, action) if next_state is None else next_state
    seat = None if viewer is None else PlayerId(viewer)
    return describer(game, state, action, after, seat, reveal_all)
