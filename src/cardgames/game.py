"""The :class:`Game` protocol that every game implements, and helpers written once against it.

A game object holds only its validated configuration and pure functions; states, actions and
observations are immutable values. Bots, simulators, serialization and the command line are
written against this protocol and so work for every game, including ones users add.

A random playout needs nothing but the protocol: see :func:`playout`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import (
    TYPE_CHECKING,
    Any,
    NewType,
    Protocol,
    TypeGuard,
    TypeVar,
    cast,
    runtime_checkable,
)

import attrs

from cardgames.cards import Card
from cardgames.errors import IllegalActionError, InvalidConfigError, InvalidPlayerError

if TYPE_CHECKING:
    from cardgames.spec import GameSpec

__all__ = [
    "Chance",
    "Game",
    "PlayerId",
    "apply_with_chance",
    "check_deck",
    "check_seat",
    "is_int",
    "is_seat",
    "legal_action_mask",
    "playout",
    "random_playout",
    "random_playout_returns",
    "round_index",
    "seats",
    "standings",
    "start_with_chance",
    "winners",
]

PlayerId = NewType("PlayerId", int)
"""A seat at the table, numbered 0 to ``num_players - 1`` clockwise."""

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
ObservationT = TypeVar("ObservationT")


def _decks(value: object) -> tuple[tuple[Card, ...] | None, ...]:
    try:
        return tuple(None if deck is None else tuple(deck) for deck in value)  # type: ignore[attr-defined]
    except TypeError:
        raise InvalidConfigError("chance decks must be a sequence of card sequences") from None


@attrs.frozen(kw_only=True)
class Chance:
    """Chance outcomes chosen by the caller instead of the seed: one form for every game.

    Chance enters a game only at named points: who deals first, and each shuffle. A
    :class:`Chance` lists the outcomes to use there; every outcome it leaves out comes from
    the seed as usual. Start a game with :func:`start_with_chance` and apply actions with
    :func:`apply_with_chance` (or, for a game whose state carries its later outcomes, such as
    Sixes, plain ``apply``); a :class:`~cardgames.serialization.GameRecord` stores the
    ``Chance`` with the seed, so such a game records and replays exactly::

        >>> from cardgames.cards import parse_cards
        >>> from cardgames.sixes import SIXES_DECK, Sixes, SixesConfig
        >>> game = Sixes(SixesConfig(num_players=4))
        >>> chance = Chance(dealer=3, decks=(SIXES_DECK,))
        >>> state = start_with_chance(game, chance, seed=1)
        >>> state.dealer, game.observe(state, 0).hand == frozenset(SIXES_DECK[0::4])
        (3, True)

    Attributes:
        dealer: The first dealer, or None to draw them from the seed.
        decks: Deck orders, one per shuffle in the order the game shuffles: the first deal's
            deck (dealt from the front), then each later shuffle as it happens (a later deal's
            deck; in Paiute also a rebuilt stock, top card first). None at a position, or a
            shuffle past the end, takes that order from the seed.
    """

    dealer: PlayerId | None = None
    decks: tuple[tuple[Card, ...] | None, ...] = attrs.field(default=(), converter=_decks)


@runtime_checkable
class Game(Protocol[StateT, ActionT, ObservationT]):
    """The interface every game offers: rules as pure functions over immutable values.

    Type parameters are the game's state, action and observation classes. A game of several
    scored rounds may also define the optional method ``round_index(state) -> int`` (see
    :func:`round_index`), which search bots use to end their rollouts with the round.
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
    def config(self) -> object:
        """The validated config object the game plays with; None for a game without options.

        Records and documents store it; ``spec.make_game(game.config)`` builds an equal game.
        """
        ...

    @property
    def spec(self) -> GameSpec[StateT, ActionT, ObservationT, Any]:
        """The game's :class:`~cardgames.spec.GameSpec`: all the library knows of it."""
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
        """Every legal action, in a deterministic order; empty exactly when terminal.

        Raises:
            InvalidStateError: ``state`` is not a state of this game.
        """
        ...

    def apply(self, state: StateT, action: ActionT) -> StateT:
        """The state after ``action``; ``state`` itself is never changed.

        Raises:
            IllegalActionError: ``action`` is not legal in ``state`` (also: not an action of
                this game, or one with a forged field); the message names the action, the
                player and the rule.
            InvalidStateError: ``state`` is not a state of this game.
        """
        ...

    def why_illegal(self, state: StateT, action: object) -> str | None:
        """None when ``action`` is legal in ``state``; else why not, as ``apply`` would say.

        The reason names the rule and never a hidden card; the message of the
        :class:`~cardgames.errors.IllegalActionError` that ``apply`` raises contains it. Any
        value may be asked about: a foreign object gets a reason, not an exception.

        Raises:
            InvalidStateError: ``state`` is not a state of this game.
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

        Raises:
            InvalidPlayerError: ``player`` is neither a seat (an int, not a bool, in
                range) nor None.
        """
        ...

    def determinize(self, observation: ObservationT, rng: random.Random) -> StateT:
        """A full state consistent with ``observation``; hidden cards drawn from ``rng``.

        Observing the result as the same player gives back ``observation``.
        """
        ...

    def action_id(self, action: ActionT) -> int:
        """A stable integer for ``action`` in ``range(num_distinct_actions)``.

        Raises:
            IllegalActionError: ``action`` is not an action of this game.
        """
        ...

    def action_from_id(self, action_id: int) -> ActionT:
        """The action with id ``action_id``.

        Raises:
            IllegalActionError: ``action_id`` is not an int in ``range(num_distinct_actions)``.
        """
        ...

    def legal_action_mask(self, state: StateT) -> tuple[bool, ...]:
        """A mask of length :attr:`num_distinct_actions`, True for each legal action id."""
        ...


