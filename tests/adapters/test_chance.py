"""Chance structures: where each game shuffles, fed back through the one Chance mechanism."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardgames.bots import RandomBot
from cardgames.chance import (
    ChanceStructure,
    apply_shuffle,
    chance_structure,
    deal,
    next_shuffle,
    start_chance,
)
from cardgames.errors import InvalidConfigError
from cardgames.game import Chance, PlayerId, apply_with_chance, start_with_chance
from cardgames.paiute import Paiute, PaiuteConfig
from cardgames.sixes import SIXES_DECK, BrokePass, Sixes, SixesConfig
from toy_game import DECK, BareToyGame, ToyGame


def test_sixes_bounds_follow_the_options() -> None:
    """S12: no max_rounds, or free passes without must-play, has no bound; else a finite one."""
    structure = chance_structure(Sixes())
    assert structure.max_game_length(Sixes()) is None
    optional = SixesConfig(num_players=2, must_play_if_able=False, max_rounds=3)
    assert structure.max_game_length(Sixes(optional)) is None
    ends = SixesConfig(
        num_players=2, must_play_if_able=False, broke_pass=BrokePass.END_GAME, max_rounds=3
    )
    assert structure.max_game_length(Sixes(ends)) == 3 * (40 + 2 * 10 + 1)


def test_paiute_bound_needs_max_turns() -> None:
    """P21: without max_turns a deal may never end."""
    structure = chance_structure(Paiute())
    assert structure.max_game_length(Paiute()) is None
    bounded = Paiute(PaiuteConfig(num_players=2, deals=3, max_turns=10))
    assert structure.max_game_length(bounded) == 2 * 12 * 3


@pytest.mark.parametrize("game", [Sixes(SixesConfig(num_players=4)), Paiute()])
def test_the_first_deal_is_start_with_chance(game: Any) -> None:
    """S4, P4, P5: the start shuffle draws a dealer and orders the deck; deal() is Chance."""
    start = start_chance(game)
    assert (start.name, start.seats) == ("deal", game.num_players)
    order = tuple(random.Random(3).sample(start.cards, len(start.cards)))
    expected = start_with_chance(game, Chance(dealer=PlayerId(2), decks=(order,)), seed=0)
    assert deal(game, PlayerId(2), order) == expected


def _play_through_shuffles(game: Any, seed: int) -> tuple[object, Chance, int]:
    """Play random actions, giving every shuffle an explicit order; the decks used."""
    rng = random.Random(seed)
    structure = chance_structure(game)
    first = tuple(rng.sample(structure.deck, len(structure.deck)))
    state: object = deal(game, PlayerId(1), first)
    decks = [first]
    shuffles = 1
    bot = RandomBot(seed=seed)
    while not game.is_terminal(state):
        action = bot.choose(None, game.legal_actions(state))
        shuffle = next_shuffle(game, state, action)
        if shuffle is None:
            state, shuffles = apply_shuffle(game, state, action, shuffles)
            continue
        order = tuple(rng.sample(shuffle.cards, len(shuffle.cards)))
        decks.append(order)
        state, after = apply_shuffle(game, state, action, shuffles, order)
        assert after == shuffles + 1
        shuffles = after
    return state, Chance(dealer=PlayerId(1), decks=tuple(decks)), shuffles


@pytest.mark.parametrize(
    "game",
    [
        Sixes(SixesConfig(num_players=2, max_rounds=3)),
        Paiute(PaiuteConfig(num_players=2, deals=2, max_turns=40)),
    ],
)
@pytest.mark.parametrize("seed", range(3))
def test_explicit_shuffles_replay_as_one_chance(game: Any, seed: int) -> None:
    """S9, P10, P20: the orders chosen at each shuffle, as one Chance, replay the same game."""
    final, chance, shuffles = _play_through_shuffles(game, seed)
    state: object = start_with_chance(game, chance, seed=0)  # the seed deal() uses
    count = 1
    bot = RandomBot(seed=seed)
    while not game.is_terminal(state):
        action = bot.choose(None, game.legal_actions(state))
        state, count = apply_with_chance(game, state, action, chance, count)
    assert (state, count) == (final, shuffles)
    assert count == len(chance.decks)


def test_a_pending_deck_needs_no_shuffle() -> None:
    """S9: with explicit later decks in the state, ending a round shuffles nothing."""
    game = Sixes(SixesConfig(num_players=2, max_rounds=2))
    later = tuple(random.Random(1).sample(SIXES_DECK, 40))
    state = game.initial_state(5, later_decks=[later])
    bot = RandomBot(seed=2)
    shuffles = 1
    while state.round_number == 1:
        action = bot.choose(None, game.legal_actions(state))
        assert next_shuffle(game, state, action) is None
        state, shuffles = apply_shuffle(game, state, action, shuffles, SIXES_DECK)
    assert state.pending_decks == ()
    assert shuffles == 2
    assert game.observe(state, PlayerId(0)).hand != frozenset(SIXES_DECK[0::2])


def test_a_structure_without_shuffles_deals_once() -> None:
    """The default structure: no dealer drawn, no shuffle after the deal, no bound."""
    structure = ChanceStructure(deck=DECK)
    game = ToyGame()
    state = deal(game, None, DECK)
    assert state == game.initial_state(0, deck=DECK)
    action = game.legal_actions(state)[0]
    assert structure.shuffle(game, state, action) is None
    assert (structure.max_game_length(game), structure.returns_range(game)) == (None, (0, 0))
    assert start_chance(game).seats == 0


def test_a_game_without_chance_structure_is_a_clear_error() -> None:
    """A game whose spec declares no chance structure raises InvalidConfigError naming it."""
    with pytest.raises(InvalidConfigError, match="'toy' declares no chance structure"):
        chance_structure(BareToyGame())
