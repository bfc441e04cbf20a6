"""The public surface of cardgames.paiute: config, ids, masks, observations, display, errors."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import cardgames.paiute as paiute_package
from cardgames.cards import Card, parse_cards
from cardgames.errors import IllegalActionError, InvalidConfigError, InvalidStateError
from cardgames.game import Game, PlayerId, legal_action_mask
from cardgames.paiute import (
    NUM_DISTINCT_ACTIONS,
    Call,
    Discard,
    DrawDiscard,
    DrawStock,
    DrewFromDiscard,
    DrewFromStock,
    Paiute,
    PaiuteConfig,
    PaiuteObservation,
    PaiuteState,
    RebuiltStock,
    ShowSix,
    Table,
    action_from_id,
    action_id,
    check_state,
    deck_for_deal,
    known_cards,
)
from cardgames.paiute.state import DRAWN, unchecked_state

STOCK = DrawStock()
PILE = DrawDiscard()
HANDS = ("2c 4d 6h 8s 7c", "2d 4h 6s 8c 7d", "2h 4s 6c 8d 7h")


def start(game: Paiute, *, stock: str = "", first: str = "3h", dealer: int = 2) -> PaiuteState:
    deck = deck_for_deal(
        dealer=dealer,
        hands=HANDS[: game.num_players],
        wild_card="9s",
        first_discard=first,
        stock=stock,
    )
    return game.initial_state(0, deck=deck, dealer=PlayerId(dealer))


def test_defaults_name_and_protocol() -> None:
    """P1: Paiute() plays the default config, four players, and is a Game."""
    game = Paiute()
    assert isinstance(game, Game)
    assert game.name == "paiute"
    assert game.config == PaiuteConfig()
    assert game.num_players == 4
    assert game.num_distinct_actions == NUM_DISTINCT_ACTIONS == 108
    assert game == Paiute(PaiuteConfig())
    assert hash(game) == hash(Paiute())
    assert repr(game).startswith("Paiute(PaiuteConfig(")
    with pytest.raises(InvalidConfigError):
        Paiute({"num_players": 3})  # type: ignore[arg-type]


def test_package_exports_everything_it_lists() -> None:
    """P15: the package re-exports its own names and the hands API."""
    for name in paiute_package.__all__:
        assert hasattr(paiute_package, name)
    assert {"evaluate", "call_options", "best_call", "HandValue", "Category"} <= set(
        paiute_package.__all__
    )


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("num_players", 1),
        ("num_players", "4"),
        ("ante", -1),
        ("ante", 1.5),
        ("starting_chips", -3),
        ("deals", 0),
        ("wild_indicator_in_play", 1),
        ("reshuffle_keep_top_discard", None),
        ("final_turns", "knock"),
        ("ace_low_straight", "yes"),
        ("tiebreak", "suits"),
        ("max_turns", 0),
        ("max_turns", True),
    ],
)
def test_bad_configs_are_rejected(option: str, value: Any) -> None:
    """P1-P21: every option is validated at construction and the error names it."""
    with pytest.raises(InvalidConfigError, match=option):
        PaiuteConfig(**{option: value})


def test_config_is_frozen() -> None:
    """P3: a config cannot change after construction."""
    config = PaiuteConfig(ante=2)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        config.ante = 3  # type: ignore[misc]


def test_action_ids_round_trip_and_reprs_are_python() -> None:
    """P9, P11, P13: ids are stable, 108 of them, and every repr evaluates to the action."""
    namespace = {
        "Card": Card,
        "Call": Call,
        "Discard": Discard,
        "DrawDiscard": DrawDiscard,
        "DrawStock": DrawStock,
        "ShowSix": ShowSix,
    }
    for i in range(NUM_DISTINCT_ACTIONS):
        action = action_from_id(i)
        assert action_id(action) == i
        copy = eval(repr(action), namespace)  # noqa: S307 - the repr is the contract
        assert copy == action
        assert action_id(copy) == i
    assert action_id(Discard(card=Card.parse("2c"))) == 2
    assert action_id(Call(discard=Card.parse("As"))) == 105
    assert action_id(Call(discard=None)) == 106
    assert action_id(ShowSix()) == 107


@pytest.mark.parametrize("bad", [-1, 108, 10**9, "1", 2.0])
def test_action_from_id_rejects_bad_ids(bad: Any) -> None:
    """P9: action_from_id only takes ids in range(108)."""
    with pytest.raises(ValueError, match="action id"):
        action_from_id(bad)


def test_actions_validate_their_cards() -> None:
    """P9: Discard and Call hold Card values."""
    with pytest.raises(TypeError):
        Discard(card="Ah")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Call(discard="Ah")  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="not a Paiute action"):
        action_id("DrawStock")  # type: ignore[arg-type]


def test_junk_and_late_actions_raise_illegal_action_errors() -> None:
    """P9, P20: non-actions and actions after the session's end raise IllegalActionError."""
    game = Paiute(PaiuteConfig(num_players=2, max_turns=1))
    state = start(game, dealer=1)
    for junk in (None, "DrawStock", 3):
        with pytest.raises(IllegalActionError, match="not a Paiute action"):
            game.apply(state, junk)  # type: ignore[arg-type]
    state = game.apply(state, STOCK)
    assert state.drawn_card is not None
    over = game.apply(state, Discard(card=state.drawn_card))
    assert game.is_terminal(over)
    assert game.current_player(over) is None
    assert game.legal_actions(over) == ()
    with pytest.raises(IllegalActionError, match="session is over"):
        game.apply(over, STOCK)


