"""The JSON encoders compiled once per type (the decoders: :mod:`~cardgames.serialization.reader`).

:func:`~cardgames.serialization.reference.encode_value` and
:func:`~cardgames.serialization.reference.decode_value` define the documents by walking a value's
declared type. Walking the type again for every value is what made the codec ten to forty
times slower than :mod:`json` itself, so this module walks each type *once* and generates
Python source for it, the way attrs generates ``__init__``: a function per attrs class that
writes its fields by name.

Encoding (:func:`encoder`) builds exactly the document the reference encoder builds;
:func:`text_encoder` writes exactly the text ``json.dumps`` writes of it, without the
intermediate dicts and lists. The decoders (:mod:`cardgames.serialization.reader`) share the
card tables and the source generator below.
"""

# Type expressions are runtime objects of no static type, hence Any in signatures:
# ruff: noqa: ANN401

from __future__ import annotations

import enum
import json
import json.encoder
import typing
from collections.abc import Callable
from typing import Any, Final, Literal

import attrs

from cardgames.cards import Card, Rank, Suit
from cardgames.serialization.reference import (
    JSON,
    encode_value,
    has_label,
    json_fields,
    type_tag,
    union_members,
)

__all__ = [
    "CARD_BY_TEXT",
    "build_function",
    "encoder",
    "is_enum",
    "is_variadic",
    "text_encoder",
]

CARD_BY_TEXT: Final = {str(card): card for card in map(Card.from_index, range(52))}
"""The 52 shared (parsed) cards by their text, such as ``"Ah"``."""
_TEXT_BY_ID: Final = {id(card): text for text, card in CARD_BY_TEXT.items()}
"""The text of each parsed card by identity (they live as long as this module, so no other
object shares their ids), and of the card objects learned by :func:`_text_of`: the cards the
library builds need no hashing to be written."""


_INDEX_BY_ID: Final = {id(card): card.index for card in CARD_BY_TEXT.values()}
_QUOTED_BY_ID: Final = {id(card): f'"{text}"' for text, card in CARD_BY_TEXT.items()}
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


def build_function(name: str, source: str, namespace: dict[str, Any]) -> Any:
    """The function ``_f`` defined by generated ``source``, its globals ``namespace``."""
    exec(compile(source, f"<cardgames codec {name}>", "exec"), namespace)  # noqa: S102 - generated from field names and types only, as attrs does
    return namespace["_f"]


def is_enum(tp: Any) -> bool:
    """Whether the type ``tp`` is an enum class."""
    return isinstance(tp, type) and issubclass(tp, enum.Enum)


def is_variadic(args: tuple[Any, ...]) -> bool:
    """Whether the arguments of a tuple type are those of ``tuple[X, ...]``."""
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
    if is_enum(tp):
        names = {member: member.name.lower() for member in tp}
        return names.__getitem__
    if tp in (int, str, bool, float) or tp is type(None) or tp is Any:
        return _identity
    origin = typing.get_origin(tp)
    if origin is Literal:
        return _identity
    if origin is tuple:
        args = typing.get_args(tp)
        if is_variadic(args):
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
    return typing.cast("Callable[[Any], JSON]", build_function(cls.__qualname__, source, namespace))


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
    if is_enum(tp):
        names = {member: _quote(member.name.lower()) for member in tp}
        return names.__getitem__
    origin = typing.get_origin(tp)
    if origin is tuple:
        args = typing.get_args(tp)
        if is_variadic(args):
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
    return typing.cast("Callable[[Any], str]", build_function(cls.__qualname__, source, namespace))
