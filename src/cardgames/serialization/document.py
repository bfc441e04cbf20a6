"""JSON documents for configs, states, actions, observations, events and seat messages.

Every document is a JSON object with the same envelope::

    {
        "format": "cardgames",
        "version": 1,
        "kind": "state",
        "game": "sixes",
        "config": {...},
        "data": {...},
    }

``config`` is present for states, observations and seat messages (their meaning depends on
it); ``data`` is the value itself, encoded by :mod:`cardgames.serialization.codec`. An
observation document holds only what that observation holds, never the full state.
"""

from __future__ import annotations

import json
import random
import typing
from collections.abc import Callable
from typing import Any, Final, Literal, NamedTuple, TypeAlias, TypeVar, assert_never

from cardgames.errors import DecodeError
from cardgames.events import Event
from cardgames.game import Game
from cardgames.registry import game_info
from cardgames.serialization.codec import JSON, decode_value, encode_value
from cardgames.serialization.compiled import text_encoder
from cardgames.serialization.message import LegalAction, SeatMessage
from cardgames.serialization.reader import Counter, decoder
from cardgames.spec import AnyGameSpec as GameInfo

__all__ = [
    "FORMAT",
    "VERSION",
    "Kind",
    "action_type",
    "decode_action",
    "decode_config",
    "decode_event",
    "decode_game",
    "decode_observation",
    "decode_seat_message",
    "decode_state",
    "dumps",
    "encode",
    "loads",
    "parse_json",
]

FORMAT: Final = "cardgames"
"""The ``format`` field of every document."""
VERSION: Final = 1
"""The document format version this library writes and reads."""

