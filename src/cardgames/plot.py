"""Pictures of simulations and tournaments (extra ``plot``: matplotlib, drawn off-screen).

:func:`simulation_figure_data` and :func:`tournament_figure_data` return the numbers a figure
shows, taken from the result, so that a test can compare them with the summary;
:func:`plot_simulation` and :func:`plot_tournament` draw them to a ``.png`` or ``.svg`` file
with matplotlib's Agg backend (no display needed).
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path
from typing import Any

import attrs

from cardgames.errors import CardgamesError, MissingExtraError

__all__ = [
    "FigureData",
    "MissingPlotExtraError",
    "plot_simulation",
    "plot_tournament",
    "require_matplotlib",
    "simulation_figure_data",
    "tournament_figure_data",
]


class MissingPlotExtraError(MissingExtraError):
    """matplotlib is not installed; the message names the extra to install."""


def require_matplotlib() -> Any:  # noqa: ANN401 - the pyplot module
    """Matplotlib's pyplot on the Agg backend.

    Raises:
        MissingPlotExtraError: the ``plot`` extra is not installed.
    """
    try:  # through importlib: the same types whether or not the extra is installed
        mpl = importlib.import_module("matplotlib")
    except ImportError as error:
        raise MissingPlotExtraError(
            f"plots need the 'plot' extra: pip install 'cardgames-engine[plot]' ({error})"
        ) from None
    mpl.use("Agg")
    return importlib.import_module("matplotlib.pyplot")


@attrs.frozen(kw_only=True)
class FigureData:
    """The numbers a figure shows.

    Attributes:
        labels: One label per bar or row.
        values: The bar heights (win rates or ratings).
        lows: The lower ends of their 95% intervals.
        highs: The upper ends.
        histograms: Per label, (value, count) pairs (simulations: chip results).
        matrix: The heat map's cells (tournaments: the pairwise matrix; None on the diagonal).
    """

    labels: tuple[str, ...]
    values: tuple[float, ...]
    lows: tuple[float, ...]
    highs: tuple[float, ...]
    histograms: tuple[tuple[tuple[int, int], ...], ...] = ()
    matrix: tuple[tuple[float | None, ...], ...] = ()


def simulation_figure_data(result: Any) -> FigureData:  # noqa: ANN401 - a SimulationResult
    """Win rates with their intervals, and each row's chip-result histogram."""
    seats = result.seats
    return FigureData(
        labels=tuple(f"{seat.position}: {seat.bot}" for seat in seats),
        values=tuple(seat.win_rate.mean for seat in seats),
        lows=tuple(seat.win_rate.low for seat in seats),
        highs=tuple(seat.win_rate.high for seat in seats),
        histograms=tuple(seat.chip_counts for seat in seats),
    )


def tournament_figure_data(result: Any) -> FigureData:  # noqa: ANN401 - a TournamentResult
    """Ratings with their intervals (league order), and the pairwise matrix (given order)."""
    rows = result.rows
    return FigureData(
        labels=tuple(row.bot for row in rows),
        values=tuple(row.rating.mean for row in rows),
        lows=tuple(row.rating.low for row in rows),
        highs=tuple(row.rating.high for row in rows),
        matrix=result.pairwise,
    )


def _save(figure: Any, path: str | os.PathLike[str]) -> None:  # noqa: ANN401
    target = Path(path)
    suffix = target.suffix.lower().lstrip(".")
    if suffix not in {"png", "svg"}:
        raise CardgamesError(f"cannot draw {target}: the file must end in .png or .svg")
    figure.savefig(target, format=suffix, dpi=80, bbox_inches="tight", metadata=_metadata(suffix))


def _metadata(suffix: str) -> dict[str, Any]:
    return {"Date": None} if suffix == "svg" else {}


def _bins(values: list[int]) -> list[float] | int:
    """One bin per chip value when they span at most 60, else 40 bins."""
    if not values:
        return 1
    low, high = min(values), max(values)
    if high - low > 60:
        return 40
    return [value - 0.5 for value in range(low, high + 2)]


def plot_simulation(result: Any, path: str | os.PathLike[str]) -> FigureData:  # noqa: ANN401
    """Draw each row's chip-result distribution and the win rates with interval bars.

    Returns:
        The numbers drawn.
    """
    plt = require_matplotlib()
    data = simulation_figure_data(result)
    figure, (hist, bars) = plt.subplots(1, 2, figsize=(9, 3.5))
    try:
        for label, counts in zip(data.labels, data.histograms, strict=True):
            values = [value for value, _ in counts]
            weights = [count for _, count in counts]
            hist.hist(
                values,
                bins=_bins(values),
                weights=weights,
                alpha=0.5,
                label=label,
                histtype="stepfilled",
            )
        hist.set_xlabel("chips per game")
        hist.set_ylabel("games")
        hist.set_title("chip results")
        hist.legend(fontsize="small")
        positions = range(len(data.labels))
        errors = [
            [value - low for value, low in zip(data.values, data.lows, strict=True)],
            [high - value for value, high in zip(data.values, data.highs, strict=True)],
        ]
        bars.bar(positions, data.values, yerr=errors, capsize=4, color="tab:blue")
        bars.set_xticks(list(positions), data.labels, rotation=20, fontsize="small")
        bars.set_ylabel("win rate (95% CI)")
        bars.set_ylim(0, 1)
        bars.set_title(f"{result.game}: {result.played} games")
        _save(figure, path)
    finally:
        plt.close(figure)
    return data


def plot_tournament(result: Any, path: str | os.PathLike[str]) -> FigureData:  # noqa: ANN401
    """Draw the ratings with interval bars and the pairwise matrix as a heat map.

    Returns:
        The numbers drawn.
    """
    plt = require_matplotlib()
    data = tournament_figure_data(result)
    figure, (ratings, heat) = plt.subplots(1, 2, figsize=(9, 3.5))
    try:
        positions = list(range(len(data.labels)))
        errors = [
            [value - low for value, low in zip(data.values, data.lows, strict=True)],
            [high - value for value, high in zip(data.values, data.highs, strict=True)],
        ]
        ratings.errorbar(data.values, positions, xerr=errors, fmt="o", capsize=4)
        ratings.set_yticks(positions, data.labels, fontsize="small")
        ratings.invert_yaxis()
        ratings.set_xlabel("rating (Elo scale, 95% CI)")
        ratings.set_title(f"{result.game}: {result.deals} deals")
        cells = [[float("nan") if v is None else v for v in row] for row in data.matrix]
        image = heat.imshow(cells, vmin=0, vmax=1, cmap="RdBu")
        ticks = list(range(len(result.bots)))
        heat.set_xticks(ticks, result.bots, rotation=30, fontsize="small")
        heat.set_yticks(ticks, result.bots, fontsize="small")
        for a, row in enumerate(data.matrix):
            for b, value in enumerate(row):
                if value is not None:
                    heat.text(b, a, f"{value:.2f}", ha="center", va="center", fontsize="small")
        heat.set_title("row ahead of column")
        figure.colorbar(image, ax=heat)
        _save(figure, path)
    finally:
        plt.close(figure)
    return data
