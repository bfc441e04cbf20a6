"""An information-set Monte Carlo tree search bot that plays any game of the protocol.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): one tree over the searching
player's information sets. Each iteration samples a full state consistent with the bot's
observation (:meth:`~cardgames.game.Game.determinize`), walks down the tree with UCT restricted
to the actions legal in that sample (each child counts how often it was available), adds one
node, plays random actions to the end of the current round (or of the game, or for at most
``rollout_limit`` actions), and backs up each seat's normalized chip result. The most visited
action at the root is played.

By default a rollout stops as soon as the round (deal) being searched has been scored, for
games that say where rounds end (:func:`~cardgames.game.round_index`): playing the remaining
rounds at random costs far more time than it tells about the move at hand.

The bot only ever sees its observation: the sampled states are its own guesses::

    >>> from cardgames.bots import ISMCTSBot
    >>> from cardgames.sixes import Sixes, SixesConfig
    >>> game = Sixes(SixesConfig(num_players=2, max_rounds=1))
    >>> state = game.initial_state(seed=3)
    >>> for _ in range(4):  # a few opening moves
    ...     state = game.apply(state, game.legal_actions(state)[0])
    >>> player = game.current_player(state)
    >>> bot = ISMCTSBot(game, iterations=100, seed=1)
    >>> bot.choose(game.observe(state, player), game.legal_actions(state))
    Play(card=Card.parse(...))
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any, Final, TypeVar

from cardgames.cards import make_rng
from cardgames.errors import InvalidConfigError
from cardgames.game import Game, is_int, round_index

__all__ = ["ISMCTSBot", "normalized_rewards"]

ActionT = TypeVar("ActionT")
StateT = TypeVar("StateT")


ROLLOUT_SCOPES: Final = ("round", "game")
"""Where a rollout may end: with the round being searched, or only with the game."""


def normalized_rewards(returns: Sequence[int]) -> tuple[float, ...]:
    """Chip results scaled to [0, 1]: the best seat gets 1, the worst 0, all equal 0.5.

    Example::

        >>> normalized_rewards((3, -1, -2))
        (1.0, 0.2, 0.0)
    """
    low, high = min(returns), max(returns)
    if high == low:
        return (0.5,) * len(returns)
    span = high - low
    return tuple((value - low) / span for value in returns)


class _Node:
    """A node of the search tree: the information set reached by one more action."""

    __slots__ = ("availability", "children", "player", "total", "visits")

    def __init__(self, player: int) -> None:
        self.player = player
        """The seat that took the action leading here (whose reward this node sums)."""
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.availability = 0
        self.total = 0.0


class ISMCTSBot:
    """Single-observer information-set MCTS with UCT, for any game of the protocol.

    Args:
        game: The game being played (the bot samples and simulates with it).
        iterations: Search iterations per decision, at least 1.
        time_limit: If set, also stop searching after this many seconds (results then depend
            on the machine's speed, so seeded runs are no longer reproducible).
        exploration: The UCT exploration constant (about 0.7 suits rewards in [0, 1]).
        rollout_limit: Stop a random rollout after this many actions and score the chip results
            so far (:meth:`~cardgames.game.Game.returns`); None sets no limit.
        rollout_to: ``"round"`` (the default) ends a rollout once the round being searched is
            scored, in games with :func:`~cardgames.game.round_index` (others play to the end);
            ``"game"`` plays every rollout to the end of the game.
        seed: Seeds the bot's private generator (samples, expansion and rollouts); None draws
            one from the OS.

    Raises:
        InvalidConfigError: an option is out of range.
    """

    def __init__(  # noqa: PLR0913 - every option is keyword-only and named
        self,
        game: Game[Any, Any, Any],
        *,
        iterations: int = 500,
        time_limit: float | None = None,
        exploration: float = 0.7,
        rollout_limit: int | None = None,
        rollout_to: str = "round",
        seed: int | random.Random | None = None,
    ) -> None:
        if not is_int(iterations) or iterations < 1:
            raise InvalidConfigError(f"iterations must be an int of at least 1, not {iterations!r}")
        if time_limit is not None and not time_limit > 0:
            raise InvalidConfigError(f"time_limit must be None or positive, not {time_limit!r}")
        if not exploration >= 0:
            raise InvalidConfigError(f"exploration must be at least 0, not {exploration!r}")
        if rollout_limit is not None and not is_int(rollout_limit):
            raise InvalidConfigError(f"rollout_limit must be None or an int, not {rollout_limit!r}")
        if rollout_limit is not None and rollout_limit < 0:
            raise InvalidConfigError(f"rollout_limit must be at least 0, not {rollout_limit!r}")
        if rollout_to not in ROLLOUT_SCOPES:
            raise InvalidConfigError(
                f"rollout_to must be one of {', '.join(ROLLOUT_SCOPES)}, not {rollout_to!r}"
            )
        self._game = game
        self._iterations = iterations
        self._time_limit = time_limit
        self._exploration = exploration
        self._rollout_limit = rollout_limit
        self._rollout_to = rollout_to
        self._rng = make_rng(seed)

    def __repr__(self) -> str:
        return (
            f"ISMCTSBot({self._game!r}, iterations={self._iterations}, "
            f"time_limit={self._time_limit}, exploration={self._exploration}, "
            f"rollout_limit={self._rollout_limit}, rollout_to={self._rollout_to!r})"
        )

    def choose(self, observation: object, legal_actions: Sequence[ActionT]) -> ActionT:
        """The most visited root action after the search, one of ``legal_actions``.

        Raises:
            ValueError: ``legal_actions`` is empty.
        """
        if not legal_actions:
            raise ValueError("ISMCTSBot.choose needs at least one legal action")
        if len(legal_actions) == 1:
            return legal_actions[0]
        root = self._search(observation)
        by_id = {self._game.action_id(action): action for action in legal_actions}
        scored = [
            (child.visits, child.total, action_id)
            for action_id, child in root.children.items()
            if action_id in by_id
        ]
        if not scored:
            return legal_actions[0]
        return by_id[max(scored)[2]]

    def _search(self, observation: object) -> _Node:
        """Run the search from ``observation`` and return the root of the tree."""
        game, rng = self._game, self._rng
        root = _Node(player=-1)
        deadline = None if self._time_limit is None else time.monotonic() + self._time_limit
        for iteration in range(self._iterations):
            if deadline is not None and iteration and time.monotonic() > deadline:
                break
            state = game.determinize(observation, rng)
            horizon = round_index(game, state) if self._rollout_to == "round" else None
            node, path = root, []
            while not game.is_terminal(state):
                player = game.current_player(state)
                assert player is not None  # noqa: S101 - live states have a player to act
                actions = game.legal_actions(state)
                untried = []
                for action in actions:
                    child = node.children.get(game.action_id(action))
                    if child is None:
                        untried.append(action)
                    else:
                        child.availability += 1
                if untried:
                    action = untried[rng.randrange(len(untried))]
                    child = _Node(player=player)
                    node.children[game.action_id(action)] = child
                    path.append(child)
                    state = game.apply(state, action)
                    break
                action, node = self._select(node, actions)
                path.append(node)
                state = game.apply(state, action)
            state = self._rollout(state, horizon)
            rewards = normalized_rewards(game.returns(state))
            for visited in path:
                visited.visits += 1
                visited.total += rewards[visited.player]
        return root

    def _select(self, node: _Node, actions: Sequence[ActionT]) -> tuple[ActionT, _Node]:
        """The UCT choice among the children available in this sample."""
        best: tuple[ActionT, _Node] | None = None
        best_score = -math.inf
        for action in actions:
            child = node.children[self._game.action_id(action)]
            score = child.total / child.visits + self._exploration * math.sqrt(
                math.log(child.availability) / child.visits
            )
            if score > best_score:
                best, best_score = (action, child), score
        assert best is not None  # noqa: S101 - actions is never empty in a live state
        return best

    def _rollout(self, state: StateT, horizon: int | None) -> StateT:
        """Random actions from ``state`` to the end, or for ``rollout_limit`` actions.

        With a ``horizon`` (the searched round), stop once the round is no longer that one.
        """
        game, rng, limit = self._game, self._rng, self._rollout_limit
        steps = 0
        while not game.is_terminal(state) and (limit is None or steps < limit):
            if horizon is not None and round_index(game, state) != horizon:
                break
            actions = game.legal_actions(state)
            state = game.apply(state, actions[rng.randrange(len(actions))])
            steps += 1
        return state
