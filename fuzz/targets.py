"""Fuzz targets: one per decoder, plus the record parser of ``cardgames replay``.

Each target takes the fuzzer's bytes, decodes them and, when the decoder accepts them, uses
the result the way a caller would (replay it, play on from it, encode it again). The library
promises that nothing but its own errors (:class:`~cardgames.errors.CardgamesError`) comes
out of any of this, so the driver (``fuzz.py``) treats every other exception as a crash.

The targets need no fuzzer: ``tests/test_fuzz_targets.py`` runs them over the seed corpus.
"""

from __future__ import annotations

import atexit
import contextlib
import io
import random
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardgames.cli import main
from cardgames.errors import CardgamesError
from cardgames.game import Game
from cardgames.registry import game_info
from cardgames.serialization import (
    JSON,
    decode_action,
    decode_game,
    decode_observation,
    decode_state,
    encode,
    loads_record,
    parse_json,
    replay,
)
from cardgames.serialization.document import decode_config_value, make_game, open_document
from cardgames.serialization.text import format_record, parse_record

__all__ = ["EXPECTED", "TARGETS", "accepts"]

AnyGame = Game[Any, Any, Any]
EXPECTED = CardgamesError
"""The only exceptions a target may raise: the library's own errors."""
MAX_ACTIONS = 40
"""How many random actions a target plays on from a decoded state (keeps inputs fast)."""


class InvariantError(AssertionError):
    """An accepted input that then behaves wrongly (a round trip that changes a value)."""


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise InvariantError(message)


def _game_of(document: JSON, kind: str) -> AnyGame:
    """The game (with the document's config) that a state or observation document is for."""
    data, info = open_document(document, kind)  # type: ignore[arg-type]
    config = decode_config_value(info, data.get("config"), "config")
    return make_game(info, config, "config")


def _play_on(game: AnyGame, state: object, seed: int) -> None:
    """Encode and observe ``state``, then play random legal actions from it, as a caller would."""
    _check(decode_state(game, encode(game, state)) == state, "state round trip")
    for seat in range(game.num_players):
        observation = game.observe(state, seat)  # type: ignore[arg-type]
        _check(
            decode_observation(game, encode(game, observation)) == observation,
            "observation round trip",
        )
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        if game.is_terminal(state):
            _check(not game.legal_actions(state), "legal actions in a terminal state")
            break
        legal = game.legal_actions(state)
        _check(bool(legal), "no legal action in a live state")
        action = legal[rng.randrange(len(legal))]
        _check(game.action_from_id(game.action_id(action)) == action, "action id round trip")
        state = game.apply(state, action)
    game.returns(state)


def fuzz_state(data: bytes) -> None:
    """A state document: decode, then play on from it."""
    document = parse_json(data)
    game = _game_of(document, "state")
    _play_on(game, decode_state(game, document), len(data))


def fuzz_observation(data: bytes) -> None:
    """An observation document: decode, determinize, then play on from the sample."""
    document = parse_json(data)
    game = _game_of(document, "observation")
    observation = decode_observation(game, document)
    sample = game.determinize(observation, random.Random(len(data)))
    _check(game.observe(sample, observation.player) == observation, "determinize")
    _play_on(game, sample, len(data))


def fuzz_action(data: bytes) -> None:
    """An action document: decode, map to its id and back, apply it to a new deal."""
    document = parse_json(data)
    _, info = open_document(document, "action")
    game = info.make_game(None if info.config_class is None else info.config_class())
    action = decode_action(game, document)
    _check(game.action_from_id(game.action_id(action)) == action, "action id round trip")
    _check(decode_action(game, encode(game, action)) == action, "action round trip")
    state = game.initial_state(len(data))
    if action in game.legal_actions(state):
        game.apply(state, action)


def fuzz_config(data: bytes) -> None:
    """A config document: build the game, deal and play on."""
    game = decode_game(data)
    _play_on(game, game.initial_state(len(data)), len(data))


def _check_record_text(record: Any) -> None:  # noqa: ANN401 - a GameRecord
    if game_info(record.game).format_action is not None:
        _check(parse_record(format_record(record)) == record, "text record round trip")


def fuzz_record_json(data: bytes) -> None:
    """A JSON record: decode, replay, and write it as text and back."""
    record = loads_record(data)
    replay(record)
    _check_record_text(record)


def fuzz_record_text(data: bytes) -> None:
    """A text record (bytes that are not UTF-8 become lone surrogates): parse, write, parse."""
    record = parse_record(data.decode("utf-8", "surrogateescape"))
    _check_record_text(record)


_SCRATCH = Path(tempfile.mkdtemp(prefix="cardgames-fuzz-"))
atexit.register(shutil.rmtree, _SCRATCH, ignore_errors=True)


def fuzz_record_file(data: bytes) -> None:
    """The whole of ``cardgames replay FILE --all``: read, detect the format, replay, print."""
    path = _SCRATCH / "record"
    path.write_bytes(data)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["replay", str(path), "--all", "--max-bytes", "65536"])
    _check(code in {0, 1}, f"exit code {code}")
    _check(("error:" in err.getvalue()) == (code == 1), "an error without a message")
    _check("\x1b" not in out.getvalue() + err.getvalue(), "an escape code printed raw")
    if code == 1:
        raise CardgamesError(err.getvalue())


TARGETS: dict[str, Callable[[bytes], None]] = {
    "state": fuzz_state,
    "observation": fuzz_observation,
    "action": fuzz_action,
    "config": fuzz_config,
    "record_json": fuzz_record_json,
    "record_text": fuzz_record_text,
    "record_file": fuzz_record_file,
}


def accepts(target: str, data: bytes) -> bool:
    """Run ``target`` on ``data``: True if accepted, False if refused with a library error.

    Raises:
        Exception: anything but a :class:`~cardgames.errors.CardgamesError` (a crash).
    """
    try:
        TARGETS[target](data)
    except EXPECTED:
        return False
    return True
