"""The direct check of a decoded Sixes observation agrees with dealing a sample and observing it.

:func:`cardgames.sixes.document.check_observation` is what ``decode_observation`` runs; the
reference is the definition it replaces: an observation is possible when ``determinize`` gives
a state that the same player observes identically. Both must accept the same observations and
refuse the same ones, valid views and views mutated the way a careless or hostile writer would.
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.cards import Card, parse_cards, standard_deck
from cardgames.errors import DecodeError, InvalidStateError
from cardgames.game import PlayerId
from cardgames.serialization import decode_observation, encode
from cardgames.serialization.codec import decode_value
from cardgames.sixes import PASS, Pass, Play, Sixes, SixesConfig, SixesObservation, SixesTurn
from cardgames.sixes.deck import deck_for_hands
from cardgames.sixes.document import check_observation, read_observation
from cardgames.sixes.state import SixesState

GAMES = (
    Sixes(SixesConfig(num_players=2)),
    Sixes(SixesConfig(num_players=4)),
    Sixes(SixesConfig(num_players=5)),
    Sixes(SixesConfig(num_players=8)),
    Sixes(SixesConfig(num_players=4, must_play_if_able=False)),
)
CARDS = tuple(standard_deck())


def _reference(game: Sixes, observation: SixesObservation) -> bool:
    """The verdict of the decoder before the direct check: determinize, observe, compare."""
    try:
        sample = Sixes(game.config).determinize(observation, random.Random(0))
        return game.observe(sample, observation.player) == observation
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        return False


def _direct(game: Sixes, observation: SixesObservation) -> bool:
    try:
        check_observation(game, observation)
    except InvalidStateError:
        return False
    return True


def _position(game: Sixes, rng: random.Random) -> SixesState:
    """A random position of a random game; players pass when they may, now and then."""
    state = game.initial_state(rng.randrange(2**32))
    for _ in range(rng.randrange(120)):
        if game.is_terminal(state):
            break
        legal = game.legal_actions(state)
        passes = [action for action in legal if isinstance(action, Pass)]
        choice = passes[0] if passes and rng.random() < 0.3 else rng.choice(legal)
        state = game.apply(state, choice)
    return state


def _bump(values: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
    items = list(values)
    seat = rng.randrange(len(items))
    if rng.random() < 0.5 and len(items) > 1:  # move one from a seat to another
        other = rng.randrange(len(items))
        items[other] += 1
    items[seat] -= rng.choice((1, -1, 2))
    return tuple(items)


def _mutate(view: SixesObservation, rng: random.Random) -> SixesObservation:  # noqa: C901, PLR0911, PLR0912 - one case per mutation
    """``view`` changed in one random way."""
    kind = rng.randrange(11)
    hand = sorted(view.hand)
    columns = [list(column) for column in view.columns]
    history = list(view.history)
    card = rng.choice(CARDS)
    seat = PlayerId(rng.randrange(len(view.hand_sizes) + 1))
    if kind == 0:  # a card into or out of the hand
        changed = frozenset(hand[1:]) if hand and rng.random() < 0.5 else view.hand | {card}
        return attrs.evolve(view, hand=changed)
    if kind == 1:  # a card into or out of a column
        column = columns[rng.randrange(4)]
        if column and rng.random() < 0.5:
            column.pop(rng.randrange(len(column)))
        else:
            column.insert(rng.randrange(len(column) + 1), card)
        return attrs.evolve(view, columns=tuple(map(tuple, columns)))
    if kind == 2:  # two columns swapped
        columns[0], columns[rng.randrange(1, 4)] = columns[rng.randrange(1, 4)], columns[0]
        return attrs.evolve(view, columns=tuple(map(tuple, columns)))
    if kind == 3:
        return attrs.evolve(view, hand_sizes=_bump(view.hand_sizes, rng))
    if kind == 4:
        if rng.random() < 0.5:
            return attrs.evolve(view, stacks=_bump(view.stacks, rng))
        return attrs.evolve(view, settled_stacks=_bump(view.settled_stacks, rng))
    if kind == 5:
        return attrs.evolve(view, pot=view.pot + rng.choice((1, -1)))
    if kind == 6:  # a pass inserted into the history (S7)
        history.insert(rng.randrange(len(history) + 1), SixesTurn(seat, PASS))
        return attrs.evolve(view, history=tuple(history))
    if kind == 7 and history:  # a turn dropped, or two turns swapped
        i, j = rng.randrange(len(history)), rng.randrange(len(history))
        if rng.random() < 0.5:
            del history[i]
        else:
            history[i], history[j] = history[j], history[i]
        return attrs.evolve(view, history=tuple(history))
    if kind == 8:  # a play inserted into the history
        history.insert(rng.randrange(len(history) + 1), SixesTurn(seat, Play(card)))
        return attrs.evolve(view, history=tuple(history))
    if kind == 9:
        value = None if rng.random() < 0.2 else seat
        field = rng.randrange(3)
        if field == 0:
            return attrs.evolve(view, to_play=value)
        if field == 1:
            return attrs.evolve(view, dealer=seat)
        return attrs.evolve(view, player=value)
    if kind == 10:
        return attrs.evolve(view, stack_emptied=not view.stack_emptied)
    return attrs.evolve(view, round_number=view.round_number - 1)


@settings(max_examples=300, deadline=None)
@given(
    game=st.sampled_from(GAMES),
    rng=st.randoms(use_true_random=False),
    changes=st.integers(0, 3),
)
def test_the_direct_check_agrees_with_determinize_and_observe(
    game: Sixes, rng: random.Random, changes: int
) -> None:
    """S2, S4-S8, S10: the direct check and determinize-then-observe give the same verdict."""
    state = _position(game, rng)
    view = game.observe(state, PlayerId(rng.randrange(game.num_players)))
    assert _direct(game, view)
    assert _reference(game, view)
    for _ in range(changes):
        view = _mutate(view, rng)
    assert _direct(game, view) == _reference(game, view)


def test_passes_that_leave_no_deal_are_refused() -> None:
    """S7: when only seat 3 may hold the cards seats 1 and 2 passed on, it needs the room."""
    game = GAMES[1]
    hands = (
        parse_cards("6d As 2s 3s 4s 5s 7s Js Qs Ks"),
        parse_cards("Ac 2c 3c 4c 5c 7c Jc Qc Kc Ad"),
        parse_cards("Ah 2h 3h 4h 5h 7h Jh Qh Kh 2d"),
        parse_cards("6c 6h 6s 5d 7d 3d 4d Jd Qd Kd"),
    )
    state = game.initial_state(seed=0, deck=deck_for_hands(hands, dealer=3), dealer=3)
    for action in (Play(Card.parse("6d")), PASS, PASS):
        state = game.apply(state, action)
    view = game.observe(state, PlayerId(0))
    assert _direct(game, view)
    for moved in range(1, 8):  # seat 3 must hold the five cards 5d 7d 6c 6h 6s
        sizes = (9, 10 + moved, 10, 10 - moved)
        changed = attrs.evolve(view, hand_sizes=sizes)
        assert _direct(game, changed) == _reference(game, changed) == (moved <= 5)
    with pytest.raises(InvalidStateError, match="agrees with the passes"):
        check_observation(game, attrs.evolve(view, hand_sizes=(9, 16, 10, 4)))


def test_a_spectators_view_and_a_view_from_no_seat_are_refused() -> None:
    """S1: a decoded observation is a seated player's view of a seat of this table."""
    game = GAMES[1]
    state = game.initial_state(1)
    document = encode(game, game.observe(state, None))
    with pytest.raises(DecodeError, match="impossible observation: a spectator"):
        decode_observation(game, document)
    view = game.observe(state, PlayerId(1))
    for player in (-1, 4, True):
        with pytest.raises(InvalidStateError, match="not a seat"):
            check_observation(game, attrs.evolve(view, player=player))  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="2 seats, not 4"):
        check_observation(GAMES[1], GAMES[0].observe(GAMES[0].initial_state(1), PlayerId(0)))
    with pytest.raises(InvalidStateError, match="not a SixesObservation"):
        check_observation(game, state)  # type: ignore[arg-type]


