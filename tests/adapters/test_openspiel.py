"""OpenSpiel: every registered game passes pyspiel's own checks, and its search bots play it."""

from __future__ import annotations

import os
import pickle
import random
from pathlib import Path
from typing import Any

import attrs
import pytest

import toy_game  # registers the toy game, from outside the package, with its spec
from cardgames.adapters import require_extra
from cardgames.chance import chance_structure
from cardgames.errors import InvalidConfigError, MissingExtraError
from cardgames.game import PlayerId
from cardgames.registry import game_names
from cardgames.spec import GameSpec
from cardgames.tensor import observation_tensor
from extras import require

pyspiel = require("pyspiel", extra="openspiel")
np = require("numpy", extra="numpy")

from open_spiel.python.algorithms import evaluate_bots, generate_playthrough, ismcts, mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

from cardgames.adapters import openspiel  # noqa: E402 - after the extra check

NAMES = game_names()
PLAYTHROUGHS = Path(__file__).parent / "playthroughs"
SMALL = {"sixes": {"players": 2, "max_rounds": 2}, "paiute": {"players": 2, "max_turns": 12}}
"""Short configurations for the slower checks; any other game plays its defaults."""


def small(name: str) -> Any:
    return openspiel.load_game(name, SMALL.get(name, {}))


@pytest.mark.parametrize("name", NAMES)
def test_random_sim_test_with_serialization_passes(name: str) -> None:
    """pyspiel's C++ random_sim_test, with serialization, passes on the default config."""
    game = openspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("name", NAMES)
def test_random_sim_test_passes_on_a_small_table(name: str) -> None:
    """random_sim_test passes on a two-player table too."""
    pyspiel.random_sim_test(small(name), num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_python_game_api_checks_pass(name: str) -> None:
    """OpenSpiel's own games_sim_test.sim_game: pickling, clones, serialization, returns."""
    from open_spiel.python.tests import games_sim_test

    games_sim_test.GamesSimTest("test_pig").sim_game(small(name))


@pytest.mark.parametrize("name", NAMES)
def test_python_ismcts_bot_plays_whole_games(name: str) -> None:
    """OpenSpiel's Python ISMCTSBot, resampling through determinize, plays to the end."""
    game = small(name)
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=rng)
        for _ in range(game.num_players())
    ]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(outcomes, p=probabilities))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    returns = state.returns()
    assert sum(returns) == 0
    assert game.min_utility() <= min(returns) <= max(returns) <= game.max_utility()


@pytest.mark.parametrize("name", NAMES)
def test_evaluate_bots_plays_uniform_random_bots(name: str) -> None:
    """OpenSpiel's evaluate_bots loop runs C++ uniform random bots on the Python game."""
    game = small(name)
    bots = [pyspiel.make_uniform_random_bot(seat, 11) for seat in range(game.num_players())]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(2))
    assert sum(returns) == 0


@pytest.mark.parametrize("name", NAMES)
def test_observer_tensors_are_the_cardgames_tensors(name: str) -> None:
    """Observation and information-state tensors equal cardgames.tensor's encoding."""
    game = small(name)
    engine = openspiel.engine_game(game)
    observation = make_observation(game)
    information = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    state = game.new_initial_state()
    rng = random.Random(5)
    while not state.is_terminal():
        if not state.is_chance_node():
            inner = openspiel.engine_state(state)
            for seat in range(game.num_players()):
                expected = observation_tensor(engine, engine.observe(inner, PlayerId(seat)))
                observation.set_from(state, seat)
                information.set_from(state, seat)
                assert np.array_equal(observation.tensor, expected)
                assert np.array_equal(information.tensor, expected)
                assert np.array_equal(state.observation_tensor(seat), expected)
                text = observation.string_from(state, seat)
                assert text == state.observation_string(seat)
                assert information.string_from(state, seat).endswith(text)
            actions = state.legal_actions()
        else:
            actions = [outcome for outcome, _ in state.chance_outcomes()]
        state.apply_action(actions[rng.randrange(len(actions))])
    assert set(observation.dict) == {field.name for field in game.fields}


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_rl_environment_runs_episodes(name: str) -> None:
    """OpenSpiel's rl_environment (chance sampled, info-state tensors) plays whole episodes."""
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(small(name), seed=4)
    size = env.observation_spec()["info_state"][0]
    rng = np.random.default_rng(4)
    for _ in range(2):
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            assert len(step.observations["info_state"][player]) == size
            step = env.step([int(rng.choice(step.observations["legal_actions"][player]))])
        assert sum(step.rewards) == 0


