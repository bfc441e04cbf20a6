"""The trimmed Sixes loop (issue 12) against readable ways of computing the same results.

``apply``, ``legal_actions`` and the deal of each round were rewritten for the protocol's
random-playout loop; each is compared here with a plain computation of the same thing: the
checked constructor and the rules' own sets for a play or a pass, ``why_illegal`` for the legal
actions, ``random.shuffle`` and a card-by-card deal for the deal.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.cards import Card, Rank, Suit
from cardgames.game import PlayerId
from cardgames.sixes import (
    PASS,
    BrokePass,
    Direction,
    GameEnd,
    Play,
    Sixes,
    SixesAction,
    SixesConfig,
    SixesState,
    SixesTurn,
)
from cardgames.sixes import game as sixes_game
from cardgames.sixes.action import PLAYS
from cardgames.sixes.deck import (
    DECK_SIZE,
    SIX_OF_DIAMONDS_BIT,
    card_index,
    mask_of_cards,
    pile_dealer,
    playable_mask,
    shuffled_deck,
)

CONFIGS = (
    SixesConfig(),
    SixesConfig(num_players=2, direction=Direction.ANTICLOCKWISE),
    SixesConfig(num_players=4, must_play_if_able=False, pay_per_card_left=1),
    SixesConfig(num_players=8, starting_chips=2, game_end=GameEnd.IMMEDIATE),
    SixesConfig(num_players=5, starting_chips=3, broke_pass=BrokePass.END_GAME, max_rounds=3),
)
ACTIONS = (*PLAYS, PASS)


class _OwnRandom(random.Random):
    """A generator of another class: the deal calls its own ``shuffle``."""


def _games(config: SixesConfig, seeds: range) -> list[tuple[SixesState, SixesAction]]:
    """Every (state, action) of seeded random games, the actions chosen uniformly."""
    game = Sixes(config)
    pairs: list[tuple[SixesState, SixesAction]] = []
    for seed in seeds:
        rng = random.Random(seed)
        state = game.initial_state(seed)
        while not game.is_terminal(state):
            action = rng.choice(game.legal_actions(state))
            pairs.append((state, action))
            state = game.apply(state, action)
    return pairs


def _plain_play(game: Sixes, state: SixesState, card: Card) -> SixesState:
    """The state after a play that is not the round's last card, by the checked constructor."""
    player = state.to_play
    assert player is not None
    bit = 1 << card_index(card)
    hands = list(state.hand_masks)
    hands[player] &= ~bit
    table = state.table_mask | bit
    built = SixesState(
        hand_masks=tuple(hands),
        table_mask=table,
        stacks=state.stacks,
        pot=state.pot,
        settled_stacks=state.settled_stacks,
        dealer=state.dealer,
        to_play=game._next_seat[player],
        round_number=state.round_number,
        history=(*state.history, SixesTurn(player, Play(card))),
        stack_emptied=state.stack_emptied,
        chance_key=state.chance_key,
        pending_decks=state.pending_decks,
    )
    assert built.playable_mask == playable_mask(table)
    return built


def _plain_pass(game: Sixes, state: SixesState) -> SixesState:
    """The state after a pass from a stack of two chips or more, by the checked constructor."""
    player = state.to_play
    assert player is not None
    stacks = list(state.stacks)
    stacks[player] -= 1
    return SixesState(
        hand_masks=state.hand_masks,
        table_mask=state.table_mask,
        stacks=tuple(stacks),
        pot=state.pot + 1,
        settled_stacks=state.settled_stacks,
        dealer=state.dealer,
        to_play=game._next_seat[player],
        round_number=state.round_number,
        history=(*state.history, SixesTurn(player, PASS)),
        stack_emptied=state.stack_emptied,
        chance_key=state.chance_key,
        pending_decks=state.pending_decks,
    )


@pytest.mark.parametrize("config", CONFIGS)
def test_plays_and_passes_build_what_the_checked_constructor_builds(config: SixesConfig) -> None:
    """S6, S7: each play and pass of ``apply`` is the plainly computed state, field for field."""
    game = Sixes(config)
    plays = passes = 0
    for state, action in _games(config, range(3)):
        player = state.to_play
        assert player is not None
        after = game.apply(state, action)
        if isinstance(action, Play) and state.hand_masks[player] != 1 << card_index(action.card):
            expected = _plain_play(game, state, action.card)
            plays += 1
        elif action is PASS and state.stacks[player] > 1:
            expected = _plain_pass(game, state)
            passes += 1
        else:
            continue
        assert after == expected
        assert repr(after) == repr(expected)
        assert after.playable_mask == expected.playable_mask
    assert plays
    assert passes


