"""Bots over the protocol: they only choose legal actions and only ever see observations."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.bots import (
    Bot,
    BotSpec,
    ISMCTSBot,
    RandomBot,
    bot_names,
    build_bot,
    describe_bot,
    heuristic_bot,
    normalized_rewards,
)
from cardgames.bots.ismcts import DEFAULT_ITERATIONS
from cardgames.cards import Card, parse_cards
from cardgames.errors import InvalidConfigError, ParseError
from cardgames.game import Game, PlayerId, playout, round_index
from cardgames.paiute import Paiute, PaiuteConfig
from cardgames.simulation import play_game
from cardgames.sixes import Sixes, SixesConfig
from registry import GAME_FACTORIES
from strategies import seeds
from toy_game import PlayCard, ToyGame

AnyGame = Game[Any, Any, Any]
GAME_NAMES = sorted(GAME_FACTORIES)
FAST_ISMCTS = BotSpec(name="ismcts", options=(("iterations", 12), ("rollout_limit", 40)))


def make_random_bot(game: AnyGame, seed: int) -> RandomBot:
    """A bot factory."""
    del game
    return RandomBot(seed=seed)


def specs_for(game: AnyGame) -> list[BotSpec]:
    """The bot specs that apply to ``game`` (heuristic only where the game has one)."""
    specs = [BotSpec(name="random"), FAST_ISMCTS]
    if game.name in {"sixes", "paiute"}:
        specs.append(BotSpec(name="heuristic"))
    return specs


class Spy:
    """Wraps a bot; records every observation and legal-action tuple it was shown."""

    def __init__(self, inner: Bot[Any, Any]) -> None:
        self.inner = inner
        self.seen: list[tuple[Any, tuple[Any, ...], Any]] = []

    def choose(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        action = self.inner.choose(observation, legal_actions)
        self.seen.append((observation, tuple(legal_actions), action))
        return action


def random_position(game: AnyGame, seed: int) -> Any:
    """A live state some random actions into a game (the deal itself if it ends too soon)."""
    rng = random.Random(seed)
    final, actions = playout(game, rng, seed=seed, max_actions=rng.randrange(0, 60))
    if game.is_terminal(final):
        state = game.initial_state(seed)
        for action in actions[: len(actions) // 2]:
            state = game.apply(state, action)
        return state
    return final


@settings(max_examples=5)
@given(seed=seeds())
@pytest.mark.parametrize("name", GAME_NAMES)
def test_bots_choose_only_legal_actions_and_see_only_observations(name: str, seed: int) -> None:
    """Protocol: every bot returns one of the legal actions it is shown, given an observation."""
    game = GAME_FACTORIES[name]()
    for spec in specs_for(game):
        limit = 40 if spec.name == "ismcts" else 3_000
        spies = [Spy(spec.build(game, seed + seat)) for seat in range(game.num_players)]
        state = game.initial_state(seed)
        for _ in range(limit):
            if game.is_terminal(state):
                break
            player = game.current_player(state)
            assert player is not None
            state, _ = play_game(game, spies, state=state, max_actions=1)
            observation, legal, action = spies[player].seen[-1]
            assert action in legal
            assert type(observation) is not type(state)
        for spy in spies:
            for _, legal, action in spy.seen:
                assert action in legal
                assert legal


@settings(max_examples=10)
@given(seed=seeds(), resample=seeds(), bot_seed=st.integers(0, 2**32))
@pytest.mark.parametrize("name", GAME_NAMES)
def test_choices_do_not_depend_on_hidden_cards(
    name: str, seed: int, resample: int, bot_seed: int
) -> None:
    """Hidden information: re-dealing the opponents' unseen cards never changes a bot's choice."""
    game = GAME_FACTORIES[name]()
    state = random_position(game, seed)
    player = game.current_player(state)
    assert player is not None
    observation = game.observe(state, player)
    other = game.determinize(observation, random.Random(resample))
    assert game.observe(other, player) == observation
    for spec in specs_for(game):
        first = spec.build(game, bot_seed).choose(observation, game.legal_actions(state))
        again = spec.build(game, bot_seed).choose(
            game.observe(other, player), game.legal_actions(other)
        )
        assert first == again


def test_play_game_shows_each_bot_its_own_observation() -> None:
    """Protocol: the driver hands each seat exactly observe(state, seat), never a state."""
    game = ToyGame()
    spies = [Spy(RandomBot(seed=seat)) for seat in range(2)]
    final, actions = play_game(game, spies, seed=5)
    assert game.is_terminal(final)
    state = game.initial_state(5)
    seen = {0: iter(spies[0].seen), 1: iter(spies[1].seen)}
    for action in actions:
        player = game.current_player(state)
        assert player is not None
        observation, legal, chosen = next(seen[player])
        assert observation == game.observe(state, player)
        assert legal == game.legal_actions(state)
        assert chosen == action
        state = game.apply(state, action)


def test_play_game_rejects_a_wrong_number_of_bots() -> None:
    """Protocol: one bot per seat, or InvalidConfigError."""
    with pytest.raises(InvalidConfigError, match="2 players, but 1 bots"):
        play_game(ToyGame(), [RandomBot(seed=1)], seed=1)


def test_random_bot_is_reproducible_and_rejects_no_actions() -> None:
    """Chance is reproducible: the same seed gives the same choices; no action is an error."""
    actions = tuple(range(10))
    first = [RandomBot(seed=3).choose(None, actions) for _ in range(3)]
    bot_a, bot_b = RandomBot(seed=3), RandomBot(seed=3)
    assert [bot_a.choose(None, actions) for _ in range(20)] == [
        bot_b.choose(None, actions) for _ in range(20)
    ]
    assert len(set(first)) == 1
    with pytest.raises(ValueError, match="at least one legal action"):
        RandomBot(seed=1).choose(None, ())


def test_bots_do_not_touch_the_global_random_generator() -> None:
    """Chance is injectable: seeded bots leave the global random state alone."""
    game = ToyGame()
    random.seed(1234)
    before = random.getstate()
    play_game(game, [RandomBot(seed=1), ISMCTSBot(game, iterations=20, seed=2)], seed=3)
    assert random.getstate() == before


def test_bot_spec_parses_and_prints() -> None:
    """Bot specs: name:key=value:key=value round-trips through str."""
    spec = BotSpec.parse(" ISMCTS:iterations=30:exploration=0.5:time_limit=none ")
    assert spec == BotSpec(
        name="ismcts", options=(("iterations", 30), ("exploration", 0.5), ("time_limit", None))
    )
    assert BotSpec.parse(str(spec)) == spec
    assert str(BotSpec(name="random")) == "random"
    assert BotSpec.parse("random:label=x:flag=true").options == (("label", "x"), ("flag", True))
    assert set(bot_names()) == {"random", "heuristic", "ismcts"}
    assert describe_bot("random ") == "random"
    assert describe_bot(spec) == str(spec)
    assert describe_bot(make_random_bot) == "make_random_bot"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("nosuchbot", "unknown bot"),
        ("ismcts:iterations", "expected key=value"),
        ("random:=3", "expected key=value"),
    ],
)
def test_bad_bot_specs_raise_parse_errors(text: str, message: str) -> None:
    """Bot specs: bad text raises ParseError quoting it."""
    with pytest.raises(ParseError, match=message):
        BotSpec.parse(text)


def test_bot_specs_that_cannot_be_built_raise_config_errors() -> None:
    """Bot specs: unknown options, or a heuristic for a game without one, are config errors."""
    game = ToyGame()
    with pytest.raises(InvalidConfigError, match="bad options for bot 'ismcts'"):
        build_bot("ismcts:exploration=high", game, 0)
    with pytest.raises(InvalidConfigError, match="bad options for bot 'builtins:max'"):
        build_bot("builtins:max", game, 0)  # no signature to check: the call itself fails
    with pytest.raises(InvalidConfigError, match="no heuristic bot for 'toy'"):
        build_bot("heuristic", game, 0)
    with pytest.raises(InvalidConfigError, match="unknown bot"):
        BotSpec(name="nobody").build(game, 0)
    with pytest.raises(InvalidConfigError, match="no heuristic bot"):
        heuristic_bot(game, seed=1)
    assert isinstance(build_bot(lambda _game, s: RandomBot(seed=s), game, 0), RandomBot)


@pytest.mark.parametrize(
    "options",
    [
        {"iterations": 0},
        {"iterations": True},
        {"time_limit": 0},
        {"exploration": -1.0},
        {"rollout_limit": -1},
        {"rollout_limit": 2.5},
        {"rollout_to": "deal"},
    ],
)
def test_ismcts_rejects_bad_options(options: dict[str, Any]) -> None:
    """ISMCTS options are validated at construction."""
    with pytest.raises(InvalidConfigError):
        ISMCTSBot(ToyGame(), seed=1, **options)


def test_ismcts_is_reproducible_and_handles_forced_moves() -> None:
    """Chance is reproducible: a fixed seed gives the same search; one legal action is taken."""
    game = ToyGame()
    state = game.initial_state(7)
    observation = game.observe(state, PlayerId(0))
    legal = game.legal_actions(state)
    choices = {ISMCTSBot(game, iterations=60, seed=4).choose(observation, legal) for _ in range(3)}
    assert len(choices) == 1
    assert ISMCTSBot(game, seed=1).choose(observation, legal[:1]) == legal[0]
    assert f"iterations={DEFAULT_ITERATIONS}" in repr(ISMCTSBot(game, seed=1))
    with pytest.raises(ValueError, match="at least one legal action"):
        ISMCTSBot(game, seed=1).choose(observation, ())


def test_ismcts_time_limit_stops_the_search() -> None:
    """ISMCTS with a time limit still returns a legal action."""
    game = ToyGame()
    state = game.initial_state(2)
    legal = game.legal_actions(state)
    bot = ISMCTSBot(game, iterations=10**9, time_limit=0.05, seed=1)
    assert bot.choose(game.observe(state, PlayerId(0)), legal) in legal


def test_ismcts_avoids_wasting_its_high_card() -> None:
    """Toy rules: winning the first trick with the 7 loses the game; ISMCTS avoids it."""
    game = ToyGame()
    deck = list(parse_cards("3s 2s 4s 5s 6s 7s"))
    state = game.initial_state(deck=deck)  # player 0: 3s 4s 6s; player 1: 2s 5s 7s
    state = game.apply(state, PlayCard(Card.parse("4s")))
    legal = game.legal_actions(state)
    assert len(legal) == 3
    for seed in range(3):
        choice = ISMCTSBot(game, iterations=300, seed=seed).choose(
            game.observe(state, PlayerId(1)), legal
        )
        assert choice != PlayCard(Card.parse("7s"))


def test_normalized_rewards() -> None:
    """ISMCTS rewards: chip results scaled to [0, 1], 0.5 each when all equal."""
    assert normalized_rewards((2, -2)) == (1.0, 0.0)
    assert normalized_rewards((0, 0, 0)) == (0.5, 0.5, 0.5)
    assert normalized_rewards((4, 0, -4)) == (1.0, 0.5, 0.0)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_round_index_counts_scored_rounds(name: str) -> None:
    """S8, S9, P14, P18: round_index never falls, steps by one, and only as results settle."""
    game = GAME_FACTORIES[name]()
    state = game.initial_state(11)
    first = round_index(game, state)
    if name == "toy":  # a game without the optional method is one round
        assert first is None
        return
    assert first is not None
    rng = random.Random(11)
    previous = first
    while not game.is_terminal(state):
        actions = game.legal_actions(state)
        state = game.apply(state, actions[rng.randrange(len(actions))])
        current = round_index(game, state)
        assert current is not None
        assert current in {previous, previous + 1}
        previous = current


class CountingGame:
    """Wraps a game; remembers the round of every state the bot's search reaches."""

    def __init__(self, inner: AnyGame) -> None:
        self.inner = inner
        self.rounds: set[int | None] = set()
        self.terminal_reached = False

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def apply(self, state: Any, action: Any) -> Any:
        after = self.inner.apply(state, action)
        self.rounds.add(round_index(self.inner, after))
        self.terminal_reached |= self.inner.is_terminal(after)
        return after


