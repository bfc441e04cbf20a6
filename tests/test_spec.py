"""Game specs, the registry, the one chance form and the helpers written once in cardgames.game."""

from __future__ import annotations

import copy
import importlib
import importlib.metadata
import random
import sys
import types
from typing import Any

import attrs
import pytest

from cardgames import registry
from cardgames.bots import heuristic_bot
from cardgames.cards import parse_cards, standard_deck
from cardgames.errors import (
    DecodeError,
    IllegalActionError,
    InvalidConfigError,
    InvalidPlayerError,
    InvalidStateError,
)
from cardgames.events import describe
from cardgames.game import (
    Chance,
    PlayerId,
    apply_with_chance,
    check_deck,
    check_seat,
    is_int,
    is_seat,
    playout,
    standings,
    start_with_chance,
)
from cardgames.paiute import DrawStock, Paiute, PaiuteConfig
from cardgames.serialization import dumps_record, loads_record, record_game, replay
from cardgames.serialization.text import format_record
from cardgames.sixes import SIXES_DECK, Pass, Sixes, SixesConfig
from cardgames.spec import GameSpec
from toy_game import DECK as TOY_DECK
from toy_game import SPEC as TOY_SPEC
from toy_game import ToyGame

# --- the registry ---------------------------------------------------------------------------


def test_unknown_and_malformed_names_raise_decode_errors() -> None:
    """Names come from documents: an unknown one, or not a string, is a DecodeError."""
    with pytest.raises(DecodeError, match="unknown game 'chess'"):
        registry.game_spec("chess")
    with pytest.raises(DecodeError, match="a game name is a string"):
        registry.game_spec(3)  # type: ignore[arg-type]
    assert registry.game_info("sixes") is registry.game_spec("sixes")


class _EntryPoint:
    """A stand-in for an installed distribution's entry point."""

    def __init__(self, name: str, value: str, loaded: object) -> None:
        self.name, self.value, self._loaded = name, value, loaded

    def load(self) -> object:
        return self._loaded


def _install(monkeypatch: pytest.MonkeyPatch, name: str, loaded: object) -> None:
    entry = _EntryPoint(name, f"{name}_module", loaded)
    monkeypatch.setattr(registry, "_entry_points", lambda: {name: entry})
    monkeypatch.delitem(registry._LOADED, name, raising=False)


def test_entry_points_may_name_a_module_or_the_spec(monkeypatch: pytest.MonkeyPatch) -> None:
    """An entry point's object is a module exporting SPEC, or the spec itself."""
    spec = attrs.evolve(TOY_SPEC, name="toy2")
    module = types.ModuleType("toy2_module")
    module.SPEC = spec  # type: ignore[attr-defined]
    _install(monkeypatch, "toy2", module)
    assert "toy2" in registry.game_names()
    assert registry.game_spec("toy2") is spec
    _install(monkeypatch, "toy2", spec)
    assert registry.game_spec("toy2") is spec


