"""The summary of a simulation, aggregated as games finish in memory that does not grow.

:class:`Aggregate` takes each finished game once, in whatever order the games finish, and
keeps only counts (see :mod:`cardgames.simulation.stats`); :meth:`Aggregate.result` turns them
into a :class:`SimulationResult`. Per-game outcomes are kept only on request.
"""

from __future__ import annotations

import math
import warnings
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

import attrs

from cardgames.errors import CardgamesError
from cardgames.simulation.driver import GameFault, GameOutcome, Played
from cardgames.simulation.stats import Estimate, Tally, bootstrap_mean, wilson

__all__ = [
    "FAULT_DETAILS",
    "LEGACY_OUTCOMES",
    "Aggregate",
    "OutcomesNotKeptError",
    "SeatResult",
    "SimulationResult",
]

FAULT_DETAILS = 100
"""How many faults (and lost games) a result lists in full: those with the lowest indices."""

LEGACY_OUTCOMES = 100_000
"""Without ``keep_outcomes``, outcomes are still kept up to this many games (deprecated)."""


class OutcomesNotKeptError(CardgamesError, LookupError):
    """``SimulationResult.outcomes`` of a run that did not keep them (ask ``keep_outcomes``)."""


@attrs.frozen(kw_only=True)
class SeatResult:
    """The results of one bot position (or, when seats rotate, one bot spec) over a simulation.

    Attributes:
        position: The bot's place in the bot list (the first, when several are pooled).
        bot: A label for the bot.
        win_rate: The share of games won per seat (ties split equally), with its interval:
            Wilson when every win was whole, else a bootstrap over games.
        chips: The chip result per game and seat, with a normal interval.
        positions: Every bot position pooled into this row (the same spec, with ``rotate``).
        chip_counts: How many seat-games ended with each chip result (for a histogram).
    """

    position: int
    bot: str
    win_rate: Estimate
    chips: Estimate
    positions: tuple[int, ...] = ()
    chip_counts: tuple[tuple[int, int], ...] = ()


