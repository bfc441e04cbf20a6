"""The :class:`Game` protocol that every game implements, and helpers written once against it.

A game object holds only its validated configuration and pure functions; states, actions and
observations are immutable values. Bots, simulators, serialization and the command line are
written against this protocol and so work for every game, including ones users add.

A random playout needs nothing but the protocol: see :func:`playout`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NewType, Protocol, TypeVar, runtime_checkable

from cardgames.cards import Card
from cardgames.errors import IllegalActionError

__all__ = [
    "Game",
    "PlayerId",
    "legal_action_mask",
    "playout",
    "seats",
    "winners",
]

PlayerId = NewType("PlayerId", int)
"""A seat at the table, numbered 0 to ``num_players - 1`` clockwise."""

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
ObservationT = TypeVar("ObservationT")


@runtime_checkable
class Game(Protocol[StateT, ActionT, ObservationT]):
    """The interface every game offers: rules as pure functions over immutable values.

    Type parameters are the game's state, action and observation classes.
    """

    @property
    def name(self) -> str:
        """A short lowercase name, such as ``"sixes"``; used in records and on the command line."""
        ...

    @property
    def num_players(self) -> int:
        """How many seats the configuration plays with."""
        ...

    @property
    def num_distinct_actions(self) -> int:
        """The size of the action-id space: ids run over ``range(num_distinct_actions)``."""
        ...

    def initial_state(
        self, seed: int | random.Random | None = None, *, deck: Sequence[Card] | None = None
    ) -> StateT:
        """The state before the first action.

        Args:
            seed: Resolves every chance event (the deal, and any later shuffle). None draws a
                seed from the OS, so a live table cannot be predicted.
            deck: An explicit deck order for the first deal, for exact positions in tests and
                for engines that model chance explicitly. Cards are dealt from the front.

        Raises:
            InvalidConfigError: ``deck`` is not a permutation of the game's deck.
        """
        ...

    def current_player(self, state: StateT) -> PlayerId | None:
        """The seat to act, or None once the game is over."""
        ...

    def legal_actions(self, state: StateT) -> tuple[ActionT, ...]:
        """Every legal action, in a deterministic order; empty exactly when terminal."""
        ...

    def apply(self, state: StateT, action: ActionT) -> StateT:
        """The state after ``action``; ``state`` itself is never changed.

        Raises:
            IllegalActionError: ``action`` is not legal in ``state``; the message names the
                action, the player and the rule.
        """
        ...

    def is_terminal(self, state: StateT) -> bool:
        """Whether the game is over."""
        ...

    def returns(self, state: StateT) -> tuple[int, ...]:
        """Each seat's chip result so far (final once terminal); they sum to zero."""
        ...

    def observe(self, state: StateT, player: PlayerId) -> ObservationT:
        """What ``player`` may know: their own hand and everything public, nothing else.

        A game may also accept ``player=None`` for a spectator's view: only public information,
        no hand (the built-in games do; a web table shows it to spectators).
        """
        ...

    def determinize(self, observation: ObservationT, rng: random.Random) -> StateT:
        """A full state consistent with ``observation``; hidden cards drawn from ``rng``.

        Observing the result as the same player gives back ``observation``.
        """
        ...

    def action_id(self, action: ActionT) -> int:
        """A stable integer for ``action`` in ``range(num_distinct_actions)``."""
        ...

    def action_from_id(self, action_id: int) -> ActionT:
        """The action with id ``action_id``.

        Raises:
            ValueError: ``action_id`` is out of range.
        """
        ...

    def legal_action_mask(self, state: StateT) -> tuple[bool, ...]:
        """A mask of length :attr:`num_distinct_actions`, True for each legal action id."""
        ...


def seats(num_players: int) -> tuple[PlayerId, ...]:
    """The seats ``PlayerId(0)`` … ``PlayerId(num_players - 1)``."""
    return tuple(PlayerId(i) for i in range(num_players))


def legal_action_mask(game: Game[StateT, ActionT, ObservationT], state: StateT) -> tuple[bool, ...]:
    """Build :meth:`Game.legal_action_mask` from :meth:`Game.legal_actions` and action ids.

    Games may use this as their implementation; it is also the reference a faster one is tested
    against.
    """
    mask = [False] * game.num_distinct_actions
    for action in game.legal_actions(state):
        mask[game.action_id(action)] = True
    return tuple(mask)


def winners(returns: Sequence[int]) -> frozenset[PlayerId]:
    """The seats with the best chip result (several on a tie)."""
    best = max(returns)
    return frozenset(PlayerId(i) for i, value in enumerate(returns) if value == best)


def playout(
    game: Game[StateT, ActionT, ObservationT],
    rng: random.Random,
    *,
    seed: int | random.Random | None = None,
    state: StateT | None = None,
    max_actions: int | None = None,
) -> tuple[StateT, tuple[ActionT, ...]]:
    """Play uniformly random legal actions until the game ends.

    Args:
        game: Any game.
        rng: Chooses the actions.
        seed: Deals the initial state when ``state`` is None.
        state: Where to start instead of a new deal.
        max_actions: Stop after this many actions even if the game goes on.

    Returns:
        The last state and the actions played.

    Raises:
        IllegalActionError: the game listed an action that it then rejected (a bug in the game).
    """
    current = game.initial_state(seed) if state is None else state
    played: list[ActionT] = []
    while not game.is_terminal(current):
        if max_actions is not None and len(played) >= max_actions:
            break
        actions = game.legal_actions(current)
        if not actions:
            raise IllegalActionError(f"{game.name}: no legal action in a live state")
        action = actions[rng.randrange(len(actions))]
        current = game.apply(current, action)
        played.append(action)
    return current, tuple(played)
