"""Paiute's state as plain data: typed fields, a checking constructor, an eval-able repr."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardgames.paiute as paiute_package
from cardgames.cards import Card, Rank, Suit
from cardgames.errors import InvalidConfigError, InvalidStateError
from cardgames.game import PlayerId
from cardgames.paiute import (
    Category,
    DrawnCard,
    DrawSource,
    HandValue,
    Paiute,
    PaiuteConfig,
    PaiuteState,
    Table,
    check_state,
)
from cardgames.paiute.state import state_of_log, unchecked_state
from cardgames.sequence import Chain, log_of_chain
from paiute_scenarios import configs, walk
from strategies import seeds


def _fields(state: PaiuteState) -> dict[str, Any]:
    return {field.name: getattr(state, field.name) for field in attrs.fields(PaiuteState)}


def _states(config: PaiuteConfig, seed: int, rng: random.Random) -> list[PaiuteState]:
    game = Paiute(config)
    states = [state for state, _ in walk(game, seed, rng)]
    final = states[-1]
    game_over = final
    for action in game.legal_actions(final):
        game_over = game.apply(final, action)
        break
    return [*states, game_over]


_NAMESPACE: dict[str, object] = {
    **{name: getattr(paiute_package, name) for name in paiute_package.__all__},
    "Card": Card,
    "Rank": Rank,
    "Suit": Suit,
    "Category": Category,
    "HandValue": HandValue,
}


@settings(max_examples=25, deadline=None)
@given(config=configs(), seed=seeds(), rng=st.randoms(use_true_random=False))
def test_repr_evaluates_back_to_an_equal_state(
    config: PaiuteConfig, seed: int, rng: random.Random
) -> None:
    """P1-P21: repr(state) is Python that builds an equal state, at every step of a session."""
    for state in _states(config, seed, rng):
        rebuilt = eval(repr(state), dict(_NAMESPACE))  # noqa: S307 - the test of an eval-able repr
        assert rebuilt == state
        assert isinstance(rebuilt, PaiuteState)


@settings(max_examples=25, deadline=None)
@given(config=configs(), seed=seeds(), rng=st.randoms(use_true_random=False))
def test_every_reached_state_passes_the_checking_constructor(
    config: PaiuteConfig, seed: int, rng: random.Random
) -> None:
    """P1-P21: the engine's unchecked states are ones the checking constructor accepts."""
    game = Paiute(config)
    for state in _states(config, seed, rng):
        assert PaiuteState(**_fields(state)) == state
        check_state(game, state)


def test_fields_say_what_they_hold() -> None:
    """P9, P20: seats are PlayerId or None; a draw is a card and where it came from."""
    game = Paiute(PaiuteConfig(num_players=2, max_turns=2))
    state = game.initial_state(seed=4)
    assert state.drawn is None
    assert state.caller is None
    assert state.last_to_play is None
    assert state.current_player in (0, 1)
    from_pile = game.apply(state, paiute_package.DrawDiscard())
    assert from_pile.drawn == DrawnCard(card=state.discard_pile[-1], source=DrawSource.DISCARD_PILE)
    assert from_pile.drawn.from_discard_pile
    assert "(to play, has drawn)" in str(from_pile)
    stopped = attrs.evolve(state, current_player=None)
    assert str(stopped).endswith("the session is over")
    assert from_pile.drawn_from_discard
    assert from_pile.drawn_card == state.discard_pile[-1]
    from_stock = game.apply(state, paiute_package.DrawStock())
    assert from_stock.drawn == DrawnCard(card=state.stock[0], source=DrawSource.STOCK)
    assert not from_stock.drawn_from_discard
    assert repr(from_stock.drawn) == (
        f"DrawnCard(card={state.stock[0]!r}, source=DrawSource.STOCK)"
    )
    final, _ = paiute_package_playout(game)
    assert final.current_player is None
    assert final.is_over


def paiute_package_playout(game: Paiute) -> tuple[PaiuteState, int]:
    """Play a session out with the first legal action each time."""
    state = game.initial_state(seed=9)
    steps = 0
    while not game.is_terminal(state):
        state = game.apply(state, game.legal_actions(state)[0])
        steps += 1
    return state, steps


def _start() -> PaiuteState:
    return Paiute(PaiuteConfig(num_players=3)).initial_state(seed=2)


def _moved(state: PaiuteState, source: int, target: int) -> tuple[tuple[int, ...], ...]:
    hands = list(state.hand_indices)
    card = hands[source][0]
    hands[source] = hands[source][1:]
    hands[target] = tuple(sorted((*hands[target], card)))
    return tuple(hands)


def _extra(state: PaiuteState, target: int) -> dict[str, Any]:
    """The top card of the stock moved into the hand of ``target``."""
    hands = list(state.hand_indices)
    hands[target] = tuple(sorted((*hands[target], state.stock_indices[-1])))
    return {"hand_indices": tuple(hands), "stock_indices": state.stock_indices[:-1]}


