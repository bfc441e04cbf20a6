"""The reference JSON codec: the documents defined by walking each value's declared type.

:mod:`cardgames.serialization.codec` runs the same codec compiled once per type
(:mod:`cardgames.serialization.compiled`, :mod:`cardgames.serialization.reader`) and comes
back here for error messages; this module stays the plain definition of every document, and
what the compiled codec is tested against.

Values are encoded by their declared types (from the attrs classes' annotations), so documents
are plain, readable JSON: cards as ``"Ah"``, seats as integers, sets as sorted lists, a union of
classes (actions) as objects tagged with ``"type"``. Decoding is strict where JSON libraries are
lenient: ``"3"`` is not an integer, ``true`` is not ``1``, a string is not a list, unknown and
missing fields are errors. Every failure is a :class:`~cardgames.errors.DecodeError` whose
message starts with the path of the bad value (``actions[17]: unknown card 'Zz'``).

A class may carry a readable ``label`` property (a Paiute hand value's ``"Four/Two: kings
over aces"``): it is written beside the fields, for people and front ends, and on reading it is
optional but must match the value.

Why hand-written rather than cattrs: cattrs' default hooks coerce (``int("3")``, a string
iterated into a tuple), and making every hook strict while keeping our path-first messages took
more code than this module; see docs/serialization.md.
"""

# Type expressions are runtime objects of no static type, hence Any in signatures:
# ruff: noqa: ANN401

from __future__ import annotations

import enum
import inspect
import re
import types
import typing
from functools import cache
from typing import Any, Literal, TypeAlias, Union

import attrs

from cardgames.cards import Card, Rank, Suit
from cardgames.errors import DecodeError, ParseError

__all__ = [
    "JSON",
    "decode_value",
    "encode_value",
    "has_label",
    "json_fields",
    "type_tag",
    "union_members",
]

JSON: TypeAlias = bool | int | float | str | list["JSON"] | dict[str, "JSON"] | None
"""A JSON-compatible value, as produced by :func:`json.loads`."""

_CAMEL = re.compile(r"(?<!^)(?=[A-Z])")
_MAX_INT = 2**256


def type_tag(cls: type) -> str:
    """The ``"type"`` tag of a class in a tagged union: its name in snake case."""
    return _CAMEL.sub("_", cls.__name__).lower()


@cache
def json_fields(cls: type) -> tuple[tuple[str, str, Any, bool], ...]:
    """(attribute, JSON key, resolved type, required) for each init field of an attrs class.

    Decoding needs exactly the required fields (those without a default); encoding writes all.
    """
    hints = typing.get_type_hints(cls)
    return tuple(
        (field.name, field.alias or field.name, hints[field.name], field.default is attrs.NOTHING)
        for field in attrs.fields(cls)
        if field.init
    )


@cache
def has_label(cls: type) -> bool:
    """Whether documents carry ``cls``'s readable ``label`` property beside its fields."""
    return isinstance(inspect.getattr_static(cls, "label", None), property) and all(
        key != "label" for _, key, _, _ in json_fields(cls)
    )


def union_members(tp: Any) -> tuple[Any, ...] | None:
    """The members of a union type (``X | Y``, ``Optional[X]``), or None for any other type."""
    origin = typing.get_origin(tp)
    if origin is Union or origin is types.UnionType:
        return typing.get_args(tp)
    return None


def encode_value(value: Any, tp: Any) -> JSON:  # noqa: C901, PLR0911, PLR0912
    """Encode ``value`` of declared type ``tp`` as a JSON-compatible value."""
    supertype = getattr(tp, "__supertype__", None)
    if supertype is not None:
        return encode_value(value, supertype)
    members = union_members(tp)
    if members is not None:
        if value is None:
            return None
        classes = [m for m in members if m is not type(None)]
        if len(classes) == 1:
            return encode_value(value, classes[0])
        encoded = encode_value(value, type(value))
        if attrs.has(type(value)) and isinstance(encoded, dict):
            return {"type": type_tag(type(value)), **encoded}
        return encoded
    if tp is Card:
        return str(value)
    if tp is Rank or tp is Suit:
        return str(value)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return typing.cast("enum.Enum", value).name.lower()
    if tp in (int, str, bool, float) or tp is type(None) or tp is Any:
        return typing.cast("JSON", value)
    origin = typing.get_origin(tp)
    if origin is Literal:
        return typing.cast("JSON", value)
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return [encode_value(item, args[0]) for item in value]
        return [encode_value(item, arg) for item, arg in zip(value, args, strict=True)]
    if origin in (frozenset, set):
        (arg,) = typing.get_args(tp)
        return [encode_value(item, arg) for item in sorted(value)]
    if origin is dict:
        key_type, value_type = typing.get_args(tp)
        return {
            str(encode_value(k, key_type)): encode_value(v, value_type) for k, v in value.items()
        }
    if attrs.has(tp):
        obj: dict[str, JSON] = {
            key: encode_value(getattr(value, name), field_type)
            for name, key, field_type, _ in json_fields(tp)
        }
        if has_label(tp):
            obj["label"] = value.label
        return obj
    raise TypeError(f"cannot encode a value of type {tp!r}")


def _where(path: str) -> str:
    return path or "document"


def _fail(path: str, message: str) -> DecodeError:
    return DecodeError(f"{_where(path)}: {message}")


def _describe(data: object) -> str:
    text = repr(data)
    return text if len(text) <= 40 else text[:37] + "..."


def _json_type(data: object) -> str:
    return {
        type(None): "null",
        bool: "a boolean",
        int: "an integer",
        float: "a number",
        str: "a string",
        list: "an array",
        dict: "an object",
    }.get(type(data), type(data).__name__)


