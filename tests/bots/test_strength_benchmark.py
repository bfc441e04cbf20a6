"""benchmarks/strength.py runs end to end: pairs, JSON lines, the table and CPU timing."""

from __future__ import annotations

import importlib.util
import json
import pickle
import sys
from pathlib import Path
from typing import Any

import pytest

BENCHMARKS = Path(__file__).parent.parent.parent / "benchmarks"


def _strength() -> Any:
    """``benchmarks/strength.py`` as a module."""
    spec = importlib.util.spec_from_file_location("bench_strength", BENCHMARKS / "strength.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_strength"] = module
    spec.loader.exec_module(module)
    return module


def test_every_pair_is_planned_with_the_targets_first() -> None:
    """Every pair of each game's bots is played once, the strongest against the heuristic first."""
    strength = _strength()
    paiute = strength.pairs("paiute")
    assert len(paiute) == 6
    assert len(set(map(frozenset, paiute))) == 6
    assert strength.cost("paiute", (strength.EXPERT, "heuristic")) == 0
    assert strength.cost("sixes", ("ismcts", "heuristic")) == 0
    assert strength.cost("paiute", ("heuristic", "random")) == 1
    assert strength.cost("sixes", ("ismcts", "random")) == 2
    assert strength.cost("paiute", ("ismcts", "heuristic")) == 3
    assert strength.cost("paiute", ("ismcts", "random")) == 4
    assert strength.table_sizes("sixes", ["2", "default"]) == [2, 5]