def test_observation_tensor_is_zero_during_the_first_deal() -> None:
    """Before the deal is complete nobody holds a card: the tensor is all zeros."""
    game = small("sixes")
    state = game.new_initial_state()
    state.apply_action(0)
    assert not any(state.observation_tensor(0))
    assert state.observation_string(1) == "dealing"


def test_the_deal_is_explicit_chance_dealer_then_each_card() -> None:
    """The first chance node picks the dealer (S4), then 40 nodes order the deck."""
    game = small("sixes")
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 1) == "seat 1 deals"
    state.apply_action(1)
    for dealt in range(40):
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 40 - dealt
        assert outcomes[0][1] == pytest.approx(1 / (40 - dealt))
        state.apply_action(outcomes[0][0])
    assert not state.is_chance_node()
    assert state.chance_outcomes() == []
    assert openspiel.engine_state(state).dealer == 1


def _play_until(state: Any, rng: random.Random, stop: Any) -> Any:
    while not stop(state):
        if state.is_chance_node():
            actions = [outcome for outcome, _ in state.chance_outcomes()]
        else:
            actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])
    return state


def test_a_later_round_is_dealt_by_chance_nodes() -> None:
    """When a Sixes round is won the next deal is 40 chance nodes (S9)."""
    game = small("sixes")
    state = game.new_initial_state()
    rng = random.Random(1)
    _play_until(state, rng, lambda s: not s.is_chance_node())
    state = _play_until(
        state, rng, lambda s: s.is_chance_node() and openspiel.engine_state(s) is not None
    )
    assert len(state.chance_outcomes()) == 40
    assert "then" in state.observation_string(0)
    with pytest.raises(ValueError, match="decision or terminal"):
        state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    clone = pickle.loads(pickle.dumps(state))  # noqa: S301 - our own bytes
    assert str(clone) == str(state)
    _play_until(state, rng, lambda s: not s.is_chance_node())
    assert openspiel.engine_state(state).round_number == 2
    assert len(state.information_state_string(0)) > len(state.observation_string(0))


def test_a_stock_rebuild_is_chance_nodes_over_the_discards() -> None:
    """A draw from an empty Paiute stock orders the shuffled discards by chance (P10)."""
    game = openspiel.load_game("paiute", {"players": 2, "max_turns": 60})
    rng = random.Random(2)
    state = game.new_initial_state()
    _play_until(state, rng, lambda s: not s.is_chance_node())
    while not state.is_chance_node():  # draw from the stock (id 0), discard, never call
        actions = state.legal_actions()
        state.apply_action(actions[0])
    inner = openspiel.engine_state(state)
    assert "stock rebuild" in str(state)
    assert len(state.chance_outcomes()) == len(inner.discard_pile) - 1
    _play_until(state, rng, lambda s: not s.is_chance_node())
    assert openspiel.engine_state(state).rebuilt_cards


def test_a_later_paiute_deal_is_dealt_by_chance_nodes() -> None:
    """When a deal ends and another follows, its 52 cards are chance nodes (P20)."""
    game = openspiel.load_game("paiute", {"players": 2, "deals": 2, "max_turns": 4})
    rng = random.Random(3)
    state = _play_until(game.new_initial_state(), rng, lambda s: not s.is_chance_node())
    state = _play_until(state, rng, lambda s: s.is_chance_node() or s.is_terminal())
    assert "deal" in str(state)
    assert len(state.chance_outcomes()) == 52
    _play_until(state, rng, lambda s: not s.is_chance_node())
    assert openspiel.engine_state(state).deal_number == 1
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("name", NAMES)
def test_resampling_keeps_the_information_state(name: str) -> None:
    """resample_from_infostate gives a world with the same information state for the player."""
    game = small(name)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state = game.new_initial_state()
    fresh = state.resample_from_infostate(0, sampler)
    assert fresh.is_chance_node()
    assert str(fresh) == str(state)
    rng = random.Random(7)
    for _ in range(30):
        _play_until(state, rng, lambda s: not s.is_chance_node())
        if state.is_terminal():
            break
        player = state.current_player()
        sample = state.resample_from_infostate(player, sampler)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.legal_actions() == state.legal_actions()
        state.apply_action(state.legal_actions()[0])