def test_fast_mask_matches_the_generic_mask() -> None:
    """P9-P13: legal_action_mask agrees with the protocol's reference everywhere in a playout."""
    game = Paiute(PaiuteConfig(num_players=3, max_turns=80, deals=2))
    rng = random.Random(3)
    state = game.initial_state(3)
    while not game.is_terminal(state):
        assert game.legal_action_mask(state) == legal_action_mask(game, state)
        actions = game.legal_actions(state)
        assert [action_id(a) for a in actions] == sorted(action_id(a) for a in actions)
        state = game.apply(state, actions[rng.randrange(len(actions))])
    assert game.legal_action_mask(state) == (False,) * 108


def test_seeds_reproduce_and_none_differs() -> None:
    """P4: the same seed gives the same session; seed=None draws from the OS."""
    game = Paiute()
    assert game.initial_state(5) == game.initial_state(5)
    assert game.initial_state(random.Random(5)) == game.initial_state(random.Random(5))
    assert len({game.initial_state(None) for _ in range(4)}) > 1


def test_observation_hides_other_hands_and_stock_draws() -> None:
    """P9: others see that a card came from the stock, not which; a discard-pile draw is public."""
    game = Paiute(PaiuteConfig(num_players=3))
    state = start(game, stock="Kd", first="Qc")
    drew = game.apply(state, STOCK)
    mine = game.observe(drew, PlayerId(0))
    theirs = game.observe(drew, PlayerId(1))
    assert mine.drawn_card == Card.parse("Kd")
    assert theirs.drawn_card is None
    assert theirs.history == (DrewFromStock(player=PlayerId(0)),)
    assert theirs.hand == tuple(sorted(parse_cards(HANDS[1])))
    assert theirs.hand_sizes == (6, 5, 5)
    assert theirs.stock_size == len(drew.stock)
    fields = {field.name for field in attrs.fields(PaiuteObservation)}
    assert not fields & {"hands", "stock", "chance_key", "table"}
    took = game.apply(state, PILE)
    assert game.observe(took, PlayerId(2)).drawn_card == Card.parse("Qc")
    assert game.observe(took, PlayerId(2)).history == (
        DrewFromDiscard(player=PlayerId(0), card=Card.parse("Qc")),
    )
    with pytest.raises(ValueError, match="seat"):
        game.observe(state, PlayerId(3))


def test_determinize_keeps_publicly_placed_cards() -> None:
    """P9: a card taken from the discard pile stays in the taker's hand in every sample."""
    game = Paiute(PaiuteConfig(num_players=3))
    state = start(game, first="Qc")
    state = game.apply(state, PILE)
    state = game.apply(state, Discard(card=Card.parse("2c")))
    view = game.observe(state, PlayerId(2))
    assert known_cards(view)[0] == frozenset({Card.parse("Qc")})
    for seed in range(20):
        sample = game.determinize(view, random.Random(seed))
        assert Card.parse("Qc") in sample.hands[0]
        assert game.observe(sample, PlayerId(2)) == view
        assert sample.table.chance_key != state.table.chance_key


