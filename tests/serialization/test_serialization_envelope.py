"""The fast path of the state and observation decoders checks the envelope's config as strictly
as the checked path: the game's own config, just as the writer writes it, is taken at sight;
any other ``config`` field is decoded and compared, and a wrong one refused alike both ways.
"""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import attrs
import pytest

from cardgames.errors import DecodeError
from cardgames.game import PlayerId
from cardgames.registry import game_info
from cardgames.serialization import decode_observation, decode_state, dumps, encode
from cardgames.serialization import document as document_module
from cardgames.serialization.document import (
    _WRITTEN_CONFIGS,
    _is_config_of,
    _open_fast,
    _written_config,
)
from cardgames.sixes import Sixes, SixesConfig
from json_mutation import both_ways, outcome
from registry import AnyGame, over_games


def _state_document(game: AnyGame) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(json.dumps(encode(game, game.initial_state(seed=4))))
    return document


def _other_type(value: object) -> list[object]:
    """Values equal to ``value`` in Python but of another JSON type."""
    if value is True or value is False:
        return [int(value), float(value)]
    if isinstance(value, int):
        return [float(value), *([bool(value)] if value in {0, 1} else [])]
    return []


@over_games(lambda spec: spec.config_class is not None)
def test_a_config_value_of_another_json_type_is_judged_alike(game: AnyGame) -> None:
    """``1``, ``1.0`` and ``true`` are equal in Python: the fast path still tells them apart."""
    document = _state_document(game)
    config = document["config"]
    assert isinstance(config, dict)
    for key, value in config.items():
        for other in _other_type(value):
            changed = json.loads(json.dumps(document))
            changed["config"][key] = other
            both_ways(lambda source: decode_state(game, source), changed)


@over_games()
def test_a_config_with_its_keys_in_another_order_is_the_same_config(game: AnyGame) -> None:
    """Key order means nothing in JSON: both paths give the state."""
    document = _state_document(game)
    if isinstance(document["config"], dict):
        document["config"] = dict(reversed(document["config"].items()))
    text = json.dumps(document)
    assert decode_state(game, text) == game.initial_state(seed=4)
    both_ways(lambda source: decode_state(game, source), document)


def test_swapped_equal_values_of_two_config_fields_are_refused() -> None:
    """S7: ``false`` and ``0`` swapped between two fields, keys reordered to keep the types
    in line, make another config; both paths refuse the observation document."""
    game = Sixes(SixesConfig(must_play_if_able=False))
    view = game.observe(game.initial_state(seed=3), PlayerId(1))
    document: dict[str, Any] = json.loads(json.dumps(encode(game, view)))
    config = document["config"]
    assert config["must_play_if_able"] is False
    assert config["pay_per_card_left"] == 0
    keys = list(config)
    first, second = keys.index("must_play_if_able"), keys.index("pay_per_card_left")
    keys[first], keys[second] = keys[second], keys[first]
    swapped = {key: config[key] for key in keys}
    swapped["must_play_if_able"], swapped["pay_per_card_left"] = 0, False
    assert swapped == config
    document["config"] = swapped
    verdict = outcome(lambda source: decode_observation(game, source), json.dumps(document))
    assert verdict[0] == "error"
    both_ways(lambda source: decode_observation(game, source), document)


def test_a_game_with_another_config_refuses_the_document() -> None:
    """S1: a document written for five seats is not decoded for a game of four."""
    writer = Sixes(SixesConfig())
    reader = Sixes(SixesConfig(num_players=4))
    text = json.dumps(encode(writer, writer.observe(writer.initial_state(seed=1), PlayerId(0))))
    with pytest.raises(DecodeError, match="config"):
        decode_observation(reader, text)
    assert decode_observation(writer, text) == writer.observe(
        writer.initial_state(seed=1), PlayerId(0)
    )


