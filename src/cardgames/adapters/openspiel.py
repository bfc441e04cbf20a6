"""Every registered game as an OpenSpiel Python game (extra ``openspiel``).

:func:`register` makes a game known to ``pyspiel`` as ``cardgames_<name>``; its config options
are the game's parameters (``num_players`` is OpenSpiel's ``players``, and an option whose
"no limit" is None takes 0). The deal and every later shuffle are explicit chance nodes, one
outcome per card (and one per seat for a dealer drawn at random), at the points the spec's
:class:`~cardgames.chance.ChanceStructure` names; the outcomes chosen there become a
:class:`~cardgames.game.Chance` that the game takes through
:func:`~cardgames.game.start_with_chance` and :func:`~cardgames.game.apply_with_chance`, the
same way as every injected outcome. Observation and information-state tensors and strings come
from an observer built on the game's :class:`~cardgames.tensor.TensorSpec`, and
``resample_from_infostate`` draws a world with :meth:`~cardgames.game.Game.determinize`, so
OpenSpiel's Python ``ISMCTSBot`` plays the game::

    import pyspiel
    from cardgames.adapters.openspiel import register_games

    register_games()
    game = pyspiel.load_game("cardgames_sixes", {"players": 2})

OpenSpiel needs a bound on the length of a game: an option that bounds it (``max_rounds``,
``max_turns``) gets a default from the chance structure's ``bounded_options`` when the game's own
default is "no limit", and loading a game without any bound raises
:class:`~cardgames.errors.InvalidConfigError`.
"""

# pyspiel objects and engine values of any game are untyped here:
# ruff: noqa: ANN401

from __future__ import annotations

import enum
import functools
import random
import types
import typing
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardgames.adapters import describe, require_extra
from cardgames.chance import (
    ChanceStructure,
    Shuffle,
    apply_shuffle,
    chance_structure,
    deal,
    next_shuffle,
    start_chance,
)
from cardgames.errors import InvalidConfigError
from cardgames.game import Game, PlayerId
from cardgames.registry import game_names, game_spec
from cardgames.spec import AnyGameSpec
from cardgames.tensor import TensorField, require_numpy, tensor_fields, tensor_spec

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["PREFIX", "engine_game", "engine_state", "load_game", "register", "register_games"]

PREFIX: Final = "cardgames_"
"""OpenSpiel's short name of a game is this prefix and the game's name."""

_PLAYERS: Final = "players"
_pyspiel: Any = None
_registered: dict[str, type] = {}


def _spiel() -> Any:
    global _pyspiel  # noqa: PLW0603 - the lazily imported framework
    if _pyspiel is None:
        _pyspiel = require_extra("pyspiel", extra="openspiel")
    return _pyspiel


# --- config options <-> game parameters ------------------------------------------------------


@attrs.frozen(kw_only=True)
class _Option:
    """One config option as an OpenSpiel parameter."""

    field: str
    parameter: str
    default: bool | int | float | str
    nullable: bool


def _options(spec: AnyGameSpec, chance: ChanceStructure) -> tuple[_Option, ...]:
    """The config options of ``spec`` that OpenSpiel parameters can carry, with defaults."""
    config_class = spec.config_class
    if config_class is None:
        return ()
    hints = typing.get_type_hints(config_class)
    bounded: Mapping[str, int] = getattr(chance, "bounded_options", {})
    options = []
    for field in attrs.fields(config_class):
        if not field.init:
            continue
        hint = hints.get(field.name)
        nullable = isinstance(hint, types.UnionType) and type(None) in typing.get_args(hint)
        default = field.default
        if isinstance(default, enum.Enum):
            default = default.value
        elif default is None:
            default = bounded.get(field.name, 0)
        if not isinstance(default, bool | int | float | str):
            continue
        parameter = _PLAYERS if field.name == "num_players" else field.name
        options.append(
            _Option(
                field=field.name,
                parameter=parameter,
                default=default,
                nullable=nullable,
            )
        )
    return tuple(options)


