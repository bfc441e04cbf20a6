"""JSON documents for configs, states, actions and observations, each with a format version.

Every document is a JSON object with the same envelope::

    {
        "format": "cardgames",
        "version": 1,
        "kind": "state",
        "game": "sixes",
        "config": {...},
        "data": {...},
    }

``config`` is present for states and observations (their meaning depends on it); ``data`` is
the value itself, encoded by :mod:`cardgames.serialization.codec`. An observation document
holds only what that observation holds, never the full state.
"""

from __future__ import annotations

import json
import random
from typing import Any, Final, Literal, TypeAlias, TypeVar

from cardgames.errors import DecodeError
from cardgames.game import Game
from cardgames.registry import game_info
from cardgames.serialization.codec import JSON, decode_value, encode_value
from cardgames.spec import AnyGameSpec as GameInfo

__all__ = [
    "FORMAT",
    "VERSION",
    "Kind",
    "action_type",
    "decode_action",
    "decode_config",
    "decode_game",
    "decode_observation",
    "decode_state",
    "dumps",
    "encode",
    "parse_json",
]

FORMAT: Final = "cardgames"
"""The ``format`` field of every document."""
VERSION: Final = 1
"""The document format version this library writes and reads."""

Kind: TypeAlias = Literal["config", "state", "action", "observation", "record"]
StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
ObservationT = TypeVar("ObservationT")
AnyGame: TypeAlias = Game[Any, Any, Any]
_MAX_DEPTH: Final = 64


def action_type(info: GameInfo) -> Any:  # noqa: ANN401 (a runtime type expression)
    """The declared type of a game's actions: the union of its action classes."""
    union: Any = info.action_classes[0]
    for cls in info.action_classes[1:]:
        union = union | cls
    return union


def _kind_of(info: GameInfo, value: object) -> Kind:
    if isinstance(value, info.state_class):
        return "state"
    if isinstance(value, info.observation_class):
        return "observation"
    if isinstance(value, info.action_classes):
        return "action"
    if info.config_class is not None and isinstance(value, info.config_class):
        return "config"
    raise TypeError(
        f"{type(value).__name__} is not a {info.name} config, state, action or observation"
    )


def _config_of(game: AnyGame) -> object:
    return game.config


def encode_config(info: GameInfo, config: object) -> JSON:
    """The ``config`` field: the config's fields, or null for a game without options.

    Raises:
        TypeError: ``config`` is not an instance of the game's config class.
    """
    if info.config_class is None:
        return None
    if not isinstance(config, info.config_class):
        raise TypeError(f"config: expected a {info.config_class.__name__}, not {config!r}")
    return encode_value(config, info.config_class)


def encode(game: AnyGame, value: object) -> dict[str, JSON]:
    """The JSON document (a dict) for a config, state, action or observation of ``game``.

    Raises:
        TypeError: ``value`` is none of these for ``game``.
        DecodeError: ``game`` is not a registered game.
    """
    info = game_info(game.name)
    kind = _kind_of(info, value)
    document: dict[str, JSON] = {
        "format": FORMAT,
        "version": VERSION,
        "kind": kind,
        "game": info.name,
    }
    if kind == "config":
        document["data"] = encode_config(info, value)
        return document
    if kind in ("state", "observation"):
        document["config"] = encode_config(info, _config_of(game))
    if kind == "state" and info.state_codec is not None:
        readable = info.state_codec.to_document(value)
        document["data"] = encode_value(readable, info.state_codec.document_class)
        return document
    declared = action_type(info) if kind == "action" else type(value)
    document["data"] = encode_value(value, declared)
    return document


def dumps(game: AnyGame, value: object, *, indent: int | None = None) -> str:
    """The JSON text of :func:`encode`, with keys in a stable order.

    Raises:
        TypeError: ``value`` is none of ``game``'s config, state, action or observation.
        DecodeError: ``game`` is not a registered game.
    """
    return json.dumps(encode(game, value), indent=indent, ensure_ascii=False)


def _reject_constant(name: str) -> None:
    raise DecodeError(f"document: {name} is not valid JSON")


def parse_json(text: str | bytes) -> JSON:
    """Parse JSON text strictly (no NaN/Infinity, no duplicate keys, bounded nesting).

    Raises:
        DecodeError: the text is not valid JSON.
    """

    def no_duplicates(pairs: list[tuple[str, JSON]]) -> dict[str, JSON]:
        result: dict[str, JSON] = {}
        for key, value in pairs:
            if key in result:
                raise DecodeError(f"document: duplicate key {key!r}")
            result[key] = value
        return result

    if not isinstance(text, str | bytes | bytearray):
        raise DecodeError(f"document: expected JSON text, got {type(text).__name__}")
    try:
        data: JSON = json.loads(
            text, object_pairs_hook=no_duplicates, parse_constant=_reject_constant
        )
    except RecursionError:
        raise DecodeError("document: nested too deeply") from None
    except (ValueError, UnicodeDecodeError) as error:
        if isinstance(error, DecodeError):
            raise
        raise DecodeError(f"document: invalid JSON: {error}") from None
    _check_depth(data)
    return data


