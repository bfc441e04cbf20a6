"""The ``simulate`` and ``tournament`` subcommands (hooked into :mod:`cardgames.cli`).

Exit codes: 0 when every game was played, 1 on an error (a message on stderr; for a failed
write, after the summary of the games written), 130 on Ctrl-C and 143 on SIGTERM (after the
summary of the games finished so far; the campaign file can be resumed).
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Any, Final

__all__ = [
    "EXIT_TERMINATED",
    "add_parser",
    "add_tournament_parser",
    "positive_int",
    "run",
    "run_tournament",
    "terminate_as_interrupt",
]

EXIT_INTERRUPTED: Final = 130
EXIT_TERMINATED: Final = 143
PLOT_SUFFIXES: Final = (".png", ".svg")


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1, with a message for people."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        msg = f"must be a whole number of at least 1, not {text!r}"
        raise argparse.ArgumentTypeError(msg)
    return value


def add_parser(commands: Any, names: Sequence[str], bots_help: str) -> None:  # noqa: ANN401
    """Add the ``simulate`` subcommand to ``commands`` (argparse subparsers)."""
    sim = commands.add_parser(
        "simulate",
        help="play many games between bots and print the results",
        description="Play seeded games between bots (in local worker processes, or on Dask) "
        "and print per-seat win rates and chip results with 95% confidence intervals. Paiute "
        "games default to max_turns=100 (P21) so that bot-only deals end. Exit codes: 0 done, "
        "1 error, 130 Ctrl-C, 143 SIGTERM (the campaign file can then be resumed).",
    )
    sim.add_argument("game", choices=names, help="the game to simulate")
    sim.add_argument(
        "--games", type=positive_int, default=100, help="number of games (default 100)"
    )
    sim.add_argument(
        "--bots",
        help=f"one spec for every seat, or one per seat, comma-separated ({bots_help}); "
        "default: heuristic in seat 0, random elsewhere",
    )
    sim.add_argument("--players", type=int, help="number of seats (default: the game's)")
    sim.add_argument(
        "--workers", type=positive_int, help="local worker processes (default: one per core)"
    )
    sim.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    sim.add_argument("--rotate", action="store_true", help="move the bots one seat each game")
    sim.add_argument(
        "--records", metavar="FILE", help="write every game's record, one JSON line as it ends"
    )
    sim.add_argument(
        "--results", metavar="FILE", help="write one short JSON line per game (no actions)"
    )
    sim.add_argument(
        "--resume", action="store_true", help="play only the games missing from the file"
    )
    sim.add_argument("--force", action="store_true", help="overwrite an existing file")
    sim.add_argument(
        "--chunk-size", type=positive_int, help="games per task sent to a worker (default: auto)"
    )
    sim.add_argument("--scheduler", metavar="ADDRESS", help="run on a Dask scheduler (tcp://…)")
    sim.add_argument(
        "--dask-workers", type=positive_int, metavar="N", help="run on a local Dask cluster"
    )
    sim.add_argument("--plot", metavar="FILE", help="draw the results to a .png or .svg file")
    sim.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    sim.add_argument(
        "--set", action="append", default=[], metavar="KEY=VALUE", help="a game option"
    )


class _Terminated:
    """Whether SIGTERM arrived (it is handled as Ctrl-C, with its own exit code)."""

    received = False


@contextlib.contextmanager
def terminate_as_interrupt() -> Iterator[_Terminated]:
    """While inside, SIGTERM raises KeyboardInterrupt (so workers are stopped the same way)."""
    flag = _Terminated()
    if threading.current_thread() is not threading.main_thread():
        yield flag
        return

    def handler(signum: int, frame: object) -> None:
        del signum, frame
        flag.received = True
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, handler)
    try:
        yield flag
    finally:
        signal.signal(signal.SIGTERM, previous)


def check_plot_path(path: str | None) -> None:
    """Refuse a plot file that cannot be drawn before any game is played.

    Raises:
        UsageError: an unknown suffix.
        MissingExtraError: the ``plot`` extra is missing.
    """
    if path is None:
        return
    from cardgames.cli import UsageError
    from cardgames.plot import require_matplotlib

    if Path(path).suffix.lower() not in PLOT_SUFFIXES:
        raise UsageError(f"--plot {path}: the file must end in .png or .svg")
    require_matplotlib()


def run(args: argparse.Namespace, out: IO[str]) -> int:  # noqa: C901
    """Run ``cardgames simulate`` with parsed ``args``; return the exit code."""
    from cardgames.bots.bot import BotSpec, build_bot
    from cardgames.cli import UsageError, _bot_list, _options, make_game
    from cardgames.errors import InvalidConfigError
    from cardgames.registry import game_spec
    from cardgames.simulation import RecordsWriteError, SimulationInterrupted

    game = make_game(
        args.game,
        players=args.players,
        options=_options(args.set),
        defaults=game_spec(args.game).simulation_defaults,
    )
    if args.bots is None:
        specs = [BotSpec(name="heuristic")] + [BotSpec(name="random")] * (game.num_players - 1)
        try:
            build_bot(specs[0], game, 0)
        except InvalidConfigError:
            specs[0] = BotSpec(name="random")
    else:
        specs = _bot_list(args.bots, game.num_players)
    if args.scheduler and args.dask_workers:
        raise UsageError("give --scheduler or --dask-workers, not both")
    if (args.scheduler or args.dask_workers) and args.workers:
        raise UsageError("--workers is for local processes: with Dask use --dask-workers")
    if args.resume and args.force:
        raise UsageError("give --resume or --force, not both")
    check_plot_path(args.plot)
    file = args.records or args.results
    with terminate_as_interrupt() as terminated:
        try:
            result = _run_on_executor(args, game, specs)
        except SimulationInterrupted as stop:  # the Dask cluster, if ours, is closed by now
            out.write(stop.result.table() + "\n")
            out.flush()
            sys.stderr.write(
                f"\ninterrupted after {stop.result.played + stop.result.faulted} games"
                + (f": resume with --resume (the file {file} is complete)" if file else "")
                + "\n"
            )
            return EXIT_TERMINATED if terminated.received else EXIT_INTERRUPTED
        except RecordsWriteError as error:
            if error.result is not None:
                out.write(error.result.table() + "\n")
            raise
    out.write(result.table() + "\n")
    if file is not None:
        out.write(f"{'records' if args.records else 'results'}: {result.played} games in {file}\n")
    if args.plot:
        from cardgames.plot import plot_simulation

        plot_simulation(result, args.plot)
        out.write(f"plot: {args.plot}\n")
    return 0


def _run_on_executor(args: argparse.Namespace, game: Any, specs: Sequence[Any]) -> Any:  # noqa: ANN401
    """Run the simulation on the executor the options name (Dask or local processes)."""
    from cardgames.simulation import simulate

    with contextlib.ExitStack() as stack:
        executor, workers = None, args.workers
        if args.scheduler or args.dask_workers:
            from cardgames.simulation.dask import dask_executor

            executor, workers = stack.enter_context(
                dask_executor(scheduler=args.scheduler, workers=args.dask_workers)
            )
        return simulate(
            game,
            specs,
            games=args.games,
            seed=args.seed,
            workers=workers,
            rotate=args.rotate,
            progress=False if args.no_progress else None,
            records=args.records,
            results=args.results,
            resume=args.resume,
            force=args.force,
            executor=executor,
            chunk_size=args.chunk_size,
            keep_outcomes=False,
        )


def add_tournament_parser(commands: Any, names: Sequence[str], bots_help: str) -> None:  # noqa: ANN401
    """Add the ``tournament`` subcommand to ``commands`` (argparse subparsers)."""
    from cardgames.tournament import FORMATS

    parser = commands.add_parser(
        "tournament",
        help="rank bots on duplicate deals: league table, ratings, pairwise matrix",
        description="Play every deal once per rotation of the seats at every table (duplicate "
        "deals) and print a league table with 95% bootstrap intervals over deals, Elo-scale "
        "ratings and the pairwise matrix. Exit codes: 0 done, 1 error, 130 Ctrl-C, 143 SIGTERM.",
    )
    parser.add_argument("game", choices=names, help="the game")
    parser.add_argument(
        "--bots", required=True, help=f"two or more bots, comma-separated ({bots_help})"
    )
    parser.add_argument(
        "--deals", type=positive_int, default=100, help="number of deals (default 100)"
    )
    parser.add_argument(
        "--format", choices=FORMATS, default="round-robin", help="tables (default round-robin)"
    )
    parser.add_argument(
        "--random-deals", action="store_true", help="a new deal for every game (no duplicate)"
    )
    parser.add_argument("--players", type=int, help="number of seats (default: the game's)")
    parser.add_argument("--workers", type=positive_int, help="local worker processes")
    parser.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    parser.add_argument("--scheduler", metavar="ADDRESS", help="run on a Dask scheduler")
    parser.add_argument(
        "--dask-workers", type=positive_int, metavar="N", help="run on a local Dask cluster"
    )
    parser.add_argument("--plot", metavar="FILE", help="draw ratings and the matrix (.png/.svg)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    parser.add_argument(
        "--set", action="append", default=[], metavar="KEY=VALUE", help="a game option"
    )


def run_tournament(args: argparse.Namespace, out: IO[str]) -> int:
    """Run ``cardgames tournament`` with parsed ``args``; return the exit code."""
    from cardgames.bots.bot import BotSpec
    from cardgames.cli import UsageError, _options, make_game
    from cardgames.registry import game_spec
    from cardgames.tournament import TournamentInterrupted, tournament

    game = make_game(
        args.game,
        players=args.players,
        options=_options(args.set),
        defaults=game_spec(args.game).simulation_defaults,
    )
    specs = [BotSpec.parse(part) for part in args.bots.split(",") if part.strip()]
    if args.scheduler and args.dask_workers:
        raise UsageError("give --scheduler or --dask-workers, not both")
    check_plot_path(args.plot)
    with terminate_as_interrupt() as terminated:
        try:
            with contextlib.ExitStack() as stack:  # closes a Dask cluster before the summary
                executor, workers = None, args.workers
                if args.scheduler or args.dask_workers:
                    from cardgames.simulation.dask import dask_executor

                    executor, workers = stack.enter_context(
                        dask_executor(scheduler=args.scheduler, workers=args.dask_workers)
                    )
                result = tournament(
                    game,
                    specs,
                    deals=args.deals,
                    seed=args.seed,
                    format=args.format,
                    duplicate=not args.random_deals,
                    workers=workers,
                    executor=executor,
                    progress=False if args.no_progress else None,
                )
        except TournamentInterrupted as stop:
            out.write(stop.result.table() + "\n")
            sys.stderr.write("\ninterrupted: the table covers the games finished so far\n")
            return EXIT_TERMINATED if terminated.received else EXIT_INTERRUPTED
    out.write(result.table() + "\n")
    if args.plot:
        from cardgames.plot import plot_tournament

        plot_tournament(result, args.plot)
        out.write(f"plot: {args.plot}\n")
    return 0
