"""The table protocol's messages: schema, seat secrecy over random games (S6, P9), parsing."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.events import describe
from cardgames.game import PlayerId
from cardgames.paiute import Paiute, PaiuteConfig
from cardgames.serialization import decode_seat_message, record_game, seat_message
from cardgames.sixes import Sixes, SixesConfig
from cardgames.web.messages import (
    ProtocolError,
    SeatInfo,
    action_entry,
    catalog_message,
    dumps_message,
    error_message,
    parse_client_message,
    replay_message,
    update_message,
)
from registry import random_walk
from strategies import slow_settings
from toy_game import ToyGame
from web_support import assert_secret, check_message, data

GAMES: dict[str, Any] = {
    "sixes": Sixes(SixesConfig(num_players=4, max_rounds=1)),
    "sixes-2p": Sixes(SixesConfig(num_players=2, max_rounds=1)),
    "paiute": Paiute(PaiuteConfig(max_turns=16, deals=3)),
    "paiute-5p-wild-in-play": Paiute(
        PaiuteConfig(num_players=5, max_turns=30, wild_indicator_in_play=True)
    ),
}


def _update(game: Any, state: Any, viewer: int | None, events: Any = ()) -> Any:
    seats = [SeatInfo(kind="person", connected=True)] * game.num_players
    return update_message(
        game,
        state,
        None if viewer is None else PlayerId(viewer),
        table="t",
        game_number=1,
        seq=0,
        seats=seats,
        events=events,
        record=7 if game.is_terminal(state) else None,
    )


@pytest.mark.parametrize("name", sorted(GAMES))
@slow_settings()
@given(seed=st.integers(0, 2**32), walk=st.integers(0, 2**32), stride=st.integers(3, 8))
def test_no_update_ever_shows_a_seat_another_seats_hidden_cards(
    name: str, seed: int, walk: int, stride: int
) -> None:
    """Over random games, every update to every seat and spectator hides others' hands (S6, P9).

    Each update is also checked against the published schema, one viewer's a step in turn
    (the spectator, then each seat): validating them all would take five times as long and
    find nothing more, every viewer's update having the same shape.
    """
    game = GAMES[name]
    steps = random_walk(game, seed, random.Random(walk))
    viewers = (None, *range(game.num_players))
    for step, ((state, action), (after, _)) in enumerate(list(itertools.pairwise(steps))[::stride]):
        for viewer in viewers:
            events = describe(game, state, action, viewer=viewer, next_state=after)
            message = json.loads(dumps_message(_update(game, after, viewer, events)))
            if viewer == viewers[step % len(viewers)]:
                check_message(message)
            assert_secret(message, game, after, viewer, before=state, action=action)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_update_holds_the_seats_observation_and_its_legal_actions(name: str) -> None:
    """The update's seat message is the library's: it decodes; only the seat to play acts."""
    game = GAMES[name]
    state = game.initial_state(11)
    to_play = game.current_player(state)
    for viewer in range(game.num_players):
        message = check_message(_update(game, state, viewer))
        decoded = decode_seat_message(game, message["seat_message"])
        assert decoded == seat_message(game, state, viewer)
        assert decoded.observation == game.observe(state, viewer)
        legal = data(message)["legal_actions"]
        assert message["your_turn"] == (viewer == to_play)
        if viewer == to_play:
            ids = [entry["id"] for entry in legal]
            assert ids == [game.action_id(a) for a in game.legal_actions(state)]
        else:
            assert legal == []
    spectator = check_message(_update(game, state, None))
    assert data(spectator)["seat"] is None
    assert data(spectator)["legal_actions"] == []
    assert data(spectator)["observation"]["hand"] == []


def test_final_update_reports_returns_and_the_record() -> None:
    """Once the game is over the update says so, with each seat's chips and the record id (S10)."""
    game = GAMES["sixes-2p"]
    final = random_walk(game, 5, random.Random(5))[-1][0]
    message = check_message(_update(game, final, 0))
    assert message["over"] is True
    assert data(message)["returns"] == list(game.returns(final))
    assert message["record"] == 7


def test_action_entries_show_suit_symbols() -> None:
    """An action's label is its notation with suit symbols; its JSON form is tagged (S6)."""
    game = GAMES["sixes"]
    state = game.initial_state(3)
    entry = action_entry(game, game.legal_actions(state)[0])
    assert entry["notation"] == "play 6d"
    assert entry["label"] == "play 6♦"
    assert entry["action"] == {"type": "play", "card": "6d"}


def test_a_game_without_notation_uses_the_action_repr() -> None:
    """A game registered without notation still gets an entry (its action's repr)."""
    game = ToyGame()
    action = game.legal_actions(game.initial_state(1))[0]
    entry = action_entry(game, action)
    assert entry["notation"] == repr(action)
    assert entry["label"] != entry["notation"]  # the card shows with its suit symbol


