"""Tests of the Paiute expert bot and the fast exact odds it plays by (P9, P11, P13-P15)."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.bots import BotSpec, RandomBot, build_bot
from cardgames.cards import Card, parse_cards, standard_deck
from cardgames.errors import InvalidConfigError
from cardgames.game import PlayerId
from cardgames.paiute import (
    Call,
    Called,
    Discard,
    Discarded,
    DrawDiscard,
    DrawStock,
    DrewFromDiscard,
    DrewFromStock,
    Paiute,
    PaiuteAction,
    PaiuteConfig,
    PaiuteHeuristicBot,
    PaiuteObservation,
    evaluate,
    hand_potential,
)
from cardgames.paiute.expert import (
    FEED_SAMPLES,
    RACE_CANDIDATES,
    PaiuteExpertBot,
    _last_discard,
    _race,
    _race_pick,
    expert_bot,
    two_turn_chance,
)
from cardgames.paiute.hands import call_options_indices
from cardgames.paiute.odds import completion_chance, hand_odds, unseen_cards
from cardgames.simulation import play_game
from cardgames.sixes import Sixes
from strategies import slow_settings

PAIUTE = Paiute(PaiuteConfig(num_players=2, max_turns=60))

# Cards of a few ranks, so that small pools often complete combinations.
_DENSE = tuple(card for card in standard_deck() if card.rank in {2, 3, 4, 5, 6, 13, 14})


def view(hand: str, **changes: object) -> PaiuteObservation:
    """A Paiute observation of seat 0 holding ``hand``, twos wild (wild card 2♣)."""
    real = PAIUTE.observe(PAIUTE.initial_state(3), PlayerId(0))
    fields: dict[str, object] = {
        "hand": tuple(sorted(parse_cards(hand))),
        "wild_card": Card.parse("2c"),
        "discard_pile": parse_cards("9d"),
        "caller": None,
        "drawn_card": None,
        "drawn_from_discard": False,
        "turns_played": 0,
        "stacks": (19, 19),
        "history": (),
    }
    fields.update(changes)
    return attrs.evolve(real, **fields)  # type: ignore[arg-type]


def _indices(cards: tuple[Card, ...]) -> list[int]:
    return [card.index for card in cards]


@given(
    st.lists(st.sampled_from(_DENSE), min_size=11, max_size=14, unique=True),
    st.sampled_from((2, 3, 13)),
    st.sampled_from((1, 2)),
)
def test_completion_chance_equals_the_odds(cards: list[Card], wild: int, draws: int) -> None:
    """P11, P15: the fast chance equals hand_odds' exact probability of any combination."""
    kept, pool = tuple(cards[:5]), tuple(cards[5:])
    slow = hand_odds(kept, unseen=pool, wild_rank=wild, draws=draws).any
    assert abs(completion_chance(_indices(kept), _indices(pool), wild, draws=draws) - slow) < 1e-12


def test_completion_chance_of_an_empty_or_single_pool() -> None:
    """P11: nothing to draw is no chance; two draws from one card are one draw."""
    kept = _indices(parse_cards("5h 6h 7h 8h Kc"))
    assert completion_chance(kept, [], 2, draws=2) == 0.0
    assert completion_chance(kept, _indices(parse_cards("9h")), 2, draws=2) == 1.0


def _brute_two_turns(kept: tuple[int, ...], pool: tuple[int, ...], wild: int) -> float:
    """Enumerate both draws, the best discard in between chosen knowing only the first."""
    hits = 0.0
    for first in pool:
        six = (*kept, first)
        if call_options_indices(six, wild):
            hits += 1
            continue
        rest = [card for card in pool if card != first]
        hits += max(
            sum(
                bool(call_options_indices((*[c for c in six if c != out], second), wild))
                for second in rest
            )
            / len(rest)
            for out in six
        )
    return hits / len(pool)


@given(
    st.lists(st.sampled_from(_DENSE), min_size=8, max_size=11, unique=True),
    st.sampled_from((2, 3, 13)),
)
def test_two_turn_chance_is_exact_and_between_the_odds(cards: list[Card], wild: int) -> None:
    """P11: the two-turn chance is exact, at least the next draw's, at most hindsight's."""
    kept, pool = tuple(_indices(tuple(cards[:5]))), tuple(_indices(tuple(cards[5:])))
    chance = two_turn_chance(kept, pool, wild)
    assert abs(chance - _brute_two_turns(kept, pool, wild)) < 1e-12
    assert completion_chance(kept, pool, wild) <= chance + 1e-12
    assert chance <= completion_chance(kept, pool, wild, draws=2) + 1e-12


