"""``cardgames serve``: run the web table server with uvicorn (the ``web`` extra)."""

from __future__ import annotations

import argparse
import sys
from typing import IO

from cardgames.errors import MissingExtraError
from cardgames.web import create_app
from cardgames.web.settings import Settings

__all__ = ["add_parser", "run", "websocket_implementation"]


def websocket_implementation() -> str:
    """Uvicorn's WebSocket implementation to use: the sans-I/O one where it exists.

    (Older uvicorn releases only have the ``websockets`` legacy one, deprecated by websockets.)
    """
    from uvicorn.config import WS_PROTOCOLS

    return "websockets-sansio" if "websockets-sansio" in WS_PROTOCOLS else "auto"


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``serve`` subcommand to the ``cardgames`` command's parser."""
    serve = commands.add_parser(
        "serve",
        help="run a web table: play in the browser against bots and people",
        description="Serve the web table (pip install 'cardgames-engine[web]'). Open the printed "
        "address, pick a game, and play; tables and finished games are kept in --db.",
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port to listen on (8000)")
    serve.add_argument(
        "--db", default="cardgames.db", help="SQLite file for tables and records (cardgames.db)"
    )
    serve.add_argument(
        "--bot-delay", type=float, default=0.8, help="seconds a bot waits before it plays (0.8)"
    )
    serve.add_argument("--max-tables", type=int, default=100, help="most tables at once (100)")


def run(args: argparse.Namespace, out: IO[str] = sys.stdout) -> int:
    """Serve until interrupted.

    Raises:
        MissingExtraError: the ``web`` extra is not installed.
    """
    settings = Settings(bot_delay=args.bot_delay, max_tables=args.max_tables)
    app = create_app(args.db, settings=settings)
    try:
        import uvicorn
    except ImportError as error:  # pragma: no cover - uvicorn comes with starlette in the extra
        raise MissingExtraError(
            f"cardgames serve needs the 'web' extra: pip install 'cardgames-engine[web]' ({error})"
        ) from None
    out.write(f"cardgames: open http://{args.host}:{args.port}/ in your browser (Ctrl-C stops)\n")
    out.flush()
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        ws=websocket_implementation(),
        ws_max_size=settings.max_message_bytes * 4,
        log_level="warning",
    )
    return 0
