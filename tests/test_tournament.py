"""Tournaments: duplicate deals, bootstrap over deals, Elo-scale ratings, pairwise matrix."""

from __future__ import annotations

import math

import pytest

from cardgames.bots import RandomBot
from cardgames.errors import InvalidConfigError
from cardgames.simulation import bot_seed
from cardgames.simulation.driver import Schedule
from cardgames.sixes import Sixes, SixesConfig
from cardgames.tournament import (
    TournamentInterrupted,
    _bradley_terry,
    tables_for,
    tournament,
)
from sim_bots import Faulty
from toy_game import ToyGame

TWO = Sixes(SixesConfig(num_players=2, max_rounds=1))


def test_results_do_not_depend_on_workers_or_chunks() -> None:
    """Reproducibility: the same tournament with 1 or 2 workers and any chunk size."""
    bots = ["heuristic", "random", "ismcts:iterations=4:rollout_limit=8"]
    one = tournament(TWO, bots, deals=6, seed=3, workers=1)
    two = tournament(TWO, bots, deals=6, seed=3, workers=2, chunk_size=5)
    assert one == two
    assert one.games == 6 * 3 * 2


def test_league_table_ranks_the_heuristic_above_random() -> None:
    """Strength: heuristic rates above random, wins more, and leads the pairwise matrix."""
    result = tournament(TWO, ["random", "heuristic"], deals=40, seed=1, workers=1)
    assert [row.bot for row in result.rows] == ["heuristic", "random"]
    best, worst = result.rows
    assert best.rating.low > worst.rating.high
    assert best.win_rate.mean > 0.5 > worst.win_rate.mean
    assert math.isclose(best.chips.mean, -worst.chips.mean)
    assert math.isclose(sum(row.rating.mean for row in result.rows) / 2, 1500, abs_tol=1e-6)
    score = result.pairwise[1][0]
    assert score is not None
    assert score > 0.5
    assert result.pairwise[0][0] is None
    assert math.isclose(score + (result.pairwise[0][1] or 0), 1.0)
    difference = result.differences[1][0]
    assert difference is not None
    assert difference.low > 0
    assert difference.method == "bootstrap"
    assert best.games == worst.games == 80
    assert "pairwise" in result.table()


def test_duplicate_deals_narrow_the_interval_on_the_difference() -> None:
    """Duplicate deals: for the same number of games, a narrower interval than random deals."""

    def width(seed: int, *, duplicate: bool) -> float:
        result = tournament(
            TWO, ["heuristic", "random"], deals=200, seed=seed, workers=2, duplicate=duplicate
        )
        difference = result.differences[0][1]
        assert difference is not None
        return difference.high - difference.low

    seeds = (0, 2)
    narrow = sum(width(seed, duplicate=True) for seed in seeds)
    assert narrow < sum(width(seed, duplicate=False) for seed in seeds)


def test_every_deal_is_replayed_at_every_rotation() -> None:
    """Duplicate deals: game i plays deal i // games-per-deal, seats rotated i % n."""
    schedule = Schedule(
        game=TWO, bots=("a", "b", "c"), seed=0, tables=tables_for(3, 2, "round-robin")
    )
    assert schedule.per_deal == 6
    assert [schedule.deal(i) for i in range(7)] == [0] * 6 + [1]
    assert [schedule.lineup(i) for i in range(6)] == [
        (0, 1),
        (1, 0),
        (0, 2),
        (2, 0),
        (1, 2),
        (2, 1),
    ]
    plain = Schedule(game=TWO, bots=("a", "b"), seed=0, tables=((0, 1),), duplicate=False)
    assert [plain.deal(i) for i in range(3)] == [0, 1, 2]


@pytest.mark.parametrize(
    ("entrants", "seats", "format_", "message"),
    [
        (1, 2, "round-robin", "at least 2 bots"),
        (3, 2, "all-seats", "do not fit"),
        (2, 2, "swiss", "unknown format"),
    ],
)
def test_bad_tables_are_refused(entrants: int, seats: int, format_: str, message: str) -> None:
    """Formats: a tournament that cannot be seated is refused."""
    with pytest.raises(InvalidConfigError, match=message):
        tables_for(entrants, seats, format_)


def test_bad_tournaments_are_refused() -> None:
    """Counts, duplicate labels and unpicklable bots are refused before any game."""
    with pytest.raises(InvalidConfigError, match="deals must be"):
        tournament(TWO, ["random", "heuristic"], deals=0)
    with pytest.raises(InvalidConfigError, match="give each bot once"):
        tournament(TWO, ["random", "random"], deals=1, workers=1)
    with pytest.raises(InvalidConfigError, match="cannot be pickled"):
        tournament(TWO, ["random", lambda _game, seed: RandomBot(seed=seed)], deals=1, workers=2)


def test_faulted_games_are_left_out_and_counted() -> None:
    """Faults: a raising bot's game is left out of the table and listed."""
    target = bot_seed(0, 1, 0)  # game 1 rotates entrant 1 into seat 0
    result = tournament(ToyGame(), ["random", Faulty("raise", target)], deals=3, workers=1)
    assert result.faulted == 1
    assert result.faults[0].index == 1
    assert "left out: 1 faulted games" in result.table()
    assert sum(row.games for row in result.rows) == 2 * 5


def test_interruption_keeps_the_games_so_far() -> None:
    """Ctrl-C: the interrupted tournament's table covers the finished games."""
    target = bot_seed(0, 4, 0)
    with pytest.raises(TournamentInterrupted) as stop:
        tournament(
            ToyGame(), [Faulty("interrupt", target), "random"], deals=5, workers=1, chunk_size=2
        )
    assert stop.value.result.rows[0].games == 4


def test_ratings_stay_finite_when_one_bot_wins_everything() -> None:
    """Ratings: a virtual draw per pair keeps a perfect record finite."""
    ratings = _bradley_terry([[0.0, 10.0], [0.0, 0.0]], [[0.0, 10.0], [10.0, 0.0]])
    assert all(math.isfinite(value) for value in ratings)
    assert ratings[0] > ratings[1]
    assert math.isclose(sum(ratings) / 2, 1500)


def test_one_deal_has_no_interval_and_lost_games_are_counted(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """One deal: means without intervals; games lost with a worker are left out and counted."""
    from test_campaign import FlakyExecutor

    result = tournament(
        TWO,
        ["heuristic", "random"],
        deals=1,
        workers=1,
        executor=FlakyExecutor({1, 2}),
        chunk_size=2,
        progress=True,
    )
    assert "2/2 games" in capsys.readouterr().err
    assert result.lost == 1
    assert "left out: 0 faulted games, 1 lost games" in str(result)
    assert all(math.isinf(row.rating.half_width) for row in result.rows)


def test_the_command_prints_the_table_so_far_when_interrupted(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """CLI tournament: Ctrl-C prints the table of the finished games and exits 130."""
    import cardgames.tournament as module
    from cardgames.cli import main

    partial = tournament(TWO, ["heuristic", "random"], deals=2, workers=1)

    def interrupted(*args: object, **kwargs: object) -> None:
        del args, kwargs
        raise TournamentInterrupted(partial)

    monkeypatch.setattr(module, "tournament", interrupted)
    argv = ["tournament", "sixes", "--players", "2", "--bots", "heuristic,random"]
    assert main([*argv, "--set", "max_rounds=1"]) == 130
    captured = capsys.readouterr()
    assert "2 duplicate deals" in captured.out
    assert "interrupted" in captured.err