def test_two_turn_chance_of_a_tiny_pool() -> None:
    """P11: with one card left to draw, two turns are one draw; with none, no chance."""
    kept = _indices(parse_cards("5h 6h 7h 8h Kc"))
    assert two_turn_chance(kept, _indices(parse_cards("9h")), 2) == 1.0
    assert two_turn_chance(kept, [], 2) == 0.0


def test_expert_calls_at_once_with_a_low_combination() -> None:
    """P11, P15: the expert calls with Two/Two/Two on the first turn; the heuristic waits."""
    observation = view("3h 3d 5c 5s 9h 9c", drawn_card=Card.parse("9c"))
    legal: tuple[PaiuteAction, ...] = (
        *(Discard(card=card) for card in observation.hand),
        Call(discard=None),
    )
    assert PaiuteExpertBot(PAIUTE, seed=1).choose(observation, legal) == Call(discard=None)
    assert PaiuteHeuristicBot(PAIUTE, seed=1).choose(observation, legal) != Call(discard=None)


def test_expert_takes_a_discard_that_lets_it_call() -> None:
    """P9, P11: taking the top discard that completes a straight flush beats drawing."""
    observation = view("5h 6h 7h 8h Kc", discard_pile=parse_cards("Jd 9h"))
    assert PaiuteExpertBot(PAIUTE, seed=1).choose(observation, (DrawStock(), DrawDiscard())) == (
        DrawDiscard()
    )


def test_expert_takes_a_wild_discard() -> None:
    """P9, P16: a wild card on the pile is taken (as the heuristic does)."""
    observation = view("3h 7c 9s Jd Kh", discard_pile=parse_cards("9d 2h"))
    assert PaiuteExpertBot(PAIUTE, seed=1).choose(observation, (DrawStock(), DrawDiscard())) == (
        DrawDiscard()
    )


def test_expert_draws_from_the_stock_when_the_top_does_not_help() -> None:
    """P9: a top discard that improves no chance is left; the stock is drawn."""
    observation = view("5h 6h 7h 8h Kc", discard_pile=parse_cards("Jd 4c"))
    assert PaiuteExpertBot(PAIUTE, seed=1).choose(observation, (DrawStock(), DrawDiscard())) == (
        DrawStock()
    )


def test_expert_takes_a_discard_that_raises_its_chance() -> None:
    """P9, P15: the 7♥ joins 5♥ 6♥ 8♥ toward a straight flush: better than two blind draws."""
    observation = view("5h 6h 8h Kc Qd", discard_pile=parse_cards("Jd 7h"))
    assert PaiuteExpertBot(PAIUTE, seed=1).choose(observation, (DrawStock(), DrawDiscard())) == (
        DrawDiscard()
    )


def test_expert_keeps_four_to_a_straight_flush() -> None:
    """P15: from four hearts in a row and two odd cards, an odd card goes."""
    observation = view("5h 6h 7h 8h Kc Qd", drawn_card=Card.parse("Qd"))
    legal = tuple(Discard(card=card) for card in observation.hand)
    choice = PaiuteExpertBot(PAIUTE, seed=1).choose(observation, legal)
    assert choice in (Discard(card=Card.parse("Kc")), Discard(card=Card.parse("Qd")))


def test_expert_never_discards_the_card_it_took() -> None:
    """P9: the card taken from the discard pile is not among the expert's discards."""
    observation = view("5h 6h 7h 8h Kc Qd", drawn_card=Card.parse("Qd"), drawn_from_discard=True)
    legal = tuple(Discard(card=card) for card in observation.hand if card != Card.parse("Qd"))
    assert PaiuteExpertBot(PAIUTE, seed=1).choose(observation, legal) == Discard(
        card=Card.parse("Kc")
    )


def test_expert_does_not_feed_the_next_player() -> None:
    """P9, P11: the opponent took three kings; the expert keeps its king back, not its queen."""
    kings = parse_cards("Kd Kh Ks")
    history = tuple(DrewFromDiscard(player=PlayerId(1), card=card) for card in kings)
    observation = view(
        "4h 5h 6h 7h Kc Qd",
        drawn_card=Card.parse("Qd"),
        history=history,
        discard_pile=parse_cards("9d"),
    )
    legal = tuple(Discard(card=card) for card in observation.hand)
    assert PaiuteExpertBot(PAIUTE, seed=1).choose(observation, legal) == Discard(
        card=Card.parse("Qd")
    )


