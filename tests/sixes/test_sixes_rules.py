"""Scenario tests: one or more hand-built positions for each rule S1-S12 of rules/sixes.md."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence

import pytest

from cardgames.cards import Card, forty_card_deck, parse_cards
from cardgames.errors import IllegalActionError, InvalidConfigError
from cardgames.game import PlayerId
from cardgames.sixes import (
    PASS,
    SIXES_DECK,
    SIXES_ORDER,
    BrokePass,
    Direction,
    GameEnd,
    Pass,
    Play,
    Sixes,
    SixesConfig,
    SixesState,
    SixesTurn,
    deck_for_hands,
)
from cardgames.sixes.deck import mask_of_cards

FOUR = Sixes(SixesConfig(num_players=4))
SIX_D = Card.parse("6d")


def cards(text: str) -> tuple[Card, ...]:
    """Parse cards such as ``"6d 7d Js"``."""
    return parse_cards(text)


def play(text: str) -> Play:
    """The play of one card, such as ``play("7s")``."""
    return Play(card=Card.parse(text))


def fill_hands(num_players: int, fixed: Mapping[int, str]) -> list[str]:
    """Full hands of 40/n cards: the ``fixed`` seats as given, the rest filled in deck order."""
    size = 40 // num_players
    taken = {card for text in fixed.values() for card in cards(text)}
    rest = [card for card in SIXES_DECK if card not in taken]
    hands = []
    for seat in range(num_players):
        if seat in fixed:
            hand = list(cards(fixed[seat]))
        else:
            hand, rest = rest[:size], rest[size:]
        assert len(hand) == size, f"seat {seat} needs {size} cards"
        hands.append(" ".join(str(card) for card in hand))
    return hands


def deck_for(
    hands: Sequence[str], *, dealer: int, direction: Direction = Direction.CLOCKWISE
) -> tuple[Card, ...]:
    """A deck order from which ``dealer`` deals ``hands[s]`` to each seat ``s`` (S4, S11)."""
    return deck_for_hands([cards(hand) for hand in hands], dealer=dealer, direction=direction)


def position(
    hands: Sequence[str],
    *,
    stacks: Sequence[int],
    to_play: int,
    pot: int = 0,
    opener: int = 0,
    dealer: int = 0,
    settled: Sequence[int] | None = None,
    round_number: int = 1,
    stack_emptied: bool = False,
) -> SixesState:
    """A mid-round state: the table holds every card not in ``hands`` (validated)."""
    masks = tuple(mask_of_cards(cards(hand)) for hand in hands)
    held = 0
    for mask in masks:
        held |= mask
    table = ((1 << 40) - 1) & ~held
    if settled is None:
        settled = [stacks[0] + pot, *stacks[1:]]
    return SixesState(
        hand_masks=masks,
        table_mask=table,
        stacks=tuple(stacks),
        pot=pot,
        settled_stacks=tuple(settled),
        dealer=PlayerId(dealer),
        to_play=PlayerId(to_play),
        round_number=round_number,
        history=(SixesTurn(PlayerId(opener), Play(SIX_D)),) if table else (),
        stack_emptied=stack_emptied,
        chance_key=0,
    )


def random_walk(
    game: Sixes, state: SixesState, rng: random.Random, *, max_actions: int = 100_000
) -> list[SixesState]:
    """Every state of a random playout from ``state`` to the end."""
    states = [state]
    while not game.is_terminal(state):
        assert len(states) <= max_actions, "the game did not end"
        actions = game.legal_actions(state)
        state = game.apply(state, actions[rng.randrange(len(actions))])
        states.append(state)
    return states


def illegal(message: str) -> pytest.RaisesExc[IllegalActionError]:
    return pytest.raises(IllegalActionError, match=re.escape(message))


def first_action_playout_to_round(game: Sixes, state: SixesState, round_number: int) -> SixesState:
    """Play the first legal action until ``round_number`` starts (or the game ends)."""
    while state.round_number < round_number and not game.is_terminal(state):
        state = game.apply(state, game.legal_actions(state)[0])
    return state


# S1 Players


def test_s1_default_is_five_players_with_eight_cards_each() -> None:
    """S1: the default table seats five players, dealt eight cards each."""
    game = Sixes()
    state = game.initial_state(seed=1)
    assert game.num_players == 5 == game.config.num_players
    assert state.hand_sizes == (8, 8, 8, 8, 8)


@pytest.mark.parametrize("num_players", [2, 4, 5, 8])
def test_s1_player_counts_that_divide_forty(num_players: int) -> None:
    """S1: 2, 4, 5 and 8 players each get an equal share of the 40 cards."""
    state = Sixes(SixesConfig(num_players=num_players)).initial_state(seed=2)
    assert state.hand_sizes == (40 // num_players,) * num_players


@pytest.mark.parametrize("num_players", [0, 1, 3, 6, 7, 10, True, "4", 4.0])
def test_s1_other_player_counts_are_rejected(num_players: object) -> None:
    """S1: any other player count is an InvalidConfigError naming S1."""
    with pytest.raises(InvalidConfigError, match=r"\(S1\)"):
        SixesConfig(num_players=num_players)  # type: ignore[arg-type]


# S2 Deck


def test_s2_the_deck_is_forty_cards_ordered_ace_to_king() -> None:
    """S2: 40 cards without 8s, 9s and 10s; within a suit A 2 3 4 5 6 7 J Q K."""
    assert len(SIXES_DECK) == 40
    assert set(SIXES_DECK) == set(forty_card_deck())
    assert " ".join(str(rank) for rank in SIXES_ORDER.ranks) == "A 2 3 4 5 6 7 J Q K"


def test_s2_seven_and_jack_are_adjacent() -> None:
    """S2: a J extends a column whose top card is the 7."""
    state = position(["Js Ks", "As 2s 3s 4s 5s Qs"], stacks=(5, 5), to_play=0)
    assert state.columns[3] == cards("6s 7s")
    assert FOUR.legal_actions(state) == (play("Js"),)
    after = FOUR.apply(state, play("Js"))
    assert after.columns[3] == cards("6s 7s Js")


def test_s2_cards_outside_the_deck_cannot_be_played() -> None:
    """S2: an 8 is not a Sixes card; playing one is illegal and names S2."""
    state = FOUR.initial_state(seed=3)
    with illegal("8♠ is not in the 40-card Sixes deck (S2)"):
        FOUR.apply(state, play("8s"))


@pytest.mark.parametrize(
    "deck",
    [
        SIXES_DECK[:-1],
        (*SIXES_DECK[:-1], SIXES_DECK[0]),
        (*SIXES_DECK[:-1], Card.parse("8s")),
        (*SIXES_DECK, Card.parse("8s")),
        ("6d",) * 40,
        [[1]] * 40,
    ],
)
def test_s2_a_deck_must_be_a_permutation_of_the_forty_cards(deck: object) -> None:
    """S2: an explicit deck that is not an order of the 40 cards is rejected."""
    with pytest.raises(InvalidConfigError, match=r"\(S2\)"):
        FOUR.initial_state(seed=0, deck=deck)  # type: ignore[arg-type]
    with pytest.raises(InvalidConfigError, match=r"\(S2\)"):
        FOUR.initial_state(seed=0, later_decks=[deck])  # type: ignore[list-item]


# S3 Chips


@pytest.mark.parametrize("chips", [1, 10, 15])
def test_s3_every_stack_starts_equal_and_the_pot_empty(chips: int) -> None:
    """S3: every player starts with starting_chips; there is no ante."""
    game = Sixes(SixesConfig(starting_chips=chips))
    state = game.initial_state(seed=4)
    assert state.stacks == (chips,) * 5
    assert state.pot == 0
    assert game.returns(state) == (0,) * 5
    assert Sixes().config.starting_chips == 10


@pytest.mark.parametrize("chips", [0, -1, True, 2.5, None])
def test_s3_starting_chips_must_be_positive(chips: object) -> None:
    """S3: starting_chips below 1 (or not an int) is rejected."""
    with pytest.raises(InvalidConfigError, match=r"\(S3\)"):
        SixesConfig(starting_chips=chips)  # type: ignore[arg-type]


def test_s3_the_pot_starts_every_round_empty() -> None:
    """S3: whenever a new round starts its pot is empty, stacks holding every chip."""
    game = Sixes(SixesConfig(num_players=4, max_rounds=8))
    states = random_walk(game, game.initial_state(seed=5), random.Random(5))
    starts = [s for s in states if not s.table and not game.is_terminal(s)]
    assert len(starts) >= 2
    for state in starts:
        assert state.pot == 0
        assert sum(state.stacks) == 40


# S4 Deal


def test_s4_the_first_dealer_is_random_from_the_seed() -> None:
    """S4: the first dealer comes from the seed: reproducible, and every seat can deal."""
    dealers = {FOUR.initial_state(seed=seed).dealer for seed in range(60)}
    assert dealers == {0, 1, 2, 3}
    assert FOUR.initial_state(seed=9).dealer == FOUR.initial_state(seed=9).dealer


def test_s4_cards_are_dealt_one_at_a_time_from_the_dealers_left() -> None:
    """S4: the dealer deals every card one at a time clockwise, starting at their left."""
    state = FOUR.initial_state(seed=0, deck=SIXES_DECK, dealer=2)
    assert state.dealer == 2
    for offset, seat in enumerate((3, 0, 1, 2)):
        assert state.hands[seat] == frozenset(SIXES_DECK[offset::4])


def test_s4_an_explicit_dealer_must_be_a_seat() -> None:
    """S4: an explicit first dealer outside the table is rejected."""
    for dealer in (-1, 4, True):
        with pytest.raises(InvalidConfigError, match=r"\(S4\)"):
            FOUR.initial_state(seed=0, dealer=dealer)


# S5 Opening


def test_s5_the_six_of_diamonds_holder_opens_whoever_deals() -> None:
    """S5: the 6♦ holder plays it first, wherever the dealer sits; play then goes left."""
    hands = fill_hands(4, {1: "6d Ac 2c 3c 4c 5c 6c 7c Jc Qc"})
    for dealer in range(4):
        state = FOUR.initial_state(deck=deck_for(hands, dealer=dealer), dealer=dealer)
        assert state.to_play == 1
        assert FOUR.legal_actions(state) == (play("6d"),)
        after = FOUR.apply(state, play("6d"))
        assert after.columns[1] == cards("6d")
        assert after.to_play == 2


@pytest.mark.parametrize("must_play", [True, False])
def test_s5_nothing_else_may_open(must_play: bool) -> None:
    """S5: another card, or a pass, is illegal before the 6♦ (whatever must_play_if_able says)."""
    game = Sixes(SixesConfig(num_players=4, must_play_if_able=must_play))
    hands = fill_hands(4, {1: "6d Ac 2c 3c 4c 5c 6c 7c Jc Qc"})
    state = game.initial_state(deck=deck_for(hands, dealer=0), dealer=0)
    assert game.legal_actions(state) == (play("6d"),)
    with illegal("Play(card=Card.parse('6c')) is not legal for player 1: the 6♦ opens (S5)"):
        game.apply(state, play("6c"))
    with illegal("Pass() is not legal for player 1: the 6♦ opens (S5)"):
        game.apply(state, Pass())


# S6 Legal plays


def _two_player_opening() -> tuple[Sixes, SixesState]:
    game = Sixes(SixesConfig(num_players=2))
    hands = [
        "6d Ac 2c 3c 4c Jc Qc Kc Ah 2h 3h 4h 5h 7h Jh Qh Kh As 2s 3s",
        "6c 5d 7d 4d Jd 6h 6s 7s 5c 7c Ad 2d 3d Qd Kd 4s 5s Js Qs Ks",
    ]
    return game, game.initial_state(deck=deck_for(hands, dealer=1), dealer=1)


def test_s6_after_the_opening_any_other_six_or_the_diamond_neighbours() -> None:
    """S6: after the 6♦, the other 6s and the 5♦ and 7♦ are the legal plays."""
    game, state = _two_player_opening()
    state = game.apply(state, play("6d"))
    assert state.to_play == 1
    assert game.legal_actions(state) == tuple(play(text) for text in ("6c", "5d", "7d", "6h", "6s"))


def test_s6_a_card_must_be_next_in_sequence_at_an_end() -> None:
    """S6: a card not adjacent to its column's end, or a non-6 of a new suit, is illegal."""
    game, state = _two_player_opening()
    state = game.apply(state, play("6d"))
    with illegal("Play(card=Card.parse('4d')) is not legal for player 1: 4♦ does not extend"):
        game.apply(state, play("4d"))
    with illegal("7♠ does not extend the spade column (S6): only the 6♠ can start it"):
        game.apply(state, play("7s"))
    with illegal("K♥ is not in their hand (S6)"):
        game.apply(state, play("Kh"))
    state = game.apply(state, play("6s"))
    state = game.apply(state, Pass())
    assert game.legal_actions(state) == tuple(play(t) for t in ("6c", "5d", "7d", "6h", "5s", "7s"))
    with illegal("Q♠ does not extend the spade column (S6)"):
        game.apply(state, play("Qs"))


