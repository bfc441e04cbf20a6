"""What the library knows of one game, as one typed value that the game's package exports.

Every game package exports ``SPEC``, a :class:`GameSpec`, and every game object returns it from
its :attr:`~cardgames.game.Game.spec` property. Serialization, records, events, the bots, the
simulator and the command line read a game's classes, notation, event describer, JSON state
form, heuristic bot, simulation defaults and rules text from there, so none of them names a
game (:doc:`/protocol` shows it at work).

A game written elsewhere builds its own ``SPEC`` and registers through the ``cardgames.games``
entry-point group (see :mod:`cardgames.registry` and the tutorial :doc:`/own_game`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeAlias, TypeVar

import attrs

if TYPE_CHECKING:
    from cardgames.bots.bot import Bot
    from cardgames.chance import ChanceStructure
    from cardgames.events import Event
    from cardgames.game import Chance, Game
    from cardgames.tensor import TensorSpec

__all__ = ["AnyGameSpec", "EventDescriber", "GameDrawing", "GameSpec", "StateCodec"]

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
ObservationT = TypeVar("ObservationT")
ConfigT = TypeVar("ConfigT")

EventDescriber: TypeAlias = Callable[..., "tuple[Event, ...]"]
"""``describe(game, state, action, next_state, viewer, reveal_all)``: the
:class:`~cardgames.events.Event` values of one action as ``viewer`` (a seat, or None for a
spectator) may see them; ``reveal_all`` shows every card."""


class GameDrawing(Protocol):
    """A game's drawings, as SVG text: what :mod:`cardgames.render` asks of a game."""

    def draw_observation(self, game: Any, observation: Any, *, width: int = ...) -> str:  # noqa: ANN401 - any game's values
        """The drawing of ``observation``: what its viewer sees, and nothing more."""
        ...

    def draw_state(self, game: Any, state: Any, *, width: int = ...) -> str:  # noqa: ANN401 - any game's values
        """The drawing of ``state`` with every hand face up (a replay or an umpire's view)."""
        ...


@attrs.frozen(kw_only=True)
class StateCodec:
    """A readable JSON form for a game whose states are stored compactly (bitmasks, indices).

    Attributes:
        document_class: A frozen attrs class whose fields are what the JSON shows (cards as
            cards, "nobody" as None); it is encoded by the type-directed codec.
        to_document: Builds the readable form of a state.
        from_document: Builds the state back, raising ``ValueError`` (or
            :class:`~cardgames.errors.InvalidStateError`) for an impossible one; what the
            spec's ``check_state`` checks (which the decoder runs right after) it may leave
            to it.
        read: An optional fast path of decoding: ``read(data)`` builds the state straight
            from the document's decoded JSON ``data`` and returns it with the number of
            object members it read (which the decoder checks against the text, to rule out
            a repeated key). It must give the state that ``from_document`` gives of the
            decoded document, for the documents it accepts, and may decline any document by
            raising: the decoder then decodes the document and calls ``from_document``.
        check_read: An optional check of the states that ``read`` built, which the decoder
            runs instead of the spec's ``check_state`` (same arguments, same errors): it may
            leave out what ``read`` has already proven while reading (such as a walk of the
            history), and must check everything else. None: ``check_state``.
        read_checked: An optional fast path that reads and checks in one:
            ``read_checked(game, data)`` builds the state of ``game`` from the decoded JSON
            ``data`` as ``read`` does, proving while it reads everything that
            ``from_document`` and ``check_state`` (or ``check_read``) would check, so that
            the decoder checks nothing more. It may decline any document by raising, and
            must decline every one that those checks refuse: the decoder then takes the
            other paths, which give the state or name the error. Preferred to ``read``.
            A member it does not read it may leave to the decoder, which refuses the text
            when it holds more members than the reader counted.
    """

    document_class: type
    to_document: Callable[[Any], Any]
    from_document: Callable[[Any], Any]
    read: Callable[[object], tuple[Any, int]] | None = None
    check_read: Callable[[Any, Any], None] | None = None
    read_checked: Callable[[Any, object], tuple[Any, int]] | None = None


def _frozen_mapping(value: Mapping[str, object]) -> Mapping[str, object]:
    return MappingProxyType(dict(value))


