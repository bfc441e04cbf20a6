"""The Paiute table as SVG: the stock, the discard pile, the wild card, hands, chips and pot.

Drawn from an observation, so it shows only what its viewer may see: the viewer's hand face up,
other hands face down except the cards the public record places there (a card taken from the
discard pile, a called or shown hand, P9, P11, P13). :func:`draw_state` shows every hand, for
replays::

    >>> from cardgames.paiute import Paiute
    >>> from cardgames.paiute.drawing import draw_observation
    >>> game = Paiute()
    >>> svg = draw_observation(game, game.observe(game.initial_state(3), 1))
    >>> svg.count('data-target="hand"'), 'data-action="draw_stock"' in svg
    (5, True)
"""

from __future__ import annotations

from cardgames.cards import Card
from cardgames.paiute.config import PaiuteConfig
from cardgames.paiute.game import Paiute
from cardgames.paiute.observation import PaiuteObservation, known_cards, observe
from cardgames.paiute.state import PaiuteState
from cardgames.render.layout import (
    WIDTH,
    SeatView,
    layout_width,
    own_hand,
    seat_grid,
    seat_name,
)
from cardgames.render.svg import (
    CARD_HEIGHT,
    attributes,
    card,
    card_back,
    chips,
    document,
    label,
    placeholder,
    table_felt,
)

__all__ = [
    "draw_observation",
    "draw_state",
]


def _note(observation: PaiuteObservation, seat: int) -> str:
    notes = []
    if seat == observation.dealer:
        notes.append("dealer")
    if seat == observation.caller:
        notes.append("called")
    return ", ".join(notes)


def _middle(observation: PaiuteObservation, top: float, width: int) -> str:
    parts = []
    narrow = width < WIDTH
    x = 20 if narrow else 40
    # The stock: a few offset backs and its size; clicking it draws (P9).
    stock = observation.stock_size
    parts.append(f'<g class="pile"{attributes(data_action="draw_stock", aria_label="stock")}>')
    if stock:
        parts.extend(card_back(x + 3 * i, top - 3 * i) for i in range(min(3, stock)))
    else:
        parts.append(placeholder(x, top, text="empty"))
    parts.append("</g>")
    parts.append(label(f"stock · {stock}", x, top + CARD_HEIGHT + 22, size=13))
    # The discard pile: the last few fanned, the top one taken by a click (P7, P9).
    x = 100 if narrow else 170
    pile = observation.discard_pile[-4:]
    if not pile:
        parts.append(placeholder(x, top, text="discards"))
    for i, value in enumerate(pile):
        is_top = i == len(pile) - 1
        head = attributes(
            class_="pile" if is_top else None,
            data_action="draw_discard" if is_top else None,
            aria_label="discard pile" if is_top else None,
        )
        parts.append(f"<g{head}>{card(value, x + 26 * i, top)}</g>")
    count = len(observation.discard_pile)
    parts.append(label(f"discard pile · {count}", x, top + CARD_HEIGHT + 22, size=13))
    # The wild card (P6) and the pot.
    x = 258 if narrow else 420
    parts.append(card(observation.wild_card, x, top, highlight=True))
    rank = observation.wild_rank.label
    parts.append(label(f"wild: {rank}s", x, top + CARD_HEIGHT + 22, size=13, weight="bold"))
    parts.append(
        chips(
            observation.pot,
            width - 40 if narrow else 610,
            top + CARD_HEIGHT / 2 - 8,
            caption="pot",
            radius=22,
        )
    )
    return "".join(parts)


def _draw(
    observation: PaiuteObservation, hands: tuple[tuple[Card, ...], ...] | None, width: int
) -> str:
    viewer = observation.player
    known = known_cards(observation)
    views = []
    for seat, size in enumerate(observation.hand_sizes):
        if seat == viewer and hands is None:
            continue
        shown = hands[seat] if hands is not None else tuple(sorted(known[seat]))
        views.append(
            SeatView(
                seat=seat,
                name=seat_name(seat, viewer),
                chips=observation.stacks[seat],
                to_play=seat == observation.current_player,
                note=_note(observation, seat),
                shown=shown,
                hidden=size - len(shown),
            )
        )
    current = observation.current_player
    turn = "game over" if current is None else f"{seat_name(current, viewer)} to play"
    heading = f"Paiute · deal {observation.deal_number + 1} · {turn}"
    parts = [label(heading, 20, 30, size=18, weight="bold")]
    grid, grid_height = seat_grid(views, 20, 44, width=width - 40, columns=3 if width > 600 else 2)
    parts.append(grid)
    top = 44 + grid_height + 20
    parts.append(_middle(observation, top, width))
    height = top + CARD_HEIGHT + 40
    if viewer is not None and hands is None:
        caption = f"You · {observation.stacks[viewer]} chips"
        if observation.current_player == viewer:
            caption += " · your turn: " + ("discard or call" if observation.has_drawn else "draw")
        drawn = observation.drawn_card if observation.current_player == viewer else None
        parts.append(
            own_hand(
                observation.hand,
                20,
                height + 24,
                width=width - 40,
                highlight=drawn,
                caption=caption,
            )
        )
        height += 24 + CARD_HEIGHT + 16
    who = "spectator's view" if viewer is None else f"seen by player {viewer}"
    if hands is not None:
        who = "every hand shown"
    title = f"Paiute, deal {observation.deal_number + 1}, {who}"
    body = table_felt(width, height) + "".join(parts)
    return document(body, width=width, height=height, title=title)


def draw_observation(
    game: Paiute | None, observation: PaiuteObservation, *, width: int = WIDTH
) -> str:
    """The SVG drawing of ``observation`` (``game`` is not needed: Paiute draws from the view).

    ``width`` below 600 gives the narrow layout (:data:`~cardgames.render.layout.NARROW`
    wide), for phones.
    """
    del game
    return _draw(observation, None, layout_width(width))


def draw_state(game: Paiute | None, state: PaiuteState, *, width: int = WIDTH) -> str:
    """The SVG drawing of ``state`` with every hand face up, for a replay."""
    config = game.config if game is not None else PaiuteConfig(num_players=state.num_players)
    return _draw(observe(config, state, None), state.hands, layout_width(width))
