"""Observation tensors and action masks: fixed shapes per config, and no hidden card in them."""

from __future__ import annotations

import itertools
import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import toy_game
from cardgames.errors import InvalidConfigError, MissingExtraError
from cardgames.game import Game, PlayerId
from cardgames.paiute import Paiute, PaiuteConfig, PaiuteState
from cardgames.sixes import Sixes, SixesConfig, SixesState
from cardgames.tensor import (
    TensorLayout,
    action_mask,
    observation_tensor,
    require_numpy,
    tensor_fields,
    tensor_shape,
    tensor_spec,
)
from extras import require
from registry import GAME_FACTORIES, AnyGame, random_walk
from strategies import seeds, slow_settings

np = require("numpy", extra="numpy")

GAMES = {**GAME_FACTORIES, "toy": toy_game.ToyGame}
over_all_games = pytest.mark.parametrize(
    "game", [factory() for factory in GAMES.values()], ids=list(GAMES)
)


def _walk_states(game: AnyGame, seed: int) -> list[Any]:
    return [state for state, _ in random_walk(game, seed, random.Random(seed))]


@over_all_games
def test_fields_tile_the_tensor_in_order(game: AnyGame) -> None:
    """The fields are consecutive slices with distinct names, covering the whole vector."""
    fields = tensor_fields(game)
    assert fields[0].start == 0
    for before, after in itertools.pairwise(fields):
        assert after.start == before.stop
    assert len({field.name for field in fields}) == len(fields)
    assert tensor_shape(game) == (fields[-1].stop,)
    assert all(field.description for field in fields)


@over_all_games
@given(seed=seeds())
@slow_settings()
def test_every_tensor_has_the_config_shape_and_every_mask_the_legal_actions(
    game: AnyGame, seed: int
) -> None:
    """Along a playout every tensor has one shape and the mask marks exactly the legal ids."""
    shape = tensor_shape(game)
    for state in _walk_states(game, seed)[::5]:
        for seat in range(game.num_players):
            tensor = observation_tensor(game, game.observe(state, PlayerId(seat)))
            assert tensor.shape == shape
            assert tensor.dtype == np.float32
        mask = action_mask(game, state)
        legal = {game.action_id(action) for action in game.legal_actions(state)}
        assert set(np.flatnonzero(mask)) == legal


@over_all_games
@given(seed=seeds(), pick=st.randoms(use_true_random=False))
@slow_settings()
def test_redealing_hidden_cards_never_changes_the_tensor(
    game: AnyGame, seed: int, pick: random.Random
) -> None:
    """A world drawn by determinize (other hands and stock re-dealt) encodes the same (P4/S4)."""
    states = _walk_states(game, seed)
    state = states[pick.randrange(len(states))]
    seat = PlayerId(pick.randrange(game.num_players))
    observation = game.observe(state, seat)
    other = game.determinize(observation, pick)
    assert np.array_equal(
        observation_tensor(game, observation), observation_tensor(game, game.observe(other, seat))
    )


def _shuffle_among_others(
    hands: tuple[frozenset[int], ...], seat: int, rng: random.Random
) -> list[list[int]]:
    pool = [card for other, hand in enumerate(hands) if other != seat for card in hand]
    rng.shuffle(pool)
    result: list[list[int]] = []
    for other, hand in enumerate(hands):
        if other == seat:
            result.append(sorted(hand))
        else:
            result.append(pool[: len(hand)])
            pool = pool[len(hand) :]
    return result


