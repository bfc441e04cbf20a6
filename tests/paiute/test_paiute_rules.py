"""Scenario tests for the setup and the turns of Paiute (P1-P10).

The calls, final turns, showdown and money (P11-P21) are in test_paiute_rules_showdown.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardgames.cards import Card, Rank, parse_cards, standard_deck
from cardgames.errors import IllegalActionError, InvalidConfigError
from cardgames.game import PlayerId
from cardgames.paiute import (
    Category,
    DrewFromStock,
    Paiute,
    PaiuteConfig,
    PaiuteState,
    RebuiltStock,
)
from cardgames.paiute.state import NO_EVENTS, unchecked_state
from paiute_scenarios import PILE, STOCK, call, card, discard, play, quiet_turn, start


def all_cards(state: PaiuteState) -> list[Card]:
    cards = [c for hand in state.hands for c in hand]
    return cards + list(state.stock) + list(state.discard_pile)


# --- setup -------------------------------------------------------------------------------------


@pytest.mark.parametrize("num_players", [1, 6, 0, True])
def test_p1_player_count_outside_two_to_five_is_rejected(num_players: Any) -> None:
    """P1: a table has 2 to 5 players."""
    with pytest.raises(InvalidConfigError, match="num_players"):
        PaiuteConfig(num_players=num_players)


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_p1_left_is_the_next_seat_index(num_players: int) -> None:
    """P1: play passes clockwise, to seat + 1 mod n."""
    game = Paiute(PaiuteConfig(num_players=num_players))
    state = start(game, dealer=num_players - 2)
    seen = []
    for _ in range(num_players + 1):
        seen.append(state.current_player)
        state = quiet_turn(game, state)
    assert seen == [(num_players - 1 + i) % num_players for i in range(num_players + 1)]


def test_p2_the_deck_must_be_the_52_card_pack() -> None:
    """P2: an explicit deck must be a permutation of the 52 cards."""
    game = Paiute()
    deck = list(standard_deck())
    with pytest.raises(InvalidConfigError, match="permutation"):
        game.initial_state(0, deck=deck[:-1])
    with pytest.raises(InvalidConfigError, match="permutation"):
        game.initial_state(0, deck=[*deck[:-1], deck[0]])
    with pytest.raises(InvalidConfigError, match="Card"):
        game.initial_state(0, deck=[*deck[:-1], "As"])  # type: ignore[list-item]
    state = game.initial_state(0, deck=deck)
    assert sorted([*all_cards(state), state.wild_card]) == sorted(deck)


def test_p2_aces_rank_high() -> None:
    """P2: A is the highest rank: an ace-high royal flush beats a queen-high straight flush."""
    game = Paiute(PaiuteConfig(num_players=2, final_turns="each_other_player_once"))
    state = start(
        game,
        hands=("Qh Jh Th 8h 2c", "As Ks Qs Js 3c"),
        dealer=1,
        stock="9d Ts",
    )
    state = play(game, state, STOCK, call("2c"), STOCK, discard("3c"))
    result = state.results[-1]
    assert result.values[0] is not None
    assert result.values[0].category is Category.STRAIGHT_FLUSH
    assert result.values[1] is not None
    assert result.values[1].category is Category.ROYAL_FLUSH
    assert result.winners == (1,)


def test_p3_each_player_antes_into_the_pot() -> None:
    """P3: before the deal every player pays the ante into the pot."""
    game = Paiute(PaiuteConfig(num_players=3, ante=2, starting_chips=10))
    state = start(game)
    assert state.pot == 6
    assert state.stacks == (8, 8, 8)
    free = Paiute(PaiuteConfig(num_players=3, ante=0))
    assert start(free).pot == 0


def test_p4_first_dealer_is_random_from_the_seed() -> None:
    """P4: the seed chooses the first dealer; the same seed the same dealer."""
    game = Paiute(PaiuteConfig(num_players=5))
    dealers = {game.initial_state(seed).dealer for seed in range(60)}
    assert dealers == {0, 1, 2, 3, 4}
    assert game.initial_state(11).dealer == game.initial_state(11).dealer
    assert game.initial_state(11, dealer=PlayerId(3)).dealer == 3
    with pytest.raises(InvalidConfigError, match="dealer"):
        game.initial_state(11, dealer=PlayerId(5))


def test_p5_cards_are_dealt_one_at_a_time_from_the_dealers_left() -> None:
    """P5: five cards each, one at a time, starting at the dealer's left."""
    game = Paiute(PaiuteConfig(num_players=3))
    deck = standard_deck()
    state = game.initial_state(0, deck=deck, dealer=PlayerId(1))
    assert state.hands[2] == tuple(sorted(deck[0:15:3]))
    assert state.hands[0] == tuple(sorted(deck[1:15:3]))
    assert state.hands[1] == tuple(sorted(deck[2:15:3]))