def is_int(value: object) -> TypeGuard[int]:
    """Whether ``value`` is an int and not a bool (``True`` is an int to Python, not to us)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_seat(value: object, num_players: int) -> TypeGuard[PlayerId]:
    """Whether ``value`` is a seat at a table of ``num_players``: an int (not a bool) in range."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < num_players


def check_seat(value: object, num_players: int, what: str = "player") -> PlayerId:
    """``value`` as a seat, checked.

    Example::

        >>> check_seat(2, 4)
        2
        >>> check_seat(True, 4)
        Traceback (most recent call last):
        ...
        cardgames.errors.InvalidPlayerError: player True is not a seat: expected an int from 0 to 3

    Raises:
        InvalidPlayerError: ``value`` is not an int (a bool is not) from 0 to ``num_players - 1``.
    """
    if not is_seat(value, num_players):
        raise InvalidPlayerError(
            f"{what} {value!r} is not a seat: expected an int from 0 to {num_players - 1}"
        )
    return value


def check_deck(deck: object, cards: Sequence[Card], what: str = "deck") -> tuple[Card, ...]:
    """``deck`` as a tuple, checked to be an order of exactly ``cards`` (each once).

    Example::

        >>> from cardgames.cards import parse_cards
        >>> check_deck(parse_cards("Kd Ah"), parse_cards("Ah Kd"))
        (Card.parse('Kd'), Card.parse('Ah'))

    Raises:
        InvalidConfigError: ``deck`` is not a sequence of cards that orders ``cards``.
    """
    try:
        order = tuple(cast("Iterable[Card]", deck))
        matches = Counter(order) == Counter(cards)
    except TypeError:
        matches = False
    if not matches:
        raise InvalidConfigError(f"{what} must be an order of the game's {len(cards)} cards")
    return order


def standings(returns: Sequence[int]) -> tuple[tuple[PlayerId, int], ...]:
    """``(seat, result)`` pairs, best first, ties in seat order.

    Example::

        >>> standings((-2, 5, 5, -8))
        ((1, 5), (2, 5), (0, -2), (3, -8))
    """
    order = sorted(enumerate(returns), key=lambda pair: (-pair[1], pair[0]))
    return tuple((PlayerId(seat), result) for seat, result in order)


def seats(num_players: int) -> tuple[PlayerId, ...]:
    """The seats ``PlayerId(0)`` … ``PlayerId(num_players - 1)``.

    Raises:
        TypeError: ``num_players`` is not an integer.
    """
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


def round_index(game: Game[StateT, ActionT, ObservationT], state: StateT) -> int | None:
    """Which scored round (deal, hand) of a multi-round game ``state`` is in; None if unknown.

    A game of several rounds may define an optional method ``round_index(state) -> int``
    that changes exactly when a round has been scored, so that :meth:`Game.returns` then
    includes it. Search bots use it to end a rollout with the current round
    (:class:`~cardgames.bots.ISMCTSBot`) instead of playing the whole game at random. A game
    without the method counts as one round, and this gives None::

        >>> from cardgames.sixes import Sixes
        >>> game = Sixes()
        >>> round_index(game, game.initial_state(seed=1))
        1
    """
    method = getattr(game, "round_index", None)
    return None if method is None else int(method(state))


