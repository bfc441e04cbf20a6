"""The public surface of cardgames.sixes: config, ids, masks, observations, display, errors."""

from __future__ import annotations

import random
import re

import attrs
import pytest

from cardgames.cards import Card, Rank, Suit
from cardgames.errors import IllegalActionError, InvalidConfigError, InvalidStateError
from cardgames.game import Game, PlayerId, legal_action_mask, playout
from cardgames.sixes import (
    NUM_DISTINCT_ACTIONS,
    PASS,
    PLAYS,
    SIXES_DECK,
    SIXES_ORDER,
    BrokePass,
    Direction,
    GameEnd,
    Pass,
    Play,
    Sixes,
    SixesConfig,
    SixesObservation,
    SixesState,
    SixesTurn,
    action_from_id,
    action_id,
    card_at,
    card_index,
    deck_for_hands,
)
from cardgames.sixes import game as sixes_game
from cardgames.sixes.deck import is_valid_table

GAME = Sixes(SixesConfig(num_players=4))


def test_the_game_implements_the_protocol() -> None:
    """S1: Sixes is a Game named "sixes" with 41 action ids."""
    assert isinstance(GAME, Game)
    assert GAME.name == "sixes"
    assert GAME.num_players == 4
    assert GAME.num_distinct_actions == NUM_DISTINCT_ACTIONS == 41
    assert Sixes().config == SixesConfig()
    assert Sixes(SixesConfig(num_players=8)).config.num_players == 8


def test_every_default_of_the_rules_is_a_named_option() -> None:
    """S1, S3, S7, S8, S10, S11, S12: the defaults of the rules file."""
    config = SixesConfig()
    assert config.num_players == 5
    assert config.starting_chips == 10
    assert config.must_play_if_able is True
    assert config.broke_pass is BrokePass.FREE
    assert config.pay_per_card_left == 0
    assert config.game_end is GameEnd.FINISH_ROUND
    assert config.direction is Direction.CLOCKWISE
    assert config.max_rounds is None
    assert config.cards_each == 8
    value = "end_game"  # options also accept their string values
    assert SixesConfig(broke_pass=value).broke_pass is BrokePass.END_GAME


def test_configs_are_frozen_values() -> None:
    """S1: a config is immutable and compares by value."""
    config = SixesConfig(num_players=4)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        config.num_players = 5  # type: ignore[misc]
    assert config == SixesConfig(num_players=4)
    assert hash(config) == hash(SixesConfig(num_players=4))


@pytest.mark.parametrize(
    ("options", "rule"),
    [
        ({"must_play_if_able": "yes"}, "S7"),
        ({"broke_pass": "borrow"}, "S7"),
        ({"pay_per_card_left": -1}, "S8"),
        ({"pay_per_card_left": 0.5}, "S8"),
        ({"game_end": "never"}, "S10"),
        ({"direction": 1}, "S11"),
    ],
)
def test_bad_options_are_rejected_naming_the_rule(options: dict[str, object], rule: str) -> None:
    """S7, S8, S10, S11: a bad option value is an InvalidConfigError naming its rule."""
    with pytest.raises(InvalidConfigError, match=rf"\({rule}\)"):
        SixesConfig(**options)  # type: ignore[arg-type]


def test_the_game_needs_a_config() -> None:
    """S1: Sixes takes a SixesConfig."""
    with pytest.raises(InvalidConfigError):
        Sixes("four")  # type: ignore[arg-type]


def test_action_ids_are_stable_and_round_trip() -> None:
    """S2: one id per card of the 40-card deck (suit-major, A low), then 40 for the pass."""
    for index, card in enumerate(SIXES_DECK):
        assert card_index(card) == index
        assert card_at(index) == card
        assert action_id(Play(card)) == GAME.action_id(Play(card)) == index
        assert GAME.action_from_id(index) is PLAYS[index]
    assert GAME.action_id(Pass()) == 40
    assert GAME.action_from_id(40) is PASS
    assert card_index(Card(Rank.SIX, Suit.DIAMONDS)) == 15
    assert SIXES_DECK[:10] == tuple(Card(rank, Suit.CLUBS) for rank in SIXES_ORDER.ranks)