def test_entry_points_without_a_matching_spec_are_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A module without SPEC, or a spec of another name, raises DecodeError naming the entry."""
    _install(monkeypatch, "broken", types.ModuleType("broken_module"))
    with pytest.raises(DecodeError, match="exports no GameSpec"):
        registry.game_spec("broken")
    _install(monkeypatch, "other", TOY_SPEC)
    with pytest.raises(DecodeError, match="exports the spec of 'toy'"):
        registry.game_spec("other")


def test_game_info_is_a_deprecated_name_of_game_spec() -> None:
    """registry.GameInfo still works, with a DeprecationWarning, and is GameSpec."""
    with pytest.warns(DeprecationWarning, match="GameSpec"):
        info_class = registry.GameInfo
    assert info_class is GameSpec
    with pytest.raises(AttributeError):
        registry.NoSuchName  # noqa: B018 - the lookup is the test


@pytest.mark.parametrize(
    ("old_module", "name"),
    [
        ("cardgames.bots.sixes_heuristic", "SixesHeuristicBot"),
        ("cardgames.bots.paiute_heuristic", "PaiuteHeuristicBot"),
        ("cardgames.bots.paiute_heuristic", "hand_potential"),
    ],
)
def test_old_heuristic_bot_paths_warn(old_module: str, name: str) -> None:
    """The heuristic bots moved into their game packages; old imports warn and still work."""
    sys.modules.pop(old_module, None)
    with pytest.warns(DeprecationWarning, match="deprecated"):
        module = importlib.import_module(old_module)
    with pytest.warns(DeprecationWarning, match=name):
        from_bots = getattr(importlib.import_module("cardgames.bots"), name)
    assert getattr(module, name) is from_bots
    with pytest.raises(AttributeError):
        importlib.import_module("cardgames.bots").NoSuchBot  # noqa: B018 - the lookup is the test


# --- what the spec feeds ---------------------------------------------------------------------


def test_a_game_without_a_heuristic_bot_or_events_says_so() -> None:
    """The toy spec has no heuristic bot and no event describer: typed errors, not crashes."""
    game = ToyGame()
    with pytest.raises(InvalidConfigError, match="no heuristic bot for 'toy'"):
        heuristic_bot(game, seed=1)
    state = game.initial_state(1)
    with pytest.raises(TypeError, match="no event describer"):
        describe(game, state, game.legal_actions(state)[0], viewer=0)


def test_specs_carry_the_simulation_defaults_and_rules() -> None:
    """Paiute's bounded deals for simulation (P21) and each game's rules text come from specs."""
    assert dict(Paiute().spec.simulation_defaults) == {"max_turns": 100}
    assert dict(Sixes().spec.simulation_defaults) == {}
    assert "S12" in Sixes().spec.rules
    assert "P21" in Paiute().spec.rules
    assert repr(Sixes().spec) == "<GameSpec 'sixes'>"
    assert Sixes().spec.describe_action(Pass()) == "pass"
    assert TOY_SPEC.describe_action(TOY_SPEC.make_game(None).action_from_id(0)).startswith("Play")


# --- helpers written once ----------------------------------------------------------------------


def test_int_and_seat_checks_refuse_bools() -> None:
    """True is an int to Python but not a seat or a count here."""
    assert is_int(3)
    assert not is_int(True)  # noqa: FBT003 - the bool is the point
    assert not is_int(3.0)
    assert is_seat(0, 2)
    assert not is_seat(2, 2)
    assert not is_seat(False, 2)  # noqa: FBT003 - the bool is the point
    assert check_seat(1, 2) == PlayerId(1)
    with pytest.raises(InvalidPlayerError, match="dealer -1 is not a seat"):
        check_seat(-1, 2, "dealer")


def test_check_deck_wants_each_card_once() -> None:
    """check_deck accepts exactly a permutation; duplicates, gaps and junk are refused."""
    cards = parse_cards("Ah Kd 7c")
    assert check_deck(reversed(cards), cards) == tuple(reversed(cards))
    for bad in (cards[:2], (*cards, cards[0]), (cards[0],) * 3, None, [[1]]):
        with pytest.raises(InvalidConfigError, match="order of the game's 3 cards"):
            check_deck(bad, cards)


def test_standings_rank_best_first_ties_by_seat() -> None:
    """standings sorts by result, then seat; Sixes uses it for its settled stacks (S10)."""
    assert standings((0, 3, 3)) == ((1, 3), (2, 3), (0, 0))
    game = Sixes(SixesConfig(num_players=4, max_rounds=1))
    final, _ = playout(game, random.Random(2), seed=2)
    assert game.standings(final) == standings(final.settled_stacks)


# --- the errors of Sixes (issue 17 items 6-8) ---------------------------------------------------


def test_sixes_refuses_other_games_values() -> None:
    """A Paiute state or action given to Sixes gets the library's own errors (S2)."""
    game = Sixes()
    paiute_state: Any = Paiute().initial_state(1)
    for method in (game.current_player, game.is_terminal, game.returns, game.legal_action_mask):
        with pytest.raises(InvalidStateError, match="PaiuteState is not a SixesState"):
            method(paiute_state)
    with pytest.raises(InvalidStateError):
        game.observe(paiute_state, PlayerId(0))
    with pytest.raises(IllegalActionError, match="not a Sixes action"):
        game.action_id(DrawStock())  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="out of range"):
        game.action_from_id(-1)
    with pytest.raises(InvalidPlayerError):
        game.observe(game.initial_state(1), True)  # type: ignore[arg-type]  # noqa: FBT003


def test_sixes_refuses_an_action_stripped_of_its_card() -> None:
    """A Play whose card slot was deleted is an IllegalActionError, not an AttributeError (S2)."""
    game = Sixes()
    state = game.initial_state(1)
    stripped = copy.copy(game.legal_actions(state)[0])
    object.__delattr__(stripped, "card")
    with pytest.raises(IllegalActionError, match="Play without its fields"):
        game.apply(state, stripped)


# --- one chance form ------------------------------------------------------------------------------