def _bad_fields() -> list[tuple[str, dict[str, Any]]]:
    state = _start()
    assert state.current_player == 1
    table = state.table
    pile_card = state.pile_indices[-1]
    return [
        (
            r"dealer must be a seat from 0 to 2, not 9 \(P1\)",
            {"table": attrs.evolve(table, dealer=PlayerId(9))},
        ),
        (r"one stack per seat \(3\), not 2 \(P19\)", {"table": attrs.evolve(table, stacks=(1, 2))}),
        (r"player 2 holds 6 cards; .* not their turn \(P5, P9\)", _extra(state, 2)),
        (r"player 1 holds 6 cards; a player holds 5 before \(P9\)", _extra(state, 1)),
        (r"player 0 holds 4 cards", {"hand_indices": _moved(state, 0, 2)}),
        (r"more than one place.*\(P2\)", {"stock_indices": (*state.stock_indices, pile_card)}),
        (r"each of the 52 cards once.*\(P2, P6\)", {"stock_indices": state.stock_indices[1:]}),
        (r"current_player must be a seat", {"current_player": 3}),
        (r"current_player must be a seat", {"current_player": True}),
        (
            r"drawn card must be in the current player's hand \(P9\)",
            {
                "drawn": DrawnCard(card=Card.parse("Ah"), source=DrawSource.STOCK)
                if Card.parse("Ah").index not in state.hand_indices[state.current_player or 0]
                else DrawnCard(card=Card.parse("Kh"), source=DrawSource.STOCK)
            },
        ),
        (r"drawn must be a DrawnCard", {"drawn": 7}),
        (r"go together \(P12\)", {"caller": 1}),
        (
            r"one player whose call is in this deal's history \(P11\)",
            {
                "caller": 1,
                "last_to_play": 0,
            },
        ),
        (r"turns_played must be an int", {"turns_played": -1}),
        (r"rebuilt_indices must be different cards", {"rebuilt_indices": (5, 5)}),
        (r"rebuilt_indices must be a tuple of card indices", {"rebuilt_indices": (60,)}),
        (r"the table must be a Table", {"table": "table"}),
        (r"hand_indices must be a tuple of one hand per seat", {"hand_indices": ()}),
        (
            r"hand_indices must list each hand in increasing order",
            {"hand_indices": (state.hand_indices[0][::-1], *state.hand_indices[1:])},
        ),
        (r"history must be a tuple of Paiute events", {"history": ("event",)}),
        (r"history must be a tuple of Paiute events", {"history": ["event"]}),
        (
            r"every event of the history must name a seat \(P1\)",
            {"history": (paiute_package.DrewFromStock(player=[0]),)},  # type: ignore[arg-type]
        ),
        (
            r"every event of the history must name a seat \(P1\)",
            {
                "history": (
                    paiute_package.RebuiltStock(cards=()),
                    paiute_package.Discarded(player=PlayerId(4), card=Card.parse("2c")),
                )
            },
        ),
        (
            r"must hold the cards they showed",
            {
                "history": (
                    paiute_package.ShowedSix(
                        player=PlayerId(0),
                        shown=(),
                        value=HandValue(Category.TWO_TWO_TWO, (Rank.ACE, Rank.KING, Rank.QUEEN)),
                    ),
                ),
                **_extra(state, 0),
            },
        ),
        (
            r"a shown hand must be a tuple of cards",
            {
                "history": (
                    paiute_package.ShowedSix(
                        player=PlayerId(0),
                        shown=["2c"],  # type: ignore[arg-type]
                        value=HandValue(Category.TWO_TWO_TWO, (Rank.ACE, Rank.KING, Rank.QUEEN)),
                    ),
                ),
                **_extra(state, 0),
            },
        ),
        (
            r"hand must be a tuple of card indices",
            {"hand_indices": ([1, 2], *state.hand_indices[1:])},
        ),
        (r"stock_indices must be a tuple", {"stock_indices": list(state.stock_indices)}),
        (r"pile_indices must be a tuple", {"pile_indices": list(state.pile_indices)}),
        (r"hold card indices from 0 to 51", {"pile_indices": (*state.pile_indices, 99)}),
    ]


@pytest.mark.parametrize(("message", "changes"), _bad_fields())
def test_constructor_rejects_an_impossible_position(message: str, changes: dict[str, Any]) -> None:
    """P1-P12: PaiuteState(...) raises InvalidStateError naming the rule (and evolve does too)."""
    state = _start()
    with pytest.raises(InvalidStateError, match=message):
        PaiuteState(**{**_fields(state), **changes})
    assert _start() == state