def test_s6_columns_grow_down_to_the_ace_and_up_to_the_king() -> None:
    """S6: down from 6: 5 4 3 2 A; up from 6: 7 J Q K; each column stays one run."""
    game = Sixes(SixesConfig(num_players=2, must_play_if_able=False))
    hands = [
        "6d 5d 4d 3d 2d Ad 7d Jd Qd Kd Ac 2c 3c 4c 5c 6c 7c Jc Qc Kc",
        "Ah 2h 3h 4h 5h 6h 7h Jh Qh Kh As 2s 3s 4s 5s 6s 7s Js Qs Ks",
    ]
    state = game.initial_state(deck=deck_for(hands, dealer=1), dealer=1)
    for text in ("6d", "5d", "4d", "3d", "2d", "Ad", "7d", "Jd", "Qd", "Kd"):
        assert state.to_play == 0
        state = game.apply(state, play(text))
        state = game.apply(state, Pass())
    assert state.columns[1] == tuple(Card(rank, cards("6d")[0].suit) for rank in SIXES_ORDER.ranks)


# S7 Passing


def test_s7_a_player_who_can_play_must() -> None:
    """S7: with a legal play, passing is illegal (default must_play_if_able)."""
    state = position(["Ks Kh", "Qh"], stacks=(5, 5), to_play=0)
    assert FOUR.legal_actions(state) == (play("Ks"),)
    with illegal("Pass() is not legal for player 0: must play when able (S7)"):
        FOUR.apply(state, Pass())