@attrs.frozen(kw_only=True, eq=False)
class GameSpec(Generic[StateT, ActionT, ObservationT, ConfigT]):
    """Everything the rest of the library needs to know of one game.

    Type parameters are the game's state, action, observation and config classes. Only the
    first six attributes are required; every other part is optional, and the library offers
    what it can without it (no heuristic bot, actions shown by ``repr``, states stored by their
    own fields, …).

    Attributes:
        name: The game's :attr:`~cardgames.game.Game.name`: lowercase, used in records,
            documents and on the command line.
        make_game: Builds the game from a config (None: the default config).
        config_class: The frozen config class, or None for a game without options.
        state_class: The state class.
        observation_class: The observation class.
        action_classes: Every action class (the members of the action union), in a fixed order.
        rules: A plain-text summary of the rules, printed by ``cardgames rules``.
        format_action: The action's notation, such as ``play 6d`` (None: ``repr``).
        parse_action: Parses that notation back, raising
            :class:`~cardgames.errors.ParseError`.
        events: The event describer (see :data:`EventDescriber`); None: the game has no events.
        check_state: ``check_state(game, state)`` raises ``ValueError`` (or
            :class:`~cardgames.errors.InvalidStateError`) naming the broken rule when a decoded
            state cannot occur under ``game``'s config; None to skip.
        state_codec: A readable JSON form of states (None: the state's own fields).
        check_observation: ``check_observation(game, observation)`` raises ``ValueError``
            (or :class:`~cardgames.errors.InvalidStateError`) unless some state of ``game``
            is observed as ``observation`` by its player: what a decoded observation must
            satisfy, checked directly. None: the decoder builds such a state with
            :meth:`~cardgames.game.Game.determinize` and observes it.
        read_observation: An optional fast path of decoding observations, as
            :attr:`StateCodec.read` is of states: ``read_observation(data)`` builds the
            observation from the document's decoded JSON ``data`` and returns it with the
            number of object members it read, or declines by raising. The decoder checks
            it as any decoded observation.
        read_checked_observation: An optional fast path that reads and checks in one, as
            :attr:`StateCodec.read_checked` does for states:
            ``read_checked_observation(game, data)`` builds the observation and proves while
            it reads that some state of ``game`` is observed as it (what
            ``check_observation`` checks), or declines by raising; it must decline every
            observation that check refuses. The decoder checks nothing more of what it
            gives. Preferred to ``read_observation``.
        heuristic_bot: ``heuristic_bot(game, seed=..., **options)`` builds the game's
            heuristic bot; None: the game has none (``random`` and ``ismcts`` still play it).
        simulation_defaults: Config options that ``cardgames simulate`` sets unless given, such
            as a turn cap that keeps bot-only games finite.
        chance_start: ``chance_start(game, seed, chance)`` deals the initial state with the
            injected outcomes of a :class:`~cardgames.game.Chance`; None: the game takes only a
            first deck, through ``initial_state(seed, deck=...)``.
        chance_apply: ``chance_apply(game, state, action, chance, shuffles)`` applies an
            action that may shuffle, taking the shuffle from ``chance.decks[shuffles]``, and
            returns the next state and the new shuffle count; None: the state itself carries
            the later outcomes (or there are none), so ``apply`` is enough.
        drawing: The game's SVG drawings (a :class:`GameDrawing`, such as the game package's
            ``drawing`` module), which :mod:`cardgames.render`, the web table and Jupyter use;
            None: the game has no drawing.
        chance_structure: Where the game shuffles and which cards each shuffle orders, for
            engines that enumerate chance outcomes (OpenSpiel's chance nodes): a
            :class:`~cardgames.chance.ChanceStructure`. The outcomes such an engine picks go
            into a :class:`~cardgames.game.Chance` and through ``chance_start`` and
            ``chance_apply``, so it is a description of the same chance, not a second way in.
            None: the game cannot be loaded by such engines.
        tensors: The game's fixed-shape observation encoding for learning code and the
            ecosystem adapters (a :class:`~cardgames.tensor.TensorSpec`); None: the game has
            none, and the adapters that need tensors refuse it.
    """

    name: str
    make_game: Callable[[ConfigT | None], Game[StateT, ActionT, ObservationT]]
    config_class: type[ConfigT] | None
    state_class: type[StateT]
    observation_class: type[ObservationT]
    action_classes: tuple[type, ...]
    rules: str = ""
    format_action: Callable[[ActionT], str] | None = None
    parse_action: Callable[[str], ActionT] | None = None
    events: EventDescriber | None = None
    check_state: Callable[[Any, StateT], None] | None = None
    state_codec: StateCodec | None = None
    check_observation: Callable[[Any, ObservationT], None] | None = None
    read_observation: Callable[[object], tuple[ObservationT, int]] | None = None
    read_checked_observation: Callable[[Any, object], tuple[ObservationT, int]] | None = None
    heuristic_bot: Callable[..., Bot[ObservationT, ActionT]] | None = None
    simulation_defaults: Mapping[str, object] = attrs.field(factory=dict, converter=_frozen_mapping)
    chance_start: Callable[[Any, int | random.Random | None, Chance], StateT] | None = None
    chance_apply: Callable[[Any, StateT, ActionT, Chance, int], tuple[StateT, int]] | None = None
    drawing: GameDrawing | None = None
    chance_structure: ChanceStructure | None = None
    tensors: TensorSpec | None = None

    def __repr__(self) -> str:
        return f"<GameSpec {self.name!r}>"

    def describe_action(self, action: ActionT) -> str:
        """The action's notation when the game has one, else its ``repr``."""
        return repr(action) if self.format_action is None else self.format_action(action)


AnyGameSpec: TypeAlias = GameSpec[Any, Any, Any, Any]
"""The spec of a game of unknown type, for code that handles every game."""
