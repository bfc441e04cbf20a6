"""A Paiute bot that plays by the exact drawing odds: the strongest Paiute bot of the library.

:class:`PaiuteExpertBot` rates the five cards it could keep by the exact chance of completing
a winning combination (P15) with the next draw and within the next two draws
(:func:`~cardgames.paiute.odds.completion_chance`, the model of :mod:`cardgames.paiute.odds`:
draws come uniformly from the cards the player has not seen), and by the heuristic's
:func:`~cardgames.paiute.hand_potential` to separate hands that two draws cannot complete.
With that rating it:

- **draws** (P9) the top discard when it is wild or lets it call at once, or when taking it
  and keeping the best five gives a better chance to complete on the next draw than two
  draws from the stock give the hand it holds (both cover the same two turns);
- **discards** the card that leaves the best-rated five (never the card just taken, P9),
  less ``FEED_WEIGHT`` times the chance that the next player can take it and call at
  once, over ``FEED_SAMPLES`` guesses of that player's hand (option ``model``: uniform
  guesses by default, or hands built toward a combination, ``"builder"``; ``docs/bots.md``
  gives what each was measured to win);
- **calls** (P11) at once, with its best combination (:func:`~cardgames.paiute.best_call`):
  waiting to improve a combination hands the other players time to complete theirs;
- in a **final turn** (P13) shows the best combination it can.

Heads-up, the option ``races`` also plays out its three best-rated discards in simulated races
against guesses of the other hand, and keeps another discard than its rating's only when the
races clearly favour it (``docs/bots.md`` gives what it was measured to win: a little).

It is slower than :class:`~cardgames.paiute.PaiuteHeuristicBot` (a few milliseconds a
decision, against tens of microseconds), which is why the odds live here and not in the
heuristic, the rollout policy of search, which must stay above 20,000 actions a second.

Example::

    >>> from cardgames.paiute import Paiute, PaiuteConfig
    >>> from cardgames.paiute.expert import PaiuteExpertBot
    >>> game = Paiute(PaiuteConfig(num_players=2, max_turns=60))
    >>> state = game.initial_state(seed=1)
    >>> bot = PaiuteExpertBot(game, seed=0)
    >>> bot.choose(game.observe(state, game.current_player(state)), game.legal_actions(state))
    DrawStock()
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, Final

from cardgames.cards import make_rng
from cardgames.errors import InvalidConfigError
from cardgames.game import Game
from cardgames.paiute.action import Discard, DrawDiscard, DrawStock, PaiuteAction
from cardgames.paiute.config import PaiuteConfig
from cardgames.paiute.hands import call_options_indices
from cardgames.paiute.heuristic import (
    PaiuteHeuristicBot,
    _best_call,
    _dead_by_suit,
    _potentials,
)
from cardgames.paiute.history import (
    Called,
    Discarded,
    DrewFromDiscard,
    DrewFromStock,
    ShowedSix,
)
from cardgames.paiute.observation import PaiuteObservation, known_cards
from cardgames.paiute.odds import completion_chance, unseen_cards

__all__ = ["PaiuteExpertBot", "expert_bot", "two_turn_chance"]

FEED_WEIGHT: Final = 2.0
"""How much the chance that a discard lets the next player call at once (by taking it, P9,
P11) costs, against the bot's own chances (which count the next draw twice: once alone,
once within two turns)."""

MODELS: Final = ("builder", "keeper", "uniform")
"""How the next player's unknown cards are guessed: ``"uniform"`` draws them from the unseen
cards; ``"keeper"`` keeps only guesses in which the player's last discard was the card whose
loss hurt their hand least (:func:`~cardgames.paiute.hand_potential`), as a player who keeps
cards toward a combination would have chosen."""

FEED_SAMPLES: Final = 200
"""How many hands of the next player are sampled to estimate that chance."""

BUILD_TURNS: Final = 4
"""How many turns of building the ``"builder"`` model plays at most for each guess."""

FEED_TRIES: Final = 1000
"""How many guesses of the next player's hand the ``"keeper"`` model draws at most."""

RACE_CANDIDATES: Final = 3
"""How many of its best-rated discards the ``races`` option plays out."""

RACE_TURNS: Final = 6
"""How many turns each player takes in one simulated race before it counts as a draw (a half)."""

POTENTIAL_WEIGHT: Final = 0.002
"""How much the heuristic's potential adds to a kept hand's rating: enough to decide between
hands that two draws cannot complete, too little to outweigh a real difference in odds."""


