"""How strong the bots are: a duplicate-deal tournament for every pair, heads-up and full table.

For each game (Sixes, one round a game; Paiute, one deal, ``max_turns=100``, P21), each table
size (heads-up and the game's default) and each pair of bots (A, B), a
:func:`~cardgames.tournament.tournament` between the two plays every deal once per rotation of
the seats (duplicate deals): heads-up A and B swap seats; at a larger table they alternate
(A, B, A, B, ...) and the rotations move every seat round. A bot's win rate is its share of
the seat-games it won (ties split, so the fair share is 1/players); its chips are its mean
chip result per seat-game. The intervals are the tournament's percentile bootstrap over
deals, which accounts for the games of one deal being played on the same cards.

The pairs that decide the strength targets come first (the strongest bot of each game against
the heuristic); each finished pair is appended to a JSON-lines file as one whole flushed line,
so an interrupted run keeps what it finished and ``--summarize`` prints the table so far::

    python benchmarks/strength.py --out strength.jsonl
    python benchmarks/strength.py --summarize strength.jsonl

``--field B`` plays each bot alone against a field of B instead: one seat of A and every other
seat B (``players - 1`` separately labelled copies of B, a tournament of format
``all-seats``), each deal once per rotation, so A holds one seat of every game and moves
through all of them. A bot that made exactly B's moves would then win exactly ``1/players``
of the games of every deal, so the interval comes only from where A plays differently; the
field's win rate and chips per seat are A's complement shared out (both games are zero-sum,
and ties split the win)::

    python benchmarks/strength.py --games-of sixes --sizes 5 --target-games 15000 \
        --targets-only --field heuristic --seed 31 --out field.jsonl

``--cpu`` instead measures each bot's CPU seconds per decision (decisions with more than one
legal action, against the heuristic in every other seat, in this process): the mean, the 90th
percentile and the slowest decision, since the targets' budget is per move; with ``--pair`` it
times the bots of those pairs instead of the table's.

It is a long run, not part of CI.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from cardgames.bots import BotSpec, build_bot
from cardgames.game import Game
from cardgames.paiute import Paiute, PaiuteConfig
from cardgames.simulation.stats import Estimate
from cardgames.sixes import Sixes, SixesConfig
from cardgames.tournament import tournament

EXPERT = "cardgames.paiute.expert:expert_bot"
"""The Paiute expert (:class:`~cardgames.paiute.expert.PaiuteExpertBot`), by import string."""

ENTRANTS: dict[str, tuple[str, ...]] = {
    "paiute": ("random", "heuristic", "ismcts", EXPERT),
    "sixes": ("random", "heuristic", "ismcts"),
}
"""The bots of each game's table: the library's three, and Paiute's odds-based expert."""

STRONGEST: dict[str, str] = {"paiute": EXPERT, "sixes": "ismcts"}
"""The strongest bot of each game: its pair with the heuristic is played first."""

NAMES: dict[str, str] = {EXPERT: "expert"}
"""Short names for the table."""


def make_game(name: str, players: int) -> Game[Any, Any, Any]:
    """The game as the table plays it: a Sixes round, or a Paiute deal with a turn limit."""
    if name == "sixes":
        return Sixes(SixesConfig(num_players=players, max_rounds=1))
    return Paiute(PaiuteConfig(num_players=players, max_turns=100))


def table_sizes(name: str, sizes: Sequence[str]) -> list[int]:
    """The player counts of ``sizes`` ("2", "default", ...) for game ``name``."""
    defaults = {"sixes": SixesConfig().num_players, "paiute": PaiuteConfig().num_players}
    return [defaults[name] if size == "default" else int(size) for size in sizes]


def pairs(name: str) -> list[tuple[str, str]]:
    """Every pair of the game's entrants, the stronger-looking bot first."""
    order = {"ismcts": 0, EXPERT: 1, "heuristic": 2, "random": 3}
    return [
        (first, other) if order[first] <= order[other] else (other, first)
        for first, other in itertools.combinations(ENTRANTS[name], 2)
    ]


