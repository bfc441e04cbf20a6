"""What the games' fast JSON readers share (see :attr:`cardgames.spec.StateCodec.read`).

A fast reader builds a state straight from the decoded JSON for the documents its game's writer
writes, and declines anything else by raising :class:`Declined`; the decoder then takes the
checked, type-directed path, which accepts or rejects the document with its own typed error.

Example::

    >>> read_int(3)
    3
    >>> read_int(True)
    Traceback (most recent call last):
    cardgames._reader.Declined
"""

from __future__ import annotations

from typing import Final

__all__ = ["MAX_INT", "Declined", "read_counts", "read_int", "read_ints"]

MAX_INT: Final = 2**256
"""The integers the JSON codec reads (a bigger one is its error, so a fast reader declines)."""


class Declined(Exception):  # noqa: N818 - a signal to take the checked path, not an error
    """A fast reader leaves a document to the checked path."""


def read_int(value: object) -> int:
    """``value`` when it is an int the codec reads (not a bool); else :class:`Declined`."""
    if value.__class__ is not int or not -MAX_INT <= value < MAX_INT:
        raise Declined
    return value


def read_ints(values: object) -> tuple[int, ...]:
    """The ints of a JSON list, each as :func:`read_int` reads it; else :class:`Declined`."""
    if values.__class__ is not list:
        raise Declined
    return tuple(map(read_int, values))


def read_counts(values: object) -> tuple[int, ...]:
    """The ints of a JSON list as :func:`read_ints` reads them, none negative; else declined."""
    if values.__class__ is not list:
        raise Declined
    for value in values:
        if value.__class__ is not int or not 0 <= value < MAX_INT:
            raise Declined
    return tuple(values)