def test_expert_feed_is_zero_without_a_player() -> None:
    """P9: a spectator's view has no next player to feed."""
    bot = PaiuteExpertBot(PAIUTE, seed=1)
    assert bot._feed(view("4h 5h 6h 7h Kc Qd", player=None), [0, 1], [2, 3]) == [0.0, 0.0]


def _called(shown: str) -> Called:
    cards = parse_cards(shown)
    value = evaluate(cards, Card.parse("2c").rank)
    assert value is not None
    return Called(player=PlayerId(1), discard=None, shown=cards, value=value)


def test_expert_final_turn_takes_the_discard_that_beats_the_call() -> None:
    """P13, P14: facing Two/Two/Two, the top discard that makes a straight flush is taken."""
    observation = view(
        "5h 6h 7h 8h Kc",
        caller=PlayerId(1),
        history=(_called("3d 3s 4d 4s Jc Jh"),),
        discard_pile=parse_cards("Jd 9h"),
    )
    assert PaiuteExpertBot(PAIUTE, seed=1).choose(observation, (DrawStock(), DrawDiscard())) == (
        DrawDiscard()
    )


def test_expert_final_turn_draws_the_stock_for_a_chance() -> None:
    """P13, P14: a top discard that cannot beat the call is left for the stock's chance."""
    observation = view(
        "5h 6h 7h 8h Kc",
        caller=PlayerId(1),
        history=(_called("3d 3s 4d 4s Jc Jh"),),
        discard_pile=parse_cards("Jd Ac"),
    )
    assert PaiuteExpertBot(PAIUTE, seed=1).choose(observation, (DrawStock(), DrawDiscard())) == (
        DrawStock()
    )


def test_expert_final_turn_without_a_chance_plays_as_the_heuristic() -> None:
    """P13: when neither draw can beat a royal flush, the heuristic's choice stands."""
    observation = view(
        "3c 7c 9s Jd Kh",
        caller=PlayerId(1),
        history=(_called("Ah Kh Qh Jh Th"),),
        discard_pile=parse_cards("Jc 4d"),
    )
    legal = (DrawStock(), DrawDiscard())
    expert = PaiuteExpertBot(PAIUTE, seed=1).choose(observation, legal)
    assert expert == PaiuteHeuristicBot(PAIUTE, seed=1).choose(observation, legal)


def test_expert_final_turn_discard_shows_the_best_hand() -> None:
    """P13: after the final draw the expert shows its best combination."""
    observation = view(
        "5h 6h 7h 8h 9h Kc",
        caller=PlayerId(1),
        history=(_called("3d 3s 4d 4s Jc Jh"),),
        drawn_card=Card.parse("9h"),
    )
    legal = tuple(Discard(card=card) for card in observation.hand)
    assert PaiuteExpertBot(PAIUTE, seed=1).choose(observation, legal) == Discard(
        card=Card.parse("Kc")
    )


def test_expert_with_one_or_no_choice() -> None:
    """P9: a single legal action is returned; no legal action is an error."""
    bot = PaiuteExpertBot(PAIUTE, seed=1)
    assert bot.choose(view("3h 7c 9s Jd Kh"), (DrawStock(),)) == DrawStock()
    with pytest.raises(ValueError, match="at least one legal action"):
        bot.choose(view("3h 7c 9s Jd Kh"), ())


def test_expert_refuses_other_games() -> None:
    """The expert plays Paiute only."""
    with pytest.raises(InvalidConfigError, match="plays paiute"):
        PaiuteExpertBot(Sixes(), seed=1)


@slow_settings()
@given(st.integers(0, 10_000), st.sampled_from((2, 3, 4)))
def test_expert_plays_whole_deals_legally_and_reproducibly(seed: int, players: int) -> None:
    """P9-P14: against random play every action is legal, and a seed repeats the deal."""
    game = Paiute(PaiuteConfig(num_players=players, max_turns=40))
    bots = [expert_bot(game, seed), *(RandomBot(seed=seed + s) for s in range(1, players))]
    final, actions = play_game(game, bots, seed=seed)
    assert game.is_terminal(final)
    again = [expert_bot(game, seed), *(RandomBot(seed=seed + s) for s in range(1, players))]
    assert play_game(game, again, seed=seed)[1] == actions


