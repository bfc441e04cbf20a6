"""An immutable sequence that grows by sharing: each longer chain keeps the shorter one inside.

A game's history gains one event per action. Kept as a tuple, every successor state would copy
the whole history (``(*history, event)``), so a long deal would cost more per action and keep
more memory per state the longer it gets. A :class:`Chain` is a persistent sequence instead:
:meth:`Chain.appended` returns a new chain that shares every earlier event with the old one,
in time and memory independent of the length.

Otherwise a chain reads as an immutable tuple: it is a :class:`collections.abc.Sequence` with
``len``, indexing, slicing and iteration; it compares equal to (and hashes like) the tuple of
its items; its ``repr`` evaluates back::

    >>> from cardgames.sequence import Chain
    >>> short = Chain(("a", "b"))
    >>> longer = short.appended("c")
    >>> longer
    Chain(('a', 'b', 'c'))
    >>> len(longer), longer[-1], longer[1:], short
    (3, 'c', Chain(('b', 'c')), Chain(('a', 'b')))
    >>> longer == ("a", "b", "c") and hash(longer) == hash(("a", "b", "c"))
    True

In annotations ``Chain[T]`` stands at run time for ``tuple[T, ...]``, so that tools reading
types (the JSON codec, the JSON Schemas) treat a chain as the tuple it reads as; a type checker
sees the class itself.

How it works: the items are stored in chunks of :data:`CHUNK` items. A chain holds its last
chunk (``1`` to ``CHUNK`` items, a tuple) and the chain of every full chunk before it, so
appending copies at most one chunk, and reading walks one link per ``CHUNK`` items.

A class whose instances each hold a chain that grows by one item from one instance to the
next (a game state's history) can keep it as a :data:`Log` instead: one flat tuple, the chain
of the full chunks first and then the items of the last chunk. Appending to a log builds one
tuple (and, once per ``CHUNK`` items, one link), where a chain also builds its own object:
:class:`ChainSlot` stores a chain field that way and reads it back as the chain::

    >>> log = log_of_chain(Chain(range(20)))
    >>> log[0], log[1:]
    (Chain((0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)), (16, 17, 18, 19))
    >>> chain_of_log(log) == tuple(range(20))
    True
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from operator import countOf
from types import MemberDescriptorType
from typing import Any, Final, TypeAlias, TypeVar, final, overload

__all__ = [
    "CHUNK",
    "Chain",
    "ChainSlot",
    "Log",
    "as_log",
    "chain_of_log",
    "log_appended",
    "log_extended",
    "log_of_chain",
]

ItemT = TypeVar("ItemT")
FoldT = TypeVar("FoldT")

CHUNK: Final = 16
"""The number of items per chunk: an append copies at most this many references."""


@final
class Chain(Sequence[ItemT]):
    """An immutable sequence whose :meth:`appended` shares every earlier item.

    ``Chain(items)`` builds a chain of the items of an iterable (a chain is returned as is).

    Chains compare equal to chains and tuples with the same items, and hash like that tuple.
    A chain is never changed after it is built: its few attributes are private (and there is
    no room for others), and every operation returns a new chain.
    """

    __slots__ = ("_hash", "_len", "_memo", "_prev", "_tail")

    _prev: Chain[ItemT] | None
    _tail: tuple[ItemT, ...]
    _len: int
    _hash: int
    _memo: dict[object, Any] | None

    def __new__(cls, items: Iterable[ItemT] = ()) -> Chain[ItemT]:
        """The chain of ``items`` in order (``items`` itself if it is a chain)."""
        if type(items) is Chain:
            return items
        values = tuple(items)
        chain: Chain[ItemT] = _link(_new(Chain), None, values[:CHUNK], min(len(values), CHUNK))
        for start in range(CHUNK, len(values), CHUNK):
            tail = values[start : start + CHUNK]
            chain = _link(_new(Chain), chain, tail, start + len(tail))
        return chain

    def __class_getitem__(cls, item: object) -> Any:  # noqa: ANN401 - a run-time type expression
        """``Chain[T]`` in an annotation: at run time the type ``tuple[T, ...]`` (see above)."""
        return tuple[item, ...]  # type: ignore[valid-type]

    def appended(self, item: ItemT) -> Chain[ItemT]:
        """This chain with ``item`` added at the end; ``self`` is unchanged and shared."""
        # _link inlined: the engines append once per action, so the call it saves counts
        tail = self._tail
        chain: Chain[ItemT] = _new(Chain)
        if len(tail) < CHUNK:
            chain._prev = self._prev
            chain._tail = tail + (item,)  # noqa: RUF005 - faster than unpacking into a tuple
        else:
            chain._prev = self
            chain._tail = (item,)
        chain._len = self._len + 1
        chain._memo = None
        return chain

    def extended(self, items: Iterable[ItemT]) -> Chain[ItemT]:
        """This chain with ``items`` added at the end; ``self`` is unchanged and shared.

        The same chain as :meth:`appended` once per item, built a chunk at a time::

            >>> Chain(range(10)).extended(range(10, 40)) == tuple(range(40))
            True
        """
        values = tuple(items)
        chain = self
        tail = self._tail
        room = CHUNK - len(tail)
        if room and values:  # fill the last chunk first, as appended does
            tail += values[:room]
            chain = _link(_new(Chain), self._prev, tail, self._len + len(values[:room]))
            values = values[room:]
        length: int = _LEN(chain)
        for start in range(0, len(values), CHUNK):  # _link inlined, once per chunk
            link: Chain[ItemT] = _new(Chain)
            link._prev = chain
            link._tail = part = values[start : start + CHUNK]
            length += len(part)
            link._len = length
            link._memo = None
            chain = link
        return chain

    def _parts(self) -> list[tuple[ItemT, ...]]:
        """The chunks, oldest first."""
        parts = []
        chain: Chain[ItemT] | None = self
        while chain is not None:
            parts.append(_TAIL(chain))
            chain = _PREV(chain)
        parts.reverse()
        return parts

    def to_tuple(self) -> tuple[ItemT, ...]:
        """The items as a tuple."""
        if self._prev is None:
            return self._tail
        return tuple(itertools.chain.from_iterable(self._parts()))

    def __len__(self) -> int:
        return self._len

    def __iter__(self) -> Iterator[ItemT]:
        if self._prev is None:
            return iter(self._tail)
        return itertools.chain.from_iterable(self._parts())

    def __reversed__(self) -> Iterator[ItemT]:
        chain: Chain[ItemT] | None = self
        while chain is not None:
            yield from reversed(_TAIL(chain))
            chain = _PREV(chain)

    def __contains__(self, value: object) -> bool:
        return any(value in part for part in self._parts())

    @overload
    def __getitem__(self, index: int) -> ItemT: ...

    @overload
    def __getitem__(self, index: slice) -> Chain[ItemT]: ...

    def __getitem__(self, index: int | slice) -> ItemT | Chain[ItemT]:
        if isinstance(index, slice):
            low, high, step = index.indices(self._len)
            first = self._len - len(self._tail)
            if step == 1 and low >= first:  # within the last chunk, as after a turn
                return Chain(self._tail[low - first : max(high - first, 0)])
            return Chain(self.to_tuple()[index])
        i = operator.index(index)
        length = self._len
        if i < 0:
            i += length
        if not 0 <= i < length:
            raise IndexError(f"chain index {index} out of range for a chain of {length} items")
        chain = self
        while True:
            tail: tuple[ItemT, ...] = _TAIL(chain)
            start: int = _LEN(chain) - len(tail)
            if i >= start:
                return tail[i - start]
            chain = _PREV(chain)

    def index(self, value: Any, start: int = 0, stop: int | None = None) -> int:  # noqa: ANN401 - as Sequence.index
        """The position of the first ``value`` (from ``start``, before ``stop``).

        Raises:
            ValueError: ``value`` is not there (as for a tuple).
        """
        return self.to_tuple().index(value, start, self._len if stop is None else stop)

    def count(self, value: Any) -> int:  # noqa: ANN401 - as Sequence.count
        """How many items equal ``value``."""
        return sum(part.count(value) for part in self._parts())

    def count_type(self, kind: type) -> int:
        """How many items are instances of exactly the class ``kind`` (not of a subclass).

        The counts of the full chunks are remembered on them, and those are shared by every
        longer chain, so asking again as the chain grows costs only the newer items::

            >>> Chain((1, "a", 2.0, 3)).count_type(int)
            2
        """
        total = countOf(map(type, self._tail), kind)
        return total if self._prev is None else total + _prefix_count(self._prev, kind)

    def fold(
        self,
        key: Hashable,
        step: Callable[[FoldT, tuple[ItemT, ...]], FoldT],
        start: FoldT,
    ) -> FoldT:
        """``step`` applied to ``start`` and each chunk of the items in turn, oldest first.

        ``step(done, items)`` takes the result so far and the next items (a tuple) and returns
        the next result; it must not change ``done``. The result after each full chunk is
        remembered on that chunk under ``key`` and shared by every longer chain, so folding a
        chain that grew costs only the newer items. ``key`` names the fold: the same key must
        always come with the same ``step`` and ``start``. A ``step`` that raises leaves nothing
        remembered for the chunk it failed on::

            >>> def total(done: int, items: tuple[int, ...]) -> int:
            ...     return done + sum(items)
            >>> Chain(range(40)).fold("sum", total, 0)
            780
        """
        unknown: list[Chain[ItemT]] = []
        done = start
        chain = self._prev
        memo_key = ("fold", key)
        while chain is not None:
            memo: dict[object, Any] | None = _MEMO(chain)
            if memo is not None and memo_key in memo:
                done = memo[memo_key]
                break
            unknown.append(chain)
            chain = _PREV(chain)
        for chain in reversed(unknown):
            done = step(done, _TAIL(chain))
            _remember(chain, memo_key, done)
        return step(done, self._tail)

    def __add__(self, other: Chain[ItemT] | tuple[ItemT, ...]) -> Chain[ItemT]:
        if not isinstance(other, Chain | tuple):
            return NotImplemented
        chain = self
        for item in other:
            chain = chain.appended(item)
        return chain

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is Chain:
            if self._len != _LEN(other):
                return False
            mine: Chain[ItemT] | None = self
            theirs: Chain[Any] | None = other
            # chunks sit at the same offsets in every chain: compare them until they are shared
            while mine is not None and mine is not theirs:  # equal lengths: None together
                if _TAIL(mine) != _TAIL(theirs):
                    return False
                mine, theirs = _PREV(mine), _PREV(theirs)
            return True
        if type(other) is tuple:
            return len(other) == self._len and self.to_tuple() == other
        return NotImplemented

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:
            value = self._hash = hash(self.to_tuple())
            return value

    def __repr__(self) -> str:
        return f"Chain({self.to_tuple()!r})"

    def __reduce__(self) -> tuple[type[Chain[ItemT]], tuple[tuple[ItemT, ...]]]:
        return Chain, (self.to_tuple(),)


_new: Final = object.__new__
_MEMO: Final = operator.attrgetter("_memo")


def _prefix_count(prev: Chain[Any], kind: type) -> int:
    """:meth:`Chain.count_type` of a chain of full chunks, remembering it on each of them."""
    unknown: list[Chain[Any]] = []
    chain: Chain[Any] | None = prev
    total = 0
    while chain is not None:
        memo: dict[object, Any] | None = _MEMO(chain)
        if memo is not None and kind in memo:
            total = memo[kind]
            break
        unknown.append(chain)
        chain = _PREV(chain)
    for chain in reversed(unknown):
        total += countOf(map(type, _TAIL(chain)), kind)
        _remember(chain, kind, total)
    return total


def _remember(self: Chain[Any], key: object, value: object) -> None:
    """Note on a chain of full chunks what a count or a fold over its items gave."""
    memo = self._memo
    if memo is None:
        self._memo = {key: value}
    else:
        memo[key] = value


def _link(
    self: Chain[ItemT], prev: Chain[ItemT] | None, tail: tuple[ItemT, ...], length: int
) -> Chain[ItemT]:
    """Set a new chain's attributes: ``tail`` after the full chunks of ``prev``."""
    self._prev = prev
    self._tail = tail
    self._len = length
    self._memo = None
    return self


