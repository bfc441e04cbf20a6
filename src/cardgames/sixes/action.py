"""The two Sixes actions, their stable integer ids, and the public record of a turn.

A turn is either :class:`Play` (one card onto the table, S6) or :class:`Pass` (S7). Every
action has a stable id: the card's dense index 0..39 for a play, 40 for the pass::

    >>> from cardgames.cards import Card
    >>> from cardgames.sixes import Pass, Play, action_from_id, action_id
    >>> action_id(Play(card=Card.parse("6d"))), action_id(Pass())
    (15, 40)
    >>> action_from_id(15)
    Play(card=Card.parse('6d'))
"""

from __future__ import annotations

from typing import Final, TypeAlias

import attrs

from cardgames.cards import Card
from cardgames.errors import IllegalActionError
from cardgames.game import PlayerId, is_int
from cardgames.sixes.deck import DECK_SIZE, SIXES_DECK, index_of

__all__ = [
    "NUM_DISTINCT_ACTIONS",
    "PASS",
    "PASS_ID",
    "PLAYS",
    "Pass",
    "Play",
    "SixesAction",
    "SixesTurn",
    "action_from_id",
    "action_id",
]


@attrs.frozen
class Play:
    """Play ``card`` from the hand onto its column (S5, S6)."""

    card: Card = attrs.field(validator=attrs.validators.instance_of(Card))


@attrs.frozen
class Pass:
    """Pass the turn, putting 1 chip into the pot unless the player has none (S7)."""


SixesAction: TypeAlias = Play | Pass
"""Anything a player can do on their turn."""

PLAYS: Final[tuple[Play, ...]] = tuple(Play(card) for card in SIXES_DECK)
"""One shared :class:`Play` per card, in id order (``PLAYS[i]`` has id ``i``)."""

PASS: Final = Pass()
"""The shared :class:`Pass`."""

PASS_ID: Final = DECK_SIZE
"""The id of :class:`Pass`: 40, after the 40 plays."""

NUM_DISTINCT_ACTIONS: Final = DECK_SIZE + 1
"""The size of the action-id space: 40 plays and the pass."""

_BY_ID: Final[tuple[SixesAction, ...]] = (*PLAYS, PASS)


def action_id(action: SixesAction) -> int:
    """The stable id of ``action``: the card's index 0..39 for a play, 40 for the pass.

    Raises:
        IllegalActionError: ``action`` is not a Sixes action, or plays a card outside the
            40-card deck (S2).
    """
    match action:
        case Play(card=card):
            index = index_of(card)
            if index is None:
                raise IllegalActionError(f"{action!r} plays a card outside the Sixes deck (S2)")
            return index
        case Pass():
            return PASS_ID
        case _:
            raise IllegalActionError(f"{action!r} is not a Sixes action: Play (S6) or Pass (S7)")


def action_from_id(action_id: int) -> SixesAction:
    """The action with id ``action_id`` (see :func:`action_id`).

    Raises:
        IllegalActionError: ``action_id`` is not an int in 0..40.
    """
    if not is_int(action_id) or not 0 <= action_id < NUM_DISTINCT_ACTIONS:
        raise IllegalActionError(f"Sixes action id {action_id!r} is out of range 0..40")
    return _BY_ID[action_id]


@attrs.frozen
class SixesTurn:
    """One entry of the public history of a round: who did what."""

    player: PlayerId
    action: SixesAction


def _turn_table(max_players: int) -> tuple[tuple[SixesTurn, ...], ...]:
    return tuple(
        tuple(SixesTurn(PlayerId(seat), action) for action in _BY_ID) for seat in range(max_players)
    )


TURNS: Final = _turn_table(8)
"""``TURNS[seat][action_id]``: shared history entries, so that a turn allocates nothing."""
