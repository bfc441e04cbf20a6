"""The JSON decoders compiled once per type: the fast path of reading.

:func:`~cardgames.serialization.reference.decode_value` defines what every document means by
walking the declared type of each value. :func:`decoder` walks a type *once* and generates a
function for it (one per attrs class, reading its fields by name with every check inlined).

A compiled decoder is a *fast path*. It accepts only what the reference decoder accepts, and
gives an equal value; on anything unusual (a bad value, a missing optional field, a card written
``"10h"`` instead of ``"Th"``) it simply fails, and the caller
(:func:`cardgames.serialization.codec.decode_value`) re-decodes with the reference decoder,
which returns the value or raises the one documented :class:`~cardgames.errors.DecodeError`
with the path of the bad value. So error messages and strictness are those of the reference
decoder by construction, and the fast path only has to be right about the values it accepts
(tests compare both on mutated documents).

Each fast decoder also adds the number of object members it read to a counter, so that a
document decoder can tell, from the JSON text alone, that no object had a duplicate key (see
:func:`cardgames.serialization.document.decode_state`).
"""

# Type expressions are runtime objects of no static type, hence Any in signatures:
# ruff: noqa: ANN401

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable
from typing import Any, Final, Literal

import attrs

from cardgames._slots import slot_builder
from cardgames.cards import Card, Rank, Suit
from cardgames.serialization.compiled import (
    CARD_BY_TEXT,
    build_function,
    is_enum,
    is_variadic,
)
from cardgames.serialization.reference import (
    decode_value,
    has_label,
    json_fields,
    type_tag,
    union_members,
)

__all__ = ["Counter", "FastDecoder", "decoder"]

Counter = list[int]
"""A one-item list: the object members a fast decoder consumed (see :func:`decoder`)."""
FastDecoder = Callable[[object, Counter], Any]
"""A fast decoder: ``decode(data, counter)`` gives the value, or raises anything."""

_MAX_INT: Final = 2**256
_DECODERS: dict[Any, FastDecoder] = {}


class _MissError(Exception):
    """The fast path declines a value; the reference decoder decides."""


def _miss() -> typing.NoReturn:
    raise _MissError


def decoder(tp: Any) -> FastDecoder:
    """The fast decoder of declared type ``tp``, built on first use and kept.

    ``decoder(tp)(data, counter)`` returns a value equal to ``decode_value(data, tp)``, or
    raises (anything) where the reference decoder might refuse ``data``. It adds to
    ``counter[0]`` the number of object members it read.
    """
    try:
        return _DECODERS[tp]
    except KeyError:
        pass
    built = _compile_decoder(tp)
    _DECODERS[tp] = built
    return built


def _check_int(data: object, _counter: Counter) -> int:
    if type(data) is int and -_MAX_INT <= data < _MAX_INT:
        return data
    _miss()


def _check_bool(data: object, _counter: Counter) -> bool:
    if data is True or data is False:
        return data
    _miss()


def _check_str(data: object, _counter: Counter) -> str:
    if type(data) is str:
        return data
    _miss()


def _check_none(data: object, _counter: Counter) -> None:
    if data is not None:
        _miss()


def _check_float(data: object, _counter: Counter) -> float:
    if type(data) is float:
        return data
    if type(data) is int:
        return float(data)
    _miss()


_TABLES: Final[dict[Any, dict[str, Any]]] = {
    Card: CARD_BY_TEXT,
    Rank: {str(rank): rank for rank in Rank},
    Suit: {str(suit): suit for suit in Suit},
}


def _table_decoder(table: dict[str, Any]) -> FastDecoder:
    get = table.__getitem__
    return lambda data, _counter: get(data)  # type: ignore[arg-type]


def _enum_table(tp: Any) -> dict[str, Any]:
    return {member.name.lower(): member for member in tp}


def _is_optional(tp: Any) -> bool:
    members = union_members(tp)
    return members is not None and type(None) in members


