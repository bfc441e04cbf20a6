"""A Sixes bot that plays the way a careful casual player does.

The idea of the Sevens family (S6): every card played opens the next card of its column to
whoever holds it. All 40 cards are dealt, so a card not in your hand and not on the table is in
an opponent's hand. :class:`SixesHeuristicBot` scores each legal play by what it opens:

- opening one of its *own* cards is best (it keeps its own chain moving), the more of its cards
  lie further along that column the better;
- an ace or a king opens nothing, so it is a safe play;
- opening an opponent's card is a gift: it is held back as long as possible, more so when the
  bot holds nothing further along the column (the card would only ever help the others), and
  most of all when an opponent is about to go out (S8).

Among otherwise equal plays it prefers a card of its longest suit (a long suit is the one it
can keep extending), and breaks remaining ties with its own seeded generator.
:meth:`SixesHeuristicBot.score` is the readable definition of the scores;
:meth:`SixesHeuristicBot.choose` computes the very same numbers from the hand's bitmask and a
table of each card's column (a search plays this bot in its rollouts, thousands of moves a
decision)::

    >>> from cardgames.sixes import SixesHeuristicBot
    >>> from cardgames.sixes import Sixes, SixesConfig
    >>> game = Sixes(SixesConfig(num_players=4))
    >>> state = game.initial_state(seed=1)
    >>> player = game.current_player(state)
    >>> SixesHeuristicBot(seed=0).choose(game.observe(state, player), game.legal_actions(state))
    Play(card=Card.parse('6d'))
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from operator import itemgetter
from typing import Final, TypeAlias

from cardgames.cards import Card, Rank, make_rng
from cardgames.sixes.action import Pass, Play, SixesAction
from cardgames.sixes.deck import (
    INDEX_BY_CARD_INDEX,
    SIX_POSITION,
    SIXES_ORDER,
    SUIT_SPAN,
)
from cardgames.sixes.observation import SixesObservation

__all__ = ["SixesHeuristicBot"]


def _beyond(card: Card, step: int) -> tuple[Card, ...]:
    """The cards further along the column from ``card``: down (step -1) or up (step +1)."""
    ranks = SIXES_ORDER.ranks
    position = SIXES_ORDER.position(card.rank)
    if step < 0:
        return tuple(Card(rank, card.suit) for rank in reversed(ranks[:position]))
    return tuple(Card(rank, card.suit) for rank in ranks[position + 1 :])


_Direction: TypeAlias = tuple[int, int, int, bool, int]
"""One way along a column from a card, for :func:`_fast_score`: the bits of the cards beyond
it, the bit of the next one, how many there are, whether the way is up (toward the K), and the
dense index of the next card."""


def _directions(index: int) -> tuple[int, tuple[_Direction, ...]]:
    """The first index of the card's suit, and the ways the card of dense ``index`` opens.

    The ways come in :meth:`SixesHeuristicBot.score`'s order: down before up for a 6.
    """
    position = index % SUIT_SPAN
    base = index - position
    if position == SIX_POSITION:
        steps: tuple[int, ...] = (-1, 1)
    elif position < SIX_POSITION:
        steps = (-1,)
    else:
        steps = (1,)
    ways = []
    for step in steps:
        beyond = range(position - 1, -1, -1) if step < 0 else range(position + 1, SUIT_SPAN)
        mask = sum(1 << (base + other) for other in beyond)
        following = base + position + step
        first = 1 << following if beyond else 0
        ways.append((mask, first, len(beyond), step > 0, following))
    return base, tuple(ways)


_DIRECTIONS: Final = tuple(
    None if index is None else _directions(index) for index in INDEX_BY_CARD_INDEX
)
"""``_DIRECTIONS[card.index]``: the first index of the card's suit and the ways the card opens
(None outside the 40-card deck, S2)."""
_SUIT_FIELD: Final = (1 << SUIT_SPAN) - 1
_SCORE_KEY: Final = itemgetter(0, 1)


def _hand_mask(hand: Iterable[Card]) -> int | None:
    """The bitmask of ``hand``'s dense indices; None if a card is not a plain 40-card card."""
    mask = 0
    for card in hand:
        index = INDEX_BY_CARD_INDEX[card.index] if card.__class__ is Card else None
        if index is None:
            return None
        mask |= 1 << index
    return mask


