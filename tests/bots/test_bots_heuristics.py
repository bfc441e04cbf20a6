"""Scenario tests of the heuristic bots: each checks one rule-of-thumb against a rule id."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.bots import heuristic_bot
from cardgames.cards import Card, Rank, Suit, parse_cards, standard_deck
from cardgames.errors import InvalidConfigError
from cardgames.game import PlayerId
from cardgames.paiute import (
    Call,
    Category,
    Discard,
    DrawDiscard,
    DrawStock,
    Paiute,
    PaiuteAction,
    PaiuteConfig,
    PaiuteHeuristicBot,
    PaiuteObservation,
    ShowSix,
    hand_potential,
    heuristic,
)
from cardgames.paiute.heuristic import _by_suit, _dead_by_suit, _mask, _potentials
from cardgames.sixes import Pass, Play, Sixes, SixesConfig, SixesHeuristicBot, SixesObservation
from cardgames.sixes.deck import SIXES_DECK
from cardgames.sixes.heuristic import _fast_score, _hand_mask

PAIUTE = Paiute(PaiuteConfig(num_players=2, max_turns=60))
SIXES = Sixes(SixesConfig(num_players=2))


def sixes_view(hand: str, sizes: tuple[int, int] = (5, 5)) -> SixesObservation:
    """A Sixes observation of seat 0 holding ``hand`` (only what the bot reads matters)."""
    real = SIXES.observe(SIXES.initial_state(1), PlayerId(0))
    return attrs.evolve(real, hand=frozenset(parse_cards(hand)), hand_sizes=sizes)


def plays(cards: str) -> tuple[Play, ...]:
    return tuple(Play(card) for card in parse_cards(cards))


def test_sixes_bot_opens_its_own_cards_first() -> None:
    """S6: playing 5♦ opens the bot's own 4♦; playing 7♥ would open J♥ for an opponent."""
    view = sixes_view("5d 4d 7h Qc Kc")
    assert SixesHeuristicBot(seed=1).choose(view, plays("5d 7h")) == Play(Card.parse("5d"))


def test_sixes_bot_plays_safe_ends_before_gifts() -> None:
    """S6: an ace opens nothing, so it is played before a card that helps an opponent."""
    view = sixes_view("Ad 7h 3c 4s Ks")
    assert SixesHeuristicBot(seed=2).choose(view, plays("Ad 7h")) == Play(Card.parse("Ad"))


def test_sixes_bot_passes_when_it_must() -> None:
    """S7: with no legal play the bot passes."""
    assert SixesHeuristicBot(seed=0).choose(sixes_view("2c 3c"), (Pass(),)) == Pass()


def test_sixes_bot_may_pass_instead_of_a_gift() -> None:
    """S7 (must_play_if_able off): the bot passes rather than make a pure gift late in a round."""
    view = sixes_view("7h", sizes=(1, 1))
    legal = (Play(Card.parse("7h")), Pass())
    bot = SixesHeuristicBot(seed=0)
    assert SixesHeuristicBot.score(Card.parse("7h"), view.hand, threat=2.0) < -3
    assert bot.choose(view, legal) == Pass()
    assert bot.choose(sixes_view("7h Jh"), legal) == Play(Card.parse("7h"))


def test_sixes_bot_needs_an_action() -> None:
    """S7: there is always an action; an empty list is a caller's bug."""
    with pytest.raises(ValueError, match="at least one legal action"):
        SixesHeuristicBot(seed=0).choose(sixes_view("2c"), ())


def _readable_choice(
    bot: SixesHeuristicBot, view: SixesObservation, legal: tuple[Play | Pass, ...]
) -> Play | Pass:
    """SixesHeuristicBot.choose as first written: every play scored by the readable score."""
    playable = [action for action in legal if isinstance(action, Play)]
    if not playable:
        return legal[0]
    others = [size for seat, size in enumerate(view.hand_sizes) if seat != view.player]
    threat = 2.0 if others and min(others) <= 2 else 1.0
    scored = [
        (SixesHeuristicBot.score(action.card, view.hand, threat), bot._rng.random(), action)
        for action in playable
    ]
    best_score, _, best = max(scored, key=lambda item: (item[0], item[1]))
    if best_score < -3 and any(isinstance(action, Pass) for action in legal):
        return next(action for action in legal if isinstance(action, Pass))
    return best


