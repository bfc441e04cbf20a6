"""Scenario tests for calling, final turns, the showdown, money and sessions (P11-P21).

The scenario helpers are in tests/paiute_scenarios.py.
"""

from __future__ import annotations

import random

import pytest

from cardgames.cards import parse_cards
from cardgames.errors import IllegalActionError, InvalidConfigError
from cardgames.paiute import (
    Call,
    Called,
    Category,
    Discard,
    Paiute,
    PaiuteConfig,
    PaiuteState,
    ShowSix,
    deck_for_deal,
)
from paiute_scenarios import JUNK, PILE, STOCK, call, card, discard, play, quiet_turn, start

# --- calling -----------------------------------------------------------------------------------


def test_p11_call_with_five_cards_after_a_discard() -> None:
    """P11(a): after drawing, discard one card and show five that form a combination."""
    game = Paiute(PaiuteConfig(num_players=2))
    state = start(game, hands=("Ah Kh Qh Jh 3c", JUNK[0]), dealer=1, stock="Th")
    with pytest.raises(IllegalActionError, match="P9"):
        game.apply(state, call("3c"))
    state = game.apply(state, STOCK)
    assert call("3c") in game.legal_actions(state)
    assert call("Ah") not in game.legal_actions(state)
    with pytest.raises(IllegalActionError, match=r"no five-card combination \(P11, P15\)"):
        game.apply(state, call("Ah"))
    called = game.apply(state, call("3c"))
    event = called.history[-1]
    assert isinstance(event, Called)
    assert event.value.category is Category.ROYAL_FLUSH
    assert event.shown == parse_cards("Th Jh Qh Kh Ah")
    assert called.caller == 0
    assert called.discard_pile[-1] == card("3c")


def test_p11_call_with_six_cards_and_the_choice_between_both() -> None:
    """P11(b): show all six if they form a six-card combination; the player chooses."""
    game = Paiute(PaiuteConfig(num_players=2))
    state = start(game, hands=("5h 5d 5c 5s 6h", JUNK[1]), dealer=1, stock="9c")
    state = game.apply(state, STOCK)
    calls = [a for a in game.legal_actions(state) if isinstance(a, Call)]
    assert calls == [call("6h"), call(None)]
    options = game.call_options(state)
    assert [str(o.value) for o in options] == [
        "Five of a kind: fives",
        "Four/Two: fives over sixes",
    ]
    six = game.apply(state, call(None))
    assert len(six.hands[0]) == 6
    assert six.history[-1].value.category is Category.FOUR_TWO  # type: ignore[union-attr]


def test_p11_no_call_without_a_combination_and_not_with_the_pile_card() -> None:
    """P11: calling needs a combination, and the P9 restriction applies to the call's discard."""
    game = Paiute(PaiuteConfig(num_players=2))
    state = start(game, hands=("Ah Kh Qh Jh 3c", JUNK[0]), dealer=1, first="Th")
    state = game.apply(state, PILE)
    assert call("Th") not in game.legal_actions(state)
    with pytest.raises(IllegalActionError, match="discard pile cannot be discarded"):
        game.apply(state, call("Th"))
    assert call("3c") in game.legal_actions(state)
    junk = start(game, dealer=1)
    junk = game.apply(junk, STOCK)
    assert not any(isinstance(a, Call) for a in game.legal_actions(junk))
    with pytest.raises(IllegalActionError, match=r"no six-card combination \(P11, P15\)"):
        game.apply(junk, call(None))


# --- final turns -------------------------------------------------------------------------------

CALLER_HAND = "Ah Kh Qh Jh 3c"
"""Completed to a royal flush by drawing Th."""


def _four_player_call(final_turns: str, caller: int) -> tuple[Paiute, PaiuteState]:
    """Dealer 0; seat ``caller`` draws Th on its first turn and calls (others pass quietly)."""
    game = Paiute(PaiuteConfig(num_players=4, final_turns=final_turns))
    hands = list(JUNK[:4])
    hands[caller] = CALLER_HAND
    turn = (caller - 1) % 4
    stock = " ".join([*["Kd", "Qd", "Jd"][:turn], "Th", "5s", "5c", "5d", "3s"])
    state = start(game, hands=tuple(hands), dealer=0, stock=stock)
    while state.current_player != caller:
        state = quiet_turn(game, state)
    state = play(game, state, STOCK, call("3c"))
    assert state.caller == caller
    return game, state