def _default_game(spec: AnyGameSpec) -> Any:
    """The game with its default config."""
    config = None if spec.config_class is None else spec.config_class()
    return spec.make_game(config)


def _make_engine(spec: AnyGameSpec, options: tuple[_Option, ...], params: Mapping[str, Any]) -> Any:
    """The cardgames game for OpenSpiel ``params`` (missing ones take their defaults)."""
    if spec.config_class is None:
        return _default_game(spec)
    settings: dict[str, Any] = {}
    for option in options:
        value = params.get(option.parameter, option.default)
        if option.nullable and value == 0:
            value = None
        settings[option.field] = value
    return spec.make_game(spec.config_class(**settings))


def _player_range(spec: AnyGameSpec, options: tuple[_Option, ...]) -> tuple[int, int]:
    """The fewest and most players the config accepts (tried from 1 to 10)."""
    if not any(option.parameter == _PLAYERS for option in options):
        count = _default_game(spec).num_players
        return count, count
    accepted = []
    for count in range(1, 11):
        try:
            _make_engine(spec, options, {_PLAYERS: count})
        except InvalidConfigError:
            continue
        accepted.append(count)
    return min(accepted), max(accepted)


# --- the OpenSpiel game ----------------------------------------------------------------------


def _game_type(spec: AnyGameSpec, options: tuple[_Option, ...]) -> Any:
    pyspiel = _spiel()
    low, high = _player_range(spec, options)
    return pyspiel.GameType(
        short_name=PREFIX + spec.name,
        long_name=f"cardgames {spec.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={option.parameter: option.default for option in options},
    )


def _game_class(spec: AnyGameSpec, chance: ChanceStructure) -> type:
    """A ``pyspiel.Game`` subclass for ``spec``."""
    pyspiel = _spiel()
    options = _options(spec, chance)
    game_type = _game_type(spec, options)

    class CardgamesGame(pyspiel.Game):  # type: ignore[misc, name-defined]
        """A cardgames game seen by OpenSpiel."""

        def __init__(self, params: Mapping[str, Any] | None = None) -> None:
            params = dict(params or {})
            engine = _make_engine(spec, options, params)
            length = chance.max_game_length(engine)
            if length is None:
                raise InvalidConfigError(
                    f"OpenSpiel needs games of bounded length; {PREFIX}{spec.name} with "
                    f"{params} has no bound: set an option that limits it"
                )
            low, high = chance.returns_range(engine)
            game_info = pyspiel.GameInfo(
                num_distinct_actions=engine.num_distinct_actions,
                max_chance_outcomes=max(len(chance.deck), engine.num_players),
                num_players=engine.num_players,
                min_utility=float(low),
                max_utility=float(high),
                utility_sum=0.0,
                max_game_length=length,
            )
            super().__init__(game_type, game_info, params)

        @property
        def engine(self) -> Any:
            """The cardgames game."""
            return _context(self).engine

        @property
        def spec(self) -> AnyGameSpec:
            """The game's spec."""
            return _context(self).spec

        @property
        def fields(self) -> tuple[TensorField, ...]:
            """The fields of the observation tensor."""
            return _context(self).fields

        def new_initial_state(self) -> Any:
            """The state before the deal: a chance node."""
            return CardgamesState(self)

        def make_py_observer(
            self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
        ) -> CardgamesObserver | None:
            """An observer of observations or (perfect recall) information states.

            None (OpenSpiel's "not supported") for any other observation type: only the
            player's own view, public and private information together, is offered.
            """
            if iig_obs_type is not None and (
                iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
                or not iig_obs_type.public_info
            ):
                return None
            return CardgamesObserver(self, iig_obs_type, params)

    CardgamesGame.__name__ = CardgamesGame.__qualname__ = f"CardgamesGame_{spec.name}"
    globals()[CardgamesGame.__name__] = CardgamesGame  # so that pickle finds the class
    pyspiel.register_game(game_type, CardgamesGame)
    return CardgamesGame


