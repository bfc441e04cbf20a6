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
can keep extending), and breaks remaining ties with its own seeded generator::

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
from collections.abc import Sequence

from cardgames.cards import Card, Rank, make_rng
from cardgames.sixes.action import Pass, Play, SixesAction
from cardgames.sixes.deck import SIXES_ORDER
from cardgames.sixes.observation import SixesObservation

__all__ = ["SixesHeuristicBot"]


def _beyond(card: Card, step: int) -> tuple[Card, ...]:
    """The cards further along the column from ``card``: down (step -1) or up (step +1)."""
    ranks = SIXES_ORDER.ranks
    position = SIXES_ORDER.position(card.rank)
    if step < 0:
        return tuple(Card(rank, card.suit) for rank in reversed(ranks[:position]))
    return tuple(Card(rank, card.suit) for rank in ranks[position + 1 :])


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
        scored = [
            (self.score(action.card, hand, threat), self._rng.random(), action) for action in plays
        ]
        best_score, _, best = max(scored, key=lambda item: (item[0], item[1]))
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