def test_s7_a_player_who_cannot_play_pays_one_chip_and_passes() -> None:
    """S7: with no legal play the only action is a pass, which puts 1 chip in the pot."""
    state = position(["Kh", "Qh Ks"], stacks=(3, 5), pot=2, settled=(5, 5), to_play=0)
    assert FOUR.legal_actions(state) == (PASS,)
    after = FOUR.apply(state, PASS)
    assert after.stacks == (2, 5)
    assert after.pot == 3
    assert after.to_play == 1
    assert after.history[-1].player == 0
    assert after.history[-1].action == PASS


def test_s7_when_passing_is_optional_it_still_costs_a_chip() -> None:
    """S7: must_play_if_able=False lets a player pass instead of playing, paying 1 chip."""
    game = Sixes(SixesConfig(num_players=2, must_play_if_able=False))
    state = position(["Ks Kh", "Qh"], stacks=(5, 5), to_play=0)
    assert game.legal_actions(state) == (play("Ks"), PASS)
    after = game.apply(state, PASS)
    assert (after.stacks, after.pot) == ((4, 5), 1)
    assert game.apply(state, play("Ks")).stacks == (5, 5)


def test_s7_a_broke_player_passes_for_free() -> None:
    """S7: broke_pass="free" (default): a player without chips passes without paying."""
    game = Sixes(SixesConfig(num_players=2, starting_chips=3))
    state = position(
        ["Kh", "Qh Ks"], stacks=(0, 5), pot=1, settled=(1, 5), to_play=0, stack_emptied=True
    )
    after = game.apply(state, PASS)
    assert (after.stacks, after.pot, after.to_play) == ((0, 5), 1, 1)
    assert not game.is_terminal(after)


