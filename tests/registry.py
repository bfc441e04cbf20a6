"""The games every protocol-level suite (conformance, serialization, bots) runs over.

Each entry builds a game whose random playouts end quickly. Add a line per configuration worth
covering; the conformance suite picks them up by name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardgames.game import Game
from toy_game import ToyGame

GAME_FACTORIES: dict[str, Callable[[], Game[Any, Any, Any]]] = {
    "toy": ToyGame,
}
