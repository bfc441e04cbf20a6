"""One fast constructor for the frozen, slotted attrs classes on the engines' hot paths.

A frozen attrs class checks and converts in ``__init__`` and refuses ``setattr``. The engines
build many successor states and observations from values they derived themselves, so they skip
that work: :func:`slot_builder` makes, once per class, a function that allocates the object and
sets each slot through its descriptor (about twice as fast as ``object.__setattr__``). Validation
stays at the public boundary (the classes' own constructors and the decoders).

The function is generated as source, the way attrs generates ``__init__``, so that each slot is
set by a direct call instead of a loop over setters.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

import attrs

__all__ = ["slot_builder"]

_T = TypeVar("_T")


def slot_builder(cls: type[_T], order: Sequence[str] | None = None) -> Any:  # noqa: ANN401 - the callers give it their typed signature
    """A function taking every attrs field of ``cls``, unchecked: positionally or by name.

    The arguments come in the order of the fields, or in ``order`` (every field's name once).
    Each caller binds the result to a name annotated with its own typed signature.

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
    namespace: dict[str, object] = {"_new": object.__new__, "_cls": cls}
    lines = [f"def build({', '.join(params)}):", "    obj = _new(_cls)"]
    for i, (name, param) in enumerate(zip(names, params, strict=True)):
        namespace[f"_set{i}"] = cls.__dict__[name].__set__
        lines.append(f"    _set{i}(obj, {param})")
    lines.append("    return obj")
    source = "\n".join(lines)
    exec(compile(source, f"<slot_builder {cls.__qualname__}>", "exec"), namespace)  # noqa: S102 - generated from field names only, as attrs does
    build = namespace["build"]
    build.__qualname__ = f"slot_builder.<{cls.__qualname__}>"  # type: ignore[attr-defined]
    return build
