"""Cinquillo for cardgames: a game package outside the library, found by its entry point.

>>> from cinquillo import SPEC, Cinquillo
>>> game = Cinquillo()
>>> game.spec is SPEC, game.num_players
(True, 4)
"""

from cinquillo.game import (
    DECK,
    Cinquillo,
    CinquilloAction,
    CinquilloConfig,
    CinquilloObservation,
    CinquilloState,
    Pass,
    Play,
)
from cinquillo.spec import SPEC, CinquilloBot, format_action, parse_action

__all__ = [
    "DECK",
    "SPEC",
    "Cinquillo",
    "CinquilloAction",
    "CinquilloBot",
    "CinquilloConfig",
    "CinquilloObservation",
    "CinquilloState",
    "Pass",
    "Play",
    "format_action",
    "parse_action",
]
