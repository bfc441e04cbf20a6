"""The web table server: a Starlette application over the engine's public API.

Starlette and uvicorn (the ``web`` extra) because the server needs little: a few JSON routes,
static files and WebSockets, all in one small ASGI toolkit with a test client that speaks
WebSocket, and a production server that runs it. See docs/web.md for the choice and the limits.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Final
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from cardgames.advisor import advise
from cardgames.bots import BotSpec
from cardgames.errors import CardgamesError
from cardgames.events import describe
from cardgames.game import PlayerId
from cardgames.registry import game_info
from cardgames.serialization import FORMAT, JSON, VERSION, decode_config, loads_record
from cardgames.web.messages import (
    ClientMessage,
    ProtocolError,
    catalog_message,
    dumps_message,
    error_message,
    hint_message,
    parse_client_message,
    protocol_schema,
    replay_message,
    update_message,
)
from cardgames.web.settings import Settings
from cardgames.web.store import Store
from cardgames.web.table import Seat, Table, TableError, hash_token, new_token

__all__ = [
    "Connection",
    "Hub",
    "create_app",
]

STATIC: Final = Path(__file__).parent / "static"
_SECURITY_HEADERS: Final = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
_CLOSE_TOO_LARGE: Final = 1009
_CLOSE_POLICY: Final = 1008
_CLOSE_GONE: Final = 4404


class Connection:
    """One browser's WebSocket: the seat it joined (None: watching) and its rate budget."""

    def __init__(self, websocket: WebSocket, settings: Settings) -> None:
        self.websocket = websocket
        self.seat: PlayerId | None = None
        self.joined = False
        self.width = 760
        self.hinting = False
        self._rate = settings.actions_per_second
        self._burst = float(settings.burst)
        self._budget = float(settings.burst)
        self._last = time.monotonic()

    def allow(self) -> bool:
        """Spend one message from the budget (a token bucket); False when it is empty."""
        now = time.monotonic()
        self._budget = min(self._burst, self._budget + (now - self._last) * self._rate)
        self._last = now
        if self._budget < 1:
            return False
        self._budget -= 1
        return True

    async def send(self, message: dict[str, JSON]) -> bool:
        """Send a message; False if the browser has gone."""
        if self.websocket.application_state != WebSocketState.CONNECTED:
            return False
        try:
            await self.websocket.send_text(dumps_message(message))
        except (WebSocketDisconnect, RuntimeError, OSError):
            return False
        return True