@attrs.frozen
class _Context:
    """What an OpenSpiel game needs of cardgames, found once per game and parameters."""

    engine: Any
    spec: AnyGameSpec
    fields: tuple[TensorField, ...]


_contexts: dict[tuple[str, str], _Context] = {}


@functools.lru_cache(maxsize=32)
def _deck_index(chance: ChanceStructure) -> dict[Any, int]:
    """Each card of ``chance.deck`` by its chance outcome id."""
    return {card: i for i, card in enumerate(chance.deck)}


def _context(game: Any) -> _Context:
    """The context of an OpenSpiel game (pybind11 may rebuild a game without ``__init__``)."""
    cached: _Context | None = getattr(game, "_cardgames_context", None)
    if cached is not None:
        return cached
    params = game.get_parameters()
    short_name = game.get_type().short_name
    key = (short_name, repr(sorted(params.items())))
    found = _contexts.get(key)
    if found is None:
        spec = game_spec(short_name.removeprefix(PREFIX))
        chance = chance_structure(_default_game(spec))
        engine = _make_engine(spec, _options(spec, chance), params)
        found = _contexts[key] = _Context(engine, spec, tensor_fields(engine))
    game._cardgames_context = found  # noqa: SLF001 - our own cache on the game
    return found


def register(name: str) -> str:
    """Register the game ``name`` of :mod:`cardgames.registry` with pyspiel; its short name.

    Registering again does nothing.

    Raises:
        MissingExtraError: OpenSpiel is not installed.
        InvalidConfigError: the game declares no chance structure or tensor encoding.
        DecodeError: no game has that name.
    """
    if name not in _registered:
        spec = game_spec(name)
        default = _default_game(spec)
        chance = chance_structure(default)
        tensor_spec(default)
        _registered[name] = _game_class(spec, chance)
    return PREFIX + name


def register_games() -> tuple[str, ...]:
    """Register every game of :func:`cardgames.registry.game_names`; their short names."""
    return tuple(register(name) for name in game_names())


def load_game(name: str, params: Mapping[str, Any] | None = None) -> Any:
    """``pyspiel.load_game`` of the game ``name`` (registered first if needed)."""
    return _spiel().load_game(register(name), dict(params or {}))


# --- the OpenSpiel state ---------------------------------------------------------------------


@attrs.frozen
class _Node:
    """Everything an OpenSpiel state holds, as one immutable value (shared by clones).

    The game's chance structure comes from ``engine``'s spec (so a pickled node holds only
    plain data). ``state`` is the cardgames state (None before the first deal is done);
    ``event`` the shuffle in progress, with the seat and cards chosen so far; ``action`` the
    player action that causes it; ``recall`` each seat's view of the deals before this one;
    ``shuffles`` how many shuffles happened (as in :func:`~cardgames.game.apply_with_chance`).
    """

    engine: Any
    state: Any
    event: Shuffle | None
    seat: PlayerId | None
    order: tuple[int, ...]
    action: Any
    recall: tuple[tuple[str, ...], ...]
    shuffles: int

    def __deepcopy__(self, memo: dict[int, object]) -> _Node:
        return self