@pytest.mark.parametrize(
    "game",
    [
        Sixes(SixesConfig(num_players=2, max_rounds=6)),
        Paiute(PaiuteConfig(num_players=2, deals=6, max_turns=30)),
    ],
    ids=["sixes", "paiute"],
)
def test_ismcts_rollouts_end_with_the_round(game: AnyGame) -> None:
    """S8, P14: by default a rollout stops once the searched round is scored; "game" goes on."""
    state = game.initial_state(5)
    while len(game.legal_actions(state)) < 2:
        state = game.apply(state, game.legal_actions(state)[0])
    player = game.current_player(state)
    assert player is not None
    start = round_index(game, state)
    assert start is not None
    by_round, whole = CountingGame(game), CountingGame(game)
    for wrapper, scope in ((by_round, "round"), (whole, "game")):
        bot = ISMCTSBot(wrapper, iterations=30, rollout_to=scope, seed=2)
        assert bot.choose(game.observe(state, player), game.legal_actions(state)) in (
            game.legal_actions(state)
        )
    assert by_round.rounds == {start, start + 1}
    assert whole.terminal_reached
    assert max(r for r in whole.rounds if r is not None) > start + 1


MY_BOTS = '''
"""A bot module of a user's own, for the import-string tests."""
from cardgames.bots import RandomBot


class Blocker:
    """Plays the first legal action; remembers its option."""

    def __init__(self, depth):
        self.depth = depth

    def choose(self, observation, legal_actions):
        del observation
        return legal_actions[0]


def blocker(game, seed, *, depth=1):
    """A factory taking one option."""
    del game, seed
    return Blocker(depth)


def loose(game, seed, **options):
    """A factory taking any option."""
    del game, options
    return RandomBot(seed=seed)


not_callable = 3
'''


