"""One fast constructor for the frozen, slotted attrs classes on the engines' hot paths.

A frozen attrs class checks and converts in ``__init__`` and refuses ``setattr``. The engines
build many successor states and observations from values they derived themselves, so they skip
that work: :func:`slot_builder` makes, once per class, a function that fills a new object's
slots directly. Validation stays at the public boundary (the classes' own constructors and the
decoders).

The object is born as an instance of a private subclass that adds no slots and keeps the plain
``object.__setattr__``, so each field is stored by the interpreter's own (specialized) attribute
store; then its ``__class__`` becomes the frozen class, whose layout is the same. That is about
three times as fast as calling each slot descriptor's ``__set__``, and the result is exactly an
instance of the frozen class.

The function is generated as source, the way attrs generates ``__init__``, so that each slot is
set by a direct statement instead of a loop over setters.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

import attrs

__all__ = ["slot_builder", "unchecked_twin"]

_T = TypeVar("_T")


def slot_builder(
    cls: type[_T],
    order: Sequence[str] | None = None,
    *,
    stores: Mapping[str, str] | None = None,
) -> Any:  # noqa: ANN401 - the callers give it their typed signature
    """A function taking every attrs field of ``cls``, unchecked: positionally or by name.

    The arguments come in the order of the fields, or in ``order`` (every field's name once).
    Each caller binds the result to a name annotated with its own typed signature.
    ``stores`` maps a field to the attribute that the function stores its argument in
    instead, such as the raw slot of a :class:`~cardgames.sequence.ChainSlot` field (which
    then takes the field's log, not its chain).

    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    ...     y: int
    >>> slot_builder(Point)(1, 2)
    Point(x=1, y=2)
    >>> slot_builder(Point, order=("y", "x"))(1, 2)
    Point(x=2, y=1)
    >>> slot_builder(Point)(y=4, x=3)
    Point(x=3, y=4)
    """
    fields = {field.name: field.alias for field in attrs.fields(cls)}  # type: ignore[arg-type]
    names = list(fields)
    if order is not None:
        if sorted(order) != sorted(names):
            msg = f"order must name each field of {cls.__qualname__} once: {names}"
            raise ValueError(msg)
        names = list(order)
    # The parameters are the fields' ``__init__`` names, so keyword calls work too.
    params = [fields[name] for name in names]
    namespace: dict[str, object] = {"_cls": cls, "_twin": _twin(cls)}
    lines = [f"def build({', '.join(params)}):", "    obj = _twin()"]
    targets = dict(stores or {})
    if not targets.keys() <= fields.keys():
        msg = f"stores must name fields of {cls.__qualname__}: {names}"
        raise ValueError(msg)
    lines += [
        f"    obj.{targets.get(name, name)} = {param}"
        for name, param in zip(names, params, strict=True)
    ]
    lines.append("    obj.__class__ = _cls")
    lines.append("    return obj")
    source = "\n".join(lines)
    exec(compile(source, f"<slot_builder {cls.__qualname__}>", "exec"), namespace)  # noqa: S102 - generated from field names only, as attrs does
    build = namespace["build"]
    build.__qualname__ = f"slot_builder.<{cls.__qualname__}>"  # type: ignore[attr-defined]
    return build


def unchecked_twin(cls: type[_T]) -> type[_T]:
    """A twin such as :func:`slot_builder`'s function fills, for a hot path that inlines it.

    ``twin()`` is an empty object (calling the twin takes no arguments and runs no
    ``__init__``, which is cheaper than ``object.__new__(twin)``); the caller sets every
    field, as the function does, then its ``__class__`` to ``cls``.
    """
    return _twin(cls)


def _twin(cls: type[_T]) -> type[_T]:
    """A subclass of ``cls`` with the same layout and the plain ``object.__setattr__``.

    An object is built as the twin and then becomes ``cls`` by ``__class__`` assignment, which
    CPython allows between a class and a subclass that adds no slots. Both ``__setattr__`` and
    ``__delattr__`` are the plain ones so that the interpreter stores to the slots directly, and
    ``__new__`` and ``__init__`` are ``object``'s, so that calling the twin makes an empty
    object in C (cheaper than calling ``object.__new__(twin)``).
    """
    return type(
        f"_Unchecked{cls.__name__}",
        (cls,),
        {
            "__slots__": (),
            "__setattr__": object.__setattr__,
            "__delattr__": object.__delattr__,
            "__new__": object.__new__,
            "__init__": object.__init__,
            "__module__": cls.__module__,
            "__qualname__": f"_Unchecked{cls.__qualname__}",
        },
    )
