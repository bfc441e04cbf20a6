"""SVG pieces every game's drawing is made of: cards, card backs, hands, chips and the table.

Each function returns SVG text (an element or a group) placed at the coordinates given; a
drawing joins them and wraps the result with :func:`document`. The text is deterministic (the
same arguments give the same bytes), so drawings can be compared with golden files::

    >>> from cardgames.cards import Card
    >>> from cardgames.render.svg import card, document
    >>> svg = document(card(Card.parse("Ah"), 4, 4), width=64, height=88, title="A♥")
    >>> svg.startswith("<svg") and 'data-card="Ah"' in svg
    True

Interactive front ends find the pieces by their attributes: a card has ``class="card"`` and
``data-card`` (its notation, such as ``"Ah"``), a pile or other control has ``data-target``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final
from xml.sax.saxutils import escape, quoteattr

from cardgames.cards import Card, Suit

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "attributes",
    "card",
    "card_back",
    "chips",
    "document",
    "face_down_hand",
    "hand",
    "label",
    "placeholder",
    "seat_badge",
    "table_felt",
]

CARD_WIDTH: Final = 56
"""The width of a card in drawing units."""
CARD_HEIGHT: Final = 80
"""The height of a card in drawing units."""

_RED: Final = "#c62828"
_BLACK: Final = "#1b1b1b"
_FONT: Final = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"


def _suit_colour(suit: Suit) -> str:
    return _RED if suit in (Suit.HEARTS, Suit.DIAMONDS) else _BLACK


def _number(value: float) -> str:
    """A coordinate without a trailing ``.0``, so that the text is short and stable."""
    return f"{value:g}"


def attributes(**values: object) -> str:
    """XML attributes from keywords (``data_card`` becomes ``data-card``); None values dropped."""
    parts = []
    for key, value in values.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        text = _number(value) if isinstance(value, float) else str(value)
        parts.append(f" {name}={quoteattr(text)}")
    return "".join(parts)


def label(  # noqa: PLR0913 - a text element's presentation, by keyword
    text: str,
    x: float,
    y: float,
    *,
    size: float = 14,
    anchor: str = "start",
    colour: str = "#ffffff",
    weight: str = "normal",
) -> str:
    """A line of text with its baseline at ``y``."""
    return (
        f"<text{attributes(x=x, y=y, font_size=size, text_anchor=anchor, fill=colour)}"
        f"{attributes(font_weight=None if weight == 'normal' else weight)}>"
        f"{escape(text)}</text>"
    )


def card(  # noqa: PLR0913 - a card's place and state, by keyword
    value: Card,
    x: float,
    y: float,
    *,
    scale: float = 1.0,
    highlight: bool = False,
    dim: bool = False,
    target: str | None = None,
) -> str:
    """A face-up card with its top-left corner at (``x``, ``y``).

    Args:
        value: The card.
        x: Left edge.
        y: Top edge.
        scale: Size relative to :data:`CARD_WIDTH` by :data:`CARD_HEIGHT`.
        highlight: Draw a gold outline (a card just drawn, a card to notice).
        dim: Grey the card out (a card that cannot be played now).
        target: A ``data-target`` for front ends that act on the card (None: none).
    """
    width, height = CARD_WIDTH * scale, CARD_HEIGHT * scale
    colour = _suit_colour(value.suit)
    rank, symbol = value.rank.label, value.suit.symbol
    classes = "card" + (" highlight" if highlight else "") + (" dim" if dim else "")
    head = attributes(
        class_=classes,
        data_card=str(value),
        data_target=target,
        transform=f"translate({_number(x)} {_number(y)})",
        role="img",
        aria_label=value.unicode,
    )
    stroke = "#f2b600" if highlight else "#5f6368"
    parts = [
        f"<g{head}>",
        (
            f"<rect{attributes(width=width, height=height, rx=6 * scale, fill='#ffffff')}"
            f"{attributes(stroke=stroke, stroke_width=3 if highlight else 1)}/>"
        ),
        (
            f"<text{attributes(x=4 * scale, y=16 * scale, font_size=15 * scale, fill=colour)}"
            f' font-weight="bold">{escape(rank)}<tspan font-weight="normal">{symbol}</tspan></text>'
        ),
        (
            f"<text{attributes(x=width - 4 * scale, y=height - 5 * scale, font_size=12 * scale)}"
            f"{attributes(text_anchor='end', fill=colour)}>{escape(rank)}{symbol}</text>"
        ),
        (
            f"<text{attributes(x=width / 2, y=height / 2 + 14 * scale)}"
            f"{attributes(font_size=34 * scale, text_anchor='middle', fill=colour)}>{symbol}</text>"
        ),
    ]
    if dim:
        parts.append(
            f"<rect{attributes(width=width, height=height, rx=6 * scale)}"
            ' fill="#000000" fill-opacity="0.35"/>'
        )
    parts.append("</g>")
    return "".join(parts)


def card_back(x: float, y: float, *, scale: float = 1.0, target: str | None = None) -> str:
    """A face-down card with its top-left corner at (``x``, ``y``)."""
    width, height = CARD_WIDTH * scale, CARD_HEIGHT * scale
    inset = 4 * scale
    head = attributes(
        class_="card-back",
        data_target=target,
        transform=f"translate({_number(x)} {_number(y)})",
    )
    return (
        f"<g{head}>"
        f"<rect{attributes(width=width, height=height, rx=6 * scale, fill='#ffffff')}"
        ' stroke="#5f6368"/>'
        f"<rect{attributes(x=inset, y=inset, width=width - 2 * inset, height=height - 2 * inset)}"
        f"{attributes(rx=4 * scale)}"
        ' fill="url(#cardgames-back)" stroke="#1a3a7a"/>'
        "</g>"
    )


def placeholder(x: float, y: float, *, text: str = "", scale: float = 1.0) -> str:
    """An empty card slot: a dashed outline with an optional word inside."""
    width, height = CARD_WIDTH * scale, CARD_HEIGHT * scale
    parts = [
        (
            f"<rect{attributes(x=x, y=y, width=width, height=height, rx=6 * scale)}"
            ' fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-dasharray="4 3"/>'
        )
    ]
    if text:
        parts.append(
            label(text, x + width / 2, y + height / 2 + 4, size=11 * scale, anchor="middle")
        )
    return "".join(parts)


def hand(  # noqa: PLR0913 - a hand's place and presentation, by keyword
    cards: Sequence[Card],
    x: float,
    y: float,
    *,
    step: float = 30,
    scale: float = 1.0,
    highlight: Iterable[Card] = (),
    dim: Iterable[Card] = (),
) -> str:
    """Face-up cards in a row, each ``step`` to the right of the last, overlapping."""
    shine, grey = frozenset(highlight), frozenset(dim)
    return "".join(
        card(c, x + i * step, y, scale=scale, highlight=c in shine, dim=c in grey)
        for i, c in enumerate(cards)
    )


def face_down_hand(count: int, x: float, y: float, *, step: float = 10, scale: float = 1.0) -> str:
    """``count`` card backs in a tight row (another player's hidden hand)."""
    return "".join(card_back(x + i * step, y, scale=scale) for i in range(count))


def chips(amount: int, x: float, y: float, *, caption: str = "", radius: float = 16) -> str:
    """A chip centred at (``x``, ``y``) showing ``amount``, with a caption underneath."""
    parts = [
        f'<g class="chips"{attributes(data_chips=amount)}>',
        (
            f"<circle{attributes(cx=x, cy=y, r=radius, fill='#d84315')}"
            ' stroke="#ffffff" stroke-width="3" stroke-dasharray="5 4"/>'
        ),
        label(str(amount), x, y + 5, size=13, anchor="middle", weight="bold"),
    ]
    if caption:
        parts.append(label(caption, x, y + radius + 14, size=12, anchor="middle"))
    parts.append("</g>")
    return "".join(parts)


def seat_badge(name: str, x: float, y: float, *, to_play: bool = False, note: str = "") -> str:
    """A seat's name and marks, left-aligned at (``x``, ``y``); gold when the seat is to play."""
    colour = "#ffd54f" if to_play else "#ffffff"
    text = name + (f" · {note}" if note else "")
    marker = "▶ " if to_play else ""
    return (
        f'<g class="seat"{attributes(data_to_play="true" if to_play else None)}>'
        f"{label(marker + text, x, y, size=14, colour=colour, weight='bold')}</g>"
    )


def table_felt(width: float, height: float) -> str:
    """The green table under everything, with the card-back pattern definition."""
    return (
        "<defs>"
        '<pattern id="cardgames-back" width="8" height="8" patternUnits="userSpaceOnUse">'
        '<rect width="8" height="8" fill="#2a56b8"/>'
        '<path d="M0 8 L8 0 M-2 2 L2 -2 M6 10 L10 6" stroke="#9db7f0" stroke-width="1.2"/>'
        "</pattern>"
        '<radialGradient id="cardgames-felt" cx="50%" cy="45%" r="75%">'
        '<stop offset="0%" stop-color="#2e7d4f"/><stop offset="100%" stop-color="#17492d"/>'
        "</radialGradient>"
        "</defs>"
        f"<rect{attributes(width=width, height=height, rx=18)}"
        ' fill="url(#cardgames-felt)"/>'
    )


def document(body: str, *, width: float, height: float, title: str) -> str:
    """A complete SVG document of ``width`` by ``height`` units holding ``body``."""
    head = attributes(
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {_number(width)} {_number(height)}",
        width=width,
        height=height,
        font_family=_FONT,
        role="img",
        aria_label=title,
    )
    return f"<svg{head}><title>{escape(title)}</title>{body}</svg>"
