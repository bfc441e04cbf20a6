"""Sampling an observation whose unseen cards all go to one seat (issue 12, ``determinize``).

In a two-player round every unseen card is the opponent's, so every sample is the same deal;
``determinize`` then only moves the generator on by the draws that dealing it makes. These
tests hold it to the general sampler, which a generator of another class still takes.
"""

from __future__ import annotations

import random

import attrs
import pytest

from cardgames.errors import InvalidStateError
from cardgames.game import PlayerId
from cardgames.sixes import PASS, Sixes, SixesConfig, SixesObservation, SixesState
from cardgames.sixes.action import SixesTurn
from cardgames.sixes.deck import SIX_OF_DIAMONDS
from cardgames.sixes.sampling import prepare, sample


class _OwnRandom(random.Random):
    """A generator of another class: it takes the general sampler, draw by draw the same."""


def _observations(game: Sixes, *, passed: bool, count: int) -> list[SixesObservation]:
    """Observations of the player to act along seeded random games, after a pass or any."""
    found: list[SixesObservation] = []
    rng = random.Random(5)
    seed = 0
    while len(found) < count:
        state = game.initial_state(seed=seed)
        seed += 1
        while (actions := game.legal_actions(state)) and len(found) < count:
            player = state.to_play
            assert player is not None
            if not passed or any(
                turn.action == PASS and turn.player != player for turn in state.history
            ):
                found.append(game.observe(state, player))
            state = game.apply(state, actions[rng.randrange(len(actions))])
    return found


@pytest.mark.parametrize("passed", [True, False])
def test_every_sample_of_a_two_player_round_is_the_general_samplers(passed: bool) -> None:
    """S5, S7: each repeated sample and the generator after it equal the general sampler's."""
    game = Sixes(SixesConfig(num_players=2))
    for index, seen in enumerate(_observations(game, passed=passed, count=40)):
        ours, theirs = random.Random(index), _OwnRandom(index)
        for _ in range(3):
            assert game.determinize(seen, ours) == game.determinize(seen, theirs)
            assert ours.getstate() == theirs.getstate()
        sampler = prepare(seen, must_play_if_able=True)
        assert sampler.hands is not None  # a pass rules out no card the passer could hold


def test_without_the_pass_rule_a_pass_constrains_nothing() -> None:
    """S7: when passing is voluntary, a two-player sample is still the single fixed deal."""
    game = Sixes(SixesConfig(num_players=2, must_play_if_able=False))
    for index, seen in enumerate(_observations(game, passed=True, count=20)):
        ours, theirs = random.Random(index), _OwnRandom(index)
        assert game.determinize(seen, ours) == game.determinize(seen, theirs)
        assert ours.getstate() == theirs.getstate()


def test_several_receivers_are_dealt_at_random() -> None:
    """S4: with three opponents holding cards the deal varies, so no fixed hands are kept."""
    game = Sixes(SixesConfig(num_players=4))
    for seen in _observations(game, passed=True, count=10) + _observations(
        game, passed=False, count=10
    ):
        assert prepare(seen, must_play_if_able=True).hands is None


def _impossible_pass() -> tuple[Sixes, SixesObservation]:
    """A two-player view in which the opponent passed while holding a playable card (S7)."""
    game = Sixes(SixesConfig(num_players=2))
    state = game.initial_state(seed=2)
    opener = state.to_play
    assert opener is not None
    after: SixesState = game.apply(state, game.legal_actions(state)[0])
    opponent = PlayerId(1 - opener)
    seen = game.observe(after, opener)
    stacks = list(seen.stacks)
    stacks[opponent] -= 1
    return game, attrs.evolve(
        seen,
        history=(*seen.history, SixesTurn(opponent, PASS)),
        to_play=opener,
        stacks=tuple(stacks),
        pot=1,
    )


def test_a_pass_no_deal_can_explain_is_refused() -> None:
    """S7: every unseen card is the opponent's, one was playable at their pass: no sample."""
    game, seen = _impossible_pass()
    assert SIX_OF_DIAMONDS not in seen.hand  # the opener has played it
    with pytest.raises(InvalidStateError, match="agrees with the passes"):
        game.determinize(seen, random.Random(1))
    sampler = prepare(seen, must_play_if_able=True)
    assert sampler.hands is None
    with pytest.raises(InvalidStateError, match="agrees with the passes"):
        sample(sampler, random.Random(1))