def test_determinize_after_a_rebuild_draws_the_stock_from_the_rebuilt_cards() -> None:
    """P10: after a rebuild the stock holds only cards that were shuffled into it."""
    game = Paiute(PaiuteConfig(num_players=2))
    state = start(game, dealer=1)
    while state.stock:
        state = game.apply(state, STOCK)
        assert state.drawn_card is not None
        state = game.apply(state, Discard(card=state.drawn_card))
    state = game.apply(state, STOCK)
    assert isinstance(state.history[-2], RebuiltStock)
    rebuilt = set(state.rebuilt_cards)
    view = game.observe(state, PlayerId(1))
    for seed in range(10):
        sample = game.determinize(view, random.Random(seed))
        assert set(sample.stock) <= rebuilt
        assert game.observe(sample, PlayerId(1)) == view


def test_returns_count_the_pot_as_shared_during_a_deal() -> None:
    """P18: returns sum to zero at every moment, the pot counted in equal shares."""
    game = Paiute(PaiuteConfig(num_players=3, ante=2))
    state = start(game)
    assert state.pot == 6
    assert game.returns(state) == (0, 0, 0)


def test_str_of_state_and_observation_are_legible() -> None:
    """P6, P7: str(state) shows the table; str(observation) hides other hands."""
    game = Paiute(PaiuteConfig(num_players=2))
    state = start(game, dealer=1)
    text = str(state)
    assert "wild card 9♠ (9s are wild)" in text
    assert "player 0: 2♣ 4♦ 6♥ 7♣ 8♠ (to play)" in text
    assert "discard pile (top last): 3♥" in text
    view = str(game.observe(state, PlayerId(1)))
    assert "player 0: ?? ?? ?? ?? ?? (to play)" in view
    assert "player 1: 2♦ 4♥ 6♠ 7♦ 8♣" in view


def test_stock_needs_rebuild_and_call_options_helpers() -> None:
    """P10, P11: helper predicates for rebuilds and calls."""
    game = Paiute(PaiuteConfig(num_players=2))
    state = start(game, dealer=1)
    assert not game.stock_needs_rebuild(state)
    assert game.call_options(state) == ()
    drawn = game.apply(state, STOCK)
    assert game.call_options(drawn) == ()


def test_deck_for_deal_validates_its_input() -> None:
    """P5: deck_for_deal rejects short hands, repeated cards and bad dealers."""
    with pytest.raises(InvalidConfigError, match="5 cards"):
        deck_for_deal(dealer=0, hands=["2c 3c", HANDS[1]], wild_card="9s", first_discard="3h")
    with pytest.raises(InvalidConfigError, match="twice"):
        deck_for_deal(dealer=0, hands=HANDS[:2], wild_card="2c", first_discard="3h")
    with pytest.raises(InvalidConfigError, match="dealer"):
        deck_for_deal(dealer=2, hands=HANDS[:2], wild_card="9s", first_discard="3h")
    deck = deck_for_deal(
        dealer=0,
        hands=[parse_cards(hand) for hand in HANDS[:2]],
        wild_card=Card.parse("9s"),
        first_discard=Card.parse("3h"),
    )
    assert sorted(deck) == sorted(set(deck))
    assert len(deck) == 52


def test_history_events_print_for_people() -> None:
    """P9, P11: events and results have readable str forms."""
    game = Paiute(PaiuteConfig(num_players=2, max_turns=1))
    state = start(game, first="Qc", dealer=1)
    state = game.apply(state, PILE)
    assert str(state.history[-1]) == "player 0 takes Q♣ from the discard pile"
    state = game.apply(state, Discard(card=Card.parse("2c")))
    assert str(state.results[-1]) == "deal 0: void, the pot of 2 carries over (P21)"


def _rebuilt_state(state: PaiuteState, **changes: Any) -> PaiuteState:
    fields: dict[str, Any] = {
        field.name: getattr(state, field.name) for field in attrs.fields(PaiuteState)
    }
    fields.update(changes)
    return unchecked_state(*fields.values())


