"""Playing the games: seeds, the driver loop, and the picklable work that workers run.

Everything here runs in worker processes (or Dask workers) as well as in the caller's process,
so it is plain, picklable data and top-level functions. A game that a bot breaks (it raises,
or returns an action the rules refuse) ends as a :class:`GameFault` and never stops the others.
"""

from __future__ import annotations

import random
import signal
from collections.abc import Sequence
from typing import Any, TypeVar, cast

import attrs

from cardgames.bots.bot import AnyGame, Bot, BotLike, BotSpec, build_bot, describe_bot
from cardgames.errors import InvalidConfigError
from cardgames.game import Game, winners

__all__ = [
    "GameFault",
    "GameOutcome",
    "Played",
    "Schedule",
    "bot_seed",
    "game_seed",
    "play_game",
]

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
ObservationT = TypeVar("ObservationT")


def game_seed(master_seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded with ``master_seed``.

    It depends on nothing else (not on workers, executors or chunking), so any game of a run
    can be replayed alone::

        >>> game_seed(0, 0) == game_seed(0, 0) != game_seed(0, 1)
        True
    """
    return seeds(master_seed, index, 0)[0]


def bot_seed(master_seed: int, index: int, position: int) -> int:
    """The seed of the bot in ``position`` (its place in the bot list) in game ``index``."""
    return seeds(master_seed, index, position + 1)[1][position]


def seeds(master_seed: int, index: int, bots: int) -> tuple[int, tuple[int, ...]]:
    """Game ``index``'s deal seed and its first ``bots`` bot seeds, from one hashed stream."""
    stream = random.Random(f"cardgames:{master_seed}:{index}")
    deal = stream.getrandbits(63)
    return deal, tuple(stream.getrandbits(63) for _ in range(bots))


def play_game(
    game: Game[StateT, ActionT, ObservationT],
    bots: Sequence[Bot[ObservationT, ActionT]],
    *,
    seed: int | random.Random | None = None,
    state: StateT | None = None,
    max_actions: int | None = None,
) -> tuple[StateT, tuple[ActionT, ...]]:
    """Play one game between ``bots`` (one per seat), showing each only its observation.

    A bot whose ``needs_observation`` attribute is False (such as
    :class:`~cardgames.bots.RandomBot`) is passed None instead, which saves building an
    observation it would ignore.

    Args:
        game: Any game.
        bots: ``bots[seat]`` plays for that seat.
        seed: Deals the initial state when ``state`` is None.
        state: Where to start instead of a new deal.
        max_actions: Stop after this many actions even if the game goes on.

    Returns:
        The last state and the actions played.

    Raises:
        InvalidConfigError: the number of bots is not the number of seats.
        IllegalActionError: a bot chose an action that is not legal.
    """
    if len(bots) != game.num_players:
        raise InvalidConfigError(
            f"{game.name} is played by {game.num_players} players, but {len(bots)} bots were given"
        )
    current = game.initial_state(seed) if state is None else state
    observing = [getattr(bot, "needs_observation", True) for bot in bots]
    played: list[ActionT] = []
    while not game.is_terminal(current):
        if max_actions is not None and len(played) >= max_actions:
            break
        player = game.current_player(current)
        if player is None:  # pragma: no cover - a live state always has a player to act
            break
        actions = game.legal_actions(current)
        observation = game.observe(current, player) if observing[player] else None
        action = bots[player].choose(cast("ObservationT", observation), actions)
        current = game.apply(current, action)
        played.append(action)
    return current, tuple(played)


@attrs.frozen(kw_only=True)
class GameOutcome:
    """How one game of a simulation ended.

    Attributes:
        index: The game's number in the run, from 0.
        seed: The seed it was dealt from (see :func:`game_seed`).
        seats: ``seats[position]`` is the seat the bot in that position played.
        returns: The chip result of each bot position (not seat).
        length: The number of actions played.
        finished: Whether the game reached a terminal state (False if ``max_actions`` cut it).
    """

    index: int
    seed: int
    seats: tuple[int, ...]
    returns: tuple[int, ...]
    length: int
    finished: bool

    @property
    def win_shares(self) -> tuple[float, ...]:
        """1 for the sole winner, 1/k each for k tied winners, 0 for the others."""
        best = winners(self.returns)
        return tuple(1 / len(best) if i in best else 0.0 for i in range(len(self.returns)))


@attrs.frozen(kw_only=True)
class GameFault:
    """A game that ended without a result: a bot raised, chose an illegal action, or was lost.

    Attributes:
        index: The game's number in the run.
        seed: Its deal seed.
        kind: ``"bot-error"`` (the bot raised), ``"illegal-action"`` (the rules refused its
            action) or ``"lost"`` (the worker playing it died, twice).
        seat: The seat of the bot at fault (None for a lost game).
        bot: The label of that bot ("" for a lost game).
        action: The refused action's repr (None unless ``kind`` is ``"illegal-action"``).
        message: What went wrong.
    """

    index: int
    seed: int
    kind: str
    seat: int | None = None
    bot: str = ""
    action: str | None = None
    message: str = ""

    def describe(self) -> str:
        """One line for a terminal, naming the game, its seed, the bot and the action."""
        where = f"game {self.index} (seed {self.seed})"
        if self.kind == "lost":
            return f"{where} lost: {self.message}"
        who = f"bot {self.bot!r} in seat {self.seat}"
        if self.kind == "illegal-action":
            return f"{where}: {who} chose the illegal action {self.action}: {self.message}"
        return f"{where}: {who} raised {self.message}"


@attrs.frozen(kw_only=True)
class Played:
    """What a worker sends back for one game: the results by seat, and maybe the actions."""

    index: int
    seed: int
    lineup: tuple[int, ...]
    returns: tuple[int, ...]
    length: int
    finished: bool
    actions: tuple[Any, ...] | None = None


@attrs.frozen(kw_only=True)
class Schedule:
    """Who sits where in each game and which deal it gets (picklable; sent to workers).

    For a simulation, ``bots`` are the bot positions and ``tables`` is empty: bot ``k`` sits at
    seat ``k`` (or ``(k + i) % n`` in game ``i`` when rotating). For a tournament, ``bots`` are
    the entrants and each table lists the entrant in every seat; game ``i`` plays deal
    ``i // (len(tables) * n)`` at table ``(i // n) % len(tables)`` rotated ``i % n`` seats.
    """

    game: AnyGame
    bots: tuple[BotLike, ...]
    seed: int
    rotate: bool = False
    tables: tuple[tuple[int, ...], ...] = ()
    duplicate: bool = True
    max_actions: int | None = None
    keep_actions: bool = False

    @property
    def per_deal(self) -> int:
        """Games per deal: every table in every rotation (1 for a simulation)."""
        return len(self.tables) * self.game.num_players if self.tables else 1

    def deal(self, index: int) -> int:
        """The deal (its number) that game ``index`` plays."""
        return index // self.per_deal if self.duplicate else index

    def lineup(self, index: int) -> tuple[int, ...]:
        """``lineup[seat]`` is the bot (position or entrant) in that seat in game ``index``."""
        n = self.game.num_players
        if not self.tables:
            shift = index % n if self.rotate else 0
            return tuple((seat - shift) % n for seat in range(n))
        turn = index % self.per_deal
        table = self.tables[turn // n]
        return tuple(table[(seat + turn % n) % n] for seat in range(n))


def ignore_interrupts() -> None:
    """Worker initializer: leave Ctrl-C to the parent, which stops the workers itself.

    SIGTERM gets its default action back (a forked worker inherits the parent's handler, which
    would turn it into a KeyboardInterrupt that the pool catches), so that terminating a worker
    ends it at once.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def play_chunk(schedule: Schedule, indices: Sequence[int]) -> list[Played | GameFault]:
    """Play the games ``indices`` of ``schedule`` (in a worker or in this process)."""
    return [play_indexed(schedule, index) for index in indices]


def play_indexed(schedule: Schedule, index: int) -> Played | GameFault:
    """Play game ``index``; a bot that raises or breaks the rules ends it as a fault."""
    game, n = schedule.game, schedule.game.num_players
    lineup = schedule.lineup(index)
    deal_seed = seeds(schedule.seed, schedule.deal(index), 0)[0]
    bot_seeds = seeds(schedule.seed, index, n)[1]
    bots: list[Bot[Any, Any]] = []
    for seat, who in enumerate(lineup):
        spec = schedule.bots[who]
        try:
            bots.append(build_bot(spec, game, bot_seeds[who if not schedule.tables else seat]))
        except Exception as error:  # noqa: BLE001 - a user's factory may raise anything
            return _fault(schedule, index, deal_seed, seat, "bot-error", error)
    state = game.initial_state(deal_seed)
    observing = [getattr(bot, "needs_observation", True) for bot in bots]
    played: list[Any] = []
    limit = schedule.max_actions
    while not game.is_terminal(state):
        if limit is not None and len(played) >= limit:
            break
        player = game.current_player(state)
        if player is None:  # pragma: no cover - a live state always has a player to act
            break
        actions = game.legal_actions(state)
        try:
            observation = game.observe(state, player) if observing[player] else None
            action = bots[player].choose(observation, actions)
        except Exception as error:  # noqa: BLE001 - a bot may raise anything
            return _fault(schedule, index, deal_seed, player, "bot-error", error)
        try:
            state = game.apply(state, action)
        except Exception as error:  # noqa: BLE001 - the rules refuse it, whatever the type
            return _fault(schedule, index, deal_seed, player, "illegal-action", error, action)
        played.append(action)
    returns = game.returns(state)
    return Played(
        index=index,
        seed=deal_seed,
        lineup=lineup,
        returns=tuple(returns),
        length=len(played),
        finished=game.is_terminal(state),
        actions=tuple(played) if schedule.keep_actions else None,
    )


def _fault(  # noqa: PLR0913, PLR0917 - internal
    schedule: Schedule,
    index: int,
    seed: int,
    seat: int,
    kind: str,
    error: Exception,
    action: object = None,
) -> GameFault:
    who = schedule.bots[schedule.lineup(index)[seat]]
    return GameFault(
        index=index,
        seed=seed,
        kind=kind,
        seat=seat,
        bot=describe_bot(who),
        action=None if kind != "illegal-action" else repr(action),
        message=f"{type(error).__name__}: {error}" if kind == "bot-error" else str(error),
    )


def spec_of(bot: BotLike) -> BotLike:
    """A bot spec text parsed once (so workers do not parse it per game)."""
    return BotSpec.parse(bot) if isinstance(bot, str) else bot