def test_cards_outside_the_deck_or_in_two_places_are_refused() -> None:
    """S2, S6: an eight in the hand, or a card both in the hand and on the table, is refused."""
    game = GAMES[1]
    state = game.apply(game.initial_state(1), Play(Card.parse("6d")))
    view = game.observe(state, PlayerId(0))
    with pytest.raises(InvalidStateError, match="not a Sixes card"):
        check_observation(game, attrs.evolve(view, hand=view.hand | {Card.parse("8h")}))
    with pytest.raises(InvalidStateError, match="none of the hand"):
        check_observation(game, attrs.evolve(view, hand=view.hand | {Card.parse("6d")}))


def _decoded(data: Any) -> SixesObservation | None:
    """The observation the type-directed decoder gives of ``data`` (no fast reader), or None."""
    try:
        observation: SixesObservation = decode_value(data, SixesObservation, "data")
    except DecodeError:
        return None
    return observation


@settings(max_examples=200, deadline=None)
@given(
    game=st.sampled_from(GAMES),
    rng=st.randoms(use_true_random=False),
    changes=st.integers(0, 2),
)
def test_the_fast_reader_agrees_with_the_type_directed_decoder(
    game: Sixes, rng: random.Random, changes: int
) -> None:
    """S2, S6: read_observation gives the decoder's observation, or declines."""
    view = game.observe(_position(game, rng), PlayerId(rng.randrange(game.num_players)))
    text = json.dumps(encode(game, view)["data"])
    data: Any = json.loads(text)
    assert read_observation(data) == (view, text.count(":"))
    for _ in range(changes):
        base = _decoded(data) or view
        try:
            changed = _mutate(base, rng)
        except (IndexError, ValueError):  # a list too short for this mutation
            changed = base
        data = json.loads(json.dumps(encode(game, changed)["data"]))
        key = rng.choice(sorted(data))
        data[key] = rng.choice([data[key], None, True, 1.0, "Ah", [], [["Ah"]], -1, 2**300])
    try:
        fast, _ = read_observation(data)
    except Exception:  # noqa: BLE001 - declined: the decoder decides
        return
    assert fast == _decoded(data)


