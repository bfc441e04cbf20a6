"""The web table server through Starlette's test client: HTTP, WebSocket protocol, limits,
seat secrecy, bots off the event loop, restart and resume from SQLite."""

from __future__ import annotations

import io
import json
import threading
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from extras import require

require("starlette", extra="web")

with warnings.catch_warnings():
    # Newer Starlette asks for the httpx2 fork; httpx (the test extra) works all the same.
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from cardgames import cli  # noqa: E402
from cardgames.bots.random_bot import RandomBot  # noqa: E402
from cardgames.game import PlayerId  # noqa: E402
from cardgames.serialization import decode_seat_message, loads_record, replay  # noqa: E402
from cardgames.web import create_app  # noqa: E402
from cardgames.web.settings import Settings  # noqa: E402
from web_support import assert_secret, check_message, data  # noqa: E402

FAST = Settings(bot_delay=0.0, actions_per_second=1000.0, burst=1000)
SIXES_ONE_ROUND = {"max_rounds": 1}


@contextmanager
def serving(db: Path | str, settings: Settings = FAST) -> Iterator[TestClient]:
    with TestClient(create_app(db, settings=settings)) as client:
        yield client


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with serving(tmp_path / "tables.db") as test_client:
        yield test_client


def create(client: TestClient, game: str, seats: list[str], **options: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json={"game": game, "options": options, "seats": seats})
    assert response.status_code == 201, response.text
    return check_message(response.json())  # type: ignore[no-any-return]


def token_of(created: dict[str, Any], seat: int) -> str:
    link: str = created["seats"][seat]["link"]
    return link.split("#seat=")[1]


def receive(ws: Any) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.receive_text())
    return check_message(message)  # type: ignore[no-any-return]


def join(ws: Any, token: str | None = None) -> dict[str, Any]:
    ws.send_text(
        json.dumps({"type": "join"} if token is None else {"type": "join", "token": token})
    )
    return receive(ws)


