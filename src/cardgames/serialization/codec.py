"""A strict, type-directed JSON codec for the library's frozen attrs classes.

Values are encoded by their declared types (from the attrs classes' annotations), so documents
are plain, readable JSON: cards as ``"Ah"``, seats as integers, sets as sorted lists, a union of
classes (actions) as objects tagged with ``"type"``. Decoding is strict where JSON libraries are
lenient: ``"3"`` is not an integer, ``true`` is not ``1``, a string is not a list, unknown and
missing fields are errors. Every failure is a :class:`~cardgames.errors.DecodeError` whose
message starts with the path of the bad value (``actions[17]: unknown card 'Zz'``).

A class may carry a readable ``label`` property (a Paiute hand value's ``"Four/Two: kings
over aces"``): it is written beside the fields, for people and front ends, and on reading it is
optional but must match the value.

The documents are defined by :mod:`~cardgames.serialization.reference`, which walks the
declared type of every value. What runs is that codec compiled once per type
(:mod:`~cardgames.serialization.compiled` and :mod:`~cardgames.serialization.reader`); a value
the compiled decoder does not accept is decoded again by the reference decoder, which gives
the value or the error with its path.

Why hand-written rather than cattrs or msgspec: cattrs' default hooks coerce (``int("3")``, a
string iterated into a tuple), msgspec keeps the last of two duplicate keys, and making either
strict while keeping our path-first messages took more code than this; see
docs/serialization.md.
"""

# Type expressions are runtime objects of no static type, hence Any in signatures:
# ruff: noqa: ANN401

from __future__ import annotations

from typing import Any

from cardgames.serialization import reference
from cardgames.serialization.compiled import encoder
from cardgames.serialization.reader import decoder
from cardgames.serialization.reference import JSON, has_label, json_fields, type_tag

__all__ = ["JSON", "decode_value", "encode_value", "has_label", "json_fields", "type_tag"]


def encode_value(value: Any, tp: Any) -> JSON:
    """Encode ``value`` of declared type ``tp`` as a JSON-compatible value."""
    return encoder(tp)(value)


def decode_value(data: object, tp: Any, path: str = "") -> Any:
    """Decode JSON ``data`` as declared type ``tp``; ``path`` names it in error messages.

    Raises:
        DecodeError: ``data`` does not fit ``tp``; the message starts with the path.
    """
    try:
        return decoder(tp)(data, [0])
    except Exception:  # noqa: BLE001 - the reference decoder decides, and names the error
        return reference.decode_value(data, tp, path)
