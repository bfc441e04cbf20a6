"""Golden games: seeded random Sixes games give exactly the results recorded before the speed-ups.

``tests/golden/sixes_games.json`` holds, for each rule set and seed, a digest of one seeded random
game: every action id, the public fields of the player-to-act's observation and a determinized
sample of it at regular turns, and the final returns. It was recorded from the engine as it was
before its hot path was rewritten for speed (issue 12), so any change to the deals, the rules,
``observe`` or ``determinize`` (including how it draws from its generator) shows up here.
Regenerate it only for an intended change of results: ``python tests/sixes/test_sixes_golden.py``.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import tempfile
from pathlib import Path

import pytest

from cardgames.sixes import BrokePass, Direction, GameEnd, Sixes, SixesConfig
from cardgames.sixes.deck import mask_of_cards

GOLDEN = Path(__file__).parent.parent / "golden" / "sixes_games.json"

RULE_SETS = {
    "default": (SixesConfig(), 200),
    "two": (SixesConfig(num_players=2), 50),
    "four_voluntary": (
        SixesConfig(
            num_players=4,
            must_play_if_able=False,
            pay_per_card_left=1,
            direction=Direction.ANTICLOCKWISE,
            game_end=GameEnd.IMMEDIATE,
        ),
        50,
    ),
    "eight_broke": (
        SixesConfig(num_players=8, starting_chips=3, broke_pass=BrokePass.END_GAME),
        50,
    ),
}


def game_digest(game: Sixes, seed: int) -> str:
    """The digest of the seeded random game ``seed``: actions, observations, samples, returns."""
    rng = random.Random(seed)
    sampler = random.Random(seed + 10**6)
    state = game.initial_state(seed)
    record: list[object] = []
    turn = 0
    while (player := game.current_player(state)) is not None:
        legal = game.legal_actions(state)
        if turn % 5 == 0:
            seen = game.observe(state, player)
            sample = game.determinize(seen, sampler)
            record.append(
                (
                    mask_of_cards(seen.hand),
                    mask_of_cards(seen.table),
                    seen.hand_sizes,
                    seen.stacks,
                    seen.pot,
                    seen.to_play,
                    len(seen.history),
                    sample.hand_masks,
                    sample.chance_key,
                )
            )
        action = legal[rng.randrange(len(legal))]
        record.append(game.action_id(action))
        state = game.apply(state, action)
        turn += 1
    record.append((game.returns(state), state.round_number))
    return hashlib.sha256(repr(record).encode()).hexdigest()[:16]


def digests() -> dict[str, list[str]]:
    """Every rule set's list of game digests, by seed from 0."""
    return {
        name: [game_digest(Sixes(config), seed) for seed in range(seeds)]
        for name, (config, seeds) in RULE_SETS.items()
    }


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_seeded_games_match_the_golden_record(name: str) -> None:
    """Seeded random games (S1-S12) give the recorded actions, observations, samples, returns."""
    config, seeds = RULE_SETS[name]
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))[name]
    game = Sixes(config)
    assert [game_digest(game, seed) for seed in range(seeds)] == expected


if __name__ == "__main__":
    GOLDEN.parent.mkdir(exist_ok=True)
    with tempfile.NamedTemporaryFile("w", dir=GOLDEN.parent, delete=False) as out:
        json.dump(digests(), out, indent=1)
        out.write("\n")
    Path(out.name).replace(GOLDEN)
    os.chmod(GOLDEN, 0o644)  # noqa: PTH101 - a plain file mode
