"""Intervals right at the edges: Wilson for 0/1 outcomes, a bootstrap when ties split wins."""

from __future__ import annotations

import math
import random
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from cardgames.simulation import simulate
from cardgames.simulation.stats import Estimate, _binomial, bootstrap_mean, wilson
from cardgames.sixes import Sixes, SixesConfig


def test_wilson_stays_inside_zero_and_one() -> None:
    """Wilson: 0 of 20 is not 0 ± 0, and 19 of 20 does not run past 1."""
    none = wilson(0, 20)
    assert (none.mean, none.low) == (0.0, 0.0)
    assert 0.1 < none.high < 0.2
    most = wilson(19, 20)
    assert most.high <= 1.0
    assert most.low < 0.95 < most.high
    assert wilson(20, 20).high == 1.0
    assert none.format() == "0.000 [0.000, 0.161]"
    assert math.isnan(wilson(0, 0).mean)


@given(st.integers(0, 200), st.integers(1, 200))
def test_wilson_contains_its_mean(successes: int, extra: int) -> None:
    """Wilson: the interval lies in [0, 1] and contains the observed share."""
    trials = successes + extra
    estimate = wilson(successes, trials)
    assert 0.0 <= estimate.low <= estimate.mean <= estimate.high <= 1.0


@given(st.dictionaries(st.fractions(0, 1), st.integers(1, 50), min_size=1, max_size=4))
def test_bootstrap_contains_its_mean_within_the_values(counts: dict[Fraction, int]) -> None:
    """Bootstrap: the interval is within the values' range, around the mean, reproducible."""
    estimate = bootstrap_mean(counts, resamples=200)
    low, high = float(min(counts)), float(max(counts))
    assert low - 1e-9 <= estimate.low <= estimate.high <= high + 1e-9
    assert estimate.low - 1e-9 <= estimate.mean <= estimate.high + 1e-9
    assert estimate == bootstrap_mean(counts, resamples=200)


def test_bootstrap_of_nothing() -> None:
    """Bootstrap: no games, no estimate."""
    assert math.isinf(bootstrap_mean({}).half_width)


def test_binomial_draws_have_the_right_mean() -> None:
    """The bootstrap's binomial draws: exact for small n·p, normal beyond, mean n·p."""
    rng = random.Random(1)
    assert _binomial(rng, 10, 0.0) == 0
    assert _binomial(rng, 10, 1.0) == 10
    assert _binomial(rng, 0, 0.5) == 0
    for n, p in ((50, 0.1), (10_000, 0.3), (100, 0.9)):
        draws = [_binomial(rng, n, p) for _ in range(2000)]
        assert all(0 <= draw <= n for draw in draws)
        assert math.isclose(sum(draws) / len(draws), n * p, rel_tol=0.05)


def test_a_real_run_uses_each_interval_where_it_fits() -> None:
    """Simulation: ties in two-player Sixes give a bootstrap; a no-tie game gives Wilson."""
    game = Sixes(SixesConfig(num_players=2, max_rounds=1))
    result = simulate(game, ["heuristic", "random"], games=80, seed=1, workers=1)
    outcomes = simulate(
        game, ["heuristic", "random"], games=80, seed=1, workers=1, keep_outcomes=True
    ).outcomes
    tied = any(len(set(o.returns)) == 1 for o in outcomes)
    assert result.seats[0].win_rate.method == ("bootstrap" if tied else "wilson")
    assert "bootstrap over games" in result.table() or "Wilson" in result.table()


def test_rotating_seats_pool_the_same_spec() -> None:
    """--rotate: the two heuristic positions make one row, and so do the two random ones."""
    game = Sixes(SixesConfig(num_players=4, max_rounds=1))
    bots = ["heuristic", "random", "random", "heuristic"]
    result = simulate(game, bots, games=40, seed=2, workers=1, rotate=True)
    assert [(seat.bot, seat.positions) for seat in result.seats] == [
        ("heuristic", (0, 3)),
        ("random", (1, 2)),
    ]
    assert math.isclose(sum(2 * seat.win_rate.mean for seat in result.seats), 1.0)
    assert math.isclose(sum(seat.chips.mean for seat in result.seats), 0.0, abs_tol=1e-9)
    fixed = simulate(game, bots, games=40, seed=2, workers=1)
    assert len(fixed.seats) == 4


def test_estimate_defaults_to_a_symmetric_interval() -> None:
    """Estimate(mean, half_width) keeps working: low and high follow from the half-width."""
    estimate = Estimate(mean=1.0, half_width=0.5)
    assert (estimate.low, estimate.high, estimate.method) == (0.5, 1.5, "normal")


def test_an_estimate_of_no_games_prints_a_dash() -> None:
    """A row with no games (an interrupted run) shows '-' rather than nan."""
    assert wilson(0, 0).format() == "-"
    assert Estimate.of([]).format() == "-"
