"""Find a game's drawings through its spec and call them: the one place generic code does."""

from __future__ import annotations

from typing import Any

from cardgames.game import Game
from cardgames.spec import GameDrawing

__all__ = ["draw_observation", "draw_state", "game_drawing"]


def game_drawing(game: Game[Any, Any, Any]) -> GameDrawing:
    """The drawings of ``game``, from its spec (:attr:`cardgames.spec.GameSpec.drawing`).

    Raises:
        TypeError: the game's spec has no drawing.
    """
    drawing = game.spec.drawing
    if drawing is None:
        raise TypeError(f"{game.name} has no drawing (its spec's drawing is None)")
    return drawing


def draw_observation(game: Game[Any, Any, Any], observation: object, *, width: int = 760) -> str:
    """The SVG drawing of ``observation``: what its viewer sees, and nothing more.

    ``width`` is the width wanted, in drawing units: the built-in games draw a narrow layout
    for phones below 600, and their usual one (760) otherwise.

    Raises:
        TypeError: the game has no drawing.
    """
    return game_drawing(game).draw_observation(game, observation, width=width)


def draw_state(game: Game[Any, Any, Any], state: object, *, width: int = 760) -> str:
    """The SVG drawing of ``state`` with every hand face up (a replay or an umpire's view).

    Raises:
        TypeError: the game has no drawing.
    """
    return game_drawing(game).draw_state(game, state, width=width)
