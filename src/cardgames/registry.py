"""Games by name: which module holds each game's :class:`~cardgames.spec.GameSpec`.

The registry keeps only names and modules (it imports no game itself), and imports a game's
module the first time its spec is asked for. Three sources, in this order:

1. games registered in this process with :func:`register_game`;
2. the built-in games;
3. games installed as separate distributions, which declare an entry point in the
   ``cardgames.games`` group naming a module that exports ``SPEC`` (or the spec itself)::

       [project.entry-points."cardgames.games"]
       cinquillo = "cinquillo"

Every game found here can be saved, loaded, replayed, simulated and played from the command
line (:doc:`/own_game` adds one).
"""

from __future__ import annotations

import importlib
import importlib.metadata
import sys
import warnings
from types import ModuleType
from typing import Any, Final, TypeGuard

from cardgames.errors import DecodeError
from cardgames.spec import GameSpec, StateCodec

__all__ = [
    "ENTRY_POINT_GROUP",
    "StateCodec",
    "game_info",
    "game_names",
    "game_spec",
    "refresh_games",
    "register_game",
]

ENTRY_POINT_GROUP: Final = "cardgames.games"
"""The entry-point group through which installed distributions add games."""

_BUILTIN_MODULES: Final = {"paiute": "cardgames.paiute", "sixes": "cardgames.sixes"}
"""Built-in game names and the modules that export their ``SPEC``."""

_REGISTERED: dict[str, GameSpec[Any, Any, Any, Any]] = {}
_LOADED: dict[str, GameSpec[Any, Any, Any, Any]] = {}

AnySpec = GameSpec[Any, Any, Any, Any]


def register_game(spec: AnySpec) -> None:
    """Make a game known by name in this process (replacing any game of that name).

    An installed distribution does not need this: its entry point is found by itself.
    """
    _REGISTERED[spec.name] = spec


_SCANNED: list[tuple[tuple[str, ...], dict[str, importlib.metadata.EntryPoint]]] = []
"""The last scan of the installed distributions' entry points, with the ``sys.path`` it saw."""


def _entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    """The ``cardgames.games`` entry points, scanned once per ``sys.path``.

    A scan reads every installed distribution's metadata (about 17 ms with a hundred of them),
    and unknown names come from strangers' documents: without the cache each one would cost a
    scan. :func:`refresh_games` forgets the scan after installing a game in a running process.
    """
    path = tuple(sys.path)
    scanned = next(iter(_SCANNED), None)  # one read: another thread may replace the entry
    if scanned is not None and scanned[0] == path:
        return scanned[1]
    found = importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)
    entries = {entry.name: entry for entry in found}
    _SCANNED[:] = [(path, entries)]
    return entries


def refresh_games() -> None:
    """Forget the scan of installed games (after installing one in this running process)."""
    _SCANNED.clear()
    importlib.invalidate_caches()


def game_names() -> tuple[str, ...]:
    """The names of every known game (registered, built in or installed), sorted."""
    return tuple(sorted({*_REGISTERED, *_BUILTIN_MODULES, *_entry_points()}))


def _is_spec(value: object) -> TypeGuard[AnySpec]:
    """Whether ``value`` is a GameSpec, also one from a second load of :mod:`cardgames.spec`.

    Test runners that import source files by path (pytest's importlib mode, Sybil) can load
    that module twice; a spec built from either copy is a spec.
    """
    cls = type(value)
    return isinstance(value, GameSpec) or (
        cls.__module__ == GameSpec.__module__ and cls.__qualname__ == GameSpec.__qualname__
    )


def _spec_from(loaded: object, origin: str, name: str) -> AnySpec:
    """The spec exported by ``loaded`` (a module with ``SPEC``, or the spec itself).

    Raises:
        DecodeError: it is neither, or the spec's name is not ``name``.
    """
    spec = loaded.SPEC if isinstance(loaded, ModuleType) and hasattr(loaded, "SPEC") else loaded
    if not _is_spec(spec):
        raise DecodeError(f"game {name!r}: {origin} exports no GameSpec named SPEC")
    if spec.name != name:
        raise DecodeError(f"game {name!r}: {origin} exports the spec of {spec.name!r}")
    return spec


def game_spec(name: str) -> AnySpec:
    """The :class:`~cardgames.spec.GameSpec` of the game called ``name``.

    Raises:
        DecodeError: no game has that name (names come from documents and command lines), or
            its module does not export a matching spec.
    """
    if not isinstance(name, str):
        raise DecodeError(f"unknown game {name!r}: a game name is a string")
    if name in _REGISTERED:
        return _REGISTERED[name]
    if name in _LOADED:
        return _LOADED[name]
    if name in _BUILTIN_MODULES:
        module = _BUILTIN_MODULES[name]
        spec = _spec_from(importlib.import_module(module), module, name)
    else:
        entry = _entry_points().get(name)
        if entry is None:
            raise DecodeError(f"unknown game {name!r}: expected one of {list(game_names())}")
        spec = _spec_from(entry.load(), f"entry point {entry.value!r}", name)
    _LOADED[name] = spec
    return spec


def game_info(name: str) -> AnySpec:
    """The spec of the game called ``name``: the same as :func:`game_spec`.

    Raises:
        DecodeError: no game has that name.
    """
    return game_spec(name)


def __getattr__(name: str) -> object:
    """``GameInfo``: the old name of :class:`~cardgames.spec.GameSpec` (deprecated)."""
    if name == "GameInfo":
        warnings.warn(
            "cardgames.registry.GameInfo is deprecated: use cardgames.spec.GameSpec "
            "(the same fields, plus rules, heuristic_bot, simulation_defaults, draw, tensors)",
            DeprecationWarning,
            stacklevel=2,
        )
        return GameSpec
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
