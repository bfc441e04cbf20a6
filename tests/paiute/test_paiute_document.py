"""The readable JSON form of Paiute states (cardgames.paiute.document) and its validation."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.cards import Card, Rank, parse_cards
from cardgames.errors import DecodeError, InvalidStateError
from cardgames.game import PlayerId
from cardgames.paiute import (
    Called,
    Category,
    HandValue,
    Paiute,
    PaiuteConfig,
    PaiuteState,
    check_state,
    invariants,
)
from cardgames.paiute import document as paiute_document
from cardgames.paiute import state as paiute_state
from cardgames.paiute.document import PaiuteStateDocument, from_document, to_document
from cardgames.paiute.invariants import check_read_state
from cardgames.registry import game_info
from cardgames.serialization import decode_observation, decode_state, dumps, encode
from cardgames.serialization.codec import decode_value
from paiute_scenarios import JUNK, PILE, STOCK, call, discard, play, start

CALLER_HAND = "Ah Kh Qh Jh 3c"
"""Completed to a royal flush by drawing Th."""


def _states() -> list[tuple[Paiute, PaiuteState]]:
    """States of every shape: fresh, mid-turn after a pile draw, after a call, over, rebuilt."""
    game = Paiute(PaiuteConfig(num_players=3, final_turns="each_other_player_once"))
    fresh = start(game, hands=(JUNK[0], JUNK[1], CALLER_HAND), dealer=0, stock="Kd Th")
    pile_draw = game.apply(fresh, PILE)
    called = play(game, fresh, STOCK, discard("Kd"), STOCK, call("3c"))
    over = called
    while not game.is_terminal(over):
        over = game.apply(over, STOCK)
        over = game.apply(over, discard(str(over.drawn_card)))
    long_game = Paiute(PaiuteConfig(num_players=2, max_turns=200, wild_indicator_in_play=True))
    rng = random.Random(3)
    state = long_game.initial_state(3)
    while state.rebuilt_cards == () and not long_game.is_terminal(state):
        actions = long_game.legal_actions(state)
        state = long_game.apply(state, actions[rng.randrange(len(actions))])
    return [(game, fresh), (game, pile_draw), (game, called), (game, over), (long_game, state)]


def test_state_document_shows_cards_and_round_trips() -> None:
    """P2, P9: a state document shows cards as text and None for nobody; it decodes back."""
    for game, state in _states():
        data = encode(game, state)["data"]
        assert isinstance(data, dict)
        assert data["hands"] == [[str(card) for card in hand] for hand in state.hands]
        assert data["stock"] == [str(card) for card in state.stock]
        assert data["discard_pile"] == [str(card) for card in state.discard_pile]
        assert data["wild_card"] == str(state.wild_card)
        assert data["caller"] == state.caller
        assert data["drawn_card"] == (None if state.drawn_card is None else str(state.drawn_card))
        assert -1 not in (data["current_player"], data["caller"], data["last_to_play"])
        assert decode_state(game, dumps(game, state)) == state
        assert from_document(to_document(state)) == state
    game, pile_draw = _states()[1]
    data = encode(game, pile_draw)["data"]
    assert isinstance(data, dict)
    assert data["drawn_from_discard"] is True
    assert data["current_player"] == 1
    assert data["last_to_play"] is None


def test_document_hands_may_be_in_any_order() -> None:
    """P5: a hand is a set of cards; a document may list it in any order."""
    state = _states()[0][1]
    doc = to_document(state)
    shuffled = attrs.evolve(doc, hands=tuple(hand[::-1] for hand in doc.hands))
    assert from_document(shuffled) == state


def test_impossible_documents_are_rejected() -> None:
    """P2, P9: duplicated cards or a drawn card outside the hand raise ValueError/DecodeError."""
    game, state = _states()[1]
    doc = to_document(state)
    stolen = doc.stock[0]
    broken = {
        "more than one place": attrs.evolve(
            doc, hands=((*doc.hands[0][:4], stolen), *doc.hands[1:])
        ),
        "twice": attrs.evolve(doc, stock=(doc.stock[0], *doc.stock)),
        "drawn card must be in": attrs.evolve(doc, drawn_card=doc.stock[0]),
        "needs a drawn card": attrs.evolve(to_document(_states()[0][1]), drawn_from_discard=True),
        "seat": attrs.evolve(doc, caller=PlayerId(-2)),
    }
    for message, bad in broken.items():
        with pytest.raises(ValueError, match=message):
            from_document(bad)
    text = dumps(game, state)
    duplicated = json.loads(text)
    duplicated["data"]["stock"][1] = duplicated["data"]["stock"][0]
    with pytest.raises(DecodeError, match="impossible state"):
        decode_state(game, json.dumps(duplicated))
    missing = json.loads(text)
    missing["data"]["stock"].pop()
    with pytest.raises(DecodeError, match=r"each of the 52 cards once.*\(P2, P6\)"):
        decode_state(game, json.dumps(missing))


def test_check_state_knows_who_plays_after_a_call() -> None:
    """P12: after a call the caller never plays again and the last seat follows final_turns."""
    game, called = _states()[2]
    check_state(game, called)
    doc = to_document(called)
    assert doc.caller == 2
    assert doc.last_to_play == 1
    wrong_end = from_document(attrs.evolve(doc, last_to_play=PlayerId(0)))
    with pytest.raises(ValueError, match="P12"):
        check_state(game, wrong_end)
    complete_round = Paiute(attrs.evolve(game.config, final_turns="complete_round"))
    with pytest.raises(ValueError, match="P12"):
        check_state(complete_round, called)
    with pytest.raises(InvalidStateError, match=r"caller never plays again \(P12\)"):
        from_document(attrs.evolve(doc, current_player=PlayerId(2)))


def test_document_class_is_what_the_registry_uses() -> None:
    """P1: the paiute registry entry encodes states through PaiuteStateDocument."""
    codec = game_info("paiute").state_codec
    assert codec is not None
    assert codec.document_class is PaiuteStateDocument
    state = _states()[0][1]
    assert codec.from_document(codec.to_document(state)) == state
    assert to_document(state).hands[2] == tuple(sorted(parse_cards(CALLER_HAND)))
    assert isinstance(to_document(state).wild_card, Card)


def test_a_six_card_hand_for_a_player_not_to_act_is_refused() -> None:
    """P5, P9: a document giving a stock card to a player who is not to act is refused.

    Before, it decoded, and ``legal_actions`` later failed with a bare ValueError (issue 17,
    item 1).
    """
    game, fresh = _states()[0]
    document = encode(game, fresh)
    data: Any = document["data"]
    idle = (fresh.current_player or 0) + 1
    data["hands"][idle].append(data["stock"].pop())
    with pytest.raises(DecodeError, match=rf"player {idle} holds 6 cards.*\(P5, P9\)"):
        decode_state(game, document)


def test_an_observation_with_a_stack_missing_is_refused() -> None:
    """P19: an observation with two stacks in a three-player game is refused (issue 17, item 2)."""
    game, fresh = _states()[0]
    document = encode(game, game.observe(fresh, PlayerId(0)))
    data: Any = document["data"]
    data["stacks"] = data["stacks"][:2]
    with pytest.raises(DecodeError, match=r"one stack per seat \(3\), not 2 \(P19\)"):
        decode_observation(game, document)


def test_a_caller_holding_other_cards_than_shown_is_refused() -> None:
    """P11, P14: after a call the caller holds the combination they showed, so it can win."""
    called = _states()[2][1]
    caller = called.caller
    assert caller is not None
    doc = to_document(called)
    hands = list(doc.hands)
    swapped = doc.stock[0]
    hands[caller] = (*hands[caller][1:], swapped)
    stock = (doc.hands[caller][0], *doc.stock[1:])
    with pytest.raises(InvalidStateError, match=r"must hold the cards they showed"):
        from_document(attrs.evolve(doc, hands=tuple(hands), stock=stock))


def test_a_show_must_name_the_value_of_its_cards() -> None:
    """P11, P15: a call whose recorded value is not what its cards are worth is refused."""
    game, called = _states()[2]
    history = tuple(
        attrs.evolve(event, value=HandValue(Category.FIVE_OF_A_KIND, (Rank.TWO,)))
        if isinstance(event, Called)
        else event
        for event in called.history
    )
    forged = attrs.evolve(called, history=history)
    with pytest.raises(InvalidStateError, match=r"must form the combination.*\(P11, P13, P15\)"):
        check_state(game, forged)


def test_documents_with_card_objects_built_anew_read_back() -> None:
    """Cards equal to the deck's but built anew are found by value (P1)."""
    for _game, state in _states():
        document = to_document(state)

        def fresh(cards: tuple[Card, ...]) -> tuple[Card, ...]:
            return tuple(Card(card.rank, card.suit) for card in cards)

        rebuilt = attrs.evolve(
            document,
            hands=tuple(map(fresh, document.hands)),
            stock=fresh(document.stock),
            discard_pile=fresh(document.discard_pile),
        )
        assert from_document(rebuilt) == state