def until(
    ws: Any, predicate: Any, limit: int = 2000, first: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Receive updates (after ``first``) until one satisfies ``predicate``; returns it."""
    if first is not None and predicate(first):
        return first
    for _ in range(limit):
        message = receive(ws)
        if predicate(message):
            return message
    raise AssertionError("the awaited update never came")


def play_to_the_end(ws: Any, first: dict[str, Any], choose: int = 0) -> list[dict[str, Any]]:
    """Answer every turn with a legal action (the ``choose``-th) until the game is over."""
    messages = [first]
    message = first
    while not message["over"]:
        if message["your_turn"]:
            legal = data(message)["legal_actions"]
            pick = legal[choose % len(legal)]
            ws.send_text(
                json.dumps({"type": "act", "action_id": pick["id"], "seq": message["seq"]})
            )
        message = receive(ws)
        assert message["type"] == "update", message
        messages.append(message)
    return messages


# --- HTTP ---------------------------------------------------------------------------------


def test_pages_scripts_and_catalog_are_served(client: TestClient) -> None:
    """The pages, their ES modules and the game catalog are served by the package."""
    for path in ("/", "/table/abc", "/replay"):
        response = client.get(path)
        assert response.status_code == 200
        assert "text/html" in response.headers["content-type"]
        assert "default-src 'self'" in response.headers["content-security-policy"]
    for script in ("table.js", "home.js", "replay.js", "style.css"):
        assert client.get(f"/static/{script}").status_code == 200
    catalog = check_message(client.get("/api/games").json())
    assert {"sixes", "paiute"} <= {game["name"] for game in catalog["games"]}


@pytest.mark.parametrize(
    ("body", "match"),
    [
        ({"game": "chess", "seats": ["person", "random"]}, "unknown game"),
        ({"game": "sixes", "seats": ["person", "random", "random"]}, "num_players"),
        ({"game": "sixes", "options": {"num_players": 2}, "seats": ["person"]}, "seats 2, not 1"),
        ({"game": "sixes", "options": {"bogus": 1}, "seats": ["person", "random"]}, "bogus"),
        ({"game": "sixes", "seats": ["person", "wizard"]}, "unknown bot"),
        ({"game": "sixes", "seats": ["person", "ismcts:speed=9"]}, "has no option 'speed'"),
        ({"game": "sixes", "seats": "person"}, "'seats' must be a list"),
        ({"game": 3, "seats": []}, "'game' must be"),
        (["sixes"], "expected an object"),
    ],
)
def test_bad_table_requests_are_refused_clearly(client: TestClient, body: Any, match: str) -> None:
    """A table request with a bad game, option, seat or shape gets a 400 saying what is wrong."""
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400
    assert match in response.json()["error"]


def test_request_bodies_must_be_small_json(tmp_path: Path) -> None:
    """A body that is not JSON, or too large, is refused before anything is created."""
    with serving(tmp_path / "t.db", Settings(bot_delay=0, max_body_bytes=200)) as client:
        assert client.post("/api/tables", content=b"{nope").status_code == 400
        big = {"game": "sixes", "options": {}, "seats": ["person"] * 100}
        response = client.post("/api/tables", json=big)
        assert response.status_code == 400
        assert "larger than 200 bytes" in response.json()["error"]
        assert client.post("/api/replay", content=b"x" * 300).status_code == 400


def test_the_number_of_tables_is_limited(tmp_path: Path) -> None:
    """Past ``max_tables`` a new table is refused with 503 and nothing is stored."""
    with serving(tmp_path / "t.db", Settings(bot_delay=0, max_tables=2)) as client:
        create(client, "sixes", ["person", "person"])
        create(client, "sixes", ["person", "person"])
        response = client.post("/api/tables", json={"game": "sixes", "seats": ["person"] * 2})
        assert response.status_code == 503
        assert "too many tables" in response.json()["error"]


def test_table_info_and_unknown_things_are_404(client: TestClient) -> None:
    """A table's public info names no token; unknown tables and records are 404."""
    created = create(client, "paiute", ["person", "random"], max_turns=20)
    info = client.get(f"/api/tables/{created['table']}").json()
    assert info["game"] == "paiute"
    assert [seat["kind"] for seat in info["seats"]] == ["person", "bot"]
    assert token_of(created, 0) not in json.dumps(info)
    assert client.get("/api/tables/nope").status_code == 404
    assert client.get("/api/records/99").status_code == 404
    assert client.get("/api/records/99/replay").status_code == 404


# --- playing ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "options"),
    [("sixes", SIXES_ONE_ROUND), ("paiute", {"max_turns": 30})],
)
def test_a_person_plays_a_whole_game_against_bots(
    client: TestClient, tmp_path: Path, game: str, options: dict[str, Any]
) -> None:
    """A person plays to the end against bots; the record downloads and replays (S12, P21)."""
    created = create(client, game, ["person", "heuristic", "random", "heuristic"], **options)
    with client.websocket_connect(f"/ws/{created['table']}") as ws:
        first = join(ws, token_of(created, 0))
        assert data(first)["seat"] == 0
        messages = play_to_the_end(ws, first)
    final = messages[-1]
    assert data(final)["returns"] is not None
    assert sum(data(final)["returns"]) == 0
    assert any(event.get("player") == 0 for m in messages for event in data(m)["events"])
    download = client.get(f"/api/records/{final['record']}")
    assert download.status_code == 200
    assert "attachment" in download.headers["content-disposition"]
    record = loads_record(download.text)
    assert list(record.returns or ()) == data(final)["returns"]
    assert record.players[0] == "person"
    assert len(replay(record)) == final["seq"] + 1
    path = tmp_path / "game.json"
    path.write_text(download.text, encoding="utf-8")
    out = io.StringIO()
    assert (
        cli._replay(
            cli.build_parser().parse_args(["replay", str(path), "--all"]), out, io.StringIO()
        )
        == 0
    )
    assert "Result:" in out.getvalue()
    frames = check_message(client.get(f"/api/records/{final['record']}/replay").json())
    assert len(frames["frames"]) == final["seq"] + 1
    uploaded = client.post("/api/replay", content=download.text.encode())
    assert uploaded.json() == frames