@pytest.mark.parametrize("bad", [-1, 41, 10**9, True])
def test_out_of_range_action_ids_are_rejected(bad: int) -> None:
    """S2: ids outside 0..40 raise ValueError naming the id."""
    with pytest.raises(ValueError, match=str(bad)):
        action_from_id(bad)


def test_card_indices_outside_the_deck() -> None:
    """S2: card_at and action_id refuse what is not one of the 40 cards."""
    with pytest.raises(IndexError):
        card_at(40)
    with pytest.raises(IllegalActionError, match=r"\(S2\)"):
        action_id(Play(Card.parse("9h")))


def test_actions_print_as_python() -> None:
    """S6, S7: repr of an action is valid Python that rebuilds it."""
    namespace = {"Play": Play, "Pass": Pass, "Card": Card}
    for action in (*PLAYS, PASS):
        assert eval(repr(action), namespace) == action  # noqa: S307 - the point of the test
    assert repr(Play(Card.parse("7s"))) == "Play(card=Card.parse('7s'))"


def test_legal_actions_reuse_shared_action_objects() -> None:
    """S5: legal actions are the interned PLAYS and PASS, in id order."""
    state = GAME.initial_state(seed=3)
    (opening,) = GAME.legal_actions(state)
    assert opening is PLAYS[15]
    state = GAME.apply(state, opening)
    actions = GAME.legal_actions(state)
    ids = [GAME.action_id(action) for action in actions]
    assert ids == sorted(ids)
    assert all(action is GAME.action_from_id(i) for action, i in zip(actions, ids, strict=True))


def test_the_mask_matches_the_generic_one_even_when_over() -> None:
    """S10: the fast mask equals cardgames.game.legal_action_mask, all False once over."""
    game = Sixes(SixesConfig(num_players=2, max_rounds=1))
    state = game.initial_state(seed=4)
    rng = random.Random(4)
    while not game.is_terminal(state):
        assert game.legal_action_mask(state) == legal_action_mask(game, state)
        actions = game.legal_actions(state)
        state = game.apply(state, actions[rng.randrange(len(actions))])
    assert game.legal_action_mask(state) == (False,) * 41
    assert game.legal_actions(state) == ()


@pytest.mark.parametrize("junk", [None, "pass", 3, Card.parse("6d"), Pass])
def test_non_actions_are_illegal(junk: object) -> None:
    """S6: anything but Play or Pass is rejected with IllegalActionError."""
    state = GAME.initial_state(seed=5)
    with pytest.raises(
        IllegalActionError, match=re.escape("a Sixes action is Play (S6) or Pass (S7)")
    ):
        GAME.apply(state, junk)  # type: ignore[arg-type]
    assert GAME.why_illegal(state, junk) == "a Sixes action is Play (S6) or Pass (S7)"


def test_nothing_is_legal_once_the_game_is_over() -> None:
    """S12: after a game bounded by max_rounds every action is rejected, naming S12."""
    game = Sixes(SixesConfig(num_players=2, max_rounds=1))
    state = game.initial_state(seed=6)
    while not game.is_terminal(state):
        state = game.apply(state, game.legal_actions(state)[-1])
    assert not state.stack_emptied
    with pytest.raises(
        IllegalActionError, match=r"Pass\(\) is not legal: the game is over \(S12\)"
    ):
        game.apply(state, PASS)
    assert game.why_illegal(state, PASS) == "the game is over (S12)"


def test_nothing_is_legal_once_a_stack_has_emptied() -> None:
    """S10: after a game ended by an empty stack every action is rejected, naming S10."""
    game = Sixes(SixesConfig(num_players=2, starting_chips=1, game_end="immediate"))
    state = game.initial_state(seed=6)
    while not game.is_terminal(state):
        state = game.apply(state, game.legal_actions(state)[-1])
    assert state.stack_emptied
    with pytest.raises(IllegalActionError, match=r"the game is over \(S10\)"):
        game.apply(state, PLAYS[0])
    assert game.why_illegal(state, PASS) == "the game is over (S10)"


