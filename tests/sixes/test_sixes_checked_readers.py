"""Sixes' checking fast readers agree with the checked path of the JSON decoders.

``read_checked_state`` and ``read_checked_observation`` read a document's data and prove it
valid in one pass. On every document, valid or mutated, each gives the value that the
checked path (the type-directed decoder, ``from_document`` and the state and config checks,
or ``check_observation``) gives, or declines; and the decoders give the same value or the
same error whether or not they take the fast path.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import registry
from cardgames.cards import Card
from cardgames.errors import DecodeError
from cardgames.game import PlayerId
from cardgames.serialization import decode_observation, decode_state, encode
from cardgames.sixes import Pass, Sixes, SixesConfig, SixesState
from cardgames.sixes.deck import playable_mask
from cardgames.sixes.document import _feasible, read_checked_observation, read_checked_state
from json_mutation import assert_reader_agrees, both_ways, declines, members

GAMES = (
    Sixes(SixesConfig(num_players=2)),
    Sixes(SixesConfig(num_players=4)),
    Sixes(SixesConfig(num_players=5, max_rounds=3)),
    Sixes(SixesConfig(num_players=8)),
    Sixes(SixesConfig(num_players=4, must_play_if_able=False, starting_chips=3)),
)


def _position(game: Sixes, rng: random.Random) -> SixesState:
    """A random position of a random game; players pass when they may, now and then."""
    state = game.initial_state(rng.randrange(2**32))
    for _ in range(rng.randrange(150)):
        if game.is_terminal(state):
            break
        legal = game.legal_actions(state)
        passes = [action for action in legal if isinstance(action, Pass)]
        choice = passes[0] if passes and rng.random() < 0.3 else rng.choice(legal)
        state = game.apply(state, choice)
    return state


@settings(max_examples=300, deadline=None)
@given(
    game=st.sampled_from(GAMES), rng=st.randoms(use_true_random=False), changes=st.integers(0, 2)
)
def test_the_checking_state_reader_agrees_with_the_checked_path(
    game: Sixes, rng: random.Random, changes: int
) -> None:
    """S1-S10, S12: read_checked_state gives the checked decoder's state, or declines."""
    state = _position(game, rng)
    document: dict[str, Any] = json.loads(json.dumps(encode(game, state)))
    fast, count = read_checked_state(game, document["data"])
    assert fast == state
    assert repr(fast) == repr(state)
    assert fast.playable_mask == playable_mask(fast.table_mask)
    assert count == members(document["data"])
    mutated = assert_reader_agrees(
        lambda data: read_checked_state(game, data),
        lambda source: decode_state(game, source),
        document,
        rng,
        changes,
    )
    if isinstance(mutated, SixesState):
        assert mutated.playable_mask == playable_mask(mutated.table_mask)


@settings(max_examples=300, deadline=None)
@given(
    game=st.sampled_from(GAMES), rng=st.randoms(use_true_random=False), changes=st.integers(0, 2)
)
def test_the_checking_observation_reader_agrees_with_the_checked_path(
    game: Sixes, rng: random.Random, changes: int
) -> None:
    """S1-S10: read_checked_observation gives the checked decoder's observation, or declines."""
    state = _position(game, rng)
    seat = PlayerId(rng.randrange(game.num_players))
    view = game.observe(state, seat)
    document: dict[str, Any] = json.loads(json.dumps(encode(game, view)))
    fast, count = read_checked_observation(game, document["data"])
    assert fast == view
    assert count == members(document["data"])
    assert_reader_agrees(
        lambda data: read_checked_observation(game, data),
        lambda source: decode_observation(game, source),
        document,
        rng,
        changes,
    )


def test_a_spectator_view_and_other_shapes_are_declined() -> None:
    """S1: what the writer does not write of a seated view goes to the checked path."""
    game = GAMES[1]
    state = game.initial_state(seed=4)
    spectator: Any = encode(game, game.observe(state, None))["data"]
    assert declines(read_checked_observation, game, spectator)
    data: Any = encode(game, state)["data"]
    shapes: list[object] = [[], None, {**data, "extra": 1}, {**data, "pending_decks": [[]]}]
    for shape in shapes:
        assert declines(read_checked_state, game, shape)
    assert declines(read_checked_state, GAMES[0], data)  # four hands for two seats (S1)


def _after_a_pass(game: Sixes) -> SixesState:
    """A two-seat position right after seat 1 passed (S7), with cards left to play."""
    for seed in range(200):
        state = game.initial_state(seed)
        while not game.is_terminal(state):
            legal = game.legal_actions(state)
            mover = state.to_play
            state = game.apply(state, legal[0])
            passed = len(legal) == 1 and isinstance(legal[0], Pass)
            if passed and mover == 1 and state.to_play == 0 and state.round_number == 1:
                return state
    raise AssertionError("no pass found")  # pragma: no cover - seeds above have one


