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

A spec may also name a bot factory of your own by its import string, ``module:factory`` or
``package.module:factory`` (as pytest and uvicorn name objects), with options after it::

    >>> spec = BotSpec.parse("mybots:blocker:depth=2")
    >>> spec.name, spec.options, spec.is_import_string
    ('mybots:blocker', (('depth', 2),), True)
"""

from __future__ import annotations

import importlib
import inspect
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


def _is_module_path(text: str) -> bool:
    """Whether ``text`` is a dotted module path such as ``mybots`` or ``mypkg.bots``."""
    return bool(text) and all(part.isidentifier() for part in text.split("."))


@attrs.frozen(kw_only=True)
class BotSpec:
    """A bot by name with its options, as plain (picklable, printable) data.

    The name is either a built-in bot of :func:`bot_names` (``random``, ``heuristic``: the
    game's own heuristic bot, ``ismcts``) or the import string of a bot factory of your own,
    ``module:factory`` or ``package.module:factory``. Options are keyword arguments of the bot's
    class (such as ``iterations`` for :class:`~cardgames.bots.ISMCTSBot`) or of the factory,
    which is called as ``factory(game, seed, **options)``.

    Attributes:
        name: The bot's name, or the factory's import string.
        options: Keyword arguments for the bot, as sorted-by-appearance (name, value) pairs.
    """

    name: str
    options: tuple[tuple[str, object], ...] = ()

    @classmethod
    def parse(cls, text: str) -> BotSpec:
        """Parse a bot specification, such as ``ismcts:iterations=200`` or ``mybots:blocker``.

        The parts are separated by colons (so that a comma can separate bots in a list). A
        first part that names a built-in bot is followed by options, ``key=value``. Any other
        first part must be a module path followed by a bare name, the factory: that is an
        import string, again followed by options. So ``ismcts:iterations=200`` is a built-in
        bot with an option, ``mybots:blocker:depth=2`` the factory ``blocker`` of the module
        ``mybots`` with an option; a module named like a built-in bot is written with its
        package (``mypkg.ismcts:bot``).

        Raises:
            ParseError: the text is not a bot specification, or names an unknown bot.
        """
        stripped = text.strip()
        first, _, rest = stripped.partition(":")
        name = first.strip().lower()
        parts = [part.strip() for part in rest.split(":")] if rest else []
        if name not in _BUILDERS:
            module = first.strip()
            if not (_is_module_path(module) and parts and parts[0].isidentifier()):
                known = ", ".join(bot_names())
                raise ParseError(
                    f"unknown bot {stripped!r}: expected one of {known}, or the import string "
                    "of a bot factory, module:factory"
                )
            name = f"{module}:{parts.pop(0)}"
        options: list[tuple[str, object]] = []
        for item in filter(None, parts):
            key, equals, value = item.partition("=")
            if not equals or not key.strip().isidentifier():
                raise ParseError(f"bad bot option {item!r} in {stripped!r}: expected key=value")
            options.append((key.strip(), _parse_value(value)))
        return cls(name=name, options=tuple(options))

    @property
    def is_import_string(self) -> bool:
        """Whether :attr:`name` is the import string of a factory rather than a built-in bot."""
        return ":" in self.name

    def build(self, game: AnyGame, seed: int) -> Bot[Any, Any]:
        """The bot this spec names, for ``game``, drawing its randomness from ``seed``.

        Raises:
            InvalidConfigError: the name is unknown or cannot be imported, the game has no such
                bot (for example no heuristic bot), or an option is not one the bot takes (the
                message lists those it takes).
        """
        options = dict(self.options)
        if self.is_import_string:
            factory = _import_factory(self.name)
            _check_options(self.name, factory, options, skip=2)
            try:
                return factory(game, seed, **options)
            except TypeError as error:
                raise InvalidConfigError(f"bad options for bot {self.name!r}: {error}") from None
        builder = _BUILDERS.get(self.name)
        if builder is None:
            raise InvalidConfigError(f"unknown bot {self.name!r}: expected one of {bot_names()}")
        if options:
            _check_options(self.name, _bot_class(self.name, game, seed), options, skip=0)
        try:
            return builder(game, seed, options)
        except TypeError as error:
            raise InvalidConfigError(f"bad options for bot {self.name!r}: {error}") from None

    def __str__(self) -> str:
        if not self.options:
            return self.name
        return self.name + ":" + ":".join(f"{key}={value}" for key, value in self.options)


def _import_factory(path: str) -> Callable[..., Bot[Any, Any]]:
    """The callable that the import string ``module:factory`` names.

    Raises:
        InvalidConfigError: the module cannot be imported, or has no such callable.
    """
    module_name, _, attribute = path.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise InvalidConfigError(
            f"cannot import the bot factory {path!r}: {error} (is its folder on the Python path?)"
        ) from None
    factory = getattr(module, attribute, None)
    if not callable(factory):
        raise InvalidConfigError(
            f"cannot import the bot factory {path!r}: module {module_name!r} has no callable "
            f"{attribute!r}"
        )
    return factory  # type: ignore[no-any-return]


def _bot_class(name: str, game: AnyGame, seed: int) -> Callable[..., object]:
    """The class that the built-in bot ``name`` builds for ``game`` (its options are its own)."""
    return type(_BUILDERS[name](game, seed, {}))


def _check_options(
    name: str, target: Callable[..., object], options: dict[str, Any], *, skip: int
) -> None:
    """Raise when ``options`` has a keyword that ``target`` does not take.

    ``skip`` leading positional parameters are the game and the seed of a factory; a class's
    ``game`` and ``seed`` are never options either.

    Raises:
        InvalidConfigError: naming the unknown option and listing the valid ones.
    """
    try:
        parameters = list(inspect.signature(target).parameters.values())
    except (TypeError, ValueError):  # no signature to read: let the call decide
        return
    if any(parameter.kind is inspect.Parameter.VAR_KEYWORD for parameter in parameters):
        return
    valid = sorted(
        parameter.name
        for parameter in parameters[skip:]
        if parameter.kind
        in {inspect.Parameter.KEYWORD_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD}
        and parameter.name not in {"game", "seed", "self"}
    )
    unknown = [key for key in options if key not in valid]
    if unknown:
        listed = ", ".join(valid) if valid else "none"
        raise InvalidConfigError(
            f"bot {name!r} has no option {unknown[0]!r}: its options are {listed}"
        )


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
