"""Hypothesis strategies shared by the test suites."""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st

from cardgames.cards import Card, forty_card_deck, standard_deck


def cards() -> st.SearchStrategy[Card]:
    """Any card of the 52-card deck."""
    return st.sampled_from(standard_deck())


def seeds() -> st.SearchStrategy[int]:
    """Seeds for deals and playouts."""
    return st.integers(min_value=0, max_value=2**32 - 1)


def decks() -> st.SearchStrategy[tuple[Card, ...]]:
    """A permutation of the 52-card or the 40-card deck."""
    return st.sampled_from([standard_deck(), forty_card_deck()]).flatmap(
        lambda deck: st.permutations(deck).map(tuple)
    )


def hands(*, min_size: int = 0, max_size: int = 10) -> st.SearchStrategy[frozenset[Card]]:
    """A set of distinct cards."""
    return st.frozensets(cards(), min_size=min_size, max_size=max_size)


def slow_settings(divisor: int = 4) -> settings:
    """Fewer examples than the profile asks for, for a test that plays whole games."""
    current = settings.default
    assert current is not None
    return settings(max_examples=max(10, current.max_examples // divisor))