def decode_value(data: object, tp: Any, path: str = "") -> Any:  # noqa: C901, PLR0911, PLR0912, PLR0915
    """Decode JSON ``data`` as declared type ``tp``; ``path`` names it in error messages.

    Raises:
        DecodeError: ``data`` does not fit ``tp``; the message starts with the path.
    """
    supertype = getattr(tp, "__supertype__", None)
    if supertype is not None:
        return decode_value(data, supertype, path)
    members = union_members(tp)
    if members is not None:
        return _decode_union(data, members, path)
    if tp is Card:
        if not isinstance(data, str):
            raise _fail(path, f"expected a card such as 'Ah', got {_json_type(data)}")
        try:
            return Card.parse(data)
        except ParseError:
            raise _fail(path, f"unknown card {_describe(data)}") from None
    if tp is Rank or tp is Suit:
        if not isinstance(data, str):
            raise _fail(path, f"expected a {tp.__name__.lower()} letter, got {_json_type(data)}")
        try:
            return tp.parse(data)
        except ParseError:
            raise _fail(path, f"unknown {tp.__name__.lower()} {_describe(data)}") from None
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        names = {member.name.lower(): member for member in tp}
        if not isinstance(data, str) or data not in names:
            raise _fail(path, f"expected one of {sorted(names)}, got {_describe(data)}")
        return names[data]
    if tp is bool:
        if not isinstance(data, bool):
            raise _fail(path, f"expected a boolean, got {_json_type(data)}")
        return data
    if tp is int:
        if type(data) is not int:
            raise _fail(path, f"expected an integer, got {_json_type(data)}")
        if not -_MAX_INT <= data < _MAX_INT:
            raise _fail(path, "integer out of range")
        return data
    if tp is float:
        if type(data) not in (int, float):
            raise _fail(path, f"expected a number, got {_json_type(data)}")
        try:
            return float(typing.cast("float", data))
        except OverflowError:
            raise _fail(path, "number out of range") from None
    if tp is str:
        if not isinstance(data, str):
            raise _fail(path, f"expected a string, got {_json_type(data)}")
        return data
    if tp is type(None):
        if data is not None:
            raise _fail(path, f"expected null, got {_json_type(data)}")
        return None
    origin = typing.get_origin(tp)
    if origin is Literal:
        options = typing.get_args(tp)
        if data not in options or type(data) not in {type(o) for o in options}:
            raise _fail(path, f"expected one of {list(options)}, got {_describe(data)}")
        return data
    if origin is tuple:
        return _decode_tuple(data, typing.get_args(tp), path)
    if origin in (frozenset, set):
        (arg,) = typing.get_args(tp)
        items = _decode_list(data, arg, path)
        result = frozenset(items)
        if len(result) != len(items):
            raise _fail(path, "duplicate items in a set")
        return result
    if attrs.has(tp):
        return _decode_attrs(data, tp, path)
    raise TypeError(f"cannot decode a value of type {tp!r}")


def _decode_list(data: object, item_type: Any, path: str) -> list[Any]:
    if not isinstance(data, list):
        raise _fail(path, f"expected an array, got {_json_type(data)}")
    return [decode_value(item, item_type, f"{path}[{i}]") for i, item in enumerate(data)]


def _decode_tuple(data: object, args: tuple[Any, ...], path: str) -> tuple[Any, ...]:
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_decode_list(data, args[0], path))
    if not isinstance(data, list):
        raise _fail(path, f"expected an array, got {_json_type(data)}")
    if len(data) != len(args):
        raise _fail(path, f"expected {len(args)} items, got {len(data)}")
    return tuple(
        decode_value(item, arg, f"{path}[{i}]")
        for i, (item, arg) in enumerate(zip(data, args, strict=True))
    )


def _decode_union(data: object, members: tuple[Any, ...], path: str) -> Any:
    classes = [m for m in members if m is not type(None)]
    if data is None and len(classes) < len(members):
        return None
    if len(classes) == 1:
        return decode_value(data, classes[0], path)
    if not all(attrs.has(c) for c in classes):
        raise TypeError(f"cannot decode a union of {members!r}")
    tags = {type_tag(c): c for c in classes}
    if not isinstance(data, dict):
        raise _fail(
            path, f"expected an object with a 'type' in {sorted(tags)}, got {_json_type(data)}"
        )
    tag = data.get("type")
    if not isinstance(tag, str) or tag not in tags:
        raise _fail(path, f"unknown type {_describe(tag)}: expected one of {sorted(tags)}")
    rest = {key: value for key, value in data.items() if key != "type"}
    return _decode_attrs(rest, tags[tag], path)


def _decode_attrs(data: object, cls: type, path: str) -> Any:
    if not isinstance(data, dict):
        raise _fail(path, f"expected an object, got {_json_type(data)}")
    fields = json_fields(cls)
    known = {key for _, key, _, _ in fields}
    label = has_label(cls)
    if label:
        known.add("label")
    unknown = sorted(str(key) for key in data if key not in known)
    if unknown:
        raise _fail(path, f"unknown field {unknown[0]!r} for {type_tag(cls)}")
    kwargs: dict[str, Any] = {}
    for _, key, field_type, required in fields:
        sub = f"{path}.{key}" if path else key
        if key not in data:
            if required:
                raise _fail(path, f"missing field {key!r} for {type_tag(cls)}")
            continue
        kwargs[key] = decode_value(data[key], field_type, sub)
    try:
        value = cls(**kwargs)
    except (ValueError, TypeError) as error:
        raise _fail(path, f"invalid {type_tag(cls)}: {error}") from None
    if label and "label" in data and data["label"] != value.label:
        sub = f"{path}.label" if path else "label"
        raise _fail(sub, f"expected {value.label!r} for this {type_tag(cls)}")
    return value
