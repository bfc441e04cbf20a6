"""Whatever a decoder accepts can be played to the end (issue 17, items 1-4).

Valid state and observation documents are taken from random games and mutated the way a
careless or hostile writer would: a card dropped, duplicated or moved between two lists of
cards, a count, a seat or a key changed, a list made shorter or longer. Decoding must either
refuse the document with :class:`~cardgames.errors.DecodeError`, or give a value that passes the
game's state check and that random bots play to the end without any error. The mutations are
generic over the JSON, so every registered game is covered the same way.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.cards import Card
from cardgames.errors import DecodeError, ParseError
from cardgames.game import Game, playout, seats
from cardgames.registry import game_info
from cardgames.serialization import JSON, decode_observation, decode_state, encode
from registry import GAME_FACTORIES, MAX_ACTIONS

AnyGame = Game[Any, Any, Any]
GAMES = {name: factory() for name, factory in GAME_FACTORIES.items()}
NAMES = sorted(name for name, game in GAMES.items() if game_info(game.name).check_state)
"""The games whose decoders check states (a toy game without a check is left out)."""
Path = tuple[str | int, ...]
INT_CHANGES = (-1, 1, -2, 2, 5, -(2**64), 2**64, 2**70)


def _is_card(value: JSON) -> bool:
    if not isinstance(value, str):
        return False
    try:
        Card.parse(value)
    except ParseError:
        return False
    return True


def _walk(data: JSON, path: Path = ()) -> Iterator[tuple[Path, JSON]]:
    yield path, data
    if isinstance(data, list):
        for i, item in enumerate(data):
            yield from _walk(item, (*path, i))
    elif isinstance(data, dict):
        for key, item in data.items():
            yield from _walk(item, (*path, key))


def _at(data: JSON, path: Path) -> Any:
    node: Any = data
    for step in path:
        node = node[step]
    return node


def _mutate(document: dict[str, JSON], rng: random.Random) -> str:
    """Mutate ``document["data"]`` in place in one random way; describe what was done."""
    data = document["data"]
    nodes = list(_walk(data))
    card_lists = [
        path for path, node in nodes if isinstance(node, list) and node and all(map(_is_card, node))
    ]
    card_holders = [
        path for path, node in nodes if isinstance(node, list) and all(map(_is_card, node))
    ]
    ints = [path for path, node in nodes if type(node) is int and path]
    lists = [path for path, node in nodes if isinstance(node, list) and node]
    kind = rng.choice(["drop", "duplicate", "move", "int", "shorten", "lengthen"])
    if kind in {"drop", "duplicate", "move"} and card_lists:
        source = rng.choice(card_lists)
        cards = _at(data, source)
        i = rng.randrange(len(cards))
        if kind == "drop":
            del cards[i]
        elif kind == "duplicate":
            target = _at(data, rng.choice(card_holders))
            target.insert(rng.randrange(len(target) + 1), cards[i])
        else:
            card = cards.pop(i)
            target = _at(data, rng.choice(card_holders))
            target.insert(rng.randrange(len(target) + 1), card)
        return f"{kind} a card at {source}"
    if kind == "int" and ints:
        path = rng.choice(ints)
        parent = _at(data, path[:-1])
        parent[path[-1]] += rng.choice(INT_CHANGES)
        return f"change the int at {path}"
    if lists:
        path = rng.choice(lists)
        items = _at(data, path)
        if kind == "lengthen":
            items.append(items[rng.randrange(len(items))])
        else:
            items.pop(rng.randrange(len(items)))
        return f"{kind} the list at {path}"
    return "nothing"


def _play_to_the_end(game: AnyGame, state: object, rng: random.Random) -> None:
    final, _ = playout(game, rng, state=state, max_actions=MAX_ACTIONS)
    assert game.is_terminal(final)
    game.returns(final)


def _documents(game: AnyGame, seed: int, rng: random.Random) -> list[dict[str, JSON]]:
    """A state and an observation document at a random step of a random game."""
    final, actions = playout(game, random.Random(seed), seed=seed)
    state = game.initial_state(seed)
    for action in actions[: rng.randrange(len(actions) + 1)]:
        state = game.apply(state, action)
    viewer = rng.choice(seats(game.num_players))
    documents = [encode(game, state), encode(game, game.observe(state, viewer))]
    if rng.random() < 0.2:
        documents.append(encode(game, final))
    return [json.loads(json.dumps(document)) for document in documents]


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=int(os.environ.get("MUTATION_EXAMPLES", "60")), deadline=None)
@given(seed=st.integers(0, 2**16), rng=st.randoms(use_true_random=False))
def test_mutated_documents_are_refused_or_playable(
    name: str, seed: int, rng: random.Random
) -> None:
    """S2, S4, P2, P5, P9, P19: a mutated document is refused, or checks out and plays out."""
    game = GAMES[name]
    info = game_info(game.name)
    for document in _documents(game, seed, rng):
        for _ in range(rng.randint(1, 3)):
            _mutate(document, rng)
        if document["kind"] == "state":
            try:
                state = decode_state(game, document)
            except DecodeError:
                continue
            info.check_state(game, state)  # type: ignore[misc]
            _play_to_the_end(game, state, rng)
        else:
            try:
                observation = decode_observation(game, document)
            except DecodeError:
                continue
            _play_to_the_end(game, game.determinize(observation, rng), rng)


def _paiute_like() -> list[str]:
    return [name for name in NAMES if game_info(GAMES[name].name).state_codec is not None]


@pytest.mark.parametrize("name", _paiute_like())
def test_a_card_moved_between_hands_is_refused(name: str) -> None:
    """S4, P5, P9: a card moved from one hand to another is refused (issue 17 items 1 and 3)."""
    game = GAMES[name]
    document = encode(game, game.initial_state(3))
    data: Any = document["data"]
    hands = data["hands"]
    hands[1].append(hands[0].pop())
    with pytest.raises(DecodeError, match=r"\((S4|P5, P9|P9)\)"):
        decode_state(game, json.loads(json.dumps(document)))


@pytest.mark.parametrize("name", _paiute_like())
@pytest.mark.parametrize("key", [-1, 2**64, 2**64 + 5])
def test_a_chance_key_outside_64_bits_is_refused(name: str, key: int) -> None:
    """S4, P20: the chance key is a 64-bit key; a negative or huge one is refused (item 4)."""
    game = GAMES[name]
    document = encode(game, game.initial_state(3))
    data: Any = document["data"]
    data["chance_key"] = key
    with pytest.raises(DecodeError, match="chance"):
        decode_state(game, document)
    data["chance_key"] = 2**64 - 1
    _play_to_the_end(game, decode_state(game, document), random.Random(1))