def test_sixes_takes_chance_like_its_old_keywords() -> None:
    """Chance(dealer, decks) deals as deck, dealer and later_decks did (S4, S9)."""
    game = Sixes(SixesConfig(num_players=4, max_rounds=2))
    second = tuple(reversed(SIXES_DECK))
    old = game.initial_state(5, deck=SIXES_DECK, dealer=2, later_decks=[second])
    new = game.initial_state(5, chance=Chance(dealer=PlayerId(2), decks=(SIXES_DECK, second)))
    assert new == old
    assert (
        start_with_chance(game, Chance(dealer=PlayerId(2), decks=(SIXES_DECK, second)), seed=5)
        == new
    )
    with pytest.raises(InvalidConfigError, match="give chance alone"):
        game.initial_state(5, deck=SIXES_DECK, chance=Chance())
    with pytest.raises(InvalidConfigError, match="40 Sixes cards"):
        game.initial_state(5, chance=Chance(decks=(None, SIXES_DECK[:3])))


def test_a_sixes_game_with_injected_decks_records_and_replays() -> None:
    """Injected first and second decks are recorded and give the same game on replay (S4, S9)."""
    game = Sixes(SixesConfig(num_players=4, max_rounds=2))
    second = tuple(reversed(SIXES_DECK))
    chance = Chance(dealer=PlayerId(1), decks=(None, second))
    state = start_with_chance(game, chance, seed=9)
    final, actions = playout(game, random.Random(9), state=state)
    assert final.round_number == 2
    record = record_game(game, actions, seed=9, chance=chance)
    document = dumps_record(record)
    assert '"chance"' in document
    loaded = loads_record(document)
    assert loaded == record
    states = replay(loaded)
    assert states[-1] == final
    round_two = next(s for s in states if s.round_number == 2)
    dealt = game.initial_state(9, dealer=round_two.dealer, deck=second)
    assert round_two.hand_masks == dealt.hand_masks
    with pytest.raises(TypeError, match="no injected chance"):
        format_record(record)


def test_paiute_takes_chance_for_deals_and_stock_rebuilds() -> None:
    """Paiute's first deck, later deals (P20) and stock rebuilds (P10) come from one Chance."""
    game = Paiute(PaiuteConfig(num_players=2, deals=2, max_turns=400))
    deck = standard_deck()
    chance = Chance(dealer=PlayerId(0), decks=(deck,))
    state = start_with_chance(game, chance, seed=4)
    assert state == game.initial_state(4, deck=deck, dealer=PlayerId(0))
    rng = random.Random(4)
    shuffles, actions, used_rebuild = 1, [], False
    while not game.is_terminal(state):
        action = rng.choice(game.legal_actions(state))
        rebuild = isinstance(action, DrawStock) and game.stock_needs_rebuild(state)
        state, shuffles = apply_with_chance(game, state, action, chance, shuffles)
        used_rebuild |= rebuild
        actions.append(action)
    assert shuffles > 1
    assert used_rebuild or game.returns(state) != (0, 0)
    record = record_game(game, actions, seed=4, chance=chance)
    assert replay(loads_record(dumps_record(record)))[-1] == state


def test_a_game_without_chance_hooks_takes_only_a_first_deck() -> None:
    """The toy game has no chance hooks: a first deck works, anything more is refused."""
    game = ToyGame()
    assert start_with_chance(game, Chance(decks=(TOY_DECK,)), seed=1) == game.initial_state(
        1, deck=TOY_DECK
    )
    with pytest.raises(InvalidConfigError, match="no injected chance beyond the first deck"):
        start_with_chance(game, Chance(dealer=PlayerId(1)), seed=1)
    state = game.initial_state(1)
    action = game.legal_actions(state)[0]
    assert apply_with_chance(game, state, action, Chance(), 1) == (game.apply(state, action), 1)


def test_chance_refuses_malformed_decks_and_records_check_it() -> None:
    """A Chance's decks must be card sequences; a record with a bad chance is a DecodeError."""
    with pytest.raises(InvalidConfigError, match="sequence of card sequences"):
        Chance(decks=3)
    game = Sixes(SixesConfig(num_players=4, max_rounds=1))
    _, actions = playout(game, random.Random(1), seed=1)
    record = record_game(game, actions, seed=1, chance=Chance(decks=(None,)))
    text = dumps_record(record)
    with pytest.raises(DecodeError, match="chance"):
        loads_record(text.replace('"chance": {"dealer": null', '"chance": {"dealer": "x"'))
    with pytest.raises(DecodeError, match="chance: expected an object"):
        loads_record(text.replace('"chance": {"dealer": null, "decks": [null]}', '"chance": 3'))
    bad = record_game(game, actions, seed=1, chance=Chance(decks=(None,)))
    with pytest.raises(DecodeError, match=r"chance: .*40 Sixes cards"):
        replay(
            loads_record(
                dumps_record(bad).replace('"decks": [null]', '"decks": [["Ah"]]'),
            )
        )
    both = loads_record(dumps_record(bad).replace('"deck": null', f'"deck": {_cards(SIXES_DECK)}'))
    with pytest.raises(DecodeError, match="chance or deck, not both"):
        replay(both)


