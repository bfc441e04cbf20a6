"""The benchmark suite (benchmarks/run.py) runs end to end and writes valid JSON lines.

Timing is never asserted: these tests only prove that every measure runs and is reported.
"""

from __future__ import annotations

import gc
import importlib.util
import json
import sys
import weakref
from pathlib import Path
from typing import Any

import pytest

from extras import require

BENCHMARKS = Path(__file__).parent.parent / "benchmarks"


def _run_module() -> Any:
    """``benchmarks/run.py`` as a module (its folder on the path, as when run as a script)."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        spec = importlib.util.spec_from_file_location("bench_run", BENCHMARKS / "run.py")
        assert spec is not None
        assert spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(BENCHMARKS))
    return module


def _lines(path: Path) -> dict[str, dict[str, Any]]:
    return {line["name"]: line for line in map(json.loads, path.read_text().splitlines())}


def test_smoke_run_reports_every_engine_measure(tmp_path: Path) -> None:
    """A smoke run reports playouts, apply, observe, determinize, JSON, ISMCTS, memory, evaluate."""
    out = tmp_path / "bench.jsonl"
    results = _run_module().main(["--smoke", "--no-anchors", "--chain", "50", "--json", str(out)])
    lines = _lines(out)
    for game in ("sixes", "paiute"):
        for measure in (
            "playouts",
            "apply",
            "observe",
            "determinize",
            "determinize_again",
            "to_json",
            "json_dumps",
            "from_json",
            "json_loads",
            "observation_to_json",
            "observation_json_dumps",
            "observation_from_json",
            "observation_json_loads",
            "ismcts",
            "ismcts_reference",
            "ismcts_bound",
            "memory_per_state",
        ):
            name = f"{game}.{measure}"
            assert results[name] > 0
            assert lines[name]["value"] == results[name]
            assert lines[name]["machine"]
            assert lines[name]["gc_frozen"] is True
    assert "evaluate.5_cards" in lines
    assert "evaluate.6_cards" in lines
    assert lines["sixes.ismcts/sixes.ismcts_reference"]["value"] > 0
    assert lines["sixes.determinize_again/sixes.determinize_again_reference"]["value"] > 0
    assert not any(name.startswith(("crazy_eights", "treys")) for name in lines)


def test_only_keeps_the_figures_asked_for(tmp_path: Path) -> None:
    """``--only json`` measures the JSON figures alone, and their ratios to the stdlib."""
    out = tmp_path / "bench.jsonl"
    args = ["--smoke", "--no-anchors", "--only", "json", "--json", str(out)]
    results = _run_module().main(args)
    assert set(results) == {
        f"{game}.{kind}{measure}"
        for game in ("sixes", "paiute")
        for kind in ("", "observation_")
        for measure in ("to_json", "json_dumps", "from_json", "json_loads")
    }
    assert _lines(out)["paiute.from_json/paiute.json_loads"]["value"] > 0
    unfrozen = tmp_path / "unfrozen.jsonl"
    _run_module().main([*args[:-1], str(unfrozen), "--no-freeze"])
    assert {line["gc_frozen"] for line in _lines(unfrozen).values()} == {False}


def test_smoke_run_measures_the_anchors_and_their_ratios(tmp_path: Path) -> None:
    """With the bench extra the anchors run in the same rounds and the ratios are written."""
    require("pyspiel", extra="bench")
    require("treys", extra="bench")
    out = tmp_path / "bench.jsonl"
    _run_module().main(["--smoke", "--require-anchors", "--chain", "50", "--json", str(out)])
    lines = _lines(out)
    for name in (
        "crazy_eights.playouts",
        "crazy_eights.clone_apply",
        "crazy_eights.observation_string",
        "crazy_eights.serialize",
        "crazy_eights.deserialize",
        "treys.5_cards",
        "treys.6_cards",
        "sixes.playouts/crazy_eights.playouts",
        "evaluate.5_cards/treys.5_cards",
    ):
        assert lines[name]["value"] > 0


def test_missing_anchors_fail_only_when_required(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the bench extra the run goes on, unless --require-anchors is given."""
    module = _run_module()

    def missing(*_: object) -> list[object]:
        raise ImportError("No module named 'pyspiel'")

    monkeypatch.setattr(module, "anchor_measures", missing)
    assert "sixes.playouts" in module.main(["--smoke", "--chain", "20"])
    with pytest.raises(ImportError, match="pyspiel"):
        module.main(["--smoke", "--chain", "20", "--require-anchors"])


def _suite_module() -> Any:
    """``benchmarks/suite.py`` as a module (its folder on the path, as ``run.py`` has it)."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import suite
    finally:
        sys.path.remove(str(BENCHMARKS))
    return suite


def test_a_ratio_pairs_batches_taken_back_to_back() -> None:
    """Each ratio divides two batches run one after the other, in alternating order.

    The fake host halves or doubles its speed between rounds: ratios of medians taken a round
    apart would move with it, the paired ratios stay at exactly 2.
    """
    suite = _suite_module()
    speed = [1.0]
    calls: list[str] = []

    def task(name: str, factor: float) -> Any:
        def run(budget: float) -> tuple[float, float]:
            calls.append(name)
            return factor * speed[0] * budget, budget

        return run

    def next_round(budget: float) -> tuple[float, float]:
        calls.append("alone")
        speed[0] = 3.0 if speed[0] == 1.0 else 1.0
        return budget, budget

    measures = [
        suite.Measure("fast", "units/s", task("fast", 2.0)),
        suite.Measure("slow", "units/s", task("slow", 1.0)),
        suite.Measure("alone", "units/s", next_round),
    ]
    pairs = [("fast", "slow", "speed"), ("fast", "missing", "speed")]
    figures, ratios = suite.paired(measures, pairs, 4, 0.5)
    assert ratios == {("fast", "slow"): [2.0, 2.0, 2.0, 2.0]}
    assert figures["fast"] == [2.0, 6.0, 2.0, 6.0]
    assert figures["alone"] == [1.0] * 4
    assert calls[:6] == ["fast", "slow", "alone", "slow", "fast", "alone"]


def test_the_fixtures_are_frozen_out_of_the_collector_only_while_timing() -> None:
    """Objects alive before the timing are in no collection's way during it, and back after.

    Garbage made while frozen is still collected: a reference cycle built inside goes.
    """
    suite = _suite_module()
    fixtures = [[index] for index in range(1_000)]
    before = gc.get_freeze_count()
    with suite.frozen_fixtures():
        assert gc.get_freeze_count() >= before + len(fixtures)

        class Node:
            pass

        cycle = Node()
        cycle.self = cycle  # type: ignore[attr-defined]
        gone = weakref.ref(cycle)
        del cycle
        gc.collect()
        assert gone() is None
    assert gc.get_freeze_count() == before
    with suite.frozen_fixtures(enabled=False):
        assert gc.get_freeze_count() == before
    assert fixtures[999] == [999]
