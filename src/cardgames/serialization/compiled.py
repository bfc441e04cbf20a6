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
import operator
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
_TEXT_BY_INDEX: Final = tuple(str(Card.from_index(index)) for index in range(52))
"""The text of each card by its :attr:`~cardgames.cards.Card.index`."""
_QUOTED_BY_INDEX: Final = tuple(f'"{text}"' for text in _TEXT_BY_INDEX)
"""The JSON text (quoted) of each card by its index."""
_CARD_ONLY: Final = frozenset({Card})
_index: Final = operator.attrgetter("index")


def _are_cards(cards: Any) -> bool:
    """Whether every item of ``cards`` is exactly a :class:`~cardgames.cards.Card`.

    Such a card's text is found by its stored index; an object of another class (a subclass,
    say) is written as the reference writes it, by ``str``.
    """
    return _CARD_ONLY.issuperset(map(type, cards))


def _sorted_card_texts(cards: Any) -> list[str]:
    """The texts of a set of cards in card order (the order of their indices)."""
    if _are_cards(cards):
        return list(map(_TEXT_BY_INDEX.__getitem__, sorted(map(_index, cards))))
    return [str(card) for card in sorted(cards)]


def _card_text(card: Card) -> str:
    return _TEXT_BY_INDEX[card.index] if card.__class__ is Card else str(card)


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
    if _are_cards(cards):
        return list(map(_TEXT_BY_INDEX.__getitem__, map(_index, cards)))
    return [str(card) for card in cards]


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
    return _QUOTED_BY_INDEX[card.index] if card.__class__ is Card else _quote(str(card))


def _sorted_cards_json(cards: Any) -> str:
    """The JSON text of a set of cards, in card order."""
    if _are_cards(cards):
        return "[" + ", ".join(map(_QUOTED_BY_INDEX.__getitem__, sorted(map(_index, cards)))) + "]"
    return "[" + ", ".join([_quote(str(card)) for card in sorted(cards)]) + "]"


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
            return _sorted_cards_json
        item = text_encoder(arg)
        return lambda value: "[" + ", ".join([item(member) for member in sorted(value)]) + "]"
    if attrs.has(tp):
        return _attrs_text_encoder(tp, tagged=False)
    plain = encoder(tp)
    return lambda value: _json_text(plain(value))


def _sequence_text_encoder(item_type: Any) -> Callable[[Any], str]:
    if item_type is Card:

        def cards(value: Any) -> str:
            if _are_cards(value):
                return "[" + ", ".join(map(_QUOTED_BY_INDEX.__getitem__, map(_index, value))) + "]"
            return "[" + ", ".join([_quote(str(card)) for card in value]) + "]"

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
    """One f-string per class: each field read once, ints and cards written without a call."""
    namespace: dict[str, Any] = {"_json": _json_text, "_cq": _QUOTED_BY_INDEX, "_Card": Card}
    lines = ["def _f(v):"]
    pieces: list[tuple[str, str | None]] = []  # (literal text, expression or None)
    head = "{" + (f'"type": {_quote(type_tag(cls))}, ' if tagged else "")
    for i, (name, key, field_type, _) in enumerate(json_fields(cls)):
        head += f"{_quote(key)}: "
        lines.append(f"    a{i} = v.{name}")
        encode = text_encoder(field_type)
        members = union_members(field_type)
        card = f"_cq[a{i}.index] if a{i}.__class__ is _Card else _e{i}(a{i})"
        namespace[f"_e{i}"] = encode
        if encode is _int_json:  # an int's f-string text is its repr
            body = f"a{i} if type(a{i}) is int else _json(a{i})"
        elif encode is _card_json:  # the card's text by its index
            body = card
        elif members is not None and set(members) == {Card, type(None)}:
            namespace[f"_e{i}"] = _card_json
            body = f'"null" if a{i} is None else {card}'
        elif members is not None and len(members) > 1 and all(map(attrs.has, members)):
            namespace[f"_t{i}"] = {cls: _attrs_text_encoder(cls, tagged=True) for cls in members}
            body = f"_t{i}.get(type(a{i}), _e{i})(a{i})"
        else:
            body = f"_e{i}(a{i})"
        pieces.append((head, body))
        head = ", "
    if has_label(cls):
        pieces.append((f"{head}{_quote('label')}: ", "_json(v.label)"))
        head = ", "
    pieces.append(((head.removesuffix(", ") if head != ", " else "") + "}", None))
    parts = []
    for text, expression in pieces:
        parts.append("f" + repr(text.replace("{", "{{").replace("}", "}}")))
        if expression is not None:
            parts.append(f"f'{{{expression}}}'")
    lines.append(f"    return {' '.join(parts)}")
    source = "\n".join(lines) + "\n"
    return typing.cast("Callable[[Any], str]", build_function(cls.__qualname__, source, namespace))
