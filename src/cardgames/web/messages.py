"""The messages of the web table protocol, built from the public API only.

The server sends each connection JSON objects with a ``type``:

- ``"update"``: one viewer's view of the table after something happened: the viewer's seat
  message document (:func:`cardgames.serialization.seat_message`: the observation, the legal
  actions with their ids and notation, only to the seat to play, the new events as that viewer
  may see them, the chip results once the game is over), with the table's own fields and the
  SVG drawing of the observation.
- ``"hint"``: the advisor's estimates for each of the seat's legal actions, best first.
- ``"error"``: a request was refused; ``code`` says why and nothing changed.

A client sends ``"join"`` (with its seat's secret token, or without one to watch),
``"act"`` (an action id, and the ``seq`` of the update it answers), ``"hint"`` and
``"play_again"``. ``protocol.schema.json`` beside this module is the JSON Schema of every
message, and :func:`protocol_schema` embeds a game's seat message schema in it, so that a
client in any language can be written from it; see the "Build a front end" page of the docs.
"""

from __future__ import annotations

import enum
import json
import typing
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final, Literal, TypeAlias, cast

import attrs

from cardgames.advisor import Advice
from cardgames.bots import bot_names
from cardgames.cards import Card
from cardgames.errors import DecodeError
from cardgames.events import Event, describe
from cardgames.game import Game, PlayerId
from cardgames.registry import game_info, game_names
from cardgames.render import draw_observation, draw_state
from cardgames.serialization import (
    JSON,
    GameRecord,
    encode,
    json_schema,
    parse_json,
    replay,
    seat_message,
)
from cardgames.simulation.stats import Estimate

__all__ = [
    "PROTOCOL",
    "ClientMessage",
    "ErrorCode",
    "ProtocolError",
    "SeatInfo",
    "action_entry",
    "catalog_message",
    "dumps_message",
    "encode_event",
    "error_message",
    "hint_message",
    "parse_client_message",
    "protocol_schema",
    "replay_message",
    "spectator_view",
    "update_message",
]

PROTOCOL: Final = 2
"""The version of the message protocol; every update carries it.

Version 2: an update carries the viewer's seat message document (``seat_message``) in place of
version 1's own ``seat``, ``to_play``, ``observation``, ``legal_actions``, ``events`` and
``returns`` fields, and a seat may ask for a hint.
"""

SCHEMA_PATH: Final = Path(__file__).parent / "protocol.schema.json"
"""The protocol's JSON Schema file (an update's seat message checked as any game's)."""

AnyGame: TypeAlias = Game[Any, Any, Any]
ErrorCode: TypeAlias = Literal[
    "bad_message",
    "too_large",
    "rate_limited",
    "not_joined",
    "already_joined",
    "bad_token",
    "spectator",
    "not_your_turn",
    "stale",
    "illegal_action",
    "game_over",
    "game_not_over",
    "no_table",
    "hint_limit",
]
"""Why a request was refused (the ``code`` of an error message)."""


class ProtocolError(DecodeError):
    """A client message that is not a message of the table protocol (malformed or forged)."""


@attrs.frozen(kw_only=True)
class ClientMessage:
    """A checked message from a client.

    Attributes:
        type: ``"join"``, ``"act"``, ``"hint"`` or ``"play_again"``.
        token: The seat's secret token (``join``); None to watch.
        action_id: The chosen action's id (``act``).
        seq: The ``seq`` of the update the client answers (``act``, ``hint``); None to skip
            the check.
        width: The width the client will show drawings at (``join``); below 600 it gets the
            narrow drawings, for phones.
    """

    type: Literal["join", "act", "hint", "play_again"]
    token: str | None = None
    action_id: int | None = None
    seq: int | None = None
    width: int | None = None


_FIELDS: Final = {
    "join": {"type", "token", "width"},
    "act": {"type", "action_id", "seq"},
    "hint": {"type", "seq"},
    "play_again": {"type"},
}


def _optional_int(data: dict[str, JSON], key: str) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if type(value) is not int or not 0 <= value < 2**31:
        raise ProtocolError(f"{key}: expected a non-negative integer, got {value!r}"[:120])
    return value


