"""A short, human-readable text form of game records (think PGN for chess).

::

    # cardgames record, version 2
    game: sixes
    config: {"num_players": 4, "starting_chips": 10, ...}
    seed: 42
    players: ann, bob, cy, dee
    result: 3 -1 -1 -1
    moves: 57

    1. p2 play 6d
    2. p3 pass
    ...

The first line names the format and its version. Headers are ``key: value`` lines; ``config``
is the JSON of the game's options; ``players`` is a comma-separated list, or a JSON array when a
name holds a comma, a control character or outer spaces; ``moves`` counts the move lines, so a
truncated record is refused. Each move line is a number, the seat that acted and the action in
the game's notation. Parsing replays the moves, so a text record that parses is a legal game.

Version 2 added the ``moves`` header, which it requires. Records of version 1 (written before
it) still parse; they have no move count, so a cut through their moves is caught only where a
``result`` header disagrees with the replay.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import Any, Final

from cardgames.cards import format_cards, parse_cards
from cardgames.errors import DecodeError, ParseError, ReplayError
from cardgames.registry import game_info
from cardgames.serialization.codec import JSON, decode_value
from cardgames.serialization.document import (
    decode_config_value,
    encode_config,
    make_game,
    parse_json,
)
from cardgames.serialization.record import GameRecord, replay
from cardgames.spec import AnyGameSpec as GameInfo

__all__ = ["format_record", "parse_record"]

TEXT_VERSION: Final = 2
"""The version of the text form that :func:`format_record` writes."""
_READ_VERSIONS: Final = ("1", "2")
_HEADER: Final = f"# cardgames record, version {TEXT_VERSION}"
_VERSION_LINE: Final = re.compile(r"#\s*cardgames record, version\s+(\S{1,20})", re.ASCII)
_MOVE: Final = re.compile(r"([0-9]+)\.\s+p([0-9]+)\s+(.+)", re.ASCII)
_INTEGER: Final = re.compile(r"-?[0-9]{1,78}", re.ASCII)
_MAX_INT: Final = 2**256
"""Integers (seed, results) are below 2**256 in size, as in the JSON documents."""
_COUNT: Final = re.compile(r"[0-9]{1,9}", re.ASCII)
_KEYS: Final = ("game", "config", "seed", "deck", "players", "result", "moves")
_LINE_BREAKS: Final = {"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"}
"""Characters that :meth:`str.splitlines` breaks on and JSON may leave raw in a string."""


def _notation(info: GameInfo) -> tuple[Any, Any]:
    if info.format_action is None or info.parse_action is None:
        raise TypeError(f"{info.name} has no action notation")
    return info.format_action, info.parse_action


def _json_line(value: JSON) -> str:
    """``value`` as JSON on one line, whatever its strings hold."""
    text = json.dumps(value, ensure_ascii=False)
    for char, escape in _LINE_BREAKS.items():
        text = text.replace(char, escape)
    return text


def _is_plain_name(name: str) -> bool:
    return (
        bool(name)
        and name == name.strip()
        and name.isprintable()
        and "," not in name
        and not name.startswith("[")
    )


def _players_line(players: Sequence[str]) -> str:
    if all(_is_plain_name(name) for name in players):
        return ", ".join(players)
    return _json_line(list(players))


def format_record(record: GameRecord) -> str:
    """The text form of ``record`` (the record is replayed to name the seat of each move).

    Raises:
        TypeError: ``record`` is not a :class:`GameRecord`, or its game has no action notation.
        DecodeError: the record does not replay (see :func:`~cardgames.serialization.replay`).
    """
    if not isinstance(record, GameRecord):
        raise TypeError(f"expected a GameRecord, not {type(record).__name__}")
    info = game_info(record.game)
    format_action, _ = _notation(info)
    if record.chance is not None:
        raise TypeError("a text record holds no injected chance: use the JSON form")
    game = record.make_game()
    states = replay(record)
    config: JSON = encode_config(info, record.config)
    lines = [_HEADER, f"game: {record.game}"]
    if config is not None:
        lines.append(f"config: {_json_line(config)}")
    lines.append(f"seed: {record.seed}")
    if record.deck is not None:
        lines.append(f"deck: {format_cards(record.deck)}")
    if record.players:
        lines.append(f"players: {_players_line(record.players)}")
    if record.returns is not None:
        lines.append(f"result: {' '.join(str(r) for r in record.returns)}")
    lines.extend((f"moves: {len(record.actions)}", ""))
    for number, (state, action) in enumerate(zip(states, record.actions, strict=False), 1):
        lines.append(f"{number}. p{game.current_player(state)} {format_action(action)}")
    return "\n".join(lines) + "\n"


def _check_version(lines: list[str]) -> tuple[int, int]:
    """The index of the line after the version line, which must come first, and the version."""
    for index, line in enumerate(lines):
        if not line.strip():
            continue
        match = _VERSION_LINE.fullmatch(line.strip())
        if match is None:
            raise DecodeError(f"line {index + 1}: expected the first line {_HEADER!r}")
        if match.group(1) not in _READ_VERSIONS:
            raise DecodeError(
                f"version: unsupported text record version {match.group(1)!r} "
                f"(this library reads {' and '.join(_READ_VERSIONS)})"
            )
        return index + 1, int(match.group(1))
    raise DecodeError("record text: empty; expected a record starting with " + repr(_HEADER))


def _headers(lines: list[str], start: int, version: int) -> tuple[dict[str, str], int]:
    headers: dict[str, str] = {}
    index = start
    for index in range(start, len(lines)):
        line = lines[index]
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
    for key in ("game", "seed", "moves") if version >= 2 else ("game", "seed"):
        if key not in headers:
            raise DecodeError(f"record text: missing header {key!r}")
    return headers, index


def _players(text: str, num_players: int) -> tuple[str, ...]:
    players: tuple[str, ...]
    if text.startswith("["):
        players = decode_value(parse_json(text), tuple[str, ...], "players")
    else:
        players = tuple(name.strip() for name in text.split(","))
    if len(players) != num_players:
        raise DecodeError(f"players: {len(players)} names for a {num_players}-player game")
    return players


def _is_integer(text: str) -> bool:
    return _INTEGER.fullmatch(text) is not None and abs(int(text)) < _MAX_INT


def _returns(text: str, num_players: int) -> tuple[int, ...]:
    words = text.split()
    if len(words) != num_players or not all(_is_integer(word) for word in words):
        raise DecodeError(f"result: expected {num_players} integers, one per seat")
    return tuple(int(word) for word in words)


def _seat(digits: str, num_players: int, line: int) -> int:
    if len(digits) > len(str(num_players)) or int(digits) >= num_players:
        raise DecodeError(f"line {line}: there is no seat p{digits[:8]} in this game")
    return int(digits)


def _moves(
    lines: list[str], start: int, parse_action: Callable[[str], Any], num_players: int
) -> tuple[list[int], list[Any]]:
    """The seat and the action of each move line from ``lines[start]`` on."""
    seats: list[int] = []
    actions: list[Any] = []
    for offset, line in enumerate(lines[start:], start + 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = _MOVE.fullmatch(line.strip())
        if match is None or (match.group(1).lstrip("0") or "0") != str(len(actions) + 1):
            raise DecodeError(
                f"line {offset}: expected move {len(actions) + 1}, such as '1. p0 pass'"
            )
        seats.append(_seat(match.group(2), num_players, offset))
        try:
            actions.append(parse_action(match.group(3).strip()))
        except ParseError as error:
            raise DecodeError(f"line {offset}: {error}") from None
    return seats, actions


def parse_record(text: str) -> GameRecord:  # noqa: C901 - one check per header
    """Parse the text form of a record and replay it.

    Everything is checked: the version line, every header (``players`` and ``result`` have one
    entry per seat, ``moves`` counts the move lines), each move's number, seat and notation,
    and the replay itself.

    Raises:
        DecodeError: malformed text; the message names the line or the header. A
            :class:`~cardgames.errors.ReplayError` (a subclass) when a move is illegal or made
            by the wrong seat, or the result differs from the replay's.
    """
    if not isinstance(text, str):
        raise DecodeError("record text: expected a string")
    lines = text.splitlines()
    headers, body_start = _headers(lines, *_check_version(lines))
    try:
        info = game_info(headers["game"])
    except DecodeError as error:
        raise DecodeError(f"game: {error}") from None
    if info.parse_action is None:
        raise DecodeError(f"game: {info.name} has no action notation, hence no text records")
    parse_action = info.parse_action
    config = decode_config_value(
        info, parse_json(headers["config"]) if "config" in headers else None, "config"
    )
    game = make_game(info, config, "config")
    if not _is_integer(headers["seed"]):
        raise DecodeError("seed: expected an integer")
    if "moves" in headers and not _COUNT.fullmatch(headers["moves"]):
        raise DecodeError("moves: expected the number of moves")
    deck = None
    if "deck" in headers:
        try:
            deck = parse_cards(headers["deck"])
        except ParseError as error:
            raise DecodeError(f"deck: {error}") from None
    players = _players(headers["players"], game.num_players) if "players" in headers else ()
    returns = _returns(headers["result"], game.num_players) if "result" in headers else None
    seats, actions = _moves(lines, body_start, parse_action, game.num_players)
    if "moves" in headers and len(actions) != int(headers["moves"]):
        raise DecodeError(
            f"moves: the header says {int(headers['moves'])} moves but the record has "
            f"{len(actions)}: it is truncated or was edited"
        )
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
