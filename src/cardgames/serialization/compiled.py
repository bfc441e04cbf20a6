"""The JSON codec compiled once per type: the fast path of :mod:`cardgames.serialization.codec`.

:func:`~cardgames.serialization.reference.encode_value` and
:func:`~cardgames.serialization.reference.decode_value` define the documents by walking a value's
declared type. Walking the type again for every value is what made the codec ten to forty
times slower than :mod:`json` itself, so this module walks each type *once* and generates
Python source for it, the way attrs generates ``__init__``: a function per attrs class that
reads or writes its fields by name, with every check of the reference decoder inlined.

Encoding (:func:`encoder`) writes exactly what the reference encoder writes.

Decoding (:func:`decoder`) is a *fast path*. It accepts only what the reference decoder
accepts, and gives an equal value; on anything unusual (a bad value, a missing optional
field, a card written ``"10h"`` instead of ``"Th"``) it simply fails, and the caller re-decodes
with the reference decoder, which then returns the value or raises the one documented
:class:`~cardgames.errors.DecodeError` with the path of the bad value. So error messages and
strictness are those of the reference decoder by construction, and the fast path only has to
be right about the values it accepts (tests compare both on mutated documents).

Each fast decoder also adds the number of object members it consumed to a counter, so that a
document decoder can tell, from the JSON text alone, that no object had a duplicate key (see
:func:`cardgames.serialization.document.decode_state`).
"""

# Type expressions are runtime objects of no static type, hence Any in signatures:
# ruff: noqa: ANN401

from __future__ import annotations

import enum
import inspect
import json
import json.encoder
import typing
from collections.abc import Callable
from typing import Any, Final, Literal

import attrs

from cardgames._slots import slot_builder
from cardgames.cards import Card, Rank, Suit
from cardgames.serialization.reference import (
    JSON,
    decode_value,
    encode_value,
    has_label,
    json_fields,
    type_tag,
    union_members,
)

__all__ = ["Counter", "FastDecoder", "decoder", "encoder", "text_encoder"]

Counter = list[int]
"""A one-item list: the object members a fast decoder consumed (see :func:`decoder`)."""
FastDecoder = Callable[[object, Counter], Any]
"""A fast decoder: ``decode(data, counter)`` gives the value, or raises anything."""

_MAX_INT: Final = 2**256
_CARD_BY_TEXT: Final = {str(card): card for card in map(Card.from_index, range(52))}
_TEXT_BY_ID: Final = {id(card): text for text, card in _CARD_BY_TEXT.items()}
"""The text of each parsed card by identity (they live as long as this module, so no other
object shares their ids), and of the card objects learned by :func:`_text_of`: the cards the
library builds need no hashing to be written."""


_INDEX_BY_ID: Final = {id(card): card.index for card in _CARD_BY_TEXT.values()}
_QUOTED_BY_ID: Final = {id(card): f'"{text}"' for text, card in _CARD_BY_TEXT.items()}
_KEPT: Final[list[Card]] = []
"""Other card objects met while writing, kept alive so that their ids stay theirs."""
_KEEP_LIMIT: Final = 1024


def _text_of(card: Card) -> str:
    """The text of a card met by value, as the reference writes it; learns the object's id.

    A game's own card objects (Sixes' deck, say) are learned once, so that later documents
    write them by identity; at most :data:`_KEEP_LIMIT` objects are kept.
    """
    text = str(card)
    if type(card) is Card and len(_KEPT) < _KEEP_LIMIT:
        _KEPT.append(card)
        key = id(card)
        _INDEX_BY_ID[key] = card.index
        _QUOTED_BY_ID[key] = f'"{text}"'
        _TEXT_BY_ID[key] = text
    return text


_TEXT_BY_INDEX: Final = tuple(str(Card.from_index(index)) for index in range(52))


