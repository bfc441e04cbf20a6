"""Write the seed corpus of every fuzz target from a few real, seeded games.

Run from the repository root after a change to a document format::

    python fuzz/make_corpus.py

Each seed is a valid input (``tests/test_fuzz_targets.py`` checks that every target accepts
its seeds), so the fuzzer starts from the documents that real callers send.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any

from cardgames.game import Game, playout
from cardgames.paiute import Paiute, PaiuteConfig
from cardgames.serialization import dumps, dumps_record, record_game
from cardgames.serialization.text import format_record
from cardgames.sixes import Sixes, SixesConfig

CORPUS = Path(__file__).resolve().parent / "corpus"
GAMES: dict[str, Game[Any, Any, Any]] = {
    "sixes": Sixes(SixesConfig(num_players=4, max_rounds=1)),
    "paiute": Paiute(PaiuteConfig(num_players=3, max_turns=30)),
}


def seeds(name: str, game: Game[Any, Any, Any]) -> dict[str, dict[str, str]]:
    """The seeds of each target from one short game (file name to content)."""
    final, actions = playout(game, random.Random(7), seed=7)
    middle = game.initial_state(7)
    for action in actions[: len(actions) // 2]:
        middle = game.apply(middle, action)
    names = ("ann", "bob", "cy", "dee")[: game.num_players]
    record = record_game(game, actions, seed=7, players=names)
    text_record = format_record(record)
    files: dict[str, dict[str, str]] = {
        "state": {
            f"{name}-deal.json": dumps(game, game.initial_state(7)),
            f"{name}-middle.json": dumps(game, middle),
            f"{name}-final.json": dumps(game, final),
        },
        "observation": {
            f"{name}-middle-p{seat}.json": dumps(game, game.observe(middle, seat))  # type: ignore[arg-type]
            for seat in range(2)
        },
        "action": {
            f"{name}-{i}.json": dumps(game, action)
            for i, action in enumerate(dict.fromkeys(actions).keys())
            if i < 4
        },
        "config": {f"{name}.json": dumps(game, game.config)},
        "record_json": {f"{name}.json": dumps_record(record)},
        "record_text": {f"{name}.txt": text_record},
    }
    files["record_file"] = {
        f"{name}.json": dumps_record(record, indent=1),
        f"{name}.jsonl": "\n".join(
            dumps_record(record_game(game, actions[:n], seed=7)) for n in (0, 3)
        )
        + "\n",
        f"{name}.txt": text_record,
    }
    return files


def main() -> None:
    """Replace ``fuzz/corpus`` with fresh seeds."""
    shutil.rmtree(CORPUS, ignore_errors=True)
    for name, game in GAMES.items():
        for target, files in seeds(name, game).items():
            directory = CORPUS / target
            directory.mkdir(parents=True, exist_ok=True)
            for file_name, content in files.items():
                (directory / file_name).write_text(content, encoding="utf-8")
    total = sum(1 for _ in CORPUS.rglob("*.*"))
    print(json.dumps({"corpus": str(CORPUS.name), "files": total}))


if __name__ == "__main__":
    main()
