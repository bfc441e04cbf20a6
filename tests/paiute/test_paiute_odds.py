"""Tests of Paiute drawing odds (cardgames.paiute.odds): exact against brute force (P11, P15)."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.cards import Card, Rank, parse_cards, standard_deck
from cardgames.errors import InvalidConfigError
from cardgames.paiute import (
    Category,
    DrawDiscard,
    DrawStock,
    Paiute,
    PaiuteConfig,
    PaiuteObservation,
)
from cardgames.paiute.hands import evaluate
from cardgames.paiute.odds import hand_odds, odds, unseen_cards


def _best_now(held: tuple[Card, ...], wild: Rank) -> int:
    """The best category a player holding these six cards can call with (P11), 0 for none."""
    values = [evaluate(held, wild)]
    values += [evaluate(tuple(c for c in held if c != out), wild) for out in held]
    return max((value.category for value in values if value is not None), default=0)


def _brute_best(kept: tuple[Card, ...], drawn: tuple[Card, ...], wild: Rank) -> int:
    """Play the draws in order, trying every discard at every step; the best call reached."""
    held = (*kept, drawn[0])
    best = _best_now(held, wild)
    if len(drawn) > 1:
        for out in held:
            rest = tuple(card for card in held if card != out)
            best = max(best, _brute_best(rest, drawn[1:], wild))
    return best


def _brute_odds(
    kept: tuple[Card, ...], pool: tuple[Card, ...], wild: Rank, draws: int
) -> dict[int, Fraction]:
    """Each category's probability over every ordered sequence of draws, equally likely."""
    sequences = list(itertools.permutations(pool, draws))
    counts: dict[int, int] = {}
    for sequence in sequences:
        best = _brute_best(kept, sequence, wild)
        counts[best] = counts.get(best, 0) + 1
    return {category: Fraction(count, len(sequences)) for category, count in counts.items()}


# Cards of a few ranks and suits, so that small pools often complete combinations.
_DENSE = tuple(card for card in standard_deck() if card.rank in {2, 3, 4, 5, 6, 13, 14})


@given(
    cards=st.lists(st.sampled_from(_DENSE), min_size=8, max_size=10, unique=True),
    wild=st.sampled_from([Rank.TWO, Rank.SIX, Rank.NINE]),
    draws=st.integers(min_value=1, max_value=2),
)
def test_exact_odds_match_brute_force_play(cards: list[Card], wild: Rank, draws: int) -> None:
    """P11/P15: enumerated odds equal brute force over draw orders and every discard choice."""
    kept, pool = tuple(cards[:5]), tuple(cards[5:])
    result = hand_odds(kept, unseen=pool, wild_rank=int(wild), draws=draws)
    assert result.exact
    assert result.samples == math.comb(len(pool), draws)
    expected = _brute_odds(kept, pool, wild, draws)
    for category, probability in result.categories:
        assert probability == pytest.approx(float(expected.get(category, Fraction(0))))
    assert result.any == pytest.approx(1 - float(expected.get(0, Fraction(0))))


def test_three_draws_brute_force() -> None:
    """P11: three draws with discards in between match brute force (a straight flush draw)."""
    kept = parse_cards("5h 6h Kc Kd 2s")
    pool = parse_cards("7h 8h 9h Ks 3c")
    result = hand_odds(kept, unseen=pool, wild_rank=2, draws=3)
    expected = _brute_odds(kept, pool, Rank.TWO, 3)
    assert result.exact
    for category, probability in result.categories:
        assert probability == pytest.approx(float(expected.get(category, Fraction(0))))
    assert result.probability(Category.STRAIGHT_FLUSH) > 0


def test_sampled_odds_agree_with_enumeration_within_error() -> None:
    """Sampling (forced by max_enumeration=0) stays within 4 standard errors, and is seeded."""
    kept = parse_cards("5h 6h 7h 8h Kc")
    pool = tuple(card for card in standard_deck() if card not in kept)[:30]
    exact = hand_odds(kept, unseen=pool, wild_rank=2, draws=2)
    sampled = hand_odds(kept, unseen=pool, wild_rank=2, draws=2, max_enumeration=0, seed=5)
    assert not sampled.exact
    assert sampled.samples == 2000
    assert 0 < sampled.standard_error < 0.02
    assert abs(sampled.any - exact.any) < 4 * sampled.standard_error + 1e-9
    again = hand_odds(kept, unseen=pool, wild_rank=2, draws=2, max_enumeration=0, seed=5)
    assert again == sampled


def _observation_after_draw(seed: int, *, from_discard: bool) -> PaiuteObservation:
    game = Paiute(PaiuteConfig(num_players=3))
    state = game.initial_state(seed=seed)
    action = DrawDiscard() if from_discard else DrawStock()
    state = game.apply(state, action)
    player = game.current_player(state)
    assert player is not None
    return game.observe(state, player)


def test_odds_per_discard_skip_the_card_taken_from_the_discard_pile() -> None:
    """P9: no entry for discarding the card just taken from the discard pile; one per other."""
    observation = _observation_after_draw(4, from_discard=True)
    results = odds(observation)
    drawn = observation.drawn_card
    assert {result.discard for result in results} == set(observation.hand) - {drawn}
    assert [result.any for result in results] == sorted((r.any for r in results), reverse=True)


def test_odds_before_the_draw_and_unseen_pool() -> None:
    """P6/P7: before drawing, one entry; the pool excludes hand, discards and the wild card."""
    game = Paiute(PaiuteConfig(num_players=3))
    state = game.initial_state(seed=9)
    player = game.current_player(state)
    assert player is not None
    observation = game.observe(state, player)
    pool = unseen_cards(observation)
    assert len(pool) == 52 - 5 - 1 - 1
    assert observation.wild_card not in pool
    (result,) = odds(observation, draws=1)
    assert result.discard is None
    assert result.exact


def test_odds_reject_bad_input() -> None:
    """Bad hands, pools, ranks, draw counts and sample counts are InvalidConfigError."""
    kept = parse_cards("5h 6h 7h 8h Kc")
    pool = parse_cards("2c 3c")
    with pytest.raises(InvalidConfigError):
        hand_odds(kept[:4], unseen=pool, wild_rank=2)
    with pytest.raises(InvalidConfigError):
        hand_odds(kept, unseen=(*pool, kept[0]), wild_rank=2)
    with pytest.raises(InvalidConfigError):
        hand_odds(kept, unseen=pool, wild_rank=1)
    with pytest.raises(InvalidConfigError):
        hand_odds(kept, unseen=pool, wild_rank=2, draws=3)
    with pytest.raises(InvalidConfigError):
        hand_odds(kept, unseen=pool, wild_rank=2, samples=0)
    observation = _observation_after_draw(1, from_discard=False)
    with pytest.raises(InvalidConfigError):
        odds(attrs.evolve(observation, hand=observation.hand[:4]))
