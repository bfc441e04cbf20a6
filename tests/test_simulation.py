"""The simulator: seeded, reproducible whatever the number of workers, with honest statistics."""

from __future__ import annotations

import concurrent.futures
import io
import json
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.bots import BotLike, BotSpec, RandomBot
from cardgames.errors import InvalidConfigError, ParseError
from cardgames.game import Game
from cardgames.serialization import loads_record, replay
from cardgames.simulation import (
    Estimate,
    GameOutcome,
    SimulationResult,
    bot_seed,
    campaign_records,
    game_seed,
    simulate,
)
from cardgames.sixes import Sixes, SixesConfig
from toy_game import ToyGame

AnyGame = Game[Any, Any, Any]


def greedy_factory(game: AnyGame, seed: int) -> RandomBot:
    """A factory bot (top level, so it would pickle): a seeded random bot."""
    del game
    return RandomBot(seed=seed + 1)


def test_one_and_two_workers_give_identical_results() -> None:
    """Reproducibility: the same master seed gives equal results with 1 and 2 workers."""
    game = Sixes(SixesConfig(num_players=4, max_rounds=2))
    bots = ["heuristic", "random", "ismcts:iterations=5:rollout_limit=10", "random"]
    one = simulate(game, bots, games=12, seed=9, workers=1, progress=False, keep_outcomes=True)
    two = simulate(game, bots, games=12, seed=9, workers=2, progress=False, keep_outcomes=True)
    assert one == two
    assert one.outcomes == two.outcomes
    assert (one.workers, two.workers) == (1, 2)


def test_toy_game_results_do_not_depend_on_workers() -> None:
    """Reproducibility holds for a user's game too (any picklable game)."""
    game = ToyGame()
    one = simulate(game, ["random", "random"], games=30, seed=3, workers=1, rotate=True)
    two = simulate(game, ["random", "random"], games=30, seed=3, workers=2, rotate=True)
    assert one == two


def test_different_master_seeds_give_different_games() -> None:
    """Each game's seed comes from the master seed and its index."""
    game = ToyGame()
    a = simulate(game, ["random", "random"], games=20, seed=1, workers=1, keep_outcomes=True)
    b = simulate(game, ["random", "random"], games=20, seed=2, workers=1, keep_outcomes=True)
    assert [o.seed for o in a.outcomes] != [o.seed for o in b.outcomes]
    assert [o.seed for o in a.outcomes] == [game_seed(1, i) for i in range(20)]
    assert len({game_seed(1, i) for i in range(100)}) == 100
    assert bot_seed(1, 0, 0) != bot_seed(1, 0, 1) != bot_seed(1, 1, 1)


def test_outcomes_are_consistent() -> None:
    """Returns sum to zero, win shares sum to one, lengths add up to the total."""
    game = Sixes(SixesConfig(num_players=5, max_rounds=1))
    bots = ["heuristic"] + ["random"] * 4
    result = simulate(game, bots, games=25, seed=4, workers=1, keep_outcomes=True)
    assert [o.index for o in result.outcomes] == list(range(25))
    for outcome in result.outcomes:
        assert sum(outcome.returns) == 0
        assert math.isclose(sum(outcome.win_shares), 1.0)
        assert outcome.finished
        assert outcome.seats == (0, 1, 2, 3, 4)
    assert result.total_actions == sum(o.length for o in result.outcomes)
    assert result.mean_length == result.total_actions / 25
    assert math.isclose(sum(seat.win_rate.mean for seat in result.seats), 1.0)
    assert math.isclose(sum(seat.chips.mean for seat in result.seats), 0.0, abs_tol=1e-9)
    assert result.unfinished == 0
    assert result.games_per_second > 0
    assert result.actions_per_second > 0


def test_rotation_moves_every_bot_round_the_table() -> None:
    """Seat rotation: bot k sits at seat (k + i) % n in game i; results stay per bot."""
    game = ToyGame()
    bots: list[BotLike] = ["random", greedy_factory]
    result = simulate(game, bots, games=6, seed=0, workers=1, rotate=True, keep_outcomes=True)
    assert [o.seats for o in result.outcomes] == [(0, 1), (1, 0)] * 3
    assert result.rotate
    assert result.seats[1].bot == "greedy_factory"
    assert "seats rotating" in result.table()


def test_heuristic_beats_random_at_sixes() -> None:
    """Bot strength: the Sixes heuristic bot wins clearly more than its fair share."""
    game = Sixes(SixesConfig(num_players=2, max_rounds=1))
    result = simulate(game, ["heuristic", "random"], games=200, seed=1, workers=1, rotate=True)
    assert result.seats[0].win_rate.low > 0.7
    assert result.seats[0].chips.low > 0


def test_heuristic_beats_random_at_paiute() -> None:
    """Bot strength: the Paiute heuristic bot wins clearly more than its fair share."""
    from cardgames.paiute import Paiute, PaiuteConfig

    game = Paiute(PaiuteConfig(num_players=2, max_turns=60))
    result = simulate(game, ["heuristic", "random"], games=100, seed=1, workers=1, rotate=True)
    assert result.seats[0].win_rate.low > 0.7
    assert result.seats[0].chips.low > 0


def test_ismcts_beats_random_at_the_toy_game() -> None:
    """Bot strength: ISMCTS beats random play over many seeded games."""
    result = simulate(
        ToyGame(), ["ismcts:iterations=60", "random"], games=150, seed=2, workers=1, rotate=True
    )
    assert result.seats[0].chips.low > 0