class Hub:
    """Every table of a server, its connections, its bots and its database."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.tables: dict[str, Table] = {}
        self.connections: dict[str, set[Connection]] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._bots: dict[str, asyncio.Task[None]] = {}
        self._background: set[asyncio.Task[None]] = set()
        self.executor = ThreadPoolExecutor(settings.bot_threads, thread_name_prefix="cardgames-bot")

    # --- life cycle ---------------------------------------------------------------------

    async def start(self) -> None:
        """Resume every stored table (replaying its actions) and start its bots."""
        for table in self.store.load_tables():
            self.tables[table.id] = table
            self.schedule_bots(table)
        self._spawn(self._expire_forever())

    async def stop(self) -> None:
        """Stop the bots and the expiry task; the database keeps everything."""
        tasks = [*self._bots.values(), *self._background]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self.executor.shutdown(wait=True, cancel_futures=True)
        self.store.close()

    def _spawn(self, awaitable: Awaitable[None]) -> None:
        task: asyncio.Task[None] = asyncio.ensure_future(awaitable)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def lock(self, table_id: str) -> asyncio.Lock:
        """The lock that orders everything that happens at one table."""
        return self._locks.setdefault(table_id, asyncio.Lock())

    # --- tables -------------------------------------------------------------------------

    def create_table(
        self, name: str, options: dict[str, JSON], seats: list[str]
    ) -> dict[str, JSON]:
        """Create a table of game ``name``; returns its links (the person seats' secrets).

        Raises:
            CardgamesError: the game, an option or a seat is invalid, or there are too many
                tables (a :class:`TableError`).
        """
        if len(self.tables) >= self.settings.max_tables:
            raise TableError("no_table", "the server has too many tables: try again later")
        info = game_info(name)
        if info.config_class is not None and "num_players" not in options:
            options = {**options, "num_players": len(seats)}
        config = decode_config(
            {"format": FORMAT, "version": VERSION, "kind": "config", "game": name, "data": options}
        )
        game = info.make_game(config)
        if len(seats) != game.num_players:
            raise TableError(
                "bad_message",
                f"{name} with these options seats {game.num_players}, not {len(seats)}",
            )
        tokens: list[str | None] = []
        built: list[Seat] = []
        for text in seats:
            if text.strip().lower() == "person":
                token = new_token()
                tokens.append(token)
                built.append(Seat(kind="person", token_hash=hash_token(token)))
                continue
            spec = BotSpec.parse(text)
            spec.build(game, 0)  # fails now, with its reason, rather than at the bot's turn
            tokens.append(None)
            built.append(Seat(kind="bot", bot=spec))
        table = Table(id=secrets.token_urlsafe(9), game=game, seats=tuple(built), seed=_seed())
        self.store.add_table(table)
        self.tables[table.id] = table
        self.schedule_bots(table)
        links: list[JSON] = []
        for seat, (info_, secret) in enumerate(zip(built, tokens, strict=True)):
            entry: dict[str, JSON] = {"seat": seat, "kind": info_.kind}
            if secret is not None:
                entry["link"] = f"/table/{table.id}#seat={secret}"
            else:
                entry["bot"] = str(info_.bot)
            links.append(entry)
        return {"table": table.id, "game": name, "seats": links, "watch": f"/table/{table.id}"}

    async def expire_idle(self, now: float) -> list[str]:
        """Close and forget the tables idle since ``now - idle_seconds``; returns their ids."""
        expired = self.store.idle_tables(now - self.settings.idle_seconds)
        for table_id in expired:
            self.tables.pop(table_id, None)
            task = self._bots.pop(table_id, None)
            if task is not None:
                task.cancel()
            for connection in self.connections.pop(table_id, set()):
                await connection.send(error_message("no_table", "the table was idle and closed"))
                with contextlib.suppress(RuntimeError, OSError):
                    await connection.websocket.close(code=_CLOSE_GONE)
            self.store.remove_table(table_id)
        return expired

    async def _expire_forever(self) -> None:
        while True:
            await asyncio.sleep(self.settings.expiry_interval)
            await self.expire_idle(time.time())

    # --- messages -----------------------------------------------------------------------

    def _update(
        self,
        table: Table,
        connection: Connection,
        before: object | None = None,
        action: object | None = None,
    ) -> dict[str, JSON]:
        seated = {c.seat for c in self.connections.get(table.id, set()) if c.seat is not None}
        events = (
            describe(table.game, before, action, viewer=connection.seat, next_state=table.state)
            if action is not None
            else ()
        )
        return update_message(
            table.game,
            table.state,
            connection.seat,
            table=table.id,
            game_number=table.game_number,
            seq=table.seq,
            seats=table.seat_infos(seated),
            events=events,
            record=table.record_id,
            width=connection.width,
        )

    async def broadcast(
        self, table: Table, before: object | None = None, action: object | None = None
    ) -> None:
        """Send every connection at ``table`` its own update (with its own view of the events)."""
        for connection in list(self.connections.get(table.id, set())):
            if not await connection.send(self._update(table, connection, before, action)):
                self.connections[table.id].discard(connection)

    async def handle(self, connection: Connection, table_id: str, text: str) -> None:
        """Answer one client message; a refused one gets an error and changes nothing."""
        table = self.tables.get(table_id)
        if table is None:
            await connection.send(error_message("no_table", "this table no longer exists"))
            return
        if not connection.allow():
            await connection.send(error_message("rate_limited", "too many messages: slow down"))
            return
        try:
            await self._dispatch(connection, table, parse_client_message(text))
        except ProtocolError as error:
            await connection.send(error_message("bad_message", str(error)))
        except TableError as error:
            await connection.send(error_message(error.code, str(error)))

    async def _dispatch(self, connection: Connection, table: Table, message: ClientMessage) -> None:
        if message.type == "join":
            connection.width = message.width or connection.width
            await self._join(connection, table, message.token)
        elif not connection.joined:
            raise TableError("not_joined", "send a join message first")
        elif connection.seat is None:
            raise TableError("spectator", "spectators cannot act at the table")
        elif message.type == "act":
            async with self.lock(table.id):
                await self._apply(table, connection.seat, message.action_id or 0, message.seq)
        elif message.type == "hint":
            await self._hint(connection, table, connection.seat, message.seq)
        else:
            await self._play_again(table)

    async def _join(self, connection: Connection, table: Table, token: str | None) -> None:
        if connection.joined:
            raise TableError("already_joined", "this connection has already joined")
        connection.seat = None if token is None else table.seat_of(token)
        connection.joined = True
        self.connections.setdefault(table.id, set()).add(connection)
        self.store.touch(table.id)
        async with self.lock(table.id):
            await self.broadcast(table)

    async def _apply(self, table: Table, seat: PlayerId, action_id: int, seq: int | None) -> None:
        before, action = table.act(seat, action_id, seq)
        self.store.add_action(table)
        if table.is_over:
            table.record_id = self.store.add_record(table)
        await self.broadcast(table, before, action)
        self.schedule_bots(table)

    async def _hint(
        self, connection: Connection, table: Table, seat: PlayerId, seq: int | None
    ) -> None:
        """Send ``seat`` the advisor's estimates for its legal actions, from its observation.

        The advisor sees only the seat's own observation (it samples the hidden cards), so a
        hint reveals nothing the seat may not know. It runs in the bots' thread pool, off the
        event loop; each connection has one hint at a time, each seat a few per game.

        Raises:
            TableError: the game is over, it is not ``seat``'s turn, ``seq`` is out of date, a
                hint is already being worked out, or the seat has used its hints.
        """
        if table.is_over:
            raise TableError("game_over", "the game is over: no hint to give")
        to_play = table.game.current_player(table.state)
        if to_play != seat:
            raise TableError("not_your_turn", "a hint is for your own turn")
        if seq is not None and seq != table.seq:
            raise TableError("stale", f"the table has moved on (seq {table.seq}, not {seq})")
        if connection.hinting:
            raise TableError("hint_limit", "a hint is already being worked out: wait for it")
        used = table.hints.get(seat, 0)
        if used >= self.settings.hints_per_game:
            limit = self.settings.hints_per_game
            raise TableError("hint_limit", f"no more hints in this game ({limit} per game)")
        table.hints[seat] = used + 1
        connection.hinting = True
        self._spawn(self._advise(connection, table, seat))

    async def _advise(self, connection: Connection, table: Table, seat: PlayerId) -> None:
        """Work out a hint in the thread pool (the connection may act meanwhile), then send it."""
        observation = table.game.observe(table.state, seat)
        answered = table.seq
        work = functools.partial(
            advise, table.game, observation, self.settings.hint_samples, seed=secrets.randbits(32)
        )
        try:
            advice = await asyncio.get_running_loop().run_in_executor(self.executor, work)
        finally:
            connection.hinting = False
        await connection.send(hint_message(table.game, advice, seq=answered))

    async def _play_again(self, table: Table) -> None:
        async with self.lock(table.id):
            table.next_game(_seed())
            self.store.next_game(table)
            await self.broadcast(table)
            self.schedule_bots(table)

    def leave(self, connection: Connection, table_id: str) -> None:
        """Forget a closed connection."""
        self.connections.get(table_id, set()).discard(connection)
        table = self.tables.get(table_id)
        if table is not None and connection.seat is not None:
            self._spawn(self._announce(table))

    async def _announce(self, table: Table) -> None:
        async with self.lock(table.id):
            await self.broadcast(table)

    # --- bots ---------------------------------------------------------------------------

    def schedule_bots(self, table: Table) -> None:
        """Make sure a bot to play at ``table`` will play (one bot task per table)."""
        task = self._bots.get(table.id)
        if table.bot_to_play() is None or (task is not None and not task.done()):
            return
        self._bots[table.id] = asyncio.ensure_future(self._run_bots(table))

    def _bot_turn(self, table: Table) -> PlayerId | None:
        """The bot's seat to play at ``table``, or None (a person's turn, or the table closed)."""
        return table.bot_to_play() if self.tables.get(table.id) is table else None

    async def _run_bots(self, table: Table) -> None:
        loop = asyncio.get_running_loop()
        while (seat := self._bot_turn(table)) is not None:
            seq = table.seq
            observation = table.game.observe(table.state, seat)
            legal = table.game.legal_actions(table.state)
            await asyncio.sleep(self.settings.bot_delay)
            bot = table.bots[seat]
            action = await loop.run_in_executor(self.executor, bot.choose, observation, legal)
            # Only this task acts on a bot's turn: people are refused (not their turn), and
            # the seq check refuses the action should the table ever have moved on.
            async with self.lock(table.id):
                with contextlib.suppress(TableError):
                    await self._apply(table, seat, table.game.action_id(action), seq)


def _seed() -> int:
    """A fresh unpredictable seed for a game (DESIGN principle 5)."""
    return secrets.randbits(63)


# --- HTTP ---------------------------------------------------------------------------------


def _page(name: str) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        del request
        return FileResponse(STATIC / name, headers=_SECURITY_HEADERS)

    return endpoint


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _body(request: Request, limit: int) -> JSON:
    """The request's JSON body, at most ``limit`` bytes.

    Raises:
        ProtocolError: too large, or not JSON.
    """
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > limit:
            raise ProtocolError(f"request body larger than {limit} bytes")
    try:
        parsed: JSON = json.loads(data) if data else None
    except (ValueError, UnicodeDecodeError) as error:
        raise ProtocolError(f"request body: invalid JSON: {error}") from None
    return parsed


def _origin_allowed(websocket: WebSocket, settings: Settings) -> bool:
    """Whether a WebSocket's ``Origin`` may open a connection (none: not a browser)."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    if settings.allowed_origins:
        return origin in settings.allowed_origins
    return urlsplit(origin).netloc == websocket.headers.get("host")


