"""Running games on an executor: chunks of seeds out, results streamed back, faults survived.

:class:`Runner` sends chunks of game indices to any :class:`concurrent.futures.Executor` (a
local process pool it owns, or one given to it, such as Dask's) and hands each chunk's results
to a callback as soon as it finishes. At most a few chunks per worker are in flight, so memory
does not grow with the number of games. A chunk lost with its worker is played again once,
game by game; a game lost a second time is reported lost. On Ctrl-C (or SIGTERM, which the
command line turns into the same interrupt) the runner terminates the worker processes it
started, so that no worker outlives the run, even in the middle of a slow bot's move.
"""

from __future__ import annotations

import collections
import concurrent.futures
import contextlib
import math
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import IO

from cardgames.simulation.driver import GameFault, Played, Schedule, ignore_interrupts, play_chunk

__all__ = ["Progress", "Runner", "default_workers"]

Results = list[Played | GameFault]


def default_workers() -> int:
    """One worker per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not every platform has sched_getaffinity
        return max(1, os.cpu_count() or 1)


def chunk_indices(indices: Iterable[int], size: int) -> Iterator[list[int]]:
    """``indices`` in lists of ``size`` (the last may be shorter)."""
    chunk: list[int] = []
    for index in indices:
        chunk.append(index)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def default_chunk_size(total: int, workers: int) -> int:
    """Several chunks per worker, so that they balance, and at most 64 games each."""
    return max(1, min(64, math.ceil(total / (workers * 8))))


class Progress:
    """A one-line progress bar on a text stream: games done, games per second, time left."""

    def __init__(self, total: int, stream: IO[str] | None, *, done: int = 0) -> None:
        self._total = total
        self._stream = stream
        self._done = self._start_done = done
        self._start = time.monotonic()
        self._last = -1.0

    def line(self, now: float) -> str:
        """The bar's text at time ``now`` (a :func:`time.monotonic` reading)."""
        fraction = self._done / self._total if self._total else 1.0
        filled = int(30 * fraction)
        rate = (self._done - self._start_done) / max(now - self._start, 1e-9)
        left = (self._total - self._done) / rate if rate > 0 else math.inf
        eta = "--:--" if math.isinf(left) else _clock(left)
        return (
            f"\r[{'#' * filled}{'.' * (30 - filled)}] {self._done}/{self._total} games "
            f"({rate:,.0f} games/s, {eta} left)"
        )

    def advance(self, count: int) -> None:
        """Record ``count`` more finished games and redraw (at most 10 times a second)."""
        self._done += count
        now = time.monotonic()
        if self._stream is None or (now - self._last < 0.1 and self._done < self._total):
            return
        self._last = now
        self._stream.write(self.line(now))
        self._stream.flush()

    def close(self) -> None:
        """End the line of the bar."""
        if self._stream is not None:
            self._stream.write("\n")
            self._stream.flush()