@given(
    st.sets(st.sampled_from(SIXES_DECK), min_size=0, max_size=20),
    st.sampled_from(SIXES_DECK),
    st.sampled_from([1.0, 2.0, 0.5, 3.0]),
)
def test_sixes_fast_score_is_the_readable_score(hand: set[Card], card: Card, threat: float) -> None:
    """S6: the score from the hand's bitmask equals score() to the last bit, for any card."""
    mask = _hand_mask(hand)
    assert mask is not None
    assert _fast_score(card, mask, threat) == SixesHeuristicBot.score(card, frozenset(hand), threat)


@given(st.integers(0, 10**6), st.sampled_from([2, 4, 5, 8]), st.integers(0, 2**32))
def test_sixes_bot_chooses_as_the_readable_definition(
    seed: int, players: int, bot_seed: int
) -> None:
    """S6, S7: a seeded round's moves and the generator's draws are the readable definition's.

    Move for move: the fast scores change nothing but the time.
    """
    game = Sixes(SixesConfig(num_players=players, must_play_if_able=seed % 2 == 0))
    state = game.initial_state(seed)
    fast, readable = SixesHeuristicBot(seed=bot_seed), SixesHeuristicBot(seed=bot_seed)
    for _ in range(300):  # passing is free at 0 chips (S7): a round may never end
        if game.is_terminal(state) or game.round_index(state) != 1:
            break
        player = game.current_player(state)
        assert player is not None
        view, legal = game.observe(state, player), game.legal_actions(state)
        chosen = fast.choose(view, legal)
        assert chosen == _readable_choice(readable, view, legal)
        state = game.apply(state, chosen)
    assert fast._rng.getstate() == readable._rng.getstate()


def test_sixes_bot_scores_other_cards_the_readable_way() -> None:
    """A card that is not a plain 40-card Card (a subclass) is scored by score() itself."""

    class Marked(Card):
        __slots__ = ()

    marked = Marked(Rank.FIVE, Suit.DIAMONDS)
    assert _hand_mask([marked]) is None
    assert _fast_score(marked, 0, 1.0) is None
    view = sixes_view("4d Kc", sizes=(3, 5))
    view = attrs.evolve(view, hand=frozenset({marked, *view.hand}))
    chosen = SixesHeuristicBot(seed=3).choose(view, (Play(marked), Play(Card.parse("Kc"))))
    assert chosen == Play(marked)  # it opens the bot's own 4♦ (S6)


def paiute_view(hand: str, **changes: object) -> PaiuteObservation:
    """A Paiute observation of seat 0 holding ``hand``, with the wild card 2♣ (twos wild)."""
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
    }
    fields.update(changes)
    return attrs.evolve(real, **fields)  # type: ignore[arg-type]


def test_paiute_bot_takes_a_wild_discard() -> None:
    """P9, P16: a wild card on the discard pile is always worth taking."""
    view = paiute_view("3h 7c 9s Jd Kh", discard_pile=parse_cards("9d 2h"))
    assert PaiuteHeuristicBot(PAIUTE, seed=0).choose(view, (DrawStock(), DrawDiscard())) == (
        DrawDiscard()
    )


def test_paiute_bot_draws_from_the_stock_when_the_discard_does_not_help() -> None:
    """P9: a useless top discard is left; the bot draws from the stock."""
    view = paiute_view("9h Th Jh Qh 4c", discard_pile=parse_cards("9d 5s"))
    bot = PaiuteHeuristicBot(PAIUTE, seed=0)
    assert bot.choose(view, (DrawStock(), DrawDiscard())) == DrawStock()
    assert bot.choose(view, (DrawStock(),)) == DrawStock()


def test_paiute_bot_takes_a_discard_that_lets_it_call() -> None:
    """P9, P11: the top discard completes a straight flush, so the bot takes it."""
    view = paiute_view("9h Th Jh Qh 4c", discard_pile=parse_cards("9d Kh"))
    assert PaiuteHeuristicBot(PAIUTE, seed=0).choose(view, (DrawStock(), DrawDiscard())) == (
        DrawDiscard()
    )


def test_paiute_bot_calls_with_a_strong_hand() -> None:
    """P11, P15: with a straight flush after drawing, the bot calls, dropping the odd card."""
    view = paiute_view("9h Th Jh Qh Kh 4c", has_drawn=True, drawn_card=Card.parse("4c"))
    legal: tuple[PaiuteAction, ...] = (
        *(Discard(card=c) for c in view.hand),
        Call(discard=Card.parse("4c")),
    )
    assert PaiuteHeuristicBot(PAIUTE, seed=0).choose(view, legal) == Call(discard=Card.parse("4c"))


