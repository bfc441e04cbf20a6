"""The engine's fast paths give what their readable references give (P9-P13, P15, P16).

``legal_actions`` decides whether a call or a show is possible with one set lookup of the
hand's natural-rank key, and ``apply`` dispatches the exact action classes by type; the
references below are the code they replaced, kept readable.
"""

from __future__ import annotations

import importlib.util
import pickle
import random
import sys
from collections.abc import Callable
from operator import itemgetter
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.cards import Card
from cardgames.errors import IllegalActionError, InvalidStateError
from cardgames.game import PlayerId
from cardgames.paiute import (
    Call,
    Discard,
    DrawDiscard,
    DrawStock,
    FinalTurns,
    Paiute,
    PaiuteAction,
    PaiuteConfig,
    PaiuteState,
    ShowSix,
)
from cardgames.paiute.action import ACTIONS, CALL_BASE, CALL_SIX_ID, DISCARD_BASE
from cardgames.paiute.hands import (
    CALL_KEYS,
    NATURAL_MASK_BY_WILD_CARD,
    RANK_WEIGHT,
    SHOW_KEYS,
    call_options_indices,
    evaluate_indices,
)
from cardgames.paiute.observation import determinize
from cardgames.paiute.session import shuffle
from cardgames.paiute.state import DrawSource
from strategies import seeds, slow_settings

_DISCARDS = ACTIONS[DISCARD_BASE : DISCARD_BASE + 52]
_CALLS = ACTIONS[CALL_BASE : CALL_BASE + 52]


def reference_legal_actions(game: Paiute, state: PaiuteState) -> tuple[PaiuteAction, ...]:
    """``legal_actions`` as it was written before the fast path (P9, P10, P11, P13)."""
    player = state.current_player
    if player is None:
        return ()
    keep = 1 if game.config.reshuffle_keep_top_discard else 0
    if state.drawn is None:
        pile = state.pile_indices
        stock_ok = bool(state.stock_indices) or len(pile) > keep
        return (*((DrawStock(),) if stock_ok else ()), *((DrawDiscard(),) if pile else ()))
    hand = state.hand_indices[player]
    wild_rank = (state.table.wild >> 2) + 2
    forbidden: int | None = None
    if state.drawn.source is DrawSource.DISCARD_PILE:
        forbidden = state.drawn.card_index
        i = hand.index(forbidden)
        actions: tuple[PaiuteAction, ...] = itemgetter(*hand[:i], *hand[i + 1 :])(_DISCARDS)
    else:
        actions = itemgetter(*hand)(_DISCARDS)
    if state.caller is None:
        calls = call_options_indices(hand, wild_rank, game.config.ace_low_straight, forbidden)
        if calls:
            return actions + tuple(
                ACTIONS[CALL_SIX_ID] if discard is None else _CALLS[discard] for discard, _ in calls
            )
    elif evaluate_indices(hand, wild_rank) is not None:
        return (*actions, ShowSix())
    return actions


configs = st.builds(
    PaiuteConfig,
    num_players=st.integers(2, 5),
    max_turns=st.sampled_from([None, 40, 200]),
    ace_low_straight=st.booleans(),
    final_turns=st.sampled_from(list(FinalTurns)),
    reshuffle_keep_top_discard=st.booleans(),
    wild_indicator_in_play=st.booleans(),
)


@slow_settings()
@given(config=configs, seed=seeds())
def test_legal_actions_match_the_reference_along_random_games(
    config: PaiuteConfig, seed: int
) -> None:
    """P9-P13: every state of a random game has the reference's legal actions, in its order."""
    game = Paiute(attrs.evolve(config, max_turns=config.max_turns or 300))
    rng = random.Random(seed)
    state = game.initial_state(seed)
    while not game.is_terminal(state):
        legal = game.legal_actions(state)
        assert legal == reference_legal_actions(game, state)
        # prefer calls, so that final turns (and ShowSix) are met often
        calls = [a for a in legal if type(a) is Call]
        choices = calls if calls and rng.random() < 0.5 else legal
        state = game.apply(state, choices[rng.randrange(len(choices))])


@slow_settings()
@given(config=configs, seed=seeds())
def test_apply_gives_what_the_checked_path_gives_along_random_games(
    config: PaiuteConfig, seed: int
) -> None:
    """P9-P13, P21: the inlined draws and discards build the state the checked match builds."""
    game = Paiute(attrs.evolve(config, max_turns=config.max_turns or 300))
    rng = random.Random(seed)
    state = game.initial_state(seed)
    while not game.is_terminal(state):
        legal = game.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        player = state.current_player
        assert player is not None
        fast = game.apply(state, action)
        checked = game._apply(state, action, player, None, None)
        assert type(fast) is PaiuteState
        assert fast == checked
        assert repr(fast) == repr(checked)
        state = fast


