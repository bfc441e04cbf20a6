"""Games by name: what serialization, records and the command line need to know of a game.

The built-in games register themselves here lazily (importing this module imports no game);
a game you write can be registered with :func:`register_game` and then saved, loaded and
replayed like the built-ins.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from cardgames.errors import DecodeError
from cardgames.game import Game

__all__ = ["GameInfo", "StateCodec", "game_info", "game_names", "register_game"]


@attrs.frozen(kw_only=True)
class StateCodec:
    """A readable JSON form for a game whose states are stored compactly (bitmasks, indices).

    Attributes:
        document_class: A frozen attrs class whose fields are what the JSON shows (cards as
            cards, "nobody" as None); it is encoded by the type-directed codec.
        to_document: Builds the readable form of a state.
        from_document: Builds the state back, raising ``ValueError`` for an impossible one.
    """

    document_class: type
    to_document: Callable[[Any], Any]
    from_document: Callable[[Any], Any]


@attrs.frozen(kw_only=True)
class GameInfo:
    """The classes of one game, for code that handles every game by name.

    Attributes:
        name: The game's :attr:`~cardgames.game.Game.name`.
        make_game: Builds the game from its config (None: the default config).
        config_class: The frozen config class, or None for a game without options.
        state_class: The state class.
        observation_class: The observation class.
        action_classes: Every action class (the members of the action union).
        check_state: Raises ``ValueError`` naming the broken rule when a decoded state breaks
            the game's invariants (cards not partitioned, negative chips, …); None to skip.
        format_action: The action's notation, such as ``play 6d`` (None: ``repr``).
        parse_action: Parses that notation back, raising ``ParseError``.
        state_codec: A readable JSON form of states (None: the state's own fields).
        events: What a front end shows for one action: ``events(game, state, action,
            next_state, viewer)`` returns :class:`~cardgames.events.Event` values, with the
            cards ``viewer`` may not see left out.
    """

    name: str
    make_game: Callable[[Any], Game[Any, Any, Any]]
    config_class: type | None
    state_class: type
    observation_class: type
    action_classes: tuple[type, ...]
    check_state: Callable[[Any, Any], None] | None = None
    format_action: Callable[[Any], str] | None = None
    parse_action: Callable[[str], Any] | None = None
    events: Callable[..., tuple[Any, ...]] | None = None
    state_codec: StateCodec | None = None


_REGISTRY: dict[str, GameInfo] = {}
_BUILTIN: dict[str, Callable[[], GameInfo]] = {}


def register_game(info: GameInfo) -> None:
    """Make a game known by name (replacing any game registered under that name)."""
    _REGISTRY[info.name] = info


def game_names() -> tuple[str, ...]:
    """The names of every known game, sorted."""
    return tuple(sorted({*_REGISTRY, *_BUILTIN}))


def game_info(name: str) -> GameInfo:
    """The registered :class:`GameInfo` for ``name``.

    Raises:
        DecodeError: no game has that name (names come from documents and command lines).
    """
    if not isinstance(name, str):
        raise DecodeError(f"unknown game {name!r}: a game name is a string")
    if name not in _REGISTRY and name in _BUILTIN:
        register_game(_BUILTIN[name]())
    try:
        return _REGISTRY[name]
    except KeyError:
        raise DecodeError(f"unknown game {name!r}: expected one of {list(game_names())}") from None


def _sixes() -> GameInfo:
    from cardgames import sixes
    from cardgames.sixes import document, notation

    return GameInfo(
        name="sixes",
        make_game=sixes.Sixes,
        config_class=sixes.SixesConfig,
        state_class=sixes.SixesState,
        observation_class=sixes.SixesObservation,
        action_classes=(sixes.Play, sixes.Pass),
        check_state=notation.check_state,
        format_action=notation.format_action,
        parse_action=notation.parse_action,
        events=notation.describe,
        state_codec=StateCodec(
            document_class=document.SixesStateDocument,
            to_document=document.to_document,
            from_document=document.from_document,
        ),
    )


_BUILTIN["sixes"] = _sixes


def _paiute() -> GameInfo:
    from cardgames import paiute
    from cardgames.paiute import document, notation

    return GameInfo(
        name="paiute",
        make_game=paiute.Paiute,
        config_class=paiute.PaiuteConfig,
        state_class=paiute.PaiuteState,
        observation_class=paiute.PaiuteObservation,
        action_classes=(
            paiute.DrawStock,
            paiute.DrawDiscard,
            paiute.Discard,
            paiute.Call,
            paiute.ShowSix,
        ),
        check_state=paiute.check_state,
        format_action=notation.format_action,
        parse_action=notation.parse_action,
        events=notation.describe,
        state_codec=StateCodec(
            document_class=document.PaiuteStateDocument,
            to_document=document.to_document,
            from_document=document.from_document,
        ),
    )


_BUILTIN["paiute"] = _paiute