def test_paiute_bot_keeps_a_weak_two_two_two_early() -> None:
    """P11, P15: three low pairs early in the deal, not ahead: keep improving instead."""
    view = paiute_view("3h 3d 4c 4s 5h 5d", has_drawn=True, drawn_card=Card.parse("5d"))
    legal: tuple[PaiuteAction, ...] = (*(Discard(card=c) for c in view.hand), Call(discard=None))
    choice = PaiuteHeuristicBot(PAIUTE, seed=0).choose(view, legal)
    assert isinstance(choice, Discard)
    late = attrs.evolve(view, turns_played=40)
    assert PaiuteHeuristicBot(PAIUTE, seed=0).choose(late, legal) == Call(discard=None)
    ahead = attrs.evolve(view, stacks=(25, 13))
    assert PaiuteHeuristicBot(PAIUTE, seed=0).choose(ahead, legal) == Call(discard=None)


def test_paiute_bot_shows_its_best_hand_in_a_final_turn() -> None:
    """P13, P15: in a final turn the bot shows six cards when they form Four/Two."""
    view = paiute_view(
        "Kh Kd Kc Ks Ah Ad", has_drawn=True, drawn_card=Card.parse("Ad"), caller=PlayerId(1)
    )
    legal: tuple[PaiuteAction, ...] = (*(Discard(card=c) for c in view.hand), ShowSix())
    assert PaiuteHeuristicBot(PAIUTE, seed=0).choose(view, legal) == ShowSix()


def test_paiute_bot_never_discards_the_card_it_took() -> None:
    """P9: the card taken from the discard pile is not among the bot's discards."""
    view = paiute_view(
        "9h Th Jh 3c 5d Qh",
        has_drawn=True,
        drawn_card=Card.parse("Qh"),
        drawn_from_discard=True,
    )
    legal = tuple(Discard(card=c) for c in view.hand if c != Card.parse("Qh"))
    choice = PaiuteHeuristicBot(PAIUTE, seed=0).choose(view, legal)
    assert choice in legal
    assert choice in {Discard(card=Card.parse("3c")), Discard(card=Card.parse("5d"))}


def test_paiute_bot_plays_only_paiute() -> None:
    """P1: the Paiute bot refuses another game; the heuristic lookup finds the right bot."""
    with pytest.raises(InvalidConfigError, match="plays paiute"):
        PaiuteHeuristicBot(SIXES, seed=0)
    assert isinstance(heuristic_bot(PAIUTE, seed=1), PaiuteHeuristicBot)
    assert isinstance(heuristic_bot(SIXES, seed=1), SixesHeuristicBot)
    with pytest.raises(ValueError, match="at least one legal action"):
        PaiuteHeuristicBot(PAIUTE, seed=0).choose(paiute_view("2c 3c 4c 5c 6c"), ())


def test_hand_potential_counts_wilds_and_dead_cards() -> None:
    """P15, P16: a wild fills a gap; a needed card already discarded does not come back."""
    four_flush = parse_cards("9h Th Jh 3c 5d")
    with_wild = parse_cards("9h Th Jh 2c 5d")
    assert hand_potential(with_wild, Rank.TWO) > hand_potential(four_flush, Rank.TWO)
    dead = frozenset(parse_cards("Qh 8h Kh 7h"))
    assert hand_potential(four_flush, Rank.TWO, dead=dead) < hand_potential(four_flush, Rank.TWO)
    low = parse_cards("Ah 2h 3h 4h 9c")
    assert hand_potential(low, Rank.KING, ace_low_straight=False) < hand_potential(low, Rank.KING)


