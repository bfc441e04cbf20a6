"""The spectator's view, ``observe(state, None)``: public information only, in every game."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.game import PlayerId, seats
from cardgames.paiute import Paiute, PaiuteConfig
from cardgames.sixes import Sixes, SixesConfig
from registry import random_walk

GAMES: dict[str, Any] = {  # observe(state, None) is beyond the Game protocol
    "sixes": Sixes(SixesConfig(num_players=4, max_rounds=2)),
    "sixes-optional-play": Sixes(SixesConfig(num_players=2, must_play_if_able=False)),
    "paiute": Paiute(PaiuteConfig(max_turns=60, deals=2)),
}
# The fields a seat's view may hold that a spectator's never does.
PRIVATE = {"player", "hand", "drawn_card"}


def _public(observation: Any) -> dict[str, object]:
    return {k: v for k, v in attrs.asdict(observation, recurse=False).items() if k not in PRIVATE}


@pytest.mark.parametrize("name", sorted(GAMES))
@given(seed=st.integers(0, 2**32), walk=st.integers(0, 2**32))
def test_spectator_sees_exactly_the_public_part_of_every_seat_view(
    name: str, seed: int, walk: int
) -> None:
    """A spectator's view has no hand and equals each seat's view minus its private fields."""
    game = GAMES[name]
    for state, _ in random_walk(game, seed, random.Random(walk))[::7]:
        spectator = game.observe(state, None)
        assert spectator.player is None
        assert not spectator.hand
        for seat in seats(game.num_players):
            assert _public(game.observe(state, seat)) == _public(spectator)
        if getattr(spectator, "drawn_card", None) is not None:
            # Only a publicly drawn card shows (from the discard pile, or the turned wild card).
            assert all(
                game.observe(state, s).drawn_card == spectator.drawn_card
                for s in seats(game.num_players)
            )


@pytest.mark.parametrize("name", sorted(GAMES))
def test_spectator_view_prints_without_a_hand(name: str) -> None:
    """``str`` of a spectator's view names no hand and shows every hand hidden."""
    game = GAMES[name]
    text = str(game.observe(game.initial_state(5), None))
    assert "(hidden)" in text or "seen by a spectator" in text


def test_spectator_is_never_to_play() -> None:
    """A spectator's Sixes view is never "my turn", even once the game is over (S10)."""
    game = Sixes(SixesConfig(num_players=2, max_rounds=1))
    state = random_walk(game, 3, random.Random(4))[-1][0]
    assert game.current_player(state) is None
    assert not game.observe(state, None).is_my_turn
    assert not game.observe(game.initial_state(3), None).is_my_turn


@pytest.mark.parametrize("name", ["sixes", "sixes-optional-play"])
def test_sixes_spectator_view_cannot_be_determinized(name: str) -> None:
    """Sixes determinizes for a seat only; a spectator's view is refused with ValueError."""
    game = GAMES[name]
    observation = game.observe(game.initial_state(1), None)
    with pytest.raises(ValueError, match="spectator"):
        game.determinize(observation, random.Random(0))


def test_paiute_spectator_view_determinizes_to_a_consistent_state() -> None:
    """A Paiute spectator's view determinizes to a state the spectator cannot tell apart (P9)."""
    game = GAMES["paiute"]
    for state, _ in random_walk(game, 9, random.Random(9))[:40:3]:
        view = game.observe(state, None)
        assert game.observe(game.determinize(view, random.Random(1)), None) == view


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_seat_outside_the_table_is_still_refused(name: str) -> None:
    """``observe`` rejects a seat number that is not at the table, but accepts None."""
    game = GAMES[name]
    with pytest.raises(ValueError, match="seat"):
        game.observe(game.initial_state(1), PlayerId(game.num_players))
