"""Campaign throughput and memory: 1 and 2 local workers, Dask with 2 workers, flat memory.

The workload is the one of a million-game campaign: Sixes with its default config (5 players,
whole games) between random bots, every game written to a compact results file, no per-game
outcomes kept. Figures:

- games/s with 1 and 2 local worker processes, and on a local Dask cluster of 2 worker
  processes (one thread each), and the scaling from 1 to 2 local workers in percent (the
  target is at least 170 on an idle 2-core machine);
- games per CPU-second (this process and its workers) with 1 and 2 local workers: when they
  are equal, the pool costs nothing and the wall-clock rate scales with the idle cores, which
  can be read even on a busy machine;
- the peak of Python memory allocated in the parent process (tracemalloc) for a run and for a
  run ten times longer: equal when memory is flat in the number of games;
- how much duplicate deals narrow the 95% interval on the chip difference between the
  heuristic and random bots, against a new deal for every game, for the same number of games
  (two-player Sixes, one round; percent of the random-deal width, lower is narrower).

Usage: ``python benchmarks/bench_campaign.py [seconds-per-figure]``.
"""

from __future__ import annotations

import resource
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from cardgames.simulation import dask_executor, simulate
from cardgames.sixes import Sixes, SixesConfig
from cardgames.tournament import tournament

GAME = Sixes(SixesConfig())
BOTS = ["random"] * GAME.num_players


def _cpu_seconds() -> float:
    """CPU time of this process and its finished children (the local worker processes)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _rate(games: int, folder: Path, name: str, **options: object) -> float:
    """Games per second of a campaign of ``games`` games written to a results file."""
    start = time.perf_counter()
    result = simulate(
        GAME,
        BOTS,
        games=games,
        seed=0,
        progress=False,
        keep_outcomes=False,
        results=folder / f"{name}.jsonl",
        **options,  # type: ignore[arg-type]
    )
    assert result.played == games
    return games / (time.perf_counter() - start)


def _peak(games: int, folder: Path) -> float:
    """The parent's peak traced memory (KiB) over a 2-worker campaign of ``games`` games."""
    tracemalloc.start()
    simulate(
        GAME,
        BOTS,
        games=games,
        seed=1,
        workers=2,
        progress=False,
        keep_outcomes=False,
        results=folder / f"peak{games}.jsonl",
    )
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 1024


def _duplicate_gain(deals: int) -> float:
    """Mean duplicate interval width on the chip difference, in % of the random-deal width."""
    game = Sixes(SixesConfig(num_players=2, max_rounds=1))
    widths: dict[bool, list[float]] = {True: [], False: []}
    for seed in range(5):
        for duplicate in (True, False):
            result = tournament(
                game,
                ["heuristic", "random"],
                deals=deals,
                seed=seed,
                workers=2,
                duplicate=duplicate,
                progress=False,
            )
            difference = result.differences[0][1]
            assert difference is not None
            widths[duplicate].append(difference.high - difference.low)
    return 100 * statistics.mean(widths[True]) / statistics.mean(widths[False])


def run(seconds: float) -> dict[str, float]:
    """Measure each figure for about ``seconds``; return them."""
    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        probe = _rate(20, folder, "probe", workers=1)
        games = max(20, int(probe * seconds))
        cpu = _cpu_seconds()
        one = _rate(games, folder, "one", workers=1)
        cpu_one, cpu = _cpu_seconds() - cpu, _cpu_seconds()
        two = _rate(2 * games, folder, "two", workers=2)
        cpu_two = _cpu_seconds() - cpu
        figures["games/s, 1 local worker"] = one
        figures["games/s, 2 local workers"] = two
        figures["scaling 1 -> 2 local workers (%)"] = 100 * two / one
        figures["games per CPU-second, 1 local worker"] = games / cpu_one
        figures["games per CPU-second, 2 local workers"] = 2 * games / cpu_two
        with dask_executor(workers=2) as (executor, slots):
            figures["games/s, Dask LocalCluster 2 workers"] = _rate(
                2 * games, folder, "dask", executor=executor, workers=slots
            )
        small = max(200, games // 4)
        figures[f"parent peak KiB, {small} games"] = _peak(small, folder)
        figures[f"parent peak KiB, {10 * small} games"] = _peak(10 * small, folder)
    figures["duplicate interval width (% of random deals)"] = _duplicate_gain(100)
    return figures


if __name__ == "__main__":
    for label, value in run(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0).items():
        print(f"{label:<48} {value:>12,.1f}")