def test_s7_broke_pass_end_game_stops_the_game() -> None:
    """S7: broke_pass="end_game": a broke player who must pass ends the game at once."""
    game = Sixes(SixesConfig(num_players=2, starting_chips=3, broke_pass=BrokePass.END_GAME))
    state = position(
        ["Kh", "Qh Ks"], stacks=(0, 5), pot=1, settled=(1, 5), to_play=0, stack_emptied=True
    )
    after = game.apply(state, PASS)
    assert game.is_terminal(after)
    assert game.legal_actions(after) == ()
    # The unfinished round's pot goes to the player with fewest cards (seat 0, one card).
    assert after.stacks == (1, 5)
    assert game.returns(after) == (-2, 2)


# S8 End of a round


def test_s8_playing_the_last_card_ends_the_round_and_takes_the_pot() -> None:
    """S8: the player who empties their hand takes the pot; others pay nothing by default."""
    game = Sixes(SixesConfig(num_players=2, starting_chips=5))
    state = position(["Ks", "Kh Qh Kd"], stacks=(3, 5), pot=2, settled=(4, 6), to_play=0)
    after = game.apply(state, play("Ks"))
    assert after.round_number == 2
    assert after.stacks == (5, 5)
    assert after.pot == 0
    assert after.table == frozenset()
    assert game.returns(after) == (0, 0)


