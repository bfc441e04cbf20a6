"""Paiute's checking observation reader agrees with determinizing and observing again.

``read_checked_observation`` proves from counts and card sets that some state is observed as
the document's observation; the checked path decides it by building a state with
``determinize`` and observing it. On every document, valid or mutated, the reader gives
the checked path's observation or declines, and the decoders give the same value or the
same error whether or not they take the fast path. The state reader, which shares the walk
of the history, is held to the same standard.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.errors import DecodeError
from cardgames.game import PlayerId
from cardgames.paiute import Paiute, PaiuteConfig, PaiuteState
from cardgames.paiute.document import read_checked_observation, read_checked_state, read_state
from cardgames.paiute.history import DrewFromDiscard, DrewFromStock
from cardgames.paiute.observation import known_cards
from cardgames.serialization import decode_observation, decode_state, encode
from json_mutation import assert_reader_agrees, both_ways, declines, members

GAMES = (
    Paiute(PaiuteConfig()),
    Paiute(PaiuteConfig(num_players=2, wild_indicator_in_play=True)),
    Paiute(PaiuteConfig(num_players=3, wild_indicator_in_play=True, max_turns=40)),
    Paiute(PaiuteConfig(num_players=5, deals=2)),
)


def _position(game: Paiute, rng: random.Random) -> PaiuteState:
    """A random position: long deals (so that the stock is rebuilt, P10) and some calls."""
    state = game.initial_state(rng.randrange(2**32))
    for _ in range(rng.randrange(260)):
        if game.is_terminal(state):
            break
        legal = game.legal_actions(state)
        state = game.apply(state, legal[rng.randrange(len(legal))])
    return state


@settings(max_examples=300, deadline=None)
@given(
    game=st.sampled_from(GAMES), rng=st.randoms(use_true_random=False), changes=st.integers(0, 2)
)
def test_the_checking_observation_reader_agrees_with_the_checked_path(
    game: Paiute, rng: random.Random, changes: int
) -> None:
    """P1-P21: read_checked_observation gives the checked decoder's observation, or declines."""
    state = _position(game, rng)
    seat = PlayerId(rng.randrange(game.config.num_players))
    view = game.observe(state, seat)
    document: dict[str, Any] = json.loads(json.dumps(encode(game, view)))
    try:
        fast, count = read_checked_observation(game, document["data"])
    except Exception:  # noqa: BLE001 - a deal with a call, or a finished one: declined
        assert state.caller is not None or state.table.results
    else:
        assert fast == view
        assert count == members(document["data"])
    assert_reader_agrees(
        lambda data: read_checked_observation(game, data),
        lambda source: decode_observation(game, source),
        document,
        rng,
        changes,
    )


@settings(max_examples=300, deadline=None)
@given(
    game=st.sampled_from(GAMES), rng=st.randoms(use_true_random=False), changes=st.integers(0, 2)
)
def test_the_state_reader_agrees_with_the_checked_path(
    game: Paiute, rng: random.Random, changes: int
) -> None:
    """P1-P21: read_checked_state gives the checked decoder's state, or declines."""
    state = _position(game, rng)
    document: dict[str, Any] = json.loads(json.dumps(encode(game, state)))
    if state.caller is None and not state.table.results:
        assert read_state(document["data"]) == (state, members(document["data"]))
        fast, count = read_checked_state(game, document["data"])
        assert fast == state
        assert repr(fast) == repr(state)
        assert count == members(document["data"])
    assert_reader_agrees(
        lambda data: read_checked_state(game, data),
        lambda source: decode_state(game, source),
        document,
        rng,
        changes,
    )


def _view(game: Paiute, rng: random.Random, *, seen_draw: bool = False) -> Any:
    """The document of a seated view of a deal without a call (a draw from the pile known)."""
    while True:
        state = _position(game, rng)
        history = state.history.to_tuple()
        drew = [
            event.player
            for event in history
            if type(event) is DrewFromDiscard and event.player != state.current_player
        ]
        if state.caller is None and not state.table.results and drew and not seen_draw:
            others = [seat for seat in range(game.config.num_players) if seat != drew[-1]]
            return encode(game, game.observe(state, PlayerId(others[0]))), drew[-1]
        if seen_draw and state.drawn is not None and state.current_player is not None:
            last = history[-1] if history else None
            if type(last) is DrewFromStock and last.card is not None:
                other = (state.current_player + 1) % game.config.num_players
                return encode(game, game.observe(state, PlayerId(other))), state.current_player