def _cards(cards: tuple[Any, ...]) -> str:
    return "[" + ", ".join(f'"{card}"' for card in cards) + "]"


def test_paiute_injected_orders_must_fit_where_they_are_used() -> None:
    """A later deal's deck that is not 52 cards is refused when the deal starts (P20)."""
    game = Paiute(PaiuteConfig(num_players=2, deals=2, max_turns=400))
    chance = Chance(decks=(None, *([parse_cards("Ah")] * 40)))
    state = start_with_chance(game, chance, seed=4)
    rng = random.Random(4)
    shuffles = 1
    while shuffles == 1:
        action = rng.choice(game.legal_actions(state))
        try:
            state, shuffles = apply_with_chance(game, state, action, chance, shuffles)
        except InvalidConfigError as error:
            assert "next_deck" in str(error) or "stock_order" in str(error)  # noqa: PT017
            return
    pytest.fail("a one-card deck was accepted for a later shuffle")


def test_trailing_seed_decks_change_nothing() -> None:
    """Chance(decks=(None, None, ...)) deals the very state the seed alone deals (S4)."""
    game = Sixes(SixesConfig(num_players=4, max_rounds=3))
    chance = Chance(decks=(None, None, None))
    assert start_with_chance(game, chance, seed=8) == game.initial_state(8)


def test_a_record_whose_later_chance_does_not_fit_is_refused_at_its_step() -> None:
    """A record's injected later deck that is not a deck is a DecodeError naming the step (P20)."""
    game = Paiute(PaiuteConfig(num_players=2, deals=2, max_turns=400))
    final, actions = playout(game, random.Random(6), seed=6)
    assert final.table.deal > 0
    bad = Chance(decks=(None, *([parse_cards("Ah")] * 40)))
    with pytest.raises(DecodeError, match=r"chance: at step \d+"):
        record_game(game, actions, seed=6, chance=bad)


def test_rules_of_a_game_without_rules_text_are_a_usage_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``cardgames rules`` prints the spec's rules; a spec without any is reported, not blank."""
    from cardgames.cli import UsageError, rules_text

    monkeypatch.setitem(registry._REGISTERED, "mute", attrs.evolve(TOY_SPEC, name="mute", rules=""))
    with pytest.raises(UsageError, match="no rules for 'mute'"):
        rules_text("mute")
    assert rules_text("sixes") == Sixes().spec.rules


def test_sixes_state_check_cites_its_rules() -> None:
    """A decoded Sixes state that does not fit the config is an InvalidStateError (S1, S3, S12)."""
    from cardgames.sixes.notation import check_state

    four = Sixes(SixesConfig(num_players=4))
    state = four.initial_state(1)
    check_state(four, state)
    with pytest.raises(InvalidStateError, match=r"\(S1\)"):
        check_state(Sixes(SixesConfig(num_players=5)), state)
    with pytest.raises(InvalidStateError, match=r"\(S3, S10\)"):
        check_state(Sixes(SixesConfig(num_players=4, starting_chips=5)), state)
    later = attrs.evolve(state, round_number=3)
    with pytest.raises(InvalidStateError, match=r"\(S12\)"):
        check_state(Sixes(SixesConfig(num_players=4, max_rounds=2)), later)


def test_installed_games_are_scanned_once_per_sys_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """Unknown names do not rescan every distribution; a new sys.path or refresh_games does."""
    calls: list[str] = []

    def entry_points(*, group: str) -> list[_EntryPoint]:
        calls.append(group)
        return [_EntryPoint("toy3", "toy3_module", None)]

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    registry.refresh_games()
    for _ in range(3):
        with pytest.raises(DecodeError, match="unknown game 'nope'"):
            registry.game_spec("nope")
    assert "toy3" in registry.game_names()
    assert calls == [registry.ENTRY_POINT_GROUP]
    monkeypatch.setattr(sys, "path", [*sys.path, "elsewhere"])
    registry.game_names()
    assert len(calls) == 2
    registry.refresh_games()
    registry.game_names()
    assert len(calls) == 3
    registry.refresh_games()