@given(seed=seeds(), pick=st.randoms(use_true_random=False))
@slow_settings()
def test_sixes_any_redeal_of_the_other_hands_leaves_the_tensor_alone(
    seed: int, pick: random.Random
) -> None:
    """Other seats' cards swapped among them at random, sizes kept: same tensor (S4)."""
    game = Sixes(SixesConfig(num_players=4, max_rounds=2))
    states = _walk_states(game, seed)
    state: SixesState = states[pick.randrange(len(states))]
    seat = pick.randrange(4)
    bits = tuple(frozenset(i for i in range(40) if mask >> i & 1) for mask in state.hand_masks)
    masks = tuple(sum(1 << i for i in hand) for hand in _shuffle_among_others(bits, seat, pick))
    other = attrs.evolve(state, hand_masks=masks) if _valid_sixes(state, masks) else state
    before = observation_tensor(game, game.observe(state, PlayerId(seat)))
    after = observation_tensor(game, game.observe(other, PlayerId(seat)))
    assert np.array_equal(before, after)


def _valid_sixes(state: SixesState, masks: tuple[int, ...]) -> bool:
    try:
        attrs.evolve(state, hand_masks=masks)
    except ValueError:
        return False
    return True


@given(seed=seeds(), pick=st.randoms(use_true_random=False))
@slow_settings()
def test_paiute_any_redeal_of_unknown_cards_and_stock_leaves_the_tensor_alone(
    seed: int, pick: random.Random
) -> None:
    """Unseen cards of other hands and the stock re-dealt at random: same tensor (P5, P7)."""
    game = Paiute(PaiuteConfig(num_players=3, max_turns=40))
    states = _walk_states(game, seed)
    state: PaiuteState = states[pick.randrange(len(states))]
    seat = PlayerId(pick.randrange(3))
    observation = game.observe(state, seat)
    from cardgames.paiute.observation import known_cards

    known = {card.index for cards in known_cards(observation) for card in cards}
    if state.drawn is not None:  # unseen, but it stays in the drawer's hand this turn (P9)
        known.add(state.drawn.card.index)
    hands = state.hand_indices
    stock = state.stock_indices
    pool = [c for s, h in enumerate(hands) if s != seat for c in h if c not in known]
    pool += [c for c in stock if c != state.table.wild]
    pick.shuffle(pool)
    new_hands = []
    for other, hand in enumerate(hands):
        if other == seat:
            new_hands.append(hand)
            continue
        fixed = [c for c in hand if c in known]
        take, pool = pool[: len(hand) - len(fixed)], pool[len(hand) - len(fixed) :]
        new_hands.append(tuple(sorted((*fixed, *take))))
    new_stock = tuple(c if c == state.table.wild else pool.pop() for c in stock)
    redealt = attrs.evolve(state, hand_indices=tuple(new_hands), stock_indices=new_stock)
    assert np.array_equal(
        observation_tensor(game, observation),
        observation_tensor(game, game.observe(redealt, seat)),
    )


def test_a_game_without_an_encoding_is_a_clear_error() -> None:
    """A game that declares no tensors raises InvalidConfigError naming the game."""
    with pytest.raises(InvalidConfigError, match="'toy' has no tensor encoding"):
        tensor_spec(toy_game.BareToyGame())


def test_tensor_of_a_preallocated_buffer_is_refilled() -> None:
    """``out`` is zeroed before writing, so reusing a buffer leaves nothing behind."""
    game: Game[Any, Any, Any] = Sixes(SixesConfig(num_players=2))
    state = game.initial_state(3)
    buffer = np.ones(tensor_shape(game), dtype=np.float32)
    result = observation_tensor(game, game.observe(state, PlayerId(0)), out=buffer)
    assert result is buffer
    assert np.array_equal(buffer, observation_tensor(game, game.observe(state, PlayerId(0))))


def test_layout_accepts_shapes() -> None:
    """A field of shape (2, 3) takes six values after the previous field."""
    layout = TensorLayout()
    layout.add("a", 4, "four")
    field = layout.add("b", (2, 3), "six")
    assert (field.start, field.stop, field.size) == (4, 10, 6)


def test_missing_numpy_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without numpy the error names the 'numpy' extra."""
    import sys

    monkeypatch.setitem(sys.modules, "numpy", None)
    with pytest.raises(MissingExtraError, match=r"cardgames-engine\[numpy\]"):
        require_numpy()
