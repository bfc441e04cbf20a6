"""Campaigns: files written as games finish, resumed exactly, and faults that stop nothing else."""

from __future__ import annotations

import concurrent.futures
import errno
import io
import json
import os
import signal
import subprocess
import sys
import threading
import time
import tracemalloc
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from cardgames.bots import BotLike, RandomBot
from cardgames.errors import InvalidConfigError
from cardgames.game import Game
from cardgames.simulation import (
    CampaignFileError,
    OutcomesNotKeptError,
    RecordsWriteError,
    SimulationInterrupted,
    bot_seed,
    campaign,
    game_seed,
    simulate,
)
from cardgames.simulation.driver import GameFault, Played
from cardgames.simulation.result import Aggregate
from cardgames.simulation.runner import Progress
from cardgames.sixes import Sixes, SixesConfig
from sim_bots import Faulty, SlowRandom
from toy_game import ToyGame

AnyGame = Game[Any, Any, Any]
SIXES = Sixes(SixesConfig(num_players=2, max_rounds=1))
SRC = str(Path(__file__).resolve().parents[1] / "src")


def lines_of(path: Path) -> list[dict[str, Any]]:
    """Every line of a campaign file, parsed (each must be whole JSON)."""
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n")
    return [json.loads(line) for line in text.splitlines()]


def test_results_file_then_resume_equals_an_uninterrupted_run(tmp_path: Path) -> None:
    """Resume: an interrupted campaign continues to the summary of an uninterrupted run."""
    path = tmp_path / "run.jsonl"
    bots: list[BotLike] = [Faulty("interrupt", bot_seed(3, 17, 0)), "random"]
    with pytest.raises(SimulationInterrupted) as stop:
        simulate(ToyGame(), bots, games=40, seed=3, workers=1, results=path, chunk_size=4)
    partial = stop.value.result
    assert partial.played == 16
    assert partial.missing == 24
    assert "missing: 24 games not played" in partial.table()
    assert [line["index"] for line in lines_of(path)[1:]] == list(range(16))
    again: list[BotLike] = [Faulty("interrupt", -1), "random"]
    resumed = simulate(ToyGame(), again, games=40, seed=3, workers=2, results=path, resume=True)
    whole = simulate(ToyGame(), again, games=40, seed=3, workers=1)
    assert resumed == whole
    assert resumed.played_now == 24
    assert sorted(line["index"] for line in lines_of(path)[1:]) == list(range(40))


def test_resume_of_records_drops_a_half_line(tmp_path: Path) -> None:
    """Resume: a half-written last line (a killed writer) is cut off and its game played again."""
    path = tmp_path / "records.jsonl"
    first = simulate(SIXES, ["heuristic", "random"], games=6, seed=2, workers=1, records=path)
    text = path.read_text(encoding="utf-8")
    kept = text.splitlines(keepends=True)[:4]
    path.write_text("".join(kept) + kept[-1][:30], encoding="utf-8")
    again = simulate(
        SIXES, ["heuristic", "random"], games=6, seed=2, workers=1, records=path, resume=True
    )
    assert again == first
    assert again.played_now == 3
    assert len(campaign.campaign_records(path.read_text(encoding="utf-8"))) == 6