def test_why_illegal_is_none_exactly_for_legal_actions() -> None:
    """S5, S6, S7: why_illegal agrees with legal_actions and gives the apply message."""
    state = GAME.apply(GAME.initial_state(seed=7), PLAYS[15])
    legal = set(GAME.legal_actions(state))
    for i in range(41):
        action = action_from_id(i)
        reason = GAME.why_illegal(state, action)
        assert (reason is None) == (action in legal)
        if reason is not None:
            with pytest.raises(IllegalActionError) as raised:
                GAME.apply(state, action)
            assert (
                str(raised.value) == f"{action!r} is not legal for player {state.to_play}: {reason}"
            )


def test_an_observation_holds_only_public_facts_and_the_own_hand() -> None:
    """S4: an observation shows the own hand, the table and sizes, never other hands or seeds."""
    state = GAME.initial_state(seed=8)
    state = GAME.apply(state, PLAYS[15])
    player = state.to_play
    assert player is not None
    observation = GAME.observe(state, player)
    assert isinstance(observation, SixesObservation)
    assert {field.name for field in attrs.fields(SixesObservation)} == {
        "player",
        "hand",
        "columns",
        "hand_sizes",
        "stacks",
        "pot",
        "settled_stacks",
        "dealer",
        "to_play",
        "round_number",
        "history",
        "stack_emptied",
    }
    assert observation.hand == state.hands[player]
    assert observation.columns == state.columns
    assert observation.table == state.table
    assert observation.hand_sizes == (10, 9, 10, 10) or 9 in observation.hand_sizes
    assert observation.history == (SixesTurn(state.history[0].player, PLAYS[15]),)
    assert observation.is_my_turn
    assert not GAME.observe(state, PlayerId((player + 1) % 4)).is_my_turn
    text = str(observation)
    for seat in range(4):
        if seat != player:
            for card in state.hands[seat]:
                assert card.unicode not in text


@pytest.mark.parametrize("seat", [-1, 4, "0"])
def test_observing_a_missing_seat_is_an_error(seat: object) -> None:
    """S1: only seats of the table can observe."""
    with pytest.raises(ValueError, match="not a seat"):
        GAME.observe(GAME.initial_state(seed=9), seat)  # type: ignore[arg-type]


def test_observing_a_seat_the_state_lacks_is_an_invalid_state() -> None:
    """S1: a seat of the game but not of a smaller game's state is the library's error.

    Found by the any-value property test: a 2-seat state observed by a 5-player game's seat 4
    raised a bare IndexError.
    """
    small = Sixes(SixesConfig(num_players=2)).initial_state(seed=9)
    large = Sixes(SixesConfig(num_players=5))
    with pytest.raises(InvalidStateError, match="the state has 2 seats, so no seat 4"):
        large.observe(small, PlayerId(4))
    with pytest.raises(InvalidStateError, match="no seat 4"):
        large.observe(small, Rank.FOUR)  # type: ignore[arg-type]


def test_determinize_keeps_the_own_hand_and_redeals_the_rest() -> None:
    """S4: a determinized state keeps the observer's hand, the table and all hand sizes."""
    state = GAME.initial_state(seed=10)
    observation = GAME.observe(state, PlayerId(0))
    samples = {GAME.determinize(observation, random.Random(i)) for i in range(5)}
    assert len({sample.hands for sample in samples}) > 1
    for sample in samples:
        assert sample.hands[0] == state.hands[0]
        assert GAME.observe(sample, PlayerId(0)) == observation
    with pytest.raises(ValueError, match="seats"):
        Sixes(SixesConfig(num_players=2)).determinize(observation, random.Random(0))
    broken = attrs.evolve(observation, hand_sizes=(10, 10, 10, 9))
    with pytest.raises(ValueError, match="hand sizes"):
        GAME.determinize(broken, random.Random(0))


