"""JSON Schemas of every document kind: shipped, generated, true of real documents (issue 10)."""

from __future__ import annotations

import json
import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.cards import Suit
from cardgames.errors import DecodeError
from cardgames.events import Event, describe
from cardgames.game import PlayerId, seats
from cardgames.registry import game_info
from cardgames.serialization import (
    KINDS,
    dumps_record,
    encode,
    json_schema,
    record_game,
    seat_message,
)
from cardgames.serialization.document import data_type
from cardgames.serialization.schema import (
    SHIPPED,
    _Builder,
    generate_schema,
    main,
    schema_file_name,
    schema_text,
    shipped_games,
    write_schemas,
)
from registry import AnyGame, over_games, random_walk
from schemas import schema_validator
from strategies import seeds

DOCS = Path(__file__).resolve().parents[2] / "docs"
BUILT_IN = ("paiute", "sixes")
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)


@cache
def validator(game: str, kind: Any) -> jsonschema.Draft202012Validator:
    """The validator of one game's documents of one kind."""
    return schema_validator(json_schema(game, kind))


def validate(document: Any) -> None:
    """Validate a document against the schema of its own game and kind."""
    validator(document["game"], document["kind"]).validate(document)


def doc_documents() -> list[tuple[str, dict[str, Any]]]:
    """Every full cardgames document shown in docs/*.md: JSON blocks and printed outputs."""
    found = []
    for page in sorted(DOCS.glob("*.md")):
        for language, body in FENCE.findall(page.read_text("utf-8")):
            chunks = [body] if language == "json" else _outputs(body)
            for chunk in chunks:
                try:
                    value = json.loads(chunk)
                except ValueError:
                    continue
                if isinstance(value, dict) and value.get("format") == "cardgames":
                    found.append((page.name, value))
    return found


def _outputs(body: str) -> list[str]:
    """The printed outputs of a doctest block, one string per example."""
    outputs: list[str] = []
    current: list[str] = []
    for line in body.splitlines():
        if line.startswith((">>> ", "... ")):
            if current:
                outputs.append("\n".join(current))
            current = []
        elif line.strip():
            current.append(line)
    if current:
        outputs.append("\n".join(current))
    return outputs


def test_the_shipped_schemas_are_the_generated_ones() -> None:
    """Every kind of every built-in game ships, equal to what generate_schema makes now."""
    assert shipped_games() == BUILT_IN
    shipped = sorted(path.name for path in SHIPPED.glob("*.json"))
    assert shipped == sorted(schema_file_name(g, k) for g in BUILT_IN for k in KINDS)
    for game in BUILT_IN:
        for kind in KINDS:
            text = (SHIPPED / schema_file_name(game, kind)).read_text("utf-8")
            assert text == schema_text(game, kind), (
                f"{schema_file_name(game, kind)} is stale: regenerate the shipped schemas with "
                'python -c "from cardgames.serialization.schema import main; main()"'
            )
            assert json_schema(game, kind) == generate_schema(game, kind)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("game", BUILT_IN)
def test_every_schema_is_a_valid_draft_2020_12_schema(game: str, kind: Any) -> None:
    """Each schema passes the draft 2020-12 meta-schema and pins its envelope."""
    schema: Any = json_schema(game, kind)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    properties = schema["properties"]
    assert isinstance(properties, dict)
    assert properties["kind"] == {"const": kind}
    assert properties["game"] == {"const": game}


def test_every_example_document_in_the_docs_fits_its_schema() -> None:
    """Every full document printed in the docs validates, and the docs show every kind."""
    documents = doc_documents()
    for page, document in documents:
        try:
            validate(document)
        except jsonschema.ValidationError as error:  # pragma: no cover - the failure message
            pytest.fail(f"{page}: a {document['kind']} document: {error.message}")
    assert {document["kind"] for _, document in documents} == set(KINDS)