def test_p6_the_turned_card_sets_the_wild_rank_and_stays_out() -> None:
    """P6: the card after the deal is turned; its rank is wild; it is out of play."""
    game = Paiute(PaiuteConfig(num_players=2))
    deck = standard_deck()
    state = game.initial_state(0, deck=deck, dealer=PlayerId(0))
    assert state.wild_card == deck[10]
    assert state.wild_rank is deck[10].rank
    assert deck[10] not in all_cards(state)
    assert len(all_cards(state)) == 51


def test_p6_option_wild_card_in_play_lies_under_the_stock() -> None:
    """P6: with wild_indicator_in_play the turned card is the last card of the stock."""
    game = Paiute(PaiuteConfig(num_players=2, wild_indicator_in_play=True))
    state = start(game, wild="9s")
    assert state.stock[-1] == card("9s")
    assert len(all_cards(state)) == 52
    observation = game.observe(state, PlayerId(0))
    assert observation.wild_card_in_stock
    while len(state.stock) > 1:
        state = quiet_turn(game, state)
    state = game.apply(state, STOCK)
    assert state.drawn_card == card("9s")
    player = state.current_player
    assert player is not None
    assert state.history[-1] == DrewFromStock(player=player, card=card("9s"))
    other = game.observe(state, PlayerId(1 - player))
    assert other.drawn_card == card("9s")
    assert not other.wild_card_in_stock


def test_p7_stock_and_first_discard() -> None:
    """P7: the rest is the stock; its top card starts the face-up discard pile."""
    game = Paiute(PaiuteConfig(num_players=2))
    deck = standard_deck()
    state = game.initial_state(0, deck=deck, dealer=PlayerId(0))
    assert state.discard_pile == (deck[11],)
    assert state.stock == deck[12:]
    state = game.apply(state, STOCK)
    assert state.drawn_card == deck[12]


def test_wild_rank_property_matches_the_card() -> None:
    """P6: the state's wild rank is the turned card's rank."""
    state = start(Paiute(PaiuteConfig(num_players=2)), wild="Qs")
    assert state.wild_rank is Rank.QUEEN


# --- turns -------------------------------------------------------------------------------------


def test_p8_dealers_left_plays_first_and_rounds_wrap() -> None:
    """P8: the player on the dealer's left plays first, then clockwise through the dealer."""
    game = Paiute(PaiuteConfig(num_players=4))
    state = start(game, dealer=3)
    assert state.current_player == 0
    order: list[PlayerId | None] = []
    for _ in range(8):
        order.append(state.current_player)
        state = quiet_turn(game, state)
    assert order == [0, 1, 2, 3, 0, 1, 2, 3]
    assert state.turns_played == 8


def test_p9_a_turn_is_one_draw_then_one_discard() -> None:
    """P9: draw exactly one card, then discard one; no passing, no discarding before drawing."""
    game = Paiute(PaiuteConfig(num_players=2))
    state = start(game, dealer=1, stock="Kd")
    assert game.legal_actions(state) == (STOCK, PILE)
    with pytest.raises(IllegalActionError, match=r"draw first.*\(P9\)"):
        game.apply(state, discard("2c"))
    with pytest.raises(IllegalActionError, match=r"P9"):
        game.apply(state, call("2c"))
    drawn = game.apply(state, STOCK)
    assert len(drawn.hands[0]) == 6
    with pytest.raises(IllegalActionError, match=r"exactly one draw.*\(P9\)"):
        game.apply(drawn, STOCK)
    with pytest.raises(IllegalActionError, match=r"not in the player's hand \(P9\)"):
        game.apply(drawn, discard("Ah"))
    after = game.apply(drawn, discard("Kd"))
    assert after.discard_pile[-1] == card("Kd")
    assert after.hands[0] == parse_cards("2c 4d 6h 7c 8s")
    assert after.current_player == 1