@pytest.mark.parametrize(
    ("change", "message"),
    [({"seed": 9}, "its seed is 0, not 9"), ({"rotate": True}, "its rotate is False")],
)
def test_resume_refuses_another_campaign(
    tmp_path: Path, change: dict[str, Any], message: str
) -> None:
    """Resume: a file of another campaign is refused and left as it was."""
    path = tmp_path / "run.jsonl"
    simulate(ToyGame(), ["random", "random"], games=4, seed=0, workers=1, results=path)
    before = path.read_bytes()
    options: dict[str, Any] = {"games": 4, "seed": 0, "workers": 1, **change}
    with pytest.raises(CampaignFileError, match=message):
        simulate(ToyGame(), ["random", "random"], results=path, resume=True, **options)
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "no campaign header"),
        ('{"a": 1}\n', "not a campaign file"),
        (None, "holds game 0 twice"),
        (None, "line 2: game index 7"),
    ],
)
def test_resume_refuses_broken_files(tmp_path: Path, content: str | None, message: str) -> None:
    """Resume: empty, foreign, duplicated or out-of-range files raise CampaignFileError."""
    path = tmp_path / "run.jsonl"
    if content is None:
        simulate(ToyGame(), ["random", "random"], games=2, seed=0, workers=1, results=path)
        head, first, _ = path.read_text(encoding="utf-8").splitlines(keepends=True)
        if "twice" in message:
            content = head + first + first
        else:
            content = head + first.replace('"index": 0', '"index": 7')
    path.write_text(content, encoding="utf-8")
    with pytest.raises(CampaignFileError, match=message):
        simulate(ToyGame(), ["random", "random"], games=2, workers=1, results=path, resume=True)


def test_resume_of_a_missing_file(tmp_path: Path) -> None:
    """Resume: a file that does not exist is a clear error."""
    with pytest.raises(CampaignFileError, match="cannot resume"):
        simulate(ToyGame(), ["random"] * 2, games=2, workers=1, results=tmp_path / "x", resume=True)


def test_existing_files_are_not_overwritten_without_force(tmp_path: Path) -> None:
    """Files: an existing file is refused (untouched) unless force; a directory is refused."""
    path = tmp_path / "run.jsonl"
    path.write_text("yesterday's records\n", encoding="utf-8")
    with pytest.raises(CampaignFileError, match=r"--resume.*--force"):
        simulate(ToyGame(), ["random", "random"], games=2, workers=1, results=path)
    assert path.read_text(encoding="utf-8") == "yesterday's records\n"
    simulate(ToyGame(), ["random", "random"], games=2, workers=1, results=path, force=True)
    assert len(lines_of(path)) == 3
    with pytest.raises(CampaignFileError, match="is a directory"):
        simulate(ToyGame(), ["random", "random"], games=2, workers=1, results=tmp_path)
    with pytest.raises(InvalidConfigError, match="not both"):
        simulate(ToyGame(), ["random"] * 2, games=2, workers=1, results=path, records=path)


class FullDisk(io.StringIO):
    """A text stream that fails with ENOSPC after ``room`` writes."""

    def __init__(self, room: int) -> None:
        super().__init__()
        self.room = room

    def write(self, text: str) -> int:
        if self.room == 0:
            raise OSError(errno.ENOSPC, "No space left on device")
        self.room -= 1
        return super().write(text)


def test_a_full_disk_stops_the_run_with_whole_lines() -> None:
    """ENOSPC: the run stops with a summary of the games written; the stream has whole lines."""
    stream = FullDisk(room=3)
    with pytest.raises(RecordsWriteError, match="No space left") as failure:
        simulate(
            SIXES,
            ["heuristic", "random"],
            games=20,
            seed=1,
            workers=1,
            records=stream,
            chunk_size=3,
        )
    result = failure.value.result
    assert result.played == 6
    lines = stream.getvalue().splitlines()
    assert len(lines) == 7
    assert all(json.loads(line) for line in lines)


class FullBinaryFile(io.BytesIO):
    """A binary file whose disk fills after ``room`` bytes: a short write, then ENOSPC."""

    def __init__(self, room: int) -> None:
        super().__init__()
        self.room = room

    def write(self, data: Any) -> int:
        if self.room <= 0:
            raise OSError(errno.ENOSPC, "No space left on device")
        part = bytes(data[: self.room])
        self.room -= len(part)
        return super().write(part)

    def close(self) -> None:
        """Keep the bytes readable after the run."""


