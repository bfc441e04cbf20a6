"""Find a game's drawing and call it: the one place generic code reaches a game's drawings."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from cardgames.game import Game

__all__ = ["draw_observation", "draw_state", "drawing_module"]


def drawing_module(game: Game[Any, Any, Any]) -> ModuleType:
    """The ``drawing`` module of the package that defines ``game``'s class.

    Raises:
        TypeError: the game's package has no drawing module.
    """
    package = type(game).__module__.rpartition(".")[0]
    name = f"{package}.drawing"
    try:
        return importlib.import_module(name) if package else _no_drawing(game, name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        return _no_drawing(game, name)


def _no_drawing(game: Game[Any, Any, Any], name: str) -> ModuleType:
    raise TypeError(f"{game.name} has no drawing (no module {name})")


def draw_observation(game: Game[Any, Any, Any], observation: object, *, width: int = 760) -> str:
    """The SVG drawing of ``observation``: what its viewer sees, and nothing more.

    ``width`` is the width wanted, in drawing units: the built-in games draw a narrow layout
    for phones below 600, and their usual one (760) otherwise.

    Raises:
        TypeError: the game has no drawing.
    """
    text: str = drawing_module(game).draw_observation(game, observation, width=width)
    return text


def draw_state(game: Game[Any, Any, Any], state: object, *, width: int = 760) -> str:
    """The SVG drawing of ``state`` with every hand face up (a replay or an umpire's view).

    Raises:
        TypeError: the game has no drawing.
    """
    text: str = drawing_module(game).draw_state(game, state, width=width)
    return text