@pytest.mark.parametrize(
    ("per_card", "stacks", "terminal"), [(0, (5, 5), False), (1, (8, 2), False), (2, (10, 0), True)]
)
def test_s8_pay_per_card_left(per_card: int, stacks: tuple[int, int], terminal: bool) -> None:
    """S8: pay_per_card_left: each loser pays per card left, never more than their stack."""
    game = Sixes(SixesConfig(num_players=2, starting_chips=5, pay_per_card_left=per_card))
    state = position(["Ks", "Kh Qh Kd"], stacks=(3, 5), pot=2, settled=(4, 6), to_play=0)
    after = game.apply(state, play("Ks"))
    assert after.stacks == stacks
    assert game.is_terminal(after) == terminal
    assert sum(after.stacks) + after.pot == 10


# S9 Next round


def test_s9_the_six_of_diamonds_player_deals_next_and_its_new_holder_opens() -> None:
    """S9: whoever played the 6♦ deals the next round; the new 6♦ holder opens it."""
    first = fill_hands(4, {2: "6d Ac 2c 3c 4c 5c 6c 7c Jc Qc"})
    second = fill_hands(4, {1: "6d Ad 2d 3d 4d 5d 6h 7h Jh Qh"})
    state = FOUR.initial_state(
        seed=11,
        deck=deck_for(first, dealer=0),
        dealer=0,
        later_decks=[deck_for(second, dealer=2)],
    )
    assert (state.dealer, state.to_play) == (0, 2)
    state = first_action_playout_to_round(FOUR, state, 2)
    assert state.round_number == 2
    assert state.dealer == 2
    assert state.to_play == 1
    assert state.hands == tuple(frozenset(cards(hand)) for hand in second)


def test_s9_later_deals_come_reproducibly_from_the_seed() -> None:
    """S9: without explicit decks, later rounds are dealt from the seed, the same every time."""
    game = Sixes(SixesConfig(num_players=4))
    one = first_action_playout_to_round(game, game.initial_state(seed=12), 2)
    two = first_action_playout_to_round(game, game.initial_state(seed=12), 2)
    other = first_action_playout_to_round(game, game.initial_state(seed=13), 2)
    assert one == two
    assert one.hands != other.hands
    assert one.hand_sizes == (10, 10, 10, 10)


# S10 End of the game


def _broke_after_pass(game_end: GameEnd) -> tuple[Sixes, SixesState]:
    game = Sixes(SixesConfig(num_players=2, starting_chips=3, game_end=game_end))
    state = position(["Kh", "Qh Ks"], stacks=(1, 5), to_play=0, settled=(1, 5))
    return game, game.apply(state, PASS)


def test_s10_finish_round_plays_the_round_out_then_ends() -> None:
    """S10: finish_round (default): a stack at 0 ends the game once the round is paid."""
    game, state = _broke_after_pass(GameEnd.FINISH_ROUND)
    assert state.stacks == (0, 5)
    assert state.stack_emptied
    assert not game.is_terminal(state)
    state = game.apply(state, play("Ks"))
    state = game.apply(state, PASS)  # seat 0 is broke: a free pass (S7)
    assert state.stacks == (0, 5)
    state = game.apply(state, play("Qh"))
    assert game.is_terminal(state)
    assert state.round_number == 1
    assert state.stacks == (0, 6)
    assert game.returns(state) == (-3, 3)
    assert game.winners(state) == frozenset({PlayerId(1)})
    assert game.standings(state) == ((1, 6), (0, 0))


