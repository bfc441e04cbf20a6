"""Helpers of the web table tests: schema validation and the seat-secrecy check."""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

import attrs
import jsonschema

from cardgames.cards import Card
from cardgames.paiute import Paiute
from cardgames.paiute.observation import known_cards
from cardgames.web import SCHEMA
from cardgames.web.messages import protocol_schema
from schemas import schema_validator

CARD_TEXT = re.compile(r"^(10|[2-9TJQKA])[cdhs]$")
CARD_ATTRIBUTE = re.compile(r'data-card="([^"]+)"')


@cache
def validator() -> jsonschema.Draft202012Validator:
    """The protocol schema's validator (the schema itself checked first)."""
    return schema_validator(json.loads(SCHEMA.read_text(encoding="utf-8")))


@cache
def game_validator(game: str) -> jsonschema.Draft202012Validator:
    """The validator of the protocol schema with ``game``'s own seat message schema in it."""
    return schema_validator(protocol_schema(game))


def check_message(message: Any) -> Any:
    """Validate one protocol message against the published schema; returns it.

    An update is also checked against the protocol schema for its game, whose seat message is
    the game's ``seat_message`` schema (cardgames.serialization).
    """
    validator().validate(message)
    if isinstance(message, dict) and message.get("type") == "update":
        game_validator(message["game"]).validate(message)
    return message


def data(update: Any) -> Any:
    """The data of an update's seat message: seat, to_play, observation, legal_actions..."""
    return update["seat_message"]["data"]


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    if isinstance(value, dict):
        return [s for item in value.values() for s in _strings(item)]
    return []


def cards_named(message: Any) -> set[str]:
    """Every card a message names: as a JSON string, or on a drawn card."""
    named: set[str] = set()
    for text in _strings(message):
        if CARD_TEXT.match(text):
            named.add(str(Card.parse(text)))
        named.update(str(Card.parse(card)) for card in CARD_ATTRIBUTE.findall(text))
    return named


def hidden_cards(game: Any, state: Any, viewer: Any) -> set[Card]:
    """The cards in other seats' hands that ``viewer`` may not see at ``state``."""
    known = known_cards(game.observe(state, viewer)) if isinstance(game, Paiute) else None
    hidden: set[Card] = set()
    for seat in range(game.num_players):
        if seat != viewer:
            public = known[seat] if known is not None else frozenset()
            hidden |= set(game.observe(state, seat).hand) - public
    return hidden


def _shown_in_results(game: Any, state: Any) -> set[Card]:
    """The cards finished Paiute deals have shown (public once shown)."""
    if not isinstance(game, Paiute):
        return set()
    results = game.observe(state, None).results
    return {card for result in results for hand in result.shown for card in hand} | {
        result.wild_card for result in results
    }


def _assert_absent(message: Any, hidden: set[Card], viewer: int | None) -> None:
    leaked = cards_named(message) & {str(card) for card in hidden}
    assert not leaked, f"viewer {viewer} was sent hidden cards {sorted(leaked)}"
    texts = _strings(message)
    for card in hidden:
        for text in texts:
            assert card.unicode not in text, (
                f"viewer {viewer} was sent hidden card {card.unicode} in {text[:80]!r}"
            )


def assert_secret(
    message: Any,
    game: Any,
    state: Any,
    viewer: int | None,
    *,
    before: Any = None,
    action: Any = None,
) -> None:
    """No card hidden from ``viewer`` appears anywhere in ``message`` (notation or symbols).

    ``state`` is the state the message shows; ``before`` the state before the action whose
    events it carries, ``action`` that action. The events may name a card the action showed
    (every action's cards are public: a play, a discard) or a showdown revealed, and no other
    card hidden both before and after it. The results of finished Paiute deals are public
    records of past deals (their cards may be in a hand again) and are left out of the check.
    """
    hidden = hidden_cards(game, state, viewer)
    if message.get("type") != "update":
        _assert_absent(message, hidden, viewer)
        return
    fields = data(message)
    observation = fields["observation"]
    rest = {key: value for key, value in message.items() if key != "seat_message"}
    rest["fields"] = {key: value for key, value in fields.items() if key != "events"}
    rest["fields"]["observation"] = {k: v for k, v in observation.items() if k != "results"}
    _assert_absent(rest, hidden, viewer)
    if before is not None:
        revealed = _shown_in_results(game, state) - _shown_in_results(game, before)
        played = {value for value in vars_of(action) if isinstance(value, Card)}
        still_hidden = hidden & hidden_cards(game, before, viewer)
        _assert_absent(fields["events"], still_hidden - revealed - played, viewer)


def vars_of(action: Any) -> list[Any]:
    """The field values of an attrs action (none for None)."""
    if action is None:
        return []
    return [getattr(action, field.name) for field in attrs.fields(type(action))]
