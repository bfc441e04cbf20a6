"""Hypothesis properties of Paiute over random configurations, deals and playouts."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from cardgames.cards import standard_deck
from cardgames.errors import IllegalActionError
from cardgames.game import PlayerId
from cardgames.paiute import (
    Call,
    Called,
    Paiute,
    PaiuteAction,
    PaiuteConfig,
    PaiuteState,
    ShowSix,
    action_from_id,
    check_state,
    evaluate,
    known_cards,
)
from cardgames.paiute.state import unchecked_state
from paiute_scenarios import configs, walk
from strategies import seeds


def playout(game: Paiute, seed: int, rng: random.Random) -> list[PaiuteState]:
    states = [state for state, _ in walk(game, seed, rng)]
    last = states[-1] if states else game.initial_state(seed)
    actions = game.legal_actions(last)
    if actions:
        states.append(game.apply(last, actions[rng.randrange(len(actions))]))
    while not game.is_terminal(states[-1]):  # pragma: no cover - walk plays to the end
        states.append(game.apply(states[-1], game.legal_actions(states[-1])[0]))
    return states


def check_partition(game: Paiute, state: PaiuteState) -> None:
    cards = [card for hand in state.hands for card in hand]
    cards += [*state.stock, *state.discard_pile]
    if not game.config.wild_indicator_in_play:
        cards.append(state.wild_card)
    assert sorted(cards) == sorted(standard_deck())


@given(config=configs(), seed=seeds(), rng=st.randoms(use_true_random=False))
def test_cards_and_chips_are_conserved(config: PaiuteConfig, seed: int, rng: random.Random) -> None:
    """P2, P6, P18: the 52 cards are always partitioned; stacks plus pot never change."""
    game = Paiute(config)
    total = config.starting_chips * config.num_players
    for state in playout(game, seed, rng):
        check_state(game, state)
        check_partition(game, state)
        assert sum(state.stacks) + state.pot == total
        assert sum(game.returns(state)) == 0
        assert all(len(hand) in {5, 6} for hand in state.hands)


@given(config=configs(), seed=seeds(), rng=st.randoms(use_true_random=False))
def test_a_call_is_legal_exactly_when_a_combination_can_be_shown(
    config: PaiuteConfig, seed: int, rng: random.Random
) -> None:
    """P11: Call(d) is legal iff the other five form a combination (d not the pile card)."""
    game = Paiute(config)
    for state, _ in walk(game, seed, rng):
        if not state.has_drawn or state.caller is not None:
            continue
        player = state.current_player
        assert player is not None
        hand = state.hands[player]
        wild = state.wild_rank
        ace_low = config.ace_low_straight
        forbidden = state.drawn_card if state.drawn_from_discard else None
        expected: list[PaiuteAction] = [
            Call(discard=card)
            for card in hand
            if card != forbidden
            and evaluate([c for c in hand if c != card], wild, ace_low_straight=ace_low)
        ]
        if evaluate(hand, wild, ace_low_straight=ace_low) is not None:
            expected.append(Call(discard=None))
        legal = [a for a in game.legal_actions(state) if isinstance(a, Call)]
        assert legal == expected
        for action in legal:
            game.apply(state, action)


@given(config=configs(), seed=seeds(), rng=st.randoms(use_true_random=False))
def test_called_deals_end_after_the_right_final_turns(
    config: PaiuteConfig, seed: int, rng: random.Random
) -> None:
    """P12, P13: after a call exactly the right players take one final turn, then showdown."""
    game = Paiute(config)
    n = config.num_players
    states = playout(game, seed, rng)
    for before, after in pairwise(states):
        if after.caller is None or before.caller is not None:
            continue
        caller = after.caller
        if config.final_turns == "complete_round":
            expected = [(caller + i) % n for i in range(1, (before.dealer - caller) % n + 1)]
        else:
            expected = [(caller + i) % n for i in range(1, n)]
        index = states.index(after)
        players: list[int] = []
        state = after
        while state.deal_number == before.deal_number and not game.is_terminal(state):
            if not state.has_drawn:
                assert state.current_player is not None
                players.append(state.current_player)
            index += 1
            state = states[index]
        assert players == expected
        assert isinstance(after.history[-1], Called)
    final = states[-1]
    assert len(final.results) <= config.deals
    assert all(result.caller is not None or result.pot >= 0 for result in final.results)


@given(config=configs(max_turns=150), seed=seeds())
def test_with_max_turns_every_deal_ends(config: PaiuteConfig, seed: int) -> None:
    """P21: with max_turns set, every session ends within its bound of turns."""
    game = Paiute(config)
    assert config.max_turns is not None
    bound = 2 * config.deals * (config.max_turns + config.num_players)
    rng = random.Random(seed)
    steps = sum(1 for _ in walk(game, seed, rng))
    assert steps <= bound


def redeal_hidden(game: Paiute, state: PaiuteState, player: int, rng: random.Random) -> PaiuteState:
    """Re-deal the cards ``player`` cannot place among the other hands and the stock."""
    observation = game.observe(state, PlayerId(player))
    known = known_cards(observation)
    hands = [list(hand) for hand in state.hands]
    stock = list(state.stock)
    pinned = {state.wild_card} if observation.wild_card_in_stock else set()
    slots: list[tuple[int, int]] = []
    pool = []
    for seat, hand in enumerate(hands):
        if seat == player:
            continue
        for i, card in enumerate(hand):
            if card not in known[seat] and card != state.drawn_card:
                slots.append((seat, i))
                pool.append(card)
    rebuilt = set(state.rebuilt_cards)
    if not rebuilt:
        for i, card in enumerate(stock):
            if card not in pinned:
                slots.append((-1, i))
                pool.append(card)
    rng.shuffle(pool)
    for (seat, i), card in zip(slots, pool, strict=True):
        if seat < 0:
            stock[i] = card
        else:
            hands[seat][i] = card
    return unchecked_state(
        state.table,
        tuple(tuple(sorted(c.index for c in hand)) for hand in hands),
        tuple(c.index for c in reversed(stock)),
        state.pile_indices,
        state.current_player,
        state.drawn,
        state.turns_played,
        state.caller,
        state.last_to_play,
        state.rebuilt_indices,
        state.history,
    )


@given(config=configs(), seed=seeds(), rng=st.randoms(use_true_random=False), other=seeds())
def test_observations_survive_determinize_and_redeals(
    config: PaiuteConfig, seed: int, rng: random.Random, other: int
) -> None:
    """Observations hold nothing hidden: determinize and re-dealt hidden cards keep them."""
    game = Paiute(config)
    for step, state in enumerate(playout(game, seed, rng)):
        if step % 3:
            continue
        for player in range(config.num_players):
            observation = game.observe(state, PlayerId(player))
            sample = game.determinize(observation, random.Random(other))
            assert game.observe(sample, PlayerId(player)) == observation
            check_partition(game, sample)
            if player == game.current_player(state):
                assert game.legal_actions(sample) == game.legal_actions(state)
            redealt = redeal_hidden(game, state, player, random.Random(other))
            check_partition(game, redealt)
            assert game.observe(redealt, PlayerId(player)) == observation


@given(config=configs(), seed=seeds(), rng=st.randoms(use_true_random=False))
def test_illegal_actions_raise_and_leave_the_state_equal(
    config: PaiuteConfig, seed: int, rng: random.Random
) -> None:
    """P9-P13: every action that is not legal raises IllegalActionError; nothing changes."""
    game = Paiute(config)
    for step, (state, _) in enumerate(walk(game, seed, rng)):
        if step % 4:
            continue
        before = (repr(state), hash(state))
        legal = set(game.legal_actions(state))
        for action_id in range(game.num_distinct_actions):
            action = action_from_id(action_id)
            if action not in legal:
                with pytest.raises(IllegalActionError, match=f"player {state.current_player}"):
                    game.apply(state, action)
        assert (repr(state), hash(state)) == before


class PaiuteMachine(RuleBasedStateMachine):
    """Random sessions interleaving legal and illegal actions, observations and determinize."""

    def __init__(self) -> None:
        super().__init__()
        self.game = Paiute(PaiuteConfig(num_players=3, deals=2, max_turns=40))
        self.state = self.game.initial_state(0)

    @rule(seed=seeds())
    def new_session(self, seed: int) -> None:
        self.state = self.game.initial_state(seed)

    @precondition(lambda self: not self.game.is_terminal(self.state))
    @rule(data=st.data())
    def play_legal(self, data: st.DataObject) -> None:
        actions = self.game.legal_actions(self.state)
        self.state = self.game.apply(self.state, data.draw(st.sampled_from(actions)))

    @rule(action_id=st.integers(0, 107))
    def try_any(self, action_id: int) -> None:
        action = action_from_id(action_id)
        if action in self.game.legal_actions(self.state):
            self.state = self.game.apply(self.state, action)
            return
        before = self.state
        copy = (repr(before), hash(before))
        with pytest.raises(IllegalActionError):
            self.game.apply(before, action)
        assert (repr(self.state), hash(self.state)) == copy
        assert self.state is before

    @rule(player=st.integers(0, 2), seed=seeds())
    def determinize(self, player: int, seed: int) -> None:
        observation = self.game.observe(self.state, PlayerId(player))
        sample = self.game.determinize(observation, random.Random(seed))
        assert self.game.observe(sample, PlayerId(player)) == observation

    @invariant()
    def conserved(self) -> None:
        check_partition(self.game, self.state)
        assert sum(self.state.stacks) + self.state.pot == 60
        assert bool(self.game.legal_actions(self.state)) != self.game.is_terminal(self.state)


PaiuteMachine.TestCase.settings = settings(stateful_step_count=60, deadline=None)
test_paiute_state_machine = PaiuteMachine.TestCase


def _clockwise_from_dealers_left(seats: list[int], dealer: int, n: int) -> list[int]:
    return sorted(seats, key=lambda seat: (seat - dealer - 1) % n)


@given(config=configs(max_turns=80), seed=seeds(), rng=st.randoms(use_true_random=False))
def test_showdowns_payouts_and_sessions_follow_the_rules(
    config: PaiuteConfig, seed: int, rng: random.Random
) -> None:
    """P14, P17-P21: winners, split pots, antes, carried pots, dealers and the session's end."""
    game = Paiute(config)
    n, ante = config.num_players, config.ante
    final = game.initial_state(seed)
    while not game.is_terminal(final):  # a random playout that calls and shows six when it can
        actions = game.legal_actions(final)
        eager = [a for a in actions if isinstance(a, Call | ShowSix)]
        final = game.apply(final, rng.choice(eager or actions))
    stacks = [config.starting_chips] * n
    carried = 0
    results = final.results
    first_dealer = results[0].dealer
    for number, result in enumerate(results):
        assert result.deal == number
        assert result.dealer == (first_dealer + number) % n
        stacks = [stack - ante for stack in stacks]
        assert result.pot == carried + ante * n
        if result.caller is None:
            assert result.winners == ()
            assert result.winnings == (0,) * n
            carried = result.pot
            continue
        carried = 0
        wild = result.wild_card.rank
        values = [
            evaluate(shown, wild, ace_low_straight=config.ace_low_straight)
            for shown in result.shown
        ]
        assert tuple(values) == result.values
        assert values[result.caller] is not None
        keys = {seat: v.key(config.tiebreak) for seat, v in enumerate(values) if v is not None}
        best = max(keys.values())
        winners = [seat for seat, key in keys.items() if key == best]
        ordered = _clockwise_from_dealers_left(winners, result.dealer, n)
        assert result.winners == tuple(ordered)
        share, odd = divmod(result.pot, len(ordered))
        expected = [0] * n
        for i, seat in enumerate(ordered):
            expected[seat] = share + (i < odd)
        assert result.winnings == tuple(expected)
        stacks = [stack + won for stack, won in zip(stacks, expected, strict=True)]
    if len(results) < config.deals:
        assert min(stacks) < ante
    else:
        assert len(results) == config.deals
    refund = [carried // n] * n
    assert carried % n == 0
    assert final.stacks == tuple(s + r for s, r in zip(stacks, refund, strict=True))
    assert final.pot == 0
