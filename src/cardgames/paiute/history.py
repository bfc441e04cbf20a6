"""The public record of a Paiute session: what every player saw happen.

A deal's history is a tuple of events; a finished deal leaves a :class:`DealResult`. Nothing
here is secret: a draw from the stock shows no card (except the turned wild card when it is in
play and known to be the last card of the stock, P6), a draw from the discard pile shows which
card was taken (P9), and a call shows the caller's hand (P11).
"""

from __future__ import annotations

from typing import Final, TypeAlias

import attrs

from cardgames.cards import Card, format_cards, standard_deck
from cardgames.game import PlayerId
from cardgames.paiute.hands import HandValue

__all__ = [
    "Called",
    "DealResult",
    "Discarded",
    "DrewFromDiscard",
    "DrewFromStock",
    "PaiuteEvent",
    "RebuiltStock",
    "ShowedSix",
]


@attrs.frozen(kw_only=True)
class DrewFromStock:
    """``player`` drew from the stock; ``card`` is None unless everyone knows it (P6, P9)."""

    player: PlayerId
    card: Card | None = None

    def __str__(self) -> str:
        card = f" ({self.card.unicode}, the turned wild card)" if self.card else ""
        return f"player {self.player} draws from the stock{card}"


@attrs.frozen(kw_only=True)
class DrewFromDiscard:
    """``player`` took ``card`` from the top of the discard pile (P9)."""

    player: PlayerId
    card: Card

    def __str__(self) -> str:
        return f"player {self.player} takes {self.card.unicode} from the discard pile"


@attrs.frozen(kw_only=True)
class Discarded:
    """``player`` discarded ``card`` face up (P9, P13)."""

    player: PlayerId
    card: Card

    def __str__(self) -> str:
        return f"player {self.player} discards {self.card.unicode}"


@attrs.frozen(kw_only=True)
class Called:
    """``player`` called (P11): discarded ``discard`` (None: nothing) and showed ``shown``."""

    player: PlayerId
    discard: Card | None
    shown: tuple[Card, ...]
    value: HandValue

    def __str__(self) -> str:
        discard = f"discards {self.discard.unicode} and " if self.discard else ""
        return (
            f"player {self.player} {discard}calls with "
            f"{format_cards(self.shown, unicode=True)}: {self.value}"
        )


@attrs.frozen(kw_only=True)
class ShowedSix:
    """In a final turn ``player`` kept and showed all six cards ``shown`` (P13)."""

    player: PlayerId
    shown: tuple[Card, ...]
    value: HandValue

    def __str__(self) -> str:
        return f"player {self.player} shows {format_cards(self.shown, unicode=True)}: {self.value}"


@attrs.frozen(kw_only=True)
class RebuiltStock:
    """The discards ``cards`` were shuffled into a new stock (P10), listed in card order."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"the stock is rebuilt from {len(self.cards)} discards"


PaiuteEvent: TypeAlias = (
    DrewFromStock | DrewFromDiscard | Discarded | Called | ShowedSix | RebuiltStock
)
"""Anything that can appear in a deal's public history."""


@attrs.frozen(kw_only=True)
class DealResult:
    """How a finished deal ended (P14, P18, P21).

    Attributes:
        deal: The deal's number in the session, from 0.
        dealer: Who dealt.
        wild_card: The turned card that set the wild rank (P6).
        caller: Who called, or None for a void deal (P21).
        shown: Each seat's shown cards (five, or six for a six-card show); all empty when void.
        values: Each shown hand's value, None where it forms no combination (or void).
        winners: The seats that shared the pot, in the order the odd chips went (P18).
        winnings: The chips each seat took from the pot.
        pot: The pot at stake; a void deal carries it to the next deal (or refunds it).
    """

    deal: int
    dealer: PlayerId
    wild_card: Card
    caller: PlayerId | None
    shown: tuple[tuple[Card, ...], ...]
    values: tuple[HandValue | None, ...]
    winners: tuple[PlayerId, ...]
    winnings: tuple[int, ...]
    pot: int

    @property
    def is_void(self) -> bool:
        """Whether the deal ended without a call (P21)."""
        return self.caller is None

    def __str__(self) -> str:
        if self.caller is None:
            return f"deal {self.deal}: void, the pot of {self.pot} carries over (P21)"
        lines = [f"deal {self.deal}: player {self.caller} called; pot {self.pot}"]
        for seat, (cards, value) in enumerate(zip(self.shown, self.values, strict=True)):
            worth = str(value) if value is not None else "no combination"
            won = f", wins {self.winnings[seat]}" if seat in self.winners else ""
            lines.append(f"  player {seat}: {format_cards(cards, unicode=True)} ({worth}){won}")
        return "\n".join(lines)


_MAX_SEATS: Final = 5
STOCK_DRAWS: Final = tuple(DrewFromStock(player=PlayerId(p)) for p in range(_MAX_SEATS))
"""Interned stock-draw events by seat."""
PILE_DRAWS: Final = tuple(
    tuple(DrewFromDiscard(player=PlayerId(p), card=card) for card in standard_deck())
    for p in range(_MAX_SEATS)
)
"""Interned discard-pile draws by seat, then card index."""
DISCARDS: Final = tuple(
    tuple(Discarded(player=PlayerId(p), card=card) for card in standard_deck())
    for p in range(_MAX_SEATS)
)
"""Interned discards by seat, then card index."""
