"""Layouts both games share: the other seats in a grid, and the viewer's own hand along the bottom.

A game's drawing describes each seat as a :class:`SeatView` (what the viewer may see of it) and
lets :func:`seat_grid` place them, so every table looks alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from cardgames.cards import Card
from cardgames.render.svg import (
    CARD_HEIGHT,
    CARD_WIDTH,
    attributes,
    card,
    card_back,
    label,
    seat_badge,
)

__all__ = [
    "CELL_HEIGHT",
    "NARROW",
    "WIDTH",
    "SeatView",
    "layout_width",
    "own_hand",
    "seat_grid",
    "seat_name",
]

WIDTH: Final = 760
"""The usual width of a table drawing, in drawing units."""

NARROW: Final = 400
"""The width of the narrow layout, for phones."""


def layout_width(width: int) -> int:
    """The layout to draw for a wanted ``width``: :data:`NARROW` up to 600, else :data:`WIDTH`."""
    return WIDTH if width > 600 else NARROW


CELL_HEIGHT: Final = 74
"""The height of one row of :func:`seat_grid`."""
_SMALL: Final = 0.5


def seat_name(seat: int, viewer: int | None) -> str:
    """How a drawing names ``seat`` for ``viewer``: ``"You"`` or ``"Player 2"``."""
    return "You" if seat == viewer else f"Player {seat}"


@attrs.frozen(kw_only=True)
class SeatView:
    """What a drawing shows of one seat.

    Attributes:
        seat: The seat number.
        name: The label, such as ``"Player 2"``.
        chips: The seat's chips.
        to_play: Whether the seat is to act.
        note: A short extra word or two (``"dealer"``, ``"called"``).
        shown: Cards of the hand the viewer may see, face up.
        hidden: How many more cards the hand holds face down.
    """

    seat: int
    name: str
    chips: int
    to_play: bool = False
    note: str = ""
    shown: tuple[Card, ...] = ()
    hidden: int = 0


def _cell(view: SeatView, x: float, y: float, width: float) -> str:
    parts = [f"<g{attributes(class_='seat-cell', data_seat=view.seat)}>"]
    if view.to_play:
        parts.append(
            f"<rect{attributes(x=x - 6, y=y - 4, width=width - 4, height=CELL_HEIGHT - 4, rx=8)}"
            ' fill="#ffd54f" fill-opacity="0.18" stroke="#ffd54f"/>'
        )
    parts.append(seat_badge(view.name, x, y + 14, to_play=view.to_play, note=view.note))
    step_up, step_down = 16, 7
    for i, shown in enumerate(view.shown):
        parts.append(card(shown, x + i * step_up, y + 22, scale=_SMALL))
    start = x + len(view.shown) * step_up + (6 if view.shown else 0)
    parts.extend(card_back(start + i * step_down, y + 22, scale=_SMALL) for i in range(view.hidden))
    end = start + (view.hidden - 1) * step_down + CARD_WIDTH * _SMALL if view.hidden else start
    if not view.shown and not view.hidden:
        parts.append(label("no cards", x, y + 46, size=12, colour="#c8e6c9"))
        end = x + 60
    parts.append(label(f"{view.chips} chips", end + 8, y + 46, size=13, colour="#e8f5e9"))
    parts.append("</g>")
    return "".join(parts)


def seat_grid(
    views: Sequence[SeatView], x: float, y: float, *, width: float, columns: int = 3
) -> tuple[str, float]:
    """The seats in rows of ``columns`` cells across ``width``; returns the SVG and its height."""
    cell = width / columns
    parts = [
        _cell(view, x + (i % columns) * cell, y + (i // columns) * CELL_HEIGHT, cell)
        for i, view in enumerate(views)
    ]
    rows = -(-len(views) // columns)
    return "".join(parts), rows * CELL_HEIGHT


def own_hand(  # noqa: PLR0913 - the hand's place and marks, by keyword
    cards: Sequence[Card],
    x: float,
    y: float,
    *,
    width: float,
    highlight: Card | None = None,
    caption: str = "",
) -> str:
    """The viewer's hand, face up and spread to fit ``width``, each card a click target.

    Every card carries ``data-target="hand"`` so that a front end can make it playable.
    """
    parts = [f'<g class="hand"{attributes(aria_label=caption or None)}>']
    if caption:
        parts.append(label(caption, x, y - 8, size=14, weight="bold"))
    step = min(CARD_WIDTH + 8, (width - CARD_WIDTH) / max(1, len(cards) - 1))
    for i, value in enumerate(cards):
        parts.append(card(value, x + i * step, y, highlight=value == highlight, target="hand"))
    if not cards:
        parts.append(label("no cards in hand", x, y + CARD_HEIGHT / 2, size=14))
    parts.append("</g>")
    return "".join(parts)