def test_each_seat_and_spectator_sees_only_its_own_cards(client: TestClient) -> None:
    """Two people and a spectator at one table: every message hides others' hands (S6)."""
    created = create(
        client, "sixes", ["person", "person", "heuristic", "random"], **SIXES_ONE_ROUND
    )
    table = created["table"]
    received: dict[int | None, list[dict[str, Any]]] = {0: [], 1: [], None: []}
    with (
        client.websocket_connect(f"/ws/{table}") as ws0,
        client.websocket_connect(f"/ws/{table}") as ws1,
        client.websocket_connect(f"/ws/{table}") as watcher,
    ):
        sockets = {0: ws0, 1: ws1, None: watcher}
        received[0].append(join(ws0, token_of(created, 0)))
        received[1].append(join(ws1, token_of(created, 1)))
        received[None].append(join(watcher))
        # Each join is announced to everyone already at the table.
        received[0].append(receive(ws0))
        received[0].append(receive(ws0))
        received[1].append(receive(ws1))
        latest = {seat: msgs[-1] for seat, msgs in received.items()}
        while not latest[None]["over"]:
            for person in (0, 1):
                message = latest[person]
                if message["your_turn"] and message["seq"] == latest[None]["seq"]:
                    action = data(message)["legal_actions"][-1]["id"]
                    sockets[person].send_text(
                        json.dumps({"type": "act", "action_id": action, "seq": message["seq"]})
                    )
            for who, ws in sockets.items():
                latest[who] = receive(ws)
                received[who].append(latest[who])
    record = loads_record(client.get(f"/api/records/{latest[None]['record']}").text)
    game = record.make_game()
    states = replay(record)
    for seat, messages in received.items():
        for message in messages:
            state = states[message["seq"]]
            assert_secret(message, game, state, seat)
            if seat is not None:
                observed = decode_seat_message(game, message["seat_message"]).observation
                assert observed == game.observe(state, PlayerId(seat))


def test_a_seat_link_opens_only_its_seat(client: TestClient) -> None:
    """A wrong token opens nothing; a spectator cannot act; nobody acts before joining."""
    created = create(client, "sixes", ["person", "person"])
    table = created["table"]
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_text(json.dumps({"type": "act", "action_id": 15}))
        assert receive(ws)["code"] == "not_joined"
        assert join(ws, "not-a-token")["code"] == "bad_token"
        watching = join(ws)
        assert data(watching)["seat"] is None
        assert data(watching)["observation"]["hand"] == []
        ws.send_text(json.dumps({"type": "act", "action_id": 15}))
        assert receive(ws)["code"] == "spectator"
        assert join(ws, token_of(created, 0))["code"] == "already_joined"
        ws.send_text(json.dumps({"type": "play_again"}))
        assert receive(ws)["code"] == "spectator"


