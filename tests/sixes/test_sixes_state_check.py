"""The state check's one-pass fast path agrees with the checks that name each problem (issue 12).

``check_state`` first asks :func:`~cardgames.sixes.state._plainly_sound` whether a state
with a sound history has none of the problems that ``_chip_and_seat_problems``,
``_card_problems`` and ``_play_problems`` look for; only a "no" runs those. So the fast path
may say "no" to a valid state (the named checks then pass it), never "yes" to an invalid one.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.errors import InvalidStateError
from cardgames.sixes import Sixes, SixesConfig
from cardgames.sixes.state import (
    SixesState,
    _card_problems,
    _chip_and_seat_problems,
    _plainly_sound,
    _play_problems,
    check_state,
    unchecked_state,
)

_FIELDS = tuple(field.name for field in attrs.fields(SixesState) if field.init)
"""The fields a forged document could set (``playable_mask`` is derived from the table)."""


def _states(num_players: int, seed: int, count: int) -> list[SixesState]:
    """The states of seeded random games of ``num_players``, the final ones included."""
    game = Sixes(SixesConfig(num_players=num_players, max_rounds=2))
    rng = random.Random(seed)
    states = []
    for game_seed in range(seed, seed + 100):
        state = game.initial_state(game_seed)
        states.append(state)
        while not game.is_terminal(state) and len(states) < count:
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])
            states.append(state)
        if len(states) >= count:
            break
    return states


def _named_problems(state: SixesState, *, table_valid: bool) -> list[str]:
    return (
        _chip_and_seat_problems(state)
        + _card_problems(state, table_valid=table_valid)
        + _play_problems(state, history_sound=True)
    )


def _with(state: SixesState, **changes: Any) -> SixesState:
    """``state`` with fields replaced and nothing checked (as a forged document could make)."""
    values = {field.name: getattr(state, field.name) for field in attrs.fields(SixesState)}
    values.update(changes)
    build: Any = unchecked_state  # typed positionally; it takes the fields by name too
    state = build(**values)
    assert isinstance(state, SixesState)
    return state


_ODD_VALUES = st.one_of(
    st.integers(-3, 45),
    st.just(None),
    st.booleans(),
    st.floats(allow_nan=True),
    st.text(max_size=2),
    st.tuples(st.integers(-2, 25)),
    st.lists(st.integers(-2, 25), max_size=9).map(tuple),
)


def _value_for(name: str, state: SixesState, data: st.DataObject) -> object:
    """An odd or nearly right value for the field ``name`` of ``state``."""
    current = getattr(state, name)
    if isinstance(current, tuple) and current and isinstance(current[0], int):
        nudged = st.builds(
            lambda i, delta: tuple(v + delta * (j == i) for j, v in enumerate(current)),
            st.integers(0, len(current) - 1),
            st.integers(-3, 3),
        )
        return data.draw(st.one_of(nudged, _ODD_VALUES))
    if isinstance(current, int) and not isinstance(current, bool):
        return data.draw(st.one_of(st.integers(current - 3, current + 3), _ODD_VALUES))
    if name == "history":
        return data.draw(st.sampled_from([(), current[1:], current[:1], current * 2]))
    return data.draw(_ODD_VALUES)


@pytest.mark.parametrize("num_players", [2, 4, 5, 8])
def test_every_state_of_play_is_plainly_sound(num_players: int) -> None:
    # The fast path is taken for the states the engine makes: a test that fails if it never is.
    for state in _states(num_players, seed=num_players, count=400):
        assert _plainly_sound(state, table_valid=True)
        assert _plainly_sound(state, table_valid=False)
        assert not _named_problems(state, table_valid=False)


@given(
    num_players=st.sampled_from([2, 4, 5, 8]),
    seed=st.integers(0, 50),
    pick=st.integers(0, 399),
    names=st.lists(st.sampled_from(_FIELDS), min_size=1, max_size=3, unique=True),
    table_valid=st.booleans(),
    data=st.data(),
)
def test_plainly_sound_only_where_the_named_checks_find_nothing(  # noqa: PLR0917 - one per strategy
    num_players: int,
    seed: int,
    pick: int,
    names: list[str],
    table_valid: bool,
    data: st.DataObject,
) -> None:
    states = _states(num_players, seed, count=pick + 1)
    state = states[pick % len(states)]
    forged = _with(state, **{name: _value_for(name, state, data) for name in names})
    try:
        problems = _named_problems(forged, table_valid=True)
    except Exception:  # noqa: BLE001 - a value of a strange type: the named checks raise
        problems = ["raised"]
    if _plainly_sound(forged, table_valid=table_valid):
        assert problems == []
    # check_state (whose history check is the caller's here) rejects exactly what they name.
    replayed = forged.table_mask if table_valid else None
    if problems and problems != ["raised"]:
        with pytest.raises(InvalidStateError):
            check_state(forged, replayed_table=replayed, history_sound=True)


def test_a_forged_chip_total_is_still_rejected_by_name() -> None:
    state = _states(4, seed=3, count=30)[-1]
    forged = _with(state, pot=state.pot + 1)
    assert not _plainly_sound(forged, table_valid=True)
    with pytest.raises(InvalidStateError, match=r"settled stacks \(S10\)"):
        check_state(forged, replayed_table=forged.table_mask)
