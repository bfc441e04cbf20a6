"""A table: one game at a time between people and bots, checked by the engine at every step.

A :class:`Table` keeps only what its record needs (the config, the seed, the action ids) and the
current state, which it can always rebuild by replaying the actions: that is how a restarted
server resumes every table where it was.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from typing import Any, Literal, TypeAlias

import attrs

from cardgames.bots import Bot, BotSpec
from cardgames.errors import CardgamesError, IllegalActionError
from cardgames.game import Game, PlayerId
from cardgames.serialization import GameRecord, record_game
from cardgames.web.messages import ErrorCode, SeatInfo

__all__ = ["Seat", "Table", "TableError", "hash_token", "new_token"]

AnyGame: TypeAlias = Game[Any, Any, Any]


class TableError(CardgamesError, ValueError):
    """A request the table refuses; nothing changed.

    Attributes:
        code: The protocol's error code (see :data:`cardgames.web.messages.ErrorCode`).
    """

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code: ErrorCode = code


def new_token() -> str:
    """A fresh secret seat token (URL-safe, 144 bits from the OS)."""
    return secrets.token_urlsafe(18)


def hash_token(token: str) -> str:
    """What the server stores of a token: its SHA-256, so a copied database opens no seat."""
    return hashlib.sha256(token.encode()).hexdigest()


@attrs.frozen(kw_only=True)
class Seat:
    """Who plays a seat.

    Attributes:
        kind: ``"person"`` or ``"bot"``.
        bot: The bot's specification, for a bot seat.
        token_hash: The hash of the person's secret token, for a person's seat.
    """

    kind: Literal["person", "bot"]
    bot: BotSpec | None = None
    token_hash: str | None = None

    def to_json(self) -> dict[str, str | None]:
        """The seat as stored in the database."""
        return {
            "kind": self.kind,
            "bot": None if self.bot is None else str(self.bot),
            "token_hash": self.token_hash,
        }

    @classmethod
    def from_json(cls, data: dict[str, str | None]) -> Seat:
        """A seat stored by :meth:`to_json`."""
        bot = data.get("bot")
        return cls(
            kind="bot" if data.get("kind") == "bot" else "person",
            bot=None if bot is None else BotSpec.parse(bot),
            token_hash=data.get("token_hash"),
        )


def bot_seed(seed: int, seat: int, game_number: int) -> int:
    """The seed of a bot's own randomness, fixed by the table's seed, the seat and the game."""
    digest = hashlib.sha256(f"{seed}:{seat}:{game_number}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@attrs.define(eq=False)
class Table:
    """One table: its game, seats, the current game's seed and actions, and its state.

    Attributes:
        id: The table's id (public: it is in every link to the table).
        game: The game, with its config.
        seats: Who plays each seat.
        seed: The current game's seed (secret until the game's record is published).
        game_number: The current game's number at this table, from 1.
        actions: The current game's action ids, in order.
        state: The current state (rebuilt from the seed and the actions).
        record_id: The stored record of the current game once it is over.
        bots: The built bots by seat (rebuilt from their specs after a restart).
        hints: How many hints each seat has asked for in the current game.
    """

    id: str
    game: AnyGame
    seats: tuple[Seat, ...]
    seed: int
    game_number: int = 1
    actions: list[int] = attrs.field(factory=list)
    state: Any = attrs.field(init=False, default=None)
    record_id: int | None = None
    bots: dict[int, Bot[Any, Any]] = attrs.field(factory=dict)
    hints: dict[int, int] = attrs.field(factory=dict)

    def __attrs_post_init__(self) -> None:
        self.state = self._replay()
        self._build_bots()

    def _replay(self) -> object:
        state = self.game.initial_state(self.seed)
        for action_id in self.actions:
            state = self.game.apply(state, self.game.action_from_id(action_id))
        return state

    def _build_bots(self) -> None:
        self.bots = {
            seat: spec.bot.build(self.game, bot_seed(self.seed, seat, self.game_number))
            for seat, spec in enumerate(self.seats)
            if spec.bot is not None
        }

    @property
    def seq(self) -> int:
        """How many actions the current game has had."""
        return len(self.actions)

    @property
    def is_over(self) -> bool:
        """Whether the current game is over."""
        return bool(self.game.is_terminal(self.state))

    def seat_of(self, token: str) -> PlayerId:
        """The person's seat that ``token`` opens.

        Raises:
            TableError: no seat of this table has that token.
        """
        digest = hash_token(token)
        for seat, info in enumerate(self.seats):
            if info.token_hash is not None and hmac.compare_digest(info.token_hash, digest):
                return PlayerId(seat)
        raise TableError("bad_token", "this link opens no seat at this table")

    def bot_to_play(self) -> PlayerId | None:
        """The bot's seat to act now, or None when a person (or nobody) is to act."""
        seat = self.game.current_player(self.state)
        return seat if seat is not None and seat in self.bots else None

    def act(self, seat: PlayerId, action_id: int, seq: int | None = None) -> tuple[object, object]:
        """Apply the action with ``action_id`` for ``seat``; returns (previous state, action).

        Raises:
            TableError: the game is over, it is not ``seat``'s turn, ``seq`` is out of date,
                or the action is unknown or illegal (the engine's message says which rule).
        """
        if self.is_over:
            raise TableError("game_over", "the game is over: ask to play again")
        to_play = self.game.current_player(self.state)
        if to_play != seat:
            raise TableError("not_your_turn", f"it is player {to_play}'s turn, not {seat}'s")
        if seq is not None and seq != self.seq:
            raise TableError("stale", f"the table has moved on (seq {self.seq}, not {seq})")
        try:
            action = self.game.action_from_id(action_id)
        except (ValueError, IndexError, TypeError) as error:
            raise TableError("illegal_action", f"unknown action id {action_id}: {error}") from None
        before = self.state
        try:
            self.state = self.game.apply(before, action)
        except IllegalActionError as error:
            raise TableError("illegal_action", str(error)) from None
        self.actions.append(action_id)
        return before, action

    def record(self, players: Sequence[str] = ()) -> GameRecord:
        """The current game's replayable record."""
        actions = [self.game.action_from_id(i) for i in self.actions]
        return record_game(self.game, actions, seed=self.seed, players=players)

    def player_names(self) -> tuple[str, ...]:
        """How the record names each seat: ``person`` or ``bot:<spec>``."""
        return tuple("person" if seat.bot is None else f"bot:{seat.bot}" for seat in self.seats)

    def next_game(self, seed: int) -> None:
        """Start the table's next game from ``seed`` with the same seats.

        Raises:
            TableError: the current game is not over.
        """
        if not self.is_over:
            raise TableError("game_not_over", "the current game is not over yet")
        self.seed = seed
        self.game_number += 1
        self.actions = []
        self.record_id = None
        self.hints = {}
        self.state = self._replay()
        self._build_bots()

    def seat_infos(self, connected: AbstractSet[int]) -> tuple[SeatInfo, ...]:
        """The public description of each seat; ``connected`` are the seats with a person."""
        return tuple(
            SeatInfo(
                kind=seat.kind,
                bot=None if seat.bot is None else str(seat.bot),
                connected=seat.kind == "bot" or index in connected,
            )
            for index, seat in enumerate(self.seats)
        )