def test_forged_and_illegal_messages_change_nothing(client: TestClient) -> None:
    """Malformed, forged, stale, out-of-turn and illegal actions get errors; the state stays."""
    created = create(client, "sixes", ["person", "person"])
    table = created["table"]
    with (
        client.websocket_connect(f"/ws/{table}") as ws0,
        client.websocket_connect(f"/ws/{table}") as ws1,
    ):
        first0 = join(ws0, token_of(created, 0))
        first1 = join(ws1, token_of(created, 1))
        receive(ws0)  # seat 1's arrival
        mover, other = (ws0, ws1) if first0["your_turn"] else (ws1, ws0)
        mine = first0 if first0["your_turn"] else first1
        legal_ids = {entry["id"] for entry in data(mine)["legal_actions"]}
        illegal = next(i for i in range(41) if i not in legal_ids)
        attempts = [
            ("not json", "bad_message"),
            ('{"type": "act", "action_id": "15"}', "bad_message"),
            ('{"type": "act", "action_id": 15, "seat": 1}', "bad_message"),
            ('{"type": "move", "card": "6d"}', "bad_message"),
            (json.dumps({"type": "act", "action_id": illegal}), "illegal_action"),
            (json.dumps({"type": "act", "action_id": 10**6}), "illegal_action"),
            (json.dumps({"type": "act", "action_id": min(legal_ids), "seq": 5}), "stale"),
            (json.dumps({"type": "play_again"}), "game_not_over"),
        ]
        for text, code in attempts:
            mover.send_text(text)
            error = receive(mover)
            assert error["type"] == "error"
            assert error["code"] == code, (text, error)
        other.send_text(json.dumps({"type": "act", "action_id": min(legal_ids)}))
        assert receive(other)["code"] == "not_your_turn"
        mover.send_bytes(b"\x00")
        assert receive(mover)["code"] == "bad_message"
        mover.send_text(json.dumps({"type": "act", "action_id": min(legal_ids), "seq": 0}))
        after = receive(mover)
    assert after["type"] == "update"
    assert after["seq"] == 1  # only the one legal action was applied
    assert len(data(after)["events"]) == 1


def test_play_again_deals_a_new_game_at_the_same_table(client: TestClient) -> None:
    """After the game is over, "play again" starts game 2 with a fresh deal (S3)."""
    created = create(client, "sixes", ["person", "random"], **SIXES_ONE_ROUND)
    with client.websocket_connect(f"/ws/{created['table']}") as ws:
        messages = play_to_the_end(ws, join(ws, token_of(created, 0)))
        ws.send_text(json.dumps({"type": "play_again"}))
        again = until(ws, lambda m: m["game_number"] == 2)
        assert again["seq"] in (0, 1)
        assert again["over"] is False
        assert again["record"] is None
    info = client.get(f"/api/tables/{created['table']}").json()
    assert info["game_number"] == 2
    assert [r["game_number"] for r in info["records"]] == [1]
    assert messages[-1]["record"] == info["records"][0]["id"]


# --- limits -------------------------------------------------------------------------------


def test_large_messages_are_refused_and_the_connection_closed(tmp_path: Path) -> None:
    """A message over ``max_message_bytes`` gets ``too_large`` and the socket closes."""
    with serving(tmp_path / "t.db", Settings(bot_delay=0, max_message_bytes=64)) as client:
        created = create(client, "sixes", ["person", "person"])
        with client.websocket_connect(f"/ws/{created['table']}") as ws:
            ws.send_text(json.dumps({"type": "join", "token": "x" * 100}))
            assert receive(ws)["code"] == "too_large"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_text()
            assert closed.value.code == 1009


def test_actions_per_second_are_limited_per_connection(tmp_path: Path) -> None:
    """Past the burst, a connection's messages get ``rate_limited`` until the budget refills."""
    settings = Settings(bot_delay=0, actions_per_second=0.01, burst=3)
    with serving(tmp_path / "t.db", settings) as client:
        created = create(client, "sixes", ["person", "person"])
        with client.websocket_connect(f"/ws/{created['table']}") as ws:
            join(ws, token_of(created, 0))
            codes = []
            for _ in range(4):
                ws.send_text(json.dumps({"type": "act", "action_id": 99}))
                codes.append(receive(ws)["code"])
    assert codes[:2] == ["illegal_action", "illegal_action"] or "not_your_turn" in codes[0]
    assert codes[2:] == ["rate_limited", "rate_limited"]


