"""The persistent sequence: a Chain reads exactly as the tuple of its items, and shares them."""

from __future__ import annotations

import copy
import pickle
import tracemalloc
import typing
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.sequence import (
    CHUNK,
    Chain,
    ChainSlot,
    chain_of_log,
    log_appended,
    log_extended,
    log_of_chain,
)

items = st.lists(st.integers(-3, 3) | st.text(max_size=1) | st.none(), max_size=3 * CHUNK + 5)
positions = st.integers(-4 * CHUNK, 4 * CHUNK)
bounds = st.none() | positions


def grown(values: list[object]) -> Chain[object]:
    """The chain of ``values`` built one append at a time, as the engines build histories."""
    chain: Chain[object] = Chain(())
    for value in values:
        chain = chain.appended(value)
    return chain


@given(items)
def test_a_chain_reads_as_the_tuple_of_its_items(values: list[object]) -> None:
    """len, iteration, reversal, membership, index and count are those of the tuple."""
    model = tuple(values)
    for chain in (grown(values), Chain(values)):
        assert isinstance(chain, Sequence)
        assert len(chain) == len(model)
        assert bool(chain) == bool(model)
        assert tuple(chain) == chain.to_tuple() == model
        assert list(reversed(chain)) == list(reversed(model))
        for value in (*model, "absent"):
            assert (value in chain) == (value in model)
            assert chain.count(value) == model.count(value)
        for value in model:
            assert chain.index(value) == model.index(value)
        for value in model[1:]:
            assert chain.index(value, 1) == model.index(value, 1)
        with pytest.raises(ValueError, match="not in tuple"):
            chain.index("absent")


@given(items, positions)
def test_indexing_is_the_tuples(values: list[object], index: int) -> None:
    """chain[i] is tuple[i], negative indices too; out of range is an IndexError."""
    chain, model = grown(values), tuple(values)
    if -len(model) <= index < len(model):
        assert chain[index] == model[index]
    else:
        with pytest.raises(IndexError, match="out of range"):
            chain[index]


@given(items, bounds, bounds, st.sampled_from([None, 1, 2, -1, -3]))
def test_slicing_gives_the_chain_of_the_tuples_slice(
    values: list[object], start: int | None, stop: int | None, step: int | None
) -> None:
    """chain[a:b:c] is a Chain equal to tuple[a:b:c], in and out of the last chunk."""
    chain, model = grown(values), tuple(values)
    part = chain[start:stop:step]
    assert type(part) is Chain
    assert part == model[start:stop:step]


@given(items, items)
def test_equality_and_hash_are_those_of_the_tuple(
    first: list[object], second: list[object]
) -> None:
    """Chains equal chains and tuples of the same items, and hash like the tuple."""
    a, b = grown(first), Chain(second)
    assert (a == b) == (first == second)
    assert (a != b) == (first != second)
    assert a == tuple(first)
    assert tuple(first) == a
    assert hash(a) == hash(tuple(first))
    assert hash(a) == hash(a)  # the second time from the remembered hash
    if first == second:
        assert hash(a) == hash(b)
    assert a != list(first)
    assert (a == 3) is False


@given(items, items)
def test_appending_shares_and_never_changes_the_original(
    first: list[object], second: list[object]
) -> None:
    """appended and + return new chains; the chain they grew from is unchanged."""
    base = grown(first)
    before = base.to_tuple()
    longer = base + tuple(second)
    assert longer == (*first, *second)
    assert base + Chain(second) == longer
    assert base == before
    assert longer[: len(first)] == base
    with pytest.raises(TypeError):
        base + list(second)  # type: ignore[operator]


def _chunks(chain: Chain[object]) -> list[tuple[object, ...]]:
    """The chunks of ``chain``, newest first, each with the length of the chain ending there."""
    parts: list[tuple[object, ...]] = []
    link: Chain[object] | None = chain
    while link is not None:
        parts.append((link._len, link._tail))
        link = link._prev
    return parts


@given(items, items, st.booleans())
def test_extending_is_appending_each_item(
    first: list[object], second: list[object], built: bool
) -> None:
    """extended gives the chain of appended per item, chunk for chunk, and shares the base."""
    base = Chain(first) if built else grown(first)
    before = base.to_tuple()
    longer = base.extended(iter(second))
    appended = base + tuple(second)
    assert longer == appended == (*first, *second)
    assert repr(longer) == repr(appended)
    assert _chunks(longer) == _chunks(appended)
    assert base == before
    if first and len(first) % CHUNK == 0:  # a full last chunk is kept as it is
        link: Chain[object] | None = longer
        while link is not None and link is not base:
            link = link._prev
        assert link is base


