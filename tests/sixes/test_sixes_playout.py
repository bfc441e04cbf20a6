"""``Sixes.random_playout`` (issue 12) against the protocol's loop it replaces."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.errors import InvalidStateError
from cardgames.game import random_playout, random_playout_returns
from cardgames.paiute import Paiute
from cardgames.serialization import decode_state, dumps
from cardgames.sixes import PASS, BrokePass, Direction, GameEnd, Sixes, SixesConfig, SixesState
from cardgames.sixes import playout as sixes_playout
from cardgames.sixes.deck import SIX_OF_DIAMONDS_BIT, shuffled_deck
from cardgames.sixes.playout import PASS_FLAG, choices_for
from cardgames.sixes.state import check_state
from playout_reference import Recorder, loop_playout

_CONFIGS = st.builds(
    SixesConfig,
    num_players=st.sampled_from((2, 4, 5, 8)),
    starting_chips=st.integers(1, 6),
    must_play_if_able=st.booleans(),
    broke_pass=st.sampled_from(BrokePass),
    pay_per_card_left=st.integers(0, 2),
    game_end=st.sampled_from(GameEnd),
    direction=st.sampled_from(Direction),
    max_rounds=st.none() | st.integers(1, 4),
)


@st.composite
def _positions(draw: st.DrawFn) -> tuple[Sixes, SixesState]:
    """A game and a position in it: a deal, mid-round, a later round or the end of the game.

    ``steps=-1`` plays to the first state of the next round (its deal, before the 6♦).
    """
    game = Sixes(draw(_CONFIGS))
    state = game.initial_state(draw(st.integers(0, 2**32)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    steps = draw(st.sampled_from((0, 1, 7, 30, 90, 400, -1)))
    for _ in range(1000 if steps < 0 else steps):
        actions = game.legal_actions(state)
        if not actions or (steps < 0 and state.round_number != 1):
            break
        state = game.apply(state, actions[rng.randrange(len(actions))])
    return game, state


def _horizon(state: SixesState, choice: str) -> int | None:
    return {"none": None, "current": state.round_number, "past": state.round_number - 1}[choice]


@given(
    _positions(),
    st.sampled_from(("none", "current", "past")),
    st.none() | st.integers(0, 12),
    st.integers(0, 2**32),
)
def test_the_playout_is_the_loop_state_and_draws(
    position: tuple[Sixes, SixesState], horizon: str, limit: int | None, seed: int
) -> None:
    """S5-S12: the same final state (== and repr), after the very same randbelow calls.

    S8-S10: ``random_playout_returns`` scores that end after the same calls too.
    """
    game, state = position
    before = repr(state)
    theirs, ours, scorer = Recorder(seed), Recorder(seed), Recorder(seed)
    expected = loop_playout(game, state, theirs, _horizon(state, horizon), limit)
    played = game.random_playout(state, ours, _horizon(state, horizon), limit)
    assert played == expected
    assert repr(played) == repr(expected)
    assert played.playable_mask == expected.playable_mask
    assert ours.calls == theirs.calls
    scored = game.random_playout_returns(state, scorer, _horizon(state, horizon), limit)
    assert scored == game.returns(expected)
    assert scorer.calls == theirs.calls
    assert repr(state) == before  # the argument is untouched


@given(
    _positions(),
    st.sampled_from(("none", "current", "past")),
    st.none() | st.integers(0, 12),
    st.integers(0, 2**32),
)
def test_a_plain_generator_is_drawn_inline_to_the_same_state(
    position: tuple[Sixes, SixesState], horizon: str, limit: int | None, seed: int
) -> None:
    """S5-S12: with ``rng._randbelow`` the draws made inline leave the generator alike.

    S8-S10: so do those of ``cardgames.game.random_playout_returns``.
    """
    game, state = position
    theirs, ours, scorer = random.Random(seed), random.Random(seed), random.Random(seed)
    expected = loop_playout(game, state, theirs._randbelow, _horizon(state, horizon), limit)  # type: ignore[attr-defined]
    played = random_playout(game, state, ours._randbelow, _horizon(state, horizon), limit)  # type: ignore[attr-defined]
    assert played == expected
    assert repr(played) == repr(expected)
    assert ours.getstate() == theirs.getstate()
    scored = random_playout_returns(game, state, scorer._randbelow, _horizon(state, horizon), limit)  # type: ignore[attr-defined]
    assert scored == game.returns(expected)
    assert scorer.getstate() == theirs.getstate()


@given(_positions(), st.integers(0, 2**32))
def test_the_final_state_is_a_valid_state(position: tuple[Sixes, SixesState], seed: int) -> None:
    """S1-S12: the result passes the state check, observes and round-trips through JSON."""
    game, state = position
    final = game.random_playout(state, random.Random(seed)._randbelow)  # type: ignore[attr-defined]
    check_state(final)
    assert game.is_terminal(final)
    assert decode_state(game, dumps(game, final)) == final
    assert game.observe(final, None).round_number == final.round_number


def test_a_terminal_state_comes_back_as_it_is() -> None:
    """S10: nothing is legal once the game is over, so nothing is drawn."""
    game = Sixes(SixesConfig(num_players=2, max_rounds=1))
    final = game.random_playout(game.initial_state(seed=4), random.Random(4)._randbelow)  # type: ignore[attr-defined]
    recorder = Recorder(1)
    assert game.random_playout(final, recorder) is final
    assert recorder.calls == []


def test_a_state_of_another_game_is_refused() -> None:
    """The playout of a value that is not a Sixes state raises the library's error."""
    paiute = Paiute()
    with pytest.raises(InvalidStateError, match="PaiuteState is not a SixesState"):
        Sixes().random_playout(paiute.initial_state(seed=1), random.Random(1)._randbelow)  # type: ignore[arg-type, attr-defined]


