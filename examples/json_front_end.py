"""A minimal front end that speaks only JSON: seat messages out, actions in, for any game.

The server side keeps the state and talks to each seat with JSON text only, as a web or chat
front end would. After every action it sends each seat one seat message
(:func:`cardgames.serialization.seat_message`): the seat's observation, its legal actions (each
with its notation and its id) and the events since its previous message, redacted for that
seat. The seat to act answers with an action document or just an action id
(:func:`cardgames.serialization.loads` reads the document). Here the "clients" are scripted
functions that read nothing but the JSON they receive, so the example runs without a terminal;
it serves a round of Sixes and a deal of Paiute the same way.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from cardgames.errors import DecodeError, IllegalActionError
from cardgames.events import Event, describe
from cardgames.game import Game, PlayerId
from cardgames.paiute import Paiute, PaiuteConfig
from cardgames.serialization import dumps, loads, seat_message
from cardgames.sixes import Sixes, SixesConfig

AnyGame = Game[Any, Any, Any]
Client = Callable[[str], str | None]
"""Receives a seat message; answers with an action document or an id (as JSON) on its turn."""


def serve(game: AnyGame, clients: list[Client], seed: int) -> tuple[int, ...]:
    """Run one game, exchanging only JSON with the clients; return the chip results."""
    state = game.initial_state(seed)
    unsent: dict[int, list[Event]] = {seat: [] for seat in range(game.num_players)}
    while True:
        replies = {}
        for seat, client in enumerate(clients):
            message = seat_message(game, state, seat, events=unsent[seat])
            unsent[seat] = []
            replies[seat] = client(dumps(game, message))
        player = game.current_player(state)
        if player is None:
            return game.returns(state)
        reply = replies[player]
        try:
            action = read_action(game, reply)
            after = game.apply(state, action)
        except (DecodeError, IllegalActionError) as error:  # a bad reply changes nothing
            print(f"player {player} sent a bad move ({error}); asking again")
            continue
        for seat in range(game.num_players):
            unsent[seat] += describe(game, state, action, viewer=PlayerId(seat), next_state=after)
        state = after


def read_action(game: AnyGame, reply: str | None) -> object:
    """The action a reply names: an action document, or a bare action id."""
    if reply is None:
        raise DecodeError("document: no answer on the player's turn")
    value = json.loads(reply)
    if isinstance(value, int) and not isinstance(value, bool):
        try:
            return game.action_from_id(value)
        except ValueError:
            raise DecodeError(f"document: no action has id {value}") from None
    return loads(game, value)


class LoggingClient:
    """A client that keeps a log of the events it is told and picks an action by a rule."""

    def __init__(self, pick: Callable[[list[dict[str, Any]]], dict[str, Any]]) -> None:
        self.pick = pick
        self.log: list[str] = []

    def __call__(self, text: str) -> str | None:
        """Read a seat message; on this seat's turn, answer with the chosen action's id."""
        message = json.loads(text)
        self.log += [event["text"] for event in message["data"]["events"]]
        offered = message["data"]["legal_actions"]
        if not offered:
            return None
        return json.dumps(self.pick(offered)["id"])


def first(offered: list[dict[str, Any]]) -> dict[str, Any]:
    """The first action offered."""
    return offered[0]


def last(offered: list[dict[str, Any]]) -> dict[str, Any]:
    """The last action offered (in Paiute: a call or a discard of the newest card)."""
    return offered[-1]


def document_client(text: str) -> str | None:
    """A client that answers with an action document rather than an id."""
    message = json.loads(text)
    offered = message["data"]["legal_actions"]
    if not offered:
        return None
    document = {key: message[key] for key in ("format", "version", "game")}
    return json.dumps({**document, "kind": "action", "data": offered[0]["action"]})


def main() -> None:
    """Serve a round of Sixes and a deal of Paiute to scripted JSON clients."""
    sixes = Sixes(SixesConfig(num_players=2, max_rounds=1))
    print("an action document:", dumps(sixes, sixes.legal_actions(sixes.initial_state(1))[0]))
    print(f"sixes: chips won or lost: {serve(sixes, [document_client, LoggingClient(last)], 1)}")

    paiute = Paiute(PaiuteConfig(num_players=3, deals=1))
    clients = [LoggingClient(first), LoggingClient(last), LoggingClient(last)]
    returns = serve(paiute, list(clients), seed=4)
    print(f"paiute: chips won or lost: {returns}")
    print("what player 0 was told, last lines:")
    for line in clients[0].log[-6:]:
        print("  ", line)
    assert sum(returns) == 0
    assert clients[0].log[-1].startswith("session over")


if __name__ == "__main__":
    main()