def test_catalog_and_replay_messages_match_the_schema() -> None:
    """The catalog lists every game with its options; a replay has one frame per state."""
    catalog = check_message(catalog_message())
    names = {game["name"]: game for game in catalog["games"]}
    assert {"sixes", "paiute"} <= set(names)
    options = {option["name"]: option for option in names["sixes"]["options"]}
    assert options["broke_pass"]["type"] == "choice"
    assert options["max_rounds"]["optional"] is True
    assert "heuristic" in catalog["bots"]
    game = GAMES["sixes-2p"]
    final, actions = random_walk(game, 2, random.Random(2))[-1][0], None
    del final
    actions = [a for _, a in random_walk(game, 2, random.Random(2)) if a is not None]
    replay = check_message(replay_message(record_game(game, actions, seed=2)))
    assert len(replay["frames"]) == len(actions) + 1
    assert replay["frames"][0]["events"] == []
    assert replay["frames"][-1]["to_play"] is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"type": "join"}', {"type": "join", "token": None}),
        ('{"type": "join", "token": "abc"}', {"type": "join", "token": "abc"}),
        ('{"type": "act", "action_id": 3, "seq": 9}', {"type": "act", "action_id": 3, "seq": 9}),
        ('{"type": "act", "action_id": 3}', {"type": "act", "action_id": 3, "seq": None}),
        ('{"type": "play_again"}', {"type": "play_again"}),
    ],
)
def test_client_messages_parse(text: str, expected: dict[str, Any]) -> None:
    """Each client message of the schema parses to its fields."""
    check_message(json.loads(text))
    message = parse_client_message(text)
    for key, value in expected.items():
        assert getattr(message, key) == value


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("not json", "invalid JSON"),
        ("[1, 2]", "expected a JSON object"),
        ('{"type": "cheat"}', "type: expected one of"),
        ('{"type": "act"}', "missing field 'action_id'"),
        ('{"type": "act", "action_id": "3"}', "action_id: expected a non-negative integer"),
        ('{"type": "act", "action_id": -1}', "non-negative"),
        ('{"type": "act", "action_id": true}', "non-negative"),
        ('{"type": "act", "action_id": 1, "seat": 2}', "unknown field 'seat'"),
        ('{"type": "join", "token": 5}', "token: expected a string"),
        ('{"type": "join", "type": "act"}', "duplicate key"),
    ],
)
def test_forged_client_messages_are_refused_clearly(text: str, match: str) -> None:
    """A malformed or forged client message raises ProtocolError saying what is wrong."""
    with pytest.raises(ProtocolError, match=match):
        parse_client_message(text)


def test_error_messages_match_the_schema() -> None:
    """An error message carries a code from the schema and an English message."""
    check_message(error_message("illegal_action", "no"))


def test_options_of_other_types_show_as_text() -> None:
    """A config option that is not an int, bool or choice is offered as text."""
    from cardgames.web.messages import _option

    assert _option("title", str, "x") == {
        "name": "title",
        "type": "text",
        "optional": False,
        "default": "x",
        "choices": None,
    }


def test_a_game_without_options_is_stored_with_a_null_config() -> None:
    """A table of a game without a config class stores a config document with null data."""
    from cardgames.serialization import decode_game
    from cardgames.web.store import config_document

    document = config_document(ToyGame())
    assert json.loads(document)["data"] is None
    assert decode_game(document).name == "toy"


def test_a_hints_win_interval_stays_within_zero_and_one() -> None:
    """A hint's win chance interval is cut to [0, 1]; the chips interval is left as it is."""
    from cardgames.advisor import Advice
    from cardgames.simulation import Estimate
    from cardgames.web.messages import hint_message

    game = GAMES["sixes-2p"]
    action = game.legal_actions(game.initial_state(3))[0]
    wide = Estimate(mean=0.1, half_width=0.3)
    advice = Advice(action=action, win=wide, chips=wide, samples=5)
    entry = check_message(hint_message(game, [advice], seq=4))["advice"][0]
    assert entry["win"] == {"mean": 0.1, "low": 0.0, "high": 0.4}
    assert entry["chips"]["low"] < 0
    assert (entry["id"], entry["notation"]) == (game.action_id(action), "play 6d")


def test_the_spectator_view_is_the_public_observation() -> None:
    """spectator_view is ``observe(state, None)``: no hand at all, the table public (S6, P9)."""
    from cardgames.web.messages import spectator_view

    for game in GAMES.values():
        state = game.initial_state(9)
        view = spectator_view(game, state)
        assert view == game.observe(state, None)
        assert view == seat_message(game, state, None).observation
