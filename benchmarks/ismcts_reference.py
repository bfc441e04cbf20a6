"""The ISMCTS search loop as it was before issue 12, kept to measure the search's own speed-up.

:class:`ReferenceISMCTSBot` is :class:`~cardgames.bots.ISMCTSBot` with its tree walk and
rollouts replaced by the code of version 0.1 before the search was reworked: every state
visited asks ``is_terminal``, ``current_player`` and ``legal_actions`` in turn, every action
has its id computed anew at each visit, UCT runs a second pass over the children, and every
rollout step goes through :func:`cardgames.game.round_index` and the rollout bot's ``choose``.
It plays the very same moves for the same seed (``tests/bots/test_ismcts_speed.py`` checks
that), so ``benchmarks/run.py`` can time both in the same rounds, on the same engine: the
ratio is the part of the speed-up that comes from the search itself, whatever the engines'
own speed.

It covers the options of the benchmark (any rollout policy, priors, reused
determinizations, one worker); ``workers`` above 1 still runs today's search in the workers.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any

from cardgames.bots import ISMCTSBot
from cardgames.bots.ismcts import _Node, normalized_rewards
from cardgames.game import PlayerId, round_index

__all__ = ["ReferenceISMCTSBot"]


class ReferenceISMCTSBot(ISMCTSBot):
    """Today's options and decisions, yesterday's search loop (see the module)."""

    def _search(self, observation: object, iterations: int) -> _Node:
        """Run the search from ``observation`` and return the root of the tree."""
        game = self._game
        root = _Node(player=-1)
        deadline = None if self._time_limit is None else time.monotonic() + self._time_limit
        sample = self._sampler(observation)
        for iteration in range(iterations):
            if deadline is not None and iteration and time.monotonic() > deadline:
                break
            state = sample(iteration)
            horizon = round_index(game, state) if self._rollout_to == "round" else None
            node, path = root, []
            while not game.is_terminal(state):
                player = game.current_player(state)
                assert player is not None
                actions = game.legal_actions(state)
                untried = []
                for action in actions:
                    child = node.children.get(game.action_id(action))
                    if child is None:
                        untried.append(action)
                    else:
                        child.availability += 1
                if untried:
                    action = self._reference_expand(state, player, actions, untried)
                    child = _Node(player=player)
                    node.children[game.action_id(action)] = child
                    path.append(child)
                    state = game.apply(state, action)
                    break
                action, node = self._select(node, actions)
                path.append(node)
                state = game.apply(state, action)
            state = self._play_out(state, horizon)
            rewards = normalized_rewards(game.returns(state))
            for visited in path:
                visited.visits += 1
                reward = rewards[visited.player]
                visited.total += reward
                visited.squares += reward * reward
        return root

    def _reference_expand(
        self, state: object, player: PlayerId, actions: Sequence[Any], untried: list[Any]
    ) -> Any:  # noqa: ANN401 - an action of any game
        """The untried action to add: the policy's choice if untried (prior), else random."""
        if self._use_prior and len(untried) > 1:
            observation = self._game.observe(state, player)
            choice = self._policy.choose(observation, actions)
            if choice in untried:
                return choice
        return untried[self._rng.randrange(len(untried))]

    def _select(self, node: _Node, actions: Sequence[Any]) -> tuple[Any, _Node]:
        """The UCT choice among the children available in this sample."""
        best: tuple[Any, _Node] | None = None
        best_score = -math.inf
        for action in actions:
            child = node.children[self._game.action_id(action)]
            score = child.total / child.visits + self._exploration * math.sqrt(
                math.log(child.availability) / child.visits
            )
            if score > best_score:
                best, best_score = (action, child), score
        assert best is not None
        return best

    def _play_out(self, state: Any, horizon: int | None) -> Any:  # noqa: ANN401 - a state of any game
        """The rollout policy's actions from ``state`` to the end, or for ``rollout_limit``."""
        game, limit, policy, observing = (
            self._game,
            self._rollout_limit,
            self._policy,
            self._observing,
        )
        steps = 0
        while not game.is_terminal(state) and (limit is None or steps < limit):
            if horizon is not None and round_index(game, state) != horizon:
                break
            actions = game.legal_actions(state)
            if observing and len(actions) == 1:
                action = actions[0]
            else:
                player = game.current_player(state)
                assert player is not None
                observation = game.observe(state, player) if observing else None
                action = policy.choose(observation, actions)
            state = game.apply(state, action)
            steps += 1
        return state