def _clock(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"


class Runner:
    """Plays chunks of games on an executor and streams their results to a callback.

    Args:
        schedule: What to play.
        workers: How many chunks run at once (the pool's size, or a hint for an executor).
        executor: Where to run them; None plays in this process when ``workers`` is 1 and
            otherwise starts (and owns) a local process pool.
    """

    def __init__(
        self,
        schedule: Schedule,
        *,
        workers: int,
        executor: concurrent.futures.Executor | None,
    ) -> None:
        self._schedule = schedule
        self._workers = workers
        self._given = executor
        self._pool: concurrent.futures.Executor | None = executor
        self._generation = 0

    def run(
        self,
        chunks: Iterator[list[int]],
        handle: Callable[[Results], None],
        on_lost: Callable[[GameFault], None],
    ) -> str | None:
        """Play every chunk; return None, or why the run stopped early (a broken executor).

        Raises:
            KeyboardInterrupt: interrupted; the workers this runner started are stopped.
        """
        if self._given is None and self._workers == 1:
            for chunk in chunks:
                handle(play_chunk(self._schedule, chunk))
            return None
        try:
            stopped = self._run_pool(chunks, handle, on_lost)
        except BaseException:
            self.stop()
            raise
        if self._given is None and self._pool is not None:
            self._pool.shutdown(wait=True)
        return stopped

    def _new_pool(self) -> concurrent.futures.Executor:
        self._generation += 1
        self._pool = concurrent.futures.ProcessPoolExecutor(
            max_workers=self._workers, initializer=ignore_interrupts
        )
        return self._pool

    def _submit(self, indices: Sequence[int]) -> concurrent.futures.Future[Results]:
        pool = self._pool if self._pool is not None else self._new_pool()
        try:
            return pool.submit(play_chunk, self._schedule, list(indices))
        except concurrent.futures.BrokenExecutor:
            if self._given is not None:
                raise
            return self._new_pool().submit(play_chunk, self._schedule, list(indices))

    def _run_pool(  # noqa: C901, PLR0912 - one loop: fill, wait, sort out what finished
        self,
        chunks: Iterator[list[int]],
        handle: Callable[[Results], None],
        on_lost: Callable[[GameFault], None],
    ) -> str | None:
        limit = 2 * self._workers + 1
        in_flight: dict[concurrent.futures.Future[Results], tuple[list[int], bool, int]] = {}
        retries: collections.deque[int] = collections.deque()
        exhausted = False
        stopped: str | None = None
        while True:
            retrying = any(is_retry for _, is_retry, _ in in_flight.values())
            while len(in_flight) < limit:
                if retries and not retrying:  # one retry at a time, so a death names its game
                    indices, is_retry = [retries.popleft()], True
                    retrying = True
                elif exhausted:
                    break
                else:
                    chunk = next(chunks, None)
                    if chunk is None:
                        exhausted = True
                        break
                    indices, is_retry = chunk, False
                try:
                    future = self._submit(indices)
                except concurrent.futures.BrokenExecutor as error:
                    stopped = f"the executor broke ({error}); the games left were not played"
                    exhausted = True
                    retries.clear()
                    break
                in_flight[future] = (indices, is_retry, self._generation)
            if not in_flight:
                return stopped
            done, _ = concurrent.futures.wait(
                in_flight, timeout=0.5, return_when=concurrent.futures.FIRST_COMPLETED
            )
            for future in done:
                indices, is_retry, generation = in_flight.pop(future)
                try:
                    results = future.result()
                except Exception as error:  # noqa: BLE001 - a dead worker, whatever the executor
                    if is_retry:
                        for index in indices:
                            on_lost(self._lost(index, error))
                    else:
                        retries.extend(indices)
                    if (
                        isinstance(error, concurrent.futures.BrokenExecutor)
                        and self._given is None
                        and generation == self._generation
                    ):
                        self._replace_pool()
                    continue
                handle(results)

    def _lost(self, index: int, error: BaseException) -> GameFault:
        from cardgames.simulation.driver import seeds

        reason = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
        return GameFault(
            index=index,
            seed=seeds(self._schedule.seed, self._schedule.deal(index), 0)[0],
            kind="lost",
            message=f"its worker died twice ({reason})",
        )

    def _replace_pool(self) -> None:
        old = self._pool
        if old is not None:
            old.shutdown(wait=False, cancel_futures=True)
        self._new_pool()

    def stop(self) -> None:
        """Stop at once: cancel queued work and end the worker processes this runner started."""
        pool = self._pool
        if pool is None:
            return
        if self._given is not None:
            with contextlib.suppress(Exception):
                pool.shutdown(wait=False, cancel_futures=True)
            return
        terminate_pool(pool)


def terminate_pool(pool: concurrent.futures.Executor) -> None:
    """End a process pool's worker processes now (even mid-move), then shut it down."""
    processes = list(getattr(pool, "_processes", None) or {})
    handles = [getattr(pool, "_processes", {}).get(pid) for pid in processes]
    for process in handles:
        if process is not None:
            with contextlib.suppress(OSError, ValueError, AttributeError):
                process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
    deadline = time.monotonic() + 1.0
    for process in handles:
        if process is None:
            continue
        with contextlib.suppress(OSError, ValueError, AttributeError, AssertionError):
            process.join(max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                process.kill()
                process.join(0.5)


def progress_stream(progress: bool | None) -> IO[str] | None:
    """Stderr when ``progress`` is True, or when it is None and stderr is a terminal."""
    show = sys.stderr.isatty() if progress is None else progress
    return sys.stderr if show else None
