"""Scenarios from the rules audit of P1-P21.

The error-message scenarios failed before their fixes; the others pin down readings the audit
checked (six-card hands at the showdown, the turned wild card and rebuilds). The scenario
helpers are in tests/paiute_scenarios.py.
"""

from __future__ import annotations

import re

import pytest

from cardgames.errors import IllegalActionError
from cardgames.paiute import Paiute, PaiuteConfig, RebuiltStock, ShowSix
from paiute_scenarios import JUNK, STOCK, call, discard, play, quiet_turn, start

CALLER_HAND = "Ah Kh Qh Jh 3c"
"""Completed to a royal flush by drawing Th."""


def test_p9_a_non_action_error_names_the_player_and_the_rules() -> None:
    """P9: a value that is no Paiute action is refused naming the player and the rule ids."""
    game = Paiute(PaiuteConfig(num_players=2))
    state = start(game, dealer=1)
    for junk in (None, "DrawStock", 3):
        with pytest.raises(IllegalActionError) as raised:
            game.apply(state, junk)  # type: ignore[arg-type]
        message = str(raised.value)
        assert message.startswith(f"{junk!r} is not legal for player 0: ")
        assert "not a Paiute action" in message
        assert re.search(r"\(P9", message), message


def test_p13_a_second_draw_in_a_final_turn_points_to_discard_or_show_six() -> None:
    """P13: in a final turn the error for a second draw offers a discard or ShowSix, not a call."""
    game = Paiute(PaiuteConfig(num_players=2, final_turns="each_other_player_once"))
    state = start(game, hands=(JUNK[0], CALLER_HAND), dealer=1, stock="Kd Th 5s")
    state = play(game, state, STOCK, discard("Kd"), STOCK, call("3c"), STOCK)
    with pytest.raises(IllegalActionError, match=r"exactly one draw; now discard or show six.*P13"):
        game.apply(state, STOCK)
    before_call = play(game, start(game, dealer=1), STOCK)
    with pytest.raises(IllegalActionError, match=r"exactly one draw; now discard or call \(P9\)"):
        game.apply(before_call, STOCK)


def test_p14_a_non_callers_six_cards_beat_the_callers_lower_six_cards() -> None:
    """P14, P17: a higher Two/Two/Two shown in a final turn beats the caller's; equal ones tie."""
    game = Paiute(PaiuteConfig(num_players=2, final_turns="each_other_player_once"))
    state = start(game, hands=("2h 2d 3c 3d 4s", "Ac As Ks Kh Qh"), dealer=1, stock="4h Qd")
    state = play(game, state, STOCK, call(None), STOCK, ShowSix())
    result = state.results[-1]
    assert result.caller == 0
    assert str(result.values[1]) == "Two/Two/Two: aces, kings and queens"
    assert result.winners == (1,)
    assert state.stacks == (19, 21)
    tie = start(
        game, hands=("2h 2d 3c 3d 4s", "2c 2s 3h 3s 4c"), dealer=1, first="5c", stock="4h 4d"
    )
    tie = play(game, tie, STOCK, call(None), STOCK, ShowSix())
    assert tie.results[-1].winners == (0, 1)
    assert tie.stacks == (20, 20)


def test_p10_the_turned_wild_card_never_joins_a_rebuilt_stock() -> None:
    """P6, P10: rebuilds shuffle the discards but the top one; the turned card stays out."""
    game = Paiute(PaiuteConfig(num_players=2, max_turns=120))
    state = start(game, dealer=1)
    rebuilds = 0
    while not game.is_terminal(state):
        top = state.top_discard
        following = quiet_turn(game, state)
        if game.is_terminal(following):
            break
        events = following.history[len(state.history) :]
        for event in events:
            if isinstance(event, RebuiltStock):
                rebuilds += 1
                assert state.wild_card not in event.cards
                assert top not in event.cards
                assert following.discard_pile[0] == top
        assert state.wild_card not in following.stock
        state = following
    assert rebuilds >= 2


def test_p11_calling_before_the_draw_cites_the_calling_rule() -> None:
    """P11: a call before drawing is refused citing P11 (only after drawing) as well as P9."""
    game = Paiute(PaiuteConfig(num_players=2))
    state = start(game, hands=(JUNK[0], CALLER_HAND), dealer=1, stock="Th")
    with pytest.raises(IllegalActionError, match=r"call only after drawing.*\(P9, P11\)"):
        game.apply(state, call("3c"))
    with pytest.raises(IllegalActionError, match=r"draw first.*\(P9\)$"):
        game.apply(state, discard("2c"))