def _scalar_table(tp: Any) -> dict[str, Any] | None:
    """The text-to-value table of a card, rank, suit or enum type (or of it or None)."""
    members = union_members(tp)
    if members is not None:
        rest = [member for member in members if member is not type(None)]
        if len(rest) != 1:
            return None
        tp = rest[0]
    supertype = getattr(tp, "__supertype__", None)
    if supertype is not None:
        return _scalar_table(supertype)
    if tp in _TABLES:
        return _TABLES[tp]
    return _enum_table(tp) if is_enum(tp) else None


_SCALARS: Final[dict[Any, FastDecoder]] = {
    int: _check_int,
    bool: _check_bool,
    str: _check_str,
    float: _check_float,
    type(None): _check_none,
    **{tp: _table_decoder(table) for tp, table in _TABLES.items()},
}


def _compile_decoder(tp: Any) -> FastDecoder:  # noqa: C901, PLR0911 - one case per kind of type
    supertype = getattr(tp, "__supertype__", None)
    if supertype is not None:
        return decoder(supertype)
    members = union_members(tp)
    if members is not None:
        return _union_decoder(tp, members)
    if tp in _SCALARS:
        return _SCALARS[tp]
    if is_enum(tp):
        return _table_decoder(_enum_table(tp))
    origin = typing.get_origin(tp)
    if origin is Literal:
        options = typing.get_args(tp)
        kinds = frozenset(type(option) for option in options)

        def literal(data: object, _counter: Counter) -> object:
            if data in options and type(data) in kinds:
                return data
            _miss()

        return literal
    if origin is tuple:
        return _tuple_decoder(typing.get_args(tp))
    if origin in (frozenset, set):
        (arg,) = typing.get_args(tp)
        items = _list_decoder(arg)

        def members_of(data: object, counter: Counter) -> frozenset[Any]:
            listed = items(data, counter)
            result = frozenset(listed)
            if len(result) != len(listed):
                _miss()
            return result

        return members_of
    if attrs.has(tp):
        return _attrs_decoder(tp, tagged=False)
    return lambda data, _counter: decode_value(data, tp, "")


def _list_decoder(item_type: Any) -> Callable[[object, Counter], list[Any]]:  # noqa: C901 - one case per kind of item
    """A decoder of a JSON array of ``item_type`` into a list."""
    item = decoder(item_type)
    if item_type is Card:
        get = CARD_BY_TEXT.__getitem__

        def cards(data: object, _counter: Counter) -> list[Any]:
            if type(data) is not list:
                _miss()
            return list(map(get, data))

        return cards
    if item is _check_int:

        def ints(data: object, _counter: Counter) -> list[Any]:
            if type(data) is not list:
                _miss()
            for value in data:
                if type(value) is not int or not -_MAX_INT <= value < _MAX_INT:
                    _miss()
            return data

        return ints

    tags = _tagged_union(item_type)
    if tags is not None:

        def tagged(data: object, counter: Counter) -> list[Any]:
            if type(data) is not list:
                _miss()
            return [tags[value["type"]](value, counter) for value in data]

        return tagged

    def items(data: object, counter: Counter) -> list[Any]:
        if type(data) is not list:
            _miss()
        return [item(value, counter) for value in data]

    return items


def _tuple_decoder(args: tuple[Any, ...]) -> FastDecoder:
    if is_variadic(args):
        items = _list_decoder(args[0])
        return lambda data, counter: tuple(items(data, counter))
    parts = tuple(decoder(arg) for arg in args)

    def fixed(data: object, counter: Counter) -> tuple[Any, ...]:
        if type(data) is not list or len(data) != len(parts):
            _miss()
        return tuple([part(value, counter) for part, value in zip(parts, data, strict=True)])

    return fixed


