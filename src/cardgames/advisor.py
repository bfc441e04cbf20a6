"""An advisor for any game: each legal move's estimated win chance and expected chips.

:func:`advise` takes what one player sees (an observation) and weighs every legal move by
simulation. For each of ``budget`` samples it draws a full state consistent with the
observation (:meth:`~cardgames.game.Game.determinize`), and for every legal move plays that
move in that state and then plays on, with the game's heuristic bot in every seat (random play
for a game without one; see :func:`~cardgames.bots.ismcts.rollout_policy`), to the end of the
round (deal) being played, or of the game for a game without rounds
(:func:`~cardgames.game.round_index`). Every move is tried on the same sampled states (common
random numbers), so differences between moves are measured more sharply than the moves
themselves.

For each move it reports:

- the **win chance**: how often the player ended the round with the best chip result (a tie
  of ``k`` seats counts ``1/k``),
- the **expected chips**: the player's chips won or lost from now to the end of the round,

each as a mean with its 95% interval (mean ± 1.96 standard errors) and the number of samples
behind it; best move first (by win chance, then chips). The answer depends only on the game,
the observation, the budget and the seed.

The advice is only as good as the assumptions: hidden cards uniformly consistent with what
the player saw, and every player then playing like the heuristic bot.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

import attrs

from cardgames.bots.bot import Bot
from cardgames.bots.ismcts import rollout_policy
from cardgames.errors import InvalidConfigError
from cardgames.game import Game, round_index
from cardgames.simulation import Estimate

__all__ = ["Advice", "advise", "format_advice"]

StateT = TypeVar("StateT")

DEFAULT_ROLLOUT_LIMIT = 2000
"""Actions after which a rollout is cut and scored as it stands (a safety net only)."""


@attrs.frozen(kw_only=True)
class Advice:
    """What the advisor estimates for one legal move.

    Attributes:
        action: The move.
        win: The chance of ending the round with the best chip result (ties split), with its
            95% interval.
        chips: The chips won or lost from now to the end of the round, with its 95% interval.
        samples: How many simulated continuations the estimates rest on.
    """

    action: Any
    win: Estimate
    chips: Estimate
    samples: int


def _play_out(
    game: Game[StateT, Any, Any],
    state: StateT,
    policy: Bot[Any, Any],
    limit: int,
) -> StateT:
    """Play ``policy`` in every seat to the end of the current round (or game)."""
    horizon = round_index(game, state)
    observing = getattr(policy, "needs_observation", True)
    for _ in range(limit):
        if game.is_terminal(state) or (horizon is not None and round_index(game, state) != horizon):
            break
        actions = game.legal_actions(state)
        if len(actions) == 1:
            action = actions[0]
        else:
            player = game.current_player(state)
            assert player is not None  # noqa: S101 - a live state has a player to act
            action = policy.choose(game.observe(state, player) if observing else None, actions)
        state = game.apply(state, action)
    return state


def advise(
    game: Game[Any, Any, Any],
    observation: object,
    budget: int = 200,
    *,
    seed: int = 0,
    rollout: str = "heuristic",
) -> tuple[Advice, ...]:
    """Every legal move of the observing player, with its estimated chances, best first.

    Args:
        game: The game.
        observation: The player's observation; it must be that player's turn.
        budget: Samples per move (each move is simulated on the same ``budget`` states).
        seed: Makes the advice reproducible.
        rollout: Who plays on: ``"heuristic"`` (the default) or ``"random"``.

    Raises:
        InvalidConfigError: ``budget`` is not a positive int, or it is not the observing
            player's turn.

    Example::

        >>> from cardgames.sixes import Sixes, SixesConfig
        >>> game = Sixes(SixesConfig(num_players=2, max_rounds=1))
        >>> state = game.initial_state(seed=3)
        >>> observation = game.observe(state, game.current_player(state))
        >>> advice = advise(game, observation, budget=20, seed=1)
        >>> advice[0].samples, advice[0].win.mean >= advice[-1].win.mean
        (20, True)
        >>> advice == advise(game, observation, budget=20, seed=1)
        True
    """
    if isinstance(budget, bool) or budget < 1:
        raise InvalidConfigError(f"budget must be a positive int, not {budget!r}")
    rng = random.Random(f"cardgames-advisor:{seed}")
    sample = game.determinize(observation, rng)
    player = game.current_player(sample)
    if player is None or game.observe(sample, player) != observation:
        raise InvalidConfigError("advise needs an observation of the player whose turn it is")
    actions = game.legal_actions(sample)
    policy = rollout_policy(game, rng, rollout)
    wins: list[list[float]] = [[] for _ in actions]
    chips: list[list[float]] = [[] for _ in actions]
    for index in range(budget):
        state = sample if index == 0 else game.determinize(observation, rng)
        before = game.returns(state)[player]
        for position, action in enumerate(actions):
            final = _play_out(game, game.apply(state, action), policy, DEFAULT_ROLLOUT_LIMIT)
            returns = game.returns(final)
            best = max(returns)
            leaders = sum(1 for value in returns if value == best)
            wins[position].append(1 / leaders if returns[player] == best else 0.0)
            chips[position].append(float(returns[player] - before))
    advice = [
        Advice(
            action=action,
            win=Estimate.of(wins[position]),
            chips=Estimate.of(chips[position]),
            samples=budget,
        )
        for position, action in enumerate(actions)
    ]
    return tuple(sorted(advice, key=lambda item: (-item.win.mean, -item.chips.mean)))


def format_advice(advice: Sequence[Advice], label: Any = str) -> str:  # noqa: ANN401 - a formatter
    """The advice as aligned lines: move, win chance and chips with their 95% intervals.

    ``label`` turns a move into text (``str`` by default).
    """
    names = [str(label(item.action)) for item in advice]
    width = max((len(name) for name in names), default=0)
    return "\n".join(
        f"{name:<{width}}  win {item.win.mean:5.1%} ± {item.win.half_width:4.1%}"
        f"  chips {item.chips.mean:+6.2f} ± {item.chips.half_width:4.2f}"
        f"  ({item.samples} samples)"
        for name, item in zip(names, advice, strict=True)
    )