def _sorted_card_texts(cards: Any) -> list[str]:
    """The texts of a set of cards in card order (the order of their indices)."""
    try:
        indices = sorted(map(_INDEX_BY_ID.__getitem__, map(id, cards)))
    except KeyError:  # cards built elsewhere: found by value
        return [_text_of(card) for card in sorted(cards)]
    return list(map(_TEXT_BY_INDEX.__getitem__, indices))


def _card_text(card: Card) -> str:
    text = _TEXT_BY_ID.get(id(card))
    return _text_of(card) if text is None else text


_ENCODERS: dict[Any, Callable[[Any], JSON]] = {}
_DECODERS: dict[Any, FastDecoder] = {}


class _MissError(Exception):
    """The fast path declines a value; the reference decoder decides."""


def _miss() -> typing.NoReturn:
    raise _MissError


def _build(name: str, source: str, namespace: dict[str, Any]) -> Any:
    exec(compile(source, f"<cardgames codec {name}>", "exec"), namespace)  # noqa: S102 - generated from field names and types only, as attrs does
    return namespace["_f"]


def _is_enum(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, enum.Enum)


def _is_variadic(args: tuple[Any, ...]) -> bool:
    return len(args) == 2 and args[1] is Ellipsis


# --- encoding -----------------------------------------------------------------------------


def encoder(tp: Any) -> Callable[[Any], JSON]:
    """The encoder of declared type ``tp``, built on first use and kept.

    ``encoder(tp)(value) == encode_value(value, tp)`` for every value of that type; a field
    declared as a tuple may hold any sequence (a persistent sequence, say).
    """
    try:
        return _ENCODERS[tp]
    except KeyError:
        pass
    built = _compile_encoder(tp)
    _ENCODERS[tp] = built
    return built


def _identity(value: Any) -> JSON:
    return typing.cast("JSON", value)


def _compile_encoder(tp: Any) -> Callable[[Any], JSON]:  # noqa: C901, PLR0911 - one case per kind of type
    supertype = getattr(tp, "__supertype__", None)
    if supertype is not None:
        return encoder(supertype)
    members = union_members(tp)
    if members is not None:
        return _union_encoder(tp, members)
    if tp is Card:
        return _card_text
    if tp is Rank or tp is Suit:
        return str
    if _is_enum(tp):
        names = {member: member.name.lower() for member in tp}
        return names.__getitem__
    if tp in (int, str, bool, float) or tp is type(None) or tp is Any:
        return _identity
    origin = typing.get_origin(tp)
    if origin is Literal:
        return _identity
    if origin is tuple:
        args = typing.get_args(tp)
        if _is_variadic(args):
            return _sequence_encoder(args[0])
        items = tuple(encoder(arg) for arg in args)
        return lambda value: [encode(item) for item, encode in zip(value, items, strict=True)]
    if origin in (frozenset, set):
        (arg,) = typing.get_args(tp)
        if arg is Card:
            return typing.cast("Callable[[Any], JSON]", _sorted_card_texts)
        item = encoder(arg)
        return lambda value: [item(member) for member in sorted(value)]
    if attrs.has(tp):
        return _attrs_encoder(tp, tagged=False)
    return lambda value: encode_value(value, tp)


def _sequence_encoder(item_type: Any) -> Callable[[Any], JSON]:
    item = encoder(item_type)
    if item is _identity:
        return list
    if item_type is Card:
        return _cards_encoder
    members = union_members(item_type)
    if members is not None and all(attrs.has(cls) for cls in members):
        tagged = {cls: _attrs_encoder(cls, tagged=True) for cls in members}

        def tagged_items(value: Any) -> JSON:
            try:
                return [tagged[type(member)](member) for member in value]
            except KeyError:  # a member of another class: the reference encoder decides
                return [item(member) for member in value]

        return tagged_items
    return lambda value: [item(member) for member in value]


def _cards_encoder(cards: Any) -> JSON:
    try:
        return list(map(_TEXT_BY_ID.__getitem__, map(id, cards)))
    except KeyError:  # cards built elsewhere: found by value
        return [_text_of(card) for card in cards]


