"""Scenario helpers shared by the Paiute rule tests: build exact deals and play them."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from cardgames.cards import Card
from cardgames.game import PlayerId
from cardgames.paiute import (
    Call,
    Discard,
    DrawDiscard,
    DrawStock,
    Paiute,
    PaiuteAction,
    PaiuteConfig,
    PaiuteState,
    deck_for_deal,
)

STOCK = DrawStock()
PILE = DrawDiscard()
JUNK = ("2c 4d 6h 8s 7c", "2d 4h 6s 8c 7d", "2h 4s 6c 8d 7h", "2s 4c 6d 8h 7s", "3s 5d Jh Qs Kc")
"""Hands with no combination and no 9 (the usual wild rank in these scenarios)."""


def card(text: str) -> Card:
    return Card.parse(text)


def discard(text: str) -> Discard:
    return Discard(card=Card.parse(text))


def call(text: str | None = None) -> Call:
    return Call(discard=None if text is None else Card.parse(text))


def start(
    game: Paiute,
    *,
    hands: tuple[str, ...] | None = None,
    dealer: int = 0,
    wild: str = "9s",
    first: str = "3h",
    stock: str = "",
    seed: int = 0,
) -> PaiuteState:
    """A deal of exactly these hands (junk by default), wild card, first discard and stock."""
    n = game.num_players
    deck = deck_for_deal(
        dealer=dealer,
        hands=hands if hands is not None else JUNK[:n],
        wild_card=wild,
        first_discard=first,
        stock=stock,
    )
    return game.initial_state(seed, deck=deck, dealer=PlayerId(dealer))


def play(game: Paiute, state: PaiuteState, *actions: Any) -> PaiuteState:
    for action in actions:
        state = game.apply(state, action)
    return state


def quiet_turn(game: Paiute, state: PaiuteState) -> PaiuteState:
    """Draw from the stock and discard the drawn card."""
    state = game.apply(state, STOCK)
    assert state.drawn_card is not None
    return game.apply(state, Discard(card=state.drawn_card))


def configs(*, max_turns: int = 60) -> st.SearchStrategy[PaiuteConfig]:
    """Any Paiute config whose deals end (max_turns set, P21)."""
    return st.builds(
        PaiuteConfig,
        num_players=st.integers(2, 5),
        ante=st.integers(0, 3),
        starting_chips=st.integers(3, 12),
        deals=st.integers(1, 3),
        wild_indicator_in_play=st.booleans(),
        reshuffle_keep_top_discard=st.booleans(),
        final_turns=st.sampled_from(("complete_round", "each_other_player_once")),
        ace_low_straight=st.booleans(),
        tiebreak=st.sampled_from(("by_rank", "category_only")),
        max_turns=st.integers(1, max_turns),
    )


def walk(game: Paiute, seed: int, rng: random.Random) -> Iterator[tuple[PaiuteState, PaiuteAction]]:
    """A random playout as (state, action) pairs; the last state is returned by ``final``."""
    state = game.initial_state(seed)
    while not game.is_terminal(state):
        actions = game.legal_actions(state)
        action = actions[rng.randrange(len(actions))]
        yield state, action
        state = game.apply(state, action)
