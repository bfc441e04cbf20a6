"""The :class:`Bot` protocol, and bot specifications that build bots by name in any process.

A bot sees what a player sees and nothing else: the driver (the simulator, the command line,
your own loop) holds the state, and hands the bot only the player's observation and the legal
actions::

    >>> from cardgames.bots import RandomBot
    >>> bot = RandomBot(seed=7)
    >>> bot.choose("an observation", ("fold", "call", "raise"))
    'call'

A :class:`BotSpec` names a bot and its options as plain data, so that it can be written on a
command line, pickled to a worker process, and built there for a game and a seed::

    >>> from cardgames.bots import BotSpec
    >>> BotSpec.parse("ismcts:iterations=50:exploration=0.5")
    BotSpec(name='ismcts', options=(('iterations', 50), ('exploration', 0.5)))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeAlias, TypeVar, runtime_checkable

import attrs

from cardgames.errors import InvalidConfigError, ParseError
from cardgames.game import Game

__all__ = [
    "AnyGame",
    "Bot",
    "BotFactory",
    "BotLike",
    "BotSpec",
    "bot_names",
    "build_bot",
    "describe_bot",
]

ActionT = TypeVar("ActionT")
ObservationT_contra = TypeVar("ObservationT_contra", contravariant=True)

AnyGame: TypeAlias = Game[Any, Any, Any]
"""A game of any state, action and observation types."""


@runtime_checkable
class Bot(Protocol[ObservationT_contra, ActionT]):
    """A player that chooses actions from observations only.

    A bot never receives a state: it gets its player's observation and the legal actions,
    which the driver computes from the state it keeps. Bots draw any randomness they need from
    their own seeded :class:`random.Random`, never from the global :mod:`random` module, so the
    same seed and the same observations give the same choices.

    A bot that ignores observations may set a class attribute ``needs_observation = False``;
    :func:`~cardgames.simulation.play_game` then passes None instead of building one.
    """

    def choose(self, observation: ObservationT_contra, legal_actions: Sequence[ActionT]) -> ActionT:
        """One of ``legal_actions`` (never empty) for the player who sees ``observation``."""
        ...


BotFactory: TypeAlias = Callable[[AnyGame, int], Bot[Any, Any]]
"""Builds a bot for a game from a seed; a top-level function or class is picklable."""


def _parse_value(text: str) -> object:
    """An option value from text: an int, a float, True/False/None, or the text itself."""
    lowered = text.strip().lower()
    if lowered in {"true", "false"}:
        return lowered == "true"
    if lowered == "none":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            continue
    return text.strip()


@attrs.frozen(kw_only=True)
class BotSpec:
    """A bot by name with its options, as plain (picklable, printable) data.

    The names are those of :func:`bot_names`: ``random``, ``heuristic`` (the game's own
    heuristic bot) and ``ismcts``. Options are keyword arguments of the bot's class, such as
    ``iterations`` for :class:`~cardgames.bots.ISMCTSBot`.

    Attributes:
        name: The bot's name.
        options: Keyword arguments for the bot, as sorted-by-appearance (name, value) pairs.
    """

    name: str
    options: tuple[tuple[str, object], ...] = ()

    @classmethod
    def parse(cls, text: str) -> BotSpec:
        """Parse ``name`` or ``name:key=value:key=value``, such as ``ismcts:iterations=200``.

        Options are separated by colons, so that a comma can separate bots in a list.

        Raises:
            ParseError: the text is not a bot specification, or names an unknown bot.
        """
        name, _, rest = text.strip().partition(":")
        name = name.strip().lower()
        if name not in _BUILDERS:
            known = ", ".join(bot_names())
            raise ParseError(f"unknown bot {text.strip()!r}: expected one of {known}")
        options: list[tuple[str, object]] = []
        for item in filter(None, (part.strip() for part in rest.split(":"))):
            key, equals, value = item.partition("=")
            if not equals or not key.strip().isidentifier():
                raise ParseError(f"bad bot option {item!r} in {text.strip()!r}: expected key=value")
            options.append((key.strip(), _parse_value(value)))
        return cls(name=name, options=tuple(options))

    def build(self, game: AnyGame, seed: int) -> Bot[Any, Any]:
        """The bot this spec names, for ``game``, drawing its randomness from ``seed``.

        Raises:
            InvalidConfigError: the name is unknown, the game has no such bot (for example no
                heuristic bot), or an option is not one the bot takes.
        """
        builder = _BUILDERS.get(self.name)
        if builder is None:
            raise InvalidConfigError(f"unknown bot {self.name!r}: expected one of {bot_names()}")
        try:
            return builder(game, seed, dict(self.options))
        except TypeError as error:
            raise InvalidConfigError(f"bad options for bot {self.name!r}: {error}") from None

    def __str__(self) -> str:
        if not self.options:
            return self.name
        return self.name + ":" + ":".join(f"{key}={value}" for key, value in self.options)


BotLike: TypeAlias = str | BotSpec | BotFactory
"""What the simulator accepts per seat: a spec's text, a :class:`BotSpec`, or a factory."""


def build_bot(bot: BotLike, game: AnyGame, seed: int) -> Bot[Any, Any]:
    """Build a bot for ``game`` from a spec text, a :class:`BotSpec` or a factory.

    Raises:
        ParseError: ``bot`` is text that does not name a bot.
        InvalidConfigError: the spec cannot be built for this game.
    """
    if isinstance(bot, str):
        return BotSpec.parse(bot).build(game, seed)
    if isinstance(bot, BotSpec):
        return bot.build(game, seed)
    return bot(game, seed)


def describe_bot(bot: BotLike) -> str:
    """A short label for a bot spec or factory, for tables."""
    if isinstance(bot, str):
        return bot.strip()
    if isinstance(bot, BotSpec):
        return str(bot)
    return getattr(bot, "__name__", type(bot).__name__)


def _build_random(game: AnyGame, seed: int, options: dict[str, Any]) -> Bot[Any, Any]:
    from cardgames.bots.random_bot import RandomBot

    del game
    return RandomBot(seed=seed, **options)


def _build_ismcts(game: AnyGame, seed: int, options: dict[str, Any]) -> Bot[Any, Any]:
    from cardgames.bots.ismcts import ISMCTSBot

    return ISMCTSBot(game, seed=seed, **options)


def _build_heuristic(game: AnyGame, seed: int, options: dict[str, Any]) -> Bot[Any, Any]:
    from cardgames.bots.heuristic import heuristic_bot

    return heuristic_bot(game, seed=seed, **options)


_BUILDERS: dict[str, Callable[[AnyGame, int, dict[str, Any]], Bot[Any, Any]]] = {
    "random": _build_random,
    "heuristic": _build_heuristic,
    "ismcts": _build_ismcts,
}


def bot_names() -> tuple[str, ...]:
    """The names a :class:`BotSpec` accepts."""
    return tuple(_BUILDERS)
