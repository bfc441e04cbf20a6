"""benchmarks/sixes_belief.py: the play-inference model is exact for heuristic players, and runs."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from cardgames.sixes import Sixes, SixesConfig, SixesHeuristicBot

BENCHMARKS = Path(__file__).parent.parent.parent / "benchmarks"


def _belief() -> Any:
    """``benchmarks/sixes_belief.py`` as a module."""
    spec = importlib.util.spec_from_file_location(
        "bench_sixes_belief", BENCHMARKS / "sixes_belief.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_sixes_belief"] = module
    spec.loader.exec_module(module)
    return module


def test_the_true_deal_explains_every_heuristic_play() -> None:
    """Among heuristic players the true hands never contradict a past play (S6 choices)."""
    belief = _belief()
    game = Sixes(SixesConfig(num_players=5, max_rounds=1))
    checked = contradicted = 0
    for seed in range(3):
        bots = [SixesHeuristicBot(seed=seed * 10 + seat) for seat in range(5)]
        state = game.initial_state(seed)
        while not game.is_terminal(state):
            player = game.current_player(state)
            assert player is not None
            observation = game.observe(state, player)
            found = belief.decisions(observation)
            assert belief.mismatches(found, state.hand_masks) == 0
            swapped = list(state.hand_masks)
            others = [seat for seat in range(5) if seat != player]
            # the other hands rotated: some past choice is then usually unexplained
            swapped[others[0]], swapped[others[1]] = (
                state.hand_masks[others[1]],
                state.hand_masks[others[0]],
            )
            contradicted += belief.mismatches(found, swapped) > 0
            checked += 1
            state = game.apply(state, bots[player].choose(observation, game.legal_actions(state)))
    assert contradicted > checked // 4


def test_each_variant_plays_and_two_runs_compare(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every variant plays a deal in each of the five seats (S1); --compare pairs the deals."""
    belief = _belief()
    outs = []
    for variant in ("ismcts", "belief", "cheat"):
        out = tmp_path / f"{variant}.json"
        options = ["--option", "iterations=5", "--option", "candidates=5", "--option", "eps=0.5"]
        argv = ["--variant", variant, "--deals", "2", "--seed", "3", "--out", str(out)]
        assert belief.main([*argv, *(options if variant == "belief" else options[:2])]) == 0
        report = json.loads(capsys.readouterr().out)
        assert report["variant"] == variant
        assert 0 <= report["win"] <= 1
        assert report["cpu"] > 0
        shares = json.loads(out.read_text())
        assert len(shares) == 2
        assert all(0 <= share <= 1 for share in shares)
        outs.append(str(out))
    assert belief.main(["--compare", outs[0], outs[0]]) == 0
    assert json.loads(capsys.readouterr().out) == {"difference": 0.0, "half_width": 0.0, "deals": 2}


def test_weighted_samples_are_measured(capsys: pytest.CaptureFixture[str]) -> None:
    """--accuracy reports the share of hidden cards placed right, uniform and weighted."""
    belief = _belief()
    assert belief.main(["--accuracy", "--deals", "1", "--option", "candidates=10"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["positions"] > 0
    assert 0 < report["uniform"] < 1
    assert 0 < report["weighted"] < 1
