"""The event stream: redacted per viewer, consistent with the states (issue 5)."""

from __future__ import annotations

import contextlib
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.cards import Card
from cardgames.errors import IllegalActionError, ParseError
from cardgames.events import describe
from cardgames.game import seats
from cardgames.serialization import dumps
from registry import AnyGame, over_games
from strategies import seeds, slow_settings

pytestmark = over_games(lambda info: info.events)


def visible_cards(game: AnyGame, state: object, viewer: int) -> set[Card]:
    """Every card named anywhere in the viewer's observation document."""
    observation = game.observe(state, seats(game.num_players)[viewer])
    return cards_in(json.loads(dumps(game, observation))["data"])


def cards_in(document: object) -> set[Card]:
    """Every string in a JSON document that is a card (actions are public in both games)."""
    found: set[Card] = set()

    def walk(value: object) -> None:
        if isinstance(value, str):
            with contextlib.suppress(ParseError):
                found.add(Card.parse(value))
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)

    walk(document)
    return found


@slow_settings(divisor=10)
@given(seed=seeds(), rng=st.randoms(use_true_random=False))
def test_events_show_only_what_the_viewer_may_see(
    game: AnyGame, seed: int, rng: random.Random
) -> None:
    """A viewer's events name only cards public in the action or in their observations."""
    state = game.initial_state(seed)
    for _ in range(80):
        if game.is_terminal(state):
            break
        actions = game.legal_actions(state)
        action = actions[rng.randrange(len(actions))]
        after = game.apply(state, action)
        for viewer in range(game.num_players):
            events = describe(game, state, action, viewer=viewer, next_state=after)
            assert events
            assert all(event.text for event in events)
            allowed = visible_cards(game, state, viewer) | visible_cards(game, after, viewer)
            allowed |= cards_in(json.loads(dumps(game, action)))
            shown = {card for event in events for card in event.cards}
            assert shown <= allowed
        spectator = describe(game, state, action, viewer=None, next_state=after)
        assert [e.kind for e in spectator] == [e.kind for e in events]
        state = after


def test_describe_rejects_illegal_actions(game: AnyGame) -> None:
    """describe applies the action, so an illegal one raises IllegalActionError."""
    state = game.initial_state(1)
    with pytest.raises(IllegalActionError):
        describe(game, state, None, viewer=0)