def test_an_observation_whose_unseen_cards_cannot_be_dealt_is_refused() -> None:
    """S7: a card the passer could have played cannot be hidden in their hand.

    At two seats every unseen card is in the other hand; seat 1 passed while some card of
    seat 0's was playable, so a view of seat 0 that no longer shows that card claims a deal
    that cannot exist. The fast reader declines it and the decoder refuses it.
    """
    game = GAMES[0]
    state = _after_a_pass(game)
    view = game.observe(state, PlayerId(0))
    playable = {str(card) for card in state.playable_cards}
    document: Any = encode(game, view)
    data = document["data"]
    card = next(text for text in data["hand"] if text in playable)
    data["hand"].remove(card)
    data["hand_sizes"] = [data["hand_sizes"][0] - 1, data["hand_sizes"][1] + 1]
    assert declines(read_checked_observation, game, json.loads(json.dumps(data)))
    with pytest.raises(DecodeError, match="passes"):
        decode_observation(game, json.dumps(document))


def test_an_observation_claiming_more_hidden_cards_than_exist_is_refused() -> None:
    """S2: the hand sizes must leave exactly the unseen cards to the other seats."""
    game = GAMES[1]
    view = game.observe(game.initial_state(seed=9), PlayerId(2))
    document: Any = encode(game, view)
    document["data"]["hand_sizes"][0] += 1
    assert declines(read_checked_observation, game, document["data"])
    with pytest.raises(DecodeError, match="hand sizes"):
        decode_observation(game, json.dumps(document))


def test_a_state_with_a_history_out_of_order_is_left_to_the_checked_path() -> None:
    """S5, S6: a history that is no legal round is declined; the checked path decides."""
    game = GAMES[1]
    state = game.initial_state(seed=2)
    for _ in range(6):
        state = game.apply(state, game.legal_actions(state)[0])
    document: Any = encode(game, state)
    history = document["data"]["history"]
    history[0], history[1] = history[1], history[0]
    assert declines(read_checked_state, game, document["data"])
    with pytest.raises(DecodeError, match="6♦"):
        decode_state(game, json.dumps(document))


def test_an_observation_with_an_empty_hand_and_a_player_to_act_is_refused() -> None:
    """S8: a round ends when a hand is empty, so nobody is to act with an empty hand about."""
    game = GAMES[1]
    view = game.observe(game.initial_state(seed=5), PlayerId(0))
    document: Any = encode(game, view)
    document["data"]["hand_sizes"] = [10, 0, 20, 10]
    assert declines(read_checked_observation, game, document["data"])
    with pytest.raises(DecodeError, match="impossible observation"):
        decode_observation(game, json.dumps(document))


def test_a_game_with_plain_readers_only_decodes_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    """S1-S10: without the checking readers, the plain readers and the checks decode alike."""
    game = GAMES[2]
    spec = registry.game_spec("sixes")
    codec = spec.state_codec
    assert codec is not None
    plain = attrs.evolve(
        spec,
        state_codec=attrs.evolve(codec, read_checked=None),
        read_checked_observation=None,
    )
    monkeypatch.setitem(registry._LOADED, "sixes", plain)
    rng = random.Random(4)
    for _ in range(20):
        state = _position(game, rng)
        view = game.observe(state, PlayerId(rng.randrange(game.num_players)))
        assert decode_state(game, json.dumps(encode(game, state))) == state
        assert decode_observation(game, json.dumps(encode(game, view))) == view


def _edited(document: Any, edits: dict[str, Any]) -> Any:
    changed = json.loads(json.dumps(document))
    changed["data"].update(edits)
    return changed


@pytest.mark.parametrize(
    "edits",
    [
        {"to_play": 1},  # the holder of the 6♦ opens (S5)
        {"to_play": None, "pot": 1, "stacks": [9, 10, 10, 10]},  # a finished game is paid (S8)
        {"round_number": 0},
        {"chance_key": -1},
        {"stack_emptied": "no"},
        {"stacks": [0, 10, 10, 10], "pot": 10},  # a stack at 0 means stack_emptied (S10)
    ],
)
def test_a_state_field_out_of_its_range_is_declined(edits: dict[str, Any]) -> None:
    """S3, S5, S8, S10: each of these is declined, and both paths agree on the verdict."""
    game = GAMES[1]
    state = game.initial_state(seed=12)
    document = _edited(encode(game, state), edits)
    if "to_play" in edits and edits["to_play"] is not None:
        holder = next(seat for seat, hand in enumerate(state.hands) if Card.parse("6d") in hand)
        document["data"]["to_play"] = (holder + 1) % 4
    assert declines(read_checked_state, game, document["data"])
    both_ways(lambda source: decode_state(game, source), document)


