"""JSON Schemas (draft 2020-12) of every document kind of every game, made from the codec's types.

The codec encodes values by their declared types; this module reads the same types and says
what the result looks like, so the schemas and the documents cannot drift apart. Front ends in
other languages can generate their types from them or validate what they receive::

    >>> from cardgames.serialization.schema import json_schema
    >>> schema = json_schema("sixes", "action")
    >>> schema["$schema"]
    'https://json-schema.org/draft/2020-12/schema'
    >>> sorted(schema["$defs"])
    ['card', 'pass', 'play']

The schemas of the built-in games ship in the package as ``schemas/<game>.<kind>.json`` beside
this module (a test keeps them equal to what :func:`generate_schema` makes), and
:func:`json_schema` reads them there; it makes the schema of any other registered game on the
fly. They describe the documents this library writes: cards as ``"Ah"``, ``"Td"``; the
decoders also accept the other spellings of :meth:`~cardgames.cards.Card.parse`.
"""

# Type expressions are runtime objects of no static type, hence Any in signatures:
# ruff: noqa: ANN401

from __future__ import annotations

import enum
import importlib.resources
import json
import os
import sys
import tempfile
import types
import typing
from functools import cache
from pathlib import Path
from typing import Any, Final, Literal, Union

import attrs

from cardgames.cards import Card, Rank, Suit
from cardgames.errors import DecodeError
from cardgames.events import Event
from cardgames.registry import game_info
from cardgames.serialization.codec import JSON, has_label, json_fields, type_tag
from cardgames.serialization.document import (
    FORMAT,
    KINDS,
    VERSION,
    Kind,
    action_type,
    data_type,
)
from cardgames.serialization.message import LegalAction
from cardgames.spec import AnyGameSpec as GameInfo

__all__ = [
    "DIALECT",
    "generate_schema",
    "json_schema",
    "schema_file_name",
    "schema_text",
    "shipped_games",
    "write_schemas",
]

DIALECT: Final = "https://json-schema.org/draft/2020-12/schema"
"""The ``$schema`` of every schema: JSON Schema draft 2020-12."""

_CARD_PATTERN: Final = "^[2-9TJQKA][cdhs]$"


def schema_file_name(game: str, kind: Kind) -> str:
    """The name of a shipped schema file, such as ``sixes.state.json``."""
    return f"{game}.{kind}.json"


