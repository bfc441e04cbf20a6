"""The reinforcement-learning example: it skips cleanly without extras, and learning works."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from extras import require

EXAMPLE = Path(__file__).parents[2] / "examples" / "reinforcement_learning.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("reinforcement_learning", EXAMPLE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_without_extras_the_example_says_so_and_succeeds(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """In the core environment the example names the extras it needs and exits 0."""
    example = load_example()
    monkeypatch.setattr(importlib.util, "find_spec", lambda _name: None)
    assert example.main([]) == 0
    assert "cardgames-engine[gymnasium,numpy,openspiel]" in capsys.readouterr().out


def test_wilson_interval_brackets_the_rate() -> None:
    """The 95% Wilson interval of 50 wins in 100 games is about 40% to 60%."""
    low, high = load_example().wilson(50, 100)
    assert low == pytest.approx(0.404, abs=0.001)
    assert high == pytest.approx(0.596, abs=0.001)


@pytest.mark.slow
def test_the_trained_policy_beats_random_by_a_clear_margin() -> None:
    """With the example's seeds, training lifts the win rate by 10+ points, intervals apart."""
    require("gymnasium", extra="gymnasium")
    example = load_example()
    before, _, before_high = example.win_rate(example.MaskedPolicy(41), 1000, seed=7)
    after, after_low, _ = example.win_rate(example.train(3000, seed=3), 1000, seed=7)
    assert after - before >= 0.10
    assert after_low > before_high
    assert abs(before - 0.5) < 0.06  # untrained, the policy is a uniformly random player


def test_quick_run_prints_every_part(capsys: pytest.CaptureFixture[str]) -> None:
    """The quick run shows ISMCTS, evaluate_bots and the two win rates."""
    require("pyspiel", extra="openspiel")
    require("gymnasium", extra="gymnasium")
    assert load_example().main(["--quick"]) == 0
    out = capsys.readouterr().out
    assert "ISMCTS" in out
    assert "evaluate_bots" in out
    assert out.count("win rate vs RandomBot") == 2