def cost(name: str, pair: tuple[str, str]) -> int:
    """The order pairs are played in: the targets first, the cheap ones next, search last."""
    if pair == (STRONGEST[name], "heuristic") or pair == ("heuristic", STRONGEST[name]):
        return 0
    if "ismcts" not in pair:
        return 1
    return 2 if name == "sixes" else 3 + (pair != ("ismcts", "heuristic"))


class FieldSeat:
    """One seat of a field: the bot ``spec`` under its own label (``spec#seat``).

    A tournament needs a distinct label for each entrant, so each copy of the field's bot is
    one of these (a module-level class, so worker processes can receive it).
    """

    def __init__(self, spec: str, seat: int) -> None:
        self.spec = spec
        self.__name__ = f"{spec}#{seat}"

    def __call__(self, game: Game[Any, Any, Any], seed: int) -> Any:  # noqa: ANN401 - any bot
        """The field's bot for ``game``, seeded."""
        return build_bot(self.spec, game, seed)


def estimate_json(estimate: Estimate) -> list[float]:
    """An estimate as [mean, low, high]."""
    return [estimate.mean, estimate.low, estimate.high]


def complement(estimate: Estimate) -> list[float]:
    """An estimate as [mean, high, low]: mapped by a decreasing function, it reads low to high."""
    return [estimate.mean, estimate.high, estimate.low]


def play_pair(  # noqa: PLR0913 - one keyword per setting of the run
    name: str,
    players: int,
    first: str,
    other: str,
    *,
    games: int,
    seed: int,
    workers: int,
    field: bool = False,
) -> dict[str, Any]:
    """The tournament of ``first`` against ``other``: at least ``games`` games, as a record.

    With ``field``, ``first`` holds one seat and ``other`` every other seat (see the module's
    description); the record's ``b_win`` and ``b_chips`` are then per seat of the field.
    """
    game = make_game(name, players)
    deals = math.ceil(games / players)
    if field:
        seats = [FieldSeat(other, seat) for seat in range(1, players)]
        result = tournament(
            game,
            [first, *seats],
            deals=deals,
            seed=seed,
            workers=workers,
            progress=False,
            format="all-seats",
        )
        row = next(row for row in result.rows if row.bot == result.bots[0])
        share = players - 1
        return {
            "game": name,
            "players": players,
            "a": first,
            "b": other,
            "format": "field",
            "deals": deals,
            "games": result.games,
            "seed": seed,
            "a_win": estimate_json(row.win_rate),
            "a_chips": estimate_json(row.chips),
            "b_win": [(1 - value) / share for value in complement(row.win_rate)],
            "b_chips": [-value / share for value in complement(row.chips)],
            "faulted": result.faulted + result.lost,
            "elapsed": result.elapsed,
        }
    result = tournament(
        game, [first, other], deals=deals, seed=seed, workers=workers, progress=False
    )
    rows = {row.bot: row for row in result.rows}
    labels = result.bots
    return {
        "game": name,
        "players": players,
        "a": first,
        "b": other,
        "deals": deals,
        "games": result.games,
        "seed": seed,
        "a_win": estimate_json(rows[labels[0]].win_rate),
        "a_chips": estimate_json(rows[labels[0]].chips),
        "b_win": estimate_json(rows[labels[1]].win_rate),
        "b_chips": estimate_json(rows[labels[1]].chips),
        "faulted": result.faulted + result.lost,
        "elapsed": result.elapsed,
    }