def _state_class() -> type:  # noqa: C901 - one class: OpenSpiel's State API
    pyspiel = _spiel()

    class State(pyspiel.State):  # type: ignore[misc, name-defined]
        """A cardgames state seen by OpenSpiel: chance nodes around the engine's state."""

        def __init__(self, game: Any) -> None:
            super().__init__(game)
            self._game = game
            engine = game.engine
            self._node = _Node(
                engine,
                None,
                start_chance(engine),
                None,
                (),
                None,
                ((),) * engine.num_players,
                0,
            )

        # -- whose turn --

        def current_player(self) -> int:
            node = self._node
            if node.event is not None:
                return int(pyspiel.PlayerId.CHANCE)
            player = node.engine.current_player(node.state)
            return int(pyspiel.PlayerId.TERMINAL) if player is None else int(player)

        def is_terminal(self) -> bool:
            node = self._node
            return node.event is None and node.engine.is_terminal(node.state)

        def returns(self) -> list[float]:
            engine = self._node.engine
            if not self.is_terminal():
                return [0.0] * engine.num_players
            return [float(value) for value in engine.returns(self._node.state)]

        # -- actions --

        def _legal_actions(self, player: int) -> list[int]:  # noqa: ARG002 - per API
            # OpenSpiel asks only the player to act (others get [] from the base class).
            mask = self._node.engine.legal_action_mask(self._node.state)
            return [action for action, legal in enumerate(mask) if legal]

        def chance_outcomes(self) -> list[tuple[int, float]]:
            node = self._node
            event = node.event
            if event is None:
                return []
            if event.seats and node.seat is None:
                return [(seat, 1.0 / event.seats) for seat in range(event.seats)]
            deck_index = _deck_index(chance_structure(node.engine))
            chosen = set(node.order)
            left = sorted(
                deck_index[card] for card in event.cards if deck_index[card] not in chosen
            )
            return [(outcome, 1.0 / len(left)) for outcome in left]

        def _apply_action(self, action: int) -> None:
            node = self._node
            event = node.event
            if event is None:
                self._play(action)
            elif event.seats and node.seat is None:
                self._node = attrs.evolve(node, seat=PlayerId(action))
            elif len(node.order) + 1 < len(event.cards):
                self._node = attrs.evolve(node, order=(*node.order, action))
            else:
                # the order is complete: it is the Chance deck of this shuffle
                deck = chance_structure(node.engine).deck
                order = tuple(deck[i] for i in (*node.order, action))
                if node.state is None:
                    state, shuffles = deal(node.engine, node.seat, order), 1
                else:
                    state, shuffles = apply_shuffle(
                        node.engine, node.state, node.action, node.shuffles, order
                    )
                self._node = attrs.evolve(
                    node,
                    state=state,
                    event=None,
                    seat=None,
                    order=(),
                    action=None,
                    shuffles=shuffles,
                )

        def _play(self, action: int) -> None:
            """A player's action: applied, or the shuffle it causes made a chance node."""
            node = self._node
            engine = node.engine
            move = engine.action_from_id(action)
            shuffle = next_shuffle(engine, node.state, move)
            if shuffle is None:
                state, shuffles = apply_shuffle(engine, node.state, move, node.shuffles)
                self._node = attrs.evolve(node, state=state, shuffles=shuffles)
                return
            recall = tuple(
                (*seen, self._view(node.state, seat, move)) for seat, seen in enumerate(node.recall)
            )
            self._node = attrs.evolve(node, event=shuffle, action=move, recall=recall)

        def _view(self, state: Any, seat: int, move: Any) -> str:
            engine = self._game.engine
            seen = describe(engine, engine.observe(state, PlayerId(seat)))
            return f"{seen}\nthen {_format(self._game, move)}"

        def _action_to_string(self, player: int, action: int) -> str:
            node = self._node
            if player == int(pyspiel.PlayerId.CHANCE):
                event = node.event
                if event is not None and event.seats and node.seat is None:
                    return f"seat {action} deals"
                name = event.name if event is not None else "chance"
                return f"{name}: {chance_structure(node.engine).deck[action]}"
            return _format(self._game, node.engine.action_from_id(action))

        def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
            """A state ``player_id`` cannot tell from this one, from ``determinize``.

            The hidden cards are drawn from a ``random.Random`` seeded by
            ``probability_sampler``. The new state has no OpenSpiel history, and every seat's
            recall of earlier deals is ``player_id``'s own.

            Raises:
                ValueError: this is a chance node after the first deal (the event to resolve
                    depends on the hidden cards).
            """
            node = self._node
            game = self._game
            fresh = State(game)
            if node.state is None:
                return fresh
            if node.event is not None:
                raise ValueError("resample_from_infostate needs a decision or terminal node")
            engine = game.engine
            rng = random.Random(int(probability_sampler() * 2**53))
            seat = PlayerId(player_id)
            sample = engine.determinize(engine.observe(node.state, seat), rng)
            recall = (node.recall[player_id],) * engine.num_players
            fresh._node = attrs.evolve(node, state=sample, recall=recall)
            return fresh

        def __str__(self) -> str:
            node = self._node
            event = node.event
            if event is None:
                return describe(node.engine, node.state)
            deck = chance_structure(node.engine).deck
            chosen = " ".join(str(deck[i]) for i in node.order)
            dealer = "" if node.seat is None else f", seat {node.seat} deals"
            return f"{event.name}{dealer}: {chosen}"

    State.__name__ = State.__qualname__ = "CardgamesSpielState"
    globals()[State.__name__] = State  # so that pickle finds the class
    return State