@pytest.mark.parametrize(
    ("message", "changes"),
    [
        (r"the pot must be an int at least 0, not -5", {"pot": -5}),
        (r"a stack must be an int at least 0", {"stacks": (3, -1, 3)}),
        (r"stacks must be a tuple", {"stacks": [1, 2, 3]}),
        (r"the wild card index must be an int from 0 to 51", {"wild": 52}),
        (r"the chance key must be an int from 0 to 18446744073709551615", {"chance_key": -1}),
        (r"the chance key must be an int from 0 to", {"chance_key": 2**64}),
        (r"the deal number must be an int", {"deal": True}),
        (r"the results must be a tuple of DealResult", {"results": ("won",)}),
    ],
)
def test_table_rejects_impossible_values(message: str, changes: dict[str, Any]) -> None:
    """P3, P6, P19, P20: Table(...) rejects negative chips, a non-card wild, a bad chance key."""
    with pytest.raises(InvalidStateError, match=message):
        attrs.evolve(_start().table, **changes)


def test_check_state_checks_what_depends_on_the_options() -> None:
    """P1, P6, P18, P20: a state valid in itself may not fit another game's options."""
    state = _start()
    check_state(Paiute(PaiuteConfig(num_players=3)), state)
    cases = [
        (PaiuteConfig(num_players=2), r"3 hands for 2 players \(P1\)"),
        (PaiuteConfig(num_players=3, starting_chips=30), r"90 chips.*\(P18, P19\)"),
        (
            PaiuteConfig(num_players=3, wild_indicator_in_play=True),
            r"must be in play \(wild_indicator_in_play, P6\)",
        ),
    ]
    for config, message in cases:
        with pytest.raises(InvalidStateError, match=message):
            check_state(Paiute(config), state)
    late = unchecked_state(*{**_fields(state), "table": attrs.evolve(state.table, deal=1)}.values())
    with pytest.raises(InvalidStateError, match=r"deal 1 is past the session's 1 deals \(P20\)"):
        check_state(Paiute(PaiuteConfig(num_players=3)), late)


def test_unchecked_state_is_the_fast_twin_of_the_constructor() -> None:
    """P1: unchecked_state builds the same value as PaiuteState(...) without checking."""
    state = _start()
    assert unchecked_state(*_fields(state).values()) == state
    assert unchecked_state(*_fields(state).values()) is not state
    game = Paiute(PaiuteConfig(num_players=3))
    for _ in range(40):  # past two chunks of history
        state = game.apply(state, game.legal_actions(state)[0])
    assert len(state.history) == 40
    fields = _fields(state)
    fields["history"] = log_of_chain(state.history)
    built = state_of_log(*fields.values())  # the engine's own, with the history's log
    assert built == state
    assert type(built.history) is Chain
    assert built.history == state.history


def test_table_holds_typed_seats() -> None:
    """P4: the dealer is a seat; Table is a frozen value."""
    table = _start().table
    assert isinstance(table, Table)
    assert table.dealer in (0, 1, 2)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        table.pot = 3  # type: ignore[misc]


def test_options_are_str_enums_and_errors_cite_rules() -> None:
    """P12, P17: final_turns and tiebreak are StrEnums; strings convert; bad ones cite the rule."""
    config = PaiuteConfig(final_turns="each_other_player_once", tiebreak="category_only")
    assert config.final_turns is paiute_package.FinalTurns.EACH_OTHER_PLAYER_ONCE
    assert config.tiebreak is paiute_package.Tiebreak.CATEGORY_ONLY
    assert str(config.final_turns) == "each_other_player_once"
    assert eval(repr(config), {"PaiuteConfig": PaiuteConfig}) == config  # noqa: S307 - eval-able repr
    assert "final_turns='each_other_player_once'" in repr(config)
    with pytest.raises(InvalidConfigError, match=r"final_turns must be one of .*\(P12\)"):
        PaiuteConfig(final_turns="never")
    with pytest.raises(InvalidConfigError, match=r"tiebreak must be one of .*\(P17\)"):
        PaiuteConfig(tiebreak=3)  # type: ignore[arg-type]
    cases: list[tuple[str, object, str]] = [
        ("num_players", 7, "P1"),
        ("ante", -1, "P3"),
        ("deals", 0, "P20"),
        ("max_turns", 0, "P21"),
        ("wild_indicator_in_play", 1, "P6"),
        ("reshuffle_keep_top_discard", None, "P10"),
        ("ace_low_straight", "yes", "P15"),
        ("starting_chips", "many", "P19"),
    ]
    for field, value, rule in cases:
        with pytest.raises(InvalidConfigError, match=rf"{field} .*\({rule}\)"):
            PaiuteConfig(**{field: value})  # type: ignore[arg-type]


def test_seat_of_player_id_type() -> None:
    """P1: PlayerId seats are plain ints at run time, so a state's seats compare with ints."""
    state = _start()
    assert state.dealer == PlayerId(state.table.dealer)