def test_parameters_are_the_config_options() -> None:
    """Every config option is a parameter; num_players is OpenSpiel's ``players``."""
    game = openspiel.load_game("sixes", {"players": 4, "direction": "anticlockwise"})
    engine: Any = openspiel.engine_game(game)
    assert engine.config.num_players == 4
    assert engine.config.direction == "anticlockwise"
    assert engine.config.max_rounds == 10  # bounded for OpenSpiel
    assert game.num_players() == 4
    sixes_type = game.get_type()
    assert (sixes_type.min_num_players, sixes_type.max_num_players) == (2, 8)
    assert openspiel.engine_game(openspiel.load_game("toy")).num_players == 2


def test_unknown_parameter_and_unbounded_game_are_clear_errors() -> None:
    """An unknown parameter, a bad option or a game with no length bound is a clear error."""
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
        openspiel.load_game("sixes", {"colour": "red"})
    with pytest.raises(InvalidConfigError, match="direction must be one of"):
        openspiel.load_game("sixes", {"direction": "up"})
    with pytest.raises(InvalidConfigError, match="bounded length"):
        openspiel.load_game("sixes", {"max_rounds": 0})


def test_only_the_players_own_view_is_observable() -> None:
    """Public-only or all-private observers are not supported (None); parameters are refused."""
    game = small("sixes")
    public = pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    assert make_observation(game, public) is None
    with pytest.raises(InvalidConfigError, match="parameters"):
        game.make_py_observer(None, {"x": 1})


def test_options_skip_fields_openspiel_cannot_carry() -> None:
    """Fields outside __init__ or with a default that is no scalar are not parameters."""

    @attrs.frozen
    class Config:
        size: int = 3
        cards: tuple[int, ...] = (1, 2)
        derived: int = attrs.field(init=False, default=0)

    info: GameSpec[Any, Any, Any, Any] = GameSpec(
        name="configured",
        make_game=lambda _config: None,  # type: ignore[arg-type, return-value]
        config_class=Config,
        state_class=object,
        observation_class=object,
        action_classes=(),
    )
    options = openspiel._options(info, chance_structure(toy_game.ToyGame()))
    assert [option.parameter for option in options] == ["size"]


def test_a_missing_framework_names_its_extra() -> None:
    """require_extra raises MissingExtraError naming the extra to install."""
    with pytest.raises(MissingExtraError, match=r"cardgames-engine\[nothing\]"):
        require_extra("cardgames_no_such_module", extra="nothing")


def test_register_games_names_every_game() -> None:
    """register_games registers each registry name under the cardgames_ prefix."""
    names = openspiel.register_games()
    assert names == tuple(openspiel.PREFIX + name for name in NAMES)
    registered = {game.short_name for game in pyspiel.registered_games()}
    assert set(names) <= registered


def test_python_mcts_bot_plays_through_step_with_policy() -> None:
    """MCTSBot.step_with_policy works on the Python game (step itself does not)."""
    game = small("sixes")
    rng = np.random.RandomState(1)
    bot = mcts.MCTSBot(
        game, 2.0, 4, mcts.RandomRolloutEvaluator(1, rng), random_state=rng, solve=False
    )
    state = _play_until(
        game.new_initial_state(), random.Random(0), lambda s: not s.is_chance_node()
    )
    policy, action = bot.step_with_policy(state)
    assert action in state.legal_actions()
    assert sum(probability for _, probability in policy) == pytest.approx(1)


@pytest.mark.parametrize("name", ["sixes", "paiute"])
def test_playthrough_matches_the_golden_file(name: str) -> None:
    """The playthrough regenerated from the golden file's actions is the golden file."""
    openspiel.register(name)
    path = PLAYTHROUGHS / f"{openspiel.PREFIX}{name}.txt"
    if os.environ.get("CARDGAMES_UPDATE_PLAYTHROUGHS") == "1":
        params = ",".join(f"{key}={value}" for key, value in sorted(SMALL[name].items()))
        text = generate_playthrough.playthrough(f"{openspiel.PREFIX}{name}({params})", None, seed=1)
        path.write_text(text, encoding="utf-8")
    original, replayed = generate_playthrough.replay(str(path))
    assert replayed == original
