"""Measure the engines' hot paths next to OpenSpiel's C++ ``crazy_eights`` and ``treys``.

One run takes every figure of the performance page (docs/performance.md): random playouts
(actions per CPU second), ``apply``, ``observe``, ``determinize``, state to and from JSON (next
to the stdlib's ``json.dumps`` and ``json.loads`` of the very same documents), ISMCTS iterations
per second (two-player Sixes and four-player Paiute, 200 iterations per move, random rollouts
to the end of the round; next to the search loop of before issue 12, ``ismcts_reference``, and
to the engine's share of an iteration, ``ismcts_bound``: a sample and a random rollout),
``determinize`` of many observations and of one observation ten times in a row (as a search
samples; for Sixes also next to its code of before issue 12, ``determinize_reference``), the
memory kept per successive state (tracemalloc over a chain of 20,000 states) and the checked
hand evaluation on ``Card`` objects (5 and 6 cards).
With the
optional ``bench`` extra installed (``pip install 'cardgames-engine[bench]'``) the anchors are
measured in the same rounds, interleaved, and the ratios are printed: each ratio's two
measures run back to back in every round, and the ratio is the median over the rounds of
the ratio of those side-by-side batches.

Every figure is CPU time (``time.process_time``), the median of interleaved rounds, timed with
the fixtures built beforehand frozen out of the garbage collector's passes
(``suite.frozen_fixtures``; ``--no-freeze`` leaves them in). Usage::

    python benchmarks/run.py [--rounds 5] [--budget 0.4] [--json results.jsonl] [--smoke]
    python benchmarks/run.py --no-freeze   # the fixtures left in the collector's view
    python benchmarks/run.py --only json --only serialize   # some figures only
    python benchmarks/run.py --modules [--seconds 3]   # the older per-module table

``--smoke`` runs every measure once with a tiny budget (CI uses it; nothing is asserted).
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from machine import describe  # beside this script
from suite import (
    Measure,
    anchor_measures,
    default_games,
    engine_measures,
    evaluate_measures,
    frozen_fixtures,
    median,
    memory_per_state,
    paired,
    paiute_reference_measures,
    sixes_reference_measures,
)

from cardgames.paiute import Paiute, PaiuteConfig

# (numerator, denominator, how to read the ratio): "speed" ratios are > 1 when the engine is
# faster than the anchor; "cost" ratios are the engine's time over the anchor's (or stdlib's).
RATIOS = [
    ("sixes.playouts", "crazy_eights.playouts", "speed"),
    ("paiute.playouts", "crazy_eights.playouts", "speed"),
    ("sixes.apply", "crazy_eights.clone_apply", "cost"),
    ("paiute.apply", "crazy_eights.clone_apply", "cost"),
    ("sixes.observe", "crazy_eights.observation_string", "cost"),
    ("sixes.determinize", "sixes.determinize_reference", "cost"),
    ("sixes.determinize_again", "sixes.determinize_again_reference", "cost"),
    ("paiute.observe", "crazy_eights.observation_string", "cost"),
    ("sixes.to_json", "sixes.json_dumps", "cost"),
    ("paiute.to_json", "paiute.json_dumps", "cost"),
    ("sixes.from_json", "sixes.json_loads", "cost"),
    ("paiute.from_json", "paiute.json_loads", "cost"),
    ("sixes.observation_to_json", "sixes.observation_json_dumps", "cost"),
    ("paiute.observation_to_json", "paiute.observation_json_dumps", "cost"),
    ("sixes.observation_from_json", "sixes.observation_json_loads", "cost"),
    ("paiute.observation_from_json", "paiute.observation_json_loads", "cost"),
    ("sixes.to_json", "crazy_eights.serialize", "cost"),
    ("sixes.from_json", "crazy_eights.deserialize", "cost"),
    ("paiute.determinize", "paiute.determinize_reference", "cost"),
    ("paiute.determinize_again", "paiute.determinize_again_reference", "cost"),
    ("sixes.ismcts", "sixes.ismcts_reference", "speed"),
    ("paiute.ismcts", "paiute.ismcts_reference", "speed"),
    ("sixes.ismcts_bound", "sixes.ismcts_reference", "speed"),
    ("paiute.ismcts_bound", "paiute.ismcts_reference", "speed"),
    ("evaluate.5_cards", "treys.5_cards", "speed"),
    ("evaluate.6_cards", "treys.6_cards", "speed"),
]


def _modules(seconds: float) -> None:
    """The older table: run each ``bench_*.py`` module beside this file for ``seconds``."""
    for path in sorted(Path(__file__).parent.glob("bench_*.py")):
        spec = importlib.util.spec_from_file_location(path.stem, path)
        if spec is None or spec.loader is None:
            continue
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        print(f"\n{path.stem}")
        for name, value in module.run(seconds).items():
            print(f"  {name:<44} {value:>12,.0f}")


def main(argv: list[str] | None = None) -> dict[str, float]:
    """Run the suite, print the figures and ratios, optionally write JSON lines; the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (median)")
    parser.add_argument("--budget", type=float, default=0.4, help="CPU seconds per batch")
    parser.add_argument("--chain", type=int, default=20_000, help="states in the memory chain")
    parser.add_argument("--json", type=Path, help="write one JSON line per figure to this file")
    parser.add_argument("--smoke", action="store_true", help="one tiny round of everything")
    parser.add_argument("--no-anchors", action="store_true", help="skip OpenSpiel and treys")
    parser.add_argument(
        "--require-anchors", action="store_true", help="fail if the bench extra is missing"
    )
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="TEXT",
        help="only the figures whose name holds TEXT (repeatable), such as --only json",
    )
    parser.add_argument(
        "--no-freeze",
        action="store_true",
        help="leave the fixtures in the garbage collector's view while timing (noisier)",
    )
    parser.add_argument("--modules", action="store_true", help="the older per-module table")
    parser.add_argument("--seconds", type=float, default=3.0, help="per module, with --modules")
    args = parser.parse_args(argv)
    machine = describe()
    print(f"machine: {machine}")
    if args.modules:
        _modules(args.seconds)
        return {}
    rounds, budget, chain = (1, 0.01, 500) if args.smoke else (args.rounds, args.budget, args.chain)
    samples, positions, iterations = (20, 1, 5) if args.smoke else (400, 3, 200)
    measures: list[Measure] = []
    games = default_games()
    for label, (game, search_game) in games.items():
        measures += engine_measures(
            label,
            game,
            search_game,
            samples=samples,
            search_positions=positions,
            iterations=iterations,
        )
    measures += sixes_reference_measures(games["sixes"][0], samples)
    measures += paiute_reference_measures(Paiute(PaiuteConfig()), samples)
    measures += evaluate_measures(samples * 5)
    units = {m.name: m.unit for m in measures}
    if not args.no_anchors:
        try:
            anchors = anchor_measures(samples, samples * 5)
        except ImportError as error:
            if args.require_anchors:
                raise
            print(f"anchors skipped ({error}): pip install 'cardgames-engine[bench]'")
        else:
            measures += anchors
            units.update({m.name: m.unit for m in anchors})
    if args.only:
        measures = [m for m in measures if _selected(m.name, args.only)]
    with frozen_fixtures(enabled=not args.no_freeze):
        figures, ratios = paired(measures, RATIOS, rounds, budget)
    results = {name: median(values) for name, values in figures.items()}
    for label, (game, _) in games.items():
        name = f"{label}.memory_per_state"
        if args.only and not _selected(name, args.only):
            continue
        results[name] = memory_per_state(game, chain)
        figures[name] = [results[name]]
        units[name] = "bytes"
    _report(results, figures, ratios, units, machine, args.json, frozen=not args.no_freeze)
    return results


