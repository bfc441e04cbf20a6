"""Chance as explicit outcomes, for engines that model it (OpenSpiel's chance nodes).

A game resolves chance from a seed, but it also takes its random choices explicitly: the
first dealer and deck order of ``initial_state``, and whatever later shuffles its rules make
(a new deal, a rebuilt stock). A :class:`ChanceSpec` names those points for one game: where
the game starts (:meth:`ChanceSpec.start`), and which actions are followed by a shuffle
(:meth:`ChanceSpec.apply`). Each point is a :class:`ChanceEvent`: choose a seat among
``seats`` (if any), then put ``cards`` in order one card at a time, each card uniformly among
those left, and hand the result to ``resolve``.

This module knows no game; :func:`chance_spec` finds a game's spec through
:func:`cardgames.tensor.game_part`. :class:`DeckChance` serves any game whose
``initial_state`` takes a ``deck`` (and a ``dealer``) and that shuffles nothing later.
"""

# a spec serves any game, so games, states and actions are Any:
# ruff: noqa: ANN401

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

import attrs

from cardgames.cards import Card
from cardgames.errors import InvalidConfigError
from cardgames.game import Game, PlayerId
from cardgames.tensor import game_part

__all__ = ["ChanceEvent", "ChanceSpec", "DeckChance", "chance_spec"]


@attrs.frozen(kw_only=True)
class ChanceEvent:
    """One random choice of the rules, made explicitly.

    Attributes:
        name: What happens, for people: ``"deal"``, ``"stock rebuild"``.
        seats: Choose one seat among this many first (uniformly); 0 for no seat choice.
        cards: The cards to put in order (the first chosen is the first dealt or drawn).
        resolve: Builds the state from the chosen seat (None when ``seats`` is 0) and the
            order of ``cards``.
    """

    name: str
    seats: int
    cards: tuple[Card, ...]
    resolve: Callable[[PlayerId | None, tuple[Card, ...]], Any]


class ChanceSpec(Protocol):
    """Where a game's random choices happen, and the bounds a search engine needs."""

    @property
    def deck(self) -> tuple[Card, ...]:
        """Every card a chance event may order; a card's chance outcome id is its index."""
        ...

    @property
    def bounded_options(self) -> Mapping[str, int]:
        """Options, with values, that bound a game left unbounded by the defaults.

        Engines such as OpenSpiel need a bound on the length of a game.
        """
        ...

    def start(self, game: Any) -> ChanceEvent:
        """The chance event that builds the initial state."""
        ...

    def apply(self, game: Any, state: Any, action: Any) -> Any:
        """The state after ``action``, or the :class:`ChanceEvent` that must resolve it."""
        ...

    def max_game_length(self, game: Any) -> int | None:
        """An upper bound on the number of player actions, or None when none exists."""
        ...

    def returns_range(self, game: Any) -> tuple[int, int]:
        """The lowest and highest value a seat's return can take."""
        ...


@attrs.frozen(kw_only=True)
class DeckChance:
    """The chance of a game that deals once from ``deck`` and shuffles nothing later.

    Attributes:
        deck: The game's cards; ``initial_state(deck=order)`` must accept any order of them.
        choose_dealer: Whether ``initial_state`` also takes a ``dealer`` seat chosen by chance.
        max_length: An upper bound on the number of actions.
        returns_bounds: The lowest and highest return of a seat.
        bounded_options: As in :class:`ChanceSpec`.
    """

    deck: tuple[Card, ...]
    choose_dealer: bool = False
    max_length: int | None = None
    returns_bounds: tuple[int, int] = (0, 0)
    bounded_options: Mapping[str, int] = attrs.field(factory=dict)

    def start(self, game: Game[Any, Any, Any]) -> ChanceEvent:
        """Choose the dealer (if the game takes one), then the deck order."""

        def resolve(dealer: PlayerId | None, order: tuple[Card, ...]) -> Any:
            if dealer is None:
                return game.initial_state(0, deck=order)
            return game.initial_state(0, deck=order, dealer=dealer)  # type: ignore[call-arg]

        seats = game.num_players if self.choose_dealer else 0
        return ChanceEvent(name="deal", seats=seats, cards=self.deck, resolve=resolve)

    def apply(self, game: Game[Any, Any, Any], state: object, action: object) -> object:
        """The state after ``action`` (no chance event follows an action)."""
        return game.apply(state, action)

    def max_game_length(self, game: object) -> int | None:  # noqa: ARG002 - per protocol
        """The bound given at construction."""
        return self.max_length

    def returns_range(self, game: object) -> tuple[int, int]:  # noqa: ARG002 - per protocol
        """The bounds given at construction."""
        return self.returns_bounds


def chance_spec(game: Game[Any, Any, Any]) -> ChanceSpec:
    """The chance structure of ``game`` (its spec's ``chance``, or its package's CHANCE).

    Raises:
        InvalidConfigError: the game declares no chance structure.
    """
    found = game_part(game, "chance", "chance", "CHANCE")
    if found is None:
        raise InvalidConfigError(
            f"the game {game.name!r} declares no chance structure: give its spec a `chance` "
            "ChanceSpec (or define CHANCE in a `chance` module of its package)"
        )
    return found  # type: ignore[return-value]
