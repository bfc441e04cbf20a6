"""The exceptions raised by cardgames.

Every error the library raises on purpose is a :class:`CardgamesError`, so a caller can catch
them all at once; each also derives from the built-in class a Python programmer would expect
(``ValueError`` for bad values), so generic handlers keep working.
"""

from __future__ import annotations

__all__ = [
    "CardgamesError",
    "DecodeError",
    "IllegalActionError",
    "InvalidConfigError",
    "InvalidPlayerError",
    "InvalidStateError",
    "MissingExtraError",
    "ParseError",
    "ReplayError",
]


class CardgamesError(Exception):
    """Base class of every error raised on purpose by cardgames."""


class IllegalActionError(CardgamesError, ValueError):
    """An action that the rules do not allow in this state.

    The message names the action, the player and the rule violated, never a hidden card. The
    state the action was applied to is unchanged (states are immutable).
    """


class InvalidConfigError(CardgamesError, ValueError):
    """A game configuration that breaks the rules' constraints (raised at construction)."""


class InvalidStateError(CardgamesError, ValueError):
    """A state that the game cannot reach or start from.

    Raised for a state built with impossible values, and for one of another game handed to
    this game's rules.

    The message names the broken rule, never a hidden card.
    """


class InvalidPlayerError(CardgamesError, ValueError):
    """A player number that is not a seat at this table (an int from 0 to players - 1)."""


class ParseError(CardgamesError, ValueError):
    """Text that is not valid card, action or record notation; the message quotes the text."""


class DecodeError(CardgamesError, ValueError):
    """A serialized document that cannot be decoded; the message says where and what is wrong."""


class ReplayError(DecodeError):
    """A game record whose action is illegal at its step; the message names the step."""


class MissingExtraError(CardgamesError, ImportError):
    """An optional dependency is not installed; the message names the extra that provides it.

    The optional features (tensors and adapters, the web table, Dask, plots) import their
    libraries only when used, and raise this when one is missing, for example
    ``pip install 'cardgames-engine[web]'``.
    """