def test_expert_by_import_string() -> None:
    """BotSpec names the expert by its import string (as the strength table does)."""
    bot = build_bot(BotSpec.parse("cardgames.paiute.expert:expert_bot"), PAIUTE, 1)
    assert isinstance(bot, PaiuteExpertBot)


def test_expert_guards_fall_back_without_their_actions() -> None:
    """P9, P13: with no choice of draw or discard on offer, each step takes what is legal."""
    bot = PaiuteExpertBot(PAIUTE, seed=1)
    final = view("5h 6h 7h 8h Kc", caller=PlayerId(1), history=(_called("3d 3s 4d 4s Jc Jh"),))
    assert bot._final_draw(final, (DrawStock(),)) == DrawStock()
    six = view("5h 6h 7h 8h Kc Qd", drawn_card=Card.parse("Qd"))
    assert bot._discard(six, (Call(discard=None),)) == Call(discard=None)


def test_expert_feed_is_zero_when_the_next_hand_is_not_five_cards() -> None:
    """P9: the next player holds five cards between turns; any other count is not guessed."""
    bot = PaiuteExpertBot(PAIUTE, seed=1)
    observation = view("4h 5h 6h 7h Kc Qd", hand_sizes=(6, 6))
    assert bot._feed(observation, [0, 1], [2, 3, 4, 5, 6, 7]) == [0.0, 0.0]


def test_last_discard_names_the_card_and_the_card_taken_that_turn() -> None:
    """P9: the next player's last discard, with the pile card it could not discard that turn."""
    one = PlayerId(1)
    taken, thrown, later = parse_cards("Kd 7s 9h")
    history = (
        DrewFromDiscard(player=one, card=taken),
        Discarded(player=one, card=thrown),
        DrewFromStock(player=PlayerId(0)),
        Discarded(player=PlayerId(0), card=Card.parse("3c")),
    )
    assert _last_discard(view("3h 7c 9s Jd Kh", history=history), 1) == (thrown.index, taken.index)
    again = (*history, DrewFromStock(player=one), Discarded(player=one, card=later))
    assert _last_discard(view("3h 7c 9s Jd Kh", history=again), 1) == (later.index, None)
    assert _last_discard(view("3h 7c 9s Jd Kh", history=history), 0) == (
        Card.parse("3c").index,
        None,
    )
    assert _last_discard(view("3h 7c 9s Jd Kh"), 1) is None


def _history_of_a_discard(card: str) -> tuple[DrewFromStock, Discarded]:
    return DrewFromStock(player=PlayerId(1)), Discarded(player=PlayerId(1), card=Card.parse(card))


@given(st.sampled_from(("7s", "Kd", "4c", "Ah")), st.integers(0, 1000))
def test_keeper_guesses_keep_cards_as_a_player_toward_a_combination(card: str, seed: int) -> None:
    """P9, P15: in each guessed hand the last discard was its holder's least useful card."""
    observation = view(
        "3h 7c 9s Jd Kh Qd",
        discard_pile=parse_cards(f"9d {card}"),
        history=_history_of_a_discard(card),
    )
    pool = [c.index for c in unseen_cards(observation)]
    thrown = Card.parse(card)
    keeper = PaiuteExpertBot(PAIUTE, seed=seed, model="keeper")
    hands = keeper._guess_hands(observation, 1, (), 5, pool)
    assert 0 < len(hands) <= FEED_SAMPLES
    wild = Card.parse("2c").rank
    dead = frozenset(parse_cards("9d"))
    for hand in hands:
        cards = [Card.from_index(index) for index in hand]
        kept = hand_potential(cards, wild, dead=dead)
        assert all(
            kept >= hand_potential([*(c for c in cards if c != out), thrown], wild, dead=dead)
            for out in cards
        )


def test_uniform_guesses_ignore_the_last_discard() -> None:
    """P9: the uniform model draws the next player's cards from the unseen cards alone."""
    observation = view(
        "3h 7c 9s Jd Kh Qd", discard_pile=parse_cards("9d 2h"), history=_history_of_a_discard("2h")
    )
    pool = [c.index for c in unseen_cards(observation)]
    uniform = PaiuteExpertBot(PAIUTE, seed=3)
    assert len(uniform._guess_hands(observation, 1, (), 5, pool)) == FEED_SAMPLES
    # a player never throws a wild card away, so no guess explains that discard: uniform again
    keeper = PaiuteExpertBot(PAIUTE, seed=3, model="keeper")
    assert len(keeper._guess_hands(observation, 1, (), 5, pool)) == FEED_SAMPLES


