"""The codec compiled once per type agrees with the reference codec on every input."""

from __future__ import annotations

import enum
import json
import random
from collections.abc import Iterator, Sequence
from typing import Any, Literal, NewType, overload

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.cards import Card, Rank, Suit
from cardgames.errors import DecodeError
from cardgames.game import Game, PlayerId
from cardgames.paiute import Paiute, PaiuteConfig
from cardgames.serialization import (
    compiled,
    decode_observation,
    decode_state,
    dumps,
    encode,
    reference,
)
from cardgames.serialization.codec import decode_value, encode_value
from cardgames.serialization.compiled import encoder, text_encoder
from cardgames.serialization.reader import decoder
from cardgames.sixes import Sixes, SixesConfig
from toy_game import ToyGame

Seat = NewType("Seat", int)


class Color(enum.Enum):
    """An enum written by its lowercase name."""

    RED = 1
    DARK_BLUE = 2


@attrs.frozen(kw_only=True)
class Left:
    """A member of a tagged union, with a card."""

    card: Card


@attrs.frozen(kw_only=True)
class Right:
    """A member of a tagged union, with a checked count."""

    count: int = attrs.field(validator=attrs.validators.ge(0))


@attrs.frozen(kw_only=True)
class Named:
    """A class with a readable label written beside its fields."""

    number: int

    @property
    def label(self) -> str:
        """The number in words (as far as the test needs)."""
        return f"number {self.number}"


@attrs.frozen(kw_only=True)
class Sample:
    """One field of every kind the codec knows."""

    number: int
    seat: Seat
    flag: bool
    ratio: float
    name: str
    nothing: None
    card: Card
    maybe_card: Card | None
    rank: Rank
    suit: Suit
    color: Color
    mode: Literal["a", "b"]
    pair: tuple[int, str]
    cards: tuple[Card, ...]
    ints: tuple[int, ...]
    names: tuple[str, ...]
    card_set: frozenset[Card]
    int_set: frozenset[int]
    side: Left | Right
    sides: tuple[Left | Right, ...]
    maybe_side: Left | Right | None
    named: Named
    maybe_seat: Seat | None = None
    default: int = 7


def _sample(rng: random.Random) -> Sample:
    deck = [Card.from_index(i) for i in range(52)]

    def side() -> Left | Right:
        return Left(card=rng.choice(deck)) if rng.random() < 0.5 else Right(count=rng.randrange(5))

    return Sample(
        number=rng.randrange(-5, 5),
        seat=Seat(rng.randrange(4)),
        flag=rng.random() < 0.5,
        ratio=rng.random(),
        name=rng.choice(["ann", "bö", 'q"uote', "a:b"]),
        nothing=None,
        card=rng.choice(deck),
        maybe_card=rng.choice([None, *deck[:3]]),
        rank=rng.choice(list(Rank)),
        suit=rng.choice(list(Suit)),
        color=rng.choice(list(Color)),
        mode=rng.choice(["a", "b"]),
        pair=(rng.randrange(3), "x"),
        cards=tuple(rng.sample(deck, rng.randrange(4))),
        ints=tuple(rng.randrange(9) for _ in range(rng.randrange(4))),
        names=("p", "q")[: rng.randrange(3)],
        card_set=frozenset(rng.sample(deck, rng.randrange(4))),
        int_set=frozenset(rng.sample(range(9), rng.randrange(4))),
        side=side(),
        sides=tuple(side() for _ in range(rng.randrange(4))),
        maybe_side=rng.choice([None, side()]),
        named=Named(number=rng.randrange(3)),
        maybe_seat=rng.choice([None, Seat(1)]),
        default=rng.randrange(9),
    )


_ODD_VALUES: list[Any] = [
    0,
    -1,
    True,
    False,
    1.0,
    2**300,
    "",
    "Ah",
    "10h",
    "ah",
    "a",
    "red",
    "dark_blue",
    None,
    [],
    [1],
    ["Ah"],
    ["Ah", "Ah"],
    {},
    {"type": "left", "card": "Ah"},
    {"type": "right", "count": -1},
]