def _format(game: Any, move: Any) -> str:
    formatter: Callable[[Any], str] | None = game.spec.format_action
    return repr(move) if formatter is None else formatter(move)


class _LazyState:
    """The state class, built once pyspiel is imported."""

    cls: type | None = None


def CardgamesState(game: Any) -> Any:  # noqa: N802 - constructs the lazily defined class
    """A new OpenSpiel state of ``game`` (before the deal)."""
    if _LazyState.cls is None:
        _LazyState.cls = _state_class()
    return _LazyState.cls(game)


# --- the observer ----------------------------------------------------------------------------


class CardgamesObserver:
    """OpenSpiel's observer for a cardgames game: tensors from its TensorSpec, strings.

    With ``perfect_recall`` (information states) the string also holds the player's view of
    every earlier deal; the tensor is the observation tensor in both cases, which records the
    current deal's public history (the passes or calls seen) but not earlier deals, since a
    fixed shape cannot hold a history of unbounded length.

    Attributes:
        tensor: The flat float32 tensor :meth:`set_from` writes.
        dict: A named view of each field of ``tensor``.
    """

    def __init__(
        self, game: Any, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> None:
        numpy = require_numpy()
        if params:
            raise InvalidConfigError(f"observer parameters are not supported: {dict(params)}")
        self._game = game
        self._perfect_recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        fields = game.fields
        self.tensor: npt.NDArray[np.float32] = numpy.zeros(
            fields[-1].stop if fields else 0, numpy.float32
        )
        self.dict: dict[str, npt.NDArray[np.float32]] = {
            field.name: self.tensor[field.start : field.stop].reshape(field.shape)
            for field in fields
        }

    def _observation(self, state: Any, player: int) -> Any:
        found = engine_state(state)
        if found is None:
            return None
        return self._game.engine.observe(found, PlayerId(player))

    def set_from(self, state: Any, player: int) -> None:
        """Write ``player``'s view of ``state`` into :attr:`tensor` (zeros before the deal)."""
        self.tensor.fill(0)
        observation = self._observation(state, player)
        if observation is not None:
            tensor_spec(self._game.engine).encode(self._game.engine, observation, self.tensor)

    def string_from(self, state: Any, player: int) -> str:
        """``player``'s view of ``state`` as text (with earlier deals, for perfect recall)."""
        node = state._node  # noqa: SLF001 - the adapter's own node behind its state
        observation = self._observation(state, player)
        now = "dealing" if observation is None else describe(self._game.engine, observation)
        if node.event is not None and node.action is not None:
            now += f"\nthen {_format(self._game, node.action)}, {node.event.name}"
        if not self._perfect_recall:
            return now
        return "\n".join((*node.recall[player], now))


def engine_game(game: Any) -> Game[Any, Any, Any]:
    """The cardgames game behind an OpenSpiel game made by this module."""
    return game.engine  # type: ignore[no-any-return]


def engine_state(state: Any) -> Any:
    """The cardgames state behind an OpenSpiel state (None during the first deal)."""
    return state._node.state  # noqa: SLF001 - the adapter's own node behind its state
