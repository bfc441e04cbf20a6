"""A turn costs the same however long the deal: the history is a shared Chain (P9, P21).

A state stores its history as a log (see :class:`cardgames.sequence.ChainSlot`) and reads it as
the chain; the tests of that storage, through every door attrs opens, are here too.
"""

from __future__ import annotations

import copy
import pickle
import random
import tracemalloc

import attrs
import pytest

import cardgames.paiute as paiute_package
from cardgames.cards import Card, standard_deck
from cardgames.errors import InvalidStateError
from cardgames.game import PlayerId
from cardgames.paiute import (
    Discarded,
    DrawStock,
    DrewFromStock,
    Paiute,
    PaiuteAction,
    PaiuteConfig,
    PaiuteState,
    RebuiltStock,
)
from cardgames.paiute.session import shuffle
from cardgames.sequence import CHUNK, Chain, ChainSlot, log_of_chain

LONG = PaiuteConfig(num_players=4, max_turns=2_000)
"""A table where a random deal runs to well over a thousand actions before anyone calls."""


def long_deal(length: int) -> tuple[PaiuteState, list[PaiuteAction]]:
    """A seeded random deal's first state and its first ``length`` actions (no call before)."""
    game = Paiute(LONG)
    for seed in range(50):
        rng = random.Random(seed)
        start = state = game.initial_state(seed)
        actions: list[PaiuteAction] = []
        while len(actions) < length and state.caller is None and not game.is_terminal(state):
            legal = game.legal_actions(state)
            quiet = [action for action in legal if type(action).__name__ != "Call"]
            action = quiet[rng.randrange(len(quiet))]
            actions.append(action)
            state = game.apply(state, action)
        if len(actions) == length:
            return start, actions
    raise AssertionError("no long enough deal")  # pragma: no cover - the seeds above have one


def bytes_kept(game: Paiute, state: PaiuteState, actions: list[PaiuteAction]) -> float:
    """The memory kept per successive state while applying ``actions`` from ``state``."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        kept = []
        for action in actions:
            state = game.apply(state, action)
            kept.append(state)
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    return (after - before - 8 * len(kept)) / len(kept)


def test_apply_keeps_as_little_memory_late_in_a_deal_as_early() -> None:
    """P9: the states after turn 600 keep no more memory each than the first ones, under 1 KB."""
    game = Paiute(LONG)
    start, actions = long_deal(1_400)
    early_state = start
    for action in actions[:40]:
        early_state = game.apply(early_state, action)
    late_state = start
    for action in actions[:1_200]:
        late_state = game.apply(late_state, action)
    assert len(late_state.history) > 1_000
    early = bytes_kept(game, early_state, actions[40:240])
    late = bytes_kept(game, late_state, actions[1_200:1_400])
    assert early < 1_024
    assert late < 1_024
    # a copied history would keep 8 bytes per event per state: over 8 kB here
    assert late < early + 200


def test_a_successor_shares_the_history_it_extends() -> None:
    """P9: apply extends the chain of events; the earlier state's history is unchanged."""
    game = Paiute(LONG)
    state = game.initial_state(seed=3)
    history = state.history
    player = state.current_player
    assert player is not None
    after = game.apply(state, DrawStock())
    assert type(after.history) is Chain
    assert after.history[: len(history)] == history
    assert after.history[-1] == DrewFromStock(player=player)
    assert state.history == history == ()
    assert len(history) == 0


def test_successors_share_the_full_chunks_of_the_history() -> None:
    """P9: each state stores its history as a log whose full chunks every later state shares."""
    game = Paiute(LONG)
    start, actions = long_deal(3 * CHUNK + 5)
    states = [start]
    for action in actions:
        states.append(game.apply(states[-1], action))
    last = states[-1]
    chunks = log_of_chain(last.history)[0]
    assert chunks is not None
    assert len(chunks) == 3 * CHUNK
    for state in states[3 * CHUNK + 1 :]:
        assert log_of_chain(state.history)[0] is chunks  # shared, not copied
        assert state.history == last.history[: len(state.history)]
    # each read is a new view over the same chunks: equal, not identical
    assert last.history == last.history
    assert last.history is not last.history


def test_history_reads_as_a_tuple_and_the_repr_shows_one() -> None:
    """P9: the history compares equal to the tuple of its events, and repr(state) prints it."""
    game = Paiute(PaiuteConfig(num_players=2))
    state = game.initial_state(seed=4)
    for _ in range(3):
        state = game.apply(state, game.legal_actions(state)[0])
    events = state.history.to_tuple()
    assert state.history == events
    assert f"history={events!r}" in repr(state)
    rebuilt = attrs.evolve(state, history=events)
    assert type(rebuilt.history) is Chain
    assert rebuilt == state
    assert hash(rebuilt) == hash(state)
    observation = game.observe(state, PlayerId(0))
    assert observation.history == state.history
    assert log_of_chain(observation.history)[0] is log_of_chain(state.history)[0]
    assert attrs.evolve(observation, history=events) == observation


