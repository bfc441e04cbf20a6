"""The games every protocol-level suite (conformance, serialization, bots) runs over.

Each entry builds a game whose random playouts end quickly. Add a line per configuration worth
covering; the conformance suite picks them up by name.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeVar

import pytest

from cardgames.game import Game
from cardgames.paiute import Paiute, PaiuteConfig
from cardgames.registry import game_names, game_spec
from cardgames.sixes import BrokePass, Sixes, SixesConfig
from cardgames.spec import GameSpec
from toy_game import ToyGame

GAME_FACTORIES: dict[str, Callable[[], Game[Any, Any, Any]]] = {
    "toy": ToyGame,
    "paiute": lambda: Paiute(PaiuteConfig(max_turns=120)),
    "paiute-2p-session-knock-options": lambda: Paiute(
        PaiuteConfig(
            num_players=2,
            deals=3,
            ante=2,
            starting_chips=5,
            wild_indicator_in_play=True,
            reshuffle_keep_top_discard=False,
            final_turns="each_other_player_once",
            ace_low_straight=False,
            tiebreak="category_only",
            max_turns=80,
        )
    ),
    "paiute-5p-long-deal": lambda: Paiute(PaiuteConfig(num_players=5, max_turns=300)),
    "sixes": lambda: Sixes(SixesConfig(max_rounds=3)),
    "sixes-2p-anticlockwise-immediate-optional": lambda: Sixes(
        SixesConfig(
            num_players=2,
            direction="anticlockwise",
            game_end="immediate",
            must_play_if_able=False,
            max_rounds=3,
        )
    ),
    "sixes-8p-pay-per-card-end-game": lambda: Sixes(
        SixesConfig(
            num_players=8,
            starting_chips=3,
            pay_per_card_left=1,
            broke_pass=BrokePass.END_GAME,
            max_rounds=3,
        )
    ),
}

AnyGame = Game[Any, Any, Any]


def _installed_game(name: str) -> Callable[[], AnyGame]:
    return lambda: game_spec(name).make_game(None)


_COVERED = {factory().name for factory in GAME_FACTORIES.values()}
GAME_FACTORIES.update(
    {name: _installed_game(name) for name in game_names() if name not in _COVERED}
)
"""Games installed from other distributions (``cardgames.games`` entry points) join the
suites with their default config, so an installed game runs the same conformance tests."""
StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
MAX_ACTIONS = 50_000
"""A random playout longer than this is treated as a game that does not end."""


def over_games(
    where: Callable[[GameSpec[Any, Any, Any, Any]], object] | None = None,
) -> pytest.MarkDecorator:
    """Parametrize a test's ``game`` argument over the registry (those ``where`` accepts)."""
    names = [
        name
        for name in sorted(GAME_FACTORIES)
        if where is None or where(GAME_FACTORIES[name]().spec)
    ]
    return pytest.mark.parametrize("game", [GAME_FACTORIES[n]() for n in names], ids=names)


def random_walk(
    game: Game[StateT, ActionT, Any], seed: int, rng: random.Random
) -> list[tuple[StateT, ActionT | None]]:
    """A random playout from ``seed`` as (state, action) pairs, ending with (final state, None)."""
    state = game.initial_state(seed)
    steps: list[tuple[StateT, ActionT | None]] = []
    while not game.is_terminal(state):
        assert len(steps) < MAX_ACTIONS, f"{game.name} did not end within {MAX_ACTIONS} actions"
        actions = game.legal_actions(state)
        action = actions[rng.randrange(len(actions))]
        steps.append((state, action))
        state = game.apply(state, action)
    steps.append((state, None))
    return steps
