"""A Hypothesis state machine that interleaves legal and illegal Sixes actions."""

from __future__ import annotations

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from cardgames.cards import Card, Suit
from cardgames.errors import IllegalActionError
from cardgames.game import legal_action_mask
from cardgames.sixes import (
    SIXES_DECK,
    SIXES_ORDER,
    Play,
    Sixes,
    SixesConfig,
    SixesState,
    action_from_id,
)

CONFIGS = st.builds(
    SixesConfig,
    num_players=st.sampled_from((2, 4, 5, 8)),
    starting_chips=st.integers(1, 6),
    must_play_if_able=st.booleans(),
    broke_pass=st.sampled_from(("free", "end_game")),
    pay_per_card_left=st.integers(0, 2),
    game_end=st.sampled_from(("finish_round", "immediate")),
    direction=st.sampled_from(("clockwise", "anticlockwise")),
    max_rounds=st.none() | st.integers(1, 4),
)
JUNK: tuple[object, ...] = (None, "pass", 3, Play(Card.parse("8s")), Play(Card.parse("Ts")))


class SixesMachine(RuleBasedStateMachine):
    """Random games where every step is a legal action, an illegal one, or junk."""

    def __init__(self) -> None:
        super().__init__()
        self.game = Sixes()
        self.state: SixesState = self.game.initial_state(seed=0)
        self.seed = 0

    @initialize(config=CONFIGS, seed=st.integers(0, 2**32 - 1))
    def deal(self, config: SixesConfig, seed: int) -> None:
        self.game = Sixes(config)
        self.seed = seed
        self.state = self.game.initial_state(seed=seed)

    def _expect_rejected(self, action: object) -> None:
        before = (self.state, repr(self.state), hash(self.state))
        with pytest.raises(IllegalActionError):
            self.game.apply(self.state, action)  # type: ignore[arg-type]
        assert (self.state, repr(self.state), hash(self.state)) == before

    @precondition(lambda self: not self.game.is_terminal(self.state))
    @rule(choice=st.integers(0, 1000))
    def take_a_legal_action(self, choice: int) -> None:
        """S6, S7: any listed action applies."""
        actions = self.game.legal_actions(self.state)
        self.state = self.game.apply(self.state, actions[choice % len(actions)])

    @rule(action_id=st.integers(0, 40))
    def try_any_action(self, action_id: int) -> None:
        """S5, S6, S7: an action applies exactly when it is listed as legal."""
        action = action_from_id(action_id)
        if action in self.game.legal_actions(self.state):
            self.state = self.game.apply(self.state, action)
        else:
            self._expect_rejected(action)

    @rule(junk=st.sampled_from(JUNK))
    def try_junk(self, junk: object) -> None:
        """S2: objects that are not Sixes actions, or cards outside the deck, are rejected."""
        self._expect_rejected(junk)

    @precondition(lambda self: self.game.is_terminal(self.state))
    @rule()
    def deal_again(self) -> None:
        """S12: a finished game is followed by a fresh one."""
        self.seed += 1
        self.state = self.game.initial_state(seed=self.seed)

    @invariant()
    def cards_partition_and_columns_are_runs(self) -> None:
        """S2, S6: 40 cards split between hands and columns; columns are runs through the 6."""
        held = [card for hand in self.state.hands for card in hand]
        assert sorted(held + list(self.state.table)) == sorted(SIXES_DECK)
        for suit, column in zip(Suit, self.state.columns, strict=True):
            positions = [SIXES_ORDER.position(card.rank) for card in column]
            assert all(card.suit == suit for card in column)
            assert not positions or (
                5 in positions and positions == list(range(positions[0], positions[-1] + 1))
            )

    @invariant()
    def chips_are_conserved(self) -> None:
        """S10: stacks plus pot equal the starting total."""
        config = self.game.config
        assert sum(self.state.stacks) + self.state.pot == config.num_players * config.starting_chips
        assert sum(self.game.returns(self.state)) == 0

    @invariant()
    def mask_matches_the_actions(self) -> None:
        """The fast legal-action mask equals the generic one; actions exist iff not over."""
        assert self.game.legal_action_mask(self.state) == legal_action_mask(self.game, self.state)
        assert bool(self.game.legal_actions(self.state)) != self.game.is_terminal(self.state)


TestSixesMachine = SixesMachine.TestCase