def test_expert_options_are_checked() -> None:
    """The expert's model is one of MODELS; the factory passes its options on."""
    with pytest.raises(InvalidConfigError, match="model must be one of builder, keeper, uniform"):
        PaiuteExpertBot(PAIUTE, seed=1, model="psychic")
    spec = BotSpec.parse("cardgames.paiute.expert:expert_bot:feed_weight=4:model=uniform")
    bot = build_bot(spec, PAIUTE, 1)
    assert isinstance(bot, PaiuteExpertBot)
    assert (bot._feed_weight, bot._model) == (4.0, "uniform")


def _builder_view(discards: int) -> PaiuteObservation:
    """Seat 0 to discard, seat 1 having drawn from the stock and discarded ``discards`` times."""
    thrown = parse_cards("Kd 4c 8s Jh")[:discards]
    history = tuple(
        event
        for card in thrown
        for event in (DrewFromStock(player=PlayerId(1)), Discarded(player=PlayerId(1), card=card))
    )
    return view("3h 7c 9s Jd Kh Qd", discard_pile=(Card.parse("9d"), *thrown), history=history)


def test_builder_guesses_before_any_discard_are_uniform() -> None:
    """P5: before the next player has discarded, the builder model guesses a dealt hand."""
    observation = _builder_view(0)
    pool = [c.index for c in unseen_cards(observation)]
    builder = PaiuteExpertBot(PAIUTE, seed=5, model="builder")
    uniform = PaiuteExpertBot(PAIUTE, seed=5)
    assert builder._guess_hands(observation, 1, (), 5, pool) == uniform._guess_hands(
        observation, 1, (), 5, pool
    )


def test_builder_guesses_are_closer_to_a_combination_and_keep_known_cards() -> None:
    """P9, P15: after four turns of building, guessed hands hold known cards and rate higher."""
    observation = _builder_view(4)
    known = Card.parse("Ah")
    pool = [c.index for c in unseen_cards(observation) if c != known]
    builder = PaiuteExpertBot(PAIUTE, seed=5, model="builder")
    uniform = PaiuteExpertBot(PAIUTE, seed=5)
    built = builder._guess_hands(observation, 1, (known.index,), 4, pool)
    dealt = uniform._guess_hands(observation, 1, (known.index,), 4, pool)
    assert len(built) == FEED_SAMPLES
    for hand in built:
        assert known.index in hand
        assert len(set(hand)) == 5
        assert set(hand) <= {*pool, known.index}
    wild = Card.parse("2c").rank

    def mean_potential(hands: list[tuple[int, ...]]) -> float:
        return sum(hand_potential(map(Card.from_index, hand), wild) for hand in hands) / len(hands)

    assert mean_potential(built) > 1.5 * mean_potential(dealt)


# --- the races option (heads-up) ---

_TWOS = Card.parse("2c").rank  # wild in view()


def _race_of(guess: str, mine: str, top: str, stock: str) -> float:
    return _race(
        _indices(parse_cards(guess)),
        _indices(parse_cards(mine)),
        Card.parse(top).index,
        _indices(parse_cards(stock)),
        int(_TWOS),
        (0, 0, 0, 0),
        True,  # noqa: FBT003 - ace_low, positional as the bot passes it
    )


def test_race_is_lost_when_the_other_player_calls_with_the_discard() -> None:
    """P9, P11: the other player moves first and calls with the discarded 9♥: the race is 0."""
    assert _race_of("5h 6h 7h 8h Kc", "3c 3d Jc Qs Ad", "9h", "4s 5s") == 0.0


def test_race_is_won_when_the_bot_calls_first() -> None:
    """P9, P11: whatever the other player takes, the bot's next card makes a straight flush."""
    assert _race_of("Jc Qd Ks 3s 9c", "5h 6h 7h 8h Kc", "Td", "9h 4h") == 1.0


def test_race_without_a_stock_is_a_draw() -> None:
    """P10: a race whose stock runs out before anyone calls counts a half."""
    assert _race_of("Jc Qd Ks 3s 9c", "4d 7s Th Qh Ac", "5c", "") == 0.5


