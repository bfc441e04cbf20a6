"""Paiute action notation and the per-action events a front end shows (P6-P21)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardgames.cards import Card, parse_cards
from cardgames.errors import ParseError
from cardgames.events import Event
from cardgames.game import PlayerId
from cardgames.paiute import (
    NUM_DISTINCT_ACTIONS,
    Call,
    Discard,
    DrawDiscard,
    DrawStock,
    Paiute,
    PaiuteAction,
    PaiuteConfig,
    PaiuteState,
    ShowSix,
    action_from_id,
    deck_for_deal,
    format_action,
    parse_action,
)
from cardgames.paiute.notation import describe

STOCK = DrawStock()


def test_notation_round_trips_for_every_action() -> None:
    """P9, P11, P13: every action's notation parses back to it."""
    for i in range(NUM_DISTINCT_ACTIONS):
        action = action_from_id(i)
        assert parse_action(format_action(action)) == action
        assert parse_action(format_action(action).upper()) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("stock", DrawStock()),
        ("  Draw   Stock ", DrawStock()),
        ("pile", DrawDiscard()),
        ("take discard", DrawDiscard()),
        ("discard 10♥", Discard(card=Card.parse("Th"))),
        ("call 7h", Call(discard=Card.parse("7h"))),
        ("call six", Call(discard=None)),
        ("show", ShowSix()),
    ],
)
def test_notation_aliases(text: str, action: PaiuteAction) -> None:
    """P9, P11, P13: short forms name the same actions."""
    assert parse_action(text) == action


@pytest.mark.parametrize("text", ["", "discard", "discard zz", "call 1x", "fold", "draw", 7])
def test_bad_notation_raises_parse_error(text: Any) -> None:
    """P9: text that names no action raises ParseError quoting it."""
    with pytest.raises(ParseError, match="as a Paiute action"):
        parse_action(text)


def _session() -> tuple[Paiute, PaiuteState]:
    game = Paiute(PaiuteConfig(num_players=3, deals=2))
    deck = deck_for_deal(
        dealer=2,
        hands=["Ah Kh Qh Jh 3c", "5s 5d 8c 8d 2h", "Kc Kd 4s 4h 6c"],
        wild_card="9s",
        first_discard="Th",
        stock="9d Ks",
    )
    return game, game.initial_state(0, deck=deck, dealer=PlayerId(2))


def _events(
    game: Paiute,
    state: PaiuteState,
    action: PaiuteAction,
    viewer: int | None,
    *,
    reveal_all: bool = False,
) -> tuple[tuple[Event, ...], PaiuteState]:
    after = game.apply(state, action)
    seat = None if viewer is None else PlayerId(viewer)
    return describe(game, state, action, after, seat, reveal_all), after


def test_events_of_a_deal_hide_only_what_each_viewer_may_not_see() -> None:
    """P9, P11, P13, P14, P18, P20: draws, calls, shows, showdown, payout and the next deal."""
    game, state = _session()
    events, state = _events(game, state, DrawDiscard(), None)
    assert [(e.kind, e.cards) for e in events] == [("draw_discard", (Card.parse("Th"),))]
    events, state = _events(game, state, Call(discard=Card.parse("3c")), 2)
    assert events[0].kind == "call"
    assert events[0].text.endswith("Royal flush")
    mine, _ = _events(game, state, STOCK, 1)
    theirs, _ = _events(game, state, STOCK, 2)
    spectator, _ = _events(game, state, STOCK, None, reveal_all=True)
    assert mine[0].cards == (Card.parse("9d"),)
    assert mine[0].hidden == 0
    assert theirs[0].cards == ()
    assert theirs[0].hidden == 1
    assert theirs[0].text == "player 1 draws a card from the stock"
    assert spectator[0].cards == (Card.parse("9d"),)
    state = game.apply(state, STOCK)
    events, state = _events(game, state, ShowSix(), 0)
    assert [e.kind for e in events] == ["show_six"]
    state = game.apply(state, STOCK)
    events, after = _events(game, state, Discard(card=Card.parse("6c")), 0)
    kinds = [e.kind for e in events]
    assert kinds == ["discard", "showdown", "showdown", "showdown", "pot_awarded", "deal"]
    assert events[4].player == 0
    assert events[4].chips == 3
    assert events[5].cards == after.hands[0]
    assert events[5].hidden == 10
    assert events[5].player == 0


def test_events_of_a_dealer_call_that_ends_the_session() -> None:
    """P12, P20: a dealer's call ends the deal at once; the last deal ends the session."""
    game = Paiute(PaiuteConfig(num_players=2))
    deck = deck_for_deal(
        dealer=1,
        hands=["2c 4d 6h 8s 7c", "Ah Kh Qh Jh 3c"],
        wild_card="9s",
        first_discard="3h",
        stock="Kd Th",
    )
    state = game.initial_state(0, deck=deck, dealer=PlayerId(1))
    state = game.apply(game.apply(state, STOCK), Discard(card=Card.parse("Kd")))
    state = game.apply(state, STOCK)
    events, after = _events(game, state, Call(discard=Card.parse("3c")), 0)
    assert after.is_over
    assert [e.kind for e in events] == ["call", "showdown", "showdown", "pot_awarded", "game_over"]
    assert events[0].cards == parse_cards("Th Jh Qh Kh Ah")
    assert events[-1].text == "session over: player 1 won"


def test_events_of_void_deals_and_rebuilds() -> None:
    """P10, P21: a rebuilt stock and a void deal are announced."""
    game = Paiute(PaiuteConfig(num_players=2, max_turns=60))
    rng = random.Random(0)
    state = game.initial_state(4)
    kinds: set[str] = set()
    while not game.is_terminal(state):
        actions = [a for a in game.legal_actions(state) if not isinstance(a, Call | DrawDiscard)]
        action = actions[rng.randrange(len(actions))]
        events, state = _events(game, state, action, 0)
        kinds.update(event.kind for event in events)
        assert all(event.text for event in events)
    assert {"stock_rebuilt", "deal_void", "game_over", "draw_stock", "discard"} <= kinds
