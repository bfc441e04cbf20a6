"""The Sixes table as SVG: four columns growing up and down from the 6s, hands, chips and pot.

Drawn from an observation, so it shows only what its viewer may see (the viewer's own hand face
up, every other hand face down); :func:`draw_state` shows every hand, for replays::

    >>> from cardgames.sixes import Sixes, SixesConfig
    >>> from cardgames.sixes.drawing import draw_observation
    >>> game = Sixes(SixesConfig(num_players=4))
    >>> svg = draw_observation(game, game.observe(game.initial_state(3), None))
    >>> 'data-target="hand"' in svg  # a spectator holds no cards
    False
"""

from __future__ import annotations

from typing import Final

from cardgames.cards import Card, Suit
from cardgames.render.layout import (
    WIDTH,
    SeatView,
    layout_width,
    own_hand,
    seat_grid,
    seat_name,
)
from cardgames.render.svg import CARD_HEIGHT, chips, document, label, placeholder, table_felt
from cardgames.render.svg import card as draw_card
from cardgames.sixes.deck import SIXES_ORDER, cards_of_mask
from cardgames.sixes.game import Sixes
from cardgames.sixes.observation import SixesObservation, observe
from cardgames.sixes.state import SixesState

__all__ = [
    "draw_observation",
    "draw_state",
]

_COLUMN_STEP: Final = 96
_ROW_STEP: Final = 20
_SCALE: Final = 0.8
_SIX: Final = SIXES_ORDER.position(Card.parse("6c").rank)


def _columns(observation: SixesObservation, top: float, width: int) -> str:
    parts = []
    step = _COLUMN_STEP if width > 600 else 74
    left = (width - 4 * step) / 2 + (20 if width > 600 else -10)
    six_y = top + _SIX * _ROW_STEP
    for suit in Suit:
        x = left + suit * step
        column = observation.columns[suit]
        if not column:
            parts.append(placeholder(x, six_y, text=suit.symbol, scale=_SCALE))
            continue
        for value in column:  # low to high: each card lies over the lower part of the last
            y = top + SIXES_ORDER.position(value.rank) * _ROW_STEP
            parts.append(draw_card(value, x, y, scale=_SCALE))
    return f'<g class="columns">{"".join(parts)}</g>'


def _sorted(cards: frozenset[Card] | tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (c.suit, SIXES_ORDER.position(c.rank))))


def _draw(
    observation: SixesObservation, hands: tuple[tuple[Card, ...], ...] | None, width: int
) -> str:
    viewer = observation.player
    views = []
    for seat, size in enumerate(observation.hand_sizes):
        if seat == viewer and hands is None:
            continue
        shown = hands[seat] if hands is not None else ()
        views.append(
            SeatView(
                seat=seat,
                name=seat_name(seat, viewer),
                chips=observation.stacks[seat],
                to_play=seat == observation.to_play,
                note="dealer" if seat == observation.dealer else "",
                shown=shown,
                hidden=size - len(shown),
            )
        )
    turn = (
        "game over"
        if observation.to_play is None
        else f"{seat_name(observation.to_play, viewer)} to play"
    )
    parts = [
        label(f"Sixes · round {observation.round_number} · {turn}", 20, 30, size=18, weight="bold")
    ]
    grid, grid_height = seat_grid(views, 20, 44, width=width - 40, columns=3 if width > 600 else 2)
    parts.append(grid)
    top = 44 + grid_height + 12
    parts.append(_columns(observation, top, width))
    columns_height = 9 * _ROW_STEP + CARD_HEIGHT * _SCALE
    parts.append(chips(observation.pot, width - 40, top + columns_height / 2, caption="pot"))
    height = top + columns_height + 20
    if viewer is not None and hands is None:
        mine = seat_name(viewer, viewer)
        caption = f"{mine} · {observation.stacks[viewer]} chips"
        if observation.is_my_turn:
            caption += " · your turn"
        parts.append(
            own_hand(_sorted(observation.hand), 20, height + 20, width=width - 40, caption=caption)
        )
        height += 20 + CARD_HEIGHT + 16
    title = f"Sixes, round {observation.round_number}, " + (
        "spectator's view" if viewer is None else f"seen by player {viewer}"
    )
    if hands is not None:
        title = f"Sixes, round {observation.round_number}, every hand shown"
    body = table_felt(width, height) + "".join(parts)
    return document(body, width=width, height=height, title=title)


def draw_observation(
    game: Sixes | None, observation: SixesObservation, *, width: int = WIDTH
) -> str:
    """The SVG drawing of ``observation`` (``game`` is not needed: Sixes draws from the view).

    ``width`` below 600 gives the narrow layout (:data:`~cardgames.render.layout.NARROW`
    wide), for phones.
    """
    del game
    return _draw(observation, None, layout_width(width))


def draw_state(game: Sixes | None, state: SixesState, *, width: int = WIDTH) -> str:
    """The SVG drawing of ``state`` with every hand face up, for a replay."""
    del game
    hands = tuple(_sorted(cards_of_mask(mask)) for mask in state.hand_masks)
    return _draw(observe(state, None), hands, layout_width(width))
