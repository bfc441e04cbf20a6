"""Drawing below ``n`` inline, with exactly the calls of ``random.Random._randbelow``.

A game's fast random playout (:func:`cardgames.game.random_playout`) must make the very draws
the protocol's loop makes with the caller's ``randbelow``. When that is ``rng._randbelow`` of a
plain :class:`random.Random`, each draw is a Python call which rejection-samples
``rng.getrandbits(n.bit_length())`` until the bits are below ``n``. A playout loop can make those
``getrandbits`` calls itself, without the call in between, and leave the generator in the same
state: :func:`plain_getrandbits` says when, and :func:`inline_draw` is the draw it makes::

    >>> import random
    >>> rng, twin = random.Random(5), random.Random(5)
    >>> getrandbits = plain_getrandbits(rng._randbelow)
    >>> [inline_draw(getrandbits, 6) for _ in range(5)] == [twin._randbelow(6) for _ in range(5)]
    True
    >>> rng.getstate() == twin.getstate()
    True

That it is the running Python's own ``_randbelow``, draw for draw, is checked once at import;
where it is not (another Python's ``random``), :func:`plain_getrandbits` is always None.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

__all__ = ["INLINE_DRAWS", "inline_draw", "plain_getrandbits"]

_RANDBELOW: Final = getattr(random.Random, "_randbelow_with_getrandbits", None)
"""The function behind ``random.Random._randbelow`` when it draws from ``getrandbits``."""
_PLAIN: Final = _RANDBELOW is not None and getattr(random.Random, "_randbelow", None) is _RANDBELOW
"""Whether a plain :class:`random.Random` draws below ``n`` by rejection from ``getrandbits``."""


def inline_draw(getrandbits: Callable[[int], int], n: int) -> int:
    """``rng._randbelow(n)`` of a plain ``random.Random``, made from ``rng.getrandbits``.

    The reference of what a playout loop writes inline: ``k = n.bit_length()`` bits, drawn
    again while they are ``n`` or more (so ``n == 1`` still draws one bit at least once).
    """
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def draws_alike(*, plain: bool = _PLAIN) -> bool:
    """Whether :func:`inline_draw` is this Python's ``random.Random._randbelow``, draw for draw."""
    if not plain:
        return False
    theirs, ours = random.Random(12), random.Random(12)
    for n in (*range(1, 42), *range(1, 42)):
        if inline_draw(ours.getrandbits, n) != theirs._randbelow(n):  # type: ignore[attr-defined]  # noqa: SLF001 - the method compared against
            return False
    return ours.getstate() == theirs.getstate()


INLINE_DRAWS: Final = draws_alike()
"""Whether the draws of a plain ``random.Random`` may be made inline on this Python."""


def plain_getrandbits(randbelow: Callable[[int], int]) -> Callable[[int], int] | None:
    """``rng.getrandbits`` when ``randbelow`` is ``rng._randbelow`` of a plain ``random.Random``.

    Its draws can then be made inline (:func:`inline_draw`), which leaves the generator in the
    same state; for any other callable (another class's ``_randbelow``, ``randrange``, a
    function), or where :data:`INLINE_DRAWS` is false, None.
    """
    rng = getattr(randbelow, "__self__", None)
    if (
        INLINE_DRAWS
        and rng.__class__ is random.Random
        and getattr(randbelow, "__func__", None) is _RANDBELOW
    ):
        return rng.getrandbits
    return None
