"""The actions of Paiute and their stable integer ids (P9-P13).

A turn is two actions by the same player: a draw (:class:`DrawStock` or :class:`DrawDiscard`),
then a :class:`Discard` or a :class:`Call`. In a final turn after a call (P13) the second
action is a :class:`Discard` (the player then shows the five kept cards at the showdown) or
:class:`ShowSix` (show all six cards, which must form a six-card combination)::

    >>> from cardgames.cards import Card
    >>> from cardgames.paiute.action import Call, Discard, action_from_id, action_id
    >>> action_id(Discard(card=Card.parse("2c"))), action_from_id(106)
    (2, Call(discard=None))
    >>> Call(discard=Card.parse("Ah"))
    Call(discard=Card.parse('Ah'))

Action ids: 0 :class:`DrawStock`, 1 :class:`DrawDiscard`, 2-53 :class:`Discard` by card index
(:attr:`cardgames.cards.Card.index`), 54-105 :class:`Call` with a discard by card index, 106
``Call(discard=None)``, 107 :class:`ShowSix`. Legal actions are always listed in id order.
"""

from __future__ import annotations

from typing import Final, TypeAlias

import attrs

from cardgames.cards import Card, standard_deck
from cardgames.errors import IllegalActionError

__all__ = [
    "NUM_DISTINCT_ACTIONS",
    "Call",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "PaiuteAction",
    "ShowSix",
    "action_from_id",
    "action_id",
]


@attrs.frozen
class DrawStock:
    """Draw the top card of the face-down stock (P9); rebuilds an empty stock first (P10)."""

    def __repr__(self) -> str:
        return "DrawStock()"


@attrs.frozen
class DrawDiscard:
    """Take the top card of the face-up discard pile (P9); it cannot be discarded this turn."""

    def __repr__(self) -> str:
        return "DrawDiscard()"


@attrs.frozen(kw_only=True)
class Discard:
    """Discard ``card`` face up, back to five cards (P9); in a final turn, then show (P13)."""

    card: Card = attrs.field(validator=attrs.validators.instance_of(Card))


@attrs.frozen(kw_only=True)
class Call:
    """Call (P11): discard ``discard`` and show five cards, or with None show all six.

    The shown cards must form a five-card (with a discard) or six-card (without) combination.
    Only legal before anyone has called.
    """

    discard: Card | None = attrs.field(
        validator=attrs.validators.optional(attrs.validators.instance_of(Card))
    )


@attrs.frozen
class ShowSix:
    """In a final turn, keep and show all six cards, which form a six-card combination (P13)."""

    def __repr__(self) -> str:
        return "ShowSix()"


PaiuteAction: TypeAlias = DrawStock | DrawDiscard | Discard | Call | ShowSix
"""Any Paiute action."""

DRAW_STOCK_ID: Final = 0
DRAW_DISCARD_ID: Final = 1
DISCARD_BASE: Final = 2
CALL_BASE: Final = 54
CALL_SIX_ID: Final = 106
SHOW_SIX_ID: Final = 107
NUM_DISTINCT_ACTIONS: Final = 108
"""The size of the action-id space."""

ACTIONS: Final[tuple[PaiuteAction, ...]] = (
    DrawStock(),
    DrawDiscard(),
    *(Discard(card=card) for card in standard_deck()),
    *(Call(discard=card) for card in standard_deck()),
    Call(discard=None),
    ShowSix(),
)
"""The interned action objects, indexed by action id."""

CARD_INDEX: Final[dict[Card, int]] = {card: card.index for card in standard_deck()}
"""Card indices by card: a dictionary lookup is faster than :attr:`Card.index`."""
INDEX_BY_RANK_SUIT: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple((rank - 2) * 4 + suit for suit in range(4)) if rank >= 2 else () for rank in range(15)
)
"""Card indices by rank value, then suit value: faster still, with no hashing."""


def action_id(action: PaiuteAction) -> int:
    """The stable integer id of ``action`` in ``range(NUM_DISTINCT_ACTIONS)``.

    Raises:
        IllegalActionError: ``action`` is not a Paiute action (or a field was forged to
            something that is not a card).
    """
    match action:
        case DrawStock():
            return DRAW_STOCK_ID
        case DrawDiscard():
            return DRAW_DISCARD_ID
        case Discard(card=Card() as card) if card in CARD_INDEX:
            return DISCARD_BASE + CARD_INDEX[card]
        case Call(discard=None):
            return CALL_SIX_ID
        case Call(discard=Card() as card) if card in CARD_INDEX:
            return CALL_BASE + CARD_INDEX[card]
        case ShowSix():
            return SHOW_SIX_ID
    raise IllegalActionError(f"{action!r} is not a Paiute action, so it has no action id")


def action_from_id(action_id: int) -> PaiuteAction:
    """The action with id ``action_id``.

    Raises:
        IllegalActionError: ``action_id`` is not an int in ``range(NUM_DISTINCT_ACTIONS)``.
    """
    if type(action_id) is not int:
        raise IllegalActionError(f"action id {action_id!r} is not an int")
    if not 0 <= action_id < NUM_DISTINCT_ACTIONS:
        raise IllegalActionError(
            f"action id {action_id} is out of range 0..{NUM_DISTINCT_ACTIONS - 1}"
        )
    return ACTIONS[action_id]
