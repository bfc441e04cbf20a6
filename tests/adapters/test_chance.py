"""Chance specs: the explicit chance events and length bounds each game declares."""

from __future__ import annotations

import random

import pytest

from cardgames.bots import RandomBot
from cardgames.chance import ChanceEvent, DeckChance, chance_spec
from cardgames.errors import InvalidConfigError
from cardgames.game import PlayerId
from cardgames.paiute import Paiute, PaiuteConfig
from cardgames.sixes import SIXES_DECK, BrokePass, Sixes, SixesConfig
from cardgames.tensor import game_part
from toy_game import DECK, ToyGame


def test_sixes_bounds_follow_the_options() -> None:
    """S12: no max_rounds, or free passes without must-play, has no bound; else a finite one."""
    spec = chance_spec(Sixes())
    assert spec.max_game_length(Sixes()) is None
    optional = SixesConfig(num_players=2, must_play_if_able=False, max_rounds=3)
    assert spec.max_game_length(Sixes(optional)) is None
    ends = SixesConfig(
        num_players=2, must_play_if_able=False, broke_pass=BrokePass.END_GAME, max_rounds=3
    )
    assert spec.max_game_length(Sixes(ends)) == 3 * (40 + 2 * 10 + 1)


def test_paiute_bound_needs_max_turns() -> None:
    """P21: without max_turns a deal may never end."""
    spec = chance_spec(Paiute())
    assert spec.max_game_length(Paiute()) is None
    assert spec.max_game_length(Paiute(PaiuteConfig(num_players=2, deals=3, max_turns=10))) == (
        2 * 12 * 3
    )


def test_sixes_start_event_deals_like_initial_state() -> None:
    """S4: resolving the start event with a dealer and order is initial_state(deck, dealer)."""
    game = Sixes(SixesConfig(num_players=4))
    event = chance_spec(game).start(game)
    order = tuple(random.Random(3).sample(event.cards, len(event.cards)))
    assert event.resolve(PlayerId(2), order) == game.initial_state(0, deck=order, dealer=2)


def test_a_pending_deck_needs_no_chance_event() -> None:
    """S9: with explicit later decks in the state, ending a round draws nothing."""
    game = Sixes(SixesConfig(num_players=2, max_rounds=2))
    spec = chance_spec(game)
    later = tuple(random.Random(1).sample(spec.deck, 40))
    state = game.initial_state(5, later_decks=[later])
    bot = RandomBot(seed=2)
    while state.round_number == 1:
        action = bot.choose(None, game.legal_actions(state))
        result = spec.apply(game, state, action)
        assert not isinstance(result, ChanceEvent)
        state = result
    assert state.pending_decks == ()


def test_deck_chance_serves_a_game_without_a_dealer() -> None:
    """DeckChance orders the deck and deals through initial_state(deck=...)."""
    spec = DeckChance(deck=DECK, max_length=6, returns_bounds=(-3, 3))
    game = ToyGame()
    event = spec.start(game)
    assert event.seats == 0
    state = event.resolve(None, DECK)
    assert state == game.initial_state(0, deck=DECK)
    action = game.legal_actions(state)[0]
    assert spec.apply(game, state, action) == game.apply(state, action)
    assert (spec.max_game_length(game), spec.returns_range(game)) == (6, (-3, 3))
    with_dealer = DeckChance(deck=SIXES_DECK, choose_dealer=True)
    sixes = Sixes(SixesConfig(num_players=2))
    deal = with_dealer.start(sixes)
    assert deal.seats == 2
    assert deal.resolve(PlayerId(1), SIXES_DECK) == sixes.initial_state(
        0, deck=SIXES_DECK, dealer=1
    )


def test_a_game_without_chance_spec_is_a_clear_error() -> None:
    """A game that declares no chance structure raises InvalidConfigError naming it."""
    with pytest.raises(InvalidConfigError, match="'toy' declares no chance structure"):
        chance_spec(ToyGame())


def test_game_part_finds_nothing_in_a_package_without_the_module() -> None:
    """A game class in a package without a ``tensor`` module has no part there."""
    bot = RandomBot(seed=1)  # any object whose class lives in a package (cardgames.bots)
    assert game_part(bot, "tensors", "tensor", "TENSORS") is None
