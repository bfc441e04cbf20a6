"""A minimal front end that speaks only JSON: observations and legal moves out, actions in.

The server side keeps the state and talks to each seat with JSON text only, as a web or chat
front end would: it sends the player's observation and the legal actions as JSON documents
(:func:`cardgames.serialization.dumps`) and reads back an action document
(:func:`cardgames.serialization.decode_action`). Here the "client" is a scripted function
that picks a move from the JSON it receives, so the example runs without a terminal.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from cardgames.errors import DecodeError, IllegalActionError
from cardgames.serialization import decode_action, dumps
from cardgames.sixes import Sixes, SixesConfig

Client = Callable[[str], str]
"""Receives a JSON message, answers with a JSON action document."""


def serve(game: Sixes, clients: list[Client], seed: int) -> tuple[int, ...]:
    """Run one game, exchanging only JSON with the clients; return the chip results."""
    state = game.initial_state(seed)
    while not game.is_terminal(state):
        player = game.current_player(state)
        assert player is not None
        legal = game.legal_actions(state)
        message = json.dumps(
            {
                "observation": json.loads(dumps(game, game.observe(state, player))),
                "legal_actions": [json.loads(dumps(game, action)) for action in legal],
            }
        )
        reply = clients[player](message)
        try:
            state = game.apply(state, decode_action(game, reply))
        except (DecodeError, IllegalActionError) as error:  # a bad reply changes nothing
            print(f"player {player} sent a bad move ({error}); asking again")
    return game.returns(state)


def first_legal_client(message: str) -> str:
    """A client that answers with the first legal action it was offered."""
    offered = json.loads(message)["legal_actions"]
    return json.dumps(offered[0])


def last_legal_client(message: str) -> str:
    """A client that answers with the last legal action it was offered."""
    offered = json.loads(message)["legal_actions"]
    return json.dumps(offered[-1])


def main() -> None:
    """Serve a two-player round of Sixes to two scripted JSON clients."""
    game = Sixes(SixesConfig(num_players=2, max_rounds=1))
    opening = game.legal_actions(game.initial_state(1))[0]
    print("an action document:", dumps(game, opening))
    returns = serve(game, [first_legal_client, last_legal_client], seed=1)
    print(f"chips won or lost: {returns}")


if __name__ == "__main__":
    main()