def test_estimates() -> None:
    """Statistics: mean with a normal 95% interval; infinite width below two samples."""
    estimate = Estimate.of([1.0, 0.0, 1.0, 0.0])
    assert estimate.mean == 0.5
    assert math.isclose(estimate.half_width, 1.959963984540054 * math.sqrt(1 / 3 / 4))
    assert estimate.low < 0.5 < estimate.high
    assert estimate.method == "normal"
    assert Estimate.of([2.0]) == Estimate(mean=2.0, half_width=math.inf)
    assert math.isnan(Estimate.of([]).mean)
    assert Estimate.of([3.0, 3.0]).format(2) == "3.00 ± 0.00"


def test_win_shares_split_ties() -> None:
    """Statistics: a tie between k seats gives each 1/k of a win."""
    outcome = GameOutcome(
        index=0, seed=0, seats=(0, 1, 2), returns=(2, 2, -4), length=3, finished=True
    )
    assert outcome.win_shares == (0.5, 0.5, 0.0)


def test_max_actions_cuts_games_off() -> None:
    """Games cut off by max_actions are counted as unfinished."""
    result = simulate(
        ToyGame(),
        ["random", "random"],
        games=5,
        seed=0,
        workers=1,
        max_actions=3,
        keep_outcomes=True,
    )
    assert result.unfinished == 5
    assert all(o.length == 3 and not o.finished for o in result.outcomes)
    assert "5 games cut off" in result.table()


def test_records_are_replayable_json_lines() -> None:
    """Records: a header, then one JSON line per game with its index, replaying to its results."""
    game = Sixes(SixesConfig(num_players=2, max_rounds=1))
    stream = io.StringIO()
    result = simulate(
        game,
        ["heuristic", "random"],
        games=6,
        seed=5,
        workers=2,
        rotate=True,
        records=stream,
        keep_outcomes=True,
    )
    lines = stream.getvalue().splitlines()
    assert len(lines) == 7
    assert json.loads(lines[0])["format"] == "cardgames-campaign"
    indices = sorted(json.loads(line)["index"] for line in lines[1:])
    assert indices == list(range(6))
    documents = campaign_records(stream.getvalue())
    by_seed = {loads_record(text).seed: loads_record(text) for text in documents}
    for outcome in result.outcomes:
        record = by_seed[outcome.seed]
        assert record.seed == outcome.seed
        final = replay(record)[-1]
        assert game.is_terminal(final)
        returns = game.returns(final)
        assert tuple(returns[seat] for seat in outcome.seats) == outcome.returns
        assert record.players[outcome.seats[0]] == "heuristic"


class UnregisteredGame(ToyGame):
    """The toy game under a name that serialization does not know."""

    @property
    def name(self) -> str:
        return "unregistered"


def test_records_need_a_registered_game() -> None:
    """Records: a game unknown to serialization is refused before playing."""
    with pytest.raises(InvalidConfigError, match="cannot write records of 'unregistered'"):
        simulate(UnregisteredGame(), ["random", "random"], games=1, records=io.StringIO())


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"games": 0}, InvalidConfigError, "games must be"),
        ({"games": 10**23}, InvalidConfigError, "from 1 to 1,000,000,000"),
        ({"games": 2, "workers": 0}, InvalidConfigError, "workers must be a whole number"),
        ({"games": 2, "chunk_size": 0}, InvalidConfigError, "chunk_size must be"),
        ({"games": 2, "max_actions": -1}, InvalidConfigError, "max_actions must be"),
        ({"games": 10**8, "keep_outcomes": True}, InvalidConfigError, "at most 10,000,000"),
        ({"games": 2, "resume": True}, InvalidConfigError, "resume needs"),
        ({"games": 2, "bots": ["random"]}, InvalidConfigError, "but 1 bots"),
        ({"games": 2, "bots": ["random", "minimax"]}, ParseError, "unknown bot"),
        ({"games": 2, "bots": ["random", "heuristic"]}, InvalidConfigError, "no heuristic"),
    ],
)
def test_bad_simulations_are_refused(
    kwargs: dict[str, Any], error: type[Exception], message: str
) -> None:
    """Bad arguments raise a typed error before any game is played."""
    options: dict[str, Any] = {"bots": ["random", "random"], **kwargs}
    bots = options.pop("bots")
    with pytest.raises(error, match=message):
        simulate(ToyGame(), bots, **options)


def test_progress_bar_and_table(capsys: pytest.CaptureFixture[str]) -> None:
    """Output: a progress bar on stderr when asked, and a table naming every bot."""
    result = simulate(
        ToyGame(), [BotSpec(name="random"), "random"], games=4, seed=0, workers=1, progress=True
    )
    err = capsys.readouterr().err
    assert "4/4 games" in err
    assert "games/s" in err
    assert "left)" in err
    table = str(result)
    assert isinstance(result, SimulationResult)
    assert "toy: 4 games, seed 0, 1 worker" in table
    assert table.count("random") == 2
    assert "win rate" in table
    assert "actions/s" in table


@given(
    games=st.integers(1, 25),
    chunk_size=st.integers(1, 9),
    workers=st.integers(1, 4),
    rotate=st.booleans(),
)
@settings(max_examples=15, deadline=None)
def test_results_do_not_depend_on_executor_or_chunks(
    games: int, chunk_size: int, workers: int, rotate: bool
) -> None:
    """Reproducibility: any executor, chunk size or worker count: the same result and lines."""
    game = Sixes(SixesConfig(num_players=2, max_rounds=1))
    bots = ["heuristic", "random"]
    here, there = io.StringIO(), io.StringIO()
    alone = simulate(game, bots, games=games, seed=games, workers=1, rotate=rotate, records=here)
    with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as threads:
        spread = simulate(
            game,
            bots,
            games=games,
            seed=games,
            rotate=rotate,
            executor=threads,
            workers=workers,
            chunk_size=chunk_size,
            records=there,
        )
    assert spread == alone
    assert sorted(there.getvalue().splitlines()) == sorted(here.getvalue().splitlines())