def test_a_full_disk_cuts_the_file_back_to_whole_lines(tmp_path: Path) -> None:
    """ENOSPC on a file: a half-written line is truncated away; --resume then completes it."""
    path = tmp_path / "run.jsonl"
    fake = FullBinaryFile(room=700)
    with pytest.raises(RecordsWriteError) as failure:
        simulate(
            ToyGame(),
            ["random", "random"],
            games=30,
            seed=4,
            workers=1,
            chunk_size=2,
            results=path,
            opener=lambda _path, _mode: fake,
        )
    data = fake.getvalue()
    assert data.endswith(b"\n")
    written = [json.loads(line) for line in data.decode().splitlines()]
    assert failure.value.result.played == len(written) - 1
    path.write_bytes(data)
    resumed = simulate(
        ToyGame(), ["random", "random"], games=30, seed=4, workers=1, results=path, resume=True
    )
    assert resumed == simulate(ToyGame(), ["random", "random"], games=30, seed=4, workers=1)


def test_a_full_disk_while_writing_the_header(tmp_path: Path) -> None:
    """ENOSPC before any game: the error says so and nothing is played."""
    with pytest.raises(RecordsWriteError):
        campaign.create(
            tmp_path / "x", {"format": "x"}, force=False, opener=lambda _p, _m: FullBinaryFile(3)
        )


@pytest.mark.parametrize(("kind", "text"), [("raise", "raised RuntimeError: the bot broke")])
def test_a_raising_bot_ends_only_its_game(kind: str, text: str, tmp_path: Path) -> None:
    """Faults: a bot that raises ends its game with a report; the others are played."""
    path = tmp_path / "run.jsonl"
    target = bot_seed(0, 5, 1)
    bots: list[BotLike] = ["random", Faulty(kind, target)]
    result = simulate(ToyGame(), bots, games=12, workers=2, results=path, chunk_size=2)
    assert (result.played, result.faulted, result.lost, result.missing) == (11, 1, 0, 0)
    fault = result.faults[0]
    assert (fault.index, fault.seed, fault.kind, fault.bot) == (
        5,
        game_seed(0, 5),
        "bot-error",
        "Faulty",
    )
    assert text in fault.describe()
    assert "faulted: 1 games ended by a bot" in result.table()
    faults = [line for line in lines_of(path) if "fault" in line]
    assert faults == [{"index": 5, "fault": faults[0]["fault"]}]
    resumed = simulate(ToyGame(), bots, games=12, workers=1, results=path, resume=True)
    assert resumed == result
    assert resumed.played_now == 0


def test_an_illegal_action_ends_only_its_game() -> None:
    """Faults: a bot whose action the rules refuse ends its game, naming bot, seat and action."""
    target = bot_seed(1, 3, 0)
    result = simulate(
        SIXES, [Faulty("illegal", target), "random"], games=8, seed=1, workers=2, rotate=True
    )
    assert (result.played, result.faulted) == (7, 1)
    fault = result.faults[0]
    assert fault.kind == "illegal-action"
    assert fault.action == "'an ace from my sleeve'"
    assert fault.seat == 1  # game 3 rotates bot 0 to seat 1
    assert "chose the illegal action 'an ace from my sleeve'" in fault.describe()


def test_a_factory_that_raises_is_a_bot_fault() -> None:
    """Faults: a factory that raises while building a bot is reported like a raising bot."""

    class Broken:
        def __call__(self, game: AnyGame, seed: int) -> RandomBot:
            del game
            if seed == bot_seed(0, 1, 1):
                raise ValueError("no bot today")
            return RandomBot(seed=seed)

    result = simulate(ToyGame(), ["random", Broken()], games=3, workers=1)
    assert result.faulted == 1
    assert "ValueError: no bot today" in result.faults[0].message


def test_a_worker_that_dies_once_is_retried(tmp_path: Path) -> None:
    """Faults: a worker killed (SIGKILL) mid-game: its games are played again, nothing lost."""
    marker = str(tmp_path / "died")
    dying: list[BotLike] = [Faulty("kill", bot_seed(0, 9, 0), marker), "random"]
    result = simulate(ToyGame(), dying, games=30, workers=2, chunk_size=4, keep_outcomes=True)
    assert Path(marker).exists()
    assert (result.played, result.lost, result.faulted) == (30, 0, 0)
    plain: list[BotLike] = [Faulty("kill", -1), "random"]
    assert result == simulate(ToyGame(), plain, games=30, workers=1)


