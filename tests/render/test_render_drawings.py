"""The SVG drawings: golden files, secrecy (P9, S6) and the pieces they are made of."""

from __future__ import annotations

import os
import random
import re
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.cards import Card
from cardgames.game import PlayerId
from cardgames.paiute import Paiute, PaiuteConfig
from cardgames.paiute.observation import known_cards
from cardgames.render import draw_observation, draw_state, game_drawing
from cardgames.render.layout import SeatView, own_hand, seat_grid
from cardgames.render.svg import attributes, card, chips, document, label, placeholder
from cardgames.sixes import Sixes, SixesConfig
from registry import random_walk
from strategies import slow_settings
from toy_game import ToyGame

GOLDEN = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("CARDGAMES_REGENERATE_GOLDEN") == "1"
SIXES = Sixes(SixesConfig(num_players=4, max_rounds=1))
PAIUTE = Paiute(PaiuteConfig(max_turns=40))
CARD_ATTRIBUTE = re.compile(r'data-card="([^"]+)"')


def _position(game: Any, seed: int, steps: int) -> Any:
    walk = random_walk(game, seed, random.Random(seed))
    return walk[min(steps, len(walk) - 1)][0]


CASES: dict[str, tuple[Any, Any, str]] = {
    # name: (game, state, viewer: "all" for draw_state, "spectator", or a seat number)
    "sixes_seat": (SIXES, _position(SIXES, 3, 14), "1"),
    "sixes_spectator": (SIXES, _position(SIXES, 3, 14), "spectator"),
    "sixes_revealed": (SIXES, _position(SIXES, 3, 14), "all"),
    "sixes_start": (SIXES, SIXES.initial_state(5), "0"),
    "sixes_over": (SIXES, _position(SIXES, 8, 10_000), "2"),
    "paiute_seat_drawn": (PAIUTE, _position(PAIUTE, 4, 9), "current"),
    "paiute_spectator": (PAIUTE, _position(PAIUTE, 4, 9), "spectator"),
    "paiute_revealed": (PAIUTE, _position(PAIUTE, 4, 9), "all"),
    "paiute_over": (PAIUTE, _position(PAIUTE, 6, 10_000), "0"),
    "sixes_narrow": (SIXES, _position(SIXES, 3, 14), "1/narrow"),
    "sixes_narrow_revealed": (SIXES, _position(SIXES, 3, 14), "all/narrow"),
    "paiute_narrow": (PAIUTE, _position(PAIUTE, 4, 9), "current/narrow"),
    "paiute_narrow_revealed": (PAIUTE, _position(PAIUTE, 4, 9), "all/narrow"),
}


def _drawing(game: Any, state: Any, viewer: str) -> str:
    viewer, _, layout = viewer.partition("/")
    width = 390 if layout == "narrow" else 760
    if viewer == "all":
        return draw_state(game, state, width=width)
    if viewer == "spectator":
        return draw_observation(game, game.observe(state, None), width=width)
    seat = game.current_player(state) if viewer == "current" else int(viewer)
    return draw_observation(game, game.observe(state, seat), width=width)


@pytest.mark.parametrize("name", sorted(CASES))
def test_drawing_matches_its_golden_file(name: str) -> None:
    """Each drawing is byte-for-byte its reviewed golden SVG (regenerate with the env flag)."""
    svg = _drawing(*CASES[name])
    path = GOLDEN / f"{name}.svg"
    if REGENERATE:
        path.write_text(svg + "\n", encoding="utf-8")
    assert svg + "\n" == path.read_text(encoding="utf-8")
    ET.fromstring(svg)  # noqa: S314 - our own drawing: it must be well-formed XML


def _hidden_from(game: Any, state: Any, viewer: int | None) -> set[str]:
    """The cards in other seats' hands that ``viewer`` may not see."""
    observation = game.observe(state, viewer)
    known = known_cards(observation) if isinstance(game, Paiute) else None
    hidden: set[str] = set()
    for seat in range(game.num_players):
        if seat == viewer:
            continue
        hand = set(game.observe(state, seat).hand)
        public = set(known[seat]) if known is not None else set()
        hidden |= {str(c) for c in hand - public}
    return hidden