def _hits(kept: Sequence[int], pool: Sequence[int], wild: int, ace_low: bool) -> int:
    """How many cards of ``pool`` complete a combination with the five ``kept`` (P11)."""
    a, b, c, d, e = kept
    return sum(1 for card in pool if call_options_indices((a, b, c, d, e, card), wild, ace_low))


def two_turn_chance(
    kept: Sequence[int], pool: Sequence[int], wild: int, *, ace_low_straight: bool = True
) -> float:
    """The chance that five kept cards complete a combination within the next two draws.

    The first draw completes one with :func:`~cardgames.paiute.odds.completion_chance`'s
    one-draw chance; otherwise the player discards the card that leaves the best one-draw
    chance for the second draw (unlike the odds' two-draw model, which lets the player keep
    the right cards in hindsight). Draws come uniformly from ``pool``, the unseen cards.
    """
    ace_low = bool(ace_low_straight)
    size = len(pool)
    if size < 2:
        return completion_chance(kept, pool, wild, ace_low_straight=ace_low) if pool else 0.0
    first = 0
    later = 0.0
    for card in pool:
        six = (*kept, card)
        if call_options_indices(six, wild, ace_low):
            first += 1
            continue
        rest = [other for other in pool if other != card]
        best = max(
            _hits([index for index in six if index != left_out], rest, wild, ace_low)
            for left_out in six
        )
        later += best / (size - 1)
    return (first + later) / size


def _last_discard(observation: PaiuteObservation, seat: int) -> tuple[int, int | None] | None:
    """``seat``'s last discard of the deal and the card it had taken from the pile that turn.

    None when ``seat`` has not discarded yet (P9).
    """
    taken: int | None = None
    found: int | None = None
    last_taken: int | None = None
    for event in observation.history:
        if isinstance(event, DrewFromDiscard) and event.player == seat:
            taken = event.card.index
        elif isinstance(event, DrewFromStock) and event.player == seat:
            taken = None
        elif isinstance(event, Discarded) and event.player == seat:
            found = event.card.index
            last_taken = taken
    if found is None:
        return None
    return found, last_taken


