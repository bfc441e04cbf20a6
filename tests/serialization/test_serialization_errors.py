"""Decode errors say where and what is wrong (issue 5): the codec and the document envelope."""

from __future__ import annotations

import enum
import json
from typing import Literal

import attrs
import pytest

from cardgames.cards import Card, Rank, Suit
from cardgames.errors import DecodeError
from cardgames.game import PlayerId
from cardgames.serialization import (
    decode_action,
    decode_config,
    decode_game,
    decode_observation,
    decode_state,
    dumps,
    encode,
    loads_record,
    parse_json,
)
from cardgames.serialization.codec import decode_value, encode_value, type_tag
from cardgames.sixes import Play, Sixes, SixesConfig


class Colour(enum.Enum):
    """An option without data."""

    RED = "red"
    BLUE = "blue"


@attrs.frozen(kw_only=True)
class Inner:
    """A nested value."""

    seat: PlayerId
    card: Card | None = None


@attrs.frozen(kw_only=True)
class Other:
    """A second member of a tagged union."""

    flag: bool


@attrs.frozen(kw_only=True)
class Sample:
    """Every kind of field the codec supports."""

    number: int
    ratio: float
    name: str
    rank: Rank
    suit: Suit
    colour: Colour
    mode: Literal["a", "b"]
    pair: tuple[int, str]
    cards: tuple[Card, ...]
    held: frozenset[Card]
    inner: Inner
    choice: Inner | Other
    nothing: None = None


SAMPLE = Sample(
    number=3,
    ratio=0.5,
    name="x",
    rank=Rank.TEN,
    suit=Suit.HEARTS,
    colour=Colour.BLUE,
    mode="b",
    pair=(1, "y"),
    cards=(Card.parse("Ah"), Card.parse("2c")),
    held=frozenset({Card.parse("Kd"), Card.parse("3s")}),
    inner=Inner(seat=PlayerId(2)),
    choice=Other(flag=True),
)


def test_every_supported_type_round_trips() -> None:
    """The codec encodes by declared type and decodes back to an equal value."""
    encoded = encode_value(SAMPLE, Sample)
    assert encoded == {
        "number": 3,
        "ratio": 0.5,
        "name": "x",
        "rank": "T",
        "suit": "h",
        "colour": "blue",
        "mode": "b",
        "pair": [1, "y"],
        "cards": ["Ah", "2c"],
        "held": ["3s", "Kd"],
        "inner": {"seat": 2, "card": None},
        "choice": {"type": "other", "flag": True},
        "nothing": None,
    }
    assert decode_value(json.loads(json.dumps(encoded)), Sample) == SAMPLE
    assert type_tag(Sample) == "sample"


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("number", "3", "number: expected an integer, got a string"),
        ("number", True, "number: expected an integer, got a boolean"),
        ("number", 2**300, "number: integer out of range"),
        ("ratio", "0.5", "ratio: expected a number, got a string"),
        ("ratio", 10**400, "ratio: number out of range"),
        ("name", 1, "name: expected a string, got an integer"),
        ("rank", "X", "rank: unknown rank 'X'"),
        ("rank", 10, "rank: expected a rank letter, got an integer"),
        ("suit", "x", "suit: unknown suit 'x'"),
        ("colour", "green", "colour: expected one of ['blue', 'red'], got 'green'"),
        ("mode", "c", "mode: expected one of ['a', 'b'], got 'c'"),
        ("pair", [1], "pair: expected 2 items, got 1"),
        ("pair", "ab", "pair: expected an array, got a string"),
        ("pair", [1, 2], "pair[1]: expected a string, got an integer"),
        ("cards", "Ah", "cards: expected an array, got a string"),
        ("cards", ["Ah", "Zz"], "cards[1]: unknown card 'Zz'"),
        ("cards", [5], "cards[0]: expected a card such as 'Ah', got an integer"),
        ("held", ["Ah", "Ah"], "held: duplicate items in a set"),
        ("inner", [], "inner: expected an object, got an array"),
        ("inner", {"seat": 1, "extra": 2}, "inner: unknown field 'extra' for inner"),
        ("inner", {}, "inner: missing field 'seat' for inner"),
        ("inner", {"seat": None}, "inner.seat: expected an integer, got null"),
        ("choice", {"flag": True}, "choice: unknown type None: expected one of ['inner', 'other']"),
        ("choice", 3, "choice: expected an object with a 'type'"),
        ("nothing", 0, "nothing: expected null, got an integer"),
    ],
)
def test_bad_values_name_their_path(field: str, value: object, message: str) -> None:
    """Each wrong value raises DecodeError starting with its path and saying what is wrong."""
    data = encode_value(SAMPLE, Sample)
    assert isinstance(data, dict)
    data[field] = value  # type: ignore[assignment]
    with pytest.raises(DecodeError) as caught:
        decode_value(data, Sample)
    assert str(caught.value).startswith(message)