def _paths(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _paths(value, (*path, index))


def _replace(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    copy = json.loads(json.dumps(data))
    target = copy
    for step in path[:-1]:
        target = target[step]
    if value is _DROP:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return copy


_DROP = object()


def _outcome(decode: Any, data: Any) -> tuple[str, Any]:
    try:
        return "value", decode(data)
    except DecodeError as error:
        return "error", str(error)


def _agrees(data: Any, tp: Any) -> None:
    """The fast decoder accepts only what the reference accepts, and gives the same value."""
    expected = _outcome(lambda d: reference.decode_value(d, tp, "data"), data)
    assert _outcome(lambda d: decode_value(d, tp, "data"), data) == expected
    try:
        fast = decoder(tp)(data, [0])
    except Exception:  # noqa: BLE001 - any refusal of the fast path is fine
        return
    assert expected == ("value", fast)


@given(st.randoms(use_true_random=False))
def test_compiled_encoders_write_what_the_reference_writes(rng: random.Random) -> None:
    """encode_value and the text encoder give the reference's document and json.dumps' text."""
    sample = _sample(rng)
    document = reference.encode_value(sample, Sample)
    assert encode_value(sample, Sample) == document
    assert text_encoder(Sample)(sample) == json.dumps(document, ensure_ascii=False)
    assert decode_value(document, Sample) == sample


@given(st.randoms(use_true_random=False), st.data())
def test_fast_decoder_agrees_with_the_reference_on_mutated_documents(
    rng: random.Random, data: st.DataObject
) -> None:
    """Any value replaced, dropped or added: both decoders accept it alike, or name one error."""
    document: Any = reference.encode_value(_sample(rng), Sample)
    paths = list(_paths(document))
    for _ in range(10):
        path = data.draw(st.sampled_from(paths))
        value = data.draw(st.sampled_from([_DROP, *_ODD_VALUES]) if path else st.just([]))
        _agrees(_replace(document, path, value), Sample)
    _agrees({**document, "extra": 1}, Sample)
    _agrees({**document, "named": {"number": 1, "label": "number 2"}}, Sample)
    _agrees({**document, "named": {"number": 1, "label": "number 1"}}, Sample)


def test_fast_decoder_refuses_what_json_libraries_coerce() -> None:
    """true is not 1, 1.0 is not 1, "3" is not 3, "10h" is read by the reference path."""
    for value in (True, 1.0, "3", None, [3], 2**256):
        with pytest.raises(DecodeError):
            decode_value(value, int)
    assert decode_value("10h", Card) == Card.parse("Th")
    assert decode_value(["10h", "Th"], tuple[Card, ...]) == (Card.parse("Th"),) * 2
    with pytest.raises(DecodeError, match="duplicate items in a set"):
        decode_value(["Ah", "Ah"], frozenset[Card])
    assert decode_value(3, float) == 3.0
    assert decode_value(None, type(None)) is None
    assert decode_value(["Ah", "x"], tuple[Card, str]) == (Card.parse("Ah"), "x")


def test_fast_decoder_memo_is_bounded() -> None:
    """Hostile documents cannot grow the memo of decoded values beyond its limit."""

    @attrs.frozen
    class Flat:
        number: int

    decode = decoder(Flat)
    values = [decode({"number": n}, [0]) for n in range(5000)]
    assert values == [Flat(n) for n in range(5000)]
    assert decode({"number": 3}, [0]) is values[3]


@attrs.frozen(kw_only=True)
class Word:
    """A member of a union of classes that hold only text."""

    text: str


@attrs.frozen
class Move:
    """A turn: a seat and a union of text-only classes (memoized by the union's items)."""

    seat: int
    move: Left | Word


def test_memo_keyed_by_a_text_union_agrees_with_the_reference() -> None:
    """A turn is shared once seen, and every variant of its object is still checked."""
    good = {"seat": 1, "move": {"type": "left", "card": "Ah"}}
    first = decode_value(good, Move)
    assert first == Move(1, Left(card=Card.parse("Ah")))
    assert decode_value(json.loads(json.dumps(good)), Move) is first
    counter = [0]
    assert decoder(Move)(good, counter) is first
    assert counter == [4]
    variants: list[Any] = [
        {"type": "left", "card": "AH"},
        {"card": "Ah", "type": "left"},
        {"type": "left", "card": "Ah", "text": "x"},
        {"type": "word", "text": "Ah"},
        {"type": "word", "text": 1},
        ["left", "Ah"],
        None,
    ]
    for move in variants:
        _agrees({"seat": 1, "move": move}, Move)
    _agrees({"seat": True, "move": good["move"]}, Move)
    _agrees({"seat": 1.0, "move": good["move"]}, Move)


def test_memoized_values_are_not_found_by_equal_scalars_of_another_type() -> None:
    """Once 1 and false are memoized, true, 1.0 and 0 are still refused (true == 1 in Python)."""

    @attrs.frozen
    class Flags:
        number: int
        flag: bool
        card: Card
        name: str

    good = {"number": 1, "flag": False, "card": "Ah", "name": "x"}
    assert decode_value(good, Flags) == Flags(1, False, Card.parse("Ah"), "x")  # noqa: FBT003
    for key, value in (("number", True), ("number", 1.0), ("flag", 0), ("card", "AH")):
        _agrees({**good, key: value}, Flags)
    with pytest.raises(DecodeError, match="expected an integer"):
        decode_value({**good, "number": True}, Flags)


def test_unsupported_types_use_the_reference_codec() -> None:
    """A dict field and a union of plain types go through the reference codec (and its errors)."""
    assert encode_value({1: 2}, dict[int, int]) == {"1": 2}
    assert text_encoder(dict[int, int])({1: 2}) == '{"1": 2}'
    with pytest.raises(TypeError, match="cannot decode a union"):
        decode_value(3, int | str)
    assert text_encoder(int | str)(3) == "3"
    assert text_encoder(tuple[int | None, ...])((None, 1)) == "[null, 1]"
    assert text_encoder(Literal[1, 2])(2) == "2"


class _Sequence(Sequence[int]):
    """A read-only sequence that is not a tuple (as a persistent history may be)."""

    def __init__(self, *items: int) -> None:
        self._items = items

    @overload
    def __getitem__(self, index: int) -> int: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[int]: ...
    def __getitem__(self, index: int | slice) -> int | Sequence[int]:
        return self._items[index]

    def __len__(self) -> int:
        return len(self._items)


@attrs.frozen(kw_only=True)
class Lefter(Left):
    """A subclass of a union's member: written by the reference encoder, with its own tag."""

    extra: int = 0


@attrs.frozen(kw_only=True)
class Mixed:
    """A union of plain types, which the codec writes but cannot read back."""

    value: int | str


def test_values_outside_the_declared_classes_use_the_reference_codec() -> None:
    """A subclass in a tagged union, a union of plain types, a dict: the reference decides."""
    sides = (Left(card=Card.parse("Ah")), Lefter(card=Card.parse("2c"), extra=1))
    expected: Any = reference.encode_value(sides, tuple[Left | Right, ...])
    assert expected[1] == {"type": "lefter", "card": "2c", "extra": 1}
    assert encode_value(sides, tuple[Left | Right, ...]) == expected
    assert text_encoder(tuple[Left | Right, ...])(sides) == json.dumps(expected)
    assert encode_value(Mixed(value="x"), Mixed) == {"value": "x"}
    with pytest.raises(TypeError, match="cannot decode a union"):
        decode_value({"value": 1}, Mixed)
    with pytest.raises(TypeError, match="cannot decode"):
        decode_value({"a": 1}, dict[str, int])
    yes = True
    assert decode_value(yes, bool) is True
    with pytest.raises(DecodeError, match="expected a boolean"):
        decode_value(1, bool)


def test_tuple_fields_may_hold_any_sequence() -> None:
    """A tuple-typed field holding another sequence is written like the tuple."""

    @attrs.frozen
    class Holder:
        items: tuple[int, ...]
        sides: tuple[Left | Right, ...]

    holder = Holder(_Sequence(1, 2), [Right(count=1)])  # type: ignore[arg-type]
    plain = Holder((1, 2), (Right(count=1),))
    assert encode_value(holder, Holder) == encode_value(plain, Holder)
    assert text_encoder(Holder)(holder) == text_encoder(Holder)(plain)


def test_cards_built_elsewhere_are_written_by_value() -> None:
    """Cards that are not the parsed ones (another object, same value) are written the same."""
    cards = (Card(Rank.ACE, Suit.HEARTS), Card(Rank.TWO, Suit.CLUBS))
    assert encode_value(cards, tuple[Card, ...]) == ["Ah", "2c"]
    assert encode_value(frozenset(cards), frozenset[Card]) == ["2c", "Ah"]
    assert encode_value(cards[0], Card) == "Ah"
    assert text_encoder(tuple[Card, ...])(cards) == '["Ah", "2c"]'
    assert text_encoder(frozenset[Card])(frozenset(cards)) == '["2c", "Ah"]'
    assert text_encoder(frozenset[Card])(frozenset()) == "[]"
    assert text_encoder(Card)(cards[0]) == '"Ah"'
    others = (Card(Rank.KING, Suit.SPADES), Card(Rank.TWO, Suit.CLUBS))
    assert text_encoder(tuple[Card, ...])(others) == '["Ks", "2c"]'
    assert text_encoder(tuple[Card, ...])(others) == '["Ks", "2c"]'


def test_cards_are_written_by_their_index_and_other_card_classes_by_str() -> None:
    """The writer keeps no card objects; a card of another class is written as str writes it."""

    @attrs.frozen(order=True)
    class OddCard(Card):
        def __str__(self) -> str:
            return 'odd"' + super().__str__()

    many = [Card(Rank.ACE, Suit.SPADES) for _ in range(1100)]
    assert encode_value(tuple(many), tuple[Card, ...]) == ["As"] * 1100
    assert not hasattr(compiled, "_KEPT")
    odd = (OddCard(Rank.KING, Suit.SPADES), Card(Rank.TWO, Suit.CLUBS))
    expected = ['odd"Ks', "2c"]
    assert encode_value(odd, tuple[Card, ...]) == expected
    assert encode_value(odd[0], Card) == expected[0]
    odd_set = frozenset({odd[0], OddCard(Rank.TWO, Suit.CLUBS)})
    assert encode_value(odd_set, frozenset[Card]) == ['odd"2c', 'odd"Ks']
    values: list[tuple[Any, Any]] = [
        (odd, tuple[Card, ...]),
        (odd_set, frozenset[Card]),
        (odd[0], Card),
        (Holding(card=odd[0], maybe=odd[0]), Holding),
    ]
    for value, tp in values:
        assert text_encoder(tp)(value) == json.dumps(encode_value(value, tp))
    assert text_encoder(Holding)(Holding(card=many[0], maybe=None)) == (
        '{"card": "As", "maybe": null}'
    )


@attrs.frozen
class Holding:
    card: Card
    maybe: Card | None


def test_ints_and_strings_of_other_types_are_written_as_json_would() -> None:
    """A bool in an int field, or a str subclass, is written exactly as json.dumps writes it."""

    class Text(str):
        __slots__ = ()

    yes = True
    assert text_encoder(int)(yes) == "true"
    assert text_encoder(tuple[int, ...])((1, True)) == "[1, true]"
    assert text_encoder(str)(Text("x")) == '"x"'
    assert text_encoder(bool)(1) == "1"
    assert text_encoder(Named)(Named(number=True)) == json.dumps(encoder(Named)(Named(number=True)))


def _games() -> list[Game[Any, Any, Any]]:
    return [
        Sixes(SixesConfig(num_players=4)),
        Paiute(PaiuteConfig(num_players=3)),
        ToyGame(),
    ]


def _positions(game: Game[Any, Any, Any], seed: int) -> Iterator[Any]:
    rng = random.Random(seed)
    state = game.initial_state(seed)
    while True:
        yield state
        if game.is_terminal(state):
            return
        actions = game.legal_actions(state)
        state = game.apply(state, actions[rng.randrange(len(actions))])


@pytest.mark.parametrize("game", _games(), ids=lambda game: game.name)
def test_dumps_is_json_dumps_of_encode(game: Game[Any, Any, Any]) -> None:
    """The text written directly is json.dumps of the document, for every kind of value."""
    for seed in range(3):
        for state in _positions(game, seed):
            config = getattr(game, "config", None)
            values = [state] if config is None else [state, config]
            values += [game.observe(state, PlayerId(seat)) for seat in range(2)]
            for value in values:
                assert dumps(game, value) == json.dumps(encode(game, value), ensure_ascii=False)
            if not game.is_terminal(state):
                action = game.legal_actions(state)[0]
                assert dumps(game, action) == json.dumps(encode(game, action), ensure_ascii=False)


@pytest.mark.parametrize("game", _games(), ids=lambda game: game.name)
def test_state_and_observation_text_decode_the_same_way_as_documents(
    game: Game[Any, Any, Any],
) -> None:
    """Text (str or UTF-8 bytes) and parsed documents decode to the same states and views."""
    for state in list(_positions(game, 5))[::7]:
        text = dumps(game, state)
        assert decode_state(game, text) == state
        assert decode_state(game, text.encode()) == state
        assert decode_state(game, json.loads(text)) == state
        view = game.observe(state, PlayerId(1))
        text = dumps(game, view)
        assert decode_observation(game, text) == view
        assert decode_observation(game, text.encode()) == view


def test_a_duplicate_key_is_refused_on_the_fast_path_too() -> None:
    """A repeated key anywhere in a state document is the strict parser's error."""
    game = Sixes(SixesConfig(num_players=4))
    text = dumps(game, game.initial_state(1))
    doubled = text.replace('"pot": 0', '"pot": 0, "pot": 0', 1)
    with pytest.raises(DecodeError, match="duplicate key 'pot'"):
        decode_state(game, doubled)
    inner = text.replace('"pending_decks": []', '"pending_decks": [], "pending_decks": []', 1)
    with pytest.raises(DecodeError, match="duplicate key 'pending_decks'"):
        decode_state(game, inner)
    with pytest.raises(DecodeError, match="version"):
        decode_state(game, text.replace('"version": 1', '"version": 2'))
    other = Sixes(SixesConfig(num_players=4, starting_chips=20))
    with pytest.raises(DecodeError, match="config"):
        decode_state(other, text)
