"""The readable JSON form of Sixes states: cards as cards, round trips, impossible input."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.cards import Card
from cardgames.errors import DecodeError, InvalidStateError
from cardgames.game import playout
from cardgames.serialization import decode_state, dumps, encode
from cardgames.serialization.codec import decode_value
from cardgames.sixes import SIXES_ORDER, Sixes, SixesConfig, SixesState
from cardgames.sixes.deck import SIXES_DECK
from cardgames.sixes.document import SixesStateDocument, from_document, read_state, to_document

GAME = Sixes(SixesConfig(num_players=4, pay_per_card_left=1, max_rounds=3))


def _middle_state(seed: int) -> SixesState:
    """A state some way into the first round of a seeded game."""
    rng = random.Random(seed)
    state = GAME.initial_state(seed=seed)
    for _ in range(12):
        actions = GAME.legal_actions(state)
        state = GAME.apply(state, actions[rng.randrange(len(actions))])
    return state


def _data(state: SixesState) -> dict[str, Any]:
    data = encode(GAME, state)["data"]
    assert isinstance(data, dict)
    return data


def test_a_state_document_shows_cards_not_bitmasks() -> None:
    """S2: a saved state lists hands and columns as cards such as "6d"."""
    state = _middle_state(1)
    data = _data(state)
    assert "hand_masks" not in data
    assert "table_mask" not in data
    assert "6d" in data["columns"][1]
    assert data["columns"] == [[str(card) for card in column] for column in state.columns]
    for seat, hand in enumerate(data["hands"]):
        assert all(isinstance(card, str) for card in hand)
        assert {Card.parse(card) for card in hand} == state.hands[seat]
    assert decode_state(GAME, dumps(GAME, state)) == state


def test_hands_are_sorted_by_rank_then_suit() -> None:
    """S2: each hand in a document runs A 2 3 4 5 6 7 J Q K, suits in order within a rank."""
    document = to_document(GAME.initial_state(seed=2))
    for hand in document.hands:
        keys = [(SIXES_ORDER.position(card.rank), card.suit) for card in hand]
        assert keys == sorted(keys)
        assert len(hand) == 10


@settings(max_examples=20)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 400))
def test_documents_round_trip_through_json(seed: int, steps: int) -> None:
    """S1-S12: any state reached by play survives to_document, JSON and from_document."""
    rng = random.Random(seed)
    state = GAME.initial_state(seed=seed)
    for _ in range(steps):
        if GAME.is_terminal(state):
            break
        actions = GAME.legal_actions(state)
        state = GAME.apply(state, actions[rng.randrange(len(actions))])
    assert from_document(to_document(state)) == state
    assert decode_state(GAME, json.loads(dumps(GAME, state))) == state


def test_a_finished_game_round_trips() -> None:
    """S10, S12: a final state, with an empty hand and a settled pot, round-trips."""
    final, _ = playout(GAME, random.Random(4), seed=4)
    assert GAME.is_terminal(final)
    assert decode_state(GAME, dumps(GAME, final)) == final


def _give_a_card_to_two_hands(data: dict[str, Any]) -> None:
    """Seat 0's first card replaced by seat 1's first card."""
    data["hands"][0][0] = data["hands"][1][0]


def _double_a_card(data: dict[str, Any]) -> None:
    data["hands"][0][1] = data["hands"][0][0]


def _play_an_eight(data: dict[str, Any]) -> None:
    data["hands"][0][0] = "8d"


def _move_a_card_to_the_wrong_column(data: dict[str, Any]) -> None:
    columns = data["columns"]
    columns[0], columns[1] = columns[1], columns[0]


def _reverse_a_column(data: dict[str, Any]) -> None:
    diamonds = data["columns"][1]
    assert len(diamonds) > 1
    data["columns"][1] = diamonds[::-1]


def _drop_a_column(data: dict[str, Any]) -> None:
    data["columns"] = data["columns"][:3]


def _lose_a_card(data: dict[str, Any]) -> None:
    data["hands"][2] = data["hands"][2][1:]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_give_a_card_to_two_hands, r"two places \(S2\)"),
        (_double_a_card, r"appears twice \(S2\)"),
        (_play_an_eight, r"8d is not a Sixes card \(S2\)"),
        (_move_a_card_to_the_wrong_column, r"suit s, low to high \(S6\)"),
        (_reverse_a_column, r"low to high \(S6\)"),
        (_drop_a_column, r"one entry per suit \(S6\)"),
        (_lose_a_card, r"exactly once \(S2\)"),
    ],
)
def test_impossible_documents_are_rejected(change: Any, message: str) -> None:
    """S2, S6: a document with a card doubled, missing, foreign or misplaced does not decode."""
    state = _middle_state(5)
    assert len(state.columns[1]) > 1
    document = encode(GAME, state)
    change(document["data"])
    with pytest.raises(DecodeError, match=r"data: impossible state: .*" + message):
        decode_state(GAME, document)


def test_from_document_validates_through_the_state_constructor() -> None:
    """S2: from_document raises InvalidStateError for a card in two hands."""
    document = to_document(_middle_state(6))
    hands = list(document.hands)
    hands[0] = (*hands[0][:-1], hands[1][0])
    with pytest.raises(InvalidStateError, match=r"invalid Sixes state: .*\(S2\)"):
        from_document(attrs.evolve(document, hands=tuple(hands)))


@given(st.integers(0, 10**6))
@settings(max_examples=30)
def test_document_hands_are_sorted_by_sixes_order_and_any_card_objects_read_back(
    seed: int,
) -> None:
    """Hands list A 2 … 7 J Q K then suit (S2); cards built anew decode to the same state (S2)."""
    state = _middle_state(seed)
    document = to_document(state)
    for hand, mask_cards in zip(document.hands, state.hands, strict=True):
        assert hand == tuple(sorted(mask_cards, key=SIXES_ORDER.sort_key))
    assert document.columns == state.columns

    def fresh(cards: tuple[Card, ...]) -> tuple[Card, ...]:
        return tuple(Card(card.rank, card.suit) for card in cards)

    rebuilt = attrs.evolve(
        document,
        hands=tuple(map(fresh, document.hands)),
        columns=tuple(map(fresh, document.columns)),
    )
    assert from_document(rebuilt) == state


def _checked_path(data: Any) -> SixesState | None:
    """The state the checked path gives of a document's data (no fast reader), or None."""
    try:
        return from_document(decode_value(data, SixesStateDocument, "data"))
    except (DecodeError, ValueError):
        return None


