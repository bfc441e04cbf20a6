"""Decoding never fails with anything but DecodeError, whatever the input (issue 5)."""

from __future__ import annotations

import contextlib
import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.errors import DecodeError, IllegalActionError
from cardgames.game import Game, playout, seats
from cardgames.serialization import (
    JSON,
    decode_action,
    decode_config,
    decode_observation,
    decode_state,
    dumps,
    dumps_record,
    encode,
    loads_record,
    record_game,
    replay,
)
from registry import GAME_FACTORIES

AnyGame = Game[Any, Any, Any]
NAMES = sorted(GAME_FACTORIES)
GAMES = {name: GAME_FACTORIES[name]() for name in NAMES}
pytestmark = pytest.mark.parametrize("name", NAMES)

json_values: st.SearchStrategy[JSON] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8)
    | st.sampled_from(["Ah", "6d", "Zz", "10s", "play", "pass", "cardgames"]),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner, max_size=5)
    ),
    max_leaves=25,
)


def _documents(game: AnyGame) -> list[tuple[str, JSON]]:
    """Valid documents of every kind from one seeded playout."""
    final, actions = playout(game, random.Random(1), seed=1)
    state = game.initial_state(1)
    middle = state
    for action in actions[: len(actions) // 2]:
        middle = game.apply(middle, action)
    documents: list[tuple[str, JSON]] = [
        ("state", encode(game, state)),
        ("state", encode(game, middle)),
        ("state", encode(game, final)),
        ("observation", encode(game, game.observe(middle, seats(game.num_players)[-1]))),
        ("action", encode(game, actions[0])),
        ("record", json.loads(dumps_record(record_game(game, actions[:40], seed=1)))),
    ]
    config = getattr(game, "config", None)
    if config is not None:
        documents.append(("config", encode(game, config)))
    return documents


DOCUMENTS = {name: _documents(game) for name, game in GAMES.items()}


def _decoder(game: AnyGame, kind: str) -> Callable[[Any], object]:
    return {
        "state": lambda doc: decode_state(game, doc),
        "observation": lambda doc: decode_observation(game, doc),
        "action": lambda doc: decode_action(game, doc),
        "config": decode_config,
        "record": loads_record,
    }[kind]


def _exercise(game: AnyGame, kind: str, value: object) -> None:
    """Use a value that decoded: it must behave like a real one."""
    if kind == "state":
        for action in game.legal_actions(value)[:5]:
            game.apply(value, action)
        game.returns(value)
        str(value)
        for player in seats(game.num_players):
            game.observe(value, player)
    elif kind == "record":
        with contextlib.suppress(DecodeError):
            replay(value)  # type: ignore[arg-type]
    elif kind == "action":
        with contextlib.suppress(IllegalActionError):
            game.apply(game.initial_state(0), value)


def _decode_only_fails_cleanly(game: AnyGame, kind: str, document: object) -> None:
    try:
        value = _decoder(game, kind)(document)
    except DecodeError as error:
        message = str(error)
    else:
        _exercise(game, kind, value)
        return
    assert ": " in message, message


KINDS = ["state", "observation", "action", "config", "record"]


@given(data=json_values, kind=st.sampled_from(KINDS))
def test_arbitrary_json_raises_only_decode_error(name: str, data: JSON, kind: str) -> None:
    """Any JSON value, raw or as text, decodes or raises DecodeError; nothing else."""
    game = GAMES[name]
    _decode_only_fails_cleanly(game, kind, data)
    _decode_only_fails_cleanly(game, kind, json.dumps(data))


def _paths(data: JSON, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += _paths(value, (*prefix, i))
    return found


def _mutate(document: JSON, rng: random.Random, replacement: JSON) -> JSON:
    document = copy.deepcopy(document)
    paths = _paths(document)[1:]
    path = paths[rng.randrange(len(paths))]
    parent: Any = document
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    operation = rng.randrange(6)
    old = parent[key]
    if operation == 0:
        parent[key] = replacement
    elif operation == 1:
        del parent[key]
    elif operation == 2 and isinstance(parent, dict):
        parent[f"{key}_extra"] = replacement
    elif operation == 2:
        parent.insert(key, copy.deepcopy(old))
    elif operation == 3 and isinstance(old, int) and not isinstance(old, bool):
        parent[key] = rng.choice([old + 1, old - 1, -old - 1, old * 1000])
    elif operation == 4 and isinstance(old, str):
        parent[key] = rng.choice(["Ah", "6d", "Ks", "2c", "7h", "Zz", old.upper(), ""])
    else:
        parent[key] = replacement
    return document


@given(data=st.data(), replacement=json_values)
def test_mutated_documents_raise_only_decode_error(
    name: str, data: st.DataObject, replacement: JSON
) -> None:
    """Valid documents with one random mutation decode to a usable value or raise DecodeError."""
    game = GAMES[name]
    kind, document = data.draw(st.sampled_from(DOCUMENTS[name]))
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    mutated = _mutate(document, rng, replacement)
    for _ in range(data.draw(st.integers(0, 2))):
        mutated = _mutate(mutated, rng, replacement)
    _decode_only_fails_cleanly(game, kind, mutated)


@given(cut=st.integers(min_value=0))
def test_truncated_text_raises_decode_error(name: str, cut: int) -> None:
    """Truncated JSON text raises DecodeError."""
    game = GAMES[name]
    text = dumps(game, game.initial_state(2))
    with pytest.raises(DecodeError):
        decode_state(game, text[: cut % len(text)])
