"""Event and seat message documents, the generic loads, Paiute's hand-value labels (issue 10)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import attrs
import pytest

from cardgames.cards import Card, Rank
from cardgames.errors import DecodeError
from cardgames.events import Event, describe
from cardgames.game import PlayerId, playout, seats
from cardgames.paiute import (
    Call,
    Category,
    DrawDiscard,
    DrawStock,
    HandValue,
    Paiute,
    PaiuteConfig,
    ShowSix,
    deck_for_deal,
)
from cardgames.registry import game_info
from cardgames.serialization import (
    SeatMessage,
    decode_event,
    decode_seat_message,
    dumps,
    dumps_record,
    encode,
    loads,
    record_game,
    seat_message,
)
from cardgames.sixes import Sixes, SixesConfig
from registry import GAME_FACTORIES, AnyGame, over_games, random_walk
from toy_game import ToyGame

DOCS = Path(__file__).resolve().parents[2] / "docs"
SIXES = Sixes(SixesConfig(num_players=2, max_rounds=1))
ROW = re.compile(r"^\| (\w+) \| `(\w+)` \|")


def documented_kinds() -> dict[str, set[str]]:
    """The event kinds docs/events.md lists, per game."""
    kinds: dict[str, set[str]] = {}
    for line in (DOCS / "events.md").read_text("utf-8").splitlines():
        match = ROW.match(line)
        if match and match.group(1) != "field":
            kinds.setdefault(match.group(1), set()).add(match.group(2))
    return kinds


def emitted_kinds(games: int) -> dict[str, set[str]]:
    """The kinds every registered configuration with events emits over ``games`` random games."""
    kinds: dict[str, set[str]] = {}
    for name in sorted(GAME_FACTORIES):
        game = GAME_FACTORIES[name]()
        if game_info(game.name).events is None:
            continue
        for seed in range(games):
            rng = random.Random(seed)
            state = game.initial_state(seed)
            while not game.is_terminal(state):
                actions = game.legal_actions(state)
                action = actions[rng.randrange(len(actions))]
                after = game.apply(state, action)
                for viewer in (0, None):
                    for event in describe(game, state, action, viewer=viewer, next_state=after):
                        kinds.setdefault(game.name, set()).add(event.kind)
                state = after
    return kinds


def show_six_events() -> set[str]:
    """The kinds of a scripted Paiute deal with a six-card show in a final turn (P13)."""
    game = Paiute(PaiuteConfig(num_players=3, deals=2))
    deck = deck_for_deal(
        dealer=2,
        hands=["Ah Kh Qh Jh 3c", "5s 5d 8c 8d 2h", "Kc Kd 4s 4h 6c"],
        wild_card="9s",
        first_discard="Th",
        stock="9d Ks",
    )
    state = game.initial_state(0, deck=deck, dealer=PlayerId(2))
    kinds = set()
    for action in (DrawDiscard(), Call(discard=Card.parse("3c")), DrawStock(), ShowSix()):
        kinds |= {event.kind for event in describe(game, state, action, viewer=0)}
        state = game.apply(state, action)
    return kinds


def test_the_documented_event_kinds_are_the_emitted_ones() -> None:
    """docs/events.md lists exactly the event kinds each game emits (random games, P13 scripted)."""
    documented = documented_kinds()
    emitted = emitted_kinds(games=8)
    assert set(documented) == set(emitted) == {"paiute", "sixes"}
    assert emitted["sixes"] == documented["sixes"]
    assert "show_six" in show_six_events()
    assert emitted["paiute"] | show_six_events() == documented["paiute"]


@over_games(lambda info: info.events)
def test_event_documents_round_trip(game: AnyGame) -> None:
    """dumps(game, event) writes an event document that loads and decode_event read back."""
    final, actions = playout(game, random.Random(4), seed=9)
    state = game.initial_state(9)
    for action in actions:
        after = game.apply(state, action)
        for viewer in (*seats(game.num_players), None):
            for event in describe(game, state, action, viewer=viewer, next_state=after):
                text = dumps(game, event)
                document = json.loads(text)
                assert (document["kind"], document["game"]) == ("event", game.name)
                assert loads(game, text) == event
                assert decode_event(game, document) == event
        state = after
    assert state == final


def test_an_event_document_for_another_game_is_refused() -> None:
    """decode_event checks the document's game."""
    event = Event(kind="play", player=PlayerId(0), cards=(Card.parse("6d"),), text="x")
    with pytest.raises(DecodeError, match="the document is for 'sixes', not 'paiute'"):
        decode_event(Paiute(), dumps(SIXES, event))