def _union_decoder(tp: Any, members: tuple[Any, ...]) -> FastDecoder:
    classes = [m for m in members if m is not type(None)]
    optional = len(classes) < len(members)
    if len(classes) == 1:  # X | None: a union of one class is that class
        inner = decoder(classes[0])
        return lambda data, counter: None if data is None else inner(data, counter)
    if not all(attrs.has(cls) for cls in classes):
        return lambda data, _counter: decode_value(data, tp, "")
    tags = _tag_table(classes)
    if optional:
        return lambda data, counter: None if data is None else tags[data["type"]](data, counter)  # type: ignore[index]
    return lambda data, counter: tags[data["type"]](data, counter)  # type: ignore[index]


def _tag_table(classes: list[type]) -> dict[str, FastDecoder]:
    """The tagged decoders of a union's classes, by their ``"type"`` tag."""
    return {type_tag(cls): _attrs_decoder(cls, tagged=True) for cls in classes}


def _tagged_union(tp: Any) -> dict[str, FastDecoder] | None:
    """The tag table of a union of two or more attrs classes (no None), else None."""
    members = union_members(tp)
    if members is None or type(None) in members or len(members) < 2:
        return None
    if not all(attrs.has(cls) for cls in members):
        return None
    return _tag_table(list(members))


_MEMO_LIMIT: Final = 4096
"""The most values kept per class by the decoders' memo (hostile documents cannot grow it)."""


def _is_frozen(cls: type) -> bool:
    setter = inspect.getattr_static(cls, "__setattr__", None)
    return getattr(setter, "__name__", "") == "_frozen_setattrs"


def _plain_init(cls: type) -> bool:
    """Whether ``cls``'s ``__init__`` only stores its arguments (no checks, no conversions)."""
    return (
        not hasattr(cls, "__attrs_pre_init__")
        and not hasattr(cls, "__attrs_post_init__")
        and not hasattr(cls, "_attrs_cached_hash")
        and all(
            field.init and field.validator is None and field.converter is None
            for field in attrs.fields(cls)
        )
    )


