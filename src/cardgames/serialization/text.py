"""A short, human-readable text form of game records (think PGN for chess).

::

    # cardgames record, version 1
    game: sixes
    config: {"num_players": 4, "starting_chips": 10, ...}
    seed: 42
    players: ann, bob, cy, dee
    result: 3 -1 -1 -1

    1. p2 play 6d
    2. p3 pass
    ...

Headers are ``key: value`` lines; ``config`` is the JSON of the game's options. Each move line
is a number, the seat that acted and the action in the game's notation. Parsing replays the
moves, so a text record that parses is a legal game.
"""

from __future__ import annotations

import json
import re
from typing import Any, Final

from cardgames.cards import format_cards, parse_cards
from cardgames.errors import DecodeError, ParseError, ReplayError
from cardgames.registry import game_info
from cardgames.serialization.codec import JSON
from cardgames.serialization.document import (
    VERSION,
    decode_config_value,
    encode_config,
    make_game,
    parse_json,
)
from cardgames.serialization.record import GameRecord, replay
from cardgames.spec import AnyGameSpec as GameInfo

__all__ = ["format_record", "parse_record"]

_HEADER: Final = f"# cardgames record, version {VERSION}"
_MOVE: Final = re.compile(r"^\s*(\d+)\.\s+p(\d+)\s+(.+?)\s*$")
_KEYS: Final = ("game", "config", "seed", "deck", "players", "result")


def _notation(info: GameInfo) -> tuple[Any, Any]:
    if info.format_action is None or info.parse_action is None:
        raise TypeError(f"{info.name} has no action notation")
    return info.format_action, info.parse_action


def format_record(record: GameRecord) -> str:
    """The text form of ``record`` (the record is replayed to name the seat of each move)."""
    info = game_info(record.game)
    format_action, _ = _notation(info)
    if record.chance is not None:
        raise TypeError("a text record holds no injected chance: use the JSON form")
    game = record.make_game()
    states = replay(record)
    config: JSON = encode_config(info, record.config)
    lines = [_HEADER, f"game: {record.game}"]
    if config is not None:
        lines.append(f"config: {json.dumps(config, ensure_ascii=False)}")
    lines.append(f"seed: {record.seed}")
    if record.deck is not None:
        lines.append(f"deck: {format_cards(record.deck)}")
    if record.players:
        lines.append(f"players: {', '.join(record.players)}")
    if record.returns is not None:
        lines.append(f"result: {' '.join(str(r) for r in record.returns)}")
    lines.append("")
    for number, (state, action) in enumerate(zip(states, record.actions, strict=False), 1):
        lines.append(f"{number}. p{game.current_player(state)} {format_action(action)}")
    return "\n".join(lines) + "\n"


def _headers(lines: list[str]) -> tuple[dict[str, str], int]:
    headers: dict[str, str] = {}
    index = 0
    for index, line in enumerate(lines):
        if not line.strip():
            break
        if line.startswith("#"):
            continue
        key, colon, value = line.partition(":")
        key = key.strip()
        if not colon or key not in _KEYS:
            raise DecodeError(f"line {index + 1}: expected a header such as 'game: sixes'")
        if key in headers:
            raise DecodeError(f"line {index + 1}: header {key!r} given twice")
        headers[key] = value.strip()
    else:
        index = len(lines)
    return headers, index


def parse_record(text: str) -> GameRecord:  # noqa: C901, PLR0912 - one check per header
    """Parse the text form of a record and replay it.

    Raises:
        DecodeError: malformed text; the message names the line. A :class:`ReplayError`
            (a subclass) when a move is illegal or made by the wrong seat.
    """
    if not isinstance(text, str):
        raise DecodeError("record text: expected a string")
    lines = text.splitlines()
    headers, body_start = _headers(lines)
    for key in ("game", "seed"):
        if key not in headers:
            raise DecodeError(f"record text: missing header {key!r}")
    try:
        info = game_info(headers["game"])
    except DecodeError as error:
        raise DecodeError(f"game: {error}") from None
    _, parse_action = _notation(info)
    config = decode_config_value(
        info, parse_json(headers["config"]) if "config" in headers else None, "config"
    )
    game = make_game(info, config, "config")
    if not re.fullmatch(r"-?\d{1,40}", headers["seed"]):
        raise DecodeError("seed: expected an integer")
    deck = None
    if "deck" in headers:
        try:
            deck = parse_cards(headers["deck"])
        except ParseError as error:
            raise DecodeError(f"deck: {error}") from None
    players = (
        tuple(p.strip() for p in headers["players"].split(",")) if "players" in headers else ()
    )
    returns = None
    if "result" in headers:
        try:
            returns = tuple(int(word) for word in headers["result"].split())
        except ValueError:
            raise DecodeError("result: expected one integer per seat") from None
    seats: list[int] = []
    actions: list[Any] = []
    for offset, line in enumerate(lines[body_start:], body_start + 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = _MOVE.match(line)
        if match is None or int(match.group(1)) != len(actions) + 1:
            raise DecodeError(
                f"line {offset}: expected move {len(actions) + 1}, such as '1. p0 pass'"
            )
        try:
            actions.append(parse_action(match.group(3)))
        except ParseError as error:
            raise DecodeError(f"line {offset}: {error}") from None
        seats.append(int(match.group(2)))
    record = GameRecord(
        game=info.name,
        config=config,
        seed=int(headers["seed"]),
        deck=deck,
        actions=tuple(actions),
        returns=returns,
        players=players,
    )
    states = replay(record)
    for number, (state, seat) in enumerate(zip(states, seats, strict=False), 1):
        if game.current_player(state) != seat:
            raise ReplayError(
                f"move {number}: made by p{seat}, but p{game.current_player(state)} was to act"
            )
    return record