@pytest.mark.parametrize("config", CONFIGS)
def test_legal_actions_are_those_why_illegal_allows(config: SixesConfig) -> None:
    """S5, S6, S7: the cached legal actions are every action ``why_illegal`` finds legal."""
    game = Sixes(config)
    for state, _ in _games(config, range(2)):
        legal = tuple(action for action in ACTIONS if game.why_illegal(state, action) is None)
        assert game.legal_actions(state) == legal


def test_the_legal_action_cache_is_keyed_by_the_playable_cards_of_the_hand() -> None:
    """S5, S7: a hand's playable cards decide the actions; the opening 6♦ alone has no pass."""
    game = Sixes(SixesConfig(num_players=4, must_play_if_able=False))
    assert game._actions_for(0) == (PASS,)
    assert game._actions_for(SIX_OF_DIAMONDS_BIT) == (PLAYS[card_index(Card.parse("6d"))],)
    two = mask_of_cards([Card.parse("5d"), Card.parse("7d")])
    assert game._actions_for(two) == (PLAYS[14], PLAYS[16], PASS)
    assert Sixes()._actions_for(two) == (PLAYS[14], PLAYS[16])
    assert game._actions == {0: (PASS,), SIX_OF_DIAMONDS_BIT: (PLAYS[15],), two: game._actions[two]}


def test_the_play_tables_cover_the_52_cards() -> None:
    """S2, S6: an 8, 9 or 10 has no bit and no turn; every other card its own bit and change."""
    for rank in Rank:
        for suit in Suit:
            card = Card(rank, suit)
            if rank in (Rank.EIGHT, Rank.NINE, Rank.TEN):
                assert sixes_game._BIT_OF_CARD[card.index] == 0
                assert sixes_game._PLAYABLE_CHANGE[card.index] == 0
                assert sixes_game._PLAY_TURNS[3][card.index] == ()
                continue
            index = card_index(card)
            assert sixes_game._BIT_OF_CARD[card.index] == 1 << index
            assert sixes_game._PLAY_TURNS[3][card.index] == (SixesTurn(PlayerId(3), PLAYS[index]),)


@given(st.integers(0, 2**96), st.integers(1, DECK_SIZE))
def test_the_pile_dealer_deals_the_shuffled_deck_every_nth_card(seed: int, piles: int) -> None:
    """S4: pile c holds the cards at positions c, c + n, … of ``random.shuffle``'s order."""
    theirs, ours = random.Random(seed), random.Random(seed)
    order = list(range(DECK_SIZE))
    theirs.shuffle(order)
    expected = tuple(sum(1 << index for index in order[pile::piles]) for pile in range(piles))
    assert pile_dealer(piles)(ours.getrandbits) == expected
    assert ours.getstate() == theirs.getstate()
    assert shuffled_deck(random.Random(seed).getrandbits) == order


@pytest.mark.parametrize("piles", [0, DECK_SIZE + 1])
def test_the_pile_dealer_needs_one_to_forty_piles(piles: int) -> None:
    """S2: the 40 cards go into 1 to 40 piles."""
    with pytest.raises(ValueError, match="1 to 40 piles"):
        pile_dealer(piles)


@given(st.integers(0, 2**64), st.sampled_from(CONFIGS), st.integers(0, 7))
def test_a_shuffled_deal_gives_each_seat_what_dealing_card_by_card_gives(
    seed: int, config: SixesConfig, dealer: int
) -> None:
    """S4, S11: the piles go to the seats the dealer deals to, the generator as after a shuffle."""
    game = Sixes(config)
    dealer %= config.num_players
    for make in (random.Random, _OwnRandom):
        theirs, ours = make(seed), make(seed)
        order = list(range(DECK_SIZE))
        theirs.shuffle(order)
        assert game._shuffled_hands(ours, dealer) == game._hands(order, dealer)
        assert ours.getstate() == theirs.getstate()


def test_the_round_won_with_a_lone_six_of_diamonds_is_dealt_by_its_winner() -> None:
    """S5, S8, S9: a hand of the 6♦ alone plays it, wins the round and deals the next."""
    game = Sixes(SixesConfig(num_players=2))
    six = SIX_OF_DIAMONDS_BIT
    state = SixesState(
        hand_masks=(six, ((1 << DECK_SIZE) - 1) ^ six),
        table_mask=0,
        stacks=(9, 10),
        pot=1,
        settled_stacks=(10, 10),
        dealer=PlayerId(1),
        to_play=PlayerId(0),
        round_number=1,
        history=(),
        stack_emptied=False,
        chance_key=5,
    )
    after = game.apply(state, PLAYS[card_index(Card.parse("6d"))])
    assert after.round_number == 2
    assert after.dealer == 0
    assert after.stacks == after.settled_stacks == (10, 10)