def play_timed(  # noqa: PLR0913 - the play, and what to observe of it
    game: Game[Any, Any, Any],
    bots: Sequence[Any],
    seat: int,
    state: Any,  # noqa: ANN401 - a state of the game
    *,
    before_choice: Callable[[Any], None] | None = None,
    times: list[float] | None = None,
) -> tuple[Any, float, int]:
    """Play ``state`` to the end with ``bots``, timing ``seat``'s decisions with a choice.

    Returns the final state, the CPU seconds of those decisions and their number;
    ``before_choice`` sees the state before each of them (a measurement may need it), and
    ``times``, when given, gets each one's CPU seconds appended.
    """
    seconds, decisions = 0.0, 0
    while not game.is_terminal(state):
        player = game.current_player(state)
        assert player is not None
        actions = game.legal_actions(state)
        observation = game.observe(state, player)
        if player == seat and len(actions) > 1:
            if before_choice is not None:
                before_choice(state)
            start = time.process_time()
            action = bots[player].choose(observation, actions)
            spent = time.process_time() - start
            seconds += spent
            decisions += 1
            if times is not None:
                times.append(spent)
        else:
            action = bots[player].choose(observation, actions)
        state = game.apply(state, action)
    return state, seconds, decisions


@attrs.frozen
class CpuProfile:
    """A bot's CPU seconds per decision with a choice: the mean, the 90th percentile, the most.

    The budget of the strength targets is per move, so the slowest decisions count as well as
    the mean: a bot can be cheap on average (quick draws) and over the budget on its costly
    moves (a Paiute discard that runs races).
    """

    decisions: int
    mean: float
    p90: float
    most: float

    @classmethod
    def of(cls, times: Sequence[float]) -> CpuProfile:
        """The profile of the CPU seconds ``times`` (all zero when there are none)."""
        if not times:
            return cls(0, 0.0, 0.0, 0.0)
        ordered = sorted(times)
        # the nearest-rank 90th percentile: the smallest time with 90% of the times at or below
        rank = max(math.ceil(0.9 * len(ordered)), 1)
        return cls(len(ordered), sum(ordered) / len(ordered), ordered[rank - 1], ordered[-1])


def cpu_profile(name: str, players: int, bot: str, *, deals: int, seed: int) -> CpuProfile:
    """``bot``'s CPU seconds per decision against the heuristic in every other seat.

    Decisions with one legal action are not counted (every bot answers them at once).
    """
    game = make_game(name, players)
    times: list[float] = []
    for deal, seat in itertools.product(range(deals), range(players)):
        stream = random.Random(f"strength-cpu:{seed}:{deal}:{seat}")
        bots = [
            build_bot(
                BotSpec.parse(bot if s == seat else "heuristic"), game, stream.getrandbits(63)
            )
            for s in range(players)
        ]
        state = game.initial_state(seed * 1_000_003 + deal)
        play_timed(game, bots, seat, state, times=times)
    return CpuProfile.of(times)


def cpu_per_move(name: str, players: int, bot: str, *, deals: int, seed: int) -> float:
    """``bot``'s mean CPU seconds per decision (:func:`cpu_profile`'s mean)."""
    return cpu_profile(name, players, bot, deals=deals, seed=seed).mean


def _interval(values: Sequence[float], digits: int, *, signed: bool = False) -> str:
    mean, low, high = values
    sign = "+" if signed else ""
    return f"{mean:{sign}.{digits}f} ({low:{sign}.{digits}f} to {high:{sign}.{digits}f})"


def format_row(record: dict[str, Any]) -> str:
    """A markdown table row of one pair."""
    a, b = (NAMES.get(record[key], record[key]) for key in ("a", "b"))
    if record.get("format") == "field":
        b = f"{record['players'] - 1} {b}"
    seed = f", seed {record['seed']}" if record.get("seed") else ""
    return (
        f"| {record['game']} | {record['players']} | {a} vs {b} | {record['games']} "
        f"({record['deals']} deals{seed}) | {_interval(record['a_win'], 3)} "
        f"| {_interval(record['a_chips'], 2, signed=True)} | {_interval(record['b_win'], 3)} "
        f"| {_interval(record['b_chips'], 2, signed=True)} |"
    )