def _union_encoder(tp: Any, members: tuple[Any, ...]) -> Callable[[Any], JSON]:
    classes = [m for m in members if m is not type(None)]
    if len(classes) == 1:
        inner = encoder(classes[0])
        return lambda value: None if value is None else inner(value)
    tagged = {cls: _attrs_encoder(cls, tagged=True) for cls in classes if attrs.has(cls)}

    def encode(value: Any) -> JSON:
        if value is None:
            return None
        known = tagged.get(type(value))
        if known is None:
            return encode_value(value, tp)
        return known(value)

    return encode


def _attrs_encoder(cls: type, *, tagged: bool) -> Callable[[Any], JSON]:
    namespace: dict[str, Any] = {}
    entries = [f"'type': {type_tag(cls)!r}"] if tagged else []
    for i, (name, key, field_type, _) in enumerate(json_fields(cls)):
        encode = encoder(field_type)
        if encode is _identity:
            entries.append(f"{key!r}: v.{name}")
        else:
            namespace[f"_e{i}"] = encode
            entries.append(f"{key!r}: _e{i}(v.{name})")
    if has_label(cls):
        entries.append("'label': v.label")
    source = f"def _f(v):\n    return {{{', '.join(entries)}}}\n"
    return typing.cast("Callable[[Any], JSON]", _build(cls.__qualname__, source, namespace))


# --- encoding straight to JSON text ---------------------------------------------------------


def text_encoder(tp: Any) -> Callable[[Any], str]:
    """The JSON-text encoder of declared type ``tp``, built on first use and kept.

    ``text_encoder(tp)(value) == json.dumps(encode_value(value, tp), ensure_ascii=False)``:
    the same text, written without building the intermediate dicts and lists.
    """
    try:
        return _TEXT_ENCODERS[tp]
    except KeyError:
        pass
    built = _compile_text_encoder(tp)
    _TEXT_ENCODERS[tp] = built
    return built


_TEXT_ENCODERS: dict[Any, Callable[[Any], str]] = {}
_json_text: Final = json.JSONEncoder(ensure_ascii=False).encode
_quote: Final = json.encoder.encode_basestring


def _card_json(card: Card) -> str:
    text = _QUOTED_BY_ID.get(id(card))
    return f'"{_text_of(card)}"' if text is None else text


def _int_json(value: Any) -> str:
    return int.__repr__(value) if type(value) is int else _json_text(value)


def _str_json(value: Any) -> str:
    return _quote(value) if type(value) is str else _json_text(value)


def _bool_json(value: Any) -> str:
    if value is True:
        return "true"
    return "false" if value is False else _json_text(value)


def _compile_text_encoder(tp: Any) -> Callable[[Any], str]:  # noqa: C901, PLR0911 - one case per kind of type
    supertype = getattr(tp, "__supertype__", None)
    if supertype is not None:
        return text_encoder(supertype)
    members = union_members(tp)
    if members is not None:
        return _union_text_encoder(tp, members)
    simple = {Card: _card_json, int: _int_json, str: _str_json, bool: _bool_json}
    if tp in simple:
        return simple[tp]
    if tp is Rank or tp is Suit:
        return lambda value: _quote(str(value))
    if _is_enum(tp):
        names = {member: _quote(member.name.lower()) for member in tp}
        return names.__getitem__
    origin = typing.get_origin(tp)
    if origin is tuple:
        args = typing.get_args(tp)
        if _is_variadic(args):
            return _sequence_text_encoder(args[0])
        items = tuple(text_encoder(arg) for arg in args)
        return lambda value: (
            "[" + ", ".join([encode(item) for item, encode in zip(value, items, strict=True)]) + "]"
        )
    if origin in (frozenset, set):
        (arg,) = typing.get_args(tp)
        if arg is Card:
            return lambda value: (
                '["' + '", "'.join(_sorted_card_texts(value)) + '"]' if value else "[]"
            )
        item = text_encoder(arg)
        return lambda value: "[" + ", ".join([item(member) for member in sorted(value)]) + "]"
    if attrs.has(tp):
        return _attrs_text_encoder(tp, tagged=False)
    plain = encoder(tp)
    return lambda value: _json_text(plain(value))