def test_a_hand_of_the_wrong_size_for_its_plays_is_declined() -> None:
    """S4: each seat's hand and plays make the cards it was dealt."""
    game = GAMES[1]
    document: Any = encode(game, game.initial_state(seed=13))
    hands = document["data"]["hands"]
    hands[1].append(hands[0].pop())
    assert declines(read_checked_state, game, document["data"])
    with pytest.raises(DecodeError, match="S4"):
        decode_state(game, json.dumps(document))


@pytest.mark.parametrize(
    "edits",
    [
        {"to_play": None, "pot": 1, "stacks": [9, 10, 10, 10]},
        {"round_number": 0},
        {"stack_emptied": None},
        {"hand_sizes": [10, -1, 21, 10]},  # no hand holds fewer than no cards (S2)
        {"hand_sizes": [10, True, 9, 10]},
        {"stacks": [10, 10, -1, 10], "settled_stacks": [10, 10, -1, 10]},  # chips (S3)
        {"stacks": [10, 10, 10, 2**256], "settled_stacks": [10, 10, 10, 2**256]},
        {"pot": -1, "stacks": [10, 10, 10, 11]},
    ],
)
def test_an_observation_field_out_of_its_range_is_declined(edits: dict[str, Any]) -> None:
    """S8, S10: each of these is declined, and both paths agree on the verdict."""
    game = GAMES[1]
    document = _edited(encode(game, game.observe(game.initial_state(seed=14), PlayerId(0))), edits)
    assert declines(read_checked_observation, game, document["data"])
    both_ways(lambda source: decode_observation(game, source), document)


def _some_deal_exists(cards: list[int], room: list[int], excluded: tuple[int, ...]) -> bool:
    """Whether ``cards`` go to the seats with ``room``, none to a seat that rules it out."""
    if not cards:
        return True
    card, rest = cards[0], cards[1:]
    for seat, left in enumerate(room):
        if left and not excluded[seat] >> card & 1:
            room[seat] -= 1
            found = _some_deal_exists(rest, room, excluded)
            room[seat] += 1
            if found:
                return True
    return False


@settings(max_examples=300, deadline=None)
@given(
    unseen=st.integers(0, 2**9 - 1),
    seats=st.integers(2, 5),
    data=st.data(),
)
def test_hall_condition_agrees_with_a_search_for_a_deal(
    unseen: int, seats: int, data: st.DataObject
) -> None:
    """S7: the unseen cards can be dealt around the passes exactly when a search finds a deal."""
    me = data.draw(st.integers(0, seats - 1))
    cards = [card for card in range(9) if unseen >> card & 1]
    cuts = sorted(
        data.draw(st.lists(st.integers(0, len(cards)), min_size=seats - 2, max_size=seats - 2))
    )
    bounds = [0, *cuts, len(cards)]
    others = [high - low for low, high in itertools.pairwise(bounds)]
    sizes = (*others[:me], data.draw(st.integers(0, 5)), *others[me:])
    excluded = tuple(data.draw(st.lists(st.integers(0, 2**9 - 1), min_size=seats, max_size=seats)))
    room = [0 if seat == me else size for seat, size in enumerate(sizes)]
    expected = _some_deal_exists(cards, room, excluded)
    assert _feasible(unseen, sizes, me, excluded) is expected


@pytest.mark.parametrize("where", ["turn", "play", "pass"])
def test_a_member_more_in_a_turn_is_refused_by_the_decoder(where: str) -> None:
    """S6: the walk reads a turn's members by name; one more in a turn or a play is left to
    the decoder's count of the text's members (a pass is compared whole and declined), and
    the decoder refuses the document as the checked path does."""
    game = GAMES[1]
    state = _position(game, random.Random(5))
    document: Any = json.loads(json.dumps(encode(game, state)))
    turns = document["data"]["history"]
    kind = "pass" if where == "pass" else "play"
    turn = next(turn for turn in turns if turn["action"]["type"] == kind)
    (turn if where == "turn" else turn["action"])["note"] = 1
    if where == "pass":
        assert declines(read_checked_state, game, document["data"])
    else:
        fast, count = read_checked_state(game, document["data"])
        assert fast == state
        assert count == members(document["data"]) - 1
    with pytest.raises(DecodeError, match="note"):
        decode_state(game, json.dumps(document))
    both_ways(lambda source: decode_state(game, source), document)