def test_a_bad_event_is_a_decode_error_naming_the_path() -> None:
    """Event documents are decoded as strictly as the rest: the message names the field."""
    event = Event(kind="pass", player=PlayerId(1), chips=1, text="player 1 passed")
    document: dict[str, Any] = json.loads(dumps(SIXES, event))
    document["data"]["chips"] = "1"
    with pytest.raises(DecodeError, match=r"^data\.chips: expected an integer"):
        loads(SIXES, document)


@over_games()
def test_seat_messages_carry_observation_actions_and_events(game: AnyGame) -> None:
    """A seat message holds the seat's observation, its legal actions (id, notation) and events.

    The events are those since the seat's previous message; messages go out at about 30 points
    of a random game and at its end.
    """
    info = game_info(game.name)
    notation = info.format_action or repr
    steps = random_walk(game, 5, random.Random(5))
    every = max(1, len(steps) // 30)
    events: dict[int, list[Event]] = {seat: [] for seat in seats(game.num_players)}
    for step, (state, action) in enumerate(steps):
        if step % every == 0 or action is None:
            for seat in seats(game.num_players):
                check_message(game, state, seat, events[seat], notation)
                events[seat] = []
        if action is not None and info.events is not None:
            after = steps[step + 1][0]
            for seat in seats(game.num_players):
                events[seat] += describe(game, state, action, viewer=seat, next_state=after)


def check_message(
    game: AnyGame, state: object, seat: PlayerId, events: list[Event], notation: Any
) -> None:
    """The message for ``seat`` in ``state`` is right and survives a JSON round trip."""
    message = seat_message(game, state, seat, events=events)
    assert message.seat == seat
    assert message.observation == game.observe(state, seat)
    assert message.to_play == game.current_player(state)
    assert message.events == tuple(events)
    if seat == message.to_play:
        legal = game.legal_actions(state)
        assert [entry.action for entry in message.legal_actions] == list(legal)
        assert [entry.id for entry in message.legal_actions] == [
            game.action_id(action) for action in legal
        ]
        assert [entry.notation for entry in message.legal_actions] == [
            notation(action) for action in legal
        ]
    else:
        assert message.legal_actions == ()
    terminal = game.is_terminal(state)
    assert message.returns == (tuple(game.returns(state)) if terminal else None)
    assert loads(game, dumps(game, message)) == message
    assert decode_seat_message(game, dumps(game, message)) == message


def test_the_seat_message_document_shape() -> None:
    """The seat message document: envelope with config, then the six documented fields."""
    state = SIXES.initial_state(3)
    document = encode(SIXES, seat_message(SIXES, state, 1))
    assert list(document) == ["format", "version", "kind", "game", "config", "data"]
    assert document["kind"] == "seat_message"
    data = document["data"]
    assert isinstance(data, dict)
    assert list(data) == ["seat", "to_play", "observation", "legal_actions", "events", "returns"]
    assert data["legal_actions"] == [
        {"id": 15, "notation": "play 6d", "action": {"type": "play", "card": "6d"}}
    ]


def _message_document() -> dict[str, Any]:
    state = SIXES.initial_state(3)
    text = dumps(SIXES, seat_message(SIXES, state, 1))
    document: dict[str, Any] = json.loads(text)
    return document


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["data"]["legal_actions"][0].update(id=3), r"legal_actions\[0\]: the id"),
        (
            lambda d: d["data"]["legal_actions"][0].update(notation="pass"),
            r"legal_actions\[0\]: the id or notation",
        ),
        (lambda d: d["data"]["legal_actions"][0].pop("id"), r"missing field 'id'"),
        (lambda d: d["data"]["legal_actions"][0].update(x=1), r"unknown field 'x'"),
        (lambda d: d["data"].update(legal_actions={}), r"data.legal_actions: expected an array"),
        (lambda d: d["data"].update(legal_actions=[7]), r"legal_actions\[0\]: expected an object"),
        (lambda d: d["data"].pop("events"), r"data: missing field 'events'"),
        (lambda d: d["data"].update(seat="1"), r"data.seat: expected an integer"),
        (lambda d: d.update(data=[]), r"data: expected an object"),
        (lambda d: d.pop("config"), r"missing field 'config'"),
    ],
)
def test_bad_seat_messages_are_decode_errors(change: Any, message: str) -> None:
    """A malformed or inconsistent seat message raises DecodeError naming where."""
    document = _message_document()
    change(document)
    with pytest.raises(DecodeError, match=message):
        decode_seat_message(SIXES, document)


