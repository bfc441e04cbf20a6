"""Hypothesis properties of Sixes over random configurations, deals and playouts."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.cards import Card, Suit
from cardgames.errors import IllegalActionError
from cardgames.game import PlayerId, legal_action_mask
from cardgames.sixes import (
    PASS,
    SIXES_DECK,
    SIXES_ORDER,
    Pass,
    Play,
    Sixes,
    SixesAction,
    SixesConfig,
    SixesObservation,
    SixesState,
    action_from_id,
)
from cardgames.sixes.deck import cards_of_mask, column_of, columns_of
from registry import random_walk

SIX_D = Card.parse("6d")


def configs(*, bounded: bool = True) -> st.SearchStrategy[SixesConfig]:
    """Any Sixes config; ``bounded`` ones always set max_rounds (S12)."""
    return st.builds(
        SixesConfig,
        num_players=st.sampled_from((2, 4, 5, 8)),
        starting_chips=st.integers(1, 12),
        must_play_if_able=st.booleans(),
        broke_pass=st.sampled_from(("free", "end_game")),
        pay_per_card_left=st.integers(0, 2),
        game_end=st.sampled_from(("finish_round", "immediate")),
        direction=st.sampled_from(("clockwise", "anticlockwise")),
        max_rounds=st.integers(1, 5) if bounded else st.none(),
    )


def reference_legal_actions(game: Sixes, state: SixesState) -> tuple[SixesAction, ...]:
    """The legal actions computed straight from the rules text, on cards (S5, S6, S7)."""
    player = state.to_play
    if player is None:
        return ()
    playable: set[Card] = set()
    if not state.table:
        playable.add(SIX_D)
    else:
        for suit in Suit:
            column = state.columns[suit]
            if not column:
                playable.add(Card(SIXES_ORDER.ranks[5], suit))
                continue
            below = SIXES_ORDER.predecessor(column[0].rank)
            above = SIXES_ORDER.successor(column[-1].rank)
            playable.update(Card(rank, suit) for rank in (below, above) if rank is not None)
    plays = sorted(
        (Play(card) for card in state.hands[player] if card in playable),
        key=lambda action: (action.card.suit, SIXES_ORDER.position(action.card.rank)),
    )
    may_pass = not plays or (not game.config.must_play_if_able and bool(state.table))
    return (*plays, PASS) if may_pass else tuple(plays)


seeds = st.integers(0, 2**32 - 1)
rngs = st.randoms(use_true_random=False)


@given(config=configs(), seed=seeds, rng=rngs)
def test_cards_are_always_partitioned_between_hands_and_columns(
    config: SixesConfig, seed: int, rng: random.Random
) -> None:
    """S2, S6: the 40 cards are exactly split between the hands and the columns at all times."""
    game = Sixes(config)
    for state, _ in random_walk(game, seed, rng):
        held = [card for hand in state.hands for card in hand]
        on_table = [card for column in state.columns for card in column]
        assert sorted(held + on_table) == sorted(SIXES_DECK)
        assert state.table == frozenset(on_table)
        assert state.hand_sizes == tuple(len(hand) for hand in state.hands)


@given(config=configs(), seed=seeds, rng=rngs)
def test_each_column_is_one_run_through_its_six(
    config: SixesConfig, seed: int, rng: random.Random
) -> None:
    """S5, S6: every column is a contiguous run containing its 6; the 6♦ is played first."""
    game = Sixes(config)
    for state, _ in random_walk(game, seed, rng):
        positions_by_suit = {
            suit: [SIXES_ORDER.position(card.rank) for card in column]
            for suit, column in zip(Suit, state.columns, strict=True)
        }
        for suit, positions in positions_by_suit.items():
            assert all(card.suit == suit for card in state.columns[suit])
            if positions:
                assert 5 in positions
                assert positions == list(range(positions[0], positions[-1] + 1))
        if state.table:
            assert SIX_D in state.table
            assert state.history[0].action == Play(SIX_D)


@given(config=configs(), seed=seeds, rng=rngs)
def test_chips_are_conserved(config: SixesConfig, seed: int, rng: random.Random) -> None:
    """S3, S10: stacks plus pot always equal the starting total; returns sum to zero."""
    game = Sixes(config)
    total = config.num_players * config.starting_chips
    for state, _ in random_walk(game, seed, rng):
        assert sum(state.stacks) + state.pot == total
        assert min(state.stacks) >= 0
        assert sum(state.settled_stacks) == total
        assert sum(game.returns(state)) == 0


@given(config=configs(), seed=seeds, rng=rngs)
def test_legal_actions_match_the_reference(
    config: SixesConfig, seed: int, rng: random.Random
) -> None:
    """S5, S6, S7: the fast legal actions and mask equal a readable implementation."""
    game = Sixes(config)
    for state, _ in random_walk(game, seed, rng):
        assert game.legal_actions(state) == reference_legal_actions(game, state)
        assert game.legal_action_mask(state) == legal_action_mask(game, state)


@given(config=configs().filter(lambda c: c.must_play_if_able), seed=seeds, rng=rngs)
def test_a_pass_happens_only_when_nothing_is_playable(
    config: SixesConfig, seed: int, rng: random.Random
) -> None:
    """S7: under must_play_if_able, a player passes only with no playable card in hand."""
    game = Sixes(config)
    for state, action in random_walk(game, seed, rng):
        if isinstance(action, Pass):
            player = state.to_play
            assert player is not None
            assert not state.hands[player] & state.playable_cards


@given(config=configs(bounded=False).filter(lambda c: c.must_play_if_able), seed=seeds)
def test_every_round_ends(config: SixesConfig, seed: int) -> None:
    """S12: under must_play_if_able a round ends within 40 cycles of turns, whatever is played."""
    game = Sixes(config)
    rng = random.Random(seed)
    state = game.initial_state(seed)
    actions_this_round = 0
    for _ in range(3):  # three rounds (or fewer if the game ends first)
        round_number = state.round_number
        while state.round_number == round_number and not game.is_terminal(state):
            actions = game.legal_actions(state)
            state = game.apply(state, actions[rng.randrange(len(actions))])
            actions_this_round += 1
            assert actions_this_round <= 40 * config.num_players
        actions_this_round = 0
        if game.is_terminal(state):
            break


@given(config=configs(), seed=seeds)
def test_games_with_max_rounds_end(config: SixesConfig, seed: int) -> None:
    """S12: with max_rounds set, every game ends, within that many rounds."""
    game = Sixes(config)
    final, _ = random_walk(game, seed, random.Random(seed))[-1]
    assert game.is_terminal(final)
    assert config.max_rounds is not None
    assert final.round_number <= config.max_rounds
    assert game.winners(final) == {
        seat for seat, chips in game.standings(final) if chips == max(final.stacks)
    }


@given(config=configs(), seed=seeds, rng=rngs, det_seed=seeds)
def test_observations_survive_a_redeal_of_the_other_hands(
    config: SixesConfig, seed: int, rng: random.Random, det_seed: int
) -> None:
    """S4 (hidden hands): determinize gives a state observed exactly as the real one."""
    game = Sixes(config)
    for state, _ in random_walk(game, seed, rng)[::3]:
        for seat in range(config.num_players):
            observation = game.observe(state, PlayerId(seat))
            sample = game.determinize(observation, random.Random(det_seed))
            assert game.observe(sample, PlayerId(seat)) == observation
            assert sample.hand_sizes == state.hand_sizes
            assert sample.hands[seat] == state.hands[seat]
            if seat == state.to_play:
                assert game.legal_actions(sample) == game.legal_actions(state)


@given(config=configs(), seed=seeds, rng=rngs)
def test_illegal_actions_raise_and_leave_the_state_equal(
    config: SixesConfig, seed: int, rng: random.Random
) -> None:
    """S5, S6, S7: every action id that is not legal raises and changes nothing."""
    game = Sixes(config)
    for state, _ in random_walk(game, seed, rng)[::4]:
        before = (repr(state), hash(state))
        legal = set(game.legal_actions(state))
        for action_id in range(game.num_distinct_actions):
            action = action_from_id(action_id)
            if action not in legal:
                with pytest.raises(
                    IllegalActionError, match=r"is not legal( for player \d)?: .*\(S\d+\)"
                ):
                    game.apply(state, action)
        assert (repr(state), hash(state)) == before


@given(config=configs(), seed=seeds, rng=rngs)
def test_same_seed_and_actions_replay_equal_states(
    config: SixesConfig, seed: int, rng: random.Random
) -> None:
    """S4, S9: the seed fixes every deal, so replaying the actions gives equal states."""
    game = Sixes(config)
    steps = random_walk(game, seed, rng)
    state = game.initial_state(seed)
    for expected, action in steps:
        assert state == expected
        if action is not None:
            state = game.apply(state, action)


@given(mask=st.integers(0, (1 << 40) - 1))
def test_cards_of_mask_reads_each_bit(mask: int) -> None:
    """S2: the card tables give the cards of exactly the set bits, in index order."""
    expected = tuple(card for i, card in enumerate(SIXES_DECK) if mask >> i & 1)
    assert cards_of_mask(mask) == expected
    assert columns_of(mask) == tuple(column_of(mask, suit) for suit in Suit)
    assert sum(columns_of(mask), ()) == expected
    for suit in Suit:
        assert column_of(mask, suit) == tuple(card for card in expected if card.suit is suit)


@pytest.mark.parametrize("mask", [1 << 40, -1, -(1 << 45)])
def test_cards_of_mask_rejects_bits_outside_the_deck(mask: int) -> None:
    """S2: a mask with a bit beyond the 40 cards is an IndexError, not a wrong answer."""
    with pytest.raises(IndexError, match="outside the 40 cards"):
        cards_of_mask(mask)


@given(config=configs(), seed=seeds, rng=rngs)
def test_observe_matches_the_checked_constructor(
    config: SixesConfig, seed: int, rng: random.Random
) -> None:
    """S4 (hidden hands): the fast observe fills every field as the public constructor would."""
    game = Sixes(config)
    for state, _ in random_walk(game, seed, rng)[::5]:
        for seat in range(config.num_players):
            player = PlayerId(seat)
            expected = SixesObservation(
                player=player,
                hand=state.hands[seat],
                columns=tuple(
                    tuple(sorted((c for c in state.table if c.suit is suit), key=_position))
                    for suit in Suit
                ),
                hand_sizes=tuple(len(hand) for hand in state.hands),
                stacks=state.stacks,
                pot=state.pot,
                settled_stacks=state.settled_stacks,
                dealer=state.dealer,
                to_play=state.to_play,
                round_number=state.round_number,
                history=state.history,
                stack_emptied=state.stack_emptied,
            )
            observation = game.observe(state, player)
            assert observation == expected
            assert hash(observation) == hash(expected)
            assert repr(observation) == repr(expected)


def _position(card: Card) -> int:
    return SIXES_ORDER.position(card.rank)
