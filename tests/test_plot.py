"""Plots of simulations and tournaments: valid files whose numbers are the summary's."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from extras import require

require("matplotlib", extra="plot")

from cardgames import plot  # noqa: E402 - after the extra check
from cardgames.cli import main  # noqa: E402
from cardgames.errors import CardgamesError  # noqa: E402
from cardgames.simulation import simulate  # noqa: E402
from cardgames.sixes import Sixes, SixesConfig  # noqa: E402
from cardgames.tournament import tournament  # noqa: E402

TWO = Sixes(SixesConfig(num_players=2, max_rounds=1))
PNG = b"\x89PNG\r\n\x1a\n"


def _parse_svg(path: str | Path) -> None:
    """Parse our own SVG file (written by this test, so trusted) and check its root."""
    import xml.etree.ElementTree as ET

    root = ET.parse(path).getroot()  # noqa: S314 - a file this test just wrote
    assert root.tag.endswith("svg")


def test_simulation_plot_shows_the_summary(tmp_path: Path) -> None:
    """Simulation plot: a PNG and an SVG; the bars and histograms are the result's numbers."""
    result = simulate(TWO, ["heuristic", "random"], games=60, seed=2, workers=1)
    png = plot.plot_simulation(result, tmp_path / "sim.png")
    assert (tmp_path / "sim.png").read_bytes().startswith(PNG)
    svg = plot.plot_simulation(result, tmp_path / "sim.svg")
    _parse_svg(tmp_path / "sim.svg")
    assert png == svg == plot.simulation_figure_data(result)
    assert png.values == tuple(seat.win_rate.mean for seat in result.seats)
    assert png.lows == tuple(seat.win_rate.low for seat in result.seats)
    assert png.highs == tuple(seat.win_rate.high for seat in result.seats)
    for counts in png.histograms:
        assert sum(count for _, count in counts) == result.played
    mean = sum(value * count for value, count in png.histograms[0]) / result.played
    assert mean == pytest.approx(result.seats[0].chips.mean)


def test_tournament_plot_shows_ratings_and_matrix(tmp_path: Path) -> None:
    """Tournament plot: ratings with intervals in league order, the pairwise heat map."""
    result = tournament(TWO, ["random", "heuristic"], deals=10, seed=1, workers=1)
    data = plot.plot_tournament(result, tmp_path / "t.svg")
    _parse_svg(tmp_path / "t.svg")
    assert data.labels == ("heuristic", "random")
    assert data.values == tuple(row.rating.mean for row in result.rows)
    assert data.lows[0] < data.values[0] < data.highs[0]
    assert data.matrix == result.pairwise
    plot.plot_tournament(result, tmp_path / "t.png")
    assert (tmp_path / "t.png").read_bytes().startswith(PNG)


def test_plot_refuses_other_formats(tmp_path: Path) -> None:
    """A plot file must be .png or .svg."""
    result = simulate(TWO, ["random", "random"], games=4, workers=1)
    with pytest.raises(CardgamesError, match=r"\.png or \.svg"):
        plot.plot_simulation(result, tmp_path / "x.pdf")


def test_plot_options_of_the_commands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """--plot on simulate and tournament writes the picture after the table."""
    monkeypatch.chdir(tmp_path)
    base = ["--players", "2", "--set", "max_rounds=1", "--workers", "1", "--no-progress"]
    assert main(["simulate", "sixes", *base, "--games", "10", "--plot", "s.png"]) == 0
    argv = ["tournament", "sixes", *base, "--bots", "random,heuristic", "--deals", "3"]
    assert main([*argv, "--plot", "t.svg"]) == 0
    out = capsys.readouterr().out
    assert "plot: s.png" in out
    assert "plot: t.svg" in out
    assert Path("s.png").read_bytes().startswith(PNG)
    _parse_svg("t.svg")


def test_a_missing_matplotlib_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without matplotlib, the error names the plot extra."""
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(plot.MissingPlotExtraError, match=r"cardgames-engine\[plot\]"):
        plot.require_matplotlib()
