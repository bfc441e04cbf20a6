"""Decoded JSON documents changed the way a careless or hostile writer would change them.

The checking fast readers (``read_checked_state``, ``read_checked_observation``) must agree
with the checked path on every document: the same value, or a decline (and then the checked
path names the error). These helpers change one value deep inside a document's ``data`` and
decode a document both ways.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

from cardgames.errors import DecodeError

SCALARS: tuple[object, ...] = (
    None,
    True,
    False,
    0,
    1,
    2,
    5,
    6,
    -1,
    1.0,
    2**300,
    "6d",
    "Ah",
    "Qd",
    "7s",
    "10h",
    "pass",
    "play",
    "discarded",
    "drew_from_stock",
    "drew_from_discard",
    "rebuilt_stock",
    [],
    {},
)
"""Values a mutation writes in place of another: wrong types, near misses and valid ones."""


def _paths(value: object, path: tuple[Any, ...], found: list[tuple[Any, ...]]) -> None:
    found.append(path)
    if isinstance(value, dict):
        for key, item in value.items():
            _paths(item, (*path, key), found)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _paths(item, (*path, index), found)


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


def mutate(data: Any, rng: random.Random) -> Any:
    """A deep copy of the JSON value ``data`` with one value inside it changed.

    A value is replaced by another (from :data:`SCALARS`, or another value of the same
    document), nudged by one if it is an int, dropped, duplicated or swapped with its
    neighbour in its list, or its object gains or loses a member.
    """
    changed = copy.deepcopy(data)
    found: list[tuple[Any, ...]] = []
    _paths(changed, (), found)
    if len(found) < 2:
        return changed
    path = rng.choice(found[1:])
    parent, key = _at(changed, path[:-1]), path[-1]
    kind = rng.randrange(6)
    if kind == 0:
        parent[key] = copy.deepcopy(rng.choice(SCALARS))
    elif kind == 1:
        parent[key] = copy.deepcopy(_at(data, rng.choice(found)))
    elif kind == 2 and type(parent[key]) is int:
        parent[key] += rng.choice((1, -1))
    elif kind == 3:
        del parent[key]
    elif kind == 4 and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(parent[key]))
    elif kind == 4:
        parent["extra"] = 0
    elif isinstance(parent, list) and len(parent) > 1:
        other = rng.randrange(len(parent))
        parent[key], parent[other] = parent[other], parent[key]
    else:
        parent[key] = None
    return changed


def members(value: object) -> int:
    """The number of object members in the JSON value (what a fast reader reports)."""
    if isinstance(value, dict):
        return len(value) + sum(members(item) for item in value.values())
    if isinstance(value, list):
        return sum(members(item) for item in value)
    return 0


def outcome(decode: Callable[[Any], object], source: object) -> tuple[str, object]:
    """``("value", v)`` or ``("error", message)``: what decoding ``source`` gives."""
    try:
        return "value", decode(source)
    except DecodeError as error:
        return "error", str(error)


def both_ways(decode: Callable[[Any], object], document: dict[str, Any]) -> None:
    """Decoding the text (fast paths) and the parsed document (checked path) agree.

    A parsed document never takes the fast path, so the second decode is the checked
    path's verdict: the same value (also in ``repr``), or the same error message.
    """
    text = json.dumps(document, ensure_ascii=False)
    fast, checked = outcome(decode, text), outcome(decode, json.loads(text))
    assert fast == checked
    if fast[0] == "value":
        assert repr(fast[1]) == repr(checked[1])


def assert_reader_agrees(
    read: Callable[[Any], tuple[Any, int]],
    decode: Callable[[Any], object],
    document: dict[str, Any],
    rng: random.Random,
    changes: int,
) -> object | None:
    """After ``changes`` mutations of the document's data, a checking reader agrees.

    The reader ``read(data) -> (value, members)`` either declines (by raising), or gives the
    checked decoder's very value and the document's member count, or reports fewer members
    than the document has (a member it does not read, which the decoder's count of the
    text's members refuses); decoding the text and the parsed document agree too
    (:func:`both_ways`). Returns the reader's value, or None where it declined.
    """
    for _ in range(changes):
        document["data"] = mutate(document["data"], rng)
    checked = outcome(decode, document)
    value: object | None
    try:
        value, count = read(document["data"])
    except Exception:  # noqa: BLE001 - declined: the checked path decides
        value = None
    else:
        written = members(document["data"])
        assert count <= written
        if count == written:
            assert checked == ("value", value)
    both_ways(decode, document)
    return value


def declines(read: Callable[..., object], *arguments: object) -> bool:
    """Whether the fast reader ``read(*arguments)`` declines (raises anything)."""
    try:
        read(*arguments)
    except Exception:  # noqa: BLE001 - any exception declines
        return True
    return False