def _fast_score(card: Card, mask: int, threat: float) -> float | None:
    """:meth:`SixesHeuristicBot.score` from the hand's bitmask, to the last bit of the float.

    The same operations on the same numbers in the same order: the suit count and each
    direction's count of held cards are popcounts, the gap is the distance to the nearest
    held card. None for a card that is not a plain 40-card card (the caller then scores it
    the readable way).
    """
    column = _DIRECTIONS[card.index] if card.__class__ is Card else None
    if column is None:
        return None
    suit_base, ways = column
    total = 0.05 * ((mask >> suit_base) & _SUIT_FIELD).bit_count()
    for beyond, first, length, up, following in ways:
        held = mask & beyond
        if not length:
            total += 2.0
        elif mask & first:
            total += 3.0 + held.bit_count()
        elif held:
            nearest = (held & -held).bit_length() - 1 if up else held.bit_length() - 1
            gap = nearest - following if up else following - nearest
            total += (1.0 + 0.5 * held.bit_count() - 0.7 * gap) / threat
        else:
            total -= 2.0 * threat + 0.3 * length
    return total


class SixesHeuristicBot:
    """A rule-of-thumb Sixes player: opens its own cards, holds back cards that help others.

    Args:
        seed: Seeds the tie-breaks; None draws from the OS.
        danger: Opponents with at most this many cards left are "about to go out": opening
            their cards is penalized more.
    """

    __slots__ = ("_danger", "_rng")

    def __init__(self, *, seed: int | random.Random | None = None, danger: int = 2) -> None:
        self._rng = make_rng(seed)
        self._danger = danger

    def choose(
        self, observation: SixesObservation, legal_actions: Sequence[SixesAction]
    ) -> SixesAction:
        """The best-scoring legal play, or the pass when it is the only action (S7).

        With ``must_play_if_able`` off the bot still plays whenever a play is not a pure gift.

        Raises:
            ValueError: ``legal_actions`` is empty.
        """
        if not legal_actions:
            raise ValueError("SixesHeuristicBot.choose needs at least one legal action")
        plays = [action for action in legal_actions if isinstance(action, Play)]
        if not plays:
            return legal_actions[0]
        hand = observation.hand
        others = [
            size for seat, size in enumerate(observation.hand_sizes) if seat != observation.player
        ]
        threat = 2.0 if others and min(others) <= self._danger else 1.0
        mask = _hand_mask(hand)
        random_ = self._rng.random
        scored = []
        for action in plays:
            card = action.card
            fast = None if mask is None else _fast_score(card, mask, threat)
            scored.append(
                (self.score(card, hand, threat) if fast is None else fast, random_(), action)
            )
        best_score, _, best = max(scored, key=_SCORE_KEY)
        if best_score < -3 and any(isinstance(action, Pass) for action in legal_actions):
            return next(action for action in legal_actions if isinstance(action, Pass))
        return best

    @staticmethod
    def score(card: Card, hand: frozenset[Card], threat: float = 1.0) -> float:
        """How good playing ``card`` from ``hand`` looks (higher is better).

        A 6 opens both directions; any other card opens one, away from the 6. A small bonus
        per card held in the same suit prefers long suits among otherwise equal plays.
        """
        if card.rank is Rank.SIX:
            directions: tuple[int, ...] = (-1, 1)
        elif SIXES_ORDER.position(card.rank) < SIXES_ORDER.position(Rank.SIX):
            directions = (-1,)
        else:
            directions = (1,)
        total = 0.05 * sum(other.suit == card.suit for other in hand)
        for step in directions:
            beyond = _beyond(card, step)
            mine = sum(other in hand for other in beyond)
            if not beyond:
                total += 2.0
            elif beyond[0] in hand:
                total += 3.0 + mine
            elif mine:
                gap = next(i for i, other in enumerate(beyond) if other in hand)
                total += (1.0 + 0.5 * mine - 0.7 * gap) / threat
            else:
                total -= 2.0 * threat + 0.3 * len(beyond)
        return total