def _selected(name: str, only: list[str]) -> bool:
    """Whether the figure ``name`` is one that ``--only`` asks for."""
    return any(text in name for text in only)


def _report(  # noqa: PLR0913, PLR0917 - what one run measured, and where it goes
    results: dict[str, float],
    figures: dict[str, list[float]],
    ratios: dict[tuple[str, str], list[float]],
    units: dict[str, str],
    machine: str,
    path: Path | None,
    *,
    frozen: bool,
) -> None:
    """Print the figures and the ratios; append them as JSON lines to ``path`` if given.

    A ratio is the median over the rounds of the ratio of its two measures' batches taken
    back to back (:func:`suite.paired`), not the ratio of their medians. Each line says
    whether the fixtures were frozen out of the garbage collector's passes (``gc_frozen``).
    """
    date = dt.datetime.now(tz=dt.UTC).isoformat(timespec="seconds")
    lines: list[dict[str, Any]] = []
    for name, value in results.items():
        print(f"  {name:<34} {value:>14,.2f} {units[name]}")
        lines.append({"name": name, "value": value, "unit": units[name], "rounds": figures[name]})
    print("ratios (speed: > 1 is faster than the anchor; cost: time over the anchor's time)")
    for numerator, denominator, kind in RATIOS:
        rounds = ratios.get((numerator, denominator))
        if rounds:
            ratio = median(rounds)
            print(f"  {numerator} / {denominator:<32} {ratio:8.2f}x {kind}")
            lines.append(
                {
                    "name": f"{numerator}/{denominator}",
                    "value": ratio,
                    "unit": f"x {kind}",
                    "rounds": rounds,
                }
            )
    if path is not None:
        with path.open("a", encoding="utf-8") as out:
            for line in lines:
                # whole flushed lines: an interrupted run leaves the file valid JSON lines
                record = {**line, "machine": machine, "date": date, "gc_frozen": frozen}
                out.write(json.dumps(record) + "\n")
                out.flush()


if __name__ == "__main__":
    main()
