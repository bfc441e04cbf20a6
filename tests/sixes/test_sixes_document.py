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
from cardgames.sixes import SIXES_ORDER, Sixes, SixesConfig, SixesState
from cardgames.sixes.document import from_document, to_document

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