def _mutate_history(history: list[Any], seats: int, rng: random.Random) -> None:
    """Change ``history`` in one random way: a bad turn, a turn again, a seat past the table."""
    kind = rng.randrange(4)
    if kind == 0 and history:
        turn = rng.choice(history)
        turn[rng.choice(["player", "action"])] = rng.choice([True, -1, 9, {"type": "pass"}, {}])
    elif kind == 1:
        history.append({"player": 0, "action": {"type": "play", "card": "Kd"}})
    elif kind == 2 and history:  # a turn again: a card played twice, or a second pass
        history.append(json.loads(json.dumps(rng.choice(history))))
    elif history:  # the first seat past the table, or the last one
        rng.choice(history)["player"] = seats - rng.randrange(2)


def _mutated(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """``data`` (a copy) changed in one random way, as a careless or hostile writer might."""
    data = json.loads(json.dumps(data))
    if not {"hands", "columns", "stacks", "history", "stack_emptied"} <= data.keys():
        return data  # a field is gone already
    lists = [data["hands"][rng.randrange(len(data["hands"]))], *data["columns"]]
    target = rng.choice(lists)
    kind = rng.randrange(9)
    if kind == 0 and target:
        target.pop(rng.randrange(len(target)))
    elif kind == 1:
        target.insert(rng.randrange(len(target) + 1), rng.choice(["6d", "8h", "Ah", "10h", 3]))
    elif kind == 2:
        key = rng.choice(["pot", "dealer", "round_number", "chance_key", "to_play"])
        data[key] = rng.choice([None, True, -1, 2**64, 2**300, 1.0, "1", 3])
    elif kind == 3:
        data["stacks"][0] = rng.choice([True, -1, 11, 2.0, 2**300])
    elif kind in {4, 5}:
        _mutate_history(data["history"], len(data["hands"]), rng)
    elif kind == 6:
        del data[rng.choice(sorted(data))]
    elif kind == 7:
        data["pending_decks"] = rng.choice([[[]], [[str(card) for card in SIXES_DECK]]])
    else:
        data["stack_emptied"] = rng.choice([0, 1, None, not data["stack_emptied"]])
    return data


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 60), changes=st.integers(0, 2))
def test_the_fast_reader_agrees_with_the_checked_path(seed: int, steps: int, changes: int) -> None:
    """S2-S10: read_state gives the checked path's state, or declines: never another verdict."""
    game = Sixes(SixesConfig(num_players=[2, 4, 5, 8][seed % 4]))
    rng = random.Random(seed)
    state = game.initial_state(seed)
    for _ in range(steps):
        if game.is_terminal(state):
            break
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    data: Any = encode(game, state)["data"]
    assert read_state(data)[0] == state
    for _ in range(changes):
        data = _mutated(data, rng)
    expected = _checked_path(data)
    try:
        fast, _ = read_state(data)
    except Exception:  # noqa: BLE001 - declined: the checked path decides
        return
    assert fast == expected


