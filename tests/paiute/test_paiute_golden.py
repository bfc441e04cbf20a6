"""Golden games: seeded random Paiute sessions give exactly the results recorded before speed-ups.

``tests/golden/paiute_games.json`` holds, for each rule set and seed, the final returns, the
number of actions and a digest of one seeded random session: every action id, the current
player's and a spectator's observation and a determinized sample of the player's at regular
turns, and the final state. It was recorded from the engine as it was before its hot path was
rewritten for speed (issue 12), so any change to the deals, the rules, ``observe`` or
``determinize`` (including how it draws from its generator) shows up here.

The digest reads states and observations field by field, with the history as a plain tuple of
events, so it checks their contents and not the type of the history container. Regenerate it
only for an intended change of results: ``python tests/paiute/test_paiute_golden.py``.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import tempfile
from pathlib import Path
from typing import Any

import attrs
import pytest

from cardgames.paiute import FinalTurns, Paiute, PaiuteConfig, PaiuteState, Tiebreak

GOLDEN = Path(__file__).parent.parent / "golden" / "paiute_games.json"

RULE_SETS = {
    "default": (PaiuteConfig(), 30),
    "two_three_deals": (PaiuteConfig(num_players=2, deals=3, max_turns=60), 40),
    "three_options": (
        PaiuteConfig(
            num_players=3,
            deals=4,
            max_turns=80,
            wild_indicator_in_play=True,
            reshuffle_keep_top_discard=False,
            final_turns=FinalTurns.EACH_OTHER_PLAYER_ONCE,
            ace_low_straight=False,
            tiebreak=Tiebreak.CATEGORY_ONLY,
        ),
        40,
    ),
    "four_long": (PaiuteConfig(num_players=4, deals=2, max_turns=400), 15),
    "five_short_stacks": (
        PaiuteConfig(
            num_players=5,
            ante=2,
            starting_chips=6,
            deals=8,
            max_turns=30,
            wild_indicator_in_play=True,
        ),
        40,
    ),
}


def fields(value: Any, *, whole: bool = True) -> tuple[object, ...]:
    """An attrs value's fields in order, any history read as a tuple of events.

    With ``whole`` false a history is summed up by its length and last event, so that digesting
    a view every few turns stays linear in the length of a deal.
    """
    values: list[object] = []
    for field in attrs.fields(type(value)):
        item = getattr(value, field.name)
        if field.name == "history":
            item = tuple(item) if whole else (len(item), item[-1] if item else None)
        values.append(item)
    return tuple(values)


def state_fields(state: PaiuteState, *, whole: bool = True) -> tuple[object, ...]:
    """A state's fields, its table's fields spelled out (including the private chance key)."""
    return (fields(state.table), *fields(state, whole=whole)[1:])


def session(game: Paiute, seed: int) -> tuple[list[int], int, str]:
    """The seeded random session ``seed``: its returns, its length and its digest."""
    rng = random.Random(seed)
    sampler = random.Random(seed + 10**6)
    state = game.initial_state(seed)
    record: list[object] = []
    turn = 0
    while (player := game.current_player(state)) is not None:
        legal = game.legal_actions(state)
        if turn % 5 == 0:
            whole = turn % 50 == 0
            seen = game.observe(state, player)
            sample = game.determinize(seen, sampler)
            record.append(
                (
                    fields(seen, whole=whole),
                    fields(game.observe(state, None), whole=whole),
                    state_fields(sample, whole=whole),
                )
            )
        action = legal[rng.randrange(len(legal))]
        record.append(game.action_id(action))
        state = game.apply(state, action)
        turn += 1
    record.append(state_fields(state))
    returns = list(game.returns(state))
    record.append(returns)
    return returns, turn, hashlib.sha256(repr(record).encode()).hexdigest()[:16]


def sessions() -> dict[str, list[list[object]]]:
    """Every rule set's sessions as ``[returns, actions, digest]``, by seed from 0."""
    return {
        name: [list(session(Paiute(config), seed)) for seed in range(seeds)]
        for name, (config, seeds) in RULE_SETS.items()
    }


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_seeded_sessions_match_the_golden_record(name: str) -> None:
    """Seeded random sessions (P1-P21) give the recorded actions, views, samples and returns."""
    config, seeds = RULE_SETS[name]
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))[name]
    game = Paiute(config)
    assert [list(session(game, seed)) for seed in range(seeds)] == expected


if __name__ == "__main__":
    GOLDEN.parent.mkdir(exist_ok=True)
    with tempfile.NamedTemporaryFile("w", dir=GOLDEN.parent, delete=False) as out:
        json.dump(sessions(), out, indent=None, separators=(",", ":"))
        out.write("\n")
    Path(out.name).replace(GOLDEN)
    os.chmod(GOLDEN, 0o644)  # noqa: PTH101 - a plain file mode