def test_the_fast_reader_declines_a_document_of_another_shape() -> None:
    """S2: data that is not the writer's object of twelve members is left to the decoder."""
    shapes: list[object] = [[], {"player": 0}, None]
    for data in shapes:
        with pytest.raises(Exception):  # noqa: B017, PT011 - any exception declines
            read_observation(data)
    game = GAMES[1]
    view: Any = encode(game, game.observe(game.initial_state(1), PlayerId(0)))["data"]
    read_observation(view)
    for field, value in (("hand", [*view["hand"], view["hand"][0]]), ("columns", [[]] * 3)):
        with pytest.raises(Exception):  # noqa: B017, PT011 - any exception declines
            read_observation({**view, field: value})


def test_an_opener_without_the_six_of_diamonds_and_a_passer_holding_a_play_are_refused() -> None:
    """S5, S7: the seat to open holds the 6♦; a passer held nothing playable at the pass."""
    game = GAMES[1]
    state = game.initial_state(seed=0)
    opener = state.to_play
    assert opener is not None
    other = PlayerId((opener + 1) % 4)
    view = game.observe(state, other)
    six = Card.parse("6d")
    spare = min(view.hand)
    stolen = attrs.evolve(view, hand=(view.hand - {spare}) | {six})
    with pytest.raises(InvalidStateError, match=r"must hold the 6♦ \(S5\)"):
        check_observation(game, stolen)
    hands = (
        parse_cards("6d As 2s 3s 4s 5s 7s Js Qs Ks"),
        parse_cards("Ac 2c 3c 4c 5c 7c Jc Qc Kc Ad"),
        parse_cards("Ah 2h 3h 4h 5h 7h Jh Qh Kh 2d"),
        parse_cards("6c 6h 6s 5d 7d 3d 4d Jd Qd Kd"),
    )
    state = game.initial_state(seed=0, deck=deck_for_hands(hands, dealer=3), dealer=3)
    for action in (Play(six), PASS):
        state = game.apply(state, action)
    passer = game.observe(state, PlayerId(1))
    holding = attrs.evolve(passer, hand=(passer.hand - {Card.parse("Ac")}) | {Card.parse("5d")})
    with pytest.raises(InvalidStateError, match=r"passed while holding .* \(S7\)"):
        check_observation(game, holding)
    assert _direct(game, holding) == _reference(game, holding)
