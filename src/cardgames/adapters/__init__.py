"""Every game in the frameworks researchers already use: OpenSpiel, PettingZoo, Gymnasium.

Each adapter is a module of its own and imports its framework lazily, so ``import
cardgames.adapters`` needs no extra. A missing framework raises
:class:`~cardgames.errors.MissingExtraError` naming the extra to install:

- :mod:`cardgames.adapters.openspiel` (extra ``openspiel``);
- :mod:`cardgames.adapters.pettingzoo` (extra ``pettingzoo``);
- :mod:`cardgames.adapters.gymnasium` (extra ``gymnasium``).

The adapters know no game: they reach one through the :class:`~cardgames.game.Game` protocol,
its tensor encoding (:mod:`cardgames.tensor`) and its chance structure (:mod:`cardgames.chance`).
"""

from __future__ import annotations

import importlib
from types import ModuleType

from cardgames.errors import MissingExtraError

__all__ = ["describe", "require_extra"]


def require_extra(module: str, *, extra: str) -> ModuleType:
    """Import ``module``, or raise :class:`MissingExtraError` naming ``extra``."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise MissingExtraError(
            f"{module} is needed here: pip install 'cardgames-engine[{extra}]' ({error})"
        ) from None


def describe(game: object, value: object) -> str:
    """``str(value)``, or its canonical JSON when its class has no ``__str__`` of its own.

    An attrs ``repr`` lists a frozenset in hash order, which can differ between equal values;
    frameworks compare these texts, so they must be canonical.
    """
    if type(value).__str__ is not object.__str__:
        return str(value)
    from cardgames.serialization import dumps

    return dumps(game, value)  # type: ignore[arg-type]
