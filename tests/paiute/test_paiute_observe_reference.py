"""``observe`` gives what a readable reference built from the state's public properties gives.

:func:`cardgames.paiute.observation.observe` reads the state's index fields, unpacks the hands
and takes the discard pile with one C call (issue 12); the reference below spells out every
field of the view from the state's documented properties instead (P5-P14).
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from cardgames.game import PlayerId
from cardgames.paiute import Paiute, PaiuteConfig, PaiuteObservation, PaiuteState
from cardgames.paiute.history import DrewFromStock
from paiute_scenarios import configs, walk
from strategies import seeds


def reference_observe(
    config: PaiuteConfig, state: PaiuteState, player: PlayerId | None
) -> PaiuteObservation:
    """``player``'s view of ``state`` (None: a spectator's), field by field from the state."""
    history = tuple(state.history)
    drawn_card = None
    if state.drawn_card is not None:
        own_draw = player is not None and player == state.current_player
        last = history[-1] if history else None
        public_wild = isinstance(last, DrewFromStock) and last.card is not None  # P6
        if state.drawn_from_discard or own_draw or public_wild:
            drawn_card = state.drawn_card
    return PaiuteObservation(
        player=player,
        hand=() if player is None else state.hands[player],
        wild_card=state.wild_card,
        wild_card_in_stock=(
            config.wild_indicator_in_play
            and not state.rebuilt_cards
            and state.wild_card in state.stock
        ),
        discard_pile=state.discard_pile,
        stock_size=len(state.stock),
        hand_sizes=tuple(len(hand) for hand in state.hands),
        stacks=state.stacks,
        pot=state.pot,
        dealer=state.dealer,
        deal_number=state.deal_number,
        current_player=state.current_player,
        has_drawn=state.has_drawn,
        drawn_card=drawn_card,
        drawn_from_discard=state.drawn_from_discard,
        turns_played=state.turns_played,
        caller=state.caller,
        last_to_play=state.last_to_play,
        history=history,
        results=state.results,
    )


@given(config=configs(), seed=seeds(), rng=st.randoms(use_true_random=False))
def test_observe_matches_the_reference_for_every_seat(
    config: PaiuteConfig, seed: int, rng: random.Random
) -> None:
    """P5-P14: every seat's and a spectator's view of every state is the reference's."""
    game = Paiute(config)
    seats = (*map(PlayerId, range(config.num_players)), None)
    state = game.initial_state(seed)
    for state, action in walk(game, seed, rng):
        for player in seats:
            seen = game.observe(state, player)
            assert seen == reference_observe(config, state, player)
            assert type(seen.hand_sizes) is tuple
            assert type(seen.hand) is tuple
            assert type(seen.discard_pile) is tuple
        last = action
    final = game.apply(state, last)
    assert game.is_terminal(final)
    for player in seats:
        assert game.observe(final, player) == reference_observe(config, final, player)