def test_a_decoded_state_has_its_fields_checked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """P2, P9: decode_state checks a state's fields once, from_document on its own checks them."""
    game = Paiute(PaiuteConfig(num_players=3))
    state = game.initial_state(seed=4)
    calls: list[object] = []
    real = paiute_state.check_fields

    def counting(checked: PaiuteState, *args: Any, **kwargs: Any) -> Any:
        calls.append(checked)
        return real(checked, *args, **kwargs)

    monkeypatch.setattr(invariants, "check_fields", counting)
    monkeypatch.setattr(paiute_document, "check_fields", counting)
    decoded = decode_state(game, dumps(game, state))
    assert decoded == state
    assert calls == []  # the checking reader proved it valid while reading it
    assert decode_state(game, encode(game, state)) == state  # the checked path
    assert calls == [decoded]
    assert from_document(to_document(state)) == state
    assert len(calls) == 2
    broken = attrs.evolve(to_document(state), turns_played=-1)
    with pytest.raises(InvalidStateError, match="turns_played"):
        from_document(broken)
    unchecked = paiute_document.build_state(broken)
    with pytest.raises(InvalidStateError, match="turns_played"):
        check_state(game, unchecked)


_ODD_VALUES: tuple[Any, ...] = (None, True, False, -1, 0, 7, 2**300, 1.0, "Ah", "10h", "Zz", [], {})