def test_check_state_names_broken_invariants() -> None:
    """P2, P9, P12, P18, P21: check_state rejects inconsistent states, naming the rule."""
    game = Paiute(PaiuteConfig(num_players=3, max_turns=10))
    state = start(game)
    check_state(game, state)
    hands = state.hand_indices
    doubled = (hands[0], hands[0], hands[2])
    moved = (hands[0], hands[1][1:], tuple(sorted((*hands[2], hands[1][0]))))
    richer = attrs.evolve(state.table, pot=state.table.pot + 1)
    broken = [
        ("PaiuteState", "not a state"),
        ("Table", _rebuilt_state(state, table="table")),
        ("P18", _rebuilt_state(state, table=richer)),
        (r"more than one place.*\(P2\)", _rebuilt_state(state, hand_indices=doubled)),
        ("one stack per seat", _rebuilt_state(state, hand_indices=hands[:2])),
        ("current_player", _rebuilt_state(state, current_player=3)),
        ("P9", _rebuilt_state(state, drawn=DRAWN[0][state.pile_indices[0]])),
        ("P12", _rebuilt_state(state, caller=1)),
        ("P21", _rebuilt_state(state, turns_played=10)),
        ("events", _rebuilt_state(state, history=("event",))),
        (r"player 1 holds 4 cards.*\(P5, P9\)", _rebuilt_state(state, hand_indices=moved)),
        ("name a seat", _rebuilt_state(state, history=(DrewFromStock(player=PlayerId(5)),))),
    ]
    for rule, bad in broken:
        with pytest.raises(InvalidStateError, match=rule):
            check_state(game, bad)
    assert isinstance(state.table, Table)
    over = Paiute(PaiuteConfig(num_players=3, max_turns=1))
    finished = over.apply(over.apply(start(over), STOCK), Discard(card=Card.parse("2c")))
    check_state(over, finished)
    result = attrs.evolve(finished.table.results[0], shown=())
    table = attrs.evolve(finished.table, results=(result,))
    with pytest.raises(InvalidStateError, match="one entry per seat"):
        check_state(over, _rebuilt_state(finished, table=table))


def test_public_properties_present_cards() -> None:
    """P6, P7, P9: the state's and observation's properties give Card values."""
    game = Paiute(PaiuteConfig(num_players=3))
    state = start(game, first="Qc")
    assert state.num_players == 3
    assert state.top_discard == Card.parse("Qc")
    assert state.discard_pile == (Card.parse("Qc"),)
    assert state.current_player == 0
    assert not state.has_drawn
    assert state.drawn_card is None
    assert state.caller is None
    assert state.last_to_play is None
    assert state.rebuilt_cards == ()
    assert not state.is_over
    view = game.observe(state, PlayerId(1))
    assert view.num_players == 3
    assert view.wild_rank is Card.parse("9s").rank
    assert view.top_discard == Card.parse("Qc")
    took = game.apply(state, PILE)
    assert game.observe(took, PlayerId(1)).top_discard is None
    assert "drawn this turn: Q♣" in str(game.observe(took, PlayerId(1)))


def test_every_event_prints_for_people() -> None:
    """P6, P10, P11, P13: each kind of history event has a readable str form."""
    wild = Card.parse("9s")
    assert str(DrewFromStock(player=PlayerId(1))) == "player 1 draws from the stock"
    assert str(DrewFromStock(player=PlayerId(1), card=wild)) == (
        "player 1 draws from the stock (9♠, the turned wild card)"
    )
    cards = tuple(sorted(parse_cards("Ah Kh Qh Jh Th")))
    assert str(RebuiltStock(cards=cards)) == "the stock is rebuilt from 5 discards"
    game = Paiute(PaiuteConfig(num_players=2, final_turns="each_other_player_once"))
    deck = deck_for_deal(
        dealer=1,
        hands=["Ah Kh Qh Jh 2c", "5h 5d 5c 6s 6h"],
        wild_card="9s",
        first_discard="3h",
        stock="Th 6d",
    )
    state = game.initial_state(0, deck=deck, dealer=PlayerId(1))
    state = game.apply(state, STOCK)
    state = game.apply(state, Call(discard=Card.parse("2c")))
    assert str(state.history[-1]) == (
        "player 0 discards 2♣ and calls with 10♥ J♥ Q♥ K♥ A♥: Royal flush"
    )
    state = game.apply(game.apply(state, STOCK), ShowSix())
    assert str(state.results[-1]).splitlines()[2] == (
        "  player 1: 5♣ 5♦ 5♥ 6♦ 6♥ 6♠ (Three/Three: sixes over fives)"
    )
    assert str(state.history[-1]) == (
        "player 1 shows 5♣ 5♦ 5♥ 6♦ 6♥ 6♠: Three/Three: sixes over fives"
    )
