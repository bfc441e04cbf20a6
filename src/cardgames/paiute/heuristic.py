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

    >>> from cardgames.paiute import PaiuteHeuristicBot
    >>> from cardgames.paiute import Paiute, PaiuteConfig
    >>> game = Paiute(PaiuteConfig(num_players=3, max_turns=60))
    >>> state = game.initial_state(seed=1)
    >>> bot = PaiuteHeuristicBot(game, seed=0)
    >>> bot.choose(game.observe(state, game.current_player(state)), game.legal_actions(state))
    DrawStock()
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Sequence
from typing import Any, Final, TypeAlias

from cardgames.cards import Card, Rank, make_rng
from cardgames.errors import InvalidConfigError
from cardgames.game import Game
from cardgames.paiute.action import Call, Discard, DrawDiscard, DrawStock, PaiuteAction, ShowSix
from cardgames.paiute.config import PaiuteConfig
from cardgames.paiute.hands import Category, HandValue, call_options_indices, evaluate_indices
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
    hand: Iterable[Card],
    wild_rank: Rank,
    *,
    dead: frozenset[Card] = frozenset(),
    ace_low_straight: bool = True,
) -> float:
    """How close ``hand`` (usually five cards) is to a winning combination; higher is closer.

    Each target scores ``weight(category) * 0.3 ** missing`` where ``missing`` counts the cards
    it lacks (wild cards fill gaps; six-card targets count the sixth card too); the score is the
    best target's plus a tenth of the sum of all targets (two half-made targets beat one).
    Cards in ``dead`` (out of reach) cannot complete a straight flush. The cards of ``hand``
    are taken as a set (a repeated card counts once).

    Example::

        >>> from cardgames.cards import Rank, parse_cards
        >>> near = hand_potential(parse_cards("9h Th Jh Qh 2c"), Rank.FIVE)
        >>> far = hand_potential(parse_cards("9h Td Jc Qs 2c"), Rank.FIVE)
        >>> near > far
        True
    """
    return _potential(_mask(hand), int(wild_rank), _by_suit(_mask(dead)), bool(ace_low_straight))