Kind: TypeAlias = Literal[
    "config", "state", "action", "observation", "record", "event", "seat_message"
]
"""The ``kind`` of a document."""
KINDS: Final[tuple[Kind, ...]] = typing.get_args(Kind)
"""Every document kind, in the order the docs list them."""
_WITH_CONFIG: Final = frozenset({"state", "observation", "seat_message"})
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
    if isinstance(value, Event):
        return "event"
    if isinstance(value, SeatMessage):
        return "seat_message"
    raise TypeError(
        f"{type(value).__name__} is not a {info.name} config, state, action, observation, "
        "event or seat message"
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
    """The JSON document (a dict) of a config, state, action, observation, event or message.

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
    if kind in _WITH_CONFIG:
        document["config"] = encode_config(info, _config_of(game))
    if kind == "seat_message":
        document["data"] = encode_seat_message(info, typing.cast("SeatMessage", value))
        return document
    if kind == "state" and info.state_codec is not None:
        readable = info.state_codec.to_document(value)
        document["data"] = encode_value(readable, info.state_codec.document_class)
        return document
    document["data"] = encode_value(value, data_type(info, kind))
    return document


def data_type(info: GameInfo, kind: Kind) -> Any:  # noqa: ANN401 (a runtime type expression)
    """The declared type of a document's ``data`` (records and seat messages have their own)."""
    match kind:
        case "config":
            return info.config_class
        case "state":
            return info.state_class if info.state_codec is None else info.state_codec.document_class
        case "action":
            return action_type(info)
        case "observation":
            return info.observation_class
        case "event":
            return Event
        case "record" | "seat_message":
            raise TypeError(f"a {kind} document has no single declared type")
    assert_never(kind)


def encode_seat_message(info: GameInfo, message: SeatMessage) -> JSON:
    """The ``data`` of a seat message: its fields, the observation and actions by their types."""
    actions = action_type(info)
    return {
        "seat": message.seat,
        "to_play": message.to_play,
        "observation": encode_value(message.observation, info.observation_class),
        "legal_actions": [
            {
                "id": legal.id,
                "notation": legal.notation,
                "action": encode_value(legal.action, actions),
            }
            for legal in message.legal_actions
        ],
        "events": [encode_value(event, Event) for event in message.events],
        "returns": None if message.returns is None else list(message.returns),
    }


def dumps(game: AnyGame, value: object, *, indent: int | None = None) -> str:
    """The JSON text of :func:`encode`, with keys in a stable order.

    Raises:
        TypeError: ``value`` is none of ``game``'s config, state, action or observation.
        DecodeError: ``game`` is not a registered game.
    """
    if indent is None:
        return _text(game, value)
    return json.dumps(encode(game, value), indent=indent, ensure_ascii=False)


_HEADS: dict[tuple[str, str], str] = {}
"""The start of a document's text, by game and kind."""


def _head(name: str, kind: Kind) -> str:
    """The text of a document of game ``name`` and ``kind`` up to its ``config`` or ``data``."""
    head = _HEADS.get((name, kind))
    if head is None:
        head = _HEADS[name, kind] = (
            json.dumps(
                {"format": FORMAT, "version": VERSION, "kind": kind, "game": name},
                ensure_ascii=False,
            )[:-1]
            + ", "
        )
    return head


def _text(game: AnyGame, value: object) -> str:
    """``json.dumps(encode(game, value))``, written by the compiled text encoders."""
    info = game_info(game.name)
    kind = _kind_of(info, value)
    config_class = info.config_class
    config = value if kind == "config" else _config_of(game)
    if kind == "seat_message" or (
        config_class is not None and not isinstance(config, config_class)
    ):
        return json.dumps(encode(game, value), ensure_ascii=False)
    head = _head(info.name, kind)
    config_text = "null" if config_class is None else text_encoder(config_class)(config)
    if kind == "config":
        return f'{head}"data": {config_text}}}'
    if kind == "state" and info.state_codec is not None:
        data = text_encoder(info.state_codec.document_class)(info.state_codec.to_document(value))
    else:
        data = text_encoder(data_type(info, kind))(value)
    if kind in _WITH_CONFIG:
        return f'{head}"config": {config_text}, "data": {data}}}'
    return f'{head}"data": {data}}}'


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


_ENVELOPE_KEYS: Final = frozenset({"format", "version", "kind", "game", "config", "data"})
_FAST_JSON: Final = json.JSONDecoder(parse_constant=_reject_constant)
# The decoder's C scanner, set in its __init__ (typeshed does not declare the attribute).
_SCAN: Final[Callable[[str, int], tuple[Any, int]]] = _FAST_JSON.scan_once  # type: ignore[attr-defined]
"""The parse of one JSON value from an index of a text, as :data:`_FAST_JSON` parses it."""
_JSON_SPACE: Final = " \t\n\r"
"""The whitespace JSON allows after a value."""
_COLON: Final = ":"


def _fast_data(
    game: AnyGame, source: str | bytes | JSON, kind: Literal["state", "observation"]
) -> tuple[GameInfo, Any, int] | None:
    """The envelope and ``data`` of a state or observation document, decoded the fast way.

    The value is the decoded ``data`` (:data:`_DECODED`), or the value that one of the game's
    own readers built from it: :data:`_CHECKED` when the checking reader
    (:attr:`~cardgames.spec.StateCodec.read_checked`,
    :attr:`~cardgames.spec.GameSpec.read_checked_observation`) built it, already proven
    valid; :data:`_BUILT` when the plain reader (:attr:`~cardgames.spec.StateCodec.read`,
    :attr:`~cardgames.spec.GameSpec.read_observation`) did, to be checked. A reader's
    value is the state itself, not its document.

    None unless the document is JSON text that the strict path would accept up to its
    ``data`` (which must then decode as its declared type): the caller then takes that path,
    which gives the same value or names the error. Two checks of :func:`parse_json` are
    implied rather than run: every value was read by a type-directed decoder, so nothing is
    nested deeper than the types; and the text holds as many ``:`` as the objects have
    members, so no object repeated a key (a ``:`` inside a string only makes the counts
    differ, and then the strict path runs).
    """
    try:
        text = source.decode() if isinstance(source, bytes) else source
        if not isinstance(text, str):
            return None
        info = game_info(game.name)
        opened = _open_fast(game, info, kind, text)
        if opened is None:
            return None
        data, counter, start = opened
        built, value, members = _read(game, info, kind, data)
        if built == _DECODED:
            value = decoder(data_type(info, kind))(data, counter)
        else:
            counter[0] += members
        if counter[0] != text.count(_COLON, start):
            return None
    except Exception:  # noqa: BLE001 - the strict path decides, and names the error
        return None
    return info, value, built


def _open_fast(
    game: AnyGame, info: GameInfo, kind: Literal["state", "observation"], text: str
) -> tuple[JSON, Counter, int] | None:
    """The ``data`` of the document ``text``, its envelope checked, and what to count from.

    Returns the parsed ``data``, the object members read of the text from an offset on
    (a :data:`Counter`) and that offset: the text's ``:`` from there must be as many.

    A text that starts just as the writer starts a ``kind`` document of ``game`` (its head
    and its config, up to ``"data":``) has the right envelope by its text alone, which is
    one comparison of strings: only its ``data`` is parsed, which must close the document,
    and only the members from there on are counted. Any other text is parsed whole and its
    envelope checked value by value. None: not the envelope of such a document, or not JSON
    (the strict path decides).
    """
    known = _written_config_of(game, info.config_class)
    head = _head(info.name, kind)
    if (
        known is not None
        and known.text is not None
        and text.startswith(head)
        and text.startswith(known.text, len(head))
    ):
        start = len(head) + len(known.text)
        data, end = _SCAN(text, start)
        if text[end : end + 1] != "}" or text[end + 1 :].strip(_JSON_SPACE):
            return None
        return data, [0], start
    document = _FAST_JSON.decode(text)
    if (
        type(document) is not dict
        or document.keys() != _ENVELOPE_KEYS
        or document["format"] != FORMAT
        or document["version"] != VERSION
        or type(document["version"]) is not int
        or document["kind"] != kind
        or document["game"] != game.name
    ):
        return None
    counter: Counter = [len(document)]
    if not _is_config_of(game, info.config_class, document["config"], counter):
        return None
    return document["data"], counter, 0


class _WrittenConfig(NamedTuple):
    """A config as the writer writes it, for a cheap check that a document holds just that."""

    config: object
    """The config (held, so that no other object takes its ``id`` while it is remembered)."""
    fields: dict[str, JSON] | None
    """Its ``config`` field, or None unless that is an object of scalars only."""
    keys: tuple[str, ...]
    """The field's keys, in the order written."""
    types: tuple[type, ...]
    """The types of the field's values, in that order (``1``, ``1.0`` and ``true`` are equal)."""
    members: int
    """The field's object members."""
    text: str | None
    """``"config": <the field>, "data": `` as the writer writes it, or None (no ``fields``)."""


_WRITTEN_CONFIGS: Final[dict[int, _WrittenConfig]] = {}
_MAX_WRITTEN_CONFIGS: Final = 64
_SCALAR_TYPES: Final = frozenset({str, int, float, bool, type(None)})


def _written_config(config: object, config_class: type) -> _WrittenConfig:
    """``config`` as the writer writes it, remembered by ``id`` (a game's config is kept).

    A document whose ``config`` equals ``fields``, with the same keys in the same order
    and values of the same types, decodes to ``config``: the decoder is not run again.
    """
    known = _WRITTEN_CONFIGS.get(id(config))
    if known is not None and known.config is config:
        return known
    fields = encode_value(config, config_class)
    counter: Counter = [0]
    if (
        isinstance(fields, dict)
        and _SCALAR_TYPES.issuperset(map(type, fields.values()))
        and decoder(config_class)(fields, counter) == config
    ):
        types = tuple(map(type, fields.values()))
        written = json.dumps({"config": fields, "data": None}, ensure_ascii=False)
        text = written[1 : -len("null}")]
        known = _WrittenConfig(config, fields, tuple(fields), types, counter[0], text)
    else:
        known = _WrittenConfig(config, None, (), (), 0, None)
    if len(_WRITTEN_CONFIGS) >= _MAX_WRITTEN_CONFIGS:
        _WRITTEN_CONFIGS.clear()
    _WRITTEN_CONFIGS[id(config)] = known
    return known


def _written_config_of(game: AnyGame, config_class: type | None) -> _WrittenConfig | None:
    """``game``'s config as the writer writes it (:func:`_written_config`); None without one."""
    return None if config_class is None else _written_config(_config_of(game), config_class)


def _is_config_of(
    game: AnyGame, config_class: type | None, written: JSON, counter: Counter
) -> bool:
    """Whether a document's ``config`` field decodes to ``game``'s config (members counted)."""
    if config_class is None:
        return written is None
    config = _config_of(game)
    known = _written_config(config, config_class)
    if (
        known.fields is not None
        and written == known.fields
        and tuple(written) == known.keys  # equal to a dict, so a dict
        and tuple(map(type, written.values())) == known.types
    ):
        counter[0] += known.members  # the game's config, just as the writer writes it
        return True
    return bool(decoder(config_class)(written, counter) == config)


_DECODED: Final = 0
""":func:`_fast_data` gives the decoded ``data`` (a state's document, an observation)."""
_BUILT: Final = 1
"""... the value that the game's reader built from it, to be checked."""
_CHECKED: Final = 2
"""... the value that the game's checking reader built and proved valid."""


def _read(
    game: AnyGame, info: GameInfo, kind: Literal["state", "observation"], data: JSON
) -> tuple[int, Any, int]:
    """The value that the game's own readers of ``kind`` build from ``data``, if one does.

    The checking reader is tried first, then the plain one; each may decline by raising.
    Returns how the value was built with the value and its number of object members, or
    :data:`_DECODED` when no reader built it (then ``data`` is for the document decoder).
    """
    if kind == "observation":
        read_checked, read = info.read_checked_observation, info.read_observation
    else:
        codec = info.state_codec
        read_checked, read = (None, None) if codec is None else (codec.read_checked, codec.read)
    if read_checked is not None:
        try:  # the game's own reader builds the value and proves it valid, or declines
            value, members = read_checked(game, data)
        except Exception:  # noqa: BLE001, S110 - declined: the next reader, or the decoder
            pass
        else:
            return _CHECKED, value, members
    if read is not None:
        try:  # the game's own reader builds the value, or declines
            value, members = read(data)
        except Exception:  # noqa: BLE001, S110 - declined: the document decoder reads it
            pass
        else:
            return _BUILT, value, members
    return _DECODED, None, 0


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
    if kind in _WITH_CONFIG:
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
    fast = _fast_data(game, source, "state")
    built = _DECODED
    if fast is not None:
        info, value, built = fast
        if built == _CHECKED:
            checked: StateT = value
            return checked
    else:
        data, info = open_document(source, "state")
        _check_game(game, info, data)
        value = decode_value(data["data"], data_type(info, "state"), "data")
    state: StateT
    if info.state_codec is None or built == _BUILT:
        state = value
    else:
        readable = value
        try:
            state = info.state_codec.from_document(readable)
        except (ValueError, TypeError, KeyError, IndexError) as error:
            raise DecodeError(f"data: impossible state: {error}") from None
    check = info.check_state
    if built == _BUILT and info.state_codec is not None and info.state_codec.check_read is not None:
        check = info.state_codec.check_read
    if check is not None:
        try:
            check(game, state)
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

    The observation must be consistent: some full state of ``game`` is observed identically
    by the same player. The game's checking reader proves that while it reads the document
    when it can (:attr:`~cardgames.spec.GameSpec.read_checked_observation`); else the game's
    spec checks it directly (:attr:`~cardgames.spec.GameSpec.check_observation`); otherwise
    a state is built from it (:meth:`~cardgames.game.Game.determinize`) and observed.
    """
    fast = _fast_data(game, source, "observation")
    observation: ObservationT
    if fast is not None:
        observation = fast[1]
        if fast[2] == _CHECKED:
            return observation
    else:
        data, info = open_document(source, "observation")
        _check_game(game, info, data)
        observation = decode_value(data["data"], info.observation_class, "data")
    info = game_info(game.name)
    if info.check_observation is not None:
        try:
            info.check_observation(game, observation)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as error:
            raise DecodeError(f"data: impossible observation: {error}") from None
        return observation
    try:
        sample = game.determinize(observation, random.Random(0))
        seen_again = game.observe(sample, getattr(observation, "player", None))  # type: ignore[arg-type]
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as error:
        raise DecodeError(f"data: impossible observation: {error}") from None
    if seen_again != observation:
        raise DecodeError("data: impossible observation: no state matches it")
    return observation


def decode_event(game: AnyGame, source: str | bytes | JSON) -> Event:
    """Decode an event document of ``game`` (see :func:`cardgames.events.describe`).

    Raises:
        DecodeError: the document is malformed or for another game.
    """
    data, info = open_document(source, "event")
    if info.name != game.name:
        raise DecodeError(f"game: the document is for {info.name!r}, not {game.name!r}")
    event: Event = decode_value(data["data"], Event, "data")
    return event


_MESSAGE_FIELDS: Final = ("seat", "to_play", "observation", "legal_actions", "events", "returns")
_LEGAL_FIELDS: Final = ("id", "notation", "action")


def _fields_of(data: JSON, names: tuple[str, ...], path: str) -> dict[str, JSON]:
    """``data`` as an object with exactly the fields ``names`` (DecodeError otherwise)."""
    if not isinstance(data, dict):
        raise DecodeError(f"{path}: expected an object")
    unknown = sorted(set(data) - set(names))
    if unknown:
        raise DecodeError(f"{path}: unknown field {unknown[0]!r}")
    missing = [name for name in names if name not in data]
    if missing:
        raise DecodeError(f"{path}: missing field {missing[0]!r}")
    return data


def decode_seat_message(game: AnyGame, source: str | bytes | JSON) -> SeatMessage:
    """Decode a seat message document of ``game`` (see :func:`seat_message`).

    Each legal action's id and notation must be the game's for that action.

    Raises:
        DecodeError: the document is malformed, for another game or config, or inconsistent.
    """
    document, info = open_document(source, "seat_message")
    _check_game(game, info, document)
    data = _fields_of(document["data"], _MESSAGE_FIELDS, "data")
    actions = action_type(info)
    describe_action = info.format_action or repr
    legal = []
    items = data["legal_actions"]
    if not isinstance(items, list):
        raise DecodeError("data.legal_actions: expected an array")
    for i, item in enumerate(items):
        path = f"data.legal_actions[{i}]"
        fields = _fields_of(item, _LEGAL_FIELDS, path)
        action = decode_value(fields["action"], actions, f"{path}.action")
        entry = LegalAction(
            id=decode_value(fields["id"], int, f"{path}.id"),
            notation=decode_value(fields["notation"], str, f"{path}.notation"),
            action=action,
        )
        if entry.id != game.action_id(action) or entry.notation != describe_action(action):
            raise DecodeError(f"{path}: the id or notation is not the game's for {action!r}")
        legal.append(entry)
    return SeatMessage(
        seat=decode_value(data["seat"], int | None, "data.seat"),
        to_play=decode_value(data["to_play"], int | None, "data.to_play"),
        observation=decode_value(data["observation"], info.observation_class, "data.observation"),
        legal_actions=tuple(legal),
        events=decode_value(data["events"], tuple[Event, ...], "data.events"),
        returns=decode_value(data["returns"], tuple[int, ...] | None, "data.returns"),
    )


def loads(game: AnyGame, source: str | bytes | JSON) -> Any:  # noqa: ANN401 (any kind)
    """Decode a document of ``game`` of any kind, the inverse of :func:`dumps`.

    Config, state, action, observation, event and seat message documents give the value
    :func:`dumps` was given; a record document gives a
    :class:`~cardgames.serialization.GameRecord`. Each kind is checked as strictly as by its
    own decoder (:func:`decode_state`, …).

    Raises:
        DecodeError: the document is malformed, of an unknown kind, or for another game.
    """
    data = parse_json(source) if isinstance(source, str | bytes) else source
    kind = data.get("kind") if isinstance(data, dict) else None
    if kind == "config":
        config_data, info = open_document(data, "config")
        if info.name != game.name:
            raise DecodeError(f"game: the document is for {info.name!r}, not {game.name!r}")
        return decode_config_value(info, config_data["data"], "data")
    decoders: dict[object, Any] = {
        "state": decode_state,
        "action": decode_action,
        "observation": decode_observation,
        "event": decode_event,
        "seat_message": decode_seat_message,
    }
    if kind in decoders:
        return decoders[kind](game, data)
    if kind == "record":
        from cardgames.serialization.record import loads_record

        record = loads_record(data)
        if record.game != game.name:
            raise DecodeError(f"game: the document is for {record.game!r}, not {game.name!r}")
        return record
    if not isinstance(data, dict):
        raise DecodeError("document: expected a JSON object")
    raise DecodeError(f"kind: expected one of {list(KINDS)}, got {kind!r}")
