"""A multiplayer web table for every game: ``cardgames serve`` (the ``web`` extra).

People and bots play at tables in the browser; each person's seat has a secret link; every
seat gets only its own observation, legal actions and events over one WebSocket; tables and
finished games are kept in SQLite. The message protocol is documented in the docs' "Build a
front end" page and in ``protocol.schema.json``; :mod:`cardgames.web.messages` builds the
messages and needs no extra.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from cardgames.errors import MissingExtraError

if TYPE_CHECKING:
    from cardgames.web.settings import Settings

__all__ = ["SCHEMA", "create_app"]

SCHEMA: Final = Path(__file__).parent / "protocol.schema.json"
"""The JSON Schema of every message of the table protocol."""


def create_app(db: str | Path = "cardgames.db", *, settings: Settings | None = None) -> Any:  # noqa: ANN401 - a Starlette app without importing Starlette
    """The server's ASGI application (see :func:`cardgames.web.app.create_app`).

    Raises:
        MissingExtraError: Starlette is not installed.
    """
    try:
        from cardgames.web.app import create_app as build
    except ImportError as error:
        raise MissingExtraError(
            f"the web table needs the 'web' extra: pip install 'cardgames-engine[web]' ({error})"
        ) from None
    return build(db, settings=settings)