def _sequence_text_encoder(item_type: Any) -> Callable[[Any], str]:
    if item_type is Card:

        def cards(value: Any) -> str:
            try:
                return "[" + ", ".join(map(_QUOTED_BY_ID.__getitem__, map(id, value))) + "]"
            except KeyError:  # cards built elsewhere: found by value
                return (
                    '["' + '", "'.join([_text_of(card) for card in value]) + '"]' if value else "[]"
                )

        return cards
    if item_type is int:

        def ints(value: Any) -> str:
            if all(type(item) is int for item in value):
                return "[" + ", ".join(map(int.__repr__, value)) + "]"
            return _json_text(list(value))

        return ints
    members = union_members(item_type)
    item = text_encoder(item_type)
    if members is not None and all(attrs.has(cls) for cls in members):
        tagged = {cls: _attrs_text_encoder(cls, tagged=True) for cls in members}

        def tagged_items(value: Any) -> str:
            try:
                return "[" + ", ".join([tagged[type(member)](member) for member in value]) + "]"
            except KeyError:  # a member of another class: the reference encoder decides
                return "[" + ", ".join([item(member) for member in value]) + "]"

        return tagged_items
    return lambda value: "[" + ", ".join([item(member) for member in value]) + "]"


def _union_text_encoder(tp: Any, members: tuple[Any, ...]) -> Callable[[Any], str]:
    classes = [m for m in members if m is not type(None)]
    if len(classes) == 1:
        inner = text_encoder(classes[0])
        return lambda value: "null" if value is None else inner(value)
    tagged = {cls: _attrs_text_encoder(cls, tagged=True) for cls in classes if attrs.has(cls)}
    plain = encoder(tp)

    def encode(value: Any) -> str:
        if value is None:
            return "null"
        known = tagged.get(type(value))
        if known is None:
            return _json_text(plain(value))
        return known(value)

    return encode


def _attrs_text_encoder(cls: type, *, tagged: bool) -> Callable[[Any], str]:
    namespace: dict[str, Any] = {"_int": int.__repr__, "_json": _json_text, "_quote": _quote}
    parts = []
    if tagged:
        parts.append(repr(f'"type": {_quote(type_tag(cls))}'))
    for i, (name, key, field_type, _) in enumerate(json_fields(cls)):
        head = repr(f"{_quote(key)}: ")
        encode = text_encoder(field_type)
        members = union_members(field_type)
        if encode is _int_json:
            body = f"(_int(v.{name}) if type(v.{name}) is int else _json(v.{name}))"
        elif members is not None and len(members) > 1 and all(map(attrs.has, members)):
            namespace[f"_t{i}"] = {cls: _attrs_text_encoder(cls, tagged=True) for cls in members}
            namespace[f"_e{i}"] = encode
            body = f"_t{i}.get(type(v.{name}), _e{i})(v.{name})"
        else:
            namespace[f"_e{i}"] = encode
            body = f"_e{i}(v.{name})"
        parts.append(f"{head} + {body}")
    if has_label(cls):
        parts.append(f"{_quote('label') + ': '!r} + _json(v.label)")
    body = " + ', ' + ".join(parts) if parts else "''"
    source = f"def _f(v):\n    return '{{' + {body} + '}}'\n"
    return typing.cast("Callable[[Any], str]", _build(cls.__qualname__, source, namespace))


# --- decoding -----------------------------------------------------------------------------


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
    Card: _CARD_BY_TEXT,
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
    return _enum_table(tp) if _is_enum(tp) else None


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
    if _is_enum(tp):
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
        get = _CARD_BY_TEXT.__getitem__

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
    if _is_variadic(args):
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
    return typing.cast("FastDecoder", _build(cls.__qualname__, "\n".join(lines) + "\n", namespace))


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
    return tp in _SCALARS or _is_enum(tp)