def parse_client_message(text: str) -> ClientMessage:
    """Check a client's message text.

    Raises:
        ProtocolError: the text is not JSON, not an object, of an unknown type, has unknown or
            missing fields, or fields of the wrong type.
    """
    try:
        data = parse_json(text)
    except DecodeError as error:
        raise ProtocolError(str(error)) from None
    if not isinstance(data, dict):
        raise ProtocolError("message: expected a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise ProtocolError(f"type: expected one of {sorted(_FIELDS)}, got {kind!r}"[:120])
    unknown = sorted(set(data) - _FIELDS[kind])
    if unknown:
        raise ProtocolError(f"{kind}: unknown field {unknown[0]!r}"[:120])
    token = data.get("token")
    if token is not None and not isinstance(token, str):
        raise ProtocolError("token: expected a string")
    action_id = _optional_int(data, "action_id")
    if kind == "act" and action_id is None:
        raise ProtocolError("act: missing field 'action_id'")
    return ClientMessage(
        type=cast("Literal['join', 'act', 'hint', 'play_again']", kind),
        token=token,
        action_id=action_id,
        seq=_optional_int(data, "seq"),
        width=_optional_int(data, "width"),
    )


@attrs.frozen(kw_only=True)
class SeatInfo:
    """What every viewer may know of a seat: who plays it and whether they are here.

    Attributes:
        kind: ``"person"`` or ``"bot"``.
        bot: The bot's specification text, for a bot seat.
        connected: Whether a person is connected to the seat (bots always are).
    """

    kind: Literal["person", "bot"]
    bot: str | None = None
    connected: bool = False

    def to_json(self, seat: int) -> dict[str, JSON]:
        """The seat's entry in an update."""
        return {"seat": seat, "kind": self.kind, "bot": self.bot, "connected": self.connected}


def spectator_view(game: AnyGame, state: object) -> object:
    """``game.observe(state, None)``: the public view that spectators get.

    The built-in games accept None for a spectator (see :meth:`cardgames.game.Game.observe`).
    """
    observe = cast("Callable[[object, PlayerId | None], object]", game.observe)
    return observe(state, None)


def encode_event(event: Event) -> dict[str, JSON]:
    """The JSON form of an event, with cards in notation such as ``"Ah"``."""
    return {
        "kind": event.kind,
        "player": event.player,
        "cards": [str(card) for card in event.cards],
        "hidden": event.hidden,
        "chips": event.chips,
        "text": event.text,
    }


def action_entry(game: AnyGame, action: object) -> dict[str, JSON]:
    """One legal action for a client: its id, its notation, a label and its JSON form."""
    info = game_info(game.name)
    notation = info.format_action(action) if info.format_action is not None else repr(action)
    label = notation
    cls: Any = type(action)
    for field in attrs.fields(cls) if attrs.has(cls) else ():
        value = getattr(action, field.name)
        if isinstance(value, Card):
            label = label.replace(str(value), value.unicode)
    return {
        "id": game.action_id(action),
        "notation": notation,
        "label": label,
        "action": encode(game, action)["data"],
    }


def update_message(  # noqa: PLR0913 - one keyword per part of the update
    game: AnyGame,
    state: object,
    viewer: PlayerId | None,
    *,
    table: str,
    game_number: int,
    seq: int,
    seats: Sequence[SeatInfo],
    events: Sequence[Event] = (),
    record: int | None = None,
    width: int = 760,
) -> dict[str, JSON]:
    """One viewer's update: everything that viewer may know of the table now, and no more.

    What the viewer may know and do is the library's seat message document
    (:func:`cardgames.serialization.seat_message`, encoded by
    :func:`cardgames.serialization.encode`: its JSON Schema is the game's ``seat_message``
    schema); the update wraps it with what only a table knows: the table, the game's number,
    the ``seq`` to echo, who sits where, the record, and the SVG drawing.

    Args:
        game: The table's game.
        state: The current state (never sent: only what ``viewer`` may know of it is).
        viewer: The seat the update is for, or None for a spectator.
        table: The table's id.
        game_number: Which game of the table this is, from 1.
        seq: How many actions this game has had; a client echoes it with its action.
        seats: Who sits where.
        events: What happened since the last update, as ``viewer`` may see it.
        record: The id of the finished game's record, once the game is over.
        width: The width to draw at (see :func:`cardgames.render.draw_observation`).
    """
    message = seat_message(game, state, viewer, events=events)
    return {
        "type": "update",
        "protocol": PROTOCOL,
        "table": table,
        "game": game.name,
        "game_number": game_number,
        "seq": seq,
        "seats": [info.to_json(seat) for seat, info in enumerate(seats)],
        "your_turn": bool(message.legal_actions),
        "over": message.returns is not None,
        "record": record,
        "seat_message": encode(game, message),
        "drawing": draw_observation(game, message.observation, width=width),
    }


def _estimate(estimate: Estimate, *, chance: bool = False) -> dict[str, JSON]:
    """An estimate's mean and 95% interval; a chance's interval kept within [0, 1]."""
    low, high = estimate.low, estimate.high
    if chance:
        low, high = max(0.0, low), min(1.0, high)
    return {"mean": estimate.mean, "low": low, "high": high}


def hint_message(game: AnyGame, advice: Sequence[Advice], *, seq: int) -> dict[str, JSON]:
    """The advisor's estimates for each legal action of a seat, best first (a ``hint``).

    ``advice`` is :func:`cardgames.advisor.advise`'s answer for the seat's own observation;
    ``seq`` is the update it answers. Each entry has the action's ``id`` and ``notation`` (as in
    the seat message), its ``win`` chance and ``chips`` with their 95% intervals (a chance's
    interval cut to [0, 1]), and the ``samples`` behind them.
    """
    info = game_info(game.name)
    describe_action = info.format_action or repr
    return {
        "type": "hint",
        "protocol": PROTOCOL,
        "seq": seq,
        "advice": [
            {
                "id": game.action_id(entry.action),
                "notation": describe_action(entry.action),
                "win": _estimate(entry.win, chance=True),
                "chips": _estimate(entry.chips),
                "samples": entry.samples,
            }
            for entry in advice
        ],
    }


def protocol_schema(game: str | None = None) -> dict[str, JSON]:
    """The JSON Schema of every message of the protocol, for one game's tables if named.

    Without a game, an update's ``seat_message`` is checked as a seat message document of any
    game (its envelope and the fields of its ``data``). With one, it is checked against that
    game's ``seat_message`` schema (:func:`cardgames.serialization.json_schema`), embedded
    under ``$defs`` with its own ``$id`` so that its references resolve inside it.

    Raises:
        DecodeError: ``game`` is not a registered game.
    """
    schema: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    if game is not None:
        embedded = {k: v for k, v in json_schema(game, "seat_message").items() if k != "$schema"}
        embedded["$id"] = f"cardgames-{game}-seat-message"
        schema["$defs"]["seat_message"] = embedded
        schema["title"] = f"{schema['title']}, {game} tables"
    return schema


def error_message(code: ErrorCode, message: str) -> dict[str, JSON]:
    """An error for the client: nothing changed; ``message`` says why in English."""
    return {"type": "error", "code": code, "message": message}


def dumps_message(message: dict[str, JSON]) -> str:
    """The JSON text of a message (compact, UTF-8 characters kept)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def replay_message(record: GameRecord, *, width: int = 760) -> dict[str, JSON]:
    """Every step of a finished game for the replay viewer: every hand shown, every event.

    ``width`` is the width to draw at (see :func:`cardgames.render.draw_state`).

    Raises:
        ReplayError: an action of the record is illegal at its step.
        DecodeError: the record's config or deck is invalid.
    """
    game = record.make_game()
    states = replay(record)
    frames: list[JSON] = []
    for step, state in enumerate(states):
        events = (
            describe(
                game,
                states[step - 1],
                record.actions[step - 1],
                viewer=None,
                next_state=state,
                reveal_all=True,
            )
            if step
            else ()
        )
        frames.append(
            {
                "step": step,
                "to_play": game.current_player(state),
                "events": [encode_event(event) for event in events],
                "drawing": draw_state(game, state, width=width),
            }
        )
    return {
        "type": "replay",
        "protocol": PROTOCOL,
        "game": record.game,
        "players": list(record.players),
        "returns": list(game.returns(states[-1])),
        "frames": frames,
    }


def _option(name: str, tp: Any, default: object) -> dict[str, JSON]:  # noqa: ANN401 - a type
    """One config option as the table form shows it: a type, a default, the choices."""
    args = [arg for arg in typing.get_args(tp) if arg is not type(None)]
    optional = len(args) < len(typing.get_args(tp))
    base = args[0] if optional and len(args) == 1 else tp
    choices: list[JSON] | None = None
    if isinstance(base, type) and issubclass(base, enum.Enum):
        kind, choices = "choice", [member.name.lower() for member in base]
    elif typing.get_origin(base) is Literal:
        kind, choices = "choice", list(typing.get_args(base))
    elif base is bool:
        kind = "bool"
    elif base is int:
        kind = "int"
    else:
        kind = "text"
    if isinstance(default, enum.Enum):
        default = default.name.lower()
    return {
        "name": name,
        "type": kind,
        "optional": optional,
        "default": cast("JSON", default),
        "choices": choices,
    }


def catalog_message() -> dict[str, JSON]:
    """What a table can be made of: every game with its options, and the bots' names."""
    games: list[JSON] = []
    for name in game_names():
        info = game_info(name)
        options: list[JSON] = []
        if info.config_class is not None:
            hints = typing.get_type_hints(info.config_class)
            options = [
                _option(field.name, hints[field.name], field.default)
                for field in attrs.fields(info.config_class)
                if field.init
            ]
        games.append({"name": name, "options": options})
    return {"type": "catalog", "protocol": PROTOCOL, "games": games, "bots": list(bot_names())}
