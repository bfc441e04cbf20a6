"""Every public function, given any Python value, returns or raises the library's own errors.

The rule (issue 17): a public function either returns, or raises a
:class:`~cardgames.errors.CardgamesError` subclass, or raises ``TypeError`` where its docs
say so (the word ``TypeError`` in its docstring). Never a bare ``KeyError``, ``ValueError``,
``AttributeError``, ``IndexError``, ``AssertionError`` or ``RecursionError``. Arguments come
from Hypothesis ``from_type``/``builds`` strategies for the declared types, mixed with
arbitrary values (other games' states and actions, huge numbers, strings, containers).
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from cardgames import cards
from cardgames.cards import ACE_HIGH, Card, Rank, RankOrder, Suit, standard_deck
from cardgames.errors import CardgamesError, DecodeError, InvalidConfigError, ReplayError
from cardgames.game import Game, legal_action_mask, playout, seats, winners
from cardgames.registry import game_info
from cardgames.serialization import (
    GameRecord,
    decode_action,
    decode_config,
    decode_game,
    decode_observation,
    decode_state,
    dumps,
    dumps_record,
    encode,
    loads_record,
    parse_json,
    record_game,
    replay,
)
from cardgames.serialization.text import format_record, parse_record
from registry import GAME_FACTORIES

AnyGame = Game[Any, Any, Any]
GAMES: dict[str, AnyGame] = {name: factory() for name, factory in GAME_FACTORIES.items()}


def _samples() -> list[object]:
    """Real values of every game: configs, states, actions, observations, records."""
    values: list[object] = []
    for game in GAMES.values():
        final, actions = playout(game, random.Random(3), seed=3, max_actions=30)
        start = game.initial_state(3)
        values.extend([game, start, final, *actions[:3], game.observe(start, seats(1)[0])])
        values.append(getattr(game, "config", None))
        values.append(record_game(game, actions, seed=3))
    return values


SAMPLES = _samples()


def one_of_values(values: list[Any]) -> st.SearchStrategy[Any]:
    """One of ``values``, by index (a strategy over states would have a huge repr)."""
    return st.integers(0, len(values) - 1).map(lambda index: values[index])


ACTION_CLASS_NAMES = {
    cls.__name__ for name in GAMES for cls in game_info(GAMES[name].name).action_classes
}
ANY_VALUE: st.SearchStrategy[Any] = st.deferred(
    lambda: st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.sampled_from([-1, 2**64, -(2**80), 2**4000]),
        st.floats(),
        st.text(max_size=12),
        st.sampled_from(["\ud800", "Ah", "10h", "sixes", "paiute", "play 6d", "pass", "{}"]),
        st.binary(max_size=12),
        one_of_values(SAMPLES),
        st.sampled_from([*standard_deck()[:5], *Rank, *Suit, random.Random(1), object()]),
        st.lists(ANY_VALUE, max_size=3),
        st.lists(ANY_VALUE, max_size=3).map(tuple),
        st.dictionaries(st.text(max_size=4), ANY_VALUE, max_size=3),
        st.frozensets(st.sampled_from(standard_deck()), max_size=4),
    )
)


def _documents(value: object) -> str:
    doc = inspect.getdoc(value) or ""
    for cls in getattr(value, "__mro__", ())[1:]:
        if cls.__module__.startswith("cardgames"):
            doc += inspect.getdoc(cls) or ""
    return doc


def check(function: Callable[..., object], *args: object, **kwargs: object) -> None:
    """Call ``function``: a return, a CardgamesError, or a documented TypeError passes."""
    try:
        function(*args, **kwargs)
    except CardgamesError:
        return
    except TypeError:
        name = getattr(function, "__qualname__", repr(function))
        assert "TypeError" in _documents(function), f"{name}: an undocumented TypeError"


COUNT = object()
"""A count of seats: any value but a huge integer (``seats(2**64)`` is a huge tuple)."""


def typed(tp: Any) -> st.SearchStrategy[Any]:
    """Values of the declared type ``tp`` (from_type), or any value at all."""
    if tp == tuple[Any, ...]:
        actions = [value for value in SAMPLES if type(value).__name__ in ACTION_CLASS_NAMES]
        return st.lists(ANY_VALUE | one_of_values(actions), max_size=4).map(tuple)
    if tp is GameRecord:
        return st.one_of(st.deferred(lambda: RECORDS), ANY_VALUE)
    if tp is COUNT:
        return st.integers(-3, 300) | ANY_VALUE.filter(lambda v: not isinstance(v, int))
    return st.one_of(st.from_type(tp), ANY_VALUE)


CARD_FUNCTIONS: dict[str, tuple[Callable[..., object], tuple[Any, ...]]] = {
    "Suit.parse": (Suit.parse, (str,)),
    "Rank.parse": (Rank.parse, (str,)),
    "Card": (Card, (Rank, Suit)),
    "Card.parse": (Card.parse, (str,)),
    "Card.from_index": (Card.from_index, (int,)),
    "parse_cards": (cards.parse_cards, (str,)),
    "format_cards": (cards.format_cards, (tuple[Card, ...],)),
    "RankOrder": (RankOrder, (tuple[Rank, ...],)),
    "RankOrder.parse": (RankOrder.parse, (str,)),
    "RankOrder.position": (ACE_HIGH.position, (Rank,)),
    "RankOrder.successor": (ACE_HIGH.successor, (Rank,)),
    "RankOrder.predecessor": (ACE_HIGH.predecessor, (Rank,)),
    "RankOrder.sort_key": (ACE_HIGH.sort_key, (Card,)),
    "make_rng": (cards.make_rng, (int,)),
    "shuffled": (cards.shuffled, (tuple[Card, ...], int)),
    "deal": (cards.deal, (tuple[Card, ...], int, int)),
    "seats": (seats, (COUNT,)),
    "winners": (winners, (tuple[int, ...],)),
    "game_info": (game_info, (str,)),
    "parse_json": (parse_json, (str,)),
    "decode_config": (decode_config, (str,)),
    "decode_game": (decode_game, (str,)),
    "loads_record": (loads_record, (str,)),
    "parse_record": (parse_record, (str,)),
    "dumps_record": (dumps_record, (GameRecord,)),
    "replay": (replay, (GameRecord,)),
    "format_record": (format_record, (GameRecord,)),
}


@pytest.mark.parametrize("name", sorted(CARD_FUNCTIONS))
@given(data=st.data())
def test_generic_functions(name: str, data: st.DataObject) -> None:
    """cards, game helpers, registry and serialization: any arguments, only our errors."""
    function, types = CARD_FUNCTIONS[name]
    args = [data.draw(typed(tp), label=f"arg{i}") for i, tp in enumerate(types)]
    check(function, *args)


RECORD_FIELDS = st.fixed_dictionaries(
    {
        "game": typed(str) | st.sampled_from(sorted(GAMES)),
        "config": ANY_VALUE,
        "seed": typed(int),
        "actions": typed(tuple[Any, ...]),
    },
    optional={
        "deck": typed(tuple[Card, ...] | None),
        "returns": typed(tuple[int, ...] | None),
        "players": typed(tuple[str, ...]),
    },
)


def _record_or_none(fields: dict[str, Any]) -> GameRecord | None:
    try:
        return GameRecord(**fields)
    except (CardgamesError, TypeError):
        return None


RECORDS = st.one_of(
    one_of_values([value for value in SAMPLES if isinstance(value, GameRecord)]),
    RECORD_FIELDS.map(_record_or_none).filter(lambda record: record is not None),
)


@given(fields=RECORD_FIELDS)
def test_records_built_from_anything(fields: dict[str, Any]) -> None:
    """GameRecord from any fields: refused with TypeError/our errors, or replays only ours."""
    try:
        record = GameRecord(**fields)
    except (CardgamesError, TypeError):
        return
    for function in (replay, dumps_record, format_record, GameRecord.make_game):
        check(function, record)


GAME_NAMES = sorted(GAMES)


@pytest.mark.parametrize("name", GAME_NAMES)
@given(data=st.data())
def test_decoders_and_encoders_of_every_game(name: str, data: st.DataObject) -> None:
    """decode_*/encode/dumps/record_game with a real game and any other argument."""
    game = GAMES[name]
    value = data.draw(ANY_VALUE, label="value")
    for function in (decode_state, decode_action, decode_observation, encode, dumps):
        check(function, game, value)
    check(
        record_game,
        game,
        data.draw(typed(tuple[Any, ...]), label="actions"),
        seed=data.draw(typed(int), label="seed"),
        players=data.draw(typed(tuple[str, ...]), label="players"),
    )


BUILT_IN = ("sixes", "paiute")
METHODS = (
    "initial_state",
    "current_player",
    "legal_actions",
    "apply",
    "is_terminal",
    "returns",
    "observe",
    "determinize",
    "action_id",
    "action_from_id",
    "legal_action_mask",
)
PENDING: set[tuple[str, str]] = set()
"""Methods that fail today inside the game packages (issue 17, items 6-8, in other hands:
``AttributeError`` for a state of the wrong type, ``ValueError`` from ``action_from_id``,
``AssertionError`` from Sixes' ``action_id``, undocumented ``TypeError`` for a bad seed).
When one is fixed its strict xfail passes and fails the run: then remove it from here."""


def _game_cases() -> list[Any]:
    cases = []
    for name in BUILT_IN:
        for method in METHODS:
            marks = (
                [pytest.mark.xfail(reason="issue 17 items 6-8: game packages", strict=True)]
                if (name, method) in PENDING
                else []
            )
            cases.append(pytest.param(name, method, marks=marks, id=f"{name}-{method}"))
    return cases


@pytest.mark.parametrize(("name", "method"), _game_cases())
@settings(phases=(Phase.explicit, Phase.generate), report_multiple_bugs=False)
@given(data=st.data())
def test_game_methods_of_every_game(name: str, method: str, data: st.DataObject) -> None:
    """Each Game method of each built-in game, with any values: only the library's errors."""
    game = GAMES[name]
    function = getattr(game, method)
    count = sum(
        parameter.kind in {parameter.POSITIONAL_ONLY, parameter.POSITIONAL_OR_KEYWORD}
        for parameter in inspect.signature(function).parameters.values()
    )
    args = [data.draw(ANY_VALUE, label=f"arg{i}") for i in range(count)]
    if method == "initial_state":
        check(function, args[0], deck=data.draw(ANY_VALUE, label="deck"))
    elif method == "legal_action_mask":
        check(legal_action_mask, game, *args)
        check(function, *args)
    else:
        check(function, *args)


def test_known_bad_arguments_raise_the_documented_errors() -> None:
    """The errors the docstrings name, one explicit example each (issue 17)."""
    with pytest.raises(DecodeError, match="out of range"):
        Card.from_index(52)
    with pytest.raises(TypeError):
        Card.from_index("1")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        cards.format_cards([None])  # type: ignore[list-item]
    with pytest.raises(InvalidConfigError):
        cards.deal(standard_deck(), 0)
    with pytest.raises(TypeError):
        cards.deal(standard_deck(), 2.5)  # type: ignore[arg-type]
    order = RankOrder.parse("A 2 3")
    with pytest.raises(InvalidConfigError, match="not in the rank order"):
        order.position(Rank.KING)
    with pytest.raises(InvalidConfigError):
        order.successor([])  # type: ignore[arg-type]
    with pytest.raises(InvalidConfigError):
        order.predecessor(Rank.TEN)
    with pytest.raises(TypeError):
        order.sort_key("Ah")  # type: ignore[arg-type]
    with pytest.raises(InvalidConfigError):
        RankOrder((Rank.ACE, Rank.ACE))
    assert winners(()) == frozenset()
    with pytest.raises(DecodeError, match="a game name is a string"):
        game_info(["sixes"])  # type: ignore[arg-type]


def test_records_refuse_what_they_cannot_replay_or_store() -> None:
    """replay/dumps_record/format_record refuse wrong values with documented errors."""
    game = GAMES["sixes"]
    record = next(v for v in SAMPLES if isinstance(v, GameRecord) and v.game == game.name)
    for function in (replay, dumps_record, format_record):
        with pytest.raises(TypeError, match="expected a GameRecord"):
            function("record")  # type: ignore[arg-type]
    with pytest.raises(DecodeError, match="players: 1 names for a 5-player game"):
        replay(attrs.evolve(record, players=("ann",)))
    with pytest.raises(DecodeError, match="seed: expected an integer, not str"):
        replay(attrs.evolve(record, seed="1"))  # type: ignore[arg-type]
    with pytest.raises(ReplayError, match=r"actions\[0\]: 'pass' is not a sixes action"):
        replay(attrs.evolve(record, actions=("pass",)))
    with pytest.raises(TypeError, match=r"actions\[0\]"):
        dumps_record(attrs.evolve(record, actions=("pass",)))
    with pytest.raises(TypeError, match="config: expected a SixesConfig"):
        dumps_record(attrs.evolve(record, config=None))