@attrs.frozen(kw_only=True)
class SimulationResult:
    """The summary of a simulation, comparable across runs (timings excepted).

    Two runs with the same game, bots, master seed and number of games compare equal whatever
    the executor, the number of workers or the chunk size, and whether the run was interrupted
    and resumed: the timing fields are left out of equality.

    Attributes:
        game: The game's name.
        games: How many games were asked for.
        seed: The master seed.
        rotate: Whether the bots changed seats from game to game.
        seats: One :class:`SeatResult` per bot position, or per bot spec when rotating.
        mean_length: The mean number of actions per played game.
        total_actions: The number of actions over all played games.
        unfinished: How many played games were cut off by ``max_actions``.
        played: How many games have a result.
        faulted: How many games a bot ended by raising or choosing an illegal action.
        lost: How many games were lost with their worker (twice): see ``lost_games``.
        missing: How many games were not played (the run was interrupted or stopped).
        faults: The faults of the first :data:`FAULT_DETAILS` faulted games, by index.
        lost_games: The first :data:`FAULT_DETAILS` lost games, by index.
        kept_outcomes: The per-game outcomes kept, by index (None when not kept); read them
            through :attr:`outcomes`.
        outcomes_requested: Whether the caller asked for the outcomes (if not, reading
            :attr:`outcomes` warns).
        workers: How many workers played (not compared).
        elapsed: Wall-clock seconds (not compared).
        played_now: Games played by this run, not read back from a resumed file (not
            compared).
        stopped: Why the run stopped before the end, if the executor broke (not compared).
    """

    game: str
    games: int
    seed: int
    rotate: bool
    seats: tuple[SeatResult, ...]
    mean_length: float
    total_actions: int
    unfinished: int
    played: int = 0
    faulted: int = 0
    lost: int = 0
    missing: int = 0
    faults: tuple[GameFault, ...] = ()
    lost_games: tuple[GameFault, ...] = ()
    kept_outcomes: tuple[GameOutcome, ...] | None = attrs.field(default=None, eq=False, repr=False)
    outcomes_requested: bool = attrs.field(default=True, eq=False, repr=False)
    workers: int = attrs.field(default=1, eq=False)
    elapsed: float = attrs.field(default=0.0, eq=False)
    played_now: int = attrs.field(default=0, eq=False)
    stopped: str | None = attrs.field(default=None, eq=False)

    @property
    def outcomes(self) -> tuple[GameOutcome, ...]:
        """Every played game's :class:`~cardgames.simulation.GameOutcome`, by index.

        Only runs with ``keep_outcomes=True`` keep them for sure. Without it, they are kept up
        to :data:`LEGACY_OUTCOMES` games, and reading them warns: this is deprecated.

        Raises:
            OutcomesNotKeptError: the run did not keep them.
        """
        if not self.outcomes_requested:
            warnings.warn(
                "SimulationResult.outcomes without simulate(..., keep_outcomes=True) is "
                "deprecated: summaries are aggregated as games finish, and outcomes are kept "
                "only on request",
                DeprecationWarning,
                stacklevel=2,
            )
        if self.kept_outcomes is None:
            raise OutcomesNotKeptError(
                f"this run of {self.games} games did not keep per-game outcomes: "
                "pass keep_outcomes=True to simulate"
            )
        return self.kept_outcomes

    @property
    def games_per_second(self) -> float:
        """Games played by this run per second of wall-clock time."""
        return self.played_now / self.elapsed if self.elapsed > 0 else math.inf

    @property
    def actions_per_second(self) -> float:
        """Actions per second of wall-clock time (over this run's share of the games)."""
        if not self.played:
            return 0.0
        if self.elapsed <= 0:
            return math.inf
        return self.total_actions * self.played_now / self.played / self.elapsed

    def table(self) -> str:
        """A plain-text table of the results, for a terminal."""
        label = "seat" if not self.rotate else "bot#"
        width = max(len("bot"), *(len(seat.bot) for seat in self.seats))
        rates = [seat.win_rate.format(3) for seat in self.seats]
        chips = [seat.chips.format(2) for seat in self.seats]
        rate_width = max(17, *(len(text) for text in rates))
        chip_width = max(23, *(len(text) for text in chips))
        lines = [
            f"{self.game}: {self.played} games, seed {self.seed}, "
            f"{self.workers} worker{'s' if self.workers != 1 else ''}"
            + (", seats rotating" if self.rotate else ""),
            "",
            (
                f"{label:<4}  {'bot':<{width}}  {'win rate (95% CI)':>{rate_width}}  "
                f"{'chips per game (95% CI)':>{chip_width}}"
            ),
        ]
        lines.extend(
            f"{seat.position:<4}  {seat.bot:<{width}}  {rate:>{rate_width}}  {chip:>{chip_width}}"
            for seat, rate, chip in zip(self.seats, rates, chips, strict=True)
        )
        methods = sorted({seat.win_rate.method for seat in self.seats})
        lines += [
            "",
            "intervals: win rate "
            + " / ".join(_METHODS[method] for method in methods)
            + "; chips mean ± 1.96 standard errors",
            (
                f"mean game length: {self.mean_length:.1f} actions"
                if self.played
                else "mean game length: -"
            )
            + (f" ({self.unfinished} games cut off)" if self.unfinished else ""),
        ]
        lines.extend(self._fault_lines())
        lines.append(
            f"time: {self.elapsed:.2f} s, {self.games_per_second:,.1f} games/s, "
            f"{self.actions_per_second:,.0f} actions/s"
        )
        return "\n".join(lines)

    def _fault_lines(self) -> list[str]:
        lines: list[str] = []
        if self.faulted:
            lines.append(f"faulted: {self.faulted} games ended by a bot (not counted above):")
            lines.extend(f"  {fault.describe()}" for fault in self.faults)
        if self.lost:
            lines.append(f"lost: {self.lost} games lost with their worker (not counted above):")
            lines.extend(f"  {fault.describe()}" for fault in self.lost_games)
        if self.missing:
            lines.append(f"missing: {self.missing} games not played (resume to play them)")
        if self.stopped:
            lines.append(f"stopped: {self.stopped}")
        return lines

    def __str__(self) -> str:
        return self.table()


_METHODS = {
    "wilson": "Wilson score",
    "bootstrap": "bootstrap over games (ties split wins)",
    "normal": "normal",
}


@attrs.define
class _Row:
    """Counts for one row of the table (one position, or one pooled spec)."""

    label: str
    positions: tuple[int, ...]
    shares: Counter[Fraction] = attrs.field(factory=Counter)
    chip_sums: Counter[int] = attrs.field(factory=Counter)
    chips: Counter[int] = attrs.field(factory=Counter)


