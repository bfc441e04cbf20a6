"""``Paiute.random_playout`` plays exactly what the legal_actions/apply loop plays (P6-P21).

The reference is the loop of the fast random rollout contract, written here over the public
protocol: the method must return an equal state with the same ``repr``, after the very same
calls of ``randbelow`` (arguments and count), from any position: the start of a deal, after
a draw, after a call, at the end of a session; with a horizon (the current deal, a past one,
a later one) or none; with a limit (none, zero, a few actions).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.errors import InvalidConfigError, InvalidStateError
from cardgames.paiute import Call, FinalTurns, Paiute, PaiuteConfig, PaiuteState
from cardgames.paiute.history import Called, DrewFromStock, RebuiltStock, ShowedSix
from cardgames.sixes import Sixes
from playout_reference import Recorder, loop_playout
from strategies import seeds, slow_settings


def assert_same_playout(
    game: Paiute,
    state: PaiuteState,
    seed: int,
    horizon: int | None = None,
    limit: int | None = None,
) -> PaiuteState:
    """The method's state equals the loop's (== and repr) after the same randbelow calls.

    And with ``rng._randbelow`` of a plain generator (the draws made inline), the loop's state
    and the generator left in the same state.
    """
    before = repr(state)
    theirs, ours = Recorder(seed), Recorder(seed)
    expected = loop_playout(game, state, theirs, horizon, limit)
    final = game.random_playout(state, ours, horizon, limit)
    assert final == expected
    assert repr(final) == repr(expected)
    assert ours.calls == theirs.calls
    # with a plain generator's own _randbelow, whose draws of whole turns are made inline
    plain, twin = random.Random(seed), random.Random(seed)
    inline = game.random_playout(state, plain._randbelow, horizon, limit)  # type: ignore[attr-defined]
    looped = loop_playout(game, state, twin._randbelow, horizon, limit)  # type: ignore[attr-defined]
    assert inline == looped
    assert repr(inline) == repr(looped)
    assert plain.getstate() == twin.getstate()
    assert repr(state) == before  # the argument is left as it was
    return final


configs = st.builds(
    PaiuteConfig,
    num_players=st.integers(2, 5),
    deals=st.sampled_from([1, 1, 3]),
    max_turns=st.sampled_from([None, None, 1, 9, 40]),
    ace_low_straight=st.booleans(),
    final_turns=st.sampled_from(list(FinalTurns)),
    reshuffle_keep_top_discard=st.booleans(),
    wild_indicator_in_play=st.booleans(),
)


def position(game: Paiute, seed: int, actions: int, *, calling: bool) -> PaiuteState:
    """The state after ``actions`` seeded random actions; ``calling`` prefers calls (P11)."""
    rng = random.Random(seed)
    state = game.initial_state(seed)
    for _ in range(actions):
        legal = game.legal_actions(state)
        if not legal:
            break
        calls = [action for action in legal if type(action) is Call]
        choices = calls if calls and calling else legal
        state = game.apply(state, choices[rng.randrange(len(choices))])
    return state


@slow_settings(2)
@given(
    config=configs,
    seed=seeds(),
    actions=st.integers(0, 400),
    calling=st.booleans(),
    horizon=st.sampled_from([None, "current", "past", "next"]),
    limit=st.sampled_from([None, None, 0, 1, 2, 7, 60]),
)
def test_random_playout_is_the_loop(  # noqa: PLR0917 - one argument per thing varied
    config: PaiuteConfig,
    seed: int,
    actions: int,
    calling: bool,
    horizon: str | None,
    limit: int | None,
) -> None:
    """P6-P21: from any position, the loop's final state after the loop's randbelow calls."""
    game = Paiute(config)
    state = position(game, seed, actions, calling=calling)
    deal = state.table.deal
    bound = {None: None, "current": deal, "past": deal - 1, "next": deal + 1}[horizon]
    assert_same_playout(game, state, seed, bound, limit)


@pytest.mark.parametrize(
    ("config", "seed", "kind"),
    [
        (PaiuteConfig(num_players=5), 0, "six"),
        (PaiuteConfig(num_players=5), 78, "show"),
        (PaiuteConfig(num_players=4, final_turns="each_other_player_once"), 165, "show"),
        (PaiuteConfig(num_players=3, wild_indicator_in_play=True), 1, "wild"),
        (PaiuteConfig(num_players=3, reshuffle_keep_top_discard=False), 2, "rebuild"),
    ],
)
def test_random_playout_plays_the_rare_actions_as_the_loop(
    config: PaiuteConfig, seed: int, kind: str
) -> None:
    """P6, P10, P11, P13: a six-card call, a six-card show, the turned card, a rebuild."""
    game = Paiute(config)
    final = assert_same_playout(game, game.initial_state(seed), seed)
    events = final.history
    if kind == "six":
        assert any(type(event) is Called and event.discard is None for event in events)
    elif kind == "show":
        assert any(type(event) is ShowedSix for event in events)
    elif kind == "wild":
        assert any(type(event) is DrewFromStock and event.card is not None for event in events)
    else:
        assert any(type(event) is RebuiltStock for event in events)


def test_random_playout_plays_a_session_of_several_deals() -> None:
    """P20, P21: without a horizon the playout goes on into the next deals to the end."""
    game = Paiute(PaiuteConfig(num_players=3, deals=4, max_turns=30))
    final = assert_same_playout(game, game.initial_state(11), 11)
    assert game.is_terminal(final)
    assert len(final.results) == 4


def test_random_playout_stops_with_the_deal_of_the_horizon() -> None:
    """P14, P20: with the current deal as horizon, the playout stops once it is scored."""
    game = Paiute(PaiuteConfig(num_players=4, deals=3, max_turns=50))
    state = game.initial_state(4)
    final = assert_same_playout(game, state, 4, horizon=0)
    assert final.deal_number == 1
    assert len(final.results) == 1


def test_random_playout_of_a_finished_session_is_the_state_itself() -> None:
    """P20: a terminal state has no legal action: nothing is drawn, the state comes back."""
    game = Paiute(PaiuteConfig(num_players=2, max_turns=20))
    final = game.random_playout(game.initial_state(3), random.Random(3).randrange)
    recorder = Recorder(0)
    assert game.random_playout(final, recorder) is final
    assert recorder.calls == []


def test_random_playout_draws_from_a_stock_beside_an_empty_pile() -> None:
    """P9: with the discard pile empty, DrawStock() is the one legal action."""
    game = Paiute(PaiuteConfig(num_players=2))
    state = game.initial_state(8)
    top = state.pile_indices
    emptied = attrs.evolve(state, pile_indices=(), stock_indices=top + state.stock_indices)
    assert_same_playout(game, emptied, 8, limit=5)


def _constant(value: object) -> Callable[[int], int]:
    """A ``randbelow`` that always returns ``value``, whatever it is asked."""
    return lambda _n: value  # type: ignore[return-value]


@pytest.mark.parametrize("value", [-1, 2, 9])
def test_random_playout_refuses_a_draw_out_of_range(value: int) -> None:
    """P9: randbelow(2) for the draw must give 0 or 1; anything else is a typed error."""
    game = Paiute(PaiuteConfig(num_players=3))
    with pytest.raises(InvalidConfigError, match=r"randbelow\(2\) must return an int from 0 to 1"):
        game.random_playout(game.initial_state(1), _constant(value))


def test_random_playout_refuses_a_discard_out_of_range() -> None:
    """P9: randbelow(n) after the draw must give one of the n actions."""
    game = Paiute(PaiuteConfig(num_players=3))
    drawn = game.apply(game.initial_state(1), game.legal_actions(game.initial_state(1))[0])
    count = len(game.legal_actions(drawn))
    with pytest.raises(InvalidConfigError, match=rf"randbelow\({count}\) must return"):
        game.random_playout(drawn, _constant(-1))


def test_random_playout_refuses_a_call_out_of_range() -> None:
    """P11: past the discards, randbelow(n) must still name one of the calls."""
    game = Paiute(PaiuteConfig(num_players=5))
    state = game.initial_state(0)
    while not any(type(action) is Call for action in game.legal_actions(state)):
        actions = game.legal_actions(state)
        state = game.apply(state, actions[-1 if state.drawn is None else 0])
    count = len(game.legal_actions(state))
    with pytest.raises(InvalidConfigError, match=rf"randbelow\({count}\) must return"):
        game.random_playout(state, _constant(count))


def test_random_playout_refuses_a_draw_beside_an_empty_pile_out_of_range() -> None:
    """P9: with only DrawStock() to choose, randbelow(1) must give 0."""
    game = Paiute(PaiuteConfig(num_players=2))
    state = game.initial_state(8)
    emptied = attrs.evolve(
        state, pile_indices=(), stock_indices=state.pile_indices + state.stock_indices
    )
    with pytest.raises(InvalidConfigError, match=r"randbelow\(1\) must return an int from 0"):
        game.random_playout(emptied, _constant(1))


@pytest.mark.parametrize(("horizon", "limit"), [("0", None), (None, 2.5), (None, "3")])
def test_random_playout_refuses_a_bound_that_is_not_an_int(horizon: object, limit: object) -> None:
    """P20, P21: the horizon (a deal number) and the limit (a count) are ints or None."""
    game = Paiute(PaiuteConfig(num_players=2))
    with pytest.raises(InvalidConfigError, match="must be an int or None"):
        game.random_playout(
            game.initial_state(1),
            random.Random(1).randrange,
            horizon,  # type: ignore[arg-type]
            limit,  # type: ignore[arg-type]
        )


def test_random_playout_refuses_another_game_s_state() -> None:
    """P1: a state of another game, or of another table size, is an InvalidStateError."""
    game = Paiute(PaiuteConfig(num_players=3))
    other = Sixes().initial_state(1)
    with pytest.raises(InvalidStateError, match="expected a PaiuteState"):
        game.random_playout(other, random.Random(1).randrange)  # type: ignore[arg-type]
    smaller = Paiute(PaiuteConfig(num_players=2)).initial_state(1)
    with pytest.raises(InvalidStateError, match="a state of 2 seats at a 3-seat game"):
        game.random_playout(smaller, random.Random(1).randrange)


def _drawing(draw: int, wrong: int) -> Callable[[int], int]:
    """``randbelow``: ``draw`` for the draw (0 when it is the one choice), then ``wrong``."""

    def randbelow(n: int) -> int:
        if n <= 2:
            return min(draw, n - 1)
        return wrong

    return randbelow


@pytest.mark.parametrize(("draw", "count"), [(0, 6), (1, 5)])
def test_random_playout_refuses_a_discard_out_of_range_after_its_own_draw(
    draw: int, count: int
) -> None:
    """P9: after a draw from the stock, six discards; after one from the pile, five."""
    game = Paiute(PaiuteConfig(num_players=3))
    with pytest.raises(InvalidConfigError, match=rf"randbelow\({count}\) must return"):
        game.random_playout(game.initial_state(1), _drawing(draw, count))


def test_random_playout_refuses_a_call_out_of_range_after_its_own_draw() -> None:
    """P11: randbelow(n) over the discards and the calls must give one of them."""
    game = Paiute(PaiuteConfig(num_players=5, max_turns=500))
    below = random.Random(0).randrange

    def randbelow(n: int) -> int:
        # always the stock, so that six discards come first: more choices are calls
        return 0 if n <= 2 else n if n > 6 else below(n)

    with pytest.raises(InvalidConfigError, match=r"must return an int from 0 to"):
        game.random_playout(game.initial_state(0), randbelow)
