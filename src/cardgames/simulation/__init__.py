"""Play many seeded games between bots, on any executor, and summarize the results.

:func:`play_game` is the driver: it keeps the state and gives each bot only its player's
observation and the legal actions. :func:`simulate` plays ``games`` games of one game with one
bot per seat, in chunks of seeds on a local process pool (or any
:class:`concurrent.futures.Executor`, such as Dask's), and returns a :class:`SimulationResult`:
per-seat win rates and chip results with 95% confidence intervals, the mean game length and the
throughput. Every game's seed (and every bot's) is derived from one master seed and the game's
index, so the result is the same whatever the executor, the workers or the chunk size::

    >>> from cardgames.simulation import simulate
    >>> from cardgames.sixes import Sixes, SixesConfig
    >>> game = Sixes(SixesConfig(num_players=2, max_rounds=1))
    >>> result = simulate(game, ["heuristic", "random"], games=40, seed=1, workers=1)
    >>> result.seats[0].win_rate.mean > result.seats[1].win_rate.mean
    True
    >>> result == simulate(game, ["heuristic", "random"], games=40, seed=1, workers=2)
    True
"""

from __future__ import annotations

from cardgames.simulation.campaign import CampaignFileError, RecordsWriteError, campaign_records
from cardgames.simulation.core import (
    MAX_GAMES,
    MAX_KEPT_OUTCOMES,
    SimulationInterrupted,
    simulate,
)
from cardgames.simulation.dask import dask_executor
from cardgames.simulation.driver import GameFault, GameOutcome, bot_seed, game_seed, play_game
from cardgames.simulation.result import OutcomesNotKeptError, SeatResult, SimulationResult
from cardgames.simulation.stats import Estimate

__all__ = [
    "MAX_GAMES",
    "MAX_KEPT_OUTCOMES",
    "CampaignFileError",
    "Estimate",
    "GameFault",
    "GameOutcome",
    "OutcomesNotKeptError",
    "RecordsWriteError",
    "SeatResult",
    "SimulationInterrupted",
    "SimulationResult",
    "bot_seed",
    "campaign_records",
    "dask_executor",
    "game_seed",
    "play_game",
    "simulate",
]
