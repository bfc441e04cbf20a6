"""Fixed-shape tensors of observations and legal-action masks, for learning code.

Each game describes its encoding with a :class:`TensorSpec`: a list of named
:class:`TensorField` slices of one flat vector whose length depends only on the game's config,
and an ``encode`` function that writes an observation into it. Because the encoding reads only
the observation, no hidden card can reach a tensor. This module knows no game: it finds a game's
encoding in its spec's ``tensors`` field, through :func:`tensor_spec`.

The arrays are numpy arrays, and numpy is optional (``pip install 'cardgames-engine[numpy]'``).
The field layout needs no numpy::

    >>> from cardgames.sixes import Sixes, SixesConfig
    >>> from cardgames.tensor import tensor_fields
    >>> game = Sixes(SixesConfig(num_players=2))
    >>> [(field.name, field.start, field.stop) for field in tensor_fields(game)][:3]
    [('hand', 0, 40), ('table', 40, 80), ('playable', 80, 120)]
"""

# a spec serves any game, so games and observations are Any:
# ruff: noqa: ANN401

from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol

import attrs

from cardgames.errors import (
    InvalidConfigError,
    InvalidPlayerError,
    MissingExtraError,
)
from cardgames.game import Game

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "FieldWriter",
    "TensorField",
    "TensorLayout",
    "TensorSpec",
    "action_mask",
    "observation_tensor",
    "require_numpy",
    "tensor_fields",
    "tensor_shape",
    "tensor_spec",
    "viewer_seat",
]


def viewer_seat(player: int | None) -> int:
    """The seat an observation tensor is drawn for (tensors count seats from the viewer).

    Raises:
        InvalidPlayerError: ``player`` is None: a spectator's view has no tensor.
    """
    if player is None:
        raise InvalidPlayerError("a tensor is a seat's view: a spectator's view has none")
    return player


def require_numpy() -> ModuleType:
    """Import numpy, or raise :class:`MissingExtraError` naming the ``numpy`` extra."""
    found = sys.modules.get("numpy")
    if found is not None:
        return found
    try:
        return importlib.import_module("numpy")
    except ImportError as error:
        raise MissingExtraError(
            f"tensors need numpy: pip install 'cardgames-engine[numpy]' ({error})"
        ) from None


@attrs.frozen(kw_only=True)
class TensorField:
    """One named slice ``[start, stop)`` of the flat observation tensor.

    Attributes:
        name: A short identifier, such as ``"hand"``.
        start: The index of the field's first value in the flat tensor.
        shape: The field's shape (its values are laid out in row-major order).
        description: What the values mean, for the documentation.
    """

    name: str
    start: int
    shape: tuple[int, ...]
    description: str

    @property
    def size(self) -> int:
        """How many values the field holds."""
        size = 1
        for extent in self.shape:
            size *= extent
        return size

    @property
    def stop(self) -> int:
        """One past the index of the field's last value."""
        return self.start + self.size


class TensorLayout:
    """Builds consecutive :class:`TensorField` slices; games use it to declare their fields."""

    def __init__(self) -> None:
        self._fields: list[TensorField] = []
        self._size = 0

    def add(self, name: str, shape: int | tuple[int, ...], description: str) -> TensorField:
        """Append a field of ``shape`` after the previous ones and return it."""
        dims = (shape,) if isinstance(shape, int) else shape
        field = TensorField(name=name, start=self._size, shape=dims, description=description)
        self._fields.append(field)
        self._size = field.stop
        return field

    @property
    def fields(self) -> tuple[TensorField, ...]:
        """The fields added so far, in order."""
        return tuple(self._fields)


class FieldWriter(Protocol):
    """Anything values can be written into by index: a numpy array or a list of floats."""

    def __setitem__(self, index: int, value: float, /) -> None: ...


class TensorSpec(Protocol):
    """A game's observation encoding: fixed fields per config and an encoder.

    ``encode`` writes only non-zero values; the caller hands it a zeroed vector of length
    ``fields(game)[-1].stop``. Seats are encoded relative to the observer (the observer first,
    then the seats after it in seat order), so one policy serves every seat.
    """

    def fields(self, game: Any) -> tuple[TensorField, ...]:
        """Every field of the encoding for ``game``'s config, in order, with its slice."""
        ...

    def encode(self, game: Any, observation: Any, out: FieldWriter) -> None:
        """Write ``observation`` into the zeroed vector ``out``."""
        ...


def tensor_spec(game: Game[Any, Any, Any]) -> TensorSpec:
    """The observation encoding of ``game``: its spec's ``tensors``.

    Raises:
        InvalidConfigError: the game's spec declares no tensor encoding.
    """
    found: TensorSpec | None = game.spec.tensors
    if found is None:
        raise InvalidConfigError(
            f"the game {game.name!r} has no tensor encoding: give its spec a `tensors` "
            "TensorSpec (see cardgames.tensor)"
        )
    return found


def tensor_fields(game: Game[Any, Any, Any]) -> tuple[TensorField, ...]:
    """Every field of ``game``'s observation tensor, in order, with its slice."""
    return tensor_spec(game).fields(game)


def tensor_shape(game: Game[Any, Any, Any]) -> tuple[int]:
    """The shape of ``game``'s observation tensor; it depends only on the config."""
    fields = tensor_fields(game)
    return (fields[-1].stop if fields else 0,)


def observation_tensor(
    game: Game[Any, Any, Any],
    observation: object,
    *,
    out: npt.NDArray[np.float32] | None = None,
) -> npt.NDArray[np.float32]:
    """``observation`` as a float32 vector of :func:`tensor_shape` (written into ``out``).

    Raises:
        MissingExtraError: numpy is not installed.
    """
    np = require_numpy()
    spec = tensor_spec(game)
    if out is None:
        out = np.zeros(tensor_shape(game), dtype=np.float32)
    else:
        out.fill(0)
    spec.encode(game, observation, out)
    return out


def action_mask(game: Game[Any, Any, Any], state: object) -> npt.NDArray[np.int8]:
    """The legal actions of ``state`` as an int8 vector over action ids (1 = legal).

    Raises:
        MissingExtraError: numpy is not installed.
    """
    numpy = require_numpy()
    mask: npt.NDArray[np.int8] = numpy.fromiter(
        game.legal_action_mask(state), dtype=numpy.int8, count=game.num_distinct_actions
    )
    return mask