def test_the_fast_reader_counts_the_members_it_reads() -> None:
    """S5: the member count covers the top level and every turn of the history."""
    game = Sixes(SixesConfig(num_players=4))
    state = game.initial_state(3)
    for _ in range(9):
        state = game.apply(state, game.legal_actions(state)[-1])
    text = json.dumps(encode(game, state)["data"])
    assert read_state(json.loads(text))[1] == text.count(":")


@pytest.mark.parametrize(
    ("turn", "message"),
    [
        (
            {"player": 0, "action": {"type": "play", "card": "6d"}},
            r"each card on the table once \(S6\)",
        ),
        (
            {"player": 1, "action": {"type": "play", "card": "Kc"}},
            r"each card on the table once \(S6\)",
        ),
        ({"player": 4, "action": {"type": "pass"}}, r"by a seat \(S1\)"),
        ({"player": 7, "action": {"type": "pass"}}, r"by a seat \(S1\)"),
    ],
)
def test_an_unsound_history_is_declined_and_named_by_the_checked_path(
    turn: dict[str, object], message: str
) -> None:
    """S1, S6: the reader's one walk of the history declines a turn by no seat or a card played
    twice or not on the table, and the decoder names the same rule as before."""
    game = Sixes(SixesConfig(num_players=4))
    state = game.initial_state(3)
    state = game.apply(state, game.legal_actions(state)[0])
    document: Any = encode(game, state)
    document["data"]["history"].append(turn)
    with pytest.raises(Exception):  # noqa: B017, PT011 - any exception declines
        read_state(document["data"])
    with pytest.raises(DecodeError, match=message):
        decode_state(game, json.dumps(document))


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("history", {}),
        ("history", [["0", "pass"]]),
        ("history", [{"player": 0, "action": {"type": "fold"}}]),
        ("history", [{"player": 0, "action": {"type": "pass", "card": "6d"}}]),
        ("columns", [[], ["6d"], []]),
        ("columns", [[], ["6d"], ["6d"], []]),
        ("columns", [[], ["6d", "5d"], [], []]),
        ("hands", [{"Ac": 1}]),
        ("stack_emptied", 0),
    ],
)
def test_the_fast_reader_declines_what_the_writer_never_writes(field: str, value: object) -> None:
    """S2, S6: anything the writer never writes is left to the checked path, which decides."""
    game = Sixes(SixesConfig(num_players=4))
    state = game.initial_state(3)
    state = game.apply(state, game.legal_actions(state)[0])
    data: Any = encode(game, state)["data"]
    read_state(data)
    data[field] = value
    with pytest.raises(Exception):  # noqa: B017, PT011 - any exception declines
        read_state(data)