def test_websocket_origin_is_checked(tmp_path: Path) -> None:
    """A browser page from another origin cannot open a table's WebSocket (same origin only)."""
    with serving(tmp_path / "t.db") as client:
        created = create(client, "sixes", ["person", "person"])
        url = f"/ws/{created['table']}"
        evil = {"origin": "http://evil.example"}
        with (
            pytest.raises(WebSocketDisconnect) as refused,
            client.websocket_connect(url, headers=evil),
        ):
            pass
        assert refused.value.code == 1008
        with client.websocket_connect(url, headers={"origin": "http://testserver"}) as ws:
            assert join(ws)["type"] == "update"
    allowed = Settings(bot_delay=0, allowed_origins=("https://cards.example",))
    with serving(tmp_path / "t.db", allowed) as client:
        with client.websocket_connect(url, headers={"origin": "https://cards.example"}) as ws:
            assert join(ws)["type"] == "update"
        own = {"origin": "http://testserver"}
        with pytest.raises(WebSocketDisconnect), client.websocket_connect(url, headers=own):
            pass


def test_unknown_and_idle_tables_are_closed(tmp_path: Path) -> None:
    """A socket to no table gets ``no_table``; an idle table is expired with its sockets."""
    with serving(tmp_path / "t.db", Settings(bot_delay=0, idle_seconds=0.0)) as client:
        with client.websocket_connect("/ws/nope") as ws:
            assert receive(ws)["code"] == "no_table"
        created = create(client, "sixes", ["person", "person"])
        with client.websocket_connect(f"/ws/{created['table']}") as ws:
            join(ws, token_of(created, 0))
            hub = client.app.state.hub  # type: ignore[attr-defined]
            expired = client.portal.call(hub.expire_idle, time.time() + 1)  # type: ignore[union-attr]
            assert expired == [created["table"]]
            assert receive(ws)["code"] == "no_table"
        assert client.get(f"/api/tables/{created['table']}").status_code == 404


def test_a_thinking_bot_does_not_stall_another_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While one table's bot thinks for a long time, another table's person plays on."""
    thinking = threading.Event()
    release = threading.Event()
    original = RandomBot.choose

    def slow_choose(self: RandomBot, observation: Any, legal: Any) -> Any:
        thinking.set()
        release.wait(10)
        return original(self, observation, legal)

    monkeypatch.setattr(RandomBot, "choose", slow_choose)
    with serving(tmp_path / "t.db") as client:
        create(client, "sixes", ["random", "random"])  # its bot now thinks, off the loop
        assert thinking.wait(5)
        created = create(client, "sixes", ["person", "person"])
        started = time.monotonic()
        with client.websocket_connect(f"/ws/{created['table']}") as ws:
            assert join(ws, token_of(created, 0))["type"] == "update"
        elapsed = time.monotonic() - started
        release.set()
    assert elapsed < 2


# --- persistence --------------------------------------------------------------------------


def test_a_restart_mid_deal_resumes_every_table(tmp_path: Path) -> None:
    """Stop the server mid-deal and start it on the same file: every table is where it was."""
    db = tmp_path / "tables.db"
    patient = Settings(bot_delay=60.0, actions_per_second=1000.0, burst=1000)
    with serving(db, patient) as client:
        people = create(client, "paiute", ["person", "person"], max_turns=40)
        bots = create(client, "sixes", ["random", "random"], **SIXES_ONE_ROUND)
        with client.websocket_connect(f"/ws/{people['table']}") as ws:
            message = join(ws, token_of(people, 0))
            for _ in range(3):
                if not message["your_turn"]:
                    break
                action = data(message)["legal_actions"][0]["id"]
                ws.send_text(
                    json.dumps({"type": "act", "action_id": action, "seq": message["seq"]})
                )
                message = receive(ws)
        before = message
    with serving(db) as client:
        with client.websocket_connect(f"/ws/{people['table']}") as ws:
            resumed = join(ws, token_of(people, 0))
        assert resumed["seq"] == before["seq"]
        assert data(resumed)["observation"] == data(before)["observation"]
        assert resumed["drawing"] == before["drawing"]
        # The bots' table goes on by itself after the restart and finishes its game.
        with client.websocket_connect(f"/ws/{bots['table']}") as ws:
            final = until(ws, lambda m: m["over"], first=join(ws))
        assert final["record"] is not None


def test_a_game_finished_before_a_restart_keeps_its_record(tmp_path: Path) -> None:
    """A finished game's record is stored once and is still downloadable after a restart."""
    db = tmp_path / "tables.db"
    with serving(db) as client:
        created = create(client, "sixes", ["person", "random"], **SIXES_ONE_ROUND)
        with client.websocket_connect(f"/ws/{created['table']}") as ws:
            final = play_to_the_end(ws, join(ws, token_of(created, 0)))[-1]
    with serving(db) as client:
        with client.websocket_connect(f"/ws/{created['table']}") as ws:
            again = join(ws, token_of(created, 0))
        assert again["over"] is True
        assert again["record"] == final["record"]
        assert client.get(f"/api/records/{final['record']}").status_code == 200


