"""The fast readers' shared integer checks: they read what the codec reads, or decline."""

from __future__ import annotations

import pytest

from cardgames._reader import MAX_INT, Declined, read_counts, read_ints


@pytest.mark.parametrize("values", [[], [0], [3, 0, MAX_INT - 1]])
def test_counts_are_read_as_a_tuple(values: list[int]) -> None:
    """Non-negative ints below MAX_INT are read, in order, as read_ints reads them."""
    assert read_counts(values) == tuple(values) == read_ints(values)


@pytest.mark.parametrize(
    "values", [[-1], [1, True], [MAX_INT], [1.0], ["1"], [None], (1, 2), "12", None]
)
def test_anything_else_is_declined(values: object) -> None:
    """A negative, a bool, a float, a too-big int or no list at all is declined."""
    with pytest.raises(Declined):
        read_counts(values)
