"""Benchmark the Paiute hand evaluator: evaluations and call_options per second.

Hands are generated before timing, from a fixed seed. The "mixed" hands have 5 or 6 cards
(half each) holding 0, 1, 2 or 3 wild cards (a quarter each), so the wild-card paths are
exercised far more than in play; the "dealt" hands are drawn at random from the 51 cards left
after the wild indicator is turned (P6), as in a real deal. The "public" rates call the checked
API (:func:`~cardgames.paiute.hands.evaluate`, :func:`~cardgames.paiute.hands.call_options`)
with Card objects and a Rank, as a user does; the others call the unchecked index functions.
Each measurement runs its timed loop for about ``seconds`` and reports calls per second.

Run it as a script (``python benchmarks/bench_paiute_eval.py [seconds]``) or call
:func:`run`.
"""

from __future__ import annotations

import platform
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from cardgames.cards import Card, Rank
from cardgames.paiute.hands import (
    call_options,
    call_options_indices,
    evaluate,
    evaluate_indices,
)

Hand = tuple[tuple[int, ...], int]
"""Card indices and a wild rank value."""

_HANDS = 20_000
T = TypeVar("T")
W = TypeVar("W")


def mixed_hands(rng: random.Random, count: int, sizes: Sequence[int] = (5, 6)) -> list[Hand]:
    """Hands of the given sizes with 0-3 wilds, equally often."""
    hands = []
    for _ in range(count):
        wild = rng.randrange(2, 15)
        wild_cards = [(wild - 2) * 4 + suit for suit in range(4)]
        others = [index for index in range(52) if index not in wild_cards]
        size = rng.choice(sizes)
        wilds = rng.randrange(4)
        cards = rng.sample(wild_cards, wilds) + rng.sample(others, size - wilds)
        rng.shuffle(cards)
        hands.append((tuple(cards), wild))
    return hands


def dealt_hands(rng: random.Random, count: int, sizes: Sequence[int] = (5, 6)) -> list[Hand]:
    """Hands drawn from a deck without the wild indicator card."""
    hands = []
    for _ in range(count):
        indicator = rng.randrange(52)
        deck = [index for index in range(52) if index != indicator]
        hands.append((tuple(rng.sample(deck, rng.choice(sizes))), indicator // 4 + 2))
    return hands


def _rate(call: Callable[[T, W], object], hands: list[tuple[T, W]], seconds: float) -> float:
    """Calls per second of ``call`` over ``hands``, looping for about ``seconds``."""
    done = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for cards, wild in hands:
            call(cards, wild)
        done += len(hands)
        now = time.perf_counter()
        if now >= deadline:
            return done / (now - start)


def run(seconds: float = 1.0) -> dict[str, float]:
    """Measure every rate for about ``seconds`` each; returns calls per second by name."""
    rng = random.Random(20261130)
    mixed = mixed_hands(rng, _HANDS)
    dealt = dealt_hands(rng, _HANDS)
    six = mixed_hands(rng, _HANDS, sizes=(6,))
    six_dealt = dealt_hands(rng, _HANDS, sizes=(6,))
    public = _as_cards(mixed)
    public_dealt = _as_cards(dealt)
    public_six = _as_cards(six)

    return {
        "evaluate_indices mixed 5/6 cards, 0-3 wilds": _rate(evaluate_indices, mixed, seconds),
        "evaluate_indices dealt 5/6 cards": _rate(evaluate_indices, dealt, seconds),
        "call_options_indices 6 cards, 0-3 wilds": _rate(call_options_indices, six, seconds),
        "call_options_indices dealt 6 cards": _rate(call_options_indices, six_dealt, seconds),
        "evaluate public, mixed 5/6 cards": _rate(evaluate, public, seconds),
        "evaluate public, dealt 5/6 cards": _rate(evaluate, public_dealt, seconds),
        "evaluate public, Card(...) objects": _rate(evaluate, _rebuilt(public[:2000]), seconds),
        "call_options public, 6 cards": _rate(call_options, public_six, seconds),
    }


def _as_cards(hands: list[Hand]) -> list[tuple[tuple[Card, ...], Rank]]:
    """The same hands as the public API takes them: the library's cards and a Rank."""
    return [(tuple(map(Card.from_index, cards)), Rank(wild)) for cards, wild in hands]


def _rebuilt(
    hands: list[tuple[tuple[Card, ...], Rank]],
) -> list[tuple[tuple[Card, ...], Rank]]:
    """Equal cards built with ``Card(rank, suit)``, not the library's own: valued the same way."""
    return [(tuple(Card(card.rank, card.suit) for card in cards), wild) for cards, wild in hands]


def import_seconds(module: str = "cardgames.paiute", repeats: int = 5) -> tuple[float, float]:
    """Import ``module`` in fresh interpreters (``python -X importtime``).

    Returns:
        The best total wall time of the import, and the best time spent in the hand
        evaluator's own modules (``cardgames.paiute.hands`` and the tables it builds with
        ``cardgames.paiute._hand_tables``), in seconds.
    """
    best_total = best_hands = float("inf")
    for _ in range(repeats):
        result = subprocess.run(  # noqa: S603
            [sys.executable, "-X", "importtime", "-c", f"import {module}"],
            capture_output=True,
            text=True,
            check=True,
        )
        rows = [line.split("|") for line in result.stderr.splitlines() if "|" in line]
        hands = sum(
            int(own.split(":")[1])
            for own, _cumulative, name in rows[1:]
            if name.strip() in {"cardgames.paiute.hands", "cardgames.paiute._hand_tables"}
        )
        best_hands = min(best_hands, hands / 1e6)
        best_total = min(best_total, int(rows[-1][1]) / 1e6)
    return best_total, best_hands


def machine() -> str:
    """A one-line description of the machine and the interpreter."""
    cpu = platform.processor() or platform.machine()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    return (
        f"{cpu}, {platform.system()} {platform.release()}, "
        f"{platform.python_implementation()} {platform.python_version()}"
    )


def main(argv: Sequence[str]) -> None:
    """Print the machine, the rates and the import times."""
    seconds = float(argv[1]) if len(argv) > 1 else 1.0
    print(f"machine: {machine()}")
    for name, rate in run(seconds).items():
        print(f"{name:45s} {rate:>12,.0f} /s   {1e6 / rate:6.2f} µs each")
    total, hands = import_seconds()
    print(
        f"import cardgames.paiute: {total * 1000:.1f} ms, of which the hand evaluator "
        f"{hands * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main(sys.argv)