def test_a_pair_is_written_as_a_json_line_and_summarized(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A tiny run appends one whole line per pair; --summarize prints the same rows."""
    strength = _strength()
    out = tmp_path / "strength.jsonl"
    argv = ["--games-of", "sixes", "--sizes", "2", "--games", "4", "--out", str(out)]
    assert strength.main([*argv, "--pair", "heuristic", "random"]) == 0
    record = json.loads(out.read_text())
    assert (record["game"], record["players"], record["a"], record["b"]) == (
        "sixes",
        2,
        "heuristic",
        "random",
    )
    assert record["games"] == 4
    assert record["a_win"][0] + record["b_win"][0] == pytest.approx(1.0)
    assert record["a_chips"][0] == pytest.approx(-record["b_chips"][0])
    played = capsys.readouterr().out
    assert strength.main(["--summarize", str(out)]) == 0
    table = capsys.readouterr().out
    assert "| sixes | 2 | heuristic vs random | 4 (2 deals) |" in table
    assert played.strip() in table


def test_the_target_pairs_only(tmp_path: Path) -> None:
    """--targets-only plays the strongest bot against the heuristic, with --target-games."""
    strength = _strength()
    out = tmp_path / "strength.jsonl"
    argv = ["--games-of", "sixes", "--sizes", "2", "--target-games", "2", "--out", str(out)]
    assert strength.main([*argv, "--targets-only"]) == 0
    (record,) = map(json.loads, out.read_text().splitlines())
    assert (record["a"], record["b"], record["games"]) == ("ismcts", "heuristic", 2)
    assert strength.format_row(record).startswith("| sixes | 2 | ismcts vs heuristic | 2 ")
    assert "(1 deals, seed 3)" in strength.format_row({**record, "seed": 3})


def test_cpu_per_move_times_each_bot(capsys: pytest.CaptureFixture[str]) -> None:
    """--cpu prints each bot's CPU time per decision: the search's is measurably positive."""
    strength = _strength()
    assert strength.main(["--games-of", "sixes", "--sizes", "2", "--cpu", "1"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| sixes")]
    assert [row.split("|")[3].strip() for row in rows] == ["random", "heuristic", "ismcts"]
    seconds = [float(row.split("|")[4]) for row in rows]
    assert min(seconds) >= 0
    assert seconds[2] > seconds[1]
    for row in rows:  # the mean, the 90th percentile and the slowest, over these decisions
        mean, p90, most, decisions = (float(cell) for cell in row.split("|")[4:8])
        assert decisions > 0
        assert 0 <= p90 <= most
        assert mean <= most


def test_the_cpu_profile_is_the_mean_the_90th_percentile_and_the_slowest() -> None:
    """CpuProfile.of: nearest-rank 90th percentile, so one slow move of ten is not hidden."""
    strength = _strength()
    times = [0.01] * 9 + [0.5]
    profile = strength.CpuProfile.of(times)
    assert profile.decisions == 10
    assert profile.mean == pytest.approx(0.059)
    assert (profile.p90, profile.most) == (0.01, 0.5)
    assert strength.CpuProfile.of([0.3, 0.1, 0.2]).p90 == 0.3
    assert strength.CpuProfile.of(list(range(20))).p90 == 17
    assert strength.CpuProfile.of([]) == strength.CpuProfile(0, 0.0, 0.0, 0.0)


def test_play_timed_reports_each_decision() -> None:
    """play_timed appends one time per decision with a choice, summing to what it returns."""
    strength = _strength()
    game = strength.make_game("sixes", 2)
    from cardgames.bots import BotSpec, build_bot

    bots = [build_bot(BotSpec.parse("heuristic"), game, seed) for seed in (1, 2)]
    times: list[float] = []
    final, seconds, decisions = strength.play_timed(
        game, bots, 0, game.initial_state(5), times=times
    )
    assert game.is_terminal(final)
    assert len(times) == decisions > 0
    assert sum(times) == pytest.approx(seconds)


def test_cpu_times_the_bots_of_the_pairs_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    """--cpu with --pair times those bots (each once) instead of the table's."""
    strength = _strength()
    argv = ["--games-of", "sixes", "--sizes", "2", "--cpu", "1"]
    pairs = ["--pair", "ismcts:iterations=5", "random", "--pair", "random", "heuristic"]
    assert strength.main([*argv, *pairs]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| sixes")]
    bots = [row.split("|")[3].strip() for row in rows]
    assert bots == ["ismcts:iterations=5", "random", "heuristic"]


def test_a_bot_alone_against_a_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--field B seats the other bot once among B's copies: one seat-game a game, S1's 5 seats."""
    strength = _strength()
    out = tmp_path / "field.jsonl"
    argv = ["--games-of", "sixes", "--sizes", "5", "--games", "10", "--out", str(out)]
    assert strength.main([*argv, "--pair", "random", "heuristic", "--field", "heuristic"]) == 0
    (record,) = map(json.loads, out.read_text().splitlines())
    assert (record["format"], record["a"], record["b"]) == ("field", "random", "heuristic")
    assert (record["deals"], record["games"]) == (2, 10)
    assert record["a_win"][0] + 4 * record["b_win"][0] == pytest.approx(1.0)
    assert record["a_chips"][0] + 4 * record["b_chips"][0] == pytest.approx(0.0)
    for key in ("a_win", "a_chips", "b_win", "b_chips"):
        mean, low, high = record[key]
        assert low <= mean <= high
    assert "| sixes | 5 | random vs 4 heuristic | 10 (2 deals) |" in capsys.readouterr().out


def test_the_field_keeps_only_pairs_with_its_bot(tmp_path: Path) -> None:
    """--field with --targets-only plays the strongest bot against the field, whichever side."""
    strength = _strength()
    out = tmp_path / "field.jsonl"
    argv = ["--games-of", "sixes", "--sizes", "2", "--target-games", "2", "--out", str(out)]
    assert strength.main([*argv, "--targets-only", "--field", "heuristic"]) == 0
    (record,) = map(json.loads, out.read_text().splitlines())
    assert (record["a"], record["b"], record["games"]) == ("ismcts", "heuristic", 2)
    assert strength.main([*argv, "--pair", "random", "ismcts", "--field", "heuristic"]) == 0
    assert len(out.read_text().splitlines()) == 1


def test_a_field_seat_is_labelled_and_picklable() -> None:
    """Each copy of the field's bot has its own label and can be sent to worker processes."""
    strength = _strength()
    seat = strength.FieldSeat("heuristic", 3)
    assert seat.__name__ == "heuristic#3"
    copy = pickle.loads(pickle.dumps(seat))  # noqa: S301 - our own object
    assert copy.spec == "heuristic"
    game = strength.make_game("sixes", 2)
    assert type(copy(game, 1)).__name__ == "SixesHeuristicBot"