class _Builder:
    """Builds one schema, collecting the classes it names in ``$defs``."""

    def __init__(self) -> None:
        self.defs: dict[str, JSON] = {}
        self._owners: dict[str, object] = {}

    def ref(self, name: str, owner: object, make: typing.Callable[[], JSON]) -> JSON:
        """A ``$ref`` to the definition ``name`` of ``owner``, made on first use."""
        known = self._owners.setdefault(name, owner)
        if known is not owner:
            raise TypeError(f"two types want the schema name {name!r}: {known!r} and {owner!r}")
        if name not in self.defs:
            self.defs[name] = {}  # a placeholder, so that a recursive type ends
            self.defs[name] = make()
        return {"$ref": f"#/$defs/{name}"}

    def of(self, tp: Any) -> JSON:  # noqa: C901, PLR0911, PLR0912 - one branch per codec case
        """The schema of a value of declared type ``tp``, as the codec encodes it."""
        supertype = getattr(tp, "__supertype__", None)
        if supertype is not None:
            return self.of(supertype)
        members = _union_members(tp)
        if members is not None:
            return self._union(members)
        if tp is Card:
            return self.ref(
                "card",
                Card,
                lambda: {"type": "string", "pattern": _CARD_PATTERN, "description": "A card."},
            )
        if tp is Rank or tp is Suit:
            return {"enum": [str(member) for member in tp]}
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return {"enum": [member.name.lower() for member in tp]}
        simple = {int: "integer", str: "string", bool: "boolean", float: "number"}
        if tp in simple:
            return {"type": simple[tp]}
        if tp is type(None):
            return {"type": "null"}
        if tp is Any:
            return {}
        origin = typing.get_origin(tp)
        if origin is Literal:
            return {"enum": list(typing.get_args(tp))}
        if origin is tuple:
            args = typing.get_args(tp)
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.of(args[0])}
            return {
                "type": "array",
                "prefixItems": [self.of(arg) for arg in args],
                "minItems": len(args),
                "maxItems": len(args),
            }
        if origin in (frozenset, set):
            (arg,) = typing.get_args(tp)
            return {"type": "array", "items": self.of(arg), "uniqueItems": True}
        if origin is dict:
            _, value_type = typing.get_args(tp)
            return {"type": "object", "additionalProperties": self.of(value_type)}
        if attrs.has(tp):
            return self.ref(tp.__name__, tp, lambda: self._object(tp, tagged=False))
        raise TypeError(f"no schema for a value of type {tp!r}")

    def _union(self, members: tuple[Any, ...]) -> JSON:
        classes = [member for member in members if member is not type(None)]
        if len(classes) == 1:
            inner = self.of(classes[0])
        else:
            inner = {"oneOf": [self._tagged(cls) for cls in classes]}
        if len(classes) < len(members):
            return {"anyOf": [inner, {"type": "null"}]}
        return inner

    def _tagged(self, cls: type) -> JSON:
        """A ``$ref`` to ``cls`` as a member of a tagged union (with its ``"type"``)."""
        return self.ref(type_tag(cls), cls, lambda: self._object(cls, tagged=True))

    def _object(self, cls: type, *, tagged: bool) -> JSON:
        properties: dict[str, JSON] = {}
        required: list[JSON] = []
        if tagged:
            properties["type"] = {"const": type_tag(cls)}
            required.append("type")
        for _, key, field_type, is_required in json_fields(cls):
            properties[key] = self.of(field_type)
            if is_required:
                required.append(key)
        if has_label(cls):
            properties["label"] = {"type": "string", "description": "A readable form."}
        return {
            "type": "object",
            "properties": properties,
            "required": required,
            "additionalProperties": False,
        }


def _union_members(tp: Any) -> tuple[Any, ...] | None:
    origin = typing.get_origin(tp)
    if origin is Union or origin is types.UnionType:
        return typing.get_args(tp)
    return None


def _closed(properties: dict[str, JSON], required: typing.Iterable[str]) -> dict[str, JSON]:
    """An object schema with exactly ``properties``, ``required`` of them required."""
    names: list[JSON] = list(required)
    return {
        "type": "object",
        "properties": properties,
        "required": names,
        "additionalProperties": False,
    }


def _config(builder: _Builder, info: GameInfo) -> JSON:
    if info.config_class is None:
        return {"type": "null"}
    return builder.of(info.config_class)


def _data(builder: _Builder, info: GameInfo, kind: Kind) -> JSON:
    if kind == "record":
        return _closed(
            {
                "config": _config(builder, info),
                "seed": {"type": "integer"},
                "deck": builder.of(tuple[Card, ...] | None),
                "players": {"type": "array", "items": {"type": "string"}},
                "actions": {"type": "array", "items": builder.of(action_type(info))},
                "returns": builder.of(tuple[int, ...] | None),
            },
            ["config", "seed", "actions"],
        )
    if kind == "seat_message":
        legal = builder.ref(
            "legal_action",
            LegalAction,
            lambda: {
                **_closed(
                    {
                        "id": {"type": "integer", "minimum": 0},
                        "notation": {"type": "string"},
                        "action": builder.of(action_type(info)),
                    },
                    ["id", "notation", "action"],
                ),
                "description": "One action the seat may take now.",
            },
        )
        fields: dict[str, JSON] = {
            "seat": builder.of(int | None),
            "to_play": builder.of(int | None),
            "observation": builder.of(info.observation_class),
            "legal_actions": {"type": "array", "items": legal},
            "events": {"type": "array", "items": builder.of(Event)},
            "returns": builder.of(tuple[int, ...] | None),
        }
        return _closed(fields, list(fields))
    if kind == "config":
        return _config(builder, info)
    return builder.of(data_type(info, kind))