def _final_turn_players(game: Paiute, state: PaiuteState) -> list[int]:
    players: list[int] = []
    while not game.is_terminal(state):
        assert state.current_player is not None
        players.append(state.current_player)
        state = quiet_turn(game, state)
    assert state.results[-1].caller is not None
    return players


def test_p12_complete_round_non_dealer_caller() -> None:
    """P12: after a non-dealer calls, the players after the caller up to the dealer play once."""
    game, state = _four_player_call("complete_round", caller=2)
    assert state.last_to_play == 0
    assert _final_turn_players(game, state) == [3, 0]


def test_p12_complete_round_dealer_caller_ends_at_once() -> None:
    """P12: if the dealer calls, play stops at once."""
    game, state = _four_player_call("complete_round", caller=0)
    assert game.is_terminal(state)
    assert state.results[-1].winners == (0,)


def test_p12_each_other_player_once_non_dealer_caller() -> None:
    """P12: with each_other_player_once every other player gets one more turn."""
    game, state = _four_player_call("each_other_player_once", caller=2)
    assert _final_turn_players(game, state) == [3, 0, 1]


def test_p12_each_other_player_once_dealer_caller() -> None:
    """P12: with each_other_player_once even a dealer's call gives every other player a turn."""
    game, state = _four_player_call("each_other_player_once", caller=0)
    assert _final_turn_players(game, state) == [1, 2, 3]


def test_p13_final_turn_is_draw_then_discard_or_show_six() -> None:
    """P13: a final turn draws; then discards (showing five) or shows a six-card combination."""
    game = Paiute(PaiuteConfig(num_players=2, final_turns="each_other_player_once"))
    state = start(game, hands=("5h 5d 5c 6s 6h", CALLER_HAND), dealer=1, stock="Kd Th 6d")
    state = play(game, state, STOCK, discard("Kd"), STOCK, call("3c"))
    assert game.legal_actions(state) == (STOCK, PILE)
    with pytest.raises(IllegalActionError, match="draw first"):
        game.apply(state, ShowSix())
    drawn = game.apply(state, STOCK)
    actions = game.legal_actions(drawn)
    assert actions[-1] == ShowSix()
    assert not any(isinstance(a, Call) for a in actions)
    with pytest.raises(IllegalActionError, match=r"already called.*\(P12, P13\)"):
        game.apply(drawn, call(None))
    shown = game.apply(drawn, ShowSix())
    assert game.is_terminal(shown)
    assert len(shown.results[-1].shown[0]) == 6
    kept = game.apply(drawn, discard("6d"))
    assert game.is_terminal(kept)
    assert len(kept.results[-1].shown[0]) == 5


def test_p13_final_turn_keeps_the_p9_restriction_and_no_show_six_without_a_combination() -> None:
    """P13: the P9 restriction applies in a final turn; ShowSix needs a six-card combination."""
    game = Paiute(PaiuteConfig(num_players=2, final_turns="each_other_player_once"))
    state = start(game, hands=(JUNK[0], CALLER_HAND), dealer=1, stock="Kd Th")
    state = play(game, state, STOCK, discard("Kd"), STOCK, call("3c"))
    state = game.apply(state, PILE)
    assert discard("3c") not in game.legal_actions(state)
    assert ShowSix() not in game.legal_actions(state)
    with pytest.raises(IllegalActionError, match="P9"):
        game.apply(state, discard("3c"))
    with pytest.raises(IllegalActionError, match=r"no six-card combination \(P13, P15\)"):
        game.apply(state, ShowSix())
    with pytest.raises(IllegalActionError, match="only for a final turn"):
        game.apply(game.apply(start(game, dealer=0), STOCK), ShowSix())


# --- showdown and hand values ------------------------------------------------------------------


def test_p14_showdown_only_combinations_win_and_the_caller_qualifies() -> None:
    """P14: every hand is shown; hands without a combination cannot win; the caller can."""
    game, state = _four_player_call("complete_round", caller=2)
    while not game.is_terminal(state):
        state = quiet_turn(game, state)
    result = state.results[-1]
    assert result.shown[1] == tuple(sorted(parse_cards(JUNK[1])))
    assert [v is not None for v in result.values] == [False, False, True, False]
    assert result.winners == (2,)
    assert state.stacks == (19, 19, 23, 19)