class PaiuteExpertBot:
    """A Paiute player that keeps the cards with the best exact odds (module documentation).

    Args:
        game: The Paiute game (its config says how hands are valued).
        seed: Seeds the tie-breaks and the guesses; None draws from the OS.
        feed_weight: What the chance that a discard lets the next player call costs
            (``FEED_WEIGHT``).
        model: How the next player's unknown cards are guessed, one of ``MODELS``.
        races: Heads-up only: how many races against guesses of the other player's hand
            decide between the ``RACE_CANDIDATES`` best-rated discards (0, the default: none;
            see :meth:`race_means`).

    Raises:
        InvalidConfigError: ``game`` is not a Paiute game, ``model`` is not a model, or
            ``races`` is not an int of at least 0.
    """

    __slots__ = ("_config", "_fallback", "_feed_weight", "_model", "_races", "_rng")

    def __init__(
        self,
        game: Game[Any, Any, Any],
        *,
        seed: int | random.Random | None = None,
        feed_weight: float = FEED_WEIGHT,
        model: str = "uniform",
        races: int = 0,
    ) -> None:
        config = getattr(game, "config", None)
        if game.name != "paiute" or not isinstance(config, PaiuteConfig):
            raise InvalidConfigError(f"PaiuteExpertBot plays paiute, not {game.name!r}")
        if model not in MODELS:
            raise InvalidConfigError(f"model must be one of {', '.join(MODELS)}, not {model!r}")
        if type(races) is not int or races < 0:
            raise InvalidConfigError(f"races must be an int of at least 0, not {races!r}")
        self._races = races
        self._config = config
        self._feed_weight = float(feed_weight)
        self._model = model
        self._rng = make_rng(seed)
        self._fallback = PaiuteHeuristicBot(game, seed=self._rng)

    def choose(
        self, observation: PaiuteObservation, legal_actions: Sequence[PaiuteAction]
    ) -> PaiuteAction:
        """The bot's choice among ``legal_actions`` for the player seeing ``observation``.

        Raises:
            ValueError: ``legal_actions`` is empty.
        """
        if len(legal_actions) <= 1:
            return self._fallback.choose(observation, legal_actions)
        drawing = any(isinstance(action, (DrawStock, DrawDiscard)) for action in legal_actions)
        if observation.caller is not None:
            if drawing:
                return self._final_draw(observation, legal_actions)
            return self._fallback.choose(observation, legal_actions)
        if drawing:
            return self._draw(observation, legal_actions)
        best = _best_call(self._config, observation, legal_actions)
        if best is not None:
            return best[0]
        return self._discard(observation, legal_actions)

    # --- helpers ---

    def _rate(self, observation: PaiuteObservation) -> list[tuple[float, int]]:
        """Each five cards the bot may keep (P9), rated, with the card it discards."""
        wild = int(observation.wild_rank)
        ace_low = self._config.ace_low_straight
        pool = [card.index for card in unseen_cards(observation)]
        dead = _dead_by_suit(observation.discard_pile)
        hand = [card.index for card in observation.hand]
        forbidden = observation.drawn_card if observation.drawn_from_discard else None
        removals = [index for index in hand if forbidden is None or index != forbidden.index]
        potentials = _potentials(hand, removals, wild, dead, ace_low=ace_low)
        rated = []
        for removal, potential in zip(removals, potentials, strict=True):
            kept = [index for index in hand if index != removal]
            chance = completion_chance(
                kept, pool, wild, ace_low_straight=ace_low
            ) + two_turn_chance(kept, pool, wild, ace_low_straight=ace_low)
            rated.append((chance + POTENTIAL_WEIGHT * potential, removal))
        feeds = self._feed(observation, removals, pool)
        return [
            (score - self._feed_weight * feed, removal)
            for (score, removal), feed in zip(rated, feeds, strict=True)
        ]

    def _feed(
        self, observation: PaiuteObservation, discards: Sequence[int], pool: Sequence[int]
    ) -> list[float]:
        """For each card of ``discards``, the chance that the next player can take it and call.

        The next player's hand is the cards the record places there
        (:func:`~cardgames.paiute.known_cards`) and the rest drawn from ``pool`` (the unseen
        cards), sampled ``FEED_SAMPLES`` times with the bot's generator.
        """
        me = observation.player
        if me is None:
            return [0.0] * len(discards)
        following = (me + 1) % len(observation.hand_sizes)
        known = tuple(card.index for card in known_cards(observation)[following])
        missing = observation.hand_sizes[following] - len(known)
        if missing < 0 or missing > len(pool) or len(known) + missing != 5:
            return [0.0] * len(discards)
        wild = int(observation.wild_rank)
        ace_low = self._config.ace_low_straight
        hands = self._guess_hands(observation, following, known, missing, pool)
        return [
            sum(
                1
                for hand in hands
                if call_options_indices((*hand, discard), wild, ace_low, discard)
            )
            / len(hands)
            for discard in discards
        ]

    def _guess_hands(
        self,
        observation: PaiuteObservation,
        seat: int,
        known: tuple[int, ...],
        missing: int,
        pool: Sequence[int],
    ) -> list[tuple[int, ...]]:
        """``FEED_SAMPLES`` guesses of ``seat``'s five cards under the bot's model."""
        sample = self._rng.sample
        if self._model == "builder":
            return self._build_hands(observation, seat, known, missing, pool)
        last = _last_discard(observation, seat) if self._model == "keeper" else None
        if last is None:
            return [(*known, *sample(pool, missing)) for _ in range(FEED_SAMPLES)]
        discard, taken = last
        wild = int(observation.wild_rank)
        ace_low = self._config.ace_low_straight
        dead = _dead_by_suit(observation.discard_pile)
        hands: list[tuple[int, ...]] = []
        for _ in range(FEED_TRIES):
            hand = (*known, *sample(pool, missing))
            removals = [index for index in hand if index != taken]
            scores = _potentials(
                (*hand, discard), (discard, *removals), wild, dead, ace_low=ace_low
            )
            if scores[0] >= max(scores):
                hands.append(hand)
                if len(hands) == FEED_SAMPLES:
                    break
        return hands or [(*known, *sample(pool, missing)) for _ in range(FEED_SAMPLES)]

    def _build_hands(  # noqa: PLR0913, PLR0917 - the guess's whole context
        self,
        observation: PaiuteObservation,
        seat: int,
        known: tuple[int, ...],
        missing: int,
        pool: Sequence[int],
        count: int = FEED_SAMPLES,
    ) -> list[tuple[int, ...]]:
        """Guesses of ``seat``'s five cards as a player who has been building toward a combination.

        Each guess starts from the known cards and unseen ones, then plays as many turns as the
        player has discarded this deal (at most ``BUILD_TURNS``): draw an unseen card, throw
        away the card whose loss hurts the hand least (:func:`~cardgames.paiute.hand_potential`),
        never a known card.
        """
        turns = min(
            BUILD_TURNS,
            sum(
                1
                for event in observation.history
                if isinstance(event, Discarded) and event.player == seat
            ),
        )
        wild = int(observation.wild_rank)
        ace_low = self._config.ace_low_straight
        dead = _dead_by_suit(observation.discard_pile)
        sample = self._rng.sample
        choice = self._rng.choice
        fixed = set(known)
        hands: list[tuple[int, ...]] = []
        for _ in range(count):
            unknown = sample(pool, missing)
            for _ in range(turns):
                card = choice(pool)
                if card in unknown:
                    continue
                cards = [*known, *unknown, card]
                removals = [index for index in cards if index not in fixed]
                scores = _potentials(cards, removals, wild, dead, ace_low=ace_low)
                thrown = removals[scores.index(max(scores))]
                unknown = [index for index in (*unknown, card) if index != thrown]
            hands.append((*known, *unknown))
        return hands

    def _draw(self, observation: PaiuteObservation, legal: Sequence[PaiuteAction]) -> PaiuteAction:
        top = observation.top_discard
        stock = next((a for a in legal if isinstance(a, DrawStock)), None)
        take = next((a for a in legal if isinstance(a, DrawDiscard)), None)
        if take is None or top is None or stock is None or top.rank == observation.wild_rank:
            return self._fallback.choose(observation, legal)
        hand = [card.index for card in observation.hand]
        wild = int(observation.wild_rank)
        ace_low = self._config.ace_low_straight
        if call_options_indices((*hand, top.index), wild, ace_low, top.index):
            return take
        pool = [card.index for card in unseen_cards(observation)]
        by_stock = two_turn_chance(hand, pool, wild, ace_low_straight=ace_low)
        by_taking = max(
            completion_chance(
                [index for index in (*hand, top.index) if index != left_out],
                pool,
                wild,
                ace_low_straight=ace_low,
            )
            for left_out in hand
        )
        if by_taking > by_stock:
            return take
        if by_taking < by_stock:
            return stock
        return self._fallback.choose(observation, legal)

    def _final_draw(
        self, observation: PaiuteObservation, legal: Sequence[PaiuteAction]
    ) -> PaiuteAction:
        """The draw of a final turn (P13): the one likelier to beat the shown hands (P14)."""
        top = observation.top_discard
        stock = next((a for a in legal if isinstance(a, DrawStock)), None)
        take = next((a for a in legal if isinstance(a, DrawDiscard)), None)
        if take is None or top is None or stock is None:
            return self._fallback.choose(observation, legal)
        tiebreak = self._config.tiebreak
        shown = [
            event.value.key(tiebreak)
            for event in observation.history
            if isinstance(event, (Called, ShowedSix))
        ]
        target = max(shown, default=())
        wild = int(observation.wild_rank)
        ace_low = self._config.ace_low_straight
        hand = tuple(card.index for card in observation.hand)

        def beats(card: int, forbidden: int | None) -> float:
            options = call_options_indices((*hand, card), wild, ace_low, forbidden)
            best = max((value.key(tiebreak) for _, value in options), default=None)
            if best is None or best < target:
                return 0.0
            return 0.5 if best == target else 1.0

        pool = [card.index for card in unseen_cards(observation)]
        by_stock = sum(beats(card, None) for card in pool) / len(pool) if pool else 0.0
        by_taking = beats(top.index, top.index)
        if by_taking > by_stock:
            return take
        if by_taking < by_stock:
            return stock
        return self._fallback.choose(observation, legal)

    def _discard(
        self, observation: PaiuteObservation, legal: Sequence[PaiuteAction]
    ) -> PaiuteAction:
        discards = {action.card.index: action for action in legal if isinstance(action, Discard)}
        if not discards:
            return legal[0]
        rated = [
            (score, removal) for score, removal in self._rate(observation) if removal in discards
        ]
        random_ = self._rng.random
        ranked = sorted(
            ((round(score, 12), random_(), removal) for score, removal in rated), reverse=True
        )
        index = ranked[0][2]
        if self._races and len(ranked) > 1:
            candidates = [removal for _, _, removal in ranked[:RACE_CANDIDATES]]
            means = self.race_means(observation, candidates, self._races)
            if means is not None:
                index = _race_pick(candidates, means)
        return discards[index]

    def race_means(
        self, observation: PaiuteObservation, discards: Sequence[int], races: int
    ) -> list[list[float]] | None:
        """Each discard's results in ``races`` simulated races of a heads-up deal (P9, P11).

        Each race guesses the other player's five cards (``"builder"`` guesses: a hand built
        toward a combination for as many turns as that player has discarded) and shuffles the
        other unseen cards into a stock; every discard of ``discards`` (card indices of the
        bot's hand) is raced on the same guess and stock (common random numbers). The other
        player moves first, then the two alternate for ``RACE_TURNS`` turns each: take the top
        discard when it makes a combination (P11) or raises the hand's
        :func:`~cardgames.paiute.hand_potential`, else draw from the stock; call at once when
        the six cards allow it; else discard the card whose loss hurts least. A race scores 1
        when the bot calls first, 0 when the other player does, a half when neither has by
        then (or the stock runs out).

        Returns:
            One list of ``races`` results per discard, in the order of ``discards``; None when
            the table is not heads-up, it is not the bot's turn to discard, or the other hand
            is not five cards.
        """
        me = observation.player
        if me is None or len(observation.hand_sizes) != 2 or len(observation.hand) != 6:
            return None
        other = 1 - me
        known = tuple(card.index for card in known_cards(observation)[other])
        missing = observation.hand_sizes[other] - len(known)
        pool = [card.index for card in unseen_cards(observation)]
        if missing < 0 or missing > len(pool) or len(known) + missing != 5:
            return None
        wild = int(observation.wild_rank)
        ace_low = self._config.ace_low_straight
        dead = _dead_by_suit(observation.discard_pile)
        hand = [card.index for card in observation.hand]
        guesses = self._build_hands(observation, other, known, missing, pool, races)
        shuffle = self._rng.shuffle
        results: list[list[float]] = [[] for _ in discards]
        for guess in guesses:
            taken = set(guess)
            stock = [card for card in pool if card not in taken]
            shuffle(stock)
            for row, discard in zip(results, discards, strict=True):
                mine = tuple(card for card in hand if card != discard)
                row.append(_race(guess, mine, discard, stock, wild, dead, ace_low))
        return results