@attrs.frozen(kw_only=True)
class _NestedConfig:
    """A config whose written form holds a list: it is always decoded to be compared."""

    sizes: tuple[int, ...] = (1, 2)


def test_a_config_written_with_nested_values_is_decoded_and_compared() -> None:
    """Only an object of scalars is taken at sight; a nested one goes through the decoder."""
    game = SimpleNamespace(config=_NestedConfig())
    assert _written_config(game.config, _NestedConfig).fields is None
    counter = [0]
    assert _is_config_of(game, _NestedConfig, {"sizes": [1, 2]}, counter)
    assert counter == [1]
    assert not _is_config_of(game, _NestedConfig, {"sizes": [2, 1]}, [0])


def test_the_configs_remembered_stay_few_and_right() -> None:
    """Many games' configs are remembered a few at a time, each one its own."""
    configs = [SixesConfig(starting_chips=chips) for chips in range(1, 200)]
    for config in configs:
        known = _written_config(config, SixesConfig)
        assert known.config is config
        assert known.fields is not None
        assert known.fields["starting_chips"] == config.starting_chips
        assert known.members == len(known.fields)
    assert len(_WRITTEN_CONFIGS) <= len(configs) // 2


def _writer_text(game: AnyGame) -> str:
    return dumps(game, game.initial_state(seed=4))


@over_games(lambda spec: spec.config_class is not None)
def test_the_writers_envelope_is_taken_by_its_text(
    game: AnyGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The writer's head and config are recognized as text: only ``data`` is parsed and counted."""
    text = _writer_text(game)
    known = _written_config(game.config, type(game.config))
    assert known.text is not None
    assert known.text in text
    info = game_info(game.name)
    opened = _open_fast(game, info, "state", text)
    assert opened is not None
    data, counter, start = opened
    assert text[start:].startswith("{")
    assert data == json.loads(text)["data"]
    assert counter == [0]

    def decoded(*_: object) -> bool:
        raise AssertionError("the config was decoded")

    monkeypatch.setattr(document_module, "_is_config_of", decoded)
    assert decode_state(game, text) == game.initial_state(seed=4)


@over_games(lambda spec: spec.config_class is not None)
def test_an_envelope_member_repeated_after_the_data_is_refused(game: AnyGame) -> None:
    """A text that starts as the writer's but repeats ``kind`` or ``data`` later is refused."""
    text = _writer_text(game)
    for extra in (', "kind": "state"', ', "data": null', ', "format": "cardgames"'):
        changed = text[:-1] + extra + "}"
        with pytest.raises(DecodeError, match="duplicate key"):
            decode_state(game, changed)


@over_games(lambda spec: spec.config_class is not None)
def test_what_follows_the_writers_data_is_judged_as_the_strict_path_judges_it(
    game: AnyGame,
) -> None:
    """JSON whitespace after the document is fine, anything else is refused, both ways alike."""
    text = _writer_text(game)
    state = game.initial_state(seed=4)
    for tail in ("\n", " \t\r\n"):
        assert decode_state(game, text + tail) == state
    assert decode_state(game, text[:-1] + " }") == state
    for tail in (" x", "}", "\u00a0", "\x0b"):
        with pytest.raises(DecodeError, match="invalid JSON"):
            decode_state(game, text + tail)
    with pytest.raises(DecodeError, match="invalid JSON"):
        decode_state(game, text[:-1])


def test_a_repeated_member_inside_the_writers_data_is_refused() -> None:
    """S1: a turn whose ``player`` is written twice is refused as the strict path refuses it."""
    game = Sixes(SixesConfig(num_players=4))
    state = game.initial_state(seed=2)
    state = game.apply(state, game.legal_actions(state)[0])
    text = dumps(game, state)
    assert '{"player": ' in text
    changed = text.replace('{"player": ', '{"player": 0, "player": ', 1)
    with pytest.raises(DecodeError, match="duplicate key 'player'"):
        decode_state(game, changed)
