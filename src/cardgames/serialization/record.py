"""Game records: the game, its config, the seed and the actions, enough to replay exactly.

A record is what a simulator stores and what a bug report attaches::

    >>> from cardgames.game import playout
    >>> import random
    >>> from cardgames.sixes import Sixes, SixesConfig
    >>> game = Sixes(SixesConfig(num_players=4, max_rounds=1))
    >>> final, actions = playout(game, random.Random(1), seed=11)
    >>> record = record_game(game, actions, seed=11)
    >>> states = replay(record)
    >>> states[-1] == final, record.returns == game.returns(final)
    (True, True)
    >>> loads_record(dumps_record(record)) == record
    True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import attrs

from cardgames.cards import Card
from cardgames.errors import DecodeError, IllegalActionError, InvalidConfigError, ReplayError
from cardgames.game import Chance, Game, PlayerId, apply_with_chance, start_with_chance
from cardgames.registry import game_info
from cardgames.serialization.codec import JSON, decode_value, encode_value
from cardgames.serialization.document import (
    FORMAT,
    VERSION,
    action_type,
    decode_config_value,
    encode_config,
    make_game,
    open_document,
)

__all__ = ["GameRecord", "dumps_record", "loads_record", "record_game", "replay"]

AnyGame = Game[Any, Any, Any]


@attrs.frozen(kw_only=True)
class GameRecord:
    """A replayable game: game name, config, chance (seed or deck), actions and result.

    Attributes:
        game: The game's name (see :mod:`cardgames.registry`).
        config: The game's config object (None for a game without options).
        seed: The seed given to ``initial_state``; it resolves every chance event.
        deck: An explicit first-deal deck order, when the game started from one.
        chance: The chance outcomes injected instead of the seed's (see
            :class:`~cardgames.game.Chance`), when the game was played with them; the seed
            resolves every outcome they leave out. Not together with ``deck``.
        actions: Every action, in order.
        returns: Each seat's chip result at the end of the actions (None if not recorded).
        players: Optional names of who sat in each seat (bots or people).
    """

    game: str
    config: Any
    seed: int
    deck: tuple[Card, ...] | None = None
    chance: Chance | None = None
    actions: tuple[Any, ...]
    returns: tuple[int, ...] | None = None
    players: tuple[str, ...] = ()

    def make_game(self) -> AnyGame:
        """The game this record was played with."""
        return make_game(game_info(self.game), self.config, "config")


def record_game(  # noqa: PLR0913 - keyword-only chance and names after the game and actions
    game: AnyGame,
    actions: Sequence[Any],
    *,
    seed: int,
    deck: Sequence[Card] | None = None,
    chance: Chance | None = None,
    players: Sequence[str] = (),
) -> GameRecord:
    """Record a game played from ``seed`` (and ``deck`` or ``chance``), checking every action.

    A game played with injected chance (:func:`~cardgames.game.start_with_chance`) records
    its :class:`~cardgames.game.Chance` and replays exactly.

    Raises:
        ReplayError: an action is not legal at its step.
    """
    record = GameRecord(
        game=game.name,
        config=game.config,
        seed=seed,
        deck=None if deck is None else tuple(deck),
        chance=chance,
        actions=tuple(actions),
        players=tuple(players),
    )
    final = replay(record)[-1]
    return attrs.evolve(record, returns=tuple(game.returns(final)))


def replay(record: GameRecord) -> tuple[Any, ...]:
    """Every state of a record, from the deal to the state after its last action.

    Raises:
        ReplayError: an action is illegal at its step (the message names the step, the
            action and the rule), or the recorded result differs from the replayed one.
        DecodeError: the record's config or deck is invalid.
    """
    game = record.make_game()
    chance = record.chance
    if chance is not None and record.deck is not None:
        raise DecodeError("chance: give chance or deck, not both")
    try:
        if chance is None:
            state = game.initial_state(record.seed, deck=record.deck)
        else:
            state = start_with_chance(game, chance, seed=record.seed)
    except (InvalidConfigError, ValueError) as error:
        raise DecodeError(f"{'deck' if chance is None else 'chance'}: {error}") from None
    states = [state]
    shuffles = 1
    for step, action in enumerate(record.actions):
        try:
            if chance is None:
                state = game.apply(state, action)
            else:
                state, shuffles = apply_with_chance(game, state, action, chance, shuffles)
        except InvalidConfigError as error:
            raise DecodeError(f"chance: at step {step}: {error}") from None
        except IllegalActionError as error:
            raise ReplayError(f"actions[{step}]: illegal at step {step}: {error}") from None
        states.append(state)
    if record.returns is not None and tuple(game.returns(state)) != record.returns:
        raise ReplayError(
            f"returns: the record says {list(record.returns)}, "
            f"the replay gives {list(game.returns(state))}"
        )
    return tuple(states)


def encode_record(record: GameRecord) -> dict[str, JSON]:
    """The JSON document (a dict) of a record."""
    info = game_info(record.game)
    return {
        "format": FORMAT,
        "version": VERSION,
        "kind": "record",
        "game": record.game,
        "data": {
            "config": encode_config(info, record.config),
            "seed": record.seed,
            "deck": None if record.deck is None else [str(card) for card in record.deck],
            **({} if record.chance is None else {"chance": _encode_chance(record.chance)}),
            "players": list(record.players),
            "actions": [encode_value(action, action_type(info)) for action in record.actions],
            "returns": None if record.returns is None else list(record.returns),
        },
    }


def dumps_record(record: GameRecord, *, indent: int | None = None) -> str:
    """The JSON text of a record (one line unless ``indent`` is given: JSON-lines friendly)."""
    return json.dumps(encode_record(record), indent=indent, ensure_ascii=False)


_RECORD_FIELDS = {"config", "seed", "deck", "chance", "players", "actions", "returns"}


def _encode_chance(chance: Chance) -> JSON:
    return {
        "dealer": chance.dealer,
        "decks": [None if deck is None else [str(c) for c in deck] for deck in chance.decks],
    }


def _decode_chance(data: JSON) -> Chance | None:
    if data is None:
        return None
    if not isinstance(data, dict) or set(data) - {"dealer", "decks"}:
        raise DecodeError("chance: expected an object with dealer and decks")
    return Chance(
        dealer=decode_value(data.get("dealer"), PlayerId | None, "chance.dealer"),
        decks=decode_value(
            data.get("decks", []), tuple[tuple[Card, ...] | None, ...], "chance.decks"
        ),
    )


def loads_record(source: str | bytes | JSON) -> GameRecord:
    """Decode a record document (text or parsed JSON). Legality is checked by :func:`replay`.

    Raises:
        DecodeError: the document is malformed; the message says where and what.
    """
    document, info = open_document(source, "record")
    data = document["data"]
    if not isinstance(data, dict):
        raise DecodeError("data: expected an object")
    unknown = sorted(set(data) - _RECORD_FIELDS)
    if unknown:
        raise DecodeError(f"data: unknown field {unknown[0]!r}")
    missing = sorted({"config", "seed", "actions"} - set(data))
    if missing:
        raise DecodeError(f"data: missing field {missing[0]!r}")
    config = decode_config_value(info, data["config"], "config")
    make_game(info, config, "config")
    actions = data["actions"]
    if not isinstance(actions, list):
        raise DecodeError("actions: expected an array")
    union = action_type(info)
    return GameRecord(
        game=info.name,
        config=config,
        seed=decode_value(data["seed"], int, "seed"),
        deck=decode_value(data.get("deck"), tuple[Card, ...] | None, "deck"),
        chance=_decode_chance(data.get("chance")),
        actions=tuple(decode_value(a, union, f"actions[{i}]") for i, a in enumerate(actions)),
        returns=decode_value(data.get("returns"), tuple[int, ...] | None, "returns"),
        players=decode_value(data.get("players", []), tuple[str, ...], "players"),
    )