@pytest.mark.parametrize("game", [SIXES, PAIUTE], ids=["sixes", "paiute"])
@slow_settings(2)
@given(seed=st.integers(0, 2**32), walk=st.integers(0, 2**32))
def test_a_drawing_never_shows_a_card_its_viewer_may_not_see(
    game: Any, seed: int, walk: int
) -> None:
    """No seat's or spectator's drawing shows another seat's hidden card (S6, P9)."""
    for state, _ in random_walk(game, seed, random.Random(walk))[::5]:
        for viewer in (None, *range(game.num_players)):
            svg = draw_observation(game, game.observe(state, viewer), width=390 + walk % 2 * 400)
            drawn = set(CARD_ATTRIBUTE.findall(svg))
            assert not drawn & _hidden_from(game, state, viewer)
            if viewer is not None:
                assert {str(c) for c in game.observe(state, viewer).hand} <= drawn


def test_revealed_drawing_shows_every_hand() -> None:
    """``draw_state`` shows every card of every hand face up (a replay's view)."""
    games: tuple[tuple[Any, Any], ...] = (
        (SIXES, _position(SIXES, 2, 20)),
        (PAIUTE, _position(PAIUTE, 2, 7)),
    )
    for game, state in games:
        drawn = set(CARD_ATTRIBUTE.findall(draw_state(game, state)))
        for seat in range(game.num_players):
            assert {str(c) for c in game.observe(state, seat).hand} <= drawn


def test_jupyter_shows_states_and_observations_as_drawings() -> None:
    """``_repr_svg_`` of states and observations is their drawing."""
    games: tuple[tuple[Any, Any], ...] = (
        (SIXES, _position(SIXES, 2, 20)),
        (PAIUTE, _position(PAIUTE, 2, 7)),
    )
    for game, state in games:
        assert state._repr_svg_() == draw_state(game, state)
        view = game.observe(state, 1)
        assert view._repr_svg_() == draw_observation(game, view)


def test_a_game_without_a_drawing_is_a_clear_type_error() -> None:
    """A game whose spec has no drawing gets a TypeError naming the game."""
    with pytest.raises(TypeError, match="toy has no drawing"):
        game_drawing(ToyGame())
    with pytest.raises(TypeError, match="toy has no drawing"):
        draw_observation(ToyGame(), None)


def test_pieces_escape_text_and_mark_targets() -> None:
    """Text is XML-escaped; cards carry their notation and target; chips their amount."""
    svg = document(
        label("<b>&", 1, 2) + card(Card.parse("10h"), 0, 0, dim=True, target="hand"),
        width=10,
        height=10,
        title="a & b",
    )
    root = ET.fromstring(svg)  # noqa: S314 - our own drawing
    assert root.get("aria-label") == "a & b"
    assert "&lt;b&gt;&amp;" in svg
    assert 'data-card="Th"' in svg or 'data-card="10h"' in svg
    assert 'class="card dim"' in svg
    assert 'data-target="hand"' in svg
    assert 'data-chips="7"' in chips(7, 0, 0)
    assert "empty" in placeholder(0, 0, text="empty")
    assert attributes(a=None, b=1.5, c_=2) == ' b="1.5" c="2"'


def test_layout_places_seats_in_rows_and_spreads_a_hand() -> None:
    """Four seats in rows of three take two rows; an empty hand says so."""
    views = [SeatView(seat=i, name=f"P{i}", chips=3, to_play=i == 2) for i in range(4)]
    svg, height = seat_grid(views, 0, 0, width=600)
    assert height == 2 * 74
    assert svg.count('class="seat-cell"') == 4
    assert "no cards" in svg
    assert "no cards in hand" in own_hand((), 0, 0, width=600)


def test_generic_hands_and_an_empty_stock_draw() -> None:
    """The generic hand pieces draw every card; an empty Paiute stock shows an empty slot (P10)."""
    from cardgames.render.svg import card_back, face_down_hand, hand

    cards = (Card.parse("Ah"), Card.parse("2c"))
    svg = hand(cards, 0, 0, highlight=cards[:1], dim=cards[1:])
    assert svg.count('class="card') == 2
    assert "highlight" in svg
    assert face_down_hand(3, 0, 0).count("card-back") == 3
    assert 'data-target="stock"' in card_back(0, 0, target="stock")
    assert "<text" not in placeholder(0, 0)
    assert "pot" in chips(3, 0, 0, caption="pot")
    view = PAIUTE.observe(PAIUTE.initial_state(1), PlayerId(0))
    empty = draw_observation(PAIUTE, attrs.evolve(view, stock_size=0))
    assert "empty" in empty