HEADER = (
    "| game | players | A vs B | games | win rate of A (95%) | chips of A (95%) "
    "| win rate of B (95%) | chips of B (95%) |\n"
    "| --- | --- | --- | --- | --- | --- | --- | --- |"
)


def print_cpu(args: argparse.Namespace) -> None:
    """Print each bot's CPU seconds per decision: the table's bots, or those of ``--pair``."""
    print(
        "| game | players | bot | CPU s per decision | 90th percentile | slowest | decisions |\n"
        "| --- | --- | --- | --- | --- | --- | --- |"
    )
    for name in args.games_of:
        for players in table_sizes(name, args.sizes):
            timed = ENTRANTS[name]
            if args.pair:  # only the bots of the pairs asked for
                timed = tuple(dict.fromkeys(bot for pair in args.pair for bot in pair))
            for bot in timed:
                cpu = cpu_profile(name, players, bot, deals=args.cpu, seed=args.seed)
                print(
                    f"| {name} | {players} | {NAMES.get(bot, bot)} | {cpu.mean:.6f} "
                    f"| {cpu.p90:.6f} | {cpu.most:.6f} | {cpu.decisions} |"
                )


def main(argv: Sequence[str] | None = None) -> int:
    """Play every pair (appending a JSON line per pair), or summarize, or time the bots."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pair (default 200)")
    parser.add_argument(
        "--target-games",
        type=int,
        default=400,
        help="games of the strongest bot against the heuristic (default 400)",
    )
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    parser.add_argument("--games-of", nargs="*", default=["paiute", "sixes"], help="games")
    parser.add_argument("--sizes", nargs="*", default=["2", "default"], help="table sizes")
    parser.add_argument("--targets-only", action="store_true", help="only the target pairs")
    parser.add_argument(
        "--pair",
        nargs=2,
        action="append",
        metavar=("A", "B"),
        help="play only these pairs (repeatable), e.g. --pair ismcts:prior=none heuristic",
    )
    parser.add_argument(
        "--field",
        metavar="B",
        help="play each planned pair with B as the other bot alone against B in every other seat",
    )
    parser.add_argument("--out", default="strength.jsonl", help="per-pair records (appended)")
    parser.add_argument("--summarize", metavar="FILE", help="only print the table of FILE")
    parser.add_argument("--cpu", type=int, metavar="DEALS", help="only time each bot")
    args = parser.parse_args(argv)
    if args.summarize:
        with open(args.summarize, encoding="utf-8") as stream:  # noqa: PTH123
            records = [json.loads(line) for line in stream if line.strip()]
        print(HEADER)
        for record in records:
            print(format_row(record))
        return 0
    if args.cpu:
        print_cpu(args)
        return 0
    plan = sorted(
        (
            (cost(name, pair), name, players, pair)
            for name in args.games_of
            for players in table_sizes(name, args.sizes)
            for pair in pairs(name)
        ),
        key=lambda item: item[0],
    )
    if args.targets_only:
        plan = [item for item in plan if item[0] == 0]
    if args.pair:
        plan = [
            (1, name, players, (first, other))
            for first, other in args.pair
            for name in args.games_of
            for players in table_sizes(name, args.sizes)
        ]
    if args.field:
        plan = [
            (priority, name, players, (other if first == args.field else first, args.field))
            for priority, name, players, (first, other) in plan
            if args.field in (first, other)
        ]
    with open(args.out, "a", encoding="utf-8") as stream:  # noqa: PTH123
        for priority, name, players, (first, other) in plan:
            record = play_pair(
                name,
                players,
                first,
                other,
                games=args.target_games if priority == 0 else args.games,
                seed=args.seed,
                workers=args.workers,
                field=bool(args.field),
            )
            stream.write(json.dumps(record) + "\n")
            stream.flush()
            print(format_row(record), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