def _mask(cards: Iterable[Card]) -> int:
    """The cards as a bitmask of their indices (:attr:`~cardgames.cards.Card.index`)."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def _by_suit(mask: int) -> tuple[int, int, int, int]:
    """A card bitmask as four masks of rank bits (``1 << rank``), one per suit."""
    suits = [0, 0, 0, 0]
    while mask:
        low = mask & -mask
        index = low.bit_length() - 1
        mask ^= low
        suits[index & 3] |= 1 << ((index >> 2) + 2)
    return suits[0], suits[1], suits[2], suits[3]


_RANK_BITS: Final[tuple[int, ...]] = tuple(1 << ((index >> 2) + 2) for index in range(52))
"""The rank bit (``1 << rank``) of each card index."""


def _dead_by_suit(pile: Sequence[Card]) -> tuple[int, int, int, int]:
    """The dead cards of a discard pile (bottom first) as rank bits per suit.

    The dead cards are all but the top, which can still be drawn (P7, P9); the result equals
    :func:`_by_suit` of their :func:`_mask`, in one pass over the pile.
    """
    suits = [0, 0, 0, 0]
    rank_bits = _RANK_BITS
    for card in pile[:-1]:
        index = card.index
        suits[index & 3] |= rank_bits[index]
    return suits[0], suits[1], suits[2], suits[3]


_POWERS: Final[tuple[float, ...]] = tuple(_DECAY**missing for missing in range(7))
"""``_DECAY ** missing`` for 0 to 6 missing cards."""

_WindowPlan: TypeAlias = tuple[tuple[int, tuple[int, ...], float], ...]
"""(rank bits, ranks in order, weight) of each straight-flush window, in _WINDOWS order."""


def _window_plan(ace_low_straight: bool) -> _WindowPlan:
    windows = _WINDOWS if ace_low_straight else _WINDOWS[1:]
    return tuple(
        (
            sum(1 << rank for rank in window),
            window,
            _weight(Category.ROYAL_FLUSH if window[0] == 10 else Category.STRAIGHT_FLUSH),
        )
        for window in windows
    )


_WINDOW_PLANS: Final[dict[bool, _WindowPlan]] = {flag: _window_plan(flag) for flag in (False, True)}
_FIVE_WEIGHT: Final = _weight(Category.FIVE_OF_A_KIND)
_SIX_WEIGHTS: Final = (
    _weight(Category.FOUR_TWO),
    _weight(Category.THREE_THREE),
    _weight(Category.TWO_TWO_TWO),
)


@functools.lru_cache(maxsize=1 << 13)
def _span(held: int, ace_low: bool) -> int:
    """The rank bits of every straight-flush window that holds a rank of ``held`` (rank bits)."""
    span = 0
    for bits, _, _ in _WINDOW_PLANS[ace_low]:
        if bits & held:
            span |= bits
    return span


@functools.lru_cache(maxsize=1 << 16)
def _flush_part(held: int, wilds: int, dead: int, ace_low: bool) -> tuple[float, float]:
    """The best and the total straight-flush score (P15.2-3) of one suit (zeros for none).

    ``held`` and ``dead`` are the suit's natural ranks in the hand and its dead ranks, as rank
    bits (``1 << rank``); only the dead ranks in the :func:`_span` of ``held`` matter.
    """
    powers = _POWERS
    best = total = 0.0
    for bits, window, weight in _WINDOW_PLANS[ace_low]:
        have = (held & bits).bit_count()
        if not have:
            continue
        if dead & bits & ~held:
            gaps = [rank for rank in window if not held >> rank & 1]
            if any(dead >> rank & 1 for rank in gaps[wilds:]):
                continue
        score = weight * powers[max(0, 5 - have - wilds)]
        best = max(best, score)
        total += score
    return best, total


@functools.lru_cache(maxsize=1 << 10)
def _set_part(counts: tuple[int, ...], wilds: int) -> tuple[float, float]:
    """The best and the total score of five of a kind and the six-card targets (P15.1, 4-6).

    ``counts`` are the sizes of the largest groups of one natural rank, largest first.
    """
    first, second, third, *_ = (*counts, 0, 0, 0)
    powers = _POWERS
    four_two = min(first, 4) + min(second, 2) + wilds
    three_three = min(first, 3) + min(second, 3) + wilds
    two_two_two = min(first, 2) + min(second, 2) + min(third, 2) + wilds
    scores = (
        _FIVE_WEIGHT * powers[max(0, 5 - first - wilds)],
        _SIX_WEIGHTS[0] * powers[max(0, 6 - four_two)],
        _SIX_WEIGHTS[1] * powers[max(0, 6 - three_three)],
        _SIX_WEIGHTS[2] * powers[max(0, 6 - two_two_two)],
    )
    return max(scores), sum(scores)


@functools.lru_cache(maxsize=1 << 10)
def _set_part_without(counts: tuple[int, ...], size: int, wilds: int) -> tuple[float, float]:
    """:func:`_set_part` after one card leaves a group of ``size`` cards of one rank."""
    fewer = list(counts)
    fewer[len(fewer) - 1 - fewer[::-1].index(size)] = size - 1  # still sorted, largest first
    return _set_part(tuple(count for count in fewer if count), wilds)


def _potentials(
    cards: Iterable[int],
    removals: Iterable[int | None],
    wild_rank: int,
    dead: Sequence[int],
    *,
    ace_low: bool,
) -> list[float]:
    """The potential of the cards (indices) without each card of ``removals`` (None: all kept).

    The hot path of the bot: the hand is taken apart once, then each removal adjusts it; the
    parts of the score are cached per suit and per shape of rank groups. Results are rounded to
    12 decimals, so that hands of equal worth rate equal whatever the order of the sums and the
    seeded tie-break decides between them.
    """
    wilds = 0
    counts: dict[int, int] = {}
    held = [0, 0, 0, 0]  # per suit, the bits of the natural ranks held
    for index in cards:
        rank = (index >> 2) + 2
        if rank == wild_rank:
            wilds += 1
        else:
            counts[rank] = counts.get(rank, 0) + 1
            held[index & 3] |= 1 << rank
    shape = tuple(sorted(counts.values(), reverse=True))
    span, flush = _span, _flush_part
    relevant = (
        dead[0] & span(held[0], ace_low),
        dead[1] & span(held[1], ace_low),
        dead[2] & span(held[2], ace_low),
        dead[3] & span(held[3], ace_low),
    )
    # the flush parts of each suit with all the wilds, and with one wild fewer (when needed)
    kept = [flush(held[suit], wilds, relevant[suit], ace_low) for suit in range(4)]
    fewer: list[tuple[float, float]] | None = None
    results: list[float] = []
    append, known = results.append, _ROUNDED
    for removal in removals:
        if removal is None:
            set_best, set_total = _set_part(shape, wilds)
            suit_parts = kept
        else:
            rank = (removal >> 2) + 2
            if rank == wild_rank:
                set_best, set_total = _set_part(shape, wilds - 1)
                if fewer is None:
                    fewer = [
                        flush(held[suit], wilds - 1, relevant[suit], ace_low) for suit in range(4)
                    ]
                suit_parts = fewer
            else:
                suit = removal & 3
                set_best, set_total = _set_part_without(shape, counts[rank], wilds)
                suit_parts = kept.copy()
                suit_parts[suit] = flush(held[suit] & ~(1 << rank), wilds, relevant[suit], ace_low)
        (best0, total0), (best1, total1), (best2, total2), (best3, total3) = suit_parts
        # the same sums in the same order as ever, so the rounded ratings never change
        rating = max(set_best, best0, best1, best2, best3) + 0.1 * (
            set_total + total0 + total1 + total2 + total3
        )
        rounded = known.get(rating)
        if rounded is None:
            rounded = _rounded(rating)
        append(rounded)
    return results


_ROUNDED: Final[dict[float, float]] = {}
"""``round(rating, 12)`` of the ratings met so far: a hand's rating is a sum of a few cached
parts, so the same few thousand values come back, and ``round`` to 12 decimals (correctly
rounded, through the decimal digits) costs more than a dict lookup."""

_ROUNDED_MAX: Final = 1 << 14
"""How many ratings :data:`_ROUNDED` remembers before it starts afresh."""


def _rounded(rating: float) -> float:
    """``round(rating, 12)``, remembered in :data:`_ROUNDED`."""
    if len(_ROUNDED) >= _ROUNDED_MAX:
        _ROUNDED.clear()
    rounded = _ROUNDED[rating] = round(rating, 12)
    return rounded


def _potential(hand: int, wild_rank: int, dead: Sequence[int], ace_low: bool) -> float:
    """:func:`hand_potential` over a card bitmask and dead rank bits per suit."""
    cards = [index for index in range(52) if hand >> index & 1]
    return _potentials(cards, (None,), wild_rank, dead, ace_low=ace_low)[0]


def _best_call(
    config: PaiuteConfig, observation: PaiuteObservation, legal: Sequence[PaiuteAction]
) -> tuple[Call, HandValue] | None:
    """The legal call (P11) showing the best combination, and its value; None if none."""
    calls = [action for action in legal if isinstance(action, Call)]
    if not calls:
        return None
    forbidden = observation.drawn_card if observation.drawn_from_discard else None
    options = call_options_indices(
        tuple(card.index for card in observation.hand),
        int(observation.wild_rank),
        config.ace_low_straight,
        None if forbidden is None else forbidden.index,
    )
    if not options:
        return None
    tiebreak = config.tiebreak
    index, value = max(options, key=lambda option: (option[1].key(tiebreak), option[1].key()))
    call = Call(discard=None if index is None else Card.from_index(index))
    if call not in calls:
        return None
    return call, value


_DRAWS: Final = (DrawStock, DrawDiscard)
"""The draws (P9): a turn that may draw is a draw decision."""


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
        for action in legal_actions:
            if isinstance(action, _DRAWS):
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

    def _rate(
        self, observation: PaiuteObservation, cards: Sequence[int], removals: Iterable[int]
    ) -> list[float]:
        """The potential of ``cards`` (indices) without each card of ``removals``, in this deal."""
        return _potentials(
            cards,
            removals,
            int(observation.wild_rank),
            _dead_by_suit(observation.discard_pile),
            ace_low=self._config.ace_low_straight,
        )

    def _best_keep(self, scores: Sequence[float], candidates: Sequence[int]) -> tuple[float, int]:
        """The best of ``scores`` and its candidate (a card index) to discard.

        ``scores`` are the hand's potentials after discarding each candidate; equal scores are
        separated by the bot's seeded generator.
        """
        random_ = self._rng.random
        options = [(score, random_(), card) for score, card in zip(scores, candidates, strict=True)]
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
        hand = [card.index for card in observation.hand]
        six = (*hand, top.index)
        config = self._config
        if observation.caller is None and call_options_indices(
            six, int(observation.wild_rank), config.ace_low_straight, top.index
        ):
            return take
        # one pass rates the six cards without each card of the hand, and without the top
        *kept, without_top = self._rate(observation, six, six)
        with_top, _ = self._best_keep(kept, hand)
        if with_top > 1.15 * without_top:
            return take
        return stock

    def _call(
        self, observation: PaiuteObservation, legal: Sequence[PaiuteAction]
    ) -> PaiuteAction | None:
        best = _best_call(self._config, observation, legal)
        if best is None:
            return None
        call, value = best
        me = observation.player
        ahead = me is not None and all(
            observation.stacks[me] > stack
            for seat, stack in enumerate(observation.stacks)
            if seat != me
        )
        strong = value.category >= Category.THREE_THREE
        late = observation.turns_played >= self._patience
        if strong or late or ahead:
            return call
        return None

    def _final_show(
        self, observation: PaiuteObservation, legal: Sequence[PaiuteAction]
    ) -> PaiuteAction | None:
        """The action showing the best combination in a final turn (P13), if any forms one."""
        ace_low = self._config.ace_low_straight
        wild = int(observation.wild_rank)
        hand = tuple(card.index for card in observation.hand)
        best: tuple[tuple[int, ...], PaiuteAction] | None = None
        for action in legal:
            shown: tuple[int, ...]
            match action:
                case Discard(card=card):
                    shown = tuple(index for index in hand if index != card.index)
                case ShowSix():
                    shown = hand
                case _:
                    continue
            value: HandValue | None = evaluate_indices(shown, wild, ace_low)
            if value is not None and (best is None or value.key() > best[0]):
                best = (value.key(), action)
        return None if best is None else best[1]

    def _discard(
        self, observation: PaiuteObservation, legal: Sequence[PaiuteAction]
    ) -> PaiuteAction:
        discards = {action.card.index: action for action in legal if isinstance(action, Discard)}
        if not discards:
            return legal[0]
        candidates = tuple(discards)
        scores = self._rate(observation, [card.index for card in observation.hand], candidates)
        _, card = self._best_keep(scores, candidates)
        return discards[card]
