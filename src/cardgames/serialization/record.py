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
from collections.abc import Callable, Sequence
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

__all__ = [
    "GameRecord",
    "dumps_record",
    "encode_record",
    "loads_record",
    "record_game",
    "replay",
]

AnyGame = Game[Any, Any, Any]


def _tuple_or_none(item: type) -> Callable[[Any, Any, Any], None]:
    def check(_record: object, attribute: Any, value: object) -> None:  # noqa: ANN401
        if value is None:
            return
        if not isinstance(value, tuple) or not all(
            isinstance(v, item) and not isinstance(v, bool) for v in value
        ):
            raise TypeError(f"{attribute.name}: expected a tuple of {item.__name__} or None")

    return check


def _check_players(_record: object, _attribute: object, players: object) -> None:
    if not isinstance(players, tuple) or not all(isinstance(name, str) for name in players):
        raise TypeError(f"players: expected a tuple of names, not {players!r}")
    for seat, name in enumerate(players):
        try:
            name.encode("utf-8")
        except UnicodeEncodeError:
            raise DecodeError(
                f"players[{seat}]: {name!r} is not valid Unicode text (a lone surrogate)"
            ) from None


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
        players: Optional names of who sat in each seat (bots or people). Any text that can
            be written as UTF-8 (no lone surrogates); control characters are allowed, and the
            command line prints them escaped.

    Raises:
        TypeError: a field of the wrong type (``game`` not a string, ``actions`` not a tuple,
            ``deck``, ``returns`` or ``players`` not a tuple of cards, integers or strings).
        DecodeError: a player name holds a lone surrogate, so no file can store it.
    """

    game: str = attrs.field(validator=attrs.validators.instance_of(str))
    config: Any
    seed: int
    deck: tuple[Card, ...] | None = attrs.field(default=None, validator=_tuple_or_none(Card))
    chance: Chance | None = attrs.field(
        default=None, validator=attrs.validators.optional(attrs.validators.instance_of(Chance))
    )
    actions: tuple[Any, ...] = attrs.field(validator=attrs.validators.instance_of(tuple))
    returns: tuple[int, ...] | None = attrs.field(default=None, validator=_tuple_or_none(int))
    players: tuple[str, ...] = attrs.field(default=(), validator=_check_players)

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
        DecodeError: ``players`` has a name for some seats only, or a name with a lone
            surrogate.
        TypeError: ``actions``, ``deck`` or ``players`` is not a sequence of the right values.
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
        DecodeError: the record's config, seed or deck is invalid, or it names some seats
            only.
        TypeError: ``record`` is not a :class:`GameRecord`.
    """
    game = _checked_game(record)
    chance = record.chance
    classes = game_info(record.game).action_classes
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
        if not isinstance(action, classes):
            raise ReplayError(f"actions[{step}]: {action!r} is not a {record.game} action")
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


def _checked_game(record: GameRecord) -> AnyGame:
    """The game of ``record``, once the fields that do not depend on the rules are checked."""
    _expect_record(record)
    game = record.make_game()
    if record.chance is not None and record.deck is not None:
        raise DecodeError("chance: give chance or deck, not both")
    if isinstance(record.seed, bool) or not isinstance(record.seed, int):
        raise DecodeError(f"seed: expected an integer, not {type(record.seed).__name__}")
    if record.players and len(record.players) != game.num_players:
        raise DecodeError(
            f"players: {len(record.players)} names for a {game.num_players}-player game"
        )
    return game


def _expect_record(record: object) -> None:
    if not isinstance(record, GameRecord):
        raise TypeError(f"expected a GameRecord, not {type(record).__name__}")


def encode_record(record: GameRecord) -> dict[str, JSON]:
    """The JSON document (a dict) of a record.

    Raises:
        TypeError: ``record`` is not a :class:`GameRecord`, or its values are not those of
            its game (an action of another game, a config of the wrong class).
        DecodeError: the record names no known game.
    """
    _expect_record(record)
    info = game_info(record.game)
    for step, action in enumerate(record.actions):
        if not isinstance(action, info.action_classes):
            raise TypeError(f"actions[{step}]: {action!r} is not a {info.name} action")
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
    """The JSON text of a record (one line unless ``indent`` is given: JSON-lines friendly).

    Raises:
        TypeError: as :func:`encode_record`.
        DecodeError: as :func:`encode_record`.
    """
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