def test_a_game_that_always_kills_its_worker_is_lost_and_listed() -> None:
    """Faults: a game that kills its worker again on retry is reported lost; the rest play."""
    killer: list[BotLike] = [Faulty("kill", bot_seed(0, 7, 0)), "random"]
    result = simulate(ToyGame(), killer, games=24, workers=2, chunk_size=3)
    assert result.lost == 1
    assert result.played + result.lost == 24
    lost = result.lost_games[0]
    assert (lost.index, lost.kind) == (7, "lost")
    assert "worker died twice" in lost.describe()
    assert "lost: 1 games lost with their worker" in result.table()


def test_a_worker_killed_from_outside_is_replaced() -> None:
    """Faults: SIGKILL sent to a worker process of the pool; the run completes unchanged."""
    bots: list[BotLike] = [SlowRandom(0.004), "random"]
    killed: list[int] = []

    before = set(_children(os.getpid()))  # not the pool's: leave them alone

    def kill_a_worker() -> None:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not killed:
            for pid in set(_children(os.getpid())) - before:
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
                break
            time.sleep(0.2)

    thread = threading.Thread(target=kill_a_worker)
    thread.start()
    try:
        result = simulate(ToyGame(), bots, games=120, seed=2, workers=2, chunk_size=4)
    finally:
        thread.join()
    assert killed
    assert (result.played, result.lost) == (120, 0)
    assert result == simulate(ToyGame(), bots, games=120, seed=2, workers=1)


