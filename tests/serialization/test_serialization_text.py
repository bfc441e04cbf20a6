"""Action notation and the text form of records, for every game with a notation (issue 5)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.errors import DecodeError, ParseError, ReplayError
from cardgames.game import playout
from cardgames.registry import game_info
from cardgames.serialization import GameRecord, dumps_record, loads_record, record_game
from cardgames.serialization.text import format_record, parse_record
from registry import AnyGame, over_games
from strategies import seeds, slow_settings

pytestmark = over_games(lambda info: info.format_action)
HEADER = "# cardgames record, version 2"


def _record_text(game: AnyGame, seed: int = 9, moves: int | None = None) -> tuple[str, list[str]]:
    """A text record of a seeded random game (its first ``moves`` moves), and its lines."""
    _, actions = playout(game, random.Random(seed), seed=seed)
    record = record_game(game, actions[:moves], seed=seed, players=("ann",) * game.num_players)
    text = format_record(record)
    return text, text.splitlines()


def _first_move(lines: list[str]) -> int:
    return next(i for i, line in enumerate(lines) if line.startswith("1. "))


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
    assert text.startswith("# cardgames record, version 2\n")
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
    with pytest.raises(DecodeError, match="line 3: expected a header"):
        parse_record(f"{HEADER}\ngame: {game.name}\nbogus: 1\n")
    with pytest.raises(DecodeError, match="header 'seed' given twice"):
        parse_record(text.replace("seed: 9\n", "seed: 9\nseed: 9\n"))
    with pytest.raises(DecodeError, match="unknown game"):
        parse_record(f"{HEADER}\ngame: chess\nseed: 1\nmoves: 0\n")


@pytest.mark.parametrize(
    "number",
    [
        "9" * 5000,  # more digits than int() converts: a ValueError before (issue 17, item 5)
        "0" * 5000 + "2",
        "\u0661",  # ARABIC-INDIC DIGIT ONE: int() reads it as 1
        "1_0",
        "-1",
        "+1",
    ],
)
def test_bad_move_numbers_are_decode_errors(game: AnyGame, number: str) -> None:
    """A move number that is not the next number in ASCII digits is a DecodeError naming it."""
    _, lines = _record_text(game, moves=3)
    at = _first_move(lines)
    lines[at] = number + lines[at][1:]
    with pytest.raises(DecodeError, match=f"line {at + 1}: expected move 1"):
        parse_record("\n".join(lines))


@pytest.mark.parametrize("seat", ["9" * 5000, "99", "\u0661", "-1"])
def test_bad_seats_are_decode_errors(game: AnyGame, seat: str) -> None:
    """A seat beyond the table, huge, signed or in non-ASCII digits is a DecodeError."""
    _, lines = _record_text(game, moves=3)
    at = _first_move(lines)
    _, _, rest = lines[at].split(" ", 2)
    lines[at] = f"1. p{seat} {rest}"
    with pytest.raises(DecodeError, match=f"line {at + 1}"):
        parse_record("\n".join(lines))


@pytest.mark.parametrize(
    ("header", "value", "message"),
    [
        ("seed", "9" * 5000, "seed: expected an integer"),
        ("seed", "\u0669", "seed: expected an integer"),
        ("seed", "1_0", "seed: expected an integer"),
        ("seed", str(2**256), "seed: expected an integer"),
        ("result", "9" * 5000, "result: expected"),
        ("result", "\u0661", "result: expected"),
        ("moves", "9" * 5000, "moves: expected the number of moves"),
        ("moves", "-1", "moves: expected the number of moves"),
        ("config", "[" * 5000, "config|document"),
        ("config", '{"num_players": ' + "9" * 5000 + "}", "config|document"),
        ("deck", "Zz", "deck: "),
        ("players", '["ann"', "document: invalid JSON"),
        ("players", "[1, 2]", "players\\[0\\]: expected a string"),
    ],
)
def test_bad_header_values_are_decode_errors(
    game: AnyGame, header: str, value: str, message: str
) -> None:
    """Every header value is checked; none escapes as ValueError or RecursionError (item 5)."""
    _, lines = _record_text(game, moves=3)
    keys = [line.partition(":")[0] for line in lines]
    if header in keys:
        lines[keys.index(header)] = f"{header}: {value}"
    else:
        lines.insert(2, f"{header}: {value}")
    with pytest.raises(DecodeError, match=message):
        parse_record("\n".join(lines))


@pytest.mark.parametrize(
    ("first_line", "message"),
    [
        ("# cardgames record, version 3", "unsupported text record version '3'"),
        ("# cardgames record, version 01", "unsupported text record version '01'"),
        ("# cardgames record, version " + "1" * 5000, "expected the first line"),
        ("# a comment", "line 1: expected the first line"),
    ],
)
def test_the_version_line_is_checked(game: AnyGame, first_line: str, message: str) -> None:
    """The first line names the format version; another version or none is refused (item 12)."""
    _, lines = _record_text(game, moves=3)
    with pytest.raises(DecodeError, match=message):
        parse_record("\n".join([first_line, *lines[1:]]))
    with pytest.raises(DecodeError, match="line 1: expected the first line"):
        parse_record("\n".join(lines[1:]))
    with pytest.raises(DecodeError, match="empty"):
        parse_record("\n \n")


def test_player_and_result_counts_are_checked(game: AnyGame) -> None:
    """players and result need one entry per seat (item 12)."""
    text, lines = _record_text(game, moves=3)
    names = ", ".join(["ann"] * game.num_players)
    for wrong in (game.num_players - 1, game.num_players + 1):
        with pytest.raises(DecodeError, match=f"players: {wrong} names"):
            parse_record(text.replace(f"players: {names}", f"players: {', '.join(['x'] * wrong)}"))
    result = next(line for line in lines if line.startswith("result: "))
    with pytest.raises(DecodeError, match="result: expected"):
        parse_record(text.replace(result, result + " 0"))
    with pytest.raises(DecodeError, match="result: expected"):
        parse_record(text.replace(result, result.rsplit(" ", 1)[0]))


def test_every_truncation_is_refused(game: AnyGame) -> None:
    """A record cut anywhere before its end is refused, never replayed short (item 12)."""
    text, _ = _record_text(game, seed=3, moves=8)
    assert parse_record(text.rstrip("\n")) == parse_record(text)
    for length in range(len(text) - 1):
        with pytest.raises(DecodeError):
            parse_record(text[:length])


def test_a_wrong_move_count_is_refused(game: AnyGame) -> None:
    """The moves header must count the move lines: a dropped or an added move is refused."""
    text, lines = _record_text(game, moves=6)
    with pytest.raises(DecodeError, match="the header says 6 moves but the record has 5"):
        parse_record("\n".join(lines[:-1]))
    with pytest.raises(DecodeError, match="missing header 'moves'"):
        parse_record(text.replace("moves: 6\n", ""))


@pytest.mark.parametrize(
    "name",
    ["a, b", "line\nbreak", "\x1b[2J", " spaced ", "", "[x]", "tab\tname", "\u2028", "\x85"],
)
def test_any_player_name_round_trips(game: AnyGame, name: str) -> None:
    """Names with commas, line breaks or escape codes stay one line and round-trip exactly."""
    _, actions = playout(game, random.Random(2), seed=2)
    players = (name, *(["bo"] * (game.num_players - 1)))
    record = record_game(game, actions[:4], seed=2, players=players)
    text = format_record(record)
    header = next(line for line in text.splitlines() if line.startswith("players: "))
    assert header.isprintable()
    assert parse_record(text) == record


def test_a_game_without_notation_has_no_text_records(game: AnyGame) -> None:
    """A text record for a game without an action notation is a DecodeError naming the game."""
    from toy_game import ToyGame

    toy = ToyGame()
    assert game_info(game.name).parse_action is not None
    assert game_info(toy.name).parse_action is None
    with pytest.raises(DecodeError, match="no action notation"):
        parse_record(f"{HEADER}\ngame: {toy.name}\nseed: 1\nmoves: 0\n")
    with pytest.raises(TypeError, match="no action notation"):
        format_record(record_game(toy, (), seed=1))


def test_lone_surrogates_are_refused_in_names(game: AnyGame) -> None:
    """A name that no file can store is refused when made, decoded or parsed (item 10)."""
    with pytest.raises(DecodeError, match=r"players\[0\]: .*lone surrogate"):
        record_game(game, (), seed=1, players=("\ud800",))
    document = dumps_record(record_game(game, (), seed=1, players=("ann",) * game.num_players))
    hostile = document.replace('"ann"', '"\\ud800"', 1)
    with pytest.raises(DecodeError, match=r"players\[0\]"):
        loads_record(hostile)
    text, _ = _record_text(game, moves=2)
    names = ", ".join(["ann"] * game.num_players)
    json_names = ", ".join(['"\\udfff"'] + ['"ann"'] * (game.num_players - 1))
    with pytest.raises(DecodeError, match=r"players\[0\]"):
        parse_record(text.replace(f"players: {names}", f"players: [{json_names}]"))


@pytest.mark.parametrize(
    "fields",
    [
        {"game": 5},
        {"actions": [1]},
        {"deck": ("Ah",)},
        {"returns": (True,)},
        {"returns": [0]},
        {"players": ["ann"]},
        {"players": (1,)},
    ],
)
def test_records_of_the_wrong_types_are_type_errors(
    game: AnyGame, fields: dict[str, object]
) -> None:
    """GameRecord refuses fields of the wrong type with TypeError, as its docs say."""
    base: dict[str, object] = {"game": game.name, "config": None, "seed": 1, "actions": ()}
    with pytest.raises(TypeError):
        GameRecord(**{**base, **fields})  # type: ignore[arg-type]


def test_a_dealt_deck_and_comment_lines_round_trip(game: AnyGame) -> None:
    """A record dealt from an explicit deck keeps it; comment lines are skipped anywhere."""
    from cardgames.cards import forty_card_deck, standard_deck

    for candidate in (standard_deck(), forty_card_deck()):
        try:
            game.initial_state(0, deck=candidate)
        except ValueError:
            continue
        record = record_game(game, (), seed=0, deck=candidate)
        text = format_record(record)
        assert "\ndeck: " in text
        commented = text.replace("\nseed: ", "\n# a comment\nseed: ", 1)
        assert parse_record(commented + "# the end\n") == record
        return
    pytest.fail("neither deck deals")


def test_the_largest_seed_round_trips(game: AnyGame) -> None:
    """Seeds up to 2**256 in size, as JSON documents allow, round-trip through text."""
    for seed in (2**256 - 1, -(2**256) + 1):
        record = record_game(game, (), seed=seed)
        assert parse_record(format_record(record)) == record
        assert loads_record(dumps_record(record)) == record


def test_version_1_records_without_a_move_count_still_parse(game: AnyGame) -> None:
    """Text records written before version 2 (no ``moves`` header) parse as they did."""
    text, _ = _record_text(game, seed=3, moves=8)
    count = len(parse_record(text).actions)
    old = text.replace(HEADER, "# cardgames record, version 1")
    old = old.replace(f"moves: {count}\n", "")
    assert "moves:" not in old
    assert parse_record(old) == parse_record(text)
    with pytest.raises(DecodeError, match="unsupported text record version '3'"):
        parse_record(text.replace(HEADER, "# cardgames record, version 3"))
