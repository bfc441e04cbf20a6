"""Tournaments between bots on duplicate deals: a league table, ratings and a pairwise matrix.

:func:`tournament` seats the entrants at tables (every pair, or all of them at one table) and
plays each deal once per rotation of the seats at every table: the same cards reach every
entrant in every seat, so the luck of the deal cancels out of the comparison (duplicate
deals). Every interval is a percentile bootstrap over deals, because the games of one deal
are not independent::

    >>> from cardgames.sixes import Sixes, SixesConfig
    >>> from cardgames.tournament import tournament
    >>> game = Sixes(SixesConfig(num_players=2, max_rounds=1))
    >>> result = tournament(game, ["heuristic", "random"], deals=30, seed=1, workers=1)
    >>> result.games, [row.bot for row in result.rows]
    (60, ['heuristic', 'random'])
    >>> result.rows[0].rating.mean > result.rows[1].rating.mean
    True

The rating is an Elo-scale Bradley-Terry fit (mean 1500, 400 points for odds of 10 to 1) of
every pairwise result in every game; it is fitted once on all games rather than updated game
by game, so it does not depend on the order the games finished in.
"""

from __future__ import annotations

import concurrent.futures
import itertools
import math
import random
import time
from collections.abc import Sequence
from fractions import Fraction
from typing import Final

import attrs

from cardgames.bots.bot import AnyGame, BotLike, build_bot, describe_bot
from cardgames.errors import InvalidConfigError
from cardgames.simulation.core import check_count, check_picklable
from cardgames.simulation.driver import GameFault, Played, Schedule, bot_seed, spec_of
from cardgames.simulation.runner import (
    Progress,
    Runner,
    chunk_indices,
    default_chunk_size,
    default_workers,
    progress_stream,
)
from cardgames.simulation.stats import Estimate

__all__ = [
    "FORMATS",
    "MAX_DEALS",
    "LeagueRow",
    "TournamentInterrupted",
    "TournamentResult",
    "tournament",
]

FORMATS: Final = ("round-robin", "all-seats")
"""``round-robin``: every pair of entrants at its own table (seats alternate between the two);
``all-seats``: every entrant at one table (entrant ``k`` in seats ``k``, ``k + m``, ...)."""

MAX_DEALS: Final = 10**5
"""The most deals a tournament may ask for (the bootstrap keeps a few numbers per deal)."""

RESAMPLES: Final = 1000
"""Bootstrap resamples over deals."""

ELO_SCALE: Final = 400 / math.log(10)
"""Elo points per unit of log-strength (400 points: odds of 10 to 1)."""


@attrs.frozen(kw_only=True)
class LeagueRow:
    """One entrant's line in the league table.

    Attributes:
        bot: The entrant's label.
        games: Games it played (seat-games count once per game).
        win_rate: Share of its seat-games won (ties split), bootstrap over deals.
        chips: Mean chip result per game and seat, bootstrap over deals.
        rating: Elo-scale Bradley-Terry rating (mean 1500), bootstrap over deals.
    """

    bot: str
    games: int
    win_rate: Estimate
    chips: Estimate
    rating: Estimate