def test_the_choices_table_lists_legal_actions_in_order_with_their_draws() -> None:
    """S6, S7: ids as legal_actions lists them; each k-bit draw maps to one id or a redraw."""
    table: dict[int, sixes_playout.Choices] = {}
    plays = (1 << 3) | (1 << 16) | (1 << 29)
    k, draws, ids = choices_for(table, plays, True)  # noqa: FBT003 - the rule, as the game passes it
    assert ids == (3, 16, 29, 40)
    assert k == 3
    assert draws == (3, 16, 29, 40, None, None, None, None)
    assert table[plays] == (k, draws, ids)
    assert choices_for({}, 1 << 7, False) == (1, (7, None), (7,))  # noqa: FBT003 - the rule
    assert choices_for({}, 1 << 7, True)[2] == (7, 40)  # noqa: FBT003 - the rule


@pytest.mark.parametrize("may_pass", [False, True])
def test_the_choices_table_has_the_pass_alone_and_the_opening_alone(may_pass: bool) -> None:
    """S5, S7: no play leaves the pass alone; before the opening the 6♦ is all, no pass."""
    table: dict[int, sixes_playout.Choices] = {}
    assert choices_for(table, 0, may_pass)[2] == (40,)
    assert choices_for(table, SIX_OF_DIAMONDS_BIT, may_pass)[2] == (15,)


def test_the_old_call_with_the_pass_flag_in_the_key_still_works_and_warns() -> None:
    """The former ``choices_for(choices, key)``: the same entries, under the old keys."""
    table: dict[int, sixes_playout.Choices] = {}
    plays = (1 << 3) | (1 << 16)
    with pytest.warns(DeprecationWarning, match="choices_for"):
        entry = choices_for(table, plays | PASS_FLAG)
    assert entry == choices_for({}, plays, True)  # noqa: FBT003 - the rule
    assert table == {plays | PASS_FLAG: entry}
    with pytest.warns(DeprecationWarning, match="choices_for"):
        assert choices_for({}, plays) == choices_for({}, plays, False)  # noqa: FBT003 - the rule
    with pytest.warns(DeprecationWarning, match="choices_for"):
        assert choices_for({}, SIX_OF_DIAMONDS_BIT | PASS_FLAG)[2] == (15,)


