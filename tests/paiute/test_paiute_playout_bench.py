"""The rollout benchmark (benchmarks/bench_paiute_playout.py) runs and reports its figures.

Timing is never asserted: the test only proves that both rollouts run and are reported.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from typing import Any

from cardgames.paiute import Paiute, PaiuteConfig

BENCHMARKS = Path(__file__).parents[2] / "benchmarks"


def _script() -> Any:
    """``bench_paiute_playout.py`` as a module (its folder on the path, as when run)."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        path = BENCHMARKS / "bench_paiute_playout.py"
        spec = importlib.util.spec_from_file_location("bench_paiute_playout", path)
        assert spec is not None
        assert spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(BENCHMARKS))
    return module


def test_the_rollout_benchmark_reports_both_rollouts() -> None:
    """P9-P14: one short round of each rollout gives rates, their ratio and the deal length."""
    report = _script().main(["--rounds", "1", "--budget", "0.01", "--samples", "2"])
    assert set(report) == {
        "loop_iterations_per_s",
        "method_iterations_per_s",
        "ratio",
        "events_per_rollout",
    }
    assert report["loop_iterations_per_s"] > 0
    assert report["method_iterations_per_s"] > 0
    assert report["events_per_rollout"] > 1


def test_both_rollouts_of_the_benchmark_end_in_the_same_state() -> None:
    """P9-P14: the benchmark's two rollouts play the same actions from the same sample."""
    script = _script()
    game = Paiute(PaiuteConfig(num_players=4))
    for observation in script.positions(game):
        state = game.determinize(observation, random.Random(3))
        loop = script.loop_rollout(game, state, random.Random(4).randrange, 0)
        method = script.method_rollout(game, state, random.Random(4).randrange, 0)
        assert loop == method
