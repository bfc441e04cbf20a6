"""How strong the bots are: win rate and chips for each pair, with intervals over shared deals.

For each game (Sixes, one round a game; Paiute, one deal, ``max_turns=100``, P21), each table
size (heads-up and the game's default) and each pair of bots (A, B), A plays against B in
every other seat. Every deal is played once with A in each seat (seats rotated over the same
deals), so no bot keeps a seat's or a deal's advantage. A's result in one game: its share of
the win (``1/k`` when it ties ``k`` seats for the best chip result) and its chips.

The 95% intervals treat the **deal** as the unit: A's results are first averaged over the
rotations of a deal, then the mean and its normal interval (mean ± 1.96 standard errors) are
taken over deals, so the correlation between games of one deal is accounted for. CPU seconds
per move are A's own ``choose`` time (this process's CPU clock) over A's decisions with more
than one legal move.

It is a long run, not part of CI. The deals of all rows are interleaved, and each finished
deal is appended to a JSON-lines file as one whole flushed line, so an interrupted run keeps
what it finished and ``--summarize`` prints the table so far::

    python benchmarks/strength.py --deals 100 --workers 2 --out strength.jsonl
    python benchmarks/strength.py --summarize strength.jsonl

The first pairs are the strong bot against the heuristic (the target of the table), then the
others.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from cardgames.bots import BotSpec, build_bot
from cardgames.game import Game, winners
from cardgames.paiute import Paiute, PaiuteConfig
from cardgames.sixes import Sixes, SixesConfig

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""

PAIRS: tuple[tuple[str, str], ...] = (
    ("ismcts", "heuristic"),
    ("ismcts", "random"),
    ("heuristic", "random"),
    ("ismcts:rollout=random:prior=none", "heuristic"),
)
"""(A, B) pairs, most important first; the last is the plain ISMCTS of earlier versions."""


def make_game(name: str, players: int) -> Game[Any, Any, Any]:
    """The game as the table plays it: a Sixes round, or a Paiute deal with a turn limit."""
    if name == "sixes":
        return Sixes(SixesConfig(num_players=players, max_rounds=1))
    return Paiute(PaiuteConfig(num_players=players, max_turns=100))


def play_deal(job: tuple[str, int, str, str, int]) -> tuple[list[float], list[float], float, int]:
    """Play one deal once per seat of A: A's win shares, chips, choose CPU time, decisions."""
    name, players, first, other, deal = job
    game = make_game(name, players)
    wins: list[float] = []
    chips: list[float] = []
    seconds, decisions = 0.0, 0
    for seat in range(players):
        stream = random.Random(f"strength:{deal}:{seat}")
        bots = [
            build_bot(BotSpec.parse(first if s == seat else other), game, stream.getrandbits(63))
            for s in range(players)
        ]
        state = game.initial_state(deal)
        while not game.is_terminal(state):
            player = game.current_player(state)
            assert player is not None
            actions = game.legal_actions(state)
            observation = game.observe(state, player)
            if player == seat and len(actions) > 1:
                start = time.process_time()
                action = bots[player].choose(observation, actions)
                seconds += time.process_time() - start
                decisions += 1
            else:
                action = bots[player].choose(observation, actions)
            state = game.apply(state, action)
        returns = game.returns(state)
        best = winners(returns)
        wins.append(1 / len(best) if seat in best else 0.0)
        chips.append(float(returns[seat]))
    return wins, chips, seconds, decisions


def clustered(per_deal: Sequence[Sequence[float]]) -> tuple[float, float]:
    """Mean and 95% half-width over deals, each deal's rotations averaged first."""
    means = [math.fsum(values) / len(values) for values in per_deal]
    n = len(means)
    mean = math.fsum(means) / n
    if n < 2:
        return mean, math.inf
    variance = math.fsum((value - mean) ** 2 for value in means) / (n - 1)
    return mean, Z95 * math.sqrt(variance / n)


