"""Determinized Sixes states respect what the round revealed: the opener's 6♦ and the passes."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.cards import Card, parse_cards
from cardgames.game import PlayerId
from cardgames.sixes import PASS, Pass, Play, Sixes, SixesConfig, SixesState, SixesTurn
from cardgames.sixes.deck import deck_for_hands, mask_of_cards, playable_mask
from cardgames.sixes.sampling import _place, _place_exactly

MUST_PLAY = Sixes(SixesConfig(num_players=4))
MAY_PASS = Sixes(SixesConfig(num_players=4, must_play_if_able=False))
HANDS = (
    parse_cards("6d As 2s 3s 4s 5s 7s Js Qs Ks"),
    parse_cards("Ac 2c 3c 4c 5c 7c Jc Qc Kc Ad"),
    parse_cards("Ah 2h 3h 4h 5h 7h Jh Qh Kh 2d"),
    parse_cards("6c 6h 6s 5d 7d 3d 4d Jd Qd Kd"),
)
PLAYABLE_AT_THE_PASS = frozenset(parse_cards("5d 7d 6c 6h 6s"))
SEEDS = range(300)


def passed_position(game: Sixes) -> SixesState:
    """Player 0 opens with the 6♦, then player 1 (holding nothing playable) passes."""
    state = game.initial_state(seed=0, deck=deck_for_hands(HANDS, dealer=3), dealer=3)
    state = game.apply(state, Play(Card.parse("6d")))
    assert state.to_play == 1
    assert not state.hands[1] & state.playable_cards
    return game.apply(state, PASS)


def test_a_passer_never_receives_a_card_that_was_playable_at_their_pass() -> None:
    """S7: player 1 passed when 5♦ 7♦ 6♣ 6♥ 6♠ were playable, so no sample gives them one."""
    state = passed_position(MUST_PLAY)
    observation = MUST_PLAY.observe(state, PlayerId(2))
    holders: dict[Card, set[int]] = {card: set() for card in PLAYABLE_AT_THE_PASS}
    for seed in SEEDS:
        sample = MUST_PLAY.determinize(observation, random.Random(seed))
        assert MUST_PLAY.observe(sample, PlayerId(2)) == observation
        assert not sample.hands[1] & PLAYABLE_AT_THE_PASS
        for card in PLAYABLE_AT_THE_PASS:
            holders[card].update(seat for seat in range(4) if card in sample.hands[seat])
    assert all(seats == {0, 3} for seats in holders.values())


def test_without_must_play_a_pass_reveals_nothing() -> None:
    """S7 (must_play_if_able=False): a pass is voluntary, so the passer may hold any card."""
    state = passed_position(MAY_PASS)
    observation = MAY_PASS.observe(state, PlayerId(2))
    given_to_passer: set[Card] = set()
    for seed in SEEDS:
        sample = MAY_PASS.determinize(observation, random.Random(seed))
        assert MAY_PASS.observe(sample, PlayerId(2)) == observation
        given_to_passer |= sample.hands[1] & PLAYABLE_AT_THE_PASS
    assert given_to_passer == PLAYABLE_AT_THE_PASS


def test_samples_are_reproducible_and_varied() -> None:
    """S7: the same rng state gives the same sample; other seeds give other deals."""
    observation = MUST_PLAY.observe(passed_position(MUST_PLAY), PlayerId(2))
    first = [MUST_PLAY.determinize(observation, random.Random(seed)) for seed in range(20)]
    again = [MUST_PLAY.determinize(observation, random.Random(seed)) for seed in range(20)]
    assert first == again
    assert len({sample.hands for sample in first}) > 1
    rng, twin = random.Random(5), random.Random(5)
    assert [MUST_PLAY.determinize(observation, rng) for _ in range(5)] == [
        MUST_PLAY.determinize(observation, twin) for _ in range(5)
    ]


def test_a_tight_observation_forces_the_playable_cards_onto_the_others() -> None:
    """S7: with room for exactly the five excluded cards, seats 0 and 3 get just those."""
    observation = MUST_PLAY.observe(passed_position(MUST_PLAY), PlayerId(2))
    tight = attrs.evolve(observation, hand_sizes=(2, 24, 10, 3))
    for seed in range(50):
        sample = MUST_PLAY.determinize(tight, random.Random(seed))
        assert sample.hands[0] | sample.hands[3] == PLAYABLE_AT_THE_PASS
        assert MUST_PLAY.observe(sample, PlayerId(2)) == tight


def test_an_observation_no_deal_fits_raises_value_error() -> None:
    """S7: five cards excluded from the passer cannot fit in four places elsewhere."""
    observation = MUST_PLAY.observe(passed_position(MUST_PLAY), PlayerId(2))
    impossible = attrs.evolve(observation, hand_sizes=(2, 25, 10, 2))
    with pytest.raises(ValueError, match=r"passes \(S7\)"):
        MUST_PLAY.determinize(impossible, random.Random(0))
    sample = MAY_PASS.determinize(impossible, random.Random(0))
    assert MAY_PASS.observe(sample, PlayerId(2)) == impossible


def test_a_history_contradicting_a_pass_raises_value_error() -> None:
    """S7: nobody passes holding a playable card, nor later plays one playable at their pass."""
    state = passed_position(MUST_PLAY)
    holder = MUST_PLAY.observe(state, PlayerId(3))
    opening = state.history[0]
    own_pass = attrs.evolve(holder, history=(opening, SixesTurn(PlayerId(3), Pass())))
    with pytest.raises(ValueError, match=r"passed while holding .*\(S7\)"):
        MUST_PLAY.determinize(own_pass, random.Random(0))
    late_play = (
        opening,
        SixesTurn(PlayerId(1), Pass()),
        SixesTurn(PlayerId(1), Play(Card.parse("5d"))),
    )
    with pytest.raises(ValueError, match=r"after passing .*\(S7\)"):
        MUST_PLAY.determinize(attrs.evolve(holder, history=late_play), random.Random(0))


def test_the_exact_fallback_places_cards_when_random_tries_dead_end() -> None:
    """S7: a chain of constraints that random placement often misses is still always solved."""
    allowed = {0: (0,), 1: (0, 1), 2: (1, 2), 3: (2, 3)}
    for seed in range(100):
        assert _place(random.Random(seed), (0, 1, 2, 3), allowed, (1, 1, 1, 1)) == {
            0: 0,
            1: 1,
            2: 2,
            3: 3,
        }
        assert _place_exactly(random.Random(seed), (3, 2, 1, 0), allowed, (1, 1, 1, 1)) == {
            0: 0,
            1: 1,
            2: 2,
            3: 3,
        }
    assert _place_exactly(random.Random(0), (0, 1), {0: (0,), 1: (0,)}, (1, 1)) is None
    with pytest.raises(ValueError, match=r"S7"):
        _place(random.Random(0), (0, 1), {0: (0,), 1: (0,)}, (1, 1))


def _walk(game: Sixes, seed: int, rng: random.Random) -> list[SixesState]:
    """Every state of a random playout of ``game``."""
    state = game.initial_state(seed=seed)
    states = [state]
    while not game.is_terminal(state):
        actions = game.legal_actions(state)
        state = game.apply(state, actions[rng.randrange(len(actions))])
        states.append(state)
    return states


def _passes_respected(sample: SixesState) -> bool:
    """Whether no passer of the round holds a card that was playable when they passed."""
    table: set[Card] = set()
    for turn in sample.history:
        match turn.action:
            case Play(card=card):
                table.add(card)
            case Pass():
                if sample.hand_masks[turn.player] & playable_mask(mask_of_cards(table)):
                    return False
    return True


@given(
    num_players=st.sampled_from((2, 4, 5, 8)),
    seed=st.integers(0, 2**32),
    rng=st.randoms(use_true_random=False),
    det_seed=st.integers(0, 2**32),
)
def test_every_sample_is_consistent_with_every_pass(
    num_players: int, seed: int, rng: random.Random, det_seed: int
) -> None:
    """S7: along random playouts no sample gives a passer a card playable at their pass."""
    game = Sixes(SixesConfig(num_players=num_players, starting_chips=4, max_rounds=2))
    for state in _walk(game, seed, rng)[::3]:
        assert _passes_respected(state)
        for player in range(num_players):
            observation = game.observe(state, PlayerId(player))
            sample = game.determinize(observation, random.Random(det_seed))
            assert game.observe(sample, PlayerId(player)) == observation
            assert _passes_respected(sample)


def test_an_observation_sampled_again_still_checks_the_generator() -> None:
    """S5, S7: the repeat fast path takes a plain Random only; others are checked or refused."""

    class Counted(random.Random):
        """A Random of a subclass: not the fast path's plain generator, still a Random."""

    game = MUST_PLAY
    observation = game.observe(passed_position(game), PlayerId(2))
    first = game.determinize(observation, random.Random(5))
    again = game.determinize(observation, random.Random(5))
    assert again == first  # the same generator state, the same sample
    assert game.determinize(observation, Counted(5)) == first
    with pytest.raises(TypeError, match=r"random\.Random"):
        game.determinize(observation, 5)  # type: ignore[arg-type]