def _nodes(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every value inside ``data`` (objects by key, arrays by index)."""
    found = [path]
    items = (
        data.items()
        if isinstance(data, dict)
        else enumerate(data)
        if isinstance(data, list)
        else ()
    )
    for key, item in items:
        found += _nodes(item, (*path, key))
    return found


def _mutated(data: Any, rng: random.Random) -> Any:
    """A copy of ``data`` with one value replaced, dropped or doubled."""
    data = json.loads(json.dumps(data))
    path = rng.choice(_nodes(data)[1:])
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    kind = rng.randrange(3)
    if kind == 0:
        parent[path[-1]] = rng.choice(_ODD_VALUES)
    elif isinstance(parent, list):
        if kind == 1:
            del parent[path[-1]]
        else:
            parent.append(parent[path[-1]])
    else:
        del parent[path[-1]]
    return data


def _checked_path(data: Any) -> PaiuteState | None:
    """The state the document decoder and build_state give of ``data``, or None."""
    try:
        return paiute_document.build_state(decode_value(data, PaiuteStateDocument, "data"))
    except (DecodeError, ValueError):
        return None


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 300), changes=st.integers(0, 2))
def test_the_fast_reader_agrees_with_the_checked_path(seed: int, steps: int, changes: int) -> None:
    """P2, P9, P10: read_state gives the state the checked path builds, or declines."""
    game = Paiute(PaiuteConfig(num_players=2 + seed % 4, deals=1 + seed % 2))
    rng = random.Random(seed)
    state = game.initial_state(seed)
    for _ in range(steps):
        if game.is_terminal(state):
            break
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    text = json.dumps(encode(game, state)["data"])
    data: Any = json.loads(text)
    try:
        fast, members = paiute_document.read_state(data)
    except Exception:  # noqa: BLE001 - declined (a call, a finished deal): checked path
        assert (
            any(event["type"] in {"called", "showed_six"} for event in data["history"])
            or (data["results"])
        )
    else:
        assert (fast, members) == (state, text.count(":"))
    for _ in range(changes):
        data = _mutated(data, rng)
    history = data.get("history") if isinstance(data, dict) else None
    if changes and isinstance(history, list) and history and rng.randrange(2):
        event = rng.choice(history)  # an event by the next seat (unless mutated into a non-event)
        if isinstance(event, dict):
            event["player"] = game.config.num_players
    try:
        fast, _ = paiute_document.read_state(data)
    except Exception:  # noqa: BLE001 - declined: the checked path decides
        return
    assert fast == _checked_path(data)
    assert _verdict(check_read_state, game, fast) == _verdict(check_state, game, fast)


def _verdict(check: Callable[[Paiute, PaiuteState], None], game: Paiute, state: PaiuteState) -> str:
    """What ``check`` says of ``state``: its error message, or "" when it passes."""
    try:
        check(game, state)
    except InvalidStateError as error:
        return str(error)
    return ""


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_an_event_by_no_seat_is_declined_and_named_by_the_checked_path(seats: int) -> None:
    """P1: the reader finds draws and discards among the table's seats only, so the check of
    its states can skip the history scan; an event by another seat goes the checked path."""
    game = Paiute(PaiuteConfig(num_players=seats))
    state = game.initial_state(seed=5)
    for _ in range(4):
        state = game.apply(state, game.legal_actions(state)[0])
    document: Any = encode(game, state)
    assert document["data"]["history"]
    check_read_state(game, paiute_document.read_state(document["data"])[0])
    document["data"]["history"][-1]["player"] = seats
    with pytest.raises(Exception):  # noqa: B017, PT011 - any exception declines
        paiute_document.read_state(document["data"])
    with pytest.raises(DecodeError, match=r"name a seat \(P1\)"):
        decode_state(game, json.dumps(document))


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("drawn_from_discard", 1),
        ("drawn_from_discard", True),  # a draw from the pile without a drawn card
        ("stacks", "19 19"),
        ("hands", {}),
        ("stock", "Ah Kh"),
        ("history", [{"type": "called", "player": 0}]),
        ("history", [["drew_from_stock", 0, None]]),
        ("history", [{"type": "discarded", "player": True, "card": "Ah"}]),
    ],
)
def test_the_fast_reader_declines_what_the_writer_never_writes(field: str, value: object) -> None:
    """P9: anything the writer never writes is left to the checked path, which decides."""
    game = Paiute(PaiuteConfig(num_players=2))
    data: Any = encode(game, game.initial_state(seed=2))["data"]
    paiute_document.read_state(data)
    data[field] = value
    with pytest.raises(Exception):  # noqa: B017, PT011 - any exception declines
        paiute_document.read_state(data)