def _refused(game: Paiute, document: Any) -> None:
    """Both the fast reader and the checked path refuse ``document``."""
    assert declines(read_checked_observation, game, json.loads(json.dumps(document["data"])))
    with pytest.raises(DecodeError, match="impossible observation"):
        decode_observation(game, json.dumps(document))
    with pytest.raises(DecodeError, match="impossible observation"):
        decode_observation(game, document)


def test_a_card_both_in_the_pile_and_known_in_a_hand_is_refused() -> None:
    """P2, P9: a card a seat took from the discard pile and kept cannot lie in the pile too."""
    game = GAMES[0]
    rng = random.Random(3)
    for _ in range(5):
        document, taker = _view(game, rng)
        data = document["data"]
        taken = [
            event["card"]
            for event in data["history"]
            if event.get("type") == "drew_from_discard" and event.get("player") == taker
        ]
        known = [card for card in taken if card not in data["discard_pile"]]
        if known and data["stock_size"]:
            data["discard_pile"].append(known[-1])
            data["stock_size"] -= 1
            _refused(game, document)
            return
    raise AssertionError("no position found")  # pragma: no cover - the seeds above have one


def test_a_card_both_in_the_hand_and_the_pile_is_refused() -> None:
    """P2: the observer's hand and the discard pile hold different cards."""
    game = GAMES[0]
    document = encode(game, game.observe(game.initial_state(seed=1), PlayerId(1)))
    data: Any = document["data"]
    data["discard_pile"] = [data["hand"][0]]
    _refused(game, document)


def test_a_hand_size_the_rules_do_not_allow_is_refused() -> None:
    """P5, P9: a seat not to play holds five cards, even when the counts add up."""
    game = GAMES[0]
    document = encode(game, game.observe(game.initial_state(seed=2), PlayerId(0)))
    data: Any = document["data"]
    other = (data["current_player"] + 1) % 4 or 1
    data["hand_sizes"][other] += 1
    data["stock_size"] -= 1
    _refused(game, document)


def test_the_turned_card_in_the_stock_when_out_of_play_is_refused() -> None:
    """P6: with the turned card out of play it is never at the bottom of the stock."""
    game = GAMES[0]
    document = encode(game, game.observe(game.initial_state(seed=3), PlayerId(0)))
    data: Any = document["data"]
    data["wild_card_in_stock"] = True
    _refused(game, document)


def test_a_hidden_draw_of_the_turned_card_is_refused() -> None:
    """P6: the turned card drawn from the bottom of the stock is shown to every player."""
    game = GAMES[1]
    document, _ = _view(game, random.Random(5), seen_draw=True)
    assert document["data"]["drawn_card"] is not None
    assert not declines(read_checked_observation, game, json.loads(json.dumps(document["data"])))
    document["data"]["drawn_card"] = None
    _refused(game, document)


def test_other_shapes_and_spectators_are_declined() -> None:
    """P1: what the writer does not write of a seated view goes to the checked path."""
    game = GAMES[0]
    state = game.initial_state(seed=4)
    data: Any = encode(game, game.observe(state, PlayerId(0)))["data"]
    assert not declines(read_checked_observation, game, data)
    spectator = encode(game, game.observe(state, None))["data"]
    for shape in ([], None, {**data, "extra": 1}, spectator, {**data, "player": True}):
        assert declines(read_checked_observation, game, shape)
    assert declines(read_checked_observation, GAMES[1], data)  # four seats for two (P1)


def _hidden_draw_view(game: Paiute) -> tuple[Any, list[str]]:
    """A view of another seat's hidden draw from the stock, and the drawer's cards.

    None of the drawer's cards is named by the history, so none is known to the observer.
    """
    rng = random.Random(11)
    while True:
        state = _position(game, rng)
        current, drawn = state.current_player, state.drawn
        if state.caller is not None or state.table.results or current is None or drawn is None:
            continue
        me = PlayerId((current + 1) % game.config.num_players)
        document: Any = encode(game, game.observe(state, me))
        data = document["data"]
        named = {event.get("card") for event in data["history"]}
        held = [str(card) for card in state.hands[current]]
        if data["drawn_card"] is None and not named & set(held):
            return document, held


def _took(seat: int, cards: list[str]) -> list[dict[str, Any]]:
    return [{"type": "drew_from_discard", "player": seat, "card": card} for card in cards]


def test_a_hidden_draw_by_a_seat_whose_cards_are_all_known_is_refused() -> None:
    """P9: a drawn card stays hidden only if the drawer holds a card nobody knows of."""
    game = GAMES[0]
    document, unseen = _hidden_draw_view(game)
    data = document["data"]
    data["history"][:0] = _took(data["current_player"], unseen[:6])
    _refused(game, document)