def expert_bot(
    game: Game[Any, Any, Any],
    seed: int | random.Random | None = None,
    *,
    feed_weight: float = FEED_WEIGHT,
    model: str = "uniform",
    races: int = 0,
) -> Any:  # noqa: ANN401 - a bot
    """A :class:`PaiuteExpertBot` (the bot factory that ``BotSpec`` import strings name)."""
    return PaiuteExpertBot(game, seed=seed, feed_weight=feed_weight, model=model, races=races)


def _race_pick(candidates: Sequence[int], means: Sequence[Sequence[float]]) -> int:
    """The candidate to discard: the first (the best-rated) unless another races clearly better.

    Another wins only when its mean result beats the first's by more than one standard error
    of their paired difference (the races share guesses and stocks).
    """
    base = means[0]
    count = len(base)
    best, best_gain = candidates[0], 0.0
    for candidate, row in zip(candidates[1:], means[1:], strict=True):
        differences = [mine - theirs for mine, theirs in zip(row, base, strict=True)]
        gain = sum(differences) / count
        spread = sum((d - gain) ** 2 for d in differences) / max(count - 1, 1)
        if gain > best_gain and gain > math.sqrt(spread / count):
            best, best_gain = candidate, gain
    return best


def _race(  # noqa: PLR0913, PLR0917 - one race's whole position
    guess: Sequence[int],
    mine: Sequence[int],
    top: int,
    stock: Sequence[int],
    wild: int,
    dead: Sequence[int],
    ace_low: bool,
) -> float:
    """One race (see :meth:`PaiuteExpertBot.race_means`): 1 if ``mine`` calls first, else 0 or 0.5.

    ``guess`` is the other player's five cards, who moves first with ``top`` on the pile;
    ``stock`` is drawn from its end.
    """
    hands = [tuple(guess), tuple(mine)]
    left = len(stock)
    for _ in range(RACE_TURNS):
        for seat in (0, 1):
            hand = hands[seat]
            six = (*hand, top)
            if call_options_indices(six, wild, ace_low, top):
                return float(seat)
            removals: list[int] = list(hand)
            scores = _potentials(six, removals, wild, dead, ace_low=ace_low)
            if max(scores) <= _potentials(hand, [None], wild, dead, ace_low=ace_low)[0]:
                if not left:
                    return 0.5
                left -= 1
                six = (*hand, stock[left])
                if call_options_indices(six, wild, ace_low):
                    return float(seat)
                removals = list(six)
                scores = _potentials(six, removals, wild, dead, ace_low=ace_low)
            top = removals[scores.index(max(scores))]
            hands[seat] = tuple(card for card in six if card != top)
    return 0.5