def _attrs_decoder(cls: type, *, tagged: bool) -> FastDecoder:  # noqa: C901, PLR0912, PLR0915 - one case per kind of field
    """The generated decoder of an attrs class: exactly its fields (and label, type tag).

    A frozen class whose fields are all scalars (integers, strings, booleans, cards, enum
    members, None) is memoized: its value depends only on the JSON scalars, which key a table
    of values already built (at most :data:`_MEMO_LIMIT` per class).
    """
    fields = json_fields(cls)
    keys = {key for _, key, _, _ in fields} | ({"type"} if tagged else set())
    label = has_label(cls)
    namespace: dict[str, Any] = {
        "_miss": _miss,
        "_cls": slot_builder(cls) if _plain_init(cls) else cls,
        "_max": _MAX_INT,
        "_memo": {},
        "_limit": _MEMO_LIMIT,
    }
    # Every field is read below (a missing one raises), so a count of members tells that
    # there is no other one.
    lines = ["def _f(d, n):"]
    if label:
        lines += [
            "    if type(d) is not dict: _miss()",
            f"    if len(d) != {len(keys)} and (len(d) != {len(keys) + 1} or 'label' not in d):",
            "        _miss()",
            "    n[0] += len(d)",
        ]
    else:
        lines += [
            f"    if type(d) is not dict or len(d) != {len(keys)}: _miss()",
            f"    n[0] += {len(keys)}",
        ]
    head = len(lines)
    arguments = []
    raw = []
    # A memoized value is looked up before any check when the raw scalars' types are pinned
    # down first (``true == 1`` and ``1.0 == 1`` would otherwise find another value).
    early: list[str] | None = []
    nested: list[int] = []
    memo = _is_frozen(cls) and not label
    for i, (_, key, field_type, _) in enumerate(fields):
        value = f"d[{key!r}]"
        item = decoder(field_type)
        tags = _tagged_union(field_type)
        guards: dict[FastDecoder, str] = {
            _check_int: "type(e[{}]) is int",
            _check_str: "type(e[{}]) is str",
        }
        guard = guards.get(item)
        if item is _check_bool:
            guard = "(e[{0}] is True or e[{0}] is False)"
        if item is _check_int:
            lines += [
                f"    a{i} = {value}",
                f"    if type(a{i}) is not int or not -_max <= a{i} < _max: _miss()",
            ]
            raw.append(f"a{i}")
        elif item is _check_bool:
            lines += [
                f"    a{i} = {value}",
                f"    if a{i} is not True and a{i} is not False: _miss()",
            ]
            raw.append(f"a{i}")
        elif item is _check_str:
            lines += [f"    a{i} = {value}", f"    if type(a{i}) is not str: _miss()"]
            raw.append(f"a{i}")
        elif (table := _scalar_table(field_type)) is not None:
            guard = ""
            namespace[f"_c{i}"] = table
            lines.append(f"    r{i} = {value}")
            if _is_optional(field_type):
                lines.append(f"    a{i} = None if r{i} is None else _c{i}[r{i}]")
            else:
                lines.append(f"    a{i} = _c{i}[r{i}]")
            raw.append(f"r{i}")
        elif tags is not None:
            namespace[f"_t{i}"] = tags
            lines.append(f"    r{i} = {value}")
            lines.append(f"    a{i} = _t{i}[r{i}['type']](r{i}, n)")
            if _is_text_union(field_type):  # its objects hold only text: keyed by their items
                raw.append(f"tuple(r{i}.items())")
                guard = ""
                nested.append(len(raw) - 1)
            else:
                memo = False
        else:
            namespace[f"_d{i}"] = item
            lines += [f"    r{i} = {value}", f"    a{i} = _d{i}(r{i}, n)"]
            raw.append(f"r{i}")
            memo = memo and _is_scalar(field_type)
        if early is not None and guard is not None:
            early.append(guard.format(len(raw) - 1))
        else:
            early = None
        arguments.append(f"{key}=a{i}")
    build = f"_cls({', '.join(arguments)})"
    if memo and raw and early is not None:
        reads = ", ".join(
            f"tuple(d[{key!r}].items())" if i in nested else f"d[{key!r}]"
            for i, (_, key, _, _) in enumerate(fields)
        )
        checks = " and ".join(check for check in early if check) or "True"
        counted = "".join(f"\n            n[0] += len(e[{i}])" for i in nested)
        lines[head:head] = [
            f"    e = ({reads},)",
            f"    if {checks}:",
            "        v = _memo.get(e)",
            f"        if v is not None:{counted}",
            "            return v",
        ]
    if memo and raw:
        lines += [
            f"    key = ({', '.join(raw)},)",
            "    v = _memo.get(key)",
            "    if v is None:",
            f"        v = {build}",
            "        if len(_memo) < _limit: _memo[key] = v",
        ]
    else:
        lines.append(f"    v = {build}")
    if label:
        lines.append("    if 'label' in d and d['label'] != v.label: _miss()")
    lines.append("    return v")
    return typing.cast(
        "FastDecoder", build_function(cls.__qualname__, "\n".join(lines) + "\n", namespace)
    )


def _is_text_union(tp: Any) -> bool:
    """Whether ``tp`` is a tagged union whose objects hold only text (cards, names, enums).

    Such an object's items are then a safe memo key: no JSON value other than that very text
    equals a string, so equal items mean equal values.
    """
    members = union_members(tp)
    return (
        members is not None
        and type(None) not in members
        and all(
            not has_label(cls)
            and all(
                _scalar_table(field_type) is not None or field_type is str
                for _, _, field_type, _ in json_fields(cls)
            )
            for cls in members
        )
    )


def _is_scalar(tp: Any) -> bool:
    """Whether JSON scalars of ``tp`` decode one to one (a table, an exact type, or None).

    Two different JSON scalars that a fast decoder accepts for ``tp`` give different values,
    and a scalar of another JSON type is refused, so the raw scalars can key a memo.
    """
    members = union_members(tp)
    if members is not None:
        return all(_is_scalar(member) for member in members)
    supertype = getattr(tp, "__supertype__", None)
    if supertype is not None:
        return _is_scalar(supertype)
    return tp in _SCALARS or is_enum(tp)
