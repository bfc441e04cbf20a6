"""Tables and finished games kept in SQLite (the standard library's ``sqlite3``).

Every table is stored as its record in progress: the game's config document, the seats, the
current game's seed and its action ids, one row per action, written before the action is
announced. Reopening the database rebuilds each table by replaying its actions, so a restarted
server resumes every table exactly where it was. Finished games are stored as
:class:`~cardgames.serialization.GameRecord` documents, downloadable and replayable.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import attrs

from cardgames.game import Game
from cardgames.serialization import FORMAT, VERSION, decode_game, dumps, dumps_record
from cardgames.web.table import Seat, Table

__all__ = ["Store", "StoredRecord", "config_document"]


def config_document(game: Game[Any, Any, Any]) -> str:
    """The JSON config document that :func:`~cardgames.serialization.decode_game` reads back."""
    config = getattr(game, "config", None)
    if config is not None:
        return dumps(game, config)
    return json.dumps(
        {"format": FORMAT, "version": VERSION, "kind": "config", "game": game.name, "data": None}
    )


_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    config TEXT NOT NULL,
    seats TEXT NOT NULL,
    game_number INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    created REAL NOT NULL,
    last_active REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL,
    game_number INTEGER NOT NULL,
    step INTEGER NOT NULL,
    action_id INTEGER NOT NULL,
    PRIMARY KEY (table_id, game_number, step)
);
CREATE TABLE IF NOT EXISTS records (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id TEXT NOT NULL,
    game_number INTEGER NOT NULL,
    game TEXT NOT NULL,
    record TEXT NOT NULL,
    finished REAL NOT NULL,
    UNIQUE (table_id, game_number)
);
"""


@attrs.frozen(kw_only=True)
class StoredRecord:
    """A finished game as stored.

    Attributes:
        id: The record's id (in its download link).
        table_id: The table it was played at.
        game_number: Which game of that table it was.
        game: The game's name.
        text: The record's JSON document (:func:`~cardgames.serialization.dumps_record`).
    """

    id: int
    table_id: str
    game_number: int
    game: str
    text: str


class Store:
    """The SQLite database of a server (``":memory:"`` for one that keeps nothing)."""

    def __init__(self, path: str | Path) -> None:
        self._db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        if str(path) != ":memory:":
            self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        """Close the database."""
        self._db.close()

    def _write(self, statements: list[tuple[str, tuple[Any, ...]]]) -> None:
        """Run ``statements`` in one transaction: all of them happen, or none."""
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            for sql, parameters in statements:
                self._db.execute(sql, parameters)

    def add_table(self, table: Table) -> None:
        """Store a new table (its first game has no action yet)."""
        now = time.time()
        seats = json.dumps([seat.to_json() for seat in table.seats])
        config = config_document(table.game)
        self._write(
            [
                (
                    "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (table.id, config, seats, table.game_number, table.seed, now, now),
                )
            ]
        )

    def add_action(self, table: Table) -> None:
        """Store the table's latest action (call after :meth:`Table.act`)."""
        self._write(
            [
                (
                    "INSERT INTO actions VALUES (?, ?, ?, ?)",
                    (table.id, table.game_number, table.seq - 1, table.actions[-1]),
                ),
                ("UPDATE tables SET last_active = ? WHERE id = ?", (time.time(), table.id)),
            ]
        )

    def add_record(self, table: Table) -> int:
        """Store the table's finished game as a record; returns the record's id."""
        record = table.record(players=table.player_names())
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            cursor = self._db.execute(
                "INSERT OR IGNORE INTO records (table_id, game_number, game, record, finished) "
                "VALUES (?, ?, ?, ?, ?)",
                (table.id, table.game_number, record.game, dumps_record(record), time.time()),
            )
            del cursor
            row = self._db.execute(
                "SELECT id FROM records WHERE table_id = ? AND game_number = ?",
                (table.id, table.game_number),
            ).fetchone()
        return int(row[0])

    def next_game(self, table: Table) -> None:
        """Store that the table started its next game (call after :meth:`Table.next_game`)."""
        self._write(
            [
                (
                    "UPDATE tables SET game_number = ?, seed = ?, last_active = ? WHERE id = ?",
                    (table.game_number, table.seed, time.time(), table.id),
                ),
                ("DELETE FROM actions WHERE table_id = ?", (table.id,)),
            ]
        )

    def touch(self, table_id: str) -> None:
        """Record activity at a table (a person joined), postponing its expiry."""
        self._write([("UPDATE tables SET last_active = ? WHERE id = ?", (time.time(), table_id))])

    def remove_table(self, table_id: str) -> None:
        """Forget a table (its finished records stay)."""
        self._write(
            [
                ("DELETE FROM actions WHERE table_id = ?", (table_id,)),
                ("DELETE FROM tables WHERE id = ?", (table_id,)),
            ]
        )

    def idle_tables(self, before: float) -> list[str]:
        """The ids of tables without activity since ``before`` (a :func:`time.time` value)."""
        rows = self._db.execute("SELECT id FROM tables WHERE last_active < ?", (before,))
        return [str(row[0]) for row in rows]

    def load_tables(self) -> list[Table]:
        """Every stored table, rebuilt by replaying its current game's actions."""
        tables = []
        rows = self._db.execute("SELECT id, config, seats, game_number, seed FROM tables")
        for table_id, config, seats, game_number, seed in rows.fetchall():
            actions = [
                int(row[0])
                for row in self._db.execute(
                    "SELECT action_id FROM actions WHERE table_id = ? AND game_number = ? "
                    "ORDER BY step",
                    (table_id, game_number),
                )
            ]
            table = Table(
                id=table_id,
                game=decode_game(config),
                seats=tuple(Seat.from_json(seat) for seat in json.loads(seats)),
                seed=seed,
                game_number=game_number,
                actions=actions,
            )
            if table.is_over:
                table.record_id = self.add_record(table)
            tables.append(table)
        return tables

    def record(self, record_id: int) -> StoredRecord | None:
        """The finished game with id ``record_id``, or None."""
        row = self._db.execute(
            "SELECT id, table_id, game_number, game, record FROM records WHERE id = ?",
            (record_id,),
        ).fetchone()
        if row is None:
            return None
        return StoredRecord(
            id=row[0], table_id=row[1], game_number=row[2], game=row[3], text=row[4]
        )

    def records_of(self, table_id: str) -> list[StoredRecord]:
        """The finished games of a table, oldest first."""
        rows = self._db.execute(
            "SELECT id, table_id, game_number, game, record FROM records WHERE table_id = ? "
            "ORDER BY game_number",
            (table_id,),
        )
        return [
            StoredRecord(id=r[0], table_id=r[1], game_number=r[2], game=r[3], text=r[4])
            for r in rows.fetchall()
        ]