def _hub(connection: Request | WebSocket) -> Hub:
    hub: Hub = connection.app.state.hub
    return hub


async def _catalog(request: Request) -> Response:
    del request
    return JSONResponse(catalog_message())


async def _schema(request: Request) -> Response:
    name = request.path_params.get("game")
    try:
        schema = protocol_schema(name)
    except CardgamesError as error:
        return _error(404, str(error))
    return JSONResponse(schema, media_type="application/schema+json")


def _table_request(body: JSON) -> tuple[str, dict[str, JSON], list[str]]:
    """The game, options and seats of a request to create a table.

    Raises:
        ProtocolError: the request is not of that shape.
    """
    if not isinstance(body, dict):
        raise ProtocolError("expected an object with 'game', 'options' and 'seats'")
    name, options, seats = body.get("game"), body.get("options", {}), body.get("seats")
    if not isinstance(name, str) or not isinstance(options, dict):
        raise ProtocolError("'game' must be a game's name and 'options' an object")
    if not isinstance(seats, list) or not all(isinstance(seat, str) for seat in seats):
        raise ProtocolError("'seats' must be a list of 'person' or bot names")
    return name, options, [str(seat) for seat in seats]


async def _create(request: Request) -> Response:
    hub = _hub(request)
    try:
        body = await _body(request, min(hub.settings.max_body_bytes, 16_384))
        created = hub.create_table(*_table_request(body))
    except TableError as error:
        return _error(503 if error.code == "no_table" else 400, str(error))
    except CardgamesError as error:
        return _error(400, str(error))
    return JSONResponse(created, status_code=201)


