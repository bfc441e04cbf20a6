"""Write the golden documents of this folder (run by hand, never by the test suite).

The documents pin the JSON and text forms that released versions wrote, so that later versions
are tested to keep reading them (see ``test_golden.py``). Run this only to ADD the documents of a
new format version under new names; never rewrite an existing file::

    PYTHONPATH=src python tests/golden/generate.py
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from cardgames.game import Game, PlayerId
from cardgames.paiute import Paiute, PaiuteConfig
from cardgames.serialization import dumps, dumps_record, record_game, replay
from cardgames.serialization.text import format_record
from cardgames.sixes import Sixes, SixesConfig

HERE = Path(__file__).parent

CASES: dict[str, tuple[Game[Any, Any, Any], int, int]] = {
    # name: (game, deal seed, action seed)
    "paiute-a": (
        Paiute(PaiuteConfig(num_players=3, deals=3, max_turns=90, wild_indicator_in_play=True)),
        5,
        1,
    ),
    "paiute-b": (
        Paiute(
            PaiuteConfig(
                num_players=4,
                deals=2,
                max_turns=70,
                reshuffle_keep_top_discard=False,
                final_turns="each_other_player_once",
                tiebreak="category_only",
            )
        ),
        11,
        2,
    ),
    "sixes": (Sixes(SixesConfig(num_players=4, max_rounds=2)), 3, 4),
}


def _write(name: str, text: str) -> None:
    path = HERE / name
    if path.exists():
        return
    path.write_text(text + "\n", encoding="utf-8")


def main() -> None:
    """Play each case with random legal actions and write its documents."""
    for name, (game, seed, action_seed) in CASES.items():
        rng = random.Random(action_seed)
        state = game.initial_state(seed)
        actions = []
        while not game.is_terminal(state):
            legal = game.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
            actions.append(action)
            state = game.apply(state, action)
        record = record_game(
            game, actions, seed=seed, players=("ann", "bob", "cy", "dee")[: game.num_players]
        )
        states = replay(record)
        _write(f"{name}.record.json", dumps_record(record))
        _write(f"{name}.record.txt", format_record(record).rstrip("\n"))
        _write(f"{name}.config.json", dumps(game, record.config))
        last = len(states) - 1
        steps = {0, 1, 2, last // 3, last // 2, (2 * last) // 3, last - 1, last}
        # Paiute: also a state just after a draw from the discard pile (P9).
        steps |= set(
            [i for i, s in enumerate(states) if getattr(s, "drawn_from_discard", False)][:1]
        )
        for step in sorted(steps):
            _write(f"{name}.state-{step}.json", dumps(game, states[step]))
            player = game.current_player(states[step])
            viewer = PlayerId(step % game.num_players) if player is None else player
            _write(
                f"{name}.observation-{step}-p{viewer}.json",
                dumps(game, game.observe(states[step], viewer)),
            )
            other = PlayerId((viewer + 1) % game.num_players)
            _write(
                f"{name}.observation-{step}-p{other}.json",
                dumps(game, game.observe(states[step], other)),
            )
        seen: set[str] = set()
        for step, action in enumerate(actions):
            kind = type(action).__name__
            if kind not in seen:
                seen.add(kind)
                _write(f"{name}.action-{step}.json", dumps(game, action))


if __name__ == "__main__":
    main()
