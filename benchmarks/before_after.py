"""Sixes before and after a change, in one run: an older checkout's engine next to this one's.

Usage (``OLD_SRC`` is the ``src`` folder of an older checkout, e.g. from ``git worktree add``)::

    python benchmarks/before_after.py OLD_SRC [--rounds 5] [--budget 0.25]

Both engines are imported into one process (the older one under the module names
``before_cardgames...``) and measured by the same tasks as ``run.py`` (random playouts,
``apply``, ``observe``, ``determinize`` of many observations and of one observation ten times,
ISMCTS with 200 iterations a move and random rollouts in two-player Sixes, and the engine's
share of an ISMCTS iteration), interleaved round by round with OpenSpiel's ``crazy_eights``
when the ``bench`` extra is installed. On a shared machine the ratios of figures taken in the
same rounds are the ones to compare.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

_HERE = Path(__file__).parent


def _import_before(old_src: Path) -> ModuleType:
    """``cardgames.sixes`` of ``old_src``, left in ``sys.modules`` under ``before_`` names."""
    for name in [n for n in sys.modules if n == "cardgames" or n.startswith("cardgames.")]:
        del sys.modules[name]  # nothing of this checkout's engine may be reused by the old one
    sys.path.insert(0, str(old_src))
    try:
        import cardgames.sixes as old

        for name in [n for n in sys.modules if n == "cardgames" or n.startswith("cardgames.")]:
            sys.modules["before_" + name] = sys.modules.pop(name)
    finally:
        sys.path.remove(str(old_src))
    return old


def _measures(label: str, sixes: Any, suite: Any) -> list[Any]:  # noqa: ANN401 - modules
    """The suite's Sixes tasks for the engine of the module ``sixes``, named ``label.*``."""
    game = sixes.Sixes(sixes.SixesConfig())
    search_game = sixes.Sixes(sixes.SixesConfig(num_players=2))
    states = suite.trajectory_states(game, 400)
    rng = random.Random(1)
    pairs = [
        (s, legal[rng.randrange(len(legal))]) for s in states for legal in [game.legal_actions(s)]
    ]
    seats = [(s, s.to_play) for s in states]
    observations = [game.observe(s, p) for s, p in seats]
    again = [o for o in observations[::10] for _ in range(10)]
    search_states = [
        s
        for s in suite.trajectory_states(search_game, 120, seed=7)
        if len(search_game.legal_actions(s)) > 1
    ][::20][:3]
    apply, observe, determinize = game.apply, game.observe, game.determinize
    measure, cycle = suite.Measure, suite._cycle  # noqa: SLF001 - the suite's own helper
    return [
        measure(f"{label}.playouts", "actions/s", suite.playouts(game)),
        measure(f"{label}.apply", "µs", cycle(pairs, lambda p: apply(*p)), per_unit=True),
        measure(f"{label}.observe", "µs", cycle(seats, lambda p: observe(*p)), per_unit=True),
        measure(
            f"{label}.determinize",
            "µs",
            cycle(observations, lambda o: determinize(o, rng)),
            per_unit=True,
        ),
        measure(
            f"{label}.determinize_again",
            "µs",
            cycle(again, lambda o: determinize(o, rng)),
            per_unit=True,
        ),
        measure(
            f"{label}.ismcts", "iterations/s", suite.search_task(search_game, search_states, 200)
        ),
        measure(
            f"{label}.ismcts_bound",
            "iterations/s",
            suite.search_bound_task(search_game, search_states, 200),
        ),
    ]


def main(argv: list[str] | None = None) -> dict[str, float]:
    """Measure both engines in the same rounds; print the figures and the before/after ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old_src", type=Path, help="the src folder of the older checkout")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (median)")
    parser.add_argument("--budget", type=float, default=0.25, help="CPU seconds per batch")
    args = parser.parse_args(argv)
    old = _import_before(args.old_src.resolve())
    sys.path.insert(0, str(_HERE))
    import suite

    import cardgames.sixes as new

    measures = _measures("before", old, suite) + _measures("after", new, suite)
    try:
        anchors = [
            m
            for m in suite.anchor_measures(400, 2000)
            if m.name in {"crazy_eights.playouts", "crazy_eights.clone_apply"}
            or m.name == "crazy_eights.observation_string"
        ]
    except ImportError as error:
        print(f"anchors skipped ({error}): pip install 'cardgames-engine[bench]'")
        anchors = []
    # each figure's before and after side by side in the round
    ordered = sorted(measures, key=lambda m: (m.name.split(".", 1)[1], m.name)) + anchors
    results = {
        k: suite.median(v) for k, v in suite.interleaved(ordered, args.rounds, args.budget).items()
    }
    for name, value in results.items():
        print(f"  {name:34} {value:14,.2f}")
    for name in ("playouts", "ismcts", "ismcts_bound"):
        print(
            f"  {name}: after / before {results[f'after.{name}'] / results[f'before.{name}']:.2f}x"
        )
    for name in ("apply", "observe", "determinize", "determinize_again"):
        ratio = results[f"before.{name}"] / results[f"after.{name}"]
        print(f"  {name}: {ratio:.2f}x as fast as before")
    for name, anchor, kind in (
        ("playouts", "crazy_eights.playouts", "speed"),
        ("apply", "crazy_eights.clone_apply", "cost"),
        ("observe", "crazy_eights.observation_string", "cost"),
    ):
        if anchor in results:
            before = results[f"before.{name}"] / results[anchor]
            after = results[f"after.{name}"] / results[anchor]
            print(f"  {name} / {anchor} ({kind}): before {before:.2f}x, after {after:.2f}x")
    return results


if __name__ == "__main__":
    main()