def test_determinize_before_the_opening_gives_the_six_of_diamonds_to_the_opener() -> None:
    """S5: before the opening everyone knows the player to act holds the 6♦; samples agree."""
    state = GAME.initial_state(seed=0, deck=SIXES_DECK, dealer=3)
    opener = state.to_play
    assert opener is not None
    for seat in range(4):
        observation = GAME.observe(state, PlayerId(seat))
        for i in range(20):
            sample = GAME.determinize(observation, random.Random(i))
            assert sample.to_play == opener
            assert Card.parse("6d") in sample.hands[opener]
            assert GAME.legal_actions(sample) == (PLAYS[15],)
    holder_view = GAME.observe(state, opener)
    wrong = attrs.evolve(holder_view, to_play=PlayerId((opener + 1) % 4))
    with pytest.raises(ValueError, match=r"6♦ \(S5\)"):
        GAME.determinize(wrong, random.Random(0))


def test_a_state_draws_the_columns_and_hands() -> None:
    """S6: str(state) shows each column with suit symbols and each hand."""
    state = GAME.initial_state(seed=0, deck=SIXES_DECK, dealer=3)
    state = GAME.apply(state, PLAYS[15])
    text = str(state)
    assert "♦ | 6♦" in text
    assert "♣ | ." in text
    for hand in state.hands:
        for card in hand:
            assert card.unicode in text
    assert text.splitlines()[0] == "Sixes round 1, dealer 3, player 0 to play, pot 0"


def test_states_built_by_hand_are_validated() -> None:
    """S2, S6, S10: a hand-built state with misplaced cards or chips is rejected."""
    good = GAME.initial_state(seed=11)
    fields = attrs.asdict(good, recurse=False)
    fields.pop("playable_mask")
    assert SixesState(**fields) == good
    masks = list(good.hand_masks)
    masks[0] |= masks[1] & -masks[1]
    bad_cases: list[dict[str, object]] = [
        {"hand_masks": tuple(masks)},
        {"hand_masks": good.hand_masks[:3]},
        {"stacks": (10, 10, 10, 9)},
        {"pot": -1},
        {"to_play": PlayerId(7)},
        {"round_number": 0},
        {"history": (SixesTurn(PlayerId(0), PASS),)},
        {"pending_decks": (SIXES_DECK[:39],)},
    ]
    for change in bad_cases:
        with pytest.raises(InvalidStateError, match="invalid Sixes state"):
            SixesState(**{**fields, **change})


def _unreachable_changes(good: SixesState) -> list[dict[str, object]]:
    """Field changes that each make ``good`` (a state after the 6♦) unreachable by play."""
    holder = next(seat for seat, hand in enumerate(good.hands) if Card.parse("7d") in hand)
    other = PlayerId((holder + 1) % 4)
    return [
        # S5: before the 6♦ is played, only its holder can be to play.
        {"hand_masks": good.hand_masks, "table_mask": 0, "history": (), "to_play": other},
        # S6: the history plays cards that are on the table, each once.
        {"history": (*good.history, SixesTurn(PlayerId(holder), PLAYS[16]))},
        {"history": (*good.history, *good.history)},
        # S1: every turn of the history is by a seat of the table.
        {"history": (*good.history, SixesTurn(PlayerId(6), PASS))},
        # S8, S10: once the game is over the pot has been paid out.
        {"to_play": None, "pot": 1, "stacks": (9, 10, 10, 10)},
        # S10: a stack at 0 is recorded as stack_emptied.
        {"stacks": (0, 10, 10, 10), "pot": 10},
    ]


def test_states_no_play_can_reach_are_rejected() -> None:
    """S1, S5, S6, S8, S10: a hand-built state that no sequence of plays reaches is rejected."""
    start = GAME.initial_state(seed=11)
    good = GAME.apply(start, PLAYS[15])
    fields = attrs.asdict(good, recurse=False)
    fields.pop("playable_mask")
    assert SixesState(**fields) == good
    for change in _unreachable_changes(good):
        with pytest.raises(InvalidStateError, match="invalid Sixes state"):
            SixesState(**{**fields, **change})