# Readers of another chain's private attributes (a chain walks the chains it shares).
_PREV: Final = operator.attrgetter("_prev")
_TAIL: Final = operator.attrgetter("_tail")
_LEN: Final = operator.attrgetter("_len")


Log: TypeAlias = tuple[Any, ...]
"""A chain as one flat tuple: the chain of its full chunks (None if it has none), then the
items of its last chunk (none for an empty chain, else 1 to :data:`CHUNK`). See
:func:`log_of_chain` and :func:`chain_of_log`."""


def log_of_chain(chain: Chain[Any]) -> Log:
    """The :data:`Log` of ``chain``, sharing its full chunks."""
    return (chain._prev, *chain._tail)  # noqa: SLF001 - the module's own class


def as_log(value: object) -> Any:  # noqa: ANN401 - a log, or the value as given
    """The :data:`Log` of a chain or a tuple; anything else as given (for checks to refuse)."""
    if type(value) is tuple:
        value = Chain(value)
    return log_of_chain(value) if type(value) is Chain else value


def chain_of_log(log: Log) -> Chain[Any]:
    """The chain that ``log`` (a :data:`Log`) holds: a new link over the shared full chunks."""
    chain: Chain[Any] = _new(Chain)  # _link inlined: a state's history is read this way
    chain._prev = prev = log[0]  # noqa: SLF001 - the module's own class
    chain._tail = tail = log[1:]  # noqa: SLF001
    chain._len = len(tail) if prev is None else prev._len + len(tail)  # noqa: SLF001
    chain._memo = None  # noqa: SLF001
    return chain