@pytest.fixture
def my_bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A real module ``mybots_for_tests`` with a factory, importable from sys.path."""
    (tmp_path / "mybots_for_tests.py").write_text(MY_BOTS, encoding="utf-8")
    package = tmp_path / "mypkg_for_tests"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "ismcts.py").write_text(MY_BOTS, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return "mybots_for_tests"


def test_bot_spec_import_strings_build_your_own_bot(my_bots: str) -> None:
    """Bot specs: module:factory and package.module:factory name a factory, with options."""
    game = ToyGame()
    spec = BotSpec.parse(f"{my_bots}:blocker:depth=3")
    assert spec == BotSpec(name=f"{my_bots}:blocker", options=(("depth", 3),))
    assert spec.is_import_string
    assert not BotSpec.parse("ismcts:iterations=5").is_import_string
    assert BotSpec.parse(str(spec)) == spec
    bot = spec.build(game, 1)
    assert type(bot).__name__ == "Blocker"
    assert bot.depth == 3  # type: ignore[attr-defined]
    packaged = BotSpec.parse("mypkg_for_tests.ismcts:blocker")
    assert packaged.name == "mypkg_for_tests.ismcts:blocker"
    assert type(packaged.build(game, 2)).__name__ == "Blocker"
    assert isinstance(build_bot(f"{my_bots}:loose:anything=1", game, 0), RandomBot)
    final, _ = play_game(game, [spec.build(game, 1), build_bot("random", game, 2)], seed=4)
    assert game.is_terminal(final)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("mybots_for_tests:blocker:width=2", "has no option 'width': its options are depth"),
        ("no_such_module_xyz:bot", "cannot import the bot factory 'no_such_module_xyz:bot'"),
        ("mybots_for_tests:missing", "has no callable 'missing'"),
        ("mybots_for_tests:not_callable", "has no callable 'not_callable'"),
        (
            "ismcts:foo=10",
            "has no option 'foo': its options are confidence, determinizations, exploration",
        ),
        ("random:depth=3", "bot 'random' has no option 'depth': its options are none"),
    ],
)
def test_unknown_factories_and_options_are_explained(my_bots: str, text: str, message: str) -> None:
    """Bot specs: an unknown option lists the valid ones; a bad import string says why."""
    del my_bots
    with pytest.raises(InvalidConfigError, match=message):
        build_bot(text, ToyGame(), 0)


def test_heuristic_options_are_listed_per_game() -> None:
    """Bot specs: the heuristic's options are those of the game's own heuristic class."""
    with pytest.raises(InvalidConfigError, match="its options are danger"):
        build_bot("heuristic:patience=2", Sixes(), 0)
    with pytest.raises(InvalidConfigError, match="its options are patience"):
        build_bot("heuristic:danger=2", Paiute(), 0)
    assert build_bot("heuristic:patience=2", Paiute(), 0) is not None


@pytest.mark.parametrize(
    "text", ["mybots_for_tests", "mybots_for_tests:depth=2", "my-bots:blocker", ":blocker"]
)
def test_text_that_is_neither_a_bot_nor_an_import_string(text: str) -> None:
    """Bot specs: a first part that is not a built-in bot needs a bare factory name after it."""
    with pytest.raises(ParseError, match="or the import string of a bot factory"):
        BotSpec.parse(text)
