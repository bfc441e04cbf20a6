"""Where chance enters a game, for engines that enumerate its outcomes (OpenSpiel's chance nodes).

Every game takes its random choices the same way: as a :class:`~cardgames.game.Chance` value
(the first dealer, then one deck order per shuffle), consumed by
:func:`~cardgames.game.start_with_chance` and :func:`~cardgames.game.apply_with_chance`. That is
the one chance mechanism. A search engine that models chance as explicit outcomes also needs to
know *where* the shuffles happen and *which cards* each one orders, before it happens: a game's
spec says so with a :class:`ChanceStructure` (its ``chance_structure`` field). An engine picks
the outcomes one card at a time and hands them to the game as a ``Chance``::

    >>> from cardgames.chance import chance_structure, start_chance
    >>> from cardgames.sixes import Sixes, SixesConfig
    >>> game = Sixes(SixesConfig(num_players=2, max_rounds=2))
    >>> structure = chance_structure(game)
    >>> start = start_chance(game)
    >>> start.name, start.seats, len(start.cards)
    ('deal', 2, 40)
    >>> structure.max_game_length(game), structure.returns_range(game)
    (160, (-10, 10))

This module knows no game; a game without a ``chance_structure`` is refused with a clear error.
"""

# a structure serves any game, so games, states and actions are Any:
# ruff: noqa: ANN401

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

import attrs

from cardgames.cards import Card
from cardgames.errors import InvalidConfigError
from cardgames.game import Chance, Game, PlayerId, apply_with_chance, start_with_chance

__all__ = [
    "ChanceStructure",
    "Shuffle",
    "apply_shuffle",
    "chance_structure",
    "deal",
    "next_shuffle",
    "stack_returns_range",
    "start_chance",
]


@attrs.frozen(kw_only=True)
class Shuffle:
    """One random choice of the rules, as an engine enumerates it.

    Attributes:
        name: What happens, for people: ``"deal"``, ``"stock rebuild"``.
        seats: Choose one seat among this many first (the dealer); 0 for no seat choice.
        cards: The cards to put in order, one uniformly chosen card at a time (the first chosen
            is the first dealt or drawn); the order is the ``Chance`` deck of this shuffle.
    """

    name: str
    seats: int
    cards: tuple[Card, ...]


def _no_shuffle(game: object, state: object, action: object) -> Shuffle | None:  # noqa: ARG001
    return None


def _unbounded(game: object) -> int | None:  # noqa: ARG001
    return None


def _no_returns(game: object) -> tuple[int, int]:  # noqa: ARG001
    return (0, 0)


def stack_returns_range(starting_chips: int, num_players: int) -> tuple[int, int]:
    """The returns range of a chip game where nobody ends below zero and no chip is created.

    A seat loses at most its starting stack and wins at most every other seat's; both
    built-in games (S3, S10; P18, P19) use it for their ``returns_range``.

    Example::

        >>> stack_returns_range(10, 4)
        (-10, 30)
    """
    return (-starting_chips, (num_players - 1) * starting_chips)


def _frozen(value: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType(dict(value))


@attrs.frozen(kw_only=True, eq=False)
class ChanceStructure:
    """Where a game shuffles, and the bounds an engine that enumerates chance needs.

    Attributes:
        deck: Every card a shuffle may order; a card's chance outcome id is its index here.
        choose_dealer: Whether the first dealer is drawn by chance (the ``Chance.dealer`` that
            ``chance_start`` takes); False when the rules fix who starts.
        shuffle: ``shuffle(game, state, action)``: the :class:`Shuffle` that ``action`` causes
            (its order is the next ``Chance`` deck ``chance_apply`` takes), or None when it
            causes none. The default: no shuffle after the first deal.
        bounded_options: Config options, with values, that bound a game the defaults leave
            unbounded (such as a round limit); engines that need bounded games use them.
        max_game_length: An upper bound on the number of player actions for ``game``'s config,
            or None when there is none.
        returns_range: The lowest and highest return a seat can get under ``game``'s config.
    """

    deck: tuple[Card, ...]
    choose_dealer: bool = False
    shuffle: Callable[[Any, Any, Any], Shuffle | None] = _no_shuffle
    bounded_options: Mapping[str, int] = attrs.field(factory=dict, converter=_frozen)
    max_game_length: Callable[[Any], int | None] = _unbounded
    returns_range: Callable[[Any], tuple[int, int]] = _no_returns


def chance_structure(game: Game[Any, Any, Any]) -> ChanceStructure:
    """The chance structure of ``game``: its spec's ``chance_structure``.

    Raises:
        InvalidConfigError: the game's spec declares none.
    """
    found: ChanceStructure | None = game.spec.chance_structure
    if found is None:
        raise InvalidConfigError(
            f"the game {game.name!r} declares no chance structure: give its spec a "
            "`chance_structure` (a cardgames.chance.ChanceStructure)"
        )
    return found


def start_chance(game: Game[Any, Any, Any]) -> Shuffle:
    """The first deal of ``game``: the dealer (if drawn by chance), then the deck order."""
    structure = chance_structure(game)
    seats = game.num_players if structure.choose_dealer else 0
    return Shuffle(name="deal", seats=seats, cards=structure.deck)


def deal(game: Game[Any, Any, Any], dealer: PlayerId | None, order: tuple[Card, ...]) -> Any:
    """The initial state from the chosen dealer and deck order, through ``start_with_chance``."""
    return start_with_chance(game, Chance(dealer=dealer, decks=(order,)), seed=0)


def next_shuffle(game: Game[Any, Any, Any], state: object, action: object) -> Shuffle | None:
    """The shuffle that ``action`` causes in ``state``, or None."""
    return chance_structure(game).shuffle(game, state, action)


def apply_shuffle(
    game: Game[Any, Any, Any],
    state: object,
    action: object,
    shuffles: int,
    order: tuple[Card, ...] | None = None,
) -> tuple[Any, int]:
    """``apply_with_chance`` with ``order`` as the deck of shuffle number ``shuffles``.

    Returns:
        The next state and the new number of shuffles (as ``apply_with_chance``).
    """
    decks = () if order is None else (*((None,) * shuffles), order)
    return apply_with_chance(game, state, action, Chance(decks=decks), shuffles)
