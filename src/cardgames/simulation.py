"""Play many seeded games between bots, in worker processes, and summarize the results.

:func:`play_game` is the driver: it keeps the state and gives each bot only its player's
observation and the legal actions. :func:`simulate` plays ``games`` games of one game with one
bot per seat, spread over worker processes, and returns a :class:`SimulationResult`: per-seat
win rates and chip results with 95% confidence intervals, the mean game length and the
throughput. Every game's seed (and every bot's) is derived from one master seed and the game's
index, so the result is the same whatever the number of workers::

    >>> from cardgames.simulation import simulate
    >>> from cardgames.sixes import Sixes, SixesConfig
    >>> game = Sixes(SixesConfig(num_players=2, max_rounds=1))
    >>> result = simulate(game, ["heuristic", "random"], games=40, seed=1, workers=1)
    >>> result.seats[0].win_rate.mean > result.seats[1].win_rate.mean
    True
    >>> result == simulate(game, ["heuristic", "random"], games=40, seed=1, workers=2)
    True
"""

from __future__ import annotations

import concurrent.futures
import math
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import IO, Any, TypeVar, cast

import attrs

from cardgames.bots.bot import AnyGame, Bot, BotLike, BotSpec, build_bot, describe_bot
from cardgames.errors import InvalidConfigError
from cardgames.game import Game, is_int, winners

__all__ = [
    "Estimate",
    "GameOutcome",
    "SeatResult",
    "SimulationResult",
    "bot_seed",
    "game_seed",
    "play_game",
    "simulate",
]

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
ObservationT = TypeVar("ObservationT")

_Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def game_seed(master_seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded with ``master_seed``.

    It depends on nothing else (not on workers or chunking), so any game of a run can be
    replayed alone::

        >>> game_seed(0, 0) == game_seed(0, 0) != game_seed(0, 1)
        True
    """
    return _seeds(master_seed, index, 0)[0]


def bot_seed(master_seed: int, index: int, position: int) -> int:
    """The seed of the bot in ``position`` (its place in the bot list) in game ``index``."""
    return _seeds(master_seed, index, position + 1)[1][position]


def _seeds(master_seed: int, index: int, bots: int) -> tuple[int, tuple[int, ...]]:
    """Game ``index``'s deal seed and its first ``bots`` bot seeds, from one hashed stream."""
    stream = random.Random(f"cardgames:{master_seed}:{index}")
    deal = stream.getrandbits(63)
    return deal, tuple(stream.getrandbits(63) for _ in range(bots))


def play_game(
    game: Game[StateT, ActionT, ObservationT],
    bots: Sequence[Bot[ObservationT, ActionT]],
    *,
    seed: int | random.Random | None = None,
    state: StateT | None = None,
    max_actions: int | None = None,
) -> tuple[StateT, tuple[ActionT, ...]]:
    """Play one game between ``bots`` (one per seat), showing each only its observation.

    A bot whose ``needs_observation`` attribute is False (such as
    :class:`~cardgames.bots.RandomBot`) is passed None instead, which saves building an
    observation it would ignore.

    Args:
        game: Any game.
        bots: ``bots[seat]`` plays for that seat.
        seed: Deals the initial state when ``state`` is None.
        state: Where to start instead of a new deal.
        max_actions: Stop after this many actions even if the game goes on.

    Returns:
        The last state and the actions played.

    Raises:
        InvalidConfigError: the number of bots is not the number of seats.
        IllegalActionError: a bot chose an action that is not legal.
    """
    if len(bots) != game.num_players:
        raise InvalidConfigError(
            f"{game.name} is played by {game.num_players} players, but {len(bots)} bots were given"
        )
    current = game.initial_state(seed) if state is None else state
    observing = [getattr(bot, "needs_observation", True) for bot in bots]
    played: list[ActionT] = []
    while not game.is_terminal(current):
        if max_actions is not None and len(played) >= max_actions:
            break
        player = game.current_player(current)
        if player is None:  # pragma: no cover - a live state always has a player to act
            break
        actions = game.legal_actions(current)
        observation = game.observe(current, player) if observing[player] else None
        action = bots[player].choose(cast("ObservationT", observation), actions)
        current = game.apply(current, action)
        played.append(action)
    return current, tuple(played)


@attrs.frozen(kw_only=True)
class Estimate:
    """A sample mean with its 95% confidence interval (normal approximation).

    Attributes:
        mean: The sample mean.
        half_width: Half the width of the 95% interval; infinite with fewer than 2 samples.
    """

    mean: float
    half_width: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Estimate:
        """The estimate of the mean of ``values``.

        Example::

            >>> Estimate.of([1.0, 0.0, 1.0, 0.0])
            Estimate(mean=0.5, half_width=0.565...)
        """
        n = len(values)
        if n == 0:
            return cls(mean=math.nan, half_width=math.inf)
        mean = math.fsum(values) / n
        if n < 2:
            return cls(mean=mean, half_width=math.inf)
        variance = math.fsum((value - mean) ** 2 for value in values) / (n - 1)
        return cls(mean=mean, half_width=_Z95 * math.sqrt(variance / n))

    @property
    def low(self) -> float:
        """The lower end of the 95% interval."""
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        """The upper end of the 95% interval."""
        return self.mean + self.half_width

    def format(self, digits: int = 3) -> str:
        """``mean ± half_width`` with ``digits`` decimals."""
        return f"{self.mean:.{digits}f} ± {self.half_width:.{digits}f}"


@attrs.frozen(kw_only=True)
class GameOutcome:
    """How one game of a simulation ended.

    Attributes:
        index: The game's number in the run, from 0.
        seed: The seed it was dealt from (see :func:`game_seed`).
        seats: ``seats[position]`` is the seat the bot in that position played.
        returns: The chip result of each bot position (not seat).
        length: The number of actions played.
        finished: Whether the game reached a terminal state (False if ``max_actions`` cut it).
    """

    index: int
    seed: int
    seats: tuple[int, ...]
    returns: tuple[int, ...]
    length: int
    finished: bool

    @property
    def win_shares(self) -> tuple[float, ...]:
        """1 for the sole winner, 1/k each for k tied winners, 0 for the others."""
        best = winners(self.returns)
        return tuple(1 / len(best) if i in best else 0.0 for i in range(len(self.returns)))


@attrs.frozen(kw_only=True)
class SeatResult:
    """The results of one bot position over a simulation.

    Attributes:
        position: The bot's place in the bot list (its seat unless seats rotate).
        bot: A label for the bot.
        win_rate: The share of games won (ties split equally).
        chips: The chip result per game.
    """

    position: int
    bot: str
    win_rate: Estimate
    chips: Estimate


@attrs.frozen(kw_only=True)
class SimulationResult:
    """The summary of a simulation, comparable across runs (timings excepted).

    Two runs with the same game, bots, master seed and number of games compare equal whatever
    the number of workers: the timing fields are left out of equality.

    Attributes:
        game: The game's name.
        games: How many games were played.
        seed: The master seed.
        rotate: Whether the bots changed seats from game to game.
        seats: One :class:`SeatResult` per bot position.
        mean_length: The mean number of actions per game.
        total_actions: The number of actions over all games.
        unfinished: How many games were cut off by ``max_actions``.
        outcomes: Every game's :class:`GameOutcome`, by index.
        workers: How many worker processes played (not compared).
        elapsed: Wall-clock seconds (not compared).
    """

    game: str
    games: int
    seed: int
    rotate: bool
    seats: tuple[SeatResult, ...]
    mean_length: float
    total_actions: int
    unfinished: int
    outcomes: tuple[GameOutcome, ...] = attrs.field(repr=False)
    workers: int = attrs.field(eq=False)
    elapsed: float = attrs.field(eq=False)

    @property
    def games_per_second(self) -> float:
        """Games played per second of wall-clock time."""
        return self.games / self.elapsed if self.elapsed > 0 else math.inf

    @property
    def actions_per_second(self) -> float:
        """Actions played per second of wall-clock time."""
        return self.total_actions / self.elapsed if self.elapsed > 0 else math.inf

    def table(self) -> str:
        """A plain-text table of the results, for a terminal."""
        label = "seat" if not self.rotate else "bot#"
        width = max(len("bot"), *(len(seat.bot) for seat in self.seats))
        lines = [
            f"{self.game}: {self.games} games, seed {self.seed}, "
            f"{self.workers} worker{'s' if self.workers != 1 else ''}"
            + (", seats rotating" if self.rotate else ""),
            "",
            (
                f"{label:<4}  {'bot':<{width}}  {'win rate (95% CI)':>17}  "
                f"{'chips per game (95% CI)':>23}"
            ),
        ]
        lines.extend(
            f"{seat.position:<4}  {seat.bot:<{width}}  {seat.win_rate.format(3):>17}  "
            f"{seat.chips.format(2):>23}"
            for seat in self.seats
        )
        lines += [
            "",
            f"mean game length: {self.mean_length:.1f} actions"
            + (f" ({self.unfinished} games cut off)" if self.unfinished else ""),
            (
                f"time: {self.elapsed:.2f} s, {self.games_per_second:,.1f} games/s, "
                f"{self.actions_per_second:,.0f} actions/s"
            ),
        ]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


@attrs.frozen(kw_only=True)
class _Job:
    """What a worker needs to play some games (picklable)."""

    game: AnyGame
    bots: tuple[BotLike, ...]
    seed: int
    rotate: bool
    max_actions: int | None
    keep_actions: bool


def _play_indexed(job: _Job, index: int) -> tuple[GameOutcome, tuple[Any, ...] | None]:
    """Play game ``index`` of ``job``."""
    game, n = job.game, job.game.num_players
    shift = index % n if job.rotate else 0
    seats = tuple((position + shift) % n for position in range(n))
    seed, bot_seeds = _seeds(job.seed, index, n)
    by_seat: list[Bot[Any, Any] | None] = [None] * n
    for position, bot in enumerate(job.bots):
        by_seat[seats[position]] = build_bot(bot, game, bot_seeds[position])
    final, actions = play_game(
        game, [bot for bot in by_seat if bot is not None], seed=seed, max_actions=job.max_actions
    )
    returns = game.returns(final)
    outcome = GameOutcome(
        index=index,
        seed=seed,
        seats=seats,
        returns=tuple(returns[seat] for seat in seats),
        length=len(actions),
        finished=game.is_terminal(final),
    )
    return outcome, (actions if job.keep_actions else None)


def _play_chunk(
    job: _Job, indices: Sequence[int]
) -> list[tuple[GameOutcome, tuple[Any, ...] | None]]:
    """Play the games ``indices`` of ``job`` (run in a worker process)."""
    return [_play_indexed(job, index) for index in indices]


class _Progress:
    """A one-line progress bar on a text stream (stderr)."""

    def __init__(self, total: int, stream: IO[str] | None) -> None:
        self._total = total
        self._stream = stream
        self._done = 0
        self._start = time.monotonic()
        self._last = -1.0

    def advance(self, count: int) -> None:
        """Record ``count`` more finished games and redraw (at most 10 times a second)."""
        self._done += count
        now = time.monotonic()
        if self._stream is None or (now - self._last < 0.1 and self._done < self._total):
            return
        self._last = now
        fraction = self._done / self._total if self._total else 1.0
        filled = int(30 * fraction)
        rate = self._done / max(now - self._start, 1e-9)
        self._stream.write(
            f"\r[{'#' * filled}{'.' * (30 - filled)}] {self._done}/{self._total} games "
            f"({rate:,.0f}/s)"
        )
        self._stream.flush()

    def close(self) -> None:
        """End the line of the bar."""
        if self._stream is not None:
            self._stream.write("\n")
            self._stream.flush()


def _chunks(total: int, workers: int) -> list[range]:
    """Split ``range(total)`` into chunks: several per worker, so that they balance."""
    size = max(1, min(64, math.ceil(total / (workers * 8))))
    return [range(start, min(start + size, total)) for start in range(0, total, size)]


def _default_workers() -> int:
    """One worker per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not every platform has sched_getaffinity
        return max(1, os.cpu_count() or 1)


def simulate(  # noqa: PLR0913 - every option is keyword-only and named
    game: Game[Any, Any, Any],
    bots: Sequence[BotLike],
    *,
    games: int,
    seed: int = 0,
    workers: int | None = None,
    rotate: bool = False,
    max_actions: int | None = None,
    progress: bool | None = None,
    records: IO[str] | None = None,
) -> SimulationResult:
    """Play ``games`` seeded games of ``game`` between ``bots`` and summarize them.

    Args:
        game: Any picklable game (the built-in games are).
        bots: One bot per seat: a spec text such as ``"random"`` or ``"ismcts:iterations=200"``,
            a :class:`~cardgames.bots.BotSpec`, or a picklable factory ``(game, seed) -> Bot``
            (a top-level function or class).
        games: How many games to play, at least 1.
        seed: The master seed; game ``i`` is dealt from ``game_seed(seed, i)``.
        workers: Worker processes; None uses one per core, 1 plays in this process. The
            results do not depend on it.
        rotate: Move the bots one seat on every game (bot ``k`` sits at seat ``(k + i) % n``
            in game ``i``), so that no bot keeps a seat's advantage. Results are per bot.
        max_actions: Cut a game off after this many actions (it counts as unfinished, scored
            with the chip results so far).
        progress: Draw a progress bar on stderr; None draws it only when stderr is a terminal.
        records: Write every game's record as one JSON line to this text stream, in game order
            (uses :mod:`cardgames.serialization`).

    Returns:
        The :class:`SimulationResult`.

    Raises:
        InvalidConfigError: a bad count, or a bot spec that cannot be built for this game.
        ParseError: a bot spec text that does not parse.
    """
    if not is_int(games) or games < 1:
        raise InvalidConfigError(f"games must be an int of at least 1, not {games!r}")
    if len(bots) != game.num_players:
        raise InvalidConfigError(
            f"{game.name} is played by {game.num_players} players, but {len(bots)} bots were given"
        )
    if workers is None:
        workers = _default_workers()
    if not is_int(workers) or workers < 1:
        raise InvalidConfigError(f"workers must be None or an int of at least 1, not {workers!r}")
    for position, bot in enumerate(bots):  # fail fast, in this process, on a bad spec
        build_bot(bot, game, bot_seed(seed, 0, position))
    labels = [describe_bot(bot) for bot in bots]
    writer = _record_writer(game, labels) if records is not None else None
    job = _Job(
        game=game,
        bots=tuple(BotSpec.parse(bot) if isinstance(bot, str) else bot for bot in bots),
        seed=seed,
        rotate=rotate,
        max_actions=max_actions,
        keep_actions=writer is not None,
    )
    show = sys.stderr.isatty() if progress is None else progress
    bar = _Progress(games, sys.stderr if show else None)
    start = time.perf_counter()
    played = _run(job, games, min(workers, games), bar.advance)
    elapsed = time.perf_counter() - start
    if show:
        bar.close()
    played.sort(key=lambda item: item[0].index)
    if writer is not None and records is not None:
        for outcome, actions in played:
            records.write(writer(outcome, actions or ()) + "\n")
    outcomes = tuple(outcome for outcome, _ in played)
    return _summarize(game, bots, job, outcomes, workers=min(workers, games), elapsed=elapsed)


def _run(
    job: _Job, games: int, workers: int, advance: Callable[[int], None]
) -> list[tuple[GameOutcome, tuple[Any, ...] | None]]:
    """Play every game of ``job``, in this process or in ``workers`` worker processes."""
    played: list[tuple[GameOutcome, tuple[Any, ...] | None]] = []
    chunks = _chunks(games, workers)
    if workers == 1:
        for chunk in chunks:
            played += _play_chunk(job, chunk)
            advance(len(chunk))
        return played
    pool = concurrent.futures.ProcessPoolExecutor(max_workers=workers)
    try:
        futures = [pool.submit(_play_chunk, job, chunk) for chunk in chunks]
        for future in concurrent.futures.as_completed(futures):
            results = future.result()
            played += results
            advance(len(results))
    except BaseException:  # Ctrl-C or a failing game: drop the queued work at once
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return played


def _summarize(  # noqa: PLR0913 - internal
    game: AnyGame,
    bots: Sequence[BotLike],
    job: _Job,
    outcomes: Sequence[GameOutcome],
    *,
    workers: int,
    elapsed: float,
) -> SimulationResult:
    """Aggregate the outcomes (in index order, so sums do not depend on the workers)."""
    seats = tuple(
        SeatResult(
            position=position,
            bot=describe_bot(bot),
            win_rate=Estimate.of([outcome.win_shares[position] for outcome in outcomes]),
            chips=Estimate.of([float(outcome.returns[position]) for outcome in outcomes]),
        )
        for position, bot in enumerate(bots)
    )
    total = sum(outcome.length for outcome in outcomes)
    return SimulationResult(
        game=game.name,
        games=len(outcomes),
        seed=job.seed,
        rotate=job.rotate,
        seats=seats,
        mean_length=total / len(outcomes),
        total_actions=total,
        unfinished=sum(not outcome.finished for outcome in outcomes),
        outcomes=tuple(outcomes),
        workers=workers,
        elapsed=elapsed,
    )


def _record_writer(game: AnyGame, labels: Sequence[str]) -> Callable[[GameOutcome, Any], str]:
    """A function that turns a game's outcome and actions into one JSON line of its record.

    Raises:
        InvalidConfigError: the game is not registered for serialization.
    """
    from cardgames.errors import DecodeError
    from cardgames.registry import game_info
    from cardgames.serialization import GameRecord, dumps_record

    try:
        game_info(game.name)
    except DecodeError as error:
        raise InvalidConfigError(f"cannot write records of {game.name!r}: {error}") from None
    config = game.config

    def write(outcome: GameOutcome, actions: Any) -> str:  # noqa: ANN401 - any game's actions
        n = len(outcome.seats)
        by_seat = [0] * n
        players = [""] * n
        for position, seat in enumerate(outcome.seats):
            by_seat[seat] = outcome.returns[position]
            players[seat] = labels[position]
        record = GameRecord(
            game=game.name,
            config=config,
            seed=outcome.seed,
            actions=tuple(actions),
            returns=tuple(by_seat),
            players=tuple(players),
        )
        return dumps_record(record)

    return write