@given(
    cards=st.lists(st.integers(0, 51), min_size=6, max_size=6, unique=True).map(tuple),
    wild=st.integers(0, 51),
    ace_low=st.booleans(),
)
def test_call_and_show_keys_decide_as_the_evaluator(
    cards: tuple[int, ...], wild: int, ace_low: bool
) -> None:
    """P11, P15, P16: six cards may call only if their key is a call key, show iff a show key."""
    key = sum(RANK_WEIGHT[i] for i in cards) & NATURAL_MASK_BY_WILD_CARD[wild]
    wild_rank = (wild >> 2) + 2
    hand = tuple(sorted(cards))
    if call_options_indices(hand, wild_rank, ace_low):
        assert key in CALL_KEYS[ace_low]
    assert (key in SHOW_KEYS) == (evaluate_indices(hand, wild_rank) is not None)


class _MyDiscard(Discard):
    """A user's subclass of an action class: not dispatched by type, still understood."""


def test_apply_understands_subclasses_of_the_action_classes() -> None:
    """P9: an instance of a subclass of Discard is applied as the Discard it is."""
    game = Paiute(PaiuteConfig(num_players=3))
    state = game.apply(game.initial_state(seed=5), DrawStock())
    card = Card.from_index(state.hand_indices[state.current_player or 0][0])
    assert game.apply(state, _MyDiscard(card=card)) == game.apply(state, Discard(card=card))


def test_apply_refuses_a_discard_whose_card_is_forged() -> None:
    """P9: the type-dispatched Discard still refuses a card field that is not a card."""
    game = Paiute(PaiuteConfig(num_players=3))
    state = game.apply(game.initial_state(seed=5), DrawStock())
    forged = Discard(card=Card.from_index(0))
    object.__setattr__(forged, "card", 7)
    with pytest.raises(IllegalActionError, match="not a Paiute action"):
        game.apply(state, forged)


@given(seed=seeds(), size=st.integers(0, 60))
def test_the_shuffle_draws_as_random_shuffle_at_every_size(seed: int, size: int) -> None:
    """P5, P10: the table-driven shuffle swaps as random.shuffle and leaves the same generator."""
    mine, theirs = list(range(size)), list(range(size))
    rng, reference = random.Random(seed), random.Random(seed)
    shuffle(mine, rng)
    reference.shuffle(theirs)
    assert mine == theirs
    assert rng.getstate() == reference.getstate()


def _reference_determinize() -> Callable[..., Any]:
    """``reference_determinize`` from benchmarks/paiute_reference.py (the code replaced)."""
    path = Path(__file__).parents[2] / "benchmarks" / "paiute_reference.py"
    spec = importlib.util.spec_from_file_location("paiute_reference", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("paiute_reference", module)
    spec.loader.exec_module(module)
    reference: Callable[..., Any] = module.reference_determinize
    return reference


@slow_settings()
@given(config=configs, seed=seeds())
def test_determinize_draws_what_the_reference_draws(config: PaiuteConfig, seed: int) -> None:
    """P2, P6, P10: the same observation and generator give the reference's sample, again too.

    The game keeps the sampler of the latest observation and skips the checks of its later
    samples: those samples are still the reference's, draw for draw.
    """
    reference = _reference_determinize()
    game = Paiute(attrs.evolve(config, max_turns=config.max_turns or 300))
    rng = random.Random(seed)
    state = game.initial_state(seed)
    step = 0
    while not game.is_terminal(state):
        if step % 7 == 0:
            player = state.current_player
            for seen in (game.observe(state, player), game.observe(state, None)):
                mine, theirs = random.Random(step), random.Random(step)
                for _ in range(3):  # the first sample, then the sampler's
                    assert game.determinize(seen, mine) == reference(game.config, seen, theirs)
                assert mine.getstate() == theirs.getstate()
        legal = game.legal_actions(state)
        state = game.apply(state, legal[rng.randrange(len(legal))])
        step += 1


def test_the_sampler_belongs_to_each_game_and_is_not_pickled() -> None:
    """Issue 12: the latest observation's sampler lives on its game and pickles as nothing."""
    first, second = Paiute(PaiuteConfig()), Paiute(PaiuteConfig())
    state = first.initial_state(seed=4)
    seen = first.observe(state, state.current_player)
    first.determinize(seen, random.Random(1))
    assert first._sampler is not None
    assert first._sampler.observation is seen
    assert second._sampler is None
    copy = pickle.loads(pickle.dumps(first))  # noqa: S301 - our own bytes
    assert copy == first
    assert copy._sampler is None


def test_the_module_determinize_draws_what_the_game_draws() -> None:
    """P2: observation.determinize (no sampler kept) samples as Paiute.determinize does."""
    game = Paiute(PaiuteConfig(num_players=3))
    state = game.apply(game.initial_state(seed=9), DrawDiscard())
    seen = game.observe(state, PlayerId(0))
    assert determinize(game.config, seen, random.Random(2)) == game.determinize(
        seen, random.Random(2)
    )
    with pytest.raises(InvalidStateError, match="not a Paiute observation"):
        game.determinize(state, random.Random(2))  # type: ignore[arg-type]