def test_the_server_runs_on_an_in_memory_database() -> None:
    """``:memory:`` keeps nothing but serves tables all the same."""
    with serving(":memory:") as client:
        created = create(client, "paiute", ["person", "random"], max_turns=10)
        with client.websocket_connect(f"/ws/{created['table']}") as ws:
            assert data(join(ws, token_of(created, 0)))["seat"] == 0


# --- the edges ----------------------------------------------------------------------------


class _GoneSocket:
    """A WebSocket whose browser has gone (or fails on send)."""

    def __init__(self, state: Any, error: Exception | None = None) -> None:
        self.application_state = state
        self._error = error

    async def send_text(self, text: str) -> None:
        del text
        if self._error is not None:
            raise self._error


def test_sending_to_a_gone_browser_is_quietly_dropped(client: TestClient) -> None:
    """A connection that has closed, or fails to send, is dropped from its table."""
    from starlette.websockets import WebSocketState

    from cardgames.web.app import Connection

    hub = client.app.state.hub  # type: ignore[attr-defined]
    created = create(client, "sixes", ["person", "person"])
    table = hub.tables[created["table"]]
    closed = Connection(_GoneSocket(WebSocketState.DISCONNECTED), FAST)  # type: ignore[arg-type]
    failing = Connection(_GoneSocket(WebSocketState.CONNECTED, RuntimeError("gone")), FAST)  # type: ignore[arg-type]
    hub.connections[table.id] = {closed, failing}
    client.portal.call(hub.broadcast, table)  # type: ignore[union-attr]
    assert hub.connections[table.id] == set()
    client.portal.call(hub.handle, closed, "no-such-table", "{}")  # type: ignore[union-attr]


def test_idle_tables_expire_by_themselves(tmp_path: Path) -> None:
    """The expiry task closes idle tables, stopping their bots, without being asked."""
    settings = Settings(bot_delay=30.0, idle_seconds=0.0, expiry_interval=0.05)
    with serving(tmp_path / "t.db", settings) as client:
        created = create(client, "sixes", ["random", "random"])
        deadline = time.monotonic() + 5
        while client.get(f"/api/tables/{created['table']}").status_code == 200:
            assert time.monotonic() < deadline
            time.sleep(0.05)


def test_a_phone_gets_narrow_drawings(client: TestClient) -> None:
    """A client that joins with a narrow width gets the narrow drawings, replays too."""
    created = create(client, "paiute", ["person", "random"], max_turns=4)
    with client.websocket_connect(f"/ws/{created['table']}") as ws:
        ws.send_text(json.dumps({"type": "join", "token": token_of(created, 0), "width": 390}))
        assert 'viewBox="0 0 400 ' in receive(ws)["drawing"]
        assert client.post("/api/replay?width=wide", json={}).status_code == 400