def test_s10_immediate_ends_the_game_at_once() -> None:
    """S10: immediate: the game ends when a stack reaches 0; the pot goes to the fewest cards."""
    game, state = _broke_after_pass(GameEnd.IMMEDIATE)
    assert game.is_terminal(state)
    assert game.current_player(state) is None
    assert state.hand_sizes == (1, 2)
    assert state.stacks == (1, 5)
    assert state.pot == 0
    assert game.returns(state) == (-2, 2)


def test_s10_immediate_ties_on_fewest_cards_go_to_the_next_to_play() -> None:
    """S10: immediate: between players with equally few cards, the next to play takes the pot."""
    game = Sixes(SixesConfig(num_players=2, starting_chips=3, game_end="immediate"))
    state = position(["Kh", "Qh"], stacks=(1, 5), to_play=0, settled=(1, 5))
    after = game.apply(state, PASS)
    assert after.stacks == (0, 6)
    assert game.is_terminal(after)


def test_s10_equal_top_stacks_share_the_win() -> None:
    """S10: the most chips wins; equal top stacks all win."""
    game = Sixes(SixesConfig(num_players=2, starting_chips=5, max_rounds=1))
    state = position(["Ks", "Kh Qh Kd"], stacks=(3, 5), pot=2, settled=(4, 6), to_play=0)
    after = game.apply(state, play("Ks"))
    assert game.is_terminal(after)
    assert after.stacks == (5, 5)
    assert game.winners(after) == frozenset({PlayerId(0), PlayerId(1)})


def test_s10_chips_are_never_created_or_lost() -> None:
    """S10: stacks plus pot stay equal to the starting total through whole games."""
    game = Sixes(SixesConfig(num_players=5, starting_chips=4, pay_per_card_left=1))
    for seed in range(5):
        for state in random_walk(game, game.initial_state(seed=seed), random.Random(seed)):
            assert sum(state.stacks) + state.pot == 20
            assert min(state.stacks) >= 0


# S11 Direction


def test_s11_anticlockwise_play_and_deal_go_to_the_right() -> None:
    """S11: anticlockwise: the deal starts at the dealer's right and play goes right."""
    game = Sixes(SixesConfig(num_players=4, direction=Direction.ANTICLOCKWISE))
    state = game.initial_state(seed=0, deck=SIXES_DECK, dealer=2)
    for offset, seat in enumerate((1, 0, 3, 2)):
        assert state.hands[seat] == frozenset(SIXES_DECK[offset::4])
    opener = state.to_play
    assert opener is not None
    after = game.apply(state, play("6d"))
    assert after.to_play == (opener - 1) % 4


def test_s11_clockwise_is_the_default() -> None:
    """S11: clockwise is the default: play goes to the left (seat + 1)."""
    assert Sixes().config.direction is Direction.CLOCKWISE
    hands = fill_hands(4, {3: "6d Ac 2c 3c 4c 5c 6c 7c Jc Qc"})
    state = FOUR.initial_state(deck=deck_for(hands, dealer=1), dealer=1)
    assert FOUR.apply(state, play("6d")).to_play == 0


def test_s11_direction_must_be_named() -> None:
    """S11: direction accepts only "clockwise" or "anticlockwise"."""
    with pytest.raises(InvalidConfigError, match=r"\(S11\)"):
        SixesConfig(direction="widdershins")


# S12 Termination


def test_s12_max_rounds_bounds_the_game() -> None:
    """S12: with max_rounds=1 the game ends after the first round, chips left or not."""
    game = Sixes(SixesConfig(num_players=4, max_rounds=1))
    final = random_walk(game, game.initial_state(seed=14), random.Random(14))[-1]
    assert game.is_terminal(final)
    assert final.round_number == 1
    assert min(final.stacks) > 0 or final.stack_emptied


def test_s12_without_max_rounds_a_game_runs_until_a_stack_empties() -> None:
    """S12: max_rounds None (default): the game ends only when a stack has reached 0."""
    game = Sixes(SixesConfig(num_players=4, starting_chips=2))
    assert game.config.max_rounds is None
    final = random_walk(game, game.initial_state(seed=15), random.Random(15))[-1]
    assert final.stack_emptied


@pytest.mark.parametrize("rounds", [0, -1, 2.0, True])
def test_s12_max_rounds_must_be_positive(rounds: object) -> None:
    """S12: max_rounds is None or at least 1."""
    with pytest.raises(InvalidConfigError, match=r"\(S12\)"):
        SixesConfig(max_rounds=rounds)  # type: ignore[arg-type]
