"""The inline draws of the fast playouts are exactly ``random.Random._randbelow``'s."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import draws
from cardgames.draws import inline_draw, plain_getrandbits


class _OwnRandom(random.Random):
    """A generator of another class: its own ``_randbelow`` is called, never inlined."""


@given(seed=st.integers(0, 2**64), bounds=st.lists(st.integers(1, 200), min_size=1, max_size=30))
def test_an_inline_draw_is_the_generators_own_draw(seed: int, bounds: list[int]) -> None:
    """The same values and the same generator state afterwards, for any bounds (1 included)."""
    ours, theirs = random.Random(seed), random.Random(seed)
    getrandbits = plain_getrandbits(ours._randbelow)  # type: ignore[attr-defined]
    assert getrandbits is not None
    assert [inline_draw(getrandbits, n) for n in bounds] == [
        theirs._randbelow(n)  # type: ignore[attr-defined]
        for n in bounds
    ]
    assert ours.getstate() == theirs.getstate()


def test_only_a_plain_generators_randbelow_is_drawn_inline() -> None:
    """The inline draws are taken only where they are exactly ``random.Random._randbelow``."""
    rng = random.Random(3)
    assert plain_getrandbits(rng._randbelow) == rng.getrandbits  # type: ignore[attr-defined]
    assert plain_getrandbits(_OwnRandom(3)._randbelow) is None  # type: ignore[attr-defined]
    assert plain_getrandbits(rng.randrange) is None
    assert plain_getrandbits(lambda n: n - 1) is None
    assert draws.draws_alike()
    assert draws.INLINE_DRAWS


def test_the_inline_draws_are_refused_where_random_draws_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A Python whose ``random.Random`` draws differently is never drawn inline."""
    assert not draws.draws_alike(plain=False)
    monkeypatch.setattr(draws, "inline_draw", lambda _getrandbits, n: n - 1)
    assert not draws.draws_alike()
    monkeypatch.setattr(draws, "INLINE_DRAWS", False)
    assert plain_getrandbits(random.Random(1)._randbelow) is None  # type: ignore[attr-defined]
