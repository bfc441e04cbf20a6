"""The one slot-setting fast constructor builds exactly what the checked constructor builds."""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from typing import Any, Self

import attrs
import pytest

from cardgames._slots import slot_builder, unchecked_twin
from cardgames.sequence import Chain, ChainSlot, log_of_chain


@attrs.frozen
class _Point:
    """A frozen, slotted value with a private field set after ``__init__``."""

    x: int
    y: int
    _norm: int = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_norm", abs(self.x) + abs(self.y))


@attrs.frozen(slots=False)
class _Loose:
    """A frozen value with a ``__dict__`` instead of slots."""

    a: int
    b: str


def test_the_built_object_is_exactly_an_instance_of_the_class() -> None:
    """Built unchecked, a value is of the class itself, equal and hashing alike, and frozen."""
    build = slot_builder(_Point, order=("y", "x", "_norm"))
    point = build(2, 1, 3)
    assert type(point) is _Point
    assert point == _Point(1, 2)
    assert hash(point) == hash(_Point(1, 2))
    assert point._norm == 3
    assert weakref.ref(point)() is point
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        point.x = 5  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del point.x


def test_a_class_with_a_dict_is_built_too() -> None:
    """A frozen class without slots is built the same way and stays frozen."""
    loose = slot_builder(_Loose)(a=1, b="x")
    assert type(loose) is _Loose
    assert loose == _Loose(1, "x")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        loose.a = 2  # type: ignore[misc]


def test_an_order_must_name_every_field_once() -> None:
    """A wrong ``order`` is refused when the builder is made."""
    with pytest.raises(ValueError, match="each field"):
        slot_builder(_Point, order=("x", "y"))


def _chain(values: Iterable[int]) -> Chain[int]:
    return Chain(values)


def test_a_field_can_be_stored_under_another_name() -> None:
    """``stores`` puts a field's argument in another attribute: the raw slot of a ChainSlot."""

    @attrs.frozen
    class Log:
        name: str
        events: Chain[int] = attrs.field(converter=_chain)

    ChainSlot.install(Log, "events", "_raw")
    built = slot_builder(Log, stores={"events": "_raw"})("a", log_of_chain(Chain((1, 2, 3))))
    assert type(built) is Log
    assert built == Log("a", (1, 2, 3))
    assert type(built.events) is Chain
    with pytest.raises(ValueError, match="stores must name fields"):
        slot_builder(Log, stores={"elsewhere": "_raw"})


@attrs.frozen
class _Positive:
    """A frozen value whose own ``__init__`` refuses what the builder is trusted with."""

    n: int = attrs.field(validator=attrs.validators.gt(0))

    def __new__(cls, *args: object, **kwargs: object) -> Self:  # noqa: ARG004 - refuses all
        raise AssertionError("the class's own __new__ ran")


def test_the_builder_runs_neither_the_class_new_nor_its_init() -> None:
    """Built unchecked, an object skips the class's ``__new__``, ``__init__`` and validators."""
    built = slot_builder(_Positive)(-1)
    assert type(built) is _Positive
    assert built.n == -1


def test_an_unchecked_twin_filled_in_place_becomes_the_class() -> None:
    """A twin called with no arguments, filled and given the class, equals the built value."""
    twin: Any = unchecked_twin(_Point)
    point = twin()
    point.x, point.y, point._norm = 2, 1, 3
    point.__class__ = _Point
    assert type(point) is _Point
    assert point == slot_builder(_Point)(2, 1, 3)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        point.x = 5  # type: ignore[misc]