def test_p15_a_five_card_combination_beats_a_six_card_one() -> None:
    """P15: a straight flush shown in a final turn beats the caller's Four/Two."""
    game = Paiute(PaiuteConfig(num_players=2, final_turns="each_other_player_once"))
    state = start(game, hands=("Ah Ad Ac Kd Ks", "8c 7c 6c 5c Qd"), dealer=1, stock="As 4c")
    state = play(game, state, STOCK, call(None), STOCK, discard("Qd"))
    result = state.results[-1]
    assert result.values[0].category is Category.FOUR_TWO  # type: ignore[union-attr]
    assert result.values[1].category is Category.STRAIGHT_FLUSH  # type: ignore[union-attr]
    assert result.winners == (1,)


def test_p16_wild_cards_complete_combinations_at_the_showdown() -> None:
    """P16: a 9 (wild) stands for any card; five shown cards count only as 5-card hands."""
    game = Paiute(PaiuteConfig(num_players=2, final_turns="each_other_player_once"))
    state = start(game, hands=("Qd Jd Td 8d 2c", "Ah Kh Jh 9c 4s"), dealer=1, stock="9d 9h")
    state = play(game, state, STOCK, call("2c"))
    assert str(state.history[-1].value) == "Straight flush: queen high"  # type: ignore[union-attr]
    state = play(game, state, STOCK, discard("4s"))
    result = state.results[-1]
    assert result.values[1].category is Category.ROYAL_FLUSH  # type: ignore[union-attr]
    assert result.winners == (1,)


@pytest.mark.parametrize(("tiebreak", "winners"), [("by_rank", (1,)), ("category_only", (0, 1))])
def test_p17_tiebreak_option(tiebreak: str, winners: tuple[int, ...]) -> None:
    """P17: straight flushes compare by top card, or tie under category_only."""
    game = Paiute(
        PaiuteConfig(num_players=2, final_turns="each_other_player_once", tiebreak=tiebreak)
    )
    state = start(
        game, hands=("8d 7d 6d 5d 2c", "Kc Qc Jc Tc 3d"), dealer=1, wild="3s", stock="4d 9c"
    )
    state = play(game, state, STOCK, call("2c"), STOCK, discard("3d"))
    assert state.results[-1].winners == winners


def test_p17_royal_flushes_always_tie() -> None:
    """P17: two royal flushes tie whatever their suits or wilds; the pot is split."""
    game = Paiute(PaiuteConfig(num_players=2, final_turns="each_other_player_once"))
    state = start(game, hands=("Ad Kd Qd Jd 2c", "Ac Kc Qc Jc 3d"), dealer=1, stock="Td 9c")
    state = play(game, state, STOCK, call("2c"), STOCK, discard("3d"))
    assert state.results[-1].winners == (0, 1)
    assert state.stacks == (20, 20)


# --- money and sessions ------------------------------------------------------------------------


def test_p18_split_pot_odd_chips_go_clockwise_from_the_dealers_left() -> None:
    """P18: tied winners split; odd chips go one each clockwise from the dealer's left."""
    game = Paiute(PaiuteConfig(num_players=3, ante=1, starting_chips=5))
    hands = ("Ad Kd Qd Jd 2c", JUNK[1], "Ac Kc Qc Jc 3d")
    state = start(game, hands=hands, dealer=2, stock="Td 4s Tc")
    assert state.pot == 3
    state = play(game, state, STOCK, discard("2c"), STOCK, discard("4s"), STOCK, call("3d"))
    assert game.is_terminal(state)
    result = state.results[-1]
    assert result.winners == (0, 2)
    assert result.winnings == (2, 0, 1)
    assert state.stacks == (6, 4, 5)
    assert game.returns(state) == (1, -1, 0)


def test_p18_chips_are_conserved() -> None:
    """P18: the stacks plus the pot never change over a whole session."""
    game = Paiute(PaiuteConfig(num_players=3, deals=6, max_turns=40, ante=2))
    rng = random.Random(5)
    state = game.initial_state(5)
    while not game.is_terminal(state):
        assert sum(state.stacks) + state.pot == 60
        actions = game.legal_actions(state)
        state = game.apply(state, actions[rng.randrange(len(actions))])
    assert sum(state.stacks) == 60
    assert sum(game.returns(state)) == 0