@given(items)
def test_repr_evaluates_back_and_pickling_keeps_the_items(values: list[object]) -> None:
    """repr(chain) is Python for an equal chain; pickle and deepcopy give equal chains."""
    chain = grown(values)
    assert eval(repr(chain), {"Chain": Chain}) == chain  # noqa: S307 - the test of an eval-able repr
    assert pickle.loads(pickle.dumps(chain)) == chain  # noqa: S301 - our own bytes
    assert copy.deepcopy(chain) == chain
    assert Chain(chain) is chain


@given(
    st.lists(st.sampled_from([0, "a", None, 1.5]), min_size=CHUNK, max_size=5 * CHUNK), st.data()
)
def test_count_type_counts_exact_classes(values: list[object], data: st.DataObject) -> None:
    """count_type(k) counts items whose class is k, asked at any length, in any order."""
    chain: Chain[object] = Chain(())
    for end, value in enumerate(values, 1):
        chain = chain.appended(value)
        kind = data.draw(st.sampled_from([int, str, type(None), float, bool]))
        assert chain.count_type(kind) == sum(type(v) is kind for v in values[:end])


@given(st.lists(st.integers(-9, 9), max_size=6 * CHUNK), st.data())
def test_fold_gives_the_fold_of_the_items_and_reuses_full_chunks(
    values: list[int], data: st.DataObject
) -> None:
    """fold(key, step, start) is step over the items in order; a longer chain steps only anew."""
    seen: list[tuple[int, ...]] = []
    nothing: tuple[int, ...] = ()

    def step(done: tuple[int, ...], chunk: tuple[int, ...]) -> tuple[int, ...]:
        seen.append(chunk)
        return (*done, *chunk)

    chain: Chain[int] = Chain(())
    for end, value in enumerate(values, 1):
        chain = chain.appended(value)
        if data.draw(st.booleans()):
            seen.clear()
            assert chain.fold("concat", step, nothing) == tuple(values[:end])
            # every full chunk was stepped at most once over all the folds so far
            assert sum(map(len, seen)) <= len(chain) % CHUNK + CHUNK * (len(chain) // CHUNK)
    seen.clear()
    again = Chain(values).fold("concat", step, nothing)
    assert again == tuple(values)


def test_fold_steps_only_the_newer_items_and_remembers_nothing_on_failure() -> None:
    """A fold remembers each full chunk's result; a step that raises leaves none remembered."""
    calls: list[int] = []

    def total(done: int, chunk: tuple[int, ...]) -> int:
        calls.append(len(chunk))
        if -1 in chunk:
            raise ValueError("a bad item")
        return done + sum(chunk)

    chain = Chain(range(3 * CHUNK + 2))
    assert chain.fold("total", total, 0) == sum(range(3 * CHUNK + 2))
    assert calls == [CHUNK, CHUNK, CHUNK, 2]
    calls.clear()
    longer = chain.appended(100)
    assert longer.fold("total", total, 0) == sum(range(3 * CHUNK + 2)) + 100
    assert calls == [3]  # the full chunks were remembered
    calls.clear()
    assert longer.fold("other", total, 5) == sum(range(3 * CHUNK + 2)) + 105
    assert calls == [CHUNK, CHUNK, CHUNK, 3]  # another key: folded anew
    bad = Chain([*range(CHUNK), -1, *range(2 * CHUNK)])
    for expected in ([CHUNK, CHUNK], [CHUNK]):
        calls.clear()
        with pytest.raises(ValueError, match="bad item"):
            bad.fold("total", total, 0)
        assert calls == expected  # the first chunk is remembered, the failing one is not


def test_an_annotation_of_chain_is_a_tuple_at_run_time() -> None:
    """Chain[T] evaluates to tuple[T, ...], so type-directed code treats chains as tuples."""
    annotation: object = Chain[int]
    assert annotation == tuple[int, ...]
    assert typing.get_origin(Chain[str]) is tuple


def test_appending_costs_the_same_at_any_length() -> None:
    """An append allocates as much after 80,000 items as after 300 (a tuple copy would not)."""

    def allocated(chain: Chain[int]) -> int:
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            kept = [chain.appended(i) for i in range(CHUNK)]
            return tracemalloc.get_traced_memory()[0] - before - 8 * len(kept)
        finally:
            tracemalloc.stop()

    short, long = Chain(range(20 * CHUNK + 5)), Chain(range(5_000 * CHUNK + 5))
    allocated(short)  # warm up (a tracer may allocate on first use)
    # a copy of the long chain per append would allocate 640 kB each
    assert allocated(long) <= allocated(short) + 256


def test_every_item_of_a_long_chain_is_found() -> None:
    """Indexing walks back through the shared chunks to any item."""
    chain = grown(list(range(6 * CHUNK + 3)))
    assert [chain[i] for i in range(len(chain))] == list(range(6 * CHUNK + 3))
    assert [chain[-i] for i in range(1, len(chain) + 1)] == list(range(6 * CHUNK + 2, -1, -1))


@given(items)
def test_a_log_holds_the_chain_and_appends_as_it_does(values: list[object]) -> None:
    """A log read back is the chain; appending to a log is appending to the chain."""
    log = log_of_chain(Chain(()))
    chain: Chain[object] = Chain(())
    for value in values:
        log, chain = log_appended(log, value), chain.appended(value)
        assert chain_of_log(log) == chain
        assert log == log_of_chain(chain)  # the same full chunks, the same last chunk
        assert 2 <= len(log) <= CHUNK + 1
    read = chain_of_log(log)
    assert read == tuple(values)
    assert read.to_tuple() == chain.to_tuple()
    assert log_of_chain(read) == log


@given(items, items)
def test_extending_a_log_is_extending_its_chain(first: list[object], more: list[object]) -> None:
    """A log extended by some items holds the chain extended by them, chunked the same."""
    chain = Chain(first)
    log = log_extended(log_of_chain(chain), more)
    assert log == log_of_chain(chain.extended(more))
    assert chain_of_log(log) == (*first, *more)


def test_appending_to_a_log_shares_its_full_chunks() -> None:
    """A log that grows past a chunk links the full one once; later logs share that link."""
    log = log_of_chain(Chain(range(CHUNK)))
    assert log[0] is None
    longer = log_appended(log, "x")
    assert longer[1:] == ("x",)
    assert longer[0] == tuple(range(CHUNK))
    assert log_appended(longer, "y")[0] is longer[0]
    assert log == log_of_chain(Chain(range(CHUNK)))  # the shorter log is unchanged


def _chain(values: typing.Iterable[object]) -> Chain[object]:
    return Chain(values)


@attrs.frozen
class _Holder:
    """A frozen, slotted class with one chain field kept as a log."""

    name: str
    events: Chain[object] = attrs.field(converter=_chain)


ChainSlot.install(_Holder, "events", "_log")


@given(items)
def test_a_chain_slot_reads_the_chain_and_stores_its_log(values: list[object]) -> None:
    """The field reads as the chain it was given; the slot holds that chain's log."""
    holder = _Holder("a", tuple(values))
    assert type(holder.events) is Chain
    assert holder.events == tuple(values)
    assert holder._log == log_of_chain(Chain(values))  # type: ignore[attr-defined]
    assert holder == _Holder("a", Chain(values))
    assert hash(holder) == hash(_Holder("a", tuple(values)))
    assert pickle.loads(pickle.dumps(holder)) == holder  # noqa: S301 - our own bytes
    assert copy.deepcopy(holder) == holder
    assert attrs.evolve(holder, name="b").events == tuple(values)
    assert repr(holder) == f"_Holder(name='a', events={Chain(values)!r})"


def test_a_chain_slot_keeps_the_class_frozen_and_other_values_as_given() -> None:
    """Setting the field fails on a frozen class; a value that is not a tuple is stored as is."""
    holder = _Holder("a", ())
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        holder.events = Chain((1,))  # type: ignore[misc]
    odd = object.__new__(_Holder)
    vars(_Holder)["events"].__set__(odd, [1, 2])
    assert odd.events == [1, 2]
    vars(_Holder)["events"].__delete__(odd)
    with pytest.raises(AttributeError):
        _ = odd.events
    assert isinstance(vars(_Holder)["events"], ChainSlot)


def test_a_chain_slot_needs_a_slot_of_the_class_itself() -> None:
    """install refuses a class without that slot, and a raw name already taken."""

    @attrs.frozen(slots=False)
    class Loose:
        events: Chain[object]

    with pytest.raises(TypeError, match="no slot 'events'"):
        ChainSlot.install(Loose, "events", "_raw")
    with pytest.raises(TypeError, match="no slot 'other'"):
        ChainSlot.install(_Holder, "other", "_raw")
    with pytest.raises(TypeError, match="no slot 'events'"):  # already installed
        ChainSlot.install(_Holder, "events", "_raw")

    @attrs.frozen
    class Taken:
        events: Chain[object]
        raw: int

    with pytest.raises(TypeError, match="already has an attribute 'raw'"):
        ChainSlot.install(Taken, "events", "raw")
