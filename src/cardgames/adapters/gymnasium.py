"""One seat of any game as a Gymnasium environment, the other seats played by bots.

Extra ``gymnasium``. The observation is the seat's tensor (:mod:`cardgames.tensor`); an action
is an action id. The legal actions are ``info["action_mask"]`` (int8) and
:meth:`SeatEnv.action_masks` (the name maskable learners such as sb3-contrib call). The reward
is the change in the seat's :meth:`~cardgames.game.Game.returns` since its previous action, so
an episode's rewards add up to its chip result::

    from cardgames.adapters.gymnasium import SeatEnv
    from cardgames.sixes import Sixes, SixesConfig

    env = SeatEnv(Sixes(SixesConfig(num_players=2, max_rounds=3)), opponents="heuristic")

Any action of the action space is accepted, as Gymnasium asks: an illegal one ends the episode
at once (``terminated``) with reward ``illegal_action_reward`` and ``info["illegal_action"]``.
A step once the game is over (the bots may end it before the seat's turn) returns
``terminated`` with reward 0.
"""

# Gymnasium's spaces and arrays and engine values of any game are untyped:
# ruff: noqa: ANN401

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from cardgames.adapters import describe, require_extra
from cardgames.bots import BotLike, build_bot
from cardgames.errors import InvalidConfigError
from cardgames.game import Game, PlayerId
from cardgames.tensor import action_mask, observation_tensor, require_numpy, tensor_shape

__all__ = ["ENV_ID", "OBSERVATION_BOUND", "SeatEnv", "make"]

ENV_ID: Final = "cardgames/Seat-v0"
"""The id under which :func:`make` registers :class:`SeatEnv` with Gymnasium."""

OBSERVATION_BOUND: Final = 1e6
"""The observation space is the box ``[-OBSERVATION_BOUND, OBSERVATION_BOUND]``."""

_gymnasium = require_extra("gymnasium", extra="gymnasium")
_np = require_numpy()


class SeatEnv(_gymnasium.Env):  # type: ignore[misc, name-defined]
    """Seat ``seat`` of ``game`` against bots.

    Args:
        game: Any game with a tensor encoding.
        seat: The seat the agent plays.
        opponents: One bot for every other seat (a spec text such as ``"random"`` or
            ``"ismcts:iterations=50"``, a :class:`~cardgames.bots.BotSpec` or a factory), or
            a sequence with one per other seat, in seat order.
        render_mode: None, ``"ansi"`` or ``"human"``.
        max_actions: Truncate an episode after this many actions by all seats.
        illegal_action_reward: The reward of an illegal action, which ends the episode.

    Raises:
        InvalidConfigError: ``seat`` is not a seat, or the number of opponents is wrong.
    """

    metadata: Final = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(  # noqa: PLR0913 - the environment's options, by keyword
        self,
        game: Game[Any, Any, Any],
        *,
        seat: int = 0,
        opponents: BotLike | Sequence[BotLike] = "random",
        render_mode: str | None = None,
        max_actions: int | None = None,
        illegal_action_reward: float = -1.0,
    ) -> None:
        if render_mode not in {None, "ansi", "human"}:
            raise InvalidConfigError(
                f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}"
            )
        if not 0 <= seat < game.num_players:
            raise InvalidConfigError(f"seat must be 0..{game.num_players - 1}, not {seat!r}")
        others = game.num_players - 1
        bots = (
            list(opponents)
            if isinstance(opponents, Sequence) and not isinstance(opponents, str)
            else [opponents] * others
        )
        if len(bots) != others:
            raise InvalidConfigError(f"{others} opponents are needed, not {len(bots)}")
        self.game = game
        self.seat = PlayerId(seat)
        self.render_mode = render_mode
        self.max_actions = max_actions
        self.illegal_action_reward = illegal_action_reward
        self._opponent_specs = bots
        self.observation_space = _gymnasium.spaces.Box(
            -OBSERVATION_BOUND, OBSERVATION_BOUND, tensor_shape(game), _np.float32
        )
        self.action_space = _gymnasium.spaces.Discrete(game.num_distinct_actions)
        self._state: Any = None
        self._bots: dict[int, Any] = {}
        self._actions = 0

    @property
    def state(self) -> Any:
        """The cardgames state being played."""
        return self._state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Deal a new game, build the bots and play until the agent's turn."""
        super().reset(seed=seed, options=options)
        draw = self.np_random.integers
        seats = [other for other in range(self.game.num_players) if other != self.seat]
        self._bots = {
            other: build_bot(spec, self.game, int(draw(2**63)))
            for other, spec in zip(seats, self._opponent_specs, strict=True)
        }
        self._state = self.game.initial_state(int(draw(2**63)))
        self._actions = 0
        self._advance()
        return self._observation(), self._info()

    def _advance(self) -> None:
        """Let the bots play until the agent is to act or the game is over."""
        game = self.game
        while True:
            player = game.current_player(self._state)
            if player is None or player == self.seat or self._truncated():
                return
            bot = self._bots[player]
            observation = (
                None
                if getattr(bot, "needs_observation", True) is False
                else game.observe(self._state, player)
            )
            self._state = game.apply(
                self._state, bot.choose(observation, game.legal_actions(self._state))
            )
            self._actions += 1

    def _truncated(self) -> bool:
        return self.max_actions is not None and self._actions >= self.max_actions

    def _observation(self) -> Any:
        return observation_tensor(self.game, self.game.observe(self._state, self.seat))

    def action_masks(self) -> Any:
        """The legal action ids of the agent now, as an int8 mask."""
        if self.game.current_player(self._state) != self.seat:
            return _np.zeros(self.game.num_distinct_actions, _np.int8)
        return action_mask(self.game, self._state)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}

    def step(self, action: int) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Play the action with id ``action``, then the bots until the agent's next turn."""
        game = self.game
        if game.is_terminal(self._state):  # the bots ended the game, or a step after the end
            return self._observation(), 0.0, True, False, self._info()
        mask = self.action_masks()
        index = int(action)
        if not (0 <= index < len(mask) and mask[index]):
            info = {**self._info(), "illegal_action": True}
            return self._observation(), float(self.illegal_action_reward), True, False, info
        before = game.returns(self._state)[self.seat]
        self._state = game.apply(self._state, game.action_from_id(index))
        self._actions += 1
        self._advance()
        reward = float(game.returns(self._state)[self.seat] - before)
        terminated = game.is_terminal(self._state)
        truncated = not terminated and self._truncated()
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        """The whole table as text (``"ansi"``), printed for ``"human"``; None without a mode."""
        if self.render_mode is None or self._state is None:
            return None
        text = describe(self.game, self._state)
        if self.render_mode == "human":
            print(text)  # noqa: T201 - the "human" render mode prints
            return None
        return text


def make(game: Game[Any, Any, Any], **options: Any) -> Any:
    """``gymnasium.make`` of :class:`SeatEnv` (registered as :data:`ENV_ID` on first use).

    ``options`` are those of :class:`SeatEnv`; the result carries Gymnasium's usual wrappers
    and an env spec.
    """
    if ENV_ID not in _gymnasium.registry:
        _gymnasium.register(id=ENV_ID, entry_point=SeatEnv)
    return _gymnasium.make(ENV_ID, game=game, **options)