@over_games()
@settings(max_examples=2, deadline=None)
@given(seed=seeds(), rng=st.randoms(use_true_random=False))
def test_documents_of_random_games_fit_their_schemas(
    game: AnyGame, seed: int, rng: random.Random
) -> None:
    """Every kind of document from a random game validates against its game's schema."""
    info = game_info(game.name)
    steps = random_walk(game, seed, rng)
    every = max(1, len(steps) // 4)
    actions = [action for _, action in steps if action is not None]
    if info.config_class is not None:
        validate(encode(game, getattr(game, "config", None)))
    validate(json.loads(dumps_record(record_game(game, actions, seed=seed))))
    for step, (state, action) in enumerate(steps):
        if step % every and action is not None:
            continue
        seat = seats(game.num_players)[step % game.num_players]
        validate(encode(game, state))
        validate(encode(game, game.observe(state, seat)))
        validate(encode(game, seat_message(game, state, seat)))
        if action is None:
            continue
        validate(encode(game, action))
        if info.events is not None:
            after = steps[step + 1][0]
            events = describe(game, state, action, viewer=seat, next_state=after)
            for event in events:
                validate(encode(game, event))
            validate(encode(game, seat_message(game, after, seat, events=events)))


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d["data"].update(card="Zz"), "card"),
        (lambda d: d["data"].update(type="fold"), "type"),
        (lambda d: d["data"].update(extra=1), "extra"),
        (lambda d: d.update(version=2), "version"),
        (lambda d: d.pop("data"), "data"),
    ],
)
def test_the_schemas_reject_what_the_decoders_reject(change: Any, where: str) -> None:
    """An unknown card, action type, field or version, or a missing field, fails the schema."""
    document: dict[str, Any] = json.loads('{"format": "cardgames", "version": 1}')
    document.update(kind="action", game="sixes", data={"type": "play", "card": "6d"})
    validate(document)
    change(document)
    with pytest.raises(jsonschema.ValidationError) as failure:
        validate(document)
    assert where in str(failure.value)


def test_a_hand_value_label_is_in_the_schema() -> None:
    """P15: the Paiute hand value's schema lists its readable label (optional)."""
    schema: Any = json_schema("paiute", "state")
    hand_value = schema["$defs"]["HandValue"]
    assert hand_value["properties"]["label"]["type"] == "string"
    assert "label" not in hand_value["required"]


def test_a_game_without_shipped_schemas_gets_generated_ones() -> None:
    """json_schema makes the schema of a registered game that ships none (the test toy game)."""
    schema: Any = json_schema("toy", "observation")
    assert schema == generate_schema("toy", "observation")
    assert schema["properties"]["config"] == {"type": "null"}


@pytest.mark.parametrize("function", [json_schema, generate_schema])
def test_unknown_games_and_kinds_are_decode_errors(function: Any) -> None:
    """An unknown game or document kind raises DecodeError naming the choices."""
    with pytest.raises(DecodeError, match="unknown document kind 'poem'"):
        function("sixes", "poem")
    with pytest.raises(DecodeError, match="unknown game 'chess'"):
        function("chess", "state")


def test_write_schemas_and_main_write_whole_files(tmp_path: Path) -> None:
    """write_schemas (and main) write every kind's file whole, leaving no temporary file."""
    written = write_schemas(tmp_path / "a", ["sixes"])
    assert sorted(path.name for path in (tmp_path / "a").iterdir()) == sorted(
        path.name for path in written
    )
    assert len(written) == len(KINDS)
    assert main([str(tmp_path / "b"), "toy"]) == 0
    assert (tmp_path / "b" / "toy.record.json").read_text("utf-8") == schema_text("toy", "record")
    assert main([str(tmp_path / "c")]) == 0
    assert len(list((tmp_path / "c").iterdir())) == len(BUILT_IN) * len(KINDS)


def test_the_builder_refuses_types_it_cannot_describe() -> None:
    """A type the codec cannot encode has no schema, and two types may not share a name."""
    builder = _Builder()
    with pytest.raises(TypeError, match="no schema"):
        builder.of(complex)
    builder.ref("Event", Event, dict)
    with pytest.raises(TypeError, match="two types want the schema name 'Event'"):
        builder.ref("Event", PlayerId, dict)
    assert builder.of(dict[str, int]) == {
        "type": "object",
        "additionalProperties": {"type": "integer"},
    }
    pair: Any = builder.of(tuple[int, str])
    assert pair["prefixItems"] == [
        {"type": "integer"},
        {"type": "string"},
    ]
    assert builder.of(float) == {"type": "number"}
    assert builder.of(Any) == {}
    assert builder.of(type(None)) == {"type": "null"}
    assert builder.of(Suit) == {"enum": ["c", "d", "h", "s"]}


def test_data_types_of_the_kinds_with_one_declared_type() -> None:
    """data_type gives the declared type of a document's data; records and messages have none."""
    info = game_info("sixes")
    assert data_type(info, "config") is info.config_class
    assert data_type(info, "event") is Event
    for kind in ("record", "seat_message"):
        with pytest.raises(TypeError, match="no single declared type"):
            data_type(info, kind)