class Aggregate:
    """Counts of finished games, taken in any order, with memory bounded by distinct values."""

    def __init__(  # noqa: PLR0913 - keyword-only
        self,
        *,
        game: str,
        labels: Sequence[str],
        seed: int,
        games: int,
        rotate: bool,
        keep_outcomes: bool,
    ) -> None:
        self._game, self._seed, self._games, self._rotate = game, seed, games, rotate
        groups: dict[str, list[int]] = {}
        for position, label in enumerate(labels):
            groups.setdefault(label if rotate else f"{position}\0{label}", []).append(position)
        self._rows = [
            _Row(label=labels[positions[0]], positions=tuple(positions))
            for positions in groups.values()
        ]
        self._n = len(labels)
        self._share_cache: dict[frozenset[int], tuple[Fraction, ...]] = {}
        self.played = self.total_actions = self.unfinished = 0
        self.faulted = self.lost = 0
        self._faults: list[GameFault] = []
        self._lost: list[GameFault] = []
        self._keep = keep_outcomes
        self._outcomes: list[GameOutcome] = []

    def add(self, played: Played, seed: int) -> None:
        """Count a played game (``played.lineup[seat]`` is the bot position in each seat)."""
        returns = [0] * self._n
        seats = [0] * self._n
        for seat, position in enumerate(played.lineup):
            returns[position] = played.returns[seat]
            seats[position] = seat
        best = max(returns)
        top = frozenset(i for i, value in enumerate(returns) if value == best)
        shares = self._share_cache.get(top)
        if shares is None:
            shares = tuple(
                Fraction(sum(1 for p in row.positions if p in top), len(top) * len(row.positions))
                for row in self._rows
            )
            self._share_cache[top] = shares
        for row, share in zip(self._rows, shares, strict=True):
            row.shares[share] += 1
            row.chip_sums[sum(returns[p] for p in row.positions)] += 1
            for p in row.positions:
                row.chips[returns[p]] += 1
        self.played += 1
        self.total_actions += played.length
        self.unfinished += not played.finished
        if self._keep:
            self._outcomes.append(
                GameOutcome(
                    index=played.index,
                    seed=seed,
                    seats=tuple(seats),
                    returns=tuple(returns),
                    length=played.length,
                    finished=played.finished,
                )
            )

    def add_fault(self, fault: GameFault) -> None:
        """Count a game ended by a fault (``kind == "lost"`` for a lost game)."""
        target = self._lost if fault.kind == "lost" else self._faults
        if fault.kind == "lost":
            self.lost += 1
        else:
            self.faulted += 1
        target.append(fault)
        if len(target) > 2 * FAULT_DETAILS:
            target.sort(key=lambda item: item.index)
            del target[FAULT_DETAILS:]

    def result(self, *, workers: int, elapsed: float, played_now: int) -> SimulationResult:
        """The summary so far."""
        seats = tuple(self._seat(row) for row in self._rows)
        self._faults.sort(key=lambda item: item.index)
        self._lost.sort(key=lambda item: item.index)
        self._outcomes.sort(key=lambda item: item.index)
        return SimulationResult(
            game=self._game,
            games=self._games,
            seed=self._seed,
            rotate=self._rotate,
            seats=seats,
            mean_length=self.total_actions / self.played if self.played else math.nan,
            total_actions=self.total_actions,
            unfinished=self.unfinished,
            played=self.played,
            faulted=self.faulted,
            lost=self.lost,
            missing=self._games - self.played - self.faulted - self.lost,
            faults=tuple(self._faults[:FAULT_DETAILS]),
            lost_games=tuple(self._lost[:FAULT_DETAILS]),
            kept_outcomes=tuple(self._outcomes) if self._keep else None,
            workers=workers,
            elapsed=elapsed,
            played_now=played_now,
        )

    def _seat(self, row: _Row) -> SeatResult:
        m = len(row.positions)
        wins = sorted(value for value, count in row.shares.items() if value and count)
        n = sum(row.shares.values())
        if len(wins) <= 1:
            scale = wins[0] if wins else Fraction(1, m)
            win_rate = wilson(row.shares[scale] if wins else 0, n, scale=float(scale))
        else:
            win_rate = bootstrap_mean(row.shares, seed=row.label)
        chips = Tally(Counter({total / m: count for total, count in row.chip_sums.items()}))
        return SeatResult(
            position=row.positions[0],
            bot=row.label,
            win_rate=win_rate,
            chips=chips.normal(),
            positions=row.positions,
            chip_counts=tuple(sorted(row.chips.items())),
        )