def summarize(records: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Table rows from per-deal records, one row per (game, players, A, B), in first-seen order."""
    groups: dict[tuple[str, int, str, str], list[dict[str, Any]]] = {}
    for record in records:
        key = (record["game"], record["players"], record["a"], record["b"])
        groups.setdefault(key, []).append(record)
    rows = []
    for (name, players, first, other), deals in groups.items():
        win, win_half = clustered([deal["wins"] for deal in deals])
        chips, chips_half = clustered([deal["chips"] for deal in deals])
        seconds = math.fsum(deal["seconds"] for deal in deals)
        decisions = sum(deal["decisions"] for deal in deals)
        rows.append(
            {
                "game": name,
                "players": players,
                "a": first,
                "b": other,
                "deals": len(deals),
                "games": sum(len(deal["wins"]) for deal in deals),
                "win": win,
                "win_half": win_half,
                "fair": 1 / players,
                "chips": chips,
                "chips_half": chips_half,
                "cpu_s_per_move": seconds / decisions if decisions else 0.0,
            }
        )
    return rows


def format_row(row: dict[str, Any]) -> str:
    """A markdown table row."""
    return (
        f"| {row['game']} | {row['players']} | {row['a']} vs {row['b']} | {row['games']} "
        f"({row['deals']} deals) | {row['win']:.3f} ± {row['win_half']:.3f} "
        f"(fair {row['fair']:.2f}) | {row['chips']:+.2f} ± {row['chips_half']:.2f} "
        f"| {row['cpu_s_per_move']:.3f} |"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Play the table deal by deal (every row's deal 0, then every row's deal 1, ...).

    Each finished deal is appended to ``--out`` as one whole flushed JSON line, so an
    interrupted run keeps what it finished; ``--summarize FILE`` prints the table of a file.
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="deals per row (default 100)")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    parser.add_argument("--games", nargs="*", default=["paiute", "sixes"], help="games")
    parser.add_argument("--pairs", type=int, default=len(PAIRS), help="first N pairs only")
    parser.add_argument("--sizes", nargs="*", default=["2", "default"], help="table sizes")
    parser.add_argument("--out", default="strength.jsonl", help="per-deal records (appended)")
    parser.add_argument("--summarize", metavar="FILE", help="only print the table of FILE")
    args = parser.parse_args(argv)
    header = (
        "| game | players | A vs B | games | win rate of A (95%) | chips of A | A CPU s/move |\n"
        "| --- | --- | --- | --- | --- | --- | --- |"
    )
    if args.summarize:
        with open(args.summarize, encoding="utf-8") as stream:  # noqa: PTH123
            records = [json.loads(line) for line in stream if line.strip()]
        print(header)
        for row in summarize(records):
            print(format_row(row))
        return 0
    defaults = {"sixes": SixesConfig().num_players, "paiute": PaiuteConfig().num_players}
    rows = [
        (name, defaults[name] if size == "default" else int(size), first, other)
        for first, other in PAIRS[: args.pairs]
        for size in args.sizes
        for name in args.games
    ]
    jobs = [
        (name, players, first, other, args.seed * 1_000_003 + deal)
        for deal in range(args.deals)
        for name, players, first, other in rows
    ]
    with (
        concurrent.futures.ProcessPoolExecutor(max_workers=args.workers) as pool,
        open(args.out, "a", encoding="utf-8") as stream,  # noqa: PTH123
    ):
        for job, (wins, chips, seconds, decisions) in zip(
            jobs, pool.map(play_deal, jobs), strict=True
        ):
            name, players, first, other, deal = job
            record = {
                "game": name,
                "players": players,
                "a": first,
                "b": other,
                "deal": deal,
                "wins": wins,
                "chips": chips,
                "seconds": seconds,
                "decisions": decisions,
            }
            stream.write(json.dumps(record) + "\n")
            stream.flush()
    return main(["--summarize", args.out])


if __name__ == "__main__":
    sys.exit(main())
