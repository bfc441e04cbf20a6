"""Simulations on Dask distributed: identical, record for record, to the local process pool."""

from __future__ import annotations

import io
import json
import os
import signal
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from extras import require

require("distributed", extra="dask")

from cardgames.bots import BotLike  # noqa: E402
from cardgames.errors import MissingExtraError  # noqa: E402
from cardgames.simulation import bot_seed, dask_executor, game_seed, simulate  # noqa: E402
from cardgames.simulation.dask import _distributed  # noqa: E402
from cardgames.sixes import Sixes, SixesConfig  # noqa: E402
from cardgames.tournament import tournament  # noqa: E402
from sim_bots import Faulty, SlowRandom  # noqa: E402
from toy_game import ToyGame  # noqa: E402

TWO = Sixes(SixesConfig(num_players=2, max_rounds=1))
SRC = str(Path(__file__).resolve().parents[1] / "src")


def _games(stream: io.StringIO) -> list[str]:
    """The game lines of a campaign stream, in index order."""
    lines = stream.getvalue().splitlines()[1:]
    return sorted(lines, key=lambda line: json.loads(line)["index"])


def test_dask_gives_the_same_records_as_local_processes() -> None:
    """Executors: Dask (a LocalCluster), 1 and 2 processes, any chunk size: the same records."""
    bots = ["heuristic", "random"]
    local, pool, on_dask = io.StringIO(), io.StringIO(), io.StringIO()
    one = simulate(TWO, bots, games=30, seed=6, workers=1, records=local)
    two = simulate(TWO, bots, games=30, seed=6, workers=2, chunk_size=7, records=pool)
    with dask_executor(workers=2, processes=False) as (executor, slots):
        assert slots == 2
        dask = simulate(
            TWO,
            bots,
            games=30,
            seed=6,
            executor=executor,
            workers=slots,
            chunk_size=4,
            records=on_dask,
            progress=True,
        )
        duel = tournament(TWO, bots, deals=4, seed=1, executor=executor, workers=slots)
    assert one == two == dask
    assert _games(local) == _games(pool) == _games(on_dask)
    assert duel == tournament(TWO, bots, deals=4, seed=1, workers=1)


