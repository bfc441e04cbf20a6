"""Action notation and the text form of records, for every game with a notation (issue 5)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.errors import DecodeError, ParseError, ReplayError
from cardgames.game import playout
from cardgames.registry import game_info
from cardgames.serialization import record_game
from cardgames.serialization.text import format_record, parse_record
from registry import AnyGame, over_games
from strategies import seeds, slow_settings

pytestmark = over_games(lambda info: info.format_action)


def test_notation_round_trips_every_action(game: AnyGame) -> None:
    """parse_action(format_action(a)) == a for every action id of the game."""
    info = game_info(game.name)
    assert info.format_action is not None
    assert info.parse_action is not None
    for action_id in range(game.num_distinct_actions):
        action = game.action_from_id(action_id)
        text = info.format_action(action)
        assert info.parse_action(text) == action
        assert info.parse_action(text.upper()) == action


@given(text=st.text(max_size=20))
def test_bad_notation_raises_parse_error(game: AnyGame, text: str) -> None:
    """Arbitrary text parses to an action or raises ParseError, nothing else."""
    info = game_info(game.name)
    assert info.parse_action is not None
    try:
        action = info.parse_action(text)
    except ParseError:
        return
    assert game.action_id(action) >= 0


@slow_settings()
@given(seed=seeds())
def test_text_records_round_trip(game: AnyGame, seed: int) -> None:
    """parse_record(format_record(r)) == r for random games."""
    _, actions = playout(game, random.Random(seed), seed=seed)
    record = record_game(game, actions, seed=seed, players=("ann",) * game.num_players)
    text = format_record(record)
    assert text.startswith("# cardgames record, version 1\n")
    assert parse_record(text) == record


def test_text_record_errors_name_the_line(game: AnyGame) -> None:
    """Malformed text records raise DecodeError naming the line; wrong seats ReplayError."""
    _, actions = playout(game, random.Random(9), seed=9)
    text = format_record(record_game(game, actions[:6], seed=9))
    lines = text.splitlines()
    move_line = next(i for i, line in enumerate(lines) if line.startswith("1. "))
    broken = [*lines]
    broken[move_line] = "1. p0 fly away"
    with pytest.raises(DecodeError, match=f"line {move_line + 1}"):
        parse_record("\n".join(broken))
    seat = lines[move_line].split()[1]
    other = "p1" if seat != "p1" else "p0"
    with pytest.raises(ReplayError, match="move 1"):
        parse_record(text.replace(f"1. {seat} ", f"1. {other} ", 1))
    with pytest.raises(DecodeError, match="missing header 'seed'"):
        parse_record(text.replace("seed: 9\n", ""))
    with pytest.raises(DecodeError, match="header"):
        parse_record("game: " + game.name + "\nbogus: 1\n")
    with pytest.raises(DecodeError, match="unknown game"):
        parse_record("game: chess\nseed: 1\n")
