""":func:`simulate`: many seeded games between bots, on any executor, resumable, fault-proof."""

from __future__ import annotations

import concurrent.futures
import os
import pickle
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import IO

import attrs

from cardgames.bots.bot import AnyGame, BotLike, build_bot, describe_bot
from cardgames.errors import InvalidConfigError
from cardgames.game import is_int
from cardgames.simulation import campaign
from cardgames.simulation.campaign import CampaignFileError, LineSink, RecordsWriteError
from cardgames.simulation.driver import GameFault, Played, Schedule, bot_seed, seeds, spec_of
from cardgames.simulation.result import LEGACY_OUTCOMES, Aggregate, SimulationResult
from cardgames.simulation.runner import (
    Progress,
    Runner,
    chunk_indices,
    default_chunk_size,
    default_workers,
    progress_stream,
)

__all__ = ["MAX_GAMES", "MAX_KEPT_OUTCOMES", "SimulationInterrupted", "simulate"]

MAX_GAMES = 10**9
"""The most games one run may ask for (resuming keeps one bit per game index)."""

MAX_KEPT_OUTCOMES = 10**7
"""The most games whose outcomes ``keep_outcomes=True`` may keep in memory."""

PathLike = str | os.PathLike[str]


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C (or SIGTERM, via the command line) stopped a simulation.

    The campaign file, if any, holds every game finished so far and can be resumed.

    Attributes:
        result: The summary of the games finished before the interruption.
    """

    def __init__(self, result: SimulationResult) -> None:
        super().__init__("simulation interrupted")
        self.result = result


def check_count(name: str, value: object, low: int, high: int | None = None) -> None:
    """Refuse a count that is not a whole number from ``low`` to ``high``.

    Raises:
        InvalidConfigError: naming the count, its bounds and the value given.
    """
    if not is_int(value) or value < low or (high is not None and value > high):
        bound = f"from {low} to {high:,}" if high is not None else f"at least {low}"
        raise InvalidConfigError(f"{name} must be a whole number {bound}, not {value!r}")


def simulate(  # noqa: C901, PLR0912, PLR0913, PLR0915 - every option is keyword-only and named
    game: AnyGame,
    bots: Sequence[BotLike],
    *,
    games: int,
    seed: int = 0,
    workers: int | None = None,
    rotate: bool = False,
    max_actions: int | None = None,
    progress: bool | None = None,
    records: IO[str] | PathLike | None = None,
    results: PathLike | None = None,
    resume: bool = False,
    force: bool = False,
    executor: concurrent.futures.Executor | None = None,
    chunk_size: int | None = None,
    keep_outcomes: bool | None = None,
    opener: campaign.Opener | None = None,
) -> SimulationResult:
    """Play ``games`` seeded games of ``game`` between ``bots`` and summarize them.

    Games are sent to the workers in chunks of seeds; their results stream back and are
    counted as they finish, so memory does not grow with ``games``. The result is the same,
    record for record, whatever the executor, the number of workers or the chunk size.

    Args:
        game: Any picklable game (the built-in games are).
        bots: One bot per seat: a spec text such as ``"random"`` or ``"ismcts:iterations=200"``,
            a :class:`~cardgames.bots.BotSpec`, or a picklable factory ``(game, seed) -> Bot``
            (a module-level function or class).
        games: How many games to play, from 1 to :data:`MAX_GAMES`.
        seed: The master seed; game ``i`` is dealt from ``game_seed(seed, i)``.
        workers: Worker processes; None uses one per core, 1 plays in this process. With an
            ``executor``, how many chunks to keep running at once.
        rotate: Move the bots one seat on every game (bot ``k`` sits at seat ``(k + i) % n``
            in game ``i``). Results are then per bot spec: positions with the same spec are
            pooled into one row.
        max_actions: Cut a game off after this many actions (it counts as unfinished, scored
            with the chip results so far).
        progress: Draw a progress bar on stderr; None draws it only when stderr is a terminal.
        records: A campaign file (a path) or a text stream to write every game's full record
            to, one JSON line per game as it finishes (see :mod:`cardgames.simulation.campaign`).
        results: A compact campaign file (a path): one short line per game, no actions.
        resume: Continue the campaign in ``records`` or ``results``: play only the games it
            lacks. The summary is that of an uninterrupted run.
        force: Overwrite an existing ``records`` or ``results`` file (without it, and without
            ``resume``, an existing file is refused).
        executor: Run on this :class:`concurrent.futures.Executor` (for example Dask's, see
            :func:`cardgames.simulation.dask_executor`); it is not shut down.
        chunk_size: Games per task sent to a worker (default: balanced, at most 64).
        opener: Opens the campaign file in binary mode, ``opener(path, mode)`` with mode
            ``"w"`` or ``"a"`` (default: unbuffered :meth:`pathlib.Path.open`); for tests.
        keep_outcomes: Keep every game's :class:`GameOutcome` in the result (at most
            :data:`MAX_KEPT_OUTCOMES` games). None keeps them only up to 100,000 games, and
            reading them then warns (deprecated); False keeps none.

    Returns:
        The :class:`SimulationResult`; bot faults and lost games are counted apart.

    Raises:
        InvalidConfigError: a bad count, a bot spec that cannot be built for this game, or a
            bot factory that cannot be sent to worker processes.
        ParseError: a bot spec text that does not parse.
        CampaignFileError: the campaign file exists (without ``force`` or ``resume``), or it
            belongs to another campaign.
        RecordsWriteError: writing the campaign file failed; ``error.result`` summarizes the
            games written before.
        SimulationInterrupted: Ctrl-C; ``error.result`` summarizes the games finished before.
    """
    check_count("games", games, 1, MAX_GAMES)
    if len(bots) != game.num_players:
        raise InvalidConfigError(
            f"{game.name} is played by {game.num_players} players, but {len(bots)} bots were given"
        )
    if workers is None:
        workers = default_workers()
    check_count("workers", workers, 1)
    if chunk_size is not None:
        check_count("chunk_size", chunk_size, 1)
    if max_actions is not None:
        check_count("max_actions", max_actions, 0)
    if keep_outcomes and games > MAX_KEPT_OUTCOMES:
        raise InvalidConfigError(
            f"keep_outcomes keeps every game in memory: at most {MAX_KEPT_OUTCOMES:,} games, "
            f"not {games:,} (write a results file instead)"
        )
    for position, bot in enumerate(bots):  # fail fast, in this process, on a bad spec
        build_bot(bot, game, bot_seed(seed, 0, position))
    specs = tuple(spec_of(bot) for bot in bots)
    labels = [describe_bot(bot) for bot in bots]
    in_process = executor is None and workers == 1
    if not in_process:
        check_picklable(game, specs, labels)
    path, stream, kind = _campaign_target(records, results, resume=resume)
    writer = _record_writer(game, labels) if kind == "records" else None
    schedule = Schedule(
        game=game,
        bots=specs,
        seed=seed,
        rotate=rotate,
        max_actions=max_actions,
        keep_actions=writer is not None,
    )
    keep = keep_outcomes if keep_outcomes is not None else games <= LEGACY_OUTCOMES
    aggregate = Aggregate(
        game=game.name, labels=labels, seed=seed, games=games, rotate=rotate, keep_outcomes=keep
    )
    head = campaign.header(
        kind=kind,
        game=game.name,
        config=game.config,
        bots=labels,
        seed=seed,
        rotate=rotate,
        max_actions=max_actions,
    )
    done = bytearray((games + 7) // 8) if resume else None
    if resume and path is not None:
        for _, item in campaign.read(path, head, games):
            if done is not None and done[item.index >> 3] & (1 << (item.index & 7)):
                raise CampaignFileError(f"{path} holds game {item.index} twice")
            _mark(done, item.index)
            _count(aggregate, item, seed)
    sink: LineSink | None = None
    if path is not None:
        open_file = opener or campaign.open_binary
        sink = (
            campaign.FileSink(open_file(path, "a"))
            if resume
            else campaign.create(path, head, force=force, opener=open_file)
        )
    elif stream is not None:
        sink = campaign.StreamSink(stream)
        sink.write_lines([_json(head)])
    workers_used = workers if not in_process else 1
    size = chunk_size or default_chunk_size(games, workers_used)
    bar = Progress(games, progress_stream(progress), done=aggregate.played + aggregate.faulted)
    played_now = 0

    def handle(items: list[Played | GameFault]) -> None:
        nonlocal played_now
        if sink is not None:
            sink.write_lines([_line(item, writer, labels) for item in items])
        for item in items:
            _count(aggregate, item, seed)
        played_now += sum(isinstance(item, Played) for item in items)
        bar.advance(len(items))

    def lost(fault: GameFault) -> None:
        aggregate.add_fault(fault)
        bar.advance(1)

    runner = Runner(schedule, workers=workers_used, executor=executor)
    start = time.perf_counter()

    def summary() -> SimulationResult:
        return aggregate.result(
            workers=workers_used, elapsed=time.perf_counter() - start, played_now=played_now
        )

    stopped: str | None = None
    try:
        stopped = runner.run(chunk_indices(_missing(games, done), size), handle, lost)
    except RecordsWriteError as error:
        runner.stop()
        error.result = summary()
        raise
    except KeyboardInterrupt:
        raise SimulationInterrupted(summary()) from None
    finally:
        if progress_stream(progress) is not None:
            bar.close()
        if sink is not None:
            sink.close()
    result = attrs.evolve(summary(), stopped=stopped)
    if keep_outcomes is None:
        return _legacy(result)
    return result


def _legacy(result: SimulationResult) -> SimulationResult:
    return attrs.evolve(result, outcomes_requested=False)


def _mark(done: bytearray | None, index: int) -> None:
    if done is not None:
        done[index >> 3] |= 1 << (index & 7)


def _missing(games: int, done: bytearray | None) -> Iterator[int]:
    if done is None:
        yield from range(games)
        return
    for index in range(games):
        if not done[index >> 3] & (1 << (index & 7)):
            yield index


def _count(aggregate: Aggregate, item: Played | GameFault, seed: int) -> None:
    if isinstance(item, GameFault):
        aggregate.add_fault(item)
    else:
        aggregate.add(item, seeds(seed, item.index, 0)[0] if item.seed == 0 else item.seed)


def _json(data: object) -> str:
    import json

    return json.dumps(data) + "\n"


def _line(
    item: Played | GameFault,
    writer: Callable[[Played], str] | None,
    labels: Sequence[str],
) -> str:
    if isinstance(item, GameFault):
        return campaign.fault_line(item)
    del labels
    return campaign.played_line(item, item.lineup, writer(item) if writer is not None else None)


def _campaign_target(
    records: IO[str] | PathLike | None, results: PathLike | None, *, resume: bool
) -> tuple[Path | None, IO[str] | None, str]:
    """The campaign file's path (or stream) and kind; checks the combination only.

    Raises:
        InvalidConfigError: both files, or ``resume`` without a file path.
    """
    if records is not None and results is not None:
        raise InvalidConfigError("give records or results, not both")
    target = records if records is not None else results
    kind = "records" if records is not None else "results"
    if target is None or not isinstance(target, (str, os.PathLike)):
        if resume:
            raise InvalidConfigError("resume needs a records or results file path")
        return None, target, kind
    path = Path(target)
    if path.exists() and path.is_dir():
        raise CampaignFileError(f"{path} is a directory")
    return path, None, kind


def check_picklable(game: AnyGame, specs: Sequence[BotLike], labels: Sequence[str]) -> None:
    """Refuse at once what worker processes cannot receive.

    Raises:
        InvalidConfigError: the game or a bot factory cannot be pickled.
    """
    for spec, label in zip(specs, labels, strict=True):
        try:
            pickle.dumps(spec)
        except Exception as error:  # noqa: BLE001 - pickling fails with several types
            raise InvalidConfigError(
                f"bot {label!r} cannot be sent to worker processes: it cannot be pickled "
                f"({type(error).__name__}: {error}). Use a module-level function or class as "
                "the factory (not a lambda or a nested function), or a BotSpec, or workers=1"
            ) from None
    try:
        pickle.dumps(game)
    except Exception as error:  # noqa: BLE001 - pickling fails with several types
        raise InvalidConfigError(
            f"the game {game.name!r} cannot be sent to worker processes: it cannot be pickled "
            f"({type(error).__name__}: {error}); use workers=1"
        ) from None


def _record_writer(game: AnyGame, labels: Sequence[str]) -> Callable[[Played], str]:
    """A function that turns a played game into the JSON text of its record.

    Raises:
        InvalidConfigError: the game is not registered for serialization.
    """
    from cardgames.errors import DecodeError
    from cardgames.registry import game_spec
    from cardgames.serialization import GameRecord, dumps_record

    try:
        game_spec(game.name)
    except DecodeError as error:
        raise InvalidConfigError(f"cannot write records of {game.name!r}: {error}") from None
    config = game.config

    def write(played: Played) -> str:
        record = GameRecord(
            game=game.name,
            config=config,
            seed=played.seed,
            actions=tuple(played.actions or ()),
            returns=played.returns,
            players=tuple(labels[position] for position in played.lineup),
        )
        return dumps_record(record)

    return write
