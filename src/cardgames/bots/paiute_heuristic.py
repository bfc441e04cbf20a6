"""A Paiute bot that keeps cards toward the best reachable combination and calls sensibly.

:class:`PaiuteHeuristicBot` rates a hand by how close it is to each winning combination (P15):
for every target (five of a kind of a rank, a straight flush in a suit and a run of ranks,
Four/Two, Three/Three, Two/Two/Two) it counts the cards still missing, with every wild card
filling a gap (P16), and weighs the nearest targets most, better categories a little more.
Cards of the target that lie dead in the discard pile below its top cannot be drawn any more,
so they count against it. With that rating the bot:

- takes the top discard when it is wild, when it lets the bot call at once, or when keeping it
  brings the hand closer to a combination; otherwise draws from the stock (P9);
- discards the card whose loss hurts the rating least (never the card just taken, P9);
- calls (P11) with its best combination (:func:`~cardgames.paiute.best_call`) when it is a
  five-card one or Three/Three and better, when the deal has gone on a while, or when it is
  ahead at the table; a lowly Two/Two/Two early on is kept to improve;
- in a final turn (P13) shows the best combination it can, else keeps its best draw.

Example::

    >>> from cardgames.bots import PaiuteHeuristicBot
    >>> from cardgames.paiute import Paiute, PaiuteConfig
    >>> game = Paiute(PaiuteConfig(num_players=3, max_turns=60))
    >>> state = game.initial_state(seed=1)
    >>> bot = PaiuteHeuristicBot(game, seed=0)
    >>> bot.choose(game.observe(state, game.current_player(state)), game.legal_actions(state))
    DrawStock()
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from cardgames.cards import Card, Rank, Suit, make_rng
from cardgames.errors import InvalidConfigError
from cardgames.game import Game
from cardgames.paiute.action import Call, Discard, DrawDiscard, DrawStock, PaiuteAction, ShowSix
from cardgames.paiute.config import PaiuteConfig
from cardgames.paiute.hands import Category, HandValue, best_call, evaluate
from cardgames.paiute.observation import PaiuteObservation

__all__ = ["PaiuteHeuristicBot", "hand_potential"]

_WINDOWS: Final[tuple[tuple[int, ...], ...]] = (
    (14, 2, 3, 4, 5),
    *(tuple(range(low, low + 5)) for low in range(2, 11)),
)
"""The rank windows of the straight flushes: ace-low first, up to the royal 10-A."""

_DECAY: Final = 0.3
"""How much each missing card discounts a target."""


def _weight(category: Category) -> float:
    """Better categories are worth a little more."""
    return 1.0 + 0.08 * int(category)


def hand_potential(
    hand: Sequence[Card],
    wild_rank: Rank,
    *,
    dead: frozenset[Card] = frozenset(),
    ace_low_straight: bool = True,
) -> float:
    """How close ``hand`` (usually five cards) is to a winning combination; higher is closer.

    Each target scores ``weight(category) * 0.3 ** missing`` where ``missing`` counts the cards
    it lacks (wild cards fill gaps; six-card targets count the sixth card too); the score is the
    best target's plus a tenth of the sum of all targets (two half-made targets beat one).
    Cards in ``dead`` (out of reach) cannot complete a straight flush.

    Example::

        >>> from cardgames.cards import Rank, parse_cards
        >>> near = hand_potential(parse_cards("9h Th Jh Qh 2c"), Rank.FIVE)
        >>> far = hand_potential(parse_cards("9h Td Jc Qs 2c"), Rank.FIVE)
        >>> near > far
        True
    """
    wilds = sum(card.rank == wild_rank for card in hand)
    naturals = [card for card in hand if card.rank != wild_rank]
    counts = [*sorted(Counter(card.rank for card in naturals).values(), reverse=True), 0, 0, 0]
    scores: list[float] = []
    # five of a kind (P15.1): one rank, five cards, at least one wild
    scores.append(_weight(Category.FIVE_OF_A_KIND) * _DECAY ** max(0, 5 - counts[0] - wilds))
    # straight flushes (P15.2-3)
    held = {(card.suit, int(card.rank)) for card in naturals}
    windows = _WINDOWS if ace_low_straight else _WINDOWS[1:]
    for suit in Suit:
        for window in windows:
            have = sum((suit, rank) in held for rank in window)
            if not have:
                continue
            gaps = [rank for rank in window if (suit, rank) not in held]
            if any(Card(Rank(rank), suit) in dead for rank in gaps[wilds:]):
                continue
            category = Category.ROYAL_FLUSH if window[0] == 10 else Category.STRAIGHT_FLUSH
            scores.append(_weight(category) * _DECAY ** max(0, 5 - have - wilds))
    # six-card combinations (P15.4-6) need every one of six cards
    four_two = min(counts[0], 4) + min(counts[1], 2) + wilds
    three_three = min(counts[0], 3) + min(counts[1], 3) + wilds
    two_two_two = min(counts[0], 2) + min(counts[1], 2) + min(counts[2], 2) + wilds
    for category, useful in (
        (Category.FOUR_TWO, four_two),
        (Category.THREE_THREE, three_three),
        (Category.TWO_TWO_TWO, two_two_two),
    ):
        scores.append(_weight(category) * _DECAY ** max(0, 6 - useful))
    return max(scores) + 0.1 * sum(scores)


class PaiuteHeuristicBot:
    """A rule-of-thumb Paiute player (see the module documentation).

    Args:
        game: The Paiute game (its config says how hands are valued).
        seed: Seeds the tie-breaks; None draws from the OS.
        patience: Turns of the deal (counted over all players) before the bot calls with any
            combination it can show.

    Raises:
        InvalidConfigError: ``game`` is not a Paiute game.
    """

    __slots__ = ("_config", "_patience", "_rng")

    def __init__(
        self,
        game: Game[Any, Any, Any],
        *,
        seed: int | random.Random | None = None,
        patience: int | None = None,
    ) -> None:
        config = getattr(game, "config", None)
        if game.name != "paiute" or not isinstance(config, PaiuteConfig):
            raise InvalidConfigError(f"PaiuteHeuristicBot plays paiute, not {game.name!r}")
        self._config = config
        self._patience = 3 * config.num_players if patience is None else patience
        self._rng = make_rng(seed)

    def choose(
        self, observation: PaiuteObservation, legal_actions: Sequence[PaiuteAction]
    ) -> PaiuteAction:
        """The bot's choice among ``legal_actions`` for the player seeing ``observation``.

        Raises:
            ValueError: ``legal_actions`` is empty.
        """
        if not legal_actions:
            raise ValueError("PaiuteHeuristicBot.choose needs at least one legal action")
        if len(legal_actions) == 1:
            return legal_actions[0]
        if any(isinstance(action, (DrawStock, DrawDiscard)) for action in legal_actions):
            return self._draw(observation, legal_actions)
        if observation.caller is None:
            call = self._call(observation, legal_actions)
            if call is not None:
                return call
        else:
            show = self._final_show(observation, legal_actions)
            if show is not None:
                return show
        return self._discard(observation, legal_actions)

    # --- helpers ---

    def _potential(self, hand: Sequence[Card], observation: PaiuteObservation) -> float:
        dead = frozenset(observation.discard_pile[:-1])
        return hand_potential(
            hand,
            observation.wild_rank,
            dead=dead,
            ace_low_straight=self._config.ace_low_straight,
        )

    def _best_keep(
        self, cards: Sequence[Card], observation: PaiuteObservation, candidates: Sequence[Card]
    ) -> tuple[float, Card]:
        """The best potential of ``cards`` after discarding one of ``candidates``."""
        options = [
            (
                self._potential([c for c in cards if c != card], observation),
                self._rng.random(),
                card,
            )
            for card in candidates
        ]
        score, _, card = max(options)
        return score, card

    def _draw(self, observation: PaiuteObservation, legal: Sequence[PaiuteAction]) -> PaiuteAction:
        top = observation.top_discard
        stock = next((a for a in legal if isinstance(a, DrawStock)), None)
        take = next((a for a in legal if isinstance(a, DrawDiscard)), None)
        if take is None or top is None:
            return stock if stock is not None else legal[0]
        if stock is None or top.rank == observation.wild_rank:
            return take
        six = (*observation.hand, top)
        config = self._config
        if observation.caller is None and best_call(
            six,
            observation.wild_rank,
            ace_low_straight=config.ace_low_straight,
            forbidden_discard=top,
            tiebreak=config.tiebreak,
        ):
            return take
        with_top, _ = self._best_keep(six, observation, observation.hand)
        if with_top > 1.15 * self._potential(observation.hand, observation):
            return take
        return stock

    def _call(
        self, observation: PaiuteObservation, legal: Sequence[PaiuteAction]
    ) -> PaiuteAction | None:
        calls = [action for action in legal if isinstance(action, Call)]
        if not calls:
            return None
        config = self._config
        option = best_call(
            observation.hand,
            observation.wild_rank,
            ace_low_straight=config.ace_low_straight,
            forbidden_discard=observation.drawn_card if observation.drawn_from_discard else None,
            tiebreak=config.tiebreak,
        )
        if option is None or Call(discard=option.discard) not in calls:
            return None
        me = observation.player
        ahead = me is not None and all(
            observation.stacks[me] > stack
            for seat, stack in enumerate(observation.stacks)
            if seat != me
        )
        strong = option.value.category >= Category.THREE_THREE
        late = observation.turns_played >= self._patience
        if strong or late or ahead:
            return Call(discard=option.discard)
        return None

    def _final_show(
        self, observation: PaiuteObservation, legal: Sequence[PaiuteAction]
    ) -> PaiuteAction | None:
        """The action showing the best combination in a final turn (P13), if any forms one."""
        config = self._config
        best: tuple[tuple[int, ...], PaiuteAction] | None = None
        for action in legal:
            shown: tuple[Card, ...]
            match action:
                case Discard(card=card):
                    shown = tuple(c for c in observation.hand if c != card)
                case ShowSix():
                    shown = observation.hand
                case _:
                    continue
            value: HandValue | None = evaluate(
                shown, observation.wild_rank, ace_low_straight=config.ace_low_straight
            )
            if value is not None and (best is None or value.key() > best[0]):
                best = (value.key(), action)
        return None if best is None else best[1]

    def _discard(
        self, observation: PaiuteObservation, legal: Sequence[PaiuteAction]
    ) -> PaiuteAction:
        discards = {action.card: action for action in legal if isinstance(action, Discard)}
        if not discards:
            return legal[0]
        _, card = self._best_keep(observation.hand, observation, tuple(discards))
        return discards[card]