def test_a_state_with_an_empty_hand_is_over() -> None:
    """S8: a round ends the moment a hand is empty, so such a state has nobody to play."""
    game = Sixes(SixesConfig(num_players=4, max_rounds=1))
    final, _ = playout(game, random.Random(3), seed=3)
    assert 0 in final.hand_sizes
    fields = attrs.asdict(final, recurse=False)
    fields.pop("playable_mask")
    assert SixesState(**fields) == final
    with pytest.raises(InvalidStateError, match=r"invalid Sixes state: .*\(S8\)"):
        SixesState(**{**fields, "to_play": PlayerId(0)})


def test_deck_for_hands_inverts_the_deal() -> None:
    """S4, S11: deck_for_hands gives the deck that deals the chosen hands, either direction."""
    hands = [SIXES_DECK[i * 10 : i * 10 + 10] for i in range(4)]
    for direction in Direction:
        game = Sixes(SixesConfig(num_players=4, direction=direction))
        deck = deck_for_hands(hands, dealer=1, direction=direction)
        state = game.initial_state(deck=deck, dealer=1)
        assert state.hands == tuple(frozenset(hand) for hand in hands)
    with pytest.raises(ValueError, match="equal size"):
        deck_for_hands([SIXES_DECK[:3], SIXES_DECK[3:5]], dealer=0)
    with pytest.raises(ValueError, match="sideways"):
        deck_for_hands(hands, dealer=0, direction="sideways")


def test_unseeded_games_differ_and_seeded_ones_repeat() -> None:
    """S4: seed=None draws from the OS; an int seed repeats the deal."""
    assert len({GAME.initial_state() for _ in range(5)}) > 1
    assert GAME.initial_state(seed=12) == GAME.initial_state(seed=random.Random(12))


def test_tables_must_be_runs_through_the_six_with_the_diamond_first() -> None:
    """S5, S6: only reachable tables are valid: runs through each 6, the 6♦ down first."""
    six = {suit: 1 << (10 * suit + 5) for suit in Suit}
    assert is_valid_table(0)
    assert is_valid_table(six[Suit.DIAMONDS] | six[Suit.CLUBS] | six[Suit.CLUBS] >> 1)
    assert not is_valid_table(six[Suit.CLUBS])  # no 6♦ yet (S5)
    assert not is_valid_table(six[Suit.DIAMONDS] | six[Suit.DIAMONDS] >> 2)  # a gap (S6)
    assert not is_valid_table(six[Suit.DIAMONDS] | six[Suit.CLUBS] >> 1)  # no 6♣ (S6)
    assert not is_valid_table(-1)
    assert not is_valid_table(1 << 40)


def test_a_deck_that_is_not_a_sequence_is_rejected() -> None:
    """S2: a deck that cannot be read as cards is an InvalidConfigError."""
    with pytest.raises(InvalidConfigError, match=r"\(S2\)"):
        GAME.initial_state(seed=0, deck=5)  # type: ignore[arg-type]


def test_state_properties() -> None:
    """S1, S6: a state reports its seats, whether it is over, and what could be played next."""
    state = GAME.initial_state(seed=13)
    assert state.num_players == 4
    assert not state.is_terminal
    assert state.playable_cards == frozenset({Card.parse("6d")})
    after = GAME.apply(state, PLAYS[15])
    assert after.playable_cards == frozenset(
        Card.parse(text) for text in ("6c", "5d", "7d", "6h", "6s")
    )


def test_the_action_caches_stay_correct_when_they_overflow(monkeypatch: pytest.MonkeyPatch) -> None:
    """S6, S7: legal actions and masks are right even when their caches are flushed."""
    monkeypatch.setattr(sixes_game, "_CACHE_LIMIT", 2)
    game = Sixes(SixesConfig(num_players=2, max_rounds=2, must_play_if_able=False))
    state = game.initial_state(seed=14)
    rng = random.Random(14)
    while not game.is_terminal(state):
        assert game.legal_action_mask(state) == legal_action_mask(game, state)
        actions = game.legal_actions(state)
        assert all(game.why_illegal(state, action) is None for action in actions)
        state = game.apply(state, actions[rng.randrange(len(actions))])
    assert len(game._actions) <= 2
    assert len(game._masks) <= 2
