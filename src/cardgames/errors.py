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
    "InvalidStateError",
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
    """A state that the rules cannot reach (a card in two places, a seat that does not exist, …).

    Raised when a state is built or decoded, and when a game is handed a state that is not
    one of its own; the message names the broken rule.
    """


class ParseError(CardgamesError, ValueError):
    """Text that is not valid card, action or record notation; the message quotes the text."""


class DecodeError(CardgamesError, ValueError):
    """A serialized document that cannot be decoded; the message says where and what is wrong."""


class ReplayError(DecodeError):
    """A game record whose action is illegal at its step; the message names the step."""