def test_constructor_errors_become_decode_errors() -> None:
    """A value its class rejects (a validator) is a DecodeError, not a bare ValueError."""
    with pytest.raises(DecodeError, match="invalid sixes_config"):
        decode_value({"num_players": 3}, SixesConfig, "config")


GAME = Sixes(SixesConfig(num_players=4, max_rounds=1))


def _envelope(**changes: object) -> str:
    document = encode(GAME, GAME.initial_state(1))
    document.update(changes)  # type: ignore[arg-type]
    return json.dumps(document)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "document: invalid JSON"),
        ("[1, 2]", "document: expected a JSON object"),
        ('{"a": 1, "a": 2}', "document: duplicate key 'a'"),
        ('{"x": NaN}', "document: NaN is not valid JSON"),
        ("[" * 5000 + "]" * 5000, "document: nested"),
        (_envelope(format="other"), "format: expected 'cardgames'"),
        (_envelope(version=2), "version: unsupported format version 2"),
        (_envelope(version="1"), "version: unsupported format version '1'"),
        (_envelope(kind="action"), "kind: expected a state document"),
        (_envelope(game="chess"), "game: unknown game 'chess'"),
        (_envelope(game=3), "game: expected a game name"),
        (_envelope(extra=1), "document: unknown field 'extra'"),
        (_envelope(config={"num_players": 5}), "config: the document's config differs"),
    ],
)
def test_bad_envelopes_are_named(text: str, message: str) -> None:
    """Envelope problems raise DecodeError naming the field."""
    with pytest.raises(DecodeError) as caught:
        decode_state(GAME, text)
    assert str(caught.value).startswith(message)


def test_documents_must_match_the_game_and_kind() -> None:
    """A document for another kind, game or config is rejected; bytes are accepted."""
    action = dumps(GAME, Play(card=Card.parse("6d")))
    assert decode_action(GAME, action.encode()) == Play(card=Card.parse("6d"))
    with pytest.raises(DecodeError, match="kind"):
        decode_config(action)
    with pytest.raises(DecodeError, match="kind"):
        decode_game(action)
    with pytest.raises(DecodeError, match="kind"):
        loads_record(action)
    observation = dumps(GAME, GAME.observe(GAME.initial_state(1), PlayerId(0)))
    with pytest.raises(DecodeError, match="config"):
        decode_observation(Sixes(SixesConfig(num_players=4, max_rounds=2)), observation)
    no_data = json.loads(action)
    del no_data["data"]
    with pytest.raises(DecodeError, match="missing field 'data'"):
        decode_action(GAME, no_data)
    with pytest.raises(DecodeError, match="expected JSON text"):
        parse_json(3)  # type: ignore[arg-type]


def test_invalid_configs_are_decode_errors() -> None:
    """A config that breaks the game's constraints cannot be decoded into a game."""
    document = encode(GAME, GAME.config)
    document["data"] = {**document["data"], "num_players": 3}  # type: ignore[dict-item]
    with pytest.raises(DecodeError, match="num_players must be 2, 4, 5 or 8"):
        decode_game(document)


def test_impossible_observations_are_rejected() -> None:
    """An observation no state can produce (a hand of the wrong size) is a DecodeError."""
    document = encode(GAME, GAME.observe(GAME.initial_state(1), PlayerId(0)))
    data = document["data"]
    assert isinstance(data, dict)
    data["hand_sizes"] = [1, 1, 1, 1]
    with pytest.raises(DecodeError, match="impossible observation"):
        decode_observation(GAME, document)
