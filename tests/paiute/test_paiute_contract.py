"""Paiute's side of the one contract: why_illegal agrees with apply, and every error is typed."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.cards import Card, Rank, Suit
from cardgames.errors import (
    IllegalActionError,
    InvalidPlayerError,
    InvalidStateError,
)
from cardgames.game import PlayerId
from cardgames.paiute import (
    NUM_DISTINCT_ACTIONS,
    Call,
    Discard,
    Paiute,
    PaiuteConfig,
    PaiuteState,
    ShowSix,
    action_from_id,
    action_id,
)
from cardgames.sixes import Pass, Sixes, SixesConfig
from paiute_scenarios import PILE, STOCK, configs, walk
from strategies import seeds

ALL_ACTIONS = tuple(action_from_id(i) for i in range(NUM_DISTINCT_ACTIONS))


def _forged_discard(text: object) -> Discard:
    action = Discard(card=Card.parse("2c"))
    object.__setattr__(action, "card", text)  # a frozen field forged from outside
    return action


def _forged_call(text: object) -> Call:
    action = Call(discard=Card.parse("2c"))
    object.__setattr__(action, "discard", text)
    return action


STRANGERS: tuple[object, ...] = (
    None,
    "DrawStock",
    3,
    Pass(),
    _forged_discard("zz"),
    _forged_call("zz"),
    _forged_discard(["unhashable"]),
    Discard(card=Card(Rank.ACE, Suit.SPADES)),  # a card not built by Card.parse: still legal
)


@settings(max_examples=30, deadline=None)
@given(config=configs(), seed=seeds(), rng=st.randoms(use_true_random=False))
def test_why_illegal_is_none_exactly_for_legal_actions(
    config: PaiuteConfig, seed: int, rng: random.Random
) -> None:
    """P9-P13, P20: why_illegal is None iff the action is legal; apply raises that reason."""
    game = Paiute(config)
    states = [state for state, _ in walk(game, seed, rng)]
    final = states[-1]
    states.append(game.apply(final, game.legal_actions(final)[0]))
    for state in states[:: max(1, len(states) // 12)] + states[-2:]:
        legal = game.legal_actions(state)
        for action in (*ALL_ACTIONS, *STRANGERS):
            reason = game.why_illegal(state, action)
            is_legal = action in legal
            assert (reason is None) == is_legal, (state, action, reason)
            if reason is None:
                game.apply(state, action)  # type: ignore[arg-type]
                continue
            assert reason.endswith(")"), reason  # every reason cites its rule: "(P9)"
            with pytest.raises(IllegalActionError) as caught:
                game.apply(state, action)  # type: ignore[arg-type]
            assert reason in str(caught.value)


def test_why_illegal_names_each_rule() -> None:
    """P9, P10, P11, P13, P20: the reasons name the rule that forbids the action."""
    game = Paiute(PaiuteConfig(num_players=2, max_turns=2))
    state = game.initial_state(seed=5)
    assert game.why_illegal(state, Discard(card=Card.parse("2c"))) == (
        "draw first: a turn starts with exactly one draw (P9)"
    )
    assert "(P9, P11)" in (game.why_illegal(state, Call(discard=None)) or "")
    drawn = game.apply(state, PILE)
    assert "(P11, P13)" in (game.why_illegal(drawn, ShowSix()) or "")
    taken = drawn.drawn_card
    assert taken is not None
    assert game.why_illegal(drawn, STOCK) == "a turn has exactly one draw; now discard or call (P9)"
    assert game.why_illegal(drawn, Discard(card=taken)) == (
        "a card taken from the discard pile cannot be discarded this turn (P9)"
    )
    outside = next(
        card for card in drawn.stock if card not in drawn.hands[drawn.current_player or 0]
    )
    assert game.why_illegal(drawn, Discard(card=outside)) == (
        "the card is not in the player's hand (P9)"
    )
    final = drawn
    while not game.is_terminal(final):
        final = game.apply(final, game.legal_actions(final)[0])
    assert game.why_illegal(final, STOCK) == "the session is over (P20)"


def test_action_ids_refuse_what_is_not_an_action() -> None:
    """P9: action_from_id and action_id raise IllegalActionError for anything but an action."""
    game = Paiute(PaiuteConfig(num_players=2))
    for bad in (-1, NUM_DISTINCT_ACTIONS, True, "1", 1.0, None):
        with pytest.raises(IllegalActionError, match="action id"):
            game.action_from_id(bad)  # type: ignore[arg-type]
    for stranger in STRANGERS[:-1]:
        with pytest.raises(IllegalActionError, match="not a Paiute action"):
            action_id(stranger)  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError, match="not a Paiute action"):
            game.action_id(stranger)  # type: ignore[arg-type]
    assert action_id(STRANGERS[-1]) == action_id(Discard(card=Card.parse("As")))  # type: ignore[arg-type]


def test_observe_refuses_what_is_not_a_seat() -> None:
    """P1: observe(state, 9) and observe(state, True) raise InvalidPlayerError."""
    game = Paiute(PaiuteConfig(num_players=3))
    state = game.initial_state(seed=1)
    for bad in (9, -1, True, "0"):  # None is a spectator (see test_spectator.py)
        with pytest.raises(InvalidPlayerError, match=r"is not a seat: expected an int from 0 to 2"):
            game.observe(state, bad)  # type: ignore[arg-type]


def test_another_games_state_raises_invalid_state_error() -> None:
    """P1: a Sixes state (or anything else) given to Paiute raises InvalidStateError."""
    game = Paiute(PaiuteConfig(num_players=2))
    sixes = Sixes(SixesConfig(num_players=2))
    methods: list[tuple[str, tuple[object, ...]]] = [
        ("apply", (STOCK,)),
        ("legal_actions", ()),
        ("why_illegal", (STOCK,)),
        ("is_terminal", ()),
        ("current_player", ()),
        ("returns", ()),
        ("call_options", ()),
        ("stock_needs_rebuild", ()),
    ]
    for stranger in (sixes.initial_state(seed=1), None, "state"):
        for name, args in methods:
            with pytest.raises(InvalidStateError, match="expected a PaiuteState"):
                getattr(game, name)(stranger, *args)


def test_forged_actions_raise_illegal_action_error_and_change_nothing() -> None:
    """P9, P11: an action whose frozen card field was forged is refused with IllegalActionError."""
    game = Paiute(PaiuteConfig(num_players=2))
    state = game.apply(game.initial_state(seed=2), STOCK)
    before = repr(state)
    for forged in STRANGERS[:-1]:
        with pytest.raises(IllegalActionError, match="not a Paiute action"):
            game.apply(state, forged)  # type: ignore[arg-type]
    assert repr(state) == before
    assert isinstance(state, PaiuteState)
    assert state.current_player == PlayerId(state.current_player or 0)