def test_a_drawn_card_shown_that_its_drawer_alone_may_know_is_refused() -> None:
    """P9: another seat's draw from the stock is not shown, even of a card known in its hand."""
    game = GAMES[0]
    document, unseen = _hidden_draw_view(game)
    data = document["data"]
    data["history"][:0] = _took(data["current_player"], unseen[:1])
    both_ways(lambda source: decode_observation(game, source), document)  # still possible
    data["drawn_card"] = unseen[0]
    _refused(game, document)


def test_more_known_cards_than_a_hand_holds_is_refused() -> None:
    """P5: a seat cannot be known to hold six cards while it holds five."""
    game = GAMES[0]
    document, unseen = _hidden_draw_view(game)
    data = document["data"]
    seat = next(s for s in range(4) if s not in {data["player"], data["current_player"]})
    data["history"][:0] = _took(seat, unseen)
    _refused(game, document)


def test_a_stock_larger_than_the_rebuilt_cards_left_is_refused() -> None:
    """P10: after a rebuild the stock holds only cards of that rebuild."""
    game = GAMES[0]
    rng = random.Random(7)
    while True:
        state = _position(game, rng)
        me = state.current_player
        if state.caller is None and not state.table.results and me is not None:
            view = game.observe(state, me)
            seen = {*view.hand, *view.discard_pile, *(c for h in known_cards(view) for c in h)}
            rebuilt_unseen = len(set(state.rebuilt_cards) - seen)
            fresh = [str(c) for c in view.discard_pile if c not in state.rebuilt_cards]
            room = rebuilt_unseen - view.stock_size  # rebuilt cards the stock could still take
            if state.rebuilt_indices and len(fresh) > room:
                break
    document: Any = encode(game, view)
    data = document["data"]
    both_ways(lambda source: decode_observation(game, source), document)
    for card in fresh[: room + 1]:
        data["discard_pile"].remove(card)
    data["stock_size"] += room + 1
    _refused(game, document)


def test_a_turned_card_hidden_in_play_is_left_to_the_checked_path() -> None:
    """P6: a view that does not say where the turned card in play lies depends on the sample."""
    game = GAMES[1]
    document: Any = encode(game, game.observe(game.initial_state(seed=6), PlayerId(0)))
    assert document["data"]["wild_card_in_stock"] is True
    document["data"]["wild_card_in_stock"] = False
    assert declines(read_checked_observation, game, json.loads(json.dumps(document["data"])))
    both_ways(lambda source: decode_observation(game, source), document)


def test_a_rebuild_from_no_cards_is_left_to_the_checked_path() -> None:
    """P10: a stock is rebuilt from discards; a rebuild of none is for the checked path."""
    game = GAMES[1]
    document: Any = encode(game, game.observe(game.initial_state(seed=8), PlayerId(0)))
    document["data"]["history"].append({"type": "rebuilt_stock", "cards": []})
    assert declines(read_checked_observation, game, json.loads(json.dumps(document["data"])))
    both_ways(lambda source: decode_observation(game, source), document)


@pytest.mark.parametrize(
    "edits",
    [
        {"last_to_play": 1},
        {"player": 7},
        {"dealer": 9},
        {"current_player": 9},
        {"has_drawn": False, "drawn_from_discard": True},
        {"has_drawn": True, "current_player": None},
        {"hand_sizes": "5"},
        {"hand": ["2c", "2c", "3c", "4c", "5c"]},
    ],
)
def test_an_observation_field_out_of_its_range_is_declined(edits: dict[str, Any]) -> None:
    """P1, P2, P9, P12: each of these is declined, and both paths agree on the verdict."""
    game = GAMES[0]
    document: Any = encode(game, game.observe(game.initial_state(seed=15), PlayerId(0)))
    document["data"].update(edits)
    assert declines(read_checked_observation, game, json.loads(json.dumps(document["data"])))
    both_ways(lambda source: decode_observation(game, source), document)


def test_a_state_whose_drawn_card_is_not_in_the_hand_is_declined() -> None:
    """P9: the drawn card is in the hand of the player who drew it."""
    game = GAMES[0]
    state = game.initial_state(seed=16)
    state = game.apply(state, game.legal_actions(state)[0])
    assert state.drawn is not None
    document: Any = encode(game, state)
    data = document["data"]
    data["drawn_card"] = next(card for card in data["stock"] if card != data["drawn_card"])
    data["drawn_from_discard"] = False
    assert declines(read_checked_state, game, json.loads(json.dumps(data)))
    both_ways(lambda source: decode_state(game, source), document)