def random_playout(
    game: Game[StateT, ActionT, ObservationT],
    state: StateT,
    randbelow: Callable[[int], int],
    horizon: int | None = None,
    limit: int | None = None,
) -> StateT:
    """Play uniformly random legal actions from ``state``; the state where they stop.

    Each step plays ``legal_actions(state)[randbelow(len(actions))]``. The playout stops when
    the game is over, after ``limit`` actions (None: no limit), or, given a ``horizon``, as
    soon as :func:`round_index` is no longer ``horizon`` (a game without ``round_index`` has
    no rounds, and plays on to the end). ``randbelow(n)`` must return an int in ``0..n-1``,
    such as ``random.Random(seed)._randbelow``, which is what ``randrange(n)`` draws.

    A game may define the optional method ``random_playout(state, randbelow, horizon, limit)``
    that plays the same actions faster (for example on a private mutable representation); this
    function calls it when it exists. It must return a state equal to the one this loop
    returns, with the same ``repr``, after exactly the same calls of ``randbelow``, and it
    must not change ``state``::

        >>> import random
        >>> from cardgames.sixes import Sixes, SixesConfig
        >>> game = Sixes(SixesConfig(num_players=2, max_rounds=3))
        >>> start = game.initial_state(seed=5)
        >>> end = random_playout(game, start, random.Random(1)._randbelow, horizon=1)
        >>> round_index(game, end), len(start.history)
        (2, 0)
        >>> len(random_playout(game, start, random.Random(1)._randbelow, limit=3).history)
        3

    Args:
        game: Any game.
        state: Where to start (it is not changed).
        randbelow: Chooses each action's index among the legal actions.
        horizon: The round to stop after, or None to play on.
        limit: The most actions to play, or None.

    Raises:
        IllegalActionError: the game listed an action that it then rejected (a bug in the game).
        InvalidStateError: ``state`` is not a state of ``game`` (raised by the game).
    """
    method = getattr(game, "random_playout", None)
    if method is not None:
        return cast("StateT", method(state, randbelow, horizon, limit))
    rounds = getattr(game, "round_index", None)
    legal_actions, apply = game.legal_actions, game.apply
    stop = -1 if limit is None else limit
    steps = 0
    while steps != stop and (actions := legal_actions(state)):
        if horizon is not None and rounds is not None and rounds(state) != horizon:
            break
        state = apply(state, actions[randbelow(len(actions))])
        steps += 1
    return state


def random_playout_returns(
    game: Game[StateT, ActionT, ObservationT],
    state: StateT,
    randbelow: Callable[[int], int],
    horizon: int | None = None,
    limit: int | None = None,
) -> tuple[int, ...]:
    """The :meth:`~Game.returns` where :func:`random_playout` stops: what a rollout scores.

    ``game.returns(random_playout(game, state, randbelow, horizon, limit))``, which is what
    this function computes unless the game defines the optional method
    ``random_playout_returns(state, randbelow, horizon, limit)``: that method must return the
    same tuple after exactly the same calls of ``randbelow``, and may skip work that the
    returns do not need (such as dealing the next round after the last card of the searched
    one)::

        >>> import random
        >>> from cardgames.sixes import Sixes, SixesConfig
        >>> game = Sixes(SixesConfig(num_players=2, max_rounds=3))
        >>> start = game.initial_state(seed=5)
        >>> ours, theirs = random.Random(1), random.Random(1)
        >>> scored = random_playout_returns(game, start, ours._randbelow, horizon=1)
        >>> scored == game.returns(random_playout(game, start, theirs._randbelow, horizon=1))
        True
        >>> ours.getstate() == theirs.getstate()
        True

    Args:
        game: Any game.
        state: Where to start (it is not changed).
        randbelow: Chooses each action's index among the legal actions.
        horizon: The round to stop after, or None to play on.
        limit: The most actions to play, or None.

    Raises:
        IllegalActionError: the game listed an action that it then rejected (a bug in the game).
        InvalidStateError: ``state`` is not a state of ``game`` (raised by the game).
    """
    method = getattr(game, "random_playout_returns", None)
    if method is not None:
        return cast("tuple[int, ...]", method(state, randbelow, horizon, limit))
    return game.returns(random_playout(game, state, randbelow, horizon, limit))


def winners(returns: Sequence[int]) -> frozenset[PlayerId]:
    """The seats with the best chip result (several on a tie; none for no seats).

    Raises:
        TypeError: ``returns`` is not a sequence of comparable numbers.
    """
    if not returns:
        return frozenset()
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


def start_with_chance(
    game: Game[StateT, ActionT, ObservationT],
    chance: Chance,
    *,
    seed: int | random.Random | None = None,
) -> StateT:
    """The initial state with the outcomes of ``chance`` (the rest from ``seed``).

    The game's spec says how its chance is injected (``spec.chance_start``); a game without
    one takes only a first deck, through ``initial_state(seed, deck=...)``.

    Raises:
        InvalidConfigError: an outcome is not valid (a deck that is not an order of the game's
            cards, a dealer who is not a seat), or the game cannot take it.
    """
    hook = game.spec.chance_start
    if hook is not None:
        return hook(game, seed, chance)
    if chance.dealer is not None or len(chance.decks) > 1:
        raise InvalidConfigError(f"{game.name} takes no injected chance beyond the first deck")
    return game.initial_state(seed, deck=chance.decks[0] if chance.decks else None)


def apply_with_chance(
    game: Game[StateT, ActionT, ObservationT],
    state: StateT,
    action: ActionT,
    chance: Chance,
    shuffles: int,
) -> tuple[StateT, int]:
    """Apply ``action``, taking any shuffle it causes from ``chance``.

    Args:
        game: The game.
        state: The state before the action.
        action: The action.
        chance: The outcomes the game started with (see :func:`start_with_chance`).
        shuffles: How many shuffles happened so far (1 after the first deal).

    Returns:
        The next state and the new number of shuffles.

    Raises:
        IllegalActionError: ``action`` is not legal.
        InvalidConfigError: an injected outcome is not valid where it is used.
    """
    hook = game.spec.chance_apply
    if hook is None:
        return game.apply(state, action), shuffles
    return hook(game, state, action, chance, shuffles)