def test_p9_a_card_taken_from_the_discard_pile_cannot_be_discarded() -> None:
    """P9: the card taken from the discard pile may not be discarded in the same turn."""
    game = Paiute(PaiuteConfig(num_players=2))
    state = start(game, dealer=1, first="Kd")
    state = game.apply(state, PILE)
    assert state.drawn_from_discard
    assert discard("Kd") not in game.legal_actions(state)
    with pytest.raises(
        IllegalActionError,
        match=r"Discard\(card=Card.parse\('Kd'\)\) is not legal for player 0: a card taken from "
        r"the discard pile cannot be discarded this turn \(P9\)",
    ):
        game.apply(state, discard("Kd"))
    assert game.apply(state, discard("2c")).discard_pile == (card("2c"),)


def test_p10_empty_stock_is_rebuilt_from_the_discards_but_the_top() -> None:
    """P10: drawing from an empty stock shuffles every discard but the top into a new stock."""
    game = Paiute(PaiuteConfig(num_players=2))
    state = start(game, dealer=1)
    while state.stock:
        state = quiet_turn(game, state)
    assert game.stock_needs_rebuild(state)
    pile = state.discard_pile
    order = sorted(pile[:-1], reverse=True)
    rebuilt = game.apply(state, STOCK, stock_order=order)
    assert rebuilt.discard_pile == pile[-1:]
    assert rebuilt.drawn_card == order[0]
    assert rebuilt.stock == tuple(order[1:])
    assert rebuilt.history[-2] == RebuiltStock(cards=tuple(sorted(pile[:-1])))
    assert card("9s") not in rebuilt.stock
    default = game.apply(state, STOCK)
    assert default == game.apply(state, STOCK)
    assert sorted(default.stock) == sorted(set(pile[:-1]) - {default.drawn_card})


def test_p10_stock_order_is_validated() -> None:
    """P10: an injected stock order must be a permutation of the discards being shuffled."""
    game = Paiute(PaiuteConfig(num_players=2))
    state = start(game, dealer=1)
    with pytest.raises(InvalidConfigError, match="stock_order"):
        game.apply(state, STOCK, stock_order=list(state.stock))
    while state.stock:
        state = quiet_turn(game, state)
    with pytest.raises(InvalidConfigError, match="permutation"):
        game.apply(state, STOCK, stock_order=list(state.discard_pile))
    with pytest.raises(InvalidConfigError, match="stock_order"):
        game.apply(state, PILE, stock_order=list(state.discard_pile[:-1]))


def test_p10_option_reshuffle_every_discard() -> None:
    """P10: with reshuffle_keep_top_discard=False the whole discard pile becomes the stock."""
    game = Paiute(PaiuteConfig(num_players=2, reshuffle_keep_top_discard=False))
    state = start(game, dealer=1)
    while state.stock:
        state = quiet_turn(game, state)
    pile = state.discard_pile
    rebuilt = game.apply(state, STOCK, stock_order=pile)
    assert rebuilt.discard_pile == ()
    assert rebuilt.drawn_card == pile[0]
    assert discard(str(pile[0])) in game.legal_actions(rebuilt)


def test_p10_drawing_from_an_empty_stock_and_pile_is_illegal() -> None:
    """P10: with no stock and nothing below the top discard, drawing from the stock is illegal.

    With a 52-card deck this cannot arise in play (at least 20 cards are always outside the
    hands), so the position is built directly.
    """
    game = Paiute(PaiuteConfig(num_players=2))
    state = start(game, dealer=1)
    bare = unchecked_state(
        state.table,
        state.hand_indices,
        (),
        state.pile_indices,
        0,
        None,
        0,
        None,
        None,
        (),
        NO_EVENTS,
    )
    assert game.legal_actions(bare) == (PILE,)
    with pytest.raises(IllegalActionError, match=r"below its top card are both empty.*\(P10\)"):
        game.apply(bare, STOCK)