def test_missing_dask_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without distributed, the error names the dask extra."""
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(MissingExtraError, match=r"cardgames-engine\[dask\]"):
        _distributed()


def test_dask_workers_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """--dask-workers: a local Dask cluster of worker processes runs the simulation."""
    from cardgames.cli import main

    argv = ["simulate", "sixes", "--players", "2", "--set", "max_rounds=1", "--games", "6"]
    assert main([*argv, "--dask-workers", "1", "--no-progress", "--seed", "2"]) == 0
    on_dask = capsys.readouterr().out
    assert main([*argv, "--workers", "1", "--no-progress", "--seed", "2"]) == 0
    local = capsys.readouterr().out
    assert "sixes: 6 games, seed 2, 1 worker" in on_dask
    assert on_dask.split("time:")[0] == local.split("time:")[0]


def test_an_interrupt_ends_the_local_cluster_at_once() -> None:
    """Ctrl-C inside a local Dask cluster: its busy worker processes are ended, not awaited."""
    import time

    def interrupted() -> None:
        with dask_executor(workers=1) as (executor, _):
            executor.submit(time.sleep, 30)
            time.sleep(0.5)
            raise KeyboardInterrupt

    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        interrupted()
    assert time.monotonic() - start < 15.0  # the nanny alone would wait 4 s, then the task 30 s


def test_ctrl_c_on_the_command_with_dask_workers(tmp_path: Path) -> None:
    """Ctrl-C on `simulate --dask-workers 2`: a prompt exit 130, a summary, a valid file."""
    import os
    import signal
    import subprocess
    import time

    path = tmp_path / "r.jsonl"
    argv = [sys.executable, "-m", "cardgames", "simulate", "sixes", "--players", "2"]
    argv += ["--set", "max_rounds=1", "--games", "40", "--dask-workers", "2", "--no-progress"]
    argv += ["--bots", "ismcts:iterations=20000,heuristic", "--chunk-size", "1"]
    process = subprocess.Popen(  # noqa: S603 - this interpreter, fixed arguments
        [*argv, "--results", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": SRC},
        start_new_session=True,
    )
    deadline = time.monotonic() + 60
    while not path.exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    time.sleep(1.5)
    start = time.monotonic()
    os.killpg(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=30)
    stopped = time.monotonic() - start
    assert process.returncode == 130, err
    assert stopped < 5.0, err  # the workers end within a second; the scheduler closes too
    assert "sixes:" in out
    assert path.read_text(encoding="utf-8").endswith("\n")


def _lines_by_index(stream: io.StringIO) -> dict[int, str]:
    """The game lines of a campaign stream, by game index."""
    return {json.loads(line)["index"]: line for line in stream.getvalue().splitlines()[1:]}


def test_dask_workers_killed_mid_campaign_lose_only_what_dies_twice() -> None:
    """Faults on Dask: worker processes of a LocalCluster SIGKILLed in the middle of campaigns.

    First, one worker is killed from outside (its pid from ``client.run(os.getpid)``): its
    chunks are played again, game by game, and the campaign ends equal to an uninterrupted run.
    Then a game kills its worker on every try: it is retried once, then listed as lost with its
    index and seed and counted apart, and every other game is kept, equal to the same game of
    an uninterrupted run.
    """
    games, seed, killer_index = 40, 3, 7
    plain: list[BotLike] = [Faulty("kill", -1), SlowRandom(0.02)]
    killer: list[BotLike] = [Faulty("kill", bot_seed(seed, killer_index, 0)), SlowRandom(0.0)]
    reference = io.StringIO()
    uninterrupted = simulate(ToyGame(), plain, games=games, seed=seed, workers=1, records=reference)
    expected = _lines_by_index(reference)
    distributed = _distributed()
    killed_run, lost_run = io.StringIO(), io.StringIO()
    killed: list[int] = []
    with dask_executor(workers=2) as (executor, slots):
        client = distributed.default_client()
        before = set(client.run(os.getpid).values())

        def kill_a_worker_mid_campaign() -> None:
            deadline = time.monotonic() + 20
            while len(killed_run.getvalue().splitlines()) < 1 + 8:  # some games finished first
                if time.monotonic() > deadline:
                    return
                time.sleep(0.02)
            os.kill(min(before), signal.SIGKILL)
            killed.append(min(before))

        thread = threading.Thread(target=kill_a_worker_mid_campaign)
        thread.start()
        try:
            options: dict[str, Any] = {"executor": executor, "workers": slots, "chunk_size": 4}
            survived = simulate(
                ToyGame(), plain, games=games, seed=seed, records=killed_run, **options
            )
        finally:
            thread.join()
        after = set(client.run(os.getpid).values())
        result = simulate(ToyGame(), killer, games=games, seed=seed, records=lost_run, **options)
    assert killed
    assert killed[0] not in after  # the worker really died (its nanny started another)
    assert survived == uninterrupted
    assert _lines_by_index(killed_run) == expected
    assert (result.played, result.lost, result.faulted, result.missing) == (games - 1, 1, 0, 0)
    lost = result.lost_games[0]
    assert (lost.index, lost.kind) == (killer_index, "lost")
    assert lost.seed == game_seed(seed, killer_index)
    assert "worker died twice" in lost.message
    assert f"game {killer_index} (seed {lost.seed}) lost" in result.table()
    assert "lost: 1 games lost with their worker" in result.table()
    finished = _lines_by_index(lost_run)
    assert sorted(finished) == [index for index in range(games) if index != killer_index]
    assert all(finished[index] == expected[index] for index in finished)