async def _table_info(request: Request) -> Response:
    hub = _hub(request)
    table = hub.tables.get(request.path_params["table_id"])
    if table is None:
        return _error(404, "no such table")
    records: list[JSON] = [
        {"id": r.id, "game_number": r.game_number} for r in hub.store.records_of(table.id)
    ]
    return JSONResponse(
        {
            "table": table.id,
            "game": table.game.name,
            "game_number": table.game_number,
            "seats": [s.to_json(i) for i, s in enumerate(table.seat_infos(set()))],
            "records": records,
        }
    )


async def _record(request: Request) -> Response:
    stored = _hub(request).store.record(request.path_params["record_id"])
    if stored is None:
        return _error(404, "no such record")
    filename = f"{stored.game}-{stored.table_id}-{stored.game_number}.json"
    return Response(
        stored.text + "\n",
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


def _replay(request: Request, text: str, settings: Settings) -> Response:
    try:
        width = int(request.query_params.get("width", "760"))
    except ValueError:
        return _error(400, "width: expected an integer")
    try:
        parsed = loads_record(text)
        if len(parsed.actions) > settings.max_replay_actions:
            return _error(413, f"records of up to {settings.max_replay_actions} actions")
        return JSONResponse(replay_message(parsed, width=width))
    except CardgamesError as error:
        return _error(400, str(error))


async def _stored_replay(request: Request) -> Response:
    hub = _hub(request)
    stored = hub.store.record(request.path_params["record_id"])
    if stored is None:
        return _error(404, "no such record")
    return _replay(request, stored.text, hub.settings)


async def _uploaded_replay(request: Request) -> Response:
    hub = _hub(request)
    try:
        body = await _body(request, hub.settings.max_body_bytes)
    except ProtocolError as error:
        return _error(400, str(error))
    return _replay(request, json.dumps(body), hub.settings)


async def _socket(websocket: WebSocket) -> None:
    hub = _hub(websocket)
    settings = hub.settings
    if not _origin_allowed(websocket, settings):
        await websocket.close(code=_CLOSE_POLICY)
        return
    await websocket.accept()
    table_id = websocket.path_params["table_id"]
    connection = Connection(websocket, settings)
    if table_id not in hub.tables:
        await connection.send(error_message("no_table", "there is no such table"))
        await websocket.close(code=_CLOSE_GONE)
        return
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                await connection.send(error_message("bad_message", "send JSON text frames"))
                continue
            if len(text.encode()) > settings.max_message_bytes:
                limit = settings.max_message_bytes
                await connection.send(error_message("too_large", f"messages up to {limit} bytes"))
                await websocket.close(code=_CLOSE_TOO_LARGE)
                break
            await hub.handle(connection, table_id, text)
    finally:
        hub.leave(connection, table_id)


def create_app(db: str | Path = "cardgames.db", *, settings: Settings | None = None) -> Starlette:
    """The web table server as an ASGI application, keeping its tables in SQLite file ``db``.

    Run it with ``cardgames serve`` or any ASGI server; ``":memory:"`` keeps nothing.
    """
    chosen = settings or Settings()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub = Hub(Store(db), chosen)
        app.state.hub = hub
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    routes = [
        Route("/", _page("index.html")),
        Route("/table/{table_id}", _page("table.html")),
        Route("/replay", _page("replay.html")),
        Route("/api/games", _catalog),
        Route("/api/schema", _schema),
        Route("/api/schema/{game}", _schema),
        Route("/api/tables", _create, methods=["POST"]),
        Route("/api/tables/{table_id}", _table_info),
        Route("/api/records/{record_id:int}", _record),
        Route("/api/records/{record_id:int}/replay", _stored_replay),
        Route("/api/replay", _uploaded_replay, methods=["POST"]),
        WebSocketRoute("/ws/{table_id}", _socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes, lifespan=lifespan)
