"""A game from another distribution: examples/cinquillo, installed, works everywhere unchanged.

The example is built and installed with pip into a temporary directory (its own pyproject,
its ``cardgames.games`` entry point); every check then runs in a fresh interpreter that sees
that directory, so nothing of ``src/cardgames`` names or imports the game.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import cardgames
from cardgames.simulation import campaign_records
from extras import require

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "cinquillo"
TIMEOUT = 600

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory with the example game installed (package and entry point)."""
    target = tmp_path_factory.mktemp("cinquillo-site")
    build = tmp_path_factory.mktemp("cinquillo-build")
    result = subprocess.run(  # noqa: S603 - our own interpreter and pip, fixed arguments
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--no-cache-dir",
            "--disable-pip-version-check",
            "--target",
            str(target),
            str(EXAMPLE),
        ],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
        cwd=build,
        env={**os.environ, "PIP_NO_INPUT": "1"},
    )
    assert result.returncode == 0, result.stderr
    return target


def _path(site: Path) -> str:
    """The PYTHONPATH that sees the installed example, this cardgames and the test helpers."""
    paths = [str(site), str(Path(cardgames.__file__).parents[1]), str(ROOT / "tests")]
    return os.pathsep.join(paths)


def _run(site: Path, *args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """Run ``python *args`` with the installed example and this cardgames on the path."""
    env = {
        **os.environ,
        "PYTHONPATH": _path(site),
        "PYTHONWARNINGS": "error",
        "HYPOTHESIS_PROFILE": os.environ.get("HYPOTHESIS_PROFILE", "dev"),
        "PYTEST_ADDOPTS": "",  # the inner pytest runs in this worker, not spread over cores
    }
    return subprocess.run(  # noqa: S603 - our own interpreter, fixed arguments
        [sys.executable, *args],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
        cwd=cwd,
        env=env,
    )


def test_the_installed_game_is_found_by_its_entry_point(site: Path) -> None:
    """After install, the registry lists the game and loads its spec from the entry point."""
    code = (
        "from cardgames.registry import game_names, game_spec\n"
        "spec = game_spec('cinquillo')\n"
        "print('cinquillo' in game_names(), spec.name, spec.make_game(None).num_players)"
    )
    result = _run(site, "-c", code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["True", "cinquillo", "4"]


SUITES = (
    "test_conformance.py",
    "test_events.py",
    "serialization/test_serialization_roundtrip.py",
    "serialization/test_serialization_text.py",
)
"""The protocol-level suites that run over every registered game."""


def test_the_installed_game_passes_the_conformance_suite(site: Path) -> None:
    """The same conformance, event and serialization suites as the built-in games, run over it."""
    result = _run(
        site,
        "-m",
        "pytest",
        *(str(ROOT / "tests" / suite) for suite in SUITES),
        "-q",
        "-k",
        "cinquillo",
        "-p",
        "no:cacheprovider",
        "-o",
        "addopts=--import-mode=importlib",
        "-W",
        "error",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    summary = result.stdout.strip().splitlines()[-1]
    assert " passed" in summary
    assert "skipped" not in summary
    assert "deselected" in summary


def test_simulate_and_rules_work_from_the_command_line(site: Path) -> None:
    """``cardgames simulate cinquillo --games 200`` and ``cardgames rules cinquillo`` work."""
    simulate = _run(
        site, "-m", "cardgames", "simulate", "cinquillo", "--games", "200", "--no-progress"
    )
    assert simulate.returncode == 0, simulate.stderr
    assert "200" in simulate.stdout
    rules = _run(site, "-m", "cardgames", "rules", "cinquillo")
    assert rules.returncode == 0, rules.stderr
    assert rules.stdout.startswith("CINQUILLO")
    assert "C6" in rules.stdout


def test_records_round_trip_and_replay(site: Path, tmp_path: Path) -> None:
    """Simulated records load, equal themselves after a round trip, and replay from the CLI."""
    records = tmp_path / "games.jsonl"
    simulate = _run(
        site,
        "-m",
        "cardgames",
        "simulate",
        "cinquillo",
        "--games",
        "20",
        "--workers",
        "1",
        "--no-progress",
        "--records",
        str(records),
    )
    assert simulate.returncode == 0, simulate.stderr
    lines = campaign_records(records.read_text(encoding="utf-8"))
    assert len(lines) == 20
    assert {json.loads(line)["game"] for line in lines} == {"cinquillo"}
    code = (
        "import sys\n"
        "from cardgames.serialization import dumps_record, loads_record, replay\n"
        "from cardgames.simulation import campaign_records\n"
        "for line in campaign_records(open(sys.argv[1], encoding='utf-8').read()):\n"
        "    record = loads_record(line)\n"
        "    assert loads_record(dumps_record(record)) == record\n"
        "    final = replay(record)[-1]\n"
        "    assert record.make_game().is_terminal(final)\n"
        "print('ok')"
    )
    check = _run(site, "-c", code, str(records))
    assert check.returncode == 0, check.stderr
    assert check.stdout.strip() == "ok"
    shown = _run(site, "-m", "cardgames", "replay", str(records), "--index", "3", "--all")
    assert shown.returncode == 0, shown.stderr
    assert "play 5♦" in shown.stdout  # the opener (C2), in the replay's suit symbols
    assert "Result:" in shown.stdout


def test_ismcts_plays_it(site: Path) -> None:
    """The protocol-level search bot plays the installed game against its heuristic bot."""
    result = _run(
        site,
        "-m",
        "cardgames",
        "simulate",
        "cinquillo",
        "--games",
        "4",
        "--workers",
        "1",
        "--players",
        "2",
        "--bots",
        "ismcts:iterations=30,heuristic",
        "--no-progress",
    )
    assert result.returncode == 0, result.stderr
    assert "ismcts" in result.stdout


def test_a_person_can_play_it_in_the_terminal(site: Path) -> None:
    """``cardgames play cinquillo`` against the heuristic bots, typing move numbers."""
    result = subprocess.run(
        [sys.executable, "-m", "cardgames", "play", "cinquillo", "--seed", "3"],
        input="1\n" * 200,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": _path(site)},
    )
    assert result.returncode == 0, result.stderr
    assert "Game over." in result.stdout
    assert "player 0 played" in result.stdout


ADAPTER_SUITES = (
    "tests/adapters/test_openspiel.py",
    "tests/adapters/test_pettingzoo.py",
    "tests/adapters/test_gymnasium.py",
)
"""The adapter tests that run each framework's own suite for every registered game."""
EXTRAS = {"pyspiel": "openspiel", "pettingzoo": "pettingzoo", "gymnasium": "gymnasium"}


def test_the_framework_suites_pass_for_it(site: Path) -> None:
    """The frameworks' own suites pass for the installed game, from its spec alone.

    OpenSpiel's random_sim_test and API checks, PettingZoo's api, seed and render tests and
    Gymnasium's check_env: its spec's tensors and chance structure are all the adapters need.
    """
    for module, extra in EXTRAS.items():
        require(module, extra=extra)
    result = _run(site, "-m", "pytest", "-q", "-k", "cinquillo", *ADAPTER_SUITES)
    assert result.returncode == 0, result.stdout + result.stderr
    counts = result.stdout.strip().splitlines()[-1]
    assert "passed" in counts
    assert "failed" not in counts
    assert "skipped" not in counts
    assert int(counts.split(" passed")[0].split()[-1]) >= 12