def reference_potential(
    hand: frozenset[Card], wild_rank: Rank, dead: frozenset[Card], ace_low_straight: bool = True
) -> float:
    """hand_potential as its docstring defines it, written plainly (the pre-speed-up code)."""
    windows = [(14, 2, 3, 4, 5), *(tuple(range(low, low + 5)) for low in range(2, 11))]
    if not ace_low_straight:
        windows = windows[1:]
    wilds = sum(card.rank == wild_rank for card in hand)
    naturals = [card for card in hand if card.rank != wild_rank]
    counts = [*sorted(Counter(card.rank for card in naturals).values(), reverse=True), 0, 0, 0]

    def weight(category: Category) -> float:
        return 1.0 + 0.08 * int(category)

    scores = [weight(Category.FIVE_OF_A_KIND) * 0.3 ** max(0, 5 - counts[0] - wilds)]
    held = {(card.suit, int(card.rank)) for card in naturals}
    for suit in Suit:
        for window in windows:
            have = sum((suit, rank) in held for rank in window)
            if not have:
                continue
            gaps = [rank for rank in window if (suit, rank) not in held]
            if any(Card(Rank(rank), suit) in dead for rank in gaps[wilds:]):
                continue
            category = Category.ROYAL_FLUSH if window[0] == 10 else Category.STRAIGHT_FLUSH
            scores.append(weight(category) * 0.3 ** max(0, 5 - have - wilds))
    for category, useful in (
        (Category.FOUR_TWO, min(counts[0], 4) + min(counts[1], 2) + wilds),
        (Category.THREE_THREE, min(counts[0], 3) + min(counts[1], 3) + wilds),
        (Category.TWO_TWO_TWO, min(counts[0], 2) + min(counts[1], 2) + min(counts[2], 2) + wilds),
    ):
        scores.append(weight(category) * 0.3 ** max(0, 6 - useful))
    return max(scores) + 0.1 * sum(scores)


@given(
    cards=st.lists(st.sampled_from(standard_deck()), min_size=5, max_size=30, unique=True),
    size=st.sampled_from([5, 6]),
    wild=st.sampled_from(list(Rank)),
    ace_low=st.booleans(),
)
def test_fast_hand_potential_matches_its_definition(
    cards: list[Card], size: int, wild: Rank, ace_low: bool
) -> None:
    """P15, P16: the fast, cached rating equals the plain definition on any hand and dead cards."""
    hand, dead = frozenset(cards[:size]), frozenset(cards[size:])
    fast = hand_potential(hand, wild, dead=dead, ace_low_straight=ace_low)
    assert fast == pytest.approx(reference_potential(hand, wild, dead, ace_low), abs=1e-11)


@given(
    cards=st.lists(st.sampled_from(standard_deck()), min_size=6, max_size=20, unique=True),
    wild=st.sampled_from(list(Rank)),
)
def test_rating_each_discard_matches_rating_each_hand(cards: list[Card], wild: Rank) -> None:
    """P9, P16: the bot's one-pass rating of every discard equals rating each five-card hand."""
    six, dead = cards[:6], frozenset(cards[6:])
    ratings = _potentials(
        [card.index for card in six],
        [None, *(card.index for card in six)],
        int(wild),
        _by_suit(_mask(dead)),
        ace_low=True,
    )
    assert ratings[0] == pytest.approx(reference_potential(frozenset(six), wild, dead))
    for card, rating in zip(six, ratings[1:], strict=True):
        rest = frozenset(six) - {card}
        assert rating == pytest.approx(reference_potential(rest, wild, dead), abs=1e-11)


@given(pile=st.lists(st.sampled_from(standard_deck()), max_size=52, unique=True))
def test_dead_cards_by_suit_in_one_pass(pile: list[Card]) -> None:
    """P7, P9: the one-pass dead ranks of a pile are the rank bits of every card below its top."""
    assert _dead_by_suit(tuple(pile)) == _by_suit(_mask(pile[:-1]))


@given(ratings=st.lists(st.floats(0.0, 20.0), min_size=1, max_size=50))
def test_remembered_rounding_is_round_to_12_decimals(ratings: list[float]) -> None:
    """The ratings' rounding (remembered per value) is ``round(rating, 12)``, and bounded."""
    for rating in ratings:
        assert heuristic._rounded(rating) == round(rating, 12)
        assert heuristic._ROUNDED[rating] == round(rating, 12)
        assert len(heuristic._ROUNDED) <= heuristic._ROUNDED_MAX


def test_remembered_rounding_starts_afresh_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    """The remembered ratings never outgrow ``_ROUNDED_MAX``: a full memory starts afresh."""
    monkeypatch.setattr(heuristic, "_ROUNDED_MAX", 3)
    monkeypatch.setattr(heuristic, "_ROUNDED", {})
    for rating in (0.1, 0.2, 0.3):
        heuristic._rounded(rating)
    assert len(heuristic._ROUNDED) == 3
    assert heuristic._rounded(0.4) == 0.4
    assert heuristic._ROUNDED == {0.4: 0.4}