def test_bad_and_oversized_records_are_not_replayed(tmp_path: Path) -> None:
    """The replay viewer refuses a broken record (400) and one over its action limit (413)."""
    settings = Settings(bot_delay=0.0, max_replay_actions=3, actions_per_second=1e3, burst=1000)
    with serving(tmp_path / "t.db", settings) as client:
        assert client.post("/api/replay", json={"format": "nope"}).status_code == 400
        created = create(client, "sixes", ["person", "random"], **SIXES_ONE_ROUND)
        with client.websocket_connect(f"/ws/{created['table']}") as ws:
            final = play_to_the_end(ws, join(ws, token_of(created, 0)))[-1]
            ws.send_text(json.dumps({"type": "act", "action_id": 0}))
            assert receive(ws)["code"] == "game_over"
        assert client.get(f"/api/records/{final['record']}/replay").status_code == 413


def test_serve_runs_uvicorn_with_the_options(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``cardgames serve`` builds the app from its options and runs it with uvicorn."""
    import uvicorn

    seen: dict[str, Any] = {}

    def fake_run(app: Any, **options: Any) -> None:
        seen.update(options, app=app)

    monkeypatch.setattr(uvicorn, "run", fake_run)
    out = io.StringIO()
    args = cli.build_parser().parse_args(
        ["serve", "--port", "8123", "--db", str(tmp_path / "x.db"), "--bot-delay", "0.1"]
    )
    from cardgames.web import serve

    assert serve.run(args, out) == 0
    assert seen["port"] == 8123
    assert seen["host"] == "127.0.0.1"
    assert "http://127.0.0.1:8123/" in out.getvalue()
    assert cli.main(["serve", "--port", "8124", "--db", str(tmp_path / "y.db")]) == 0
    assert seen["port"] == 8124


def test_without_starlette_the_error_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the web extra, create_app raises MissingExtraError naming the extra."""
    import sys

    from cardgames.errors import MissingExtraError

    monkeypatch.setitem(sys.modules, "cardgames.web.app", None)
    with pytest.raises(MissingExtraError, match=r"cardgames-engine\[web\]"):
        create_app(":memory:")


# --- hints --------------------------------------------------------------------------------

HINTS = Settings(
    bot_delay=0.0, actions_per_second=1000.0, burst=1000, hint_samples=6, hints_per_game=2
)


def test_a_hint_ranks_the_seats_legal_actions_from_its_own_observation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hint: each legal action's win chance and chips with intervals, best first (S6)."""
    from cardgames.advisor import advise as real_advise

    seen: list[Any] = []

    def spying_advise(game: Any, observation: Any, budget: int, **options: Any) -> Any:
        seen.append((observation, budget, threading.current_thread().name))
        return real_advise(game, observation, budget, **options)

    monkeypatch.setattr("cardgames.web.app.advise", spying_advise)
    with serving(tmp_path / "t.db", HINTS) as client:
        created = create(client, "sixes", ["person", "random"], max_rounds=1)
        with client.websocket_connect(f"/ws/{created['table']}") as ws:
            first = until(ws, lambda m: m["your_turn"], first=join(ws, token_of(created, 0)))
            ws.send_text(json.dumps({"type": "hint", "seq": first["seq"]}))
            hint = receive(ws)
            hub = client.app.state.hub  # type: ignore[attr-defined]
            state = hub.tables[created["table"]].state
    assert hint["type"] == "hint"
    assert hint["seq"] == first["seq"]
    legal = data(first)["legal_actions"]
    assert sorted(entry["id"] for entry in hint["advice"]) == sorted(e["id"] for e in legal)
    notation = {entry["id"]: entry["notation"] for entry in legal}
    wins = [entry["win"]["mean"] for entry in hint["advice"]]
    assert wins == sorted(wins, reverse=True)
    for entry in hint["advice"]:
        assert entry["notation"] == notation[entry["id"]]
        win = entry["win"]
        assert 0.0 <= win["low"] <= win["mean"] <= win["high"] <= 1.0
        assert entry["samples"] == 6
    observation, budget, thread = seen[0]
    assert observation == client_game(created).observe(state, PlayerId(0))
    assert budget == 6
    assert thread.startswith("cardgames-bot")  # off the event loop, in the bots' pool


def client_game(created: dict[str, Any]) -> Any:
    """The game of a created table (Sixes, two players, one round)."""
    from cardgames.sixes import Sixes, SixesConfig

    assert created["game"] == "sixes"
    return Sixes(SixesConfig(num_players=2, max_rounds=1))


def test_hints_are_only_for_the_seat_on_its_turn_and_limited(tmp_path: Path) -> None:
    """Hints: not for spectators, other seats' turns, stale views or past the per-game limit."""
    with serving(tmp_path / "t.db", HINTS) as client:
        created = create(client, "sixes", ["person", "person"], max_rounds=1)
        table = created["table"]
        with (
            client.websocket_connect(f"/ws/{table}") as ws0,
            client.websocket_connect(f"/ws/{table}") as ws1,
            client.websocket_connect(f"/ws/{table}") as watcher,
        ):
            first0 = join(ws0, token_of(created, 0))
            first1 = join(ws1, token_of(created, 1))
            receive(ws0)  # seat 1's arrival
            join(watcher)
            receive(ws0), receive(ws1)  # the watcher's arrival
            mover, other = (ws0, ws1) if first0["your_turn"] else (ws1, ws0)
            seq = first0["seq"]
            del first1
            watcher.send_text(json.dumps({"type": "hint"}))
            assert receive(watcher)["code"] == "spectator"
            other.send_text(json.dumps({"type": "hint"}))
            assert receive(other)["code"] == "not_your_turn"
            mover.send_text(json.dumps({"type": "hint", "seq": seq + 3}))
            assert receive(mover)["code"] == "stale"
            codes = []
            for _ in range(3):
                mover.send_text(json.dumps({"type": "hint", "seq": seq}))
                codes.append(until(mover, lambda m: m["type"] in {"hint", "error"})["type"])
            mover.send_text(json.dumps({"type": "hint"}))
            refused = receive(mover)
    assert codes == ["hint", "hint", "error"]
    assert refused["code"] == "hint_limit"
    assert "2 per game" in refused["message"]


def test_one_hint_at_a_time_per_connection_and_none_after_the_game(tmp_path: Path) -> None:
    """Hints: a request while one is being worked out is refused; none once the game is over."""
    from cardgames.web.app import Connection
    from cardgames.web.table import TableError

    with serving(tmp_path / "t.db", HINTS) as client:
        created = create(client, "sixes", ["person", "random"], max_rounds=1)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        table = hub.tables[created["table"]]
        seat = table.game.current_player(table.state)
        busy = Connection(_GoneSocket(None), HINTS)  # type: ignore[arg-type]
        busy.seat, busy.joined, busy.hinting = seat, True, True
        with pytest.raises(TableError, match="already being worked out") as refused:
            client.portal.call(hub._hint, busy, table, seat, None)  # type: ignore[union-attr]
        assert refused.value.code == "hint_limit"
        with client.websocket_connect(f"/ws/{created['table']}") as ws:
            final = play_to_the_end(ws, join(ws, token_of(created, 0)))[-1]
            ws.send_text(json.dumps({"type": "hint", "seq": final["seq"]}))
            assert receive(ws)["code"] == "game_over"


def test_the_protocol_schema_is_served_with_each_games_seat_message(client: TestClient) -> None:
    """GET /api/schema/<game>: the protocol schema embedding that game's seat message schema."""
    from cardgames.serialization import json_schema

    generic = client.get("/api/schema").json()
    assert generic["$defs"]["update"]["properties"]["protocol"] == {"const": 2}
    sixes = client.get("/api/schema/sixes").json()
    embedded = sixes["$defs"]["seat_message"]
    assert embedded["$defs"] == json_schema("sixes", "seat_message")["$defs"]
    assert client.get("/api/schema/chess").status_code == 404