@pytest.mark.parametrize("must_play_if_able", [False, True])
def test_the_choices_agree_with_legal_actions(must_play_if_able: bool) -> None:
    """The table's ids for a hand's playable cards are the ids of ``legal_actions``, in order."""
    game = Sixes(SixesConfig(num_players=4, must_play_if_able=must_play_if_able))
    rng = random.Random(3)
    checked = 0
    for seed in range(6):
        state = game.initial_state(seed=seed)
        while not game.is_terminal(state):
            player = game.current_player(state)
            assert player is not None
            plays = state.hand_masks[player] & state.playable_mask
            _, _, ids = choices_for({}, plays, not must_play_if_able)
            legal = game.legal_actions(state)
            assert ids == tuple(game.action_id(action) for action in legal)
            checked += 1
            state = game.apply(state, legal[rng.randrange(len(legal))])
    assert checked > 500


def test_the_choices_table_starts_afresh_at_its_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table of choices stays bounded, and a playout still agrees with the loop after."""
    monkeypatch.setattr(sixes_playout, "_CACHE_LIMIT", 2)
    game = Sixes(SixesConfig(num_players=4))
    state = game.initial_state(seed=9)
    expected = loop_playout(game, state, random.Random(9)._randbelow)  # type: ignore[attr-defined]
    assert game.random_playout(state, random.Random(9)._randbelow) == expected  # type: ignore[attr-defined]
    assert len(game._choices) <= 2


class _OwnRandom(random.Random):
    """A generator of another class: its own ``_randbelow`` is called, never inlined."""


def test_an_own_generator_plays_the_same_game_through_its_own_randbelow() -> None:
    """S5-S12: a subclass of ``random.Random`` gets the loop's result and generator state."""
    game = Sixes(SixesConfig(num_players=5, starting_chips=2))
    state = game.initial_state(seed=12)
    theirs, ours = _OwnRandom(12), _OwnRandom(12)
    expected = loop_playout(game, state, theirs._randbelow)  # type: ignore[attr-defined]
    assert game.random_playout(state, ours._randbelow) == expected  # type: ignore[attr-defined]
    assert ours.getstate() == theirs.getstate()


def test_a_pass_from_the_last_chip_goes_through_apply() -> None:
    """S7, S10: a pass that empties a stack ends the game at once under ``immediate``."""
    game = Sixes(
        SixesConfig(num_players=2, starting_chips=1, game_end=GameEnd.IMMEDIATE, max_rounds=None)
    )
    for seed in range(40):
        state = game.initial_state(seed=seed)
        final = loop_playout(game, state, random.Random(seed)._randbelow)  # type: ignore[attr-defined]
        if PASS in (turn.action for turn in final.history):
            break
    else:  # pragma: no cover - a pass from one chip happens within the first seeds
        pytest.fail("no seed passed from the last chip")
    assert game.random_playout(state, random.Random(seed)._randbelow) == final  # type: ignore[attr-defined]
    assert final.stack_emptied


@given(st.integers(0, 2**96))
def test_the_unrolled_deal_shuffles_as_random_shuffle(seed: int) -> None:
    """S4, S9: the generated shuffle of the 40 cards is ``rng.shuffle``'s, draw for draw."""
    theirs, ours = random.Random(seed), random.Random(seed)
    expected = list(range(40))
    theirs.shuffle(expected)
    assert shuffled_deck(ours.getrandbits) == expected
    assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("pay_per_card_left", [0, 2])
def test_the_searched_rounds_last_card_deals_no_next_round(
    monkeypatch: pytest.MonkeyPatch, pay_per_card_left: int
) -> None:
    """S8, S9: with a horizon the round is settled (pot, cards left) and the next never dealt."""
    game = Sixes(SixesConfig(num_players=4, pay_per_card_left=pay_per_card_left))
    states = [game.initial_state(seed) for seed in range(12)]
    expected = [game.returns(loop_playout(game, s, random.Random(7)._randbelow, 1)) for s in states]  # type: ignore[attr-defined]

    def no_deal(*_: object) -> object:
        raise AssertionError("the next round was dealt")

    monkeypatch.setattr(Sixes, "_shuffled_hands", no_deal)
    monkeypatch.setattr(Sixes, "_hands", no_deal)
    scored = [game.random_playout_returns(s, random.Random(7)._randbelow, 1) for s in states]  # type: ignore[attr-defined]
    assert scored == expected
    assert any(any(returns) for returns in scored)
    with pytest.raises(AssertionError, match="dealt"):  # without a horizon the game plays on
        game.random_playout_returns(states[0], random.Random(7)._randbelow)  # type: ignore[attr-defined]