def test_a_long_deal_rebuilds_from_the_count_of_rebuilds() -> None:
    """P10: each rebuild of a long deal is shuffled by its own number, counted in the history."""
    game = Paiute(LONG)
    start, actions = long_deal(1_400)
    state = start
    for action in actions:
        state = game.apply(state, action)
    rebuilds = state.history.count_type(RebuiltStock)
    assert rebuilds == sum(type(event) is RebuiltStock for event in state.history) > 3


@pytest.mark.parametrize("seat", [-1, -4, 4, 7, 8, "0"])
def test_determinize_refuses_a_history_naming_no_seat(seat: object) -> None:
    """P1: an observation whose history names a seat that does not exist is inconsistent."""
    game = Paiute(PaiuteConfig(num_players=4))
    state = game.initial_state(seed=5)
    state = game.apply(state, DrawStock())
    state = game.apply(state, game.legal_actions(state)[0])
    observation = game.observe(state, PlayerId(1))
    card = observation.discard_pile[-1]
    for forged in (DrewFromStock(player=seat), Discarded(player=seat, card=card)):  # type: ignore[arg-type]
        bad = attrs.evolve(observation, history=(*observation.history, forged))
        with pytest.raises(InvalidStateError, match=r"name a seat.*\(P1\)"):
            game.determinize(bad, random.Random(0))


def test_determinize_refuses_a_history_of_something_else() -> None:
    """P1: an observation whose history holds a non-event, or is not a sequence, is refused."""
    game = Paiute(PaiuteConfig(num_players=2))
    observation = game.observe(game.initial_state(seed=6), PlayerId(0))
    strange = attrs.evolve(observation, history=("not an event",))  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="not a Paiute event"):
        game.determinize(strange, random.Random(0))
    listed = attrs.evolve(observation, history=[])  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="tuple of events"):
        game.determinize(listed, random.Random(0))


def test_determinize_refuses_an_observation_placing_a_card_twice() -> None:
    """P2: a card both in the observer's hand and on the discard pile is inconsistent."""
    game = Paiute(PaiuteConfig(num_players=3))
    observation = game.observe(game.initial_state(seed=7), PlayerId(0))
    doubled = attrs.evolve(
        observation, discard_pile=(*observation.discard_pile, observation.hand[0])
    )
    with pytest.raises(InvalidStateError, match=r"more than one place \(P2\)"):
        game.determinize(doubled, random.Random(0))


def test_determinize_refuses_rebuilt_cards_out_of_order() -> None:
    """P10: the cards of a stock rebuild are listed in card order."""
    game = Paiute(PaiuteConfig(num_players=2))
    observation = game.observe(game.initial_state(seed=8), PlayerId(0))
    seen = {*observation.hand, *observation.discard_pile, observation.wild_card}
    hidden = sorted(card for card in standard_deck() if card not in seen)
    forged = RebuiltStock(cards=tuple(reversed(hidden)))
    bad = attrs.evolve(observation, history=(forged,))
    with pytest.raises(InvalidStateError, match=r"\(P10\)"):
        game.determinize(bad, random.Random(0))


class _OtherRandom(random.Random):
    """A generator of another class: the shuffle falls back to its own method."""


@pytest.mark.parametrize("kind", [random.Random, _OtherRandom])
def test_the_inlined_shuffle_draws_as_random_shuffle(kind: type[random.Random]) -> None:
    """P5, P10, P20: deals, rebuilds and determinize shuffle exactly as random.shuffle does."""
    for seed in range(20):
        mine, theirs = list(range(52)), list(range(52))
        shuffle(mine, kind(seed))
        kind(seed).shuffle(theirs)
        assert mine == theirs


def test_the_history_reads_the_same_through_every_door() -> None:
    """P9: evolve, pickle, copy, equality, hashing and repr see the history as the chain."""
    game = Paiute(LONG)
    start, actions = long_deal(2 * CHUNK + 3)
    state = start
    for action in actions:
        state = game.apply(state, action)
    events = state.history.to_tuple()
    for twin in (
        pickle.loads(pickle.dumps(state)),  # noqa: S301 - our own bytes
        copy.copy(state),
        copy.deepcopy(state),
        attrs.evolve(state),
        attrs.evolve(state, history=events),
        attrs.evolve(state, history=Chain(events)),
        eval(repr(state), vars(paiute_package) | {"Card": Card}),  # noqa: S307 - our own repr
    ):
        assert type(twin.history) is Chain
        assert twin.history == events
        assert twin == state
        assert hash(twin) == hash(state)
    assert attrs.asdict(state, recurse=False)["history"] == events
    assert isinstance(vars(PaiuteState)["history"], ChainSlot)
    assert attrs.fields(PaiuteState).history.name == "history"


def test_the_history_field_stays_frozen_and_checked() -> None:
    """P9: the history cannot be set on a state, and a value of another kind is refused."""
    game = Paiute(PaiuteConfig(num_players=2))
    state = game.initial_state(seed=9)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.history = Chain(())  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del state.history
    strange: object
    for strange in ([], "events", None):
        with pytest.raises(InvalidStateError, match="tuple of Paiute events"):
            attrs.evolve(state, history=strange)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="Paiute event"):
        attrs.evolve(state, history=("not an event",))  # type: ignore[arg-type]