def test_a_spectator_message_has_no_legal_actions() -> None:
    """seat=None asks the game for its spectator view and offers no actions."""

    class SpectatedToy(ToyGame):
        def observe(self, state: Any, player: Any) -> Any:
            seen = super().observe(state, PlayerId(0) if player is None else player)
            return seen if player is not None else attrs.evolve(seen, hand=frozenset())

    game = SpectatedToy()
    state = game.initial_state(1)
    message = seat_message(game, state, None)
    assert message.seat is None
    assert message.to_play == game.current_player(state)
    assert message.legal_actions == ()
    assert message.observation.hand == frozenset()


def test_loads_reads_every_kind() -> None:
    """loads(game, text) is the inverse of dumps for every document kind, records included."""
    final, actions = playout(SIXES, random.Random(2), seed=8)
    record = record_game(SIXES, actions, seed=8)
    values: list[object] = [
        SIXES.config,
        final,
        actions[0],
        SIXES.observe(final, PlayerId(1)),
        describe(SIXES, SIXES.initial_state(8), actions[0], viewer=0)[0],
        seat_message(SIXES, final, 0),
    ]
    for value in values:
        assert loads(SIXES, dumps(SIXES, value)) == value
    assert loads(SIXES, dumps_record(record)) == record
    assert loads(SIXES, json.loads(dumps_record(record))) == record


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ("[]", "document: expected a JSON object"),
        ('{"kind": "poem"}', "kind: expected one of"),
        ("{}", "kind: expected one of"),
    ],
)
def test_loads_refuses_unknown_kinds(document: str, message: str) -> None:
    """loads names what is wrong with a document that is no known kind."""
    with pytest.raises(DecodeError, match=message):
        loads(SIXES, document)


def test_loads_refuses_another_games_config_and_record() -> None:
    """loads checks the game of config and record documents too."""
    paiute = Paiute(PaiuteConfig(num_players=2))
    with pytest.raises(DecodeError, match="for 'paiute', not 'sixes'"):
        loads(SIXES, dumps(paiute, paiute.config))
    _, actions = playout(paiute, random.Random(1), seed=1)
    with pytest.raises(DecodeError, match="for 'paiute', not 'sixes'"):
        loads(SIXES, dumps_record(record_game(paiute, actions, seed=1)))


def test_dumps_refuses_other_values() -> None:
    """dumps raises TypeError for a value that is no document kind of the game."""
    with pytest.raises(TypeError, match="is not a sixes config, state, action, observation"):
        dumps(SIXES, 3)


def test_paiute_hand_values_carry_a_readable_label() -> None:
    """P15, P17: a hand value's JSON has its category slug, ranks and a readable label."""
    game = Paiute(PaiuteConfig(num_players=2))
    final, _ = playout(game, random.Random(1), seed=3)
    document = json.loads(dumps(game, final))
    values = [v for result in document["data"]["results"] for v in result["values"] if v]
    assert values
    for value in values:
        decoded = HandValue(Category[value["category"].upper()], tuple(value["ranks"]))
        assert value["label"] == decoded.label == str(decoded)
    four_two = HandValue(Category.FOUR_TWO, (Rank.KING, Rank.SEVEN))
    assert four_two.label == "Four/Two: kings over sevens"


def test_a_hand_value_label_is_optional_but_must_match() -> None:
    """Decoding accepts a hand value without its label, and refuses a label that lies."""
    game = Paiute(PaiuteConfig(num_players=2))
    final, _ = playout(game, random.Random(1), seed=3)
    document = json.loads(dumps(game, final))
    results = document["data"]["results"]
    seat, value = next(
        (i, v) for result in results for i, v in enumerate(result["values"]) if v is not None
    )
    del value["label"]
    assert loads(game, document) == final
    value["label"] = "Royal flush"
    with pytest.raises(DecodeError, match=r"values\[\d+\]\.label: expected '"):
        loads(game, document)
    assert seat >= 0


def test_seat_message_values_are_frozen() -> None:
    """A SeatMessage is a frozen value, like every other document's value."""
    message = seat_message(SIXES, SIXES.initial_state(3), 0)
    assert isinstance(message, SeatMessage)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        message.seat = PlayerId(1)  # type: ignore[misc]
