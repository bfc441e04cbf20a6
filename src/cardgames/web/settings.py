"""The limits and timings of a web table server."""

from __future__ import annotations

import attrs

__all__ = ["Settings"]


@attrs.frozen(kw_only=True)
class Settings:
    """How a server limits abuse and paces its bots.

    Attributes:
        max_message_bytes: The largest WebSocket message a client may send; a larger one gets
            a ``too_large`` error and the connection is closed.
        max_body_bytes: The largest HTTP request body (a table to create, a record to replay).
        max_tables: How many tables may exist at once; creating another is refused.
        actions_per_second: How many messages a connection may send per second on average.
        burst: How many messages a connection may send at once before the rate applies.
        idle_seconds: A table without an action for this long is closed and forgotten (its
            finished games' records stay).
        expiry_interval: How often idle tables are looked for, in seconds.
        bot_delay: Seconds a bot waits before it plays, so that people can follow.
        bot_threads: Worker threads that run bots' choices off the event loop.
        allowed_origins: The ``Origin`` values a browser's WebSocket may come from; empty:
            only the server's own origin (the ``Host`` the browser asked for).
        max_replay_actions: The most actions a record sent to the replay viewer may hold.
        hint_samples: The advisor's samples per legal action for a hint (its budget: more is
            sharper and slower).
        hints_per_game: How many hints each seat may ask for in one game.
    """

    max_message_bytes: int = 2048
    max_body_bytes: int = 1_000_000
    max_tables: int = 100
    actions_per_second: float = 5.0
    burst: int = 10
    idle_seconds: float = 6 * 3600.0
    expiry_interval: float = 60.0
    bot_delay: float = 0.8
    bot_threads: int = 4
    allowed_origins: tuple[str, ...] = ()
    max_replay_actions: int = 5000
    hint_samples: int = 100
    hints_per_game: int = 20