def generate_schema(game: str, kind: Kind) -> dict[str, JSON]:
    """Make the JSON Schema of the ``kind`` documents of the registered game ``game``.

    Raises:
        DecodeError: no game has that name, or ``kind`` is not a document kind.
    """
    if kind not in KINDS:
        raise DecodeError(f"unknown document kind {kind!r}: expected one of {list(KINDS)}")
    info = game_info(game)
    builder = _Builder()
    properties: dict[str, JSON] = {
        "format": {"const": FORMAT},
        "version": {"const": VERSION},
        "kind": {"const": kind},
        "game": {"const": info.name},
    }
    required = ["format", "version", "kind", "game", "data"]
    if kind in ("state", "observation", "seat_message"):
        properties["config"] = _config(builder, info)
        required.insert(4, "config")
    properties["data"] = _data(builder, info, kind)
    return {
        "$schema": DIALECT,
        "title": f"cardgames {info.name} {kind} document, format version {VERSION}",
        **_closed(properties, required),
        "$defs": dict(sorted(builder.defs.items())),
    }


SHIPPED: Final = Path(__file__).with_name("schemas")
"""Where the built-in games' schema files live in a source checkout (for :func:`main`)."""


@cache
def _shipped(game: str, kind: Kind) -> str | None:
    resource = importlib.resources.files(__package__) / "schemas" / schema_file_name(game, kind)
    return resource.read_text("utf-8") if resource.is_file() else None


def shipped_games() -> tuple[str, ...]:
    """The games whose schemas ship in the package, sorted."""
    folder = importlib.resources.files(__package__) / "schemas"
    names = {item.name.split(".", 1)[0] for item in folder.iterdir() if item.name.endswith(".json")}
    return tuple(sorted(names))


def json_schema(game: str, kind: Kind) -> dict[str, JSON]:
    """The JSON Schema of the ``kind`` documents of ``game`` (a new dict on each call).

    The built-in games' schemas are read from the files shipped in the package; any other
    registered game's are made by :func:`~cardgames.serialization.schema.generate_schema`.

    Raises:
        DecodeError: no game has that name, or ``kind`` is not a document kind.
    """
    if kind not in KINDS:
        raise DecodeError(f"unknown document kind {kind!r}: expected one of {list(KINDS)}")
    text = _shipped(game, kind)
    if text is None:
        return generate_schema(game, kind)
    schema: dict[str, JSON] = json.loads(text)
    return schema


def schema_text(game: str, kind: Kind) -> str:
    """The text of a schema file as shipped: two-space indents, a final newline."""
    return json.dumps(generate_schema(game, kind), indent=2, ensure_ascii=False) + "\n"


def write_schemas(directory: str | os.PathLike[str], games: typing.Iterable[str]) -> list[Path]:
    """Write the schema of every document kind of each of ``games`` into ``directory``.

    Each file is written whole to a temporary name and then renamed, so an interruption never
    leaves a partial schema. Returns the paths written.
    """
    target = Path(directory)
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for game in games:
        for kind in KINDS:
            path = target / schema_file_name(game, kind)
            handle, temporary = tempfile.mkstemp(dir=target, prefix=f".{path.name}.")
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(schema_text(game, kind))
            Path(temporary).replace(path)
            written.append(path)
    return written


def main(argv: typing.Sequence[str] | None = None) -> int:
    """Regenerate the shipped schema files after a change to a game's document classes.

    Run ``python -c "from cardgames.serialization.schema import main; main()"`` from a source
    checkout; ``argv`` is ``[DIRECTORY [GAME ...]]``, by default the package's own ``schemas``
    folder and the games already shipped there.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    directory = Path(args.pop(0)) if args else SHIPPED
    games = args or shipped_games()
    for path in write_schemas(directory, games):
        print(path.name)  # noqa: T201 - a maintainer's command
    return 0