def test_race_pick_keeps_the_best_rated_unless_another_is_clearly_better() -> None:
    """A candidate replaces the best-rated discard only by more than one standard error."""
    base = [0.0, 0.0, 1.0, 1.0]
    assert _race_pick([7, 8], [base, [1.0, 1.0, 1.0, 1.0]]) == 8
    assert _race_pick([7, 8], [base, [1.0, 0.0, 0.0, 1.0]]) == 7  # as good, not better
    assert _race_pick([7, 8], [base, [0.0, 0.0, 0.5, 1.0]]) == 7  # worse
    # better on average (by 1/6) but by less than its standard error (about 0.31)
    base6, better6 = [0.0, 0.0, 0.0, 0.0, 1.0, 0.0], [1.0, 1.0, 0.0, 0.0, 0.0, 0.0]
    assert _race_pick([7, 8], [base6, better6]) == 7
    assert _race_pick([7, 8, 9], [base, [1.0, 1.0, 1.0, 0.5], [1.0, 1.0, 1.0, 1.0]]) == 9


def test_race_means_race_each_discard_on_the_same_guesses() -> None:
    """P9: one row per discard, each result a win, a loss or a half; a seed repeats them."""
    observation = _builder_view(2)
    discards = [card.index for card in observation.hand][:RACE_CANDIDATES]
    means = PaiuteExpertBot(PAIUTE, seed=3).race_means(observation, discards, 30)
    assert means is not None
    assert [len(row) for row in means] == [30] * RACE_CANDIDATES
    assert {result for row in means for result in row} <= {0.0, 0.5, 1.0}
    assert PaiuteExpertBot(PAIUTE, seed=3).race_means(observation, discards, 30) == means


def test_race_means_only_for_a_heads_up_discard() -> None:
    """The races model two players: a larger table, or no discard to make, gives None."""
    bot = PaiuteExpertBot(PAIUTE, seed=3)
    three = view("3h 7c 9s Jd Kh Qd", hand_sizes=(6, 5, 5))
    assert bot.race_means(three, [0, 1], 10) is None
    assert bot.race_means(view("3h 7c 9s Jd Kh"), [0, 1], 10) is None
    assert bot.race_means(view("3h 7c 9s Jd Kh Qd", player=None), [0, 1], 10) is None
    assert bot.race_means(view("3h 7c 9s Jd Kh Qd", hand_sizes=(6, 6)), [0, 1], 10) is None


def test_expert_with_races_keeps_four_to_a_straight_flush() -> None:
    """P9, P15: with races, the expert still throws an odd card, not one of the four hearts."""
    observation = view("4h 5h 6h 7h Kc Qd", drawn_card=Card.parse("Qd"))
    legal = tuple(Discard(card=card) for card in observation.hand)
    plain = PaiuteExpertBot(PAIUTE, seed=1).choose(observation, legal)
    raced = PaiuteExpertBot(PAIUTE, seed=1, races=50).choose(observation, legal)
    assert plain in legal
    assert raced in (Discard(card=Card.parse("Kc")), Discard(card=Card.parse("Qd")))


@slow_settings()
@given(st.integers(0, 10_000), st.sampled_from((2, 3)))
def test_expert_with_races_plays_whole_deals_legally_and_reproducibly(
    seed: int, players: int
) -> None:
    """P9-P14: with races (heads-up; ignored at three), every action is legal and repeats."""
    game = Paiute(PaiuteConfig(num_players=players, max_turns=30))

    def bots() -> list[object]:
        return [
            expert_bot(game, seed, races=8),
            *(PaiuteHeuristicBot(game, seed=seed + s) for s in range(1, players)),
        ]

    final, actions = play_game(game, bots(), seed=seed)  # type: ignore[arg-type]
    assert game.is_terminal(final)
    assert play_game(game, bots(), seed=seed)[1] == actions  # type: ignore[arg-type]


def test_expert_races_option_is_checked() -> None:
    """races is an int of at least 0; the import string passes it on."""
    for races in (-1, 2.5, "10", True):
        with pytest.raises(InvalidConfigError, match="races must be an int of at least 0"):
            PaiuteExpertBot(PAIUTE, seed=1, races=races)  # type: ignore[arg-type]
    bot = build_bot(BotSpec.parse("cardgames.paiute.expert:expert_bot:races=100"), PAIUTE, 1)
    assert isinstance(bot, PaiuteExpertBot)
    assert bot._races == 100