def test_p19_session_ends_before_a_deal_someone_cannot_ante() -> None:
    """P19: each starts with starting_chips; the session ends when a player cannot ante."""
    game = Paiute(PaiuteConfig(num_players=2, ante=5, starting_chips=5, deals=3))
    state = start(game, hands=(CALLER_HAND, JUNK[1]), dealer=1, stock="Th")
    assert state.stacks == (0, 0)
    state = play(game, state, STOCK, call("3c"), STOCK, discard(str(card("2c"))))
    assert game.is_terminal(state)
    assert len(state.results) == 1
    assert state.stacks == (10, 0)
    assert game.returns(state) == (5, -5)
    assert game.standings(state) == ((0, 5), (1, -5))
    assert game.winners(state) == {0}
    with pytest.raises(InvalidConfigError, match="starting_chips"):
        PaiuteConfig(ante=3, starting_chips=2)


def test_p20_the_deal_passes_left_with_a_new_wild_card() -> None:
    """P20: a session is several deals; the deal passes one seat left, a new wild card each."""
    game = Paiute(PaiuteConfig(num_players=3, deals=2, max_turns=3))
    state = start(game, dealer=2)
    next_deck = deck_for_deal(
        dealer=0, hands=JUNK[2:5], wild_card="Kh", first_discard="Qh", stock="Ah"
    )
    state = quiet_turn(game, state)
    state = quiet_turn(game, state)
    state = game.apply(state, STOCK)
    assert state.drawn_card is not None
    with pytest.raises(InvalidConfigError, match="next_deck"):
        game.apply(quiet_turn(game, start(game, dealer=2)), STOCK, next_deck=next_deck)
    state = game.apply(state, Discard(card=state.drawn_card), next_deck=next_deck)
    assert state.deal_number == 1
    assert state.dealer == 0
    assert state.current_player == 1
    assert state.wild_card == card("Kh")
    assert state.hands[0] == tuple(sorted(parse_cards(JUNK[2])))
    assert len(state.results) == 1
    while not game.is_terminal(state):
        state = quiet_turn(game, state)
    assert len(state.results) == 2


def test_p20_later_deals_are_shuffled_reproducibly_from_the_seed() -> None:
    """P20: later deals come from the seed: same seed, same deals; different seeds differ."""
    game = Paiute(PaiuteConfig(num_players=2, deals=3, max_turns=2))

    def second_deal(seed: int) -> PaiuteState:
        state = game.initial_state(seed)
        while state.deal_number == 0:
            state = quiet_turn(game, state)
        return state

    assert second_deal(1) == second_deal(1)
    assert second_deal(1).hands != second_deal(2).hands


def test_p21_max_turns_voids_a_deal_and_carries_the_pot() -> None:
    """P21: after max_turns turns without a call the deal is void; the pot carries over."""
    game = Paiute(PaiuteConfig(num_players=2, deals=2, max_turns=4, ante=1))
    state = start(game, dealer=1)
    for _ in range(4):
        assert state.deal_number == 0
        state = quiet_turn(game, state)
    assert state.deal_number == 1
    assert state.results[-1].is_void
    assert state.results[-1].pot == 2
    assert state.pot == 4
    assert state.stacks == (18, 18)
    while not game.is_terminal(state):
        state = quiet_turn(game, state)
    assert state.stacks == (20, 20)
    assert state.pot == 0
    assert game.returns(state) == (0, 0)
    assert game.winners(state) == {0, 1}


def test_p21_a_call_on_the_last_turn_still_gets_its_final_turns() -> None:
    """P21: max_turns only voids deals without a call; a call's final turns are played."""
    game = Paiute(PaiuteConfig(num_players=2, max_turns=2, final_turns="each_other_player_once"))
    state = start(game, hands=(JUNK[0], CALLER_HAND), dealer=1, stock="Kd Th")
    state = play(game, state, STOCK, discard("Kd"), STOCK, call("3c"))
    assert not game.is_terminal(state)
    state = quiet_turn(game, state)
    assert game.is_terminal(state)
    assert state.results[-1].winners == (1,)
