"""Every game as a PettingZoo AEC environment (extra ``pettingzoo``).

One agent per seat, ``player_0`` … ``player_{n-1}``. An observation is a dict with the seat's
``"observation"`` tensor (:mod:`cardgames.tensor`) and its ``"action_mask"`` (int8, 1 for each
legal action id; all 0 when it is not the seat's turn). A step reward is the change in the
seat's :meth:`~cardgames.game.Game.returns`, so the rewards of an episode add up to its chip
result. ``render_mode`` ``"ansi"`` returns the table as text, ``"human"`` prints it::

    from cardgames.adapters.pettingzoo import env
    from cardgames.sixes import Sixes, SixesConfig

    aec = env(Sixes(SixesConfig(num_players=4, max_rounds=3)), render_mode="ansi")

The games are turn-based, so there is no parallel environment: PettingZoo's AEC-to-parallel
wrapper needs every agent to act at every step, and a seat that is not to play has nothing to
choose (``metadata["is_parallelizable"]`` is False).
"""

# PettingZoo's spaces and engine values of any game are untyped:
# ruff: noqa: ANN401

from __future__ import annotations

import random
import secrets
from typing import Any, Final

from cardgames.adapters import describe, require_extra
from cardgames.errors import IllegalActionError
from cardgames.game import Game, PlayerId
from cardgames.tensor import action_mask, observation_tensor, require_numpy, tensor_shape

__all__ = ["OBSERVATION_BOUND", "env", "raw_env"]

OBSERVATION_BOUND: Final = 1e6
"""The observation space is the box ``[-OBSERVATION_BOUND, OBSERVATION_BOUND]`` (finite bounds,
as the frameworks' checkers ask; encodings hold one-hots, counts and chips)."""

_pettingzoo = require_extra("pettingzoo", extra="pettingzoo")
_spaces = require_extra("gymnasium.spaces", extra="pettingzoo")
_np = require_numpy()


class raw_env(_pettingzoo.AECEnv):  # type: ignore[misc, name-defined]  # noqa: N801 - PettingZoo's name
    """A cardgames game as a PettingZoo AEC environment.

    Args:
        game: Any game with a tensor encoding.
        render_mode: None, ``"ansi"`` or ``"human"``.
        max_actions: Truncate every agent after this many actions (None: play to the end).
    """

    metadata: Final = {
        "render_modes": ["ansi", "human"],
        "name": "cardgames_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: Game[Any, Any, Any],
        *,
        render_mode: str | None = None,
        max_actions: int | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in {None, "ansi", "human"}:
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        self.game = game
        self.render_mode = render_mode
        self.max_actions = max_actions
        self.possible_agents = [f"player_{seat}" for seat in range(game.num_players)]
        size = game.num_distinct_actions
        shape = tensor_shape(game)
        self.observation_spaces = {
            agent: _spaces.Dict(
                {
                    "observation": _spaces.Box(
                        -OBSERVATION_BOUND, OBSERVATION_BOUND, shape, _np.float32
                    ),
                    "action_mask": _spaces.Box(0, 1, (size,), _np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: _spaces.Discrete(size) for agent in self.possible_agents}
        self._rng = random.Random(secrets.randbits(64))
        self._state: Any = None
        self._actions = 0

    def observation_space(self, agent: str) -> Any:
        """The (cached) observation space of ``agent``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """The (cached) action space of ``agent``: one id per distinct action."""
        return self.action_spaces[agent]

    @property
    def state_value(self) -> Any:
        """The cardgames state being played."""
        return self._state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:  # noqa: ARG002 - per API
        """Deal a new game; a ``seed`` makes it and every later reset reproducible."""
        if seed is not None:
            self._rng = random.Random(seed)
        self._state = self.game.initial_state(self._rng.getrandbits(64))
        self._actions = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        # Once the game is over the selection stays; _was_dead_step then walks the agents.
        player = self.game.current_player(self._state)
        if player is not None:
            self.agent_selection = self.possible_agents[player]

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation tensor and action mask."""
        seat = PlayerId(self.possible_agents.index(agent))
        game = self.game
        tensor = observation_tensor(game, game.observe(self._state, seat))
        if game.current_player(self._state) == seat:
            mask = action_mask(game, self._state)
        else:
            mask = _np.zeros(game.num_distinct_actions, _np.int8)
        return {"observation": tensor, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """The selected agent plays the action with id ``action``.

        Raises:
            IllegalActionError: the action is not legal (nothing changes).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        if action is None:
            raise IllegalActionError(f"{agent} must act: None is only for finished agents")
        try:
            move = game.action_from_id(int(action))
        except ValueError:
            raise IllegalActionError(f"action id {action!r} is out of range for {agent}") from None
        before = game.returns(self._state)
        self._state = game.apply(self._state, move)
        self._actions += 1
        after = game.returns(self._state)
        self._cumulative_rewards[agent] = 0.0
        for seat, name in enumerate(self.possible_agents):
            self.rewards[name] = float(after[seat] - before[seat])
        if game.is_terminal(self._state):
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_actions is not None and self._actions >= self.max_actions:
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._select()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The whole table as text (``"ansi"``), printed for ``"human"``; None without a mode."""
        if self.render_mode is None or self._state is None:
            return None
        text = describe(self.game, self._state)
        if self.render_mode == "human":
            print(text)  # noqa: T201 - the "human" render mode prints
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def env(
    game: Game[Any, Any, Any], *, render_mode: str | None = None, max_actions: int | None = None
) -> Any:
    """:class:`raw_env` inside PettingZoo's usual checks (order enforcing, bounds)."""
    from pettingzoo.utils import wrappers

    wrapped = raw_env(game, render_mode=render_mode, max_actions=max_actions)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(wrapped))