def _check_depth(data: JSON, depth: int = 0) -> None:
    if depth > _MAX_DEPTH:
        raise DecodeError(f"document: nested deeper than {_MAX_DEPTH} levels")
    if isinstance(data, list):
        for item in data:
            _check_depth(item, depth + 1)
    elif isinstance(data, dict):
        for item in data.values():
            _check_depth(item, depth + 1)


def open_document(source: str | bytes | JSON, kind: Kind) -> tuple[dict[str, JSON], GameInfo]:
    """Check the envelope of a document (text or parsed) of the given kind.

    Raises:
        DecodeError: not a cardgames document, an unknown version, game or kind.
    """
    data = parse_json(source) if isinstance(source, str | bytes) else source
    if not isinstance(data, dict):
        raise DecodeError("document: expected a JSON object")
    if data.get("format") != FORMAT:
        raise DecodeError(f"format: expected {FORMAT!r}, got {data.get('format')!r}")
    version = data.get("version")
    if version != VERSION or type(version) is not int:
        raise DecodeError(
            f"version: unsupported format version {version!r} (this library reads {VERSION})"
        )
    if data.get("kind") != kind:
        raise DecodeError(f"kind: expected a {kind} document, got {data.get('kind')!r}")
    name = data.get("game")
    if not isinstance(name, str):
        raise DecodeError("game: expected a game name")
    try:
        info = game_info(name)
    except DecodeError as error:
        raise DecodeError(f"game: {error}") from None
    allowed = {"format", "version", "kind", "game", "data"}
    if kind in ("state", "observation"):
        allowed.add("config")
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise DecodeError(f"document: unknown field {unknown[0]!r}")
    if "data" not in data:
        raise DecodeError("document: missing field 'data'")
    return data, info


def decode_config_value(info: GameInfo, data: JSON, path: str) -> object:
    """Decode a config field (null for a game without options)."""
    if info.config_class is None:
        if data is not None:
            raise DecodeError(f"{path}: {info.name} has no options; expected null")
        return None
    return decode_value(data, info.config_class, path)


def decode_config(source: str | bytes | JSON) -> object:
    """Decode a config document; returns the game's config object.

    Raises:
        DecodeError: the document is malformed or the config breaks the game's constraints.
    """
    data, info = open_document(source, "config")
    return decode_config_value(info, data["data"], "data")


def decode_game(source: str | bytes | JSON) -> AnyGame:
    """Decode a config document into a ready game."""
    data, info = open_document(source, "config")
    return make_game(info, decode_config_value(info, data["data"], "data"), "data")


def make_game(info: GameInfo, config: object, path: str) -> AnyGame:
    """Build the game of ``info`` from a decoded config, as a DecodeError on failure."""
    try:
        return info.make_game(config)
    except ValueError as error:
        raise DecodeError(f"{path}: invalid config: {error}") from None


def _check_game(game: AnyGame, info: GameInfo, data: dict[str, JSON]) -> None:
    if info.name != game.name:
        raise DecodeError(f"game: the document is for {info.name!r}, not {game.name!r}")
    if "config" not in data:
        raise DecodeError("document: missing field 'config'")
    config = decode_config_value(info, data["config"], "config")
    if config != _config_of(game):
        raise DecodeError("config: the document's config differs from the game's")


def decode_state(game: Game[StateT, Any, Any], source: str | bytes | JSON) -> StateT:
    """Decode a state document of ``game`` and check the rules' invariants.

    Raises:
        DecodeError: malformed, for another game or config, or a state the rules cannot reach
            (the message names the broken invariant).
    """
    data, info = open_document(source, "state")
    _check_game(game, info, data)
    state: StateT
    if info.state_codec is None:
        state = decode_value(data["data"], info.state_class, "data")
    else:
        readable = decode_value(data["data"], info.state_codec.document_class, "data")
        try:
            state = info.state_codec.from_document(readable)
        except (ValueError, TypeError, KeyError, IndexError) as error:
            raise DecodeError(f"data: impossible state: {error}") from None
    if info.check_state is not None:
        try:
            info.check_state(game, state)
        except (ValueError, TypeError, KeyError, IndexError) as error:
            raise DecodeError(f"data: impossible state: {error}") from None
    return state


def decode_action(game: Game[Any, ActionT, Any], source: str | bytes | JSON) -> ActionT:
    """Decode an action document of ``game`` (legality is checked by ``apply``)."""
    data, info = open_document(source, "action")
    if info.name != game.name:
        raise DecodeError(f"game: the document is for {info.name!r}, not {game.name!r}")
    action: ActionT = decode_value(data["data"], action_type(info), "data")
    return action


def decode_observation(
    game: Game[Any, Any, ObservationT], source: str | bytes | JSON
) -> ObservationT:
    """Decode an observation document of ``game``.

    The observation must be consistent: a full state can be built from it
    (:meth:`~cardgames.game.Game.determinize`) that the same player observes identically.
    """
    data, info = open_document(source, "observation")
    _check_game(game, info, data)
    observation: ObservationT = decode_value(data["data"], info.observation_class, "data")
    try:
        sample = game.determinize(observation, random.Random(0))
        seen_again = game.observe(sample, getattr(observation, "player", None))  # type: ignore[arg-type]
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as error:
        raise DecodeError(f"data: impossible observation: {error}") from None
    if seen_again != observation:
        raise DecodeError("data: impossible observation: no state matches it")
    return observation