def log_appended(log: Log, item: object) -> Log:
    """``log`` with ``item`` added at the end, as :meth:`Chain.appended` adds it."""
    if len(log) <= CHUNK:  # room in the last chunk
        return (*log, item)
    return (chain_of_log(log), item)


def log_extended(log: Log, items: Iterable[object]) -> Log:
    """``log`` with ``items`` added at the end, as :meth:`Chain.extended` adds them."""
    values = tuple(items)
    if len(log) + len(values) <= CHUNK + 1:  # all in the last chunk
        return log + values
    return log_of_chain(chain_of_log(log).extended(values))


class ChainSlot:
    """An attrs field of a slotted class that holds a :class:`Chain`, stored as a :data:`Log`.

    :meth:`install` puts one in place of the field's slot, which attrs made. Reading the field
    gives the chain (a new link over the shared chunks, built on each read); setting it (only
    the class's ``__init__``, or ``__setstate__``, can: the class is frozen) stores the chain's
    log. Everything attrs generates (``__init__``, ``__eq__``, ``__hash__``,
    ``attrs.evolve``, pickling) goes through the field's name, so it sees the chain as before.

    A hot path reads and writes the log itself through the slot, under the second name that
    :meth:`install` gives it: a successor then costs one tuple for its history, not a chain's
    object as well. A value that is neither a chain nor a tuple is stored as given, for the
    class's checks to refuse.
    """

    def __init__(self, slot: Any, doc: str | None = None) -> None:  # noqa: ANN401 - a member descriptor
        self._slot = slot
        self.__doc__ = doc

    @classmethod
    def install(cls, owner: type, name: str, raw_name: str) -> None:
        """Keep ``owner``'s chain field ``name`` as a log, reachable raw as ``raw_name``.

        ``owner`` must be a slotted attrs class with a field ``name``; afterwards
        ``instance.<raw_name>`` reads the log from the slot (and, on an unfrozen twin such as
        the engines' unchecked builders use, writes it).

        Raises:
            TypeError: ``owner`` has no slot named ``name`` of its own (not a slotted class,
                or no such field), or already has an attribute ``raw_name``.
        """
        slot = vars(owner).get(name)
        if type(slot) is not MemberDescriptorType:
            msg = f"{owner.__qualname__} has no slot {name!r} of its own to keep as a log"
            raise TypeError(msg)
        if hasattr(owner, raw_name):
            msg = f"{owner.__qualname__} already has an attribute {raw_name!r}"
            raise TypeError(msg)
        setattr(owner, raw_name, slot)
        setattr(owner, name, cls(slot, slot.__doc__))

    def __get__(self, instance: object, owner: type | None = None) -> Any:  # noqa: ANN401 - the chain, or the descriptor on the class
        if instance is None:
            return self
        log = self._slot.__get__(instance, owner)
        return chain_of_log(log) if type(log) is tuple else log

    def __set__(self, instance: object, value: object) -> None:
        self._slot.__set__(instance, as_log(value))

    def __delete__(self, instance: object) -> None:
        self._slot.__delete__(instance)