@attrs.frozen(kw_only=True)
class TournamentResult:
    """The outcome of a tournament (timings are left out of equality).

    Attributes:
        game: The game's name.
        format: One of :data:`FORMATS`.
        duplicate: Whether each deal was replayed at every table and rotation.
        deals: The number of deals.
        games: The number of games asked for.
        seed: The master seed.
        rows: The league table, best rating first.
        bots: The entrants' labels, in the order given.
        pairwise: ``pairwise[a][b]``: the share of their common games in which entrant ``a``
            (in the order given) ended with more chips than ``b`` (ties count half); None on
            the diagonal or for pairs that never met.
        differences: ``differences[a][b]``: ``a``'s chips per game minus ``b``'s in their
            common games, with a bootstrap interval over deals (None as for ``pairwise``).
        faulted: Games a bot ended by raising or by an illegal action (left out).
        lost: Games lost with their worker (left out).
        faults: Those games' faults, by index (up to 100).
        workers: Workers used (not compared).
        elapsed: Wall-clock seconds (not compared).
    """

    game: str
    format: str
    duplicate: bool
    deals: int
    games: int
    seed: int
    rows: tuple[LeagueRow, ...]
    bots: tuple[str, ...]
    pairwise: tuple[tuple[float | None, ...], ...]
    differences: tuple[tuple[Estimate | None, ...], ...]
    faulted: int = 0
    lost: int = 0
    faults: tuple[GameFault, ...] = ()
    workers: int = attrs.field(default=1, eq=False)
    elapsed: float = attrs.field(default=0.0, eq=False)

    def table(self) -> str:
        """The league table and the pairwise matrix, for a terminal."""
        width = max(len("bot"), *(len(row.bot) for row in self.rows))
        kind = "duplicate deals" if self.duplicate else "random deals"
        title = f"{self.game} tournament: {self.format}, {self.deals} {kind}, {self.games} games"
        header = (
            f"{'#':<2}  {'bot':<{width}}  {'rating (95% CI)':>22}  {'win rate (95% CI)':>22}  "
            f"{'chips per game (95% CI)':>24}"
        )
        lines = [f"{title}, seed {self.seed}", "", header]
        lines.extend(
            f"{place:<2}  {row.bot:<{width}}  {row.rating.format(0):>22}  "
            f"{row.win_rate.format(3):>22}  {row.chips.format(2):>24}"
            for place, row in enumerate(self.rows, 1)
        )
        lines += ["", "pairwise: share of common games the row bot ended ahead of the column"]
        cell = max(6, width)
        lines.append(" " * (width + 2) + "".join(f"{bot[:cell]:>{cell + 2}}" for bot in self.bots))
        for bot, scores in zip(self.bots, self.pairwise, strict=True):
            values = "".join(
                f"{'-' if score is None else f'{score:.3f}':>{cell + 2}}" for score in scores
            )
            lines.append(f"{bot:<{width + 2}}{values}")
        lines += [
            "",
            "intervals: percentile bootstrap over deals; rating: Elo-scale Bradley-Terry fit",
        ]
        if self.faulted or self.lost:
            lines.append(f"left out: {self.faulted} faulted games, {self.lost} lost games")
            lines.extend(f"  {fault.describe()}" for fault in self.faults)
        lines.append(f"time: {self.elapsed:.2f} s, {self.workers} worker(s)")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


class TournamentInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a tournament; ``result`` holds the table of the games finished."""

    def __init__(self, result: TournamentResult) -> None:
        super().__init__("tournament interrupted")
        self.result = result


def tables_for(entrants: int, seats: int, format_: str) -> tuple[tuple[int, ...], ...]:
    """The tables of a tournament: the entrant in each seat of each table.

    Example::

        >>> tables_for(3, 2, "round-robin")
        ((0, 1), (0, 2), (1, 2))
        >>> tables_for(2, 4, "all-seats")
        ((0, 1, 0, 1),)

    Raises:
        InvalidConfigError: an unknown format, fewer than 2 entrants, or more entrants than
            seats at one table.
    """
    if format_ not in FORMATS:
        raise InvalidConfigError(f"unknown format {format_!r}: expected one of {FORMATS}")
    if entrants < 2:
        raise InvalidConfigError(f"a tournament needs at least 2 bots, not {entrants}")
    if format_ == "all-seats":
        if entrants > seats:
            raise InvalidConfigError(
                f"all-seats seats every bot at one table of {seats}: {entrants} bots do not fit "
                "(use round-robin)"
            )
        return (tuple(seat % entrants for seat in range(seats)),)
    return tuple(
        tuple(a if seat % 2 == 0 else b for seat in range(seats))
        for a, b in itertools.combinations(range(entrants), 2)
    )


def tournament(  # noqa: C901, PLR0913 - keyword-only options, each checked
    game: AnyGame,
    bots: Sequence[BotLike],
    *,
    deals: int,
    seed: int = 0,
    format: str = "round-robin",  # noqa: A002 - the tournament format's natural name
    duplicate: bool = True,
    workers: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    chunk_size: int | None = None,
    max_actions: int | None = None,
    progress: bool | None = None,
) -> TournamentResult:
    """Play a tournament between ``bots`` on ``deals`` deals.

    Each deal is played at every table (see :data:`FORMATS`) once per rotation of the seats,
    so every entrant meets the same cards in every seat. With ``duplicate=False`` every game
    gets a deal of its own instead (to measure what duplicate deals gain).

    Args:
        game: Any picklable game.
        bots: Two or more entrants, as for :func:`~cardgames.simulation.simulate`.
        deals: How many deals, from 1 to :data:`MAX_DEALS`.
        seed: The master seed.
        format: ``"round-robin"`` or ``"all-seats"``.
        duplicate: Replay each deal at every table and rotation.
        workers: Worker processes (None: one per core; 1 plays in this process).
        executor: Any :class:`concurrent.futures.Executor`, such as Dask's.
        chunk_size: Games per task (default: balanced).
        max_actions: Cut a game off after this many actions.
        progress: A progress bar on stderr (None: only on a terminal).

    Returns:
        The :class:`TournamentResult`.

    Raises:
        InvalidConfigError: a bad count or format, or a bot that cannot be built or sent to
            worker processes.
        ParseError: a bot spec text that does not parse.
        TournamentInterrupted: Ctrl-C; its ``result`` covers the games finished before.
    """
    check_count("deals", deals, 1, MAX_DEALS)
    if workers is None:
        workers = default_workers()
    check_count("workers", workers, 1)
    if chunk_size is not None:
        check_count("chunk_size", chunk_size, 1)
    tables = tables_for(len(bots), game.num_players, format)
    for position, bot in enumerate(bots):
        build_bot(bot, game, bot_seed(seed, 0, position))
    specs = tuple(spec_of(bot) for bot in bots)
    labels = tuple(describe_bot(bot) for bot in bots)
    if len(set(labels)) != len(labels):
        raise InvalidConfigError(f"give each bot once: {', '.join(labels)}")
    in_process = executor is None and workers == 1
    if not in_process:
        check_picklable(game, specs, labels)
    schedule = Schedule(
        game=game,
        bots=specs,
        seed=seed,
        tables=tables,
        duplicate=duplicate,
        max_actions=max_actions,
    )
    games = deals * schedule.per_deal
    board = _Board(len(bots), game.num_players)
    used = 1 if in_process else workers
    bar = Progress(games, progress_stream(progress))

    def handle(items: list[Played | GameFault]) -> None:
        for item in items:
            board.add(item, schedule.deal(item.index))
        bar.advance(len(items))

    def lost(fault: GameFault) -> None:
        board.add_lost(fault)
        bar.advance(1)

    start = time.perf_counter()
    runner = Runner(schedule, workers=used, executor=executor)

    def summary() -> TournamentResult:
        return board.result(
            game=game.name,
            format_=format,
            duplicate=duplicate,
            deals=deals,
            games=games,
            seed=seed,
            labels=labels,
            workers=used,
            elapsed=time.perf_counter() - start,
        )

    try:
        runner.run(
            chunk_indices(range(games), chunk_size or default_chunk_size(games, used)),
            handle,
            lost,
        )
    except KeyboardInterrupt:
        raise TournamentInterrupted(summary()) from None
    finally:
        if progress_stream(progress) is not None:
            bar.close()
    return summary()


class _Board:
    """Per-deal sums for the bootstrap: a few numbers per deal and entrant pair."""

    def __init__(self, entrants: int, seats: int) -> None:
        self.k = entrants
        self.scale = 2 * math.lcm(*range(1, seats + 1))
        """Win shares, scores and chip means are counted in units of 1/scale: whole numbers,
        so the sums do not depend on the order the games finished in."""
        self.deals: dict[int, list[int]] = {}
        self.faults: list[GameFault] = []
        self.faulted = self.lost = 0

    # Layout of a deal's vector: per entrant [games, seat-games, chips, wins], then per ordered
    # pair (a, b) [common games, score of a over b, chip difference a - b].
    def _slot(self, a: int, b: int) -> int:
        return 4 * self.k + 3 * (a * self.k + b)

    def add(self, item: Played | GameFault, deal: int) -> None:
        if isinstance(item, GameFault):
            self.add_lost(item) if item.kind == "lost" else self._fault(item)
            return
        vector = self.deals.setdefault(deal, self._zero())
        unit = self.scale
        seats: dict[int, list[int]] = {}
        for seat, who in enumerate(item.lineup):
            seats.setdefault(who, []).append(seat)
        best = max(item.returns)
        top = [seat for seat, value in enumerate(item.returns) if value == best]
        means: dict[int, Fraction] = {}
        for who, mine in seats.items():
            chips = sum(item.returns[seat] for seat in mine)
            vector[4 * who] += 1
            vector[4 * who + 1] += len(mine)
            vector[4 * who + 2] += chips
            vector[4 * who + 3] += unit * sum(seat in top for seat in mine) // len(top)
            means[who] = Fraction(chips, len(mine))
        for a, b in itertools.permutations(means, 2):
            slot = self._slot(a, b)
            vector[slot] += 1
            vector[slot + 1] += (
                unit if means[a] > means[b] else unit // 2 if means[a] == means[b] else 0
            )
            vector[slot + 2] += int(unit * (means[a] - means[b]))

    def _fault(self, fault: GameFault) -> None:
        self.faulted += 1
        self.faults.append(fault)

    def add_lost(self, fault: GameFault) -> None:
        self.lost += 1
        self.faults.append(fault)

    def result(  # noqa: PLR0913 - internal
        self,
        *,
        game: str,
        format_: str,
        duplicate: bool,
        deals: int,
        games: int,
        seed: int,
        labels: tuple[str, ...],
        workers: int,
        elapsed: float,
    ) -> TournamentResult:
        keys = sorted(self.deals)
        columns = [[float(self.deals[key][j]) for key in keys] for j in range(len(self._zero()))]
        totals = [math.fsum(column) for column in columns]
        point = _statistics(totals, self.k, self.scale)
        rng = random.Random(f"tournament:{seed}:{games}:{len(keys)}")
        replicates = []
        if len(keys) > 1:
            population = range(len(keys))
            for _ in range(RESAMPLES):
                picks = rng.choices(population, k=len(keys))
                sums = [sum(map(column.__getitem__, picks)) for column in columns]
                replicates.append(_statistics(sums, self.k, self.scale))

        def estimate(name: str, *index: int) -> Estimate | None:
            mean = point[name][index]
            if mean is None:
                return None
            values = sorted(value for rep in replicates if (value := rep[name][index]) is not None)
            if len(values) < 2:
                return Estimate(mean=mean, half_width=math.inf, method="bootstrap")
            low = values[int(0.025 * (len(values) - 1))]
            high = values[math.ceil(0.975 * (len(values) - 1))]
            return Estimate(
                mean=mean, half_width=(high - low) / 2, low=low, high=high, method="bootstrap"
            )

        rows = []
        for who, label in enumerate(labels):
            win, chips, rating = (
                estimate("win", who),
                estimate("chips", who),
                estimate("rating", who),
            )
            nan = Estimate(mean=math.nan, half_width=math.inf, method="bootstrap")
            rows.append(
                LeagueRow(
                    bot=label,
                    games=round(totals[4 * who]),
                    win_rate=win or nan,
                    chips=chips or nan,
                    rating=rating or nan,
                )
            )
        rows.sort(
            key=lambda row: (-row.rating.mean if not math.isnan(row.rating.mean) else 0, row.bot)
        )
        self.faults.sort(key=lambda fault: fault.index)
        return TournamentResult(
            game=game,
            format=format_,
            duplicate=duplicate,
            deals=deals,
            games=games,
            seed=seed,
            rows=tuple(rows),
            bots=labels,
            pairwise=tuple(
                tuple(point["score"][(a, b)] for b in range(self.k)) for a in range(self.k)
            ),
            differences=tuple(
                tuple(estimate("difference", a, b) for b in range(self.k)) for a in range(self.k)
            ),
            faulted=self.faulted,
            lost=self.lost,
            faults=tuple(self.faults[:100]),
            workers=workers,
            elapsed=elapsed,
        )

    def _zero(self) -> list[int]:
        return [0] * (4 * self.k + 3 * self.k * self.k)


def _statistics(
    sums: Sequence[float], k: int, scale: int
) -> dict[str, dict[tuple[int, ...], float | None]]:
    """Win rates, chips, pairwise scores and differences, and ratings, from summed columns."""
    stats: dict[str, dict[tuple[int, ...], float | None]] = {
        "win": {},
        "chips": {},
        "score": {},
        "difference": {},
        "rating": {},
    }
    for who in range(k):
        seat_games = sums[4 * who + 1]
        stats["win"][(who,)] = sums[4 * who + 3] / scale / seat_games if seat_games else None
        stats["chips"][(who,)] = sums[4 * who + 2] / seat_games if seat_games else None
    scores = [[0.0] * k for _ in range(k)]
    meetings = [[0.0] * k for _ in range(k)]
    for a in range(k):
        for b in range(k):
            slot = 4 * k + 3 * (a * k + b)
            common = sums[slot] if a != b else 0.0
            stats["score"][(a, b)] = sums[slot + 1] / scale / common if common else None
            stats["difference"][(a, b)] = sums[slot + 2] / scale / common if common else None
            scores[a][b], meetings[a][b] = sums[slot + 1] / scale, common
    for who, rating in enumerate(_bradley_terry(scores, meetings)):
        stats["rating"][(who,)] = rating
    return stats


def _bradley_terry(scores: list[list[float]], meetings: list[list[float]]) -> list[float]:
    """Elo-scale ratings (mean 1500) fitted by the MM algorithm, with one virtual draw per pair.

    The virtual draw (half a win each way) keeps a bot that won every game finite.
    """
    k = len(scores)
    wins = [sum(scores[a][b] for b in range(k) if b != a) + 0.5 * (k - 1) for a in range(k)]
    strength = [1.0] * k
    for _ in range(500):
        new = []
        for a in range(k):
            denominator = sum(
                (meetings[a][b] + 1.0) / (strength[a] + strength[b]) for b in range(k) if b != a
            )
            new.append(wins[a] / denominator)
        scale = math.exp(math.fsum(math.log(value) for value in new) / k)
        new = [value / scale for value in new]
        change = max(abs(x - y) for x, y in zip(new, strength, strict=True))
        strength = new
        if change < 1e-10:
            break
    return [1500 + ELO_SCALE * math.log(value) for value in strength]
