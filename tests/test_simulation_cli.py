"""``cardgames simulate`` and ``tournament``: options checked before any file is touched."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from cardgames.cli import build_parser, main

BASE = ["simulate", "sixes", "--players", "2", "--workers", "1", "--set", "max_rounds=1"]


def run(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> tuple[int, str, str]:
    """Run main(argv); return the exit code, stdout and stderr."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_help_shows_a_plain_percent_sign(capsys: pytest.CaptureFixture[str]) -> None:
    """Messages: the simulate description reads 95%, not 95%%."""
    with pytest.raises(SystemExit):
        build_parser().parse_args(["simulate", "--help"])
    text = capsys.readouterr().out
    assert "95% confidence" in text
    assert "%%" not in text


@pytest.mark.parametrize("option", ["--workers", "--games", "--chunk-size", "--dask-workers"])
def test_counts_below_one_get_a_plain_message(
    option: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Messages: --workers 0 says what is wanted, not 'None or an int'."""
    code, _, err = run([*BASE, option, "0"], capsys, monkeypatch)
    assert code == 2
    assert "must be a whole number of at least 1, not '0'" in err
    assert "None" not in err


def test_records_are_not_overwritten_and_bad_specs_touch_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """--records: a typo in --bots or an existing file leaves yesterday's records intact."""
    path = tmp_path / "games.jsonl"
    path.write_text("yesterday\n", encoding="utf-8")
    code, _, err = run([*BASE, "--records", str(path), "--bots", "randon"], capsys, monkeypatch)
    assert (code, path.read_text(encoding="utf-8")) == (1, "yesterday\n")
    assert "unknown bot" in err
    code, _, err = run([*BASE, "--records", str(path), "--games", "2"], capsys, monkeypatch)
    assert (code, path.read_text(encoding="utf-8")) == (1, "yesterday\n")
    assert "--force" in err
    code, _, err = run([*BASE, "--records", str(path), "--plot", "x.gif"], capsys, monkeypatch)
    assert (code, path.read_text(encoding="utf-8")) == (1, "yesterday\n")
    assert ".png or .svg" in err
    argv = [*BASE, "--records", str(path), "--games", "2", "--force"]
    code, out, _ = run(argv, capsys, monkeypatch)
    assert code == 0
    assert f"records: 2 games in {path}" in out


def test_resume_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """--resume plays the missing games; the table equals that of one uninterrupted run."""
    path = tmp_path / "results.jsonl"
    code, whole, _ = run([*BASE, "--games", "12", "--seed", "4"], capsys, monkeypatch)
    assert code == 0
    argv = [*BASE, "--games", "12", "--seed", "4", "--results", str(path)]
    assert run(argv, capsys, monkeypatch)[0] == 0
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(lines[:5]), encoding="utf-8")
    code, out, _ = run([*argv, "--resume"], capsys, monkeypatch)
    assert code == 0
    table = out.split("\nresults:")[0]
    assert _rows(table) == _rows(whole)
    assert run([*argv, "--resume", "--force"], capsys, monkeypatch)[2].endswith(
        "give --resume or --force, not both\n"
    )


def _rows(table: str) -> list[str]:
    return [line for line in table.splitlines() if not line.startswith("time:")]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--scheduler", "tcp://127.0.0.1:1", "--dask-workers", "1"], "not both"),
        (["--dask-workers", "1", "--workers", "2"], "with Dask use --dask-workers"),
    ],
)
def test_conflicting_executors_are_refused(
    extra: list[str],
    message: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Executors: one at a time."""
    argv = ["simulate", "sixes", "--players", "2", *extra]
    code, _, err = run(argv, capsys, monkeypatch)
    assert code == 1
    assert message in err


def test_replay_reads_a_campaign_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """replay: the records of a campaign file (header and fault lines skipped)."""
    path = tmp_path / "records.jsonl"
    assert run([*BASE, "--games", "2", "--records", str(path)], capsys, monkeypatch)[0] == 0
    with path.open("a", encoding="utf-8") as file:
        file.write(json.dumps({"index": 2, "fault": {"kind": "bot-error"}}) + "\n")
    code, out, _ = run(["replay", str(path), "--index", "1", "--all"], capsys, monkeypatch)
    assert code == 0
    assert "Result:" in out
    single = tmp_path / "one.jsonl"
    assert run([*BASE, "--games", "1", "--records", str(single)], capsys, monkeypatch)[0] == 0
    code, out, _ = run(["replay", str(single), "--all"], capsys, monkeypatch)
    assert code == 0
    assert "Result:" in out


def test_tournament_command_prints_a_league_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """tournament: the league table, the pairwise matrix, and the interval method."""
    argv = ["tournament", "sixes", "--players", "2", "--set", "max_rounds=1", "--workers", "1"]
    code, out, _ = run([*argv, "--bots", "heuristic,random", "--deals", "8"], capsys, monkeypatch)
    assert code == 0
    assert "round-robin, 8 duplicate deals, 16 games" in out
    assert "bootstrap over deals" in out
    assert out.index("heuristic") < out.index("random")
    code, _, err = run([*argv, "--bots", "random", "--deals", "2"], capsys, monkeypatch)
    assert code == 1
    assert "at least 2 bots" in err


def test_tournament_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    """tournament --help names the format, the duplicate deals and the exit codes."""
    assert main(["tournament", "--help"]) == 0
    out = capsys.readouterr().out
    assert "--random-deals" in out
    assert "duplicate" in out
    assert "143 SIGTERM" in out