def _children(pid: int) -> list[int]:
    """The child processes of ``pid`` (Linux /proc)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            children = (task / "children").read_text(encoding="ascii").split()
        except FileNotFoundError:  # the thread ended since the listing
            continue
        found.extend(int(child) for child in children)
    return found


def test_an_unpicklable_factory_fails_at_once() -> None:
    """A lambda cannot reach worker processes: refused at once, saying why and what to do."""
    start = time.monotonic()
    with pytest.raises(InvalidConfigError, match=r"cannot be pickled.*module-level function"):
        simulate(
            ToyGame(), [lambda _game, seed: RandomBot(seed=seed), "random"], games=4, workers=2
        )
    assert time.monotonic() - start < 5


def test_an_unpicklable_game_fails_at_once() -> None:
    """A game that cannot be pickled is refused before any worker starts."""

    class LocalGame(ToyGame):
        pass

    with pytest.raises(InvalidConfigError, match="the game 'toy' cannot be sent"):
        simulate(LocalGame(), ["random", "random"], games=2, workers=2)


def test_outcomes_are_kept_on_request_and_deprecated_otherwise() -> None:
    """Memory: outcomes only with keep_outcomes; the old default warns; False keeps none."""
    kept = simulate(ToyGame(), ["random"] * 2, games=5, workers=1, keep_outcomes=True)
    assert len(kept.outcomes) == 5
    legacy = simulate(ToyGame(), ["random"] * 2, games=5, workers=1)
    with pytest.warns(DeprecationWarning, match="keep_outcomes=True"):
        assert legacy.outcomes == kept.outcomes
    none = simulate(ToyGame(), ["random"] * 2, games=5, workers=1, keep_outcomes=False)
    with pytest.raises(OutcomesNotKeptError, match="keep_outcomes=True"):
        _ = none.outcomes
    assert none == kept


def test_memory_stays_flat_as_games_grow(tmp_path: Path) -> None:
    """Memory: the peak is the same for 300 and 3,000 games (results counted, not kept)."""

    def peak(games: int) -> int:
        tracemalloc.start()
        simulate(
            ToyGame(),
            ["random"] * 2,
            games=games,
            workers=1,
            keep_outcomes=False,
            results=tmp_path / f"{games}.jsonl",
        )
        _, top = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return top

    small, large = peak(300), peak(3000)
    assert large < small + 64_000


def _entries(value: object, seen: set[int] | None = None) -> int:
    """How many entries the containers reachable from ``value``'s attributes hold in all."""
    seen = set() if seen is None else seen
    if id(value) in seen or isinstance(value, (str, bytes, int, float, Fraction)):
        return 0
    seen.add(id(value))
    if isinstance(value, dict):
        return len(value) + sum(_entries(k, seen) + _entries(v, seen) for k, v in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        return len(value) + sum(_entries(item, seen) for item in value)
    fields = getattr(value, "__dict__", None)
    slots: tuple[str, ...] | None = getattr(type(value), "__slots__", None)
    if fields is None and slots is not None:
        fields = {name: getattr(value, name, None) for name in slots}
    return _entries(fields, seen) if fields is not None else 0


def test_the_aggregate_holds_nothing_per_game() -> None:
    """Memory: the parent's aggregate holds no more entries after 20,000 games than after 2,000.

    Games are counted as they finish, by distinct value (the rules bound the chip results), so
    what the parent keeps does not grow with the number of games; faults keep the first 100.
    """

    def aggregate_after(games: int) -> Aggregate:
        aggregate = Aggregate(
            game="toy",
            labels=["a", "b", "c"],
            seed=0,
            games=games,
            rotate=False,
            keep_outcomes=False,
        )
        for index in range(games):
            returns = ((index % 7) - 3, 3 - (index % 7), 0)
            played = Played(
                index=index, seed=index, lineup=(0, 1, 2), returns=returns, length=6, finished=True
            )
            aggregate.add(played, seed=index)
            if index % 10 == 0:
                aggregate.add_fault(GameFault(index=index, seed=index, kind="bot-error"))
        return aggregate

    small, large = aggregate_after(2_000), aggregate_after(20_000)
    # Equal but for the fault list, which is cut back to 100 whenever it reaches 201.
    assert _entries(large) <= _entries(small)
    assert large.played == 10 * small.played
    assert large.result(workers=1, elapsed=1.0, played_now=1).faulted == 2_000


def test_the_parent_of_a_worker_pool_keeps_flat_memory(tmp_path: Path) -> None:
    """Memory: with 2 worker processes, the parent's peak is the same for 400 and 4,000 games.

    The parent only sends chunks, counts results and writes lines: no futures, results or
    per-game summaries pile up while the run goes on (tracemalloc, no timing).
    """

    def peak(games: int) -> int:
        tracemalloc.start()
        try:
            simulate(
                ToyGame(),
                ["random"] * 2,
                games=games,
                workers=2,
                chunk_size=40,
                keep_outcomes=False,
                results=tmp_path / f"{games}.jsonl",
            )
            _, top = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        return top

    small, large = peak(400), peak(4_000)
    assert large < small + 64_000


def test_progress_shows_rate_and_time_left() -> None:
    """Progress: games done, games per second and time left."""
    stream = io.StringIO()
    bar = Progress(100, stream, done=20)
    assert "20/100 games" in bar.line(bar._start + 1)
    assert "0 games/s, --:-- left" in bar.line(bar._start + 1)
    bar.advance(40)
    line = bar.line(bar._start + 2.0)
    assert "60/100 games (20 games/s, 00:02 left)" in line
    slow = Progress(10**6, None)
    slow.advance(1)
    assert "(1 games/s, 277:46:39 left)" in slow.line(slow._start + 1.0)


def _start_cli(tmp_path: Path, *extra: str) -> subprocess.Popen[str]:
    argv = [sys.executable, "-m", "cardgames", "simulate", "sixes", "--players", "2"]
    argv += ["--games", "40", "--workers", "2", "--no-progress", "--set", "max_rounds=1"]
    argv += ["--bots", "ismcts:iterations=20000,heuristic", "--chunk-size", "1", *extra]
    return subprocess.Popen(  # noqa: S603 - this interpreter, fixed arguments
        argv,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": SRC},
        start_new_session=True,
        cwd=tmp_path,
    )


@pytest.mark.parametrize(
    ("signum", "to_group", "code"),
    [(signal.SIGINT, True, 130), (signal.SIGTERM, False, 143)],
)
def test_interrupting_the_command_stops_every_worker(
    tmp_path: Path, signum: int, to_group: bool, code: int
) -> None:
    """Ctrl-C (to the group) and SIGTERM (to the parent): workers gone fast, summary, file."""
    path = tmp_path / "run.jsonl"
    process = _start_cli(tmp_path, "--results", str(path))
    deadline = time.monotonic() + 60
    workers: list[int] = []
    while time.monotonic() < deadline and len(workers) < 2:
        workers = _children(process.pid)
        time.sleep(0.2)
    assert len(workers) >= 2
    time.sleep(1.0)
    start = time.monotonic()
    if to_group:
        os.killpg(process.pid, signum)
    else:
        process.send_signal(signum)
    out, err = process.communicate(timeout=30)
    stopped = time.monotonic() - start
    assert process.returncode == code, err
    assert stopped < 2.0
    assert "Traceback" not in err
    assert "interrupted after" in err
    assert "--resume" in err
    assert "sixes:" in out
    for pid in workers:
        assert not _alive(pid)
    lines = lines_of(path)
    assert lines[0]["format"] == "cardgames-campaign"


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text(encoding="ascii")
    except FileNotFoundError:
        return False
    return "State:\tZ" not in status


class FlakyExecutor(concurrent.futures.Executor):
    """Threads, but the tasks submitted ``failing`` (1 for the first) die with their worker."""

    def __init__(self, failing: set[int], *, broken_after: int | None = None) -> None:
        self.threads = concurrent.futures.ThreadPoolExecutor(max_workers=2)
        self.failing = failing
        self.broken_after = broken_after
        self.submitted = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> concurrent.futures.Future[Any]:
        self.submitted += 1
        if self.broken_after is not None and self.submitted > self.broken_after:
            raise concurrent.futures.BrokenExecutor("the pool is gone")
        if self.submitted in self.failing:
            future: concurrent.futures.Future[Any] = concurrent.futures.Future()
            future.set_exception(ConnectionError("worker vanished"))
            return future
        return self.threads.submit(fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.threads.shutdown(wait=wait, cancel_futures=cancel_futures)


def test_any_executor_whose_tasks_die_gets_them_retried() -> None:
    """Executors: a task lost on a given executor is retried game by game; twice lost is lost."""
    plain = simulate(ToyGame(), ["random"] * 2, games=20, seed=1, workers=1)
    retried = simulate(
        ToyGame(),
        ["random"] * 2,
        games=20,
        seed=1,
        workers=2,
        executor=FlakyExecutor({1}),
        chunk_size=5,
    )
    assert retried == plain
    flaky = FlakyExecutor({1, 4})  # a chunk, then its first game's retry
    lost = simulate(
        ToyGame(), ["random"] * 2, games=20, seed=1, workers=1, executor=flaky, chunk_size=5
    )
    assert (lost.lost, lost.played) == (1, 19)
    assert lost.lost_games[0].index == 0
    assert "ConnectionError: worker vanished" in lost.lost_games[0].message


def test_a_broken_executor_stops_the_run_and_says_why() -> None:
    """Executors: a given executor that breaks leaves the rest missing, with the reason."""
    broken = FlakyExecutor(set(), broken_after=2)
    result = simulate(ToyGame(), ["random"] * 2, games=20, workers=1, executor=broken, chunk_size=5)
    assert result.missing == 10
    assert result.stopped is not None
    assert "the executor broke" in result.table()


def test_ctrl_c_terminates_the_local_workers_mid_move() -> None:
    """Ctrl-C during slow moves: the pool's processes are ended within 2 s; a summary remains."""
    bots: list[BotLike] = [SlowRandom(2.0), "random"]
    before = set(_children(os.getpid()))
    timer = threading.Timer(1.5, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    start = time.monotonic()
    with pytest.raises(SimulationInterrupted) as stop:
        simulate(ToyGame(), bots, games=8, workers=2, chunk_size=1)
    assert time.monotonic() - start < 1.5 + 2.0
    assert stop.value.result.played == 0
    deadline = time.monotonic() + 2
    while set(_children(os.getpid())) - before and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [pid for pid in set(_children(os.getpid())) - before if _alive(pid)]


def test_sigterm_becomes_an_interrupt_on_the_command_line() -> None:
    """SIGTERM inside the command's guard raises KeyboardInterrupt and is remembered."""
    from cardgames.simulation.command import terminate_as_interrupt

    received = []
    with terminate_as_interrupt() as flag:
        try:
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(1)
        except KeyboardInterrupt:
            received.append(flag.received)
    assert received == [True]
    assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL
    seen: list[bool] = []

    def elsewhere() -> None:
        with terminate_as_interrupt() as flag:
            seen.append(flag.received)

    thread = threading.Thread(target=elsewhere)
    thread.start()
    thread.join()
    assert seen == [False]


def test_command_prints_the_summary_when_interrupted_or_out_of_space(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """CLI: Ctrl-C prints the table so far and exits 130; a full disk prints it and exits 1."""
    from cardgames.cli import main
    from cardgames.simulation import command

    argv = ["simulate", "sixes", "--players", "2", "--set", "max_rounds=1", "--workers", "1"]
    partial = simulate(SIXES, ["heuristic", "random"], games=3, workers=1)

    def interrupted(*args: object, **kwargs: object) -> None:
        del args, kwargs
        raise SimulationInterrupted(partial)

    monkeypatch.setattr("cardgames.simulation.simulate", interrupted)
    path = tmp_path / "r.jsonl"
    assert main([*argv, "--results", str(path)]) == command.EXIT_INTERRUPTED
    captured = capsys.readouterr()
    assert "sixes: 3 games" in captured.out
    assert f"resume with --resume (the file {path} is complete)" in captured.err
    monkeypatch.undo()
    monkeypatch.setattr(campaign, "open_binary", lambda _path, _mode: FullBinaryFile(900))
    assert main([*argv, "--results", str(path), "--games", "50", "--chunk-size", "2"]) == 1
    captured = capsys.readouterr()
    assert "games, seed 0" in captured.out
    assert "No space left on device" in captured.err


def test_a_run_stopped_before_any_game_prints_dashes() -> None:
    """An interruption before the first game: a table of dashes, 0 actions/s."""
    bots: list[BotLike] = [Faulty("interrupt", bot_seed(0, 0, 0)), "random"]
    with pytest.raises(SimulationInterrupted) as stop:
        simulate(ToyGame(), bots, games=3, workers=1)
    table = stop.value.result.table()
    assert "nan" not in table
    assert "0 actions/s" in table


class InterruptedFile(io.BytesIO):
    """A file where Ctrl-C arrives after the first part of a write went out."""

    def __init__(self) -> None:
        super().__init__()
        self.writes = 0

    def write(self, data: Any) -> int:
        self.writes += 1
        if self.writes == 3:
            super().write(bytes(data[:10]))
            raise KeyboardInterrupt
        return super().write(bytes(data))

    def close(self) -> None:
        """Keep the bytes readable after the run."""


def test_ctrl_c_in_the_middle_of_a_write_leaves_whole_lines(tmp_path: Path) -> None:
    """Ctrl-C between two parts of a write: the file is cut back to its last whole line."""
    fake = InterruptedFile()
    with pytest.raises(SimulationInterrupted):
        simulate(
            ToyGame(),
            ["random", "random"],
            games=20,
            workers=1,
            chunk_size=2,
            results=tmp_path / "r.jsonl",
            opener=lambda _path, _mode: fake,
        )
    data = fake.getvalue()
    assert data.endswith(b"\n")
    assert len(data.splitlines()) == 3  # the header and the first chunk of two games
