"""Documents and records written before the one-dialect change still load and replay equal.

The files beside this test were written by ``generate.py`` from seeded games. Each state,
observation, action and config document must decode to the value that replaying its game's
record gives at the same step, so that saved files keep their meaning across versions.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from cardgames.game import PlayerId
from cardgames.serialization import (
    GameRecord,
    decode_action,
    decode_config,
    decode_game,
    decode_observation,
    decode_state,
    loads_record,
    replay,
)
from cardgames.serialization.text import parse_record

HERE = Path(__file__).parent
_NAME = re.compile(
    r"^(?P<case>[a-z-]+?)\.(?P<kind>state|observation|action)-(?P<step>\d+)(?:-p(?P<seat>\d))?\.json$"
)
DOCUMENTS = sorted(path.name for path in HERE.glob("*.json") if _NAME.match(path.name))
CASES = sorted({name.split(".")[0] for name in DOCUMENTS})


def _text(name: str) -> str:
    return (HERE / name).read_text(encoding="utf-8")


@cache
def _record(case: str) -> GameRecord:
    return loads_record(_text(f"{case}.record.json"))


@cache
def _states(case: str) -> tuple[Any, ...]:
    return replay(_record(case))


def test_there_are_golden_documents_of_both_games() -> None:
    """The folder holds documents of both built-in games, of every kind."""
    assert {"paiute-a", "paiute-b", "sixes"} <= set(CASES)
    kinds = {_NAME.match(name)["kind"] for name in DOCUMENTS}  # type: ignore[index]
    assert kinds == {"state", "observation", "action"}


@pytest.mark.parametrize("case", CASES)
def test_golden_record_replays_to_its_result(case: str) -> None:
    """A saved record loads, replays to the end and gives the returns it recorded."""
    record = _record(case)
    game = record.make_game()
    final = _states(case)[-1]
    assert game.is_terminal(final)
    assert record.returns == tuple(game.returns(final))


@pytest.mark.parametrize("case", CASES)
def test_golden_text_record_parses_to_the_same_record(case: str) -> None:
    """A saved text record parses to the same game as its JSON twin."""
    parsed = parse_record(_text(f"{case}.record.txt"))
    record = _record(case)
    assert (parsed.game, parsed.config, parsed.seed, parsed.actions, parsed.returns) == (
        record.game,
        record.config,
        record.seed,
        record.actions,
        record.returns,
    )


@pytest.mark.parametrize("case", CASES)
def test_golden_config_decodes_to_the_record_config(case: str) -> None:
    """A saved config document decodes to the config its record was played with."""
    text = _text(f"{case}.config.json")
    assert decode_config(text) == _record(case).config
    assert decode_game(text) == _record(case).make_game()


@pytest.mark.parametrize("name", DOCUMENTS)
def test_golden_document_decodes_to_the_replayed_value(name: str) -> None:
    """A saved state, observation or action decodes equal to the replay at its step."""
    match = _NAME.match(name)
    assert match is not None
    case, kind, step = match["case"], match["kind"], int(match["step"])
    game = _record(case).make_game()
    state = _states(case)[step]
    text = _text(name)
    if kind == "state":
        assert decode_state(game, text) == state
    elif kind == "observation":
        player = PlayerId(int(match["seat"]))
        assert decode_observation(game, text) == game.observe(state, player)
    else:
        assert decode_action(game, text) == _record(case).actions[step]
